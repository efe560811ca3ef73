"""A hand given in notation or as a :class:`~jantaku.meld.Hand`, where counts are expected.

The analysis functions take 34-long counts on their fast path; text and ``Hand`` values
are turned into counts here, only when the counts path has refused the value (so a
caller passing counts pays nothing for it).

>>> concealed_counts("123m456p789s1122z")[27:29]
[2, 2]
>>> concealed_counts(b"123m") is None
True
"""

from __future__ import annotations

from jantaku.tiles import counts34

__all__ = ["concealed_counts"]


def concealed_counts(value: object) -> list[int] | None:
    """The counts of the concealed tiles of a hand written in any tile notation
    (``"123m456p789s1122z"``, Unicode glyphs, mjai names, melds in brackets left out) or
    of a :class:`~jantaku.meld.Hand`; ``None`` for any other value.

    Raises :class:`~jantaku.errors.NotationError` or
    :class:`~jantaku.errors.InvalidHandError` for text that is no hand.
    """
    from jantaku.meld import Hand, parse_hand  # the notation layer sits beside analysis

    if isinstance(value, str):
        return counts34(parse_hand(value, partial=True).concealed)
    if isinstance(value, Hand):
        return counts34(value.concealed)
    return None
