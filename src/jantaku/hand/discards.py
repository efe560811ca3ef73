"""The discard advisor's fast twin for a bot's turn: only the discards that keep the hand
at its lowest shanten, each with its acceptance total (H5).

It mirrors :func:`jantaku.hand.waits.advise`: the discards it returns are exactly the
advisor's options at the lowest shanten, and each total is the option's ``total``
(``tests/test_hand_discards.py`` pins the two together on random and dense hands). It
is faster because a bot's usual choice needs nothing else:

- each discard's shanten is one look-up of its suit's new class against the other
  suits' combined class, and acceptance is worked out only for the discards at the
  lowest shanten (:func:`~jantaku.hand.suit_acceptance.discard_totals`, which
  :func:`~jantaku.hand.tables.best_discards_of_numbers` pins down);
- a kind the hand holds four times is never tried as a fifth copy (none is left to
  draw, so it adds nothing to a total, and the advisor's general path for it is slow);
- a suit's accepting kinds are remembered by the suit's counts and its *context*, the
  regular shanten as a function of its class given the rest of the hand (bounded memos
  in ``suit_acceptance``), a key that many hands share.

>>> from jantaku.tiles import counts34, format_tiles, parse_tiles
>>> s, options = best_discards(counts34(parse_tiles("23m456p789s111225z")))
>>> s, [(format_tiles([k]), total) for k, total in options]
(0, [('5z', 8)])
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from jantaku.errors import InvalidHandError
from jantaku.hand.suit_acceptance import discard_totals
from jantaku.hand.tables import PLACE_VALUE, SUIT_OF, accepting_of_numbers, suit_numbers

__all__ = ["best_discards", "best_discards_unchecked", "rate_discards", "rate_discards_unchecked"]


def _checked(counts: Sequence[int], what: str) -> list[int]:
    try:
        b = bytes(list(counts))
    except (TypeError, ValueError):
        raise InvalidHandError(f"{what} must be 34 numbers from 0 to 4") from None
    if len(b) != 34 or max(b) > 4:
        raise InvalidHandError(f"{what} must be 34 numbers from 0 to 4")
    return list(b)


def _checked_hand(
    counts: Sequence[int], visible: Sequence[int] | None
) -> tuple[list[int], list[int], int]:
    hand = _checked(counts, "counts")
    seen = [0] * 34 if visible is None else _checked(visible, "visible counts")
    n = sum(hand)
    if n % 3 != 2 or n > 14:
        raise InvalidHandError(f"the advisor needs 2, 5, 8, 11 or 14 tiles, not {n}")
    return hand, seen, n


def best_discards(
    counts: Sequence[int], visible: Sequence[int] | None = None
) -> tuple[int, tuple[tuple[int, int], ...]]:
    """The lowest shanten a discard leaves a hand that has just drawn (3k+2 concealed
    tiles), and ``(kind, acceptance total)`` for each discard that leaves it, by kind.

    ``visible`` counts the copies seen outside the hand, as for
    :func:`~jantaku.hand.waits.advise`; a total counts the unseen tiles that would lower
    the shanten, the discarded tile counting as seen.

    >>> from jantaku.tiles import counts34, format_tiles, parse_tiles
    >>> s, options = best_discards(counts34(parse_tiles("1111m345p678p999s5z")))
    >>> s, [(format_tiles([k]), total) for k, total in options]
    (0, [('1m', 3), ('5z', 0)])

    Raises :class:`~jantaku.errors.InvalidHandError` for counts that are not 2, 5, 8,
    11 or 14 tiles, or bad visible counts.
    """
    hand, seen, n = _checked_hand(counts, visible)
    left = [4 - h - v if h + v < 4 else 0 for h, v in zip(hand, seen, strict=True)]
    return best_discards_unchecked(hand, left, n)


def best_discards_unchecked(
    counts: list[int], left: Sequence[int], tiles: int
) -> tuple[int, tuple[tuple[int, int], ...]]:
    """:func:`best_discards` for a caller that has checked its hand: ``counts`` of
    ``tiles`` concealed tiles (3k+2, k ≤ 4), ``left`` the copies of each kind neither in
    the hand nor seen (``4 - held - visible``, at least 0). For a bot's every turn.

    >>> from jantaku.tiles import counts34, parse_tiles
    >>> c = counts34(parse_tiles("23m456p789s111225z"))
    >>> best_discards_unchecked(c, [4 - x for x in c], 14) == best_discards(c)
    True
    """
    best, totals = discard_totals(suit_numbers(counts), counts, left, tiles)
    return best, tuple(totals)


def rate_discards(
    counts: Sequence[int], visible: Sequence[int] | None, kinds: Iterable[int]
) -> tuple[tuple[int, int, int], ...]:
    """``(kind, shanten after, acceptance total)`` of discarding each of ``kinds`` the
    hand holds (3k+2 concealed tiles), in kind order, as the advisor rates them: for a
    bot that weighs a few discards only (the safe ones, when it folds).

    >>> from jantaku.tiles import counts34, parse_tiles
    >>> rate_discards(counts34(parse_tiles("23m456p789s111225z")), None, [0, 1, 27, 31])
    ((1, 1, 23), (27, 1, 11), (31, 0, 8))

    Raises :class:`~jantaku.errors.InvalidHandError` like :func:`best_discards`, and for
    a kind that is not 0–33.
    """
    hand, seen, n = _checked_hand(counts, visible)
    kinds = sorted(set(kinds))
    for d in kinds:
        if not 0 <= d < 34:
            raise InvalidHandError(f"{d} is not a tile kind (0-33)")
    left = [4 - h - v if h + v < 4 else 0 for h, v in zip(hand, seen, strict=True)]
    return rate_discards_unchecked(hand, suit_numbers(hand), left, n, kinds)


def rate_discards_unchecked(
    counts: list[int], numbers: list[int], left: Sequence[int], tiles: int, kinds: Iterable[int]
) -> tuple[tuple[int, int, int], ...]:
    """:func:`rate_discards` for a caller that has checked its hand: ``counts`` of
    ``tiles`` concealed tiles (3k+2, k ≤ 4), ``numbers`` their :func:`suit_numbers`,
    ``left`` the copies of each kind neither in the hand nor seen, ``kinds`` kinds 0–33.
    ``counts`` and ``numbers`` are changed while it works and left as they were.

    >>> from jantaku.tiles import counts34, parse_tiles
    >>> c = counts34(parse_tiles("23m456p789s111225z"))
    >>> rated = rate_discards_unchecked(c, suit_numbers(c), [4 - x for x in c], 14, [27, 31])
    >>> rated == rate_discards(c, None, [27, 31])
    True
    """
    out: list[tuple[int, int, int]] = []
    for d in sorted(set(kinds)):
        if counts[d]:
            counts[d] -= 1
            numbers[SUIT_OF[d]] -= PLACE_VALUE[d]
            s, accepted = accepting_of_numbers(numbers, counts, tiles - 1, fifth=False)
            numbers[SUIT_OF[d]] += PLACE_VALUE[d]
            counts[d] += 1
            total = 0
            for k in accepted:
                total += left[k]
            out.append((d, s, total))
    return tuple(out)
