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
from typing import Final

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


SQLITE_MAGIC: Final = b"SQLite format 3\x00"
"""The first 16 bytes of every SQLite database file."""


def _is_new(target: str | os.PathLike[str]) -> bool:
    """Whether ``target`` names no file yet (``:memory:`` counts as new)."""
    return str(target) == ":memory:" or not os.path.exists(target)


def _check_file(target: str | os.PathLike[str], *, allow_empty: bool) -> None:
    """Refuse an existing file that is empty (unless allowed) or is not an SQLite database."""
    try:
        with open(target, "rb") as f:
            head = f.read(len(SQLITE_MAGIC))
    except OSError as e:
        raise StoreError(f"cannot open the store {str(target)!r}: {e}") from e
    if not head:
        if allow_empty:
            return
        raise StoreError(
            f"the store {str(target)!r} is an empty file (0 bytes), perhaps a copy that "
            "failed: remove it to start a new store there, or restore it from a backup"
        )
    if head != SQLITE_MAGIC:
        raise StoreError(f"{str(target)!r} is not a jantaku store (not an SQLite database)")


_DAMAGE_CODES: Final = frozenset({sqlite3.SQLITE_CORRUPT, sqlite3.SQLITE_NOTADB})


def _damaged(e: sqlite3.Error) -> bool:
    """Whether an error says the file is damaged or not a database (not busy, not denied)."""
    code = getattr(e, "sqlite_errorcode", None)
    return code is not None and code & 0xFF in _DAMAGE_CODES


def _check_database(conn: sqlite3.Connection, target: str | os.PathLike[str]) -> None:
    """Refuse a damaged database, or one that holds another program's tables only."""
    try:
        problems = [str(r[0]) for r in conn.execute("PRAGMA quick_check").fetchall()]
        tables = {
            str(r[0]) for r in conn.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
        }
    except sqlite3.Error as e:
        if _damaged(e):
            raise StoreError(f"the store {str(target)!r} is damaged ({e})") from e
        raise StoreError(f"cannot open the store {str(target)!r}: {e}") from e
    if problems != ["ok"]:
        raise StoreError(
            f"the store {str(target)!r} is damaged ({problems[0]}"
            + (f", and {len(problems) - 1} more problems)" if len(problems) > 1 else ")")
        )
    if tables and "schema_versions" not in tables:
        raise StoreError(
            f"{str(target)!r} is not a jantaku store (an SQLite database of another program)"
        )


def connect(
    path: str | os.PathLike[str] | None = None, *, allow_empty: bool = False
) -> sqlite3.Connection:
    """Open (creating it and its folder if needed) the store at ``path`` or :func:`default_path`.

    Rows come back as :class:`sqlite3.Row`; foreign keys are enforced; a file store uses
    write-ahead logging so that readers do not wait for a writer. Raises
    :class:`StoreError` when the file cannot be opened, when an existing file is not a
    jantaku store or is damaged (it is checked with ``PRAGMA quick_check``), and when it
    is an empty file (0 bytes: a copy that failed looks like that) unless
    ``allow_empty`` says to start a new store in it. A path with no file yet is created.
    """
    target = default_path() if path is None else path
    new = _is_new(target)
    if not new:
        _check_file(target, allow_empty=allow_empty)
    try:
        if str(target) != ":memory:":
            Path(target).parent.mkdir(parents=True, exist_ok=True)
        conn = sqlite3.connect(target, check_same_thread=False, isolation_level=None)
    except (OSError, sqlite3.Error) as e:
        raise StoreError(f"cannot open the store {str(target)!r}: {e}") from e
    try:
        conn.row_factory = sqlite3.Row
        if not new:
            _check_database(conn, target)
        conn.execute("PRAGMA foreign_keys = ON")
        if str(target) != ":memory:":
            conn.execute("PRAGMA journal_mode = WAL")
        conn.execute("PRAGMA busy_timeout = 5000")
        conn.execute(
            "CREATE TABLE IF NOT EXISTS schema_versions"
            " (component TEXT PRIMARY KEY, version INTEGER NOT NULL)"
        )
    except StoreError:
        conn.close()
        raise
    except (OSError, sqlite3.Error) as e:
        conn.close()
        if isinstance(e, sqlite3.Error) and _damaged(e):
            raise StoreError(f"the store {str(target)!r} is damaged ({e})") from e
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
