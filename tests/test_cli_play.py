"""``jantaku play`` and ``jantaku selfplay`` from the command line."""

from __future__ import annotations

import io
import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from jantaku.cli import main
from jantaku.engine import State, apply
from jantaku.events import EndGame, StartGame
from jantaku.logs.mjai import dumps_game, read_games
from jantaku.rules import PRESETS

SCRIPT = "".join(f"{i % 15 + 1}\n" for i in range(30000))
"""A player who types 1, 2 … 15 in turn: each decision takes the first that is allowed."""


def _play(monkeypatch: pytest.MonkeyPatch, stdin: str, *args: str) -> tuple[int, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    out = io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    status = main(["play", *args])
    return status, out.getvalue()


def test_play_a_whole_match_from_scripted_input(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    log = tmp_path / "game.jsonl"
    status, text = _play(monkeypatch, SCRIPT, "--seed", "3", "--log", str(log))
    assert status == 0
    assert "seed 3" in text and "=== match over ===" in text
    assert "your hand:" in text and " 1) " in text
    (game,) = read_games(log, strict=True)
    assert game.complete and game.seed() == 3
    assert isinstance(game.header, StartGame) and game.header.names[0] == "you"


def test_play_three_players(monkeypatch: pytest.MonkeyPatch) -> None:
    status, text = _play(monkeypatch, SCRIPT, "--seed", "1", "--players", "3")
    assert status == 0 and "3 players" in text and "=== match over ===" in text


def test_play_ends_cleanly_at_end_of_input(monkeypatch: pytest.MonkeyPatch) -> None:
    status, text = _play(monkeypatch, "1\n2\n", "--seed", "3")
    assert status == 0
    assert "end of input: the match is abandoned (seed 3)" in text
    assert "Traceback" not in text


def test_play_end_of_input_as_a_process() -> None:
    """The real entry point, stdin closed at once: a message, status 0, no traceback."""
    proc = subprocess.run(
        [str(Path(sys.executable).parent / "jantaku"), "play", "--seed", "2"],
        input="",
        capture_output=True,
        text=True,
        timeout=600,  # only ends a hung run; a busy machine may be slow
        check=False,
    )
    assert proc.returncode == 0
    assert "end of input" in proc.stdout
    assert "Traceback" not in proc.stderr + proc.stdout


def test_play_rejects_an_unknown_preset(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert main(["play", "--rules", "nope"]) == 2
    assert "no preset 'nope'" in capsys.readouterr().err


def test_selfplay_json_summary(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(
        [
            "selfplay",
            "--games",
            "3",
            "--seed",
            "7",
            "--agents",
            "random,random,efficiency,tsumogiri",
            "--json",
        ]
    )
    assert status == 0
    out = json.loads(capsys.readouterr().out)
    assert out["games"] == 3 and out["seed"] == 7 and out["rules"] == "tenhou"
    assert out["rounds"] >= 3 * 4
    assert set(out["agents"]) == {"0:random", "1:random", "2:efficiency", "3:tsumogiri"}
    assert all(a["games"] == 3 for a in out["agents"].values())
    places = sum(a["average_placement"] for a in out["agents"].values())
    assert places == pytest.approx(10.0, abs=0.01)
    assert out["seconds"] > 0 and out["matches_per_second"] is not None
    assert set(out["wins"]) == {"tsumo", "ron"}


def test_selfplay_logs_replay_and_round_trip(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status = main(
        ["selfplay", "--games", "2", "--seed", "40", "--rules", "majsoul", "--log", str(tmp_path)]
    )
    assert status == 0
    text = capsys.readouterr().out
    assert "games 2" in text and "matches/s" in text
    files = sorted(tmp_path.glob("match_*.jsonl"))
    assert [f.name for f in files] == ["match_40.jsonl", "match_41.jsonl"]
    for f in files:
        (game,) = read_games(f, strict=True)
        assert dumps_game(game.events) == f.read_text()  # byte-exact round trip
        rules = game.rules()
        assert rules == PRESETS["majsoul"]
        state = State(rules)
        for e in game.events:
            apply(state, e)
        end = game.events[-1]
        assert isinstance(end, EndGame) and state.final == end


def test_selfplay_three_players(capsys: pytest.CaptureFixture[str]) -> None:
    assert (
        main(["selfplay", "--games", "1", "--players", "3", "--agents", "efficiency,random,random"])
        == 0
    )
    assert "0:efficiency" in capsys.readouterr().out


def test_selfplay_bad_lineups(capsys: pytest.CaptureFixture[str]) -> None:
    # the lineup fills the seats in turn, as the arena's does: two agents, two of each
    assert main(["selfplay", "--games", "1", "--agents", "random,random"]) == 0
    capsys.readouterr()
    assert main(["selfplay", "--games", "1", "--agents", "random,random,random,random,x"]) == 2
    assert "5 agents for 4 seats" in capsys.readouterr().err
    assert main(["selfplay", "--games", "1", "--agents", "random,x,random,random"]) == 2
    assert "unknown agent 'x'" in capsys.readouterr().err
    assert main(["selfplay", "--players", "3", "--rules", "textbook"]) == 2


def test_selfplay_is_reproducible(capsys: pytest.CaptureFixture[str]) -> None:
    runs = []
    for _ in range(2):
        main(["selfplay", "--games", "2", "--seed", "5", "--json"])
        out = json.loads(capsys.readouterr().out)
        del out["seconds"], out["matches_per_second"]
        runs.append(out)
    assert runs[0] == runs[1]


@pytest.mark.parametrize("players", ["4", "3"])
def test_play_survives_a_random_typist(monkeypatch: pytest.MonkeyPatch, players: str) -> None:
    """Numbers in and out of range, words and blank lines: the match still runs to its end."""
    rng = random.Random(int(players))
    junk = ["", "x", "0", "-1", "99", "1.5", "riichi"]
    lines = [
        str(rng.randint(1, 12)) if rng.random() < 0.8 else rng.choice(junk) for _ in range(20000)
    ]
    status, text = _play(monkeypatch, "\n".join(lines) + "\n", "--seed", "8", "--players", players)
    assert status == 0 and "=== match over ===" in text
    assert "please type a number" in text and "Traceback" not in text
