"""Tiles and their notations (T1–T4, T6, N1, N2).

A tile is a small ``int``:

- ``0``–``33`` are the 34 kinds in the order 1m…9m, 1p…9p, 1s…9s, E S W N,
  haku hatsu chun (白 發 中);
- ``34``, ``35``, ``36`` are the red fives 5m, 5p, 5s (赤ドラ) — a red five is its
  own value, and :func:`kind` maps it back to the plain five;
- :data:`UNKNOWN` (``37``) is a hidden tile, as in an opponent's view;
- :data:`FLOWER` (``38``) is a flower tile (花牌, T4): the rules' ``flowers`` copies of
  it join the set, all alike; a flower is never part of a hand (it is set aside when
  drawn), so it has no kind and no place in a 34-count.

Hand analysis works on 34-long count arrays (:func:`counts34`).

Three notations are read and written, each round-tripping exactly:

- compact ``123m406p789s1122z`` (``0`` = red five; ``1z``–``7z`` = E S W N haku
  hatsu chun; ``1f`` a flower): :func:`parse_tiles` / :func:`format_tiles`;
- Unicode 🀇…🀏 🀙…🀡 🀐…🀘 🀀…🀆, with a red five marked by the invisible
  variation selector U+FE00 right after its glyph (its side field, so the text still
  shows the plain tile), a flower 🀢 (any of the eight flower and season glyphs
  🀢…🀩 reads as a flower): :func:`parse_unicode` / :func:`format_unicode`;
- mjai names ``1m``…``9s``, ``5mr`` ``5pr`` ``5sr``, ``E S W N P F C``, ``?``, and
  ``H`` (花) for a flower, an extension: :func:`tile_from_mjai` / :func:`tile_to_mjai`.

:func:`parse_tiles` reads a text in any one of the three (mjai names separated by
spaces or commas), so every hand a user types may be written in any of them.

>>> parse_tiles("406m")
(3, 34, 5)
>>> format_tiles(parse_tiles("123m406p789s1122z"))
'123m406p789s1122z'
>>> [tile_to_mjai(t) for t in parse_tiles("05m7z")]
['5mr', '5m', 'C']
>>> parse_tiles("11f") == (FLOWER, FLOWER), tile_to_mjai(FLOWER), format_unicode([FLOWER])
(True, 'H', '🀢')
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from operator import eq, itemgetter
from typing import Final

from jantaku.errors import ArgumentError, ArgumentTypeError, InvalidHandError, NotationError

__all__ = [
    "CHUN",
    "DRAGONS",
    "EAST",
    "FLOWER",
    "HAKU",
    "HATSU",
    "HONORS",
    "KIND_OF",
    "MOST_RED_FIVES",
    "NORTH",
    "NUM_KINDS",
    "RED_5M",
    "RED_5P",
    "RED_5S",
    "RED_FIVES",
    "SOUTH",
    "TERMINALS",
    "UNKNOWN",
    "WEST",
    "WINDS",
    "YAOCHUU",
    "Tile",
    "as_tile",
    "check_copies",
    "copies_fit",
    "counts34",
    "counts_if_fit",
    "dora_from_indicator",
    "format_tiles",
    "format_unicode",
    "is_honor",
    "is_red",
    "is_senchan",
    "is_simple",
    "is_terminal",
    "is_yaochuu",
    "kind",
    "kind_name",
    "number",
    "packed_copies",
    "parse_counted",
    "parse_tiles",
    "parse_unicode",
    "red_five_of",
    "sort_key",
    "suit",
    "tally_if_fit",
    "tally_of_copies",
    "tile_from_mjai",
    "tile_to_mjai",
    "tiles_to_mjai",
]

Tile = int
"""A tile value: 0–33 by kind, 34–36 the red fives, 37 a hidden tile, 38 a flower."""

NUM_KINDS: Final = 34

# fmt: off
M1, M2, M3, M4, M5, M6, M7, M8, M9 = range(0, 9)
P1, P2, P3, P4, P5, P6, P7, P8, P9 = range(9, 18)
S1, S2, S3, S4, S5, S6, S7, S8, S9 = range(18, 27)
# fmt: on
EAST: Final = 27
SOUTH: Final = 28
WEST: Final = 29
NORTH: Final = 30
HAKU: Final = 31
HATSU: Final = 32
CHUN: Final = 33
RED_5M: Final = 34
RED_5P: Final = 35
RED_5S: Final = 36
UNKNOWN: Final = 37
FLOWER: Final = 38
"""A flower tile (花牌, T4), set aside when drawn; the rules say how many are in the set."""

WINDS: Final = (EAST, SOUTH, WEST, NORTH)
DRAGONS: Final = (HAKU, HATSU, CHUN)
HONORS: Final = WINDS + DRAGONS
RED_FIVES: Final = (RED_5M, RED_5P, RED_5S)
MOST_RED_FIVES: Final = 2
"""The most red fives of one suit a rule set may hold (000 赤あり: 五筒二枚, T3)."""
TERMINALS: Final = (M1, M9, P1, P9, S1, S9)
YAOCHUU: Final = TERMINALS + HONORS
"""The 13 terminal and honor kinds (么九牌), in kind order of TERMINALS then HONORS."""

KIND_OF: Final[tuple[int, ...]] = (*range(34), M5, P5, S5)
"""``KIND_OF[tile]`` is the kind 0–33 of any tile but :data:`UNKNOWN` (a fast :func:`kind`)."""
# for bytes.translate: the tiles but the red fives (deleted), the red fives (deleted),
# tile -> kind (values past the tiles kept), the copies a kind may have (deleted)
_PLAIN_BYTES: Final = bytes(range(34))
_RED_BYTES: Final = bytes((RED_5M, RED_5P, RED_5S))
_KIND_BYTES: Final = bytes((*KIND_OF, *range(37, 256)))
_FOUR_OR_FEWER: Final = bytes(range(5))

_SUITS: Final = "mpsz"
_FLOWER_LETTER: Final = "f"
_YAOCHUU_SET: Final = frozenset(YAOCHUU)


def kind(tile: Tile) -> int:
    """The kind 0–33 of a tile: a red five is a five.

    >>> kind(RED_5P), kind(P5), kind(CHUN)
    (13, 13, 33)

    Raises :class:`~jantaku.errors.ArgumentError` (a ``ValueError``) for
    :data:`UNKNOWN`, a flower or a value out of range, and
    :class:`~jantaku.errors.ArgumentTypeError` for a value that is not an int.
    """
    if tile.__class__ is not int:
        tile = as_tile(tile)
    if not 0 <= tile < 37:
        raise ArgumentError(f"not a known tile value: {tile!r}")
    return KIND_OF[tile]


def is_red(tile: Tile) -> bool:
    """Whether a tile is a red five (赤ドラ).

    >>> is_red(RED_5M), is_red(M5)
    (True, False)
    """
    if tile.__class__ is not int:
        tile = as_tile(tile)
    return 34 <= tile <= 36


def red_five_of(suit_index: int) -> Tile:
    """The red five of suit 0 (man), 1 (pin) or 2 (sou).

    >>> red_five_of(2) == RED_5S
    True
    """
    if suit_index.__class__ is not int or suit_index not in (0, 1, 2):
        raise ArgumentError(f"no red five in suit {suit_index!r}")
    return 34 + suit_index


def suit(tile: Tile) -> int:
    """The suit of a tile: 0 man, 1 pin, 2 sou, 3 honors.

    >>> suit(parse_tiles("7s")[0]), suit(EAST)
    (2, 3)
    """
    k = kind(tile)
    return k // 9 if k < 27 else 3


def number(tile: Tile) -> int:
    """The rank 1–9 of a number tile, or 1–7 of an honor (E S W N haku hatsu chun).

    >>> number(RED_5S), number(CHUN)
    (5, 7)
    """
    k = kind(tile)
    return k % 9 + 1 if k < 27 else k - 26


def is_honor(tile: Tile) -> bool:
    """Whether a tile is an honor (字牌): a wind or a dragon."""
    return kind(tile) >= 27


def is_terminal(tile: Tile) -> bool:
    """Whether a tile is a 1 or a 9 of a suit (老頭牌)."""
    k = kind(tile)
    return k < 27 and k % 9 in (0, 8)


def is_yaochuu(tile: Tile) -> bool:
    """Whether a tile is a terminal or an honor (么九牌)."""
    return kind(tile) in _YAOCHUU_SET


def is_simple(tile: Tile) -> bool:
    """Whether a tile is a 2–8 of a suit (中張牌).

    >>> [is_simple(t) for t in parse_tiles("190m1z")]
    [False, False, True, False]
    """
    return kind(tile) not in _YAOCHUU_SET


def is_senchan(tile: Tile) -> bool:
    """Whether a tile is a 3 or a 7 of a suit (尖張牌, the tile a penchan wait needs).

    >>> [is_senchan(t) for t in parse_tiles("37m3p7s5s1z")]
    [True, True, True, True, False, False]
    """
    k = kind(tile)
    return k < 27 and k % 9 in (2, 6)


def dora_from_indicator(indicator: Tile, *, players: int = 4) -> int:
    """The dora kind that an indicator points at (S9, X6).

    Suits wrap 9→1, winds E→S→W→N→E, dragons haku→hatsu→chun→haku. In
    three-player mahjong (``players=3``) man has only 1 and 9, so 1m → 9m → 1m.

    >>> format_tiles([dora_from_indicator(t) for t in parse_tiles("9m4z7z0p")])
    '1m15z6p'
    >>> format_tiles([dora_from_indicator(t, players=3) for t in parse_tiles("19m")])
    '91m'
    """
    if players.__class__ is not int or players not in (3, 4):
        raise ArgumentError(f"players is 3 or 4, not {players!r}")
    k = kind(indicator)
    if k < 27:
        if players == 3 and k in (M1, M9):
            return M9 if k == M1 else M1
        return k - 8 if k % 9 == 8 else k + 1
    if k < 31:
        return EAST if k == NORTH else k + 1
    return HAKU if k == CHUN else k + 1


def sort_key(tile: Tile) -> tuple[int, int]:
    """A key that sorts tiles by kind, a red five just before its plain fives.

    >>> format_tiles(sorted(parse_tiles("5055m"), key=sort_key))
    '0555m'
    """
    return (KIND_OF[tile], 0 if tile >= 34 else 1)


def counts34(tiles: Iterable[Tile]) -> list[int]:
    """The 34-long count array of some tiles (red fives counted as fives).

    >>> counts34(parse_tiles("1m05p"))[:14]
    [1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 2]
    >>> counts34([-1])
    Traceback (most recent call last):
    ...
    jantaku.errors.ArgumentError: not a tile of a hand: -1 (tiles are 0-33 and the red fives 34-36)

    Raises :class:`~jantaku.errors.ArgumentError` for a value that is no tile of a hand
    (a hidden tile, a flower, a negative or too large number) and
    :class:`~jantaku.errors.ArgumentTypeError` for one that is not an int (a bool, a
    string: ``counts34("123m")`` is a mistake for ``counts34(parse_tiles("123m"))``).
    """
    if isinstance(tiles, str | bytes):
        raise ArgumentTypeError(
            f"counts34 takes tiles, not text: counts34(parse_tiles({tiles!r})) reads notation"
        )
    try:
        values = iter(tiles)
    except TypeError:
        raise ArgumentTypeError(
            f"counts34 takes tiles (an iterable of tile ints), not {type(tiles).__name__}"
        ) from None
    counts = [0] * 34
    for t in values:
        if t.__class__ is not int:
            t = as_tile(t)
        if not 0 <= t < 37:
            raise ArgumentError(
                f"not a tile of a hand: {t!r} (tiles are 0-33 and the red fives 34-36)"
            )
        counts[KIND_OF[t]] += 1
    return counts


def as_tile(value: object) -> Tile:
    """``value`` as a tile int, refusing what is not an integer (a bool, a str, a float).

    Integer types other than ``int`` (an ``IntEnum``, a NumPy integer) are converted.
    The range is not checked here: each caller knows which tiles it takes.

    >>> as_tile(5)
    5
    >>> as_tile(True)
    Traceback (most recent call last):
    ...
    jantaku.errors.ArgumentTypeError: a tile is an int, not True (a bool)
    >>> as_tile("5m")
    Traceback (most recent call last):
    ...
    jantaku.errors.ArgumentTypeError: a tile is an int, not '5m' (a str; parse_tiles reads notation)
    """
    if isinstance(value, int) and not isinstance(value, bool):
        return int(value)
    index = None if isinstance(value, bool) else getattr(value, "__index__", None)
    if index is None:
        hint = "; parse_tiles reads notation" if isinstance(value, str) else ""
        raise ArgumentTypeError(f"a tile is an int, not {value!r} (a {type(value).__name__}{hint})")
    return int(index())


def check_copies(tiles: Iterable[Tile], reds: Sequence[int] = (1, 1, 1)) -> None:
    """Refuse tiles that cannot come from one set: a fifth copy, or a red five twice.

    ``reds`` is how many red fives of each suit (man, pin, sou) the set holds: one by
    default, two red 5p in the 000 variant (五筒二枚を交換するもの, T3).

    >>> check_copies(parse_tiles("55550m"))
    Traceback (most recent call last):
    ...
    jantaku.errors.InvalidHandError: 5 copies of 5m (at most four)
    >>> check_copies(parse_tiles("00p"))
    Traceback (most recent call last):
    ...
    jantaku.errors.InvalidHandError: two red 5p
    >>> check_copies(parse_tiles("00p"), reds=(0, 2, 0))
    """
    counts = [0] * 37
    for t in tiles:
        if t.__class__ is not int:
            t = as_tile(t)
        if not 0 <= t < 37:
            if t == FLOWER:
                raise InvalidHandError("a flower is set aside, never part of a hand")
            if t == UNKNOWN:
                raise InvalidHandError(
                    "a hidden tile (? or 🀫) is no tile of a hand: name each tile"
                )
            raise InvalidHandError(f"not a known tile value: {t!r}")
        counts[t] += 1
    if counts[RED_5M] or counts[RED_5P] or counts[RED_5S]:
        for red, most, five in zip(RED_FIVES, reds, (M5, P5, S5), strict=True):
            if counts[red] > most:
                if most == 1:
                    raise InvalidHandError(f"two red {kind_name(red)}")
                raise InvalidHandError(f"{counts[red]} red {kind_name(red)} (at most {most})")
            counts[five] += counts[red]  # by kind from here on
    if max(counts) > 4:
        for k in range(34):
            if counts[k] > 4:
                raise InvalidHandError(f"{counts[k]} copies of {kind_name(k)} (at most four)")


def copies_fit(tiles: bytes, reds: Sequence[int] = (1, 1, 1)) -> bool:
    """Whether tiles, given as the bytes of their values, hold only tiles 0–36, no fifth
    copy of a kind and no more red fives of a suit than ``reds`` (man, pin, sou): the
    quick answer of :func:`check_copies`, which says what is wrong when it is not.

    >>> copies_fit(bytes(parse_tiles("5550m"))), copies_fit(bytes(parse_tiles("55550m")))
    (True, False)
    >>> copies_fit(bytes(parse_tiles("00p"))), copies_fit(bytes(parse_tiles("00p")), (0, 2, 0))
    (False, True)
    >>> copies_fit(bytes((UNKNOWN,)))
    False
    """
    kinds = _kinds_if_reds_fit(tiles, reds)
    if kinds is None:
        return False
    if len(kinds) < 256:  # each kind's copies counted in a byte
        counts = bytearray(34)
        for k in kinds:
            counts[k] += 1
        return not counts.translate(None, _FOUR_OR_FEWER)  # no kind held five times
    ordered = sorted(kinds)
    return not any(map(eq, ordered, ordered[4:]))  # sorted, a fifth copy is five in a row


def _kinds_if_reds_fit(tiles: bytes, reds: Sequence[int]) -> bytes | None:
    """The tiles by kind (0-33), when each is a tile and the red fives of each suit are
    no more than ``reds`` allows; else None (:func:`copies_fit`, :func:`counts_if_fit`)."""
    red = tiles.translate(None, _PLAIN_BYTES)  # the red fives, and anything not a tile
    if not red:
        return tiles
    if red.translate(None, _RED_BYTES):  # not a tile
        return None
    if red.count(RED_5M) > reds[0] or red.count(RED_5P) > reds[1] or red.count(RED_5S) > reds[2]:
        return None
    return tiles.translate(_KIND_BYTES)


def counts_if_fit(
    tiles: bytes, first: int, reds: Sequence[int] = (1, 1, 1)
) -> tuple[bytes, bytes] | None:
    """The copies of each kind (34 bytes a count, red fives counted as fives) among the
    first ``first`` tiles and among all, when all the tiles fit (:func:`copies_fit`),
    else None: one count of a hand's tiles gives both the check of the whole hand
    (concealed and melded) and the counts that scoring reads.

    >>> first, every = counts_if_fit(bytes(parse_tiles("1120m555z")), 4)
    >>> first[:5].hex(), first[31], every[:5].hex(), every[31]
    ('0201000001', 0, '0201000001', 3)
    >>> counts_if_fit(bytes(parse_tiles("1120m55555z")), 4) is None
    True
    """
    if len(tiles) > 136:  # more tiles than four copies of each of the 34 kinds
        return None
    kinds = _kinds_if_reds_fit(tiles, reds)
    if kinds is None:
        return None
    counts = bytearray(34)
    for k in kinds[:first]:
        counts[k] += 1
    held = bytes(counts)
    for k in kinds[first:]:
        counts[k] += 1
    if counts.translate(None, _FOUR_OR_FEWER):  # a kind held five times
        return None
    return held, bytes(counts)


def tally_if_fit(
    first: Sequence[Tile],
    rest: Sequence[Tile],
    reds: Sequence[int] = (1, 1, 1),
    counted: int = 0,
) -> tuple[bytes, bytes, int] | None:
    """The copies of each kind (34 bytes a count, red fives counted as fives) among the
    tiles ``first`` and among all, ``first`` then ``rest``, and the red fives among all,
    when all the tiles fit (:func:`copies_fit`), else None: :func:`counts_if_fit` for
    tiles given as ints (each an ``int``: the caller checks their type). ``counted``
    adds tiles counted before, as :func:`packed_copies` gives them (at most 136 tiles in
    all), to those of ``rest``.

    >>> held, every, red = tally_if_fit(parse_tiles("1120m"), parse_tiles("555z"))
    >>> held[:5].hex(), held[31], every[:5].hex(), every[31], red
    ('0201000001', 0, '0201000001', 3, 1)
    >>> tally_if_fit(parse_tiles("1120m"), parse_tiles("55555z")) is None
    True
    >>> tally_if_fit(parse_tiles("00p"), (), (0, 2, 0))[2], tally_if_fit(parse_tiles("00p"), ())
    (2, None)
    >>> tally_if_fit(parse_tiles("1120m"), (), counted=packed_copies(parse_tiles("555z")))[1][31]
    3
    """
    if len(first) + len(rest) > 136:  # more tiles than four copies of each of the 34 kinds
        return None
    try:
        held = _packed(first)
        every = held + _packed(rest) + counted if rest else held + counted
    except (KeyError, TypeError):  # a value that is no tile
        return None
    return tally_of_copies(held, every, reds)


def tally_of_copies(
    held: int, every: int, reds: Sequence[int] = (1, 1, 1)
) -> tuple[bytes, bytes, int] | None:
    """:func:`tally_if_fit` of tiles counted before (:func:`packed_copies`, or
    :func:`parse_counted`), those held and all, at most 136 tiles: the copies of each kind
    (34 bytes) among those held and among all, and the red fives among all, when all the
    tiles fit, else None.

    >>> held = packed_copies(parse_tiles("1120m"))
    >>> tally_of_copies(held, held + packed_copies(parse_tiles("555z")))[1][31]
    3
    >>> tally_of_copies(held, held + packed_copies(parse_tiles("55z")), (0, 0, 0)) is None
    True
    """
    red = 0
    above = every >> _KIND_BITS  # red fives, counted above the kinds
    if above:
        man, pin, sou = above & 255, above >> 8 & 255, above >> 16
        if man > reds[0] or pin > reds[1] or sou > reds[2]:
            return None
        red = man + pin + sou
        held &= _KIND_MASK
        every &= _KIND_MASK
    if (every + _THREE_EACH) & _FIVE_OR_MORE:  # a kind held five times or more
        return None
    return held.to_bytes(34, "little"), every.to_bytes(34, "little"), red


def packed_copies(tiles: Sequence[Tile]) -> int | None:
    """The copies of each kind among tiles (each an ``int``) packed in one int, as
    :func:`tally_if_fit` adds them (``counted``): byte ``k`` the copies of kind ``k``
    (red fives counted as fives), bytes 34-36 the red fives of man, pin and sou; None
    for a value that is no tile 0-36 or more than 136 tiles.

    >>> copies = packed_copies(parse_tiles("550m"))
    >>> copies.to_bytes(37, "little")[4], copies >> 8 * 34
    (3, 1)
    >>> packed_copies((37,)), packed_copies((-1,)), packed_copies((-38,))
    (None, None, None)
    """
    if len(tiles) > 136:
        return None
    try:
        return _packed(tiles)
    except (KeyError, TypeError):  # a value that is no tile
        return None


def _packed(tiles: Sequence[Tile]) -> int:
    """The one-copy ints of tiles (ints, :data:`_COPY_OF`) summed; KeyError for a value
    that is no tile 0-36. Taken at once in C by an itemgetter of the tiles, which gives a
    tuple from two tiles on (one tile alone is looked up)."""
    if len(tiles) > 1:
        return sum(itemgetter(*tiles)(_COPY_OF))
    return _COPY_OF[tiles[0]] if tiles else 0


# tally_if_fit's counts: a kind's copies in byte ``kind`` of an int (at most 136, so no
# byte carries into the next), a red five's also in byte 34, 35 or 36 by its suit; with
# three added to each byte, a count of five or more sets one of the byte's top five bits
_KIND_BITS: Final = 8 * 34
_KIND_MASK: Final = (1 << _KIND_BITS) - 1
# a tile's one copy by its value (a dict: a negative index of a tuple would be read
# from its end)
_COPY_OF: Final = {t: 1 << 8 * KIND_OF[t] | (1 << 8 * t if t >= RED_5M else 0) for t in range(37)}
_THREE_EACH: Final = int.from_bytes(bytes((3,) * 34), "little")
_FIVE_OR_MORE: Final = int.from_bytes(bytes((0xF8,) * 34), "little")


def kind_name(tile: Tile) -> str:
    """The compact name of a tile's kind, ``'5m'`` for red and plain fives alike.

    >>> kind_name(RED_5M), kind_name(HAKU)
    ('5m', '5z')
    """
    k = kind(tile)
    return f"{k % 9 + 1}{_SUITS[k // 9]}" if k < 27 else f"{k - 26}z"


# --- compact notation --------------------------------------------------------------


def parse_tiles(text: str) -> tuple[Tile, ...]:
    """Parse tiles written in any of the three notations, keeping their order.

    - compact: digits followed by their suit letter (``m p s z``), ``0`` a red five,
      spaces ignored;
    - Unicode glyphs (🀇…🀡 🀀…🀆, :func:`format_unicode`), spaces ignored;
    - mjai names, one a tile, separated by spaces or commas (``1m 5mr E P ?``).

    A text is read in one notation: compact groups of several tiles among mjai names
    (``123m E``), or glyphs among letters (``🀇🀈3m``), are refused, as is anything
    that is not text.

    >>> parse_tiles("19m 0s 77z")
    (0, 8, 36, 33, 33)
    >>> parse_tiles("🀇🀏🀄") == parse_tiles("1m 9m C") == parse_tiles("19m7z")
    True
    >>> parse_tiles("5mr, E, ?") == (RED_5M, EAST, UNKNOWN)
    True
    >>> parse_tiles("123m E")
    Traceback (most recent call last):
    ...
    jantaku.errors.NotationError: compact notation among mjai names (write every tile as \
one name, 1m 2m 3m E, or all in compact notation, 123m1z) at position 0 ('1') in '123m E'
    >>> parse_tiles("123x")
    Traceback (most recent call last):
    ...
    jantaku.errors.NotationError: unexpected character at position 3 ('x') in '123x'
    >>> parse_tiles("8z")
    Traceback (most recent call last):
    ...
    jantaku.errors.NotationError: no honor tile 8z at position 0 ('8') in '8z'
    >>> parse_tiles("2f")
    Traceback (most recent call last):
    ...
    jantaku.errors.NotationError: a flower is written 1f at position 0 ('2') in '2f'

    Raises :class:`~jantaku.errors.NotationError` for text that cannot be read and
    :class:`~jantaku.errors.ArgumentTypeError` for a value that is not a ``str``.
    """
    if not isinstance(text, str):
        hint = " (decode bytes first: data.decode())" if isinstance(text, bytes | bytearray) else ""
        raise ArgumentTypeError(f"tile notation is a str, not a {type(text).__name__}{hint}")
    found = _GROUPS.get(text)  # one group ("1z", "406m"), read before, or no tile ("")
    if found is not None:
        return found
    tiles: tuple[Tile, ...] = ()
    if len(text) <= _HAND_TEXT:  # plain compact groups, and nothing else: group by group
        groups = _GROUP.findall(text)
        for group in groups:
            found = _GROUPS.get(group)
            if found is None:  # a group not read before: read if plain, else below
                found = _plain_group(group)
                if found is None:
                    break
            tiles += found
        else:  # a group has a tile a digit, so its length is its tiles and one
            if len(tiles) + len(groups) == len(text):  # no character outside the groups
                return tiles
        tiles = ()
    if _COMPACT.fullmatch(text):  # plain compact groups: each group's tiles kept by value
        for group in _GROUP.findall(text):
            found = _GROUPS.get(group)
            if found is None:
                found = _plain_group(group)
            if found is None:  # pragma: no cover - _COMPACT lets only plain groups through
                return _parse_compact(text)
            tiles += found
        return tiles
    return _parse_compact(text)


def _plain_group(group: str) -> tuple[Tile, ...] | None:
    """The tiles of one plain compact group (digits 0-9 then m, p or s, or digits 1-7
    then z), read by table and kept (:data:`_GROUPS`); None for any other text."""
    if not _PLAIN_GROUP.fullmatch(group):
        return None
    found = tuple(group[:-1].encode().translate(_DIGIT_TILES[group[-1]]))
    if len(_GROUPS) < _GROUPS_SIZE:
        _GROUPS[group] = found
    return found


def parse_counted(text: str) -> tuple[tuple[Tile, ...], int] | None:
    """The tiles of plain compact text (groups such as ``123m``, ``0p`` or ``11z``, and
    nothing else: no space, flower nor other notation), as :func:`parse_tiles` reads
    them, with their copies packed as :func:`packed_copies` counts them; None for any
    other text (which :func:`parse_tiles` reads, or says why not). Each group's tiles
    and copies are kept, so a hand's copies are a sum of a few of them, not counted
    tile by tile.

    >>> tiles, copies = parse_counted("1120m555z")
    >>> tiles == parse_tiles("1120m555z"), copies == packed_copies(tiles)
    (True, True)
    >>> parse_counted("123m 5z"), parse_counted("8z"), parse_counted("1m" * 40)
    (None, None, None)
    """
    if len(text) > _HAND_TEXT:  # at most 63 tiles: no count carries into the next kind
        return None
    tiles: tuple[Tile, ...] = ()
    copies = 0
    groups = _GROUP.findall(text)
    for group in groups:
        found = _COUNTED_GROUPS.get(group)
        if found is None:  # a group not read before: read if plain
            plain = _GROUPS.get(group)
            if plain is None:
                plain = _plain_group(group)
                if plain is None:
                    return None
            found = (plain, _packed(plain))
            if len(_COUNTED_GROUPS) < _GROUPS_SIZE:
                _COUNTED_GROUPS[group] = found
        tiles += found[0]
        copies += found[1]
    if len(tiles) + len(groups) != len(text):  # a character outside the groups
        return None
    return tiles, copies


# compact groups without spaces or flowers ("123m", "0p"), read through _GROUPS
_COMPACT: Final = re.compile(r"(?:[0-9]+[mps]|[1-7]+z)+")
_GROUP: Final = re.compile(r"[0-9]+[mpsz]")
_PLAIN_GROUP: Final = re.compile(r"[0-9]+[mps]|[1-7]+z")
_GROUPS: dict[str, tuple[Tile, ...]] = {"": ()}  # group text -> its tiles; bounded
_GROUPS_SIZE: Final = 1 << 14
# group text -> its tiles and their copies (parse_counted); bounded
_COUNTED_GROUPS: dict[str, tuple[tuple[Tile, ...], int]] = {}
_HAND_TEXT: Final = 64  # a text this long at most is read group by group at once
# by suit letter, the tile of each digit of a plain compact group (0 a red five), as
# _parse_compact reads it; _COMPACT lets no other digit reach it (no 0z, 8z, 9z)
_DIGIT_TILES: Final = {
    **{
        suit: bytes.maketrans(b"0123456789", bytes((RED_5M + i, *range(9 * i, 9 * i + 9))))
        for i, suit in enumerate("mps")
    },
    "z": bytes.maketrans(b"1234567", bytes(range(EAST, EAST + 7))),
}


def _parse_compact(text: str) -> tuple[Tile, ...]:
    """Read compact notation character by character (or the other notations)."""
    tiles: list[Tile] = []
    pending: list[int] = []  # positions of digits waiting for their suit letter
    for i, ch in enumerate(text):
        if "0" <= ch <= "9":
            pending.append(i)
        elif ch == _FLOWER_LETTER:
            if not pending:
                raise NotationError("suit letter without digits", text=text, position=i)
            for p in pending:
                if text[p] != "1":
                    raise NotationError("a flower is written 1f", text=text, position=p)
                tiles.append(FLOWER)
            pending.clear()
        elif ch in _SUITS:
            if not pending:
                raise NotationError("suit letter without digits", text=text, position=i)
            base = _SUITS.index(ch) * 9
            for p in pending:
                d = ord(text[p]) - 48
                if ch == "z":
                    if not 1 <= d <= 7:
                        raise NotationError(f"no honor tile {d}z", text=text, position=p)
                    tiles.append(26 + d)
                elif d == 0:
                    tiles.append(34 + base // 9)
                else:
                    tiles.append(base + d - 1)
            pending.clear()
        elif ch.isspace():
            if pending:
                raise NotationError("digits without a suit letter", text=text, position=i)
        else:
            # not compact notation: Unicode glyphs or mjai names, else a bad character
            return _parse_other(text, NotationError("unexpected character", text=text, position=i))
    if pending:
        raise NotationError("digits without a suit letter", text=text, position=len(text))
    return tuple(tiles)


def _parse_other(text: str, compact_error: NotationError) -> tuple[Tile, ...]:
    """Read text that is not compact notation: Unicode glyphs or mjai names.

    ``compact_error`` is raised when the text is in neither (its first bad character
    in compact notation is the clearest thing to show).
    """
    glyph_at = next((i for i, ch in enumerate(text) if _is_glyph(ch)), -1)
    if glyph_at >= 0:
        for i, ch in enumerate(text):
            if not (ch.isspace() or _is_glyph(ch)):
                raise NotationError(
                    "not a mahjong tile (a text of Unicode tiles holds only tiles and spaces)",
                    text=text,
                    position=i,
                )
        return parse_unicode(text)
    tokens = _mjai_tokens(text)
    names = [name in _FROM_MJAI for name, _ in tokens]
    if not (names and all(names)) and not any(
        name in _FROM_MJAI and name not in _COMPACT_NAMES for name, _ in tokens
    ):
        raise compact_error  # no name that only mjai writes (1m is compact too)
    tiles: list[Tile] = []
    for name, at in tokens:
        tile = _FROM_MJAI.get(name)
        if tile is not None:
            tiles.append(tile)
            continue
        try:
            parse_tiles(name)
        except NotationError:
            hint = " (names are separated by spaces or commas)" if len(name) > 2 else ""
            raise NotationError(f"not an mjai tile name{hint}", text=text, position=at) from None
        raise NotationError(
            "compact notation among mjai names (write every tile as one name, 1m 2m 3m E, "
            "or all in compact notation, 123m1z)",
            text=text,
            position=at,
        )
    return tuple(tiles)


def _mjai_tokens(text: str) -> list[tuple[str, int]]:
    """The names of a text of mjai names with their positions (spaces and commas split)."""
    tokens: list[tuple[str, int]] = []
    start = -1
    for i, ch in enumerate(text + " "):
        if ch.isspace() or ch == ",":
            if start >= 0:
                tokens.append((text[start:i], start))
                start = -1
        elif start < 0:
            start = i
    return tokens


def _is_glyph(ch: str) -> bool:
    """Whether ``ch`` is a character of a Unicode tile text (a glyph, 🀫, the red mark)."""
    return "\U0001f000" <= ch <= "\U0001f02b" or ch == RED_MARK


def _digit(tile: Tile) -> str:
    if tile == FLOWER:
        return "1"
    if tile >= 34:
        return "0"
    return str(tile % 9 + 1) if tile < 27 else str(tile - 26)


def _suit_letter(tile: Tile) -> str:
    if tile == FLOWER:
        return _FLOWER_LETTER
    if tile >= 34:
        return _SUITS[tile - 34]
    return _SUITS[tile // 9] if tile < 27 else "z"


def format_tiles(tiles: Iterable[Tile]) -> str:
    """Write tiles in compact notation, in the given order.

    Consecutive tiles of one suit share their suit letter, so
    ``parse_tiles(format_tiles(ts)) == tuple(ts)`` for any tiles.

    >>> format_tiles([0, 1, 2, 34, 27, 27])
    '1230m11z'
    >>> format_tiles(sorted(parse_tiles("3m1m2m")))
    '123m'
    >>> format_tiles([FLOWER, 0, FLOWER, FLOWER])
    '1f1m11f'

    Raises :class:`~jantaku.errors.ArgumentError` (a ``ValueError``) for
    :data:`UNKNOWN` or a value that is not a tile.
    """
    out: list[str] = []
    current = ""
    for t in tiles:
        if t.__class__ is not int:
            t = as_tile(t)
        if not 0 <= t < 37 and t != FLOWER:
            raise ArgumentError(f"cannot write tile value {t!r} in compact notation")
        letter = _suit_letter(t)
        if current and letter != current:
            out.append(current)
        out.append(_digit(t))
        current = letter
    if current:
        out.append(current)
    return "".join(out)


# --- Unicode -------------------------------------------------------------------------

RED_MARK: Final = "\ufe00"
"""The variation selector written right after a red five's Unicode glyph."""

_UNICODE: Final[tuple[str, ...]] = (
    *(chr(0x1F007 + i) for i in range(9)),  # 🀇…🀏 man
    *(chr(0x1F019 + i) for i in range(9)),  # 🀙…🀡 pin
    *(chr(0x1F010 + i) for i in range(9)),  # 🀐…🀘 sou
    *(chr(0x1F000 + i) for i in range(4)),  # 🀀🀁🀂🀃 winds
    "\U0001f006",  # 🀆 haku
    "\U0001f005",  # 🀅 hatsu
    "\U0001f004",  # 🀄 chun
)
_FROM_UNICODE: Final = {ch: k for k, ch in enumerate(_UNICODE)}
BACK: Final = "\U0001f02b"
"""🀫, the back of a tile, used for :data:`UNKNOWN`."""
FLOWER_GLYPH: Final = "\U0001f022"
"""🀢 (plum), the glyph written for :data:`FLOWER`."""
_FLOWER_GLYPHS: Final = frozenset(chr(0x1F022 + i) for i in range(8))  # 🀢…🀩


def format_unicode(tiles: Iterable[Tile]) -> str:
    """Write tiles as Unicode mahjong glyphs (T6); a hidden tile is 🀫, a flower 🀢.

    A red five is its plain glyph followed by :data:`RED_MARK` (invisible).

    >>> format_unicode(parse_tiles("19m5z"))
    '🀇🀏🀆'
    >>> format_unicode(parse_tiles("0p")) == "🀝" + RED_MARK
    True
    """
    out: list[str] = []
    for t in tiles:
        if t.__class__ is not int:
            t = as_tile(t)
        if t == UNKNOWN:
            out.append(BACK)
        elif t == FLOWER:
            out.append(FLOWER_GLYPH)
        elif 34 <= t <= 36:
            out.append(_UNICODE[KIND_OF[t]] + RED_MARK)
        elif 0 <= t < 34:
            out.append(_UNICODE[t])
        else:
            raise ArgumentError(f"not a tile value: {t!r}")
    return "".join(out)


def parse_unicode(text: str) -> tuple[Tile, ...]:
    """Read Unicode mahjong glyphs back into tiles (spaces ignored).

    >>> parse_unicode("🀇🀏 🀄")
    (0, 8, 33)
    >>> parse_unicode(format_unicode(parse_tiles("0m"))) == parse_tiles("0m")
    True
    >>> parse_unicode("🀢🀩") == (FLOWER, FLOWER)
    True
    >>> parse_unicode("🀇a")
    Traceback (most recent call last):
    ...
    jantaku.errors.NotationError: not a mahjong tile at position 1 ('a') in '🀇a'
    """
    tiles: list[Tile] = []
    for i, ch in enumerate(text):
        if ch == RED_MARK:
            if not tiles or tiles[-1] not in (M5, P5, S5):
                raise NotationError("red mark not after a five", text=text, position=i)
            tiles[-1] = 34 + tiles[-1] // 9
        elif ch == BACK:
            tiles.append(UNKNOWN)
        elif ch in _FLOWER_GLYPHS:
            tiles.append(FLOWER)
        elif ch in _FROM_UNICODE:
            tiles.append(_FROM_UNICODE[ch])
        elif not ch.isspace():
            raise NotationError("not a mahjong tile", text=text, position=i)
    return tuple(tiles)


# --- mjai ------------------------------------------------------------------------------

_MJAI_HONORS: Final = ("E", "S", "W", "N", "P", "F", "C")
_MJAI_NAMES: Final[tuple[str, ...]] = (
    *(f"{n}{s}" for s in "mps" for n in range(1, 10)),
    *_MJAI_HONORS,
    "5mr",
    "5pr",
    "5sr",
    "?",
    "H",  # 花: a flower (an extension of mjai's names)
)
_FROM_MJAI: Final = {name: t for t, name in enumerate(_MJAI_NAMES)}
_COMPACT_NAMES: Final = frozenset(_MJAI_NAMES[:27])  # 1m…9s read the same in compact notation


def tile_to_mjai(tile: Tile) -> str:
    """The mjai name of a tile (``5mr`` a red five, ``?`` a hidden tile, ``H`` a flower).

    >>> [tile_to_mjai(t) for t in (0, RED_5S, HAKU, UNKNOWN, FLOWER)]
    ['1m', '5sr', 'P', '?', 'H']

    Raises :class:`~jantaku.errors.ArgumentError` (a ``ValueError``) for a value that
    is not a tile.
    """
    if tile.__class__ is not int:
        tile = as_tile(tile)
    if not 0 <= tile <= FLOWER:
        raise ArgumentError(f"not a tile value: {tile!r}")
    return _MJAI_NAMES[tile]


def tile_from_mjai(name: str) -> Tile:
    """Read an mjai tile name.

    >>> tile_from_mjai("5pr") == RED_5P, tile_from_mjai("N") == NORTH
    (True, True)
    >>> tile_from_mjai("0m")
    Traceback (most recent call last):
    ...
    jantaku.errors.NotationError: not an mjai tile name at position 0 ('0') in '0m'
    """
    try:
        return _FROM_MJAI[name]
    except (KeyError, TypeError):
        raise NotationError("not an mjai tile name", text=str(name), position=0) from None


def tiles_to_mjai(tiles: Sequence[Tile]) -> list[str]:
    """The mjai names of several tiles.

    >>> tiles_to_mjai(parse_tiles("10m"))
    ['1m', '5mr']
    """
    return [tile_to_mjai(t) for t in tiles]
