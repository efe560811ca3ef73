"""Generate the per-suit shanten tables shipped in ``src/jantaku/data/``.

For every count vector of one suit (5**9 vectors for a number suit, 5**7 for the
honors) and every target of ``m`` sets (0–4) with or without the pair, the table
holds the *distance*: the fewest tiles that must be added to the suit so that it
contains ``m`` sets (runs or triplets) and the pair. Shanten of a whole hand is the
smallest sum of the four suits' distances over the ways to share the sets and the
pair between them, minus one (the method of tomohxx's and Nyanten's calculators).

A target may use a kind five times or more: a wait on a tile the hand already holds
four of is shape-tenpai (形式聴牌), so ``1111m`` with three sets is tenpai on 1m.

The distances are computed by dynamic programming over the kinds of the suit,
vectorised with NumPy over all count vectors at once; the generator takes a few
seconds. Output: ``shanten_tables.bin`` (zlib), see :func:`encode`.

Run ``python tools/gen_tables.py`` (or ``make tables``); ``--check`` compares with
the shipped file instead of writing it.
"""

from __future__ import annotations

import argparse
import sys
import zlib
from pathlib import Path

import numpy as np
import numpy.typing as npt

OUT = Path(__file__).resolve().parent.parent / "src" / "jantaku" / "data" / "shanten_tables.bin"
MAGIC = b"JKST1\n"
INF = 99


def suit_distances(kinds: int, runs: bool, limit: int | None = None) -> npt.NDArray[np.int8]:
    """Distances ``D[index, m * 2 + pair]`` for all ``5**kinds`` count vectors.

    ``index`` is the count vector in base 5, first kind most significant. With
    ``limit`` set, targets may not use a kind more than ``limit`` times.
    """
    # state: (x = runs started at the previous kind, y = runs started two kinds back,
    #         s = sets begun so far, p = pair taken)
    states = [
        (x, y, s, p)
        for s in range(5)
        for x in range(5)
        for y in range(5)
        for p in range(2)
        if x + y <= s
    ]
    index = {st: i for i, st in enumerate(states)}
    n = len(states)
    value = np.full((1, n), INF, dtype=np.int8)
    value[0, index[(0, 0, 0, 0)]] = 0
    hs = np.arange(5, dtype=np.int8)
    for pos in range(kinds):
        can_start = runs and pos + 2 < kinds
        new = np.full((value.shape[0], 5, n), INF, dtype=np.int8)
        for (x, y, s, p), si in index.items():
            old = value[:, si]
            if not (old < INF).any():
                continue
            for r in range(5 - s if can_start else 1):
                for t in range(5 - s - r):
                    for q in range(2 - p):
                        w = x + y + r + 3 * t + 2 * q
                        if limit is not None and w > limit:
                            continue
                        cost = np.maximum(w - hs, 0)
                        ns = index[(r, x, s + r + t, p + q)]
                        cand = np.minimum(old[:, None] + cost[None, :], INF)
                        np.minimum(new[:, :, ns], cand, out=new[:, :, ns])
        value = new.reshape(-1, n)
    # no run can start at the last two kinds, so every final state has x == y == 0
    out = np.empty((value.shape[0], 10), dtype=np.int8)
    for m in range(5):
        for p in range(2):
            out[:, m * 2 + p] = value[:, index[(0, 0, m, p)]]
    return out


def build(limit: int | None = None) -> tuple[npt.NDArray[np.int8], npt.NDArray[np.int8]]:
    """The number-suit and honor distance tables."""
    return suit_distances(9, True, limit), suit_distances(7, False, limit)


def _digit_sums(kinds: int) -> npt.NDArray[np.int64]:
    idx = np.arange(5**kinds)
    total = np.zeros(5**kinds, dtype=np.int64)
    for _ in range(kinds):
        total += idx % 5
        idx //= 5
    return total


def classes(dist: npt.NDArray[np.int8], kinds: int) -> tuple[npt.NDArray[np.uint8], list[Row]]:
    """Number the distinct distance rows of the vectors of at most 14 tiles.

    Returns each vector's class (255 for a vector of more than 14 tiles) and the rows
    in class order (sorted, so the numbering does not depend on NumPy's internals).
    """
    ok = _digit_sums(kinds) <= 14
    rows = sorted({tuple(int(v) for v in r) for r in np.unique(dist[ok], axis=0)})
    number = {r: i for i, r in enumerate(rows)}
    uniq, inverse = np.unique(dist, axis=0, return_inverse=True)
    ids = np.array([number.get(tuple(int(v) for v in r), 255) for r in uniq], dtype=np.uint8)
    cls = ids[inverse.reshape(-1)]
    cls[~ok] = 255
    return cls, rows


Row = tuple[int, ...]


def combine(a: Row, b: Row) -> Row:
    """Min-plus combination of two suits' distance rows (sets and pair shared out)."""
    out = [INF] * 10
    for m in range(5):
        for p in range(2):
            for m2 in range(5 - m):
                for p2 in range(2 - p):
                    v = a[m * 2 + p] + b[m2 * 2 + p2]
                    j = (m + m2) * 2 + p + p2
                    out[j] = min(out[j], v)
    return tuple(min(v, INF) for v in out)


def encode(number: npt.NDArray[np.int8], honor: npt.NDArray[np.int8]) -> bytes:
    """The shipped file: :data:`MAGIC`, then zlib of the sections below (all uint8).

    - ``nN nH nK`` as three little-endian uint16: classes of number-suit rows, honor
      rows, rows of several suits combined;
    - the class of each of the ``5**9`` number-suit vectors, then of the ``5**7`` honor
      vectors (255 = more than 14 tiles);
    - ``nN`` then ``nH`` rows of 10 distances (``m * 2 + pair``);
    - ``T2[a * nN + b]``: the combined class of man class ``a`` and pin class ``b``;
    - ``T3[k * nN + c]``: the combined class of combined class ``k`` and sou class ``c``;
    - ``F[(k * nH + h) * 5 + m]``: the distance of combined class ``k`` and honor class
      ``h`` to ``m`` sets and the pair.
    """
    ncls, nrows = classes(number, 9)
    hcls, hrows = classes(honor, 7)
    combined: dict[Row, int] = {}

    def cid(r: Row) -> int:
        return combined.setdefault(r, len(combined))

    t2 = [cid(combine(a, b)) for a in nrows for b in nrows]
    krows: list[Row] = []
    t3: list[int] = []
    done = 0
    while done < len(combined):  # close the combined classes under adding a suit
        krows = list(combined)
        for k in krows[done:]:
            t3.extend(cid(combine(k, c)) for c in nrows)
        done = len(krows)
    krows = list(combined)
    f = [combine(k, h)[m * 2 + 1] for k in krows for h in hrows for m in range(5)]
    if max(len(nrows), len(hrows), len(krows)) > 255 or max(f) >= INF:
        raise ValueError("tables do not fit their encoding")
    head = np.array([len(nrows), len(hrows), len(krows)], dtype="<u2").tobytes()
    body = b"".join(
        [
            head,
            ncls.tobytes(),
            hcls.tobytes(),
            bytes(v for r in nrows for v in r),
            bytes(v for r in hrows for v in r),
            bytes(t2),
            bytes(t3),
            bytes(f),
        ]
    )
    return MAGIC + zlib.compress(body, 9)


def main(argv: list[str] | None = None) -> int:
    """Write (or with ``--check``, verify) the shipped tables."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--check", action="store_true", help="compare with the shipped file")
    args = ap.parse_args(argv)
    data = encode(*build())
    if args.check:
        same = OUT.exists() and OUT.read_bytes() == data
        print("tables match" if same else "tables differ")
        return 0 if same else 1
    OUT.parent.mkdir(parents=True, exist_ok=True)
    OUT.write_bytes(data)
    print(f"wrote {OUT} ({len(data)} bytes)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
