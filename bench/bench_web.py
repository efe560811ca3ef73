"""The web table's speed: a person's action to the next state, alone and with 100 tables.

Starts ``jantaku serve`` in its own process on a free 127.0.0.1 port with a fresh store,
then plays scripted people over websockets (the ``websockets`` client): each answers
every prompt at once (win, else skip, else discard the drawn tile) and times each
answer until the server's next state arrives (the bots' moves and the store's writes
included). First one table alone, then ``--tables`` tables at once (three efficiency
bots and one scripted person each), each for ``--decisions`` of its person's decisions.

    python bench/bench_web.py [--tables 100] [--decisions 40] [--solo 300] [--think 1.0]

The tables at once run twice: with people who think ``--think`` seconds (0.5x-1.5x) a
decision, as people do, and with instant answers (the server saturated). Prints, for
each run, answers per second and the p50 / p99 / max time from an answer to the next
state and to the person's next prompt (every bot move between), and whether every
table played all its decisions.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
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


def _new_match(base: str, seed: int) -> tuple[str, str]:
    body = {"preset": "tenhou", "length": "east_south", "seed": seed, "timer": 0}
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
    async with websockets.connect(f"{ws_base}/ws/{match}?token={token}", max_size=None) as ws:
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


async def _next_state(ws: Any) -> dict[str, Any]:
    while True:
        reply = json.loads(await ws.recv())
        if reply.get("type") == "state":
            return dict(reply)
        if reply.get("type") == "error":
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


async def _main(args: argparse.Namespace) -> None:
    port = _free_port()
    base = f"http://127.0.0.1:{port}"
    ws_base = f"ws://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as tmp:
        db = Path(tmp) / "bench.sqlite3"
        server = subprocess.Popen(
            [JANTAKU, "serve", "--port", str(port), "--db", str(db)],
            stdout=subprocess.DEVNULL,
            env=os.environ | {"PYTHONUNBUFFERED": "1"},
        )
        try:
            for _ in range(200):
                try:
                    urllib.request.urlopen(base + "/api/options").close()
                    break
                except OSError:
                    time.sleep(0.05)
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tables", type=int, default=100)
    parser.add_argument("--decisions", type=int, default=40)
    parser.add_argument("--solo", type=int, default=300)
    parser.add_argument("--think", type=float, default=1.0, help="a person's mean seconds")
    asyncio.run(_main(parser.parse_args()))


if __name__ == "__main__":
    main()
