"""mjai JSON-lines logs: the reader and writer on real files and on malformed input."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

import corpus
from jantaku.errors import LogFormatError
from jantaku.events import (
    Dahai,
    EndGame,
    EndKyoku,
    Hora,
    Ryukyoku,
    StartGame,
    StartKyoku,
    Tsumo,
    event_from_mjai,
    event_to_mjai,
)
from jantaku.logs.mjai import MjaiReader, dumps_game, loads_game, read_game, read_games
from jantaku.rules import PRESETS

DATA = corpus.DATA / "mjai" / "riichienv_selfplay"
FILES = sorted(DATA.glob("*.jsonl"))


def test_the_corpus_is_there() -> None:
    assert len(FILES) == 2


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_foreign_mjai_files_read_without_errors(path: Path) -> None:
    games = read_games(path, strict=True)
    assert len(games) == 1
    game = games[0]
    assert game.complete and game.errors == []
    assert game.header is not None and game.header.names == ("0", "1", "2", "3")
    # the foreign list-valued seed is kept aside, not taken for ours
    assert game.seed() is None
    assert game.header.extra is not None and isinstance(game.header.extra["seed"], list)
    kyoku = [e for e in game.events if isinstance(e, StartKyoku)]
    ends = [e for e in game.events if isinstance(e, EndKyoku)]
    results = [e for e in game.events if isinstance(e, Hora | Ryukyoku)]
    assert len(kyoku) == len(ends) and len(results) >= len(kyoku)
    assert all(len(k.tehais) == 4 and all(len(h) == 13 for h in k.tehais) for k in kyoku)


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
def test_foreign_mjai_round_trips_exactly(path: Path) -> None:
    """mjai → events → mjai is the identity, line by line, on the other simulator's logs."""
    lines = [line for line in path.read_text().splitlines() if line.strip()]
    events = loads_game("\n".join(lines))
    assert len(events) == len(lines)
    for line, event in zip(lines, events, strict=True):
        assert event_to_mjai(event) == json.loads(line)
    # and our own writing of them reads back to the same events, byte-stable
    text = dumps_game(events)
    assert loads_game(text) == events
    assert dumps_game(loads_game(text)) == text


def test_plain_ryukyoku_reads_as_exhaustive_and_writes_back_plain() -> None:
    obj = {"type": "ryukyoku", "deltas": [1000, 1000, 1000, -3000]}
    event = event_from_mjai(obj)
    assert isinstance(event, Ryukyoku) and event.reason == "exhaustive"
    assert event_to_mjai(event) == obj
    abort = Ryukyoku(reason="suufon_renda", deltas=(0, 0, 0, 0))
    assert event_to_mjai(abort)["reason"] == "suufon_renda"
    assert event_from_mjai(event_to_mjai(abort)) == abort


def test_extensions_round_trip_with_rules() -> None:
    rules = PRESETS["textbook"]
    header = StartGame(names=("a", "b", "c", "d"), seed=42, rules=rules.to_dict())
    events = [header, Tsumo(0, 5), Dahai(0, 5, True), EndGame(scores=(1, 2, 3, 4))]
    game = read_game(io.StringIO(dumps_game(events)), strict=True)
    assert game is not None
    assert game.rules() == rules and game.seed() == 42
    assert game.events == events


def _lines(*objs: object) -> str:
    return "".join((o if isinstance(o, str) else json.dumps(o)) + "\n" for o in objs)


START = {"type": "start_game", "names": ["a", "b", "c", "d"]}


def test_errors_carry_line_numbers_lenient_and_strict() -> None:
    text = _lines(
        START,
        "",
        "{not json",
        {"type": "tsumo", "actor": 0, "pai": "0m"},
        {"type": "dahai", "actor": 7, "pai": "1m", "tsumogiri": True},
        {"type": "tsumo", "actor": 0, "pai": "1m"},
        {"type": "end_game"},
    )
    game = read_game(io.StringIO(text), source="g.jsonl")
    assert game is not None
    assert [e.line for e in game.errors] == [3, 4, 5]
    assert all(e.source == "g.jsonl" for e in game.errors)
    assert "not JSON" in str(game.errors[0]) and "bad tile" in str(game.errors[1])
    assert "seat" in str(game.errors[2])
    assert game.events == [StartGame(names=("a", "b", "c", "d")), Tsumo(0, 0), EndGame()]
    assert game.lines == [1, 6, 7]
    with pytest.raises(LogFormatError) as info:
        read_game(io.StringIO(text), strict=True)
    assert info.value.line == 3


def test_several_games_one_per_call_with_running_line_numbers() -> None:
    one = _lines(START, {"type": "end_game"})
    cut = _lines(START, {"type": "tsumo", "actor": 0, "pai": "1m"})
    reader = MjaiReader(io.StringIO(one + cut + one))
    first = reader.read_game()
    second = reader.read_game()
    third = reader.read_game()
    assert reader.read_game() is None
    assert first is not None and first.complete and first.lines == [1, 2]
    assert second is not None and not second.complete
    assert [str(e) for e in second.errors] == ["5: the game has no end_game"]
    assert third is not None and third.complete and third.lines == [5, 6]
    with pytest.raises(LogFormatError, match="no end_game"):
        read_game(io.StringIO(cut), strict=True)


def test_a_game_without_start_game_is_reported() -> None:
    game = read_game(io.StringIO(_lines({"type": "end_kyoku"}, {"type": "end_game"})))
    assert game is not None and not game.complete
    assert [e.line for e in game.errors] == [1]


def test_bad_rules_in_header_are_a_log_error() -> None:
    text = _lines({**START, "rules": {"players": 4}}, {"type": "end_game"})
    game = read_game(io.StringIO(text))
    assert game is not None
    with pytest.raises(LogFormatError, match="bad rules"):
        game.rules()


def test_empty_input_has_no_game() -> None:
    assert read_game(io.StringIO("\n\n")) is None
    with pytest.raises(LogFormatError):
        loads_game("")


def test_gzipped_logs_read_like_plain_ones(tmp_path: Path) -> None:
    import gzip

    plain = FILES[0]
    packed = tmp_path / (plain.name + ".gz")
    packed.write_bytes(gzip.compress(plain.read_bytes()))
    (a,) = read_games(plain, strict=True)
    (b,) = read_games(packed, strict=True)
    assert a.events == b.events and b.source == str(packed)
