"""The TCP mjai server and client (the original protocol) against each other, against
scripted bots in the test, and with the ``mjai`` package's bots through the client.

Every server binds 127.0.0.1 on a free port.
"""

from __future__ import annotations

import io
import json
import socket
import sys
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import IO, Any

import pytest

from jantaku.agents import EfficiencyAgent
from jantaku.cli import main
from jantaku.cli.mjai_client import play_remote, play_remote_bot
from jantaku.cli.mjai_server import HELLO, failure_event, serve
from jantaku.engine import Referee
from jantaku.errors import AgentError, ArgumentError, JantakuError, LogFormatError
from jantaku.logs.mjai import MjaiReader, dumps_game, loads_game, read_games
from jantaku.match import FailedMatch, MatchResult, play_match
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
    kwargs.setdefault("timeout", TIMEOUT)

    def target() -> None:
        try:
            box["results"] = serve(server, rules, **kwargs)
        except BaseException as e:
            box["error"] = e

    thread = threading.Thread(target=target, daemon=True)
    thread.start()
    return thread, box


def _tsumogiri_bot(
    port: int,
    name: str,
    seen: list[dict[str, Any]] | None = None,
    *,
    joined: threading.Event | None = None,
    fault: str | None = None,
) -> None:
    """A scripted bot of the original protocol: discards what it draws, else passes,
    until ``end_game`` or an ``error`` line. ``joined`` is set once the server has
    accepted it and its ``join`` is sent. With a ``fault``, at its first draw it answers
    ``"garbage"``, ``"leaves"`` (closes its connection) or stays ``"silent"``; with
    ``"no goodbye"`` it leaves at ``end_game`` without answering it."""
    with socket.create_connection(("127.0.0.1", port), timeout=TIMEOUT) as sock:
        f = sock.makefile("rw", encoding="utf-8", newline="\n")
        assert json.loads(f.readline()) == HELLO
        f.write(json.dumps({"type": "join", "name": name, "room": "default"}) + "\n")
        f.flush()
        if joined is not None:
            joined.set()
        seat = -1
        for line in f:
            e = json.loads(line)
            if seen is not None:
                seen.append(e)
            if e["type"] == "error":
                break
            if e["type"] == "start_game":
                seat = e["id"]
            answer = json.dumps({"type": "none"})
            if e["type"] == "tsumo" and e["actor"] == seat:
                if fault == "leaves":
                    f.close()
                    return
                if fault == "silent":
                    continue  # the next line is the server's error
                discard = {"type": "dahai", "actor": seat, "pai": e["pai"], "tsumogiri": True}
                answer = "garbage\x1b[2J" if fault == "garbage" else json.dumps(discard)
            if e["type"] == "end_game" and fault == "no goodbye":
                break  # as the original mjai's client: leave without answering end_game
            f.write(answer + "\n")
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


SHORT = 2.0  # the --timeout of a test that waits for it once


def _join_in_order(
    port: int, names: list[str], seen: dict[str, list[dict[str, Any]]], fault: dict[str, str]
) -> list[threading.Thread]:
    """Bots that join one after the other, so that ``names[i]`` takes seat ``i``."""
    threads = []
    for name in names:
        joined = threading.Event()
        threads += _threads(
            [
                lambda name=name, joined=joined: _tsumogiri_bot(
                    port, name, seen[name], joined=joined, fault=fault.get(name)
                )
            ]
        )
        assert joined.wait(TIMEOUT)
    return threads


@pytest.mark.parametrize(
    ("fault", "seat", "timeout", "reason"),
    [
        ("garbage", 0, TIMEOUT, "the bot answered 'garbage\\x1b[2J', which is not JSON"),
        ("garbage", 2, TIMEOUT, "the bot answered 'garbage\\x1b[2J', which is not JSON"),
        ("leaves", 1, TIMEOUT, "the bot closed its connection"),
        ("silent", 0, SHORT, f"the bot gave no answer within {SHORT:g} s"),
    ],
    ids=["garbage-first-decision", "garbage-later", "leaves", "silent"],
)
def test_a_bot_that_fails_loses_its_match_and_the_next_is_played(
    listening: socket.socket, fault: str, seat: int, timeout: float, reason: str
) -> None:
    """A bot that answers garbage, leaves or stays silent at its first draw loses that
    match only: it is reported with its seat, name and reason, every bot at the table
    is told, the log marks the failure, and the second match is played in full."""
    port = listening.getsockname()[1]
    log, out = io.StringIO(), io.StringIO()
    server, box = _run_server(listening, TENHOU, games=2, seed=7, log=log, out=out, timeout=timeout)
    names = [f"good{i}" for i in range(4)]
    names[seat] = "culprit"
    seen: dict[str, list[dict[str, Any]]] = {name: [] for name in names}
    for t in _join_in_order(port, names, seen, {"culprit": fault}):
        t.join(TIMEOUT)
        assert not t.is_alive()
    second = _threads([(lambda i=i: _tsumogiri_bot(port, f"next{i}")) for i in range(4)])
    for t in [*second, server]:
        t.join(TIMEOUT)
    assert "error" not in box, box.get("error")
    failure, result = box["results"]

    # the failure: its match, seat, bot and reason; the second match played in full
    assert failure == FailedMatch(game=1, seed=7, seat=seat, agent="culprit", reason=reason)
    assert isinstance(result, MatchResult) and result.seed == 8
    assert sorted(result.names) == [f"next{i}" for i in range(4)]
    printed = out.getvalue()
    assert f"game 1 failed (seed 7): seat {seat} (culprit): {reason}\n" in printed
    assert "game 2: seed 8: " in printed and "\x1b" not in printed

    # every bot at the table (the culprit too, if it still listens) is told why
    told = {"type": "error", "message": f"the match stopped: seat {seat} (culprit): {reason}"}
    for name in names:
        if name != "culprit" or fault != "leaves":
            assert seen[name][-1] == told, name

    # the log: the failed match up to the failing draw, the marker, the second match
    lines = log.getvalue().splitlines()
    where = next(i for i, line in enumerate(lines, 1) if json.loads(line)["type"] == "error")
    assert json.loads(lines[where - 1]) == failure_event(failure)
    assert json.loads(lines[where - 1])["actor"] == seat
    opening = dumps_game(Referee(TENHOU, 7, tuple(names)).log)  # start_game, deal, draw
    assert log.getvalue().startswith(opening)
    last = json.loads(lines[where - 2])
    assert last["type"] == "tsumo" and last["actor"] == seat
    assert "\n".join(lines[where:]) + "\n" == dumps_game(result.log)

    # jantaku's reader: leniently, an unfinished game naming the marker, then the next
    # game whole; strictly, the marker is refused with its line number
    reader = MjaiReader(lines)
    broken, whole = reader.read_game(), reader.read_game()
    assert reader.read_game() is None
    assert broken is not None and whole is not None
    assert broken.header is not None and broken.header.names == tuple(names)
    assert not broken.complete
    assert [(e.line, e.reason) for e in broken.errors] == [
        (where, "unknown event type 'error'"),
        (where + 1, "the game has no end_game"),
    ]
    assert whole.complete and not whole.errors and len(whole.events) == len(result.log)
    with pytest.raises(LogFormatError, match=f"^{where}: unknown event type 'error'$"):
        MjaiReader(lines).read_game(strict=True)


def test_a_bot_may_leave_without_answering_end_game(listening: socket.socket) -> None:
    """The original mjai's client leaves at end_game without an answer: the match is over
    and counts in full."""
    port = listening.getsockname()[1]
    server, box = _run_server(listening, TENHOU, seed=4)
    seen: dict[str, list[dict[str, Any]]] = {f"bot{i}": [] for i in range(4)}
    for t in [*_join_in_order(port, list(seen), seen, {"bot1": "no goodbye"}), server]:
        t.join(TIMEOUT)
    assert "error" not in box, box.get("error")
    (result,) = box["results"]
    assert isinstance(result, MatchResult) and seen["bot1"][-1]["type"] == "end_game"


def _connect(port: int) -> tuple[socket.socket, IO[str]]:
    """A connection the server has greeted."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=TIMEOUT)
    f = sock.makefile("rw", encoding="utf-8", newline="\n")
    assert json.loads(f.readline()) == HELLO
    return sock, f


def test_connections_that_do_not_join_are_turned_away(listening: socket.socket) -> None:
    """A connection that never sends join (it times out), one that sends garbage, one
    that sends bytes that are not UTF-8 and one that leaves: each is told why (if it
    listens), closed and reported, and the table is then taken by four bots."""
    port = listening.getsockname()[1]
    out = io.StringIO()
    server, box = _run_server(listening, TENHOU, timeout=SHORT, out=out)
    replies: list[str] = []
    silent, f = _connect(port)  # the server waits for its join, SHORT seconds
    with silent:
        replies.append(f.readline())
        assert f.readline() == ""
    lines = [b"garbage\n", b'{"type":"join","name":"\xff"}\n', b"[1]\n", b"[" * 100_000 + b"\n"]
    for line in lines:
        sock, f = _connect(port)
        with sock:
            sock.sendall(line)
            replies.append(f.readline())
            assert f.readline() == ""
    gone, f = _connect(port)
    f.close()
    gone.close()
    for t in _threads([(lambda i=i: _tsumogiri_bot(port, f"bot{i}")) for i in range(4)]):
        t.join(TIMEOUT)
    server.join(TIMEOUT)
    assert "error" not in box, box.get("error")
    (result,) = box["results"]
    assert isinstance(result, MatchResult)
    said = [json.loads(reply) for reply in replies]
    assert all(s["type"] == "error" for s in said)
    assert f"no join within {SHORT:g} s" in said[0]["message"]
    assert said[1]["message"] == "bad join: not JSON: 'garbage'"
    assert said[2]["message"] == "bad join: a line that is not UTF-8 text"
    assert said[3]["message"].startswith('expected e.g. {"type":"join"')
    assert said[4]["message"].startswith("bad join: not JSON: '[[[[")
    printed = out.getvalue()
    assert printed.count("turned away 127.0.0.1:") == 6
    assert "the connection was closed before join" in printed


def test_the_command_line_goes_on_after_a_failed_match_and_exits_1(
    listening: socket.socket,
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
) -> None:
    port = listening.getsockname()[1]
    monkeypatch.setattr(socket, "create_server", lambda address, **kwargs: listening)
    path = tmp_path / "matches.jsonl"
    box: dict[str, Any] = {}
    args = ["mjai-server", "--port", "0", "--games", "2", "--seed", "3", "--log", str(path)]
    server = _threads([lambda: box.update(status=main(args))])
    names = ["culprit", "good1", "good2", "good3"]
    seen: dict[str, list[dict[str, Any]]] = {name: [] for name in names}
    for t in _join_in_order(port, names, seen, {"culprit": "garbage"}):
        t.join(TIMEOUT)
    second = _threads([(lambda i=i: _tsumogiri_bot(port, f"next{i}")) for i in range(4)])
    for t in [*second, *server]:
        t.join(TIMEOUT)
    assert box["status"] == 1
    printed = capsys.readouterr().out.splitlines()
    assert printed[-1] == "2 games: 1 finished, 1 failed (game 1)"
    assert any(line.startswith("game 1 failed (seed 3): seat 0 (culprit): ") for line in printed)
    failed, finished = read_games(path)
    assert not failed.complete and finished.complete and not finished.errors


@pytest.mark.parametrize(
    ("options", "said"),
    [
        (["--port", "70000"], "give 0 to 65535"),
        (["--port", "-1"], "give 0 to 65535"),
        (["--port", "0", "--games", "0"], "give 1 to"),
        (["--port", "0", "--timeout", "0"], "positive number of seconds"),
        (["--port", "0", "--timeout", "nan"], "positive number of seconds"),
    ],
)
def test_bad_options_are_refused_in_one_line(
    options: list[str], said: str, capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as info:
        main(["mjai-server", *options])
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err
    (line,) = [x for x in err.splitlines() if "error:" in x]
    assert said in line


def test_a_port_in_use_is_refused_in_one_line(
    listening: socket.socket, capsys: pytest.CaptureFixture[str]
) -> None:
    port = listening.getsockname()[1]
    assert main(["mjai-server", "--port", str(port)]) == 2
    (line,) = capsys.readouterr().err.splitlines()
    assert line.startswith(f"jantaku: error: cannot listen on 127.0.0.1:{port}: ")


def test_serve_refuses_no_games_and_a_bad_timeout(listening: socket.socket) -> None:
    with pytest.raises(ArgumentError, match="games"):
        serve(listening, TENHOU, games=0)
    with pytest.raises(ArgumentError, match="positive number of seconds"):
        serve(listening, TENHOU, timeout=-1)


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
