"""``WinColumns``: score_table's columnar input (issue 3 §4).

A table scored from columns equals the table scored from the same situations (and so
:func:`score_win`, which ``tests/test_scoring_batch.py`` pins the situations' table
to), under every four-player preset, for the seeded hands the ``mahjong`` cross-check
scores; a row read back is the situation it came from; and columns that are no wins
raise the errors the situation would.
"""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from jantaku.errors import ImpossibleSituationError, InvalidHandError, JantakuError
from jantaku.rules import PRESETS
from jantaku.scoring import WinColumns, WinSituation, score_table, score_win
from scoring_hands import random_hands, with_rules

FOUR_PLAYER = [name for name, rules in PRESETS.items() if rules.players == 4]


def _plain(situations: list[WinSituation]) -> list[WinSituation]:
    """The situations columns can hold (no first turn, pao, kita, flowers, robbed ankan)."""
    return [
        s
        for s in situations
        if not (s.first_turn or s.pao is not None or s.kita or s.flowers or s.robbed_ankan)
    ]


def _same(a: object, b: object) -> None:
    for name in ("han", "fu", "yakuman", "basic", "total", "deltas", "error"):
        assert getattr(a, name).tolist() == getattr(b, name).tolist(), name


@pytest.mark.parametrize("name", FOUR_PLAYER)
def test_columns_score_as_the_situations(name: str) -> None:
    rules = PRESETS[name]
    ss = _plain([with_rules(h.situation, rules) for h in random_hands(31, 1500)])
    cols = WinColumns.from_situations(ss)
    assert len(cols) == len(ss) > 1000
    _same(score_table(cols), score_table(ss))


def test_rows_read_back_as_their_situations() -> None:
    ss = _plain([h.situation for h in random_hands(32, 400)])
    cols = WinColumns.from_situations(ss)
    for i, s in enumerate(ss):
        back = cols.situation(i)
        assert sorted(back.concealed) == sorted(s.concealed)
        assert [(m.kind, m.tiles) for m in back.melds] == [(m.kind, m.tiles) for m in s.melds]
        assert dataclasses.replace(back, concealed=s.concealed, melds=s.melds) == s


def _columns(hand: str, **fields: object) -> dict[str, object]:
    s = WinSituation.from_hand(hand, win="8s", discarder=2, winner=1, dora="1m")
    c = WinColumns.from_situations([s])
    out = {f.name: getattr(c, f.name) for f in dataclasses.fields(c)}
    out.update(fields)
    return out


def test_columns_that_are_no_wins_raise() -> None:
    good = _columns("234m567p11s345678s")
    # pinfu and the dora 2m (indicator 1m): 30 fu 2 han, 2000
    assert score_table(WinColumns(**good)).total.tolist() == [2000]  # type: ignore[arg-type]
    cases: list[tuple[type[Exception], dict[str, object]]] = [
        (InvalidHandError, {"tiles": np.zeros((1, 13), dtype=np.int64)}),
        (InvalidHandError, {"tiles": np.full((1, 14), 40)}),
        (InvalidHandError, {"tiles": np.array([[0] * 5 + [1] * 9])}),  # five 1m
        (InvalidHandError, {"meld_kind": np.array([[1, -1, -1, -1]])}),  # a pon of no tiles
        (ImpossibleSituationError, {"win_tile": np.array([30])}),  # not in the hand
        (ImpossibleSituationError, {"discarder": np.array([1])}),  # the winner
        (ImpossibleSituationError, {"winner": np.array([4])}),
        (ImpossibleSituationError, {"round_wind": np.array([31])}),
        (ImpossibleSituationError, {"ippatsu": np.array([1])}),  # without riichi
        (ImpossibleSituationError, {"haitei": np.array([1])}),  # on a ron
        (ImpossibleSituationError, {"riichi": np.array([3])}),
        (ImpossibleSituationError, {"ura": np.array([[0, 1, -1, -1, -1]])}),
        (ImpossibleSituationError, {"honba": np.array([-1])}),
    ]
    for error, change in cases:
        with pytest.raises(error):
            WinColumns(**_columns("234m567p11s345678s", **change))  # type: ignore[arg-type]
    with pytest.raises(ImpossibleSituationError):
        WinColumns.from_situations(
            [WinSituation.from_hand("234m567p11s345678s", win="8s", first_turn=True)]
        )


def test_rules_without_atozuke_score_as_score_win() -> None:
    """Y29 後付けなし: the table gives score_win's numbers, from situations and columns."""
    rules = dataclasses.replace(PRESETS["tenhou"], atozuke=False)
    ss = _plain([with_rules(h.situation, rules) for h in random_hands(33, 300)])
    got = score_table(ss)
    _same(got, score_table(WinColumns.from_situations(ss)))
    for i, s in enumerate(ss):
        try:
            r = score_win(s)
        except JantakuError:
            assert got.error[i] != 0
            continue
        assert (got.han[i], got.fu[i], got.total[i]) == (r.han, r.fu, r.total)


@pytest.mark.parametrize("name", FOUR_PLAYER)
def test_columns_of_situations_pass_the_columns_checks(name: str) -> None:
    """from_situations sets the columns of checked situations without checking them
    again: the checked constructor takes the same arrays, and rows of another type
    than WinSituation are checked as any columns are."""
    rules = PRESETS[name]
    situations = _plain([with_rules(h.situation, rules) for h in random_hands(17, 400)])
    cols = WinColumns.from_situations(situations)
    arrays = {f.name: getattr(cols, f.name) for f in dataclasses.fields(WinColumns)}
    again = WinColumns(**arrays)
    for field, value in arrays.items():
        if field != "rules":
            assert getattr(again, field).tolist() == value.tolist(), field
    assert again.rules is cols.rules is rules
    with pytest.raises(ImpossibleSituationError, match="four-player"):
        WinColumns.from_situations([], rules=PRESETS["tenhou-sanma"])
    with pytest.raises(ImpossibleSituationError, match="other rules"):
        WinColumns.from_situations(situations, rules=PRESETS["tenhou-sanma"])

    @dataclasses.dataclass(frozen=True)
    class Lookalike:  # a row with every field of a situation, but no situation's checks
        s: WinSituation

        def __getattr__(self, name: str) -> object:
            return 38 if name == "win_tile" else getattr(self.s, name)

    with pytest.raises(InvalidHandError, match="not a tile value"):
        WinColumns.from_situations([Lookalike(situations[0])], rules)  # type: ignore[list-item]
