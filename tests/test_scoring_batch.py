"""``score_table``: many wins scored into NumPy arrays (issue 3 §4, the batch entry point).

Every row must carry the numbers :func:`score_win` gives for that win (han with dora,
fu, yakuman multiple, basic points, total, every seat's change) or its error code,
under every preset, for the seeded hands the ``mahjong`` cross-check scores, and for
the rows the arrays hand back to ``score_win`` (three players, pao, first turn,
several readings, possible yakuman).
"""

from __future__ import annotations

import pytest

from jantaku.errors import ImpossibleSituationError, IncompleteHandError, NoYakuError
from jantaku.rules import MAJSOUL, MAJSOUL_SANMA, PRESETS, TENHOU
from jantaku.scoring import Riichi, WinSituation, score_win
from jantaku.scoring.batch import IMPOSSIBLE, NO_YAKU, NOT_A_WIN, SCORED, score_table
from scoring_hands import random_hands, with_rules

FOUR_PLAYER = [name for name, rules in PRESETS.items() if rules.players == 4]


def _expected(s: WinSituation) -> tuple[int, ...]:
    try:
        r = score_win(s)
    except NoYakuError:
        return (0,) * 9 + (NO_YAKU,)
    except IncompleteHandError:
        return (0,) * 9 + (NOT_A_WIN,)
    except ImpossibleSituationError:
        return (0,) * 9 + (IMPOSSIBLE,)
    deltas = (*r.deltas, 0, 0, 0, 0)[:4]
    return (r.han, r.fu, r.yakuman, r.basic, r.total, *deltas, SCORED)


def _rows(situations: list[WinSituation]) -> list[tuple[int, ...]]:
    t = score_table(situations)
    return [
        (
            int(t.han[i]),
            int(t.fu[i]),
            int(t.yakuman[i]),
            int(t.basic[i]),
            int(t.total[i]),
            *(int(x) for x in t.deltas[i]),
            int(t.error[i]),
        )
        for i in range(len(t))
    ]


@pytest.mark.parametrize("name", FOUR_PLAYER)
def test_table_agrees_with_score_win(name: str) -> None:
    situations = [with_rules(h.situation, PRESETS[name]) for h in random_hands(20261130, 3000)]
    got = _rows(situations)
    for s, row in zip(situations, got, strict=True):
        assert row == _expected(s), s


def test_mixed_rules_and_fallback_rows() -> None:
    win = WinSituation.from_hand
    situations = [
        # three players: scored by score_win
        win(
            "111m999m123p456p11z", win="1z", discarder=1, riichi=Riichi.RIICHI, rules=MAJSOUL_SANMA
        ),
        # several readings: three identical runs or three triplets
        win("111222333m789p55s", win="5s", riichi=Riichi.RIICHI),
        # ryanpeikou or seven pairs
        win("112233m445566p77s", win="7s", discarder=2, winner=1),
        # a first-turn win; pao; thirteen orphans (13-sided and single); seven pairs
        win("123m456p789s11155z", win="5z", first_turn=True),
        win("123m11z[5-55z][6-66z][7-77z]", win="1z", discarder=1, winner=2, pao=3),
        win("19m19p19s12345677z", win="7z", discarder=3, rules=MAJSOUL),
        win("19m19p19s12345677z", win="1m", discarder=3, rules=MAJSOUL),
        win("1199m22p1199s1155z", win="5z"),
        # errors: no yaku, not a win, only thirteen orphans may rob an ankan
        win("123m456p789s11z[7-89s]", win="1z", discarder=3),
        win("123m456p789s11z234z", win="1z", discarder=3),
        win("234m567p22s345678s", win="8s", chankan=True, robbed_ankan=True, discarder=1),
    ]
    got = _rows(situations)
    assert got == [_expected(s) for s in situations]
    assert [row[-1] for row in got] == [SCORED] * 8 + [NO_YAKU, NOT_A_WIN, IMPOSSIBLE]
    # tenhou, daisangen, kokushi on its 13-sided wait (a double yakuman on Mahjong
    # Soul) and on a single wait
    assert [row[2] for row in got[3:7]] == [1, 1, 2, 1]
    assert got[7][:2] == (3, 25)  # menzen tsumo and chiitoitsu


def test_rows_of_two_rules_values_in_one_call() -> None:
    hands = random_hands(20261201, 400)
    situations = [
        with_rules(h.situation, TENHOU if i % 2 else MAJSOUL) for i, h in enumerate(hands)
    ]
    assert _rows(situations) == [_expected(s) for s in situations]


def test_no_wins_give_empty_arrays() -> None:
    t = score_table([])
    assert len(t) == 0 and t.deltas.shape == (0, 4) and t.error.tolist() == []


def test_four_concealed_triplets_in_the_arrays() -> None:
    """Suuankou (Y15) is scored column-wise: a tsumo on a shanpon wait is a yakuman,
    the same shape won by ron on it is sanankou toitoi, and the tanki wait is a double
    yakuman where the rules say so (Mahjong Soul) and a single one on Tenhou."""
    win = WinSituation.from_hand
    situations = [
        win("111m333p555s777s99m", win="7s", winner=1),  # tsumo: suuankou
        win("111m333p555s777s99m", win="7s", winner=1, discarder=2),  # ron: sanankou
        win("111m333p555s777s99m", win="9m", winner=1, discarder=2),  # tanki, Tenhou
        win("111m333p555s777s99m", win="9m", winner=1, discarder=2, rules=MAJSOUL),
        win("111m333p99m555s[7777s]", win="9m", winner=1, discarder=2),  # with an ankan
    ]
    got = _rows(situations)
    assert got == [_expected(s) for s in situations]
    # the seeds' limits: a non-dealer yakuman is 32000, a double 64000
    assert [(row[2], row[4]) for row in got] == [
        (1, 32000),
        (0, got[1][4]),
        (1, 32000),
        (2, 64000),
        (1, 32000),
    ]
    assert got[1][0] == 4 and got[1][4] == 8000  # sanankou toitoi: mangan


@pytest.mark.parametrize("preset", ["tenhou", "majsoul", "textbook"])
def test_score_wins_gives_what_score_win_gives_or_raises(preset: str) -> None:
    """score_wins keeps each error in place (returned, not raised, inside): the same
    result as score_win, or an error of the same type and text."""
    from jantaku.scoring import score_wins

    rules = PRESETS[preset]
    wins = [with_rules(h.situation, rules) for h in random_hands(11, 400)]
    wins.append(WinSituation.from_hand("123m456p789s11z[7-89s]", win="1z", discarder=3))
    got = score_wins(wins)
    errors = 0
    for s, r in zip(wins, got, strict=True):
        try:
            want = score_win(s)
        except (NoYakuError, IncompleteHandError, ImpossibleSituationError) as e:
            errors += 1
            assert type(r) is type(e) and str(r) == str(e)
            continue
        assert r == want
    assert errors  # some wins have no yaku
