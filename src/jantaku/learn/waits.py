"""The waits drill (待ち): a tenpai hand; pick every winning tile.

The answer is :func:`jantaku.hand.waits`: every kind that completes the hand, each with
the shapes it completes (ryanmen, kanchan, penchan, tanki, shanpon, …) and the tiles
left of it (四枚目 and the pond and indicators counted). Furiten variants show the
hand's own pond; when a winning tile lies in it the hand is furiten (フリテン) and
cannot win by ron, which the answer must say too.

Levels: ``simple`` (one or two waits, mixed suits), ``multi`` (three or more),
``chinitsu`` (one suit, any number of waits) and ``chinitsu-1`` … ``chinitsu-9`` (one
suit with exactly that many waits: every count from a single wait to nine gates). The
one-suit hands are drawn from the full list of one-suit tenpai hands of 13 tiles,
made once (:func:`one_suit_tenpai`).

>>> q = question("waits/chinitsu-9/0")
>>> len(q.answer["waits"])
9
>>> check(q, {"waits": q.answer["waits"], "furiten": q.answer.get("furiten")}).correct
True
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from functools import cache
from itertools import combinations, combinations_with_replacement
from typing import Any, Final

from jantaku.hand import shanten, waits, winning_kinds
from jantaku.learn.common import (
    DrillError,
    Question,
    Verdict,
    code,
    codes,
    make_id,
    parse_id,
    rng_of,
    sorted_codes,
)
from jantaku.tiles import counts34, parse_tiles

__all__ = ["LEVELS", "check", "generate", "one_suit_tenpai", "question"]

LEVELS: Final = ("simple", "multi", "chinitsu", *(f"chinitsu-{n}" for n in range(1, 10)))
"""The waits drill's levels, easiest first."""

LEVEL_TEXT: Final = {
    "simple": "one or two waits",
    "multi": "three waits or more",
    "chinitsu": "one suit (清一色), any waits",
    **{f"chinitsu-{n}": f"one suit, {n} wait{'s' if n > 1 else ''}" for n in range(1, 10)},
}


@cache
def one_suit_tenpai() -> dict[int, tuple[tuple[int, ...], ...]]:
    """Every tenpai hand of 13 tiles of one suit (nine counts), by its number of waits.

    Made from every complete hand of one suit (four sets and a pair, or seven pairs)
    less one tile. A wait on a kind the hand holds four of counts, as
    :func:`jantaku.hand.winning_kinds` counts it (a shape wait, 形式聴牌, with none
    left), so a fifth copy is allowed in the complete hands only. Made once a process
    (a fraction of a second); ``tests/test_learn.py`` checks a sample against
    :func:`~jantaku.hand.winning_kinds`.
    """
    sets = [("r", k) for k in range(7)] + [("t", k) for k in range(9)]
    complete: set[tuple[int, ...]] = set()
    for combo in combinations_with_replacement(range(len(sets)), 4):
        base = [0] * 9
        for i in combo:
            shape, k = sets[i]
            if shape == "r":
                base[k] += 1
                base[k + 1] += 1
                base[k + 2] += 1
            else:
                base[k] += 3
        if max(base) > 5:
            continue
        for p in range(9):
            if base[p] <= 3:
                paired = list(base)
                paired[p] += 2
                complete.add(tuple(paired))
    for pairs in combinations(range(9), 7):
        complete.add(tuple(2 if k in pairs else 0 for k in range(9)))
    # counts as base-8 numbers: one more of kind k is + 8**k
    place = [8**k for k in range(9)]

    def number(c: tuple[int, ...]) -> int:
        return sum(n * p for n, p in zip(c, place, strict=True))

    numbers = {number(full) for full in complete}
    hands: set[tuple[int, ...]] = set()
    for full in complete:
        if sum(n > 4 for n in full) > 1:
            continue
        for k in range(9):
            if full[k] and (full[k] == 5 or max(full) <= 4):
                less = (*full[:k], full[k] - 1, *full[k + 1 :])
                if max(less) <= 4:
                    hands.add(less)
    by_count: dict[int, list[tuple[int, ...]]] = {}
    for h in sorted(hands):
        x = number(h)
        n = sum(x + p in numbers for p in place)
        by_count.setdefault(n, []).append(h)
    return {n: tuple(v) for n, v in sorted(by_count.items())}


def _mixed(rng: random.Random, want_multi: bool) -> list[int]:
    """A mixed-suit tenpai hand of 13 tiles (a complete hand less one tile)."""
    while True:
        pool = [4] * 34
        tiles: list[int] = []
        ok = True
        for _ in range(4):
            for _attempt in range(20):
                s = rng.randrange(3) if rng.random() < 0.85 else 3
                if s < 3 and rng.random() < 0.7:
                    k = 9 * s + rng.randrange(7)
                    if all(pool[k + d] for d in range(3)):
                        for d in range(3):
                            pool[k + d] -= 1
                        tiles += [k, k + 1, k + 2]
                        break
                else:
                    k = 27 + rng.randrange(7) if s == 3 else 9 * s + rng.randrange(9)
                    if pool[k] >= 3:
                        pool[k] -= 3
                        tiles += [k] * 3
                        break
            else:
                ok = False
        p = rng.randrange(34)
        if not ok or pool[p] < 2:
            continue
        tiles += [p, p]
        tiles.remove(rng.choice(tiles))
        n = len(winning_kinds(counts34(tiles)))
        if (n >= 3) == want_multi and n >= 1:
            return sorted(tiles)


def _one_suit(rng: random.Random, count: int | None) -> list[int]:
    table = one_suit_tenpai()
    if count is None:
        count = rng.choice([n for n in table if n >= 2])
    if count not in table:
        raise DrillError(f"no one-suit hand with {count} waits")
    shape = rng.choice(table[count])
    suit = rng.randrange(3)
    return [9 * suit + k for k, n in enumerate(shape) for _ in range(n)]


def _draw(level: str, rng: random.Random) -> list[int]:
    if level == "simple":
        return _mixed(rng, False)
    if level == "multi":
        return _mixed(rng, True)
    if level == "chinitsu":
        return _one_suit(rng, None)
    if level.startswith("chinitsu-") and level[9:].isdigit():
        return _one_suit(rng, int(level[9:]))
    raise DrillError(f"no waits level {level!r} (one of {', '.join(LEVELS)})")


def question(qid: str) -> Question:
    """The waits question named ``qid`` (``waits/LEVEL/SEED``)."""
    kind, level, _seed = parse_id(qid)
    if kind != "waits":
        raise DrillError(f"{qid} is not a waits question")
    rng = rng_of(qid)
    hand = _draw(level, rng)
    counts = counts34(hand)
    win_kinds = winning_kinds(counts)
    # an indicator and, in a furiten variant, the hand's own pond
    pool = [4 - c for c in counts]
    indicator = rng.choice([k for k in range(34) if pool[k]])
    pool[indicator] -= 1
    pond: list[int] = []
    furiten: bool | None = None
    if rng.random() < 0.4:
        furiten = rng.random() < 0.5
        others = [k for k in range(34) if pool[k] and k not in win_kinds]
        pond = rng.sample(others, min(5, len(others)))
        if furiten:
            in_pond = [k for k in win_kinds if pool[k]]
            if in_pond:
                pond.insert(rng.randrange(len(pond) + 1), rng.choice(in_pond))
            else:
                furiten = False
        for k in pond:
            pool[k] -= 1
    visible = [0] * 34
    for k in (*pond, indicator):
        visible[k] += 1
    found = waits(counts, visible)
    answer: dict[str, Any] = {"waits": codes(w.kind for w in found)}
    if furiten is not None:
        answer["furiten"] = furiten
    prompt = {
        "hand": sorted_codes(hand),
        "dora_indicators": [code(indicator)],
        "pond": codes(pond),
        "asked": list(answer),
    }
    detail = {
        "waits": [
            {
                "tile": code(w.kind),
                "shapes": [s.value for s in w.shapes],
                "left": w.remaining,
                "in_pond": w.kind in pond,
            }
            for w in found
        ],
        "left": sum(w.remaining for w in found),
        "shanten": shanten(counts),
    }
    return Question(qid, "waits", level, prompt, answer, detail)


def generate(level: str, seed: int) -> Question:
    """The question of ``level`` drawn from ``seed``."""
    return question(make_id("waits", level, seed))


def _tiles(given: Any) -> list[str] | None:
    if isinstance(given, str):
        try:
            return codes(sorted(set(parse_tiles(given))))
        except Exception:
            return None
    if isinstance(given, list) and all(isinstance(x, str) for x in given):
        try:
            return codes(
                sorted({parse_tiles(x)[0] % 34 if False else parse_tiles(x)[0] for x in given})
            )
        except Exception:
            return None
    return None


def check(q: Question, given: Mapping[str, Any]) -> Verdict:
    """Compare the tiles picked (and the furiten call) with the hand's waits."""
    want = list(q.answer["waits"])
    got = _tiles(given.get("waits")) or []
    ok = sorted(want) == sorted(got)
    parts: list[tuple[str, Any, Any, bool]] = [("waits", want, got, ok)]
    lines: list[str] = []
    missed = [t for t in want if t not in got]
    extra = [t for t in got if t not in want]
    by_tile = {w["tile"]: w for w in q.detail["waits"]}
    if missed:
        lines.append(
            "missed: " + ", ".join(f"{t} ({'/'.join(by_tile[t]['shapes'])})" for t in missed)
        )
    if extra:
        lines.append("not a winning tile: " + ", ".join(extra))
    if "furiten" in q.answer:
        f_want = bool(q.answer["furiten"])
        f_got = given.get("furiten")
        f_ok = isinstance(f_got, bool) and f_got == f_want
        parts.append(("furiten", f_want, f_got, f_ok))
        if not f_ok:
            if f_want:
                own = [w["tile"] for w in q.detail["waits"] if w["in_pond"]]
                lines.append(
                    f"furiten (フリテン): {', '.join(own)} is a winning tile in your own pond, "
                    "so no ron on any wait (tsumo only)"
                )
            else:
                lines.append("not furiten: none of the winning tiles is in your own pond")
    if not all(p[3] for p in parts):
        lines.append(
            "waits: "
            + "; ".join(
                f"{w['tile']} {'/'.join(w['shapes'])}, {w['left']} left" for w in q.detail["waits"]
            )
        )
    return Verdict(all(p[3] for p in parts), tuple(parts), tuple(lines), q.detail)
