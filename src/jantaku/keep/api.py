"""The scorekeeper's JSON HTTP API and its phone page, as one Starlette app.

:func:`create_keep_app` serves, relative to where it is mounted (``/keep`` on the
table's server):

- ``GET /`` the page (``static/index.html``; plain HTML, CSS and JS, works offline);
- ``GET /api/presets`` the rules presets: their number of players, start and return
  points, uma and a one-line ``summary`` of what the table plays;
- ``GET /api/matches`` (``?series=KEY``) and ``POST /api/matches`` with ``names``,
  ``rules`` (a preset name), optionally the table's own ``start_points``,
  ``return_points`` and ``uma`` (in points, see :func:`~jantaku.keep.model.table_rules`),
  ``first_dealer`` or ``roll`` (the two dice totals of G1) or ``dice: true`` (rolled
  here), and ``series`` (a series' key);
- ``GET /api/matches/{key}`` the match: names, entries, ledger and point sticks;
- ``POST /api/matches/{key}/hands`` a hand (the fields of :class:`~jantaku.keep.Hand`),
  ``PUT`` / ``DELETE /api/matches/{key}/hands/{n}`` (0-based) to edit or delete one,
  ``POST /api/matches/{key}/undo``;
- ``GET /api/matches/{key}/export.csv`` and ``/export.tenhou6.json``;
- ``GET /api/breakdown?han=3&fu=30&dealer=1&rules=tenhou`` what a hand pays (003's steps);
- ``GET`` / ``POST /api/series`` and ``GET /api/series/{key}`` (cumulative results).

A match and a series are named here only by their random keys (the ``id`` of every
answer; see :mod:`jantaku.keep.store`), never by their row numbers: an integer in a
path is an unknown match. Every refused request answers 400 with ``{"error": message}``
(the typed error's message), an unknown match or series 404.

The app itself checks neither the ``Host`` nor the origin of a request: the table's
server mounts it behind its own :class:`~jantaku.web.security.Guard`, and
:func:`guarded_keep_app` gives ``jantaku keep serve`` the same protection. Needs the
``web`` extra (Starlette).
"""

from __future__ import annotations

import json
import os
import random
import threading
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.middleware import Middleware
from starlette.middleware.trustedhost import TrustedHostMiddleware
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, RedirectResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from jantaku.errors import JantakuError
from jantaku.keep.calculator import breakdown
from jantaku.keep.entries import ABORT_REASONS, LIMITS, Hand, KeepError
from jantaku.keep.export import describe, to_csv, to_tenhou6
from jantaku.keep.model import Match, preset_summary, table_rules
from jantaku.keep.seating import first_dealer_by_dice, roll_dice
from jantaku.keep.stats import player_stats
from jantaku.keep.sticks import deal_for, stick_plan
from jantaku.keep.store import KeepStore
from jantaku.rules import PRESETS, Rules
from jantaku.web.security import LOOPBACK_HOSTS, Guard, ServerLimits

__all__ = ["STATIC", "create_keep_app", "guarded_keep_app", "match_view"]

STATIC = Path(__file__).parent / "static"
"""The page's files."""


class _NotFound(KeepError):
    """No such match or series (answered 404)."""


def match_view(key: str, match: Match, series: str | None = None) -> dict[str, Any]:
    """A match as the page reads it: its key (``id``) and its series' key, names, rules,
    entries, ledger, sticks and hand texts.

    >>> from jantaku.rules import TENHOU
    >>> view = match_view("5f0c", Match.new(TENHOU, "ABCD"))
    >>> view["id"], view["ledger"]["next_hand"], view["holdings"][0]
    ('5f0c', 'East 1', '1×10000 2×5000 4×1000 10×100')
    """
    ledger = match.ledger()
    rules = match.rules
    plan = stick_plan(match)
    held = list(deal_for(rules.start_points, rules.players).players)
    for moves in plan:  # what each player holds now, from the transfers in order
        for t in moves:
            if t.payer is not None:
                held[t.payer] = held[t.payer] - t.handed + t.change
            if t.receiver is not None:
                held[t.receiver] = held[t.receiver] + t.handed - t.change
    return {
        "id": key,
        "series": series,
        "names": list(match.names),
        "rules": rules.name(),
        "rules_label": rules.label(),
        "rules_summary": preset_summary(rules),
        "players": rules.players,
        "options": {
            "multiple_ron": rules.multiple_ron.value,
            "nagashi_mangan": rules.nagashi_mangan,
            "abort_chombo": rules.abort_chombo,
            "minor_foul_deposit": rules.minor_foul_deposit,
            "pao": rules.pao,
            "aborts": [k for k, option in ABORT_REASONS.items() if getattr(rules, option)],
            "limits": list(LIMITS),
        },
        "entries": [h.to_dict() for h in match.entries],
        "texts": [describe(r, match.names) for r in ledger.hands],
        "ledger": ledger.to_dict(),
        "sticks": [[t.to_dict() for t in moves] for moves in plan],
        "holdings": [h.text() if min(h.counts) >= 0 else "-" for h in held],
        "stats": [s.to_dict() for s in player_stats([match])],
    }


def create_keep_app(db_path: str | os.PathLike[str]) -> Starlette:
    """The scorekeeper's app over the store at ``db_path`` (see the module's routes),
    unguarded: mount it behind :class:`~jantaku.web.security.Guard` and Starlette's
    ``TrustedHostMiddleware`` (as the table's server does), or serve
    :func:`guarded_keep_app`."""
    store = KeepStore(db_path)
    lock = threading.Lock()

    def view(mid: int) -> dict[str, Any]:
        try:
            match = store.match(mid)
        except KeepError as e:
            raise _NotFound(str(e)) from None
        series = store.series_of(mid)
        return match_view(
            store.match_key(mid), match, None if series is None else store.series_key(series)
        )

    def series_for_key(key: str) -> int:
        try:
            return store.series_for_key(key)
        except KeepError as e:
            raise _NotFound(str(e)) from None

    async def body(request: Request) -> Any:
        try:
            return json.loads(await request.body() or b"{}")
        except (json.JSONDecodeError, UnicodeDecodeError) as e:
            raise KeepError(f"the request body is not JSON: {e}") from None
        except RecursionError:
            raise KeepError("the request body is JSON nested too deep") from None

    def answer(fn: Any) -> Any:
        async def endpoint(request: Request) -> Response:
            try:
                data = await body(request) if request.method in ("POST", "PUT") else None
                with lock:
                    result = fn(request, data)
            except _NotFound as e:
                return JSONResponse({"error": str(e)}, status_code=404)
            except JantakuError as e:
                return JSONResponse({"error": str(e)}, status_code=400)
            if isinstance(result, Response):
                return result
            return JSONResponse(result)

        return endpoint

    def match_id(request: Request) -> int:
        """The row of the match the path names by its key (404 for any other text)."""
        try:
            return store.match_for_key(request.path_params["match_key"])
        except KeepError as e:
            raise _NotFound(str(e)) from None

    def index(request: Request, data: Any) -> Response:
        return FileResponse(STATIC / "index.html")

    def presets(request: Request, data: Any) -> Any:
        return [
            {
                "name": k,
                "players": r.players,
                "start_points": r.start_points,
                "return_points": r.return_points,
                "uma": list(r.uma),
                "summary": preset_summary(r),
            }
            for k, r in PRESETS.items()
        ]

    def list_matches(request: Request, data: Any) -> Any:
        series = request.query_params.get("series")
        sid = series_for_key(series) if series else None
        return [m.to_dict() for m in store.matches(series=sid)]

    def new_match(request: Request, data: Any) -> Any:
        if not isinstance(data, dict):
            raise KeepError("a new match is a JSON object")
        points = {k: data.get(k) for k in ("start_points", "return_points", "uma")}
        for k, v in points.items():
            if v is not None and not (isinstance(v, int) if k != "uma" else isinstance(v, list)):
                raise KeepError(f"{k} is {'a list of ' if k == 'uma' else 'a '}whole number")
        rules = table_rules(
            str(data.get("rules", "tenhou")),
            start_points=points["start_points"],
            return_points=points["return_points"],
            uma=points["uma"],
        )
        names = data.get("names")
        if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
            raise KeepError("names is a list of the players' names")
        first = data.get("first_dealer", 0)
        rolls = data.get("roll")
        if data.get("dice"):
            rolls = list(roll_dice(random.Random()))
        if rolls is not None:
            if not isinstance(rolls, list) or len(rolls) != 2:
                raise KeepError("roll is the two dice totals")
            first = first_dealer_by_dice((rolls[0], rolls[1]), len(names))
        series = data.get("series")
        if series is not None and not isinstance(series, str):
            raise KeepError("series is a series' id (its key)")
        if not isinstance(first, int):
            raise KeepError("first_dealer is a place in names")
        sid = None if series is None else store.series_for_key(series)
        new_id = store.new_match(rules, names, first_dealer=first, series=sid)
        return {**view(new_id), "roll": rolls}

    def get_match(request: Request, data: Any) -> Any:
        return view(match_id(request))

    def add_hand(request: Request, data: Any) -> Any:
        mid = match_id(request)
        store.add(mid, Hand.from_dict(data))
        return view(mid)

    def hand_index(request: Request) -> int:
        text = request.path_params["index"]
        if not text.isdigit():
            raise KeepError(f"no hand {text!r}")
        return int(text)

    def edit_hand(request: Request, data: Any) -> Any:
        mid = match_id(request)
        store.edit(mid, hand_index(request), Hand.from_dict(data))
        return view(mid)

    def delete_hand(request: Request, data: Any) -> Any:
        mid = match_id(request)
        store.delete(mid, hand_index(request))
        return view(mid)

    def undo(request: Request, data: Any) -> Any:
        mid = match_id(request)
        store.undo(mid)
        return view(mid)

    def export_csv(request: Request, data: Any) -> Response:
        mid = match_id(request)  # the key is known now: a file name of hex digits
        key = request.path_params["match_key"]
        return Response(
            to_csv(store.match(mid)),
            media_type="text/csv; charset=utf-8",
            headers={"Content-Disposition": f'attachment; filename="match-{key}.csv"'},
        )

    def export_tenhou6(request: Request, data: Any) -> Any:
        mid = match_id(request)
        return to_tenhou6(store.match(mid))

    def calc(request: Request, data: Any) -> Any:
        q = request.query_params
        rules = Rules.preset(q.get("rules", "tenhou"))
        try:
            han = int(q.get("han", "0"))
            fu = int(q["fu"]) if q.get("fu") else None
            yakuman = int(q.get("yakuman", "0"))
        except ValueError:
            raise KeepError("han, fu and yakuman are whole numbers") from None
        dealer = q.get("dealer", "0") in ("1", "true")
        tsumo = q.get("tsumo", "0") in ("1", "true")
        return breakdown(
            han, fu, dealer=dealer, rules=rules, yakuman=yakuman, tsumo=tsumo
        ).to_dict()

    def list_series(request: Request, data: Any) -> Any:
        return [s.to_dict() for s in store.series()]

    def new_series(request: Request, data: Any) -> Any:
        name = data.get("name") if isinstance(data, dict) else None
        if not isinstance(name, str):
            raise KeepError("a series needs a name")
        sid = store.new_series(name)
        return {"id": store.series_key(sid), "name": name.strip()}

    def get_series(request: Request, data: Any) -> Any:
        key = request.path_params["series_key"]
        sid = series_for_key(key)
        return {
            "id": key,
            "name": store.series_name(sid),
            "standings": [s.to_dict() for s in store.standings(sid)],
            "stats": [s.to_dict() for s in store.stats(sid)],
            "matches": [m.to_dict() for m in store.matches(series=sid)],
        }

    routes = [
        Route("/", answer(index)),
        Route("/api/presets", answer(presets)),
        Route("/api/matches", answer(list_matches), methods=["GET"]),
        Route("/api/matches", answer(new_match), methods=["POST"]),
        Route("/api/matches/{match_key}", answer(get_match)),
        Route("/api/matches/{match_key}/hands", answer(add_hand), methods=["POST"]),
        Route("/api/matches/{match_key}/hands/{index}", answer(edit_hand), methods=["PUT"]),
        Route("/api/matches/{match_key}/hands/{index}", answer(delete_hand), methods=["DELETE"]),
        Route("/api/matches/{match_key}/undo", answer(undo), methods=["POST"]),
        Route("/api/matches/{match_key}/export.csv", answer(export_csv)),
        Route("/api/matches/{match_key}/export.tenhou6.json", answer(export_tenhou6)),
        Route("/api/breakdown", answer(calc)),
        Route("/api/series", answer(list_series), methods=["GET"]),
        Route("/api/series", answer(new_series), methods=["POST"]),
        Route("/api/series/{series_key}", answer(get_series)),
        Mount("/static", StaticFiles(directory=STATIC), name="keep-static"),
    ]
    app = Starlette(routes=routes)
    app.state.keep_store = store
    return app


def guarded_keep_app(
    db_path: str | os.PathLike[str],
    hosts: Sequence[str] = LOOPBACK_HOSTS,
    limits: ServerLimits | None = None,
) -> Starlette:
    """The scorekeeper alone, as ``jantaku keep serve`` serves it: :func:`create_keep_app`
    at ``/keep`` (``/`` leads there) behind the table's own protection.

    Starlette's ``TrustedHostMiddleware`` answers only to the names of ``hosts`` (see
    :func:`~jantaku.web.security.allowed_hosts`) and :class:`~jantaku.web.security.Guard`
    takes a change only from the page's own origin and as JSON, with bodies bounded by
    ``limits``. The store is ``app.state.keep_store`` (its server closes it when done).
    """
    keep = create_keep_app(db_path)
    routes = [
        Route("/", lambda request: RedirectResponse("/keep/")),
        Route("/keep", lambda request: RedirectResponse("/keep/", status_code=308)),
        Mount("/keep", keep),
    ]
    middleware = [
        Middleware(TrustedHostMiddleware, allowed_hosts=list(hosts), www_redirect=False),
        Middleware(Guard, limits=limits if limits is not None else ServerLimits()),
    ]
    app = Starlette(routes=routes, middleware=middleware)
    app.state.keep_store = keep.state.keep_store
    return app
