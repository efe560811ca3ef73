"""The shipped split tables: every pattern of one suit in a complete hand, with its splits.

``tools/gen_split_tables.py`` enumerates every count pattern one number suit (or the
honors) can hold in a complete hand of at most 14 tiles and every split of it into
runs, triplets and at most one pair (23,533 splits of 21,743 number-suit patterns,
498 honor patterns), shipped in ``jantaku/data/split_tables.bin`` with each split's
scoring features (:func:`split_features`) and a compact record of them
(:func:`compact_splits`, what scoring reads). Scoring looks a suit's splits up here:
a pattern of at most 14 tiles that is not in the table has no split. Kinds are
0-based within the suit.

>>> splits = suit_splits(honors=False)
>>> sorted(splits[bytes((3, 3, 3, 0, 0, 0, 0, 0, 0))])  # 111222333m
[((), (0, 1, 2), -1), ((0, 0, 0), (), -1)]
>>> bytes((1, 1, 0, 0, 0, 0, 0, 0, 0)) in splits
False
>>> [f[:11] for f in split_features(honors=False)[bytes((0, 1, 1, 1, 0, 0, 0, 0, 2))]]
[(b'\\x01\\xff\\xff\\xff', b'\\xff\\xff\\xff\\xff', 8, 2, 0, 0, 0, 1, 0, 0, 270)]
>>> table, runs, trips = compact_splits(honors=False)
>>> record = table[bytes((0, 1, 1, 1, 0, 0, 0, 0, 2))]  # 234 99 of a suit
>>> runs[record[0]], trips[record[1]], record[2], record[3] == ANY | YAO | SIMPLE | NOT_GREEN | PAIR
(b'\\x01\\xff\\xff\\xff', b'\\xff\\xff\\xff\\xff', 8, True)
"""

from __future__ import annotations

import struct
import zlib
from functools import cache
from importlib import resources
from itertools import accumulate, chain
from typing import Any, Final, NamedTuple

__all__ = [
    "ANY",
    "CHANTA",
    "COMPACT",
    "FEATURES",
    "NOT_GREEN",
    "PAIR",
    "SIMPLE",
    "SPLITS",
    "YAO",
    "Section",
    "SuitSplit",
    "compact_splits",
    "section",
    "split_features",
    "suit_splits",
]

_MAGIC: Final = b"JKSP5\n"
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


COMPACT: Final = struct.Struct("<HHBB9B")
"""One split's compact record as shipped: the codes of its run-start and triplet
fields (their places among the distinct fields of its section, :func:`compact_splits`),
its pair (255 none), its kinds byte (:data:`CHANTA` when every set and the pair hold a
terminal or honor; what the pattern holds, the same in each of its splits:
:data:`ANY` a tile, :data:`YAO` a terminal or honor, :data:`SIMPLE` a 2 to 8,
:data:`NOT_GREEN` a tile that would not be green were the suit bamboo; green: 2, 3,
4, 6, 8 of bamboo and the green dragon; :data:`PAIR` when its splits hold a pair,
:data:`SPLITS` when it splits more than one way), and the wait bits of a winning tile
at each of nine places (as in :data:`FEATURES`)."""
CHANTA, ANY, YAO, SIMPLE, NOT_GREEN, PAIR, SPLITS = 1, 2, 4, 8, 16, 32, 64
"""The bits of a compact record's kinds byte."""


class Section(NamedTuple):
    """One suit's table as shipped: patterns sorted by base-5 code, the number of
    splits of each, the splits (9 bytes each: 4 run starts, 4 triplets, the pair;
    255 empty) in pattern order, and their features (:data:`FEATURES` records)."""

    width: int
    patterns: bytes
    counts: bytes
    splits: bytes
    features: bytes


class _Compact(NamedTuple):
    """One section's compact part: the distinct run-start and triplet fields (4 bytes
    each) and the splits' :data:`COMPACT` records."""

    runs: bytes
    trips: bytes
    records: bytes


@cache
def _sections() -> tuple[tuple[Section, _Compact], tuple[Section, _Compact]]:
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
        fields = []
        for _ in range(2):  # run-start fields, then triplet fields
            n = int.from_bytes(body[pos : pos + 4], "little")
            fields.append(body[pos + 4 : pos + 4 + 4 * n])
            pos += 4 + 4 * n
        records = body[pos : pos + COMPACT.size * n_splits]
        pos += COMPACT.size * n_splits
        out.append(
            (
                Section(width, patterns, counts, splits, features),
                _Compact(fields[0], fields[1], records),
            )
        )
    if pos != len(body):
        raise RuntimeError("jantaku/data/split_tables.bin has the wrong size")
    return out[0], out[1]


def section(honors: bool) -> Section:
    """The shipped table of a number suit or of the honors."""
    return _sections()[1 if honors else 0][0]


@cache
def compact_splits(
    honors: bool,
) -> tuple[dict[bytes, tuple[int, ...]], tuple[bytes, ...], tuple[bytes, ...]]:
    """Every pattern of a number suit (or of the honors) in a complete hand, as its
    counts' bytes, with its splits' :data:`COMPACT` records one after the other in
    one flat tuple (in the order of :func:`suit_splits`), and the run-start and
    triplet fields (4 bytes, 255 fills) that the records' codes stand for."""
    (width, patterns, counts, _, _), (runs, trips, records) = _sections()[1 if honors else 0]
    unpacked = list(COMPACT.iter_unpack(records))
    table: dict[bytes, tuple[int, ...]] = {}
    pos = 0
    for i, n in enumerate(counts):
        table[patterns[i * width : i * width + width]] = (
            unpacked[pos] if n == 1 else tuple(chain.from_iterable(unpacked[pos : pos + n]))
        )
        pos += n
    return (
        table,
        tuple(runs[i : i + 4] for i in range(0, len(runs), 4)),
        tuple(trips[i : i + 4] for i in range(0, len(trips), 4)),
    )


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
