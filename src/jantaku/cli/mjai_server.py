"""``jantaku mjai-server``: a TCP mjai server in the original protocol (gimite's mjai).

::

    jantaku mjai-server --port 11600 --games 1 --rules tenhou --seed 0 --log match.jsonl

The server listens (on 127.0.0.1 unless ``--host`` says otherwise), greets each
connection with ``{"type":"hello","protocol":"mjsonp","protocol_version":1}`` and
waits for ``{"type":"join","name":NAME,"room":ROOM}``; when a table's seats are taken
(in the order the bots joined: the first is the first dealer) it plays a match. Each
event is sent to each bot as that seat sees it, one JSON object a line
(``start_game`` carries the seat as ``id``), and each bot answers every event with one
line, a JSON object: ``{"type":"none"}`` or, when it is the bot's decision, its
action. After ``end_game`` the connections are closed (a bot may leave without
answering ``end_game``: the match is over) and the next table is gathered, ``--games``
times.

A connection that does not join (another room, a line that is no ``join``, nothing
within ``--timeout`` seconds) is told why in an ``{"type":"error","message":...}``
line, closed and reported; the table waits for the next bot. A bot that does not
answer within ``--timeout`` seconds, closes its connection, or answers something that
is not a JSON object or not a legal action loses that match, and only that match:

- it is reported as failed, with the seat, the bot's name and the reason;
- with ``--log``, the match's events are followed by one line that marks the failure,
  in the shape of the original mjai's error event,
  ``{"type":"error","actor":SEAT,"name":NAME,"message":REASON}`` (see
  :func:`failure_event`), and the next match's ``start_game`` follows. jantaku's
  reader (:mod:`jantaku.logs.mjai`) reads such a file: leniently, the failed match is
  a game without ``end_game`` whose errors name the marker's line, and the matches
  after it read whole; strictly, it refuses the file at the marker's line with a
  :class:`~jantaku.errors.LogFormatError`;
- every bot at that table is sent ``{"type":"error","message":...}`` saying which seat
  failed and why, and its connection is closed;
- the server goes on to gather the next table.

:func:`serve` returns each match's :class:`~jantaku.match.MatchResult` or, for a
failed one, its :class:`~jantaku.match.FailedMatch`; the command prints a one-line
summary at the end and exits with status 1 if any match failed (0 otherwise, 2 for
bad options or an address it cannot listen on).

:class:`MjaiTcpSeat` is the agent that plays a seat through such a connection.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import socket
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import IO, Any, Final, cast

from jantaku.agents.base import Agent
from jantaku.agents.mjai_bot import match_legal
from jantaku.cli.common import bounded_int, echo, open_output, seconds
from jantaku.engine import Referee
from jantaku.errors import AgentError, ArgumentError, IllegalActionError, LogFormatError
from jantaku.events import Action, EndGame, Event, action_from_mjai, event_to_mjai
from jantaku.logs.mjai import write_game
from jantaku.match import FailedMatch, MatchResult, play_match
from jantaku.rules import Rules

__all__ = [
    "HELLO",
    "MAX_LINE",
    "MjaiTcpSeat",
    "accept_bot",
    "failure_event",
    "register",
    "run",
    "serve",
    "summary_line",
]

HELLO: Final = {"type": "hello", "protocol": "mjsonp", "protocol_version": 1}
"""The greeting of the original mjai server."""

MAX_LINE: Final = 1 << 20
"""The longest line (in bytes) a bot may send: a ``join`` or an answer is far shorter."""

MAX_GAMES: Final = 1_000_000
MAX_SEED: Final = 2**63 - 1
_NAME_LIMIT: Final = 64  # characters of a bot's name kept
_ECHO: Final = 100  # characters of a bad line quoted in a report
_FAREWELL_SECONDS: Final = 5.0  # the longest wait to hand a closing error line over


class _BadLine(Exception):
    """A line from a bot that is no text line: too long, or not UTF-8."""


class _Connection:
    """One bot's connection: JSON lines out, lines in, each line within ``timeout``
    seconds in all (a bot that trickles a byte at a time is not given more)."""

    def __init__(self, sock: socket.socket, timeout: float | None) -> None:
        self.sock = sock
        self.timeout = timeout
        self._buffer = bytearray()

    def send(self, obj: dict[str, Any], *, timeout: float | None = None) -> None:
        """Send one JSON object as one line (within ``timeout``, by default the
        connection's). Raises ``OSError`` (``TimeoutError`` included)."""
        text = json.dumps(obj, ensure_ascii=False, separators=(",", ":")) + "\n"
        self.sock.settimeout(self.timeout if timeout is None else timeout)
        self.sock.sendall(text.encode("utf-8"))

    def read_line(self) -> str:
        """The next line, ``""`` once the bot has closed its connection.

        Raises ``TimeoutError`` when the line is not complete within the time limit,
        :class:`_BadLine` for a line longer than :data:`MAX_LINE` or not UTF-8, and
        ``OSError`` for a broken connection.
        """
        deadline = None if self.timeout is None else time.monotonic() + self.timeout
        searched = 0
        while (end := self._buffer.find(b"\n", searched)) < 0:
            searched = len(self._buffer)
            if searched > MAX_LINE:
                raise _BadLine(f"a line longer than {MAX_LINE} bytes")
            if deadline is None:
                self.sock.settimeout(None)
            else:
                left = deadline - time.monotonic()
                if left <= 0:
                    raise TimeoutError
                self.sock.settimeout(left)
            chunk = self.sock.recv(1 << 16)
            if not chunk:  # closed: what is left is the last line, if anything
                end = len(self._buffer) - 1
                break
            self._buffer += chunk
        line = bytes(self._buffer[: end + 1])
        del self._buffer[: end + 1]
        try:
            return line.decode("utf-8")
        except UnicodeDecodeError:
            raise _BadLine("a line that is not UTF-8 text") from None

    def close(self) -> None:
        """Close the connection once what was sent is on its way. What the bot sent and
        was not read is read and dropped first: closing over unread bytes would reset
        the connection, and the bot could lose the last line sent to it."""
        with contextlib.suppress(OSError):
            self.sock.shutdown(socket.SHUT_WR)
            self.sock.setblocking(False)
            for _ in range(16):  # at most 1 MiB, whatever a bot keeps sending
                if not self.sock.recv(1 << 16):
                    break
        self.sock.close()


def _timeout(value: object) -> float | None:
    """A time limit checked: a positive number of seconds, ``None`` or ``inf`` for none."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ArgumentError(f"the timeout must be a number of seconds, not {value!r}")
    if math.isnan(value) or value <= 0:
        raise ArgumentError(f"the timeout must be a positive number of seconds, not {value!r}")
    return None if math.isinf(value) else float(value)


def _within(timeout: float | None) -> str:
    return "in time" if timeout is None else f"within {timeout:g} s"


def _bot_name(value: object) -> str:
    """A joining bot's name as it is shown and logged: printable, at most 64 characters.

    >>> _bot_name("shanten\\x1b[2J bot"), _bot_name(None), _bot_name("x" * 100) == "x" * 64
    ('shanten[2J bot', 'noname', True)
    """
    text = "".join(c for c in str(value or "") if c.isprintable())
    return text[:_NAME_LIMIT] or "noname"


class MjaiTcpSeat(Agent):
    """A seat played by a bot connected over TCP, answering every event in turn.

    The bot is sent each event the seat sees, one a line, and answers each with one
    line, a JSON object; the answer to the last event before a decision is the bot's
    action (the others should be ``{"type":"none"}``; they are not read further).
    ``timeout`` bounds each answer in seconds (``None``: no limit). Once ``end_game``
    is sent the match is over, and a bot that then leaves loses nothing.

    The match closes the connection when it ends (:meth:`close`); with
    ``keep_open=True`` it is left open for :meth:`hang_up`, which can first tell the
    bot why the match stopped.
    """

    wants_events = True
    uses_view = False

    def __init__(
        self,
        sock: socket.socket,
        name: str,
        *,
        timeout: float | None = 60.0,
        keep_open: bool = False,
    ) -> None:
        self.name = name
        self.seat = 0
        self._timeout = _timeout(timeout)
        self._connection = _Connection(sock, self._timeout)
        self._keep_open = keep_open
        self._closed = False
        self._unsent: list[dict[str, Any]] = []
        self._last = ""  # the last answer's line, to quote it

    def start_match(self, seat: int, players: int) -> None:
        """Remember the seat; nothing is sent yet."""
        self.seat = seat
        self._unsent = []

    def see(self, events: Sequence[Event]) -> None:
        """Queue events (projected onto this seat) for the next exchange."""
        self._unsent.extend(event_to_mjai(e) for e in events)

    def _exchange(self) -> dict[str, Any] | None:
        """Send the queued events one by one, reading an answer to each; the last answer
        (``None`` if nothing was queued)."""
        answer: dict[str, Any] | None = None
        sending = True
        try:
            for obj in self._unsent:
                sending = True
                self._connection.send(obj)
                sending = False
                answer = self._answer()
        except TimeoutError:
            what = "read nothing" if sending else "gave no answer"
            raise AgentError(f"the bot {what} {_within(self._timeout)}", seat=self.seat) from None
        except _BadLine as e:
            raise AgentError(f"the bot sent {e}", seat=self.seat) from None
        except OSError as e:
            raise AgentError(f"the connection failed: {e.strerror or e}", seat=self.seat) from None
        finally:
            self._unsent = []
        return answer

    def _answer(self) -> dict[str, Any]:
        """Read one answer: a JSON object on one line."""
        line = self._connection.read_line()
        if not line:
            raise AgentError("the bot closed its connection", seat=self.seat)
        self._last = line.strip()
        try:
            obj = json.loads(line)
        except (ValueError, RecursionError):
            raise AgentError(
                f"the bot answered {echo(self._last, _ECHO)!r}, which is not JSON", seat=self.seat
            ) from None
        if not isinstance(obj, dict):
            raise AgentError(
                f"the bot answered {echo(self._last, _ECHO)!r}, which is not a JSON object",
                seat=self.seat,
            )
        return obj

    def act(self, view: Any, legal: Sequence[Action]) -> Action:
        """Send the unseen events and map the bot's last answer onto the legal actions."""
        answer = self._exchange()
        if answer is None:
            raise AgentError("nothing to answer: no event was sent", seat=self.seat)
        try:
            action = action_from_mjai(answer, actor=self.seat)
        except LogFormatError as e:
            said = echo(self._last, _ECHO)
            raise AgentError(f"the bot answered {said!r}: {e}", seat=self.seat) from None
        return match_legal(action, legal)

    def end_match(self, end: EndGame) -> None:
        """Send the last events (``end_game`` among them); a bot that does not answer
        them, or leaves, loses nothing: the match is over."""
        with contextlib.suppress(AgentError):
            self._exchange()

    def hang_up(self, message: str | None = None) -> None:
        """Close the connection, first sending ``{"type":"error","message":message}``
        if a message is given (a bot already gone is not waited for). Only the first
        call does anything."""
        if self._closed:
            return
        self._closed = True
        if message is not None:
            farewell = min(self._timeout or _FAREWELL_SECONDS, _FAREWELL_SECONDS)
            with contextlib.suppress(OSError):
                self._connection.send({"type": "error", "message": message}, timeout=farewell)
        self._connection.close()

    def close(self) -> None:
        """Close the connection (the match calls it); left to :meth:`hang_up` if the
        seat was made with ``keep_open=True``."""
        if not self._keep_open:
            self.hang_up()


def accept_bot(
    server: socket.socket,
    room: str,
    *,
    timeout: float | None = 60.0,
    out: IO[str] | None = None,
) -> tuple[socket.socket, str] | None:
    """Accept one connection, greet it and read its ``join``; ``(socket, name)``.

    A connection that does not join this room — another room, a line that is no
    ``join``, nothing within ``timeout`` seconds, a broken connection — is told why
    (an mjai ``error`` line), closed and reported on ``out``, and ``None`` is
    returned: one bad client never stops the server. The name is kept printable and
    at most 64 characters long.
    """
    timeout = _timeout(timeout)
    try:
        sock, address = server.accept()
    except ConnectionError:  # the client gave up before it was accepted
        return None
    connection = _Connection(sock, timeout)
    error = name = line = ""
    try:
        connection.send(HELLO)
        line = connection.read_line()
        message = json.loads(line) if line else None
        if line and (not isinstance(message, dict) or message.get("type") != "join"):
            said = echo(line.strip(), _ECHO)
            error = f'expected e.g. {{"type":"join","name":"noname","room":"{room}"}}, not {said!r}'
        elif message is None:
            error = "the connection was closed before join"
        elif message.get("room", room) != room:
            error = f"no such room; the room is {room!r}"
        else:
            name = _bot_name(message.get("name"))
    except TimeoutError:
        error = f"no join {_within(timeout)}"
    except _BadLine as e:
        error = f"bad join: {e}"
    except OSError as e:
        error = f"the connection failed: {e.strerror or e}"
    except (ValueError, RecursionError):
        error = f"bad join: not JSON: {echo(line.strip(), _ECHO)!r}"
    if error:
        with contextlib.suppress(OSError):
            connection.send({"type": "error", "message": error}, timeout=_FAREWELL_SECONDS)
        connection.close()
        if out is not None:
            where = ":".join(str(part) for part in address[:2])
            print(f"turned away {where}: {error}", file=out, flush=True)
        return None
    return sock, name


def failure_event(failure: FailedMatch) -> dict[str, Any]:
    """The line that closes a failed match's log: the original mjai's ``error`` event
    (``actor`` the seat at fault) with the bot's ``name``.

    >>> failure_event(FailedMatch(1, 0, 2, "bot", "the bot closed its connection"))
    {'type': 'error', 'actor': 2, 'name': 'bot', 'message': 'the bot closed its connection'}
    """
    event: dict[str, Any] = {"type": "error"}
    if failure.seat is not None:
        event["actor"] = failure.seat
        event["name"] = failure.agent
    event["message"] = failure.reason
    return event


def _fault(failure: FailedMatch) -> str:
    """Who failed and why, in words: ``seat 2 (bot): no answer``."""
    if failure.seat is None:
        return failure.reason
    return f"seat {failure.seat} ({failure.agent}): {failure.reason}"


def summary_line(outcomes: Sequence[MatchResult | FailedMatch]) -> str:
    """One line over the matches :func:`serve` played: how many ended, how many failed.

    >>> summary_line([FailedMatch(1, 0, 2, "bot", "no answer within 5 s")])
    '1 game: 0 finished, 1 failed (game 1)'
    >>> summary_line([])
    '0 games: 0 finished, 0 failed'
    """
    failed = [o.game for o in outcomes if isinstance(o, FailedMatch)]
    games = len(outcomes)
    line = f"{games} game{'' if games == 1 else 's'}: {games - len(failed)} finished, "
    line += f"{len(failed)} failed"
    if failed:
        line += f" (game{'' if len(failed) == 1 else 's'} {', '.join(map(str, failed))})"
    return line


def _say(out: IO[str] | None, line: str) -> None:
    if out is not None:
        print(line, file=out, flush=True)


def _gather(
    server: socket.socket, players: int, room: str, timeout: float | None, out: IO[str] | None
) -> list[MjaiTcpSeat]:
    """The bots of the next table, in the order they joined."""
    seats: list[MjaiTcpSeat] = []
    try:
        while len(seats) < players:
            joined = accept_bot(server, room, timeout=timeout, out=out)
            if joined is not None:
                seats.append(MjaiTcpSeat(joined[0], joined[1], timeout=timeout, keep_open=True))
                _say(out, f"{joined[1]} joined ({len(seats)}/{players})")
    except BaseException:  # an interrupt: the bots waiting are told
        for seat in seats:
            seat.hang_up("the server stopped")
        raise
    return seats


class _LogTap:
    """A match's log on its way to the server's: every line is passed on, and whether
    any came is noted (the match writes and flushes, nothing else)."""

    def __init__(self, log: IO[str]) -> None:
        self._log = log
        self.written = False

    def write(self, text: str) -> int:
        self.written = self.written or bool(text)
        return self._log.write(text)

    def flush(self) -> None:
        self._log.flush()


def _log_failure(
    log: IO[str], tap: _LogTap, failure: FailedMatch, rules: Rules, names: tuple[str, ...]
) -> None:
    """End a failed match's log with the line of :func:`failure_event`.

    A match writes its events once a decision is taken; one that failed at its first
    decision wrote nothing, and its opening events (``start_game``, the deal, the first
    draw) are written here, as the same seed and names deal them, so that the marker
    ends a game of its own.
    """
    if not tap.written:
        write_game(Referee(rules, failure.seed, names).log, log)
    log.write(json.dumps(failure_event(failure), ensure_ascii=False, separators=(",", ":")))
    log.write("\n")
    log.flush()


def _play_table(
    seats: list[MjaiTcpSeat],
    rules: Rules,
    game: int,
    seed: int,
    log: IO[str] | None,
    out: IO[str] | None,
) -> MatchResult | FailedMatch:
    """Play one match at a gathered table; a bot's fault ends this match only."""
    names = tuple(seat.name for seat in seats)
    tap = _LogTap(log) if log is not None else None
    farewell: str | None = "the server stopped"
    try:
        result = play_match(seats, rules, seed, cast("IO[str] | None", tap), names=names)
    except (AgentError, IllegalActionError) as e:
        failure = FailedMatch.from_error(e, game=game, seed=seed, names=names)
        farewell = f"the match stopped: {_fault(failure)}"
        if log is not None and tap is not None:
            _log_failure(log, tap, failure, rules, names)
        _say(out, f"game {game} failed (seed {seed}): {_fault(failure)}")
        return failure
    else:
        farewell = None
        _say(out, f"game {game}: {result.summary_line()}")
        return result
    finally:
        for seat in seats:
            seat.hang_up(farewell)


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
) -> list[MatchResult | FailedMatch]:
    """Play ``games`` matches on a listening socket, each between the bots that join.

    Match ``g`` (from 0) uses seed ``seed + g``. Returns one outcome a match, in order:
    its :class:`~jantaku.match.MatchResult`, or a :class:`~jantaku.match.FailedMatch`
    (the seat, the bot's name and the reason) for a match a bot broke off by failing
    to answer in time, leaving or answering garbage or an illegal action; the other
    bots of that table are told, ``log`` gets the line of :func:`failure_event`, and
    the next table is gathered. ``timeout`` bounds each answer and each ``join``, in
    seconds (``None``: no limit); ``out`` receives the joins, refusals and results as
    they come.

    Raises :class:`~jantaku.errors.ArgumentError` for ``games`` below 1 or a
    ``timeout`` that is not a positive number of seconds.
    """
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ArgumentError(f"games must be a whole number from 1, not {games!r}")
    timeout = _timeout(timeout)
    outcomes: list[MatchResult | FailedMatch] = []
    for g in range(games):
        seats = _gather(server, rules.players, room, timeout, out)
        outcomes.append(_play_table(seats, rules, g + 1, seed + g, log, out))
    return outcomes


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``mjai-server`` subcommand."""
    p = subparsers.add_parser(
        "mjai-server",
        help="play matches between mjai bots that connect over TCP",
        description=(
            "A TCP mjai server (the original protocol: hello, join, then one answer per "
            "event). Bots that join take the seats in order; each table plays a match. A "
            "bot that fails loses its match only; the exit status is 1 if any match failed."
        ),
    )
    p.add_argument(
        "--port", type=bounded_int(0, 65535), required=True, help="TCP port (0: any free port)"
    )
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--room", default="default", help="the room bots join (default 'default')")
    p.add_argument(
        "--games",
        type=bounded_int(1, MAX_GAMES),
        default=1,
        metavar="N",
        help=f"matches to play, 1 to {MAX_GAMES:,} (default 1)",
    )
    p.add_argument(
        "--seed",
        type=bounded_int(0, MAX_SEED),
        default=0,
        metavar="S",
        help="seed of the first match (default 0)",
    )
    p.add_argument("--rules", default="tenhou", help="rules preset (default tenhou)")
    p.add_argument(
        "--timeout",
        type=seconds,
        default=60.0,
        metavar="SECONDS",
        help="seconds for each answer and each join, or none (default 60)",
    )
    p.add_argument("--log", default=None, help="write the matches as mjai JSON lines to FILE")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Listen and play; the exit status is 0 when every match ended, 1 if any failed.

    Raises :class:`~jantaku.errors.ArgumentError` for an address it cannot listen on
    or a log file it cannot write.
    """
    rules = Rules.preset(args.rules)
    try:
        server = socket.create_server((args.host, args.port))
    except (OSError, OverflowError) as e:
        reason = e.strerror if isinstance(e, OSError) and e.strerror else str(e)
        raise ArgumentError(f"cannot listen on {args.host}:{args.port}: {reason}") from None
    with server:
        host, port = server.getsockname()[:2]
        print(f"listening on {host}:{port}, room {args.room!r}", flush=True)
        log = open_output(Path(args.log)) if args.log else None
        try:
            outcomes = serve(
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
    print(summary_line(outcomes), flush=True)
    return 1 if any(isinstance(o, FailedMatch) for o in outcomes) else 0
