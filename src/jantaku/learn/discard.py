"""The discard drill (何切る): a hand that has just drawn; choose the discard.

Levels ``early`` (two or three from tenpai), ``middle`` (one or two) and ``tenpai``
(a discard that makes or keeps tenpai) are drawn from a seeded wall, with the others'
ponds and a dora indicator. ``houou`` positions come from real games
(:mod:`jantaku.learn.positions`, built by ``jantaku drill build``) and ``mine`` from
the person's own flagged discards; both are read from the learn store by their row.

The answer is the discard advisor's (:func:`jantaku.hand.advise`): any discard with
the best shanten and the most tiles accepted is right (the per-hand review's rule:
"as good" counts). The explanation ranks the discards with their acceptance and loss
(ロス); a real game's position adds the choice the player made, the tiles safe
against each riichi, the defensive bot's view (its discard, push or fold, the threats
and the danger of the discard chosen against its own) and the real wall's next draws
with each discard played on them (:mod:`jantaku.learn.realgame`); one's own flagged
discards keep the defensive bot's view from when they were taken in.

>>> q = question("discard/middle/4")
>>> check(q, {"tile": q.answer["best"][0]}).correct
True
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from typing import Any, Final

from jantaku.hand import advise, shanten
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
from jantaku.tiles import parse_tiles

__all__ = ["LEVELS", "STORED_LEVELS", "check", "from_position", "generate", "question"]

LEVELS: Final = ("early", "middle", "tenpai", "houou", "mine")
"""The discard drill's levels: drawn hands, then real games', then one's own."""

STORED_LEVELS: Final = frozenset(("houou", "mine"))
"""Levels whose questions are positions kept in the learn store."""

LEVEL_TEXT: Final = {
    "early": "two or three from tenpai",
    "middle": "one or two from tenpai",
    "tenpai": "the discard for tenpai",
    "houou": "real Houou games (needs jantaku drill build)",
    "mine": "your own flagged discards",
}

_SHANTEN: Final = {"early": (2, 3), "middle": (1, 2), "tenpai": (0, 1)}


def _drawn(rng: random.Random, level: str) -> tuple[list[int], list[list[int]], int]:
    lo, hi = _SHANTEN[level]
    while True:
        wall = [k for k in range(34) for _ in range(4)]
        rng.shuffle(wall)
        hand = sorted(wall[:14])
        if not lo <= shanten(_counts(hand)) <= hi + 1:
            continue
        turn = rng.randint(3, 10)
        rivers = [wall[14 + i * turn : 14 + (i + 1) * turn] for i in range(3)]
        own = wall[60 : 60 + turn - 1]
        indicator = wall[100]
        options = advise(_counts(hand), _visible(rivers, own, indicator))
        if lo <= options[0].shanten <= hi:
            return hand, [own, *rivers], indicator


def _counts(tiles: list[int]) -> list[int]:
    c = [0] * 34
    for t in tiles:
        c[t] += 1
    return c


def _visible(rivers: list[list[int]], own: list[int], indicator: int) -> list[int]:
    v = [0] * 34
    for r in (*rivers, own):
        for t in r:
            v[t] += 1
    v[indicator] += 1
    return v


def _option_json(o: Any) -> dict[str, Any]:
    return {
        "tile": code(o.discard),
        "shanten": o.shanten,
        "total": o.total,
        "tiles": codes(o.kinds),
        "loss": o.loss,
    }


def question(qid: str, store: Any = None) -> Question:
    """The discard question named ``qid``; a ``houou`` or ``mine`` one is read from
    ``store`` (a :class:`~jantaku.learn.progress.LearnStore`)."""
    kind, level, seed = parse_id(qid)
    if kind != "discard":
        raise DrillError(f"{qid} is not a discard question")
    if level in STORED_LEVELS:
        if store is None:
            raise DrillError(f"{qid} is a stored position: it needs the learn store")
        pos = store.position(seed)
        if pos is None:
            raise DrillError(f"no position {seed} in the store")
        return from_position(qid, level, pos)
    if level not in _SHANTEN:
        raise DrillError(f"no discard level {level!r} (one of {', '.join(LEVELS)})")
    rng = rng_of(qid)
    hand, rivers, indicator = _drawn(rng, level)
    options = advise(_counts(hand), _visible(rivers[1:], rivers[0], indicator))
    best = [o for o in options if (o.shanten, o.total) == (options[0].shanten, options[0].total)]
    prompt = {
        "hand": sorted_codes(hand),
        "dora_indicators": [code(indicator)],
        "rivers": [[{"tile": code(t)} for t in r] for r in rivers],
        "asked": ["tile"],
    }
    detail = {"advice": [_option_json(o) for o in options[:8]], "shanten": shanten(_counts(hand))}
    answer = {"best": codes(o.discard for o in best)}
    return Question(qid, "discard", level, prompt, answer, detail)


def from_position(qid: str, level: str, pos: Mapping[str, Any]) -> Question:
    """A question from a stored position (a real game's, or the person's own)."""
    advice = list(pos["advice"])
    top = advice[0]
    best = [
        a["tile"] for a in advice if (a["shanten"], a["total"]) == (top["shanten"], top["total"])
    ]
    keys = (
        "hand",
        "drawn",
        "dora_indicators",
        "rivers",
        "melds",
        "riichi",
        "scores",
        "round",
        "honba",
        "deposits",
        "seat_wind",
        "tiles_left",
    )
    prompt = {k: pos[k] for k in keys if k in pos} | {"asked": ["tile"]}
    detail = {
        "advice": advice,
        "choice": pos["choice"],
        "danger": pos.get("danger", []),
        "tags": pos.get("tags", {}),
        "source": pos.get("source"),
    }
    if "record" in pos:
        detail["where"] = {k: pos[k] for k in ("record", "game", "event", "choice") if k in pos}
    if "defense" in pos:
        detail["defense"] = pos["defense"]
    return Question(qid, "discard", level, prompt, {"best": best}, detail)


def generate(level: str, seed: int) -> Question:
    """The drawn question of ``level`` from ``seed``."""
    return question(make_id("discard", level, seed))


def check(q: Question, given: Mapping[str, Any]) -> Verdict:
    """Whether the discard chosen is among the advisor's best; explained by the ranking."""
    raw = given.get("tile")
    try:
        tile = code(parse_tiles(str(raw))[0]) if raw else None
    except Exception:
        tile = None
    if tile == "0m" or tile == "0p" or tile == "0s":
        tile = "5" + tile[1]
    best = list(q.answer["best"])
    ok = tile in best
    lines: list[str] = []
    advice = {a["tile"]: a for a in q.detail["advice"]}
    top = q.detail["advice"][0]
    if not ok:
        mine = advice.get(tile or "")
        if mine is None:
            lines.append(f"{tile or raw!r} is not one of the best discards")
        elif mine["shanten"] > top["shanten"]:
            lines.append(
                f"{tile} goes back to {mine['shanten']}-shanten (向聴戻し); "
                f"{top['tile']} keeps {top['shanten']}-shanten"
            )
        else:
            lines.append(
                f"{tile} accepts {mine['total']} tiles, {top['tile']} accepts {top['total']}: "
                f"a loss of {mine['loss']} (ロス)"
            )
        lines.append(
            f"best: {', '.join(best)} → {top['shanten']}-shanten, {top['total']} tiles: "
            + " ".join(top["tiles"])
        )
    choice = q.detail.get("choice")
    if choice is not None and q.level == "houou":
        agrees = choice in best
        lines.append(
            f"the Houou player discarded {choice}"
            + (" (as the advisor)" if agrees else " (not the advisor's choice)")
        )
    for threat in q.detail.get("danger", []):
        seat = _SEATS[threat["seat"]]
        lines.append(
            f"against the riichi on the {seat}: safe {' '.join(threat['safe']) or 'none'}"
            + (f"; suji {' '.join(threat['suji'])}" if threat["suji"] else "")
        )
    detail = {k: v for k, v in q.detail.items() if k != "where"}
    if "where" in q.detail:
        from jantaku.learn.realgame import review

        found = review(dict(q.detail["where"]), parse_tiles(tile)[0] if tile else None)
        detail.update(found)
    more: list[str] = []
    defense = detail.get("defense")
    if defense:
        more.extend(_defense_lines(defense, tile, choice))
    later = detail.get("continuation")
    if later:
        more.extend(_continuation_lines(later))
    elif "missing" in detail:
        more.append(f"no continuation: {detail['missing']}")
    elif q.level == "houou" and "where" not in q.detail:
        more.append(
            "no defensive view or continuation: this position was built without its record's"
            " place; build it again (jantaku drill build) to see them"
        )
    if more:
        detail["review_lines"] = len(more)  # the last lines, which the page draws itself
    return Verdict(ok, (("tile", best, tile, ok),), (*lines, *more), detail)


_SEATS: Final = ("you", "right", "opposite", "left")


def _pct(x: float) -> str:
    return f"{100 * x:.0f}%" if x >= 0.01 or x == 0 else "<1%"


def _defense_lines(d: Mapping[str, Any], tile: str | None, choice: str | None) -> list[str]:
    """The defensive bot's choice and why; the danger of the discard chosen beside it."""
    out = [
        f"the defensive bot discards {d['tile']}"
        + (" and declares riichi" if d.get("riichi") else "")
        + f" ({d['stance']}): {d['reason']}"
    ]
    if not d["threats"]:
        return out
    out.append(
        "threats: "
        + "; ".join(
            f"{_SEATS[t['seat']]} ({t['why']}): tenpai {_pct(t['tenpai'])}, worth {t['value']}"
            for t in d["threats"]
        )
    )
    by_tile = {r["tile"]: r for r in d["tiles"]}
    shown: list[tuple[str, Mapping[str, Any]]] = []
    for label, t in (("yours", tile), ("the bot's", d["tile"]), ("the player's", choice)):
        r = by_tile.get(t or "")
        if r is None or any(r is s for _, s in shown):
            continue
        shown.append((label, r))
    if shown:
        out.append(
            "danger: "
            + "; ".join(
                f"{label} {r['tile']} deals in "
                + "/".join(_pct(x) for x in r["deal_in"])
                + f", costs {r['cost']} points expected"
                for label, r in shown
            )
        )
    return out


def _continuation_lines(c: Mapping[str, Any]) -> list[str]:
    """The wall's next draws and how each discard would have fared on them."""
    if not c.get("available"):
        return [f"no continuation: {c.get('why', '')}"]
    draws = c["draws"]
    out = [
        "the wall's next draws for this seat: "
        + (" ".join(draws) if draws else "none")
        + (f" (then {c['stop']})" if c["stop"] else "")
    ]
    if draws:
        for line in c["lines"]:
            out.append(f"discarding {line['discard']}: {_fate(line, len(draws))}")
    return out


def _fate(line: Mapping[str, Any], draws: int) -> str:
    """How one line fares on the draws: a tsumo, tenpai, or the shanten reached."""
    won = line.get("won")
    if won:
        how = (
            f"tsumo on draw {won['draw']}, {won['summary']}, {won['points']} points"
            if won["yaku"]
            else f"complete on draw {won['draw']} but no yaku"
        )
        return how
    if line["tenpai_at"] == 0:
        return "tenpai at once" + (", no win on these draws" if draws else "")
    if line["tenpai_at"] is not None:
        return f"tenpai on draw {line['tenpai_at']}"
    last = line["steps"][-1]["shanten"] if line["steps"] else line["shanten"]
    return f"{last}-shanten after {draws} draws" if draws else f"{last}-shanten"
