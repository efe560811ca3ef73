"""The defensive bot's decision time: four of it play whole hanchan, every decision with
a choice is timed, and the median, 90th and 99th percentile are printed; ``--profile``
prints where the decisions spend their time.

Seeded (wall seeds ``--seed`` … ``--seed + --games - 1``, Tenhou rules), so two runs
play the same games while the bot plays the same way. Each decision is timed twice:
by the wall clock, as ``jantaku arena`` times it (a busy machine inflates it), and by
this process's CPU time (what the decision itself costs, whatever else runs).

    python bench/bench_defensive.py [--games N] [--seed S] [--profile]
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import statistics
import time
from collections.abc import Sequence
from typing import Any

from jantaku.agents import Agent, DefensiveAgent
from jantaku.events import Action
from jantaku.match import play_match
from jantaku.rules import TENHOU


class Timed(Agent):
    """The defensive bot with each decision that has a choice timed."""

    name = "defensive"

    def __init__(self, times: list[float], cpu: list[float]) -> None:
        self.inner = DefensiveAgent(TENHOU)
        self.times = times
        self.cpu = cpu

    def act(self, view: Any, legal: Sequence[Action]) -> Action:
        if len(legal) < 2:
            return self.inner.act(view, legal)
        start = time.perf_counter()
        start_cpu = time.process_time()
        answer = self.inner.act(view, legal)
        self.cpu.append(time.process_time() - start_cpu)
        self.times.append(time.perf_counter() - start)
        return answer

    def start_match(self, seat: int, players: int) -> None:
        self.inner.start_match(seat, players)


def play(games: int, seed: int) -> tuple[list[float], list[float]]:
    """The wall-clock and CPU times of every decision with a choice."""
    times: list[float] = []
    cpu: list[float] = []
    for s in range(seed, seed + games):
        play_match([Timed(times, cpu) for _ in range(4)], TENHOU, s)
    return times, cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args()
    play(1, 10**6)  # imports and first-use work outside the figures
    if args.profile:
        prof = cProfile.Profile()
        prof.enable()
        play(args.games, args.seed)
        prof.disable()
        pstats.Stats(prof).sort_stats("cumulative").print_stats(45)
        return
    start = time.process_time()
    times, cpu = play(args.games, args.seed)
    total = time.process_time() - start
    print(f"{args.games} hanchan, {len(times)} decisions with a choice")
    for label, got in (("wall clock", times), ("CPU", cpu)):
        q = statistics.quantiles(got, n=100)
        print(
            f"  {label:10s}: median {statistics.median(got) * 1e3:.3f} ms, "
            f"p90 {q[89] * 1e3:.3f} ms, p99 {q[98] * 1e3:.3f} ms, total {sum(got):.2f} s"
        )
    print(f"  the whole run: {total:.2f} s CPU")


if __name__ == "__main__":
    main()
