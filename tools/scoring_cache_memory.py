"""Memory that scoring's caches hold after many distinct hands and many equal rules.

Two runs, in one process, each measured as the growth of the resident set size after a
full collection (and, with ``--tracemalloc``, of the memory Python has allocated, which
makes the run many times slower):

- *hands*: ``--hands`` seeded random winning hands (10⁶ by default), generated one at a
  time and not kept, each checked with :func:`~jantaku.scoring.has_yaku` (the legal-win
  check, which keeps its analysis of a hand shape) and scored with
  :func:`~jantaku.scoring.score_win`;
- *rules*: ``--rules`` rule sets, each a new :class:`~jantaku.rules.Rules` equal to the
  ``tenhou`` preset (``dataclasses.replace``) used for one check and one score, then
  dropped; the run also counts the Rules objects alive before and after.

Not a test (it takes minutes): a figure to read before and after a change to the
caches.

    python tools/scoring_cache_memory.py [--hands N] [--rules N] [--seed S] [--tracemalloc]
"""

from __future__ import annotations

import argparse
import gc
import random
import sys
import time
import tracemalloc
from dataclasses import replace
from pathlib import Path

from jantaku.errors import JantakuError
from jantaku.rules import TENHOU, Rules
from jantaku.scoring import WinSituation, has_yaku, score_win

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from scoring_hands import random_hand, with_rules


def _rss() -> int:
    """The resident set size of this process, in bytes (Linux)."""
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * 4096


def _use(s: WinSituation) -> None:
    try:
        has_yaku(s)
        score_win(s)
    except JantakuError:
        pass


def _measure(label: str, run: object) -> None:
    gc.collect()
    before, rss_before = _traced(), _rss()
    start = time.process_time()
    assert callable(run)
    run()
    seconds = time.process_time() - start
    gc.collect()
    after, rss_after = _traced(), _rss()
    traced = (
        f", {(after - before) / 2**20:.1f} MiB more allocated (tracemalloc)"
        if tracemalloc.is_tracing()
        else ""
    )
    print(
        f"{label}: {(rss_after - rss_before) / 2**20:.1f} MiB more resident{traced}, "
        f"{seconds:.0f} s CPU"
    )


def _traced() -> int:
    return tracemalloc.get_traced_memory()[0] if tracemalloc.is_tracing() else 0


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--hands", type=int, default=1_000_000)
    ap.add_argument("--rules", type=int, default=1_000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--tracemalloc", action="store_true")
    args = ap.parse_args()
    if args.tracemalloc:
        tracemalloc.start()

    def hands() -> None:
        rng = random.Random(args.seed)
        done = 0
        while done < args.hands:
            h = random_hand(rng)
            if h is not None:
                _use(h.situation)
                done += 1

    _measure(f"{args.hands:,} distinct hands", hands)

    alive_before = _rules_alive()
    rng = random.Random(args.seed + 1)
    situations = [h.situation for h in (random_hand(rng) for _ in range(200)) if h is not None]

    def rules() -> None:
        for i in range(args.rules):
            rules = replace(TENHOU)
            _use(with_rules(situations[i % len(situations)], rules))

    _measure(f"{args.rules:,} equal rules made and dropped", rules)
    print(f"Rules objects alive: {alive_before} before, {_rules_alive()} after")


def _rules_alive() -> int:
    """How many :class:`~jantaku.rules.Rules` objects exist, after a full collection."""
    gc.collect()
    return sum(1 for o in gc.get_objects() if isinstance(o, Rules))


if __name__ == "__main__":
    main()
