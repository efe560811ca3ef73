"""The environments' details for research: Gymnasium ids, the final info of every env,
the oracle observation, and Table.clone / restore."""

from __future__ import annotations

import random
import warnings

import gymnasium
import numpy as np
import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test

from jantaku.env.aec import JantakuAECEnv
from jantaku.env.features import encode_oracle_v1
from jantaku.env.gym import JantakuGymEnv
from jantaku.env.parallel import JantakuParallelEnv
from jantaku.env.registration import ENV_IDS
from jantaku.env.table import Table
from jantaku.env.vector import VectorTables, random_actions
from jantaku.errors import JantakuError
from jantaku.rules import Rules


def _first_legal(mask: np.ndarray) -> int:
    return int(np.flatnonzero(mask)[0])


@pytest.mark.parametrize("env_id", ENV_IDS)
def test_gymnasium_makes_every_id(env_id: str) -> None:
    env = gymnasium.make(env_id, seat=0)
    obs, info = env.reset(seed=1)
    assert info["seat"] == 0 and obs["action_mask"].sum() > 0
    assert isinstance(env.unwrapped, JantakuGymEnv)
    sanma = gymnasium.make("jantaku/TenhouSanma-v0").unwrapped
    assert sanma.rules.players == 3  # type: ignore[attr-defined]


def test_the_module_path_id_imports_and_makes() -> None:
    env = gymnasium.make("jantaku.env.gym:jantaku/Tenhou-v0", features="planes-v2")
    assert env.reset(seed=2)[0]["observation"].dtype == np.uint8


def _check_final(info: dict[str, object], seat: int) -> None:
    final = info["final"]
    assert isinstance(final, dict)
    assert sorted(final["placements"]) == list(range(1, len(final["scores"]) + 1))
    assert info["placement"] == final["placements"][seat]
    assert info["score"] == final["scores"][seat]
    assert info["points"] == pytest.approx(final["points"][seat])
    assert sum(final["points"]) == pytest.approx(0.0, abs=1e-6)


def test_the_gym_envs_last_info_holds_the_end() -> None:
    env = JantakuGymEnv(seat=1, opponents="random")
    obs, _ = env.reset(seed=3)
    done = False
    info: dict[str, object] = {}
    reward = 0.0
    while not done:
        obs, r, done, _trunc, info = env.step(_first_legal(obs["action_mask"]))
        reward += float(r)
    _check_final(info, 1)
    assert reward == pytest.approx(info["points"])


def test_the_aec_and_parallel_envs_end_with_each_seats_end() -> None:
    aec = JantakuAECEnv(rules="tenhou-sanma")
    aec.reset(seed=4)
    ended: dict[str, dict[str, object]] = {}
    for agent in aec.agent_iter():
        obs, _r, term, trunc, info = aec.last()
        if term or trunc:
            ended[agent] = info
            aec.step(None)
            continue
        aec.step(_first_legal(obs["action_mask"]))
    assert set(ended) == set(aec.possible_agents)
    for i, agent in enumerate(aec.possible_agents):
        _check_final(ended[agent], i)
    par = JantakuParallelEnv()
    observations, _ = par.reset(seed=5)
    while par.agents:
        actions = {a: _first_legal(o["action_mask"]) for a, o in observations.items()}
        observations, _r, _terms, _t, infos = par.step(actions)
    for i, agent in enumerate(par.possible_agents):
        _check_final(infos[agent], i)


def test_vector_tables_keep_the_end_of_each_match_that_ended() -> None:
    vec = VectorTables(2, seed=6, features=None)
    _obs, mask, _seats = vec.reset()
    rng = np.random.default_rng(0)
    ends = 0
    while ends < 2:
        _obs, mask, _seats, _rewards, dones = vec.step(random_actions(mask, rng))
        assert set(vec.finals) == set(np.flatnonzero(dones).tolist())
        for final in vec.finals.values():
            assert sorted(final["placements"]) == [1, 2, 3, 4]
        ends += int(dones.sum())


def test_the_oracle_shows_the_other_hands_and_passes_the_api_checks() -> None:
    env = JantakuAECEnv(oracle=True, features="planes-v2")
    env.reset(seed=7)
    table = env.table
    obs = env.observe("player_0")
    oracle = obs["oracle"]
    assert oracle.shape == (15, 34) and oracle.dtype == np.uint8
    for r in range(1, 4):
        counts = table.state.counts[r]
        held = oracle[4 * (r - 1) : 4 * r].sum(axis=0)
        assert held.tolist() == [min(c, 4) for c in counts]
    assert np.array_equal(oracle, encode_oracle_v1(table.state, 0))
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(JantakuAECEnv(oracle=True), num_cycles=50)
        check_env(JantakuGymEnv(oracle=True), skip_render_check=True)
    plain = JantakuGymEnv()
    assert "oracle" not in plain.reset(seed=1)[0]


def _play(table: Table, seed: int) -> tuple[list[int], list[object]]:
    rng = random.Random(seed)
    ids = []
    while not table.done:
        i = rng.choice(sorted(table.table()))
        ids.append(i)
        table.step(i)
    return ids, list(table.referee.log)


@pytest.mark.parametrize("rules", ["tenhou", "tenhou-sanma"])
def test_a_clone_and_a_restore_replay_identically(rules: str) -> None:
    table = Table(Rules.preset(rules), seed=8)
    rng = random.Random(0)
    for _ in range(150):
        table.step(rng.choice(sorted(table.table())))
    snapshot = table.clone()
    copy = table.clone()
    first = _play(table, 1)
    assert not snapshot.done and snapshot.steps == 150  # the snapshot did not move
    second = _play(copy, 1)
    table.restore(snapshot)
    assert table.steps == 150 and not table.done
    third = _play(table, 1)
    assert first == second == third
    other = _play(snapshot.clone(), 2)  # another line of play from the same point
    assert other[1][: len(snapshot.referee.log)] == first[1][: len(snapshot.referee.log)]


def test_a_snapshot_of_other_rules_is_refused() -> None:
    with pytest.raises(JantakuError, match="other rules"):
        Table(seed=1).restore(Table(Rules.preset("tenhou-sanma"), seed=1))
