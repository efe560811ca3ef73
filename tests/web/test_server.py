"""The web table over its websocket and API (Starlette's test client): whole hands played,
what a seat may see, bad / forged / stale messages, rejoin, resume after a restart."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from webhelp import BASE, choose, next_prompt, open_seat

from jantaku.agents import events_for
from jantaku.engine import Referee, observe
from jantaku.errors import JantakuError
from jantaku.events import Dahai, Hora, Ryukyoku, StartKyoku, event_to_mjai
from jantaku.web.aids import review_discard
from jantaku.web.app import create_app
from jantaku.web.store import WebStore
from jantaku.web.tables import rules_of

DATA = Path(__file__).resolve().parents[3] / "shared" / "data"
RECORD = {"content-type": "application/octet-stream"}
JSON = {"content-type": "application/json"}


def _new(client: TestClient, **setup: Any) -> dict[str, Any]:
    body = {"preset": "tenhou", "length": "east_only", "seed": 3} | setup
    r = client.post("/api/matches", json=body)
    assert r.status_code == 200, r.text
    return dict(r.json())


def _play_to_end(ws: Any, msgs: list[dict[str, Any]]) -> dict[str, Any]:
    msg = next_prompt(ws, collect=msgs)
    while not msg["done"]:
        ws.send_json(
            {"type": "act", "decision": msg["decision"], "index": choose(msg["legal"])["index"]}
        )
        msg = next_prompt(ws, collect=msgs)
    return msg


def _engine_log(store: WebStore, match_id: str) -> list[Any]:
    """The match rebuilt from its stored decisions by a fresh referee."""
    rec = store.match(match_id)
    assert rec is not None
    ref = Referee(rules_of(rec.preset, rec.length), rec.seed, rec.names)
    for choices in store.decisions(match_id):
        ref.submit(choices)
    return ref.log


def test_a_whole_match_over_the_websocket_is_the_engines_match(tmp_path: Path) -> None:
    app = create_app(tmp_path / "t.sqlite3")
    with TestClient(app, base_url=BASE) as client:
        m = _new(client)
        link = m["links"][0]
        msgs: list[dict[str, Any]] = []
        with open_seat(client, m["id"], link["token"]) as ws:
            end = _play_to_end(ws, msgs)
        store: WebStore = app.state.store
        assert m["id"] not in app.state.tables.live  # over and left: the table is let go
        log = _engine_log(store, m["id"])
        # what was stored is what the engine gives for the stored decisions
        assert store.events(m["id"]) == log
        # the seat was shown exactly the engine's events, projected for seat 0
        shown = [e for msg in msgs if msg["type"] == "state" for e in msg["events"]]
        projected = [event_to_mjai(e) for e in events_for(0, log)]
        assert shown == projected[len(projected) - len(shown) :]
        # over the whole match, nothing hidden from seat 0 reached it
        for msg in msgs:
            assert set(msg) >= {"view", "events"} and "hands" not in msg["view"]
            text = json.dumps(msg)
            assert '"seed"' not in text, text[text.find('"seed"') - 200 :][:300]
            assert '"wall"' not in text and '"walls"' not in text
            assert len(msg["view"]["hand"]) + (msg["view"]["drawn"] is not None) <= 14
            for e in msg["events"]:
                if e["type"] == "tsumo" and e["actor"] != 0:
                    assert e["pai"] == "?"
                if e["type"] == "start_kyoku":
                    assert all(t == "?" for s, h in enumerate(e["tehais"]) if s != 0 for t in h)
                if e["type"] not in ("hora",):
                    assert "ura_markers" not in e
            for r in msg.get("results", []):
                assert all(set(x) == {"hand", "tiles_left", "yours", "bot"} for x in r["review"])
        assert end["final"]["scores"] == list(log[-1].scores)
        assert sum(end["final"]["scores"]) == 100000
        listed = client.get("/api/matches").json()["matches"]
        assert listed[0]["id"] == m["id"] and listed[0]["final"]["placements"]
        assert listed[0]["seed"] == 3


def test_a_seat_sees_only_its_own_hand_and_no_hidden_tiles() -> None:
    app = create_app(":memory:")
    with TestClient(app, base_url=BASE) as client:
        m = _new(client, seats=["human", "efficiency", "human", "efficiency"], seed=11)
        tokens = {link["seat"]: link["token"] for link in m["links"]}
        table = app.state.tables
        with (
            open_seat(client, m["id"], tokens[0]) as ws0,
            open_seat(client, m["id"], tokens[2]) as ws2,
        ):
            first = ws0.receive_json()
            ws2.receive_json()
            state = table.get(m["id"]).ref.state
            hands = {s: sorted(state.hand_of(s)) for s in range(4)}
            view = first["view"]
            assert set(view) >= {"hand", "hand_sizes"} and "hands" not in view
            own = len(view["hand"]) + (view["drawn"] is not None)
            assert own == len(hands[0])
            # nothing of another seat's concealed tiles: only their counts
            text = json.dumps(first)
            assert '"tehais"' not in text or all(
                t == "?"
                for e in first["events"]
                if e["type"] == "start_kyoku"
                for s, hand in enumerate(e["tehais"])
                if s != 0
                for t in hand
            )
            for e in first["events"]:
                if e["type"] == "tsumo" and e["actor"] != 0:
                    assert e["pai"] == "?"
            assert "ura" not in text and "seed" not in text
            # seat 2 cannot act for seat 0, with an index or an mjai action
            msg = first if first["legal"] else next_prompt(ws0)
            ws2.send_json({"type": "act", "decision": msg["decision"], "index": 0})
            err = _first_error(ws2)
            assert err["code"] in ("not_pending", "stale")
            forged = dict(msg["legal"][0]["mjai"])
            ws2.send_json({"type": "act", "decision": msg["decision"], "action": forged})
            assert _first_error(ws2)["code"] in ("not_pending", "stale", "illegal")
            assert table.get(m["id"]).decision == msg["decision"]  # nothing changed
        # a token of another match, or none, opens nothing
        with open_seat(client, m["id"], "forged") as bad:
            assert bad.receive_json()["code"] == "forbidden"
        with open_seat(client, "nosuchmatch", tokens[0]) as bad:
            assert bad.receive_json()["code"] == "forbidden"


def _first_error(ws: Any) -> dict[str, Any]:
    while True:
        msg = ws.receive_json()
        if msg["type"] == "error":
            return dict(msg)


@pytest.mark.parametrize(
    ("message", "code"),
    [
        ("not json", "malformed"),
        ('{"type": "dance"}', "unknown"),
        ('{"type": "act", "decision": 0}', "malformed"),
        ('{"type": "act", "decision": "x", "index": 0}', "malformed"),
        ('{"type": "act", "decision": 999, "index": 0}', "stale"),
        ('{"type": "act", "decision": DEC, "index": 99}', "illegal"),
        ('{"type": "act", "decision": DEC, "action": {"type": "tsumo", "actor": 0}}', "malformed"),
        (
            '{"type": "act", "decision": DEC, "action": {"type": "dahai", "actor": 1, '
            '"pai": "1m", "tsumogiri": false}}',
            "illegal",
        ),
        (
            '{"type": "act", "decision": DEC, "action": {"type": "dahai", "actor": 0, '
            '"pai": "9z", "tsumogiri": false}}',
            "malformed",
        ),
        ('{"type": "settings", "auto_win": "yes"}', "malformed"),
        ('{"type": "settings", "colour": true}', "malformed"),
    ],
)
def test_bad_messages_get_an_error_and_change_nothing(message: str, code: str) -> None:
    app = create_app(":memory:")
    with TestClient(app, base_url=BASE) as client:
        m = _new(client, seed=5)
        with open_seat(client, m["id"], m["links"][0]["token"]) as ws:
            msg = next_prompt(ws)
            before = app.state.tables.get(m["id"]).ref.log[:]
            ws.send_text(message.replace("DEC", str(msg["decision"])))
            err = _first_error(ws)
            assert err["code"] == code, err
            table = app.state.tables.get(m["id"])
            assert table.ref.log == before and table.decision == msg["decision"]
            # the seat can still answer the same decision
            ws.send_json(
                {"type": "act", "decision": msg["decision"], "index": choose(msg["legal"])["index"]}
            )
            nxt = ws.receive_json()
            assert nxt["type"] == "state"


def test_a_stale_answer_after_the_decision_is_refused() -> None:
    app = create_app(":memory:")
    with TestClient(app, base_url=BASE) as client:
        m = _new(client, seed=5)
        with open_seat(client, m["id"], m["links"][0]["token"]) as ws:
            msg = next_prompt(ws)
            pick = choose(msg["legal"])["index"]
            ws.send_json({"type": "act", "decision": msg["decision"], "index": pick})
            ws.send_json({"type": "act", "decision": msg["decision"], "index": pick})
            assert _first_error(ws)["code"] in ("stale", "not_pending")


def test_a_dropped_connection_rejoins_its_seat_at_the_same_decision() -> None:
    app = create_app(":memory:")
    with TestClient(app, base_url=BASE) as client:
        m = _new(client, seed=8)
        seat_key = (m["id"], m["links"][0]["token"])
        with open_seat(client, *seat_key) as ws:
            msg = next_prompt(ws)
            for _ in range(3):
                ws.send_json(
                    {
                        "type": "act",
                        "decision": msg["decision"],
                        "index": choose(msg["legal"])["index"],
                    }
                )
                msg = next_prompt(ws)
        with open_seat(client, *seat_key) as ws:
            again = ws.receive_json()
            assert again["decision"] == msg["decision"]
            assert again["view"]["hand"] == msg["view"]["hand"]
            assert [a["mjai"] for a in again["legal"]] == [a["mjai"] for a in msg["legal"]]
            ws.send_json(
                {
                    "type": "act",
                    "decision": again["decision"],
                    "index": choose(again["legal"])["index"],
                }
            )
            assert next_prompt(ws)["decision"] > again["decision"]


def test_a_match_resumes_after_a_restart_where_it_waited(tmp_path: Path) -> None:
    db = tmp_path / "store.sqlite3"

    def play(restart_after: int | None) -> list[Any]:
        path = tmp_path / f"s{restart_after}.sqlite3"
        app = create_app(path)
        with TestClient(app, base_url=BASE) as client:
            m = _new(client, seed=21)
            seat_key = (m["id"], m["links"][0]["token"])
            with open_seat(client, *seat_key) as ws:
                msg = next_prompt(ws)
                n = 0
                while not msg["done"] and (restart_after is None or n < restart_after):
                    ws.send_json(
                        {
                            "type": "act",
                            "decision": msg["decision"],
                            "index": choose(msg["legal"])["index"],
                        }
                    )
                    msg = next_prompt(ws)
                    n += 1
        if restart_after is not None:  # a new server process on the same file
            app = create_app(path)
            with TestClient(app, base_url=BASE) as client, open_seat(client, *seat_key) as ws:
                again = ws.receive_json()
                assert again["decision"] == msg["decision"]
                assert again["view"]["hand"] == msg["view"]["hand"]
                assert again["view"]["drawn"] == msg["view"]["drawn"]
                _play_to_end(ws, [])
        return WebStore(path).events(m["id"])

    del db
    straight = play(None)
    resumed = play(12)
    assert resumed == straight
    assert isinstance(straight[-1], type(straight[-1])) and straight[-1].scores is not None


def test_the_result_screen_numbers_are_the_engines_and_score_wins() -> None:
    app = create_app(":memory:")
    wins: list[dict[str, Any]] = []
    with TestClient(app, base_url=BASE) as client:
        m = _new(client, seed=3)
        msgs: list[dict[str, Any]] = []
        with open_seat(client, m["id"], m["links"][0]["token"]) as ws:
            _play_to_end(ws, msgs)
        for msg in msgs:
            for r in msg.get("results", []):
                if r["kind"] == "hora":
                    wins.append(r)
        engine = [e for e in app.state.store.events(m["id"]) if isinstance(e, Hora)]
    assert wins and len(wins) == len(engine)
    for shown, e in zip(wins, engine, strict=True):
        assert (shown["han"], shown["fu"], shown["points"]) == (e.han, e.fu, e.points)
        # itemised by score_win on the situation rebuilt in the web layer: the same numbers
        assert shown["scored"] == {"han": e.han, "fu": e.fu, "points": e.points}
        assert shown["deltas"] == list(e.deltas or ())
        assert sum(fu for _, fu in shown["fu_items"]) == e.fu or e.fu == 25
        assert [y[0] for y in shown["yaku"]] == [name for name, _ in e.yaku or ()]


def test_the_lobby_refuses_bad_setups() -> None:
    app = create_app(":memory:")
    with TestClient(app, base_url=BASE) as client:
        bad = [
            {"preset": "nope"},
            {"preset": "tenhou", "seats": ["human", "efficiency"]},
            {"preset": "tenhou", "seats": ["efficiency"] * 4},
            {"preset": "tenhou", "seats": ["human", "genius", "random", "random"]},
            {"preset": "tenhou", "seats": ["human", "mjai:python bot.py", "random", "random"]},
            {"preset": "tenhou", "seed": "x"},
            {"preset": "tenhou", "timer": 9999},
            {"preset": "tenhou", "length": "forever"},
        ]
        for body in bad:
            r = client.post("/api/matches", json=body)
            assert r.status_code == 400, body
            assert "error" in r.json()
        assert client.post("/api/matches", content=b"[1", headers=JSON).status_code == 400
        opts = client.get("/api/options").json()
        names = {p["name"] for p in opts["presets"]}
        assert {"textbook", "tenhou-sanma", "majsoul-sanma"} <= names
        r = client.post("/api/matches", json={"preset": "majsoul-sanma", "seed": 1})
        assert r.status_code == 200 and r.json()["players"] == 3


def test_replay_of_a_finished_match_and_its_tenhou6_export() -> None:
    app = create_app(":memory:")
    with TestClient(app, base_url=BASE) as client:
        m = _new(client, seed=3)
        assert client.get(f"/api/matches/{m['id']}/replay").status_code == 403
        with open_seat(client, m["id"], m["links"][0]["token"]) as ws:
            _play_to_end(ws, [])
        r = client.get(f"/api/matches/{m['id']}/replay").json()
        events = app.state.store.events(m["id"])
        assert r["error"] is None and len(r["frames"]) == len(events)
        last = r["frames"][-1]
        assert last["final"]["scores"] == list(events[-1].scores)
        assert all(len(h) in (0, 13) or len(h) % 3 == 1 for h in r["frames"][3]["hands"])
        t6 = client.get(f"/api/matches/{m['id']}/tenhou6").json()
        assert len(t6["log"]) == len(r["rounds"])


def test_an_uploaded_tenhou_record_replays_in_the_viewer() -> None:
    files = sorted((DATA / "tenhou_xml").glob("*/*.xml*"))
    if not files:
        pytest.skip("no Tenhou records in shared/data")
    app = create_app(":memory:")
    with TestClient(app, base_url=BASE) as client:
        r = client.post("/api/replay", content=files[0].read_bytes(), headers=RECORD)
        assert r.status_code == 200, r.text
        data = r.json()
        assert data["error"] is None and data["rounds"] and data["frames"][-1].get("final")
        assert data["tenhou6_json"]["log"]
        assert client.post("/api/replay", content=b"<nope", headers=RECORD).status_code == 400


def test_tile_faces_are_served_even_before_the_pictures_exist() -> None:
    app = create_app(":memory:")
    with TestClient(app, base_url=BASE) as client:
        for code in ("1m", "0p", "7z", "back"):
            r = client.get(f"/static/tiles/{code}.svg")
            assert r.status_code == 200 and r.text.lstrip().startswith("<svg")
        assert client.get("/static/tiles/8z.svg").status_code == 404
        assert client.get("/static/tiles/..%2Fapp.py").status_code == 404


def test_rules_of_a_stored_match() -> None:
    assert rules_of("tenhou", "east_only").length.value == "east_only"
    assert rules_of("textbook", "east_south").length.value == "east_south"
    assert rules_of("tenhou-sanma", "east_only").players == 3
    with pytest.raises(JantakuError):
        rules_of("tenhou", "forever")


def test_broken_records_and_binary_frames_get_errors_not_crashes() -> None:
    files = sorted((DATA / "tenhou_xml").glob("*/*.xml*"))
    raw = files[0].read_bytes() if files else b'<mjloggm ver="2.3"><GO type="169"/></mjloggm>'
    app = create_app(":memory:")
    with TestClient(app, base_url=BASE, raise_server_exceptions=True) as client:
        for cut in (0, 10, len(raw) // 3, len(raw) // 2, len(raw) - 5):
            r = client.post("/api/replay", content=raw[:cut], headers=RECORD)
            assert r.status_code in (200, 400), (cut, r.text)
            if r.status_code == 200:
                assert "frames" in r.json()
        for junk in (b"\xff\xfe", b"{}", b"[]", b'{"type": 3}', b"\x1f\x8b garbage"):
            assert client.post("/api/replay", content=junk, headers=RECORD).status_code == 400
        m = _new(client, seed=5)
        with open_seat(client, m["id"], m["links"][0]["token"]) as ws:
            next_prompt(ws)
            ws.send_bytes(b"\xff\x00")
            assert _first_error(ws)["code"] == "malformed"
            ws.send_text("x" * 10000)
            assert _first_error(ws)["code"] == "malformed"


def test_the_scorekeeper_is_served_at_keep_on_the_same_store(tmp_path: Path) -> None:
    db = tmp_path / "jantaku.sqlite3"
    with TestClient(create_app(db), base_url=BASE) as client:
        assert "/keep/" in client.get("/").text  # the lobby links to it
        r = client.get("/keep", follow_redirects=False)
        assert r.status_code == 308 and r.headers["location"] == "/keep/"
        page = client.get("/keep/")
        assert page.status_code == 200 and "keep.js" in page.text
        made = client.post("/keep/api/matches", json={"names": ["A", "B", "C", "D"]})
        assert made.status_code == 200, made.text
        assert client.post("/keep/api/matches", json={"names": ["A"]}).status_code == 400
    # the match was kept in the table's own file, beside the table's tables
    from jantaku.keep.store import KeepStore

    assert [m.names for m in KeepStore(db).matches()] == [("A", "B", "C", "D")]


def test_each_hands_review_is_the_review_of_the_persons_discards_in_that_hand() -> None:
    app = create_app(":memory:")
    with TestClient(app, base_url=BASE) as client:
        m = _new(client, seed=5)
        link = m["links"][0]
        msgs: list[dict[str, Any]] = []
        with open_seat(client, m["id"], link["token"]) as ws:
            _play_to_end(ws, msgs)
        store: WebStore = app.state.store
        shown = [r["review"] for msg in msgs for r in msg.get("results", [])]
        # the same match again, each of seat 0's discards reviewed where it was made
        rec = store.match(m["id"])
        assert rec is not None
        ref = Referee(rules_of(rec.preset, rec.length), rec.seed, rec.names)
        expected: list[list[dict[str, Any] | None]] = []
        hand: list[dict[str, Any] | None] = []
        for choices in store.decisions(m["id"]):
            action = choices.get(0)
            if isinstance(action, Dahai):
                hand.append(review_discard(observe(ref.state, 0), action.pai))
            before = len(ref.log)
            ref.submit(choices)
            new = ref.log[before:]
            for e in new:
                if isinstance(e, Hora | Ryukyoku):
                    expected.append([note for note in hand if note is not None])
                elif isinstance(e, StartKyoku):
                    hand = []
        assert shown == expected
        assert len(shown) >= 3 and any(shown)  # hands ended, and some discard was reviewed
