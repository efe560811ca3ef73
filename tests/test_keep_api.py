"""The scorekeeper's store, command line and JSON API over one SQLite file."""

from __future__ import annotations

import csv
import io
import json
import warnings
from pathlib import Path

import pytest

from jantaku.cli import main
from jantaku.keep import Hand, KeepError, Winner
from jantaku.keep.api import create_keep_app
from jantaku.keep.store import MIGRATIONS, KeepStore
from jantaku.rules import TENHOU
from jantaku.store import schema_version

with warnings.catch_warnings():  # Starlette's client names httpx's successor in a warning
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "jantaku.sqlite3"


# --- store ---------------------------------------------------------------------------------


def test_store_keeps_matches_and_refused_entries_write_nothing(db: Path) -> None:
    keep = KeepStore(db)
    assert schema_version(keep.conn, "keep") == len(MIGRATIONS) == 2
    mid = keep.new_match(TENHOU, ("A", "B", "C", "D"))
    keep.add(mid, Hand.ron(discarder=2, winners=(Winner(seat=1, han=3, fu=30),)))
    with pytest.raises(KeepError):
        keep.add(mid, Hand.tsumo(Winner(seat=1, han=1, fu=20)))
    keep.close()
    again = KeepStore(db)  # a second opening reads the same file
    match = again.match(mid)
    assert len(match.entries) == 1
    assert match.ledger().scores == (25000, 28900, 21100, 25000)
    edited = again.edit(mid, 0, Hand.draw((0,)))
    assert again.match(mid) == edited
    assert again.delete(mid, 0).entries == ()


def test_series_adds_up_the_final_results(db: Path) -> None:
    keep = KeepStore(db)
    night = keep.new_series("Friday")
    bust = Hand.ron(discarder=1, winners=(Winner(seat=0, limit="yakuman"),))
    for _ in range(2):
        mid = keep.new_match(TENHOU, ("A", "B", "C", "D"), series=night)
        keep.add(mid, bust)
    keep.new_match(TENHOU, ("A", "B", "C", "D"), series=night)  # still playing: not counted
    standings = {s.name: s for s in keep.standings(night)}
    final = keep.match(mid).ledger().final
    assert final is not None
    assert standings["A"].total == round(2 * final[0].score, 1)
    assert standings["B"].places == (4, 4)
    assert sum(s.total for s in standings.values()) == 0
    with pytest.raises(KeepError, match="no series"):
        keep.standings(99)


# --- command line ---------------------------------------------------------------------------


def test_cli_records_a_match(db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run = lambda *a: main(["keep", "--db", str(db), *a])  # noqa: E731
    assert run("new", "Aoi", "Ben", "Chie", "Dai", "--roll", "5", "7") == 0
    out = capsys.readouterr().out
    assert "Chie deals first" in out and "0 Chie, 1 Dai, 2 Aoi, 3 Ben" in out
    assert run("add", "1", "ron", "--from", "Aoi", "--win", "Ben:3:30", "--riichi", "Ben") == 0
    assert run("add", "1", "tsumo", "--win", "Ben:mangan") == 0
    assert run("add", "1", "draw", "--tenpai", "Aoi,3") == 0
    capsys.readouterr()
    assert run("add", "1", "ron", "--from", "Ben", "--win", "Ben:1:30") == 2
    assert "cannot also win" in capsys.readouterr().err
    assert run("show", "1", "--json") == 0
    shown = json.loads(capsys.readouterr().out)
    assert shown["scores"] == [21500, 19500, 20600, 38400]  # Chie and Dai noten
    assert shown["next_hand"] == "East 3 (1 honba)"
    assert run("undo", "1") == 0
    assert run("show", "1", "--sticks") == 0
    assert "Aoi → Ben 3900" in capsys.readouterr().out
    assert run("export", "1", "--format", "csv") == 0
    rows = list(csv.reader(io.StringIO(capsys.readouterr().out)))
    assert rows[0][6:10] == ["Chie change", "Dai change", "Aoi change", "Ben change"]
    assert rows[2][-4:] == ["23000", "21000", "19100", "36900"]
    assert run("list") == 0
    assert "2 hands" in capsys.readouterr().out
    assert run("show", "7") == 2


def test_tenhou6_export_reads_back(db: Path, tmp_path: Path) -> None:
    keep = KeepStore(db)
    mid = keep.new_match(TENHOU, ("A", "B", "C", "D"))
    keep.add(mid, Hand.draw((0,), riichi=(0,)))
    keep.add(mid, Hand.ron(discarder=1, winners=(Winner(seat=0, han=2, fu=40),)))
    keep.add(mid, Hand.tsumo(Winner(seat=0, limit="yakuman")))
    out = tmp_path / "m.json"
    assert (
        main(["keep", "--db", str(db), "export", str(mid), "--format", "tenhou6", "-o", str(out)])
        == 0
    )
    data = json.loads(out.read_text())
    assert [r[0] for r in data["log"]] == [[0, 0, 0], [0, 1, 1], [0, 2, 0]]
    assert data["log"][1][-1][:2] == ["和了", [3900 + 300 + 1000, -3900 - 300, 0, 0]]
    assert data["log"][2][-1][2][3] == "役満16000点∀"
    # no tiles were recorded: hands, draws, discards and dora indicators are empty
    assert all(r[2] == [] and r[4:16] == [[]] * 12 for r in data["log"])


# --- HTTP API -------------------------------------------------------------------------------


def test_api_enters_a_match_and_answers_errors_with_400(db: Path) -> None:
    client = TestClient(create_keep_app(db))
    assert client.get("/").status_code == 200
    assert "keep.js" in client.get("/").text
    assert client.get("/static/keep.js").status_code == 200
    r = client.post("/api/matches", json={"rules": "tenhou", "names": ["A", "B", "C", "D"]})
    assert r.status_code == 200
    mid = r.json()["id"]
    r = client.post(
        f"/api/matches/{mid}/hands",
        json={
            "result": "ron",
            "discarder": 2,
            "winners": [{"seat": 1, "han": 3, "fu": 30}],
            "riichi": [1],
        },
    )
    view = r.json()
    assert view["ledger"]["scores"] == [25000, 28900, 21100, 25000]
    assert [t["amount"] for t in view["sticks"][0]] == [1000, 3900, 1000]
    r = client.post(
        f"/api/matches/{mid}/hands",
        json={"result": "tsumo", "discarder": 2, "winners": [{"seat": 0}]},
    )
    assert r.status_code == 400 and r.json()["error"] == "a tsumo has no discarder"
    r = client.post(f"/api/matches/{mid}/hands", content=b"{not json")
    assert r.status_code == 400 and "not JSON" in r.json()["error"]
    r = client.post(
        f"/api/matches/{mid}/hands",
        json={"result": "ron", "discarder": 1, "winners": [{"seat": 0, "han": 1, "fu": 20}]},
    )
    assert r.status_code == 400 and "20 fu" in r.json()["error"]
    assert len(client.get(f"/api/matches/{mid}").json()["entries"]) == 1
    assert client.get("/api/matches/99").status_code == 404
    assert client.get("/api/matches/1").status_code == 404  # a match is named by its key only
    assert client.put(f"/api/matches/{mid}/hands/0", json={"result": "draw", "tenpai": [0]}).json()[
        "ledger"
    ]["scores"] == [28000, 24000, 24000, 24000]
    assert client.post(f"/api/matches/{mid}/undo").json()["entries"] == []
    assert client.post(f"/api/matches/{mid}/undo").status_code == 400
    assert client.get(f"/api/matches/{mid}/export.csv").text.startswith("hand,round")
    assert client.get(f"/api/matches/{mid}/export.tenhou6.json").json()["name"] == [
        "A",
        "B",
        "C",
        "D",
    ]
    listed = client.get("/api/matches").json()
    assert [m["id"] for m in listed] == [mid]


def test_api_breakdown_and_series(db: Path) -> None:
    client = TestClient(create_keep_app(db))
    b = client.get("/api/breakdown", params={"han": 3, "fu": 30, "dealer": 1}).json()
    assert b["ron"] == 5800 and b["lines"][0] == "basic points: 30 × 2^(3+2) = 960"
    assert client.get("/api/breakdown", params={"han": 1, "fu": 20}).status_code == 400
    assert client.get("/api/breakdown", params={"han": "x"}).status_code == 400
    sid = client.post("/api/series", json={"name": "Friday"}).json()["id"]
    r = client.post(
        "/api/matches",
        json={"names": ["A", "B", "C"], "rules": "tenhou-sanma", "series": sid, "roll": [3, 4]},
    )
    assert r.status_code == 200 and r.json()["names"] == ["C", "A", "B"]
    assert client.get(f"/api/series/{sid}").json()["matches"][0]["id"] == r.json()["id"]
    assert (
        client.post("/api/matches", json={"names": ["A", "B"], "rules": "tenhou"}).status_code
        == 400
    )
    assert client.post("/api/matches", json={"names": ["A"] * 4}).status_code == 400


def test_cli_edits_deletes_and_keeps_series(db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    run = lambda *a: main(["keep", "--db", str(db), *a])  # noqa: E731
    assert run("series", "new", "Friday") == 0
    assert run("new", "A", "B", "C", "D", "--rules", "textbook", "--series", "1") == 0
    assert run("add", "1", "chombo", "--offender", "C") == 0
    assert run("add", "1", "abort", "kyuushu_kyuuhai") == 0
    assert run("add", "1", "draw", "--foul", "minor_foul:B") == 0
    capsys.readouterr()
    # a yakuman A cannot pay ends the match (000: 支払いのできないものが現れる): hand 3
    # cannot follow it
    assert run("add", "1", "ron", "--from", "A", "--win", "D:yakuman", "--at", "2") == 2
    assert "the match is over" in capsys.readouterr().err
    assert run("delete", "1", "3") == 0
    assert run("add", "1", "ron", "--from", "A", "--win", "D:yakuman", "--at", "2") == 0
    capsys.readouterr()
    assert run("show", "1", "--json") == 0
    shown = json.loads(capsys.readouterr().out)
    # the chombo draw kept East 1 (錯和流局では連荘); hand 2 is now D's yakuman on A, who
    # holds 29,000 of the 32,000: B and C split the 3,000 short (000 収支), and the match
    # is over
    assert [h["label"] for h in shown["hands"]] == ["East 1", "East 1"]
    assert shown["hands"][1]["deltas"] == [-29000, -1500, -1500, 32000]
    assert shown["over"] is True
    assert run("delete", "1", "2") == 0
    assert run("add", "1", "tsumo", "--win", "A:2:20", "--from", "B") == 2
    assert "--from does not apply to a tsumo" in capsys.readouterr().err
    assert run("add", "1", "ron", "--from", "A", "--win", "Z:1:30") == 2
    assert "no player 'Z'" in capsys.readouterr().err
    assert run("series", "show", "1") == 0
    assert "series 1: Friday" in capsys.readouterr().out
