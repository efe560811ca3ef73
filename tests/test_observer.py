"""The views kept up to date from the events (:class:`jantaku.engine.observer.Observer`,
:attr:`jantaku.engine.Referee.observe`) equal the views built afresh from the state
(:func:`jantaku.engine.observe`, the reference), field for field and type for type.

Seeded random matches of every preset (and with flowers) are played; every seat's view
is compared at every decision, an observer asked only now and then (so it takes in
many events at once) is compared too, and so is one asked after every single event (a
discard alone, a call alone, a deal …). A view kept from earlier does not change as
the match goes on, and the views of one moment share their public parts.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from jantaku._loader import is_compiled
from jantaku.engine import Referee, observe
from jantaku.engine.observer import Observer
from jantaku.engine.view import View
from jantaku.errors import ArgumentError
from jantaku.events import Event
from jantaku.rules import PRESETS, TENHOU, TENHOU_SANMA, Rules

RULES = [
    *PRESETS.values(),
    replace(TENHOU, flowers=8),
    replace(TENHOU_SANMA, flowers=4),
]


def _same(kept: View, fresh: View) -> None:
    assert kept == fresh
    for name, a, b in zip(View._fields, kept, fresh, strict=True):
        assert type(a) is type(b), name  # a furiten of True, not 1


@pytest.mark.parametrize("rules", RULES, ids=lambda r: f"{r.players}p-{r.flowers}f")
def test_kept_views_equal_fresh_views_through_random_matches(rules: Rules) -> None:
    for seed in range(2):
        uniform = random.Random(seed).random
        ref = Referee(rules, seed=seed)
        now_and_then = Observer(ref.state, ref.log)
        kept: list[tuple[View, View]] = []
        decisions = 0
        while not ref.done:
            pend = ref.pending()
            for seat in range(rules.players):  # every seat, deciding or not
                _same(ref.observe(seat), observe(ref.state, seat))
            if uniform() < 0.05:  # many events at once
                seat = int(uniform() * rules.players)
                _same(now_and_then.observe(seat), observe(ref.state, seat))
            if len(kept) < 40 and uniform() < 0.05:
                v = ref.observe(next(iter(pend)))
                kept.append((v, observe(ref.state, v.seat)))
            ref.submit({s: legal[int(uniform() * len(legal))] for s, legal in pend.items()})
            decisions += 1
        for seat in range(rules.players):
            _same(ref.observe(seat), observe(ref.state, seat))
        for v, fresh in kept:  # a view does not change as the match goes on
            _same(v, fresh)
        assert decisions > 100


@pytest.mark.parametrize("rules", RULES, ids=lambda r: f"{r.players}p-{r.flowers}f")
def test_kept_views_equal_fresh_views_after_every_event(rules: Rules) -> None:
    observers: list[Observer] = []
    kinds: set[str] = set()

    def check(ref: Referee, event: Event) -> None:
        if not observers:  # the referee's first events come before it is returned
            observers.append(Observer(ref.state, ref.log))
        kinds.add(type(event).__name__)
        for seat in range(rules.players):
            _same(observers[0].observe(seat), observe(ref.state, seat))

    uniform = random.Random(7).random
    ref = Referee(rules, seed=7, on_event=check)
    while not ref.done:
        ref.submit({s: legal[int(uniform() * len(legal))] for s, legal in ref.pending().items()})
    assert {"StartKyoku", "Tsumo", "Dahai", "Ryukyoku", "EndGame"} <= kinds
    assert kinds & {"Chi", "Pon"}


def test_the_referee_hands_out_its_observer_and_views_stay_as_they_were() -> None:
    ref = Referee(TENHOU, seed=3)
    look = ref.observe  # bound once, as a driver's loop does
    first = {seat: look(seat) for seat in range(4)}
    assert look(0) == first[0] and look(0) is not first[0]
    for _ in range(30):
        ref.submit({s: legal[0] for s, legal in ref.pending().items()})
        for seat in range(4):
            _same(look(seat), observe(ref.state, seat))
    assert ref.observe(1) == look(1)
    assert first[0].hand_sizes == (14, 13, 13, 13) and first[0].river_tiles == ((),) * 4
    assert first[0].phase == "act" and first[1].drawn is None and first[0].drawn is not None


def test_views_of_one_moment_share_their_public_parts() -> None:
    ref = Referee(TENHOU, seed=5)
    for _ in range(40):
        ref.submit({s: legal[-1] for s, legal in ref.pending().items()})
    a, b = ref.observe(0), ref.observe(2)
    assert a.river_tiles is b.river_tiles and a.melds is b.melds and a.scores is b.scores
    assert a.hand != b.hand and a.hand_sizes == b.hand_sizes


def test_a_seat_not_at_the_table_is_refused() -> None:
    """A seat off the table is refused; so is a seat of another type, by the pure
    observer's own check, and by the compiled one at the call (mypyc's TypeError),
    which takes a bool for the int it is (``True`` the seat 1)."""
    ref = Referee(TENHOU_SANMA, seed=1)
    for seat in (3, -1):
        with pytest.raises(ArgumentError):
            ref.observe(seat)
    with pytest.raises(TypeError if is_compiled() else ArgumentError):
        ref.observe("0")  # type: ignore[arg-type]
    if is_compiled():
        assert ref.observe(True) == ref.observe(1)
    else:
        with pytest.raises(ArgumentError):
            ref.observe(True)


def test_the_places_the_observer_writes_are_the_view_fields_it_means() -> None:
    places = {0: "seat", 2: "phase", 8: "turn", 11: "tiles_left", 12: "hand", 13: "drawn"}
    places |= {14: "hand_sizes", 15: "melds", 16: "river_tiles", 17: "river_flags"}
    places |= {20: "last_discard", 21: "last_discarder", 22: "waits", 23: "furiten"}
    assert {i: View._fields[i] for i in places} == places
