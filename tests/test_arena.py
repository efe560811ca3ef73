"""The duplicate arena: its schedule, statistics read from logs, runners, store, plots, CLI."""

from __future__ import annotations

import importlib.util
import json
import math
import statistics
from collections import Counter
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from jantaku.agents import make_agent
from jantaku.arena import (
    MIGRATIONS,
    ArenaError,
    ArenaReport,
    GameRecord,
    SeatRecord,
    load_run,
    play_game,
    run_arena,
    save,
    schedule,
    seat_records,
)
from jantaku.cli import main
from jantaku.errors import AgentError
from jantaku.events import (
    Chi,
    Dahai,
    EndGame,
    EndKyoku,
    Event,
    Hora,
    Pon,
    Reach,
    ReachAccepted,
    Ryukyoku,
    StartGame,
    StartKyoku,
)
from jantaku.match import play_match
from jantaku.rules import TENHOU, GameLength
from jantaku.store import connect, migrate, schema_version
from jantaku.tiles import EAST, parse_tiles

EAST_ONLY = replace(TENHOU, length=GameLength.EAST_ONLY)


def test_schedule_seats_every_agent_in_every_seat_on_every_wall() -> None:
    jobs = schedule(("A", "B", "C", "D"), players=4, games=3, seed=10)
    assert len(jobs) == 12
    assert [j.game for j in jobs] == list(range(12))
    for seed in (10, 11, 12):
        lineups = [j.lineup for j in jobs if j.wall_seed == seed]
        assert len(lineups) == 4
        for seat in range(4):  # each agent takes each seat once on this wall
            assert sorted(lu[seat] for lu in lineups) == ["A", "B", "C", "D"]
    two = schedule(("A", "B"), players=4, games=1)
    assert all(Counter(j.lineup) == {"A": 2, "B": 2} for j in two)


def test_schedule_plays_each_seating_of_a_wall_once() -> None:
    # the same job gives the same game: a rotation that seats the agents as an earlier
    # one did is not played again
    two = schedule(("A", "B"), players=4, games=3, seed=5)
    assert ["".join(j.lineup) for j in two] == ["ABAB", "BABA"] * 3
    assert [j.game for j in two] == list(range(6))
    assert [j.rotation for j in two] == [0, 1] * 3
    for seat in range(4):  # on each wall each agent still takes each seat
        assert {j.lineup[seat] for j in two if j.wall_seed == 5} == {"A", "B"}
    assert [j.lineup for j in schedule(("A",), games=2)] == [("A",) * 4] * 2
    three = schedule(("A", "B"), players=3, games=1)  # ABA: every rotation differs
    assert ["".join(j.lineup) for j in three] == ["ABA", "AAB", "BAA"]
    for games in (1, 4):
        jobs = schedule(("A", "B", "C"), games=games)
        assert len({(j.wall_seed, j.lineup) for j in jobs}) == len(jobs) == 4 * games


def test_schedule_refuses_what_cannot_be_seated() -> None:
    with pytest.raises(ArenaError):
        schedule((), games=1)
    with pytest.raises(ArenaError):
        schedule(("a", "b", "c", "d", "e"), games=1)
    with pytest.raises(ArenaError):
        schedule(("a",), games=-1)


def _constructed_log() -> list[Event]:
    """Two hands: seat 0 riichis and seat 2 rons seat 0 after opening with a chii;
    then seat 1 pons and the wall runs out with seats 1 and 3 tenpai."""
    hand = parse_tiles("123456789m1234p")
    tehais = (hand[:13],) * 4
    return [
        StartGame(names=("a", "b", "c", "d")),
        StartKyoku(EAST, 1, 0, 0, 0, 0, (25000,) * 4, tehais),
        Reach(0),
        Dahai(0, 30, False),
        ReachAccepted(0),
        Chi(2, 1, 2, (0, 1)),
        Chi(2, 1, 5, (3, 4)),  # a second call in the same hand counts once
        Hora(2, 0, 8, deltas=(-7700, 0, 8700, 0), points=7700),
        EndKyoku(),
        StartKyoku(EAST, 2, 0, 0, 1, 0, (17300, 25000, 34700, 25000), tehais),
        Pon(1, 0, 31, (31, 31)),
        Ryukyoku("exhaustive", deltas=(-1500, 1500, -1500, 1500), tenpai=(1, 3)),
        EndKyoku(),
        EndGame(scores=(15800, 26500, 33200, 26500), result=(-44.2, 6.5, 43.2, -5.5)),
    ]


def test_seat_records_read_each_seat_from_a_constructed_log() -> None:
    recs = seat_records(_constructed_log(), ("a", "b", "c", "d"), [[0.001, 0.003], [], [], []])
    a, b, c, d = recs
    assert [r.placement for r in recs] == [4, 2, 1, 3]  # 26500 tie: seat 1 first (M6)
    assert [r.hands for r in recs] == [2, 2, 2, 2]
    assert (c.wins, c.win_points, c.calls) == (1, 7700, 1)
    assert (a.deal_ins, a.deal_in_points, a.riichi, a.wins) == (1, 7700, 1, 0)
    assert (b.calls, b.draws, b.draw_tenpai) == (1, 1, 1)
    assert (d.draws, d.draw_tenpai, a.draw_tenpai) == (1, 1, 0)
    assert a.decision_times == (0.001, 0.003) and a.result == -44.2 and a.points == 15800
    with pytest.raises(Exception, match="end_game"):
        seat_records(_constructed_log()[:-1], ("a", "b", "c", "d"))


def _seat(agent: str, seat: int, placement: int, points: int, **kw: int) -> SeatRecord:
    base: dict[str, Any] = dict(
        hands=10,
        wins=0,
        win_points=0,
        deal_ins=0,
        deal_in_points=0,
        riichi=0,
        calls=0,
        draws=0,
        draw_tenpai=0,
    )
    base.update(kw)
    return SeatRecord(agent, seat, placement, points, (points - 25000) / 1000, **base)


def test_report_statistics_on_constructed_records() -> None:
    # agent X holds seats 0 and 2; three wall seeds with placements (1,2), (3,4), (1,3)
    games = [
        (100, [(1, 40000), (2, 30000)]),
        (101, [(3, 20000), (4, 10000)]),
        (102, [(1, 35000), (3, 25000)]),
    ]
    records = []
    for i, (seed, xs) in enumerate(games):
        seats = []
        for slot, (place, pts) in zip((0, 2), xs, strict=True):
            seats.append(
                _seat(
                    "X",
                    slot,
                    place,
                    pts,
                    wins=2,
                    win_points=16000,
                    deal_ins=1,
                    deal_in_points=3900,
                    riichi=1,
                    calls=3,
                    draws=2,
                    draw_tenpai=1,
                )
            )
        others = [p for p in (1, 2, 3, 4) if p not in {x[0] for x in xs}]
        seats += [_seat("Y", 1, others[0], 25000), _seat("Y", 3, others[1], 25000)]
        records.append(GameRecord(i, seed, 0, tuple(sorted(seats, key=lambda s: s.seat))))
    report = ArenaReport.from_records(records)
    x = report.agent("X")
    blocks = [1.5, 3.5, 2.0]
    assert x.games == 6 and x.hands == 60
    assert x.placement[0] == pytest.approx(statistics.fmean(blocks))
    half = 1.96 * statistics.stdev(blocks) / math.sqrt(3)
    assert x.placement[1] == pytest.approx(half, rel=1e-3)
    assert x.placements == (2, 1, 2, 1)
    assert (x.win_rate, x.deal_in_rate, x.riichi_rate, x.call_rate) == (0.2, 0.1, 0.1, 0.3)
    assert (x.draw_rate, x.draw_tenpai_rate) == (0.2, 0.5)
    assert (x.average_win, x.average_deal_in) == (8000, 3900)
    assert x.decisions == 0 and x.decision_median is None
    y = report.agent("Y")
    assert y.win_rate == 0 and y.average_win is None and y.draw_tenpai_rate is None
    one = ArenaReport.from_records(records[:1]).agent("X")
    assert one.placement == (1.5, None)  # one wall seed: no interval
    assert "X: 6 seats played (a seat of a game each)" in report.text()


def test_decision_time_quantiles_from_the_histogram() -> None:
    times = tuple(i / 1000 for i in range(1, 201))  # 1 … 200 ms
    seat = replace(_seat("T", 0, 1, 30000), decision_times=times)
    rest = tuple(_seat("U", s, s + 1, 23000) for s in (1, 2, 3))
    t = ArenaReport.from_records([GameRecord(0, 0, 0, (seat, *rest))]).agent("T")
    assert t.decisions == 200 and t.decision_max == 0.2
    # nearest rank (the 100th, 180th and 198th of 200), read as the upper edge of its
    # bin: never below the time, at most one bin (10 ** (1 / 20), 12.2 %) above it
    for got, exact in (
        (t.decision_median, 0.100),
        (t.decision_p90, 0.180),
        (t.decision_p99, 0.198),
    ):
        assert got is not None and exact <= got <= exact * 10 ** (1 / 20)
    quantiles = [t.decision_median, t.decision_p90, t.decision_p99, t.decision_max]
    assert all(q is not None for q in quantiles)
    assert quantiles == sorted(quantiles, key=float)  # type: ignore[arg-type]
    assert "p90" in ArenaReport.from_records([GameRecord(0, 0, 0, (seat, *rest))]).text()


def test_a_timed_arena_game_is_the_plain_match() -> None:
    job = schedule(("efficiency", "random"), games=1, seed=3, rules=EAST_ONLY)[1]
    record = play_game(job)
    agents = [make_agent(n, seed=job.wall_seed * 16 + s) for s, n in enumerate(job.lineup)]
    plain = play_match(agents, EAST_ONLY, job.wall_seed, names=job.lineup)
    assert record.failure is None
    assert record.seats == seat_records(plain.log, job.lineup)
    assert all(s.decision_times for s in record.seats)
    assert [s.placement for s in record.seats] == list(plain.placements)


def test_local_processes_give_the_in_process_results() -> None:
    kw = dict(games=2, rules=EAST_ONLY, seed=20)
    seen: list[tuple[int, int]] = []
    one = run_arena(["efficiency", "random"], jobs=1, **kw)  # type: ignore[arg-type]
    two = run_arena(
        ["efficiency", "random"],
        jobs=2,
        progress=lambda done, total: seen.append((done, total)),
        **kw,  # type: ignore[arg-type]
    )
    assert one == two and len(one) == 4
    assert seen[-1] == (4, 4) and len(seen) == 4
    report = ArenaReport.from_records(two)
    e, r = report.agent("efficiency"), report.agent("random")
    assert e.games == r.games == 8
    assert e.placement[0] + r.placement[0] == pytest.approx(5.0)  # two seats each
    assert e.placement[0] < r.placement[0]


def test_a_failing_agent_is_reported_with_game_seed_and_seat_and_the_run_goes_on() -> None:
    records = run_arena(["tsumogiri", "mjai:false"], games=1, rules=EAST_ONLY, seed=4)
    assert len(records) == 2
    failures = [r.failure for r in records]
    assert all(f is not None for f in failures)
    first = failures[0]
    assert first is not None
    assert (first.game, first.wall_seed, first.agent) == (0, 4, "mjai:false")
    assert first.seat in (1, 3)
    report = ArenaReport.from_records(records)
    assert report.games == 0 and len(report.failures) == 2
    assert "failed: game 0, wall seed 4, seat" in report.text()


def test_bad_arguments_are_typed_errors() -> None:
    with pytest.raises(AgentError):
        run_arena(["efficiency", "nobody"], games=1)
    with pytest.raises(ArenaError):
        run_arena(["efficiency"], games=1, jobs=0)


def test_a_run_round_trips_through_the_shared_store(tmp_path: Path) -> None:
    records = run_arena(["efficiency", "tsumogiri"], games=1, rules=EAST_ONLY, seed=2)
    conn = connect(tmp_path / "store.sqlite3")
    run = save(
        conn,
        records,
        agents=["efficiency", "tsumogiri"],
        rules=EAST_ONLY,
        seed=2,
        games=1,
        runner="local",
        seconds=1.0,
    )
    assert schema_version(conn, "arena") == 3
    tables = {r[0] for r in conn.execute("SELECT name FROM sqlite_master WHERE type='table'")}
    assert {"arena_runs", "arena_games", "arena_seats"} <= tables
    assert all(t.startswith("arena_") or t == "schema_versions" for t in tables)
    loaded = load_run(conn, run)
    assert loaded == records
    # the processor times are measured (left out of ==): stored and read back as they were
    assert [r.cpu_seconds for r in loaded] == [r.cpu_seconds for r in records]
    assert all(r.cpu_seconds > 0 for r in records)
    stored = json.loads(conn.execute("SELECT report FROM arena_runs").fetchone()[0])
    assert stored["games"] == 2
    with pytest.raises(ArenaError):
        load_run(conn, run + 1)


def test_cli_arena_json_store_and_plots(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = tmp_path / "j.sqlite3"
    args = ["arena", "--agents", "efficiency,tsumogiri", "--games", "1", "--jobs", "1"]
    args += ["--rules", "tenhou", "--seed", "5", "--json", "--db", str(db)]
    plots = importlib.util.find_spec("matplotlib") is not None
    if plots:
        args += ["--plot", str(tmp_path / "plots")]
    assert main(args) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["games"] == 2 and out["run_id"] == 1 and out["wall_seeds"] == 1
    assert out["cpu_seconds"] > 0
    assert out["games_per_cpu_second"] == pytest.approx(2 / out["cpu_seconds"], rel=0.01)
    names = {a["agent"] for a in out["agents"]}
    assert names == {"efficiency", "tsumogiri"}
    if plots:
        assert len(out["plots"]) == 2
        for p in out["plots"]:
            assert Path(p).read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert main(["arena", "--agents", "efficiency,nobody", "--games", "1", "--no-store"]) == 2
    assert "unknown agent" in capsys.readouterr().err


@pytest.mark.slow  # starting a local Ray takes 6 to 25 s
def test_ray_plays_the_same_games_as_local_processes() -> None:
    pytest.importorskip("ray")
    local = run_arena(["efficiency", "random"], games=1, rules=EAST_ONLY, seed=9, jobs=1)
    on_ray = run_arena(["efficiency", "random"], games=1, rules=EAST_ONLY, seed=9, runner="ray")
    assert on_ray == local


def test_the_processor_time_of_a_run_is_the_sum_of_its_games() -> None:
    records = run_arena(["efficiency", "random"], games=1, rules=EAST_ONLY, seed=11)
    assert len(records) == 2 and all(r.cpu_seconds > 0 for r in records)
    report = ArenaReport.from_records(records)
    assert report.cpu_seconds == pytest.approx(sum(r.cpu_seconds for r in records))
    assert report.games_per_cpu_second == pytest.approx(2 / report.cpu_seconds)
    assert "games per processor second" in report.text()
    untimed = ArenaReport.from_records([replace(r, cpu_seconds=0.0) for r in records])
    assert untimed.games_per_cpu_second is None
    assert "processor" not in untimed.text() and untimed.to_dict()["games_per_cpu_second"] is None


def test_a_store_of_the_first_arena_schema_is_brought_up_to_date(tmp_path: Path) -> None:
    conn = connect(tmp_path / "old.sqlite3")
    migrate(conn, "arena", MIGRATIONS[:1])  # a store written before games were timed
    conn.execute(
        "INSERT INTO arena_runs VALUES (1, datetime('now'), 'tenhou', '[]', 0, 1, 'local', 1, '{}')"
    )
    conn.execute("INSERT INTO arena_games VALUES (1, 0, 0, 0, NULL, NULL, NULL)")
    [old] = load_run(conn, 1)
    assert schema_version(conn, "arena") == 3
    assert (old.game, old.cpu_seconds, old.seats, old.failure) == (0, 0.0, (), None)
