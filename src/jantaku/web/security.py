"""What keeps the table's server safe to leave running while its person browses the web.

A server on ``127.0.0.1`` is reachable by every page the person opens: a page may send
"simple" cross-site requests (a form, a ``text/plain`` POST) without asking, open a
websocket to any address (browsers apply no CORS to websockets), and with DNS rebinding
make its own name point at the loopback. This module closes those doors and bounds the
work any one client can cause:

- :class:`Guard`, an ASGI middleware: a state-changing request (``POST``, ``PUT``,
  ``PATCH``, ``DELETE``) is taken only from the page's own origin (``Origin`` and
  ``Sec-Fetch-Site``) and only with the content type a browser cannot send cross-site
  without asking (``application/json``, or ``application/octet-stream`` for a record);
  a websocket handshake from a foreign ``Origin`` is refused; request bodies are bounded
  in size and in time; every response carries a content security policy with no inline
  script, ``nosniff``, ``Referrer-Policy: no-referrer`` and ``frame-ancestors 'none'``.
  The ``Host`` header is checked before it by Starlette's ``TrustedHostMiddleware``
  (:func:`allowed_hosts` lists the names).
- :class:`TokenBucket` and :class:`RateLimiter`: a rate with a burst, per socket and per
  client address (matches created, messages sent).
- :class:`ServerLimits`: every bound in one frozen value, with the defaults a person at
  a table never meets.

>>> guard_hosts = allowed_hosts("0.0.0.0", "http://mahjong.example:8000/")
>>> [h for h in guard_hosts if not h.startswith(("127.", "::", "[", "local"))]
['mahjong.example']
>>> same_origin("http://127.0.0.1:8000", "127.0.0.1:8000")
True
>>> same_origin("http://evil.test", "127.0.0.1:8000")
False
"""

from __future__ import annotations

import asyncio
import time
from collections import OrderedDict
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Final
from urllib.parse import urlsplit

from starlette.datastructures import Headers, MutableHeaders
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

__all__ = [
    "CONTENT_SECURITY_POLICY",
    "LOOPBACK_HOSTS",
    "SECURITY_HEADERS",
    "Guard",
    "RateLimiter",
    "ServerLimits",
    "TokenBucket",
    "allowed_hosts",
    "same_origin",
]

LOOPBACK_HOSTS: Final = ("127.0.0.1", "localhost", "::1", "[::1]")
"""The names this machine answers to on the loopback."""

CONTENT_SECURITY_POLICY: Final = (
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; "
    "connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; "
    "form-action 'self'; frame-ancestors 'none'"
)
"""The page's content security policy: its own files only, no inline script, no frames."""

SECURITY_HEADERS: Final = (
    ("content-security-policy", CONTENT_SECURITY_POLICY),
    ("x-content-type-options", "nosniff"),
    ("referrer-policy", "no-referrer"),
    ("x-frame-options", "DENY"),
    ("cross-origin-opener-policy", "same-origin"),
    ("cross-origin-resource-policy", "same-origin"),
)
"""The headers every response carries."""

_UNSAFE_METHODS: Final = frozenset({"POST", "PUT", "PATCH", "DELETE"})
_BODY_TYPES: Final = frozenset({"application/json", "application/octet-stream"})


@dataclass(frozen=True, slots=True)
class ServerLimits:
    """The bounds of the server, each far above what a person at a table needs.

    ``body_bytes`` bounds a JSON request's body, ``upload_bytes`` an uploaded record's
    (compressed) body; ``body_seconds`` is the longest wait for the next part of a
    body and ``head_seconds`` for a new connection's first request. A socket may send
    ``messages_per_second`` messages on average with bursts of ``message_burst``; an
    address may create ``matches_per_minute`` matches (bursts of ``match_burst``) and
    hold ``sockets_per_address`` websockets and ``connections_per_address`` connections
    in all; a seat takes ``sockets_per_seat`` connections. A live table with no person
    connected stops after ``idle_seconds``.
    """

    body_bytes: int = 64 * 1024
    upload_bytes: int = 4 * 1024 * 1024
    body_seconds: float = 10.0
    head_seconds: float = 10.0
    ws_message_bytes: int = 16 * 1024
    messages_per_second: float = 20.0
    message_burst: int = 60
    matches_per_minute: float = 20.0
    match_burst: int = 20
    sockets_per_address: int = 64
    sockets_per_seat: int = 4
    connections_per_address: int = 256
    idle_seconds: float = 120.0


class TokenBucket:
    """A rate ``rate`` a second with bursts of ``burst``: :meth:`take` says whether one
    more is allowed now.

    >>> clock = iter([0.0, 0.0, 0.0, 0.0, 0.5]).__next__
    >>> bucket = TokenBucket(rate=2.0, burst=2, clock=clock)
    >>> [bucket.take(), bucket.take(), bucket.take()]
    [True, True, False]
    >>> bucket.take()  # half a second later: one more
    True
    """

    __slots__ = ("_clock", "_last", "_tokens", "burst", "rate")

    def __init__(
        self, rate: float, burst: int, *, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.rate = rate
        self.burst = burst
        self._clock = clock
        self._tokens = float(burst)
        self._last = clock()

    def take(self) -> bool:
        """Take one token if there is one."""
        now = self._clock()
        self._tokens = min(float(self.burst), self._tokens + (now - self._last) * self.rate)
        self._last = now
        if self._tokens >= 1.0:
            self._tokens -= 1.0
            return True
        return False


class RateLimiter:
    """One :class:`TokenBucket` a key (a client address), the least recently used keys
    forgotten past ``keys``.

    >>> limiter = RateLimiter(rate=0.0, burst=1)
    >>> limiter.take("a"), limiter.take("a"), limiter.take("b")
    (True, False, True)
    """

    def __init__(self, rate: float, burst: int, *, keys: int = 4096) -> None:
        self.rate = rate
        self.burst = burst
        self.keys = keys
        self._buckets: OrderedDict[str, TokenBucket] = OrderedDict()

    def take(self, key: str) -> bool:
        """Take one token of ``key``'s bucket if there is one."""
        bucket = self._buckets.get(key)
        if bucket is None:
            bucket = self._buckets[key] = TokenBucket(self.rate, self.burst)
            while len(self._buckets) > self.keys:
                self._buckets.popitem(last=False)
        else:
            self._buckets.move_to_end(key)
        return bucket.take()


def allowed_hosts(host: str, public_url: str | None = None) -> list[str]:
    """The names the server answers to: the loopback's, the address it listens on
    (unless every address), and the host of the URL it is published under.

    >>> allowed_hosts("127.0.0.1")
    ['127.0.0.1', 'localhost', '::1', '[::1]']
    >>> allowed_hosts("192.168.1.5")[-1]
    '192.168.1.5'
    """
    names = list(LOOPBACK_HOSTS)
    if host not in ("0.0.0.0", "::", "") and host not in names:
        names.append(f"[{host}]" if ":" in host else host)
    if public_url:
        name = urlsplit(public_url).hostname
        if name and name not in names:
            names.append(name)
    return names


def same_origin(origin: str, host: str) -> bool:
    """Whether an ``Origin`` header names the server the request was sent to (``host``:
    the request's ``Host`` header).

    >>> same_origin("null", "127.0.0.1:8000")
    False
    >>> same_origin("http://127.0.0.1:8000", "localhost:8000")  # another name: another origin
    False
    """
    parts = urlsplit(origin)
    return parts.scheme in ("http", "https") and parts.netloc.lower() == host.lower()


def _refuse(status: int, code: str, message: str) -> JSONResponse:
    """A refusal as the app's errors are: the English ``message`` and its ``code``
    (one of :data:`jantaku.web.protocol.ERROR_CODES`)."""
    return JSONResponse({"error": message, "code": code}, status_code=status)


class _BodyRefused(Exception):
    def __init__(self, status: int, code: str, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.code = code


class Guard:
    """The middleware described in the module's notes; ``upload_paths`` are the paths
    that take a record (``application/octet-stream``, ``limits.upload_bytes``)."""

    def __init__(
        self, app: ASGIApp, limits: ServerLimits, *, upload_paths: Iterable[str] = ()
    ) -> None:
        self.app = app
        self.limits = limits
        self.upload_paths = frozenset(upload_paths)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            await self._websocket(scope, receive, send)
        elif scope["type"] == "http":
            await self._http(scope, receive, send)
        else:
            await self.app(scope, receive, send)

    async def _websocket(self, scope: Scope, receive: Receive, send: Send) -> None:
        headers = Headers(scope=scope)
        origin = headers.get("origin")
        if origin is not None and not same_origin(origin, headers.get("host", "")):
            # a foreign page's socket: refused before the handshake (an HTTP 403)
            await send({"type": "websocket.close", "code": 1008, "reason": "foreign origin"})
            return
        await self.app(scope, receive, send)

    async def _http(self, scope: Scope, receive: Receive, send: Send) -> None:
        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                out = MutableHeaders(scope=message)
                for name, value in SECURITY_HEADERS:
                    if name not in out:
                        out[name] = value
            await send(message)

        refusal = self._refusal(scope)
        if refusal is not None:
            await refusal(scope, receive, send_with_headers)
            return
        if scope["method"] not in _UNSAFE_METHODS:
            await self.app(scope, receive, send_with_headers)
            return
        upload = scope["path"] in self.upload_paths
        limit = self.limits.upload_bytes if upload else self.limits.body_bytes
        try:
            body = await self._read_body(receive, limit)
        except _BodyRefused as e:
            await _refuse(e.status, e.code, str(e))(scope, receive, send_with_headers)
            return
        if body is None:  # the client left
            return
        given = False

        async def replay() -> Message:
            nonlocal given
            if not given:
                given = True
                return {"type": "http.request", "body": body, "more_body": False}
            return await receive()

        await self.app(scope, replay, send_with_headers)

    async def _read_body(self, receive: Receive, limit: int) -> bytes | None:
        """The whole body, read before the app sees the request: at most ``limit`` bytes,
        each part within ``body_seconds``; ``None`` when the client disconnected."""
        parts: list[bytes] = []
        size = 0
        more = True
        while more:
            try:
                message = await asyncio.wait_for(receive(), self.limits.body_seconds)
            except TimeoutError:
                raise _BodyRefused(
                    408, "slow_body", "the request's body did not arrive in time"
                ) from None
            if message["type"] == "http.disconnect":
                return None
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > limit:
                raise _BodyRefused(
                    413, "too_large", f"a request's body holds at most {limit} bytes"
                )
            parts.append(chunk)
            more = bool(message.get("more_body", False))
        return b"".join(parts)

    def _refusal(self, scope: Scope) -> JSONResponse | None:
        """The answer refusing a request, or ``None`` for a request to serve."""
        if scope["method"] not in _UNSAFE_METHODS:
            return None
        headers = Headers(scope=scope)
        origin = headers.get("origin")
        if origin is not None and not same_origin(origin, headers.get("host", "")):
            return _refuse(403, "foreign_site", "a request from another site is refused")
        fetch_site = headers.get("sec-fetch-site")
        if fetch_site is not None and fetch_site not in ("same-origin", "none"):
            return _refuse(403, "foreign_site", f"a {fetch_site} request is refused")
        kind = headers.get("content-type", "").split(";")[0].strip().lower()
        if kind not in _BODY_TYPES:
            return _refuse(
                415,
                "content_type",
                "the body is application/json (a record: application/octet-stream)",
            )
        upload = scope["path"] in self.upload_paths
        limit = self.limits.upload_bytes if upload else self.limits.body_bytes
        length = headers.get("content-length")
        if length is not None and (not length.isdigit() or int(length) > limit):
            return _refuse(413, "too_large", f"a request's body holds at most {limit} bytes")
        return None
