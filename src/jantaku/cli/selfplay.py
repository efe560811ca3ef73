"""``jantaku selfplay``: play many seeded matches between bots and summarise them.

::

    jantaku selfplay --games 20 --seed 1 --rules tenhou \\
        --agents random,random,efficiency,tsumogiri --log logs/ --json

Match ``g`` uses seed ``S + g``; the lineup rotates one seat per match so that every
agent plays every seat. With ``--log DIR`` each match is written to
``DIR/match_<seed>.jsonl`` as mjai JSON lines. The summary gives the games, hands,
wins by tsumo and ron, draws by kind, each agent's average placement and points, and
matches per second; ``--json`` prints it as one JSON object.
"""

from __future__ import annotations

import argparse
import json
import time
from dataclasses import replace
from pathlib import Path

from jantaku.agents import BOTS, make_agent
from jantaku.errors import AgentError, RulesError
from jantaku.match import MatchSummary, play_match
from jantaku.rules import PRESETS, Rules

__all__ = ["register", "resolve_rules", "run"]


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


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``selfplay`` subcommand."""
    p = subparsers.add_parser(
        "selfplay",
        help="play seeded matches between bots and print a summary",
        description=(
            "Play seeded matches between bots and print a summary. Match g uses seed S+g; "
            "the lineup moves one seat per match so that every agent plays every seat."
        ),
    )
    p.add_argument("--games", type=int, default=10, help="number of matches (default 10)")
    p.add_argument("--seed", type=int, default=0, help="seed of the first match (default 0)")
    p.add_argument("--rules", default="tenhou", help="rules preset (default tenhou)")
    p.add_argument(
        "--agents",
        default=None,
        help=f"comma-separated bots, one per seat ({', '.join(BOTS)}, or mjai:COMMAND for "
        "an external mjai bot); default all random",
    )
    p.add_argument("--players", type=int, choices=(3, 4), default=None, help="3 or 4 players")
    p.add_argument(
        "--flowers",
        type=int,
        choices=(0, 4, 8),
        default=None,
        help="flower tiles in the set, on any preset (T4; default the preset's, none)",
    )
    p.add_argument("--log", type=Path, default=None, metavar="DIR", help="write mjai logs here")
    p.add_argument("--json", action="store_true", help="print the summary as one JSON object")
    p.add_argument(
        "--no-rotate", action="store_true", help="keep the lineup on the same seats every match"
    )
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Play the matches and print the summary; returns the exit status."""
    rules = resolve_rules(args.rules, args.players)
    if getattr(args, "flowers", None) is not None:
        rules = replace(rules, flowers=args.flowers)
    n = rules.players
    names = args.agents.split(",") if args.agents else ["random"] * n
    names = [x.strip() for x in names]
    if len(names) != n:
        raise AgentError(f"{len(names)} agents given for {n} seats", seat=min(len(names), n) - 1)
    for i, name in enumerate(names):
        if name not in BOTS:
            make_agent(name, seat=i)  # raises with the list of known agents
    if args.games < 0:
        raise RulesError("--games must be at least 0")
    labels = tuple(f"{i}:{name}" for i, name in enumerate(names))
    summary = MatchSummary(labels=labels)
    if args.log is not None:
        args.log.mkdir(parents=True, exist_ok=True)
    start = time.perf_counter()
    for g in range(args.games):
        seed = args.seed + g
        shift = 0 if args.no_rotate else g % n
        lineup = [(i - shift) % n for i in range(n)]  # lineup[seat] = index into names
        agents = [make_agent(names[j], seed=seed * 16 + j, seat=s) for s, j in enumerate(lineup)]
        seat_names = [labels[j] for j in lineup]
        if args.log is not None:
            with (args.log / f"match_{seed}.jsonl").open("w", encoding="utf-8") as f:
                result = play_match(agents, rules, seed, f, names=seat_names)
        else:
            result = play_match(agents, rules, seed, names=seat_names)
        summary.add(result, seat_names)
    summary.seconds = time.perf_counter() - start
    if args.json:
        out = summary.to_dict()
        out["rules"] = args.rules if rules.name() is None else rules.name()
        out["seed"] = args.seed
        print(json.dumps(out, ensure_ascii=False))
    else:
        print(f"rules {rules.name() or args.rules}, seeds {args.seed}…{args.seed + args.games - 1}")
        print(summary.text())
    return 0
