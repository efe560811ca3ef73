"""``jantaku shanten`` and ``jantaku advise`` through ``jantaku.cli.main``."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest
from mahjong.shanten import Shanten

from jantaku.cli import main
from jantaku.tiles import counts34, parse_tiles


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_shanten_human_output(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "shanten", "23m456p789s11122z")
    assert status == 0
    lines = out.splitlines()
    assert lines[0] == "🀈🀉🀜🀝🀞🀖🀗🀘🀀🀀🀀🀁🀁   23m456p789s11122z"
    assert lines[1] == "shanten 0 (tenpai)"
    assert "seven pairs 4" in lines[2] and "kokushi 9" in lines[2]
    assert "🀇 1m  ryanmen  4 left" in out and "🀊 4m  ryanmen  4 left" in out


def test_shanten_json_has_minimum_and_each_form(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "shanten", "--json", "19m19p19s1234567z")
    assert status == 0
    obj = json.loads(out)
    assert (obj["shanten"], obj["regular"], obj["seven_pairs"], obj["kokushi"]) == (0, 8, 6, 0)
    assert len(obj["waits"]) == 13
    assert {tuple(w["shapes"]) for w in obj["waits"]} == {("kokushi_13",)}


def test_shanten_with_melds_leaves_out_seven_pairs_and_kokushi(
    capsys: pytest.CaptureFixture[str],
) -> None:
    status, out, _ = run(capsys, "shanten", "--json", "1133m5577p [2222z]")
    obj = json.loads(out)
    assert status == 0
    assert obj["hand"] == "1133m5577p[2222z]"
    assert obj["seven_pairs"] is None and obj["kokushi"] is None
    assert (
        obj["shanten"]
        == obj["regular"]
        == Shanten.calculate_shanten(counts34(parse_tiles("1133m5577p")))
    )


def test_visible_tiles_lower_remaining(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "shanten", "--json", "--visible", "111m", "23m456p789s11122z")
    waits = {w["tile"]: w["remaining"] for w in json.loads(out)["waits"]}
    assert waits == {"1m": 1, "4m": 4}


def test_advise_table_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "advise", "23m456p789s111225z")
    assert status == 0
    assert out.splitlines()[2].startswith("discard")
    assert out.splitlines()[3].split()[1:5] == ["5z", "0", "8", "0"]
    status, out, _ = run(capsys, "advise", "--json", "23m456p789s111225z")
    obj = json.loads(out)
    first = obj["options"][0]
    assert (first["discard"], first["shanten"], first["accepts"], first["total"]) == (
        "5z",
        0,
        ["1m", "4m"],
        8,
    )
    assert all(o["loss"] is None for o in obj["options"] if o["shanten"] > 0)


def test_batch_goes_on_after_a_bad_line(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "hands.txt"
    path.write_text("123m456p789s1122z\n55555m\n\n1112345678999m\n12m\n", encoding="utf-8")
    status, out, _ = run(capsys, "shanten", "--batch", str(path))
    assert status == 1
    rows = [json.loads(line) for line in out.splitlines()]
    assert len(rows) == 4
    assert rows[0]["shanten"] == 0
    assert rows[1]["line"] == 2 and "5 copies" in rows[1]["error"]
    assert len(rows[2]["waits"]) == 9
    assert rows[3] == {
        "hand": "12m",
        "shanten": 0,
        "regular": 0,
        "seven_pairs": None,
        "kokushi": None,
    }


def test_batch_from_stdin(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("23m456p789s111225z\n1m\n"))
    status, out, _ = run(capsys, "advise", "--batch", "-")
    rows = [json.loads(line) for line in out.splitlines()]
    assert status == 1
    assert rows[0]["options"][0]["discard"] == "5z"
    assert "error" in rows[1]


def test_bad_hand_exits_with_status_2(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "shanten", "123x")
    assert status == 2 and "position 3" in err
    status, _, err = run(capsys, "shanten")
    assert status == 2 and "HAND or --batch" in err
    status, _, err = run(capsys, "advise", "123m456p789s1122z")
    assert status == 2 and "advisor needs" in err


def test_shanten_lists_acceptance_of_a_waiting_size_hand(
    capsys: pytest.CaptureFixture[str],
) -> None:
    _, out, _ = run(capsys, "shanten", "23m56p789s123s11z7z")
    assert "shanten 1 (1-shanten)" in out
    assert "accepts (16 left): 1m×4 4m×4 4p×4 7p×4" in out
    _, out, _ = run(capsys, "shanten", "--json", "--visible", "44p", "23m56p789s123s11z7z")
    obj = json.loads(out)
    assert obj["accepts"] == ["1m", "4m", "4p", "7p"]
    assert obj["accepts_remaining"] == [4, 4, 2, 4]
    assert obj["waits"] == []


def test_the_hands_own_melds_are_in_sight(capsys: pytest.CaptureFixture[str]) -> None:
    """Three 1m in the hand's own pon and one given as visible: no 1m is left, and the
    wait on it is dead (0 left), for shanten and advise alike."""
    hand = "23m456p789s11z[111=m]"
    _, out, _ = run(capsys, "shanten", "--json", hand)
    assert {w["tile"]: w["remaining"] for w in json.loads(out)["waits"]} == {"1m": 1, "4m": 4}
    status, out, _ = run(capsys, "shanten", "--visible", "1m", hand)
    assert status == 0
    assert "waits (4 left):" in out and "1m  ryanmen  0 left" in out
    status, out, _ = run(capsys, "advise", "--json", "--visible", "1m", "23m456p789s115z[111=m]")
    first = json.loads(out)["options"][0]
    assert status == 0
    assert (first["discard"], first["accepts"], first["remaining"], first["total"]) == (
        "5z",
        ["1m", "4m"],
        [0, 4],
        4,
    )


@pytest.mark.parametrize(
    ("command", "hand", "visible"),
    [
        ("shanten", "23m456p789s11z[111=m]", "11m"),  # 3 in the pon, 2 visible
        ("shanten", "1111m456p789s111z", "1m"),  # 4 concealed, 1 visible
        ("advise", "23m456p789s115z[111=m]", "11m"),
    ],
)
def test_more_than_four_copies_in_sight_is_refused(
    capsys: pytest.CaptureFixture[str], command: str, hand: str, visible: str
) -> None:
    status, out, err = run(capsys, command, "--visible", visible, hand)
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and "5 copies of 1m in sight" in err


def test_a_batch_line_with_more_than_four_copies_in_sight_is_an_error(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "hands.txt"
    path.write_text("23m456p789s11z[111=m]\n23m456p789s11z[555=p]\n", encoding="utf-8")
    status, out, _ = run(capsys, "shanten", "--visible", "11m", "--batch", str(path))
    rows = [json.loads(line) for line in out.splitlines()]
    assert status == 1
    assert "5 copies of 1m" in rows[0]["error"]
    assert {w["tile"]: w["remaining"] for w in rows[1]["waits"]} == {"1m": 2, "4m": 4}
