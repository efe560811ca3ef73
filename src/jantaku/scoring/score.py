"""Scoring a win (S1–S11): yaku, dora, fu, limits, basic points and payments.

:func:`score_win` reads the hand every way it can (H6), assigns the winning tile to
each set it could have completed (the wait), scores each reading and keeps the one
that pays most. :func:`has_yaku` keeps its analysis of a hand shape, so the engine
can ask "does this win have a yaku?" for every possible win cheaply, and
:func:`score_win` then scores the win it checked from what the check kept (a hand not
checked before is analysed and not kept).

>>> from jantaku.scoring.situation import WinSituation, Riichi
>>> r = score_win(WinSituation.from_hand("234m567p11s345678s", win="8s", discarder=2,
...                                      winner=1, riichi=Riichi.RIICHI))
>>> [y.romaji for y in r.yaku], r.fu, r.han, r.total, r.payment_text()
(['riichi', 'pinfu'], 30, 2, 2000, '2000')
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from dataclasses import replace as _replace
from enum import Enum
from itertools import chain, compress
from typing import Any, Final, NamedTuple

from jantaku.errors import (
    ArgumentTypeError,
    ImpossibleSituationError,
    IncompleteHandError,
    InvalidHandError,
    NoYakuError,
)
from jantaku.hand.decompose import Form, Reading
from jantaku.hand.waits import waits as _wait_list
from jantaku.meld import MeldKind
from jantaku.rules import Rules, SanmaTsumo
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
from jantaku.scoring.yaku import (
    BY_ID,
    HAND_LEVEL,
    HONOR_TRIPLET,
    ORDINARY,
    YAKUMAN,
    Context,
    Wait,
    Yaku,
)
from jantaku.tiles import (
    EAST,
    HAKU,
    KIND_OF,
    NORTH,
    YAOCHUU,
    dora_from_indicator,
    format_tiles,
)

__all__ = [
    "Limit",
    "WinResult",
    "YakuHan",
    "basic_points",
    "ceil100",
    "hand_value",
    "has_yaku",
    "score_win",
    "score_wins",
]

_YAOCHUU: Final = frozenset(YAOCHUU)
_PAO_YAKUMAN: Final = frozenset(("daisangen", "daisuushii"))


class Limit(Enum):
    """The limit a hand reached (S4), or none."""

    NONE = "none"
    MANGAN = "mangan"
    HANEMAN = "haneman"
    BAIMAN = "baiman"
    SANBAIMAN = "sanbaiman"
    KAZOE_YAKUMAN = "kazoe yakuman"
    YAKUMAN = "yakuman"

    @property
    def kanji(self) -> str:
        """The Japanese name (満貫, 跳満, …)."""
        return _LIMIT_KANJI[self]


_LIMIT_KANJI: Final = {
    Limit.NONE: "",
    Limit.MANGAN: "満貫",
    Limit.HANEMAN: "跳満",
    Limit.BAIMAN: "倍満",
    Limit.SANBAIMAN: "三倍満",
    Limit.KAZOE_YAKUMAN: "数え役満",
    Limit.YAKUMAN: "役満",
}


def ceil100(points: int | float) -> int:
    """Round a payment up to the next 100 (S5).

    >>> ceil100(7680), ceil100(7700), ceil100(0)
    (7700, 7700, 0)

    Raises :class:`~jantaku.errors.ArgumentTypeError` for a value that is not a number.
    """
    if points.__class__ is not int and (
        isinstance(points, bool) or not isinstance(points, int | float)
    ):
        raise ArgumentTypeError(f"points are a number, not {points!r}")
    return -(-int(points) // 100) * 100


def basic_points(han: int, fu: int, rules: Rules) -> tuple[int, Limit]:
    """The basic points B = fu × 2^(han+2) and the limit reached (S3, S4).

    >>> from jantaku.rules import TENHOU, WRC
    >>> basic_points(3, 30, TENHOU), basic_points(4, 40, TENHOU)[1].value
    ((960, <Limit.NONE: 'none'>), 'mangan')
    >>> basic_points(4, 30, TENHOU)[0], basic_points(4, 30, WRC)[0]
    (1920, 2000)
    >>> basic_points(13, 30, TENHOU), basic_points(13, 30, WRC)
    ((8000, <Limit.KAZOE_YAKUMAN: 'kazoe yakuman'>), (6000, <Limit.SANBAIMAN: 'sanbaiman'>))

    Raises :class:`~jantaku.errors.ScoringError` for fewer than 1 han or an odd fu,
    :class:`~jantaku.errors.ArgumentTypeError` for a han or fu that is not an int.
    """
    if han.__class__ is not int or fu.__class__ is not int:
        raise ArgumentTypeError(f"han and fu are ints, not {han!r} and {fu!r}")
    if han < 1 or fu < 20 or (fu % 10 and fu != 25):
        raise ImpossibleSituationError(f"no score for {han} han {fu} fu")
    if han >= 13:
        return (8000, Limit.KAZOE_YAKUMAN) if rules.kazoe_yakuman else (6000, Limit.SANBAIMAN)
    if han >= 11:
        return 6000, Limit.SANBAIMAN
    if han >= 8:
        return 4000, Limit.BAIMAN
    if han >= 6:
        return 3000, Limit.HANEMAN
    b = fu << (han + 2)
    if han >= 5 or b >= 2000:
        return 2000, Limit.MANGAN
    if rules.kiriage_mangan and b == 1920:
        return 2000, Limit.MANGAN
    return b, Limit.NONE


def hand_value(han: int, fu: int, *, dealer: bool, tsumo: bool, rules: Rules) -> tuple[int, ...]:
    """What a hand of ``han`` and ``fu`` pays, as the score tables write it (S5, S6).

    A ron gives ``(total,)``; a dealer tsumo ``(each,)`` ("… all"); a non-dealer
    tsumo ``(from each non-dealer, from the dealer)``.

    >>> from jantaku.rules import TENHOU
    >>> hand_value(3, 30, dealer=False, tsumo=False, rules=TENHOU)
    (3900,)
    >>> hand_value(3, 30, dealer=False, tsumo=True, rules=TENHOU)
    (1000, 2000)
    >>> hand_value(3, 30, dealer=True, tsumo=True, rules=TENHOU)
    (2000,)
    """
    b, _ = basic_points(han, fu, rules)
    if not tsumo:
        return (ceil100(b * (6 if dealer else 4)),)
    if dealer:
        return (ceil100(2 * b),)
    return ceil100(b), ceil100(2 * b)


@dataclass(frozen=True, slots=True)
class YakuHan:
    """One yaku of a result with the han it scored (or its yakuman multiple)."""

    id: str
    romaji: str
    kanji: str
    han: int
    yakuman: int = 0


class WinResult(NamedTuple):
    """The itemised score of a win (immutable).

    ``han`` includes dora (flowers too, one each); ``chips`` counts the side payments
    a table with chips (T5b) owes the winner: red fives, ura dora and ippatsu (0 when
    the rules have no chips). ``deltas`` is every seat's change including honba and
    deposits (and pao splits); ``total`` is what the winner receives before honba
    and deposits. ``reading`` is the reading of the concealed tiles that scored
    highest (H6), ``wait`` the wait it gives the winning tile; ``pao`` the seat liable
    for a yakuman (who then pays all or part of it, ``payments``), ``None`` without
    one. A named tuple, so :func:`score_win` makes one in a single step.
    """

    yaku: tuple[YakuHan, ...]
    dora: int
    ura: int
    red: int
    kita: int
    fu_items: tuple[tuple[str, int], ...]
    fu: int
    han: int
    yakuman: int
    limit: Limit
    basic: int
    deltas: tuple[int, ...]
    total: int
    payments: tuple[int, ...]
    reading: Reading
    wait: Wait
    is_tsumo: bool
    is_dealer: bool
    winner: int
    flowers: int = 0
    chips: int = 0
    pao: int | None = None

    def payment_text(self, seat_names: Sequence[str] | None = None) -> str:
        """The payment as the seeds write it: ``3900``, ``1000/2000``, ``2000 all``.

        Before honba and deposits; for a non-dealer tsumo, non-dealer/dealer share.
        With a liable seat (pao) the payers differ from a plain win's, so each is named
        (``seat_names[p]``, by default ``seat p``) with what it pays:
        ``32000 from seat 2``, ``16000 from seat 1, 16000 from seat 2``.

        >>> from jantaku.scoring.situation import WinSituation
        >>> s = WinSituation.from_hand("123m99p[555-z][666=z][777+z]", win="9p", winner=1,
        ...                            pao=2)
        >>> r = score_win(s)
        >>> r.payment_text(), r.payment_text("ESWN")
        ('32000 from seat 2', '32000 from W')
        """
        if self.pao is not None:
            return ", ".join(
                f"{pay} from {seat_names[p] if seat_names is not None else f'seat {p}'}"
                for p, pay in enumerate(self.payments)
                if pay
            )
        if not self.is_tsumo:
            return str(self.total)
        shares = [p for p in self.payments if p]
        if self.is_dealer or len(set(shares)) == 1:
            return f"{shares[0]} all"
        return f"{min(shares)}/{max(shares)}"

    def summary(self) -> str:
        """``30 fu 3 han``, ``mangan``, ``yakuman`` and the like."""
        if self.yakuman:
            mult = {1: "", 2: "double ", 3: "triple "}.get(self.yakuman, f"{self.yakuman}× ")
            return f"{mult}yakuman"
        text = f"{self.fu} fu {self.han} han"
        if self.limit is not Limit.NONE:
            text += f" {self.limit.value}"
        return text

    def to_dict(self) -> dict[str, Any]:
        """The result as JSON-ready values."""
        r = self.reading
        return {
            "yaku": [
                {"id": y.id, "romaji": y.romaji, "kanji": y.kanji, "han": y.han}
                | ({"yakuman": y.yakuman} if y.yakuman else {})
                for y in self.yaku
            ],
            "dora": self.dora,
            "ura": self.ura,
            "red": self.red,
            "kita": self.kita,
            "flowers": self.flowers,
            "chips": self.chips,
            "fu_items": [{"item": n, "fu": f} for n, f in self.fu_items],
            "fu": self.fu,
            "han": self.han,
            "yakuman": self.yakuman,
            "limit": self.limit.value,
            "basic": self.basic,
            "total": self.total,
            "payment": self.payment_text(),
            "deltas": list(self.deltas),
            "reading": {
                "form": r.form.value,
                "pair": format_tiles([r.pair]),
                "runs": [format_tiles([k, k + 1, k + 2]) for k in r.runs],
                "triplets": [format_tiles([k] * 3) for k in r.triplets],
            },
            "wait": self.wait.value,
        }


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


# --- analysis of one hand shape (cached) --------------------------------------------

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
# :func:`_decode` gives a candidate's objects.
_STRIDE: Final = 10

_FORMS: Final = tuple(Form)
_FORM_CODE: Final = {f: i for i, f in enumerate(_FORMS)}
_REGULAR_CODE: Final = _FORM_CODE[Form.REGULAR]
_SEVEN_PAIRS_CODE: Final = _FORM_CODE[Form.SEVEN_PAIRS]
_WAITS: Final = tuple(Wait)
_WAIT_CODE: Final = {w: i for i, w in enumerate(_WAITS)}
_RYANMEN, _KANCHAN, _PENCHAN, _TANKI, _SHANPON = (
    _WAIT_CODE[w] for w in (Wait.RYANMEN, Wait.KANCHAN, Wait.PENCHAN, Wait.TANKI, Wait.SHANPON)
)


def _waits(reading: Reading, w: int) -> list[Wait]:
    if reading.form is Form.KOKUSHI:
        return [Wait.KOKUSHI_13 if reading.pair == w else Wait.KOKUSHI]
    if reading.form is Form.SEVEN_PAIRS:
        return [Wait.TANKI]
    out: list[Wait] = []
    if reading.pair == w:
        out.append(Wait.TANKI)
    if w in reading.triplets:
        out.append(Wait.SHANPON)
    for r in set(reading.runs):
        if w == r + 1:
            out.append(Wait.KANCHAN)
        elif w == r:
            out.append(Wait.PENCHAN if r % 9 == 6 else Wait.RYANMEN)
        elif w == r + 2:
            out.append(Wait.PENCHAN if r % 9 == 0 else Wait.RYANMEN)
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
_CLOSED_WAITS: Final = frozenset((Wait.KANCHAN, Wait.PENCHAN, Wait.TANKI))
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
    wait: Wait,
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
        ron_triplet = win_kind if not tsumo and wait is Wait.SHANPON else -1
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
        if wait is not Wait.RYANMEN and wait is not Wait.SHANPON:
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


# The analyses of hand shapes (:func:`_analyse`) by the concealed counts, the melds'
# bytes, the winning kind and the context's token. The legal-win check
# (:func:`has_yaku`) keeps what it analyses: a game checks the same shape turn after
# turn, then scores the win it checked. :func:`score_win` reads the cache and keeps
# nothing, so scoring many hands once each (a batch, a log) does not fill memory with
# shapes never asked again, nor spend the time to keep them.
_CACHE: dict[tuple[bytes, bytes, int, int], tuple[Any, ...]] = {}
_CACHE_SIZE: Final = 1 << 16
_RULES_TOKENS: dict[int, tuple[Rules, int]] = {}


def _rules_token(rules: Rules) -> int:
    """A small int standing for an equal rules value (hashing all fields is slow)."""
    found = _RULES_TOKENS.get(id(rules))
    if found is not None and found[0] is rules:
        return found[1]
    token = next((t for other, t in _RULES_TOKENS.values() if other == rules), len(_RULES_TOKENS))
    _RULES_TOKENS[id(rules)] = (rules, token)  # keeps ``rules`` alive, so the id stays its own
    return token


def _analyse(
    concealed: bytes,
    melds: _Melds,
    win_kind: int,
    situation: WinSituation,
) -> tuple[Any, ...]:
    """Every (reading, wait) candidate of a hand shape with its yaku and fu, as one flat
    tuple (:data:`_STRIDE` fields a candidate), cached on the shape (the concealed
    counts and the melds as bytes) and the fields of the situation that yaku and fu
    read."""
    s = situation
    ctx = _context(s)
    key = (concealed, melds, win_kind, ctx[1])
    found = _CACHE.get(key)
    if found is None:
        found = _analyse_new(key, s, ctx)
    return found


def _analyse_new(
    key: tuple[bytes, bytes, int, int], s: WinSituation, ctx: _Context
) -> tuple[Any, ...]:
    """The candidates of a hand not in the cache (:func:`_analyse`), cached."""
    if len(_CACHE) >= _CACHE_SIZE:
        _CACHE.clear()
    concealed, melds, win_kind, _ = key
    found = _fast(concealed, melds, win_kind, ctx)
    if found is None:
        found = _slow(concealed, melds, win_kind, s)
    _CACHE[key] = found
    return found


def _slow(concealed: bytes, melds: _Melds, win_kind: int, s: WinSituation) -> tuple[Any, ...]:
    """The candidates of a hand the fast path leaves (thirteen orphans, a possible
    yakuman, a first-turn win or no winning shape), as one flat tuple."""
    candidates = _kokushi_candidates(concealed, melds, win_kind, s)
    if candidates is None:
        candidates = _candidates(tuple(concealed), melds, win_kind, s)
    return tuple(chain.from_iterable(candidates))


_READINGS: dict[tuple[int, ...], tuple[Reading, ...]] = {}


def _readings(concealed: tuple[int, ...]) -> tuple[Reading, ...]:
    found = _READINGS.get(concealed)
    if found is None:
        if len(_READINGS) >= _CACHE_SIZE:
            _READINGS.clear()
        found = _READINGS[concealed] = _table_readings(concealed)
    return found


def _table_readings(concealed: tuple[int, ...]) -> tuple[Reading, ...]:
    """:func:`jantaku.hand.decompose.readings` of complete concealed counts, the
    regular ones from the shipped split tables."""
    out = [
        _new_reading(_REGULAR, x[2], tuple(x[0]), tuple(x[1]))
        for x in _regular_splits(bytes(concealed), 0)[0]
    ]
    if sum(concealed) == 14:
        pairs = tuple(k for k in range(34) if concealed[k] == 2)
        if len(pairs) == 7:
            out.append(_new_reading(Form.SEVEN_PAIRS, pairs[0], (), pairs))
        if (
            all(concealed[k] in (1, 2) for k in YAOCHUU)
            and sum(concealed[k] for k in YAOCHUU) == 14
        ):
            doubled = next(k for k in YAOCHUU if concealed[k] == 2)
            out.append(_new_reading(Form.KOKUSHI, doubled, (), ()))
    return tuple(out)


def clear_cache() -> None:
    """Forget every cached hand-shape analysis and reading (for benchmarks and memory;
    the shipped split tables stay loaded)."""
    _CACHE.clear()
    _READINGS.clear()
    _YAKU_OF.clear()
    _CONTEXTS.clear()
    _BASICS.clear()


_ORD_HAND_CLOSED: Final = tuple((y, y.han_closed) for y in ORDINARY if y.id in HAND_LEVEL)
_ORD_HAND_OPEN: Final = tuple(
    (y, y.han_open) for y in ORDINARY if y.id in HAND_LEVEL and y.han_open
)
_ORD_READING_CLOSED: Final = tuple(
    (y, y.han_closed, HONOR_TRIPLET.get(y.id, -1))
    for y in ORDINARY
    if y.id not in HAND_LEVEL and y.han_closed
)
_ORD_READING_OPEN: Final = tuple(
    (y, y.han_open, HONOR_TRIPLET.get(y.id, -1))
    for y in ORDINARY
    if y.id not in HAND_LEVEL and y.han_open
)
_YM_HAND: Final = tuple(y for y in YAKUMAN if y.id in HAND_LEVEL)
# a hand-level yakuman needs a first turn, four kans, one closed suit (chuuren), or
# only honors, only green tiles, or only terminals: all inside these kinds
_LIMIT_KINDS: Final = frozenset((*range(27, 34), 0, 8, 9, 17, 18, 26, 19, 20, 21, 23, 25))
_YM_READING: Final = tuple(y for y in YAKUMAN if y.id not in HAND_LEVEL)


_YAKU_HAN: dict[tuple[str, int, int], YakuHan] = {}
_YAKU_HAN_LIST: list[YakuHan] = []  # every YakuHan made, by its code
_YAKU_HAN_CODE: dict[int, int] = {}  # the code of a YakuHan, by its id (they are kept)


def _yaku_han(y: Yaku, han: int, yakuman: int = 0) -> YakuHan:
    """The (shared, immutable) YakuHan of a yaku scored ``han``."""
    key = (y.id, han, yakuman)
    found = _YAKU_HAN.get(key)
    if found is None:
        found = _YAKU_HAN[key] = YakuHan(y.id, y.romaji, y.kanji, han, yakuman)
        if len(_YAKU_HAN_LIST) > 255:  # a candidate keeps its yaku codes in bytes
            raise RuntimeError("more than 256 distinct yaku results")
        _YAKU_HAN_CODE[id(found)] = len(_YAKU_HAN_LIST)
        _YAKU_HAN_LIST.append(found)
    return found


def _codes(yaku: Iterable[YakuHan]) -> bytes:
    return bytes(_YAKU_HAN_CODE[id(y)] for y in yaku)


# the objects of the yaku codes of candidates (a hand's codes are often another's)
_YAKU_OF: dict[bytes | int, tuple[YakuHan, ...]] = {}


def _yaku_of(codes: bytes | int) -> tuple[YakuHan, ...]:
    """The yaku of a candidate: from their codes, or from the bit mask of the fast
    path (:data:`_MASK_ORDER`)."""
    found = _YAKU_OF.get(codes)
    if found is None:
        if len(_YAKU_OF) >= _CACHE_SIZE:
            _YAKU_OF.clear()
        if isinstance(codes, int):
            col = codes & _OPEN_BIT
            out = []
            rest = codes >> 1 << 1
            while rest:
                bit = rest & -rest
                out.append(_YAKU_OF_BIT[bit][col])
                rest ^= bit
            found = tuple(out)
        else:
            found = tuple(map(_YAKU_HAN_LIST.__getitem__, codes))
        _YAKU_OF[codes] = found
    return found


def _items_of(items: _FuItems) -> _FuItems:
    """The fu items a candidate carries: a tuple of shared constant items, which
    the collector untracks like ints and bytes."""
    return items


def _decode(c: Sequence[Any]) -> tuple[tuple[YakuHan, ...], Reading, Wait]:
    """The yaku, the reading and the wait of a candidate, as objects."""
    return (
        _yaku_of(c[0]),
        _new_reading(_FORMS[c[4]], c[5], c[6], c[7]),
        _WAITS[c[8]],
    )


def _yakuman_han(y: Yaku, rules: Rules) -> YakuHan:
    m = y.yakuman if rules.double_yakuman else 1
    return _yaku_han(y, 13 * m, m)


def _candidates(
    concealed: tuple[int, ...],
    melds: _Melds,
    win_kind: int,
    situation: WinSituation,
) -> tuple[_Candidate, ...]:
    rules = situation.rules
    tsumo = situation.discarder is None
    closed = all(m >> 6 == _ANKAN for m in melds)
    counts = list(concealed)
    meld_runs: list[int] = []
    meld_trips: list[int] = []
    kans: list[int] = []
    ankans = 0
    for m in melds:
        code = m >> 6
        k = m & 63
        if code == _CHII:
            meld_runs.append(k)
            counts[k] += 1
            counts[k + 1] += 1
            counts[k + 2] += 1
        else:
            meld_trips.append(k)
            counts[k] += 3
            if code != _PON:
                kans.append(k)
                ankans += code == _ANKAN
    all_counts = tuple(counts)
    kinds = frozenset(filter(counts.__getitem__, range(34)))
    kans_t = tuple(kans)
    seat_wind = situation.seat_wind
    round_wind = situation.round_wind
    out: list[_Candidate] = []
    reading_yaku = _ORD_READING_CLOSED if closed else _ORD_READING_OPEN
    hand_yaku: list[YakuHan] | None = None
    hand_han = 0
    hand_yakuman: list[YakuHan] = []
    for reading in _readings(concealed):
        form = reading.form
        regular = form is Form.REGULAR
        triplets = (*reading.triplets, *meld_trips) if regular else ()
        runs = tuple(sorted((*reading.runs, *meld_runs))) if meld_runs else reading.runs
        honor_trips = sum(1 for t in triplets if t >= 27)
        form_code = _FORM_CODE[form]
        pair = reading.pair
        concealed_runs = reading.runs
        concealed_trips_b = reading.triplets
        for wait in _waits(reading, win_kind):
            concealed_trips = len(reading.triplets) + ankans if regular else 0
            if regular and wait is Wait.SHANPON and not tsumo:
                concealed_trips -= 1
            ctx = Context(
                situation,
                form,
                reading.pair,
                runs,
                triplets,
                concealed_trips,
                kans_t,
                wait,
                all_counts,
                concealed,
                kinds,
                closed,
                tsumo,
                win_kind,
                seat_wind,
                round_wind,
            )
            if hand_yaku is None:
                hand_yaku = []
                for y, h in _ORD_HAND_CLOSED if closed else _ORD_HAND_OPEN:
                    n = y.predicate(ctx)
                    if n:
                        hand_yaku.append(_yaku_han(y, h * n))
                        hand_han += h * n
                if (
                    situation.first_turn
                    or len(kans) == 4
                    or kinds <= _LIMIT_KINDS
                    or (closed and not melds and len(ctx.suits) == 1 and max(kinds) < 27)
                ):
                    hand_yakuman = [
                        _yakuman_han(y, rules)
                        for y in _YM_HAND
                        if (closed or y.han_open) and y.predicate(ctx)
                    ]
            yakuman = list(hand_yakuman)
            if form is Form.KOKUSHI or concealed_trips == 4 or honor_trips >= 3:
                yakuman += [
                    _yakuman_han(y, rules)
                    for y in _YM_READING
                    if (closed or y.han_open) and y.predicate(ctx)
                ]
            pinfu = False
            if yakuman:  # a yakuman stands alone (Y27)
                found = yakuman
                han = 0
                mult = sum(y.yakuman for y in yakuman)
                if not rules.yakuman_stacking:
                    best = max(yakuman, key=lambda y: y.yakuman)
                    found = [best]
                    mult = best.yakuman
            else:
                found = list(hand_yaku)
                han = hand_han
                mult = 0
                for y, h, honor in reading_yaku:
                    if honor >= 0 and honor not in triplets:
                        continue
                    n = y.predicate(ctx)
                    if n:
                        found.append(_yaku_han(y, h * n))
                        han += h * n
                        pinfu = pinfu or y.id == "pinfu"
            items, fu = _fu(ctx, reading, melds, pinfu)
            out.append(
                (
                    _codes(found),
                    han,
                    mult,
                    fu,
                    form_code,
                    pair,
                    concealed_runs,
                    concealed_trips_b,
                    _WAIT_CODE[wait],
                    items,
                )
            )
    return tuple(out)


# --- the fast path: per-suit tables and the ordinary yaku inline ---------------------
#
# Most wins have no possible yakuman and no first-turn yaku. For them the readings come
# from the shipped split tables (every split of one suit's counts with the features
# scoring reads: bit masks of run starts and triplets, triplet fu, identical runs, the
# chanta condition, the wait at each place), and the ordinary yaku and the fu are
# computed on bit masks of kinds instead of through the registry's predicates. The
# results are the registry's: the same yaku in the same order, the same fu;
# ``tests/test_scoring_fast.py`` compares both paths. Thirteen orphans has its own
# short path (:func:`_kokushi_candidates`); other hands that could hold a yakuman, and
# first-turn wins, take the registry path, :func:`_candidates`, which reads the hand
# from the same tables (:func:`_table_readings`).

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


def _waits_of_bits(bits: int) -> tuple[int, ...]:
    """The wait codes of a winning tile's wait bits with at most one kind of run wait."""
    order = ((1, _TANKI), (2, _SHANPON), (4, _KANCHAN), (8, _PENCHAN), (16, _RYANMEN))
    return tuple(w for b, w in order if bits & b)


_WAITS_OF_BITS: Final = tuple(_waits_of_bits(bits) for bits in range(32))


def _run_waits(runs: tuple[int, ...], win_kind: int, bits: int) -> list[int]:
    """The wait codes of a winning tile in a reading with two kinds of run wait, in
    the order of :func:`_waits`."""
    waits: list[int] = []
    if bits & _TANKI_BIT:
        waits.append(_TANKI)
    if bits & _SHANPON_BIT:
        waits.append(_SHANPON)
    for r in set(runs):
        if win_kind == r + 1:
            w = _KANCHAN
        elif win_kind == r:
            w = _PENCHAN if r % 9 == 6 else _RYANMEN
        elif win_kind == r + 2:
            w = _PENCHAN if r % 9 == 0 else _RYANMEN
        else:
            continue
        if w not in waits:
            waits.append(w)
    return waits


_Combined = tuple[tuple[int, ...], tuple[int, ...], int, int, int, int, int, int, int]
# runs, triplets, pair, run-start mask, triplet mask, triplet fu, peikou, chanta
# condition, the winning tile's wait bits


def _regular_splits(cb: bytes, win_kind: int) -> tuple[list[_Combined], int]:
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
    return _yaku_han(y, y.han_closed if closed else y.han_open)


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
# hands far more than hands do, so :func:`_yaku_of` makes each mask's results once.
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
    return _YAKU_HAN_CODE[id(_yaku_han(y, 13 * m, m))], m


_SUUANKOU: Final = tuple(tuple(_suuankou(t, d) for d in (False, True)) for t in (False, True))


# --- the situation around the tiles, made once for equal fields -------------------
#
# A context holds what scoring reads of a situation besides its tiles, dora and the
# seats that pay: the rules, a token standing for the fields the analysis of a hand
# reads (part of the analysis cache's key), the yaku of the whole hand that come from
# the situation (made for each way the tiles can add to them), each pair's fu, the
# rules' basic points by han and fu, the dora table, and the flags score_win reads
# (ura dora counted, chips, atozuke, plain payments).

_Context = tuple[Any, ...]
_CONTEXTS: dict[tuple[Any, ...], _Context] = {}
_TOKENS: dict[tuple[Any, ...], int] = {}
_BASICS: dict[int, dict[int, tuple[int, Limit]]] = {}  # by rules token (basic_points)


def _context(s: WinSituation) -> _Context:
    """The context of a situation (see above), made once for equal fields and kept."""
    rules = s.rules
    key = (
        id(rules),
        s.discarder is None,
        s.winner,
        s.dealer,
        s.round_wind,
        id(s.riichi),
        s.ippatsu,
        s.haitei,
        s.houtei,
        s.rinshan,
        s.chankan,
        s.first_turn,
    )
    found = _CONTEXTS.get(key)
    if found is not None and found[0] is rules:
        return found
    tsumo = s.discarder is None
    seat_wind = EAST + (s.winner - s.dealer) % rules.players
    round_wind = s.round_wind
    token_of_rules = _rules_token(rules)
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
    token = _TOKENS.setdefault(fields, len(_TOKENS))
    hand = (_situation_yaku(s, True), _situation_yaku(s, False))
    pair_fu = list(_DRAGON_PAIR_FU)
    pair_fu[seat_wind] = pair_fu[round_wind] = 2
    if seat_wind == round_wind:
        pair_fu[seat_wind] = rules.double_wind_pair_fu
    if len(_CONTEXTS) >= _CACHE_SIZE:
        _CONTEXTS.clear()
    ctx = (
        rules,
        token,
        tsumo,
        seat_wind,
        round_wind,
        s.first_turn,
        hand,
        tuple(pair_fu),
        _BASICS.setdefault(token_of_rules, {}),  # basic points and limit by han << 8 | fu
        _DORA_OF[rules.players],
        s.riichi is not Riichi.NONE and rules.ura_dora,
        rules.chips,
        rules.atozuke,
        rules.players == 4 or rules.sanma_tsumo is not SanmaTsumo.SPLIT,  # plain payments
    )
    _CONTEXTS[key] = ctx  # keeps ``rules`` alive, so its id stays its own
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
    melds: _Melds,
    win_kind: int,
    s: WinSituation,
) -> tuple[_Candidate, ...] | None:
    """The candidates of an ordinary win, or None when the registry path must score it
    (a possible yakuman, a first-turn win, thirteen orphans or not a winning shape)."""
    flat = _fast(cb, melds, win_kind, _context(s))
    if flat is None:
        return None
    return tuple(flat[i : i + _STRIDE] for i in range(0, len(flat), _STRIDE))


def _fast(
    cb: bytes,
    melds: _Melds,
    win_kind: int,
    ctx: _Context,
) -> tuple[Any, ...] | None:
    """:func:`_fast_candidates` in a context, as one flat tuple (:func:`_analyse`)."""
    rules, _, tsumo, seat_wind, round_wind, first_turn, hand_yaku, pair_fus = ctx[:8]
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
        if code == _CHII:
            closed = False
            n_meld_runs += 1
            meld_rmask |= 1 << k
            continue
        n_meld_trips += 1
        meld_tmask |= 1 << k
        yao = _YAO_MASK >> k & 1
        if code == _PON:
            closed = False
            meld_fu += 4 if yao else 2
            meld_items.append(_PON_ITEM[k])
        elif code == _ANKAN:
            kans += 1
            ankans += 1
            meld_fu += 32 if yao else 16
            meld_items.append(_ANKAN_ITEM[k])
        else:
            closed = False
            kans += 1
            meld_fu += 16 if yao else 8
            meld_items.append(_OPEN_KAN_ITEM[k])
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
            splits = _regular_splits(cb, win_kind)[0]
        else:  # one split a suit (most hands): the reading at once
            pair_part = _PAIR_PART.get(kinds & _ANY_PAIR)
            if pair_part is None:  # not exactly one part holds the pair
                splits = ()
            else:
                m0, p0, s0 = ms[0], ps[0], ss[0]
                peikou = _PEIKOU[m0] + _PEIKOU[p0] + _PEIKOU[s0]
                # seven pairs read as a regular hand only as two pairs of identical runs
                maybe_seven_pairs = maybe_seven_pairs and peikou == 2
                m1, p1, s1, z1 = ms[1], ps[1], ss[1], zs[1]
                rmask = _MRM[m0] | _PRM[p0] | _SRM[s0]
                tmask = _MTM[m1] | _PTM[p1] | _STM[s1] | _ZTM[z1]
                parts = (ms, ps, ss, zs)
                win_part = win_kind // 9
                splits = (
                    (
                        _MR[m0] + _PR[p0] + _SR[s0],
                        _MT[m1] + _PT[p1] + _ST[s1] + _ZT[z1],
                        9 * pair_part + parts[pair_part][2],
                        rmask,
                        tmask,
                        _MTF[m1] + _PTF[p1] + _STF[s1] + _ZTF[z1],
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
            code, h = _HONOR_YAKU[seat_wind][round_wind][tmask >> 27]
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
        for wait in waits:
            ron_triplet = wait == _SHANPON and not tsumo
            concealed_trips = hand_trips - ron_triplet
            pinfu = pinfu_shape and wait == _RYANMEN
            if concealed_trips == 4:  # four concealed triplets (四暗刻), a yakuman alone
                code, mult = _SUUANKOU[wait == _TANKI][rules.double_yakuman]
                wait_found = bytes((code,))  # a yakuman: codes, not a mask
                wait_han = 0
            else:
                mult = 0
                wait_found = found
                wait_han = han
                if pinfu:
                    wait_found |= _PINFU_CODE
                    wait_han += _PINFU_HAN
                if concealed_trips == 3:
                    code, h = _SANANKOU[col]
                    wait_found |= code
                    wait_han += h
            # the fu and their items, as :func:`_fu_items` gives them
            if pinfu and tsumo:
                fu = 20
                items = _PINFU_TSUMO_FU
            else:
                raw = 20 + trip_fu + pair_fu
                if closed and not tsumo:
                    fu_items = [_BASE_ITEM, _CLOSED_RON_ITEM]
                    raw += 10
                elif tsumo and not pinfu:
                    fu_items = [_BASE_ITEM, _TSUMO_ITEM]
                    raw += 2
                else:
                    fu_items = [_BASE_ITEM]
                for k in trips:
                    if ron_triplet and k == win_kind:
                        fu_items.append(_RON_TRIPLET_ITEM[k])
                        raw -= 4 if _YAO_MASK >> k & 1 else 2
                    else:
                        fu_items.append(_CLOSED_TRIPLET_ITEM[k])
                if meld_items:
                    fu_items += meld_items
                if pair_fu:
                    fu_items.append(_PAIR_ITEMS[pair, pair_fu])
                if wait != _RYANMEN and wait != _SHANPON:  # kanchan, penchan, tanki
                    fu_items.append(_WAIT_OF_CODE[wait])
                    raw += 2
                if raw == 20 and not closed:
                    fu_items.append(_OPEN_PINFU_ITEM)
                    raw = 30
                fu, rounding = _ROUNDED[raw]
                if rounding:
                    fu_items.append(rounding)
                items = tuple(fu_items)
            out += (wait_found, wait_han, mult, fu, _REGULAR_CODE, pair, runs, trips, wait, items)
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
            _SEVEN_PAIRS_CODE,
            pairs[0],
            (),
            pairs,
            _TANKI,
            _SEVEN_PAIRS_FU,
        )
    return out


_KOKUSHI: Final = (BY_ID["kokushi"], BY_ID["kokushi_13"])
_KOKUSHI_CODE: Final = _FORM_CODE[Form.KOKUSHI]


def _kokushi_candidates(
    cb: bytes,
    melds: _Melds,
    win_kind: int,
    s: WinSituation,
) -> tuple[_Candidate, ...] | None:
    """The one candidate of thirteen orphans (国士無双), or None for any other hand or
    a first-turn win (which the registry path scores). No other yakuman or reading
    goes with it: it has honors and terminals, so it is neither all honors, all
    terminals, all green nor one suit, and it has no sets."""
    if (
        melds
        or s.first_turn
        or sum(cb[k] for k in YAOCHUU) != 14
        or not all(cb[k] for k in YAOCHUU)
    ):
        return None
    pair = next(k for k in YAOCHUU if cb[k] == 2)
    thirteen = pair == win_kind
    yh = _yakuman_han(_KOKUSHI[thirteen], s.rules)
    wait = Wait.KOKUSHI_13 if thirteen else Wait.KOKUSHI
    items, fu = _fu_items(
        _new_reading(Form.KOKUSHI, pair, (), ()),
        melds,
        False,
        s.discarder is None,
        True,
        win_kind,
        wait,
        s.seat_wind,
        s.round_wind,
        s.rules,
    )
    codes = _codes((yh,))
    return (
        (
            codes,
            0,
            yh.yakuman,
            fu,
            _KOKUSHI_CODE,
            pair,
            (),
            (),
            _WAIT_CODE[wait],
            items,
        ),
    )


_DORA_OF: Final = {
    players: tuple(dora_from_indicator(t, players=players) for t in range(37)) for players in (3, 4)
}


def _meld_counts(m: int) -> bytes:
    """How many tiles of each kind a meld holds, by kind."""
    code, k = m >> 6, m & 63
    counts = bytearray(34)
    if code == _CHII:
        if k % 9 < 7 and k < 27:
            counts[k] = counts[k + 1] = counts[k + 2] = 1
    elif k < 34:
        counts[k] = 3 if code == _PON else 4
    return bytes(counts)


_MELD_COUNTS: Final = tuple(_meld_counts(m) for m in range(4 << 6))


def _meld_kinds(m: int) -> int:
    """The kinds bits (:data:`_KINDS_OF`) of the tiles of a meld."""
    code, k = m >> 6, m & 63
    if k >= 34 or (code == _CHII and (k >= 27 or k % 9 > 6)):
        return 0
    out = 0
    for x in (k, k + 1, k + 2) if code == _CHII else (k,):
        out |= _KINDS_OF[x]
    return out


_MELD_KINDS: Final = tuple(_meld_kinds(m) for m in range(4 << 6))


def _not_a_situation(s: object) -> ArgumentTypeError:
    """The error for scoring what is not a :class:`WinSituation` (hand notation, say)."""
    hint = " (WinSituation.from_hand reads hand notation)" if isinstance(s, str) else ""
    return ArgumentTypeError(f"a win is scored from a WinSituation, not {s!r}{hint}")


def score_win(s: WinSituation) -> WinResult:
    """Score a win: the highest-paying reading with its yaku, dora, fu and payments.

    >>> from jantaku.scoring.situation import WinSituation
    >>> r = score_win(WinSituation.from_hand("123m456p789s11z[7-77z]", win="1z",
    ...                                      discarder=3))
    >>> r.summary(), r.total, r.deltas
    ('30 fu 1 han', 1500, (1500, 0, 0, -1500))
    >>> score_win(WinSituation.from_hand("123m456p789s11z[7-89s]", win="1z", discarder=3))
    Traceback (most recent call last):
    ...
    jantaku.errors.NoYakuError: no yaku in 123m456p789s11z[7-89s] (dora alone do not count)

    Raises :class:`~jantaku.errors.IncompleteHandError` when the tiles do not make a
    winning shape, :class:`~jantaku.errors.NoYakuError` when no reading has a yaku,
    :class:`~jantaku.errors.ImpossibleSituationError` for a pao seat without a
    liable yakuman, :class:`~jantaku.errors.ArgumentTypeError` for anything but a
    :class:`~jantaku.scoring.WinSituation`.
    """
    result = _score(s)
    if isinstance(result, WinResult):
        return result
    raise result


def _score(s: WinSituation) -> WinResult | NoYakuError | IncompleteHandError:
    """:func:`score_win`, the common errors (no yaku, no winning shape) returned, not
    raised: :func:`score_wins` keeps them in place without raising each."""
    if s.__class__ is not WinSituation:
        raise _not_a_situation(s)
    concealed = bytearray(37)  # by tile: red fives apart
    for t in s.concealed:
        concealed[t] += 1
    red = concealed[34] + concealed[35] + concealed[36]
    if red:
        concealed[4] += concealed[34]
        concealed[13] += concealed[35]
        concealed[22] += concealed[36]
    if s.melds:
        meld_bytes = bytearray()
        for meld in s.melds:
            tiles = meld.tiles
            meld_bytes.append(_MELD_CODE_OF[meld.kind._value_] << 6 | KIND_OF[tiles[0]])
            if max(tiles) >= 34:
                for t in tiles:
                    if t >= 34:
                        red += 1
        melds = bytes(meld_bytes)
    else:
        melds = b""
    win_kind = KIND_OF[s.win_tile]
    rules = s.rules
    ctx = _context(s)
    cb = bytes(concealed[:34])
    key = (cb, melds, win_kind, ctx[1])
    candidates = _CACHE.get(key)
    if candidates is None:  # a shape not checked before: analysed, not kept (_CACHE)
        candidates = _fast(cb, melds, win_kind, ctx)
        if candidates is None:
            candidates = _slow(cb, melds, win_kind, s)
    n = len(candidates)
    if n == _STRIDE:  # most wins read one way: the one candidate
        cand: Sequence[Any] = candidates
        if not cand[1] and not cand[2]:
            return NoYakuError(_Message("no yaku in {} (dora alone do not count)", s))
    elif not n:
        return IncompleteHandError(_Message("not a winning hand: {}", s))
    elif not any(candidates[1::_STRIDE]) and not any(candidates[2::_STRIDE]):
        return NoYakuError(_Message("no yaku in {} (dora alone do not count)", s))
    if not ctx[12] and not _yaku_on_every_wait(s):  # no atozuke
        raise NoYakuError(f"no yaku on every winning tile of {_notation(s)} (後付けなし, Y29)")
    # dora, ura dora (S7) and norths set aside
    dora_of = ctx[9]
    dora = 0
    for ind in s.dora_indicators:
        dora += concealed[dora_of[ind]]
    ura = 0
    if ctx[10]:  # riichi, and the rules count ura dora
        for ind in s.ura_indicators:
            ura += concealed[dora_of[ind]]
    kita = s.kita
    if melds or kita:
        dora, ura = _more_dora(s, melds, dora_of, dora, ura, ctx[10])
    flowers = s.flowers
    extra = dora + ura + red + kita + flowers
    if n != _STRIDE:  # the reading that pays most (H6)
        best: tuple[tuple[int, int, int], Sequence[Any]] | None = None
        for i in range(0, n, _STRIDE):
            c = candidates[i : i + _STRIDE]
            han, mult, fu = c[1], c[2], c[3]
            if mult:
                rank = (8000 * mult, 1000, fu)
            elif han:
                found = ctx[8].get(han + extra << 8 | fu)
                if found is None:
                    found = ctx[8][han + extra << 8 | fu] = basic_points(han + extra, fu, rules)
                rank = (found[0], han, fu)
            else:
                continue
            if best is None or rank > best[0]:
                best = (rank, c)
        assert best is not None  # some candidate has a yaku
        cand = best[1]
    han, mult, fu = cand[1:4]
    items = cand[9]
    yaku = _YAKU_OF.get(cand[0]) or _yaku_of(cand[0])
    reading = _NEW(Reading)
    _SET_FORM(reading, _FORMS[cand[4]])
    _SET_PAIR(reading, cand[5])
    _SET_RUNS(reading, cand[6])
    _SET_TRIPLETS(reading, cand[7])
    if s.robbed_ankan and cand[4] != _KOKUSHI_CODE:
        raise ImpossibleSituationError("only thirteen orphans may rob an ankan")
    if mult:
        dora = ura = red = kita = flowers = 0
        han_total = 13 * mult
    else:
        han_total = han + extra
    if mult:
        basic, limit = 8000 * mult, Limit.YAKUMAN
    else:
        found = ctx[8].get(han_total << 8 | fu)
        if found is None:
            found = ctx[8][han_total << 8 | fu] = basic_points(han_total, fu, rules)
        basic, limit = found
    discarder = s.discarder
    winner = s.winner
    if s.pao is None and ctx[13]:  # a plain ron, or a tsumo paid by every other seat
        players = rules.players
        if discarder is not None:
            total = -(-basic * (6 if winner == s.dealer else 4) // 100) * 100
            honba = s.honba * rules.honba_value
            pay = [0] * players
            pay[discarder] = total
            change = [0] * players
            change[discarder] = -total - honba
            change[winner] = total + honba + s.deposits * rules.riichi_deposit
        else:  # the dealer's share twice a non-dealer's (_tsumo_shares)
            double = -(-2 * basic // 100) * 100
            if winner == s.dealer:
                pay = [double] * players
            else:
                pay = [-(-basic // 100) * 100] * players
                pay[s.dealer] = double
            pay[winner] = 0
            honba = s.honba * rules.honba_tsumo_each
            total = sum(pay)
            if players == 4:
                change = [-honba - pay[0], -honba - pay[1], -honba - pay[2], -honba - pay[3]]
            else:
                change = [-honba - p for p in pay]
            change[winner] = total + (players - 1) * honba + s.deposits * rules.riichi_deposit
        deltas = tuple(change)
        payments = tuple(pay)
    elif s.pao is None:
        deltas, payments, total = _pay(s, basic, 0)
    else:
        if not rules.pao:
            raise ImpossibleSituationError("pao is not played under these rules")
        pao_ids = _PAO_YAKUMAN | ({"suukantsu"} if rules.pao_suukantsu else set())
        liable = sum(y.yakuman for y in yaku if y.id in pao_ids)
        if not liable:
            raise ImpossibleSituationError("a pao seat without a liable yakuman")
        # on Tenhou the liable seat pays the whole hand, other yakuman included
        deltas, payments, total = _pay(s, basic, basic if rules.pao_whole_hand else 8000 * liable)
    result: WinResult = _TUPLE_NEW(
        WinResult,
        (
            yaku,
            dora,
            ura,
            red,
            kita,
            items,
            fu,
            han_total,
            mult,
            limit,
            basic,
            deltas,
            total,
            payments,
            reading,
            _WAITS[cand[8]],
            discarder is None,
            winner == s.dealer,
            winner,
            flowers,
            (red + ura + (1 if s.ippatsu else 0)) if ctx[11] else 0,
            s.pao,
        ),
    )
    return result


def _more_dora(
    s: WinSituation, melds: _Melds, dora_of: tuple[int, ...], dora: int, ura: int, with_ura: bool
) -> tuple[int, int]:
    """Dora and ura dora with those in melds and norths set aside added."""
    kita = s.kita
    for ind in s.dora_indicators:
        d = dora_of[ind]
        for m in melds:
            dora += _MELD_COUNTS[m][d]
        if d == NORTH:
            dora += kita  # an indicator pointing at north counts each nukidora
    if with_ura:
        for ind in s.ura_indicators:
            d = dora_of[ind]
            for m in melds:
                ura += _MELD_COUNTS[m][d]
            if d == NORTH:
                ura += kita
    return dora, ura


def _notation(s: WinSituation) -> str:
    from jantaku.meld import format_meld

    return format_tiles(s.concealed) + "".join(format_meld(m) for m in s.melds)


class _Message:
    """An error message naming the hand, formatted when it is read: many wins the
    engine or a batch tries have no yaku, and most of their messages are never read."""

    __slots__ = ("_s", "_template")

    def __init__(self, template: str, s: WinSituation) -> None:
        self._template = template
        self._s = s

    def __str__(self) -> str:
        return self._template.format(_notation(self._s))

    def __repr__(self) -> str:
        return repr(str(self))

    def __eq__(self, other: object) -> bool:
        return str(self) == (str(other) if isinstance(other, _Message) else other)

    def __hash__(self) -> int:
        return hash(str(self))

    def __reduce__(self) -> tuple[type[str], tuple[str]]:
        return str, (str(self),)


def _tsumo_shares(s: WinSituation, basic: int) -> list[int]:
    """What each seat pays on a tsumo worth ``basic`` (0 for the winner)."""
    n = s.rules.players
    dealer_win = s.winner == s.dealer
    shares = [0] * n
    split = n == 3 and s.rules.sanma_tsumo is SanmaTsumo.SPLIT
    missing = (2 * basic if dealer_win else basic) if split else 0
    for p in range(n):
        if p == s.winner:
            continue
        raw = 2 * basic if (dealer_win or p == s.dealer) else basic
        shares[p] = ceil100(raw + missing / 2)
    return shares


def _pay(s: WinSituation, basic: int, liable: int) -> tuple[tuple[int, ...], tuple[int, ...], int]:
    """Every seat's change, each seat's payment and their total, with pao and the
    three-player split tsumo (:func:`score_win` pays the plain wins itself)."""
    rules = s.rules
    n = rules.players
    mult = 6 if s.winner == s.dealer else 4
    payments = [0] * n
    honba_pay = [0] * n
    if s.discarder is not None:
        if liable and s.pao is not None and s.pao != s.discarder:
            half = ceil100(liable * mult / 2)
            rest = ceil100((basic - liable) * mult)
            payments[s.pao] += half
            payments[s.discarder] += half + rest
        else:
            payments[s.discarder] += ceil100(basic * mult)
        honba_pay[s.discarder] += s.honba * rules.honba_value
    elif liable and s.pao is not None:
        payments[s.pao] += ceil100(liable * mult)
        if basic > liable:
            for p, share in enumerate(_tsumo_shares(s, basic - liable)):
                payments[p] += share
        honba_pay[s.pao] += s.honba * rules.honba_value
    else:
        payments = _tsumo_shares(s, basic)
        for p in range(n):
            if p != s.winner:
                honba_pay[p] = s.honba * rules.honba_tsumo_each
    total = sum(payments)
    deltas = [-(payments[p] + honba_pay[p]) for p in range(n)]
    deltas[s.winner] = total + sum(honba_pay) + s.deposits * rules.riichi_deposit
    return tuple(deltas), tuple(payments), total


def score_wins(situations: Sequence[WinSituation]) -> list[WinResult | Exception]:
    """Score many wins at once; a win that cannot be scored gives its error in place.

    >>> from jantaku.scoring.situation import WinSituation
    >>> out = score_wins([WinSituation.from_hand("123m456p789s11z[7-89s]", win="1z",
    ...                                          discarder=3)])
    >>> type(out[0]).__name__
    'NoYakuError'
    """
    out: list[WinResult | Exception] = []
    append = out.append
    for s in situations:
        try:
            append(_score(s))
        except (NoYakuError, IncompleteHandError, ImpossibleSituationError) as e:
            append(e)
    return out


def has_yaku(s: WinSituation) -> bool:
    """Whether a complete hand has a yaku in this situation (the legal-win check).

    Cheaper than :func:`score_win`: no dora, payments or result are built. Raises
    :class:`~jantaku.errors.IncompleteHandError` when the tiles are not a win,
    :class:`~jantaku.errors.ArgumentTypeError` for anything but a situation.

    >>> from jantaku.scoring.situation import WinSituation
    >>> has_yaku(WinSituation.from_hand("123m456p789s11z[7-89s]", win="1z", discarder=3))
    False
    """
    if s.__class__ is not WinSituation:
        raise _not_a_situation(s)
    concealed = [0] * 34
    for t in s.concealed:
        concealed[KIND_OF[t]] += 1
    candidates = _analyse(bytes(concealed), _melds(s) if s.melds else b"", KIND_OF[s.win_tile], s)
    if not candidates:
        raise IncompleteHandError(_Message("not a winning hand: {}", s))
    if not any(candidates[1::_STRIDE]) and not any(candidates[2::_STRIDE]):
        return False
    return s.rules.atozuke or _yaku_on_every_wait(s)


def _yaku_on_every_wait(s: WinSituation) -> bool:
    """Y29 後付けなし: an open hand wins only if every tile that completes it gives a yaku.

    The 000 textbook defines 後付け as calling before the yaku is made (役牌の刻子を作る前に
    他の牌を鳴く行為); without it, a called hand must already be sure of its yaku, so a
    wait on which one of the winning tiles would leave the hand without a yaku (a
    shanpon on a dragon and a plain pair, say) cannot win on either. Closed hands (ankan
    only) are not concerned. Each other winning tile is tried in the same situation
    (tsumo or ron, haitei, rinshan ...); dora never count, and a tile of which the hand
    holds all four is no winning tile.
    """
    if all(m.kind is MeldKind.ANKAN for m in s.melds):
        return True
    win = KIND_OF[s.win_tile]
    held = [0] * 34
    for t in s.concealed:
        held[KIND_OF[t]] += 1
    for m in s.melds:
        for t in m.tiles:
            held[KIND_OF[t]] += 1
    rest = list(s.concealed)
    rest.remove(s.win_tile)
    before = [0] * 34
    for t in rest:
        before[KIND_OF[t]] += 1
    melds = _melds(s)
    for k in (w.kind for w in _wait_list(before)):
        if k == win or held[k] >= 4:
            continue
        try:
            other = _replace(s, concealed=(*rest, k), win_tile=k)
        except (InvalidHandError, ImpossibleSituationError):
            continue
        counts = list(before)
        counts[k] += 1
        found = _analyse(bytes(counts), melds, k, other)
        if not any(found[1::_STRIDE]) and not any(found[2::_STRIDE]):
            return False
    return True
