"""``jantaku play``: a match in the terminal, you at seat 0 against defensive bots.

::

    jantaku play [--terminal] [--rules PRESET] [--seed S] [--players 3] [--log FILE]

Each decision shows the table on one 80×24 screen with your hand numbered (the
drawn tile last); type a number or a tile name to discard, a letter for the other
actions, ``?`` for the keys (see :mod:`jantaku.agents.human`). The result of every
hand is shown with its yaku, fu, limit and payments and waits for a key.
``--terminal`` asks for this terminal table (the default of ``jantaku play``; the table
in the browser is ``jantaku serve``, which ``make play`` starts).

Leaving — ``q``, the end of input or Ctrl-C — abandons the match at once with a
one-line message and exit status 0, so that ``make play`` ends quietly: while the
match runs, Ctrl-C raises ``KeyboardInterrupt`` where the program is (not the
deferred cancellation ``asyncio.run`` would otherwise arrange, which swallows the
first press while the player is being asked).
"""

from __future__ import annotations

import argparse
import random
import signal
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path
from typing import IO

from jantaku.agents import Agent, DefensiveAgent, HumanAgent
from jantaku.cli.common import add_players, add_seed, add_time_budget, open_output
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
            "Play a match in the terminal, you at seat 0 against defensive bots: type the "
            "number or name of a tile to discard, ? for the keys, q (or Ctrl-C) to quit."
        ),
    )
    p.add_argument(
        "--terminal",
        action="store_true",
        help=(
            "play at the table in this terminal (the default here; the table in the "
            "browser is jantaku serve, which make play starts)"
        ),
    )
    p.add_argument("--rules", default="tenhou", help="rules preset (default tenhou)")
    add_seed(p, default=None, what="the match")
    add_players(p)
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
    """Play the match; returns 0 when it ends or when the player leaves (``q``, the end
    of input, Ctrl-C), after a one-line message."""
    out = stdout if stdout is not None else sys.stdout
    rules = resolve_rules(args.rules, args.players)
    if getattr(args, "flowers", None) is not None:
        rules = replace(rules, flowers=args.flowers)
    seed = args.seed if args.seed is not None else random.SystemRandom().randrange(1 << 31)
    n = rules.players
    names = ("you", *(f"bot{i}" for i in range(1, n)))
    human = HumanAgent(stdin=stdin, stdout=out, names=names, rules=rules)
    agents: list[Agent] = [human, *(DefensiveAgent(rules) for _ in range(1, n))]
    bots = getattr(args, "time_budget", None)
    budgets = None if bots is None else [None, *([bots] * (n - 1))]  # you are never timed
    log = open_output(args.log) if args.log is not None else None  # checked before play
    out.write(f"jantaku: {rules.label()} rules, {n} players, seed {seed}\n")
    try:
        with _interrupt_at_once(), _terminal_kept(stdin if stdin is not None else sys.stdin):
            if log is not None:
                with log:
                    play_match(agents, rules, seed, log, names=names, time_budget=budgets)
            else:
                play_match(agents, rules, seed, names=names, time_budget=budgets)
    except AgentError as e:
        if isinstance(e.__cause__, EOFError):
            out.write(f"{e.__cause__}: the match is abandoned (seed {seed}).\n")
            return 0
        raise
    except KeyboardInterrupt:
        out.write(f"\ninterrupted: the match is abandoned (seed {seed}).\n")
        return 0
    return 0


def _interrupt(signum: int, frame: object) -> None:
    raise KeyboardInterrupt


@contextmanager
def _interrupt_at_once() -> Iterator[None]:
    """Ctrl-C raises ``KeyboardInterrupt`` at once while inside.

    ``asyncio.run`` replaces Python's default handler by one that only cancels the
    main task at the first press (raising at the second), and a player waiting at
    the prompt would never see it; it leaves a handler of the program's own alone.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = signal.signal(signal.SIGINT, _interrupt)
    try:
        yield
    finally:
        if previous is not None:
            signal.signal(signal.SIGINT, previous)


@contextmanager
def _terminal_kept(stream: IO[str]) -> Iterator[None]:
    """The terminal's settings as they were on the way in, whatever happens inside (the
    table changes them while it asks)."""
    try:
        import termios
    except ImportError:  # pragma: no cover - not a POSIX system
        yield
        return
    try:
        fd = stream.fileno()
        saved = termios.tcgetattr(fd)
    except (AttributeError, OSError, ValueError, termios.error):  # not a terminal
        yield
        return
    try:
        yield
    finally:
        termios.tcsetattr(fd, termios.TCSANOW, saved)
