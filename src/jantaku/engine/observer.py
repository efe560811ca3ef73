"""Every seat's view of one match, kept up to date from its events: the fast twin of
:func:`jantaku.engine.view.observe`.

:func:`~jantaku.engine.view.observe` builds a view from the whole state, every field
afresh; it stays the reference. An :class:`Observer` follows the match's event log
instead and rebuilds only what the events since its last view changed: a discard
changes one river, a draw nothing kept, a chii, pon or open kan the melds and one
river, and every other event (a deal, a riichi, a dora, a closed kan, a win …) is rare
enough that the observer then rebuilds everything from the state. What does not change
between events is shared: every seat's view (and every view until the next discard)
holds the same river, meld and score tuples. A hand is sorted by tile number in C and
its red fives (the numbers after the honours) moved before their plain fives, instead
of sorted with a key.

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

from bisect import bisect_left
from typing import Final

from jantaku.engine.state import Phase, State
from jantaku.engine.view import View
from jantaku.errors import ArgumentError
from jantaku.events import Chi, Dahai, Daiminkan, Event, Pon, Tsumo
from jantaku.meld import Meld
from jantaku.tiles import KIND_OF, Tile

__all__ = ["Observer"]

# the plain five of each red five's suit, by tile (34, 35, 36: 0m, 0p, 0s)
_FIVE_OF_RED: Final = {t: KIND_OF[t] for t in range(34, 37)}
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
        s = self._state
        log = self._log
        seen = self._seen
        news = len(log) - seen
        if news:
            first = log[seen]
            if news == 1 and first.__class__ is Tsumo:  # a draw changes nothing kept
                self._seen = seen + 1
            elif (  # a discard, or a discard and the next seat's draw: one river
                isinstance(first, Dahai)
                and (news == 1 or (news == 2 and log[-1].__class__ is Tsumo))
                and not self._stale
            ):
                self._seen = seen + news
                a = first.actor
                rivers, flags = self._rivers, self._flags
                rivers[a] = tuple(s.rivers[a])
                flags[a] = tuple(s.river_flags[a])
                self._river_tiles = tuple(rivers)
                self._river_flags = tuple(flags)
            else:
                self._follow()
        if self._stale:
            self._rebuild()
        hands = s.hands
        hand = sorted(hands[seat])  # tile order, but a red five is 34 to 36: moved
        if hand and hand[-1] >= 34:
            _place_red_fives(hand)
        phase = s.phase
        claim = phase == _CLAIM
        waits = s.waits[seat]
        # State.furiten, spelled out: a passed win, riichi, or own discards (G7)
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
                tuple(hand),
                s.drawn if s.turn == seat and phase == _ACT else None,
                tuple(map(len, hands)),
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
        """Take in the events since the last view: a draw changes nothing kept (a hand
        is sorted when it is shown), a discard its river, a chii, pon or open kan the
        melds and the river it took from; any other event, everything."""
        log = self._log
        end = len(log)
        if not self._stale:
            rivers_changed: list[int] = []
            melds_changed = False
            for i in range(self._seen, end):
                e = log[i]
                if isinstance(e, Dahai):
                    rivers_changed.append(e.actor)
                elif isinstance(e, Tsumo):
                    continue
                elif isinstance(e, Chi | Pon | Daiminkan):
                    rivers_changed.append(e.target)  # its last tile is marked called
                    melds_changed = True
                else:
                    self._stale = True
                    break
            else:
                s = self._state
                if rivers_changed:
                    rivers, flags = self._rivers, self._flags
                    for a in rivers_changed:
                        rivers[a] = tuple(s.rivers[a])
                        flags[a] = tuple(s.river_flags[a])
                    self._river_tiles = tuple(rivers)
                    self._river_flags = tuple(flags)
                if melds_changed:
                    self._melds = tuple(map(tuple, s.melds))
        self._seen = end

    def _rebuild(self) -> None:
        """Everything from the state (after a rare event, or at the first view)."""
        s = self._state
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


def _place_red_fives(hand: list[Tile]) -> None:
    """Move the red fives at the end of a hand sorted by tile number (34 to 36) before
    the plain fives of their suit: the hand's order (by kind, a red five first).

    >>> hand = [3, 4, 30, 35, 36]  # 4m 5m chun 0p 0s
    >>> _place_red_fives(hand)
    >>> hand
    [3, 4, 35, 36, 30]
    """
    first = len(hand)
    while first and hand[first - 1] >= 34:
        first -= 1
    reds = hand[first:]
    del hand[first:]
    for red in reversed(reds):  # 0s, then 0p, then 0m: each before what it passed
        hand.insert(bisect_left(hand, _FIVE_OF_RED[red]), red)
