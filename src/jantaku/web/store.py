"""The table's part of the embedded store: matches, seat tokens, decisions, events, settings.

Component ``"web"``, tables prefixed ``web_`` in the one SQLite file
(:mod:`jantaku.store`). A match is stored as its setup (rules, seed, who sits where,
the table's settings), every decision the seats made (``web_decisions``: one row per
:meth:`~jantaku.engine.Referee.submit`, the choices as mjai objects) and every event
that followed (``web_events``). The decisions alone rebuild the match: a fresh
:class:`~jantaku.engine.Referee` with the same seed, fed the same choices, reaches
the same state, so a match resumes after a restart at the decision it was waiting for.

Every write is one transaction, committed before the call returns. The file uses
write-ahead logging with ``synchronous = NORMAL``: a committed transaction is in the
log file when the commit returns, so it survives the server's process being killed
(``kill -9``) at any moment; only a power cut or an operating system crash may lose the
last transactions (``FULL`` would cost an fsync a decision to cover those too).

>>> store = WebStore(":memory:")
>>> m = store.create_match(preset="tenhou", players=4, length="east_south", seed=5,
...     seats=("human", "efficiency", "efficiency", "efficiency"),
...     names=("you", "bot1", "bot2", "bot3"), settings={"timer": 0})
>>> store.match(m.id).seed, store.match(m.id).status, len(m.tokens)
(5, 'playing', 1)
>>> store.seat_of_token(m.id, m.tokens[0]), store.seat_of_token(m.id, m.spectator)
(0, -1)
"""

from __future__ import annotations

import json
import os
import secrets
import sqlite3
import threading
import time
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any, Final

from jantaku.events import Action, Event, Pass, action_from_mjai, event_from_mjai, event_to_mjai
from jantaku.store import connect, migrate

__all__ = ["MIGRATIONS", "MatchRecord", "WebStore"]

MIGRATIONS: Final = (
    """
    CREATE TABLE web_matches (
        id TEXT PRIMARY KEY,
        created REAL NOT NULL,
        preset TEXT NOT NULL,
        players INTEGER NOT NULL,
        length TEXT NOT NULL,
        seed INTEGER NOT NULL,
        seats TEXT NOT NULL,
        names TEXT NOT NULL,
        settings TEXT NOT NULL,
        status TEXT NOT NULL,
        final TEXT,
        finished REAL
    );
    CREATE TABLE web_tokens (
        token TEXT PRIMARY KEY,
        match_id TEXT NOT NULL REFERENCES web_matches(id) ON DELETE CASCADE,
        seat INTEGER NOT NULL
    );
    CREATE TABLE web_decisions (
        match_id TEXT NOT NULL REFERENCES web_matches(id) ON DELETE CASCADE,
        n INTEGER NOT NULL,
        choices TEXT NOT NULL,
        PRIMARY KEY (match_id, n)
    );
    CREATE TABLE web_events (
        match_id TEXT NOT NULL REFERENCES web_matches(id) ON DELETE CASCADE,
        n INTEGER NOT NULL,
        event TEXT NOT NULL,
        PRIMARY KEY (match_id, n)
    );
    CREATE TABLE web_settings (key TEXT PRIMARY KEY, value TEXT NOT NULL)
    """,
)
"""The ``web`` component's schema, one script per version."""


@dataclass(frozen=True, slots=True)
class MatchRecord:
    """A stored match's setup and state: ``seats`` holds ``"human"`` or a bot's name per
    seat, ``tokens`` the seat token of each human seat (in seat order), ``final`` the
    end: ``{"scores", "result", "placements"}`` once the match is over, ``spectator``
    the token that watches the match without seeing a concealed tile (``None`` for a
    match stored before there were spectators)."""

    id: str
    created: float
    preset: str
    players: int
    length: str
    seed: int
    seats: tuple[str, ...]
    names: tuple[str, ...]
    settings: Mapping[str, Any]
    status: str
    tokens: tuple[str, ...]
    token_seats: tuple[int, ...]
    final: Mapping[str, Any] | None = None
    finished: float | None = None
    spectator: str | None = None


SPECTATOR: Final = -1
"""The seat of a spectator's token: a spectator watches every seat and sees no concealed tile."""


def _dumps(obj: Any) -> str:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":"))


class WebStore:
    """The web table's tables in the store at ``path`` (``None``: the default file).

    An existing empty file is refused unless ``allow_empty`` (see
    :func:`jantaku.store.connect`).
    """

    def __init__(
        self, path: str | os.PathLike[str] | None = None, *, allow_empty: bool = False
    ) -> None:
        self.conn: sqlite3.Connection = connect(path, allow_empty=allow_empty)
        self.conn.execute("PRAGMA synchronous = NORMAL")
        migrate(self.conn, "web", MIGRATIONS)
        self._lock = threading.Lock()

    def close(self) -> None:
        """Close the connection."""
        self.conn.close()

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        """One write transaction under the lock: committed at the end, rolled back on an
        error (so that a failed write leaves no transaction open behind it)."""
        with self._lock:
            self.conn.execute("BEGIN IMMEDIATE")
            try:
                yield self.conn
                self.conn.execute("COMMIT")
            except BaseException:
                if self.conn.in_transaction:
                    self.conn.execute("ROLLBACK")
                raise

    # --- matches ---------------------------------------------------------------------

    def create_match(
        self,
        *,
        preset: str,
        players: int,
        length: str,
        seed: int,
        seats: Sequence[str],
        names: Sequence[str],
        settings: Mapping[str, Any],
    ) -> MatchRecord:
        """Store a new match and make a seat token for each human seat."""
        match_id = secrets.token_hex(6)
        human = [s for s, kind in enumerate(seats) if kind == "human"]
        tokens = [secrets.token_urlsafe(12) for _ in human]
        watch = secrets.token_urlsafe(12)
        with self._transaction():
            self.conn.execute(
                "INSERT INTO web_matches (id, created, preset, players, length, seed, seats,"
                " names, settings, status) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'playing')",
                (
                    match_id,
                    time.time(),
                    preset,
                    players,
                    length,
                    seed,
                    _dumps(list(seats)),
                    _dumps(list(names)),
                    _dumps(dict(settings)),
                ),
            )
            self.conn.executemany(
                "INSERT INTO web_tokens (token, match_id, seat) VALUES (?, ?, ?)",
                [(t, match_id, s) for t, s in zip(tokens, human, strict=True)]
                + [(watch, match_id, SPECTATOR)],
            )
        record = self.match(match_id)
        assert record is not None  # just written
        return record

    def _record(self, row: sqlite3.Row) -> MatchRecord:
        tokens = self.conn.execute(
            "SELECT token, seat FROM web_tokens WHERE match_id = ? ORDER BY seat", (row["id"],)
        ).fetchall()
        watch = next((t["token"] for t in tokens if t["seat"] == SPECTATOR), None)
        tokens = [t for t in tokens if t["seat"] != SPECTATOR]
        return MatchRecord(
            id=row["id"],
            created=row["created"],
            preset=row["preset"],
            players=row["players"],
            length=row["length"],
            seed=row["seed"],
            seats=tuple(json.loads(row["seats"])),
            names=tuple(json.loads(row["names"])),
            settings=json.loads(row["settings"]),
            status=row["status"],
            tokens=tuple(t["token"] for t in tokens),
            token_seats=tuple(t["seat"] for t in tokens),
            final=json.loads(row["final"]) if row["final"] else None,
            finished=row["finished"],
            spectator=watch,
        )

    def match(self, match_id: str) -> MatchRecord | None:
        """The stored match, or ``None``."""
        with self._lock:
            row = self.conn.execute(
                "SELECT * FROM web_matches WHERE id = ?", (match_id,)
            ).fetchone()
            return None if row is None else self._record(row)

    def matches(self, limit: int = 100) -> list[MatchRecord]:
        """The latest matches, newest first."""
        with self._lock:
            rows = self.conn.execute(
                "SELECT * FROM web_matches ORDER BY created DESC LIMIT ?", (limit,)
            ).fetchall()
            return [self._record(r) for r in rows]

    def seat_of_token(self, match_id: str, token: str) -> int | None:
        """The seat a token opens at this match (:data:`SPECTATOR` for the match's
        spectator token), or ``None``."""
        with self._lock:
            row = self.conn.execute(
                "SELECT seat FROM web_tokens WHERE token = ? AND match_id = ?", (token, match_id)
            ).fetchone()
        return None if row is None else int(row["seat"])

    def finish(self, match_id: str, final: Mapping[str, Any], status: str = "done") -> None:
        """Mark a match over with its final standings (or ``status="failed"``)."""
        with self._lock:
            self.conn.execute(
                "UPDATE web_matches SET status = ?, final = ?, finished = ? WHERE id = ?",
                (status, _dumps(dict(final)), time.time(), match_id),
            )

    def set_match_setting(self, match_id: str, key: str, value: Any) -> None:
        """Keep one setting of a match (a seat's toggles) with it."""
        with self._transaction():
            row = self.conn.execute(
                "SELECT settings FROM web_matches WHERE id = ?", (match_id,)
            ).fetchone()
            if row is not None:
                settings = json.loads(row["settings"])
                settings[key] = value
                self.conn.execute(
                    "UPDATE web_matches SET settings = ? WHERE id = ?", (_dumps(settings), match_id)
                )

    # --- decisions and events -----------------------------------------------------------

    def append(
        self,
        match_id: str,
        decisions: Iterable[tuple[int, Mapping[int, Action]]],
        events: Iterable[tuple[int, Event]],
    ) -> None:
        """Store decisions (numbered) and events (numbered) in one transaction, committed
        (durable against the process being killed) when this returns."""
        d_rows = [
            (
                match_id,
                n,
                _dumps(
                    {str(seat): event_to_mjai(a) for seat, a in ch.items() if type(a) is not Pass}
                ),
            )
            for n, ch in decisions
        ]
        e_rows = [(match_id, n, _dumps(event_to_mjai(e))) for n, e in events]
        if not d_rows and not e_rows:
            return
        with self._transaction():
            self.conn.executemany(
                "INSERT OR REPLACE INTO web_decisions (match_id, n, choices) VALUES (?, ?, ?)",
                d_rows,
            )
            self.conn.executemany(
                "INSERT OR REPLACE INTO web_events (match_id, n, event) VALUES (?, ?, ?)", e_rows
            )

    def decisions(self, match_id: str) -> list[dict[int, Action]]:
        """Every stored decision of a match, in order (passes left out: a left-out seat
        passes)."""
        with self._lock:
            rows = self.conn.execute(
                "SELECT choices FROM web_decisions WHERE match_id = ? ORDER BY n", (match_id,)
            ).fetchall()
        out: list[dict[int, Action]] = []
        for row in rows:
            raw = json.loads(row["choices"])
            out.append({int(seat): action_from_mjai(obj) for seat, obj in raw.items()})
        return out

    def count_events(self, match_id: str) -> int:
        """How many events of a match are stored."""
        with self._lock:
            row = self.conn.execute(
                "SELECT COUNT(*) FROM web_events WHERE match_id = ?", (match_id,)
            ).fetchone()
        return int(row[0])

    def events(self, match_id: str) -> list[Event]:
        """Every stored event of a match, in order."""
        with self._lock:
            rows = self.conn.execute(
                "SELECT event FROM web_events WHERE match_id = ? ORDER BY n", (match_id,)
            ).fetchall()
        return [event_from_mjai(json.loads(r["event"])) for r in rows]

    # --- settings ---------------------------------------------------------------------

    def setting(self, key: str, default: Any = None) -> Any:
        """A stored setting (JSON value), or ``default``."""
        with self._lock:
            row = self.conn.execute(
                "SELECT value FROM web_settings WHERE key = ?", (key,)
            ).fetchone()
        return default if row is None else json.loads(row["value"])

    def set_setting(self, key: str, value: Any) -> None:
        """Store a setting (any JSON value)."""
        with self._lock:
            self.conn.execute(
                "INSERT INTO web_settings (key, value) VALUES (?, ?)"
                " ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                (key, _dumps(value)),
            )
