"""The table's websocket protocol: typed client messages, their validation, and the
JSON the server sends (see ``PROTOCOL.md`` next to this module).

A client speaks for one seat, the one its seat token opens; it sends JSON objects
with a ``type``. :func:`parse_client_message` turns one into a typed message or
raises :class:`ProtocolError` with a machine-readable ``code`` — the server answers
``{"type": "error", "code": ..., "message": ...}`` and changes nothing.

>>> parse_client_message('{"type": "act", "decision": 3, "index": 1}')
Act(decision=3, index=1, action=None)
>>> parse_client_message('{"type": "settings", "auto_win": true}')
Settings(values={'auto_win': True})
>>> parse_client_message('{"type": "act", "decision": -1, "index": 0}')
Traceback (most recent call last):
...
jantaku.web.protocol.ProtocolError: malformed: 'decision' must be a whole number >= 0

The server's JSON uses tile codes in mpsz notation (``"1m"`` … ``"9s"``, ``"0p"`` a red
five, ``"1z"`` … ``"7z"`` the honors): :func:`tile_code`. Actions are listed with their
mjai form (:func:`action_json`), events as mjai objects projected for the seat.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, TypeAlias, cast

from jantaku.agents.render import describe_action
from jantaku.engine.view import View
from jantaku.errors import JantakuError
from jantaku.events import (
    Action,
    Ankan,
    Chi,
    Dahai,
    Daiminkan,
    Hora,
    Kakan,
    Nukidora,
    Pon,
    event_to_mjai,
)
from jantaku.meld import Meld
from jantaku.tiles import UNKNOWN, Tile, format_tiles

__all__ = [
    "ERROR_CODES",
    "SETTINGS",
    "Act",
    "ClientMessage",
    "Hello",
    "Ping",
    "ProtocolError",
    "Ready",
    "Settings",
    "action_json",
    "action_kind",
    "error_json",
    "meld_json",
    "parse_client_message",
    "tile_code",
    "view_json",
]

MAX_MESSAGE: Final = 4096
"""The longest client message the server reads, in characters."""

SETTINGS: Final = ("auto_win", "auto_pass", "no_call", "aids", "pause")
"""The seat's toggles a ``settings`` message may set (each a boolean)."""

ERROR_CODES: Final[Mapping[str, str]] = {
    # the websocket's ``error`` messages
    "malformed": "the message (or a request's body) is not in the documented shape",
    "unknown": "a message of an unknown type",
    "stale": "an answer to a decision that is over",
    "not_pending": "the seat has nothing to decide now",
    "illegal": "not one of the seat's legal actions",
    "over": "the match has ended",
    "forbidden": "no such match or seat token",
    "failed": "the match stopped: a bot or the server failed",
    "rate_limited": "too many messages: the connection closes",
    "busy": "the seat was opened in another window: this one closes",
    "internal": "part of the table could not be computed; the rest was sent",
    # the HTTP answers' errors, ``{"error": TEXT, "code": CODE}``
    "no_tile": "no such tile picture",
    "too_many_matches": "too many new matches from one address in a minute",
    "unknown_preset": "no rules preset of that name",
    "bad_setup": "the match cannot be set up so (a bot, a name, the timer)",
    "no_match": "no such match",
    "still_playing": "the match is still being played",
    "not_exportable": "the match cannot be written as a tenhou.net/6 record",
    "foreign_site": "a request from another site",
    "content_type": "the body is not of a type the server reads",
    "too_large": "the body or the record is too large",
    "slow_body": "the request's body did not arrive in time",
    "bad_gzip": "the gzip data cannot be read",
    "empty_record": "the record is empty",
    "unreadable": "the record cannot be read",
    "too_many_events": "the record holds more events than are read",
    "long_name": "a player's name in the record is too long",
    "long_attribute": "an attribute of the record is too long",
    "too_big_replay": "the record's replay is too large",
    "shutting_down": "the server is shutting down",
    "readers_busy": "every record reader is busy",
    "too_slow": "the record took too long to read",
    "reader_failed": "the record's reader failed",
}
"""Every code of an error the server sends, with what it means. The websocket's
``error`` messages and the HTTP answers' ``{"error", "code"}`` carry one beside the
English text; the page says each in the person's language by its code."""


class ProtocolError(JantakuError, ValueError):
    """A client message the server refuses; ``code`` says why in one word.

    Codes: ``malformed`` (not the documented shape), ``unknown`` (an unknown
    ``type``), ``stale`` (answers a decision that is not the pending one),
    ``not_pending`` (the seat has nothing to decide now), ``illegal`` (not one of the
    seat's legal actions; acting for another seat is illegal too), ``over`` (the match
    has ended), ``forbidden`` (no such match or seat token), ``rate_limited`` (too many
    messages: the socket is closed), ``busy`` (too many connections), ``internal`` (the
    server failed to build part of a message; the rest was sent).
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(f"{code}: {message}")
        self.code = code
        self.message = message


@dataclass(frozen=True, slots=True)
class Act:
    """``act``: answer decision ``decision`` with the legal action at ``index``, or with
    ``action`` (an mjai object that must equal one of the legal actions)."""

    decision: int
    index: int | None = None
    action: Mapping[str, Any] | None = None


@dataclass(frozen=True, slots=True)
class Settings:
    """``settings``: the seat's toggles to change (``auto_win`` … see :data:`SETTINGS`)."""

    values: Mapping[str, bool]


@dataclass(frozen=True, slots=True)
class Hello:
    """``hello``: the first message of a connection, naming the seat by its ``token``
    (kept out of URLs, which servers and proxies log)."""

    token: str


@dataclass(frozen=True, slots=True)
class Ready:
    """``ready``: the seat closed the result of the hand that ended (with ``pause`` on,
    the table deals on when every seat that shows results is ready)."""


@dataclass(frozen=True, slots=True)
class Ping:
    """``ping``: the server answers ``pong`` (keeps a connection alive)."""


ClientMessage: TypeAlias = Hello | Act | Settings | Ready | Ping


def _whole(obj: Mapping[str, Any], key: str) -> int:
    value = obj.get(key)
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise ProtocolError("malformed", f"{key!r} must be a whole number >= 0")
    return value


def parse_client_message(text: str | bytes) -> ClientMessage:
    """Read one client message; raises :class:`ProtocolError` for anything else.

    >>> parse_client_message('{"type": "ping"}')
    Ping()
    >>> parse_client_message('[1, 2]')
    Traceback (most recent call last):
    ...
    jantaku.web.protocol.ProtocolError: malformed: a message is a JSON object with a 'type'
    """
    if len(text) > MAX_MESSAGE:
        raise ProtocolError("malformed", f"a message holds at most {MAX_MESSAGE} characters")
    try:
        obj = json.loads(text)
    except (ValueError, UnicodeDecodeError):
        raise ProtocolError("malformed", "not JSON") from None
    except RecursionError:
        raise ProtocolError("malformed", "JSON nested too deep") from None
    if not isinstance(obj, dict) or not isinstance(obj.get("type"), str):
        raise ProtocolError("malformed", "a message is a JSON object with a 'type'")
    kind = obj["type"]
    if kind == "ping":
        return Ping()
    if kind == "ready":
        return Ready()
    if kind == "hello":
        token = obj.get("token")
        if not isinstance(token, str) or not 0 < len(token) <= 64:
            raise ProtocolError("malformed", "a hello gives the seat's 'token'")
        return Hello(token)
    if kind == "settings":
        values: dict[str, bool] = {}
        for key, value in obj.items():
            if key == "type":
                continue
            if key not in SETTINGS:
                raise ProtocolError("malformed", f"unknown setting {key!r}")
            if not isinstance(value, bool):
                raise ProtocolError("malformed", f"setting {key!r} must be true or false")
            values[key] = value
        return Settings(values)
    if kind == "act":
        decision = _whole(obj, "decision")
        has_index, has_action = "index" in obj, "action" in obj
        if has_index == has_action:
            raise ProtocolError("malformed", "an act gives either 'index' or 'action'")
        if has_index:
            return Act(decision, index=_whole(obj, "index"))
        action = obj["action"]
        if not isinstance(action, dict):
            raise ProtocolError("malformed", "'action' must be an mjai object")
        return Act(decision, action=action)
    raise ProtocolError("unknown", f"unknown message type {kind!r}")


def error_json(code: str, message: str) -> dict[str, Any]:
    """The server's error message.

    >>> error_json("stale", "decision 3 is over")
    {'type': 'error', 'code': 'stale', 'message': 'decision 3 is over'}
    """
    return {"type": "error", "code": code, "message": message}


_CODES: Final = tuple("?" if t == UNKNOWN else format_tiles([t]) for t in range(UNKNOWN + 2))


def tile_code(tile: Tile) -> str:
    """A tile's code on the page (mpsz; ``"?"`` for a hidden tile), also its image's name.

    >>> tile_code(0), tile_code(34), tile_code(33), tile_code(37)
    ('1m', '0m', '7z', '?')
    """
    return _CODES[tile]


def _codes(tiles: Sequence[Tile]) -> list[str]:
    return [tile_code(t) for t in tiles]


def meld_json(meld: Meld) -> dict[str, Any]:
    """A meld for drawing: its kind, its tiles in table order, which is turned sideways.

    ``tiles`` lists the tiles left to right as they lie; ``sideways`` the index of the
    called tile (turned towards its giver: left, across or right), ``-1`` for none;
    ``added`` the index of a kakan's added tile (laid on the sideways one), else ``-1``.
    ``from`` is the giver relative to the owner (1 right, 2 across, 3 left).
    """
    kind = meld.kind.value
    tiles = list(meld.tiles)
    sideways = -1
    added = -1
    rel = meld.called_from
    if kind == "ankan":
        return {
            "kind": kind,
            "tiles": _codes(tiles),
            "sideways": -1,
            "added": -1,
            "from": 0,
            "down": [0, 3],
        }
    called = meld.called
    own = list(tiles)
    extra: Tile | None = None
    if kind == "kakan" and meld.added is not None:
        extra = meld.added
        own.remove(extra)
    if called is not None and called in own:
        own.remove(called)
    # the called tile lies at the giver's side: left for the left seat, middle across,
    # right for the right seat (chii always from the left)
    if rel == 3 or kind == "chii":
        order = [called, *own]
        sideways = 0
    elif rel == 2:
        order = [own[0], called, *own[1:]]
        sideways = 1
    else:
        order = [*own, called]
        sideways = len(order) - 1
    if extra is not None:
        order.insert(sideways + 1, extra)
        added = sideways + 1
    return {
        "kind": kind,
        "tiles": _codes([t for t in order if t is not None]),
        "sideways": sideways,
        "added": added,
        "from": rel,
        "down": [],
    }


_BUTTON: Final = {
    "dahai": "dahai",
    "reach": "riichi",
    "chi": "chii",
    "pon": "pon",
    "daiminkan": "kan",
    "kakan": "kan",
    "ankan": "kan",
    "ryukyoku": "kyuushu",
    "kita": "kita",
}
"""The page's button of each kind of action (a win's, tsumo or ron, is read from it)."""


def action_kind(action: Action) -> str:
    """The button an action belongs to: ``dahai``, ``riichi``, ``chii``, ``pon``, ``kan``
    (any of the three), ``tsumo``, ``ron``, ``kyuushu``, ``kita`` or ``skip``.

    >>> from jantaku.events import Pass
    >>> action_kind(Hora(actor=0, target=0)), action_kind(Pass(1))
    ('tsumo', 'skip')
    """
    kind = action.kind
    if kind == "hora":
        return "tsumo" if cast(Hora, action).is_tsumo else "ron"  # the one class of "hora"
    return _BUTTON.get(kind, "skip")


def action_json(index: int, action: Action, players: int) -> dict[str, Any]:
    """One legal action as the page lists it: its index, button, tiles, label and mjai form.

    >>> from jantaku.events import Pass
    >>> action_json(0, Dahai(0, 5, True), 4)["tile"], action_json(1, Pass(0), 4)["kind"]
    ('6m', 'skip')
    """
    tile: str | None = None
    consumed: list[str] = []
    tsumogiri = False
    match action.kind:  # each kind is one class (see Action.kind): the casts are exact
        case "dahai":
            d = cast(Dahai, action)
            tile, tsumogiri = tile_code(d.pai), d.tsumogiri
        case "chi" | "pon" | "daiminkan" | "kakan":
            call = cast("Chi | Pon | Daiminkan | Kakan", action)
            tile, consumed = tile_code(call.pai), _codes(call.consumed)
        case "ankan":
            ankan = cast(Ankan, action)
            tile, consumed = tile_code(ankan.consumed[0]), _codes(ankan.consumed)
        case "kita" | "hora":
            pai = cast("Nukidora | Hora", action).pai
            tile = tile_code(pai) if pai is not None else None
    return {
        "index": index,
        "kind": action_kind(action),
        "tile": tile,
        "consumed": consumed,
        "tsumogiri": tsumogiri,
        "label": describe_action(action, players),
        "mjai": event_to_mjai(action),
    }


def view_json(view: View) -> dict[str, Any]:
    """A seat's :class:`~jantaku.engine.View` as JSON: exactly what the seat may see."""
    hand = list(view.hand)
    if view.drawn is not None and view.drawn in hand:
        hand.remove(view.drawn)
    return {
        "seat": view.seat,
        "players": view.players,
        "phase": view.phase,
        "bakaze": tile_code(view.bakaze),
        "kyoku": view.kyoku,
        "honba": view.honba,
        "kyotaku": view.kyotaku,
        "oya": view.oya,
        "turn": view.turn,
        "scores": list(view.scores),
        "dora_markers": _codes(view.dora_markers),
        "tiles_left": view.tiles_left,
        "hand": _codes(hand),
        "drawn": tile_code(view.drawn) if view.drawn is not None else None,
        "hand_sizes": list(view.hand_sizes),
        "melds": [[meld_json(m) for m in melds] for melds in view.melds],
        "rivers": [
            [
                {"tile": tile_code(d.tile), "tsumogiri": d.tsumogiri, "riichi": d.riichi}
                | {"called": d.called}
                for d in river
            ]
            for river in view.rivers
        ],
        "riichi": list(view.riichi),
        "nuki": list(view.nuki),
        "flowers": list(view.flowers),
        "last_discard": tile_code(view.last_discard) if view.last_discard is not None else None,
        "last_discarder": view.last_discarder,
        "furiten": view.furiten,
        "names": list(view.names),
    }
