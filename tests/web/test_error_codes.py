"""Every error the table's server sends carries a code the page has words for.

The websocket's ``error`` messages and the HTTP answers' ``{"error", "code"}`` name their
code; :data:`jantaku.web.protocol.ERROR_CODES` lists them all. Read from the server's
source: every code a refusal is built with is listed, and every listed code is used.
The page's words for each code, in both languages, are checked in a browser by
``test_browser_table.py``.
"""

from __future__ import annotations

import ast
import json
from pathlib import Path

import pytest
from starlette.testclient import TestClient
from webhelp import BASE, open_seat

from jantaku.web.app import create_app
from jantaku.web.protocol import ERROR_CODES
from jantaku.web.security import ServerLimits
from jantaku.web.uploads import UploadLimits, UploadRefused, replay_upload

WEB = Path(__file__).resolve().parents[2] / "src" / "jantaku" / "web"
JSON = {"content-type": "application/json"}
SETUP = {"preset": "tenhou", "length": "east_only", "seed": 3}

# the callables a refusal is built with, and which argument is its code
CODE_ARGUMENT = {
    "ProtocolError": 0,
    "error_json": 0,
    "_error": 1,
    "_refuse": 1,
    "UploadRefused": 1,
    "_BodyRefused": 1,
}


def _codes_in_source() -> tuple[set[str], list[str]]:
    """The codes the web modules build refusals with, and the calls whose code is neither
    a literal nor passed on from a caught error (``e.code``)."""
    found: set[str] = set()
    odd: list[str] = []
    for path in sorted(WEB.glob("*.py")):
        if path.name == "learn.py":  # the drills' page, in English only, has its own errors
            continue
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not isinstance(node, ast.Call):
                continue
            name = getattr(node.func, "id", None) or getattr(node.func, "attr", None)
            if name not in CODE_ARGUMENT or (name == "error_json" and not node.args):
                continue
            place = CODE_ARGUMENT[name]
            if len(node.args) <= place:
                odd.append(f"{path.name}:{node.lineno} {name} without a code")
                continue
            arg = node.args[place]
            if isinstance(arg, ast.Constant) and isinstance(arg.value, str):
                found.add(arg.value)
            elif not (isinstance(arg, ast.Attribute) and arg.attr == "code"):
                odd.append(f"{path.name}:{node.lineno} {ast.unparse(arg)}")
    return found, odd


def test_every_code_the_server_builds_is_listed_and_every_listed_code_is_built() -> None:
    found, odd = _codes_in_source()
    assert odd == []
    assert len(found) >= 30  # the walk saw the refusals (websocket, lobby, uploads, guard)
    assert found == set(ERROR_CODES)
    assert all(code.isidentifier() and code.islower() for code in ERROR_CODES)


def test_the_lobbys_http_errors_name_their_codes() -> None:
    limits = ServerLimits(body_bytes=1000, matches_per_minute=0.0, match_burst=8)
    app = create_app(":memory:", limits=limits)
    with TestClient(app, base_url=BASE) as client:

        def refused(status: int, code: str, method: str, path: str, **kw: object) -> None:
            r = client.request(method, path, **kw)  # type: ignore[arg-type]
            body = r.json()
            assert (r.status_code, body["code"]) == (status, code), r.text
            assert body["error"]  # the English text beside it

        refused(400, "unknown_preset", "POST", "/api/matches", json=SETUP | {"preset": "nope"})
        seats = ["human", "nobot", "nobot", "nobot"]
        refused(400, "bad_setup", "POST", "/api/matches", json=SETUP | {"seats": seats})
        refused(400, "bad_setup", "POST", "/api/matches", json=SETUP | {"seed": "x"})
        refused(400, "malformed", "POST", "/api/matches", content="[1]", headers=JSON)
        refused(413, "too_large", "POST", "/api/matches", content="x" * 2000, headers=JSON)
        refused(415, "content_type", "POST", "/api/matches", content="{}")
        refused(
            403,
            "foreign_site",
            "POST",
            "/api/matches",
            json=SETUP,
            headers={"origin": "https://elsewhere.example"},
        )
        refused(404, "no_match", "GET", "/api/matches/nope/replay")
        match = client.post("/api/matches", json=SETUP).json()
        refused(403, "still_playing", "GET", f"/api/matches/{match['id']}/replay")
        for _ in range(8):  # the address's burst spent
            if client.post("/api/matches", json=SETUP).status_code == 429:
                break
        refused(429, "too_many_matches", "POST", "/api/matches", json=SETUP)
        refused(404, "no_tile", "GET", "/static/tiles/zz.svg")
        # a websocket error names its code too
        with open_seat(client, match["id"], match["links"][0]["token"]) as ws:
            ws.send_text(json.dumps({"type": "act", "decision": 10**6, "index": 0}))
            while (msg := ws.receive_json())["type"] != "error":
                pass
            assert msg["code"] == "stale" and msg["message"]


@pytest.mark.parametrize(
    ("body", "code"),
    [
        (b"   ", "empty_record"),
        (b"\x1f\x8bnot gzip at all", "bad_gzip"),
        (b"neither xml nor json", "unreadable"),
        (b"<mjloggm>" + b"<a/>" * 50 + b"</mjloggm>", "too_many_events"),
    ],
)
def test_an_upload_refused_names_its_code(body: bytes, code: str) -> None:
    with pytest.raises(UploadRefused) as caught:
        replay_upload(body, UploadLimits(events=10))
    assert caught.value.code == code and code in ERROR_CODES
