"""``score_wins``: the batch gives, hand by hand and in order, what ``score_win`` gives.

The seeded hands of every preset, mixed in one batch and shuffled, with wins that raise
each kind of error the batch keeps in place (no yaku, no winning shape, a pao seat
without a liable yakuman, an open hand without a yaku on every wait): each entry is the
single call's result, or an error of the same type and text. The batch pauses Python's
cyclic garbage collector while it runs; the collector's state is the caller's again
after it, also when an error escapes.
"""

from __future__ import annotations

import gc
import random
from collections.abc import Iterator
from dataclasses import replace

import pytest

from jantaku.errors import (
    ArgumentTypeError,
    ImpossibleSituationError,
    IncompleteHandError,
    JantakuError,
    NoYakuError,
)
from jantaku.rules import PRESETS, TEXTBOOK
from jantaku.scoring import WinResult, WinSituation, score_win, score_wins
from jantaku.scoring.score import clear_cache
from scoring_hands import random_hands, with_rules

_KEPT = (NoYakuError, IncompleteHandError, ImpossibleSituationError)


def _odd_wins() -> list[WinSituation]:
    """Wins that raise each error the batch keeps, and wins that score."""
    return [
        # no yaku (dora alone do not count)
        WinSituation.from_hand("123m456p789s11z[7-89s]", win="1z", discarder=3, dora="6s"),
        # not a winning shape
        WinSituation.from_hand("123m456p789s12z[7-89s]", win="1z", discarder=3),
        # a pao seat without a liable yakuman
        WinSituation.from_hand("456p789s555z11z[1-23m]", win="5z", discarder=3, pao=2),
        # no yaku on every wait (後付けなし): shanpon on a dragon and a plain pair, open
        WinSituation.from_hand("555z99p123m456m[7-89s]", win="5z", discarder=3, rules=TEXTBOOK),
        WinSituation.from_hand("123m456p789s55z[7-89s]", win="5z", discarder=3),
        WinSituation.from_hand("123m99p[555-z][666=z][777+z]", win="9p", winner=1, pao=2),
    ]


def _wins(preset: str, seed: int, n: int) -> list[WinSituation]:
    """The seeded hands under a preset; for three players, the seats taken modulo three
    and the hands three players cannot hold left out."""
    rules = PRESETS[preset]
    out = []
    for h in random_hands(seed, n):
        s = h.situation
        if rules.players == 3:
            winner = s.winner % 3
            discarder = None if s.discarder is None else (winner + 1 + s.discarder % 2) % 3
            s = replace(s, winner=winner, dealer=s.dealer % 3, discarder=discarder, pao=None)
        try:
            out.append(with_rules(s, rules))
        except JantakuError:
            continue
    assert len(out) >= n // 4
    return out


def _loop(situations: list[WinSituation]) -> Iterator[WinResult | Exception]:
    for s in situations:
        try:
            yield score_win(s)
        except _KEPT as e:
            yield e


def _same(batch: list[WinResult | Exception], wins: list[WinSituation]) -> int:
    """Compare the batch with single calls, entry by entry; the number of errors."""
    errors = 0
    assert len(batch) == len(wins)
    for got, want in zip(batch, _loop(wins), strict=True):
        if isinstance(want, Exception):
            errors += 1
            assert type(got) is type(want)
            assert str(got) == str(want)
            assert got.__traceback__ is None  # kept, not raised
        else:
            assert type(got) is WinResult
            assert got == want
    return errors


@pytest.mark.parametrize("preset", sorted(PRESETS))
def test_score_wins_is_the_loop_of_score_win_under_every_preset(preset: str) -> None:
    wins = _wins(preset, 17, 500)
    clear_cache()
    batch = score_wins(wins)
    clear_cache()
    assert _same(batch, wins)  # some seeded hands have no yaku


def test_one_batch_of_every_preset_shuffled_with_every_kept_error() -> None:
    wins = [s for name in sorted(PRESETS) for s in _wins(name, 5, 120)]
    wins += _odd_wins() * 3
    random.Random(17).shuffle(wins)
    batch = score_wins(wins)
    kinds = {type(r) for r in batch}
    assert kinds >= {WinResult, *_KEPT}
    _same(batch, wins)
    assert [type(r) for r in score_wins(wins)] == [type(r) for r in batch]  # again


def test_an_empty_batch_and_a_batch_of_one() -> None:
    assert score_wins([]) == []
    (win,) = _odd_wins()[-1:]
    assert score_wins([win]) == [score_win(win)]


@pytest.mark.parametrize("enabled", [True, False])
def test_the_collector_is_the_callers_again_after_a_batch(enabled: bool) -> None:
    wins = _odd_wins()
    was = gc.isenabled()
    try:
        gc.enable() if enabled else gc.disable()
        score_wins(wins)
        assert gc.isenabled() is enabled
        with pytest.raises(ArgumentTypeError):  # not a situation: raised, as score_win does
            score_wins([*wins, "123m456p789s11z[7-89s]"])  # type: ignore[list-item]
        assert gc.isenabled() is enabled
    finally:
        gc.enable() if was else gc.disable()
