"""The web table's ASGI application: the page, the lobby's API, the replay viewer and one
websocket per seat.

:func:`create_app` builds a Starlette app over one store file. Routes:

- ``GET /`` (and ``/table/ID``, ``/replay/ID``, ``/replay``): the page (plain HTML, CSS
  and JS under ``/static``; the tile faces under ``/static/tiles/CODE.svg``);
- ``GET /api/options``: presets, bots, lengths for the lobby, the yaku's names;
- ``POST /api/matches``: a new match (JSON: ``preset``, ``length``, ``seats``,
  ``names``, ``seed``, ``timer``, ``bank``, ``pace``) → its id, a link per person's seat
  and a spectator's link;
- ``GET /api/matches``: past and live matches with their placements;
- ``GET /api/matches/ID/replay`` and ``/tenhou6``: a finished match for the viewer, or
  as tenhou.net/6 JSON (a match still in play is not shown: its hands are secret);
- ``POST /api/replay``: an uploaded record (Tenhou XML or JSON, mjai) for the viewer,
  read and replayed in a worker process within set bounds (:mod:`jantaku.web.uploads`);
- ``WS /ws/ID``: the seat whose token the first message names, or a spectator (see
  ``PROTOCOL.md``).

Every request passes :class:`~jantaku.web.security.Guard` and Starlette's
``TrustedHostMiddleware`` first: only the names of ``hosts`` (the loopback's by
default), changes only from the page's own origin as JSON, bodies and message rates
bounded by :class:`~jantaku.web.security.ServerLimits`. External mjai bots are only the
ones the operator named (``mjai_bots``: name → command line); a request names a bot,
never a command.

Other apps mount beside it (``app.mount("/keep", other)``): every route of this one
is listed in ``app.routes``.

>>> app = create_app(":memory:")
>>> paths = {r.path for r in app.router.routes}
>>> sorted(p for p in paths if p.startswith("/api/matches"))[:2]
['/api/matches', '/api/matches/{match_id}/replay']
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
from collections import Counter
from collections.abc import AsyncIterator, Mapping, Sequence
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Mount, Route, WebSocketRoute
from starlette.staticfiles import StaticFiles
from starlette.websockets import WebSocket, WebSocketDisconnect

from jantaku.agents import BOTS
from jantaku.errors import JantakuError
from jantaku.keep.api import create_keep_app
from jantaku.learn.progress import LearnStore
from jantaku.logs.tenhou import to_tenhou6
from jantaku.rules import PRESETS
from jantaku.scoring.yaku import YAKU
from jantaku.store import default_path
from jantaku.web.learn import learn_routes
from jantaku.web.protocol import Act, Hello, Ping, ProtocolError, Ready, Settings, error_json
from jantaku.web.protocol import parse_client_message as parse_message
from jantaku.web.replay import replay_json
from jantaku.web.security import LOOPBACK_HOSTS, Guard, RateLimiter, ServerLimits, TokenBucket
from jantaku.web.store import SPECTATOR, WebStore
from jantaku.web.tables import Setup, Table, Tables, Walls, rules_of
from jantaku.web.tiles import placeholder_svg
from jantaku.web.uploads import UploadLimits, UploadPool, UploadRefused

__all__ = ["STATIC", "create_app"]

log = logging.getLogger("jantaku.web")

STATIC = Path(__file__).parent / "static"
"""The page's files."""


def _error(status: int, code: str, message: str) -> JSONResponse:
    """An HTTP error: the English ``message`` and its ``code`` (one of ``ERROR_CODES``)."""
    return JSONResponse({"error": message, "code": code}, status_code=status)


def create_app(
    db_path: str | os.PathLike[str] | None = None,
    *,
    mjai_bots: Mapping[str, str] | None = None,
    hosts: Sequence[str] = LOOPBACK_HOSTS,
    limits: ServerLimits | None = None,
    upload_limits: UploadLimits | None = None,
    allow_empty_db: bool = False,
    walls: Walls | None = None,
    static_dir: str | os.PathLike[str] | None = None,
) -> Starlette:
    """The table's app over the store at ``db_path`` (``None``: the default file).

    ``mjai_bots`` names the external bots the lobby offers (name → the command line that
    starts one; the operator's, never a request's); ``hosts`` the names the server
    answers to (``Host``; see :func:`~jantaku.web.security.allowed_hosts`); ``limits``
    and ``upload_limits`` its bounds; ``allow_empty_db`` takes an existing empty file as
    a new store (otherwise refused, as a damaged one is); ``walls`` gives every new table
    scripted walls (tests); ``static_dir`` serves the page from elsewhere.
    """
    limits = limits if limits is not None else ServerLimits()
    bots = dict(mjai_bots or {})
    store = WebStore(db_path, allow_empty=allow_empty_db)
    tables = Tables(store, mjai_bots=bots, walls=walls, idle_seconds=limits.idle_seconds)
    uploads = UploadPool(
        upload_limits if upload_limits is not None else UploadLimits(body_bytes=limits.upload_bytes)
    )
    static = Path(static_dir) if static_dir is not None else STATIC
    creations = RateLimiter(limits.matches_per_minute / 60, limits.match_burst)
    sockets_of: Counter[str] = Counter()  # open websockets by client address
    # the open connections of each seat, oldest first, with their place at the table
    seat_sockets: dict[tuple[str, int], list[tuple[WebSocket, Any]]] = {}

    async def page(request: Request) -> Response:
        return FileResponse(static / "index.html", headers={"Cache-Control": "no-cache"})

    async def tile(request: Request) -> Response:
        name = request.path_params["name"]
        path = static / "tiles" / name
        if path.is_file() and path.parent == static / "tiles":
            return FileResponse(path)
        svg = placeholder_svg(name.removesuffix(".svg"))
        if svg is None:
            return _error(404, "no_tile", f"no tile {name!r}")
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
                "mjai": sorted(bots),
                "lengths": ["east_only", "east_south"],
                # each yaku's names, for the page's two languages: [id, romaji, kanji]
                "yaku": [[y.id, y.romaji, y.kanji] for y in YAKU],
            }
        )

    async def new_match(request: Request) -> Response:
        address = request.client.host if request.client is not None else ""
        if not creations.take(address):
            return _error(
                429, "too_many_matches", "too many new matches from this address: wait a minute"
            )
        try:
            body = await request.json()
        except (ValueError, RecursionError):
            return _error(400, "malformed", "the body is a JSON object")
        if not isinstance(body, dict):
            return _error(400, "malformed", "the body is a JSON object")
        try:
            preset = str(body.get("preset", "tenhou"))
            if preset not in PRESETS:
                return _error(400, "unknown_preset", f"unknown preset {preset!r}")
            rules = rules_of(preset, str(body.get("length") or PRESETS[preset].length.value))
            seats = body.get("seats") or ["human"] + ["efficiency"] * (rules.players - 1)
            names = body.get("names") or []
            seed = body.get("seed")
            timer = body.get("timer", 0)
            bank = body.get("bank", 0)
            pace = body.get("pace", 0)
            if not isinstance(seats, list) or not all(isinstance(s, str) for s in seats):
                raise ProtocolError("malformed", "seats is a list of 'human' or bot names")
            if not isinstance(names, list) or not all(isinstance(s, str) for s in names):
                raise ProtocolError("malformed", "names is a list of strings")
            if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool)):
                raise ProtocolError("malformed", "the seed is a whole number")
            if not isinstance(timer, int) or isinstance(timer, bool):
                raise ProtocolError("malformed", "the timer is a whole number of seconds")
            if not isinstance(bank, int) or isinstance(bank, bool):
                raise ProtocolError("malformed", "the time bank is a whole number of seconds")
            if not isinstance(pace, int) or isinstance(pace, bool):
                raise ProtocolError("malformed", "the pace is a whole number of milliseconds")
            setup = Setup(
                preset=preset,
                length=rules.length.value,
                seats=tuple(seats),
                names=tuple(names),
                seed=seed,
                timer=timer,
                bank=bank,
                pace=pace,
            )
            record = tables.create(setup)
        except KeyError:
            return _error(400, "unknown_preset", f"unknown preset {body.get('preset')!r}")
        except JantakuError as e:  # a ProtocolError too: to a person, a setup to change
            return _error(400, "bad_setup", str(e))
        links = [
            {"seat": seat, "token": token, "url": f"/table/{record.id}#token={token}"}
            for token, seat in zip(record.tokens, record.token_seats, strict=True)
        ]
        watch = record.spectator
        spectator = {"token": watch, "url": f"/table/{record.id}#watch={watch}"} if watch else None
        return JSONResponse(
            {"id": record.id, "players": record.players, "links": links, "spectator": spectator}
        )

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
            return None, _error(404, "no_match", "no such match")
        if record.status == "playing":
            return None, _error(403, "still_playing", "the match is still being played")
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
            return _error(422, "not_exportable", str(e))
        return JSONResponse(
            data,
            headers={"Content-Disposition": f'attachment; filename="jantaku-{record.id}.json"'},
        )

    async def upload(request: Request) -> Response:
        try:
            body = await request.body()
            if "gzip" in request.headers.get("accept-encoding", ""):  # a hanchan: 7 MB → 0.3 MB
                answer = await uploads.replay_bytes(body, compressed=True)
                headers = {"content-encoding": "gzip", "vary": "accept-encoding"}
                return Response(answer, media_type="application/json", headers=headers)
            return Response(await uploads.replay_bytes(body), media_type="application/json")
        except UploadRefused as e:
            return _error(e.status, e.code, e.reason)

    async def hello(ws: WebSocket) -> str | None:
        """The seat token of a connection's first message, or ``None`` (it was told why)."""
        try:
            frame = await asyncio.wait_for(ws.receive(), limits.head_seconds)
        except TimeoutError:
            frame = {}
        text = frame.get("text")
        if text is None and frame.get("bytes") is not None:
            text = bytes(frame["bytes"]).decode("utf-8", "replace")
        if frame.get("type") == "websocket.disconnect":
            return None
        try:
            message = parse_message(text or "")
        except ProtocolError as e:
            await ws.send_json(error_json(e.code, e.message))
            return None
        if not isinstance(message, Hello):
            await ws.send_json(error_json("forbidden", "the first message is a hello with a token"))
            return None
        return message.token

    async def seat_socket(ws: WebSocket) -> None:
        match_id = ws.path_params["match_id"]
        address = ws.client.host if ws.client is not None else ""
        if sockets_of[address] >= limits.sockets_per_address:
            await ws.close(code=1013, reason="too many connections from this address")
            return
        sockets_of[address] += 1
        try:
            await ws.accept()
            await serve_seat(ws, match_id)
        finally:
            sockets_of[address] -= 1
            if sockets_of[address] <= 0:
                del sockets_of[address]

    async def serve_seat(ws: WebSocket, match_id: str) -> None:
        token = await hello(ws)
        if token is None:
            with contextlib.suppress(Exception):
                await ws.close(code=4403)
            return
        seat = store.seat_of_token(match_id, token)
        table = tables.get(match_id) if seat is not None else None
        if seat is None or table is None:
            await ws.send_json(error_json("forbidden", "no such match or seat token"))
            await ws.close(code=4403)
            return
        if seat == SPECTATOR:
            await serve_spectator(ws, table)
            return
        others = seat_sockets.setdefault((match_id, seat), [])
        while len(others) >= limits.sockets_per_seat:  # the oldest window gives way
            oldest, oldest_client = others.pop(0)
            table.leave(seat, oldest_client)
            with contextlib.suppress(Exception):
                await oldest.send_json(error_json("busy", "this seat was opened elsewhere"))
                await oldest.close(code=4409)
        bucket = TokenBucket(limits.messages_per_second, limits.message_burst)
        client = await table.join(seat, ws)
        mine = (ws, client)
        others.append(mine)
        try:
            while True:
                frame = await ws.receive()
                if frame["type"] == "websocket.disconnect":
                    break
                text = frame.get("text")
                if text is None:  # a binary frame: read as UTF-8 text, refused if it is not
                    text = (frame.get("bytes") or b"").decode("utf-8", "replace")
                answered = False  # an answer the table asked for costs the socket nothing
                try:
                    message = parse_message(text)
                    if isinstance(message, Ping):
                        await ws.send_json({"type": "pong"})
                    elif isinstance(message, Settings):
                        table.set_prefs(seat, message.values)
                        await table.send_state(seat, client)
                    elif isinstance(message, Act):
                        table.act(seat, message)
                        answered = True
                    elif isinstance(message, Ready):
                        table.ready(seat)
                    elif isinstance(message, Hello):
                        raise ProtocolError("malformed", "this connection has its seat already")
                except ProtocolError as e:
                    await ws.send_json(error_json(e.code, e.message))
                if not answered and not bucket.take():
                    await ws.send_json(
                        error_json("rate_limited", "too many messages: this connection closes")
                    )
                    await ws.close(code=1008)
                    break
        except (WebSocketDisconnect, RuntimeError):  # closed under us
            pass
        finally:
            with contextlib.suppress(ValueError):
                others.remove(mine)
            if not others:
                seat_sockets.pop((match_id, seat), None)
            table.leave(seat, client)
            tables.release(match_id)

    async def serve_spectator(ws: WebSocket, table: Table) -> None:
        """A spectator: sent the table as it changes (no concealed tile); it may ping."""
        bucket = TokenBucket(limits.messages_per_second, limits.message_burst)
        client = await table.watch(ws)
        try:
            while True:
                frame = await ws.receive()
                if frame["type"] == "websocket.disconnect":
                    break
                try:
                    message = parse_message(frame.get("text") or "")
                    if not isinstance(message, Ping):
                        raise ProtocolError("forbidden", "a spectator watches: it cannot play")
                    await ws.send_json({"type": "pong"})
                except ProtocolError as e:
                    await ws.send_json(error_json(e.code, e.message))
                if not bucket.take():
                    await ws.send_json(
                        error_json("rate_limited", "too many messages: this connection closes")
                    )
                    await ws.close(code=1008)
                    break
        except (WebSocketDisconnect, RuntimeError):  # closed under us
            pass
        finally:
            table.unwatch(client)

    # the scorekeeper for real tables, on the same store (its page links relatively)
    keep = create_keep_app(db_path if db_path is not None else default_path())
    learn = LearnStore(db_path)  # the drills' answers, on the same store

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        try:
            yield
        finally:
            await tables.close()
            uploads.close()
            keep.state.keep_store.close()
            learn.close()
            store.close()

    routes = [
        Route("/", page),
        Route("/table/{match_id}", page),
        Route("/replay", page),
        Route("/replay/{match_id}", page),
        *learn_routes(learn, store, static),
        Route("/api/options", options),
        Route("/api/matches", new_match, methods=["POST"]),
        Route("/api/matches", list_matches, methods=["GET"]),
        Route("/api/matches/{match_id}/replay", match_replay),
        Route("/api/matches/{match_id}/tenhou6", match_tenhou6),
        Route("/api/replay", upload, methods=["POST"]),
        Route("/static/tiles/{name}", tile),
        Mount("/static", StaticFiles(directory=static), name="static"),
        WebSocketRoute("/ws/{match_id}", seat_socket),
        Route("/keep", lambda request: RedirectResponse("/keep/", status_code=308)),
        Mount("/keep", keep),
    ]
    middleware = [
        Middleware(TrustedHostMiddleware, allowed_hosts=list(hosts), www_redirect=False),
        Middleware(Guard, limits=limits, upload_paths=("/api/replay",)),
    ]
    app = Starlette(routes=routes, middleware=middleware, lifespan=lifespan)
    app.state.store = store
    app.state.tables = tables
    return app
