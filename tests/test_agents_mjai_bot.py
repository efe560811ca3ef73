"""An external mjai bot, driven through its pipes by a scripted mock peer process."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from jantaku.agents import MjaiBotAgent, RandomAgent, events_for
from jantaku.agents.mjai_bot import match_legal
from jantaku.errors import AgentError
from jantaku.events import (
    Chi,
    Dahai,
    EndGame,
    Hora,
    Pass,
    Pon,
    StartGame,
    StartKyoku,
    Tsumo,
    event_to_mjai,
)
from jantaku.match import play_match
from jantaku.tiles import UNKNOWN

# A tsumogiri bot in the mjai.app dialect: one JSON array of events in, one action out.
# It writes every message it receives to a file, so the test can see what it was shown.
PEER = r"""
import json, sys
record = open(sys.argv[1], "w")
seat = None
mode = sys.argv[2] if len(sys.argv) > 2 else "play"
for line in sys.stdin:
    events = json.loads(line)
    record.write(line)
    record.flush()
    for e in events:
        if e["type"] == "start_game":
            seat = e["id"]
    last = events[-1] if events else {}
    if mode == "garbage":
        print("this is not json", flush=True)
    elif mode == "quit":
        sys.exit(0)
    elif last.get("type") == "tsumo" and last.get("actor") == seat:
        print(json.dumps({"type": "dahai", "actor": seat, "pai": last["pai"],
                          "tsumogiri": True}), flush=True)
    else:
        print(json.dumps({"type": "none"}), flush=True)
"""


@pytest.fixture
def peer(tmp_path: Path) -> Path:
    script = tmp_path / "peer.py"
    script.write_text(PEER)
    return script


def test_an_external_bot_plays_a_match_seeing_only_its_seat(peer: Path, tmp_path: Path) -> None:
    record = tmp_path / "seen.jsonl"
    bot = MjaiBotAgent([sys.executable, str(peer), str(record)], name="peer", time_budget=None)
    result = play_match([RandomAgent(1), bot, RandomAgent(2), RandomAgent(3)], seed=4)
    assert isinstance(result.log[-1], EndGame)
    mine = [e for e in result.log if isinstance(e, Dahai) and e.actor == 1]
    assert mine and all(d.tsumogiri for d in mine)
    messages = [json.loads(line) for line in record.read_text().splitlines()]
    assert len(messages) > 50
    seen = [e for batch in messages for e in batch]
    start = seen[0]
    assert start["type"] == "start_game" and start["id"] == 1 and "seed" not in start
    kyoku = [e for e in seen if e["type"] == "start_kyoku"]
    assert kyoku and all(
        all(t == "?" for t in hand) == (i != 1) for k in kyoku for i, hand in enumerate(k["tehais"])
    )
    draws = [e for e in seen if e["type"] == "tsumo"]
    assert all((e["pai"] == "?") == (e["actor"] != 1) for e in draws)
    # everything public reached the bot, in order, up to the end of the match
    assert [e for e in seen if e["type"] == "dahai"] == [
        event_to_mjai(e) for e in result.log if isinstance(e, Dahai)
    ]
    assert seen[-1] == {"type": "end_game", **event_to_mjai(result.log[-1])}


def test_projection_hides_other_hands_and_the_seed() -> None:
    events = [
        StartGame(names=("a", "b", "c", "d"), seed=99),
        StartKyoku(
            bakaze=27,
            kyoku=1,
            honba=0,
            kyotaku=0,
            oya=0,
            dora_marker=5,
            scores=(25000,) * 4,
            tehais=tuple(tuple(range(i, i + 13)) for i in range(4)),
        ),
        Tsumo(0, 20),
        Tsumo(2, 21),
    ]
    seen = events_for(2, events)
    assert isinstance(seen[0], StartGame) and seen[0].seed is None
    assert seen[0].extra == {"id": 2}
    kyoku = seen[1]
    assert isinstance(kyoku, StartKyoku)
    assert kyoku.tehais[2] == tuple(range(2, 15))
    assert all(kyoku.tehais[i] == (UNKNOWN,) * 13 for i in (0, 1, 3))
    assert seen[2] == Tsumo(0, UNKNOWN) and seen[3] == Tsumo(2, 21)


def test_loose_mjai_answers_map_onto_the_legal_actions() -> None:
    legal = (
        Hora(actor=1, target=0, pai=5),
        Chi(1, 0, 5, (3, 4)),
        Pon(1, 0, 5, (5, 5)),
        Pass(1),
    )
    assert match_legal(Chi(1, 0, 5, (4, 3)), legal) == legal[1]
    assert match_legal(Hora(actor=1, target=0), legal) == legal[0]
    assert match_legal(Pass(1), legal) == Pass(1)
    odd = Pon(1, 0, 5, (6, 6))
    assert match_legal(odd, legal) is odd  # left for the driver to refuse


def test_a_bot_that_answers_garbage_or_quits_is_reported(peer: Path, tmp_path: Path) -> None:
    garbage = MjaiBotAgent(
        [sys.executable, str(peer), str(tmp_path / "g"), "garbage"], time_budget=None
    )
    with pytest.raises(AgentError, match="not json") as info:
        play_match([garbage, *(RandomAgent(i) for i in range(3))], seed=1)
    assert info.value.seat == 0
    quitter = MjaiBotAgent(
        [sys.executable, str(peer), str(tmp_path / "q"), "quit"], time_budget=None
    )
    with pytest.raises(AgentError, match="closed its output") as info:
        play_match([RandomAgent(0), RandomAgent(1), quitter, RandomAgent(2)], seed=1)
    assert info.value.seat == 2
    assert quitter._proc is None  # the process was let go


def test_selfplay_with_an_external_bot(
    peer: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    from jantaku.cli import main

    spec = f"mjai:{sys.executable} {peer} {tmp_path / 'seen.jsonl'}"
    status = main(
        [
            "selfplay",
            "--games",
            "1",
            "--agents",
            f"random,{spec},random,random",
            "--json",
            "--time-budget",
            "none",  # a busy machine may start a process slowly
        ]
    )
    assert status == 0
    out = json.loads(capsys.readouterr().out)
    assert out["games"] == 1 and f"1:{spec}" in out["agents"]
    assert (tmp_path / "seen.jsonl").read_text().count("start_kyoku") >= 4
