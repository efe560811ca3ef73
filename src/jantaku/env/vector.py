"""Many matches stepped together, with batched NumPy observations and masks.

:class:`VectorTables` holds ``num`` :class:`~jantaku.env.table.Table` matches in one
process. Each has one seat deciding at any time; the batch shows them all at once:
``obs`` (``(num, rows, 34)`` feature planes of the deciding seats: float32 for
``planes-v1``, the default, uint8 for ``planes-v2``),
``mask`` (``(num, NUM_ACTIONS)`` int8 legal masks) and ``seats`` (the deciding seat
of each match). :meth:`VectorTables.step` takes one action id per match and returns
the new batch with ``rewards`` (``(num, players)``: what each seat gained in that
step) and ``dones`` (matches that ended in that step; they start again at once with
the next seed, so that the batch is always full; :attr:`VectorTables.finals` holds
the placements, scores and points of the matches that ended in the last step). Match
``i`` of a run seeded ``s``
plays seeds ``s + i``, ``s + i + num``, … — the same seed gives the same run. With
``features=None`` no planes are made (``obs`` has no rows): masks and seats only, for
a policy that reads :meth:`VectorTables.view` or the engine's state itself.

:class:`ProcessVectorTables` splits the matches over worker processes (each running
a :class:`VectorTables`) and gathers their batches, for more than one CPU: the planes
are written by the workers into one shared-memory array, only masks, seats, rewards
and ends travel through the pipes.

>>> vec = VectorTables(4, seed=0)
>>> obs, mask, seats = vec.reset()
>>> obs.shape, mask.shape, seats.tolist()
((4, 155, 34), (4, 125), [0, 0, 0, 0])
>>> import numpy as np
>>> rng = np.random.default_rng(0)
>>> obs, mask, seats, rewards, dones = vec.step(random_actions(mask, rng))
>>> rewards.shape, dones.dtype.name
((4, 4), 'bool')
"""

from __future__ import annotations

import multiprocessing as mp
from collections.abc import Callable
from multiprocessing import shared_memory
from multiprocessing.connection import Connection
from typing import Any

import numpy as np

from jantaku.engine import View
from jantaku.env.actions import NUM_ACTIONS
from jantaku.env.fast_features import BatchPlanesV1, BatchPlanesV2
from jantaku.env.features import features_dtype, features_version
from jantaku.env.table import Table, resolve_rules
from jantaku.errors import IllegalActionError, JantakuError
from jantaku.rules import TENHOU, Rules

__all__ = ["ProcessVectorTables", "VectorTables", "random_actions"]

Batch = tuple[Any, Any, Any]
StepBatch = tuple[Any, Any, Any, Any, Any]


def random_actions(mask: Any, rng: Any) -> Any:
    """One legal action id per row of a batch of masks, uniformly at random (NumPy).

    >>> m = np.zeros((2, NUM_ACTIONS), dtype=np.int8); m[0, 5] = m[1, 124] = 1
    >>> random_actions(m, np.random.default_rng(0)).tolist()
    [5, 124]
    """
    noise = rng.random(mask.shape, dtype=np.float32)  # in [0, 1): a legal id's in [1, 2)
    noise += mask
    return noise.argmax(axis=1)


def _checked_ids(actions: Any, mask: Any, seats: Any) -> Any:
    """The action ids of a step as an array, each checked against its match's mask.

    Raises :class:`~jantaku.errors.JantakuError` for another number of ids than
    matches or ids that are not integers, :class:`~jantaku.errors.IllegalActionError`
    for a masked id.
    """
    ids = np.asarray(actions)
    num = len(mask)
    if ids.shape != (num,) or ids.dtype.kind not in "iu":
        raise JantakuError(
            f"a step takes {num} integer action ids, not {ids.dtype.name} {ids.shape}"
        )
    known = (ids >= 0) & (ids < NUM_ACTIONS)
    cells = np.arange(num) * NUM_ACTIONS + ids
    legal = known & mask.reshape(-1).take(cells, mode="clip").view(bool)
    if not legal.all():
        i = int(np.argmin(legal))
        raise IllegalActionError(
            f"action id {ids[i]} is not legal in match {i} now", seat=int(seats[i])
        )
    return ids


class VectorTables:
    """``num`` matches stepped together in this process (see the module docstring).

    Raises :class:`~jantaku.errors.JantakuError` for ``num < 1``.
    """

    def __init__(
        self,
        num: int,
        rules: Rules | str = TENHOU,
        *,
        seed: int = 0,
        reward: str = "final",
        features: str | None = "planes-v1",
        obs_buffer: Any = None,
    ) -> None:
        if num < 1:
            raise JantakuError(f"a batch needs at least one match, not {num}")
        self.num = num
        self.rules = resolve_rules(rules)
        self.players = self.rules.players
        self._encode: Callable[[View, Any], Any] | None = None
        self._rows = 0
        dtype = np.dtype(np.float32)
        if features:
            self._rows, self._encode = features_version(features)
            dtype = features_dtype(features)
        self._seed = seed
        self.tables = [Table(self.rules, seed=seed + i, reward=reward) for i in range(num)]
        # the planes are kept up to date match by match (their batched twins)
        batched = {"planes-v1": BatchPlanesV1, "planes-v2": BatchPlanesV2}.get(features or "")
        self._batch = batched(num, self.players) if batched is not None else None
        self._next_seed = [seed + i for i in range(num)]
        shape = (num, self._rows, 34)
        self.obs = np.zeros(shape, dtype=dtype) if obs_buffer is None else obs_buffer
        if self.obs.shape != shape or self.obs.dtype != dtype:
            raise JantakuError(
                f"the observation buffer is {self.obs.dtype.name} {self.obs.shape},"
                f" not {dtype.name} {shape}"
            )
        self.mask = np.zeros((num, NUM_ACTIONS), dtype=np.int8)
        self.seats = np.zeros(num, dtype=np.int64)
        # the end of each match that ended in the last step, by match (placements,
        # scores and points: Table.final_info), before it started again
        self.finals: dict[int, dict[str, tuple[float, ...]]] = {}
        self.episodes = 0
        self.steps = 0

    def reset(self, seed: int | None = None) -> Batch:
        """Start every match again (from ``seed``, else the constructor's); the batch."""
        if seed is not None:
            self._seed = seed
        for i, table in enumerate(self.tables):
            self._next_seed[i] = self._seed + i
            table.reset(self._seed + i)
            if self._batch is not None:
                self._batch.reset(i)
        self._advance(None)
        return self.obs, self.mask, self.seats

    def view(self, i: int) -> View:
        """The raw view of match ``i`` from its deciding seat."""
        return self.tables[i].view(int(self.seats[i]))

    def step(self, actions: Any) -> StepBatch:
        """Play one action id per match; ``(obs, mask, seats, rewards, dones)``.

        Raises :class:`~jantaku.errors.IllegalActionError` if an id is masked or
        unknown, :class:`~jantaku.errors.JantakuError` for ids that are not one integer
        per match (no match is stepped then).
        """
        ids = _checked_ids(actions, self.mask, self.seats)
        rewards, dones = self._advance(ids.tolist())
        self.steps += self.num
        return self.obs, self.mask, self.seats, rewards, dones

    def _advance(self, ids: list[int] | None) -> tuple[Any, Any]:
        """Step every match with its id (none: only show them), then write the batch:
        each match's deciding seat, mask and planes; the rewards and ends of the step.
        (Two passes over the matches, stepping then showing: faster than one.)"""
        rewards = np.zeros((self.num, self.players), dtype=np.float32)
        dones = np.zeros(self.num, dtype=bool)
        batch, encode, obs = self._batch, self._encode, self.obs
        self.finals = {}
        if ids is not None:
            for i, (table, action) in enumerate(zip(self.tables, ids, strict=True)):
                gained = table.step(action)
                if table.done:
                    dones[i] = True
                    final = table.final_info()
                    if final is not None:
                        self.finals[i] = final
                    self.episodes += 1
                    self._next_seed[i] += self.num
                    table.reset(self._next_seed[i])
                    if batch is not None:
                        batch.reset(i)
                if any(gained):
                    rewards[i] = gained
        seats: list[int] = []
        ones: list[int] = []  # the masks' cells set to 1
        for i, table in enumerate(self.tables):
            seat = table.seat
            if seat is None:  # pragma: no cover - a match restarts as soon as it ends
                seat = 0
            else:
                base = i * NUM_ACTIONS
                ones.extend([base + k for k in table.table()])
            seats.append(seat)
            if batch is None and encode is not None:
                obs[i] = 0
                encode(table.view(seat), obs[i])
        self.seats[:] = seats
        if batch is not None:
            batch.encode([t.referee for t in self.tables], seats, obs)
        self.mask[:] = 0
        self.mask.reshape(-1)[ones] = 1
        return rewards, dones


def _worker(conn: Connection, kwargs: dict[str, Any], shm_name: str, offset: int) -> None:
    """A worker: its matches' planes go straight into the shared observation buffer."""
    shm = shared_memory.SharedMemory(name=shm_name)
    buffer: Any = None
    vec: VectorTables | None = None
    try:
        features = kwargs["features"]
        rows = features_version(features)[0] if features else 0
        dtype = features_dtype(features) if features else np.dtype(np.float32)
        shape = (kwargs["num"], rows, 34)
        buffer = np.ndarray(shape, dtype=dtype, buffer=shm.buf, offset=offset)
        vec = VectorTables(**kwargs, obs_buffer=buffer)
        while True:
            command, arg = conn.recv()
            if command == "step":
                _obs, mask, seats, rewards, dones = vec.step(arg)
                conn.send((mask, seats, rewards, dones, vec.finals))
            elif command == "reset":
                _obs, mask, seats = vec.reset(arg)
                conn.send((mask, seats))
            else:
                break
    except (EOFError, KeyboardInterrupt):  # pragma: no cover - the parent went away
        pass
    except Exception as e:  # reported to the parent, which raises it
        conn.send(e)
    finally:
        del buffer, vec
        shm.close()
        conn.close()


class ProcessVectorTables:
    """``num`` matches split over ``workers`` processes, each a :class:`VectorTables`;
    the same interface, batches gathered in worker order. Use it as a context manager
    (or call :meth:`close`) so that the workers stop.

    Raises :class:`~jantaku.errors.JantakuError` when there are fewer matches than
    workers; an error in a worker is raised again here.
    """

    def __init__(
        self,
        num: int,
        rules: Rules | str = TENHOU,
        *,
        workers: int = 2,
        seed: int = 0,
        reward: str = "final",
        features: str | None = "planes-v1",
    ) -> None:
        if workers < 1 or num < workers:
            raise JantakuError(f"{num} matches cannot be shared by {workers} workers")
        self.num = num
        rules = resolve_rules(rules)
        self.players = rules.players
        sizes = [num // workers + (w < num % workers) for w in range(workers)]
        starts = [sum(sizes[:w]) for w in range(workers)]
        rows = features_version(features)[0] if features else 0
        dtype = features_dtype(features) if features else np.dtype(np.float32)
        cells = rows * 34 * dtype.itemsize  # bytes of one match's planes
        self._shm = shared_memory.SharedMemory(create=True, size=max(1, num * cells))
        self.obs = np.ndarray((num, rows, 34), dtype=dtype, buffer=self._shm.buf)
        ctx = mp.get_context("spawn")
        self._conns: list[Connection] = []
        self._procs: list[Any] = []
        for size, start in zip(sizes, starts, strict=True):
            parent, child = ctx.Pipe()
            kwargs = {
                "num": size,
                "rules": rules,
                "seed": seed + start,
                "reward": reward,
                "features": features,
            }
            offset = start * cells
            proc = ctx.Process(
                target=_worker, args=(child, kwargs, self._shm.name, offset), daemon=True
            )
            proc.start()
            child.close()
            self._conns.append(parent)
            self._procs.append(proc)
        self._starts = starts
        self._seed = seed
        # the last batch's masks and seats (the ids of a step are checked against them)
        self._mask = np.zeros((num, NUM_ACTIONS), dtype=np.int8)
        self._seats = np.zeros(num, dtype=np.int64)
        self.finals: dict[int, dict[str, tuple[float, ...]]] = {}

    def _gather(self, command: str, args: list[Any]) -> list[Any]:
        for conn, arg in zip(self._conns, args, strict=True):
            conn.send((command, arg))
        parts = [conn.recv() for conn in self._conns]
        for part in parts:
            if isinstance(part, Exception):
                raise part
        return parts

    def reset(self, seed: int | None = None) -> Batch:
        """Start every match again; the gathered batch."""
        if seed is not None:
            self._seed = seed
        parts = self._gather("reset", [self._seed + s for s in self._starts])
        mask, seats = (np.concatenate([p[k] for p in parts]) for k in range(2))
        self._mask, self._seats = mask, seats
        return self.obs, mask, seats

    def step(self, actions: Any) -> StepBatch:
        """One action id per match; the gathered ``(obs, mask, seats, rewards, dones)``.

        Raises what :meth:`VectorTables.step` raises (no match is stepped then).
        """
        actions = _checked_ids(actions, self._mask, self._seats)
        ends = [*self._starts[1:], self.num]
        parts = self._gather(
            "step", [actions[a:b] for a, b in zip(self._starts, ends, strict=True)]
        )
        mask, seats, rewards, dones = (np.concatenate([p[k] for p in parts]) for k in range(4))
        self._mask, self._seats = mask, seats
        self.finals = {
            start + i: final
            for start, part in zip(self._starts, parts, strict=True)
            for i, final in part[4].items()
        }
        return self.obs, mask, seats, rewards, dones

    def close(self) -> None:
        """Stop the workers."""
        for conn in self._conns:
            try:
                conn.send(("close", None))
                conn.close()
            except OSError:
                pass
        for proc in self._procs:
            proc.join(timeout=5)
            if proc.is_alive():  # pragma: no cover - a stuck worker
                proc.kill()
                proc.join()
        if self._procs or self._conns:
            del self.obs
            self._shm.close()
            self._shm.unlink()
        self._conns, self._procs = [], []

    def __enter__(self) -> ProcessVectorTables:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()
