"""Hand analysis speed as a user pays it: jantaku against ``mahjong`` and ``riichienv``.

Every figure is for hands none of the libraries has seen in the timed pass:

- *shanten from notation*: the hand as text (``"1399m2468p57s224z"``), read and
  analysed inside the timing: jantaku ``shanten(counts34(parse_tiles(text)))``,
  ``mahjong`` ``Shanten.calculate_shanten(TilesConverter.one_line_string_to_34_array
  (text))``, ``riichienv`` ``calculate_shanten(parse_hand(text)[0])``;
- *shanten of counts*, by hand size: each library's own input built beforehand (34
  counts; riichienv's 136 tile ids), as a simulator holds them. jantaku is timed with
  its per-suit memo emptied before each pass (cold, what one call in a fresh process
  pays) and with the memo filled by other hands (a long-running process: the memo
  holds one entry per suit shape met, bounded);
- ``shanten_batch`` against a loop of ``shanten`` on the same hands; the cost of loading
  the tables; ``winning_kinds`` and ``advise``.

The libraries alternate within each round; each figure is the median of the rounds
(``--rounds``), each ratio is to a peer measured in the same rounds. Times are the
process's CPU time. The bench first checks that the three libraries give the same
shanten for every hand timed. Targets are printed last, each PASS or FAIL.

Run ``python bench/bench_hand.py`` (``make bench`` runs every benchmark);
``--hands N`` sets the number of hands of each size.
"""

from __future__ import annotations

import argparse
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from typing import Any

SIZES = (1, 2, 4, 5, 7, 8, 10, 11, 13, 14)
WALL = [k for k in range(34) for _ in range(4)]
clock = time.process_time


def hands(rng: random.Random, size: int, count: int) -> list[list[int]]:
    """``count`` random hands of ``size`` tiles, as 34 counts."""
    out = []
    for _ in range(count):
        counts = [0] * 34
        for t in rng.sample(WALL, size):
            counts[t] += 1
        out.append(counts)
    return out


def _text(counts: list[int]) -> str:
    from jantaku.tiles import format_tiles

    return format_tiles([k for k in range(34) for _ in range(counts[k])])


def _ids(counts: list[int]) -> list[int]:
    """riichienv's input: 136 tile ids (copies 0, 1, … of each kind)."""
    return [4 * k + c for k in range(34) for c in range(counts[k])]


def _forget() -> None:
    """Empty jantaku's per-suit shanten memo (the shipped tables stay loaded)."""
    from jantaku.hand import tables

    for memo in tables._SUIT_DICTS:
        memo.clear()


def _rate(func: Callable[[Any], object], data: list[Any], cold: bool = False) -> float:
    """Calls per second over one pass (CPU time); ``cold`` empties the memo first."""
    if cold:
        _forget()
    start = clock()
    for h in data:
        func(h)
    return len(data) / (clock() - start)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description="hand analysis benchmark")
    ap.add_argument("--hands", type=int, default=20_000, help="hands of each size")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--rounds", type=int, default=3)
    args = ap.parse_args(argv)

    # loading: the import of jantaku.hand in a fresh interpreter, and the table decoding
    code = (
        "import time; t = time.perf_counter(); import jantaku.hand; print(time.perf_counter() - t)"
    )
    imp = min(
        float(
            subprocess.run(
                [sys.executable, "-c", code], capture_output=True, text=True, check=True
            ).stdout
        )
        for _ in range(3)
    )
    import numpy as np

    from jantaku.hand import advise, shanten, shanten_batch, tables, winning_kinds
    from jantaku.tiles import counts34, parse_tiles

    t = time.perf_counter()
    tables._load()
    load = time.perf_counter() - t
    print(f"tables: load {load * 1000:.1f} ms; import jantaku.hand {imp * 1000:.1f} ms")

    rng = random.Random(args.seed)
    by_size = {n: hands(rng, n, args.hands) for n in SIZES}
    every = [h for n in SIZES for h in by_size[n]]
    texts = [_text(h) for h in every]
    other = [h for n in SIZES for h in hands(random.Random(args.seed + 1), n, args.hands)]

    peers: dict[str, tuple[Callable[[Any], object], Callable[[Any], object], Any]] = {}
    try:
        from mahjong.shanten import Shanten
        from mahjong.tile import TilesConverter

        calc = Shanten().calculate_shanten
        to34 = TilesConverter.one_line_string_to_34_array
        peers["mahjong"] = (lambda text: calc(to34(text)), calc, list)
    except ImportError:
        pass
    try:
        import riichienv

        r_calc, r_parse = riichienv.calculate_shanten, riichienv.parse_hand
        peers["riichienv"] = (lambda text: r_calc(r_parse(text)[0]), r_calc, _ids)
    except ImportError:
        pass
    names = ", ".join(peers) or "no peer installed"
    for peer, (from_text, _, _) in peers.items():
        same = sum(from_text(x) == shanten(h) for x, h in zip(texts, every, strict=True))
        print(f"{peer} gives the same shanten as jantaku for {same} of {len(every)} hands")

    def jantaku_text(text: str) -> int:
        return shanten(counts34(parse_tiles(text)))

    # shanten from notation, every size together: cold, then the memo filled by others
    runs: dict[str, list[float]] = {}
    for _ in range(args.rounds):
        runs.setdefault("jantaku", []).append(_rate(jantaku_text, texts, cold=True))
        for peer, (from_text, _, _) in peers.items():
            runs.setdefault(peer, []).append(_rate(from_text, texts))
    _forget()
    for h in other:
        shanten(h)
    warm_text = statistics.median(_rate(jantaku_text, texts) for _ in range(args.rounds))
    _forget()
    text_rate = {k: statistics.median(v) for k, v in runs.items()}
    j = text_rate["jantaku"]
    print(f"shanten from notation, {len(texts):,} hands of every size ({names}):")
    print(f"  jantaku, memo empty       {j:>12,.0f} calls/s")
    print(f"  jantaku, memo of others   {warm_text:>12,.0f} calls/s")
    for peer in peers:
        print(
            f"  {peer:<25} {text_rate[peer]:>12,.0f} calls/s   jantaku (memo empty) "
            f"{j / text_rate[peer]:.2f}x"
        )

    # shanten of counts, by size: each library's input built beforehand
    header = f"{'tiles':>5}  {'jantaku cold':>13}  {'memo warm':>10}"
    for peer in peers:
        header += f"  {peer:>10}  {'ratio':>6}"
    print("shanten of counts (calls/s; ratio = jantaku cold / peer):")
    print(header)
    totals: dict[str, float] = {}
    for n in SIZES:
        data = by_size[n]
        inputs = {peer: [conv(h) for h in data] for peer, (_, _, conv) in peers.items()}
        per: dict[str, list[float]] = {}
        for _ in range(args.rounds):
            per.setdefault("cold", []).append(_rate(shanten, data, cold=True))
            for peer, (_, call, _) in peers.items():
                per.setdefault(peer, []).append(_rate(call, inputs[peer]))
        for h in other:
            shanten(h)
        per["warm"] = [_rate(shanten, data) for _ in range(args.rounds)]
        med = {k: statistics.median(v) for k, v in per.items()}
        for k, v in med.items():
            totals[k] = totals.get(k, 0.0) + len(data) / v
        row = f"{n:>5}  {med['cold']:>13,.0f}  {med['warm']:>10,.0f}"
        for peer in peers:
            row += f"  {med[peer]:>10,.0f}  {med['cold'] / med[peer]:>5.2f}x"
        print(row)
    every_rate = {k: len(every) / v for k, v in totals.items()}
    row = f"{'all':>5}  {every_rate['cold']:>13,.0f}  {every_rate['warm']:>10,.0f}"
    for peer in peers:
        row += f"  {every_rate[peer]:>10,.0f}  {every_rate['cold'] / every_rate[peer]:>5.2f}x"
    print(row)

    batch = np.array([h for _ in range(1_000_000 // len(every) + 1) for h in every], np.int8)
    batch = batch[:1_000_000]
    shanten_batch(batch[:10])  # first use builds the NumPy tables
    times = []
    for _ in range(args.rounds):
        t = clock()
        shanten_batch(batch)
        times.append(clock() - t)
    batch_rate = len(batch) / statistics.median(times)
    loop_hands = [list(map(int, h)) for h in batch[:50_000]]
    loop_rate = statistics.median(_rate(shanten, loop_hands) for _ in range(args.rounds))
    print(
        f"shanten_batch: {batch_rate:,.0f} hands/s ({len(batch):,} hands, int8); "
        f"a loop of shanten on the same hands (memo filled) {loop_rate:,.0f}/s"
    )
    full = batch[np.isin(batch.sum(1), (13, 14))]
    times = []
    for _ in range(args.rounds):
        t = clock()
        shanten_batch(full)
        times.append(clock() - t)
    print(f"shanten_batch, 13/14 tiles only: {len(full) / statistics.median(times):,.0f} hands/s")

    thirteen = by_size[13][:5000]
    start = clock()
    for h in thirteen:
        winning_kinds(h)
    first = len(thirteen) / (clock() - start)
    print(
        f"winning_kinds (13 tiles): {first:,.0f} calls/s the first time, "
        f"{_rate(winning_kinds, thirteen):,.0f} for hands met before"
    )
    print(f"advise (14 tiles): {_rate(advise, by_size[14][:1000]):,.0f} calls/s")

    print("targets:")
    for peer, label in (("mahjong", "notation"), ("mahjong", "counts")):
        if peer not in peers:
            print(f"  FAIL  shanten from {label} faster than {peer}: {peer} not installed")
            continue
        mine, theirs = (
            (text_rate["jantaku"], text_rate[peer])
            if label == "notation"
            else (every_rate["cold"], every_rate[peer])
        )
        verdict = "PASS" if mine > theirs else "FAIL"
        print(
            f"  {verdict}  shanten from {label} faster than {peer} (jantaku's memo empty): "
            f"{mine / theirs:.2f}x"
        )
    verdict = "PASS" if batch_rate > loop_rate else "FAIL"
    print(
        f"  {verdict}  shanten_batch faster a hand than a loop of shanten: "
        f"{batch_rate / loop_rate:.2f}x"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
