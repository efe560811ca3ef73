"""``jantaku selfplay`` with bots that fail, and the command line's interrupts and pipes."""

from __future__ import annotations

import json
import os
import select
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from jantaku.cli import main

JANTAKU = str(Path(sys.executable).parent / "jantaku")

# An mjai bot: "silent" never answers (it writes a file when its first message comes,
# and starts a helper process, both for the tests to watch); "impostor" passes in the
# name of the seat after its own; "cheat" declares tsumo on every draw; "tsumogiri" discards
# what it draws and passes on all else.
BOT = r"""
import json, pathlib, subprocess, sys, time
mode, mark = sys.argv[1], pathlib.Path(sys.argv[2])
seat = None
for line in sys.stdin:
    for e in json.loads(line):
        if e["type"] == "start_game":
            seat = e["id"]
    if mode == "silent":
        helper = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(3600)"])
        mark.write_text(f"{helper.pid}\n")
        time.sleep(3600)
    elif mode == "impostor":
        print(json.dumps({"type": "none", "actor": (seat + 1) % 4}), flush=True)
    elif mode == "cheat" and e["type"] == "tsumo" and e["actor"] == seat:
        print(json.dumps({"type": "hora", "actor": seat, "target": seat, "pai": e["pai"]}),
              flush=True)
    elif e["type"] == "tsumo" and e["actor"] == seat:
        print(json.dumps({"type": "dahai", "actor": seat, "pai": e["pai"], "tsumogiri": True}),
              flush=True)
    else:
        print(json.dumps({"type": "none"}), flush=True)
"""


@pytest.fixture
def bot(tmp_path: Path) -> Path:
    script = tmp_path / "bot.py"
    script.write_text(BOT)
    return script


def _agents(bot: Path, mode: str, mark: Path) -> str:
    return f"random,random,mjai:{sys.executable} {bot} {mode} {mark},random"


def _gone(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return True
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except OSError:
        return True
    return state in ("Z", "X")


def _wait_for(condition: object, what: str) -> None:
    """Poll until ``condition()`` holds; the limit only ends a broken test."""
    assert callable(condition)
    for _ in range(1200):
        if condition():
            return
        time.sleep(0.05)
    raise AssertionError(f"gave up waiting: {what}")


def test_a_silent_bot_fails_its_matches_and_the_run_goes_on(
    bot: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    mark = tmp_path / "helper.pid"
    args = ["selfplay", "--games", "2", "--agents", _agents(bot, "silent", mark)]
    status = main([*args, "--time-budget", "0.3"])
    out, err = capsys.readouterr()
    assert status == 1
    failures = [x for x in err.splitlines() if x.startswith("jantaku: match")]
    assert len(failures) == 2, err
    assert failures[0].startswith("jantaku: match 1 (seed 0), seat 2 (2:mjai:")
    assert failures[1].startswith("jantaku: match 2 (seed 1), seat 3 (2:mjai:")
    assert all(x.endswith("no answer within the time budget of 0.3 s") for x in failures)
    assert "failed: 2 matches" in out and "games 0," in out
    _wait_for(lambda: _gone(int(mark.read_text())), "the silent bot's helper to be killed")


def test_stop_on_error_stops_at_the_first_failed_match(
    bot: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    agents = _agents(bot, "impostor", tmp_path / "unused")
    status = main(
        [
            "selfplay",
            "--games",
            "5",
            "--agents",
            agents,
            "--stop-on-error",
            "--json",
            "--time-budget",
            "none",
        ]
    )
    out, err = capsys.readouterr()
    summary = json.loads(out)
    assert status == 1
    assert summary["planned"] == 5 and summary["games"] == 0
    (failure,) = summary["failed"]
    assert failure["game"] == 1 and failure["seed"] == 0 and failure["seat"] == 2
    assert "answered for seat 3" in failure["error"]
    assert err.count("jantaku: match") == 1


def test_a_run_without_faults_exits_0_and_shows_progress_when_asked(
    bot: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    agents = _agents(bot, "tsumogiri", tmp_path / "unused")
    status = main(
        [
            "selfplay",
            "--games",
            "2",
            "--seed",
            "7",
            "--agents",
            agents,
            "--progress",
            "--time-budget",
            "none",
        ]
    )
    out, err = capsys.readouterr()
    assert status == 0
    assert out.startswith("rules tenhou, seeds 7…8\ngames 2,")
    assert err.splitlines() == ["match 1/2", "match 2/2"]


def test_ctrl_c_stops_selfplay_with_a_summary_and_kills_the_bot(bot: Path, tmp_path: Path) -> None:
    mark = tmp_path / "helper.pid"
    agents = _agents(bot, "silent", mark)
    proc = subprocess.Popen(
        [JANTAKU, "selfplay", "--games", "3", "--agents", agents, "--time-budget", "none"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=_default_sigint,  # a runner started in the background ignores Ctrl-C
    )
    try:
        _wait_for(lambda: mark.exists() and mark.read_text().endswith("\n"), "the bot to think")
        proc.send_signal(signal.SIGINT)
        out, err = proc.communicate(timeout=120)
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
    assert proc.returncode == 130
    assert "Traceback" not in err
    assert "no match finished (0 of 3 matches, interrupted)" in out
    _wait_for(lambda: _gone(int(mark.read_text())), "the bot's helper to be killed")


def test_output_into_a_closed_pipe_ends_quietly(tmp_path: Path) -> None:
    hands = tmp_path / "hands.txt"
    hands.write_text("123m456p789s1122z\n" * 20000)
    proc = subprocess.Popen(
        [JANTAKU, "shanten", "--batch", str(hands)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    assert proc.stdout is not None and proc.stderr is not None
    first = proc.stdout.readline()
    proc.stdout.close()  # as `| head -1` does
    err = proc.stderr.read().decode()
    proc.wait(timeout=120)
    assert json.loads(first)["shanten"] == 0
    assert proc.returncode == 0 and err == ""


def _default_sigint() -> None:
    signal.signal(signal.SIGINT, signal.SIG_DFL)  # as in a terminal, even under a runner


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_ctrl_c_stops_replay_with_the_total_so_far(jobs: str) -> None:
    data = Path(__file__).resolve().parents[1].parent / "shared" / "data" / "tenhou_xml"
    if not data.is_dir():
        data = Path("/work/shared/data/tenhou_xml")
    games = sorted(str(p) for p in data.glob("*/*.xml.gz"))
    if not games:
        pytest.skip("needs the Tenhou games of shared/data")
    proc = subprocess.Popen(
        [JANTAKU, "replay", "--jobs", jobs, *(games * 20)],  # far more than a moment's work
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,  # a group of its own, signalled as a terminal does
        preexec_fn=_default_sigint,
    )
    try:
        assert proc.stdout is not None
        first = proc.stdout.readline()  # the run is under way
        os.killpg(proc.pid, signal.SIGINT)
        out, err = proc.communicate(timeout=300)
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
    assert ": ok" in first
    assert proc.returncode == 130
    assert "Traceback" not in err
    total = out.splitlines()[-1]
    assert total.startswith("total: ") and total.endswith(", interrupted")


def test_an_illegal_answer_fails_the_match_with_the_action_and_reason(
    bot: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    agents = _agents(bot, "cheat", tmp_path / "unused")
    status = main(["selfplay", "--games", "1", "--agents", agents, "--time-budget", "none"])
    out, err = capsys.readouterr()
    (line,) = [x for x in err.splitlines() if x.startswith("jantaku: match")]
    assert status == 1
    assert line.startswith("jantaku: match 1 (seed 0), seat 2 (2:mjai:")
    assert "illegal action Hora(actor=2" in line
    assert "failed: 1 match\n" in out


def test_the_first_ctrl_c_at_the_table_ends_play() -> None:
    """Ctrl-C while you think: the match stops at once (no press is swallowed)."""
    proc = subprocess.Popen(
        [JANTAKU, "play", "--seed", "3"],
        stdin=subprocess.PIPE,  # kept open: the player is thinking, not gone
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        start_new_session=True,
        preexec_fn=_default_sigint,
    )
    assert proc.stdout is not None and proc.stderr is not None
    try:
        shown = b""
        while b"q quit" not in shown:  # the first question is on the screen
            ready, _, _ = select.select([proc.stdout], [], [], 120)  # a limit, not a timing
            assert ready, f"no question on the screen: {shown.decode()}"
            chunk = os.read(proc.stdout.fileno(), 4096)
            assert chunk, shown.decode()
            shown += chunk
        os.killpg(proc.pid, signal.SIGINT)
        proc.wait(timeout=120)
        out = proc.stdout.read().decode()
        err = proc.stderr.read().decode()
    finally:
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
        assert proc.stdin is not None
        proc.stdin.close()
    assert proc.returncode == 0  # leaving is no failure: make play ends quietly
    assert "interrupted: the match is abandoned (seed 3)" in out
    assert "Traceback" not in err
