"""Payments outside a scored win: draws, nagashi mangan, chombo, shortfall, final result.

All functions return per-seat deltas (absolute seats 0…players−1) that sum to zero,
or the final standings of a match.

>>> from jantaku.rules import TENHOU
>>> noten_payments([True, False, False, True], TENHOU)
(1500, -1500, -1500, 1500)
>>> chombo_payments(1, dealer=0, rules=TENHOU)
(4000, -8000, 2000, 2000)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import NamedTuple

from jantaku.errors import ArgumentTypeError, RulesError, ScoringError
from jantaku.meld import Meld
from jantaku.rules import LeftoverDeposits, Rounding, Rules, SanmaTsumo, Shortfall
from jantaku.scoring.limits import ceil100
from jantaku.scoring.yakuman_distance import UNREACHABLE, yakuman_distance
from jantaku.tiles import Tile

__all__ = [
    "FinalStanding",
    "WinPayments",
    "chombo_payments",
    "final_result",
    "nagashi_payments",
    "noten_payments",
    "ron_order",
    "settle_shortfall",
    "win_payments",
    "yakuman_claim_payments",
    "yakuman_shanten",
]


class WinPayments(NamedTuple):
    """What a win moves: every seat's change (honba and deposits included), what each
    seat pays for the hand itself, and the sum of those payments (the hand's value)."""

    deltas: tuple[int, ...]
    payments: tuple[int, ...]
    total: int


def win_payments(
    basic: int,
    *,
    winner: int,
    dealer: int,
    discarder: int | None,
    rules: Rules,
    pao: int | None = None,
    liable: int = 0,
    honba: int = 0,
    deposits: int = 0,
) -> WinPayments:
    """Split a win worth ``basic`` points among the seats (S5, S6, S10, S11, X3).

    A ron is paid by ``discarder`` (``None`` for a tsumo): basic × 6 from a dealer's
    win, × 4 otherwise, rounded up to 100. A tsumo is paid by every other seat: the
    dealer pays twice a non-dealer's share, each rounded up to 100; with three
    players and the split tsumo (:attr:`~jantaku.rules.SanmaTsumo.SPLIT`) the missing
    seat's share is split between the two payers. ``honba`` pays
    :attr:`~jantaku.rules.Rules.honba_value` by ron (from the discarder),
    :attr:`~jantaku.rules.Rules.honba_tsumo_each` from each payer by tsumo; the
    winner takes the ``deposits`` riichi sticks. With a liable seat (``pao``), the
    ``liable`` part of ``basic`` (a yakuman's 8000, or the whole hand) is paid by
    that seat alone by tsumo and half by it and half by the discarder by ron, with
    the honba; the rest is paid as usual. This is what
    :func:`~jantaku.scoring.score_win` pays a scored win with, and what a
    scorekeeper pays a win entered by its han and fu with.

    >>> from jantaku.rules import TENHOU
    >>> win_payments(960, winner=1, dealer=0, discarder=2, rules=TENHOU, honba=1)
    WinPayments(deltas=(0, 4200, -4200, 0), payments=(0, 0, 3900, 0), total=3900)
    >>> win_payments(960, winner=1, dealer=0, discarder=None, rules=TENHOU).payments
    (2000, 0, 1000, 1000)
    >>> win_payments(8000, winner=1, dealer=0, discarder=3, rules=TENHOU, pao=2,
    ...              liable=8000).deltas
    (0, 32000, -16000, -16000)

    Raises :class:`~jantaku.errors.ArgumentTypeError` for a seat outside the table.
    """
    n = rules.players
    for seat in (winner, dealer, discarder, pao):
        if seat is not None and (seat.__class__ is not int or not 0 <= seat < n):
            raise ArgumentTypeError(f"a seat is 0 to {n - 1}, not {seat!r}")
    mult = 6 if winner == dealer else 4
    payments = [0] * n
    honba_pay = [0] * n
    if discarder is not None:
        if liable and pao is not None and pao != discarder:
            half = ceil100(liable * mult / 2)
            rest = ceil100((basic - liable) * mult)
            payments[pao] += half
            payments[discarder] += half + rest
        else:
            payments[discarder] += ceil100(basic * mult)
        honba_pay[discarder] += honba * rules.honba_value
    elif liable and pao is not None:
        payments[pao] += ceil100(liable * mult)
        if basic > liable:
            for p, share in enumerate(_tsumo_shares(basic - liable, winner, dealer, rules)):
                payments[p] += share
        honba_pay[pao] += honba * rules.honba_value
    else:
        payments = _tsumo_shares(basic, winner, dealer, rules)
        for p in range(n):
            if p != winner:
                honba_pay[p] = honba * rules.honba_tsumo_each
    total = sum(payments)
    deltas = [-(payments[p] + honba_pay[p]) for p in range(n)]
    deltas[winner] = total + sum(honba_pay) + deposits * rules.riichi_deposit
    return WinPayments(tuple(deltas), tuple(payments), total)


def _tsumo_shares(basic: int, winner: int, dealer: int, rules: Rules) -> list[int]:
    """What each seat pays on a tsumo worth ``basic`` (0 for the winner)."""
    n = rules.players
    dealer_win = winner == dealer
    shares = [0] * n
    split = n == 3 and rules.sanma_tsumo is SanmaTsumo.SPLIT
    missing = (2 * basic if dealer_win else basic) if split else 0
    for p in range(n):
        if p == winner:
            continue
        raw = 2 * basic if (dealer_win or p == dealer) else basic
        shares[p] = ceil100(raw + missing / 2)
    return shares


def _check_seat(seat: int, n: int, what: str) -> None:
    if not isinstance(seat, int) or not 0 <= seat < n:
        raise ScoringError(f"{what} {seat!r} is not a seat of {n} players")


def ron_order(discarder: int, winners: Sequence[int], players: int) -> tuple[int, ...]:
    """Several rons on one discard, nearest the discarder in turn order first (S8, G5).

    The first takes the honba and the deposits; under head bump it is the only winner.

    >>> ron_order(2, [1, 3, 0], 4)
    (3, 0, 1)
    """
    _check_seat(discarder, players, "discarder")
    for w in winners:
        _check_seat(w, players, "winner")
        if w == discarder:
            raise ScoringError("the discarder cannot win on its own discard")
    return tuple(sorted(set(winners), key=lambda w: (w - discarder) % players))


def noten_payments(tenpai: Sequence[bool], rules: Rules) -> tuple[int, ...]:
    """No-ten payments at an exhaustive draw (G9, X7): noten seats pay the tenpai seats.

    The total (3000 for four players on most presets, 2000 for three) is split: each
    noten seat pays ``total / noten`` (rounded up to 100), the tenpai seats share it.

    >>> from jantaku.rules import TENHOU, TENHOU_SANMA
    >>> noten_payments([True, False, False, False], TENHOU)
    (3000, -1000, -1000, -1000)
    >>> noten_payments([False, True, True], TENHOU_SANMA)
    (-2000, 1000, 1000)
    >>> noten_payments([True, True, True, True], TENHOU)
    (0, 0, 0, 0)

    Raises :class:`~jantaku.errors.ScoringError` for a wrong number of seats,
    :class:`~jantaku.errors.ArgumentTypeError` for a flag that is not a bool.
    """
    n = rules.players
    if isinstance(tenpai, str) or not all(t.__class__ is bool for t in tenpai):
        raise ArgumentTypeError(f"tenpai flags are True or False, not {tenpai!r}")
    if len(tenpai) != n:
        raise ScoringError(f"{n} tenpai flags needed, not {len(tenpai)}")
    ready = [p for p in range(n) if tenpai[p]]
    if not ready or len(ready) == n:
        return (0,) * n
    noten = n - len(ready)
    pay = ceil100(rules.noten_payment_total / noten)
    gain = pay * noten // len(ready)
    return tuple(gain if tenpai[p] else -pay for p in range(n))


def _tsumo_deltas(winner: int, dealer: int, basic: int, rules: Rules) -> list[int]:
    """Every seat's change on a tsumo worth ``basic``, with no honba or deposits."""
    shares = _tsumo_shares(basic, winner, dealer, rules)
    deltas = [-share for share in shares]
    deltas[winner] = sum(shares)
    return deltas


def nagashi_payments(winners: Sequence[int], *, dealer: int, rules: Rules) -> tuple[int, ...]:
    """Nagashi mangan (Y28): each such seat is paid as for a mangan tsumo, no honba.

    >>> from jantaku.rules import TENHOU
    >>> nagashi_payments([2], dealer=0, rules=TENHOU)
    (-4000, -2000, 8000, -2000)
    >>> nagashi_payments([0], dealer=0, rules=TENHOU)
    (12000, -4000, -4000, -4000)

    Raises :class:`~jantaku.errors.RulesError` when the rules have no nagashi mangan.
    """
    n = rules.players
    if not rules.nagashi_mangan:
        raise RulesError("nagashi mangan is not played under these rules")
    _check_seat(dealer, n, "dealer")
    total = [0] * n
    for w in winners:
        _check_seat(w, n, "winner")
        for p, d in enumerate(_tsumo_deltas(w, dealer, 2000, rules)):
            total[p] += d
    return tuple(total)


def chombo_payments(offender: int, *, dealer: int, rules: Rules) -> tuple[int, ...]:
    """A chombo (P1): the offender pays a reverse mangan tsumo.

    A non-dealer pays 2000 to each non-dealer and 4000 to the dealer; the dealer pays
    4000 to each (with ``chombo_basic`` 2000).

    >>> from jantaku.rules import TEXTBOOK
    >>> chombo_payments(0, dealer=0, rules=TEXTBOOK)
    (-12000, 4000, 4000, 4000)
    """
    n = rules.players
    _check_seat(offender, n, "offender")
    _check_seat(dealer, n, "dealer")
    return tuple(-d for d in _tsumo_deltas(offender, dealer, rules.chombo_basic, rules))


def yakuman_shanten(concealed: Sequence[Tile], melds: Sequence[Meld] = ()) -> int:
    """The least shanten of a hand towards any yakuman it can still make (P1b, Y27).

    Every yakuman of the tiles is measured, open melds included where the yakuman allows
    them (daisangen with a pon of dragons, an open tsuuiisou, …); tenhou, chiihou and
    renhou depend on the turn of the win and are not. See
    :mod:`jantaku.scoring.yakuman_distance` for the definition and
    :func:`~jantaku.scoring.yakuman_distance.yakuman_distance` for each yakuman's own
    distance; a hand whose melds rule out every yakuman gives
    :data:`~jantaku.scoring.yakuman_distance.UNREACHABLE` (14).

    >>> from jantaku.tiles import parse_tiles
    >>> yakuman_shanten(parse_tiles("19m19p19s1234566z"))
    0
    >>> yakuman_shanten(parse_tiles("111m222p33s44s567z"))
    2

    Raises :class:`~jantaku.errors.InvalidHandError` for a hand that is not 13 tiles
    (kans counting as 3) or holds a fifth copy of a kind.
    """
    return yakuman_distance(concealed, melds).shanten


def yakuman_claim_payments(
    offender: int,
    claimant: int,
    concealed: Sequence[Tile],
    melds: Sequence[Meld] = (),
    *,
    dealer: int,
    rules: Rules,
) -> tuple[int, ...]:
    """P1b: a hand near a yakuman claims compensation from the chombo offender.

    000 罰則: 錯和が在った時役満3待聴以内の手牌を持っているものはその代償を錯和者に求める
    事が出来る. jantaku reads 3待聴以内 as at most three tiles from the complete yakuman
    (yakuman shanten 2 or less towards any yakuman of the tiles, open ones included,
    :func:`yakuman_shanten`), and the compensation as the
    yakuman the claimant would have won by ron from the offender (32000, 48000 for the
    dealer) less what the chombo payment already gave the claimant. The result is the
    ``deltas`` of a ``penalty`` event (reason ``yakuman_claim``).

    >>> from jantaku.rules import TEXTBOOK
    >>> from jantaku.tiles import parse_tiles
    >>> yakuman_claim_payments(3, 1, parse_tiles("19m19p19s1234566z"), dealer=0, rules=TEXTBOOK)
    (0, 30000, 0, -30000)

    Raises :class:`~jantaku.errors.RulesError` when the rules have no such claim,
    :class:`~jantaku.errors.ScoringError` for bad seats or a hand too far from a yakuman.
    """
    if not rules.chombo_yakuman_claim:
        raise RulesError("these rules have no yakuman claim on a chombo (P1b)")
    n = rules.players
    _check_seat(offender, n, "offender")
    _check_seat(claimant, n, "claimant")
    _check_seat(dealer, n, "dealer")
    if claimant == offender:
        raise ScoringError("the offender cannot claim from itself")
    distance = yakuman_shanten(concealed, melds)
    if distance == UNREACHABLE:
        raise ScoringError("the melds rule out every yakuman")
    if distance > 2:
        raise ScoringError(f"the hand is {distance + 1} tiles from a yakuman (at most 3)")
    full = 8000 * (6 if claimant == dealer else 4)
    received = chombo_payments(offender, dealer=dealer, rules=rules)[claimant]
    extra = max(0, full - received)
    deltas = [0] * n
    deltas[claimant] = extra
    deltas[offender] = -extra
    return tuple(deltas)


def settle_shortfall(points: Sequence[int], deltas: Sequence[int], rules: Rules) -> tuple[int, ...]:
    """Apply the shortfall rule (M4) to a settlement that drives a payer below zero.

    Under ``Shortfall.SPLIT`` (000 収支 "不足が出たら他家が折半して負担する") a payer
    pays only what they hold and the seats that neither receive nor go short cover
    the rest in equal 100-point shares (the remainder from the one with more
    points). Under ``Shortfall.NEGATIVE`` the deltas stand.

    >>> from jantaku.rules import TEXTBOOK
    >>> settle_shortfall([1000, 30000, 30000, 39000], [-8000, 8000, 0, 0], TEXTBOOK)
    (-1000, 8000, -3500, -3500)
    """
    n = rules.players
    if len(points) != n or len(deltas) != n:
        raise ScoringError(f"{n} points and deltas needed")
    if sum(deltas) != 0:
        raise ScoringError("deltas must sum to zero")
    out = list(deltas)
    if rules.shortfall is Shortfall.NEGATIVE:
        return tuple(out)
    for p in range(n):
        short = -(points[p] + out[p])
        if short <= 0:
            continue
        out[p] += short
        helpers = [q for q in range(n) if q != p and deltas[q] <= 0 and points[q] + out[q] > 0]
        if not helpers:
            helpers = [q for q in range(n) if q != p and deltas[q] > 0]
        helpers.sort(key=lambda q: -(points[q] + out[q]))
        units = short // 100
        base, extra = divmod(units, len(helpers))
        for i, q in enumerate(helpers):
            out[q] -= 100 * (base + (1 if i < extra else 0))
        out[helpers[0]] -= short % 100
    return tuple(out)


@dataclass(frozen=True, slots=True)
class FinalStanding:
    """One seat's final result: place (1 = top), points, and score in units of 1000."""

    seat: int
    place: int
    points: int
    score: float


def _units(points: int, rounding: Rounding) -> float:
    sign = 1 if points >= 0 else -1
    if rounding is Rounding.FIVE_DOWN_SIX_UP:  # on the amount: −1,500 → −1, −1,600 → −2
        return float((abs(points) + 400) // 1000 * sign)
    if rounding is Rounding.HALF_UP:  # a half away from zero: −1,500 → −2
        return float((abs(points) + 500) // 1000 * sign)
    return points / 1000


def final_result(
    points: Sequence[int],
    rules: Rules,
    *,
    first_dealer: int = 0,
    leftover: Sequence[int] | None = None,
) -> tuple[FinalStanding, ...]:
    """The final standings of a match (M5, M6), by seat.

    ``leftover[p]`` counts the deposits seat ``p`` left on the table; they go to the
    top, back to their owners or nowhere by ``rules.leftover_deposits``. Ties are
    broken by seat order from the first dealer. Each score but the top's is the
    points rounded to 1000 by ``rules.final_rounding`` minus the return points plus
    the uma; the top takes what makes the scores sum to zero (oka included).

    >>> from jantaku.rules import TENHOU
    >>> [s.score for s in final_result([31100, 49500, 20900, -1500], TENHOU)]
    [11.0, 60.0, -19.0, -52.0]
    """
    n = rules.players
    if isinstance(points, str) or not all(p.__class__ is int for p in points):
        raise ArgumentTypeError(f"final points are ints, not {points!r}")
    if len(points) != n:
        raise ScoringError(f"{n} final points needed, not {len(points)}")
    _check_seat(first_dealer, n, "first dealer")
    pts = list(points)
    left = list(leftover) if leftover is not None else [0] * n
    if len(left) != n or min(left) < 0:
        raise ScoringError(f"{n} non-negative leftover deposit counts needed")
    order = sorted(range(n), key=lambda p: (-pts[p], (p - first_dealer) % n))
    if rules.leftover_deposits is LeftoverDeposits.TO_TOP:
        pts[order[0]] += sum(left) * rules.riichi_deposit
    elif rules.leftover_deposits is LeftoverDeposits.RETURNED:
        for p in range(n):
            pts[p] += left[p] * rules.riichi_deposit
        order = sorted(range(n), key=lambda p: (-pts[p], (p - first_dealer) % n))
    scores = [0.0] * n
    for place, p in enumerate(order):
        if place == 0:
            continue
        value = _units(pts[p], rules.final_rounding) - rules.return_points / 1000
        scores[p] = round(value + rules.uma[place] / 1000, 1)
    top = order[0]
    scores[top] = round(-sum(scores), 1)
    return tuple(
        FinalStanding(seat=p, place=order.index(p) + 1, points=pts[p], score=scores[p])
        for p in range(n)
    )
