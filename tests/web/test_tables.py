"""The table driver's rules for people: toggles, the timer, and the serve command."""

from __future__ import annotations

import asyncio
from typing import Any

import pytest
from starlette.testclient import TestClient
from webhelp import efficiency_script, next_prompt

from jantaku.agents import Agent
from jantaku.cli import SUBCOMMANDS, build_parser
from jantaku.cli.serve import is_loopback
from jantaku.events import Chi, Dahai, Hora, Pass, Pon, Reach, event_to_mjai
from jantaku.web.app import create_app
from jantaku.web.protocol import Act, ProtocolError
from jantaku.web.store import WebStore
from jantaku.web.tables import SeatPrefs, Setup, Table, Tables, _automatic, default_action


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
    with TestClient(app) as client:
        m = client.post(
            "/api/matches", json={"preset": "tenhou", "seed": 5, "timer": 1, "length": "east_only"}
        ).json()
        with client.websocket_connect(f"/ws/{m['id']}?token={m['links'][0]['token']}") as ws:
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
    with TestClient(app) as client:
        m = client.post(
            "/api/matches", json={"preset": "tenhou", "seed": 364, "length": "east_only"}
        ).json()
        with client.websocket_connect(f"/ws/{m['id']}?token={m['links'][0]['token']}") as ws:
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
    with TestClient(app) as client:
        ids = []
        for pace in (0, 20):
            m = client.post(
                "/api/matches",
                json={"preset": "tenhou", "seed": 5, "length": "east_only", "pace": pace},
            ).json()
            ids.append(m["id"])
            msgs: list[dict[str, Any]] = []
            with client.websocket_connect(f"/ws/{m['id']}?token={m['links'][0]['token']}") as ws:
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
