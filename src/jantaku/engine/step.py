"""The usual step of play in one function: a discard nobody claims and the next draw.

:func:`discard_draw_commit` is the fused twin of :func:`~jantaku.engine.apply` of a
``dahai`` followed by :func:`~jantaku.engine.apply` of the next seat's ``tsumo``
(:func:`~jantaku.engine.transition.dahai_commit` then
:func:`~jantaku.engine.transition.tsumo_commit`): the same bookkeeping, to the same
state, with the state's lists read once and the writes the draw would undo (the
phase, the drawn tile) made once. Most decisions of a match are such a step, so the
referee takes it whenever it knows, before the discard, that nobody may claim it
(:meth:`Referee.submit <jantaku.engine.Referee.submit>`); the two events are logged as
ever. ``tests/test_engine_step.py`` pins it to the two ``apply`` calls: at every such
decision of seeded matches of every preset, the two states agree field by field, the
memo included.
"""

from __future__ import annotations

from typing import Final

from jantaku.engine.state import (
    PLAIN_DISCARDS,
    TSUMOGIRI_DISCARDS,
    Phase,
    State,
    drop_last_copy,
)
from jantaku.engine.waits import hand_waits
from jantaku.events import Dahai, Tsumo
from jantaku.hand.tables import PLACE_VALUE, SUIT_OF, shanten_of_numbers
from jantaku.tiles import KIND_OF, YAOCHUU

__all__ = ["discard_draw_commit"]

_YAOCHUU_SET: Final = frozenset(YAOCHUU)
_FIVES: Final = frozenset((4, 13, 22))  # the kinds of the fives, red or not
_ACT: Final = Phase.ACT


def discard_draw_commit(s: State, discard: Dahai, draw: Tsumo) -> None:
    """The bookkeeping of a discard and of the next seat's draw, both known to be legal,
    with no riichi declared on the discard: ``apply(s, discard)`` then
    ``apply(s, draw)`` without their checks, in one step.

    >>> from jantaku.engine import Referee, apply
    >>> ref = Referee(seed=1)
    >>> s = ref.state
    >>> discard = next(a for a in ref.pending()[0] if isinstance(a, Dahai))
    >>> draw = Tsumo(1, ref.wall.live[ref.wall.drawn])
    >>> checked = apply(apply(s.copy(), discard), draw)
    >>> discard_draw_commit(s, discard, draw)
    >>> s.hands == checked.hands and s.rivers == checked.rivers, s.phase_name, s.turn
    (True, 'act', 1)

    An illegal pair given here corrupts the state: no error is raised.
    """
    # --- the discard: dahai_commit --------------------------------------------------
    seat = discard.actor
    t = discard.pai
    k = KIND_OF[t]
    counts = s.counts
    hands = s.hands
    memo = s.memo
    quads = memo.quads
    floors = memo.shanten_floor
    ws = s.waits
    c = counts[seat]
    hand = hands[seat]
    left = c[k] - 1
    if hand[-1] == t:  # tsumogiri, or the tile last in the hand
        hand.pop()
    elif not left:  # the only tile of its kind: the first copy is the last
        hand.remove(t)
    else:  # the last copy goes: the first copy of every tile keeps its place
        drop_last_copy(hand, t)
    c[k] = left
    numbers = memo.suits[seat]
    numbers[SUIT_OF[k]] -= PLACE_VALUE[k]
    if left == 3 and quads[seat]:  # the four of a kind is broken
        quads[seat] = 4 in c
    distinct = memo.discards[seat]
    if not left or (k in _FIVES and t not in hand):
        del distinct[t]
    drawn = s.drawn
    if drawn is not None and drawn in distinct:  # the drawn tile stays: now plain
        distinct[drawn] = PLAIN_DISCARDS[seat][drawn]
    s.rivers[seat].append(t)
    s.river_flags[seat].append(1 if discard.tsumogiri else 0)
    s.discard_kinds[seat].add(k)
    nagashi = s.nagashi
    if nagashi[seat] and k not in _YAOCHUU_SET:
        nagashi[seat] = False
    if s.riichi[seat]:
        s.ippatsu[seat] = False
    elif drawn is not None and KIND_OF[drawn] == k:
        # the hand is again what it was before the draw: its waits stand
        if ws[seat]:
            floors[seat] = 0
        else:
            f = memo.draw_floor
            g = floors[seat]
            floors[seat] = (f if f > g else g) if f > 1 or g > 1 else 1
    elif floors[seat] >= 1:
        if ws[seat]:
            ws[seat] = ()  # a discard never lowers shanten: still not tenpai
    elif ws[seat] and (w := hand_waits(c)):
        floors[seat] = 0
        ws[seat] = w
    else:
        sh = shanten_of_numbers(numbers, c, len(hand))
        floors[seat] = sh
        ws[seat] = hand_waits(c) if sh == 0 else ()
    first = s.first_turn
    if first[seat]:
        first[seat] = False
    s.last_discard = t
    s.last_discarder = seat
    # the seats waiting on the discard let it pass: the draw makes them furiten
    if any(ws) and (k in ws[0] or k in ws[1] or k in ws[2] or (len(ws) > 3 and k in ws[3])):
        riichi = s.riichi
        for o in range(s.players):
            if o != seat and k in ws[o] and o not in s.ron_winners:
                if riichi[o]:
                    s.furiten_riichi[o] = True
                else:
                    s.furiten_temp[o] = True
    if s._missed:
        s._missed = []
    # --- the draw: tsumo_commit -------------------------------------------------------
    seat = draw.actor
    t = draw.pai
    s.turn = seat
    s.known[t] += 1
    hand = hands[seat]
    hand.append(t)
    c = counts[seat]
    k = KIND_OF[t]
    held = c[k] = c[k] + 1
    numbers = memo.suits[seat]
    numbers[SUIT_OF[k]] += PLACE_VALUE[k]
    if held == 4:
        quads[seat] = True
    s.drawn = t
    distinct = memo.discards[seat]
    if t not in distinct:
        distinct[t] = TSUMOGIRI_DISCARDS[seat][t]
    memo.draw_floor = f = floors[seat]
    if f > 1 or ws[seat] or s.riichi[seat]:
        floors[seat] = f - 1  # a draw lowers shanten by one at most
    else:
        floors[seat] = shanten_of_numbers(numbers, c, len(hand))
    s.live -= 1
    # no kan waits for its replacement (rinshan_pending) and none may be robbed
    # (chankan_tile) at a discard: the replacement draw came first
    if s.rinshan_draw:
        s.rinshan_draw = False
    if s.furiten_temp[seat]:
        s.furiten_temp[seat] = False
    s.kuikae = ()
    s.kyoku_draws += 1
    s.phase = _ACT
