"""The replay viewer's walls: each round's wall from the record's seed, each frame's place in it.

A Tenhou record with a seed keeps it in ``start_game`` when the viewer reads it, and the
viewer's answer carries each round's wall and, frame by frame, how far the game has
taken from it. Checked on real records of ``/work/shared/data`` (skipped when absent):
every live draw, replacement draw and kan dora the frames show is the wall's tile at the
place the counts name, and the seat to draw next is the seat that draws.
"""

from __future__ import annotations

import gzip
import json
from pathlib import Path
from typing import Any

import pytest

from jantaku.events import StartGame
from jantaku.logs.tenhou_wall import SEED_PREFIX
from jantaku.web.replay import read_record, replay_json
from jantaku.web.uploads import UploadLimits, replay_upload

DATA = Path(__file__).resolve().parents[3] / "shared" / "data"
needs_data = pytest.mark.skipif(
    not (DATA / "tenhou_xml").is_dir(), reason="the game records of shared/data are absent"
)
# a four-player game with kans and kan dora; a sanma game with north set aside and kan dora
RECORDS = [
    DATA / "paired_xml_json/mjx/2016052515gm-00a9-0000-c4d72066.xml",
    DATA / "tenhou_xml/agony5757_houou_2020/2020010102gm-00b9-0000-af4210cc.xml.gz",
]
_MJAI_TILES = {"E": "1z", "S": "2z", "W": "3z", "N": "4z", "P": "5z", "F": "6z", "C": "7z"}


def _code(mjai: str) -> str:
    """An mjai tile name as the page's tile code (``5mr`` → ``0m``)."""
    if mjai in _MJAI_TILES:
        return _MJAI_TILES[mjai]
    return "0" + mjai[1] if mjai.endswith("r") else mjai


def _viewer(path: Path) -> dict[str, Any]:
    events, rules = read_record(path.read_bytes())
    return replay_json(events, rules)


@needs_data
@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.name.split(".")[0])
def test_every_tile_the_frames_show_is_the_walls(path: Path) -> None:
    data = _viewer(path)
    assert data["error"] is None
    n = data["players"]
    live_len, rinshan_len = (70, 4) if n == 4 else (55, 8)
    seen = {"live": 0, "rinshan": 0, "dora": 0}
    wall: dict[str, Any] = {}
    previous: list[int] | None = None
    for frame in data["frames"]:
        e = frame["event"]
        if e["type"] == "start_kyoku":
            wall = next(r["wall"] for r in data["rounds"] if data["frames"][r["frame"]] is frame)
            assert len(wall["live"]) == live_len and len(wall["rinshan"]) == rinshan_len
            assert len(wall["dora"]) == len(wall["ura"]) == 5
            assert _code(e["dora_marker"]) == wall["dora"][0]
            assert frame["wall"] == [0, 0, 1, e["oya"]]
            assert wall["dice"] == e["dice"]
        if "wall" not in frame:
            assert e["type"] in ("start_game", "end_game", "end_kyoku")
            continue
        drawn, used, turned, nxt = frame["wall"]
        if e["type"] in ("tsumo", "dahai", "pon", "chi", "kakan", "ankan", "daiminkan", "kita"):
            assert nxt == (e["actor"] + 1) % n  # the seat after the last to act draws next
        if e["type"] == "tsumo" and previous is not None and drawn > previous[0]:
            assert _code(e["pai"]) == wall["live"][drawn - 1]
            assert e["actor"] == previous[3]  # the seat named to draw next drew
            seen["live"] += 1
        elif e["type"] == "tsumo":
            assert previous is not None and used == previous[1] + 1
            assert _code(e["pai"]) == wall["rinshan"][used - 1]
            seen["rinshan"] += 1
        elif e["type"] == "dora":
            assert _code(e["dora_marker"]) == wall["dora"][turned - 1]
            seen["dora"] += 1
        previous = frame["wall"]
    assert min(seen.values()) > 0, seen


@needs_data
def test_the_seed_travels_in_start_game_and_the_upload_answer_has_the_walls() -> None:
    path = RECORDS[0]
    events, _ = read_record(path.read_bytes())
    first = events[0]
    assert isinstance(first, StartGame) and first.extra is not None
    assert first.extra["shuffle"].startswith(SEED_PREFIX)
    answer = json.loads(gzip.decompress(replay_upload(path.read_bytes(), UploadLimits())))
    assert answer["rounds"][0]["wall"] == _viewer(path)["rounds"][0]["wall"]
    assert answer["tenhou6_json"] is not None


@needs_data
def test_records_without_a_seed_show_no_wall() -> None:
    for path in (
        DATA / "tenhou_xml/dnovikoff_tenhou/bug1.xml",
        DATA / "paired_xml_json/mjx/2016052515gm-00a9-0000-c4d72066.tenhou6.jsonl",
    ):
        data = _viewer(path)
        assert data["rounds"] and not any("wall" in r for r in data["rounds"])
        assert not any("wall" in f for f in data["frames"])


def test_an_unreadable_seed_shows_no_wall() -> None:
    xml = (
        f'<mjloggm ver="2.3"><SHUFFLE seed="{SEED_PREFIX}AAAA" ref=""/><GO type="169"/>'
        '<TAIKYOKU oya="0"/><INIT seed="0,0,0,1,1,52" ten="250,250,250,250" oya="0" '
        'hai0="0,4,32,36,68,72,104,108,112,116,120,124,128" '
        'hai1="1,2,3,5,6,7,9,10,11,13,14,15,17" hai2="37,38,39,40,41,42,43,44,45,46,47,48,49" '
        'hai3="73,74,75,76,77,78,79,80,81,82,83,84,85"/><T132/>'
        '<RYUUKYOKU type="yao9" ba="0,0" sc="250,0,250,0,250,0,250,0" '
        'hai0="0,4,32,36,68,72,104,108,112,116,120,124,128,132"/></mjloggm>'
    )
    events, rules = read_record(xml.encode())
    data = replay_json(events, rules)
    assert data["error"] is None and len(data["rounds"]) == 1
    assert "wall" not in data["rounds"][0]
