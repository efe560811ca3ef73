"""What the PettingZoo environments share: one match behind named agents.

:class:`SeatedMatch` holds a :class:`~jantaku.env.table.Table`, its agents
``player_0`` … ``player_{n-1}`` (seat 0 the first dealer) with their spaces, the seats'
feature planes and the seeding, and gives them what both turn structures need: a
match started from a seed, values by agent, the raw view, the text rendering. With
``oracle=True`` each observation also holds ``"oracle"``: what the seat may not see
(the other seats' concealed tiles and waits, ``oracle-v1`` of
:mod:`jantaku.env.features`), for oracle guiding; a policy to deploy must not read it.
:class:`~jantaku.env.aec.JantakuAECEnv` and :class:`~jantaku.env.parallel.JantakuParallelEnv`
add how the agents take turns.

>>> match = SeatedMatch(rules="tenhou-sanma")
>>> match.start(3)
>>> match.agents, match.by_agent([1.5, 0.0, -1.5])
(['player_0', 'player_1', 'player_2'], {'player_0': 1.5, 'player_1': 0.0, 'player_2': -1.5})
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, TypeVar

import numpy as np
from gymnasium import spaces

from jantaku.engine import View
from jantaku.env.actions import NUM_ACTIONS
from jantaku.env.fast_features import SeatEncoder
from jantaku.env.features import ORACLE_V1, encode_oracle_v1, features_dtype, features_version
from jantaku.env.table import Table, resolve_rules
from jantaku.rules import TENHOU, Rules

__all__ = ["SeatedMatch", "observation_space"]

T = TypeVar("T")


def observation_space(features: str = "planes-v1", *, oracle: bool = False) -> spaces.Dict:
    """The observation space: the feature planes and the action mask (``planes-v1``
    float32, ``planes-v2`` every byte value), and with ``oracle`` the hidden tiles
    (``oracle-v1``, :func:`~jantaku.env.features.encode_oracle_v1`).

    >>> observation_space("planes-v2")["observation"]
    Box(0, 255, (163, 34), uint8)
    >>> observation_space(oracle=True)["oracle"]
    Box(0, 1, (15, 34), uint8)
    """
    rows, _encode = features_version(features)
    planes: Any
    if features_dtype(features) == np.uint8:
        planes = spaces.Box(0, 255, shape=(rows, 34), dtype=np.uint8)
    else:
        planes = spaces.Box(-8.0, 8.0, shape=(rows, 34), dtype=np.float32)
    parts: dict[str, Any] = {
        "observation": planes,
        "action_mask": spaces.Box(0, 1, shape=(NUM_ACTIONS,), dtype=np.int8),
    }
    if oracle:
        parts["oracle"] = spaces.Box(0, 1, shape=(ORACLE_V1, 34), dtype=np.uint8)
    return spaces.Dict(parts)


class SeatedMatch:
    """One match behind named agents (see the module docstring).

    Raises :class:`~jantaku.errors.RulesError` for an unknown preset and
    :class:`~jantaku.errors.JantakuError` for unknown features or reward scheme.
    """

    def __init__(
        self,
        rules: Rules | str = TENHOU,
        *,
        reward: str = "final",
        features: str = "planes-v1",
        oracle: bool = False,
        render_mode: str | None = None,
    ) -> None:
        super().__init__()  # (the PettingZoo base after this one, in a subclass)
        self.oracle = oracle
        self.rules = resolve_rules(rules)
        self.render_mode = render_mode
        self.features = features
        n = self.rules.players
        self._planes = SeatEncoder(features, n)
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self.agents: list[str] = []
        self._seat_of = {a: i for i, a in enumerate(self.possible_agents)}
        self.observation_spaces = {
            a: observation_space(features, oracle=oracle) for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(NUM_ACTIONS) for a in self.possible_agents}
        self._rng = random.Random()
        self.table = Table(self.rules, seed=0, reward=reward)

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def start(self, seed: int | None) -> None:
        """Start a match (``seed`` fixes it, else one is drawn from the last seeding);
        every agent plays."""
        if seed is not None:
            self._rng.seed(seed)
        self.table.reset(self._rng.getrandbits(63))
        self._planes.reset()
        self.agents = self.possible_agents[:]

    def planes(self, seat: int) -> Any:
        """A new array of ``seat``'s feature planes now."""
        return self._planes.encode(self.table.state, seat)

    def observation(self, seat: int, mask: Any) -> dict[str, Any]:
        """``seat``'s observation with ``mask``: its planes, and the hidden tiles when
        the environment shows the oracle's."""
        obs = {"observation": self.planes(seat), "action_mask": mask}
        if self.oracle:
            obs["oracle"] = encode_oracle_v1(self.table.state, seat)
        return obs

    def by_agent(self, values: Sequence[T]) -> dict[str, T]:
        """Values by seat (a step's rewards …) as a dict by agent."""
        return {a: values[i] for i, a in enumerate(self.possible_agents)}

    def view(self, agent: str) -> View:
        """The raw view of the table from the agent's seat."""
        return self.table.view(self._seat_of[agent])

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
