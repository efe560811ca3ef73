"""What one seat may see: :func:`observe` projects a state onto a frozen :class:`View`.

A view is a strict projection: it holds the seat's own concealed tiles and everything
public (melds, discards with their marks, dora indicators, scores, riichi, the tiles
left), and of every other seat only how many concealed tiles it holds.

A view is built for every decision of every seat that looks at the table, so
:func:`observe` copies only flat snapshots of the state (tuples of ints, made in C) and
leaves the rest to be made when it is read: ``rivers`` (each discard with its marks) is
made from the public ``river_tiles`` and ``river_flags`` on first reading, through a
bounded cache keyed by the river's value, so every seat reading the same river shares
one tuple of :class:`Discard`, and a river one discard longer than one already made
adds that one discard to it.

:func:`observe` is the reference. A match's driver shows views through
:attr:`~jantaku.engine.Referee.observe` instead, which keeps them up to date from the
match's events (:mod:`jantaku.engine.observer`, pinned field for field to
:func:`observe`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import chain
from typing import Final, NamedTuple

from jantaku.engine.state import Phase, State
from jantaku.errors import ArgumentError
from jantaku.hand.visible import copies_in_sight, outside_hand
from jantaku.meld import Meld
from jantaku.tiles import KIND_OF, UNKNOWN, Tile, counts34

__all__ = ["Discard", "View", "observe", "split_rivers", "visible_counts"]


@dataclass(frozen=True, slots=True)
class Discard:
    """One tile of a river, with its marks: tsumogiri, the riichi tile (sideways), called away."""

    tile: Tile
    tsumogiri: bool
    riichi: bool
    called: bool

    def __reduce__(self) -> tuple[type[Discard], tuple[object, ...]]:
        """Pickled and copied as its fields (a compiled class has no other way)."""
        return (Discard, (self.tile, self.tsumogiri, self.riichi, self.called))


_DISCARDS: Final = tuple(
    tuple(Discard(t, bool(f & 1), bool(f & 2), bool(f & 4)) for f in range(8)) for t in range(37)
)
_River = tuple[Discard, ...]
_RIVERS: dict[tuple[tuple[Tile, ...], tuple[int, ...]], _River] = {}
_RIVERS_SIZE: Final = 1 << 12  # rivers kept (emptied when full); a river is ~24 discards


def _river(tiles: tuple[Tile, ...], flags: tuple[int, ...]) -> _River:
    """The discards of one river, shared by value (see the module's notes)."""
    key = (tiles, flags)
    found = _RIVERS.get(key)
    if found is not None:
        return found
    shorter = _RIVERS.get((tiles[:-1], flags[:-1])) if tiles else None
    if shorter is not None:
        found = (*shorter, _DISCARDS[tiles[-1]][flags[-1]])
    else:
        found = tuple(map(_discard, tiles, flags))
    if len(_RIVERS) >= _RIVERS_SIZE:
        _RIVERS.clear()
    _RIVERS[key] = found
    return found


class View(NamedTuple):
    """The table as seen from ``seat``: own hand, public information, hidden counts.

    A view is a named tuple (made in one step, as a view is made for every decision),
    immutable like the rest of the values here.

    ``hand`` is the seat's concealed tiles (sorted), ``drawn`` the tile just drawn (also
    in ``hand``) on the seat's own turn; ``hand_sizes`` every seat's number of concealed
    tiles; ``rivers`` (a property: each seat's :class:`Discard` tiles), ``melds``,
    ``riichi`` (0 none, 1 riichi, 2 double), ``nuki`` and ``flowers`` (flower tiles set
    aside, T4) per seat; ``river_tiles`` and ``river_flags`` each river as tiles and
    as marks (1 tsumogiri, 2 the riichi tile, 4 called away), what ``rivers`` is made
    of; ``furiten`` the seat's own furiten (G7).
    """

    seat: int
    players: int
    phase: str
    bakaze: Tile
    kyoku: int
    honba: int
    kyotaku: int
    oya: int
    turn: int
    scores: tuple[int, ...]
    dora_markers: tuple[Tile, ...]
    tiles_left: int
    hand: tuple[Tile, ...]
    drawn: Tile | None
    hand_sizes: tuple[int, ...]
    melds: tuple[tuple[Meld, ...], ...]
    river_tiles: tuple[tuple[Tile, ...], ...]
    river_flags: tuple[tuple[int, ...], ...]
    riichi: tuple[int, ...]
    nuki: tuple[int, ...]
    last_discard: Tile | None
    last_discarder: int | None
    waits: tuple[int, ...]
    furiten: bool
    names: tuple[str, ...]
    after_draw: bool = False  # the hand follows a drawn one: 流れ△本場 (N3)
    flowers: tuple[int, ...] = ()  # flowers set aside per seat (T4); public

    @property
    def rivers(self) -> tuple[tuple[Discard, ...], ...]:
        """Every seat's discards in order, with their marks (made on first reading,
        shared by value between views).

        >>> from jantaku.rules import TENHOU
        >>> observe(State(TENHOU), 0).rivers
        ((), (), (), ())
        """
        return tuple(map(_river, self.river_tiles, self.river_flags))


def _discard(tile: Tile, flags: int) -> Discard:
    return _DISCARDS[tile][flags]


def split_rivers(
    rivers: Sequence[Sequence[Discard]],
) -> tuple[tuple[tuple[Tile, ...], ...], tuple[tuple[int, ...], ...]]:
    """Rivers of :class:`Discard` as a view holds them: ``(river_tiles, river_flags)``.

    For a view built by hand (a constructed position):

    >>> tiles, flags = split_rivers([[Discard(0, True, False, False)], []])
    >>> tiles, flags
    (((0,), ()), ((1,), ()))
    """
    tiles = tuple(tuple(d.tile for d in river) for river in rivers)
    flags = tuple(
        tuple(d.tsumogiri | d.riichi << 1 | d.called << 2 for d in river) for river in rivers
    )
    return tiles, flags


# the sort of a hand (State.hand_of): by kind, a red five before the plain fives
_HAND_ORDER: Final = tuple(2 * KIND_OF[t] + (0 if t >= 34 else 1) for t in range(37))
_HAND_KEY: Final = _HAND_ORDER.__getitem__
_TUPLE_NEW: Final = tuple.__new__  # a view in one step, its fields in order
_CLAIM: Final = Phase.CLAIM
_ACT: Final = Phase.ACT
_NAMES: Final = Phase.NAMES


def observe(state: State, seat: int) -> View:
    """The frozen view of ``state`` from ``seat``: nothing hidden from that seat is in it.

    >>> from jantaku.rules import TENHOU
    >>> v = observe(State(TENHOU), 2)
    >>> v.seat, v.hand, v.phase
    (2, (), 'start_game')

    Raises :class:`~jantaku.errors.ArgumentError` (a ``ValueError``) for a seat that is
    not at the table.
    """
    s = state
    if seat.__class__ is not int or not 0 <= seat < s.players:
        raise ArgumentError(f"no seat {seat!r} at a table of {s.players}")
    phase = s.phase
    claim = phase == _CLAIM
    return _TUPLE_NEW(
        View,
        (
            seat,
            s.players,
            _NAMES[phase],
            s.bakaze,
            s.kyoku,
            s.honba,
            s.kyotaku,
            s.oya,
            s.turn,
            tuple(s.scores),
            tuple(s.dora_markers),
            s.live,
            tuple(sorted(s.hands[seat], key=_HAND_KEY)),
            s.drawn if s.turn == seat and phase == _ACT else None,
            tuple(map(len, s.hands)),
            tuple(map(tuple, s.melds)),
            tuple(map(tuple, s.rivers)),
            tuple(map(tuple, s.river_flags)),
            tuple(s.riichi),
            tuple(s.nuki),
            s.last_discard if claim else None,
            s.last_discarder if claim else None,
            s.waits[seat],
            s.furiten(seat),
            s.names,
            s.after_draw,
            tuple(s.flowers),
        ),
    )


def visible_counts(view: View, *, hand: bool = False) -> tuple[int, ...]:
    """For every kind, the copies the seat sees (:func:`~jantaku.hand.copies_in_sight`):
    every meld (its own included), the rivers (a called tile counted once, in its meld),
    the dora indicators shown, the norths set aside, and with ``hand=True`` its own
    concealed tiles. Without them (the default) it is what the hand analysis calls
    *visible*, the copies outside the concealed hand (:func:`~jantaku.hand.waits`);
    either way the hand is counted when a fifth copy is looked for.

    >>> from jantaku.engine import Referee
    >>> v = observe(Referee(seed=1).state, 0)
    >>> sum(visible_counts(v)), sum(visible_counts(v, hand=True))  # an indicator; 14 in hand
    (1, 15)

    Raises :class:`~jantaku.errors.InvalidHandError` for a view that shows more than four
    copies of a kind (a view made by hand: a table's never does), and
    :class:`~jantaku.errors.ArgumentError` for a value that is no tile in its hand,
    melds or rivers.
    """
    rivers = (
        t
        for tiles, flags in zip(view.river_tiles, view.river_flags, strict=True)
        for t, f in zip(tiles, flags, strict=True)
        if not f & 4  # a called tile lies in its meld
    )
    seen = copies_in_sight(
        view.hand,
        chain.from_iterable(view.melds),
        rivers,
        [t for t in view.dora_markers if t != UNKNOWN],
        norths=sum(view.nuki),
    )
    return seen if hand else outside_hand(seen, counts34(view.hand))
