"""``jantaku serve``: the table in the browser, on this machine or the LAN.

::

    jantaku serve [--host 127.0.0.1] [--port 8000] [--db PATH] [--open]
                  [--mjai-bot NAME=COMMAND ...] [--public-url URL] [--allow-empty-db]

Starts the web table (:mod:`jantaku.web`) under uvicorn with its store (one SQLite
file, by default under the user's data folder, see :func:`jantaku.store.default_path`),
prints the URL, and with ``--open`` opens it in a desktop browser when there is one.
External mjai bots are the ones named here (``--mjai-bot mortal='python mortal.py'``,
repeatable): the lobby offers them by name, and no request can start any other
command. The server answers only to the loopback's names, the ``--host`` address and
the host of ``--public-url``. Needs the ``web`` extra (``pip install 'jantaku[web]'``).
"""

from __future__ import annotations

import argparse
import contextlib
import dataclasses
import ipaddress
import os
import socket
import sys
import threading
import webbrowser
from pathlib import Path
from typing import TYPE_CHECKING

from jantaku.errors import JantakuError

if TYPE_CHECKING:
    from jantaku.web.security import ServerLimits

__all__ = ["is_loopback", "mjai_bots", "register", "run", "server_limits"]


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``serve`` subcommand."""
    p = subparsers.add_parser(
        "serve",
        help="serve the table in the browser (play, learn, review)",
        description="Serve the mahjong table in the browser: a match against bots, the "
        "learning aids, past matches and a replay viewer.",
    )
    p.add_argument("--host", default="127.0.0.1", help="address to listen on (default 127.0.0.1)")
    p.add_argument("--port", type=int, default=8000, help="port (default 8000)")
    p.add_argument("--db", type=Path, default=None, metavar="PATH", help="the store file")
    p.add_argument("--open", action="store_true", help="open the table in a desktop browser")
    p.add_argument(
        "--mjai-bot",
        action="append",
        default=[],
        metavar="NAME=COMMAND",
        help="offer an external mjai bot by NAME, started with COMMAND (repeatable)",
    )
    p.add_argument(
        "--public-url",
        default=None,
        metavar="URL",
        help="the URL people reach the server at, when not this machine's address",
    )
    p.add_argument(
        "--limit",
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="change one of the server's bounds (jantaku.web.security.ServerLimits), "
        "e.g. --limit matches_per_minute=120 (repeatable)",
    )
    p.add_argument(
        "--allow-empty-db",
        action="store_true",
        help="take an existing empty file as a new store (refused otherwise)",
    )
    p.set_defaults(func=run)


def server_limits(limits: ServerLimits, specs: list[str]) -> ServerLimits:
    """``limits`` with the bounds that ``NAME=VALUE`` specs change.

    >>> from jantaku.web.security import ServerLimits
    >>> server_limits(ServerLimits(), ["matches_per_minute=120"]).matches_per_minute
    120.0
    >>> server_limits(ServerLimits(), ["speed=1"])
    Traceback (most recent call last):
    ...
    jantaku.errors.JantakuError: --limit 'speed=1': no such bound (body_bytes, upload_bytes, ...)
    """
    changes: dict[str, object] = {}
    known = [f.name for f in dataclasses.fields(limits)]
    for spec in specs:
        name, _, text = spec.partition("=")
        if name not in known:
            raise JantakuError(f"--limit {spec!r}: no such bound ({', '.join(known[:2])}, ...)")
        kind = type(getattr(limits, name))
        try:
            changes[name] = kind(text)
        except ValueError:
            raise JantakuError(f"--limit {spec!r}: {name} is a {kind.__name__}") from None
    return dataclasses.replace(limits, **changes)  # type: ignore[arg-type]


def mjai_bots(specs: list[str]) -> dict[str, str]:
    """The operator's external bots: ``NAME=COMMAND`` each.

    >>> mjai_bots(["mortal=python mortal.py --fast"])
    {'mortal': 'python mortal.py --fast'}
    >>> mjai_bots(["=x"])
    Traceback (most recent call last):
    ...
    jantaku.errors.JantakuError: --mjai-bot '=x': write NAME=COMMAND (NAME: letters, digits, - or _)
    """
    bots: dict[str, str] = {}
    for spec in specs:
        name, _, command = spec.partition("=")
        name = name.strip()
        ok = name and all(c.isascii() and (c.isalnum() or c in "-_") for c in name)
        if not ok or not command.strip():
            raise JantakuError(
                f"--mjai-bot {spec!r}: write NAME=COMMAND (NAME: letters, digits, - or _)"
            )
        if name in bots:
            raise JantakuError(f"--mjai-bot: {name!r} is named twice")
        bots[name] = command.strip()
    return bots


def is_loopback(host: str) -> bool:
    """Whether ``host`` is this machine only.

    >>> is_loopback("127.0.0.1"), is_loopback("localhost"), is_loopback("0.0.0.0")
    (True, True, False)
    """
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def _open_browser(url: str) -> None:
    try:
        webbrowser.get()
    except webbrowser.Error:
        print("no desktop browser found: open the URL above", file=sys.stderr)
        return
    try:
        webbrowser.open(url)
    except Exception as e:  # a browser that fails to start must not stop the server
        print(f"could not open a browser ({e}): open the URL above", file=sys.stderr)


def run(args: argparse.Namespace) -> int:
    """Serve until interrupted; returns 0."""
    try:
        import uvicorn

        from jantaku.web.app import create_app
        from jantaku.web.security import ServerLimits, allowed_hosts
        from jantaku.web.server import server_config
    except ImportError as e:
        raise JantakuError(
            f"the web table needs the web extra ({e.name} is missing): pip install 'jantaku[web]'"
        ) from None
    if not 0 < args.port < 65536:
        raise JantakuError(f"port {args.port}: choose 1-65535")
    limits = server_limits(ServerLimits(), args.limit)
    app = create_app(
        args.db,
        limits=limits,
        mjai_bots=mjai_bots(args.mjai_bot),
        hosts=allowed_hosts(args.host, args.public_url),
        allow_empty_db=args.allow_empty_db,
    )
    try:  # the port is taken before the URL is printed: a busy one is one line, no URL
        family = socket.AF_INET6 if ":" in args.host else socket.AF_INET
        listening = socket.create_server((args.host, args.port), family=family)
    except OSError as e:
        raise JantakuError(
            f"cannot listen on {args.host}:{args.port}: "
            f"{os.strerror(e.errno) if e.errno else e} "
            "(another server there? choose another --port)"
        ) from None
    shown = "127.0.0.1" if args.host in ("0.0.0.0", "::") else args.host
    url = args.public_url or f"http://{shown}:{args.port}/"
    print(f"jantaku: the table is at {url}  (Ctrl-C stops the server)", flush=True)
    if args.open:
        threading.Timer(0.8, _open_browser, args=(url,)).start()
    server = uvicorn.Server(server_config(app, args.host, args.port, limits))
    with contextlib.suppress(KeyboardInterrupt):  # Ctrl-C: a quiet stop
        server.run(sockets=[listening])
    return 0
