"""Records to training arrays: jantaku.env.records (the decisions), jantaku.env.dataset
(shards, resuming, the loader) and ``jantaku dataset``."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import corpus
from jantaku.cli import main
from jantaku.engine import Referee, State, apply, legal_actions, observe
from jantaku.env.actions import (
    NUM_ACTIONS,
    PASS,
    RIICHI,
    RIICHI_TSUMOGIRI,
    action_table,
)
from jantaku.env.dataset import ARRAYS, Dataset, build_dataset, convert_games, read_games
from jantaku.env.features import encode_planes_v1, encode_planes_v2
from jantaku.env.records import Labels, RecordMismatch, walk_state
from jantaku.env.table import Table
from jantaku.errors import JantakuError
from jantaku.events import Dahai, Event, Reach, Tsumo
from jantaku.logs.mjai import dumps_game
from jantaku.rules import Rules

DATA = corpus.DATA


def _table_trace(seed: int, rules: str = "tenhou") -> tuple[list[Event], list[tuple[Any, ...]]]:
    """A match of random ids through the Table; each decision as the Table asked it:
    (seat, mask ids, id played, planes-v2 of the view)."""
    table = Table(Rules.preset(rules), seed=seed)
    rng = random.Random(seed)
    trace = []
    while not table.done:
        seat = table.seat
        assert seat is not None
        ids = sorted(table.table())
        choice = rng.choice(ids)
        planes = encode_planes_v2(table.view(seat))
        trace.append((seat, tuple(ids), choice, planes))
        table.step(choice)
    return list(table.referee.log), trace


def _convert(events: list[Event], rules: Rules, features: str = "planes-v2") -> Any:
    return convert_games([(0, "game", 0, events, rules)], features=features)


@pytest.mark.parametrize(("seed", "rules"), [(1, "tenhou"), (2, "tenhou-sanma")])
def test_a_played_match_gives_back_every_decision_the_table_asked(seed: int, rules: str) -> None:
    log, trace = _table_trace(seed, rules)
    converted = _convert(log, Rules.preset(rules))
    a = converted.arrays
    assert converted.skipped == []
    assert len(a["action"]) + converted.unknown == len(trace)
    # every decision written is one the table asked, in order, with the same planes
    j = 0
    for k in range(len(a["action"])):
        while trace[j][2] != a["action"][k] or trace[j][0] != a["seat"][k]:
            j += 1  # a claim the record cannot tell (another seat's call won)
        _seat, ids, _choice, planes = trace[j]
        assert sorted(np.flatnonzero(a["mask"][k])) == list(ids)
        assert np.array_equal(a["obs"][k], planes), (k, j)
        j += 1
    assert a["mask"][np.arange(len(a["action"])), a["action"]].all()
    assert (a["placement"] > 0).all() and (a["players"] == Rules.preset(rules).players).all()


def test_the_final_fields_are_the_matchs_end() -> None:
    log, _ = _table_trace(3)
    a = _convert(log, Rules.preset("tenhou")).arrays
    end = log[-1]
    for seat in range(4):
        rows = a["seat"] == seat
        assert (a["score"][rows] == end.scores[seat]).all()  # type: ignore[attr-defined]
        assert np.allclose(a["result"][rows], end.result[seat])  # type: ignore[attr-defined]
    places = {int(a["placement"][a["seat"] == s][0]) for s in range(4)}
    assert places == {1, 2, 3, 4}


def _tenhou_games() -> list[Path]:
    return [
        *sorted((DATA / "tenhou_xml" / "mjx_extra").glob("*.xml")),
        DATA / "tenhou_xml" / "dnovikoff_tenhou" / "sanma2.xml",
    ]


def test_batched_planes_equal_the_plain_encoder_on_real_records() -> None:
    for path in _tenhou_games():
        for part, events, rules in read_games(path):  # type: ignore[misc]
            for features, plain in (
                ("planes-v2", encode_planes_v2),
                ("planes-v1", encode_planes_v1),
            ):
                state = State(rules)
                labels = Labels()
                planes: dict[int, Any] = {}
                for row, seat in walk_state(state, events, labels):
                    planes[row] = plain(observe(state, seat))
                a = convert_games([(0, str(path), part, events, rules)], features=features).arrays
                kept = [r for r in range(len(labels.kept)) if labels.kept[r]]
                assert len(kept) == len(a["obs"]) > 0
                for k, r in enumerate(kept):
                    assert np.array_equal(a["obs"][k], planes[r]), (path.name, features, r)


def test_the_riichi_ids_equal_the_engines_discards_after_a_riichi() -> None:
    """action_table's riichi ids, read without a copy of the state, against the reference:
    the discards legal_actions lists once the Reach is applied to a copy."""
    for seed in range(4):
        ref = Referee(seed=seed)
        rng = random.Random(seed)
        while not ref.done:
            pending = ref.pending()
            for seat, legal in pending.items():
                reach = next((x for x in legal if isinstance(x, Reach)), None)
                if reach is None:
                    continue
                after = apply(ref.state.copy(), reach)
                want = {
                    RIICHI_TSUMOGIRI if d.tsumogiri else RIICHI + d.pai
                    for d in legal_actions(after, seat)
                    if isinstance(d, Dahai)
                }
                got = {i for i in action_table(ref.state, seat, legal) if i >= RIICHI and i <= 75}
                assert got == want
            ref.submit({s: rng.choice(legal) for s, legal in pending.items()})


def test_an_action_outside_its_mask_skips_the_game_with_the_reason(tmp_path: Path) -> None:
    log, _ = _table_trace(4)
    state = State(Rules.preset("tenhou"))
    bad = list(log)
    for i, e in enumerate(log):  # a discard of a tile the seat does not hold
        if isinstance(e, Dahai) and not e.tsumogiri and i > 40:
            held = state.hands[e.actor]
            other = next(t for t in range(34) if t not in held)
            bad[i] = Dahai(e.actor, other, tsumogiri=False)
            break
        apply(state, e)
    (tmp_path / "bad.jsonl").write_text(dumps_game(bad))
    good, _ = _table_trace(5)
    (tmp_path / "good.jsonl").write_text(dumps_game(good))
    summary = build_dataset([tmp_path / "bad.jsonl", tmp_path / "good.jsonl"], tmp_path / "out")
    assert (summary.games, summary.skipped) == (1, 1)
    manifest = json.loads((tmp_path / "out" / "dataset.json").read_text())
    (skip,) = manifest["skipped"]
    assert skip["file"].endswith("bad.jsonl") and "not among its legal ids" in skip["reason"]
    data = Dataset(tmp_path / "out")
    games = np.concatenate([b["game"] for b in data.batches(4096, fields=("game",))])
    assert set(games.tolist()) == {1 << 10}  # the second file's first game only


def test_a_record_the_engine_refuses_raises_a_mismatch() -> None:
    log, _ = _table_trace(6)
    i = next(i for i, e in enumerate(log) if isinstance(e, Tsumo) and i > 30)
    cut = log[:i] + log[i + 1 :]  # a draw missing: the discard after it is refused
    with pytest.raises(RecordMismatch, match="event"):
        for _ in walk_state(State(Rules.preset("tenhou")), cut, Labels()):
            pass


def _write_games(folder: Path, seeds: range) -> list[Path]:
    paths = []
    for seed in seeds:
        log, _ = _table_trace(seed)
        p = folder / f"g{seed}.jsonl"
        p.write_text(dumps_game(log))
        paths.append(p)
    return paths


def test_shards_resume_and_jobs_give_the_same_arrays(tmp_path: Path) -> None:
    paths = _write_games(tmp_path, range(10, 14))
    one = build_dataset(paths, tmp_path / "one", files_per_shard=1)
    assert (one.shards, one.kept) == (4, 0)
    again = build_dataset(paths, tmp_path / "one", files_per_shard=1)
    assert again.kept == 4 and again.pairs == one.pairs
    (tmp_path / "one" / "shard-00002.npz").unlink()
    third = build_dataset(paths, tmp_path / "one", files_per_shard=1)
    assert third.kept == 3 and third.pairs == one.pairs
    two = build_dataset(paths, tmp_path / "two", files_per_shard=1, jobs=2)
    a, b = Dataset(tmp_path / "one"), Dataset(tmp_path / "two")
    for i in range(4):
        x, y = a.shard(i), b.shard(i)
        for k in ARRAYS:
            assert np.array_equal(x[k], y[k], equal_nan=True), k
    assert two.pairs == one.pairs == len(a)


def test_the_loader_batches_every_decision_once(tmp_path: Path) -> None:
    paths = _write_games(tmp_path, range(20, 23))
    build_dataset(paths, tmp_path / "out", files_per_shard=2)
    data = Dataset(tmp_path / "out")
    batches = list(data.batches(100, shuffle=True, seed=1, fields=("game", "round", "seat")))
    assert all(len(b["game"]) == 100 for b in batches[:-1]) and len(batches[-1]["game"]) <= 100
    got = sorted(
        (int(g), int(r), int(s))
        for b in batches
        for g, r, s in zip(b["game"], b["round"], b["seat"], strict=True)
    )
    plain = list(data.batches(100, fields=("game", "round", "seat")))
    want = sorted(
        (int(g), int(r), int(s))
        for b in plain
        for g, r, s in zip(b["game"], b["round"], b["seat"], strict=True)
    )
    assert got == want and len(got) == len(data)
    chosen = list(data.batches(64, where=lambda a: a["mask"].sum(1) > 1, drop_last=True))
    assert all(len(b["obs"]) == 64 and (b["mask"].sum(1) > 1).all() for b in chosen)
    assert all(b["obs"].dtype == np.uint8 and b["mask"].shape[1] == NUM_ACTIONS for b in chosen)


def test_a_folder_of_another_schema_is_refused(tmp_path: Path) -> None:
    (tmp_path / "dataset.json").write_text(json.dumps({"schema": "jantaku-dataset", "version": 99}))
    with pytest.raises(JantakuError, match="version 99"):
        Dataset(tmp_path)


def test_passes_are_labelled(tmp_path: Path) -> None:
    log, _ = _table_trace(7)
    a = _convert(log, Rules.preset("tenhou")).arrays
    assert (a["action"] == PASS).sum() > 0
    assert (a["mask"][:, PASS] & (a["action"] != PASS)).sum() > 0  # claims taken too


def test_the_command_line_writes_a_dataset(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    paths = _write_games(tmp_path, range(30, 32))
    status = main(["dataset", *map(str, paths), "--out", str(tmp_path / "out"), "--json"])
    out = json.loads(capsys.readouterr().out)
    assert status == 0
    assert out["games"] == 2 and out["pairs"] == len(Dataset(tmp_path / "out"))
    assert out["skipped"] == [] and out["checked"] == out["pairs"]


def test_tenhou_records_of_every_format_fit() -> None:
    """The small Tenhou sets: XML, tenhou.net/6 JSON (games cut into hands: no end), mjai."""
    files = [
        *sorted((DATA / "paired_xml_json" / "tsubakisakura_mjlog2json").glob("*")),
        *sorted((DATA / "mjai" / "riichienv_selfplay").glob("*.jsonl")),
        DATA / "tenhou_xml" / "liuzj2019_edge_cases",
    ]
    games = []
    from jantaku.cli.replay import collect_files

    for n, path in enumerate(collect_files(map(str, files))):
        for item in read_games(path):
            if isinstance(item, tuple):
                part, events, rules = item
                games.append((n << 10 | part, str(path), part, events, rules))
    converted = convert_games(games)
    assert converted.skipped == []
    a = converted.arrays
    assert converted.checked == len(a["action"]) > 1000
    assert a["mask"][np.arange(len(a["action"])), a["action"]].all()


@pytest.mark.slow
def test_every_recorded_action_of_the_corpus_is_inside_its_mask() -> None:
    """Every complete Tenhou game of the corpus: no game skipped, every recorded action
    (passes included) among its legal ids (the walk alone: no planes kept)."""
    paths = sorted((DATA / "tenhou_xml").glob("*/*.xml*")) + sorted(
        (DATA / "paired_xml_json").glob("*/*.xml")
    )
    skipped = []
    checked = unknown = games = 0
    for path in paths:
        for item in read_games(path):
            if not isinstance(item, tuple):
                skipped.append(item)
                continue
            _part, events, rules = item
            labels = Labels()
            try:
                for _ in walk_state(State(rules), events, labels):
                    pass
            except RecordMismatch as m:
                skipped.append((path.name, str(m)))
                continue
            games += 1
            checked += labels.checked
            unknown += labels.unknown
            assert all(
                a in legal
                for a, legal, k in zip(labels.action, labels.legal, labels.kept, strict=True)
                if k
            )
    assert skipped == []
    assert games >= 840 and checked > 400_000 and unknown < checked // 100
