"""Live tables: the engine's referee in the middle, bots and people at the seats.

A :class:`Table` drives one stored match the way :func:`jantaku.match.play_match_async`
does — ask every seat that must decide, hand the answers to the
:class:`~jantaku.engine.Referee` — with two differences that a table on a server
needs: every decision and event is written to the store as it happens, and a table
built again from the store (after a restart) replays the stored decisions through a
fresh referee with the same seed and waits at the very decision it was waiting for.

A person's seat answers through :meth:`Table.act`, called by the seat's websocket; the
table checks the answer (the decision number, the seat, the legal actions) and refuses
anything else with a :class:`~jantaku.web.protocol.ProtocolError`, changing nothing.
Each connection of a seat sees only that seat's :func:`~jantaku.engine.observe` view
and the events projected for it (:func:`~jantaku.agents.events_for`).

Per seat toggles (``auto_win``, ``auto_pass``, ``no_call``, ``aids``, ``pause``) and the
table's per-decision timer (``timer`` seconds, 0 for none; at the end of it the seat
passes, or discards the drawn tile) with its time bank (``bank`` seconds a seat may
spend past the timer, refilled at each hand's start: Tenhou's 5 + 10, Mahjong Soul's
5 + 20) shape how the table asks a person.

The result pause: when a hand ends, the table deals on only once every connected seat
whose ``pause`` is on (the page's) has closed the result (:meth:`Table.ready`); once one
has, the others get :data:`RESULT_WAIT` seconds. No decision, and so no timer, runs
while the table waits.

What a table promises:

- Nothing is shown before it is stored: every message a seat is sent is preceded by
  writing the decisions and events it shows (one committed transaction), so after the
  server is killed the match resumes exactly where the seats saw it.
- A part of a seat's message that cannot be computed (the learning aids, a result's
  itemisation) is left out — ``null``, with ``<part>_error`` saying why — and the seat
  is also sent an ``internal`` error once; the failure is logged once with its
  traceback. The connection stays: only a failure to send drops a client.
- A table nobody is connected to stops after :attr:`Tables.idle_seconds` and leaves
  memory; its match stays ``playing`` in the store and resumes on the next visit.
- External bots are the operator's: a seat ``mjai:NAME`` runs the command configured
  under NAME (:class:`Tables`' ``mjai_bots``); no request ever names a command.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import re
import secrets
import shlex
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Final, Protocol, TypeVar, cast

from jantaku.agents import Agent, events_for, make_agent
from jantaku.agents.base import RoundEnd
from jantaku.agents.mjai_bot import MjaiBotAgent, match_legal
from jantaku.engine import Referee, State, View, Wall, observe
from jantaku.errors import AgentError, JantakuError
from jantaku.events import (
    Action,
    Chi,
    Dahai,
    Daiminkan,
    EndGame,
    Event,
    Hora,
    Pass,
    Pon,
    Ryukyoku,
    StartKyoku,
    action_from_mjai,
    event_to_mjai,
)
from jantaku.match import placements
from jantaku.rules import PRESETS, GameLength, Rules
from jantaku.tiles import Tile
from jantaku.web.aids import aids_json, review_discard, win_json
from jantaku.web.protocol import (
    Act,
    ProtocolError,
    action_json,
    error_json,
    tile_code,
    view_json,
)
from jantaku.web.store import SPECTATOR, MatchRecord, WebStore

__all__ = [
    "MJAI_PREFIX",
    "RESULT_WAIT",
    "Connection",
    "SeatPrefs",
    "Setup",
    "Table",
    "Tables",
    "bot_agent",
    "default_action",
    "rules_of",
]

log = logging.getLogger("jantaku.web")

Walls = Callable[[int, int], Wall]

_T = TypeVar("_T")

MJAI_PREFIX: Final = "mjai:"
"""A seat ``mjai:NAME`` is the external bot the operator configured under NAME."""

_BOT_NAME: Final = re.compile(r"[A-Za-z0-9_-]{1,32}")

RESULT_WAIT: Final = 30.0
"""Seconds the other seats get to close a hand's result once one seat has closed it."""

_LOGGED_FAILURES: Final = 64
"""How many distinct failures one table logs (each once, with its traceback)."""


class Connection(Protocol):
    """What a table needs of a client connection: sending one JSON message."""

    async def send_json(self, data: Any) -> None:
        """Send one JSON message."""


@dataclass(slots=True)
class SeatPrefs:
    """A person's toggles: take every win at once (``auto_win``), pass every prompt on
    another's discard (``auto_pass``), skip chii / pon / kan prompts (``no_call``),
    show the learning aids (``aids``), wait for this seat to close each hand's result
    before dealing on (``pause``: the page turns it on; a protocol client that shows no
    results leaves it off)."""

    auto_win: bool = False
    auto_pass: bool = False
    no_call: bool = False
    aids: bool = True
    pause: bool = False

    def to_json(self) -> dict[str, bool]:
        """The toggles as JSON."""
        return {
            "auto_win": self.auto_win,
            "auto_pass": self.auto_pass,
            "no_call": self.no_call,
            "aids": self.aids,
            "pause": self.pause,
        }


def rules_of(preset: str, length: str) -> Rules:
    """The rules of a stored match: a preset, east-only or east-south.

    >>> rules_of("tenhou-sanma", "east_only").players, rules_of("ema", "east_only").length.value
    (3, 'east_only')

    Raises :class:`~jantaku.errors.RulesError` for an unknown preset or length.
    """
    rules = Rules.preset(preset)
    try:
        wanted = GameLength(length)
    except ValueError:
        from jantaku.errors import RulesError

        raise RulesError(f"unknown length {length!r} (east_only or east_south)") from None
    return rules if rules.length is wanted else replace(rules, length=wanted)


def default_action(legal: Sequence[Action]) -> Action:
    """What a seat does when its time runs out: pass, else discard the drawn tile.

    >>> default_action([Dahai(0, 5, False), Dahai(0, 7, True)])
    Dahai(actor=0, pai='8m', tsumogiri=True)
    """
    for a in legal:
        if isinstance(a, Pass):
            return a
    dahais = [a for a in legal if isinstance(a, Dahai)]
    for a in dahais:
        if a.tsumogiri:
            return a
    return dahais[-1] if dahais else legal[0]


def _automatic(legal: Sequence[Action], prefs: SeatPrefs) -> Action | None:
    """The answer a person's toggles give without asking, if any."""
    if len(legal) == 1:
        return legal[0]
    wins = [a for a in legal if isinstance(a, Hora)]
    if wins and prefs.auto_win:
        return wins[0]
    skip = next((a for a in legal if isinstance(a, Pass)), None)
    if skip is None:
        return None
    if prefs.auto_pass and not wins:
        return skip
    calls_only = all(isinstance(a, Pass | Chi | Pon | Daiminkan) for a in legal)
    if prefs.no_call and calls_only:
        return skip
    return None


def _offered(mjai_bots: Mapping[str, str]) -> str:
    return ", ".join(sorted(mjai_bots)) or "none"


def bot_agent(
    kind: str,
    mjai_bots: Mapping[str, str],
    *,
    seed: int = 0,
    seat: int = 0,
    rules: Rules | None = None,
) -> Agent:
    """The bot of a seat: a built-in bot by name (:func:`~jantaku.agents.make_agent`),
    or for ``mjai:NAME`` the external bot whose command line ``mjai_bots`` gives under
    NAME (split as a shell would, never run through one).

    Raises :class:`~jantaku.errors.AgentError` for an unknown bot or a NAME that
    ``mjai_bots`` does not hold.

    >>> bot_agent("mjai:peer", {"peer": "python3 peer.py --seat {seat}"}, seat=2).command
    ['python3', 'peer.py', '--seat', '{seat}']
    >>> bot_agent("mjai:sh", {"peer": "python3 peer.py"}, seat=1)
    Traceback (most recent call last):
    ...
    jantaku.errors.AgentError: agent at seat 1: no mjai bot named 'sh' (this server offers: peer)
    """
    if kind.startswith(MJAI_PREFIX):
        name = kind[len(MJAI_PREFIX) :]
        command = mjai_bots.get(name)
        if command is None:
            raise AgentError(
                f"no mjai bot named {name!r} (this server offers: {_offered(mjai_bots)})",
                seat=seat,
            )
        return MjaiBotAgent(shlex.split(command), name=kind)
    return make_agent(kind, seed=seed, seat=seat, rules=rules)


def _checked_bots(mjai_bots: Mapping[str, str]) -> dict[str, str]:
    """The operator's external bots, each name and command line checked."""
    out: dict[str, str] = {}
    for name, command in mjai_bots.items():
        if not isinstance(name, str) or _BOT_NAME.fullmatch(name) is None:
            raise JantakuError(f"mjai bot name {name!r}: 1 to 32 letters, digits, '-' or '_'")
        try:
            words = shlex.split(command)
        except ValueError as e:
            raise JantakuError(f"mjai bot {name!r}: cannot read its command ({e})") from None
        if not words:
            raise JantakuError(f"mjai bot {name!r}: the command that starts it is empty")
        out[name] = command
    return out


@dataclass(slots=True)
class _Ask:
    """A person's pending decision."""

    decision: int
    legal: tuple[Action, ...]
    future: asyncio.Future[Action]
    deadline: float | None
    view: Any
    answered: float | None = None  # loop time of the answer


@dataclass(slots=True)
class _Pause:
    """The table waits between hands for the seats in ``waiting`` to close the result;
    ``deadline`` (loop time) is set once one seat has."""

    waiting: set[int]
    changed: asyncio.Event
    deadline: float | None = None


@dataclass(slots=True)
class _Client:
    """One open connection of a seat, how far it has seen the log, and the failures it
    was told of (each once)."""

    conn: Connection
    sent: int = 0
    told: set[str] = field(default_factory=set)


@dataclass(frozen=True, slots=True)
class _Failure:
    """A part of a message that could not be computed: ``key`` tells failures apart,
    ``text`` is what the person is told."""

    part: str
    key: str
    text: str


@dataclass(slots=True)
class _SeatState:
    prefs: SeatPrefs = field(default_factory=SeatPrefs)
    clients: list[_Client] = field(default_factory=list)
    # the hand's discards where the efficiency bot would have chosen otherwise, each
    # reviewed as it is made: the hand's end then costs nothing (reviewing every discard
    # of a hand at its end stopped every other table for tens of milliseconds)
    reviewed: list[dict[str, Any]] = field(default_factory=list)

    def review(self, view: View, tile: Tile) -> None:
        """Review a discard as it is made."""
        note = review_discard(view, tile)
        if note is not None:
            self.reviewed.append(note)


class Table:
    """One live match of the store, rebuilt from its stored decisions.

    ``agents`` gives the bot at each bot seat (built with :func:`bot_agent` from the
    record when left out, an ``mjai:NAME`` seat through ``mjai_bots``); ``walls``
    replaces the seeded walls (scripted scenarios in tests). A seat whose bot cannot be
    built here (an ``mjai:NAME`` this server does not configure) leaves the table
    :attr:`failed` from the start, its match still ``playing`` in the store.

    With ``idle_seconds``, a started table that nobody is connected to for that long
    stops (:meth:`halt`) and calls ``on_idle`` with itself.
    """

    def __init__(
        self,
        record: MatchRecord,
        store: WebStore,
        *,
        agents: Mapping[int, Agent] | None = None,
        walls: Walls | None = None,
        mjai_bots: Mapping[str, str] | None = None,
        idle_seconds: float | None = None,
        on_idle: Callable[[Table], None] | None = None,
    ) -> None:
        self.record = record
        self.store = store
        self.rules = rules_of(record.preset, record.length)
        n = self.rules.players
        self.humans = tuple(s for s in range(n) if record.seats[s] == "human")
        self.failed: str | None = None
        bots = dict(agents) if agents is not None else {}
        for s in range(n):
            if s not in self.humans and s not in bots and self.failed is None:
                try:
                    bots[s] = bot_agent(
                        record.seats[s],
                        mjai_bots or {},
                        seed=record.seed * 4 + s,
                        seat=s,
                        rules=self.rules,
                    )
                except JantakuError as e:
                    self.failed = f"this match cannot be played on this server: {e}"
                    log.warning("match %s: %s", record.id, self.failed)
        if self.failed is not None:
            for agent in bots.values():
                with contextlib.suppress(Exception):
                    agent.close()
            bots = {}
        self.bots = bots
        self.ref = Referee(self.rules, record.seed, record.names, walls=walls)
        stored = store.decisions(record.id)
        for choices in stored:  # the same seed and choices rebuild the same match
            self.ref.submit(choices)
        self.decision = len(stored)
        self._saved_events = store.count_events(record.id)
        self._unsaved: list[tuple[int, Mapping[int, Action]]] = []
        self.seats = {s: _SeatState() for s in self.humans}
        self.spectators: list[_Client] = []  # who watches: sent no concealed tile
        for s in self.humans:
            saved = record.settings.get(f"prefs{s}")
            if isinstance(saved, dict):
                known = SeatPrefs().to_json()
                values = {k: bool(v) for k, v in saved.items() if k in known}
                self.seats[s].prefs = SeatPrefs(**values)
        self.asks: dict[int, _Ask] = {}
        self.pause: _Pause | None = None
        self.results: list[dict[str, Any]] = []
        self.final: dict[str, Any] | None = dict(record.final) if record.final else None
        self.timer = float(record.settings.get("timer", 0) or 0)
        self.bank = float(record.settings.get("bank", 0) or 0) if self.timer > 0 else 0.0
        # each person's time bank left in this hand (refilled as a hand starts)
        self.bank_left = {s: self.bank for s in self.humans}
        self.pace = float(record.settings.get("pace", 0) or 0) / 1000  # seconds a bot move
        self._fed = {s: 0 for s in bots}
        self._kyoku_start = 0
        self.task: asyncio.Task[None] | None = None
        # the results of the last decision, and each person's review of that hand
        self._pending_results: list[tuple[dict[str, Any], dict[int, list[Any]]]] = []
        # failures met while playing the last decision (seat, or None for every seat)
        self._pending_failures: list[tuple[int | None, _Failure]] = []
        self._logged: set[str] = set()  # the failures logged (each once)
        self._logged_more = False
        self.idle_seconds = idle_seconds
        self.on_idle = on_idle
        self._idle_timer: asyncio.TimerHandle | None = None
        self.halted = False

    # --- the loop ----------------------------------------------------------------------

    def start(self) -> None:
        """Run the match in the running event loop (once); the idle clock starts too."""
        if self.task is None and not self.ref.done and self.failed is None and not self.halted:
            self.task = asyncio.get_running_loop().create_task(self._run())
        self._arm_idle()

    def halt(self) -> None:
        """Stop the loop at once and store what is not stored yet (the match resumes
        from the store when loaded again); the bots are closed as the loop ends."""
        self.halted = True
        self._disarm_idle()
        if self.task is not None and not self.task.done():
            # the loop is suspended at an await and will not change the match again:
            # what it played so far is written now, before anyone can load it afresh
            self.task.cancel()
        else:
            self._close_bots()
        self._flush()

    async def stop(self) -> None:
        """Stop the loop and close the bots (the match stays stored and resumes when
        loaded again)."""
        self.halt()
        if self.task is not None:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self.task
        self._close_bots()

    def _close_bots(self) -> None:
        for agent in self.bots.values():
            with contextlib.suppress(Exception):
                agent.close()

    async def _run(self) -> None:
        try:
            for seat, agent in self.bots.items():
                agent.start_match(seat, self.rules.players)
            while not self.ref.done:
                await self._step()
            self._finish()
            await self._publish()
        except asyncio.CancelledError:
            raise
        except JantakuError as e:  # a bot failed: the match is over, as failed
            log.warning("match %s stopped: %s", self.record.id, e)
            await self._fail(str(e), stored=True)
        except Exception as e:  # a fault of the server: stopped here, resumable later
            log.error("match %s stopped by an internal error", self.record.id, exc_info=e)
            await self._fail(f"internal error ({type(e).__name__}: {e})", stored=False)
        finally:
            self._close_bots()

    async def _fail(self, reason: str, *, stored: bool) -> None:
        """Stop the match with ``reason``: tell every seat; with ``stored``, the store
        keeps the match as ``failed`` (otherwise it stays ``playing``, to resume)."""
        self.failed = reason
        try:
            self._flush()
            if stored:
                self.store.finish(self.record.id, {"error": reason}, status="failed")
        except Exception as e:
            log.error("match %s: the store failed too", self.record.id, exc_info=e)
        await self._broadcast(error_json("failed", reason))

    def _feed_bots(self) -> None:
        log_ = self.ref.log
        for seat, agent in self.bots.items():
            if getattr(agent, "wants_events", False) and self._fed[seat] < len(log_):
                agent.see(events_for(seat, log_[self._fed[seat] :]))
                self._fed[seat] = len(log_)

    async def _step(self) -> None:
        ref = self.ref
        state = ref.state
        pend = ref.pending()
        choices: dict[int, Action] = {}
        self._feed_bots()
        people: dict[int, tuple[Action, ...]] = {}
        for seat, legal in pend.items():
            agent = self.bots.get(seat)
            if agent is None:
                auto = _automatic(legal, self.seats[seat].prefs)
                if auto is not None:
                    choices[seat] = auto
                else:
                    people[seat] = legal
                continue
            view = observe(state, seat) if getattr(agent, "uses_view", True) else None
            try:
                answer = await agent.act_async(view, legal)
            except Exception as e:
                raise AgentError(f"raised {type(e).__name__}: {e}", seat=seat) from e
            if answer not in legal:
                raise AgentError(f"answered {answer!r}, not a legal action", seat=seat)
            choices[seat] = answer
        if people:
            loop = asyncio.get_running_loop()
            asked = loop.time()
            for seat, legal in people.items():
                deadline = asked + self.timer + self.bank_left[seat] if self.timer > 0 else None
                self.asks[seat] = _Ask(
                    self.decision, legal, loop.create_future(), deadline, observe(state, seat)
                )
            self._flush()
            await self._publish()
            for seat in people:
                ask = self.asks[seat]
                try:
                    if ask.deadline is None:
                        choices[seat] = await ask.future
                    else:
                        left = max(0.0, ask.deadline - loop.time())
                        choices[seat] = await asyncio.wait_for(asyncio.shield(ask.future), left)
                except TimeoutError:
                    choices[seat] = default_action(ask.legal)
                if ask.deadline is not None:  # the time past the timer comes out of the bank
                    used = (ask.answered if ask.answered is not None else loop.time()) - asked
                    spent = max(0.0, used - self.timer)
                    self.bank_left[seat] = max(0.0, self.bank_left[seat] - spent)
            self.asks.clear()
        new = self._submit(choices)
        if self.ref.done:
            return  # the end is shown with the final standings
        if self._pending_results and self._paused_seats():
            await self._result_pause()
        elif people or self._pending_results:
            await self._publish()
        elif self.pace and self._watched(new):  # a bot's move, shown at a person's pace
            await self._publish()
            await asyncio.sleep(self.pace)
        else:
            await asyncio.sleep(0)  # bots' turns let the other tables run

    def _paused_seats(self) -> set[int]:
        """The seats the table waits for after a hand: connected, with ``pause`` on."""
        return {s for s, st in self.seats.items() if st.prefs.pause and st.clients}

    async def _result_pause(self) -> None:
        """Show the hand's results and wait until the seats that show them are ready (or,
        once one is, :data:`RESULT_WAIT` seconds for the others); each change is sent."""
        loop = asyncio.get_running_loop()
        pause = self.pause = _Pause(self._paused_seats(), asyncio.Event())
        try:
            await self._publish()
            while pause.waiting:
                pause.changed.clear()
                if pause.deadline is None:
                    await pause.changed.wait()
                else:
                    left = pause.deadline - loop.time()
                    if left <= 0:
                        break
                    with contextlib.suppress(TimeoutError):
                        await asyncio.wait_for(pause.changed.wait(), left)
                if pause.waiting:
                    await self._publish()  # who is still reading, and the countdown
        finally:
            self.pause = None

    def ready(self, seat: int) -> None:
        """``seat`` closed the hand's result: the table deals on once every seat it
        waits for is ready, or :data:`RESULT_WAIT` seconds after the first one was."""
        pause = self.pause
        if pause is None or seat not in pause.waiting:
            return
        pause.waiting.discard(seat)
        if pause.deadline is None:
            pause.deadline = asyncio.get_running_loop().time() + RESULT_WAIT
        pause.changed.set()

    def _pause_json(self) -> dict[str, Any] | None:
        pause = self.pause
        if pause is None:
            return None
        left = None
        if pause.deadline is not None:
            left = max(0.0, pause.deadline - asyncio.get_running_loop().time())
        return {"waiting": sorted(pause.waiting), "deadline": left}

    def _watched(self, new: Sequence[Event]) -> bool:
        """Whether someone watches and the decision put a tile on the table."""
        return self.watched and any(isinstance(e, Dahai | Chi | Pon | Daiminkan) for e in new)

    def _submit(self, choices: dict[int, Action]) -> list[Event]:
        """Hand the choices to the referee; keep the results; returns the new events."""
        ref = self.ref
        before = len(ref.log)
        wins = [a for a in choices.values() if isinstance(a, Hora)]
        pre: State | None = ref.state.copy() if wins else None
        names = (ref.state.bakaze, ref.state.kyoku, ref.state.honba)
        dora = [tile_code(t) for t in ref.state.dora_markers]
        for seat, action in choices.items():  # a person's discard, reviewed as it is made
            if seat in self.seats and isinstance(action, Dahai):
                try:
                    self.seats[seat].review(observe(ref.state, seat), action.pai)
                except Exception as error:
                    self._pending_failures.append((seat, self._failure("review", error)))
        ref.submit(choices)
        self._unsaved.append((self.decision, dict(choices)))
        self.decision += 1
        first_win = True
        self._pending_results = []
        for i in range(before, len(ref.log)):
            e = ref.log[i]
            kind = e.kind  # each kind is one class (see Event.kind): the casts are exact
            if kind == "start_kyoku":
                self._kyoku_start = i
                self.bank_left = {s: self.bank for s in self.humans}
                for seat_state in self.seats.values():
                    seat_state.reviewed = []
            elif kind == "hora":
                result = self._win_result(pre, cast(Hora, e), first=first_win)
                first_win = False
                self._pending_results.append((result, {}))
            elif kind == "ryukyoku":
                e = cast(Ryukyoku, e)
                draw = {
                    "kind": "ryukyoku",
                    "reason": e.reason,
                    "deltas": list(e.deltas or ()),
                    "tenpai": list(e.tenpai or ()),
                    "tehais": [[tile_code(t) for t in h] for h in e.tehais or ()],
                    "scores": list(e.scores or ()),
                }
                self._pending_results.append((draw, {}))
            elif kind == "end_kyoku":
                start = self._start_scores(i)
                for r, reviews in self._pending_results:
                    # the scores at the hand's start and the riichi sticks paid in it:
                    # start + riichi + deltas = scores, as the result screen shows them
                    after = r.get("scores") or []
                    if start is not None and len(after) == len(start) == len(r["deltas"]):
                        r["start_scores"] = list(start)
                        r["riichi"] = [
                            a - b - d for a, b, d in zip(after, start, r["deltas"], strict=True)
                        ]
                        start = tuple(after)
                    r["round"] = {"bakaze": tile_code(names[0]), "kyoku": names[1]}
                    r["round"]["honba"] = names[2]
                    r["dora_markers"] = dora
                    r["names"] = list(self.record.names)
                    reviews.update({s: list(st.reviewed) for s, st in self.seats.items()})
                    self.results.append(r)
                round_end = RoundEnd(events=tuple(ref.log[self._kyoku_start : i + 1]))
                for agent in self.bots.values():
                    agent.end_round(round_end)
        if ref.done:
            end = ref.log[-1]
            for agent in self.bots.values():
                if isinstance(end, EndGame):
                    agent.end_match(end)
        return ref.log[before:]

    def _start_scores(self, end: int) -> tuple[int, ...] | None:
        """The scores at the start of the hand that ends at log index ``end``."""
        for e in reversed(self.ref.log[:end]):
            if isinstance(e, StartKyoku):
                return e.scores
        return None

    def _win_result(self, pre: State | None, hora: Hora, *, first: bool) -> dict[str, Any]:
        """A win for the result screen; when it cannot be itemised, the event's own
        fields with ``error`` saying why."""
        try:
            return win_json(pre, hora, first=first)
        except Exception as e:
            failure = self._failure("result", e)
            self._pending_failures.append((None, failure))
        try:
            result = win_json(None, hora, first=first)
        except Exception:
            result = {
                "kind": "hora",
                "actor": hora.actor,
                "target": hora.target,
                "deltas": list(hora.deltas or ()),
                "scores": list(hora.scores or ()),
            }
        result["error"] = failure.text
        return result

    def _flush(self) -> None:
        """Store the decisions and events not stored yet (one committed transaction).
        Called before anything is sent: nothing is shown that is not stored."""
        log_ = self.ref.log
        if not self._unsaved and self._saved_events == len(log_):
            return
        events = [(n, log_[n]) for n in range(self._saved_events, len(log_))]
        self.store.append(self.record.id, self._unsaved, events)
        self._unsaved = []
        self._saved_events = len(log_)

    def _finish(self) -> None:
        self._flush()
        end = self.ref.log[-1]
        scores = list(end.scores or ()) if isinstance(end, EndGame) else []
        result = list(end.result or ()) if isinstance(end, EndGame) else []
        self.final = {
            "scores": scores,
            "result": result,
            "placements": list(placements(scores)),
            "names": list(self.record.names),
        }
        self.store.finish(self.record.id, self.final)

    # --- what the seats see --------------------------------------------------------------

    def _failure(self, part: str, error: BaseException) -> _Failure:
        """Record that ``part`` could not be computed: logged with its traceback the
        first time this failure is met (a failure met at every message is logged once)."""
        text = f"{type(error).__name__}: {error}"[:300]
        key = f"{part}: {text}"
        if key not in self._logged:
            if len(self._logged) < _LOGGED_FAILURES:
                self._logged.add(key)
                log.error(
                    "match %s: the %s could not be computed", self.record.id, part, exc_info=error
                )
            elif not self._logged_more:
                self._logged_more = True
                log.error("match %s: more failures, no longer logged", self.record.id)
        return _Failure(part, key, f"the {part} could not be computed ({text})")

    def _part(
        self, part: str, build: Callable[[], _T], fallback: _T, failures: list[_Failure]
    ) -> _T:
        """``build()``, or ``fallback`` when it raises (the failure noted in ``failures``)."""
        try:
            return build()
        except Exception as e:
            failures.append(self._failure(part, e))
            return fallback

    def message_for(self, seat: int, client: _Client | None = None) -> dict[str, Any]:
        """The ``state`` message of a seat: its view, its pending decision, its aids.

        Stores first what is not stored yet. Never raises for a part that cannot be
        computed: that part is ``null`` (or empty) and ``<part>_error`` says why
        (``aids_error`` is always there, ``null`` when the aids are fine or off)."""
        return self._state(seat, client)[0]

    def _state(
        self, seat: int, client: _Client | None, *, events: bool = True
    ) -> tuple[dict[str, Any], list[_Failure]]:
        """The ``state`` message of a seat, and the parts that could not be computed."""
        self._flush()
        failures: list[_Failure] = []
        state = self.ref.state
        view = self._part("view", lambda: observe(state, seat), None, failures)
        ask = self.asks.get(seat)
        prefs = self.seats[seat].prefs
        legal: list[dict[str, Any]] = []
        deadline: float | None = None
        if ask is not None and not ask.future.done():
            n = self.rules.players
            legal = self._part(
                "legal",
                lambda: [action_json(i, a, n) for i, a in enumerate(ask.legal)],
                [],
                failures,
            )
            if ask.deadline is not None:
                deadline = max(0.0, ask.deadline - asyncio.get_running_loop().time())
        shown: list[dict[str, Any]] = []
        if client is not None and events:
            new = self.ref.log[client.sent :]
            client.sent = len(self.ref.log)  # a failure here is not met again and again
            shown = self._part(
                "events", lambda: [event_to_mjai(e) for e in events_for(seat, new)], [], failures
            )
        shown_view: dict[str, Any] | None = None
        aids: dict[str, Any] | None = None
        if view is not None:
            shown_view = self._part("view", lambda: view_json(view), None, failures)
            if prefs.aids and view.hand:
                aids = self._part("aids", lambda: aids_json(view, self.rules), None, failures)
        message: dict[str, Any] = {
            "type": "state",
            "match": self.record.id,
            "decision": ask.decision if ask is not None else self.decision,
            "view": shown_view,
            "legal": legal,
            "deadline": deadline,
            "timer": self.timer,
            "bank": self._bank_of(seat),
            "aids": aids,
            "aids_error": next((f.text for f in failures if f.part == "aids"), None),
            "prefs": prefs.to_json(),
            "events": shown,
            "results": self._pending_results_for(seat),
            "pause": self._pause_json(),
            "final": self.final,
            "done": self.ref.done,
        }
        for failure in failures:  # e.g. "view_error" beside a view that is null
            message.setdefault(f"{failure.part}_error", failure.text)
        failures += [f for s, f in self._pending_failures if s is None or s == seat]
        return message, failures

    def _bank_of(self, seat: int) -> float | None:
        """The time bank a seat has for its pending decision (``None``: no bank)."""
        if not self.bank:
            return None
        return self.bank_left.get(seat, 0.0)

    def _pending_results_for(self, seat: int) -> list[dict[str, Any]]:
        """The results just shown, each with this seat's own review (nobody else's)."""
        return [r | {"review": reviews.get(seat, [])} for r, reviews in self._pending_results]

    async def _deliver(
        self,
        seat: int,
        client: _Client,
        message: Mapping[str, Any],
        failures: Sequence[_Failure] = (),
    ) -> bool:
        """Send a message to one client, then each failure it was not told of yet (an
        ``internal`` error); a client that cannot be sent to is dropped (``False``)."""
        try:
            await client.conn.send_json(dict(message))
            for failure in failures:
                if failure.key not in client.told:
                    client.told.add(failure.key)
                    await client.conn.send_json(error_json("internal", failure.text))
        except Exception:  # a closed connection: forget it, the seat can rejoin
            self.leave(seat, client)
            return False
        return True

    async def _publish(self) -> None:
        """Store what is not stored yet, then send every connected seat its state, and
        every spectator theirs."""
        self._flush()
        for seat, seat_state in self.seats.items():
            for client in list(seat_state.clients):
                message, failures = self._state(seat, client)
                await self._deliver(seat, client, message, failures)
        for client in list(self.spectators):
            await self._deliver_spectator(client, self._spectator_state(client))
        self._pending_results = []
        self._pending_failures = []

    async def _broadcast(self, message: Mapping[str, Any]) -> None:
        """Send every connected seat an error message, after storing what is not stored
        yet (when the store fails, the message, which shows nothing of the match, still
        goes)."""
        try:
            self._flush()
        except Exception as e:
            log.error("match %s: cannot store the match", self.record.id, exc_info=e)
        for seat, seat_state in self.seats.items():
            for client in list(seat_state.clients):
                await self._deliver(seat, client, message)

    # --- spectators ----------------------------------------------------------------------

    def _spectator_state(self, client: _Client, *, events: bool = True) -> dict[str, Any]:
        """The ``state`` message of a spectator: the table as seat 0 sits, with no
        concealed tile (no hand, no draw, every dealt hand hidden), no decision, no aids,
        no one's review; ``spectator`` is ``true``."""
        self._flush()
        view = view_json(observe(self.ref.state, 0))
        view |= {"hand": [], "drawn": None, "furiten": False}
        shown: list[dict[str, Any]] = []
        if events:
            new = self.ref.log[client.sent :]
            shown = [event_to_mjai(e) for e in events_for(SPECTATOR, new)]
        client.sent = len(self.ref.log)
        return {
            "type": "state",
            "match": self.record.id,
            "decision": self.decision,
            "view": view,
            "legal": [],
            "deadline": None,
            "timer": self.timer,
            "bank": None,
            "aids": None,
            "aids_error": None,
            "prefs": SeatPrefs(aids=False).to_json(),
            "events": shown,
            "results": [r | {"review": []} for r, _ in self._pending_results],
            "pause": self._pause_json(),
            "final": self.final,
            "done": self.ref.done,
            "spectator": True,
        }

    async def _deliver_spectator(self, client: _Client, message: Mapping[str, Any]) -> None:
        try:
            await client.conn.send_json(dict(message))
        except Exception:  # a closed connection: forget it
            self.unwatch(client)

    async def watch(self, conn: Connection) -> _Client:
        """A spectator's connection: sent the table now, and each change after."""
        client = _Client(conn, sent=len(self.ref.log))
        message = self._spectator_state(client, events=False)
        if self.results and self.decision_is_first_of_hand():
            message["last_result"] = self.results[-1] | {"review": []}
        self.spectators.append(client)
        await self._deliver_spectator(client, message)
        return client

    def unwatch(self, client: _Client) -> None:
        """A spectator's connection closed."""
        with contextlib.suppress(ValueError):
            self.spectators.remove(client)

    async def send_state(self, seat: int, client: _Client) -> None:
        """Send one client of ``seat`` its state now (without the events: those come
        with the next state the table sends), and any failure it was not told of."""
        message, failures = self._state(seat, client, events=False)
        await self._deliver(seat, client, message, failures)

    # --- the seats' messages -------------------------------------------------------------

    async def join(self, seat: int, conn: Connection) -> _Client:
        """A connection takes ``seat`` (also a rejoin); it is sent the seat's state (and
        the error that stopped the match, if one did). A connection that cannot be
        sent to is dropped at once (:meth:`leave`)."""
        client = _Client(conn, sent=len(self.ref.log))
        message, failures = self._state(seat, client)
        message["results"] = []
        if self.results and self.decision_is_first_of_hand():
            message["last_result"] = self.results[-1]
        self.seats[seat].clients.append(client)
        self._disarm_idle()
        if await self._deliver(seat, client, message, failures) and self.failed is not None:
            await self._deliver(seat, client, error_json("failed", self.failed))
        return client

    def decision_is_first_of_hand(self) -> bool:
        """Whether no discard has been made in the current hand yet."""
        return not any(self.ref.state.rivers[s] for s in range(self.rules.players))

    def leave(self, seat: int, client: _Client) -> None:
        """A connection of ``seat`` closed; the last one to go starts the idle clock."""
        with contextlib.suppress(ValueError):
            self.seats[seat].clients.remove(client)
        pause = self.pause
        if pause is not None and not self.seats[seat].clients and seat in pause.waiting:
            pause.waiting.discard(seat)  # nobody left at the seat to close the result
            pause.changed.set()
        self._arm_idle()

    @property
    def watched(self) -> bool:
        """Whether a person is connected."""
        return any(st.clients for st in self.seats.values())

    @property
    def idle(self) -> bool:
        """Whether the match is over (or the table stopped) and nobody is connected (the
        table can be let go)."""
        over = self.ref.done or self.failed is not None or self.halted
        return over and not self.watched

    def _arm_idle(self) -> None:
        """Start the idle clock if nobody is connected (and it is not running)."""
        if self.idle_seconds is None or self._idle_timer is not None or self.halted:
            return
        if self.watched:
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:  # not in the event loop: no table runs, nothing to stop
            return
        self._idle_timer = loop.call_later(self.idle_seconds, self._idle_out)

    def _disarm_idle(self) -> None:
        if self._idle_timer is not None:
            self._idle_timer.cancel()
            self._idle_timer = None

    def _idle_out(self) -> None:
        """Nobody came back in time: stop, and let the owner forget the table."""
        self._idle_timer = None
        if self.watched or self.halted:
            return
        log.info(
            "match %s: nobody at the table for %s s: stopped", self.record.id, self.idle_seconds
        )
        try:
            self.halt()
        except Exception as e:  # the store failed: what was not stored was never shown
            log.error("match %s: cannot store the match", self.record.id, exc_info=e)
        finally:
            if self.on_idle is not None:
                self.on_idle(self)

    def act(self, seat: int, message: Act) -> Action:
        """Answer ``seat``'s pending decision; refuses with a :class:`ProtocolError`
        (and changes nothing) a stale decision, another seat's action or an illegal one."""
        if self.ref.done or self.final is not None:
            raise ProtocolError("over", "the match is over")
        if self.failed is not None:
            raise ProtocolError("over", f"the match stopped: {self.failed}")
        ask = self.asks.get(seat)
        if ask is None or ask.future.done():
            if message.decision < self.decision:
                raise ProtocolError("stale", f"decision {message.decision} is over")
            raise ProtocolError("not_pending", "this seat has nothing to decide now")
        if message.decision != ask.decision:
            raise ProtocolError(
                "stale", f"the pending decision is {ask.decision}, not {message.decision}"
            )
        if message.index is not None:
            if message.index >= len(ask.legal):
                raise ProtocolError("illegal", f"no legal action {message.index}")
            action = ask.legal[message.index]
        else:
            assert message.action is not None  # parse_client_message gives one of the two
            try:
                raw = action_from_mjai(message.action, actor=seat)
            except JantakuError as e:
                raise ProtocolError("malformed", str(e)) from None
            actor = getattr(raw, "actor", seat)
            if actor != seat:
                raise ProtocolError("illegal", f"seat {seat} cannot act for seat {actor}")
            action = match_legal(raw, ask.legal)
            if action not in ask.legal:
                raise ProtocolError("illegal", "not one of the legal actions now")
        ask.answered = asyncio.get_running_loop().time()
        ask.future.set_result(action)
        return action

    def set_prefs(self, seat: int, values: Mapping[str, bool]) -> SeatPrefs:
        """Change a seat's toggles (kept with the match)."""
        prefs = self.seats[seat].prefs
        for key, value in values.items():
            setattr(prefs, key, value)
        self.store.set_match_setting(self.record.id, f"prefs{seat}", prefs.to_json())
        ask = self.asks.get(seat)
        if ask is not None and not ask.future.done():  # a toggle answers a pending prompt too
            auto = _automatic(ask.legal, prefs)
            if auto is not None:
                ask.future.set_result(auto)
        return prefs


@dataclass(frozen=True, slots=True)
class Setup:
    """A new match as the lobby asks for it."""

    preset: str = "tenhou"
    length: str = "east_south"
    seats: tuple[str, ...] = ("human", "efficiency", "efficiency", "efficiency")
    names: tuple[str, ...] = ()
    seed: int | None = None
    timer: int = 0
    bank: int = 0
    pace: int = 0


class Tables:
    """The live tables of a server, loaded from the store on demand.

    ``mjai_bots`` names the external bots a seat may take (name → the command line that
    starts one, the operator's; empty: none): a seat ``mjai:NAME`` runs the command
    under NAME, and a request can name a bot, never a command. ``idle_seconds``: a
    table with nobody connected that long stops its bots and leaves :attr:`live` (its
    match stays stored and resumes on the next visit; ``None``: tables stay). ``walls``
    gives every new table scripted walls (tests).

    Raises :class:`~jantaku.errors.JantakuError` for a bot name that is not 1 to 32
    letters, digits, ``-`` or ``_``, or a command line that cannot be read.
    """

    def __init__(
        self,
        store: WebStore,
        *,
        mjai_bots: Mapping[str, str] | None = None,
        walls: Walls | None = None,
        idle_seconds: float | None = 120.0,
    ) -> None:
        if idle_seconds is not None and not idle_seconds > 0:
            raise JantakuError(f"idle_seconds is a positive number of seconds, not {idle_seconds}")
        self.store = store
        self.mjai_bots: Mapping[str, str] = _checked_bots(mjai_bots or {})
        self.walls = walls
        self.idle_seconds = idle_seconds
        self.live: dict[str, Table] = {}

    @property
    def mjai_names(self) -> list[str]:
        """The external bots a seat may take, by name (``mjai:NAME``)."""
        return sorted(self.mjai_bots)

    def create(self, setup: Setup) -> MatchRecord:
        """Store a new match (it starts when its table is first loaded); raises
        :class:`ProtocolError` (``malformed``) for a setup that cannot be played."""
        if setup.preset not in PRESETS:
            raise ProtocolError("malformed", f"unknown preset {setup.preset!r}")
        try:
            rules = rules_of(setup.preset, setup.length)
        except JantakuError as e:
            raise ProtocolError("malformed", str(e)) from None
        n = rules.players
        if len(setup.seats) != n:
            raise ProtocolError("malformed", f"{setup.preset} seats {n}, not {len(setup.seats)}")
        if "human" not in setup.seats:
            raise ProtocolError("malformed", "at least one seat is a person's ('human')")
        for s, kind in enumerate(setup.seats):
            if kind == "human":
                continue
            if kind.startswith(MJAI_PREFIX):
                name = kind[len(MJAI_PREFIX) :]
                if name not in self.mjai_bots:
                    raise ProtocolError(
                        "malformed",
                        f"no mjai bot named {name[:40]!r}; this server offers: "
                        + _offered(self.mjai_bots),
                    )
                continue  # the process starts with the match, not here
            try:
                make_agent(kind, seat=s).close()
            except JantakuError as e:
                raise ProtocolError("malformed", str(e)) from None
        if not 0 <= setup.timer <= 600:
            raise ProtocolError("malformed", "the timer is 0 (none) to 600 seconds")
        if not 0 <= setup.bank <= 600:
            raise ProtocolError("malformed", "the time bank is 0 (none) to 600 seconds")
        if not 0 <= setup.pace <= 3000:
            raise ProtocolError("malformed", "the bots' pace is 0 to 3000 ms a move")
        # an unchosen seed is drawn from 63 bits: the walls cannot be searched for
        seed = setup.seed if setup.seed is not None else secrets.randbits(63)
        if not 0 <= seed < 1 << 63:
            raise ProtocolError("malformed", "the seed is a whole number from 0 to 2**63-1")
        names = list(setup.names[:n]) + [""] * (n - len(setup.names[:n]))
        people = setup.seats.count("human")
        for s in range(n):
            name = " ".join(names[s].split())[:24]
            if not name:
                kind = setup.seats[s]
                if kind != "human":
                    name = f"{kind.removeprefix(MJAI_PREFIX)}{s}"
                else:  # a lone person is "you"; several are told apart
                    name = "you" if people == 1 else f"player{s + 1}"
            names[s] = name
        record = self.store.create_match(
            preset=setup.preset,
            players=n,
            length=rules.length.value,
            seed=seed,
            seats=setup.seats,
            names=names,
            settings={"timer": setup.timer, "bank": setup.bank, "pace": setup.pace},
        )
        return record

    def get(self, match_id: str) -> Table | None:
        """The live table of a match, loaded (and started) from the store if needed."""
        table = self.live.get(match_id)
        if table is not None and not table.halted:
            return table
        record = self.store.match(match_id)
        if record is None:
            return None
        table = Table(
            record,
            self.store,
            walls=self.walls,
            mjai_bots=self.mjai_bots,
            idle_seconds=self.idle_seconds,
            on_idle=self._let_go,
        )
        self.live[match_id] = table
        table.start()
        return table

    def _let_go(self, table: Table) -> None:
        """Forget a table that stopped for want of people (unless replaced already)."""
        if self.live.get(table.record.id) is table:
            del self.live[table.record.id]

    def release(self, match_id: str) -> None:
        """Let go of a live table whose match is over and whose seats all left (it is
        stored; a later visit loads it again)."""
        table = self.live.get(match_id)
        if table is not None and table.idle:
            table.halt()
            del self.live[match_id]

    async def close(self) -> None:
        """Stop every live table (their matches stay stored)."""
        for table in list(self.live.values()):
            await table.stop()
        self.live.clear()


def now() -> float:
    """Seconds since the epoch (for the lobby's list)."""
    return time.time()
