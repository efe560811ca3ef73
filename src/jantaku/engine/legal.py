"""Legal actions: what a seat may do now (G4–G8, G10, C1, X2).

:func:`legal_actions` lists every action a seat may take in the current state, a
:class:`~jantaku.events.Pass` included whenever passing is allowed; :func:`deciders`
tells which seats must decide now. Both read the incremental state (counts, waits,
furiten flags), so they are cheap; only a complete hand is scored, to check its yaku.

For the referee, which knows whose turn it is: :func:`turn_actions` (the legal actions
of the seat on its turn, without the checks), :func:`claim_actions` (those of a seat on
the discard lying, likewise) and :data:`RUN_PAIRS`, the pairs of kinds
that make a run with each kind (a chii's shapes, the called tile lowest, middle,
highest; none for honors):

>>> RUN_PAIRS[2]  # 3m: 1m 2m, 2m 4m, 4m 5m
((0, 1), (1, 3), (3, 4))
>>> RUN_PAIRS[27]  # east
()
"""

from __future__ import annotations

from itertools import combinations
from typing import Final

from jantaku.engine.checks import (
    can_ron,
    can_tsumo,
    kyuushu_refusal,
    no_seat_error,
    riichi_ankan_refusal,
    riichi_discard_refusal,
    riichi_refusal,
)
from jantaku.engine.state import TSUMOGIRI_DISCARDS, Phase, State
from jantaku.events import (
    Action,
    Ankan,
    Chi,
    Dahai,
    Daiminkan,
    Hora,
    Kakan,
    Nukidora,
    Pass,
    Pon,
    Reach,
    Ryukyoku,
)
from jantaku.meld import MeldKind
from jantaku.rules import NorthTile
from jantaku.tiles import KIND_OF, M5, NORTH, P5, RED_5M, RED_5P, RED_5S, S5, Tile

__all__ = [
    "RUN_PAIRS",
    "can_ron",
    "can_tsumo",
    "claim_actions",
    "deciders",
    "legal_actions",
    "turn_actions",
]

# the phases of the hot paths as module constants (cheaper to read than class attributes)
_ACT: Final = Phase.ACT


def _discards(s: State, seat: int, banned: tuple[int, ...] = ()) -> tuple[Action, ...]:
    """One discard per distinct tile, in the order the hand first holds them; the drawn
    tile as tsumogiri last (and from the hand too, in its place, when a copy is held).

    The hand's distinct tiles are kept with their discards by the transition (the drawn
    tile, when it has no copy, with its tsumogiri; :class:`~jantaku.engine.state.Memo`),
    so the usual turn copies them and is done.
    """
    keys = s.memo.discards[seat]
    drawn = s.drawn if s.phase == _ACT else None
    if banned:  # after a call: nothing was drawn
        return tuple([a for t, a in keys.items() if KIND_OF[t] not in banned])
    if drawn is None or keys[drawn].tsumogiri:
        return tuple(keys.values())
    # the drawn tile has a copy listed earlier: discarded from the hand or as tsumogiri
    return (*keys.values(), TSUMOGIRI_DISCARDS[seat][drawn])


def _riichi_discards(s: State, seat: int) -> tuple[Action, ...]:
    return tuple(
        [
            a
            for a in _discards(s, seat)
            if isinstance(a, Dahai) and not riichi_discard_refusal(s, seat, KIND_OF[a.pai])
        ]
    )


_REACH: Final = tuple(Reach(seat) for seat in range(4))
_PASS: Final = tuple(Pass(seat) for seat in range(4))
_PON: Final = MeldKind.PON


def turn_actions(s: State, seat: int) -> tuple[Action, ...]:
    """What ``seat`` may do on its own turn with a tile drawn or called (phase ``act``):
    :func:`legal_actions` for the seat whose turn it is, without the seat and phase
    checks, for a caller that knows both (the referee after a draw).

    >>> from jantaku.engine.referee import Referee
    >>> from jantaku.rules import TENHOU
    >>> ref = Referee(TENHOU, seed=1)
    >>> s = ref.state
    >>> s.phase_name, turn_actions(s, s.turn) == legal_actions(s, s.turn)
    ('act', True)
    """
    memo = s.memo
    if (
        memo.shanten_floor[seat] > 0
        and not memo.quads[seat]
        and not s.first_turn[seat]
        and (s.players == 4 or not s.counts[seat][NORTH])
    ):
        # the usual turn: at least 1-shanten with the draw (so no win, no riichi, and
        # not a riichi hand), no four of a kind, past the first go-around, no north to
        # set aside; and no pon that the hand could add a fourth tile to
        melds = s.melds[seat]
        if melds:
            c = s.counts[seat]
            for m in melds:
                if m.kind is _PON and c[m.kind34]:
                    break
            else:
                melds = []
        if not melds:  # the discards only: _discards, spelled out
            keys = memo.discards[seat]
            drawn = s.drawn
            if drawn is None or keys[drawn].tsumogiri:
                return tuple(keys.values())
            return (*keys.values(), TSUMOGIRI_DISCARDS[seat][drawn])
    if s.riichi_pending == seat:
        return _riichi_discards(s, seat)
    drawn = s.drawn
    riichi = s.riichi[seat]
    melds = s.melds[seat]
    extra: list[Action] = []  # the actions listed after the discards
    if riichi:
        if drawn is not None:
            extra.append(TSUMOGIRI_DISCARDS[seat][drawn])
    # cheap necessary conditions first (a floor, a closed hand); riichi_refusal says why not
    elif (
        s.memo.shanten_floor[seat] <= 0
        and (not melds or s.is_closed(seat))
        and not riichi_refusal(s, seat)
    ):
        extra.append(_REACH[seat])
    c = s.counts[seat]
    quad = s.memo.quads[seat]
    if (melds or quad) and s.live > 0 and len(s.kan_owners) < 4:
        hand = s.hands[seat]
        for k in range(34) if quad else ():
            if c[k] == 4 and (not riichi or not riichi_ankan_refusal(s, seat, k)):
                tiles = tuple(sorted(t for t in hand if KIND_OF[t] == k))
                extra.append(Ankan(seat, tiles))
        if not riichi:
            for m in melds:
                if m.kind is _PON and c[KIND_OF[m.tiles[0]]]:
                    added = next(t for t in hand if KIND_OF[t] == m.kind34)
                    extra.append(Kakan(seat, added, m.tiles))
    if (
        s.players == 3
        and s.rules.north is NorthTile.NUKIDORA
        and s.live > 0
        and c[NORTH]
        and (not riichi or drawn == NORTH)
    ):
        extra.append(Nukidora(seat, NORTH))
    if s.first_turn[seat] and not kyuushu_refusal(s, seat):
        extra.append(Ryukyoku(reason="kyuushu_kyuuhai", actor=seat))
    discards = () if riichi else _discards(s, seat)
    if drawn is not None and KIND_OF[drawn] in s.waits[seat] and can_tsumo(s, seat):
        return (Hora(seat, seat, drawn), *discards, *extra)
    return discards + tuple(extra) if extra else discards


def _choices(hand: list[Tile], kinds: tuple[int, ...]) -> list[tuple[Tile, ...]]:
    """Distinct ways (by red fives) to take one tile of each kind from the hand."""
    if len(kinds) == 2 and kinds[0] == kinds[1]:
        pool = sorted(t for t in hand if KIND_OF[t] == kinds[0])
        return sorted(set(combinations(pool, 2)))
    options: list[tuple[Tile, ...]] = [()]
    for k in kinds:
        tiles = sorted({t for t in hand if KIND_OF[t] == k})
        options = [(*o, t) for o in options for t in tiles]
    return options


# the pairs of kinds that make a run with each kind, by kind (its chii shapes, the
# called tile lowest, middle, highest); none for honors
RUN_PAIRS: Final = tuple(
    tuple(
        (k + a, k + b)
        for a, b in ((-2, -1), (-1, 1), (1, 2))
        if k < 27 and k % 9 + a >= 0 and k % 9 + b <= 8
    )
    for k in range(34)
)


def _calls(s: State, seat: int) -> list[Action]:
    out: list[Action] = []
    tile = s.last_discard
    target = s.last_discarder
    if tile is None or target is None or s.live <= 0 or s.riichi[seat]:
        return out
    c = s.counts[seat]
    hand = s.hands[seat]
    k = KIND_OF[tile]
    n = s.players
    rules = s.rules
    if len(hand) > 10 and max(hand) < 34:
        # no red five and tiles to spare (kuikae bans at most two kinds of 3 left): one
        # way to take each call, and a discard always remains
        return _plain_calls(s, seat, c, k, tile, target)
    if c[k] >= 2:
        for consumed in _takes(hand, (k, k)):
            if _leaves_discard(s, seat, consumed, (k,) if rules.kuikae_forbidden else ()):
                out.append(_call(Pon, seat, target, tile, consumed))
        if c[k] == 3 and s.total_kans < 4:
            consumed = tuple(sorted(t for t in hand if KIND_OF[t] == k))
            out.append(_call(Daiminkan, seat, target, tile, consumed))
    if rules.chii_allowed and seat == (target + 1) % n:
        for ka, kb in RUN_PAIRS[k]:
            if not c[ka] or not c[kb]:
                continue
            banned = _chi_banned(k, min(k, ka), rules.kuikae_forbidden, rules.suji_kuikae_forbidden)
            for consumed in _takes(hand, (ka, kb)):
                if _leaves_discard(s, seat, consumed, banned):
                    out.append(_call(Chi, seat, target, tile, consumed))
    return out


_Call = Chi | Pon | Daiminkan

# The calls, made once each when first listed (actions are frozen values):
# (kind, seat, target, tile, consumed) -> the action; a few thousand at most.
_CALLS: dict[tuple[type, int, int, Tile, tuple[Tile, ...]], Chi | Pon | Daiminkan] = {}


def _call(
    kind: type[Chi | Pon | Daiminkan],
    seat: int,
    target: int,
    tile: Tile,
    consumed: tuple[Tile, ...],
) -> Chi | Pon | Daiminkan:
    key = (kind, seat, target, tile, consumed)
    made = _CALLS.get(key)
    if made is None:
        made = _CALLS[key] = kind(seat, target, tile, consumed)
    return made


def _plain_calls(
    s: State, seat: int, c: list[int], k: int, tile: Tile, target: int
) -> list[Action]:
    """The calls of a hand with no red five and more than ten tiles (the common case)."""
    out: list[Action] = []
    key = (tile << 4) | (seat << 2) | target
    made = _PLAIN_CALLS.get(key)
    if made is None:
        made = _PLAIN_CALLS[key] = (
            _call(Pon, seat, target, tile, (k, k)),
            _call(Daiminkan, seat, target, tile, (k, k, k)),
            tuple(_call(Chi, seat, target, tile, pair) for pair in RUN_PAIRS[k]),
        )
    held = c[k]
    if held >= 2:
        out.append(made[0])
        if held == 3 and len(s.kan_owners) < 4:
            out.append(made[1])
    if seat == (target + 1) % s.players and s.rules.chii_allowed:
        for pair, chi in zip(RUN_PAIRS[k], made[2], strict=True):
            if c[pair[0]] and c[pair[1]]:
                out.append(chi)
    return out


# The calls of a hand without a red five (:func:`_plain_calls`), by the discard, the
# caller and the discarder (``tile << 4 | seat << 2 | target``): its pon, its daiminkan
# and its chii by shape (:data:`RUN_PAIRS`), the same objects :func:`_call` makes.
_PLAIN_CALLS: dict[int, tuple[_Call, _Call, tuple[_Call, ...]]] = {}


# the red five of each five's kind (the tile a call may take instead of a plain five)
_RED_OF: Final = {M5: RED_5M, P5: RED_5P, S5: RED_5S}


def _takes(hand: list[Tile], kinds: tuple[int, int]) -> list[tuple[Tile, ...]]:
    """The ways to take ``kinds`` from a hand: one, unless a red five of them is held."""
    a, b = kinds
    red_a = _RED_OF.get(a)
    red_b = _RED_OF.get(b)
    if (red_a is None or red_a not in hand) and (red_b is None or red_b not in hand):
        return [kinds]
    return _choices(hand, kinds)


def _chi_banned(called: int, lo: int, kuikae: bool, suji: bool) -> tuple[int, ...]:
    if not kuikae:
        return ()
    out = [called]
    if suji:
        if called == lo and called % 9 <= 5:
            out.append(called + 3)
        elif called == lo + 2 and called % 9 >= 3:
            out.append(called - 3)
    return tuple(out)


def _leaves_discard(
    s: State, seat: int, consumed: tuple[Tile, ...], banned: tuple[int, ...]
) -> bool:
    """Whether a tile of a kind not in ``banned`` (distinct kinds) is left after the call."""
    c = s.counts[seat]
    left = len(s.hands[seat]) - len(consumed)
    for b in banned:
        left -= c[b]
    for t in consumed:
        if KIND_OF[t] in banned:
            left += 1
    return left > 0


def claim_actions(s: State, seat: int, waiting: bool) -> tuple[Action, ...]:
    """What ``seat`` may do on the discard lying (phase ``claim``), ``waiting`` saying
    whether it waits on the discard's kind: :func:`legal_actions` without the seat and
    phase checks, for a caller that knows the seat is not the discarder (the referee's
    claimants).

    >>> from jantaku.engine.referee import Referee
    >>> from jantaku.rules import TENHOU
    >>> ref = Referee(TENHOU, seed=1)
    >>> while ref.state.phase_name != "claim":
    ...     _ = ref.submit({s: legal[0] for s, legal in ref.pending().items()})
    >>> s = ref.state
    >>> seat, legal = next(iter(ref.pending().items()))
    >>> claim_actions(s, seat, KIND_OF[s.last_discard] in s.waits[seat]) == legal
    True
    """
    acts = _calls(s, seat)
    if waiting and can_ron(s, seat):
        acts.insert(0, Hora(seat, s.last_discarder or 0, s.last_discard))
    if not acts:
        return ()
    acts.append(_PASS[seat])
    return tuple(acts)


def legal_actions(s: State, seat: int) -> tuple[Action, ...]:
    """Every action ``seat`` may take now; empty when the seat has nothing to decide.

    On a discard or a robbable kan the list ends with a :class:`Pass`. A discard of
    the tile just drawn is listed as tsumogiri, and once more from the hand if the
    hand holds another copy.

    >>> from jantaku.rules import TENHOU
    >>> legal_actions(State(TENHOU), 0)
    ()
    >>> legal_actions(State(TENHOU), 7)
    Traceback (most recent call last):
    ...
    jantaku.errors.ArgumentError: no seat 7 at a table of 4 (seats are 0-3)

    Raises :class:`~jantaku.errors.ArgumentError` for a seat not at the table
    (:class:`~jantaku.errors.ArgumentTypeError` for one that is not an int).
    """
    if seat.__class__ is not int or not 0 <= seat < s.players:
        raise no_seat_error(s, seat)
    ph = s.phase
    if ph == Phase.ACT:
        return turn_actions(s, seat) if seat == s.turn else ()
    if ph == Phase.DISCARD:
        if seat != s.turn:
            return ()
        return _discards(s, seat, s.kuikae)
    if ph == Phase.CLAIM:
        tile = s.last_discard
        if seat == s.last_discarder or tile is None:
            return ()
        k = KIND_OF[tile]
        waiting = k in s.waits[seat]
        if (
            s.counts[seat][k] < 2
            and not waiting
            and (
                k >= 27
                or not s.rules.chii_allowed
                or seat != ((s.last_discarder or 0) + 1) % s.players
            )
        ):
            return ()  # no pon, kan, chii or ron
        return claim_actions(s, seat, waiting)
    if ph == Phase.CHANKAN:
        if seat != s.turn and can_ron(s, seat):
            return (Hora(seat, s.turn, s.chankan_tile), _PASS[seat])
        return ()
    return ()


def deciders(s: State) -> tuple[int, ...]:
    """The seats that must decide now (empty when the next event needs no choice).

    >>> from jantaku.rules import TENHOU
    >>> deciders(State(TENHOU))
    ()
    """
    ph = s.phase
    if ph in (Phase.ACT, Phase.DISCARD):
        return (s.turn,)
    if ph in (Phase.CLAIM, Phase.CHANKAN):
        return tuple(i for i in range(s.players) if legal_actions(s, i))
    return ()
