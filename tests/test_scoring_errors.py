"""The errors of score_win and has_yaku name the hand, in tile notation; the message
reads the same however the error is shown, copied or sent to another process."""

from __future__ import annotations

import gc
import pickle

import pytest

from jantaku.errors import IncompleteHandError, NoYakuError
from jantaku.scoring import WinSituation, has_yaku, score_win


def test_no_yaku_names_the_hand() -> None:
    s = WinSituation.from_hand("123m456p789s11z[7-89s]", win="1z", discarder=3)
    with pytest.raises(NoYakuError, match=r"^no yaku in 123m456p789s11z\[7-89s\] \(dora"):
        score_win(s)
    try:
        score_win(s)
    except NoYakuError as e:
        text = "no yaku in 123m456p789s11z[7-89s] (dora alone do not count)"
        assert str(e) == text
        assert repr(e) == f"NoYakuError({text!r})"
        back = pickle.loads(pickle.dumps(e))
        assert type(back) is NoYakuError and str(back) == text
        assert back.args == (text,) and e.args == (text,)


def test_not_a_win_names_the_hand() -> None:
    s = WinSituation.from_hand("123m456p789s11z234z", win="1z", discarder=3)
    for call in (score_win, has_yaku):
        with pytest.raises(IncompleteHandError) as info:
            call(s)
        assert str(info.value) == "not a winning hand: 123m456p789s11234z"


def test_an_error_caught_leaves_no_garbage_for_the_collector() -> None:
    """An error score_win raises is freed as soon as the caller drops it: it makes no
    reference cycle (with the frame that raised it) that only the cyclic collector
    frees, so a loop over many wins without a yaku or not complete sets off no
    collections. The errors are still the ones raised, with their tracebacks."""
    wins = [
        WinSituation.from_hand("123m456p789s11z[7-89s]", win="1z", discarder=3),
        WinSituation.from_hand("123m456p789s11z234z", win="1z", discarder=3),
    ]
    enabled = gc.isenabled()
    gc.collect()
    gc.disable()
    try:
        for _ in range(50):
            for s in wins:
                try:
                    score_win(s)
                except (NoYakuError, IncompleteHandError) as e:
                    assert e.__traceback__ is not None
        assert gc.collect() == 0  # nothing was left unreachable
    finally:
        if enabled:
            gc.enable()
