"""The replay viewer's frames: a game's events run through the engine, one table per event.

:func:`replay_json` feeds a game's events to :func:`jantaku.engine.apply` (the same
transition live play uses) and records after each event what a spectator with every
hand open sees: hands, drawn tiles, melds, rivers, dora indicators, scores, and the
result of a hand as the engine scored it. :func:`read_record` reads an uploaded record:
Tenhou mjlog XML (plain or gzip), tenhou.net/6 JSON, or mjai JSON lines.

>>> from jantaku.engine import Referee
>>> import random
>>> ref = Referee(seed=2); rng = random.Random(0)
>>> log = ref.play(lambda seat, state, legal: rng.choice(legal))
>>> r = replay_json(log, ref.rules)
>>> len(r["frames"]) == len(log), r["rounds"][0]["frame"]
(True, 1)
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from typing import Any

from jantaku.agents.render import round_name
from jantaku.engine import State, apply, observe
from jantaku.errors import JantakuError, LogFormatError
from jantaku.events import (
    EndGame,
    Event,
    Hora,
    Ryukyoku,
    StartGame,
    StartKyoku,
    event_to_mjai,
)
from jantaku.logs import tenhou
from jantaku.logs.mjai import read_game as read_mjai
from jantaku.rules import Rules
from jantaku.web.aids import win_json
from jantaku.web.protocol import tile_code, view_json

__all__ = ["read_record", "replay_json"]

MAX_RECORD = 8 * 1024 * 1024
"""The largest record the viewer reads, in bytes."""


def read_record(data: bytes, *, limit: int = MAX_RECORD) -> tuple[list[Event], Rules]:
    """The events and rules of an uploaded record (Tenhou XML / JSON, or mjai).

    ``limit`` is the largest record read, in bytes (a gzip record counts compressed
    here: a caller that must bound the inflated size inflates it first, as
    :mod:`jantaku.web.uploads` does). Raises :class:`~jantaku.errors.LogFormatError`
    for anything else.

    >>> events, rules = read_record(b'{"type":"start_game","names":["a","b","c","d"]}')
    >>> type(events[0]).__name__, rules.players
    ('StartGame', 4)
    """
    if len(data) > limit:
        raise LogFormatError(f"a record holds at most {limit} bytes")
    head = data.lstrip()[:1]
    if head == b"{" and b'"type"' in data[:200]:
        try:
            text = data.decode("utf-8")
        except UnicodeDecodeError:
            raise LogFormatError("an mjai log is UTF-8 text") from None
        game = read_mjai(io.StringIO(text))
        if game is None or not game.events:
            raise LogFormatError("no game in this mjai log")
        start = game.header
        rules = Rules.preset("tenhou")
        if start is not None and start.rules:
            try:
                rules = Rules.from_dict(dict(start.rules))
            except JantakuError:
                rules = Rules.preset("tenhou")
        if start is not None and start.players == 3 and rules.players != 3:
            rules = Rules.preset("tenhou-sanma")
        return list(game.events), rules
    game_t = tenhou.read_game(data)
    return list(game_t.events), game_t.rules


def replay_json(events: Sequence[Event], rules: Rules) -> dict[str, Any]:
    """Every frame of a game for the viewer, and where each round starts.

    A record the engine refuses stops at the event it refused (``error`` says why).
    """
    state = State(rules)
    n = rules.players
    frames: list[dict[str, Any]] = []
    rounds: list[dict[str, Any]] = []
    names: list[str] = [f"seat {i}" for i in range(n)]
    error: str | None = None
    for i, e in enumerate(events):
        before = state.copy() if isinstance(e, Hora) else None
        try:
            apply(state, e)
        except JantakuError as err:
            error = f"event {i} ({type(e).__name__}): {err}"
            break
        if isinstance(e, StartGame):
            names = list(e.names)
        frame = _frame(state, e, n)
        if isinstance(e, StartKyoku):
            label = round_name(e.bakaze, e.kyoku, e.honba)
            rounds.append({"frame": i, "label": label})
        if isinstance(e, Hora) and before is not None:
            done = state.results[-1] if state.results else e
            first = len([r for r in state.results if isinstance(r, Hora)]) <= 1
            frame["result"] = win_json(before, done if isinstance(done, Hora) else e, first=first)
        elif isinstance(e, Ryukyoku):
            done_r = state.results[-1] if state.results else e
            if isinstance(done_r, Ryukyoku):
                frame["result"] = {
                    "kind": "ryukyoku",
                    "reason": done_r.reason,
                    "deltas": list(done_r.deltas or ()),
                    "tenpai": list(done_r.tenpai or ()),
                    "tehais": [[tile_code(t) for t in h] for h in done_r.tehais or ()],
                }
        elif isinstance(e, EndGame):
            frame["final"] = {"scores": list(e.scores or ()), "result": list(e.result or ())}
        frames.append(frame)
    return {"names": names, "players": n, "frames": frames, "rounds": rounds, "error": error}


def _frame(state: State, e: Event, n: int) -> dict[str, Any]:
    views = [view_json(observe(state, s)) for s in range(n)]
    table = views[0]
    table["hands"] = [v["hand"] for v in views]
    table["drawns"] = [v["drawn"] for v in views]
    del table["hand"], table["drawn"]
    table["event"] = event_to_mjai(e)
    return table
