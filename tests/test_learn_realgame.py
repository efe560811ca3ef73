"""Real games' positions looked at again, and an example hand for every yaku.

- the continuation of a Houou position reads the seat's next draws from the record's own
  wall (its seed), and they are the draws the record shows for that seat, up to the first
  call or the round's end; a record whose draws were changed no longer agrees;
- the defensive bot's view of a position is the bot's own choice and its threats;
- every yaku the scorer knows has an example that ``score_win`` scores as that yaku.
"""

from __future__ import annotations

import os
import pty
import subprocess
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest

from corpus import DATA
from jantaku.agents.defensive import DefensiveAgent
from jantaku.engine import legal_actions
from jantaku.events import Ankan, Chi, Dahai, Daiminkan, Hora, Kakan, Pon, Ryukyoku, Tsumo
from jantaku.learn import LearnStore, check, question
from jantaku.learn.examples import EXAMPLES, example, situation_of
from jantaku.learn.positions import build_positions
from jantaku.learn.realgame import DRAWS, continuation, defense_of, locate, review
from jantaku.learn.reference import reference
from jantaku.meld import read_hand_tiles
from jantaku.scoring import YAKU, score_win
from jantaku.tiles import KIND_OF, format_tiles

HOUOU = DATA / "tenhou_xml" / "agony5757_houou_2020"
needs_records = pytest.mark.skipif(
    not HOUOU.is_dir(), reason=f"the Houou records are not at {HOUOU}"
)


@pytest.fixture(scope="module")
def positions() -> list[dict[str, Any]]:
    if not HOUOU.is_dir():
        pytest.skip(f"the Houou records are not at {HOUOU}")
    return list(build_positions([HOUOU], every=16, games=3))


def _recorded_draws(events: Any, index: int, seat: int, limit: int) -> list[str]:
    """The seat's draws the record shows after ``index``, up to a call or the round's end."""
    out: list[str] = []
    for e in events[index + 1 :]:
        if isinstance(e, Chi | Pon | Daiminkan | Kakan | Ankan | Hora | Ryukyoku):
            break
        if isinstance(e, Tsumo) and e.actor == seat:
            out.append(format_tiles([e.pai]))
            if len(out) == limit:
                break
    return out


@needs_records
def test_the_continuation_draws_are_the_recorded_draws(positions: list[dict[str, Any]]) -> None:
    lengths = []
    for pos in positions:
        loc = locate(pos)
        event = loc.events[loc.index]
        assert isinstance(event, Dahai) and event.actor == loc.view.seat
        c = continuation(loc, [KIND_OF[event.pai]])
        assert c["available"], c
        assert c["draws"] == _recorded_draws(loc.events, loc.index, loc.view.seat, DRAWS)
        assert c["draws"] == c["recorded"]
        assert (c["why"] is None) == (len(c["draws"]) == DRAWS)
        lengths.append(len(c["draws"]))
    assert len(positions) > 60
    assert sum(n >= 3 for n in lengths) >= 20  # most positions see several draws
    assert lengths.count(DRAWS) >= 10


@needs_records
def test_the_continuation_is_read_from_the_wall_not_the_record(
    positions: list[dict[str, Any]],
) -> None:
    """Swap two of the seat's later draws in the events: the wall still says otherwise."""
    pos = next(p for p in positions if len(review(p, None)["continuation"]["draws"]) == DRAWS)
    loc = locate(pos)
    seat = loc.view.seat
    mine = [
        i
        for i, e in enumerate(loc.events)
        if i > loc.index and isinstance(e, Tsumo) and e.actor == seat
    ][:DRAWS]
    a, b = next(
        (x, y)
        for x in mine
        for y in mine
        if x < y and KIND_OF[loc.events[x].pai] != KIND_OF[loc.events[y].pai]  # type: ignore[union-attr]
    )
    events = list(loc.events)
    ea, eb = events[a], events[b]
    assert isinstance(ea, Tsumo) and isinstance(eb, Tsumo)
    events[a], events[b] = replace(ea, pai=eb.pai), replace(eb, pai=ea.pai)
    changed = continuation(replace(loc, events=events), [KIND_OF[loc.events[loc.index].pai]])  # type: ignore[union-attr]
    assert changed["draws"] == continuation(loc, [0])["draws"]  # the wall's, as before
    assert changed["draws"] != changed["recorded"]


@needs_records
def test_each_line_is_played_on_the_wall_s_draws(positions: list[dict[str, Any]]) -> None:
    for pos in positions:
        r = review(pos, None)
        c = r["continuation"]
        for line in c["lines"]:
            assert [s["draw"] for s in line["steps"]] == c["draws"][: len(line["steps"])]
            if line["won"] is not None:
                assert line["steps"][-1]["shanten"] == -1
            elif line["tenpai_at"]:
                assert line["steps"][line["tenpai_at"] - 1]["shanten"] == 0
    # a position whose seat won by tsumo later: the recorded line wins on the same draw
    for pos in positions:
        loc = locate(pos)
        seat = loc.view.seat
        c = review(pos, None)["continuation"]
        won = c["why"] and c["why"]["kind"] == "end" and c["why"]["who"] == "you"
        if won and c["why"]["how"] == "tsumo" and len(c["draws"]) == 1:
            line = c["lines"][0]
            assert line["won"] is not None and line["won"]["draw"] == 1, (pos["key"], line)
            assert line["won"]["yaku"]
            hora = next(e for e in loc.events[loc.index :] if isinstance(e, Hora))
            assert hora.actor == seat and line["won"]["points"] > 0


@needs_records
def test_the_defensive_bot_s_view(positions: list[dict[str, Any]]) -> None:
    threatened = 0
    for pos in positions:
        loc = locate(pos)
        legal = legal_actions(loc.state, loc.view.seat)
        d = defense_of(loc.view, legal, loc.rules)
        bot = DefensiveAgent(loc.rules).act(loc.view, [a for a in legal if isinstance(a, Dahai)])
        assert isinstance(bot, Dahai) and d["tile"] == format_tiles([KIND_OF[bot.pai]])
        kinds = {format_tiles([KIND_OF[t]]) for t in loc.view.hand}
        assert {r["tile"] for r in d["tiles"]} == kinds
        assert d["stance"] in ("push", "fold", "forced")
        for r in d["tiles"]:
            assert len(r["deal_in"]) == len(d["threats"])
            assert r["cost"] >= 0
        if any(t["why"] == "riichi" for t in d["threats"]):
            threatened += 1
            # a tile in the riichi seat's pond cannot deal in against it (genbutsu)
            riichi = next(i for i, t in enumerate(d["threats"]) if t["why"] == "riichi")
            pond = {x["tile"] for x in pos["rivers"][d["threats"][riichi]["seat"]]}
            for r in d["tiles"]:
                if r["tile"] in pond:
                    assert r["deal_in"][riichi] == 0
    assert threatened >= 3


@needs_records
def test_a_wrong_answer_shows_the_bot_and_the_wall(tmp_path: Path) -> None:
    store = LearnStore(tmp_path / "l.sqlite3")
    store.add_positions(build_positions([HOUOU], every=16, games=1))
    shown = 0
    for row in store.position_ids("houou"):
        q = question(f"discard/houou/{row}", store)
        wrong = next((t for t in q.prompt["hand"] if t not in q.answer["best"]), None)
        if wrong is None:
            continue
        v = check(q, {"tile": wrong})
        d = v.detail
        assert "defense" in d and "continuation" in d
        assert "where" not in d  # the record's path stays on the server
        assert d["review_lines"] >= 2
        tail = v.explanation[-d["review_lines"] :]
        assert tail[0].startswith("the defensive bot discards " + d["defense"]["tile"])
        assert any(line.startswith("the wall's next draws") for line in tail)
        if d["continuation"]["draws"]:
            assert any(line.startswith(f"discarding {wrong.replace('0', '5')}") for line in tail)
            shown += 1
    assert shown >= 5
    store.close()


def test_a_moved_record_says_so(tmp_path: Path) -> None:
    pos = {"record": str(tmp_path / "gone.xml"), "game": 0, "event": 5, "choice": "1m"}
    assert "no longer at" in review(pos, None)["missing"]
    assert "names no record" in review({"choice": "1m"}, None)["missing"]


@needs_records
def test_the_terminal_houou_drill_shows_the_bot_and_the_wall(tmp_path: Path) -> None:
    db = tmp_path / "t.sqlite3"
    store = LearnStore(db)
    store.add_positions(build_positions([HOUOU], every=16, games=1))
    q = question(f"discard/houou/{store.position_ids('houou')[2]}", store)
    store.close()
    env = dict(os.environ, JANTAKU_DB=str(db))
    main, child = pty.openpty()
    proc = subprocess.Popen(
        [
            sys.executable,
            "-c",
            "import sys; from jantaku.cli import main; sys.exit(main())",
            "drill",
            "discard",
            "--level",
            "houou",
            "--seed",
            "2",
            "--count",
            "1",
        ],
        stdin=child,
        stdout=child,
        stderr=child,
        env=env,
        close_fds=True,
    )
    os.close(child)
    os.write(main, (q.answer["best"][0] + "\n").encode())
    out = b""
    while True:
        try:
            chunk = os.read(main, 4096)
        except OSError:
            break
        if not chunk:
            break
        out += chunk
    proc.wait(60)
    os.close(main)
    text = out.decode()
    assert "the defensive bot discards" in text, text
    assert "the wall's next draws" in text, text
    assert proc.returncode == 0


# --- an example hand for every yaku -------------------------------------------------------


@pytest.mark.parametrize("yaku_id", [y.id for y in YAKU])
def test_every_yaku_has_an_example_that_scores_as_it(yaku_id: str) -> None:
    assert yaku_id in EXAMPLES, f"no example hand for {yaku_id}"
    r = score_win(situation_of(yaku_id))
    assert yaku_id in [y.id for y in r.yaku], (yaku_id, r.yaku)
    ex = example(yaku_id)
    assert yaku_id in [y["id"] for y in ex["yaku"]]
    assert ex["total"] == r.total and ex["han"] == r.han
    # what the page draws is the hand scored: the concealed tiles less the winning tile
    concealed, melds = read_hand_tiles(EXAMPLES[yaku_id].hand)
    assert sorted(ex["hand"] + [ex["win"]]) == sorted(format_tiles([t]) for t in concealed)
    assert len(ex["melds"]) == len(melds)
    assert len(concealed) + 3 * len(melds) == 14


def test_the_examples_are_the_registry_s() -> None:
    assert set(EXAMPLES) == {y.id for y in YAKU}
    ref = reference("tenhou")
    assert all(y["example"] is not None for y in ref["yaku"])


@needs_records
def test_building_in_two_processes_gives_the_same_positions() -> None:
    one = list(build_positions([HOUOU], every=16, games=6))
    assert list(build_positions([HOUOU], every=16, games=6, jobs=2)) == one
    assert len(one) > 100


@needs_records
def test_one_s_own_flagged_discards_carry_the_bot_s_view() -> None:
    """A person's match (here a Houou game's events, played by a "human" in seat 0): each
    flagged discard keeps the defensive bot's view, and its review shows it."""
    from types import SimpleNamespace

    from jantaku.learn.discard import from_position
    from jantaku.learn.positions import flagged_discards, record_files
    from jantaku.logs.tenhou import read_game

    game = read_game(record_files([HOUOU])[0])
    match = SimpleNamespace(
        id="m1",
        status="done",
        seats=("human", "efficiency", "efficiency", "efficiency"),
        preset="tenhou",
        length="east_south",
    )
    web = SimpleNamespace(matches=lambda limit: [match], events=lambda _id: list(game.events))
    found = [pos for _id, pos in flagged_discards(web)]
    assert found
    for pos in found:
        d = pos["defense"]
        assert d["tile"] in {r["tile"] for r in d["tiles"]}
        q = from_position("discard/mine/1", "mine", pos)
        wrong = next((t for t in q.prompt["hand"] if t not in q.answer["best"]), None)
        if wrong is not None:
            v = check(q, {"tile": wrong})
            assert any(line.startswith("the defensive bot discards") for line in v.explanation)
            assert "continuation" not in v.detail  # one's own matches have no recorded wall


def test_the_terminal_shows_the_example_hands(capsys: pytest.CaptureFixture[str]) -> None:
    from jantaku.cli import main

    assert main(["drill", "yaku", "pinfu", "toitoi"]) == 0
    out = capsys.readouterr().out
    assert "scores as: pinfu 1 han — 30 fu 1 han" in out
    assert "[111=m][999-p]" in out and "ron from the right" in out
    assert main(["drill", "yaku"]) == 0
    assert capsys.readouterr().out.count("scores as:") == len(YAKU)
