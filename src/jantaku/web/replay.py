"""The replay viewer's frames: a game's events run through the engine, one table per event.

:func:`replay_json` feeds a game's events to :func:`jantaku.engine.apply` (the same
transition live play uses) and records after each event what a spectator with every
hand open sees: hands, drawn tiles, melds, rivers, dora indicators, scores, and the
result of a hand as the engine scored it. :func:`read_record` reads an uploaded record:
Tenhou mjlog XML (plain or gzip), tenhou.net/6 JSON, or mjai JSON lines.

A Tenhou record with the seed of its walls (``SHUFFLE``; :func:`read_record` keeps it in
``start_game`` as ``extra["shuffle"]``) also shows its walls
(:mod:`jantaku.logs.tenhou_wall`): each round's entry holds its ``wall`` — the live wall
in drawing order, the replacement tiles, the dora and ura indicators (tile codes) and
the dice — and each frame of the round how far the game has taken from it
(``wall``: live tiles drawn, replacement tiles drawn, indicators turned, and the seat
that draws the next live tile if nobody calls).

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
from collections.abc import Iterator, Sequence
from dataclasses import replace
from typing import Any, cast

from jantaku.agents.render import round_name
from jantaku.engine import State, apply, observe
from jantaku.errors import JantakuError, LogFormatError
from jantaku.events import (
    Ankan,
    Chi,
    Dahai,
    Daiminkan,
    EndGame,
    Event,
    Hora,
    Kakan,
    Nukidora,
    Pon,
    Ryukyoku,
    StartGame,
    StartKyoku,
    Tsumo,
    event_to_mjai,
)
from jantaku.logs import tenhou
from jantaku.logs.mjai import read_game as read_mjai
from jantaku.logs.tenhou_wall import SEED_PREFIX, TenhouWall, tenhou_walls
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
    events_t = list(game_t.events)
    first = events_t[0] if events_t else None
    if game_t.shuffle.startswith(SEED_PREFIX) and isinstance(first, StartGame):
        events_t[0] = replace(first, extra={**(first.extra or {}), "shuffle": game_t.shuffle})
    return events_t, game_t.rules


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
    walls = _walls_of(events, n)
    taken = _Taken(n)
    for i, e in enumerate(events):
        kind = e.kind  # each kind is one class (see Event.kind): the casts below are exact
        before = state.copy() if kind == "hora" else None
        try:
            apply(state, e)
        except JantakuError as err:
            error = f"event {i} ({type(e).__name__}): {err}"
            break
        if kind == "start_game":
            names = list(cast(StartGame, e).names)
        frame = _frame(state, e, n)
        if kind == "start_kyoku":
            start = cast(StartKyoku, e)
            label = round_name(start.bakaze, start.kyoku, start.honba)
            rounds.append({"frame": i, "label": label})
            if walls is not None:
                rounds[-1]["wall"] = _wall_json(next(walls), start.oya, any(rules.red_fives))
        if walls is not None and rounds:
            frame["wall"] = taken.after(e)
        if kind == "hora" and before is not None:
            win = cast(Hora, e)
            done = state.results[-1] if state.results else win
            first = len([r for r in state.results if isinstance(r, Hora)]) <= 1
            frame["result"] = win_json(before, done if isinstance(done, Hora) else win, first=first)
        elif kind == "ryukyoku":
            done_r = state.results[-1] if state.results else e
            if isinstance(done_r, Ryukyoku):
                frame["result"] = {
                    "kind": "ryukyoku",
                    "reason": done_r.reason,
                    "deltas": list(done_r.deltas or ()),
                    "tenpai": list(done_r.tenpai or ()),
                    "tehais": [[tile_code(t) for t in h] for h in done_r.tehais or ()],
                }
        elif kind == "end_game":
            end = cast(EndGame, e)
            frame["final"] = {"scores": list(end.scores or ()), "result": list(end.result or ())}
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


def _walls_of(events: Sequence[Event], players: int) -> Iterator[TenhouWall] | None:
    """The walls of a game whose ``start_game`` keeps a Tenhou seed, else ``None``."""
    first = events[0] if events else None
    if not isinstance(first, StartGame) or not first.extra:
        return None
    seed = first.extra.get("shuffle")
    if not isinstance(seed, str) or not seed.startswith(SEED_PREFIX):
        return None
    try:
        return tenhou_walls(seed, players)
    except JantakuError:  # a seed that cannot be read: no walls to show
        return None


def _wall_json(wall: TenhouWall, oya: int, red: bool) -> dict[str, Any]:
    """A round's wall for the viewer: tile codes of each part, in order, and the dice."""

    def codes(ids: Sequence[int]) -> list[str]:
        return [tile_code(t) for t in wall.tiles(ids, red=red)]

    return {
        "live": codes(wall.live),
        "rinshan": codes(wall.rinshan),
        "dora": codes(wall.dora_indicators),
        "ura": codes(wall.ura_indicators),
        "dice": list(wall.dice),
    }


class _Taken:
    """How far a round has taken from its wall, event by event: live tiles drawn,
    replacement tiles drawn, indicators turned, and the seat to draw the next live tile
    if nobody calls (the seat after the last to act)."""

    __slots__ = ("drawn", "n", "next", "replacing", "turned", "used")

    def __init__(self, players: int) -> None:
        self.n = players
        self.drawn = self.used = 0
        self.turned = 1
        self.next = 0
        self.replacing = -1

    def after(self, e: Event) -> list[int]:
        """The counts once ``e`` is applied: ``[drawn, used, turned, next]``."""
        match e.kind:  # each kind is one class (see Event.kind): the casts are exact
            case "start_kyoku":
                self.drawn = self.used = 0
                self.turned = 1
                self.next = cast(StartKyoku, e).oya
                self.replacing = -1
            case "tsumo":
                actor = cast(Tsumo, e).actor
                if actor == self.replacing:
                    self.used += 1
                    self.replacing = -1
                else:
                    self.drawn += 1
                self.next = (actor + 1) % self.n
            case "ankan" | "daiminkan" | "kakan" | "kita":
                self.replacing = cast("Ankan | Daiminkan | Kakan | Nukidora", e).actor
                self.next = (self.replacing + 1) % self.n
            case "dahai" | "chi" | "pon":
                self.next = (cast("Dahai | Chi | Pon", e).actor + 1) % self.n
            case "dora":
                self.turned += 1
        return [self.drawn, self.used, self.turned, self.next]
