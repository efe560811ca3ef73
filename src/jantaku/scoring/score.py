"""Scoring a win (S1–S11): yaku, dora, fu, limits, basic points and payments.

:func:`score_win` reads the hand every way it can (H6), assigns the winning tile to
each set it could have completed (the wait), scores each reading and keeps the one
that pays most. :func:`has_yaku` keeps its analysis of a hand shape, so the engine
can ask "does this win have a yaku?" for every possible win cheaply, and
:func:`score_win` then scores the win it checked from what the check kept (a hand not
checked before is analysed and not kept).

This module holds the reference: :func:`_candidates` reads each yaku through its
predicate in the registry (:mod:`jantaku.scoring.yaku`) and each fu through
:func:`jantaku.scoring.candidates.itemised_fu`. Most wins are scored by its optimised
twin, :mod:`jantaku.scoring.fast` (per-suit tables and bit masks), which gives the
same candidates (``tests/test_scoring_fast.py`` compares them); the reference scores
the rest (a possible yakuman, a first-turn win). Limits and rounding live in
:mod:`jantaku.scoring.limits`, the payment split in
:func:`jantaku.scoring.payments.win_payments`.

>>> from jantaku.scoring.situation import WinSituation, Riichi
>>> r = score_win(WinSituation.from_hand("234m567p11s345678s", win="8s", discarder=2,
...                                      winner=1, riichi=Riichi.RIICHI))
>>> [y.romaji for y in r.yaku], r.fu, r.han, r.total, r.payment_text()
(['riichi', 'pinfu'], 30, 2, 2000, '2000')
"""

from __future__ import annotations

import gc as _gc
from collections.abc import Sequence
from dataclasses import replace as _replace
from itertools import chain
from typing import Any, Final, NamedTuple

from jantaku.errors import (
    ArgumentTypeError,
    ImpossibleSituationError,
    IncompleteHandError,
    InvalidHandError,
    NoYakuError,
)
from jantaku.hand.decompose import Form, Reading
from jantaku.hand.waits import WaitShape
from jantaku.hand.waits import waits as _wait_list
from jantaku.meld import MeldKind
from jantaku.scoring.candidates import (
    ANKAN_CODE,
    CHII_CODE,
    FORM_CODE,
    FORMS,
    MELD_CODE_OF,
    PON_CODE,
    REGULAR,
    STRIDE,
    TUPLE_NEW,
    WAIT_CODE,
    WAIT_SHAPES,
    Candidate,
    Melds,
    YakuHan,
    fu_in_context,
    melds_of,
    reading_waits,
    yaku_codes,
    yaku_han,
    yakuman_han,
)
from jantaku.scoring.fast import (
    CACHE_SIZE,
    KOKUSHI_CODE,
    YAKU_OF,
    flat_candidates,
    kokushi_candidates,
    regular_splits,
    situation_context,
    yaku_of,
)
from jantaku.scoring.fast import clear_caches as _clear_fast_caches
from jantaku.scoring.limits import Limit, basic_points, ceil100, hand_value
from jantaku.scoring.payments import WinPayments, win_payments
from jantaku.scoring.situation import WinSituation
from jantaku.scoring.yaku import (
    HAND_LEVEL,
    HONOR_TRIPLET,
    ORDINARY,
    YAKUMAN,
    Context,
)
from jantaku.tiles import KIND_OF, NORTH, YAOCHUU, format_tiles

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

_PAO_YAKUMAN: Final = frozenset(("daisangen", "daisuushii"))
_BYTE: Final = tuple(bytes((i,)) for i in range(256))  # each byte value as one byte


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
    wait: WaitShape
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


# The analyses of hand shapes (:func:`_analyse`) by the concealed counts, the melds'
# bytes, the winning kind and the context's token. The legal-win check
# (:func:`has_yaku`) keeps what it analyses: a game checks the same shape turn after
# turn, then scores the win it checked. :func:`score_win` reads the cache and keeps
# nothing, so scoring many hands once each (a batch, a log) does not fill memory with
# shapes never asked again, nor spend the time to keep them. Keyed by value (the
# context's token stands for the rules' value and the situation's fields, see
# :mod:`jantaku.scoring.fast`) and cleared when it holds :data:`CACHE_SIZE` shapes,
# as the readings by concealed counts below are.
_CACHE: dict[tuple[bytes, bytes, int, int], tuple[Any, ...]] = {}


def _analyse(
    concealed: bytes,
    melds: Melds,
    win_kind: int,
    situation: WinSituation,
) -> tuple[Any, ...]:
    """Every (reading, wait) candidate of a hand shape with its yaku and fu, as one flat
    tuple (:data:`STRIDE` fields a candidate), cached on the shape (the concealed
    counts and the melds as bytes) and the fields of the situation that yaku and fu
    read."""
    s = situation
    ctx = situation_context(s)
    key = (concealed, melds, win_kind, ctx[1])
    found = _CACHE.get(key)
    if found is None:
        found = _analyse_new(key, s, ctx)
    return found


def _analyse_new(
    key: tuple[bytes, bytes, int, int], s: WinSituation, ctx: tuple[Any, ...]
) -> tuple[Any, ...]:
    """The candidates of a hand not in the cache (:func:`_analyse`), cached."""
    if len(_CACHE) >= CACHE_SIZE:
        _CACHE.clear()
    concealed, melds, win_kind, _ = key
    found = flat_candidates(concealed, melds, win_kind, ctx)
    if found is None:
        found = _slow(concealed, melds, win_kind, s)
    _CACHE[key] = found
    return found


def _slow(concealed: bytes, melds: Melds, win_kind: int, s: WinSituation) -> tuple[Any, ...]:
    """The candidates of a hand the fast path leaves (thirteen orphans, a possible
    yakuman, a first-turn win or no winning shape), as one flat tuple."""
    candidates = kokushi_candidates(concealed, melds, win_kind, s)
    if candidates is None:
        candidates = _candidates(tuple(concealed), melds, win_kind, s)
    return tuple(chain.from_iterable(candidates))


_READINGS: dict[tuple[int, ...], tuple[Reading, ...]] = {}


def _readings(concealed: tuple[int, ...]) -> tuple[Reading, ...]:
    found = _READINGS.get(concealed)
    if found is None:
        if len(_READINGS) >= CACHE_SIZE:
            _READINGS.clear()
        found = _READINGS[concealed] = _table_readings(concealed)
    return found


def _table_readings(concealed: tuple[int, ...]) -> tuple[Reading, ...]:
    """:func:`jantaku.hand.decompose.readings` of complete concealed counts, the
    regular ones from the shipped split tables."""
    out = [
        Reading(REGULAR, x[2], tuple(x[0]), tuple(x[1]))
        for x in regular_splits(bytes(concealed), 0)[0]
    ]
    if sum(concealed) == 14:
        pairs = tuple(k for k in range(34) if concealed[k] == 2)
        if len(pairs) == 7:
            out.append(Reading(Form.SEVEN_PAIRS, pairs[0], (), pairs))
        if (
            all(concealed[k] in (1, 2) for k in YAOCHUU)
            and sum(concealed[k] for k in YAOCHUU) == 14
        ):
            doubled = next(k for k in YAOCHUU if concealed[k] == 2)
            out.append(Reading(Form.KOKUSHI, doubled, (), ()))
    return tuple(out)


def clear_cache() -> None:
    """Forget every cached hand-shape analysis and reading (for benchmarks and memory;
    the shipped split tables stay loaded)."""
    _CACHE.clear()
    _READINGS.clear()
    _clear_fast_caches()


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


# --- the reference: every yaku through the registry's predicates -------------------


def _candidates(
    concealed: tuple[int, ...],
    melds: Melds,
    win_kind: int,
    situation: WinSituation,
) -> tuple[Candidate, ...]:
    rules = situation.rules
    tsumo = situation.discarder is None
    closed = all(m >> 6 == ANKAN_CODE for m in melds)
    counts = list(concealed)
    meld_runs: list[int] = []
    meld_trips: list[int] = []
    kans: list[int] = []
    ankans = 0
    for m in melds:
        code = m >> 6
        k = m & 63
        if code == CHII_CODE:
            meld_runs.append(k)
            counts[k] += 1
            counts[k + 1] += 1
            counts[k + 2] += 1
        else:
            meld_trips.append(k)
            counts[k] += 3
            if code != PON_CODE:
                kans.append(k)
                ankans += code == ANKAN_CODE
    all_counts = tuple(counts)
    kinds = frozenset(filter(counts.__getitem__, range(34)))
    kans_t = tuple(kans)
    seat_wind = situation.seat_wind
    round_wind = situation.round_wind
    out: list[Candidate] = []
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
        form_code = FORM_CODE[form]
        pair = reading.pair
        concealed_runs = reading.runs
        concealed_trips_b = reading.triplets
        for wait in reading_waits(reading, win_kind):
            concealed_trips = len(reading.triplets) + ankans if regular else 0
            if regular and wait is WaitShape.SHANPON and not tsumo:
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
                        hand_yaku.append(yaku_han(y, h * n))
                        hand_han += h * n
                if (
                    situation.first_turn
                    or len(kans) == 4
                    or kinds <= _LIMIT_KINDS
                    or (closed and not melds and len(ctx.suits) == 1 and max(kinds) < 27)
                ):
                    hand_yakuman = [
                        yakuman_han(y, rules)
                        for y in _YM_HAND
                        if (closed or y.han_open) and y.predicate(ctx)
                    ]
            yakuman = list(hand_yakuman)
            if form is Form.KOKUSHI or concealed_trips == 4 or honor_trips >= 3:
                yakuman += [
                    yakuman_han(y, rules)
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
                        found.append(yaku_han(y, h * n))
                        han += h * n
                        pinfu = pinfu or y.id == "pinfu"
            items, fu = fu_in_context(ctx, reading, melds, pinfu)
            out.append(
                (
                    yaku_codes(found),
                    han,
                    mult,
                    fu,
                    form_code,
                    pair,
                    concealed_runs,
                    concealed_trips_b,
                    WAIT_CODE[wait],
                    items,
                )
            )
    return tuple(out)


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
    # Raised from a local, the error would hold this frame (through its traceback) and
    # the frame the error (through the local): a reference cycle that only the cyclic
    # collector frees, made by every win without a yaku, so that a loop over many of
    # them sets off collections of every object the program holds.
    try:
        raise result
    finally:
        del result  # the cycle broken: the error is freed as soon as it is dropped


def _score(s: WinSituation) -> WinResult | NoYakuError | IncompleteHandError:
    """:func:`score_win`, the common errors (no yaku, no winning shape) returned, not
    raised: :func:`score_wins` keeps them in place without raising each."""
    if s.__class__ is not WinSituation:
        raise _not_a_situation(s)
    try:  # the kinds held concealed and in all, and the red fives, as construction counted
        cb, every, red = s._tally
    except AttributeError:  # a situation made otherwise (a copy): counted here
        cb, every, red = _counted(s)
    melds = b""  # each meld's code (kind << 6 | its first tile's kind), one byte a meld
    for meld in s.melds:  # (joined from a table of the 256 bytes: no call a meld)
        melds += _BYTE[MELD_CODE_OF[meld.kind._value_] << 6 | KIND_OF[meld.tiles[0]]]
    win_kind = KIND_OF[s.win_tile]
    rules = s.rules
    ctx = situation_context(s)
    # the shapes the legal-win check kept (none when it never ran: no key to hash)
    candidates = _CACHE.get((cb, melds, win_kind, ctx[1])) if _CACHE else None
    if candidates is None:  # a shape not checked before: analysed, not kept (_CACHE)
        candidates = flat_candidates(cb, melds, win_kind, ctx)
        if candidates is None:
            candidates = _slow(cb, melds, win_kind, s)
    n = len(candidates)
    if n == STRIDE:  # most wins read one way: the one candidate, its fields at once
        codes, han, mult, fu, form, pair, runs, trips, wait, items = candidates
        if not han and not mult:
            return NoYakuError(_Message("no yaku in {} (dora alone do not count)", s))
    elif not n:
        return IncompleteHandError(_Message("not a winning hand: {}", s))
    elif not any(candidates[1::STRIDE]) and not any(candidates[2::STRIDE]):
        return NoYakuError(_Message("no yaku in {} (dora alone do not count)", s))
    if not ctx[12] and not _yaku_on_every_wait(s):  # no atozuke
        raise NoYakuError(f"no yaku on every winning tile of {_notation(s)} (後付けなし, Y29)")
    # dora, ura dora (S7) and norths set aside
    dora_of = ctx[9]
    dora = 0
    for ind in s.dora_indicators:
        dora += every[dora_of[ind]]
    ura = 0
    if ctx[10]:  # riichi, and the rules count ura dora
        for ind in s.ura_indicators:
            ura += every[dora_of[ind]]
    kita = s.kita
    if kita:  # an indicator pointing at north counts each north set aside
        dora += kita * sum(1 for ind in s.dora_indicators if dora_of[ind] == NORTH)
        if ctx[10]:
            ura += kita * sum(1 for ind in s.ura_indicators if dora_of[ind] == NORTH)
    flowers = s.flowers
    extra = dora + ura + red + kita + flowers
    if n != STRIDE:  # the reading that pays most (H6)
        best: tuple[tuple[int, int, int], Sequence[Any]] | None = None
        for i in range(0, n, STRIDE):
            c = candidates[i : i + STRIDE]
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
        codes, han, mult, fu, form, pair, runs, trips, wait, items = best[1]
    yaku = YAKU_OF.get(codes) or yaku_of(codes)
    reading = Reading(FORMS[form], pair, runs, trips)
    if s.robbed_ankan and form != KOKUSHI_CODE:
        raise ImpossibleSituationError("only thirteen orphans may rob an ankan")
    if mult:
        dora = ura = red = kita = flowers = 0
        han_total = 13 * mult
        basic, limit = 8000 * mult, Limit.YAKUMAN
    else:
        han_total = han + extra
        found = ctx[8].get(han_total << 8 | fu)
        if found is None:
            found = ctx[8][han_total << 8 | fu] = basic_points(han_total, fu, rules)
        basic, limit = found
    discarder = s.discarder
    winner = s.winner
    if s.pao is None:  # every seat's change from a table by value (_paid)
        pay_key = (basic, discarder, winner, s.dealer, s.honba, s.deposits)
        paid = ctx[13].get(pay_key)
        if paid is None:  # a payment not made before under these rules
            paid = _paid(ctx[13], pay_key, s)
        deltas, payments, total = paid
    else:
        if not rules.pao:
            raise ImpossibleSituationError("pao is not played under these rules")
        pao_ids = _PAO_YAKUMAN | ({"suukantsu"} if rules.pao_suukantsu else set())
        liable = sum(y.yakuman for y in yaku if y.id in pao_ids)
        if not liable:
            raise ImpossibleSituationError("a pao seat without a liable yakuman")
        # on Tenhou the liable seat pays the whole hand, other yakuman included
        deltas, payments, total = _pay(s, basic, basic if rules.pao_whole_hand else 8000 * liable)
    result: WinResult = TUPLE_NEW(
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
            WAIT_SHAPES[wait],
            discarder is None,
            winner == s.dealer,
            winner,
            flowers,
            (red + ura + (1 if s.ippatsu else 0)) if ctx[11] else 0,
            s.pao,
        ),
    )
    return result


def _counted(s: WinSituation) -> tuple[bytes, bytes, int]:
    """The copies of each kind among the concealed tiles and in the whole hand (34
    bytes each) and the red fives of the whole hand, counted from the tiles: what a
    situation keeps when it was constructed
    (:class:`~jantaku.scoring.situation.WinSituation`), for one made otherwise."""
    counts = bytearray(34)
    red = 0
    for t in s.concealed:
        counts[KIND_OF[t]] += 1
        if t >= 34:
            red += 1
    held = bytes(counts)
    for meld in s.melds:
        for t in meld.tiles:
            counts[KIND_OF[t]] += 1
            if t >= 34:
                red += 1
    return held, bytes(counts), red


# a win's payments by its basic points, discarder, winner, dealer, honba and deposits
_PayKey = tuple[int, int | None, int, int, int, int]
_PAYMENTS_SIZE: Final = 1 << 12  # the bound of each rules' payments table


def _paid(table: dict[_PayKey, WinPayments], key: _PayKey, s: WinSituation) -> WinPayments:
    """What a win without pao moves (:func:`~jantaku.scoring.payments.win_payments`),
    kept in ``table`` (the context's: one for equal rules) by ``key``. Wins share a
    few hundred keys, so most read their payments from the table; cleared when it
    holds :data:`_PAYMENTS_SIZE` of them."""
    if len(table) >= _PAYMENTS_SIZE:
        table.clear()
    paid = table[key] = _pay(s, key[0], 0)
    return paid


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


def _pay(s: WinSituation, basic: int, liable: int) -> WinPayments:
    """Every seat's change, each seat's payment and their total, ``liable`` of the
    basic points paid by the pao seat (:func:`score_win` keeps those of a win without
    pao by value, :func:`_paid`)."""
    return win_payments(
        basic,
        winner=s.winner,
        dealer=s.dealer,
        discarder=s.discarder,
        rules=s.rules,
        pao=s.pao,
        liable=liable,
        honba=s.honba,
        deposits=s.deposits,
    )


def score_wins(situations: Sequence[WinSituation]) -> list[WinResult | Exception]:
    """Score many wins at once; a win that cannot be scored gives its error in place.

    The same results, in the same order, as :func:`score_win` on each: a
    :class:`~jantaku.errors.NoYakuError`, :class:`~jantaku.errors.IncompleteHandError`
    or :class:`~jantaku.errors.ImpossibleSituationError` is put in the list where the
    single call raises it; anything but a :class:`WinSituation` raises
    :class:`~jantaku.errors.ArgumentTypeError`, as the single call does.

    Cheaper a hand than single calls: the scoring functions and the errors caught are
    looked up once for the batch, and Python's cyclic garbage collector is paused
    while the batch runs (and resumed after it, also when an error escapes). A batch
    allocates many small results and keeps every one, none in a reference cycle (an
    error is kept without its traceback), so the collections a loop of single calls
    sets off only walk those results again and again, to free nothing. A program that
    paused the collector itself finds it paused after the batch.

    >>> from jantaku.scoring.situation import WinSituation
    >>> out = score_wins([WinSituation.from_hand("123m456p789s11z[7-89s]", win="1z",
    ...                                          discarder=3)])
    >>> type(out[0]).__name__
    'NoYakuError'
    """
    out: list[WinResult | Exception] = []
    append = out.append
    score = _score
    kept = _KEPT_ERRORS
    paused = _gc.isenabled()
    if paused:
        _gc.disable()
    try:
        for s in situations:
            try:
                append(score(s))
            except kept as e:  # kept without its traceback, as the errors _score returns
                append(e.with_traceback(None))
    finally:
        if paused:
            _gc.enable()
    return out


# the errors score_wins puts in place of a result (score_win raises them)
_KEPT_ERRORS: Final = (NoYakuError, IncompleteHandError, ImpossibleSituationError)


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
    try:  # the kinds held concealed, as construction counted them
        concealed = s._tally[0]
    except AttributeError:  # a situation made otherwise (a copy): counted here
        concealed = _counted(s)[0]
    candidates = _analyse(concealed, melds_of(s) if s.melds else b"", KIND_OF[s.win_tile], s)
    if not candidates:
        raise IncompleteHandError(_Message("not a winning hand: {}", s))
    if not any(candidates[1::STRIDE]) and not any(candidates[2::STRIDE]):
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
    melds = melds_of(s)
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
        if not any(found[1::STRIDE]) and not any(found[2::STRIDE]):
            return False
    return True
