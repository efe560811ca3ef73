"""The table's server against a hostile web page and a hostile client: each attack of a
security review, as a test. In-process (Starlette's test client) where the app decides,
under uvicorn on a free port where the server's own bounds decide (frames, slow
connections)."""

from __future__ import annotations

import asyncio
import json
import socket
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from webhelp import BASE, HOST, next_prompt, open_seat

from jantaku.web.app import create_app
from jantaku.web.security import CONTENT_SECURITY_POLICY, ServerLimits

uvicorn = pytest.importorskip("uvicorn")
websockets = pytest.importorskip("websockets")

JSON = {"content-type": "application/json"}
SETUP = {"preset": "tenhou", "length": "east_only", "seed": 3}


def _new(client: TestClient, **setup: Any) -> dict[str, Any]:
    r = client.post("/api/matches", json=SETUP | setup)
    assert r.status_code == 200, r.text
    return dict(r.json())


def _error(ws: Any) -> dict[str, Any]:
    """The next error message on a socket (the states a table sends meanwhile skipped)."""
    while True:
        msg = ws.receive_json()
        if msg["type"] == "error":
            return dict(msg)


# --- origins: no other site's page can change anything --------------------------------


def test_a_forged_host_is_refused_on_every_route() -> None:
    """DNS rebinding: a page whose own name now points at 127.0.0.1 sends its own Host."""
    with TestClient(create_app(":memory:"), base_url="http://rebind.evil.test") as client:
        assert client.get("/").status_code == 400
        assert client.post("/api/matches", json=SETUP).status_code == 400
        assert client.get("/api/matches").status_code == 400
        with pytest.raises(WebSocketDisconnect), client.websocket_connect("/ws/x"):
            pass
    for name in ("127.0.0.1", "localhost"):
        with TestClient(create_app(":memory:"), base_url=f"http://{name}:8000") as client:
            assert client.get("/").status_code == 200


def test_the_hosts_named_at_start_are_served_and_no_other() -> None:
    app = create_app(":memory:", hosts=("127.0.0.1", "mahjong.lan"))
    with TestClient(app, base_url="http://mahjong.lan") as client:
        assert client.get("/api/options").status_code == 200
    with TestClient(app, base_url="http://other.lan") as client:
        assert client.get("/api/options").status_code == 400


def test_a_websocket_from_a_foreign_origin_is_refused_at_the_handshake() -> None:
    app = create_app(":memory:")
    with TestClient(app, base_url=BASE) as client:
        m = _new(client)
        token = m["links"][0]["token"]
        for origin in ("http://evil.test", "null", "http://127.0.0.1.evil.test"):
            with (
                pytest.raises(WebSocketDisconnect),
                client.websocket_connect(f"/ws/{m['id']}", headers=HOST | {"origin": origin}) as ws,
            ):
                ws.send_json({"type": "hello", "token": token})
                ws.receive_json()
        # the page's own origin (and a client that sends none) opens the seat
        same = HOST | {"origin": "http://127.0.0.1"}
        with client.websocket_connect(f"/ws/{m['id']}", headers=same) as ws:
            ws.send_json({"type": "hello", "token": token})
            assert ws.receive_json()["type"] == "state"


def test_cross_site_writes_are_refused_and_change_nothing(tmp_path: Path) -> None:
    app = create_app(tmp_path / "store.sqlite3")
    with TestClient(app, base_url=BASE) as client:
        body = json.dumps(SETUP)
        simple = [  # what a foreign page's form or fetch may send without asking
            {"content-type": "text/plain"},
            {"content-type": "application/x-www-form-urlencoded"},
            {"content-type": "multipart/form-data; boundary=x"},
            {},
        ]
        for headers in simple:
            r = client.post("/api/matches", content=body, headers=headers)
            assert r.status_code == 415, headers
            r = client.post(
                "/keep/api/matches", content='{"names": ["A","B","C","D"]}', headers=headers
            )
            assert r.status_code == 415, headers
        foreign = [
            JSON | {"origin": "http://evil.test"},
            JSON | {"sec-fetch-site": "cross-site"},
            JSON | {"sec-fetch-site": "same-site"},
        ]
        for headers in foreign:
            assert client.post("/api/matches", content=body, headers=headers).status_code == 403
            assert (
                client.post("/keep/api/matches/1/undo", content="{}", headers=headers).status_code
                == 403
            )
            assert client.delete("/keep/api/matches/1/hands/0", headers=headers).status_code == 403
        assert client.get("/api/matches").json()["matches"] == []
        assert client.get("/keep/api/matches").json() == []
        # the page itself: same origin, JSON
        same = JSON | {"origin": BASE, "sec-fetch-site": "same-origin"}
        assert client.post("/api/matches", content=body, headers=same).status_code == 200


def test_every_answer_carries_the_security_headers() -> None:
    with TestClient(create_app(":memory:"), base_url=BASE) as client:
        for path in ("/", "/static/app.js", "/api/options", "/keep/", "/nowhere"):
            r = client.get(path)
            assert r.headers["content-security-policy"] == CONTENT_SECURITY_POLICY, path
            assert r.headers["x-content-type-options"] == "nosniff"
            assert r.headers["referrer-policy"] == "no-referrer"
            assert "frame-ancestors 'none'" in r.headers["content-security-policy"]
        refused = client.post("/api/matches", content="{}", headers={"content-type": "text/plain"})
        assert refused.headers["x-content-type-options"] == "nosniff"
        # the pages run under that policy: no inline script or style, no handler attributes
        for path in ("/", "/keep/"):
            html = client.get(path).text
            assert "<script>" not in html and "<style" not in html and " style=" not in html
            assert " onclick=" not in html and "javascript:" not in html


# --- no command from a request ---------------------------------------------------------


def test_no_request_can_start_a_command(tmp_path: Path) -> None:
    marker = tmp_path / "ran"
    app = create_app(tmp_path / "s.sqlite3")
    with TestClient(app, base_url=BASE) as client:
        for seat in (f"mjai:sh -c 'touch {marker}'", f"mjai:touch {marker}", "mjai:", "mjai:x y"):
            body = SETUP | {"seats": ["human", seat, "random", "random"]}
            r = client.post("/api/matches", json=body)
            assert r.status_code == 400 and "mjai" in r.json()["error"], r.text
        assert client.get("/api/options").json()["mjai"] == []
        assert client.get("/api/matches").json()["matches"] == []
    assert not marker.exists()


def test_the_operators_named_bots_are_offered_by_name_and_never_shown_as_commands(
    tmp_path: Path,
) -> None:
    peer = Path(__file__).resolve().parents[1] / "mjai_peer_bot.py"
    command = f"{sys.executable} {peer} Bot"
    pytest.importorskip("mjai")
    app = create_app(tmp_path / "s.sqlite3", mjai_bots={"tsumogiri-peer": command})
    with TestClient(app, base_url=BASE) as client:
        opts = client.get("/api/options").json()
        assert opts["mjai"] == ["tsumogiri-peer"]
        m = _new(client, seats=["human", "mjai:tsumogiri-peer", "random", "random"])
        # a command line in place of a name is still refused on this server
        body = SETUP | {"seats": ["human", f"mjai:{command}", "random", "random"]}
        assert client.post("/api/matches", json=body).status_code == 400
        with open_seat(client, m["id"], m["links"][0]["token"]) as ws:
            msg = next_prompt(ws)
            assert msg["view"]["names"][1] and command not in json.dumps(msg)
        listed = json.dumps(client.get("/api/matches").json())
        assert "tsumogiri-peer" in listed and str(peer) not in listed


# --- the seat token stays out of URLs --------------------------------------------------


def test_a_seat_opens_by_its_first_message_not_by_its_url() -> None:
    app = create_app(":memory:")
    with TestClient(app, base_url=BASE) as client:
        m = _new(client)
        link = m["links"][0]
        assert link["url"] == f"/table/{m['id']}#token={link['token']}"  # a fragment
        # a token in the query opens nothing: the first message must be a hello
        query = f"/ws/{m['id']}?token={link['token']}"
        with client.websocket_connect(query, headers=HOST) as ws:
            ws.send_json({"type": "ping"})
            assert ws.receive_json()["code"] == "forbidden"
        with client.websocket_connect(f"/ws/{m['id']}", headers=HOST) as ws:
            ws.send_json({"type": "hello", "token": "0" * 24})
            assert ws.receive_json()["code"] == "forbidden"
        with open_seat(client, m["id"], link["token"]) as ws:
            assert ws.receive_json()["type"] == "state"
            ws.send_json({"type": "hello", "token": link["token"]})
            assert _error(ws)["code"] == "malformed"  # once is enough


# --- bounded work ----------------------------------------------------------------------


def test_a_flood_of_messages_is_told_and_closed_and_the_table_goes_on() -> None:
    app = create_app(":memory:", limits=ServerLimits(messages_per_second=0.0, message_burst=30))
    with TestClient(app, base_url=BASE) as client:
        m = _new(client)
        token = m["links"][0]["token"]
        with open_seat(client, m["id"], token) as ws:
            ws.receive_json()
            for _ in range(200):
                ws.send_json({"type": "settings", "aids": True})
            codes = []
            with pytest.raises(WebSocketDisconnect) as closed:
                while True:
                    msg = ws.receive_json()
                    if msg["type"] == "error":
                        codes.append(msg["code"])
            assert codes == ["rate_limited"] and closed.value.code == 1008
        with open_seat(client, m["id"], token) as ws:  # a new connection is served
            assert next_prompt(ws)["legal"]


def test_a_seat_holds_a_few_connections_and_the_oldest_gives_way() -> None:
    app = create_app(":memory:", limits=ServerLimits(sockets_per_seat=2))
    with TestClient(app, base_url=BASE) as client:
        m = _new(client)
        token = m["links"][0]["token"]
        with open_seat(client, m["id"], token) as first:
            first.receive_json()
            with open_seat(client, m["id"], token) as second:
                second.receive_json()
                with open_seat(client, m["id"], token) as third:
                    third.receive_json()
                    assert _error(first)["code"] == "busy"
                    with pytest.raises(WebSocketDisconnect):
                        first.receive_json()
                    table = app.state.tables.get(m["id"])
                    assert len(table.seats[0].clients) == 2
                    third.send_json({"type": "ping"})
                    while (msg := third.receive_json())["type"] == "state":
                        pass
                    assert msg == {"type": "pong"}


def test_match_creation_is_limited_per_address() -> None:
    app = create_app(":memory:", limits=ServerLimits(matches_per_minute=0.0, match_burst=3))
    with TestClient(app, base_url=BASE) as client:
        codes = [client.post("/api/matches", json=SETUP).status_code for _ in range(5)]
        assert codes == [200, 200, 200, 429, 429]
        assert len(client.get("/api/matches").json()["matches"]) == 3


def test_bodies_are_bounded() -> None:
    app = create_app(":memory:", limits=ServerLimits(body_bytes=1000, upload_bytes=5000))
    with TestClient(app, base_url=BASE) as client:
        big = json.dumps(SETUP | {"names": ["x" * 2000]})
        assert client.post("/api/matches", content=big, headers=JSON).status_code == 413
        chunks = (b"x" * 1000 for _ in range(10))  # no length given: counted as it comes
        r = client.post("/api/matches", content=chunks, headers=JSON)
        assert r.status_code == 413 and "1000 bytes" in r.json()["error"]
        record = {"content-type": "application/octet-stream"}
        assert client.post("/api/replay", content=b"<" * 6000, headers=record).status_code == 413
        assert client.post("/api/matches", json=SETUP).status_code == 200


def test_deep_json_gets_an_error_code_not_a_traceback(caplog: pytest.LogCaptureFixture) -> None:
    deep = "[" * 2000 + "]" * 2000
    with TestClient(create_app(":memory:"), base_url=BASE) as client:
        assert client.post("/api/matches", content=deep, headers=JSON).status_code == 400
        r = client.post("/keep/api/matches", content=deep, headers=JSON)
        assert r.status_code == 400
        m = _new(client)
        with open_seat(client, m["id"], m["links"][0]["token"]) as ws:
            ws.receive_json()
            ws.send_text(
                '{"type": "act", "decision": 0, "action": ' + "[" * 1900 + "]" * 1900 + "}"
            )
            assert _error(ws)["code"] == "malformed"
            ws.send_json({"type": "ping"})
            while (msg := ws.receive_json())["type"] == "state":
                pass
            assert msg == {"type": "pong"}
    assert "Traceback" not in caplog.text


# --- the server's own bounds, under uvicorn --------------------------------------------


class _Server:
    """The app under uvicorn with the server's configuration, on a free port, in a thread."""

    def __init__(self, app: Any, limits: ServerLimits) -> None:
        from jantaku.web.server import server_config

        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = int(s.getsockname()[1])
        self.server = uvicorn.Server(server_config(app, "127.0.0.1", self.port, limits))
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 30
        while not self.server.started:
            assert time.monotonic() < deadline and self.thread.is_alive(), "no server"
            time.sleep(0.02)

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(30)


@pytest.fixture
def served() -> Iterator[tuple[_Server, Any]]:
    limits = ServerLimits(head_seconds=0.5, connections_per_address=40)
    app = create_app(":memory:", limits=limits)
    server = _Server(app, limits)
    yield server, app
    server.stop()


def _create(port: int) -> dict[str, Any]:
    import urllib.request

    req = urllib.request.Request(
        f"http://127.0.0.1:{port}/api/matches", data=json.dumps(SETUP).encode(), headers=JSON
    )
    with urllib.request.urlopen(req, timeout=30) as r:
        return dict(json.load(r))


def test_an_oversized_frame_closes_its_socket_unread(served: tuple[_Server, Any]) -> None:
    server, _app = served
    m = _create(server.port)

    async def attack() -> tuple[int | None, str]:
        uri = f"ws://127.0.0.1:{server.port}/ws/{m['id']}"
        async with websockets.connect(uri, max_size=None) as ws:
            await ws.send(json.dumps({"type": "hello", "token": m["links"][0]["token"]}))
            await ws.recv()
            await ws.send("x" * (1 << 20))  # 1 MiB in one frame
            with pytest.raises(websockets.ConnectionClosed) as closed:
                while True:
                    await asyncio.wait_for(ws.recv(), 30)
            code = closed.value.rcvd.code if closed.value.rcvd else None
        async with websockets.connect(uri) as ws:  # the server goes on
            await ws.send(json.dumps({"type": "hello", "token": m["links"][0]["token"]}))
            return code, json.loads(await asyncio.wait_for(ws.recv(), 30))["type"]

    assert asyncio.run(attack()) == (1009, "state")  # 1009: message too big


def test_slow_and_idle_connections_are_closed(served: tuple[_Server, Any]) -> None:
    server, _app = served
    slow = []
    for _ in range(20):  # a few header bytes, then nothing more
        s = socket.create_connection(("127.0.0.1", server.port), timeout=30)
        s.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
        slow.append(s)
    idle = socket.create_connection(("127.0.0.1", server.port), timeout=30)  # nothing at all
    for s in [*slow, idle]:
        assert s.recv(1024) == b""  # closed by the server, well before the 30 s timeout
        s.close()
    # and the server answers a real request afterwards
    assert _create(server.port)["id"]


def test_one_address_holds_a_bounded_number_of_connections() -> None:
    limits = ServerLimits(head_seconds=60, connections_per_address=40)
    server = _Server(create_app(":memory:", limits=limits), limits)
    held = [socket.create_connection(("127.0.0.1", server.port), timeout=30) for _ in range(60)]
    try:
        for s in held[40:]:  # past the cap: closed at once
            assert s.recv(1) == b""
        for s in held[:40]:  # within it: held until their first request is due
            s.settimeout(0.2)
            with pytest.raises(TimeoutError):
                s.recv(1)
    finally:
        for s in held:
            s.close()
    try:
        deadline = time.monotonic() + 30  # the closed ones are let go: room again
        while True:
            try:
                assert _create(server.port)["id"]
                break
            except OSError:
                assert time.monotonic() < deadline
                time.sleep(0.1)
    finally:
        server.stop()
