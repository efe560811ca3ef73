"""Point sticks (点棒): what to hand over for each payment and the change to give back.

The seeds' set (000 用具: 点棒 1万点棒 4本, 5千点棒 8本, 千点棒 16本, 百点棒 100本) is
shared out at the start: each player gets the start points from an equal share of
each kind, the biggest sticks first (25,000 = 1 × 10,000 + 2 × 5,000 + 4 × 1,000 +
10 × 100), the rest stays in the box. Each payment of a hand becomes transfers from
payer to receiver (the riichi sticks to the table and back); for each, the payer
hands over sticks it holds and the receiver gives change from its own, moving as
few sticks as possible.

>>> deal = starting_sticks(25000, 4)
>>> deal.players[0].text()
'1×10000 2×5000 4×1000 10×100'
>>> t = plan_transfer(3900, deal.players[0], deal.players[1])
>>> t.handed.text(), t.change.text()
('1×5000', '1×1000 1×100')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import product
from typing import Any, Final

from jantaku.keep.entries import KeepError
from jantaku.keep.model import Match

__all__ = [
    "DENOMINATIONS",
    "SEED_SET",
    "Deal",
    "Sticks",
    "Transfer",
    "deal_for",
    "plan_transfer",
    "starting_sticks",
    "stick_plan",
]

DENOMINATIONS: Final = (10000, 5000, 1000, 100)
"""The sticks' values, biggest first."""

SEED_SET: Final = (4, 8, 16, 100)
"""The set of 000 用具 by :data:`DENOMINATIONS`: 10,000 × 4, 5,000 × 8, 1,000 × 16, 100 × 100."""


@dataclass(frozen=True, slots=True)
class Sticks:
    """A handful of sticks: how many of each of :data:`DENOMINATIONS`."""

    counts: tuple[int, int, int, int] = (0, 0, 0, 0)

    @property
    def value(self) -> int:
        """The points the sticks are worth."""
        return sum(c * d for c, d in zip(self.counts, DENOMINATIONS, strict=True))

    @property
    def number(self) -> int:
        """How many sticks."""
        return sum(self.counts)

    def __add__(self, other: Sticks) -> Sticks:
        a, b, c, d = (x + y for x, y in zip(self.counts, other.counts, strict=True))
        return Sticks((a, b, c, d))

    def __sub__(self, other: Sticks) -> Sticks:
        a, b, c, d = (x - y for x, y in zip(self.counts, other.counts, strict=True))
        return Sticks((a, b, c, d))

    def text(self) -> str:
        """``'1×10000 2×5000'`` (``'-'`` for none)."""
        parts = [f"{c}×{d}" for c, d in zip(self.counts, DENOMINATIONS, strict=True) if c]
        return " ".join(parts) or "-"

    def to_dict(self) -> dict[str, int]:
        """``{"10000": 1, …}`` for the kinds held."""
        return {str(d): c for c, d in zip(self.counts, DENOMINATIONS, strict=True) if c}


@dataclass(frozen=True, slots=True)
class Deal:
    """The sticks each player starts with, and those left in the box."""

    players: tuple[Sticks, ...]
    box: Sticks


def starting_sticks(start_points: int, players: int, stick_set: Sequence[int] = SEED_SET) -> Deal:
    """Share the set out: each player's start points from an equal share of each kind,
    big sticks first but keeping up to 4 × 1,000 and 10 × 100 back for riichi and
    change, topped up from the rest of the set if the share is short.

    >>> starting_sticks(35000, 3).players[0].text()
    Traceback (most recent call last):
    ...
    jantaku.keep.entries.KeepError: the set of sticks cannot give 3 players 35000 each
    >>> starting_sticks(35000, 3, [2 * c for c in SEED_SET]).players[0].text()
    '2×10000 2×5000 4×1000 10×100'

    Raises :class:`~jantaku.keep.entries.KeepError` when the set cannot give everyone
    the start points.
    """
    if len(stick_set) != 4 or any(c < 0 for c in stick_set):
        raise KeepError("a stick set counts the four kinds of sticks")
    box = list(stick_set)
    shares = [c // players for c in stick_set]
    # a few small sticks kept back for riichi and change: up to 4 × 1,000 and 10 × 100
    kept = (0, 0, min(shares[2], 4) * 1000, min(shares[3], 10) * 100)
    hands: list[list[int]] = [[0, 0, 0, 0] for _ in range(players)]
    for p in range(players):
        hand = hands[p]
        rest = start_points
        for i, d in enumerate(DENOMINATIONS):  # the share, big sticks first
            room = rest - sum(kept[i + 1 :])
            take = max(0, min(shares[i], room // d, box[i]))
            hand[i] += take
            box[i] -= take
            rest -= take * d
        for i, d in enumerate(DENOMINATIONS):  # topped up from what the others leave
            spare = box[i] - shares[i] * (players - p - 1)
            take = max(0, min(spare, rest // d))
            hand[i] += take
            box[i] -= take
            rest -= take * d
        if rest:
            raise KeepError(f"the set of sticks cannot give {players} players {start_points} each")
    return Deal(
        tuple(Sticks((h[0], h[1], h[2], h[3])) for h in hands),
        Sticks((box[0], box[1], box[2], box[3])),
    )


@dataclass(frozen=True, slots=True)
class Transfer:
    """One payment between two parties (a seat, or ``None`` for the table's deposits):
    the sticks ``handed`` over, the ``change`` given back, and any ``short`` part the
    payer could not pay in sticks (points below zero). ``exchange`` is set when neither
    side has the sticks for it: the payer first changes its sticks at the box."""

    payer: int | None
    receiver: int | None
    amount: int
    handed: Sticks
    change: Sticks
    short: int = 0
    exchange: bool = False

    def to_dict(self) -> dict[str, Any]:
        """The transfer as JSON-ready values (sticks as text and by kind)."""
        return {
            "payer": self.payer,
            "receiver": self.receiver,
            "amount": self.amount,
            "handed": self.handed.text(),
            "change": self.change.text(),
            "short": self.short,
            "exchange": self.exchange,
        }


def _options(held: Sticks, at_least: int) -> list[Sticks]:
    """Every way to take sticks worth ``at_least`` from ``held`` without a useless stick
    (no more of a kind than the amount needs, the hundreds only as many as needed)."""
    out = []
    a, b, c, d = held.counts
    most = [
        min(have, at_least // value + 1)
        for have, value in zip((a, b, c), DENOMINATIONS[:3], strict=True)
    ]
    for x, y, z in product(range(most[0] + 1), range(most[1] + 1), range(most[2] + 1)):
        big = 10000 * x + 5000 * y + 1000 * z
        need = max(0, -(-(at_least - big) // 100))
        if need <= d:
            out.append(Sticks((x, y, z, need)))
    return out


def _exact(value: int, held: Sticks) -> Sticks | None:
    """The fewest sticks of ``held`` worth exactly ``value``, or ``None``: each value
    divides the next bigger one, so taking the biggest that fit first finds them."""
    counts = []
    for have, d in zip(held.counts, DENOMINATIONS, strict=True):
        take = min(have, value // d)
        counts.append(take)
        value -= take * d
    if value:
        return None
    return Sticks((counts[0], counts[1], counts[2], counts[3]))


def plan_transfer(amount: int, payer: Sticks, receiver: Sticks) -> Transfer:
    """How ``amount`` goes from a payer holding ``payer`` to a receiver holding
    ``receiver``: the fewest sticks moved both ways (an exact payment when it is as
    few). A payer without enough hands over everything (``short`` is the rest).

    >>> plan_transfer(1500, Sticks((0, 1, 0, 0)), Sticks((0, 0, 3, 5))).change.text()
    '3×1000 5×100'
    """
    if amount <= 0:
        return Transfer(None, None, 0, Sticks(), Sticks())
    if payer.value < amount:
        return Transfer(None, None, amount, payer, Sticks(), short=amount - payer.value)
    best: tuple[tuple[int, int], Sticks, Sticks] | None = None
    for handed in _options(payer, amount):
        over = handed.value - amount
        change = _exact(over, receiver + handed) if over else Sticks()
        if change is None:
            continue
        key = (handed.number + change.number, over)
        if best is None or key < best[0]:
            best = (key, handed, change)
    if best is None:  # no change to be had: the payer changes its sticks at the box first
        return Transfer(None, None, amount, _fewest(amount), Sticks(), exchange=True)
    return Transfer(None, None, amount, best[1], best[2])


def _fewest(value: int) -> Sticks:
    """The fewest sticks worth ``value`` (from the box, whatever it holds)."""
    counts = []
    for d in DENOMINATIONS:
        counts.append(value // d)
        value %= d
    return Sticks((counts[0], counts[1], counts[2], counts[3]))


def _pairs(deltas: Sequence[int], table: int) -> list[tuple[int | None, int | None, int]]:
    """A payment's deltas (and the table's change) as payer → receiver amounts."""
    who: list[int | None] = [*range(len(deltas)), None]
    owed = [*deltas, table]
    out: list[tuple[int | None, int | None, int]] = []
    for i, d in enumerate(owed):
        for j in range(len(owed)):
            if d >= 0:
                break
            amount = min(-d, owed[j]) if owed[j] > 0 else 0
            if amount:
                out.append((who[i], who[j], amount))
                d += amount
                owed[j] -= amount
        owed[i] = d
    return out


def deal_for(start_points: int, players: int, stick_set: Sequence[int] = SEED_SET) -> Deal:
    """:func:`starting_sticks` from as many sets as the start points need (one set gives
    four players 25,000; 30,000 each, or three players 35,000, take two).

    >>> deal_for(30000, 4).players[0].text()
    '2×10000 1×5000 4×1000 10×100'
    """
    for times in (1, 2, 3):
        try:
            return starting_sticks(start_points, players, [times * c for c in stick_set])
        except KeepError:
            pass
    return starting_sticks(start_points, players, [4 * c for c in stick_set])


def stick_plan(match: Match, stick_set: Sequence[int] = SEED_SET) -> list[list[Transfer]]:
    """For each hand of the match, the transfers of its payments in order, each with the
    sticks to hand over and the change, from what each player holds at that moment.
    The sticks are dealt by :func:`deal_for`.

    >>> from jantaku.keep.model import Hand, Winner
    >>> from jantaku.rules import TENHOU
    >>> m = Match.new(TENHOU, "ABCD").add(
    ...     Hand.ron(discarder=2, winners=(Winner(seat=1, han=3, fu=30),), riichi=(1,)))
    >>> [(t.payer, t.receiver, t.amount, t.handed.text()) for t in stick_plan(m)[0]]
    [(1, None, 1000, '1×1000'), (2, 1, 3900, '1×5000'), (None, 1, 1000, '1×1000')]
    """
    rules = match.rules
    held = list(deal_for(rules.start_points, rules.players, stick_set).players)
    table = Sticks()
    plan: list[list[Transfer]] = []
    for record in match.ledger().hands:
        moves: list[Transfer] = []
        for payment in record.payments:
            for payer, receiver, amount in _pairs(payment.deltas, payment.table):
                source = table if payer is None else held[payer]
                target = table if receiver is None else held[receiver]
                t = plan_transfer(amount, source, target)
                t = Transfer(payer, receiver, amount, t.handed, t.change, t.short, t.exchange)
                if t.exchange:  # the payer's sticks, changed at the box to pay exactly
                    source = _fewest(source.value - amount) + t.handed
                source, target = source - t.handed + t.change, target + t.handed - t.change
                if payer is None:
                    table = source
                else:
                    held[payer] = source
                if receiver is None:
                    table = target
                else:
                    held[receiver] = target
                moves.append(t)
        plan.append(moves)
    return plan
