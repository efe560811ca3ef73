"""Agents: the protocol every player follows, and the built-in bots.

An agent answers ``act(view, legal) -> action`` (or its async twin); see
:mod:`jantaku.agents.base`. Built in: :class:`RandomAgent` (seeded random-legal),
:class:`TsumogiriAgent`, :class:`EfficiencyAgent` (discards by shanten and acceptance,
declares riichi, wins when it can, calls yakuhai), :class:`HumanAgent` (a player at
a terminal) and :class:`MjaiBotAgent` (a bot in another process speaking mjai).
:func:`make_agent` builds a bot by name, as the command line does.

>>> make_agent("random", seed=3)
RandomAgent(seed=3)
>>> make_agent("nobody")
Traceback (most recent call last):
...
jantaku.errors.AgentError: agent at seat 0: unknown agent 'nobody' \
(known: random, tsumogiri, efficiency, defensive, learned, mjai:COMMAND)
"""

from __future__ import annotations

import shlex
from typing import Final

from jantaku.agents.base import Agent, first_of, passes
from jantaku.agents.defensive import DefensiveAgent
from jantaku.agents.efficiency import EfficiencyAgent
from jantaku.agents.human import HumanAgent
from jantaku.agents.mjai_bot import MjaiBotAgent, events_for
from jantaku.agents.simple import RandomAgent, TsumogiriAgent
from jantaku.errors import AgentError
from jantaku.rules import Rules

__all__ = [
    "BOTS",
    "Agent",
    "DefensiveAgent",
    "EfficiencyAgent",
    "HumanAgent",
    "MjaiBotAgent",
    "RandomAgent",
    "TsumogiriAgent",
    "events_for",
    "first_of",
    "make_agent",
    "passes",
]

BOTS: Final = ("random", "tsumogiri", "efficiency", "defensive", "learned")
"""The names of the built-in bots that :func:`make_agent` knows."""


def make_agent(name: str, *, seed: int = 0, seat: int = 0, rules: Rules | None = None) -> Agent:
    """A built-in bot by name (``random``, ``tsumogiri``, ``efficiency``, ``defensive``,
    ``learned``), or an external mjai bot written ``mjai:COMMAND`` (``mjai:python bot.py``).

    ``learned`` is the policy learned from Houou games (:mod:`jantaku.env.policy`), its
    shipped weights read once, on first use; it needs NumPy.

    ``seed`` seeds a random agent; ``rules`` are the match's, for a bot that plays by
    them (the defensive bot's all-last and placement). Raises
    :class:`~jantaku.errors.AgentError` for an unknown name.

    >>> make_agent("mjai:python3 bot.py --fast").command
    ['python3', 'bot.py', '--fast']
    """
    if name.startswith("mjai:"):
        command = shlex.split(name[len("mjai:") :])
        if not command:
            raise AgentError("mjai: needs the command that starts the bot", seat=seat)
        return MjaiBotAgent(command, name=name)
    if name == "random":
        return RandomAgent(seed=seed)
    if name == "tsumogiri":
        return TsumogiriAgent()
    if name == "efficiency":
        return EfficiencyAgent()
    if name == "defensive":
        return DefensiveAgent(rules)
    if name == "learned":
        try:
            from jantaku.env.policy import PolicyAgent, shipped_policy
        except ImportError:
            raise AgentError("the learned bot needs NumPy (pip install numpy)", seat=seat) from None
        return PolicyAgent(shipped_policy())
    known = ", ".join((*BOTS, "mjai:COMMAND"))
    raise AgentError(f"unknown agent {name!r} (known: {known})", seat=seat)
