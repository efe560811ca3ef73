"""``make conformance`` names what it replays, and says clearly when DATA holds no games
(it used to end in ``jantaku replay: the following arguments are required: FILE``)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from corpus import DATA

ROOT = Path(__file__).resolve().parents[1]

pytestmark = pytest.mark.skipif(shutil.which("make") is None, reason="needs make")


def _make(*args: str) -> subprocess.CompletedProcess[str]:
    # -o: take the virtual environment as made, whatever the time stamps say
    return subprocess.run(
        ["make", "--no-print-directory", "-o", ".venv/.installed", "conformance", *args],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )


def test_no_games_in_data_fails_with_a_clear_message(tmp_path: Path) -> None:
    (tmp_path / "tenhou_xml").mkdir()
    done = _make(f"DATA={tmp_path}")
    assert done.returncode != 0
    assert f"make conformance: no Tenhou games in DATA={tmp_path}" in done.stderr
    assert "make conformance DATA=/path/to/data" in done.stderr
    assert "arguments are required" not in done.stderr + done.stdout


def test_the_games_of_data_are_what_it_replays() -> None:
    games = sorted(DATA.glob("tenhou_xml/*/*.xml*")) + sorted(DATA.glob("paired_xml_json/*/*.xml"))
    assert games, f"no games under {DATA}"
    plan = _make("-n", f"DATA={DATA}").stdout  # -n: the commands, not run
    assert f"<{len(games)} Tenhou games in {DATA}>" in plan
    assert str(games[0]) in plan and str(games[-1]) in plan
    assert f'JANTAKU_SHARED="{DATA.parent}"' in plan
