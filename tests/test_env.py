"""The RL environments: action ids, feature planes, the step driver, PettingZoo AEC,
Gymnasium and the vector runner."""

from __future__ import annotations

import dataclasses
import random
import warnings
from typing import Any

import numpy as np
import pytest

pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, parallel_api_test, parallel_seed_test, seed_test

from jantaku.agents import EfficiencyAgent, RandomAgent
from jantaku.engine import Referee, View, legal_actions, observe
from jantaku.env.actions import (
    ACTION_NAMES,
    KAN,
    NUM_ACTIONS,
    PASS,
    RIICHI,
    RIICHI_TSUMOGIRI,
    TSUMOGIRI,
    action_id,
    action_table,
)
from jantaku.env.aec import JantakuAECEnv
from jantaku.env.fast_features import BatchPlanesV1, PlanesV1Tracker
from jantaku.env.features import PLANES_V1, encode_planes_v1, features_version
from jantaku.env.gym import JantakuGymEnv
from jantaku.env.parallel import JantakuParallelEnv
from jantaku.env.table import Table
from jantaku.env.vector import ProcessVectorTables, VectorTables, random_actions
from jantaku.errors import IllegalActionError, JantakuError
from jantaku.events import Dahai, Reach
from jantaku.match import placements
from jantaku.rules import PRESETS, TENHOU, TENHOU_SANMA, Rules
from jantaku.tiles import KIND_OF, dora_from_indicator


def _random_match(rules: Rules, seed: int, reward: str = "final") -> tuple[Table, list[float]]:
    rng = random.Random(seed)
    table = Table(rules, seed=seed, reward=reward)
    totals = [0.0] * rules.players
    while not table.done:
        gained = table.step(rng.choice(sorted(table.table())))
        totals = [a + b for a, b in zip(totals, gained, strict=True)]
    return table, totals


# --- action ids ------------------------------------------------------------------------


def test_the_action_table_is_complete_and_named() -> None:
    assert len(ACTION_NAMES) == NUM_ACTIONS == 125
    assert ACTION_NAMES[TSUMOGIRI] == "tsumogiri" and ACTION_NAMES[PASS] == "pass"
    assert ACTION_NAMES[RIICHI + 33] == "riichi C" and ACTION_NAMES[KAN + 27] == "kan E"


@pytest.mark.parametrize("preset", ["tenhou", "majsoul-sanma", "textbook"])
def test_every_legal_action_has_one_id_and_each_id_one_action(preset: str) -> None:
    """Over random matches: the ids of a decision's legal actions are distinct (riichi
    aside, whose ids name its discards), and every id plays legal actions."""
    rules = PRESETS[preset]
    ref = Referee(rules, seed=2)
    rng = random.Random(2)
    bot = EfficiencyAgent()  # it declares riichi; one choice in five is random
    decisions = riichi = 0
    kinds: set[str] = set()
    while not ref.done:
        choices = {}
        for seat, legal in ref.pending().items():
            table = action_table(ref.state, seat, legal)
            plain = [a for a in legal if type(a) is not Reach]
            assert len({action_id(a) for a in plain}) == len(plain)
            for i, plays in table.items():
                kinds.add(ACTION_NAMES[i].split()[0])
                if len(plays) == 2:
                    riichi += 1
                    assert RIICHI <= i <= RIICHI_TSUMOGIRI and plays[0] in legal
                    assert isinstance(plays[1], Dahai)
                else:
                    assert plays[0] in legal and action_id(plays[0]) == i
            decisions += 1
            choices[seat] = (
                rng.choice(legal)
                if rng.random() < 0.2
                else bot.act(observe(ref.state, seat), legal)
            )
        ref.submit(choices)
    assert decisions > 300 and riichi > 0
    assert {"discard", "tsumogiri", "pass"} <= kinds


def test_a_masked_id_is_refused_and_changes_nothing() -> None:
    table = Table(seed=4)
    before = len(table.referee.log)
    with pytest.raises(IllegalActionError):
        table.step(PASS)  # the dealer's first turn: no pass
    assert len(table.referee.log) == before and table.seat == 0


# --- the step driver -------------------------------------------------------------------


@pytest.mark.parametrize("reward", ["final", "hand"])
@pytest.mark.parametrize("rules", [TENHOU, TENHOU_SANMA], ids=["4p", "3p"])
def test_rewards_add_up_to_the_final_result(rules: Rules, reward: str) -> None:
    table, totals = _random_match(rules, 7, reward)
    end = table.referee.log[-1]
    assert end.result is not None and end.scores is not None  # type: ignore[union-attr]
    assert totals == pytest.approx(list(end.result))  # type: ignore[union-attr]
    assert placements(end.scores)  # type: ignore[union-attr]


# --- feature planes --------------------------------------------------------------------


def _reference_planes(view: View) -> np.ndarray:
    """planes-v1 written cell by cell from the documented table (the plain version)."""
    p = np.zeros((155, 34), dtype=np.float32)
    n, me = view.players, view.seat
    hand = [KIND_OF[t] for t in view.hand]
    for k in range(34):
        for c in range(4):
            p[c, k] = float(hand.count(k) > c)
    for t in view.hand:
        if t >= 34:
            p[4, KIND_OF[t]] = 1
    if view.drawn is not None:
        p[5, KIND_OF[view.drawn]] = 1
    seen = [hand.count(k) for k in range(34)]
    for t in view.dora_markers:
        p[6, KIND_OF[t]] += 0.25
        p[7, dora_from_indicator(t, players=n)] += 0.25
        seen[KIND_OF[t]] += 1
    for k in view.waits:
        p[8, k] = 1
    for r in range(n):
        s = (me + r) % n
        b = 13 + 32 * r
        for i, d in enumerate(view.rivers[s]):
            seen[KIND_OF[d.tile]] += 0 if d.called else 1
            if i < 24:
                p[b + i, KIND_OF[d.tile]] = 1
                p[b + 24, i], p[b + 25, i], p[b + 26, i] = d.tsumogiri, d.riichi, d.called
        for m in view.melds[s]:
            for t in m.tiles:
                p[b + 27, KIND_OF[t]] += 0.25
                seen[KIND_OF[t]] += 1
            if m.called is not None:
                p[b + 28, KIND_OF[m.called]] = 1
        p[b + 29] = view.riichi[s] / 2
        p[b + 30] = view.scores[s] / 100000
        p[b + 31] = view.nuki[s] / 4
    for k in range(34):
        for c in range(4):
            p[9 + c, k] = float(seen[k] > c)
    p[141 + view.bakaze - 27] = 1
    p[145 + (me - view.oya) % n] = 1
    p[149], p[150], p[151] = view.kyoku / 4, view.honba / 10, view.kyotaku / 10
    p[152] = view.tiles_left / 70
    p[153] = n == 3
    p[154] = me == view.oya
    return p


@pytest.mark.parametrize("rules", [TENHOU, TENHOU_SANMA], ids=["4p", "3p"])
def test_planes_v1_match_the_documented_table(rules: Rules) -> None:
    table = Table(rules, seed=11)
    rng = random.Random(11)
    checked = 0
    while not table.done:
        seat = table.seat
        assert seat is not None
        for s in {seat, (seat + 1) % rules.players}:
            view = table.view(s)
            np.testing.assert_array_equal(encode_planes_v1(view), _reference_planes(view))
            checked += 1
        table.step(rng.choice(sorted(table.table())))
    assert checked > 500


def test_the_features_are_versioned() -> None:
    assert features_version("planes-v1")[0] == PLANES_V1
    with pytest.raises(JantakuError):
        features_version("planes-v9")


# --- PettingZoo ------------------------------------------------------------------------


@pytest.mark.parametrize("preset", ["tenhou", "tenhou-sanma", "mleague"])
def test_pettingzoo_api_and_seed(preset: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # api_test warns on Dict observations
        api_test(JantakuAECEnv(rules=preset), num_cycles=400)
        seed_test(lambda: JantakuAECEnv(rules=preset, reward="hand"), num_cycles=400)


def test_aec_plays_a_whole_match_and_retires_every_agent() -> None:
    env = JantakuAECEnv(rules="tenhou-sanma", reward="hand")
    env.reset(seed=1)
    rng = np.random.default_rng(1)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    steps = 0
    for agent in env.agent_iter():
        obs, reward, terminated, truncated, info = env.last()
        totals[agent] += reward
        if terminated or truncated:
            env.step(None)
            continue
        assert obs["action_mask"].any() and info == {}
        env.step(int(random_actions(obs["action_mask"][None], rng)[0]))
        steps += 1
    assert not env.agents and steps > 200
    end = env.table.referee.log[-1]
    result = getattr(end, "result", None)
    assert result is not None
    assert [totals[a] for a in env.possible_agents] == pytest.approx(list(result))


def test_aec_same_seed_same_episode() -> None:
    def episode(seed: int) -> list[Any]:
        env = JantakuAECEnv()
        env.reset(seed=seed)
        rng = np.random.default_rng(0)
        for _ in range(300):
            obs, *_ = env.last()
            env.step(int(random_actions(obs["action_mask"][None], rng)[0]))
        return list(env.table.referee.log)

    assert episode(9) == episode(9)
    assert episode(9) != episode(10)


def test_aec_refuses_a_masked_id() -> None:
    env = JantakuAECEnv()
    env.reset(seed=0)
    with pytest.raises(IllegalActionError):
        env.step(PASS)


# --- Gymnasium -------------------------------------------------------------------------


@pytest.mark.parametrize("preset", ["tenhou", "majsoul-sanma"])
def test_gymnasium_check_env(preset: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        check_env(JantakuGymEnv(preset, opponents="random"), skip_render_check=True)


def test_gym_episode_against_bots_is_seeded_and_scored() -> None:
    def episode(seed: int) -> tuple[float, int, list[Any]]:
        env = JantakuGymEnv(opponents="efficiency", reward="hand")
        obs, info = env.reset(seed=seed)
        rng = np.random.default_rng(seed)
        total, done = 0.0, False
        while not done:
            action = int(random_actions(obs["action_mask"][None], rng)[0])
            obs, reward, done, truncated, info = env.step(action)
            assert not truncated and "illegal_action" not in info
            total += float(reward)
        return total, env.seat, list(env.table.referee.log)

    total, seat, log = episode(3)
    assert total == pytest.approx(log[-1].result[seat])
    assert episode(3) == (total, seat, log)


def test_gym_replaces_an_illegal_id_and_says_so() -> None:
    env = JantakuGymEnv(seat=0, opponents=[RandomAgent(seed=i) for i in range(3)])
    obs, _info = env.reset(seed=0)
    assert obs["action_mask"][PASS] == 0
    obs, _reward, _done, _trunc, info = env.step(PASS)
    assert info["illegal_action"] is True and info["seat"] == 0
    with pytest.raises(JantakuError):
        JantakuGymEnv(seat=3, rules="tenhou-sanma")


# --- the vector runner -----------------------------------------------------------------


def test_vector_batches_are_masked_seeded_and_restart() -> None:
    def run(seed: int) -> tuple[Any, ...]:
        vec = VectorTables(3, "tenhou-sanma", seed=seed, reward="hand")
        obs, mask, seats = vec.reset()
        rng = np.random.default_rng(0)
        rewards_sum = np.zeros((3, 3))
        ends = 0
        for _ in range(1500):
            assert (mask.sum(axis=1) > 0).all()
            acts = random_actions(mask, rng)
            assert mask[np.arange(3), acts].all()
            obs, mask, seats, rewards, dones = vec.step(acts)
            rewards_sum += rewards
            ends += int(dones.sum())
        return obs.copy(), mask.copy(), seats.copy(), rewards_sum, ends

    a, b = run(5), run(5)
    for x, y in zip(a[:4], b[:4], strict=True):
        np.testing.assert_array_equal(x, y)
    assert a[4] == b[4] >= 1  # matches ended and started again


def test_vector_matches_equal_single_tables() -> None:
    vec = VectorTables(2, seed=20)
    obs, mask, _seats = vec.reset()
    single = Table(TENHOU, seed=21)
    rng = np.random.default_rng(3)
    for _ in range(200):
        acts = random_actions(mask, rng)
        assert single.seat is not None
        np.testing.assert_array_equal(obs[1], encode_planes_v1(single.view(single.seat)))
        single.step(int(acts[1]))
        obs, mask, _seats, _r, _d = vec.step(acts)


def test_process_vector_equals_in_process() -> None:
    """Across two worker processes: the same batches as in one process, step by step
    (planes, masks, seats, per-hand rewards and ends), from a reset with a new seed."""
    rng_a, rng_b = np.random.default_rng(0), np.random.default_rng(0)
    local = VectorTables(3, seed=1, reward="hand")
    with ProcessVectorTables(3, workers=2, seed=1, reward="hand") as remote:
        for seed in (None, 7):
            obs_a, mask_a, seats_a = local.reset(seed)
            obs_b, mask_b, seats_b = remote.reset(seed)
            for step in range(150):
                np.testing.assert_array_equal(obs_a, obs_b)
                np.testing.assert_array_equal(mask_a, mask_b)
                np.testing.assert_array_equal(seats_a, seats_b)
                if step == 75:  # a masked id: refused before any worker steps
                    masked = np.array([int(np.flatnonzero(m == 0)[0]) for m in mask_b])
                    with pytest.raises(IllegalActionError):
                        remote.step(masked)
                obs_a, mask_a, seats_a, rewards_a, dones_a = local.step(
                    random_actions(mask_a, rng_a)
                )
                obs_b, mask_b, seats_b, rewards_b, dones_b = remote.step(
                    random_actions(mask_b, rng_b)
                )
                np.testing.assert_array_equal(rewards_a, rewards_b)
                np.testing.assert_array_equal(dones_a, dones_b)
            hands = [type(e).__name__ for t in local.tables for e in t.referee.log]
            assert hands.count("StartKyoku") > 3  # hands ended and started on the way
    with pytest.raises(JantakuError):
        ProcessVectorTables(1, workers=2)
    legal = legal_actions(local.tables[0].state, int(local.seats[0]))
    assert legal  # the batch shows a seat that has a decision


@pytest.mark.parametrize(
    ("rules", "seed"), [(TENHOU, 3), (TENHOU_SANMA, 4), (PRESETS["mleague"], 5)]
)
def test_fast_planes_equal_the_plain_encoder(rules: Rules, seed: int) -> None:
    """The tracker (planes-v1 kept up to date) writes what encode_planes_v1 writes from
    the view, for every seat at every decision of a random match (rewritten into a dirty
    array: every row is its own)."""
    tracker = PlanesV1Tracker(rules.players)
    table = Table(rules, seed=seed)
    rng = random.Random(seed)
    out = np.full((PLANES_V1, 34), 9.0, dtype=np.float32)
    checked = 0
    while not table.done:
        for s in range(rules.players):
            tracker.encode(table.state, s, out)
            np.testing.assert_array_equal(out, encode_planes_v1(table.view(s)))
            checked += 1
        table.step(rng.choice(sorted(table.table())))
    assert checked > 1000


def test_vector_without_features_gives_masks_and_views() -> None:
    vec = VectorTables(2, features=None, seed=3)
    obs, mask, seats = vec.reset()
    assert obs.shape == (2, 0, 34) and mask.sum() > 0
    assert vec.view(0).seat == seats[0]
    with pytest.raises(JantakuError):
        VectorTables(2, obs_buffer=np.zeros((3, 155, 34), dtype=np.float32))


def test_fast_planes_follow_a_match_seen_now_and_then() -> None:
    """Encoded only at some decisions (as an agent that is rarely asked sees it), the
    tracker still writes what the plain encoder writes."""
    rules = TENHOU
    tracker = PlanesV1Tracker(rules.players)
    rng = random.Random(8)
    out = np.zeros((PLANES_V1, 34), dtype=np.float32)
    checked = 0
    for seed in (8, 9):
        table = Table(rules, seed=seed)
        tracker.reset()
        while not table.done:
            if rng.random() < 0.1:
                s = rng.randrange(rules.players)
                tracker.encode(table.state, s, out)
                np.testing.assert_array_equal(out, encode_planes_v1(table.view(s)))
                checked += 1
            table.step(rng.choice(sorted(table.table())))
    assert checked > 100


@pytest.mark.parametrize("rules", [TENHOU, TENHOU_SANMA], ids=["4p", "3p"])
def test_batch_planes_equal_the_plain_encoder(rules: Rules) -> None:
    """The vector runner's batched planes equal encode_planes_v1 of every match's
    deciding seat, at every step (matches ending and restarting on the way)."""
    vec = VectorTables(5, rules, seed=30)
    obs, mask, _seats = vec.reset()
    rng = np.random.default_rng(30)
    ends = 0
    for _ in range(1200):
        for i in range(5):
            np.testing.assert_array_equal(obs[i], encode_planes_v1(vec.view(i)))
        obs, mask, _seats, _rewards, dones = vec.step(random_actions(mask, rng))
        ends += int(dones.sum())
    assert ends >= 1


def test_batch_planes_with_two_red_fives_a_suit() -> None:
    """Two red fives of a suit (a hand may hold both): row 4 marks the kind once, as the
    plain encoder does, through draws, discards and calls followed event by event."""
    rules = dataclasses.replace(TENHOU, red_fives=(2, 2, 2))
    vec = VectorTables(4, rules, seed=60)
    obs, mask, _seats = vec.reset()
    rng = np.random.default_rng(60)
    both = 0
    for _ in range(500):
        for i, table in enumerate(vec.tables):
            np.testing.assert_array_equal(obs[i], encode_planes_v1(vec.view(i)))
            hand = table.state.hands[int(vec.seats[i])]
            both += any(hand.count(t) == 2 for t in (34, 35, 36))
        obs, mask, _seats, _rewards, _dones = vec.step(random_actions(mask, rng))
    assert both > 0  # a seat held both red fives of a suit


def test_batch_planes_refuse_an_output_of_another_shape_type_or_layout() -> None:
    batch = BatchPlanesV1(2, 4)
    referees = [Referee(seed=1), Referee(seed=2)]
    good = np.zeros((2, PLANES_V1, 34), dtype=np.float32)
    batch.encode(referees, [0, 0], good)
    for bad in (
        np.zeros((2, PLANES_V1, 34), dtype=np.float64),
        np.zeros((3, PLANES_V1, 34), dtype=np.float32),
        np.zeros((2, PLANES_V1, 68), dtype=np.float32)[:, :, ::2],  # not contiguous
    ):
        with pytest.raises(JantakuError):
            batch.encode(referees, [0, 0], bad)
    np.testing.assert_array_equal(good[1], encode_planes_v1(observe(referees[1].state, 0)))


def test_vector_refuses_bad_ids_before_stepping_any_match() -> None:
    """A masked, unknown or missing id stops the whole step before any match moves (the
    batch stays as it was); then a legal step plays on."""
    vec = VectorTables(3, seed=70)
    obs, mask, seats = vec.reset()
    rng = np.random.default_rng(70)
    for _ in range(20):
        obs, mask, seats, _r, _d = vec.step(random_actions(mask, rng))
    logs = [len(t.referee.log) for t in vec.tables]
    before = obs.copy(), mask.copy(), seats.copy()
    good = random_actions(mask, rng)
    masked = good.copy()
    masked[2] = int(np.flatnonzero(mask[2] == 0)[0])
    for bad in (masked, np.array([good[0], good[1], NUM_ACTIONS]), np.array([-1, *good[1:]])):
        with pytest.raises(IllegalActionError):
            vec.step(bad)
    for bad in (good[:2], good.astype(np.float64), [[int(a)] for a in good]):
        with pytest.raises(JantakuError):
            vec.step(bad)
    assert [len(t.referee.log) for t in vec.tables] == logs
    for kept, now in zip(before, (obs, mask, seats), strict=True):
        np.testing.assert_array_equal(kept, now)
    vec.step(good)
    assert vec.steps == 3 * 21


def test_random_actions_are_legal_and_uniform() -> None:
    mask = np.zeros((2, NUM_ACTIONS), dtype=np.int8)
    mask[0, [3, 40, 124]] = 1
    mask[1, 7] = 1
    rng = np.random.default_rng(5)
    picks = np.array([random_actions(mask, rng) for _ in range(3000)])
    assert set(picks[:, 1].tolist()) == {7}
    counts = [int((picks[:, 0] == k).sum()) for k in (3, 40, 124)]
    assert sum(counts) == 3000 and all(900 < c < 1100 for c in counts)


@pytest.mark.parametrize("rules", [TENHOU, TENHOU_SANMA], ids=["4p", "3p"])
def test_batch_planes_follow_matches_seen_now_and_then(rules: Rules) -> None:
    """Encoded after several decisions at once (a seat's rivers grown by more than one
    discard, calls and discards between two looks), the batch still writes what the
    plain encoder writes, for any seat, into a dirty array."""
    tables = [Table(rules, seed=seed) for seed in (50, 51, 52)]
    batch = BatchPlanesV1(len(tables), rules.players)
    rng = random.Random(50)
    out = np.full((len(tables), PLANES_V1, 34), 9.0, dtype=np.float32)
    checked = 0
    while checked < 300:
        for i, table in enumerate(tables):
            for _ in range(rng.randrange(1, 12)):
                table.step(rng.choice(sorted(table.table())))
                if table.done:
                    table.reset(table.seed + 10)
                    batch.reset(i)
        seats = [rng.randrange(rules.players) for _ in tables]
        batch.encode([t.referee for t in tables], seats, out)
        for i, table in enumerate(tables):
            np.testing.assert_array_equal(out[i], encode_planes_v1(table.view(seats[i])))
            checked += 1


@pytest.mark.parametrize("rules", [TENHOU, TENHOU_SANMA], ids=["4p", "3p"])
def test_planes_through_riichi_calls_and_wins(rules: Rules) -> None:
    """Efficiency bots (riichi, wins, yakuhai calls) with some random answers: the plain
    encoder equals the documented table, the tracker equals the plain encoder."""
    table = Table(rules, seed=12)
    tracker = PlanesV1Tracker(rules.players)
    bot = EfficiencyAgent()
    rng = random.Random(12)
    out = np.zeros((PLANES_V1, 34), dtype=np.float32)
    marks = 0
    while not table.done:
        seat = table.seat
        assert seat is not None
        view = table.view(seat)
        plain = encode_planes_v1(view)
        np.testing.assert_array_equal(plain, _reference_planes(view))
        np.testing.assert_array_equal(tracker.encode(table.state, seat, out), plain)
        marks += int(plain[13 + 25 :: 32][:4].sum())  # riichi marks in the rivers
        legal = table.legal()
        table.act(rng.choice(legal) if rng.random() < 0.1 else bot.act(view, legal))
    log = table.referee.log
    assert marks > 0 and any(type(e).__name__ == "Hora" for e in log)


@pytest.mark.parametrize("rules", [TENHOU, TENHOU_SANMA], ids=["4p", "3p"])
def test_batch_planes_through_riichi_calls_and_wins(rules: Rules) -> None:
    """The vector runner driven by efficiency bots (riichi, calls, kans, wins, hands
    ending and starting) with some random answers: at every step each match's batched
    planes equal encode_planes_v1 of its deciding seat's view (the event-led updates
    of BatchPlanesV1 against the plain encoder)."""
    vec = VectorTables(3, rules, seed=40)
    obs, _mask, _seats = vec.reset()
    bot = EfficiencyAgent()
    rng = random.Random(40)
    marks = 0
    for _ in range(700):
        ids = []
        for i, table in enumerate(vec.tables):
            view = vec.view(i)
            np.testing.assert_array_equal(obs[i], encode_planes_v1(view))
            marks += int(obs[i, 13 + 25 :: 32][:4].sum())  # riichi marks in the rivers
            legal = table.legal()
            choice = rng.choice(legal) if rng.random() < 0.1 else bot.act(view, legal)
            ids.append(next(k for k, plays in table.table().items() if plays[0] == choice))
        obs, _mask, _seats, _rewards, _dones = vec.step(ids)
    logs = [e for t in vec.tables for e in t.referee.log]
    assert marks > 0
    assert {"Hora", "Pon"} <= {type(e).__name__ for e in logs}


# --- PettingZoo parallel ----------------------------------------------------------------


@pytest.mark.parametrize("preset", ["tenhou", "tenhou-sanma", "mleague"])
def test_parallel_api_and_seed(preset: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        parallel_api_test(JantakuParallelEnv(rules=preset), num_cycles=400)
        parallel_seed_test(lambda: JantakuParallelEnv(rules=preset, reward="hand"), num_cycles=400)


def _parallel_match(
    env: JantakuParallelEnv, seed: int
) -> tuple[list[Any], dict[str, float], list[int], int]:
    """A whole match of masked random actions: the log, the rewards summed, the ids
    played in the order the seats were asked, the steps where several seats answered
    one discard together."""
    obs, infos = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    played: list[int] = []
    together = 0
    while env.agents:
        for a in env.agents:
            if not infos[a]["deciding"]:
                assert obs[a]["action_mask"].nonzero()[0].tolist() == [PASS]
        line = [env.possible_agents[s] for s in env.table.deciding]
        assert sorted(line) == sorted(a for a in env.agents if infos[a]["deciding"])
        together += len(line) > 1
        actions = {a: int(random_actions(obs[a]["action_mask"][None], rng)[0]) for a in line}
        played += [actions[a] for a in line]
        obs, rewards, terms, truncs, infos = env.step(actions)
        assert not any(truncs.values()) and all(terms[a] == (not env.agents) for a in terms)
        assert not any(info.get("illegal_action") for info in infos.values())
        for a, r in rewards.items():
            totals[a] += r
    return list(env.table.referee.log), totals, played, together


@pytest.mark.parametrize("rules", ["tenhou", "tenhou-sanma"])
def test_parallel_plays_the_aec_match_with_claims_answered_together(rules: str) -> None:
    """A whole match: the rewards add up to the final result, several seats answer some
    discards in one step, the same seed and answers give the same match, and it is the
    match the AEC env plays for the same answers given one seat at a time."""
    log, totals, played, together = _parallel_match(
        JantakuParallelEnv(rules=rules, reward="hand"), 5
    )
    end = log[-1]
    assert list(totals.values()) == pytest.approx(list(end.result))
    assert together > 0 or rules == "tenhou-sanma"  # no chii at three: claims rarely meet
    assert _parallel_match(JantakuParallelEnv(rules=rules, reward="hand"), 5)[0] == log
    aec = JantakuAECEnv(rules=rules)
    aec.reset(seed=5)
    answers = iter(played)
    for _agent in aec.agent_iter():
        _obs, _r, terminated, truncated, _info = aec.last()
        aec.step(None if terminated or truncated else next(answers))
    assert list(aec.table.referee.log) == log and next(answers, None) is None


def test_parallel_replaces_an_illegal_id_and_says_so() -> None:
    env = JantakuParallelEnv()
    obs, infos = env.reset(seed=0)
    assert infos["player_0"]["deciding"] and obs["player_0"]["action_mask"][PASS] == 0
    _obs, _r, _t, _tr, infos = env.step({"player_0": PASS, "player_1": 3})
    assert infos["player_0"]["illegal_action"] is True
    assert "illegal_action" not in infos["player_1"]  # not deciding: ignored
    with pytest.raises(IllegalActionError):
        env.step({a: "discard" for a in env.agents})
