"""What the arena's store keeps of each game: its mjai log, which jantaku's own replay
replays to the stored result, and the distribution of each agent's decision times."""

from __future__ import annotations

import json
import math
import zlib
from dataclasses import replace
from pathlib import Path

import pytest

from jantaku.arena import (
    MIGRATIONS,
    ArenaError,
    ArenaReport,
    DecisionTimes,
    GameRecord,
    load_log,
    load_run,
    run_arena,
    runs,
    save,
)
from jantaku.cli import main
from jantaku.events import EndGame, StartGame
from jantaku.logs.mjai import loads_game
from jantaku.logs.replay import replay_events
from jantaku.rules import TENHOU, GameLength
from jantaku.store import connect, migrate

EAST_ONLY = replace(TENHOU, length=GameLength.EAST_ONLY)
AGENTS = ["efficiency", "random"]


@pytest.fixture(scope="module")
def stored(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, int, list[GameRecord]]:
    """A small run (two wall seeds, four games) kept in a store of its own."""
    db = tmp_path_factory.mktemp("arena") / "store.sqlite3"
    records = run_arena(AGENTS, games=2, rules=EAST_ONLY, seed=31)
    conn = connect(db)
    try:
        run = save(
            conn,
            records,
            agents=AGENTS,
            rules=EAST_ONLY,
            seed=31,
            games=2,
            runner="local",
            seconds=1.0,
        )
    finally:
        conn.close()
    return db, run, records


def test_each_stored_game_replays_to_its_stored_result(
    stored: tuple[Path, int, list[GameRecord]],
) -> None:
    db, run, records = stored
    conn = connect(db)
    try:
        loaded = load_run(conn, run)
        assert len(loaded) == 4
        for record in loaded:
            text = load_log(conn, run, record.game)
            assert text == record.mjai()
            events = loads_game(text)
            # the log is the game of the record: its seating, its wall, its final points
            start, end = events[0], events[-1]
            assert isinstance(start, StartGame) and isinstance(end, EndGame)
            assert events == record.events()
            replay = replay_events(events, EAST_ONLY)
            assert replay.status == "ok", replay.divergence
            assert end.scores is not None
            assert [s.points for s in record.seats] == list(end.scores)
            assert list(start.names) == [s.agent for s in record.seats]
            assert start.seed == record.wall_seed
    finally:
        conn.close()
    # the fresh records and the stored ones hold the same logs
    assert [r.mjai() for r in records] == [r.mjai() for r in loaded]


def test_a_replayed_log_that_disagrees_with_its_result_is_caught(
    stored: tuple[Path, int, list[GameRecord]],
) -> None:
    """The replay is a real check: a log whose final scores are changed diverges."""
    _, _, records = stored
    lines = records[0].mjai().splitlines()
    end = json.loads(lines[-1])
    end["scores"][0] += 1000
    end["scores"][1] -= 1000
    lines[-1] = json.dumps(end)
    assert replay_events(loads_game("\n".join(lines)), EAST_ONLY).status == "diverged"


def test_decision_times_are_kept_as_a_distribution(
    stored: tuple[Path, int, list[GameRecord]],
) -> None:
    db, run, records = stored
    fresh = ArenaReport.from_records(records)
    conn = connect(db)
    try:
        again = ArenaReport.from_records(load_run(conn, run))
    finally:
        conn.close()
    for name in AGENTS:
        a, b = fresh.agent(name), again.agent(name)
        # the count is every decision with a choice the agent's seats made
        made = sum(len(s.decision_times) for r in records for s in r.seats if s.agent == name)
        assert a.decisions == made > 0
        assert b.decisions == made and b.decision_histogram.count == made
        quantiles = [a.decision_median, a.decision_p90, a.decision_p99, a.decision_max]
        assert all(q is not None and q > 0 for q in quantiles)
        assert quantiles == sorted(quantiles, key=float)  # type: ignore[arg-type]
        longest = max(
            t for r in records for s in r.seats if s.agent == name for t in s.decision_times
        )
        assert a.decision_max == longest
        # the stored histogram gives the report of the fresh times exactly
        assert (b.decision_median, b.decision_p90, b.decision_p99, b.decision_max) == (
            a.decision_median,
            a.decision_p90,
            a.decision_p99,
            a.decision_max,
        )


def test_the_histogram_bins_and_quantiles() -> None:
    assert DecisionTimes.bin_of(0.0) == DecisionTimes.bin_of(5e-7) == 0
    assert DecisionTimes.bin_of(1e-6) == 1 and DecisionTimes.bin_of(1e-5 * 1.0001) == 21
    for t in (2e-6, 3.3e-4, 0.05, 1.0, 42.0):
        b = DecisionTimes.bin_of(t)
        assert DecisionTimes.upper_edge(b - 1) <= t < DecisionTimes.upper_edge(b)
    d = DecisionTimes.of([0.001] * 98 + [0.5, 2.0])
    assert d.count == 100 and d.longest == 2.0
    assert d.quantile(0.5) == d.quantile(0.98) == pytest.approx(0.001 * 10 ** (1 / 20), rel=0.13)
    assert d.quantile(0.99) is not None and 0.5 <= d.quantile(0.99) <= 0.5 * 1.13  # type: ignore[operator]
    assert d.quantile(1.0) == 2.0
    assert DecisionTimes().quantile(0.5) is None
    merged = DecisionTimes.merged([d, DecisionTimes.of([3.0])])
    assert merged.count == 101 and merged.longest == 3.0
    assert DecisionTimes.from_dict(json.loads(json.dumps(merged.to_dict()))) == merged


def test_the_cli_lists_shows_and_exports_stored_games(
    stored: tuple[Path, int, list[GameRecord]],
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    db, run, records = stored
    assert main(["arena", "runs", "--db", str(db)]) == 0
    assert f"{run}  " in capsys.readouterr().out
    assert main(["arena", "--db", str(db), "runs", "--json"]) == 0
    [info] = json.loads(capsys.readouterr().out)
    assert info["agents"] == AGENTS and info["games"] == 4 and info["failed"] == 0

    assert main(["arena", "show", str(run), "--db", str(db)]) == 0
    out = capsys.readouterr().out
    assert "decision ms: median" in out and "p90" in out and "max" in out
    assert f"jantaku arena export {run} GAME" in out
    assert main(["arena", "show", str(run), "--db", str(db), "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert [g["points"] for g in shown["game_list"]] == [
        [s.points for s in r.seats] for r in records
    ]
    e = next(a for a in shown["agents"] if a["agent"] == "efficiency")
    assert e["decision_p90"] <= e["decision_p99"] <= e["decision_max"]
    assert sum(c for _, c in e["decision_histogram"]["bins"]) == e["decisions"]

    target = tmp_path / "game2.jsonl"
    assert main(["arena", "export", str(run), "2", "-o", str(target), "--db", str(db)]) == 0
    assert target.read_text(encoding="utf-8") == records[2].mjai()
    assert main(["replay", str(target)]) == 0
    assert " ok " in capsys.readouterr().out
    assert main(["arena", "export", str(run), "2", "--db", str(db)]) == 0
    assert capsys.readouterr().out == records[2].mjai()

    for bad, message in (
        (["arena", "export", str(run), "9", "--db", str(db)], "has games 0 to 3, not 9"),
        (["arena", "show", "77", "--db", str(db)], "no arena run 77"),
        (["arena", "--db", str(db)], "arena needs --agents"),
    ):
        assert main(bad) == 2
        err = capsys.readouterr().err
        assert message in err and err.count("\n") == 1 and "Traceback" not in err


def test_a_failed_game_keeps_no_log_and_says_why(tmp_path: Path) -> None:
    records = run_arena(["tsumogiri", "mjai:false"], games=1, rules=EAST_ONLY, seed=4)
    conn = connect(tmp_path / "s.sqlite3")
    try:
        run = save(
            conn,
            records,
            agents=["tsumogiri", "mjai:false"],
            rules=EAST_ONLY,
            seed=4,
            games=1,
            runner="local",
            seconds=1.0,
        )
        with pytest.raises(ArenaError, match=r"kept no log \(it failed"):
            load_log(conn, run, 0)
        assert runs(conn)[0].failed == 2
    finally:
        conn.close()


def test_a_game_stored_before_logs_were_kept_says_so(tmp_path: Path) -> None:
    conn = connect(tmp_path / "old.sqlite3")
    try:
        migrate(conn, "arena", MIGRATIONS[:2])
        conn.execute(
            "INSERT INTO arena_runs VALUES (1, datetime('now'), 'tenhou', '[\"a\"]', 0, 1,"
            " 'local', 1, '{}')"
        )
        conn.execute("INSERT INTO arena_games VALUES (1, 0, 0, 0, NULL, NULL, NULL, 0.5)")
        with pytest.raises(ArenaError, match="before the arena kept logs"):
            load_log(conn, 1, 0)
        [old] = load_run(conn, 1)
        assert old.log is None and old.cpu_seconds == 0.5
    finally:
        conn.close()


def test_the_log_is_compressed() -> None:
    [record] = run_arena(["tsumogiri"], games=1, rules=EAST_ONLY, seed=1)
    assert record.log is not None
    text = zlib.decompress(record.log).decode()
    assert len(record.log) < len(text) / 4 and math.isclose(len(text), len(record.mjai()))
