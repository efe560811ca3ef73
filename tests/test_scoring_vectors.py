"""All riichienv winning-hand vectors agree under the Mahjong Soul presets (issue 3 §3).

The vectors (``data/scoring_vectors/riichienv_agari``, FORMATS.md §4.1) give han, fu
and the Mahjong Soul fan ids of each win; we compare all three. Fu of yakuman hands
are recorded as 0 there and carry no meaning, so they are not compared.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

import corpus
from jantaku.errors import JantakuError
from jantaku.meld import Meld, MeldKind
from jantaku.rules import MAJSOUL, MAJSOUL_SANMA, Rules
from jantaku.scoring import YAKU, Riichi, WinSituation, score_win

DATA = corpus.DATA / "scoring_vectors" / "riichienv_agari"
RED = {16: 34, 52: 35, 88: 36}
MAJSOUL_ID = {y.id: y.majsoul_id for y in YAKU}


def _tile(i: int) -> int:
    return RED.get(i, i // 4)


def situation(case: dict[str, Any], rules: Rules) -> WinSituation:
    cond = case["conditions"]
    n = cond["num_players"]
    winner = cond["player_wind"]
    concealed = [_tile(i) for i in case["tiles_136"]]
    if len(concealed) + 3 * len(case["melds"]) == 13:
        concealed.append(_tile(case["win_tile_136"]))
    melds = []
    for m in case["melds"]:
        ts = tuple(_tile(i) for i in m["tiles"])
        t = m["meld_type"]
        called_from = (m["from_who"] - winner) % n or 1
        if t == "chi":
            melds.append(Meld(MeldKind.CHII, ts, ts[0], 3))
        elif t == "pon":
            melds.append(Meld(MeldKind.PON, ts, ts[0], called_from))
        elif t == "daiminkan":
            melds.append(Meld(MeldKind.DAIMINKAN, ts, ts[0], called_from))
        elif t == "kakan":
            melds.append(Meld(MeldKind.KAKAN, ts, ts[0], called_from, ts[3]))
        else:
            assert t == "ankan"
            melds.append(Meld(MeldKind.ANKAN, ts))
    riichi = Riichi.NONE
    if cond["double_riichi"]:
        riichi = Riichi.DOUBLE
    elif cond["riichi"]:
        riichi = Riichi.RIICHI
    return WinSituation(
        concealed=tuple(concealed),
        melds=tuple(melds),
        win_tile=_tile(case["win_tile_136"]),
        discarder=None if cond["tsumo"] else (winner + 1) % n,
        riichi=riichi,
        ippatsu=cond["ippatsu"],
        haitei=cond["haitei"],
        houtei=cond["houtei"],
        rinshan=cond["rinshan"],
        chankan=cond["chankan"],
        first_turn=cond["tsumo_first_turn"],
        round_wind=27 + cond["round_wind"],
        winner=winner,
        dealer=0,
        dora_indicators=tuple(_tile(i) for i in case["dora_indicators"]),
        ura_indicators=tuple(_tile(i) for i in case["ura_indicators"]),
        kita=cond["kita_count"],
        honba=cond["honba"],
        rules=rules,
    )


@pytest.mark.parametrize(
    ("name", "rules", "count"),
    [("agari_4p.json", MAJSOUL, 816), ("agari_3p.json", MAJSOUL_SANMA, 402)],
)
def test_riichienv_agari_vectors(name: str, rules: Rules, count: int) -> None:
    cases = json.loads((DATA / name).read_text())["cases"]
    assert len(cases) == count
    failures: list[tuple[int, object, object]] = []
    for i, case in enumerate(cases):
        exp = case["expected"]
        try:
            r = score_win(situation(case, rules))
        except JantakuError as e:
            if exp["is_win"]:
                failures.append((i, "raised", str(e)))
            continue
        ids = {MAJSOUL_ID[y.id] for y in r.yaku}
        for fan, value in ((31, r.dora), (32, r.red), (33, r.ura), (34, r.kita)):
            if value:
                ids.add(fan)
        got = (r.han, r.fu if not r.yakuman else 0, ids)
        want = (exp["han"], exp["fu"], set(exp["yaku"]))
        if not exp["is_win"] or got != want:
            failures.append((i, got, want))
    assert failures == []
