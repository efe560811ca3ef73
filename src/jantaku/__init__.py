"""jantaku (雀卓, "the mahjong table"): Japanese riichi mahjong in Python.

A pure, typed core — tiles → hand analysis → scoring → engine — with thin layers
on top: logs, agents, the command line. Any game record reads with
:func:`jantaku.read_record` and replays with :func:`jantaku.replay`.

>>> from jantaku.tiles import parse_tiles, format_unicode
>>> format_unicode(parse_tiles("123m"))
'🀇🀈🀉'
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from jantaku.logs.record import Record, read_record, replay

__version__ = "0.1.0"
__all__ = ["Record", "__version__", "read_record", "replay"]


def __getattr__(name: str) -> object:
    """:func:`read_record`, :func:`replay` and :class:`Record` (:mod:`jantaku.logs.record`),
    imported on first use: ``import jantaku`` loads nothing else."""
    if name in ("Record", "read_record", "replay"):
        from jantaku.logs import record

        return getattr(record, name)
    raise AttributeError(f"module 'jantaku' has no attribute {name!r}")
