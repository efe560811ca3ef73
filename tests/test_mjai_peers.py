"""jantaku's mjai against the peers themselves: Mortal's libriichi (the ``mjai`` package),
RiichiEnv and jansou read jantaku's logs decision by decision, and the ``mjai``
package's reference bots play whole matches seated in jantaku.

The peers are test-only judges; a peer that is not installed skips its tests.
"""

from __future__ import annotations

import io
import json
import random
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

from jantaku.agents import EfficiencyAgent, RandomAgent, make_agent
from jantaku.agents.base import Agent
from jantaku.agents.mjai_bot import events_for
from jantaku.engine import Referee
from jantaku.errors import LogFormatError
from jantaku.events import (
    DRAW_REASON_ALIASES,
    Action,
    Ankan,
    Chi,
    Dahai,
    Daiminkan,
    Hora,
    Kakan,
    Nukidora,
    Pass,
    Pon,
    Reach,
    Ryukyoku,
    StartGame,
    action_from_mjai,
    event_from_mjai,
    event_to_mjai,
)
from jantaku.logs.mjai import loads_game
from jantaku.match import play_match
from jantaku.rules import PRESETS, Rules

LAUNCHER = Path(__file__).with_name("mjai_peer_bot.py")
FOUR = [name for name, r in PRESETS.items() if r.players == 4]
# RiichiEnv checks kuikae and riichi with four tiles left as Tenhou does: the presets
# that play them so (WRC allows riichi to the end, EMA and the textbook allow kuikae)
RIICHIENV = [
    name
    for name, r in PRESETS.items()
    if r.kuikae_forbidden and r.riichi_min_tiles_left in (3, 4) and r.riichi_min_points >= 0
]


def _log(rules: Rules, seed: int) -> str:
    """A seeded match's mjai log: random and efficiency bots in turn (many calls, kans,
    riichi and wins)."""
    agents: list[Agent] = [
        EfficiencyAgent() if i % 2 else RandomAgent(seed=seed * 4 + i) for i in range(rules.players)
    ]
    out = io.StringIO()
    play_match(agents, rules, seed=seed, log=out)
    return out.getvalue()


# --- the codec's mjai dialects (no peer needed) ----------------------------------------


def test_start_game_keeps_jantaku_fields_under_keys_of_their_own() -> None:
    header = StartGame(names=("a", "b", "c", "d"), seed=7, rules={"players": 4})
    obj = event_to_mjai(header)
    assert "seed" not in obj and "rules" not in obj
    assert obj["jantaku_seed"] == 7 and obj["jantaku_rules"] == {"players": 4}
    assert event_from_mjai(obj) == header


def test_start_game_reads_logs_written_before() -> None:
    old = {"type": "start_game", "names": ["a", "b", "c", "d"], "seed": 7, "rules": {"x": 1}}
    e = event_from_mjai(old)
    assert isinstance(e, StartGame) and e.seed == 7 and e.rules == {"x": 1} and not e.extra


def test_start_game_keeps_foreign_seed_and_rules_aside() -> None:
    obj = {
        "type": "start_game",
        "names": ["a", "b", "c", "d"],
        "seed": [1, 2],
        "rules": {"honba_value": 100},
        "jantaku_seed": 9,
        "jantaku_rules": {"players": 4},
        "id": 2,
    }
    e = event_from_mjai(obj)
    assert isinstance(e, StartGame) and e.seed == 9 and e.rules == {"players": 4}
    assert e.extra == {"seed": [1, 2], "rules": {"honba_value": 100}, "id": 2}
    assert event_to_mjai(e) == obj


@pytest.mark.parametrize(
    ("written", "kind"),
    [
        ("kyushukyuhai", "kyuushu_kyuuhai"),
        ("kyushu_kyuhai", "kyuushu_kyuuhai"),
        ("kyuushu_kyuuhai", "kyuushu_kyuuhai"),
        ("fanpai", "exhaustive"),
        ("suukaikan", "suukan_sanra"),
        ("suukansansen", "suukan_sanra"),
        ("sufuurenta", "suufon_renda"),
        ("suchareach", "suucha_riichi"),
        ("sanchaho", "sanchahou"),
        ("nagashimangan", "nagashi_mangan"),
    ],
)
def test_every_spelling_of_a_draw_is_read(written: str, kind: str) -> None:
    e = event_from_mjai({"type": "ryukyoku", "reason": written})
    assert isinstance(e, Ryukyoku) and e.reason == kind


def test_draw_reasons_are_written_as_the_mjai_ecosystem_spells_them() -> None:
    kyuushu = event_to_mjai(Ryukyoku(reason="kyuushu_kyuuhai", actor=1))
    assert kyuushu["reason"] == "kyushukyuhai"
    assert event_to_mjai(Ryukyoku(reason="suukan_sanra"))["reason"] == "suukaikan"
    for kind in ("suufon_renda", "suucha_riichi", "sanchahou", "nagashi_mangan"):
        assert event_to_mjai(Ryukyoku(reason=kind))["reason"] == kind
    assert set(DRAW_REASON_ALIASES.values()) <= {
        "exhaustive",
        "kyuushu_kyuuhai",
        "suufon_renda",
        "suukan_sanra",
        "suucha_riichi",
        "sanchahou",
        "nagashi_mangan",
    }


def test_north_is_written_kita_and_nukidora_still_read() -> None:
    assert event_to_mjai(Nukidora(actor=1, pai=30))["type"] == "kita"
    assert event_from_mjai({"type": "nukidora", "actor": 1, "pai": "N"}) == Nukidora(1, 30)


@pytest.mark.parametrize(
    "answer",
    [{"type": "ryukyoku"}, {"type": "ryukyoku", "reason": "kyushukyuhai"}],
    ids=["mjai.app", "original"],
)
def test_kyuushu_answers_of_both_dialects(answer: dict[str, Any]) -> None:
    assert action_from_mjai(answer, actor=2) == Ryukyoku(reason="kyuushu_kyuuhai", actor=2)


def test_a_draw_no_player_declares_is_refused_as_an_answer() -> None:
    with pytest.raises(LogFormatError):
        action_from_mjai({"type": "ryukyoku", "reason": "suukaikan"}, actor=0)
    with pytest.raises(LogFormatError):
        action_from_mjai({"type": "ryukyoku"})  # whose?


# --- Mortal's libriichi (the mjai package) ---------------------------------------------


def _kinds(legal: tuple[Action, ...]) -> set[str]:
    names = {
        Dahai: "discard",
        Reach: "riichi",
        Chi: "chi",
        Pon: "pon",
        Daiminkan: "daiminkan",
        Kakan: "kakan",
        Ankan: "ankan",
        Ryukyoku: "ryukyoku",
    }
    out = set()
    for a in legal:
        if isinstance(a, Hora):
            out.add("tsumo" if a.is_tsumo else "ron")
        elif not isinstance(a, Pass):
            out.add(names[type(a)])
    return out


_CANS = {
    "discard": "can_discard",
    "riichi": "can_riichi",
    "chi": "can_chi",
    "pon": "can_pon",
    "daiminkan": "can_daiminkan",
    "kakan": "can_kakan",
    "ankan": "can_ankan",
    "tsumo": "can_tsumo_agari",
    "ron": "can_ron_agari",
    "ryukyoku": "can_ryukyoku",
}


def _unexpressed(rules: Rules) -> set[str]:
    """The kinds of decision libriichi's fixed (Tenhou) rules decide otherwise than ``rules``."""
    out = set()
    if not rules.abort_kyuushu_kyuuhai:
        out.add("ryukyoku")
    if rules.riichi_min_tiles_left != 4 or rules.riichi_min_points != 1000:
        out.add("riichi")
    if not rules.kuikae_forbidden:
        out |= {"chi", "pon", "discard"}
    return out


def _libriichi_counts(preset: str, seeds: range) -> tuple[int, int, Counter[str]]:
    """Seeded random matches where each seat's libriichi ``PlayerState``, fed the events
    that seat sees, is compared with jantaku at every decision: the seat-decisions
    compared, the actions libriichi validated, and the disagreements."""
    state_mod = pytest.importorskip("mjai.mlibriichi.state")
    rules = PRESETS[preset]
    skip = _unexpressed(rules)
    decisions = actions = 0
    differ: Counter[str] = Counter()
    for seed in seeds:
        rng = random.Random(seed)
        ref = Referee(rules, seed)
        states = [state_mod.PlayerState(i) for i in range(4)]
        cans: list[Any] = [None] * 4
        fed = 0
        while not ref.done:
            for seat in range(4):
                for e in events_for(seat, ref.log[fed:]):
                    cans[seat] = states[seat].update(json.dumps(event_to_mjai(e)))
            fed = len(ref.log)
            pending = ref.pending()
            for seat in range(4):
                ours = _kinds(pending.get(seat, ())) - skip
                theirs = {k for k, attr in _CANS.items() if getattr(cans[seat], attr)} - skip
                decisions += 1
                if ours != theirs:
                    differ[f"{sorted(ours)} vs {sorted(theirs)}"] += 1
            choices = {seat: rng.choice(legal) for seat, legal in pending.items()}
            for seat, action in choices.items():
                if not isinstance(action, Pass) and _kinds((action,)).isdisjoint(skip):
                    states[seat].validate_reaction(json.dumps(event_to_mjai(action)))
                    actions += 1
            ref.submit(choices)
    return decisions, actions, differ


@pytest.mark.parametrize("preset", FOUR)
def test_libriichi_agrees_decision_by_decision(preset: str) -> None:
    """Every decision of seeded random matches: each seat's libriichi offers the same
    kinds of action as jantaku (the kinds libriichi's fixed rules decide otherwise than
    the preset aside), and accepts every action chosen."""
    decisions, actions, differ = _libriichi_counts(preset, range(3))
    assert not differ, differ
    skip = _unexpressed(PRESETS[preset])
    assert decisions > 5000 and (actions > 1000 or "discard" in skip)


@pytest.mark.parametrize("preset", FOUR)
def test_libriichi_loads_every_line_of_the_log(preset: str) -> None:
    state_mod = pytest.importorskip("mjai.mlibriichi.state")
    events = loads_game(_log(PRESETS[preset], 11))
    for seat in range(4):
        state = state_mod.PlayerState(seat)
        for e in events_for(seat, events):
            state.update(json.dumps(event_to_mjai(e)))
    # the log file itself, line by line as written (the seat-0 state sees every hand)
    state = state_mod.PlayerState(0)
    for line in _log(PRESETS[preset], 11).splitlines():
        obj = json.loads(line)
        if obj["type"] == "start_kyoku":
            obj["tehais"] = [h if i == 0 else ["?"] * 13 for i, h in enumerate(obj["tehais"])]
        if obj["type"] == "tsumo" and obj["actor"] != 0:
            obj["pai"] = "?"
        state.update(json.dumps(obj))


# --- RiichiEnv -------------------------------------------------------------------------


def _riichienv_key(obj: dict[str, Any]) -> tuple[Any, ...]:
    pai = None if obj["type"] == "kita" else obj.get("pai")
    return obj["type"], pai, tuple(sorted(obj.get("consumed", [])))


def _riichienv_counts(preset: str, seeds: range, folder: Path) -> tuple[int, int, int]:
    """RiichiEnv's ``MjaiReplay`` reads jantaku's logs; at every decision of every seat
    the recorded action must be among RiichiEnv's own legal actions. The hands written,
    the rounds RiichiEnv read and the decisions checked."""
    riichienv = pytest.importorskip("riichienv")
    rules = PRESETS[preset]
    steps = hands = rounds = 0
    for seed in seeds:
        text = _log(rules, seed)
        hands += sum('"start_kyoku"' in line for line in text.splitlines())
        path = folder / f"{preset}-{seed}.jsonl"
        path.write_text(text, encoding="utf-8")
        replay = riichienv.MjaiReplay.from_jsonl(str(path))
        rounds += replay.num_rounds()
        for kyoku in replay.take_kyokus():
            for seat in range(rules.players):
                for obs, action in kyoku.steps(seat):
                    legal = {_riichienv_key(json.loads(a.to_mjai())) for a in obs.legal_actions()}
                    assert _riichienv_key(json.loads(action.to_mjai())) in legal
                    steps += 1
    return hands, rounds, steps


@pytest.mark.parametrize("preset", RIICHIENV)
def test_riichienv_replays_every_decision(preset: str, tmp_path: Path) -> None:
    hands, rounds, steps = _riichienv_counts(preset, range(2), tmp_path)
    assert rounds == hands and steps > 300


# --- jansou ----------------------------------------------------------------------------


JANSOU = ["tenhou", "tenhou-sanma"]
"""jansou reads a log's rules from a ``rules`` key of its own or infers Tenhou's by
table size: the presets it can express from an unmodified jantaku log are Tenhou's."""


def _jansou_counts(preset: str, seeds: range) -> tuple[int, int]:
    """jansou parses jantaku's logs as they are and replays them decision by decision
    (its replay resolves every recorded action against its own legal ones): the hands
    and decisions replayed."""
    pytest.importorskip("jansou")
    from jansou.io.mjai import parse_mjai
    from jansou.io.replay import replay_paifu

    rules = PRESETS[preset]
    decisions = hands = 0
    for seed in seeds:
        paifu = parse_mjai(_log(rules, seed))
        hands += len(paifu.rounds)
        decisions += sum(1 for _ in replay_paifu(paifu))
    return hands, decisions


@pytest.mark.parametrize("preset", JANSOU)
def test_jansou_replays_every_decision(preset: str) -> None:
    hands, decisions = _jansou_counts(preset, range(2))
    assert hands > 4 and decisions > 300


def test_jansou_reads_the_kyuushu_reason() -> None:
    pytest.importorskip("jansou")
    from jansou.io.mjai import parse_mjai
    from jansou.io.replay import replay_paifu

    bots: list[Agent] = [EfficiencyAgent() for _ in range(4)]
    out = io.StringIO()
    result = play_match(bots, seed=6, log=out)  # East 1: seat 0 declares nine terminals
    assert result.draws.get("kyuushu_kyuuhai") == 1
    paifu = parse_mjai(out.getvalue())
    assert paifu.rounds[0].outcome.kind == "yao9"
    assert sum(1 for _ in replay_paifu(paifu)) > 100


# --- the mjai package's bots seated in jantaku -----------------------------------------


def _peer_bot(cls: str, *, placeholder: bool) -> str:
    seat = " {seat}" if placeholder else ""  # else the bot reads $JANTAKU_SEAT
    return f"mjai:{sys.executable} {LAUNCHER} {cls}{seat}"


@pytest.mark.parametrize(
    ("cls", "placeholder"),
    [
        ("RulebaseBot", True),
        ("RiichiBot", False),
        ("KyuushuBot", True),
        ("KyuushuReasonBot", False),
    ],
)
def test_peer_bots_play_whole_matches(cls: str, placeholder: bool) -> None:
    """Four of the ``mjai`` package's bots play a whole match in jantaku (seed 6: seat 0
    may declare kyuushu kyuuhai in East 1, which the Kyuushu bots do, in either
    dialect). A bot that misread an event would answer ``none`` on its own turn and
    stop the match."""
    pytest.importorskip("mjai")
    agents = [make_agent(_peer_bot(cls, placeholder=placeholder), seat=i) for i in range(4)]
    out = io.StringIO()
    result = play_match(agents, seed=6, log=out)
    assert sum(result.scores) == 100_000  # leftover deposits go to the top (Tenhou)
    assert result.rounds >= 4
    if cls.startswith("Kyuushu"):
        first = next(e for e in loads_game(out.getvalue()) if isinstance(e, Ryukyoku))
        assert first.reason == "kyuushu_kyuuhai" and first.actor == 0


@pytest.mark.slow
def test_peers_at_scale(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The three peers' checks over more seeds; prints the counts (``make conformance``)."""
    lines = []
    for preset in FOUR:
        decisions, actions, differ = _libriichi_counts(preset, range(20))
        skip = sorted(_unexpressed(PRESETS[preset]))
        lines.append(
            f"libriichi {preset}: {decisions} seat-decisions, {actions} actions validated, "
            f"{sum(differ.values())} disagreements (not compared: {skip})"
        )
        assert not differ, differ
    for preset in RIICHIENV:
        hands, rounds, steps = _riichienv_counts(preset, range(10), tmp_path)
        lines.append(f"riichienv {preset}: {rounds}/{hands} hands, {steps} decisions")
        assert rounds == hands
    for preset in JANSOU:
        hands, decisions = _jansou_counts(preset, range(10))
        lines.append(f"jansou {preset}: {hands} hands, {decisions} decisions")
    with capsys.disabled():
        print("\n" + "\n".join(lines))


def test_written_logs_put_a_kans_indicator_before_the_discard_that_reveals_it() -> None:
    """A written log gives each seat the stream a live bot gets (a daiminkan's or kakan's
    indicator before the discard that reveals it, as libriichi and Tenhou order them):
    libriichi offers the calls and rons on that discard from the file too."""
    state_mod = pytest.importorskip("mjai.mlibriichi.state")
    kans = 0
    for seed in (11, 12, 13):
        text = _log(PRESETS["tenhou"], seed)
        live = loads_game(text)
        lines = [json.loads(line) for line in text.splitlines()]
        kans += sum(o["type"] in ("daiminkan", "kakan") for o in lines)
        for i, obj in enumerate(lines[1:], 1):
            if obj["type"] == "dora" and lines[i - 1]["type"] == "dahai":
                raise AssertionError(f"line {i + 1}: a kan's indicator after the discard")
        seat = 0
        from_file = state_mod.PlayerState(seat)
        from_stream = state_mod.PlayerState(seat)
        stream = [event_to_mjai(e) for e in events_for(seat, live)]
        for obj in lines:
            if obj["type"] == "start_kyoku":
                obj["tehais"] = [
                    h if i == seat else ["?"] * 13 for i, h in enumerate(obj["tehais"])
                ]
            if obj["type"] == "tsumo" and obj["actor"] != seat:
                obj["pai"] = "?"
        assert len(stream) == len(lines)
        for ours, theirs in zip(lines, stream, strict=True):
            a = from_file.update(json.dumps(ours))
            b = from_stream.update(json.dumps(theirs))
            assert [getattr(a, c) for c in _CANS.values()] == [
                getattr(b, c) for c in _CANS.values()
            ]
    assert kans > 0
