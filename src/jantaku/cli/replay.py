"""``jantaku replay``: replay recorded games through the engine, checking them to the point.

::

    jantaku replay game.xml.gz other.json logs/ [--json] [--jobs 2]

Each FILE is a Tenhou mjlog XML (plain or gzip), a tenhou.net/6 JSON (one object or one
round per line) or an mjai log, told apart by content; a directory is searched for
such files (``*.xml``, ``*.xml.gz``, ``*.mjlog``, ``*.json``, ``*.jsonl``). Every game
is fed through the engine under the rules it was played under, and every result is
compared with the record (see :mod:`jantaku.logs.replay`). One line per game — ``ok``
or the first divergence: the round, the event number, what the record says and what
we computed — then a total line. ``--json`` prints one JSON object per game (``file``,
``status``: ``ok``, ``diverged`` or ``error``, ``divergence``) and a final
``{"total": ...}`` object. The exit status is 0 when every game replays, 1 otherwise.
A file that cannot be read (missing, corrupt, not a record) is one ``error`` line and
the run goes on with the next file; progress goes to standard error when it is a
terminal (or with ``--progress``).
"""

from __future__ import annotations

import argparse
import json
import signal
import sys
import time
from collections.abc import Generator, Iterable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from pathlib import Path
from typing import Any

from jantaku.cli.common import Progress, bounded_int, describe
from jantaku.errors import ArgumentError
from jantaku.logs.replay import GameReplay, replay_path

__all__ = ["collect_files", "register", "run"]

_SUFFIXES = (".xml", ".xml.gz", ".mjlog", ".json", ".jsonl")


def collect_files(paths: Iterable[str]) -> list[Path]:
    """The record files named, directories searched recursively (sorted), in order given.

    >>> collect_files(["no-such-file.xml"])
    [PosixPath('no-such-file.xml')]
    """
    out: list[Path] = []
    for name in paths:
        p = Path(name)
        if p.is_dir():
            found = [
                f
                for f in p.rglob("*")
                if f.is_file()
                and not f.name.startswith(".")
                and any(f.name.endswith(s) for s in _SUFFIXES)
            ]
            out.extend(sorted(found))
        else:
            out.append(p)
    return out


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``replay`` subcommand."""
    p = subparsers.add_parser(
        "replay",
        help="replay recorded games (Tenhou XML / JSON, mjai) and check every result",
        description=describe(__doc__),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("files", nargs="+", metavar="FILE", help="record files or directories")
    p.add_argument("--json", action="store_true", help="one JSON object per game, then a total")
    p.add_argument(
        "--jobs",
        type=bounded_int(1, 256),
        default=1,
        metavar="N",
        help="replay in N processes, 1 to 256 (default 1)",
    )
    p.add_argument("--quiet", action="store_true", help="print only divergences and the total")
    p.add_argument(
        "--progress",
        action="store_true",
        help="show progress on standard error even when it is not a terminal",
    )
    p.set_defaults(func=run)


def _replay_file(path: Path) -> list[GameReplay]:
    """Every game of one file; whatever goes wrong with the file is its own ``error``
    result, so that one bad file never stops a run of many."""
    games: list[GameReplay] = []
    try:
        games.extend(replay_path(path))
    except Exception as e:  # a reader's fault on a strange file: reported, not fatal
        games.append(GameReplay(str(path), "error", error=f"{type(e).__name__}: {e}"))
    return games


def _results(files: list[Path], jobs: int) -> Generator[list[GameReplay], None, None]:
    """The games of each file, file by file, in the order given."""
    if jobs <= 1 or len(files) < 2:
        for f in files:
            yield _replay_file(f)
        return
    # The workers ignore Ctrl-C (sent to the whole foreground group): they are started
    # with it ignored, so none is ever half-started or broken by it, and the main process
    # alone stops the run, letting the files under way finish and dropping the rest.
    previous = signal.signal(signal.SIGINT, signal.SIG_IGN)
    try:
        pool = ProcessPoolExecutor(max_workers=jobs, initializer=_ignore_interrupts)
        chunks = max(1, min(8, len(files) // jobs))
        results = pool.map(_replay_file, files, chunksize=chunks)  # submits all, starts workers
    finally:
        signal.signal(signal.SIGINT, previous)
    try:
        yield from results
    finally:  # stopped early (an interrupt): the files not yet started are dropped
        pool.shutdown(wait=True, cancel_futures=True)


def _ignore_interrupts() -> None:
    """In a worker: Ctrl-C is the main process's to handle (see :func:`_results`)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def run(args: argparse.Namespace) -> int:
    """Replay the files and print the per-game lines and the total; 0 if all replay."""
    files = collect_files(args.files)
    start = time.perf_counter()
    counts = {"ok": 0, "diverged": 0, "error": 0}
    rounds = 0
    games = 0
    out = sys.stdout
    jobs = int(args.jobs)
    if jobs < 1:
        raise ArgumentError(f"--jobs must be at least 1, not {jobs}")
    progress = Progress(
        len(files), "file", enabled=True if getattr(args, "progress", False) else None
    )
    interrupted = False
    per_file = _results(files, jobs)
    try:
        for done, results in enumerate(per_file, 1):
            progress.clear()
            for result in results:
                games += 1
                counts[result.status] = counts.get(result.status, 0) + 1
                rounds += result.rounds
                if args.json:
                    out.write(json.dumps(result.to_dict(), ensure_ascii=False) + "\n")
                elif not (args.quiet and result.ok):
                    out.write(result.line() + "\n")
            out.flush()
            progress.update(done)
    except (KeyboardInterrupt, BrokenProcessPool):  # Ctrl-C: the total of what was replayed
        interrupted = True
    finally:
        per_file.close()
    progress.clear()
    if not files:
        print("jantaku: no record files found in the folders given", file=sys.stderr)
    seconds = time.perf_counter() - start
    total: dict[str, Any] = {
        "games": games,
        "rounds": rounds,
        "ok": counts["ok"],
        "diverged": counts["diverged"],
        "error": counts["error"],
        "seconds": round(seconds, 3),
        "rounds_per_second": round(rounds / seconds, 1) if seconds > 0 else None,
    }
    if interrupted:
        total["interrupted"] = True
    if args.json:
        out.write(json.dumps({"total": total}) + "\n")
    else:
        out.write(
            f"total: {games} games, {rounds} rounds: {counts['ok']} ok, "
            f"{counts['diverged']} diverged, {counts['error']} errors "
            f"({seconds:.1f} s, {total['rounds_per_second']} rounds/s)"
            + (", interrupted" if interrupted else "")
            + "\n"
        )
    if interrupted:
        return 130
    return 0 if games and counts["ok"] == games else 1
