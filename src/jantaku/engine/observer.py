"""Every seat's view of one match, kept up to date from its events: the fast twin of
:func:`jantaku.engine.view.observe`.

:func:`~jantaku.engine.view.observe` builds a view from the whole state, every field
afresh; it stays the reference. An :class:`Observer` keeps one row of a view's fields
and follows the match's event log to keep its public parts (the same for every seat)
up to date, so that a view is that row with the seat's own parts written in, copied
into a :class:`~jantaku.engine.view.View` in one step:

- public, taken in once per batch of news whoever looks. The usual news, a discard
  and the next seat's draw, is taken in on the spot: its river, the two hand sizes
  it moves, the drawer to act, the tiles left. Other news is read from the state: the
  phase, the turn, the tiles left and the discard lying; a discard alone changes its
  river and one hand size, a draw alone one hand size, a chii or pon alone the melds,
  the river it took from and one hand size (other news: every hand size), an open kan
  the melds and the river it took from;
  any other event (a deal, a riichi, a dora, a closed kan, a win …) is rare enough
  that everything public is then rebuilt from the state. What does not change
  is shared: every seat's view, and every view until the next such event, holds the
  same river, meld, score and dora tuples;
- the seat's own, at each view: its hand (sorted by tile number in C, the red fives,
  numbered after the honours, then moved before their plain fives), its drawn tile,
  waits and furiten.

A view made here equals ``observe(state, seat)`` at the same moment, field for field
(``tests/test_observer.py`` plays seeded matches of every preset and compares them at
every decision and after every event, for every seat).

The observer reads the state only through the events of ``log``: the state must change
only by events appended to ``log`` (the :class:`~jantaku.engine.Referee`'s own state
and log, as :attr:`jantaku.engine.Referee.observe` uses it).

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
_ACT_NAME: Final = Phase.NAMES[Phase.ACT]


class Observer:
    """The views of one match's seats, kept up to date from the match's events.

    ``state`` is the match's state and ``log`` the list its events are appended to as
    they are applied (see the module's notes). :meth:`observe` gives a seat's view now.
    """

    __slots__ = (
        "_drawer",
        "_log",
        "_melds",
        "_players",
        "_river_flags",
        "_river_tiles",
        "_row",
        "_seats",
        "_seen",
        "_sizes",
        "_state",
    )

    def __init__(self, state: State | None = None, log: list[Event] | None = None) -> None:
        # none: a match not started (as a copy or an unpickled observer is made, then
        # filled)
        state = State() if state is None else state
        log = [] if log is None else log
        self._state = state
        self._log = log
        self._players = state.players
        self._seats = frozenset(range(state.players))  # the seats at the table
        self._seen = -1  # everything is built from the state at the first view
        self._drawer = -1  # the seat whose drawn tile a view shows (-1: none)
        n = state.players
        # the fields of the next view, in order: the public ones kept up to date, the
        # seat's own written at each view. Places (View._fields, pinned by a test): 0 seat,
        # 2 phase, 8 turn, 11 tiles_left, 12 hand, 13 drawn, 14 hand_sizes, 15 melds,
        # 16 river_tiles, 17 river_flags, 20 last_discard, 21 last_discarder, 22 waits,
        # 23 furiten
        self._row: list[object] = [None] * len(View._fields)
        self._river_tiles: list[tuple[Tile, ...]] = [() for _ in range(n)]
        self._river_flags: list[tuple[int, ...]] = [() for _ in range(n)]
        self._melds: list[tuple[Meld, ...]] = [() for _ in range(n)]
        self._sizes: list[int] = [0] * n  # every seat's number of concealed tiles

    def observe(self, seat: int) -> View:
        """The view of ``seat`` now: ``observe(state, seat)``, made from what is kept.

        Raises :class:`~jantaku.errors.ArgumentError` (a ``ValueError``) for a seat
        that is not at the table.
        """
        if type(seat) is not int or seat not in self._seats:
            raise ArgumentError(f"no seat {seat!r} at a table of {self._players}")
        s = self._state
        row = self._row  # the places of the fields: View._fields
        log = self._log
        i = self._seen
        end = len(log)
        if i != end:  # news since the last view: the public parts brought up to date
            self._seen = end
            if end - i == 2 and type(e := log[i]) is Dahai and type(draw := log[-1]) is Tsumo:
                # a discard and the next draw, the usual news: one river and two hand
                # sizes change, and the drawer is to act
                river = e.actor
                turn = draw.actor
                tiles, flags = self._river_tiles, self._river_flags
                tiles[river] = tuple(s.rivers[river])
                flags[river] = tuple(s.river_flags[river])
                row[16] = tuple(tiles)
                row[17] = tuple(flags)
                sizes = self._sizes
                sizes[river] -= 1
                sizes[turn] += 1
                row[14] = tuple(sizes)
                row[2] = _ACT_NAME
                row[8] = self._drawer = turn
                row[11] = s.live
                row[20] = row[21] = None
            else:
                self._other_news(s, row, i, end)
        hand = s.hands[seat].copy()
        hand.sort()  # by tile number: the red fives (34 to 36) last, to be moved
        if hand and hand[-1] >= 34:  # a red five: before the plain fives of its suit
            if len(hand) == 1 or hand[-2] < 34:  # one (the usual case)
                red = hand.pop()
                hand.insert(bisect_left(hand, _FIVE_OF_RED[red]), red)
            else:
                _place_red_fives(hand)
        waits = s.waits[seat]
        row[0] = seat
        row[12] = tuple(hand)
        row[13] = s.drawn if seat == self._drawer else None
        row[22] = waits
        # State.furiten, spelled out: a passed win, riichi, or own discards (G7)
        row[23] = (
            s.furiten_temp[seat]
            or s.furiten_riichi[seat]
            or (waits != () and not s.discard_kinds[seat].isdisjoint(waits))
        )
        return _TUPLE_NEW(View, row)

    def _other_news(self, s: State, row: list[object], i: int, end: int) -> None:
        """Bring the public parts up to date from the events ``log[i:end]`` (other news
        than a discard and the next draw)."""
        log = self._log
        e = log[i] if i >= 0 else None  # (none before the first view)
        sizes = self._sizes
        if type(e) is Dahai and end - i == 1:
            river = e.actor  # a discard alone (its claims are decided next)
            sizes[river] -= 1
        elif type(e) is Tsumo and end - i == 1:
            river = -1  # a draw: nothing kept changes but what is read again below
            sizes[e.actor] += 1
        elif (type(e) is Chi or type(e) is Pon) and end - i == 1:
            # a call alone (its discard is decided next): its meld, two tiles of the
            # caller's hand, and the river it took from
            caller = e.actor
            self._melds[caller] = tuple(s.melds[caller])
            row[15] = tuple(self._melds)
            sizes[caller] -= 2
            river = e.target
        else:
            river = self._follow(s, i, end)
            self._sizes = sizes = list(map(len, s.hands))
        if river >= 0:
            tiles, flags = self._river_tiles, self._river_flags
            tiles[river] = tuple(s.rivers[river])
            flags[river] = tuple(s.river_flags[river])
            row[16] = tuple(tiles)
            row[17] = tuple(flags)
        elif river == -2:
            self._river_tiles = list(map(tuple, s.rivers))
            self._river_flags = list(map(tuple, s.river_flags))
            row[16] = tuple(self._river_tiles)
            row[17] = tuple(self._river_flags)
        phase = s.phase
        row[2] = _NAMES[phase]
        row[8] = turn = s.turn
        row[11] = s.live
        row[14] = tuple(sizes)
        if phase == _CLAIM:
            row[20] = s.last_discard
            row[21] = s.last_discarder
            self._drawer = -1
        else:
            row[20] = row[21] = None
            self._drawer = turn if phase == _ACT else -1

    def _follow(self, s: State, i: int, end: int) -> int:
        """Take in the events ``log[i:end]`` (other news than a discard and a draw): the
        river that changed (-1 none, -2 more than one); a chii, pon or open kan changes
        the melds and the river it took from; any other event, everything (-1 then).
        """
        if i < 0:  # the first view
            self._rebuild()
            return -1
        log = self._log
        river = -1
        while i < end:
            e = log[i]
            i += 1
            if type(e) is Tsumo:
                continue
            if isinstance(e, Dahai):
                a = e.actor
            elif isinstance(e, Chi | Pon | Daiminkan):
                self._melds[e.actor] = tuple(s.melds[e.actor])
                self._row[15] = tuple(self._melds)
                a = e.target  # its last tile is marked called
            else:
                self._rebuild()
                return -1
            river = a if river == -1 or river == a else -2
        return river

    def _rebuild(self) -> None:
        """Every public part from the state (after a rare event, or at the first view)."""
        s = self._state
        self._river_tiles = list(map(tuple, s.rivers))
        self._river_flags = list(map(tuple, s.river_flags))
        self._melds = list(map(tuple, s.melds))
        claim = s.phase == _CLAIM
        self._row[:] = [  # in place: the row is the observer's own
            None,  # seat
            self._players,
            _NAMES[s.phase],
            s.bakaze,
            s.kyoku,
            s.honba,
            s.kyotaku,
            s.oya,
            s.turn,
            tuple(s.scores),
            tuple(s.dora_markers),
            s.live,
            None,  # hand
            None,  # drawn
            None,  # hand_sizes: read with the rest of the news (_other_news)
            tuple(self._melds),
            tuple(self._river_tiles),
            tuple(self._river_flags),
            tuple(s.riichi),
            tuple(s.nuki),
            s.last_discard if claim else None,
            s.last_discarder if claim else None,
            None,  # waits
            None,  # furiten
            s.names,
            s.after_draw,
            tuple(s.flowers),
        ]


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
