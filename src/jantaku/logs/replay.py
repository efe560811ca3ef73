"""Replay recorded games through the engine and check every result against the record.

A record (Tenhou mjlog XML, tenhou.net/6 JSON, or an mjai log) is read into events and
fed, one by one, through the engine's single transition :func:`jantaku.engine.apply`
under the rules the game was played under. Replay is strict: every draw, discard,
call, kan, riichi, win and draw must be legal in the engine, and what the engine
computes must equal what the record says —

- every win: the winner and the seat it won from (a double ron's wins in turn order
  from the discarder, the nearest first: it takes the honba and deposits), the
  winner's concealed tiles as the engine tracked them, the payments of every seat, the
  han, the fu (below yakuman), the hand's value, the yaku with their han, and the
  dora, red fives and ura dora each as its own count (north set aside counts as dora,
  as Tenhou counts it);
- every drawn hand: its kind, the payments and who was tenpai;
- the start of every round: round, dealer, honba, deposits and scores (the engine
  advances the match itself);
- the end: the final points and results (oka, uma, rounding).

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
from typing import Any, Final

from jantaku.errors import ArgumentTypeError, IllegalActionError, JantakuError, LogFormatError
from jantaku.events import (
    Ankan,
    Chi,
    Dahai,
    Daiminkan,
    Dora,
    EndGame,
    Event,
    Hora,
    Kakan,
    Nukidora,
    Pon,
    Reach,
    ReachAccepted,
    Ryukyoku,
    StartKyoku,
    Tsumo,
)
from jantaku.logs.tenhou import TenhouDraw, TenhouGame, TenhouResult, TenhouWin, read_game
from jantaku.rules import Rules
from jantaku.tiles import format_tiles

__all__ = [
    "Divergence",
    "GameReplay",
    "read_records",
    "replay_events",
    "replay_game",
    "replay_path",
]

_WIND: Final = {27: "E", 28: "S", 29: "W", 30: "N"}
_DORA_IDS: Final = (52, 53, 54)
# Tenhou's ids of the three counts, in the order of the tuple compared: dora, aka, ura
_COUNT_IDS: Final = (52, 54, 53)
_COUNT_NAMES: Final = ("dora", "aka", "ura")
# our count names folded into each: north set aside (and flowers, unknown to Tenhou) are
# counted as dora, as Tenhou counts kita
_OUR_COUNTS: Final = {"dora": 0, "kita": 0, "flower": 0, "aka": 1, "ura": 2}

Counts = tuple[int, int, int]


@dataclass(frozen=True, slots=True)
class Divergence:
    """The first point where the engine and the record disagree.

    ``round`` names the hand (``E1-0`` is East 1 with no honba; empty before the first
    hand), ``event`` is the 0-based number of the event in the game, ``what`` the item
    compared (``illegal``, ``winner``, ``winner order``, ``deltas``, ``han``, ``fu``,
    ``points``, ``yaku``, ``draw``, ``round start``, ``final scores``, ``final result``;
    for a win's dora, red-five (``aka``) and ura dora counts, the ones that differ, as
    in ``aka, ura``). An ``illegal`` (or ``error``) one reads as a player says it: what
    the record does, and why the engine refuses it.

    >>> print(Divergence("E2-1", 57, "illegal", "seat 2 discarded 1m", "1m is not in the hand"))
    E2-1 event 57: illegal: seat 2 discarded 1m, but 1m is not in the hand
    >>> print(Divergence("E1-0", 9, "han", "3", "2"))
    E1-0 event 9: han: record 3, we 2
    """

    round: str
    event: int
    what: str
    record: str
    computed: str

    def __str__(self) -> str:
        where = f"{self.round} " if self.round else ""
        if self.what in ("illegal", "error"):
            return f"{where}event {self.event}: {self.what}: {self.record}, but {self.computed}"
        return f"{where}event {self.event}: {self.what}: record {self.record}, we {self.computed}"

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready values."""
        return {
            "round": self.round,
            "event": self.event,
            "what": self.what,
            "record": self.record,
            "computed": self.computed,
        }


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


class _Diverged(Exception):
    def __init__(self, what: str, record: object, computed: object) -> None:
        super().__init__(what)
        self.what = what
        self.record = str(record)
        self.computed = str(computed)


def _round_name(e: StartKyoku | None) -> str:
    if e is None:
        return ""
    return f"{_WIND.get(e.bakaze, '?')}{e.kyoku}-{e.honba}"


def _tenhou_yaku_ids() -> dict[str, int]:
    from jantaku.scoring.yaku import YAKU

    return {y.id: y.tenhou_id for y in YAKU if y.tenhou_id is not None}


_YAKU_IDS: dict[str, int] | None = None


def _split_yaku(yaku: Sequence[tuple[str, int]]) -> tuple[list[tuple[int, int]], Counts]:
    """(sorted (tenhou id, han) of real yaku, the (dora, aka, ura) counts).

    >>> _split_yaku([("riichi", 1), ("dora", 2), ("aka", 1), ("kita", 1)])
    ([(1, 1)], (3, 1, 0))
    """
    global _YAKU_IDS
    if _YAKU_IDS is None:
        _YAKU_IDS = _tenhou_yaku_ids()
    ids = _YAKU_IDS
    real: list[tuple[int, int]] = []
    counts = [0, 0, 0]
    for name, han in yaku:
        i = ids.get(name)
        if i is None:
            counts[_OUR_COUNTS.get(name, 0)] += han
        elif han:
            real.append((i, han))
    return sorted(real), (counts[0], counts[1], counts[2])


def _split_record_yaku(yaku: Sequence[tuple[int, int]]) -> tuple[list[tuple[int, int]], Counts]:
    """The same split of a record's (tenhou id, han) pairs.

    >>> _split_record_yaku([(1, 1), (52, 2), (53, 1), (54, 1)])
    ([(1, 1)], (2, 1, 1))
    """
    real = sorted((y, h) for y, h in yaku if y not in _DORA_IDS and h)
    dora, aka, ura = (sum(h for y, h in yaku if y == i) for i in _COUNT_IDS)
    return real, (dora, aka, ura)


# Both splits of the yaku lists met so far (wins repeat them): at most _SPLITS_MAX lists
# of at most _SPLIT_LEN yaku each.
_OUR_SPLITS: dict[tuple[tuple[str, int], ...], tuple[list[tuple[int, int]], Counts]] = {}
_THEIR_SPLITS: dict[tuple[tuple[int, int], ...], tuple[list[tuple[int, int]], Counts]] = {}
_SPLITS_MAX: Final = 1 << 14
_SPLIT_LEN: Final = 24


def _check_winner(record: TenhouWin, done: Hora) -> None:
    if (done.actor, done.target) != (record.seat, record.from_seat):
        raise _Diverged(
            "winner",
            f"seat {record.seat} from {record.from_seat}",
            f"seat {done.actor} from {done.target}",
        )


def _check_win(record: TenhouWin, done: Hora) -> None:
    _check_winner(record, done)
    if done.deltas != record.deltas:
        raise _Diverged("deltas", record.deltas, done.deltas)
    if done.han is not None and done.han != record.han and not record.yakuman:
        raise _Diverged("han", record.han, done.han)
    if done.points is not None and done.points != record.points:
        raise _Diverged("points", record.points, done.points)
    if record.fu is not None and not record.yakuman and done.fu != record.fu:
        raise _Diverged("fu", record.fu, done.fu)
    if done.yaku is not None:
        split = _OUR_SPLITS.get(done.yaku)
        if split is None:
            split = _split_yaku(done.yaku)
            if len(done.yaku) <= _SPLIT_LEN and len(_OUR_SPLITS) < _SPLITS_MAX:
                _OUR_SPLITS[done.yaku] = split
        ours, our_dora = split
        split = _THEIR_SPLITS.get(record.yaku)
        if split is None:
            split = _split_record_yaku(record.yaku)
            if len(record.yaku) <= _SPLIT_LEN and len(_THEIR_SPLITS) < _SPLITS_MAX:
                _THEIR_SPLITS[record.yaku] = split
        theirs, their_dora = split
        if ours != theirs:
            raise _Diverged("yaku", _yaku_text(theirs), _yaku_text(ours))
        if not record.yakuman and our_dora != their_dora:
            differ = (
                n for n, a, b in zip(_COUNT_NAMES, their_dora, our_dora, strict=True) if a != b
            )
            raise _Diverged(", ".join(differ), _count_text(their_dora), _count_text(our_dora))


def _count_text(counts: Counts) -> str:
    return ", ".join(f"{name} {c}" for name, c in zip(_COUNT_NAMES, counts, strict=True))


def _yaku_text(yaku: list[tuple[int, int]]) -> str:
    from jantaku.logs.tenhou import YAKU

    return ", ".join(f"{YAKU[i][0]} {h}" for i, h in yaku) or "none"


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
        raise _Diverged(
            "winner order",
            f"seats {order} from {d}",
            f"seats {nearest} (nearest the discarder first)",
        )


def _check_hand(
    state: Any, event: Hora, results: Sequence[Sequence[TenhouResult]], round_no: int, at: int
) -> None:
    """The winner and the seat it won from, and the winner's concealed tiles as we tracked
    them, must be the record's (mjlog ``who``, ``fromWho``, ``hai``)."""
    recs = results[round_no] if 0 <= round_no < len(results) else ()
    rec = recs[at] if at < len(recs) else None
    if not isinstance(rec, TenhouWin):
        return
    _check_winner(rec, event)
    if not rec.hand or not 0 <= event.actor < state.players:
        return
    ours = list(state.hands[event.actor])
    if event.target != event.actor and event.pai is not None:
        ours.append(event.pai)
    if tuple(sorted(ours)) != rec.hand:
        raise _Diverged("hand", format_tiles(rec.hand), format_tiles(sorted(ours)))


def _check_draw(record: TenhouDraw, done: Ryukyoku) -> None:
    if done.reason != record.reason:
        raise _Diverged("draw", record.reason, done.reason)
    if done.deltas != record.deltas:
        raise _Diverged("deltas", record.deltas, done.deltas)
    if (
        record.reason in ("exhaustive", "nagashi_mangan")
        and done.tenpai is not None
        and tuple(sorted(done.tenpai)) != tuple(sorted(record.tenpai))
    ):
        raise _Diverged("tenpai", list(record.tenpai), list(done.tenpai))


_PLAIN: Final = frozenset(
    (Tsumo, Dahai, Chi, Pon, Daiminkan, Kakan, Ankan, Nukidora, Dora, Reach, ReachAccepted)
)


def replay_events(
    events: Sequence[Event],
    rules: Rules | str,
    *,
    file: str = "",
    results: Sequence[Sequence[TenhouResult]] | None = None,
    final: Sequence[tuple[int, float]] | None = None,
) -> GameReplay:
    """Replay events under ``rules``; compare with ``results``/``final`` when given.

    Without ``results`` the record's own ``hora``/``ryukyoku`` deltas (when present)
    are compared, and the final ``end_game`` scores and results likewise.

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
            kind = type(event)
            if kind in plain:  # the bulk of a record: nothing to compare
                apply(state, event)
                continue
            if kind is StartKyoku:
                assert isinstance(event, StartKyoku)
                round_no += 1
                in_round = 0
                start = event
                expected = state.expected
                if expected is not None:
                    _check_start(expected, event)
            n_results = len(state.results)
            if kind is Hora:
                assert isinstance(event, Hora)
                _check_winner_order(state, events, i)
                if results is not None:
                    _check_hand(state, event, results, round_no, in_round)
            apply(state, event)
            if kind is Hora or kind is Ryukyoku:
                if len(state.results) == n_results:
                    raise _Diverged("result", "a result", "none")
                done = state.results[-1]
                if results is not None:
                    recs = results[round_no] if 0 <= round_no < len(results) else ()
                    rec = recs[in_round] if in_round < len(recs) else None
                    in_round += 1
                    if isinstance(rec, TenhouWin) and isinstance(done, Hora):
                        _check_win(rec, done)
                    elif isinstance(rec, TenhouDraw) and isinstance(done, Ryukyoku):
                        _check_draw(rec, done)
                    else:
                        raise _Diverged("result", _describe(rec), _describe(done))
                elif isinstance(event, Hora | Ryukyoku) and isinstance(done, Hora | Ryukyoku):
                    given = event.deltas
                    if given is not None and given != done.deltas:
                        raise _Diverged("deltas", given, done.deltas)
            elif kind is EndGame:
                assert isinstance(event, EndGame)
                _check_final(state.final, final, event)
    except IllegalActionError as e:
        return GameReplay(
            file,
            "diverged",
            players,
            max(round_no + 1, 0),
            i,
            Divergence(_round_name(start), i, "illegal", _describe(events[i]), e.reason),
        )
    except _Diverged as d:
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
        raise _Diverged("round start", _start_text(theirs), _start_text(ours))


def _start_text(v: tuple[Any, ...]) -> str:
    wind, kyoku, honba, kyotaku, oya, scores = v
    return (
        f"{_WIND.get(wind, '?')}{kyoku}-{honba} deposits {kyotaku} dealer {oya} "
        f"scores {list(scores)}"
    )


def _check_final(
    ours: EndGame | None, final: Sequence[tuple[int, float]] | None, event: EndGame
) -> None:
    if final is not None:
        scores = tuple(p for p, _ in final)
        result: tuple[float, ...] | None = tuple(r for _, r in final)
    else:
        scores = event.scores  # type: ignore[assignment]
        result = event.result
    if ours is None:
        raise _Diverged("final scores", scores, "no end")
    if scores is not None and ours.scores != scores:
        raise _Diverged("final scores", list(scores), list(ours.scores or ()))
    if (
        result is not None
        and ours.result is not None
        and any(abs(a - b) > 1e-6 for a, b in zip(result, ours.result, strict=True))
    ):
        raise _Diverged("final result", list(result), list(ours.result))


def _describe(x: object) -> str:
    """A record's event or result in words (events by :func:`jantaku.events.describe`)."""
    if x is None:
        return "nothing"
    if isinstance(x, TenhouWin):
        if x.from_seat == x.seat:
            return f"seat {x.seat} won by tsumo"
        return f"seat {x.seat} won by ron from seat {x.from_seat}"
    if isinstance(x, TenhouDraw):
        return f"the hand was drawn ({x.reason})"
    method = getattr(x, "describe", None)
    return str(method()) if callable(method) else repr(x)


def replay_game(game: TenhouGame, *, file: str | None = None) -> GameReplay:
    """Replay a Tenhou game under its rules, checking it against its own record.

    A game cut short (no final ``owari``) is replayed as far as it goes; a game under
    special lobby rules (chips, private rule sets) is an ``error`` result. A divergence
    is a result, not an exception: nothing is raised for a bad record
    (:class:`~jantaku.errors.ArgumentTypeError` for what is not a :class:`TenhouGame`).
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
    result = replay_events(
        game.events, game.rules, file=name, results=game.results, final=game.final
    )
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
