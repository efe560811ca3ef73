"""``jantaku mjai-client``: seat an mjai bot at a TCP mjai server (the original protocol).

::

    jantaku mjai-client 127.0.0.1:11600 --agent "mjai:python bot.py {seat}" --name mybot

The client answers the server's ``hello`` with ``join`` and then passes every event to
the bot and the bot's answer back, one for one. The bot is a process in the
mjai.app dialect (a JSON array of events a line in, one action a line out), started
when ``start_game`` tells the seat (``{seat}`` in its arguments and ``JANTAKU_SEAT``
say it, as for ``mjai:COMMAND`` seats of :mod:`jantaku.agents`).

jantaku's built-in bots decide from the engine's view of the whole table, which a
client of another server does not have; they play at jantaku's own tables
(``jantaku mjai-server``, ``jantaku selfplay``).
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import socket
import subprocess
from collections.abc import Sequence
from typing import IO, Any

from jantaku.agents.mjai_bot import SEAT_ENV, bot_command
from jantaku.errors import AgentError, JantakuError

__all__ = ["parse_address", "play_remote", "register", "run"]


def parse_address(text: str) -> tuple[str, int]:
    """``HOST:PORT`` (or ``mjsonp://HOST:PORT/ROOM``, the room ignored) as a pair.

    >>> parse_address("127.0.0.1:11600")
    ('127.0.0.1', 11600)
    >>> parse_address("mjsonp://localhost:11600/default")
    ('localhost', 11600)
    >>> parse_address("nowhere")
    Traceback (most recent call last):
    ...
    jantaku.errors.JantakuError: not HOST:PORT: 'nowhere'

    Raises :class:`~jantaku.errors.JantakuError` for anything else.
    """
    rest = text.removeprefix("mjsonp://").split("/", 1)[0]
    host, _, port = rest.rpartition(":")
    if not host or not port.isdigit():
        raise JantakuError(f"not HOST:PORT: {text!r}")
    return host, int(port)


class _BotProcess:
    """An mjai.app-style bot process: one event in (as a one-element array), one answer out."""

    def __init__(self, command: Sequence[str], seat: int) -> None:
        self.seat = seat
        self._proc = subprocess.Popen(
            bot_command(command, seat),
            env={**os.environ, SEAT_ENV: str(seat)},
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            encoding="utf-8",
            bufsize=1,
        )

    def answer(self, event: dict[str, Any]) -> str:
        proc = self._proc
        if proc.stdin is None or proc.stdout is None:  # pragma: no cover - pipes were asked for
            raise AgentError("the bot has no pipes", seat=self.seat)
        try:
            proc.stdin.write(json.dumps([event], separators=(",", ":")) + "\n")
            proc.stdin.flush()
        except OSError as e:
            raise AgentError(f"the bot stopped reading: {e}", seat=self.seat) from None
        line = proc.stdout.readline()
        if not line:
            raise AgentError("the bot closed its output", seat=self.seat)
        return line.strip()

    def close(self) -> None:
        proc = self._proc
        try:
            if proc.stdin is not None:
                proc.stdin.close()
            proc.wait(timeout=5)
        except (OSError, subprocess.TimeoutExpired):
            proc.kill()
            proc.wait()
        finally:
            if proc.stdout is not None:
                proc.stdout.close()


def play_remote(
    address: tuple[str, int],
    command: Sequence[str],
    *,
    name: str = "jantaku",
    room: str = "default",
    timeout: float | None = 600.0,
) -> list[int] | None:
    """Join the server at ``address`` and let the bot play until the server ends the game.

    Returns the final scores of ``end_game`` (``None`` if it gave none). Raises
    :class:`~jantaku.errors.AgentError` for a bot that fails and
    :class:`~jantaku.errors.JantakuError` for a server that refuses or breaks off.
    """
    bot: _BotProcess | None = None
    scores: list[int] | None = None
    try:
        with socket.create_connection(address, timeout=timeout) as sock:
            handle: IO[str] = sock.makefile("rw", encoding="utf-8", newline="\n")
            with handle:
                for line in handle:
                    try:
                        event = json.loads(line)
                    except json.JSONDecodeError:
                        raise JantakuError(f"the server sent {line.strip()!r}") from None
                    kind = event.get("type") if isinstance(event, dict) else None
                    if kind == "hello":
                        reply = json.dumps({"type": "join", "name": name, "room": room})
                    elif kind == "error":
                        raise JantakuError(f"the server said: {event.get('message')}")
                    else:
                        if kind == "start_game":
                            if bot is not None:
                                bot.close()
                            bot = _BotProcess(command, int(event.get("id", 0)))
                        if bot is None:
                            raise JantakuError(f"the server sent {kind!r} before start_game")
                        reply = bot.answer(event)
                        if kind == "end_game":
                            scores = event.get("scores")
                    handle.write(reply + "\n")
                    handle.flush()
                    if kind == "end_game":
                        break
    except (OSError, TimeoutError) as e:
        raise JantakuError(f"the connection to {address[0]}:{address[1]} failed: {e}") from None
    finally:
        if bot is not None:
            bot.close()
    return scores


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``mjai-client`` subcommand."""
    p = subparsers.add_parser(
        "mjai-client",
        help="seat an mjai bot at a TCP mjai server",
        description="Join a TCP mjai server (the original protocol) and play with an mjai bot.",
    )
    p.add_argument("address", help="HOST:PORT of the server")
    p.add_argument(
        "--agent",
        required=True,
        help="mjai:COMMAND, a bot speaking mjai on its standard input and output "
        "({seat} in COMMAND and $JANTAKU_SEAT give its seat)",
    )
    p.add_argument("--name", default="jantaku", help="the name to join with")
    p.add_argument("--room", default="default", help="the room to join (default 'default')")
    p.add_argument("--games", type=int, default=1, help="games to play in turn (default 1)")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Play the games; prints each game's final scores."""
    if not args.agent.startswith("mjai:") or not shlex.split(args.agent[len("mjai:") :]):
        raise AgentError(
            f"{args.agent!r}: a client seat plays an mjai:COMMAND bot; jantaku's built-in bots "
            "play at jantaku's own tables (jantaku mjai-server, jantaku selfplay)",
            seat=0,
        )
    command = shlex.split(args.agent[len("mjai:") :])
    address = parse_address(args.address)
    for _ in range(args.games):
        scores = play_remote(address, command, name=args.name, room=args.room)
        print(f"end_game: scores {scores}", flush=True)
    return 0
