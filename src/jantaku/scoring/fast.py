"""The optimised twin of the reference scorer: per-suit tables and bit masks (S1–S2, Y).

This module mirrors the readable registry path of :mod:`jantaku.scoring.score`
(:func:`jantaku.scoring.score._candidates`, every yaku through its predicate in
:mod:`jantaku.scoring.yaku`): for every win it scores, it gives the same candidates —
the same readings and waits, the same yaku in the same order with the same han, the
same fu and fu items (:mod:`jantaku.scoring.candidates`). The comparison test that pins
the two together is ``tests/test_scoring_fast.py``
(``test_fast_path_agrees_with_the_registry`` and
``test_thirteen_orphans_path_agrees_with_the_registry``, every four-player preset);
a change here without the same change in the reference fails it.

Entry points, used by :mod:`jantaku.scoring.score` (this module's ``__all__``):
:func:`situation_context` (what scoring reads of a situation besides its tiles, made
once for equal fields), :func:`flat_candidates` (the candidates of an ordinary win, or
None for the reference to score),
:func:`kokushi_candidates` (thirteen orphans), :func:`regular_splits` (the regular
readings from the shipped split tables, which the reference reads too) and
:func:`yaku_of` (a candidate's yaku results from their codes).

Its caches are keyed by value and bounded (each cleared when full): the contexts by
the situation's fields and a token standing for the rules' value (:func:`_rules_token`,
which keeps no :class:`~jantaku.rules.Rules` alive), the basic points by that token and
han and fu, the yaku results by their codes.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import fields
from itertools import compress, count
from operator import itemgetter
from typing import Any, Final

from jantaku.hand.decompose import Form, Reading
from jantaku.hand.waits import WaitShape
from jantaku.rules import Rules
from jantaku.scoring.candidates import (
    ANKAN_CODE,
    ANKAN_ITEM,
    BASE_ITEM,
    CHII_CODE,
    CLOSED_RON_ITEM,
    CLOSED_TRIPLET_ITEM,
    FORM_CODE,
    FORMS,
    KANCHAN_CODE,
    OPEN_KAN_ITEM,
    OPEN_PINFU_ITEM,
    PAIR_ITEMS,
    PENCHAN_CODE,
    PINFU_TSUMO_FU,
    PON_CODE,
    PON_ITEM,
    REGULAR_CODE,
    RON_TRIPLET_ITEM,
    ROUNDED,
    RYANMEN_CODE,
    SEVEN_PAIRS_CODE,
    SEVEN_PAIRS_FU,
    SHANPON_CODE,
    STRIDE,
    TANKI_CODE,
    TSUMO_ITEM,
    WAIT_CODE,
    WAIT_ITEM_OF_CODE,
    WAIT_SHAPES,
    YAKU_HAN_LIST,
    Candidate,
    FuItems,
    Melds,
    YakuHan,
    itemised_fu,
    yaku_code,
    yaku_codes,
    yaku_han,
    yakuman_han,
)
from jantaku.scoring.limits import Limit
from jantaku.scoring.situation import Riichi, WinSituation
from jantaku.scoring.tables import (
    ANY,
    CHANTA,
    NOT_GREEN,
    PAIR,
    SIMPLE,
    SPLITS,
    YAO,
    compact_splits,
)
from jantaku.scoring.yaku import BY_ID, HONOR_TRIPLET, ORDINARY
from jantaku.tiles import EAST, YAOCHUU, dora_from_indicator

# what the reference path (score.py) calls; the package's user API is jantaku.scoring.__all__
__all__ = [
    "CACHE_SIZE",
    "KOKUSHI_CODE",
    "YAKU_OF",
    "clear_caches",
    "flat_candidates",
    "kokushi_candidates",
    "regular_splits",
    "situation_context",
    "yaku_of",
]

_YAOCHUU: Final = frozenset(YAOCHUU)


# --- the fast path: per-suit tables and the ordinary yaku inline ---------------------
#
# Most wins have no possible yakuman and no first-turn yaku. For them the readings come
# from the shipped split tables (every split of one suit's counts with the features
# scoring reads: bit masks of run starts and triplets, triplet fu, identical runs, the
# chanta condition, the wait at each place), and the ordinary yaku and the fu are
# computed on bit masks of kinds instead of through the registry's predicates. The
# results are the registry's: the same yaku in the same order, the same fu;
# ``tests/test_scoring_fast.py`` compares both paths. Thirteen orphans has its own
# short path (:func:`kokushi_candidates`); other hands that could hold a yakuman, and
# first-turn wins, take the registry path, :func:`jantaku.scoring.score._candidates`,
# which reads the hand from the same tables (:func:`jantaku.scoring.score._table_readings`).

_NONE: Final = 255  # an empty place in a shipped split
_TANKI_BIT, _SHANPON_BIT = 1, 2  # wait bits; 32 and more: two kinds of run wait
_SPLIT: Final = 13  # the fields of a compact split
# A compact split holds small ints only: the code of its run starts and of its
# triplets (indexes into the tables of one suit's run-start and triplet choices), its
# pair (255 none), its kinds byte (the chanta condition: every set and the pair with
# a terminal or honor; and what the pattern holds: any tile, a terminal or honor, a
# simple, a tile not green), and the wait bits of a winning tile at each of nine
# places. A pattern's
# splits are one flat tuple of them, so looking a pattern up touches one object;
# what a code stands for comes from small per-part tables that stay in the caches.
_W0: Final = 4  # where a compact split's wait bits start


_NUMBERS, _NUMBER_RUNS, _NUMBER_TRIPS = compact_splits(honors=False)
_HONORS, _, _HONOR_TRIPS = compact_splits(honors=True)


def _part_tables(
    part: int,
) -> tuple[
    tuple[tuple[int, ...], ...],
    tuple[int, ...],
    tuple[tuple[int, ...], ...],
    tuple[int, ...],
    tuple[int, ...],
]:
    """What the codes of one part (a number suit or the honors) stand for: each
    run-start code's run starts as kinds and their bit mask, each triplet code's
    triplets as kinds, their bit mask and their fu as concealed triplets."""
    base = 9 * part
    trips = _HONOR_TRIPS if part == 3 else _NUMBER_TRIPS
    runs = [] if part == 3 else _NUMBER_RUNS
    run_kinds = tuple(tuple(base + k for k in raw if k != _NONE) for raw in runs)
    trip_kinds = tuple(tuple(base + k for k in raw if k != _NONE) for raw in trips)
    return (
        run_kinds,
        tuple(_bits(set(r)) for r in run_kinds),
        trip_kinds,
        tuple(_bits(t) for t in trip_kinds),
        tuple(sum(8 if k in _YAOCHUU else 4 for k in t) for t in trip_kinds),
    )


def _bits(kinds: Iterable[int]) -> int:
    mask = 0
    for k in kinds:
        mask |= 1 << k
    return mask


_PARTS: Final = tuple(_part_tables(part) for part in range(4))
(_MR, _MRM, _MT, _MTM, _MTF), (_PR, _PRM, _PT, _PTM, _PTF), (_SR, _SRM, _ST, _STM, _STF) = _PARTS[
    :3
]
_ZT, _ZTM, _ZTF = _PARTS[3][2:]
# identical runs (peikou) of each run-start code
_PEIKOU: Final = tuple(
    sum(r.count(k) // 2 for k in set(r))
    for r in (bytes(x for x in raw if x != _NONE) for raw in _NUMBER_RUNS)
)

# each run-start code of a number suit as (its run starts, their bit mask, its pairs of
# identical runs), each triplet code as (its triplets, their bit mask, their fu as
# concealed triplets): what a one-split hand reads of a part in one lookup a code
_MAN_RUNS, _PIN_RUNS, _SOU_RUNS = (
    tuple(zip(runs, masks, _PEIKOU, strict=True)) for runs, masks, *_ in _PARTS[:3]
)
_MAN_TRIPS, _PIN_TRIPS, _SOU_TRIPS, _HONOR_TRIPS_OF = (
    tuple(zip(trips, masks, fu, strict=True)) for *_, trips, masks, fu in _PARTS
)


def _waits_of_bits(bits: int) -> tuple[int, ...]:
    """The wait codes of a winning tile's wait bits with at most one kind of run wait."""
    order = (
        (1, TANKI_CODE),
        (2, SHANPON_CODE),
        (4, KANCHAN_CODE),
        (8, PENCHAN_CODE),
        (16, RYANMEN_CODE),
    )
    return tuple(w for b, w in order if bits & b)


_WAITS_OF_BITS: Final = tuple(_waits_of_bits(bits) for bits in range(32))


def _run_waits(runs: tuple[int, ...], win_kind: int, bits: int) -> list[int]:
    """The wait codes of a winning tile in a reading with two kinds of run wait, in
    the order of :func:`jantaku.scoring.candidates.reading_waits`."""
    waits: list[int] = []
    if bits & _TANKI_BIT:
        waits.append(TANKI_CODE)
    if bits & _SHANPON_BIT:
        waits.append(SHANPON_CODE)
    for r in set(runs):
        if win_kind == r + 1:
            w = KANCHAN_CODE
        elif win_kind == r:
            w = PENCHAN_CODE if r % 9 == 6 else RYANMEN_CODE
        elif win_kind == r + 2:
            w = PENCHAN_CODE if r % 9 == 0 else RYANMEN_CODE
        else:
            continue
        if w not in waits:
            waits.append(w)
    return waits


_Combined = tuple[tuple[int, ...], tuple[int, ...], int, int, int, int, int, int, int]
# runs, triplets, pair, run-start mask, triplet mask, triplet fu, peikou, chanta
# condition, the winning tile's wait bits


def regular_splits(cb: bytes, win_kind: int) -> tuple[list[_Combined], int]:
    """Every regular reading of concealed counts with its features, in the order of
    :func:`jantaku.hand.decompose.readings`, and the bit mask of the kinds held."""
    ms = _NUMBERS.get(cb[0:9])
    ps = _NUMBERS.get(cb[9:18])
    ss = _NUMBERS.get(cb[18:27])
    zs = _HONORS.get(cb[27:34])
    if ms is None or ps is None or ss is None or zs is None:
        return [], 0
    # a pattern's splits all hold a pair or none (its number of tiles says which)
    pair_part = -1
    for part, x in enumerate((ms, ps, ss, zs)):
        if x[2] != _NONE:
            if pair_part >= 0:
                return [], 0
            pair_part = part
    if pair_part < 0:
        return [], 0
    win_part = win_kind // 9
    at = _W0 + win_kind - 9 * win_part
    (mr, mrm, mt, mtm, mtf), (pr, prm, pt, ptm, ptf), (sr, srm, st, stm, stf) = _PARTS[:3]
    _, _, zt, ztm, ztf = _PARTS[3]
    out: list[_Combined] = []
    held = 0
    f = _SPLIT
    for i in range(0, len(ms), f):
        m = ms[i : i + f]
        for j in range(0, len(ps), f):
            p = ps[j : j + f]
            for k in range(0, len(ss), f):
                s = ss[k : k + f]
                for n in range(0, len(zs), f):
                    z = zs[n : n + f]
                    parts = (m, p, s, z)
                    pair = 9 * pair_part + parts[pair_part][2]
                    rmask = mrm[m[0]] | prm[p[0]] | srm[s[0]]
                    tmask = mtm[m[1]] | ptm[p[1]] | stm[s[1]] | ztm[z[1]]
                    held = rmask | rmask << 1 | rmask << 2 | tmask | 1 << pair
                    out.append(
                        (
                            mr[m[0]] + pr[p[0]] + sr[s[0]],
                            mt[m[1]] + pt[p[1]] + st[s[1]] + zt[z[1]],
                            pair,
                            rmask,
                            tmask,
                            mtf[m[1]] + ptf[p[1]] + stf[s[1]] + ztf[z[1]],
                            _PEIKOU[m[0]] + _PEIKOU[p[0]] + _PEIKOU[s[0]],
                            m[3] & p[3] & s[3] & z[3] & CHANTA,
                            parts[win_part][at],
                        )
                    )
    if len(out) > 1:
        out.sort(key=lambda x: (len(x[0]), x[0], x[1]))
    return out, held


_YAO_MASK: Final = _bits(YAOCHUU)
_POPCOUNT: Final = tuple(bin(i).count("1") for i in range(16))
_EDGE_RUNS: Final = _bits((0, 6, 9, 15, 18, 24))  # runs 123 and 789 of each suit
_ITTSU: Final = 0b1001001  # runs 123, 456, 789 of one suit
_NOT_YAO, _NOT_EDGE_RUNS = ~_YAO_MASK, ~_EDGE_RUNS


# What a hand holds, as the kinds bytes of the split tables' compact records (ANY,
# YAO, SIMPLE, NOT_GREEN, and of the patterns PAIR, SPLITS and the chanta bit) of its
# four parts side by side, a byte a part (characters, circles, bamboo, honors), its
# melds' kinds added in.
def _kinds_bits(k: int) -> int:
    """The kinds bits of a hand holding the kind ``k``."""
    part, place = divmod(k, 9)
    if part == 3:
        bits = ANY | YAO | (NOT_GREEN if place != 5 else 0)
    else:
        yao = place in (0, 8)
        bits = ANY | (YAO if yao else SIMPLE) | (0 if place in (1, 2, 3, 5, 7) else NOT_GREEN)
    return bits << 8 * part


def _each_part(bit: int, parts: int = 4) -> int:
    """A kinds byte's bit in each of the first ``parts`` parts."""
    return sum(bit << 8 * part for part in range(parts))


_KINDS_OF: Final = tuple(_kinds_bits(k) for k in range(34))
_ALL_KINDS: Final = range(34)
_ANY_MAN, _ANY_PIN, _ANY_SOU, _ANY_HONOR = (ANY << 8 * part for part in range(4))
_ANY_NUMBER: Final = _ANY_MAN | _ANY_PIN | _ANY_SOU
_ANY_YAO: Final = _each_part(YAO)
_ANY_SIMPLE: Final = _each_part(SIMPLE, 3)
_NOT_ALL_GREEN: Final = _ANY_MAN | _ANY_PIN | NOT_GREEN << 16 | NOT_GREEN << 24
_NOT_ALL_TERMINAL: Final = _ANY_HONOR | _ANY_SIMPLE
_ANY_PAIR, _ANY_SPLITS, _ALL_CHANTA = _each_part(PAIR), _each_part(SPLITS), _each_part(CHANTA)
_PAIR_PART: Final = {PAIR << 8 * part: part for part in range(4)}  # one part holds the pair
_HELD_MASK: Final = _each_part(ANY | YAO | SIMPLE | NOT_GREEN)


def _held(kinds: int) -> tuple[int, int, bool, int] | tuple[()]:
    """What scoring reads of the kinds a hand holds (:data:`_KINDS_OF` bits): ``()``
    when they may make a yakuman alone (all honors, all green, all terminals), else the
    index of its whole-hand yaku among :func:`_situation_yaku`'s six, whether it holds
    honors, whether it holds only terminals and honors (of both), and the first kind of
    its one suit when it holds one suit and no honors (for nine gates; -1 otherwise)."""
    if not (kinds & _ANY_NUMBER and kinds & _NOT_ALL_GREEN and kinds & _NOT_ALL_TERMINAL):
        return ()
    honors = kinds & _ANY_HONOR
    suits = [part for part in range(3) if kinds & ANY << 8 * part]
    index = (not kinds & _ANY_YAO) + (0 if len(suits) != 1 else 2 if honors else 4)
    honroutou = not kinds & _ANY_SIMPLE and bool(honors)
    return index, honors, honroutou, 9 * suits[0] if len(suits) == 1 and not honors else -1


def _part_kinds(part: int) -> set[int]:
    """Every kinds byte (:data:`_KINDS_OF`) one part of a hand can show, in place."""
    out = {0}
    for k in range(9 * part, min(9 * part + 9, 34)):
        out |= {x | _KINDS_OF[k] for x in out}
    return out


_HELD: Final = {
    m | p | s | z: _held(m | p | s | z)
    for m in _part_kinds(0)
    for p in _part_kinds(1)
    for s in _part_kinds(2)
    for z in _part_kinds(3)
}


def _yh(yaku_id: str, closed: bool) -> YakuHan:
    y = BY_ID[yaku_id]
    return yaku_han(y, y.han_closed if closed else y.han_open)


# the ordinary yaku the fast path scores, as (closed, open) results
_FAST_IDS: Final = (
    "menzen_tsumo riichi ippatsu chankan rinshan haitei houtei pinfu tanyao iipeikou "
    + " ".join(y.id for y in ORDINARY if y.id in HONOR_TRIPLET)
    + " double_riichi chiitoitsu chanta ittsu sanshoku sanshoku_doukou sankantsu toitoi"
    " sanankou shousangen honroutou ryanpeikou junchan honitsu chinitsu"
).split()
_FAST_YH: Final = {i: (_yh(i, True), _yh(i, False)) for i in _FAST_IDS}
_PINFU: Final = _FAST_YH["pinfu"][0]
# A candidate of the fast path holds its yaku as a bit mask: bit 0 set for an open
# hand, then a bit for each fast yaku in the order a result lists them (the yaku of
# the whole hand, then those of the reading). Combinations of yaku repeat across
# hands far more than hands do, so :func:`yaku_of` makes each mask's results once.
_MASK_ORDER: Final = (
    "menzen_tsumo",
    "riichi",
    "ippatsu",
    "chankan",
    "rinshan",
    "haitei",
    "houtei",
    "tanyao",
    "double_riichi",
    "honitsu",
    "chinitsu",
    "chiitoitsu",
    "pinfu",
    "iipeikou",
    "seat_wind_ton",
    "seat_wind_nan",
    "seat_wind_shaa",
    "seat_wind_pei",
    "round_wind_ton",
    "round_wind_nan",
    "round_wind_shaa",
    "round_wind_pei",
    "haku",
    "hatsu",
    "chun",
    "chanta",
    "ittsu",
    "sanshoku",
    "sanshoku_doukou",
    "sankantsu",
    "toitoi",
    "sanankou",
    "shousangen",
    "honroutou",
    "ryanpeikou",
    "junchan",
)
_OPEN_BIT: Final = 1
_BIT: Final = {i: 2 << n for n, i in enumerate(_MASK_ORDER)}
_YAKU_OF_BIT: Final = {_BIT[i]: _FAST_YH[i] for i in _MASK_ORDER}  # (closed, open)


def _yaku_of_bytes(first: int, col: int) -> tuple[tuple[YakuHan, ...], ...]:
    """The yaku results of the mask bits ``first`` to ``first + 7`` by their byte (its
    lowest bit first, the order of :data:`_MASK_ORDER`), closed (``col`` 0) or open."""
    out: list[tuple[YakuHan, ...]] = [()]
    for byte in range(1, min(256, 1 << (len(_MASK_ORDER) + 1 - first))):
        low = byte & -byte
        out.append((_YAKU_OF_BIT[low << first][col], *out[byte ^ low]))
    return tuple(out)


# the yaku results of a mask's five bytes above its open bit, closed and open: a mask's
# results are the five looked up one after the other (:func:`yaku_of`)
_YAKU_OF_BYTE: Final = tuple(
    tuple(_yaku_of_bytes(first, col) for first in range(1, 34, 8)) for col in (0, 1)
)
if len(_MASK_ORDER) > 36:  # pragma: no cover
    raise RuntimeError("a fast yaku mask has more bits than five bytes hold")
# each fast yaku as (bit, han) closed and open
_FAST: Final = {i: tuple((_BIT[i], yh.han) for yh in pair) for i, pair in _FAST_YH.items()}


def _honor_yaku(seat_wind: int, round_wind: int, triplets: int) -> tuple[int, int]:
    """The bits and han of the yaku of honor triplets (the bit mask of their kinds
    from east up), by seat and round wind: one han each for the seat wind, the round
    wind and each dragon."""
    code = han = 0
    for k, name in ((seat_wind, "seat_wind_"), (round_wind, "round_wind_")):
        if triplets >> (k - 27) & 1:
            code |= _BIT[name + ("ton", "nan", "shaa", "pei")[k - 27]]
            han += 1
    for k, name in ((31, "haku"), (32, "hatsu"), (33, "chun")):
        if triplets >> (k - 27) & 1:
            code |= _BIT[name]
            han += 1
    return code, han


_HONOR_YAKU: Final = {
    seat: {rnd: tuple(_honor_yaku(seat, rnd, t) for t in range(128)) for rnd in range(27, 31)}
    for seat in range(27, 31)
}
_PINFU_CODE, _PINFU_HAN = _FAST["pinfu"][0]
_IIPEIKOU_CODE, _IIPEIKOU_HAN = _FAST["iipeikou"][0]
_CHIITOITSU_CODE, _CHIITOITSU_HAN = _FAST["chiitoitsu"][0]
_MENZEN_TSUMO, _RIICHI, _IPPATSU, _DOUBLE_RIICHI = (
    _FAST[i][0] for i in ("menzen_tsumo", "riichi", "ippatsu", "double_riichi")
)
_CHANKAN, _RINSHAN, _HAITEI, _HOUTEI, _TANYAO, _HONITSU, _CHINITSU = (
    _FAST[i] for i in ("chankan", "rinshan", "haitei", "houtei", "tanyao", "honitsu", "chinitsu")
)
_CHANTA, _ITTSU_YH, _SANSHOKU, _DOUKOU, _SANKANTSU, _TOITOI = (
    _FAST[i] for i in ("chanta", "ittsu", "sanshoku", "sanshoku_doukou", "sankantsu", "toitoi")
)
_SANANKOU, _SHOUSANGEN, _HONROUTOU, _JUNCHAN = (
    _FAST[i] for i in ("sanankou", "shousangen", "honroutou", "junchan")
)
_RYANPEIKOU: Final = _FAST["ryanpeikou"][0]


def _suuankou(tanki: bool, double: bool) -> tuple[int, int]:
    """The code and yakuman multiple of four concealed triplets, by wait and rules."""
    y = BY_ID["suuankou_tanki" if tanki else "suuankou"]
    m = y.yakuman if double else 1
    return yaku_code(yaku_han(y, 13 * m, m)), m


_SUUANKOU: Final = tuple(tuple(_suuankou(t, d) for d in (False, True)) for t in (False, True))


# --- the situation around the tiles, made once for equal fields -------------------
#
# A context holds what scoring reads of a situation besides its tiles, dora and the
# seats that pay: whether the rules count double yakuman, a token standing for the
# fields the analysis of a hand reads (part of the analysis cache's key), the yaku of
# honor triplets under its seat and round winds (by the triplets' kinds), the yaku of
# the whole hand that come from the situation (made for each way the tiles can add to
# them), each pair's fu, the rules' basic points by han and fu, the dora table, the
# flags score_win reads (ura dora counted, chips, atozuke) and the rules' payments by
# basic points and seats (filled and bounded by score.py). It
# holds no Rules: contexts are kept by value, and keep no rules alive.

_Context = tuple[Any, ...]
#: the bound of each cache keyed by hands or situations
CACHE_SIZE: Final = 1 << 16
_RULES_CACHE_SIZE: Final = 256  # the bound of each cache keyed by rules values
_CONTEXTS: dict[tuple[Any, ...], _Context] = {}
# the yaku of the whole hand a context holds, by the fields they read (situation_context)
_HAND_YAKU: dict[tuple[Any, ...], tuple[tuple[tuple[int, int], ...], ...]] = {}
# the token of the fields the analysis of a hand reads; tokens come from a counter, so
# one cleared from here is never given to other fields (the analysis cache may hold it)
_TOKENS: dict[tuple[Any, ...], int] = {}
_NEXT_TOKEN: Final = count()
# by rules token: basic points and limit by han and fu (basic_points), and the
# payments of a win by its basic points and seats (score.py's _paid)
_BASICS: dict[int, tuple[dict[int, tuple[int, Limit]], dict[Any, Any]]] = {}

# The rules' tokens: equal rules have one token, made from their fields' values (two
# equal Rules share every cache entry); tokens, like the situations', come from a
# counter. Hashing every field of a Rules takes longer than scoring a cached hand, so
# the last rules seen are remembered (one small object kept alive: its identity cannot
# pass to other rules while it is held).
_RULES_FIELDS: Final = tuple(f.name for f in fields(Rules))
_RULES_TOKENS: dict[tuple[Any, ...], int] = {}
_NEXT_RULES_TOKEN: Final = count()
_last_rules: tuple[Rules, int] | None = None  # one value: set at once


def _rules_token(rules: Rules) -> int:
    """A small int standing for the value of ``rules``: the same for equal rules."""
    global _last_rules
    last = _last_rules
    if last is not None and last[0] is rules:
        return last[1]
    value = tuple(getattr(rules, name) for name in _RULES_FIELDS)
    token = _RULES_TOKENS.get(value)
    if token is None:
        if len(_RULES_TOKENS) >= _RULES_CACHE_SIZE:
            _RULES_TOKENS.clear()
        token = _RULES_TOKENS[value] = next(_NEXT_RULES_TOKEN)
    _last_rules = (rules, token)
    return token


def situation_context(s: WinSituation) -> _Context:
    """The context of a situation (see above), made once for equal fields and kept."""
    rules = s.rules
    last = _last_rules  # the rules seen last, most often these (_rules_token)
    token_of_rules = last[1] if last is not None and last[0] is rules else _rules_token(rules)
    key = (
        token_of_rules,
        s.discarder is None,
        s.winner,
        s.dealer,
        s.round_wind,
        s.riichi._value_,
        s.ippatsu,
        s.haitei,
        s.houtei,
        s.rinshan,
        s.chankan,
        s.first_turn,
    )
    found = _CONTEXTS.get(key)
    if found is not None:
        return found
    tsumo = s.discarder is None
    seat_wind = EAST + (s.winner - s.dealer) % rules.players
    round_wind = s.round_wind
    fields = (
        token_of_rules,
        tsumo,
        seat_wind,
        round_wind,
        s.riichi,
        s.ippatsu,
        s.haitei,
        s.houtei,
        s.rinshan,
        s.chankan,
        s.first_turn,
    )
    token = _TOKENS.get(fields)
    if token is None:
        if len(_TOKENS) >= CACHE_SIZE:
            _TOKENS.clear()
        token = _TOKENS[fields] = next(_NEXT_TOKEN)
    # the yaku of the situation read fewer of its fields than the context: kept apart,
    # made once for contexts that differ by the winds or the seats only
    hand_key = (
        token_of_rules,
        tsumo,
        s.riichi._value_,
        s.ippatsu,
        s.haitei,
        s.houtei,
        s.rinshan,
        s.chankan,
    )
    hand = _HAND_YAKU.get(hand_key)
    if hand is None:
        if len(_HAND_YAKU) >= CACHE_SIZE:
            _HAND_YAKU.clear()
        hand = _HAND_YAKU[hand_key] = (_situation_yaku(s, True), _situation_yaku(s, False))
    pair_fu = list(_DRAGON_PAIR_FU)
    pair_fu[seat_wind] = pair_fu[round_wind] = 2
    if seat_wind == round_wind:
        pair_fu[seat_wind] = rules.double_wind_pair_fu
    if len(_CONTEXTS) >= CACHE_SIZE:
        _CONTEXTS.clear()
    basics_payments = _BASICS.get(token_of_rules)
    if basics_payments is None:
        if len(_BASICS) >= _RULES_CACHE_SIZE:
            _BASICS.clear()
        basics_payments = _BASICS[token_of_rules] = ({}, {})
    basics, payments = basics_payments
    ctx = (
        rules.double_yakuman,
        token,
        tsumo,
        _HONOR_YAKU[seat_wind][round_wind],  # the yaku of honor triplets by their kinds
        round_wind,
        s.first_turn,
        hand,
        tuple(pair_fu),
        basics,  # basic points and limit by han << 8 | fu
        _DORA_OF[rules.players],
        s.riichi is not Riichi.NONE and rules.ura_dora,
        rules.chips,
        rules.atozuke,
        payments,  # a win's payments by basic points and seats (score.py's _paid)
    )
    _CONTEXTS[key] = ctx
    return ctx


_DRAGON_PAIR_FU: Final = (0,) * 31 + (2,) * 3


def _situation_yaku(s: WinSituation, closed: bool) -> tuple[tuple[int, int], ...]:
    """The yaku of the whole hand as a bit mask (:data:`_MASK_ORDER`, with the open bit
    of an open hand) and their han, for an open or closed hand: six entries, without or
    with only simples (tanyao), then of several suits, one suit with honors or one suit
    alone."""
    rules = s.rules
    col = 0 if closed else 1
    first = 0 if closed else _OPEN_BIT
    han = 0
    if closed:
        if s.discarder is None:
            first |= _MENZEN_TSUMO[0]
            han += _MENZEN_TSUMO[1]
        if s.riichi is Riichi.RIICHI:
            first |= _RIICHI[0]
            han += _RIICHI[1]
        if s.ippatsu and rules.ippatsu:
            first |= _IPPATSU[0]
            han += _IPPATSU[1]
        if s.riichi is Riichi.DOUBLE:
            first |= _DOUBLE_RIICHI[0]
            han += _DOUBLE_RIICHI[1]
    for flag, yh in (
        (s.chankan, _CHANKAN),
        (s.rinshan, _RINSHAN),
        (s.haitei, _HAITEI),
        (s.houtei, _HOUTEI),
    ):
        if flag:
            first |= yh[col][0]
            han += yh[col][1]
    simples = ((0, 0), _TANYAO[col] if closed or rules.kuitan else (0, 0))
    return tuple(
        (first | yh | suit, han + yh_han + suit_han)
        for suit, suit_han in ((0, 0), _HONITSU[col], _CHINITSU[col])
        for yh, yh_han in simples
    )


def _fast_candidates(
    cb: bytes,
    melds: Melds,
    win_kind: int,
    s: WinSituation,
) -> tuple[Candidate, ...] | None:
    """The candidates of an ordinary win, or None when the registry path must score it
    (a possible yakuman, a first-turn win, thirteen orphans or not a winning shape)."""
    flat = flat_candidates(cb, melds, win_kind, situation_context(s))
    if flat is None:
        return None
    return tuple(flat[i : i + STRIDE] for i in range(0, len(flat), STRIDE))


def flat_candidates(
    cb: bytes,
    melds: Melds,
    win_kind: int,
    ctx: _Context,
) -> tuple[Any, ...] | None:
    """:func:`_fast_candidates` in a context, as one flat tuple
    (:func:`jantaku.scoring.score._analyse`)."""
    double_yakuman, _, tsumo, honor_yaku, _, first_turn, hand_yaku, pair_fus = ctx[:8]
    if first_turn:
        return None
    closed = True
    n_meld_runs = n_meld_trips = 0
    meld_kinds = 0
    meld_rmask = 0
    meld_tmask = 0
    meld_fu = 0
    kans = 0
    ankans = 0
    meld_items: list[tuple[str, int]] = []
    for m in melds:
        code = m >> 6
        k = m & 63
        meld_kinds |= _MELD_KINDS[m]
        if code == CHII_CODE:
            closed = False
            n_meld_runs += 1
            meld_rmask |= 1 << k
            continue
        n_meld_trips += 1
        meld_tmask |= 1 << k
        yao = _YAO_MASK >> k & 1
        if code == PON_CODE:
            closed = False
            meld_fu += 4 if yao else 2
            meld_items.append(PON_ITEM[k])
        elif code == ANKAN_CODE:
            kans += 1
            ankans += 1
            meld_fu += 32 if yao else 16
            meld_items.append(ANKAN_ITEM[k])
        else:
            closed = False
            kans += 1
            meld_fu += 16 if yao else 8
            meld_items.append(OPEN_KAN_ITEM[k])
    if kans == 4:
        return None
    ms = _NUMBERS.get(cb[0:9])
    ps = _NUMBERS.get(cb[9:18])
    ss = _NUMBERS.get(cb[18:27])
    zs = _HONORS.get(cb[27:34])
    # whether the hand may be seven pairs besides its regular readings
    maybe_seven_pairs = not melds
    if ms is None or ps is None or ss is None or zs is None:
        splits: Sequence[_Combined] = ()
        kinds = 0  # what the hand holds (:data:`_KINDS_OF`)
        for k in compress(_ALL_KINDS, cb):  # the kinds held
            kinds |= _KINDS_OF[k]
    else:
        # what the hand holds, from the patterns' kinds bytes (:data:`_KINDS_OF`)
        kinds = ms[3] | ps[3] << 8 | ss[3] << 16 | zs[3] << 24 | meld_kinds
        if kinds & _ANY_SPLITS:  # a suit splits several ways
            splits = regular_splits(cb, win_kind)[0]
        else:  # one split a suit (most hands): the reading at once
            pair_part = _PAIR_PART.get(kinds & _ANY_PAIR)
            if pair_part is None:  # not exactly one part holds the pair
                splits = ()
            else:
                mr, mrm, mpk = _MAN_RUNS[ms[0]]
                pr, prm, ppk = _PIN_RUNS[ps[0]]
                sr, srm, spk = _SOU_RUNS[ss[0]]
                peikou = mpk + ppk + spk
                # seven pairs read as a regular hand only as two pairs of identical runs
                maybe_seven_pairs = maybe_seven_pairs and peikou == 2
                mt, mtm, mtf = _MAN_TRIPS[ms[1]]
                pt, ptm, ptf = _PIN_TRIPS[ps[1]]
                st, stm, stf = _SOU_TRIPS[ss[1]]
                zt, ztm, ztf = _HONOR_TRIPS_OF[zs[1]]
                parts = (ms, ps, ss, zs)
                win_part = win_kind // 9
                splits = (
                    (
                        mr + pr + sr,
                        mt + pt + st + zt,
                        9 * pair_part + parts[pair_part][2],
                        mrm | prm | srm,
                        mtm | ptm | stm | ztm,
                        mtf + ptf + stf + ztf,
                        peikou,
                        kinds & _ALL_CHANTA == _ALL_CHANTA,
                        parts[win_part][_W0 + win_kind - 9 * win_part],
                    ),
                )
    seven_pairs = maybe_seven_pairs and cb.count(2) == 7 and cb.count(0) == 27
    if not splits and not seven_pairs:
        return None  # thirteen orphans or no winning shape
    held = _HELD[kinds & _HELD_MASK]
    if not held:
        return None  # all honors, all green or all terminals
    index, honors, honroutou, suit = held
    if (
        suit >= 0
        and not melds
        and cb[suit] >= 3
        and cb[suit + 8] >= 3
        and all(cb[suit + 1 : suit + 8])
    ):
        return None  # nine gates
    col = 0 if closed else 1
    hand, hand_han = hand_yaku[col][index]
    out: tuple[Any, ...] = ()  # the candidates' fields, one after the other (most
    # hands have one: the tuple of its fields, not copied)
    for runs, trips, pair, rmask, tmask, trip_fu, peikou, yao, bits in splits:
        n_runs = len(runs) + n_meld_runs
        n_trips = len(trips) + n_meld_trips
        tmask |= meld_tmask
        if n_trips >= 3:
            winds = _POPCOUNT[tmask >> 27 & 15]
            if tmask >> 31 == 7 or winds == 4 or (winds == 3 and 27 <= pair < 31):
                return None  # daisangen, daisuushii, shousuushii
        rmask |= meld_rmask
        trip_fu += meld_fu
        pair_fu = pair_fus[pair]  # a pair of value has fu
        # the yaku that do not depend on the wait
        found = hand
        han = hand_han
        if closed:
            if peikou == 1:
                found |= _IIPEIKOU_CODE
                han += _IIPEIKOU_HAN
            elif peikou == 2:
                code, h = _RYANPEIKOU
                found |= code
                han += h
        if tmask >> 27:  # honor triplets: seat and round wind, dragons
            code, h = honor_yaku[tmask >> 27]
            found |= code
            han += h
        if yao and n_runs and not meld_rmask & _NOT_EDGE_RUNS and not meld_tmask & _NOT_YAO:
            code, h = _CHANTA[col] if honors else _JUNCHAN[col]
            found |= code
            han += h
        if n_runs >= 3:
            if (
                rmask & _ITTSU == _ITTSU
                or rmask >> 9 & _ITTSU == _ITTSU
                or rmask >> 18 & _ITTSU == _ITTSU
            ):
                code, h = _ITTSU_YH[col]
                found |= code
                han += h
            if rmask & rmask >> 9 & rmask >> 18:
                code, h = _SANSHOKU[col]
                found |= code
                han += h
        if n_trips >= 2:  # the yaku of triplets (shousangen needs two)
            if n_trips >= 3 and tmask & tmask >> 9 & tmask >> 18 & 0x1FF:
                code, h = _DOUKOU[col]
                found |= code
                han += h
            if kans == 3:
                code, h = _SANKANTSU[col]
                found |= code
                han += h
            if not n_runs:
                code, h = _TOITOI[col]
                found |= code
                han += h
            if pair >= 31 and (tmask >> 31) in (3, 5, 6):
                code, h = _SHOUSANGEN[col]
                found |= code
                han += h
        if honroutou:
            code, h = _HONROUTOU[col]
            found |= code
            han += h
        hand_trips = len(trips) + ankans  # concealed triplets and quads
        pinfu_shape = closed and n_runs == 4 and not pair_fu
        waits = _WAITS_OF_BITS[bits] if bits < 32 else _run_waits(runs, win_kind, bits)
        wait_found: int | bytes  # a mask of yaku codes, or a yakuman's codes
        for wait in waits:
            ron_triplet = wait == SHANPON_CODE and not tsumo
            concealed_trips = hand_trips - ron_triplet
            pinfu = pinfu_shape and wait == RYANMEN_CODE
            if concealed_trips == 4:  # four concealed triplets (四暗刻), a yakuman alone
                code, mult = _SUUANKOU[wait == TANKI_CODE][double_yakuman]
                wait_found = bytes((code,))  # a yakuman: codes, not a mask
                wait_han = 0
            else:
                mult = 0
                mask: int = found
                wait_han = han
                if pinfu:
                    mask |= _PINFU_CODE
                    wait_han += _PINFU_HAN
                if concealed_trips == 3:
                    code, h = _SANANKOU[col]
                    mask |= code
                    wait_han += h
                wait_found = mask
            # the fu and their items, as :func:`itemised_fu` gives them
            if pinfu and tsumo:
                fu = 20
                items = PINFU_TSUMO_FU
            else:
                raw = 20 + trip_fu + pair_fu
                if closed and not tsumo:
                    fu_items = [BASE_ITEM, CLOSED_RON_ITEM]
                    raw += 10
                elif tsumo and not pinfu:
                    fu_items = [BASE_ITEM, TSUMO_ITEM]
                    raw += 2
                else:
                    fu_items = [BASE_ITEM]
                for k in trips:
                    if ron_triplet and k == win_kind:
                        fu_items.append(RON_TRIPLET_ITEM[k])
                        raw -= 4 if _YAO_MASK >> k & 1 else 2
                    else:
                        fu_items.append(CLOSED_TRIPLET_ITEM[k])
                if meld_items:
                    fu_items += meld_items
                if pair_fu:
                    fu_items.append(PAIR_ITEMS[pair, pair_fu])
                if wait != RYANMEN_CODE and wait != SHANPON_CODE:  # kanchan, penchan, tanki
                    fu_items.append(WAIT_ITEM_OF_CODE[wait])
                    raw += 2
                if raw == 20 and not closed:
                    fu_items.append(OPEN_PINFU_ITEM)
                    raw = 30
                fu, rounding = ROUNDED[raw]
                if rounding:
                    fu_items.append(rounding)
                items = tuple(fu_items)
            out += (wait_found, wait_han, mult, fu, REGULAR_CODE, pair, runs, trips, wait, items)
    if seven_pairs:
        pairs = tuple(compress(_ALL_KINDS, cb))
        found = hand | _CHIITOITSU_CODE
        han = hand_han + _CHIITOITSU_HAN
        if honroutou:
            found |= _HONROUTOU[0][0]
            han += _HONROUTOU[0][1]
        out += (
            found,
            han,
            0,
            25,
            SEVEN_PAIRS_CODE,
            pairs[0],
            (),
            pairs,
            TANKI_CODE,
            SEVEN_PAIRS_FU,
        )
    return out


_KOKUSHI: Final = (BY_ID["kokushi"], BY_ID["kokushi_13"])
#: the form code of a thirteen orphans reading
KOKUSHI_CODE: Final = FORM_CODE[Form.KOKUSHI]


def kokushi_candidates(
    cb: bytes,
    melds: Melds,
    win_kind: int,
    s: WinSituation,
) -> tuple[Candidate, ...] | None:
    """The one candidate of thirteen orphans (国士無双), or None for any other hand or
    a first-turn win (which the registry path scores). No other yakuman or reading
    goes with it: it has honors and terminals, so it is neither all honors, all
    terminals, all green nor one suit, and it has no sets."""
    if melds or s.first_turn:
        return None
    held = _YAOCHUU_COUNTS(cb)
    if 0 in held or sum(held) != 14:
        return None
    pair = YAOCHUU[held.index(2)]
    thirteen = pair == win_kind
    key = (thirteen, s.discarder is None, s.rules.double_yakuman)
    parts = _KOKUSHI_PARTS.get(key)
    if parts is None:
        parts = _KOKUSHI_PARTS[key] = _kokushi_parts(thirteen, s)
    codes, mult, fu, wait, items = parts
    return ((codes, 0, mult, fu, KOKUSHI_CODE, pair, (), (), wait, items),)


_YAOCHUU_COUNTS: Final = itemgetter(*YAOCHUU)
# what a thirteen orphans candidate holds besides its pair, by its wait (13-sided or
# not), tsumo or ron and the rules' double yakuman: eight values at most
_KOKUSHI_PARTS: dict[tuple[bool, bool, bool], tuple[bytes, int, int, int, FuItems]] = {}


def _kokushi_parts(thirteen: bool, s: WinSituation) -> tuple[bytes, int, int, int, FuItems]:
    """The yaku codes, yakuman multiple, fu, wait code and fu items of thirteen orphans
    (:func:`kokushi_candidates`) won as ``s`` is."""
    yh = yakuman_han(_KOKUSHI[thirteen], s.rules)
    wait = WaitShape.KOKUSHI_13 if thirteen else WaitShape.KOKUSHI_SINGLE
    items, fu = itemised_fu(
        Reading(Form.KOKUSHI, YAOCHUU[0], (), ()),  # the fu of no set nor pair
        b"",
        False,
        s.discarder is None,
        True,
        YAOCHUU[0],
        wait,
        s.seat_wind,
        s.round_wind,
        s.rules,
    )
    return yaku_codes((yh,)), yh.yakuman, fu, WAIT_CODE[wait], items


_DORA_OF: Final = {
    players: tuple(dora_from_indicator(t, players=players) for t in range(37)) for players in (3, 4)
}


def _meld_kinds(m: int) -> int:
    """The kinds bits (:data:`_KINDS_OF`) of the tiles of a meld."""
    code, k = m >> 6, m & 63
    if k >= 34 or (code == CHII_CODE and (k >= 27 or k % 9 > 6)):
        return 0
    out = 0
    for x in (k, k + 1, k + 2) if code == CHII_CODE else (k,):
        out |= _KINDS_OF[x]
    return out


_MELD_KINDS: Final = tuple(_meld_kinds(m) for m in range(4 << 6))


#: the objects of the yaku codes of candidates (a hand's codes are often another's)
YAKU_OF: dict[bytes | int, tuple[YakuHan, ...]] = {}


def clear_caches() -> None:
    """Forget the contexts, the basic points, the payments and the yaku results made
    so far."""
    _CONTEXTS.clear()
    _HAND_YAKU.clear()
    _BASICS.clear()
    YAKU_OF.clear()


def yaku_of(codes: bytes | int) -> tuple[YakuHan, ...]:
    """The yaku of a candidate: from their codes, or from the bit mask of the fast
    path (:data:`_MASK_ORDER`)."""
    found = YAKU_OF.get(codes)
    if found is None:
        if len(YAKU_OF) >= CACHE_SIZE:
            YAKU_OF.clear()
        if isinstance(codes, int):  # a mask: its bytes' results one after the other
            c0, c1, c2, c3, c4 = _YAKU_OF_BYTE[codes & _OPEN_BIT]
            found = (
                c0[codes >> 1 & 255]
                + c1[codes >> 9 & 255]
                + c2[codes >> 17 & 255]
                + c3[codes >> 25 & 255]
                + c4[codes >> 33]
            )
        else:
            found = tuple(map(YAKU_HAN_LIST.__getitem__, codes))
        YAKU_OF[codes] = found
    return found


def _decode(c: Sequence[Any]) -> tuple[tuple[YakuHan, ...], Reading, WaitShape]:
    """The yaku, the reading and the wait of a candidate, as objects."""
    return (
        yaku_of(c[0]),
        Reading(FORMS[c[4]], c[5], c[6], c[7]),
        WAIT_SHAPES[c[8]],
    )
