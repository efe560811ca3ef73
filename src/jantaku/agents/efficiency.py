"""A tile-efficiency bot (牌効率): discards by shanten and acceptance, wins when it can.

On its own turn it wins (tsumo) if it may, sets a north aside (three players), declares
a closed kan that does not slow the hand, declares riichi as soon as it is tenpai and
closed, and otherwise discards the tile that leaves the lowest shanten (向聴数) with the
most unseen tiles that would lower it (受け入れ). When an opponent is in riichi and the
hand is still two or more tiles from tenpai it folds, discarding a tile the riichi
player has discarded (現物) when it holds one.

On another's discard it rons whenever it may, pons a yakuhai (dragons, its seat wind,
the round wind) that does not slow the hand, and — once it holds such a yaku — makes
any chii or pon that lowers its shanten. It never calls an open kan.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, cast

from jantaku.agents.base import Agent
from jantaku.engine.view import View
from jantaku.errors import ArgumentError
from jantaku.events import (
    Action,
    Ankan,
    Chi,
    Dahai,
    Nukidora,
    Pass,
    Pon,
    Reach,
    Ryukyoku,
)
from jantaku.hand import advise, shanten, shanten_kokushi
from jantaku.hand.discards import rate_discards_unchecked
from jantaku.hand.suit_acceptance import discard_totals, suit_numbers
from jantaku.hand.tables import PLACE_VALUE, SUIT_OF, shanten_of_numbers
from jantaku.meld import Meld, MeldKind
from jantaku.tiles import (
    DRAGONS,
    EAST,
    KIND_OF,
    NORTH,
    UNKNOWN,
    YAOCHUU,
    counts34,
    dora_from_indicator,
    is_red,
)

__all__ = ["EfficiencyAgent", "rank_discards", "seen_counts"]

_YAOCHUU = frozenset(YAOCHUU)
# a tile's kind as one byte, for bytes.translate (255 for a byte that is no tile)
_KIND_BYTE = bytes(KIND_OF) + b"\xff" * (256 - len(KIND_OF))
_KINDS = range(34)
_LAST_TILE = len(KIND_OF) - 1
# bytes.translate table from held + seen copies (0-8) to the copies left (4 - them, at least 0)
_LEFT = bytes(4 - n if n < 4 else 0 for n in range(256))


def seen_counts(view: View) -> tuple[int, ...]:
    """:func:`jantaku.engine.view.visible_counts` of ``view`` (``hand=False``), counted
    by C loops: every visible tile as one byte of its kind, then one count per kind
    (a view a table made never shows a fifth copy: this count does not look for one).

    A called tile lies both in its meld and (marked) in a river: it is counted in both
    and taken off once by the meld's ``called`` tile.

    >>> from jantaku.engine import Referee
    >>> from jantaku.engine.view import observe, visible_counts
    >>> v = observe(Referee(seed=1).state, 0)
    >>> seen_counts(v) == visible_counts(v)
    True

    Raises :class:`~jantaku.errors.ArgumentError` for a tile that is not 0–36 in the
    melds, the rivers or (other than the unknown tile) the dora indicators.
    """
    tiles, called = _visible(view)
    seen = _counted(tiles, called)
    if max(seen) > 4:
        return tuple(c if c < 4 else 4 for c in seen)
    return tuple(seen)


def _visible(view: View) -> tuple[list[int], list[int]]:
    """Every tile the view shows outside its hand (a called tile twice: in its meld and
    in a river; a north set aside as a north), and the called tiles of the melds."""
    tiles: list[int] = [t for t in view.dora_markers if t != UNKNOWN]
    tiles += [NORTH] * sum(view.nuki)
    called: list[int] = []
    for melds in view.melds:
        for m in melds:
            tiles += m.tiles
            if m.called is not None:
                called.append(m.called)
    for river in view.river_tiles:
        tiles += river
    return tiles, called


def _counted(tiles: list[int], called: list[int]) -> list[int]:
    """The copies of each kind among ``tiles``, each of ``called`` taken off once."""
    try:
        kinds = bytes(tiles).translate(_KIND_BYTE)
    except ValueError:  # below 0 or above 255
        kinds = b"\xff"
    if 255 in kinds:
        raise ArgumentError(f"a view holds a tile that is not 0-{_LAST_TILE}")
    seen = list(map(kinds.count, _KINDS))
    for t in called:
        seen[KIND_OF[t]] -= 1
    return seen


def _unseen(view: View) -> bytes:
    """The copies of each kind neither in the view's hand nor seen (4 less both, at
    least 0), as bytes: :func:`seen_counts` with the hand, in one count."""
    tiles, called = _visible(view)
    tiles += view.hand
    return bytes(_counted(tiles, called)).translate(_LEFT)


# Tiles counted as one int, a byte for each kind (kind k at bits 8k to 8k + 7), each byte
# offset by 128 so that taking a called tile off never borrows from the next kind:
# adding two such counts adds every kind's at once.
_ONE: Final = {t: 1 << 8 * k for t, k in enumerate(KIND_OF)}
# a tile's kind, by a dict: a KeyError for a tile that is not 0-36
_KIND_OF: Final = dict(enumerate(KIND_OF))
_BIAS: Final = int.from_bytes(b"\x80" * 34, "little")
# bytes.translate table from a packed kind's byte (128 + held + seen) to the copies left
_LEFT_PACKED: Final = bytes(4 - (b - 128) if b - 128 < 4 else 0 for b in range(256))
# a view showing more tiles than this is counted afresh: below it no kind's byte can
# pass 127
_MOST_TILES: Final = 127


class _RiverCount:
    """The rivers' tiles, packed as :data:`_ONE` counts them, kept from one turn to the
    next: rivers that have only grown since (checked by value) are counted by their new
    tiles alone; anything else (a new round, another table) is counted afresh. The rivers
    and their count are kept as one pair, replaced whole, so that two games sharing a bot
    can at worst count afresh. The melds and dora indicators are kept the same way, with
    their count and number of tiles, and counted afresh whenever they differ (by value)."""

    __slots__ = ("kept", "table")

    def __init__(self) -> None:
        self.kept: tuple[tuple[tuple[int, ...], ...], int] = ((), 0)
        self.table: tuple[tuple[tuple[Meld, ...], ...], tuple[int, ...], int, int] = (
            (),
            (),
            0,
            0,
        )

    def count(self, rivers: tuple[tuple[int, ...], ...]) -> int:
        """The packed count of ``rivers``' tiles (KeyError for a tile that is not 0–36)."""
        known, packed = self.kept
        one = _ONE
        if len(known) == len(rivers):
            for r, k in zip(rivers, known, strict=True):
                if r is k:
                    continue
                n = len(k)
                if r[:n] != k:
                    break
                for t in r[n:]:
                    packed += one[t]
            else:
                self.kept = (rivers, packed)
                return packed
        packed = 0
        for r in rivers:
            for t in r:
                packed += one[t]
        self.kept = (rivers, packed)
        return packed

    def count_melds(
        self, melds: tuple[tuple[Meld, ...], ...], dora_markers: tuple[int, ...]
    ) -> tuple[int, int]:
        """The packed count of the melds' tiles (each called tile taken off once, as it
        lies in a river too) and the dora indicators', and how many tiles they show
        (KeyError for a tile that is not 0–36)."""
        table = self.table
        if melds == table[0] and dora_markers == table[1]:
            return table[2], table[3]
        one = _ONE
        packed = 0
        shown = len(dora_markers)
        for t in dora_markers:
            if t != UNKNOWN:
                packed += one[t]
        for seat in melds:
            for m in seat:
                shown += len(m.tiles)
                for t in m.tiles:
                    packed += one[t]
                if m.called is not None:
                    packed -= one[m.called]
        self.table = (melds, dora_markers, packed, shown)
        return packed, shown


def _unseen_counted(view: View, rivers: _RiverCount, held: list[int] | None = None) -> bytes:
    """:func:`_unseen` with the rivers, melds and dora indicators counted by ``rivers``,
    the norths set aside added, and the hand by ``held`` (its copies of each kind) when
    the caller has counted them."""
    hand = view.hand
    river_tiles = view.river_tiles
    one = _ONE
    norths = sum(view.nuki)
    try:
        packed, shown = rivers.count_melds(view.melds, view.dora_markers)
        packed += rivers.count(river_tiles) + _BIAS + norths * one[NORTH]
        shown += norths
        if held is None:
            for t in hand:
                packed += one[t]
        else:
            packed += int.from_bytes(bytes(held), "little")
    except KeyError:
        raise ArgumentError(f"a view holds a tile that is not 0-{_LAST_TILE}") from None
    if shown + len(hand) + sum(map(len, river_tiles)) > _MOST_TILES:
        return _unseen(view)
    return packed.to_bytes(34, "little").translate(_LEFT_PACKED)


def rank_discards(
    hand: Sequence[int], visible: Sequence[int] | None = None, dora: Sequence[int] = ()
) -> list[tuple[int, int, int]]:
    """Each distinct discard kind of a 3k+2 hand as ``(shanten after, -acceptance, kind)``,
    best first, from the discard advisor :func:`jantaku.hand.advise`.

    ``hand`` holds tiles (red fives allowed), ``visible`` the copies of each kind seen
    outside the hand; among equals a dora kind is kept and a terminal or honor goes first.

    >>> from jantaku.tiles import parse_tiles
    >>> rank_discards(parse_tiles("123m456p789s1122z7z"))[0]  # 7z, then 1z 2z wait
    (0, -4, 33)

    Raises :class:`~jantaku.errors.InvalidHandError` for a hand of the wrong size.
    """
    dora_set = frozenset(dora)
    ranked = [(o.shanten, -o.total, o.discard) for o in advise(counts34(hand), visible)]
    ranked.sort(key=lambda r: (r[0], r[1], *_tie_break(r[2], dora_set)))
    return ranked


def _dora_kinds(view: View) -> frozenset[int]:
    """The kinds the view's dora indicators point at."""
    return frozenset(dora_from_indicator(t, players=view.players) for t in view.dora_markers)


def _tie_break(kind: int, dora: frozenset[int]) -> tuple[bool, int, int]:
    """Among discards as good: keep a dora, throw a terminal or honor first, then by kind."""
    return (kind in dora, 0 if kind in _YAOCHUU else 1, kind)


class EfficiencyAgent(Agent):
    """Plays for speed to a win: lowest shanten, widest acceptance; riichi when tenpai.

    >>> from jantaku.events import Hora, Pon
    >>> EfficiencyAgent().act(None, [Hora(actor=0, target=2, pai=5), Pon(0, 2, 5, (5, 5))])
    Hora(actor=0, target=2, pai='6m')
    """

    name = "efficiency"
    # the rivers, melds and indicators counted at the last turn (see _RiverCount)
    _rivers: _RiverCount | None = None
    # the dora indicators and players of the last tie-break, and the kinds they point at
    _dora: tuple[tuple[int, ...], int, frozenset[int]] = ((), 0, frozenset())

    def act(self, view: View | None, legal: Sequence[Action]) -> Action:
        """Choose by the rules in the module docstring.

        Raises ``ValueError`` without a view when it has a discard to choose.
        """
        for action in legal:
            if action.__class__ is not Dahai:
                break
        else:  # the usual turn: discards only (no call, win, kan or riichi to weigh)
            if len(legal) == 1:
                return legal[0]
            if view is None:
                raise ValueError("the efficiency agent needs to see its hand")
            return self._own_turn(view, legal, cast("Sequence[Dahai]", legal), (), None, None)
        # one pass over the legal actions: a win is taken at once, the rest sorted
        skip: Pass | None = None
        nuki: Nukidora | None = None
        kyuushu: Ryukyoku | None = None
        reach: Reach | None = None
        dahais: list[Dahai] = []
        ankans: list[Ankan] = []
        for action in legal:
            match action.kind:  # each kind is one class (see Action.kind): the casts are exact
                case "dahai":
                    dahais.append(cast(Dahai, action))
                case "hora":
                    return action
                case "none":
                    if skip is None:
                        skip = cast(Pass, action)
                case "ankan":
                    ankans.append(cast(Ankan, action))
                case "reach":
                    if reach is None:
                        reach = cast(Reach, action)
                case "kita":
                    if nuki is None:
                        nuki = cast(Nukidora, action)
                case "ryukyoku":
                    if kyuushu is None:
                        kyuushu = cast(Ryukyoku, action)
        if len(legal) == 1:
            return legal[0]
        if skip is not None:
            return self._claim(view, legal, skip)
        if view is None:
            raise ValueError("the efficiency agent needs to see its hand")
        if nuki is not None:
            return nuki
        return self._own_turn(view, legal, dahais, ankans, reach, kyuushu)

    # --- own turn ---------------------------------------------------------------------

    def _own_turn(
        self,
        view: View,
        legal: Sequence[Action],
        dahais: Sequence[Dahai],
        ankans: Sequence[Ankan],
        reach: Reach | None,
        kyuushu: Ryukyoku | None,
    ) -> Action:
        hand = view.hand
        counts = [0] * 34
        kind_of = _KIND_OF
        try:
            for t in hand:
                counts[kind_of[t]] += 1
        except KeyError:
            raise ArgumentError(f"a view holds a tile that is not 0-{_LAST_TILE}") from None
        if kyuushu is not None and len(hand) == 14 and shanten_kokushi(counts) > 2:
            return kyuushu
        if not dahais:
            return legal[0]
        riichi = view.riichi
        threat = any(riichi) and any(r and seat != view.seat for seat, r in enumerate(riichi))
        numbers = suit_numbers(counts)
        if ankans or reach is not None or threat:
            # the lowest shanten a discard leaves: the hand's own (tenpai if complete)
            best_shanten = shanten_of_numbers(numbers, counts, len(hand))
            if best_shanten < 0:
                best_shanten = 0
            for action in ankans:
                k = KIND_OF[action.consumed[0]]
                if riichi[view.seat]:
                    return action
                counts[k] -= 4
                numbers[SUIT_OF[k]] -= 4 * PLACE_VALUE[k]
                slower = shanten_of_numbers(numbers, counts, len(hand) - 4) > best_shanten
                numbers[SUIT_OF[k]] += 4 * PLACE_VALUE[k]
                counts[k] += 4
                if not slower:
                    return action
            if reach is not None and best_shanten == 0:
                return reach
            if best_shanten >= 2 and threat:
                safe = self._genbutsu(view)
                if any(counts[k] for k in safe):
                    # the safe kinds first, ranked as rank_discards ranks them, then the rest
                    dora_set = self._dora_kinds(view)
                    rivers = self._rivers
                    if rivers is None:
                        rivers = self._rivers = _RiverCount()
                    left = _unseen_counted(view, rivers, counts)
                    rated = rate_discards_unchecked(counts, numbers, left, len(hand), safe)
                    folded = sorted(rated, key=lambda o: (o[1], -o[2], *_tie_break(o[0], dora_set)))
                    chosen = self._discard_of(dahais, [k for k, _, _ in folded])
                    if chosen is not None:
                        return chosen
        rivers = self._rivers
        if rivers is None:
            rivers = self._rivers = _RiverCount()
        left = _unseen_counted(view, rivers, counts)
        # the usual choice is among the discards at the lowest shanten; the whole ranking
        # (rank_discards) only when folding or when none of those may be discarded (kuikae)
        _, best = discard_totals(numbers, counts, left, len(hand))
        # the widest first: among as wide, the tie-break (keep a dora, yaochuu first)
        if len(best) == 1:
            widest = [best[0][0]]
        else:
            top = -1
            for _, total in best:
                if total > top:
                    top = total
            widest = [k for k, total in best if total == top]
            if len(widest) > 1:
                dora_set = self._dora_kinds(view)
                widest.sort(key=lambda k: _tie_break(k, dora_set))
        chosen = self._discard_of(dahais, widest)
        if chosen is None and len(widest) < len(best):
            dora_set = self._dora_kinds(view)
            ranked = sorted(best, key=lambda o: (-o[1], *_tie_break(o[0], dora_set)))
            chosen = self._discard_of(dahais, [k for k, _ in ranked])
        if chosen is None:
            dora = [dora_from_indicator(t, players=view.players) for t in view.dora_markers]
            order = [k for _, _, k in rank_discards(view.hand, seen_counts(view), dora)]
            chosen = self._discard_of(dahais, order) or dahais[0]
        return chosen

    def _dora_kinds(self, view: View) -> frozenset[int]:
        """:func:`_dora_kinds` of the view, kept while its indicators stay the same."""
        markers, players, kinds = self._dora
        if markers != view.dora_markers or players != view.players:
            kinds = _dora_kinds(view)
            self._dora = (view.dora_markers, view.players, kinds)
        return kinds

    @staticmethod
    def _genbutsu(view: View) -> frozenset[int]:
        """Kinds safe against every opponent in riichi (in all their rivers)."""
        safe: frozenset[int] | None = None
        for seat, r in enumerate(view.riichi):
            if r and seat != view.seat:
                kinds = frozenset(KIND_OF[d.tile] for d in view.rivers[seat])
                safe = kinds if safe is None else safe & kinds
        return safe or frozenset()

    @staticmethod
    def _discard_of(dahais: Sequence[Dahai], order: Sequence[int]) -> Dahai | None:
        """The legal discard of the first kind in ``order`` (keep red fives, prefer
        tsumogiri), or ``None`` when no kind in ``order`` may be discarded."""
        for k in order:
            options = [a for a in dahais if KIND_OF[a.pai] == k]
            if len(options) == 1:
                return options[0]
            if options:
                return min(options, key=lambda a: (is_red(a.pai), not a.tsumogiri))
        return None

    # --- claims -----------------------------------------------------------------------

    def _yakuhai(self, view: View) -> frozenset[int]:
        seat_wind = EAST + (view.seat - view.oya) % view.players
        return frozenset((*DRAGONS, seat_wind, view.bakaze))

    def _claim(self, view: View | None, legal: Sequence[Action], skip: Action) -> Action:
        if view is None or view.riichi[view.seat]:
            return skip
        yakuhai = self._yakuhai(view)
        has_yaku = any(
            m.kind in (MeldKind.PON, MeldKind.KAKAN, MeldKind.DAIMINKAN, MeldKind.ANKAN)
            and m.kind34 in yakuhai
            for m in view.melds[view.seat]
        )
        if not has_yaku and not any(
            isinstance(a, Pon) and KIND_OF[a.pai] in yakuhai for a in legal
        ):
            return skip  # without a yaku only a yakuhai pon is made
        counts = [0] * 34
        for t in view.hand:
            counts[KIND_OF[t]] += 1
        now = shanten(counts)
        best: tuple[int, Action] | None = None
        for action in legal:
            if not isinstance(action, Chi | Pon):
                continue
            for t in action.consumed:
                counts[KIND_OF[t]] -= 1
            after = shanten(counts)
            for t in action.consumed:
                counts[KIND_OF[t]] += 1
            called = KIND_OF[action.pai]
            if isinstance(action, Pon) and called in yakuhai:
                ok = after <= now
            else:
                ok = has_yaku and after < now
            if ok and (best is None or after < best[0]):
                best = (after, action)
        return best[1] if best is not None else skip
