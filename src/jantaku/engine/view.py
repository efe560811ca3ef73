"""What one seat may see: :func:`observe` projects a state onto a frozen :class:`View`.

A view is a strict projection: it holds the seat's own concealed tiles and everything
public (melds, discards with their marks, dora indicators, scores, riichi, the tiles
left), and of every other seat only how many concealed tiles it holds.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from jantaku.engine.state import Phase, State
from jantaku.errors import ArgumentError
from jantaku.meld import Meld
from jantaku.tiles import Tile

__all__ = ["Discard", "View", "observe"]


@dataclass(frozen=True, slots=True)
class Discard:
    """One tile of a river, with its marks: tsumogiri, the riichi tile (sideways), called away."""

    tile: Tile
    tsumogiri: bool
    riichi: bool
    called: bool


@dataclass(frozen=True, slots=True)
class View:
    """The table as seen from ``seat``: own hand, public information, hidden counts.

    ``hand`` is the seat's concealed tiles (sorted), ``drawn`` the tile just drawn (also
    in ``hand``) on the seat's own turn; ``hand_sizes`` every seat's number of concealed
    tiles; ``rivers``, ``melds``, ``riichi`` (0 none, 1 riichi, 2 double), ``nuki``
    and ``flowers`` (flower tiles set aside, T4) per seat; ``furiten`` the seat's own
    furiten (G7).
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
    rivers: tuple[tuple[Discard, ...], ...]
    riichi: tuple[int, ...]
    nuki: tuple[int, ...]
    last_discard: Tile | None
    last_discarder: int | None
    waits: tuple[int, ...]
    furiten: bool
    names: tuple[str, ...]
    after_draw: bool = False  # the hand follows a drawn one: 流れ△本場 (N3)
    flowers: tuple[int, ...] = ()  # flowers set aside per seat (T4); public


_DISCARDS: Final = tuple(
    tuple(Discard(t, bool(f & 1), bool(f & 2), bool(f & 4)) for f in range(8)) for t in range(37)
)


def _discard(tile: Tile, flags: int) -> Discard:
    return _DISCARDS[tile][flags]


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
    own_turn = s.turn == seat and s.phase == Phase.ACT
    return View(
        seat=seat,
        players=s.players,
        phase=s.phase_name,
        bakaze=s.bakaze,
        kyoku=s.kyoku,
        honba=s.honba,
        kyotaku=s.kyotaku,
        oya=s.oya,
        turn=s.turn,
        scores=tuple(s.scores),
        dora_markers=tuple(s.dora_markers),
        tiles_left=s.live,
        hand=s.hand_of(seat),
        drawn=s.drawn if own_turn else None,
        hand_sizes=tuple(len(h) for h in s.hands),
        melds=tuple(tuple(m) for m in s.melds),
        rivers=tuple(tuple(map(_discard, s.rivers[i], s.river_flags[i])) for i in range(s.players)),
        riichi=tuple(s.riichi),
        nuki=tuple(s.nuki),
        last_discard=s.last_discard if s.phase == Phase.CLAIM else None,
        last_discarder=s.last_discarder if s.phase == Phase.CLAIM else None,
        waits=s.waits[seat],
        furiten=s.furiten(seat),
        names=s.names,
        after_draw=s.after_draw,
        flowers=tuple(s.flowers),
    )
