"""A PettingZoo parallel environment: the seats that decide at the same moment act in
one step.

A riichi match has two kinds of decision: on a seat's own turn that seat alone acts
(discard, riichi, kan, tsumo, kita, kyuushu); after a discard every seat that may
claim it (chii, pon, kan, ron) answers at once, and the rules resolve the answers
together. :class:`JantakuParallelEnv` makes each such moment one ``step``: the agents
deciding now (``infos[agent]["deciding"]``) each see the mask of their own legal
ids, and their answers go to the engine together (in turn order from the
discarder, as :class:`~jantaku.env.table.Table` asks them). An agent with nothing
to decide sees a mask with PASS alone (a no-op, so that every mask has a legal id)
and its action is ignored (it may also be left out of the ``actions`` dict).

Agents, observations (``observation`` planes and int8 ``action_mask``), action ids and
rewards are those of :class:`~jantaku.env.aec.JantakuAECEnv`; every agent is
terminated when the match ends. A deciding agent's id that its mask forbids (or a
missing one) is replaced by the legal id that changes the least (pass, else
tsumogiri, else the first) and reported in ``infos[agent]["illegal_action"]``, as
:class:`~jantaku.env.gym.JantakuGymEnv` does, so that a policy that samples without
the mask still plays whole matches. The same seed gives the same match for the same
actions.

>>> env = JantakuParallelEnv(rules="tenhou-sanma")
>>> obs, infos = env.reset(seed=3)
>>> [infos[a]["deciding"] for a in env.agents]
[True, False, False]
>>> obs["player_1"]["action_mask"].nonzero()[0].tolist()  # nothing to decide: PASS
[124]
>>> actions = {a: int(o["action_mask"].nonzero()[0][0]) for a, o in obs.items()}
>>> obs, rewards, terminations, truncations, infos = env.step(actions)
"""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
from pettingzoo import ParallelEnv

from jantaku.env.actions import NUM_ACTIONS, PASS
from jantaku.env.seated import SeatedMatch
from jantaku.errors import IllegalActionError, JantakuError

__all__ = ["JantakuParallelEnv", "parallel_env"]


class JantakuParallelEnv(SeatedMatch, ParallelEnv):  # type: ignore[misc]
    """A riichi match as a PettingZoo parallel environment (see the module docstring).

    Raises :class:`~jantaku.errors.IllegalActionError` from :meth:`step` for an action
    that is not an integer, and :class:`~jantaku.errors.JantakuError` for a step after
    the match ended.
    """

    metadata: ClassVar[dict[str, Any]] = {"name": "jantaku_parallel_v1", "render_modes": ["ansi"]}

    def reset(
        self, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        """Start a match (``seed`` fixes it, else one is drawn); observations and infos."""
        self.start(seed)
        return self._observe(), self._infos({})

    def _observe(self) -> dict[str, Any]:
        """Every agent's planes and mask (PASS alone for a seat with nothing to decide)."""
        table = self.table
        deciding = table.deciding
        out = {}
        for seat, agent in enumerate(self.possible_agents):
            mask = np.zeros(NUM_ACTIONS, dtype=np.int8)
            if seat in deciding:
                mask[list(table.table_of(seat))] = 1
            else:
                mask[PASS] = 1
            out[agent] = self.observation(seat, mask)
        return out

    def _infos(self, illegal: dict[int, bool]) -> dict[str, dict[str, Any]]:
        deciding = set(self.table.deciding)
        infos: dict[str, dict[str, Any]] = {}
        for seat, agent in enumerate(self.possible_agents):
            info: dict[str, Any] = {"deciding": seat in deciding}
            if seat in illegal:
                info["illegal_action"] = True
            infos[agent] = info
        return infos

    def step(self, actions: dict[str, Any]) -> tuple[dict[str, Any], ...]:
        """The deciding agents' action ids, played together; ``(observations, rewards,
        terminations, truncations, infos)``."""
        table = self.table
        if table.done or not self.agents:
            raise JantakuError("the match is over: call reset()")
        n = self.rules.players
        gained = [0.0] * n
        illegal: dict[int, bool] = {}
        for seat in table.deciding:
            action = actions.get(self.possible_agents[seat])
            i = -1
            if action is not None:
                try:
                    i = int(action)
                except (TypeError, ValueError) as e:
                    raise IllegalActionError(
                        f"an action id is an integer, not {action!r}", seat=seat
                    ) from e
            if i not in table.table():
                illegal[seat] = True
                i = table.default_id()
            for k, g in enumerate(table.step(i)):
                gained[k] += g
        done = table.done
        terminations = dict.fromkeys(self.possible_agents, done)
        truncations = dict.fromkeys(self.possible_agents, False)
        observations = self._observe()
        infos = self._infos(illegal)
        if done:  # the match's end: each agent's placement, score and points
            for agent, info in infos.items():
                info.update(table.seat_final_info(self._seat_of[agent]))
            self.agents = []
        return observations, self.by_agent(gained), terminations, truncations, infos


def parallel_env(**kwargs: Any) -> JantakuParallelEnv:
    """A :class:`JantakuParallelEnv` (PettingZoo's ``parallel_env()`` convention)."""
    return JantakuParallelEnv(**kwargs)
