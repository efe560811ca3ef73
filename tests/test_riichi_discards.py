"""Which discards may declare riichi (:func:`jantaku.engine.checks.riichi_discard_refusal`,
G8, Y1) against the rule's own words: the hand left after the discard must be tenpai
(:func:`jantaku.hand.winning_kinds` of its counts), and under rules without riichi on a
complete hand the discard may not be a winning tile of what is left.

The check tells a discard that leaves the hand short of tenpai from the shanten tables
and lists waits only for the others; here every discard of thousands of constructed
hands near tenpai (complete hands with one tile swapped, seven pairs, thirteen orphans,
hands with a closed kan) and of random hands is compared with the definition, under
both rules, and the hand's counts and suit numbers are left as they were.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from jantaku.engine import Referee
from jantaku.engine.checks import Refusal, riichi_discard_refusal
from jantaku.engine.state import State
from jantaku.hand import is_complete, winning_kinds
from jantaku.hand.tables import suit_numbers
from jantaku.rules import TENHOU, Rules
from jantaku.tiles import KIND_OF, Tile, parse_tiles

_RED = {4: 34, 13: 35, 22: 36}  # the red five of each suit's five
_YAOCHUU = (0, 8, 9, 17, 18, 26, *range(27, 34))


def _expected(counts: list[int], k: int, complete_ok: bool) -> Refusal | None:
    left = list(counts)
    left[k] -= 1
    waits = winning_kinds(left)
    if not waits:
        return Refusal.NOT_TENPAI
    if not complete_ok and k in waits and is_complete(counts):
        return Refusal.WINNING_DISCARD
    return None


def _hands(rng: random.Random, count: int) -> list[list[int]]:
    """Hands of 14 kinds (11 with a closed kan set aside), most near tenpai."""
    hands: list[list[int]] = []
    while len(hands) < count:
        shape = rng.random()
        if shape < 0.55:  # four sets and a pair, one tile swapped (or two)
            kinds: list[int] = []
            for _ in range(4):
                if rng.random() < 0.6:
                    suit, start = rng.randrange(3), rng.randrange(7)
                    kinds += [9 * suit + start + i for i in range(3)]
                else:
                    kinds += [rng.randrange(34)] * 3
            kinds += [rng.randrange(34)] * 2
            for _ in range(rng.choice((0, 1, 1, 2))):
                kinds[rng.randrange(14)] = rng.randrange(34)
        elif shape < 0.7:  # seven pairs, maybe broken, maybe a kind four times
            pairs = rng.sample(range(34), 7)
            kinds = [k for k in pairs for _ in range(2)]
            for _ in range(rng.choice((0, 1, 2))):
                kinds[rng.randrange(14)] = rng.choice([*pairs, rng.randrange(34)])
        elif shape < 0.8:  # thirteen orphans, maybe one off
            kinds = [*_YAOCHUU, rng.choice(_YAOCHUU)]
            if rng.random() < 0.5:
                kinds[rng.randrange(14)] = rng.randrange(34)
        elif shape < 0.9:  # a closed kan set aside: 11 tiles in the hand
            kinds = []
            for _ in range(3):
                suit, start = rng.randrange(3), rng.randrange(7)
                kinds += [9 * suit + start + i for i in range(3)]
            kinds += [rng.randrange(34)] * 2
            kinds[rng.randrange(11)] = rng.randrange(34)
        else:  # anything
            kinds = [rng.randrange(34) for _ in range(14)]
        if all(kinds.count(k) <= 4 for k in set(kinds)):
            hands.append(kinds)
    return hands


# hands at the edges of "tenpai": waiting only on a kind held four times (a shape), seven
# pairs with a kind held four times, thirteen orphans on all thirteen, a complete hand
_EDGES = [
    [KIND_OF[t] for t in parse_tiles(hand)]
    for hand in (
        "1111m234p567p789s1z",
        "1111m22m33m44m55m6m7z",
        "1111m22m33m44m55m66m",
        "19m19p19s1234567z1z",
        "19m19p19s1234567z2m",
        "123456789m11122z",
        "11223344556677z",
        "2222m3333m4444m55p",
    )
]


def _seat_with(s: State, seat: int, kinds: list[int]) -> None:
    """Give the seat these tiles (the first five of each suit red), counted as the
    transition counts them."""
    tiles: list[Tile] = []
    for k in kinds:
        red = _RED.get(k)
        tiles.append(red if red is not None and red not in tiles else k)
    s.hands[seat] = tiles
    s.memo.recount(seat, tiles, s.counts[seat], None)


@pytest.mark.parametrize("complete_ok", [True, False])
def test_riichi_discards_are_those_that_leave_the_hand_tenpai(complete_ok: bool) -> None:
    rules: Rules = replace(TENHOU, riichi_on_complete_hand=complete_ok)
    s = Referee(rules, seed=1).state
    seat = s.turn
    rng = random.Random(17 + complete_ok)
    allowed = winning = 0
    for kinds in [*_EDGES, *_hands(rng, 3000)]:
        _seat_with(s, seat, kinds)
        counts = list(s.counts[seat])
        numbers = list(s.memo.suits[seat])
        assert numbers == suit_numbers(counts)
        for k in sorted(set(kinds)):
            got = riichi_discard_refusal(s, seat, k)
            want = _expected(counts, k, complete_ok)
            assert (got.refusal if got is not None else None) == want, (kinds, k)
            allowed += want is None
            winning += want is Refusal.WINNING_DISCARD
        assert s.counts[seat] == counts and s.memo.suits[seat] == numbers
    assert allowed > 1000
    assert winning > 50 or complete_ok
