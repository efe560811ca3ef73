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

from jantaku.agents.efficiency import (
    EfficiencyAgent,
    _RiverCount,
    _unseen,
    _unseen_counted,
    seen_counts,
)
from jantaku.engine import Referee
from jantaku.engine.view import View, observe, visible_counts
from jantaku.errors import ArgumentError
from jantaku.events import Action
from jantaku.hand.discards import best_discards, best_discards_unchecked
from jantaku.match import play_match
from jantaku.rules import PRESETS
from jantaku.tiles import KIND_OF, UNKNOWN


class _Checking(EfficiencyAgent):
    """An efficiency bot that checks the lean paths on every view it is shown."""

    def __init__(self) -> None:
        self.views = 0
        self.called_tiles = 0
        self.rivers = _RiverCount()  # counts the rivers from one view to the next

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
                assert list(_unseen_counted(view, self.rivers)) == left
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


def test_the_river_count_kept_between_turns_starts_afresh_when_the_rivers_do() -> None:
    """A kept river count serves only rivers that grew from the ones it counted."""
    count = _RiverCount()
    one = 1 << 8 * KIND_OF[5]
    assert count.count(((5,), (), (), ())) == one
    assert count.count(((5, 5), (), (), (5,))) == 3 * one  # grown: two new tiles
    assert count.count(((), (), (), ())) == 0  # a new round
    assert count.count(((5,), (5,))) == 2 * one  # another table
    assert count.count(((7,), (5,))) == one + (1 << 8 * KIND_OF[7])  # changed, not grown


def test_the_kept_meld_count_is_counted_afresh_when_the_melds_or_indicators_differ() -> None:
    """Melds and dora indicators are counted again whenever they differ by value: a
    called tile is taken off (it lies in a river too), an unknown indicator is left out."""
    from jantaku.meld import Meld

    count = _RiverCount()
    one = {k: 1 << 8 * k for k in range(34)}
    pon = Meld.pon((1, 1, 1), called=1, called_from=2)
    assert count.count_melds(((), (), (), ()), (5,)) == (one[5], 1)
    assert count.count_melds(((pon,), (), (), ()), (5,)) == (one[5] + 2 * one[1], 4)
    again = ((Meld.pon((1, 1, 1), called=1, called_from=2),), (), (), ())  # equal, not the same
    assert count.count_melds(again, (5,)) == (one[5] + 2 * one[1], 4)
    assert count.count_melds(again, (5, 7)) == (one[5] + one[7] + 2 * one[1], 5)
    assert count.count_melds(((), ()), (5, 7)) == (one[5] + one[7], 2)  # another table


@pytest.mark.parametrize("tile", [37, 40, 300, -1])
def test_a_bad_tile_is_a_typed_error_for_the_kept_count_too(tile: int) -> None:
    view = observe(Referee(seed=2).state, 1)
    for bad in (
        view._replace(river_tiles=((tile,), (), (), ()), river_flags=((0,), (), (), ())),
        view._replace(hand=(*view.hand[:-1], tile)),
        *([view._replace(dora_markers=(tile,))] if tile != UNKNOWN else []),
    ):
        with pytest.raises(ArgumentError):
            _unseen_counted(bad, _RiverCount())


def test_a_view_showing_more_tiles_than_a_table_holds_is_counted_afresh() -> None:
    view = observe(Referee(seed=3).state, 0)
    crowded = view._replace(
        river_tiles=((1,) * 100, (), (), ()), river_flags=((0,) * 100, (), (), ())
    )
    assert _unseen_counted(crowded, _RiverCount()) == _unseen(crowded)
    assert _unseen(crowded)[1] == 0


class _Recording(EfficiencyAgent):
    """An efficiency bot that keeps every decision it makes."""

    def __init__(self) -> None:
        self.decisions: list[tuple[View | None, Sequence[Action], Action]] = []

    def act(self, view: View | None, legal: Sequence[Action]) -> Action:
        action = super().act(view, legal)
        self.decisions.append((view, legal, action))
        return action


def test_one_bot_shown_two_tables_in_turn_chooses_as_two_bots_do() -> None:
    """What the bot keeps from one turn to the next (the rivers', melds' and indicators'
    counts) serves only views that follow it: a bot asked about two matches in turn, and
    about every seat of them, chooses as the bots that played them."""
    tables = []
    for seed in (5, 6):
        bots = [_Recording() for _ in range(4)]
        play_match(bots, rules=PRESETS["tenhou"], seed=seed)
        tables.append([d for b in bots for d in b.decisions])
    shared = EfficiencyAgent()
    interleaved = [d for pair in zip(*tables, strict=False) for d in pair]
    assert len(interleaved) > 1000
    for view, legal, action in interleaved:
        assert shared.act(view, legal) == action


@pytest.mark.parametrize("tile", [37, 40, -1])
def test_a_bad_tile_in_the_hand_is_a_typed_error_on_the_bots_turn(tile: int) -> None:
    """The bot counts its hand by a look-up that knows only tiles 0–36."""
    from jantaku.events import Dahai

    view = observe(Referee(seed=2).state, 0)
    assert len(view.hand) == 14
    bad = view._replace(hand=(tile, *view.hand[1:]))
    legal = [Dahai(0, t, False) for t in sorted(set(view.hand[1:]))]
    with pytest.raises(ArgumentError):
        EfficiencyAgent().act(bad, legal)
