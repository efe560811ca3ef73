"""Replay recorded games through the engine and check every result against the record.

A record (Tenhou mjlog XML, tenhou.net/6 JSON, or an mjai log) is read into events and
fed, one by one, through the engine's single transition :func:`jantaku.engine.apply`
under the rules the game was played under. Replay is strict: every draw, discard,
call, kan, riichi, win and draw must be legal in the engine. The replay itself checks
what any record of events says —

- the start of every round: round, dealer, honba, deposits and scores (the engine
  advances the match itself);
- a double ron's wins in turn order from the discarder, the nearest first (it takes the
  honba and deposits);
- every win and drawn hand the record names has a result in the engine —

and a :class:`~jantaku.logs.checks.RecordCheck` checks what the record claims about
each result: :class:`~jantaku.logs.checks.LogCheck` the payments and final scores the
events carry (an mjai log), :class:`~jantaku.logs.tenhou_check.TenhouCheck` a Tenhou
record's results to the point (winner, hand, payments, han, fu, value, yaku, each dora
count; draws; ``owari``). A Tenhou record with the seed of its walls is also checked
against them (:mod:`~jantaku.logs.tenhou_wall_check`): the deal, every draw and
replacement draw, every dora and ura indicator must be its wall's.

The first disagreement stops the game and is reported as a :class:`Divergence`:
the round, the number of the event in the game, what the record says and what we
computed. A disconnection in a Tenhou record is not a divergence (Tenhou plays on for
the absent seat, and the moves are in the record like any others).

>>> from jantaku.logs.tenhou import read_xml
>>> xml = ('<mjloggm ver="2.3"><GO type="169"/><TAIKYOKU oya="0"/>'
...     '<INIT seed="0,0,0,1,1,52" ten="250,250,250,250" oya="0" '
...     'hai0="0,4,32,36,68,72,104,108,112,116,120,124,128" '
...     'hai1="1,2,3,5,6,7,9,10,11,13,14,15,17" hai2="37,38,39,40,41,42,43,44,45,46,47,48,49" '
...     'hai3="73,74,75,76,77,78,79,80,81,82,83,84,85"/><T132/>'
...     '<RYUUKYOKU type="yao9" ba="0,0" sc="250,0,250,0,250,0,250,0" '
...     'hai0="0,4,32,36,68,72,104,108,112,116,120,124,128,132"/></mjloggm>')
>>> print(replay_game(read_xml(xml, ref="nine-terminals")).line())
nine-terminals: ok (1 round, cut short)
>>> eight = xml.replace("108,112,116,120,124", "20,24,28,56,60")  # eight kinds only
>>> print(replay_game(read_xml(eight, ref="bad")).line())
bad: diverged: E1-0 event 3: illegal: seat 0 declared a draw: nine terminals and honors \
(kyuushu kyuuhai), but fewer than nine different terminals and honors
"""

from __future__ import annotations

import gzip
import json
import zlib
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, replace
from itertools import pairwise
from pathlib import Path
from typing import Any, Final, cast

from jantaku.errors import ArgumentTypeError, IllegalActionError, JantakuError, LogFormatError
from jantaku.events import (
    EndGame,
    Event,
    Hora,
    Ryukyoku,
    StartKyoku,
)
from jantaku.logs.checks import LogCheck, Mismatch, RecordCheck
from jantaku.logs.tenhou import TenhouGame, read_game
from jantaku.logs.tenhou_check import TenhouCheck
from jantaku.logs.tenhou_wall_check import check_walls
from jantaku.rules import Rules

__all__ = [
    "Divergence",
    "GameReplay",
    "read_records",
    "replay_events",
    "replay_game",
    "replay_path",
]

_WIND: Final = {27: "E", 28: "S", 29: "W", 30: "N"}


@dataclass(frozen=True, slots=True)
class Divergence:
    """The first point where the engine and the record disagree.

    ``round`` names the hand (``E1-0`` is East 1 with no honba; empty before the first
    hand), ``event`` is the 0-based number of the event in the game, ``what`` the item
    compared (``illegal``, ``winner``, ``winner order``, ``deltas``, ``han``, ``fu``,
    ``points``, ``yaku``, ``draw``, ``round start``, ``final scores``, ``final result``;
    for a win's dora, red-five (``aka``) and ura dora counts, the ones that differ, as
    in ``aka, ura``). An ``illegal`` (or ``error``) one reads as a player says it: what
    the record does, and why the engine refuses it. A record that contradicts its wall
    (``wall draw``, ``wall replacement draw``, ``wall dora indicator``, ``wall ura
    indicator``, ``wall deal``, ``wall dice``) names the ``seat`` and the two tiles: the
    record's and the wall's.

    >>> print(Divergence("E2-1", 57, "illegal", "seat 2 discarded 1m", "1m is not in the hand"))
    E2-1 event 57: illegal: seat 2 discarded 1m, but 1m is not in the hand
    >>> print(Divergence("E1-0", 9, "han", "3", "2"))
    E1-0 event 9: han: record 3, we 2
    >>> print(Divergence("S2-0", 431, "wall draw", "3m", "0p", seat=1))
    S2-0 event 431: wall draw, seat 1: record 3m, wall 0p
    """

    round: str
    event: int
    what: str
    record: str
    computed: str
    seat: int | None = None

    def __str__(self) -> str:
        where = f"{self.round} " if self.round else ""
        if self.what in ("illegal", "error"):
            return f"{where}event {self.event}: {self.what}: {self.record}, but {self.computed}"
        if self.what.startswith("wall "):
            who = f", seat {self.seat}" if self.seat is not None else ""
            return (
                f"{where}event {self.event}: {self.what}{who}: "
                f"record {self.record}, wall {self.computed}"
            )
        return f"{where}event {self.event}: {self.what}: record {self.record}, we {self.computed}"

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready values (``seat`` only where the divergence names one)."""
        out: dict[str, Any] = {
            "round": self.round,
            "event": self.event,
            "what": self.what,
            "record": self.record,
            "computed": self.computed,
        }
        if self.seat is not None:
            out["seat"] = self.seat
        return out


@dataclass(frozen=True, slots=True)
class GameReplay:
    """The outcome of replaying one game: ``ok``, ``diverged`` or ``error`` (unreadable)."""

    file: str
    status: str
    players: int = 0
    rounds: int = 0
    events: int = 0
    divergence: Divergence | None = None
    error: str | None = None
    complete: bool = True

    @property
    def ok(self) -> bool:
        """Whether the game replayed without divergence."""
        return self.status == "ok"

    def line(self) -> str:
        """One line for a terminal: the file, then ``ok`` or the first divergence."""
        if self.status == "ok":
            short = "" if self.complete else ", cut short"
            plural = "" if self.rounds == 1 else "s"
            return f"{self.file}: ok ({self.rounds} round{plural}{short})"
        if self.status == "error":
            return f"{self.file}: error: {self.error}"
        return f"{self.file}: diverged: {self.divergence}"

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready values: ``file``, ``status``, ``rounds``, ``divergence`` (or ``error``)."""
        out: dict[str, Any] = {
            "file": self.file,
            "status": self.status,
            "players": self.players,
            "rounds": self.rounds,
            "events": self.events,
        }
        if self.divergence is not None:
            out["divergence"] = self.divergence.to_dict()
        if self.error is not None:
            out["error"] = self.error
        if not self.complete:
            out["complete"] = False
        return out


def _round_name(e: StartKyoku | None) -> str:
    if e is None:
        return ""
    return f"{_WIND.get(e.bakaze, '?')}{e.kyoku}-{e.honba}"


def _check_winner_order(state: Any, events: Sequence[Event], i: int) -> None:
    """The rons on one discard must come in turn order from the discarder, the nearest
    first: it takes the honba and deposits (checked at the first of them)."""
    first = events[i]
    if not isinstance(first, Hora) or first.actor == first.target or state.ron_winners:
        return
    order = [first.actor]
    j = i + 1
    while j < len(events):
        e = events[j]
        if not isinstance(e, Hora) or e.target != first.target or e.actor == e.target:
            break
        order.append(e.actor)
        j += 1
    n = state.players
    d = first.target
    if len(order) < 2 or not all(isinstance(w, int) for w in (*order, d)):
        return
    if any((a - d) % n > (b - d) % n for a, b in pairwise(order)):
        nearest = sorted(order, key=lambda w: (w - d) % n)
        raise Mismatch(
            "winner order",
            f"seats {order} from {d}",
            f"seats {nearest} (nearest the discarder first)",
        )


_LOG_CHECK: Final = LogCheck()

_PLAIN: Final = frozenset(
    (
        "tsumo",
        "dahai",
        "chi",
        "pon",
        "daiminkan",
        "kakan",
        "ankan",
        "kita",
        "dora",
        "reach",
        "reach_accepted",
    )
)
"""The kinds of event that make up the bulk of a record: applied, nothing to compare."""


def replay_events(
    events: Sequence[Event],
    rules: Rules | str,
    *,
    file: str = "",
    check: RecordCheck | None = None,
) -> GameReplay:
    """Replay events under ``rules``, checking what the record claims with ``check``.

    The default check, :class:`~jantaku.logs.checks.LogCheck`, compares the record's own
    ``hora``/``ryukyoku`` deltas (when present) and its final ``end_game`` scores and
    results; :class:`~jantaku.logs.tenhou_check.TenhouCheck` compares a Tenhou record's
    results (:func:`replay_game` replays a Tenhou game with it).

    >>> from jantaku.events import StartGame
    >>> replay_events([StartGame(("a", "b", "c", "d"))], "tenhou").status
    'ok'

    ``rules`` may be a preset's name. A divergence is a result, not an exception;
    :class:`~jantaku.errors.ArgumentTypeError` for events that are text, not events.
    """
    from jantaku.engine.state import State
    from jantaku.engine.transition import apply

    rules = Rules.coerce(rules)
    if isinstance(events, str | bytes | bytearray):
        raise ArgumentTypeError(
            "replay_events replays events (jantaku.logs.mjai.loads_game reads them from text)"
        )
    claims: RecordCheck = _LOG_CHECK if check is None else check
    state = State(rules)
    start: StartKyoku | None = None
    round_no = -1
    in_round = 0
    players = rules.players
    i = -1
    plain = _PLAIN
    try:
        for event in events:
            i += 1
            try:
                kind = event.kind
            except AttributeError:
                raise ArgumentTypeError(
                    f"replay_events replays events, not a {type(event).__name__}"
                ) from None
            if kind in plain:  # the bulk of a record: nothing to compare
                apply(state, event)
                continue
            # each kind is one class (see Event.kind), so the casts below are exact
            if kind == "start_kyoku":
                round_no += 1
                in_round = 0
                start = cast(StartKyoku, event)
                expected = state.expected
                if expected is not None:
                    _check_start(expected, start)
            n_results = len(state.results)
            if kind == "hora":
                _check_winner_order(state, events, i)
                claims.before_win(state, cast(Hora, event), round_no, in_round)
            if kind in ("hora", "ryukyoku"):
                claims.before_result(state, cast("Hora | Ryukyoku", event), round_no, in_round)
            apply(state, event)
            if kind in ("hora", "ryukyoku"):
                if len(state.results) == n_results:
                    raise Mismatch("result", "a result", "none")
                claims.result(cast("Hora | Ryukyoku", event), state.results[-1], round_no, in_round)
                in_round += 1
            elif kind == "end_game":
                claims.end(state.final, cast(EndGame, event))
    except IllegalActionError as e:
        return GameReplay(
            file,
            "diverged",
            players,
            max(round_no + 1, 0),
            i,
            Divergence(_round_name(start), i, "illegal", _describe(events[i]), e.reason),
        )
    except Mismatch as d:
        return GameReplay(
            file,
            "diverged",
            players,
            max(round_no + 1, 0),
            i,
            Divergence(_round_name(start), i, d.what, d.record, d.computed),
        )
    except JantakuError as e:
        return GameReplay(
            file,
            "diverged",
            players,
            max(round_no + 1, 0),
            i,
            Divergence(_round_name(start), i, "error", _describe(events[i]), str(e)),
        )
    return GameReplay(file, "ok", players, round_no + 1, len(events))


def _check_start(expected: tuple[Any, ...], e: StartKyoku) -> None:
    wind, kyoku, honba, kyotaku, oya, scores = expected
    ours = (wind, kyoku, honba, kyotaku, oya, tuple(scores))
    theirs = (e.bakaze, e.kyoku, e.honba, e.kyotaku, e.oya, tuple(e.scores))
    if ours != theirs:
        raise Mismatch("round start", _start_text(theirs), _start_text(ours))


def _start_text(v: tuple[Any, ...]) -> str:
    wind, kyoku, honba, kyotaku, oya, scores = v
    return (
        f"{_WIND.get(wind, '?')}{kyoku}-{honba} deposits {kyotaku} dealer {oya} "
        f"scores {list(scores)}"
    )


def _describe(x: object) -> str:
    """An event in words (by :func:`jantaku.events.describe`)."""
    method = getattr(x, "describe", None)
    return str(method()) if callable(method) else repr(x)


def replay_game(game: TenhouGame, *, file: str | None = None) -> GameReplay:
    """Replay a Tenhou game under its rules, checking it against its own record.

    A game cut short (no final ``owari``) is replayed as far as it goes; a game under
    special lobby rules (chips, private rule sets) is an ``error`` result. A record with
    the seed of its walls is checked against them too
    (:func:`~jantaku.logs.tenhou_wall_check.check_walls`): the first contradiction, if
    it comes before any other divergence, is the divergence (an unreadable seed is an
    ``error``). A divergence is a result, not an exception: nothing is raised for a bad
    record (:class:`~jantaku.errors.ArgumentTypeError` for what is not a
    :class:`TenhouGame`).
    """
    if not isinstance(game, TenhouGame):
        raise ArgumentTypeError(
            f"replay_game replays a TenhouGame (jantaku.logs.tenhou.read_game reads one), "
            f"not a {type(game).__name__}"
        )
    name = file if file is not None else game.ref
    if not game.lobby.standard:
        return GameReplay(
            name,
            "error",
            game.players,
            error=f"special Tenhou rules (GO type {game.lobby.go_type}) are not modelled",
        )
    check = TenhouCheck(game.results, game.final)
    result = replay_events(game.events, game.rules, file=name, check=check)
    try:
        walls = check_walls(game)
    except LogFormatError as e:
        return GameReplay(name, "error", game.players, error=f"the wall's seed: {e}")
    found = walls.contradiction if walls is not None else None
    if found is not None and (result.divergence is None or found.event < result.divergence.event):
        at = Divergence(
            found.round, found.event, f"wall {found.part}", found.recorded, found.wall, found.seat
        )
        return GameReplay(name, "diverged", game.players, found.round_index + 1, found.event, at)
    if game.final is None and result.ok:
        return replace(result, complete=False)
    return result


def read_records(path: str | Path) -> Iterator[tuple[str, TenhouGame | Sequence[Event], Rules]]:
    """The games in a file, format detected by content: (name, game or events, rules).

    Tenhou XML and tenhou.net/6 JSON give one :class:`TenhouGame`; an mjai log gives
    the events of each game it holds, with the rules in its header (``tenhou`` if none).

    Raises :class:`~jantaku.errors.LogFormatError` for an unreadable or malformed file.
    """
    p = Path(path)
    try:
        raw = p.read_bytes()
    except OSError as e:
        raise LogFormatError(f"cannot read: {e.strerror}", source=str(p)) from None
    if raw[:2] == b"\x1f\x8b":
        try:
            raw = gzip.decompress(raw)
        except (OSError, EOFError, zlib.error) as e:
            raise LogFormatError(f"bad gzip data: {e}", source=str(p)) from None
    head = raw.lstrip()[:1]
    if head == b"{":
        first = raw.lstrip().split(b"\n", 1)[0]
        try:
            obj = json.loads(first)
        except (json.JSONDecodeError, UnicodeDecodeError):
            obj = None
        if isinstance(obj, dict) and "type" in obj and "log" not in obj:
            from jantaku.logs.mjai import MjaiReader

            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError:
                raise LogFormatError("not UTF-8 text", source=str(p)) from None
            reader = MjaiReader(text.splitlines(), source=str(p))
            n = 0
            while (mg := reader.read_game(strict=True)) is not None:
                n += 1
                rules = mg.rules()
                if rules is None:
                    header = mg.header
                    players = header.players if header is not None else 4
                    rules = Rules.preset("tenhou-sanma" if players == 3 else "tenhou")
                yield (f"{p}" if n == 1 else f"{p}#{n}"), mg.events, rules
            return
    game = read_game(raw, ref=p.name.split(".")[0])
    yield str(p), game, game.rules


def replay_path(path: str | Path) -> Iterator[GameReplay]:
    """Replay every game in a file; an unreadable or malformed file gives one ``error``
    result (with the reader's message), never an exception."""
    try:
        for name, game, rules in read_records(path):
            if isinstance(game, TenhouGame):
                yield replay_game(game, file=name)
            else:
                yield replay_events(game, rules, file=name)
    except LogFormatError as e:
        yield GameReplay(str(path), "error", error=str(e))
