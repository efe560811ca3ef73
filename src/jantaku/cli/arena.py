"""``jantaku arena``: measure bots against each other on the same walls (a duplicate arena).

::

    jantaku arena --agents defensive,efficiency,efficiency,efficiency --games 50 \\
        --rules tenhou --seed 1 --jobs 2 --plot plots/ --json
    jantaku arena runs [--json]
    jantaku arena show RUN [--json]
    jantaku arena export RUN GAME [-o FILE]

Every wall seed ``S … S+N-1`` is played once per rotation of the lineup through the
seats, so ``--games N`` plays N × seats matches. The games run in ``--jobs`` local
processes (``--jobs 1``: in this process), or on Ray with ``--ray`` (a local Ray) or
``--ray-address ADDR`` (an existing cluster); the results are the same whichever runs
them. The report gives each agent's average placement, points and result with 95 %
intervals, its placement distribution, per-hand rates, average win and deal-in value
and decision times (see :mod:`jantaku.arena`). The run is kept in the store
(``--db PATH``, default the shared store; ``--no-store`` to keep nothing); ``--plot
DIR`` draws it as PNG files. A game an agent fails is reported and the run goes on.

``runs`` lists the stored runs; ``show RUN`` prints a stored run's report and its
games (number, wall seed, seating, final points); ``export RUN GAME`` writes the mjai
log of one of its games, which ``jantaku replay`` replays.
"""

from __future__ import annotations

import argparse
import json
import os
import sqlite3
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

from jantaku.agents import BOTS
from jantaku.arena import (
    ArenaError,
    ArenaReport,
    GameRecord,
    Runner,
    load_log,
    load_run,
    plot,
    run_arena,
    runs,
    save,
    schedule,
)
from jantaku.cli.common import MAX_GAMES, add_games, add_players, add_seed, bounded_int
from jantaku.cli.common import describe as help_text
from jantaku.cli.selfplay import resolve_rules
from jantaku.errors import ArgumentError
from jantaku.store import connect

__all__ = ["register", "run"]


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``arena`` subcommand."""
    p = subparsers.add_parser(
        "arena",
        help="measure bots against each other in a duplicate arena",
        description=help_text(__doc__),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument(
        "--agents",
        help=f"the bots of a run, filling the seats in turn ({', '.join(BOTS)}, or "
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
    sub = p.add_subparsers(dest="arena_command", metavar="ACTION")
    lst = sub.add_parser("runs", help="the stored runs")
    show = sub.add_parser("show", help="a stored run's report and games")
    show.add_argument("run", type=bounded_int(1, 2**63 - 1), metavar="RUN")
    export = sub.add_parser("export", help="the mjai log of a stored game")
    export.add_argument("run", type=bounded_int(1, 2**63 - 1), metavar="RUN")
    export.add_argument("game", type=bounded_int(0, MAX_GAMES * 4), metavar="GAME")
    export.add_argument(
        "-o", "--output", type=Path, metavar="FILE", help="write here (default stdout)"
    )
    for action in (lst, show, export):
        # given after the action as before it; SUPPRESS keeps the value given before
        action.add_argument("--db", type=Path, default=argparse.SUPPRESS, help=argparse.SUPPRESS)
    for action in (lst, show):
        action.add_argument(
            "--json", action="store_true", default=argparse.SUPPRESS, help="as JSON"
        )
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
    """Play the arena, print its report, keep and draw it (or read the store, for an
    action); returns the exit status."""
    if args.arena_command is not None:
        return _stored(args)
    if not args.agents:
        raise ArgumentError(
            "arena needs --agents A,B,… (or an action: runs, show RUN, export RUN GAME)"
        )
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


def _stored(args: argparse.Namespace) -> int:
    """``runs``, ``show`` and ``export``: what the store keeps of past runs."""
    conn = connect(args.db)
    try:
        if args.arena_command == "runs":
            infos = runs(conn)
            if args.json:
                print(json.dumps([i.to_dict() for i in infos], ensure_ascii=False))
            for i in [] if args.json else infos:
                failed = f", {i.failed} failed" if i.failed else ""
                print(
                    f"{i.id:>4}  {i.created}  {i.rules}  {','.join(i.agents)}  wall seeds "
                    f"{i.seed}…{i.seed + i.wall_seeds - 1}  {i.games} games{failed}"
                )
            return 0
        if args.arena_command == "export":
            text = load_log(conn, args.run, args.game)
            if args.output is None:
                sys.stdout.write(text)
                return 0
            try:
                args.output.write_text(text, encoding="utf-8")
            except OSError as e:
                raise ArenaError(f"cannot write {args.output}: {e.strerror or e}") from None
            return 0
        return _show(conn, args.run, json_out=args.json)
    finally:
        conn.close()


def _show(conn: sqlite3.Connection, run_id: int, *, json_out: bool) -> int:
    """A stored run: its line, its report and one line a game."""
    records = load_run(conn, run_id)  # raises for a run the store does not hold
    [info] = runs(conn, run_id)
    report = ArenaReport.from_records(records)

    def game(r: GameRecord) -> dict[str, Any]:
        return {
            "game": r.game,
            "wall_seed": r.wall_seed,
            "rotation": r.rotation,
            "agents": [s.agent for s in r.seats],
            "points": [s.points for s in r.seats],
            "placements": [s.placement for s in r.seats],
            "failure": r.failure.message if r.failure is not None else None,
            "log": r.log is not None,
        }

    if json_out:
        out = {"run": info.to_dict(), **report.to_dict(), "game_list": [game(r) for r in records]}
        print(json.dumps(out, ensure_ascii=False))
        return 0
    print(
        f"arena run {info.id} of {info.created}: rules {info.rules}, agents "
        f"{','.join(info.agents)}, wall seeds {info.seed}…{info.seed + info.wall_seeds - 1}, "
        f"{info.runner}, {info.seconds:.1f} s"
    )
    print(report.text())
    print("game  wall seed  seats: agent points (place)")
    for r in records:
        if r.failure is not None:
            what = f"failed: {r.failure.message}"
        else:
            what = "  ".join(f"{s.agent} {s.points} ({s.placement})" for s in r.seats)
        print(f"{r.game:>4}  {r.wall_seed:>9}  {what}")
    print(f"the log of a game: jantaku arena export {run_id} GAME")
    return 0
