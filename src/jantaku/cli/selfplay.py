"""``jantaku selfplay``: play many seeded matches between bots and summarise them.

::

    jantaku selfplay --games 20 --seed 1 --rules tenhou \\
        --agents random,random,efficiency,tsumogiri --log logs/ --json

Match ``g`` uses seed ``S + g``; the agents fill the seats in turn (``--agents
defensive,efficiency`` is two of each, as in ``arena``) and the lineup rotates one
seat per match so that every agent plays every seat. With ``--log DIR`` each match is written to
``DIR/match_<seed>.jsonl`` as mjai JSON lines. The summary gives the games, hands,
wins by tsumo and ron, draws by kind, each agent's average placement and points, and
matches per second; ``--json`` prints it as one JSON object.

Each decision has a time budget (``--timeout``; by default 10 s for an external
``mjai:`` bot, none for a built-in one); a bot that runs out of it, fails or answers
illegally loses that match, and the process of an external bot is stopped. Such a
match is reported on standard error with its number, seed and seat, left out of the
summary, and the run goes on to the next match (``--stop-on-error`` stops there
instead); the summary then lists the failed matches and the exit status is 1. An
interrupt (Ctrl-C) stops the run and prints the summary of the matches that finished
(exit status 130). Progress goes to standard error when it is a terminal (or with
``--progress``).
"""

from __future__ import annotations

import argparse
import gc
import json
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

from jantaku.agents import BOTS, make_agent
from jantaku.cli.common import (
    MAX_GAMES,
    Progress,
    add_games,
    add_players,
    add_seed,
    add_time_budget,
    describe,
    open_output,
    output_folder,
)
from jantaku.errors import AgentError, ArgumentError, IllegalActionError, RulesError
from jantaku.match import FailedMatch, MatchResult, MatchSummary, play_match
from jantaku.rules import PRESETS, Rules

__all__ = ["fill_seats", "register", "resolve_rules", "run"]


def resolve_rules(preset: str, players: int | None) -> Rules:
    """The rules of a preset, switched to its three-player twin for ``players=3``.

    >>> resolve_rules("tenhou", 3).players, resolve_rules("majsoul-sanma", None).players
    (3, 3)
    >>> resolve_rules("textbook", 3)
    Traceback (most recent call last):
    ...
    jantaku.errors.RulesError: no three-player preset for 'textbook' (known: tenhou-sanma, \
majsoul-sanma)

    Raises :class:`~jantaku.errors.RulesError` for an unknown preset or player count.
    """
    rules = Rules.preset(preset)
    if players is None or players == rules.players:
        return rules
    if players == 3 and f"{preset}-sanma" in PRESETS:
        return PRESETS[f"{preset}-sanma"]
    if players == 4 and preset.endswith("-sanma") and preset[: -len("-sanma")] in PRESETS:
        return PRESETS[preset[: -len("-sanma")]]
    if players not in (3, 4):
        raise RulesError(f"{players} players: jantaku plays with 3 or 4")
    if players == 3:
        known = ", ".join(k for k, r in PRESETS.items() if r.players == 3)
        raise RulesError(f"no three-player preset for {preset!r} (known: {known})")
    raise RulesError(f"no four-player preset for {preset!r}")


def fill_seats(names: list[str], seats: int) -> list[str]:
    """The agents of ``--agents`` repeated to fill the seats in turn, as ``arena`` fills
    them (:func:`jantaku.arena.schedule`).

    >>> fill_seats(["defensive", "efficiency"], 4)
    ['defensive', 'efficiency', 'defensive', 'efficiency']
    >>> fill_seats(list("abcde"), 4)
    Traceback (most recent call last):
    ...
    jantaku.errors.ArgumentError: --agents: 5 agents for 4 seats
    """
    if not names or any(not x for x in names):
        raise ArgumentError("--agents: an empty name in the list")
    if len(names) > seats:
        raise ArgumentError(f"--agents: {len(names)} agents for {seats} seats")
    return [names[i % len(names)] for i in range(seats)]


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``selfplay`` subcommand."""
    p = subparsers.add_parser(
        "selfplay",
        help="play seeded matches between bots and print a summary",
        description=describe(__doc__),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    add_games(p, default=10)
    add_seed(p)
    p.add_argument("--rules", default="tenhou", help="rules preset (default tenhou)")
    p.add_argument(
        "--agents",
        default=None,
        help=f"comma-separated bots filling the seats in turn ({', '.join(BOTS)}, or "
        "mjai:COMMAND for an external mjai bot), e.g. defensive,efficiency for two of each; "
        "default all random",
    )
    add_players(p)
    p.add_argument(
        "--flowers",
        type=int,
        choices=(0, 4, 8),
        default=None,
        help="flower tiles in the set, on any preset (default the preset's: none)",
    )
    p.add_argument(
        "--log",
        type=Path,
        default=None,
        metavar="DIR",
        help="write each match to DIR/match_SEED.jsonl as mjai JSON lines (DIR is made if missing)",
    )
    p.add_argument("--json", action="store_true", help="print the summary as one JSON object")
    p.add_argument(
        "--no-rotate", action="store_true", help="keep the lineup on the same seats every match"
    )
    add_time_budget(p)
    p.add_argument(
        "--stop-on-error",
        action="store_true",
        help="stop at the first match that fails (default: report it and play on)",
    )
    p.add_argument(
        "--progress",
        action="store_true",
        help="show progress on standard error even when it is not a terminal",
    )
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Play the matches and print the summary; returns the exit status."""
    rules = resolve_rules(args.rules, args.players)
    if getattr(args, "flowers", None) is not None:
        rules = replace(rules, flowers=args.flowers)
    n = rules.players
    names = args.agents.split(",") if args.agents else ["random"] * n
    names = fill_seats([x.strip() for x in names], n)
    for i, name in enumerate(names):
        if name not in BOTS:
            try:
                make_agent(name, seat=i)  # raises with the list of known agents
            except ValueError as e:  # a command line that does not split (a lone quote)
                raise ArgumentError(f"--agents: {name!r}: {e}") from None
    games = int(args.games)
    if not 1 <= games <= MAX_GAMES:
        raise ArgumentError(f"--games must be from 1 to {MAX_GAMES:,}, not {games}")
    budget = getattr(args, "time_budget", None)
    labels = tuple(f"{i}:{name}" for i, name in enumerate(names))
    summary = MatchSummary(labels=labels)
    if args.log is not None:
        output_folder(args.log)
    progress = Progress(games, "match", enabled=True if getattr(args, "progress", False) else None)
    interrupted = False
    played = 0
    start = time.perf_counter()
    # what exists now (modules, tables, memos) lives through the run: set aside from the
    # cyclic collector, whose passes during many matches then do not scan it again
    gc.freeze()
    try:
        for g in range(games):
            seed = args.seed + g
            shift = 0 if args.no_rotate else g % n
            lineup = [(i - shift) % n for i in range(n)]  # lineup[seat] = index into names
            agents = [
                make_agent(names[j], seed=seed * 16 + j, seat=s, rules=rules)
                for s, j in enumerate(lineup)
            ]
            seat_names = [labels[j] for j in lineup]
            try:
                result = _play_one(agents, rules, seed, seat_names, args.log, budget)
            except (AgentError, IllegalActionError) as e:
                failure = FailedMatch.from_error(e, game=g + 1, seed=seed, names=seat_names)
                summary.add_failure(failure)
                progress.clear()
                print(f"jantaku: {failure.line()}", file=sys.stderr)
                if getattr(args, "stop_on_error", False):
                    break
            else:
                summary.add(result, seat_names)
            played = g + 1
            failed = len(summary.failed)
            progress.update(played, f"({failed} failed)" if failed else "")
    except KeyboardInterrupt:
        interrupted = True
    finally:
        gc.unfreeze()
    progress.clear()
    summary.seconds = time.perf_counter() - start
    last = args.seed + played - 1
    if args.json:
        out = summary.to_dict()
        out["rules"] = rules.label()
        out["seed"] = args.seed
        out["planned"] = games
        out["interrupted"] = interrupted
        print(json.dumps(out, ensure_ascii=False))
    else:
        seeds = f"seed {args.seed}" if played == 1 else f"seeds {args.seed}…{last}"
        head = f"rules {rules.label()}, {seeds}" if played else "no match finished"
        if played < games:
            head += f" ({played} of {games} matches{', interrupted' if interrupted else ''})"
        print(head)
        print(summary.text())
    if interrupted:
        return 130
    return 1 if summary.failed else 0


def _play_one(
    agents: list[Any],
    rules: Rules,
    seed: int,
    seat_names: list[str],
    log: Path | None,
    budget: float | None,
) -> MatchResult:
    """One match, written to ``log/match_<seed>.jsonl`` when a folder is given."""
    if log is None:
        return play_match(agents, rules, seed, names=seat_names, time_budget=budget)
    with open_output(log / f"match_{seed}.jsonl") as f:
        return play_match(agents, rules, seed, f, names=seat_names, time_budget=budget)
