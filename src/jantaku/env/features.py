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

``planes-v2`` (:func:`encode_planes_v2`) carries the same information as uint8, every
cell an exact small integer: a quarter of the bytes of ``planes-v1`` and no floats to
make. Its rows are v1's where those are 0/1 flags; the counts are the counts
themselves, and the scalars are integers. A seat's block has 34 rows (its score in
three rows), so the table has 163:

=========  =====================================================================
rows       channel
=========  =====================================================================
0–5        as ``planes-v1`` (held at least 1…4 times, red fives, the drawn tile)
6          dora indicators: count of each kind (0–4)
7          dora: count of each kind the indicators point to (0–4)
8–12       as ``planes-v1`` (waits; visible at least 1…4 times)
13+34r …   for each relative seat ``r`` (0–3), 34 rows:
 +0–26     as ``planes-v1`` (river in order, tsumogiri, riichi, called-away marks)
 +27       its melds: count of each kind in its melds (0–4)
 +28       its called tiles (as ``planes-v1``)
 +29       riichi (constant row: 0 none, 1 riichi, 2 double riichi)
 +30       score below zero (constant row: 1 if the score is negative)
 +31       score, thousands (constant row: ``abs(points) // 1000``, 0–255)
 +32       score, hundreds (constant row: ``abs(points) // 100 % 10``)
 +33       norths set aside (constant row: count)
149–152    round wind: east, south, west, north (constant rows, one-hot)
153–156    own seat wind (constant rows, one-hot)
157        hand number within the round (constant row: kyoku, 1–4)
158        honba (constant row: count, 0–255)
159        riichi sticks on the table (constant row: count, 0–255)
160        tiles left in the live wall (constant row: count)
161        three-player table (constant 1)
162        the seat is the dealer (constant 1)
=========  =====================================================================

A score decodes as ``(-1 if row 30 else 1) * (1000 * row 31 + 100 * row 32)``
(:func:`decode_score`). The codes are exact for every score of ``-255,900`` to
``255,900`` in hundreds, and honba and riichi sticks up to 255: a state beyond them
raises :class:`~jantaku.errors.JantakuError` rather than encode a wrong value.

>>> planes = encode_planes_v2(observe(Referee(seed=1).state, 0))
>>> planes.shape, planes.dtype.name, int(planes[0:4].sum())
((163, 34), 'uint8', 14)
>>> decode_score(*planes[13 + 30 : 13 + 33, 0]), int(planes[160, 0])  # own score, wall
(25000, 69)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Final

import numpy as np

from jantaku.engine import View
from jantaku.tiles import KIND_OF, dora_from_indicator

__all__ = [
    "ENCODERS",
    "FEATURE_DTYPES",
    "ORACLE_V1",
    "PLANES_V1",
    "PLANES_V2",
    "decode_score",
    "encode_count",
    "encode_oracle_v1",
    "encode_planes_v1",
    "encode_planes_v2",
    "encode_score",
    "features_dtype",
    "features_version",
]

PLANES_V1: Final = 155
"""The number of rows of ``planes-v1``."""

_SEAT_BASE: Final = 13
_SEAT_ROWS: Final = 32
_RIVER_ROWS: Final = 24
_TAIL: Final = _SEAT_BASE + 4 * _SEAT_ROWS  # 141
_RED: Final = {34: 4, 35: 13, 36: 22}


def _tile_cells(view: View, seat_rows: int) -> dict[int, int]:
    """The cells that both versions fill from the tiles, by flat index (row * 34 + kind),
    with their values: 1 for a flag, the number of copies in the dora-indicator, dora and
    meld rows (6, 7 and each seat's 27), whose seat blocks are ``seat_rows`` rows apart."""
    n = view.players
    seat = view.seat
    cells: dict[int, int] = {}
    seen = [0] * 34
    for t in view.hand:
        k = KIND_OF[t]
        seen[k] += 1
        cells[34 * (seen[k] - 1) + k] = 1  # rows 0-3: held at least 1..4 times
        if t in _RED:
            cells[34 * 4 + _RED[t]] = 1
    if view.drawn is not None:
        cells[34 * 5 + KIND_OF[view.drawn]] = 1
    for t in view.dora_markers:
        k = KIND_OF[t]
        cells[34 * 6 + k] = cells.get(34 * 6 + k, 0) + 1
        dora = 34 * 7 + dora_from_indicator(t, players=n)
        cells[dora] = cells.get(dora, 0) + 1
        seen[k] += 1
    for k in view.waits:
        cells[34 * 8 + k] = 1
    for r in range(n):
        other = (seat + r) % n
        base = _SEAT_BASE + seat_rows * r
        for i, d in enumerate(view.rivers[other]):
            k = KIND_OF[d.tile]
            if not d.called:
                seen[k] += 1
            if i < _RIVER_ROWS:
                cells[34 * (base + i) + k] = 1
                if d.tsumogiri:
                    cells[34 * (base + 24) + i] = 1
                if d.riichi:
                    cells[34 * (base + 25) + i] = 1
                if d.called:
                    cells[34 * (base + 26) + i] = 1
        for meld in view.melds[other]:
            for t in meld.tiles:
                k = KIND_OF[t]
                cell = 34 * (base + 27) + k
                cells[cell] = cells.get(cell, 0) + 1
                seen[k] += 1
            if meld.called is not None:
                cells[34 * (base + 28) + KIND_OF[meld.called]] = 1
    for k, c in enumerate(seen):
        for j in range(min(c, 4)):
            cells[34 * (9 + j) + k] = 1
    return cells


def encode_planes_v1(view: View, out: Any = None) -> Any:
    """The ``planes-v1`` features of a view (see the module's table); writes into ``out``
    (a zeroed ``(155, 34)`` float32 array) when given, else into a new array.

    The cells are gathered in Python and written with a few NumPy operations.
    """
    planes = np.zeros((PLANES_V1, 34), dtype=np.float32) if out is None else out
    n = view.players
    seat = view.seat
    cells = _tile_cells(view, _SEAT_ROWS)
    planes.reshape(-1)[list(cells)] = list(cells.values())
    # the rows of copies hold them as quarters
    planes[[6, 7, *(_SEAT_BASE + _SEAT_ROWS * r + 27 for r in range(n))]] *= 0.25
    consts = [0.0] * PLANES_V1  # constant rows
    for r in range(n):
        other = (seat + r) % n
        base = _SEAT_BASE + _SEAT_ROWS * r
        consts[base + 29] = view.riichi[other] / 2
        consts[base + 30] = view.scores[other] / 100_000
        consts[base + 31] = view.nuki[other] / 4
    consts[_TAIL + view.bakaze - 27] = 1.0
    consts[_TAIL + 4 + (seat - view.oya) % n] = 1.0
    consts[_TAIL + 8] = view.kyoku / 4
    consts[_TAIL + 9] = view.honba / 10
    consts[_TAIL + 10] = view.kyotaku / 10
    consts[_TAIL + 11] = view.tiles_left / 70
    consts[_TAIL + 12] = 1.0 if n == 3 else 0.0
    consts[_TAIL + 13] = 1.0 if seat == view.oya else 0.0
    planes += np.asarray(consts, dtype=np.float32)[:, None]
    return planes


PLANES_V2: Final = 163
"""The number of rows of ``planes-v2``."""

_SEAT_ROWS_V2: Final = 34
_TAIL_V2: Final = _SEAT_BASE + 4 * _SEAT_ROWS_V2  # 149
_MOST_CODED: Final = 255  # the largest value of a uint8 cell


def encode_score(points: int) -> tuple[int, int, int]:
    """A score's three ``planes-v2`` codes: below zero (0/1), thousands, hundreds.

    >>> encode_score(25000), encode_score(-1300), encode_score(0)
    ((0, 25, 0), (1, 1, 3), (0, 0, 0))
    >>> encode_score(256_000)
    Traceback (most recent call last):
    ...
    jantaku.errors.JantakuError: no planes-v2 code for a score of 256,000

    Raises :class:`~jantaku.errors.JantakuError` for a score that is not a multiple
    of 100 or beyond 255,900 either way (no exact code).
    """
    size = abs(points)
    if size % 100 or size // 1000 > _MOST_CODED:
        from jantaku.errors import JantakuError

        raise JantakuError(f"no planes-v2 code for a score of {points:,}")
    return (1 if points < 0 else 0), size // 1000, size // 100 % 10


def decode_score(below_zero: int, thousands: int, hundreds: int) -> int:
    """The score of three ``planes-v2`` codes (:func:`encode_score` undone).

    >>> decode_score(*encode_score(-1300)), decode_score(0, 25, 0)
    (-1300, 25000)
    """
    return (-1 if below_zero else 1) * (1000 * int(thousands) + 100 * int(hundreds))


def encode_count(value: int, name: str) -> int:
    """A count's ``planes-v2`` code: the count itself (honba, riichi sticks).

    >>> encode_count(3, "honba")
    3

    Raises :class:`~jantaku.errors.JantakuError` beyond a byte (0–255).
    """
    if not 0 <= value <= _MOST_CODED:
        from jantaku.errors import JantakuError

        raise JantakuError(f"planes-v2 encodes {name} of 0 to 255, not {value}")
    return value


def encode_planes_v2(view: View, out: Any = None) -> Any:
    """The ``planes-v2`` features of a view (see the module's table); writes into ``out``
    (a zeroed ``(163, 34)`` uint8 array) when given, else into a new array.

    Raises :class:`~jantaku.errors.JantakuError` for a score, honba or riichi-stick
    count without an exact code (see the module's table).
    """
    planes = np.zeros((PLANES_V2, 34), dtype=np.uint8) if out is None else out
    n = view.players
    seat = view.seat
    consts = [0] * PLANES_V2  # constant rows
    for r in range(n):
        other = (seat + r) % n
        base = _SEAT_BASE + _SEAT_ROWS_V2 * r
        consts[base + 29] = view.riichi[other]
        consts[base + 30 : base + 33] = encode_score(view.scores[other])
        consts[base + 33] = view.nuki[other]
    consts[_TAIL_V2 + view.bakaze - 27] = 1
    consts[_TAIL_V2 + 4 + (seat - view.oya) % n] = 1
    consts[_TAIL_V2 + 8] = view.kyoku
    consts[_TAIL_V2 + 9] = encode_count(view.honba, "honba")
    consts[_TAIL_V2 + 10] = encode_count(view.kyotaku, "riichi sticks")
    consts[_TAIL_V2 + 11] = view.tiles_left
    consts[_TAIL_V2 + 12] = 1 if n == 3 else 0
    consts[_TAIL_V2 + 13] = 1 if seat == view.oya else 0
    planes += np.asarray(consts, dtype=np.uint8)[:, None]
    cells = _tile_cells(view, _SEAT_ROWS_V2)
    planes.reshape(-1)[list(cells)] = list(cells.values())
    return planes


ENCODERS: Final[dict[str, tuple[int, Callable[[View, Any], Any]]]] = {
    "planes-v1": (PLANES_V1, encode_planes_v1),
    "planes-v2": (PLANES_V2, encode_planes_v2),
}
"""The encoders by version: ``(rows, encode(view, out))``; each gives ``(rows, 34)``."""

FEATURE_DTYPES: Final[dict[str, str]] = {"planes-v1": "float32", "planes-v2": "uint8"}
"""The NumPy type of each version's planes."""


def features_dtype(name: str) -> Any:
    """The NumPy type of a version's planes.

    >>> features_dtype("planes-v2").name
    'uint8'

    Raises :class:`~jantaku.errors.JantakuError` for an unknown version.
    """
    features_version(name)
    return np.dtype(FEATURE_DTYPES[name])


def features_version(name: str) -> tuple[int, Callable[[View, Any], Any]]:
    """An encoder by version name.

    >>> features_version("planes-v1")[0]
    155
    >>> features_version("planes-v0")
    Traceback (most recent call last):
    ...
    jantaku.errors.JantakuError: unknown features 'planes-v0' (known: planes-v1, planes-v2)

    Raises :class:`~jantaku.errors.JantakuError` for an unknown version.
    """
    from jantaku.errors import JantakuError

    found = ENCODERS.get(name)
    if found is None:
        raise JantakuError(f"unknown features {name!r} (known: {', '.join(ENCODERS)})")
    return found


ORACLE_V1: Final = 15
"""The number of rows of ``oracle-v1`` (:func:`encode_oracle_v1`)."""


def encode_oracle_v1(state: Any, seat: int) -> Any:
    """``oracle-v1``: what ``seat`` may not see, for oracle guiding (Suphx, Mortal): a
    ``(15, 34)`` uint8 array read from the engine's whole state. For each other seat
    ``r`` (1–3, to the right in turn order; zero at a three-player table's fourth):

    =========  ==============================================================
    rows       channel
    =========  ==============================================================
    4(r-1)+j   its concealed tiles: kind held at least j+1 times (j = 0…3)
    11+r       its waits: 1 at each kind that would complete its hand
    =========  ==============================================================

    >>> from jantaku.engine import Referee
    >>> oracle = encode_oracle_v1(Referee(seed=1).state, 0)
    >>> oracle.shape, int(oracle[0:4].sum()), int(oracle[4:8].sum())  # 13 tiles each
    ((15, 34), 13, 13)
    """
    out = np.zeros((ORACLE_V1, 34), dtype=np.uint8)
    n = state.players
    for r in range(1, n):
        other = (seat + r) % n
        counts = state.counts[other]
        for k in range(34):
            for j in range(min(counts[k], 4)):
                out[4 * (r - 1) + j, k] = 1
        for k in state.waits[other]:
            out[11 + r, k] = 1
    return out
