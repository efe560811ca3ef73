"""Tenhou's walls from a record's seed: the shuffle Tenhou published, and where each tile goes.

An mjlog record opens with ``<SHUFFLE seed="mt19937ar-sha512-n288-base64,…"/>``: the seed
every wall of the game was shuffled from. Tenhou published the shuffle
(http://tenhou.net/stat/rand/, http://blog.tenhou.net/article/30503297.html) and
validation data for one game, intermediate results included
(http://blog.tenhou.net/article/174202532.html, https://tenhou.net/stat/rand/validation.txt):

1. the seed's base64 text is 2,496 bytes: 624 little-endian 32-bit words, the key of
   ``init_by_array`` of the Mersenne Twister ``mt19937ar`` (:mod:`jantaku.logs.mt19937`),
   one generator for the whole game;
2. each round takes the next 288 words (``src``, 1,152 bytes, each word little-endian)
   and hashes them with SHA-512 in nine pieces of 128 bytes: the nine digests are 144
   little-endian words (``rnd``);
3. the physical tile ids 0…n−1 (136; sanma's 108 without 2m–8m, ids 4–31), in order,
   are shuffled with ``rnd``: for ``i`` from 0 to n−2, the tile at ``i`` trades places
   with the tile at ``i + rnd[i] mod (n − i)``;
4. the dice are ``rnd[135] mod 6`` and ``rnd[136] mod 6``, plus one (``INIT`` writes
   them without the one).

Where each tile of the shuffled array ``ids`` goes was read off the records and holds in
every record of the corpus (``tests/test_tenhou_wall.py``): the array is dealt from its
end, four tiles to each seat from the dealer three times, then one each (ids[135] down
to ids[84]; sanma: ids[107] down to ids[69]). The live wall follows, drawn downwards
from ids[83] (ids[68]) to ids[14]; each replacement draw shortens it at that end. The
dead wall is the array's start:

============================  ==============================  =============================
                              four players                    three players
============================  ==============================  =============================
replacement draws, in order   ids[1], [0], [3], [2]           ids[1], [0], [3], [2], [5],
                                                              [4], [7], [6] (kita and kans)
dora indicators, in order     ids[5], [7], [9], [11], [13]    ids[9], [11], [13], [15], [17]
ura indicators (under each)   ids[4], [6], [8], [10], [12]    ids[8], [10], [12], [14], [16]
============================  ==============================  =============================

(In sanma the live wall's last places, ids[14]–ids[17], are also those of the third and
fourth kan indicators and their ura: no round both draws such a tile and turns it, since
each replacement draw shortens the live wall by one.)

:func:`tenhou_walls` gives a game's walls round after round (:class:`TenhouWall`: the ids,
the dice, and each part of the wall), :meth:`TenhouWall.to_wall` the engine's
:class:`~jantaku.engine.wall.Wall` with jantaku tiles, and :class:`TenhouWalls` deals a
:class:`~jantaku.engine.Referee`'s match from them (its ``walls``).

>>> wall = next(tenhou_walls("mt19937ar-sha512-n288-base64," + "AAAA" * 832))
>>> len(wall.ids), len(wall.live), wall.dice, wall.dora_indicators[0] == wall.ids[5]
(136, 70, (6, 2), True)
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import struct
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Final

from jantaku.engine.wall import Wall, break_stack
from jantaku.errors import ArgumentError, LogFormatError
from jantaku.logs.mt19937 import N, WordSource, generator
from jantaku.logs.tenhou_ids import ID_TILE, ID_TILE_PLAIN
from jantaku.rules import Rules
from jantaku.tiles import Tile

__all__ = [
    "SEED_PREFIX",
    "TenhouWall",
    "TenhouWalls",
    "round_numbers",
    "seed_words",
    "shuffle_ids",
    "tenhou_walls",
    "walls_from",
]

SEED_PREFIX: Final = "mt19937ar-sha512-n288-base64,"
"""How the seeds this module reads begin (older records name other generators)."""

_SRC_WORDS: Final = 288
_CHUNK: Final = 128  # bytes of src per SHA-512 digest
_RND: Final = struct.Struct("<144I")

# the physical ids in play, in order, before the shuffle
_IDS: Final[dict[int, tuple[int, ...]]] = {
    4: tuple(range(136)),
    3: tuple(i for i in range(136) if not 4 <= i < 32),  # no 2m–8m
}
# the span each place draws its partner from: n − i for i = 0 … n − 2
_SPANS: Final[dict[int, tuple[int, ...]]] = {
    players: tuple(range(len(ids), 1, -1)) for players, ids in _IDS.items()
}


@dataclass(frozen=True, slots=True)
class _Layout:
    """Where each part of a wall lies in Tenhou's array (see the module's table)."""

    first_draw: int
    rinshan: tuple[int, ...]
    dora: tuple[int, ...]
    ura: tuple[int, ...]


_LAYOUT: Final[dict[int, _Layout]] = {
    4: _Layout(83, (1, 0, 3, 2), (5, 7, 9, 11, 13), (4, 6, 8, 10, 12)),
    3: _Layout(68, (1, 0, 3, 2, 5, 4, 7, 6), (9, 11, 13, 15, 17), (8, 10, 12, 14, 16)),
}
_LAST_DRAW: Final = 14  # the live wall's last place when nothing was drawn from the dead wall


def seed_words(seed: str) -> tuple[int, ...]:
    """The 624 key words of a ``SHUFFLE`` seed (with or without its ``mt19937ar-sha512-
    n288-base64,`` prefix): its base64 bytes read as little-endian 32-bit words.

    >>> seed_words("AQAAAA" + "A" * 3322)[:2]
    (1, 0)

    Raises :class:`~jantaku.errors.LogFormatError` for text that is not such a seed.
    """
    text = seed.removeprefix(SEED_PREFIX)
    if "," in text:
        raise LogFormatError(f"not a {SEED_PREFIX[:-1]} seed: {seed[:40]!r}")
    try:
        raw = base64.b64decode("".join(text.split()), validate=True)
    except (binascii.Error, ValueError):
        raise LogFormatError("the shuffle seed is not base64") from None
    if len(raw) != 4 * N:
        raise LogFormatError(f"the shuffle seed holds {len(raw)} bytes, not {4 * N}")
    return struct.unpack(f"<{N}I", raw)


def round_numbers(src: bytes) -> tuple[int, ...]:
    """A round's 144 numbers (``rnd``) from its 288 words (``src``, 1,152 bytes): SHA-512
    of each 128 bytes, the digests read as little-endian 32-bit words.

    >>> len(round_numbers(bytes(1152)))
    144

    Raises :class:`~jantaku.errors.ArgumentError` for another length.
    """
    if len(src) != 4 * _SRC_WORDS:
        raise ArgumentError(f"a round's numbers come from {4 * _SRC_WORDS} bytes, not {len(src)}")
    sha512 = hashlib.sha512
    digests = b"".join([sha512(src[k : k + _CHUNK]).digest() for k in range(0, len(src), _CHUNK)])
    return _RND.unpack(digests)


def shuffle_ids(rnd: Sequence[int], players: int = 4) -> list[int]:
    """The physical tile ids of a table of ``players`` shuffled with ``rnd`` (Tenhou's
    Fisher–Yates from the first place up: place ``i`` trades with ``i + rnd[i] mod (n − i)``).

    >>> shuffle_ids([0] * 144)[:4], shuffle_ids([1] * 144)[:3], len(shuffle_ids([0] * 144, 3))
    ([0, 1, 2, 3], [1, 2, 3], 108)

    Raises :class:`~jantaku.errors.ArgumentError` for a table that is not of 3 or 4.
    """
    spans = _SPANS.get(players)
    if spans is None:
        raise ArgumentError(f"Tenhou's tables seat 3 or 4 players, not {players!r}")
    ids = list(_IDS[players])
    for i, span in enumerate(spans):
        j = i + rnd[i] % span
        ids[i], ids[j] = ids[j], ids[i]
    return ids


@dataclass(frozen=True, slots=True)
class TenhouWall:
    """One round's wall as Tenhou shuffled it: ``ids``, the physical tile ids in Tenhou's
    array (dealt from the end; the dead wall at the start), and the ``dice`` (1–6).

    The parts (see the module's table) are physical ids too; :meth:`to_wall` gives the
    engine's wall in jantaku tiles.
    """

    ids: tuple[int, ...]
    dice: tuple[int, int]

    @property
    def players(self) -> int:
        """3 for a sanma wall of 108 tiles, else 4."""
        return 3 if len(self.ids) == 108 else 4

    def deal(self, oya: int) -> tuple[tuple[int, ...], ...]:
        """The 13 ids each seat is dealt when ``oya`` deals, in the order taken.

        Raises :class:`~jantaku.errors.ArgumentError` for a dealer not at the table.
        """
        n = self.players
        if not (isinstance(oya, int) and 0 <= oya < n):
            raise ArgumentError(f"no seat {oya!r} at a table of {n} to deal")
        ids = self.ids
        hands: list[list[int]] = [[] for _ in range(n)]
        top = len(ids) - 1
        for _ in range(3):
            for k in range(n):
                hands[(oya + k) % n].extend(ids[top - 3 : top + 1][::-1])
                top -= 4
        for k in range(n):
            hands[(oya + k) % n].append(ids[top])
            top -= 1
        return tuple(tuple(h) for h in hands)

    @property
    def live(self) -> tuple[int, ...]:
        """The live wall in drawing order, the dealer's first draw first (70; sanma 55)."""
        first = _LAYOUT[self.players].first_draw
        return self.ids[first : _LAST_DRAW - 1 : -1]

    @property
    def rinshan(self) -> tuple[int, ...]:
        """The replacement draws of kans (and of kita in sanma), in order (4; sanma 8)."""
        return tuple([self.ids[i] for i in _LAYOUT[self.players].rinshan])

    @property
    def dora_indicators(self) -> tuple[int, ...]:
        """The dora indicators, in the order they are turned (5)."""
        return tuple([self.ids[i] for i in _LAYOUT[self.players].dora])

    @property
    def ura_indicators(self) -> tuple[int, ...]:
        """The ura indicators, under the dora indicators in the same order (5)."""
        return tuple([self.ids[i] for i in _LAYOUT[self.players].ura])

    def to_wall(self, oya: int, *, red: bool = True) -> Wall:
        """The engine's wall of this round dealt by ``oya``, in jantaku tiles (ids 16, 52
        and 88 are red fives when ``red``); ``wall_break`` is where the dice break it.

        Raises :class:`~jantaku.errors.ArgumentError` for a dealer not at the table.
        """
        table = ID_TILE if red else ID_TILE_PLAIN
        hands = [[table[i] for i in hand] for hand in self.deal(oya)]
        return Wall(
            hands=hands,
            live=[table[i] for i in self.live],
            rinshan=[table[i] for i in self.rinshan],
            dora_indicators=[table[i] for i in self.dora_indicators],
            ura_indicators=[table[i] for i in self.ura_indicators],
            dice=self.dice,
            wall_break=break_stack(self.players, len(self.ids), self.dice),
        )

    def tiles(self, ids: Sequence[int], *, red: bool = True) -> tuple[Tile, ...]:
        """The jantaku tiles of some ids of this wall (red fives when ``red``).

        >>> TenhouWall(tuple(range(136)), (1, 1)).tiles((16, 17, 135))
        (34, 4, 33)
        """
        table = ID_TILE if red else ID_TILE_PLAIN
        return tuple([table[i] for i in ids])


def _round_wall(source: WordSource, players: int) -> TenhouWall:
    rnd = round_numbers(source.take(_SRC_WORDS))
    return TenhouWall(tuple(shuffle_ids(rnd, players)), (rnd[135] % 6 + 1, rnd[136] % 6 + 1))


def tenhou_walls(seed: str, players: int = 4) -> Iterator[TenhouWall]:
    """The walls of a game from its ``SHUFFLE`` seed, one per round in the game's order
    (without end: each round, even one aborted at once, takes the next).

    >>> walls = tenhou_walls("AAAA" * 832, players=3)
    >>> first, second = next(walls), next(walls)
    >>> first.players, len(first.live), len(first.rinshan), first.ids != second.ids
    (3, 55, 8, True)

    Raises :class:`~jantaku.errors.LogFormatError` for a seed that is not such a seed and
    :class:`~jantaku.errors.ArgumentError` for a table that is not of 3 or 4.
    """
    if players not in _IDS:
        raise ArgumentError(f"Tenhou's tables seat 3 or 4 players, not {players!r}")
    return walls_from(generator(seed_words(seed)), players)


def walls_from(source: WordSource, players: int = 4) -> Iterator[TenhouWall]:
    """The walls that a seeded generator gives, one per round (:func:`tenhou_walls` seeds
    the fastest generator that gives the reference's words; any other may be given).

    >>> from jantaku.logs.mt19937 import Mt19937
    >>> plain = walls_from(Mt19937(seed_words("AAAA" * 832)))
    >>> next(plain) == next(tenhou_walls("AAAA" * 832))
    True
    """
    if players not in _IDS:
        raise ArgumentError(f"Tenhou's tables seat 3 or 4 players, not {players!r}")
    return _rounds(source, players)


def _rounds(source: WordSource, players: int) -> Iterator[TenhouWall]:
    while True:
        yield _round_wall(source, players)


class TenhouWalls:
    """A recorded game's walls for a :class:`~jantaku.engine.Referee` (its ``walls``): each
    call deals the next round's wall from the dealer it names, whatever the round's seed.

    ``first_round`` skips the walls of the rounds before it (0-based, as the record
    counts them), so a match can be played on from a recorded round with the walls the
    game had from there.

    >>> from jantaku.engine import Referee
    >>> ref = Referee("tenhou", walls=TenhouWalls("AAAA" * 832, "tenhou"))
    >>> wall = next(tenhou_walls("AAAA" * 832))
    >>> deal = ref.log[1]  # start_game, then start_kyoku
    >>> deal.tehais[0] == wall.tiles(wall.deal(0)[0]), deal.dice == wall.dice
    (True, True)

    Raises :class:`~jantaku.errors.LogFormatError` for a seed that is not such a seed.
    """

    __slots__ = ("_red", "_walls", "rounds")

    def __init__(self, seed: str, rules: Rules | str = "tenhou", *, first_round: int = 0) -> None:
        rules = Rules.coerce(rules)
        self._walls = tenhou_walls(seed, rules.players)
        self._red = any(rules.red_fives)
        for _ in range(first_round):
            next(self._walls)
        self.rounds = first_round
        """Rounds dealt so far, the skipped ones included."""

    def __call__(self, kyoku_seed: int, oya: int) -> Wall:
        """The next round's wall, dealt by ``oya`` (``kyoku_seed`` is not used)."""
        self.rounds += 1
        return next(self._walls).to_wall(oya, red=self._red)
