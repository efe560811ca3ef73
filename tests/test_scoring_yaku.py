"""Each yaku (Y1–Y29): a hand that has it and one that narrowly does not, closed and
open, the exclusions, and the options that change them (issue 3 §3)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from jantaku.errors import ImpossibleSituationError, NoYakuError
from jantaku.rules import MAJSOUL, MLEAGUE, TENHOU, TEXTBOOK, WRC, Renhou
from jantaku.scoring import BY_ID, YAKU, Riichi, WinResult, WinSituation, score_win

R = Riichi.RIICHI


def win(hand: str, tile: str, *, tsumo: bool = False, **kw: Any) -> WinResult:
    """Score a win; by default seat 1 (south) wins by ron from seat 2, East round."""
    kw.setdefault("winner", 1)
    kw.setdefault("dealer", 0)
    if not tsumo:
        kw.setdefault("discarder", 2)
    return score_win(WinSituation.from_hand(hand, win=tile, **kw))


def ids(hand: str, tile: str, **kw: Any) -> set[str]:
    return {y.id for y in win(hand, tile, **kw).yaku}


# (yaku, hand, winning tile, situation): the hand has the yaku
HAS: list[tuple[str, str, str, dict[str, Any]]] = [
    ("riichi", "234m567p11s345678s", "8s", {"riichi": R}),
    ("double_riichi", "234m567p11s345678s", "8s", {"riichi": Riichi.DOUBLE}),
    ("ippatsu", "234m567p11s345678s", "8s", {"riichi": R, "ippatsu": True}),
    ("menzen_tsumo", "234m567p11s345678s", "8s", {"tsumo": True}),
    ("pinfu", "234m567p11s345678s", "8s", {}),
    ("tanyao", "234m567p22s345678s", "8s", {}),
    ("tanyao", "234m567p22s345s[6-78s]", "5s", {}),
    ("iipeikou", "223344m567p11s678s", "8s", {}),
    ("ryanpeikou", "223344m667788p55s", "5s", {}),
    ("haku", "123m456p789s11z555z", "1z", {}),
    ("hatsu", "123m456p789s11z[666=z]", "1z", {}),
    ("chun", "123m456p789s11z[7777=z]", "1z", {}),
    ("seat_wind_nan", "123m456p789s11222z", "1z", {}),
    ("seat_wind_shaa", "123m456p789s11z[333-z]", "1z", {"winner": 2, "discarder": 3}),
    ("seat_wind_pei", "123m456p789s11z[4444z]", "1z", {"winner": 3}),
    ("round_wind_nan", "123m456p789s11z222z", "1z", {"round_wind": "2z"}),
    ("round_wind_ton", "123m456p789s55z111z", "5z", {}),
    ("round_wind_shaa", "123m456p789s55z333z", "5z", {"round_wind": "3z"}),
    ("round_wind_pei", "123m456p789s55z444z", "5z", {"round_wind": "4z"}),
    ("seat_wind_ton", "123m456p789s55z111z", "5z", {"winner": 0}),
    ("rinshan", "123m456p789s55z[1111z]", "5z", {"tsumo": True, "rinshan": True}),
    ("chankan", "234m567p22s345678s", "8s", {"chankan": True}),
    ("haitei", "234m567p22s345678s", "8s", {"tsumo": True, "haitei": True}),
    ("houtei", "234m567p11s345678s", "8s", {"houtei": True}),
    ("chiitoitsu", "1199m2255p3377s11z", "1z", {}),
    ("toitoi", "111m999p55s[222=s][333=z]", "5s", {}),
    ("sanshoku", "123m123p123s55p789s", "9s", {}),
    ("sanshoku", "123m123p55p789s[1-23s]", "9s", {}),
    ("sanshoku_doukou", "222m222p222s345s99m", "3s", {}),
    ("ittsu", "123456789m55p234s", "4s", {}),
    ("ittsu", "123456m55p234s[7-89m]", "4s", {}),
    ("chanta", "123m789p111z99s789s", "7s", {}),
    ("chanta", "123m111z99s789s[7-89p]", "7s", {}),
    ("junchan", "123m789p99s789s111p", "7s", {}),
    ("sanankou", "222m444p666s345s99m", "3s", {}),
    ("sankantsu", "345s99m[2222m][4444p][6666=s]", "3s", {}),
    ("shousangen", "555z666z77z123m456p", "3m", {}),
    ("honroutou", "111m999p22z[111=z][999=s]", "2z", {}),
    ("honitsu", "123m456m789m11z222z", "1z", {}),
    ("honitsu", "123m456m11z222z[7-89m]", "1z", {}),
    ("chinitsu", "123m345m567m789m22m", "2m", {}),
    ("chinitsu", "123m345m567m22m[7-89m]", "2m", {}),
    # yakuman
    ("kokushi", "19m19p19s12345677z", "1m", {}),
    ("kokushi_13", "19m19p19s12345677z", "7z", {}),
    ("suuankou", "222m444p666s99m333s", "3s", {"tsumo": True}),
    ("suuankou_tanki", "222m444p666s99m333s", "9m", {}),
    ("daisangen", "555666777z123m99p", "9p", {}),
    ("daisangen", "555777z123m99p[666=z]", "9p", {"tsumo": True}),
    ("shousuushii", "111222333z44z123m", "3m", {}),
    ("daisuushii", "111222333444z55m", "5m", {}),
    ("tsuuiisou", "111222555z66z[777=z]", "6z", {}),
    ("tsuuiisou", "11223344556677z", "7z", {}),
    ("ryuuiisou", "234s234s666s888s66z", "6z", {}),
    ("chinroutou", "111m999m111p999p99s", "9s", {"tsumo": True}),
    ("chuuren", "11123455678999m", "9m", {}),
    ("junsei_chuuren", "11123455678999m", "5m", {}),
    ("suukantsu", "99m[2222m][4444p][6666=s][3333=s]", "9m", {}),
    ("tenhou", "234m567p11s345678s", "8s", {"tsumo": True, "winner": 0, "first_turn": True}),
    ("chiihou", "234m567p11s345678s", "8s", {"tsumo": True, "first_turn": True}),
]

# (yaku, hand, winning tile, situation): a near miss that does not have the yaku
HAS_NOT: list[tuple[str, str, str, dict[str, Any]]] = [
    ("riichi", "234m567p11s345678s", "8s", {"riichi": Riichi.DOUBLE}),
    ("ippatsu", "234m567p11s345678s", "8s", {"riichi": R}),
    ("menzen_tsumo", "234m567p22s345s[6-78s]", "5s", {"tsumo": True}),
    ("pinfu", "234m567p11s345678s", "7s", {"riichi": R}),  # kanchan
    ("pinfu", "234m567p55z345678s", "8s", {}),  # yakuhai pair
    ("pinfu", "234m567p22s345s[6-78s]", "5s", {"tsumo": True}),  # open
    ("pinfu", "234m567p11s345s789s", "7s", {"riichi": R}),  # penchan
    ("tanyao", "234m567p11s345678s", "8s", {}),
    ("iipeikou", "223344m567p22s[6-78s]", "7p", {}),  # open
    ("iipeikou", "223344m667788p55s", "5s", {}),  # ryanpeikou instead
    ("chiitoitsu", "223344m667788p55s", "5s", {}),  # ryanpeikou instead
    ("haku", "123m456p789s55z111z", "5z", {}),  # a pair is not a triplet
    ("seat_wind_nan", "123m456p789s11222z", "1z", {"winner": 3, "riichi": R}),
    ("round_wind_nan", "123m456p789s11z222z", "1z", {"winner": 2, "discarder": 3, "riichi": R}),
    ("toitoi", "111m999p55s[1-23s][555=z]", "5s", {}),
    ("sanshoku", "123m123p234s55p789s", "9s", {"riichi": R}),
    ("sanshoku_doukou", "222m222p333s345s99m", "3s", {"riichi": R}),
    ("ittsu", "123m456p789m55p234s", "4s", {"riichi": R}),
    ("chanta", "123m789p99s789s111p", "7s", {}),  # junchan instead
    ("junchan", "123m789p111z99s789s", "7s", {}),  # chanta instead
    ("chanta", "111m999p111z999s22z", "2z", {"tsumo": True}),  # honroutou: no runs
    ("sanankou", "222m444p666s345s99m", "6s", {"riichi": R}),  # ron on a shanpon
    ("sankantsu", "345s99m[2222m][4444p][777=z]", "3s", {}),
    ("shousangen", "555z666z11z123m456p", "3m", {}),
    ("honroutou", "111m999m111p999p99s", "9s", {"tsumo": True}),  # chinroutou
    ("honitsu", "123m345m567m789m22m", "2m", {}),  # chinitsu instead
    ("chinitsu", "123m456m789m11z222z", "1z", {}),
    ("riichi", "555666777z123m99p", "9p", {"riichi": R}),  # yakuman drop the rest
    ("suuankou", "222m444p666s99m333s", "3s", {}),  # ron on a shanpon
    ("kokushi_13", "19m19p19s12345677z", "1m", {}),
    ("chuuren", "111234m55m999m[6-78m]", "5m", {}),  # open
    ("junsei_chuuren", "11123455678999m", "9m", {}),
    ("tenhou", "234m567p11s345678s", "8s", {"tsumo": True, "first_turn": True}),
    ("daisuushii", "111222333z44z123m", "3m", {}),
]


@pytest.mark.parametrize(("yaku", "hand", "tile", "kw"), HAS, ids=[h[0] for h in HAS])
def test_hand_has_yaku(yaku: str, hand: str, tile: str, kw: dict[str, Any]) -> None:
    assert yaku in ids(hand, tile, **kw)


@pytest.mark.parametrize(("yaku", "hand", "tile", "kw"), HAS_NOT, ids=[h[0] for h in HAS_NOT])
def test_hand_narrowly_lacks_yaku(yaku: str, hand: str, tile: str, kw: dict[str, Any]) -> None:
    try:
        found = ids(hand, tile, **kw)
    except NoYakuError:
        found = set()
    assert yaku not in found


def test_every_yaku_is_tested() -> None:
    tested = {h[0] for h in HAS}
    untested = {y.id for y in YAKU} - tested
    assert untested == {"renhou", "renhou_yakuman"}  # see test_renhou_option


def test_registry_records() -> None:
    assert len({y.tenhou_id for y in YAKU}) == len(YAKU) - 1  # renhou twice (mangan/yakuman)
    for y in YAKU:
        assert y.han_open <= y.han_closed
        assert (y.yakuman > 0) == (y.han_closed == 13)
    assert (BY_ID["pinfu"].han_closed, BY_ID["pinfu"].han_open) == (1, 0)
    assert (BY_ID["sanshoku"].han_closed, BY_ID["sanshoku"].han_open) == (2, 1)
    assert (BY_ID["honitsu"].han_closed, BY_ID["honitsu"].han_open) == (3, 2)
    assert BY_ID["chiitoitsu"].kanji == "七対子"


def test_open_han_values() -> None:
    r = win("123m123p55p789s[1-23s]", "9s")
    assert [(y.id, y.han) for y in r.yaku] == [("sanshoku", 1)]
    r = win("123m456m11z222z[7-89m]", "1z", winner=1)
    assert {(y.id, y.han) for y in r.yaku} == {("honitsu", 2), ("ittsu", 1), ("seat_wind_nan", 1)}
    r = win("123m345m567m22m[7-89m]", "2m")
    assert {(y.id, y.han) for y in r.yaku} == {("chinitsu", 5)}


def test_double_wind_counts_twice_and_pair_fu_option() -> None:
    r = win("123m456p789s55z111z", "5z", winner=0, discarder=2)
    assert {y.id for y in r.yaku} == {"seat_wind_ton", "round_wind_ton"}
    # double-wind pair: 4 fu on Tenhou, 2 on M-League (S1 option)
    hand = "123m456p789s11z[555=z]"
    t = win(hand, "1z", winner=0, rules=TENHOU)
    m = win(hand, "1z", winner=0, rules=MLEAGUE)
    assert ("pair 11z", 4) in t.fu_items and ("pair 11z", 2) in m.fu_items
    assert t.fu == 30 and m.fu == 30  # 20 + 4 + 4/2 + tanki 2 → 30 either way
    t = win("123m456p789s11z[555=z]", "1z", winner=0, tsumo=True)
    m = win("123m456p789s11z[555=z]", "1z", winner=0, tsumo=True, rules=MLEAGUE)
    assert (t.fu, m.fu) == (40, 30)  # 20+2+4+4+2 = 32 → 40; 20+2+4+2+2 = 30


def test_kuitan_option() -> None:
    hand = "234m567p22s345s[6-78s]"
    assert "tanyao" in ids(hand, "5s", rules=TENHOU)
    with pytest.raises(NoYakuError):
        win(hand, "5s", rules=TEXTBOOK)  # 断一九＊: no han when open


def test_yakuman_options() -> None:
    tanki = "222m444p666s99m333s"
    assert win(tanki, "9m", rules=TENHOU).yakuman == 1
    assert win(tanki, "9m", rules=MAJSOUL).yakuman == 2
    # stacking: daisangen + tsuuiisou
    stack = "555666777z11z[222=z]"
    assert win(stack, "1z", rules=TENHOU).yakuman == 2
    assert win(stack, "1z", rules=TEXTBOOK).yakuman == 1  # 役満の基本点は８０００点
    assert win(stack, "1z", rules=TENHOU).total == 64000


def test_kazoe_and_kiriage_options() -> None:
    # chinitsu 6 + ittsu 2 + riichi 1 + tsumo 1 + pinfu 1 + ippatsu 1 + dora → 13+ han
    hand = "123456789m11m234m"
    kw: dict[str, Any] = {"riichi": R, "ippatsu": True, "tsumo": True, "dora": "1m"}
    t = win(hand, "4m", rules=TENHOU, **kw)
    w = win(hand, "4m", rules=WRC, **kw)
    assert t.han >= 13 and t.limit.value == "kazoe yakuman" and t.basic == 8000
    assert w.limit.value == "sanbaiman" and w.basic == 6000


def test_chankan_and_robbing_an_ankan() -> None:
    r = win("19m19p19s12345677z", "1m", chankan=True, robbed_ankan=True)
    assert r.yakuman == 1
    with pytest.raises(ImpossibleSituationError):
        win("234m567p22s345678s", "8s", chankan=True, robbed_ankan=True)
    with pytest.raises(ImpossibleSituationError):
        win("19m19p19s12345677z", "1m", chankan=True, robbed_ankan=True, rules=MLEAGUE)


def test_renhou_option() -> None:
    hand = "234m567p11s345s789s"  # penchan 7s, closed ron: no other yaku
    with pytest.raises(NoYakuError):
        win(hand, "7s", first_turn=True, rules=TENHOU)  # no renhou on Tenhou
    mangan = replace(TENHOU, renhou=Renhou.MANGAN)
    r = win(hand, "7s", first_turn=True, rules=mangan)
    assert r.limit.value == "mangan" and r.total == 8000
    yakuman = replace(TENHOU, renhou=Renhou.YAKUMAN)
    assert win(hand, "7s", first_turn=True, rules=yakuman).yakuman == 1


def test_highest_reading_wins() -> None:
    # 111222333m: three triplets (sanankou) or three identical runs (iipeikou...)
    r = win("111222333m789p55s", "5s", tsumo=True)
    assert r.reading.triplets == (0, 1, 2)
    assert "sanankou" in {y.id for y in r.yaku}
    # the winning tile ends a run on both sides: the ryanmen reading gives pinfu
    r = win("234m567p11s345s678s", "6s", riichi=R)
    assert r.wait.value == "ryanmen" and "pinfu" in {y.id for y in r.yaku}


def test_no_yaku_and_impossible_situations() -> None:
    with pytest.raises(NoYakuError, match="no yaku"):
        win("123m456p789s11z[7-89s]", "1z", dora="9s")  # dora alone never count
    with pytest.raises(ImpossibleSituationError, match="ippatsu without riichi"):
        win("234m567p11s345678s", "8s", ippatsu=True)
    with pytest.raises(ImpossibleSituationError, match="haitei"):
        win("234m567p11s345678s", "8s", haitei=True)
    with pytest.raises(ImpossibleSituationError, match="houtei"):
        win("234m567p11s345678s", "8s", tsumo=True, houtei=True)
    with pytest.raises(ImpossibleSituationError, match="not among"):
        win("234m567p11s345678s", "9s")
    with pytest.raises(ImpossibleSituationError, match="riichi needs a closed hand"):
        win("234m567p11s345s[6-78s]", "5s", riichi=R)
    with pytest.raises(ImpossibleSituationError, match="without a kan"):
        win("234m567p11s345678s", "8s", tsumo=True, rinshan=True)
    with pytest.raises(ImpossibleSituationError, match="winner cannot be"):
        win("234m567p11s345678s", "8s", discarder=1)
    with pytest.raises(ImpossibleSituationError, match="not played"):
        win(
            "234m567p11s345678s", "8s", riichi=R, ippatsu=True, rules=replace(TENHOU, ippatsu=False)
        )
