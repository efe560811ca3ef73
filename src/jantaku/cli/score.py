"""``jantaku score`` and ``jantaku rules``: score a win, show a rules preset.

::

    jantaku score HAND --win TILE [--ron | --tsumo] [--seat S] [--round E] [--from W]
                  [--riichi | --double-riichi] [--ippatsu] [--haitei] [--houtei]
                  [--rinshan] [--chankan] [--first-turn] [--dora TILES] [--ura TILES]
                  [--honba N] [--deposits N] [--kita N] [--pao W] [--rules PRESET] [--json]
    jantaku score --batch FILE          (one call's arguments a line, "-" = stdin)
    jantaku rules [PRESET] [--json]

Seats are winds: the dealer is East; ``--seat`` is the winner's seat wind, ``--from``
the seat that dealt in (by default the one before the winner), ``--pao`` the liable
seat. The hand is either 13 tiles (and melds), ``--win`` adding the winning tile, or
14 tiles including it (``--win`` then names which one; by default the last). The
hand, the dora and ura indicators and the norths set aside are tiles of one set: more
than four copies of a kind among them is refused. The breakdown is printed the way
the score tables teach it: each yaku with its han, each fu item, ``30 fu 3 han``, then
the payment (``3900``, ``1000/2000``, ``2000 all``) with honba and deposits. In a batch
each line prints one JSON object; a bad line prints an object with ``error`` and the
batch goes on (exit status 1).
"""

from __future__ import annotations

import argparse
import json
import shlex
import sys
from dataclasses import fields
from enum import Enum
from typing import IO, Any, NoReturn

from jantaku.cli.common import bounded_int, describe, echo, input_lines
from jantaku.errors import ArgumentError, JantakuError, NotationError
from jantaku.hand.visible import copies_in_sight
from jantaku.meld import format_meld, parse_hand
from jantaku.rules import PRESETS, Rules
from jantaku.scoring import Riichi, WinResult, WinSituation, score_win
from jantaku.tiles import EAST, format_tiles, format_unicode, parse_tiles

__all__ = ["register", "rules_table", "run_rules", "run_score", "score_request"]

_WINDS = {"E": 0, "S": 1, "W": 2, "N": 3, "1z": 0, "2z": 1, "3z": 2, "4z": 3}


class _ArgumentError(JantakuError, ValueError):
    """Bad arguments on one line of a batch."""


class _RaisingParser(argparse.ArgumentParser):
    def error(self, message: str) -> NoReturn:
        raise _ArgumentError(message)


def _add_score_arguments(p: argparse.ArgumentParser, *, batch: bool) -> None:
    p.add_argument("hand", nargs="?" if batch else None, metavar="HAND", help="the hand")
    p.add_argument("--win", metavar="TILE", help="the winning tile (default: the last one)")
    how = p.add_mutually_exclusive_group()
    how.add_argument("--ron", action="store_true", help="win on a discard (default)")
    how.add_argument("--tsumo", action="store_true", help="win on a draw")
    p.add_argument("--seat", default="E", choices=sorted(_WINDS), help="winner's seat wind")
    p.add_argument("--round", default="E", choices=sorted(_WINDS), help="round wind")
    p.add_argument("--from", dest="discarder", choices=sorted(_WINDS), help="who dealt in")
    kind = p.add_mutually_exclusive_group()
    kind.add_argument("--riichi", action="store_true")
    kind.add_argument("--double-riichi", action="store_true")
    for flag in ("ippatsu", "haitei", "houtei", "rinshan", "chankan", "first-turn"):
        p.add_argument(f"--{flag}", action="store_true")
    p.add_argument("--dora", default="", metavar="TILES", help="dora indicators")
    p.add_argument("--ura", default="", metavar="TILES", help="ura dora indicators")
    p.add_argument(
        "--honba", type=bounded_int(0, 999), default=0, metavar="N", help="honba (0 to 999)"
    )
    p.add_argument(
        "--deposits",
        type=bounded_int(0, 999),
        default=0,
        metavar="N",
        help="riichi sticks on the table (0 to 999)",
    )
    p.add_argument(
        "--kita",
        type=bounded_int(0, 4),
        default=0,
        metavar="N",
        help="norths set aside (three players, 0 to 4)",
    )
    p.add_argument("--pao", choices=sorted(_WINDS), help="seat liable for the yakuman")
    p.add_argument("--rules", default="tenhou", choices=list(PRESETS), help="rules preset")
    p.add_argument("--json", action="store_true", help="print one JSON object")


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``score`` and ``rules`` subcommands."""
    doc = describe(__doc__)
    raw = argparse.RawDescriptionHelpFormatter
    p = subparsers.add_parser(
        "score", help="score a winning hand", description=doc, formatter_class=raw
    )
    _add_score_arguments(p, batch=True)
    p.add_argument("--batch", metavar="FILE", help='one request a line ("-" = stdin)')
    p.set_defaults(func=run_score)
    r = subparsers.add_parser(
        "rules",
        help="show a rules preset",
        description="jantaku rules: every field of a rules preset, as a table or as JSON "
        "(the fields are described in docs/rules.md).",
    )
    r.add_argument("preset", nargs="?", default="tenhou", choices=list(PRESETS))
    r.add_argument("--json", action="store_true", help="print the rules as JSON")
    r.set_defaults(func=run_rules)


def _seat(wind: str, players: int, what: str) -> int:
    seat = _WINDS[wind]
    if seat >= players:
        raise _ArgumentError(f"no {what} seat {wind} with {players} players")
    return seat


def _situation(args: argparse.Namespace) -> WinSituation:
    if not args.hand:
        raise _ArgumentError("a hand is needed")
    rules = Rules.preset(args.rules)
    n = rules.players
    winner = _seat(args.seat, n, "winner")
    if args.tsumo:
        discarder = None
        if args.discarder:
            raise _ArgumentError("--from is for a ron")
    else:
        discarder = _seat(args.discarder, n, "discarder") if args.discarder else (winner - 1) % n
    riichi = Riichi.DOUBLE if args.double_riichi else Riichi.RIICHI if args.riichi else Riichi.NONE
    hand = parse_hand(args.hand)
    tiles = hand.concealed
    if args.win is None:
        # the last tile written, in any notation (compact, Unicode, mjai names)
        if len(tiles) + 3 * len(hand.melds) == 13:
            raise _ArgumentError("a hand of 13 tiles needs --win, the winning tile")
        if not tiles:
            raise NotationError("no winning tile given", text=args.hand, position=0)
        wins: tuple[int, ...] = (tiles[-1],)
    else:
        wins = tuple(parse_tiles(args.win))
        if len(wins) != 1:
            raise _ArgumentError(f"one winning tile, not {args.win!r}")
        if len(tiles) + 3 * len(hand.melds) == 13:
            tiles = (*tiles, wins[0])  # 13 tiles and the winning tile
    dora, ura = parse_tiles(args.dora), parse_tiles(args.ura)
    # the hand and every indicator are tiles of one set: no fifth copy of a kind
    copies_in_sight(tiles, hand.melds, dora_indicators=(*dora, *ura), norths=args.kita)
    return WinSituation(
        concealed=tiles,
        melds=hand.melds,
        win_tile=wins[0],
        dora_indicators=dora,
        ura_indicators=ura,
        round_wind=EAST + _WINDS[args.round],
        discarder=discarder,
        riichi=riichi,
        ippatsu=args.ippatsu,
        haitei=args.haitei,
        houtei=args.houtei,
        rinshan=args.rinshan,
        chankan=args.chankan,
        first_turn=args.first_turn,
        winner=winner,
        dealer=0,
        pao=_seat(args.pao, n, "pao") if args.pao else None,
        honba=args.honba,
        deposits=args.deposits,
        kita=args.kita,
        rules=rules,
    )


def _json(s: WinSituation, r: WinResult, rules_name: str) -> dict[str, Any]:
    hand = format_tiles(s.concealed) + "".join(format_meld(m) for m in s.melds)
    return {
        "hand": hand,
        "win": format_tiles([s.win_tile]),
        "tsumo": s.is_tsumo,
        "dealer": s.is_dealer,
        "rules": rules_name,
        **r.to_dict(),
        "payment": r.payment_text("ESWN"[: s.rules.players]),  # seats named as on the line
    }


def _text(s: WinSituation, r: WinResult) -> str:
    hand = format_unicode(s.concealed) + "".join(f" [{format_unicode(m.tiles)}]" for m in s.melds)
    lines = [
        f"{hand}   {format_tiles([s.win_tile])} {'tsumo' if s.is_tsumo else 'ron'}"
        f"{' (dealer)' if s.is_dealer else ''}"
    ]
    for y in r.yaku:
        value = "yakuman" if y.yakuman == 1 else f"{y.yakuman}× yakuman" if y.yakuman else y.han
        unit = "" if y.yakuman else " han"
        lines.append(f"  {y.romaji:<28} {y.kanji:<8} {value}{unit}")
    for name, kanji, n in (
        ("dora", "ドラ", r.dora),
        ("red five", "赤ドラ", r.red),
        ("ura dora", "裏ドラ", r.ura),
        ("kita", "抜きドラ", r.kita),
        ("flowers", "花牌", r.flowers),
    ):
        if n:
            lines.append(f"  {name:<28} {kanji:<8} {n} han")
    if not r.yakuman:
        items = ", ".join(f"{item} {fu}" for item, fu in r.fu_items)
        lines.append(f"  fu: {items}")
    kanji = r.limit.kanji if r.limit.value != "none" and not r.yakuman else ""
    lines.append(r.summary() + (f" {kanji}" if kanji else ""))
    winds = "ESWN"
    lines.append(
        "  seats: "
        + "  ".join(f"{winds[p]} {d:+d}" if d else f"{winds[p]} 0" for p, d in enumerate(r.deltas))
    )
    names = winds[: s.rules.players]
    pay = r.payment_text(names)
    extra = []
    if s.honba:
        if s.is_tsumo and s.pao is None:  # every other seat pays its part
            extra.append(f"{s.honba} honba (+{s.honba * s.rules.honba_tsumo_each} each)")
        else:  # one seat pays them all: the one who dealt in, or the liable one on a tsumo
            payer = s.discarder if s.discarder is not None else s.pao
            whom = f" from {names[payer]}" if s.pao is not None and payer is not None else ""
            extra.append(f"{s.honba} honba (+{s.honba * s.rules.honba_value}{whom})")
    if s.deposits:
        extra.append(f"deposits +{s.deposits * s.rules.riichi_deposit}")
    lines.append(pay + (" + " + ", ".join(extra) if extra else ""))
    return "\n".join(lines)


MAX_REQUEST = 4096
"""The longest line a score batch reads as a request (a real one is far shorter)."""


def score_request(line: str) -> dict[str, Any]:
    """Score one request given as command-line arguments; the JSON object it prints.

    >>> score_request("123m456p789s11555z --win 1z --ron --seat S")["total"]
    1600
    >>> score_request("123m --win 1m")["error"]
    'a hand has 13 or 14 tiles (kans count as 3), not 3'
    >>> score_request("123m456p789s11555z --win 1z --honba 99999999999999999999")["error"]
    'argument --honba: 99999999999999999999 is out of range: give 0 to 999'
    """
    parser = _RaisingParser(prog="jantaku score", add_help=False)
    _add_score_arguments(parser, batch=False)
    try:
        args = parser.parse_args(shlex.split(line))
        s = _situation(args)
        return _json(s, score_win(s), args.rules)
    except (JantakuError, ValueError) as e:
        return {"error": echo(str(e))}


def _batch_alone(args: argparse.Namespace) -> None:
    """Refuse a hand or a request's option beside ``--batch``: each line brings its own.

    Raises :class:`~jantaku.errors.ArgumentError` naming what would have been ignored.
    """
    given = []
    if args.hand is not None:
        given.append(f"a hand ({echo(args.hand, 40)})")
    defaults = _RaisingParser(prog="jantaku score", add_help=False)
    _add_score_arguments(defaults, batch=True)
    for action in defaults._actions:
        dest = action.dest
        if dest in ("hand", "json", "help") or not action.option_strings:
            continue
        if getattr(args, dest, action.default) != action.default:
            given.append(max(action.option_strings, key=len))
    if given:
        raise ArgumentError(
            f"--batch takes every request from its lines; {', '.join(given)} beside it "
            "would be ignored (put it on the lines)"
        )


def run_score(args: argparse.Namespace, out: IO[str] | None = None) -> int:
    """Run ``jantaku score``."""
    out = out or sys.stdout
    if args.batch:
        _batch_alone(args)
        status = 0
        for number, line in input_lines(args.batch):
            if line is None:
                result: dict[str, Any] = {"error": "the line is not UTF-8 text"}
            elif not line.strip() or line.lstrip().startswith("#"):
                continue
            elif len(line) > MAX_REQUEST:  # no request is that long: refused unread
                result = {
                    "error": f"the line is {len(line)} characters; a request has at most "
                    f"{MAX_REQUEST}"
                }
            else:
                result = score_request(line)
            if "error" in result:
                status = 1
                shown = {"line": number} | ({"input": echo(line.strip())} if line else {})
                result = shown | result
            print(json.dumps(result, ensure_ascii=False), file=out)
        return status
    s = _situation(args)
    r = score_win(s)
    if args.json:
        print(json.dumps(_json(s, r, args.rules), ensure_ascii=False), file=out)
    else:
        print(_text(s, r), file=out)
    return 0


def rules_table(rules: Rules) -> str:
    """A preset as a readable two-column table.

    >>> print(rules_table(Rules.preset("tenhou")).splitlines()[1])
    players                 4
    """
    name = rules.name() or "custom"
    lines = [f"rules: {name}"]
    for f in fields(rules):
        v = getattr(rules, f.name)
        if isinstance(v, Enum):
            v = v.value
        elif isinstance(v, bool):
            v = "yes" if v else "no"
        elif isinstance(v, tuple):
            v = " ".join(str(x) for x in v)
        lines.append(f"{f.name:<23} {v}")
    return "\n".join(lines)


def run_rules(args: argparse.Namespace, out: IO[str] | None = None) -> int:
    """Run ``jantaku rules``."""
    out = out or sys.stdout
    rules = Rules.preset(args.preset)
    if args.json:
        print(rules.to_json(), file=out)
    else:
        print(rules_table(rules), file=out)
    return 0
