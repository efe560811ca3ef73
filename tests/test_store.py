"""The embedded store: files created on first use, versioned schemas, newer files refused,
damaged, foreign and empty files refused, each write of the table committed."""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path

import pytest

from jantaku.store import StoreError, connect, default_path, migrate, schema_version

V1 = "CREATE TABLE t_items (id INTEGER PRIMARY KEY, name TEXT NOT NULL)"
V2 = "ALTER TABLE t_items ADD COLUMN seat INTEGER; CREATE INDEX t_items_seat ON t_items (seat)"


def test_file_and_folder_created_on_first_use(tmp_path: Path) -> None:
    path = tmp_path / "deep" / "folder" / "jantaku.sqlite3"
    conn = connect(path)
    assert path.exists()
    assert migrate(conn, "t", [V1]) == 1
    conn.execute("INSERT INTO t_items (name) VALUES ('east')")
    conn.close()
    again = connect(path)
    assert schema_version(again, "t") == 1
    assert [r["name"] for r in again.execute("SELECT name FROM t_items")] == ["east"]


def test_migration_keeps_rows_and_components_are_independent(tmp_path: Path) -> None:
    conn = connect(tmp_path / "s.sqlite3")
    migrate(conn, "t", [V1])
    conn.execute("INSERT INTO t_items (name) VALUES ('south')")
    assert migrate(conn, "t", [V1, V2]) == 2
    assert schema_version(conn, "other") == 0
    row = conn.execute("SELECT name, seat FROM t_items").fetchone()
    assert (row["name"], row["seat"]) == ("south", None)


def test_newer_store_refused_and_failed_migration_rolled_back(tmp_path: Path) -> None:
    conn = connect(tmp_path / "s.sqlite3")
    migrate(conn, "t", [V1, V2])
    with pytest.raises(StoreError, match="newer than this jantaku"):
        migrate(conn, "t", [V1])
    with pytest.raises(StoreError, match="cannot update"):
        migrate(conn, "u", ["CREATE TABLE u_a (x INTEGER); CREATE TABLE u_a (y INTEGER)"])
    assert schema_version(conn, "u") == 0
    assert conn.execute("SELECT name FROM sqlite_master WHERE name = 'u_a'").fetchone() is None


def test_default_path_follows_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("JANTAKU_DB", str(tmp_path / "x.sqlite3"))
    assert default_path() == tmp_path / "x.sqlite3"
    monkeypatch.delenv("JANTAKU_DB")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert default_path() == tmp_path / "jantaku" / "jantaku.sqlite3"


def test_unopenable_store_is_a_typed_error(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    with pytest.raises(StoreError, match="cannot open the store"):
        connect(blocker / "jantaku.sqlite3")


def _store_with_rows(path: Path, rows: int = 2000) -> None:
    conn = connect(path)
    migrate(conn, "t", [V1])
    with conn:  # one transaction
        conn.execute("BEGIN")
        conn.executemany(
            "INSERT INTO t_items (name) VALUES (?)", [("x" * 400,) for _ in range(rows)]
        )
    conn.close()  # the last connection checkpoints the log into the file


def test_a_file_of_random_bytes_is_refused_in_one_line(tmp_path: Path) -> None:
    path = tmp_path / "noise.sqlite3"
    path.write_bytes(random.Random(7).randbytes(8192))
    with pytest.raises(StoreError) as refused:
        connect(path)
    message = str(refused.value)
    assert "\n" not in message and str(path) in message and "not a jantaku store" in message
    assert path.read_bytes()[:16] != b"SQLite format 3\x00"  # left as it was


def test_a_truncated_store_is_refused_as_damaged(tmp_path: Path) -> None:
    path = tmp_path / "cut.sqlite3"
    _store_with_rows(path)
    whole = path.read_bytes()
    assert len(whole) > 100_000
    for size in (len(whole) // 2, 100):
        path.write_bytes(whole[:size])
        with pytest.raises(StoreError) as refused:
            connect(path)
        message = str(refused.value)
        assert "\n" not in message and str(path) in message and "damaged" in message


def test_an_empty_file_is_refused_unless_allowed(tmp_path: Path) -> None:
    from jantaku.keep.store import KeepStore
    from jantaku.web.store import WebStore

    path = tmp_path / "empty.sqlite3"
    path.touch()
    for open_store in (connect, WebStore, KeepStore):
        with pytest.raises(StoreError, match="empty file"):
            open_store(path)
        assert path.stat().st_size == 0  # refused without writing a byte
    WebStore(path, allow_empty=True).close()
    KeepStore(path).close()  # a store now: no flag needed any more
    assert schema_version(connect(path), "web") == 1


def test_another_programs_database_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "other.sqlite3"
    other = sqlite3.connect(path)
    other.execute("CREATE TABLE accounts (id INTEGER PRIMARY KEY)")
    other.commit()
    other.close()
    with pytest.raises(StoreError, match="not a jantaku store"):
        connect(path)


def test_a_healthy_store_opens_as_before(tmp_path: Path) -> None:
    path = tmp_path / "ok.sqlite3"
    _store_with_rows(path, rows=10)
    conn = connect(path)
    assert conn.execute("SELECT COUNT(*) FROM t_items").fetchone()[0] == 10
    assert conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_the_table_store_commits_each_write_and_survives_a_failed_one(tmp_path: Path) -> None:
    from jantaku.events import Dahai
    from jantaku.web.store import WebStore

    store = WebStore(tmp_path / "web.sqlite3")
    # write-ahead log, synchronous NORMAL: a commit survives the process being killed
    assert store.conn.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert store.conn.execute("PRAGMA synchronous").fetchone()[0] == 1
    m = store.create_match(
        preset="tenhou",
        players=4,
        length="east_only",
        seed=1,
        seats=("human", "efficiency", "efficiency", "efficiency"),
        names=("a", "b", "c", "d"),
        settings={},
    )
    with pytest.raises(sqlite3.IntegrityError):  # no such match: refused, rolled back
        store.append("nosuchmatch", [(0, {0: Dahai(0, 5, False)})], [])
    assert not store.conn.in_transaction
    store.append(m.id, [(0, {0: Dahai(0, 5, False)})], [])  # the next write goes through
    reader = sqlite3.connect(tmp_path / "web.sqlite3")  # another connection sees it at once
    assert reader.execute("SELECT COUNT(*) FROM web_decisions").fetchone()[0] == 1
