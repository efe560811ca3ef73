"""Limits in one place (S3–S5), the scoring caches keyed by value, and the payment split.

- :mod:`jantaku.scoring.limits` is the one table of limits: the scorer, the score tables
  and the tenhou.net/6 writer's score text give the same limit under every preset
  (kiriage mangan and kazoe yakuman included);
- the caches of :mod:`jantaku.scoring.fast` are keyed by the rules' value: equal
  :class:`~jantaku.rules.Rules` share an entry, and a Rules scored with and dropped is
  collected;
- :func:`jantaku.scoring.win_payments` splits a win as :func:`score_win` does.
"""

from __future__ import annotations

import gc
import sys
from dataclasses import replace

import pytest

from jantaku.errors import ArgumentTypeError, JantakuError
from jantaku.events import EndKyoku, Hora, StartGame, StartKyoku, Tsumo
from jantaku.logs.tenhou import to_tenhou6
from jantaku.rules import PRESETS, TENHOU, Rules
from jantaku.scoring import (
    LIMIT_BASIC,
    Limit,
    Riichi,
    WinResult,
    WinSituation,
    basic_points,
    has_yaku,
    limit_of,
    score_win,
    win_payments,
)
from jantaku.scoring import fast as fast_path
from jantaku.scoring import score as reference
from jantaku.tiles import parse_tiles
from scoring_hands import random_hands, with_rules

KIRIAGE = replace(TENHOU, kiriage_mangan=True)
NO_KAZOE = replace(TENHOU, kazoe_yakuman=False)


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_limit_of_agrees_with_basic_points(name: str) -> None:
    """The lenient ``limit_of`` and the strict ``basic_points`` read one table."""
    rules = PRESETS[name]
    for han in range(1, 20):
        for fu in (20, 25, 30, 40, 50, 60, 70, 80, 90, 100, 110):
            basic, limit = basic_points(han, fu, rules)
            assert limit_of(han, fu, rules) is limit
            assert basic == (LIMIT_BASIC[limit] if limit is not Limit.NONE else fu << han + 2)


def test_the_two_limit_options() -> None:
    assert basic_points(4, 30, TENHOU) == (1920, Limit.NONE)
    assert basic_points(4, 30, KIRIAGE) == (2000, Limit.MANGAN)
    assert basic_points(3, 60, KIRIAGE) == (2000, Limit.MANGAN)
    assert basic_points(3, 50, KIRIAGE) == (1600, Limit.NONE)
    assert basic_points(13, 30, TENHOU) == (8000, Limit.KAZOE_YAKUMAN)
    assert basic_points(13, 30, NO_KAZOE) == (6000, Limit.SANBAIMAN)
    assert limit_of(2, 0, TENHOU, yakuman=1) is Limit.YAKUMAN


def _played(rules: Rules, situation: WinSituation) -> tuple[WinResult, list[str | int]]:
    """The win scored, and what a tenhou.net/6 record of it written under ``rules``
    says of it (the winner, the payer, the liable seat, the score text, the yaku)."""
    s = replace(situation, rules=rules)
    r = score_win(s)
    yaku = tuple((y.id, y.han) for y in r.yaku) + (("dora", r.dora),) * bool(r.dora)
    hands = [parse_tiles(h) for h in ("1112345678999p", "1112345678999s", "1112223334445z")]
    winner_hand = list(s.concealed)
    winner_hand.remove(s.win_tile)
    tehais = (tuple(hands[0][:13]), tuple(winner_hand), tuple(hands[1][:13]), tuple(hands[2][:13]))
    events = [
        StartGame(("A", "B", "C", "D"), rules=rules.to_dict()),
        StartKyoku(
            bakaze=27,
            kyoku=1,
            honba=0,
            kyotaku=0,
            oya=0,
            dora_marker=s.dora_indicators[0],
            scores=(25000,) * 4,
            tehais=tehais,
        ),
        Tsumo(1, s.win_tile),
        Hora(
            actor=1,
            target=1 if s.discarder is None else s.discarder,
            pai=s.win_tile,
            deltas=r.deltas,
            yaku=yaku,
            han=r.han,
            fu=r.fu,
            points=r.total,
        ),
        EndKyoku(),
    ]
    result = to_tenhou6(events)["log"][0][-1]
    return r, result[2]


# riichi, menzen tsumo, tanyao and one dora: 4 han; 20 + 2 tsumo + 4 for 222s = 30 fu
TSUMO_4_30 = WinSituation.from_hand(
    "234m567p222s34566s", win="6s", winner=1, dealer=0, riichi=Riichi.RIICHI, dora="3s"
)
# riichi, tanyao, pinfu and one dora by ron: 4 han 30 fu
RON_4_30 = WinSituation.from_hand(
    "234m567p234s34566s", win="5s", winner=1, dealer=0, discarder=3, riichi=Riichi.RIICHI,
    dora="1m",
)  # fmt: skip


@pytest.mark.parametrize(
    ("rules", "tsumo_text", "ron_text"),
    [
        (TENHOU, "30符4飜2000-3900点", "30符4飜7700点"),
        (KIRIAGE, "満貫2000-4000点", "満貫8000点"),
        (PRESETS["mleague"], "満貫2000-4000点", "満貫8000点"),
    ],
)
def test_tenhou6_writer_labels_limits_as_the_scorer(
    rules: Rules, tsumo_text: str, ron_text: str
) -> None:
    """A 4 han 30 fu win written to tenhou.net/6 under a kiriage rule is a mangan, as
    the scorer says, and the tsumo payments in the text are the scorer's."""
    for situation, text in ((TSUMO_4_30, tsumo_text), (RON_4_30, ron_text)):
        r, info = _played(rules, situation)
        assert (r.han, r.fu) == (4, 30)
        assert info[3] == text
        assert (r.limit is Limit.MANGAN) == text.startswith("満貫")
    r, _ = _played(rules, TSUMO_4_30)
    assert f"{r.payments[2]}-{r.payments[0]}点" in tsumo_text


def test_tenhou6_writer_kazoe_option() -> None:
    """13 han without kazoe yakuman is a sanbaiman in the record, as the scorer says."""
    # riichi, tanyao, chinitsu, pinfu, ryanpeikou (12 han) and a dora
    s = WinSituation.from_hand(
        "22334455667788m", win="5m", winner=1, dealer=0, discarder=3, riichi=Riichi.RIICHI,
        dora="1m",
    )  # fmt: skip
    with_kazoe, info = _played(TENHOU, s)
    assert with_kazoe.han == 14 and with_kazoe.limit is Limit.KAZOE_YAKUMAN
    assert info[3] == f"役満{with_kazoe.total}点"
    without, info = _played(NO_KAZOE, s)
    assert without.limit is Limit.SANBAIMAN and info[3] == f"三倍満{without.total}点"


def test_equal_rules_share_cache_entries_and_dropped_rules_are_collected() -> None:
    """The scoring caches are keyed by the rules' value: two equal Rules made apart give
    one token and one context, and a Rules used to score and then dropped is
    collected (nothing in the caches holds it)."""
    reference.clear_cache()
    hands = [h.situation for h in random_hands(20261201, 50)]
    first = replace(TENHOU, start_points=30000)
    second = replace(TENHOU, start_points=30000)
    assert first == second and first is not second
    assert fast_path._rules_token(first) == fast_path._rules_token(second)
    assert fast_path._rules_token(first) != fast_path._rules_token(TENHOU)
    s1, s2 = with_rules(hands[0], first), with_rules(hands[0], second)
    context = fast_path.situation_context(s1)
    entries = len(fast_path._CONTEXTS)
    assert fast_path.situation_context(s2) == context  # one entry, found again
    assert len(fast_path._CONTEXTS) == entries
    contexts = len(fast_path._CONTEXTS)
    _use(with_rules(hands[0], first))
    held = sys.getrefcount(second)  # the test's own references
    for s in hands:
        _use(with_rules(s, second))
    _use(with_rules(hands[0], first))  # the last rules seen are these now
    gc.collect()
    assert sys.getrefcount(second) == held  # nothing in the caches holds the others
    for s in hands:  # the entries the dropped rules made serve the equal rules
        _use(with_rules(s, first))
    assert len(fast_path._CONTEXTS) >= contexts
    before = len(fast_path._CONTEXTS)
    for s in hands:
        _use(with_rules(s, replace(TENHOU, start_points=30000)))
    assert len(fast_path._CONTEXTS) == before


def test_caches_are_bounded() -> None:
    """Each cache is cleared when it holds its bound of entries."""
    reference.clear_cache()
    for i in range(fast_path._RULES_CACHE_SIZE + 5):
        fast_path._rules_token(replace(TENHOU, yakitori=100 * (i + 1)))
    assert len(fast_path._RULES_TOKENS) <= fast_path._RULES_CACHE_SIZE
    assert fast_path.CACHE_SIZE == 1 << 16


def _use(s: WinSituation) -> None:
    try:
        has_yaku(s)
        score_win(s)
    except JantakuError:
        pass


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_win_payments_as_score_win(name: str) -> None:
    """The public payment split gives score_win's deltas, payments and total (ron and
    tsumo, dealer and not, honba and deposits, the three-player tsumo split)."""
    rules = PRESETS[name]
    if rules.players == 4:
        wins = [with_rules(h.situation, rules) for h in random_hands(20261202, 200)]
    else:
        wins = [
            WinSituation.from_hand(hand, win=win, winner=winner, dealer=dealer,
                                   discarder=discarder, riichi=Riichi.RIICHI, rules=rules)
            for hand, win in (("111m999m123p456s11z", "6s"), ("99m123p456p789s666z", "9m"))
            for winner, dealer, discarder in ((0, 0, None), (1, 0, None), (1, 0, 2), (0, 0, 1))
        ]  # fmt: skip
    checked = 0
    for i, situation in enumerate(wins):
        s = replace(situation, honba=i % 3, deposits=i % 2)
        try:
            r = score_win(s)
        except JantakuError:
            continue
        if s.pao is not None:
            continue
        paid = win_payments(
            r.basic,
            winner=s.winner,
            dealer=s.dealer,
            discarder=s.discarder,
            rules=rules,
            honba=s.honba,
            deposits=s.deposits,
        )
        assert paid == (r.deltas, r.payments, r.total), s
        checked += 1
    assert checked >= min(100, len(wins))


def test_win_payments_refuses_seats_off_the_table() -> None:
    with pytest.raises(ArgumentTypeError):
        win_payments(2000, winner=4, dealer=0, discarder=1, rules=TENHOU)
    with pytest.raises(ArgumentTypeError):
        win_payments(2000, winner=1, dealer=0, discarder=True, rules=TENHOU)
