"""``jantaku serve``: the table in the browser, on this machine or the LAN.

::

    jantaku serve [--host 127.0.0.1] [--port 8000] [--db PATH] [--open]

Starts the web table (:mod:`jantaku.web`) under uvicorn with its store (one SQLite
file, by default under the user's data folder, see :func:`jantaku.store.default_path`),
prints the URL, and with ``--open`` opens it in a desktop browser when there is one.
External mjai bots (``mjai:COMMAND`` seats) are offered only on a loopback host,
since a seat's command runs on the server. Needs the ``web`` extra
(``pip install 'jantaku[web]'``).
"""

from __future__ import annotations

import argparse
import contextlib
import ipaddress
import sys
import threading
import webbrowser
from pathlib import Path

from jantaku.errors import JantakuError

__all__ = ["is_loopback", "register", "run"]


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
    p.set_defaults(func=run)


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
    except ImportError as e:
        raise JantakuError(
            f"the web table needs the web extra ({e.name} is missing): pip install 'jantaku[web]'"
        ) from None
    if not 0 < args.port < 65536:
        raise JantakuError(f"port {args.port}: choose 1-65535")
    app = create_app(args.db, allow_mjai=is_loopback(args.host))
    shown = "127.0.0.1" if args.host in ("0.0.0.0", "::") else args.host
    url = f"http://{shown}:{args.port}/"
    print(f"jantaku: the table is at {url}  (Ctrl-C stops the server)", flush=True)
    if args.open:
        threading.Timer(0.8, _open_browser, args=(url,)).start()
    config = uvicorn.Config(app, host=args.host, port=args.port, log_level="warning")
    server = uvicorn.Server(config)
    with contextlib.suppress(KeyboardInterrupt):  # Ctrl-C: a quiet stop
        server.run()
    return 0
