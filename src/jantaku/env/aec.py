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

from typing import Any, ClassVar

import numpy as np
from pettingzoo import AECEnv

from jantaku.env.actions import NUM_ACTIONS
from jantaku.env.seated import SeatedMatch, observation_space
from jantaku.env.table import resolve_rules
from jantaku.errors import IllegalActionError

__all__ = ["JantakuAECEnv", "env", "observation_space", "resolve_rules"]


class JantakuAECEnv(SeatedMatch, AECEnv):  # type: ignore[misc]
    """A riichi match as a PettingZoo AEC environment (see the module docstring).

    Raises :class:`~jantaku.errors.IllegalActionError` from :meth:`step` for an
    action id that the mask forbids.
    """

    metadata: ClassVar[dict[str, Any]] = {
        "name": "jantaku_v1",
        "render_modes": ["ansi"],
        "is_parallelizable": False,
    }

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a match; ``seed`` fixes it (else one is drawn)."""
        self.start(seed)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self._selected()

    def _selected(self) -> str:
        seat = self.table.seat
        return self.possible_agents[seat if seat is not None else 0]

    def observe(self, agent: str) -> dict[str, Any]:
        """The agent's feature planes and its legal-action mask."""
        seat = self._seat_of[agent]
        mask = np.zeros(NUM_ACTIONS, dtype=np.int8)
        if self.table.seat == seat:
            mask[list(self.table.table())] = 1
        return self.observation(seat, mask)

    def step(self, action: int | None) -> None:
        """Play the selected agent's action id (``None`` once it is terminated)."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise IllegalActionError("an action id is needed", seat=self._seat_of[agent])
        self._cumulative_rewards[agent] = 0.0
        self.rewards = self.by_agent(self.table.step(int(action)))
        self.infos = {a: {} for a in self.agents}
        if self.table.done:  # the match's end: each agent's placement, score and points
            self.terminations = dict.fromkeys(self.agents, True)
            self.infos = {a: self.table.seat_final_info(self._seat_of[a]) for a in self.agents}
        self.agent_selection = self._selected()
        self._accumulate_rewards()


def env(**kwargs: Any) -> JantakuAECEnv:
    """A :class:`JantakuAECEnv` (PettingZoo's ``env()`` convention)."""
    return JantakuAECEnv(**kwargs)
