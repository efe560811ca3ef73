"""``jantaku play``: a match in the terminal, you at seat 0 against efficiency bots.

::

    jantaku play [--rules PRESET] [--seed S] [--players 3] [--log FILE]

Each decision shows the table and numbers your legal actions; type a number (``q``
quits). The result of every hand is shown with its yaku, han, fu and payments. At
the end of input (or on ``q``) the match is abandoned with a message and exit status
0, so that ``make play`` ends quietly; an interrupt (Ctrl-C) exits with status 130.
"""

from __future__ import annotations

import argparse
import random
import sys
from dataclasses import replace
from pathlib import Path
from typing import IO

from jantaku.agents import Agent, EfficiencyAgent, HumanAgent
from jantaku.cli.common import add_time_budget, open_output
from jantaku.cli.selfplay import resolve_rules
from jantaku.errors import AgentError
from jantaku.match import play_match

__all__ = ["register", "run"]


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``play`` subcommand."""
    p = subparsers.add_parser(
        "play",
        help="play a match in the terminal against three bots",
        description=(
            "Play a match in the terminal, you at seat 0 against efficiency bots: type the "
            "number of your choice, q to quit."
        ),
    )
    p.add_argument("--rules", default="tenhou", help="rules preset (default tenhou)")
    p.add_argument("--seed", type=int, default=None, help="match seed (default: random)")
    p.add_argument("--players", type=int, choices=(3, 4), default=None, help="3 or 4 players")
    p.add_argument(
        "--flowers",
        type=int,
        choices=(0, 4, 8),
        default=None,
        help="flower tiles in the set, on any preset (default the preset's: none)",
    )
    p.add_argument("--log", type=Path, default=None, metavar="FILE", help="write an mjai log")
    add_time_budget(p, who="each bot (never you)", default="no limit")
    p.set_defaults(func=run)


def run(
    args: argparse.Namespace, stdin: IO[str] | None = None, stdout: IO[str] | None = None
) -> int:
    """Play the match; returns 0 when it ends or the player leaves, 130 on an interrupt."""
    out = stdout if stdout is not None else sys.stdout
    rules = resolve_rules(args.rules, args.players)
    if getattr(args, "flowers", None) is not None:
        rules = replace(rules, flowers=args.flowers)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1 << 31)
    n = rules.players
    names = ("you", *(f"bot{i}" for i in range(1, n)))
    human = HumanAgent(stdin=stdin, stdout=out, names=names)
    agents: list[Agent] = [human, *(EfficiencyAgent() for _ in range(1, n))]
    bots = getattr(args, "time_budget", None)
    budgets = None if bots is None else [None, *([bots] * (n - 1))]  # you are never timed
    log = open_output(args.log) if args.log is not None else None  # checked before play
    out.write(f"jantaku: {rules.name() or args.rules} rules, {n} players, seed {seed}\n")
    try:
        if log is not None:
            with log:
                play_match(agents, rules, seed, log, names=names, time_budget=budgets)
        else:
            play_match(agents, rules, seed, names=names, time_budget=budgets)
    except AgentError as e:
        if isinstance(e.__cause__, EOFError):
            out.write(f"\n{e.__cause__}: the match is abandoned (seed {seed}).\n")
            return 0
        raise
    except KeyboardInterrupt:
        out.write(f"\ninterrupted: the match is abandoned (seed {seed}).\n")
        return 130
    return 0
