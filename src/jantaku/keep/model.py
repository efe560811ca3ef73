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
jantaku.keep.model.KeepError: hand 2: 1 han 20 fu cannot be: 20 fu is pinfu tsumo, 2 han at least
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, fields
from typing import Any, Final

from jantaku.engine import Phase, State, apply, final_standings
from jantaku.errors import JantakuError
from jantaku.events import EndKyoku, Hora, Penalty, Ryukyoku
from jantaku.meld import parse_hand
from jantaku.rules import MultipleRon, Rules, Shortfall
from jantaku.scoring import (
    FinalStanding,
    Riichi,
    WinSituation,
    basic_points,
    ceil100,
    chombo_payments,
    nagashi_payments,
    noten_payments,
    ron_order,
    score_win,
    settle_shortfall,
    yakuman_claim_payments,
)
from jantaku.scoring.score import _pay
from jantaku.tiles import EAST, parse_tiles

__all__ = [
    "ABORT_REASONS",
    "LIMITS",
    "Breakdown",
    "Foul",
    "Hand",
    "HandRecord",
    "KeepError",
    "Ledger",
    "Match",
    "Payment",
    "Winner",
    "breakdown",
    "check_han_fu",
    "first_dealer_by_dice",
    "roll_dice",
]


class KeepError(JantakuError, ValueError):
    """An entry the scorekeeper refuses: it cannot happen at a table under these rules."""


LIMITS: Final[dict[str, int]] = {
    "mangan": 5,
    "haneman": 6,
    "baiman": 8,
    "sanbaiman": 11,
    "yakuman": 13,
}
"""The limit names a win may be entered as, with the han that reaches each (S4).
``yakuman`` is a named yakuman (役満, its count in :attr:`Winner.yakuman`); a counted
yakuman (数え役満) is entered as its han."""

ABORT_REASONS: Final[dict[str, str]] = {
    "kyuushu_kyuuhai": "abort_kyuushu_kyuuhai",
    "suufon_renda": "abort_suufon_renda",
    "suukan_sanra": "abort_suukan_sanra",
    "suucha_riichi": "abort_suucha_riichi",
    "sanchahou": "abort_sanchahou",
}
"""The abortive draws (途中流局, G10) by name, with the rules option that allows each."""

_FOULS: Final = ("chombo", "minor_foul", "yakuman_claim")
_RESULTS: Final = ("ron", "tsumo", "draw", "abort", "chombo")
_WIND_NAMES: Final = ("East", "South", "West", "North")
_FLAGS: Final = ("double_riichi", "ippatsu", "haitei", "houtei", "rinshan", "chankan", "first_turn")


# --- entries ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class Winner:
    """One winner of a hand and how the win is entered: exactly one of

    - ``han`` (dora included) and ``fu`` — ``fu`` may be left out from 5 han on;
    - ``limit`` — a name of :data:`LIMITS`, with ``yakuman`` the number of yakuman
      (2 for a double yakuman where the rules count one);
    - ``tiles`` — the hand in tile notation with its melds in brackets and the winning
      tile among the concealed ones (``123m456p789s11555z``), ``win`` the winning
      tile, ``dora`` / ``ura`` the indicators and the situation's flags; scored by
      :func:`~jantaku.scoring.score_win`. Riichi comes from the hand's riichi sticks.

    ``pao`` is the seat liable for the winner's yakuman (責任払い, S11).
    """

    seat: int
    han: int | None = None
    fu: int | None = None
    limit: str | None = None
    yakuman: int = 0
    tiles: str | None = None
    win: str | None = None
    dora: str = ""
    ura: str = ""
    kita: int = 0
    double_riichi: bool = False
    ippatsu: bool = False
    haitei: bool = False
    houtei: bool = False
    rinshan: bool = False
    chankan: bool = False
    first_turn: bool = False
    pao: int | None = None

    def to_dict(self) -> dict[str, Any]:
        """The entry as JSON-ready values, defaults left out.

        >>> Winner(seat=1, han=3, fu=30).to_dict()
        {'seat': 1, 'han': 3, 'fu': 30}
        """
        out: dict[str, Any] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name == "seat" or value != f.default:
                out[f.name] = value
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Winner:
        """A winner from :meth:`to_dict`; unknown keys and wrong types raise :class:`KeepError`.

        >>> Winner.from_dict({"seat": 0, "limit": "mangan"}).limit
        'mangan'
        >>> Winner.from_dict({"seat": "x"})
        Traceback (most recent call last):
        ...
        jantaku.keep.model.KeepError: winner: seat must be a whole number, not 'x'
        """
        return cls(**_checked_fields(cls, data, "winner"))


@dataclass(frozen=True, slots=True, kw_only=True)
class Foul:
    """A foul in a hand (P1, P1b, P2): ``kind`` is ``chombo`` (錯和, a mangan payment),
    ``minor_foul`` (錯, the deposit of the rules, or the loss of the right to win) or
    ``yakuman_claim`` (P1b: ``claimant`` held ``tiles`` within three tiles of a yakuman
    when ``seat`` made a chombo)."""

    kind: str
    seat: int
    claimant: int | None = None
    tiles: str = ""

    def to_dict(self) -> dict[str, Any]:
        """The foul as JSON-ready values, defaults left out."""
        out: dict[str, Any] = {"kind": self.kind, "seat": self.seat}
        if self.claimant is not None:
            out["claimant"] = self.claimant
        if self.tiles:
            out["tiles"] = self.tiles
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Foul:
        """A foul from :meth:`to_dict`; bad values raise :class:`KeepError`."""
        return cls(**_checked_fields(cls, data, "foul"))


@dataclass(frozen=True, slots=True, kw_only=True)
class Hand:
    """One hand as entered. ``result`` is ``ron`` (``discarder`` and ``winners``),
    ``tsumo`` (one winner), ``draw`` (exhaustive: ``tenpai`` seats, ``nagashi`` seats
    with nagashi mangan), ``abort`` (``abort`` one of :data:`ABORT_REASONS`) or
    ``chombo`` (a chombo ended the hand, 錯和流局, where the rules say so). ``riichi``
    lists the seats whose riichi stick was put down; ``fouls`` the fouls, in order."""

    result: str
    winners: tuple[Winner, ...] = ()
    discarder: int | None = None
    tenpai: tuple[int, ...] = ()
    nagashi: tuple[int, ...] = ()
    abort: str = ""
    riichi: tuple[int, ...] = ()
    fouls: tuple[Foul, ...] = ()

    @classmethod
    def ron(
        cls,
        *,
        discarder: int,
        winners: Sequence[Winner],
        riichi: Sequence[int] = (),
        fouls: Sequence[Foul] = (),
    ) -> Hand:
        """A ron on ``discarder``'s discard (several winners for a double ron)."""
        return cls(
            result="ron",
            discarder=discarder,
            winners=tuple(winners),
            riichi=tuple(riichi),
            fouls=tuple(fouls),
        )

    @classmethod
    def tsumo(
        cls, winner: Winner, *, riichi: Sequence[int] = (), fouls: Sequence[Foul] = ()
    ) -> Hand:
        """A tsumo."""
        return cls(result="tsumo", winners=(winner,), riichi=tuple(riichi), fouls=tuple(fouls))

    @classmethod
    def draw(
        cls,
        tenpai: Sequence[int] = (),
        *,
        nagashi: Sequence[int] = (),
        riichi: Sequence[int] = (),
        fouls: Sequence[Foul] = (),
    ) -> Hand:
        """An exhaustive draw (荒牌平局) with the tenpai seats (and nagashi mangan seats)."""
        return cls(
            result="draw",
            tenpai=tuple(tenpai),
            nagashi=tuple(nagashi),
            riichi=tuple(riichi),
            fouls=tuple(fouls),
        )

    @classmethod
    def aborted(
        cls, reason: str, *, riichi: Sequence[int] = (), fouls: Sequence[Foul] = ()
    ) -> Hand:
        """An abortive draw (途中流局) of :data:`ABORT_REASONS`."""
        return cls(result="abort", abort=reason, riichi=tuple(riichi), fouls=tuple(fouls))

    @classmethod
    def chombo(cls, offender: int, *, riichi: Sequence[int] = ()) -> Hand:
        """A hand ended by ``offender``'s chombo (錯和流局)."""
        return cls(
            result="chombo", fouls=(Foul(kind="chombo", seat=offender),), riichi=tuple(riichi)
        )

    def to_dict(self) -> dict[str, Any]:
        """The entry as JSON-ready values, defaults left out.

        >>> Hand.draw((0, 2)).to_dict()
        {'result': 'draw', 'tenpai': [0, 2]}
        """
        out: dict[str, Any] = {"result": self.result}
        if self.winners:
            out["winners"] = [w.to_dict() for w in self.winners]
        if self.discarder is not None:
            out["discarder"] = self.discarder
        for name in ("tenpai", "nagashi", "riichi"):
            if getattr(self, name):
                out[name] = list(getattr(self, name))
        if self.abort:
            out["abort"] = self.abort
        if self.fouls:
            out["fouls"] = [f.to_dict() for f in self.fouls]
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Hand:
        """An entry from :meth:`to_dict` (as the CLI and the API send it).

        >>> Hand.from_dict({"result": "tsumo", "discarder": 2, "winners": [{"seat": 0}]})
        Traceback (most recent call last):
        ...
        jantaku.keep.model.KeepError: a tsumo has no discarder
        """
        if not isinstance(data, Mapping):
            raise KeepError("a hand is a JSON object")
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise KeepError(f"hand: unknown keys {', '.join(unknown)}")
        result = data.get("result")
        if result not in _RESULTS:
            raise KeepError(f"hand: result must be one of {', '.join(_RESULTS)}, not {result!r}")
        if result == "tsumo" and data.get("discarder") is not None:
            raise KeepError("a tsumo has no discarder")
        winners = data.get("winners", [])
        fouls = data.get("fouls", [])
        if not isinstance(winners, list) or not isinstance(fouls, list):
            raise KeepError("hand: winners and fouls are lists")
        seats: dict[str, tuple[int, ...]] = {}
        for name in ("tenpai", "nagashi", "riichi"):
            value = data.get(name, [])
            if not isinstance(value, list | tuple) or not all(_is_int(v) for v in value):
                raise KeepError(f"hand: {name} is a list of seats")
            seats[name] = tuple(value)
        discarder = data.get("discarder")
        if discarder is not None and not _is_int(discarder):
            raise KeepError(f"hand: discarder must be a seat, not {discarder!r}")
        abort = data.get("abort", "")
        if not isinstance(abort, str):
            raise KeepError("hand: abort is the name of an abortive draw")
        return cls(
            result=result,
            winners=tuple(Winner.from_dict(w) for w in winners),
            discarder=discarder,
            abort=abort,
            fouls=tuple(Foul.from_dict(f) for f in fouls),
            **seats,
        )


def _is_int(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _checked_fields(cls: Any, data: Mapping[str, Any], what: str) -> dict[str, Any]:
    """The keyword arguments of a flat entry dataclass, each value of its field's type."""
    if not isinstance(data, Mapping):
        raise KeepError(f"{what}: a JSON object is needed")
    known = {f.name: f for f in fields(cls)}
    unknown = sorted(set(data) - set(known))
    if unknown:
        raise KeepError(f"{what}: unknown keys {', '.join(unknown)}")
    out: dict[str, Any] = {}
    for name, value in data.items():
        kind = str(known[name].type)
        if value is None and "None" in kind:
            out[name] = None
        elif kind.startswith("int"):
            if not _is_int(value):
                raise KeepError(f"{what}: {name} must be a whole number, not {value!r}")
            out[name] = value
        elif kind.startswith("bool"):
            if not isinstance(value, bool):
                raise KeepError(f"{what}: {name} must be true or false, not {value!r}")
            out[name] = value
        elif not isinstance(value, str):
            raise KeepError(f"{what}: {name} must be text, not {value!r}")
        else:
            out[name] = value
    if "seat" not in out and "seat" in known:
        raise KeepError(f"{what}: a seat is needed")
    return out


# --- what a hand of han and fu pays -----------------------------------------------------


def check_han_fu(han: int, fu: int | None, *, tsumo: bool) -> None:
    """Refuse a han and fu pair no hand can have (fu may be omitted from 5 han on).

    Fu is 20 (pinfu tsumo: 2 han at least), 25 (seven pairs: 2 han, 3 by tsumo) or
    30 to 140 in steps of 10.

    >>> check_han_fu(3, 30, tsumo=False)
    >>> check_han_fu(2, 25, tsumo=True)
    Traceback (most recent call last):
    ...
    jantaku.keep.model.KeepError: 2 han 25 fu cannot be: seven pairs by tsumo is 3 han at least
    """
    if not _is_int(han) or han < 1:
        raise KeepError(f"{han!r} han cannot be: a win has 1 han at least")
    if fu is None:
        if han < 5:
            raise KeepError(f"{han} han needs its fu")
        return
    what = f"{han} han {fu} fu cannot be"
    if not _is_int(fu) or not (fu in (20, 25) or (30 <= fu <= 140 and fu % 10 == 0)):
        raise KeepError(f"{what}: fu is 20, 25 or 30 to 140 in tens")
    if fu == 20 and (not tsumo or han < 2):
        raise KeepError(f"{what}: 20 fu is pinfu tsumo, 2 han at least")
    if fu == 25 and han < 2:
        raise KeepError(f"{what}: 25 fu is seven pairs, 2 han at least")
    if fu == 25 and tsumo and han < 3:
        raise KeepError(f"{what}: seven pairs by tsumo is 3 han at least")


@dataclass(frozen=True, slots=True)
class Breakdown:
    """What a hand pays, worked out as seed 003 does (本当の点数計算手順): the basic
    points ``fu × 2^(han+2)`` or the limit's, then each payment rounded up to 100.

    ``ron`` is the discarder's payment; ``tsumo`` each payer's share (the dealer's
    first for a non-dealer win: ``(dealer, non-dealer)``); ``lines`` the steps in words.
    """

    han: int
    fu: int | None
    dealer: bool
    basic: int
    limit: str
    ron: int
    tsumo: tuple[int, ...]
    lines: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        """The breakdown as JSON-ready values."""
        return {
            "han": self.han,
            "fu": self.fu,
            "dealer": self.dealer,
            "basic": self.basic,
            "limit": self.limit,
            "ron": self.ron,
            "tsumo": list(self.tsumo),
            "lines": list(self.lines),
        }


def breakdown(
    han: int, fu: int | None, *, dealer: bool, rules: Rules, yakuman: int = 0, tsumo: bool = False
) -> Breakdown:
    """What ``han`` and ``fu`` pay, with 003's steps (the calculator of the page).

    >>> from jantaku.rules import TENHOU
    >>> b = breakdown(3, 30, dealer=True, rules=TENHOU)
    >>> b.ron, b.tsumo
    (5800, (2000,))
    >>> print("\\n".join(b.lines))
    basic points: 30 × 2^(3+2) = 960
    dealer ron: 960 × 6 = 5760 → 5800
    dealer tsumo: 960 × 2 = 1920 → 2000 all
    >>> breakdown(3, 30, dealer=False, rules=TENHOU).tsumo
    (2000, 1000)

    Raises :class:`KeepError` for a pair no hand can have.
    """
    if yakuman:
        if yakuman > 1 and not (rules.yakuman_stacking or rules.double_yakuman):
            raise KeepError("these rules count one yakuman at most")
        basic, limit = 8000 * yakuman, "yakuman" if yakuman == 1 else f"{yakuman}× yakuman"
        lines = [f"basic points: {limit} = {basic}"]
    else:
        check_han_fu(han, fu, tsumo=tsumo)
        basic, lim = basic_points(han, fu if fu is not None else 30, rules)
        limit = lim.value if lim.value != "none" else ""
        if limit:
            lines = [f"basic points: {han} han is {limit} = {basic}"]
        else:
            lines = [f"basic points: {fu} × 2^({han}+2) = {basic}"]
    who = "dealer" if dealer else "non-dealer"
    mult = 6 if dealer else 4
    ron = ceil100(basic * mult)
    lines.append(f"{who} ron: {basic} × {mult} = {basic * mult} → {ron}")
    if dealer:
        share = ceil100(2 * basic)
        lines.append(f"{who} tsumo: {basic} × 2 = {2 * basic} → {share} all")
        shares: tuple[int, ...] = (share,)
    else:
        big, small = ceil100(2 * basic), ceil100(basic)
        lines.append(f"{who} tsumo, the dealer pays: {basic} × 2 = {2 * basic} → {big}")
        lines.append(f"{who} tsumo, each other pays: {basic} × 1 = {basic} → {small}")
        shares = (big, small)
    return Breakdown(han, fu, dealer, basic, limit, ron, shares, tuple(lines))


# --- seats ------------------------------------------------------------------------------


def roll_dice(rng: random.Random) -> tuple[int, int]:
    """Two rolls of two six-sided dice (the totals), for the G1 seating procedure.

    >>> roll_dice(random.Random(1))
    (7, 4)
    """
    return (rng.randint(1, 6) + rng.randint(1, 6), rng.randint(1, 6) + rng.randint(1, 6))


def first_dealer_by_dice(rolls: tuple[int, int], players: int) -> int:
    """G1 (000 座位と起家の決定): the temporary East (仮東, place 0) rolls and counts
    the total from itself to the right (in turn order); the player reached rolls
    again and counts from itself; the one reached deals first (起家). Returns the
    first dealer's place counted from the temporary East.

    >>> first_dealer_by_dice((5, 7), 4)
    2
    >>> first_dealer_by_dice((1, 2), 4)
    Traceback (most recent call last):
    ...
    jantaku.keep.model.KeepError: a roll of two dice is 2 to 12, not 1
    """
    if players not in (3, 4):
        raise KeepError(f"3 or 4 players, not {players}")
    for r in rolls:
        if not _is_int(r) or not 2 <= r <= 12:
            raise KeepError(f"a roll of two dice is 2 to 12, not {r!r}")
    roller = (rolls[0] - 1) % players
    return (roller + rolls[1] - 1) % players


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
        if not _is_int(first_dealer) or not 0 <= first_dealer < n:
            raise KeepError(f"first dealer {first_dealer!r} is not a seat of {n}")
        return cls(rules, clean[first_dealer:] + clean[:first_dealer])

    def ledger(self) -> Ledger:
        """The derived state of the match (computed once per match value)."""
        if not self._ledger:
            self._ledger.append(_replay(self.rules, self.entries))
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
        if not _is_int(index) or not 0 <= index < len(self.entries):
            raise KeepError(f"no hand {index!r} (the match has {len(self.entries)})")


class _Table:
    """The running state of a replay: points, sticks, the hand being played."""

    def __init__(self, rules: Rules) -> None:
        n = rules.players
        self.rules = rules
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


_CARRIER: Final = parse_tiles("111999m111999p11s")


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
            flags = {name: getattr(w, name) for name in _FLAGS if name != "double_riichi"}
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
            raise KeepError(f"seat {w.seat}'s tiles: {e}") from None
        yaku = ", ".join(y.romaji for y in result.yaku)
        extras = [
            f"{name} {v}"
            for name, v in (("dora", result.dora), ("aka", result.red), ("ura", result.ura))
            if v
        ]
        what = f"{result.summary()}: {yaku}" + (f"; {', '.join(extras)}" if extras else "")
        return list(result.deltas), what, int(result.han), int(result.fu), int(result.total)
    if any(getattr(w, name) for name in _FLAGS) or w.win or w.dora or w.ura or w.kita:
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
            raise KeepError(f"seat {w.seat}'s win needs han and fu, a limit or the tiles")
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
    carrier = WinSituation(
        concealed=_CARRIER,
        win_tile=_CARRIER[0],
        winner=w.seat,
        dealer=t.dealer,
        discarder=discarder,
        pao=pao,
        honba=honba,
        deposits=deposits,
        rules=rules,
    )
    deltas, _, total = _pay(carrier, basic, liable)
    return list(deltas), what, han, fu, total


def _play(t: _Table, hand: Hand) -> list[Hora | Ryukyoku | Penalty]:
    """Apply one entry's payments to the table; returns the engine's results of the hand."""
    rules = t.rules
    n = t.n
    if hand.result not in _RESULTS:
        raise KeepError(f"result must be one of {', '.join(_RESULTS)}, not {hand.result!r}")
    riichi = _seats(hand.riichi, n, "riichi")
    winners = tuple(_seat(w.seat, n, "winner") for w in hand.winners)
    if len(set(winners)) != len(winners):
        raise KeepError("a seat is listed twice among the winners")
    results: list[Hora | Ryukyoku | Penalty] = []
    # riichi sticks first: each is on the table before the hand ends
    for seat in riichi:
        if t.scores[seat] < rules.riichi_min_points:
            raise KeepError(
                f"seat {seat} has {t.scores[seat]} points: riichi needs {rules.riichi_min_points}"
            )
        deltas = [0] * n
        deltas[seat] = -rules.riichi_deposit
        t.pay("riichi", deltas, seat=seat, table=rules.riichi_deposit)
        t.kyotaku += 1
        t.owners.append(seat)
    wins = hand.result in ("ron", "tsumo")
    chombos = [f for f in hand.fouls if f.kind == "chombo"]
    for foul in hand.fouls:
        if foul.kind not in _FOULS:
            raise KeepError(f"a foul is one of {', '.join(_FOULS)}, not {foul.kind!r}")
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
                raise KeepError(f"seat {seat} made a minor foul: it lost the right to win the hand")
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
                raise KeepError(f"seat {discarder} dealt in: it cannot also win on its own discard")
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
                f"seat {missing[0]} declared riichi: tenpai, or a chombo for a noten riichi"
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
    """The engine's own end of a hand: who deals next, honba, whether the match ends."""
    s = State(t.rules)
    s.scores = list(t.scores)
    s.honba = t.honba
    s.kyotaku = t.kyotaku
    s.deposit_owners = list(t.owners)
    s.round_index = t.round_index
    s.oya = t.dealer
    s.won = list(t.won)
    s.results = list(results)
    s.ron_winners = [r.actor for r in results if isinstance(r, Hora) and r.target != r.actor]
    s.phase = Phase.RESULT
    apply(s, EndKyoku())
    if s.game_over or s.expected is None:
        t.over = True
        return
    wind, kyoku, honba, _, _, _ = s.expected
    t.round_index = (wind - EAST) * t.n + kyoku - 1
    t.honba = honba


def _final(t: _Table) -> tuple[FinalStanding, ...]:
    """The engine's end of the match (M5, M6): leftover deposits, oka, uma, rounding."""
    s = State(t.rules)
    s.scores = list(t.scores)
    s.kyotaku = t.kyotaku
    s.deposit_owners = list(t.owners)
    s.won = list(t.won)
    end = final_standings(s)
    points = tuple(end.scores or t.scores)
    order = sorted(range(t.n), key=lambda p: (-points[p], p))
    return tuple(
        FinalStanding(
            seat=p, place=order.index(p) + 1, points=points[p], score=(end.result or ())[p]
        )
        for p in range(t.n)
    )


def _replay(rules: Rules, entries: Sequence[Hand]) -> Ledger:
    t = _Table(rules)
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
