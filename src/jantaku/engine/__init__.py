"""The engine: a match's state, its single transition, legal actions, views and the referee.

- :class:`State` and :func:`apply` — the state (public knowledge plus every hand, never
  the wall) and the one transition used by live play, replay and training;
- :func:`legal_actions` / :func:`deciders` — what a seat may do now, who must decide;
- :func:`observe` — a seat's frozen :class:`View` (no hidden tile of another seat);
  :attr:`Referee.observe` the same view kept up to date from the match's events;
- :func:`events_for` — what a seat may see of the event stream;
- :func:`final_standings` — the ``end_game`` of a finished match;
  :func:`settle_hand` / :func:`settle_match` — the end of a hand and of the match in
  keyword form, for a table whose hands are not played through the engine;
- :class:`Referee` — owns the walls built from one seed, asks the seats, resolves
  claims and emits the events (see :mod:`jantaku.engine.referee` for the driving API).

By concern: :mod:`~jantaku.engine.state` (the state and its memo),
:mod:`~jantaku.engine.transition` (the transition), :mod:`~jantaku.engine.checks` (the rule
predicates), :mod:`~jantaku.engine.settlement` (the end of a hand and of the match),
:mod:`~jantaku.engine.legal`, :mod:`~jantaku.engine.waits`, :mod:`~jantaku.engine.view`,
:mod:`~jantaku.engine.observer` (the views kept from the events),
:mod:`~jantaku.engine.visibility`, :mod:`~jantaku.engine.wall`,
:mod:`~jantaku.engine.referee` and :mod:`~jantaku.engine.seat`; the README's module map
says which rule lives where.

>>> import random
>>> from jantaku.rules import TENHOU
>>> ref = Referee(TENHOU, seed=3)
>>> rng = random.Random(0)
>>> log = ref.play(lambda seat, state, legal: rng.choice(legal))
>>> type(log[0]).__name__, type(log[-1]).__name__
('StartGame', 'EndGame')
"""

from __future__ import annotations

from jantaku.engine.legal import can_ron, can_tsumo, deciders, legal_actions
from jantaku.engine.referee import Chooser, Referee
from jantaku.engine.settlement import NextHand, final_standings, settle_hand, settle_match
from jantaku.engine.state import Phase, State, waits_of
from jantaku.engine.transition import apply, apply_trusted
from jantaku.engine.view import Discard, View, observe
from jantaku.engine.visibility import events_for
from jantaku.engine.wall import Wall, build_wall, full_set

__all__ = [
    "Chooser",
    "Discard",
    "NextHand",
    "Phase",
    "Referee",
    "State",
    "View",
    "Wall",
    "apply",
    "apply_trusted",
    "build_wall",
    "can_ron",
    "can_tsumo",
    "deciders",
    "events_for",
    "final_standings",
    "full_set",
    "legal_actions",
    "observe",
    "settle_hand",
    "settle_match",
    "waits_of",
]
