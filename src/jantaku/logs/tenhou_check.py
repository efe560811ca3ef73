"""The checks of a Tenhou record on top of the generic replay: its results, to the point.

:class:`TenhouCheck` is the :class:`~jantaku.logs.checks.RecordCheck` that
:func:`jantaku.logs.replay.replay_game` replays a
:class:`~jantaku.logs.tenhou_records.TenhouGame` with. It compares what the engine
computes with what the record states in its result elements (mjlog ``AGARI``,
``RYUUKYOKU`` and ``owari``, or their tenhou.net/6 equivalents):

- every win, matched winner by winner: the winner and the seat it won from, the
  winner's concealed tiles as the engine tracked them (mjlog ``hai``), the payments of
  every seat (``sc``: honba and deposits included), the han, the fu (below yakuman), the
  hand's value, the yaku with their han (Tenhou's ids, from the yaku registry), and the
  dora, red fives and ura dora each as its own count (north set aside counts as dora,
  as Tenhou counts it);
- every drawn hand: its kind, the payments and who was tenpai;
- at every result, the honba and riichi sticks on the table (mjlog ``ba``);
- the end: the final points and results (``owari``: oka, uma, rounding).

>>> from jantaku.events import Ryukyoku
>>> from jantaku.logs.tenhou_records import TenhouDraw
>>> check = TenhouCheck([[TenhouDraw("exhaustive", (1500, -1500, 1500, -1500), (0, 2))]], None)
>>> check.result(Ryukyoku("exhaustive"), Ryukyoku("exhaustive", deltas=(3000, -1000, -1000,
...     -1000), tenpai=(0,)), 0, 0)
Traceback (most recent call last):
...
jantaku.logs.checks.Mismatch: deltas: record (1500, -1500, 1500, -1500), we (3000, -1000, \
-1000, -1000)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Final, TypeVar

from jantaku.events import EndGame, Hora, Penalty, Ryukyoku
from jantaku.logs.checks import Mismatch, check_final
from jantaku.logs.tenhou_ids import YAKU
from jantaku.logs.tenhou_records import TenhouDraw, TenhouResult, TenhouWin
from jantaku.scoring.yaku import YAKU as REGISTRY
from jantaku.tiles import format_tiles

if TYPE_CHECKING:
    from jantaku.engine import State

__all__ = ["TenhouCheck", "describe_result"]

_DORA_IDS: Final = (52, 53, 54)
# Tenhou's ids of the three counts, in the order of the tuple compared: dora, aka, ura
_COUNT_IDS: Final = (52, 54, 53)
_COUNT_NAMES: Final = ("dora", "aka", "ura")
# our count names folded into each: north set aside (and flowers, unknown to Tenhou) are
# counted as dora, as Tenhou counts kita
_OUR_COUNTS: Final = {"dora": 0, "kita": 0, "flower": 0, "aka": 1, "ura": 2}

Counts = tuple[int, int, int]


class TenhouCheck:
    """A Tenhou record's results (``results[i]``: round ``i``'s wins, or its draw) and
    final ``owari`` (``None`` for a game cut short: then the ``end_game`` event's own
    scores, if any, are compared), checked as the replay reaches each."""

    __slots__ = ("final", "results")

    def __init__(
        self,
        results: Sequence[Sequence[TenhouResult]],
        final: Sequence[tuple[int, float]] | None,
    ) -> None:
        self.results = results
        self.final = final

    def _record(self, round_no: int, at: int) -> TenhouResult | None:
        recs = self.results[round_no] if 0 <= round_no < len(self.results) else ()
        return recs[at] if at < len(recs) else None

    def before_win(self, state: State, event: Hora, round_no: int, at: int) -> None:
        """The winner and the seat it won from, and the winner's concealed tiles as we
        tracked them, must be the record's (mjlog ``who``, ``fromWho``, ``hai``)."""
        rec = self._record(round_no, at)
        if not isinstance(rec, TenhouWin):
            return
        _check_winner(rec, event)
        if not rec.hand or not 0 <= event.actor < state.players:
            return
        ours = list(state.hands[event.actor])
        if event.target != event.actor and event.pai is not None:
            ours.append(event.pai)
        if tuple(sorted(ours)) != rec.hand:
            raise Mismatch("hand", format_tiles(rec.hand), format_tiles(sorted(ours)))

    def before_result(self, state: State, event: Hora | Ryukyoku, round_no: int, at: int) -> None:
        """The record's ``ba`` at a win or drawn hand — the honba and the riichi sticks on
        the table — must be the table's as the replay has it (a double ron's second win
        finds the sticks taken by the first)."""
        rec = self._record(round_no, at)
        if rec is None or rec.ba is None:
            return
        ours = (state.honba, 0 if state.ron_winners else state.kyotaku)
        if rec.ba != ours:
            raise Mismatch("ba (honba, sticks)", _ba_text(rec.ba), _ba_text(ours))

    def result(
        self, event: Hora | Ryukyoku, done: Hora | Ryukyoku | Penalty, round_no: int, at: int
    ) -> None:
        """The record's win or draw at this point must be the engine's, item by item."""
        rec = self._record(round_no, at)
        if isinstance(rec, TenhouWin) and isinstance(done, Hora):
            _check_win(rec, done)
        elif isinstance(rec, TenhouDraw) and isinstance(done, Ryukyoku):
            _check_draw(rec, done)
        else:
            raise Mismatch("result", describe_result(rec), describe_result(done))

    def end(self, ours: EndGame | None, event: EndGame) -> None:
        """The ``owari`` points and results (or, without one, the event's own)."""
        if self.final is not None:
            check_final(ours, tuple(p for p, _ in self.final), tuple(r for _, r in self.final))
        else:
            check_final(ours, event.scores, event.result)


def _ba_text(ba: tuple[int, int]) -> str:
    """``(1, 2)`` as ``1 honba, 2 sticks``."""
    return f"{ba[0]} honba, {ba[1]} sticks"


def describe_result(x: object) -> str:
    """A record's result, or an event, in words (events by :func:`jantaku.events.describe`).

    >>> describe_result(TenhouWin(2, 0, ((1, 1),), 30, 1000, 0, (-1000, 0, 1000, 0)))
    'seat 2 won by ron from seat 0'
    >>> describe_result(None)
    'nothing'
    """
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


# Tenhou's id of each yaku of the registry (renhou in either form is 36); what is not
# there (dora, aka, ura, kita, flower) is a count
_YAKU_IDS: Final[dict[str, int]] = {y.id: y.tenhou_id for y in REGISTRY if y.tenhou_id is not None}


def _split_yaku(yaku: Sequence[tuple[str, int]]) -> tuple[list[tuple[int, int]], Counts]:
    """(sorted (tenhou id, han) of real yaku, the (dora, aka, ura) counts).

    >>> _split_yaku([("riichi", 1), ("dora", 2), ("aka", 1), ("kita", 1)])
    ([(1, 1)], (3, 1, 0))
    """
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
_Yaku = TypeVar("_Yaku", tuple[tuple[str, int], ...], tuple[tuple[int, int], ...])


def _kept_split(
    kept: dict[_Yaku, tuple[list[tuple[int, int]], Counts]],
    yaku: _Yaku,
    split: Callable[[_Yaku], tuple[list[tuple[int, int]], Counts]],
) -> tuple[list[tuple[int, int]], Counts]:
    """``split(yaku)``, kept in ``kept`` for the next win with the same list."""
    found = kept.get(yaku)
    if found is None:
        found = split(yaku)
        if len(yaku) <= _SPLIT_LEN and len(kept) < _SPLITS_MAX:
            kept[yaku] = found
    return found


def _check_winner(record: TenhouWin, done: Hora) -> None:
    if (done.actor, done.target) != (record.seat, record.from_seat):
        raise Mismatch(
            "winner",
            f"seat {record.seat} from {record.from_seat}",
            f"seat {done.actor} from {done.target}",
        )


def _check_win(record: TenhouWin, done: Hora) -> None:
    _check_winner(record, done)
    if done.deltas != record.deltas:
        raise Mismatch("deltas", record.deltas, done.deltas)
    if done.han is not None and done.han != record.han and not record.yakuman:
        raise Mismatch("han", record.han, done.han)
    if done.points is not None and done.points != record.points:
        raise Mismatch("points", record.points, done.points)
    if record.fu is not None and not record.yakuman and done.fu != record.fu:
        raise Mismatch("fu", record.fu, done.fu)
    if done.yaku is not None:
        ours, our_dora = _kept_split(_OUR_SPLITS, done.yaku, _split_yaku)
        theirs, their_dora = _kept_split(_THEIR_SPLITS, record.yaku, _split_record_yaku)
        if ours != theirs:
            raise Mismatch("yaku", _yaku_text(theirs), _yaku_text(ours))
        if not record.yakuman and our_dora != their_dora:
            differ = (
                n for n, a, b in zip(_COUNT_NAMES, their_dora, our_dora, strict=True) if a != b
            )
            raise Mismatch(", ".join(differ), _count_text(their_dora), _count_text(our_dora))


def _count_text(counts: Counts) -> str:
    return ", ".join(f"{name} {c}" for name, c in zip(_COUNT_NAMES, counts, strict=True))


def _yaku_text(yaku: list[tuple[int, int]]) -> str:
    return ", ".join(f"{YAKU[i][0]} {h}" for i, h in yaku) or "none"


def _check_draw(record: TenhouDraw, done: Ryukyoku) -> None:
    if done.reason != record.reason:
        raise Mismatch("draw", record.reason, done.reason)
    if done.deltas != record.deltas:
        raise Mismatch("deltas", record.deltas, done.deltas)
    if (
        record.reason in ("exhaustive", "nagashi_mangan")
        and done.tenpai is not None
        and tuple(sorted(done.tenpai)) != tuple(sorted(record.tenpai))
    ):
        raise Mismatch("tenpai", list(record.tenpai), list(done.tenpai))
