"""Catalogue tests for RULES.md sections S (scoring) and Y (yaku), one or more per rule ID.

Each test names its rule ID and checks ``jantaku.scoring`` against the rule text, the
formula of 000 (B = f × 2^(h+2)) and the score tables of 003.
"""

from __future__ import annotations

from typing import Any

import pytest

from jantaku.errors import ImpossibleSituationError, NoYakuError
from jantaku.rules import MAJSOUL, MLEAGUE, TENHOU, TEXTBOOK, WRC, Renhou, Rules, replace
from jantaku.scoring import (
    Limit,
    Riichi,
    WinResult,
    WinSituation,
    basic_points,
    hand_value,
    has_yaku,
    ron_order,
    score_win,
)
from jantaku.tiles import dora_from_indicator
from scenarios import t


def win(hand: str, tile: str, **kw: Any) -> WinResult:
    """Score ``hand`` (notation, winning tile included) won on ``tile``."""
    return score_win(WinSituation.from_hand(hand, win=tile, **kw))


def ids(r: WinResult) -> dict[str, int]:
    """The yaku of a result by id with their han (yakuman count as 13 each)."""
    return {y.id: (y.yakuman * 13 if y.yakuman else y.han) for y in r.yaku}


def fu_item(r: WinResult, needle: str) -> int:
    """The fu of the one fu item whose name contains ``needle``."""
    found = [f for name, f in r.fu_items if needle in name]
    assert len(found) == 1, (needle, r.fu_items)
    return found[0]


# non-dealer ron from seat 1 to seat 2, dealer seat 0
RON = {"discarder": 1, "winner": 2, "dealer": 0}
TSUMO = {"winner": 2, "dealer": 0}
RIICHI = {"riichi": Riichi.RIICHI}


# --- S1 fu -----------------------------------------------------------------------------


def test_S1_base_closed_ron_and_tsumo_fu() -> None:
    """S1: base 20, +10 for a closed ron, +2 for a tsumo (open hands too), not pinfu tsumo."""
    r = win("234m567p678s456s88p", "2m", **RON, **RIICHI)  # pinfu ron
    assert fu_item(r, "base") == 20 and fu_item(r, "closed ron") == 10 and r.fu == 30
    r = win("234m567p678s456s88p", "2m", **TSUMO, **RIICHI)  # pinfu tsumo
    assert r.fu == 20 and not any("tsumo" in n for n, _ in r.fu_items)
    r = win("234m567p88p456s[6-78s]", "2m", **TSUMO)  # open tanyao tsumo: 20 + 2
    assert fu_item(r, "tsumo") == 2 and r.fu == 30


@pytest.mark.parametrize(
    ("hand", "tile", "extra", "needle", "fu"),
    [
        # simple triplets and quads
        ("222m345p678s456s88p", "3p", RIICHI, "222m", 4),  # closed simple (seed slip: 4)
        ("222m345p678s456s88p", "2m", RIICHI, "222m", 2),  # completed by ron: open
        ("345p678s456s88p[2-22m]", "3p", {}, "222m", 2),  # open simple
        ("111m345p678s456s88p", "3p", RIICHI, "111m", 8),  # closed yaochuu
        ("345p678s777z88p[1-11m]", "3p", {}, "111m", 4),  # open yaochuu
        ("345p678s456s88p[2222+m]", "3p", {}, "2222m", 8),  # open simple kan
        ("345p678s777z88p[9999+m]", "3p", {}, "9999m", 16),  # open yaochuu kan
        ("345p678s456s88p[2222m]", "3p", RIICHI, "2222m", 16),  # closed simple kan
        ("345p678s456s88p[9999m]", "3p", RIICHI, "9999m", 32),  # closed yaochuu kan
    ],
)
def test_S1_triplet_and_quad_fu(
    hand: str, tile: str, extra: dict[str, Any], needle: str, fu: int
) -> None:
    """S1: triplet and quad fu by simple/yaochuu, open/closed, triplet/kan."""
    r = win(hand, tile, **RON, **extra)
    assert fu_item(r, needle) == fu


def test_S1_pair_fu_and_double_wind_option() -> None:
    """S1: dragon / seat / round wind pair 2; double-wind pair 4 (tenhou) or 2 (mleague)."""
    r = win("234m567p678s456s55z", "2m", **RON, **RIICHI)
    assert fu_item(r, "pair") == 2
    r = win("234m567p678s456s22z", "2m", discarder=1, winner=3, dealer=2, **RIICHI)  # seat S
    assert fu_item(r, "pair") == 2
    r = win("234m567p678s456s11z", "2m", **RON, **RIICHI)  # round wind E, seat S
    assert fu_item(r, "pair") == 2
    r = win("234m567p678s456s44z", "2m", **RON, **RIICHI)  # north: no fu
    assert not any("pair" in n for n, _ in r.fu_items)
    dealer = {"discarder": 1, "winner": 0, "dealer": 0, **RIICHI}
    assert fu_item(win("234m567p678s456s11z", "2m", **dealer), "pair") == 4
    r = win("234m567p678s456s11z", "2m", rules=MLEAGUE, **dealer)
    assert fu_item(r, "pair") == 2
    assert TENHOU.double_wind_pair_fu == 4 and TEXTBOOK.double_wind_pair_fu == 4


@pytest.mark.parametrize(
    ("hand", "tile", "fu"),
    [
        ("123m567p678s456s88p", "2m", 2),  # kanchan
        ("123m567p678s456s88p", "3m", 2),  # penchan
        ("123m567p678s456s88p", "8p", 2),  # tanki
        ("234m567p678s456s88p", "2m", 0),  # ryanmen
    ],
)
def test_S1_wait_fu(hand: str, tile: str, fu: int) -> None:
    """S1: kanchan / penchan / tanki wait +2, ryanmen 0."""
    r = win(hand, tile, **RON, **RIICHI)
    waits = [f for name, f in r.fu_items if "wait" in name]
    assert sum(waits) == fu


def test_S1_shanpon_wait_is_zero_fu() -> None:
    """S1: a shanpon wait gives no wait fu (the triplet is counted instead)."""
    r = win("22m567p678s456s888p", "8p", **RON, **RIICHI)
    assert fu_item(r, "888p") == 2
    assert not any("wait" in name for name, _ in r.fu_items)


# --- S2 rounding and exceptions --------------------------------------------------------


def test_S2_rounding_and_fixed_fu() -> None:
    """S2: round up to 10; pinfu tsumo 20; fu-less open ron 30; seven pairs 25."""
    r = win("222m345p678s456s88p", "3p", **RON, **RIICHI)  # 20+10+4 = 34
    assert r.fu == 40
    assert win("234m567p678s456s88p", "2m", **TSUMO, **RIICHI).fu == 20
    assert win("234m567p88p456s[6-78s]", "2m", **RON).fu == 30  # open, 20 fu raw
    r = win("1133m5577p2288s66z", "6z", **RON)
    assert r.fu == 25 and "chiitoitsu" in ids(r)
    assert win("1133m5577p2288s66z", "6z", **TSUMO).fu == 25


# --- S3, S4, S5, S6 -------------------------------------------------------------------


def test_S3_basic_points_formula() -> None:
    """S3: B = fu × 2^(han+2); 003's worked example 30 fu 3 han = 960."""
    assert basic_points(3, 30, TENHOU) == (960, Limit.NONE)
    for han in range(1, 5):
        for fu in (20, 25, 30, 40, 50):
            b = fu * 2 ** (han + 2)
            if b < 1920:
                assert basic_points(han, fu, TENHOU)[0] == b


def test_S4_limits() -> None:
    """S4: mangan 2000 (5 han or B ≥ 2000), haneman, baiman, sanbaiman, kazoe yakuman."""
    assert basic_points(5, 30, TENHOU) == (2000, Limit.MANGAN)
    assert basic_points(4, 40, TENHOU) == (2000, Limit.MANGAN)
    assert basic_points(3, 70, TENHOU) == (2000, Limit.MANGAN)
    assert basic_points(3, 60, TENHOU) == (1920, Limit.NONE)
    for han, b, lim in (
        (6, 3000, Limit.HANEMAN),
        (7, 3000, Limit.HANEMAN),
        (8, 4000, Limit.BAIMAN),
        (10, 4000, Limit.BAIMAN),
        (11, 6000, Limit.SANBAIMAN),
        (12, 6000, Limit.SANBAIMAN),
        (13, 8000, Limit.KAZOE_YAKUMAN),
    ):
        assert basic_points(han, 30, TENHOU) == (b, lim)
    # option kazoe_yakuman off: capped at sanbaiman
    assert basic_points(13, 30, replace(TENHOU, kazoe_yakuman=False)) == (6000, Limit.SANBAIMAN)
    # 002's quick table slip: 4 han 40 fu ron is mangan 8,000, not 7,700
    assert hand_value(4, 40, dealer=False, tsumo=False, rules=TENHOU) == (8000,)


def test_S4_kiriage_mangan_option() -> None:
    """S4: kiriage_mangan rounds 4/30 and 3/60 up to mangan; default off."""
    assert not TENHOU.kiriage_mangan
    for han, fu in ((4, 30), (3, 60)):
        assert hand_value(han, fu, dealer=False, tsumo=False, rules=TENHOU) == (7700,)
        assert hand_value(han, fu, dealer=False, tsumo=False, rules=MLEAGUE) == (8000,)


def test_S5_payments() -> None:
    """S5: non-dealer tsumo B / 2B, dealer tsumo 2B each, ron 4B / 6B, each up to 100."""
    assert hand_value(3, 30, dealer=False, tsumo=False, rules=TENHOU) == (3900,)  # 3840
    assert hand_value(3, 30, dealer=False, tsumo=True, rules=TENHOU) == (1000, 2000)
    assert hand_value(3, 30, dealer=True, tsumo=False, rules=TENHOU) == (5800,)  # 5760
    assert hand_value(3, 30, dealer=True, tsumo=True, rules=TENHOU) == (2000,)  # 1920
    r = win("123m567p678s456s88p", "1m", **TSUMO, **RIICHI)  # riichi pinfu tsumo 3 han 20
    assert r.deltas == (-1300, -700, 2700, -700)


@pytest.mark.parametrize(
    ("han", "fu", "dealer", "tsumo", "value"),
    [
        # 003 non-dealer table
        (1, 30, False, False, (1000,)),
        (2, 20, False, True, (400, 700)),
        (2, 25, False, False, (1600,)),
        (3, 25, False, True, (800, 1600)),
        (1, 40, False, False, (1300,)),
        (2, 50, False, False, (3200,)),
        (3, 40, False, False, (5200,)),
        (1, 80, False, False, (2600,)),
        (2, 70, False, True, (1200, 2300)),
        (4, 30, False, True, (2000, 3900)),
        # 003 dealer table
        (1, 30, True, False, (1500,)),
        (2, 20, True, True, (700,)),
        (2, 25, True, False, (2400,)),
        (3, 30, True, False, (5800,)),
        (4, 30, True, False, (11600,)),
        (1, 80, True, True, (1300,)),
        (2, 60, True, False, (5800,)),
        (4, 25, True, True, (3200,)),
        (5, 20, True, False, (12000,)),
    ],
)
def test_S6_score_table_entries(
    han: int, fu: int, dealer: bool, tsumo: bool, value: tuple[int, ...]
) -> None:
    """S6: entries of 003's dealer and non-dealer tables (pinfu tsumo 20, seven pairs 25)."""
    assert hand_value(han, fu, dealer=dealer, tsumo=tsumo, rules=TENHOU) == value


def test_S7_honba() -> None:
    """S7: +300 per honba on a ron (the discarder pays), +100 per payer on a tsumo."""
    r = win("123m567p678s456s88p", "1m", honba=2, **RON, **RIICHI)  # 2 han 30 fu ron 2000
    assert r.deltas == (0, -2600, 2600, 0)
    r = win("123m567p678s456s88p", "1m", honba=2, **TSUMO, **RIICHI)  # 700/1300
    assert r.deltas == (-1500, -900, 3300, -900)
    assert TENHOU.honba_value == 300


def test_S8_deposits_to_the_winner_and_nearest_of_several() -> None:
    """S8: deposits go to the winner; with several winners, the nearest to the discarder."""
    r = win("123m567p678s456s88p", "1m", deposits=2, **RON, **RIICHI)
    assert r.deltas == (0, -2000, 4000, 0)
    assert ron_order(0, [3, 1], 4) == (1, 3)
    assert ron_order(2, [1, 3], 4) == (3, 1)


def test_S9_dora_from_indicator() -> None:
    """S9: the next tile: suits wrap 9→1, winds E→S→W→N→E, dragons haku→hatsu→chun→haku."""
    pairs = [("1m", "2m"), ("9m", "1m"), ("9p", "1p"), ("5s", "6s"), ("4z", "1z"), ("3z", "4z")]
    pairs += [("5z", "6z"), ("6z", "7z"), ("7z", "5z"), ("0m", "6m")]
    for ind, dora in pairs:
        assert dora_from_indicator(t(ind)) == t(dora), ind


def test_S9_dora_counting() -> None:
    """S9: each dora +1 per indicator; red fives +1; ura for riichi; dora alone is no yaku."""
    base = win("234m567p678s456s88p", "2m", **RON, **RIICHI)
    r = win("234m567p678s456s88p", "2m", dora="7p", **RON, **RIICHI)  # 8p pair: 2 dora
    assert r.dora == 2 and r.han == base.han + 2
    r = win("234m567p678s456s88p", "2m", dora="7p7p", **RON, **RIICHI)  # two indicators
    assert r.dora == 4
    r = win("234m067p678s456s88p", "2m", **RON, **RIICHI)
    assert r.red == 1 and r.han == base.han + 1
    r = win("234m567p678s456s88p", "2m", dora="1z", ura="7p", **RON, **RIICHI)
    assert r.ura == 2
    with pytest.raises(NoYakuError):
        win("123m567p789s456s88p", "3m", dora="7p", **RON)


def test_S10_yakuman_stacking_and_double_yakuman_options() -> None:
    """S10: yakuman drop ordinary yaku; stacking by option; double yakuman by option."""
    r = win("555z666z777z11z222z", "2z", **RON)
    assert {"daisangen", "tsuuiisou"} <= set(ids(r)) and r.yakuman == 2
    assert not any(y.yakuman == 0 for y in r.yaku)
    r = win("555z666z777z11z222z", "2z", rules=TEXTBOOK, **RON)
    assert r.yakuman == 1 and r.total == 32000
    # daisuushii: single on tenhou, double on majsoul
    r = win("222z333z444z55m[111-z]", "5m", **RON)
    assert r.yakuman == 1 and r.total == 32000
    r = win("222z333z444z55m[111-z]", "5m", rules=MAJSOUL, **RON)
    assert r.yakuman == 2 and r.total == 64000
    assert not TENHOU.double_yakuman and TENHOU.yakuman_stacking


def test_S11_pao_for_daisangen() -> None:
    """S11: the feeder of the last dragon pon pays a tsumo in full, half of a ron."""
    r = win("234m11s[555-z][666=z][777+z]", "1s", winner=2, dealer=0, pao=3)
    assert r.deltas == (0, 0, 32000, -32000)
    r = win("234m11s[555-z][666=z][777+z]", "1s", discarder=1, winner=2, dealer=0, pao=3)
    assert r.deltas == (0, -16000, 32000, -16000)
    assert TENHOU.pao


# --- Y yaku ----------------------------------------------------------------------------


def test_Y1_riichi_one_han_closed_only() -> None:
    """Y1: riichi is 1 han; an open hand cannot be in riichi."""
    assert ids(win("123m567p789s456s88p", "3m", **RON, **RIICHI)) == {"riichi": 1}
    with pytest.raises(ImpossibleSituationError):
        win("123m567p88p456s[7-89s]", "3m", **RON, **RIICHI)


def test_Y2_double_riichi_two_han_not_with_riichi() -> None:
    """Y2: double riichi is 2 han and replaces riichi."""
    r = win("123m567p789s456s88p", "3m", riichi=Riichi.DOUBLE, **RON)
    assert ids(r) == {"double_riichi": 2}


def test_Y3_ippatsu_and_its_option() -> None:
    """Y3: ippatsu 1 han after riichi; refused where the rules drop it."""
    r = win("123m567p789s456s88p", "3m", ippatsu=True, **RON, **RIICHI)
    assert ids(r) == {"riichi": 1, "ippatsu": 1}
    no_ippatsu = replace(TENHOU, ippatsu=False)
    with pytest.raises(ImpossibleSituationError):
        win("123m567p789s456s88p", "3m", ippatsu=True, rules=no_ippatsu, **RON, **RIICHI)


def test_Y4_menzen_tsumo() -> None:
    """Y4: a closed tsumo is 1 han; an open tsumo has none."""
    assert ids(win("123m567p789s456s88p", "3m", **TSUMO)) == {"menzen_tsumo": 1}
    with pytest.raises(NoYakuError):
        win("123m567p88p456s[7-89s]", "3m", **TSUMO)


def test_Y5_pinfu_conditions() -> None:
    """Y5: all runs, ryanmen wait, non-yakuhai pair; closed only."""
    assert "pinfu" in ids(win("234m567p678s456s88p", "2m", **RON, **RIICHI))
    assert "pinfu" not in ids(win("234m567p678s456s55z", "2m", **RON, **RIICHI))  # haku pair
    assert "pinfu" not in ids(win("123m567p678s456s88p", "3m", **RON, **RIICHI))  # penchan
    assert "pinfu" in ids(win("234m567p678s456s44z", "2m", **RON, **RIICHI))  # north pair


def test_Y6_tanyao_and_kuitan_option() -> None:
    """Y6: tanyao 1 han closed; open 1 han with kuitan (002), none without (000)."""
    assert ids(win("234m567p678s456s88p", "2m", **RON))["tanyao"] == 1
    assert ids(win("234m567p88p456s[6-78s]", "2m", **RON)) == {"tanyao": 1}
    with pytest.raises(NoYakuError):
        win("234m567p88p456s[6-78s]", "2m", rules=TEXTBOOK, **RON)


def test_Y7_iipeikou() -> None:
    """Y7: two identical runs, 1 han, closed only."""
    assert ids(win("223344m567p456s99p", "2m", **RON, **RIICHI)).get("iipeikou") == 1
    assert ids(win("223344m567p99p[777+z]", "2m", **RON)) == {"chun": 1}  # open: none


def test_Y8_ryanpeikou_not_with_iipeikou_or_seven_pairs() -> None:
    """Y8: ryanpeikou 3 han, replacing iipeikou and the seven-pairs reading."""
    r = win("223344m556677p99s", "9s", **RON)
    y = ids(r)
    assert y.get("ryanpeikou") == 3 and "iipeikou" not in y and "chiitoitsu" not in y


def test_Y9_yakuhai_each_and_double_wind() -> None:
    """Y9: each dragon, the seat wind and the round wind 1 han; a double wind twice."""
    assert ids(win("123m567p789s11p777z", "7z", **RON)) == {"chun": 1}
    r = win("123m567p789s11p111z", "1z", discarder=1, winner=0, dealer=0)
    assert ids(r) == {"seat_wind_ton": 1, "round_wind_ton": 1}
    r = win("123m567p789s11p222z", "2z", **RON, round_wind="2z")  # seat 2 is West
    assert ids(r) == {"round_wind_nan": 1}


def test_Y10_rinshan_kaihou() -> None:
    """Y10: a win on the replacement tile of a kan, 1 han open or closed."""
    r = win("123m567p789s11p[2222+z]", "1p", **TSUMO, rinshan=True)
    assert ids(r) == {"rinshan": 1}


def test_Y11_chankan_and_robbing_an_ankan() -> None:
    """Y11: chankan 1 han; robbing an ankan only for kokushi and by option."""
    assert ids(win("123m567p789s11p456s", "6s", chankan=True, **RON))["chankan"] == 1
    r = win("199m19p19s1234567z", "1m", chankan=True, robbed_ankan=True, **RON)
    assert "kokushi" in ids(r)
    with pytest.raises(ImpossibleSituationError):
        win(
            "199m19p19s1234567z",
            "1m",
            chankan=True,
            robbed_ankan=True,
            rules=MLEAGUE,
            **RON,
        )
    assert TENHOU.kokushi_robs_ankan and TEXTBOOK.kokushi_robs_ankan


def test_Y12_haitei_and_Y13_houtei() -> None:
    """Y12 haitei (tsumo on the last tile) and Y13 houtei (ron on the last discard)."""
    assert ids(win("123m567p88p456s[7-89s]", "3m", **TSUMO, haitei=True)) == {"haitei": 1}
    assert ids(win("123m567p88p456s[7-89s]", "3m", **RON, houtei=True)) == {"houtei": 1}
    with pytest.raises(ImpossibleSituationError):
        win("123m567p88p456s[7-89s]", "3m", **RON, haitei=True)


def test_Y14_seven_pairs_distinct() -> None:
    """Y14: seven pairs 2 han closed; four of a kind are not two pairs."""
    assert ids(win("1133m5577p2288s66z", "6z", **RON)) == {"chiitoitsu": 2}
    from jantaku.errors import IncompleteHandError

    with pytest.raises(IncompleteHandError):
        win("1111m5577p2288s66z", "6z", **RON)


@pytest.mark.parametrize(
    ("rule", "yaku", "closed", "open_", "tile", "han"),
    [
        ("Y15", "toitoi", "22m444p666s888s999p", "22m999p[444-p][666-s][888=s]", "9p", (2, 2)),
        ("Y16", "sanshoku", "123m123p123s789s55p", "123m123p789s55p[1-23s]", "5p", (2, 1)),
        ("Y17", "sanshoku_doukou", "222m222p222s789s55p", "222m222p789s55p[2-22s]", "5p", (2, 2)),
        ("Y18", "ittsu", "123456789m123s55p", "123456m123s55p[7-89m]", "5p", (2, 1)),
        ("Y19", "chanta", "123m789p789s111z99s", "123m789p111z99s[7-89s]", "9s", (2, 1)),
        ("Y24", "honitsu", "123456m789m111z99m", "123456m111z99m[7-89m]", "9m", (3, 2)),
        ("Y25", "junchan", "123m789p789s111s99m", "123m789p111s99m[7-89s]", "9m", (3, 2)),
        ("Y26", "chinitsu", "111234567m789m55m", "111234567m55m[7-89m]", "5m", (6, 5)),
    ],
)
def test_Y15_to_Y26_han_closed_and_open(
    rule: str, yaku: str, closed: str, open_: str, tile: str, han: tuple[int, int]
) -> None:
    """Y15–Y19, Y24–Y26: han closed / open as the 002 table gives them."""
    assert ids(win(closed, tile, **RON))[yaku] == han[0], rule
    assert ids(win(open_, tile, **RON))[yaku] == han[1], rule


def test_Y20_sanankou_and_Y21_sankantsu() -> None:
    """Y20 sanankou 2/2 (a ron-completed triplet is not concealed); Y21 sankantsu 2/2."""
    r = win("222m444p666s345s99p", "3s", **RON)
    assert ids(r).get("sanankou") == 2
    r = win("222m444p99s345s666s", "6s", **RON, **RIICHI)  # third triplet by ron
    assert "sanankou" not in ids(r)
    r = win("345s99p[2222m][4444+p][6666=s]", "3s", **RON)
    y = ids(r)
    assert y.get("sankantsu") == 2 and "sanankou" not in y  # one ankan, two open kans


def test_Y22_shousangen_with_its_dragon_yakuhai() -> None:
    """Y22: shousangen 2 han plus the two dragon triplets' yakuhai."""
    r = win("555z666z77z123m456p", "3m", **RON)
    assert ids(r) == {"shousangen": 2, "haku": 1, "hatsu": 1}


def test_Y23_honroutou() -> None:
    """Y23: honroutou 2/2 (with toitoi, never with chanta)."""
    r = win("111m999p11s999s777z", "7z", **RON)
    y = ids(r)
    assert y.get("honroutou") == 2 and "chanta" not in y and "toitoi" in y


@pytest.mark.parametrize(
    ("yakuman", "hand", "tile", "kw"),
    [
        ("kokushi", "19m19p19s12345677z", "1m", RON),
        ("suuankou", "222m444p666s888s99p", "8s", TSUMO),
        ("daisangen", "555z666z777z123m99p", "9p", RON),
        ("shousuushii", "111z222z333z44z123m", "3m", RON),
        ("daisuushii", "222z333z444z55m[111-z]", "5m", RON),
        ("tsuuiisou", "111z222z555z666z77z", "7z", RON),
        ("ryuuiisou", "223344s666s888s66z", "8s", RON),
        ("chinroutou", "111m999m111p999p11s", "1s", RON),
        ("chuuren", "11122345678999m", "5m", RON),
        ("suukantsu", "11p[2222m][4444+p][6666=s][7777z]", "1p", TSUMO),
        ("tenhou", "123m567p789s456s88p", "8p", {"winner": 0, "dealer": 0, "first_turn": True}),
        ("chiihou", "123m567p789s456s88p", "8p", {**TSUMO, "first_turn": True}),
    ],
)
def test_Y27_yakuman(yakuman: str, hand: str, tile: str, kw: dict[str, Any]) -> None:
    """Y27: each yakuman of the seeds scores a yakuman (basic 8000) with no ordinary yaku."""
    r = win(hand, tile, **kw)
    assert yakuman in ids(r) and r.yakuman >= 1 and r.limit is Limit.YAKUMAN
    assert all(y.yakuman for y in r.yaku)


def test_Y27_ryuuiisou_only_green_tiles() -> None:
    """Y27: ryuuiisou uses 2/3/4/6/8 sou and hatsu only; a 5s breaks it."""
    assert "ryuuiisou" in ids(win("234s666s888s222s66z", "8s", **RON))
    y = ids(win("345s666s888s222s66z", "8s", **RON))
    assert "ryuuiisou" not in y and "honitsu" in y


def test_Y28_nagashi_and_renhou_by_preset() -> None:
    """Y28: nagashi mangan on in tenhou/majsoul; renhou off, mangan or yakuman by option."""
    assert TENHOU.nagashi_mangan and MAJSOUL.nagashi_mangan and not WRC.nagashi_mangan
    hand = {"discarder": 0, "winner": 2, "dealer": 0, "first_turn": True}
    with pytest.raises(NoYakuError):  # renhou off (tenhou): no yaku
        win("123m567p789s456s88p", "8p", **hand)
    r = win("123m567p789s456s88p", "8p", rules=replace(TENHOU, renhou=Renhou.MANGAN), **hand)
    assert "renhou" in ids(r) and r.total == 8000
    r = win("123m567p789s456s88p", "8p", rules=replace(TENHOU, renhou=Renhou.YAKUMAN), **hand)
    assert r.yakuman == 1 and r.total == 32000


def test_Y29_one_han_minimum_and_atozuke() -> None:
    """Y29: a hand with no yaku cannot win (dora alone do not count); atozuke on by default."""
    with pytest.raises(NoYakuError):
        win("123m567p789s456s88p", "3m", dora="2m", **RON)
    assert TENHOU.atozuke and TEXTBOOK.atozuke
    # an open hand whose only yaku (a chun triplet) was completed with the winning tile
    r = win("123m567p99p777z[4-56s]", "7z", **RON)
    assert ids(r) == {"chun": 1}


def test_Y29_atozuke_off_needs_a_yaku_on_every_winning_tile() -> None:
    """Y29: 後付けなし (000 ありあり: 後付けとは役牌の刻子を作る前に他の牌を鳴く行為) — with
    ``atozuke`` off, an open hand must be sure of its yaku: every tile that completes it
    gives one; a yaku that only the winning tile brings after a call does not count."""
    nashi = replace(TENHOU, atozuke=False)
    # shanpon 9p / 7z after a chii: chun only when 7z comes (the finding's example)
    for how in (RON, TSUMO):
        with pytest.raises(NoYakuError, match="後付けなし"):
            win("123m567p99p777z[4-56s]", "7z", rules=nashi, **how)
        with pytest.raises(NoYakuError):
            win("123m567p77p666z[4-56s]", "6z", rules=nashi, **how)  # 7p/6z: hatsu only on 6z
        s = WinSituation.from_hand("123m567p99p777z[4-56s]", win="7z", rules=nashi, **how)
        assert not has_yaku(s)  # the legal-win check agrees with score_win
    # with atozuke on, both score (their yaku came with the winning tile)
    assert ids(win("123m567p77p666z[4-56s]", "6z", **RON)) == {"hatsu": 1}
    # the yaku is sure whatever completes the hand: a called chun, two waits
    r = win("123m567p999p11s[7-77z]", "9p", rules=nashi, **RON)
    assert ids(r) == {"chun": 1}
    assert ids(win("123m567p99p111s[7-77z]", "1s", rules=nashi, **RON)) == {"chun": 1}
    # shanpon of two yakuhai: either tile gives a yaku
    assert ids(win("123m567p55z777z[4-56s]", "7z", rules=nashi, **RON)) == {"chun": 1}
    # open tanyao on every tile of a ryanmen
    assert ids(win("234m567p88p234s[4-56s]", "2s", rules=nashi, **RON)) == {"tanyao": 1}
    with pytest.raises(NoYakuError):  # 23s waits on 1s-4s: a 1s win has no tanyao
        win("234m567p88p234s[4-56s]", "4s", rules=nashi, **RON)
    # a closed hand is not concerned (no call before its yaku)
    closed = win("123m567p99p777z456s", "7z", rules=nashi, **RON)
    assert ids(closed) == {"chun": 1}


def test_Y30_competition_options_drop_ippatsu_ura_and_kan_dora() -> None:
    """Y30: ippatsu, ura dora and kan dora are options; off, they are refused."""
    comp = replace(TENHOU, ippatsu=False, ura_dora=False, kan_dora=False)
    with pytest.raises(ImpossibleSituationError):
        win("123m567p789s456s88p", "3m", ura="1z", rules=comp, **RON, **RIICHI)
    with pytest.raises(ImpossibleSituationError):
        win("123m567p789s456s88p", "3m", dora="1z2z", rules=comp, **RON, **RIICHI)
    r = win("123m567p789s456s88p", "3m", dora="1z", rules=comp, **RON, **RIICHI)
    assert ids(r) == {"riichi": 1}


def test_Y1_riichi_point_wall_and_deposit_options() -> None:
    """Y1: riichi needs 1000 points and, by option, 4 wall tiles (tenhou presets)."""
    rules: Rules = TENHOU
    assert rules.riichi_min_points == 1000 and rules.riichi_min_tiles_left == 4
    assert rules.riichi_deposit == 1000
