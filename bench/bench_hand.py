"""Hand analysis speed: jantaku against the ``mahjong`` package on the same seeded hands.

Prints calls per second for ``shanten`` (jantaku, then ``mahjong``'s
``Shanten.calculate_shanten``) and their ratio, the batch rate of ``shanten_batch``
against a loop of ``shanten`` on the same hands, the cost of loading the tables, and
the rates of ``winning_kinds`` and ``advise``. Times are the process's CPU time, each
figure the median of three passes (the two libraries alternating); ``shanten`` is
timed once with its per-suit memo empty (the first pass) and then with it filled, as
in any long-running process (the memo holds one entry per suit shape, bounded).

Run ``python bench/bench_hand.py`` (``make bench`` runs every benchmark);
``--hands N`` sets the number of hands of each size.
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence

SIZES = (1, 2, 4, 5, 7, 8, 10, 11, 13, 14)
WALL = [k for k in range(34) for _ in range(4)]


def hands(rng: random.Random, size: int, count: int) -> list[list[int]]:
    out = []
    for _ in range(count):
        counts = [0] * 34
        for t in rng.sample(WALL, size):
            counts[t] += 1
        out.append(counts)
    return out


def rate(func: Callable[[list[int]], object], data: Sequence[list[int]], repeat: int = 3) -> float:
    """Median calls per second over ``repeat`` passes (CPU time)."""
    times = []
    for _ in range(repeat):
        t = time.process_time()
        for h in data:
            func(h)
        times.append(time.process_time() - t)
    return len(data) / statistics.median(times)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="hand analysis benchmark")
    ap.add_argument("--hands", type=int, default=20_000, help="hands of each size")
    ap.add_argument("--seed", type=int, default=2026)
    args = ap.parse_args(argv)

    # loading: the import of jantaku.hand in a fresh interpreter, and the table decoding
    code = (
        "import time; t = time.perf_counter(); import jantaku.hand; print(time.perf_counter() - t)"
    )
    imp = min(
        float(
            subprocess.run(
                [sys.executable, "-c", code], capture_output=True, text=True, check=True
            ).stdout
        )
        for _ in range(3)
    )
    import numpy as np
    from mahjong.shanten import Shanten

    from jantaku.hand import advise, shanten, shanten_batch, tables, winning_kinds

    t = time.perf_counter()
    tables._load()
    load = time.perf_counter() - t
    print(f"tables: load {load * 1000:.1f} ms; import jantaku.hand {imp * 1000:.1f} ms")

    rng = random.Random(args.seed)
    by_size = {n: hands(rng, n, args.hands) for n in SIZES}
    every = [h for n in SIZES for h in by_size[n]]
    calc = Shanten.calculate_shanten

    # the first pass fills the per-suit memo (at most one entry per suit shape seen)
    t = time.process_time()
    for h in every:
        shanten(h)
    cold = len(every) / (time.process_time() - t)
    print(f"shanten, first pass over {len(every):,} hands (memo filling): {cold:,.0f} calls/s")
    print(f"{'tiles':>5}  {'jantaku calls/s':>16}  {'mahjong calls/s':>16}  {'ratio':>6}")
    total_j = total_m = 0.0
    for n in SIZES:
        # alternate the two, median of three each, so that load on the machine hits both
        js, ms = [], []
        for _ in range(3):
            js.append(rate(shanten, by_size[n], repeat=1))
            ms.append(rate(calc, by_size[n], repeat=1))
        j, m = statistics.median(js), statistics.median(ms)
        total_j += len(by_size[n]) / j
        total_m += len(by_size[n]) / m
        print(f"{n:>5}  {j:>16,.0f}  {m:>16,.0f}  {j / m:>5.1f}x")
    j_all = len(every) / total_j
    m_all = len(every) / total_m
    print(f"{'all':>5}  {j_all:>16,.0f}  {m_all:>16,.0f}  {j_all / m_all:>5.1f}x")

    batch = np.array([h for _ in range(1_000_000 // len(every) + 1) for h in every], np.int8)
    batch = batch[:1_000_000]
    shanten_batch(batch[:10])  # first use builds the NumPy tables
    times = []
    for _ in range(3):
        t = time.process_time()
        shanten_batch(batch)
        times.append(time.process_time() - t)
    batch_rate = len(batch) / statistics.median(times)
    loop_rate = rate(shanten, [list(map(int, h)) for h in batch[:50_000]])
    print(
        f"shanten_batch: {batch_rate:,.0f} hands/s ({len(batch):,} hands, int8); "
        f"a loop of shanten on the same hands {loop_rate:,.0f}/s: "
        f"{'PASS' if batch_rate > loop_rate else 'FAIL'} faster a hand "
        f"({batch_rate / loop_rate:.1f}x)"
    )
    full = batch[np.isin(batch.sum(1), (13, 14))]
    times = []
    for _ in range(3):
        t = time.process_time()
        shanten_batch(full)
        times.append(time.process_time() - t)
    print(f"shanten_batch, 13/14 tiles only: {len(full) / statistics.median(times):,.0f} hands/s")

    thirteen = by_size[13]
    t = time.process_time()
    for h in thirteen[:5000]:
        winning_kinds(h)
    first = 5000 / (time.process_time() - t)
    print(
        f"winning_kinds (13 tiles): {first:,.0f} calls/s uncached, "
        f"{rate(winning_kinds, thirteen[:5000]):,.0f} cached"
    )
    print(f"advise (14 tiles): {rate(advise, by_size[14][:1000], repeat=1):,.0f} calls/s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
