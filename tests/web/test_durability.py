"""The table's store against the server being killed (``kill -9``) mid-match.

A real server (``jantaku serve`` in a process of its own) is driven over a websocket by a
seat that answers each prompt; the server is killed at chosen moments — just after it
acknowledged an answer (sent a state past that decision), just after an answer was sent
and before any acknowledgement, or a little later — and started again on the same file.
After each kill, every answer the server acknowledged must be in the store, and the
seat, rejoining, must never be asked a decision it was told was over.

``JANTAKU_DURABILITY_RESTARTS`` sets how many kills (5 by default; 50 for a long run),
``JANTAKU_DURABILITY_SEED`` the moments' seed.
"""

from __future__ import annotations

import json
import os
import random
import signal
import socket
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

httpx = pytest.importorskip("httpx")
ws_client = pytest.importorskip("websockets.sync.client")
pytest.importorskip("uvicorn")

if sys.platform == "win32":  # pragma: no cover - no SIGKILL there
    pytest.skip("kill -9 is a POSIX signal", allow_module_level=True)

RESTARTS = int(os.environ.get("JANTAKU_DURABILITY_RESTARTS", "5"))
SEED = int(os.environ.get("JANTAKU_DURABILITY_SEED", "20240611"))
PACE_MS = 30  # the bots' moves are shown one by one: acknowledged well before the next prompt
START_SECONDS = 60.0  # a generous bound on a server's start, not a measure of speed
ANSWER_SECONDS = 60.0


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _serve_command(db: Path, port: int) -> list[str]:
    script = Path(sys.executable).parent / "jantaku"
    args = ["serve", "--db", str(db), "--port", str(port)]
    if script.exists():
        return [str(script), *args]
    return [
        sys.executable,
        "-c",
        "import sys; from jantaku.cli import main; sys.exit(main())",
        *args,
    ]


@contextmanager
def _server(db: Path, log: Path) -> Iterator[tuple[subprocess.Popen[bytes], str]]:
    """A server process on ``db``, ready to answer; killed (``-9``) at the end if alive."""
    port = _free_port()
    with log.open("ab") as out:
        proc = subprocess.Popen(
            _serve_command(db, port), stdout=out, stderr=subprocess.STDOUT, cwd=db.parent
        )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + START_SECONDS
        while True:
            if proc.poll() is not None:
                raise AssertionError(f"the server exited ({proc.returncode}): {log.read_text()}")
            try:
                if httpx.get(f"{base}/api/options", timeout=2).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            if time.monotonic() > deadline:
                raise AssertionError(f"the server did not start: {log.read_text()}")
            time.sleep(0.05)
        yield proc, base
    finally:
        _kill(proc)


def _kill(proc: subprocess.Popen[bytes]) -> None:
    if proc.poll() is None:
        proc.send_signal(signal.SIGKILL)
    proc.wait(timeout=30)


def _receive(ws: Any) -> dict[str, Any]:
    msg = json.loads(ws.recv(timeout=ANSWER_SECONDS))
    assert isinstance(msg, dict)
    if msg["type"] == "error" and msg.get("code") != "internal":
        raise AssertionError(f"the server refused: {msg}")
    return msg


def _prompt(ws: Any) -> dict[str, Any]:
    """Messages until one asks the seat to decide (or tells the match is over)."""
    while True:
        msg = _receive(ws)
        if msg["type"] == "state" and (msg["legal"] or msg["done"]):
            return msg


def _choose(legal: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    """A win when there is one, else any action (calls and riichi too)."""
    wins = [a for a in legal if a["kind"] in ("tsumo", "ron")]
    return wins[0] if wins else rng.choice(legal)


def _stored(db: Path, match_id: str) -> dict[int, dict[str, Any]]:
    """The stored decisions of a match, read from the file as a new process would."""
    conn = sqlite3.connect(db)
    try:
        rows = conn.execute(
            "SELECT n, choices FROM web_decisions WHERE match_id = ?", (match_id,)
        ).fetchall()
    finally:
        conn.close()
    return {int(n): json.loads(choices) for n, choices in rows}


def _new_match(base: str, seed: int) -> tuple[str, str]:
    body = {"preset": "tenhou", "length": "east_south", "seed": seed, "pace": PACE_MS}
    r = httpx.post(f"{base}/api/matches", json=body, timeout=30)
    assert r.status_code == 200, r.text
    m = r.json()
    return m["id"], m["links"][0]["token"]


def test_every_acknowledged_answer_survives_kill_9(tmp_path: Path) -> None:
    rng = random.Random(SEED)
    db = tmp_path / "store.sqlite3"
    log = tmp_path / "server.log"
    match: tuple[str, str] | None = None
    acked: dict[str, dict[int, dict[str, Any]]] = {}  # match → decision → our answer
    kinds: list[str] = []
    for restart in range(RESTARTS):
        with _server(db, log) as (proc, base):
            if match is None:
                match = _new_match(base, rng.randrange(1 << 30))
            match_id, token = match
            mine = acked.setdefault(match_id, {})
            url = base.replace("http://", "ws://") + f"/ws/{match_id}"
            with ws_client.connect(url, open_timeout=START_SECONDS) as ws:
                ws.send(json.dumps({"type": "hello", "token": token}))
                msg = _prompt(ws)
                if mine:  # never asked again what the server said was done
                    assert msg["done"] or msg["decision"] > max(mine), (restart, msg["decision"])
                if msg["done"]:
                    match = None
                    continue
                kind = rng.choice(["after the acknowledgement", "before it", "a little later"])
                kinds.append(kind)
                for turn in range(rng.randint(1, 4)):
                    if turn:
                        msg = _prompt(ws)
                        if msg["done"]:
                            break
                    pick = _choose(msg["legal"], rng)
                    answered = msg["decision"]
                    ws.send(
                        json.dumps({"type": "act", "decision": answered, "index": pick["index"]})
                    )
                    if kind == "before it" and turn == 0:
                        break  # killed before the server said anything of this answer
                    ack = _receive(ws)
                    while ack["type"] != "state" or ack["decision"] <= answered:
                        ack = _receive(ws)
                    mine[answered] = pick  # the server showed the match past our answer
                    if ack["done"]:
                        match = None
                        break
                if kind == "a little later":
                    time.sleep(rng.uniform(0, 0.1))
                _kill(proc)  # kill -9: no shutdown, no last write
        stored = _stored(db, match_id)
        for decision, pick in mine.items():
            assert decision in stored, f"kill {restart} ({kinds[-1]}): decision {decision} lost"
            if pick["kind"] == "skip":  # a pass is stored as the seat's absence
                assert "0" not in stored[decision]
            else:
                assert stored[decision].get("0") == pick["mjai"], (decision, stored[decision])
    assert sum(len(m) for m in acked.values()) >= RESTARTS // 2
