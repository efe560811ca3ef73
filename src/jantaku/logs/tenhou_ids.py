"""Tenhou's codes: physical tile ids, tenhou.net/6 tile codes, yaku ids and limit names.

Physical tile ids 0–135 (``id // 4`` is the kind, ids 16, 52 and 88 are the red fives)
and tenhou.net/6 two-digit tile codes (11–19 man … 41–47 honors, 51–53 red fives) live
only inside the Tenhou modules of :mod:`jantaku.logs` (this one, :mod:`~jantaku.logs.mjlog`
and :mod:`~jantaku.logs.tenhou6`).

>>> tile_of_id(52), tile_of_id(53), tile_of_id(135)
(35, 13, 33)
>>> code_of_tile(34), tile_of_code(44)
(51, 30)
"""

from __future__ import annotations

from typing import Final

from jantaku.errors import LogFormatError
from jantaku.tiles import Tile

__all__ = ["YAKU", "code_of_tile", "tile_of_code", "tile_of_id"]

# --- tiles ------------------------------------------------------------------------------

_RED_IDS: Final = {16: 34, 52: 35, 88: 36}
_ID_TILE: Final[tuple[Tile, ...]] = tuple(_RED_IDS.get(i, i >> 2) for i in range(136))
_ID_TILE_PLAIN: Final[tuple[Tile, ...]] = tuple(i >> 2 for i in range(136))


def tile_of_id(tile_id: int, *, red: bool = True) -> Tile:
    """The jantaku tile of a physical Tenhou tile id 0–135 (16, 52, 88 are red when ``red``).

    >>> tile_of_id(16), tile_of_id(16, red=False), tile_of_id(17)
    (34, 4, 4)

    Raises :class:`~jantaku.errors.LogFormatError` for an id out of range.
    """
    if not 0 <= tile_id < 136:
        raise LogFormatError(f"tile id {tile_id} is not 0–135")
    return _ID_TILE[tile_id] if red else _ID_TILE_PLAIN[tile_id]


_CODE_OF: Final[tuple[int, ...]] = (
    *(10 * (k // 9 + 1) + k % 9 + 1 for k in range(27)),
    *(41 + k for k in range(7)),
    51,
    52,
    53,
)
_TILE_OF_CODE: Final[dict[int, Tile]] = {c: t for t, c in enumerate(_CODE_OF)}


def code_of_tile(tile: Tile) -> int:
    """The tenhou.net/6 code of a tile: 11–19 man, 21–29 pin, 31–39 sou, 41–47 honors, 51–53 red.

    >>> [code_of_tile(t) for t in (0, 13, 27, 33, 34)]
    [11, 25, 41, 47, 51]
    """
    return _CODE_OF[tile]


def tile_of_code(code: int) -> Tile:
    """The tile of a tenhou.net/6 code.

    >>> tile_of_code(53), tile_of_code(44)
    (36, 30)

    Raises :class:`~jantaku.errors.LogFormatError` for a code that is no tile.
    """
    try:
        return _TILE_OF_CODE[code]
    except (KeyError, TypeError):
        raise LogFormatError(f"not a tenhou.net/6 tile code: {code!r}") from None


# --- yaku -------------------------------------------------------------------------------

YAKU: Final[dict[int, tuple[str, str]]] = {
    0: ("menzen_tsumo", "門前清自摸和"),
    1: ("riichi", "立直"),
    2: ("ippatsu", "一発"),
    3: ("chankan", "槍槓"),
    4: ("rinshan", "嶺上開花"),
    5: ("haitei", "海底摸月"),
    6: ("houtei", "河底撈魚"),
    7: ("pinfu", "平和"),
    8: ("tanyao", "断幺九"),
    9: ("iipeikou", "一盃口"),
    10: ("seat_wind_ton", "自風 東"),
    11: ("seat_wind_nan", "自風 南"),
    12: ("seat_wind_shaa", "自風 西"),
    13: ("seat_wind_pei", "自風 北"),
    14: ("round_wind_ton", "場風 東"),
    15: ("round_wind_nan", "場風 南"),
    16: ("round_wind_shaa", "場風 西"),
    17: ("round_wind_pei", "場風 北"),
    18: ("haku", "役牌 白"),
    19: ("hatsu", "役牌 發"),
    20: ("chun", "役牌 中"),
    21: ("double_riichi", "両立直"),
    22: ("chiitoitsu", "七対子"),
    23: ("chanta", "混全帯幺九"),
    24: ("ittsu", "一気通貫"),
    25: ("sanshoku", "三色同順"),
    26: ("sanshoku_doukou", "三色同刻"),
    27: ("sankantsu", "三槓子"),
    28: ("toitoi", "対々和"),
    29: ("sanankou", "三暗刻"),
    30: ("shousangen", "小三元"),
    31: ("honroutou", "混老頭"),
    32: ("ryanpeikou", "二盃口"),
    33: ("junchan", "純全帯幺九"),
    34: ("honitsu", "混一色"),
    35: ("chinitsu", "清一色"),
    36: ("renhou", "人和"),
    37: ("tenhou", "天和"),
    38: ("chiihou", "地和"),
    39: ("daisangen", "大三元"),
    40: ("suuankou", "四暗刻"),
    41: ("suuankou_tanki", "四暗刻単騎"),
    42: ("tsuuiisou", "字一色"),
    43: ("ryuuiisou", "緑一色"),
    44: ("chinroutou", "清老頭"),
    45: ("chuuren", "九蓮宝燈"),
    46: ("junsei_chuuren", "純正九蓮宝燈"),
    47: ("kokushi", "国士無双"),
    48: ("kokushi_13", "国士無双１３面"),
    49: ("daisuushii", "大四喜"),
    50: ("shousuushii", "小四喜"),
    51: ("suukantsu", "四槓子"),
    52: ("dora", "ドラ"),
    53: ("ura", "裏ドラ"),
    54: ("aka", "赤ドラ"),
}
"""Tenhou's yaku ids (the ``yaku``/``yakuman`` attributes of ``AGARI``): the name jantaku
gives the yaku (the id of :mod:`jantaku.scoring`'s registry, and ``dora``, ``ura``, ``aka``
as the engine writes them in ``hora``) and the kanji Tenhou writes."""

_YAKU_BY_KANJI: Final = {kanji: i for i, (_, kanji) in YAKU.items()}
_YAKU_BY_NAME: Final = {name: i for i, (name, _) in YAKU.items()}
_YAKUMAN_HAN: Final = 13
_LIMIT_NAMES: Final = ("", "満貫", "跳満", "倍満", "三倍満", "役満")
_LIMIT_BASIC: Final = (0, 2000, 3000, 4000, 6000, 8000)

_BAKAZE: Final = (27, 28, 29, 30)
