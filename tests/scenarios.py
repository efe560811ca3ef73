"""Scripted deals for scenario tests: the first hand dealt from notation, the rest seeded."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from jantaku.engine import build_wall, full_set
from jantaku.engine.wall import Wall
from jantaku.rules import TENHOU, Rules
from jantaku.tiles import parse_tiles


def t(text: str) -> int:
    """The one tile written ``text`` (``"5m"``, ``"0p"``)."""
    (tile,) = parse_tiles(text)
    return tile


def scripted(hands: Sequence[str], first: str, rules: Rules = TENHOU) -> Callable[[int, int], Wall]:
    """A wall factory: the first hand deals ``hands`` and the dealer draws ``first``."""
    calls = [0]

    def walls(seed: int, oya: int) -> Wall:
        calls[0] += 1
        if calls[0] > 1:
            return build_wall(rules, seed, oya)
        tiles = [parse_tiles(h) for h in hands]
        drawn = parse_tiles(first)[0]
        pool = full_set(rules)
        for x in [*(x for h in tiles for x in h), drawn]:
            pool.remove(x)
        random.Random(seed).shuffle(pool)
        return Wall(
            hands=[list(h) for h in tiles],
            live=[drawn, *pool[14:]],
            rinshan=pool[:4],
            dora_indicators=pool[4:9],
            ura_indicators=pool[9:14],
            dice=(1, 1),
            wall_break=0,
        )

    return walls
