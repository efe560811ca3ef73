"""Faults in a match: bad budgets, silent or impostor bots, and the processes they leave."""

from __future__ import annotations

import math
import os
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest

from jantaku.agents import Agent, MjaiBotAgent, RandomAgent
from jantaku.errors import AgentError, ArgumentError, JantakuError
from jantaku.events import Action
from jantaku.match import play_match, time_budgets

# An mjai bot that starts a helper process (its pid written to a file), then answers
# every message in one of three ways: never, for the seat after its own, or by passing.
BOT = r"""
import json, subprocess, sys, time
mode, pidfile = sys.argv[1], sys.argv[2]
helper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(3600)"])
with open(pidfile, "w") as f:
    f.write(f"{helper.pid}\n")
seat = None
for line in sys.stdin:
    for e in json.loads(line):
        if e["type"] == "start_game":
            seat = e["id"]
    if mode == "silent":
        time.sleep(3600)
    elif mode == "impostor":
        print(json.dumps({"type": "none", "actor": (seat + 1) % 4}), flush=True)
    else:
        print(json.dumps({"type": "none"}), flush=True)
"""


def randoms(n: int) -> list[Agent]:
    return [RandomAgent(seed=i) for i in range(n)]


def _bot(tmp_path: Path, mode: str, **kw: Any) -> tuple[MjaiBotAgent, Path]:
    script = tmp_path / "bot.py"
    script.write_text(BOT)
    pidfile = tmp_path / f"{mode}.pid"
    return MjaiBotAgent([sys.executable, str(script), mode, str(pidfile)], **kw), pidfile


def _gone(pid: int) -> bool:
    """Whether a process has ended (a zombie nobody reaped has ended too)."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return True
    return state in ("Z", "X")


def _wait_gone(pid: int) -> bool:
    """Wait for a killed process to be gone; the limit only stops a broken test, it
    measures nothing (a SIGKILL needs no time of the process itself)."""
    for _ in range(600):
        if _gone(pid):
            return True
        time.sleep(0.1)
    return False


@pytest.mark.parametrize("budget", [-1, 0, -0.5, math.nan, "2", True, [1.0, 2.0]])
def test_a_bad_time_budget_is_refused_up_front_and_blames_no_seat(budget: Any) -> None:
    with pytest.raises(ArgumentError, match="time budget") as info:
        play_match(randoms(4), seed=1, time_budget=budget)
    assert not isinstance(info.value, AgentError)
    assert "seat 0" not in str(info.value)


def test_budgets_by_seat_and_by_agent(tmp_path: Path) -> None:
    bot, _ = _bot(tmp_path, "pass")
    agents = [*randoms(3), bot]
    assert time_budgets(agents) == (None, None, None, 10.0)
    assert time_budgets(agents, 1.5) == (1.5,) * 4
    assert time_budgets(agents, math.inf) == (None,) * 4
    assert time_budgets(agents, [None, 1, None, math.inf]) == (None, 1.0, None, None)
    assert MjaiBotAgent(["x"], time_budget=None).time_budget is None


def test_a_silent_bot_runs_out_of_time_and_its_process_group_is_killed(tmp_path: Path) -> None:
    bot, pidfile = _bot(tmp_path, "silent", time_budget=0.5)
    with pytest.raises(AgentError) as info:
        play_match([*randoms(3), bot], seed=1)  # the bot's own budget applies
    assert info.value.seat == 3
    assert str(info.value) == "agent at seat 3: no answer within the time budget of 0.5 s"
    assert bot._proc is None  # closed
    helper = int(pidfile.read_text())
    assert _wait_gone(helper), "the bot's helper process was left running"


def test_a_bot_acting_for_another_seat_is_refused(tmp_path: Path) -> None:
    bot, pidfile = _bot(tmp_path, "impostor")
    with pytest.raises(AgentError, match="answered for seat 1") as info:
        play_match([bot, *randoms(3)], seed=1, time_budget=[math.inf, None, None, None])
    assert info.value.seat == 0
    assert str(info.value).count("seat 0") == 1
    assert _wait_gone(int(pidfile.read_text()))


def test_a_bot_that_cannot_start_is_one_clear_error() -> None:
    bot = MjaiBotAgent(["/no/such/bot-program"])
    with pytest.raises(AgentError, match="cannot start the bot") as info:
        play_match([*randoms(2), bot, *randoms(1)], seed=1)
    assert info.value.seat == 2 and "raised" not in str(info.value)


class _Failing(Agent):
    """An agent that reports its own failure as an AgentError (as a bot adapter does)."""

    def act(self, view: Any, legal: Sequence[Action]) -> Action:
        raise AgentError("the connection dropped", seat=2)


@pytest.mark.parametrize("budget", [None, 30.0])
def test_an_agents_own_agent_error_names_the_seat_once(budget: float | None) -> None:
    with pytest.raises(AgentError) as info:
        play_match([_Failing(), *randoms(3)], seed=1, time_budget=[budget, None, None, None])
    assert str(info.value) == "agent at seat 0: the connection dropped"
    assert isinstance(info.value, JantakuError)


class _Interrupter(Agent):
    """Presses Ctrl-C on its tenth decision."""

    def __init__(self) -> None:
        self.calls = 0
        self.closed = False

    def act(self, view: Any, legal: Sequence[Action]) -> Action:
        self.calls += 1
        if self.calls == 10:
            raise KeyboardInterrupt
        return legal[0]

    def close(self) -> None:
        self.closed = True


def test_an_interrupt_stops_the_match_at_once_and_closes_the_agents() -> None:
    agent = _Interrupter()
    other = _Interrupter()
    other.calls = -(10**9)  # never interrupts
    with pytest.raises(KeyboardInterrupt):
        play_match([agent, other, *randoms(2)], seed=1)
    assert agent.calls == 10 and agent.closed and other.closed


class _OwnTimeout(Agent):
    """An agent whose own network read times out: not the match's budget."""

    async def act_async(self, view: Any, legal: Sequence[Action]) -> Action:
        raise TimeoutError("the server did not answer")


def test_an_agents_own_timeout_is_not_mistaken_for_the_budget() -> None:
    with pytest.raises(AgentError) as info:
        play_match([_OwnTimeout(), *randoms(3)], seed=1)
    assert str(info.value) == "agent at seat 0: raised TimeoutError: the server did not answer"
