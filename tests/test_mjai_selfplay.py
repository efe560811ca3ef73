"""Our own mjai logs: written while playing, read back exactly, replayed through ``apply``.

Every preset, random and efficiency agents: the written text reads back to the same
events and writes back byte for byte (mjai → events → mjai), and feeding the events to
a fresh state reaches the same final state — every win and draw recomputed by the
engine equals the logged one, and the final scores and results equal ``end_game``.
"""

from __future__ import annotations

import io

import pytest

from jantaku.agents import Agent, EfficiencyAgent, RandomAgent
from jantaku.engine import State, apply
from jantaku.events import EndGame, Hora, Ryukyoku
from jantaku.logs.mjai import MjaiReader, dumps_game, in_file_order
from jantaku.match import play_match
from jantaku.rules import PRESETS, Rules


def _check_game(rules: Rules, seed: int, agents: list[Agent]) -> tuple[int, int]:
    out = io.StringIO()
    result = play_match(agents, rules=rules, seed=seed, log=out)
    text = out.getvalue()
    game = MjaiReader(io.StringIO(text)).read_game(strict=True)
    assert game is not None and game.complete and game.errors == []
    assert game.events == in_file_order(result.log)  # a kan's indicator before the discard
    assert dumps_game(game.events) == text
    assert game.rules() == rules and game.seed() == seed
    state = State(rules)
    computed: list[Hora | Ryukyoku] = []
    for e in game.events:
        apply(state, e)
        if isinstance(e, Hora | Ryukyoku):
            done = state.results[-1]
            assert done == e
            computed.append(done)
    end = game.events[-1]
    assert isinstance(end, EndGame) and state.final == end
    assert sum(state.scores) == rules.start_points * rules.players
    return len(game.events), len(computed)


def _agents(n: int, seed: int, efficient: bool) -> list[Agent]:
    if efficient:
        return [EfficiencyAgent() if i % 2 else RandomAgent(seed * 7 + i) for i in range(n)]
    return [RandomAgent(seed * 7 + i) for i in range(n)]


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_logs_round_trip_and_replay_every_preset(preset: str) -> None:
    rules = PRESETS[preset]
    events = results = 0
    for seed in range(3):
        e, r = _check_game(rules, 1000 + seed, _agents(rules.players, seed, efficient=seed == 2))
        events += e
        results += r
    assert events > 1000 and results >= 6


@pytest.mark.slow
@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_logs_round_trip_and_replay_many_games(preset: str) -> None:
    rules = PRESETS[preset]
    for seed in range(60):
        _check_game(rules, 5000 + seed, _agents(rules.players, seed, efficient=seed % 4 == 0))
