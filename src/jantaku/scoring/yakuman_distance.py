"""The distance of a hand to every yakuman it can still make (P1b, Y27): yakuman shanten.

The yakuman shanten of a 13-tile hand (declared kans counting as three tiles) towards
one yakuman is the least number of tile exchanges — draw one tile, discard one — after
which the hand is tenpai on that yakuman, so ``0`` is tenpai and ``-1`` never occurs for
13 tiles, as with the ordinary shanten. Equivalently it is ``m - 1`` where ``m`` is the
least number of tiles the hand lacks of a complete 14-tile hand of that yakuman with
the same melds. Unlike the shape shanten of :mod:`jantaku.hand`, a complete hand never
holds a fifth copy of a kind (the tiles of the melds counted), so a wait on a kind the
hand and its melds already hold four of is no wait. A hand is tenpai on a yakuman when
some tile completes it with that yakuman, by tsumo if need be (suuankou on a shanpon
wait).

Suukantsu (四槓子) is tenpai with four declared kans and a single tile (any tile: it
waits for its pair). A kan takes the place of the discard that follows a draw (its
replacement tile is the next draw), so its distance is the larger of the tiles its four
kans still lack (the fourth tile of each included) and the kans still to declare.

Measured: daisangen, suuankou, tsuuiisou (four triplets and a pair, or seven pairs of
honors), ryuuiisou, chinroutou, chuuren poutou, kokushi musou, daisuushii, shousuushii,
suukantsu. A meld the yakuman cannot hold (a chii for daisangen's fourth set is fine, an
open meld for suuankou is not) makes it unreachable (``None``). Variants that differ
from their base yakuman only by the wait (四暗刻単騎, 国士無双十三面, 純正九蓮宝燈) are
reached through the base shape and are not listed apart; tenhou, chiihou and renhou
(天和, 地和, 人和) depend on the turn of the win, not on the tiles, and have no distance.

>>> from jantaku.tiles import parse_tiles
>>> d = yakuman_distance(parse_tiles("19m19p19s1234566z"))
>>> d.shanten, d.nearest
(0, 'kokushi')
>>> from jantaku.meld import parse_meld
>>> d = yakuman_distance(parse_tiles("6z777z123m99p1s"), [parse_meld("[5-55z]")])
>>> d.of("daisangen"), d.of("suuankou"), d.nearest
(1, None, 'daisangen')
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from itertools import combinations_with_replacement
from typing import Final

from jantaku.errors import InvalidHandError, ScoringError
from jantaku.hand import shanten_kokushi
from jantaku.meld import Meld, MeldKind
from jantaku.tiles import KIND_OF, MOST_RED_FIVES, Tile, check_copies

__all__ = [
    "MEASURED",
    "SITUATIONAL",
    "UNREACHABLE",
    "VARIANTS",
    "YakumanDistance",
    "yakuman_distance",
]

MEASURED: Final[tuple[str, ...]] = (
    "daisangen",
    "suuankou",
    "tsuuiisou",
    "ryuuiisou",
    "chinroutou",
    "chuuren",
    "kokushi",
    "daisuushii",
    "shousuushii",
    "suukantsu",
)
"""The yakuman measured, by registry id (``jantaku.scoring.yaku``), in registry order."""

VARIANTS: Final[dict[str, str]] = {
    "suuankou_tanki": "suuankou",
    "kokushi_13": "kokushi",
    "junsei_chuuren": "chuuren",
}
"""Yakuman that differ from a measured one only by the wait, with that one's id."""

SITUATIONAL: Final[frozenset[str]] = frozenset({"tenhou", "chiihou", "renhou_yakuman"})
"""Yakuman of the turn of the win (天和, 地和, 人和), not of the tiles: no distance."""

UNREACHABLE: Final = 14
"""What :attr:`YakumanDistance.shanten` gives when the melds rule out every yakuman
(more than any reachable distance of a 13-tile hand)."""

_DRAGONS: Final = (31, 32, 33)
_WINDS: Final = (27, 28, 29, 30)
_HONORS: Final = tuple(range(27, 34))
_TERMINALS: Final = (0, 8, 9, 17, 18, 26)
_GREEN: Final = (19, 20, 21, 23, 25, 32)  # 2s 3s 4s 6s 8s hatsu (緑一色)
_CHUUREN: Final = (3, 1, 1, 1, 1, 1, 1, 1, 3)

_Set = tuple[int, int, int]
_MeasureFn = Callable[[Sequence[int], Sequence[int], Sequence[Meld]], "int | None"]
_TRIPLETS: Final[tuple[_Set, ...]] = tuple((k, k, k) for k in range(34))
_RUNS: Final[tuple[_Set, ...]] = tuple((k, k + 1, k + 2) for k in range(27) if k % 9 <= 6)
_ALL_SETS: Final = _TRIPLETS + _RUNS
_ALL_KINDS: Final = tuple(range(34))
_ANY_REDS: Final = (MOST_RED_FIVES,) * 3


@dataclass(frozen=True, slots=True)
class YakumanDistance:
    """Each measured yakuman's shanten for one hand (``None``: ruled out by the melds).

    ``distances`` pairs each id of :data:`MEASURED` with its yakuman shanten, in that
    order; :attr:`shanten` is the least and :attr:`nearest` the first yakuman that has it.

    >>> from jantaku.tiles import parse_tiles
    >>> d = yakuman_distance(parse_tiles("111m222p33s44s567z"))
    >>> d.shanten, d.nearest, d.of("daisangen")
    (2, 'suuankou', 5)
    """

    distances: tuple[tuple[str, int | None], ...]

    @property
    def shanten(self) -> int:
        """The least yakuman shanten, :data:`UNREACHABLE` when every yakuman is ruled out."""
        reachable = [d for _, d in self.distances if d is not None]
        return min(reachable) if reachable else UNREACHABLE

    @property
    def nearest(self) -> str | None:
        """The id of the first measured yakuman at the least distance (``None`` if none)."""
        best = self.shanten
        return next((y for y, d in self.distances if d == best), None)

    def of(self, yakuman: str) -> int | None:
        """The shanten towards one measured yakuman, by registry id (``None``: ruled out).

        Raises :class:`~jantaku.errors.ScoringError` for an id that is not measured.
        """
        for y, d in self.distances:
            if y == yakuman:
                return d
        if yakuman in VARIANTS:
            raise ScoringError(f"{yakuman} is measured as {VARIANTS[yakuman]}")
        if yakuman in SITUATIONAL:
            raise ScoringError(f"{yakuman} depends on the turn of the win, not on the tiles")
        raise ScoringError(f"not a measured yakuman: {yakuman!r}")

    def within(self, shanten: int) -> tuple[str, ...]:
        """The ids of the yakuman at most ``shanten`` away, in :data:`MEASURED` order."""
        return tuple(y for y, d in self.distances if d is not None and d <= shanten)

    def __reduce__(self) -> tuple[type[YakumanDistance], tuple[object, ...]]:
        """Pickled and copied as its fields (a compiled class has no other way)."""
        return (YakumanDistance, (self.distances,))


def yakuman_distance(concealed: Sequence[Tile], melds: Sequence[Meld] = ()) -> YakumanDistance:
    """The yakuman shanten of a 13-tile hand towards each yakuman (P1b, Y27).

    See the module documentation for the definition. Computed exactly by a small search
    over the shapes of each yakuman (its required triplets, pair and allowed sets), not
    by trying draws.

    >>> from jantaku.tiles import parse_tiles
    >>> from jantaku.meld import parse_meld
    >>> d = yakuman_distance(parse_tiles("1112233446z"), [parse_meld("[555=z]")])
    >>> d.of("tsuuiisou"), d.of("shousuushii"), d.of("kokushi")
    (1, 1, None)

    Raises :class:`~jantaku.errors.InvalidHandError` for a hand that is not 13 tiles
    (kans counting as 3), an unknown tile value or a fifth copy of a kind.
    """
    if len(concealed) + 3 * len(melds) != 13:
        raise InvalidHandError("a hand of 13 tiles is measured (kans count as 3)")
    check_copies([*concealed, *(t for m in melds for t in m.tiles)], _ANY_REDS)
    h = [0] * 34
    for t in concealed:
        h[KIND_OF[t]] += 1
    cap = [4] * 34
    for m in melds:
        for t in m.tiles:
            cap[KIND_OF[t]] -= 1
    out: list[tuple[str, int | None]] = []
    for y in MEASURED:
        out.append((y, _MEASURE[y](h, cap, melds)))
    return YakumanDistance(tuple(out))


# --- one function per yakuman ------------------------------------------------------


def _distance(melds: Sequence[Meld], overlap: int | None) -> int | None:
    return None if overlap is None else 13 - 3 * len(melds) - overlap


def _meld_kinds(melds: Sequence[Meld]) -> list[int]:
    return [m.kind34 for m in melds]


def _triplets_only(melds: Sequence[Meld], allowed: tuple[int, ...]) -> bool:
    """Whether every meld is a pon or kan of an allowed kind."""
    return all(m.kind is not MeldKind.CHII and m.kind34 in allowed for m in melds)


def _best(
    h: Sequence[int],
    cap: Sequence[int],
    must: Sequence[int],
    free: int,
    candidates: tuple[_Set, ...],
    pairs: tuple[int, ...],
) -> int | None:
    """The most tiles of ``h`` a concealed part can keep: a triplet of each ``must`` kind,
    ``free`` sets among ``candidates`` and a pair among ``pairs``, within ``cap``."""
    if free < 0:
        return None
    base: dict[int, int] = {}
    for k in must:
        base[k] = base.get(k, 0) + 3
    allowed = frozenset(pairs)
    ranked = sorted((p for p in pairs if cap[p] >= 2), key=lambda p: -min(h[p], 2))
    best: int | None = None
    for combo in combinations_with_replacement(candidates, free):
        w = dict(base)
        for s in combo:
            for k in s:
                w[k] = w.get(k, 0) + 1
        if any(n > cap[k] for k, n in w.items()):
            continue
        kept = sum(min(h[k], n) for k, n in w.items())
        gain = next((min(h[p], 2) for p in ranked if p not in w), -1)
        for p, n in w.items():
            if p in allowed and n + 2 <= cap[p]:
                gain = max(gain, min(h[p], n + 2) - min(h[p], n))
        if gain >= 0 and (best is None or kept + gain > best):
            best = kept + gain
    return best


def _daisangen(h: Sequence[int], cap: Sequence[int], melds: Sequence[Meld]) -> int | None:
    must = [d for d in _DRAGONS if d not in _meld_kinds(melds)]
    free = 4 - len(melds) - len(must)
    return _distance(melds, _best(h, cap, must, free, _ALL_SETS, _ALL_KINDS))


def _shousuushii(h: Sequence[int], cap: Sequence[int], melds: Sequence[Meld]) -> int | None:
    best: int | None = None
    melded = _meld_kinds(melds)
    for pair in _WINDS:
        if pair in melded:
            continue
        must = [w for w in _WINDS if w != pair and w not in melded]
        free = 4 - len(melds) - len(must)
        d = _distance(melds, _best(h, cap, must, free, _ALL_SETS, (pair,)))
        if d is not None and (best is None or d < best):
            best = d
    return best


def _daisuushii(h: Sequence[int], cap: Sequence[int], melds: Sequence[Meld]) -> int | None:
    if not _triplets_only(melds, _WINDS):
        return None
    must = [w for w in _WINDS if w not in _meld_kinds(melds)]
    return _distance(melds, _best(h, cap, must, 0, (), _ALL_KINDS))


def _one_family(kinds: tuple[int, ...], sets: tuple[_Set, ...]) -> _MeasureFn:
    def measure(h: Sequence[int], cap: Sequence[int], melds: Sequence[Meld]) -> int | None:
        if not all(all(KIND_OF[t] in kinds for t in m.tiles) for m in melds):
            return None
        return _distance(melds, _best(h, cap, (), 4 - len(melds), sets, kinds))

    return measure


_honor_regular = _one_family(_HONORS, tuple((k, k, k) for k in _HONORS))


def _tsuuiisou(h: Sequence[int], cap: Sequence[int], melds: Sequence[Meld]) -> int | None:
    regular = _honor_regular(h, cap, melds)
    if melds or regular is None:
        return regular
    return min(regular, 13 - sum(min(h[k], 2) for k in _HONORS))


_chinroutou = _one_family(_TERMINALS, tuple((k, k, k) for k in _TERMINALS))
_ryuuiisou = _one_family(_GREEN, (*((k, k, k) for k in _GREEN), (19, 20, 21)))


def _suuankou(h: Sequence[int], cap: Sequence[int], melds: Sequence[Meld]) -> int | None:
    if any(m.kind is not MeldKind.ANKAN for m in melds):
        return None
    n = 4 - len(melds)
    best = -1
    for p in range(34):
        if cap[p] < 2:
            continue
        rest = sorted((min(h[k], 3) for k in range(34) if k != p and cap[k] >= 3), reverse=True)
        best = max(best, min(h[p], 2) + sum(rest[:n]))
    return _distance(melds, best)


def _suukantsu(h: Sequence[int], cap: Sequence[int], melds: Sequence[Meld]) -> int | None:
    if any(m.kind is MeldKind.CHII for m in melds):
        return None
    missing = sum(1 - min(h[m.kind34], 1) for m in melds if m.kind is MeldKind.PON)
    n = 4 - len(melds)
    missing += sum(
        4 - c for c in sorted((h[k] for k in range(34) if cap[k] == 4), reverse=True)[:n]
    )
    to_declare = sum(1 for m in melds if not m.kind.is_kan) + n
    return max(missing, to_declare)


def _kokushi(h: Sequence[int], cap: Sequence[int], melds: Sequence[Meld]) -> int | None:
    return None if melds else shanten_kokushi(h)


def _chuuren(h: Sequence[int], cap: Sequence[int], melds: Sequence[Meld]) -> int | None:
    if melds:
        return None
    best = 0
    for s in range(0, 27, 9):
        c = h[s : s + 9]
        kept = sum(min(x, b) for x, b in zip(c, _CHUUREN, strict=True))
        extra = any(x > b for x, b in zip(c, _CHUUREN, strict=True))
        best = max(best, kept + extra)
    return 13 - best


_MEASURE: Final[dict[str, _MeasureFn]] = {
    "daisangen": _daisangen,
    "suuankou": _suuankou,
    "tsuuiisou": _tsuuiisou,
    "ryuuiisou": _ryuuiisou,
    "chinroutou": _chinroutou,
    "chuuren": _chuuren,
    "kokushi": _kokushi,
    "daisuushii": _daisuushii,
    "shousuushii": _shousuushii,
    "suukantsu": _suukantsu,
}
