"""What a seat may see of the event stream: :func:`events_for`.

The stream's counterpart of :func:`~jantaku.engine.observe` (which projects a state): the
events of a match as a player at ``seat`` is shown them, the other seats' dealt tiles and
draws hidden (:data:`~jantaku.tiles.UNKNOWN`) and the match seed left out. Agents are fed
this (:meth:`~jantaku.agents.Agent.see`), an mjai bot reads it, and the browser table
sends it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from jantaku.events import Dahai, Dora, Event, StartGame, StartKyoku, Tsumo
from jantaku.tiles import UNKNOWN

__all__ = ["events_for"]


def events_for(seat: int, events: Sequence[Event]) -> list[Event]:
    """The events as ``seat`` may see them: others' dealt tiles and draws hidden, no seed.

    A kan's indicator revealed by the discard that follows the kan is shown before that
    discard, in the order of the mjai protocol (Mortal's libriichi offers the calls on
    the discard only when it comes last).

    >>> events_for(1, [Tsumo(0, 5), Tsumo(1, 6)])
    [Tsumo(actor=0, pai='?'), Tsumo(actor=1, pai='7m')]
    >>> events_for(1, [Dahai(0, 5, False), Dora(7)])
    [Dora(dora_marker='8m'), Dahai(actor=0, pai='6m', tsumogiri=False)]
    """
    out: list[Event] = []
    for e in events:
        if isinstance(e, Dora) and out and isinstance(out[-1], Dahai):
            out.insert(len(out) - 1, e)
            continue
        if isinstance(e, Tsumo) and e.actor != seat:
            e = Tsumo(e.actor, UNKNOWN)
        elif isinstance(e, StartKyoku):
            hidden = tuple(
                hand if i == seat else (UNKNOWN,) * len(hand) for i, hand in enumerate(e.tehais)
            )
            e = replace(e, tehais=hidden)
        elif isinstance(e, StartGame):
            e = StartGame(names=e.names, rules=e.rules, extra={"id": seat})
        out.append(e)
    return out
