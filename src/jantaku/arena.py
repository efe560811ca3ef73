"""The duplicate arena: bots measured against each other on the same walls.

Every wall seed is played once per rotation of the lineup through the seats (a
duplicate schedule, so that the luck of the walls cancels): with ``agents`` A, B the
lineup fills the seats as A, B, A, B and each seed is played as ABAB and BABA (the
other two rotations seat them the same way again, and the same seating on the same
wall is the same game, so it is played once). :func:`schedule` lists the games;
:func:`play_game` plays one and reads what each seat did from its log
(:func:`seat_records`); :func:`run_arena` plays them all,
in this process, in local worker processes or on Ray, with the same results for the
same seeds whichever runner plays them; :class:`ArenaReport` turns the records into
per-agent statistics:

- average placement, final points and match result (after oka and uma) with 95 %
  confidence intervals, taken over the wall seeds (each seed's games are one sample,
  so that the duplicate pairing is respected; normal approximation);
- the placement distribution;
- per hand: win (和了率), deal-in (放銃率), riichi (立直率) and call (副露率) rates;
  the share of exhaustive draws and tenpai at them (流局時聴牌率, per drawn hand);
- average win and deal-in value (the hand's points, before honba and deposits);
- decision time (median, 90th and 99th percentile and the longest, over the decisions
  with a choice), kept as a fixed log-scale histogram (:class:`DecisionTimes`);
- the processor time the games took (each game timed in the process that played it,
  start-up and scheduling left out): games per processor second is what one core
  plays, whichever runner and however many workers.

Everything but the decision and processor times is computed from the match logs, so
it is exact. Each finished game keeps its mjai log (compressed, :attr:`GameRecord.log`):
the arena's bots are seeded from the wall seed and their seat, so a built-in lineup
plays the same game again from the same job, but a bot in another process (``mjai:…``)
need not, so the log itself is what the store keeps.
A game that fails (an agent raises or answers illegally) is reported with its game,
wall seed and seat, and the run goes on. :func:`save` keeps a run in the store
(:mod:`jantaku.store`, component ``"arena"``, tables ``arena_*``); :func:`plot` draws
it with matplotlib.

>>> jobs = schedule(("A", "B"), players=4, games=1, seed=7)
>>> ["".join(job.lineup) for job in jobs]
['ABAB', 'BABA']
>>> {job.wall_seed for job in jobs}
{7}
"""

from __future__ import annotations

import json
import math
import sqlite3
import statistics
import time
import zlib
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import asdict, dataclass, field, replace
from pathlib import Path
from typing import Any, ClassVar, Final, Literal, cast

from jantaku.agents import BOTS, Agent, make_agent
from jantaku.agents.base import RoundEnd
from jantaku.errors import JantakuError
from jantaku.events import Action, Chi, Daiminkan, EndGame, Event, Hora, Pon, Reach, Ryukyoku
from jantaku.logs.mjai import dumps_game, loads_game
from jantaku.match import placements, play_match
from jantaku.rules import TENHOU, Rules
from jantaku.store import migrate

__all__ = [
    "HOUOU",
    "MIGRATIONS",
    "AgentFactory",
    "AgentReport",
    "ArenaError",
    "ArenaReport",
    "DecisionTimes",
    "GameFailure",
    "GameJob",
    "GameRecord",
    "RunInfo",
    "Runner",
    "SeatRecord",
    "load_log",
    "load_run",
    "play_game",
    "plot",
    "run_arena",
    "runs",
    "save",
    "schedule",
    "seat_records",
]

HOUOU: Final = {"win": 0.211, "deal_in": 0.125, "riichi": 0.170, "call": 0.344}
"""Average per-hand rates of human players in Tenhou's Houou room (鳳凰卓), the reference."""

_Z95: Final = 1.959963984540054  # the normal distribution's 97.5 % quantile

Runner = Literal["local", "ray"]
AgentFactory = Callable[[str, int, int], Agent]
"""Builds an agent from its name, a seed and its seat (as :func:`~jantaku.agents.make_agent`)."""


class ArenaError(JantakuError, ValueError):
    """An arena that cannot be run as asked (no agents, a bad number of games or jobs)."""


@dataclass(frozen=True, slots=True)
class GameJob:
    """One game of a schedule: its place in the run, its wall seed, who sits where.

    ``factory(name, seed, seat)`` builds each seat's agent (default
    :func:`~jantaku.agents.make_agent`); it must be a module-level function for games
    played in other processes.
    """

    game: int
    wall_seed: int
    rotation: int
    lineup: tuple[str, ...]
    rules: Rules = field(repr=False)
    factory: AgentFactory | None = field(default=None, repr=False)


@dataclass(frozen=True, slots=True)
class DecisionTimes:
    """A distribution of decision times as a fixed log-scale histogram.

    A time ``t`` (seconds) falls in bin ``b = 1 + floor(20 · log10(t / 1 µs))`` (bin 0
    below a microsecond): twenty bins a decade, each 12.2 % wider than the one before,
    the same bins for every agent and run, so that histograms add up. ``bins`` holds
    the bins that are not empty as ``(bin, count)`` in order, ``longest`` the longest
    time exactly. A quantile is the upper edge of the bin of its nearest rank (never
    above the longest time): at most 12.2 % above the time it stands for, never below.

    >>> d = DecisionTimes.of([0.001, 0.002, 0.004, 0.1])
    >>> d.count, d.longest
    (4, 0.1)
    >>> round(d.quantile(0.5) * 1000, 3), d.quantile(1.0)
    (2.239, 0.1)
    """

    bins: tuple[tuple[int, int], ...] = ()
    longest: float = 0.0

    PER_DECADE: ClassVar[int] = 20
    FLOOR: ClassVar[float] = 1e-6

    @classmethod
    def bin_of(cls, seconds: float) -> int:
        """The bin of a time (0 below a microsecond)."""
        if seconds < cls.FLOOR:
            return 0
        return 1 + math.floor(cls.PER_DECADE * math.log10(seconds / cls.FLOOR))

    @classmethod
    def upper_edge(cls, b: int) -> float:
        """The time at which bin ``b`` ends (seconds)."""
        return cls.FLOOR * 10 ** (b / cls.PER_DECADE)

    @classmethod
    def of(cls, times: Iterable[float]) -> DecisionTimes:
        """The histogram of some times (seconds)."""
        counts: dict[int, int] = {}
        longest = 0.0
        for t in times:
            b = cls.bin_of(t)
            counts[b] = counts.get(b, 0) + 1
            longest = max(longest, t)
        return cls(tuple(sorted(counts.items())), longest)

    @classmethod
    def merged(cls, parts: Iterable[DecisionTimes]) -> DecisionTimes:
        """The histogram of all the times of ``parts``."""
        counts: dict[int, int] = {}
        longest = 0.0
        for part in parts:
            for b, c in part.bins:
                counts[b] = counts.get(b, 0) + c
            longest = max(longest, part.longest)
        return cls(tuple(sorted(counts.items())), longest)

    @property
    def count(self) -> int:
        """How many times the histogram holds."""
        return sum(c for _, c in self.bins)

    def quantile(self, q: float) -> float | None:
        """The ``q`` quantile (0 < q ≤ 1) by the nearest rank, as the upper edge of its
        bin, never above the longest time; ``None`` for no times."""
        n = self.count
        if n == 0:
            return None
        rank = max(1, math.ceil(q * n))
        seen = 0
        for b, c in self.bins:
            seen += c
            if seen >= rank:
                return min(self.upper_edge(b), self.longest)
        return self.longest  # pragma: no cover - the ranks end at the last bin

    def to_dict(self) -> dict[str, Any]:
        """The histogram as JSON-ready values (``bins`` as ``[bin, count]`` pairs)."""
        return {
            "bins_per_decade": self.PER_DECADE,
            "floor_seconds": self.FLOOR,
            "bins": [list(x) for x in self.bins],
            "longest": self.longest,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> DecisionTimes:
        """The histogram :meth:`to_dict` wrote."""
        return cls(tuple((int(b), int(c)) for b, c in data["bins"]), float(data["longest"]))


@dataclass(frozen=True, slots=True)
class SeatRecord:
    """What one seat did in one game, read from the log (decision times measured).

    ``hands`` counts the hands played; ``wins`` the hands it won (``win_points`` their
    value before honba and deposits); ``deal_ins`` the hands it paid a ron
    (``deal_in_points`` the value of the wins it paid); ``riichi`` the hands it declared
    riichi in; ``calls`` the hands it opened (chii, pon, open kan); ``draws`` the hands
    that ended in an exhaustive draw and ``draw_tenpai`` those where it was tenpai.
    ``decision_times`` are the measured times of its decisions with a choice (seconds);
    a record read from the store has their histogram (``stored_times``) instead, and
    :attr:`timing` is the histogram either way.
    """

    agent: str
    seat: int
    placement: int
    points: int
    result: float
    hands: int
    wins: int
    win_points: int
    deal_ins: int
    deal_in_points: int
    riichi: int
    calls: int
    draws: int
    draw_tenpai: int
    decision_times: tuple[float, ...] = field(default=(), compare=False, repr=False)
    stored_times: DecisionTimes | None = field(default=None, compare=False, repr=False)

    @property
    def timing(self) -> DecisionTimes:
        """The histogram of the seat's decision times."""
        if self.stored_times is not None:
            return self.stored_times
        return DecisionTimes.of(self.decision_times)


@dataclass(frozen=True, slots=True)
class GameFailure:
    """A game that could not be finished: the agent's error, with game, seed and seat."""

    game: int
    wall_seed: int
    seat: int | None
    agent: str | None
    message: str


@dataclass(frozen=True, slots=True)
class GameRecord:
    """The outcome of one scheduled game: its seats' records, or its failure.

    ``cpu_seconds`` is the processor time the game took in the process that played it
    (measured, so left out of comparisons, like the seats' decision times). ``log`` is
    the game's mjai log, zlib-compressed (``None`` for a failed game); :meth:`events`
    and :meth:`mjai` read it back.
    """

    game: int
    wall_seed: int
    rotation: int
    seats: tuple[SeatRecord, ...]
    failure: GameFailure | None = None
    cpu_seconds: float = field(default=0.0, compare=False)
    log: bytes | None = field(default=None, compare=False, repr=False)

    def mjai(self) -> str:
        """The game's mjai log, one JSON line an event.

        Raises :class:`ArenaError` for a game that kept no log (a failed game).
        """
        if self.log is None:
            why = f" (it failed: {self.failure.message})" if self.failure is not None else ""
            raise ArenaError(f"game {self.game} kept no log{why}")
        return zlib.decompress(self.log).decode("utf-8")

    def events(self) -> list[Event]:
        """The events of the game's log (see :meth:`mjai`)."""
        return loads_game(self.mjai())


def schedule(
    agents: Sequence[str], *, players: int = 4, games: int = 1, seed: int = 0, rules: Rules = TENHOU
) -> tuple[GameJob, ...]:
    """The duplicate schedule: wall seeds ``seed … seed+games-1``, each in every rotation
    that seats the agents differently.

    The lineup is ``agents`` repeated to fill the seats; rotation ``r`` moves it ``r``
    seats on. A rotation that gives a seating already played on the wall is left out: the
    same job always gives the same game (see :func:`play_game`), so it would only repeat
    it. Two agents at four seats play ABAB and BABA on each wall, one agent once. Raises
    :class:`ArenaError` for no agents, more agents than seats or a negative number of
    games.

    >>> [j.lineup for j in schedule(("a", "b", "c"), players=3, games=1)]
    [('a', 'b', 'c'), ('c', 'a', 'b'), ('b', 'c', 'a')]
    >>> [(j.game, j.wall_seed, j.rotation, "".join(j.lineup)) for j in schedule("AB", games=2)]
    [(0, 0, 0, 'ABAB'), (1, 0, 1, 'BABA'), (2, 1, 0, 'ABAB'), (3, 1, 1, 'BABA')]
    """
    if not agents:
        raise ArenaError("the arena needs at least one agent")
    if len(agents) > players:
        raise ArenaError(f"{len(agents)} agents for {players} seats")
    if games < 0:
        raise ArenaError("the number of games must be at least 0")
    base = tuple(agents[i % len(agents)] for i in range(players))
    seatings: list[tuple[int, tuple[str, ...]]] = []  # (rotation, lineup): each seating once
    for r in range(players):
        lineup = tuple(base[(s - r) % players] for s in range(players))
        if all(lineup != seen for _, seen in seatings):
            seatings.append((r, lineup))
    return tuple(
        GameJob(g * len(seatings) + i, seed + g, r, lineup, rules)
        for g in range(games)
        for i, (r, lineup) in enumerate(seatings)
    )


def seat_records(
    log: Sequence[Event], lineup: Sequence[str], times: Sequence[Sequence[float]] = ()
) -> tuple[SeatRecord, ...]:
    """Every seat's :class:`SeatRecord` of a complete match log (``start_game`` … ``end_game``).

    ``times[seat]`` are the seat's measured decision times (seconds), kept as they are.
    Raises :class:`~jantaku.errors.JantakuError` if the log does not end the match.
    """
    n = len(lineup)
    end = cast(EndGame, log[-1]) if log and log[-1].kind == "end_game" else None
    if end is None or end.scores is None or end.result is None:
        raise JantakuError("the log does not end with a scored end_game")
    totals = [[0] * 10 for _ in range(n)]  # hands wins wpts dealins dpts riichi calls draws tenpai
    won = [False] * n
    dealt = [False] * n
    reached = [False] * n
    opened = [False] * n

    def close_hand() -> None:
        for s in range(n):
            totals[s][1] += won[s]
            totals[s][3] += dealt[s]
            totals[s][5] += reached[s]
            totals[s][6] += opened[s]
            won[s] = dealt[s] = reached[s] = opened[s] = False

    started = False
    for e in log:
        match e.kind:
            case "start_kyoku":
                if started:
                    close_hand()
                started = True
                for s in range(n):
                    totals[s][0] += 1
            case "reach":
                reached[cast(Reach, e).actor] = True  # the one class of kind "reach"
            case "chi" | "pon" | "daiminkan":
                opened[cast("Chi | Pon | Daiminkan", e).actor] = True
            case "hora":
                win = cast(Hora, e)  # the one class of kind "hora"
                value = win.points or 0
                won[win.actor] = True
                totals[win.actor][2] += value
                if not win.is_tsumo:
                    dealt[win.target] = True
                    totals[win.target][4] += value
            case "ryukyoku":
                draw = cast(Ryukyoku, e)  # the one class of kind "ryukyoku"
                if draw.reason in ("exhaustive", "nagashi_mangan"):
                    tenpai = set(draw.tenpai or ())
                    for s in range(n):
                        totals[s][7] += 1
                        totals[s][8] += s in tenpai
    if started:
        close_hand()
    places = placements(end.scores)
    return tuple(
        SeatRecord(
            agent=lineup[s],
            seat=s,
            placement=places[s],
            points=end.scores[s],
            result=end.result[s],
            hands=totals[s][0],
            wins=totals[s][1],
            win_points=totals[s][2],
            deal_ins=totals[s][3],
            deal_in_points=totals[s][4],
            riichi=totals[s][5],
            calls=totals[s][6],
            draws=totals[s][7],
            draw_tenpai=totals[s][8],
            decision_times=tuple(times[s]) if s < len(times) else (),
        )
        for s in range(n)
    )


class _Timed(Agent):
    """An agent as it is, with the time of each decision that had a choice measured.

    It forwards everything the match driver looks at, so a match with timed agents is
    the match without them, event for event.
    """

    def __init__(self, inner: Agent) -> None:
        self.inner = inner
        self.name = inner.name
        self.uses_view = getattr(inner, "uses_view", True)
        self.wants_hands = getattr(inner, "wants_hands", False)
        self.wants_events = getattr(inner, "wants_events", False)
        self.times: list[float] = []

    def act(self, view: Any, legal: Sequence[Action]) -> Action:
        if len(legal) < 2:
            return self.inner.act(view, legal)
        start = time.perf_counter()
        answer = self.inner.act(view, legal)
        self.times.append(time.perf_counter() - start)
        return answer

    def start_match(self, seat: int, players: int) -> None:
        self.inner.start_match(seat, players)

    def end_round(self, round_end: RoundEnd) -> None:
        self.inner.end_round(round_end)

    def end_match(self, end: EndGame) -> None:
        self.inner.end_match(end)

    def see(self, events: Sequence[Event]) -> None:
        self.inner.see(events)

    def close(self) -> None:
        self.inner.close()


class _TimedAsync(_Timed):
    """:class:`_Timed` for an agent that answers from elsewhere (its own ``act_async``)."""

    async def act_async(self, view: Any, legal: Sequence[Action]) -> Action:
        start = time.perf_counter()
        answer = await self.inner.act_async(view, legal)
        if len(legal) > 1:
            self.times.append(time.perf_counter() - start)
        return answer


def _timed(agent: Agent) -> _Timed:
    native = type(agent).act_async is not Agent.act_async
    return _TimedAsync(agent) if native else _Timed(agent)


def play_game(job: GameJob) -> GameRecord:
    """Play one scheduled game; an agent's failure becomes the record's ``failure``.

    The agents are built by name (by the job's factory or
    :func:`~jantaku.agents.make_agent`; a random agent is seeded from the wall seed and
    its seat), so the same job always gives the same game.
    """
    seats: list[_Timed] = []
    start = time.process_time()
    try:
        for s, name in enumerate(job.lineup):
            seed = job.wall_seed * 16 + s
            agent = (
                job.factory(name, seed, s)
                if job.factory is not None
                else make_agent(name, seed=seed, seat=s, rules=job.rules)
            )
            seats.append(_timed(agent))
        result = play_match(seats, job.rules, job.wall_seed, names=job.lineup)
        records = seat_records(result.log, job.lineup, [a.times for a in seats])
        log = zlib.compress(dumps_game(result.log).encode("utf-8"), 6)
    except JantakuError as e:
        seat = getattr(e, "seat", None)
        failure = GameFailure(
            job.game,
            job.wall_seed,
            seat,
            job.lineup[seat] if isinstance(seat, int) and 0 <= seat < len(job.lineup) else None,
            str(e),
        )
        return GameRecord(
            job.game, job.wall_seed, job.rotation, (), failure, time.process_time() - start
        )
    return GameRecord(
        job.game, job.wall_seed, job.rotation, records, None, time.process_time() - start, log
    )


def _mean_ci(samples: Sequence[float]) -> tuple[float, float | None]:
    """The mean and the half-width of its 95 % interval (``None`` below two samples)."""
    mean = statistics.fmean(samples)
    if len(samples) < 2:
        return mean, None
    return mean, _Z95 * statistics.stdev(samples) / math.sqrt(len(samples))


@dataclass(frozen=True, slots=True)
class AgentReport:
    """One agent's statistics over a run (see the module docstring for each figure).

    ``placement``, ``points`` and ``result`` are ``(mean, half-width of the 95 %
    interval)``; the half-width is ``None`` with fewer than two wall seeds.
    ``placements[i]`` counts the games it finished in place ``i + 1``. The decision
    times (seconds) are read from ``decision_histogram`` (see :class:`DecisionTimes`):
    ``decisions`` is its count, ``decision_max`` the longest time.
    """

    agent: str
    games: int
    hands: int
    placement: tuple[float, float | None]
    points: tuple[float, float | None]
    result: tuple[float, float | None]
    placements: tuple[int, ...]
    win_rate: float
    deal_in_rate: float
    riichi_rate: float
    call_rate: float
    draw_rate: float
    draw_tenpai_rate: float | None
    average_win: float | None
    average_deal_in: float | None
    decisions: int
    decision_median: float | None
    decision_p90: float | None
    decision_p99: float | None
    decision_max: float | None
    decision_histogram: DecisionTimes = field(default=DecisionTimes(), repr=False)

    def to_dict(self) -> dict[str, Any]:
        """The report as JSON-ready values."""
        out = asdict(self)
        out["decision_histogram"] = self.decision_histogram.to_dict()
        return out


@dataclass(frozen=True, slots=True)
class ArenaReport:
    """Per-agent statistics of a run, built from its game records by :meth:`from_records`.

    ``cpu_seconds`` is the processor time of every game of the run, failed ones too.
    """

    agents: tuple[AgentReport, ...]
    games: int
    failures: tuple[GameFailure, ...]
    cpu_seconds: float = 0.0

    @property
    def games_per_cpu_second(self) -> float | None:
        """Games played a processor second: what one core plays (``None`` untimed)."""
        return self.games / self.cpu_seconds if self.cpu_seconds > 0 else None

    @classmethod
    def from_records(cls, records: Iterable[GameRecord]) -> ArenaReport:
        """Aggregate game records (failed games count only as failures).

        >>> job = schedule(("tsumogiri",), games=1)[0]
        >>> report = ArenaReport.from_records([play_game(job)])
        >>> a = report.agents[0]
        >>> a.agent, a.games, a.placement[0], a.win_rate, a.deal_in_rate
        ('tsumogiri', 4, 2.5, 0.0, 0.0)
        """
        records = list(records)
        failures = tuple(r.failure for r in records if r.failure is not None)
        played = [r for r in records if r.failure is None]
        by_agent: dict[str, list[SeatRecord]] = {}
        seeds: dict[str, dict[int, list[SeatRecord]]] = {}
        for r in played:
            for s in r.seats:
                by_agent.setdefault(s.agent, []).append(s)
                seeds.setdefault(s.agent, {}).setdefault(r.wall_seed, []).append(s)
        reports = []
        for agent, seats in by_agent.items():
            blocks = list(seeds[agent].values())
            hands = sum(s.hands for s in seats)
            wins = sum(s.wins for s in seats)
            deal_ins = sum(s.deal_ins for s in seats)
            draws = sum(s.draws for s in seats)
            times = DecisionTimes.merged(s.timing for s in seats)
            players = max(s.seat for r in played for s in r.seats) + 1
            per_hand = max(hands, 1)
            reports.append(
                AgentReport(
                    agent=agent,
                    games=len(seats),
                    hands=hands,
                    placement=_mean_ci([statistics.fmean(x.placement for x in b) for b in blocks]),
                    points=_mean_ci([statistics.fmean(x.points for x in b) for b in blocks]),
                    result=_mean_ci([statistics.fmean(x.result for x in b) for b in blocks]),
                    placements=tuple(
                        sum(s.placement == p for s in seats) for p in range(1, players + 1)
                    ),
                    win_rate=wins / per_hand,
                    deal_in_rate=deal_ins / per_hand,
                    riichi_rate=sum(s.riichi for s in seats) / per_hand,
                    call_rate=sum(s.calls for s in seats) / per_hand,
                    draw_rate=draws / per_hand,
                    draw_tenpai_rate=sum(s.draw_tenpai for s in seats) / draws if draws else None,
                    average_win=sum(s.win_points for s in seats) / wins if wins else None,
                    average_deal_in=(
                        sum(s.deal_in_points for s in seats) / deal_ins if deal_ins else None
                    ),
                    decisions=times.count,
                    decision_median=times.quantile(0.5),
                    decision_p90=times.quantile(0.9),
                    decision_p99=times.quantile(0.99),
                    decision_max=times.longest if times.count else None,
                    decision_histogram=times,
                )
            )
        return cls(tuple(reports), len(played), failures, sum(r.cpu_seconds for r in records))

    def agent(self, name: str) -> AgentReport:
        """The report of one agent; raises ``KeyError`` for an agent not in the run."""
        for a in self.agents:
            if a.agent == name:
                return a
        raise KeyError(name)

    def to_dict(self) -> dict[str, Any]:
        """The report as JSON-ready values."""
        return {
            "games": self.games,
            "agents": [a.to_dict() for a in self.agents],
            "failures": [asdict(f) for f in self.failures],
            "houou": dict(HOUOU),
            "cpu_seconds": round(self.cpu_seconds, 6),
            "games_per_cpu_second": (
                round(self.games_per_cpu_second, 2) if self.games_per_cpu_second else None
            ),
        }

    def text(self) -> str:
        """The report as lines for a terminal."""

        def ci(x: tuple[float, float | None], fmt: str) -> str:
            mean, half = x
            return f"{mean:{fmt}}" + (f" ± {half:{fmt}}" if half is not None else "")

        def ms(x: float | None) -> str:  # three significant digits, whole ms from 100 ms
            if x is None:
                return "-"
            return f"{x * 1000:.0f}" if x >= 0.1 else f"{x * 1000:.3g}"

        def opt(x: float | None, fmt: str) -> str:
            return f"{x:{fmt}}" if x is not None else "-"

        lines = [f"games {self.games}, failed {len(self.failures)}"]
        per_cpu = self.games_per_cpu_second
        if per_cpu is not None:
            lines[0] += (
                f", processor time in games {self.cpu_seconds:.1f} s"
                f" ({per_cpu:.2f} games per processor second)"
            )
        for a in self.agents:
            dist = " ".join(f"{p}" for p in a.placements)
            lines += [
                f"{a.agent}: {a.games} seats played (a seat of a game each), {a.hands} hands",
                f"  placement {ci(a.placement, '.3f')}   points {ci(a.points, '.0f')}"
                f"   result {ci(a.result, '.1f')}   places {dist}",
                f"  per hand: win {a.win_rate:.3f}  deal-in {a.deal_in_rate:.3f}"
                f"  riichi {a.riichi_rate:.3f}  call {a.call_rate:.3f}"
                f"  draw {a.draw_rate:.3f} (tenpai {opt(a.draw_tenpai_rate, '.3f')})",
                f"  average win {opt(a.average_win, '.0f')}"
                f"  average deal-in {opt(a.average_deal_in, '.0f')}",
                f"  decision ms: median {ms(a.decision_median)}  p90 {ms(a.decision_p90)}"
                f"  p99 {ms(a.decision_p99)}  max {ms(a.decision_max)} ({a.decisions} decisions)",
            ]
        lines.append(
            "Houou humans per hand: "
            + "  ".join(f"{k.replace('_', '-')} {v:.3f}" for k, v in HOUOU.items())
        )
        if self.failures:
            lines.append(
                "with failed games, each mean is over the wall seeds: the mean of each seed's "
                "finished games, so a seed with a failed game weighs as much as a whole one"
            )
        for f in self.failures:
            where = f", seat {f.seat} ({f.agent})" if f.seat is not None else ""
            lines.append(f"failed: game {f.game}, wall seed {f.wall_seed}{where}: {f.message}")
        return "\n".join(lines)


def _check_agents(agents: Sequence[str]) -> None:
    for i, name in enumerate(agents):
        if name not in BOTS:
            make_agent(name, seat=i).close()  # raises with the list of known agents


def run_arena(
    agents: Sequence[str],
    *,
    games: int = 1,
    rules: Rules = TENHOU,
    seed: int = 0,
    jobs: int = 1,
    runner: Runner = "local",
    ray_address: str | None = None,
    progress: Callable[[int, int], None] | None = None,
    factory: AgentFactory | None = None,
    on_record: Callable[[GameRecord], None] | None = None,
) -> list[GameRecord]:
    """Play the duplicate schedule and return its game records in schedule order.

    ``jobs=1`` plays in this process, more in that many local worker processes;
    ``runner="ray"`` sends the games to Ray (a local one, or the cluster at
    ``ray_address``; needs the ``arena`` extra). ``progress(done, total)`` is called as
    games finish, and ``on_record(record)`` with each game's record as it finishes (what
    a run cut short has played); ``factory`` builds agents that
    :func:`~jantaku.agents.make_agent` does not know (see :class:`GameJob`). The records
    are the same for the same arguments whichever runner plays them (decision times
    aside).

    Raises :class:`ArenaError` for a bad schedule or ``jobs``, and
    :class:`~jantaku.errors.AgentError` for an unknown agent name.
    """
    if jobs < 1:
        raise ArenaError("--jobs must be at least 1")
    if factory is None:
        _check_agents(agents)
    todo = tuple(
        replace(job, factory=factory)
        for job in schedule(agents, players=rules.players, games=games, seed=seed, rules=rules)
    )
    done: dict[int, GameRecord] = {}

    def finished(record: GameRecord) -> None:
        done[record.game] = record
        if on_record is not None:
            on_record(record)
        if progress is not None:
            progress(len(done), len(todo))

    if runner == "ray":
        _run_ray(todo, ray_address, finished)
    elif jobs == 1 or len(todo) <= 1:
        for job in todo:
            finished(play_game(job))
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            futures = [pool.submit(play_game, job) for job in todo]
            for future in as_completed(futures):
                finished(future.result())
    return [done[job.game] for job in todo]


def _run_ray(
    todo: Sequence[GameJob], address: str | None, finished: Callable[[GameRecord], None]
) -> None:
    """Play the games as Ray tasks (a local Ray when ``address`` is ``None``)."""
    try:
        import ray
    except ImportError:
        raise ArenaError(
            "Ray is not installed: pip install 'jantaku[arena]' (or pip install ray)"
        ) from None
    started = not ray.is_initialized()
    if started:
        ray.init(
            address=address,
            include_dashboard=False,
            log_to_driver=False,
            configure_logging=False,
        )
    try:
        remote = ray.remote(play_game)
        pending = [remote.remote(job) for job in todo]
        while pending:
            ready, pending = ray.wait(pending, num_returns=1)
            for ref in ready:
                finished(ray.get(ref))
    finally:
        if started:
            ray.shutdown()


# --- the store --------------------------------------------------------------------------

MIGRATIONS: Final = (
    """
    CREATE TABLE arena_runs (
        id INTEGER PRIMARY KEY,
        created TEXT NOT NULL,
        rules TEXT NOT NULL,
        agents TEXT NOT NULL,
        seed INTEGER NOT NULL,
        games INTEGER NOT NULL,
        runner TEXT NOT NULL,
        seconds REAL NOT NULL,
        report TEXT NOT NULL
    );
    CREATE TABLE arena_games (
        run_id INTEGER NOT NULL REFERENCES arena_runs(id) ON DELETE CASCADE,
        game INTEGER NOT NULL,
        wall_seed INTEGER NOT NULL,
        rotation INTEGER NOT NULL,
        failed_seat INTEGER,
        failed_agent TEXT,
        failure TEXT,
        PRIMARY KEY (run_id, game)
    );
    CREATE TABLE arena_seats (
        run_id INTEGER NOT NULL,
        game INTEGER NOT NULL,
        seat INTEGER NOT NULL,
        agent TEXT NOT NULL,
        placement INTEGER NOT NULL,
        points INTEGER NOT NULL,
        result REAL NOT NULL,
        hands INTEGER NOT NULL,
        wins INTEGER NOT NULL,
        win_points INTEGER NOT NULL,
        deal_ins INTEGER NOT NULL,
        deal_in_points INTEGER NOT NULL,
        riichi INTEGER NOT NULL,
        calls INTEGER NOT NULL,
        draws INTEGER NOT NULL,
        draw_tenpai INTEGER NOT NULL,
        decisions INTEGER NOT NULL,
        decision_seconds REAL NOT NULL,
        PRIMARY KEY (run_id, game, seat),
        FOREIGN KEY (run_id, game) REFERENCES arena_games(run_id, game) ON DELETE CASCADE
    )
    """,
    """
    ALTER TABLE arena_games ADD COLUMN cpu_seconds REAL NOT NULL DEFAULT 0
    """,
    """
    ALTER TABLE arena_games ADD COLUMN log BLOB;
    ALTER TABLE arena_seats ADD COLUMN decision_histogram TEXT
    """,
)
"""The arena's schema, version by version (see :func:`jantaku.store.migrate`)."""

_SEAT_FIELDS: Final = (
    "agent",
    "seat",
    "placement",
    "points",
    "result",
    "hands",
    "wins",
    "win_points",
    "deal_ins",
    "deal_in_points",
    "riichi",
    "calls",
    "draws",
    "draw_tenpai",
)


def save(
    conn: sqlite3.Connection,
    records: Sequence[GameRecord],
    *,
    agents: Sequence[str],
    rules: Rules,
    seed: int,
    games: int,
    runner: str,
    seconds: float,
) -> int:
    """Store a run (its records and report) in one transaction; returns the run's id.

    >>> from jantaku.store import connect
    >>> conn = connect(":memory:")
    >>> records = run_arena(["tsumogiri"], games=1)
    >>> run = save(conn, records, agents=["tsumogiri"], rules=TENHOU, seed=0, games=1,
    ...            runner="local", seconds=0.1)
    >>> load_run(conn, run) == records
    True
    """
    migrate(conn, "arena", MIGRATIONS)
    report = ArenaReport.from_records(records)
    conn.execute("BEGIN IMMEDIATE")
    try:
        cur = conn.execute(
            "INSERT INTO arena_runs (created, rules, agents, seed, games, runner, seconds, report)"
            " VALUES (datetime('now'), ?, ?, ?, ?, ?, ?, ?)",
            (
                rules.name() or "custom",
                json.dumps(list(agents)),
                seed,
                games,
                runner,
                seconds,
                json.dumps(report.to_dict()),
            ),
        )
        run_id = int(cur.lastrowid or 0)
        for r in records:
            f = r.failure
            conn.execute(
                "INSERT INTO arena_games (run_id, game, wall_seed, rotation, failed_seat,"
                " failed_agent, failure, cpu_seconds, log) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    run_id,
                    r.game,
                    r.wall_seed,
                    r.rotation,
                    f.seat if f else None,
                    f.agent if f else None,
                    f.message if f else None,
                    r.cpu_seconds,
                    r.log,
                ),
            )
            for s in r.seats:
                timing = s.timing
                conn.execute(
                    f"INSERT INTO arena_seats (run_id, game, {', '.join(_SEAT_FIELDS)},"
                    " decisions, decision_seconds, decision_histogram)"
                    f" VALUES ({', '.join('?' * (len(_SEAT_FIELDS) + 5))})",
                    (
                        run_id,
                        r.game,
                        *(getattr(s, k) for k in _SEAT_FIELDS),
                        timing.count,
                        sum(s.decision_times),
                        json.dumps(timing.to_dict()),
                    ),
                )
        conn.execute("COMMIT")
    except sqlite3.Error:
        conn.execute("ROLLBACK")
        raise
    return run_id


def load_run(conn: sqlite3.Connection, run_id: int) -> list[GameRecord]:
    """The game records of a stored run, with their logs and each seat's histogram of
    decision times (not the single times).

    Raises :class:`ArenaError` for a run the store does not hold.
    """
    migrate(conn, "arena", MIGRATIONS)
    games = conn.execute(
        "SELECT * FROM arena_games WHERE run_id = ? ORDER BY game", (run_id,)
    ).fetchall()
    if not games:
        raise ArenaError(f"the store holds no arena run {run_id}")
    seats: dict[int, list[SeatRecord]] = {}
    for row in conn.execute(
        "SELECT * FROM arena_seats WHERE run_id = ? ORDER BY game, seat", (run_id,)
    ):
        stored = row["decision_histogram"]
        timing = DecisionTimes.from_dict(json.loads(stored)) if stored is not None else None
        seats.setdefault(row["game"], []).append(
            SeatRecord(**{k: row[k] for k in _SEAT_FIELDS}, stored_times=timing)
        )
    out = []
    for g in games:
        failure = (
            GameFailure(
                g["game"], g["wall_seed"], g["failed_seat"], g["failed_agent"], g["failure"]
            )
            if g["failure"] is not None
            else None
        )
        out.append(
            GameRecord(
                g["game"],
                g["wall_seed"],
                g["rotation"],
                tuple(seats.get(g["game"], ())),
                failure,
                g["cpu_seconds"],
                g["log"],
            )
        )
    return out


@dataclass(frozen=True, slots=True)
class RunInfo:
    """A stored run as :func:`runs` lists it: when, what rules, which agents, how many
    wall seeds from which seed, on what runner, how long (seconds), games finished and
    failed."""

    id: int
    created: str
    rules: str
    agents: tuple[str, ...]
    seed: int
    wall_seeds: int
    runner: str
    seconds: float
    games: int
    failed: int

    def to_dict(self) -> dict[str, Any]:
        """The run's line as JSON-ready values."""
        return asdict(self)


def runs(conn: sqlite3.Connection, run_id: int | None = None) -> list[RunInfo]:
    """The stored runs, oldest first (or only run ``run_id``, an empty list if the store
    does not hold it)."""
    migrate(conn, "arena", MIGRATIONS)
    where = "" if run_id is None else " WHERE r.id = ?"
    rows = conn.execute(
        "SELECT r.*, (SELECT count(*) FROM arena_games g WHERE g.run_id = r.id"
        " AND g.failure IS NULL) AS finished, (SELECT count(*) FROM arena_games g"
        " WHERE g.run_id = r.id AND g.failure IS NOT NULL) AS failed"
        f" FROM arena_runs r{where} ORDER BY r.id",
        () if run_id is None else (run_id,),
    ).fetchall()
    return [
        RunInfo(
            row["id"],
            row["created"],
            row["rules"],
            tuple(json.loads(row["agents"])),
            row["seed"],
            row["games"],
            row["runner"],
            row["seconds"],
            row["finished"],
            row["failed"],
        )
        for row in rows
    ]


def load_log(conn: sqlite3.Connection, run_id: int, game: int) -> str:
    """The mjai log of game ``game`` of a stored run (the schedule's numbering, from 0).

    Raises :class:`ArenaError` for a run or game the store does not hold, a failed game
    or a game stored before the arena kept logs.
    """
    migrate(conn, "arena", MIGRATIONS)
    row = conn.execute(
        "SELECT game, failure, log FROM arena_games WHERE run_id = ? AND game = ?",
        (run_id, game),
    ).fetchone()
    if row is None:
        if not runs(conn, run_id):
            raise ArenaError(f"the store holds no arena run {run_id}")
        (count,) = conn.execute(
            "SELECT count(*) FROM arena_games WHERE run_id = ?", (run_id,)
        ).fetchone()
        raise ArenaError(f"arena run {run_id} has games 0 to {count - 1}, not {game}")
    if row["log"] is None and row["failure"] is None:
        raise ArenaError(f"game {game} of run {run_id} was stored before the arena kept logs")
    record = GameRecord(game, 0, 0, (), None, 0.0, row["log"])
    if row["failure"] is not None:
        raise ArenaError(f"game {game} of run {run_id} kept no log (it failed: {row['failure']})")
    return record.mjai()


# --- plots ------------------------------------------------------------------------------


def plot(report: ArenaReport, folder: str | Path) -> list[Path]:
    """Draw the report as PNG files in ``folder``; returns their paths.

    ``placements.png``: each agent's placement distribution; ``rates.png``: each agent's
    win, deal-in, riichi and call rates beside the Houou human averages. Needs
    matplotlib (the ``arena`` extra); raises :class:`ArenaError` without it.
    """
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        raise ArenaError(
            "plots need matplotlib: pip install 'jantaku[arena]' (or pip install matplotlib)"
        ) from None
    out = Path(folder)
    out.mkdir(parents=True, exist_ok=True)
    agents = report.agents
    width = 0.8 / max(len(agents) + 1, 1)

    fig, ax = plt.subplots(figsize=(7, 4))
    for i, a in enumerate(agents):
        total = max(a.games, 1)
        xs = [p + (i - (len(agents) - 1) / 2) * width for p in range(1, len(a.placements) + 1)]
        ax.bar(xs, [c / total for c in a.placements], width, label=a.agent)
    ax.set_xlabel("placement")
    ax.set_ylabel("share of games")
    ax.set_title(f"Placement distribution ({report.games} games)")
    ax.set_xticks(range(1, max((len(a.placements) for a in agents), default=4) + 1))
    ax.legend()
    fig.tight_layout()
    placements_png = out / "placements.png"
    fig.savefig(placements_png, dpi=100)
    plt.close(fig)

    names = list(HOUOU)
    fig, ax = plt.subplots(figsize=(7, 4))
    series = [("Houou humans", [HOUOU[k] for k in names])]
    series += [(a.agent, [a.win_rate, a.deal_in_rate, a.riichi_rate, a.call_rate]) for a in agents]
    for i, (label, values) in enumerate(series):
        xs = [x + (i - (len(series) - 1) / 2) * width for x in range(len(names))]
        ax.bar(xs, values, width, label=label, hatch="//" if i == 0 else None)
    ax.set_xticks(range(len(names)), [n.replace("_", "-") for n in names])
    ax.set_ylabel("per hand")
    ax.set_title("Rates per hand against the Houou human averages")
    ax.legend()
    fig.tight_layout()
    rates_png = out / "rates.png"
    fig.savefig(rates_png, dpi=100)
    plt.close(fig)
    return [placements_png, rates_png]
