"""The page's JSON: melds turned towards their giver, actions, tile codes, views."""

from __future__ import annotations

from typing import Any

from jantaku.engine import Referee, observe
from jantaku.meld import parse_meld
from jantaku.web.protocol import action_json, meld_json, tile_code, view_json


def _meld(text: str) -> dict[str, Any]:
    return meld_json(parse_meld(text))


def test_the_called_tile_lies_sideways_towards_its_giver() -> None:
    chii = _meld("[3-45m]")  # chii: always from the left, on the left
    assert (chii["tiles"], chii["sideways"], chii["from"]) == (["3m", "4m", "5m"], 0, 3)
    left = _meld("[5-55p]")
    assert left["sideways"] == 0 and left["from"] == 3
    across = _meld("[55=5p]")
    assert across["sideways"] == 1 and across["from"] == 2
    right = _meld("[555+p]")
    assert right["sideways"] == 2 and right["from"] == 1
    kan = _meld("[7777+z]")
    assert kan["sideways"] == 3 and len(kan["tiles"]) == 4
    ankan = _meld("[1111z]")
    assert ankan["sideways"] == -1 and ankan["down"] == [0, 3]


def test_a_kakan_lays_the_added_tile_on_the_sideways_one() -> None:
    kakan = _meld("[055=*5s]")
    side, added = kakan["sideways"], kakan["added"]
    assert added == side + 1 and len(kakan["tiles"]) == 4
    assert sorted(kakan["tiles"]) == ["0s", "5s", "5s", "5s"]


def test_red_fives_and_honors_have_their_own_codes() -> None:
    assert [tile_code(t) for t in (4, 34, 13, 35, 22, 36, 27, 31, 33)] == [
        "5m",
        "0m",
        "5p",
        "0p",
        "5s",
        "0s",
        "1z",
        "5z",
        "7z",
    ]


def test_a_view_holds_no_other_hand_and_actions_carry_their_mjai_form() -> None:
    ref = Referee(seed=4)
    seat, legal = next(iter(ref.pending().items()))
    v = view_json(observe(ref.state, seat))
    assert len(v["hand"]) + (v["drawn"] is not None) == 14
    assert v["hand_sizes"] == [14, 13, 13, 13] and "hands" not in v
    acts = [action_json(i, a, 4) for i, a in enumerate(legal)]
    assert all(a["mjai"]["actor"] == seat for a in acts if "actor" in a["mjai"])
    assert {a["kind"] for a in acts} >= {"dahai"}
