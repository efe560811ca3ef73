"""Reinforcement-learning environments over jantaku's engine (extra ``jantaku[rl]``).

- :mod:`jantaku.env.actions` — the fixed table of action ids (discards by tile and
  red five, tsumogiri, riichi with its discard, each call shape, kans, wins,
  kyuushu kyuuhai, kita, pass) and legal masks;
- :mod:`jantaku.env.features` — versioned NumPy feature planes of a seat's view;
- :mod:`jantaku.env.table` — :class:`Table`, a match stepped one decision at a time;
- :mod:`jantaku.env.aec` — :class:`JantakuAECEnv`, a PettingZoo AEC environment;
- :mod:`jantaku.env.parallel` — :class:`JantakuParallelEnv`, a PettingZoo parallel
  environment (the seats deciding at the same moment act in one step);
- :mod:`jantaku.env.gym` — :class:`JantakuGymEnv`, a Gymnasium environment of one
  seat against built-in bots;
- :mod:`jantaku.env.registration` — the Gymnasium ids (``gymnasium.make("jantaku/…")``);
- :mod:`jantaku.env.records` and :mod:`jantaku.env.dataset` — game records as labelled
  decisions, written as sharded training arrays, and their loader (``jantaku dataset``);
- :mod:`jantaku.env.policy` — a small policy network in NumPy, trained on such a dataset;
- :mod:`jantaku.env.vector` — :class:`VectorTables`, many matches stepped together
  with batched observations and masks (and :class:`ProcessVectorTables` across
  processes).

The environments are imported on first use, so the action table and the encoders
need only NumPy.
"""

from __future__ import annotations

import importlib
from typing import Any

__all__ = [
    "JantakuAECEnv",
    "JantakuGymEnv",
    "JantakuParallelEnv",
    "ProcessVectorTables",
    "Table",
    "VectorTables",
]

_HOME = {
    "JantakuAECEnv": "jantaku.env.aec",
    "JantakuGymEnv": "jantaku.env.gym",
    "JantakuParallelEnv": "jantaku.env.parallel",
    "ProcessVectorTables": "jantaku.env.vector",
    "Table": "jantaku.env.table",
    "VectorTables": "jantaku.env.vector",
}


def __getattr__(name: str) -> Any:
    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module 'jantaku.env' has no attribute {name!r}")
    return getattr(importlib.import_module(home), name)
