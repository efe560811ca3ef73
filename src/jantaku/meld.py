"""Melds (副露 and 暗槓) and whole hands written with their melds (H2, N1).

A :class:`Meld` records its kind, its tiles, which tile was called and from whom.
``called_from`` is relative to the meld's owner: ``1`` the player on the right
(下家, shimocha), ``2`` across (対面, toimen), ``3`` on the left (上家, kamicha); the
absolute seat is ``(owner + called_from) % players``. An ankan has neither.

Meld notation
-------------
A meld is written in square brackets in compact notation, with a direction mark right
after the called tile: ``-`` from the left, ``=`` from across, ``+`` from the right.

======================  ==================  ==============================================
kind                    example             reads
======================  ==================  ==============================================
chii                    ``[3-45m]``         3m called from the left with 4m 5m
pon                     ``[555=p]``         5p called from across
daiminkan (大明槓)       ``[7777+z]``        chun called from the right, four tiles
kakan (加槓)             ``[0-55*5s]``       a pon of red 5s from the left, ``*`` marks the
                                            tile added later
ankan (暗槓)             ``[1111z]``         four East, no mark
======================  ==================  ==============================================

A hand is its concealed tiles followed by its melds: ``123m406p11z[3-45s][7777+z]``.

>>> m = parse_meld("[3-45m]")
>>> m
Meld(kind=<MeldKind.CHII: 'chii'>, tiles=(2, 3, 4), called=2, called_from=3, added=None)
>>> format_meld(m)
'[3-45m]'
>>> hand = parse_hand("123m406p11z22z[55=5p]")
>>> len(hand.concealed), hand.melds[0].kind.value
(10, 'pon')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Final

from jantaku.errors import ArgumentTypeError, InvalidHandError, NotationError
from jantaku.tiles import (
    KIND_OF,
    MOST_RED_FIVES,
    Tile,
    check_copies,
    counts_if_fit,
    format_tiles,
    packed_copies,
    parse_counted,
    parse_tiles,
)

_ANY_SET: Final = (MOST_RED_FIVES,) * 3  # red fives any rule set may hold (T3)
# sort_key as one number a tile: by kind, a red five just before its plain fives
_SORT_RANK: Final = tuple(2 * KIND_OF[t] + (0 if t >= 34 else 1) for t in range(37)).__getitem__

__all__ = [
    "Hand",
    "Meld",
    "MeldKind",
    "clear_cache",
    "format_hand",
    "format_meld",
    "parse_hand",
    "parse_meld",
    "read_counted_hand",
    "read_hand",
    "read_hand_counts",
    "read_hand_tiles",
]


class MeldKind(Enum):
    """The five kinds of meld."""

    CHII = "chii"
    PON = "pon"
    DAIMINKAN = "daiminkan"
    KAKAN = "kakan"
    ANKAN = "ankan"

    @property
    def is_kan(self) -> bool:
        """Whether the meld is a kan of four tiles."""
        return self in (MeldKind.DAIMINKAN, MeldKind.KAKAN, MeldKind.ANKAN)

    @property
    def is_open(self) -> bool:
        """Whether the meld opens the hand (every meld but ankan)."""
        return self is not MeldKind.ANKAN


_INT_ONLY: Final = frozenset((int,))
_KANS: Final = frozenset((MeldKind.DAIMINKAN, MeldKind.KAKAN, MeldKind.ANKAN))
# Every meld checked so far by its arguments (the kind's value, tiles, called,
# called_from, added), each an int or None: the same meld again (the engine, a log, a
# batch make the same few hundred melds over and over) is the meld made then, whose
# check on the same arguments is the same. Only accepted melds are kept, so an error is
# raised (with its message) as before; bounded, as a caller may pass its tiles in any
# order.
_CHECKED: dict[tuple[object, ...], Meld] = {}
_CHECKED_SIZE: Final = 1 << 14
_MARKS = {"-": 3, "=": 2, "+": 1}
_MARK_OF = {v: k for k, v in _MARKS.items()}


class _Copies:
    """What a meld's construction counted of its tiles, kept for the situations that
    hold it (a slot besides the fields: no part of its value, repr or comparison).

    ``_copies`` holds the copies of each kind among the meld's tiles, packed in one int
    as :func:`~jantaku.tiles.packed_copies` gives them: a situation adds its melds'
    instead of counting their tiles again (a meld is made once and shared).
    """

    __slots__ = ("_copies",)
    _copies: int

    def _keep_copies(self, copies: int) -> None:
        """Set ``_copies`` (once, on construction: the value is frozen)."""
        object.__setattr__(self, "_copies", copies)


@dataclass(frozen=True, slots=True, init=False)
class Meld(_Copies):
    """A declared meld: kind, tiles (sorted, red fives kept), the called tile and its source.

    ``added`` is the tile added to a pon to make a kakan. Construction checks that the
    tiles make the kind of meld claimed and raises :class:`InvalidHandError` if not.

    >>> Meld.pon(parse_tiles("555p"), called=parse_tiles("5p")[0], called_from=2)
    Meld(kind=<MeldKind.PON: 'pon'>, tiles=(13, 13, 13), called=13, called_from=2, added=None)
    >>> Meld.pon(parse_tiles("556p"), called=13, called_from=2)
    Traceback (most recent call last):
    ...
    jantaku.errors.InvalidHandError: a pon needs three tiles of one kind, not 556p
    """

    kind: MeldKind
    tiles: tuple[Tile, ...]
    called: Tile | None = None
    called_from: int | None = None
    added: Tile | None = None

    def __new__(
        cls,
        kind: MeldKind,
        tiles: tuple[Tile, ...],
        called: Tile | None = None,
        called_from: int | None = None,
        added: Tile | None = None,
    ) -> Meld:
        # A meld of a MeldKind whose other arguments, all plain ints, were checked before
        # is the meld made then (:data:`_CHECKED`, keyed by the kind's value, whose hash a
        # str keeps): a frozen value, shared, as the same check would make it again; any
        # other is made and checked in full. Made here rather than in __init__, which
        # could only copy the fields of the meld made before, one setter call a field
        key: tuple[object, ...] | None = None
        if (
            cls is Meld
            and kind.__class__ is MeldKind
            and tiles.__class__ is tuple
            and (  # three or four tiles (a meld's) tested one by one: cheaper than a map
                (
                    len(tiles) == 3
                    and tiles[0].__class__ is int
                    and tiles[1].__class__ is int
                    and tiles[2].__class__ is int
                )
                or _INT_ONLY.issuperset(map(type, tiles))
            )
            and (called is None or called.__class__ is int)
            and (called_from is None or called_from.__class__ is int)
            and (added is None or added.__class__ is int)
        ):
            key = (kind._value_, tiles, called, called_from, added)
            checked = _CHECKED.get(key)
            if checked is not None:
                return checked
        self = object.__new__(cls)
        object.__setattr__(self, "kind", kind)  # a frozen field's store, as its __init__'s
        object.__setattr__(self, "tiles", tiles)
        object.__setattr__(self, "called", called)
        object.__setattr__(self, "called_from", called_from)
        object.__setattr__(self, "added", added)
        self.__post_init__()
        copies = packed_copies(self.tiles)
        assert copies is not None  # checked tiles
        self._keep_copies(copies)
        if key is not None:
            if len(_CHECKED) >= _CHECKED_SIZE:
                _CHECKED.clear()
            _CHECKED[key] = self
        return self

    def __reduce__(self) -> tuple[type[Meld], tuple[object, ...]]:
        """Pickled and copied as its fields, made again through the constructor."""
        return (self.__class__, (self.kind, self.tiles, self.called, self.called_from, self.added))

    def __post_init__(self) -> None:
        """Check the fields and sort the tiles (every field is set)."""
        kind, raw = self.kind, self.tiles
        if kind.__class__ is not MeldKind:
            raise ArgumentTypeError(f"a meld's kind is a MeldKind, not {kind!r}")
        if raw.__class__ is not tuple and not isinstance(raw, tuple | list):
            raise ArgumentTypeError(f"a meld's tiles are a tuple of tiles, not {raw!r}")
        if not (  # four plain tiles or fewer hold no fifth copy nor a second red five
            0 < len(raw) <= 4
            and _INT_ONLY.issuperset(map(type, raw))
            and min(raw) >= 0
            and max(raw) < 34
        ):
            check_copies(raw, _ANY_SET)  # every tile an int of a hand, before sorting
        tiles = tuple(sorted(raw, key=_SORT_RANK))  # as sort_key sorts
        object.__setattr__(self, "tiles", tiles)
        called, called_from, added = self.called, self.called_from, self.added
        for name, value in (("called", called), ("called_from", called_from), ("added", added)):
            if value is not None and value.__class__ is not int:
                raise ArgumentTypeError(f"a meld's {name} is an int or None, not {value!r}")
        kinds = [KIND_OF[t] for t in tiles]
        if kind is MeldKind.CHII:
            ok = (
                len(kinds) == 3
                and kinds[0] < 27
                and kinds[1] == kinds[0] + 1
                and kinds[2] == kinds[0] + 2
                and kinds[0] // 9 == kinds[2] // 9
            )
            if not ok:
                raise InvalidHandError(
                    f"a chii needs three consecutive number tiles of one suit, "
                    f"not {format_tiles(tiles)}"
                )
        else:
            size = 4 if kind in _KANS else 3
            if len(kinds) != size or kinds.count(kinds[0]) != size:
                count = "three" if size == 3 else "four"
                raise InvalidHandError(
                    f"a {kind.value} needs {count} tiles of one kind, not {format_tiles(tiles)}"
                )
        if kind is MeldKind.ANKAN:
            if called is not None or called_from is not None or added is not None:
                raise InvalidHandError("an ankan has no called tile")
            return
        if called is None or called_from not in (1, 2, 3):
            raise InvalidHandError(f"a {kind.value} needs a called tile and called_from 1, 2 or 3")
        if called not in tiles:
            raise InvalidHandError(f"the called tile is not part of the {kind.value}")
        if kind is MeldKind.CHII and called_from != 3:
            raise InvalidHandError("a chii can only be called from the left (called_from=3)")
        if kind is MeldKind.KAKAN:
            rest = list(tiles)
            rest.remove(called)
            if added is None or added not in rest:
                raise InvalidHandError("a kakan needs the added tile, other than the called one")
        elif added is not None:
            raise InvalidHandError(f"only a kakan has an added tile, not a {kind.value}")

    @classmethod
    def chii(cls, tiles: tuple[Tile, ...], *, called: Tile) -> Meld:
        """A chii of three tiles, ``called`` from the left."""
        return cls(MeldKind.CHII, tiles, called, 3)

    @classmethod
    def pon(cls, tiles: tuple[Tile, ...], *, called: Tile, called_from: int) -> Meld:
        """A pon of three tiles."""
        return cls(MeldKind.PON, tiles, called, called_from)

    @classmethod
    def daiminkan(cls, tiles: tuple[Tile, ...], *, called: Tile, called_from: int) -> Meld:
        """An open kan of four tiles called on a discard."""
        return cls(MeldKind.DAIMINKAN, tiles, called, called_from)

    @classmethod
    def ankan(cls, tiles: tuple[Tile, ...]) -> Meld:
        """A closed kan of four tiles."""
        return cls(MeldKind.ANKAN, tiles)

    def with_added(self, tile: Tile) -> Meld:
        """The kakan that this pon becomes when ``tile`` is added.

        >>> format_meld(parse_meld("[555=p]").with_added(parse_tiles("0p")[0]))
        '[*0555=p]'
        """
        if self.kind is not MeldKind.PON:
            raise InvalidHandError(f"only a pon can become a kakan, not a {self.kind.value}")
        return Meld(MeldKind.KAKAN, (*self.tiles, tile), self.called, self.called_from, tile)

    @property
    def kind34(self) -> int:
        """The kind of the meld's lowest tile (for a run) or of all its tiles."""
        return KIND_OF[self.tiles[0]]

    @property
    def is_open(self) -> bool:
        """Whether this meld opens the hand."""
        return self.kind.is_open

    def notation(self) -> str:
        """This meld in meld notation (see :func:`format_meld`)."""
        return format_meld(self)


def clear_cache() -> None:
    """Forget the melds checked so far (for benchmarks and memory): the next of each is
    checked in full again, to an equal meld.

    >>> first = Meld(MeldKind.PON, (5, 5, 5), called=5, called_from=1)
    >>> clear_cache()
    >>> Meld(MeldKind.PON, (5, 5, 5), called=5, called_from=1) == first
    True
    """
    _CHECKED.clear()


def format_meld(meld: Meld) -> str:
    """Write a meld in meld notation.

    >>> format_meld(parse_meld("[1111z]")), format_meld(parse_meld("[055=*5s]"))
    ('[1111z]', '[055=*5s]')
    """
    body = format_tiles(meld.tiles)
    digits, letter = body[:-1], body[-1]
    n = len(meld.tiles)
    added_at = -1
    if meld.added is not None:
        added_at = max(i for i in range(n) if meld.tiles[i] == meld.added)
    called_at = -1
    if meld.called is not None:
        called_at = max(i for i in range(n) if meld.tiles[i] == meld.called and i != added_at)
    parts: list[str] = []
    for i, d in enumerate(digits):
        parts.append("*" + d if i == added_at else d)
        if i == called_at and meld.called_from is not None:
            parts.append(_MARK_OF[meld.called_from])
    return "[" + "".join(parts) + letter + "]"


def parse_meld(text: str, *, offset: int = 0, whole: str | None = None) -> Meld:
    """Read one meld in meld notation, brackets included.

    >>> parse_meld("[7777+z]").kind is MeldKind.DAIMINKAN
    True
    >>> parse_meld("[12-4m]")
    Traceback (most recent call last):
    ...
    jantaku.errors.NotationError: not a meld: a chii needs three consecutive number tiles \
of one suit, not 124m at position 0 ('[') in '[12-4m]'
    >>> parse_meld("[12?3m]")
    Traceback (most recent call last):
    ...
    jantaku.errors.NotationError: unexpected character in a meld at position 3 ('?') in '[12?3m]'
    """
    if not isinstance(text, str):
        raise ArgumentTypeError(f"meld notation is a str, not a {type(text).__name__}")
    src = whole if whole is not None else text
    if len(text) < 2 or text[0] != "[" or text[-1] != "]":
        raise NotationError("a meld is written in [brackets]", text=src, position=offset)
    digits: list[str] = []
    called_index: int | None = None
    called_from: int | None = None
    added_index: int | None = None
    star = False
    letter = ""
    for i in range(1, len(text) - 1):
        ch = text[i]
        pos = offset + i
        if ch.isdigit():
            if letter:
                raise NotationError("digits after the suit letter", text=src, position=pos)
            if star:
                added_index = len(digits)
                star = False
            digits.append(ch)
        elif ch in _MARKS:
            if not digits or called_index is not None:
                raise NotationError("misplaced direction mark", text=src, position=pos)
            called_index = len(digits) - 1
            called_from = _MARKS[ch]
        elif ch == "*":
            if added_index is not None or star:
                raise NotationError("a second added-tile mark", text=src, position=pos)
            star = True
        elif ch in "mpsz":
            if letter or not digits:
                raise NotationError("misplaced suit letter", text=src, position=pos)
            letter = ch
        else:
            raise NotationError("unexpected character in a meld", text=src, position=pos)
    if not letter or star:
        raise NotationError("incomplete meld", text=src, position=offset + len(text) - 1)
    tiles = parse_tiles("".join(digits) + letter)
    n = len(tiles)
    if called_index is None and n == 3:
        raise NotationError(
            "a called meld marks the called tile by where it came from (- left, = across, "
            "+ right: [1-23m], [11=1m]); an ankan is four tiles ([1111m])",
            text=src,
            position=offset,
        )
    if called_index is None:
        kind = MeldKind.ANKAN
    elif added_index is not None:
        kind = MeldKind.KAKAN
    elif n == 4:
        kind = MeldKind.DAIMINKAN
    elif len({KIND_OF[t] for t in tiles}) == 1:
        kind = MeldKind.PON
    else:
        kind = MeldKind.CHII
    try:
        return Meld(
            kind,
            tiles,
            tiles[called_index] if called_index is not None else None,
            called_from,
            tiles[added_index] if added_index is not None else None,
        )
    except InvalidHandError as e:
        raise NotationError(f"not a meld: {e}", text=src, position=offset) from None


@dataclass(frozen=True, slots=True)
class Hand:
    """Concealed tiles and declared melds, as written in hand notation.

    The concealed part plus three tiles per meld must make 13 or 14 tiles (a hand
    waiting or just drawn); smaller hands for analysis are taken by :meth:`parse`
    with ``partial=True``.

    >>> Hand.parse("123m456p789s1122z").notation()
    '123m456p789s1122z'
    >>> Hand.parse("123m")
    Traceback (most recent call last):
    ...
    jantaku.errors.InvalidHandError: a hand has 13 or 14 tiles (kans count as 3), not 3
    """

    concealed: tuple[Tile, ...]
    melds: tuple[Meld, ...] = ()

    @classmethod
    def parse(cls, text: str, *, partial: bool = False) -> Hand:
        """Read hand notation; ``partial`` allows 1, 2, 4, 5, … 14 tiles."""
        return parse_hand(text, partial=partial)

    def notation(self) -> str:
        """This hand in hand notation."""
        return format_hand(self)

    @property
    def size(self) -> int:
        """Concealed tiles plus three per meld (a kan counts as three)."""
        return len(self.concealed) + 3 * len(self.melds)

    @property
    def is_closed(self) -> bool:
        """Whether no meld opens the hand (ankan keeps it closed)."""
        return not any(m.is_open for m in self.melds)


# a meld's text after its opening bracket ("3-45m]") -> its meld, as parse_meld reads it
_MELDS: dict[str, Meld] = {}  # bounded
_MELDS_SIZE: Final = 1 << 12  # far more than the melds one writes (~600 kinds of meld)


def parse_hand(text: str, *, partial: bool = False) -> Hand:
    """Read a hand: concealed tiles, then melds in brackets.

    >>> parse_hand("123p11z [3-45m] [2222z] [1-23s]").melds[1].kind is MeldKind.ANKAN
    True
    >>> parse_hand("11112z[1111z]")
    Traceback (most recent call last):
    ...
    jantaku.errors.InvalidHandError: 8 copies of 1z (at most four)

    The concealed tiles may be written in any notation :func:`~jantaku.tiles.parse_tiles`
    reads (compact, Unicode glyphs, mjai names); melds are written in meld notation.

    >>> parse_hand("🀇🀈🀉🀙🀚🀛🀐🀑🀒🀀🀀 [555=z]").notation()
    '123m123p123s11z[555=z]'
    >>> parse_hand("1m 2m 3m 5pr 6p 4p E E [3-45s] [555=z]").notation()
    '123m064p11z[3-45s][555=z]'

    Raises :class:`~jantaku.errors.NotationError` for text that cannot be read,
    :class:`~jantaku.errors.InvalidHandError` for tiles that cannot be a hand, and
    :class:`~jantaku.errors.ArgumentTypeError` for a value that is not a ``str``.
    """
    return read_hand(text, partial=partial)[0]


def read_hand(text: str, *, partial: bool = False) -> tuple[Hand, bytes]:
    """:func:`parse_hand`, and every tile of the hand (the concealed ones, then each
    meld's) as the bytes of their values, which it checked: tiles 0–36, no fifth copy
    of a kind, no more red fives of a suit than any rules hold (two).

    >>> hand, tiles = read_hand("123m406p789s22z[3-45s]")
    >>> hand.notation(), list(tiles)
    ('123m406p789s22z[3-45s]', [0, 1, 2, 12, 35, 14, 24, 25, 26, 28, 28, 20, 21, 22])

    Raises as :func:`parse_hand` does.
    """
    concealed, melds, tiles, _, _ = read_hand_counts(text, partial=partial)
    return Hand(concealed, melds), tiles


def read_hand_counts(
    text: str, *, partial: bool = False
) -> tuple[tuple[Tile, ...], tuple[Meld, ...], bytes, bytes, bytes]:
    """The concealed tiles and the melds of a hand, as :func:`parse_hand` reads them;
    every tile of the hand as bytes, as :func:`read_hand` gives them; and the copies of
    each kind (34 bytes a count, red fives counted as fives) among the concealed tiles
    and in the whole hand, from the same count that checked the hand
    (:func:`~jantaku.tiles.counts_if_fit`).

    >>> concealed, melds, tiles, held, every = read_hand_counts("11205m123p555z[3-45s]")
    >>> len(concealed), len(melds), len(tiles), held[:5].hex(), held[31], every[20:23].hex()
    (11, 1, 14, '0201000002', 3, '010101')

    Raises as :func:`parse_hand` does.
    """
    concealed, melds = read_hand_tiles(text)
    return _checked_hand(concealed, melds, partial)


def read_hand_tiles(text: str) -> tuple[tuple[Tile, ...], tuple[Meld, ...]]:
    """The concealed tiles and the melds of hand notation, read but not yet checked as a
    hand (:func:`read_hand_counts` checks and counts them; a caller that checks the hand
    in its own way reads it here).

    >>> concealed, melds = read_hand_tiles("11205m123p555z[3-45s]")
    >>> concealed[:5], melds[0].kind.value
    ((0, 0, 1, 34, 4), 'chii')
    >>> read_hand_tiles("11m[12-4m]")
    Traceback (most recent call last):
    ...
    jantaku.errors.NotationError: not a meld: a chii needs three consecutive number tiles \
of one suit, not 124m at position 3 ('[') in '11m[12-4m]'

    Raises :class:`~jantaku.errors.NotationError` for text that cannot be read and
    :class:`~jantaku.errors.ArgumentTypeError` for a value that is not a ``str``.
    """
    if not isinstance(text, str):
        hint = " (decode bytes first: data.decode())" if isinstance(text, bytes | bytearray) else ""
        raise ArgumentTypeError(f"hand notation is a str, not a {type(text).__name__}{hint}")
    if "[" not in text and "]" not in text:  # no melds (most hands): the tiles at once
        try:
            plain = parse_tiles(text)
        except NotationError as e:
            raise NotationError(
                str(e).split(" at position")[0], text=text, position=e.position
            ) from None
        return plain, ()
    # compact tiles, then melds each read before, written one after the other: the
    # melds by their text after the opening bracket (so no piece of a longer text is one)
    head, _, tail = text.partition("[")
    known = _melds_of(tail)
    if known is not None:  # every meld read (a "]" in the head is no tile: read below)
        try:
            plain = parse_tiles(head)
        except NotationError:
            pass  # read again below, to say where
        else:
            return plain, known
    concealed: list[Tile] = []
    melds: list[Meld] = []
    i = 0
    n = len(text)
    while i < n:
        if text[i] == "[":
            j = text.find("]", i)
            if j < 0:
                raise NotationError("unclosed meld bracket", text=text, position=i)
            meld_text = text[i : j + 1]
            meld = _MELDS.get(meld_text[1:])
            if meld is None:
                meld = parse_meld(meld_text, offset=i, whole=text)
                if len(_MELDS) < _MELDS_SIZE:
                    _MELDS[meld_text[1:]] = meld
            melds.append(meld)
            i = j + 1
            continue
        if text[i] == "]":
            raise NotationError("unmatched closing bracket", text=text, position=i)
        # concealed tiles run up to the next bracket
        j = text.find("[", i)
        j = n if j < 0 else j
        if melds and text[i:j].strip():
            raise NotationError("concealed tiles come before the melds", text=text, position=i)
        try:
            concealed.extend(parse_tiles(text[i:j]))
        except NotationError as e:
            raise NotationError(
                str(e).split(" at position")[0], text=text, position=i + e.position
            ) from None
        i = j
    return tuple(concealed), tuple(melds)


def read_counted_hand(text: str) -> tuple[tuple[Tile, ...], tuple[Meld, ...], int] | None:
    """The concealed tiles and the melds of hand notation, as :func:`read_hand_tiles`
    reads them, with the copies of the concealed tiles packed
    (:func:`~jantaku.tiles.packed_copies`; each meld keeps its own), when the text is
    the common one: plain compact tiles (:func:`~jantaku.tiles.parse_counted`), then
    melds; None for any other text (which :func:`read_hand_tiles` reads, or says why
    not). Nothing is checked as a hand.

    >>> concealed, melds, copies = read_counted_hand("11205m123p555z[3-45s]")
    >>> (concealed, melds) == read_hand_tiles("11205m123p555z[3-45s]")
    True
    >>> copies == packed_copies(concealed), read_counted_hand("11m 5z"), read_counted_hand(5)
    (True, None, None)
    """
    if text.__class__ is not str:
        return None
    if "[" not in text:  # no melds (most hands)
        read = parse_counted(text)
        return None if read is None else (read[0], (), read[1])
    # compact tiles, then melds each read alone (as read_hand_tiles reads them)
    head, _, tail = text.partition("[")
    melds = _melds_of(tail)
    if melds is None:
        return None
    read = parse_counted(head)
    return None if read is None else (read[0], melds, read[1])


def _melds_of(tail: str) -> tuple[Meld, ...] | None:
    """The melds of hand text after its first opening bracket (``"3-45m][555=z]"``),
    each read alone (kept in :data:`_MELDS`); None when a piece is not one meld, for
    :func:`read_hand_tiles` to read the whole text and say where it fails."""
    melds: list[Meld] = []
    for piece in tail.split("["):
        meld = _MELDS.get(piece)
        if meld is None:  # a meld not read before
            meld = _meld_or_none(piece)
            if meld is None:
                return None
        melds.append(meld)
    return tuple(melds)


def _meld_or_none(piece: str) -> Meld | None:
    """The meld of a meld's text after its opening bracket (``"3-45m]"``), kept
    (:data:`_MELDS`); None for text that is not one meld, which
    :func:`read_hand_tiles` then reads as part of the whole hand, to say where it fails."""
    if piece.find("]") != len(piece) - 1:  # one closing bracket, at the end
        return None
    try:
        meld = parse_meld("[" + piece)
    except NotationError:
        return None
    if len(_MELDS) < _MELDS_SIZE:
        _MELDS[piece] = meld
    return meld


def _checked_hand(
    concealed: Sequence[Tile], melds: Sequence[Meld], partial: bool
) -> tuple[tuple[Tile, ...], tuple[Meld, ...], bytes, bytes, bytes]:
    """The tiles and melds read by :func:`read_hand_counts`, their copies and size
    checked, with the bytes of every tile and the copies of each kind held concealed
    and in the whole hand."""
    hidden = tuple(concealed)
    n_hidden = len(hidden)
    all_tiles = hidden
    if len(melds) <= 4:
        for meld in melds:
            all_tiles += meld.tiles
    else:  # too many melds (refused below, once their tiles are counted)
        all_tiles = (*all_tiles, *(t for meld in melds for t in meld.tiles))
    ids = bytes(all_tiles)  # tiles 0-38 as read
    counts = counts_if_fit(ids, n_hidden, _ANY_SET)
    if counts is None:
        check_copies(all_tiles, _ANY_SET)  # names the tile
        raise InvalidHandError(f"not a hand: {all_tiles!r}")  # pragma: no cover
    size = n_hidden + 3 * len(melds)
    if partial:
        if size == 0:
            raise InvalidHandError("a hand to analyse has at least one tile")
        if size > 14:
            raise InvalidHandError(f"a hand has at most 14 tiles (kans count as 3), not {size}")
        if size % 3 == 0:
            raise InvalidHandError(
                f"a hand has 1, 2, 4, 5, 7, 8, 10, 11, 13 or 14 tiles (3n+1 or 3n+2 tiles; "
                f"kans count as 3); {size} is neither"
            )
    elif size not in (13, 14):
        raise InvalidHandError(f"a hand has 13 or 14 tiles (kans count as 3), not {size}")
    if len(melds) > 4:
        raise InvalidHandError(f"a hand has at most four melds, not {len(melds)}")
    return hidden, tuple(melds), ids, counts[0], counts[1]


def format_hand(hand: Hand) -> str:
    """Write a hand in hand notation (concealed tiles in their order, then melds).

    >>> format_hand(parse_hand("406p22z[3-45s][1111z][7777+z]"))
    '406p22z[3-45s][1111z][7777+z]'
    """
    return format_tiles(hand.concealed) + "".join(format_meld(m) for m in hand.melds)
