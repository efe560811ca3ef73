"""The ``jantaku`` command line: a thin layer over the library.

Each subcommand lives in its own module of this package and exposes
``register(subparsers)``, which adds its parser and sets ``func`` to a callable
taking the parsed arguments and returning the exit status.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import os
import sys
from collections.abc import Sequence

from jantaku import __version__
from jantaku.errors import JantakuError

__all__ = ["SUBCOMMANDS", "build_parser", "main"]

SUBCOMMANDS: tuple[str, ...] = (
    "jantaku.cli.analysis",
    "jantaku.cli.arena",
    "jantaku.cli.keep",
    "jantaku.cli.mjai_client",
    "jantaku.cli.mjai_server",
    "jantaku.cli.play",
    "jantaku.cli.replay",
    "jantaku.cli.score",
    "jantaku.cli.selfplay",
    "jantaku.cli.serve",
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
    """Run the command line; returns the exit status.

    Bad input is one line on standard error and status 2 (a file that cannot be read or
    written included); an interrupt (Ctrl-C) status 130; output cut short by a reader
    that stopped (``jantaku … | head``) ends quietly with status 0.
    """
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        status: int = args.func(args)
        sys.stdout.flush()
    except JantakuError as e:
        _error(str(e))
        return 2
    except BrokenPipeError:
        _quiet_stdout()
        return 0
    except OSError as e:
        where = f" {e.filename}" if e.filename else ""
        _error(f"{where.strip()}{':' if where else ''} {e.strerror or e}".strip())
        return 2
    except KeyboardInterrupt:
        _error("interrupted")
        return 130
    return status


def _error(message: str) -> None:
    """One line on standard error (itself possibly gone)."""
    with contextlib.suppress(OSError):  # no standard error to speak to
        print(f"jantaku: error: {message}", file=sys.stderr)


def _quiet_stdout() -> None:
    """Point standard output at /dev/null, so that the interpreter's last flush of a
    closed pipe does not print a traceback."""
    with contextlib.suppress(OSError, ValueError):  # stdout may be a non-file in tests
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
