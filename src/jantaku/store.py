"""The embedded store: one SQLite file that the table, the arena and the scorekeeper share.

Each part of jantaku that keeps data owns its tables and registers its schema under a
name (``"web"``, ``"arena"``, ``"keep"`` …) with a version number and the migrations
that bring an older file up to date; :func:`migrate` applies them in one transaction
and records the version in ``schema_versions``. Nothing to start by hand: the file and
its folder are created on first use.

>>> conn = connect(":memory:")
>>> migrate(conn, "demo", ["CREATE TABLE demo_notes (id INTEGER PRIMARY KEY, text TEXT)"])
1
>>> schema_version(conn, "demo")
1
>>> migrate(conn, "demo", ["CREATE TABLE demo_notes (id INTEGER PRIMARY KEY, text TEXT)",
...                        "ALTER TABLE demo_notes ADD COLUMN seat INTEGER"])
2
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Sequence
from pathlib import Path

from jantaku.errors import JantakuError

__all__ = ["StoreError", "connect", "default_path", "migrate", "schema_version"]


class StoreError(JantakuError, RuntimeError):
    """The store cannot be opened or is newer than this version of jantaku."""


def default_path() -> Path:
    """Where the store lives unless told otherwise: ``$JANTAKU_DB``, else the user's data folder.

    The data folder is ``$XDG_DATA_HOME/jantaku`` (``~/.local/share/jantaku`` when unset;
    ``%APPDATA%\\jantaku`` on Windows).

    >>> default_path().name
    'jantaku.sqlite3'
    """
    explicit = os.environ.get("JANTAKU_DB")
    if explicit:
        return Path(explicit)
    if os.name == "nt":  # pragma: no cover - not exercised on the CI's Linux
        base = Path(os.environ.get("APPDATA", Path.home() / "AppData" / "Roaming"))
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "jantaku" / "jantaku.sqlite3"


def connect(path: str | os.PathLike[str] | None = None) -> sqlite3.Connection:
    """Open (creating it and its folder if needed) the store at ``path`` or :func:`default_path`.

    Rows come back as :class:`sqlite3.Row`; foreign keys are enforced; a file store uses
    write-ahead logging so that readers do not wait for a writer. Raises
    :class:`StoreError` when the file cannot be opened.
    """
    target = default_path() if path is None else path
    try:
        if str(target) != ":memory:":
            Path(target).parent.mkdir(parents=True, exist_ok=True)
        conn = sqlite3.connect(target, check_same_thread=False, isolation_level=None)
        conn.row_factory = sqlite3.Row
        conn.execute("PRAGMA foreign_keys = ON")
        if str(target) != ":memory:":
            conn.execute("PRAGMA journal_mode = WAL")
        conn.execute("PRAGMA busy_timeout = 5000")
        conn.execute(
            "CREATE TABLE IF NOT EXISTS schema_versions"
            " (component TEXT PRIMARY KEY, version INTEGER NOT NULL)"
        )
    except (OSError, sqlite3.Error) as e:
        raise StoreError(f"cannot open the store {str(target)!r}: {e}") from e
    return conn


def schema_version(conn: sqlite3.Connection, component: str) -> int:
    """The schema version of ``component`` in this store (0 when it has none yet)."""
    row = conn.execute(
        "SELECT version FROM schema_versions WHERE component = ?", (component,)
    ).fetchone()
    return int(row[0]) if row is not None else 0


def migrate(conn: sqlite3.Connection, component: str, migrations: Sequence[str]) -> int:
    """Bring ``component``'s tables up to date; returns its version (``len(migrations)``).

    ``migrations[i]`` is the SQL script taking version ``i`` to ``i + 1``; the ones not yet
    applied run in one transaction. Raises :class:`StoreError` if the store was written by
    a newer jantaku (a higher version than ``migrations`` knows).
    """
    current = schema_version(conn, component)
    target = len(migrations)
    if current > target:
        raise StoreError(
            f"the store's {component!r} tables are version {current}, newer than this "
            f"jantaku knows ({target}): upgrade jantaku or use another --db"
        )
    if current == target:
        return current
    try:
        conn.execute("BEGIN IMMEDIATE")
        for script in migrations[current:]:
            for statement in script.split(";"):
                if statement.strip():
                    conn.execute(statement)
        conn.execute(
            "INSERT INTO schema_versions (component, version) VALUES (?, ?)"
            " ON CONFLICT(component) DO UPDATE SET version = excluded.version",
            (component, target),
        )
        conn.execute("COMMIT")
    except sqlite3.Error as e:
        conn.execute("ROLLBACK")
        raise StoreError(f"cannot update the store's {component!r} tables: {e}") from e
    return target
