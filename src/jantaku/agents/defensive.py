"""A defensive bot (守備型): pushes a hand worth its risk, folds otherwise, as a careful human does.

- **Reading the table** (:mod:`jantaku.agents.threats`): each opponent's chance of being
  tenpai and the value of its win (a riichi; an open hand by its calls, its yakuhai,
  dora and one-suit or all-pon look, the turn; a quiet hand late), and each tile's
  danger against it (genbutsu, suji, kabe and no-chance, one-chance, honors by count).
  A tile's *cost* is the points it is expected to lose: for each opponent, its chance of
  tenpai × the chance the tile deals in × the value of its win.
- **Push or fold** on expected points: pushing wins the hand's value (with the sticks
  on the table, and what the win saves the seat from the threats' own wins) with a
  chance computed from its shanten, its live winning tiles or acceptance, the draws
  left and the opponents' own chance to finish first, and pays tenpai at an exhaustive
  draw; it costs the tile let go now and the tiles it will let go on later turns.
  Folding costs the safest tile. A tenpai that cannot win (an open
  hand without a yaku) is worth nothing but its tenpai payment, so it folds.
  :attr:`DefensiveAgent.last_reason` says, in a line, why it pushed or folded.
- **Riichi or dama**: never riichi on a dead wait; dama with a hand that already pays
  well, with a yaku on a poor wait, or with a yaku on a poor wait against a strong open
  hand late (dama keeps the way to fold); riichi otherwise, and always when it pushes
  a hand without a yaku against a threat (dama, it could only win by tsumo).
- **Calls**: pon of a yakuhai; chii and pon toward open tanyao or honitsu (and pon
  toward toitoi) only when the call speeds the hand and the plan keeps its yaku; an
  open hand without a yakuhai discards what its plan cannot use first; no call that
  leaves the hand far from tenpai against a strong open hand, and against a riichi
  only a call that makes tenpai.
- **Placement** (all last, オーラス): a safe lead is not risked; behind, a hand that
  would change the placement is pushed; a ron that would end the match in the place
  the seat holds, when a tsumo or a ron from another seat would lift it, is let go
  (見逃し).

Decisions take a fraction of a millisecond (``bench/bench_defensive.py``): the
discards are rated as the discard advisor (:func:`jantaku.hand.advise`) rates them,
but acceptance is worked out only for those that keep the lowest shanten (and for
another only when a decision reads it); each opponent's danger is read once per
decision from tables of the waits through each kind; tenpai hands are scored with
:func:`jantaku.scoring.score_win`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Final

from jantaku.agents.base import Agent, first_of, passes
from jantaku.agents.threats import (
    Threat,
    danger_of,
    deal_in_chance,
    demo_view,  # noqa: F401  (the doctests' small view)
    honitsu_suit,
    read_threats,
    seat_wind,
    threats,
    tile_danger,
)
from jantaku.agents.threats import dora_kinds as _dora_kinds
from jantaku.engine.view import View
from jantaku.engine.view import visible_counts as seen_counts
from jantaku.errors import JantakuError
from jantaku.events import Action, Ankan, Chi, Dahai, Hora, Nukidora, Pon, Reach, Ryukyoku
from jantaku.hand import shanten, shanten_kokushi
from jantaku.hand.discards import best_discards_unchecked, rate_discards_unchecked
from jantaku.hand.tables import accepting_of_numbers, suit_numbers
from jantaku.meld import Meld, MeldKind
from jantaku.rules import TENHOU, TENHOU_SANMA, GameLength, Rules
from jantaku.scoring import Riichi, WinSituation, score_win
from jantaku.tiles import DRAGONS, EAST, KIND_OF, SOUTH, UNKNOWN, YAOCHUU, is_red, kind_name

__all__ = [
    "DefensiveAgent",
    "Race",
    "is_all_last",
    "race",
    "threats",
    "tile_danger",
    "visible_counts",
]

_YAOCHUU: Final = frozenset(YAOCHUU)
_TRIPLETS: Final = (MeldKind.PON, MeldKind.KAKAN, MeldKind.DAIMINKAN, MeldKind.ANKAN)
_OPP_WIN: Final = 0.12  # a tenpai opponent's chance to win in one go round the table
_TENPAI_PAYMENT: Final = 1500.0  # what tenpai at an exhaustive draw is worth against noten
_FADE: Final = 0.75  # each later discard's risk against the one before (the rivers grow)
_SHAPING: Final = 1.25  # the risk of a discard short of tenpai against a drawn tile's
_FAR_PUSH: Final = 12000.0  # the value for which a hand two from tenpai pushes to a riichi
_PRESSING: Final = 0.25  # the threat weight from which the hand weighs pushing against folding
_FAINT: Final = 0.05  # a threat lighter than this is left out of the tiles' costs
_PREVENTED: Final = 1 / 6  # of a threat's tenpai × value, what the seat's own win saves it:
# the threat would win about half the time, a third of it paid by this seat (a tsumo)


def _seat_wind(view: View, seat: int) -> int:
    return seat_wind(view, seat)


def _honitsu_suit(view: View, seat: int) -> int | None:
    return honitsu_suit(view, seat)


def visible_counts(view: View) -> tuple[int, ...]:
    """For every kind, the copies the seat sees (:func:`jantaku.engine.view.visible_counts`
    with its hand): its own hand and melds, the others' melds, the rivers, the dora
    indicators, the norths set aside.

    >>> from jantaku.tiles import parse_tiles
    >>> visible_counts(demo_view(hand=parse_tiles("1112m")))[:3]
    (3, 1, 0)
    """
    return seen_counts(view, hand=True)


def is_all_last(view: View, rules: Rules) -> bool:
    """Whether the hand in ``view`` may be the match's last (オーラス), by the rules: the
    last hand of the last wind of the match's length (east, or south) for the table's
    number of players; with a west-round extension (西入) that hand only once someone
    holds the target score (otherwise the match goes on), and every extension hand
    (the match ends as soon as someone reaches the target).

    >>> from dataclasses import replace
    >>> from jantaku.rules import TENHOU, GameLength
    >>> east4 = demo_view()._replace(kyoku=4, scores=(31000, 25000, 24000, 20000))
    >>> is_all_last(east4, TENHOU), is_all_last(east4, replace(TENHOU, length=GameLength.EAST_ONLY))
    (False, True)
    """
    last_wind = EAST if rules.length is GameLength.EAST_ONLY else SOUTH
    if view.bakaze > last_wind:  # an extension round
        return True
    if view.bakaze < last_wind or view.kyoku < view.players:
        return False
    return not rules.west_extension or max(view.scores) >= rules.target_points


class _Discards:
    """The discards of a hand that has just drawn, rated as the discard advisor
    (:func:`jantaku.hand.advise`) rates them, but only as far as a decision reads them:
    each discard that keeps the lowest shanten with its acceptance, the others (one
    shanten more) rated when asked (:meth:`rate`).

    ``counts`` are the concealed tiles (3k+2), ``left`` the copies of each kind neither
    in the hand nor in sight.
    """

    def __init__(self, counts: list[int], left: list[int], dora: Sequence[int]) -> None:
        self.counts = counts
        self.left = left
        self.dora = dora
        self.tiles = sum(counts)
        self.shanten, best = best_discards_unchecked(counts, left, self.tiles)
        self._rated: dict[int, tuple[int, int]] = {k: (self.shanten, total) for k, total in best}

    def _key(self, k: int, shanten_after: int, total: int) -> tuple[int, int, bool, int, int]:
        return (shanten_after, -total, k in self.dora, 0 if k in _YAOCHUU else 1, k)

    def ranked(self) -> list[tuple[int, int, int]]:
        """Every discard as ``(shanten after, -acceptance, kind)``, best first; among
        equals a dora is kept and a terminal or honor goes first (as the efficiency bot
        ranks). A discard past the lowest shanten is listed with acceptance 0 until
        :meth:`rate` rates it (they all come after the others)."""
        rows = []
        for k in range(34):
            if self.counts[k]:
                s, total = self._rated.get(k, (self.shanten + 1, 0))
                rows.append(self._key(k, s, total))
        rows.sort()
        return [(r[0], r[1], r[4]) for r in rows]

    def rate(self, k: int) -> tuple[int, int]:
        """``(shanten after, acceptance)`` of discarding ``k``."""
        found = self._rated.get(k)
        if found is None:
            numbers = suit_numbers(self.counts)
            ((_, s, total),) = rate_discards_unchecked(
                self.counts, numbers, self.left, self.tiles, (k,)
            )
            found = self._rated[k] = (s, total)
        return found

    def best_of(self, kinds: Sequence[int]) -> list[int]:
        """``kinds`` in the order of :meth:`ranked`, each rated."""
        return sorted(kinds, key=lambda k: self._key(k, *self.rate(k)))

    def waits(self, k: int) -> tuple[int, ...]:
        """The kinds that complete the hand after discarding ``k`` (for a tenpai discard)."""
        self.counts[k] -= 1
        _, kinds = accepting_of_numbers(
            suit_numbers(self.counts), self.counts, self.tiles - 1, fifth=False
        )
        self.counts[k] += 1
        return kinds

    def tenpai(self) -> list[int]:
        """The discards that leave the hand tenpai."""
        return sorted(k for k, (s, _) in self._rated.items() if s == 0)


_POINTS_BY_HAN: Final = (0, 1000, 2000, 3900, 7700, 8000, 12000, 12000, 16000)


@dataclass(frozen=True, slots=True)
class Race:
    """A hand's prospects if it pushes to the end (see :func:`race`)."""

    win: float
    """The chance to win the hand."""
    tenpai_end: float
    """The chance to be tenpai, not having won, when the wall runs out."""
    discards: float
    """The discards still to make after this one, expected, each weighed by its risk
    against a drawn tile's: the table grows safer as the rivers grow, and a hand short
    of tenpai lets go tiles it held, riskier than the tile it drew."""


def race(
    shanten_now: int,
    *,
    accept: float,
    live: float,
    draws: int,
    unseen: int,
    opp_win: float,
    ron: float = 1.0,
) -> Race:
    """The prospects of a hand ``shanten_now`` from tenpai pushed through ``draws`` draws.

    Each go round the table the opponents may finish first (``opp_win``); then the hand
    draws: one of its ``accept`` tiles takes it a step nearer tenpai, tenpai wins on one
    of its ``live`` tiles (on a later tenpai, a wait of about a third of ``accept``),
    out of ``unseen`` tiles, the others' discards adding ``ron`` chances per draw.

    >>> good = race(0, accept=0, live=8, draws=8, unseen=70, opp_win=0.09, ron=0.6)
    >>> bad = race(0, accept=0, live=2, draws=8, unseen=70, opp_win=0.09, ron=0.6)
    >>> round(good.win, 2), round(bad.win, 2), race(0, accept=0, live=8, draws=0,
    ...     unseen=70, opp_win=0.09).win
    (0.59, 0.21, 0.0)
    """
    u = max(unseen, 1)
    hit = min(0.6, live * (1 + ron) / u)
    later = min(0.6, min(8.0, max(2.0, min(accept, 20.0) / 3)) * (1 + ron) / u)
    h = hit if shanten_now == 0 else later
    # the first step takes the hand's own acceptance, the later ones a typical 16 tiles
    steps = [0.0] + [
        min(0.8, (accept if s == shanten_now else min(accept, 16.0)) / u)
        for s in range(1, shanten_now + 1)
    ]
    p = [0.0] * (shanten_now + 1)
    p[shanten_now] = 1.0
    win = discards = 0.0
    fade = 1.0
    for _ in range(draws):
        p = [x * (1 - opp_win) for x in p]
        won = p[0] * h
        win += won
        nxt = [p[0] - won] + [0.0] * shanten_now
        for s in range(1, shanten_now + 1):
            moved = p[s] * steps[s]
            nxt[s] += p[s] - moved
            nxt[s - 1] += moved
        p = nxt
        fade *= _FADE
        discards += fade * (p[0] + _SHAPING * sum(p[1:]))
    return Race(win, p[0], discards)


@dataclass(frozen=True, slots=True)
class _Tenpai:
    """A tenpai discard: the discard's kind, its live winning tiles, values with/without riichi."""

    discard: int
    live: int
    dama: float
    riichi: float


@dataclass(frozen=True, slots=True)
class _Table:
    """The threats at the table and what each kind would cost to let go (points)."""

    threats: tuple[Threat, ...]
    loss: list[float]
    """For each kind, the points a discard of it is expected to lose to the threats."""
    future: float
    """The points each later discard of a pushing hand is expected to lose (a drawn tile)."""
    cost: float
    unseen: int
    pot: float

    @classmethod
    def read(
        cls, view: View, found: Sequence[Threat], left: Sequence[int], dora: Sequence[int]
    ) -> _Table:
        """The table from the threats ``found``, ``left`` the copies of each kind out of
        sight and ``dora`` the dora kinds."""
        unseen_left = list(left)
        if view.players == 3:
            unseen_left[1:8] = [0] * 7  # no 2m-8m in a three-player set
        unseen = max(1, sum(unseen_left))
        cost = sum(t.tenpai * t.value for t in found)
        loss = [0.0] * 34
        future = 0.0
        if max((t.weight for t in found), default=0.0) >= _PRESSING:  # else nothing presses
            for th in found:
                if th.weight < _FAINT:
                    continue
                scale = th.tenpai * th.value
                expected = 0.0
                for k, d in enumerate(danger_of(view, th.seat, left, dora)):
                    if d:
                        q = deal_in_chance(d)
                        loss[k] += scale * q
                        expected += unseen_left[k] * q
                future += scale * expected / unseen
        pot = 1000.0 * view.kyotaku + 300.0 * view.honba
        return cls(tuple(found), loss, future, cost, unseen, pot)

    @property
    def prevented(self) -> float:
        """The points the seat's own win saves it from the threats' wins, expected."""
        return _PREVENTED * self.cost

    @property
    def quiet(self) -> bool:
        """Nobody presses: no threat weighs enough to set a discard's danger against its speed."""
        return self.top < _PRESSING

    @property
    def top(self) -> float:
        return max((t.weight for t in self.threats), default=0.0)

    @property
    def likely(self) -> bool:
        """An open or quiet hand is likely tenpai, and for enough to matter."""
        return any(not t.riichi and t.tenpai >= 0.6 and t.weight >= 0.2 for t in self.threats)

    @property
    def riichi_out(self) -> bool:
        return any(t.riichi for t in self.threats)

    def race(self, view: View, shanten_now: int, accept: float, live: float) -> Race:
        opp = min(0.3, _OPP_WIN * sum(t.tenpai for t in self.threats))
        return race(
            shanten_now,
            accept=accept,
            live=live,
            draws=max(0, view.tiles_left // view.players),
            unseen=self.unseen,
            opp_win=opp,
            ron=1.0 if self.riichi_out else 1.5,
        )

    def push_value(self, view: View, t: _Tenpai) -> float:
        """The points expected from pushing tenpai ``t`` after its discard (that discard's
        own cost left out)."""
        r = self.race(view, 0, 0.0, t.live)
        worth = max(t.dama, t.riichi)
        gain = r.win * (worth + self.pot + self.prevented) if worth > 0 else 0.0
        return gain + r.tenpai_end * _TENPAI_PAYMENT - r.discards * self.future


def _name(kind: int) -> str:
    return kind_name(kind)


class DefensiveAgent(Agent):
    """Pushes a hand worth it, folds to a threat otherwise; see the module docstring.

    ``rules`` (default Tenhou's; the three-player twin at a three-player table) values
    tenpai hands and tells when the last hand comes.

    >>> DefensiveAgent().act(None, [Hora(actor=0, target=2, pai=5), Pon(0, 2, 5, (5, 5))])
    Hora(actor=0, target=2, pai='6m')
    """

    name = "defensive"
    dama_value: float = 7700
    """The value without riichi at which a tenpai hand on a good wait stays dama."""
    dama_poor_wait: float = 7700
    """The value without riichi at which a tenpai hand on three live tiles or fewer stays dama."""
    call_shanten: int = 2
    """The most shanten a chii or pon toward tanyao or toitoi may leave (one more for honitsu)."""
    cheap_call_shanten: int = 2
    """The most shanten a tanyao call without dora may leave (a call for 1,000 points)."""

    def __init__(self, rules: Rules | None = None) -> None:
        self.rules = rules
        self.last_reason = ""
        """Why the last discard pushed or folded, in a line (for a review of the game)."""

    def _rules(self, view: View) -> Rules:
        if self.rules is not None and self.rules.players == view.players:
            return self.rules
        return TENHOU if view.players == 4 else TENHOU_SANMA

    def act(self, view: View | None, legal: Sequence[Action]) -> Action:
        """Choose by the rules in the module docstring.

        Raises ``ValueError`` without a view when it has a choice to make.
        """
        win = first_of(legal, Hora)
        skip = passes(legal)
        if win is not None:
            if (
                skip is not None
                and view is not None
                and isinstance(win, Hora)
                and self._lets_ron_go(view, win)
            ):
                return skip
            return win
        if len(legal) == 1:
            return legal[0]
        if view is None:
            raise ValueError("the defensive agent needs to see the table")
        if skip is not None:
            return self._claim(view, legal, skip)
        return self._own_turn(view, legal)

    # --- reading the table ----------------------------------------------------------

    def _all_last(self, view: View) -> bool:
        return is_all_last(view, self._rules(view))

    def _standing(self, view: View) -> tuple[int, int, int]:
        """(place, points behind the seat above or 0, lead over the seat below or 0)."""
        me = view.seat
        order = sorted(range(view.players), key=lambda s: (-view.scores[s], s))
        place = order.index(me) + 1
        above = view.scores[order[place - 2]] - view.scores[me] if place > 1 else 0
        below = view.scores[me] - view.scores[order[place]] if place < view.players else 0
        return place, above, below

    def _uma_shift(self, view: View, points: float, other: int | None) -> float:
        """The uma (and oka) the seat gains if the match ends after it takes ``points``
        from ``other`` (gives them, when negative; from every other seat alike, when
        ``other`` is None)."""
        rules = self._rules(view)
        bonus = list(rules.uma)
        if rules.oka:
            bonus[0] += (rules.return_points - rules.start_points) * view.players
        me = view.seat
        after = [float(x) for x in view.scores]
        after[me] += points
        for s in range(view.players):
            if s != me and other in (None, s):
                after[s] -= points if other is not None else points / (view.players - 1)

        def place(scores: Sequence[float]) -> int:
            return sorted(range(view.players), key=lambda s: (-scores[s], s)).index(me)

        return float(bonus[place(after)] - bonus[place(view.scores)])

    def _lets_ron_go(self, view: View, win: Hora) -> bool:
        """Whether to let a ron go in the last hand (見逃し): it would end the match with
        the seat in the place it holds now, while a tsumo (or, before a riichi, a ron from
        another seat) would lift it, and waiting risks little: the seat is last, or far
        ahead of the seat below. The dealer always takes it (the match goes on)."""
        me = view.seat
        if win.target == me or me == view.oya or win.pai is None or view.tiles_left < 8:
            return False
        rules = self._rules(view)
        if not is_all_last(view, rules):
            return False
        ron = self._deltas(view, rules, win.pai, win.target)
        if ron is None:
            return False
        after = [s + d for s, d in zip(view.scores, ron, strict=True)]
        if rules.west_extension and max(after) < rules.target_points:
            return False  # the match goes on: every point counts
        place, _, lead = self._standing(view)

        def place_after(deltas: Sequence[int]) -> int:
            scores = [s + d for s, d in zip(view.scores, deltas, strict=True)]
            return sorted(range(view.players), key=lambda s: (-scores[s], s)).index(me) + 1

        if place_after(ron) != place or (place < view.players and lead < 12000):
            return False
        others: list[int | None] = [None]  # a tsumo
        if not view.riichi[me]:  # no riichi: letting it go is furiten only until its discard
            others += [s for s in range(view.players) if s not in (me, win.target)]
        for other in others:
            deltas = self._deltas(view, rules, win.pai, other)
            if deltas is not None and place_after(deltas) < place:
                self.last_reason = f"let the ron go: it ends the match in place {place}"
                return True
        return False

    @staticmethod
    def _deltas(
        view: View, rules: Rules, win: int, discarder: int | None
    ) -> tuple[int, ...] | None:
        """Every seat's points after the seat wins on ``win`` (a tsumo when ``discarder``
        is None), sticks and honba included; None if the hand cannot win so."""
        me = view.seat
        kind = (Riichi.NONE, Riichi.RIICHI, Riichi.DOUBLE)[min(view.riichi[me], 2)]
        try:
            situation = WinSituation(
                concealed=(*view.hand, win),
                melds=view.melds[me],
                win_tile=win,
                discarder=discarder,
                riichi=kind,
                round_wind=view.bakaze,
                winner=me,
                dealer=view.oya,
                dora_indicators=tuple(t for t in view.dora_markers if t != UNKNOWN),
                kita=view.nuki[me] if view.nuki else 0,
                honba=view.honba,
                deposits=view.kyotaku,
                rules=rules,
            )
            return score_win(situation).deltas
        except JantakuError:
            return None

    def _estimate(self, view: View, counts: Sequence[int], dora: Sequence[int]) -> float:
        """A rough value (points) of the hand if it wins: dora and likely yaku."""
        han = sum(counts[k] for k in dora) + sum(is_red(t) for t in view.hand)
        melds = view.melds[view.seat]
        for m in melds:
            han += sum(KIND_OF[t] in dora or is_red(t) for t in m.tiles)
        han += view.nuki[view.seat] if view.nuki else 0
        yakuhai = {*DRAGONS, _seat_wind(view, view.seat), view.bakaze}
        opened = any(m.kind is not MeldKind.ANKAN for m in melds)
        yaku = 0
        for k in yakuhai:
            if counts[k] >= 3 or any(
                m.kind in _TRIPLETS and KIND_OF[m.tiles[0]] == k for m in melds
            ):
                yaku += 1 + (k == view.bakaze == _seat_wind(view, view.seat))
        if not opened:
            yaku += 1  # riichi
        kinds = [k for k in range(34) if counts[k]] + [KIND_OF[m.tiles[0]] for m in melds]
        if all(k not in _YAOCHUU for k in kinds) or (
            sum(counts[k] for k in _YAOCHUU) <= 1
            and not any(KIND_OF[t] in _YAOCHUU for m in melds for t in m.tiles)
        ):
            yaku += 1
        suits = {k // 9 for k in kinds if k < 27}
        if len(suits) == 1:
            yaku += 2 if opened else 3
        if not yaku and any(counts[k] >= 2 for k in yakuhai):
            yaku = 1  # a yakuhai pair that may still become a pon
        if not yaku:
            return 0.0  # an open hand with no yaku in sight cannot win
        han += yaku
        han = max(han, 1)
        points = _POINTS_BY_HAN[min(han, 8)]
        return points * (1.5 if view.seat == view.oya else 1.0)

    def _tenpai_options(self, view: View, discards: _Discards) -> list[_Tenpai]:
        """Every discard that leaves the hand tenpai, with its live waits and values."""
        rules = self._rules(view)
        closed = all(m.kind is MeldKind.ANKAN for m in view.melds[view.seat])
        out = []
        for d in discards.tenpai():
            hand = list(view.hand)
            places = [i for i, t in enumerate(hand) if KIND_OF[t] == d]
            del hand[next((i for i in places if not is_red(hand[i])), places[0])]
            kinds = discards.waits(d)
            live = discards.rate(d)[1]
            dama = riichi = 0.0
            for w in kinds:
                left = discards.left[w]
                if not left and live:
                    continue
                weight = left or 1
                dama += weight * self._value(view, rules, hand, w, Riichi.NONE)
                if closed:
                    riichi += weight * self._value(view, rules, hand, w, Riichi.RIICHI)
            weights = live or len(kinds) or 1
            out.append(_Tenpai(d, live, dama / weights, riichi / weights))
        return out

    @staticmethod
    def _value(view: View, rules: Rules, hand: list[int], win: int, riichi: Riichi) -> float:
        """The points of a ron on ``win`` (0 without a yaku)."""
        try:
            situation = WinSituation(
                concealed=(*hand, win),
                melds=view.melds[view.seat],
                win_tile=win,
                discarder=(view.seat + 1) % view.players,
                riichi=riichi,
                round_wind=view.bakaze,
                winner=view.seat,
                dealer=view.oya,
                dora_indicators=tuple(t for t in view.dora_markers if t != UNKNOWN),
                rules=rules,
            )
            return float(score_win(situation).total)
        except JantakuError:
            return 0.0

    # --- own turn -------------------------------------------------------------------

    def _own_turn(self, view: View, legal: Sequence[Action]) -> Action:
        nuki = first_of(legal, Nukidora)
        if nuki is not None:
            return nuki
        counts = [0] * 34
        for t in view.hand:
            counts[KIND_OF[t]] += 1
        kyuushu = first_of(legal, Ryukyoku)
        if kyuushu is not None and len(view.hand) == 14 and shanten_kokushi(counts) > 2:
            return kyuushu
        dahais = [a for a in legal if isinstance(a, Dahai)]
        if not dahais:
            return legal[0]
        left = [4 - c if c < 4 else 0 for c in visible_counts(view)]
        dora = _dora_kinds(view)
        discards = _Discards(counts, left, dora)
        ranked = discards.ranked()
        best_shanten = discards.shanten
        if view.riichi[view.seat]:
            for action in legal:
                if isinstance(action, Ankan):
                    return action
            self.last_reason = "riichi: tsumogiri"
            return self._discard_of(dahais, [k for _, _, k in ranked])
        found = read_threats(view)
        all_last = self._all_last(view)
        if all_last:  # a deal-in may cost a place too
            found = [
                replace(t, value=t.value - self._uma_shift(view, -t.value, t.seat)) for t in found
            ]
        table = _Table.read(view, found, left, dora)
        for action in legal:
            if isinstance(action, Ankan):
                k = KIND_OF[action.consumed[0]]
                counts[k] -= 4
                slower = shanten(counts) > best_shanten
                counts[k] += 4
                if not slower and table.quiet:
                    return action

        place, _, lead = self._standing(view)
        safe_lead = all_last and place == 1 and lead >= 8000

        tenpai = self._tenpai_options(view, discards) if best_shanten == 0 else []
        value = 0.0  # read only when it weighs pushing against folding
        if tenpai:
            value = max(max(t.dama, t.riichi) for t in tenpai)
        elif all_last or not table.quiet:
            value = self._estimate(view, counts, dora)
        if all_last and value > 0:
            payer = max(table.threats, key=lambda t: t.weight).seat if table.threats else None
            value += self._uma_shift(view, value + table.pot, payer)

        order, off = self._plan_order(view, counts, ranked, discards)
        loss = table.loss
        if not table.quiet:
            order = self._careful(order, ranked, loss)
        best = self._best_tenpai(view, table, tenpai)
        if not table.quiet:
            fold, self.last_reason = self._judge(
                view, table, discards, order, best, value, safe_lead
            )
            if fold:
                low = min(loss[k] for k in order)
                safest = discards.best_of([k for k in order if loss[k] == low and k in off])
                safest += discards.best_of([k for k in order if loss[k] == low and k not in off])
                eff = {k: i for i, k in enumerate(order)}
                rest = sorted((k for k in order if loss[k] != low), key=lambda k: (loss[k], eff[k]))
                return self._discard_of(dahais, safest + rest)
        else:
            self.last_reason = "attack: nobody presses"

        reach = first_of(legal, Reach)
        if best is not None:
            if reach is not None and self._riichi(view, best, table, all_last, place, lead):
                return reach
            order = [best.discard, *(k for k in order if k != best.discard)]
        return self._discard_of(dahais, order)

    def _best_tenpai(self, view: View, table: _Table, tenpai: list[_Tenpai]) -> _Tenpai | None:
        """The tenpai discard to push: the most points won, less the tile's cost."""
        if not tenpai:
            return None
        if table.quiet:
            return max(tenpai, key=lambda t: (t.live * max(t.dama, t.riichi, 500.0), -t.discard))
        return max(tenpai, key=lambda t: table.push_value(view, t) - table.loss[t.discard])

    def _judge(
        self,
        view: View,
        table: _Table,
        discards: _Discards,
        order: list[int],
        best: _Tenpai | None,
        value: float,
        safe_lead: bool,
    ) -> tuple[bool, str]:
        """Whether to fold, and why: pushing's expected points against folding's."""
        loss = table.loss
        held = [k for k in order]
        safest = min(held, key=lambda k: loss[k])
        fold_ev = -loss[safest]
        far = 0
        if best is not None:
            tile = best.discard
            r = table.race(view, 0, 0.0, best.live)
            worth = max(best.dama, best.riichi)
            value = max(value, worth) if worth > 0 else 0.0
        else:
            tile = order[0]
            far, accept = discards.rate(tile)
            r = table.race(view, far, float(accept), 0.0)
        gain = r.win * (value + table.pot + table.prevented if value > 0 else 0.0)
        gain += r.tenpai_end * _TENPAI_PAYMENT
        risk = loss[tile] + r.discards * table.future
        push_ev = gain - risk
        extra = table.pot + table.prevented if value > 0 else 0.0
        why = (
            f"win {r.win:.0%} × {value:.0f}"
            + (f" (+{extra:.0f}: sticks, threats' wins saved)" if extra >= 1 else "")
            + f", tile {_name(tile)} costs {loss[tile]:.0f}, "
            f"{r.discards:.1f} more discards cost {r.discards * table.future:.0f}; "
            f"safest {_name(safest)} costs {loss[safest]:.0f}"
        )
        if safe_lead and table.top >= 0.4 and (best is None or value < 8000):
            return True, f"fold: a safe lead in the last hand ({why})"
        if far >= 2 and table.riichi_out and value < _FAR_PUSH:
            return True, f"fold: two from tenpai against a riichi ({why})"
        if push_ev >= fold_ev:
            return False, f"push {push_ev:+.0f} ≥ fold {fold_ev:+.0f}: {why}"
        return True, f"fold {fold_ev:+.0f} > push {push_ev:+.0f}: {why}"

    @staticmethod
    def _careful(
        order: list[int], ranked: list[tuple[int, int, int]], loss: list[float]
    ) -> list[int]:
        """Among discards as fast as the best and nearly as wide, the cheapest first."""
        best_s, best_acc = ranked[0][0], -ranked[0][1]
        close = [k for s, neg, k in ranked if s == best_s and -neg >= 0.75 * best_acc]
        if not close or order[0] not in close:
            return order
        first = min(close, key=lambda k: (round(loss[k]), order.index(k) if k in order else 99))
        return [first, *(k for k in order if k != first)]

    @staticmethod
    def _dora_held(view: View) -> int:
        """The dora (red fives included) in the seat's hand and melds."""
        dora = _dora_kinds(view)
        tiles = [*view.hand, *(t for m in view.melds[view.seat] for t in m.tiles)]
        return sum(is_red(t) + dora.count(KIND_OF[t]) for t in tiles)

    def _plan_order(
        self,
        view: View,
        counts: list[int],
        ranked: list[tuple[int, int, int]],
        discards: _Discards,
    ) -> tuple[list[int], set[int]]:
        """The efficiency order, with what an open hand's yaku plan cannot use first, and
        those kinds."""
        order = [k for _, _, k in ranked]
        off: set[int] = set()
        melds = [m for m in view.melds[view.seat] if m.kind is not MeldKind.ANKAN]
        if not melds:
            return order, off
        yakuhai = {*DRAGONS, _seat_wind(view, view.seat), view.bakaze}
        if any(m.kind in _TRIPLETS and KIND_OF[m.tiles[0]] in yakuhai for m in melds):
            return order, off
        if any(counts[k] >= 2 for k in yakuhai):
            return order, off  # a yakuhai pair may still be the yaku
        suit = _honitsu_suit(view, view.seat)
        if suit is None and len(melds) == 1 and KIND_OF[melds[0].tiles[0]] < 27:
            s = KIND_OF[melds[0].tiles[0]] // 9
            in_suit = sum(counts[k] for k in range(34) if k // 9 == s or k >= 27)
            if in_suit >= sum(counts) - 3:
                suit = s
        tanyao = all(KIND_OF[t] not in _YAOCHUU for m in melds for t in m.tiles)
        if tanyao and suit is None:
            off = set(_YAOCHUU)
        elif suit is not None:
            off = {k for k in range(27) if k // 9 != suit}
        elif tanyao:
            off = set(_YAOCHUU)
        first = discards.best_of([k for k in order if k in off])
        return first + [k for k in order if k not in off], off

    def _riichi(
        self, view: View, best: _Tenpai, table: _Table, all_last: bool, place: int, lead: int
    ) -> bool:
        if best.live == 0:
            return False  # a dead wait: every winning tile is in sight
        if all_last and place == 1 and lead >= 4000:
            return best.dama == 0 and lead < 8000
        late = view.tiles_left < 36  # past about the ninth turn
        if best.dama == 0:
            if not table.quiet or table.riichi_out or table.likely:
                return True  # it pushes against a threat, and without a yaku only riichi rons
            return best.live >= 2 or view.tiles_left >= 30
        if best.dama >= 7700:
            return False
        if table.riichi_out:
            return best.live >= 5 and best.dama < 3900
        if table.likely and late and best.live <= 4:
            return False  # a poor wait against a strong open hand: dama keeps the fold
        if best.live <= 3:
            return best.dama < self.dama_poor_wait
        return best.dama < self.dama_value

    @staticmethod
    def _discard_of(dahais: Sequence[Dahai], order: Sequence[int]) -> Dahai:
        """The legal discard of the first kind in ``order``: keep red fives, prefer tsumogiri."""
        by_kind: dict[int, list[Dahai]] = {}
        for a in dahais:
            by_kind.setdefault(KIND_OF[a.pai], []).append(a)
        for k in order:
            options = by_kind.get(k)
            if options:
                options.sort(key=lambda a: (is_red(a.pai), not a.tsumogiri))
                return options[0]
        return dahais[0]

    # --- claims -----------------------------------------------------------------------

    def _claim(self, view: View, legal: Sequence[Action], skip: Action) -> Action:
        if view.riichi[view.seat]:
            return skip
        counts = [0] * 34
        for t in view.hand:
            counts[KIND_OF[t]] += 1
        now = shanten(counts)
        menace = threats(view)
        riichi_out = any(view.riichi[o] for o in range(view.players) if o != view.seat)
        if riichi_out and now >= 2:
            return skip  # no call takes it to tenpai
        strong = max(menace.values(), default=0.0) >= 0.6
        if self._all_last(view):
            place, _, lead = self._standing(view)
            if place == 1 and lead >= 8000 and menace:
                return skip
        rules = self._rules(view)
        yakuhai = {*DRAGONS, _seat_wind(view, view.seat), view.bakaze}
        melds = [m for m in view.melds[view.seat] if m.kind is not MeldKind.ANKAN]
        has_yakuhai = any(m.kind in _TRIPLETS and KIND_OF[m.tiles[0]] in yakuhai for m in melds)
        best: tuple[int, int, Action] | None = None
        for action in legal:
            if not isinstance(action, Chi | Pon):
                continue
            for t in action.consumed:
                counts[KIND_OF[t]] -= 1
            after = shanten(counts)
            plan = self._plan_after(view, counts, melds, action, yakuhai, rules, has_yakuhai)
            for t in action.consumed:
                counts[KIND_OF[t]] += 1
            called = KIND_OF[action.pai]
            if isinstance(action, Pon) and called in yakuhai:
                ok = after <= now
                rank = 0
            else:
                ok = plan > 0 and after < now and after <= self.call_shanten + (plan == 2)
                if plan == 4 and after > self.cheap_call_shanten:
                    ok = ok and self._dora_held(view) > 0
                rank = plan
            if ok and strong and after >= 2:
                ok = False  # still far from tenpai against a strong hand
            if ok and riichi_out and after > 0:
                ok = False  # against a riichi, only a call that makes tenpai
            if ok and (best is None or (after, rank) < best[:2]):
                best = (after, rank, action)
        return best[2] if best is not None else skip

    @staticmethod
    def _plan_after(
        view: View,
        counts: list[int],
        melds: Sequence[Meld],
        action: Chi | Pon,
        yakuhai: set[int],
        rules: Rules,
        has_yakuhai: bool,
    ) -> int:
        """The yaku plan a call keeps (0 none, 1 a yakuhai already held, 2 honitsu, 3
        toitoi, 4 tanyao); ``counts`` are the concealed tiles after the call."""
        if has_yakuhai:
            return 1
        own = view.melds[view.seat]
        meld_kinds = [KIND_OF[t] for m in own for t in m.tiles]
        new = [KIND_OF[action.pai], *(KIND_OF[t] for t in action.consumed)]
        all_kinds = meld_kinds + new
        tanyao = rules.kuitan and not any(k in _YAOCHUU for k in all_kinds)
        if tanyao and sum(counts[k] for k in _YAOCHUU) <= 1:
            return 4
        suits = {k // 9 for k in all_kinds if k < 27}
        if len(suits) <= 1:
            s = suits.pop() if suits else None
            off = (
                sum(c for k, c in enumerate(counts) if k < 27 and k // 9 != s)
                if s is not None
                else 99
            )
            if off <= 2:
                return 2
        if isinstance(action, Pon) and all(m.kind in _TRIPLETS for m in own):
            pairs = sum(c >= 2 for c in counts)
            if pairs >= 3:
                return 3
        return 0
