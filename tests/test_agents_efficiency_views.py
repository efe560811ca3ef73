"""The efficiency bot's lean per-turn paths against the general ones, on real play.

Every view the bot is asked about in seeded matches (four and three players, with red
fives, calls and riichi) is counted both ways: :func:`seen_counts` (and the copies left
unseen, counted with the hand) against :func:`jantaku.engine.view.visible_counts`, and
:func:`~jantaku.hand.discards.best_discards_unchecked` against the checked
:func:`~jantaku.hand.discards.best_discards` (itself pinned to the advisor in
``tests/test_hand_discards.py``).
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from jantaku.agents.efficiency import EfficiencyAgent, _unseen, seen_counts
from jantaku.engine import Referee
from jantaku.engine.view import View, observe, visible_counts
from jantaku.errors import ArgumentError
from jantaku.events import Action
from jantaku.hand.discards import best_discards, best_discards_unchecked
from jantaku.match import play_match
from jantaku.rules import PRESETS
from jantaku.tiles import KIND_OF


class _Checking(EfficiencyAgent):
    """An efficiency bot that checks the lean paths on every view it is shown."""

    def __init__(self) -> None:
        self.views = 0
        self.called_tiles = 0

    def act(self, view: View | None, legal: Sequence[Action]) -> Action:
        if view is not None:
            self.views += 1
            self.called_tiles += sum(f & 4 != 0 for flags in view.river_flags for f in flags)
            seen = visible_counts(view)
            assert seen_counts(view) == seen
            if len(view.hand) % 3 == 2:
                counts = [0] * 34
                for t in view.hand:
                    counts[KIND_OF[t]] += 1
                left = [4 - h - v if h + v < 4 else 0 for h, v in zip(counts, seen, strict=True)]
                assert list(_unseen(view)) == left
                assert best_discards_unchecked(counts, left, len(view.hand)) == best_discards(
                    counts, seen
                )
        return super().act(view, legal)


@pytest.mark.parametrize(("preset", "players"), [("tenhou", 4), ("tenhou-sanma", 3)])
def test_lean_paths_agree_with_the_general_ones_in_play(preset: str, players: int) -> None:
    rules = PRESETS[preset]
    bots = [_Checking() for _ in range(players)]
    play_match(bots, rules=rules, seed=11)
    assert sum(b.views for b in bots) > 200
    assert sum(b.called_tiles for b in bots) > 0  # a called tile was left out of a river


@pytest.mark.parametrize("tile", [37, 40, 300, -1])
def test_a_bad_tile_in_a_view_is_a_typed_error(tile: int) -> None:
    view = observe(Referee(seed=2).state, 1)
    bad = view._replace(river_tiles=((tile,), (), (), ()), river_flags=((0,), (), (), ()))
    with pytest.raises(ArgumentError):
        seen_counts(bad)
