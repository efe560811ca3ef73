"""The distance to every yakuman (P1b, Y27): ``jantaku.scoring.yakuman_distance``.

Three independent witnesses of the measured distances, on seeded random hands drawn
near each yakuman (a complete hand of it, some sets declared as melds, one tile taken
away, then up to four random exchanges):

- target enumeration: every complete hand of the yakuman with the same melds is listed
  from the yakuman's definition (000 手役, RULES Y27), and the distance is the fewest
  tiles the hand lacks of one of them, minus one;
- breadth-first search over exchanges (draw any tile still in the set, discard any tile)
  up to two exchanges deep, which finds tenpai exactly at the measured distance, or
  finds none when the measured distance is three or more;
- the ``mahjong`` package as judge that the complete hands listed are that yakuman.
"""

from __future__ import annotations

import random
from collections.abc import Iterator, Sequence
from functools import cache
from itertools import combinations, combinations_with_replacement

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules
from mahjong.hand_calculating.yaku_config import YakuConfig
from mahjong.meld import Meld as MMeld

from jantaku.errors import InvalidHandError, ScoringError
from jantaku.meld import Meld, MeldKind, parse_meld
from jantaku.rules import TEXTBOOK
from jantaku.scoring import yakuman_claim_payments, yakuman_shanten
from jantaku.scoring.yaku import BY_ID, YAKUMAN
from jantaku.scoring.yakuman_distance import (
    MEASURED,
    SITUATIONAL,
    UNREACHABLE,
    VARIANTS,
    yakuman_distance,
)
from jantaku.tiles import parse_tiles
from scoring_hands import MAHJONG_NAMES

WINDS = (27, 28, 29, 30)
DRAGONS = (31, 32, 33)
HONORS = tuple(range(27, 34))
TERMINALS = (0, 8, 9, 17, 18, 26)
GREEN = (19, 20, 21, 23, 25, 32)  # 2s 3s 4s 6s 8s hatsu
ORPHANS = (*TERMINALS, *HONORS)
TRIPLETS = tuple(("t", k) for k in range(34))
RUNS = tuple(("r", k) for k in range(27) if k % 9 <= 6)
ALL_SETS = TRIPLETS + RUNS
FEW_KINDS = {"tsuuiisou": HONORS, "chinroutou": TERMINALS, "ryuuiisou": GREEN, "kokushi": ORPHANS}

Set = tuple[str, int]  # ("t", kind) a triplet or kan, ("r", lowest kind) a run
MeldSpec = tuple[str, int]  # ("chii" | "pon" | "ankan" | "minkan", kind)


def set_kinds(s: Set) -> tuple[int, int, int]:
    shape, k = s
    return (k, k, k) if shape == "t" else (k, k + 1, k + 2)


def meld_of(spec: MeldSpec) -> Meld:
    shape, k = spec
    if shape == "chii":
        return Meld(MeldKind.CHII, (k, k + 1, k + 2), k, 3)
    if shape == "pon":
        return Meld(MeldKind.PON, (k, k, k), k, 1)
    if shape == "ankan":
        return Meld(MeldKind.ANKAN, (k, k, k, k))
    return Meld(MeldKind.DAIMINKAN, (k, k, k, k), k, 2)


def meld_tiles(specs: Sequence[MeldSpec]) -> list[int]:
    """Physical tiles of the melds, by kind."""
    out = [0] * 34
    for shape, k in specs:
        if shape == "chii":
            for x in (k, k + 1, k + 2):
                out[x] += 1
        else:
            out[k] += 3 if shape == "pon" else 4
    return out


# --- the complete hands of each yakuman, from its definition ------------------------


def yakuman_holds(y: str, specs: Sequence[MeldSpec], sets: Sequence[Set], pair: int) -> bool:
    """Whether melds + concealed sets + pair make yakuman ``y`` (RULES Y27, 000 手役)."""
    all_sets = [("t" if shape != "chii" else "r", k) for shape, k in specs] + list(sets)
    triplets = [k for shape, k in all_sets if shape == "t"]
    kinds = {x for s in all_sets for x in set_kinds(s)} | {pair}
    if y == "daisangen":  # 全ての三元牌で刻子或いは槓子を作る
        return all(d in triplets for d in DRAGONS)
    if y == "shousuushii":  # 風牌の刻子或いは槓子が3つあり、雀頭が風牌
        return pair in WINDS and sum(w in triplets for w in WINDS) == 3
    if y == "daisuushii":  # 全ての風牌で刻子或いは槓子を作る
        return all(w in triplets for w in WINDS)
    if y == "tsuuiisou":  # 字牌のみを使う
        return kinds <= set(HONORS)
    if y == "chinroutou":  # 老頭牌のみを使う
        return kinds <= set(TERMINALS)
    if y == "ryuuiisou":  # 2 3 4 6 8 sou and hatsu only
        return kinds <= set(GREEN)
    if y == "suuankou":  # 全ての面子が暗刻子或いは暗槓子
        return len(triplets) == 4 and all(shape == "ankan" for shape, _ in specs)
    raise AssertionError(y)


def regular(
    y: str,
    specs: Sequence[MeldSpec],
    forced: Sequence[Set],
    extra: Sequence[Set],
    pairs: Sequence[int],
) -> Iterator[tuple[tuple[Set, ...], int]]:
    """Concealed sets (``forced`` ones and the rest from ``extra``) and a pair making ``y``."""
    free = 4 - len(specs) - len(forced)
    if free < 0:
        return
    held = meld_tiles(specs)
    for more in combinations_with_replacement(extra, free):
        sets = (*forced, *more)
        w = held[:]
        for s in sets:
            for x in set_kinds(s):
                w[x] += 1
        if max(w) > 4:
            continue
        for p in pairs:
            if w[p] + 2 <= 4 and yakuman_holds(y, specs, sets, p):
                yield sets, p


def concealed_counts(sets: Sequence[Set], pair: int) -> tuple[int, ...]:
    c = [0] * 34
    for s in sets:
        for x in set_kinds(s):
            c[x] += 1
    c[pair] += 2
    return tuple(c)


@cache
def targets(y: str, specs: tuple[MeldSpec, ...]) -> frozenset[tuple[int, ...]]:
    """The concealed parts (34 counts) of every complete hand of ``y`` with these melds
    (suuankou and suukantsu excepted: see :func:`symmetric_missing`)."""
    melded = {k for shape, k in specs if shape != "chii"}
    out: set[tuple[int, ...]] = set()
    if y == "kokushi":
        if not specs:
            for d in ORPHANS:
                c = [0] * 34
                for k in ORPHANS:
                    c[k] += 1
                c[d] += 1
                out.add(tuple(c))
        return frozenset(out)
    if y == "chuuren":  # 一色で1112345678999と並べ1つが重複, closed
        if not specs:
            for s in range(0, 27, 9):
                for extra in range(9):
                    c = [0] * 34
                    for i, n in enumerate((3, 1, 1, 1, 1, 1, 1, 1, 3)):
                        c[s + i] = n
                    c[s + extra] += 1
                    out.add(tuple(c))
        return frozenset(out)
    if y == "daisangen":
        found = regular(
            y, specs, [("t", d) for d in DRAGONS if d not in melded], ALL_SETS, range(34)
        )
    elif y == "shousuushii":
        found = (
            x
            for p in WINDS
            for x in regular(
                y, specs, [("t", w) for w in WINDS if w != p and w not in melded], ALL_SETS, [p]
            )
        )
    elif y == "daisuushii":
        found = regular(y, specs, [("t", w) for w in WINDS if w not in melded], ALL_SETS, range(34))
    elif y == "tsuuiisou":
        found = regular(y, specs, [], [("t", k) for k in HONORS], HONORS)
        if not specs:  # seven pairs of honors
            out.add(tuple(2 if k in HONORS else 0 for k in range(34)))
    elif y == "chinroutou":
        found = regular(y, specs, [], [("t", k) for k in TERMINALS], TERMINALS)
    elif y == "ryuuiisou":
        found = regular(y, specs, [], [*(("t", k) for k in GREEN), ("r", 19)], GREEN)
    else:
        raise AssertionError(y)
    out.update(concealed_counts(sets, p) for sets, p in found)
    return frozenset(out)


def symmetric_missing(y: str, specs: tuple[MeldSpec, ...], h: Sequence[int]) -> int | None:
    """The fewest tiles ``h`` lacks of a suuankou, over every choice of its four triplets
    and pair; for suukantsu, one more than the exchanges to its tenpai (four declared
    kans and a single tile), where each step draws one tile and then discards or
    declares one kan: the larger of the tiles the four kans lack (each kan's fourth, a
    pon's tile for its kakan) and the kans to declare. These yakuman care only for how
    many of a kind are held: two kinds held alike (as many concealed, none melded) are
    interchangeable, so five kinds of each count stand for all."""
    held = meld_tiles(specs)
    if y == "suuankou" and any(shape != "ankan" for shape, _ in specs):
        return None
    if y == "suukantsu" and any(shape == "chii" for shape, _ in specs):
        return None
    size = 3 if y == "suuankou" else 4
    kinds: list[int] = []
    for count in range(5):
        kinds += [k for k in range(34) if h[k] == count and held[k] == 0][:5]
    kakan = sum(1 - h[k] for shape, k in specs if shape == "pon")
    best: int | None = None
    for sets in combinations(kinds, 4 - len(specs)):
        lack = kakan + sum(size - min(h[k], size) for k in sets)
        if y == "suukantsu":  # tenpai: four kans and any single tile, one kan a step
            m = max(lack, 4 - sum(shape in ("ankan", "minkan") for shape, _ in specs)) + 1
            best = m if best is None else min(best, m)
            continue
        for p in kinds:
            if p not in sets:
                m = lack + 2 - min(h[p], 2)
                if best is None or m < best:
                    best = m
    return best


def true_distance(y: str, specs: tuple[MeldSpec, ...], h: Sequence[int]) -> int | None:
    """The fewest tiles ``h`` lacks of a complete hand of ``y``, minus one."""
    if y in ("suuankou", "suukantsu"):
        m = symmetric_missing(y, specs, h)
        return None if m is None else m - 1
    ts = targets(y, specs)
    if not ts:
        return None
    nz = [k for k in range(34) if h[k]]
    best = min(sum(t) - sum(min(t[k], h[k]) for k in nz) for t in ts)
    return best - 1


# --- hands near each yakuman ---------------------------------------------------------


def random_complete(y: str, rng: random.Random) -> tuple[list[Set], int] | None:
    """A random complete hand of ``y`` as four sets and a pair (None for seven pairs,
    kokushi and chuuren, which are drawn apart)."""
    if y == "suuankou" or y == "suukantsu":
        ks = rng.sample(range(34), 5)
        return [("t", k) for k in ks[:4]], ks[4]
    pool: list[tuple[list[Set], int]] = []
    if y == "daisangen":
        sets: list[Set] = [("t", d) for d in DRAGONS] + [
            rng.choice([s for s in ALL_SETS if s[1] not in DRAGONS])
        ]
        pair = rng.choice([k for k in range(34) if k not in DRAGONS and sets[3] != ("t", k)])
        return sets, pair
    if y == "shousuushii":
        p = rng.choice(WINDS)
        sets = [("t", w) for w in WINDS if w != p] + [
            rng.choice([s for s in ALL_SETS if s[1] not in WINDS])
        ]
        return sets, p
    if y == "daisuushii":
        return [("t", w) for w in WINDS], rng.choice([k for k in range(34) if k not in WINDS])
    family = {"tsuuiisou": HONORS, "chinroutou": TERMINALS, "ryuuiisou": GREEN}[y]
    pool = [
        (list(sets_), p)
        for sets_, p in regular(
            y,
            (),
            [],
            [*(("t", k) for k in family), *((("r", 19),) if y == "ryuuiisou" else ())],
            family,
        )
    ]
    return rng.choice(pool)


def near_hand(y: str, rng: random.Random) -> tuple[tuple[MeldSpec, ...], list[int]]:
    """A hand near ``y``: melds and 13 - 3 × melds concealed counts."""
    specs: list[MeldSpec] = []
    c = [0] * 34
    if y == "kokushi" or (y == "tsuuiisou" and rng.random() < 0.2) or y == "chuuren":
        target = rng.choice(sorted(targets(y, ())))
        c = list(target)
    else:
        drawn = random_complete(y, rng)
        assert drawn is not None
        sets, pair = drawn
        rng.shuffle(sets)
        m = rng.choice((0, 0, 1, 1, 2, 3, 4))
        if y == "suuankou":
            m = min(m, 2)
        if y == "suukantsu":
            m = rng.choice((1, 2, 3, 3, 4, 4))
        for i, s in enumerate(sets):
            if i < m:
                if y == "suuankou":
                    specs.append(("ankan", s[1]))
                elif s[0] == "r":
                    specs.append(("chii", s[1]))
                elif sum(x == s[1] for t in sets for x in set_kinds(t)) + 2 * (pair == s[1]) > 3:
                    specs.append(("pon", s[1]))  # no fourth tile left for a kan
                else:
                    kans = ("ankan", "minkan", "minkan", "pon")
                    plain = ("pon", "pon", "ankan", "minkan")
                    specs.append((rng.choice(kans if y == "suukantsu" else plain), s[1]))
            else:
                for x in set_kinds(s):
                    c[x] += 1
                if y == "suukantsu" and rng.random() < 0.7:
                    c[s[1]] += 1  # the fourth tile already held
        c[pair] += 2
    held = meld_tiles(specs)
    size = 13 - 3 * len(specs)
    family = {
        "tsuuiisou": HONORS,
        "chinroutou": TERMINALS,
        "ryuuiisou": GREEN,
        "kokushi": ORPHANS,
        "daisangen": DRAGONS,
        "shousuushii": WINDS,
        "daisuushii": WINDS,
    }.get(y, tuple(range(34)))

    def drop() -> None:
        k = rng.choice([k for k in range(34) for _ in range(c[k])])
        c[k] -= 1

    while sum(c) > size:
        drop()
    for _ in range(rng.choice((0, 1, 2, 2, 3, 3, 4, 4, 5))):
        choices = [k for k in family if c[k] + held[k] < 4]
        if not choices or rng.random() < 0.5:
            choices = [k for k in range(34) if c[k] + held[k] < 4]
        c[rng.choice(choices)] += 1
        drop()
    return tuple(specs), c


def tiles_of(c: Sequence[int]) -> tuple[int, ...]:
    return tuple(k for k in range(34) for _ in range(c[k]))


def hands(seed: int, per_yakuman: int) -> list[tuple[str, tuple[MeldSpec, ...], list[int]]]:
    rng = random.Random(seed)
    return [(y, *near_hand(y, rng)) for y in MEASURED for _ in range(per_yakuman)]


# --- breadth-first search over exchanges ---------------------------------------------


@cache
def tenpai_states(y: str, specs: tuple[MeldSpec, ...]) -> frozenset[tuple[int, ...]]:
    """Every concealed 13 - 3 × melds part one tile short of a complete hand of ``y``."""
    out = set()
    for t in targets(y, specs):
        for k in range(34):
            if t[k]:
                c = list(t)
                c[k] -= 1
                out.add(tuple(c))
    return frozenset(out)


def is_tenpai(y: str, specs: tuple[MeldSpec, ...], c: tuple[int, ...]) -> bool:
    if y == "suuankou":  # a tanki on four concealed triplets, or a shanpon on two pairs
        if any(shape != "ankan" for shape, _ in specs):
            return False
        n = 4 - len(specs)
        shape = sorted(x for x in c if x)
        return shape in ([1] + [3] * n, [2, 2] + [3] * (n - 1))
    return c in tenpai_states(y, specs)


def bfs_distance(y: str, specs: tuple[MeldSpec, ...], h: Sequence[int], depth: int) -> int | None:
    """Exchanges (draw a tile still in the set, discard one) until tenpai on ``y``,
    searched breadth first up to ``depth`` exchanges; None if none is found.

    The hands ``k`` exchanges reach are the hand less ``k`` of its tiles plus ``k``
    drawn ones (a drawn tile discarded again is an exchange wasted), so each level is
    listed directly. For a yakuman of few kinds only those are drawn: its tenpai hands
    hold no other, so drawing another is an exchange wasted."""
    if y == "suukantsu":
        return bfs_suukantsu(specs, h, depth)
    held = meld_tiles(specs)
    tiles = tiles_of(h)
    kinds = FEW_KINDS.get(y, range(34))
    for d in range(depth + 1):
        for out in set(combinations(tiles, d)):
            rest = list(h)
            for x in out:
                rest[x] -= 1
            for drawn in combinations_with_replacement(kinds, d):
                s = rest[:]
                for x in drawn:
                    s[x] += 1
                if all(s[x] + held[x] <= 4 for x in drawn) and is_tenpai(y, specs, tuple(s)):
                    return d
    return None


def bfs_suukantsu(specs: tuple[MeldSpec, ...], h: Sequence[int], depth: int) -> int | None:
    """As :func:`bfs_distance` for suukantsu, where a drawn tile may instead make a kan
    (an ankan of four held, a kakan on a pon), the replacement tile being the next draw;
    tenpai is four declared kans and one tile."""
    if any(shape == "chii" for shape, _ in specs):
        return None
    kans = tuple(sorted(k for shape, k in specs if shape != "pon"))
    pons = tuple(sorted(k for shape, k in specs if shape == "pon"))
    State = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]
    start: State = (tuple(h), kans, pons)
    level = {start}
    seen = {start}
    for d in range(depth + 1):
        if any(len(k) == 4 and sum(c) == 1 for c, k, _ in level):
            return d
        nxt: set[State] = set()
        for c, ks, ps in level:
            held = meld_tiles([*(("ankan", k) for k in ks), *(("pon", k) for k in ps)])
            for t in range(34):
                if c[t] + held[t] >= 4:
                    continue
                n = list(c)
                n[t] += 1
                moves: list[State] = []
                for x in range(34):
                    if n[x] and x != t:
                        m = n[:]
                        m[x] -= 1
                        moves.append((tuple(m), ks, ps))
                for k in range(34):
                    if n[k] == 4:
                        m = n[:]
                        m[k] = 0
                        moves.append((tuple(m), tuple(sorted((*ks, k))), ps))
                    if k in ps and n[k] >= 1:
                        m = n[:]
                        m[k] -= 1
                        rest = tuple(p for p in ps if p != k)
                        moves.append((tuple(m), tuple(sorted((*ks, k))), rest))
                for s in moves:
                    if s not in seen:
                        seen.add(s)
                        nxt.add(s)
        level = nxt
    return None


# --- the tests -----------------------------------------------------------------------


def measured(specs: tuple[MeldSpec, ...], h: Sequence[int]) -> dict[str, int | None]:
    return dict(yakuman_distance(tiles_of(h), [meld_of(s) for s in specs]).distances)


def test_every_registry_yakuman_is_measured_or_said_why_not() -> None:
    """Every yakuman of the registry is measured, a wait variant of a measured one, or
    a yakuman of the turn of the win; the ids are the registry's."""
    ids = {y.id for y in YAKUMAN}
    assert set(MEASURED) | set(VARIANTS) | SITUATIONAL == ids
    assert set(MEASURED).isdisjoint(VARIANTS) and set(MEASURED).isdisjoint(SITUATIONAL)
    assert all(BY_ID[v].yakuman and BY_ID[b].yakuman for v, b in VARIANTS.items())


def test_distances_equal_the_enumeration_of_complete_hands() -> None:
    """For 400 seeded hands near the ten yakuman, every yakuman's measured distance is
    the fewest tiles the hand lacks of one of its complete hands, minus one; distances
    0 to 3 all occur for each yakuman."""
    seen: dict[str, set[int]] = {y: set() for y in MEASURED}
    for y, specs, h in hands(20261130, 40):
        got = measured(specs, h)
        for other in MEASURED:
            assert got[other] == true_distance(other, specs, h), (other, specs, tiles_of(h))
        d = got[y]
        assert d is not None
        seen[y].add(d)
        assert yakuman_shanten(tiles_of(h), [meld_of(s) for s in specs]) == min(
            x for x in got.values() if x is not None
        )
    for y in MEASURED:
        assert {0, 1, 2, 3} <= seen[y], (y, seen[y])


def _checked_by_search(long_suukantsu: bool) -> dict[str, set[int]]:
    """The measured distances that the breadth-first search confirmed, per yakuman."""
    deep: dict[tuple[str, int], int] = {}
    checked: dict[str, set[int]] = {y: set() for y in MEASURED}
    for y, specs, h in hands(7, 30):
        d = measured(specs, h)[y]
        assert d is not None
        few = y in FEW_KINDS or (y == "suukantsu" and len(specs) >= 3)  # small searches
        depth = min(d, 3 if few else 2)
        # suukantsu searched three deep, or two deep with few melds, takes a minute
        if not long_suukantsu and y == "suukantsu" and (depth == 3 or (depth == 2 and not few)):
            continue
        if depth >= 2:  # the deep searches are the slow ones: three of each per yakuman
            if deep.get((y, min(d, depth + 1)), 0) >= 3:
                continue
            deep[y, min(d, depth + 1)] = deep.get((y, min(d, depth + 1)), 0) + 1
        assert bfs_distance(y, specs, h, depth) == (d if d <= depth else None), (y, specs, h)
        checked[y].add(d)
    return checked


def test_distances_equal_a_breadth_first_search_over_exchanges() -> None:
    """Tenpai is first reached after the measured number of exchanges, on 300 seeded
    hands: searched three exchanges deep for the yakuman of few kinds (tsuuiisou,
    chinroutou, ryuuiisou, kokushi) and suukantsu with three melds or more, two deep for
    the others, where a hand measured three or more away must not be tenpai after two
    exchanges. Suukantsu three away is searched in the slow test below."""
    checked = _checked_by_search(long_suukantsu=False)
    for y in MEASURED:
        assert ({0, 1, 2} if y == "suukantsu" else {0, 1, 2, 3}) <= checked[y], (y, checked[y])


@pytest.mark.slow
def test_distances_equal_a_breadth_first_search_with_suukantsu_three_away() -> None:
    """As above with the suukantsu searches of a minute: three away, and two away with
    fewer than three melds."""
    checked = _checked_by_search(long_suukantsu=True)
    for y in MEASURED:
        assert {0, 1, 2, 3} <= checked[y], (y, checked[y])


@settings(max_examples=80, deadline=None, derandomize=True)
@given(
    st.permutations(range(136)).map(lambda ids: sorted(i // 4 for i in ids[:13])),
    st.sampled_from(
        [(), (("pon", 31),), (("chii", 19),), (("ankan", 27), ("pon", 0)), (("minkan", 8),)]
    ),
)
def test_any_hand_equals_the_enumeration(kinds: list[int], specs: tuple[MeldSpec, ...]) -> None:
    """Hands of any tiles, most far from every yakuman, with a few melds: each measured
    distance is the enumeration's."""
    h = [0] * 34
    held = meld_tiles(specs)
    for k in kinds[: 13 - 3 * len(specs)]:
        if h[k] + held[k] < 4:
            h[k] += 1
    k = 0
    while sum(h) < 13 - 3 * len(specs):  # a tile taken by a meld: the next free kind
        if h[k] + held[k] < 4:
            h[k] += 1
        k = (k + 1) % 34
    got = measured(specs, h)
    for y in MEASURED:
        assert got[y] == true_distance(y, specs, h), (y, specs, tiles_of(h))


def _mahjong_yakuman(specs: tuple[MeldSpec, ...], concealed: Sequence[int], y: str) -> set[str]:
    ids: list[int] = []
    used = [0] * 34

    def take(k: int) -> int:
        used[k] += 1
        return 4 * k + used[k] - 1

    melds = []
    for shape, k in specs:
        if shape == "chii":
            tiles = [take(k), take(k + 1), take(k + 2)]
            melds.append(MMeld(MMeld.CHI, tiles, True))
        elif shape == "pon":
            tiles = [take(k) for _ in range(3)]
            melds.append(MMeld(MMeld.PON, tiles, True))
        else:
            tiles = [take(k) for _ in range(4)]
            melds.append(MMeld(MMeld.KAN, tiles, shape != "ankan"))
        ids += tiles
    hand = [take(k) for k in range(34) for _ in range(concealed[k])]
    config = HandConfig(is_tsumo=True, options=OptionalRules(has_double_yakuman=False))
    result = HandCalculator.estimate_hand_value(ids + hand, hand[-1], melds, [], config)
    assert result.error is None, (y, specs, concealed, result.error)
    names = {x.yaku_id: k for k, x in vars(YakuConfig()).items()}
    found = {MAHJONG_NAMES.get(names[v.yaku_id], names[v.yaku_id]) for v in result.yaku}
    return {VARIANTS.get(n, n) for n in found}


def test_the_complete_hands_listed_are_yakuman_for_the_mahjong_package() -> None:
    """The enumerated complete hands (a seeded sample, melds included) score the yakuman
    in the ``mahjong`` package, so the enumeration is of real yakuman hands."""
    rng = random.Random(5)
    cases: list[tuple[str, tuple[MeldSpec, ...]]] = [(y, ()) for y in MEASURED]
    cases += [
        ("daisangen", (("pon", 31), ("chii", 3))),
        ("shousuushii", (("minkan", 27),)),
        ("daisuushii", (("pon", 28), ("ankan", 29))),
        ("tsuuiisou", (("pon", 33),)),
        ("chinroutou", (("ankan", 8),)),
        ("ryuuiisou", (("chii", 19), ("pon", 32))),
    ]
    for y, specs in cases:
        if y in ("suuankou", "suukantsu"):
            continue
        for t in rng.sample(sorted(targets(y, specs)), 4):
            assert y in _mahjong_yakuman(specs, t, y), (y, specs, t)
    # seven pairs of honors is tsuuiisou
    pairs = [2 if k in HONORS else 0 for k in range(34)]
    assert "tsuuiisou" in _mahjong_yakuman((), pairs, "tsuuiisou")
    # four concealed triplets won by tsumo, four kans with a pair
    t = [0] * 34
    for k in (0, 10, 20, 30):
        t[k] = 3
    t[33] = 2
    assert "suuankou" in _mahjong_yakuman((), t, "suuankou")
    t = [0] * 34
    t[5] = 2
    kans: tuple[MeldSpec, ...] = (("ankan", 0), ("minkan", 12), ("minkan", 27), ("ankan", 33))
    assert "suukantsu" in _mahjong_yakuman(kans, t, "suukantsu")


@pytest.mark.parametrize(
    ("hand", "melds", "expected"),
    [
        # daisangen with a pon of haku: hatsu and chun still to make
        ("1112223334s", "[5-55z]", {"daisangen": 5, "ryuuiisou": None, "suuankou": None}),
        # shousuushii / daisuushii / tsuuiisou on the same winds
        ("11122233344z56m", "", {"shousuushii": 0, "daisuushii": 1, "tsuuiisou": 2}),
        # seven pairs of honors is tsuuiisou; its regular form is farther
        ("1122334455667z", "", {"tsuuiisou": 0}),
        # ryuuiisou with a chii of 234s; a chii of 345s rules it out
        ("66888s666z22s3s", "[2-34s]", {"ryuuiisou": 0}),
        ("66888s666z22s3s", "[3-45s]", {"ryuuiisou": None}),
        # chuuren tenpai on nine kinds, any meld rules it out
        ("1112345678999p", "", {"chuuren": 0}),
        # suukantsu: three kans and a concealed triplet is one kan away
        ("1112m", "[1111z][2222z][3333z]", {"suukantsu": 1, "suuankou": 0}),
        # four kans and one tile is tenpai on suukantsu
        ("2m", "[1111z][2222z][3333z][4444z]", {"suukantsu": 0, "suuankou": 0}),
    ],
)
def test_hands_by_hand(hand: str, melds: str, expected: dict[str, int | None]) -> None:
    """Distances worked out by hand from the definition."""
    tiles = parse_tiles(hand)
    ms = [parse_meld(f"[{m}") for m in melds.split("[")[1:]]
    if len(tiles) + 3 * len(ms) == 14:
        tiles = tiles[:-1]
    d = yakuman_distance(tiles, ms)
    for y, v in expected.items():
        assert d.of(y) == v, (hand, melds, y, d.of(y))


def test_unreachable_and_errors() -> None:
    """Four chii of plain runs rule every yakuman out; bad hands and ids raise."""
    ms = [parse_meld(x) for x in ("[1-23m]", "[4-56p]", "[7-89s]", "[1-23p]")]
    d = yakuman_distance(parse_tiles("5z"), ms)
    assert d.shanten == UNREACHABLE and d.nearest is None and d.within(13) == ()
    assert yakuman_shanten(parse_tiles("5z"), ms) == UNREACHABLE
    with pytest.raises(InvalidHandError):
        yakuman_distance(parse_tiles("123m"))
    with pytest.raises(InvalidHandError):
        yakuman_distance(parse_tiles("11111m22223333p"))
    with pytest.raises(InvalidHandError):
        yakuman_distance(parse_tiles("1m2345678m123p11z"), [parse_meld("[1111m]")])
    red = yakuman_distance(parse_tiles("0m555p777s111222z"))  # a red five counts as a five
    assert red == yakuman_distance(parse_tiles("5m555p777s111222z")) and red.of("suuankou") == 0
    full = yakuman_distance(parse_tiles("19m19p19s1234567z"))
    for bad in ("kokushi_13", "tenhou", "pinfu"):
        with pytest.raises(ScoringError):
            full.of(bad)
    assert full.within(0) == ("kokushi",)


def test_claim_with_an_open_yakuman() -> None:
    """P1b now reaches open yakuman: daisangen with a pon of haku, one tile away, claims."""
    hand = parse_tiles("6z777z123m99p1s")
    pon = [parse_meld("[5-55z]")]
    assert yakuman_shanten(hand, pon) == 1
    assert yakuman_claim_payments(1, 3, hand, pon, dealer=0, rules=TEXTBOOK) == (
        0,
        -30000,
        0,
        30000,
    )
