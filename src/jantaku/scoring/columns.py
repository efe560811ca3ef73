"""Many four-player wins as columns of integers: the columnar input of ``score_table``.

A simulator or a training loop holds its wins as arrays already; :class:`WinColumns`
lets :func:`~jantaku.scoring.score_table` score them without a
:class:`~jantaku.scoring.WinSituation` per win. One row is one win; tiles are tile
values 0–36 (red fives 34–36) and ``-1`` fills an empty place. Construction checks
every row as :class:`~jantaku.scoring.WinSituation` does (the wins of a table are
four-player wins without a first-turn win, pao, north tiles or flowers set aside, or
a robbed ankan: those need a ``WinSituation``).

>>> from jantaku.scoring import WinSituation, score_table
>>> s = WinSituation.from_hand("234m567p11s345678s", win="8s", discarder=2, winner=1)
>>> cols = WinColumns.from_situations([s])
>>> cols.tiles[0].tolist()[:4], cols.discarder.tolist(), len(cols)
([1, 2, 3, 13], [2], 1)
>>> score_table(cols).total.tolist()
[1000]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, fields
from itertools import chain
from operator import attrgetter
from typing import TYPE_CHECKING, Any, Final

from jantaku.errors import ImpossibleSituationError, InvalidHandError
from jantaku.meld import Meld, MeldKind
from jantaku.rules import TENHOU, Rules
from jantaku.scoring.situation import Riichi, WinSituation
from jantaku.tiles import KIND_OF

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    _Ints = npt.NDArray[np.int64]

__all__ = ["MELD_CODES", "WinColumns"]

MELD_CODES: Final = (
    MeldKind.CHII,
    MeldKind.PON,
    MeldKind.DAIMINKAN,
    MeldKind.KAKAN,
    MeldKind.ANKAN,
)
"""The meld kinds by their code in ``WinColumns.meld_kind`` (0 chii … 4 ankan)."""
_CODE_OF: Final = {kind: code for code, kind in enumerate(MELD_CODES)}
_RIICHI: Final = (Riichi.NONE, Riichi.RIICHI, Riichi.DOUBLE)
_RIICHI_CODE: Final = {r: code for code, r in enumerate(_RIICHI)}
_PLAIN: Final = attrgetter("rules", "first_turn", "pao", "kita", "flowers", "robbed_ankan")
_CONCEALED: Final = attrgetter("concealed")
_DORA: Final = attrgetter("dora_indicators")
_URA: Final = attrgetter("ura_indicators")
_MELDS: Final = attrgetter("melds")
_KIND: Final = attrgetter("kind")
_TILES: Final = attrgetter("tiles")
_DISCARDER: Final = attrgetter("discarder")
_RIICHI_OF: Final = attrgetter("riichi")
_SCALARS: Final = attrgetter(  # the int and bool columns, in the order of the fields
    "win_tile",
    "ippatsu",
    "haitei",
    "houtei",
    "rinshan",
    "chankan",
    "round_wind",
    "winner",
    "dealer",
    "honba",
    "deposits",
)
_SHAPES: Final = {
    "tiles": (14,),
    "meld_kind": (4,),
    "meld_tiles": (4, 4),
    "dora": (5,),
    "ura": (5,),
}


@dataclass(frozen=True, slots=True, eq=False, kw_only=True)
class WinColumns:
    """Four-player wins as integer columns, one row a win.

    ``tiles`` (n × 14): the concealed tiles with the winning tile, ``-1`` after the
    last; ``meld_kind`` (n × 4): each meld's code (:data:`MELD_CODES`, ``-1`` none);
    ``meld_tiles`` (n × 4 × 4): each meld's tiles (``-1`` after the last; a kan has
    four); ``win_tile``; ``discarder`` (``-1`` for a tsumo); ``riichi`` (0 none, 1
    riichi, 2 double riichi); the flags ``ippatsu``, ``haitei``, ``houtei``,
    ``rinshan``, ``chankan`` (0 or 1); ``round_wind`` (tile 27–30); ``winner``,
    ``dealer``, ``honba``, ``deposits``; ``dora`` and ``ura`` (n × 5): the indicators,
    ``-1`` after the last. ``rules`` holds for every row.

    Raises :class:`~jantaku.errors.InvalidHandError` for columns of the wrong shape
    or tiles that are no hand, :class:`~jantaku.errors.ImpossibleSituationError` for
    a row that is no possible win (the row is named).
    """

    tiles: _Ints
    meld_kind: _Ints
    meld_tiles: _Ints
    win_tile: _Ints
    discarder: _Ints
    riichi: _Ints
    ippatsu: _Ints
    haitei: _Ints
    houtei: _Ints
    rinshan: _Ints
    chankan: _Ints
    round_wind: _Ints
    winner: _Ints
    dealer: _Ints
    honba: _Ints
    deposits: _Ints
    dora: _Ints
    ura: _Ints
    rules: Rules = TENHOU

    def __post_init__(self) -> None:
        import numpy as np

        n = -1
        for f in fields(self):
            if f.name == "rules":
                continue
            try:
                value = np.asarray(getattr(self, f.name), dtype=np.int64)
            except (TypeError, ValueError, OverflowError) as e:
                raise InvalidHandError(f"column {f.name} is not integers") from e
            if n < 0:
                n = len(value) if value.ndim else -1
            if value.shape != (n, *_SHAPES.get(f.name, ())):
                raise InvalidHandError(
                    f"column {f.name} has shape {value.shape}, not "
                    f"{(max(n, 0), *_SHAPES.get(f.name, ()))}"
                )
            object.__setattr__(self, f.name, value)
        if not isinstance(self.rules, Rules):
            raise InvalidHandError(f"not a Rules value: {self.rules!r}")
        _check(np, self)

    def __len__(self) -> int:
        """The number of wins."""
        return len(self.win_tile)

    @classmethod
    def from_situations(
        cls, situations: Sequence[WinSituation], rules: Rules | None = None
    ) -> WinColumns:
        """The columns of four-player situations under one rules value.

        Raises :class:`~jantaku.errors.ImpossibleSituationError` for a situation the
        columns cannot hold (other rules, a first-turn win, pao, north tiles or
        flowers set aside, a robbed ankan).
        """
        import numpy as np

        rules = rules if rules is not None else situations[0].rules if situations else TENHOU
        n = len(situations)
        for i, (r, first, pao, kita, flowers, robbed) in enumerate(map(_PLAIN, situations)):
            if r is not rules and r != rules:
                raise ImpossibleSituationError(f"row {i}: other rules than the columns'")
            if first or pao is not None or kita or flowers or robbed:
                raise ImpossibleSituationError(
                    f"row {i}: a first-turn win, pao, north tiles, flowers or a robbed "
                    "ankan need a WinSituation"
                )
        if rules.players != 4:
            raise ImpossibleSituationError("columns hold four-player wins")
        tiles = _padded(np, list(map(_CONCEALED, situations)), 14)
        dora = _padded(np, list(map(_DORA, situations)), 5)
        ura = _padded(np, list(map(_URA, situations)), 5)
        meld_kind = np.full((n, 4), -1, dtype=np.int64)
        meld_tiles = np.full((n, 4, 4), -1, dtype=np.int64)
        meld_lists = list(map(_MELDS, situations))
        counts = np.fromiter(map(len, meld_lists), np.int64, n)
        flat_melds = list(chain.from_iterable(meld_lists))
        if flat_melds:
            row = np.repeat(np.arange(n), counts)
            place = np.arange(len(flat_melds)) - np.repeat(np.cumsum(counts) - counts, counts)
            codes = np.fromiter(map(_CODE_OF.__getitem__, map(_KIND, flat_melds)), np.int64)
            meld_kind[row, place] = codes
            by_meld = _padded(np, list(map(_TILES, flat_melds)), 4)
            meld_tiles[row, place] = by_meld
        values = np.fromiter(chain.from_iterable(map(_SCALARS, situations)), np.int64, 11 * n)
        values = values.reshape(n, 11).T
        discarder = np.fromiter(
            (-1 if d is None else d for d in map(_DISCARDER, situations)), np.int64, n
        )
        riichi = np.fromiter(
            map(_RIICHI_CODE.__getitem__, map(_RIICHI_OF, situations)), np.int64, n
        )
        cols = (values[0], discarder, riichi, *values[1:])
        arrays = dict(
            tiles=tiles,
            meld_kind=meld_kind,
            meld_tiles=meld_tiles,
            win_tile=cols[0],
            discarder=cols[1],
            riichi=cols[2],
            ippatsu=cols[3],
            haitei=cols[4],
            houtei=cols[5],
            rinshan=cols[6],
            chankan=cols[7],
            round_wind=cols[8],
            winner=cols[9],
            dealer=cols[10],
            honba=cols[11],
            deposits=cols[12],
            dora=dora,
            ura=ura,
            rules=rules,
        )
        if not all(s.__class__ is WinSituation for s in situations):
            return cls(**arrays)  # rows of another type: checked as any columns are
        # every row is a WinSituation checked under these rules (its checks are the
        # columns' checks, _check): the columns are set as they are, not checked again
        columns = object.__new__(cls)
        for name, value in arrays.items():
            object.__setattr__(columns, name, value)
        return columns

    def situation(self, i: int) -> WinSituation:
        """Row ``i`` as a :class:`~jantaku.scoring.WinSituation` (called tiles and
        their sources, which scoring does not read, are the meld's first tiles)."""
        melds = []
        for code, mt in zip(self.meld_kind[i].tolist(), self.meld_tiles[i].tolist(), strict=True):
            if code < 0:
                continue
            kind = MELD_CODES[code]
            ts = tuple(t for t in mt if t >= 0)
            if kind is MeldKind.ANKAN:
                melds.append(Meld(kind, ts))
            elif kind is MeldKind.KAKAN:
                melds.append(Meld(kind, ts, ts[0], 1, ts[1]))
            else:
                melds.append(Meld(kind, ts, ts[0], 3 if kind is MeldKind.CHII else 1))
        d = int(self.discarder[i])
        return WinSituation(
            concealed=tuple(t for t in self.tiles[i].tolist() if t >= 0),
            melds=tuple(melds),
            win_tile=int(self.win_tile[i]),
            discarder=None if d < 0 else d,
            riichi=_RIICHI[int(self.riichi[i])],
            ippatsu=bool(self.ippatsu[i]),
            haitei=bool(self.haitei[i]),
            houtei=bool(self.houtei[i]),
            rinshan=bool(self.rinshan[i]),
            chankan=bool(self.chankan[i]),
            round_wind=int(self.round_wind[i]),
            winner=int(self.winner[i]),
            dealer=int(self.dealer[i]),
            honba=int(self.honba[i]),
            deposits=int(self.deposits[i]),
            dora_indicators=tuple(t for t in self.dora[i].tolist() if t >= 0),
            ura_indicators=tuple(t for t in self.ura[i].tolist() if t >= 0),
            rules=self.rules,
        )


def _padded(np: Any, rows: list[tuple[int, ...]], width: int) -> _Ints:
    """Tuples of at most ``width`` ints as an array of rows, ``-1`` after each."""
    n = len(rows)
    out = np.full((n, width), -1, dtype=np.int64)
    sizes = np.fromiter(map(len, rows), np.int64, n)
    flat = np.fromiter(chain.from_iterable(rows), np.int64, int(sizes.sum()))
    if len(flat):
        row = np.repeat(np.arange(n), sizes)
        place = np.arange(len(flat)) - np.repeat(np.cumsum(sizes) - sizes, sizes)
        out[row, place] = flat
    return out  # type: ignore[no-any-return]


def _check(np: Any, c: WinColumns) -> None:
    """Raise for the first row that WinSituation would refuse."""
    rules = c.rules
    if rules.players != 4:
        raise ImpossibleSituationError("columns hold four-player wins")

    def refuse(bad: Any, error: type[Exception], what: str) -> None:
        rows = np.flatnonzero(bad)
        if len(rows):
            raise error(f"row {int(rows[0])}: {what}")

    kind_of = np.array([*KIND_OF, 34], dtype=np.int64)  # -1 reads as 34, no kind
    tiles, mk, mt = c.tiles, c.meld_kind, c.meld_tiles
    for name, col in (("tile", tiles), ("meld tile", mt), ("indicator", c.dora)):
        refuse((col < -1) | (col > 36), InvalidHandError, f"a {name} is not a tile value")
    refuse((c.ura < -1) | (c.ura > 36), InvalidHandError, "an indicator is not a tile value")
    refuse((mk < -1) | (mk > 4), InvalidHandError, "a meld code is not 0-4 or -1")
    n_melds = (mk >= 0).sum(axis=1)
    refuse(
        (tiles >= 0).sum(axis=1) != 14 - 3 * n_melds,
        InvalidHandError,
        "a winning hand has 14 tiles (kans count as 3)",
    )
    # each meld's tiles make its kind
    size = (mt >= 0).sum(axis=2)
    want = np.where(mk < 0, 0, np.where(mk >= 2, 4, 3))
    refuse((size != want).any(axis=1), InvalidHandError, "a meld has the wrong number of tiles")
    refuse((mt[:, :, 3] >= 0) & (mk < 2), InvalidHandError, "a meld has the wrong tiles")
    k = kind_of[mt]
    k3 = np.sort(k[:, :, :3], axis=2)
    run = (k3[:, :, 1] == k3[:, :, 0] + 1) & (k3[:, :, 2] == k3[:, :, 0] + 2)
    run &= (k3[:, :, 0] < 27) & (k3[:, :, 0] // 9 == k3[:, :, 2] // 9)
    same = (k[:, :, 0] == k[:, :, 1]) & (k[:, :, 1] == k[:, :, 2])
    same &= (mk < 2) | (k[:, :, 3] == k[:, :, 0])
    bad_meld = np.where(mk == 0, ~run, np.where(mk > 0, ~same, False))
    refuse(bad_meld.any(axis=1), InvalidHandError, "a meld's tiles do not make its kind")
    # copies: at most four of a kind, one of each red five, reds the rules use
    every = np.concatenate([tiles, mt.reshape(len(mt), 16)], axis=1)
    n = len(every)
    owner = np.repeat(np.arange(n), every.shape[1])
    flat = every.reshape(-1)
    real = flat >= 0
    by_tile = np.bincount(owner[real] * 37 + flat[real], minlength=n * 37).reshape(n, 37)
    by_kind = np.bincount(owner[real] * 34 + kind_of[flat[real]], minlength=n * 34).reshape(n, 34)
    refuse((by_kind > 4).any(axis=1), InvalidHandError, "more than four copies of a kind")
    most = np.array([max(1, r) for r in rules.red_fives], dtype=np.int64)
    refuse((by_tile[:, 34:] > most).any(axis=1), InvalidHandError, "too many red fives")
    unused = np.array([not r for r in rules.red_fives], dtype=bool)
    refuse(
        ((by_tile[:, 34:] > 0) & unused).any(axis=1),
        InvalidHandError,
        "a red five that these rules do not use",
    )
    bad = ImpossibleSituationError
    win = c.win_tile
    refuse((win < 0) | (win > 36), InvalidHandError, "the winning tile is not a tile value")
    refuse(~(tiles == win[:, None]).any(axis=1), bad, "the winning tile is not concealed")
    for name in ("winner", "dealer"):
        seat = getattr(c, name)
        refuse((seat < 0) | (seat > 3), bad, f"{name} is not a seat of 4 players")
    d = c.discarder
    refuse((d < -1) | (d > 3), bad, "discarder is not a seat of 4 players")
    refuse(d == c.winner, bad, "the winner cannot be the discarder")
    refuse((c.round_wind < 27) | (c.round_wind > 30), bad, "the round wind must be a wind")
    n_dora = (c.dora >= 0).sum(axis=1)
    n_ura = (c.ura >= 0).sum(axis=1)
    refuse(n_ura > np.maximum(n_dora, 1), bad, "more ura indicators than dora indicators")
    if not rules.kan_dora:
        refuse(n_dora > 1, bad, "kan dora are not played under these rules")
    if not rules.ura_dora:
        refuse(n_ura > 0, bad, "ura dora are not played under these rules")
    refuse((c.honba < 0) | (c.deposits < 0), bad, "honba and deposits cannot be negative")
    refuse((c.riichi < 0) | (c.riichi > 2), bad, "riichi is 0, 1 or 2")
    flags = ("ippatsu", "haitei", "houtei", "rinshan", "chankan")
    for name in flags:
        col = getattr(c, name)
        refuse((col < 0) | (col > 1), bad, f"{name} is 0 or 1")
    tsumo = d < 0
    ippatsu, haitei, houtei = c.ippatsu == 1, c.haitei == 1, c.houtei == 1
    rinshan, chankan = c.rinshan == 1, c.chankan == 1
    refuse(ippatsu & (c.riichi == 0), bad, "ippatsu without riichi")
    if not rules.ippatsu:
        refuse(ippatsu, bad, "ippatsu is not played under these rules")
    refuse(haitei & ~tsumo, bad, "haitei is a tsumo on the last wall tile")
    refuse(houtei & tsumo, bad, "houtei is a ron on the last discard")
    refuse(rinshan & ~tsumo, bad, "rinshan kaihou is a tsumo")
    refuse(rinshan & ~(mk >= 2).any(axis=1), bad, "rinshan kaihou without a kan")
    refuse(rinshan & haitei, bad, "a replacement tile is not the last wall tile")
    refuse(chankan & tsumo, bad, "chankan is a ron on a kan")
    refuse(chankan & houtei, bad, "a kan is not the last discard")
    win_kind = kind_of[np.clip(win, 0, 36)]
    refuse(
        chankan & (by_kind[np.arange(n), win_kind] != 1),
        bad,
        "a robbed kan tile is the only one of its kind in the winner's hand",
    )
    refuse(((mk >= 0) & (mk != 4)).any(axis=1) & (c.riichi > 0), bad, "riichi needs a closed hand")
