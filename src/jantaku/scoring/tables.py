"""The shipped split tables: every pattern of one suit in a complete hand, with its splits.

``tools/gen_split_tables.py`` enumerates every count pattern one number suit (or the
honors) can hold in a complete hand of at most 14 tiles and every split of it into
runs, triplets and at most one pair (23,533 splits of 21,743 number-suit patterns,
498 honor patterns), shipped in ``jantaku/data/split_tables.bin`` with each split's
scoring features (:func:`split_features`). Scoring looks a suit's splits up here: a
pattern of at most 14 tiles that is not in the table has no split. Kinds are 0-based
within the suit.

>>> splits = suit_splits(honors=False)
>>> sorted(splits[bytes((3, 3, 3, 0, 0, 0, 0, 0, 0))])  # 111222333m
[((), (0, 1, 2), -1), ((0, 0, 0), (), -1)]
>>> bytes((1, 1, 0, 0, 0, 0, 0, 0, 0)) in splits
False
>>> [f[:11] for f in split_features(honors=False)[bytes((0, 1, 1, 1, 0, 0, 0, 0, 2))]]
[(b'\\x01\\xff\\xff\\xff', b'\\xff\\xff\\xff\\xff', 8, 2, 0, 0, 0, 1, 0, 0, 270)]
"""

from __future__ import annotations

import struct
import zlib
from functools import cache
from importlib import resources
from itertools import accumulate
from typing import Any, Final, NamedTuple

__all__ = ["FEATURES", "Section", "SuitSplit", "section", "split_features", "suit_splits"]

_MAGIC: Final = b"JKSP2\n"
_EMPTY: Final = 255

SuitSplit = tuple[tuple[int, ...], tuple[int, ...], int]
"""One split of a suit: the run starts, the triplet kinds, the pair kind (-1 none)."""

FEATURES: Final = struct.Struct("<4s4sBBHBBBBBH9B")
"""One split's scoring features as shipped: its four run starts and four triplets
(255 empty), the pair (255 none), the bit masks of its run starts and triplets, the
fu of its triplets as concealed ones, its pairs of identical runs, its numbers of
runs and triplets, whether every set and the pair hold a terminal or honor, the bit
mask of the pattern's kinds, then for each of nine places the wait bits of a winning
tile there: 1 tanki, 2 shanpon, 4 kanchan, 8 penchan, 16 ryanmen, 128 two different
run waits."""


class Section(NamedTuple):
    """One suit's table as shipped: patterns sorted by base-5 code, the number of
    splits of each, the splits (9 bytes each: 4 run starts, 4 triplets, the pair;
    255 empty) in pattern order, and their features (:data:`FEATURES` records)."""

    width: int
    patterns: bytes
    counts: bytes
    splits: bytes
    features: bytes


@cache
def _sections() -> tuple[Section, Section]:
    raw = resources.files("jantaku").joinpath("data/split_tables.bin").read_bytes()
    if not raw.startswith(_MAGIC):
        raise RuntimeError("jantaku/data/split_tables.bin is not a split table file")
    body = zlib.decompress(raw[len(_MAGIC) :])
    out = []
    pos = 0
    for _ in range(2):
        width = body[pos]
        n_patterns = int.from_bytes(body[pos + 1 : pos + 5], "little")
        n_splits = int.from_bytes(body[pos + 5 : pos + 9], "little")
        pos += 9
        patterns = body[pos : pos + width * n_patterns]
        pos += width * n_patterns
        counts = body[pos : pos + n_patterns]
        pos += n_patterns
        splits = body[pos : pos + 9 * n_splits]
        pos += 9 * n_splits
        features = body[pos : pos + FEATURES.size * n_splits]
        pos += FEATURES.size * n_splits
        out.append(Section(width, patterns, counts, splits, features))
    if pos != len(body):
        raise RuntimeError("jantaku/data/split_tables.bin has the wrong size")
    return out[0], out[1]


def section(honors: bool) -> Section:
    """The shipped table of a number suit or of the honors."""
    return _sections()[1 if honors else 0]


@cache
def suit_splits(honors: bool) -> dict[bytes, tuple[SuitSplit, ...]]:
    """Every pattern of a number suit (or of the honors) in a complete hand, as its
    counts' bytes, with its splits."""
    width, patterns, counts, splits, _ = section(honors)
    decoded: dict[bytes, SuitSplit] = {}
    out: dict[bytes, tuple[SuitSplit, ...]] = {}
    pos = 0
    for i, n in enumerate(counts):
        row = []
        for _ in range(n):
            raw = splits[pos : pos + 9]
            pos += 9
            split = decoded.get(raw)
            if split is None:
                runs = tuple(x for x in raw[0:4] if x != _EMPTY)
                trips = tuple(x for x in raw[4:8] if x != _EMPTY)
                split = decoded[raw] = (runs, trips, -1 if raw[8] == _EMPTY else raw[8])
            row.append(split)
        out[patterns[i * width : (i + 1) * width]] = tuple(row)
    return out


@cache
def split_features(honors: bool) -> dict[bytes, tuple[tuple[Any, ...], ...]]:
    """Every pattern of a number suit (or of the honors) in a complete hand, as its
    counts' bytes, with its splits' :data:`FEATURES` records (in the order of
    :func:`suit_splits`)."""
    width, patterns, counts, _, features = section(honors)
    records = list(FEATURES.iter_unpack(features))
    ends = list(accumulate(counts))
    return {
        patterns[i * width : i * width + width]: tuple(records[end - n : end])
        for i, (n, end) in enumerate(zip(counts, ends, strict=True))
    }
