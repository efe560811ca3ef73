"""Exact shanten (向聴数) for the regular form, seven pairs and thirteen orphans (H3).

Shanten is the number of tiles a hand is away from tenpai: ``0`` is tenpai, ``-1`` a
complete hand. The functions take the 34-long counts of the *concealed* tiles (3k+1 or
3k+2 of them, k ≤ 4; declared melds are left out, each standing for one set already
made).

The regular form is exact and table-driven: ``tools/gen_tables.py`` computes, for
every count vector of one suit, the fewest tiles that must be added to it to hold
``m`` sets with or without the pair, and numbers the distinct answers (110 for a
number suit, 55 for the honors). Combining the four suits is then three lookups in
small tables, shipped in ``jantaku/data/shanten_tables.bin``. Shanten is the shape
(形式) shanten: a wait on a tile the hand already holds four of still counts, so
``1111m`` with three sets is tenpai.

Seven pairs and thirteen orphans need all 14 tiles concealed; for a hand with fewer
concealed tiles :func:`shanten_seven_pairs` and :func:`shanten_kokushi` raise
:class:`~jantaku.errors.InvalidHandError`, and :func:`shanten` leaves them out.

>>> from jantaku.tiles import counts34, parse_tiles
>>> shanten(counts34(parse_tiles("123m456p789s1122z")))
0
>>> shanten(counts34(parse_tiles("19m19p19s1234567z")))
0
"""

from __future__ import annotations

import zlib
from array import array
from collections.abc import Sequence
from functools import lru_cache
from importlib import resources
from operator import index, itemgetter
from typing import TYPE_CHECKING, Any, Final

from jantaku.errors import InvalidHandError
from jantaku.hand.given import concealed_counts
from jantaku.tiles import YAOCHUU, kind_name

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

__all__ = [
    "BASE5_DIGITS",
    "HONOR_CLASSES",
    "HONOR_CLASS_COUNT",
    "HONOR_ROWS",
    "NUMBER_CLASSES",
    "NUMBER_CLASS_COUNT",
    "NUMBER_ROWS",
    "PAIR_CLASSES",
    "PLACE_VALUE",
    "REGULAR_SHANTEN",
    "SUIT_OF",
    "TRIPLE_CLASSES",
    "accepting_kinds",
    "accepting_of_numbers",
    "best_discards_of_numbers",
    "shanten",
    "shanten_any",
    "shanten_batch",
    "shanten_forms",
    "shanten_kokushi",
    "shanten_of_numbers",
    "shanten_regular",
    "shanten_seven_pairs",
    "suit_numbers",
    "winning_kinds",
]

_MAGIC: Final = b"JKST1\n"
_INVALID: Final = 127


_Tables = tuple[bytes, bytes, list[tuple[int, ...]], list[tuple[int, ...]], bytes, bytes, bytes]


def _load() -> tuple[_Tables, int, int, int]:
    raw = resources.files("jantaku").joinpath("data/shanten_tables.bin").read_bytes()
    if not raw.startswith(_MAGIC):
        raise RuntimeError("jantaku/data/shanten_tables.bin is not a shanten table file")
    body = zlib.decompress(raw[len(_MAGIC) :])
    n_n = int.from_bytes(body[0:2], "little")
    n_h = int.from_bytes(body[2:4], "little")
    n_k = int.from_bytes(body[4:6], "little")
    pos = 6
    sections = []
    for size in (5**9, 5**7, n_n * 10, n_h * 10, n_n * n_n, n_k * n_n, n_k * n_h * 5):
        sections.append(body[pos : pos + size])
        pos += size
    if pos != len(body):
        raise RuntimeError("jantaku/data/shanten_tables.bin has the wrong size")
    ncls, hcls, nrows, hrows, t2, t3, f = sections
    nr = [tuple(nrows[i : i + 10]) for i in range(0, len(nrows), 10)]
    hr = [tuple(hrows[i : i + 10]) for i in range(0, len(hrows), 10)]
    return (ncls, hcls, nr, hr, t2, t3, f), n_n, n_h, n_k


#: the shipped shanten tables: the class of a number suit's and of the honors' counts
#: (by their base-5 index, :data:`BASE5_DIGITS`), and each class's row of ten values:
#: the tiles missing for 0 to 4 sets without and with the pair, at ``2 * sets + pair``
(NUMBER_CLASSES, HONOR_CLASSES, NUMBER_ROWS, HONOR_ROWS, _T2B, _T3B, _FB), _NN, _NH, _NK = _load()

# Premultiplied lookup lists for the fast path (see _suit_value for the packed suit values):
# T2[man * nN + pin] = k * nN;  T3[k * nN + sou] = k' * nH * 16;
# F[(k' * nH + honor) * 16 + tiles] = regular shanten of a hand of that many tiles.
_T2: Final = array("i", [k * _NN for k in _T2B])
_T3: Final = array("i", [k * _NH * 16 for k in _T3B])
# one signed byte a value (-1 … 13, or _INVALID): 144 KB that stay in the processor's
# caches between calls, where a list of them would take eight times as much. The
# shipped value for 3j+1 or 3j+2 tiles is at (k' * nH + honor) * 5 + j, one more than
# the shanten: each such column is copied in with one taken off (bytes wrap 0 to -1).
_F: Final = array("b", bytes((_INVALID,)) * (_NK * _NH * 16))
_LESS_ONE = bytes((x - 1) % 256 for x in range(256))
for _n in (1, 2, 4, 5, 7, 8, 10, 11, 13, 14):
    _F[_n::16] = array("b", _FB[_n // 3 :: 5].translate(_LESS_ONE))
del _LESS_ONE

#: the number of number-suit classes (``NUMBER_CLASSES`` holds 0 to this less one)
NUMBER_CLASS_COUNT: Final[int] = _NN
#: the number of honor classes (``HONOR_CLASSES`` holds 0 to this less one)
HONOR_CLASS_COUNT: Final[int] = _NH
#: two number suits combined: ``PAIR_CLASSES[a * NUMBER_CLASS_COUNT + b]`` is their
#: combined class ``k`` times ``NUMBER_CLASS_COUNT`` (a and b in either order)
PAIR_CLASSES: Final = _T2
#: a pair's class and a third number suit combined:
#: ``TRIPLE_CLASSES[PAIR_CLASSES[...] + c]`` is the class ``k'`` of the three times
#: ``16 *`` the number of honor classes
TRIPLE_CLASSES: Final = _T3
#: the regular shanten of a hand from its classes and size:
#: ``REGULAR_SHANTEN[TRIPLE_CLASSES[...] + 16 * honor_class + tiles]`` (3k+1 or 3k+2 tiles)
REGULAR_SHANTEN: Final = _F

# Each suit's counts (as bytes) map to one packed int: the class in the low 16 bits,
# premultiplied for its place in the lookups above (man × nN, pin and sou × 1, honors
# × 16), then additive statistics from bit 16: tiles (6 bits), pairs (4), kinds (6),
# terminal and honor kinds (5), terminal and honor pairs (4). The four values add up
# without carries for any 34 counts of at most four (and at most 56 tiles). Pin and
# sou share one dict (their values are the same), and a shape first met in man or in
# pin/sou is valued for the other from its class, so each number shape is worked out once.
_DM: Final[dict[bytes, int]] = {}
_DP: Final[dict[bytes, int]] = {}
_DS: Final = _DP
_DH: Final[dict[bytes, int]] = {}
_SUIT_DICTS: Final = (_DM, _DP, _DS, _DH)
_YAO: Final = frozenset(YAOCHUU)
_LOW: Final = 0xFFFF
_MEMO_SIZE: Final = 1 << 17
#: ``bytes.translate`` table from counts 0-4 to the digits of a base-5 index
BASE5_DIGITS: Final = bytes.maketrans(b"\x00\x01\x02\x03\x04", b"01234")


def _suit_value(chunk: bytes, place: int) -> int:
    """The packed value of one suit's counts (validated), remembered in its dict."""
    memo = _SUIT_DICTS[place]
    if len(memo) >= _MEMO_SIZE:  # a bound on memory for long runs of odd hands
        memo.clear()
    if place != 3:  # met in the other number dict: the same class and statistics
        other = _DP.get(chunk) if place == 0 else _DM.get(chunk)
        if other is not None:
            cls = other & _LOW
            value = memo[bytes(chunk)] = other - cls + (cls * _NN if place == 0 else cls // _NN)
            return value
    if max(chunk) > 4:
        i = next(i for i, c in enumerate(chunk) if c > 4)
        raise InvalidHandError(f"{chunk[i]} copies of {kind_name(place * 9 + i)} (at most four)")
    idx = int(chunk.translate(BASE5_DIGITS), 5)  # the counts as a base-5 number
    cls = (HONOR_CLASSES if place == 3 else NUMBER_CLASSES)[idx]
    if cls == 255:
        raise InvalidHandError(f"{sum(chunk)} tiles in one suit (a hand has at most 14)")
    premult = cls * (_NN, 1, 1, 16)[place]
    tiles = sum(chunk)
    kinds = len(chunk) - chunk.count(0)
    pairs = kinds - chunk.count(1)
    if place == 3:  # every honor is a yaochuu kind
        yk, yp = kinds, pairs
    else:  # the terminals 1 and 9
        lo, hi = chunk[0], chunk[8]
        yk = (lo >= 1) + (hi >= 1)
        yp = (lo >= 2) + (hi >= 2)
    value = premult | tiles << 16 | pairs << 22 | kinds << 26 | yk << 32 | yp << 37
    memo[bytes(chunk)] = value
    return value


def _to_bytes(counts: Sequence[int]) -> bytes:
    """The counts as 34 bytes (a hand in notation or a ``Hand``: its concealed tiles'),
    or a typed error."""
    try:
        b = bytes(counts) if counts.__class__ in (list, tuple) else bytes(map(index, counts))
    except (TypeError, ValueError):
        given = concealed_counts(counts)
        if given is None:
            raise InvalidHandError(
                "counts must be 34 whole numbers from 0 to 4 (or a hand in notation, or a "
                f"Hand), not {type(counts).__name__}"
            ) from None
        b = bytes(given)
    if len(b) != 34:
        raise InvalidHandError(f"counts must have 34 entries, not {len(b)}")
    return b


def _values(b: bytes) -> tuple[int, int, int, int]:
    """The four suits' packed values of 34 counts (validated)."""
    d = _DM.get(b[0:9])
    vm = _suit_value(b[0:9], 0) if d is None else d
    d = _DP.get(b[9:18])
    vp = _suit_value(b[9:18], 1) if d is None else d
    d = _DS.get(b[18:27])
    vs = _suit_value(b[18:27], 2) if d is None else d
    d = _DH.get(b[27:34])
    vh = _suit_value(b[27:34], 3) if d is None else d
    return vm, vp, vs, vh


def _bad_size(n: int) -> InvalidHandError:
    return InvalidHandError(
        f"concealed tiles must number 3k+1 or 3k+2 with k at most 4 (1, 2, 4, 5, … 14), not {n}"
    )


def shanten(counts: Sequence[int]) -> int:
    """The shanten of concealed counts: the minimum over the forms that apply.

    Seven pairs and thirteen orphans count only for 13 or 14 concealed tiles.

    >>> from jantaku.tiles import counts34, parse_tiles
    >>> shanten(counts34(parse_tiles("123m456p789s11222z")))
    -1
    >>> shanten(counts34(parse_tiles("1133557799m113p")))
    0
    >>> shanten(counts34(parse_tiles("1111m")))
    0

    Raises :class:`~jantaku.errors.InvalidHandError` for counts that are not 34
    numbers from 0 to 4 adding up to 3k+1 or 3k+2 tiles (k ≤ 4).
    """
    try:
        b = bytes(counts) if counts.__class__ is list else _to_bytes(counts)
    except (ValueError, TypeError):
        b = _to_bytes(counts)  # raises the typed error
    if len(b) != 34:
        raise InvalidHandError(f"counts must have 34 entries, not {len(b)}")
    try:
        vm = _DM[b[0:9]]
        vp = _DP[b[9:18]]
        vs = _DS[b[18:27]]
        vh = _DH[b[27:34]]
    except KeyError:  # a suit not met before: valued once, from the bytes already made
        vm, vp, vs, vh = _values(b)
    st = (vm + vp + vs + vh) >> 16
    n = st & 63
    if n > 14:
        raise _bad_size(n)
    r = _F[_T3[_T2[(vm + vp) & _LOW] + (vs & _LOW)] + (vh & _LOW) + n]
    if n < 13:
        if r == _INVALID:
            raise _bad_size(n)
        return r
    if n == 13 or n == 14:
        pairs = (st >> 6) & 15
        kinds = (st >> 10) & 63
        c7 = 6 - pairs + (7 - kinds if kinds < 7 else 0)
        ko = 13 - ((st >> 16) & 31) - (1 if st >> 21 else 0)
        return min(r, c7, ko)
    raise _bad_size(n)  # pragma: no cover - 15+ tiles are refused above


# Each suit's counts as a base-5 number, the first kind the most significant digit:
# the numbering of the shipped class tables. A caller that keeps these four numbers up
# to date as tiles come and go (adding or taking ``PLACE_VALUE[k]`` for a tile of kind
# ``k`` to the number of suit ``SUIT_OF[k]``) has the shanten without reading the suits.
#: the suit of each kind: 0 man, 1 pin, 2 sou, 3 honors
SUIT_OF: Final = (0,) * 9 + (1,) * 9 + (2,) * 9 + (3,) * 7
#: what a tile of each kind adds to the number of its suit
PLACE_VALUE: Final = tuple(5 ** (8 - k % 9) for k in range(27)) + tuple(
    5 ** (33 - k) for k in range(27, 34)
)
_YAO_COUNTS: Final = itemgetter(*YAOCHUU)


def suit_numbers(counts: Sequence[int]) -> list[int]:
    """The four suits' counts as base-5 numbers (see :func:`shanten_of_numbers`).

    >>> from jantaku.tiles import counts34, parse_tiles
    >>> suit_numbers(counts34(parse_tiles("19m5p7z")))
    [390626, 625, 0, 1]
    """
    if counts.__class__ is list and len(counts) == 34:
        try:  # the digits as text, read in base 5 (counts of 0 to 4 only)
            b = bytes(counts).translate(BASE5_DIGITS)
            return [int(b[0:9], 5), int(b[9:18], 5), int(b[18:27], 5), int(b[27:34], 5)]
        except ValueError:
            pass
    out = [0, 0, 0, 0]
    for k, c in enumerate(counts):
        out[SUIT_OF[k]] += c * PLACE_VALUE[k]
    return out


def shanten_of_numbers(numbers: Sequence[int], counts: Sequence[int], tiles: int) -> int:
    """:func:`shanten` of a hand of ``tiles`` concealed tiles (3k+1 or 3k+2, k ≤ 4), its
    suits given as :func:`suit_numbers` and its counts (read for the seven-pairs and
    thirteen-orphans forms only). Unchecked: for callers that keep the numbers in step
    with valid counts, as the engine does; no dict is read.

    >>> from jantaku.tiles import counts34, parse_tiles
    >>> c = counts34(parse_tiles("123m456p789s1122z"))
    >>> shanten_of_numbers(suit_numbers(c), c, 13) == shanten(c) == 0
    True
    """
    m, p, s, z = numbers
    r = _F[
        _T3[_T2[NUMBER_CLASSES[m] * _NN + NUMBER_CLASSES[p]] + NUMBER_CLASSES[s]]
        + HONOR_CLASSES[z] * 16
        + tiles
    ]
    if tiles < 13:
        return r
    kinds = 34 - counts.count(0)
    pairs = kinds - counts.count(1)
    c7 = 6 - pairs + (7 - kinds if kinds < 7 else 0)
    yao: tuple[int, ...] = _YAO_COUNTS(counts)
    ko = yao.count(0) - (1 if max(yao) >= 2 else 0)
    return min(r, c7, ko)


# the places of a suit worth trying to add a tile to, by (honors, with the
# thirteen-orphans places, the suit's number)
_TRIED: Final[dict[tuple[bool, bool, int], tuple[int, ...]]] = {}


def _tried_places(honors: bool, orphans: bool, number: int) -> tuple[int, ...]:
    """A suit's places where one more tile may lower the shanten: a place held or (number
    suits) within two of one held, and with ``orphans`` the terminals or honors."""
    key = (honors, orphans, number)
    found = _TRIED.get(key)
    if found is None:
        size = 7 if honors else 9
        held = 0  # bit i: place i held
        for i in range(size):
            if number // 5 ** (size - 1 - i) % 5:
                held |= 1 << i
        near = held if honors else held | held << 1 | held << 2 | held >> 1 | held >> 2
        if orphans:
            near |= (1 << 7) - 1 if honors else 1 | 1 << 8
        found = tuple(i for i in range(size) if near >> i & 1)
        if len(_TRIED) >= _MEMO_SIZE:
            _TRIED.clear()
        _TRIED[key] = found
    return found


_EVERY_PLACE: Final = (tuple(range(9)), tuple(range(7)))
_YAO_KINDS: Final = frozenset(YAOCHUU)


def accepting_of_numbers(
    numbers: Sequence[int], counts: Sequence[int], tiles: int, *, fifth: bool = True
) -> tuple[int, tuple[int, ...]]:
    """:func:`accepting_kinds` of a hand of ``tiles`` concealed tiles (3k+1, k ≤ 4), its
    suits given as :func:`suit_numbers` and its counts. Unchecked, like
    :func:`shanten_of_numbers`: each tried kind costs a look-up of its suit's new class.
    With ``fifth=False`` a kind held four times is never listed (no copy of it is left
    to draw, and finding whether a fifth would help is the slow path).

    >>> from jantaku.tiles import counts34, format_tiles, parse_tiles
    >>> c = counts34(parse_tiles("23m56p789s123s11z7z"))
    >>> s, kinds = accepting_of_numbers(suit_numbers(c), c, 13)
    >>> s, format_tiles(kinds)
    (1, '14m47p')
    """
    base = shanten_of_numbers(numbers, counts, tiles)
    return base, _accepting_known(numbers, counts, tiles, base, fifth)


def _accepting_known(
    numbers: Sequence[int], counts: Sequence[int], tiles: int, base: int, fifth: bool
) -> tuple[int, ...]:
    """:func:`accepting_of_numbers`'s kinds for a hand whose shanten ``base`` is known."""
    return tuple(_accepting_known_list(numbers, counts, tiles, base, fifth))


def _accepting_known_list(
    numbers: Sequence[int], counts: Sequence[int], tiles: int, base: int, fifth: bool
) -> list[int]:
    m, p, s, z = numbers
    n1 = tiles + 1
    cm = NUMBER_CLASSES[m] * _NN
    cp = NUMBER_CLASSES[p]
    cs = NUMBER_CLASSES[s]
    ch = HONOR_CLASSES[z] * 16 + n1
    wide = tiles == 13
    every = False
    stats: tuple[int, int, int, bool] | None = None
    if wide:
        # thirteen orphans may take any terminal or honor, seven pairs (under seven
        # kinds held) any new kind
        kinds = 34 - counts.count(0)
        pairs = kinds - counts.count(1)
        yao: tuple[int, ...] = _YAO_COUNTS(counts)
        yao_kinds = 13 - yao.count(0)
        yao_pair = max(yao) >= 2
        every = kinds < 7
        # a tile lowers either form by one at most: tried per kind only when that helps
        if 5 - pairs + (7 - kinds if kinds < 7 else 0) < base or 12 - yao_kinds - yao_pair < base:
            stats = (kinds, pairs, yao_kinds, yao_pair)
    return _accepting_in(numbers, cm, cp, cs, ch, base, every, stats, fifth, counts)


def _accepting_in(
    numbers: Sequence[int],
    cm: int,
    cp: int,
    cs: int,
    ch: int,
    base: int,
    every: bool,
    stats: tuple[int, int, int, bool] | None,
    fifth: bool,
    counts: Sequence[int],
) -> list[int]:
    """The accepting kinds of a hand given its suits' classes (``cm`` premultiplied,
    ``ch`` the honors' with the hand's size plus one), shanten and statistics."""
    # the other suits, combined into one class (the combination is commutative and
    # associative, tests/test_hand_discards.py checks every triple), and the honors
    t2 = _T2[cm + cp]
    n1 = ch & 15
    found: list[int] = []
    # the memo's key packs (suit's number, suit, other suits' class, rest, shanten,
    # every, fifth) in one int; the low bits are the same for the three number suits
    low = (base + 1) << 2 | every << 1 | fifth
    low_numbers = ch << 6 | low
    get = _SUIT_ACCEPTING.get
    for suit, other, rest in (
        (0, _T2[cp * _NN + cs], ch),
        (1, _T2[cm + cs], ch),
        (2, t2, ch),
        (3, _T3[t2 + cs], n1),
    ):
        # a suit's accepting kinds follow from its own counts, the other suits' class,
        # the hand's size and shanten, and (when those forms may help) the seven-pairs and
        # thirteen-orphans statistics: remembered by those, packed in one int
        number = numbers[suit]
        key: object = ((number << 2 | suit) * _OTHERS + other) << 16 | (
            low_numbers if suit != 3 else n1 << 6 | low
        )
        if stats is not None:
            key = (key, stats)
        got = get(key)
        if got is None:
            got = _suit_accepting(suit, number, other, rest, base, every, stats, fifth, counts)
            if len(_SUIT_ACCEPTING) >= _SUIT_MEMO_SIZE:
                _SUIT_ACCEPTING.clear()
            _SUIT_ACCEPTING[key] = got
        found.extend(got)
    return found


def best_discards_of_numbers(
    numbers: list[int], counts: list[int], tiles: int
) -> tuple[int, list[tuple[int, list[int]]]]:
    """The lowest shanten a discard leaves a hand of ``tiles`` concealed tiles (3k+2,
    k ≤ 4), and ``(kind, accepting kinds)`` for each discard that leaves it, by kind; a
    kind held four times is never listed as accepted (``fifth=False``). The suits are
    given as :func:`suit_numbers`; unchecked like :func:`shanten_of_numbers`. Each
    discard's shanten is one look-up of its suit's new class against the other suits'.

    >>> from jantaku.tiles import counts34, format_tiles, parse_tiles
    >>> c = counts34(parse_tiles("23m456p789s111225z"))
    >>> s, options = best_discards_of_numbers(suit_numbers(c), c, 14)
    >>> s, [(format_tiles([d]), format_tiles(kinds)) for d, kinds in options]
    (0, [('5z', '14m')])
    """
    m, p, s, z = numbers
    n0 = tiles - 1
    cm = NUMBER_CLASSES[m] * _NN
    cp = NUMBER_CLASSES[p]
    cs = NUMBER_CLASSES[s]
    ch = HONOR_CLASSES[z] * 16 + n0
    others = (_T2[cp * _NN + cs], _T2[cm + cs], _T2[cm + cp], _T3[_T2[cm + cp] + cs])
    wide = n0 == 13
    kinds = pairs = yao_kinds = yao_pairs = 0
    floor = 99  # no discard leaves seven pairs or thirteen orphans nearer than this
    if wide:
        kinds = 34 - counts.count(0)
        pairs = kinds - counts.count(1)
        yao: tuple[int, ...] = _YAO_COUNTS(counts)
        yao_kinds = 13 - yao.count(0)
        yao_pairs = len(yao) - yao.count(0) - yao.count(1)
        floor = min(6 - pairs + (7 - kinds if kinds < 7 else 0), 13 - yao_kinds - (yao_pairs > 0))
    shantens: list[tuple[int, int, int, int]] = []
    best = 99
    for suit in range(4):
        number = numbers[suit]
        if not number:
            continue
        honors = suit == 3
        other = others[suit]
        table = HONOR_CLASSES if honors else NUMBER_CLASSES
        off = 9 * suit
        for pos in range(7 if honors else 9):
            k = off + pos
            c = counts[k]
            if not c:
                continue
            cl = table[number - PLACE_VALUE[k]]
            if honors:
                cl *= 16
                r = _F[other + cl + n0]
            else:
                r = _F[_T3[other + cl] + ch]
            if floor < r:
                left_kinds = kinds - (c == 1)
                seven = 6 - pairs + (c == 2) + (7 - left_kinds if left_kinds < 7 else 0)
                if k in _YAO_KINDS:
                    orphans = 13 - yao_kinds + (c == 1) - (yao_pairs - (c == 2) > 0)
                else:
                    orphans = 13 - yao_kinds - (yao_pairs > 0)
                r = min(r, seven, orphans)
            if r <= best:
                best = r
                shantens.append((r, k, c, cl))
    out: list[tuple[int, list[int]]] = []
    stats: tuple[int, int, int, bool] | None = None
    every = False
    ch = HONOR_CLASSES[z] * 16 + tiles
    for r, k, c, cl in shantens:
        if r != best:
            continue
        suit = SUIT_OF[k]
        numbers[suit] -= PLACE_VALUE[k]
        if wide:  # the statistics of the 13 tiles left
            left_kinds = kinds - (c == 1)
            left_pairs = pairs - (c == 2)
            if k in _YAO_KINDS:
                yk = yao_kinds - (c == 1)
                yp = yao_pairs - (c == 2) > 0
            else:
                yk = yao_kinds
                yp = yao_pairs > 0
            every = left_kinds < 7
            seven = 5 - left_pairs + (7 - left_kinds if left_kinds < 7 else 0)
            stats = (
                (left_kinds, left_pairs, yk, yp) if seven < best or 12 - yk - yp < best else None
            )
        if suit == 0:
            kinds_in = _accepting_in(
                numbers, cl * _NN, cp, cs, ch, best, every, stats, False, counts
            )
        elif suit == 1:
            kinds_in = _accepting_in(numbers, cm, cl, cs, ch, best, every, stats, False, counts)
        elif suit == 2:
            kinds_in = _accepting_in(numbers, cm, cp, cl, ch, best, every, stats, False, counts)
        else:
            # cl is the honors' class × 16 here
            kinds_in = _accepting_in(
                numbers, cm, cp, cs, cl + tiles, best, every, stats, False, counts
            )
        numbers[suit] += PLACE_VALUE[k]
        out.append((k, kinds_in))
    out.sort()
    return best, out


# accepting_of_numbers's answer for one suit, by what decides it (see _accepting_in):
# about 100 bytes an entry
_SUIT_ACCEPTING: Final[dict[object, tuple[int, ...]]] = {}
_SUIT_MEMO_SIZE: Final = 1 << 18
_OTHERS: Final = max(max(_T2), max(_T3)) + 1  # the other suits' class is below this


def _suit_accepting(
    suit: int,
    number: int,
    other: int,
    rest: int,
    base: int,
    every: bool,
    stats: tuple[int, int, int, bool] | None,
    fifth: bool,
    counts: Sequence[int],
) -> tuple[int, ...]:
    """The kinds of one suit that lower the shanten of the hand ``counts`` (see
    :func:`_accepting_in` for the arguments)."""
    honors = suit == 3
    n1 = rest & 15
    off = 9 * suit
    found: list[int] = []
    for pos, c, cl in _places(honors, every, n1 == 14, number):
        k = off + pos
        if c == 4:  # a fifth copy: the general path
            if fifth:
                more = list(counts)
                more[k] += 1
                if shanten_any(more) < base:
                    found.append(k)
            continue
        r = _F[other + cl + n1] if honors else _F[_T3[other + cl] + rest]
        if r < base:
            found.append(k)
        elif stats is not None:
            kinds, pairs, yao_kinds, yao_pair = stats
            new_kinds = kinds + (c == 0)
            seven = 6 - pairs - (c == 1) + (7 - new_kinds if new_kinds < 7 else 0)
            if k in _YAO_KINDS:
                orphans = 13 - yao_kinds - (c == 0) - (yao_pair or c == 1)
            else:
                orphans = 13 - yao_kinds - yao_pair
            if seven < base or orphans < base:
                found.append(k)
    return tuple(found)


# a suit's tried places with the count held there and the suit's class with one more
# tile there (× 16 for the honors, as the look-ups take it), by the suit's number
_PLACES: Final[dict[tuple[bool, bool, bool, int], tuple[tuple[int, int, int], ...]]] = {}


def _places(
    honors: bool, every: bool, orphans: bool, number: int
) -> tuple[tuple[int, int, int], ...]:
    key = (honors, every, orphans, number)
    found = _PLACES.get(key)
    if found is None:
        size = 7 if honors else 9
        table = HONOR_CLASSES if honors else NUMBER_CLASSES
        tried = _EVERY_PLACE[honors] if every else _tried_places(honors, orphans, number)
        out = []
        for pos in tried:
            value = 5 ** (size - 1 - pos)
            c = number // value % 5
            cl = table[number + value] if c < 4 else 0
            out.append((pos, c, cl * 16 if honors else cl))
        found = tuple(out)
        if len(_PLACES) >= _MEMO_SIZE:
            _PLACES.clear()
        _PLACES[key] = found
    return found


def _stats(counts: Sequence[int]) -> tuple[int, int]:
    """(tiles, packed statistics and classes) of validated counts."""
    b = _to_bytes(counts)
    vm, vp, vs, vh = _values(b)
    st = (vm + vp + vs + vh) >> 16
    n = st & 63
    if n > 14 or n % 3 == 0:
        raise _bad_size(n)
    return n, st


def shanten_regular(counts: Sequence[int]) -> int:
    """The shanten of the regular form (sets and a pair; 四面子一雀頭).

    >>> from jantaku.tiles import counts34, parse_tiles
    >>> shanten_regular(counts34(parse_tiles("19m19p19s1234567z")))
    8
    >>> shanten_regular(counts34(parse_tiles("12m")))
    0

    Raises :class:`~jantaku.errors.InvalidHandError` for counts that are not a hand.
    """
    b = _to_bytes(counts)
    vm, vp, vs, vh = _values(b)
    n = ((vm + vp + vs + vh) >> 16) & 63
    if n > 14 or n % 3 == 0:
        raise _bad_size(n)
    return _F[_T3[_T2[(vm + vp) & _LOW] + (vs & _LOW)] + (vh & _LOW) + n]


def _full_hand(n: int, form: str) -> None:
    if n not in (13, 14):
        raise InvalidHandError(f"{form} needs 13 or 14 concealed tiles (no melds), not {n}")


def shanten_seven_pairs(counts: Sequence[int]) -> int:
    """The shanten of seven pairs (七対子); four of a kind is not two pairs.

    >>> from jantaku.tiles import counts34, parse_tiles
    >>> shanten_seven_pairs(counts34(parse_tiles("1122334455667z")))
    0
    >>> shanten_seven_pairs(counts34(parse_tiles("11112233445566z")))
    1

    Raises :class:`~jantaku.errors.InvalidHandError` unless 13 or 14 tiles are
    concealed: with a meld the form is impossible.
    """
    n, st = _stats(counts)
    _full_hand(n, "seven pairs")
    pairs = (st >> 6) & 15
    kinds = (st >> 10) & 63
    return 6 - pairs + (7 - kinds if kinds < 7 else 0)


def shanten_kokushi(counts: Sequence[int]) -> int:
    """The shanten of thirteen orphans (国士無双).

    >>> from jantaku.tiles import counts34, parse_tiles
    >>> shanten_kokushi(counts34(parse_tiles("19m19p19s1234567z")))
    0
    >>> shanten_kokushi(counts34(parse_tiles("123456789m1234z")))
    7

    Raises :class:`~jantaku.errors.InvalidHandError` unless 13 or 14 tiles are
    concealed: with a meld the form is impossible.
    """
    n, st = _stats(counts)
    _full_hand(n, "thirteen orphans")
    return 13 - ((st >> 16) & 31) - (1 if st >> 21 else 0)


def shanten_forms(counts: Sequence[int]) -> dict[str, int | None]:
    """Each form's shanten and the minimum, keyed ``shanten``, ``regular``,
    ``seven_pairs``, ``kokushi`` (``None`` for a form the tile count rules out).

    >>> from jantaku.tiles import counts34, parse_tiles
    >>> shanten_forms(counts34(parse_tiles("1122m")))
    {'shanten': 0, 'regular': 0, 'seven_pairs': None, 'kokushi': None}

    Raises :class:`~jantaku.errors.InvalidHandError` for counts that are not a hand.
    """
    vm, vp, vs, vh = _values(_to_bytes(counts))
    st = (vm + vp + vs + vh) >> 16
    n = st & 63
    if n > 14 or n % 3 == 0:
        raise _bad_size(n)
    full = n in (13, 14)
    regular = _F[_T3[_T2[(vm + vp) & _LOW] + (vs & _LOW)] + (vh & _LOW) + n]
    seven: int | None = None
    kokushi: int | None = None
    best = regular
    if full:
        pairs = (st >> 6) & 15
        kinds = (st >> 10) & 63
        seven = 6 - pairs + (7 - kinds if kinds < 7 else 0)
        kokushi = 13 - ((st >> 16) & 31) - (1 if st >> 21 else 0)
        best = min(regular, seven, kokushi)
    return {"shanten": best, "regular": regular, "seven_pairs": seven, "kokushi": kokushi}


_WAIT_CACHE: Final[dict[bytes, tuple[int, ...]]] = {}
_WAIT_CACHE_SIZE: Final = 1 << 17


def winning_kinds(counts: Sequence[int]) -> tuple[int, ...]:
    """The kinds that complete concealed counts of 3k+1 tiles (empty unless tenpai).

    Shape waits count: a kind the hand already holds four of is listed when it would
    complete the shape (形式聴牌), though none of it is left to draw. Results are
    cached by hand shape, so repeated calls are cheap.

    >>> from jantaku.tiles import counts34, format_tiles, parse_tiles
    >>> format_tiles(winning_kinds(counts34(parse_tiles("23m456p789s11122z"))))
    '14m'
    >>> format_tiles(winning_kinds(counts34(parse_tiles("1111m234p567p789s"))))
    '1m'
    >>> winning_kinds(counts34(parse_tiles("1357m2468p1357s1z")))
    ()

    Raises :class:`~jantaku.errors.InvalidHandError` unless the counts hold
    1, 4, 7, 10 or 13 tiles.
    """
    try:
        b = bytes(counts) if counts.__class__ is list else _to_bytes(counts)
    except (TypeError, ValueError):
        b = _to_bytes(counts)
    if len(b) != 34:
        b = _to_bytes(counts)
    cached = _WAIT_CACHE.get(b)
    if cached is not None:
        return cached
    values = _values(b)
    n = (sum(values) >> 16) & 63
    if n % 3 != 1 or n > 13:
        raise InvalidHandError(f"a waiting hand has 1, 4, 7, 10 or 13 concealed tiles, not {n}")
    # tenpai: the kinds that lower the shanten are those that complete the hand
    found = _accepting(b)[1] if _from_values(*values) == 0 else ()
    result = tuple(found)
    if len(_WAIT_CACHE) >= _WAIT_CACHE_SIZE:
        _WAIT_CACHE.clear()
    _WAIT_CACHE[b] = result
    return result


_INF: Final = 99


@lru_cache(maxsize=4096)
def _suit_row_any(chunk: tuple[int, ...], runs: bool) -> tuple[int, ...]:
    """One suit's distance row for any counts (a kind may be held five times or more).

    The same dynamic programme as ``tools/gen_tables.py``, for one vector: state
    (runs begun at the previous kind, runs begun two kinds back, sets begun, pair).
    """
    states = {(0, 0, 0, 0): 0}
    size = len(chunk)
    for pos, h in enumerate(chunk):
        new: dict[tuple[int, int, int, int], int] = {}
        can_start = runs and pos + 2 < size
        for (x, y, s, p), v in states.items():
            for r in range(5 - s if can_start else 1):
                for t in range(5 - s - r):
                    for q in range(2 - p):
                        w = x + y + r + 3 * t + 2 * q
                        nv = v + (w - h if w > h else 0)
                        key = (r, x, s + r + t, p + q)
                        if nv < new.get(key, _INF):
                            new[key] = nv
        states = new
    return tuple(states.get((0, 0, m, p), _INF) for m in range(5) for p in range(2))


def _combine_rows(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    out = [_INF] * 10
    for m in range(5):
        for p in range(2):
            for m2 in range(5 - m):
                for p2 in range(2 - p):
                    v = a[m * 2 + p] + b[m2 * 2 + p2]
                    j = (m + m2) * 2 + p + p2
                    if v < out[j]:
                        out[j] = v
    return tuple(out)


def shanten_any(counts: Sequence[int]) -> int:
    """:func:`shanten` for counts that may hold a kind five times or more.

    Used for the hand plus a drawn tile when the hand already holds four of its kind:
    the shape may still improve (形式), though no such tile is left to draw. Slower
    than :func:`shanten`; counts must still total 3k+1 or 3k+2 tiles (k ≤ 4).

    >>> from jantaku.tiles import counts34, parse_tiles
    >>> hand = counts34(parse_tiles("1111m345p678p999s"))
    >>> hand[0] += 1
    >>> shanten_any(hand)
    -1
    """
    values = [int(x) for x in counts]
    if len(values) != 34 or min(values) < 0:
        raise InvalidHandError("counts must be 34 whole numbers, none negative")
    n = sum(values)
    if n > 14 or n % 3 == 0:
        raise _bad_size(n)
    if max(values) <= 4:
        return shanten(values)
    row: tuple[int, ...] = (0,) + (_INF,) * 9
    for s in range(4):
        chunk = tuple(values[9 * s : 9 * s + (7 if s == 3 else 9)])
        row = _combine_rows(row, _suit_row_any(chunk, s < 3))
    best = row[(n // 3) * 2 + 1] - 1
    if n >= 13:
        pairs = sum(1 for x in values if x >= 2)
        kinds = sum(1 for x in values if x)
        best = min(best, 6 - pairs + max(0, 7 - kinds))
        yk = sum(1 for k in YAOCHUU if values[k])
        yp = any(values[k] >= 2 for k in YAOCHUU)
        best = min(best, 13 - yk - yp)
    return best


_NP_TABLES: dict[str, object] = {}


def _suit_stats(np: Any, size: int, honors: bool) -> Any:
    """Per suit vector: pairs + 16 kinds + 256 terminal/honor kinds + 4096 their pairs."""
    idx = np.arange(5**size, dtype=np.int32)
    stats = np.zeros(5**size, dtype=np.int32)
    for i in range(size - 1, -1, -1):
        digit = idx % 5
        idx //= 5
        yao = 1 if honors or i in (0, 8) else 0
        stats += (digit >= 2) * (1 + 4096 * yao) + (digit >= 1) * (16 + 256 * yao)
    return stats


def _powers_matrix(np: Any) -> Any:
    powers = np.zeros((34, 5), dtype=np.float32)
    for s in range(4):
        size = 7 if s == 3 else 9
        for i in range(size):
            powers[9 * s + i, s] = 5 ** (size - 1 - i)
    powers[:, 4] = 1
    return powers


def shanten_batch(counts: object) -> npt.NDArray[np.int8]:
    """The :func:`shanten` of many hands at once: an ``(n, 34)`` array in, ``n`` values out.

    Needs NumPy (imported on first use). Each row is one hand's concealed counts.

    >>> from jantaku.tiles import counts34, parse_tiles
    >>> rows = [counts34(parse_tiles(h)) for h in ("123m456p789s1122z", "19m19p19s1234567z")]
    >>> shanten_batch(rows).tolist()
    [0, 0]

    Raises :class:`~jantaku.errors.InvalidHandError` naming the first bad row.
    """
    import numpy as np

    if not _NP_TABLES:
        _NP_TABLES.update(
            ncls=np.frombuffer(NUMBER_CLASSES, dtype=np.uint8).astype(np.int32),
            hcls=np.frombuffer(HONOR_CLASSES, dtype=np.uint8).astype(np.int32),
            t2=np.frombuffer(_T2B, dtype=np.uint8).astype(np.int32),
            t3=np.frombuffer(_T3B, dtype=np.uint8).astype(np.int32),
            f=np.frombuffer(_FB, dtype=np.uint8).astype(np.int8),
            # one float32 matmul gives the four suits' base-5 indices and the tile
            # count (all below 2**24, so exact)
            powers=_powers_matrix(np),
            nstats=_suit_stats(np, 9, False),
            hstats=_suit_stats(np, 7, True),
        )
    t: dict[str, Any] = _NP_TABLES
    try:
        arr = np.asarray(counts)
        if arr.dtype.kind not in "iu":
            raise TypeError
    except (TypeError, ValueError):
        raise InvalidHandError("counts must be an array of whole numbers") from None
    if arr.ndim != 2 or arr.shape[1] != 34:
        raise InvalidHandError(f"counts must have shape (n, 34), not {arr.shape}")
    if arr.size and (arr.min() < 0 or arr.max() > 4):
        row = int(np.nonzero((arr < 0).any(1) | (arr > 4).any(1))[0][0])
        raise InvalidHandError(f"row {row}: counts must be numbers from 0 to 4")
    idx = (arr.astype(np.float32) @ t["powers"]).astype(np.int32)
    n = idx[:, 4]
    bad = (n % 3 == 0) | (n > 14)
    if bad.any():
        row = int(np.nonzero(bad)[0][0])
        raise InvalidHandError(f"row {row}: {_bad_size(int(n[row]))}")
    i0, i1, i2, i3 = idx[:, 0], idx[:, 1], idx[:, 2], idx[:, 3]
    ncls, nst = t["ncls"], t["nstats"]
    k = t["t2"][ncls[i0] * _NN + ncls[i1]]
    k = t["t3"][k * _NN + ncls[i2]]
    out = t["f"][(k * _NH + t["hcls"][i3]) * 5 + n // 3] - 1
    # pairs + 16 kinds + 256 terminal/honor kinds + 4096 terminal/honor pairs, per suit
    st = nst[i0] + nst[i1] + nst[i2] + t["hstats"][i3]
    pairs = st & 15
    kinds = (st >> 4) & 15
    c7 = 6 - pairs + np.maximum(0, 7 - kinds)
    ko = 13 - ((st >> 8) & 15) - ((st >> 12) > 0)
    special = np.minimum(c7, ko)
    full = n >= 13
    out = np.where(full, np.minimum(out, special), out)
    result: npt.NDArray[np.int8] = out.astype(np.int8)
    return result


def _from_values(vm: int, vp: int, vs: int, vh: int) -> int:
    """Shanten from the four suits' packed values (a valid hand size assumed)."""
    st = (vm + vp + vs + vh) >> 16
    n = st & 63
    r = _F[_T3[_T2[(vm + vp) & _LOW] + (vs & _LOW)] + (vh & _LOW) + n]
    if n == 13 or n == 14:
        pairs = (st >> 6) & 15
        kinds = (st >> 10) & 63
        c7 = 6 - pairs + (7 - kinds if kinds < 7 else 0)
        ko = 13 - ((st >> 16) & 31) - (1 if st >> 21 else 0)
        return min(r, c7, ko)
    return r


_ACCEPT_CACHE: Final[dict[bytes, tuple[int, tuple[int, ...]]]] = {}


def accepting_kinds(counts: Sequence[int]) -> tuple[int, tuple[int, ...]]:
    """The shanten of 3k+1 concealed counts and the kinds that would lower it (受け入れ).

    A kind held four times is listed when a fifth would lower the shape shanten.
    Only kinds held, within two of a held tile of their suit, or (13 tiles) terminals,
    honors and any kind while fewer than seven are held, can lower the shanten, so
    only those are tried. Cached by hand shape.

    >>> from jantaku.tiles import counts34, format_tiles, parse_tiles
    >>> s, kinds = accepting_kinds(counts34(parse_tiles("23m56p789s123s11z7z")))
    >>> s, format_tiles(kinds)
    (1, '14m47p')

    Raises :class:`~jantaku.errors.InvalidHandError` unless the counts hold 1, 4, 7,
    10 or 13 tiles.
    """
    return _accepting(_to_bytes(counts))


def _accepting(b: bytes) -> tuple[int, tuple[int, ...]]:
    cached = _ACCEPT_CACHE.get(b)
    if cached is not None:
        return cached
    if max(b) > 4:
        _values(b)  # raises the error naming the kind
    n = sum(b)
    if n % 3 != 1 or n > 13:
        raise InvalidHandError(f"acceptance needs 1, 4, 7, 10 or 13 concealed tiles, not {n}")
    numbers = [
        int(b[0:9].translate(BASE5_DIGITS), 5),
        int(b[9:18].translate(BASE5_DIGITS), 5),
        int(b[18:27].translate(BASE5_DIGITS), 5),
        int(b[27:34].translate(BASE5_DIGITS), 5),
    ]
    result = accepting_of_numbers(numbers, list(b), n)
    if len(_ACCEPT_CACHE) >= _WAIT_CACHE_SIZE:
        _ACCEPT_CACHE.clear()
    _ACCEPT_CACHE[b] = result
    return result
