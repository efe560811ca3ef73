"""Rules as data: presets, validation, JSON round trips (RULES.md S, Y, G, M, X, P)."""

from __future__ import annotations

import json
from dataclasses import fields, replace

import pytest

from jantaku.errors import RulesError
from jantaku.rules import (
    PRESETS,
    TENHOU,
    TENHOU_SANMA,
    TEXTBOOK,
    KanDoraTiming,
    LeftoverDeposits,
    MultipleRon,
    NorthTile,
    Rounding,
    Rules,
    Shortfall,
)


def test_preset_names() -> None:
    assert list(PRESETS) == [
        "tenhou",
        "majsoul",
        "mleague",
        "wrc",
        "ema",
        "textbook",
        "tenhou-sanma",
        "majsoul-sanma",
    ]
    for name, rules in PRESETS.items():
        assert Rules.preset(name) is rules
        assert rules.name() == name


@pytest.mark.parametrize("name", list(PRESETS))
def test_json_round_trip(name: str) -> None:
    rules = PRESETS[name]
    text = rules.to_json()
    back = Rules.from_json(text)
    assert back == rules
    assert back.to_json() == text
    assert set(json.loads(text)) == {f.name for f in fields(Rules)}


def test_unknown_and_missing_keys() -> None:
    data = TENHOU.to_dict()
    with pytest.raises(RulesError, match="unknown rules keys: zzz"):
        Rules.from_dict({**data, "zzz": 1})
    del data["kuitan"]
    with pytest.raises(RulesError, match="missing rules keys: kuitan"):
        Rules.from_dict(data)
    with pytest.raises(RulesError, match="not a MultipleRon"):
        Rules.from_dict({**TENHOU.to_dict(), "multiple_ron": "triple"})
    with pytest.raises(RulesError):
        Rules.from_json("{not json")


def test_keyword_only_and_frozen() -> None:
    with pytest.raises(TypeError):
        Rules(4)  # type: ignore[misc, call-arg]
    with pytest.raises(AttributeError):
        TENHOU.players = 3  # type: ignore[misc]


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"players": 2}, "players must be 3 or 4"),
        ({"uma": (20000, 10000, -10000)}, "uma needs 4 places"),
        ({"uma": (20000, 10000, -10000, -10000)}, "sum to 0"),
        ({"uma": (-20000, 10000, -10000, 20000)}, "must not increase"),
        ({"double_wind_pair_fu": 3}, "double_wind_pair_fu is 2 or 4"),
        ({"red_fives": (1, 3, 1)}, "red_fives"),  # two red 5p is the 000 variant (T3)
        ({"kuikae_forbidden": False}, "suji kuikae"),
        ({"abort_sanchahou": False}, "double_triple_abort needs"),
        ({"multiple_ron": MultipleRon.DOUBLE}, "no sanchahou abort"),
        ({"kuitan": 1}, "true or false"),
        ({"honba_value": -300}, "cannot be negative"),
        ({"length": "east_only"}, "GameLength"),
        ({"oka": False}, "without oka"),
        ({"start_points": 25050}, "multiples of 100"),
        ({"pao": False, "pao_suukantsu": True}, "pao_suukantsu needs pao"),
    ],
)
def test_contradictions_raise(change: dict[str, object], message: str) -> None:
    with pytest.raises(RulesError, match=message):
        replace(TENHOU, **change)  # type: ignore[arg-type]


def test_sanma_contradictions() -> None:
    with pytest.raises(RulesError, match="no red 5m"):
        replace(TENHOU_SANMA, red_fives=(1, 1, 1))
    with pytest.raises(RulesError, match="need four players"):
        replace(TENHOU_SANMA, abort_suucha_riichi=True)


def test_tenhou_defaults_match_rules_catalogue() -> None:
    # RULES.md names these defaults; the tenhou preset uses them.
    r = TENHOU
    assert r.red_fives == (1, 1, 1)  # T3
    assert r.flowers == 0 and r.chips == 0  # T4, T5b
    assert r.double_wind_pair_fu == 4  # S1
    assert not r.kiriage_mangan and r.kazoe_yakuman  # S4
    assert r.honba_value == 300 and r.honba_tsumo_each == 100  # S7
    assert r.yakuman_stacking and not r.double_yakuman  # S10
    assert r.pao  # S11
    assert r.atozuke and r.kuitan  # Y29, Y6
    assert r.suji_kuikae_forbidden  # G6
    assert r.noten_payment_total == 3000  # G9
    assert r.nagashi_mangan  # Y28


def test_textbook_follows_the_000_rulebook() -> None:
    r = TEXTBOOK
    assert r.red_fives == (0, 0, 0)
    assert not r.kuitan  # 断一九＊: 食い下がり 1 翻 → 0 han open
    assert r.multiple_ron is MultipleRon.HEAD_BUMP  # 和了者は必ず１家
    assert not r.abortive_draw_renchan  # 四風連打…輪荘、積み場とならない
    assert r.abort_chombo  # 錯和流局
    assert r.leftover_deposits is LeftoverDeposits.RETURNED  # 供託 返還される
    assert r.shortfall is Shortfall.SPLIT  # 不足が出たら他家が折半
    assert r.final_rounding is Rounding.FIVE_DOWN_SIX_UP  # 五捨六入
    assert r.kan_dora_timing is KanDoraTiming.OPEN_AFTER_DISCARD  # 暗槓先開け明槓後開け
    assert not r.riichi_on_complete_hand  # 和了っている牌を打って立直…出来ない
    assert r.kokushi_robs_ankan  # 槍槓: 国士無双…暗槓での槍槓を認める
    assert r.double_wind_pair_fu == 4  # 連風牌４符
    assert r.kazoe_yakuman and not r.double_yakuman  # 四倍満 13翻以上; 大四喜 役満
    assert r.agari_yame and r.tenpai_yame  # 最後の荘家がトップ目のとき終了


def test_sanma_presets() -> None:
    for name in ("tenhou-sanma", "majsoul-sanma"):
        r = PRESETS[name]
        assert r.players == 3 and len(r.uma) == 3
        assert r.north is NorthTile.NUKIDORA
        assert not r.chii_allowed  # X5
        assert r.red_fives[0] == 0  # no 5m in sanma (X1)
        assert r.noten_payment_total == 2000  # verified on Tenhou records (FORMATS.md)


def test_presets_differ_where_sources_differ() -> None:
    assert PRESETS["mleague"].double_wind_pair_fu == 2
    assert PRESETS["majsoul"].double_yakuman
    assert PRESETS["wrc"].kiriage_mangan and not PRESETS["wrc"].kazoe_yakuman
    assert PRESETS["ema"].kan_dora_timing is KanDoraTiming.IMMEDIATE
    assert len({r.to_json() for r in PRESETS.values()}) == len(PRESETS)


def test_competition_presets_follow_their_rule_books() -> None:
    m = PRESETS["mleague"]
    # M-League: no abortive draws, kan dora at once, head bump, kiriage, no busting
    assert not (m.abort_kyuushu_kyuuhai or m.abort_suufon_renda or m.abort_suucha_riichi)
    assert m.kan_dora_timing is KanDoraTiming.IMMEDIATE and m.kiriage_mangan and not m.tobi
    assert m.multiple_ron is MultipleRon.HEAD_BUMP and not m.kokushi_robs_ankan
    assert m.uma == (30000, 10000, -10000, -30000)
    # 数え役満なし: 13 han or more is a sanbaiman; yakuman combine, no double yakuman
    assert not m.kazoe_yakuman and m.yakuman_stacking and not m.double_yakuman
    e = PRESETS["ema"]
    # EMA RCR 2016 (the EMA's list of changes since 2012): no red fives, open tanyao,
    # renhou a mangan, daisuushii a single yakuman, 13+ han a sanbaiman, no swap calls,
    # no abortive draws, no nagashi mangan; unlike WRC 2015: double and triple ron, no
    # kiriage, leftover riichi bets to the winner
    assert e.red_fives == (0, 0, 0) and e.kuitan and e.renhou.value == "mangan"
    assert not e.double_yakuman and not e.yakuman_stacking and not e.kazoe_yakuman
    assert e.kuikae_forbidden and e.suji_kuikae_forbidden and not e.nagashi_mangan
    assert not any(getattr(e, f.name) for f in fields(e) if f.name.startswith("abort_"))
    assert e.multiple_ron is MultipleRon.DOUBLE and not e.kiriage_mangan
    assert e.leftover_deposits is LeftoverDeposits.TO_TOP and not e.tenpai_on_own_fourth
    assert e.uma == (15000, 5000, -5000, -15000) and (e.start_points, e.oka) == (30000, False)
    w = PRESETS["wrc"]
    assert w.multiple_ron is MultipleRon.HEAD_BUMP and w.red_fives == (0, 0, 0)
    assert (w.start_points, w.return_points, w.oka) == (30000, 30000, False)
