"""WinSituation's own __init__ (set slot by slot) against its declared fields."""

from __future__ import annotations

import dataclasses
import inspect

import pytest

from jantaku.errors import ArgumentTypeError, ImpossibleSituationError
from jantaku.rules import TENHOU
from jantaku.scoring import Riichi, WinSituation, score_win


def test_init_takes_every_field_in_order_with_its_default() -> None:
    params = list(inspect.signature(WinSituation.__init__).parameters.values())[1:]
    fields = dataclasses.fields(WinSituation)
    assert [p.name for p in params] == [f.name for f in fields]
    for p, f in zip(params, fields, strict=True):
        assert p.kind is inspect.Parameter.KEYWORD_ONLY
        want = inspect.Parameter.empty if f.default is dataclasses.MISSING else f.default
        assert p.default == want, f.name


def test_every_field_is_set_and_checked() -> None:
    s = WinSituation.from_hand(
        "123m456p789s11555z",
        win="1z",
        discarder=2,
        riichi=Riichi.RIICHI,
        ippatsu=True,
        winner=1,
        dealer=3,
        dora="2m",
        ura="4z",
        honba=2,
        deposits=1,
        rules="tenhou",
    )
    assert (s.discarder, s.winner, s.dealer, s.honba, s.deposits) == (2, 1, 3, 2, 1)
    assert s.rules is TENHOU and s.riichi is Riichi.RIICHI and s.ippatsu
    assert (s.dora_indicators, s.ura_indicators) == ((1,), (30,))
    copy = dataclasses.replace(s, honba=0)
    assert copy.honba == 0 and copy == dataclasses.replace(s, honba=0) and copy != s
    assert score_win(s).total == score_win(copy).total  # honba are paid apart
    with pytest.raises(dataclasses.FrozenInstanceError):
        s.honba = 3  # type: ignore[misc]
    with pytest.raises(ArgumentTypeError):
        dataclasses.replace(s, ippatsu=1)
    with pytest.raises(ImpossibleSituationError):
        dataclasses.replace(s, riichi=Riichi.NONE)  # ippatsu without riichi
