"""The usual step in one function (:func:`jantaku.engine.step.discard_draw_commit`) is
the two transitions it fuses, and the referee that takes it plays as it did.

Seeded matches of every preset (and with flowers) are played by efficiency bots (hands
reach tenpai: waits, rons passed, riichi) and by a random policy (calls, open hands).
Wherever a discard was followed by the next seat's draw, the fused step is applied to
the state before the discard and compared, field by field and the memo slot by slot,
with ``apply`` of the discard then of the draw; and where the referee took the step
itself, its state is compared the same way. The pending seats and their actions equal
``legal_actions`` of every seat at every decision (the drawer's usual turn is listed by
the referee itself), the log and the state after every decision equal those of a
referee with an ``on_event`` hook (which never takes the fused step, nor the draw after
every seat passed, in one go) for the same choices (``done`` saying when the state's
phase is done), also in matches where four same winds abort a hand; a first turn is
listed as usual unless the hand may declare kyuushu kyuuhai, and a discard not listed
is refused on the usual turn as on any other (one whose tile is no tile too), the
match unchanged.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace

import pytest

from fuzzing import legal_by_seat
from jantaku._loader import is_compiled
from jantaku.agents import EfficiencyAgent
from jantaku.engine import Referee, State, apply
from jantaku.engine import referee as referee_module
from jantaku.engine.state import (
    MEMO_FIELDS,
    PLAIN_DISCARDS,
    STATE_FIELDS,
    TSUMOGIRI_DISCARDS,
    Memo,
    Phase,
)
from jantaku.engine.step import discard_draw_commit
from jantaku.errors import IllegalActionError
from jantaku.events import Action, Dahai, Event, Reach, Ryukyoku, Tsumo
from jantaku.rules import PRESETS, TENHOU, TENHOU_SANMA, Rules
from jantaku.tiles import KIND_OF

RULES = [*PRESETS.values(), replace(TENHOU, flowers=8), replace(TENHOU_SANMA, flowers=4)]
IDS = [*PRESETS, "tenhou-flowers", "sanma-flowers"]

Policy = Callable[[Referee, int, tuple[Action, ...]], Action]


def _assert_same_state(got: State, want: State) -> None:
    """Every field of the two states equal, the memo's slot by slot."""
    for name in STATE_FIELDS:
        a, b = getattr(got, name), getattr(want, name)
        if isinstance(a, Memo):
            for slot in MEMO_FIELDS:
                assert getattr(a, slot) == getattr(b, slot), f"memo.{slot}"
        else:
            assert a == b, name
            assert type(a) is type(b), name


def _policies(rules: Rules) -> list[tuple[int, Policy]]:
    bots = [EfficiencyAgent() for _ in range(rules.players)]
    uniform = random.Random(5).random
    return [
        (11, lambda ref, s, legal: bots[s].act(ref.observe(s), legal)),
        (4, lambda ref, s, legal: legal[int(uniform() * len(legal))]),
    ]


def _play(rules: Rules, seed: int, policy: Policy) -> tuple[int, int, list[Event]]:
    """One match checked at every decision; the fused steps checked against ``apply``
    and the ones the referee took itself, and the log."""
    pairs = taken = 0
    ref = Referee(rules, seed=seed)
    before: State | None = None  # the state before a discard that was not yet drawn after
    while not ref.done:
        pend = ref.pending()
        assert pend == legal_by_seat(ref.state)
        choices = {seat: policy(ref, seat, legal) for seat, legal in pend.items()}
        state = ref.state.copy()
        discard = len(choices) == 1 and next(iter(choices.values()))
        events = ref.submit(choices)
        if before is not None and events and type(events[0]) is Tsumo:
            # a discard that was claimable, passed, and the next draw
            pairs += _check_pair(before, ref.log[-len(events) - 1], events[0])
        before = None
        if type(discard) is Dahai and state.riichi_pending is None:
            if len(events) >= 2 and type(events[1]) is Tsumo:
                pairs += _check_pair(state, events[0], events[1])
                if len(events) == 2:  # the referee's state is the fused step's
                    want = apply(apply(state.copy(), events[0]), events[1])
                    _assert_same_state(ref.state, want)
                    taken += 1
            elif events == [discard]:
                before = state
    return pairs, taken, ref.log


def _check_pair(before: State, discard: Event, draw: Event) -> int:
    assert type(discard) is Dahai and type(draw) is Tsumo
    want = apply(apply(before.copy(), discard), draw)
    got = before.copy()
    discard_draw_commit(got, discard, draw)
    _assert_same_state(got, want)
    return 1


@pytest.mark.skipif(
    is_compiled(), reason="counts calls the compiled referee makes natively: pure run only"
)
@pytest.mark.parametrize("rules", RULES, ids=IDS)
def test_the_fused_step_is_the_discard_then_the_draw(rules: Rules) -> None:
    fused = 0

    def counted(s: State, discard: Dahai, draw: Tsumo) -> None:
        nonlocal fused
        fused += 1
        discard_draw_commit(s, discard, draw)

    pairs = taken = 0
    mp = pytest.MonkeyPatch()
    mp.setattr(referee_module, "discard_draw_commit", counted)
    try:
        for seed, policy in _policies(rules):
            p, t, _ = _play(rules, seed, policy)
            pairs += p
            taken += t
    finally:
        mp.undo()
    assert pairs > 200 and fused > 100 and taken >= fused


@pytest.mark.parametrize("rules", RULES, ids=IDS)
def test_the_log_and_state_are_those_of_a_referee_without_the_fast_paths(rules: Rules) -> None:
    seen: list[Event] = []
    for seed in (2, 9):
        ref = Referee(rules, seed=seed)
        slow = Referee(rules, seed=seed, on_event=lambda _ref, e: seen.append(e))
        uniform = random.Random(seed).random
        while not ref.done:
            pend = ref.pending()
            assert pend == slow.pending()
            choices = {s: legal[int(uniform() * len(legal))] for s, legal in pend.items()}
            assert ref.submit(choices) == slow.submit(choices)
            _assert_same_state(ref.state, slow.state)
            assert ref.done is (ref.state.phase == Phase.DONE) is slow.done
        assert ref.log == slow.log == seen
        seen.clear()


def _same_wind_first(
    ref: Referee, legal: tuple[Action, ...], uniform: Callable[[], float]
) -> Action:
    """On the first go-around, the wind the dealer discarded first (any wind for the
    dealer) when held; otherwise a random action."""
    s = ref.state
    if not s.interrupted and all(len(river) <= 1 for river in s.rivers):
        first = s.rivers[s.oya]
        for a in legal:
            if type(a) is Dahai:
                k = KIND_OF[a.pai]
                if k == KIND_OF[first[0]] if first else 27 <= k <= 30:
                    return a
    return legal[int(uniform() * len(legal))]


@pytest.mark.parametrize("seed", [10, 39])
def test_four_winds_abort_the_hand_as_without_the_fast_paths(seed: int) -> None:
    # the fused step is not taken where the last of four same winds may abort the hand
    # (suufon renda, G10): these seeds' matches have one, played as without fast paths
    ref = Referee(TENHOU, seed=seed)
    slow = Referee(TENHOU, seed=seed, on_event=lambda _ref, _e: None)
    uniform = random.Random(seed).random
    while not ref.done:
        pend = ref.pending()
        assert pend == slow.pending()
        choices = {s: _same_wind_first(ref, legal, uniform) for s, legal in pend.items()}
        assert ref.submit(choices) == slow.submit(choices)
        _assert_same_state(ref.state, slow.state)
    assert ref.log == slow.log
    aborts = [e for e in ref.log if type(e) is Ryukyoku and e.reason == "suufon_renda"]
    assert len(aborts) == 1


@pytest.mark.parametrize("seed", [6, 10])
def test_a_first_turn_lists_kyuushu_kyuuhai_when_the_hand_may_declare_it(seed: int) -> None:
    # the referee lists a first turn as usual (its discards only) unless the hand holds
    # nine kinds of terminals and honours: these seeds' matches have such a turn
    ref = Referee(TENHOU, seed=seed)
    uniform = random.Random(seed).random
    offered = usual = 0
    while not ref.done:
        pend = ref.pending()
        assert pend == legal_by_seat(ref.state)
        s = ref.state
        if s.phase == Phase.ACT and s.first_turn[s.turn]:
            kinds = [type(a) for a in pend[s.turn]]
            offered += Ryukyoku in kinds
            usual += set(kinds) == {Dahai}
        ref.submit({seat: legal[int(uniform() * len(legal))] for seat, legal in pend.items()})
    assert offered == 1 and usual > 20


def test_a_discard_not_listed_is_refused_on_the_usual_turn() -> None:
    ref = Referee(TENHOU, seed=1)
    uniform = random.Random(1).random
    refused = 0
    while not ref.done and refused < 40:
        pend = ref.pending()
        seat = ref.state.turn
        legal = pend.get(seat, ())
        discards = [a for a in legal if type(a) is Dahai]
        if len(pend) == 1 and discards and len(discards) == len(legal):
            listed = {(d.pai, d.tsumogiri) for d in discards}
            absent = next(
                d
                for d in (*PLAIN_DISCARDS[seat], *TSUMOGIRI_DISCARDS[seat])
                if (d.pai, d.tsumogiri) not in listed
            )
            other_seat = PLAIN_DISCARDS[(seat + 1) % 4][discards[0].pai]
            unhashable = Dahai(seat, [discards[0].pai], False)  # type: ignore[arg-type]
            for wrong in (absent, other_seat, Reach(seat), unhashable):
                log, state = list(ref.log), ref.state.copy()
                with pytest.raises(IllegalActionError):
                    ref.submit({seat: wrong})
                assert ref.log == log and ref.pending() == pend
                _assert_same_state(ref.state, state)
                refused += 1
            # an equal discard made anew (not the listed object) is accepted, the listed
            # one applied (a tile 3.0 is the tile 3)
            d = discards[int(uniform() * len(discards))]
            tile = float(d.pai) if refused % 8 else d.pai
            anew = Dahai(d.actor, tile, d.tsumogiri)  # type: ignore[arg-type]
            assert ref.submit({seat: anew})[0] is d
            continue
        ref.submit({s: legal[int(uniform() * len(legal))] for s, legal in pend.items()})
    assert refused >= 40
