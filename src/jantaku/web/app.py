"""The web table's ASGI application: the page, the lobby's API, the replay viewer and one
websocket per seat.

:func:`create_app` builds a Starlette app over one store file. Routes:

- ``GET /`` (and ``/table/ID``, ``/replay/ID``, ``/replay``): the page (plain HTML, CSS
  and JS under ``/static``; the tile faces under ``/static/tiles/CODE.svg``);
- ``GET /api/options``: presets, bots, lengths for the lobby;
- ``POST /api/matches``: a new match (JSON: ``preset``, ``length``, ``seats``,
  ``names``, ``seed``, ``timer``, ``pace``) → its id and a link per person's seat;
- ``GET /api/matches``: past and live matches with their placements;
- ``GET /api/matches/ID/replay`` and ``/tenhou6``: a finished match for the viewer, or
  as tenhou.net/6 JSON (a match still in play is not shown: its hands are secret);
- ``POST /api/replay``: an uploaded record (Tenhou XML or JSON, mjai) for the viewer;
- ``WS /ws/ID?token=T``: the seat the token opens (see ``PROTOCOL.md``).

Other apps mount beside it (``app.mount("/keep", other)``): every route of this one
is listed in ``app.routes``.

>>> app = create_app(":memory:")
>>> sorted({r.path for r in app.routes})[:3]
['/', '/api/matches', '/api/matches/{match_id}/replay']
"""

from __future__ import annotations

import contextlib
import os
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from jantaku.agents import BOTS
from jantaku.errors import JantakuError
from jantaku.keep.api import create_keep_app
from jantaku.logs.tenhou import to_tenhou6
from jantaku.rules import PRESETS
from jantaku.store import default_path
from jantaku.web.protocol import Act, Ping, ProtocolError, Settings, error_json
from jantaku.web.protocol import parse_client_message as parse_message
from jantaku.web.replay import MAX_RECORD, read_record, replay_json
from jantaku.web.store import WebStore
from jantaku.web.tables import Setup, Tables, Walls, rules_of
from jantaku.web.tiles import placeholder_svg

__all__ = ["STATIC", "create_app"]

STATIC = Path(__file__).parent / "static"
"""The page's files."""


def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


def create_app(
    db_path: str | os.PathLike[str] | None = None,
    *,
    allow_mjai: bool = True,
    walls: Walls | None = None,
    static_dir: str | os.PathLike[str] | None = None,
) -> Starlette:
    """The table's app over the store at ``db_path`` (``None``: the default file).

    ``allow_mjai`` lets the lobby seat external bots (a command run on this machine:
    leave it on only for a server that listens on the loopback); ``walls`` gives every
    new table scripted walls (tests); ``static_dir`` serves the page from elsewhere.
    """
    store = WebStore(db_path)
    tables = Tables(store, allow_mjai=allow_mjai, walls=walls)
    static = Path(static_dir) if static_dir is not None else STATIC

    async def page(request: Request) -> Response:
        return FileResponse(static / "index.html", headers={"Cache-Control": "no-cache"})

    async def tile(request: Request) -> Response:
        name = request.path_params["name"]
        path = static / "tiles" / name
        if path.is_file() and path.parent == static / "tiles":
            return FileResponse(path)
        svg = placeholder_svg(name.removesuffix(".svg"))
        if svg is None:
            return _error(404, f"no tile {name!r}")
        return Response(svg, media_type="image/svg+xml")

    async def options(request: Request) -> Response:
        presets = [
            {"name": name, "players": rules.players, "length": rules.length.value}
            for name, rules in PRESETS.items()
        ]
        return JSONResponse(
            {
                "presets": presets,
                "bots": list(BOTS),
                "mjai": allow_mjai,
                "lengths": ["east_only", "east_south"],
            }
        )

    async def new_match(request: Request) -> Response:
        try:
            body = await request.json()
        except ValueError:
            return _error(400, "the body is a JSON object")
        if not isinstance(body, dict):
            return _error(400, "the body is a JSON object")
        try:
            preset = str(body.get("preset", "tenhou"))
            rules = rules_of(preset, str(body.get("length") or PRESETS[preset].length.value))
            seats = body.get("seats") or ["human"] + ["efficiency"] * (rules.players - 1)
            names = body.get("names") or []
            seed = body.get("seed")
            timer = body.get("timer", 0)
            pace = body.get("pace", 0)
            if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
                raise ProtocolError("malformed", "seats is a list of 'human' or bot names")
            if not isinstance(names, list) or not all(isinstance(s, str) for s in names):
                raise ProtocolError("malformed", "names is a list of strings")
            if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
                raise ProtocolError("malformed", "the seed is a whole number")
            if not isinstance(timer, int) or isinstance(timer, bool):
                raise ProtocolError("malformed", "the timer is a whole number of seconds")
            if not isinstance(pace, int) or isinstance(pace, bool):
                raise ProtocolError("malformed", "the pace is a whole number of milliseconds")
            setup = Setup(
                preset=preset,
                length=rules.length.value,
                seats=tuple(seats),
                names=tuple(names),
                seed=seed,
                timer=timer,
                pace=pace,
            )
            record = tables.create(setup)
        except KeyError:
            return _error(400, f"unknown preset {body.get('preset')!r}")
        except (ProtocolError, JantakuError) as e:
            return _error(400, str(e))
        links = [
            {"seat": seat, "token": token, "url": f"/table/{record.id}?token={token}"}
            for token, seat in zip(record.tokens, record.token_seats, strict=True)
        ]
        return JSONResponse({"id": record.id, "players": record.players, "links": links})

    async def list_matches(request: Request) -> Response:
        out: list[dict[str, Any]] = []
        for m in store.matches():
            out.append(
                {
                    "id": m.id,
                    "created": m.created,
                    "preset": m.preset,
                    "length": m.length,
                    "names": list(m.names),
                    "seats": list(m.seats),
                    "status": m.status,
                    "final": m.final,
                    # the seed shapes the walls: shown only once the match is over
                    "seed": m.seed if m.status != "playing" else None,
                }
            )
        return JSONResponse({"matches": out})

    def finished(match_id: str) -> tuple[Any, Response | None]:
        record = store.match(match_id)
        if record is None:
            return None, _error(404, "no such match")
        if record.status == "playing":
            return None, _error(403, "the match is still being played")
        return record, None

    async def match_replay(request: Request) -> Response:
        record, err = finished(request.path_params["match_id"])
        if err is not None:
            return err
        events = store.events(record.id)
        data = replay_json(events, rules_of(record.preset, record.length))
        data["id"] = record.id
        data["tenhou6"] = f"/api/matches/{record.id}/tenhou6"
        return JSONResponse(data)

    async def match_tenhou6(request: Request) -> Response:
        record, err = finished(request.path_params["match_id"])
        if err is not None:
            return err
        try:
            data = to_tenhou6(store.events(record.id))
        except JantakuError as e:
            return _error(422, str(e))
        return JSONResponse(
            data,
            headers={"Content-Disposition": f'attachment; filename="jantaku-{record.id}.json"'},
        )

    async def upload(request: Request) -> Response:
        body = b""
        async for chunk in request.stream():
            body += chunk
            if len(body) > MAX_RECORD:
                return _error(413, f"a record holds at most {MAX_RECORD} bytes")
        try:
            events, rules = read_record(body)
            data = replay_json(events, rules)
        except JantakuError as e:
            return _error(400, str(e))
        except (ValueError, KeyError, IndexError, TypeError) as e:  # a record beyond reading
            return _error(400, f"cannot read this record ({type(e).__name__})")
        try:
            data["tenhou6_json"] = to_tenhou6(events)
        except JantakuError:
            data["tenhou6_json"] = None
        return JSONResponse(data)

    async def seat_socket(ws: WebSocket) -> None:
        match_id = ws.path_params["match_id"]
        token = ws.query_params.get("token", "")
        await ws.accept()
        seat = store.seat_of_token(match_id, token) if token else None
        table = tables.get(match_id) if seat is not None else None
        if seat is None or table is None:
            await ws.send_json(error_json("forbidden", "no such match or seat token"))
            await ws.close(code=4403)
            return
        client = await table.join(seat, ws)
        try:
            while True:
                frame = await ws.receive()
                if frame["type"] == "websocket.disconnect":
                    break
                text = frame.get("text")
                if text is None:  # a binary frame: read as UTF-8 text, refused if it is not
                    text = (frame.get("bytes") or b"").decode("utf-8", "replace")
                try:
                    message = parse_message(text)
                    if isinstance(message, Ping):
                        await ws.send_json({"type": "pong"})
                    elif isinstance(message, Settings):
                        table.set_prefs(seat, message.values)
                        await ws.send_json(table.message_for(seat))
                    elif isinstance(message, Act):
                        table.act(seat, message)
                except ProtocolError as e:
                    await ws.send_json(error_json(e.code, e.message))
        except WebSocketDisconnect:
            pass
        finally:
            table.leave(seat, client)
            tables.release(match_id)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        try:
            yield
        finally:
            await tables.close()
            store.close()

    routes = [
        Route("/", page),
        Route("/table/{match_id}", page),
        Route("/replay", page),
        Route("/replay/{match_id}", page),
        Route("/api/options", options),
        Route("/api/matches", new_match, methods=["POST"]),
        Route("/api/matches", list_matches, methods=["GET"]),
        Route("/api/matches/{match_id}/replay", match_replay),
        Route("/api/matches/{match_id}/tenhou6", match_tenhou6),
        Route("/api/replay", upload, methods=["POST"]),
        Route("/static/tiles/{name}", tile),
        Mount("/static", StaticFiles(directory=static), name="static"),
        WebSocketRoute("/ws/{match_id}", seat_socket),
        # the scorekeeper for real tables, on the same store (its page links relatively)
        Route("/keep", lambda request: RedirectResponse("/keep/", status_code=308)),
        Mount("/keep", create_keep_app(db_path if db_path is not None else default_path())),
    ]
    app = Starlette(routes=routes, lifespan=lifespan)
    app.state.store = store
    app.state.tables = tables
    return app
