"""The seat's side of a match (:class:`jantaku.engine.seat.SeatState`) against the engine.

Seeded matches of every preset are played by the referee; each seat's state follows
only the events that seat is shown (:func:`jantaku.agents.mjai_bot.events_for`: others'
deals and draws hidden), and at every decision its view and legal actions must equal
:func:`~jantaku.engine.observe` and :func:`~jantaku.engine.legal_actions` of the whole
state. The choices mix the efficiency bot with random legal actions, so that calls,
kans, riichi, wins and abortive draws all come up.
"""

from __future__ import annotations

import random
from collections import Counter

import pytest

from jantaku.agents import EfficiencyAgent
from jantaku.agents.mjai_bot import events_for
from jantaku.engine import Referee, legal_actions, observe
from jantaku.engine.seat import SeatState
from jantaku.errors import IllegalActionError, JantakuError
from jantaku.events import Action, Event, StartGame, Tsumo, event_from_mjai, event_to_mjai
from jantaku.rules import PRESETS

_BOT = EfficiencyAgent()


def _follow(preset: str, seed: int, randomness: float = 0.3) -> Counter[str]:
    """Play one match, checking every seat at every decision; counts what was checked."""
    ref = Referee(preset, seed=seed)
    n = ref.state.players
    seats = [SeatState(i, "tenhou-sanma" if n == 3 else "tenhou") for i in range(n)]
    rng = random.Random(seed)
    fed = 0
    seen: Counter[str] = Counter()
    while not ref.done:
        new = ref.log[fed:]
        fed = len(ref.log)
        for i, seat in enumerate(seats):
            for e in events_for(i, new):
                # through the wire format, as a client receives it
                seat.apply(event_from_mjai(event_to_mjai(e)))
        pending = ref.pending()
        for i, seat in enumerate(seats):
            legal = legal_actions(ref.state, i)
            assert seat.legal_actions() == legal, (preset, seed, i, len(ref.log))
            if legal:
                assert seat.view() == observe(ref.state, i), (preset, seed, i, len(ref.log))
                seen["decisions"] += 1
                for a in legal:
                    seen[type(a).__name__] += 1
        choices: dict[int, Action] = {}
        for i, legal in pending.items():
            if rng.random() < randomness:
                choices[i] = rng.choice(legal)
            else:
                choices[i] = _BOT.act(observe(ref.state, i), legal)
        ref.submit(choices)
    for e in events_for(0, ref.log[fed:]):
        seats[0].apply(e)
    final = ref.state.final
    assert final is not None
    assert seats[0].state.final is not None
    assert seats[0].view().scores == final.scores
    return seen


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_seat_state_matches_the_engine(preset: str) -> None:
    seen = _follow(preset, seed=7)
    assert seen["decisions"] > 100
    assert seen["Dahai"] and seen["Pass"]


def test_seat_state_follows_calls_kans_and_wins() -> None:
    seen: Counter[str] = Counter()
    for preset, seed in (("tenhou", 1), ("tenhou", 2), ("tenhou-sanma", 3), ("tenhou", 4)):
        seen += _follow(preset, seed, randomness=0.5)
    for kind in ("Pon", "Chi", "Reach", "Hora"):
        assert seen[kind], kind


@pytest.mark.slow
@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_seat_state_matches_the_engine_many_seeds(preset: str) -> None:
    for seed in range(20):
        _follow(preset, seed, randomness=0.1 if seed % 2 else 0.5)


def test_seat_state_refuses_what_cannot_follow() -> None:
    seat = SeatState(0, "tenhou")
    seat.apply(StartGame(names=("a", "b", "c", "d")))
    with pytest.raises(IllegalActionError):
        seat.apply(Tsumo(1, 37))
    with pytest.raises(JantakuError):
        SeatState(3, "tenhou-sanma")


def test_seat_state_takes_the_rules_of_start_game() -> None:
    ref = Referee("tenhou-sanma", seed=0)
    start: Event = events_for(2, ref.log[:1])[0]
    seat = SeatState(2, "tenhou")  # 4 players until start_game says otherwise
    with pytest.raises(IllegalActionError):
        seat.apply(StartGame(names=("a", "b", "c")))
    seat.apply(start)
    assert seat.rules == ref.rules
    assert seat.view().players == 3
