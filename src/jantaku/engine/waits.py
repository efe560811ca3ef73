"""Waits of a concealed hand, suit by suit: the engine's hot path for :func:`hand_waits`.

A hand of 3k+1 concealed tiles wins on a kind when the hand plus that tile splits into
melds and one pair (or makes seven pairs or thirteen orphans, for 13 tiles). The melds
never cross suits, so each suit is read on its own, once per distinct suit shape, and
remembered: what a suit completes as melds only, as melds and the pair, and which one
added tile makes it so. A hand's waits then cost four look-ups, where recomputing them
from the whole hand costs a table search per candidate tile. The result is exactly
:func:`jantaku.hand.winning_kinds` (shape waits included: a kind held four times is a
wait when a fifth would complete the shape).

>>> from jantaku.tiles import counts34, format_tiles, parse_tiles
>>> format_tiles(hand_waits(counts34(parse_tiles("1112345678999m"))))
'123456789m'
>>> format_tiles(hand_waits(counts34(parse_tiles("1111m234p567p789s"))))
'1m'
>>> hand_waits(counts34(parse_tiles("1357m2468p1357s1z")))
()
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from jantaku.hand.tables import BASE5_DIGITS, HONOR_CLASSES, HONOR_ROWS, NUMBER_CLASSES, NUMBER_ROWS
from jantaku.tiles import YAOCHUU

__all__ = ["hand_waits"]

_YAOCHUU: Final = tuple(YAOCHUU)
_MEMO_SIZE: Final = 1 << 16
_NO_RUN: Final = bytes(7)
# the place value of each position in a suit's base-5 index (9 or 7 positions)
_PLACES: Final = {size: tuple(5 ** (size - 1 - i) for i in range(size)) for size in (7, 9)}

# per suit (man, pin, sou, honors), per shape (bytes of its 9 or 7 counts): its tiles
# mod 3, whether it is melds only, whether melds and a pair, and the kinds whose added
# tile makes it melds only / melds and a pair
_Info = tuple[int, bool, bool, tuple[int, ...], tuple[int, ...]]
_INFO: Final[tuple[dict[bytes, _Info], ...]] = ({}, {}, {}, {})
_SHAPE: Final[tuple[dict[bytes, tuple[bool, bool]], dict[bytes, tuple[bool, bool]]]] = ({}, {})


def _melds(c: list[int], runs: bool) -> bool:
    """Whether the counts split into melds only (triplets, and runs unless honors)."""
    i = 0
    size = len(c)
    while i < size and not c[i]:
        i += 1
    if i == size:
        return True
    if c[i] >= 3:
        c[i] -= 3
        ok = _melds(c, runs)
        c[i] += 3
        if ok:
            return True
    if runs and i + 2 < size and c[i + 1] and c[i + 2]:
        c[i] -= 1
        c[i + 1] -= 1
        c[i + 2] -= 1
        ok = _melds(c, runs)
        c[i] += 1
        c[i + 1] += 1
        c[i + 2] += 1
        return ok
    return False


def _shape(chunk: bytes, honors: bool) -> tuple[bool, bool]:
    """(melds only, melds and one pair) for one suit's counts, remembered."""
    memo = _SHAPE[honors]
    got = memo.get(chunk)
    if got is not None:
        return got
    c = list(chunk)
    n = sum(c)
    runs = not honors
    only = n % 3 == 0 and _melds(c, runs)
    pair = False
    if n % 3 == 2:
        for i, x in enumerate(c):
            if x >= 2:
                c[i] -= 2
                pair = _melds(c, runs)
                c[i] += 2
                if pair:
                    break
    got = (only, pair)
    if len(memo) >= _MEMO_SIZE:
        memo.clear()
    memo[chunk] = got
    return got


def _info(chunk: bytes, suit: int) -> _Info:
    """What one suit's counts make, and which added tile completes them; remembered."""
    honors = suit == 3
    size = len(chunk)
    n = sum(chunk)
    only: list[int] = []
    pair: list[int] = []
    reach = 0 if honors else 2
    if n <= 13 and max(chunk) <= 4:
        # the shipped shanten rows, read by base-5 index: distance 0 to n // 3 sets
        # (and the pair) is the shape; one more tile at a position adds its place value
        cls = HONOR_CLASSES if honors else NUMBER_CLASSES
        rows = HONOR_ROWS if honors else NUMBER_ROWS
        idx = int(chunk.translate(BASE5_DIGITS), 5)
        row = rows[cls[idx]]
        r = n % 3
        only_now = r == 0 and row[n // 3 * 2] == 0
        pair_now = r == 2 and row[n // 3 * 2 + 1] == 0
        r = (n + 1) % 3
        at = (n + 1) // 3 * 2
        places = _PLACES[size]
        for pos in range(size):
            # only a tile next to (or on) one held can complete a meld or a pair
            if not any(chunk[max(0, pos - reach) : pos + reach + 1]):
                continue
            if chunk[pos] == 4:  # a fifth copy (a shape wait): searched
                a, b = _shape(chunk[:pos] + b"\x05" + chunk[pos + 1 :], honors)
            else:
                row = rows[cls[idx + places[pos]]]
                a = r == 0 and row[at] == 0
                b = r == 2 and row[at + 1] == 0
            if a:
                only.append(9 * suit + pos)
            if b:
                pair.append(9 * suit + pos)
    else:  # more tiles than a hand's concealed 13 (not reached by the engine): searched
        only_now, pair_now = _shape(chunk, honors)
        for pos in range(size):
            if not any(chunk[max(0, pos - reach) : pos + reach + 1]):
                continue
            new = chunk[:pos] + bytes((chunk[pos] + 1,)) + chunk[pos + 1 :]
            a, b = _shape(new, honors)
            if a:
                only.append(9 * suit + pos)
            if b:
                pair.append(9 * suit + pos)
    got = (n % 3, only_now, pair_now, tuple(only), tuple(pair))
    memo = _INFO[suit]
    if len(memo) >= _MEMO_SIZE:
        memo.clear()
    memo[chunk] = got
    return got


def hand_waits(counts: Sequence[int]) -> tuple[int, ...]:
    """The kinds that complete 34 concealed counts of 3k+1 tiles (empty if not tenpai).

    The same as :func:`jantaku.hand.winning_kinds` for valid counts (at most four of a
    kind, 1, 4, 7, 10 or 13 tiles); the engine keeps its hands valid, so nothing here
    checks them.

    >>> from jantaku.tiles import counts34, format_tiles, parse_tiles
    >>> format_tiles(hand_waits(counts34(parse_tiles("1133557799m113p"))))
    '3p'
    """
    b = bytes(counts)
    c0, c1, c2, c3 = b[0:9], b[9:18], b[18:27], b[27:34]
    m0, m1, m2, m3 = _INFO
    infos = (
        m0.get(c0) or _info(c0, 0),
        m1.get(c1) or _info(c1, 1),
        m2.get(c2) or _info(c2, 2),
        m3.get(c3) or _info(c3, 3),
    )
    found: tuple[int, ...] = ()
    one: _Info | None = None
    two: list[_Info] = []
    for x in infos:
        r = x[0]
        if r == 0:
            if not x[1]:
                break  # a suit that is no melds: only seven pairs or orphans remain
        elif r == 1:
            if one is not None:
                break
            one = x
        else:
            two.append(x)
    else:
        if one is not None and not two:
            found = one[4]
        elif one is None and len(two) == 2:
            a, z = two
            found = (a[3] if z[2] else ()) + (z[3] if a[2] else ())
    if (
        (b.count(0) == 27 and b.count(2) == 6)  # seven pairs: six pairs and a single
        or (b[1:8] == b[10:17] == b[19:26] == _NO_RUN and sum(b) == 13)  # orphans
    ):
        special = _special(b)
        if special:
            return tuple(sorted(set(found).union(special)))
    return found


def _special(b: bytes) -> tuple[int, ...]:
    """Seven-pairs and thirteen-orphans waits of 13 concealed tiles."""
    kinds = [k for k in range(34) if b[k]]
    if len(kinds) == 7 and sum(1 for k in kinds if b[k] == 2) == 6:
        return tuple(k for k in kinds if b[k] == 1)
    yao = [k for k in _YAOCHUU if b[k]]
    if sum(b[k] for k in _YAOCHUU) == 13:
        if len(yao) == 13:
            return _YAOCHUU
        if len(yao) == 12:
            return tuple(k for k in _YAOCHUU if not b[k])
    return ()
