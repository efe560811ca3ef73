"""The scorekeeper's model: a match entered hand by hand, everything else derived (pure).

A :class:`Match` holds the rules, the players by seat (seat 0 deals first, 起家) and
one :class:`Hand` entry per hand played: a win (ron, with several winners on one
discard where the rules allow, or tsumo) entered as han and fu, as a limit name or as
the tiles; an exhaustive draw with its tenpai (and nagashi mangan) seats; an abortive
draw the rules allow; a chombo that ends the hand. Each entry also lists the riichi
sticks put down and the fouls (chombo, minor foul, the yakuman claim of P1b).

:meth:`Match.ledger` replays the entries and derives what a scorekeeper writes down:
every payment, the scores after each hand, honba and deposits, the next dealer, the
end of the match and the final result. The payments are scoring's (``score_win`` for
tiles, :mod:`jantaku.scoring.payments` for draws and fouls) and the flow between
hands is the engine's own ``end_kyoku`` settlement, so the scorekeeper and a played
match cannot disagree. An entry that cannot be (a 20 fu ron, a tsumo with a
discarder, a winner who dealt in, a fourth ron) raises :class:`KeepError` and the
match is left as it was.

>>> from jantaku.rules import TENHOU
>>> m = Match.new(TENHOU, ("Aoi", "Ben", "Chie", "Dai"))
>>> m = m.add(Hand.ron(discarder=2, winners=(Winner(seat=1, han=3, fu=30),), riichi=(1,)))
>>> m.ledger().scores
(25000, 28900, 21100, 25000)
>>> m.ledger().next_hand
'East 2'
>>> m.add(Hand.tsumo(Winner(seat=0, han=1, fu=20)))
Traceback (most recent call last):
...
jantaku.keep.entries.KeepError: hand 2: 1 han 20 fu cannot be: 20 fu is pinfu tsumo, 2 han at least
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Final

from jantaku.engine import settle_hand, settle_match
from jantaku.errors import JantakuError, RulesError
from jantaku.events import Hora, Penalty, Ryukyoku
from jantaku.keep.entries import (
    ABORT_REASONS,
    FLAGS,
    FOULS,
    LIMITS,
    RESULTS,
    Foul,
    Hand,
    KeepError,
    Winner,
    check_han_fu,
    is_int,
)
from jantaku.meld import parse_hand
from jantaku.rules import PRESETS, MultipleRon, Rules, Shortfall
from jantaku.scoring import (
    FinalStanding,
    Riichi,
    WinSituation,
    basic_points,
    chombo_payments,
    nagashi_payments,
    noten_payments,
    ron_order,
    score_win,
    settle_shortfall,
    win_payments,
    yakuman_claim_payments,
)
from jantaku.tiles import EAST, parse_tiles

__all__ = [
    "Foul",
    "Hand",
    "HandRecord",
    "KeepError",
    "Ledger",
    "Match",
    "Payment",
    "Winner",
    "preset_summary",
    "table_rules",
]

_WIND_NAMES: Final = ("East", "South", "West", "North")


def table_rules(
    preset: str,
    *,
    start_points: int | None = None,
    return_points: int | None = None,
    uma: Sequence[int] | None = None,
) -> Rules:
    """A preset with the table's own start points, return points (返し) and uma, in
    points. Start points alone keep the preset's difference to the return points; oka
    follows (the top takes the difference when there is one).

    >>> r = table_rules("tenhou", start_points=30000, return_points=30000,
    ...                 uma=(15000, 5000, -5000, -15000))
    >>> r.start_points, r.return_points, r.oka
    (30000, 30000, False)
    >>> table_rules("tenhou", start_points=30000).return_points
    35000
    >>> table_rules("tenhou", uma=(10000, 0, 0, 0))
    Traceback (most recent call last):
    ...
    jantaku.keep.entries.KeepError: these rules cannot be: uma must sum to 0, not 10000

    Raises :class:`KeepError` for an unknown preset or values that cannot be.
    """
    if preset not in PRESETS:
        raise KeepError(f"no preset {preset!r} (known: {', '.join(PRESETS)})")
    rules = PRESETS[preset]
    start = rules.start_points if start_points is None else start_points
    if return_points is None:
        return_points = start + rules.return_points - rules.start_points
    changes: dict[str, Any] = {}
    if start != rules.start_points:
        changes["start_points"] = start
    if return_points != rules.return_points:
        changes["return_points"] = return_points
    if uma is not None and tuple(uma) != rules.uma:
        changes["uma"] = tuple(uma)
    if not changes:
        return rules
    changes["oka"] = return_points != start
    try:
        return replace(rules, **changes)
    except (RulesError, TypeError) as e:
        raise KeepError(f"these rules cannot be: {e}") from None


def preset_summary(rules: Rules) -> str:
    """What a table under these rules plays, in one line.

    >>> preset_summary(PRESETS["tenhou"])
    '25,000 start, 30,000 back, uma +20/+10/-10/-20; red fives; open tanyao; double ron, \
three rons abort; a player below 0 ends the match'
    """
    uma = "/".join(f"{u // 1000:+d}" for u in rules.uma)
    parts = [
        f"{rules.start_points:,} start, {rules.return_points:,} back, uma {uma}",
        "red fives" if any(rules.red_fives) else "no red fives",
        "open tanyao" if rules.kuitan else "no open tanyao",
        {
            MultipleRon.HEAD_BUMP: "head bump (one ron)",
            MultipleRon.DOUBLE: "every ron wins",
            MultipleRon.DOUBLE_TRIPLE_ABORT: "double ron, three rons abort",
        }[rules.multiple_ron],
    ]
    if rules.tobi:
        parts.append(
            "a player at 0 or below ends the match"
            if rules.tobi_at_zero
            else "a player below 0 ends the match"
        )
    else:
        parts.append("points may go below 0")
    return "; ".join(parts)


# --- the replay of the entries ----------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Payment:
    """One movement of points in a hand: ``what`` it is (``riichi``, ``ron``,
    ``tsumo``, ``noten``, ``nagashi``, ``chombo``, ``minor_foul``, ``yakuman_claim``)
    and every seat's change; ``table`` is the change of the deposits on the table
    (sticks put down or taken, in points); for a win, ``value`` is what it is worth
    before honba and deposits (the score tables' figure), ``han`` and ``fu`` what it
    was scored at (fu 0 for a limit entered by name)."""

    what: str
    deltas: tuple[int, ...]
    table: int = 0
    seat: int | None = None
    detail: str = ""
    value: int = 0
    han: int = 0
    fu: int = 0

    def to_dict(self) -> dict[str, Any]:
        """The payment as JSON-ready values."""
        return {
            "what": self.what,
            "deltas": list(self.deltas),
            "table": self.table,
            "seat": self.seat,
            "detail": self.detail,
            "value": self.value,
            "han": self.han,
            "fu": self.fu,
        }


@dataclass(frozen=True, slots=True)
class HandRecord:
    """One hand as derived: where it was played (``round_index`` 0 = East 1), the honba
    and deposits it started with, its dealer, the entry, its payments, each seat's
    total change and the scores after it."""

    number: int
    round_index: int
    honba: int
    deposits: int
    dealer: int
    entry: Hand
    payments: tuple[Payment, ...]
    deltas: tuple[int, ...]
    scores: tuple[int, ...]
    players: int

    @property
    def label(self) -> str:
        """``East 1``, ``South 3 (2 honba)`` …"""
        n = self.players
        text = f"{_WIND_NAMES[self.round_index // n]} {self.round_index % n + 1}"
        return f"{text} ({self.honba} honba)" if self.honba else text

    def to_dict(self) -> dict[str, Any]:
        """The record as JSON-ready values."""
        return {
            "number": self.number,
            "label": self.label,
            "round_index": self.round_index,
            "honba": self.honba,
            "deposits": self.deposits,
            "dealer": self.dealer,
            "entry": self.entry.to_dict(),
            "payments": [p.to_dict() for p in self.payments],
            "deltas": list(self.deltas),
            "scores": list(self.scores),
        }


@dataclass(frozen=True, slots=True)
class Ledger:
    """Everything derived from a match's entries: each hand's record, the scores now,
    the next hand (round, dealer, honba, deposits on the table) or the final result."""

    hands: tuple[HandRecord, ...]
    scores: tuple[int, ...]
    round_index: int
    dealer: int
    honba: int
    deposits: int
    over: bool
    final: tuple[FinalStanding, ...] | None
    players: int

    @property
    def next_hand(self) -> str:
        """The label of the hand to enter next (``''`` when the match is over)."""
        if self.over:
            return ""
        n = self.players
        text = f"{_WIND_NAMES[self.round_index // n]} {self.round_index % n + 1}"
        return f"{text} ({self.honba} honba)" if self.honba else text

    def to_dict(self) -> dict[str, Any]:
        """The ledger as JSON-ready values."""
        return {
            "hands": [h.to_dict() for h in self.hands],
            "scores": list(self.scores),
            "next_hand": self.next_hand,
            "round_index": self.round_index,
            "dealer": self.dealer,
            "honba": self.honba,
            "deposits": self.deposits,
            "over": self.over,
            "final": None
            if self.final is None
            else [
                {"seat": s.seat, "place": s.place, "points": s.points, "score": s.score}
                for s in self.final
            ],
        }


@dataclass(frozen=True, slots=True)
class Match:
    """A recorded match: rules, the names by seat (seat 0 the first dealer) and the entries.

    Values are immutable: :meth:`add`, :meth:`edit` and :meth:`delete` return a new
    match after checking that every entry still replays, so a refused change leaves
    the match as it was.
    """

    rules: Rules
    names: tuple[str, ...]
    entries: tuple[Hand, ...] = ()
    _ledger: list[Ledger] = field(default_factory=list, compare=False, repr=False)

    @classmethod
    def new(cls, rules: Rules, names: Sequence[str], *, first_dealer: int = 0) -> Match:
        """A match of ``names`` as they sit in turn order, ``names[first_dealer]`` dealing
        first; the match's seats start from the first dealer.

        >>> from jantaku.rules import TENHOU
        >>> Match.new(TENHOU, ("A", "B", "C", "D"), first_dealer=2).names
        ('C', 'D', 'A', 'B')
        """
        n = rules.players
        if len(names) != n:
            raise KeepError(f"{n} players under these rules, not {len(names)} names")
        clean = tuple(str(x).strip() for x in names)
        if any(not x for x in clean) or len(set(clean)) != n:
            raise KeepError("every player needs a name, all different")
        if not is_int(first_dealer) or not 0 <= first_dealer < n:
            raise KeepError(f"first dealer {first_dealer!r} is not a seat of {n}")
        return cls(rules, clean[first_dealer:] + clean[:first_dealer])

    def ledger(self) -> Ledger:
        """The derived state of the match (computed once per match value)."""
        if not self._ledger:
            self._ledger.append(_replay(self.rules, self.entries, self.names))
        return self._ledger[0]

    def _with(self, entries: tuple[Hand, ...]) -> Match:
        new = Match(self.rules, self.names, entries)
        new.ledger()  # refuses entries that cannot be
        return new

    def add(self, hand: Hand) -> Match:
        """The match with ``hand`` entered next; raises :class:`KeepError` if it cannot be."""
        return self._with((*self.entries, hand))

    def edit(self, index: int, hand: Hand) -> Match:
        """The match with entry ``index`` (0-based) replaced; everything after recomputed."""
        self._check_index(index)
        return self._with((*self.entries[:index], hand, *self.entries[index + 1 :]))

    def delete(self, index: int) -> Match:
        """The match without entry ``index``; everything after recomputed."""
        self._check_index(index)
        return self._with(self.entries[:index] + self.entries[index + 1 :])

    def undo(self) -> Match:
        """The match without its last entry."""
        if not self.entries:
            raise KeepError("no hand to undo")
        return self.delete(len(self.entries) - 1)

    def _check_index(self, index: int) -> None:
        if not is_int(index) or not 0 <= index < len(self.entries):
            shown = index + 1 if is_int(index) else repr(index)
            n = len(self.entries)
            held = "no hand yet" if not n else "hand 1" if n == 1 else f"hands 1 to {n}"
            raise KeepError(f"no hand {shown} (the match has {held})")


class _Table:
    """The running state of a replay: points, sticks, the hand being played."""

    def __init__(self, rules: Rules, names: Sequence[str] = ()) -> None:
        n = rules.players
        self.rules = rules
        self.names = tuple(names)
        self.n = n
        self.scores = [rules.start_points] * n
        self.honba = 0
        self.kyotaku = 0
        self.owners: list[int] = []
        self.round_index = 0
        self.won = [False] * n
        self.over = False
        self.payments: list[Payment] = []

    @property
    def dealer(self) -> int:
        return self.round_index % self.n

    def who(self, seat: int) -> str:
        """A seat as errors name it: the player's name, or ``seat N`` without names."""
        if 0 <= seat < len(self.names):
            return self.names[seat]
        return f"seat {seat}"

    def pay(
        self,
        what: str,
        deltas: Sequence[int],
        *,
        seat: int | None = None,
        detail: str = "",
        table: int = 0,
        value: int = 0,
        han: int = 0,
        fu: int = 0,
    ) -> None:
        for i, d in enumerate(deltas):
            self.scores[i] += d
        self.payments.append(
            Payment(what, tuple(int(d) for d in deltas), table, seat, detail, value, han, fu)
        )


def _seat(value: object, n: int, what: str) -> int:
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < n:
        return value
    raise KeepError(f"{what} {value!r} is not a seat of {n}")


def _seats(values: Sequence[int], n: int, what: str) -> tuple[int, ...]:
    out = tuple(_seat(v, n, what) for v in values)
    if len(set(out)) != len(out):
        raise KeepError(f"a seat is listed twice among the {what} seats")
    return out


def _shortfall(t: _Table, deltas: Sequence[int], winner: int | None) -> list[int]:
    """M4 as the engine settles it: a split shortfall leaves the deposits to the winner."""
    out = list(deltas)
    if t.rules.shortfall is not Shortfall.SPLIT:
        return out
    bonus = sum(out)
    if winner is not None:
        out[winner] -= bonus
    out = list(settle_shortfall(t.scores, out, t.rules))
    if winner is not None:
        out[winner] += bonus
    return out


def _win_deltas(
    t: _Table, w: Winner, discarder: int | None, first: bool, riichi: bool
) -> tuple[list[int], str, int, int, int]:
    """Every seat's change for one winner, honba and deposits to the first; with what
    it was scored at (words, han, fu — 0 for a limit entered by name) and its value."""
    rules = t.rules
    n = t.n
    honba = t.honba if first else 0
    deposits = t.kyotaku if first else 0
    tsumo = discarder is None
    pao = None if w.pao is None else _seat(w.pao, n, "pao")
    if pao is not None and not rules.pao:
        raise KeepError("pao is not played under these rules")
    if w.tiles is not None:
        for name in ("han", "fu", "limit"):
            if getattr(w, name) is not None:
                raise KeepError("a win is entered as tiles or as its value, not both")
        try:
            h = parse_hand(w.tiles)
            win = parse_tiles(w.win or "")
            if len(win) != 1:
                raise KeepError("the winning tile is needed (one tile)")
            if w.double_riichi and not riichi:
                raise KeepError("double riichi needs the winner's riichi stick")
            flags = {name: getattr(w, name) for name in FLAGS if name != "double_riichi"}
            situation = WinSituation(
                concealed=h.concealed,
                melds=h.melds,
                win_tile=win[0],
                discarder=discarder,
                riichi=(Riichi.DOUBLE if w.double_riichi else Riichi.RIICHI)
                if riichi
                else Riichi.NONE,
                round_wind=EAST + t.round_index // n,
                winner=w.seat,
                dealer=t.dealer,
                pao=pao,
                dora_indicators=parse_tiles(w.dora),
                ura_indicators=parse_tiles(w.ura),
                kita=w.kita,
                honba=honba,
                deposits=deposits,
                rules=rules,
                **flags,
            )
            result = score_win(situation)
        except KeepError:
            raise
        except JantakuError as e:
            raise KeepError(f"{t.who(w.seat)}'s tiles: {e}") from None
        yaku = ", ".join(y.romaji for y in result.yaku)
        extras = [
            f"{name} {v}"
            for name, v in (("dora", result.dora), ("aka", result.red), ("ura", result.ura))
            if v
        ]
        what = f"{result.summary()}: {yaku}" + (f"; {', '.join(extras)}" if extras else "")
        return list(result.deltas), what, int(result.han), int(result.fu), int(result.total)
    if any(getattr(w, name) for name in FLAGS) or w.win or w.dora or w.ura or w.kita:
        raise KeepError("a win entered by its value takes no tiles or flags (enter the tiles)")
    if w.limit is not None:
        if w.han is not None or w.fu is not None:
            raise KeepError("a win is entered as a limit or as han and fu, not both")
        if w.limit not in LIMITS:
            raise KeepError(f"no limit {w.limit!r} (known: {', '.join(LIMITS)})")
        if w.limit == "yakuman":
            count = w.yakuman or 1
            if not 1 <= count <= 6:
                raise KeepError("1 to 6 yakuman in one hand")
            if count > 1 and not (rules.yakuman_stacking or rules.double_yakuman):
                raise KeepError("these rules count one yakuman at most")
            basic, han, fu, what = (
                8000 * count,
                13 * count,
                0,
                "yakuman" if count == 1 else f"{count}× yakuman",
            )
        else:
            if w.yakuman:
                raise KeepError("a yakuman count goes with the limit yakuman")
            han, fu = LIMITS[w.limit], 0
            basic, _ = basic_points(han, 30, rules)
            what = w.limit
    else:
        if w.yakuman:
            raise KeepError("a yakuman count goes with the limit yakuman")
        if w.han is None:
            raise KeepError(f"{t.who(w.seat)}'s win needs han and fu, a limit or the tiles")
        check_han_fu(w.han, w.fu, tsumo=tsumo)
        han, fu = w.han, w.fu or 0
        basic, limit = basic_points(han, w.fu if w.fu is not None else 30, rules)
        what = f"{han} han {fu} fu" if fu else f"{han} han"
        if limit.value != "none":
            what += f" ({limit.value})"
    liable = 0
    if pao is not None:
        if w.limit != "yakuman":
            raise KeepError("pao is for a yakuman (enter the limit yakuman or the tiles)")
        liable = basic if rules.pao_whole_hand else 8000
    deltas, _, total = win_payments(
        basic,
        winner=w.seat,
        dealer=t.dealer,
        discarder=discarder,
        rules=rules,
        pao=pao,
        liable=liable,
        honba=honba,
        deposits=deposits,
    )
    return list(deltas), what, han, fu, total


def _play(t: _Table, hand: Hand) -> list[Hora | Ryukyoku | Penalty]:
    """Apply one entry's payments to the table; returns the engine's results of the hand."""
    rules = t.rules
    n = t.n
    if hand.result not in RESULTS:
        raise KeepError(f"result must be one of {', '.join(RESULTS)}, not {hand.result!r}")
    riichi = _seats(hand.riichi, n, "riichi")
    winners = tuple(_seat(w.seat, n, "winner") for w in hand.winners)
    if len(set(winners)) != len(winners):
        raise KeepError("a seat is listed twice among the winners")
    results: list[Hora | Ryukyoku | Penalty] = []
    # riichi sticks first: each is on the table before the hand ends
    for seat in riichi:
        if t.scores[seat] < rules.riichi_min_points:
            raise KeepError(
                f"{t.who(seat)} has {t.scores[seat]} points: riichi needs {rules.riichi_min_points}"
            )
        deltas = [0] * n
        deltas[seat] = -rules.riichi_deposit
        t.pay("riichi", deltas, seat=seat, table=rules.riichi_deposit)
        t.kyotaku += 1
        t.owners.append(seat)
    wins = hand.result in ("ron", "tsumo")
    chombos = [f for f in hand.fouls if f.kind == "chombo"]
    for foul in hand.fouls:
        if foul.kind not in FOULS:
            raise KeepError(f"a foul is one of {', '.join(FOULS)}, not {foul.kind!r}")
        seat = _seat(foul.seat, n, "offender")
        if foul.kind == "chombo":
            deltas = list(chombo_payments(seat, dealer=t.dealer, rules=rules))
            detail = ""
            if wins and rules.chombo_void_on_win:
                deltas, detail = [0] * n, "void: another player won the hand"
            t.pay("chombo", deltas, seat=seat, detail=detail)
            results.append(Penalty(actor=seat, reason="chombo", deltas=tuple(deltas)))
        elif foul.kind == "minor_foul":
            if seat in winners:
                raise KeepError(
                    f"{t.who(seat)} made a minor foul: it lost the right to win the hand"
                )
            fee = rules.minor_foul_deposit
            deltas = [0] * n
            if fee:  # P2: the deposit goes on the table in 1000-point sticks, as the engine's
                deltas[seat] = -fee
                t.kyotaku += fee // 1000
                t.owners += [seat] * (fee // 1000)
            t.pay(
                "minor_foul",
                deltas,
                seat=seat,
                table=fee,
                detail="deposit" if fee else "no win this hand",
            )
            results.append(Penalty(actor=seat, reason="minor_foul", deltas=tuple(deltas)))
        else:
            if foul.claimant is None or not any(c.seat == seat for c in chombos):
                raise KeepError(
                    "a yakuman claim names the claimant and follows the offender's chombo"
                )
            claimant = _seat(foul.claimant, n, "claimant")
            try:
                h = parse_hand(foul.tiles)
                deltas = list(
                    yakuman_claim_payments(
                        seat, claimant, h.concealed, h.melds, dealer=t.dealer, rules=rules
                    )
                )
            except JantakuError as e:
                raise KeepError(f"yakuman claim: {e}") from None
            t.pay("yakuman_claim", deltas, seat=claimant)
            results.append(Penalty(actor=seat, reason="yakuman_claim", deltas=tuple(deltas)))
    if hand.result != "ron" and hand.discarder is not None:
        raise KeepError(f"a {hand.result} has no discarder")
    if hand.result in ("ron", "tsumo"):
        if hand.tenpai or hand.nagashi or hand.abort:
            raise KeepError("a win has no tenpai seats, nagashi or abortive draw")
        if not hand.winners:
            raise KeepError("a win needs its winner")
        if hand.result == "tsumo":
            if len(winners) != 1:
                raise KeepError("a tsumo has one winner")
            order: tuple[int, ...] = winners
            discarder = None
        else:
            if hand.discarder is None:
                raise KeepError("a ron needs the discarder")
            discarder = _seat(hand.discarder, n, "discarder")
            if discarder in winners:
                raise KeepError(
                    f"{t.who(discarder)} dealt in: it cannot also win on its own discard"
                )
            if len(winners) >= n:
                raise KeepError(f"at most {n - 1} rons on one discard")
            mr = rules.multiple_ron
            if len(winners) > 1 and mr is MultipleRon.HEAD_BUMP:
                raise KeepError(
                    "head bump (頭ハネ): enter only the first winner from the discarder"
                )
            if len(winners) > 2 and mr is MultipleRon.DOUBLE_TRIPLE_ABORT:
                raise KeepError("three rons abort the hand: enter the abortive draw sanchahou")
            order = ron_order(discarder, winners, n)
        by_seat = {w.seat: w for w in hand.winners}
        for i, seat in enumerate(order):
            w = by_seat[seat]
            deltas, what, han, fu, value = _win_deltas(t, w, discarder, i == 0, seat in riichi)
            deltas = _shortfall(t, deltas, seat)
            taken = t.kyotaku * rules.riichi_deposit if i == 0 else 0
            t.pay(
                hand.result,
                deltas,
                seat=seat,
                detail=what,
                table=-taken,
                value=value,
                han=han,
                fu=fu,
            )
            if i == 0:
                t.kyotaku = 0
                t.owners = []
            t.won[seat] = True
            results.append(
                Hora(
                    actor=seat,
                    target=seat if discarder is None else discarder,
                    deltas=tuple(deltas),
                    han=han,
                    fu=fu or None,
                    points=value,
                    pao=w.pao,
                    scores=tuple(t.scores),
                )
            )
        return results
    if hand.winners:
        raise KeepError(f"a {hand.result} has no winners")
    if hand.result == "draw":
        if hand.abort:
            raise KeepError("an exhaustive draw is not an abortive one")
        tenpai = _seats(hand.tenpai, n, "tenpai")
        nagashi = _seats(hand.nagashi, n, "nagashi")
        missing = [s for s in riichi if s not in tenpai]
        if missing:
            raise KeepError(
                f"{t.who(missing[0])} declared riichi: tenpai, or a chombo for a noten riichi"
            )
        if nagashi:
            try:
                deltas = list(nagashi_payments(nagashi, dealer=t.dealer, rules=rules))
            except JantakuError as e:
                raise KeepError(str(e)) from None
            what, reason = "nagashi", "nagashi_mangan"
        else:
            deltas = list(noten_payments([s in tenpai for s in range(n)], rules))
            what, reason = "noten", "exhaustive"
        deltas = _shortfall(t, deltas, None)
        t.pay(what, deltas)
        results.append(Ryukyoku(reason=reason, deltas=tuple(deltas), tenpai=tenpai))
        return results
    if hand.tenpai or hand.nagashi:
        raise KeepError("only an exhaustive draw has tenpai or nagashi seats")
    if hand.result == "abort":
        option = ABORT_REASONS.get(hand.abort)
        if option is None:
            raise KeepError(f"no abortive draw {hand.abort!r} (known: {', '.join(ABORT_REASONS)})")
        if not getattr(rules, option):
            raise KeepError(f"{hand.abort} is not played under these rules")
        if hand.abort == "suucha_riichi" and len(riichi) != n:
            raise KeepError("suucha riichi: every player's riichi stick is on the table")
        results.append(Ryukyoku(reason=hand.abort, deltas=(0,) * n))
        return results
    if hand.abort:
        raise KeepError("only an abortive draw has its reason")
    if not rules.abort_chombo:
        raise KeepError("a chombo does not end the hand under these rules: enter how it ended")
    if not chombos:
        raise KeepError("a chombo draw needs the offender's chombo")
    return results


def _settle(t: _Table, results: list[Hora | Ryukyoku | Penalty]) -> None:
    """The engine's own end of a hand: who deals next, honba, whether the match ends.

    Renchan, honba, bust, agari-yame, tenpai-yame and the west extension are the
    engine's rules (:func:`jantaku.engine.settle_hand`), not a copy.
    """
    nxt = settle_hand(
        t.rules,
        results,
        scores=t.scores,
        honba=t.honba,
        kyotaku=t.kyotaku,
        round_index=t.round_index,
        won=t.won,
        deposit_owners=t.owners,
    )
    if nxt is None:
        t.over = True
        return
    t.round_index = (nxt.bakaze - EAST) * t.n + nxt.kyoku - 1
    t.honba = nxt.honba


def _final(t: _Table) -> tuple[FinalStanding, ...]:
    """The engine's end of the match (M5, M6): leftover deposits, oka, uma, rounding."""
    end = settle_match(
        t.rules, scores=t.scores, kyotaku=t.kyotaku, won=t.won, deposit_owners=t.owners
    )
    points = tuple(end.scores or t.scores)
    order = sorted(range(t.n), key=lambda p: (-points[p], p))
    return tuple(
        FinalStanding(
            seat=p, place=order.index(p) + 1, points=points[p], score=(end.result or ())[p]
        )
        for p in range(t.n)
    )


def _replay(rules: Rules, entries: Sequence[Hand], names: Sequence[str] = ()) -> Ledger:
    t = _Table(rules, names)
    records: list[HandRecord] = []
    for number, hand in enumerate(entries, start=1):
        if t.over:
            raise KeepError(f"hand {number}: the match is over")
        if not isinstance(hand, Hand):
            raise KeepError(f"hand {number}: not a hand entry")
        before = list(t.scores)
        start = (t.round_index, t.honba, t.kyotaku, t.dealer)
        t.payments = []
        try:
            results = _play(t, hand)
        except KeepError as e:
            raise KeepError(f"hand {number}: {e}") from None
        _settle(t, results)
        records.append(
            HandRecord(
                number=number,
                round_index=start[0],
                honba=start[1],
                deposits=start[2],
                dealer=start[3],
                entry=hand,
                payments=tuple(t.payments),
                deltas=tuple(a - b for a, b in zip(t.scores, before, strict=True)),
                scores=tuple(t.scores),
                players=t.n,
            )
        )
    return Ledger(
        hands=tuple(records),
        scores=tuple(t.scores),
        round_index=t.round_index,
        dealer=t.dealer,
        honba=t.honba,
        deposits=t.kyotaku,
        over=t.over,
        final=_final(t) if t.over else None,
        players=t.n,
    )
