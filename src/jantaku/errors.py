"""The typed errors of jantaku: one small hierarchy, split by what went wrong.

Every error raised on bad input derives from :class:`JantakuError`, so a caller
can catch them all at once, and from the matching built-in (``ValueError``),
so code that knows nothing of jantaku still handles them sensibly.

- :class:`NotationError` — text that cannot be read (bad syntax).
- :class:`InvalidHandError` — well-formed tiles that cannot be a hand.
- :class:`RulesError` — a rules value that contradicts itself.
- :class:`ScoringError` — a win that cannot be scored (no yaku, impossible situation).
- :class:`IllegalActionError` — a well-formed action not allowed in this state.
- :class:`LogFormatError` — a malformed game record.
- :class:`AgentError` — an agent that failed during a match.
- :class:`ArgumentError` — a value a public function cannot take (a seat not at the
  table, a negative count, a time budget that is not a positive number of seconds), and
  :class:`ArgumentTypeError`, a value of the wrong type (a string where a flag is meant,
  bytes where text is).
"""

from __future__ import annotations

__all__ = [
    "AgentError",
    "ArgumentError",
    "ArgumentTypeError",
    "IllegalActionError",
    "ImpossibleSituationError",
    "IncompleteHandError",
    "InvalidHandError",
    "JantakuError",
    "LogFormatError",
    "NoYakuError",
    "NotationError",
    "RulesError",
    "ScoringError",
]


class JantakuError(Exception):
    """Base class of every error jantaku raises on bad input."""


class NotationError(JantakuError, ValueError):
    """Text in a tile notation that cannot be parsed.

    ``text`` is the whole input, ``position`` the 0-based index of the offending
    character (or ``len(text)`` when the input ends too early).

    >>> err = NotationError("bad tile", text="12x", position=2)
    >>> str(err)
    "bad tile at position 2 ('x') in '12x'"
    """

    def __init__(self, message: str, *, text: str, position: int) -> None:
        self.text = text
        self.position = position
        self.char = text[position] if 0 <= position < len(text) else ""
        where = f"position {position} ({self.char!r})" if self.char else f"position {position}"
        super().__init__(f"{message} at {where} in {text!r}")


class InvalidHandError(JantakuError, ValueError):
    """Tiles that parse but cannot be a hand: a fifth copy, two red 5m, a wrong count."""


class RulesError(JantakuError, ValueError):
    """A rules value that is out of range or contradicts itself."""


class ScoringError(JantakuError, ValueError):
    """A win that cannot be scored."""


class NoYakuError(ScoringError):
    """A complete hand with no yaku: dora alone never make a win (一翻縛り)."""


class IncompleteHandError(ScoringError):
    """Tiles scored as a win that do not make a winning shape."""


class ImpossibleSituationError(ScoringError):
    """A win situation that cannot happen at a table (houtei by tsumo, ippatsu without riichi)."""


class IllegalActionError(JantakuError, ValueError):
    """A well-formed action that is not allowed in the current state.

    ``seat`` is the acting seat (or ``None``), ``action`` the refused action and
    ``reason`` a short explanation.
    """

    def __init__(self, reason: str, *, seat: int | None = None, action: object = None) -> None:
        self.seat = seat
        self.action = action
        self.reason = reason
        describe = getattr(action, "describe", None)
        if callable(describe):
            # an event or action says what it does in tile notation, its seat included
            actor = getattr(action, "actor", None)
            who = f"seat {seat}: " if seat is not None and seat != actor else ""
            super().__init__(f"{who}illegal action: {describe()}, but {reason}")
            return
        who = f"seat {seat}: " if seat is not None else ""
        what = f" ({action!r})" if action is not None else ""
        super().__init__(f"{who}illegal action{what}: {reason}")


class AgentError(JantakuError, RuntimeError):
    """An agent that raised, returned garbage or exceeded its time budget.

    ``seat`` is the agent's seat and ``reason`` what went wrong, without the seat.

    >>> str(AgentError("no answer within the time budget of 2 s", seat=1))
    'agent at seat 1: no answer within the time budget of 2 s'
    """

    def __init__(self, reason: str, *, seat: int) -> None:
        self.seat = seat
        self.reason = reason
        super().__init__(f"agent at seat {seat}: {reason}")


class ArgumentError(JantakuError, ValueError):
    """A value a public function cannot take: out of range (a seat not at the table, a
    negative count, a tile value that is no tile, a time budget that is not a positive
    number of seconds, a count of games below one) or not one of the names it knows.

    >>> raise ArgumentError("the time budget must be a positive number of seconds, not -1")
    Traceback (most recent call last):
    ...
    jantaku.errors.ArgumentError: the time budget must be a positive number of seconds, not -1
    """


class LogFormatError(JantakuError, ValueError):
    """A malformed game record; ``line`` is the 1-based line (or element) number if known."""

    def __init__(self, reason: str, *, line: int | None = None, source: str | None = None) -> None:
        self.line = line
        self.source = source
        self.reason = reason
        where = ""
        if source is not None:
            where += f"{source}:"
        if line is not None:
            where += f"{line}:"
        super().__init__(f"{where} {reason}".strip() if where else reason)


class ArgumentTypeError(ArgumentError, TypeError):
    """A value of the wrong type given to a public function: a string or an int where a
    flag is meant, bytes where text is, a bool where a number is.

    >>> raise ArgumentTypeError("ippatsu must be True or False, not 'yes'")
    Traceback (most recent call last):
    ...
    jantaku.errors.ArgumentTypeError: ippatsu must be True or False, not 'yes'
    """
