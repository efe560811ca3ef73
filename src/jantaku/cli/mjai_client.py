"""``jantaku mjai-client``: seat a bot at a TCP mjai server (the original protocol).

::

    jantaku mjai-client 127.0.0.1:11600 --agent efficiency --name mybot
    jantaku mjai-client 127.0.0.1:11600 --agent "mjai:python bot.py {seat}" --name mybot

The client answers the server's ``hello`` with ``join`` and then answers every event,
one for one, until ``end_game``.

- A built-in bot (``random``, ``tsumogiri``, ``efficiency``) plays from the seat's own
  side of the match, :class:`~jantaku.engine.seat.SeatState`, kept from the events the
  server sends: the same view and legal actions as at jantaku's own tables. The rules
  are those ``start_game`` carries (a jantaku server sends them as ``jantaku_rules``),
  else ``--rules``.
- ``mjai:COMMAND`` is a bot process in the mjai.app dialect (a JSON array of events a
  line in, one action a line out), started when ``start_game`` tells the seat
  (``{seat}`` in its arguments and ``JANTAKU_SEAT`` say it, as for ``mjai:COMMAND``
  seats of :mod:`jantaku.agents`); every event goes to it and its answer back.
"""

from __future__ import annotations

import argparse
import json
import os
import shlex
import socket
import subprocess
from collections.abc import Callable, Sequence
from typing import IO, Any, Protocol

from jantaku.agents import BOTS, make_agent
from jantaku.agents.mjai_bot import SEAT_ENV, bot_command
from jantaku.cli.common import add_games
from jantaku.engine.seat import SeatState
from jantaku.errors import AgentError, JantakuError, LogFormatError
from jantaku.events import EndGame, Pass, StartGame, event_from_mjai, event_to_mjai
from jantaku.rules import Rules

__all__ = ["parse_address", "play_remote", "play_remote_bot", "register", "run"]

_NONE = json.dumps({"type": "none"})


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


class _Seat(Protocol):
    def answer(self, event: dict[str, Any]) -> str: ...

    def close(self) -> None: ...


class _BuiltinSeat:
    """A built-in bot at a remote seat: the seat's state follows the events, and the bot
    is asked whenever the seat has something to decide."""

    def __init__(self, bot: str, start: dict[str, Any], rules: Rules | None) -> None:
        try:
            game = event_from_mjai(start)
        except LogFormatError as e:
            raise JantakuError(f"the server sent an unreadable start_game: {e}") from None
        seat = start.get("id")
        if not isinstance(game, StartGame) or not isinstance(seat, int) or isinstance(seat, bool):
            raise JantakuError(f"start_game gives no seat: {start!r}")
        if rules is None:
            rules = Rules.preset("tenhou-sanma" if game.players == 3 else "tenhou")
        self.seat = seat
        self.agent = make_agent(bot, seed=seat, seat=seat, rules=rules)
        self.state = SeatState(seat, rules)
        self.agent.start_match(seat, game.players)

    def answer(self, event: dict[str, Any]) -> str:
        try:
            e = event_from_mjai(event)
        except LogFormatError as err:
            raise JantakuError(f"the server sent an unreadable event: {err}") from None
        self.state.apply(e)
        if isinstance(e, EndGame):
            self.agent.end_match(e)
            return _NONE
        legal = self.state.legal_actions()
        if not legal:
            return _NONE
        action = self.agent.act(self.state.view(), legal)
        if isinstance(action, Pass):
            return _NONE
        return json.dumps(event_to_mjai(action), separators=(",", ":"))

    def close(self) -> None:
        self.agent.close()


def play_remote_bot(
    address: tuple[str, int],
    bot: str,
    *,
    name: str = "jantaku",
    room: str = "default",
    rules: Rules | None = None,
    timeout: float | None = 600.0,
) -> list[int] | None:
    """Join the server at ``address`` with a built-in bot (``efficiency`` …) and play
    until the server ends the game; see :func:`play_remote`.

    ``rules`` are used when ``start_game`` carries none (default: Tenhou's for the
    number of players). Raises :class:`~jantaku.errors.AgentError` for a name that is
    no built-in bot and :class:`~jantaku.errors.JantakuError` for a server that
    refuses, breaks off or sends what cannot follow.
    """
    if bot not in BOTS:
        raise AgentError(f"unknown agent {bot!r} (known: {', '.join(BOTS)})", seat=0)
    return _session(address, lambda start: _BuiltinSeat(bot, start, rules), name, room, timeout)


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
    return _session(
        address, lambda start: _BotProcess(command, int(start.get("id", 0))), name, room, timeout
    )


def _session(
    address: tuple[str, int],
    seat_for: Callable[[dict[str, Any]], _Seat],
    name: str,
    room: str,
    timeout: float | None,
) -> list[int] | None:
    """The protocol: join, then answer every event with the seat made at ``start_game``."""
    bot: _Seat | None = None
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
                                bot = None
                            bot = seat_for(event)
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
        help="seat a bot at a TCP mjai server",
        description="Join a TCP mjai server (the original protocol) and play with a built-in "
        "bot or an mjai bot.",
    )
    p.add_argument("address", help="HOST:PORT of the server")
    p.add_argument(
        "--agent",
        required=True,
        help=f"a built-in bot ({', '.join(BOTS)}) or mjai:COMMAND, a bot speaking mjai on "
        "its standard input and output ({seat} in COMMAND and $JANTAKU_SEAT give its seat)",
    )
    p.add_argument(
        "--rules",
        default=None,
        help="rules preset for a built-in bot when start_game carries none "
        "(default tenhou, or tenhou-sanma for three players)",
    )
    p.add_argument("--name", default="jantaku", help="the name to join with")
    p.add_argument("--room", default="default", help="the room to join (default 'default')")
    add_games(p, default=1, what="games to play in turn")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Play the games; prints each game's final scores."""
    agent = args.agent
    rules = Rules.preset(args.rules) if args.rules else None
    command: list[str] = []
    if agent.startswith("mjai:"):
        command = shlex.split(agent[len("mjai:") :])
        if not command:
            raise AgentError("mjai: needs the command that starts the bot", seat=0)
    elif agent not in BOTS:
        known = ", ".join((*BOTS, "mjai:COMMAND"))
        raise AgentError(f"unknown agent {agent!r} (known: {known})", seat=0)
    address = parse_address(args.address)
    for _ in range(args.games):
        if command:
            scores = play_remote(address, command, name=args.name, room=args.room)
        else:
            scores = play_remote_bot(address, agent, name=args.name, room=args.room, rules=rules)
        print(f"end_game: scores {scores}", flush=True)
    return 0
