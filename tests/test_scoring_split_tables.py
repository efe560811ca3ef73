"""The shipped split tables (``jantaku/data/split_tables.bin``): a fresh generation
equals the shipped file, and every pattern's splits are those a plain search finds."""

from __future__ import annotations

import importlib.util
import random
import sys
from pathlib import Path

from jantaku.scoring.tables import COMPACT, PAIR, SPLITS, compact_splits, suit_splits

ROOT = Path(__file__).resolve().parent.parent
COMPACT_FIELDS = len(COMPACT.unpack(bytes(COMPACT.size)))  # fields of a compact record


def _search(
    counts: list[int], runs_allowed: bool
) -> set[tuple[tuple[int, ...], tuple[int, ...], int]]:
    """Every split into runs, triplets and at most one pair, by plain search."""
    found: set[tuple[tuple[int, ...], tuple[int, ...], int]] = set()

    def walk(c: list[int], runs: tuple[int, ...], trips: tuple[int, ...], pair: int) -> None:
        i = next((k for k, x in enumerate(c) if x), -1)
        if i < 0:
            found.add((runs, trips, pair))
            return
        if c[i] >= 3:
            walk([*c[:i], c[i] - 3, *c[i + 1 :]], runs, (*trips, i), pair)
        if pair < 0 and c[i] >= 2:
            walk([*c[:i], c[i] - 2, *c[i + 1 :]], runs, trips, i)
        if runs_allowed and i + 2 < len(c) and c[i + 1] and c[i + 2]:
            d = list(c)
            for k in range(i, i + 3):
                d[k] -= 1
            walk(d, (*runs, i), trips, pair)

    walk(list(counts), (), (), -1)
    return found


def test_shipped_split_tables_equal_a_fresh_generation() -> None:
    path = ROOT / "tools" / "gen_split_tables.py"
    spec = importlib.util.spec_from_file_location("gen_split_tables", path)
    assert spec is not None and spec.loader is not None
    gen = importlib.util.module_from_spec(spec)
    sys.modules["gen_split_tables"] = gen
    spec.loader.exec_module(gen)
    shipped = (ROOT / "src" / "jantaku" / "data" / "split_tables.bin").read_bytes()
    assert gen.encode() == shipped


def test_every_honor_pattern_against_a_search() -> None:
    table = suit_splits(honors=True)
    seen = 0
    for code in range(5**7):
        counts = [(code // 5**i) % 5 for i in range(7)]
        if sum(counts) > 14:
            continue
        splits = _search(counts, runs_allowed=False)
        assert set(table.get(bytes(counts), ())) == splits, counts
        seen += bool(splits)
    assert seen == len(table) == 498


def test_number_suit_patterns_against_a_search() -> None:
    """Every shipped pattern, and random patterns of at most 14 tiles besides."""
    table = suit_splits(honors=False)
    for pattern, splits in table.items():
        assert set(splits) == _search(list(pattern), runs_allowed=True), list(pattern)
    rng = random.Random(7)
    for _ in range(20_000):
        counts = [rng.choice((0, 0, 1, 1, 2, 3, 4)) for _ in range(9)]
        if sum(counts) > 14:
            continue
        assert set(table.get(bytes(counts), ())) == _search(counts, runs_allowed=True), counts
    assert len(table) == 21743


def test_compact_kinds_bytes_say_pair_and_several_splits() -> None:
    """Each compact record's kinds byte says whether its pattern's splits hold a pair
    and whether the pattern splits more than one way (what the fast path reads to find
    a one-split hand's pair part), checked against a plain search of every pattern."""
    for honors in (False, True):
        table, _, _ = compact_splits(honors=honors)
        for pattern, records in table.items():
            splits = _search(list(pattern), runs_allowed=not honors)
            kinds = {records[i + 3] for i in range(0, len(records), COMPACT_FIELDS)}
            pair = all(p >= 0 for _, _, p in splits)
            assert pair or all(p < 0 for _, _, p in splits), list(pattern)
            for byte in kinds:
                assert bool(byte & PAIR) == pair, list(pattern)
                assert bool(byte & SPLITS) == (len(splits) > 1), list(pattern)
