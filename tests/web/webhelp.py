"""Helpers of the web table's tests: a client that plays a seat by a fixed policy."""

from __future__ import annotations

from typing import Any


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


def next_prompt(ws: Any, *, collect: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """Read messages until one asks the seat to decide (or the match ends)."""
    while True:
        msg = ws.receive_json()
        if collect is not None:
            collect.append(msg)
        if msg["type"] == "state" and (msg["legal"] or msg["done"]):
            return dict(msg)
