"""Observation encoders: a seat's :class:`~jantaku.engine.View` as NumPy feature planes.

Each encoder is versioned (:data:`ENCODERS`); a version's layout never changes, a new
layout is a new version. ``planes-v1`` (:func:`encode_planes_v1`) is a float32 array
of shape ``(PLANES_V1, 34)``: one row per channel, one column per tile kind, the
seats taken relative to the observer (``0`` itself, then the seats to its right in
turn order; at a three-player table the fourth seat's rows are zero).

=========  =====================================================================
rows       channel
=========  =====================================================================
0–3        own concealed tiles: kind held at least 1, 2, 3, 4 times
4          own red fives (1 at the kind of each red five held)
5          the tile just drawn (on one's own turn)
6          dora indicators (count of each kind / 4)
7          dora (count of each kind the indicators point to / 4)
8          own waits (1 at each winning kind; tenpai when any)
9–12       tiles visible to the seat (own hand, every river, meld, indicator):
           kind seen at least 1, 2, 3, 4 times
13+32r …   for each relative seat ``r`` (0–3), 32 rows:
 +0–23     its river in order: row ``i`` is 1 at the kind of its ``i``-th discard
           (the first 24 discards)
 +24       tsumogiri marks by position: column ``i`` is 1 if discard ``i`` was the
           drawn tile
 +25       riichi mark by position: column ``i`` is 1 at the sideways (riichi) tile
 +26       called-away marks by position: column ``i`` is 1 if another seat called it
 +27       its melds: count of each kind in its melds / 4
 +28       its called tiles: 1 at the kind of each tile it called from another seat
 +29       riichi (constant row: 1 riichi, 2 double riichi, divided by 2)
 +30       score (constant row: points / 100000)
 +31       norths set aside (constant row: count / 4)
141–144    round wind: east, south, west, north (constant rows, one-hot)
145–148    own seat wind (constant rows, one-hot)
149        hand number within the round (kyoku / 4)
150        honba / 10
151        riichi sticks on the table / 10
152        tiles left in the live wall / 70
153        three-player table (constant 1)
154        the seat is the dealer (constant 1)
=========  =====================================================================

>>> from jantaku.engine import Referee, observe
>>> planes = encode_planes_v1(observe(Referee(seed=1).state, 0))
>>> planes.shape, planes.dtype.name, int(planes[0:4].sum())  # the dealer holds 14 tiles
((155, 34), 'float32', 14)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

import numpy as np

from jantaku.engine import View
from jantaku.tiles import KIND_OF, dora_from_indicator

__all__ = ["ENCODERS", "PLANES_V1", "encode_planes_v1", "features_version"]

PLANES_V1: Final = 155
"""The number of rows of ``planes-v1``."""

_SEAT_BASE: Final = 13
_SEAT_ROWS: Final = 32
_RIVER_ROWS: Final = 24
_TAIL: Final = _SEAT_BASE + 4 * _SEAT_ROWS  # 141
_RED: Final = {34: 4, 35: 13, 36: 22}


def encode_planes_v1(view: View, out: Any = None) -> Any:
    """The ``planes-v1`` features of a view (see the module's table); writes into ``out``
    (a zeroed ``(155, 34)`` float32 array) when given, else into a new array.

    The cells are gathered in Python lists and written with a few NumPy operations.
    """
    planes = np.zeros((PLANES_V1, 34), dtype=np.float32) if out is None else out
    n = view.players
    seat = view.seat
    ones: list[int] = []  # flat indices of the cells that are 1
    rows: dict[int, list[float]] = {}  # rows written whole (counts / 4)
    consts = [0.0] * PLANES_V1  # constant rows
    seen = [0] * 34
    for t in view.hand:
        k = KIND_OF[t]
        seen[k] += 1
        ones.append(34 * (seen[k] - 1) + k)  # rows 0-3: held at least 1..4 times
        if t in _RED:
            ones.append(34 * 4 + _RED[t])
    if view.drawn is not None:
        ones.append(34 * 5 + KIND_OF[view.drawn])
    indicators = [0.0] * 34
    doras = [0.0] * 34
    for t in view.dora_markers:
        k = KIND_OF[t]
        indicators[k] += 0.25
        doras[dora_from_indicator(t, players=n)] += 0.25
        seen[k] += 1
    rows[6] = indicators
    rows[7] = doras
    ones.extend(34 * 8 + k for k in view.waits)
    for r in range(n):
        other = (seat + r) % n
        base = _SEAT_BASE + _SEAT_ROWS * r
        for i, d in enumerate(view.rivers[other]):
            k = KIND_OF[d.tile]
            if not d.called:
                seen[k] += 1
            if i < _RIVER_ROWS:
                ones.append(34 * (base + i) + k)
                if d.tsumogiri:
                    ones.append(34 * (base + 24) + i)
                if d.riichi:
                    ones.append(34 * (base + 25) + i)
                if d.called:
                    ones.append(34 * (base + 26) + i)
        melds = view.melds[other]
        if melds:
            in_melds = [0.0] * 34
            for meld in melds:
                for t in meld.tiles:
                    k = KIND_OF[t]
                    in_melds[k] += 0.25
                    seen[k] += 1
                if meld.called is not None:
                    ones.append(34 * (base + 28) + KIND_OF[meld.called])
            rows[base + 27] = in_melds
        consts[base + 29] = view.riichi[other] / 2
        consts[base + 30] = view.scores[other] / 100_000
        consts[base + 31] = view.nuki[other] / 4
    for k, c in enumerate(seen):
        for j in range(min(c, 4)):
            ones.append(34 * (9 + j) + k)
    consts[_TAIL + view.bakaze - 27] = 1.0
    consts[_TAIL + 4 + (seat - view.oya) % n] = 1.0
    consts[_TAIL + 8] = view.kyoku / 4
    consts[_TAIL + 9] = view.honba / 10
    consts[_TAIL + 10] = view.kyotaku / 10
    consts[_TAIL + 11] = view.tiles_left / 70
    consts[_TAIL + 12] = 1.0 if n == 3 else 0.0
    consts[_TAIL + 13] = 1.0 if seat == view.oya else 0.0
    for row, values in rows.items():
        planes[row] = values
    planes += np.asarray(consts, dtype=np.float32)[:, None]
    planes.reshape(-1)[ones] = 1.0
    return planes


ENCODERS: Final[dict[str, tuple[int, Callable[[View, Any], Any]]]] = {
    "planes-v1": (PLANES_V1, encode_planes_v1),
}
"""The encoders by version: ``(rows, encode(view, out))``; each gives ``(rows, 34)``."""


def features_version(name: str) -> tuple[int, Callable[[View, Any], Any]]:
    """An encoder by version name.

    >>> features_version("planes-v1")[0]
    155
    >>> features_version("planes-v0")
    Traceback (most recent call last):
    ...
    jantaku.errors.JantakuError: unknown features 'planes-v0' (known: planes-v1)

    Raises :class:`~jantaku.errors.JantakuError` for an unknown version.
    """
    from jantaku.errors import JantakuError

    found = ENCODERS.get(name)
    if found is None:
        raise JantakuError(f"unknown features {name!r} (known: {', '.join(ENCODERS)})")
    return found
