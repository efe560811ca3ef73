"""The web table's speed: a person's action to the next state, alone and with 100 tables.

Starts ``jantaku serve`` in its own process on a free 127.0.0.1 port with a fresh store,
then plays scripted people over websockets (the ``websockets`` client): each answers
every prompt at once (win, else skip, else discard the drawn tile) and times each
answer until the server's next state arrives (the bots' moves and the store's writes
included). First one table alone, then ``--tables`` tables at once (three efficiency
bots and one scripted person each), each for ``--decisions`` of its person's decisions.

    python bench/bench_web.py [--tables 100] [--decisions 40] [--solo 300] [--think 1.0]
    python bench/bench_web.py --attack [--seconds 6] [--jantaku PATH]

The tables at once run twice: with people who think ``--think`` seconds (0.5x-1.5x) a
decision, as people do, and with instant answers (the server saturated). Prints, for
each run, answers per second and the p50 / p99 / max time from an answer to the next
state and to the person's next prompt (every bot move between), and whether every
table played all its decisions.

With ``--attack``, one table is played by a scripted person answering at once (the
victim) while the attacks of a security review run one after another, each for
``--seconds``: a gzip bomb and a record with long names uploaded again and again, a
flood of ``settings`` messages on one socket, 500 sockets on one seat, oversized frames,
2,000 slow connections, a flood of new matches, deeply nested JSON. For each it prints
the victim's answer -> next state p50 / p99 / max, the server's peak memory (its own and
its worker processes'), and the processes the server started. ``--jantaku`` runs another
build's command (to compare with an older one).
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gzip
import io
import json
import os
import random
import shlex
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import AsyncIterator, Awaitable, Callable
from pathlib import Path
from typing import Any

import websockets

JANTAKU = str(Path(sys.executable).parent / "jantaku")


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _choose(legal: list[dict[str, Any]]) -> int:
    for kinds in (("tsumo", "ron"), ("skip",)):
        for a in legal:
            if a["kind"] in kinds:
                return int(a["index"])
    for a in legal:
        if a["kind"] == "dahai" and a["tsumogiri"]:
            return int(a["index"])
    return int(next(a for a in legal if a["kind"] == "dahai")["index"])


def _new_match(base: str, seed: int, length: str = "east_south") -> tuple[str, str]:
    body = {"preset": "tenhou", "length": length, "seed": seed, "timer": 0}
    req = urllib.request.Request(
        base + "/api/matches",
        data=json.dumps(body).encode(),
        headers={"content-type": "application/json"},
    )
    with urllib.request.urlopen(req) as r:
        m = json.load(r)
    return m["id"], m["links"][0]["token"]


async def _person(
    ws_base: str,
    match: str,
    token: str,
    limit: int,
    out: tuple[list[float], list[float]],
    think: float,
    rng: random.Random,
) -> bool:
    """Play up to ``limit`` decisions, thinking ``think`` seconds (0.5x-1.5x) before each;
    record each answer's time to the next state and to the next prompt. True when done."""
    first, prompt = out
    async with _open_seat(ws_base, match, token) as ws:
        made = 0
        msg: dict[str, Any] | None = None
        while made < limit:
            if msg is None:
                msg = json.loads(await ws.recv())
            if msg.get("type") != "state" or not msg["legal"]:
                if msg.get("done"):
                    return True
                msg = None
                continue
            if think:
                await asyncio.sleep(think * rng.uniform(0.5, 1.5))
            index = _choose(msg["legal"])
            start = time.perf_counter()
            await ws.send(json.dumps({"type": "act", "decision": msg["decision"], "index": index}))
            reply = await _next_state(ws)
            first.append(time.perf_counter() - start)
            while not (reply["legal"] or reply["done"]):  # the bots play to the next prompt
                reply = await _next_state(ws)
            prompt.append(time.perf_counter() - start)
            made += 1
            msg = reply
        return True


@contextlib.asynccontextmanager
async def _open_seat(ws_base: str, match: str, token: str) -> AsyncIterator[Any]:
    """A seat's socket: the token said in the first message (and, for servers that read it
    there, in the query)."""
    async with websockets.connect(f"{ws_base}/ws/{match}?token={token}", max_size=None) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token}))
        yield ws


async def _next_state(ws: Any) -> dict[str, Any]:
    while True:
        reply = json.loads(await ws.recv())
        if reply.get("type") == "state":
            return dict(reply)
        if reply.get("type") == "error" and reply.get("code") != "unknown":  # an old hello
            raise RuntimeError(reply)


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000


def _report(name: str, lat: tuple[list[float], list[float]], wall: float) -> None:
    first, prompt = lat
    print(
        f"{name}: {len(first)} answers in {wall:.1f} s ({len(first) / wall:.0f}/s)\n"
        f"  answer -> next state:  p50 {_pct(first, 0.5):.1f} ms, p99 {_pct(first, 0.99):.1f} ms, "
        f"max {_pct(first, 1):.1f} ms\n"
        f"  answer -> next prompt (bots' moves between): p50 {_pct(prompt, 0.5):.1f} ms, "
        f"p99 {_pct(prompt, 0.99):.1f} ms, max {_pct(prompt, 1):.1f} ms"
    )


def _start(args: argparse.Namespace, port: int, db: Path, *extra: str) -> subprocess.Popen[bytes]:
    server = subprocess.Popen(
        [*shlex.split(args.jantaku), "serve", "--port", str(port), "--db", str(db), *extra],
        stdout=subprocess.DEVNULL,
        env=os.environ | {"PYTHONUNBUFFERED": "1"},
    )
    base = f"http://127.0.0.1:{port}"
    for _ in range(400):
        try:
            urllib.request.urlopen(base + "/api/options").close()
            break
        except OSError:
            time.sleep(0.05)
    return server


async def _main(args: argparse.Namespace) -> None:
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    ws_base = f"ws://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "bench.sqlite3"
        # one address plays every table here: the per-address bounds are lifted
        lifted = ("matches_per_minute=100000", "match_burst=100000", "sockets_per_address=1000")
        server = _start(args, port, db, *(f"--limit={x}" for x in lifted))
        try:
            rng = random.Random(0)
            lat: tuple[list[float], list[float]] = ([], [])
            match, token = _new_match(base, 1)
            start = time.perf_counter()
            await _person(ws_base, match, token, args.solo, lat, 0.0, rng)
            _report("one table, instant answers", lat, time.perf_counter() - start)
            for think in sorted({args.think, 0.0}, reverse=True):
                games = [_new_match(base, 100 + i) for i in range(args.tables)]
                lat = ([], [])
                start = time.perf_counter()
                done = await asyncio.gather(
                    *(_person(ws_base, m, t, args.decisions, lat, think, rng) for m, t in games)
                )
                how = f"thinking {think:g} s a decision" if think else "instant answers"
                _report(f"{args.tables} tables at once, {how}", lat, time.perf_counter() - start)
                print(f"  tables that played all their {args.decisions} decisions: {sum(done)}")
        finally:
            server.terminate()
            server.wait(10)


# --- attacks ---------------------------------------------------------------------------


def _memory(pid: int) -> tuple[int, int, list[str]]:
    """The peak resident memory (KiB) of a process and of its children now alive, and the
    children's command lines."""

    def peak(p: int) -> int:
        try:
            for line in Path(f"/proc/{p}/status").read_text().splitlines():
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
        except OSError:
            pass
        return 0

    kids: list[str] = []
    worst = 0
    for task in Path(f"/proc/{pid}/task").iterdir():
        try:
            children = (task / "children").read_text().split()
        except OSError:
            continue
        for child in children:
            worst = max(worst, peak(int(child)))
            try:
                cmd = Path(f"/proc/{child}/cmdline").read_bytes().replace(b"\0", b" ")
                kids.append(cmd.decode(errors="replace").strip()[:80])
            except OSError:
                pass
    return peak(pid), worst, kids


def _bomb() -> bytes:
    """A 600 MB attribute in a Tenhou record, gzipped (about 600 KB)."""
    out = io.BytesIO()
    with gzip.GzipFile(fileobj=out, mode="wb", compresslevel=9) as z:
        z.write(b'<mjloggm ver="2.3"><SHUFFLE seed="')
        chunk = b"A" * (1 << 20)
        for _ in range(600):
            z.write(chunk)
        z.write(b'"/></mjloggm>')
    return out.getvalue()


def _long_names() -> bytes:
    """A played match as mjai lines with 100,000-character names."""
    from jantaku.engine import Referee
    from jantaku.logs.mjai import dumps_game

    rng = random.Random(5)
    ref = Referee(seed=5, names=("x" * 100_000,) * 4)
    events = ref.play(lambda seat, state, legal: rng.choice(legal))
    return dumps_game(events).encode()


async def _post(base: str, path: str, body: bytes, kind: str) -> int:
    def go() -> int:
        req = urllib.request.Request(base + path, data=body, headers={"content-type": kind})
        try:
            with urllib.request.urlopen(req, timeout=120) as r:
                r.read()
                return int(r.status)
        except urllib.error.HTTPError as e:
            return int(e.code)
        except OSError:
            return 0

    return await asyncio.to_thread(go)


async def _victim(
    ws_base: str, match: str, token: str, out: list[float], stop: asyncio.Event
) -> None:
    """A person at another table answering every prompt at once, timing each answer."""
    async with _open_seat(ws_base, match, token) as ws:
        msg: dict[str, Any] | None = None
        while not stop.is_set():
            if msg is None:
                msg = await _next_state(ws)
            if msg["done"]:
                return
            if not msg["legal"]:
                msg = None
                continue
            start = time.perf_counter()
            index = _choose(msg["legal"])
            await ws.send(json.dumps({"type": "act", "decision": msg["decision"], "index": index}))
            msg = await _next_state(ws)
            out.append(time.perf_counter() - start)


async def _attack_run(args: argparse.Namespace) -> None:
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    ws_base = f"ws://127.0.0.1:{port}"
    bomb, names = _bomb(), _long_names()
    made: dict[int, tuple[str, str]] = {}  # the attackers' own tables, made before any attack
    print(
        f"gzip bomb {len(bomb) / 1e3:.0f} KB (600 MB inside); long-name record "
        f"{len(names) / 1e6:.1f} MB"
    )

    async def uploads(data: bytes) -> Callable[[asyncio.Event], Awaitable[str]]:
        async def run(stop: asyncio.Event) -> str:
            codes: list[int] = []
            while not stop.is_set():
                codes.append(await _post(base, "/api/replay", data, "application/octet-stream"))
            return f"answers {sorted(set(codes))} x{len(codes)}"

        return run

    async def settings_flood(stop: asyncio.Event) -> str:
        m, t = made[7]
        sent = 0
        with contextlib.suppress(websockets.ConnectionClosed):
            async with _open_seat(ws_base, m, t) as ws:
                for _ in range(10_000):
                    await ws.send('{"type": "settings", "aids": true}')
                    sent += 1
                while not stop.is_set():
                    await asyncio.wait_for(ws.recv(), 30)
        return f"{sent} messages sent before the socket closed"

    async def many_sockets(stop: asyncio.Event) -> str:
        m, t = made[8]
        socks = []
        refused = 0
        for _ in range(500):
            try:
                ws = await websockets.connect(f"{ws_base}/ws/{m}?token={t}", max_size=None)
                await ws.send(json.dumps({"type": "hello", "token": t}))
                socks.append(ws)
            except (OSError, websockets.InvalidHandshake):
                refused += 1
        await stop.wait()
        open_ = sum(1 for ws in socks if ws.state.name == "OPEN")
        for ws in socks:
            with contextlib.suppress(Exception):
                await ws.close()
        return f"500 sockets on one seat: {open_} still open, {refused} refused"

    async def big_frames(stop: asyncio.Event) -> str:
        m, t = made[9]
        closed = 0
        for _ in range(30):
            try:
                async with _open_seat(ws_base, m, t) as ws:
                    await ws.send("x" * (16 << 20))
                    await asyncio.wait_for(ws.recv(), 30)
                    await asyncio.wait_for(ws.recv(), 30)
            except (websockets.ConnectionClosed, OSError, TimeoutError):
                closed += 1
        await stop.wait()
        return f"30 frames of 16 MiB: {closed} sockets closed"

    async def slowloris(stop: asyncio.Event) -> str:
        held = []
        for _ in range(2000):
            try:
                s = socket.create_connection(("127.0.0.1", port), timeout=5)
                s.sendall(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n")
                s.setblocking(False)
                held.append(s)
            except OSError:
                pass
        await stop.wait()
        await asyncio.sleep(12 - args.seconds if args.seconds < 12 else 0)  # past 10 s
        alive = 0
        for s in held:
            try:
                alive += s.recv(1) != b""
            except BlockingIOError:
                alive += 1
            except OSError:
                pass
            s.close()
        return f"2,000 slow connections: {alive} still held 12 s later"

    async def creations(stop: asyncio.Event) -> str:
        body = json.dumps({"preset": "tenhou", "length": "east_only"}).encode()
        codes: list[int] = []
        while not stop.is_set():
            codes.append(await _post(base, "/api/matches", body, "application/json"))
        return f"{len(codes)} new matches asked: {codes.count(200)} made"

    async def deep_json(stop: asyncio.Event) -> str:
        m, t = made[10]
        deep = "[" * 2000 + "]" * 2000
        sent = 0
        with contextlib.suppress(websockets.ConnectionClosed):
            async with _open_seat(ws_base, m, t) as ws:
                while not stop.is_set() and sent < 2000:
                    await ws.send(deep)
                    sent += 1
                    await asyncio.sleep(0.01)
        return f"{sent} deeply nested messages"

    attacks: list[tuple[str, Callable[[asyncio.Event], Awaitable[str]]]] = [
        ("no attack", lambda stop: stop.wait()),  # type: ignore[list-item]
        ("gzip bomb uploads", await uploads(bomb)),
        ("long-name record uploads", await uploads(names)),
        ("settings flood", settings_flood),
        ("500 sockets on one seat", many_sockets),
        ("oversized frames", big_frames),
        ("slowloris", slowloris),
        ("new-match flood", creations),
        ("deep JSON", deep_json),
    ]
    with tempfile.TemporaryDirectory() as tmp:
        server = _start(args, port, Path(tmp) / "attack.sqlite3")
        try:
            # the victims' tables, made before any attack (the flood of new matches would
            # leave this address none to make)
            victims = [_new_match(base, 42) for _ in attacks]
            made.update({seed: _new_match(base, seed, "east_only") for seed in (7, 8, 9, 10)})
            for (name, attack), (match, token) in zip(attacks, victims, strict=True):
                lat: list[float] = []
                stop = asyncio.Event()
                victim = asyncio.create_task(_victim(ws_base, match, token, lat, stop))
                attacker = asyncio.create_task(attack(stop))
                await asyncio.sleep(args.seconds)
                stop.set()
                try:
                    what = await asyncio.wait_for(attacker, 180)
                except Exception as e:  # an attack that failed says so
                    what = f"attack failed: {type(e).__name__}: {e}"
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(victim, 30)
                own, workers, kids = _memory(server.pid)
                p = (
                    f"p50 {_pct(lat, 0.5):.1f} ms, p99 {_pct(lat, 0.99):.1f} ms, "
                    f"max {_pct(lat, 1):.1f} ms over {len(lat)} answers"
                    if lat
                    else "no answer at all"
                )
                print(f"{name}: another table's answer -> state {p}")
                print(
                    f"  {what}; server peak {own / 1024:.0f} MB, workers' peak "
                    f"{workers / 1024:.0f} MB; processes started: {len(kids)}"
                )
                for k in sorted(set(kids)):
                    print(f"    {k}")
        finally:
            server.terminate()
            server.wait(10)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--decisions", type=int, default=40)
    parser.add_argument("--solo", type=int, default=300)
    parser.add_argument("--think", type=float, default=1.0, help="a person's mean seconds")
    parser.add_argument("--attack", action="store_true", help="run the attacks (see above)")
    parser.add_argument("--seconds", type=float, default=6.0, help="seconds an attack")
    parser.add_argument("--jantaku", default=JANTAKU, help="the jantaku command to serve with")
    args = parser.parse_args()
    asyncio.run(_attack_run(args) if args.attack else _main(args))


if __name__ == "__main__":
    main()
