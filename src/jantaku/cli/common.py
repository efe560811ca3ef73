"""What the subcommands share: checked numbers, time budgets, input lines, output files.

Every check here turns ordinary bad input into one clear message: an option's number
out of its range is refused by :mod:`argparse` with the range; a batch file that is
missing, a folder or not text, and an output file that cannot be written raise
:class:`~jantaku.errors.ArgumentError`, which the command line prints as one line.
"""

from __future__ import annotations

import argparse
import math
import re
import sys
import textwrap
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO, Final

from jantaku.errors import ArgumentError

__all__ = [
    "ECHO_LIMIT",
    "MAX_GAMES",
    "MAX_SEED",
    "Progress",
    "add_games",
    "add_players",
    "add_seed",
    "add_time_budget",
    "bounded_int",
    "describe",
    "echo",
    "input_lines",
    "open_output",
    "output_folder",
    "plain",
    "seconds",
]

ECHO_LIMIT: Final = 200
"""Characters of a bad input line echoed back in an error (the rest is elided)."""


def echo(text: str, limit: int = ECHO_LIMIT) -> str:
    """An input line as an error message quotes it: cut to ``limit`` characters.

    >>> echo("123m")
    '123m'
    >>> echo("1" * 1000, limit=10)
    '1111111111… (1000 characters)'
    """
    return text if len(text) <= limit else f"{text[:limit]}… ({len(text)} characters)"


_ROLE = re.compile(r":[a-z]+:`~?([^`<]*?)\s*(?:<[^>]*>)?`")
_LITERAL = re.compile(r"``([^`]*)``")


def plain(text: str) -> str:
    """Text from a docstring without its reStructuredText markup, as a terminal shows it.

    >>> plain("see :func:`~jantaku.match.play_match`, ``--log DIR`` and :mod:`jantaku.cli`")
    'see play_match, --log DIR and jantaku.cli'
    """
    text = _ROLE.sub(
        lambda m: m.group(1).rsplit(".", 1)[-1] if "~" in m.group(0) else m.group(1), text
    )
    return _LITERAL.sub(r"\1", text)


def describe(doc: str | None, width: int = 78) -> str | None:
    """A module docstring as a subcommand's ``--help`` description: paragraphs wrapped,
    literal blocks (usage lines) left out, markup removed. Use it with
    :class:`argparse.RawDescriptionHelpFormatter`, which keeps the paragraphs.

    >>> doc = "``jantaku x``: does y.\\n\\n::\\n\\n    jantaku x FILE\\n\\nIt reads ``FILE``."
    >>> print(describe(doc))
    jantaku x: does y.
    <BLANKLINE>
    It reads FILE.
    """
    if not doc:
        return None
    paragraphs: list[str] = []
    skipping = False
    for block in re.split(r"\n\s*\n", doc.strip()):
        if skipping and block.startswith((" ", "\t")):
            continue  # the literal block that follows ``::``
        skipping = False
        text = " ".join(line.strip() for line in block.splitlines())
        if text.endswith("::"):
            skipping = True
            text = text[:-2].rstrip()
            if not text:
                continue
            text += ":" if not text.endswith(":") else ""
        paragraphs.append(textwrap.fill(plain(text), width, break_on_hyphens=False))
    return "\n\n".join(paragraphs)


def bounded_int(low: int, high: int) -> Callable[[str], int]:
    """An :mod:`argparse` type: a whole number from ``low`` to ``high``.

    >>> bounded_int(0, 999)("12")
    12
    >>> bounded_int(0, 999)("99999999999999999999")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: 99999999999999999999 is out of range: give 0 to 999
    """

    def parse(text: str) -> int:
        try:
            value = int(text.strip().replace("_", ""), 10)
        except ValueError:
            raise argparse.ArgumentTypeError(
                f"{echo(text, 40)!r} is not a whole number (give {low} to {high})"
            ) from None
        if not low <= value <= high:
            shown = echo(text.strip(), 40)
            raise argparse.ArgumentTypeError(f"{shown} is out of range: give {low} to {high}")
        return value

    parse.__name__ = "number"  # argparse names the type in its messages
    return parse


def seconds(text: str) -> float:
    """An :mod:`argparse` type: a positive number of seconds, ``none`` for no limit.

    >>> seconds("2.5"), seconds("none")
    (2.5, inf)
    >>> seconds("-1")
    Traceback (most recent call last):
    ...
    argparse.ArgumentTypeError: -1 is not a positive number of seconds (or none)
    """
    word = text.strip().lower()
    if word in ("none", "inf", "unlimited"):
        return math.inf
    try:
        value = float(word)
    except ValueError:
        value = math.nan
    if math.isnan(value) or value <= 0:
        raise argparse.ArgumentTypeError(
            f"{echo(text, 40)} is not a positive number of seconds (or none)"
        )
    return value


MAX_GAMES: Final = 1_000_000_000
"""The most games or matches one run plays (more would not finish in a lifetime)."""

MAX_SEED: Final = 2**63 - 1
"""The largest seed."""


def add_games(parser: argparse.ArgumentParser, *, default: int, what: str = "matches") -> None:
    """Add ``--games N``, the same everywhere: 1 to :data:`MAX_GAMES` (0 is refused)."""
    parser.add_argument(
        "--games",
        type=bounded_int(1, MAX_GAMES),
        default=default,
        metavar="N",
        help=f"number of {what}, 1 to {MAX_GAMES:,} (default {default})",
    )


def add_seed(
    parser: argparse.ArgumentParser, *, default: int | None = 0, what: str = "the first match"
) -> None:
    """Add ``--seed S``, the same everywhere: 0 to :data:`MAX_SEED` (negative refused)."""
    shown = "random" if default is None else str(default)
    parser.add_argument(
        "--seed",
        type=bounded_int(0, MAX_SEED),
        default=default,
        metavar="S",
        help=f"seed of {what}, 0 to 2**63-1 (default {shown})",
    )


def add_players(parser: argparse.ArgumentParser) -> None:
    """Add ``--players {3,4}``: the preset's three- or four-player twin."""
    parser.add_argument(
        "--players",
        type=int,
        choices=(3, 4),
        default=None,
        help="3 or 4 players: the preset's twin for that many (default the preset's)",
    )


def add_time_budget(
    parser: argparse.ArgumentParser,
    *,
    who: str = "every bot",
    default: str = "10 s for an external mjai bot, no limit for a built-in one",
) -> None:
    """Add ``--timeout SECONDS`` (``--time-budget`` is the same option): the time ``who``
    has for one decision."""
    parser.add_argument(
        "--timeout",
        "--time-budget",
        dest="time_budget",
        type=seconds,
        default=None,
        metavar="SECONDS",
        help=f"seconds {who} has for one decision, or none for no limit; a bot that has "
        f"not answered by then loses the match (an external bot's process is stopped); "
        f"default: {default}",
    )


def output_folder(path: Path, what: str = "--log") -> Path:
    """Make sure ``path`` is a folder that files can be written into (created if missing).

    Raises :class:`~jantaku.errors.ArgumentError` when it is a file or cannot be made.
    """
    if path.exists() and not path.is_dir():
        raise ArgumentError(f"{what} {path}: is a file, not a folder")
    try:
        path.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise ArgumentError(f"{what} {path}: cannot make the folder: {e.strerror or e}") from None
    return path


def open_output(path: Path, what: str = "--log") -> IO[str]:
    """``path`` opened for writing text, or one clear error why it cannot be.

    Raises :class:`~jantaku.errors.ArgumentError` for a folder, a missing parent folder
    or a file that may not be written.
    """
    if path.is_dir():
        raise ArgumentError(f"{what} {path}: is a folder, not a file")
    if not path.parent.is_dir():
        raise ArgumentError(f"{what} {path}: the folder {path.parent} does not exist")
    try:
        return path.open("w", encoding="utf-8")
    except OSError as e:
        raise ArgumentError(f"{what} {path}: cannot write it: {e.strerror or e}") from None


def input_lines(name: str) -> Iterator[tuple[int, str | None]]:
    """The lines of a batch file (``-`` for standard input), numbered from 1.

    A line that is not UTF-8 comes as ``None`` (the caller reports it and goes on).
    Raises :class:`~jantaku.errors.ArgumentError` for a file that is missing, a folder,
    unreadable or not text at all (a NUL byte in its first block).
    """
    if name == "-":
        buffer = getattr(sys.stdin, "buffer", None)
        if buffer is None:  # a text stream put in place of standard input
            yield from enumerate(sys.stdin, 1)
        else:
            yield from _numbered(buffer, "standard input")
        return
    path = Path(name)
    if path.is_dir():
        raise ArgumentError(f"--batch {name}: is a folder, not a file")
    try:
        source = path.open("rb")
    except OSError as e:
        raise ArgumentError(f"--batch {name}: cannot read it: {e.strerror or e}") from None
    with source:
        yield from _numbered(source, name)


def _numbered(source: IO[bytes], name: str) -> Iterator[tuple[int, str | None]]:
    try:
        first = source.peek(4096)[:4096] if hasattr(source, "peek") else b""
        if b"\0" in first:
            raise ArgumentError(f"--batch {name}: not a text file (it holds NUL bytes)")
        for number, raw in enumerate(source, 1):
            try:
                yield number, raw.decode("utf-8")
            except UnicodeDecodeError:
                yield number, None
    except OSError as e:
        raise ArgumentError(f"--batch {name}: cannot read it: {e.strerror or e}") from None


class Progress:
    """A count of finished items on standard error, for long runs.

    Shown when ``enabled`` (by default when standard error is a terminal): on a
    terminal one line rewritten in place, elsewhere one line an item.
    """

    def __init__(self, total: int, what: str, *, enabled: bool | None = None) -> None:
        self.total = total
        self.what = what
        stream = sys.stderr
        self.tty = bool(getattr(stream, "isatty", lambda: False)())
        self.enabled = self.tty if enabled is None else enabled
        self.shown = False

    def update(self, done: int, note: str = "") -> None:
        """Show that ``done`` of the items are finished."""
        if not self.enabled:
            return
        text = f"{self.what} {done}/{self.total}" + (f" {note}" if note else "")
        if self.tty:
            sys.stderr.write(f"\r\x1b[K{text}")
        else:
            sys.stderr.write(text + "\n")
        sys.stderr.flush()
        self.shown = True

    def clear(self) -> None:
        """Remove the in-place line before other output follows."""
        if self.shown and self.tty:
            sys.stderr.write("\r\x1b[K")
            sys.stderr.flush()
        self.shown = False
