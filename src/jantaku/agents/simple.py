"""The simplest bots: a seeded random-legal agent and a tsumogiri agent."""

from __future__ import annotations

import random
from collections.abc import Sequence

from jantaku.agents.base import Agent, passes
from jantaku.engine.view import View
from jantaku.events import Action, Dahai, Nukidora, Reach

__all__ = ["RandomAgent", "TsumogiriAgent"]


class RandomAgent(Agent):
    """Picks uniformly among the legal actions with its own seeded generator.

    The same seed and the same questions give the same answers.

    >>> from jantaku.events import Pass
    >>> legal = [Dahai(0, 1, False), Dahai(0, 2, True), Pass(0)]
    >>> a, b = RandomAgent(seed=7), RandomAgent(seed=7)
    >>> [a.act(None, legal) for _ in range(5)] == [b.act(None, legal) for _ in range(5)]
    True
    """

    name = "random"
    uses_view = False

    def __init__(self, seed: int | None = 0) -> None:
        self.seed = seed
        self._rng = random.Random(seed)

    def act(self, view: View | None, legal: Sequence[Action]) -> Action:
        """A uniformly random legal action."""
        return legal[self._rng.randrange(len(legal))] if len(legal) > 1 else legal[0]

    def __repr__(self) -> str:
        return f"RandomAgent(seed={self.seed!r})"


class TsumogiriAgent(Agent):
    """Discards every tile it draws (ツモ切り), never calls, never wins, never declares.

    It sets a north aside in three-player mahjong when it must choose (a north
    drawn can also simply be discarded; this agent discards it). After a riichi or
    any forced moment it takes the first legal discard.

    >>> from jantaku.events import Pass
    >>> TsumogiriAgent().act(None, [Dahai(1, 4, False), Dahai(1, 9, True), Pass(1)])
    Dahai(actor=1, pai='1p', tsumogiri=True)
    >>> TsumogiriAgent().act(None, [Dahai(2, 4, False), Pass(2)])
    Pass(actor=2)
    """

    name = "tsumogiri"
    uses_view = False

    def act(self, view: View | None, legal: Sequence[Action]) -> Action:
        """The discard of the drawn tile, else a pass, else the first discard."""
        first_dahai: Action | None = None
        for action in legal:
            if isinstance(action, Dahai):
                if action.tsumogiri:
                    return action
                if first_dahai is None:
                    first_dahai = action
        skip = passes(legal)
        if skip is not None:
            return skip
        if first_dahai is not None:
            return first_dahai
        for action in legal:
            if not isinstance(action, Reach | Nukidora):
                return action
        return legal[0]
