"""Tenhou game records: mjlog XML and tenhou.net/6 JSON in, tenhou.net/6 JSON out.

A record is read into a :class:`TenhouGame`: the game as jantaku events (mjai-shaped
values of :mod:`jantaku.events`, from ``start_game`` — with the rules the game was played
under — to ``end_game``, or to the last round of a game cut short), the lobby flags,
and what the record *claims* about each result —
every win's yaku, han, fu and payments (:class:`TenhouWin`), every draw's payments
(:class:`TenhouDraw`) and the final scores (``owari``) — so that a replay can check
the engine against it.

Physical tile ids 0–135 (``id // 4`` is the kind, ids 16, 52 and 88 are the red fives)
and tenhou.net/6 two-digit tile codes (11–19 man … 41–47 honors, 51–53 red fives) live
only inside the Tenhou modules.

Formats (see the corpus notes in ``FORMATS.md``), each in a module of its own whose
public names this one re-exports:

- mjlog XML, plain or gzip-compressed: :func:`read_xml` (:mod:`jantaku.logs.mjlog`);
- tenhou.net/6 JSON, a whole game in one object or one round per JSON line
  (``*.tenhou6.jsonl``): :func:`read_tenhou6` (:mod:`jantaku.logs.tenhou6`);
- :func:`read_game` (here) reads any of them, detecting the format by content;
- :func:`to_tenhou6` writes the tenhou.net/6 object of a game, for Tenhou's viewer
  (:mod:`jantaku.logs.tenhou6`);
- the records (:class:`TenhouGame` and its parts) are :mod:`jantaku.logs.tenhou_records`,
  the tile ids, codes and yaku ids :mod:`jantaku.logs.tenhou_ids`.

Readers are lenient by default: oddities that do not stop the reading (an unknown
element, a game without its final ``owari``) are collected in
:attr:`TenhouGame.errors`; with ``strict=True`` the first one raises. Malformed input
always raises :class:`~jantaku.errors.LogFormatError` naming the element (XML, 1-based)
or the round and line (JSON).

>>> decode_meld(42059, who=0).kind
'pon'
>>> tile_of_id(52), tile_of_id(53), tile_of_id(135)
(35, 13, 33)
"""

from __future__ import annotations

import gzip
import zlib
from pathlib import Path
from typing import IO

from jantaku.errors import ArgumentTypeError, LogFormatError
from jantaku.logs.mjlog import TenhouMeld, decode_meld, read_xml
from jantaku.logs.tenhou6 import read_tenhou6, to_tenhou6
from jantaku.logs.tenhou_ids import YAKU, code_of_tile, tile_of_code, tile_of_id
from jantaku.logs.tenhou_records import (
    Disconnection,
    TenhouDraw,
    TenhouGame,
    TenhouLobby,
    TenhouResult,
    TenhouWin,
)

__all__ = [
    "YAKU",
    "Disconnection",
    "TenhouDraw",
    "TenhouGame",
    "TenhouLobby",
    "TenhouMeld",
    "TenhouResult",
    "TenhouWin",
    "code_of_tile",
    "decode_meld",
    "read_game",
    "read_tenhou6",
    "read_xml",
    "tile_of_code",
    "tile_of_id",
    "to_tenhou6",
]


def read_game(
    source: str | bytes | Path | IO[bytes], *, strict: bool = False, ref: str | None = None
) -> TenhouGame:
    """Read one game from a file, path or bytes in any Tenhou format, detected by content.

    mjlog XML (plain or gzip) and tenhou.net/6 JSON (one object, or one round per line)
    are recognised; ``ref`` defaults to the file name without its extensions.

    >>> read_game(b'{"log": []}').rounds
    0

    Raises :class:`~jantaku.errors.LogFormatError` for unreadable or malformed input.
    """
    if isinstance(source, Path | str) and not (
        isinstance(source, str) and source.lstrip()[:1] in ("<", "{", "[")
    ):
        path = Path(source)
        try:
            raw = path.read_bytes()
        except OSError as e:
            raise LogFormatError(f"cannot read {path}: {e.strerror}", source=str(path)) from None
        if ref is None:
            ref = path.name.split(".")[0]
    elif isinstance(source, str):
        raw = source.encode("utf-8")
    elif isinstance(source, bytes | bytearray):
        raw = bytes(source)
    elif callable(getattr(source, "read", None)):
        raw = source.read()
        if not isinstance(raw, bytes):
            raise ArgumentTypeError("read_game reads a stream opened in binary mode ('rb')")
    else:
        raise ArgumentTypeError(
            f"read_game reads a path, text, bytes or a binary stream, not a {type(source).__name__}"
        )
    if raw[:2] == b"\x1f\x8b":
        try:
            raw = gzip.decompress(raw)
        except (OSError, EOFError, zlib.error) as e:
            raise LogFormatError(f"bad gzip data: {e}") from None
    head = raw.lstrip()[:1]
    if head == b"<":
        return read_xml(raw, strict=strict, ref=ref or "")
    if head in (b"{", b"["):
        return read_tenhou6(raw, strict=strict, ref=ref or "")
    raise LogFormatError("not a Tenhou record (neither mjlog XML nor tenhou.net/6 JSON)")
