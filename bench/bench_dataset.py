"""Training pairs per second from records: ``jantaku dataset`` against riichienv's MjaiReplay.

A pair is one decision of one seat with what it played. Both sides read the same mjai
logs — the first ``--games`` four-player games of the Houou corpus, written as mjai
JSON lines before the clock starts (riichienv reads mjai, not Tenhou records) — on one
core, timed in CPU seconds of this process (other load on the machine does not skew
them). The contenders, one row each of the table below:

- ``jantaku decisions``: read, replay, every decision's legal ids and the recorded
  action checked against them (:func:`jantaku.env.records.walk_state`), no planes;
- ``jantaku arrays``: the same, and the planes (``planes-v2``) and every array of a
  shard in memory (:func:`jantaku.env.dataset.convert_games`);
- ``jantaku shard``: ``arrays`` and the compressed ``.npz`` written (what ``jantaku
  dataset`` does per shard);
- ``riichienv steps``: ``MjaiReplay.from_jsonl`` and every ``(seat, observation,
  action)`` of ``Kyoku.steps()`` (no feature array);
- ``riichienv encoded``: the same with ``Observation.encode()`` for each.

The ratio compares ``jantaku arrays`` (pairs with their arrays) with ``riichienv steps``
(the faster riichienv row); the target is 2×, and the last line says PASS or FAIL.
The counts of pairs differ: riichienv's steps and jantaku's decisions are not cut the
same way (see the docs' research page). ``--profile`` prints where ``jantaku arrays``
spends its time.

    python bench/bench_dataset.py [--data DIR] [--games N] [--profile]
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from jantaku.engine import State
from jantaku.env.dataset import convert_games, read_games
from jantaku.env.records import Labels, walk_state
from jantaku.logs.mjai import dumps_game

DEFAULT_DATA = Path(__file__).resolve().parents[2] / "shared" / "data"
TARGET = 2.0


def mjai_logs(data: Path, games: int, folder: Path) -> list[Path]:
    """The first ``games`` four-player Houou games, written as mjai logs in ``folder``."""
    out: list[Path] = []
    for path in sorted((data / "tenhou_xml" / "agony5757_houou_2020").glob("*.xml.gz")):
        for item in read_games(path):
            if isinstance(item, tuple) and item[2].players == 4:
                p = folder / f"{path.name.split('.')[0]}.jsonl"
                p.write_text(dumps_game(item[1]))
                out.append(p)
        if len(out) >= games:
            break
    return out


def _games(paths: list[Path]) -> list[tuple[int, str, int, object, object]]:
    games = []
    for n, p in enumerate(paths):
        for item in read_games(p):
            if isinstance(item, tuple):
                part, events, rules = item
                games.append((n << 10 | part, str(p), part, events, rules))
    return games


def jantaku_decisions(paths: list[Path]) -> int:
    pairs = 0
    for _n, _name, _part, events, rules in _games(paths):
        labels = Labels()
        for _ in walk_state(State(rules), events, labels):  # type: ignore[arg-type]
            pass
        pairs += sum(labels.kept)
    return pairs


def jantaku_arrays(paths: list[Path]) -> int:
    converted = convert_games(_games(paths))  # type: ignore[arg-type]
    return len(converted.arrays["action"])


def jantaku_shard(paths: list[Path]) -> int:
    from jantaku.env.dataset import save_arrays

    converted = convert_games(_games(paths))  # type: ignore[arg-type]
    with tempfile.TemporaryDirectory() as tmp:
        save_arrays(Path(tmp) / "shard.npz", converted.arrays, True)
    return len(converted.arrays["action"])


def riichienv_steps(paths: list[Path], encode: bool = False) -> int:
    import riichienv

    pairs = 0
    for p in paths:
        replay = riichienv.MjaiReplay.from_jsonl(str(p))
        for kyoku in replay.take_kyokus():
            for _seat, obs, _action in kyoku.steps():
                if encode:
                    obs.encode()
                pairs += 1
    return pairs


def riichienv_encoded(paths: list[Path]) -> int:
    return riichienv_steps(paths, encode=True)


CONTENDERS: dict[str, Callable[[list[Path]], int]] = {
    "jantaku decisions": jantaku_decisions,
    "jantaku arrays": jantaku_arrays,
    "jantaku shard": jantaku_shard,
    "riichienv steps": riichienv_steps,
    "riichienv encoded": riichienv_encoded,
}


def timed(fn: Callable[[list[Path]], int], paths: list[Path]) -> tuple[int, float]:
    start = time.process_time()
    pairs = fn(paths)
    return pairs, time.process_time() - start


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args(argv)
    with tempfile.TemporaryDirectory() as tmp:
        paths = mjai_logs(args.data, args.games, Path(tmp))
        if not paths:
            print(f"bench_dataset: no records under {args.data}; skipped")
            return 0
        try:
            import riichienv  # noqa: F401
        except ImportError:
            print("riichienv is not installed (pip install -e '.[bench]'): no peer rows")
            names = [n for n in CONTENDERS if n.startswith("jantaku")]
        else:
            names = list(CONTENDERS)
        jantaku_decisions(paths[:3])  # warm the tables and modules
        rates: dict[str, float] = {}
        print(f"dataset pairs from {len(paths)} Houou games as mjai logs, one core:")
        print(f"  {'contender':20} {'pairs':>8} {'CPU s':>7} {'pairs/s':>9}")
        for name in names:
            pairs, seconds = timed(CONTENDERS[name], paths)
            rates[name] = pairs / seconds
            print(f"  {name:20} {pairs:8d} {seconds:7.2f} {rates[name]:9.0f}")
        if args.profile:
            prof = cProfile.Profile()
            prof.runctx("jantaku_arrays(paths)", globals(), {"paths": paths})
            pstats.Stats(prof).sort_stats("tottime").print_stats(20)
        if "riichienv steps" in rates:
            ratio = rates["jantaku arrays"] / rates["riichienv steps"]
            verdict = "PASS" if ratio >= TARGET else "FAIL"
            print(
                f"jantaku arrays / riichienv steps: {ratio:.2f}x (target {TARGET:.0f}x) {verdict}"
            )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
