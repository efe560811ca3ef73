"""The TCP mjai server and client (the original protocol) against each other, against
scripted bots in the test, and with the ``mjai`` package's bots through the client.

Every server binds 127.0.0.1 on a free port.
"""

from __future__ import annotations

import contextlib
import io
import json
import socket
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from jantaku.agents import EfficiencyAgent
from jantaku.cli import main
from jantaku.cli.mjai_client import play_remote, play_remote_bot
from jantaku.cli.mjai_server import HELLO, serve
from jantaku.errors import AgentError, JantakuError
from jantaku.logs.mjai import loads_game
from jantaku.match import MatchResult, play_match
from jantaku.rules import TENHOU, TENHOU_SANMA, Rules

LAUNCHER = Path(__file__).with_name("mjai_peer_bot.py")
TIMEOUT = 60.0  # generous: a busy machine must not fail a test


@pytest.fixture
def listening() -> Iterator[socket.socket]:
    with socket.create_server(("127.0.0.1", 0)) as server:
        yield server


def _run_server(
    server: socket.socket, rules: Rules, **kwargs: Any
) -> tuple[threading.Thread, dict[str, Any]]:
    box: dict[str, Any] = {}

    def target() -> None:
        try:
            box["results"] = serve(server, rules, timeout=TIMEOUT, **kwargs)
        except BaseException as e:
            box["error"] = e

    thread = threading.Thread(target=target, daemon=True)
    thread.start()
    return thread, box


def _tsumogiri_bot(port: int, name: str, seen: list[dict[str, Any]] | None = None) -> None:
    """A scripted bot of the original protocol: discards what it draws, else passes."""
    with socket.create_connection(("127.0.0.1", port), timeout=TIMEOUT) as sock:
        f = sock.makefile("rw", encoding="utf-8", newline="\n")
        assert json.loads(f.readline()) == HELLO
        f.write(json.dumps({"type": "join", "name": name, "room": "default"}) + "\n")
        f.flush()
        seat = -1
        for line in f:
            e = json.loads(line)
            if seen is not None:
                seen.append(e)
            if e["type"] == "start_game":
                seat = e["id"]
            answer: dict[str, Any] = {"type": "none"}
            if e["type"] == "tsumo" and e["actor"] == seat:
                answer = {"type": "dahai", "actor": seat, "pai": e["pai"], "tsumogiri": True}
            f.write(json.dumps(answer) + "\n")
            f.flush()
            if e["type"] == "end_game":
                break


def _threads(fns: list[Callable[[], object]]) -> list[threading.Thread]:
    threads = [threading.Thread(target=fn, daemon=True) for fn in fns]
    for t in threads:
        t.start()
    return threads


@pytest.mark.parametrize("rules", [TENHOU, TENHOU_SANMA], ids=["4p", "3p"])
def test_scripted_bots_play_a_match_over_tcp(listening: socket.socket, rules: Rules) -> None:
    port = listening.getsockname()[1]
    log = io.StringIO()
    server, box = _run_server(listening, rules, seed=3, log=log)
    seen: list[dict[str, Any]] = []
    bots = _threads(
        [
            (lambda i=i: _tsumogiri_bot(port, f"bot{i}", seen if i == 0 else None))
            for i in range(rules.players)
        ]
    )
    for t in [*bots, server]:
        t.join(TIMEOUT)
    assert "error" not in box, box.get("error")
    (result,) = box["results"]
    assert isinstance(result, MatchResult) and sum(result.scores) <= rules.players * 40_000
    events = loads_game(log.getvalue())
    assert len(events) == len(result.log)
    # the first bot saw its own seat and only its own hand
    start = next(e for e in seen if e["type"] == "start_game")
    deal = next(e for e in seen if e["type"] == "start_kyoku")
    me = start["id"]
    assert all(t == "?" for i, hand in enumerate(deal["tehais"]) if i != me for t in hand)
    assert "jantaku_seed" not in start
    assert seen[-1]["type"] == "end_game"


def test_a_bot_in_another_room_is_turned_away(listening: socket.socket) -> None:
    port = listening.getsockname()[1]
    server, box = _run_server(listening, TENHOU)
    with socket.create_connection(("127.0.0.1", port), timeout=TIMEOUT) as sock:
        f = sock.makefile("rw", encoding="utf-8", newline="\n")
        assert json.loads(f.readline())["type"] == "hello"
        f.write('{"type":"join","name":"x","room":"elsewhere"}\n')
        f.flush()
        reply = json.loads(f.readline())
        assert reply["type"] == "error" and "room" in reply["message"]
        assert f.readline() == ""  # closed
    # the table is still free: four bots of the right room play there
    for t in _threads([(lambda i=i: _tsumogiri_bot(port, f"bot{i}")) for i in range(4)]):
        t.join(TIMEOUT)
    server.join(TIMEOUT)
    assert "error" not in box and len(box["results"]) == 1


def test_a_bot_that_leaves_stops_the_match_with_its_seat(listening: socket.socket) -> None:
    port = listening.getsockname()[1]
    server, box = _run_server(listening, TENHOU)
    joined = threading.Event()

    def quitter() -> None:
        with socket.create_connection(("127.0.0.1", port), timeout=TIMEOUT) as sock:
            f = sock.makefile("rw", encoding="utf-8", newline="\n")
            f.readline()
            f.write('{"type":"join","name":"quitter","room":"default"}\n')
            f.flush()
            joined.set()
            f.readline()  # start_game: leave without answering

    first = _threads([quitter])
    assert joined.wait(TIMEOUT)
    others = _threads([(lambda i=i: _swallow(port, i)) for i in range(3)])
    for t in [*first, server, *others]:
        t.join(TIMEOUT)
    error = box.get("error")
    assert isinstance(error, AgentError) and error.seat == 0


def _swallow(port: int, i: int) -> None:
    with contextlib.suppress(OSError, ValueError):  # the server closes the table
        _tsumogiri_bot(port, f"bot{i}")


def test_client_refuses_a_server_that_is_not_there() -> None:
    with socket.create_server(("127.0.0.1", 0)) as s:
        port = s.getsockname()[1]
    with pytest.raises(JantakuError):
        play_remote(("127.0.0.1", port), [sys.executable, "-c", "pass"], timeout=5)


def test_client_command_line_refuses_an_unknown_bot(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["mjai-client", "127.0.0.1:1", "--agent", "nobody"]) == 2
    assert "mjai:COMMAND" in capsys.readouterr().err
    assert main(["mjai-client", "127.0.0.1:1", "--agent", "mjai:"]) == 2


@pytest.mark.parametrize("rules", [TENHOU, TENHOU_SANMA], ids=["4p", "3p"])
def test_built_in_bots_through_the_client_play_as_at_home(
    listening: socket.socket, rules: Rules, capsys: pytest.CaptureFixture[str]
) -> None:
    """``jantaku mjai-server`` and a ``jantaku mjai-client --agent efficiency`` at every
    seat play the very match that ``play_match`` plays with efficiency bots and the same
    seed: each client's bot sees only its seat's events, and decides as at home."""
    port = listening.getsockname()[1]
    log = io.StringIO()
    server, box = _run_server(listening, rules, seed=5, log=log)
    address = f"127.0.0.1:{port}"
    clients = _threads(
        [
            (lambda: main(["mjai-client", address, "--agent", "efficiency", "--name", "eff"]))
            for _ in range(rules.players)
        ]
    )
    for t in [*clients, server]:
        t.join(TIMEOUT * 4)
    assert "error" not in box, box.get("error")
    (result,) = box["results"]
    home = io.StringIO()
    expected = play_match(
        [EfficiencyAgent() for _ in range(rules.players)],
        rules,
        5,
        home,
        names=["eff"] * rules.players,
    )
    assert result.scores == expected.scores and result.rounds == expected.rounds
    assert log.getvalue() == home.getvalue()
    out = capsys.readouterr().out
    assert out.count(f"end_game: scores {list(expected.scores)}") == rules.players


def test_peer_bots_join_through_the_client(listening: socket.socket) -> None:
    """The ``mjai`` package's RulebaseBot, bridged by ``jantaku mjai-client``, plays a
    whole match at ``jantaku mjai-server``: jantaku's server and client against each
    other with an external bot at every seat."""
    pytest.importorskip("mjai")
    port = listening.getsockname()[1]
    log = io.StringIO()
    server, box = _run_server(listening, TENHOU, seed=6, log=log)
    command = [sys.executable, str(LAUNCHER), "KyuushuBot", "{seat}"]
    finals: list[Any] = []
    clients = _threads(
        [
            (lambda i=i: finals.append(play_remote(("127.0.0.1", port), command, name=f"rb{i}")))
            for i in range(4)
        ]
    )
    for t in [*clients, server]:
        t.join(TIMEOUT * 4)
    assert "error" not in box, box.get("error")
    (result,) = box["results"]
    assert sum(result.scores) == 100_000 and result.draws.get("kyuushu_kyuuhai") == 1
    assert finals == [list(result.scores)] * 4


def test_client_refuses_a_built_in_bot_it_does_not_know() -> None:
    with pytest.raises(AgentError, match="unknown agent"):
        play_remote_bot(("127.0.0.1", 1), "mjai:bot", timeout=5)
