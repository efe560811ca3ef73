"""The command line on ordinary bad input: one clear line, a non-zero status, no traceback."""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import sys
from pathlib import Path

import pytest

from jantaku.cli import build_parser, main

DATA = Path(__file__).resolve().parents[1].parent / "shared" / "data"
if not DATA.is_dir():
    DATA = Path("/work/shared/data")
GAMES = sorted((DATA / "tenhou_xml").glob("*/*.xml.gz"))[:2]


def run(args: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(args)
    out, err = capsys.readouterr()
    return status, out, err


def one_error_line(err: str) -> str:
    """The whole of standard error: one line starting ``jantaku``, no traceback."""
    assert "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("jantaku"), err
    return lines[0]


# --- batch files -------------------------------------------------------------------


@pytest.mark.parametrize("command", ["shanten", "advise", "score"])
def test_a_binary_batch_file_is_one_clear_error(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    f = tmp_path / "hands.bin"
    f.write_bytes(b"\xff\xfe\x00\x01binary\x00data\n" * 10)
    status, out, err = run([command, "--batch", str(f)], capsys)
    assert status == 2 and out == ""
    assert "not a text file" in one_error_line(err)


@pytest.mark.parametrize(
    ("command", "good"),
    [
        ("shanten", "123m456p789s1122z"),
        ("advise", "123m456p789s11225z"),
        ("score", "123m456p789s11555z --win 1z --seat S"),
    ],
)
def test_a_line_that_is_not_utf8_is_reported_and_the_batch_goes_on(
    command: str, good: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    f = tmp_path / "hands.txt"
    f.write_bytes(good.encode() + b"\n\xff\xfe caf\xe9\n" + good.encode() + b"\n")
    status, out, err = run([command, "--batch", str(f)], capsys)
    rows = [json.loads(x) for x in out.splitlines()]
    assert status == 1 and err == ""
    assert len(rows) == 3
    assert "error" not in rows[0] and "error" not in rows[2]
    assert rows[1]["line"] == 2 and "UTF-8" in rows[1]["error"]


@pytest.mark.parametrize("command", ["shanten", "advise", "score"])
@pytest.mark.parametrize("where", ["missing", "folder"])
def test_a_batch_path_that_is_not_a_file(
    command: str, where: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "nothing-here" if where == "missing" else tmp_path
    status, out, err = run([command, "--batch", str(path)], capsys)
    assert status == 2 and out == ""
    line = one_error_line(err)
    assert str(path) in line
    assert ("No such file" in line) if where == "missing" else ("folder" in line)


def test_score_batch_errors_carry_their_line_number(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    f = tmp_path / "wins.txt"
    f.write_text(
        "# a comment\n"
        "123m456p789s11555z --win 1z --seat S\n"
        "\n"
        "123m456p789s11555z --win 1z --honba lots\n"
        "123m --win 1m\n"
    )
    status, out, _ = run(["score", "--batch", str(f)], capsys)
    rows = [json.loads(x) for x in out.splitlines()]
    assert status == 1
    assert "line" not in rows[0] and rows[0]["total"] == 1600
    assert rows[1]["line"] == 4 and "--honba" in rows[1]["error"]
    assert rows[1]["input"] == "123m456p789s11555z --win 1z --honba lots"
    assert rows[2]["line"] == 5 and "13 or 14 tiles" in rows[2]["error"]


@pytest.mark.parametrize("command", ["shanten", "advise", "score"])
def test_the_echo_of_a_huge_bad_line_is_cut(
    command: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    f = tmp_path / "big.txt"
    f.write_text("1" * 1_000_000 + "x\n")
    status, out, _ = run([command, "--batch", str(f)], capsys)
    (row,) = [json.loads(x) for x in out.splitlines()]
    assert status == 1 and len(out) < 2_000
    assert row["line"] == 1 and "(1000001 characters)" in row["input"]
    assert len(row["error"]) < 300


# --- numbers out of range ----------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "said"),
    [
        (["score", "123m456p789s11555z", "--honba", "99999999999999999999"], "0 to 999"),
        (["score", "123m456p789s11555z", "--deposits", "-1"], "0 to 999"),
        (["score", "123m456p789s11555z", "--kita", "5"], "0 to 4"),
        (["selfplay", "--games", "0"], "1 to 1000000000"),
        (["selfplay", "--games", "1e23"], "not a whole number"),
        (["selfplay", "--games", "-3"], "1 to 1000000000"),
        (["selfplay", "--seed", "-1"], "out of range"),
        (["selfplay", "--time-budget", "-1"], "positive number of seconds"),
        (["selfplay", "--time-budget", "nan"], "positive number of seconds"),
        (["play", "--time-budget", "0"], "positive number of seconds"),
        (["replay", "--jobs", "0", "x.xml"], "1 to 256"),
    ],
)
def test_absurd_numbers_are_refused_with_their_range(
    args: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as info:
        main(args)
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert said in err and "Traceback" not in err


def test_a_hand_of_the_wrong_size_says_which_sizes_a_hand_has(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, _, err = run(["shanten", "123m456p789s111z"], capsys)
    line = one_error_line(err)
    assert status == 2
    assert "3n+1 or 3n+2 tiles" in line and "12 is neither" in line
    status, _, err = run(["advise", "123m456p789s11112233z"], capsys)
    assert status == 2 and "at most 14 tiles" in one_error_line(err) and "not 17" in err


# --- output files ------------------------------------------------------------------


def test_selfplay_log_on_a_file_or_under_a_file(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    f = tmp_path / "taken"
    f.write_text("keep me")
    for log in (f, f / "below"):
        status, out, err = run(["selfplay", "--games", "1", "--log", str(log)], capsys)
        assert status == 2 and out == ""
        assert str(log) in one_error_line(err)
    assert f.read_text() == "keep me"
    status, _, _ = run(["selfplay", "--games", "1", "--log", str(tmp_path / "a" / "b")], capsys)
    assert status == 0 and (tmp_path / "a" / "b" / "match_0.jsonl").is_file()


def _unwritable(tmp_path: Path) -> Path:
    """A path that cannot be opened for writing, for root as for anyone."""
    if os.geteuid() != 0:
        locked = tmp_path / "locked"
        locked.mkdir()
        locked.chmod(0o500)
        return locked / "game.jsonl"
    return Path("/proc/self/no-such-entry.jsonl")


@pytest.mark.parametrize("where", ["folder", "missing parent", "unwritable"])
def test_play_log_that_cannot_be_written(
    where: str, tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import io

    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n"))
    log = {
        "folder": tmp_path,
        "missing parent": tmp_path / "no" / "game.jsonl",
        "unwritable": _unwritable(tmp_path),
    }[where]
    status, out, err = run(["play", "--seed", "1", "--log", str(log)], capsys)
    assert status == 2
    assert "your hand" not in out  # refused before the match starts
    assert str(log) in one_error_line(err)


# --- replay ------------------------------------------------------------------------


def _corrupt_copy(game: Path, to: Path) -> Path:
    data = bytearray(game.read_bytes())
    for i in range(200, 260):  # inside the deflate stream, after the gzip header
        data[i] ^= 0x5A
    to.write_bytes(bytes(data))
    return to


@pytest.mark.skipif(len(GAMES) < 2, reason="needs two Tenhou games from shared/data")
@pytest.mark.parametrize("jobs", ["1", "2"])
def test_replay_reports_a_corrupt_gzip_and_goes_on(
    jobs: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    folder = tmp_path / "games"
    folder.mkdir()
    shutil.copy(GAMES[0], folder / "a.xml.gz")
    _corrupt_copy(GAMES[0], folder / "b.xml.gz")
    shutil.copy(GAMES[1], folder / "c.xml.gz")
    (folder / "d.xml").write_bytes(b"\x00\x01 not a record")
    status, out, err = run(["replay", "--jobs", jobs, str(folder)], capsys)
    lines = out.splitlines()
    assert status == 1 and "Traceback" not in err
    assert lines[0].startswith(f"{folder / 'a.xml.gz'}: ok")
    assert lines[1].startswith(f"{folder / 'b.xml.gz'}: error") and "gzip" in lines[1]
    assert lines[2].startswith(f"{folder / 'c.xml.gz'}: ok")
    assert lines[3].startswith(f"{folder / 'd.xml'}: error")
    assert re.match(r"total: 4 games, \d+ rounds: 2 ok, 0 diverged, 2 errors", lines[4])


def test_replay_survives_a_reader_that_fails_unexpectedly(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import jantaku.cli.replay as cli_replay

    def broken(path: object) -> object:
        raise ZeroDivisionError("a reader bug")

    monkeypatch.setattr(cli_replay, "replay_path", broken)
    status, out, _ = run(["replay", str(tmp_path / "x.xml"), str(tmp_path / "y.xml")], capsys)
    lines = out.splitlines()
    assert status == 1 and len(lines) == 3
    assert all("error: ZeroDivisionError: a reader bug" in x for x in lines[:2])
    assert lines[2].startswith("total: 2 games")


# --- help --------------------------------------------------------------------------


def _subparsers(parser: argparse.ArgumentParser) -> dict[str, argparse.ArgumentParser]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return dict(action.choices)
    return {}


def test_every_help_text_is_plain() -> None:
    parser = build_parser()
    texts = {"jantaku": parser.format_help()}
    texts |= {name: p.format_help() for name, p in _subparsers(parser).items()}
    assert set(texts) >= {"shanten", "advise", "score", "rules", "play", "replay", "selfplay"}
    for name, text in texts.items():
        assert "``" not in text and ":func:" not in text and ":mod:" not in text, name
        assert not re.search(r"\([A-Z]\d+[a-z]?[;)]", text), name  # rule ids like (T4; …)
        assert "::" not in text, name


# --- who pays ----------------------------------------------------------------------

DAISANGEN = "123m99p[555-z][666=z][777+z]"


@pytest.mark.parametrize(
    ("args", "pays", "seats"),
    [
        (  # a tsumo paid by the liable seat alone, honba included
            ["--tsumo", "--seat", "S", "--pao", "W", "--honba", "2"],
            "32000 from W + 2 honba (+600 from W)",
            "E 0  S +32600  W -32600  N 0",
        ),
        (  # a ron on another seat's discard: half each, the honba from the discarder
            ["--ron", "--seat", "S", "--from", "E", "--pao", "W", "--honba", "2"],
            "16000 from E, 16000 from W + 2 honba (+600 from E)",
            "E -16600  S +32600  W -16000  N 0",
        ),
        (  # the liable seat dealt in: it pays it all, as any ron
            ["--ron", "--seat", "S", "--from", "W", "--pao", "W", "--honba", "1"],
            "32000 from W + 1 honba (+300 from W)",
            "E 0  S +32300  W -32300  N 0",
        ),
        (  # no pao: a plain tsumo's honba are paid by each
            ["--tsumo", "--seat", "S", "--honba", "2"],
            "8000/16000 + 2 honba (+200 each)",
            "E -16200  S +32600  W -8200  N -8200",
        ),
    ],
)
def test_score_says_who_pays_what(
    args: list[str], pays: str, seats: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, _ = run(["score", DAISANGEN, "--win", "9p", *args], capsys)
    lines = out.splitlines()
    assert status == 0
    assert lines[-1] == pays
    assert lines[-2] == f"  seats: {seats}"
    status, out, _ = run(["score", DAISANGEN, "--win", "9p", *args, "--json"], capsys)
    assert json.loads(out)["payment"] == pays.split(" + ")[0]


# --- play's time budget --------------------------------------------------------------


@pytest.mark.parametrize(
    ("option", "budgets"),
    [([], None), (["--time-budget", "3"], [None, 3.0, 3.0, 3.0])],
)
def test_play_times_the_bots_and_never_you(
    option: list[str],
    budgets: list[float | None] | None,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    import io

    import jantaku.cli.play as cli_play

    seen: dict[str, object] = {}

    def fake_match(*args: object, **kwargs: object) -> None:
        seen.update(kwargs)

    monkeypatch.setattr(cli_play, "play_match", fake_match)
    monkeypatch.setattr(sys, "stdin", io.StringIO(""))
    assert main(["play", "--seed", "1", *option]) == 0
    assert seen["time_budget"] == budgets
