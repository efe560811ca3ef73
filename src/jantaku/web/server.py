"""The table's server under uvicorn, with the connection bounds that an ASGI app cannot set.

:func:`server_config` gives uvicorn's configuration for :func:`~jantaku.web.create_app`:
websocket frames no larger than a message needs (``ws_max_size``) and no compression
(a compressed frame can inflate far past its size), idle keep-alive connections closed
after five seconds, and :class:`GuardedH11Protocol` for HTTP, which closes a connection
whose first request has not arrived within ``head_seconds`` (a slow client that opens
connections and sends a header line now and then holds nothing for long) and refuses a
client address holding more than ``connections_per_address`` connections.
"""

from __future__ import annotations

import asyncio
from typing import Any

import uvicorn
from uvicorn.protocols.http.h11_impl import H11Protocol

from jantaku.web.security import ServerLimits

__all__ = ["GuardedH11Protocol", "server_config"]


class GuardedH11Protocol(H11Protocol):
    """uvicorn's HTTP/1.1 protocol with a deadline for the first request and a cap on the
    connections of one client address (both from :class:`ServerLimits`)."""

    limits = ServerLimits()

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        address = self.client[0] if self.client else ""
        held = 0
        for connection in self.connections:
            client = getattr(connection, "client", None)
            if isinstance(client, tuple) and client and client[0] == address:
                held += 1
        if held > self.limits.connections_per_address:
            transport.close()
            return
        self._head_timer: asyncio.TimerHandle | None = self.loop.call_later(
            self.limits.head_seconds, self._head_timeout
        )

    def _head_timeout(self) -> None:
        """Close the connection if no request has arrived yet."""
        self._head_timer = None
        upgraded = self.transport.get_protocol() is not self  # now a websocket's
        if self.cycle is None and not upgraded and not self.transport.is_closing():
            self.transport.close()

    def connection_lost(self, exc: Exception | None) -> None:
        timer = getattr(self, "_head_timer", None)
        if timer is not None:
            timer.cancel()
        super().connection_lost(exc)


def server_config(
    app: Any, host: str, port: int, limits: ServerLimits | None = None, **options: Any
) -> uvicorn.Config:
    """uvicorn's configuration for the table's app on ``host:port`` within ``limits``
    (other uvicorn ``options`` passed on)."""
    limits = limits if limits is not None else ServerLimits()
    protocol = type("Guarded", (GuardedH11Protocol,), {"limits": limits})
    settings: dict[str, Any] = {
        "host": host,
        "port": port,
        "log_level": "warning",
        "http": protocol,
        "ws": "websockets-sansio",
        "ws_max_size": limits.ws_message_bytes,
        "ws_per_message_deflate": False,
        "ws_ping_interval": 20.0,
        "ws_ping_timeout": 20.0,
        "timeout_keep_alive": 5,
        "h11_max_incomplete_event_size": 16 * 1024,
    }
    settings.update(options)
    return uvicorn.Config(app, **settings)
