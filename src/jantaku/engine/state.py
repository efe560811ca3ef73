"""The game state and its single transition, :func:`apply` (G4–G10, M1–M6, X).

A :class:`State` holds all public knowledge of a match plus every seat's concealed
hand; it never holds the wall (the referee does, see :mod:`jantaku.engine.referee`).
Live play, the replay of a record and training all move a state with the same
:func:`apply`.

For speed the state is mutable inside: ``apply(state, event)`` checks the event, then
updates ``state`` in place and returns it. An illegal event raises
:class:`~jantaku.errors.IllegalActionError` (naming the seat, the event and the reason)
*before* anything changes, so the state is untouched. Take :meth:`State.copy` for a
snapshot. Events are frozen values.

``apply`` scores a :class:`~jantaku.events.Hora` itself (with
:func:`jantaku.scoring.score_win`) and settles draws, so the payments in the events
given to it are not trusted: the completed event, with the deltas, yaku, han and fu the
engine computed, is appended to :attr:`State.results` (the referee logs those), and a
replay can compare them with a record's.
"""

from __future__ import annotations

import copy as _copy
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from jantaku.engine.waits import hand_waits
from jantaku.errors import (
    ArgumentTypeError,
    IllegalActionError,
    InvalidHandError,
    JantakuError,
    NoYakuError,
)
from jantaku.events import (
    Ankan,
    Chi,
    Dahai,
    Daiminkan,
    Dora,
    EndGame,
    EndKyoku,
    Event,
    Flower,
    Hora,
    Kakan,
    Nukidora,
    Penalty,
    Pon,
    Reach,
    ReachAccepted,
    Ryukyoku,
    StartGame,
    StartKyoku,
    Tsumo,
)
from jantaku.hand import is_complete, readings, shanten, winning_kinds
from jantaku.hand.tables import PLACE_VALUE, SUIT_OF, shanten_of_numbers
from jantaku.meld import Meld, MeldKind
from jantaku.rules import (
    GameLength,
    MultipleRon,
    NorthTile,
    Rules,
    Shortfall,
)
from jantaku.scoring.payments import (
    final_result,
    nagashi_payments,
    noten_payments,
    settle_shortfall,
)
from jantaku.scoring.score import has_yaku, score_win
from jantaku.scoring.situation import Riichi, WinSituation
from jantaku.tiles import (
    EAST,
    FLOWER,
    KIND_OF,
    NORTH,
    UNKNOWN,
    YAOCHUU,
    Tile,
    format_tiles,
)

__all__ = [
    "Phase",
    "State",
    "apply",
    "apply_trusted",
    "final_standings",
    "waits_of",
]


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


_YAOCHUU_SET: Final = frozenset(YAOCHUU)


# the phases of the hot paths as module constants (cheaper to read than class attributes)
_ACT: Final = Phase.ACT
_CLAIM: Final = Phase.CLAIM
_WIND_OF_ROUND: Final = (EAST, EAST + 1, EAST + 2, EAST + 3)


def waits_of(counts: list[int]) -> tuple[int, ...]:
    """The kinds that complete concealed counts of 3k+1 tiles (empty if not tenpai).

    A kind the hand already holds four of is included (shape tenpai).

    >>> from jantaku.tiles import counts34, parse_tiles
    >>> format_tiles(waits_of(counts34(parse_tiles("1112345678999m"))))
    '123456789m'
    """
    return winning_kinds(counts)


def _waits(key: tuple[int, ...] | list[int]) -> tuple[int, ...]:
    return hand_waits(key)


# the plain (not tsumogiri) discard of each tile by each seat, built once: events are
# frozen values, so the legal actions share them
PLAIN_DISCARDS: Final = tuple(tuple(Dahai(seat, t, False) for t in range(37)) for seat in range(4))
TSUMOGIRI_DISCARDS: Final = tuple(
    tuple(Dahai(seat, t, True) for t in range(37)) for seat in range(4)
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
    completed ``end_game``).
    """

    __slots__ = (
        "_distinct",
        "_draw_floor",
        "_maybe_quad",
        "_missed",
        "_numbers",
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
        "shanten_floor",
        "turn",
        "waits",
        "won",
    )

    def __init__(self, rules: Rules | str) -> None:
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
        # each hand's four suits as base-5 numbers (jantaku.hand.tables.suit_numbers),
        # kept in step with the counts: the shanten is then read without a dict
        self._numbers: list[list[int]] = [[0, 0, 0, 0] for _ in range(n)]
        self.melds: list[list[Meld]] = [[] for _ in range(n)]
        self.rivers: list[list[Tile]] = [[] for _ in range(n)]
        # per discard: bit 1 tsumogiri, bit 2 riichi declaration, bit 4 called away
        self.river_flags: list[list[int]] = [[] for _ in range(n)]
        self.discard_kinds: list[set[int]] = [set() for _ in range(n)]
        self.waits: list[tuple[int, ...]] = [() for _ in range(n)]
        self.nuki = [0] * n
        self.flowers = [0] * n
        # a lower bound on each hand's shanten after its next draw (riichi checks)
        self.shanten_floor = [-9] * n
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
        # whether each hand may hold four of a kind (set when a deal or a draw makes four,
        # cleared when a look finds none; only deals and draws add tiles to a hand)
        self._maybe_quad = [False] * n
        # each hand's distinct tiles in the order of their first copy, each with its
        # discard (the legal discards, in order: plain, or tsumogiri for a drawn tile with
        # no copy), kept up to date by draws and discards; None: to be rebuilt
        self._distinct: list[dict[Tile, Dahai] | None] = [None] * n
        self._draw_floor = -9  # the turn's shanten floor before its draw

    def copy(self) -> State:
        """A deep snapshot that later :func:`apply` calls on ``self`` do not change.

        >>> from jantaku.rules import TENHOU
        >>> s = State(TENHOU)
        >>> t = s.copy()
        >>> t.scores is s.scores, t.scores == s.scores
        (False, True)
        """
        new = State.__new__(State)
        for name in State.__slots__:
            value = getattr(self, name)
            if isinstance(value, list | set | dict):
                value = _copy.deepcopy(value)
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
                if has_yaku(_situation(self, seat, k, other, e, situational=False)):
                    return True
            except JantakuError:
                continue
        return False

    def hand_of(self, seat: int) -> tuple[Tile, ...]:
        """The seat's concealed tiles, sorted."""
        return tuple(sorted(self.hands[seat], key=_sort_key))

    @property
    def is_last_draw(self) -> bool:
        """Whether the live wall is empty (the last discard lies or the last tile was drawn)."""
        return self.live == 0


def _sort_key(t: Tile) -> tuple[int, int]:
    return (KIND_OF[t], 0 if t >= 34 else 1)


def _illegal(seat: int | None, event: object, reason: str) -> IllegalActionError:
    return IllegalActionError(reason, seat=seat, action=event)


def _check_seat(s: State, seat: int, event: object) -> None:
    if seat.__class__ is not int or not 0 <= seat < s.players:
        raise _illegal(None, event, f"no seat {seat!r} at a table of {s.players}")


def _check_tile(s: State, t: Tile, event: object, seat: int | None = None) -> None:
    """A tile that may enter play: a real tile, not a fifth copy, no second red five."""
    if t.__class__ is not int or not 0 <= t < UNKNOWN:
        raise _illegal(seat, event, f"not a known tile: {t!r}")
    k = KIND_OF[t]
    if s.players == 3 and 1 <= k <= 7:
        raise _illegal(seat, event, "three-player mahjong has no 2m–8m")
    kn = s.known
    n = kn[k] + (kn[34 + k // 9] if k in (4, 13, 22) else 0)
    if n >= 4:
        raise _illegal(seat, event, f"a fifth {format_tiles([t])}")
    if t >= 34 and kn[t] >= s.rules.red_fives[t - 34]:
        raise _illegal(seat, event, f"one red {format_tiles([t])} too many")
    if t in (4, 13, 22) and kn[t] >= 4 - s.rules.red_fives[t // 9]:
        raise _illegal(seat, event, f"a plain five {format_tiles([t])} that is red in this set")


def _see(s: State, t: Tile) -> None:
    s.known[t] += 1


def _not_now(s: State) -> str:
    """Why nothing of the kind can happen now, as a player says it (the phase in brackets)."""
    ph = s.phase
    if ph == Phase.START_GAME:
        why = "the game has not begun"
    elif ph == Phase.START_KYOKU:
        why = "no hand is dealt"
    elif ph == Phase.DRAW:
        why = f"seat {s.turn} is to draw"
    elif ph == Phase.ACT:
        why = f"seat {s.turn} has drawn and is to discard"
    elif ph == Phase.DISCARD:
        why = f"seat {s.turn} has called and is to discard"
    elif ph == Phase.CLAIM:
        lying = "" if s.last_discard is None else f" of {format_tiles([s.last_discard])}"
        why = f"the discard{lying} by seat {s.last_discarder} may still be called"
    elif ph == Phase.CHANKAN:
        why = f"the kan of seat {s.turn} may still be robbed (chankan)"
    elif ph == Phase.RESULT:
        why = "the hand is over"
    else:
        why = "the match is over"
    return f"not now: {why} ({s.phase_name} phase)"


def _need_phase(s: State, phases: tuple[int, ...], seat: int | None, event: object) -> None:
    if s.phase not in phases:
        raise _illegal(seat, event, _not_now(s))


def _flush_missed(s: State) -> None:
    """Seats that let a winning tile pass become furiten (G7)."""
    if s._missed:
        for seat in s._missed:
            if seat not in s.ron_winners:
                if s.riichi[seat]:
                    s.furiten_riichi[seat] = True
                else:
                    s.furiten_temp[seat] = True
        s._missed = []


def _remove(hand: list[Tile], tiles: tuple[Tile, ...]) -> bool:
    """Whether ``tiles`` (a multiset) are all in ``hand``."""
    if len(tiles) == 1:
        return tiles[0] in hand
    rest = list(hand)
    for t in tiles:
        try:
            rest.remove(t)
        except ValueError:
            return False
    return True


# --- start of the match and of a hand ---------------------------------------------------


def _start_game(s: State, e: StartGame) -> None:
    _need_phase(s, (Phase.START_GAME,), None, e)
    if not isinstance(e.names, tuple | list) or not all(isinstance(x, str) for x in e.names):
        raise _illegal(None, e, f"the names are a tuple of str, not {e.names!r}")
    if e.seed is not None and e.seed.__class__ is not int:
        raise _illegal(None, e, f"the seed is an int, not {e.seed!r}")
    if len(e.names) != s.players:
        raise _illegal(
            None, e, f"{len(e.names)} names for a {s.players}-player table under these rules"
        )
    s.names = tuple(e.names)
    s.seed = e.seed
    s.phase = Phase.START_KYOKU


def _start_kyoku(s: State, e: StartKyoku) -> None:
    _need_phase(s, (Phase.START_KYOKU,), None, e)
    n = s.players
    if len(e.tehais) != n or any(len(h) != 13 for h in e.tehais):
        raise _illegal(None, e, f"{n} hands of 13 tiles are dealt")
    if len(e.scores) != n:
        raise _illegal(None, e, f"{n} scores")
    _check_seat(s, e.oya, e)
    if e.bakaze not in _WIND_OF_ROUND or not 1 <= e.kyoku <= n:
        raise _illegal(None, e, "no such round")
    if (e.kyoku - 1) != (e.oya - 0) % n:
        raise _illegal(None, e, f"kyoku {e.kyoku} is dealt by seat {e.kyoku - 1}, not {e.oya}")
    if e.honba < 0 or e.kyotaku < 0:
        raise _illegal(None, e, "negative honba or deposits")
    if s.expected is not None:
        got = (e.bakaze, e.kyoku, e.honba, e.kyotaku, e.oya, tuple(e.scores))
        if got != s.expected:
            raise _illegal(
                None,
                e,
                "the hand does not follow from the last one: expected bakaze/kyoku/honba/"
                f"kyotaku/oya/scores {s.expected}, got {got}",
            )
    if e.flowers is not None and (
        len(e.flowers) != n or min(e.flowers) < 0 or sum(e.flowers) > s.rules.flowers
    ):
        raise _illegal(None, e, f"flowers set aside per seat, {s.rules.flowers} in the set")
    known = _deal_counts(s, e)
    if known is None:  # some tile is wrong: find the first, for the message
        probe = State.__new__(State)
        probe.players = n
        probe.rules = s.rules
        probe.known = [0] * 37
        for t in (*(t for h in e.tehais for t in h), e.dora_marker):
            _check_tile(probe, t, e)
            probe.known[t] += 1
        known = probe.known
    _start_kyoku_commit(s, e, known)


def _deal_counts(s: State, e: StartKyoku) -> list[int] | None:
    """The copies of each tile dealt and shown, or ``None`` if they are not a possible deal."""
    known = [0] * 37
    try:
        for h in e.tehais:
            for t in h:
                if type(t) is not int or t < 0:
                    return None
                known[t] += 1
        t = e.dora_marker
        if type(t) is not int or t < 0:
            return None
        known[t] += 1
    except IndexError:
        return None
    red = s.rules.red_fives
    for i, k in enumerate((4, 13, 22)):
        if known[34 + i] > red[i] or known[k] > 4 - red[i]:
            return None
    if max(known[:34]) > 4:
        return None
    if s.players == 3 and (any(known[1:8]) or known[34]):
        return None
    return known


def _start_kyoku_trusted(s: State, e: StartKyoku) -> None:
    """A deal the referee made from its own wall: the tiles need no checking."""
    known = [0] * 37
    for h in e.tehais:
        for t in h:
            known[t] += 1
    known[e.dora_marker] += 1
    _start_kyoku_commit(s, e, known)


def _start_kyoku_commit(s: State, e: StartKyoku, known: list[int]) -> None:
    n = s.players
    s.oya = e.oya
    s.bakaze = e.bakaze
    s.kyoku = e.kyoku
    s.honba = e.honba
    if s.kyotaku != e.kyotaku:
        s.deposit_owners = s.deposit_owners[: e.kyotaku]
    s.kyotaku = e.kyotaku
    s.scores = list(e.scores)
    s.round_index = _WIND_OF_ROUND.index(e.bakaze) * n + e.kyoku - 1
    s._reset_hand()
    s.known = known
    for seat, tiles in enumerate(e.tehais):
        s.hands[seat] = list(tiles)
        c = s.counts[seat]
        numbers = s._numbers[seat]
        for t in tiles:
            k = KIND_OF[t]
            c[k] += 1
            numbers[SUIT_OF[k]] += PLACE_VALUE[k]
        s._maybe_quad[seat] = 4 in c
        if len(tiles) == 13:  # the usual deal: a shanten count spares most wait searches
            sh = shanten_of_numbers(numbers, c, 13)
            s.shanten_floor[seat] = sh
            s.waits[seat] = _waits(c) if sh == 0 else ()
        else:
            s.waits[seat] = _waits(c)
    s.dora_markers = [e.dora_marker]
    total = (136 if n == 4 else 108) + s.rules.flowers
    s.live = total - 14 - 13 * n
    if e.flowers:  # T4: each flower of the deal was replaced from the dead wall
        s.flowers = list(e.flowers)
        s.live -= sum(e.flowers)
    s.turn = e.oya
    s.results = []
    s.phase = Phase.DRAW


# --- the turn -------------------------------------------------------------------------------


def _check_draw_turn(s: State, seat: int, e: Tsumo | Flower) -> None:
    """That ``seat`` draws now: the kan's replacement, the next seat after an unclaimed
    discard, or the seat whose draw it is (a flower comes in place of such a draw)."""
    if s.phase == Phase.CHANKAN:
        if not s.rinshan_pending or seat != s.turn:
            raise _illegal(seat, e, "only the kan's replacement draw may follow")
    elif s.phase == Phase.CLAIM:
        if s.riichi_pending is not None:
            raise _illegal(seat, e, "the riichi must be accepted before the next draw")
        nxt = (s.turn + 1) % s.players
        if seat != nxt:
            raise _illegal(seat, e, f"it is seat {nxt}'s draw")
    elif s.phase == Phase.DRAW:
        if seat != s.turn:
            raise _illegal(seat, e, f"it is seat {s.turn}'s draw")
    else:
        raise _illegal(seat, e, _not_now(s))


def _tsumo(s: State, e: Tsumo) -> None:
    seat = e.actor
    _check_draw_turn(s, seat, e)
    if s.live <= 0:
        raise _illegal(seat, e, "the live wall is empty")
    _check_tile(s, e.pai, e, seat)
    _tsumo_commit(s, e)


def _tsumo_commit(s: State, e: Tsumo) -> None:
    seat = e.actor
    t = e.pai
    if s._missed:
        _flush_missed(s)
    if s.phase == _CLAIM:
        s.turn = seat
    s.known[t] += 1
    s.hands[seat].append(t)
    c = s.counts[seat]
    k = KIND_OF[t]
    c[k] += 1
    s._numbers[seat][SUIT_OF[k]] += PLACE_VALUE[k]
    if c[k] == 4:
        s._maybe_quad[seat] = True
    s.drawn = t
    distinct = s._distinct[seat]
    if distinct is not None and t not in distinct:
        distinct[t] = TSUMOGIRI_DISCARDS[seat][t]
    floor = s.shanten_floor
    s._draw_floor = floor[seat]
    floor[seat] -= 1
    s.live -= 1
    if s.rinshan_pending:  # the kan (or kita) stands: ippatsu ends
        s.ippatsu = [False] * s.players
        s.rinshan_draw = True
        s.rinshan_pending = False
    else:
        s.rinshan_draw = False
    s.furiten_temp[seat] = False
    s.chankan_tile = None
    s.kuikae = ()
    s.kyoku_draws += 1
    s.phase = _ACT


def _dahai(s: State, e: Dahai) -> None:
    seat = e.actor
    if s.phase != Phase.ACT and s.phase != Phase.DISCARD:
        _need_phase(s, (Phase.ACT, Phase.DISCARD), seat, e)
    if seat != s.turn:
        raise _illegal(seat, e, f"it is seat {s.turn}'s turn")
    t = e.pai
    hand = s.hands[seat]
    if t not in hand:
        raise _illegal(seat, e, f"{format_tiles([t])} is not in the hand")
    if e.tsumogiri:
        if s.phase != Phase.ACT or s.drawn != t:
            raise _illegal(seat, e, "tsumogiri discards the tile just drawn")
    elif s.phase == Phase.ACT and s.drawn == t and hand.count(t) < 2:
        raise _illegal(seat, e, "the only such tile is the one just drawn: that is tsumogiri")
    k = KIND_OF[t]
    if s.riichi[seat] and (s.drawn is None or KIND_OF[s.drawn] != k):
        raise _illegal(seat, e, "after riichi only the drawn tile may be discarded (C3)")
    if s.phase == Phase.DISCARD and k in s.kuikae:
        raise _illegal(seat, e, "kuikae: that tile may not be discarded right after the call")
    if s.riichi_pending == seat:
        why = riichi_discard_refusal(s, seat, k)
        if why:
            raise _illegal(seat, e, _riichi_discard_advice(s, seat, k, why))
    _dahai_commit(s, e)


def _drop_last(hand: list[Tile], t: Tile) -> None:
    """Take the last copy of ``t`` out of the hand: the first copy of every tile keeps
    its place, so the hand's distinct tiles (and its listed discards) keep their order."""
    if hand[-1] == t:
        hand.pop()
    else:
        hand.reverse()
        hand.remove(t)
        hand.reverse()


def _dahai_commit(s: State, e: Dahai) -> None:
    seat = e.actor
    t = e.pai
    k = KIND_OF[t]
    counts = s.counts[seat]
    hand = s.hands[seat]
    if hand[-1] == t:  # tsumogiri, or the tile last in the hand
        hand.pop()
    elif counts[k] == 1:  # the only tile of its kind: the first copy is the last
        hand.remove(t)
    else:
        _drop_last(hand, t)
    counts[k] -= 1
    numbers = s._numbers[seat]
    numbers[SUIT_OF[k]] -= PLACE_VALUE[k]
    distinct = s._distinct[seat]
    if distinct is not None:
        if not counts[k] or t not in hand:
            del distinct[t]
        kept = s.drawn
        if kept is not None and kept in distinct:  # the drawn tile stays: now plain
            distinct[kept] = PLAIN_DISCARDS[seat][kept]
    s.rivers[seat].append(t)
    flags = 1 if e.tsumogiri else 0
    if s.riichi_pending == seat:
        flags |= 2
    s.river_flags[seat].append(flags)
    s.discard_kinds[seat].add(k)
    nagashi = s.nagashi
    if nagashi[seat] and k not in _YAOCHUU_SET:
        nagashi[seat] = False
    drawn = s.drawn
    if s.riichi[seat]:
        s.ippatsu[seat] = False
    elif drawn is not None and KIND_OF[drawn] == k:
        # the hand is again what it was before the draw: its waits stand
        # (a riichi check may have counted the shanten with the draw: a bound as good)
        f = max(s._draw_floor, s.shanten_floor[seat], 1)
        s.shanten_floor[seat] = 0 if s.waits[seat] else f
    elif s.shanten_floor[seat] >= 1:
        s.waits[seat] = ()  # a discard never lowers shanten: still not tenpai
    elif s.waits[seat] and (w := _waits(counts)):
        # a tenpai hand usually stays tenpai: its new waits say so without a shanten count
        s.shanten_floor[seat] = 0
        s.waits[seat] = w
    else:
        sh = shanten_of_numbers(numbers, counts, len(hand))
        s.shanten_floor[seat] = sh
        s.waits[seat] = _waits(counts) if sh == 0 else ()
    s.first_turn[seat] = False
    s.drawn = None
    s.rinshan_draw = False
    s.kuikae = ()
    s.last_discard = t
    s.last_discarder = seat
    s.phase = _CLAIM
    ws = s.waits
    if k in ws[0] or k in ws[1] or k in ws[2] or (len(ws) > 3 and k in ws[3]):
        s._missed = [o for o in range(s.players) if k in ws[o] and o != seat]
    else:  # nobody waits on it: the common case
        s._missed = []


def _reach(s: State, e: Reach) -> None:
    seat = e.actor
    _need_phase(s, (Phase.ACT,), seat, e)
    if seat != s.turn:
        raise _illegal(seat, e, f"it is seat {s.turn}'s turn")
    reason = riichi_refusal(s, seat)
    if reason:
        raise _illegal(seat, e, reason)
    s.riichi_pending = seat
    s.riichi_double = s.first_turn[seat] and not s.interrupted


def riichi_refusal(s: State, seat: int) -> str:
    """Why ``seat`` may not declare riichi now, or ``''`` if it may (Y1, G8)."""
    if s.riichi[seat] or s.riichi_pending is not None:
        return "riichi is already declared"
    if not s.is_closed(seat):
        return "riichi needs a closed hand"
    if s.scores[seat] < s.rules.riichi_min_points:
        return f"riichi needs {s.rules.riichi_min_points} points"
    if s.live < max(1, s.rules.riichi_min_tiles_left):
        return f"riichi needs {max(1, s.rules.riichi_min_tiles_left)} tiles left in the wall"
    # a draw lowers shanten by one at most: a known lower bound spares the count
    if s.shanten_floor[seat] > 0:
        return "riichi needs a tenpai hand"
    complete_ok = s.rules.riichi_on_complete_hand
    drawn = s.drawn
    if s.waits[seat] and (complete_ok or drawn is None or KIND_OF[drawn] not in s.waits[seat]):
        return ""  # tenpai before the draw: the drawn tile can go
    sh = shanten_of_numbers(s._numbers[seat], s.counts[seat], len(s.hands[seat]))
    s.shanten_floor[seat] = sh
    if sh > 0:
        return "riichi needs a tenpai hand"
    if not complete_ok:
        c = s.counts[seat]
        if not any(c[k] and not riichi_discard_refusal(s, seat, k) for k in range(34)):
            return "riichi may not be declared by discarding a winning tile (G8)"
    return ""


def riichi_discard_refusal(s: State, seat: int, k: int) -> str:
    """Why discarding kind ``k`` cannot declare riichi, or ``''`` (G8)."""
    counts = s.counts[seat]
    counts[k] -= 1
    w = _waits(counts)
    counts[k] += 1
    if not w:
        return "a riichi discard must leave the hand tenpai"
    if not s.rules.riichi_on_complete_hand and k in w and is_complete(counts):
        return "riichi may not be declared by discarding a winning tile (G8)"
    return ""


def _riichi_discard_advice(s: State, seat: int, k: int, why: str) -> str:
    """``why`` the riichi discard of kind ``k`` is refused, with what the hand would be
    without it and the discards that would declare riichi (Y1, G8).

    Riichi is declared by a closed tenpai hand (Y1; the 000 rulebook: 面前清聴牌の時,
    and 不聴で立直を掛ける is a chombo, P1), so the riichi discard must leave the hand
    tenpai. Only for the message of a refused discard: the legal discards are listed by
    :func:`riichi_discard_refusal` alone.
    """
    counts = s.counts[seat]
    counts[k] -= 1
    try:
        without = shanten(counts)
    finally:
        counts[k] += 1
    if without > 0:
        why = f"{why} (Y1): without {format_tiles([k])} the hand is {without}-shanten"
    fits = []
    for j in range(34):
        if counts[j] and not riichi_discard_refusal(s, seat, j):
            counts[j] -= 1
            waits = _waits(counts)
            counts[j] += 1
            fits.append(f"{format_tiles([j])} (waiting on {format_tiles(list(waits))})")
    if not fits:
        return f"{why}; no discard would declare riichi"
    return f"{why}; discard {' or '.join(fits)} instead"


def _reach_accepted(s: State, e: ReachAccepted) -> None:
    seat = e.actor
    _need_phase(s, (Phase.CLAIM,), seat, e)
    if s.riichi_pending != seat:
        raise _illegal(seat, e, "no riichi of this seat waits to be accepted")
    _flush_missed(s)
    s.scores[seat] -= s.rules.riichi_deposit
    s.kyotaku += 1
    s.deposit_owners.append(seat)
    s.riichi[seat] = 2 if s.riichi_double else 1
    s.ippatsu[seat] = s.rules.ippatsu
    s.riichi_pending = None


# --- calls ------------------------------------------------------------------------------------


def _call_common(s: State, e: Chi | Pon | Daiminkan) -> None:
    seat = e.actor
    _check_seat(s, seat, e)
    _need_phase(s, (Phase.CLAIM,), seat, e)
    if s.riichi_pending is not None:
        raise _illegal(seat, e, "the riichi must be accepted before a call")
    if e.target != s.last_discarder or e.pai != s.last_discard:
        raise _illegal(seat, e, "the call must take the last discard")
    if seat == e.target:
        raise _illegal(seat, e, "one cannot call one's own discard")
    if s.live <= 0:
        raise _illegal(seat, e, "no call on the last discard but ron (G4)")
    if s.riichi[seat]:
        raise _illegal(seat, e, "after riichi the hand cannot change (C3)")
    if not _remove(s.hands[seat], e.consumed):
        raise _illegal(seat, e, "the consumed tiles are not in the hand")


# melds are frozen values: each distinct call is built (and checked) once
_MELDS: Final[dict[tuple[MeldKind, tuple[Tile, ...], Tile, int], Meld]] = {}
# the meld of a call action the referee listed (it makes each distinct call once), by
# the number of players and the action's id; the action is kept, so the id stays its own
_MELD_OF_CALL: Final[dict[tuple[int, int], tuple[Event, Meld]]] = {}


def _listed_meld(s: State, e: Chi | Pon, kind: MeldKind) -> Meld:
    found = _MELD_OF_CALL.get((s.players, id(e)))
    if found is not None and found[0] is e:
        return found[1]
    meld = _make_meld(s, e, kind)
    if len(_MELD_OF_CALL) >= 65536:
        _MELD_OF_CALL.clear()
    _MELD_OF_CALL[s.players, id(e)] = (e, meld)
    return meld


def _make_meld(s: State, e: Chi | Pon | Daiminkan, kind: MeldKind) -> Meld:
    tiles = tuple(sorted((*e.consumed, e.pai), key=_sort_key))
    key = (kind, tiles, e.pai, (e.target - e.actor) % s.players)
    meld = _MELDS.get(key)
    if meld is not None:
        return meld
    try:
        meld = Meld(*key)
    except InvalidHandError as err:
        raise _illegal(e.actor, e, str(err)) from None
    if len(_MELDS) < 65536:
        _MELDS[key] = meld
    return meld


def kuikae_kinds(meld: Meld, rules: Rules) -> tuple[int, ...]:
    """The kinds one may not discard right after calling ``meld`` (G6).

    >>> from jantaku.meld import parse_meld
    >>> from jantaku.rules import TENHOU
    >>> kuikae_kinds(parse_meld("[3-45m]"), TENHOU)
    (2, 5)
    """
    if not rules.kuikae_forbidden or meld.called is None:
        return ()
    c = KIND_OF[meld.called]
    out = [c]
    if meld.kind is MeldKind.CHII and rules.suji_kuikae_forbidden:
        lo = meld.kind34
        if c == lo and c % 9 <= 5:
            out.append(c + 3)
        elif c == lo + 2 and c % 9 >= 3:
            out.append(c - 3)
    return tuple(out)


def _commit_call(s: State, e: Chi | Pon | Daiminkan, meld: Meld) -> None:
    seat = e.actor
    s.shanten_floor[seat] -= 1  # a call lowers shanten by one at most, like a draw
    _flush_missed(s)
    hand = s.hands[seat]
    c = s.counts[seat]
    numbers = s._numbers[seat]
    for t in e.consumed:
        _drop_last(hand, t)
        k = KIND_OF[t]
        c[k] -= 1
        numbers[SUIT_OF[k]] -= PLACE_VALUE[k]
    distinct = s._distinct[seat]
    if distinct is not None:  # the tiles taken with no copy left leave the map
        for t in e.consumed:
            if t not in hand:
                distinct.pop(t, None)
    s.melds[seat].append(meld)
    s.river_flags[e.target][-1] |= 4
    s.nagashi[e.target] = False
    s.interrupted = True
    s.ippatsu = [False] * s.players
    s.furiten_temp[seat] = False
    s.turn = seat
    s.drawn = None
    if meld.kind in (MeldKind.PON, MeldKind.DAIMINKAN):
        _track_pao(s, seat, meld, e.target)


def _track_pao(s: State, seat: int, meld: Meld, feeder: int) -> None:
    k = meld.kind34
    if k >= 31:
        group = range(31, 34)
    elif 27 <= k <= 30:
        group = range(27, 31)
    else:
        return
    sets = sum(1 for m in s.melds[seat] if m.kind is not MeldKind.CHII and m.kind34 in group)
    if sets == len(group):
        s.pao[seat] = feeder


def _chi(s: State, e: Chi) -> None:
    _call_common(s, e)
    if not s.rules.chii_allowed:
        raise _illegal(e.actor, e, "chii is not played under these rules")
    if e.actor != (e.target + 1) % s.players:
        raise _illegal(e.actor, e, "chii only from the player on the left")
    meld = _make_meld(s, e, MeldKind.CHII)
    _check_kuikae_left(s, e, meld)
    _commit_call(s, e, meld)
    s.kuikae = kuikae_kinds(meld, s.rules)
    s.phase = Phase.DISCARD


def _pon(s: State, e: Pon) -> None:
    _call_common(s, e)
    meld = _make_meld(s, e, MeldKind.PON)
    _check_kuikae_left(s, e, meld)
    _commit_call(s, e, meld)
    s.kuikae = kuikae_kinds(meld, s.rules)
    s.phase = Phase.DISCARD


def _chi_commit(s: State, e: Chi) -> None:
    """A chii already known to be legal (the referee matched it): no checks."""
    meld = _listed_meld(s, e, MeldKind.CHII)
    _commit_call(s, e, meld)
    s.kuikae = kuikae_kinds(meld, s.rules)
    s.phase = Phase.DISCARD


def _pon_commit(s: State, e: Pon) -> None:
    """A pon already known to be legal (the referee matched it): no checks."""
    meld = _listed_meld(s, e, MeldKind.PON)
    _commit_call(s, e, meld)
    s.kuikae = kuikae_kinds(meld, s.rules)
    s.phase = Phase.DISCARD


def _check_kuikae_left(s: State, e: Chi | Pon, meld: Meld) -> None:
    banned = kuikae_kinds(meld, s.rules)
    rest = list(s.hands[e.actor])
    for t in e.consumed:
        rest.remove(t)
    if not any(KIND_OF[t] not in banned for t in rest):
        raise _illegal(e.actor, e, "the call would leave only kuikae tiles to discard")


def _daiminkan(s: State, e: Daiminkan) -> None:
    _call_common(s, e)
    if s.total_kans >= 4:
        raise _illegal(e.actor, e, "four kans have been declared")
    meld = _make_meld(s, e, MeldKind.DAIMINKAN)
    _commit_call(s, e, meld)
    if s.rules.pao_suukantsu and sum(m.kind.is_kan for m in s.melds[e.actor]) == 4:
        s.pao[e.actor] = e.target  # the fourth kan fed by a discard (S11)
    s.waits[e.actor] = _waits(s.counts[e.actor])
    _after_kan(s, e.actor)
    s.phase = Phase.DRAW


def _after_kan(s: State, seat: int) -> None:
    s.shanten_floor[seat] = -9
    s.kan_owners.append(seat)
    if s.rules.kan_dora:
        s.pending_dora += 1
    s.rinshan_pending = True
    s.interrupted = True
    for i in range(s.players):
        s.ippatsu[i] = False


def _own_kan_common(s: State, e: Kakan | Ankan | Nukidora) -> None:
    seat = e.actor
    _check_seat(s, seat, e)
    _need_phase(s, (Phase.ACT,), seat, e)
    if seat != s.turn:
        raise _illegal(seat, e, f"it is seat {s.turn}'s turn")
    if s.riichi_pending is not None:
        raise _illegal(seat, e, "riichi was declared: the discard must follow")
    if s.live <= 0:
        raise _illegal(seat, e, "no kan on the last tile of the wall (G4)")


def _kakan(s: State, e: Kakan) -> None:
    seat = e.actor
    _own_kan_common(s, e)
    if s.total_kans >= 4:
        raise _illegal(seat, e, "four kans have been declared")
    k = KIND_OF[e.pai]
    idx = next(
        (i for i, m in enumerate(s.melds[seat]) if m.kind is MeldKind.PON and m.kind34 == k),
        -1,
    )
    if idx < 0:
        raise _illegal(seat, e, "no pon of that tile to add to")
    pon = s.melds[seat][idx]
    if sorted(pon.tiles) != sorted(e.consumed):
        raise _illegal(seat, e, "the consumed tiles are not the pon's")
    if e.pai not in s.hands[seat]:
        raise _illegal(seat, e, "the added tile is not in the hand")
    s.hands[seat].remove(e.pai)
    s._distinct[seat] = None
    s.counts[seat][k] -= 1
    s._numbers[seat][SUIT_OF[k]] -= PLACE_VALUE[k]
    s.melds[seat][idx] = pon.with_added(e.pai)
    s.waits[seat] = _waits(s.counts[seat])
    s.drawn = None
    keep = list(s.ippatsu)
    _after_kan(s, seat)
    s.ippatsu = keep  # a robbed kakan never happened: ippatsu stands for chankan
    _open_chankan(s, seat, e.pai, "kakan")


def _open_chankan(s: State, seat: int, tile: Tile, how: str) -> None:
    k = KIND_OF[tile]
    s.chankan_tile = tile
    s.chankan_kind = how
    s.last_discard = None
    s._missed = [o for o in range(s.players) if o != seat and k in s.waits[o]]
    if how == "ankan":
        s._missed = [o for o in s._missed if _is_kokushi_wait(s, o)]
    s.phase = Phase.CHANKAN if s._missed else Phase.DRAW


def _is_kokushi_wait(s: State, seat: int) -> bool:
    c = s.counts[seat]
    return not s.melds[seat] and sum(c[k] for k in YAOCHUU) == 13


def _ankan(s: State, e: Ankan) -> None:
    seat = e.actor
    _own_kan_common(s, e)
    if s.total_kans >= 4:
        raise _illegal(seat, e, "four kans have been declared")
    kinds = {KIND_OF[t] for t in e.consumed}
    if len(kinds) != 1:
        raise _illegal(seat, e, "an ankan is four tiles of one kind")
    k = kinds.pop()
    if s.counts[seat][k] != 4 or not _remove(s.hands[seat], e.consumed):
        raise _illegal(seat, e, "the four tiles are not in the hand")
    if s.riichi[seat]:
        reason = riichi_ankan_refusal(s, seat, k)
        if reason:
            raise _illegal(seat, e, reason)
    for t in e.consumed:
        s.hands[seat].remove(t)
    s._distinct[seat] = None
    s.counts[seat][k] = 0
    s._numbers[seat][SUIT_OF[k]] -= 4 * PLACE_VALUE[k]
    s.melds[seat].append(Meld(MeldKind.ANKAN, tuple(sorted(e.consumed, key=_sort_key))))
    if not s.riichi[seat]:
        s.waits[seat] = _waits(s.counts[seat])
    s.drawn = None
    _after_kan(s, seat)
    if s.rules.kokushi_robs_ankan:
        _open_chankan(s, seat, e.consumed[0], "ankan")
    else:
        s.phase = Phase.DRAW


def riichi_ankan_refusal(s: State, seat: int, k: int) -> str:
    """Why an ankan of kind ``k`` after riichi is refused, or ``''`` (G8: waits unchanged)."""
    if s.drawn is None or KIND_OF[s.drawn] != k:
        return "after riichi only the drawn tile may make an ankan"
    c = list(s.counts[seat])
    c[k] -= 1
    before = _waits(c)
    c[k] = 0
    after = _waits(c)
    if before != after:
        return "after riichi an ankan may not change the waits (G8)"
    # the kan must not break a reading that uses the tiles as a run
    c[k] = 3
    for w in before:
        c[w] += 1
        if any(k not in r.triplets for r in readings(c)):
            return "after riichi an ankan may not change how the hand is read"
        c[w] -= 1
    return ""


def _nukidora(s: State, e: Nukidora) -> None:
    seat = e.actor
    _own_kan_common(s, e)
    if s.players != 3 or s.rules.north is not NorthTile.NUKIDORA:
        raise _illegal(seat, e, "north is set aside only in three-player nukidora rules")
    if e.pai != NORTH or NORTH not in s.hands[seat]:
        raise _illegal(seat, e, "a nukidora sets aside a north from the hand")
    if s.riichi[seat] and s.drawn != NORTH:
        raise _illegal(seat, e, "after riichi only a drawn north may be set aside")
    s.hands[seat].remove(NORTH)
    s._distinct[seat] = None
    s.counts[seat][NORTH] -= 1
    s._numbers[seat][SUIT_OF[NORTH]] -= PLACE_VALUE[NORTH]
    s.nuki[seat] += 1
    s.shanten_floor[seat] = -9
    # a nukidora breaks the first go-around and, once its replacement is drawn, ippatsu;
    # a ron on the north keeps ippatsu (2020010118gm-00b9-0000-fec27b29, E3)
    s.interrupted = True
    if not s.riichi[seat]:
        s.waits[seat] = _waits(s.counts[seat])
    s.drawn = None
    s.rinshan_pending = True
    _open_chankan(s, seat, NORTH, "nukidora")


def _flower(s: State, e: Flower) -> None:
    """T4: a flower drawn from the wall is set aside; a replacement draw follows.

    The flower stands in place of the draw of it, so it comes where a ``tsumo`` may.
    As for a nukidora (花牌は抜きドラの一種 … 扱いは抜きドラと同じ, ja.wikipedia
    「ドラ (麻雀)」 花牌): it breaks the first go-around, its replacement ends ippatsu
    and a win on it is rinshan kaihou (抜きドラを抜いた際の嶺上牌でツモ和了すると
    嶺上開花がつく, ibid.); nobody can win on a flower, so it is never robbed. When the
    flower was the last tile of the live wall no replacement can keep the dead wall at
    14 tiles: the hand ends in the exhaustive draw (000: 牌山が王牌の１４枚を残して
    途切れた時 … 流局).
    """
    seat = e.actor
    _check_seat(s, seat, e)
    if e.pai != FLOWER:
        raise _illegal(seat, e, "a flower event sets aside a flower")
    if sum(s.flowers) >= s.rules.flowers:
        raise _illegal(seat, e, f"the set holds {s.rules.flowers} flowers")
    _check_draw_turn(s, seat, e)
    if s.live <= 0:
        raise _illegal(seat, e, "the live wall is empty")
    if s._missed:
        _flush_missed(s)
    s.turn = seat
    s.flowers[seat] += 1
    s.live -= 1
    s.interrupted = True
    s.rinshan_pending = True
    s.chankan_tile = None
    s.kuikae = ()
    s.phase = Phase.DRAW


def _dora(s: State, e: Dora) -> None:
    if s.pending_dora <= 0:
        raise _illegal(None, e, "no kan waits for its dora indicator")
    if s.phase in (Phase.START_GAME, Phase.START_KYOKU, Phase.RESULT, Phase.END_GAME):
        raise _illegal(None, e, "not during a hand")
    _check_tile(s, e.dora_marker, e)
    _see(s, e.dora_marker)
    s.dora_markers.append(e.dora_marker)
    s.pending_dora -= 1


# --- the end of a hand ---------------------------------------------------------------------


def _situation(
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


def _hora(s: State, e: Hora) -> None:
    seat = e.actor
    _check_seat(s, seat, e)
    _check_seat(s, e.target, e)
    n = s.players
    if e.target == seat:
        _need_phase(s, (Phase.ACT,), seat, e)
        if seat != s.turn or s.drawn is None:
            raise _illegal(seat, e, "tsumo wins on one's own draw")
        if s.riichi_pending is not None:
            raise _illegal(seat, e, "riichi was declared: the discard must follow")
        tile = s.drawn
        if e.pai is not None and e.pai != tile:
            raise _illegal(seat, e, "the winning tile is the tile just drawn")
        if not is_complete(s.counts[seat]):
            raise _illegal(seat, e, "the hand is not complete")
        discarder: int | None = None
    else:
        tile_or_none: Tile | None
        if s.phase == Phase.CLAIM:
            tile_or_none, discarder = s.last_discard, s.last_discarder
        elif s.phase == Phase.CHANKAN:
            tile_or_none, discarder = s.chankan_tile, s.turn
        elif s.phase == Phase.RESULT and s.ron_winners:
            tile_or_none = s.chankan_tile if s.chankan_tile is not None else s.last_discard
            discarder = s.turn if s.chankan_tile is not None else s.last_discarder
            if seat in s.ron_winners:
                raise _illegal(seat, e, "this seat has already won on this tile")
            mr = s.rules.multiple_ron
            if mr is MultipleRon.HEAD_BUMP:
                raise _illegal(seat, e, "head bump: only one player wins on a discard (G5)")
            if mr is MultipleRon.DOUBLE_TRIPLE_ABORT and len(s.ron_winners) >= 2:
                raise _illegal(seat, e, "three rons abort the hand (sanchahou)")
            if discarder is not None:
                last = s.ron_winners[-1]
                if (seat - discarder) % n < (last - discarder) % n:
                    # the honba and deposits go to the first win, the winner nearest
                    # the discarder (G5): the wins must come in that order
                    raise _illegal(
                        seat,
                        e,
                        f"the wins on one discard come in turn order from the discarder: "
                        f"seat {seat} before seat {last} (the honba and deposits go to the "
                        "winner nearest the discarder)",
                    )
        else:
            raise _illegal(seat, e, _not_now(s))
        if tile_or_none is None or discarder is None or e.target != discarder:
            raise _illegal(seat, e, "ron takes the last discarded (or added kan) tile")
        tile = tile_or_none
        if e.pai is not None and e.pai != tile:
            raise _illegal(seat, e, "ron is on the tile just discarded")
        if seat == discarder:
            raise _illegal(seat, e, "one cannot ron one's own discard")
        k = KIND_OF[tile]
        if k not in s.waits[seat]:
            raise _illegal(seat, e, "the tile does not complete the hand")
        if s.furiten(seat):
            raise _illegal(seat, e, "furiten: no ron (G7)")
        if (
            s.chankan_kind == "ankan"
            and s.chankan_tile is not None
            and not _is_kokushi_wait(s, seat)
        ):
            raise _illegal(seat, e, "only thirteen orphans may rob an ankan")
    try:
        result = score_win(_situation(s, seat, tile, discarder, e))
    except NoYakuError:
        raise _illegal(seat, e, "no yaku (一翻縛り)") from None
    except JantakuError as err:
        raise _illegal(seat, e, f"cannot be scored: {err}") from None
    deltas = [int(d) for d in result.deltas]
    if len(deltas) < n:
        deltas += [0] * (n - len(deltas))
    deltas = deltas[:n]
    first = not s.ron_winners
    if first and s.rules.chombo_void_on_win and s.results:
        _void_chombos(s)
    if first and discarder is not None and s.riichi_pending == discarder:
        s.riichi_pending = None  # the riichi discard was ronned: no deposit
    deltas = _apply_shortfall(s, deltas, seat)
    for i in range(n):
        s.scores[i] += deltas[i]
    if first:
        s.kyotaku = 0
        s.deposit_owners = []
    s.ron_winners.append(seat)
    s.won[seat] = True
    yaku = tuple((y.id, y.yakuman * 13 if y.yakuman else y.han) for y in result.yaku)
    yaku += tuple(
        (name, count)
        for name, count in (
            ("dora", result.dora),
            ("aka", result.red),
            ("ura", result.ura),
            ("kita", result.kita),
            ("flower", result.flowers),
        )
        if count
    )
    done = Hora(
        actor=seat,
        target=e.target,
        pai=tile,
        deltas=tuple(deltas),
        ura_markers=tuple(e.ura_markers) if s.riichi[seat] else (),
        yaku=yaku,
        han=int(result.han),
        fu=int(result.fu),
        points=int(result.total),
        pao=s.pao[seat] if s.rules.pao else None,
        scores=tuple(s.scores),
    )
    s.results.append(done)
    if discarder is None:
        s.last_discard = None
    s.phase = Phase.RESULT


def _void_chombos(s: State) -> None:
    """P1: 錯和は他家に正当な和了のあった場合、免れる — a legitimate win in the hand undoes
    its chombo payments; the recorded penalty keeps its place with no payments."""
    for i, x in enumerate(s.results):
        if isinstance(x, Penalty) and x.reason == "chombo" and any(x.deltas):
            for seat, d in enumerate(x.deltas):
                s.scores[seat] -= d
            s.results[i] = Penalty(actor=x.actor, reason="chombo", deltas=(0,) * len(x.deltas))


def _apply_shortfall(s: State, deltas: list[int], winner: int | None) -> list[int]:
    """M4: settle a payment that drives a payer below zero per ``Rules.shortfall``."""
    if s.rules.shortfall is not Shortfall.SPLIT:
        return deltas
    out = list(deltas)
    bonus = sum(out)  # deposits collected from the table
    if winner is not None:
        out[winner] -= bonus
    out = list(settle_shortfall(s.scores, out, s.rules))
    if winner is not None:
        out[winner] += bonus
    return out


def _ryukyoku(s: State, e: Ryukyoku) -> None:
    n = s.players
    r = s.rules
    reason = e.reason
    deltas = [0] * n
    tenpai: tuple[int, ...] = ()
    tehais: tuple[tuple[Tile, ...], ...] | None = None
    if reason == "kyuushu_kyuuhai":
        seat = s.turn if e.actor is None else e.actor
        _need_phase(s, (Phase.ACT,), seat, e)
        if seat != s.turn:
            raise _illegal(seat, e, f"it is seat {s.turn}'s turn")
        why = kyuushu_refusal(s, seat)
        if why:
            raise _illegal(seat, e, why)
        tehais = tuple(s.hand_of(i) if i == seat else () for i in range(n))
    elif reason in ("exhaustive", "nagashi_mangan"):
        if s.phase != Phase.DRAW or not s.rinshan_pending:  # a flower was the last tile (T4)
            _need_phase(s, (Phase.CLAIM,), e.actor, e)
        if s.live > 0:
            raise _illegal(None, e, "the live wall is not empty")
        if s.riichi_pending is not None:
            raise _illegal(None, e, "the riichi must be accepted first")
        tenpai = tuple(i for i in range(n) if s.is_tenpai(i))
        tehais = tuple(s.hand_of(i) if i in tenpai else () for i in range(n))
        flowing = nagashi_seats(s)
        if flowing:
            if reason != "nagashi_mangan":
                raise _illegal(None, e, f"seat {flowing[0]} has nagashi mangan")
            deltas = list(nagashi_payments(flowing, dealer=s.oya, rules=r))
        else:
            if reason == "nagashi_mangan":
                raise _illegal(None, e, "nobody has nagashi mangan")
            deltas = list(noten_payments([i in tenpai for i in range(n)], r))
    else:
        why = abort_refusal(s, reason)
        if why:
            raise _illegal(e.actor, e, why)
        if reason == "suucha_riichi":
            tehais = tuple(s.hand_of(i) for i in range(n))
    _flush_missed(s)
    deltas = _apply_shortfall(s, deltas, None)
    for i in range(n):
        s.scores[i] += deltas[i]
    done = Ryukyoku(
        reason=reason,
        deltas=tuple(deltas),
        tenpai=tenpai if reason in ("exhaustive", "nagashi_mangan") else None,
        tehais=tehais,
        actor=e.actor if reason == "kyuushu_kyuuhai" else None,
        scores=tuple(s.scores),
    )
    s.results.append(done)
    s.phase = Phase.RESULT


def nagashi_seats(s: State) -> list[int]:
    """Seats with nagashi mangan at an exhaustive draw: every discard a terminal or an
    honor, none of them called (Y28)."""
    if not s.rules.nagashi_mangan:
        return []
    return [i for i in range(s.players) if s.nagashi[i] and s.rivers[i]]


def kyuushu_refusal(s: State, seat: int) -> str:
    """Why ``seat`` may not declare kyuushu kyuuhai now, or ``''`` (G10)."""
    if not s.rules.abort_kyuushu_kyuuhai:
        return "kyuushu kyuuhai is not played under these rules"
    if not s.first_turn[seat] or s.interrupted or s.drawn is None:
        return "kyuushu kyuuhai only on one's first, uninterrupted draw"
    c = s.counts[seat]
    if sum(1 for k in YAOCHUU if c[k]) < 9:
        return "fewer than nine different terminals and honors"
    return ""


def abort_refusal(s: State, reason: str) -> str:
    """Why the abortive draw ``reason`` cannot be declared now, or ``''`` (G10)."""
    r = s.rules
    n = s.players
    if reason == "suufon_renda":
        if not r.abort_suufon_renda:
            return "suufon renda is not played under these rules"
        if s.phase != Phase.CLAIM or s.riichi_pending is not None:
            return "suufon renda follows the last of the first discards"
        if s.interrupted or any(len(rv) != 1 for rv in s.rivers):
            return "suufon renda needs exactly one uninterrupted discard by everyone"
        kinds = {KIND_OF[rv[0]] for rv in s.rivers}
        if len(kinds) != 1 or not 27 <= next(iter(kinds)) <= 30:
            return "the first discards are not all the same wind"
        return ""
    if reason == "suucha_riichi":
        if not r.abort_suucha_riichi:
            return "suucha riichi is not played under these rules"
        if s.phase != Phase.CLAIM or s.riichi_pending is not None:
            return "suucha riichi follows the accepted fourth riichi"
        if n != 4 or not all(s.riichi):
            return "not every player is in riichi"
        return ""
    if reason == "suukan_sanra":
        if not r.abort_suukan_sanra:
            return "suukan sanra is not played under these rules"
        if s.phase != Phase.CLAIM or s.riichi_pending is not None:
            return "suukan sanra follows the discard after the fourth kan"
        if s.total_kans != 4 or len(set(s.kan_owners)) < 2:
            return "four kans by more than one player are needed"
        return ""
    if reason == "sanchahou":
        if not r.abort_sanchahou or r.multiple_ron is not MultipleRon.DOUBLE_TRIPLE_ABORT:
            return "sanchahou is not played under these rules"
        if s.phase not in (Phase.CLAIM, Phase.CHANKAN):
            return "sanchahou is three rons on one discard"
        from jantaku.engine.legal import can_ron

        if sum(1 for i in range(n) if can_ron(s, i)) < 3:
            return "fewer than three players can ron"
        return ""
    return f"no such draw: {reason!r}"


def _penalty(s: State, e: Penalty) -> None:
    _check_seat(s, e.actor, e)
    fee = s.rules.minor_foul_deposit
    sticks = 0
    if e.reason == "minor_foul" and fee and len(e.deltas) == s.players and sum(e.deltas):
        # P2: 錯は訂正が可能ならば1000点を供託する事で免れる — the offender's deposit
        if any(d for i, d in enumerate(e.deltas) if i != e.actor) or e.deltas[e.actor] != -fee:
            raise _illegal(e.actor, e, f"a minor foul's deposit is {fee} from the offender")
        sticks = fee // 1000
    elif len(e.deltas) != s.players or sum(e.deltas) != 0:
        raise _illegal(e.actor, e, "a penalty's payments must balance")
    _need_phase(
        s,
        (Phase.DRAW, Phase.ACT, Phase.DISCARD, Phase.CLAIM, Phase.CHANKAN, Phase.RESULT),
        e.actor,
        e,
    )
    for i in range(s.players):
        s.scores[i] += e.deltas[i]
    if sticks:
        s.kyotaku += sticks
        s.deposit_owners += [e.actor] * sticks
    s.results.append(e)
    if e.reason == "chombo" and s.rules.abort_chombo:
        s.phase = Phase.RESULT  # 錯和流局: the hand ends


# --- between hands and the end of the match ---------------------------------------------------


def _end_kyoku(s: State, e: EndKyoku) -> None:
    _need_phase(s, (Phase.RESULT,), None, e)
    n = s.players
    r = s.rules
    draws = [x for x in s.results if isinstance(x, Ryukyoku)]
    dealer_won = s.oya in s.ron_winners or any(
        isinstance(x, Hora) and x.actor == s.oya for x in s.results
    )
    renchan = False
    honba = s.honba
    dealer_tenpai = False
    chombo_draw = (
        r.abort_chombo
        and not s.ron_winners
        and any(isinstance(x, Penalty) and x.reason == "chombo" for x in s.results)
    )
    if chombo_draw and not dealer_won:
        renchan = True  # a chombo draw keeps the deal without a honba (M2)
    elif dealer_won:
        renchan = True
        honba += 1
    elif draws:
        d = draws[-1]
        if d.reason in ("exhaustive", "nagashi_mangan"):
            dealer_tenpai = s.oya in (d.tenpai or ())
            renchan = dealer_tenpai
            honba += 1
        elif r.abortive_draw_renchan:
            renchan = True
            honba += 1
    else:
        honba = 0
    s.kyoku_index += 1
    over = False
    scores = s.scores
    top = _ranking(scores)[0]
    if r.tobi and any(x < 0 or (r.tobi_at_zero and x == 0) for x in scores):
        over = True
    regular = n * (1 if r.length is GameLength.EAST_ONLY else 2)
    limit = regular + n  # one extension wind at most
    idx = s.round_index
    if not over and idx >= regular - 1:
        target = r.target_points if r.west_extension else 0
        if renchan:
            # the last dealer stops when top (agari-yame / tenpai-yame), in the last
            # regular round and in the extension alike
            stop = (dealer_won and r.agari_yame) or (dealer_tenpai and r.tenpai_yame)
            over = stop and top == s.oya and scores[s.oya] >= target
        else:
            if idx + 1 >= limit or max(scores) >= target or not r.west_extension:
                over = True
    if not over and not renchan and s.round_index + 1 >= limit:
        over = True
    if over:
        s.phase = Phase.END_GAME
        s.game_over = True
        s.expected = None
        return
    nidx = s.round_index if renchan else s.round_index + 1
    wind = _WIND_OF_ROUND[min(3, nidx // n)]
    kyoku = nidx % n + 1
    oya = nidx % n
    s.expected = (wind, kyoku, honba, s.kyotaku, oya, tuple(scores))
    s.after_draw = bool(draws) and not dealer_won and not chombo_draw and honba > 0
    s.phase = Phase.START_KYOKU


def _ranking(scores: list[int]) -> list[int]:
    """Seats from first to last place; ties go to the seat nearer the first dealer."""
    return sorted(range(len(scores)), key=lambda i: (-scores[i], i))


def _yakitori(s: State) -> list[int]:
    """T5b: each seat that has not won in the match (焼き鳥) pays ``Rules.yakitori``,
    shared evenly by the seats that have won (any odd points to the best placed of them);
    nothing changes hands when nobody, or everybody, has won."""
    fee = s.rules.yakitori
    scores = list(s.scores)
    winners = [i for i in range(s.players) if s.won[i]]
    if not fee or not winners or len(winners) == s.players:
        return scores
    pot = 0
    for i in range(s.players):
        if not s.won[i]:
            scores[i] -= fee
            pot += fee
    share, odd = divmod(pot, len(winners))
    for i in winners:
        scores[i] += share
    scores[min(winners, key=_ranking(s.scores).index)] += odd
    return scores


def final_standings(s: State) -> EndGame:
    """The ``end_game`` of a finished match: final points and results (M5, M6)."""
    left = [0] * s.players
    for seat in s.deposit_owners[: s.kyotaku]:
        left[seat] += 1
    if s.kyotaku > len(s.deposit_owners):  # deposits of unknown owners (a replay's start)
        left[_ranking(s.scores)[0]] += s.kyotaku - len(s.deposit_owners)
    standings = final_result(_yakitori(s), s.rules, leftover=left)
    return EndGame(
        scores=tuple(x.points for x in standings), result=tuple(x.score for x in standings)
    )


def _end_game(s: State, e: EndGame) -> None:
    _need_phase(s, (Phase.END_GAME,), None, e)
    final = final_standings(s)
    s.scores = list(final.scores or s.scores)
    s.kyotaku = 0
    s.final = final
    s.phase = Phase.DONE


_HANDLERS: Final[dict[type, Callable[[State, Any], None]]] = {
    StartGame: _start_game,
    StartKyoku: _start_kyoku,
    Tsumo: _tsumo,
    Dahai: _dahai,
    Reach: _reach,
    ReachAccepted: _reach_accepted,
    Chi: _chi,
    Pon: _pon,
    Daiminkan: _daiminkan,
    Kakan: _kakan,
    Ankan: _ankan,
    Nukidora: _nukidora,
    Flower: _flower,
    Dora: _dora,
    Hora: _hora,
    Ryukyoku: _ryukyoku,
    Penalty: _penalty,
    EndKyoku: _end_kyoku,
    EndGame: _end_game,
}


_TRUSTED: Final[dict[type, Callable[[State, Any], None]]] = {
    StartKyoku: _start_kyoku_trusted,
    Tsumo: _tsumo_commit,
    Dahai: _dahai_commit,
    Chi: _chi_commit,
    Pon: _pon_commit,
}


def apply_trusted(state: State, event: Event) -> State:
    """Apply an event already known to be legal, skipping the checks (the fast path).

    The same transition as :func:`apply` (the same bookkeeping, to the same state)
    without the legality checks of a deal, a draw, a discard, a chii or a pon; every
    other event is checked as by :func:`apply`. For the referee's own deals and draws
    and for choices it has matched against :func:`~jantaku.engine.legal_actions`;
    anything else must go through :func:`apply`, since an illegal event given here
    corrupts the state.

    >>> from jantaku.rules import TENHOU
    >>> apply_trusted(State(TENHOU), StartGame(names=("a", "b", "c", "d"))).phase_name
    'start_kyoku'
    """
    commit = _TRUSTED.get(type(event))
    if commit is None:
        return apply(state, event)
    commit(state, event)
    return state


def apply(state: State, event: Event) -> State:
    """Apply one event to the state (in place) and return it: the single transition.

    The event is checked first; an illegal one raises
    :class:`~jantaku.errors.IllegalActionError` naming the seat, the event and the
    reason, and leaves the state unchanged.

    >>> from jantaku.rules import TENHOU
    >>> s = apply(State(TENHOU), StartGame(names=("a", "b", "c", "d")))
    >>> s.phase_name
    'start_kyoku'
    >>> apply(s, Tsumo(actor=0, pai=0))
    Traceback (most recent call last):
    ...
    jantaku.errors.IllegalActionError: illegal action: seat 0 drew 1m, but not now: no hand \
is dealt (start_kyoku phase)

    Raises :class:`~jantaku.errors.IllegalActionError` for an event that is not legal
    now (and :class:`~jantaku.errors.ArgumentTypeError`, a ``TypeError``, for an
    object that is not an event).
    """
    cls = type(event)
    if cls is Dahai or cls is Tsumo:  # the bulk of a record: the same checks, spelled out
        if TYPE_CHECKING:  # narrowed for the checker only: no call at run time
            assert isinstance(event, Dahai | Tsumo)
        who = event.actor
        if who.__class__ is not int or not 0 <= who < state.players:
            raise _illegal(None, event, f"no seat {who!r} at a table of {state.players}")
        tile = event.pai
        if type(tile) is not int or not 0 <= tile < UNKNOWN:
            raise _illegal(who, event, f"not a known tile: {tile!r}")
        if type(event) is Dahai:
            _dahai(state, event)
            return state
        if state.riichi_pending is not None and state.phase == Phase.ACT:
            raise _illegal(who, event, "riichi was declared: the discard must follow")
        if TYPE_CHECKING:
            assert isinstance(event, Tsumo)
        _tsumo(state, event)
        return state
    handler = _HANDLERS.get(cls)
    if handler is None:
        hint = " (event_from_mjai reads an mjai dict)" if isinstance(event, dict) else ""
        raise ArgumentTypeError(f"not an event: {event!r}{hint}")
    if cls is Flower:  # the one event whose tile is a flower (T4)
        handler(state, event)
        return state
    actor = getattr(event, "actor", None)
    if actor is not None and (not isinstance(actor, int) or not 0 <= actor < state.players):
        raise _illegal(None, event, f"no seat {actor!r} at a table of {state.players}")
    pai = getattr(event, "pai", None)
    if pai is not None and (type(pai) is not int or not 0 <= pai < UNKNOWN):
        raise _illegal(actor, event, f"not a known tile: {pai!r}")
    for t in getattr(event, "consumed", ()):
        if type(t) is not int or not 0 <= t < UNKNOWN:
            raise _illegal(actor, event, f"not a known tile: {t!r}")
    if (
        state.riichi_pending is not None
        and state.phase == Phase.ACT
        and not isinstance(event, Dahai)
    ):
        raise _illegal(actor, event, "riichi was declared: the discard must follow")
    handler(state, event)
    return state
