"""Real records through ``apply``: every event legal, every payment as recorded.

The two mjai logs in ``shared/data/mjai/riichienv_selfplay`` come from another engine
(RiichiEnv, Apache-2.0). Replaying them through our single transition must accept
every event and compute the same deltas for every win and draw, and the same final
scores. A sample of real Tenhou games is replayed the same way through the records
reader (all of them run under ``make conformance``).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import corpus
from jantaku.engine import Referee, State, apply
from jantaku.events import Event, Hora, Ryukyoku, event_from_mjai, event_to_mjai
from jantaku.rules import TENHOU

DATA = corpus.DATA
MJAI = sorted((DATA / "mjai" / "riichienv_selfplay").glob("*.jsonl"))
TENHOU_XML = sorted(p for p in (DATA / "tenhou_xml").rglob("*.xml*") if "nonstandard" not in str(p))


@pytest.mark.parametrize("path", MJAI, ids=lambda p: p.name)
def test_mjai_self_play_replays_with_identical_payments(path: Path) -> None:
    s = State(TENHOU)
    settled = 0
    for line in path.read_text().splitlines():
        e = event_from_mjai(json.loads(line))
        apply(s, e)
        if isinstance(e, Hora | Ryukyoku):
            assert s.results[-1].deltas == e.deltas, line
            settled += 1
    assert s.phase_name == "done" and settled >= 10


def _replay_tenhou(paths: list[Path]) -> list[str]:
    from jantaku.logs.replay import replay_path

    bad = []
    for p in paths:
        for r in replay_path(p):
            if not r.ok:
                bad.append(r.line())
    return bad


def test_tenhou_sample_replays() -> None:
    sample = TENHOU_XML[:: max(1, len(TENHOU_XML) // 25)]
    assert len(sample) >= 20
    assert _replay_tenhou(sample) == []


@pytest.mark.slow
def test_all_tenhou_games_replay() -> None:
    assert _replay_tenhou(TENHOU_XML) == []


def test_own_log_replays_to_the_same_state() -> None:
    """A referee's log, written as mjai and read back, replays to the same end."""
    import random

    rng = random.Random(3)
    ref = Referee(TENHOU, seed=11)
    log = ref.play(lambda _seat, _s, legal: rng.choice(legal))
    s = State(TENHOU)
    for e in log:
        back: Event = event_from_mjai(json.loads(json.dumps(event_to_mjai(e))))
        assert back == e
        apply(s, back)
    assert s.scores == ref.state.scores and s.final == ref.state.final
