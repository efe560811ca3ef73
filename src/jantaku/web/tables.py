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

Per seat toggles (``auto_win``, ``auto_pass``, ``no_call``, ``aids``) and the table's
per-decision timer (``timer`` seconds, 0 for none; at the end of it the seat passes,
or discards the drawn tile) shape how the table asks a person.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import random
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

from jantaku.agents import Agent, events_for, make_agent
from jantaku.agents.base import RoundEnd
from jantaku.agents.mjai_bot import match_legal
from jantaku.engine import Referee, State, View, Wall, observe
from jantaku.errors import AgentError, JantakuError
from jantaku.events import (
    Action,
    Chi,
    Dahai,
    Daiminkan,
    EndGame,
    EndKyoku,
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
from jantaku.web.store import MatchRecord, WebStore

__all__ = ["Connection", "SeatPrefs", "Table", "Tables", "default_action", "rules_of"]

log = logging.getLogger("jantaku.web")

Walls = Callable[[int, int], Wall]


class Connection(Protocol):
    """What a table needs of a client connection: sending one JSON message."""

    async def send_json(self, data: Any) -> None:
        """Send one JSON message."""


@dataclass(slots=True)
class SeatPrefs:
    """A person's toggles: take every win at once (``auto_win``), pass every prompt on
    another's discard (``auto_pass``), skip chii / pon / kan prompts (``no_call``),
    show the learning aids (``aids``)."""

    auto_win: bool = False
    auto_pass: bool = False
    no_call: bool = False
    aids: bool = True

    def to_json(self) -> dict[str, bool]:
        """The toggles as JSON."""
        return {
            "auto_win": self.auto_win,
            "auto_pass": self.auto_pass,
            "no_call": self.no_call,
            "aids": self.aids,
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
    Dahai(actor=0, pai=7, tsumogiri=True)
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


@dataclass(slots=True)
class _Ask:
    """A person's pending decision."""

    decision: int
    legal: tuple[Action, ...]
    future: asyncio.Future[Action]
    deadline: float | None
    view: Any


@dataclass(slots=True)
class _Client:
    """One open connection of a seat, and how far it has seen the log."""

    conn: Connection
    sent: int = 0


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

    ``agents`` gives the bot at each bot seat (built with
    :func:`~jantaku.agents.make_agent` from the record when left out); ``walls``
    replaces the seeded walls (scripted scenarios in tests).
    """

    def __init__(
        self,
        record: MatchRecord,
        store: WebStore,
        *,
        agents: Mapping[int, Agent] | None = None,
        walls: Walls | None = None,
    ) -> None:
        self.record = record
        self.store = store
        self.rules = rules_of(record.preset, record.length)
        n = self.rules.players
        self.humans = tuple(s for s in range(n) if record.seats[s] == "human")
        bots = dict(agents) if agents is not None else {}
        for s in range(n):
            if s not in self.humans and s not in bots:
                bots[s] = make_agent(
                    record.seats[s], seed=record.seed * 4 + s, seat=s, rules=self.rules
                )
        self.bots = bots
        self.ref = Referee(self.rules, record.seed, record.names, walls=walls)
        stored = store.decisions(record.id)
        for choices in stored:  # the same seed and choices rebuild the same match
            self.ref.submit(choices)
        self.decision = len(stored)
        self._saved_events = store.count_events(record.id)
        self._unsaved: list[tuple[int, Mapping[int, Action]]] = []
        self.seats = {s: _SeatState() for s in self.humans}
        for s in self.humans:
            saved = record.settings.get(f"prefs{s}")
            if isinstance(saved, dict):
                self.seats[s].prefs = SeatPrefs(**{k: bool(v) for k, v in saved.items()})
        self.asks: dict[int, _Ask] = {}
        self.results: list[dict[str, Any]] = []
        self.final: dict[str, Any] | None = dict(record.final) if record.final else None
        self.failed: str | None = None
        self.timer = float(record.settings.get("timer", 0) or 0)
        self.pace = float(record.settings.get("pace", 0) or 0) / 1000  # seconds a bot move
        self._fed = {s: 0 for s in bots}
        self._kyoku_start = 0
        self.task: asyncio.Task[None] | None = None
        # the results of the last decision, and each person's review of that hand
        self._pending_results: list[tuple[dict[str, Any], dict[int, list[Any]]]] = []

    # --- the loop ----------------------------------------------------------------------

    def start(self) -> None:
        """Run the match in the running event loop (once)."""
        if self.task is None and not self.ref.done:
            self.task = asyncio.get_running_loop().create_task(self._run())

    async def stop(self) -> None:
        """Stop the loop (the match stays stored and resumes when loaded again)."""
        if self.task is not None:
            self.task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self.task
        self._flush()
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
        except JantakuError as e:
            self.failed = str(e)
            log.warning("match %s stopped: %s", self.record.id, e)
            self._flush()
            self.store.finish(self.record.id, {"error": str(e)}, status="failed")
            await self._broadcast(error_json("failed", str(e)))
        finally:
            for agent in self.bots.values():
                with contextlib.suppress(Exception):
                    agent.close()

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
            deadline = loop.time() + self.timer if self.timer > 0 else None
            for seat, legal in people.items():
                self.asks[seat] = _Ask(
                    self.decision, legal, loop.create_future(), deadline, observe(state, seat)
                )
            self._flush()
            await self._publish()
            for seat in people:
                ask = self.asks[seat]
                try:
                    if deadline is None:
                        choices[seat] = await ask.future
                    else:
                        left = max(0.0, deadline - loop.time())
                        choices[seat] = await asyncio.wait_for(asyncio.shield(ask.future), left)
                except TimeoutError:
                    choices[seat] = default_action(ask.legal)
            self.asks.clear()
        new = self._submit(choices)
        if self.ref.done:
            return  # the end is shown with the final standings
        if people or self._pending_results:
            await self._publish()
        elif self.pace and self._watched(new):  # a bot's move, shown at a person's pace
            await self._publish()
            await asyncio.sleep(self.pace)
        else:
            await asyncio.sleep(0)  # bots' turns let the other tables run

    def _watched(self, new: Sequence[Event]) -> bool:
        """Whether someone watches and the decision put a tile on the table."""
        seen = any(st.clients for st in self.seats.values())
        return seen and any(isinstance(e, Dahai | Chi | Pon | Daiminkan) for e in new)

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
                self.seats[seat].review(observe(ref.state, seat), action.pai)
        ref.submit(choices)
        self._unsaved.append((self.decision, dict(choices)))
        self.decision += 1
        first_win = True
        self._pending_results = []
        for i in range(before, len(ref.log)):
            e = ref.log[i]
            if isinstance(e, StartKyoku):
                self._kyoku_start = i
                for seat_state in self.seats.values():
                    seat_state.reviewed = []
            elif isinstance(e, Hora):
                result = win_json(pre, e, first=first_win)
                first_win = False
                self._pending_results.append((result, {}))
            elif isinstance(e, Ryukyoku):
                draw = {
                    "kind": "ryukyoku",
                    "reason": e.reason,
                    "deltas": list(e.deltas or ()),
                    "tenpai": list(e.tenpai or ()),
                    "tehais": [[tile_code(t) for t in h] for h in e.tehais or ()],
                    "scores": list(e.scores or ()),
                }
                self._pending_results.append((draw, {}))
            elif isinstance(e, EndKyoku):
                for r, reviews in self._pending_results:
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

    def _flush(self) -> None:
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

    def message_for(self, seat: int, client: _Client | None = None) -> dict[str, Any]:
        """The ``state`` message of a seat: its view, its pending decision, its aids."""
        state = self.ref.state
        view = observe(state, seat)
        ask = self.asks.get(seat)
        prefs = self.seats[seat].prefs
        legal: list[dict[str, Any]] = []
        deadline: float | None = None
        if ask is not None and not ask.future.done():
            n = self.rules.players
            legal = [action_json(i, a, n) for i, a in enumerate(ask.legal)]
            if ask.deadline is not None:
                deadline = max(0.0, ask.deadline - asyncio.get_running_loop().time())
        events: list[dict[str, Any]] = []
        if client is not None:
            new = self.ref.log[client.sent :]
            events = [event_to_mjai(e) for e in events_for(seat, new)]
            client.sent = len(self.ref.log)
        return {
            "type": "state",
            "match": self.record.id,
            "decision": ask.decision if ask is not None else self.decision,
            "view": view_json(view),
            "legal": legal,
            "deadline": deadline,
            "timer": self.timer,
            "aids": aids_json(view, self.rules) if prefs.aids and view.hand else None,
            "prefs": prefs.to_json(),
            "events": events,
            "results": self._pending_results_for(seat),
            "final": self.final,
            "done": self.ref.done,
        }

    def _pending_results_for(self, seat: int) -> list[dict[str, Any]]:
        """The results just shown, each with this seat's own review (nobody else's)."""
        return [r | {"review": reviews.get(seat, [])} for r, reviews in self._pending_results]

    async def _publish(self) -> None:
        """Send every connected seat its state."""
        for seat, seat_state in self.seats.items():
            for client in list(seat_state.clients):
                try:
                    await client.conn.send_json(self.message_for(seat, client))
                except Exception:  # a closed connection: forget it, the seat can rejoin
                    with contextlib.suppress(ValueError):
                        seat_state.clients.remove(client)
        self._pending_results = []

    async def _broadcast(self, message: Mapping[str, Any]) -> None:
        for seat_state in self.seats.values():
            for client in list(seat_state.clients):
                with contextlib.suppress(Exception):
                    await client.conn.send_json(dict(message))

    # --- the seats' messages -------------------------------------------------------------

    async def join(self, seat: int, conn: Connection) -> _Client:
        """A connection takes ``seat`` (also a rejoin); it is sent the seat's state."""
        client = _Client(conn, sent=len(self.ref.log))
        self.seats[seat].clients.append(client)
        message = self.message_for(seat, client)
        message["results"] = []
        if self.results and self.decision_is_first_of_hand():
            message["last_result"] = self.results[-1]
        await conn.send_json(message)
        return client

    def decision_is_first_of_hand(self) -> bool:
        """Whether no discard has been made in the current hand yet."""
        return not any(self.ref.state.rivers[s] for s in range(self.rules.players))

    def leave(self, seat: int, client: _Client) -> None:
        """A connection of ``seat`` closed."""
        with contextlib.suppress(ValueError):
            self.seats[seat].clients.remove(client)

    @property
    def idle(self) -> bool:
        """Whether the match is over and nobody is connected (the table can be let go)."""
        over = self.ref.done or self.failed is not None
        return over and not any(st.clients for st in self.seats.values())

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
    pace: int = 0


class Tables:
    """The live tables of a server, loaded from the store on demand.

    ``allow_mjai`` lets a seat run an external bot (``mjai:COMMAND``: a process on the
    server); ``walls`` gives every new table scripted walls (tests).
    """

    def __init__(
        self, store: WebStore, *, allow_mjai: bool = True, walls: Walls | None = None
    ) -> None:
        self.store = store
        self.allow_mjai = allow_mjai
        self.walls = walls
        self.live: dict[str, Table] = {}

    def create(self, setup: Setup) -> MatchRecord:
        """Store a new match and start its table; raises :class:`ProtocolError` (``malformed``)
        for a setup that cannot be played."""
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
            if kind.startswith("mjai:") and not self.allow_mjai:
                raise ProtocolError("malformed", "this server does not run mjai bots")
            try:
                make_agent(kind, seat=s).close()
            except JantakuError as e:
                raise ProtocolError("malformed", str(e)) from None
        if not 0 <= setup.timer <= 600:
            raise ProtocolError("malformed", "the timer is 0 (none) to 600 seconds")
        if not 0 <= setup.pace <= 3000:
            raise ProtocolError("malformed", "the bots' pace is 0 to 3000 ms a move")
        seed = setup.seed if setup.seed is not None else random.SystemRandom().randrange(1 << 31)
        if not 0 <= seed < 1 << 63:
            raise ProtocolError("malformed", "the seed is a whole number from 0 to 2**63-1")
        names = list(setup.names[:n]) + [""] * (n - len(setup.names[:n]))
        for s in range(n):
            name = names[s].strip()[:24]
            if not name:
                kind = setup.seats[s]
                name = "you" if kind == "human" else f"{kind.split(':')[0]}{s}"
            names[s] = name
        record = self.store.create_match(
            preset=setup.preset,
            players=n,
            length=rules.length.value,
            seed=seed,
            seats=setup.seats,
            names=names,
            settings={"timer": setup.timer, "pace": setup.pace},
        )
        return record

    def get(self, match_id: str) -> Table | None:
        """The live table of a match, loaded (and started) from the store if needed."""
        table = self.live.get(match_id)
        if table is not None:
            return table
        record = self.store.match(match_id)
        if record is None:
            return None
        table = Table(record, self.store, walls=self.walls)
        self.live[match_id] = table
        table.start()
        return table

    def release(self, match_id: str) -> None:
        """Let go of a live table whose match is over and whose seats all left (it is
        stored; a later visit loads it again)."""
        table = self.live.get(match_id)
        if table is not None and table.idle:
            del self.live[match_id]

    async def close(self) -> None:
        """Stop every live table (their matches stay stored)."""
        for table in list(self.live.values()):
            await table.stop()
        self.live.clear()


def now() -> float:
    """Seconds since the epoch (for the lobby's list)."""
    return time.time()
