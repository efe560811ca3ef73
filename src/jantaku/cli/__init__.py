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
from typing import NoReturn

from jantaku import __version__, build
from jantaku.errors import JantakuError

__all__ = ["SUBCOMMANDS", "build_parser", "main"]

SUBCOMMANDS: tuple[str, ...] = (
    "jantaku.cli.analysis",
    "jantaku.cli.arena",
    "jantaku.cli.drill",
    "jantaku.cli.dataset",
    "jantaku.cli.keep",
    "jantaku.cli.mjai_client",
    "jantaku.cli.mjai_server",
    "jantaku.cli.play",
    "jantaku.cli.replay",
    "jantaku.cli.score",
    "jantaku.cli.selfplay",
    "jantaku.cli.serve",
    "jantaku.cli.train_policy",
)
"""The modules that provide subcommands, in the order ``--help`` lists them."""

COMMANDS: dict[str, str] = {
    "shanten": "jantaku.cli.analysis",
    "advise": "jantaku.cli.analysis",
    "arena": "jantaku.cli.arena",
    "drill": "jantaku.cli.drill",
    "dataset": "jantaku.cli.dataset",
    "keep": "jantaku.cli.keep",
    "mjai-client": "jantaku.cli.mjai_client",
    "mjai-server": "jantaku.cli.mjai_server",
    "play": "jantaku.cli.play",
    "replay": "jantaku.cli.replay",
    "score": "jantaku.cli.score",
    "rules": "jantaku.cli.score",
    "selfplay": "jantaku.cli.selfplay",
    "serve": "jantaku.cli.serve",
    "train-policy": "jantaku.cli.train_policy",
}
"""Each subcommand's name and the module of :data:`SUBCOMMANDS` that provides it: a
command line that names its subcommand imports that module only."""


class _Parser(argparse.ArgumentParser):
    """The command line's parser: a bad argument is one line on standard error, naming the
    command and where its help is (not the usage block), and exit status 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message} (see {self.prog} --help)\n")


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The argument parser with every subcommand registered, or with ``command`` (a name
    in :data:`COMMANDS`) only that subcommand's module: it parses that subcommand's
    arguments as the whole parser does, without importing the other modules.

    >>> build_parser("selfplay").parse_args(["selfplay", "--games", "3"]).games
    3
    """
    parser = _Parser(
        prog="jantaku", description="jantaku — Japanese riichi mahjong: analysis, scoring, play"
    )
    parser.add_argument("--version", action="version", version=f"jantaku {__version__}, {build()}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    module = COMMANDS.get(command) if command is not None else None
    for name in SUBCOMMANDS if module is None else (module,):
        importlib.import_module(name).register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status.

    Bad input is one line on standard error and status 2 (a file that cannot be read or
    written included); an interrupt (Ctrl-C) status 130; output cut short by a reader
    that stopped (``jantaku … | head``) ends quietly with status 0.
    """
    words = sys.argv[1:] if argv is None else list(argv)
    # the subcommand is the first word (the parser's own options --help and --version
    # come alone); any other command line gets the whole parser, which explains it
    parser = build_parser(words[0] if words else None)
    args = parser.parse_args(words)
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
