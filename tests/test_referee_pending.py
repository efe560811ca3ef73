"""The referee asks exactly the seats that have something to decide, each with every
legal action (:meth:`jantaku.engine.Referee.pending` against
:func:`jantaku.engine.legal_actions` for every seat).

The referee skips seats that cannot claim a discard without listing their actions
(from the waits a discard lets pass and the hands' counts), and goes on to the next
draw when nobody can. Seeded matches of every preset, with flowers too, check at every
decision that no seat with a legal action was skipped and that the lists are the same,
in the same order, and after every discard that the referee asked for claims exactly
when some seat had a legal one: played by efficiency bots (hands reach tenpai, so
rons, riichi and calls are offered) and by a random policy.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace

import pytest

from fuzzing import legal_by_seat
from jantaku.agents import EfficiencyAgent
from jantaku.engine import Referee
from jantaku.events import Action, Dahai, Event, Hora
from jantaku.rules import PRESETS, TENHOU, TENHOU_SANMA, Rules

RULES = [*PRESETS.values(), replace(TENHOU, flowers=8), replace(TENHOU_SANMA, flowers=4)]

Policy = Callable[[Referee, int, tuple[Action, ...]], Action]


def _play(rules: Rules, seed: int, policy: Policy) -> tuple[int, int]:
    """One match, checked at every decision and after every discard: the claim
    decisions and the rons offered."""
    after_discard: list[tuple[int, dict[int, tuple[Action, ...]]]] = []

    def on_event(ref: Referee, event: Event) -> None:
        if type(event) is Dahai:
            after_discard.append((len(ref.log), legal_by_seat(ref.state)))

    claims = rons = 0
    ref = Referee(rules, seed=seed, on_event=on_event)
    while not ref.done:
        pend = ref.pending()
        assert pend == legal_by_seat(ref.state)
        if after_discard:
            at, every = after_discard.pop()
            if len(ref.log) == at:  # still at the discard: these seats are asked
                assert pend == every
                claims += 1
                rons += sum(any(type(a) is Hora for a in legal) for legal in pend.values())
            else:  # the referee went on: nobody could claim it
                assert every == {}
        ref.submit({seat: policy(ref, seat, legal) for seat, legal in pend.items()})
    return claims, rons


@pytest.mark.parametrize("rules", RULES, ids=[*PRESETS, "tenhou-flowers", "sanma-flowers"])
def test_the_pending_seats_are_every_seat_with_a_legal_action(rules: Rules) -> None:
    bots = [EfficiencyAgent() for _ in range(rules.players)]
    claims, rons = _play(rules, 11, lambda ref, s, legal: bots[s].act(ref.observe(s), legal))
    uniform = random.Random(3).random
    more, _ = _play(rules, 3, lambda ref, s, legal: legal[int(uniform() * len(legal))])
    assert claims + more > 20 and rons > 0
