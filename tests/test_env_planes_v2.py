"""``planes-v2``: the uint8 feature planes, their exact integer codes, the batched
encoder of the vector runner, and the environments that take them."""

from __future__ import annotations

import dataclasses
import random
import warnings
from collections.abc import Iterator

import numpy as np
import pytest

pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from gymnasium.spaces import Box
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, parallel_api_test, seed_test

from jantaku.agents import EfficiencyAgent
from jantaku.engine import Referee, View, observe
from jantaku.env.aec import JantakuAECEnv
from jantaku.env.fast_features import BatchPlanesV2
from jantaku.env.features import (
    PLANES_V2,
    decode_score,
    encode_planes_v1,
    encode_planes_v2,
    encode_score,
    features_dtype,
    features_version,
)
from jantaku.env.gym import JantakuGymEnv
from jantaku.env.parallel import JantakuParallelEnv
from jantaku.env.seated import observation_space
from jantaku.env.table import Table
from jantaku.env.vector import ProcessVectorTables, VectorTables, random_actions
from jantaku.errors import JantakuError
from jantaku.rules import PRESETS, TENHOU, TENHOU_SANMA, Rules
from jantaku.tiles import KIND_OF, dora_from_indicator

V2 = "planes-v2"


def _reference_planes_v2(view: View) -> np.ndarray:
    """planes-v2 written cell by cell from the documented table (the plain version)."""
    p = np.zeros((163, 34), dtype=np.int64)  # wide: a value that does not fit shows
    n, me = view.players, view.seat
    hand = [KIND_OF[t] for t in view.hand]
    for k in range(34):
        for c in range(4):
            p[c, k] = hand.count(k) > c
    for t in view.hand:
        if t >= 34:
            p[4, KIND_OF[t]] = 1
    if view.drawn is not None:
        p[5, KIND_OF[view.drawn]] = 1
    seen = [hand.count(k) for k in range(34)]
    for t in view.dora_markers:
        p[6, KIND_OF[t]] += 1
        p[7, dora_from_indicator(t, players=n)] += 1
        seen[KIND_OF[t]] += 1
    for k in view.waits:
        p[8, k] = 1
    for r in range(n):
        s = (me + r) % n
        b = 13 + 34 * r
        for i, d in enumerate(view.rivers[s]):
            seen[KIND_OF[d.tile]] += 0 if d.called else 1
            if i < 24:
                p[b + i, KIND_OF[d.tile]] = 1
                p[b + 24, i], p[b + 25, i], p[b + 26, i] = d.tsumogiri, d.riichi, d.called
        for m in view.melds[s]:
            for t in m.tiles:
                p[b + 27, KIND_OF[t]] += 1
                seen[KIND_OF[t]] += 1
            if m.called is not None:
                p[b + 28, KIND_OF[m.called]] = 1
        p[b + 29] = view.riichi[s]
        p[b + 30] = view.scores[s] < 0
        p[b + 31] = abs(view.scores[s]) // 1000
        p[b + 32] = abs(view.scores[s]) // 100 % 10
        p[b + 33] = view.nuki[s]
    for k in range(34):
        for c in range(4):
            p[9 + c, k] = seen[k] > c
    p[149 + view.bakaze - 27] = 1
    p[153 + (me - view.oya) % n] = 1
    p[157], p[158], p[159] = view.kyoku, view.honba, view.kyotaku
    p[160] = view.tiles_left
    p[161] = n == 3
    p[162] = me == view.oya
    return p


def _planes_v1_from_v2(v2: np.ndarray) -> np.ndarray:
    """planes-v1 rebuilt from planes-v2 alone: v2 carries everything v1 carries."""
    v1 = np.zeros((155, 34), dtype=np.float64)
    v1[0:6], v1[6:8], v1[8:13] = v2[0:6], v2[6:8] / 4, v2[8:13]
    for r in range(4):
        b1, b2 = 13 + 32 * r, 13 + 34 * r
        v1[b1 : b1 + 27] = v2[b2 : b2 + 27]
        v1[b1 + 27], v1[b1 + 28] = v2[b2 + 27] / 4, v2[b2 + 28]
        v1[b1 + 29] = v2[b2 + 29] / 2
        v1[b1 + 30] = decode_score(*v2[b2 + 30 : b2 + 33, 0]) / 100_000
        v1[b1 + 31] = v2[b2 + 33] / 4
    v1[141:149] = v2[149:157]
    v1[149], v1[150], v1[151] = v2[157] / 4, v2[158] / 10, v2[159] / 10
    v1[152] = v2[160] / 70
    v1[153:155] = v2[161:163]
    return v1.astype(np.float32)


def _bot_match(rules: Rules, seed: int) -> Iterator[tuple[Table, int]]:
    """A whole match of efficiency bots with some random answers (riichi, calls, kans,
    wins, draws): the table at each decision is handed out as it is then."""
    table = Table(rules, seed=seed)
    bot = EfficiencyAgent()
    rng = random.Random(seed)
    while not table.done:
        seat = table.seat
        assert seat is not None
        yield table, seat
        view = table.view(seat)
        legal = table.legal()
        table.act(rng.choice(legal) if rng.random() < 0.1 else bot.act(view, legal))


@pytest.mark.parametrize("rules", [TENHOU, TENHOU_SANMA], ids=["4p", "3p"])
def test_planes_v2_match_the_table_carry_v1_and_decode_exactly(rules: Rules) -> None:
    """At each decision of a bot match, for the deciding seat and the next: the plain
    encoder equals the documented table; planes-v1 rebuilt from it equals
    encode_planes_v1; the scalar codes decode to the view's values."""
    checked = honba = sticks = riichi = 0
    for table, seat in _bot_match(rules, 12):
        for s in {seat, (seat + 1) % rules.players}:
            view = table.view(s)
            v2 = encode_planes_v2(view)
            assert v2.dtype == np.uint8 and v2.shape == (PLANES_V2, 34)
            np.testing.assert_array_equal(v2, _reference_planes_v2(view))
            np.testing.assert_array_equal(_planes_v1_from_v2(v2), encode_planes_v1(view))
            for r in range(rules.players):
                other = (s + r) % rules.players
                block = v2[13 + 34 * r : 13 + 34 * (r + 1)]
                for column in (0, 17, 33):  # constant rows: every column decodes
                    assert decode_score(*block[30:33, column]) == view.scores[other]
                assert int(block[29, 5]) == view.riichi[other]
                assert int(block[33, 5]) == view.nuki[other]
            kyoku, hon, deposit, left = (int(x) for x in v2[157:161, 9])
            assert (kyoku, hon, deposit, left) == (
                view.kyoku,
                view.honba,
                view.kyotaku,
                view.tiles_left,
            )
            honba, sticks = honba + (hon > 0), sticks + (deposit > 0)
            riichi += int(v2[13 + 25 :: 34][:4].sum())
            checked += 1
    assert checked > 300 and honba > 0 and sticks > 0 and riichi > 0


def test_score_codes_are_exact_over_their_range_and_refuse_beyond() -> None:
    points = np.arange(-255_900, 256_000, 100)
    assert all(decode_score(*encode_score(int(p))) == p for p in points)
    assert encode_score(-25_300) == (1, 25, 3)
    for bad in (256_000, -256_000, 25_050, -1):
        with pytest.raises(JantakuError):
            encode_score(bad)


def test_planes_v2_refuse_a_state_without_an_exact_code() -> None:
    view = observe(Referee(seed=1).state, 0)
    for changed in (
        view._replace(honba=256),
        view._replace(kyotaku=300),
        view._replace(scores=(25_000, 25_000, 256_000, 25_000)),
        view._replace(scores=(25_000, 24_950, 25_000, 25_000)),
    ):
        with pytest.raises(JantakuError):
            encode_planes_v2(changed)
    encode_planes_v2(view._replace(honba=255, kyotaku=255))


def test_planes_v2_are_versioned_uint8() -> None:
    assert features_version(V2)[0] == PLANES_V2 == 163
    assert features_dtype(V2) == np.uint8
    assert features_dtype("planes-v1") == np.float32
    with pytest.raises(JantakuError):
        features_dtype("planes-v3")


# --- the batched encoder ---------------------------------------------------------------


@pytest.mark.parametrize("rules", [TENHOU, TENHOU_SANMA], ids=["4p", "3p"])
def test_batch_planes_v2_equal_the_plain_encoder(rules: Rules) -> None:
    """The vector runner's batched uint8 planes equal encode_planes_v2 of every match's
    deciding seat at every step of seeded random matches (ending and restarting)."""
    vec = VectorTables(5, rules, seed=30, features=V2)
    obs, mask, _seats = vec.reset()
    assert obs.dtype == np.uint8 and obs.shape == (5, PLANES_V2, 34)
    rng = np.random.default_rng(30)
    ends = 0
    for _ in range(1200):
        for i in range(5):
            np.testing.assert_array_equal(obs[i], encode_planes_v2(vec.view(i)))
        obs, mask, _seats, _rewards, dones = vec.step(random_actions(mask, rng))
        ends += int(dones.sum())
    assert ends >= 1


@pytest.mark.parametrize(
    "rules",
    [TENHOU, TENHOU_SANMA, PRESETS["mleague"], dataclasses.replace(TENHOU, red_fives=(2, 2, 2))],
    ids=["4p", "3p", "mleague", "two-red-fives"],
)
def test_batch_planes_v2_through_riichi_calls_and_wins(rules: Rules) -> None:
    """The vector runner driven by efficiency bots with some random answers: at every
    step each match's batched planes equal encode_planes_v2 of its deciding seat."""
    vec = VectorTables(3, rules, seed=40, features=V2)
    obs, _mask, _seats = vec.reset()
    bot = EfficiencyAgent()
    rng = random.Random(40)
    marks = 0
    for _ in range(500):
        ids = []
        for i, table in enumerate(vec.tables):
            view = vec.view(i)
            np.testing.assert_array_equal(obs[i], encode_planes_v2(view))
            marks += int(obs[i, 13 + 25 :: 34][:4].sum())  # riichi marks in the rivers
            legal = table.legal()
            choice = rng.choice(legal) if rng.random() < 0.1 else bot.act(view, legal)
            ids.append(next(k for k, plays in table.table().items() if plays[0] == choice))
        obs, _mask, _seats, _rewards, _dones = vec.step(ids)
    logs = {type(e).__name__ for t in vec.tables for e in t.referee.log}
    assert marks > 0
    assert {"Hora", "Pon"} <= logs


def test_batch_planes_v2_refuse_an_output_of_another_shape_type_or_layout() -> None:
    batch = BatchPlanesV2(2, 4)
    referees = [Referee(seed=1), Referee(seed=2)]
    good = np.full((2, PLANES_V2, 34), 7, dtype=np.uint8)  # every cell is written
    batch.encode(referees, [0, 1], good)
    for bad in (
        np.zeros((2, PLANES_V2, 34), dtype=np.float32),
        np.zeros((3, PLANES_V2, 34), dtype=np.uint8),
        np.zeros((2, PLANES_V2, 68), dtype=np.uint8)[:, :, ::2],  # not contiguous
    ):
        with pytest.raises(JantakuError):
            batch.encode(referees, [0, 1], bad)
    np.testing.assert_array_equal(good[1], encode_planes_v2(observe(referees[1].state, 1)))
    with pytest.raises(JantakuError):  # a float32 buffer for uint8 planes
        VectorTables(2, features=V2, obs_buffer=np.zeros((2, PLANES_V2, 34), np.float32))


def test_process_vector_planes_v2_equal_in_process() -> None:
    """Across two worker processes the uint8 planes (shared memory) equal one process's."""
    rng_a, rng_b = np.random.default_rng(2), np.random.default_rng(2)
    local = VectorTables(3, seed=5, features=V2)
    with ProcessVectorTables(3, workers=2, seed=5, features=V2) as remote:
        obs_a, mask_a, _ = local.reset()
        obs_b, mask_b, _ = remote.reset()
        assert obs_b.dtype == np.uint8
        for _ in range(120):
            np.testing.assert_array_equal(obs_a, obs_b)
            np.testing.assert_array_equal(mask_a, mask_b)
            obs_a, mask_a, _, _, _ = local.step(random_actions(mask_a, rng_a))
            obs_b, mask_b, _, _, _ = remote.step(random_actions(mask_b, rng_b))


# --- the environments ------------------------------------------------------------------


@pytest.mark.parametrize("preset", ["tenhou", "tenhou-sanma"])
def test_pettingzoo_and_gymnasium_checks_pass_with_planes_v2(preset: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # api_test warns on Dict observations
        api_test(JantakuAECEnv(rules=preset, features=V2), num_cycles=200)
        seed_test(lambda: JantakuAECEnv(rules=preset, features=V2), num_cycles=200)
        parallel_api_test(JantakuParallelEnv(rules=preset, features=V2), num_cycles=200)
        check_env(JantakuGymEnv(preset, opponents="random", features=V2), skip_render_check=True)


def test_the_spaces_contain_the_planes_v2_observations() -> None:
    """A whole AEC match: each observation is uint8, in its Box(0, 255) space, and the
    plain planes of the seat's view."""
    box = observation_space(V2)["observation"]
    assert isinstance(box, Box) and box.dtype == np.uint8
    assert (box.low.max(), box.high.min()) == (0, 255)
    env = JantakuAECEnv(rules="tenhou", features=V2)
    env.reset(seed=3)
    rng = np.random.default_rng(3)
    steps = 0
    for agent in env.agent_iter():
        obs, _reward, terminated, truncated, _info = env.last()
        assert obs["observation"].dtype == np.uint8
        assert env.observation_space(agent).contains(obs)
        if steps % 50 == 0:
            view = env.view(agent)
            np.testing.assert_array_equal(obs["observation"], encode_planes_v2(view))
        if terminated or truncated:
            env.step(None)
            continue
        env.step(int(random_actions(obs["action_mask"][None], rng)[0]))
        steps += 1
    assert steps > 300
