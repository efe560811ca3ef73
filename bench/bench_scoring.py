"""Scoring speed: jantaku against the ``mahjong`` package on the same seeded hands.

Prints hands per second for :func:`jantaku.scoring.score_win` (one call per hand,
cold and warm shape cache), for the ``mahjong`` package's
``HandCalculator.estimate_hand_value`` on the same hands, the ratio, the rate of the
batch entry points :func:`jantaku.scoring.score_wins` (a ``WinResult`` per hand) and
:func:`jantaku.scoring.score_table` (NumPy arrays of han, fu, points and every seat's
change; from situations, and from :class:`jantaku.scoring.WinColumns` built
beforehand, as a simulator holds its wins), and of :func:`jantaku.scoring.has_yaku`
(the engine's legal-win check).
Targets: 5× per call, 20× for the batch. "Cold" means every per-hand cache is emptied
before the timed run, so nothing of these hands is known (every seeded hand differs);
the shipped split tables (``jantaku/data/split_tables.bin``: every pattern one suit can
hold in a complete hand, with its splits, loaded at import) stay loaded, as in any
process that imported jantaku. "Warm" scores hands whose shapes the legal-win check
(``has_yaku``, which keeps what it analyses) has checked before, as the engine scores
a win it has just checked, and checks the same shape turn after turn; ``score_win``
reads that cache and keeps nothing of a hand it analyses itself.

Each round measures every figure once (the two libraries one after the other on the
same hands); the best rate of each over the rounds is printed, so a busy machine
slows no figure more than the others. ``--cpu`` times with the process's CPU time
instead of the wall clock, for a machine shared with other work (time spent waiting
for a core is then not counted, for either library).

    python bench/bench_scoring.py [--hands N] [--seed S] [--rounds R] [--cpu] [--profile]
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING

from jantaku.errors import JantakuError
from jantaku.scoring import WinColumns, has_yaku, score_table, score_win, score_wins
from jantaku.scoring.score import clear_cache

clock = time.perf_counter  # --cpu: time.process_time

# the seeded hands come from the test helper, so tests and bench score the same hands
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
if TYPE_CHECKING:
    from scoring_hands import RandomHand


def jantaku_rate(hands: list[RandomHand]) -> float:
    """Hands per second, one score_win call each."""
    situations = [h.situation for h in hands]
    start = clock()
    for s in situations:
        try:
            score_win(s)
        except JantakuError:
            continue
    return len(hands) / (clock() - start)


def has_yaku_rate(hands: list[RandomHand]) -> float:
    """Hands per second for has_yaku, the engine's legal-win check."""
    situations = [h.situation for h in hands]
    start = clock()
    for s in situations:
        has_yaku(s)
    return len(hands) / (clock() - start)


def batch_rate(hands: list[RandomHand]) -> float:
    """Hands per second through score_wins."""
    situations = [h.situation for h in hands]
    start = clock()
    score_wins(situations)
    return len(hands) / (clock() - start)


def table_rate(hands: list[RandomHand]) -> float:
    """Hands per second through score_table (NumPy imported and its arrays of the
    shipped split tables made beforehand)."""
    situations = [h.situation for h in hands]
    score_table(situations[:1])
    clear_cache()
    start = clock()
    score_table(situations)
    return len(hands) / (clock() - start)


def columns_rate(hands: list[RandomHand]) -> float:
    """Hands per second through score_table on WinColumns (the columns built beforehand,
    as a simulator holds them; hands the columns cannot hold are left out)."""
    situations = [
        h.situation
        for h in hands
        if not (
            h.situation.first_turn
            or h.situation.pao is not None
            or h.situation.kita
            or h.situation.flowers
            or h.situation.robbed_ankan
        )
    ]
    cols = WinColumns.from_situations(situations)
    score_table(WinColumns.from_situations(situations[:1]))
    clear_cache()
    start = clock()
    score_table(cols)
    return len(situations) / (clock() - start)


def mahjong_rate(hands: list[RandomHand]) -> float:
    """Hands per second for the mahjong package on the same hands."""
    from mahjong.hand_calculating.hand import HandCalculator

    from scoring_hands import mahjong_args

    calls = [mahjong_args(h) for h in hands]
    start = clock()
    for args in calls:
        HandCalculator.estimate_hand_value(*args[:5], ura_dora_indicators=args[5])
    return len(calls) / (clock() - start)


def main() -> None:
    """Run the benchmark and print one line per figure."""
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--hands", type=int, default=20000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--cpu", action="store_true", help="time with the process's CPU time")
    ap.add_argument("--profile", action="store_true")
    args = ap.parse_args()
    global clock
    if args.cpu:
        clock = time.process_time
    from scoring_hands import random_hands

    hands = random_hands(args.seed, args.hands)
    if args.profile:
        clear_cache()
        cProfile.runctx("jantaku_rate(hands)", globals(), {"hands": hands}, "/tmp/scoring.prof")
        pstats.Stats("/tmp/scoring.prof").sort_stats("tottime").print_stats(20)
        return
    best: dict[str, float] = {}
    for _ in range(args.rounds):  # every figure in every round, the best kept
        figures = {"mahjong 2.1.0 estimate_hand_value": mahjong_rate(hands)}
        clear_cache()
        figures["jantaku score_win (cold cache)"] = jantaku_rate(hands)
        clear_cache()
        checked = has_yaku_rate(hands)  # keeps each shape, as the engine's check does
        checked_again = has_yaku_rate(hands)
        figures["jantaku score_win (warm cache)"] = jantaku_rate(hands)
        clear_cache()
        figures["jantaku score_wins (batch, cold)"] = batch_rate(hands)
        figures["jantaku score_table (arrays, cold)"] = table_rate(hands)
        figures["jantaku score_table (WinColumns, cold)"] = columns_rate(hands)
        figures["jantaku has_yaku (cold cache)"] = checked
        figures["jantaku has_yaku (warm cache)"] = checked_again
        for label, rate in figures.items():
            best[label] = max(best.get(label, 0.0), rate)
    print(
        f"scoring: {len(hands)} seeded winning hands, the same for both libraries; "
        f"best of {args.rounds} rounds{' (CPU time)' if args.cpu else ''}; "
        "cold = per-hand caches empty, shipped split tables loaded"
    )
    theirs = best["mahjong 2.1.0 estimate_hand_value"]
    for label, rate in best.items():
        print(f"  {label:<38} {rate:10,.0f} hands/s  {rate / theirs:5.1f}x")


if __name__ == "__main__":
    main()
