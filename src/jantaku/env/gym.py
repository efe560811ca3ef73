"""A Gymnasium single-agent environment: the learner at one seat, built-in bots at the others.

The learner sees what :class:`~jantaku.env.aec.JantakuAECEnv` shows a seat (feature
planes and the action mask) and answers with an action id; the other seats are played
by jantaku's bots (``efficiency`` by default, or any agents given), between the
learner's decisions. Its seat is fixed (``seat=``) or drawn each episode from the
reset seed. An id the mask forbids is replaced by the legal id that changes the
least (pass, else tsumogiri, else the first) and reported in ``info["illegal_action"]``,
so that a policy that ignores the mask still plays whole matches. ``oracle=True`` adds
the hidden tiles to each observation (``"oracle"``, see :mod:`jantaku.env.seated`).
The reward is the learner's (see :mod:`jantaku.env.table`); the episode ends with the match, and the
last step's ``info`` holds the learner's ``placement``, ``score`` and ``points`` and
the whole table's under ``final`` (:meth:`~jantaku.env.table.Table.final_info`).

Importing this module registers the Gymnasium ids (:mod:`jantaku.env.registration`):
``gymnasium.make("jantaku.env.gym:jantaku/Tenhou-v0")`` imports it and makes one.

>>> env = JantakuGymEnv(seat=0)
>>> obs, info = env.reset(seed=5)
>>> info["seat"], obs["observation"].shape
(0, (155, 34))
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, SupportsFloat

import gymnasium
import numpy as np
from gymnasium import spaces

from jantaku.agents import Agent, make_agent
from jantaku.env.actions import NUM_ACTIONS
from jantaku.env.fast_features import SeatEncoder
from jantaku.env.features import encode_oracle_v1
from jantaku.env.seated import observation_space
from jantaku.env.table import Table, resolve_rules
from jantaku.errors import AgentError, JantakuError
from jantaku.rules import TENHOU, Rules

__all__ = ["JantakuGymEnv"]


class JantakuGymEnv(gymnasium.Env[dict[str, Any], Any]):
    """A match from one seat, the other seats played by bots (see the module docstring).

    ``opponents`` is a bot name for every other seat or one agent per other seat (in
    seat order). Raises :class:`~jantaku.errors.JantakuError` for a seat not at the
    table or a wrong number of opponents.
    """

    metadata = {"render_modes": ["ansi"]}  # noqa: RUF012 - Gymnasium's convention

    def __init__(
        self,
        rules: Rules | str = TENHOU,
        *,
        opponents: str | Sequence[Agent] = "efficiency",
        seat: int | None = None,
        reward: str = "final",
        features: str = "planes-v1",
        oracle: bool = False,
        render_mode: str | None = None,
    ) -> None:
        self.rules = resolve_rules(rules)
        self.oracle = oracle
        n = self.rules.players
        if seat is not None and not 0 <= seat < n:
            raise JantakuError(f"no seat {seat} at a table of {n}")
        if not isinstance(opponents, str) and len(opponents) != n - 1:
            raise JantakuError(f"{len(opponents)} opponents for {n - 1} seats")
        self._opponents = opponents
        self._fixed_seat = seat
        self.seat = seat if seat is not None else 0
        self.render_mode = render_mode
        self._planes = SeatEncoder(features, self.rules.players)
        self.observation_space = observation_space(features, oracle=oracle)
        self.action_space = spaces.Discrete(NUM_ACTIONS)
        self.table = Table(self.rules, seed=0, reward=reward)
        self._bots: dict[int, Agent] = {}

    def _obs(self) -> dict[str, Any]:
        mask = np.zeros(NUM_ACTIONS, dtype=np.int8)
        if self.table.seat == self.seat:
            mask[list(self.table.table())] = 1
        planes = self._planes.encode(self.table.state, self.seat)
        obs = {"observation": planes, "action_mask": mask}
        if self.oracle:
            obs["oracle"] = encode_oracle_v1(self.table.state, self.seat)
        return obs

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        """Start a match; ``seed`` fixes the match, the learner's seat and the bots."""
        super().reset(seed=seed)
        n = self.rules.players
        rng = random.Random(int(self.np_random.integers(1 << 62)))
        self.seat = self._fixed_seat if self._fixed_seat is not None else rng.randrange(n)
        others = [s for s in range(n) if s != self.seat]
        if isinstance(self._opponents, str):
            self._bots = {
                s: make_agent(self._opponents, seed=rng.getrandbits(32), seat=s, rules=self.rules)
                for s in others
            }
        else:
            self._bots = dict(zip(others, self._opponents, strict=True))
        for s, bot in self._bots.items():
            bot.start_match(s, n)
        self.table.reset(rng.getrandbits(63))
        self._planes.reset()
        gained = self._play_bots()
        self._pending_reward = gained
        return self._obs(), {"seat": self.seat}

    def _play_bots(self) -> float:
        """Let the bots decide until the learner must (or the match ends); its reward."""
        table = self.table
        gained = 0.0
        while not table.done and table.seat != self.seat:
            seat = table.seat
            if seat is None:  # pragma: no cover - a match not done has a seat deciding
                break
            bot = self._bots[seat]
            legal = table.legal()
            view = table.view(seat) if getattr(bot, "uses_view", True) else None
            try:
                action = bot.act(view, legal)
            except Exception as e:
                raise AgentError(f"raised {type(e).__name__}: {e}", seat=seat) from e
            gained += table.act(action)[self.seat]
        return gained

    def step(self, action: int) -> tuple[dict[str, Any], SupportsFloat, bool, bool, dict[str, Any]]:
        """Play the learner's action id, then the bots until the learner's next decision."""
        table = self.table
        info: dict[str, Any] = {"seat": self.seat}
        if table.done:
            raise JantakuError("the match is over: call reset()")
        i = int(action)
        if i not in table.table():
            info["illegal_action"] = True
            i = table.default_id()
        reward = self._pending_reward + table.step(i)[self.seat]
        self._pending_reward = 0.0
        reward += self._play_bots()
        if table.done:  # the match's end: placement, score and points
            info.update(table.seat_final_info(self.seat))
        return self._obs(), float(reward), table.done, False, info

    def render(self) -> str | None:
        """The table as text (``render_mode="ansi"``)."""
        if self.render_mode != "ansi":
            return None
        s = self.table.state
        return f"seat {self.seat}: {s.phase_name}, scores {list(s.scores)}"


def _register() -> None:
    from jantaku.env.registration import register_envs

    register_envs()


_register()  # gymnasium.make("jantaku/Tenhou-v0") once this module is imported
