"""Environment steps per second, side by side in one run, with the same random policy.

A step is one decision of one seat (one action id). Contenders, four players, whole
hanchan, uniformly random legal actions:

- ``aec``: :class:`jantaku.env.JantakuAECEnv`, the PettingZoo loop (``last()`` builds
  the observation dict, ``step()``);
- ``parallel``: :class:`jantaku.env.JantakuParallelEnv`, the PettingZoo parallel loop
  (every agent's observation at each step; a step may answer several seats);
- ``engine``: the referee alone, answered with its own legal actions (no ids, no
  masks, no features: the engine's share of a step);
- ``table``: :class:`jantaku.env.table.Table` alone, ids and masks but no features;
- ``vector``: :class:`jantaku.env.VectorTables`, ``--batch`` matches stepped together,
  batched planes and masks as NumPy arrays, with ``planes-v1`` (float32) and with
  ``planes-v2`` (uint8), each also with half as many matches (the planes of a smaller
  batch stay in the CPU's cache with the matches) and the share of its step spent
  writing the planes (``BatchPlanesV1.encode``, ``BatchPlanesV2.encode``); and with
  masks only (``features=None``);
- ``process-vector``: :class:`jantaku.env.ProcessVectorTables` over ``--workers``
  processes (wall-clock time: its work is in other processes);
- ``riichienv``: RiichiEnv's ``RiichiEnv`` (Rust core) stepped from Python with its
  legal actions, with and without its feature encoding (``Observation.encode``), if
  the package is installed.

Rates are per CPU second of this process (other load on the machine does not skew
them), except ``process-vector``. ``--profile`` prints where the vector runner's time
goes (with ``--features``' planes).

    python bench/bench_env.py [--steps N] [--batch B] [--workers W] [--profile]
        [--features planes-v1|planes-v2]
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import time
from collections.abc import Callable

import numpy as np

from jantaku.engine import Referee
from jantaku.env.aec import JantakuAECEnv
from jantaku.env.parallel import JantakuParallelEnv
from jantaku.env.table import Table
from jantaku.env.vector import ProcessVectorTables, VectorTables, random_actions


def aec(steps: int) -> float:
    env = JantakuAECEnv()
    env.reset(seed=0)
    rng = np.random.default_rng(0)
    done = 0
    start = time.process_time()
    while done < steps:
        for _agent in env.agent_iter():
            obs, _reward, terminated, truncated, _info = env.last()
            if terminated or truncated:
                env.step(None)
                continue
            env.step(int(random_actions(obs["action_mask"][None], rng)[0]))
            done += 1
            if done >= steps:
                break
        else:
            env.reset()
    return steps / (time.process_time() - start)


def parallel(steps: int) -> float:
    env = JantakuParallelEnv()
    obs, infos = env.reset(seed=0)
    rng = np.random.default_rng(0)
    done = 0
    start = time.process_time()
    while done < steps:
        if not env.agents:
            obs, infos = env.reset()
        deciding = [a for a in env.agents if infos[a]["deciding"]]
        masks = np.stack([obs[a]["action_mask"] for a in deciding])
        actions = dict(zip(deciding, random_actions(masks, rng).tolist(), strict=True))
        obs, _rewards, _terms, _truncs, infos = env.step(actions)
        done += len(deciding)
    return done / (time.process_time() - start)


def engine(steps: int) -> float:
    ref = Referee(seed=0)
    rng = random.Random(0)
    done = seed = 0
    start = time.process_time()
    while done < steps:
        choices = {}
        for seat, legal in ref.pending().items():
            choices[seat] = legal[int(rng.random() * len(legal))]
        ref.submit(choices)
        done += len(choices)
        if ref.done:
            seed += 1
            ref = Referee(seed=seed)
    return done / (time.process_time() - start)


def table(steps: int) -> float:
    t = Table(seed=0)
    rng = random.Random(0)
    start = time.process_time()
    for _ in range(steps):
        ids = list(t.table())
        t.step(ids[int(rng.random() * len(ids))])
        if t.done:
            t.reset(t.seed + 1)
    return steps / (time.process_time() - start)


def vector(steps: int, batch: int, features: str | None = "planes-v1") -> float:
    vec = VectorTables(batch, seed=0, features=features)
    _obs, mask, _seats = vec.reset()
    rng = np.random.default_rng(0)
    start = time.process_time()
    for _ in range(steps // batch):
        _obs, mask, _seats, _rewards, _dones = vec.step(random_actions(mask, rng))
    return (steps // batch) * batch / (time.process_time() - start)


def planes_share(steps: int, batch: int, features: str = "planes-v1") -> float:
    """The vector runner's CPU time spent writing the planes (``BatchPlanesV1.encode``
    or ``BatchPlanesV2.encode``, timed around each batched call), in µs per step."""
    vec = VectorTables(batch, seed=0, features=features)
    encoder = vec._batch
    assert encoder is not None
    encode = encoder.encode
    spent = [0.0]

    def timed(referees: list[Referee], seats: list[int], out: object) -> object:
        start = time.thread_time()
        result = encode(referees, seats, out)
        spent[0] += time.thread_time() - start
        return result

    encoder.encode = timed  # type: ignore[method-assign]
    _obs, mask, _seats = vec.reset()
    rng = np.random.default_rng(0)
    spent[0] = 0.0
    for _ in range(steps // batch):
        _obs, mask, _seats, _rewards, _dones = vec.step(random_actions(mask, rng))
    return 1e6 * spent[0] / ((steps // batch) * batch)


def process_vector(steps: int, batch: int, workers: int) -> float:
    with ProcessVectorTables(batch, workers=workers, seed=0) as vec:
        _obs, mask, _seats = vec.reset()
        rng = np.random.default_rng(0)
        start = time.perf_counter()
        for _ in range(steps // batch):
            _obs, mask, _seats, _rewards, _dones = vec.step(random_actions(mask, rng))
        return (steps // batch) * batch / (time.perf_counter() - start)


def riichienv(steps: int, *, encode: bool) -> float | None:
    try:
        from riichienv import RiichiEnv
    except ImportError:
        return None
    env = RiichiEnv(game_mode="4p-red-half", seed=0)
    obs = env.reset()
    rng = random.Random(0)
    done = 0
    start = time.process_time()
    while done < steps:
        actions = {}
        for pid, o in obs.items():
            legal = o.legal_actions()
            if encode:
                np.frombuffer(o.encode(), dtype=np.float32)
            actions[pid] = legal[int(rng.random() * len(legal))]
        obs = env.step(actions)
        done += len(actions)
        if env.done():
            obs = env.reset()
    return done / (time.process_time() - start)


def main() -> None:
    """Print the table of rates (or the vector runner's profile)."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--steps", type=int, default=20_000, help="steps per contender")
    parser.add_argument("--batch", type=int, default=64, help="matches in the vector runner")
    parser.add_argument("--workers", type=int, default=2, help="process-vector workers")
    parser.add_argument("--profile", action="store_true", help="profile the vector runner")
    parser.add_argument("--features", default="planes-v1", help="the planes to profile")
    args = parser.parse_args()
    if args.profile:
        profiler = cProfile.Profile()
        profiler.runcall(vector, args.steps, args.batch, args.features)
        pstats.Stats(profiler).sort_stats("cumulative").print_stats(25)
        return
    vector(2_000, args.batch)  # warm the memos once, as a long run would have
    vector(2_000, args.batch, "planes-v2")
    rows: list[tuple[str, Callable[[], float | None]]] = [
        ("jantaku aec (PettingZoo loop)", lambda: aec(args.steps)),
        ("jantaku parallel (PettingZoo parallel loop)", lambda: parallel(args.steps)),
        ("jantaku engine (referee alone, no ids)", lambda: engine(args.steps)),
        ("jantaku table (ids + masks, no features)", lambda: table(args.steps)),
        (f"jantaku vector v1 (batch {args.batch})", lambda: vector(args.steps, args.batch)),
        (
            f"jantaku vector v1 (batch {args.batch // 2})",
            lambda: vector(args.steps, args.batch // 2),
        ),
        (
            "  of which writing the planes (BatchPlanesV1)",
            lambda: 1e6 / planes_share(args.steps, args.batch),  # a share: us/step alone
        ),
        (
            f"jantaku vector v2 (batch {args.batch})",
            lambda: vector(args.steps, args.batch, "planes-v2"),
        ),
        (
            f"jantaku vector v2 (batch {args.batch // 2})",
            lambda: vector(args.steps, args.batch // 2, "planes-v2"),
        ),
        (
            "  of which writing the planes (BatchPlanesV2)",
            lambda: 1e6 / planes_share(args.steps, args.batch, "planes-v2"),
        ),
        (
            f"jantaku vector (batch {args.batch}, masks only)",
            lambda: vector(args.steps, args.batch, None),
        ),
        (
            f"jantaku process-vector ({args.workers} workers, wall)",
            lambda: process_vector(args.steps, args.batch, args.workers),
        ),
        ("riichienv (legal actions only)", lambda: riichienv(args.steps, encode=False)),
        ("riichienv (+ Observation.encode)", lambda: riichienv(args.steps, encode=True)),
    ]
    print(f"{'contender':<48} {'steps/s':>10} {'us/step':>8}")
    for name, run in rows:
        rate = run()
        shown = "-" if rate is None or name.startswith("  of which") else f"{rate:,.0f}"
        cost = "-" if rate is None else f"{1e6 / rate:.1f}"
        print(f"{name:<48} {shown:>10} {cost:>8}", flush=True)


if __name__ == "__main__":
    main()
