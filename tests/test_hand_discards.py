"""The advisor's fast twin (jantaku.hand.discards) against the advisor it mirrors."""

from __future__ import annotations

import random

import pytest

from jantaku._loader import is_compiled
from jantaku.errors import InvalidHandError
from jantaku.hand import advise, shanten
from jantaku.hand.discards import best_discards, rate_discards, rate_discards_unchecked
from jantaku.hand.suit_acceptance import clear_memos, discard_totals
from jantaku.hand.tables import (
    _NN,
    _T2,
    _T3,
    accepting_kinds,
    accepting_of_numbers,
    best_discards_of_numbers,
    suit_numbers,
)
from jantaku.tiles import counts34, parse_tiles


def _expected(hand: list[int], seen: list[int] | None) -> tuple[int, tuple[tuple[int, int], ...]]:
    options = advise(hand, seen)
    best = options[0].shanten
    return best, tuple(sorted((o.discard, o.total) for o in options if o.shanten == best))


def _random_hand(rng: random.Random, size: int, dense: bool) -> list[int]:
    """``size`` tiles; ``dense`` draws from one or two suits, so four of a kind and
    long shapes come often."""
    kinds = rng.sample(range(27), 9) if dense else list(range(34))
    wall = [k for k in kinds for _ in range(4)]
    hand = [0] * 34
    for k in rng.sample(wall, size):
        hand[k] += 1
    return hand


@pytest.mark.parametrize("size", [14, 11, 8, 5, 2])
def test_best_discards_are_the_advisors_best_options(size: int) -> None:
    rng = random.Random(size)
    fours = 0
    for i in range(150):
        hand = _random_hand(rng, size, dense=i % 2 == 1)
        fours += 4 in hand
        seen = None
        if i % 3:
            seen = [rng.randint(0, 4 - h) if rng.random() < 0.3 else 0 for h in hand]
        assert best_discards(hand, seen) == _expected(hand, seen), hand
    assert fours > 5 or size < 14  # the four-of-a-kind shapes are met


def test_best_discards_on_named_hands() -> None:
    for text in (
        "1111m345p678p999s5z",  # four of a kind: a fifth 1m is no tile to draw
        "19m19p19s1234567z1m",  # thirteen orphans
        "1133557799m1134p",  # seven pairs
        "11112222333344m",  # every kind four times
        "1112345678999m5z",  # nine gates and a stray honor
        "11m",
    ):
        hand = counts34(parse_tiles(text))
        assert best_discards(hand) == _expected(hand, None), text


def test_the_class_tables_combine_in_any_order() -> None:
    """The twin combines the other suits in another order than the reference: exact
    because combining classes is commutative and associative (every triple checked)."""
    n = _NN
    for a in range(n):
        for b in range(n):
            ab = _T2[a * n + b]
            assert ab == _T2[b * n + a]
            for c in range(n):
                assert _T3[ab + c] == _T3[_T2[b * n + c] + a]


def test_accepting_without_a_fifth_copy_leaves_out_the_kinds_held_four_times() -> None:
    rng = random.Random(5)
    for _ in range(200):
        hand = _random_hand(rng, 13, dense=True)
        base, kinds = accepting_of_numbers(suit_numbers(hand), hand, 13)
        assert (base, kinds) == accepting_kinds(hand)
        assert base == shanten(hand)
        fewer = accepting_of_numbers(suit_numbers(hand), hand, 13, fifth=False)
        assert fewer == (base, tuple(k for k in kinds if hand[k] != 4))


def test_best_discards_of_numbers_leaves_its_arguments_as_they_were() -> None:
    hand = counts34(parse_tiles("123m456p789s11222z"))
    numbers = suit_numbers(hand)
    before = (list(hand), list(numbers))
    best_discards_of_numbers(numbers, hand, 14)
    assert (hand, numbers) == before


@pytest.mark.parametrize(
    ("counts", "visible"),
    [
        (counts34(parse_tiles("123m456p789s1122z")), None),  # 13 tiles
        ([5] + [0] * 33, None),
        ([0] * 33, None),
        ([-1] + [0] * 33, None),
        (["x"] * 34, None),
        (counts34(parse_tiles("23m456p789s111225z")), [5] + [0] * 33),
        (counts34(parse_tiles("23m456p789s111225z")), [0] * 30),
        (7, None),
    ],
)
def test_bad_input_is_a_typed_error(counts: object, visible: object) -> None:
    with pytest.raises(InvalidHandError):
        best_discards(counts, visible)  # type: ignore[arg-type]


def test_rate_discards_rates_as_the_advisor_does() -> None:
    rng = random.Random(11)
    for i in range(120):
        hand = _random_hand(rng, 14, dense=i % 2 == 1)
        seen = [rng.randint(0, 4 - h) if rng.random() < 0.3 else 0 for h in hand]
        kinds = rng.sample(range(34), 8)
        expected = tuple(
            sorted(
                (o.discard, o.shanten, o.total) for o in advise(hand, seen) if o.discard in kinds
            )
        )
        assert rate_discards(hand, seen, kinds) == expected
        # the unchecked twin the bot uses, with the copies left as the bot counts them
        left = [4 - h - v if h + v < 4 else 0 for h, v in zip(hand, seen, strict=True)]
        numbers = suit_numbers(hand)
        before = (list(hand), list(numbers))
        assert rate_discards_unchecked(hand, numbers, bytes(left), sum(hand), kinds) == expected
        assert (hand, numbers) == before
    with pytest.raises(InvalidHandError):
        rate_discards(counts34(parse_tiles("23m456p789s111225z")), None, [34])


def test_discard_totals_sum_the_kinds_best_discards_of_numbers_names() -> None:
    """The suit-and-context twin against the class-table twin, on hands of every size,
    spread, dense (fours, long shapes) and near seven pairs or thirteen orphans, with any
    copies left; and again after its memos are forgotten."""
    rng = random.Random(29)
    for i in range(1200):
        size = (14, 11, 8, 5, 2)[i % 5]
        if i % 7 == 3 and size == 14:  # terminals and honors, pairs: the closed-hand forms
            pool = [k for k in (0, 8, 9, 17, 18, 26, *range(27, 34)) for _ in range(2)]
            hand = [0] * 34
            for k in rng.sample(pool, 12) + rng.sample(range(34), 2):
                hand[k] += 1
            if max(hand) > 4:
                continue
        else:
            hand = _random_hand(rng, size, dense=i % 2 == 1)
        left = [rng.randint(0, 4 - h) for h in hand]
        best, named = best_discards_of_numbers(suit_numbers(hand), hand, size)
        expected = (best, [(d, sum(left[k] for k in kinds)) for d, kinds in named])
        assert discard_totals(suit_numbers(hand), hand, left, size) == expected, hand
        if i % 100 == 0:
            clear_memos()
            assert discard_totals(suit_numbers(hand), hand, bytes(left), size) == expected


def test_discard_totals_leaves_its_arguments_as_they_were() -> None:
    hand = counts34(parse_tiles("1133557799m1134p"))
    numbers = suit_numbers(hand)
    left = [4 - x for x in hand]
    before = (list(hand), list(numbers), list(left))
    discard_totals(numbers, hand, left, 14)
    assert (hand, numbers, left) == before


def test_a_submodule_never_hides_a_name_its_package_gives() -> None:
    """Importing ``jantaku.hand.x`` for the first time sets ``x`` on the package: no module
    of the package loaded later may be named like a name the package exports (as
    ``jantaku.hand.acceptance``, the function, would be by a module of that name)."""
    import importlib
    import pkgutil

    import jantaku.hand

    before = {name: getattr(jantaku.hand, name) for name in jantaku.hand.__all__}
    for info in pkgutil.iter_modules(jantaku.hand.__path__):
        importlib.import_module(f"jantaku.hand.{info.name}")
    after = {name: getattr(jantaku.hand, name) for name in jantaku.hand.__all__}
    assert after == before


@pytest.mark.parametrize("size", [14, 11, 8, 5, 2])
def test_the_lowest_shanten_after_a_discard_is_the_hands_own(size: int) -> None:
    """The efficiency bot reads the lowest shanten a discard leaves from the hand itself
    (``shanten``; tenpai for a complete hand) before it needs the totals."""
    rng = random.Random(40 + size)
    complete = 0
    for i in range(300):
        hand = _random_hand(rng, size, dense=i % 2 == 1)
        s = shanten(hand)
        complete += s < 0
        assert max(s, 0) == best_discards(hand)[0], hand
    for text in ("123m456p789s11222z", "11223344556677z", "19m19p19s12345677z", "11m"):
        hand = counts34(parse_tiles(text))
        assert shanten(hand) == -1
        assert best_discards(hand)[0] == 0
    assert complete or size > 5


def test_the_class_counts_are_the_classes_the_tables_hold() -> None:
    from jantaku.hand.tables import (
        HONOR_CLASS_COUNT,
        HONOR_CLASSES,
        NUMBER_CLASS_COUNT,
        NUMBER_CLASSES,
    )

    assert set(NUMBER_CLASSES) - {255} == set(range(NUMBER_CLASS_COUNT))
    assert set(HONOR_CLASSES) - {255} == set(range(HONOR_CLASS_COUNT))


def test_threads_sharing_the_memos_get_the_answers_one_thread_gets() -> None:
    """New contexts are numbered under a lock: threads filling the memos at once (with
    the interpreter switching threads as often as it can) agree with the class-table
    twin, whose memos are its own."""
    import sys
    from concurrent.futures import ThreadPoolExecutor

    rng = random.Random(77)
    hands = [_random_hand(rng, (14, 11, 8)[i % 3], dense=i % 2 == 0) for i in range(600)]
    expected = []
    for h in hands:
        best, named = best_discards_of_numbers(suit_numbers(h), h, sum(h))
        expected.append((best, [(d, sum(4 - h[k] for k in kinds)) for d, kinds in named]))

    def totals(h: list[int]) -> tuple[int, list[tuple[int, int]]]:
        return discard_totals(suit_numbers(h), h, [4 - x for x in h], sum(h))

    clear_memos()
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        with ThreadPoolExecutor(4) as pool:
            got = list(pool.map(totals, hands))
    finally:
        sys.setswitchinterval(interval)
    assert got == expected


@pytest.mark.skipif(
    is_compiled(), reason="replaces a function the compiled module calls natively: pure run only"
)
def test_discard_totals_takes_both_paths_and_each_agrees_with_the_class_table_twin(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A hand whose seven pairs and thirteen orphans stay far is weighed by the discards
    that keep its own regular shanten; one near either form by the path that weighs them
    too: both met here, on spread, dense and pair-rich closed hands, and both agree with
    the class-table twin."""
    import jantaku.hand.suit_acceptance as suit_acceptance

    near: list[list[int]] = []
    real = suit_acceptance._discard_totals_with_forms

    def spy(
        numbers: list[int], counts: list[int], left: list[int], tiles: int
    ) -> tuple[int, list[tuple[int, int]]]:
        near.append(list(counts))
        return real(numbers, counts, left, tiles)

    monkeypatch.setattr(suit_acceptance, "_discard_totals_with_forms", spy)
    rng = random.Random(31)
    tried = 0
    for i in range(600):
        if i % 3 == 2:  # pairs: seven pairs near
            hand = [0] * 34
            for k in rng.sample(range(34), 6):
                hand[k] += 2
            hand[rng.choice([k for k in range(34) if hand[k] < 4])] += 2
        else:
            hand = _random_hand(rng, 14, dense=i % 3 == 1)
        left = [rng.randint(0, 4 - h) for h in hand]
        best, named = best_discards_of_numbers(suit_numbers(hand), hand, 14)
        expected = (best, [(d, sum(left[k] for k in kinds)) for d, kinds in named])
        assert discard_totals(suit_numbers(hand), hand, left, 14) == expected, hand
        tried += 1
    assert 100 < len(near) < tried - 100


def _near_forms_hand(rng: random.Random, size: int) -> list[int]:
    """``size`` tiles mostly in pairs of terminals and honors: seven pairs and thirteen
    orphans near (for 14 tiles)."""
    pool = [k for k in (0, 8, 9, 17, 18, 26, *range(27, 34)) for _ in range(2)]
    while True:
        hand = [0] * 34
        spread = min(2, size)
        for k in rng.sample(pool, size - spread) + rng.sample(range(34), spread):
            hand[k] += 1
        if max(hand) <= 4:
            return hand


@pytest.mark.parametrize("size", [14, 11, 8, 5, 2])
def test_the_forms_path_agrees_with_the_class_table_twin_on_every_size(size: int) -> None:
    """The path that weighs seven pairs and thirteen orphans, called on any hand (near
    either form, dense, spread; every size, where the forms play no part below 14 tiles)
    with any copies left, against the class-table twin."""
    from jantaku.hand.suit_acceptance import _discard_totals_with_forms

    rng = random.Random(500 + size)
    for i in range(300):
        if i % 3 == 0:
            hand = _near_forms_hand(rng, size)
        else:
            hand = _random_hand(rng, size, dense=i % 3 == 1)
        left = [rng.randint(0, 4 - h) for h in hand]
        best, named = best_discards_of_numbers(suit_numbers(hand), hand, size)
        expected = (best, [(d, sum(left[k] for k in kinds)) for d, kinds in named])
        got = _discard_totals_with_forms(suit_numbers(hand), hand, bytes(left), size)
        assert got == expected, hand
        assert discard_totals(suit_numbers(hand), hand, left, size) == expected, hand


def test_the_forms_plan_reads_each_discards_shanten_as_the_mahjong_package_does() -> None:
    """The lowest shanten and each discard's seven pairs / thirteen orphans shanten that
    the forms path reads from the hand's statistics alone, against the ``mahjong``
    package's shanten of the 13 tiles each discard leaves."""
    from mahjong.shanten import Shanten

    from jantaku.hand.suit_acceptance import _form_plan
    from jantaku.hand.tables import shanten_regular
    from jantaku.tiles import YAOCHUU

    judge = Shanten()
    rng = random.Random(61)
    seen_kinds: set[int] = set()
    for i in range(240):
        hand = _near_forms_hand(rng, 14) if i % 2 else _random_hand(rng, 14, dense=i % 4 == 1)
        yao = [hand[k] for k in YAOCHUU]
        regular = max(shanten_regular(hand), 0)
        best, shanten_by_kind, _, _ = _form_plan(
            hand.count(1),
            hand.count(2),
            sum(c > 2 for c in hand),
            yao.count(1),
            yao.count(2),
            sum(c > 2 for c in yao),
            regular,
        )
        lowest = 99
        for k in range(34):
            if not hand[k]:
                continue
            hand[k] -= 1
            forms = min(
                judge.calculate_shanten_for_chiitoitsu_hand(hand),
                judge.calculate_shanten_for_kokushi_hand(hand),
            )
            lowest = min(lowest, judge.calculate_shanten(hand))
            hand[k] += 1
            kind = 2 * min(hand[k], 3) + (k in YAOCHUU)
            seen_kinds.add(kind)
            assert shanten_by_kind[kind] == forms, (hand, k)
        assert best == lowest, hand
    assert seen_kinds == set(range(2, 8))  # every kind of discard met
