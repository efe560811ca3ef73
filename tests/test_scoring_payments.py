"""Payments beyond a plain win: pao, three players, draws, chombo, shortfall, final
result (S8, S11, G9, M4–M6, P1, X3, X7), tied to the seeds and to Tenhou records."""

from __future__ import annotations

from dataclasses import replace

import pytest

import corpus
from jantaku.errors import ImpossibleSituationError, JantakuError, RulesError, ScoringError
from jantaku.rules import (
    MAJSOUL,
    MAJSOUL_SANMA,
    TENHOU,
    TENHOU_SANMA,
    TEXTBOOK,
    WRC,
    LeftoverDeposits,
    Rounding,
)
from jantaku.scoring import (
    Riichi,
    WinSituation,
    chombo_payments,
    final_result,
    nagashi_payments,
    noten_payments,
    score_win,
    settle_shortfall,
)

SEED_003 = (corpus.SEEDS / "003_000f59c120621ef3.txt").read_text()


# --- pao (S11) ---------------------------------------------------------------------


def test_pao_daisangen_tsumo_paid_by_the_liable_seat() -> None:
    s = WinSituation.from_hand("555777z123m99p[666=z]", win="9p", winner=1, pao=3)
    r = score_win(s)
    assert r.yakuman == 1 and r.deltas == (0, 32000, 0, -32000)


def test_pao_daisangen_ron_split_with_the_discarder() -> None:
    s = WinSituation.from_hand(
        "555777z123m99p[666=z]", win="9p", winner=1, discarder=2, pao=3, honba=1
    )
    r = score_win(s)
    # half each; the discarder pays the honba
    assert r.deltas == (0, 32300, -16300, -16000)
    # the liable seat dealing in pays all
    s = WinSituation.from_hand("555777z123m99p[666=z]", win="9p", winner=1, discarder=3, pao=3)
    assert score_win(s).deltas == (0, 32000, 0, -32000)


def test_pao_covers_the_whole_hand_on_tenhou_only_its_yakuman_elsewhere() -> None:
    # daisangen (liable) + tsuuiisou by tsumo. Tenhou record
    # 2019103023gm-00a9-0000-f90e0fe9: all 64,000 from the liable seat.
    hand = "555777z22z111z[666=z]"
    r = score_win(WinSituation.from_hand(hand, win="2z", winner=1, pao=3))
    assert r.yakuman == 2 and r.deltas == (0, 64000, 0, -64000)
    # Mahjong Soul: the liable seat pays the daisangen part; tsuuiisou is an ordinary
    # yakuman tsumo.
    r = score_win(WinSituation.from_hand(hand, win="2z", winner=1, pao=3, rules=MAJSOUL))
    assert r.deltas == (-16000, 64000, -8000, -40000)
    # ron by a third seat: the daisangen part is split, the rest paid by the discarder
    r = score_win(
        WinSituation.from_hand(hand, win="2z", winner=1, discarder=2, pao=3, rules=MAJSOUL)
    )
    assert r.deltas == (0, 64000, -48000, -16000)


def test_pao_needs_a_liable_yakuman_and_the_option() -> None:
    with pytest.raises(ImpossibleSituationError, match="liable"):
        score_win(WinSituation.from_hand("123m456p789s11z[555=z]", win="1z", winner=1, pao=3))
    with pytest.raises(ImpossibleSituationError, match="not played"):
        score_win(
            WinSituation.from_hand(
                "555777z123m99p[666=z]", win="9p", winner=1, pao=3, rules=TEXTBOOK
            )
        )


# --- three players (X) --------------------------------------------------------------


def test_sanma_tsumo_son_and_split() -> None:
    # non-dealer tsumo, 30 fu 3 han (1000/2000): Tenhou loses the missing share
    hand = "234p234s22p567s[2-34s]"
    kw = dict(win="7s", winner=1, dealer=0, dora="1s")
    t = score_win(WinSituation.from_hand(hand, rules=TENHOU_SANMA, **kw))  # type: ignore[arg-type]
    assert (t.fu, t.han) == (30, 3)
    assert t.deltas == (-2000, 3000, -1000)
    m = score_win(WinSituation.from_hand(hand, rules=MAJSOUL_SANMA, **kw))  # type: ignore[arg-type]
    assert m.deltas == (-2400, 3900, -1500)  # the missing 960 split: 1920+480, 960+480


def test_sanma_kita_counts_as_dora_with_north_indicators() -> None:
    # Tenhou records: dora han = ordinary dora + kita + kita × indicators pointing at north
    hand = "234p234s22p567s[2-34s]"
    r = score_win(
        WinSituation.from_hand(hand, win="7s", winner=1, kita=2, dora="3z", rules=TENHOU_SANMA)
    )
    assert (r.kita, r.dora) == (2, 2)
    assert r.han == 1 + 2 + 2  # tanyao + kita 2 + north dora 2


def test_sanma_dora_after_1m_is_9m_and_honba_is_200() -> None:
    hand = "999m234s22p567s234s"
    r = score_win(
        WinSituation.from_hand(
            hand,
            win="7s",
            winner=1,
            discarder=2,
            dora="1m",
            honba=1,
            riichi=Riichi.RIICHI,
            rules=TENHOU_SANMA,
        )
    )
    assert r.dora == 3
    assert r.deltas[1] - r.total == 200


def test_sanma_rejects_2m_to_8m_and_kita_in_four_player() -> None:
    with pytest.raises(JantakuError, match="no 2m"):
        WinSituation.from_hand("234m234s22p567s678s", win="7s", rules=TENHOU_SANMA)
    with pytest.raises(ImpossibleSituationError):
        WinSituation.from_hand("234p234s22p567s678s", win="7s", kita=1)


# --- exhaustive draw, nagashi, chombo ----------------------------------------------


def test_noten_payments_four_players() -> None:
    # 3000 split: 1000 × 3, 1500 × 2, 3000 × 1 (G9; verified on Tenhou records)
    assert noten_payments([True, False, False, False], TENHOU) == (3000, -1000, -1000, -1000)
    assert noten_payments([True, True, False, False], TENHOU) == (1500, 1500, -1500, -1500)
    assert noten_payments([True, True, True, False], TENHOU) == (1000, 1000, 1000, -3000)
    assert noten_payments([False] * 4, TENHOU) == (0, 0, 0, 0)
    with pytest.raises(ScoringError):
        noten_payments([True], TENHOU)


def test_noten_payments_three_players() -> None:
    # sanma total 2000 (FORMATS.md: -1000×2/+2000)
    assert noten_payments([True, False, False], TENHOU_SANMA) == (2000, -1000, -1000)
    assert noten_payments([True, True, False], TENHOU_SANMA) == (1000, 1000, -2000)


def test_nagashi_and_chombo() -> None:
    assert nagashi_payments([1], dealer=0, rules=TENHOU) == (-4000, 8000, -2000, -2000)
    assert nagashi_payments([1, 3], dealer=0, rules=TENHOU) == (-8000, 6000, -4000, 6000)
    with pytest.raises(RulesError):
        nagashi_payments([1], dealer=0, rules=TEXTBOOK)
    # P1: by a non-dealer 2000 to each non-dealer and 4000 to the dealer; dealer 4000 each
    assert chombo_payments(2, dealer=0, rules=TEXTBOOK) == (4000, 2000, -8000, 2000)
    assert chombo_payments(0, dealer=0, rules=TEXTBOOK) == (-12000, 4000, 4000, 4000)


# --- shortfall (M4) and final result (M5, M6) ----------------------------------------


def test_shortfall_split_by_the_others() -> None:
    # 000 収支: 不足が出たら他家が折半して負担する
    assert settle_shortfall([1000, 30000, 30000, 39000], [-8000, 8000, 0, 0], TEXTBOOK) == (
        -1000,
        8000,
        -3500,
        -3500,
    )
    assert settle_shortfall([1000, 30000, 30000, 39000], [-8000, 8000, 0, 0], TENHOU) == (
        -8000,
        8000,
        0,
        0,
    )


def _uma_table(title: str) -> list[int]:
    start = SEED_003.index(title)
    totals = []
    for line in SEED_003[start:].splitlines()[3:7]:
        cells = [c.strip() for c in line.strip("|").split("|")]
        totals.append(int(cells[3]))
    return totals


@pytest.mark.parametrize(
    ("title", "uma"),
    [
        ("ウマ： 5-10 の場合", (10000, 5000, -5000, -10000)),
        ("ウマ： 10-20 の場合", (20000, 10000, -10000, -20000)),
    ],
)
def test_003_oka_uma_tables(title: str, uma: tuple[int, ...]) -> None:
    rules = replace(TENHOU, uma=uma, final_rounding=Rounding.EXACT)
    # everyone ends on the start points; ties go by seat order from the first dealer
    standings = final_result([25000] * 4, rules)
    totals = _uma_table(title)
    assert [round(s.score * 1000) for s in standings] == totals
    assert [s.place for s in standings] == [1, 2, 3, 4]


def test_ties_follow_seat_order_from_the_first_dealer() -> None:
    standings = final_result([25000] * 4, TENHOU, first_dealer=2)
    assert [s.place for s in standings] == [3, 4, 1, 2]


def test_final_rounding_modes() -> None:
    # Tenhou owari: 31,100 → +11, 49,500 → +60, 20,900 → −19, −1,500 → −52
    pts = [31100, 49500, 20900, -1500]
    assert TENHOU.final_rounding is Rounding.HALF_UP
    assert [s.score for s in final_result(pts, TENHOU)] == [11.0, 60.0, -19.0, -52.0]
    five = replace(TENHOU, final_rounding=Rounding.FIVE_DOWN_SIX_UP)
    assert [s.score for s in final_result(pts, five)] == [11.0, 59.0, -19.0, -51.0]
    exact = replace(TENHOU, final_rounding=Rounding.EXACT)
    assert [s.score for s in final_result(pts, exact)] == [11.1, 59.5, -19.1, -51.5]
    # Tenhou sanma: 75,200 → +70, 30,200 → −10, −400 → −60
    assert [s.score for s in final_result([-400, 75200, 30200], TENHOU_SANMA)] == [
        -60.0,
        70.0,
        -10.0,
    ]


def test_five_down_six_up_at_the_boundary() -> None:
    # 000 試合を終える: 得点を百の位で五捨六入し、１０００で割る
    rules = replace(TEXTBOOK, uma=(0, 0, 0, 0), return_points=25000, oka=False)
    assert rules.final_rounding is Rounding.FIVE_DOWN_SIX_UP
    s = final_result([25500, 25600, 24500, 24400], rules)
    assert [x.score for x in s] == [0.0, 2.0, -1.0, -1.0]


def test_leftover_deposits() -> None:
    pts = [30000, 29000, 20000, 19000]  # 2000 still on the table
    top = final_result(pts, TENHOU, leftover=[1, 0, 0, 1])
    assert top[0].points == 32000
    back = final_result(
        pts, replace(TENHOU, leftover_deposits=LeftoverDeposits.RETURNED), leftover=[1, 0, 0, 1]
    )
    assert [s.points for s in back] == [31000, 29000, 20000, 20000]
    assert sum(s.score for s in final_result(pts, WRC, leftover=[1, 0, 0, 1])) == pytest.approx(0)


def test_riichi_deposit_and_honba_with_tsumo() -> None:
    s = WinSituation.from_hand(
        "234m567p11s345678s", win="8s", winner=2, riichi=Riichi.RIICHI, honba=2, deposits=3
    )
    r = score_win(s)
    # riichi + tsumo + pinfu, 20 fu 3 han: 700/1300; honba 200 each; deposits 3000
    assert r.payment_text() == "700/1300"
    assert r.deltas == (-1500, -900, 2700 + 600 + 3000, -900)


def test_ron_order_and_double_ron_deposits() -> None:
    from jantaku.scoring import ron_order

    # Tenhou records: honba and deposits go to the winner nearest the discarder
    assert ron_order(2, [1, 3], 4) == (3, 1)
    assert ron_order(0, [2, 1], 3) == (1, 2)
    with pytest.raises(ScoringError):
        ron_order(1, [1], 4)
    first, second = ron_order(2, [1, 3], 4)
    hand = "234m567p11s345678s"
    a = score_win(
        WinSituation.from_hand(hand, win="8s", winner=first, discarder=2, honba=1, deposits=1)
    )
    b = score_win(WinSituation.from_hand(hand, win="8s", winner=second, discarder=2))
    assert a.deltas[first] == a.total + 300 + 1000 and b.deltas[second] == b.total


def test_dora_indicator_counts_are_checked() -> None:
    with pytest.raises(ImpossibleSituationError, match="five dora"):
        WinSituation.from_hand("234m567p11s345678s", win="8s", dora="123456z")
    with pytest.raises(ImpossibleSituationError, match="ura"):
        WinSituation.from_hand("234m567p11s345678s", win="8s", dora="1z", ura="12z")


def test_dora_options_are_checked() -> None:
    from jantaku.rules import Rules

    no_kan_dora = replace(TENHOU, kan_dora=False)
    with pytest.raises(ImpossibleSituationError, match="kan dora"):
        WinSituation.from_hand("234m567p11s345678s", win="8s", dora="12z", rules=no_kan_dora)
    no_ura = replace(TENHOU, ura_dora=False)
    with pytest.raises(ImpossibleSituationError, match="ura dora"):
        WinSituation.from_hand(
            "234m567p11s345678s",
            win="8s",
            dora="1z",
            ura="2z",
            riichi=Riichi.RIICHI,
            rules=no_ura,
        )
    assert isinstance(no_ura, Rules)


def test_flowers_and_chips_options() -> None:
    # T4: a flower set aside counts one dora where the rules use flowers
    flowered = replace(TENHOU, flowers=8, chips=1000)
    s = WinSituation.from_hand(
        "234m067p11s345678s",
        win="8s",
        winner=1,
        discarder=2,
        riichi=Riichi.RIICHI,
        ippatsu=True,
        ura="9s",
        flowers=2,
        rules=flowered,
    )
    r = score_win(s)
    assert (r.flowers, r.red, r.ura) == (2, 1, 2)
    assert r.han == 3 + 2 + 1 + 2  # riichi, ippatsu, pinfu + flowers + red + ura
    assert r.chips == 1 + 2 + 1  # T5b: red fives, ura dora, ippatsu
    assert score_win(replace(s, rules=replace(flowered, chips=0))).chips == 0
    with pytest.raises(ImpossibleSituationError, match="flowers"):
        WinSituation.from_hand("234m567p11s345678s", win="8s", flowers=1)


# --- score_win keeps a win's payments by value: every part of the key counts ---------


def test_kept_payments_follow_every_part_of_the_win() -> None:
    """score_win keeps the payments of a win without pao by its basic points, seats,
    honba and deposits for equal rules: wins scored one after the other that differ in
    any one of them (or in the rules: the honba's worth, three players and the split
    tsumo) each pay what win_payments says."""
    from itertools import product

    from jantaku.scoring import win_payments
    from jantaku.scoring.score import clear_cache

    clear_cache()
    hands = (
        ("123m456p789s11z[555=z]", "1z", ""),  # 1 han
        ("123m456p789s11z[555=z]", "1z", "4z"),  # dora 3: 4 han
        ("111m999p11s[1-23s][777+z]", "1s", ""),  # three-player tiles
    )
    rulesets = (TENHOU, replace(TENHOU, honba_value=1500), TENHOU_SANMA, MAJSOUL_SANMA, WRC)
    for rules, (hand, win, dora) in product(rulesets, hands):
        players = rules.players
        if players == 3 and hand.startswith("123m"):
            continue
        for winner, dealer, discarder, honba, deposits in product(
            range(players), range(players), (None, *range(players)), (0, 2), (0, 1)
        ):
            if discarder == winner:
                continue
            s = WinSituation.from_hand(
                hand,
                win=win,
                dora=dora,
                winner=winner,
                dealer=dealer,
                discarder=discarder,
                honba=honba,
                deposits=deposits,
                rules=rules,
            )
            r = score_win(s)
            want = win_payments(
                r.basic,
                winner=winner,
                dealer=dealer,
                discarder=discarder,
                rules=rules,
                honba=honba,
                deposits=deposits,
            )
            assert (r.deltas, r.payments, r.total) == tuple(want), (rules.players, s)
            assert sum(r.deltas) == 0 or deposits


def test_kept_payments_are_bounded() -> None:
    """More distinct payments than the table holds (a honba count each): the table is
    emptied when full, and every win still pays what win_payments says."""
    from jantaku.scoring import score as score_module
    from jantaku.scoring import win_payments
    from jantaku.scoring.fast import situation_context

    score_module.clear_cache()
    bound = score_module._PAYMENTS_SIZE
    for honba in range(bound + 50):
        s = WinSituation.from_hand("123m456p789s11z[555=z]", win="1z", discarder=2, honba=honba)
        r = score_win(s)
        assert len(situation_context(s)[13]) <= bound
        want = win_payments(r.basic, winner=0, dealer=0, discarder=2, rules=TENHOU, honba=honba)
        assert (r.deltas, r.payments, r.total) == tuple(want)
    assert len(situation_context(s)[13]) <= 50  # emptied once, then 50 more
