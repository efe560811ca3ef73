"""The ``learned`` bot: the shipped weights, named wherever bots are named, legal play
through a match and the web table, and the command that trains weights from records."""

from __future__ import annotations

import warnings
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from jantaku.agents import BOTS, Agent, EfficiencyAgent, make_agent
from jantaku.cli import build_parser
from jantaku.cli import main as cli_main
from jantaku.engine import View
from jantaku.env.features import encode_planes_v2
from jantaku.env.policy import SHIPPED, Policy, PolicyAgent, shipped_policy
from jantaku.events import Action, Chi, Dahai, EndGame, Hora, Pon, Reach
from jantaku.match import play_match

HOUOU = Path(__file__).resolve().parents[2] / "shared" / "data" / "tenhou_xml"
HOUOU = HOUOU / "agony5757_houou_2020"


class Checked(Agent):
    """An agent that asserts each answer of the agent inside is one of the legal actions,
    and counts the kinds of what it chose."""

    def __init__(self, inner: Agent) -> None:
        self.inner = inner
        self.chosen: list[Action] = []
        self.views: list[View] = []

    def act(self, view: View | None, legal: Sequence[Action]) -> Action:
        answer = self.inner.act(view, legal)
        assert answer in legal, (answer, legal)
        self.chosen.append(answer)
        if view is not None and len(self.views) < 40:
            self.views.append(view)
        return answer


def test_learned_is_a_named_bot_that_plays_the_shipped_weights(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert "learned" in BOTS
    agent = make_agent("learned", seat=2)
    assert isinstance(agent, PolicyAgent)
    assert agent.policy is shipped_policy()  # read once, shared
    assert make_agent("learned").policy is agent.policy  # type: ignore[attr-defined]
    for command in ("selfplay", "arena"):
        with pytest.raises(SystemExit):
            build_parser(command).parse_args([command, "--help"])
        assert "learned" in " ".join(capsys.readouterr().out.split()), command


def test_the_shipped_weights_are_small_and_load_as_a_fresh_copy() -> None:
    from importlib import resources

    with resources.as_file(resources.files("jantaku").joinpath(SHIPPED)) as path:
        assert path.stat().st_size <= 2_500_000
        fresh = Policy.load(path)
    shipped = shipped_policy()
    assert shipped.w1.dtype == np.float32 and shipped.w1.shape[0] == 163 * 34
    checker = Checked(EfficiencyAgent())
    play_match([checker, EfficiencyAgent(), EfficiencyAgent(), EfficiencyAgent()], seed=3)
    obs = np.stack([encode_planes_v2(v) for v in checker.views])
    assert np.array_equal(fresh.logits(obs), shipped.logits(obs))
    assert len(set(shipped.logits(obs).argmax(axis=1).tolist())) > 1  # not a constant answer
    one = np.stack([shipped.decision_logits(o) for o in obs])  # the agent's own path
    assert np.allclose(one, shipped.logits(obs), atol=1e-4)


def test_the_learned_bot_plays_whole_seeded_matches_legally_and_reproducibly() -> None:
    seats = [Checked(make_agent("learned", seat=s)) for s in (0, 2)]
    agents = [seats[0], EfficiencyAgent(), seats[1], EfficiencyAgent()]
    result = play_match(agents, seed=11)
    assert sorted(result.placements) == [1, 2, 3, 4]
    chosen = seats[0].chosen + seats[1].chosen
    assert len(chosen) > 50
    again = play_match(
        [make_agent("learned"), EfficiencyAgent(), make_agent("learned"), EfficiencyAgent()],
        seed=11,
    )
    assert again.scores == result.scores and again.log[1:] == result.log[1:]  # names aside
    # the policy's ids cover calls, riichi and wins: over a few matches it makes them
    kinds: set[type] = set()
    for seed in range(4):
        learned = [Checked(make_agent("learned", seat=s)) for s in range(4)]
        play_match(learned, seed=100 + seed)
        kinds |= {type(a) for c in learned for a in c.chosen}
    assert Reach in kinds and Hora in kinds and (Pon in kinds or Chi in kinds), kinds


def test_the_web_table_seats_the_learned_bot() -> None:
    """A lobby match with three learned bots, the person's seat always winning when it
    can, else passing, else discarding the drawn tile, played to its end."""
    pytest.importorskip("starlette")
    pytest.importorskip("httpx")
    with warnings.catch_warnings():  # Starlette's notice about its client's successor
        warnings.simplefilter("ignore")
        from starlette.testclient import TestClient

    from jantaku.web.app import create_app

    def pick(legal: list[dict[str, Any]]) -> int:
        for kinds in (("tsumo", "ron"), ("skip",)):
            for a in legal:
                if a["kind"] in kinds:
                    return int(a["index"])
        drawn = [a for a in legal if a["kind"] == "dahai" and a["tsumogiri"]]
        return int((drawn or [a for a in legal if a["kind"] == "dahai"])[0]["index"])

    app = create_app(":memory:")
    with TestClient(app, base_url="http://127.0.0.1") as client:
        assert "learned" in client.get("/api/options").json()["bots"]
        seats = ["human", "learned", "learned", "learned"]
        body = {"preset": "tenhou", "seed": 2, "length": "east_only", "seats": seats}
        r = client.post("/api/matches", json=body)
        assert r.status_code == 200, r.text
        match = r.json()
        url = f"/ws/{match['id']}"
        with client.websocket_connect(url, headers={"host": "127.0.0.1"}) as ws:
            ws.send_json({"type": "hello", "token": match["links"][0]["token"]})
            for _ in range(2000):
                msg = ws.receive_json()
                assert msg["type"] != "error", msg
                if msg["type"] != "state":
                    continue
                if msg["done"]:
                    break
                if msg["legal"]:
                    ws.send_json(
                        {"type": "act", "decision": msg["decision"], "index": pick(msg["legal"])}
                    )
            assert msg["type"] == "state" and msg["done"]
        events = app.state.store.events(match["id"])
        assert isinstance(events[-1], EndGame)
        bot_discards = [e for e in events if isinstance(e, Dahai) and e.actor != 0]
        assert len(bot_discards) > 3 * 10


@pytest.mark.skipif(not HOUOU.is_dir(), reason=f"the Houou records are not at {HOUOU}")
def test_the_train_command_turns_a_few_records_into_loadable_weights(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    records = [str(p) for p in sorted(HOUOU.iterdir())[:3]]
    args = ["--hidden", "8", "--epochs", "1", "--holdout", "2", "--seed", "4", "--jobs", "1"]
    for name in ("a.npz", "b.npz"):
        status = cli_main(["train-policy", *records, "--out", str(tmp_path / name), *args])
        assert status == 0
    out = capsys.readouterr().out
    assert '"games": 3' in out and '"skipped": 0' in out
    a, b = Policy.load(tmp_path / "a.npz"), Policy.load(tmp_path / "b.npz")
    assert a.w1.shape == (163 * 34, 8)
    for name in ("w1", "b1", "w2", "b2", "scale"):
        x, y = getattr(a, name), getattr(b, name)
        assert np.array_equal(x, y)  # the same records and seed: the same weights
    match = play_match([PolicyAgent(a), EfficiencyAgent(), PolicyAgent(b), EfficiencyAgent()])
    assert sorted(match.placements) == [1, 2, 3, 4]


def test_the_train_command_refuses_records_it_cannot_read(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "empty").mkdir()
    missing = str(tmp_path / "missing.xml")
    for records in ([str(tmp_path / "empty")], [missing]):
        assert cli_main(["train-policy", *records, "--out", str(tmp_path / "w.npz")]) == 2
        assert capsys.readouterr().err.strip().splitlines()[-1].startswith("jantaku: error: no ")
    assert not (tmp_path / "w.npz").exists()
