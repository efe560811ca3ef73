"""Whole matches per second: random-legal and efficiency agents, four and three players.

Seeded, one process; rates are per core (CPU time of this process), so that other
work on the machine does not skew them. Two kinds of figure: the bare referee loop (agents
choosing from the legal actions, no views — what a trainer or a fuzzer drives) and
:func:`jantaku.match.play_match` (views, the async driver, checks). Each figure is the
steady rate of a long self-play run: a few matches on other seeds are played first, so
that the once-per-process work (importing the engine, filling the hand-shape memos) is
not counted as the work of each match. Target: at least 100 random hanchan per second
per core.

    python bench/bench_engine.py [--games N] [--profile]
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import time

from jantaku.agents import Agent, EfficiencyAgent, RandomAgent
from jantaku.engine import Referee
from jantaku.match import play_match
from jantaku.rules import PRESETS, Rules


def bare_random(rules: Rules, games: int, first: int = 0) -> float:
    """Hanchan per second driving the referee directly with random choices."""
    start = time.process_time()
    for seed in range(first, first + games):
        uniform = random.Random(seed).random  # a uniform index: legal[int(u * len(legal))]
        ref = Referee(rules, seed=seed)
        pending, submit = ref.pending, ref.submit
        while not ref.done:
            choices = {}
            for s, legal in pending().items():
                choices[s] = legal[int(uniform() * len(legal))]
            submit(choices)
    return games / (time.process_time() - start)


def matches(rules: Rules, games: int, kind: str, first: int = 0) -> float:
    """Hanchan per second through play_match with the named agents."""
    start = time.process_time()
    for seed in range(first, first + games):
        n = rules.players
        agents: list[Agent] = [
            EfficiencyAgent() if kind == "efficiency" else RandomAgent(seed * 8 + i)
            for i in range(n)
        ]
        play_match(agents, rules, seed)
    return games / (time.process_time() - start)


def main() -> None:
    """Print the figures (or a profile of random play with ``--profile``)."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=100, help="random matches per figure")
    parser.add_argument("--profile", action="store_true", help="profile random play instead")
    args = parser.parse_args()
    if args.profile:
        prof = cProfile.Profile()
        prof.enable()
        bare_random(PRESETS["tenhou"], args.games)
        prof.disable()
        pstats.Stats(prof).sort_stats("tottime").print_stats(25)
        return
    print("engine: whole hanchan per second per core (CPU time, seeded)")
    for preset in ("tenhou", "tenhou-sanma"):
        rules = PRESETS[preset]
        g = args.games
        warm = 1_000_000  # seeds apart from the timed ones
        bare_random(rules, 5, warm)
        matches(rules, 2, "random", warm)
        matches(rules, 1, "efficiency", warm)
        bare = bare_random(rules, g)
        played = matches(rules, g, "random")
        efficient = matches(rules, max(g // 10, 2), "efficiency")
        print(f"  {preset:<13} random, bare referee    {bare:7.1f} /s")
        print(f"  {preset:<13} random, play_match      {played:7.1f} /s")
        print(f"  {preset:<13} efficiency, play_match  {efficient:7.1f} /s")
    print("  target: >= 100 random hanchan/s per core")


if __name__ == "__main__":
    main()
