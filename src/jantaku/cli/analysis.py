"""``jantaku shanten`` and ``jantaku advise``: exact hand analysis on the command line.

::

    jantaku shanten HAND [--visible TILES] [--json]
    jantaku shanten --batch FILE            (one hand a line, "-" = stdin; JSON lines)
    jantaku advise HAND [--visible TILES] [--json]
    jantaku advise --batch FILE

A hand is written in hand notation, melds in brackets (``123m456p11z [3-45s]``); only
the concealed tiles are analysed, each meld standing for a set already made.
A tile counts as left while it is in sight nowhere: not in the hand, not in its own
melds, not among the tiles ``--visible`` gives (discards, others' melds, dora
indicators). More than four copies of a kind in all is refused. In a batch, a bad
line prints an object with ``error`` and the batch goes on; the exit status is then 1.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import IO, Any

from jantaku.cli.common import describe, echo, input_lines
from jantaku.errors import JantakuError
from jantaku.hand import acceptance, advise, copies_in_sight, outside_hand, shanten_forms, waits
from jantaku.meld import Hand, format_meld, parse_hand
from jantaku.tiles import counts34, format_tiles, format_unicode, kind_name, parse_tiles

__all__ = ["advise_result", "register", "run_advise", "run_shanten", "shanten_result"]


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``shanten`` and ``advise`` subcommands."""
    for name, func, text in (
        ("shanten", run_shanten, "shanten of each form, and the waits of a tenpai hand"),
        ("advise", run_advise, "rate every discard of a hand that has just drawn"),
    ):
        p = subparsers.add_parser(
            name,
            help=text,
            description=describe(__doc__),
            formatter_class=argparse.RawDescriptionHelpFormatter,
        )
        p.add_argument("hand", nargs="?", metavar="HAND", help="hand notation, melds in brackets")
        p.add_argument("--visible", default="", metavar="TILES", help="tiles seen elsewhere")
        p.add_argument("--json", action="store_true", help="print one JSON object")
        p.add_argument("--batch", metavar="FILE", help='one hand a line ("-" = stdin)')
        p.set_defaults(func=func)


def _read_hand(text: str) -> Hand:
    return parse_hand(text.strip(), partial=True)


def _outside(hand: Hand, counts: list[int], visible: str) -> tuple[int, ...]:
    """The copies of each kind seen outside the concealed tiles: the hand's own melds and
    the ``visible`` tiles (refused beyond four copies of a kind, the hand's included)."""
    elsewhere = parse_tiles(visible) if visible.strip() else ()
    return outside_hand(copies_in_sight(hand.concealed, hand.melds, elsewhere), counts)


def _notation(hand: Hand) -> str:
    return format_tiles(hand.concealed) + "".join(format_meld(m) for m in hand.melds)


def _show_hand(hand: Hand) -> tuple[str, str]:
    glyphs = format_unicode(hand.concealed) + "".join(
        f" [{format_unicode(m.tiles)}]" for m in hand.melds
    )
    return glyphs, _notation(hand)


def shanten_result(text: str, visible: str = "") -> dict[str, Any]:
    """The JSON object of ``jantaku shanten`` for one hand; ``visible`` the tiles seen
    elsewhere, in tile notation (the hand's own melds are in sight too).

    >>> shanten_result("23m456p789s11122z")["waits"][0]
    {'tile': '1m', 'shapes': ['ryanmen'], 'remaining': 4}
    >>> [w["remaining"] for w in shanten_result("23m456p789s11z[111=m]", "1m")["waits"]]
    [0, 4]

    Raises :class:`~jantaku.errors.NotationError` and
    :class:`~jantaku.errors.InvalidHandError` for a hand that cannot be read or be, or
    more than four copies of a kind in the hand and ``visible`` together.
    """
    hand = _read_hand(text)
    counts = counts34(hand.concealed)
    seen = _outside(hand, counts, visible)
    forms = shanten_forms(counts)
    result: dict[str, Any] = {"hand": _notation(hand), **forms}
    if sum(counts) % 3 == 1:
        acc = acceptance(counts, seen)
        result["accepts"] = [kind_name(x) for x in acc.kinds]
        result["accepts_remaining"] = list(acc.remaining)
        result["waits"] = [
            {
                "tile": kind_name(w.kind),
                "shapes": [s.value for s in w.shapes],
                "remaining": w.remaining,
            }
            for w in waits(counts, seen)
        ]
    return result


def advise_result(text: str, visible: str = "") -> dict[str, Any]:
    """The JSON object of ``jantaku advise`` for one hand; ``visible`` as for
    :func:`shanten_result`.

    >>> advise_result("23m456p789s111225z")["options"][0]["discard"]
    '5z'

    Raises as :func:`shanten_result` does, and for a hand of a size the advisor cannot
    rate (:func:`~jantaku.hand.advise`).
    """
    hand = _read_hand(text)
    counts = counts34(hand.concealed)
    seen = _outside(hand, counts, visible)
    forms = shanten_forms(counts)
    options = advise(counts, seen)
    return {
        "hand": _notation(hand),
        "shanten": forms["shanten"],
        "options": [
            {
                "discard": kind_name(o.discard),
                "shanten": o.shanten,
                "accepts": [kind_name(x) for x in o.kinds],
                "remaining": list(o.remaining),
                "total": o.total,
                "loss": o.loss,
            }
            for o in options
        ],
    }


def _name(value: int | None) -> str:
    if value is None:
        return "—"
    return {-1: "complete", 0: "tenpai"}.get(value, f"{value}-shanten")


def _print_shanten(text: str, visible: str, out: IO[str]) -> None:
    r = shanten_result(text, visible)
    glyphs, notation = _show_hand(_read_hand(text))
    out.write(f"{glyphs}   {notation}\n")
    out.write(f"shanten {r['shanten']} ({_name(r['shanten'])})\n")
    out.write(
        f"  regular {r['regular']}"
        + (f" · seven pairs {r['seven_pairs']}" if r["seven_pairs"] is not None else "")
        + (f" · kokushi {r['kokushi']}" if r["kokushi"] is not None else "")
        + "\n"
    )
    if r.get("accepts") and not r.get("waits"):
        total = sum(r["accepts_remaining"])
        tiles = " ".join(
            f"{t}×{n}" for t, n in zip(r["accepts"], r["accepts_remaining"], strict=True)
        )
        out.write(f"accepts ({total} left): {tiles}\n")
    if r.get("waits"):
        total = sum(w["remaining"] for w in r["waits"])
        out.write(f"waits ({total} left):\n")
        for w in r["waits"]:
            glyph = format_unicode(parse_tiles(w["tile"]))
            out.write(f"  {glyph} {w['tile']}  {', '.join(w['shapes'])}  {w['remaining']} left\n")


def _print_advise(text: str, visible: str, out: IO[str]) -> None:
    r = advise_result(text, visible)
    glyphs, notation = _show_hand(_read_hand(text))
    out.write(f"{glyphs}   {notation}\n")
    out.write(f"shanten {r['shanten']} ({_name(r['shanten'])})\n")
    out.write("discard  shanten  accepts  loss  tiles\n")
    for o in r["options"]:
        loss = "—" if o["loss"] is None else str(o["loss"])
        tiles = " ".join(f"{t}×{n}" for t, n in zip(o["accepts"], o["remaining"], strict=True))
        glyph = format_unicode(parse_tiles(o["discard"]))
        out.write(
            f"{glyph} {o['discard']:<5} {o['shanten']:>7}  {o['total']:>7}  {loss:>4}  {tiles}\n"
        )


def _batch(path: str, build: Any, visible: str, out: IO[str]) -> int:
    status = 0
    for number, line in input_lines(path):
        if line is None:
            obj: dict[str, Any] = {"line": number, "error": "the line is not UTF-8 text"}
            status = 1
        elif not line.strip():
            continue
        else:
            text = line.strip()
            try:
                obj = build(text, visible)
            except JantakuError as e:
                obj = {"line": number, "input": echo(text), "error": echo(str(e))}
                status = 1
        out.write(json.dumps(obj, ensure_ascii=False) + "\n")
    return status


def _run(args: argparse.Namespace, build: Any, show: Any, out: IO[str] | None) -> int:
    stream = out if out is not None else sys.stdout
    visible = args.visible
    if visible.strip():  # a bad --visible stops the command, before any batch line
        copies_in_sight(elsewhere=parse_tiles(visible))
    if (args.hand is None) == (args.batch is None):
        print("jantaku: error: give either HAND or --batch FILE", file=sys.stderr)
        return 2
    if args.batch is not None:
        return _batch(args.batch, build, visible, stream)
    if args.json:
        stream.write(json.dumps(build(args.hand, visible), ensure_ascii=False) + "\n")
    else:
        show(args.hand, visible, stream)
    return 0


def run_shanten(args: argparse.Namespace, out: IO[str] | None = None) -> int:
    """Run ``jantaku shanten``; returns the exit status."""
    return _run(args, shanten_result, _print_shanten, out)


def run_advise(args: argparse.Namespace, out: IO[str] | None = None) -> int:
    """Run ``jantaku advise``; returns the exit status."""
    return _run(args, advise_result, _print_advise, out)
