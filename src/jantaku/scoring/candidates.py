"""What both scoring paths produce: a win's candidates, their codes and their fu (S2).

A *candidate* is one way to read a win: a reading of the concealed tiles (H6) with
the wait it gives the winning tile, its yaku, han, yakuman multiple and fu. The
reference path (the yaku registry, :mod:`jantaku.scoring.score`) and its optimised
twin (:mod:`jantaku.scoring.fast`) both give a hand's candidates in the layout
defined here, with the same codes for forms, waits, melds and yaku results and the
same itemised fu (:func:`_fu_items`), so ``tests/test_scoring_fast.py`` can compare
them field by field.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Final

from jantaku.hand.decompose import Form, Reading
from jantaku.hand.waits import WaitShape
from jantaku.meld import MeldKind
from jantaku.rules import Rules
from jantaku.scoring.situation import WinSituation
from jantaku.scoring.yaku import Context, Yaku
from jantaku.tiles import HAKU, KIND_OF, YAOCHUU, format_tiles

__all__ = ["YakuHan"]

_YAOCHUU: Final = frozenset(YAOCHUU)


@dataclass(frozen=True, slots=True)
class YakuHan:
    """One yaku of a result with the han it scored (or its yakuman multiple)."""

    id: str
    romaji: str
    kanji: str
    han: int
    yakuman: int = 0


def _slot_setters(cls: Any, names: str) -> tuple[Any, ...]:
    """The setters of the named slots of a slotted class, checked to be all of them."""
    slots = names.split()
    if sorted(slots) != sorted(cls.__slots__):
        raise RuntimeError(f"{cls.__name__} slots changed")
    return tuple(cls.__dict__[name].__set__ for name in slots)


_TUPLE_NEW: Final = tuple.__new__
_NEW: Final = object.__new__
_SET_FORM, _SET_PAIR, _SET_RUNS, _SET_TRIPLETS = _slot_setters(Reading, "form pair runs triplets")
_REGULAR: Final = Form.REGULAR


def _new_reading(
    form: Form, pair: int, runs: tuple[int, ...], triplets: tuple[int, ...]
) -> Reading:
    """``Reading(form, pair, runs, triplets)``, its slots filled directly."""
    r = _NEW(Reading)
    _SET_FORM(r, form)
    _SET_PAIR(r, pair)
    _SET_RUNS(r, runs)
    _SET_TRIPLETS(r, triplets)
    return r


_FuItems = tuple[tuple[str, int], ...]
_Candidate = tuple[bytes, int, int, int, int, int, tuple[int, ...], tuple[int, ...], int, _FuItems]
# the codes of its yaku, yaku han (ordinary), yakuman multiple, fu, then the reading
# (form code, pair, runs, triplets), the wait code and its fu items. A candidate holds
# only ints, bytes, tuples of ints and shared constant fu items (tuples of a str and
# an int), and the cache holds a hand's candidates as one flat tuple of them
# (:data:`_STRIDE` fields each) under a key of bytes and ints, so the collector stops
# tracking a cached entry the first time it sees it: a cache holding objects it
# tracks (the yaku results, readings) makes full collections run while scoring fills
# it.
# :func:`jantaku.scoring.fast._decode` gives a candidate's objects.
_STRIDE: Final = 10

_FORMS: Final = tuple(Form)
_FORM_CODE: Final = {f: i for i, f in enumerate(_FORMS)}
_REGULAR_CODE: Final = _FORM_CODE[Form.REGULAR]
_SEVEN_PAIRS_CODE: Final = _FORM_CODE[Form.SEVEN_PAIRS]
# the wait shapes a reading gives the winning tile, by their codes (a seven pairs' wait
# is a plain tanki here; nine gates' nine-sided wait is a set of run and pair waits)
_WAITS: Final = (
    WaitShape.RYANMEN,
    WaitShape.KANCHAN,
    WaitShape.PENCHAN,
    WaitShape.TANKI,
    WaitShape.SHANPON,
    WaitShape.KOKUSHI_SINGLE,
    WaitShape.KOKUSHI_13,
)
_WAIT_CODE: Final = {w: i for i, w in enumerate(_WAITS)}
_RYANMEN, _KANCHAN, _PENCHAN, _TANKI, _SHANPON = (
    _WAIT_CODE[w]
    for w in (
        WaitShape.RYANMEN,
        WaitShape.KANCHAN,
        WaitShape.PENCHAN,
        WaitShape.TANKI,
        WaitShape.SHANPON,
    )
)


def _waits(reading: Reading, w: int) -> list[WaitShape]:
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


_CHII, _PON, _OPEN_KAN, _ANKAN = range(4)  # scoring tells an open kan's kinds apart nowhere
_MELD_CODE: Final = {
    MeldKind.CHII: _CHII,
    MeldKind.PON: _PON,
    MeldKind.DAIMINKAN: _OPEN_KAN,
    MeldKind.KAKAN: _OPEN_KAN,
    MeldKind.ANKAN: _ANKAN,
}
_MELD_CODE_OF: Final = {kind._value_: code for kind, code in _MELD_CODE.items()}
_NAMES3: Final = tuple(format_tiles([k] * 3) for k in range(34))
_NAMES4: Final = tuple(format_tiles([k] * 4) for k in range(34))
_NAMES2: Final = tuple(format_tiles([k] * 2) for k in range(34))
_CLOSED_WAITS: Final = frozenset((WaitShape.KANCHAN, WaitShape.PENCHAN, WaitShape.TANKI))
_WAIT_ITEM: Final = {w: (f"{w.value} wait", 2) for w in _CLOSED_WAITS}

_Melds = bytes  # a byte a meld: its code << 6 | the kind of its lowest tile


def _melds(s: WinSituation) -> _Melds:
    """The melds of a situation as :data:`_Melds`."""
    return bytes([_MELD_CODE_OF[m.kind._value_] << 6 | KIND_OF[m.tiles[0]] for m in s.melds])


def _fu(
    ctx: Context,
    reading: Reading,
    melds: _Melds,
    pinfu: bool,
) -> tuple[tuple[tuple[str, int], ...], int]:
    return _fu_items(
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


def _fu_items(
    reading: Reading,
    melds: _Melds,
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
        return _SEVEN_PAIRS_FU, 25
    items: list[tuple[str, int]] = [_BASE_ITEM]
    raw = 20
    if closed and not tsumo:
        items.append(_CLOSED_RON_ITEM)
        raw += 10
    if tsumo and not pinfu:
        items.append(_TSUMO_ITEM)
        raw += 2
    if reading.form is Form.REGULAR:
        ron_triplet = win_kind if not tsumo and wait is WaitShape.SHANPON else -1
        for k in reading.triplets:
            if k == ron_triplet:
                ron_triplet = -1
                item = _RON_TRIPLET_ITEM[k]
            else:
                item = _CLOSED_TRIPLET_ITEM[k]
            items.append(item)
            raw += item[1]
        for m in melds:
            code = m >> 6
            if code == _CHII:
                continue
            k = m & 63
            if code == _PON:
                item = _PON_ITEM[k]
            elif code == _ANKAN:
                item = _ANKAN_ITEM[k]
            else:
                item = _OPEN_KAN_ITEM[k]
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
            items.append(_PAIR_ITEMS.get((p, pair_fu)) or (_NAMES_PAIR[p], pair_fu))
            raw += pair_fu
        if wait is not WaitShape.RYANMEN and wait is not WaitShape.SHANPON:
            items.append(_WAIT_ITEM[wait])
            raw += 2
    if pinfu and tsumo:
        return tuple(items), 20
    if raw == 20 and not closed:
        items.append(_OPEN_PINFU_ITEM)
        raw = 30
    fu = -(-raw // 10) * 10
    if fu != raw:
        items.append(_ROUNDING_ITEMS[fu - raw])
    return tuple(items), fu


_SEVEN_PAIRS_FU: Final = (("chiitoitsu", 25),)
_BASE_ITEM: Final = ("base", 20)
_CLOSED_RON_ITEM: Final = ("closed ron", 10)
_TSUMO_ITEM: Final = ("tsumo", 2)
_OPEN_PINFU_ITEM: Final = ("open pinfu shape", 10)


def _set_items(
    name: str, names: tuple[str, ...], simple: int, suffix: str = ""
) -> tuple[tuple[str, int], ...]:
    return tuple(
        (f"{name} {names[k]}{suffix}", simple * 2 if k in _YAOCHUU else simple) for k in range(34)
    )


_RON_TRIPLET_ITEM: Final = _set_items("open triplet", _NAMES3, 2, " (ron)")
_CLOSED_TRIPLET_ITEM: Final = _set_items("closed triplet", _NAMES3, 4)
_PON_ITEM: Final = _set_items("open triplet", _NAMES3, 2)
_ANKAN_ITEM: Final = _set_items("closed kan", _NAMES4, 16)
_OPEN_KAN_ITEM: Final = _set_items("open kan", _NAMES4, 8)
_NAMES_PAIR: Final = tuple(f"pair {n}" for n in _NAMES2)
# shared items, so a cached tuple of items holds no new tuples
_PAIR_ITEMS: Final = {(k, fu): (_NAMES_PAIR[k], fu) for k in range(27, 34) for fu in (2, 4)}
_ROUNDING_ITEMS: Final = tuple(("rounding", n) for n in range(10))
# fu rounded up to ten, and the item of the rounding (None for none), by fu before it
_ROUNDED: Final = tuple(
    (-(-raw // 10) * 10, _ROUNDING_ITEMS[-raw % 10] if raw % 10 else None) for raw in range(256)
)
_PINFU_TSUMO_FU: Final[_FuItems] = (_BASE_ITEM,)
_WAIT_OF_CODE: Final = {_WAIT_CODE[w]: item for w, item in _WAIT_ITEM.items()}


# Every YakuHan made, by its value (id, han, yakuman) and by its code (its place in
# the list): at most 256, as a candidate keeps its yaku codes in bytes.
_YAKU_HAN: dict[tuple[str, int, int], YakuHan] = {}
_YAKU_HAN_LIST: list[YakuHan] = []
_YAKU_HAN_CODE: dict[tuple[str, int, int], int] = {}


def _yaku_han(y: Yaku, han: int, yakuman: int = 0) -> YakuHan:
    """The (shared, immutable) YakuHan of a yaku scored ``han``."""
    key = (y.id, han, yakuman)
    found = _YAKU_HAN.get(key)
    if found is None:
        found = _YAKU_HAN[key] = YakuHan(y.id, y.romaji, y.kanji, han, yakuman)
        if len(_YAKU_HAN_LIST) > 255:  # a candidate keeps its yaku codes in bytes
            raise RuntimeError("more than 256 distinct yaku results")
        _YAKU_HAN_CODE[key] = len(_YAKU_HAN_LIST)
        _YAKU_HAN_LIST.append(found)
    return found


def _code(y: YakuHan) -> int:
    """The code of a YakuHan made by :func:`_yaku_han`."""
    return _YAKU_HAN_CODE[y.id, y.han, y.yakuman]


def _codes(yaku: Iterable[YakuHan]) -> bytes:
    return bytes(_YAKU_HAN_CODE[y.id, y.han, y.yakuman] for y in yaku)


def _items_of(items: _FuItems) -> _FuItems:
    """The fu items a candidate carries: a tuple of shared constant items, which
    the collector untracks like ints and bytes."""
    return items


def _yakuman_han(y: Yaku, rules: Rules) -> YakuHan:
    m = y.yakuman if rules.double_yakuman else 1
    return _yaku_han(y, 13 * m, m)
