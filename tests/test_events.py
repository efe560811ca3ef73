"""Events and actions: the mjai codec round-trips exactly and refuses malformed input."""

from __future__ import annotations

import json

import pytest

import corpus
from jantaku.errors import LogFormatError
from jantaku.events import (
    Ankan,
    Chi,
    Dahai,
    Daiminkan,
    Dora,
    EndGame,
    EndKyoku,
    Event,
    Hora,
    Kakan,
    Nukidora,
    Pass,
    Penalty,
    Pon,
    Reach,
    ReachAccepted,
    Ryukyoku,
    StartGame,
    StartKyoku,
    Tsumo,
    action_from_mjai,
    dumps,
    event_from_mjai,
    event_to_mjai,
)
from jantaku.tiles import parse_tiles
from scenarios import t

DATA = corpus.DATA / "mjai" / "riichienv_selfplay"


EXAMPLES: list[Event] = [
    StartGame(names=("a", "b", "c", "d"), seed=42, rules={"players": 4}),
    StartKyoku(
        bakaze=t("1z"),
        kyoku=1,
        honba=0,
        kyotaku=0,
        oya=0,
        dora_marker=t("0p"),
        scores=(25000,) * 4,
        tehais=tuple(parse_tiles("1112345678999m") for _ in range(4))[:4],
        dice=(3, 5),
        wall_break=22,
    ),
    Tsumo(actor=0, pai=t("7z")),
    Dahai(actor=0, pai=t("0m"), tsumogiri=False),
    Chi(actor=1, target=0, pai=t("3m"), consumed=parse_tiles("45m")),
    Pon(actor=2, target=1, pai=t("5z"), consumed=parse_tiles("55z")),
    Daiminkan(actor=3, target=2, pai=t("9s"), consumed=parse_tiles("999s")),
    Kakan(actor=2, pai=t("5z"), consumed=parse_tiles("555z")),
    Ankan(actor=1, consumed=parse_tiles("0555p")),
    Nukidora(actor=0, pai=t("4z")),
    Dora(dora_marker=t("1s")),
    Reach(actor=3),
    ReachAccepted(actor=3),
    Hora(
        actor=1,
        target=3,
        pai=t("3p"),
        deltas=(0, 8000, 0, -8000),
        ura_markers=parse_tiles("4z"),
        yaku=(("riichi", 1), ("dora", 3)),
        han=4,
        fu=40,
        points=8000,
        scores=(25000, 33000, 25000, 17000),
    ),
    Ryukyoku(reason="exhaustive", deltas=(1500, -1500, 1500, -1500), tenpai=(0, 2)),
    Ryukyoku(reason="kyuushu_kyuuhai", actor=2, deltas=(0, 0, 0, 0)),
    Penalty(actor=0, reason="chombo", deltas=(-12000, 4000, 4000, 4000)),
    EndKyoku(),
    EndGame(scores=(40000, 30000, 20000, 10000), result=(50.0, 10.0, -20.0, -40.0)),
]


@pytest.mark.parametrize("event", EXAMPLES, ids=lambda e: type(e).__name__)
def test_round_trip(event: Event) -> None:
    obj = event_to_mjai(event)
    assert event_from_mjai(obj) == event
    # through JSON text too
    assert event_from_mjai(json.loads(dumps(event))) == event
    assert event_to_mjai(event_from_mjai(obj)) == obj


def test_real_mjai_logs_round_trip() -> None:
    """Every line of the two riichienv self-play logs reads and writes back unchanged."""
    lines = 0
    for path in sorted(DATA.glob("*.jsonl")):
        for line in path.read_text().splitlines():
            obj = json.loads(line)
            e = event_from_mjai(obj)
            assert event_to_mjai(e) == obj
            lines += 1
    assert lines > 2000


def test_tile_names_follow_mjai() -> None:
    assert event_to_mjai(Tsumo(actor=0, pai=t("0s")))["pai"] == "5sr"
    assert event_to_mjai(Tsumo(actor=0, pai=t("5z")))["pai"] == "P"
    assert event_from_mjai({"type": "dora", "dora_marker": "F"}) == Dora(t("6z"))


@pytest.mark.parametrize(
    "obj",
    [
        {"type": "tsumo", "actor": 0},
        {"type": "tsumo", "actor": 0, "pai": "10m"},
        {"type": "tsumo", "actor": "0", "pai": "1m"},
        {"type": "tsumo", "actor": 7, "pai": "1m"},
        {"type": "dahai", "actor": 0, "pai": "1m", "tsumogiri": "no"},
        {"type": "pon", "actor": 0, "target": 1, "pai": "1m", "consumed": ["1m"]},
        {"type": "ankan", "actor": 0, "consumed": "1m1m1m1m"},
        {"type": "ryukyoku", "reason": "because"},
        {"type": "start_game", "names": "abcd"},
        {"type": "warp"},
        {"actor": 0},
    ],
)
def test_malformed_raises_log_format_error(obj: dict[str, object]) -> None:
    with pytest.raises(LogFormatError):
        event_from_mjai(obj)


def test_not_a_mapping() -> None:
    with pytest.raises(LogFormatError):
        event_from_mjai([1, 2])  # type: ignore[arg-type]


def test_foreign_start_game_keeps_its_keys() -> None:
    obj = {"type": "start_game", "names": ["0", "1", "2", "3"], "seed": [20189, 59287]}
    e = event_from_mjai(obj)
    assert isinstance(e, StartGame) and e.seed is None
    assert event_to_mjai(e) == obj


def test_actions() -> None:
    assert action_from_mjai({"type": "none"}, actor=1) == Pass(1)
    assert event_to_mjai(Pass(1)) == {"type": "none", "actor": 1}
    kyuushu = {"type": "ryukyoku", "reason": "kyuushu_kyuuhai", "actor": 0}
    assert action_from_mjai(kyuushu) == Ryukyoku(reason="kyuushu_kyuuhai", actor=0)
    with pytest.raises(LogFormatError):
        action_from_mjai({"type": "tsumo", "actor": 0, "pai": "1m"})
    with pytest.raises(LogFormatError):
        action_from_mjai({"type": "none"})


def test_events_are_frozen_and_hashable() -> None:
    e = Dahai(actor=0, pai=1, tsumogiri=True)
    with pytest.raises(AttributeError):
        e.actor = 2  # type: ignore[misc]
    assert len({e, Dahai(actor=0, pai=1, tsumogiri=True)}) == 1
