"""One sha256 over the mjai logs of a fixed set of seeded matches: a change that should
not change play leaves it as it was.

Every preset, three and four players, random and efficiency bots, a few seeds each;
the logs are written as mjai JSON lines (one match after another, in a fixed order)
and hashed together. Record the digest before a change, compare after it.

    python tools/seeded_logs_digest.py [--seeds N] [--verbose]
"""

from __future__ import annotations

import argparse
import hashlib
import io

from jantaku.agents import Agent, EfficiencyAgent, RandomAgent
from jantaku.match import play_match
from jantaku.rules import PRESETS


def lineup(kind: str, players: int, seed: int) -> list[Agent]:
    """The agents of one match: all random, all efficiency, or the two mixed."""
    if kind == "random":
        return [RandomAgent(seed * 8 + i) for i in range(players)]
    if kind == "efficiency":
        return [EfficiencyAgent() for _ in range(players)]
    return [EfficiencyAgent() if i % 2 else RandomAgent(seed * 8 + i) for i in range(players)]


def main() -> None:
    """Play the matches and print the digest (and one digest per match with --verbose)."""
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--seeds", type=int, default=2, help="seeds per preset and lineup")
    ap.add_argument("--verbose", action="store_true", help="one line per match")
    args = ap.parse_args()
    total = hashlib.sha256()
    matches = 0
    for preset, rules in PRESETS.items():
        for kind in ("random", "efficiency", "mixed"):
            for seed in range(args.seeds):
                buf = io.StringIO()
                play_match(lineup(kind, rules.players, seed), rules, seed, buf)
                data = buf.getvalue().encode()
                total.update(data)
                matches += 1
                if args.verbose:
                    digest = hashlib.sha256(data).hexdigest()[:16]
                    print(f"{preset:<14} {kind:<10} seed {seed}: {digest}")
    print(f"{matches} seeded matches, mjai logs sha256 {total.hexdigest()}")


if __name__ == "__main__":
    main()
