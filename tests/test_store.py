"""The embedded store: files created on first use, versioned schemas, newer files refused."""

from __future__ import annotations

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
