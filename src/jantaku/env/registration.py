"""Gymnasium ids of jantaku's environments: ``gymnasium.make("jantaku/…")``.

Importing :mod:`jantaku.env.gym` registers them (Gymnasium imports it for an id written
``"jantaku.env.gym:jantaku/Tenhou-v0"``, so that one line does it all):

==========================  ===========================================================
id                          environment
==========================  ===========================================================
``jantaku/Tenhou-v0``       :class:`~jantaku.env.gym.JantakuGymEnv`, Tenhou rules, four
                            players (hanchan), the learner against three
                            ``efficiency`` bots
``jantaku/TenhouSanma-v0``  the same at a three-player Tenhou table
``jantaku/Mahjong-v0``      :class:`~jantaku.env.gym.JantakuGymEnv` with every argument
                            given to ``gymnasium.make`` (``rules=``, ``opponents=``,
                            ``seat=``, ``reward=``, ``features=``)
==========================  ===========================================================

Keyword arguments of ``gymnasium.make`` reach the environment (``features="planes-v2"``,
``opponents="defensive"``…). An episode is one match; there is no step limit.

>>> import gymnasium
>>> env = gymnasium.make("jantaku.env.gym:jantaku/Tenhou-v0", seat=0)
>>> obs, info = env.reset(seed=1)
>>> obs["observation"].shape, info["seat"]
((155, 34), 0)
"""

from __future__ import annotations

from typing import Final

__all__ = ["ENV_IDS", "register_envs"]

ENV_IDS: Final = ("jantaku/Tenhou-v0", "jantaku/TenhouSanma-v0", "jantaku/Mahjong-v0")
"""The ids :func:`register_envs` registers."""

_ENTRY: Final = "jantaku.env.gym:JantakuGymEnv"


def register_envs() -> None:
    """Register :data:`ENV_IDS` with Gymnasium (again: nothing changes)."""
    import gymnasium

    known = gymnasium.registry
    kwargs = {
        "jantaku/Tenhou-v0": {"rules": "tenhou"},
        "jantaku/TenhouSanma-v0": {"rules": "tenhou-sanma"},
        "jantaku/Mahjong-v0": {},
    }
    for env_id, defaults in kwargs.items():
        if env_id not in known:
            gymnasium.register(
                id=env_id,
                entry_point=_ENTRY,
                kwargs=dict(defaults),
            )
