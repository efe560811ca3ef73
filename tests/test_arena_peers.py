"""The defensive bot against peers' bots, seated in the arena (test-only judges).

jansou's SmartEfficiencyAgent plays through a port of its policy onto jantaku's view
(``tests/peers/jansou_smart.py``); the ``mjai`` package's RulebaseBot plays in its own
process through the mjai protocol (``tests/peers/mjai_rulebase.py``, ``mjai:COMMAND``).
The long runs are marked slow; the matches are seeded, so their outcome is fixed.
"""

from __future__ import annotations

import importlib.util
import sys
from dataclasses import replace
from pathlib import Path

import pytest

from jantaku.arena import ArenaReport, run_arena
from jantaku.rules import TENHOU, GameLength
from peers.jansou_smart import factory

EAST_ONLY = replace(TENHOU, length=GameLength.EAST_ONLY)
RULEBASE = Path(__file__).parent / "peers" / "mjai_rulebase.py"


def test_the_jansou_port_plays_legal_games() -> None:
    records = run_arena(
        ["jansou-smart", "efficiency"], games=1, rules=EAST_ONLY, seed=3, factory=factory
    )
    assert all(r.failure is None for r in records)
    report = ArenaReport.from_records(records)
    assert report.agent("jansou-smart").hands > 0


@pytest.mark.slow
def test_defensive_beats_jansou_smart_efficiency() -> None:
    lineup = ["defensive", "jansou-smart", "jansou-smart", "jansou-smart"]
    records = run_arena(lineup, games=25, seed=7000, factory=factory)
    report = ArenaReport.from_records(records)
    assert not report.failures
    assert report.agent("defensive").placement[0] < 2.5


@pytest.mark.slow
@pytest.mark.skipif(importlib.util.find_spec("mjai") is None, reason="the mjai package")
def test_defensive_beats_the_mjai_rulebase_bot() -> None:
    bot = f"mjai:{sys.executable} {RULEBASE}"
    records = run_arena(["defensive", bot, bot, bot], games=5, seed=7100, jobs=2)
    report = ArenaReport.from_records(records)
    # on wall 7102 the bot follows its riichi with a discard that the engine refuses as
    # not keeping tenpai: that game is reported against its seat, the others are played
    assert all(f.agent == bot for f in report.failures) and len(report.failures) <= 2
    assert report.agent("defensive").placement[0] < 2.5
