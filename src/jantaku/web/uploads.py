"""Uploaded records read within bounds, in worker processes beside the server.

A record posted to the replay viewer is untrusted: a small gzip can inflate to
gigabytes, and a legal-looking record can ask for minutes of replay. Here every
upload is bounded:

- :func:`read_body` reads a request body and refuses it as soon as it passes the body
  cap, without holding more than that;
- :class:`UploadPool` reads, replays and exports the record (:func:`replay_upload`) in
  a separate process, so neither the event loop nor the GIL waits for it. The gzip is
  inflated piece by piece and refused past the inflated-size cap; the number of events,
  the length of the names and of an mjlog's attributes are checked before the replay,
  the size of the answer after it, and a worker's memory is capped. A worker past the
  time cap is killed and replaced; at most ``limits.uploads`` records are read at once,
  and one more is refused as busy.

Every refusal is an :class:`UploadRefused`, an HTTP status with a one-line reason.

>>> import asyncio
>>> async def chunks():
...     yield b"<mjloggm"
...     yield b' ver="2.3">'
>>> asyncio.run(read_body(chunks(), 100))
b'<mjloggm ver="2.3">'
>>> asyncio.run(read_body(chunks(), 10))
Traceback (most recent call last):
...
jantaku.web.uploads.UploadRefused: 413: a record holds at most 10 bytes
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import signal
import sys
import zlib
from collections.abc import AsyncIterator, Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, fields
from multiprocessing import get_context
from typing import Any

from jantaku.errors import ArgumentError, JantakuError
from jantaku.events import StartGame
from jantaku.logs.tenhou import to_tenhou6
from jantaku.web.replay import read_record, replay_json

__all__ = ["UploadLimits", "UploadPool", "UploadRefused", "inflate", "read_body", "replay_upload"]

MiB = 1024 * 1024

_GZIP_MAGIC = b"\x1f\x8b"
_START_SECONDS = 60.0
"""How long a new worker may take to start (outside the time cap of the records)."""
_REASON_CHARS = 300
"""The longest reason given back (a parser's message may quote the record)."""


@dataclass(frozen=True, slots=True)
class UploadLimits:
    """The bounds on one uploaded record and on the uploads read at once.

    The defaults sit far above real records (a Tenhou record inflates to 20-200 KB and
    holds 1,000-2,500 events; an mjai log of a hanchan is at most about 2 MB; the
    viewer's answer for a hanchan is 5-9 MB of JSON) and far below harm.

    - ``body_bytes``: the request body (a gzip counts compressed);
    - ``inflated_bytes``: the record after gzip;
    - ``events``: the events of the record;
    - ``name_chars``: one player name (every frame of the answer repeats the names);
    - ``attribute_bytes``: one attribute of a Tenhou mjlog, before parsing (the longest
      real one, the wall's seed, has about 3,400 bytes; hands and scores under 200);
    - ``answer_bytes``: the viewer's JSON answer;
    - ``seconds``: the time a worker may spend on one record (the start of a new
      worker, about half a second, is not counted);
    - ``uploads``: the records read at once (one worker process each);
    - ``memory_bytes``: the address space of a worker process (``None``: no limit;
      applied where :mod:`resource` exists).

    >>> UploadLimits().body_bytes, UploadLimits().inflated_bytes, UploadLimits().events
    (4194304, 16777216, 10000)
    >>> UploadLimits(seconds=0)
    Traceback (most recent call last):
    ...
    jantaku.errors.ArgumentError: UploadLimits.seconds must be positive, not 0
    """

    body_bytes: int = 4 * MiB
    inflated_bytes: int = 16 * MiB
    events: int = 10_000
    name_chars: int = 64
    attribute_bytes: int = 16 * 1024
    answer_bytes: int = 32 * MiB
    seconds: float = 10.0
    uploads: int = 2
    memory_bytes: int | None = 1024 * MiB

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if value is None and f.name == "memory_bytes":
                continue
            kinds = (int, float) if f.name == "seconds" else (int,)
            if isinstance(value, bool) or not isinstance(value, kinds):
                kind = "a number" if f.name == "seconds" else "an int"
                raise ArgumentError(f"UploadLimits.{f.name} must be {kind}, not {value!r}")
            if not value > 0:
                raise ArgumentError(f"UploadLimits.{f.name} must be positive, not {value!r}")


class UploadRefused(JantakuError):
    """An upload refused: ``status`` is the HTTP status to answer, ``code`` the error's
    code (one of :data:`jantaku.web.protocol.ERROR_CODES`), ``reason`` one line.

    413: too large (the body, or the record once inflated); 400: not a record that can
    be read; 422: too much work (events, names, the answer's size, the memory of the
    worker); 503: busy, or the worker failed; 504: past the time cap.

    >>> import pickle
    >>> err = pickle.loads(pickle.dumps(UploadRefused(422, "too_many_events", "too many events")))
    >>> err.status, err.code, err.reason, str(err)
    (422, 'too_many_events', 'too many events', '422: too many events')
    """

    def __init__(self, status: int, code: str, reason: str) -> None:
        line = " ".join(reason.split())
        if len(line) > _REASON_CHARS:
            line = line[: _REASON_CHARS - 1] + "…"
        super().__init__(f"{status}: {line}")
        self.status = status
        self.code = code
        self.reason = line

    def __reduce__(self) -> tuple[type[UploadRefused], tuple[int, str, str]]:
        return (type(self), (self.status, self.code, self.reason))


async def read_body(request_stream: AsyncIterator[bytes], limit: int) -> bytes:
    """The whole body of a request, refused (413) as soon as it passes ``limit`` bytes.

    ``request_stream`` is Starlette's ``request.stream()`` or any async iterator of
    chunks; a refused body is not read further.
    """
    body = bytearray()
    async for chunk in request_stream:
        body += chunk
        if len(body) > limit:
            raise UploadRefused(413, "too_large", f"a record holds at most {limit} bytes")
    return bytes(body)


def inflate(data: bytes, limit: int) -> bytes:
    """A gzip stream (one or more members) inflated, refused (413) past ``limit`` bytes.

    Inflates piece by piece: a bomb costs at most ``limit`` bytes of memory, never its
    full size. Unreadable or cut gzip data is refused (400).

    >>> import gzip
    >>> inflate(gzip.compress(b"abc") + gzip.compress(b"def"), 10)
    b'abcdef'
    >>> inflate(gzip.compress(b"A" * 100), 10)
    Traceback (most recent call last):
    ...
    jantaku.web.uploads.UploadRefused: 413: the record inflates past 10 bytes
    """
    out = bytearray()
    pending = data
    inflater = zlib.decompressobj(wbits=31)
    try:
        while True:
            piece = inflater.decompress(pending, limit + 1 - len(out))
            out += piece
            if len(out) > limit:
                raise UploadRefused(413, "too_large", f"the record inflates past {limit} bytes")
            if inflater.eof:
                rest = inflater.unused_data
                if rest[:2] == _GZIP_MAGIC:
                    inflater = zlib.decompressobj(wbits=31)
                    pending = rest
                    continue
                if rest.strip(b"\0"):
                    raise UploadRefused(400, "bad_gzip", "data after the end of the gzip stream")
                return bytes(out)
            tail = inflater.unconsumed_tail
            if not piece and len(tail) == len(pending):
                raise UploadRefused(400, "bad_gzip", "the gzip data ends early")
            pending = tail
    except zlib.error as e:
        raise UploadRefused(400, "bad_gzip", f"not readable gzip data ({e})") from None


def replay_upload(body: bytes, limits: UploadLimits) -> bytes:
    """An uploaded record read, replayed and exported: the viewer's answer as gzip JSON.

    The answer is ``replay_json(...)`` with ``"tenhou6_json"`` (``None`` when the
    record cannot be exported), encoded as Starlette's ``JSONResponse`` encodes it,
    then gzip-compressed (a replay's JSON shrinks about 25 times, so little crosses
    between the processes). The caps of ``limits`` apply in order: the inflated size
    before parsing, the events and names before the replay, the answer's size after.
    This is what the workers of :class:`UploadPool` run; it runs anywhere.

    Raises :class:`UploadRefused`.
    """
    if body[:2] == _GZIP_MAGIC:
        raw = inflate(body, limits.inflated_bytes)
        if raw[:2] == _GZIP_MAGIC:
            raise UploadRefused(400, "bad_gzip", "a gzip inside a gzip is not read")
    elif len(body) > limits.inflated_bytes:
        raise UploadRefused(
            413, "too_large", f"a record holds at most {limits.inflated_bytes} bytes"
        )
    else:
        raw = body
    if not raw.strip():
        raise UploadRefused(400, "empty_record", "the record is empty")
    _screen(raw, limits)
    try:
        try:
            events, rules = read_record(raw, limit=limits.inflated_bytes)
        except JantakuError as e:
            raise UploadRefused(400, "unreadable", str(e)) from None
        del raw
        if len(events) > limits.events:
            raise UploadRefused(
                422,
                "too_many_events",
                f"the record holds {len(events)} events; at most {limits.events} are read",
            )
        for event in events:
            if isinstance(event, StartGame) and any(
                len(n) > limits.name_chars for n in event.names
            ):
                raise UploadRefused(
                    422, "long_name", f"a player name is longer than {limits.name_chars} characters"
                )
        data = replay_json(events, rules)
        try:
            data["tenhou6_json"] = to_tenhou6(events)
        except JantakuError:
            data["tenhou6_json"] = None
        del events
        text = json.dumps(
            data, ensure_ascii=False, allow_nan=False, indent=None, separators=(",", ":")
        ).encode("utf-8")
        del data
        if len(text) > limits.answer_bytes:
            raise UploadRefused(
                422,
                "too_big_replay",
                f"the replay of this record passes {limits.answer_bytes} bytes of JSON",
            )
        packer = zlib.compressobj(1, zlib.DEFLATED, 31)
        return packer.compress(text) + packer.flush()
    except UploadRefused:
        raise
    except MemoryError:
        raise UploadRefused(
            422, "too_big_replay", "the record needs more memory than a reader has"
        ) from None
    except RecursionError:
        raise UploadRefused(400, "unreadable", "the record nests too deep to read") from None
    except Exception as e:  # a record beyond reading: not the server's failure
        raise UploadRefused(
            400, "unreadable", f"cannot read this record ({type(e).__name__})"
        ) from None


def _screen(raw: bytes, limits: UploadLimits) -> None:
    """Refuse (422) a record far past the caps before it is parsed.

    An mjai log holds an event a line, a Tenhou mjlog about one an element: more than
    twice ``limits.events`` of them cannot be a record within the cap, and parsing
    them would cost seconds (16 MB of mjai lines take about 5 s). An mjlog attribute
    past ``limits.attribute_bytes`` is refused too (decoding 15 MB of ``%41`` in a
    name takes more than 1 GB).

    >>> def screen(raw, **caps):
    ...     try:
    ...         _screen(raw, UploadLimits(**caps))
    ...     except UploadRefused as e:
    ...         print(e.status, e.reason)
    >>> screen(b"<a/>" * 30, events=10)
    422 the record has 30 lines or elements; at most 10 events are read
    >>> screen(b'<UN n0="' + b"%41" * 10 + b'"/>', attribute_bytes=20)
    422 an attribute of this record is longer than 20 bytes
    """
    head = raw.lstrip()[:1]
    if head == b"<":
        marks = raw.count(b"<")
        if re.search(b'"[^"]{%d}' % (limits.attribute_bytes + 1), raw):
            raise UploadRefused(
                422,
                "long_attribute",
                f"an attribute of this record is longer than {limits.attribute_bytes} bytes",
            )
    elif head == b"{" and b'"type"' in raw[:200]:
        marks = raw.count(b"\n")
    else:
        return
    cap = limits.events
    if marks > 2 * cap:
        raise UploadRefused(
            422,
            "too_many_events",
            f"the record has {marks} lines or elements; at most {cap} events are read",
        )


def _start_worker(memory_bytes: int | None) -> None:
    """A worker's setup: Ctrl-C left to the server, a cap on its memory."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if memory_bytes is not None and sys.platform != "win32":
        import resource

        hard = resource.getrlimit(resource.RLIMIT_AS)[1]
        cap = memory_bytes if hard == resource.RLIM_INFINITY else min(memory_bytes, hard)
        with contextlib.suppress(ValueError, OSError):
            resource.setrlimit(resource.RLIMIT_AS, (cap, hard))


@dataclass(slots=True)
class _Worker:
    """One place in the pool: a one-process executor, started on first use."""

    executor: ProcessPoolExecutor | None = None
    pid: int | None = None


class UploadPool:
    """Reads uploaded records in worker processes, within :class:`UploadLimits`.

    No process starts before the first upload; there are then up to ``limits.uploads``
    workers (started with ``spawn``: the server runs threads, which a plain ``fork``
    would copy mid-flight), each reused from record to record. A record past
    ``limits.seconds`` has its worker killed, and the next upload starts a fresh one.
    :meth:`close` kills them all; a closed pool refuses uploads (503).

    ``work`` is the function a worker runs on a body (module-level, so that it pickles);
    by default :func:`replay_upload`.

    A pool belongs to one thread's event loops (its bookkeeping takes no lock). As with
    any ``spawn`` start, a worker imports the server's main module again: a server
    started from a script keeps its start under ``if __name__ == "__main__":``.

    A Starlette endpoint::

        body = await read_body(request.stream(), pool.limits.body_bytes)
        return Response(await pool.replay_bytes(body), media_type="application/json")
    """

    def __init__(
        self,
        limits: UploadLimits | None = None,
        *,
        work: Callable[[bytes, UploadLimits], bytes] = replay_upload,
    ) -> None:
        self.limits = limits if limits is not None else UploadLimits()
        self._work = work
        self._workers = [_Worker() for _ in range(self.limits.uploads)]
        self._idle = list(self._workers)
        self._closed = False

    @property
    def pids(self) -> list[int]:
        """The process ids of the workers started and not retired."""
        return [w.pid for w in self._workers if w.pid is not None]

    async def replay(self, body: bytes) -> dict[str, Any]:
        """The viewer's answer for a record: ``replay_json(...)`` and ``"tenhou6_json"``.

        Decoding the answer holds the event loop (a hanchan's answer is a dict of about
        40 MB, decoded in about 0.1 s): an endpoint that only sends it on should use
        :meth:`replay_bytes`. Raises :class:`UploadRefused`.
        """
        answer: dict[str, Any] = json.loads(await self.replay_bytes(body))
        return answer

    async def replay_bytes(self, body: bytes, *, compressed: bool = False) -> bytes:
        """The viewer's answer for a record as UTF-8 JSON, ready to send.

        ``compressed``: the answer as gzip instead (to send with ``Content-Encoding:
        gzip``, a tenth or less of the size). Raises :class:`UploadRefused`.
        """
        limits = self.limits
        if len(body) > limits.body_bytes:
            raise UploadRefused(
                413, "too_large", f"a record holds at most {limits.body_bytes} bytes"
            )
        if self._closed:
            raise UploadRefused(503, "shutting_down", "the server is shutting down")
        if not self._idle:
            raise UploadRefused(
                503,
                "readers_busy",
                f"busy: {limits.uploads} records are being read; try again shortly",
            )
        worker = self._idle.pop()
        try:
            executor = await self._ready(worker)
            future = executor.submit(self._work, body, limits)
            try:
                packed = await asyncio.wait_for(asyncio.wrap_future(future), limits.seconds)
            except TimeoutError:
                self._retire(worker)
                raise UploadRefused(
                    504, "too_slow", f"the record took more than {limits.seconds:g} s to read"
                ) from None
            except BrokenProcessPool:
                self._retire(worker)
                if self._closed:
                    raise UploadRefused(
                        503, "shutting_down", "the server is shutting down"
                    ) from None
                raise UploadRefused(
                    503, "reader_failed", "the record's reader stopped; try again"
                ) from None
            finally:
                if not future.done():  # cancelled while the worker runs: stop it
                    self._retire(worker)
        finally:
            if not self._closed:
                self._idle.append(worker)
        if compressed:
            return packed
        return await asyncio.to_thread(zlib.decompress, packed, 31)

    async def _ready(self, worker: _Worker) -> ProcessPoolExecutor:
        """The worker's executor, its process started and answering."""
        if worker.executor is not None:
            return worker.executor
        executor = ProcessPoolExecutor(
            max_workers=1,
            mp_context=get_context("spawn"),
            initializer=_start_worker,
            initargs=(self.limits.memory_bytes,),
        )
        worker.executor = executor
        started: Future[int] = executor.submit(os.getpid)
        try:
            worker.pid = await asyncio.wait_for(asyncio.wrap_future(started), _START_SECONDS)
        except (TimeoutError, BrokenProcessPool, OSError):
            self._retire(worker)
            if self._closed:
                raise UploadRefused(503, "shutting_down", "the server is shutting down") from None
            raise UploadRefused(
                503, "reader_failed", "cannot start a record reader; try again"
            ) from None
        finally:
            if worker.pid is None and worker.executor is executor:
                self._retire(worker)
        if self._closed:
            self._retire(worker)
            raise UploadRefused(503, "shutting_down", "the server is shutting down")
        return executor

    def _retire(self, worker: _Worker, *, wait: bool = False) -> None:
        """Kill a worker's process and drop its executor (the next use starts another)."""
        executor, pid = worker.executor, worker.pid
        worker.executor = worker.pid = None
        if pid is not None:
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.kill(pid, signal.SIGKILL if hasattr(signal, "SIGKILL") else signal.SIGTERM)
        if executor is not None:  # a task it still holds fails as BrokenProcessPool
            executor.shutdown(wait=wait and pid is not None)

    def close(self) -> None:
        """Kill every worker; uploads being read are answered 503, later ones too."""
        self._closed = True
        for worker in self._workers:
            self._retire(worker, wait=True)
        self._idle.clear()
