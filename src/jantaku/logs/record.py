"""One reader and one replay for every record format: :func:`read_record`, :func:`replay`.

:func:`read_record` takes a path, text or bytes of a Tenhou mjlog XML (plain or
gzip), a tenhou.net/6 JSON or an mjai log, tells them apart by content, and gives the
first game as a :class:`Record`: its events, the rules it was played under and what
the format's own reader gave (a :class:`~jantaku.logs.tenhou_records.TenhouGame` or a
:class:`~jantaku.logs.mjai.MjaiGame`). :func:`replay` feeds a record through the
engine and checks it, whatever its format.

>>> text = '{"type":"start_game","names":["a","b","c","d"]}\\n{"type":"end_game"}\\n'
>>> record = read_record(text)
>>> record.format, len(record.events), record.rules.name()
('mjai', 2, 'tenhou')
>>> read_record(123)
Traceback (most recent call last):
...
jantaku.errors.ArgumentTypeError: read_record reads a path, text or bytes, not a int
"""

from __future__ import annotations

import gzip
import os
import zlib
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Literal

from jantaku.errors import ArgumentTypeError, LogFormatError
from jantaku.events import Event
from jantaku.rules import Rules

if TYPE_CHECKING:
    from jantaku.logs.mjai import MjaiGame
    from jantaku.logs.replay import GameReplay
    from jantaku.logs.tenhou_records import TenhouGame

__all__ = ["Record", "read_record", "replay"]


@dataclass(frozen=True, slots=True)
class Record:
    """One game read from a record: ``format`` is ``mjlog``, ``tenhou6`` or ``mjai``;
    ``game`` is what that format's reader gave (its header, results, errors)."""

    format: Literal["mjlog", "tenhou6", "mjai"]
    events: tuple[Event, ...]
    rules: Rules
    game: TenhouGame | MjaiGame
    name: str = ""


def read_record(source: str | bytes | os.PathLike[str], *, strict: bool = False) -> Record:
    """The first game of a record in any format jantaku reads, told apart by content.

    A ``str`` that begins with ``<``, ``{`` or ``[`` is the record's text; any other
    ``str`` (or an ``os.PathLike``) names a file. Raises
    :class:`~jantaku.errors.LogFormatError` for a file that cannot be read or is no
    record (with ``strict=True`` also for a record the reader had to mend), and
    :class:`~jantaku.errors.ArgumentTypeError` for anything else.
    """
    name = ""
    if isinstance(source, os.PathLike) or (
        isinstance(source, str) and source.lstrip()[:1] not in ("<", "{", "[")
    ):
        path = Path(source)
        name = str(path)
        try:
            raw = path.read_bytes()
        except OSError as e:
            raise LogFormatError(f"cannot read it: {e.strerror or e}", source=name) from None
    elif isinstance(source, str):
        raw = source.encode("utf-8")
    elif isinstance(source, bytes | bytearray):
        raw = bytes(source)
    else:
        raise ArgumentTypeError(
            f"read_record reads a path, text or bytes, not a {type(source).__name__}"
        )
    if raw[:2] == b"\x1f\x8b":
        try:
            raw = gzip.decompress(raw)
        except (OSError, EOFError, zlib.error) as e:
            raise LogFormatError(f"bad gzip data: {e}", source=name or None) from None
    if _is_mjai(raw):
        return _mjai_record(raw, name, strict)
    from jantaku.logs.tenhou import read_game

    game = read_game(raw, strict=strict, ref=Path(name).name.split(".")[0] if name else None)
    kind: Literal["mjlog", "tenhou6"] = "mjlog" if raw.lstrip()[:1] == b"<" else "tenhou6"
    return Record(kind, tuple(game.events), game.rules, game, name)


def _is_mjai(raw: bytes) -> bool:
    """Whether the first line is an mjai event (a JSON object with a ``type``)."""
    import json

    first = raw.lstrip().split(b"\n", 1)[0]
    try:
        obj = json.loads(first)
    except (ValueError, UnicodeDecodeError):
        return False
    return isinstance(obj, dict) and "type" in obj and "log" not in obj


def _mjai_record(raw: bytes, name: str, strict: bool) -> Record:
    from jantaku.logs.mjai import MjaiReader

    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        raise LogFormatError("not UTF-8 text", source=name or None) from None
    game = MjaiReader(text.splitlines(), source=name or None).read_game(strict=strict)
    if game is None:
        raise LogFormatError("no game in the record", source=name or None)
    rules = game.rules()
    if rules is None:
        header = game.header
        players = header.players if header is not None else 4
        rules = Rules.preset("tenhou-sanma" if players == 3 else "tenhou")
    return Record("mjai", tuple(game.events), rules, game, name)


def replay(
    record: Record | str | bytes | os.PathLike[str] | Sequence[Event],
    rules: Rules | str | None = None,
) -> GameReplay:
    """Replay a record through the engine and check it against itself: a :class:`Record`,
    anything :func:`read_record` reads, or events (under ``rules``, by default
    ``tenhou``). A Tenhou record is checked against its results too.

    >>> from jantaku.engine import Referee
    >>> replay(Referee("tenhou", seed=1).log).status
    'ok'

    A divergence is a result, not an exception (see
    :class:`~jantaku.logs.replay.GameReplay`); reading raises as :func:`read_record`.
    """
    from jantaku.logs.replay import replay_events, replay_game
    from jantaku.logs.tenhou_records import TenhouGame

    if isinstance(record, list | tuple):
        return replay_events(record, rules if rules is not None else "tenhou")
    if isinstance(record, str | bytes | bytearray | os.PathLike):
        record = read_record(record)
    if not isinstance(record, Record):
        raise ArgumentTypeError(
            f"replay takes a Record, a path, text, bytes or events, not a {type(record).__name__}"
        )
    if isinstance(record.game, TenhouGame):
        return replay_game(record.game, file=record.name or None)
    return replay_events(
        record.events, rules if rules is not None else record.rules, file=record.name
    )
