"""A defensive bot (守備型): attacks with a hand worth it, folds against a threat otherwise.

It plays as a careful human does:

- **Threats** (:func:`threats`): a riichi is a full threat; an open hand is a partial
  one, heavier with more calls, few tiles left in hand, dora or yakuhai in its melds,
  a one-suit (honitsu) or all-pon (toitoi) look, and more so from the dealer.
- **Tile danger** (:func:`tile_danger`), against one opponent, counts the waits a
  tile could still complete: none for a tile it discarded (現物) or that anyone
  discarded after its riichi and it let pass; two-sided waits ruled out by suji (筋)
  and by tiles all visible (壁, no-chance) or nearly so (one-chance); a pair or single
  wait on an honor only while enough copies are unseen; less for tiles outside an
  early discard of the same suit (序盤の外側); more for dora and their neighbours.
  Against a one-suit hand, other suits are almost safe.
- **Push or fold**: from the hand's shanten and value (the exact score of a tenpai
  hand's waits, an estimate before) against the threat. It folds (discarding the
  safest tile: genbutsu first, then suji, honors by count, and on) with two or more
  shanten, with one shanten unless the hand is worth a mangan, and with a cheap tenpai
  on a poor wait when the tile it must let go is dangerous.
- **Riichi or dama**: never riichi on a dead wait (every winning tile visible); dama
  with a hand that already pays well without riichi, or with a yaku on a poor wait;
  riichi otherwise. A safe top in the last hand plays dama and folds.
- **Calls**: pon of a yakuhai; chii and pon toward open tanyao or honitsu (and pon
  toward toitoi) only when the call speeds the hand and the plan keeps its yaku; an
  open hand without a yakuhai discards what its plan cannot use first.
- **Placement** (all last, オーラス): a safe lead is not risked; behind, a hand that
  would change the placement is pushed.

Decisions take a fraction of a millisecond: the discard advisor
(:func:`jantaku.hand.advise`) ranks the discards once, and tenpai hands are scored with
:func:`jantaku.scoring.score_win`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from jantaku.agents.base import Agent, first_of, passes
from jantaku.engine.view import View
from jantaku.engine.view import visible_counts as seen_counts
from jantaku.errors import JantakuError
from jantaku.events import Action, Ankan, Chi, Dahai, Hora, Nukidora, Pon, Reach, Ryukyoku
from jantaku.hand import DiscardOption, advise, outside_hand, shanten, shanten_kokushi
from jantaku.meld import Meld, MeldKind
from jantaku.rules import TENHOU, TENHOU_SANMA, GameLength, Rules
from jantaku.scoring import Riichi, WinSituation, score_win
from jantaku.tiles import (
    DRAGONS,
    EAST,
    KIND_OF,
    SOUTH,
    UNKNOWN,
    YAOCHUU,
    dora_from_indicator,
    is_red,
)

__all__ = ["DefensiveAgent", "is_all_last", "threats", "tile_danger", "visible_counts"]

_YAOCHUU: Final = frozenset(YAOCHUU)
_TRIPLETS: Final = (MeldKind.PON, MeldKind.KAKAN, MeldKind.DAIMINKAN, MeldKind.ANKAN)
_SIDE: Final = 4.0  # a two-sided wait (両面) that could complete the tile
_KANCHAN: Final = 1.0
_PENCHAN: Final = 0.8
_SHANPON: Final = 0.9
_TANKI: Final = 0.4
_HONOR_SHANPON: Final = 1.2
_HONOR_TANKI: Final = 0.6
_EARLY: Final = 6  # discards that count as early (序盤)


def visible_counts(view: View) -> tuple[int, ...]:
    """For every kind, the copies the seat sees (:func:`jantaku.engine.view.visible_counts`
    with its hand): its own hand and melds, the others' melds, the rivers, the dora
    indicators, the norths set aside.

    >>> from jantaku.tiles import parse_tiles
    >>> visible_counts(_demo_view(hand=parse_tiles("1112m")))[:3]
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
    >>> east4 = _demo_view()._replace(kyoku=4, scores=(31000, 25000, 24000, 20000))
    >>> is_all_last(east4, TENHOU), is_all_last(east4, replace(TENHOU, length=GameLength.EAST_ONLY))
    (False, True)
    """
    last_wind = EAST if rules.length is GameLength.EAST_ONLY else SOUTH
    if view.bakaze > last_wind:  # an extension round
        return True
    if view.bakaze < last_wind or view.kyoku < view.players:
        return False
    return not rules.west_extension or max(view.scores) >= rules.target_points


def _dora_kinds(view: View) -> list[int]:
    return [dora_from_indicator(t, players=view.players) for t in view.dora_markers]


def _seat_wind(view: View, seat: int) -> int:
    return EAST + (seat - view.oya) % view.players


def _honitsu_suit(view: View, seat: int) -> int | None:
    """The suit (0 man, 1 pin, 2 sou) an open hand's melds all show with honors, if any."""
    suits = {KIND_OF[m.tiles[0]] // 9 for m in view.melds[seat]}
    suits.discard(3)
    if len(suits) != 1 or len(view.melds[seat]) < 2:
        return None
    return suits.pop()


def threats(view: View) -> dict[int, float]:
    """Each opponent's threat (0 to 1): 1 for a riichi, less for an open hand by what it shows.

    >>> threats(_demo_view(riichi=(0, 1, 0, 0)))
    {1: 1.0}
    """
    out: dict[int, float] = {}
    dora = set(_dora_kinds(view))
    for o in range(view.players):
        if o == view.seat:
            continue
        if view.riichi[o]:
            out[o] = 1.0
            continue
        melds = [m for m in view.melds[o] if m.kind is not MeldKind.ANKAN]
        if not melds:
            continue
        n = len(melds)
        shown_dora = sum(KIND_OF[t] in dora or is_red(t) for m in view.melds[o] for t in m.tiles)
        yakuhai = {*DRAGONS, _seat_wind(view, o), view.bakaze}
        pons = sum(m.kind in _TRIPLETS for m in melds)
        has_yakuhai = any(m.kind in _TRIPLETS and KIND_OF[m.tiles[0]] in yakuhai for m in melds)
        w = 0.15 * n
        if n >= 2 and (shown_dora >= 2 or _honitsu_suit(view, o) is not None or pons == n):
            w = 0.6
        elif n >= 2 and (has_yakuhai or shown_dora):
            w = 0.45
        if n >= 3:
            w = max(w, 0.7)
        if view.hand_sizes[o] <= 4:
            w = max(w, 0.85)
        if o == view.oya:
            w *= 1.25
        if view.tiles_left < 12:
            w += 0.1
        w = min(w, 0.95)
        if w >= 0.3:
            out[o] = round(w, 3)
    return out


def _safe_kinds(view: View, o: int) -> set[int]:
    """Kinds that cannot deal into seat ``o``: its own discards (furiten), and every tile
    discarded after its riichi that it let pass."""
    river = view.rivers[o]
    safe = {KIND_OF[d.tile] for d in river}
    riichi_at = next((i for i, d in enumerate(river) if d.riichi), None)
    if riichi_at is None:
        return safe
    n = view.players
    start = view.oya
    order_o = (o - start) % n
    for p in range(n):
        if p == o:
            continue
        later = 0 if (p - start) % n > order_o else 1  # seats before o discard once more first
        for d in view.rivers[p][riichi_at + later :]:
            safe.add(KIND_OF[d.tile])
    return safe


def tile_danger(view: View, o: int, seen: Sequence[int] | None = None) -> list[float]:
    """How dangerous each kind is to discard against seat ``o`` (0 safe; ~10 the worst).

    It adds up the waits that could still complete the tile (see the module docstring).

    >>> from jantaku.tiles import parse_tiles
    >>> river = parse_tiles("4m")
    >>> d = tile_danger(_demo_view(riichi=(0, 1, 0, 0), river1=river), 1)
    >>> d[3], d[0] < d[1], d[6] < d[5]  # 4m genbutsu; 1m suji of 4m; 7m suji of 4m
    (0.0, True, True)
    """
    seen = visible_counts(view) if seen is None else seen
    safe = _safe_kinds(view, o)
    river = view.rivers[o]
    early = [KIND_OF[d.tile] for d in river[:_EARLY] if not d.riichi]
    dora = _dora_kinds(view)
    honitsu = None if view.riichi[o] else _honitsu_suit(view, o)
    yakuhai = {*DRAGONS, _seat_wind(view, o), view.bakaze}
    out = [0.0] * 34
    for k in range(34):
        if k in safe:
            continue
        unseen = 4 - seen[k]
        if k >= 27:
            d = (_HONOR_SHANPON if unseen >= 2 else 0.0) + (_HONOR_TANKI if unseen >= 1 else 0.0)
            if k in yakuhai and not view.riichi[o] and unseen >= 2:
                d *= 1.5
        else:
            n = k % 9 + 1
            base = k - (n - 1)
            d = 0.0
            for lo, hi, other in ((n + 1, n + 2, n + 3), (n - 2, n - 1, n - 3)):
                if lo < 1 or hi > 9:
                    continue
                ryanmen = lo >= 2 and hi <= 8
                if ryanmen and base + other - 1 in safe:
                    continue  # suji: the other end of this two-sided wait is furiten
                left = min(4 - seen[base + lo - 1], 4 - seen[base + hi - 1])
                if left == 0:
                    continue  # kabe: no-chance
                part = _SIDE if ryanmen else _PENCHAN
                d += part * (0.5 if left == 1 else 1.0)
            if 2 <= n <= 8:
                left = min(4 - seen[k - 1], 4 - seen[k + 1])
                d += _KANCHAN * (0.0 if left == 0 else 0.5 if left == 1 else 1.0)
            d += (_SHANPON if unseen >= 2 else 0.0) + (_TANKI if unseen >= 1 else 0.0)
            if any(e // 9 == k // 9 and e < 27 and _outside(n, e % 9 + 1) for e in early):
                d *= 0.6
            if honitsu is not None and k // 9 != honitsu:
                d *= 0.1
        if unseen <= 0:
            d = 0.0
        if k in dora:
            d *= 1.3
        elif any(k < 27 and dk < 27 and dk // 9 == k // 9 and abs(dk - k) <= 2 for dk in dora):
            d *= 1.1
        out[k] = round(d, 3)
    return out


def _outside(n: int, early: int) -> bool:
    """Whether number ``n`` lies outside an early discard ``early`` of its suit (toward the end)."""
    return n < early <= 5 or 5 <= early < n


def _ranked(options: Sequence[DiscardOption], dora: Sequence[int]) -> list[tuple[int, int, int]]:
    """The advisor's discards as ``(shanten after, -acceptance, kind)``, best first; among
    equals a dora is kept and a terminal or honor goes first (as the efficiency bot ranks)."""
    return sorted(
        ((o.shanten, -o.total, o.discard) for o in options),
        key=lambda r: (r[0], r[1], r[2] in dora, 0 if r[2] in _YAOCHUU else 1, r[2]),
    )


_POINTS_BY_HAN: Final = (0, 1000, 2000, 3900, 7700, 8000, 12000, 12000, 16000)


@dataclass(frozen=True, slots=True)
class _Tenpai:
    """A tenpai discard: the discard's kind, its live winning tiles, values with/without riichi."""

    discard: int
    live: int
    dama: float
    riichi: float


class DefensiveAgent(Agent):
    """Pushes a hand worth it, folds to a threat otherwise; see the module docstring.

    ``rules`` (default Tenhou's; the three-player twin at a three-player table) values
    tenpai hands and tells when the last hand comes.

    >>> DefensiveAgent().act(None, [Hora(actor=0, target=2, pai=5), Pon(0, 2, 5, (5, 5))])
    Hora(actor=0, target=2, pai=5, deltas=None, ura_markers=(), yaku=None, han=None, \
fu=None, points=None, pao=None, scores=None)
    """

    name = "defensive"
    push_one_shanten: float = 2600
    """The value (points) at which a one-shanten hand pushes against a riichi."""
    push_danger: float = 6
    """The danger of the tile a one-shanten hand must let go above which it folds anyway."""
    dama_value: float = 7700
    """The value without riichi at which a tenpai hand on a good wait stays dama."""
    open_fold_value: float = 7700
    """The value below which a hand two from tenpai folds to a strong open hand."""
    dama_poor_wait: float = 7700
    """The value without riichi at which a tenpai hand on three live tiles or fewer stays dama."""
    tenpai_fold_danger: float = 5
    """A cheap tenpai on a poor wait folds to a riichi rather than let go a tile this dangerous."""
    call_shanten: int = 2
    """The most shanten a chii or pon toward tanyao or toitoi may leave (one more for honitsu)."""
    cheap_call_shanten: int = 2
    """The most shanten a tanyao call without dora may leave (a call for 1,000 points)."""
    careful_threat: float = 0.0
    """The threat above which, attacking, it prefers the safer of two nearly equal discards."""

    def __init__(self, rules: Rules | None = None) -> None:
        self.rules = rules

    def _rules(self, view: View) -> Rules:
        if self.rules is not None and self.rules.players == view.players:
            return self.rules
        return TENHOU if view.players == 4 else TENHOU_SANMA

    def act(self, view: View | None, legal: Sequence[Action]) -> Action:
        """Choose by the rules in the module docstring.

        Raises ``ValueError`` without a view when it has a choice to make.
        """
        win = first_of(legal, Hora)
        if win is not None:
            return win
        if len(legal) == 1:
            return legal[0]
        if view is None:
            raise ValueError("the defensive agent needs to see the table")
        skip = passes(legal)
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

    def _estimate(self, view: View, counts: Sequence[int]) -> float:
        """A rough value (points) of the hand if it wins: dora and likely yaku."""
        dora = _dora_kinds(view)
        han = sum(counts[k] for k in dora) + sum(is_red(t) for t in view.hand)
        melds = view.melds[view.seat]
        for m in melds:
            han += sum(KIND_OF[t] in dora or is_red(t) for t in m.tiles)
        han += view.nuki[view.seat] if view.nuki else 0
        yakuhai = {*DRAGONS, _seat_wind(view, view.seat), view.bakaze}
        opened = any(m.kind is not MeldKind.ANKAN for m in melds)
        for k in yakuhai:
            if counts[k] >= 3 or any(
                m.kind in _TRIPLETS and KIND_OF[m.tiles[0]] == k for m in melds
            ):
                han += 1 + (k == view.bakaze == _seat_wind(view, view.seat))
        if not opened:
            han += 1  # riichi
        kinds = [k for k in range(34) if counts[k]] + [KIND_OF[m.tiles[0]] for m in melds]
        if all(k not in _YAOCHUU for k in kinds) or (
            sum(counts[k] for k in _YAOCHUU) <= 1
            and not any(KIND_OF[t] in _YAOCHUU for m in melds for t in m.tiles)
        ):
            han += 1
        suits = {k // 9 for k in kinds if k < 27}
        if len(suits) == 1:
            han += 2 if opened else 3
        han = max(han, 1)
        points = _POINTS_BY_HAN[min(han, 8)]
        return points * (1.5 if view.seat == view.oya else 1.0)

    def _tenpai_options(self, view: View, options: Sequence[DiscardOption]) -> list[_Tenpai]:
        """Every discard that leaves the hand tenpai, with its live waits and values."""
        rules = self._rules(view)
        closed = all(m.kind is MeldKind.ANKAN for m in view.melds[view.seat])
        out = []
        for option in options:
            if option.shanten != 0:
                continue
            d = option.discard
            hand = list(view.hand)
            places = [i for i, t in enumerate(hand) if KIND_OF[t] == d]
            del hand[next((i for i in places if not is_red(hand[i])), places[0])]
            live = option.total
            dama = riichi = 0.0
            for w, left in zip(option.kinds, option.remaining, strict=True):
                if not left and live:
                    continue
                weight = left or 1
                dama += weight * self._value(view, rules, hand, w, Riichi.NONE)
                if closed:
                    riichi += weight * self._value(view, rules, hand, w, Riichi.RIICHI)
            weights = live or len(option.kinds) or 1
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
        seen = visible_counts(view)
        options = advise(counts, outside_hand(seen, counts))
        ranked = _ranked(options, _dora_kinds(view))
        best_shanten = ranked[0][0]
        if view.riichi[view.seat]:
            for action in legal:
                if isinstance(action, Ankan):
                    return action
            return self._discard_of(dahais, [k for _, _, k in ranked])
        for action in legal:
            if isinstance(action, Ankan):
                k = KIND_OF[action.consumed[0]]
                counts[k] -= 4
                slower = shanten(counts) > best_shanten
                counts[k] += 4
                if not slower and not threats(view):
                    return action

        menace = threats(view)
        danger = [0.0] * 34
        for o, w in menace.items():
            for k, d in enumerate(tile_danger(view, o, seen)):
                danger[k] += w * d
        top = max(menace.values(), default=0.0)
        all_last = self._all_last(view)
        place, behind, lead = self._standing(view)
        safe_lead = all_last and place == 1 and lead >= 8000

        tenpai = self._tenpai_options(view, options) if best_shanten == 0 else []
        if tenpai:
            value = max(max(t.dama, t.riichi) for t in tenpai)
        else:
            value = self._estimate(view, counts)
        if all_last and place > 1 and value >= behind:
            value = max(value, 8000.0)  # this hand changes the placement: worth pushing

        order = self._plan_order(view, counts, ranked)
        fold = self._should_fold(view, best_shanten, value, top, tenpai, danger, order, safe_lead)
        if fold:
            eff = {k: i for i, k in enumerate(order)}
            folded = sorted(eff, key=lambda k: (danger[k], eff[k]))
            return self._discard_of(dahais, folded)
        if top > self.careful_threat:
            order = self._careful(order, ranked, danger)

        reach = first_of(legal, Reach)
        if tenpai:
            best = max(tenpai, key=lambda t: (t.live * max(t.dama, t.riichi, 500.0), -t.discard))
            if top > 0:
                best = min(
                    tenpai,
                    key=lambda t: (
                        danger[t.discard] > 4 and t.live > 0,
                        -(t.live * max(t.dama, t.riichi, 500.0)),
                    ),
                )
            if reach is not None and self._riichi(view, best, top, all_last, place, lead):
                return reach
            order = [best.discard, *(k for k in order if k != best.discard)]
        return self._discard_of(dahais, order)

    def _should_fold(
        self,
        view: View,
        shanten_now: int,
        value: float,
        top: float,
        tenpai: list[_Tenpai],
        danger: list[float],
        order: list[int],
        safe_lead: bool,
    ) -> bool:
        if top <= 0:
            return False
        if safe_lead and top >= 0.4 and (not tenpai or value < 8000):
            return True
        if top >= 0.9:  # a riichi
            if shanten_now >= 2:
                return True
            if shanten_now == 1:
                return value < self.push_one_shanten or danger[order[0]] > self.push_danger
            live = max((t.live for t in tenpai), default=0)
            cheap = value < 3900 and live <= 4
            return cheap and min(danger[t.discard] for t in tenpai) > self.tenpai_fold_danger
        if top >= 0.6:
            if shanten_now >= 2:
                return value < self.open_fold_value
            if shanten_now == 1:
                return value < 3900 and danger[order[0]] > 5
        elif top >= 0.4 and shanten_now >= 3:
            return True
        return False

    @staticmethod
    def _careful(
        order: list[int], ranked: list[tuple[int, int, int]], danger: list[float]
    ) -> list[int]:
        """Among discards as fast as the best and nearly as wide, the least dangerous first."""
        best_s, best_acc = ranked[0][0], -ranked[0][1]
        close = [k for s, neg, k in ranked if s == best_s and -neg >= 0.75 * best_acc]
        if not close:
            return order
        first = min(close, key=lambda k: (danger[k], order.index(k) if k in order else 99))
        return [first, *(k for k in order if k != first)]

    @staticmethod
    def _dora_held(view: View) -> int:
        """The dora (red fives included) in the seat's hand and melds."""
        dora = _dora_kinds(view)
        tiles = [*view.hand, *(t for m in view.melds[view.seat] for t in m.tiles)]
        return sum(is_red(t) + dora.count(KIND_OF[t]) for t in tiles)

    def _plan_order(
        self, view: View, counts: list[int], ranked: list[tuple[int, int, int]]
    ) -> list[int]:
        """The efficiency order, with what an open hand's yaku plan cannot use first."""
        order = [k for _, _, k in ranked]
        melds = [m for m in view.melds[view.seat] if m.kind is not MeldKind.ANKAN]
        if not melds:
            return order
        yakuhai = {*DRAGONS, _seat_wind(view, view.seat), view.bakaze}
        if any(m.kind in _TRIPLETS and KIND_OF[m.tiles[0]] in yakuhai for m in melds):
            return order
        if any(counts[k] >= 2 for k in yakuhai):
            return order  # a yakuhai pair may still be the yaku
        off: set[int] = set()
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
        first = [k for k in order if k in off]
        return first + [k for k in order if k not in off]

    def _riichi(
        self, view: View, best: _Tenpai, top: float, all_last: bool, place: int, lead: int
    ) -> bool:
        if best.live == 0:
            return False  # a dead wait: every winning tile is in sight
        if all_last and place == 1 and lead >= 4000:
            return best.dama == 0 and lead < 8000
        if best.dama == 0:
            return best.live >= 2 or view.tiles_left >= 30
        if best.dama >= 7700:
            return False
        if top >= 0.9:
            return best.live >= 5 and best.dama < 3900
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
        if menace and max(menace.values()) >= 0.9 and now >= 1:
            return skip
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


def _demo_view(
    *,
    hand: Sequence[int] = (),
    riichi: tuple[int, ...] = (0, 0, 0, 0),
    river1: Sequence[int] = (),
) -> View:
    """A small view for the doctests: seat 0 to play, seat 1's river as given."""
    from jantaku.engine.view import Discard, split_rivers

    rivers = tuple(
        tuple(
            Discard(t, False, riichi[i] > 0 and j == len(river1) - 1, False)
            for j, t in enumerate(river1)
        )
        if i == 1
        else ()
        for i in range(4)
    )
    river_tiles, river_flags = split_rivers(rivers)
    return View(
        seat=0,
        players=4,
        phase="act",
        bakaze=EAST,
        kyoku=1,
        honba=0,
        kyotaku=0,
        oya=0,
        turn=0,
        scores=(25000,) * 4,
        dora_markers=(),
        tiles_left=50,
        hand=tuple(hand),
        drawn=None,
        hand_sizes=(len(hand), 13, 13, 13),
        melds=((), (), (), ()),
        river_tiles=river_tiles,
        river_flags=river_flags,
        riichi=riichi,
        nuki=(0, 0, 0, 0),
        last_discard=None,
        last_discarder=None,
        waits=(),
        furiten=False,
        names=("a", "b", "c", "d"),
    )
