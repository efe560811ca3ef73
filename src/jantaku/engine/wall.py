"""The wall (牌山) built from a seed, seating, the break and the deal (G1–G3, T4, X1).

Everything random in a match comes from one seed: :func:`kyoku_seeds` derives one seed
per hand from the match seed, and :func:`build_wall` shuffles the tiles of a hand from
its own seed, so the same seed always gives the same walls.

Geometry (G2, G3). Four players build four walls of 17 stacks × 2 (three players:
three walls of 18 stacks). With flower tiles (T4, ``Rules.flowers``) the set holds
136 + flowers tiles: 144 tiles make four walls of 18 stacks; when the stacks do not
divide evenly (140 tiles: 70 stacks) the first walls in ring order, from the dealer's,
take one stack more (18, 18, 17, 17). Stacks are numbered around the table in the order they
are drawn, stack 0 being the right end of the dealer's wall. The dealer's two dice
(sum ``d``) choose the wall of the seat ``d − 1`` places after the dealer in turn order,
and the wall breaks ``d`` stacks from that wall's right end: the live wall is drawn from
the break onwards, the dead wall (王牌, 7 stacks = 14 tiles) is the 7 stacks before it.
In the dead wall the rinshan tiles are the two stacks at the tail (next to the break:
top then bottom of the last stack, then of the one before), the first dora indicator
is the top tile of the 3rd stack from the tail and later (kan) indicators follow it;
the ura indicator lies under each.

Dealing: 2 stacks (4 tiles) to each player in turn, three times, then one tile each,
the dealer taking the 1st and the 5th of those tiles (チョンチョン) — the 5th is the
dealer's first draw.

Flowers in the deal (T4). After the deal each seat in turn from the dealer sets aside
the flowers it holds and takes as many replacement tiles from the dead wall, in rounds:
a flower among the replacements waits for the next round, which starts again from the
dealer, until no hand holds a flower. This is the common practice of the games that
use flowers ("All players get replacement Loose Tiles from the Kong Box for each
Flower … starting with East Wind … If a Flower … is dealt as a replacement tile …
another replacement tile is given to the player, after all players have had
replacement tiles", mahjongg.com, *Loose Tiles And The Kong Box*; singmahjong.com,
*Game Play*, step 7). The dead wall stays at 14 tiles: each replacement is taken as
:meth:`Wall.draw_replacement` takes a kan's, so the live wall is one tile shorter
(mahjong.wikidot.com, *Dead Wall*: "the last fourteen tiles will always be considered
dead so if tiles are taken as replacement for kongs and flowers the last tiles in
'live' wall in turn takes its place"). :attr:`Wall.flowers` counts the flowers each
seat set aside in the deal. A flower lying where a dora or ura indicator is turned
trades places with the last tile of the live wall that is not a flower, so every
indicator is a tile that points at a dora (a flower points at none); ``Wall.ring``
keeps the stacks as they were built, before such trades.

>>> from jantaku.rules import TENHOU
>>> w = build_wall(TENHOU, seed=7, oya=0)
>>> [len(h) for h in w.hands], w.live_count, len(w.dora_indicators)
([13, 13, 13, 13], 70, 5)
>>> w.draw() == w.live[0]
True
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field

from jantaku.errors import ArgumentError, ArgumentTypeError, RulesError
from jantaku.rules import Rules
from jantaku.tiles import FLOWER, RED_FIVES, Tile

__all__ = [
    "Wall",
    "break_stack",
    "build_wall",
    "full_set",
    "kyoku_seeds",
    "roll_dice",
    "seat_players",
    "set_aside_dealt_flowers",
    "shuffle",
]


def full_set(rules: Rules | str) -> list[Tile]:
    """Every tile of the set the rules play with (136, or 108 for three players).

    Red fives replace plain fives per ``rules.red_fives``; three players drop 2m–8m;
    ``rules.flowers`` flower tiles (T4) come last.

    >>> from dataclasses import replace
    >>> from jantaku.rules import TENHOU, TENHOU_SANMA
    >>> len(full_set(TENHOU)), len(full_set(TENHOU_SANMA))
    (136, 108)
    >>> len(full_set(replace(TENHOU, flowers=8)))
    144
    >>> sorted(full_set(TENHOU_SANMA))[:8]
    [0, 0, 0, 0, 8, 8, 8, 8]

    ``rules`` may be a preset's name.
    """
    rules = Rules.coerce(rules)
    tiles: list[Tile] = []
    for k in range(34):
        if rules.players == 3 and 1 <= k <= 7:
            continue
        copies = 4
        if k in (4, 13, 22):
            reds = rules.red_fives[k // 9]
            if reds > 4:
                raise RulesError(f"{reds} red fives in one suit")
            tiles.extend([RED_FIVES[k // 9]] * reds)
            copies -= reds
        tiles.extend([k] * copies)
    tiles.extend([FLOWER] * rules.flowers)
    return tiles


def roll_dice(rng: random.Random) -> tuple[int, int]:
    """Two six-sided dice (T5).

    >>> roll_dice(random.Random(1))
    (2, 5)
    """
    return rng.randint(1, 6), rng.randint(1, 6)


def kyoku_seeds(seed: int) -> random.Random:
    """The generator of per-hand seeds for a match seed (``next_seed = rng.getrandbits(64)``).

    >>> kyoku_seeds(5).getrandbits(64) == kyoku_seeds(5).getrandbits(64)
    True
    """
    return random.Random(f"jantaku-match-{seed}")


def seat_players(rng: random.Random, players: int) -> tuple[tuple[int, ...], dict[str, object]]:
    """Seat the players and choose the first dealer (G1, 座位と起家の決定).

    Each player (by entry index) draws a face-down wind tile; whoever draws East is the
    temporary East (仮東) and the others sit by their winds in turn order. The temporary
    East rolls two dice and counts round the table from himself; the player counted to
    rolls again, counting from himself, and the player reached is the first dealer
    (起家). Returns the entry indices in seat order (seat 0 = first dealer) and a record
    of the draws and dice.

    >>> order, record = seat_players(random.Random(3), 4)
    >>> sorted(order)
    [0, 1, 2, 3]
    """
    winds = list(range(players))
    rng.shuffle(winds)  # winds[i] is the wind (0 = East …) drawn by entry i
    by_wind = sorted(range(players), key=lambda i: winds[i])  # table order from 仮東
    first = roll_dice(rng)
    roller = (sum(first) - 1) % players
    second = roll_dice(rng)
    dealer = (roller + sum(second) - 1) % players
    order = tuple(by_wind[(dealer + i) % players] for i in range(players))
    record: dict[str, object] = {
        "winds": winds,
        "dice": [list(first), list(second)],
        "seating": list(order),
    }
    return order, record


@dataclass(slots=True)
class Wall:
    """One hand's wall after the deal: the hidden tiles only the referee sees.

    ``hands`` are the 13 dealt tiles of each seat; ``live`` the live wall in drawing
    order (the dealer's first draw first); ``rinshan`` the replacement tiles in order,
    ``dora_indicators`` / ``ura_indicators`` five each; ``flowers`` the flowers each
    seat set aside in the deal (T4; empty in a set without flowers).
    """

    hands: list[list[Tile]]
    live: list[Tile]
    rinshan: list[Tile]
    dora_indicators: list[Tile]
    ura_indicators: list[Tile]
    dice: tuple[int, int]
    wall_break: int
    drawn: int = 0
    replacements: int = 0
    revealed: int = 1
    ring: list[Tile] = field(default_factory=list, repr=False)
    flowers: list[int] = field(default_factory=list)

    @property
    def live_count(self) -> int:
        """Tiles left to draw in the live wall (each replacement draw shortens it by one)."""
        return len(self.live) - self.drawn - max(0, self.replacements)

    def draw(self) -> Tile:
        """Take the next tile of the live wall.

        Raises :class:`IndexError` when the live wall is empty.
        """
        drawn = self.drawn
        r = self.replacements
        if len(self.live) - drawn - (r if r > 0 else 0) <= 0:  # live_count, spelled out
            raise IndexError("the live wall is empty")
        self.drawn = drawn + 1
        return self.live[drawn]

    def draw_replacement(self) -> Tile:
        """Take the next replacement tile (after a kan, a nukidora or a flower).

        The first four come from the rinshan stacks; the dead wall is replenished from
        the end of the live wall, so later ones come from there.

        Raises :class:`IndexError` when the live wall is empty.
        """
        if self.live_count <= 0:
            raise IndexError("no replacement tile left")
        k = self.replacements
        self.replacements += 1
        if k < len(self.rinshan):
            return self.rinshan[k]
        return self.live[len(self.live) - 1 - (k - len(self.rinshan))]

    def next_indicator(self) -> Tile:
        """Reveal the next (kan) dora indicator.

        Raises :class:`IndexError` when all five are shown.
        """
        if self.revealed >= len(self.dora_indicators):
            raise IndexError("no dora indicator left")
        t = self.dora_indicators[self.revealed]
        self.revealed += 1
        return t

    def ura(self) -> tuple[Tile, ...]:
        """The ura indicators under the revealed dora indicators."""
        return tuple(self.ura_indicators[: self.revealed])

    def __reduce__(self) -> tuple[type[Wall], tuple[object, ...]]:
        """Pickled and copied as its fields (a compiled class has no other way)."""
        return (
            Wall,
            (
                self.hands,
                self.live,
                self.rinshan,
                self.dora_indicators,
                self.ura_indicators,
                self.dice,
                self.wall_break,
                self.drawn,
                self.replacements,
                self.revealed,
                self.ring,
            ),
        )


# the tile set of each (players, red fives, flowers), unshuffled, made once
_SETS: dict[tuple[int, tuple[int, int, int], int], tuple[Tile, ...]] = {}


# the steps of a shuffle of n tiles: (place, bits of its partner's draw), made once
_STEPS: dict[int, tuple[tuple[int, int], ...]] = {}


def shuffle(rng: random.Random, tiles: list[Tile]) -> None:
    """Shuffle ``tiles`` in place: Fisher–Yates from the last place down, each place's
    partner drawn by rejection from ``rng.getrandbits`` — the algorithm of CPython's
    ``random.shuffle``, spelled out so the walls of a seed never depend on it.

    >>> tiles = list(range(10))
    >>> shuffle(random.Random(5), tiles)
    >>> same = list(range(10))
    >>> random.Random(5).shuffle(same)
    >>> tiles == same
    True
    """
    getrandbits = rng.getrandbits
    n = len(tiles)
    steps = _STEPS.get(n)
    if steps is None:  # each place from the last down, with the bits its partner takes
        steps = _STEPS[n] = tuple((i, (i + 1).bit_length()) for i in range(n - 1, 0, -1))
    for i, bits in steps:
        j = getrandbits(bits)
        while j > i:
            j = getrandbits(bits)
        tiles[i], tiles[j] = tiles[j], tiles[i]


def break_stack(players: int, tiles: int, dice: tuple[int, int]) -> int:
    """The stack where the wall breaks for ``dice``: :attr:`Wall.wall_break` of a wall of
    ``tiles`` tiles at a table of ``players`` (as :func:`build_wall` breaks it, G2), for
    a wall whose order comes from elsewhere (a recorded game's).

    >>> break_stack(4, 136, (3, 4)), break_stack(3, 108, (1, 1))
    (41, 38)

    Raises :class:`~jantaku.errors.ArgumentError` for dice that are not 1–6.
    """
    if not all(1 <= d <= 6 for d in dice):
        raise ArgumentError(f"dice show 1 to 6, not {dice!r}")
    nstacks = tiles // 2
    walls = 4 if players == 4 else 3
    each, extra = divmod(nstacks, walls)
    d = dice[0] + dice[1]
    ring_wall = (-((d - 1) % walls)) % walls
    return (ring_wall * each + min(ring_wall, extra) + d) % nstacks


def build_wall(rules: Rules | str, seed: int, oya: int) -> Wall:
    """Shuffle, build, break and deal one hand's wall from its seed (G2, G3).

    >>> from jantaku.rules import TENHOU_SANMA
    >>> w = build_wall(TENHOU_SANMA, seed=1, oya=2)
    >>> [len(h) for h in w.hands], w.live_count
    ([13, 13, 13], 55)
    >>> from dataclasses import replace
    >>> from jantaku.rules import TENHOU
    >>> w = build_wall(replace(TENHOU, flowers=8), seed=3, oya=0)
    >>> w.live_count + sum(w.flowers) == 144 - 14 - 4 * 13
    True

    Raises :class:`~jantaku.errors.RulesError` for a tile set that cannot be built,
    :class:`~jantaku.errors.ArgumentTypeError` for a seed or dealer that is not an int
    and :class:`~jantaku.errors.ArgumentError` for a dealer not at the table; ``rules``
    may be a preset's name.
    """
    rules = Rules.coerce(rules)
    players = rules.players
    if seed.__class__ is not int or oya.__class__ is not int:
        raise ArgumentTypeError(f"the seed and the dealer are ints, not {seed!r} and {oya!r}")
    if not 0 <= oya < players:
        raise ArgumentError(f"no seat {oya} at a table of {players} to deal")
    rng = random.Random(seed)
    key = (players, rules.red_fives, rules.flowers)  # what full_set reads of the rules
    made = _SETS.get(key)
    if made is None:
        made = _SETS[key] = tuple(full_set(rules))
    tiles = list(made)
    shuffle(rng, tiles)
    n = len(tiles)
    walls = 4 if players == 4 else 3
    nstacks = n // 2
    if n % 2:
        raise RulesError(f"{n} tiles do not make stacks of two")
    # each wall's first stack; 17 (18 for three walls) each, the first ones one more
    # when flowers make the stacks uneven
    each, extra = divmod(nstacks, walls)
    starts = [w * each + min(w, extra) for w in range(walls)]
    dice = roll_dice(rng)
    d = dice[0] + dice[1]
    wall_seat_offset = (d - 1) % walls  # places after the dealer in turn order
    # walls follow each other clockwise, i.e. against turn order
    ring_wall = (-wall_seat_offset) % walls
    brk = (starts[ring_wall] + d) % nstacks

    def at(stack: int, bottom: int) -> Tile:
        return tiles[2 * (stack % nstacks) + bottom]

    # the ring of tiles from the break on, in drawing order (stack s holds tiles 2s, 2s+1)
    order = tiles[2 * brk :] + tiles[: 2 * brk]
    del order[n - 14 :]
    dead_tail = brk - 1
    rinshan = [at(dead_tail, 0), at(dead_tail, 1), at(dead_tail - 1, 0), at(dead_tail - 1, 1)]
    dora = [at(dead_tail - 2 - j, 0) for j in range(5)]
    ura = [at(dead_tail - 2 - j, 1) for j in range(5)]
    hands: list[list[Tile]] = [[] for _ in range(players)]
    pos = 0
    for _ in range(3):
        for i in range(players):
            hands[(oya + i) % players].extend(order[pos : pos + 4])
            pos += 4
    # one tile each; the dealer takes the 1st and the (players+1)-th: チョンチョン
    hands[oya].append(order[pos])
    for i in range(1, players):
        hands[(oya + i) % players].append(order[pos + i])
    first_draw = order[pos + players]
    live = [first_draw, *order[pos + players + 1 :]]
    wall = Wall(
        hands=hands,
        live=live,
        rinshan=rinshan,
        dora_indicators=dora,
        ura_indicators=ura,
        dice=dice,
        wall_break=brk,
        ring=tiles,
    )
    if rules.flowers:
        _indicators_without_flowers(wall)
        set_aside_dealt_flowers(wall, oya)
    return wall


def _indicators_without_flowers(wall: Wall) -> None:
    """Trade each flower at an indicator place for the last live tile that is not one."""
    live = wall.live
    j = len(live) - 1
    for row in (wall.dora_indicators, wall.ura_indicators):
        for i, t in enumerate(row):
            if t == FLOWER:
                while live[j] == FLOWER:
                    j -= 1
                row[i], live[j] = live[j], FLOWER
                j -= 1


def set_aside_dealt_flowers(wall: Wall, oya: int) -> None:
    """Set aside the dealt flowers and replace them, seat by seat from the dealer (T4).

    In rounds: each seat in turn from the dealer ``oya`` sets aside the flowers in its
    hand and takes as many replacements (:meth:`Wall.draw_replacement`); a flower
    among them waits for the next round. ``wall.flowers`` then counts each seat's.

    >>> from jantaku.tiles import format_tiles, parse_tiles
    >>> hands = [list(parse_tiles(h)) for h in ("1234567899m111f", "1234567891234p",
    ...          "123456789p1f234s", "1112223334445z")]
    >>> w = Wall(hands=hands, live=list(parse_tiles("12345s")),
    ...          rinshan=list(parse_tiles("6m1f7m8m")),
    ...          dora_indicators=[], ura_indicators=[], dice=(1, 1), wall_break=0)
    >>> set_aside_dealt_flowers(w, oya=0)
    >>> w.flowers, format_tiles(w.hands[0]), format_tiles(w.hands[2]), w.live_count
    ([4, 0, 1, 0], '123456789967m5s', '123456789p234s8m', 0)
    """
    players = len(wall.hands)
    wall.flowers = [0] * players
    while True:
        found = False
        for i in range(players):
            seat = (oya + i) % players
            hand = wall.hands[seat]
            k = hand.count(FLOWER)
            if not k:
                continue
            found = True
            wall.flowers[seat] += k
            kept = [t for t in hand if t != FLOWER]
            kept.extend(wall.draw_replacement() for _ in range(k))
            wall.hands[seat] = kept
        if not found:
            return
