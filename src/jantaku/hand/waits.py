"""Waits with their shapes, acceptance and the discard advisor (H4, H5).

``visible`` is always a 34-long count array of the tiles a player has seen outside
the concealed hand (discards, melds, dora indicators, own melds included: see
:func:`~jantaku.hand.visible.copies_in_sight` and
:func:`~jantaku.hand.visible.outside_hand`); a kind's *remaining* count is
``4 - held - visible``, never below zero. A wait on a kind the hand already holds all
four of, concealed or with its own melds, is a shape wait (形式聴牌) with 0 remaining.

>>> from jantaku.tiles import counts34, format_tiles, parse_tiles
>>> [(format_tiles([w.kind]), [s.value for s in w.shapes], w.remaining)
...  for w in waits(counts34(parse_tiles("23m456p789s11122z")))]
[('1m', ['ryanmen'], 4), ('4m', ['ryanmen'], 4)]
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from operator import index

from jantaku.errors import InvalidHandError
from jantaku.hand.decompose import Form, readings
from jantaku.hand.given import concealed_counts
from jantaku.hand.tables import (
    PLACE_VALUE,
    SUIT_OF,
    accepting_kinds,
    accepting_of_numbers,
    suit_numbers,
    winning_kinds,
)
from jantaku.tiles import YAOCHUU

__all__ = [
    "Acceptance",
    "DiscardOption",
    "Wait",
    "WaitShape",
    "acceptance",
    "advise",
    "waits",
]


class WaitShape(Enum):
    """The shape of a wait (待ちの形): each shape a :class:`Wait` completes, and the wait
    scoring gives the winning tile of a reading (:attr:`jantaku.scoring.WinResult.wait`,
    which says ``TANKI`` for seven pairs and reads nine gates as its sets)."""

    RYANMEN = "ryanmen"  # 両面: 23 waiting on 1 or 4
    KANCHAN = "kanchan"  # 嵌張: 13 waiting on 2
    PENCHAN = "penchan"  # 辺張: 12 waiting on 3, 89 on 7
    TANKI = "tanki"  # 単騎: a single waiting for its pair
    SHANPON = "shanpon"  # 双碰: two pairs, either becomes a triplet
    SEVEN_PAIRS_TANKI = "seven_pairs_tanki"  # 七対子の単騎
    KOKUSHI_SINGLE = "kokushi_single"  # 国士無双, the one missing terminal or honor
    KOKUSHI_13 = "kokushi_13"  # 国士無双十三面待ち
    CHUUREN_9 = "chuuren_9"  # 純正九蓮宝燈, 1112345678999 waiting on all nine


_ORDER = {shape: i for i, shape in enumerate(WaitShape)}


@dataclass(frozen=True, slots=True)
class Wait:
    """One winning kind, every shape it completes, and how many are unseen."""

    kind: int
    shapes: tuple[WaitShape, ...]
    remaining: int

    def __reduce__(self) -> tuple[type[Wait], tuple[object, ...]]:
        """Pickled and copied as its fields (a compiled class has no other way)."""
        return (Wait, (self.kind, self.shapes, self.remaining))


@dataclass(frozen=True, slots=True)
class Acceptance:
    """The kinds that lower a hand's shanten (受け入れ) and how many of each are unseen."""

    shanten: int
    kinds: tuple[int, ...]
    remaining: tuple[int, ...]

    @property
    def total(self) -> int:
        """All unseen tiles that lower the shanten."""
        return sum(self.remaining)

    def __reduce__(self) -> tuple[type[Acceptance], tuple[object, ...]]:
        """Pickled and copied as its fields (a compiled class has no other way)."""
        return (Acceptance, (self.shanten, self.kinds, self.remaining))


@dataclass(frozen=True, slots=True)
class DiscardOption:
    """One discard of a hand that has just drawn, as the advisor rates it.

    ``shanten`` is the hand's shanten after the discard; ``kinds`` and ``remaining``
    its acceptance; ``loss`` (ロス) how many fewer tiles it accepts than the best
    discard of the same, lowest shanten (``None`` when the discard raises shanten).
    """

    discard: int
    shanten: int
    kinds: tuple[int, ...]
    remaining: tuple[int, ...]
    loss: int | None

    @property
    def total(self) -> int:
        """All unseen tiles that lower the shanten after this discard."""
        return sum(self.remaining)

    def __reduce__(self) -> tuple[type[DiscardOption], tuple[object, ...]]:
        """Pickled and copied as its fields (a compiled class has no other way)."""
        return (DiscardOption, (self.discard, self.shanten, self.kinds, self.remaining, self.loss))


def _counts(counts: Sequence[int], what: str) -> list[int]:
    try:
        values = [index(x) for x in counts]
    except TypeError:
        given = concealed_counts(counts) if what == "counts" else None
        if given is None:
            raise InvalidHandError(
                f"{what} must be 34 whole numbers"
                + (" (or a hand in notation, or a Hand)" if what == "counts" else "")
            ) from None
        values = given
    if len(values) != 34:
        raise InvalidHandError(f"{what} must have 34 entries, not {len(values)}")
    if min(values) < 0 or max(values) > 4:
        raise InvalidHandError(f"{what} must be 34 numbers from 0 to 4")
    return values


def _visible(visible: Sequence[int] | None) -> list[int]:
    return [0] * 34 if visible is None else _counts(visible, "visible counts")


def _run_shape(start: int, k: int) -> WaitShape:
    if k == start + 1:
        return WaitShape.KANCHAN
    if (k == start and start % 9 == 6) or (k == start + 2 and start % 9 == 0):
        return WaitShape.PENCHAN
    return WaitShape.RYANMEN


def _shapes(hand: list[int], k: int) -> tuple[WaitShape, ...]:
    """The shapes in which kind ``k`` completes the concealed ``hand``."""
    plus = list(hand)
    plus[k] += 1
    found: set[WaitShape] = set()
    for r in readings(plus):
        if r.form is Form.SEVEN_PAIRS:
            found.add(WaitShape.SEVEN_PAIRS_TANKI)
        elif r.form is Form.KOKUSHI:
            full = all(hand[y] == 1 for y in YAOCHUU)
            found.add(WaitShape.KOKUSHI_13 if full else WaitShape.KOKUSHI_SINGLE)
        else:
            if r.pair == k:
                found.add(WaitShape.TANKI)
            if k in r.triplets:
                found.add(WaitShape.SHANPON)
            for start in r.runs:
                if start <= k <= start + 2:
                    found.add(_run_shape(start, k))
    base = k // 9 * 9
    if k < 27 and hand[base : base + 9] == [3, 1, 1, 1, 1, 1, 1, 1, 3]:
        found.add(WaitShape.CHUUREN_9)
    return tuple(sorted(found, key=_ORDER.__getitem__))


def waits(counts: Sequence[int], visible: Sequence[int] | None = None) -> tuple[Wait, ...]:
    """The waits of a tenpai hand of 3k+1 concealed tiles, in kind order (empty if not tenpai).

    >>> from jantaku.tiles import counts34, format_tiles, parse_tiles
    >>> [(format_tiles([w.kind]), [s.value for s in w.shapes])
    ...  for w in waits(counts34(parse_tiles("1234m567p789s111z")))]
    [('1m', ['tanki']), ('4m', ['tanki'])]
    >>> [w.remaining for w in waits(counts34(parse_tiles("1111m345p678p999s")))]
    [0]

    Raises :class:`~jantaku.errors.InvalidHandError` for counts that are not a waiting
    hand (1, 4, 7, 10 or 13 tiles) or visible counts that are not 34 numbers 0–4.
    """
    hand = _counts(counts, "counts")
    seen = _visible(visible)
    return tuple(
        Wait(k, _shapes(hand, k), max(0, 4 - hand[k] - seen[k])) for k in winning_kinds(hand)
    )


def _acceptance(hand: list[int], seen: list[int], held: list[int]) -> Acceptance:
    base, kinds = accepting_kinds(hand)
    remaining = tuple(max(0, 4 - held[k] - seen[k]) for k in kinds)
    return Acceptance(base, kinds, remaining)


def acceptance(counts: Sequence[int], visible: Sequence[int] | None = None) -> Acceptance:
    """The tiles that would lower the shanten of a hand of 3k+1 concealed tiles.

    >>> from jantaku.tiles import counts34, format_tiles, parse_tiles
    >>> a = acceptance(counts34(parse_tiles("23m456p789s11122z")))
    >>> a.shanten, format_tiles(a.kinds), a.total
    (0, '14m', 8)

    Raises :class:`~jantaku.errors.InvalidHandError` for counts that are not 1, 4, 7,
    10 or 13 tiles, or bad visible counts.
    """
    hand = _counts(counts, "counts")
    if sum(hand) % 3 != 1:
        raise InvalidHandError(f"acceptance needs 1, 4, 7, 10 or 13 tiles, not {sum(hand)}")
    return _acceptance(hand, _visible(visible), hand)


def advise(
    counts: Sequence[int], visible: Sequence[int] | None = None
) -> tuple[DiscardOption, ...]:
    """Rate every distinct discard of a hand that has just drawn (3k+2 concealed tiles).

    Sorted as a player reads it: lowest shanten first, then most acceptance, then kind.
    The discarded tile counts as seen, so remaining counts use all 3k+2 tiles.

    >>> from jantaku.tiles import counts34, format_tiles, parse_tiles
    >>> best = advise(counts34(parse_tiles("23m456p789s111225z")))[0]
    >>> format_tiles([best.discard]), best.shanten, format_tiles(best.kinds), best.total
    ('5z', 0, '14m', 8)

    Raises :class:`~jantaku.errors.InvalidHandError` for counts that are not 2, 5, 8,
    11 or 14 tiles, or bad visible counts.
    """
    hand = _counts(counts, "counts")
    seen = _visible(visible)
    n = sum(hand)
    if n % 3 != 2 or n > 14:
        raise InvalidHandError(f"the advisor needs 2, 5, 8, 11 or 14 tiles, not {n}")
    options: list[tuple[int, Acceptance]] = []
    numbers = suit_numbers(hand)  # each discard's suits: one number less a place value
    for d in range(34):
        if hand[d]:
            after = list(hand)
            after[d] -= 1
            less = list(numbers)
            less[SUIT_OF[d]] -= PLACE_VALUE[d]
            base, kinds = accepting_of_numbers(less, after, n - 1)
            remaining = tuple(max(0, 4 - hand[k] - seen[k]) for k in kinds)
            options.append((d, Acceptance(base, kinds, remaining)))
    options.sort(key=lambda o: (o[1].shanten, -o[1].total, o[0]))
    best_shanten = options[0][1].shanten
    best_total = options[0][1].total
    return tuple(
        DiscardOption(
            d,
            a.shanten,
            a.kinds,
            a.remaining,
            best_total - a.total if a.shanten == best_shanten else None,
        )
        for d, a in options
    )
