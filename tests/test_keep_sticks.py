"""Point sticks: the seeds' set shared out, and every payment of real games paid in
sticks the payer holds, with change the receiver holds, no point lost."""

from __future__ import annotations

import pytest

import corpus
from jantaku.keep import Hand, Match, Winner
from jantaku.keep.sticks import (
    SEED_SET,
    Sticks,
    deal_for,
    plan_transfer,
    starting_sticks,
    stick_plan,
)
from jantaku.logs.tenhou import read_game
from jantaku.rules import TENHOU, WRC
from test_keep_tenhou import _entries, _sample

SEED_000 = (corpus.SEEDS / "000_f6a43ac494d58924.txt").read_text()


def test_000_stick_set() -> None:
    # 000 用具 点棒: １万点棒４本 ５千点棒８本 千点棒１６本 百点棒１００本
    for line in ("１万点棒４本", "５千点棒８本", "千点棒１６本", "百点棒１００本"):
        assert line in SEED_000
    assert SEED_SET == (4, 8, 16, 100)
    deal = starting_sticks(25000, 4)
    assert all(p == Sticks((1, 2, 4, 10)) for p in deal.players)
    assert deal.box == Sticks((0, 0, 0, 60))
    assert sum(p.value for p in deal.players) + deal.box.value == 106000


def test_plan_transfer_pays_exactly_what_is_owed() -> None:
    payer, receiver = Sticks((1, 2, 4, 10)), Sticks((0, 0, 0, 0))
    t = plan_transfer(2600, payer, receiver)  # the receiver has nothing to give back
    assert t.handed.value == 2600 and t.change == Sticks()
    t = plan_transfer(100_000, payer, receiver)
    assert t.short == 100_000 - payer.value


def _games() -> list[Match]:
    matches = []
    for path in _sample()[::6]:
        game = read_game(path)
        m = Match.new(game.rules, tuple(f"p{i}" for i in range(game.players)))
        for hand in _entries(game):
            m = m.add(hand)
        matches.append(m)
    return matches


@pytest.mark.parametrize("match", _games(), ids=lambda m: f"{len(m.entries)} hands")
def test_sticks_follow_the_scores_of_real_games(match: Match) -> None:
    rules = match.rules
    n = rules.players
    plan = stick_plan(match)
    held = list(deal_for(rules.start_points, n).players)
    table = Sticks()
    for record, moves in zip(match.ledger().hands, plan, strict=True):
        for t in moves:
            source = table if t.payer is None else held[t.payer]
            if t.exchange:
                assert t.handed.value == t.amount
                source = Sticks((0, 0, 0, 0)) + t.handed + _rest(source.value - t.amount)
            assert min((source - t.handed).counts) >= 0, "handed sticks the payer holds"
            assert t.handed.value - t.change.value == t.amount - t.short
            source = source - t.handed + t.change
            target = table if t.receiver is None else held[t.receiver]
            target = target + t.handed - t.change
            assert min(target.counts) >= 0, "change the receiver holds"
            if t.payer is None:
                table = source
            else:
                held[t.payer] = source
            if t.receiver is None:
                table = target
            else:
                held[t.receiver] = target
        if min(record.scores) >= 0:
            assert [h.value for h in held] == list(record.scores)
    assert table.value == match.ledger().deposits * rules.riichi_deposit


def _rest(value: int) -> Sticks:
    counts = []
    for d in (10000, 5000, 1000, 100):
        counts.append(value // d)
        value %= d
    return Sticks((counts[0], counts[1], counts[2], counts[3]))


def test_thirty_thousand_start_uses_two_sets() -> None:
    m = Match.new(WRC, "ABCD").add(Hand.draw((1,)))
    moves = stick_plan(m)[0]
    assert sum(t.amount for t in moves) == 3000
    m = Match.new(TENHOU, "ABCD").add(Hand.tsumo(Winner(seat=0, limit="yakuman")))
    assert [t.amount for t in stick_plan(m)[0]] == [16000, 16000, 16000]


def test_exact_change_is_the_fewest_sticks_a_full_search_finds() -> None:
    import itertools
    import random

    from jantaku.keep.sticks import DENOMINATIONS, _exact

    rng = random.Random(1)
    for _ in range(400):
        held = Sticks((rng.randint(0, 2), rng.randint(0, 3), rng.randint(0, 6), rng.randint(0, 25)))
        value = rng.randrange(0, 40000, 100)
        best = None
        for c in itertools.product(*(range(h + 1) for h in held.counts)):
            worth = sum(x * d for x, d in zip(c, DENOMINATIONS, strict=True))
            if worth == value and (best is None or sum(c) < sum(best)):
                best = c
        got = _exact(value, held)
        assert (got is None) == (best is None), (held, value)
        if got is not None and best is not None:
            assert got.value == value and got.number == sum(best)
