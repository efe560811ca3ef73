"""Tenhou's codes: physical tile ids, tenhou.net/6 tile codes, yaku ids and limit names.

Physical tile ids 0–135 (``id // 4`` is the kind, ids 16, 52 and 88 are the red fives)
and tenhou.net/6 two-digit tile codes (11–19 man … 41–47 honors, 51–53 red fives) live
only inside the Tenhou modules of :mod:`jantaku.logs` (this one, :mod:`~jantaku.logs.mjlog`,
:mod:`~jantaku.logs.tenhou6` and :mod:`~jantaku.logs.tenhou_wall`).

>>> tile_of_id(52), tile_of_id(53), tile_of_id(135)
(35, 13, 33)
>>> code_of_tile(34), tile_of_code(44)
(51, 30)
"""

from __future__ import annotations

from typing import Final

from jantaku.errors import LogFormatError
from jantaku.scoring.yaku import TENHOU_NAMES
from jantaku.tiles import Tile

__all__ = [
    "BAKAZE",
    "CODE_OF",
    "ID_TILE",
    "ID_TILE_PLAIN",
    "LIMIT_BASIC",
    "LIMIT_NAMES",
    "TILE_OF_CODE",
    "YAKU",
    "YAKUMAN_HAN",
    "YAKU_BY_KANJI",
    "YAKU_BY_NAME",
    "code_of_tile",
    "tile_of_code",
    "tile_of_id",
]

# --- tiles ------------------------------------------------------------------------------

_RED_IDS: Final = {16: 34, 52: 35, 88: 36}
ID_TILE: Final[tuple[Tile, ...]] = tuple(_RED_IDS.get(i, i >> 2) for i in range(136))
"""The tile of each physical id 0–135, red fives in play (ids 16, 52, 88)."""
ID_TILE_PLAIN: Final[tuple[Tile, ...]] = tuple(i >> 2 for i in range(136))
"""The tile of each physical id 0–135 without red fives."""


def tile_of_id(tile_id: int, *, red: bool = True) -> Tile:
    """The jantaku tile of a physical Tenhou tile id 0–135 (16, 52, 88 are red when ``red``).

    >>> tile_of_id(16), tile_of_id(16, red=False), tile_of_id(17)
    (34, 4, 4)

    Raises :class:`~jantaku.errors.LogFormatError` for an id out of range.
    """
    if not 0 <= tile_id < 136:
        raise LogFormatError(f"tile id {tile_id} is not 0–135")
    return ID_TILE[tile_id] if red else ID_TILE_PLAIN[tile_id]


CODE_OF: Final[tuple[int, ...]] = (
    *(10 * (k // 9 + 1) + k % 9 + 1 for k in range(27)),
    *(41 + k for k in range(7)),
    51,
    52,
    53,
)
"""The tenhou.net/6 code of each tile (:func:`code_of_tile`)."""
TILE_OF_CODE: Final[dict[int, Tile]] = {c: t for t, c in enumerate(CODE_OF)}
"""The tile of each tenhou.net/6 code (:func:`tile_of_code`)."""


def code_of_tile(tile: Tile) -> int:
    """The tenhou.net/6 code of a tile: 11–19 man, 21–29 pin, 31–39 sou, 41–47 honors, 51–53 red.

    >>> [code_of_tile(t) for t in (0, 13, 27, 33, 34)]
    [11, 25, 41, 47, 51]
    """
    return CODE_OF[tile]


def tile_of_code(code: int) -> Tile:
    """The tile of a tenhou.net/6 code.

    >>> tile_of_code(53), tile_of_code(44)
    (36, 30)

    Raises :class:`~jantaku.errors.LogFormatError` for a code that is no tile.
    """
    try:
        return TILE_OF_CODE[code]
    except (KeyError, TypeError):
        raise LogFormatError(f"not a tenhou.net/6 tile code: {code!r}") from None


# --- yaku -------------------------------------------------------------------------------

YAKU: Final[dict[int, tuple[str, str]]] = TENHOU_NAMES
"""Tenhou's yaku ids (the ``yaku``/``yakuman`` attributes of ``AGARI``): the name jantaku
gives the yaku (the id of :mod:`jantaku.scoring`'s registry, and ``dora``, ``ura``, ``aka``
as the engine writes them in ``hora``) and the kanji Tenhou writes — the yaku registry's
:data:`~jantaku.scoring.yaku.TENHOU_NAMES`, where each yaku's Tenhou id and name live."""

YAKU_BY_KANJI: Final = {kanji: i for i, (_, kanji) in YAKU.items()}
"""Tenhou's yaku id of each kanji it writes."""
YAKU_BY_NAME: Final = {name: i for i, (name, _) in YAKU.items()}
"""Tenhou's yaku id of each jantaku name."""
YAKUMAN_HAN: Final = 13
"""The han Tenhou writes for each yakuman."""
LIMIT_NAMES: Final = ("", "満貫", "跳満", "倍満", "三倍満", "役満")
"""Tenhou's limit names, by the ``limit`` of a :class:`~jantaku.logs.tenhou_records.TenhouWin`."""
LIMIT_BASIC: Final = (0, 2000, 3000, 4000, 6000, 8000)
"""The basic points of each limit."""

BAKAZE: Final = (27, 28, 29, 30)
"""The round wind's tile by Tenhou's round index ``// 4`` (east, south, west, north)."""
