"""Events and actions in words: describe(), the engine's refusals and replay divergences
say tiles in notation and actions as a player says them (not ``Dahai(actor=2, pai=0, …)``)."""

from __future__ import annotations

import dataclasses
import io
import random
import re
from typing import Any

import pytest

from jantaku.agents import Agent, RandomAgent
from jantaku.engine import Referee, State, apply
from jantaku.engine.view import View
from jantaku.errors import IllegalActionError
from jantaku.events import (
    Ankan,
    Chi,
    Dahai,
    Daiminkan,
    Event,
    Hora,
    Kakan,
    Nukidora,
    Pass,
    Pon,
    Reach,
    Ryukyoku,
    StartGame,
    Tsumo,
    describe,
)
from jantaku.logs.mjai import read_game, write_game
from jantaku.logs.replay import replay_events
from jantaku.match import play_match
from jantaku.rules import PRESETS, TENHOU
from jantaku.tiles import format_tiles, parse_tiles

RAW = re.compile(r"actor=|pai=|consumed=|\w+\(")  # a repr of a dataclass


def _tile(text: str) -> int:
    return parse_tiles(text)[0]


@pytest.mark.parametrize(
    ("event", "words"),
    [
        (Dahai(2, _tile("1m"), False), "seat 2 discarded 1m"),
        (Dahai(0, _tile("0p"), True), "seat 0 discarded the drawn 0p"),
        (Tsumo(1, _tile("7z")), "seat 1 drew 7z"),
        (
            Chi(1, 0, _tile("3s"), parse_tiles("45s")),
            "seat 1 called chii on 3s from seat 0 with 45s",
        ),
        (
            Pon(3, 1, _tile("5z"), parse_tiles("55z")),
            "seat 3 called pon on 5z from seat 1 with 55z",
        ),
        (
            Daiminkan(0, 2, _tile("9m"), parse_tiles("999m")),
            "seat 0 called kan on 9m from seat 2 with 999m",
        ),
        (Kakan(1, _tile("0m"), parse_tiles("555m")), "seat 1 added 0m to the pon of 555m (kakan)"),
        (Ankan(2, parse_tiles("1111z")), "seat 2 declared a closed kan of 1111z (ankan)"),
        (Nukidora(1, _tile("4z")), "seat 1 set aside 4z (nukidora)"),
        (Reach(3), "seat 3 declared riichi"),
        (Hora(1, 1, _tile("8s")), "seat 1 won by tsumo on 8s"),
        (Hora(1, 2, _tile("8s")), "seat 1 won by ron on 8s from seat 2"),
        (Ryukyoku("exhaustive"), "the hand was drawn: the wall ran out (exhaustive draw)"),
        (
            Ryukyoku("kyuushu_kyuuhai", actor=0),
            "seat 0 declared a draw: nine terminals and honors (kyuushu kyuuhai)",
        ),
        (Pass(2), "seat 2 passed"),
        (StartGame(("a", "b", "c")), "the game began (3 players)"),
    ],
)
def test_describe_each_kind(event: Event | Pass, words: str) -> None:
    assert event.describe() == words == describe(event)


def test_describe_never_raises_on_a_bad_tile() -> None:
    assert "99" in Dahai(0, 99, False).describe()
    assert "'5m'" in Tsumo(0, "5m").describe()  # type: ignore[arg-type]


def _random(seed: int) -> Any:
    rng = random.Random(seed)
    return lambda _seat, _state, legal: rng.choice(legal)


@pytest.mark.parametrize("preset", ["tenhou", "tenhou-sanma"])
def test_every_event_of_a_match_describes_itself_in_words(preset: str) -> None:
    rules = dataclasses.replace(PRESETS[preset], flowers=4)
    seen: set[type] = set()
    for seed in range(3):
        for event in Referee(rules, seed=seed).play(_random(seed)):
            text = event.describe()
            assert text and not RAW.search(text), (event, text)
            seen.add(type(event))
    assert len(seen) >= 10


def test_an_illegal_event_is_refused_in_tile_notation() -> None:
    s = apply(State(TENHOU), StartGame(names=("a", "b", "c", "d")))
    with pytest.raises(IllegalActionError) as err:
        apply(s, Dahai(2, _tile("1m"), False))
    message = str(err.value)
    assert message == (
        "illegal action: seat 2 discarded 1m, but not now: no hand is dealt (start_kyoku phase)"
    )
    assert err.value.seat == 2 and err.value.action == Dahai(2, 0, False)


class _DiscardsWhatItLacks(Agent):
    """On its turn, discards a chun it does not hold (the raw tile id 33 used to show)."""

    def act(self, view: View, legal: tuple[Any, ...]) -> Any:
        chun = _tile("7z")
        if any(isinstance(a, Dahai) for a in legal) and chun not in view.hand:
            return Dahai(view.seat, chun, False)
        return legal[0]


def test_an_illegal_action_from_a_bot_shows_its_tile_in_notation() -> None:
    agents = [RandomAgent(0), _DiscardsWhatItLacks(), RandomAgent(2), RandomAgent(3)]
    with pytest.raises(IllegalActionError) as err:
        play_match(agents, seed=4)
    message = str(err.value)
    assert "seat 1 discarded 7z, but" in message, message
    assert not RAW.search(message) and "33" not in message


def test_an_mjai_replay_divergence_reads_as_a_player_says_it() -> None:
    """``record Dahai(actor=2, pai=0, tsumogiri=False), we not now: …`` before."""
    log = Referee(TENHOU, seed=6).play(_random(6))
    i = next(
        k for k, e in enumerate(log) if isinstance(e, Dahai) and not isinstance(log[k + 1], Hora)
    )
    twice = log[i]
    assert isinstance(twice, Dahai)
    text = io.StringIO()
    write_game([*log[: i + 1], twice, *log[i + 1 :]], text)  # one discard twice
    game = read_game(io.StringIO(text.getvalue()))
    assert game is not None
    replay = replay_events(game.events, TENHOU)
    assert replay.divergence is not None
    line = str(replay.divergence)
    said = f"seat {twice.actor} discarded {format_tiles([twice.pai])}, but "
    assert f"event {i + 1}: illegal: {said}" in line, line
    assert not RAW.search(line.split(": ", 1)[1]), line
