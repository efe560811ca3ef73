"""Scoring many wins at once with NumPy: han, fu, basic points and every seat's change.

:func:`score_table` scores a sequence of :class:`~jantaku.scoring.WinSituation` into
arrays, one row a win, without building a :class:`~jantaku.scoring.WinResult` each:
what a simulator, a training loop or a corpus check needs; or four-player wins given
as integer columns (:class:`~jantaku.scoring.WinColumns`). Four-player wins are scored
together, column by column: every reading of the concealed tiles (up to 16) from the
shipped tables of every split of one suit's counts, the yaku and fu from bit masks of
kinds, the dora from the counts; seven pairs, thirteen orphans and four concealed
triplets too. Every other win (another possible yakuman, a first-turn win, pao, three
players, north tiles or flowers set aside, rules without atozuke) is scored by
:func:`score_win`, so both give the same numbers. NumPy is needed (the ``fast``
extra); it is imported on the first call.

>>> from jantaku.scoring import WinSituation
>>> t = score_table([
...     WinSituation.from_hand("234m567p11s345678s", win="8s", discarder=2, winner=1),
...     WinSituation.from_hand("123m456p789s11z[7-89s]", win="1z", discarder=3),
... ])
>>> t.han.tolist(), t.fu.tolist(), t.total.tolist(), t.error.tolist()
([1, 0], [30, 0], [1000, 0], [0, 1])
>>> t.deltas[0].tolist()
[0, 1000, -1000, 0]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import chain
from operator import attrgetter, itemgetter
from typing import TYPE_CHECKING, Any, Final

from jantaku.errors import (
    ArgumentTypeError,
    ImpossibleSituationError,
    IncompleteHandError,
    NoYakuError,
)
from jantaku.scoring.columns import WinColumns
from jantaku.scoring.score import WinResult, score_win
from jantaku.scoring.situation import Riichi, WinSituation
from jantaku.scoring.tables import section
from jantaku.tiles import KIND_OF, YAOCHUU, dora_from_indicator

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    _Ints = npt.NDArray[np.int64]

__all__ = ["IMPOSSIBLE", "NOT_A_WIN", "NO_YAKU", "SCORED", "ScoreTable", "score_table"]

SCORED: Final = 0
"""``error`` code of a scored win."""
NO_YAKU: Final = 1
"""``error`` code of a win without yaku (:class:`~jantaku.errors.NoYakuError`)."""
NOT_A_WIN: Final = 2
"""``error`` code of tiles that are no winning hand (IncompleteHandError)."""
IMPOSSIBLE: Final = 3
"""``error`` code of a situation that cannot be scored (ImpossibleSituationError)."""


@dataclass(frozen=True, slots=True, eq=False)
class ScoreTable:
    """The scores of many wins, one row a win (all zero where ``error`` is not 0).

    ``han`` includes dora (13 per yakuman multiple for a yakuman), ``fu`` is the
    fu as :class:`~jantaku.scoring.WinResult` gives it, ``yakuman`` the yakuman
    multiple, ``basic`` the basic points, ``total`` what the winner
    receives before honba and deposits, ``deltas`` every seat's change (four
    columns; the fourth is 0 with three players), ``error`` one of
    :data:`SCORED`, :data:`NO_YAKU`, :data:`NOT_A_WIN`, :data:`IMPOSSIBLE`.
    """

    han: _Ints
    fu: _Ints
    yakuman: _Ints
    basic: _Ints
    total: _Ints
    deltas: _Ints
    error: _Ints

    def __len__(self) -> int:
        """The number of wins."""
        return len(self.han)


# --- tables of one suit's splits ------------------------------------------------------

_POW5: Final = tuple(5**i for i in range(9))
_EMPTY: Final = 255  # an empty place in a shipped split


class _PartTable:
    """Every count pattern of one suit (or the honors) that splits into sets and at
    most one pair, sorted by its base-5 code: where its splits start in the split
    arrays and how many there are; and each split's features."""

    def __init__(self, np: Any, honors: bool) -> None:
        width, patterns, counts, splits, _ = section(honors)
        pats = np.frombuffer(patterns, dtype=np.uint8).reshape(-1, width).astype(np.int64)
        self.codes = pats @ np.array(_POW5[:width], dtype=np.int64)
        self.count = np.frombuffer(counts, dtype=np.uint8).astype(np.int64)
        self.first = np.cumsum(self.count) - self.count
        sp = np.frombuffer(splits, dtype=np.uint8).reshape(-1, 9).astype(np.int64)
        runs, trips, pair = sp[:, :4], sp[:, 4:8], sp[:, 8]
        has_run, has_trip = runs != _EMPTY, trips != _EMPTY
        bit_run = np.where(has_run, np.left_shift(1, np.where(has_run, runs, 0)), 0)
        bit_trip = np.where(has_trip, np.left_shift(1, np.where(has_trip, trips, 0)), 0)
        self.rmask = np.bitwise_or.reduce(bit_run, axis=1)
        self.tmask = np.bitwise_or.reduce(bit_trip, axis=1)
        self.pair = np.where(pair == _EMPTY, -1, pair)
        yao = honors | (trips == 0) | (trips == 8)
        self.trip_fu = np.where(has_trip, np.where(yao, 8, 4), 0).sum(axis=1)
        self.runs = has_run.sum(axis=1)
        self.trips = has_trip.sum(axis=1)
        self.peikou = sum((runs == r).sum(axis=1) // 2 for r in range(7))


_TABLES: dict[str, Any] = {}


def _tables(np: Any) -> dict[str, Any]:
    if not _TABLES:
        _TABLES["suit"] = _PartTable(np, honors=False)
        _TABLES["honor"] = _PartTable(np, honors=True)
        _TABLES["kind_of"] = np.array(KIND_OF, dtype=np.int64)
        _TABLES["kind_of_pad"] = np.array([*KIND_OF, 34], dtype=np.int64)
        _TABLES["dora_of"] = np.array(
            [dora_from_indicator(t) for t in range(37)] + [34], dtype=np.int64
        )
        _TABLES["pow5"] = np.array(_POW5, dtype=np.int64)
        _TABLES["bits"] = np.array([1 << k for k in range(34)], dtype=np.int64)
        _TABLES["yao"] = np.array([k in YAOCHUU for k in range(34)] + [False], dtype=bool)
    return _TABLES


def _bits(kinds: Sequence[int]) -> int:
    return sum(1 << k for k in set(kinds))


_YAO: Final = _bits(YAOCHUU)
_HONORS: Final = _bits(range(27, 34))
_GREEN: Final = _bits((19, 20, 21, 23, 25, 32))
_TERMINALS: Final = _bits((0, 8, 9, 17, 18, 26))
_EDGE_RUNS: Final = _bits((0, 6, 9, 15, 18, 24))
_SUIT: Final = 0x1FF
_RIICHI: Final = {id(Riichi.NONE): 0, id(Riichi.RIICHI): 1, id(Riichi.DOUBLE): 2}
_MELD: Final = {"chii": 0, "pon": 1, "daiminkan": 2, "kakan": 3, "ankan": 4}
_FIELDS: Final = attrgetter(
    "winner",
    "dealer",
    "ippatsu",
    "chankan",
    "rinshan",
    "haitei",
    "houtei",
    "round_wind",
    "honba",
    "deposits",
)
_DISCARDER: Final = attrgetter("discarder")
_RIICHI_OF: Final = attrgetter("riichi")
_WIN_TILE: Final = attrgetter("win_tile")
_CONCEALED: Final = attrgetter("concealed")
_MELDS: Final = attrgetter("melds")
_TILES: Final = attrgetter("tiles")
_KIND_VALUE: Final = attrgetter("kind._value_")
_FIRST: Final = itemgetter(0)
_DORA: Final = attrgetter("dora_indicators")
_SPECIAL: Final = attrgetter("first_turn", "kita", "flowers", "robbed_ankan")
_PAO: Final = attrgetter("pao")
_RULES: Final = attrgetter("rules")
_URA: Final = attrgetter("ura_indicators")


def _popcount(np: Any, x: _Ints) -> _Ints:
    out = np.zeros_like(x)
    y = x.copy()
    while y.any():
        out += y & 1
        y >>= 1
    return out  # type: ignore[no-any-return]


def score_table(situations: Sequence[WinSituation] | WinColumns) -> ScoreTable:
    """Score many wins into arrays; a win that cannot be scored gets its error code.

    The numbers are those of :func:`~jantaku.scoring.score_win` for each win. The
    wins are situations, or :class:`~jantaku.scoring.WinColumns` (four-player wins as
    integer columns, read column-wise without a Python object per win).

    >>> from jantaku.scoring import WinSituation
    >>> s = WinSituation.from_hand("123m456p789s11555z", win="5z", discarder=1)
    >>> t = score_table([s])
    >>> (t.han[0], t.fu[0], t.total[0]) == (1, 40, 2000) and len(t) == 1
    True

    Raises :class:`ImportError` when NumPy is not installed,
    :class:`~jantaku.errors.ArgumentTypeError` for anything but situations or columns.
    """
    import numpy as np

    if not isinstance(situations, WinColumns) and (
        isinstance(situations, str) or not all(isinstance(s, WinSituation) for s in situations)
    ):
        raise ArgumentTypeError("score_table scores WinSituation values or WinColumns")
    n = len(situations)
    out = {k: np.zeros(n, dtype=np.int64) for k in ("han", "fu", "yakuman", "basic", "total")}
    deltas = np.zeros((n, 4), dtype=np.int64)
    error = np.zeros(n, dtype=np.int64)
    if isinstance(situations, WinColumns):
        cols = situations
        left = list(range(n))  # 後付けなし (Y29) tries every winning tile: score_win
        if cols.rules.atozuke:
            arrays = _from_columns(np, cols)
            left = _score_arrays(np, cols.rules, arrays, np.arange(n), out, deltas, error)
        for i in left:
            _fill(cols.situation(i), i, out, deltas, error)
        return ScoreTable(
            out["han"], out["fu"], out["yakuman"], out["basic"], out["total"], deltas, error
        )
    # first turn, pao, north tiles, flowers, a robbed ankan, three players: score_win
    flags = np.fromiter(chain.from_iterable(map(_SPECIAL, situations)), np.int64, 4 * n)
    special = flags.reshape(n, 4).any(axis=1)
    special |= np.fromiter((p is not None for p in map(_PAO, situations)), bool, n)
    rules = list(map(_RULES, situations))
    by_id = {id(r): r for r in rules}
    rule_of = np.fromiter(map(id, rules), dtype=np.int64, count=n)
    slow: list[int] = []
    for key, r in by_id.items():
        rows = rule_of == key
        if r.players != 4 or not r.atozuke:  # 後付けなし (Y29) tries every winning tile
            special |= rows
            continue
        rows &= ~special
        if not rows.any():
            continue
        idx = np.flatnonzero(rows)
        group = situations if len(idx) == n else [situations[i] for i in idx.tolist()]
        slow.extend(_score_group(np, list(group), idx, out, deltas, error))
    slow.extend(np.flatnonzero(special).tolist())
    for i in slow:
        _fill(situations[i], i, out, deltas, error)
    return ScoreTable(
        out["han"], out["fu"], out["yakuman"], out["basic"], out["total"], deltas, error
    )


def _fill(s: WinSituation, i: int, out: dict[str, _Ints], deltas: _Ints, error: _Ints) -> None:
    try:
        r: WinResult = score_win(s)
    except NoYakuError:
        error[i] = NO_YAKU
        return
    except IncompleteHandError:
        error[i] = NOT_A_WIN
        return
    except ImpossibleSituationError:
        error[i] = IMPOSSIBLE
        return
    out["han"][i] = r.han
    out["fu"][i] = r.fu
    out["yakuman"][i] = r.yakuman
    out["basic"][i] = r.basic
    out["total"][i] = r.total
    deltas[i, : len(r.deltas)] = r.deltas


def _score_group(
    np: Any,
    ss: list[WinSituation],
    idx: _Ints,
    out: dict[str, _Ints],
    deltas: _Ints,
    error: _Ints,
) -> list[int]:
    """Score four-player wins under one rules value; return the rows left to
    :func:`score_win`."""
    rules = ss[0].rules
    return _score_arrays(np, rules, _from_situations(np, ss, rules), idx, out, deltas, error)


def _from_situations(np: Any, ss: list[WinSituation], rules: Any) -> dict[str, _Ints]:
    """The arrays :func:`_score_arrays` reads, from situations."""
    t = _tables(np)
    m = len(ss)
    # the situation's fields, one row a win
    fields = np.fromiter(chain.from_iterable(map(_FIELDS, ss)), np.int64, 10 * m).reshape(m, 10)
    winner, dealer, ippatsu, chankan, rinshan = (fields[:, k] for k in range(5))
    haitei, houtei, round_wind, honba, deposits = (fields[:, k] for k in range(5, 10))
    discarder = np.fromiter(
        (-1 if d is None else d for d in map(_DISCARDER, ss)), dtype=np.int64, count=m
    )
    riichi = np.fromiter(map(_RIICHI.__getitem__, map(id, map(_RIICHI_OF, ss))), np.int64, m)
    win = t["kind_of"][np.fromiter(map(_WIN_TILE, ss), dtype=np.int64, count=m)]
    # concealed counts, and all counts (a kan's four tiles) for the dora
    concealed = list(map(_CONCEALED, ss))
    sizes = np.fromiter(map(len, concealed), dtype=np.int64, count=m)
    tiles = np.fromiter(chain.from_iterable(concealed), dtype=np.int64)
    owner = np.repeat(np.arange(m), sizes)
    kinds = t["kind_of"][tiles]
    counts = np.bincount(owner * 34 + kinds, minlength=m * 34).reshape(m, 34)
    red = np.bincount(owner, weights=tiles >= 34, minlength=m).astype(np.int64)
    all_counts = np.zeros((m, 35), dtype=np.int64)
    all_counts[:, :34] = counts
    # the melds: masks, fu, kans
    meld_lists = list(map(_MELDS, ss))
    n_melds = np.fromiter(map(len, meld_lists), dtype=np.int64, count=m)
    meld_rmask = np.zeros(m, dtype=np.int64)
    meld_tmask = np.zeros(m, dtype=np.int64)
    meld_kinds = np.zeros(m, dtype=np.int64)
    meld_fu = np.zeros(m, dtype=np.int64)
    meld_runs = np.zeros(m, dtype=np.int64)
    kans = np.zeros(m, dtype=np.int64)
    ankans = np.zeros(m, dtype=np.int64)
    closed = np.ones(m, dtype=bool)
    flat = list(chain.from_iterable(meld_lists))
    if flat:
        n = len(flat)
        of = np.repeat(np.arange(m), n_melds)
        code = np.fromiter(map(_MELD.__getitem__, map(_KIND_VALUE, flat)), np.int64, n)
        meld_tiles = list(map(_TILES, flat))
        k = t["kind_of"][np.fromiter(map(_FIRST, meld_tiles), dtype=np.int64, count=n)]
        chii = code == 0
        bit = np.left_shift(1, k)
        np.bitwise_or.at(meld_rmask, of, np.where(chii, bit, 0))
        np.bitwise_or.at(meld_tmask, of, np.where(chii, 0, bit))
        np.bitwise_or.at(meld_kinds, of, np.where(chii, 7 * bit, bit))
        yao = t["yao"][k]
        fu = np.select([code == 1, code == 4, code >= 2], [2, 16, 8], 0) << yao
        meld_fu = np.bincount(of, weights=fu, minlength=m).astype(np.int64)
        meld_runs = np.bincount(of, weights=chii, minlength=m).astype(np.int64)
        kans = np.bincount(of, weights=code >= 2, minlength=m).astype(np.int64)
        ankans = np.bincount(of, weights=code == 4, minlength=m).astype(np.int64)
        closed = np.bincount(of, weights=code != 4, minlength=m) == 0
        tsz = np.fromiter(map(len, meld_tiles), dtype=np.int64, count=n)
        mtiles = np.fromiter(chain.from_iterable(meld_tiles), dtype=np.int64)
        mowner = np.repeat(of, tsz)
        mk = t["kind_of"][mtiles]
        all_counts[:, :34] += np.bincount(mowner * 34 + mk, minlength=m * 34).reshape(m, 34)
        red += np.bincount(mowner, weights=mtiles >= 34, minlength=m).astype(np.int64)
    dora = _indicated(np, list(map(_DORA, ss)), all_counts, t["dora_of"])
    ura = np.zeros(m, dtype=np.int64)
    if rules.ura_dora:
        ura = np.where(
            riichi > 0,
            _indicated(np, list(map(_URA, ss)), all_counts, t["dora_of"]),
            0,
        )
    return {
        "winner": winner,
        "dealer": dealer,
        "discarder": discarder,
        "riichi": riichi,
        "ippatsu": ippatsu,
        "chankan": chankan,
        "rinshan": rinshan,
        "haitei": haitei,
        "houtei": houtei,
        "round_wind": round_wind,
        "honba": honba,
        "deposits": deposits,
        "win": win,
        "counts": counts,
        "n_melds": n_melds,
        "meld_rmask": meld_rmask,
        "meld_tmask": meld_tmask,
        "meld_kinds": meld_kinds,
        "meld_fu": meld_fu,
        "meld_runs": meld_runs,
        "kans": kans,
        "ankans": ankans,
        "closed": closed,
        "extra": dora + ura + red,
    }


def _from_columns(np: Any, c: WinColumns) -> dict[str, _Ints]:
    """The arrays :func:`_score_arrays` reads, from columns."""
    t = _tables(np)
    kind_of = t["kind_of_pad"]  # -1 reads as 34, no kind
    m = len(c)
    tiles, mk, mt = c.tiles, c.meld_kind, c.meld_tiles
    rows = np.arange(m)
    size = m * 35
    counts = np.bincount(
        ((rows * 35)[:, None] + kind_of[tiles]).reshape(-1), minlength=size
    ).reshape(m, 35)
    all_counts = counts + np.bincount(
        ((rows * 35)[:, None] + kind_of[mt.reshape(m, 16)]).reshape(-1), minlength=size
    ).reshape(m, 35)
    all_counts[:, 34] = 0
    counts = counts[:, :34]
    red = (tiles >= 34).sum(axis=1) + (mt >= 34).sum(axis=(1, 2))
    has = mk >= 0
    k = np.where(mt >= 0, kind_of[mt], 99).min(axis=2)
    k = np.where(has, k, 0)
    bit = np.where(has, np.left_shift(1, k), 0)
    chii = mk == 0
    yao = t["yao"][k]
    fu = np.where(has, np.select([mk == 1, mk == 4, mk >= 2], [2, 16, 8], 0) << yao, 0)
    riichi = c.riichi
    dora_of = t["dora_of"]
    dora = all_counts[rows[:, None], dora_of[c.dora]].sum(axis=1)
    ura = np.zeros(m, dtype=np.int64)
    if c.rules.ura_dora:
        ura = np.where(riichi > 0, all_counts[rows[:, None], dora_of[c.ura]].sum(axis=1), 0)
    return {
        "winner": c.winner,
        "dealer": c.dealer,
        "discarder": c.discarder,
        "riichi": riichi,
        "ippatsu": c.ippatsu,
        "chankan": c.chankan,
        "rinshan": c.rinshan,
        "haitei": c.haitei,
        "houtei": c.houtei,
        "round_wind": c.round_wind,
        "honba": c.honba,
        "deposits": c.deposits,
        "win": kind_of[c.win_tile],
        "counts": counts,
        "n_melds": has.sum(axis=1),
        "meld_rmask": np.bitwise_or.reduce(np.where(chii, bit, 0), axis=1),
        "meld_tmask": np.bitwise_or.reduce(np.where(chii, 0, bit), axis=1),
        "meld_kinds": np.bitwise_or.reduce(np.where(chii, 7 * bit, bit), axis=1),
        "meld_fu": fu.sum(axis=1),
        "meld_runs": chii.sum(axis=1),
        "kans": (mk >= 2).sum(axis=1),
        "ankans": (mk == 4).sum(axis=1),
        "closed": (has & (mk != 4)).sum(axis=1) == 0,
        "extra": dora + ura + red,
    }


def _score_arrays(
    np: Any,
    rules: Any,
    a: dict[str, _Ints],
    idx: _Ints,
    out: dict[str, _Ints],
    deltas: _Ints,
    error: _Ints,
) -> list[int]:
    """Score the prepared arrays of four-player wins; return the rows left to
    :func:`score_win`."""
    t = _tables(np)
    winner, dealer, discarder, riichi = a["winner"], a["dealer"], a["discarder"], a["riichi"]
    ippatsu, chankan, rinshan, haitei = a["ippatsu"], a["chankan"], a["rinshan"], a["haitei"]
    houtei, round_wind, honba, deposits = a["houtei"], a["round_wind"], a["honba"], a["deposits"]
    win, counts, n_melds, closed = a["win"], a["counts"], a["n_melds"], a["closed"]
    meld_rmask, meld_tmask, meld_kinds = a["meld_rmask"], a["meld_tmask"], a["meld_kinds"]
    meld_fu, meld_runs, kans, ankans = a["meld_fu"], a["meld_runs"], a["kans"], a["ankans"]
    extra = a["extra"]
    m = len(win)
    tsumo = discarder < 0
    seat_wind = 27 + (winner - dealer) % 4
    # the hand as a whole
    mask = (counts > 0) @ t["bits"] | meld_kinds
    honors = (mask & _HONORS) != 0
    n_suits = sum(((mask >> b) & _SUIT) != 0 for b in (0, 9, 18))
    seven = (n_melds == 0) & ((counts == 2).sum(axis=1) == 7)
    orphans = (n_melds == 0) & ((mask & _YAO) == _YAO) & ((mask & ~_YAO) == 0)
    # a yakuman of the whole hand is possible: score_win decides
    ok = (mask & ~_HONORS) != 0
    ok &= (mask & ~_GREEN) != 0
    ok &= (mask & ~_TERMINALS) != 0
    ok &= kans < 4
    one_suit_closed = closed & (n_melds == 0) & (n_suits == 1) & ~honors
    for base in (0, 9, 18):
        gates = (
            (counts[:, base] >= 3)
            & (counts[:, base + 8] >= 3)
            & (counts[:, base + 1 : base + 8].min(axis=1) >= 1)
        )
        ok &= ~(one_suit_closed & gates)
    col_closed = closed.astype(np.int64)
    no_yao = (mask & _YAO) == 0
    hand_han = (
        (closed & tsumo).astype(np.int64)  # int first: bool arrays add as "or"
        + (closed & (riichi == 1))
        + (closed & (ippatsu == 1) & rules.ippatsu)
        + chankan
        + rinshan
        + haitei
        + houtei
        + (no_yao & (closed | rules.kuitan))
        + 2 * (closed & (riichi == 2))
        + np.where(n_suits == 1, np.where(honors, 2, 5) + col_closed, 0)
    )
    honroutou = ((mask & ~_YAO) == 0) & honors & (n_suits > 0)
    rows_m = np.arange(m)
    # the readings: each suit's splits from the tables; a hand reads as many ways as
    # the product of its suits' split counts, each way a virtual row
    in_table = np.ones(m, dtype=bool)
    ways = np.ones(m, dtype=np.int64)
    lookups = []
    for part, base, width in ((0, 0, 9), (1, 9, 9), (2, 18, 9), (3, 27, 7)):
        table = t["honor" if part == 3 else "suit"]
        code = counts[:, base : base + width] @ t["pow5"][:width]
        at = np.minimum(np.searchsorted(table.codes, code), len(table.codes) - 1)
        found = table.codes[at] == code
        in_table &= found
        count = np.where(found, table.count[at], 1)
        ways *= count
        lookups.append((table, base, at, count))
    too_many = in_table & (ways > 16)
    ways = np.where(in_table & ~too_many, ways, 0)
    src = np.repeat(rows_m, ways)
    j = np.arange(len(src)) - (np.cumsum(ways) - ways)[src]
    pair = np.full(len(src), -1, dtype=np.int64)
    n_pairs = np.zeros(len(src), dtype=np.int64)
    rmask_c = np.zeros(len(src), dtype=np.int64)
    tmask_c = np.zeros(len(src), dtype=np.int64)
    trip_fu = meld_fu[src]
    runs = meld_runs[src]
    trips_c = np.zeros(len(src), dtype=np.int64)
    peikou = np.zeros(len(src), dtype=np.int64)
    radix = np.ones(len(src), dtype=np.int64)
    for table, base, at, count in lookups:
        c = count[src]
        k = table.first[at[src]] + (j // radix) % c
        radix *= c
        p = table.pair[k]
        pair = np.where(p >= 0, base + p, pair)
        n_pairs += p >= 0
        rmask_c |= table.rmask[k] << base
        tmask_c |= table.tmask[k] << base
        trip_fu += table.trip_fu[k]
        runs += table.runs[k]
        trips_c += table.trips[k]
        peikou += table.peikou[k]
    reading = n_pairs == 1
    regular = np.bincount(src, weights=reading, minlength=m) > 0
    ok &= (regular | seven | orphans) & ~too_many
    pair = np.where(reading, pair, 34)  # a harmless kind where it is no reading
    rmask = rmask_c | meld_rmask[src]
    tmask = tmask_c | meld_tmask[src]
    v_closed = closed[src]
    v_honors = honors[src]
    v_colc = col_closed[src]
    seat_v = seat_wind[src]
    round_v = round_wind[src]
    tsumo_v = tsumo[src]
    # a yakuman of the reading is possible: score_win decides
    n_dragons = _popcount(np, (tmask >> 31) & 7)
    n_winds = _popcount(np, (tmask >> 27) & 15)
    pair_wind = (pair >= 27) & (pair < 31)
    limit = reading & ((n_dragons == 3) | (n_winds == 4) | ((n_winds == 3) & pair_wind))
    # the yaku of the reading that do not depend on the wait
    yao_sets = (runs > 0) & t["yao"][pair] & ((rmask & ~_EDGE_RUNS) == 0) & ((tmask & ~_YAO) == 0)
    ittsu = np.zeros(len(src), dtype=bool)
    for base in (0, 9, 18):
        ittsu |= ((rmask >> base) & 0b1001001) == 0b1001001
    sanshoku = (rmask & (rmask >> 9) & (rmask >> 18)) != 0
    doukou = (tmask & (tmask >> 9) & (tmask >> 18) & _SUIT) != 0
    value_pair = (pair >= 31) | (pair == seat_v) | (pair == round_v)
    reading_han = (
        hand_han[src]
        + np.where(v_closed & (peikou == 1), 1, 0)
        + np.where(v_closed & (peikou >= 2), 3, 0)
        + ((tmask >> seat_v) & 1)
        + ((tmask >> round_v) & 1)
        + n_dragons
        + np.where(yao_sets, np.where(v_honors, 1, 2) + v_colc, 0)
        + np.where((runs >= 3) & ittsu, 1 + v_colc, 0)
        + np.where(sanshoku, 1 + v_colc, 0)
        + 2 * doukou
        + 2 * (kans[src] == 3)
        + 2 * (runs == 0)
        + 2 * ((pair >= 31) & (n_dragons == 2))
        + 2 * honroutou[src]
    )
    pair_fu = np.where(
        pair >= 31,
        2,
        np.where(
            (pair == seat_v) & (pair == round_v),
            rules.double_wind_pair_fu,
            np.where((pair == seat_v) | (pair == round_v), 2, 0),
        ),
    )
    fixed_fu = 20 + 10 * (v_closed & ~tsumo_v) + trip_fu + pair_fu
    # each wait the winning tile can have; the best by (basic, han, fu)
    w = win[src]
    low = ((rmask_c >> w) & 1).astype(bool)  # a concealed run starting at the tile
    mid = (w >= 1) & ((rmask_c >> np.maximum(w - 1, 0)) & 1).astype(bool)
    high = (w >= 2) & ((rmask_c >> np.maximum(w - 2, 0)) & 1).astype(bool)
    v_rank = np.full(len(src), -1, dtype=np.int64)
    v_four = np.full(len(src), -1, dtype=np.int64)  # suuankou: its multiple * 1000 + fu
    v_best = {k: np.zeros(len(src), dtype=np.int64) for k in ("han", "fu", "basic")}
    win_yao = t["yao"][w]
    v_extra = extra[src]
    for kind, valid in (
        ("tanki", pair == w),
        ("shanpon", ((tmask_c >> w) & 1).astype(bool)),
        ("kanchan", mid),
        ("penchan", (low & (w % 9 == 6)) | (high & ((w - 2) % 9 == 0))),
        ("ryanmen", (low & (w % 9 != 6)) | (high & ((w - 2) % 9 != 0))),
    ):
        valid &= reading
        if not valid.any():
            continue
        ron_trip = (kind == "shanpon") & ~tsumo_v
        concealed_trips = trips_c + ankans[src] - ron_trip
        four = valid & (concealed_trips == 4)
        pinfu = v_closed & (runs == 4) & ~value_pair & (kind == "ryanmen")
        han = reading_han + pinfu + 2 * (concealed_trips == 3)
        raw = fixed_fu + 2 * (tsumo_v & ~pinfu)
        if kind == "shanpon":
            raw = raw - np.where(ron_trip, np.where(win_yao, 4, 2), 0)
        if kind in ("tanki", "kanchan", "penchan"):
            raw = raw + 2
        raw = np.where((raw == 20) & ~v_closed, 30, raw)
        fu = np.where(pinfu & tsumo_v, 20, -(-raw // 10) * 10)
        if four.any():  # suuankou, on a tanki wait double where the rules say so
            multiple = 2 if kind == "tanki" and rules.double_yakuman else 1
            v_four = np.maximum(v_four, np.where(four, multiple * 1000 + fu, -1))
        basic = _basic(np, han + v_extra, fu, rules)
        rank = np.where(valid & (han > 0), (basic * 100 + han) * 1000 + fu, -1)
        better = rank > v_rank
        v_rank = np.where(better, rank, v_rank)
        for name, value in (("han", han), ("fu", fu), ("basic", basic)):
            v_best[name] = np.where(better, value, v_best[name])
    ok &= np.bincount(src, weights=limit, minlength=m) == 0
    best_four = np.full(m, -1, dtype=np.int64)
    np.maximum.at(best_four, src, v_four)
    four_hand = best_four >= 0  # a yakuman beats every reading without one
    # the best reading of each hand (equal ranks give equal numbers)
    best_rank = np.full(m, -1, dtype=np.int64)
    np.maximum.at(best_rank, src, v_rank)
    chosen = (v_rank == best_rank[src]) & (v_rank >= 0)
    best = {k: np.zeros(m, dtype=np.int64) for k in ("han", "fu", "basic")}
    for name, value in v_best.items():
        best[name][src[chosen]] = value[chosen]
    # seven pairs: the hand's yaku, chiitoitsu and honroutou, 25 fu
    sp_han = hand_han + 2 + 2 * honroutou
    sp_basic = _basic(np, sp_han + extra, np.full_like(sp_han, 25), rules)
    sp_better = seven & ((sp_basic * 100 + sp_han) * 1000 + 25 > best_rank)
    best["han"] = np.where(sp_better, sp_han, best["han"])
    best["fu"] = np.where(sp_better, 25, best["fu"])
    best["basic"] = np.where(sp_better, sp_basic, best["basic"])
    # thirteen orphans: a yakuman, double on the 13-sided wait where the rules say so
    thirteen = ((counts == 2).argmax(axis=1) == win) & rules.double_yakuman
    yakuman = np.where(orphans, np.where(thirteen, 2, 1), 0)
    best["fu"] = np.where(orphans, 30, best["fu"])
    best["basic"] = np.where(orphans, 8000 * yakuman, best["basic"])
    # four concealed triplets: the reading and wait of the highest multiple, then fu
    yakuman = np.where(four_hand, best_four // 1000, yakuman)
    best["fu"] = np.where(four_hand, best_four % 1000, best["fu"])
    best["basic"] = np.where(four_hand, 8000 * yakuman, best["basic"])
    best_rank = np.where(seven | orphans | four_hand, 1, best_rank)
    fallback = idx[~ok].tolist()
    no_yaku = ok & (best_rank < 0)
    good = ok & ~no_yaku
    error[idx[no_yaku]] = NO_YAKU
    basic = best["basic"]
    han_total = np.where(yakuman > 0, 13 * yakuman, best["han"] + extra)
    # payments
    dealer_win = winner == dealer
    ron_total = -(-basic * np.where(dealer_win, 6, 4) // 100) * 100
    shares = np.zeros((m, 4), dtype=np.int64)
    for p in range(4):
        raw_share = np.where(dealer_win | (dealer == p), 2 * basic, basic)
        shares[:, p] = np.where(winner == p, 0, -(-raw_share // 100) * 100)
    tsumo_total = shares.sum(axis=1)
    total = np.where(tsumo, tsumo_total, ron_total)
    change = np.zeros((m, 4), dtype=np.int64)
    ron_honba = honba * rules.honba_value
    each_honba = honba * rules.honba_tsumo_each
    for p in range(4):
        paid = np.where(tsumo, shares[:, p] + np.where(winner == p, 0, each_honba), 0)
        paid = paid + np.where(~tsumo & (discarder == p), ron_total + ron_honba, 0)
        change[:, p] = -paid
    gain = total + np.where(tsumo, 3 * each_honba, ron_honba) + deposits * rules.riichi_deposit
    change[rows_m, winner] = gain
    rows = idx[good]
    out["han"][rows] = han_total[good]
    out["fu"][rows] = best["fu"][good]
    out["yakuman"][rows] = yakuman[good]
    out["basic"][rows] = basic[good]
    out["total"][rows] = total[good]
    deltas[rows] = change[good]
    return fallback  # type: ignore[no-any-return]


def _indicated(np: Any, indicators: list[tuple[int, ...]], counts: _Ints, dora_of: _Ints) -> _Ints:
    """How many tiles of each hand the indicators point at."""
    m = len(indicators)
    sizes = np.fromiter(map(len, indicators), dtype=np.int64, count=m)
    flat = np.fromiter(chain.from_iterable(indicators), dtype=np.int64)
    owner = np.repeat(np.arange(m), sizes)
    hits = counts[owner, dora_of[flat]]
    return np.bincount(owner, weights=hits, minlength=m).astype(np.int64)  # type: ignore[no-any-return]


def _basic(np: Any, han: _Ints, fu: _Ints, rules: Any) -> _Ints:
    """Basic points and limits (S3, S4) of han and fu arrays."""
    b = fu << (np.minimum(han, 5) + 2)
    small = np.where((han >= 5) | (b >= 2000) | ((b == 1920) & rules.kiriage_mangan), 2000, b)
    top = 8000 if rules.kazoe_yakuman else 6000
    return np.select(  # type: ignore[no-any-return]
        [han >= 13, han >= 11, han >= 8, han >= 6], [top, 6000, 4000, 3000], small
    )
