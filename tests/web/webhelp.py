"""Helpers of the web table's tests: a client that plays a seat by a fixed policy."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from typing import Any

from jantaku.agents import EfficiencyAgent
from jantaku.engine import Referee, State, observe
from jantaku.events import Action, Event
from jantaku.web.tables import rules_of

NAMES = ("you", "efficiency1", "efficiency2", "efficiency3")


def choose(legal: list[dict[str, Any]]) -> dict[str, Any]:
    """A fixed policy on the page's action list: win, else skip, else discard the drawn tile."""
    for kinds in (("tsumo", "ron"), ("skip",)):
        for a in legal:
            if a["kind"] in kinds:
                return a
    for a in legal:
        if a["kind"] == "dahai" and a["tsumogiri"]:
            return a
    return next(a for a in legal if a["kind"] == "dahai")


def next_prompt(
    ws: Any, *, collect: list[dict[str, Any]] | None = None, quiet: bool = False
) -> dict[str, Any]:
    """Read messages until one asks the seat to decide (or the match ends)."""
    while True:
        msg = ws.receive_json()
        if collect is not None:
            collect.append(msg)
        if msg["type"] == "state" and (msg["legal"] or msg["done"]):
            return dict(msg)
        if msg["type"] == "error" and not quiet:
            raise AssertionError(f"the server refused: {msg}")


def efficiency_script(seed: int, limit: int = 40) -> tuple[list[tuple[Action, State]], list[Event]]:
    """Seat 0's prompted decisions (more than one legal action) when it plays as the
    efficiency bot against efficiency bots in an east-only tenhou match, each with the
    state it was made in, and the match's events."""
    ref = Referee(rules_of("tenhou", "east_only"), seed, NAMES)
    agents = [EfficiencyAgent() for _ in NAMES]
    out: list[tuple[Action, State]] = []
    while not ref.done and len(out) < limit:
        choices = {}
        for seat, legal in ref.pending().items():
            choices[seat] = agents[seat].act(observe(ref.state, seat), legal)
            if seat == 0 and len(legal) > 1:
                out.append((choices[seat], ref.state.copy()))
        ref.submit(choices)
    return out, ref.log


BASE = "http://127.0.0.1"
"""The test client's base URL: a name the server answers to (its Host allowlist)."""

HOST = {"host": "127.0.0.1"}
"""The ``Host`` of a test client's websocket (which would otherwise name ``testserver``)."""


@contextlib.contextmanager
def open_seat(client: Any, match_id: str, token: str) -> Iterator[Any]:
    """A seat's websocket: connected to ``/ws/MATCH``, the token said in the first message."""
    with client.websocket_connect(f"/ws/{match_id}", headers=HOST) as ws:
        ws.send_json({"type": "hello", "token": token})
        yield ws
