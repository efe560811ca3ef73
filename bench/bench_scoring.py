"""Scoring speed as a user pays it: jantaku against the ``mahjong`` package, same hands.

Every figure times what a user holding a win does, inputs built inside the timing:

- *from notation*: jantaku ``WinSituation.from_hand`` (hand, winning tile, dora and ura
  as text, the flags as keywords) then ``score_win``; ``mahjong`` converts the same
  texts with ``TilesConverter``, builds its melds and ``HandConfig``, then
  ``estimate_hand_value``;
- *from tiles and flags*: jantaku builds each ``Meld`` and the ``WinSituation`` from
  tile values, then ``score_win``; ``mahjong`` builds its melds and ``HandConfig``
  from the same tiles (its 136 tile ids), then ``estimate_hand_value``;
- the parts: building a ``WinSituation`` (from tiles; from notation) and ``score_win``
  of a built situation, to show which costs more; ``mahjong``'s
  ``estimate_hand_value`` alone, arguments built beforehand;
- the batch entry points against a loop of single calls on the same inputs, each
  result (or error) kept in a list as a batch keeps it: ``score_wins`` against
  ``score_win`` in a loop (from situations), ``score_table``
  on situations and on ``WinColumns`` (built inside the timing from the situations,
  and built beforehand, as a simulator holds them) against the same loop;
- ``has_yaku``, the engine's legal-win check, cold.

Every jantaku figure is cold: the per-hand caches are emptied before each timed run
(every seeded hand differs); the shipped split tables stay loaded, as in any process
that imported jantaku. Each round measures every figure once, one after the other on
the same hands; the median of the rounds is printed, with its ratio to the peer
measured in the same rounds. Times are the process's CPU time, so that waiting for a
core on a shared machine counts for no library.

    python bench/bench_scoring.py [--hands N] [--seed S] [--rounds R] [--profile]
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from jantaku.errors import JantakuError
from jantaku.meld import Hand, Meld, format_hand
from jantaku.scoring import (
    WinColumns,
    WinSituation,
    has_yaku,
    score_table,
    score_win,
    score_wins,
)
from jantaku.scoring.score import clear_cache
from jantaku.tiles import format_tiles

clock = time.process_time

# the seeded hands come from the test helper, so tests and bench score the same hands
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
if TYPE_CHECKING:
    from scoring_hands import RandomHand

_FLAGS = ("discarder", "riichi", "ippatsu", "haitei", "houtei", "rinshan", "chankan")
_WIND_TEXT = {27: "1z", 28: "2z", 29: "3z", 30: "4z"}


def _notation(h: RandomHand) -> tuple[str, dict[str, Any]]:
    """The hand as a user writes it: hand text and keywords."""
    s = h.situation
    kw: dict[str, Any] = {name: getattr(s, name) for name in _FLAGS}
    kw.update(
        win=format_tiles([s.win_tile]),
        dora=format_tiles(s.dora_indicators),
        ura=format_tiles(s.ura_indicators),
        round_wind=_WIND_TEXT[s.round_wind],
        winner=s.winner,
        dealer=s.dealer,
    )
    return format_hand(Hand(s.concealed, s.melds)), kw


def _tiles(h: RandomHand) -> tuple[tuple[tuple[Any, ...], ...], dict[str, Any]]:
    """The hand as tile values: each meld's constructor arguments, and the fields."""
    s = h.situation
    melds = tuple((m.kind, m.tiles, m.called, m.called_from, m.added) for m in s.melds)
    kw: dict[str, Any] = {name: getattr(s, name) for name in _FLAGS}
    kw.update(
        concealed=s.concealed,
        win_tile=s.win_tile,
        dora_indicators=s.dora_indicators,
        ura_indicators=s.ura_indicators,
        round_wind=s.round_wind,
        winner=s.winner,
        dealer=s.dealer,
    )
    return melds, kw


def _mahjong_notation(h: RandomHand) -> tuple[Any, ...]:
    """The same hand as ``mahjong``'s converter reads it: every tile (melds' too), the
    winning tile and the indicators, as text by suit (red fives written 0, as ours)."""
    s = h.situation

    def suits(tiles: Any) -> dict[str, str]:
        out = {"man": "", "pin": "", "sou": "", "honors": ""}
        digits = ""
        for ch in format_tiles(tiles):
            if ch.isdigit():
                digits += ch
            else:
                out[{"m": "man", "p": "pin", "s": "sou", "z": "honors"}[ch]] += digits
                digits = ""
        return out

    return (
        suits(s.concealed + tuple(t for m in s.melds for t in m.tiles)),
        suits([s.win_tile]),
        tuple(suits([t]) for t in s.dora_indicators),
        tuple(suits([t]) for t in s.ura_indicators),
    )


def jantaku_notation(hands: list[tuple[str, dict[str, Any]]]) -> float:
    """Hands per second: WinSituation.from_hand, then score_win."""
    clear_cache()
    start = clock()
    for text, kw in hands:
        try:
            score_win(WinSituation.from_hand(text, **kw))
        except JantakuError:
            continue
    return len(hands) / (clock() - start)


def jantaku_tiles(hands: list[tuple[tuple[tuple[Any, ...], ...], dict[str, Any]]]) -> float:
    """Hands per second: each Meld, the WinSituation, then score_win."""
    clear_cache()
    start = clock()
    for melds, kw in hands:
        try:
            score_win(WinSituation(melds=tuple(Meld(*m) for m in melds), **kw))
        except JantakuError:
            continue
    return len(hands) / (clock() - start)


def build_tiles(hands: list[tuple[tuple[tuple[Any, ...], ...], dict[str, Any]]]) -> float:
    """Situations per second built from tile values (melds included)."""
    start = clock()
    for melds, kw in hands:
        WinSituation(melds=tuple(Meld(*m) for m in melds), **kw)
    return len(hands) / (clock() - start)


def build_notation(hands: list[tuple[str, dict[str, Any]]]) -> float:
    """Situations per second read from notation."""
    start = clock()
    for text, kw in hands:
        WinSituation.from_hand(text, **kw)
    return len(hands) / (clock() - start)


def loop_rate(situations: list[WinSituation]) -> float:
    """Hands per second, one score_win call each."""
    clear_cache()
    start = clock()
    for s in situations:
        try:
            score_win(s)
        except JantakuError:
            continue
    return len(situations) / (clock() - start)


def loop_kept_rate(situations: list[WinSituation]) -> float:
    """Hands per second, one score_win call each, the results (or the errors) kept in a
    list: what score_wins gives, by single calls."""
    clear_cache()
    start = clock()
    out: list[object] = []
    for s in situations:
        try:
            out.append(score_win(s))
        except JantakuError as e:
            out.append(e)
    return len(situations) / (clock() - start)


def has_yaku_rate(situations: list[WinSituation]) -> float:
    """Hands per second for has_yaku, cold."""
    clear_cache()
    start = clock()
    for s in situations:
        has_yaku(s)
    return len(situations) / (clock() - start)


def batch_rate(situations: list[WinSituation]) -> float:
    """Hands per second through score_wins."""
    clear_cache()
    start = clock()
    score_wins(situations)
    return len(situations) / (clock() - start)


def table_rate(situations: list[WinSituation]) -> float:
    """Hands per second through score_table on situations."""
    clear_cache()
    start = clock()
    score_table(situations)
    return len(situations) / (clock() - start)


def columns_built_rate(situations: list[WinSituation]) -> float:
    """Hands per second: WinColumns.from_situations, then score_table."""
    clear_cache()
    start = clock()
    score_table(WinColumns.from_situations(situations))
    return len(situations) / (clock() - start)


def columns_rate(cols: WinColumns) -> float:
    """Hands per second through score_table on columns built beforehand."""
    clear_cache()
    start = clock()
    score_table(cols)
    return len(cols) / (clock() - start)


def mahjong_rate(calls: list[tuple[Any, ...]]) -> float:
    """Hands per second: mahjong's estimate_hand_value, arguments built beforehand."""
    from mahjong.hand_calculating.hand import HandCalculator

    start = clock()
    for args in calls:
        HandCalculator.estimate_hand_value(*args[:5], ura_dora_indicators=args[5])
    return len(calls) / (clock() - start)


def mahjong_tiles(hands: list[RandomHand], options: Any) -> float:
    """Hands per second: mahjong's melds and HandConfig from the tiles, then its score."""
    from mahjong.hand_calculating.hand import HandCalculator
    from mahjong.hand_calculating.hand_config import HandConfig
    from mahjong.meld import Meld as MMeld

    kinds = {"chii": MMeld.CHI, "pon": MMeld.PON, "daiminkan": MMeld.KAN, "ankan": MMeld.KAN}
    kinds["kakan"] = MMeld.SHOUMINKAN
    start = clock()
    for h in hands:
        melds = [MMeld(meld_type=kinds[k], tiles=list(t), opened=o) for k, t, o in h.melds136]
        config = HandConfig(options=options, **h.flags)
        HandCalculator.estimate_hand_value(
            list(h.tiles136),
            h.win136,
            melds,
            list(h.dora136),
            config,
            ura_dora_indicators=list(h.ura136),
        )
    return len(hands) / (clock() - start)


def mahjong_notation(items: list[tuple[RandomHand, tuple[Any, ...]]], options: Any) -> float:
    """Hands per second: mahjong's TilesConverter on the texts (its melds from their tile
    ids, which its converter does not read), HandConfig, then its score."""
    from mahjong.hand_calculating.hand import HandCalculator
    from mahjong.hand_calculating.hand_config import HandConfig
    from mahjong.meld import Meld as MMeld
    from mahjong.tile import TilesConverter

    kinds = {"chii": MMeld.CHI, "pon": MMeld.PON, "daiminkan": MMeld.KAN, "ankan": MMeld.KAN}
    kinds["kakan"] = MMeld.SHOUMINKAN
    convert = TilesConverter.string_to_136_array
    start = clock()
    for h, (tiles, win, dora, ura) in items:
        all136 = convert(**tiles, has_aka_dora=True)
        win136 = convert(**win, has_aka_dora=True)[0]
        melds = [MMeld(meld_type=kinds[k], tiles=list(t), opened=o) for k, t, o in h.melds136]
        dora136 = [convert(**d, has_aka_dora=True)[0] for d in dora]
        ura136 = [convert(**u, has_aka_dora=True)[0] for u in ura]
        config = HandConfig(options=options, **h.flags)
        HandCalculator.estimate_hand_value(
            all136, win136, melds, dora136, config, ura_dora_indicators=ura136
        )
    return len(items) / (clock() - start)


def _verdict(ok: bool, text: str) -> str:
    return f"{'PASS' if ok else 'FAIL'}  {text}"


_NOISE = 0.05  # two figures of one run closer than this are level, not one ahead


def _ahead(ratio: float, text: str) -> str:
    """PASS when ``ratio`` is clearly above 1, LEVEL within the noise, else FAIL."""
    word = "PASS" if ratio > 1 + _NOISE else "FAIL" if ratio < 1 - _NOISE else "LEVEL"
    return (
        f"{word}  {text} (within {_NOISE:.0%} is level)" if word == "LEVEL" else f"{word}  {text}"
    )


def main() -> None:
    """Run the benchmark and print one line per figure, then the targets."""
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--hands", type=int, default=5000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--rounds", type=int, default=5)
    ap.add_argument("--profile", action="store_true", help="profile scoring from notation")
    args = ap.parse_args()
    from scoring_hands import mahjong_args, random_hands

    hands = random_hands(args.seed, args.hands)
    situations = [h.situation for h in hands]
    notation = [_notation(h) for h in hands]
    tiles = [_tiles(h) for h in hands]
    if args.profile:
        prof = cProfile.Profile()
        prof.enable()
        jantaku_notation(notation)
        prof.disable()
        pstats.Stats(prof).sort_stats("tottime").print_stats(25)
        return
    # the columns hold four-player wins without first-turn wins, pao, norths, flowers
    plain = [
        s
        for s in situations
        if not (s.first_turn or s.pao is not None or s.kita or s.flowers or s.robbed_ankan)
    ]
    cols = WinColumns.from_situations(plain)
    score_table(situations[:1])  # NumPy imported and its split-table arrays made once
    try:
        calls = [mahjong_args(h) for h in hands]
        options = calls[0][4].options
        m_text = [(h, _mahjong_notation(h)) for h in hands]
    except ImportError:
        calls = []
    runs: dict[str, list[float]] = {}

    def measure(label: str, run: Callable[[], float]) -> None:
        runs.setdefault(label, []).append(run())

    for _ in range(args.rounds):
        if calls:
            measure("mahjong: estimate_hand_value alone", lambda: mahjong_rate(calls))
            measure("mahjong: from tiles and flags", lambda: mahjong_tiles(hands, options))
            measure("mahjong: from notation", lambda: mahjong_notation(m_text, options))
        measure("jantaku: from tiles and flags", lambda: jantaku_tiles(tiles))
        measure("jantaku: from notation", lambda: jantaku_notation(notation))
        measure("jantaku: WinSituation from tiles", lambda: build_tiles(tiles))
        measure("jantaku: WinSituation.from_hand", lambda: build_notation(notation))
        measure("jantaku: score_win of a situation", lambda: loop_rate(situations))
        measure("jantaku: loop of score_win, results kept", lambda: loop_kept_rate(situations))
        measure("jantaku: score_wins (batch)", lambda: batch_rate(situations))
        measure("jantaku: score_table of situations", lambda: table_rate(situations))
        measure("jantaku: loop of score_win, plain wins, kept", lambda: loop_kept_rate(plain))
        measure("jantaku: WinColumns built + score_table", lambda: columns_built_rate(plain))
        measure("jantaku: score_table of WinColumns", lambda: columns_rate(cols))
        measure("jantaku: has_yaku", lambda: has_yaku_rate(situations))
    rate = {label: statistics.median(values) for label, values in runs.items()}
    print(
        f"scoring: {len(hands)} seeded winning hands, the same for both libraries; "
        f"median of {args.rounds} rounds, CPU time, inputs built inside the timing; "
        "jantaku cold (per-hand caches empty, shipped split tables loaded)"
    )
    peer = {
        "from tiles and flags": "mahjong: from tiles and flags",
        "from notation": "mahjong: from notation",
    }
    for label, r in rate.items():
        theirs = next((rate.get(p) for key, p in peer.items() if label.endswith(key)), None)
        if theirs is None:
            theirs = rate.get("mahjong: estimate_hand_value alone")
        ratio = f"{r / theirs:5.2f}x mahjong" if theirs else "mahjong not installed"
        print(f"  {label:<44} {r:10,.0f} hands/s  {ratio}")
    print("targets:")
    if calls:
        for key in ("from notation", "from tiles and flags"):
            ours, theirs = rate[f"jantaku: {key}"], rate[f"mahjong: {key}"]
            print(
                "  "
                + _verdict(
                    ours >= 5 * theirs,
                    f"scoring {key} >= 5x mahjong: {ours / theirs:.2f}x "
                    f"({ours / (5 * theirs):.0%} of the target)",
                )
            )
    else:
        print("  scoring >= 5x mahjong: mahjong not installed")
    build, score = (
        rate["jantaku: WinSituation from tiles"],
        rate["jantaku: score_win of a situation"],
    )
    print(
        "  "
        + _ahead(
            build / score,
            f"building a WinSituation costs less than score_win: {1e6 / build:.1f} us "
            f"against {1e6 / score:.1f} us a hand",
        )
    )
    loop = rate["jantaku: loop of score_win, results kept"]
    loop_plain = rate["jantaku: loop of score_win, plain wins, kept"]
    for label, base in (
        ("jantaku: score_wins (batch)", loop),
        ("jantaku: score_table of situations", loop),
        ("jantaku: WinColumns built + score_table", loop_plain),
        ("jantaku: score_table of WinColumns", loop_plain),
    ):
        name = label.removeprefix("jantaku: ")
        print(
            "  "
            + _ahead(
                rate[label] / base,
                f"{name} faster a hand than a loop of score_win (results kept): "
                f"{rate[label] / base:.2f}x",
            )
        )


if __name__ == "__main__":
    main()
