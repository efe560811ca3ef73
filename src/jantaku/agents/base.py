"""The agent protocol: ``act(view, legal) -> action``, an async twin, and no-op hooks.

An agent is anything that, shown what its seat may see (a view, see
:func:`jantaku.engine.observe`) and the legal actions of that moment, answers with
one of them. The match driver (:mod:`jantaku.match`) awaits :meth:`Agent.act_async`;
a built-in bot implements the blocking :meth:`Agent.act` and inherits the async
twin, while an agent that waits on the outside world (a browser, another process)
overrides :meth:`Agent.act_async` instead — the python-chess ``engine`` /
``SimpleEngine`` split.

``legal`` always holds at least one action; when a seat may pass, it holds a
:class:`~jantaku.events.Pass`. Answering with anything not in ``legal`` is refused by
the driver with an :class:`~jantaku.errors.IllegalActionError` naming the seat.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from jantaku.engine.view import View
from jantaku.events import Action, EndGame, Event, Hora, Pass, Ryukyoku
from jantaku.meld import Meld
from jantaku.tiles import Tile

__all__ = ["Agent", "RoundEnd", "first_of", "passes"]


@dataclass(frozen=True, slots=True)
class RoundEnd:
    """What the table sees when a hand ends: its events and, if asked for, the hands.

    ``events`` run from ``start_kyoku`` to ``end_kyoku``; ``hands`` holds every seat's
    concealed tiles and melds as they stood at the last decision (filled only when an
    agent sets ``wants_hands``, as a display does; empty otherwise).
    """

    events: tuple[Event, ...]
    hands: tuple[tuple[tuple[Tile, ...], tuple[Meld, ...]], ...] = ()

    @property
    def results(self) -> tuple[Hora | Ryukyoku, ...]:
        """The hand's wins and draws."""
        return tuple(e for e in self.events if isinstance(e, Hora | Ryukyoku))


class Agent:
    """Base class of agents: override :meth:`act` (or :meth:`act_async`); hooks are no-ops.

    ``name`` is how the agent is listed in logs and summaries; ``wants_hands`` asks
    the driver to show the hands at each hand's end (:class:`RoundEnd`); an agent
    that never looks at the table sets ``uses_view = False`` and is then given
    ``None`` as its view, which spares building one per decision; ``wants_events``
    has the driver pass it every event through :meth:`see` (as an mjai bot needs).

    >>> class Passer(Agent):
    ...     name = "passer"
    ...     def act(self, view, legal):
    ...         return legal[-1]
    >>> Passer().act(None, [Pass(2)])
    Pass(actor=2)
    """

    name: str = "agent"
    wants_hands: bool = False
    wants_events: bool = False
    uses_view: bool = True

    def act(self, view: View | None, legal: Sequence[Action]) -> Action:
        """Choose one of the ``legal`` actions, seeing ``view`` (blocking)."""
        raise TypeError(f"{type(self).__name__} implements neither act nor act_async")

    async def act_async(self, view: View | None, legal: Sequence[Action]) -> Action:
        """The async twin of :meth:`act`; by default it calls :meth:`act`."""
        return self.act(view, legal)

    def start_match(self, seat: int, players: int) -> None:
        """Called once before the first hand with the agent's seat (no-op by default)."""

    def end_round(self, round_end: RoundEnd) -> None:
        """Called after each hand with what the table saw (no-op by default)."""

    def end_match(self, end: EndGame) -> None:
        """Called once when the match is over (no-op by default)."""

    def see(self, events: Sequence[Event]) -> None:
        """Shown every event, projected onto the agent's seat, if ``wants_events`` is set."""

    def close(self) -> None:
        """Called when the match ends or stops on a fault: let processes or connections go."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


def first_of(legal: Sequence[Action], kind: type) -> Action | None:
    """The first legal action of a kind (``Hora``, ``Dahai`` …), or ``None``.

    >>> first_of([Pass(0), Hora(actor=0, target=1)], Hora)
    Hora(actor=0, target=1)
    """
    for action in legal:
        if isinstance(action, kind):
            return action
    return None


def passes(legal: Sequence[Action]) -> Pass | None:
    """The legal pass, if passing is allowed now.

    >>> passes([Pass(3)]), passes([])
    (Pass(actor=3), None)
    """
    for action in legal:
        if isinstance(action, Pass):
            return action
    return None
