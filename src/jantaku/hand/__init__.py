"""Hand analysis on 34-long count arrays: readings of complete hands, shanten, waits,
acceptance.

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
    "is_complete",
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
