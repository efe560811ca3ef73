"""Catalogue tests for RULES.md section M (the match), one or more per rule ID.

Each test names its rule ID. The final-result tables are 003's ウマオカ tables; the
rounding is 000's 五捨六入 (試合を終える).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from jantaku.engine import Phase, Referee, State, apply, final_standings
from jantaku.events import (
    Dahai,
    EndGame,
    EndKyoku,
    Hora,
    Ryukyoku,
    StartGame,
    StartKyoku,
    Tsumo,
)
from jantaku.rules import (
    MAJSOUL,
    MLEAGUE,
    PRESETS,
    TENHOU,
    TEXTBOOK,
    GameLength,
    LeftoverDeposits,
    Rounding,
    Rules,
    replace,
)
from jantaku.scoring import final_result, settle_shortfall
from jantaku.tiles import EAST, SOUTH, parse_tiles
from scenarios import t


def start(
    hands: Sequence[str],
    rules: Rules = TENHOU,
    *,
    oya: int = 0,
    bakaze: int = EAST,
    honba: int = 0,
    scores: Sequence[int] | None = None,
) -> State:
    """A state at the start of a hand with the given dealt hands."""
    n = rules.players
    s = State(rules)
    apply(s, StartGame(names=tuple("abcd"[:n])))
    apply(
        s,
        StartKyoku(
            bakaze=bakaze,
            kyoku=oya + 1,
            honba=honba,
            kyotaku=0,
            oya=oya,
            dora_marker=t("4z"),
            scores=tuple(scores) if scores is not None else (rules.start_points,) * n,
            tehais=tuple(parse_tiles(h) for h in hands),
        ),
    )
    return s


def turn(s: State, seat: int, draw: str) -> None:
    apply(s, Tsumo(actor=seat, pai=t(draw)))
    apply(s, Dahai(actor=seat, pai=t(draw), tsumogiri=True))


JUNK = ("1379m1379p1379s1z", "1379m1379p1379s2z")
ORPHANS = "19m19p19s1234567z"
TANKI = "234m456p678p234s8p"  # waits on 8p, tanyao


def random_match(rules: Rules, seed: int) -> list[object]:
    rng = random.Random(seed)
    return list(Referee(rules, seed=seed).play(lambda _seat, _s, legal: rng.choice(legal)))


# --- M1 ----------------------------------------------------------------------------------


def test_M1_four_players_equal_start_hanchan_or_tonpuusen() -> None:
    """M1: four players with equal start points (25000 or 30000); east-south or east only."""
    for rules in PRESETS.values():
        if rules.players == 4:
            assert rules.start_points in (25000, 30000)
    assert TENHOU.length is GameLength.EAST_SOUTH
    east_only = replace(TENHOU, length=GameLength.EAST_ONLY, west_extension=False)
    for seed in range(3):
        winds = {e.bakaze for e in random_match(east_only, seed) if isinstance(e, StartKyoku)}
        assert winds == {EAST}
    log = random_match(replace(TENHOU, west_extension=False, tobi=False), 0)
    first = next(e for e in log if isinstance(e, StartKyoku))
    assert first.scores == (25000,) * 4
    assert {e.bakaze for e in log if isinstance(e, StartKyoku)} == {EAST, SOUTH}


# --- M2 ----------------------------------------------------------------------------------


def _exhaustive(hands: Sequence[str], rules: Rules = TENHOU, honba: int = 0) -> State:
    s = start(hands, rules, honba=honba)
    s.live = 1
    turn(s, 0, "6m")
    apply(s, Ryukyoku(reason="exhaustive"))
    apply(s, EndKyoku())
    return s


def test_M2_renchan_and_honba() -> None:
    """M2: dealer tenpai at a draw keeps the deal with a honba; dealer noten passes it with
    a honba; a non-dealer win resets honba; a dealer win keeps the deal with a honba."""
    s = _exhaustive((TANKI, JUNK[0], JUNK[1], ORPHANS), honba=1)
    assert s.expected is not None and s.expected[:5] == (EAST, 1, 2, 0, 0)
    s = _exhaustive((JUNK[0], TANKI, JUNK[1], ORPHANS), honba=1)
    assert s.expected is not None and s.expected[:5] == (EAST, 2, 2, 0, 1)
    s = start((JUNK[0], TANKI, JUNK[1], ORPHANS), honba=3)
    turn(s, 0, "6z")
    apply(s, Tsumo(actor=1, pai=t("8p")))
    apply(s, Hora(actor=1, target=1))
    apply(s, EndKyoku())
    assert s.expected is not None and s.expected[:5] == (EAST, 2, 0, 0, 1)


@pytest.mark.parametrize(("rules", "expected"), [(TENHOU, (EAST, 1, 1)), (TEXTBOOK, (EAST, 2, 0))])
def test_M2_abortive_draw_renchan_option(rules: Rules, expected: tuple[int, int, int]) -> None:
    """M2: an abortive draw keeps the deal with a honba (modern) or passes it (000)."""
    s = start(("19m19p19s1234z258p", "34m456p678p234s88p", JUNK[0], JUNK[1]), rules)
    apply(s, Tsumo(actor=0, pai=t("5z")))
    apply(s, Ryukyoku(reason="kyuushu_kyuuhai", actor=0))
    apply(s, EndKyoku())
    assert s.expected is not None and s.expected[:3] == expected


# --- M3 ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("length", "bakaze", "phase"),
    [
        (GameLength.EAST_ONLY, EAST, Phase.END_GAME),
        (GameLength.EAST_SOUTH, EAST, Phase.START_KYOKU),
        (GameLength.EAST_SOUTH, SOUTH, Phase.END_GAME),
    ],
)
def test_M3_match_ends_after_the_last_round(length: GameLength, bakaze: int, phase: int) -> None:
    """M3: the match ends after east 4 (tonpuusen) or south 4 (hanchan)."""
    rules = replace(TENHOU, length=length)
    hands = (TANKI, JUNK[0], JUNK[1], ORPHANS)
    s = start(hands, rules, oya=3, bakaze=bakaze, scores=(40000, 20000, 20000, 20000))
    for seat in (3, 0, 1, 2):
        turn(s, seat, "8m")
    turn(s, 3, "6z")
    apply(s, Tsumo(actor=0, pai=t("8p")))
    apply(s, Hora(actor=0, target=0))
    apply(s, EndKyoku())
    assert s.phase == phase


def test_M3_bust_ends_the_match_by_option() -> None:
    """M3: a player below zero ends the match (tobi); without tobi play goes on."""
    for rules, phase in ((TENHOU, Phase.END_GAME), (MLEAGUE, Phase.START_KYOKU)):
        s = start((JUNK[0], TANKI, JUNK[1], ORPHANS), rules, scores=(1000, 25000, 25000, 49000))
        turn(s, 0, "8p")
        apply(s, Hora(actor=1, target=0))
        apply(s, EndKyoku())
        assert s.scores[0] < 0 and s.phase == phase


# --- M4 ----------------------------------------------------------------------------------


def test_M4_shortfall_negative_or_split() -> None:
    """M4: points may go negative (common) or the others split the shortfall (000 収支)."""
    points = [1000, 30000, 30000, 39000]
    deltas = [-8000, 8000, 0, 0]
    assert settle_shortfall(points, deltas, TENHOU) == (-8000, 8000, 0, 0)
    split = settle_shortfall(points, deltas, TEXTBOOK)
    assert split[0] == -1000 and split[1] == 8000 and split[2] + split[3] == -7000
    assert sum(split) == 0


# --- M5 ----------------------------------------------------------------------------------


def test_M5_leftover_deposits_to_top_returned_or_lost() -> None:
    """M5: deposits left at the end go to the top, back to their owners, or nowhere."""
    pts = [30000, 24000, 25000, 20000]  # seat 1 left its riichi stick on the table
    top = final_result(pts, replace(TENHOU, final_rounding=Rounding.EXACT), leftover=[0, 1, 0, 0])
    assert top[0].points == 31000 and top[1].points == 24000
    back = final_result(pts, TEXTBOOK, leftover=[0, 1, 0, 0])
    assert back[0].points == 30000 and back[1].points == 25000
    lost = final_result(
        pts, replace(TENHOU, leftover_deposits=LeftoverDeposits.LOST), leftover=[0, 1, 0, 0]
    )
    assert [p.points for p in lost] == pts


# --- M6 ----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("uma", "table"),
    [
        ((10000, 5000, -5000, -10000), (25.0, 0.0, -10.0, -15.0)),  # 003: ウマ 5-10
        ((20000, 10000, -10000, -20000), (35.0, 5.0, -15.0, -25.0)),  # 003: ウマ 10-20
    ],
)
def test_M6_003_oka_uma_tables(uma: tuple[int, ...], table: tuple[float, ...]) -> None:
    """M6: 003's tables for 25000 start / 30000 return with uma 5-10 and 10-20 (each
    place at 25000 points: oka +15000 / −5000 plus uma)."""
    rules = replace(TENHOU, uma=uma, final_rounding=Rounding.EXACT)
    result = final_result([25000] * 4, rules)  # ties by seat order from the first dealer
    assert tuple(r.score for r in result) == table
    assert [r.place for r in result] == [1, 2, 3, 4]


def test_M6_rounding_modes_and_return() -> None:
    """M6: 五捨六入 (500 down, 600 up), 四捨五入, exact; 25000/30000 → −30; 30000/30000 → 0."""
    pts = [42500, 32600, 14300, 10600]
    five = final_result(pts, TEXTBOOK)  # uma 30-10
    assert [r.score for r in five[1:]] == [3 + 10, -16 - 10, -19 - 30]
    assert five[0].score == -sum(r.score for r in five[1:])
    half = final_result([32500, 42400, 14500, 10600], TENHOU)  # uma 20-10, half up
    assert [half[0].score, half[2].score, half[3].score] == [3 + 10, -15 - 10, -19 - 20]
    exact = final_result(pts, MAJSOUL)  # 25000 return, no oka, uma 15-5
    assert [r.score for r in exact[1:]] == [7.6 + 5, -10.7 - 5, -14.4 - 15]
    assert sum(r.score for r in final_result(pts, TENHOU)) == 0
    assert TENHOU.return_points - TENHOU.start_points == 5000


def test_M6_ties_by_seat_order_from_the_first_dealer() -> None:
    """M6: equal points are ranked by seat order from the first dealer."""
    result = final_result([25000] * 4, TENHOU, first_dealer=2)
    assert [r.place for r in result] == [3, 4, 1, 2]


# --- T5b (the yakitori marker, a match-level side payment) -------------------------------


def test_T5b_yakitori_penalty_where_on() -> None:
    """T5b: 焼き鳥マーク (000 その他の用具) — switched on, the players who did not win in
    the match pay ``yakitori`` each, shared by the players who won."""
    finals = {}
    for yakitori in (0, 1000):
        rules = replace(TENHOU, length=GameLength.EAST_ONLY, yakitori=yakitori)
        s = start(
            (TANKI, JUNK[0], JUNK[1], ORPHANS), rules, oya=3, scores=(40000, 20000, 20000, 20000)
        )
        for seat in (3, 0, 1, 2):
            turn(s, seat, "8m")
        turn(s, 3, "6z")
        apply(s, Tsumo(actor=0, pai=t("8p")))
        apply(s, Hora(actor=0, target=0))  # seat 0 wins; seats 1-3 never did
        apply(s, EndKyoku())
        assert s.phase == Phase.END_GAME
        before = list(s.scores)
        apply(s, EndGame())
        assert s.final is not None and s.final.scores is not None
        finals[yakitori] = s.final
        paid = [a - b for a, b in zip(s.final.scores, before, strict=True)]
        assert paid == ([0, 0, 0, 0] if not yakitori else [3000, -1000, -1000, -1000])
    assert finals[0].result != finals[1000].result
    assert sum(finals[1000].result or ()) == 0


def test_T5b_yakitori_nobody_pays_when_everyone_or_nobody_won() -> None:
    """T5b: with every seat won (or none), no seat is yakitori and nothing changes hands."""
    rules = replace(TENHOU, yakitori=1500)
    s = State(rules)
    s.scores = [30000, 25000, 25000, 20000]
    plain = final_result(s.scores, rules)
    assert [x.points for x in plain] == list(final_standings(s).scores or ())
    s.won = [True] * 4
    assert [x.points for x in plain] == list(final_standings(s).scores or ())
