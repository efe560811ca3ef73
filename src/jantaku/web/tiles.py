"""Plain tile faces drawn from a tile's name, for any face the page has no picture for.

The page shows ``/static/tiles/CODE.svg``; where the shipped picture is missing, the
server answers with :func:`placeholder_svg`: the tile's number and suit in kanji on the
same 60×80 face, so a table is always readable without a font for the Unicode
mahjong block.

>>> placeholder_svg("5z").startswith("<svg")
True
>>> placeholder_svg("x9") is None
True
"""

from __future__ import annotations

import re
from typing import Final

__all__ = ["placeholder_svg"]

_NUMERALS: Final = "〇一二三四五六七八九"
_SUIT: Final = {"m": ("萬", "#b3261e"), "p": ("筒", "#1b5fa8"), "s": ("索", "#1d7a3a")}
_HONORS: Final = {
    "1": ("東", "#222"),
    "2": ("南", "#222"),
    "3": ("西", "#222"),
    "4": ("北", "#222"),
    "5": ("", "#1b5fa8"),
    "6": ("發", "#1d7a3a"),
    "7": ("中", "#b3261e"),
}
_NAME: Final = re.compile(r"^(?:[0-9][mps]|[1-7]z|back)$")


def placeholder_svg(code: str) -> str | None:
    """A 60×80 SVG face for a tile code (``1m`` … ``7z``, ``0m`` a red five, ``back``),
    or ``None`` for a name that is not a tile."""
    if not _NAME.match(code):
        return None
    head = '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 60 80" width="60" height="80">'
    if code == "back":
        return head + '<rect width="60" height="80" rx="4" fill="#e08a1e"/></svg>'
    digit, suit = code[0], code[1]
    font = "font-family='serif' font-weight='bold' text-anchor='middle'"
    if suit == "z":
        glyph, color = _HONORS[digit]
        if digit == "5":  # haku: an empty frame
            body = '<rect x="12" y="14" width="36" height="52" rx="3" fill="none" '
            body += f'stroke="{color}" stroke-width="3"/>'
        else:
            body = f"<text x='30' y='55' font-size='40' {font} fill='{color}'>{glyph}</text>"
        return f"{head}{body}</svg>"
    kanji, color = _SUIT[suit]
    red = digit == "0"
    number = _NUMERALS[5 if red else int(digit)]
    top = "#c62828" if red else "#222"
    body = (
        f"<text x='30' y='36' font-size='30' {font} fill='{top}'>{number}</text>"
        f"<text x='30' y='70' font-size='28' {font} fill='{color}'>{kanji}</text>"
    )
    if red:
        body += '<circle cx="50" cy="10" r="5" fill="#c62828"/>'
    return f"{head}{body}</svg>"
