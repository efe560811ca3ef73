"""A Tenhou record checked against the walls of its seed: every tile it shows from a wall.

A record with a ``mt19937ar-sha512-n288-base64`` seed (:attr:`TenhouGame.shuffle
<jantaku.logs.tenhou_records.TenhouGame.shuffle>`) names every wall of its game
(:mod:`jantaku.logs.tenhou_wall`). :func:`check_walls` walks the game's events round by
round and compares with that round's wall each tile the record shows coming from it:

- the deal: the dice and each seat's 13 tiles;
- every draw from the live wall, in order, and every replacement draw (after a kan, or
  north set aside in sanma) from the dead wall, in order;
- the first dora indicator and every kan dora indicator, in order;
- the ura indicators of every win that shows them.

Tiles are compared as jantaku tiles, a red five being a tile of its own (in a game
played with red fives), so a record whose hidden order was changed consistently (two
draws of a seat swapped, the discards with them) still contradicts its wall, unless the
two tiles are the same. The first contradiction is a
:class:`WallContradiction`: the round, the event, the seat, the tile recorded and the
tile the wall holds. Records without such a seed are not checked (``None``).

>>> from jantaku.logs.tenhou import read_xml
>>> check_walls(read_xml('<mjloggm ver="2.3"><GO type="169"/></mjloggm>')) is None
True
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Final, NoReturn, cast

from jantaku.events import (
    Ankan,
    Daiminkan,
    Dora,
    Hora,
    Kakan,
    Nukidora,
    StartKyoku,
    Tsumo,
)
from jantaku.logs.checks import Mismatch
from jantaku.logs.tenhou_ids import ID_TILE, ID_TILE_PLAIN
from jantaku.logs.tenhou_records import TenhouGame
from jantaku.logs.tenhou_wall import SEED_PREFIX, TenhouWall, tenhou_walls
from jantaku.tiles import Tile, format_tiles

__all__ = ["WallCheck", "WallContradiction", "WallMismatch", "check_walls", "round_label"]

_WIND: Final = {27: "E", 28: "S", 29: "W", 30: "N"}


def round_label(e: StartKyoku) -> str:
    """A round's short name: ``E1-0`` is East 1 with no honba (as replay divergences name it).

    >>> round_label(StartKyoku(28, 3, 1, 0, 2, 0, (), ()))
    'S3-1'
    """
    return f"{_WIND.get(e.bakaze, '?')}{e.kyoku}-{e.honba}"


@dataclass(frozen=True, slots=True)
class WallContradiction:
    """Where a record first contradicts its wall.

    ``round`` names the hand (``E2-1``), ``round_index`` counts the record's rounds from
    0, ``event`` is the 0-based number of the event in the game; ``part`` is ``dice``,
    ``deal``, ``draw``, ``replacement draw``, ``dora indicator`` or ``ura indicator``;
    ``seat`` the seat that drew, was dealt, made the kan or won (``None`` for the dice
    and the first dora indicator); ``recorded`` and ``wall`` are the tiles (or dice) the
    record shows and the wall holds, in tile notation.

    >>> print(WallContradiction("E2-1", 1, 57, "draw", 2, "3m", "5p"))
    E2-1 event 57: wall draw, seat 2: record 3m, wall 5p
    """

    round: str
    round_index: int
    event: int
    part: str
    seat: int | None
    recorded: str
    wall: str

    def __str__(self) -> str:
        who = f", seat {self.seat}" if self.seat is not None else ""
        return (
            f"{self.round} event {self.event}: wall {self.part}{who}: "
            f"record {self.recorded}, wall {self.wall}"
        )


class WallMismatch(Mismatch):
    """A record contradicts its wall (a :class:`~jantaku.logs.checks.Mismatch` whose
    ``what`` is ``wall`` and the part); ``contradiction`` says where and what.

    >>> err = WallMismatch(WallContradiction("E1-0", 0, 9, "draw", 1, "1z", "9m"))
    >>> str(err), err.contradiction.seat
    ('wall draw: record 1z, we 9m', 1)
    """

    def __init__(self, contradiction: WallContradiction) -> None:
        super().__init__(f"wall {contradiction.part}", contradiction.recorded, contradiction.wall)
        self.contradiction = contradiction


@dataclass(frozen=True, slots=True)
class WallCheck:
    """What :func:`check_walls` compared — rounds, dealt tiles, draws, replacement draws,
    dora and ura indicators — and the first contradiction (``None``: there is none)."""

    rounds: int = 0
    dealt: int = 0
    draws: int = 0
    replacements: int = 0
    dora: int = 0
    ura: int = 0
    contradiction: WallContradiction | None = None

    @property
    def ok(self) -> bool:
        """Whether every tile compared is the wall's."""
        return self.contradiction is None

    @property
    def tiles(self) -> int:
        """The tiles compared, in all."""
        return self.dealt + self.draws + self.replacements + self.dora + self.ura


def _text(tiles: tuple[Tile, ...] | list[Tile] | None) -> str:
    return format_tiles(tiles) if tiles else "nothing"


class _Round:
    """One round's wall in jantaku tiles, and how far the record has taken from it."""

    __slots__ = ("deal", "dice", "dora", "live", "rinshan", "taken", "turned", "ura", "used")

    def __init__(self, wall: TenhouWall, oya: int, table: tuple[Tile, ...]) -> None:
        self.dice = wall.dice
        self.deal = [tuple([table[i] for i in hand]) for hand in wall.deal(oya)]
        self.live = [table[i] for i in wall.live]
        self.rinshan = [table[i] for i in wall.rinshan]
        self.dora = [table[i] for i in wall.dora_indicators]
        self.ura = [table[i] for i in wall.ura_indicators]
        self.taken = 0  # live draws
        self.used = 0  # replacement draws
        self.turned = 1  # dora indicators shown


def check_walls(game: TenhouGame) -> WallCheck | None:
    """Every tile ``game`` shows from its walls against the walls of its seed; ``None``
    when the record has no ``mt19937ar-sha512-n288-base64`` seed (nothing to compare).

    >>> from jantaku.logs.tenhou import read_xml
    >>> check_walls(read_xml('<mjloggm ver="2.3"><SHUFFLE seed="mt19937ar,1"/></mjloggm>')) is None
    True

    Raises :class:`~jantaku.errors.LogFormatError` for a seed of that kind that cannot
    be read.
    """
    seed = game.shuffle
    if not seed.startswith(SEED_PREFIX):
        return None
    counts = [0, 0, 0, 0, 0, 0]  # rounds, dealt, draws, replacements, dora, ura
    found: WallContradiction | None = None
    try:
        _compare(game, tenhou_walls(seed, game.players), counts)
    except WallMismatch as e:
        found = e.contradiction
    rounds, dealt, draws, replacements, dora, ura = counts
    return WallCheck(rounds, dealt, draws, replacements, dora, ura, found)


def _compare(game: TenhouGame, walls: Iterator[TenhouWall], counts: list[int]) -> None:
    """Walk the events, counting what is compared in ``counts``; raise
    :class:`WallMismatch` at the first contradiction."""
    table = ID_TILE if game.lobby.red_fives else ID_TILE_PLAIN
    cur: _Round | None = None
    label = ""
    index = -1
    replacing = -1  # the seat whose next draw is a replacement
    kan_seat: int | None = None

    def contradiction(event: int, part: str, seat: int | None, rec: str, wall: str) -> NoReturn:
        raise WallMismatch(WallContradiction(label, index, event, part, seat, rec, wall))

    for i, e in enumerate(game.events):
        kind = e.kind  # each kind is one class (see Event.kind): the casts below are exact
        if kind == "tsumo" and cur is not None:
            e = cast(Tsumo, e)
            if e.actor == replacing:
                replacing = -1
                k = cur.used
                cur.used = k + 1
                wall_tile = cur.rinshan[k] if k < len(cur.rinshan) else None
                if e.pai != wall_tile:
                    contradiction(
                        i, "replacement draw", e.actor, _text((e.pai,)), _text_one(wall_tile)
                    )
                counts[3] += 1
            else:
                k = cur.taken
                cur.taken = k + 1
                wall_tile = cur.live[k] if k < len(cur.live) - cur.used else None
                if e.pai != wall_tile:
                    contradiction(i, "draw", e.actor, _text((e.pai,)), _text_one(wall_tile))
                counts[2] += 1
        elif kind in ("ankan", "daiminkan", "kakan", "kita"):  # a replacement draw follows
            replacing = kan_seat = cast("Ankan | Daiminkan | Kakan | Nukidora", e).actor
        elif kind == "dora" and cur is not None:
            e = cast(Dora, e)
            k = cur.turned
            cur.turned = k + 1
            wall_tile = cur.dora[k] if k < len(cur.dora) else None
            if e.dora_marker != wall_tile:
                contradiction(
                    i, "dora indicator", kan_seat, _text((e.dora_marker,)), _text_one(wall_tile)
                )
            counts[4] += 1
        elif kind == "start_kyoku":
            e = cast(StartKyoku, e)
            index += 1
            label = round_label(e)
            replacing = -1
            kan_seat = None
            cur = _Round(next(walls), e.oya, table)
            counts[0] += 1
            if e.dice is not None and tuple(e.dice) != cur.dice:
                contradiction(i, "dice", None, _dice(e.dice), _dice(cur.dice))
            for seat, hand in enumerate(e.tehais):
                if sorted(hand) != sorted(cur.deal[seat]):
                    contradiction(
                        i, "deal", seat, _text(sorted(hand)), _text(sorted(cur.deal[seat]))
                    )
                counts[1] += len(hand)
            if e.dora_marker != cur.dora[0]:
                contradiction(
                    i, "dora indicator", None, _text((e.dora_marker,)), _text((cur.dora[0],))
                )
            counts[4] += 1
        elif kind == "hora" and cur is not None:
            e = cast(Hora, e)
            ura = tuple(e.ura_markers or ())
            if ura:
                held = tuple(cur.ura[: len(ura)])
                if ura != held:
                    contradiction(i, "ura indicator", e.actor, _text(ura), _text(held))
                counts[5] += len(ura)


def _text_one(tile: Tile | None) -> str:
    return "nothing" if tile is None else format_tiles((tile,))


def _dice(dice: tuple[int, ...]) -> str:
    return "+".join(map(str, dice))
