"""Every seat's view of one match, kept up to date from its events: the fast twin of
:func:`jantaku.engine.view.observe`.

:func:`~jantaku.engine.view.observe` builds a view from the whole state, every field
afresh; it stays the reference. An :class:`Observer` follows the match's event log
instead and rebuilds only what the events since its last view changed: a draw changes
one hand, a discard one hand and one river, and every other event (a deal, a call, a
riichi, a dora, a win …) is rare enough that the observer then rebuilds everything from
the state. What does not change between events is shared: every seat's view (and every
view until the next discard) holds the same river, meld and score tuples. Each hand is
kept sorted as tiles are drawn and discarded, so a view never sorts a hand.

A view made here equals ``observe(state, seat)`` at the same moment, field for field
(``tests/test_observer.py`` plays seeded matches of every preset and compares them at
every decision, for every seat).

The observer reads the state only through the events of ``log``: the state must change
only by events appended to ``log`` (the :class:`~jantaku.engine.Referee`'s own state
and log, as :meth:`jantaku.engine.Referee.observe` uses it).

>>> from jantaku.engine import Referee, observe
>>> ref = Referee(seed=4)
>>> views = Observer(ref.state, ref.log)
>>> seat = next(iter(ref.pending()))
>>> views.observe(seat) == observe(ref.state, seat)
True
"""

from __future__ import annotations

from bisect import insort
from typing import Final

from jantaku.engine.state import Phase, State
from jantaku.engine.view import View
from jantaku.errors import ArgumentError
from jantaku.events import Dahai, Event, Tsumo
from jantaku.meld import Meld
from jantaku.tiles import KIND_OF, Tile

__all__ = ["Observer"]

# a hand's order (as State.hand_of and observe sort it): by kind, a red five first
_HAND_ORDER: Final = tuple(2 * KIND_OF[t] + (0 if t >= 34 else 1) for t in range(37))
_HAND_KEY: Final = _HAND_ORDER.__getitem__
_TUPLE_NEW: Final = tuple.__new__
_NAMES: Final = Phase.NAMES
_ACT: Final = Phase.ACT
_CLAIM: Final = Phase.CLAIM


class Observer:
    """The views of one match's seats, kept up to date from the match's events.

    ``state`` is the match's state and ``log`` the list its events are appended to as
    they are applied (see the module's notes). :meth:`observe` gives a seat's view now.
    """

    __slots__ = (
        "_dora",
        "_flags",
        "_flowers",
        "_hand_tuples",
        "_hands",
        "_log",
        "_melds",
        "_nuki",
        "_players",
        "_riichi",
        "_river_flags",
        "_river_tiles",
        "_rivers",
        "_scores",
        "_seen",
        "_sizes",
        "_stale",
        "_state",
    )

    def __init__(self, state: State, log: list[Event]) -> None:
        self._state = state
        self._log = log
        self._players = state.players
        self._seen = len(log)
        self._stale = True  # everything is built from the state at the first view
        n = state.players
        self._hands: list[list[Tile]] = [[] for _ in range(n)]
        self._hand_tuples: list[tuple[Tile, ...] | None] = [None] * n
        self._sizes: tuple[int, ...] | None = None
        self._rivers: list[tuple[Tile, ...]] = [() for _ in range(n)]
        self._flags: list[tuple[int, ...]] = [() for _ in range(n)]
        self._river_tiles: tuple[tuple[Tile, ...], ...] = ()
        self._river_flags: tuple[tuple[int, ...], ...] = ()
        self._scores: tuple[int, ...] = ()
        self._dora: tuple[Tile, ...] = ()
        self._melds: tuple[tuple[Meld, ...], ...] = ()
        self._riichi: tuple[int, ...] = ()
        self._nuki: tuple[int, ...] = ()
        self._flowers: tuple[int, ...] = ()

    def observe(self, seat: int) -> View:
        """The view of ``seat`` now: ``observe(state, seat)``, made from what is kept.

        Raises :class:`~jantaku.errors.ArgumentError` (a ``ValueError``) for a seat
        that is not at the table.
        """
        if seat.__class__ is not int or not 0 <= seat < self._players:
            raise ArgumentError(f"no seat {seat!r} at a table of {self._players}")
        if len(self._log) != self._seen:
            self._follow()
        if self._stale:
            self._rebuild()
        s = self._state
        hand = self._hand_tuples[seat]
        if hand is None:
            hand = self._hand_tuples[seat] = tuple(self._hands[seat])
        sizes = self._sizes
        if sizes is None:
            sizes = self._sizes = tuple(map(len, self._hands))
        phase = s.phase
        claim = phase == _CLAIM
        waits = s.waits[seat]
        # State.furiten, spelled out: own discards, a passed win, or riichi (G7)
        furiten = (
            s.furiten_temp[seat]
            or s.furiten_riichi[seat]
            or (bool(waits) and not s.discard_kinds[seat].isdisjoint(waits))
        )
        return _TUPLE_NEW(
            View,
            (
                seat,
                self._players,
                _NAMES[phase],
                s.bakaze,
                s.kyoku,
                s.honba,
                s.kyotaku,
                s.oya,
                s.turn,
                self._scores,
                self._dora,
                s.live,
                hand,
                s.drawn if s.turn == seat and phase == _ACT else None,
                sizes,
                self._melds,
                self._river_tiles,
                self._river_flags,
                self._riichi,
                self._nuki,
                s.last_discard if claim else None,
                s.last_discarder if claim else None,
                waits,
                furiten,
                s.names,
                s.after_draw,
                self._flowers,
            ),
        )

    def _follow(self) -> None:
        """Take in the events since the last view: a draw or a discard changes its seat's
        hand (and a discard its river); any other event, everything."""
        log = self._log
        end = len(log)
        if not self._stale:
            hands = self._hands
            hand_tuples = self._hand_tuples
            discarders: list[int] = []
            for i in range(self._seen, end):
                e = log[i]
                if isinstance(e, Tsumo):
                    a = e.actor
                    insort(hands[a], e.pai, key=_HAND_KEY)
                    hand_tuples[a] = None
                elif isinstance(e, Dahai):
                    a = e.actor
                    hands[a].remove(e.pai)
                    hand_tuples[a] = None
                    discarders.append(a)
                else:
                    self._stale = True
                    break
            else:
                self._sizes = None
                if discarders:
                    s = self._state
                    rivers, flags = self._rivers, self._flags
                    for a in discarders:
                        rivers[a] = tuple(s.rivers[a])
                        flags[a] = tuple(s.river_flags[a])
                    self._river_tiles = tuple(rivers)
                    self._river_flags = tuple(flags)
        self._seen = end

    def _rebuild(self) -> None:
        """Everything from the state (after a rare event, or at the first view)."""
        s = self._state
        n = self._players
        self._hands = [sorted(h, key=_HAND_KEY) for h in s.hands]
        self._hand_tuples = [None] * n
        self._sizes = None
        self._rivers = list(map(tuple, s.rivers))
        self._flags = list(map(tuple, s.river_flags))
        self._river_tiles = tuple(self._rivers)
        self._river_flags = tuple(self._flags)
        self._scores = tuple(s.scores)
        self._dora = tuple(s.dora_markers)
        self._melds = tuple(map(tuple, s.melds))
        self._riichi = tuple(s.riichi)
        self._nuki = tuple(s.nuki)
        self._flowers = tuple(s.flowers)
        self._stale = False
