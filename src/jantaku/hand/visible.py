"""What one seat can see (見えている牌): :func:`copies_in_sight`, the copies of each kind.

Every count of tiles "left" (残り枚数) starts from here: the seat's own concealed tiles,
every meld on the table (its own included: a tile in one's own pon is as gone as one in
a river), the discards (a tile called away counted once, in its meld), the dora
indicators and the norths set aside. A set holds four copies of a kind, so a fifth in
sight is refused: tiles that cannot all be on one table.

The table's view of a seat (:func:`jantaku.engine.view.visible_counts`), the learning
aids, the defensive bot and the ``shanten``, ``advise`` and ``score`` commands count
with it (the efficiency bot's quicker count is tested equal to it). The hand analysis
(:func:`~jantaku.hand.waits`, :func:`~jantaku.hand.acceptance`,
:func:`~jantaku.hand.advise`) takes the copies seen *outside* the concealed hand:
:func:`outside_hand` gives them.

>>> from jantaku.meld import parse_hand
>>> from jantaku.tiles import kind, parse_tiles
>>> hand = parse_hand("23m456p789s11z[111=m]")
>>> seen = copies_in_sight(hand.concealed, hand.melds, parse_tiles("1m"))
>>> seen[kind(parse_tiles("1m")[0])]  # three in the own pon, one elsewhere
4
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from itertools import chain

from jantaku.errors import ArgumentError, ArgumentTypeError, InvalidHandError
from jantaku.meld import Meld
from jantaku.tiles import NORTH, counts34, kind_name

__all__ = ["copies_in_sight", "outside_hand"]


def copies_in_sight(
    concealed: Iterable[int] = (),
    melds: Iterable[Meld] = (),
    elsewhere: Iterable[int] = (),
    dora_indicators: Iterable[int] = (),
    *,
    norths: int = 0,
) -> tuple[int, ...]:
    """The copies of each kind (34 counts, red fives as fives) a seat can see.

    ``concealed`` is the seat's own concealed tiles; ``melds`` every meld on the table,
    the seat's own and the others'; ``elsewhere`` the other tiles face up: the discards
    lying in the rivers (a tile called away is left out, its meld holds it) or tiles
    named as seen; ``dora_indicators`` the indicators shown (the ura indicators too,
    once turned over at a win); ``norths`` how many norths are set aside (抜きドラ).

    >>> from jantaku.meld import Meld
    >>> from jantaku.tiles import parse_tiles
    >>> pon = Meld.pon(parse_tiles("444z"), called=parse_tiles("4z")[0], called_from=2)
    >>> copies_in_sight(parse_tiles("4z"), [pon])[27:31]  # the fourth north is the seat's
    (0, 0, 0, 4)
    >>> copies_in_sight(parse_tiles("11m"), elsewhere=parse_tiles("1m"),
    ...                 dora_indicators=parse_tiles("11m"))
    Traceback (most recent call last):
    ...
    jantaku.errors.InvalidHandError: 5 copies of 1m in sight (a set has four): 2 in the \
hand, 1 seen elsewhere, 2 dora indicators

    Raises :class:`~jantaku.errors.InvalidHandError` when a kind shows more than four
    copies in all, :class:`~jantaku.errors.ArgumentError` for a value that is no tile of
    a hand (a hidden tile, a flower) or a negative number of norths, and
    :class:`~jantaku.errors.ArgumentTypeError` for a meld that is not a
    :class:`~jantaku.meld.Meld`.
    """
    melds = tuple(melds)
    for m in melds:
        if not isinstance(m, Meld):
            raise ArgumentTypeError(f"a meld is a Meld, not {m!r}")
    if norths.__class__ is not int or norths < 0:
        raise ArgumentError(f"the norths set aside are a count from 0, not {norths!r}")
    concealed, elsewhere = tuple(concealed), tuple(elsewhere)
    melded = tuple(chain.from_iterable(m.tiles for m in melds))
    indicators = tuple(dora_indicators)
    seen = counts34(chain(concealed, melded, elsewhere, indicators))
    seen[NORTH] += norths
    if max(seen) > 4:  # say where the copies of the first such kind are
        k = next(k for k, n in enumerate(seen) if n > 4)
        groups = (
            ("in the hand", concealed),
            ("in melds", melded),
            ("seen elsewhere", elsewhere),
            ("dora indicators", indicators),
        )
        parts = [f"{n} {where}" for where, tiles in groups if (n := counts34(tiles)[k])]
        if k == NORTH and norths:
            parts.append(f"{norths} set aside")
        raise InvalidHandError(
            f"{seen[k]} copies of {kind_name(k)} in sight (a set has four): {', '.join(parts)}"
        )
    return tuple(seen)


def outside_hand(seen: Sequence[int], concealed: Sequence[int]) -> tuple[int, ...]:
    """The copies seen outside the concealed hand: ``seen`` (every copy in sight, as
    :func:`copies_in_sight` counts them) less ``concealed`` (the hand's 34 counts),
    what :func:`~jantaku.hand.waits` and :func:`~jantaku.hand.advise` call *visible*.

    >>> from jantaku.tiles import counts34, parse_tiles
    >>> hand = parse_tiles("111m")
    >>> outside_hand(copies_in_sight(hand, elsewhere=parse_tiles("1m")), counts34(hand))[0]
    1

    Raises :class:`~jantaku.errors.ArgumentError` for counts that are not 34 long or a
    hand that holds a kind more often than it is seen.
    """
    if len(seen) != 34 or len(concealed) != 34:
        raise ArgumentError("seen and concealed counts are 34 long")
    out = tuple(s - c for s, c in zip(seen, concealed, strict=True))
    if min(out) < 0:
        raise ArgumentError("the concealed hand holds copies that are not in sight")
    return out
