"""``jantaku train-policy``: game records to the weights of the learned policy, in one step.

::

    jantaku train-policy games/ --out policy.npz [--hidden 128] [--epochs 4] [--seed 0]

The records (Tenhou XML, tenhou.net/6 JSON or mjai logs; directories searched) are
converted as ``jantaku dataset`` converts them, into ``--dataset DIR`` if given (kept,
and reused by a later run on the same files) or else a temporary folder; then the
two-layer NumPy policy of :mod:`jantaku.env.policy` is trained on them, each epoch
printing its loss, its top-1 agreement with the recorded players on the held-out games
(every ``--holdout``-th record file; all decisions with a choice, and the discards)
and the CPU seconds so far. The weights are written to ``--out`` as float16, compressed
(``--float32`` for full precision), and the agreement of the file as written is printed
last. The same records and seed give the same weights. The package's ``learned`` bot
plays weights made by this command. Needs NumPy (``jantaku[rl]``).
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path

from jantaku.cli.common import bounded_int, describe
from jantaku.errors import JantakuError

__all__ = ["register", "run"]


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``train-policy`` subcommand."""
    p = subparsers.add_parser(
        "train-policy",
        help="train the learned policy from game records and write its weights",
        description=describe(__doc__),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("files", nargs="+", metavar="FILE", help="record files or directories")
    p.add_argument("--out", required=True, metavar="FILE", help="the weights file (.npz)")
    p.add_argument(
        "--dataset", metavar="DIR", help="keep the converted dataset here (default: temporary)"
    )
    p.add_argument(
        "--hidden",
        type=bounded_int(1, 4096),
        default=128,
        metavar="N",
        help="hidden units (default 128)",
    )
    p.add_argument(
        "--epochs",
        type=bounded_int(1, 1000),
        default=4,
        metavar="K",
        help="passes over the training decisions (default 4)",
    )
    p.add_argument(
        "--batch",
        type=bounded_int(1, 1_000_000),
        default=512,
        metavar="N",
        help="decisions per minibatch (default 512)",
    )
    p.add_argument("--lr", type=float, default=1e-3, help="Adam's step size (default 0.001)")
    p.add_argument(
        "--holdout",
        type=bounded_int(2, 1000),
        default=10,
        metavar="N",
        help="hold out the games of every N-th record file (default 10)",
    )
    p.add_argument("--seed", type=int, default=0, help="seeds the weights and the batches")
    p.add_argument(
        "--jobs",
        type=bounded_int(1, 256),
        default=2,
        metavar="N",
        help="convert the records in N processes (default 2)",
    )
    p.add_argument("--float32", action="store_true", help="write the weights as float32")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Convert, train, write; print each epoch's line and a last summary line (JSON)."""
    from jantaku.cli.replay import collect_files
    from jantaku.env.dataset import build_dataset
    from jantaku.env.policy import Policy, agreement, train

    files = collect_files(args.files)
    if not files:
        raise JantakuError("no record files found in the files and folders given")
    start = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="jantaku-train-") as tmp:
        folder = Path(args.dataset) if args.dataset else Path(tmp) / "dataset"
        summary = build_dataset(files, folder, jobs=args.jobs)
        print(summary.line(), file=sys.stderr)
        if not summary.games:
            raise JantakuError(
                f"no game could be read from the records ({summary.skipped} skipped)"
            )
        converted = time.perf_counter() - start
        policy, _log = train(
            folder,
            hidden=args.hidden,
            epochs=args.epochs,
            batch=args.batch,
            lr=args.lr,
            holdout=args.holdout,
            seed=args.seed,
            report=lambda line: print(json.dumps({k: round(v, 4) for k, v in line.items()})),
        )
        policy.save(args.out, compact=not args.float32)
        top1, discards = agreement(Policy.load(args.out), folder, holdout=args.holdout)
    last = {
        "out": str(args.out),
        "games": summary.games,
        "skipped": summary.skipped,
        "held_out_top1": round(top1, 4),
        "held_out_discard_top1": round(discards, 4),
        "convert_seconds": round(converted, 1),
        "seconds": round(time.perf_counter() - start, 1),
    }
    print(json.dumps(last))
    return 0
