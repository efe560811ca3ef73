"""The single transition, :func:`apply` (and its fast path :func:`apply_trusted`).

Live play, the replay of a record and training all move a
:class:`~jantaku.engine.State` with the same :func:`apply`: ``apply(state, event)``
checks the event, then updates ``state`` in place and returns it. An illegal event
raises :class:`~jantaku.errors.IllegalActionError` (naming the seat, the event and the
reason) *before* anything changes, so the state is untouched.

``apply`` scores a :class:`~jantaku.events.Hora` itself and settles draws
(:mod:`jantaku.engine.settlement`), so the payments in the events given to it are not
trusted: the completed event, with the deltas, yaku, han and fu the engine computed, is
appended to :attr:`State.results` (the referee logs those), and a replay can compare
them with a record's.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final

from jantaku.engine.checks import (
    check_seat,
    check_tile,
    holds_all,
    illegal,
    is_kokushi_wait,
    kuikae_kinds,
    need_phase,
    not_now,
    riichi_ankan_refusal,
    riichi_discard_advice,
    riichi_discard_refusal,
    riichi_refusal,
)
from jantaku.engine.settlement import (
    settle_end_game,
    settle_end_kyoku,
    settle_hora,
    settle_penalty,
    settle_ryukyoku,
)
from jantaku.engine.state import (
    PLAIN_DISCARDS,
    TSUMOGIRI_DISCARDS,
    Phase,
    State,
    drop_last_copy,
    flush_missed,
    tile_order,
)
from jantaku.engine.waits import hand_waits as _waits
from jantaku.errors import (
    ArgumentTypeError,
    InvalidHandError,
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
from jantaku.hand.tables import PLACE_VALUE, SUIT_OF, shanten_of_numbers
from jantaku.meld import Meld, MeldKind
from jantaku.rules import (
    NorthTile,
)
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

__all__ = ["apply", "apply_trusted", "dahai_commit", "tsumo_commit"]

_YAOCHUU_SET: Final = frozenset(YAOCHUU)
_FIVES: Final = frozenset((4, 13, 22))  # the kinds of the fives, red or not
# the phases of the hot paths as module constants (cheaper to read than class attributes)
_ACT: Final = Phase.ACT
_CLAIM: Final = Phase.CLAIM
_WIND_OF_ROUND: Final = (EAST, EAST + 1, EAST + 2, EAST + 3)


def _see(s: State, t: Tile) -> None:
    s.known[t] += 1


def _start_game(s: State, e: StartGame) -> None:
    need_phase(s, (Phase.START_GAME,), None, e)
    if not isinstance(e.names, tuple | list) or not all(isinstance(x, str) for x in e.names):
        raise illegal(None, e, f"the names are a tuple of str, not {e.names!r}")
    if e.seed is not None and e.seed.__class__ is not int:
        raise illegal(None, e, f"the seed is an int, not {e.seed!r}")
    if len(e.names) != s.players:
        raise illegal(
            None, e, f"{len(e.names)} names for a {s.players}-player table under these rules"
        )
    s.names = tuple(e.names)
    s.seed = e.seed
    s.phase = Phase.START_KYOKU


def _start_kyoku(s: State, e: StartKyoku) -> None:
    need_phase(s, (Phase.START_KYOKU,), None, e)
    n = s.players
    if len(e.tehais) != n or any(len(h) != 13 for h in e.tehais):
        raise illegal(None, e, f"{n} hands of 13 tiles are dealt")
    if len(e.scores) != n:
        raise illegal(None, e, f"{n} scores")
    check_seat(s, e.oya, e)
    if e.bakaze not in _WIND_OF_ROUND or not 1 <= e.kyoku <= n:
        raise illegal(None, e, "no such round")
    if (e.kyoku - 1) != (e.oya - 0) % n:
        raise illegal(None, e, f"kyoku {e.kyoku} is dealt by seat {e.kyoku - 1}, not {e.oya}")
    if e.honba < 0 or e.kyotaku < 0:
        raise illegal(None, e, "negative honba or deposits")
    if s.expected is not None:
        got = (e.bakaze, e.kyoku, e.honba, e.kyotaku, e.oya, tuple(e.scores))
        if got != s.expected:
            raise illegal(
                None,
                e,
                "the hand does not follow from the last one: expected bakaze/kyoku/honba/"
                f"kyotaku/oya/scores {s.expected}, got {got}",
            )
    if e.flowers is not None and (
        len(e.flowers) != n or min(e.flowers) < 0 or sum(e.flowers) > s.rules.flowers
    ):
        raise illegal(None, e, f"flowers set aside per seat, {s.rules.flowers} in the set")
    known = _deal_counts(s, e)
    if known is None:  # some tile is wrong: find the first, for the message
        probe = State.__new__(State)
        probe.players = n
        probe.rules = s.rules
        probe.known = [0] * 37
        for t in (*(t for h in e.tehais for t in h), e.dora_marker):
            check_tile(probe, t, e)
            probe.known[t] += 1
        known = probe.known
    start_kyoku_commit(s, e, known)


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
    start_kyoku_commit(s, e, known)


def start_kyoku_commit(s: State, e: StartKyoku, known: list[int]) -> None:
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
    memo = s.memo
    for seat, tiles in enumerate(e.tehais):
        hand = s.hands[seat] = list(tiles)
        c = s.counts[seat]
        numbers = memo.suits[seat]
        for t in tiles:
            k = KIND_OF[t]
            c[k] += 1
            numbers[SUIT_OF[k]] += PLACE_VALUE[k]
        memo.quads[seat] = 4 in c
        memo.list_discards(seat, hand, None)
        if len(tiles) == 13:  # the usual deal: a shanten count spares most wait searches
            sh = shanten_of_numbers(numbers, c, 13)
            memo.shanten_floor[seat] = sh
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


def _check_draw_turn(s: State, seat: int, e: Tsumo | Flower) -> None:
    """That ``seat`` draws now: the kan's replacement, the next seat after an unclaimed
    discard, or the seat whose draw it is (a flower comes in place of such a draw)."""
    if s.phase == Phase.CHANKAN:
        if not s.rinshan_pending or seat != s.turn:
            raise illegal(seat, e, "only the kan's replacement draw may follow")
    elif s.phase == Phase.CLAIM:
        if s.riichi_pending is not None:
            raise illegal(seat, e, "the riichi must be accepted before the next draw")
        nxt = (s.turn + 1) % s.players
        if seat != nxt:
            raise illegal(seat, e, f"it is seat {nxt}'s draw")
    elif s.phase == Phase.DRAW:
        if seat != s.turn:
            raise illegal(seat, e, f"it is seat {s.turn}'s draw")
    else:
        raise illegal(seat, e, not_now(s))


def _tsumo(s: State, e: Tsumo) -> None:
    seat = e.actor
    _check_draw_turn(s, seat, e)
    if s.live <= 0:
        raise illegal(seat, e, "the live wall is empty")
    check_tile(s, e.pai, e, seat)
    tsumo_commit(s, e)


def tsumo_commit(s: State, e: Tsumo) -> None:
    """The bookkeeping of a draw already known to be legal (the referee's own draws):
    :func:`apply` of a ``tsumo`` without its checks, as :func:`apply_trusted` gives it.

    >>> from jantaku.engine.referee import Referee
    >>> ref = Referee(seed=1)
    >>> s = ref.state
    >>> apply(s, next(a for a in ref.pending()[0] if isinstance(a, Dahai))).phase_name
    'claim'
    >>> draw = Tsumo(1, ref.wall.live[ref.wall.drawn])
    >>> checked = apply(s.copy(), draw)
    >>> tsumo_commit(s, draw)
    >>> s.hands == checked.hands and s.memo.shanten_floor == checked.memo.shanten_floor
    True

    An illegal draw given here corrupts the state: no error is raised.
    """
    seat = e.actor
    t = e.pai
    if s._missed:
        flush_missed(s)
    s.turn = seat  # the next seat after a discard; already so for any other draw
    s.known[t] += 1
    s.hands[seat].append(t)
    c = s.counts[seat]
    k = KIND_OF[t]
    held = c[k] = c[k] + 1
    memo = s.memo
    memo.suits[seat][SUIT_OF[k]] += PLACE_VALUE[k]
    if held == 4:
        memo.quads[seat] = True
    s.drawn = t
    distinct = memo.discards[seat]
    if t not in distinct:
        distinct[t] = TSUMOGIRI_DISCARDS[seat][t]
    floor = memo.shanten_floor
    memo.draw_floor = f = floor[seat]
    if f > 1 or s.waits[seat] or s.riichi[seat]:
        floor[seat] = f - 1  # a draw lowers shanten by one at most
    else:
        # maybe tenpai with the draw: count it once here, where the legal actions
        # (riichi) and the discard would each count it (a floor of 1 spares them both)
        floor[seat] = shanten_of_numbers(memo.suits[seat], c, len(s.hands[seat]))
    s.live -= 1
    if s.rinshan_pending:  # the kan (or kita) stands: ippatsu ends
        s.ippatsu = [False] * s.players
        s.rinshan_draw = True
        s.rinshan_pending = False
    elif s.rinshan_draw:
        s.rinshan_draw = False
    if s.furiten_temp[seat]:
        s.furiten_temp[seat] = False
    s.chankan_tile = None
    s.kuikae = ()
    s.kyoku_draws += 1
    s.phase = _ACT


def _dahai(s: State, e: Dahai) -> None:
    seat = e.actor
    if s.phase != Phase.ACT and s.phase != Phase.DISCARD:
        need_phase(s, (Phase.ACT, Phase.DISCARD), seat, e)
    if seat != s.turn:
        raise illegal(seat, e, f"it is seat {s.turn}'s turn")
    t = e.pai
    hand = s.hands[seat]
    if t not in hand:
        raise illegal(seat, e, f"{format_tiles([t])} is not in the hand")
    if e.tsumogiri:
        if s.phase != Phase.ACT or s.drawn != t:
            raise illegal(seat, e, "tsumogiri discards the tile just drawn")
    elif s.phase == Phase.ACT and s.drawn == t and hand.count(t) < 2:
        raise illegal(seat, e, "the only such tile is the one just drawn: that is tsumogiri")
    k = KIND_OF[t]
    if s.riichi[seat] and (s.drawn is None or KIND_OF[s.drawn] != k):
        raise illegal(seat, e, "after riichi only the drawn tile may be discarded (C3)")
    if s.phase == Phase.DISCARD and k in s.kuikae:
        raise illegal(seat, e, "kuikae: that tile may not be discarded right after the call")
    if s.riichi_pending == seat:
        refused = riichi_discard_refusal(s, seat, k)
        if refused is not None:
            raise illegal(seat, e, riichi_discard_advice(s, seat, k, str(refused)))
    dahai_commit(s, e)


def dahai_commit(s: State, e: Dahai) -> None:
    """The bookkeeping of a discard already known to be legal (one the referee matched
    against the legal actions): :func:`apply` of a ``dahai`` without its checks, as
    :func:`apply_trusted` gives it.

    >>> from jantaku.engine.referee import Referee
    >>> ref = Referee(seed=1)
    >>> s = ref.state
    >>> discard = next(a for a in ref.pending()[0] if isinstance(a, Dahai))
    >>> checked = apply(s.copy(), discard)
    >>> dahai_commit(s, discard)
    >>> s.hands == checked.hands and s.waits == checked.waits, s.phase_name
    (True, 'claim')

    An illegal discard given here corrupts the state: no error is raised.
    """
    seat = e.actor
    t = e.pai
    k = KIND_OF[t]
    counts = s.counts[seat]
    hand = s.hands[seat]
    left = counts[k] - 1
    if hand[-1] == t:  # tsumogiri, or the tile last in the hand
        hand.pop()
    elif not left:  # the only tile of its kind: the first copy is the last
        hand.remove(t)
    else:
        drop_last_copy(hand, t)
    counts[k] = left
    memo = s.memo
    numbers = memo.suits[seat]
    numbers[SUIT_OF[k]] -= PLACE_VALUE[k]
    if left == 3 and memo.quads[seat]:  # the four of a kind is broken
        memo.quads[seat] = 4 in counts
    distinct = memo.discards[seat]
    # another copy of the kind is the same tile, but for a five and its red five
    if not left or (k in _FIVES and t not in hand):
        del distinct[t]
    drawn = s.drawn
    if drawn is not None and drawn in distinct:  # the drawn tile stays: now plain
        distinct[drawn] = PLAIN_DISCARDS[seat][drawn]
    s.rivers[seat].append(t)
    if s.riichi_pending == seat:
        s.river_flags[seat].append(3 if e.tsumogiri else 2)
    else:
        s.river_flags[seat].append(1 if e.tsumogiri else 0)
    s.discard_kinds[seat].add(k)
    nagashi = s.nagashi
    if nagashi[seat] and k not in _YAOCHUU_SET:
        nagashi[seat] = False
    ws = s.waits
    floors = memo.shanten_floor
    if s.riichi[seat]:
        s.ippatsu[seat] = False
    elif drawn is not None and KIND_OF[drawn] == k:
        # the hand is again what it was before the draw: its waits stand
        # (a riichi check may have counted the shanten with the draw: a bound as good)
        if ws[seat]:
            floors[seat] = 0
        else:
            f = memo.draw_floor
            g = floors[seat]
            floors[seat] = (f if f > g else g) if f > 1 or g > 1 else 1
    elif floors[seat] >= 1:
        if ws[seat]:
            ws[seat] = ()  # a discard never lowers shanten: still not tenpai
    elif ws[seat] and (w := _waits(counts)):
        # a tenpai hand usually stays tenpai: its new waits say so without a shanten count
        floors[seat] = 0
        ws[seat] = w
    else:
        sh = shanten_of_numbers(numbers, counts, len(hand))
        floors[seat] = sh
        ws[seat] = _waits(counts) if sh == 0 else ()
    first = s.first_turn
    if first[seat]:
        first[seat] = False
    s.drawn = None
    s.rinshan_draw = False
    s.kuikae = ()
    s.last_discard = t
    s.last_discarder = seat
    s.phase = _CLAIM
    if any(ws) and (k in ws[0] or k in ws[1] or k in ws[2] or (len(ws) > 3 and k in ws[3])):
        s._missed = [o for o in range(s.players) if k in ws[o] and o != seat]
    elif s._missed:  # nobody waits on it (nobody is tenpai, mostly): the common case
        s._missed = []


def _reach(s: State, e: Reach) -> None:
    seat = e.actor
    need_phase(s, (Phase.ACT,), seat, e)
    if seat != s.turn:
        raise illegal(seat, e, f"it is seat {s.turn}'s turn")
    refused = riichi_refusal(s, seat)
    if refused is not None:
        raise illegal(seat, e, str(refused))
    s.riichi_pending = seat
    s.riichi_double = s.first_turn[seat] and not s.interrupted


def _reach_accepted(s: State, e: ReachAccepted) -> None:
    seat = e.actor
    need_phase(s, (Phase.CLAIM,), seat, e)
    if s.riichi_pending != seat:
        raise illegal(seat, e, "no riichi of this seat waits to be accepted")
    flush_missed(s)
    s.scores[seat] -= s.rules.riichi_deposit
    s.kyotaku += 1
    s.deposit_owners.append(seat)
    s.riichi[seat] = 2 if s.riichi_double else 1
    s.ippatsu[seat] = s.rules.ippatsu
    s.riichi_pending = None


def _call_common(s: State, e: Chi | Pon | Daiminkan) -> None:
    seat = e.actor
    check_seat(s, seat, e)
    need_phase(s, (Phase.CLAIM,), seat, e)
    if s.riichi_pending is not None:
        raise illegal(seat, e, "the riichi must be accepted before a call")
    if e.target != s.last_discarder or e.pai != s.last_discard:
        raise illegal(seat, e, "the call must take the last discard")
    if seat == e.target:
        raise illegal(seat, e, "one cannot call one's own discard")
    if s.live <= 0:
        raise illegal(seat, e, "no call on the last discard but ron (G4)")
    if s.riichi[seat]:
        raise illegal(seat, e, "after riichi the hand cannot change (C3)")
    if not holds_all(s.hands[seat], e.consumed):
        raise illegal(seat, e, "the consumed tiles are not in the hand")


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
    tiles = tuple(sorted((*e.consumed, e.pai), key=tile_order))
    key = (kind, tiles, e.pai, (e.target - e.actor) % s.players)
    meld = _MELDS.get(key)
    if meld is not None:
        return meld
    try:
        meld = Meld(*key)
    except InvalidHandError as err:
        raise illegal(e.actor, e, str(err)) from None
    if len(_MELDS) < 65536:
        _MELDS[key] = meld
    return meld


def _commit_call(s: State, e: Chi | Pon | Daiminkan, meld: Meld) -> None:
    seat = e.actor
    s.memo.shanten_floor[seat] -= 1  # a call lowers shanten by one at most, like a draw
    flush_missed(s)
    hand = s.hands[seat]
    c = s.counts[seat]
    numbers = s.memo.suits[seat]
    for t in e.consumed:
        drop_last_copy(hand, t)
        k = KIND_OF[t]
        c[k] -= 1
        numbers[SUIT_OF[k]] -= PLACE_VALUE[k]
    distinct = s.memo.discards[seat]
    for t in e.consumed:  # the tiles taken with no copy left leave the map
        if t not in hand:
            distinct.pop(t, None)
    if s.memo.quads[seat]:
        s.memo.quads[seat] = 4 in c
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
        raise illegal(e.actor, e, "chii is not played under these rules")
    if e.actor != (e.target + 1) % s.players:
        raise illegal(e.actor, e, "chii only from the player on the left")
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
        raise illegal(e.actor, e, "the call would leave only kuikae tiles to discard")


def _daiminkan(s: State, e: Daiminkan) -> None:
    _call_common(s, e)
    if s.total_kans >= 4:
        raise illegal(e.actor, e, "four kans have been declared")
    meld = _make_meld(s, e, MeldKind.DAIMINKAN)
    _commit_call(s, e, meld)
    if s.rules.pao_suukantsu and sum(m.kind.is_kan for m in s.melds[e.actor]) == 4:
        s.pao[e.actor] = e.target  # the fourth kan fed by a discard (S11)
    s.waits[e.actor] = _waits(s.counts[e.actor])
    _after_kan(s, e.actor)
    s.phase = Phase.DRAW


def _after_kan(s: State, seat: int) -> None:
    s.memo.shanten_floor[seat] = -9
    s.kan_owners.append(seat)
    if s.rules.kan_dora:
        s.pending_dora += 1
    s.rinshan_pending = True
    s.interrupted = True
    for i in range(s.players):
        s.ippatsu[i] = False


def _own_kan_common(s: State, e: Kakan | Ankan | Nukidora) -> None:
    seat = e.actor
    check_seat(s, seat, e)
    need_phase(s, (Phase.ACT,), seat, e)
    if seat != s.turn:
        raise illegal(seat, e, f"it is seat {s.turn}'s turn")
    if s.riichi_pending is not None:
        raise illegal(seat, e, "riichi was declared: the discard must follow")
    if s.live <= 0:
        raise illegal(seat, e, "no kan on the last tile of the wall (G4)")


def _kakan(s: State, e: Kakan) -> None:
    seat = e.actor
    _own_kan_common(s, e)
    if s.total_kans >= 4:
        raise illegal(seat, e, "four kans have been declared")
    k = KIND_OF[e.pai]
    idx = next(
        (i for i, m in enumerate(s.melds[seat]) if m.kind is MeldKind.PON and m.kind34 == k),
        -1,
    )
    if idx < 0:
        raise illegal(seat, e, "no pon of that tile to add to")
    pon = s.melds[seat][idx]
    if sorted(pon.tiles) != sorted(e.consumed):
        raise illegal(seat, e, "the consumed tiles are not the pon's")
    if e.pai not in s.hands[seat]:
        raise illegal(seat, e, "the added tile is not in the hand")
    s.hands[seat].remove(e.pai)
    s.memo.list_discards(seat, s.hands[seat], None)  # a first copy may have gone
    s.counts[seat][k] -= 1
    s.memo.suits[seat][SUIT_OF[k]] -= PLACE_VALUE[k]
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
        s._missed = [o for o in s._missed if is_kokushi_wait(s, o)]
    s.phase = Phase.CHANKAN if s._missed else Phase.DRAW


def _ankan(s: State, e: Ankan) -> None:
    seat = e.actor
    _own_kan_common(s, e)
    if s.total_kans >= 4:
        raise illegal(seat, e, "four kans have been declared")
    kinds = {KIND_OF[t] for t in e.consumed}
    if len(kinds) != 1:
        raise illegal(seat, e, "an ankan is four tiles of one kind")
    k = kinds.pop()
    if s.counts[seat][k] != 4 or not holds_all(s.hands[seat], e.consumed):
        raise illegal(seat, e, "the four tiles are not in the hand")
    if s.riichi[seat]:
        refused = riichi_ankan_refusal(s, seat, k)
        if refused is not None:
            raise illegal(seat, e, str(refused))
    for t in e.consumed:
        s.hands[seat].remove(t)
    s.memo.list_discards(seat, s.hands[seat], None)  # a first copy may have gone
    s.counts[seat][k] = 0
    s.memo.suits[seat][SUIT_OF[k]] -= 4 * PLACE_VALUE[k]
    s.memo.quads[seat] = 4 in s.counts[seat]
    s.melds[seat].append(Meld(MeldKind.ANKAN, tuple(sorted(e.consumed, key=tile_order))))
    if not s.riichi[seat]:
        s.waits[seat] = _waits(s.counts[seat])
    s.drawn = None
    _after_kan(s, seat)
    if s.rules.kokushi_robs_ankan:
        _open_chankan(s, seat, e.consumed[0], "ankan")
    else:
        s.phase = Phase.DRAW


def _nukidora(s: State, e: Nukidora) -> None:
    seat = e.actor
    _own_kan_common(s, e)
    if s.players != 3 or s.rules.north is not NorthTile.NUKIDORA:
        raise illegal(seat, e, "north is set aside only in three-player nukidora rules")
    if e.pai != NORTH or NORTH not in s.hands[seat]:
        raise illegal(seat, e, "a nukidora sets aside a north from the hand")
    if s.riichi[seat] and s.drawn != NORTH:
        raise illegal(seat, e, "after riichi only a drawn north may be set aside")
    s.hands[seat].remove(NORTH)
    s.memo.list_discards(seat, s.hands[seat], None)  # a first copy may have gone
    s.counts[seat][NORTH] -= 1
    s.memo.suits[seat][SUIT_OF[NORTH]] -= PLACE_VALUE[NORTH]
    s.memo.quads[seat] = 4 in s.counts[seat]
    s.nuki[seat] += 1
    s.memo.shanten_floor[seat] = -9
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
    check_seat(s, seat, e)
    if e.pai != FLOWER:
        raise illegal(seat, e, "a flower event sets aside a flower")
    if sum(s.flowers) >= s.rules.flowers:
        raise illegal(seat, e, f"the set holds {s.rules.flowers} flowers")
    _check_draw_turn(s, seat, e)
    if s.live <= 0:
        raise illegal(seat, e, "the live wall is empty")
    if s._missed:
        flush_missed(s)
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
        raise illegal(None, e, "no kan waits for its dora indicator")
    if s.phase in (Phase.START_GAME, Phase.START_KYOKU, Phase.RESULT, Phase.END_GAME):
        raise illegal(None, e, "not during a hand")
    check_tile(s, e.dora_marker, e)
    _see(s, e.dora_marker)
    s.dora_markers.append(e.dora_marker)
    s.pending_dora -= 1


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
    Hora: settle_hora,
    Ryukyoku: settle_ryukyoku,
    Penalty: settle_penalty,
    EndKyoku: settle_end_kyoku,
    EndGame: settle_end_game,
}


_TRUSTED: Final[dict[type, Callable[[State, Any], None]]] = {
    StartKyoku: _start_kyoku_trusted,
    Tsumo: tsumo_commit,
    Dahai: dahai_commit,
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
            raise illegal(None, event, f"no seat {who!r} at a table of {state.players}")
        tile = event.pai
        if type(tile) is not int or not 0 <= tile < UNKNOWN:
            raise illegal(who, event, f"not a known tile: {tile!r}")
        if type(event) is Dahai:
            _dahai(state, event)
            return state
        if state.riichi_pending is not None and state.phase == Phase.ACT:
            raise illegal(who, event, "riichi was declared: the discard must follow")
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
        raise illegal(None, event, f"no seat {actor!r} at a table of {state.players}")
    pai = getattr(event, "pai", None)
    if pai is not None and (type(pai) is not int or not 0 <= pai < UNKNOWN):
        raise illegal(actor, event, f"not a known tile: {pai!r}")
    for t in getattr(event, "consumed", ()):
        if type(t) is not int or not 0 <= t < UNKNOWN:
            raise illegal(actor, event, f"not a known tile: {t!r}")
    if (
        state.riichi_pending is not None
        and state.phase == Phase.ACT
        and not isinstance(event, Dahai)
    ):
        raise illegal(actor, event, "riichi was declared: the discard must follow")
    handler(state, event)
    return state
