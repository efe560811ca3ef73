"""``jantaku dataset``: game records to training arrays (observations, masks, actions).

::

    jantaku dataset games/ more.xml.gz --out data/houou [--jobs 2] [--features planes-v2]

Each FILE is a Tenhou mjlog XML (plain or gzip), a tenhou.net/6 JSON or an mjai log,
told apart by content; a directory is searched for such files. Every game is replayed
through the engine and every decision of every seat — passes on claims included — is
written with the seat's observation planes, legal mask, the action id it played, its
seat, round and game, and the game's final placement, score and result, in NumPy
shards under ``--out`` with a ``dataset.json`` (the schema: :mod:`jantaku.env.dataset`).
Each recorded action is checked against its mask; a game whose record does not fit
is skipped and listed, never labelled by a guess. Shards already written for the same
files are kept, so an interrupted run goes on where it stopped. The exit status is 0
when no game was skipped, 1 otherwise. Needs NumPy (``jantaku[rl]``).
"""

from __future__ import annotations

import argparse
import json
import sys

from jantaku.cli.common import Progress, bounded_int, describe

__all__ = ["register", "run"]


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``dataset`` subcommand."""
    p = subparsers.add_parser(
        "dataset",
        help="game records to sharded NumPy training arrays (observations, masks, actions)",
        description=describe(__doc__),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("files", nargs="+", metavar="FILE", help="record files or directories")
    p.add_argument("--out", required=True, metavar="DIR", help="the dataset folder to write")
    p.add_argument(
        "--features",
        default="planes-v2",
        choices=("planes-v1", "planes-v2"),
        help="the observation planes (default planes-v2, uint8)",
    )
    p.add_argument(
        "--jobs",
        type=bounded_int(1, 256),
        default=1,
        metavar="N",
        help="convert in N processes, 1 to 256 (default 1)",
    )
    p.add_argument(
        "--files-per-shard",
        type=bounded_int(1, 100_000),
        default=16,
        metavar="N",
        help="record files per shard (default 16)",
    )
    p.add_argument(
        "--no-compress", action="store_true", help="write .npz shards without compression"
    )
    p.add_argument("--json", action="store_true", help="print the summary as one JSON object")
    p.add_argument(
        "--progress",
        action="store_true",
        help="show progress on standard error even when it is not a terminal",
    )
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Build the dataset and print its summary and the skipped games; 0 if none skipped."""
    from jantaku.cli.replay import collect_files
    from jantaku.env.dataset import build_dataset

    files = collect_files(args.files)
    if not files:
        print("jantaku: no record files found in the folders given", file=sys.stderr)
    bar: Progress | None = None

    def progress(done: int, total: int) -> None:
        nonlocal bar
        if bar is None:
            bar = Progress(total, "shard", enabled=True if args.progress else None)
        bar.update(done)

    summary = build_dataset(
        files,
        args.out,
        features=args.features,
        files_per_shard=args.files_per_shard,
        jobs=args.jobs,
        compress=not args.no_compress,
        progress=progress,
    )
    if bar is not None:
        bar.clear()
    manifest = json.loads((summary.folder / "dataset.json").read_text())
    if args.json:
        out = {
            "folder": str(summary.folder),
            "games": summary.games,
            "pairs": summary.pairs,
            "checked": summary.checked,
            "unknown": summary.unknown,
            "unfinished": summary.unfinished,
            "skipped": manifest["skipped"],
            "shards": summary.shards,
            "kept": summary.kept,
            "seconds": round(summary.seconds, 3),
        }
        print(json.dumps(out, ensure_ascii=False))
    else:
        for s in manifest["skipped"]:
            part = f"#{s['part'] + 1}" if s["part"] else ""
            print(f"skipped: {s['file']}{part}: {s['reason']}")
        print(summary.line())
    return 0 if summary.skipped == 0 and summary.games else 1
