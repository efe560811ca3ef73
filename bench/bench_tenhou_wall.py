"""Tenhou's walls from the records' seeds: every round of the Houou games, on one core.

The seeds and the number of rounds of each game are read first (untimed); then, timed
in CPU seconds of this process, the walls of every round of every game are computed
from the seeds (:func:`jantaku.logs.tenhou_wall.tenhou_walls`: the Mersenne Twister
seeded per game, SHA-512 per round, the shuffle and the dice), once with the generator
jantaku uses (:func:`jantaku.logs.mt19937.generator`) and once with the plain reference
generator (:class:`jantaku.logs.mt19937.Mt19937`), for the comparison. A last, untimed
pass checks every record against its walls (:func:`check_walls`) and gives the counts.

Target: the walls of all the Houou games' rounds (788 games, 7,768 rounds) in at most
10 s on one core: the last line says PASS or FAIL.

    python bench/bench_tenhou_wall.py [--data DIR]
"""

from __future__ import annotations

import argparse
import gzip
import re
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path

from jantaku.logs.mt19937 import Mt19937
from jantaku.logs.tenhou import read_game
from jantaku.logs.tenhou_wall import TenhouWall, seed_words, tenhou_walls, walls_from
from jantaku.logs.tenhou_wall_check import check_walls

DEFAULT_DATA = Path(__file__).resolve().parents[2] / "shared" / "data"
TARGET = 10.0
_SEED = re.compile(rb'<SHUFFLE seed="([^"]*)"')


def seeds(paths: list[Path]) -> list[tuple[str, int, int]]:
    """(seed, players, rounds) of each game."""
    out = []
    for path in paths:
        raw = gzip.decompress(path.read_bytes())
        m = _SEED.search(raw)
        if m is None:
            continue
        go = re.search(rb'<GO type="(\d+)"', raw)
        players = 3 if go is not None and int(go.group(1)) & 0x10 else 4
        out.append((m.group(1).decode(), players, raw.count(b"<INIT ")))
    return out


def walls_of(
    games: list[tuple[str, int, int]], make: Callable[[str, int], Iterator[TenhouWall]]
) -> tuple[int, float]:
    """How many walls, and the CPU seconds they took."""
    start = time.process_time()
    n = 0
    for seed, players, rounds in games:
        source = make(seed, players)
        for _ in range(rounds):
            next(source)
            n += 1
    return n, time.process_time() - start


def plain_walls(seed: str, players: int) -> Iterator[TenhouWall]:
    """The walls with the plain reference generator."""
    return walls_from(Mt19937(seed_words(seed)), players)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    args = parser.parse_args(argv)
    paths = sorted((args.data / "tenhou_xml/agony5757_houou_2020").glob("*.xml.gz"))
    if not paths:
        print(f"no Houou games under {args.data}", file=sys.stderr)
        return 2
    games = seeds(paths)
    n, seconds = walls_of(games, tenhou_walls)
    print(f"{len(games)} games, {n} walls: {seconds:.2f} s ({n / seconds:,.0f} walls/s)")
    n_plain, plain = walls_of(games, plain_walls)
    print(f"the plain generator: {plain:.2f} s ({n_plain / plain:,.0f} walls/s)")
    totals = [0] * 7
    for path in paths:
        check = check_walls(read_game(path))
        if check is None:
            continue
        counts = (check.rounds, check.dealt, check.draws, check.replacements, check.dora)
        for k, v in enumerate((*counts, check.ura, 0 if check.ok else 1)):
            totals[k] += v
    rounds, dealt, draws, replacements, dora, ura, bad = totals
    print(
        f"checked: {rounds} rounds, {dealt} dealt tiles, {draws} draws, {replacements} "
        f"replacement draws, {dora} dora and {ura} ura indicators; {bad} games contradict"
    )
    verdict = "PASS" if seconds <= TARGET and bad == 0 else "FAIL"
    print(f"{verdict}: {seconds:.2f} s for every Houou wall (target {TARGET:.0f} s on one core)")
    return 0 if verdict == "PASS" else 1


if __name__ == "__main__":
    sys.exit(main())
