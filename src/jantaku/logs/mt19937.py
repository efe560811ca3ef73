"""The Mersenne Twister MT19937 with the 2002 initialisation (``mt19937ar``), Tenhou's generator.

Tenhou seeds one generator per game with 624 words (``init_by_array``) and takes 288
words a round from it (:mod:`jantaku.logs.tenhou_wall`). Two ways to the same words:

- :class:`Mt19937`, the plain generator written after Matsumoto and Nishimura's
  ``mt19937ar.c`` (http://www.math.sci.hiroshima-u.ac.jp/m-mat/MT/MT2002/emt19937ar.html):
  the reference, one word at a time;
- :class:`FastMt19937`, its twin: CPython's :class:`random.Random` runs the same
  generator in C, so it is given the state that :func:`init_by_array` computed (through
  the documented :meth:`random.Random.setstate`) and ``getrandbits(32 * k)`` returns
  ``k`` words at once, the first word lowest. About 70 times faster than the plain one
  (a round's 288 words: 7 µs instead of 500 µs, measured on this project's machine).

:func:`generator` gives the twin when this interpreter's :mod:`random` yields the
reference's words (checked once, on a fixed key), else the plain generator. The test
``test_the_fast_generator_is_the_reference`` in ``tests/test_tenhou_wall.py`` pins the
two together.

>>> g = Mt19937([0x123, 0x234, 0x345, 0x456])  # the key of mt19937ar.c's own test
>>> [g.next_word() for _ in range(3)]
[1067595299, 955945823, 477289528]
>>> key = [0x123, 0x234, 0x345, 0x456]
>>> FastMt19937(key).take(3) == Mt19937(key).take(3)
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Final, Protocol

__all__ = [
    "FastMt19937",
    "Mt19937",
    "N",
    "WordSource",
    "generator",
    "init_by_array",
    "init_genrand",
]

N: Final = 624
"""Words of state."""
_M: Final = 397
_MASK: Final = 0xFFFFFFFF
_UPPER: Final = 0x80000000
_LOWER: Final = 0x7FFFFFFF
_MATRIX_A: Final = 0x9908B0DF


def init_genrand(seed: int) -> list[int]:
    """The 624 words of state that ``init_genrand(seed)`` of ``mt19937ar.c`` leaves.

    >>> init_genrand(5489)[:2]
    [5489, 1301868182]
    """
    mt = [seed & _MASK] + [0] * (N - 1)
    for i in range(1, N):
        prev = mt[i - 1]
        mt[i] = (1812433253 * (prev ^ (prev >> 30)) + i) & _MASK
    return mt


# where init_by_array starts from, whatever the key: made once
_START: Final = tuple(init_genrand(19650218))


def init_by_array(key: Sequence[int]) -> list[int]:
    """The 624 words of state that ``init_by_array(key)`` of ``mt19937ar.c`` leaves.

    >>> state = init_by_array([1])
    >>> len(state), state[0]
    (624, 2147483648)

    Raises :class:`ValueError` for an empty key.
    """
    if not key:
        raise ValueError("init_by_array needs at least one word")
    mt = list(_START)  # init_genrand(19650218)
    i, j = 1, 0
    length = len(key)
    for _ in range(max(N, length)):
        prev = mt[i - 1]
        mt[i] = ((mt[i] ^ ((prev ^ (prev >> 30)) * 1664525)) + (key[j] & _MASK) + j) & _MASK
        i += 1
        j += 1
        if i >= N:
            mt[0] = mt[N - 1]
            i = 1
        if j >= length:
            j = 0
    for _ in range(N - 1):
        prev = mt[i - 1]
        mt[i] = ((mt[i] ^ ((prev ^ (prev >> 30)) * 1566083941)) - i) & _MASK
        i += 1
        if i >= N:
            mt[0] = mt[N - 1]
            i = 1
    mt[0] = 0x80000000  # the most significant bit set: a state never all zero
    return mt


class WordSource(Protocol):
    """What gives Tenhou's shuffle its words: :class:`Mt19937` or :class:`FastMt19937`."""

    def take(self, count: int) -> bytes:
        """The next ``count`` 32-bit words, each little-endian, in the order drawn."""


class Mt19937:
    """The plain generator: ``init_by_array(key)``, then ``genrand_int32`` word by word.

    >>> Mt19937([5489]).take(1).hex()  # one word, little-endian
    '34e0a0c9'
    """

    __slots__ = ("_index", "_state")

    def __init__(self, key: Sequence[int]) -> None:
        self._state = init_by_array(key)
        self._index = N

    def _twist(self) -> None:
        mt = self._state
        for k in range(N):
            y = (mt[k] & _UPPER) | (mt[(k + 1) % N] & _LOWER)
            mt[k] = mt[(k + _M) % N] ^ (y >> 1) ^ (_MATRIX_A if y & 1 else 0)
        self._index = 0

    def next_word(self) -> int:
        """The next output (``genrand_int32``), 0 to 2³² − 1."""
        if self._index >= N:
            self._twist()
        y = self._state[self._index]
        self._index += 1
        y ^= y >> 11
        y ^= (y << 7) & 0x9D2C5680
        y ^= (y << 15) & 0xEFC60000
        return y ^ (y >> 18)

    def take(self, count: int) -> bytes:
        """The next ``count`` words, each little-endian, in the order drawn."""
        return b"".join(self.next_word().to_bytes(4, "little") for _ in range(count))


class FastMt19937:
    """The same words from CPython's :class:`random.Random`, loaded with the state of
    :func:`init_by_array` (use :func:`generator`, which checks that it is the same).

    >>> FastMt19937([5489]).take(1).hex()
    '34e0a0c9'
    """

    __slots__ = ("_rng",)

    def __init__(self, key: Sequence[int]) -> None:
        self._rng = random.Random()
        # version 3 of random's state: the 624 words and the index (N: twist first)
        self._rng.setstate((3, (*init_by_array(key), N), None))

    def take(self, count: int) -> bytes:
        """The next ``count`` words, each little-endian, in the order drawn."""
        if count <= 0:
            return b""
        return self._rng.getrandbits(32 * count).to_bytes(4 * count, "little")


_CHECK_KEY: Final = (0x123, 0x234, 0x345, 0x456)
_CHECK_WORDS: Final = 1300  # past two twists of the state
_fast: bool | None = None


def _fast_is_reference() -> bool:
    try:
        fast = FastMt19937(_CHECK_KEY).take(_CHECK_WORDS)
    except (TypeError, ValueError):  # another random.Random
        return False
    return fast == Mt19937(_CHECK_KEY).take(_CHECK_WORDS)


def generator(key: Sequence[int]) -> WordSource:
    """A generator seeded by ``init_by_array(key)``: the fast twin where it gives the
    reference's words, else the plain :class:`Mt19937`.

    >>> generator([0x123, 0x234]).take(1) == Mt19937([0x123, 0x234]).take(1)
    True
    """
    global _fast
    if _fast is None:
        _fast = _fast_is_reference()
    return FastMt19937(key) if _fast else Mt19937(key)
