"""One sha256 over the mjai logs of a fixed set of seeded matches: the engine's fingerprint.

Plays, for every preset (four and three players), a few seeded matches with the
efficiency agents and a few with random-legal agents, through
:func:`jantaku.match.play_match` and through the bare :class:`~jantaku.engine.Referee`
loop, and prints one digest over all their logs. A change that must not change play
(a refactor, an optimisation) leaves the digest as it was:

    python tools/seeded_logs_digest.py [--seeds N] [-v]
"""

from __future__ import annotations

import argparse
import hashlib
import random

from jantaku.agents import Agent, EfficiencyAgent, RandomAgent
from jantaku.engine import Referee
from jantaku.logs.mjai import dumps_game
from jantaku.match import play_match
from jantaku.rules import PRESETS


def digests(seeds: int) -> list[tuple[str, str]]:
    """``(label, sha256 of the mjai log)`` of every match of the fixed set."""
    out: list[tuple[str, str]] = []
    for name in sorted(PRESETS):
        rules = PRESETS[name]
        n = rules.players
        for seed in range(seeds):
            for kind in ("efficiency", "random"):
                agents: list[Agent] = [
                    EfficiencyAgent() if kind == "efficiency" else RandomAgent(seed * 8 + i)
                    for i in range(n)
                ]
                log = play_match(agents, rules, seed).log
                text = dumps_game(log)
                out.append((f"{name} {kind} {seed}", hashlib.sha256(text.encode()).hexdigest()))
            # the bare referee loop, as a trainer or the fuzzer drives it
            uniform = random.Random(seed).random
            ref = Referee(rules, seed=100 + seed)
            while not ref.done:
                pend = ref.pending()
                ref.submit({s: legal[int(uniform() * len(legal))] for s, legal in pend.items()})
            text = dumps_game(ref.log)
            out.append((f"{name} bare {seed}", hashlib.sha256(text.encode()).hexdigest()))
    return out


def main() -> None:
    """Print the digest (and each match's with ``-v``)."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--seeds", type=int, default=3, help="matches per preset and kind")
    parser.add_argument("-v", "--verbose", action="store_true", help="each match's digest too")
    args = parser.parse_args()
    total = hashlib.sha256()
    for label, digest in digests(args.seeds):
        if args.verbose:
            print(digest, label)
        total.update(f"{label} {digest}\n".encode())
    print(total.hexdigest())


if __name__ == "__main__":
    main()
