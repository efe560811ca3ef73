"""All readings of a complete hand (H1, H6): every split into sets and a pair,
seven pairs, thirteen orphans.

Scoring needs every reading, because the one that scores highest wins (H6):
``111222333m`` is three triplets or three identical runs.

The work is per suit: each suit's nine counts split into runs and triplets (with
or without the pair) in a few ways, cached, and the suits' splits combine.

>>> from jantaku.tiles import counts34, parse_tiles
>>> for r in readings(counts34(parse_tiles("111222333m789p55s"))):
...     print(r)
Reading(form=<Form.REGULAR: 'regular'>, pair=22, runs=(15,), triplets=(0, 1, 2))
Reading(form=<Form.REGULAR: 'regular'>, pair=22, runs=(0, 0, 0, 15), triplets=())
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from functools import lru_cache
from itertools import product

from jantaku.errors import InvalidHandError
from jantaku.hand.tables import shanten
from jantaku.tiles import YAOCHUU

__all__ = ["Form", "Reading", "is_complete", "readings"]


class Form(Enum):
    """The three winning shapes."""

    REGULAR = "regular"  # 四面子一雀頭 (fewer sets after melds)
    SEVEN_PAIRS = "seven_pairs"  # 七対子
    KOKUSHI = "kokushi"  # 国士無双


@dataclass(frozen=True, slots=True)
class Reading:
    """One reading of the concealed tiles of a complete hand.

    ``pair`` is the kind of the pair (for kokushi, the doubled kind); ``runs`` the
    lowest kind of each concealed run, ``triplets`` the kind of each concealed
    triplet, both sorted. A seven-pairs reading lists its seven kinds in
    ``triplets``'s place as ``pairs`` (see :attr:`pairs`).
    """

    form: Form
    pair: int
    runs: tuple[int, ...] = ()
    triplets: tuple[int, ...] = ()

    @property
    def pairs(self) -> tuple[int, ...]:
        """The seven kinds of a seven-pairs reading (empty for other forms)."""
        return self.triplets if self.form is Form.SEVEN_PAIRS else ()

    def __reduce__(self) -> tuple[type[Reading], tuple[object, ...]]:
        """Pickled and copied as its fields (a compiled class has no other way)."""
        return (Reading, (self.form, self.pair, self.runs, self.triplets))


_Split = tuple[tuple[int, ...], tuple[int, ...], int]  # runs, triplets, pair (-1 none)


@lru_cache(maxsize=1 << 16)
def _suit_splits(counts: tuple[int, ...], base: int, honors: bool) -> tuple[_Split, ...]:
    """Every split of one suit's counts into runs, triplets and at most one pair."""
    out: list[_Split] = []
    c = list(counts)
    n = len(c)

    def walk(i: int, runs: list[int], trips: list[int], pair: int) -> None:
        while i < n and c[i] == 0:
            i += 1
        if i == n:
            out.append((tuple(runs), tuple(trips), pair))
            return
        if c[i] >= 3:
            c[i] -= 3
            trips.append(base + i)
            walk(i, runs, trips, pair)
            trips.pop()
            c[i] += 3
        if pair < 0 and c[i] >= 2:
            c[i] -= 2
            walk(i, runs, trips, base + i)
            c[i] += 2
        if not honors and i + 2 < n and c[i + 1] and c[i + 2]:
            c[i] -= 1
            c[i + 1] -= 1
            c[i + 2] -= 1
            runs.append(base + i)
            walk(i, runs, trips, pair)
            runs.pop()
            c[i] += 1
            c[i + 1] += 1
            c[i + 2] += 1

    walk(0, [], [], -1)
    return tuple(out)


def _regular(counts: Sequence[int]) -> list[Reading]:
    per_suit = []
    for s in range(4):
        lo = 9 * s
        chunk = tuple(counts[lo : lo + (7 if s == 3 else 9)])
        splits = _suit_splits(chunk, lo, s == 3) if any(chunk) else (((), (), -1),)
        if not splits:
            return []
        per_suit.append(splits)
    found: set[Reading] = set()
    for combo in product(*per_suit):
        pairs = [p for _, _, p in combo if p >= 0]
        if len(pairs) != 1:
            continue
        runs = tuple(sorted(r for rs, _, _ in combo for r in rs))
        trips = tuple(sorted(t for _, ts, _ in combo for t in ts))
        found.add(Reading(Form.REGULAR, pairs[0], runs, trips))
    return sorted(found, key=lambda r: (len(r.runs), r.runs, r.triplets))


def readings(counts: Sequence[int]) -> tuple[Reading, ...]:
    """Every reading of complete concealed counts (34-long, 3k+2 tiles).

    Declared melds are not part of ``counts``; seven pairs and kokushi need all 14
    tiles concealed. Four of a kind is never two pairs (000 七対子). An incomplete
    hand has no readings.

    >>> from jantaku.tiles import counts34, parse_tiles
    >>> [r.form.value for r in readings(counts34(parse_tiles("112233m445566p77s")))]
    ['regular', 'seven_pairs']
    >>> readings(counts34(parse_tiles("11112222333344m")))[0].form.value
    'regular'
    >>> readings(counts34(parse_tiles("19m19p19s12345677z")))[0].form.value
    'kokushi'
    >>> readings(counts34(parse_tiles("123m")))
    ()

    Raises :class:`~jantaku.errors.InvalidHandError` for counts that are not 34
    whole numbers of at least 0.
    """
    try:
        if len(counts) != 34 or min(counts) < 0:
            raise InvalidHandError("counts must be 34 whole numbers of at least 0")
    except TypeError:
        raise InvalidHandError("counts must be 34 whole numbers of at least 0") from None
    total = sum(counts)
    if total % 3 != 2:
        return ()
    result = _regular(counts)
    if total == 14:
        pair_kinds = [k for k in range(34) if counts[k] == 2]
        if len(pair_kinds) == 7:
            result.append(Reading(Form.SEVEN_PAIRS, pair_kinds[0], (), tuple(pair_kinds)))
        if all(counts[k] in (1, 2) for k in YAOCHUU) and sum(counts[k] for k in YAOCHUU) == 14:
            doubled = next(k for k in YAOCHUU if counts[k] == 2)
            result.append(Reading(Form.KOKUSHI, doubled))
    return tuple(result)


def is_complete(counts: Sequence[int]) -> bool:
    """Whether concealed counts (3k+2 tiles) make a winning shape.

    >>> from jantaku.tiles import counts34, parse_tiles
    >>> is_complete(counts34(parse_tiles("123m456p789s11222z")))
    True
    >>> is_complete(counts34(parse_tiles("11223344556677z")))
    True
    >>> is_complete(counts34(parse_tiles("11112233445566z")))
    False

    Fast for hands of at most four of a kind (a shanten table lookup); other counts
    are read one by one.
    """
    try:
        return shanten(counts) == -1
    except InvalidHandError:
        return bool(readings(counts))
