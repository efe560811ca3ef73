"""Generate the per-suit split tables of complete hands shipped in ``src/jantaku/data/``.

A complete hand splits suit by suit: the counts of one number suit (or of the honors)
are split into runs, triplets and at most one pair. This script enumerates every
pattern one suit can hold in a complete hand of at most 14 tiles — every choice of up
to four sets (a run of a number suit, or a triplet) with or without one pair, no kind
more than four times — and every split of each pattern. Scoring
(:mod:`jantaku.scoring.score` and :mod:`jantaku.scoring.batch`) looks a suit's
splits up instead of searching for them; a pattern of at most 14 tiles that is not
in the table has no split.

Output ``split_tables.bin``: ``MAGIC`` then zlib of two sections (number suit, then
honors). A section is ``width`` (1 byte: 9 or 7), the number of patterns and of
splits (4 bytes each, little-endian), the patterns' counts (``width`` bytes each,
sorted by their base-5 code, kind 0 the least significant digit), each pattern's
number of splits (1 byte each), the splits in pattern order (9 bytes each: four
run starts, four triplet kinds, the pair kind; 255 fills an empty place), and each
split's scoring features in the same order (``FEATURES``, 28 bytes each; see
:func:`features`), then the compact splits scoring reads: the number of distinct
run-start fields and their fields (4 bytes each, in order of first use), the same for
the triplet fields, and each split's ``COMPACT`` record (see :func:`compact`). Kinds
are 0-based within the suit.

Run ``python tools/gen_split_tables.py``; ``--check`` compares with the shipped file
instead of writing it.
"""

from __future__ import annotations

import argparse
import struct
import sys
import zlib
from itertools import combinations_with_replacement
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "src" / "jantaku" / "data" / "split_tables.bin"
MAGIC = b"JKSP5\n"
EMPTY = 255

Split = tuple[tuple[int, ...], tuple[int, ...], int]


def splits_of_suit(width: int, runs_allowed: bool) -> dict[tuple[int, ...], set[Split]]:
    """Every pattern of one suit in a complete hand, with its splits (runs, triplets, pair)."""
    sets = [("t", i) for i in range(width)]
    if runs_allowed:
        sets += [("r", i) for i in range(width - 2)]
    table: dict[tuple[int, ...], set[Split]] = {}
    for size in range(5):
        for chosen in combinations_with_replacement(sets, size):
            for pair in range(-1, width):
                counts = [0] * width
                for what, i in chosen:
                    if what == "t":
                        counts[i] += 3
                    else:
                        for k in range(i, i + 3):
                            counts[k] += 1
                if pair >= 0:
                    counts[pair] += 2
                if max(counts) > 4:
                    continue
                runs = tuple(sorted(i for what, i in chosen if what == "r"))
                trips = tuple(sorted(i for what, i in chosen if what == "t"))
                table.setdefault(tuple(counts), set()).add((runs, trips, pair))
    return table


def code(counts: tuple[int, ...]) -> int:
    """The base-5 code of a pattern, kind 0 the least significant digit."""
    return sum(c * 5**i for i, c in enumerate(counts))


FEATURES = struct.Struct("<4s4sBBHBBBBBH9B")
# the wait bits of a winning tile's place in a split; AMBIGUOUS marks two different
# run waits, whose order scoring reads from the runs themselves
TANKI, SHANPON, KANCHAN, PENCHAN, RYANMEN, AMBIGUOUS = 1, 2, 4, 8, 16, 128


def waits_at(w: int, split: Split, width: int) -> int:
    """The wait bits of a winning tile at place ``w`` of a split of one suit."""
    runs, trips, pair = split
    bits = (TANKI if pair == w else 0) | (SHANPON if w in trips else 0)
    run_bits = 0
    for r in runs:
        if w == r + 1:
            run_bits |= KANCHAN
        elif w == r:
            run_bits |= PENCHAN if r == width - 3 else RYANMEN
        elif w == r + 2:
            run_bits |= PENCHAN if r == 0 else RYANMEN
    if run_bits & (run_bits - 1):
        bits |= AMBIGUOUS
    return bits | run_bits


def features(counts: tuple[int, ...], split: Split) -> bytes:
    """One split's record: its run starts and triplets (the split's bytes), the pair,
    the bit masks of run starts and of triplets, the fu of its triplets as concealed
    ones, its identical-run pairs (peikou), its numbers of runs and of triplets,
    whether every set and the pair hold a terminal or honor (chanta), the bit mask of
    the pattern's kinds, and the wait bits of a winning tile at each of nine places."""
    width = len(counts)
    honors = width == 7
    runs, trips, pair = split
    yao = {0, 8} if not honors else set(range(7))
    chanta = all(r in (0, 6) for r in runs) and all(t in yao for t in trips)
    return FEATURES.pack(
        bytes(runs) + bytes([EMPTY] * (4 - len(runs))),
        bytes(trips) + bytes([EMPTY] * (4 - len(trips))),
        EMPTY if pair < 0 else pair,
        sum(1 << r for r in set(runs)),
        sum(1 << t for t in trips),
        sum(8 if t in yao else 4 for t in trips),
        sum(runs.count(r) // 2 for r in set(runs)),
        len(runs),
        len(trips),
        chanta and (pair < 0 or pair in yao),
        sum(1 << k for k in range(width) if counts[k]),
        *(waits_at(w, split, width) if w < width else 0 for w in range(9)),
    )


COMPACT = struct.Struct("<HHBB9B")


# the bits of a compact record's kinds byte: the split's chanta condition, then what
# the pattern holds and how it splits (the same in each of its splits)
CHANTA, ANY, YAO, SIMPLE, NOT_GREEN, PAIR, SPLITS = 1, 2, 4, 8, 16, 32, 64


def kinds_byte(counts: tuple[int, ...], chanta: bool, pair: bool, several: bool) -> int:
    """A compact record's kinds byte: ``CHANTA`` when every set and the pair of the
    split hold a terminal or honor; ``ANY`` when the pattern holds a tile, ``YAO`` a
    terminal or honor, ``SIMPLE`` a 2 to 8, ``NOT_GREEN`` a tile that is not green
    were the suit bamboo (green: 2, 3, 4, 6, 8 of bamboo and the green dragon, the
    sixth honor); ``PAIR`` when its splits hold a pair, ``SPLITS`` when it splits
    more than one way."""
    held = [k for k in range(len(counts)) if counts[k]]
    honors = len(counts) == 7
    yao = set(range(7)) if honors else {0, 8}
    green = {5} if honors else {1, 2, 3, 5, 7}
    return (
        (CHANTA if chanta else 0)
        | (ANY if held else 0)
        | (YAO if any(k in yao for k in held) else 0)
        | (SIMPLE if any(k not in yao for k in held) else 0)
        | (NOT_GREEN if any(k not in green for k in held) else 0)
        | (PAIR if pair else 0)
        | (SPLITS if several else 0)
    )


def compact(
    counts: tuple[int, ...], split: Split, run_code: int, trip_code: int, several: bool
) -> bytes:
    """One split's compact record: the codes of its run-start and triplet fields (their
    places among the distinct fields of the section), its pair (255 none), its kinds
    byte (:func:`kinds_byte`: the chanta condition, what the pattern holds, whether
    it holds a pair and splits more than one way), and the wait bits of a winning tile
    at each of nine places, as in :func:`features`."""
    f = FEATURES.unpack(features(counts, split))
    kinds = kinds_byte(counts, f[9], split[2] >= 0, several)
    return COMPACT.pack(run_code, trip_code, f[2], kinds, *f[11:20])


def encode_section(width: int, table: dict[tuple[int, ...], set[Split]]) -> bytes:
    """One section of the file (see the module docstring)."""
    patterns = sorted(table, key=code)
    rows = [sorted(table[p]) for p in patterns]
    n_splits = sum(len(r) for r in rows)
    out = bytearray([width])
    out += len(patterns).to_bytes(4, "little") + n_splits.to_bytes(4, "little")
    for p in patterns:
        out += bytes(p)
    out += bytes(len(r) for r in rows)
    for r in rows:
        for runs, trips, pair in r:
            out += bytes(runs) + bytes([EMPTY] * (4 - len(runs)))
            out += bytes(trips) + bytes([EMPTY] * (4 - len(trips)))
            out.append(EMPTY if pair < 0 else pair)
    for p, r in zip(patterns, rows, strict=True):
        for split in r:
            out += features(p, split)
    run_codes: dict[bytes, int] = {}
    trip_codes: dict[bytes, int] = {}
    records = bytearray()
    for p, r in zip(patterns, rows, strict=True):
        for split in r:
            runs, trips, _ = split
            run_raw = bytes(runs) + bytes([EMPTY] * (4 - len(runs)))
            trip_raw = bytes(trips) + bytes([EMPTY] * (4 - len(trips)))
            run_code = run_codes.setdefault(run_raw, len(run_codes))
            trip_code = trip_codes.setdefault(trip_raw, len(trip_codes))
            records += compact(p, split, run_code, trip_code, len(r) > 1)
    for codes in (run_codes, trip_codes):
        out += len(codes).to_bytes(4, "little") + b"".join(codes)
    out += records
    return bytes(out)


def encode() -> bytes:
    """The whole file: the number suit's section, then the honors'."""
    body = encode_section(9, splits_of_suit(9, True)) + encode_section(7, splits_of_suit(7, False))
    return MAGIC + zlib.compress(body, 9)


def main() -> None:
    """Write the tables, or with ``--check`` compare them with the shipped file."""
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--check", action="store_true")
    args = ap.parse_args()
    data = encode()
    if args.check:
        if OUT.read_bytes() != data:
            sys.exit(f"{OUT} differs from a fresh generation")
        print(f"{OUT} is up to date")
        return
    OUT.write_bytes(data)
    print(f"wrote {OUT} ({len(data)} bytes)")


if __name__ == "__main__":
    main()
