"""The scorekeeper against a hostile web page: its matches and series are reached over
HTTP only by random keys, a store from before the keys gets them, and ``jantaku keep
serve`` refuses a forged ``Host`` and every cross-site or non-JSON change, as the
table's server does."""

from __future__ import annotations

import json
import re
import sqlite3
import warnings
from pathlib import Path
from typing import Any

import pytest

from jantaku.cli import main
from jantaku.keep import Hand, Winner
from jantaku.keep.api import create_keep_app, guarded_keep_app
from jantaku.keep.store import MIGRATIONS, KeepStore
from jantaku.rules import TENHOU
from jantaku.store import connect, migrate, schema_version
from jantaku.web.security import CONTENT_SECURITY_POLICY, allowed_hosts

with warnings.catch_warnings():  # Starlette's client names httpx's successor in a warning
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

uvicorn = pytest.importorskip("uvicorn")

KEY = re.compile(r"[0-9a-f]{24}")
NAMES = ["A", "B", "C", "D"]
BASE = "http://127.0.0.1"
JSON = {"content-type": "application/json"}
SAME = JSON | {"origin": BASE, "sec-fetch-site": "same-origin"}
RON = {"result": "ron", "discarder": 2, "winners": [{"seat": 1, "han": 3, "fu": 30}]}


@pytest.fixture
def db(tmp_path: Path) -> Path:
    return tmp_path / "jantaku.sqlite3"


def _paths(key: str) -> list[tuple[str, str]]:
    """Every route of one match with its method, in an order in which each succeeds."""
    base = f"/api/matches/{key}"
    return [
        ("GET", base),
        ("POST", f"{base}/hands"),
        ("PUT", f"{base}/hands/0"),
        ("DELETE", f"{base}/hands/0"),
        ("POST", f"{base}/hands"),
        ("POST", f"{base}/undo"),
        ("GET", f"{base}/export.csv"),
        ("GET", f"{base}/export.tenhou6.json"),
    ]


def _call(client: TestClient, method: str, path: str, body: Any = None) -> Any:
    if method in ("POST", "PUT"):
        return client.request(method, path, json=body if body is not None else RON)
    return client.request(method, path)


# --- keys --------------------------------------------------------------------------------


def test_the_api_names_matches_and_series_by_random_keys(db: Path) -> None:
    client = TestClient(create_keep_app(db))
    made = [client.post("/api/matches", json={"names": NAMES}).json() for _ in range(3)]
    keys = [m["id"] for m in made]
    assert all(isinstance(k, str) and KEY.fullmatch(k) for k in keys), keys
    assert len(set(keys)) == 3
    sid = client.post("/api/series", json={"name": "Friday"}).json()["id"]
    assert isinstance(sid, str) and KEY.fullmatch(sid)
    in_series = client.post("/api/matches", json={"names": NAMES, "series": sid}).json()
    assert in_series["series"] == sid
    keep: KeepStore = client.app.state.keep_store  # type: ignore[attr-defined]
    rows = [keep.match_for_key(k) for k in keys]
    assert rows == [1, 2, 3]  # the rows are numbered: the terminal commands use them
    # every route of a match is reached by its key, and by no number
    for key in keys:
        for method, path in _paths(key):
            assert _call(client, method, path).status_code == 200, (method, path)
    for text in ("1", "2", "3", "4", "0", "-1", "01", keys[0].upper(), keys[0][:-1], "x"):
        for method, path in _paths(text):
            r = _call(client, method, path)
            assert r.status_code == 404, (method, path)
            assert "no match" in r.json()["error"]
    # a series too: by its key, never by its number
    assert client.get(f"/api/series/{sid}").json()["matches"][0]["id"] == in_series["id"]
    assert client.get("/api/series/1").status_code == 404
    assert [m["id"] for m in client.get("/api/matches", params={"series": sid}).json()] == [
        in_series["id"]
    ]
    assert client.get("/api/matches", params={"series": "1"}).status_code == 404
    refused = client.post("/api/matches", json={"names": NAMES, "series": 1})
    assert refused.status_code == 400
    assert client.post("/api/matches", json={"names": NAMES, "series": "1"}).status_code == 400
    # listings give keys only
    listed = client.get("/api/matches").json()
    assert {m["id"] for m in listed} == {*keys, in_series["id"]}
    assert {m["series"] for m in listed} == {None, sid}
    assert client.get("/api/series").json()[0]["id"] == sid
    csv = client.get(f"/api/matches/{keys[0]}/export.csv")
    assert csv.headers["content-disposition"] == f'attachment; filename="match-{keys[0]}.csv"'


def test_the_terminal_keeps_the_small_numbers(db: Path, capsys: pytest.CaptureFixture[str]) -> None:
    client = TestClient(create_keep_app(db))
    key = client.post("/api/matches", json={"names": NAMES}).json()["id"]
    client.post(f"/api/matches/{key}/hands", json=RON)
    run = lambda *a: main(["keep", "--db", str(db), *a])  # noqa: E731
    capsys.readouterr()
    assert run("list") == 0
    assert capsys.readouterr().out.startswith("   1 playing    1 hands")
    assert run("add", "1", "draw", "--tenpai", "A") == 0
    capsys.readouterr()
    assert run("show", "1", "--json") == 0
    shown = json.loads(capsys.readouterr().out)
    assert client.get(f"/api/matches/{key}").json()["ledger"]["scores"] == shown["scores"]
    with pytest.raises(SystemExit):  # a key is not a number there: argparse refuses it
        run("show", key)


# --- a store from before the keys ----------------------------------------------------------


def _old_store(path: Path) -> None:
    """A store as the first schema wrote it: two series, three matches, a hand entered."""
    conn = connect(path)
    assert migrate(conn, "keep", MIGRATIONS[:1]) == 1
    stamp = "2024-05-01T20:00:00+00:00"
    for name in ("Friday", "Saturday"):
        conn.execute("INSERT INTO keep_series (name, created) VALUES (?, ?)", (name, stamp))
    for series in (1, None, 2):
        conn.execute(
            "INSERT INTO keep_matches (series_id, rules, names, created, updated)"
            " VALUES (?, ?, ?, ?, ?)",
            (series, TENHOU.to_json(), json.dumps(NAMES), stamp, stamp),
        )
    hand = Hand.ron(discarder=2, winners=(Winner(seat=1, han=3, fu=30),))
    conn.execute(
        "INSERT INTO keep_entries (match_id, position, hand) VALUES (1, 0, ?)",
        (json.dumps(hand.to_dict()),),
    )
    conn.close()


def test_a_store_from_before_the_keys_gets_them_and_works(db: Path) -> None:
    _old_store(db)
    keep = KeepStore(db)
    assert schema_version(keep.conn, "keep") == len(MIGRATIONS) == 2
    match_keys = [keep.match_key(i) for i in (1, 2, 3)]
    series_keys = [keep.series_key(i) for i in (1, 2)]
    keys = match_keys + series_keys
    assert all(KEY.fullmatch(k) for k in keys) and len(set(keys)) == 5, keys
    assert keep.match(1).ledger().scores == (25000, 28900, 21100, 25000)
    assert [m.series for m in keep.matches()] == [2, None, 1]
    assert [m.series_key for m in keep.matches()] == [series_keys[1], None, series_keys[0]]
    with pytest.raises(sqlite3.IntegrityError):  # a key names one match only
        keep.conn.execute("UPDATE keep_matches SET key = ? WHERE id = 2", (match_keys[0],))
    new = keep.new_match(TENHOU, NAMES, series=1)
    assert new == 4 and KEY.fullmatch(keep.match_key(new))
    keep.close()
    again = KeepStore(db)  # opened again: the same keys
    assert [again.match_key(i) for i in (1, 2, 3)] == match_keys
    again.close()
    # the page reaches the old matches by their keys
    client = TestClient(create_keep_app(db))
    view = client.get(f"/api/matches/{match_keys[0]}").json()
    assert view["id"] == match_keys[0] and view["series"] == series_keys[0]
    assert len(view["entries"]) == 1
    r = client.post(f"/api/matches/{match_keys[0]}/hands", json={"result": "draw", "tenpai": [0]})
    assert r.status_code == 200 and len(r.json()["entries"]) == 2
    standings = client.get(f"/api/series/{series_keys[0]}").json()
    assert [m["id"] for m in standings["matches"]] == [_match_key(db, 4), match_keys[0]]
    assert client.get("/api/matches/1").status_code == 404


def _match_key(db: Path, match_id: int) -> str:
    """The key of match ``match_id`` in the store at ``db``."""
    keep = KeepStore(db)
    try:
        return keep.match_key(match_id)
    finally:
        keep.close()


# --- jantaku keep serve --------------------------------------------------------------------


def _served_app(db: Path, monkeypatch: pytest.MonkeyPatch, *extra: str) -> Any:
    """The uvicorn configuration (and app) that ``jantaku keep serve`` would run; its
    store is left open for the test (the command closes it when the server stops)."""
    ran: list[Any] = []
    closed: list[KeepStore] = []
    monkeypatch.setattr(uvicorn.Server, "run", lambda self, *a, **k: ran.append(self.config))
    monkeypatch.setattr(KeepStore, "close", lambda self: closed.append(self))
    assert main(["keep", "--db", str(db), "serve", "--port", "8123", *extra]) == 0
    (config,) = ran
    assert closed == [config.app.state.keep_store]
    return config


def test_keep_serve_runs_the_guarded_app_with_the_servers_bounds(
    db: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    from jantaku.web.server import GuardedH11Protocol

    config = _served_app(db, monkeypatch)
    assert "http://127.0.0.1:8123/keep/" in capsys.readouterr().out
    assert (config.host, config.port) == ("127.0.0.1", 8123)
    assert issubclass(config.http, GuardedH11Protocol)
    assert config.ws_per_message_deflate is False
    with TestClient(config.app, base_url=BASE) as client:
        assert client.get("/", follow_redirects=False).headers["location"] == "/keep/"
        page = client.get("/keep/")
        assert page.status_code == 200 and "keep.js" in page.text
        assert page.headers["content-security-policy"] == CONTENT_SECURITY_POLICY
        made = client.post("/keep/api/matches", json={"names": NAMES}, headers=SAME)
        assert made.status_code == 200 and KEY.fullmatch(made.json()["id"])
    # --public-url names one more host
    config = _served_app(db, monkeypatch, "--public-url", "http://mahjong.lan:8123/")
    with TestClient(config.app, base_url="http://mahjong.lan:8123") as client:
        assert client.get("/keep/api/matches").status_code == 200


def test_keep_serve_refuses_a_forged_host_and_cross_site_writes(
    db: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    app = _served_app(db, monkeypatch).app
    # DNS rebinding: another site's name pointed at this machine sends its own Host
    with TestClient(app, base_url="http://rebind.evil.test") as client:
        assert client.get("/keep/").status_code == 400
        assert client.get("/keep/api/matches").status_code == 400
        assert client.post("/keep/api/matches", json={"names": NAMES}).status_code == 400
    with TestClient(app, base_url=BASE) as client:
        key = client.post("/keep/api/matches", json={"names": NAMES}, headers=SAME).json()["id"]
        body = json.dumps({"names": NAMES})
        for kind in ("text/plain", "application/x-www-form-urlencoded", None):
            headers = {"content-type": kind} if kind else {}
            r = client.post("/keep/api/matches", content=body, headers=headers)
            assert r.status_code == 415, kind
            r = client.post(
                f"/keep/api/matches/{key}/hands", content=json.dumps(RON), headers=headers
            )
            assert r.status_code == 415, kind
        for foreign in (
            JSON | {"origin": "http://evil.test"},
            JSON | {"origin": "null"},
            JSON | {"sec-fetch-site": "cross-site"},
            JSON | {"sec-fetch-site": "same-site"},
        ):
            assert (
                client.post("/keep/api/matches", content=body, headers=foreign).status_code == 403
            )
            r = client.post(f"/keep/api/matches/{key}/undo", content="{}", headers=foreign)
            assert r.status_code == 403
            r = client.delete(f"/keep/api/matches/{key}/hands/0", headers=foreign)
            assert r.status_code == 403
            r = client.post("/keep/api/series", content='{"name": "x"}', headers=foreign)
            assert r.status_code == 403
        # nothing was written but the page's own match
        assert [m["id"] for m in client.get("/keep/api/matches").json()] == [key]
        assert client.get("/keep/api/series").json() == []
        assert client.get(f"/keep/api/matches/{key}").json()["entries"] == []
        # a body past the bound is refused before it is read
        big = json.dumps({"names": NAMES, "pad": "x" * 70_000})
        assert client.post("/keep/api/matches", content=big, headers=SAME).status_code == 413
        # the page itself: same origin, JSON
        r = client.post(f"/keep/api/matches/{key}/hands", json=RON, headers=SAME)
        assert r.status_code == 200 and len(r.json()["entries"]) == 1


def test_guarded_keep_app_answers_only_to_its_hosts(db: Path) -> None:
    app = guarded_keep_app(db, hosts=allowed_hosts("192.168.1.5"))
    for base in ("http://192.168.1.5:8018", "http://localhost:8018", BASE):
        with TestClient(app, base_url=base) as client:
            assert client.get("/keep/api/presets").status_code == 200, base
    with TestClient(app, base_url="http://192.168.1.6:8018") as client:
        assert client.get("/keep/api/presets").status_code == 400


@pytest.mark.parametrize("port", ["70000", "0", "-1"])
def test_keep_serve_on_a_port_out_of_range_is_one_line(
    db: Path, port: str, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["keep", "--db", str(db), "serve", "--port", port]) == 2
    captured = capsys.readouterr()
    assert captured.err == f"jantaku: error: port {port}: choose 1-65535\n"
    assert "Traceback" not in captured.out + captured.err
