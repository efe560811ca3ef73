"""mjai JSON-lines game records: a streaming reader and a writer.

One event per line, one JSON object per event, in mjai's shape (see
:mod:`jantaku.events` for the fields and jantaku's documented extensions: the rules
and the seed in ``start_game``, dice and break point in ``start_kyoku``, yaku / fu /
han / scores in ``hora``, the kind of a draw in ``ryukyoku``, ``penalty``, and the
final result in ``end_game``). A file may hold several games one after the other;
:func:`read_game` reads one game per call, like python-chess's ``pgn.read_game``.

The reader is lenient by default: a malformed line is skipped and its error, with the
1-based line number, is collected in :attr:`MjaiGame.errors`; with ``strict=True`` the
first error is raised instead.

>>> import io
>>> from jantaku.events import Dahai, EndGame, StartGame, Tsumo
>>> out = io.StringIO()
>>> write_game([StartGame(names=("a", "b", "c", "d")), Tsumo(0, 33), Dahai(0, 33, True),
...             EndGame()], out)
4
>>> print(out.getvalue(), end="")
{"type":"start_game","names":["a","b","c","d"]}
{"type":"tsumo","actor":0,"pai":"C"}
{"type":"dahai","actor":0,"pai":"C","tsumogiri":true}
{"type":"end_game"}
>>> game = read_game(io.StringIO(out.getvalue()))
>>> len(game.events), game.errors, game.header.names
(4, [], ('a', 'b', 'c', 'd'))
"""

from __future__ import annotations

import gzip
import io
import json
import os
import zlib
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, cast

from jantaku.errors import ArgumentTypeError, LogFormatError, RulesError
from jantaku.events import (
    Dahai,
    EndGame,
    Event,
    StartGame,
    dumps,
    event_from_mjai,
)
from jantaku.rules import Rules

__all__ = [
    "MjaiGame",
    "MjaiReader",
    "MjaiWriter",
    "dumps_game",
    "in_file_order",
    "loads_game",
    "read_game",
    "read_games",
    "write_game",
]


@dataclass(slots=True)
class MjaiGame:
    """One game read from an mjai log: its events, and the errors met on the way.

    ``first_line`` is the line number of its first event; ``lines[i]`` the line of
    ``events[i]``.
    """

    events: list[Event] = field(default_factory=list)
    errors: list[LogFormatError] = field(default_factory=list)
    lines: list[int] = field(default_factory=list)
    source: str | None = None

    @property
    def header(self) -> StartGame | None:
        """The ``start_game`` event, if the game has one."""
        if self.events and isinstance(self.events[0], StartGame):
            return self.events[0]
        return None

    @property
    def complete(self) -> bool:
        """Whether the game runs from ``start_game`` to ``end_game``."""
        return self.header is not None and isinstance(self.events[-1], EndGame)

    @property
    def first_line(self) -> int | None:
        """The line number of the first event read."""
        return self.lines[0] if self.lines else None

    def rules(self) -> Rules | None:
        """The rules written in the header (a jantaku extension), or ``None``.

        Raises :class:`~jantaku.errors.LogFormatError` when the written rules are not valid.
        """
        header = self.header
        if header is None or header.rules is None:
            return None
        try:
            return Rules.from_dict(dict(header.rules))
        except RulesError as e:
            raise LogFormatError(
                f"start_game: bad rules: {e}", line=self.first_line, source=self.source
            ) from None

    def seed(self) -> int | None:
        """The match seed written in the header (a jantaku extension), or ``None``."""
        header = self.header
        return header.seed if header is not None else None


class MjaiReader:
    """A streaming reader over the lines of an mjai log; each :meth:`read_game` call
    returns the next game (``None`` at the end), keeping line numbers across calls.

    >>> import io
    >>> text = '{"type":"start_game","names":["a","b","c","d"]}\\n{"type":"oops"}\\n'
    >>> game = MjaiReader(io.StringIO(text), source="x.jsonl").read_game()
    >>> [str(e) for e in game.errors]
    ["x.jsonl:2: unknown event type 'oops'", 'x.jsonl:3: the game has no end_game']
    >>> MjaiReader(io.StringIO(text)).read_game(strict=True)
    Traceback (most recent call last):
    ...
    jantaku.errors.LogFormatError: 2: unknown event type 'oops'
    """

    def __init__(self, lines: Iterable[str], *, source: str | None = None) -> None:
        if isinstance(lines, str | bytes | bytearray):
            raise ArgumentTypeError(
                "MjaiReader reads lines (an open text file, a list of str), not one "
                f"{type(lines).__name__}: MjaiReader(text.splitlines()) reads a log's text"
            )
        try:
            self._lines = iter(lines)
        except TypeError:
            raise ArgumentTypeError(
                "MjaiReader reads lines (an open text file, a list of str), not a "
                f"{type(lines).__name__}"
            ) from None
        self._line = 0
        self._pending: tuple[int, Event] | None = None
        self.source = source

    @property
    def line(self) -> int:
        """The number of lines consumed so far."""
        return self._line

    def _next(self, game: MjaiGame, strict: bool) -> tuple[int, Event] | None:
        """The next well-formed event and its line number, or ``None`` at the end."""
        if self._pending is not None:
            pending, self._pending = self._pending, None
            return pending
        for text in self._lines:
            self._line += 1
            if not text.strip():
                continue
            try:
                obj: Any = json.loads(text)
            except json.JSONDecodeError as e:
                self._fail(game, strict, f"not JSON: {e.msg} (column {e.colno})")
                continue
            try:
                return self._line, event_from_mjai(obj)
            except LogFormatError as e:
                self._fail(game, strict, e.reason)
        return None

    def _fail(self, game: MjaiGame, strict: bool, reason: str, line: int | None = None) -> None:
        err = LogFormatError(reason, line=self._line if line is None else line, source=self.source)
        if strict:
            raise err
        game.errors.append(err)

    def read_game(self, *, strict: bool = False) -> MjaiGame | None:
        """Read the next game: from ``start_game`` through ``end_game``.

        Returns ``None`` when no event is left. A game cut short (no ``end_game``)
        or events before any ``start_game`` are reported as errors (raised with
        ``strict=True``); the events read are kept either way.
        """
        game = MjaiGame(source=self.source)
        item = self._next(game, strict)
        if item is None:
            return game if game.errors else None
        line, event = item
        if not isinstance(event, StartGame):
            self._fail(game, strict, "the game does not begin with start_game", line)
        game.events.append(event)
        game.lines.append(line)
        while not isinstance(event, EndGame):
            item = self._next(game, strict)
            if item is None:
                self._fail(game, strict, "the game has no end_game", self._line + 1)
                break
            line, event = item
            if isinstance(event, StartGame):
                self._pending = item
                self._fail(game, strict, "the game has no end_game", line)
                break
            game.events.append(event)
            game.lines.append(line)
        return game

    def __iter__(self) -> Iterator[MjaiGame]:
        """Every remaining game (lenient)."""
        while (game := self.read_game()) is not None:
            yield game


def read_game(
    handle: IO[str] | Iterable[str] | str | os.PathLike[str],
    *,
    strict: bool = False,
    source: str | None = None,
) -> MjaiGame | None:
    """Read the next game of mjai JSON lines (``None`` when there is none).

    ``handle`` is an open text stream or the lines of a log; or a file to read the
    first game of: a :class:`pathlib.Path` (any ``os.PathLike``), or a ``str`` that
    holds no line break and does not begin with ``{`` (a ``str`` that does is the log's
    text itself). A ``.gz`` file is read through gzip.

    Line numbers count from the stream's current position; for several games in one
    stream with line numbers across them, use :class:`MjaiReader` (or
    :func:`read_games` for every game of a file).

    >>> text = '{"type":"start_game","names":["a","b","c","d"]}\\n{"type":"end_game"}'
    >>> len(read_game(text).events)
    2
    >>> read_game("/no/such/log.jsonl")
    Traceback (most recent call last):
    ...
    jantaku.errors.LogFormatError: /no/such/log.jsonl: cannot read it: No such file or directory

    Raises :class:`~jantaku.errors.LogFormatError` (with its line number) only with
    ``strict=True``, otherwise errors are collected in the game; whatever the mode, a
    file that cannot be read, is not UTF-8 text or is a corrupt gzip raises it too (as
    :func:`jantaku.logs.tenhou.read_game` does); :class:`~jantaku.errors.ArgumentTypeError`
    for bytes.
    """
    if isinstance(handle, bytes | bytearray):
        raise ArgumentTypeError("read_game reads text, not bytes: decode them (data.decode())")
    if isinstance(handle, str):
        if "\n" in handle or handle.lstrip().startswith("{"):
            return MjaiReader(handle.splitlines(), source=source).read_game(strict=strict)
        handle = Path(handle)
    if isinstance(handle, os.PathLike):
        path = Path(handle)
        name = source if source is not None else str(path)
        try:
            if path.suffix == ".gz":
                with gzip.open(path, "rt", encoding="utf-8") as packed:
                    return MjaiReader(packed, source=name).read_game(strict=strict)
            with path.open(encoding="utf-8") as f:
                return MjaiReader(f, source=name).read_game(strict=strict)
        except UnicodeDecodeError:
            raise LogFormatError("not UTF-8 text", source=name) from None
        except (gzip.BadGzipFile, zlib.error, EOFError) as e:
            raise LogFormatError(f"not a readable gzip file ({e})", source=name) from None
        except OSError as e:
            raise LogFormatError(f"cannot read it: {e.strerror or e}", source=name) from None
    return MjaiReader(handle, source=source).read_game(strict=strict)


def read_games(path: str | Path, *, strict: bool = False) -> list[MjaiGame]:
    """Every game in an mjai file (``.gz`` files are read through gzip).

    Raises :class:`~jantaku.errors.LogFormatError` with ``strict=True``, ``OSError``
    if the file cannot be read.
    """
    p = Path(path)
    if p.suffix == ".gz":
        with gzip.open(p, "rt", encoding="utf-8") as packed:
            return _all_games(MjaiReader(packed, source=str(p)), strict)
    with p.open(encoding="utf-8") as f:
        return _all_games(MjaiReader(f, source=str(p)), strict)


def _all_games(reader: MjaiReader, strict: bool) -> list[MjaiGame]:
    games: list[MjaiGame] = []
    while (game := reader.read_game(strict=strict)) is not None:
        games.append(game)
    return games


def loads_game(text: str, *, strict: bool = True) -> list[Event]:
    """The events of the one game in a string of mjai JSON lines (strict by default).

    >>> loads_game('{"type":"start_game","names":["a","b","c","d"]}\\n{"type":"end_game"}')
    [StartGame(names=('a', 'b', 'c', 'd')), EndGame()]
    >>> loads_game('')
    Traceback (most recent call last):
    ...
    jantaku.errors.LogFormatError: no game in the text

    Raises :class:`~jantaku.errors.LogFormatError` for a malformed line or no game.
    """
    game = MjaiReader(text.splitlines()).read_game(strict=strict)
    if game is None:
        raise LogFormatError("no game in the text")
    return game.events


class MjaiWriter:
    """Writes events to a text stream as mjai JSON lines, one line per event, as they come.

    A kan's indicator that the discard after a daiminkan or kakan reveals (後めくり) is
    written before that discard, as mjai, libriichi and Tenhou order them (the engine
    records it after): the writer holds such a discard until the next event comes.
    :meth:`flush` writes a discard still held. The engine replays either order, and the
    reader keeps the order written.

    >>> from jantaku.events import Daiminkan, Dora, Tsumo
    >>> print(dumps_game([Daiminkan(0, 1, 4, (4, 4, 4)), Tsumo(0, 9), Dahai(0, 9, True),
    ...                   Dora(30)]), end="")
    {"type":"daiminkan","actor":0,"target":1,"pai":"5m","consumed":["5m","5m","5m"]}
    {"type":"tsumo","actor":0,"pai":"1p"}
    {"type":"dora","dora_marker":"N"}
    {"type":"dahai","actor":0,"pai":"1p","tsumogiri":true}
    """

    def __init__(self, handle: IO[str]) -> None:
        self._handle = handle
        self.count = 0
        self._kans = 0  # daiminkan / kakan whose indicator is still to come
        self._held: Dahai | None = None

    def _line(self, event: Event) -> None:
        self._handle.write(dumps(event))
        self._handle.write("\n")
        self.count += 1

    def write(self, event: Event) -> None:
        """Write one event as one line (a discard before a kan's indicator: held)."""
        held = self._held
        kind = event.kind
        if held is not None:
            self._held = None
            if kind == "dora":
                self._kans -= 1
                self._line(event)
                self._line(held)
                return
            self._line(held)
        match kind:
            case "dahai" if self._kans > 0:
                self._held = cast(Dahai, event)  # the one class of kind "dahai"
                return
            case "daiminkan" | "kakan":
                self._kans += 1
            case "dora":
                self._kans = max(0, self._kans - 1)
            case "start_kyoku":
                self._kans = 0
        self._line(event)

    def flush(self) -> None:
        """Write a discard still held, and flush the underlying stream."""
        if self._held is not None:
            held, self._held = self._held, None
            self._line(held)
        self._handle.flush()


def in_file_order(events: Iterable[Event]) -> list[Event]:
    """The events in the order :class:`MjaiWriter` writes them (and reading gives back):
    a kan's indicator revealed by the next discard comes before that discard.

    >>> from jantaku.events import Kakan, Dora
    >>> in_file_order([Kakan(0, 4, (4, 4, 4)), Dahai(0, 9, False), Dora(30)])[1:]
    [Dora(dora_marker='N'), Dahai(actor=0, pai='1p', tsumogiri=False)]
    """
    out: list[Event] = []
    for e in events:
        if e.kind == "dora" and len(out) > 1 and out[-1].kind == "dahai":
            out.insert(len(out) - 1, e)
        else:
            out.append(e)
    return out


def write_game(events: Iterable[Event], handle: IO[str]) -> int:
    """Write the events of a game as mjai JSON lines; returns the number of lines written."""
    writer = MjaiWriter(handle)
    for event in events:
        writer.write(event)
    writer.flush()
    return writer.count


def dumps_game(events: Iterable[Event]) -> str:
    """The events of a game as one string of mjai JSON lines (each ending in a newline),
    as :class:`MjaiWriter` writes them.

    >>> from jantaku.events import Reach
    >>> dumps_game([Reach(0), Reach(1)])
    '{"type":"reach","actor":0}\\n{"type":"reach","actor":1}\\n'
    """
    out = io.StringIO()
    write_game(events, out)
    return out.getvalue()
