"""Play whole matches: agents at the seats, the engine's referee in the middle.

:func:`play_match_async` is the driver: it asks each seat that must decide (through
:meth:`~jantaku.agents.Agent.act_async`, showing it its view, as
:func:`~jantaku.engine.observe` makes it, and the legal actions), checks the answer
and hands it to the :class:`~jantaku.engine.Referee`, which alone owns the wall and the seed.
:func:`play_match` is its blocking wrapper (python-chess ``SimpleEngine`` style).

Faults never corrupt a match: an agent that raises or exceeds its time budget stops
the match with :class:`~jantaku.errors.AgentError`, and an answer that is not one of
the legal actions with :class:`~jantaku.errors.IllegalActionError`; both name the
seat, and the referee's state is left as it was before that decision.

Each seat has a time budget for one decision (:func:`time_budgets`): by default the
agent's own ``time_budget`` attribute — none for the built-in bots, a few seconds for
an external bot (:class:`~jantaku.agents.MjaiBotAgent`) — and the budget is enforced
while the agent thinks: a seat that has not answered when its time is up is reported
then, and an agent with a process is closed (the process killed).

>>> from jantaku.agents import RandomAgent
>>> result = play_match([RandomAgent(seed=i) for i in range(4)], seed=5)
>>> len(result.scores), sum(result.placements) == 1 + 2 + 3 + 4
(4, True)
>>> result.summary_line().startswith("seed 5:")
True
"""

from __future__ import annotations

import asyncio
import contextlib
import math
import threading
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import IO, Any, Final, cast

from jantaku.agents.base import Agent, RoundEnd
from jantaku.agents.mjai_bot import events_for
from jantaku.engine import Referee, State, apply
from jantaku.errors import AgentError, ArgumentError, IllegalActionError, JantakuError
from jantaku.events import (
    Action,
    Ankan,
    Chi,
    Dahai,
    Daiminkan,
    EndGame,
    EndKyoku,
    Event,
    Hora,
    Kakan,
    Nukidora,
    Pass,
    Pon,
    Reach,
    Ryukyoku,
    StartGame,
    StartKyoku,
)
from jantaku.logs.mjai import MjaiWriter
from jantaku.meld import Meld
from jantaku.rules import TENHOU, Rules
from jantaku.tiles import Tile

__all__ = [
    "FailedMatch",
    "MatchResult",
    "MatchSummary",
    "TimeBudget",
    "placements",
    "play_match",
    "play_match_async",
    "time_budgets",
]

TimeBudget = float | Sequence[float | None] | None
"""A match's time budget: seconds for every seat, one entry a seat (``None`` for no
limit), or ``None`` for each agent's own (its ``time_budget`` attribute)."""


def _seconds(value: object, what: str) -> float | None:
    """A budget in seconds, checked: a positive number, ``inf`` or ``None`` for no limit."""
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, int | float):
        raise ArgumentError(f"{what} must be a number of seconds, not {value!r}")
    if math.isnan(value) or value <= 0:
        raise ArgumentError(f"{what} must be a positive number of seconds, not {value!r}")
    return None if math.isinf(value) else float(value)


def time_budgets(
    agents: Sequence[object], time_budget: TimeBudget = None
) -> tuple[float | None, ...]:
    """Each seat's time budget for one decision, in seconds (``None``: no limit).

    ``time_budget`` is a number for every seat, a sequence with one entry a seat, or
    ``None`` for each agent's own ``time_budget`` attribute (no limit if it has none;
    an external mjai bot has one). ``math.inf`` means no limit.

    >>> from jantaku.agents import MjaiBotAgent, RandomAgent
    >>> bot = MjaiBotAgent(["python3", "bot.py"])
    >>> time_budgets([RandomAgent(), bot])
    (None, 10.0)
    >>> time_budgets([RandomAgent(), bot], 2)
    (2.0, 2.0)
    >>> time_budgets([RandomAgent(), bot], [None, 0.5])
    (None, 0.5)
    >>> time_budgets([RandomAgent()], -1)
    Traceback (most recent call last):
    ...
    jantaku.errors.ArgumentError: the time budget must be a positive number of seconds, not -1

    Raises :class:`~jantaku.errors.ArgumentError` for a budget that is not a positive
    number of seconds, or a sequence of the wrong length.
    """
    if time_budget is None:
        return tuple(
            _seconds(getattr(a, "time_budget", None), f"the time budget of {a!r}") for a in agents
        )
    if isinstance(time_budget, Sequence) and not isinstance(time_budget, str | bytes):
        if len(time_budget) != len(agents):
            raise ArgumentError(f"{len(time_budget)} time budgets given for {len(agents)} seats")
        return tuple(_seconds(b, f"the time budget of seat {i}") for i, b in enumerate(time_budget))
    one = _seconds(time_budget, "the time budget")
    return (one,) * len(agents)


def placements(scores: Sequence[int]) -> tuple[int, ...]:
    """The place (1 = top) of every seat; ties go to the seat nearer the first dealer (M6).

    >>> placements([25000, 31000, 25000, 19000])
    (2, 1, 3, 4)
    """
    order = sorted(range(len(scores)), key=lambda s: (-scores[s], s))
    places = [0] * len(scores)
    for place, seat in enumerate(order, start=1):
        places[seat] = place
    return tuple(places)


@dataclass(frozen=True, slots=True)
class MatchResult:
    """The outcome of one match.

    ``scores`` are the final points, ``result`` the final results after oka, uma and
    rounding (in 1000s), ``placements`` each seat's place (1 = top). ``rounds`` counts
    the hands played; ``tsumo`` and ``ron`` the wins (a double ron counts two ron);
    ``draws`` the drawn hands by kind. ``log`` is the complete event list.
    """

    names: tuple[str, ...]
    seed: int
    rules: Rules = field(repr=False)
    scores: tuple[int, ...]
    result: tuple[float, ...]
    placements: tuple[int, ...]
    rounds: int
    tsumo: int
    ron: int
    draws: dict[str, int] = field(hash=False)
    log: list[Event] = field(repr=False, hash=False, compare=False)

    @classmethod
    def from_log(cls, log: Sequence[Event], rules: Rules, seed: int) -> MatchResult:
        """Summarise a complete event list (``start_game`` … ``end_game``).

        Raises :class:`~jantaku.errors.JantakuError` if the log does not end the match.
        """
        end = log[-1] if log else None
        if not isinstance(end, EndGame) or end.scores is None or end.result is None:
            raise JantakuError("the log does not end with a scored end_game")
        first = log[0]
        names = tuple(first.names) if isinstance(first, StartGame) else ()
        rounds = tsumo = ron = 0
        draws: Counter[str] = Counter()
        for e in log:
            match e.kind:  # each kind is one class (see Event.kind): the casts are exact
                case "start_kyoku":
                    rounds += 1
                case "hora":
                    if cast(Hora, e).is_tsumo:
                        tsumo += 1
                    else:
                        ron += 1
                case "ryukyoku":
                    draws[cast(Ryukyoku, e).reason] += 1
        return cls(
            names=names,
            seed=seed,
            rules=rules,
            scores=tuple(end.scores),
            result=tuple(end.result),
            placements=placements(end.scores),
            rounds=rounds,
            tsumo=tsumo,
            ron=ron,
            draws=dict(draws),
            log=list(log),
        )

    def summary_line(self) -> str:
        """One line: the seed, scores and places."""
        seats = ", ".join(
            f"{name} {score} ({place})"
            for name, score, place in zip(self.names, self.scores, self.placements, strict=True)
        )
        return f"seed {self.seed}: {seats}; {self.rounds} hands"


def _act_is_native_async(agent: Any) -> bool:
    method = getattr(type(agent), "act_async", None)
    return method is not None and method is not Agent.act_async


def _checked(action: object, seat: int) -> Action:
    """An agent's answer once it is back: an action (the budget is enforced while the
    agent thinks, never by timing the answer after it came)."""
    if not isinstance(action, _ACTION_TYPES):
        raise AgentError(f"answered {action!r}, which is not an action", seat=seat)
    return action


async def _ask(
    agent: Any,
    seat: int,
    view: Any,
    legal: tuple[Action, ...],
    budget: float | None,
    native: bool,
) -> Action:
    """One decision of one agent, with faults turned into errors naming the seat."""
    try:
        if native:
            coro = agent.act_async(view, legal)
            action = await (asyncio.wait_for(coro, budget) if budget is not None else coro)
        elif budget is not None:  # a blocking agent thinks in a thread the budget can leave
            action = await asyncio.wait_for(_in_thread(agent.act, view, legal), budget)
        else:
            action = agent.act(view, legal)
    except TimeoutError as e:
        if budget is None:  # the agent's own timeout (a network read), not the budget
            raise AgentError(f"raised TimeoutError: {e}", seat=seat) from e
        raise AgentError(f"no answer within the time budget of {budget:g} s", seat=seat) from None
    except AgentError as e:  # already about this agent: keep its reason, name the seat once
        raise AgentError(e.reason, seat=seat) from e
    except Exception as e:
        raise AgentError(f"raised {type(e).__name__}: {e}", seat=seat) from e
    return _checked(action, seat)


async def _in_thread(fn: Any, *args: Any) -> Any:
    """``fn(*args)`` in a daemon thread: awaiting it can time out, and a call that never
    returns neither blocks the match nor the interpreter's exit."""
    loop = asyncio.get_running_loop()
    done: asyncio.Future[Any] = loop.create_future()

    def settle(result: Any, error: BaseException | None) -> None:
        if done.cancelled():
            return
        if error is not None:
            done.set_exception(error)
        else:
            done.set_result(result)

    def run() -> None:
        try:
            result, error = fn(*args), None
        except BaseException as e:  # handed to the awaiting side, reported there
            result, error = None, e
        # a closed loop: the match ended without this answer, and nobody waits for it
        with contextlib.suppress(RuntimeError):
            loop.call_soon_threadsafe(settle, result, error)

    threading.Thread(target=run, daemon=True, name="jantaku-agent").start()
    return await done


def _ask_sync(agent: Any, seat: int, view: Any, legal: tuple[Action, ...]) -> Action:
    """:func:`_ask` for an agent that answers at once, with no budget (no coroutine or
    thread for each decision)."""
    try:
        action = agent.act(view, legal)
    except AgentError as e:
        raise AgentError(e.reason, seat=seat) from e
    except Exception as e:
        raise AgentError(f"raised {type(e).__name__}: {e}", seat=seat) from e
    return _checked(action, seat)


_ACTION_TYPES: Final = (  # the most frequent answers first: isinstance tries them in order
    Dahai,
    Pass,
    Reach,
    Chi,
    Pon,
    Daiminkan,
    Kakan,
    Ankan,
    Nukidora,
    Hora,
    Ryukyoku,
)


def _why_illegal(state: State, seat: int, action: Action) -> str:
    """The engine's reason for refusing an action, found on a copy of the state."""
    actor = getattr(action, "actor", None)
    if actor is not None and actor != seat:
        return f"it acts for seat {actor}"
    if isinstance(action, Pass):
        return "passing is not allowed now"
    try:
        apply(state.copy(), action)
    except IllegalActionError as e:
        return e.reason
    except JantakuError as e:
        return str(e)
    return "not one of the legal actions offered now"


def _feed(log: list[Event], fed: int, agents: Sequence[Agent], listeners: list[int]) -> int:
    """Show the events from ``fed`` on to the agents that follow them, each its projection."""
    if fed < len(log):
        new = log[fed:]
        for seat in listeners:
            _hook(agents[seat], seat, "see", events_for(seat, new))
    return len(log)


def _hook(agent: Any, seat: int, name: str, *args: Any) -> None:
    """Call an optional hook; a hook that raises is reported like a failed decision."""
    method = getattr(agent, name, None)
    if method is None:
        return
    try:
        method(*args)
    except AgentError as e:
        raise AgentError(f"{name}: {e.reason}", seat=seat) from e
    except Exception as e:
        raise AgentError(f"{name} raised {type(e).__name__}: {e}", seat=seat) from e


async def play_match_async(
    agents: Sequence[Agent],
    rules: Rules | str = TENHOU,
    seed: int = 0,
    log: IO[str] | None = None,
    *,
    names: Sequence[str] | None = None,
    time_budget: TimeBudget = None,
) -> MatchResult:
    """Play one match (async driver); see :func:`play_match`."""
    rules = Rules.coerce(rules)  # a preset's name will do
    n = rules.players
    if len(agents) != n:
        raise AgentError(f"{len(agents)} agents for {n} seats", seat=min(len(agents), n - 1))
    budgets = time_budgets(agents, time_budget)
    labels = (
        tuple(names)
        if names is not None
        else tuple(str(getattr(a, "name", type(a).__name__)) for a in agents)
    )
    ref = Referee(rules, seed, labels)
    writer = MjaiWriter(log) if log is not None else None
    try:
        for seat, agent in enumerate(agents):
            _hook(agent, seat, "start_match", seat, n)
        return await _drive(ref, agents, writer, budgets)
    finally:
        for agent in agents:  # an agent with a process or a connection lets it go
            close = getattr(agent, "close", None)
            if close is not None:
                close()


async def _drive(
    ref: Referee,
    agents: Sequence[Agent],
    writer: MjaiWriter | None,
    budgets: tuple[float | None, ...],
) -> MatchResult:
    """The decision loop of :func:`play_match_async`."""
    rules = ref.rules
    n = rules.players
    state = ref.state
    observe = ref.observe  # views kept up to date from the events, not built afresh
    looks = [getattr(a, "uses_view", True) for a in agents]
    natives = [_act_is_native_async(a) for a in agents]
    # the seats whose agent answers at once, here (no coroutine, no budget to enforce)
    at_once = [
        not native and budget is None for native, budget in zip(natives, budgets, strict=True)
    ]
    concurrent = sum(natives) > 1  # several seats may think at once
    shows_hands = any(getattr(a, "wants_hands", False) for a in agents)
    listeners = [seat for seat, a in enumerate(agents) if getattr(a, "wants_events", False)]
    written = 0
    fed = 0
    hands: tuple[tuple[tuple[Tile, ...], tuple[Meld, ...]], ...] = ()
    hands_ended = state.kyoku_index  # hands over so far (an end_kyoku adds one)
    while not ref.done:
        if listeners:
            fed = _feed(ref.log, fed, agents, listeners)
        pend = ref.pending()
        choices: dict[int, Action] = {}
        if concurrent and len(pend) > 1 and sum(natives[seat] for seat in pend) > 1:
            # several seats that answer from elsewhere (browsers, processes) think at once
            asks = [
                _ask(
                    agents[seat],
                    seat,
                    observe(seat) if looks[seat] else None,
                    legal,
                    budgets[seat],
                    natives[seat],
                )
                for seat, legal in pend.items()
            ]
            answers = await asyncio.gather(*asks, return_exceptions=True)
            for seat, answer in zip(pend, answers, strict=True):
                if isinstance(answer, BaseException):
                    raise answer
                choices[seat] = answer
        else:
            for seat, legal in pend.items():
                view = observe(seat) if looks[seat] else None
                if at_once[seat]:
                    choices[seat] = _ask_sync(agents[seat], seat, view, legal)
                else:
                    choices[seat] = await _ask(
                        agents[seat], seat, view, legal, budgets[seat], natives[seat]
                    )
        if shows_hands:
            hands = tuple((state.hand_of(i), tuple(state.melds[i])) for i in range(n))
        before = len(ref.log)
        try:
            ref.submit(choices)  # checks every choice against the legal ones before any change
        except IllegalActionError as e:
            seat = e.seat if e.seat is not None else next(iter(choices))
            action = choices.get(seat)
            if action is None:
                raise
            raise IllegalActionError(
                _why_illegal(state, seat, action), seat=seat, action=action
            ) from None
        if writer is not None:
            for event in ref.log[written:]:
                writer.write(event)
            written = len(ref.log)
        if state.kyoku_index != hands_ended:  # a hand ended: its events to every agent
            hands_ended = state.kyoku_index
            log = ref.log
            for i in range(before, len(log)):
                if type(log[i]) is EndKyoku:
                    start = i
                    while type(log[start]) is not StartKyoku:
                        start -= 1
                    round_end = RoundEnd(events=tuple(log[start : i + 1]), hands=hands)
                    for seat, agent in enumerate(agents):
                        _hook(agent, seat, "end_round", round_end)
    if writer is not None:
        for event in ref.log[written:]:
            writer.write(event)
        writer.flush()
    if listeners:
        _feed(ref.log, fed, agents, listeners)
    result = MatchResult.from_log(ref.log, rules, ref.seed)
    end = ref.log[-1]
    for seat, agent in enumerate(agents):
        _hook(agent, seat, "end_match", end)
    return result


def play_match(
    agents: Sequence[Agent],
    rules: Rules | str = TENHOU,
    seed: int = 0,
    log: IO[str] | None = None,
    *,
    names: Sequence[str] | None = None,
    time_budget: TimeBudget = None,
) -> MatchResult:
    """Play one match to its end and return its :class:`MatchResult` (blocking).

    ``agents[i]`` plays seat ``i`` (seat 0 the first dealer); ``rules`` may be a
    preset's name (``"tenhou"``); ``log``, an open text
    stream, receives the match as mjai JSON lines as it is played; ``time_budget``
    limits each decision in seconds — one number for every seat, one entry a seat, or
    by default each agent's own (:func:`time_budgets`); a timed blocking agent thinks
    in a daemon thread, so one that never answers is reported when its time is up.
    The same agents, rules
    and seed give the same match, event for event. From code already running an event
    loop (a web server), await :func:`play_match_async` instead.

    Raises :class:`~jantaku.errors.AgentError` for an agent that raises or is too
    slow, :class:`~jantaku.errors.IllegalActionError` for an answer that is not legal
    (both name the seat), :class:`~jantaku.errors.ArgumentError` for a time budget
    that is not a positive number of seconds.
    """
    # A loop of its own rather than asyncio.run, whose Ctrl-C handler only cancels the
    # match at its next await: a match of built-in bots would play on to its end.
    # Here an interrupt stops the match at once, and the agents are closed all the same.
    loop = asyncio.new_event_loop()
    task = loop.create_task(
        play_match_async(agents, rules, seed, log, names=names, time_budget=time_budget)
    )
    try:
        return loop.run_until_complete(task)
    except BaseException:
        if not task.done():  # interrupted while waiting: the match closes its agents
            task.cancel()
            with contextlib.suppress(BaseException):
                loop.run_until_complete(task)
        raise
    finally:
        try:
            loop.run_until_complete(loop.shutdown_asyncgens())
            loop.run_until_complete(loop.shutdown_default_executor())
        finally:
            loop.close()


@dataclass(frozen=True, slots=True)
class FailedMatch:
    """A match of a series that stopped on a fault: its number in the series (from 1),
    its seed, the seat at fault and that seat's agent (if known), and what went wrong.

    >>> f = FailedMatch.from_error(AgentError("no answer", seat=2), game=3, seed=12,
    ...                            names=["a", "b", "mjai:bot", "d"])
    >>> f.line()
    'match 3 (seed 12), seat 2 (mjai:bot): no answer'
    """

    game: int
    seed: int
    seat: int | None
    agent: str | None
    reason: str

    @classmethod
    def from_error(
        cls, error: JantakuError, *, game: int, seed: int, names: Sequence[str]
    ) -> FailedMatch:
        """The failure a match's error describes (an agent's fault or an illegal answer)."""
        seat: int | None = None
        if isinstance(error, AgentError):
            seat, reason = error.seat, error.reason
        elif isinstance(error, IllegalActionError):
            seat, reason = error.seat, f"illegal action {error.action}: {error.reason}"
        else:
            reason = str(error)
        agent = names[seat] if seat is not None and 0 <= seat < len(names) else None
        return cls(game, seed, seat, agent, reason)

    def line(self) -> str:
        """One line for a terminal."""
        who = f", seat {self.seat} ({self.agent})" if self.seat is not None else ""
        return f"match {self.game} (seed {self.seed}){who}: {self.reason}"

    def to_dict(self) -> dict[str, Any]:
        """The failure as JSON-ready values."""
        return {
            "game": self.game,
            "seed": self.seed,
            "seat": self.seat,
            "agent": self.agent,
            "error": self.reason,
        }


@dataclass(slots=True)
class _AgentStats:
    games: int = 0
    place_sum: int = 0
    points_sum: int = 0
    result_sum: float = 0.0
    firsts: int = 0


@dataclass(slots=True)
class MatchSummary:
    """Totals over many matches, per agent label (its position in the lineup), and the
    matches that failed (:class:`FailedMatch`, counted in nothing else)."""

    labels: tuple[str, ...]
    games: int = 0
    rounds: int = 0
    tsumo: int = 0
    ron: int = 0
    draws: Counter[str] = field(default_factory=Counter)
    stats: dict[str, _AgentStats] = field(default_factory=dict)
    seconds: float = 0.0
    failed: list[FailedMatch] = field(default_factory=list)

    def add_failure(self, failure: FailedMatch) -> None:
        """Note a match that stopped on a fault."""
        self.failed.append(failure)

    def add(self, result: MatchResult, seat_labels: Sequence[str]) -> None:
        """Count one match whose seats were taken by ``seat_labels``."""
        self.games += 1
        self.rounds += result.rounds
        self.tsumo += result.tsumo
        self.ron += result.ron
        self.draws.update(result.draws)
        for seat, label in enumerate(seat_labels):
            st = self.stats.setdefault(label, _AgentStats())
            st.games += 1
            st.place_sum += result.placements[seat]
            st.points_sum += result.scores[seat]
            st.result_sum += result.result[seat]
            st.firsts += result.placements[seat] == 1

    def to_dict(self) -> dict[str, Any]:
        """The summary as JSON-ready values."""
        per = {}
        for label in self.labels:
            st = self.stats.get(label, _AgentStats())
            g = max(st.games, 1)
            per[label] = {
                "games": st.games,
                "average_placement": round(st.place_sum / g, 3),
                "average_points": round(st.points_sum / g, 1),
                "average_result": round(st.result_sum / g, 2),
                "first_places": st.firsts,
            }
        return {
            "games": self.games,
            "rounds": self.rounds,
            "wins": {"tsumo": self.tsumo, "ron": self.ron},
            "draws": dict(sorted(self.draws.items())),
            "agents": per,
            "seconds": round(self.seconds, 3),
            "matches_per_second": round(self.games / self.seconds, 2) if self.seconds else None,
            "failed": [f.to_dict() for f in self.failed],
        }

    def text(self) -> str:
        """The summary as lines for a terminal."""
        d = self.to_dict()
        lines = [
            f"games {d['games']}, hands {d['rounds']}",
            f"wins: tsumo {self.tsumo}, ron {self.ron}",
            "draws: "
            + (", ".join(f"{k} {v}" for k, v in d["draws"].items()) if self.draws else "none"),
        ]
        width = max([20, *(len(label) for label in d["agents"])])  # a long mjai: command too
        lines.append(f"{'agent':<{width}}  avg place   avg points   avg result   1st")
        for label, st in d["agents"].items():
            lines.append(
                f"{label:<{width}} {st['average_placement']:>10.2f} {st['average_points']:>12.0f}"
                f" {st['average_result']:>12.1f} {st['first_places']:>5}"
            )
        mps = d["matches_per_second"]
        lines.append(f"{d['seconds']:.2f} s, {mps if mps is not None else '-'} matches/s")
        if self.failed:
            count = len(self.failed)
            lines.append(f"failed: {count} match{'es' if count != 1 else ''}")
            lines.extend(f"  {f.line()}" for f in self.failed)
        return "\n".join(lines)
