"""The first dealer by the dice: the G1 procedure, two rolls (000 座位と起家の決定)."""

from __future__ import annotations

import random

from jantaku.keep.entries import KeepError, is_int

__all__ = ["first_dealer_by_dice", "roll_dice"]


def roll_dice(rng: random.Random) -> tuple[int, int]:
    """Two rolls of two six-sided dice (the totals), for the G1 seating procedure.

    >>> roll_dice(random.Random(1))
    (7, 4)
    """
    return (rng.randint(1, 6) + rng.randint(1, 6), rng.randint(1, 6) + rng.randint(1, 6))


def first_dealer_by_dice(rolls: tuple[int, int], players: int) -> int:
    """G1 (000 座位と起家の決定): the temporary East (仮東, place 0) rolls and counts
    the total from itself to the right (in turn order); the player reached rolls
    again and counts from itself; the one reached deals first (起家). Returns the
    first dealer's place counted from the temporary East.

    >>> first_dealer_by_dice((5, 7), 4)
    2
    >>> first_dealer_by_dice((1, 2), 4)
    Traceback (most recent call last):
    ...
    jantaku.keep.entries.KeepError: a roll of two dice is 2 to 12, not 1
    """
    if players not in (3, 4):
        raise KeepError(f"3 or 4 players, not {players}")
    for r in rolls:
        if not is_int(r) or not 2 <= r <= 12:
            raise KeepError(f"a roll of two dice is 2 to 12, not {r!r}")
    roller = (rolls[0] - 1) % players
    return (roller + rolls[1] - 1) % players
