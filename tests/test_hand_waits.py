"""Waits, acceptance and the advisor against the seeds' wait examples, a brute force of
the wait shapes written here from their definitions, and ``mahjong``'s shanten."""

from __future__ import annotations

import random
from functools import cache

import pytest
from mahjong.shanten import Shanten

from jantaku.errors import InvalidHandError
from jantaku.hand import (
    WaitShape,
    acceptance,
    advise,
    shanten,
    waits,
    winning_kinds,
)
from jantaku.tiles import YAOCHUU, counts34, format_tiles, parse_tiles

W = WaitShape


def c(text: str) -> list[int]:
    return counts34(parse_tiles(text))


def k(text: str) -> int:
    (tile,) = parse_tiles(text)
    return tile


def summary(hand: str) -> dict[str, set[str]]:
    return {format_tiles([w.kind]): {s.value for s in w.shapes} for w in waits(c(hand))}


# --- the seeds' examples: 002 §04 (待ちの形) and 003 (用語) ----------------------------


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        # 002 §04 両面: 45m waits on 3m or 6m
        ("45m123p456p789s11z", {"3m": {"ryanmen"}, "6m": {"ryanmen"}}),
        # 002 §04 嵌張: 46m waits on 5m
        ("46m123p456p789s11z", {"5m": {"kanchan"}}),
        # 002 §04 辺張: 12s waits on 3s, 89p on 7p
        ("12s123m456m789m11z", {"3s": {"penchan"}}),
        ("89p123m456m789s11z", {"7p": {"penchan"}}),
        # 002 §04 単騎: four sets done, E waits on E
        ("123m456p789s234s1z", {"1z": {"tanki"}}),
        # 002 §04 双碰: 22m and 發發 wait on 2m or 發
        ("22m123p456p789s66z", {"2m": {"shanpon"}, "6z": {"shanpon"}}),
        # 003: 23m waits 1m 4m; 11m44m 1m 4m; 13m 2m; 12m 3m; 1m 1m
        ("23m123p456p789s11z", {"1m": {"ryanmen"}, "4m": {"ryanmen"}}),
        ("1144m123p456p789s", {"1m": {"shanpon"}, "4m": {"shanpon"}}),
        ("13m123p456p789s11z", {"2m": {"kanchan"}}),
        ("12m123p456p789s11z", {"3m": {"penchan"}}),
        ("1m123p456p789s222z", {"1m": {"tanki"}}),
    ],
)
def test_seed_wait_examples(hand: str, expected: dict[str, set[str]]) -> None:
    assert summary(hand) == expected


def test_thirteen_sided_kokushi_wait() -> None:
    ws = waits(c("19m19p19s1234567z"))
    assert [w.kind for w in ws] == sorted(YAOCHUU)
    assert all(w.shapes == (W.KOKUSHI_13,) and w.remaining == 3 for w in ws)
    single = waits(c("19m19p19s1234566z"))
    assert [(w.kind, w.shapes, w.remaining) for w in single] == [(k("7z"), (W.KOKUSHI_SINGLE,), 4)]


def test_nine_sided_chuuren_wait() -> None:
    ws = waits(c("1112345678999p"))
    assert [w.kind for w in ws] == list(range(9, 18))
    assert all(W.CHUUREN_9 in w.shapes for w in ws)
    # the plain shapes are listed too: 2p completes 111p 22p 345p 678p 999p (tanki) or
    # 123p 11p… so 2p is tanki and ryanmen-free kanchan/penchan as read
    assert W.TANKI in next(w for w in ws if w.kind == k("2p")).shapes
    # a chuuren short of one tile is no nine-sided wait
    assert all(W.CHUUREN_9 not in w.shapes for w in waits(c("1112345678899p")))


def test_seven_pairs_tanki() -> None:
    assert summary("1122m3344p5566s7z") == {"7z": {"seven_pairs_tanki"}}
    # four of a kind is not two pairs: 1111m is no seven-pairs tenpai
    assert waits(c("1111m3344p5566s7z")) == ()


def test_wait_on_tile_held_four_times_shows_zero_remaining() -> None:
    (w,) = waits(c("1111m345p678p999s"))
    # 111m + 1m waits as a single; 11m + 11m as two pairs, one to become a triplet
    assert (w.kind, w.shapes, w.remaining) == (k("1m"), (W.TANKI, W.SHANPON), 0)
    options = advise(c("1111m345p678p999s5z"))
    # cutting a 1m waits on 5z (three live) and comes first; keeping 1111m is shape
    # tenpai on 1m with none left
    assert options[0].discard == k("1m") and options[0].total == 3
    option = next(o for o in options if o.discard == k("5z"))
    assert option.loss == 3
    assert (option.discard, option.shanten, option.kinds, option.remaining, option.total) == (
        k("5z"),
        0,
        (k("1m"),),
        (0,),
        0,
    )


def test_visible_tiles_lower_remaining() -> None:
    seen = c("1m1m4m4m4m")
    ws = waits(c("23m456p789s11122z"), seen)
    assert [(w.kind, w.remaining) for w in ws] == [(k("1m"), 2), (k("4m"), 1)]
    acc = acceptance(c("23m456p789s11122z"), seen)
    assert acc.kinds == (k("1m"), k("4m")) and acc.remaining == (2, 1) and acc.total == 3
    # a kind both held and seen: 4 - held - visible, never below zero
    assert [w.remaining for w in waits(c("1m123p456p789s222z"), c("111m"))] == [0]


def test_bad_input_raises_typed_errors() -> None:
    with pytest.raises(InvalidHandError):
        waits(c("123m456p789s11122z"))  # 14 tiles
    with pytest.raises(InvalidHandError):
        advise(c("123m456p789s1122z"))  # 13 tiles
    with pytest.raises(InvalidHandError):
        acceptance(c("123m456p789s11122z"))
    with pytest.raises(InvalidHandError):
        waits(c("23m456p789s11122z"), [0] * 33)
    with pytest.raises(InvalidHandError):
        advise(c("23m456p789s111225z"), [5] + [0] * 33)


# --- brute force of the wait shapes, from their definitions ---------------------------


@cache
def sets_only(h: tuple[int, ...]) -> bool:
    """Whether ``h`` splits into sets alone (runs and triplets)."""
    i = next((x for x in range(34) if h[x]), -1)
    if i < 0:
        return True
    if h[i] >= 3 and sets_only((*h[:i], h[i] - 3, *h[i + 1 :])):
        return True
    if i < 27 and i % 9 <= 6 and h[i + 1] and h[i + 2]:
        lst = list(h)
        for x in (i, i + 1, i + 2):
            lst[x] -= 1
        return sets_only(tuple(lst))
    return False


def sets_and_pair(h: tuple[int, ...]) -> bool:
    return any(h[p] >= 2 and sets_only((*h[:p], h[p] - 2, *h[p + 1 :])) for p in range(34))


def minus(h: list[int], *kinds: int) -> tuple[int, ...] | None:
    lst = list(h)
    for x in kinds:
        lst[x] -= 1
        if lst[x] < 0:
            return None
    return tuple(lst)


def brute_regular_shapes(hand: list[int], win: int) -> set[WaitShape]:
    """The regular-form shapes: take the waiting block out, the rest must be complete."""
    found: set[WaitShape] = set()
    rest = minus(hand, win)
    if rest is not None and sets_only(rest):
        found.add(W.TANKI)
    rest = minus(hand, win, win)
    if rest is not None and sets_and_pair(rest):
        found.add(W.SHANPON)
    if win < 27:
        n = win % 9
        blocks = []
        if n >= 2:
            blocks.append(((win - 2, win - 1), W.PENCHAN if n == 2 else W.RYANMEN))
        if 1 <= n <= 7:
            blocks.append(((win - 1, win + 1), W.KANCHAN))
        if n <= 6:
            blocks.append(((win + 1, win + 2), W.PENCHAN if n == 6 else W.RYANMEN))
        for (a, b), shape in blocks:
            rest = minus(hand, a, b)
            if rest is not None and sets_and_pair(rest):
                found.add(shape)
    return found


def random_tenpai(rng: random.Random) -> list[int]:
    while True:
        counts = [0] * 34
        suits = rng.sample(range(3), rng.choice((1, 2)))
        for _ in range(4):
            if rng.random() < 0.7:
                s = rng.choice(suits) * 9 + rng.randrange(7)
                for x in (s, s + 1, s + 2):
                    counts[x] += 1
            else:
                counts[rng.choice(suits) * 9 + rng.randrange(9)] += 3
        counts[rng.choice(suits) * 9 + rng.randrange(9)] += 2
        if max(counts) <= 4:
            counts[rng.choice([x for x in range(34) if counts[x]])] -= 1
            return counts


def test_wait_shapes_match_brute_force() -> None:
    rng = random.Random(11)
    multi = 0
    for _ in range(1500):
        hand = random_tenpai(rng)
        ws = waits(hand)
        assert ws, hand
        for w in ws:
            expected = brute_regular_shapes(hand, w.kind)
            plain = set(w.shapes) - {W.CHUUREN_9, W.SEVEN_PAIRS_TANKI}
            assert plain == expected, (hand, w)
            multi += len(plain) > 1
    assert multi > 100  # dense one- and two-suit hands often read several ways


# --- acceptance and the advisor against mahjong's shanten ------------------------------


def test_advisor_matches_mahjong_shanten() -> None:
    rng = random.Random(3)
    wall = [x for x in range(34) for _ in range(4)]
    calc = Shanten.calculate_shanten
    for _ in range(40):
        hand = [0] * 34
        for t in rng.sample(wall, 14):
            hand[t] += 1
        if 4 in hand:
            continue
        options = advise(hand)
        assert sorted(o.discard for o in options) == [x for x in range(34) if hand[x]]
        keys = [(o.shanten, -o.total, o.discard) for o in options]
        assert keys == sorted(keys)
        best = options[0]
        for o in options:
            after = list(hand)
            after[o.discard] -= 1
            assert o.shanten == calc(after)
            accepted = []
            for x in range(34):
                if after[x] < 4:
                    after[x] += 1
                    if calc(after) < o.shanten:
                        accepted.append(x)
                    after[x] -= 1
            assert o.kinds == tuple(accepted)
            assert o.remaining == tuple(4 - hand[x] for x in accepted)
            if o.shanten == best.shanten:
                assert o.loss == best.total - o.total
            else:
                assert o.loss is None


def test_acceptance_of_a_known_hand() -> None:
    # 1-shanten: 23m and 56p wait to become runs; 11z is the pair
    acc = acceptance(c("23m56p789s123s11z7z"))
    assert acc.shanten == 1
    assert format_tiles(acc.kinds) == "14m47p"
    assert acc.total == 16
    assert acc.kinds == tuple(x for x in range(34) if shanten_after(c("23m56p789s123s11z7z"), x))


def shanten_after(hand: list[int], x: int) -> bool:
    plus = list(hand)
    plus[x] += 1
    return Shanten.calculate_shanten(plus) < Shanten.calculate_shanten(hand)


def test_winning_kinds_equal_wait_kinds() -> None:
    rng = random.Random(4)
    for _ in range(300):
        hand = random_tenpai(rng)
        assert winning_kinds(hand) == tuple(w.kind for w in waits(hand))
        assert shanten(hand) == 0


def test_acceptance_tries_every_kind_that_matters() -> None:
    """Acceptance only tries kinds near the hand (and, for 13 tiles, terminals, honors and
    new kinds while fewer than seven are held); trying all 34 gives the same answer."""
    from jantaku.hand import shanten_any

    rng = random.Random(21)
    wall = [x for x in range(34) for _ in range(4)]
    for i in range(3000):
        size = (1, 4, 7, 10, 13)[i % 5]
        if i % 3 == 0:
            suits = rng.sample(range(4), 2)
            pool = [x for x in wall if (x // 9 if x < 27 else 3) in suits]
        else:
            pool = wall
        hand = [0] * 34
        for t in rng.sample(pool, size):
            hand[t] += 1
        base = shanten(hand)
        every = []
        for x in range(34):
            hand[x] += 1
            if shanten_any(hand) < base:
                every.append(x)
            hand[x] -= 1
        acc = acceptance(hand)
        assert (acc.shanten, acc.kinds) == (base, tuple(every)), hand


def test_scoring_gives_the_wait_shapes_hand_analysis_finds() -> None:
    """One vocabulary of waits: the wait scoring gives a win's winning tile is one of the
    shapes hand analysis gives that tile (seven pairs' wait is a tanki in scoring), and
    ``jantaku.scoring.Wait`` is only a deprecated name of :class:`WaitShape`."""
    import jantaku.scoring
    from jantaku.scoring import Riichi, WinSituation, score_win

    for hand, win, shape in (
        ("234m567p11s345678s", "8s", W.RYANMEN),
        ("123m567p11s345s79s", "8s", W.KANCHAN),
        ("123m567p789p11z12s", "3s", W.PENCHAN),
        ("123m567p345s789s1s", "1s", W.TANKI),
        ("123m567p345s11s22z", "2z", W.SHANPON),
        ("19m19p19s1234566z", "7z", W.KOKUSHI_SINGLE),
        ("19m19p19s12345677z", "7z", W.KOKUSHI_13),
    ):
        tiles = parse_tiles(hand)
        win_tile = parse_tiles(win)[0]
        full = tiles if len(tiles) == 14 else [*tiles, win_tile]
        before = list(full)
        before.remove(win_tile)
        s = WinSituation.from_hand(format_tiles(full), win=win, discarder=1, riichi=Riichi.RIICHI)
        r = score_win(s)
        assert r.wait is shape
        found = {w.kind: w.shapes for w in waits(counts34(before))}
        assert shape in found[win_tile], hand
    assert "Wait" not in jantaku.scoring.__all__
    with pytest.warns(DeprecationWarning):
        assert jantaku.scoring.Wait is WaitShape
