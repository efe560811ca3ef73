"""Hand analysis on 34-long count arrays of the concealed tiles (H1–H6).

- :func:`shanten` (the minimum over the forms), :func:`shanten_regular`,
  :func:`shanten_seven_pairs`, :func:`shanten_kokushi`, :func:`shanten_forms` — exact
  and table-driven (``jantaku.hand.tables``); :func:`shanten_batch` for many hands at
  once with NumPy; :func:`shanten_any` for counts holding a kind five times.
- :func:`winning_kinds` (cached, for hot paths), :func:`waits` with their
  :class:`WaitShape` and remaining counts, :func:`acceptance` and the discard advisor
  :func:`advise` (``jantaku.hand.waits``).
- :func:`readings` and :func:`is_complete` for complete hands (``jantaku.hand.decompose``).
- :func:`copies_in_sight`, the copies of each kind a seat can see, which every count
  of tiles left starts from, and :func:`outside_hand` (``jantaku.hand.visible``).

Counts hold 3k+1 or 3k+2 tiles (k ≤ 4); declared melds are left out. Shanten is the
shape (形式) shanten: a wait on a kind the hand holds all four of counts, with 0 left.

>>> from jantaku.tiles import counts34, parse_tiles
>>> is_complete(counts34(parse_tiles("123m456p789s11222z")))
True
>>> shanten(counts34(parse_tiles("123m456p789s1122z")))
0
"""

from __future__ import annotations

from jantaku.hand.decompose import Form, Reading, is_complete, readings
from jantaku.hand.tables import (
    shanten,
    shanten_any,
    shanten_batch,
    shanten_forms,
    shanten_kokushi,
    shanten_regular,
    shanten_seven_pairs,
    winning_kinds,
)
from jantaku.hand.visible import copies_in_sight, outside_hand
from jantaku.hand.waits import (
    Acceptance,
    DiscardOption,
    Wait,
    WaitShape,
    acceptance,
    advise,
    waits,
)

__all__ = [
    "Acceptance",
    "DiscardOption",
    "Form",
    "Reading",
    "Wait",
    "WaitShape",
    "acceptance",
    "advise",
    "copies_in_sight",
    "is_complete",
    "outside_hand",
    "readings",
    "shanten",
    "shanten_any",
    "shanten_batch",
    "shanten_forms",
    "shanten_kokushi",
    "shanten_regular",
    "shanten_seven_pairs",
    "waits",
    "winning_kinds",
]
