"""The game state (G4–G10, M1–M6, X): what :func:`~jantaku.engine.apply` moves.

A :class:`State` holds all public knowledge of a match plus every seat's concealed
hand; it never holds the wall (the referee does, see :mod:`jantaku.engine.referee`).
Live play, the replay of a record and training all move a state with the same
transition, :func:`jantaku.engine.apply` (:mod:`jantaku.engine.transition`); the rule
predicates that read a state are in :mod:`jantaku.engine.checks`, the end of a hand and
of the match in :mod:`jantaku.engine.settlement`.

For speed the state is mutable inside: the transition updates it in place. Take
:meth:`State.copy` for a snapshot. Events are frozen values.
"""

from __future__ import annotations

import copy as _copy
from typing import Any, Final

from jantaku.errors import (
    JantakuError,
)
from jantaku.events import (
    Dahai,
    EndGame,
    Hora,
    Penalty,
    Ryukyoku,
)
from jantaku.hand import winning_kinds
from jantaku.hand.tables import PLACE_VALUE, SUIT_OF
from jantaku.meld import Meld, MeldKind
from jantaku.rules import TENHOU, Rules
from jantaku.scoring.score import has_yaku
from jantaku.scoring.situation import Riichi, WinSituation
from jantaku.tiles import (
    EAST,
    KIND_OF,
    Tile,
)

__all__ = ["Phase", "State", "waits_of"]


class Phase:
    """What the state expects next (plain ints for speed)."""

    START_GAME: Final = 0  # a start_game
    START_KYOKU: Final = 1  # a start_kyoku
    DRAW: Final = 2  # a tsumo of ``turn`` (a replacement tile if ``rinshan_pending``)
    ACT: Final = 3  # ``turn`` has drawn: discard, riichi, kan, nukidora, tsumo, kyuushu
    DISCARD: Final = 4  # ``turn`` has called chii or pon and must discard
    CLAIM: Final = 5  # a discard lies: ron, calls, reach_accepted, the next draw, draws
    CHANKAN: Final = 6  # a kakan (or ankan / nukidora) may be robbed
    RESULT: Final = 7  # the hand is over (another ron may follow); end_kyoku next
    END_GAME: Final = 8  # the match is over; end_game next
    DONE: Final = 9

    NAMES: Final = (
        "start_game",
        "start_kyoku",
        "draw",
        "act",
        "discard",
        "claim",
        "chankan",
        "result",
        "end_game",
        "done",
    )


def waits_of(counts: list[int]) -> tuple[int, ...]:
    """The kinds that complete concealed counts of 3k+1 tiles (empty if not tenpai).

    A kind the hand already holds four of is included (shape tenpai).

    >>> from jantaku.tiles import counts34, format_tiles, parse_tiles
    >>> format_tiles(waits_of(counts34(parse_tiles("1112345678999m"))))
    '123456789m'
    """
    return winning_kinds(counts)


# the plain (not tsumogiri) discard of each tile by each seat, built once: events are
# frozen values, so the legal actions share them
PLAIN_DISCARDS: Final = tuple(tuple(Dahai(seat, t, False) for t in range(37)) for seat in range(4))


TSUMOGIRI_DISCARDS: Final = tuple(
    tuple(Dahai(seat, t, True) for t in range(37)) for seat in range(4)
)


def drop_last_copy(hand: list[Tile], t: Tile) -> None:
    """Take the last copy of ``t`` out of a hand: the first copy of every tile keeps its
    place, so the hand's distinct tiles (and its listed discards) keep their order.

    >>> hand = [3, 7, 3, 5]
    >>> drop_last_copy(hand, 3)
    >>> hand
    [3, 7, 5]
    """
    if hand[-1] == t:
        hand.pop()
    else:
        hand.reverse()
        hand.remove(t)
        hand.reverse()


#: the fields of a :class:`Memo`
MEMO_FIELDS: Final = ("discards", "draw_floor", "quads", "shanten_floor", "suits")


class Memo:
    """What the transition keeps counted for every hand, so that the rule checks and the
    legal actions need not count again.

    Only the transition writes it (:func:`~jantaku.engine.apply`, its fused twin of the
    usual step :func:`~jantaku.engine.step.discard_draw_commit` and, for a seat that sees
    only its own hand, :class:`~jantaku.engine.seat.SeatState`); the checks and
    :func:`~jantaku.engine.legal_actions` read it. Per seat (lists indexed by seat):

    - ``suits``: the concealed hand's four suits as base-5 numbers
      (:func:`jantaku.hand.tables.suit_numbers`), in step with ``State.counts``, so that
      the shanten is read without a dict;
    - ``discards``: the hand's distinct tiles in the order of their first copy, each with
      its discard (plain, or tsumogiri for a drawn tile with no copy): the legal
      discards, in order;
    - ``quads``: whether the hand holds four of a kind (an ankan to offer);
    - ``shanten_floor``: a lower bound on the hand's shanten (what spares the shanten
      count of most turns and riichi checks): a draw lowers it by one, or counts the
      shanten when it would fall below 1 (once, for the legal actions and the discard);
      a discard keeps it, or counts again when it is below 1;

    and ``draw_floor``, the turn's shanten floor before its draw. ``State.counts`` and
    ``State.waits`` are kept in step with these by the same transition. The fuzz test
    (``tests/fuzzing.py``) checks them against a recount after every event.

    >>> from jantaku.rules import TENHOU
    >>> State(TENHOU).memo.quads
    [False, False, False, False]
    """

    __slots__ = MEMO_FIELDS

    def __init__(self, players: int = 4) -> None:
        n = players
        self.suits: list[list[int]] = [[0, 0, 0, 0] for _ in range(n)]
        self.discards: list[dict[Tile, Dahai]] = [{} for _ in range(n)]
        self.quads = [False] * n
        self.shanten_floor = [-9] * n
        self.draw_floor = -9

    def copy(self) -> Memo:
        """A deep copy."""
        new = Memo(0)
        new.suits = [list(x) for x in self.suits]
        new.discards = [dict(x) for x in self.discards]
        new.quads = list(self.quads)
        new.shanten_floor = list(self.shanten_floor)
        new.draw_floor = self.draw_floor
        return new

    def recount(self, seat: int, hand: list[Tile], counts: list[int], drawn: Tile | None) -> None:
        """Count the seat's hand again from its tiles (``counts`` is refilled too)."""
        numbers = self.suits[seat]
        counts[:] = [0] * 34
        numbers[:] = [0] * len(numbers)
        for t in hand:
            k = KIND_OF[t]
            counts[k] += 1
            numbers[SUIT_OF[k]] += PLACE_VALUE[k]
        self.quads[seat] = 4 in counts
        self.list_discards(seat, hand, drawn)

    def list_discards(self, seat: int, hand: list[Tile], drawn: Tile | None) -> None:
        """List the hand's discards again (after a tile left it out of turn order)."""
        plain = PLAIN_DISCARDS[seat]
        keys = self.discards[seat] = {t: plain[t] for t in hand}
        if drawn is not None and hand.count(drawn) == 1:
            keys[drawn] = TSUMOGIRI_DISCARDS[seat][drawn]


#: the fields of a :class:`State`, each copied by :meth:`State.copy`
STATE_FIELDS: Final = (
    "_missed",
    "after_draw",
    "bakaze",
    "chankan_kind",
    "chankan_tile",
    "counts",
    "deposit_owners",
    "discard_kinds",
    "dora_markers",
    "drawn",
    "expected",
    "final",
    "first_turn",
    "flowers",
    "furiten_riichi",
    "furiten_temp",
    "game_over",
    "hands",
    "honba",
    "interrupted",
    "ippatsu",
    "kan_owners",
    "known",
    "kuikae",
    "kyoku",
    "kyoku_draws",
    "kyoku_index",
    "kyotaku",
    "last_discard",
    "last_discarder",
    "live",
    "melds",
    "memo",
    "nagashi",
    "names",
    "nuki",
    "oya",
    "pao",
    "pending_dora",
    "phase",
    "players",
    "results",
    "riichi",
    "riichi_double",
    "riichi_pending",
    "rinshan_draw",
    "rinshan_pending",
    "river_flags",
    "rivers",
    "ron_winners",
    "round_index",
    "rules",
    "scores",
    "seed",
    "turn",
    "waits",
    "won",
)


class State:
    """A match in progress: all public knowledge plus every seat's concealed hand.

    Seats are absolute (0 … players−1, seat 0 the first dealer). Attributes are read by
    legal-action generation, views and tests; only :func:`apply` changes them. The main
    ones, per seat where a list: ``hands`` (concealed tiles, unordered; see
    :meth:`hand_of`), ``counts`` (their 34-counts), ``melds``, ``rivers`` and
    ``river_flags`` (1 tsumogiri, 2 riichi tile, 4 called away), ``waits`` (kinds that
    complete the hand between turns), ``riichi`` (0, 1, or 2 for double riichi),
    ``nuki``, ``flowers`` (flowers set aside, T4), ``scores``; and ``phase``
    (:class:`Phase`), ``turn``, ``drawn``,
    ``last_discard`` / ``last_discarder``, ``dora_markers``, ``live`` (tiles left to
    draw), ``bakaze`` / ``kyoku`` / ``honba`` / ``kyotaku`` / ``oya``, ``results`` (this
    hand's completed ``hora`` / ``ryukyoku`` / ``penalty`` events, with the engine's
    payments), ``expected`` (what the next ``start_kyoku`` must say) and ``final`` (the
    completed ``end_game``); ``memo`` (:class:`Memo`) holds what the transition keeps
    counted for the checks and the legal actions.
    """

    __slots__ = STATE_FIELDS

    def __init__(self, rules: Rules | str = TENHOU) -> None:
        rules = Rules.coerce(rules)  # a preset's name will do
        n = rules.players
        self.rules = rules
        self.players = n
        self.phase = Phase.START_GAME
        self.names: tuple[str, ...] = ()
        self.seed: int | None = None
        self.scores = [rules.start_points] * n
        self.kyotaku = 0
        self.deposit_owners: list[int] = []
        self.honba = 0
        self.bakaze: Tile = EAST
        self.kyoku = 1
        self.oya = 0
        self.round_index = 0  # 0 = East 1, players = South 1, …
        self.kyoku_index = 0  # hands played so far
        self.expected: tuple[Any, ...] | None = None
        self.after_draw = False  # the hand follows a drawn one (流れ, N3)
        self.won = [False] * n  # seats that have won in the match (yakitori, T5b)
        self.game_over = False
        self.final: EndGame | None = None
        self.results: list[Hora | Ryukyoku | Penalty] = []
        self._reset_hand()

    def _reset_hand(self) -> None:
        n = self.players
        self.hands: list[list[Tile]] = [[] for _ in range(n)]
        self.counts: list[list[int]] = [[0] * 34 for _ in range(n)]
        self.memo = Memo(n)
        self.melds: list[list[Meld]] = [[] for _ in range(n)]
        self.rivers: list[list[Tile]] = [[] for _ in range(n)]
        # per discard: bit 1 tsumogiri, bit 2 riichi declaration, bit 4 called away
        self.river_flags: list[list[int]] = [[] for _ in range(n)]
        self.discard_kinds: list[set[int]] = [set() for _ in range(n)]
        self.waits: list[tuple[int, ...]] = [() for _ in range(n)]
        self.nuki = [0] * n
        self.flowers = [0] * n
        self.riichi = [0] * n  # 0 none, 1 riichi, 2 double riichi
        self.ippatsu = [False] * n
        self.first_turn = [True] * n
        self.furiten_temp = [False] * n
        self.furiten_riichi = [False] * n
        self.nagashi = [True] * n
        self.pao: list[int | None] = [None] * n
        self.kan_owners: list[int] = []
        self.known = [0] * 37
        self.dora_markers: list[Tile] = []
        self.pending_dora = 0
        self.live = 0
        self.turn = self.oya
        self.drawn: Tile | None = None
        self.last_discard: Tile | None = None
        self.last_discarder: int | None = None
        self.riichi_pending: int | None = None
        self.riichi_double = False
        self.interrupted = False
        self.rinshan_pending = False
        self.rinshan_draw = False
        self.chankan_tile: Tile | None = None
        self.chankan_kind = ""
        self.kuikae: tuple[int, ...] = ()
        self.ron_winners: list[int] = []
        self.kyoku_draws = 0
        self._missed: list[int] = []

    def copy(self) -> State:
        """A deep snapshot that later :func:`apply` calls on ``self`` do not change.

        >>> from jantaku.rules import TENHOU
        >>> s = State(TENHOU)
        >>> t = s.copy()
        >>> t.scores is s.scores, t.scores == s.scores
        (False, True)
        """
        new = State(self.rules)  # each field then replaced by this state's
        for name in STATE_FIELDS:
            value = getattr(self, name)
            if isinstance(value, list | set | dict):
                value = _copy.deepcopy(value)
            elif isinstance(value, Memo):
                value = value.copy()
            object.__setattr__(new, name, value)
        return new

    # --- derived values ---------------------------------------------------------------

    @property
    def phase_name(self) -> str:
        """The phase as a word (``draw``, ``act``, ``claim`` …)."""
        return Phase.NAMES[self.phase]

    @property
    def seat_winds(self) -> tuple[Tile, ...]:
        """The seat wind of every seat this hand (the dealer is East)."""
        n = self.players
        return tuple(EAST + (s - self.oya) % n for s in range(n))

    @property
    def total_kans(self) -> int:
        """Kans declared this hand, by anyone."""
        return len(self.kan_owners)

    def is_closed(self, seat: int) -> bool:
        """Whether the seat has no open meld (ankan keeps a hand closed)."""
        for m in self.melds[seat]:  # noqa: SIM110 - a loop is cheaper than all(generator) here
            if m.kind is not MeldKind.ANKAN:
                return False
        return True

    def furiten(self, seat: int) -> bool:
        """Whether the seat may not ron now (G7): own discards, a passed win, or riichi."""
        if self.furiten_temp[seat] or self.furiten_riichi[seat]:
            return True
        dk = self.discard_kinds[seat]
        return any(k in dk for k in self.waits[seat])

    def is_tenpai(self, seat: int) -> bool:
        """Whether the seat's hand is tenpai at a draw (G9; per ``tenpai_on_own_fourth``)."""
        w = self.waits[seat]
        if not w:
            return False
        if not self.rules.formal_tenpai and not self._tenpai_with_yaku(seat):
            return False
        if self.rules.tenpai_on_own_fourth:
            return True
        c = self.counts[seat]
        held = [0] * 34
        for m in self.melds[seat]:
            for t in m.tiles:
                held[KIND_OF[t]] += 1
        return any(c[k] + held[k] < 4 for k in w)

    def _tenpai_with_yaku(self, seat: int) -> bool:
        """Whether some wait of the seat wins with a yaku (by ron from the next seat)."""
        other = (seat + 1) % self.players
        e = Hora(actor=seat, target=other)
        for k in self.waits[seat]:
            try:
                if has_yaku(win_situation(self, seat, k, other, e, situational=False)):
                    return True
            except JantakuError:
                continue
        return False

    def hand_of(self, seat: int) -> tuple[Tile, ...]:
        """The seat's concealed tiles, sorted."""
        return tuple(sorted(self.hands[seat], key=tile_order))

    @property
    def is_last_draw(self) -> bool:
        """Whether the live wall is empty (the last discard lies or the last tile was drawn)."""
        return self.live == 0


def tile_order(t: Tile) -> tuple[int, int]:
    return (KIND_OF[t], 0 if t >= 34 else 1)


def flush_missed(s: State) -> None:
    """Seats that let a winning tile pass become furiten (G7)."""
    if s._missed:
        for seat in s._missed:
            if seat not in s.ron_winners:
                if s.riichi[seat]:
                    s.furiten_riichi[seat] = True
                else:
                    s.furiten_temp[seat] = True
        s._missed = []


def win_situation(
    s: State,
    seat: int,
    tile: Tile,
    discarder: int | None,
    e: Hora,
    *,
    situational: bool = True,
) -> WinSituation:
    """The situation of a win of ``seat`` on ``tile`` in the state, to score with
    :func:`jantaku.scoring.score_win` or check with :func:`jantaku.scoring.has_yaku`.

    With ``situational=False`` the moment's own yaku (haitei, houtei, chankan, first
    turn) are left out: the hand's yaku at a draw.
    """
    chankan = situational and (
        s.phase == Phase.CHANKAN or (s.phase == Phase.RESULT and s.chankan_tile is not None)
    )
    kind = s.chankan_kind if chankan else ""
    concealed = tuple(s.hands[seat]) if discarder is None else (*s.hands[seat], tile)
    houtei = situational and discarder is not None and s.live == 0 and not chankan
    riichi = (Riichi.NONE, Riichi.RIICHI, Riichi.DOUBLE)[s.riichi[seat]]
    first = (
        situational
        and s.first_turn[seat]
        and not s.interrupted
        and not s.riichi[seat]
        and not s.melds[seat]
        and (discarder is None or seat != s.oya)
    )
    ura = tuple(e.ura_markers) if s.riichi[seat] and s.rules.ura_dora else ()
    return WinSituation(
        concealed=concealed,
        melds=tuple(s.melds[seat]),
        win_tile=tile,
        discarder=discarder,
        riichi=riichi,
        ippatsu=s.ippatsu[seat] and s.rules.ippatsu,
        haitei=discarder is None and s.live == 0 and not s.rinshan_draw,
        houtei=houtei,
        rinshan=discarder is None and s.rinshan_draw,  # after a kan or a kita (Tenhou)
        chankan=chankan and kind == "kakan",
        first_turn=first,
        round_wind=s.bakaze,
        winner=seat,
        dealer=s.oya,
        pao=s.pao[seat] if s.rules.pao and s.pao[seat] != seat else None,
        dora_indicators=tuple(s.dora_markers),
        ura_indicators=ura,
        kita=s.nuki[seat],
        flowers=s.flowers[seat],
        honba=0 if s.ron_winners else s.honba,
        deposits=0 if s.ron_winners else s.kyotaku,
        rules=s.rules,
    )
