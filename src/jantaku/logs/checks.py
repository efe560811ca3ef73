"""What a record claims, checked while it replays: the interface between the generic
replay (:func:`jantaku.logs.replay.replay_events`) and the checks of one kind of record.

The replay applies a record's events through the engine and checks, for every record,
what any log of events says: that each round starts as the engine advances the match,
that the rons on one discard come in turn order, that each win and drawn hand the
record names has a result. What the record *claims* about those results is the
business of a :class:`RecordCheck`:

- :class:`LogCheck` (the default) compares what the events themselves carry: the
  payments written in ``hora`` and ``ryukyoku``, the scores and results of ``end_game``
  (an mjai log's claims);
- :class:`~jantaku.logs.tenhou_check.TenhouCheck` compares a Tenhou record's own result
  elements (``AGARI``, ``RYUUKYOKU``, ``owari``).

A check reports a disagreement by raising :class:`Mismatch`; the replay turns it into a
:class:`~jantaku.logs.replay.Divergence` at the event where it was raised.

>>> from jantaku.events import EndGame
>>> LogCheck().end(EndGame((25000, 25000, 25000, 25000)), EndGame((24000, 26000, 25000, 25000)))
Traceback (most recent call last):
...
jantaku.logs.checks.Mismatch: final scores: record [24000, 26000, 25000, 25000], \
we [25000, 25000, 25000, 25000]
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Protocol

from jantaku.errors import JantakuError
from jantaku.events import EndGame, Hora, Penalty, Ryukyoku

if TYPE_CHECKING:
    from jantaku.engine import State

__all__ = ["LogCheck", "Mismatch", "RecordCheck", "check_final"]


class Mismatch(JantakuError):
    """The record and the engine disagree on ``what``: the record's value, then ours.

    >>> str(Mismatch("han", 3, 2))
    'han: record 3, we 2'
    """

    def __init__(self, what: str, record: object, computed: object) -> None:
        self.what = what
        self.record = str(record)
        self.computed = str(computed)
        super().__init__(f"{what}: record {self.record}, we {self.computed}")


class RecordCheck(Protocol):
    """The checks of one kind of record, called by the replay as it goes.

    ``round_no`` is the 0-based number of the round in the record, ``at`` the number of
    the result within the round (0, then 1 for a double ron's second win); each method
    raises :class:`Mismatch` at the first disagreement.
    """

    def before_win(self, state: State, event: Hora, round_no: int, at: int) -> None:
        """Before a win is applied, with ``state`` as it stands (the winner's hand)."""

    def before_result(self, state: State, event: Hora | Ryukyoku, round_no: int, at: int) -> None:
        """Before a win or drawn hand is applied, with ``state`` as it stands (the honba
        and the riichi sticks on the table)."""

    def result(
        self, event: Hora | Ryukyoku, done: Hora | Ryukyoku | Penalty, round_no: int, at: int
    ) -> None:
        """After a win or drawn hand: ``event`` as the record has it, ``done`` the result
        the engine settled (payments, han, fu, yaku)."""

    def end(self, ours: EndGame | None, event: EndGame) -> None:
        """At the record's ``end_game``: ``ours`` is the engine's end (``None`` when the
        engine has not ended the match)."""


class LogCheck:
    """A log's own claims: the payments its ``hora`` and ``ryukyoku`` events carry, and
    the scores and results of its ``end_game`` (an mjai log's claims; nothing is
    compared where the log writes nothing).

    >>> from jantaku.events import Ryukyoku
    >>> LogCheck().result(Ryukyoku("exhaustive", deltas=(1500, -1500, 1500, -1500)),
    ...                   Ryukyoku("exhaustive", deltas=(1500, -1500, 1500, -1500)), 0, 0)
    """

    __slots__ = ()

    def before_win(self, state: State, event: Hora, round_no: int, at: int) -> None:
        """Nothing: a log states nothing about the hand before a win."""

    def before_result(self, state: State, event: Hora | Ryukyoku, round_no: int, at: int) -> None:
        """Nothing: a log states nothing about the table before a result."""

    def result(
        self, event: Hora | Ryukyoku, done: Hora | Ryukyoku | Penalty, round_no: int, at: int
    ) -> None:
        """The payments the event carries, when it carries them, must be the engine's (a
        penalty the engine records is none of the log's claims)."""
        given = event.deltas
        if given is not None and not isinstance(done, Penalty) and given != done.deltas:
            raise Mismatch("deltas", given, done.deltas)

    def end(self, ours: EndGame | None, event: EndGame) -> None:
        """The scores and results of ``end_game``, when it writes them, must be the engine's."""
        check_final(ours, event.scores, event.result)


def check_final(
    ours: EndGame | None,
    scores: Sequence[int] | None,
    result: Sequence[float] | None,
) -> None:
    """The final scores and results a record states (``None``: not stated) against the
    engine's end of the match; results compared to 10⁻⁶.

    >>> check_final(EndGame((35000, 25000, 20000, 20000), (45.0, 5.0, -20.0, -30.0)),
    ...             (35000, 25000, 20000, 20000), None)
    >>> check_final(None, None, None)
    Traceback (most recent call last):
    ...
    jantaku.logs.checks.Mismatch: final scores: record None, we no end

    Raises :class:`Mismatch` naming ``final scores`` or ``final result``.
    """
    if ours is None:
        raise Mismatch("final scores", scores, "no end")
    if scores is not None and ours.scores != tuple(scores):
        raise Mismatch("final scores", list(scores), list(ours.scores or ()))
    if (
        result is not None
        and ours.result is not None
        and any(abs(a - b) > 1e-6 for a, b in zip(result, ours.result, strict=True))
    ):
        raise Mismatch("final result", list(result), list(ours.result))
