"""Training data from game records: sharded NumPy files of every decision, and a loader.

:func:`build_dataset` reads records (Tenhou mjlog XML, plain or gzip; tenhou.net/6
JSON; mjai logs — any mix, told apart by content), replays each game through the
engine (:mod:`jantaku.env.records`) and writes, for every decision of every seat, the
seat's observation planes, its legal mask, the action id it played and where the
decision comes from, into numbered shards. ``jantaku dataset`` is the command line.

Layout of a dataset folder (schema ``jantaku-dataset`` version :data:`SCHEMA_VERSION`)::

    dataset.json        the schema, the features, the shards, the counts, the skipped
    shard-00000.npz     one shard: the decisions of a group of record files
    shard-00000.json    the shard's files, games, counts and skipped records

Arrays of a shard (``N`` decisions, in game order, then in the order the engine asks:
a turn, or the claimants of a discard from the discarder's right):

==============  ===============  =====================================================
name            shape, type      meaning
==============  ===============  =====================================================
``obs``         (N, R, 34)       the deciding seat's planes (``planes-v2``: uint8,
                                 R = 163; ``planes-v1``: float32, R = 155), as the
                                 environments show them (:mod:`jantaku.env.features`)
``mask``        (N, 125) bool    its legal action ids (:mod:`jantaku.env.actions`)
``action``      (N,) int16       the id it played (always inside ``mask``); ``PASS``
                                 (124) for a claim let go
``seat``        (N,) int8        the absolute seat, 0–3 (0: the first dealer)
``round``       (N,) int16       the hand of the game, 0-based
``game``        (N,) int32       the game: ``file << 10 | part``; ``file`` is the
                                 record file's number in ``dataset.json``'s
                                 ``files``, ``part`` the game within it (0 but for
                                 mjai files holding several games)
``players``     (N,) int8        3 or 4
``placement``   (N,) int8        the seat's final placement, 1–4 (ties: the seat
                                 nearer seat 0 ranks first); 0 if the record stops
                                 before the end (``unfinished``)
``score``       (N,) int32       the seat's final score, points (where the record
                                 stops, if it stops before the end)
``result``      (N,) float32     the seat's final result after oka and uma, in
                                 thousands (the environments' final reward); NaN if
                                 the record stops before the end
==============  ===============  =====================================================

Every recorded action is checked against its mask while the game is replayed; a game
whose record does not fit (an action outside its mask, an event the engine refuses, no
final scores, special rules) is skipped whole and listed with the reason — never
labelled by a guess. Claims a record cannot tell are left out and counted
(``unknown``, see :mod:`jantaku.env.records`).

A shard is written to a temporary name and renamed when complete, so an interrupted
run leaves whole shards only: run again with the same records and ``--out`` and the
shards already written (same files, same features) are kept.

>>> import tempfile, pathlib
>>> from jantaku.engine import Referee
>>> from jantaku.logs.mjai import dumps_game
>>> import random
>>> ref = Referee(seed=3); rng = random.Random(3)
>>> log = ref.play(lambda seat, state, legal: rng.choice(legal))
>>> folder = pathlib.Path(tempfile.mkdtemp())
>>> _ = (folder / "game.jsonl").write_text(dumps_game(log))
>>> summary = build_dataset([folder / "game.jsonl"], folder / "out")
>>> summary.games, summary.skipped, summary.pairs > 0
(1, 0, True)
>>> data = Dataset(folder / "out")
>>> batch = next(data.batches(32))
>>> batch["obs"].shape, bool(batch["mask"][range(32), batch["action"]].all())
((32, 163, 34), True)
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable, Iterable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from itertools import chain
from pathlib import Path
from typing import Any, Final

import numpy as np

from jantaku.engine import State
from jantaku.env.actions import NUM_ACTIONS
from jantaku.env.features import features_dtype, features_version
from jantaku.env.records import Labels, RecordMismatch, placements, walk_state
from jantaku.errors import ArgumentError, JantakuError, LogFormatError
from jantaku.events import Event
from jantaku.rules import Rules

__all__ = [
    "ARRAYS",
    "SCHEMA",
    "SCHEMA_VERSION",
    "Dataset",
    "DatasetSummary",
    "Skipped",
    "build_dataset",
    "convert_games",
    "read_games",
    "save_arrays",
]

SCHEMA: Final = "jantaku-dataset"
SCHEMA_VERSION: Final = 1
"""The version of the layout; a new layout is a new version (the loader refuses others)."""

ARRAYS: Final = (
    "obs",
    "mask",
    "action",
    "seat",
    "round",
    "game",
    "players",
    "placement",
    "score",
    "result",
)
"""The arrays of every shard (see the module's table)."""

_PART_BITS: Final = 10
_BATCH: Final = 64  # games replayed side by side, their planes written together


@dataclass(frozen=True, slots=True)
class Skipped:
    """A game left out, and why: ``file``, ``part`` (the game within the file) and
    ``reason`` (with the round and event where the record stops fitting)."""

    file: str
    part: int
    reason: str

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready values."""
        return {"file": self.file, "part": self.part, "reason": self.reason}


def read_games(path: str | Path) -> Iterator[tuple[int, Sequence[Event], Rules] | Skipped]:
    """The games of a record file, ``(part, events, rules)``, or a :class:`Skipped` for
    a game (or a file) that cannot be used: unreadable, or special Tenhou rules."""
    from jantaku.logs.replay import read_records
    from jantaku.logs.tenhou import TenhouGame

    part = 0
    try:
        for part, (_name, game, rules) in enumerate(read_records(path)):
            if isinstance(game, TenhouGame):
                if not game.lobby.standard:
                    yield Skipped(
                        str(path), part, f"special Tenhou rules (GO type {game.lobby.go_type})"
                    )
                    continue
                yield part, game.events, rules
            else:
                yield part, game, rules
    except LogFormatError as e:
        yield Skipped(str(path), part, f"unreadable: {e}")


class _Follower:
    """A game as the batched encoders follow it: its state and the events applied."""

    __slots__ = ("log", "state")

    def __init__(self, rules: Rules) -> None:
        self.state = State(rules)
        self.log: list[Event] = []


@dataclass(slots=True)
class _Run:
    """One game being converted: where it is, its walker, its labels, and the buffer
    index of each of its decisions' planes."""

    game_id: int
    name: str
    part: int
    follower: _Follower
    labels: Labels
    walker: Iterator[tuple[int, int]]
    where: list[int] = field(default_factory=list)


@dataclass(slots=True)
class _Converted:
    arrays: dict[str, Any]
    games: int = 0
    checked: int = 0
    unknown: int = 0
    unfinished: int = 0
    skipped: list[Skipped] = field(default_factory=list)


def _all_games(
    groups: dict[int, list[tuple[int, str, int, Sequence[Event], Rules]]],
) -> Iterator[tuple[int, str, int, Sequence[Event], Rules]]:
    """Every game of the groups."""
    for group in groups.values():
        yield from group


def _batch_encoder(features: str, num: int, players: int) -> Any:
    from jantaku.env.fast_features import BatchPlanesV1, BatchPlanesV2

    kind = {"planes-v1": BatchPlanesV1, "planes-v2": BatchPlanesV2}[features]
    return kind(num, players)


def convert_games(
    games: Iterable[tuple[int, str, int, Sequence[Event], Rules]],
    *,
    features: str = "planes-v2",
    batch: int = _BATCH,
) -> _Converted:
    """The arrays of every decision of the games ``(game id, file, part, events,
    rules)``, in game order, and what was skipped.

    Games are replayed ``batch`` at a time side by side (three- and four-player games
    apart), each decision's planes written for the whole batch at once by the batched
    encoders of :mod:`jantaku.env.fast_features`.

    Raises :class:`~jantaku.errors.JantakuError` for unknown features.
    """
    rows, _encode = features_version(features)
    dtype = features_dtype(features)
    by_players: dict[int, list[tuple[int, str, int, Sequence[Event], Rules]]] = {}
    for g in games:
        by_players.setdefault(g[4].players, []).append(g)
    store = _Store(rows, dtype)
    # about 0.6 decisions an event (and a row a slot at each step): grown if need be
    store.reserve(sum(len(g[3]) for g in _all_games(by_players)) * 2 // 3 + 2 * batch)
    done: list[_Run] = []
    out = _Converted({})
    for players, group in sorted(by_players.items()):
        _convert_group(group, players, features, batch, store, done, out)
    done.sort(key=lambda r: r.game_id)
    out.arrays = _assemble(done, store, rows, dtype)
    out.games = len(done)
    return out


class _Store:
    """The planes of the decisions, in the order encoded (a buffer that grows)."""

    def __init__(self, rows: int, dtype: Any) -> None:
        self.buffer = np.empty((0, rows, 34), dtype=dtype)
        self.size = 0

    def reserve(self, more: int) -> None:
        need = self.size + more
        if need > len(self.buffer):
            size = max(need, 2 * len(self.buffer))
            grown = np.empty((size, *self.buffer.shape[1:]), dtype=self.buffer.dtype)
            grown[: self.size] = self.buffer[: self.size]
            self.buffer = grown


def _convert_group(
    group: list[tuple[int, str, int, Sequence[Event], Rules]],
    players: int,
    features: str,
    batch: int,
    store: _Store,
    done: list[_Run],
    out: _Converted,
) -> None:
    num = max(1, min(batch, len(group)))
    encoder = _batch_encoder(features, num, players)
    queue = iter(group)
    slots: list[_Run | None] = [None] * num
    idle = _Follower(group[0][4])  # a slot with no game left: encoded, and ignored
    followers: list[Any] = [idle] * num
    seats = [0] * num
    asked: list[tuple[_Run, int] | None] = [None] * num

    def start(i: int) -> None:
        for game_id, name, part, events, rules in queue:
            follower = _Follower(rules)
            labels = Labels()
            run = _Run(
                game_id,
                name,
                part,
                follower,
                labels,
                walk_state(follower.state, events, labels, follower.log),
            )
            slots[i] = run
            followers[i] = follower
            encoder.reset(i)
            if advance(i):
                return
        slots[i] = None
        followers[i] = idle
        asked[i] = None

    def advance(i: int) -> bool:
        """The next decision of slot i's game; False when the game is over."""
        run = slots[i]
        assert run is not None
        try:
            row, seat = next(run.walker)
        except StopIteration:
            _finish(run, done, out)
            return False
        except RecordMismatch as m:
            out.skipped.append(Skipped(run.name, run.part, str(m)))
            return False
        seats[i] = seat
        asked[i] = (run, row)
        return True

    for i in range(num):
        start(i)
    live = [i for i in range(num) if asked[i] is not None]
    while live:
        # the planes go straight into the store, a row per slot (an idle slot's unused)
        store.reserve(num)
        at = store.size
        encoder.encode(followers, seats, store.buffer[at : at + num])
        store.size += num
        for i in live:
            now = asked[i]
            assert now is not None
            run, row = now
            where = run.where
            if row < len(where):  # encoded again (a dora shown before the seats decide)
                where[row] = at + i
            else:
                where.append(at + i)
            if not advance(i):
                start(i)
        live = [i for i in range(num) if asked[i] is not None]


def _finish(run: _Run, done: list[_Run], out: _Converted) -> None:
    labels = run.labels
    out.checked += labels.checked
    out.unknown += labels.unknown
    if labels.final is None:
        out.unfinished += 1
    done.append(run)


def _assemble(done: list[_Run], store: _Store, rows: int, dtype: Any) -> dict[str, Any]:
    """The arrays of the games converted, game after game, their kept decisions only."""
    parts: dict[str, list[Any]] = {k: [] for k in ARRAYS if k != "obs"}
    take: list[Any] = []
    for run in done:
        labels = run.labels
        final = labels.final
        if final is not None and final.scores is not None:
            scores = final.scores
            places = placements(scores)
            result = final.result or (0.0,) * len(scores)
        else:  # a record that stops before the end: placement and result unknown
            scores = labels.scores
            places = (0,) * len(scores)
            result = (float("nan"),) * len(scores)
        kept = np.asarray(labels.kept, dtype=np.bool_)
        seat = np.asarray(labels.seat, dtype=np.int8)[kept]
        take.append(np.asarray(run.where, dtype=np.int64)[kept])
        parts["action"].append(np.asarray(labels.action, dtype=np.int16)[kept])
        parts["seat"].append(seat)
        parts["round"].append(np.asarray(labels.round, dtype=np.int16)[kept])
        parts["game"].append(np.full(len(seat), run.game_id, dtype=np.int32))
        parts["players"].append(np.full(len(seat), len(scores), dtype=np.int8))
        parts["placement"].append(np.asarray(places, dtype=np.int8)[seat])
        parts["score"].append(np.asarray(scores, dtype=np.int32)[seat])
        parts["result"].append(np.asarray(result, dtype=np.float32)[seat])
        legal = [ids for ids, k in zip(labels.legal, labels.kept, strict=True) if k]
        mask = np.zeros((len(legal), NUM_ACTIONS), dtype=np.bool_)
        lengths = [len(ids) for ids in legal]
        mask[np.repeat(np.arange(len(legal)), lengths), list(chain.from_iterable(legal))] = True
        parts["mask"].append(mask)
    empty = {
        "action": np.int16,
        "seat": np.int8,
        "round": np.int16,
        "game": np.int32,
        "players": np.int8,
        "placement": np.int8,
        "score": np.int32,
        "result": np.float32,
    }
    arrays: dict[str, Any] = {}
    for name, values in parts.items():
        if values:
            arrays[name] = np.concatenate(values)
        elif name == "mask":
            arrays[name] = np.zeros((0, NUM_ACTIONS), dtype=np.bool_)
        else:
            arrays[name] = np.zeros(0, dtype=empty[name])
    where = np.concatenate(take) if take else np.zeros(0, dtype=np.int64)
    arrays["obs"] = store.buffer[where] if len(where) else np.zeros((0, rows, 34), dtype=dtype)
    return {k: arrays[k] for k in ARRAYS}


# --- shards -----------------------------------------------------------------------------


def _fingerprint(paths: Sequence[Path]) -> list[dict[str, Any]]:
    out = []
    for p in paths:
        try:
            size = p.stat().st_size
        except OSError:
            size = -1
        out.append({"path": str(p), "size": size})
    return out


def _shard_name(index: int) -> str:
    return f"shard-{index:05d}"


def _write_shard(
    task: tuple[Path, int, list[tuple[int, Path]], str, bool],
) -> dict[str, Any]:
    """Convert one group of files into shard ``index`` (in a worker); its summary."""
    folder, index, files, features, compress = task
    start = time.process_time()
    games: list[tuple[int, str, int, Sequence[Event], Rules]] = []
    skipped: list[Skipped] = []
    for number, path in files:
        for item in read_games(path):
            if isinstance(item, Skipped):
                skipped.append(item)
                continue
            part, events, rules = item
            if part >= 1 << _PART_BITS:
                skipped.append(Skipped(str(path), part, "more than 1024 games in one file"))
                continue
            games.append(((number << _PART_BITS) | part, str(path), part, events, rules))
    converted = convert_games(games, features=features)
    skipped.extend(converted.skipped)
    name = _shard_name(index)
    tmp = folder / f".{name}.tmp.npz"
    save_arrays(tmp, converted.arrays, compress)
    os.replace(tmp, folder / f"{name}.npz")
    summary = {
        "shard": index,
        "file": f"{name}.npz",
        "files": _fingerprint([p for _, p in files]),
        "features": features,
        "pairs": len(converted.arrays["action"]),
        "games": converted.games,
        "checked": converted.checked,
        "unknown": converted.unknown,
        "unfinished": converted.unfinished,
        "skipped": [s.to_dict() for s in skipped],
        "cpu_seconds": round(time.process_time() - start, 3),
    }
    meta = folder / f"{name}.json"
    tmp_meta = folder / f".{name}.tmp.json"
    tmp_meta.write_text(json.dumps(summary, indent=1, ensure_ascii=False) + "\n")
    os.replace(tmp_meta, meta)
    return summary


def save_arrays(path: str | Path, arrays: dict[str, Any], compress: bool = True) -> None:
    """Arrays in an ``.npz`` file (a shard's format; :func:`numpy.load` reads it): as
    :func:`numpy.savez_compressed` writes them, at a faster deflate level
    (3: a fifth of the time of NumPy's level 6, the file about 1.7 times larger; the
    planes are mostly zeros and shrink some 35 times)."""
    import zipfile

    how = zipfile.ZIP_DEFLATED if compress else zipfile.ZIP_STORED
    with zipfile.ZipFile(path, "w", compression=how, compresslevel=3 if compress else None) as z:
        for key, value in arrays.items():
            with z.open(f"{key}.npy", "w", force_zip64=True) as f:
                np.lib.format.write_array(f, np.asarray(value), allow_pickle=False)


def _done_shard(
    folder: Path, index: int, files: list[tuple[int, Path]], features: str
) -> dict[str, Any] | None:
    """The summary of shard ``index`` if it is already written for these files."""
    name = _shard_name(index)
    meta = folder / f"{name}.json"
    if not meta.is_file() or not (folder / f"{name}.npz").is_file():
        return None
    try:
        summary: dict[str, Any] = json.loads(meta.read_text())
    except (OSError, json.JSONDecodeError):
        return None
    same = summary.get("features") == features and summary.get("files") == _fingerprint(
        [p for _, p in files]
    )
    return summary if same else None


@dataclass(frozen=True, slots=True)
class DatasetSummary:
    """What a :func:`build_dataset` run wrote: games, decisions (``pairs``), recorded
    actions checked against their masks, claims left out (``unknown``), games whose
    record stops before the end (``unfinished``: kept, final fields unknown), games skipped,
    shards written now and kept from before, and the wall-clock seconds."""

    folder: Path
    games: int
    pairs: int
    checked: int
    unknown: int
    unfinished: int
    skipped: int
    shards: int
    kept: int
    seconds: float

    def line(self) -> str:
        """One line for a terminal."""
        rate = self.pairs / self.seconds if self.seconds > 0 else 0.0
        return (
            f"{self.folder}: {self.games} games, {self.pairs} decisions "
            f"({self.checked} recorded actions inside their masks, {self.unknown} claims "
            f"unknown), {self.unfinished} games without their end, {self.skipped} games "
            f"skipped; {self.shards} shards "
            f"({self.kept} kept from before) in {self.seconds:.1f} s, {rate:.0f} decisions/s"
        )


def build_dataset(
    paths: Sequence[str | Path],
    out: str | Path,
    *,
    features: str = "planes-v2",
    files_per_shard: int = 16,
    jobs: int = 1,
    compress: bool = True,
    progress: Callable[[int, int], None] | None = None,
) -> DatasetSummary:
    """Convert record files into a dataset folder ``out`` (see the module docstring).

    ``paths`` are record files, in the order given (their numbers in ``game`` ids);
    ``files_per_shard`` files make one shard; ``jobs`` processes convert shards side by
    side; shards already written for the same files and features are kept.
    ``progress(done, total)`` is called as shards finish.

    Raises :class:`~jantaku.errors.ArgumentError` for a bad count, and
    :class:`~jantaku.errors.JantakuError` for unknown features or an ``out`` that holds
    another dataset's schema.
    """
    features_version(features)
    if files_per_shard < 1 or jobs < 1:
        raise ArgumentError("files per shard and jobs are at least 1")
    folder = Path(out)
    folder.mkdir(parents=True, exist_ok=True)
    files = [Path(p) for p in paths]
    groups = [
        list(enumerate(files))[i : i + files_per_shard]
        for i in range(0, len(files), files_per_shard)
    ]
    start = time.perf_counter()
    summaries: dict[int, dict[str, Any]] = {}
    todo: list[tuple[Path, int, list[tuple[int, Path]], str, bool]] = []
    for index, group in enumerate(groups):
        found = _done_shard(folder, index, group, features)
        if found is not None:
            summaries[index] = found
        else:
            todo.append((folder, index, group, features, compress))
    kept = len(summaries)
    if progress is not None:
        progress(kept, len(groups))
    if jobs == 1 or len(todo) < 2:
        for task in todo:
            summaries[task[1]] = _write_shard(task)
            if progress is not None:
                progress(len(summaries), len(groups))
    else:
        with ProcessPoolExecutor(max_workers=min(jobs, len(todo))) as pool:
            for summary in pool.map(_write_shard, todo):
                summaries[summary["shard"]] = summary
                if progress is not None:
                    progress(len(summaries), len(groups))
    ordered = [summaries[i] for i in range(len(groups))]
    rows, _ = features_version(features)
    totals = {
        k: sum(int(s[k]) for s in ordered)
        for k in ("pairs", "games", "checked", "unknown", "unfinished")
    }
    skipped = [x for s in ordered for x in s["skipped"]]
    manifest = {
        "schema": SCHEMA,
        "version": SCHEMA_VERSION,
        "features": features,
        "obs_shape": [rows, 34],
        "obs_dtype": features_dtype(features).name,
        "actions": NUM_ACTIONS,
        "arrays": list(ARRAYS),
        "files": [str(p) for p in files],
        "shards": [{"file": s["file"], "pairs": s["pairs"], "games": s["games"]} for s in ordered],
        **totals,
        "skipped": skipped,
    }
    tmp = folder / ".dataset.tmp.json"
    tmp.write_text(json.dumps(manifest, indent=1, ensure_ascii=False) + "\n")
    os.replace(tmp, folder / "dataset.json")
    return DatasetSummary(
        folder,
        totals["games"],
        totals["pairs"],
        totals["checked"],
        totals["unknown"],
        totals["unfinished"],
        len(skipped),
        len(groups),
        kept,
        time.perf_counter() - start,
    )


# --- loading ----------------------------------------------------------------------------


class Dataset:
    """A dataset folder written by :func:`build_dataset`, read shard by shard.

    ``len()`` is the number of decisions; :meth:`batches` iterates them as
    dictionaries of arrays (the names of :data:`ARRAYS`).

    Raises :class:`~jantaku.errors.JantakuError` for a folder without a dataset, or of
    another schema or version.
    """

    def __init__(self, folder: str | Path) -> None:
        self.folder = Path(folder)
        try:
            manifest = json.loads((self.folder / "dataset.json").read_text())
        except (OSError, json.JSONDecodeError) as e:
            raise JantakuError(f"{self.folder}: no readable dataset.json ({e})") from None
        if manifest.get("schema") != SCHEMA or manifest.get("version") != SCHEMA_VERSION:
            raise JantakuError(
                f"{self.folder}: schema {manifest.get('schema')!r} version "
                f"{manifest.get('version')!r}, not {SCHEMA!r} version {SCHEMA_VERSION}"
            )
        self.manifest: dict[str, Any] = manifest
        self.features: str = manifest["features"]
        self.files: list[str] = manifest["files"]
        self.shards: list[Path] = [self.folder / s["file"] for s in manifest["shards"]]
        self._sizes: list[int] = [int(s["pairs"]) for s in manifest["shards"]]

    def __len__(self) -> int:
        return sum(self._sizes)

    def shard(self, i: int, fields: Sequence[str] = ARRAYS) -> dict[str, Any]:
        """Shard ``i``'s arrays (only ``fields``)."""
        with np.load(self.shards[i]) as f:
            return {k: f[k] for k in fields}

    def batches(
        self,
        size: int,
        *,
        shuffle: bool = False,
        seed: int = 0,
        fields: Sequence[str] = ARRAYS,
        drop_last: bool = False,
        where: Callable[[dict[str, Any]], Any] | None = None,
    ) -> Iterator[dict[str, Any]]:
        """Batches of ``size`` decisions, shard after shard (shards and the decisions
        within each in a random order with ``shuffle``, from ``seed``); the last one
        shorter unless ``drop_last``. ``where(arrays)`` (a boolean array over a shard's
        decisions) keeps only some: e.g. ``lambda a: a["mask"].sum(1) > 1``.

        Raises :class:`~jantaku.errors.ArgumentError` for a size below one.
        """
        if size < 1:
            raise ArgumentError(f"a batch holds at least one decision, not {size}")
        rng = np.random.default_rng(seed)
        order = rng.permutation(len(self.shards)) if shuffle else range(len(self.shards))
        need = tuple(dict.fromkeys((*fields, *(ARRAYS if where is not None else ()))))
        carry: dict[str, Any] | None = None
        for i in order:
            if not self._sizes[i]:
                continue
            arrays = self.shard(int(i), need)
            if where is not None:
                keep = np.asarray(where(arrays), dtype=bool)
                arrays = {k: v[keep] for k, v in arrays.items()}
            arrays = {k: arrays[k] for k in fields}
            if shuffle:
                perm = rng.permutation(len(arrays[fields[0]]))
                arrays = {k: v[perm] for k, v in arrays.items()}
            if carry is not None:
                arrays = {k: np.concatenate([carry[k], arrays[k]]) for k in fields}
                carry = None
            total = len(arrays[fields[0]])
            full = total - total % size
            for j in range(0, full, size):
                yield {k: v[j : j + size] for k, v in arrays.items()}
            if full < total:
                carry = {k: v[full:] for k, v in arrays.items()}
        if carry is not None and not drop_last:
            yield carry
