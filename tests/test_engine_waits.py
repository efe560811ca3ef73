"""The engine's suit-by-suit waits agree with mahjong's agari check and with jantaku.hand.

``hand_waits`` is what the engine keeps each hand's waits with; it must equal
:func:`jantaku.hand.winning_kinds` on every valid hand, and each wait (short of a fifth
copy) must make a hand that the ``mahjong`` package calls complete.
"""

from __future__ import annotations

import random

import pytest
from mahjong.agari import Agari

from jantaku.engine.waits import hand_waits
from jantaku.hand import winning_kinds
from jantaku.tiles import counts34, parse_tiles

_AGARI = Agari()


def _complete(rng: random.Random, melds: int) -> list[int]:
    """A random complete shape of ``melds`` melds and a pair (at most four of a kind)."""
    while True:
        c = [0] * 34
        for _ in range(melds):
            if rng.random() < 0.55:
                suit, start = rng.randrange(3), rng.randrange(7)
                for d in range(3):
                    c[9 * suit + start + d] += 1
            else:
                c[rng.randrange(34)] += 3
        c[rng.randrange(34)] += 2
        if max(c) <= 4:
            return c


def _hands(seed: int, count: int) -> list[list[int]]:
    """Tenpai-heavy hands of 1 … 13 tiles: complete shapes less a tile, some disturbed."""
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        melds = rng.choice((0, 1, 2, 3, 4, 4, 4, 4))
        if melds == 4 and rng.random() < 0.1:
            c = [0] * 34
            for k in rng.sample(range(34), 7):
                c[k] = 2
        else:
            c = _complete(rng, melds)
        k = rng.choice([i for i in range(34) if c[i]])
        c[k] -= 1
        if rng.random() < 0.3:  # swap a tile: mostly noten, sometimes other waits
            j = rng.choice([i for i in range(34) if c[i]])
            c[j] -= 1
            new = rng.randrange(34)
            c[new if c[new] < 4 else j] += 1
        out.append(c)
    return out


@pytest.mark.parametrize("seed", [1, 2])
def test_waits_match_the_hand_module_and_mahjong(seed: int) -> None:
    tenpai = 0
    for c in _hands(seed, 2500):
        got = hand_waits(c)
        assert got == winning_kinds(c), c
        tenpai += bool(got)
        for k in range(34):
            if c[k] == 4:
                continue  # a fifth copy: a shape wait mahjong does not read
            c[k] += 1
            assert (k in got) == _AGARI.is_agari(c), (c, k)
            c[k] -= 1
    assert tenpai > 1000  # the sample is mostly tenpai hands


@pytest.mark.parametrize(
    ("hand", "waits"),
    [
        ("1112345678999m", "123456789m"),  # nine gates
        ("1111m234p567p789s", "1m"),  # shape wait on a fourth copy
        ("19m19p19s1234567z", "19m19p19s1234567z"),  # thirteen-sided orphans
        ("19m19p19s1234566z", "7z"),
        ("1133557799m113p", "3p"),  # seven pairs
        ("1122m", "12m"),
        ("5z", "5z"),
    ],
)
def test_known_waits(hand: str, waits: str) -> None:
    expected = tuple(k for k, n in enumerate(counts34(parse_tiles(waits))) if n)
    assert hand_waits(counts34(parse_tiles(hand))) == expected
