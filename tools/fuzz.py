"""The engine's big fuzz (``make fuzz``): many seeded matches, invariants after every event.

Plays ``--matches`` whole matches spread over every preset (four and three players)
with the biased random-legal agent of ``tests/fuzzing.py``; after every event the
referee applies, the invariants are checked (every tile in exactly one place, points
plus deposits conserved, hand sizes, furiten, riichi, incremental waits and counts
equal to recomputed ones), and each finished log must replay through ``apply`` to the
same end. Match ``g`` plays preset ``g mod 8`` (in name order) on seed ``g``.

The work is cut into chunks run in parallel on ``--jobs`` processes; a progress file
(``--progress``, JSON) records the chunks done with their counts, so an interrupted
run resumes where it stopped. At the end it prints the rare-event counts, the events
checked, any failures (preset, seed, message: each replays alone with
``--only PRESET:SEED``) and the rate.

    python tools/fuzz.py [--matches 100000] [--jobs N] [--progress FILE] [--chunk 50]
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
import traceback
from collections import Counter
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from fuzzing import RARE_3, RARE_4, play_checked
from jantaku.rules import PRESETS

NAMES = sorted(PRESETS)


def plan(g: int) -> tuple[str, int, int | None]:
    """Match ``g``: its preset, seed and nagashi-playing seat (or ``None``)."""
    name = NAMES[g % len(NAMES)]
    n = PRESETS[name].players
    return name, g, (g // len(NAMES)) % n if g % 3 == 0 else None


def run_chunk(first: int, last: int) -> dict[str, object]:
    """Play matches ``first`` … ``last - 1``; their counts, events and failures."""
    counts: Counter[str] = Counter()
    events: Counter[str] = Counter()
    failures: list[str] = []
    start = time.process_time()
    for g in range(first, last):
        name, seed, nagashi = plan(g)
        counts[f"preset:{name}"] += 1
        try:
            events.update(play_checked(PRESETS[name], seed, nagashi, counts))
        except Exception as exc:  # a failure is recorded with its seed, not fatal
            last_line = traceback.format_exception_only(exc)[-1].strip()
            failures.append(f"{name}:{seed}: {last_line}")
    return {
        "first": first,
        "counts": dict(counts),
        "events": dict(events),
        "failures": failures,
        "cpu": time.process_time() - start,
    }


def _load(path: Path, matches: int, chunk: int) -> dict[str, object]:
    if path.exists():
        data: dict[str, object] = json.loads(path.read_text())
        if data.get("matches") == matches and data.get("chunk") == chunk:
            return data
        print(f"{path}: another plan (matches/chunk differ): starting afresh", flush=True)
    return {
        "matches": matches,
        "chunk": chunk,
        "done": [],
        "counts": {},
        "events": {},
        "failures": [],
        "cpu": 0.0,
    }


def _save(path: Path, data: dict[str, object]) -> None:
    tmp = path.with_suffix(path.suffix + ".tmp")
    tmp.write_text(json.dumps(data, sort_keys=True))
    os.replace(tmp, path)


def _merge(data: dict[str, object], part: dict[str, object]) -> None:
    for key in ("counts", "events"):
        total = Counter(data[key])  # type: ignore[arg-type]
        total.update(part[key])  # type: ignore[arg-type]
        data[key] = dict(total)
    data["failures"] = [*data["failures"], *part["failures"]]  # type: ignore[misc]
    data["done"] = sorted([*data["done"], part["first"]])  # type: ignore[misc]
    data["cpu"] = float(data["cpu"]) + float(part["cpu"])  # type: ignore[arg-type]


def report(data: dict[str, object], wall: float, played: int) -> None:
    """Print the counts, failures and rate."""
    counts: dict[str, int] = data["counts"]  # type: ignore[assignment]
    events: dict[str, int] = data["events"]  # type: ignore[assignment]
    done = sum(v for k, v in counts.items() if k.startswith("preset:"))
    print(f"matches checked: {done} of {data['matches']}")
    print(
        "by preset: "
        + ", ".join(f"{k[7:]} {v}" for k, v in sorted(counts.items()) if k.startswith("preset:"))
    )
    print(
        f"events checked: {sum(events.values())} ("
        + ", ".join(f"{k} {v}" for k, v in sorted(events.items(), key=lambda kv: -kv[1]))
        + ")"
    )
    rare = sorted({*RARE_4, *RARE_3, "ron", "tsumo", "exhaustive", "chankan"})
    print("rare events: " + ", ".join(f"{k} {counts.get(k, 0)}" for k in rare))
    others = sorted(k for k in counts if k not in rare and not k.startswith("preset:"))
    if others:
        print("other: " + ", ".join(f"{k} {counts[k]}" for k in others))
    failures: list[str] = data["failures"]  # type: ignore[assignment]
    print(f"failures: {len(failures)}")
    for f in failures[:20]:
        print("  " + f)
    cpu = float(data["cpu"])  # type: ignore[arg-type]
    if done:
        print(
            f"CPU per match: {cpu / done * 1000:.1f} ms (100,000 matches: "
            f"{cpu / done * 100_000 / 3600:.1f} CPU-hours)"
        )
    if played and wall > 0:
        print(f"this run: {played} matches in {wall:.0f} s wall, {played / wall:.2f} matches/s")


def main() -> int:
    """Run (or resume) the fuzz; exit status 1 if any match failed."""
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    p.add_argument("--matches", type=int, default=100_000)
    p.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    p.add_argument("--chunk", type=int, default=50, help="matches per unit of work")
    p.add_argument("--progress", type=Path, default=Path(".fuzz-progress.json"))
    p.add_argument("--only", default=None, metavar="PRESET:SEED", help="one match, verbosely")
    args = p.parse_args()
    if args.only:
        name, _, seed = args.only.partition(":")
        counts: Counter[str] = Counter()
        g = int(seed)
        print(play_checked(PRESETS[name], g, plan(g)[2] if plan(g)[0] == name else None, counts))
        print(dict(counts))
        return 0
    data = _load(args.progress, args.matches, args.chunk)
    done = set(data["done"])  # type: ignore[call-overload]
    todo = [f for f in range(0, args.matches, args.chunk) if f not in done]
    print(f"{len(done)} chunks done, {len(todo)} to go, {args.jobs} jobs", flush=True)
    start = time.monotonic()
    played = 0
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        queue = iter(todo)
        running: set[Future[dict[str, object]]] = set()
        for first in queue:
            running.add(pool.submit(run_chunk, first, min(first + args.chunk, args.matches)))
            if len(running) >= 2 * args.jobs:
                break
        while running:
            finished, running = wait(running, return_when=FIRST_COMPLETED)
            for fut in finished:
                part = fut.result()
                _merge(data, part)
                _save(args.progress, data)
                played += sum(
                    v
                    for k, v in part["counts"].items()  # type: ignore[attr-defined]
                    if k.startswith("preset:")
                )
                nxt = next(queue, None)
                if nxt is not None:
                    running.add(pool.submit(run_chunk, nxt, min(nxt + args.chunk, args.matches)))
            rate = played / max(time.monotonic() - start, 1e-9)
            print(
                f"  {len(data['done'])} chunks, {played} matches this run, "  # type: ignore[arg-type]
                f"{rate:.2f}/s, failures {len(data['failures'])}",
                flush=True,
            )  # type: ignore[arg-type]
    report(data, time.monotonic() - start, played)
    return 1 if data["failures"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
