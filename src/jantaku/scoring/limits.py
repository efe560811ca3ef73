"""Limits and rounding (S3–S5): the one table of mangan, haneman, … and basic points.

A hand's basic points are fu × 2^(han+2) up to a limit (満貫 and above, S4); which
limit a hand reaches depends on two rules: kiriage mangan (切り上げ満貫: 4 han 30 fu and
3 han 60 fu become mangan) and kazoe yakuman (数え役満: 13 han or more is a yakuman,
otherwise a sanbaiman). Payments round up to the next 100 (S5). The scorer
(:func:`jantaku.scoring.score_win`), the score tables (:func:`hand_value`), the
scorekeeper and the Tenhou writer's score text all read the limits here.

>>> from jantaku.rules import TENHOU, WRC
>>> limit_of(4, 30, TENHOU), limit_of(4, 30, WRC)
(<Limit.NONE: 'none'>, <Limit.MANGAN: 'mangan'>)
>>> [LIMIT_BASIC[limit] for limit in (Limit.MANGAN, Limit.HANEMAN, Limit.YAKUMAN)]
[2000, 3000, 8000]
"""

from __future__ import annotations

from enum import Enum
from math import ceil, isfinite
from types import MappingProxyType
from typing import Final

from jantaku.errors import ArgumentError, ArgumentTypeError, ImpossibleSituationError
from jantaku.rules import Rules

__all__ = [
    "LIMIT_BASIC",
    "LIMIT_HAN",
    "Limit",
    "basic_points",
    "ceil100",
    "hand_value",
    "limit_of",
]


class Limit(Enum):
    """The limit a hand reached (S4), or none."""

    NONE = "none"
    MANGAN = "mangan"
    HANEMAN = "haneman"
    BAIMAN = "baiman"
    SANBAIMAN = "sanbaiman"
    KAZOE_YAKUMAN = "kazoe yakuman"
    YAKUMAN = "yakuman"

    @property
    def kanji(self) -> str:
        """The Japanese name (満貫, 跳満, …)."""
        return _LIMIT_KANJI[self]


_LIMIT_KANJI: Final = {
    Limit.NONE: "",
    Limit.MANGAN: "満貫",
    Limit.HANEMAN: "跳満",
    Limit.BAIMAN: "倍満",
    Limit.SANBAIMAN: "三倍満",
    Limit.KAZOE_YAKUMAN: "数え役満",
    Limit.YAKUMAN: "役満",
}

LIMIT_HAN: Final = MappingProxyType(
    {
        Limit.KAZOE_YAKUMAN: 13,
        Limit.SANBAIMAN: 11,
        Limit.BAIMAN: 8,
        Limit.HANEMAN: 6,
        Limit.MANGAN: 5,
    }
)
"""The han from which each limit holds whatever the fu, highest first (S4); mangan
also holds below 5 han once fu × 2^(han+2) reaches 2000 (1920 with kiriage mangan)."""

LIMIT_BASIC: Final = MappingProxyType(
    {
        Limit.MANGAN: 2000,
        Limit.HANEMAN: 3000,
        Limit.BAIMAN: 4000,
        Limit.SANBAIMAN: 6000,
        Limit.KAZOE_YAKUMAN: 8000,
        Limit.YAKUMAN: 8000,
    }
)
"""The basic points of each limit (S4); a multiple yakuman pays this many times."""

_BY_HAN: Final = tuple(LIMIT_HAN.items())


def ceil100(points: int | float) -> int:
    """Round a payment up to the next 100 (S5); a share such as 2000 / 3 too.

    >>> ceil100(7680), ceil100(7700), ceil100(0), ceil100(7700.5), ceil100(2000 / 3)
    (7700, 7700, 0, 7800, 700)

    Raises :class:`~jantaku.errors.ArgumentTypeError` for a value that is not a number,
    :class:`~jantaku.errors.ArgumentError` for one that is not finite.
    """
    if points.__class__ is int:
        return -(-points // 100) * 100
    if isinstance(points, bool) or not isinstance(points, int | float):
        raise ArgumentTypeError(f"points are a number, not {points!r}")
    if not isfinite(points):
        raise ArgumentError(f"points are a finite number, not {points!r}")
    return -(-ceil(points) // 100) * 100


def _limited(han: int, fu: int, rules: Rules) -> tuple[int, Limit]:
    """:func:`basic_points` without checking its arguments (a fu of 0 reaches a limit
    by its han alone)."""
    for limit, least in _BY_HAN:
        if han >= least:
            if limit is Limit.KAZOE_YAKUMAN and not rules.kazoe_yakuman:
                limit = Limit.SANBAIMAN
            return LIMIT_BASIC[limit], limit
    b = fu << (han + 2) if han >= 0 else 0
    if b >= 2000 or (rules.kiriage_mangan and b == 1920):
        return 2000, Limit.MANGAN
    return b, Limit.NONE


def basic_points(han: int, fu: int, rules: Rules) -> tuple[int, Limit]:
    """The basic points B = fu × 2^(han+2) and the limit reached (S3, S4).

    >>> from jantaku.rules import TENHOU, WRC
    >>> basic_points(3, 30, TENHOU), basic_points(4, 40, TENHOU)[1].value
    ((960, <Limit.NONE: 'none'>), 'mangan')
    >>> basic_points(4, 30, TENHOU)[0], basic_points(4, 30, WRC)[0]
    (1920, 2000)
    >>> basic_points(13, 30, TENHOU), basic_points(13, 30, WRC)
    ((8000, <Limit.KAZOE_YAKUMAN: 'kazoe yakuman'>), (6000, <Limit.SANBAIMAN: 'sanbaiman'>))

    Raises :class:`~jantaku.errors.ScoringError` for fewer than 1 han or an odd fu,
    :class:`~jantaku.errors.ArgumentTypeError` for a han or fu that is not an int.
    """
    if han.__class__ is not int or fu.__class__ is not int:
        raise ArgumentTypeError(f"han and fu are ints, not {han!r} and {fu!r}")
    if han < 1 or fu < 20 or (fu % 10 and fu != 25):
        raise ImpossibleSituationError(f"no score for {han} han {fu} fu")
    return _limited(han, fu, rules)


def limit_of(han: int, fu: int, rules: Rules, *, yakuman: int = 0) -> Limit:
    """The limit a hand of ``han`` and ``fu`` reaches under ``rules`` (S4), or
    :attr:`Limit.YAKUMAN` with a named yakuman (``yakuman`` its multiple).

    Lenient where :func:`basic_points` is strict, for a record that gives no fu (0): a
    limit is then read from the han alone.

    >>> from jantaku.rules import TENHOU, Rules
    >>> mleague = Rules.preset("mleague")
    >>> limit_of(3, 60, TENHOU).value, limit_of(3, 60, mleague).value
    ('none', 'mangan')
    >>> limit_of(13, 0, TENHOU).value, limit_of(13, 0, mleague).value
    ('kazoe yakuman', 'sanbaiman')
    >>> limit_of(0, 0, TENHOU, yakuman=2).value
    'yakuman'
    """
    if yakuman:
        return Limit.YAKUMAN
    return _limited(han, fu, rules)[1]


def hand_value(han: int, fu: int, *, dealer: bool, tsumo: bool, rules: Rules) -> tuple[int, ...]:
    """What a hand of ``han`` and ``fu`` pays, as the score tables write it (S5, S6).

    A ron gives ``(total,)``; a dealer tsumo ``(each,)`` ("… all"); a non-dealer
    tsumo ``(from each non-dealer, from the dealer)``.

    >>> from jantaku.rules import TENHOU
    >>> hand_value(3, 30, dealer=False, tsumo=False, rules=TENHOU)
    (3900,)
    >>> hand_value(3, 30, dealer=False, tsumo=True, rules=TENHOU)
    (1000, 2000)
    >>> hand_value(3, 30, dealer=True, tsumo=True, rules=TENHOU)
    (2000,)
    """
    b, _ = basic_points(han, fu, rules)
    if not tsumo:
        return (ceil100(b * (6 if dealer else 4)),)
    if dealer:
        return (ceil100(2 * b),)
    return ceil100(b), ceil100(2 * b)
