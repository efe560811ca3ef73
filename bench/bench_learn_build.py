"""Learn's discard positions from the Houou games: ``jantaku drill build``'s work, on one core.

Every game of the Houou folder is replayed through the engine and one discard in
``--every`` (12, the command's default) becomes a position: the acting seat's view, the
advisor's ranking, the tiles safe against each riichi, the tags
(:func:`jantaku.learn.positions.build_positions`). Timed in CPU seconds of this process,
without the store (the command adds its writes, a few seconds). The three-player games
are read and left out: the drill asks four-player positions.

Target (issue 30): at least 20,000 tagged positions from the 788 Houou games in at most
60 s on one core; the last line says PASS or FAIL. ``--profile`` prints where the time
goes instead (cProfile, the 25 costliest calls by their own time).

    python bench/bench_learn_build.py [--data DIR] [--every N] [--jobs N] [--profile]

Measured on the project's two-core machine, shared with other work (load 5 to 7),
December 2026: 21,556 positions from the 788 games (569 of them four-player) in 17.5 to
21.5 s of CPU at one discard in 12 (38 s on the clock); with ``--jobs 2`` 27.6 s on the
clock. Before, one discard in 16 gave 16,094 positions (15.3 to 16.4 s of CPU here;
52.2 s was measured on the clock earlier), short of 20,000. Most of the time is the discard advisor
(``jantaku.hand.advise``, about 0.5 ms a position) and the replay
(``jantaku.engine.apply``, about 9 s for the whole folder), both in the core. Formatting
tile codes, once a sixth of a cProfile run (1.6 s of 10 s for 100 games), is now read
from a table (0.2 s of 13 s); outside the profiler that saving is within the machine's
noise, so the target is reached by drawing more positions per game (one discard in 12
rather than 16) and, on the clock, by ``--jobs``.
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import sys
import time
from pathlib import Path

from jantaku.learn.positions import build_positions, record_files

DEFAULT_DATA = Path(__file__).resolve().parents[2] / "shared" / "data"
TARGET_SECONDS = 60.0
TARGET_POSITIONS = 20_000


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--every", type=int, default=12)
    parser.add_argument("--profile", action="store_true")
    parser.add_argument("--jobs", type=int, default=1, help="processes (the clock is then timed)")
    args = parser.parse_args(argv)
    folder = args.data / "tenhou_xml" / "agony5757_houou_2020"
    files = record_files([folder])
    if not files:
        print(f"no Houou games under {args.data}", file=sys.stderr)
        return 2
    if args.profile:
        profile = cProfile.Profile()
        profile.enable()
        n = sum(1 for _ in build_positions([folder], every=args.every))
        profile.disable()
        print(f"{n} positions")
        pstats.Stats(profile).sort_stats("tottime").print_stats(25)
        return 0
    wall = time.perf_counter()
    cpu = time.process_time()
    n = agree = 0
    for pos in build_positions([folder], every=args.every, jobs=args.jobs):
        n += 1
        agree += pos["tags"]["agree"]
    cpu = time.process_time() - cpu
    wall = time.perf_counter() - wall
    if args.jobs > 1:  # the workers' CPU is not this process's: the clock is the time
        cpu = wall
        timed = f"{wall:.1f} s on the clock in {args.jobs} processes"
    else:
        timed = f"{cpu:.1f} s of CPU ({wall:.1f} s on the clock)"
    print(
        f"{n:,} positions from {len(files)} games, one discard in {args.every}: {timed}, "
        f"{n / cpu:,.0f} positions/s; "
        f"the advisor agrees with the player on {100 * agree / max(n, 1):.0f}%"
    )
    ok = n >= TARGET_POSITIONS and cpu <= TARGET_SECONDS
    where = "on one core" if args.jobs == 1 else f"in {args.jobs} processes"
    print(
        f"{'PASS' if ok else 'FAIL'}: {n:,} positions in {cpu:.1f} s "
        f"(target {TARGET_POSITIONS:,} in {TARGET_SECONDS:.0f} s {where})"
    )
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
