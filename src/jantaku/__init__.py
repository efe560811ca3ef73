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

from jantaku import _loader

_loader.choose()  # the compiled core, or its sources (JANTAKU_PURE_PYTHON=1)

if TYPE_CHECKING:
    from jantaku.logs.record import Record, read_record, replay

__version__ = "0.1.0"
__all__ = ["Record", "__version__", "build", "read_record", "replay"]


def build() -> str:
    """Which build of the core runs: ``compiled (mypyc, N modules)``, or ``pure Python``
    and why (not compiled, ``JANTAKU_PURE_PYTHON`` set, or a source changed since the
    build).

    >>> build().startswith(("compiled", "pure Python"))
    True
    """
    return _loader.build()


def __getattr__(name: str) -> object:
    """:func:`read_record`, :func:`replay` and :class:`Record` (:mod:`jantaku.logs.record`),
    imported on first use: ``import jantaku`` loads nothing else."""
    if name in ("Record", "read_record", "replay"):
        from jantaku.logs import record

        return getattr(record, name)
    raise AttributeError(f"module 'jantaku' has no attribute {name!r}")
