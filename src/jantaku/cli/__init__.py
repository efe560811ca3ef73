"""The ``jantaku`` command line: a thin layer over the library.

Each subcommand lives in its own module of this package and exposes
``register(subparsers)``, which adds its parser and sets ``func`` to a callable
taking the parsed arguments and returning the exit status.
"""

from __future__ import annotations

import argparse
import importlib
import sys
from collections.abc import Sequence

from jantaku import __version__
from jantaku.errors import JantakuError

__all__ = ["SUBCOMMANDS", "build_parser", "main"]

SUBCOMMANDS: tuple[str, ...] = (
    "jantaku.cli.analysis",
    "jantaku.cli.arena",
    "jantaku.cli.play",
    "jantaku.cli.replay",
    "jantaku.cli.score",
    "jantaku.cli.selfplay",
)
"""The modules that provide subcommands, in the order ``--help`` lists them."""


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every subcommand registered."""
    parser = argparse.ArgumentParser(
        prog="jantaku", description="jantaku — Japanese riichi mahjong: analysis, scoring, play"
    )
    parser.add_argument("--version", action="version", version=f"jantaku {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    for name in SUBCOMMANDS:
        importlib.import_module(name).register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (2 for bad input)."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        status: int = args.func(args)
    except JantakuError as e:
        print(f"jantaku: error: {e}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # pragma: no cover - e.g. piped into head
        return 0
    return status


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
