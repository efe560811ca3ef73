"""A bot in another process that speaks mjai over its standard input and output.

The dialect is the one of mjai.app-style bots: jantaku writes one line holding a JSON
array of the events the seat has not seen yet (``start_game`` carries the seat as
``id``), and the bot answers with one line holding one JSON action — ``{"type":
"none"}`` to pass. Events are projected onto the seat first (:func:`events_for`): the
other seats' dealt tiles and draws are ``"?"`` and the match seed is left out, so the
bot sees exactly what a player at that seat would.

The bot learns its seat before it starts, as the ``mjai`` package's bots need: an
argument ``{seat}`` in the command is replaced by the seat (0–3), and the process gets
the environment variable ``JANTAKU_SEAT`` (e.g. ``mjai:python bot.py {seat}``).
Kyuushu kyuuhai is answered ``{"type": "ryukyoku"}`` (mjai.app's dialect) or with
``"reason": "kyushukyuhai"`` (the original server's); both are read.

The exchange is blocking in :meth:`MjaiBotAgent.act`; :meth:`MjaiBotAgent.act_async`
runs it in a worker thread, so the driver's time budget applies while the bot thinks
(by default :attr:`MjaiBotAgent.time_budget`, 10 s a decision). The bot runs in a
process group of its own: closing the agent while it still thinks (the driver gave up
on it) kills the whole group, so a bot that started helpers leaves none behind.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import signal
import subprocess
from collections.abc import Sequence
from typing import IO, Any, cast

from jantaku.agents.base import Agent
from jantaku.engine.view import View
from jantaku.engine.visibility import events_for
from jantaku.errors import AgentError, LogFormatError
from jantaku.events import (
    Action,
    Ankan,
    Chi,
    Dahai,
    Daiminkan,
    EndGame,
    Event,
    Hora,
    Kakan,
    Pon,
    action_from_mjai,
    event_to_mjai,
)
from jantaku.tiles import sort_key

__all__ = [
    "SEAT_ENV",
    "SEAT_PLACEHOLDER",
    "MjaiBotAgent",
    "bot_command",
    "events_for",
    "match_legal",
]

SEAT_PLACEHOLDER = "{seat}"
"""Replaced by the bot's seat (0–3) wherever it appears in the command's arguments."""

SEAT_ENV = "JANTAKU_SEAT"
"""The environment variable that tells a bot process its seat (0–3)."""


def bot_command(command: Sequence[str], seat: int) -> list[str]:
    """The command that starts a bot at ``seat``: each ``{seat}`` replaced by the seat.

    >>> bot_command(["python", "bot.py", "--seat={seat}"], 2)
    ['python', 'bot.py', '--seat=2']
    """
    return [arg.replace(SEAT_PLACEHOLDER, str(seat)) for arg in command]


def _key(tiles: Sequence[int]) -> list[tuple[int, int]]:
    return sorted(sort_key(t) for t in tiles)


def match_legal(action: Action, legal: Sequence[Action]) -> Action:
    """The legal action an mjai answer means (mjai leaves some fields loose), else itself.

    A discard matches by tile (the ``tsumogiri`` flag decides only between two equal
    tiles), calls by their tiles in any order, a win by its target.

    >>> match_legal(Dahai(0, 5, False), [Dahai(0, 5, True), Dahai(0, 6, False)])
    Dahai(actor=0, pai='6m', tsumogiri=True)
    """
    if action in legal:
        return action
    kind = action.kind
    # the actions of the same kind; each kind is one class (see Action.kind), so the
    # casts below are exact
    same = [a for a in legal if a.kind == kind]
    match kind:
        case "dahai":
            d = cast(Dahai, action)
            discards = [x for x in cast("list[Dahai]", same) if x.pai == d.pai]
            exact = [x for x in discards if x.tsumogiri == d.tsumogiri]
            if exact or discards:
                return (exact or discards)[0]
        case "chi" | "pon" | "daiminkan":
            c = cast("Chi | Pon | Daiminkan", action)
            for call in cast("list[Chi | Pon | Daiminkan]", same):
                if (
                    call.target == c.target
                    and call.pai == c.pai
                    and _key(call.consumed) == _key(c.consumed)
                ):
                    return call
        case "kakan" | "ankan":
            k = cast("Kakan | Ankan", action)
            for kan in cast("list[Kakan | Ankan]", same):
                if _key(kan.consumed) == _key(k.consumed):
                    return kan
        case "hora":
            h = cast(Hora, action)
            for win in cast("list[Hora]", same):
                if win.target == h.target:
                    return win
        case _:
            if len(same) == 1:
                return same[0]
    return action


class MjaiBotAgent(Agent):
    """An external bot process; ``command`` starts it (e.g. ``["python", "bot.py"]``).

    The process is started at the first decision and closed at the end of the match.
    A bot that cannot be started, exits, answers with something that is not JSON or
    not an action, or acts for another seat is reported by the driver as an
    :class:`~jantaku.errors.AgentError` with its seat. ``time_budget`` is the time it
    has for one decision unless the match sets another (``None``: no limit).
    """

    name = "mjai-bot"
    uses_view = False
    wants_events = True
    time_budget: float | None = 10.0
    """Seconds a decision unless the match sets a budget (:func:`jantaku.match.time_budgets`)."""

    def __init__(
        self,
        command: Sequence[str],
        *,
        name: str | None = None,
        time_budget: float | None = 10.0,
    ) -> None:
        self.command = list(command)
        if name is not None:
            self.name = name
        self.time_budget = time_budget
        self.seat = 0
        self._unsent: list[dict[str, Any]] = []
        self._proc: subprocess.Popen[str] | None = None
        self._busy = False  # an exchange is under way (read by close from another thread)

    def start_match(self, seat: int, players: int) -> None:
        """Remember the seat; nothing is sent yet."""
        self.seat = seat
        self._unsent = []

    def see(self, events: Sequence[Event]) -> None:
        """Queue events (already projected onto this seat) for the next exchange."""
        self._unsent.extend(event_to_mjai(e) for e in events)

    def _pipes(self) -> tuple[IO[str], IO[str]]:
        if self._proc is None:
            try:
                self._proc = subprocess.Popen(
                    bot_command(self.command, self.seat),
                    env={**os.environ, SEAT_ENV: str(self.seat)},
                    stdin=subprocess.PIPE,
                    stdout=subprocess.PIPE,
                    text=True,
                    encoding="utf-8",
                    errors="replace",
                    bufsize=1,
                    start_new_session=True,  # its own process group, killed as one
                )
            except OSError as e:
                raise AgentError(
                    f"cannot start the bot {' '.join(self.command)!r}: {e.strerror or e}",
                    seat=self.seat,
                ) from None
        proc = self._proc
        if proc.stdin is None or proc.stdout is None:  # pragma: no cover - pipes were asked for
            raise AgentError("the bot has no pipes", seat=self.seat)
        return proc.stdin, proc.stdout

    def act(self, view: View | None, legal: Sequence[Action]) -> Action:
        """Send the unseen events, read one answer, and map it onto the legal actions."""
        self._busy = True
        try:
            return self._exchange(legal)
        finally:
            self._busy = False

    def _exchange(self, legal: Sequence[Action]) -> Action:
        stdin, stdout = self._pipes()
        try:
            stdin.write(json.dumps(self._unsent, ensure_ascii=False, separators=(",", ":")))
            stdin.write("\n")
            stdin.flush()
        except (BrokenPipeError, OSError) as e:
            raise AgentError(f"the bot stopped reading: {e}", seat=self.seat) from None
        self._unsent = []
        line = stdout.readline()
        if not line:
            raise AgentError("the bot closed its output", seat=self.seat)
        try:
            obj = json.loads(line)
            action = action_from_mjai(obj, actor=self.seat)
        except (json.JSONDecodeError, LogFormatError) as e:
            raise AgentError(
                f"the bot answered {_shorten(line.strip())!r}: {e}", seat=self.seat
            ) from None
        actor = getattr(action, "actor", self.seat)
        if actor != self.seat:
            raise AgentError(
                f"the bot answered for seat {actor}: {_shorten(line.strip())}", seat=self.seat
            )
        return match_legal(action, legal)

    async def act_async(self, view: View | None, legal: Sequence[Action]) -> Action:
        """:meth:`act` in a worker thread, so that the driver can time it out."""
        return await asyncio.to_thread(self.act, view, legal)

    def end_match(self, end: EndGame) -> None:
        """Send the last events and close the process."""
        self.close()

    def close(self) -> None:
        """Send what is left, close the bot's input and wait for it to exit.

        A bot still thinking (the driver stopped waiting for it) is killed at once, and
        one that does not exit within 5 s of its input closing is killed; either way its
        whole process group goes.
        """
        proc, self._proc = self._proc, None
        if proc is None:
            return
        try:
            if self._busy:
                _kill_group(proc)
            elif proc.stdin is not None:
                if self._unsent:
                    proc.stdin.write(json.dumps(self._unsent, separators=(",", ":")) + "\n")
                proc.stdin.close()
            proc.wait(timeout=5)
        except (OSError, ValueError, subprocess.TimeoutExpired):
            _kill_group(proc)
            proc.wait()
        finally:
            _kill_group(proc)  # helpers the bot left running
            if not self._busy:  # a thread still reading would hold the stream's lock
                with contextlib.suppress(OSError):
                    if proc.stdin is not None:
                        proc.stdin.close()
                    if proc.stdout is not None:
                        proc.stdout.close()
            self._unsent = []


def _kill_group(proc: subprocess.Popen[str]) -> None:
    """Kill a bot's process group (it leads its own session), then the bot if still there."""
    killpg = getattr(os, "killpg", None)  # POSIX; elsewhere the bot alone is killed
    if killpg is not None:
        with contextlib.suppress(OSError):
            killpg(proc.pid, getattr(signal, "SIGKILL", signal.SIGTERM))
    with contextlib.suppress(OSError):
        proc.kill()


def _shorten(text: str, limit: int = 200) -> str:
    """A bot's answer, cut to ``limit`` characters for a message."""
    return text if len(text) <= limit else f"{text[:limit]}… ({len(text)} characters)"
