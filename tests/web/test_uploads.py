"""Uploaded records read in worker processes, within bounds: the real round trip, gzip
bombs, bodies past the cap, too many events, records past the time cap, garbage, a busy
pool, the pool's lifecycle, and an event loop that keeps running meanwhile."""

from __future__ import annotations

import asyncio
import dataclasses
import gzip
import json
import os
import random
import sys
import time
import zlib
from collections.abc import AsyncIterator, Coroutine
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

import pytest

from jantaku.engine import Referee
from jantaku.events import Event
from jantaku.logs.mjai import dumps_game
from jantaku.logs.tenhou import to_tenhou6
from jantaku.rules import GameLength, Rules
from jantaku.web.replay import read_record, replay_json
from jantaku.web.uploads import (
    UploadLimits,
    UploadPool,
    UploadRefused,
    read_body,
    replay_upload,
)

T = TypeVar("T")
SLACK = UploadLimits(seconds=600)
"""The default caps but the time: these tests may run on a loaded machine."""
LINUX = sys.platform.startswith("linux") and Path("/proc/self/status").exists()


def run(coro: Coroutine[Any, Any, T]) -> T:
    return asyncio.run(coro)


@cache
def _game(seed: int, east_only: bool = False, names: tuple[str, ...] | None = None) -> list[Event]:
    rules = Rules.preset("tenhou")
    if east_only:
        rules = dataclasses.replace(rules, length=GameLength.EAST_ONLY)
    ref = Referee(rules, seed=seed, names=names)
    rng = random.Random(seed)
    return list(ref.play(lambda seat, state, legal: rng.choice(legal)))


def _mjai(events: list[Event]) -> bytes:
    return dumps_game(events).encode("utf-8")


def _refusal(pool: UploadPool, body: bytes) -> UploadRefused:
    with pytest.raises(UploadRefused) as caught:
        run(pool.replay_bytes(body))
    return caught.value


def stall_on_request(body: bytes, limits: UploadLimits) -> bytes:
    """A worker's function for the tests: ``b"stall"`` never ends, the rest is read."""
    if body == b"stall":
        time.sleep(3600)
    return replay_upload(body, limits)


def _bomb(megabytes: int = 600) -> bytes:
    """A Tenhou record whose first name is ``megabytes`` MB of ``A``, as one gzip member,
    built piece by piece (the test never holds the inflated record)."""
    packer = zlib.compressobj(1, zlib.DEFLATED, 31)
    parts = [packer.compress(b'<mjloggm ver="2.3"><GO type="169" lobby="0"/><UN n0="')]
    block = b"A" * (1 << 20)
    parts += [packer.compress(block) for _ in range(megabytes)]
    parts += [packer.compress(b'" n1="B" n2="C" n3="D"/></mjloggm>'), packer.flush()]
    return b"".join(parts)


def _status(pid: int | str, key: str) -> int:
    """A line of ``/proc/PID/status`` in kB (``VmHWM``: the peak resident memory)."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith(key + ":"):
            return int(line.split()[1])
    raise KeyError(key)


def _gone(pid: int, within: float = 10.0) -> bool:
    """Whether the process ends (or is left a zombie) within ``within`` seconds."""
    end = time.monotonic() + within
    while time.monotonic() < end:
        try:
            if "\tZ" in Path(f"/proc/{pid}/status").read_text().split("State:")[1][:4]:
                return True
        except (FileNotFoundError, IndexError):
            return True
        if not LINUX:
            try:
                os.kill(pid, 0)
            except ProcessLookupError:
                return True
        time.sleep(0.05)
    return False


def test_a_real_record_round_trips_as_the_viewer_reads_it_today() -> None:
    events = _game(1)
    # what the viewer read in the server's own process: the record's events as read back
    read, rules = read_record(_mjai(events))
    expected = replay_json(read, rules)
    expected["tenhou6_json"] = to_tenhou6(read)
    expected = json.loads(json.dumps(expected))
    t6 = json.dumps(to_tenhou6(events)).encode()
    pool = UploadPool(SLACK)
    try:
        assert pool.pids == []  # nothing started before the first upload
        answer = run(pool.replay(_mjai(events)))
        assert answer == expected
        assert answer["error"] is None and len(answer["frames"]) == len(events)
        assert len(pool.pids) == 1
        # the same record gzip-compressed (mjai in a gzip reads too), as bytes, packed
        raw = run(pool.replay_bytes(gzip.compress(_mjai(events))))
        assert json.loads(raw) == expected
        packed = run(pool.replay_bytes(_mjai(events), compressed=True))
        assert gzip.decompress(packed) == raw
        # tenhou.net/6 JSON reads into the same rounds
        from_t6 = run(pool.replay(t6))
        assert from_t6["error"] is None and from_t6["rounds"] == expected["rounds"]
        assert len(pool.pids) == 1  # one worker, reused
    finally:
        pool.close()


def test_a_gzip_bomb_is_refused_without_inflating_it() -> None:
    bomb = _bomb(600)
    assert len(bomb) < UploadLimits().body_bytes
    pool = UploadPool(SLACK)
    try:
        if LINUX:  # the peak resident memory of this process, counted from here
            Path("/proc/self/clear_refs").write_text("5")
            before = _status("self", "VmRSS")
        err = _refusal(pool, bomb)
        assert err.status == 413 and "inflates past" in err.reason, err
        if LINUX:
            server_growth = _status("self", "VmHWM") - before
            worker_peak = _status(pool.pids[0], "VmHWM")
            assert server_growth < 64 * 1024, server_growth  # kB
            assert worker_peak < 300 * 1024, worker_peak
        # the same bomb as many small gzip members
        member = gzip.compress(b"A" * (1 << 20))
        members = gzip.compress(b'<mjloggm ver="2.3"><UN n0="') + member * 600
        err = _refusal(pool, members)
        assert err.status == 413, err
        # and a record within the caps still reads afterwards, in the same worker
        assert run(pool.replay(_mjai(_game(2, True))))["error"] is None
    finally:
        pool.close()


def test_a_body_past_the_cap_is_refused_while_it_streams() -> None:
    pulled = 0

    async def endless() -> AsyncIterator[bytes]:
        nonlocal pulled
        while True:
            pulled += 1
            yield b"x" * 1000

    err = _refusal_of(read_body(endless(), 10_000))
    assert err.status == 413 and "10000 bytes" in err.reason
    assert pulled == 11

    async def short() -> AsyncIterator[bytes]:
        for piece in (b"ab", b"", b"cd"):
            yield piece

    assert run(read_body(short(), 4)) == b"abcd"
    pool = UploadPool(UploadLimits(body_bytes=100, seconds=600))
    try:
        assert _refusal(pool, b"x" * 101).status == 413
        assert pool.pids == []  # refused before any worker starts
    finally:
        pool.close()


def _refusal_of(coro: Coroutine[Any, Any, Any]) -> UploadRefused:
    with pytest.raises(UploadRefused) as caught:
        run(coro)
    return caught.value


def test_too_many_events_and_too_long_names_are_refused_before_the_replay() -> None:
    events = _game(1)
    pool = UploadPool(UploadLimits(events=len(events) - 1, name_chars=8, seconds=600))
    try:
        err = _refusal(pool, _mjai(events))
        assert err.status == 422 and f"holds {len(events)} events" in err.reason, err
        named = _game(2, True, ("a" * 9, "b", "c", "d"))
        err = _refusal(pool, _mjai(named[:100]))
        assert err.status == 422 and "longer than 8 characters" in err.reason, err
        assert run(pool.replay(_mjai(events[:100])))["error"] is None
        # far past the cap: refused on its lines, before parsing
        lines = _mjai(events).splitlines(keepends=True)
        flood = lines[0] + b"".join(lines[2:12]) * 1_000
        err = _refusal(pool, flood)
        assert err.status == 422 and "10001 lines or elements" in err.reason, err
    finally:
        pool.close()


def test_a_long_attribute_is_refused_before_parsing() -> None:
    xml = (
        b'<mjloggm ver="2.3"><GO type="169" lobby="0"/><UN n0="NAME" n1="B" n2="C" n3="D" '
        b'dan="0,0,0,0" rate="1500,1500,1500,1500" sx="M,M,M,M"/><TAIKYOKU oya="0"/>'
        b'<INIT seed="0,0,0,1,1,52" ten="250,250,250,250" oya="0" '
        b'hai0="0,1,2,3,4,5,6,7,8,9,10,11,12" hai1="36,37,38,39,40,41,42,43,44,45,46,47,48" '
        b'hai2="72,73,74,75,76,77,78,79,80,81,82,83,84" '
        b'hai3="108,109,110,111,112,113,114,115,116,117,118,119,120"/>'
        b'<T124/><D124/><RYUUKYOKU type="yao9" ba="0,0" sc="250,0,250,0,250,0,250,0"/>'
        b"</mjloggm>"
    )
    pool = UploadPool(SLACK)
    try:
        assert run(pool.replay(xml))["names"][0] == "NAME"
        err = _refusal(pool, gzip.compress(xml.replace(b"NAME", b"%41" * (5 << 20))))
        assert err.status == 422 and "attribute" in err.reason, err
        err = _refusal(pool, xml.replace(b"NAME", b"%41" * 100))
        assert err.status == 422 and "longer than 64 characters" in err.reason, err
    finally:
        pool.close()


def test_an_answer_past_its_cap_is_refused() -> None:
    pool = UploadPool(UploadLimits(answer_bytes=100_000, seconds=600))
    try:
        err = _refusal(pool, _mjai(_game(2, True)))
        assert err.status == 422 and "100000 bytes of JSON" in err.reason, err
    finally:
        pool.close()


def test_a_record_past_the_time_cap_has_its_worker_killed_and_the_pool_goes_on() -> None:
    pool = UploadPool(UploadLimits(seconds=2.0), work=stall_on_request)
    try:
        err = _refusal(pool, b"stall")
        assert err.status == 504 and "more than 2 s" in err.reason, err
        assert pool.pids == []
        small = _mjai(_game(2, True)[:200])
        assert run(pool.replay(small))["error"] is None
        (first,) = pool.pids
        err = _refusal(pool, b"stall")
        assert err.status == 504
        assert _gone(first), "the stalled worker still runs"
        assert run(pool.replay(small))["error"] is None
        assert pool.pids and pool.pids[0] != first
    finally:
        pool.close()
    # a real record with a time cap no machine meets
    pool = UploadPool(UploadLimits(seconds=0.01))
    try:
        err = _refusal(pool, _mjai(_game(1)))
        assert err.status == 504, err
    finally:
        pool.close()
    if LINUX:
        assert _workers_left() == []


def test_garbage_is_refused_as_unreadable() -> None:
    record = gzip.compress(_mjai(_game(2, True)))
    junk = [
        b"",
        b"  \n",
        b"\xff\xfe",
        b"{}",
        b"[]",
        b'{"type": 3}',
        b"<nope",
        b"\x1f\x8b garbage",
        record[: len(record) // 2],  # a gzip cut short
        gzip.compress(record),  # a gzip inside a gzip
        record + b"trailing",
        b"[" * 100_000,  # nested too deep
    ]
    pool = UploadPool(SLACK)
    try:
        for body in junk:
            err = _refusal(pool, body)
            assert err.status == 400, (body[:20], err)
            assert "\n" not in err.reason and len(err.reason) <= 300
        assert len(pool.pids) == 1  # refusals do not cost a worker
    finally:
        pool.close()


def test_one_upload_more_than_the_pool_takes_is_refused_as_busy() -> None:
    async def both() -> tuple[bytes, UploadRefused]:
        first = asyncio.create_task(pool.replay_bytes(_mjai(_game(2, True))))
        await asyncio.sleep(0)  # the first has taken the only worker
        with pytest.raises(UploadRefused) as caught:
            await pool.replay_bytes(b"{}")
        return await first, caught.value

    pool = UploadPool(UploadLimits(uploads=1, seconds=600))
    try:
        answer, err = run(both())
        assert err.status == 503 and "busy" in err.reason
        assert json.loads(answer)["error"] is None
    finally:
        pool.close()


def test_the_pool_starts_on_demand_and_close_stops_it() -> None:
    pool = UploadPool(UploadLimits(uploads=2, seconds=600))
    assert pool.pids == []
    run(pool.replay(_mjai(_game(2, True)[:50])))
    (pid,) = pool.pids
    if LINUX:  # the worker's address space is capped
        limits = Path(f"/proc/{pid}/limits").read_text().splitlines()
        (space,) = [line for line in limits if line.startswith("Max address space")]
        assert space.split()[3] == str(UploadLimits().memory_bytes)
    pool.close()
    assert pool.pids == [] and _gone(pid)
    err = _refusal(pool, _mjai(_game(2, True)[:50]))
    assert err.status == 503
    pool.close()  # twice is fine


def test_closing_the_pool_answers_the_upload_in_flight() -> None:
    async def closing() -> UploadRefused:
        task = asyncio.create_task(pool.replay_bytes(b"stall"))
        while not pool.pids:
            await asyncio.sleep(0.01)
        await asyncio.sleep(0.1)
        pool.close()
        with pytest.raises(UploadRefused) as caught:
            await task
        return caught.value

    pool = UploadPool(SLACK, work=stall_on_request)
    err = run(closing())
    assert err.status == 503 and "shutting down" in err.reason


def _workers_left(within: float = 10.0) -> list[int]:
    """This process's worker children still running after ``within`` seconds."""
    end = time.monotonic() + within
    while True:
        left = []
        for stat in Path("/proc").glob("[0-9]*/stat"):
            try:
                fields = stat.read_text().rsplit(")", 1)[1].split()
                cmdline = (stat.parent / "cmdline").read_bytes()
            except (OSError, IndexError):
                continue
            if int(fields[1]) == os.getpid() and b"spawn_main" in cmdline:
                left.append(int(stat.parent.name))
        if not left or time.monotonic() > end:
            return left
        time.sleep(0.05)


@pytest.mark.skipif(not LINUX, reason="reads /proc")
def test_closing_while_a_worker_starts_leaves_no_process() -> None:
    async def closing() -> UploadRefused:
        task = asyncio.create_task(pool.replay_bytes(_mjai(_game(2, True))))
        await asyncio.sleep(0)  # the worker is starting
        assert pool.pids == []
        pool.close()
        with pytest.raises(UploadRefused) as caught:
            await task
        return caught.value

    pool = UploadPool(SLACK)
    err = run(closing())
    assert err.status == 503 and "shutting down" in err.reason
    assert _workers_left() == []


def wait_for_the_server(body: bytes, limits: UploadLimits) -> bytes:
    """A worker's function for the tests: waits for the file named by ``body`` (which the
    server's event loop writes) before reading a record, and answers with its pid."""
    marker = Path(body.decode())
    deadline = time.monotonic() + 120
    while not marker.exists():
        if time.monotonic() > deadline:
            raise TimeoutError("the server's loop never ran while the record was read")
        time.sleep(0.01)
    return gzip.compress(json.dumps({"pid": os.getpid()}).encode())


def test_the_event_loop_keeps_running_while_a_record_is_read(tmp_path: Path) -> None:
    """The worker cannot finish until the server's loop has run meanwhile: a loop held by
    the upload would never write the file the worker waits for (the worker's time cap
    ends such a wait with a 504 instead of a hang)."""
    marker = tmp_path / "the loop ran"

    async def upload() -> tuple[dict[str, Any], bool]:
        reading = asyncio.create_task(pool.replay(str(marker).encode()))
        await asyncio.sleep(0)  # the upload is on its way: the loop goes on meanwhile
        while not reading.done() and not pool.pids:
            await asyncio.sleep(0.01)
        ran_meanwhile = not reading.done()
        marker.write_text("")
        return await reading, ran_meanwhile

    pool = UploadPool(SLACK, work=wait_for_the_server)
    try:
        answer, ran_meanwhile = run(upload())
    finally:
        pool.close()
    assert ran_meanwhile
    assert answer["pid"] != os.getpid()  # read in another process: neither loop nor GIL held


def test_limits_are_checked() -> None:
    with pytest.raises(ValueError):
        UploadLimits(events=0)
    with pytest.raises(ValueError):
        UploadLimits(uploads=True)
    with pytest.raises(ValueError):
        UploadLimits(uploads=2.5)  # type: ignore[arg-type]
    assert UploadLimits(memory_bytes=None).memory_bytes is None
    assert UploadLimits(seconds=1).seconds == 1
