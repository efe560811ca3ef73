"""Scoring speed as a user pays it: jantaku against ``mahjong`` and ``riichienv``, same hands.

Every figure times what a user holding a win does, inputs built inside the timing:

- *from notation*: jantaku ``WinSituation.from_hand`` (hand, winning tile, dora and ura
  as text, the flags as keywords) then ``score_win``; ``mahjong`` converts the same
  texts with ``TilesConverter``, builds its melds and ``HandConfig``, then
  ``estimate_hand_value``; ``riichienv`` reads the hand in its own notation with
  ``parse_hand`` (its melds too), the winning tile with ``parse_tile`` and the
  indicators with ``parse_hand``, builds its ``Conditions``, then ``HandEvaluator.calc``;
- *from tiles and flags*: jantaku builds each ``Meld`` and the ``WinSituation`` from
  tile values, then ``score_win``; ``mahjong`` builds its melds and ``HandConfig``
  from the same tiles (its 136 tile ids), then ``estimate_hand_value``; ``riichienv``
  builds its melds, ``Conditions`` and ``HandEvaluator`` from the same ids, then ``calc``;
- the parts: building a ``WinSituation`` (from tiles; from notation) and ``score_win``
  of a built situation, to show which costs more; each peer's scoring call alone,
  arguments built beforehand;
- the batch entry points against a loop of single calls on the same inputs, each
  result (or error) kept in a list as a batch keeps it, and still held when the
  clock stops, for both: ``score_wins`` against
  ``score_win`` in a loop (from situations), ``score_table``
  on situations and on ``WinColumns`` (built inside the timing from the situations,
  and built beforehand, as a simulator holds them) against the same loop;
- ``has_yaku``, the engine's legal-win check, cold.

``riichienv``'s evaluator is its Rust class (``riichienv._riichienv.HandEvaluator``,
which the Python ``riichienv.HandEvaluator`` wraps): the wrapper adds the winning tile
a second time to a hand with exactly two kans, so it would score those hands wrongly;
the Rust class scores every seeded hand as jantaku does (the bench prints how many
agree) and is the faster of the two, so its ratios are the harder ones.

Every jantaku figure is cold: the per-hand caches (and the melds checked, for the
figures that build melds) are emptied before each timed run (every seeded hand
differs); the shipped split tables stay loaded, as in any process
that imported jantaku. Each round measures every figure once, one after the other on
the same hands; the median of the rounds is printed, with its ratio to each peer
measured in the same rounds. Times are the process's CPU time, so that waiting for a
core on a shared machine counts for no library. The targets are printed last, each
PASS or FAIL.

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

import jantaku
from jantaku.errors import JantakuError
from jantaku.meld import Hand, Meld, format_hand
from jantaku.meld import clear_cache as clear_meld_cache
from jantaku.scoring import (
    Riichi,
    WinColumns,
    WinSituation,
    has_yaku,
    score_table,
    score_win,
    score_wins,
)
from jantaku.scoring.score import clear_cache
from jantaku.tiles import EAST, KIND_OF, format_tiles

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
    clear_meld_cache()
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
    clear_meld_cache()
    start = clock()
    for melds, kw in hands:
        try:
            score_win(WinSituation(melds=tuple(Meld(*m) for m in melds), **kw))
        except JantakuError:
            continue
    return len(hands) / (clock() - start)


def build_tiles(hands: list[tuple[tuple[tuple[Any, ...], ...], dict[str, Any]]]) -> float:
    """Situations per second built from tile values (melds included)."""
    clear_meld_cache()
    start = clock()
    for melds, kw in hands:
        WinSituation(melds=tuple(Meld(*m) for m in melds), **kw)
    return len(hands) / (clock() - start)


def build_notation(hands: list[tuple[str, dict[str, Any]]]) -> float:
    """Situations per second read from notation."""
    clear_meld_cache()
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
    out = score_wins(situations)  # kept, as the loop keeps its list
    rate = len(situations) / (clock() - start)
    del out
    return rate


def table_rate(situations: list[WinSituation]) -> float:
    """Hands per second through score_table on situations."""
    clear_cache()
    start = clock()
    out = score_table(situations)
    rate = len(situations) / (clock() - start)
    del out
    return rate


def columns_built_rate(situations: list[WinSituation]) -> float:
    """Hands per second: WinColumns.from_situations, then score_table."""
    clear_cache()
    start = clock()
    out = score_table(WinColumns.from_situations(situations))
    rate = len(situations) / (clock() - start)
    del out
    return rate


def columns_rate(cols: WinColumns) -> float:
    """Hands per second through score_table on columns built beforehand."""
    clear_cache()
    start = clock()
    out = score_table(cols)
    rate = len(cols) / (clock() - start)
    del out
    return rate


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


def _riichienv_text(h: RandomHand) -> str:
    """The hand in riichienv's notation: the concealed tiles as ours, then each meld in
    parentheses (``(067m0)`` a chii, ``(p5z2)`` a pon called from across, ``(k0s3)`` a
    daiminkan, ``(s5s1)`` a kakan, ``(k1z)`` an ankan; 0 a red five)."""
    s = h.situation
    out = format_tiles(s.concealed)
    for m in s.melds:
        k = KIND_OF[m.tiles[0]]
        suit = "mpsz"[k // 9]
        digit = "0" if max(m.tiles) >= 34 else str(k % 9 + 1)
        kind = m.kind.value
        if kind == "chii":
            digits = "".join("0" if t >= 34 else str(KIND_OF[t] % 9 + 1) for t in m.tiles)
            out += f"({digits}{suit}0)"
        elif kind == "ankan":
            out += f"(k{digit}{suit})"
        else:
            out += f"({'p' if kind == 'pon' else 's' if kind == 'kakan' else 'k'}"
            out += f"{digit}{suit}{m.called_from})"
    return out


def _riichienv_flags(s: WinSituation) -> dict[str, Any]:
    """riichienv's ``Conditions`` keywords for a situation (winds as its ``Wind``)."""
    from riichienv import _riichienv as rc

    winds = (rc.Wind.East, rc.Wind.South, rc.Wind.West, rc.Wind.North)
    return {
        "tsumo": s.discarder is None,
        "riichi": s.riichi is Riichi.RIICHI,
        "double_riichi": s.riichi is Riichi.DOUBLE,
        "ippatsu": s.ippatsu,
        "haitei": s.haitei,
        "houtei": s.houtei,
        "rinshan": s.rinshan,
        "chankan": s.chankan,
        "player_wind": winds[(s.winner - s.dealer) % 4],
        "round_wind": winds[s.round_wind - EAST],
    }


def _riichienv_concealed(h: RandomHand) -> list[int]:
    """The concealed tile ids (the winning tile among them), sorted as riichienv keeps them."""
    in_melds = {i for _, ids, _o in h.melds136 for i in ids}
    return sorted(i for i in h.tiles136 if i not in in_melds)


def riichienv_alone(calls: list[tuple[Any, ...]]) -> float:
    """Hands per second: riichienv's ``HandEvaluator.calc``, arguments built beforehand."""
    start = clock()
    for evaluator, win, dora, ura, conditions in calls:
        evaluator.calc(win, dora, ura, conditions)
    return len(calls) / (clock() - start)


def riichienv_tiles(items: list[tuple[RandomHand, list[int], dict[str, Any]]]) -> float:
    """Hands per second: riichienv's melds, ``Conditions`` and ``HandEvaluator`` from the
    tile ids and flags, then ``calc``."""
    from riichienv import _riichienv as rc

    kinds = {"chii": rc.MeldType.Chi, "pon": rc.MeldType.Pon, "ankan": rc.MeldType.Ankan}
    kinds.update(daiminkan=rc.MeldType.Daiminkan, kakan=rc.MeldType.Kakan)
    meld, conditions, evaluator = rc.Meld, rc.Conditions, rc.HandEvaluator
    start = clock()
    for h, concealed, flags in items:
        melds = [meld(kinds[k], list(t), o) for k, t, o in h.melds136]
        evaluator(concealed, melds).calc(
            h.win136, list(h.dora136), list(h.ura136), conditions(**flags)
        )
    return len(items) / (clock() - start)


def riichienv_notation(items: list[tuple[str, str, str, str, dict[str, Any]]]) -> float:
    """Hands per second: riichienv's ``parse_hand`` on its hand text (melds included),
    ``parse_tile`` on the winning tile, ``parse_hand`` on the indicators,
    ``Conditions``, ``HandEvaluator``, then ``calc``."""
    from riichienv import _riichienv as rc

    parse_hand, parse_tile = rc.parse_hand, rc.parse_tile
    conditions, evaluator = rc.Conditions, rc.HandEvaluator
    start = clock()
    for text, win, dora, ura, flags in items:
        tiles, melds = parse_hand(text)
        evaluator(tiles, melds).calc(
            parse_tile(win), parse_hand(dora)[0], parse_hand(ura)[0], conditions(**flags)
        )
    return len(items) / (clock() - start)


def riichienv_agreement(hands: list[RandomHand]) -> int:
    """How many hands riichienv scores as jantaku does: both refuse the hand, or both
    score it a yakuman, or the same han and fu (outside any timing)."""
    from riichienv import _riichienv as rc

    kinds = {"chii": rc.MeldType.Chi, "pon": rc.MeldType.Pon, "ankan": rc.MeldType.Ankan}
    kinds.update(daiminkan=rc.MeldType.Daiminkan, kakan=rc.MeldType.Kakan)
    same = 0
    for h in hands:
        melds = [rc.Meld(kinds[k], list(t), o) for k, t, o in h.melds136]
        theirs = rc.HandEvaluator(_riichienv_concealed(h), melds).calc(
            h.win136,
            list(h.dora136),
            list(h.ura136),
            rc.Conditions(**_riichienv_flags(h.situation)),
        )
        try:
            ours = score_win(h.situation)
        except JantakuError:
            same += not theirs.is_win
            continue
        same += bool(theirs.is_win) and (
            bool(ours.yakuman and theirs.yakuman) or (ours.han, ours.fu) == (theirs.han, theirs.fu)
        )
    return same


def _verdict(ok: bool, text: str) -> str:
    return f"{'PASS' if ok else 'FAIL'}  {text}"


_NOISE = 0.05  # two figures of one run closer than this are within the noise


def _faster(ratio: float, text: str) -> str:
    """PASS when ``ratio`` is above 1 by more than the noise of one run, else FAIL."""
    noise = f" (within the {_NOISE:.0%} noise of one run)" if abs(ratio - 1) <= _NOISE else ""
    return _verdict(ratio > 1 + _NOISE, f"{text}: {ratio:.2f}x{noise}")


_PEERS = ("mahjong", "riichienv")
_ALONE = {"mahjong": "mahjong: estimate_hand_value alone", "riichienv": "riichienv: calc alone"}


def _peer_label(label: str, peer: str) -> str:
    """The peer's figure that a jantaku figure is set against: the same input (from
    notation, from tiles and flags), else the peer's scoring call alone."""
    for key in ("from notation", "from tiles and flags"):
        if label.endswith(key):
            return f"{peer}: {key}"
    return _ALONE[peer]


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
    peers: dict[str, dict[str, Callable[[], float]]] = {}
    try:
        calls = [mahjong_args(h) for h in hands]
        options = calls[0][4].options
        m_text = [(h, _mahjong_notation(h)) for h in hands]
        peers["mahjong"] = {
            "estimate_hand_value alone": lambda: mahjong_rate(calls),
            "from tiles and flags": lambda: mahjong_tiles(hands, options),
            "from notation": lambda: mahjong_notation(m_text, options),
        }
    except ImportError:
        pass
    try:
        from riichienv import _riichienv as rc
    except ImportError:
        agree = None
    else:
        flags = [_riichienv_flags(s) for s in situations]
        concealed = [_riichienv_concealed(h) for h in hands]
        r_tiles = list(zip(hands, concealed, flags, strict=True))
        r_text = [
            (_riichienv_text(h), kw["win"], kw["dora"], kw["ura"], f)
            for h, (_, kw), f in zip(hands, notation, flags, strict=True)
        ]
        kinds = {"chii": rc.MeldType.Chi, "pon": rc.MeldType.Pon, "ankan": rc.MeldType.Ankan}
        kinds.update(daiminkan=rc.MeldType.Daiminkan, kakan=rc.MeldType.Kakan)
        r_calls = [
            (
                rc.HandEvaluator(c, [rc.Meld(kinds[k], list(t), o) for k, t, o in h.melds136]),
                h.win136,
                list(h.dora136),
                list(h.ura136),
                rc.Conditions(**f),
            )
            for h, c, f in r_tiles
        ]
        agree = riichienv_agreement(hands)
        peers["riichienv"] = {
            "calc alone": lambda: riichienv_alone(r_calls),
            "from tiles and flags": lambda: riichienv_tiles(r_tiles),
            "from notation": lambda: riichienv_notation(r_text),
        }
    ours: dict[str, Callable[[], float]] = {
        "from tiles and flags": lambda: jantaku_tiles(tiles),
        "from notation": lambda: jantaku_notation(notation),
        "WinSituation from tiles": lambda: build_tiles(tiles),
        "WinSituation.from_hand": lambda: build_notation(notation),
        "score_win of a situation": lambda: loop_rate(situations),
        "loop of score_win, results kept": lambda: loop_kept_rate(situations),
        "score_wins (batch)": lambda: batch_rate(situations),
        "score_table of situations": lambda: table_rate(situations),
        "loop of score_win, plain wins, kept": lambda: loop_kept_rate(plain),
        "WinColumns built + score_table": lambda: columns_built_rate(plain),
        "score_table of WinColumns": lambda: columns_rate(cols),
        "has_yaku": lambda: has_yaku_rate(situations),
    }
    runs: dict[str, list[float]] = {}
    for _ in range(args.rounds):
        for peer, figures in peers.items():
            for name, run in figures.items():
                runs.setdefault(f"{peer}: {name}", []).append(run())
        for name, run in ours.items():
            runs.setdefault(f"jantaku: {name}", []).append(run())
    rate = {label: statistics.median(values) for label, values in runs.items()}
    print(
        f"scoring: {len(hands)} seeded winning hands, the same for every library; "
        f"median of {args.rounds} rounds, CPU time, inputs built inside the timing; "
        "jantaku cold (per-hand caches empty, shipped split tables loaded)"
    )
    if agree is not None:
        print(f"riichienv scores {agree} of {len(hands)} hands as jantaku does (han and fu)")
    for label, r in rate.items():
        ratios = []
        if label.startswith("jantaku: "):
            for peer in _PEERS:
                theirs = rate.get(_peer_label(label, peer))
                ratios.append(f"{r / theirs:6.2f}x {peer}" if theirs else f"{peer}: not installed")
        print(f"  {label:<44} {r:10,.0f} hands/s  {'  '.join(ratios)}")
    print(f"targets (jantaku {jantaku.build()}):")
    for key in ("from notation", "from tiles and flags"):
        theirs = rate.get(f"mahjong: {key}")
        if theirs is None:
            print(f"  FAIL  scoring {key} >= 10x mahjong: mahjong not installed")
            continue
        mine = rate[f"jantaku: {key}"]
        print(
            "  "
            + _verdict(
                mine >= 10 * theirs,
                f"scoring {key} >= 10x mahjong: {mine / theirs:.2f}x "
                f"({mine / (10 * theirs):.0%} of the target)",
            )
        )
    score = rate["jantaku: score_win of a situation"]
    for label, what in (
        ("jantaku: WinSituation from tiles", "building a WinSituation from tiles"),
        ("jantaku: WinSituation.from_hand", "WinSituation.from_hand"),
    ):
        build = rate[label]
        print(
            "  "
            + _faster(
                build / score,
                f"{what} costs less than score_win ({1e6 / build:.1f} us against "
                f"{1e6 / score:.1f} us a hand)",
            )
        )
    loop = rate["jantaku: loop of score_win, results kept"]
    loop_plain = rate["jantaku: loop of score_win, plain wins, kept"]
    for label, base, note in (
        (
            "jantaku: score_wins (batch)",
            loop,
            "",
        ),
        ("jantaku: score_table of situations", loop, ""),
        ("jantaku: WinColumns built + score_table", loop_plain, ""),
        ("jantaku: score_table of WinColumns", loop_plain, ""),
    ):
        name = label.removeprefix("jantaku: ")
        print(
            "  "
            + _faster(rate[label] / base, f"{name} faster a hand than a loop of score_win{note}")
        )


if __name__ == "__main__":
    main()
