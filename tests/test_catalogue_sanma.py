"""Catalogue tests for RULES.md section X (three-player mahjong, 002 §08), one or more per ID."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence

import pytest

from jantaku.engine import Referee, State, apply, full_set, legal_actions
from jantaku.errors import IllegalActionError, ImpossibleSituationError, InvalidHandError
from jantaku.events import Chi, Dahai, Nukidora, StartGame, StartKyoku, Tsumo
from jantaku.rules import (
    MAJSOUL_SANMA,
    PRESETS,
    TENHOU_SANMA,
    GameLength,
    NorthTile,
    Rules,
    replace,
)
from jantaku.scoring import WinSituation, final_result, noten_payments, score_win
from jantaku.tiles import EAST, dora_from_indicator, parse_tiles
from scenarios import t


def start(hands: Sequence[str], rules: Rules = TENHOU_SANMA) -> State:
    s = State(rules)
    apply(s, StartGame(names=("a", "b", "c")))
    apply(
        s,
        StartKyoku(
            bakaze=EAST,
            kyoku=1,
            honba=0,
            kyotaku=0,
            oya=0,
            dora_marker=t("1z"),
            scores=(rules.start_points,) * 3,
            tehais=tuple(parse_tiles(h) for h in hands),
        ),
    )
    return s


def test_X1_108_tiles_without_2m_to_8m() -> None:
    """X1: three-player mahjong plays 108 tiles: 2m–8m removed."""
    tiles = full_set(replace(TENHOU_SANMA, red_fives=(0, 0, 0)))
    assert len(tiles) == 108
    assert Counter(tiles) == {k: 4 for k in range(34) if not 1 <= k <= 7}
    with pytest.raises(InvalidHandError):
        WinSituation.from_hand("234m567p789s11p555z", win="5z", discarder=1, rules=TENHOU_SANMA)


def test_X2_nukidora_one_han_each_with_a_replacement_draw() -> None:
    """X2: a drawn north may be set aside (+1 han each, replacement draw), or be a plain honor."""
    base = score_win(
        WinSituation.from_hand("123p456p789s11s555z", win="5z", discarder=1, rules=TENHOU_SANMA)
    )
    r = score_win(
        WinSituation.from_hand(
            "123p456p789s11s555z", win="5z", discarder=1, kita=2, rules=TENHOU_SANMA
        )
    )
    assert r.kita == 2 and r.han == base.han + 2
    honor = replace(TENHOU_SANMA, north=NorthTile.HONOR)
    with pytest.raises(ImpossibleSituationError):
        WinSituation.from_hand("123p456p789s11s555z", win="5z", discarder=1, kita=1, rules=honor)
    hands = ("19m19p19s123457z4z", "2233445566778p", "2233445566778s")
    s = start(hands)
    apply(s, Tsumo(actor=0, pai=t("4z")))
    assert Nukidora(0, t("4z")) in legal_actions(s, 0)
    s = start(hands, honor)
    apply(s, Tsumo(actor=0, pai=t("4z")))
    assert not any(isinstance(a, Nukidora) for a in legal_actions(s, 0))


def test_X3_tsumo_paid_by_the_two_others_tsumo_son_or_split() -> None:
    """X3: a tsumo is paid by the two others; the missing share is lost or split."""
    hand = "123p456p789s11s555z"  # haku + menzen tsumo: 2 han 30 fu, B = 480
    son = score_win(WinSituation.from_hand(hand, win="5z", winner=1, dealer=0, rules=TENHOU_SANMA))
    assert son.deltas == (-1000, 1000 + 500, -500)  # dealer 2B, non-dealer B
    split = score_win(
        WinSituation.from_hand(hand, win="5z", winner=1, dealer=0, rules=MAJSOUL_SANMA)
    )
    # the missing non-dealer share B is split: +240 each, rounded up to 100
    assert split.deltas == (-1200, 1200 + 800, -800)


def test_X4_start_points_and_rounds() -> None:
    """X4: three-player presets start at 35000 or 40000; east has three rounds."""
    for rules in PRESETS.values():
        if rules.players == 3:
            assert rules.start_points in (35000, 40000)
    east_only = replace(TENHOU_SANMA, length=GameLength.EAST_ONLY, west_extension=False)
    rng = random.Random(2)
    log = Referee(east_only, seed=2).play(lambda _seat, _s, legal: rng.choice(legal))
    kyoku = {(e.bakaze, e.kyoku) for e in log if isinstance(e, StartKyoku)}
    assert {k for _, k in kyoku} <= {1, 2, 3}
    assert all(len(e.scores) == 3 for e in log if isinstance(e, StartKyoku))


def test_X5_chii_option() -> None:
    """X5: chii is usually not allowed with three players; an option allows it."""
    hands = ("19m19p19s1234567z", "2233445566778p", "3344p556677889s")
    for rules, allowed in ((TENHOU_SANMA, False), (replace(TENHOU_SANMA, chii_allowed=True), True)):
        s = start(hands, rules)
        apply(s, Tsumo(actor=0, pai=t("3z")))
        apply(s, Dahai(actor=0, pai=t("3z"), tsumogiri=True))
        apply(s, Tsumo(actor=1, pai=t("2p")))
        apply(s, Dahai(actor=1, pai=t("2p"), tsumogiri=True))
        assert any(isinstance(a, Chi) for a in legal_actions(s, 2)) is allowed
        if not allowed:
            with pytest.raises(IllegalActionError):
                apply(s, Chi(actor=2, target=1, pai=t("2p"), consumed=parse_tiles("34p")))


def test_X6_dora_after_1m_is_9m() -> None:
    """X6: with three players a 1m indicator points at 9m (and 9m at 1m)."""
    assert dora_from_indicator(t("1m"), players=3) == t("9m")
    assert dora_from_indicator(t("9m"), players=3) == t("1m")
    assert dora_from_indicator(t("1m"), players=4) == t("2m")


def test_X7_noten_payments_and_uma_for_three() -> None:
    """X7: no-ten payments and uma adapted to three players."""
    assert noten_payments([True, False, False], TENHOU_SANMA) == (2000, -1000, -1000)
    assert noten_payments([True, True, False], TENHOU_SANMA) == (1000, 1000, -2000)
    assert len(TENHOU_SANMA.uma) == 3 and sum(TENHOU_SANMA.uma) == 0
    result = final_result([75200, 30200, -400], TENHOU_SANMA)
    assert [r.place for r in result] == [1, 2, 3] and sum(r.score for r in result) == 0
    assert result[1].score == 30 - 40 + 0  # 30,200 → 30, return 40,000, uma 0
