"""``jantaku arena``: measure bots against each other on the same walls (a duplicate arena).

::

    jantaku arena --agents defensive,efficiency,efficiency,efficiency --games 50 \\
        --rules tenhou --seed 1 --jobs 2 --plot plots/ --json

Every wall seed ``S … S+N-1`` is played once per rotation of the lineup through the
seats, so ``--games N`` plays N × seats matches. The games run in ``--jobs`` local
processes (``--jobs 1``: in this process), or on Ray with ``--ray`` (a local Ray) or
``--ray-address ADDR`` (an existing cluster); the results are the same whichever runs
them. The report gives each agent's average placement, points and result with 95 %
intervals, its placement distribution, per-hand rates, average win and deal-in value
and decision times (see :mod:`jantaku.arena`). The run is kept in the store
(``--db PATH``, default the shared store; ``--no-store`` to keep nothing); ``--plot
DIR`` draws it as PNG files. A game an agent fails is reported and the run goes on.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from jantaku.agents import BOTS
from jantaku.arena import ArenaReport, GameRecord, Runner, plot, run_arena, save, schedule
from jantaku.cli.common import add_games, add_players, add_seed, bounded_int
from jantaku.cli.selfplay import resolve_rules
from jantaku.store import connect

__all__ = ["register", "run"]


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``arena`` subcommand."""
    p = subparsers.add_parser(
        "arena",
        help="measure bots against each other in a duplicate arena",
        description=(
            "Play every wall seed with the lineup rotated through the seats and report "
            "each agent's placement, points, rates per hand and decision times."
        ),
    )
    p.add_argument(
        "--agents",
        required=True,
        help=f"comma-separated bots filling the seats in turn ({', '.join(BOTS)}, or "
        "mjai:COMMAND); e.g. defensive,efficiency for two of each",
    )
    add_games(p, default=10, what="wall seeds, each played in every seating")
    p.add_argument("--rules", default="tenhou", help="rules preset (default tenhou)")
    add_players(p)
    add_seed(p, what="the first wall")
    p.add_argument(
        "--jobs",
        type=bounded_int(1, 256),
        default=None,
        help="local worker processes, 1 to 256 (default: all cores)",
    )
    p.add_argument("--json", action="store_true", help="print the report as one JSON object")
    p.add_argument("--db", type=Path, default=None, help="the store (default: the shared one)")
    p.add_argument("--no-store", action="store_true", help="do not keep the run in the store")
    p.add_argument("--plot", type=Path, default=None, metavar="DIR", help="draw PNG plots here")
    ray = p.add_mutually_exclusive_group()
    ray.add_argument("--ray", action="store_true", help="play the games on a local Ray")
    ray.add_argument("--ray-address", default=None, metavar="ADDR", help="a Ray cluster to use")
    p.set_defaults(func=run)


def _progress_bar(total: int) -> tuple[Callable[[int, int], None] | None, Callable[[], None]]:
    """A progress callback drawing a bar on a terminal (tqdm when installed), and its closer."""
    if not sys.stderr.isatty():
        return None, lambda: None
    try:
        from tqdm import tqdm
    except ImportError:

        def line(done: int, total: int) -> None:
            print(f"\r{done}/{total} games", end="", file=sys.stderr, flush=True)

        return line, lambda: print(file=sys.stderr)
    bar: Any = tqdm(total=total, unit="game", file=sys.stderr)

    def update(done: int, total: int) -> None:
        bar.update(done - bar.n)

    return update, bar.close


def run(args: argparse.Namespace) -> int:
    """Play the arena, print its report, keep and draw it; returns the exit status."""
    rules = resolve_rules(args.rules, args.players)
    agents = [a.strip() for a in args.agents.split(",") if a.strip()]
    jobs = args.jobs if args.jobs is not None else max(1, os.cpu_count() or 1)
    runner: Runner = "ray" if args.ray or args.ray_address else "local"
    # the games played: each wall once per seating (two agents at four seats: two)
    total = args.games * len(schedule(agents, players=rules.players, games=1, rules=rules))
    progress, close_bar = _progress_bar(total)
    closed: list[bool] = []

    def close() -> None:  # once, whichever way the run ends
        if not closed:
            closed.append(True)
            close_bar()

    start = time.perf_counter()
    finished: list[GameRecord] = []
    try:
        records = run_arena(
            agents,
            games=args.games,
            rules=rules,
            seed=args.seed,
            jobs=jobs,
            runner=runner,
            ray_address=args.ray_address,
            progress=progress,
            on_record=finished.append,
        )
    except KeyboardInterrupt:
        close()
        # an interrupt: the report of the games that finished, kept nowhere
        partial = sorted(finished, key=lambda r: r.game)
        print(f"interrupted after {len(partial)} of {total} games (not stored)")
        if partial:
            print(ArenaReport.from_records(partial).text())
        return 130
    finally:
        close()
    seconds = time.perf_counter() - start
    report = ArenaReport.from_records(records)
    run_id = None
    if not args.no_store:
        conn = connect(args.db)
        try:
            run_id = save(
                conn,
                records,
                agents=agents,
                rules=rules,
                seed=args.seed,
                games=args.games,
                runner=runner if runner == "ray" else f"local x{jobs}",
                seconds=seconds,
            )
        finally:
            conn.close()
    plots = plot(report, args.plot) if args.plot is not None else []
    if args.json:
        out = report.to_dict()
        out.update(
            rules=rules.label(),
            seed=args.seed,
            wall_seeds=args.games,
            runner=runner,
            jobs=jobs,
            seconds=round(seconds, 3),
            games_per_second=round(len(records) / seconds, 2) if seconds else None,
            run_id=run_id,
            plots=[str(p) for p in plots],
        )
        print(json.dumps(out, ensure_ascii=False))
    else:
        print(
            f"rules {rules.label()}, wall seeds {args.seed}…"
            f"{args.seed + args.games - 1}, {len(records)} games on {runner}"
            + (f" ({jobs} processes)" if runner == "local" else "")
        )
        print(report.text())
        print(f"{seconds:.1f} s wall clock, {len(records) / seconds if seconds else 0:.2f} games/s")
        if run_id is not None:
            print(f"stored as arena run {run_id}")
        for p in plots:
            print(f"plot: {p}")
    return 1 if report.failures else 0
