"""``jantaku mjai-server``: a TCP mjai server in the original protocol (gimite's mjai).

::

    jantaku mjai-server --port 11600 --games 1 --rules tenhou --seed 0 --log match.jsonl

The server listens (on 127.0.0.1 unless ``--host`` says otherwise), greets each
connection with ``{"type":"hello","protocol":"mjsonp","protocol_version":1}`` and
waits for ``{"type":"join","name":NAME,"room":ROOM}``; when a table's seats are taken
(in the order the bots joined: the first is the first dealer) it plays a match. Each
event is sent to each bot as that seat sees it, one JSON object a line
(``start_game`` carries the seat as ``id``), and each bot answers every event with one
line: ``{"type":"none"}`` or, when it is the bot's decision, its action. After
``end_game`` the connections are closed and the next table is gathered, ``--games``
times. A bot that does not answer within ``--timeout`` seconds, closes its connection
or answers something that is not an action stops the match with an error naming its
seat, and every connection of that table is closed.

:class:`MjaiTcpSeat` is the agent that plays a seat through such a connection.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import socket
import sys
from collections.abc import Sequence
from typing import IO, Any, Final

from jantaku.agents.base import Agent
from jantaku.agents.mjai_bot import match_legal
from jantaku.errors import AgentError, LogFormatError
from jantaku.events import Action, EndGame, Event, action_from_mjai, event_to_mjai
from jantaku.match import MatchResult, play_match
from jantaku.rules import Rules

__all__ = ["HELLO", "MjaiTcpSeat", "accept_bot", "register", "run", "serve"]

HELLO: Final = {"type": "hello", "protocol": "mjsonp", "protocol_version": 1}
"""The greeting of the original mjai server."""


def _send(handle: IO[str], obj: dict[str, Any]) -> None:
    handle.write(json.dumps(obj, ensure_ascii=False, separators=(",", ":")) + "\n")
    handle.flush()


class MjaiTcpSeat(Agent):
    """A seat played by a bot connected over TCP, answering every event in turn.

    The bot is sent each event the seat sees, one a line, and answers each with one
    line; the answer to the last event before a decision is the bot's action (the
    others must be ``{"type":"none"}`` and are not read further). ``timeout`` bounds
    each answer in seconds.
    """

    wants_events = True
    uses_view = False

    def __init__(self, sock: socket.socket, name: str, *, timeout: float | None = 60.0) -> None:
        self.name = name
        self.seat = 0
        self._sock = sock
        sock.settimeout(timeout)
        self._io = sock.makefile("rw", encoding="utf-8", newline="\n")
        self._unsent: list[dict[str, Any]] = []

    def start_match(self, seat: int, players: int) -> None:
        """Remember the seat; nothing is sent yet."""
        self.seat = seat
        self._unsent = []

    def see(self, events: Sequence[Event]) -> None:
        """Queue events (projected onto this seat) for the next exchange."""
        self._unsent.extend(event_to_mjai(e) for e in events)

    def _exchange(self) -> str:
        """Send the queued events one by one, reading an answer to each; the last answer."""
        answer = ""
        try:
            for obj in self._unsent:
                _send(self._io, obj)
                answer = self._io.readline()
                if not answer:
                    raise AgentError("the bot closed its connection", seat=self.seat)
        except TimeoutError:
            raise AgentError("no answer in time", seat=self.seat) from None
        except OSError as e:
            raise AgentError(f"the connection failed: {e}", seat=self.seat) from None
        finally:
            self._unsent = []
        return answer

    def act(self, view: Any, legal: Sequence[Action]) -> Action:
        """Send the unseen events and map the bot's last answer onto the legal actions."""
        line = self._exchange()
        if not line:
            raise AgentError("nothing to answer: no event was sent", seat=self.seat)
        try:
            action = action_from_mjai(json.loads(line), actor=self.seat)
        except (json.JSONDecodeError, LogFormatError) as e:
            raise AgentError(f"the bot answered {line.strip()!r}: {e}", seat=self.seat) from None
        return match_legal(action, legal)

    def end_match(self, end: EndGame) -> None:
        """Send the last events (``end_game`` among them); the connection is closed later."""
        self._exchange()

    def close(self) -> None:
        """Close the connection."""
        for closing in (self._io.close, self._sock.close):
            with contextlib.suppress(OSError):
                closing()


def accept_bot(
    server: socket.socket, room: str, *, timeout: float | None = 60.0
) -> tuple[socket.socket, str] | None:
    """Accept one connection, greet it and read its ``join``; ``(socket, name)`` or
    ``None`` for a connection that did not join this room (it is told why and closed)."""
    sock, _address = server.accept()
    sock.settimeout(timeout)
    handle = sock.makefile("rw", encoding="utf-8", newline="\n")
    error = ""
    name = ""
    try:
        _send(handle, HELLO)
        line = handle.readline()
        message = json.loads(line) if line else {}
        if not isinstance(message, dict) or message.get("type") != "join":
            error = f'expected e.g. {{"type":"join","name":"noname","room":"{room}"}}'
        elif message.get("room", room) != room:
            error = f"no such room; the room is {room!r}"
        else:
            name = str(message.get("name") or "noname")
    except (OSError, json.JSONDecodeError) as e:
        error = f"bad join: {e}"
    if error:
        with contextlib.suppress(OSError):
            _send(handle, {"type": "error", "message": error})
        handle.close()
        sock.close()
        return None
    handle.close()  # the seat opens its own stream on the socket
    return sock, name


def serve(
    server: socket.socket,
    rules: Rules,
    *,
    games: int = 1,
    seed: int = 0,
    room: str = "default",
    timeout: float | None = 60.0,
    log: IO[str] | None = None,
    out: IO[str] | None = None,
) -> list[MatchResult]:
    """Play ``games`` matches on a listening socket, each between the bots that join.

    Match ``g`` uses seed ``seed + g``. Returns the results; raises
    :class:`~jantaku.errors.AgentError` for a bot that fails (the match stops).
    """
    results: list[MatchResult] = []
    for g in range(games):
        seats: list[MjaiTcpSeat] = []
        while len(seats) < rules.players:
            joined = accept_bot(server, room, timeout=timeout)
            if joined is not None:
                seats.append(MjaiTcpSeat(joined[0], joined[1], timeout=timeout))
                if out is not None:
                    print(f"{joined[1]} joined ({len(seats)}/{rules.players})", file=out)
        result = play_match(seats, rules, seed + g, log)  # closes the connections
        results.append(result)
        if out is not None:
            print(f"game {g + 1}: {result.summary_line()}", file=out, flush=True)
    return results


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``mjai-server`` subcommand."""
    p = subparsers.add_parser(
        "mjai-server",
        help="play matches between mjai bots that connect over TCP",
        description=(
            "A TCP mjai server (the original protocol: hello, join, then one answer per "
            "event). Bots that join take the seats in order; each table plays a match."
        ),
    )
    p.add_argument("--port", type=int, required=True, help="TCP port (0: any free port)")
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--room", default="default", help="the room bots join (default 'default')")
    p.add_argument("--games", type=int, default=1, help="matches to play (default 1)")
    p.add_argument("--seed", type=int, default=0, help="seed of the first match (default 0)")
    p.add_argument("--rules", default="tenhou", help="rules preset (default tenhou)")
    p.add_argument("--timeout", type=float, default=60.0, help="seconds per answer (default 60)")
    p.add_argument("--log", default=None, help="write the matches as mjai JSON lines to FILE")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Listen and play; the exit status is 0 when every match ended."""
    rules = Rules.preset(args.rules)
    with socket.create_server((args.host, args.port)) as server:
        host, port = server.getsockname()[:2]
        print(f"listening on {host}:{port}, room {args.room!r}", flush=True)
        log = open(args.log, "w", encoding="utf-8") if args.log else None  # noqa: SIM115
        try:
            serve(
                server,
                rules,
                games=args.games,
                seed=args.seed,
                room=args.room,
                timeout=args.timeout,
                log=log,
                out=sys.stdout,
            )
        finally:
            if log is not None:
                log.close()
    return 0
