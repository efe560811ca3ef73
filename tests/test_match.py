"""The match driver: determinism, conservation, logs that replay, hooks and faults."""

from __future__ import annotations

import asyncio
import io
import random
import threading
from collections.abc import Sequence
from typing import Any

import pytest

from jantaku.agents import Agent, EfficiencyAgent, RandomAgent, TsumogiriAgent
from jantaku.agents.base import RoundEnd
from jantaku.engine import Referee, State, apply
from jantaku.errors import AgentError, IllegalActionError
from jantaku.events import (
    Action,
    Dahai,
    EndGame,
    EndKyoku,
    Event,
    Hora,
    Pass,
    Ryukyoku,
    StartGame,
    StartKyoku,
)
from jantaku.logs.mjai import read_game
from jantaku.match import MatchSummary, placements, play_match, play_match_async
from jantaku.rules import PRESETS, Rules


def randoms(n: int, seed: int = 0) -> list[Agent]:
    return [RandomAgent(seed=seed * 10 + i) for i in range(n)]


def replay(
    events: Sequence[Event], rules: Rules, computed: list[Hora | Ryukyoku] | None = None
) -> State:
    """Feed every event through the engine's single transition, keeping what it computed."""
    state = State(rules)
    for e in events:
        apply(state, e)
        if computed is not None and isinstance(e, Hora | Ryukyoku):
            done = state.results[-1]
            assert isinstance(done, Hora | Ryukyoku)
            computed.append(done)
    return state


def test_same_seed_same_match_and_different_seed_different_match() -> None:
    a = play_match(randoms(4), seed=11)
    b = play_match(randoms(4), seed=11)
    c = play_match(randoms(4), seed=12)
    assert a.log == b.log
    assert a.log != c.log
    assert isinstance(a.log[0], StartGame) and a.log[0].seed == 11
    assert isinstance(a.log[-1], EndGame)


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_every_preset_plays_to_the_end_with_points_conserved(preset: str) -> None:
    rules = PRESETS[preset]
    n = rules.players
    for seed in range(2):
        result = play_match(randoms(n, seed), rules=rules, seed=seed)
        assert len(result.scores) == n
        # leftover deposits are settled at the end, so every point is somewhere
        assert sum(result.scores) == rules.start_points * n
        assert sorted(result.placements) == list(range(1, n + 1))
        assert abs(sum(result.result)) < 1e-6
        best = min(range(n), key=lambda s: result.placements[s])
        assert result.scores[best] == max(result.scores)
        hands = sum(isinstance(e, StartKyoku) for e in result.log)
        assert result.rounds == hands == sum(isinstance(e, EndKyoku) for e in result.log)
        assert result.tsumo + result.ron + sum(result.draws.values()) >= hands


def test_written_log_replays_through_apply_to_the_same_final_state() -> None:
    rules = PRESETS["tenhou"]
    for seed in range(3):
        out = io.StringIO()
        agents: list[Agent] = [
            EfficiencyAgent(),
            RandomAgent(seed),
            EfficiencyAgent(),
            TsumogiriAgent(),
        ]
        result = play_match(agents, rules=rules, seed=seed, log=out)
        game = read_game(io.StringIO(out.getvalue()), strict=True)
        assert game is not None and game.complete
        assert game.events == result.log
        assert game.rules() == rules and game.seed() == seed
        recomputed: list[Hora | Ryukyoku] = []
        state = replay(game.events, rules, recomputed)
        assert state.final is not None
        assert state.final.scores == result.scores and state.final.result == result.result
        # the engine recomputes every payment while replaying: they equal the log's
        logged = [e for e in game.events if isinstance(e, Hora | Ryukyoku)]
        assert recomputed == logged


def test_placements_break_ties_by_seat_order() -> None:
    assert placements([30000, 30000, 20000, 20000]) == (1, 2, 3, 4)
    assert placements([10000, 20000, 30000, 40000]) == (4, 3, 2, 1)


class Recorder(Agent):
    """Wraps an agent and counts the hooks it receives."""

    def __init__(self, inner: Agent) -> None:
        self.inner = inner
        self.name = f"rec-{inner.name}"
        self.started: list[tuple[int, int]] = []
        self.rounds: list[RoundEnd] = []
        self.ended: list[EndGame] = []
        self.decisions = 0

    def act(self, view: Any, legal: Sequence[Action]) -> Action:
        self.decisions += 1
        assert legal and view.seat == self.started[0][0]
        return self.inner.act(view, legal)

    def start_match(self, seat: int, players: int) -> None:
        self.started.append((seat, players))

    def end_round(self, round_end: RoundEnd) -> None:
        self.rounds.append(round_end)

    def end_match(self, end: EndGame) -> None:
        self.ended.append(end)


def test_hooks_are_called_once_per_match_and_per_hand() -> None:
    agents = [Recorder(RandomAgent(i)) for i in range(4)]
    result = play_match(agents, seed=4)
    for seat, a in enumerate(agents):
        assert a.started == [(seat, 4)]
        assert len(a.rounds) == result.rounds
        assert a.ended == [result.log[-1]]
        assert a.decisions > 0
        for r in a.rounds:
            assert isinstance(r.events[0], StartKyoku) and isinstance(r.events[-1], EndKyoku)
            assert r.results and r.hands == ()
    # each hand's events, from its start_kyoku to its end_kyoku, as the log holds them
    log = result.log
    starts = [i for i, e in enumerate(log) if isinstance(e, StartKyoku)]
    ends = [i for i, e in enumerate(log) if isinstance(e, EndKyoku)]
    hands = [tuple(log[s : e + 1]) for s, e in zip(starts, ends, strict=True)]
    assert [r.events for r in agents[0].rounds] == hands


class AsyncPeer(Agent):
    """A scripted mock peer that answers through the event loop, like a remote player."""

    name = "async-peer"

    def __init__(self) -> None:
        self.calls = 0

    async def act_async(self, view: Any, legal: Sequence[Action]) -> Action:
        self.calls += 1
        await asyncio.sleep(0)
        return legal[0]


def test_async_agents_are_awaited() -> None:
    peer = AsyncPeer()
    result = asyncio.run(play_match_async([peer, *randoms(3)], seed=2))
    assert peer.calls > 0 and isinstance(result.log[-1], EndGame)


class Raiser(Agent):
    def __init__(self, after: int) -> None:
        self.after = after

    def act(self, view: Any, legal: Sequence[Action]) -> Action:
        self.after -= 1
        if self.after < 0:
            raise ZeroDivisionError("boom")
        return legal[0]


class Cheater(Agent):
    def act(self, view: Any, legal: Sequence[Action]) -> Action:
        for a in legal:
            if isinstance(a, Dahai):
                return Dahai(a.actor, 33 if a.pai != 33 else 0, False)  # a tile it may not hold
        return Pass(view.seat)


class Hung(Agent):
    """A blocking agent that never answers (an engine stuck in a loop)."""

    def __init__(self) -> None:
        self.release = threading.Event()

    def act(self, view: Any, legal: Sequence[Action]) -> Action:
        self.release.wait()
        return legal[0]


class SlowAsync(Agent):
    """An async agent that never answers until the driver gives up on it."""

    async def act_async(self, view: Any, legal: Sequence[Action]) -> Action:
        await asyncio.Event().wait()  # nobody sets it: only the budget ends the wait
        return legal[0]


def _log_prefix_replays(text: str, rules: Rules) -> int:
    """The log written before a fault is a clean prefix: every event applies."""
    game = read_game(io.StringIO(text))
    assert game is not None
    replay(game.events, rules)
    return len(game.events)


def test_an_agent_that_raises_is_reported_with_its_seat() -> None:
    out = io.StringIO()
    with pytest.raises(AgentError) as info:
        play_match([*randoms(2), Raiser(after=3), RandomAgent(9)], seed=1, log=out)
    assert info.value.seat == 2 and "ZeroDivisionError" in str(info.value)
    assert _log_prefix_replays(out.getvalue(), PRESETS["tenhou"]) > 3


def test_an_illegal_answer_is_refused_with_seat_action_and_reason() -> None:
    out = io.StringIO()
    with pytest.raises(IllegalActionError) as info:
        play_match([Cheater(), *randoms(3)], seed=1, log=out)
    assert info.value.seat == 0 and isinstance(info.value.action, Dahai)
    assert "not in" in info.value.reason or "hand" in info.value.reason
    assert _log_prefix_replays(out.getvalue(), PRESETS["tenhou"]) >= 3


class Impostor(Agent):
    """Answers in another seat's name."""

    def act(self, view: Any, legal: Sequence[Action]) -> Action:
        a = legal[0]
        assert isinstance(a, Dahai)
        return Dahai((a.actor + 1) % 4, a.pai, a.tsumogiri)


class Babbler(Agent):
    def act(self, view: Any, legal: Sequence[Action]) -> Action:
        return "discard 1m"  # type: ignore[return-value]


def test_answers_for_another_seat_or_not_actions_at_all() -> None:
    with pytest.raises(IllegalActionError, match="acts for seat 1") as info:
        play_match([Impostor(), *randoms(3)], seed=1)
    assert info.value.seat == 0
    with pytest.raises(AgentError, match="not an action") as err:
        play_match([*randoms(3), Babbler()], seed=1)
    assert err.value.seat == 3


def test_time_budget_async_and_sync() -> None:
    """Only the agent that never answers has a budget, so how fast the machine is
    decides nothing: the others are never timed, the silent one always runs out."""
    with pytest.raises(AgentError, match=r"time budget of 0\.01 s") as info:
        play_match(
            [*randoms(1), SlowAsync(), *randoms(2)], seed=1, time_budget=[None, 0.01, None, None]
        )
    assert info.value.seat == 1
    hung = Hung()
    try:
        with pytest.raises(AgentError, match="time budget") as info:
            play_match([hung, *randoms(3)], seed=1, time_budget=[0.01, None, None, None])
    finally:
        hung.release.set()
    assert info.value.seat == 0


def test_time_budget_stops_a_blocking_agent_that_never_answers() -> None:
    hung = Hung()
    try:
        with pytest.raises(AgentError, match="time budget") as info:
            play_match(
                [*randoms(2), hung, *randoms(1)], seed=1, time_budget=[None, None, 0.2, None]
            )
    finally:
        hung.release.set()  # let its thread go
    assert info.value.seat == 2 and info.value.reason.startswith("no answer")


def test_time_budget_reports_a_blocking_agent_that_raises() -> None:
    with pytest.raises(AgentError, match="raised ZeroDivisionError") as info:
        play_match([*randoms(3), Raiser(after=3)], seed=1, time_budget=[None, None, None, 5.0])
    assert info.value.seat == 3


def test_wrong_number_of_agents() -> None:
    with pytest.raises(AgentError, match="3 agents for 4 seats"):
        play_match(randoms(3))


def test_summary_counts_matches() -> None:
    summary = MatchSummary(labels=("a", "b", "c", "d"))
    results = [play_match(randoms(4, s), seed=s) for s in range(2)]
    for r in results:
        summary.add(r, ("a", "b", "c", "d"))
    d = summary.to_dict()
    assert d["games"] == 2 and d["rounds"] == sum(r.rounds for r in results)
    assert d["wins"]["ron"] == sum(r.ron for r in results)
    places = [d["agents"][k]["average_placement"] for k in "abcd"]
    assert sum(places) == pytest.approx(10.0)
    assert "games 2" in summary.text()


def test_offered_discards_are_exactly_the_hands_distinct_tiles() -> None:
    """The discards the referee offers (built once and shared) match the hand, turn by turn."""
    rng = random.Random(3)
    ref = Referee(PRESETS["tenhou"], seed=21)
    checked = 0
    while not ref.done:
        pend = ref.pending()
        state = ref.state
        for seat, legal in pend.items():
            offered = [a for a in legal if isinstance(a, Dahai)]
            if state.phase_name != "act" or state.riichi[seat] or not offered:
                continue
            hand = state.hands[seat]
            expected = set()
            for t in set(hand):
                if t == state.drawn:
                    expected.add(Dahai(seat, t, True))
                    if hand.count(t) >= 2:
                        expected.add(Dahai(seat, t, False))
                else:
                    expected.add(Dahai(seat, t, False))
            assert set(offered) == expected and len(offered) == len(expected)
            checked += 1
        ref.submit({s: acts[rng.randrange(len(acts))] for s, acts in pend.items()})
    assert checked > 100


class BadListener(RandomAgent):
    def end_round(self, round_end: RoundEnd) -> None:
        raise KeyError("no such hand")


def test_a_hook_that_raises_is_reported_with_its_seat() -> None:
    with pytest.raises(AgentError, match="end_round raised KeyError") as info:
        play_match([*randoms(2), BadListener(5), RandomAgent(6)], seed=1)
    assert info.value.seat == 2


class Remote(Agent):
    """An async peer that takes a moment to answer; counts how many think at once."""

    inside = 0
    most = 0

    async def act_async(self, view: Any, legal: Sequence[Action]) -> Action:
        Remote.inside += 1
        Remote.most = max(Remote.most, Remote.inside)
        await asyncio.sleep(0)  # yield to the event loop, as a network read would
        Remote.inside -= 1
        return legal[-1]  # a pass when passing is allowed


def test_remote_seats_deciding_together_are_asked_at_once() -> None:
    Remote.inside = Remote.most = 0
    result = asyncio.run(play_match_async([Remote(), Remote(), Remote(), Remote()], seed=3))
    assert isinstance(result.log[-1], EndGame)
    assert Remote.most >= 2 and Remote.inside == 0
