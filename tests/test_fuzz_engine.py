"""Seeded self-play fuzzing of the engine (issue 4 §7, issue 6 §3).

Whole matches are played by a biased random-legal agent under every preset, four and
three players; after every event the invariants are checked: every tile of the set in
exactly one place (hands, melds, rivers, indicators, nukidora, the rest of the wall),
points plus deposits conserved, hand sizes, incremental counts and waits equal to a
fresh computation, furiten and riichi constraints (the agent and the checks are in
``tests/fuzzing.py``, shared with ``make fuzz``). The rare events of a hand are
counted, and the run fails if one of them never happened.
"""

from __future__ import annotations

import dataclasses
import random
from collections import Counter

import pytest

from fuzzing import RARE_3, RARE_4, play_checked
from jantaku.engine import Referee, apply, legal_actions
from jantaku.engine.state import STATE_FIELDS, Phase
from jantaku.errors import IllegalActionError
from jantaku.events import (
    Action,
    Ankan,
    Chi,
    Dahai,
    Daiminkan,
    Dora,
    Event,
    Hora,
    Kakan,
    Nukidora,
    Pass,
    Pon,
    Reach,
    Ryukyoku,
    Tsumo,
)
from jantaku.rules import PRESETS, Rules

# (preset, seeds): a few seeds per preset, plus seeds that reach the rarest events with
# this agent (found by playing seeds 0–700: 273 and 351 suucha riichi, 354 and 610
# suukan sanra, 120 and 210 nagashi mangan, 49 and 178 rinshan, 3 and 12 double ron,
# 5 and 137 suufon renda; and 0–29,000 for sanchahou, which only 18486 reaches)
_PLAN_4 = [
    ("tenhou", [18486, 273, 351, 354, 610, 120, 210, 49, 178, 3, 12, 5, 137, 60, 0, 18]),
    ("majsoul", [5, 11, 12]),
    ("mleague", [6, 13, 14]),
    ("wrc", [7, 15, 16]),
    ("ema", [8, 17, 18]),
    ("textbook", [9, 10, 19, 20]),
]
# three players: 191 double ron, 477 chankan (found in seeds 0–2,000), 30 haitei
_PLAN_3 = [("tenhou-sanma", [0, 2, 12, 32, 40, 191, 477, 30]), ("majsoul-sanma", [6, 7, 41, 42])]


def _play(rules: Rules, seed: int, nagashi: int | None, counts: Counter[str]) -> None:
    play_checked(rules, seed, nagashi, counts)


def test_fuzz_four_players() -> None:
    counts: Counter[str] = Counter()
    for name, seeds in _PLAN_4:
        for seed in seeds:
            _play(PRESETS[name], seed, seed % 4 if seed % 3 == 0 else None, counts)
    missing = [k for k in RARE_4 if not counts[k]]
    assert not missing, f"never happened: {missing} in {dict(counts)}"


def test_fuzz_three_players() -> None:
    counts: Counter[str] = Counter()
    for name, seeds in _PLAN_3:
        for seed in seeds:
            _play(PRESETS[name], seed, seed % 3 if seed % 2 == 0 else None, counts)
    missing = [k for k in RARE_3 if not counts[k]]
    assert not missing, f"never happened: {missing} in {dict(counts)}"


@pytest.mark.parametrize("name", ["tenhou", "tenhou-sanma", "ema"])
def test_the_invariants_see_every_event(name: str) -> None:
    """Every event of live play passes the one transition and its hook: the deal, each
    draw and discard, the calls, the dora, the results (counted by type, equal to the
    log's; on a seeded tenhou match these are over a thousand events, draws and
    discards by far the most)."""
    seen = play_checked(PRESETS[name], 4, None, Counter())
    assert seen["StartKyoku"] >= 4 and seen["EndGame"] == 1
    assert seen["Tsumo"] > 100 and seen["Dahai"] > 100
    assert sum(seen.values()) > 500


def test_every_preset_seat_count_is_fuzzed() -> None:
    """The fuzz plans cover every preset, and both table sizes."""
    planned = {name for name, _ in _PLAN_4} | {name for name, _ in _PLAN_3}
    assert planned == set(PRESETS)
    assert {PRESETS[name].players for name in planned} == {3, 4}


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(PRESETS))
def test_fuzz_many(name: str) -> None:
    counts: Counter[str] = Counter()
    for seed in range(200):
        _play(PRESETS[name], 1000 + seed, seed % 3 if seed % 2 == 0 else None, counts)
    assert counts["ron"] + counts["tsumo"] > 0


def _garbage(rng: random.Random, n: int) -> Event:
    """A random, mostly illegal, event."""
    seat = rng.randrange(-1, n + 1)
    tile = rng.randrange(-1, 39)
    tiles = tuple(rng.randrange(0, 37) for _ in range(rng.randrange(0, 5)))
    kind = rng.randrange(12)
    if kind == 0:
        return Tsumo(actor=seat, pai=tile)
    if kind == 1:
        return Dahai(actor=seat, pai=tile, tsumogiri=rng.random() < 0.5)
    if kind == 2:
        return Chi(actor=seat, target=rng.randrange(n), pai=tile, consumed=tiles)
    if kind == 3:
        return Pon(actor=seat, target=rng.randrange(n), pai=tile, consumed=tiles)
    if kind == 4:
        return Daiminkan(actor=seat, target=rng.randrange(n), pai=tile, consumed=tiles)
    if kind == 5:
        return Kakan(actor=seat, pai=tile, consumed=tiles)
    if kind == 6:
        return Ankan(actor=seat, consumed=tiles)
    if kind == 7:
        return Reach(actor=seat)
    if kind == 8:
        return Hora(actor=seat, target=rng.randrange(n), pai=tile)
    if kind == 9:
        reasons = ("exhaustive", "kyuushu_kyuuhai", "suufon_renda", "suucha_riichi")
        return Ryukyoku(reason=rng.choice(reasons), actor=seat)
    if kind == 10:
        return Nukidora(actor=seat, pai=tile)
    return Dora(dora_marker=tile)


def _nudge(rng: random.Random, action: Action, n: int) -> Event:
    """A legal action with one field changed: near misses of every kind."""
    fields = {f.name: getattr(action, f.name) for f in dataclasses.fields(action)}
    key = rng.choice(list(fields))
    v = fields[key]
    if isinstance(v, bool):
        fields[key] = not v
    elif isinstance(v, int):
        fields[key] = rng.choice([v + 1, v - 1, rng.randrange(37), rng.randrange(n)])
    elif isinstance(v, tuple) and v and isinstance(v[0], int):
        changed = list(v)
        changed[rng.randrange(len(changed))] = rng.randrange(37)
        fields[key] = tuple(changed)
    event: Event = type(action)(**fields)  # type: ignore[assignment]
    return event


@pytest.mark.parametrize("name", ["tenhou", "tenhou-sanma"])
def test_garbage_events_are_refused_without_a_trace(name: str) -> None:
    """Issue 4 §6: a bad event raises IllegalActionError and changes nothing."""
    rules = PRESETS[name]
    rng = random.Random(7)
    ref = Referee(rules, seed=3)
    refused = 0
    while not ref.done:
        s = ref.state
        if s.phase not in (Phase.START_KYOKU, Phase.END_GAME):
            near = [a for i in range(s.players) for a in legal_actions(s, i)]
            near = [a for a in near if not isinstance(a, Pass)]
            for j in range(4):
                trial = s.copy()
                before = [repr(getattr(trial, k)) for k in STATE_FIELDS]
                if j % 2 and near:
                    bad = _nudge(rng, rng.choice(near), s.players)
                else:
                    bad = _garbage(rng, s.players)
                try:
                    apply(trial, bad)
                except IllegalActionError:
                    refused += 1
                    assert [repr(getattr(trial, k)) for k in STATE_FIELDS] == before
        pend = ref.pending()
        ref.submit({seat: rng.choice(legal) for seat, legal in pend.items()})
    assert refused > 1000
