"""Score tables and worked examples of the seeds (S3–S7), read from the seed texts.

Every cell of the dealer and non-dealer tables of ``seeds/003_000f59c120621ef3.txt``
(S6), its worked example (30 fu 3 han), the honba examples of ``seeds/000`` (S7), and
the seed slips RULES.md names (S1, S2, S3, S4) each pinned by a test naming it.
"""

from __future__ import annotations

import re

import pytest

import corpus
from jantaku.rules import TENHOU, WRC
from jantaku.scoring import Riichi, WinSituation, basic_points, hand_value, score_win

SEEDS = corpus.SEEDS
SEED_003 = (SEEDS / "003_000f59c120621ef3.txt").read_text()
SEED_000 = (SEEDS / "000_f6a43ac494d58924.txt").read_text()

Cell = tuple[int, int, bool, str, int]  # fu, han, tsumo, payer ("ron"/"all"/"ko"/"oya"), points


def _table(title: str) -> list[list[str]]:
    start = SEED_003.index(title)
    rows = []
    for line in SEED_003[start:].splitlines()[1:]:
        if not line.startswith("|"):
            if rows:
                break
            continue
        rows.append([c.strip() for c in line.strip().strip("|").split("|")])
    return rows[2:]  # drop the header and the rule line


def _value(text: str, mangan: int) -> int | None:
    if text in ("-", ""):
        return None
    if text in ("マンガン", "^"):
        return mangan
    return int(text.removesuffix("オール"))


def dealer_cells() -> list[Cell]:
    cells: list[Cell] = []
    fu = 0
    for row in _table("親のアガリ得点早見表"):
        if row[0] != "^":
            fu = int(row[0].removesuffix("符"))
        tsumo = row[1] in ("ツモ", "ピンフツモ")
        for han, text in enumerate(row[2:7], start=1):
            v = _value(text, 4000 if tsumo else 12000)
            if v is not None:
                cells.append((fu, han, tsumo, "all" if tsumo else "ron", v))
    return cells


def non_dealer_cells() -> list[Cell]:
    cells: list[Cell] = []
    fu = 0
    for row in _table("子のアガリ得点早見表"):
        if row[0] != "^":
            fu = int(row[0].removesuffix("符"))
        if row[1] == "ロン":
            values, payer = row[2:7], "ron"
        else:
            values, payer = row[3:8], "ko" if row[2] == "子2人から" else "oya"
        mangan = {"ron": 8000, "ko": 2000, "oya": 4000}[payer]
        for han, text in enumerate(values, start=1):
            v = _value(text, mangan)
            if v is not None:
                cells.append((fu, han, payer != "ron", payer, v))
    return cells


def test_tables_were_read_completely() -> None:
    # every priced cell, mangan cells included (dashes are hands that cannot exist)
    assert len(dealer_cells()) == 57
    assert len(non_dealer_cells()) == 87


@pytest.mark.parametrize(("fu", "han", "tsumo", "payer", "points"), dealer_cells())
def test_003_dealer_table(fu: int, han: int, tsumo: bool, payer: str, points: int) -> None:
    assert hand_value(han, fu, dealer=True, tsumo=tsumo, rules=TENHOU) == (points,)


@pytest.mark.parametrize(("fu", "han", "tsumo", "payer", "points"), non_dealer_cells())
def test_003_non_dealer_table(fu: int, han: int, tsumo: bool, payer: str, points: int) -> None:
    value = hand_value(han, fu, dealer=False, tsumo=tsumo, rules=TENHOU)
    if payer == "ron":
        assert value == (points,)
    else:
        assert value[0 if payer == "ko" else 1] == points


def test_003_worked_example_30_fu_3_han() -> None:
    # 30 × 2^5 = 960; dealer 5760 → 5800, each non-dealer pays 1920 → 2000;
    # non-dealer 3840 → 3900, the dealer pays 2000 and each non-dealer 1000.
    assert "30 \\times 2^{3+2}" in SEED_003
    assert basic_points(3, 30, TENHOU)[0] == 960
    assert hand_value(3, 30, dealer=True, tsumo=False, rules=TENHOU) == (5800,)
    assert hand_value(3, 30, dealer=True, tsumo=True, rules=TENHOU) == (2000,)
    assert hand_value(3, 30, dealer=False, tsumo=False, rules=TENHOU) == (3900,)
    assert hand_value(3, 30, dealer=False, tsumo=True, rules=TENHOU) == (1000, 2000)


def test_003_worked_example_through_score_win() -> None:
    # 30 fu 3 han: open ron is fu-less → 30 fu; tanyao + sanshoku(open 1) + dora 1.
    s = dict(winner=1, dealer=0, dora="6m")
    r = score_win(WinSituation.from_hand("234p234s22m567m[2-34m]", win="7m", discarder=3, **s))
    assert (r.fu, r.han) == (30, 3)
    assert r.total == 3900 and r.payment_text() == "3900"
    t = score_win(WinSituation.from_hand("234p234s22m567m[2-34m]", win="7m", **s))
    assert (t.fu, t.han) == (30, 3)  # 20 + tsumo 2 = 22 → 30
    assert t.payment_text() == "1000/2000"
    assert t.deltas == (-2000, 4000, -1000, -1000)
    d = score_win(
        WinSituation.from_hand("234p234s22m567m[2-34m]", win="7m", winner=0, dealer=0, dora="6m")
    )
    assert d.payment_text() == "2000 all" and d.deltas == (6000, -2000, -2000, -2000)


def test_000_honba_examples() -> None:
    # "東1局1本場東家のツモ和了りとなれば各々の支払いに１００点が加わる"
    assert "各々の支払いに１００点が加わる" in SEED_000
    hand = "234p234s22m567m[2-34m]"
    r = score_win(WinSituation.from_hand(hand, win="7m", winner=0, dealer=0, honba=1, dora="6m"))
    assert r.deltas == (6300, -2100, -2100, -2100)
    # "南2局2本場南家に東家が放銃すれば支払いに６００点が加わる": South 2, dealer seat 1.
    assert "支払いに６００点が加わる" in SEED_000
    r = score_win(
        WinSituation.from_hand(
            hand, win="7m", winner=1, dealer=1, discarder=0, honba=2, round_wind="2z", dora="6m"
        )
    )
    assert r.total == 5800 and r.deltas == (-6400, 6400, 0, 0)


def test_deposits_go_to_the_winner() -> None:
    r = score_win(
        WinSituation.from_hand(
            "234p234s22m567m[2-34m]", win="7m", winner=1, discarder=2, deposits=2, dora="6m"
        )
    )
    assert r.deltas == (0, 3900 + 2000, -3900, 0) and r.total == 3900


def test_seed_slip_s1_closed_simple_triplet_is_4_fu() -> None:
    # 000 rulebook lists "中張牌暗刻子２符"; its prose and 002/003 say 4 fu.
    assert "中張牌暗刻子２符" in SEED_000
    r = score_win(
        WinSituation.from_hand(
            "222m345p678s456s77p", win="3p", discarder=1, winner=0, dealer=1, riichi=Riichi.RIICHI
        )
    )
    assert ("closed triplet 222m", 4) in r.fu_items
    assert r.fu == 40  # 20 + 10 closed ron + 4 = 34 → 40


def test_seed_slip_s2_fu_of_seven_pairs_and_closed_ron() -> None:
    # 002's fu table says "30符（ロン）/ 20符（ツモ・七対子）"; seven pairs are 25 fu.
    r = score_win(WinSituation.from_hand("1199m2255p3377s11z", win="1z", discarder=1, dealer=1))
    assert r.fu == 25 and r.total == 1600
    # pinfu ron: 20 + 10 closed ron = 30 fu; pinfu tsumo: 20 fu.
    ron = score_win(WinSituation.from_hand("234m567p11s345678s", win="8s", discarder=2, dealer=1))
    tsumo = score_win(WinSituation.from_hand("234m567p11s345678s", win="8s", dealer=1))
    assert (ron.fu, tsumo.fu) == (30, 20)


def test_seed_slip_s3_formula_is_fu_times_2_to_han_plus_2() -> None:
    # 003 writes A^(B+2); its own example 30 × 2^5 = 960 shows A × 2^(B+2).
    assert "\\text{A}^{(B+2)}" in SEED_003
    assert basic_points(3, 30, TENHOU)[0] == 30 * 2 ** (3 + 2)


def test_seed_slip_s4_4_han_40_fu_is_mangan() -> None:
    # 002's ron quick table gives 7,700 / 9,600 / 9,600 for 4 han 40 / 50 / 60 fu.
    for fu in (40, 50, 60):
        assert hand_value(4, fu, dealer=False, tsumo=False, rules=TENHOU) == (8000,)
    assert hand_value(3, 70, dealer=False, tsumo=False, rules=TENHOU) == (8000,)
    # kiriage (WRC) rounds 4/30 and 3/60 up to mangan; Tenhou does not.
    assert hand_value(4, 30, dealer=False, tsumo=False, rules=TENHOU) == (7700,)
    assert hand_value(4, 30, dealer=False, tsumo=False, rules=WRC) == (8000,)
    assert hand_value(3, 60, dealer=True, tsumo=False, rules=WRC) == (12000,)


def test_limits() -> None:
    names = [basic_points(h, 30, TENHOU)[1].value for h in (5, 6, 7, 8, 10, 11, 12, 13, 20)]
    assert names == [
        "mangan",
        "haneman",
        "haneman",
        "baiman",
        "baiman",
        "sanbaiman",
        "sanbaiman",
        "kazoe yakuman",
        "kazoe yakuman",
    ]
    assert re.search("役満", SEED_000)
