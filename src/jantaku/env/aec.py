"""A PettingZoo AEC environment of a whole match, for 3 or 4 players and any rules.

Agents are ``player_0`` … ``player_{n-1}`` (seat 0 the first dealer). The agent
selected is the seat that decides now; when several seats may claim one discard they
are selected one after another and their answers resolved together. An observation
is a dict: ``observation``, the seat's feature planes (:mod:`jantaku.env.features`,
``planes-v1`` by default), and ``action_mask``, the int8 mask of its legal action ids
(:mod:`jantaku.env.actions`; all zero for a seat with nothing to decide).
:meth:`JantakuAECEnv.view` gives the raw :class:`~jantaku.engine.View` instead.
Rewards come from the final result, or hand by hand (``reward="hand"``, see
:mod:`jantaku.env.table`). The same seed gives the same match for the same actions.

>>> env = JantakuAECEnv(rules="tenhou-sanma")
>>> env.reset(seed=3)
>>> env.agent_selection, env.possible_agents
('player_0', ['player_0', 'player_1', 'player_2'])
>>> obs, reward, terminated, truncated, info = env.last()
>>> obs["observation"].shape, int(obs["action_mask"].sum()) > 0
((155, 34), True)
"""

from __future__ import annotations

import random
from typing import Any, ClassVar

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from jantaku.engine import View
from jantaku.env.actions import NUM_ACTIONS
from jantaku.env.fast_features import SeatEncoder
from jantaku.env.features import features_version
from jantaku.env.table import Table
from jantaku.errors import IllegalActionError
from jantaku.rules import TENHOU, Rules

__all__ = ["JantakuAECEnv", "env", "observation_space", "resolve_rules"]


def resolve_rules(rules: Rules | str) -> Rules:
    """Rules, or a preset's name (``"tenhou"``, ``"majsoul-sanma"`` …).

    Raises :class:`~jantaku.errors.RulesError` for an unknown preset.
    """
    return rules if isinstance(rules, Rules) else Rules.preset(rules)


def observation_space(features: str = "planes-v1") -> spaces.Dict:
    """The observation space: the feature planes and the action mask."""
    rows, _encode = features_version(features)
    return spaces.Dict(
        {
            "observation": spaces.Box(-8.0, 8.0, shape=(rows, 34), dtype=np.float32),
            "action_mask": spaces.Box(0, 1, shape=(NUM_ACTIONS,), dtype=np.int8),
        }
    )


class JantakuAECEnv(AECEnv):  # type: ignore[misc]
    """A riichi match as a PettingZoo AEC environment (see the module docstring).

    Raises :class:`~jantaku.errors.IllegalActionError` from :meth:`step` for an
    action id that the mask forbids.
    """

    metadata: ClassVar[dict[str, Any]] = {
        "name": "jantaku_v1",
        "render_modes": ["ansi"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        rules: Rules | str = TENHOU,
        *,
        reward: str = "final",
        features: str = "planes-v1",
        render_mode: str | None = None,
    ) -> None:
        super().__init__()
        self.rules = resolve_rules(rules)
        self.render_mode = render_mode
        self.features = features
        self._planes = SeatEncoder(features, self.rules.players)
        n = self.rules.players
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self._seat_of = {a: i for i, a in enumerate(self.possible_agents)}
        self.observation_spaces = {a: observation_space(features) for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(NUM_ACTIONS) for a in self.possible_agents}
        self._reward = reward
        self._rng = random.Random()
        self.table = Table(self.rules, seed=0, reward=reward)

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a match; ``seed`` fixes it (else one is drawn)."""
        if seed is not None:
            self._rng.seed(seed)
        self.table.reset(self._rng.getrandbits(63))
        self._planes.reset()
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self._selected()

    def _selected(self) -> str:
        seat = self.table.seat
        return self.possible_agents[seat if seat is not None else 0]

    def observe(self, agent: str) -> dict[str, Any]:
        """The agent's feature planes and its legal-action mask."""
        seat = self._seat_of[agent]
        planes = self._planes.encode(self.table.state, seat)
        mask = np.zeros(NUM_ACTIONS, dtype=np.int8)
        if self.table.seat == seat:
            mask[list(self.table.table())] = 1
        return {"observation": planes, "action_mask": mask}

    def view(self, agent: str) -> View:
        """The raw view of the table from the agent's seat."""
        return self.table.view(self._seat_of[agent])

    def step(self, action: int | None) -> None:
        """Play the selected agent's action id (``None`` once it is terminated)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise IllegalActionError("an action id is needed", seat=self._seat_of[agent])
        self._cumulative_rewards[agent] = 0.0
        gained = self.table.step(int(action))
        self.rewards = {a: gained[i] for i, a in enumerate(self.possible_agents)}
        self.infos = {a: {} for a in self.agents}
        if self.table.done:
            self.terminations = {a: True for a in self.agents}
        self.agent_selection = self._selected()
        self._accumulate_rewards()

    def render(self) -> str | None:
        """The match so far as text (``render_mode="ansi"``)."""
        if self.render_mode != "ansi":
            return None
        s = self.table.state
        return (
            f"seed {self.table.seed}: {s.phase_name}, scores {list(s.scores)}, "
            f"{len(self.table.referee.log)} events"
        )

    def close(self) -> None:
        """Nothing to release."""


def env(**kwargs: Any) -> JantakuAECEnv:
    """A :class:`JantakuAECEnv` (PettingZoo's ``env()`` convention)."""
    return JantakuAECEnv(**kwargs)
