"""``jantaku drill``: scoring, waits and discard drills in the terminal.

    jantaku drill scoring --level fu          # han, fu and the payment of a win
    jantaku drill waits --level chinitsu-6    # every winning tile of a one-suit hand
    jantaku drill discard --level middle      # 何切る from a drawn hand
    jantaku drill discard --records DIR       # 何切る from real games in DIR
    jantaku drill build DIR… --jobs 2         # keep real games' positions in the store
    jantaku drill yaku [ID…]                  # an example hand of every yaku (or of some)

After a real game's position, the answer shows the defensive bot's view (its discard,
push or fold, the danger of yours beside it) and the seat's next draws from the real
wall, with your discard and the player's played on them.

Each answer is kept in the store (``--db``); a wrong answer's question comes back on a
Leitner schedule. ``--seed`` makes the questions reproducible; ``--count`` stops after
so many. An empty answer, ``q`` or end of input ends the drill.
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

from jantaku.cli.common import bounded_int, plain
from jantaku.errors import ArgumentError

__all__ = ["register"]


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``drill`` subcommand."""
    p = subparsers.add_parser(
        "drill",
        help="learn: scoring (点数計算), waits (待ち) and discard (何切る) drills",
        description=plain(__doc__ or ""),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("drill", choices=("scoring", "waits", "discard", "build", "yaku"))
    p.add_argument(
        "records", nargs="*", help="for build: folders or files of records; for yaku: yaku ids"
    )
    p.add_argument("--level", help="the drill's level (see docs/learn.md)")
    p.add_argument("--seed", type=int, help="the first question's seed")
    p.add_argument("--count", type=int, default=0, help="stop after this many (0: go on)")
    p.add_argument("--db", metavar="PATH", help="the store (default: $JANTAKU_DB or data folder)")
    p.add_argument("--records", dest="records_dir", metavar="DIR", help="real games to drill from")
    p.add_argument(
        "--every",
        type=bounded_int(1, 10000),
        default=12,
        metavar="N",
        help="build: one discard in N, 1 to 10000 (default 12)",
    )
    p.add_argument("--games", type=int, help="build: at most N games")
    p.add_argument(
        "--jobs",
        type=bounded_int(1, 256),
        default=1,
        metavar="N",
        help="build: read the records in N processes, 1 to 256 (default 1)",
    )
    p.set_defaults(func=run)


def _say(text: str = "") -> None:
    print(text, flush=True)


def _ask(prompt: str) -> str | None:
    print(prompt, end="", flush=True)
    line = sys.stdin.readline()
    if not line:
        return None
    line = line.strip()
    return None if line.lower() in ("q", "quit") else line


def _build(args: argparse.Namespace, store: Any) -> int:
    from pathlib import Path

    from jantaku.learn.positions import build_positions, record_files

    paths = list(args.records)
    missing = [p for p in paths if not Path(p).exists()]
    if not paths or missing:
        raise ArgumentError(
            f"no records at {', '.join(missing)}"
            if missing
            else "name folders of records to build from"
        )
    files = record_files(paths)
    start = time.perf_counter()
    cpu = time.process_time()
    n = agree = 0
    batch: list[dict[str, Any]] = []
    jobs = args.jobs
    for pos in build_positions(paths, every=args.every, games=args.games, jobs=jobs):
        batch.append(pos)
        agree += pos["tags"]["agree"]
        if len(batch) >= 2000:
            n += store.add_positions(batch)
            batch = []
    n += store.add_positions(batch)
    took = time.perf_counter() - start
    used = time.process_time() - cpu
    _say(
        f"{n} positions from {len(files)} files in {took:.1f} s"
        + (f" ({used:.1f} s of CPU)" if jobs == 1 else f" ({jobs} processes)")
        + (f"; the advisor agrees with the player on {agree} ({100 * agree / n:.0f}%)" if n else "")
    )
    return 0


def _yaku(names: list[str]) -> int:
    """Print the example hand of each yaku named (every yaku if none)."""
    from jantaku.learn.examples import EXAMPLES, example
    from jantaku.scoring import YAKU

    wanted = names or [y.id for y in YAKU]
    unknown = [n for n in wanted if n not in EXAMPLES]
    if unknown:
        raise ArgumentError(
            f"no yaku {', '.join(map(repr, unknown))} (one of {', '.join(EXAMPLES)})"
        )
    rows = {y.id: y for y in YAKU}
    seats = ("you", "right", "opposite", "left")
    for name in wanted:
        y = rows[name]
        ex = example(name)
        if y.yakuman:
            han = "double yakuman" if y.yakuman > 1 else "yakuman"
        elif y.han_open:
            han = f"{y.han_closed} han closed, {y.han_open} open"
        else:
            han = f"{y.han_closed} han, closed only"
        melds = "".join(m["notation"] for m in ex["melds"])
        how = "tsumo" if ex["tsumo"] else f"ron from the {seats[ex['from']]}"
        _say(f"{y.romaji} {y.kanji} ({han})")
        _say(
            f"  {' '.join(ex['hand'])}{'  ' + melds if melds else ''}  + {ex['win']} {how}"
            f" · seat wind {ex['seat_wind']} · round wind {ex['round_wind']}"
            + (" · dealer" if ex["dealer"] else "")
            + (f" · {ex['riichi']} riichi" if ex["riichi"] != "none" else "")
            + "".join(f" · {f.replace('_', ' ')}" for f in ex["flags"])
            + (f" · rules {ex['rules']}" if ex["rules"] != "tenhou" else "")
        )
        scored = ", ".join(
            f"{v['name']} {'yakuman' if v['yakuman'] else str(v['han']) + ' han'}"
            for v in ex["yaku"]
        )
        _say(f"  scores as: {scored} — {ex['summary']}, {ex['total']} points")
    return 0


def _show(q: Any) -> None:
    p = q.public()
    _say(f"— {q.kind} · {q.level} · {q.id}")
    if "final_points" in p:
        _say(
            "final points: " + ", ".join(f"seat {i}: {x}" for i, x in enumerate(p["final_points"]))
        )
        _say(p["note"])
        return
    hand = " ".join(p["hand"])
    if q.kind == "scoring":
        melds = "  ".join("[" + "".join(m["tiles"]) + f" {m['kind']}]" for m in p["melds"])
        how = "tsumo" if p["tsumo"] else f"ron from {p['from']}"
        _say(f"hand: {hand}  + {p['win']} ({how})  {melds}")
        _say(
            f"{p['round']} · seat wind {p['seat_wind']} · round wind {p['round_wind']}"
            f" · {'dealer' if p['dealer'] else 'non-dealer'} · riichi: {p['riichi']}"
            f" · dora indicators {' '.join(p['dora_indicators'])}"
            + (f" · ura {' '.join(p['ura_indicators'])}" if p["ura_indicators"] else "")
            + (f" · {p['honba']} honba" if p["honba"] else "")
            + (f" · {p['deposits']} deposits" if p["deposits"] else "")
            + f" · rules {p['rules']}"
        )
    else:
        _say(f"hand: {hand}   dora indicator {' '.join(p['dora_indicators'])}")
        if p.get("round"):
            _say(
                f"{p['round']}"
                + (f" · {p['honba']} honba" if p.get("honba") else "")
                + f" · seat wind {p.get('seat_wind', '?')}"
                + (f" · {p['tiles_left']} tiles left" if "tiles_left" in p else "")
            )
        if p.get("pond"):
            _say("your pond: " + " ".join(p["pond"]))
        if q.kind == "discard" and p.get("rivers"):
            scores = p.get("scores") or []
            for i, pond_tiles in enumerate(p["rivers"]):
                marks = [str(scores[i])] if i < len(scores) else []
                if p.get("riichi") and p["riichi"][i]:
                    marks.append("riichi")
                sets = p.get("melds") or []
                called = (
                    "  calls " + " ".join("[" + "".join(m) + "]" for m in sets[i])
                    if i < len(sets) and sets[i]
                    else ""
                )
                pond = " ".join(d["tile"] + ("*" if d.get("riichi") else "") for d in pond_tiles)
                _say(
                    f"pond {('you', 'right', 'opposite', 'left')[i]}"
                    + (f" ({', '.join(marks)})" if marks else "")
                    + f": {pond}{called}"
                )


_PROMPTS = {
    "han": "han? ",
    "fu": "fu? ",
    "points": "the ron's points (honba included)? ",
    "all": "each pays (dealer's tsumo)? ",
    "nondealer": "each non-dealer pays? ",
    "dealer": "the dealer pays? ",
    "gain": "the winner gains in all (deposits included)? ",
    "waits": "winning tiles (e.g. 14m 7p)? ",
    "furiten": "furiten? (y/n) ",
    "tile": "discard? ",
}


def _answer(q: Any) -> dict[str, Any] | None:
    out: dict[str, Any] = {}
    for name in q.prompt["asked"]:
        text = _ask(_PROMPTS.get(name, f"{name}? "))
        if text is None:
            return None
        if name == "furiten":
            out[name] = text.lower().startswith("y")
        elif name == "waits":
            out[name] = text.replace(" ", "")
        else:
            out[name] = text
    return out


def run(args: argparse.Namespace) -> int:
    """Run a drill until ``--count`` questions or the person stops."""
    from jantaku.learn import LEVELS as ALL_LEVELS
    from jantaku.learn import DrillError, LearnStore, check, next_question

    if args.drill == "yaku":
        return _yaku(list(args.records))
    store = LearnStore(args.db)
    try:
        if args.drill == "build":
            return _build(args, store)
        kind = args.drill
        level = args.level or ALL_LEVELS[kind][1 if kind != "waits" else 0]
        if args.records_dir is not None:
            from pathlib import Path

            from jantaku.learn.positions import build_positions, record_files

            if not Path(args.records_dir).is_dir() or not record_files([args.records_dir]):
                _say(f"no records found in {args.records_dir}: drilling drawn hands instead")
            else:
                store.add_positions(build_positions([args.records_dir], every=16, games=10))
                level = "houou"
        asked = 0
        right = 0
        seed = args.seed
        while not args.count or asked < args.count:
            try:
                q = next_question(kind, level, store, seed=seed)
            except DrillError as e:
                _say(str(e))
                return 1
            _show(q)
            given = _answer(q)
            if given is None:
                break
            v = check(q, given)
            store.record(q.id, given, correct=v.correct)
            asked += 1
            right += v.correct
            _say("right!" if v.correct else "not quite:")
            for line in v.explanation:
                _say("  " + line)
            _say()
            if seed is not None:
                seed += 1
        _say(f"{right} of {asked} right")
        return 0
    finally:
        store.close()
