"""Recorded matches and series in the shared store (component ``keep``, tables ``keep_*``).

A match is its rules (the JSON of :class:`~jantaku.rules.Rules`), its names by seat
and its entries in order; everything else is derived again on load. A series (a
league night) groups matches and adds up each player's final results.

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
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Final

from jantaku.errors import JantakuError
from jantaku.keep.entries import Hand, KeepError
from jantaku.keep.model import Match
from jantaku.rules import Rules
from jantaku.store import connect, migrate

__all__ = ["MIGRATIONS", "KeepStore", "MatchInfo", "SeriesStanding"]

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
]
"""The schema of the ``keep`` component, one script per version."""


@dataclass(frozen=True, slots=True)
class MatchInfo:
    """A match in a listing: its id, series, names, hands entered, scores and whether over."""

    id: int
    series: int | None
    names: tuple[str, ...]
    hands: int
    scores: tuple[int, ...]
    over: bool
    result: tuple[float, ...] | None
    updated: str

    def to_dict(self) -> dict[str, Any]:
        """The listing row as JSON-ready values."""
        return {
            "id": self.id,
            "series": self.series,
            "names": list(self.names),
            "hands": self.hands,
            "scores": list(self.scores),
            "over": self.over,
            "result": None if self.result is None else list(self.result),
            "updated": self.updated,
        }


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
    """

    def __init__(self, path: str | os.PathLike[str] | None = None) -> None:
        self.conn = connect(path)
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
        """Start a series (a league night); returns its id."""
        if not isinstance(name, str) or not name.strip():
            raise KeepError("a series needs a name")
        with self._transaction() as c:
            cur = c.execute(
                "INSERT INTO keep_series (name, created) VALUES (?, ?)", (name.strip(), _now())
            )
        return int(cur.lastrowid or 0)

    def series(self) -> list[tuple[int, str, str]]:
        """Every series: id, name and when it was started."""
        rows = self.conn.execute("SELECT id, name, created FROM keep_series ORDER BY id")
        return [(int(r[0]), str(r[1]), str(r[2])) for r in rows]

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

    # --- matches ---

    def new_match(
        self,
        rules: Rules,
        names: Sequence[str],
        *,
        first_dealer: int = 0,
        series: int | None = None,
    ) -> int:
        """Record a new match (see :meth:`Match.new`); returns its id."""
        match = Match.new(rules, names, first_dealer=first_dealer)
        if series is not None:
            self.series_name(series)
        stamp = _now()
        with self._transaction() as c:
            cur = c.execute(
                "INSERT INTO keep_matches (series_id, rules, names, created, updated)"
                " VALUES (?, ?, ?, ?, ?)",
                (series, rules.to_json(), json.dumps(match.names), stamp, stamp),
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
        sql = "SELECT id, series_id, updated FROM keep_matches"
        args: tuple[Any, ...] = ()
        if series is not None:
            sql += " WHERE series_id = ?"
            args = (series,)
        out = []
        for row in self.conn.execute(sql + " ORDER BY id DESC", args).fetchall():
            match = self.match(int(row[0]))
            ledger = match.ledger()
            out.append(
                MatchInfo(
                    id=int(row[0]),
                    series=None if row[1] is None else int(row[1]),
                    names=match.names,
                    hands=len(match.entries),
                    scores=ledger.scores,
                    over=ledger.over,
                    result=None if ledger.final is None else tuple(s.score for s in ledger.final),
                    updated=str(row[2]),
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
