"""jantaku (雀卓, "the mahjong table"): Japanese riichi mahjong in Python.

A pure, typed core — tiles → hand analysis → scoring → engine — with thin layers
on top: logs, agents, the command line.

>>> from jantaku.tiles import parse_tiles, format_unicode
>>> format_unicode(parse_tiles("123m"))
'🀇🀈🀉'
"""

from __future__ import annotations

__version__ = "0.1.0"
__all__ = ["__version__"]
