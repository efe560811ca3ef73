"""``jantaku score`` and ``jantaku rules`` on the command line (issue 3 §5)."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from jantaku.cli import main
from jantaku.cli.score import score_request
from jantaku.rules import PRESETS, Rules


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str]:
    status = main(argv)
    return status, capsys.readouterr().out


def test_score_text_breakdown(capsys: pytest.CaptureFixture[str]) -> None:
    # 003's worked example: 30 fu 3 han, non-dealer ron 3900, tsumo 1000/2000,
    # dealer tsumo 2000 all
    hand = "234p234s22m567m[2-34m]"
    status, out = run(
        ["score", hand, "--win", "7m", "--ron", "--seat", "S", "--dora", "6m"], capsys
    )
    assert status == 0
    assert "30 fu 3 han" in out and out.strip().endswith("3900")
    assert "tanyao" in out and "sanshoku doujun" in out and "dora" in out
    _, out = run(["score", hand, "--win", "7m", "--tsumo", "--seat", "S", "--dora", "6m"], capsys)
    assert out.strip().endswith("1000/2000")
    _, out = run(["score", hand, "--win", "7m", "--tsumo", "--seat", "E", "--dora", "6m"], capsys)
    assert out.strip().endswith("2000 all")
    _, out = run(
        [
            "score",
            hand,
            "--win",
            "7m",
            "--seat",
            "S",
            "--dora",
            "6m",
            "--honba",
            "1",
            "--deposits",
            "2",
        ],
        capsys,
    )
    assert out.strip().endswith("3900 + 1 honba (+300), deposits +2000")


def test_score_json(capsys: pytest.CaptureFixture[str]) -> None:
    status, out = run(
        [
            "score",
            "234m567p11s345678s",
            "--win",
            "8s",
            "--ron",
            "--riichi",
            "--seat",
            "S",
            "--round",
            "E",
            "--dora",
            "4p",
            "--ura",
            "1z",
            "--honba",
            "1",
            "--json",
        ],
        capsys,
    )
    data = json.loads(out)
    assert status == 0
    assert [y["id"] for y in data["yaku"]] == ["riichi", "pinfu"]
    assert (data["fu"], data["han"], data["dora"], data["total"]) == (30, 3, 1, 3900)
    assert data["deltas"] == [-4200, 4200, 0, 0]  # the dealer (before S) dealt in; +300 honba
    assert data["wait"] == "ryanmen" and data["reading"]["pair"] == "1s"


def test_score_default_win_is_the_last_tile(capsys: pytest.CaptureFixture[str]) -> None:
    _, out = run(["score", "123m456p789s11555z", "--seat", "S", "--json"], capsys)
    assert json.loads(out)["win"] == "5z"


def test_score_errors(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", "234m567p11s345678s", "--win", "8s"]) == 0
    capsys.readouterr()
    assert main(["score", "123m456p789s11z[7-89s]", "--win", "1z"]) == 2
    assert "no yaku" in capsys.readouterr().err
    assert main(["score", "234m567p11s345678s", "--win", "9s"]) == 2
    assert "not among" in capsys.readouterr().err


def test_score_batch(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "hands.txt"
    f.write_text(
        "123m456p789s11222z --win 1z --ron --riichi --seat S --dora 1m\n"
        "# a comment\n"
        "not a hand --win 1m\n"
        "19m19p19s12345677z --win 7z --tsumo --rules majsoul\n"
    )
    status, out = run(["score", "--batch", str(f)], capsys)
    lines = [json.loads(x) for x in out.splitlines()]
    assert status == 1 and len(lines) == 3
    assert lines[0]["total"] > 0 and "error" in lines[1]
    assert lines[2]["yakuman"] == 2 and lines[2]["rules"] == "majsoul"


def test_score_batch_stdin(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("234m567p11s345678s --win 8s --tsumo --seat S\n"))
    status, out = run(["score", "--batch", "-"], capsys)
    assert status == 0 and json.loads(out)["payment"] == "400/700"


@pytest.mark.parametrize("name", list(PRESETS))
def test_rules_command(name: str, capsys: pytest.CaptureFixture[str]) -> None:
    _, out = run(["rules", name], capsys)
    assert out.splitlines()[0] == f"rules: {name}"
    _, out = run(["rules", name, "--json"], capsys)
    assert Rules.from_json(out) == PRESETS[name]


def test_score_thirteen_tiles_and_win(capsys: pytest.CaptureFixture[str]) -> None:
    # issue 3 §5's example: 13 tiles, --win adds the winning tile; the same win written
    # with 14 tiles scores the same: riichi, seat wind south, one dora (2m), 40 fu 3 han,
    # a non-dealer ron of 5200 in 003's table
    flags = ["--win", "2z", "--ron", "--riichi", "--seat", "S", "--dora", "1m", "--json"]
    status, out = run(["score", "123m456p789s1122z", *flags], capsys)
    thirteen = json.loads(out)
    assert status == 0
    assert [y["id"] for y in thirteen["yaku"]] == ["riichi", "seat_wind_nan"]
    assert (thirteen["fu"], thirteen["han"], thirteen["dora"], thirteen["total"]) == (
        40,
        3,
        1,
        5200,
    )
    assert thirteen["wait"] == "shanpon" and thirteen["hand"] == "123m456p789s11222z"
    status, out = run(["score", "123m456p789s11222z", *flags], capsys)
    assert status == 0 and json.loads(out) == thirteen
    # with melds: 10 concealed tiles + a pon make 13
    status, out = run(["score", "123m456p789s1z[5-55z]", "--win", "1z", "--json"], capsys)
    data = json.loads(out)
    assert status == 0 and data["hand"].startswith("123m456p789s11z[")
    assert [y["id"] for y in data["yaku"]] == ["haku"] and data["wait"] == "tanki"


def test_score_thirteen_tiles_need_win(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", "123m456p789s1122z", "--ron", "--seat", "S"]) == 2
    assert "needs --win" in capsys.readouterr().err


def test_score_batch_thirteen_tiles(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = tmp_path / "hands.txt"
    f.write_text(
        "123m456p789s1122z --win 2z --ron --riichi --seat S --dora 1m\n"
        "123m456p789s11222z --win 2z --ron --riichi --seat S --dora 1m\n"
        "123m456p789s1122z --ron --riichi --seat S\n"
        "234m567p11s34567s --win 8s --tsumo --seat S\n"
    )
    status, out = run(["score", "--batch", str(f)], capsys)
    lines = [json.loads(x) for x in out.splitlines()]
    assert status == 1 and len(lines) == 4
    assert lines[0] == lines[1] and lines[0]["total"] == 5200
    assert "needs --win" in lines[2]["error"]
    assert lines[3]["payment"] == "400/700" and lines[3]["fu"] == 20


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--dora", "11111m"], "6 copies of 1m in sight"),  # 1m in the hand too
        (["--riichi", "--dora", "11z", "--ura", "1z"], "5 copies of 1z in sight"),
    ],
)
def test_indicators_beyond_four_copies_are_refused(
    capsys: pytest.CaptureFixture[str], extra: list[str], message: str
) -> None:
    """The hand and its indicators are tiles of one set: five dora indicators of 1m (or
    two 1z in hand and three 1z indicators) cannot be, and nothing is scored."""
    status = main(["score", "123m456p789s11555z", "--win", "1z", *extra])
    out, err = capsys.readouterr()
    assert status == 2 and out == ""
    assert message in err and err.count("\n") == 1
    line = " ".join(["123m456p789s11555z", "--win", "1z", *extra])
    assert message in score_request(line)["error"]
