"""The learn store: each answer, the Leitner boxes of mistakes, and discard positions.

Component ``"learn"``, tables prefixed ``learn_`` in the one SQLite file
(:mod:`jantaku.store`), beside the table's and the scorekeeper's. A wrong answer puts
its question in box 1; a right answer in a box moves it up a box, and out of the boxes
after box 5. Box 1 comes back as soon as one other question has been answered; the
others after 1, 3, 7 and 14 days (:data:`INTERVALS`).

>>> s = LearnStore(":memory:")
>>> s.record("waits/simple/1", {"waits": ["1m"]}, correct=False, now=0.0)
>>> s.due("waits", now=0.0, exclude=()), s.box("waits/simple/1")
(['waits/simple/1'], 1)
"""

from __future__ import annotations

import json
import os
import sqlite3
import threading
import time
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Final

from jantaku.learn.common import parse_id
from jantaku.store import connect, migrate

__all__ = ["INTERVALS", "MIGRATIONS", "LearnStore"]

MIGRATIONS: Final = (
    """
    CREATE TABLE learn_answers (
        id INTEGER PRIMARY KEY,
        at REAL NOT NULL,
        qid TEXT NOT NULL,
        kind TEXT NOT NULL,
        level TEXT NOT NULL,
        correct INTEGER NOT NULL,
        answer TEXT NOT NULL
    );
    CREATE INDEX learn_answers_kind ON learn_answers (kind, level, at);
    CREATE TABLE learn_boxes (
        qid TEXT PRIMARY KEY,
        kind TEXT NOT NULL,
        level TEXT NOT NULL,
        box INTEGER NOT NULL,
        due REAL NOT NULL
    );
    CREATE TABLE learn_positions (
        id INTEGER PRIMARY KEY,
        source TEXT NOT NULL,
        key TEXT NOT NULL UNIQUE,
        shanten INTEGER NOT NULL,
        turn INTEGER NOT NULL,
        threats INTEGER NOT NULL,
        agree INTEGER NOT NULL,
        data TEXT NOT NULL
    );
    CREATE TABLE learn_imported (match_id TEXT PRIMARY KEY)
    """,
)
"""The ``learn`` component's schema, one script per version."""

DAY: Final = 86400.0
INTERVALS: Final = (0.0, 0.0, 1 * DAY, 3 * DAY, 7 * DAY, 14 * DAY)
"""The wait before a question in box ``i`` comes back (box 1: after one other question)."""


class LearnStore:
    """The learn tables in the store at ``path`` (``None``: the default file), or on an
    open connection ``conn`` (the web store's)."""

    def __init__(
        self, path: str | os.PathLike[str] | None = None, *, conn: sqlite3.Connection | None = None
    ) -> None:
        self.conn = conn if conn is not None else connect(path)
        migrate(self.conn, "learn", MIGRATIONS)
        self._lock = threading.Lock()

    def close(self) -> None:
        """Close the connection."""
        self.conn.close()

    # --- answers and boxes -------------------------------------------------------------

    def record(
        self, qid: str, answer: Mapping[str, Any], *, correct: bool, now: float | None = None
    ) -> None:
        """Keep an answer and move its question between the boxes."""
        at = time.time() if now is None else now
        kind, level, _ = parse_id(qid)
        with self._lock:
            self.conn.execute("BEGIN IMMEDIATE")
            try:
                self.conn.execute(
                    "INSERT INTO learn_answers (at, qid, kind, level, correct, answer)"
                    " VALUES (?, ?, ?, ?, ?, ?)",
                    (
                        at,
                        qid,
                        kind,
                        level,
                        int(correct),
                        json.dumps(dict(answer), ensure_ascii=False),
                    ),
                )
                row = self.conn.execute(
                    "SELECT box FROM learn_boxes WHERE qid = ?", (qid,)
                ).fetchone()
                if not correct:
                    self._put(qid, kind, level, 1, at)
                elif row is not None:
                    box = int(row["box"]) + 1
                    if box >= len(INTERVALS):
                        self.conn.execute("DELETE FROM learn_boxes WHERE qid = ?", (qid,))
                    else:
                        self._put(qid, kind, level, box, at + INTERVALS[box])
                self.conn.execute("COMMIT")
            except BaseException:
                if self.conn.in_transaction:
                    self.conn.execute("ROLLBACK")
                raise

    def _put(self, qid: str, kind: str, level: str, box: int, due: float) -> None:
        self.conn.execute(
            "INSERT INTO learn_boxes (qid, kind, level, box, due) VALUES (?, ?, ?, ?, ?)"
            " ON CONFLICT(qid) DO UPDATE SET box = excluded.box, due = excluded.due",
            (qid, kind, level, box, due),
        )

    def box(self, qid: str) -> int | None:
        """The box a question is in, or ``None``."""
        with self._lock:
            row = self.conn.execute("SELECT box FROM learn_boxes WHERE qid = ?", (qid,)).fetchone()
        return None if row is None else int(row["box"])

    def due(
        self, kind: str | None, *, now: float | None = None, exclude: Iterable[str] = ()
    ) -> list[str]:
        """The questions due again (lowest box first), of one drill or all."""
        at = time.time() if now is None else now
        sql = "SELECT qid FROM learn_boxes WHERE due <= ?"
        args: list[Any] = [at]
        if kind is not None:
            sql += " AND kind = ?"
            args.append(kind)
        with self._lock:
            rows = self.conn.execute(sql + " ORDER BY box, due, qid", args).fetchall()
        skip = set(exclude)
        return [r["qid"] for r in rows if r["qid"] not in skip]

    def last_answered(self) -> str | None:
        """The question answered last."""
        with self._lock:
            row = self.conn.execute(
                "SELECT qid FROM learn_answers ORDER BY id DESC LIMIT 1"
            ).fetchone()
        return None if row is None else str(row["qid"])

    def answered(self, kind: str, level: str) -> int:
        """How many answers of one drill and level are kept."""
        with self._lock:
            row = self.conn.execute(
                "SELECT COUNT(*) FROM learn_answers WHERE kind = ? AND level = ?", (kind, level)
            ).fetchone()
        return int(row[0])

    def progress(self) -> dict[str, Any]:
        """Accuracy per drill and level, in all and per day; the boxes' contents."""
        with self._lock:
            totals = self.conn.execute(
                "SELECT kind, level, COUNT(*) AS n, SUM(correct) AS ok FROM learn_answers"
                " GROUP BY kind, level ORDER BY kind, level"
            ).fetchall()
            days = self.conn.execute(
                "SELECT kind, date(at, 'unixepoch') AS day, COUNT(*) AS n, SUM(correct) AS ok"
                " FROM learn_answers GROUP BY kind, day ORDER BY day, kind"
            ).fetchall()
            boxes = self.conn.execute(
                "SELECT box, COUNT(*) AS n FROM learn_boxes GROUP BY box ORDER BY box"
            ).fetchall()
        return {
            "levels": [
                {"kind": r["kind"], "level": r["level"], "answered": r["n"], "correct": r["ok"]}
                for r in totals
            ],
            "days": [
                {"kind": r["kind"], "day": r["day"], "answered": r["n"], "correct": r["ok"]}
                for r in days
            ],
            "boxes": {int(r["box"]): int(r["n"]) for r in boxes},
        }

    # --- positions ---------------------------------------------------------------------

    def add_positions(self, positions: Iterable[Mapping[str, Any]]) -> int:
        """Keep positions (a position with a key already kept replaces it); how many."""
        rows = [
            (
                p["source"],
                p["key"],
                p["tags"]["shanten"],
                p["tags"]["turn"],
                p["tags"]["threats"],
                int(p["tags"]["agree"]),
                json.dumps(p, ensure_ascii=False, separators=(",", ":")),
            )
            for p in positions
        ]
        with self._lock:
            self.conn.execute("BEGIN IMMEDIATE")
            try:
                self.conn.executemany(
                    "INSERT INTO learn_positions (source, key, shanten, turn, threats, agree, data)"
                    " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT(key) DO UPDATE SET"
                    " shanten = excluded.shanten, turn = excluded.turn,"
                    " threats = excluded.threats, agree = excluded.agree, data = excluded.data",
                    rows,
                )
                self.conn.execute("COMMIT")
            except BaseException:
                if self.conn.in_transaction:
                    self.conn.execute("ROLLBACK")
                raise
        return len(rows)

    def position(self, row_id: int) -> dict[str, Any] | None:
        """A kept position by its row, or ``None``."""
        with self._lock:
            row = self.conn.execute(
                "SELECT data FROM learn_positions WHERE id = ?", (row_id,)
            ).fetchone()
        return None if row is None else dict(json.loads(row["data"]))

    def position_ids(
        self, source: str, *, shanten: Sequence[int] | None = None, threats: bool | None = None
    ) -> list[int]:
        """The rows of the kept positions of ``source`` (``houou`` or ``mine``), filtered
        by shanten and by whether a threat is on the table."""
        sql = "SELECT id FROM learn_positions WHERE source = ?"
        args: list[Any] = [source]
        if shanten is not None:
            sql += f" AND shanten IN ({','.join('?' * len(shanten))})"
            args.extend(shanten)
        if threats is not None:
            sql += " AND threats > 0" if threats else " AND threats = 0"
        with self._lock:
            return [int(r[0]) for r in self.conn.execute(sql + " ORDER BY id", args)]

    def imported(self, match_id: str) -> bool:
        """Whether a match's flagged discards were taken in already."""
        with self._lock:
            row = self.conn.execute(
                "SELECT 1 FROM learn_imported WHERE match_id = ?", (match_id,)
            ).fetchone()
        return row is not None

    def mark_imported(self, match_ids: Iterable[str]) -> None:
        """Remember that these matches' flagged discards were taken in."""
        with self._lock:
            self.conn.executemany(
                "INSERT OR IGNORE INTO learn_imported (match_id) VALUES (?)",
                [(m,) for m in match_ids],
            )

    def position_row(self, key: str) -> int | None:
        """The row of the position with ``key``, or ``None``."""
        with self._lock:
            row = self.conn.execute(
                "SELECT id FROM learn_positions WHERE key = ?", (key,)
            ).fetchone()
        return None if row is None else int(row[0])

    def schedule(self, qid: str, *, now: float | None = None) -> None:
        """Put a question in box 1, due now (a flagged discard of one's own)."""
        kind, level, _ = parse_id(qid)
        at = time.time() if now is None else now
        with self._lock:
            self.conn.execute(
                "INSERT OR IGNORE INTO learn_boxes (qid, kind, level, box, due)"
                " VALUES (?, ?, ?, 1, ?)",
                (qid, kind, level, at),
            )
