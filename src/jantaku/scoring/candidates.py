"""What both scoring paths produce: a win's candidates, their codes and their fu (S2).

A *candidate* is one way to read a win: a reading of the concealed tiles (H6) with
the wait it gives the winning tile, its yaku, han, yakuman multiple and fu. The
reference path (the yaku registry, :mod:`jantaku.scoring.score`) and its optimised
twin (:mod:`jantaku.scoring.fast`) both give a hand's candidates in the layout
defined here, with the same codes for forms, waits, melds and yaku results and the
same itemised fu (:func:`itemised_fu`), so ``tests/test_scoring_fast.py`` can compare
them field by field.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from jantaku.hand.decompose import Form, Reading
from jantaku.hand.waits import WaitShape
from jantaku.meld import MeldKind
from jantaku.rules import Rules
from jantaku.scoring.situation import WinSituation
from jantaku.scoring.yaku import Context, Yaku
from jantaku.tiles import HAKU, KIND_OF, YAOCHUU, format_tiles

# what the two scoring paths (score.py, fast.py) share; the package's user API is
# jantaku.scoring.__all__
__all__ = [
    "ANKAN_CODE",
    "ANKAN_ITEM",
    "BASE_ITEM",
    "CHII_CODE",
    "CLOSED_RON_ITEM",
    "CLOSED_TRIPLET_ITEM",
    "FORMS",
    "FORM_CODE",
    "KANCHAN_CODE",
    "MELD_CODE_OF",
    "OPEN_KAN_CODE",
    "OPEN_KAN_ITEM",
    "OPEN_PINFU_ITEM",
    "PAIR_ITEMS",
    "PENCHAN_CODE",
    "PINFU_TSUMO_FU",
    "PON_CODE",
    "PON_ITEM",
    "REGULAR",
    "REGULAR_CODE",
    "RON_TRIPLET_ITEM",
    "ROUNDED",
    "RYANMEN_CODE",
    "SEVEN_PAIRS_CODE",
    "SEVEN_PAIRS_FU",
    "SHANPON_CODE",
    "STRIDE",
    "TANKI_CODE",
    "TSUMO_ITEM",
    "TUPLE_NEW",
    "WAIT_CODE",
    "WAIT_ITEM_OF_CODE",
    "WAIT_SHAPES",
    "YAKU_HAN_LIST",
    "Candidate",
    "FuItems",
    "Melds",
    "YakuHan",
    "fu_in_context",
    "itemised_fu",
    "melds_of",
    "reading_waits",
    "yaku_code",
    "yaku_codes",
    "yaku_han",
    "yakuman_han",
]

_YAOCHUU: Final = frozenset(YAOCHUU)


@dataclass(frozen=True, slots=True)
class YakuHan:
    """One yaku of a result with the han it scored (or its yakuman multiple)."""

    id: str
    romaji: str
    kanji: str
    han: int
    yakuman: int = 0

    def __reduce__(self) -> tuple[type[YakuHan], tuple[object, ...]]:
        """Pickled and copied as its fields (a compiled class has no other way)."""
        return (YakuHan, (self.id, self.romaji, self.kanji, self.han, self.yakuman))


#: ``tuple.__new__``, to make a candidate without calling ``tuple``
TUPLE_NEW: Final = tuple.__new__
#: :attr:`Form.REGULAR`, as a global for the hot loops
REGULAR: Final = Form.REGULAR


#: a candidate's itemised fu: (item, fu) pairs, shared constants
FuItems = tuple[tuple[str, int], ...]
#: one candidate (the fields below), the layout both scoring paths give
Candidate = tuple[bytes, int, int, int, int, int, tuple[int, ...], tuple[int, ...], int, FuItems]
# the codes of its yaku, yaku han (ordinary), yakuman multiple, fu, then the reading
# (form code, pair, runs, triplets), the wait code and its fu items. A candidate holds
# only ints, bytes, tuples of ints and shared constant fu items (tuples of a str and
# an int), and the cache holds a hand's candidates as one flat tuple of them
# (:data:`STRIDE` fields each) under a key of bytes and ints, so the collector stops
# tracking a cached entry the first time it sees it: a cache holding objects it
# tracks (the yaku results, readings) makes full collections run while scoring fills
# it.
# :func:`jantaku.scoring.fast._decode` gives a candidate's objects.
#: the number of fields of a candidate
STRIDE: Final = 10

#: the forms of a reading, by their codes
FORMS: Final = tuple(Form)
#: the code of each form
FORM_CODE: Final = {f: i for i, f in enumerate(FORMS)}
#: the code of a regular reading (four sets and a pair)
REGULAR_CODE: Final = FORM_CODE[Form.REGULAR]
#: the code of a seven pairs reading
SEVEN_PAIRS_CODE: Final = FORM_CODE[Form.SEVEN_PAIRS]
#: the wait shapes a reading gives the winning tile, by their codes (a seven pairs' wait
#: is a plain tanki here; nine gates' nine-sided wait is a set of run and pair waits)
WAIT_SHAPES: Final = (
    WaitShape.RYANMEN,
    WaitShape.KANCHAN,
    WaitShape.PENCHAN,
    WaitShape.TANKI,
    WaitShape.SHANPON,
    WaitShape.KOKUSHI_SINGLE,
    WaitShape.KOKUSHI_13,
)
#: the code of each wait shape
WAIT_CODE: Final = {w: i for i, w in enumerate(WAIT_SHAPES)}
#: the codes of the five ordinary wait shapes
RYANMEN_CODE, KANCHAN_CODE, PENCHAN_CODE, TANKI_CODE, SHANPON_CODE = (
    WAIT_CODE[w]
    for w in (
        WaitShape.RYANMEN,
        WaitShape.KANCHAN,
        WaitShape.PENCHAN,
        WaitShape.TANKI,
        WaitShape.SHANPON,
    )
)


def reading_waits(reading: Reading, w: int) -> list[WaitShape]:
    """The wait shapes a reading gives the winning kind ``w``, each once, in a fixed order."""
    if reading.form is Form.KOKUSHI:
        return [WaitShape.KOKUSHI_13 if reading.pair == w else WaitShape.KOKUSHI_SINGLE]
    if reading.form is Form.SEVEN_PAIRS:
        return [WaitShape.TANKI]
    out: list[WaitShape] = []
    if reading.pair == w:
        out.append(WaitShape.TANKI)
    if w in reading.triplets:
        out.append(WaitShape.SHANPON)
    for r in set(reading.runs):
        if w == r + 1:
            out.append(WaitShape.KANCHAN)
        elif w == r:
            out.append(WaitShape.PENCHAN if r % 9 == 6 else WaitShape.RYANMEN)
        elif w == r + 2:
            out.append(WaitShape.PENCHAN if r % 9 == 0 else WaitShape.RYANMEN)
    return list(dict.fromkeys(out))


#: the meld codes a :data:`Melds` byte holds above its lowest kind (scoring tells an
#: open kan's kinds apart nowhere)
CHII_CODE, PON_CODE, OPEN_KAN_CODE, ANKAN_CODE = range(4)
_MELD_CODE: Final = {
    MeldKind.CHII: CHII_CODE,
    MeldKind.PON: PON_CODE,
    MeldKind.DAIMINKAN: OPEN_KAN_CODE,
    MeldKind.KAKAN: OPEN_KAN_CODE,
    MeldKind.ANKAN: ANKAN_CODE,
}
#: the meld code of each MeldKind value
MELD_CODE_OF: Final = {kind._value_: code for kind, code in _MELD_CODE.items()}
_NAMES3: Final = tuple(format_tiles([k] * 3) for k in range(34))
_NAMES4: Final = tuple(format_tiles([k] * 4) for k in range(34))
_NAMES2: Final = tuple(format_tiles([k] * 2) for k in range(34))
_CLOSED_WAITS: Final = frozenset((WaitShape.KANCHAN, WaitShape.PENCHAN, WaitShape.TANKI))
_WAIT_ITEM: Final = {w: (f"{w.value} wait", 2) for w in _CLOSED_WAITS}

#: a situation's melds: a byte a meld, its code << 6 | the kind of its lowest tile
Melds = bytes


def melds_of(s: WinSituation) -> Melds:
    """The melds of a situation as :data:`Melds`."""
    return bytes([MELD_CODE_OF[m.kind._value_] << 6 | KIND_OF[m.tiles[0]] for m in s.melds])


def fu_in_context(
    ctx: Context,
    reading: Reading,
    melds: Melds,
    pinfu: bool,
) -> tuple[tuple[tuple[str, int], ...], int]:
    """:func:`itemised_fu` with the fields of a registry context."""
    return itemised_fu(
        reading,
        melds,
        pinfu,
        tsumo=ctx.tsumo,
        closed=ctx.closed,
        win_kind=ctx.win_kind,
        wait=ctx.wait,
        seat_wind=ctx.seat_wind,
        round_wind=ctx.round_wind,
        rules=ctx.rules,
    )


def itemised_fu(
    reading: Reading,
    melds: Melds,
    pinfu: bool,
    tsumo: bool,
    closed: bool,
    win_kind: int,
    wait: WaitShape,
    seat_wind: int,
    round_wind: int,
    rules: Rules,
) -> tuple[tuple[tuple[str, int], ...], int]:
    """The itemised fu of one reading and wait (S2), and the fu rounded up."""
    if reading.form is Form.SEVEN_PAIRS:
        return SEVEN_PAIRS_FU, 25
    items: list[tuple[str, int]] = [BASE_ITEM]
    raw = 20
    if closed and not tsumo:
        items.append(CLOSED_RON_ITEM)
        raw += 10
    if tsumo and not pinfu:
        items.append(TSUMO_ITEM)
        raw += 2
    if reading.form is Form.REGULAR:
        ron_triplet = win_kind if not tsumo and wait is WaitShape.SHANPON else -1
        for k in reading.triplets:
            if k == ron_triplet:
                ron_triplet = -1
                item = RON_TRIPLET_ITEM[k]
            else:
                item = CLOSED_TRIPLET_ITEM[k]
            items.append(item)
            raw += item[1]
        for m in melds:
            code = m >> 6
            if code == CHII_CODE:
                continue
            k = m & 63
            if code == PON_CODE:
                item = PON_ITEM[k]
            elif code == ANKAN_CODE:
                item = ANKAN_ITEM[k]
            else:
                item = OPEN_KAN_ITEM[k]
            items.append(item)
            raw += item[1]
        p = reading.pair
        pair_fu = 0
        if p >= HAKU:
            pair_fu = 2
        elif p == seat_wind and p == round_wind:
            pair_fu = rules.double_wind_pair_fu
        elif p in (seat_wind, round_wind):
            pair_fu = 2
        if pair_fu:
            items.append(PAIR_ITEMS.get((p, pair_fu)) or (_NAMES_PAIR[p], pair_fu))
            raw += pair_fu
        if wait is not WaitShape.RYANMEN and wait is not WaitShape.SHANPON:
            items.append(_WAIT_ITEM[wait])
            raw += 2
    if pinfu and tsumo:
        return tuple(items), 20
    if raw == 20 and not closed:
        items.append(OPEN_PINFU_ITEM)
        raw = 30
    fu = -(-raw // 10) * 10
    if fu != raw:
        items.append(_ROUNDING_ITEMS[fu - raw])
    return tuple(items), fu


#: the fu items of seven pairs (25 fu, not rounded)
SEVEN_PAIRS_FU: Final = (("chiitoitsu", 25),)
#: the fu item every other hand starts with
BASE_ITEM: Final = ("base", 20)
#: the fu item of a closed hand's ron
CLOSED_RON_ITEM: Final = ("closed ron", 10)
#: the fu item of a tsumo (not pinfu)
TSUMO_ITEM: Final = ("tsumo", 2)
#: the fu item that brings an open hand of 20 fu to 30
OPEN_PINFU_ITEM: Final = ("open pinfu shape", 10)


def _set_items(
    name: str, names: tuple[str, ...], simple: int, suffix: str = ""
) -> tuple[tuple[str, int], ...]:
    return tuple(
        (f"{name} {names[k]}{suffix}", simple * 2 if k in _YAOCHUU else simple) for k in range(34)
    )


#: the fu item of a concealed triplet completed by ron, by its kind
RON_TRIPLET_ITEM: Final = _set_items("open triplet", _NAMES3, 2, " (ron)")
#: the fu item of a concealed triplet, by its kind
CLOSED_TRIPLET_ITEM: Final = _set_items("closed triplet", _NAMES3, 4)
#: the fu item of a pon, by its kind
PON_ITEM: Final = _set_items("open triplet", _NAMES3, 2)
#: the fu item of a closed kan, by its kind
ANKAN_ITEM: Final = _set_items("closed kan", _NAMES4, 16)
#: the fu item of an open kan, by its kind
OPEN_KAN_ITEM: Final = _set_items("open kan", _NAMES4, 8)
_NAMES_PAIR: Final = tuple(f"pair {n}" for n in _NAMES2)
#: the fu item of an honor pair by (kind, fu): shared items, so a cached tuple of
#: items holds no new tuples
PAIR_ITEMS: Final = {(k, fu): (_NAMES_PAIR[k], fu) for k in range(27, 34) for fu in (2, 4)}
_ROUNDING_ITEMS: Final = tuple(("rounding", n) for n in range(10))
#: fu rounded up to ten, and the item of the rounding (None for none), by fu before it
ROUNDED: Final = tuple(
    (-(-raw // 10) * 10, _ROUNDING_ITEMS[-raw % 10] if raw % 10 else None) for raw in range(256)
)
#: the fu items of a pinfu tsumo (20 fu)
PINFU_TSUMO_FU: Final[FuItems] = (BASE_ITEM,)
#: the fu item of a closed wait (kanchan, penchan, tanki) by its wait code
WAIT_ITEM_OF_CODE: Final = {WAIT_CODE[w]: item for w, item in _WAIT_ITEM.items()}


# Every YakuHan made, by its value (id, han, yakuman) and by its code (its place in
# the list): at most 256, as a candidate keeps its yaku codes in bytes.
_YAKU_HAN: dict[tuple[str, int, int], YakuHan] = {}
#: every YakuHan made, by its code
YAKU_HAN_LIST: list[YakuHan] = []
_YAKU_HAN_CODE: dict[tuple[str, int, int], int] = {}


def yaku_han(y: Yaku, han: int, yakuman: int = 0) -> YakuHan:
    """The (shared, immutable) YakuHan of a yaku scored ``han``."""
    key = (y.id, han, yakuman)
    found = _YAKU_HAN.get(key)
    if found is None:
        found = _YAKU_HAN[key] = YakuHan(y.id, y.romaji, y.kanji, han, yakuman)
        if len(YAKU_HAN_LIST) > 255:  # a candidate keeps its yaku codes in bytes
            raise RuntimeError("more than 256 distinct yaku results")
        _YAKU_HAN_CODE[key] = len(YAKU_HAN_LIST)
        YAKU_HAN_LIST.append(found)
    return found


def yaku_code(y: YakuHan) -> int:
    """The code of a YakuHan made by :func:`yaku_han`."""
    return _YAKU_HAN_CODE[y.id, y.han, y.yakuman]


def yaku_codes(yaku: Iterable[YakuHan]) -> bytes:
    """The codes of YakuHans made by :func:`yaku_han`, as a candidate keeps them."""
    return bytes(_YAKU_HAN_CODE[y.id, y.han, y.yakuman] for y in yaku)


def _items_of(items: FuItems) -> FuItems:
    """The fu items a candidate carries: a tuple of shared constant items, which
    the collector untracks like ints and bytes."""
    return items


def yakuman_han(y: Yaku, rules: Rules) -> YakuHan:
    """The YakuHan of a yakuman: 13 han a multiple (one under rules without doubles)."""
    m = y.yakuman if rules.double_yakuman else 1
    return yaku_han(y, 13 * m, m)
