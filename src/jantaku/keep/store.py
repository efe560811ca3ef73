"""Recorded matches and series in the shared store (component ``keep``, tables ``keep_*``).

A match is its rules (the JSON of :class:`~jantaku.rules.Rules`), its names by seat
and its entries in order; everything else is derived again on load. A series (a
league night) groups matches and adds up each player's final results.

Each match and series has two names: its id, a small number counted from 1 that the
terminal commands use, and its key, 24 random hex digits (96 bits) by which the HTTP
API addresses it, so that no page can reach a match it was not shown by counting
(:meth:`KeepStore.match_for_key`, :meth:`KeepStore.series_for_key`). A store written
before keys existed gets one for every match and series when it is first opened
(the second migration script).

>>> from jantaku.keep.model import Hand, Winner
>>> from jantaku.rules import TENHOU
>>> keep = KeepStore(":memory:")
>>> night = keep.new_series("Friday")
>>> mid = keep.new_match(TENHOU, ("A", "B", "C", "D"), series=night)
>>> keep.add(mid, Hand.draw((0,))).ledger().scores
(28000, 24000, 24000, 24000)
>>> keep.undo(mid).entries
()
>>> keep.match(99)
Traceback (most recent call last):
...
jantaku.keep.entries.KeepError: no match 99
>>> keep.match_for_key(keep.match_key(mid)) == mid
True
>>> keep.match_for_key(str(mid))
Traceback (most recent call last):
...
jantaku.keep.entries.KeepError: no match '1'
"""

from __future__ import annotations

import json
import os
import secrets
import sqlite3
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Final

from jantaku.errors import JantakuError
from jantaku.keep.entries import Hand, KeepError
from jantaku.keep.model import Match
from jantaku.keep.stats import PlayerStats, player_stats
from jantaku.rules import Rules
from jantaku.store import connect, migrate

__all__ = [
    "KEY_BYTES",
    "MIGRATIONS",
    "KeepStore",
    "MatchInfo",
    "SeriesInfo",
    "SeriesStanding",
    "new_key",
]

KEY_BYTES: Final = 12
"""The random bytes of a match's or a series' key (written as twice as many hex digits;
the migration that gave existing rows their keys draws as many from SQLite's
``randomblob``)."""

MIGRATIONS: Final = [
    """
    CREATE TABLE keep_series (
        id INTEGER PRIMARY KEY,
        name TEXT NOT NULL,
        created TEXT NOT NULL
    );
    CREATE TABLE keep_matches (
        id INTEGER PRIMARY KEY,
        series_id INTEGER REFERENCES keep_series(id),
        rules TEXT NOT NULL,
        names TEXT NOT NULL,
        created TEXT NOT NULL,
        updated TEXT NOT NULL
    );
    CREATE TABLE keep_entries (
        match_id INTEGER NOT NULL REFERENCES keep_matches(id) ON DELETE CASCADE,
        position INTEGER NOT NULL,
        hand TEXT NOT NULL,
        PRIMARY KEY (match_id, position)
    );
    CREATE INDEX keep_matches_series ON keep_matches(series_id)
    """,
    """
    ALTER TABLE keep_series ADD COLUMN key TEXT;
    UPDATE keep_series SET key = lower(hex(randomblob(12))) WHERE key IS NULL;
    CREATE UNIQUE INDEX keep_series_key ON keep_series(key);
    ALTER TABLE keep_matches ADD COLUMN key TEXT;
    UPDATE keep_matches SET key = lower(hex(randomblob(12))) WHERE key IS NULL;
    CREATE UNIQUE INDEX keep_matches_key ON keep_matches(key)
    """,
]
"""The schema of the ``keep`` component, one script per version."""


def new_key() -> str:
    """A fresh key for a match or a series: :data:`KEY_BYTES` random bytes in hex.

    >>> len(new_key()), new_key() == new_key()
    (24, False)
    """
    return secrets.token_hex(KEY_BYTES)


@dataclass(frozen=True, slots=True)
class MatchInfo:
    """A match in a listing: its id and key, its series' (id and key), names, hands
    entered, scores and whether over."""

    id: int
    key: str
    series: int | None
    series_key: str | None
    names: tuple[str, ...]
    hands: int
    scores: tuple[int, ...]
    over: bool
    result: tuple[float, ...] | None
    updated: str

    def to_dict(self) -> dict[str, Any]:
        """The listing row as JSON-ready values, as the HTTP API gives it: the match and
        its series named by their keys (``id`` and ``series``)."""
        return {
            "id": self.key,
            "series": self.series_key,
            "names": list(self.names),
            "hands": self.hands,
            "scores": list(self.scores),
            "over": self.over,
            "result": None if self.result is None else list(self.result),
            "updated": self.updated,
        }


@dataclass(frozen=True, slots=True)
class SeriesInfo:
    """A series in a listing: its id, key, name and when it was started."""

    id: int
    key: str
    name: str
    created: str

    def to_dict(self) -> dict[str, Any]:
        """The listing row as the HTTP API gives it: the series named by its key (``id``)."""
        return {"id": self.key, "name": self.name, "created": self.created}


@dataclass(frozen=True, slots=True)
class SeriesStanding:
    """A player's total over a series' finished matches: matches, places, sum of results."""

    name: str
    matches: int
    total: float
    places: tuple[int, ...]

    def to_dict(self) -> dict[str, Any]:
        """The standing as JSON-ready values."""
        return {
            "name": self.name,
            "matches": self.matches,
            "total": self.total,
            "places": list(self.places),
        }


def _now() -> str:
    return datetime.now(UTC).isoformat(timespec="seconds")


class KeepStore:
    """The scorekeeper's matches and series in one SQLite store (``jantaku.store``).

    Every change is one transaction: a refused entry (:class:`KeepError`) writes nothing.
    An existing empty file is refused unless ``allow_empty`` (see
    :func:`jantaku.store.connect`).
    """

    def __init__(
        self, path: str | os.PathLike[str] | None = None, *, allow_empty: bool = False
    ) -> None:
        self.conn = connect(path, allow_empty=allow_empty)
        migrate(self.conn, "keep", MIGRATIONS)

    def close(self) -> None:
        """Close the connection."""
        self.conn.close()

    @contextmanager
    def _transaction(self) -> Iterator[sqlite3.Connection]:
        self.conn.execute("BEGIN IMMEDIATE")
        try:
            yield self.conn
        except BaseException:
            self.conn.execute("ROLLBACK")
            raise
        self.conn.execute("COMMIT")

    # --- series ---

    def new_series(self, name: str) -> int:
        """Start a series (a league night); returns its id (its key: :meth:`series_key`)."""
        if not isinstance(name, str) or not name.strip():
            raise KeepError("a series needs a name")
        with self._transaction() as c:
            cur = c.execute(
                "INSERT INTO keep_series (key, name, created) VALUES (?, ?, ?)",
                (new_key(), name.strip(), _now()),
            )
        return int(cur.lastrowid or 0)

    def series(self) -> list[SeriesInfo]:
        """Every series, oldest first."""
        rows = self.conn.execute("SELECT id, key, name, created FROM keep_series ORDER BY id")
        return [SeriesInfo(int(r[0]), str(r[1]), str(r[2]), str(r[3])) for r in rows]

    def series_key(self, series: int) -> str:
        """The key of series ``series``; :class:`KeepError` if there is none."""
        row = self.conn.execute("SELECT key FROM keep_series WHERE id = ?", (series,)).fetchone()
        if row is None:
            raise KeepError(f"no series {series}")
        return str(row[0])

    def series_for_key(self, key: str) -> int:
        """The id of the series whose key is ``key``; :class:`KeepError` if there is none."""
        row = self.conn.execute("SELECT id FROM keep_series WHERE key = ?", (key,)).fetchone()
        if row is None:
            raise KeepError(f"no series {key!r}")
        return int(row[0])

    def series_name(self, series: int) -> str:
        """The name of a series; :class:`KeepError` if there is none with that id."""
        row = self.conn.execute("SELECT name FROM keep_series WHERE id = ?", (series,)).fetchone()
        if row is None:
            raise KeepError(f"no series {series}")
        return str(row[0])

    def standings(self, series: int) -> list[SeriesStanding]:
        """Each player's cumulative result over the series' finished matches, best first."""
        self.series_name(series)
        totals: dict[str, list[Any]] = {}
        for info in self.matches(series=series):
            if info.result is None:
                continue
            match = self.match(info.id)
            final = match.ledger().final
            assert final is not None
            for s in final:
                entry = totals.setdefault(match.names[s.seat], [0, 0.0, []])
                entry[0] += 1
                entry[1] = round(entry[1] + s.score, 1)
                entry[2].append(s.place)
        rows = [SeriesStanding(k, v[0], v[1], tuple(v[2])) for k, v in totals.items()]
        return sorted(rows, key=lambda r: (-r.total, r.name))

    def stats(self, series: int) -> list[PlayerStats]:
        """Each player's stats over every match of the series (see
        :func:`~jantaku.keep.stats.player_stats`); :class:`KeepError` for no such series."""
        self.series_name(series)
        return player_stats(self.match(info.id) for info in self.matches(series=series))

    # --- matches ---

    def new_match(
        self,
        rules: Rules,
        names: Sequence[str],
        *,
        first_dealer: int = 0,
        series: int | None = None,
    ) -> int:
        """Record a new match (see :meth:`Match.new`); returns its id (its key:
        :meth:`match_key`)."""
        match = Match.new(rules, names, first_dealer=first_dealer)
        if series is not None:
            self.series_name(series)
        stamp = _now()
        with self._transaction() as c:
            cur = c.execute(
                "INSERT INTO keep_matches (key, series_id, rules, names, created, updated)"
                " VALUES (?, ?, ?, ?, ?, ?)",
                (new_key(), series, rules.to_json(), json.dumps(match.names), stamp, stamp),
            )
        return int(cur.lastrowid or 0)

    def match(self, match_id: int) -> Match:
        """The recorded match ``match_id``; :class:`KeepError` if there is none."""
        row = self.conn.execute(
            "SELECT rules, names FROM keep_matches WHERE id = ?", (match_id,)
        ).fetchone()
        if row is None:
            raise KeepError(f"no match {match_id}")
        try:
            rules = Rules.from_json(row[0])
            names = tuple(json.loads(row[1]))
            hands = tuple(
                Hand.from_dict(json.loads(r[0]))
                for r in self.conn.execute(
                    "SELECT hand FROM keep_entries WHERE match_id = ? ORDER BY position",
                    (match_id,),
                )
            )
        except (JantakuError, ValueError) as e:
            raise KeepError(f"match {match_id} cannot be read: {e}") from None
        return Match(rules, names, hands)

    def match_key(self, match_id: int) -> str:
        """The key of match ``match_id``; :class:`KeepError` if there is none."""
        row = self.conn.execute("SELECT key FROM keep_matches WHERE id = ?", (match_id,)).fetchone()
        if row is None:
            raise KeepError(f"no match {match_id}")
        return str(row[0])

    def match_for_key(self, key: str) -> int:
        """The id of the match whose key is ``key``; :class:`KeepError` if there is none."""
        row = self.conn.execute("SELECT id FROM keep_matches WHERE key = ?", (key,)).fetchone()
        if row is None:
            raise KeepError(f"no match {key!r}")
        return int(row[0])

    def series_of(self, match_id: int) -> int | None:
        """The series a match belongs to, if any."""
        row = self.conn.execute(
            "SELECT series_id FROM keep_matches WHERE id = ?", (match_id,)
        ).fetchone()
        if row is None:
            raise KeepError(f"no match {match_id}")
        return None if row[0] is None else int(row[0])

    def matches(self, *, series: int | None = None) -> list[MatchInfo]:
        """Every match (of one series), newest first."""
        sql = (
            "SELECT m.id, m.key, m.series_id, s.key, m.updated FROM keep_matches AS m"
            " LEFT JOIN keep_series AS s ON s.id = m.series_id"
        )
        args: tuple[Any, ...] = ()
        if series is not None:
            sql += " WHERE m.series_id = ?"
            args = (series,)
        out = []
        for row in self.conn.execute(sql + " ORDER BY m.id DESC", args).fetchall():
            match = self.match(int(row[0]))
            ledger = match.ledger()
            out.append(
                MatchInfo(
                    id=int(row[0]),
                    key=str(row[1]),
                    series=None if row[2] is None else int(row[2]),
                    series_key=None if row[3] is None else str(row[3]),
                    names=match.names,
                    hands=len(match.entries),
                    scores=ledger.scores,
                    over=ledger.over,
                    result=None if ledger.final is None else tuple(s.score for s in ledger.final),
                    updated=str(row[4]),
                )
            )
        return out

    def _save(self, match_id: int, before: Match, after: Match) -> Match:
        """Write ``after``'s entries over ``before``'s (only the positions that changed)."""
        old, new = before.entries, after.entries
        same = 0
        while same < min(len(old), len(new)) and old[same] == new[same]:
            same += 1
        with self._transaction() as c:
            c.execute(
                "DELETE FROM keep_entries WHERE match_id = ? AND position >= ?", (match_id, same)
            )
            c.executemany(
                "INSERT INTO keep_entries (match_id, position, hand) VALUES (?, ?, ?)",
                [
                    (match_id, i, json.dumps(h.to_dict(), ensure_ascii=False))
                    for i, h in enumerate(new[same:], start=same)
                ],
            )
            c.execute("UPDATE keep_matches SET updated = ? WHERE id = ?", (_now(), match_id))
        return after

    def add(self, match_id: int, hand: Hand) -> Match:
        """Enter the next hand; returns the match. A refused entry writes nothing."""
        before = self.match(match_id)
        return self._save(match_id, before, before.add(hand))

    def edit(self, match_id: int, index: int, hand: Hand) -> Match:
        """Replace entry ``index`` (0-based); what follows is recomputed."""
        before = self.match(match_id)
        return self._save(match_id, before, before.edit(index, hand))

    def delete(self, match_id: int, index: int) -> Match:
        """Delete entry ``index`` (0-based); what follows is recomputed."""
        before = self.match(match_id)
        return self._save(match_id, before, before.delete(index))

    def undo(self, match_id: int) -> Match:
        """Delete the last entry."""
        before = self.match(match_id)
        return self._save(match_id, before, before.undo())
