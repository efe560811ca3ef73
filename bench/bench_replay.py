"""Replayed rounds per second: every complete Tenhou game of the corpus, read and replayed.

One process; rates are per core (CPU time of this process), so other work on the
machine does not skew them. The records are loaded into memory first, then timed in
two parts and whole:

- read: mjlog XML (gzip included) → events and recorded results (:func:`read_game`), one
  pass over the corpus: the reader's tables of calls, riichi and yaku lists met before
  fill as it goes, as in one ``jantaku replay`` run;
- apply: the events through the engine with every result checked (:func:`replay_game`);
- replay: both, what ``jantaku replay`` does per game.

Target: at least 2,000 replayed rounds per second per core (the ~8,300 rounds of the
corpus in about 4 s): the last line says PASS or FAIL. ``--profile`` prints where the
time goes in each part.

A peer in the same run: jansou (a test-only judge, the ``bench`` extra) reads mjlog XML
and replays it through its own engine — each round's record driven through its live
decision flow with every drawn, discarded and called tile checked, and every win scored
and compared with the record (``parse_mjlog``, ``replay_round_decisions``,
``check_paifu``). It is slower by far, so it replays the first ``--peer-games`` games
of the corpus (60 by default), and jantaku is timed on the same games for the ratio.
riichienv reads mjai and Mahjong Soul logs only (``MjaiReplay``, ``MjSoulReplay``), not
Tenhou records, and replays them to observations rather than checking them: no figure.

    python bench/bench_replay.py [--data DIR] [--limit N] [--peer-games N] [--profile]
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import sys
import time
from pathlib import Path

from jantaku.logs.replay import replay_game
from jantaku.logs.tenhou import TenhouGame, read_game

DEFAULT_DATA = Path(__file__).resolve().parents[2] / "shared" / "data"
TARGET = 2000.0


def corpus(data: Path) -> list[Path]:
    """Every complete standard Tenhou game under ``data`` (no partial, no special rules)."""
    return sorted(data.glob("tenhou_xml/*/*.xml*")) + sorted(data.glob("paired_xml_json/*/*.xml"))


def read_all(raws: list[bytes]) -> tuple[list[TenhouGame], float]:
    """The games and the CPU seconds it took to read them."""
    start = time.process_time()
    games = [read_game(raw) for raw in raws]
    return games, time.process_time() - start


def replay_all(games: list[TenhouGame]) -> tuple[int, float]:
    """How many replayed without divergence, and the CPU seconds."""
    start = time.process_time()
    ok = sum(1 for g in games if replay_game(g).ok)
    return ok, time.process_time() - start


def peer_replay(raws: list[bytes]) -> tuple[int, int, int, int, float] | str:
    """jansou's read, replay and win check of the records: (rounds, rounds replayed
    without error, wins, wins whose value it reproduced, CPU seconds), or why there is
    no figure."""
    try:
        from jansou.io.mjlog import parse_mjlog
        from jansou.io.replay import ReplayError, replay_round_decisions
        from jansou.validation.check import check_paifu
    except ImportError:
        return "jansou is not installed (pip install -e '.[bench]')"
    start = time.process_time()
    rounds = replayed = wins = reproduced = 0
    for raw in raws:
        try:
            paifu = parse_mjlog(raw)
        except Exception:  # a record the peer cannot read counts as not replayed
            continue
        rounds += len(paifu.rounds)
        for i in range(len(paifu.rounds)):
            try:
                for _ in replay_round_decisions(paifu, i):
                    pass
            except ReplayError:
                continue
            replayed += 1
        try:
            verdicts = check_paifu(paifu)
        except Exception:
            continue
        wins += len(verdicts)
        reproduced += sum(1 for v in verdicts if v.passed)
    return rounds, replayed, wins, reproduced, time.process_time() - start


def _profile(label: str, code: str, env: dict[str, object]) -> None:
    prof = cProfile.Profile()
    prof.runctx(code, env, env)
    print(f"\n--- profile: {label} ---")
    pstats.Stats(prof).sort_stats("tottime").print_stats(15)


def jansou_version() -> str:
    """The installed jansou's version."""
    from importlib.metadata import version

    return version("jansou")


def main(argv: list[str] | None = None) -> int:
    """Run the benchmark; prints one line per part."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--data", type=Path, default=DEFAULT_DATA)
    parser.add_argument("--limit", type=int, default=0, help="only the first N games")
    parser.add_argument(
        "--peer-games", type=int, default=60, help="games the peer replays (0: no peer)"
    )
    parser.add_argument("--profile", action="store_true")
    args = parser.parse_args(argv)
    paths = corpus(args.data)
    if args.limit:
        paths = paths[: args.limit]
    if not paths:
        print(f"bench_replay: no records under {args.data}; skipped")
        return 0
    raws = [p.read_bytes() for p in paths]
    read_all(raws[:20])  # warm caches and tables
    games, t_read = read_all(raws)
    rounds = sum(g.rounds for g in games)
    replay_all(games[:20])  # likewise: the engine's modules loaded, its tables warm
    ok, t_apply = replay_all(games)
    total = t_read + t_apply
    print(f"replay corpus: {len(games)} games, {rounds} rounds, {ok} replayed without divergence")
    print(f"  read   {t_read:6.2f} s  {rounds / t_read:8.0f} rounds/s per core")
    print(f"  apply  {t_apply:6.2f} s  {rounds / t_apply:8.0f} rounds/s per core")
    print(f"  replay {total:6.2f} s  {rounds / total:8.0f} rounds/s per core")
    if args.peer_games > 0:
        sample = raws[: args.peer_games]
        peer = peer_replay(sample)
        if isinstance(peer, str):
            print(f"peer: no figure: {peer}")
        else:
            p_rounds, p_replayed, p_wins, p_reproduced, p_time = peer
            mine, t_mine = read_all(sample)
            _, t_mine_apply = replay_all(mine)
            ours = sum(g.rounds for g in mine) / (t_mine + t_mine_apply)
            theirs = p_rounds / p_time
            print(
                f"peer jansou {jansou_version()}, the first {len(sample)} games "
                f"({p_replayed}/{p_rounds} rounds replayed, {p_reproduced}/{p_wins} wins' "
                "values reproduced): "
                f"{theirs:,.0f} rounds/s per core; jantaku on the same games "
                f"{ours:,.0f} rounds/s ({ours / theirs:.1f}x)"
            )
    met = rounds / total >= TARGET
    print(
        f"target: {'PASS' if met else 'FAIL'}  replay >= {TARGET:,.0f} rounds/s per core: "
        f"{rounds / total:,.0f}/s ({rounds / total / TARGET:.0%} of the target; this machine, "
        "now: a busy machine slows it)"
    )
    if args.profile:
        sample = raws[:150]
        _profile(
            "read", "[read_game(r) for r in sample]", {"read_game": read_game, "sample": sample}
        )
        parsed = games[:150]
        _profile(
            "apply",
            "[replay_game(g) for g in parsed]",
            {"replay_game": replay_game, "parsed": parsed},
        )
    return 0 if ok == len(games) else 1


if __name__ == "__main__":
    sys.exit(main())
