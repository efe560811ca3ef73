"""The view a seat is shown: made from flat snapshots, its rivers made on reading.

Every view of seeded random games (three and four players, every seat at every
decision, and every seat after every decision) is checked against the state it was
made from, field by field, with the rivers and the sorted hand rebuilt here in the
plain way; a view does not change when the game goes on; the river cache stays bounded.
"""

from __future__ import annotations

import random

import pytest

from jantaku.engine import Referee, State, observe
from jantaku.engine import view as view_module
from jantaku.engine.state import Phase
from jantaku.engine.view import Discard, View, visible_counts
from jantaku.errors import InvalidHandError
from jantaku.events import Dahai
from jantaku.meld import Meld
from jantaku.rules import PRESETS, TENHOU
from jantaku.tiles import KIND_OF, NORTH, counts34, parse_tiles, sort_key


def _plain_rivers(state: State) -> tuple[tuple[Discard, ...], ...]:
    """Each river with its marks, made afresh from the state's lists."""
    return tuple(
        tuple(
            Discard(t, bool(f & 1), bool(f & 2), bool(f & 4))
            for t, f in zip(state.rivers[i], state.river_flags[i], strict=True)
        )
        for i in range(state.players)
    )


def _check(view: View, state: State, seat: int) -> None:
    assert view.seat == seat and view.players == state.players
    assert view.hand == tuple(sorted(state.hands[seat], key=sort_key))
    assert view.hand_sizes == tuple(len(h) for h in state.hands)
    assert view.rivers == _plain_rivers(state)
    assert view.river_tiles == tuple(tuple(r) for r in state.rivers)
    assert view.river_flags == tuple(tuple(r) for r in state.river_flags)
    assert view.melds == tuple(tuple(m) for m in state.melds)
    assert view.scores == tuple(state.scores) and view.riichi == tuple(state.riichi)
    assert view.dora_markers == tuple(state.dora_markers)
    assert view.tiles_left == state.live and view.phase == state.phase_name
    own_turn = state.turn == seat and state.phase == Phase.ACT
    assert view.drawn == (state.drawn if own_turn else None)
    claim = state.phase == Phase.CLAIM
    assert view.last_discard == (state.last_discard if claim else None)
    assert view.furiten == state.furiten(seat) and view.waits == state.waits[seat]


@pytest.mark.parametrize("preset", ["tenhou", "tenhou-sanma"])
def test_views_match_the_state_through_random_games(preset: str) -> None:
    rules = PRESETS[preset]
    for seed in range(2):
        uniform = random.Random(seed).random
        ref = Referee(rules, seed=seed)
        kept: list[tuple[View, View]] = []
        while not ref.done:
            choices = {}
            for seat, legal in ref.pending().items():
                v = observe(ref.state, seat)
                _check(v, ref.state, seat)
                if len(kept) < 50 and uniform() < 0.1:
                    kept.append((v, v._replace()))  # a copy to compare with later
                choices[seat] = legal[int(uniform() * len(legal))]
            ref.submit(choices)
            for seat in range(rules.players):  # every seat, deciding or not
                _check(observe(ref.state, seat), ref.state, seat)
        for v, copy in kept:  # what a view shows does not change as the game goes on
            assert v == copy and v.rivers == copy.rivers


def test_views_share_equal_rivers_and_the_cache_is_bounded() -> None:
    ref = Referee(TENHOU, seed=5)
    for _ in range(40):
        ref.submit({s: legal[-1] for s, legal in ref.pending().items()})
    a, b = observe(ref.state, 0), observe(ref.state, 2)
    assert a.rivers == b.rivers and all(x is y for x, y in zip(a.rivers, b.rivers, strict=True))
    assert a == observe(ref.state, 0) and hash(a) == hash(observe(ref.state, 0))
    assert a != b
    for i in range(view_module._RIVERS_SIZE + 10):  # distinct rivers fill and empty it
        view_module._river((i % 34,) * (1 + i // 34), (0,) * (1 + i // 34))
    assert len(view_module._RIVERS) <= view_module._RIVERS_SIZE


def _in_sight(state: State, seat: int) -> tuple[int, ...]:
    """Every copy of each kind the seat sees, counted the plain way from the state: its
    hand, every meld, the discards not called away, the indicators, the norths set aside."""
    seen = [0] * 34
    tiles = [*state.hands[seat], *state.dora_markers]
    tiles += [t for melds in state.melds for m in melds for t in m.tiles]
    for river, flags in zip(state.rivers, state.river_flags, strict=True):
        tiles += [t for t, f in zip(river, flags, strict=True) if not f & 4]
    for t in tiles:
        seen[KIND_OF[t]] += 1
    seen[NORTH] += sum(state.nuki)
    return tuple(seen)


@pytest.mark.parametrize("preset", ["tenhou", "tenhou-sanma"])
def test_visible_counts_are_every_copy_the_seat_sees(preset: str) -> None:
    """Through random games, at every decision: the seat's own melds, the others', the
    rivers (a called tile once), the indicators and the norths set aside, never more
    than four of a kind; without the hand, the same less its concealed tiles."""
    rules = PRESETS[preset]
    called = norths = 0
    for seed in range(2):
        uniform = random.Random(seed).random
        ref = Referee(rules, seed=seed)
        while not ref.done:
            choices = {}
            for seat, legal in ref.pending().items():
                v = observe(ref.state, seat)
                seen = visible_counts(v, hand=True)
                assert seen == _in_sight(ref.state, seat) and max(seen) <= 4
                held = counts34(v.hand)
                assert visible_counts(v) == tuple(s - h for s, h in zip(seen, held, strict=True))
                choices[seat] = legal[int(uniform() * len(legal))]
            called += sum(len(m) for m in ref.state.melds)
            norths += sum(ref.state.nuki)
            ref.submit(choices)
    assert called > 0
    assert norths > 0 or rules.players == 4


def test_a_seats_own_pon_is_in_sight_and_a_fifth_copy_is_refused() -> None:
    """A pon of 4z with the fourth 4z kept in hand: all four are in sight, none left."""
    ref = Referee(TENHOU, seed=1)
    ref.submit({0: next(a for a in ref.pending()[0] if isinstance(a, Dahai))})
    base = observe(ref.state, 1)
    north = parse_tiles("4z")[0]
    pon = Meld.pon((north,) * 3, called=north, called_from=2)
    v = base._replace(
        hand=(*parse_tiles("123m456p789s"), north),
        melds=(base.melds[0], (pon,), *base.melds[2:]),
        dora_markers=parse_tiles("1p"),
        river_tiles=((), (), (), ()),
        river_flags=((), (), (), ()),
    )
    assert visible_counts(v, hand=True)[NORTH] == 4 and visible_counts(v)[NORTH] == 3
    with pytest.raises(InvalidHandError, match="5 copies of 4z in sight"):
        visible_counts(v._replace(dora_markers=(north,)))
    with pytest.raises(InvalidHandError, match="1 set aside"):
        visible_counts(v._replace(nuki=(1, 0, 0, 0)))
