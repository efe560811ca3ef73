"""The small learned policy: NumPy inference inside the mask, training lowers the loss,
weights saved and loaded."""

from __future__ import annotations

import random
from pathlib import Path

import numpy as np
import pytest

from jantaku.engine import Referee
from jantaku.env.dataset import Dataset, build_dataset
from jantaku.env.policy import Policy, PolicyAgent, train
from jantaku.errors import JantakuError
from jantaku.logs.mjai import dumps_game


def _dataset(folder: Path, games: int) -> Path:
    paths = []
    for seed in range(games):
        ref = Referee(seed=seed)
        rng = random.Random(seed)
        log = ref.play(lambda seat, state, legal: rng.choice(legal))  # noqa: B023
        p = folder / f"g{seed}.jsonl"
        p.write_text(dumps_game(log))
        paths.append(p)
    build_dataset(paths, folder / "out", files_per_shard=2)
    return folder / "out"


def test_training_lowers_the_loss_and_the_policy_stays_in_its_mask(tmp_path: Path) -> None:
    out = _dataset(tmp_path, 4)
    policy, log = train(out, hidden=16, epochs=3, batch=128, lr=3e-3, holdout=4)
    losses = [e["loss"] for e in log.epochs]
    assert losses[-1] < losses[0]
    assert all(0.0 <= e["held_out_top1"] <= 1.0 for e in log.epochs)
    batch = next(Dataset(out).batches(256, fields=("obs", "mask")))
    chosen = policy.act(batch["obs"], batch["mask"])
    assert batch["mask"][np.arange(len(chosen)), chosen].all()
    policy.save(tmp_path / "w.npz")
    again = Policy.load(tmp_path / "w.npz")
    assert np.array_equal(again.act(batch["obs"], batch["mask"]), chosen)


def test_a_file_without_weights_is_refused(tmp_path: Path) -> None:
    np.savez(tmp_path / "other.npz", x=np.zeros(3))
    with pytest.raises(JantakuError, match="no policy weights"):
        Policy.load(tmp_path / "other.npz")


def test_the_agent_declares_riichi_by_its_discard() -> None:
    """Where riichi is legal, an agent that wants it declares it, then discards a tile
    the engine allows after the riichi."""
    from jantaku.agents import EfficiencyAgent
    from jantaku.engine import Referee
    from jantaku.events import Dahai, Reach

    policy = Policy.initial(hidden=8, seed=1)
    policy.b2[38:76] = 1e6  # riichi whenever the engine allows it
    bot = EfficiencyAgent()
    declared = 0
    for seed in range(6):
        ref = Referee(seed=seed)
        while not ref.done and not declared:
            choices = {}
            for seat, legal in ref.pending().items():
                if any(isinstance(a, Reach) for a in legal):
                    agent = PolicyAgent(policy)
                    reach = agent.act(ref.observe(seat), legal)
                    assert isinstance(reach, Reach)
                    ref.submit({seat: reach})
                    after = ref.pending()[seat]
                    discard = agent.act(ref.observe(seat), after)
                    assert isinstance(discard, Dahai) and discard in after
                    declared += 1
                    break
                choices[seat] = bot.act(ref.observe(seat), legal)
            else:
                ref.submit(choices)
        if declared:
            break
    assert declared


def test_the_agent_plays_whole_matches() -> None:
    from jantaku.agents import EfficiencyAgent
    from jantaku.match import play_match

    agents = [PolicyAgent(Policy.initial(hidden=8, seed=2)), *(EfficiencyAgent() for _ in range(3))]
    assert sorted(play_match(agents, seed=5).placements) == [1, 2, 3, 4]
