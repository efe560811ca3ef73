"""``jantaku keep``: the scorekeeper for a match played with real tiles.

::

    jantaku keep new Aoi Ben Chie Dai [--rules tenhou] [--first-dealer 2 | --dice]
                     [--start-points 30000] [--return-points 30000] [--uma 15,5,-5,-15]
    jantaku keep add 1 ron --from Chie --win Ben:3:30 --riichi Ben
    jantaku keep add 1 tsumo --win Aoi:mangan
    jantaku keep add 1 draw --tenpai Aoi,Chie
    jantaku keep add 1 abort kyuushu_kyuuhai
    jantaku keep add 1 --json '{"result": "ron", "discarder": 2, "winners": [...]}'
    jantaku keep add 1 draw --tenpai Aoi --dice 3,5
    jantaku keep undo 1
    jantaku keep show 1 [--sticks] [--json]
    jantaku keep export 1 --format csv|tenhou6|mjai [-o FILE]
    jantaku keep list [--series 1]
    jantaku keep series new "Friday league" | jantaku keep series show 1
    jantaku keep stats 1 [--json] | jantaku keep stats --series 1 [--json]
    jantaku keep serve [--host 127.0.0.1] [--port 8018] [--public-url URL]

Seats are named by player name or by seat number (0 is the first dealer). A win is
``WHO:HAN:FU``, ``WHO:HAN`` from 5 han, ``WHO:LIMIT`` (mangan, haneman, baiman,
sanbaiman, yakuman) or ``WHO:yakuman:COUNT``; wins entered as tiles go through
``--json`` (the fields of :class:`jantaku.keep.Hand`). ``--at N`` replaces hand N
instead of adding one; what follows is recomputed. ``--dice A,B`` keeps the two dice
rolled for the hand (shown with it, no part of the scoring).

``stats`` gives each player's hands, wins, deal-ins, riichi, chombo, average win,
average place, average points and result, of one match or of every match of a series
(``--series ID``), players told apart by name. Everything lives in the store
(``--db PATH``, default ``$JANTAKU_DB`` or the user's data folder).

Matches and series are numbered here (1, 2, …); the page of ``serve`` names them by
random keys instead, which no other page can guess. ``serve`` has the table's server's
protection: it answers only to the loopback's names, the ``--host`` address and the
host of ``--public-url``, and takes a change only from its own page.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import random
import sys
from pathlib import Path
from typing import Any

from jantaku.cli.common import MAX_SEED, bounded_int
from jantaku.cli.common import describe as help_text
from jantaku.errors import JantakuError
from jantaku.keep.entries import LIMITS, Foul, Hand, KeepError, Winner
from jantaku.keep.export import describe, to_csv, to_mjai, to_tenhou6
from jantaku.keep.model import Match, preset_summary, table_rules
from jantaku.keep.seating import first_dealer_by_dice, roll_dice
from jantaku.keep.stats import player_stats
from jantaku.keep.sticks import stick_plan
from jantaku.keep.store import KeepStore
from jantaku.rules import PRESETS

__all__ = ["register", "run"]


def register(subparsers: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``keep`` subcommand and its own subcommands."""
    p = subparsers.add_parser(
        "keep",
        help="the scorekeeper: record a real table's match and get every payment right",
        description=help_text(__doc__),
    )
    p.add_argument("--db", metavar="PATH", help="the store (default: $JANTAKU_DB or data folder)")
    sub = p.add_subparsers(dest="keep_command", metavar="ACTION", required=True)

    new = sub.add_parser("new", help="start recording a match")
    new.add_argument("names", nargs="+", help="the players in turn order")
    new.add_argument("--rules", default="tenhou", choices=sorted(PRESETS), help="rules preset")
    new.add_argument(
        "--start-points", type=bounded_int(0, 1_000_000), metavar="N", help="points to start with"
    )
    new.add_argument(
        "--return-points",
        type=bounded_int(0, 1_000_000),
        metavar="N",
        help="返し: subtracted from each final score (oka when above the start)",
    )
    new.add_argument(
        "--uma", metavar="A,B,…", help="uma per place in thousands, e.g. 20,10,-10,-20"
    )
    group = new.add_mutually_exclusive_group()
    group.add_argument("--first-dealer", type=int, default=0, metavar="N", help="index in names")
    group.add_argument(
        "--dice", action="store_true", help="roll for the first dealer (G1, two rolls)"
    )
    group.add_argument("--roll", type=int, nargs=2, metavar=("A", "B"), help="the rolls made")
    new.add_argument("--seed", type=bounded_int(0, MAX_SEED), metavar="S", help="seed for --dice")
    new.add_argument("--series", type=int, metavar="ID", help="part of a series")

    add = sub.add_parser("add", help="enter the next hand (or replace one with --at)")
    add.add_argument("match", type=int)
    add.add_argument("result", nargs="?", choices=("ron", "tsumo", "draw", "abort", "chombo"))
    add.add_argument("reason", nargs="?", help="the abortive draw (kyuushu_kyuuhai, …)")
    add.add_argument("--from", dest="discarder", metavar="WHO", help="who dealt in (ron)")
    add.add_argument("--win", action="append", default=[], metavar="WHO:HAN:FU")
    add.add_argument("--pao", metavar="WHO", help="liable for the yakuman (one winner)")
    add.add_argument("--riichi", default="", metavar="WHO,…", help="riichi sticks put down")
    add.add_argument("--tenpai", default="", metavar="WHO,…", help="tenpai at a draw")
    add.add_argument("--nagashi", default="", metavar="WHO,…", help="nagashi mangan")
    add.add_argument("--offender", metavar="WHO", help="chombo offender (chombo draw)")
    add.add_argument(
        "--foul", action="append", default=[], metavar="KIND:WHO", help="chombo or minor_foul"
    )
    add.add_argument("--json", metavar="HAND", help="the hand as JSON")
    add.add_argument("--dice", metavar="A,B", help="the two dice rolled for the hand (1-6 each)")
    add.add_argument("--at", type=int, metavar="N", help="replace hand N (1-based)")

    undo = sub.add_parser("undo", help="delete the last hand")
    undo.add_argument("match", type=int)
    delete = sub.add_parser("delete", help="delete hand N; what follows is recomputed")
    delete.add_argument("match", type=int)
    delete.add_argument("hand", type=int, metavar="N")

    show = sub.add_parser("show", help="the score board, hand by hand")
    show.add_argument("match", type=int)
    show.add_argument("--sticks", action="store_true", help="the sticks of each payment")
    show.add_argument("--json", action="store_true", help="the ledger as JSON")

    export = sub.add_parser("export", help="CSV table, tenhou.net/6 or mjai log of the results")
    export.add_argument("match", type=int)
    export.add_argument("--format", choices=("csv", "tenhou6", "mjai"), default="csv")
    export.add_argument("-o", "--output", metavar="FILE", help="write here (default stdout)")

    stats = sub.add_parser("stats", help="each player's wins, deal-ins, riichi, places")
    stats.add_argument("match", type=int, nargs="?", help="a match (or --series)")
    stats.add_argument("--series", type=int, metavar="ID", help="every match of a series")
    stats.add_argument("--json", action="store_true", help="one JSON list")

    lst = sub.add_parser("list", help="the recorded matches")
    lst.add_argument("--series", type=int, metavar="ID")

    series = sub.add_parser("series", help="a series of matches (a league night)")
    series_sub = series.add_subparsers(dest="series_command", metavar="ACTION", required=True)
    series_new = series_sub.add_parser("new", help="start a series")
    series_new.add_argument("name")
    series_show = series_sub.add_parser("show", help="cumulative results")
    series_show.add_argument("id", type=int)

    serve = sub.add_parser("serve", help="serve the scorekeeper page alone (extra 'web')")
    serve.add_argument("--host", default="127.0.0.1", help="address to listen on")
    serve.add_argument("--port", type=int, default=8018, help="port, 1 to 65535 (default 8018)")
    serve.add_argument(
        "--public-url",
        default=None,
        metavar="URL",
        help="the URL people reach the page at, when not this machine's address",
    )
    # --db also after the action (jantaku keep show 1 --db x.sqlite3), as before it
    for action in (
        new,
        add,
        undo,
        delete,
        show,
        export,
        stats,
        lst,
        series_new,
        series_show,
        serve,
    ):
        action.add_argument("--db", default=argparse.SUPPRESS, help=argparse.SUPPRESS)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    """Run ``jantaku keep``; returns the exit status."""
    if args.keep_command == "serve":
        return _serve(args)
    store = KeepStore(args.db)
    try:
        status: int = _ACTIONS[args.keep_command](store, args)
        return status
    finally:
        store.close()


def _seat(match: Match, who: str) -> int:
    """A seat from a player's name or a seat number."""
    text = who.strip()
    if text in match.names:
        return match.names.index(text)
    if text.isdigit() and int(text) < len(match.names):
        return int(text)
    raise KeepError(f"no player {who!r} (players: {', '.join(match.names)})")


def _seats(match: Match, text: str) -> tuple[int, ...]:
    return tuple(_seat(match, w) for w in text.split(",") if w.strip())


def _winner(match: Match, spec: str, pao: int | None) -> Winner:
    parts = spec.split(":")
    seat = _seat(match, parts[0])
    rest = parts[1:]
    if rest and rest[0] in LIMITS:
        if len(rest) == 1:
            return Winner(seat=seat, limit=rest[0], pao=pao)
        if rest[0] != "yakuman" or len(rest) > 2:
            raise KeepError(f"a limit win is WHO:LIMIT or WHO:yakuman:COUNT, not {spec!r}")
        if not rest[1].isdigit() or not 1 <= int(rest[1]) <= 6:
            raise KeepError(f"a yakuman count is 1 to 6, not {rest[1]!r} (in {spec!r})")
        return Winner(seat=seat, limit="yakuman", yakuman=int(rest[1]), pao=pao)
    if not rest or not all(x.isdigit() for x in rest) or len(rest) > 2:
        raise KeepError(f"a win is WHO:HAN:FU, WHO:HAN or WHO:LIMIT, not {spec!r}")
    fu = int(rest[1]) if len(rest) > 1 else None
    return Winner(seat=seat, han=int(rest[0]), fu=fu, pao=pao)


# the options of ``add`` that say something of a hand, and the results they apply to
_APPLIES: dict[str, tuple[str, ...]] = {
    "--from": ("ron",),
    "--win": ("ron", "tsumo"),
    "--pao": ("ron", "tsumo"),
    "--tenpai": ("draw",),
    "--nagashi": ("draw",),
    "--offender": ("chombo",),
    "REASON": ("abort",),
}


def _given(args: argparse.Namespace) -> list[str]:
    """The hand options given on the command line (see :data:`_APPLIES`)."""
    values = {
        "--from": args.discarder,
        "--win": args.win,
        "--pao": args.pao,
        "--tenpai": args.tenpai,
        "--nagashi": args.nagashi,
        "--offender": args.offender,
        "REASON": args.reason,
    }
    return [k for k, v in values.items() if v]


def _refuse_inapplicable(args: argparse.Namespace) -> None:
    """One error naming an option that does not apply to the result (``tsumo --nagashi``),
    instead of dropping it."""
    given = _given(args)
    if args.json is not None:
        extra = [*given, *(["--riichi"] if args.riichi else []), *(["--foul"] if args.foul else [])]
        if args.result is not None or extra:
            what = ", ".join(([args.result] if args.result else []) + extra)
            raise KeepError(f"--json gives the whole hand: leave out {what}")
        return
    for option in given:
        if args.result not in _APPLIES[option]:
            where = " or ".join(_APPLIES[option])
            shown = f"a reason ({args.reason})" if option == "REASON" else option
            raise KeepError(f"{shown} does not apply to a {args.result} (only to a {where})")


def _dice(text: str | None) -> tuple[int, int] | None:
    """``--dice 3,5``: the two dice rolled for a hand."""
    if text is None:
        return None
    parts = [p.strip() for p in text.replace("+", ",").split(",")]
    if len(parts) != 2 or not all(p.isdigit() and 1 <= int(p) <= 6 for p in parts):
        raise KeepError(f"--dice is two dice from 1 to 6, as 3,5, not {text!r}")
    return int(parts[0]), int(parts[1])


def _hand(match: Match, args: argparse.Namespace) -> Hand:
    dice = _dice(args.dice)
    hand = _hand_of(match, args)
    return hand.with_dice(dice) if dice is not None else hand


def _hand_of(match: Match, args: argparse.Namespace) -> Hand:
    _refuse_inapplicable(args)
    if args.json is not None:
        try:
            data = json.loads(args.json)
        except json.JSONDecodeError as e:
            raise KeepError(f"--json is not JSON: {e}") from None
        return Hand.from_dict(data)
    if args.result is None:
        raise KeepError("say how the hand ended: ron, tsumo, draw, abort or chombo")
    riichi = _seats(match, args.riichi)
    fouls = []
    for spec in args.foul:
        kind, _, who = spec.partition(":")
        fouls.append(Foul(kind=kind, seat=_seat(match, who)))
    pao = _seat(match, args.pao) if args.pao else None
    winners = tuple(_winner(match, w, pao) for w in args.win)
    if args.result == "ron":
        if args.discarder is None:
            raise KeepError("a ron needs --from (who dealt in)")
        discarder = _seat(match, args.discarder)
        return Hand.ron(discarder=discarder, winners=winners, riichi=riichi, fouls=fouls)
    if args.result == "tsumo":
        if len(winners) != 1:
            raise KeepError("a tsumo has one --win")
        return Hand.tsumo(winners[0], riichi=riichi, fouls=fouls)
    if args.result == "draw":
        nagashi = _seats(match, args.nagashi)
        return Hand.draw(_seats(match, args.tenpai), nagashi=nagashi, riichi=riichi, fouls=fouls)
    if args.result == "abort":
        return Hand.aborted(args.reason or "", riichi=riichi, fouls=fouls)
    if args.offender is None:
        raise KeepError("a chombo draw needs --offender")
    chombo = Foul(kind="chombo", seat=_seat(match, args.offender))
    return Hand(result="chombo", riichi=riichi, fouls=(chombo, *fouls))


def _uma(text: str | None) -> tuple[int, ...] | None:
    """``--uma 20,10,-10,-20`` in points."""
    if text is None:
        return None
    try:
        return tuple(round(float(x) * 1000) for x in text.split(","))
    except (ValueError, OverflowError):
        raise KeepError(
            f"--uma is a number a place, in thousands (20,10,-10,-20), not {text!r}"
        ) from None


def _new(store: KeepStore, args: argparse.Namespace) -> int:
    rules = table_rules(
        args.rules,
        start_points=args.start_points,
        return_points=args.return_points,
        uma=_uma(args.uma),
    )
    first = args.first_dealer
    if args.dice or args.roll:
        rolls = tuple(args.roll) if args.roll else roll_dice(random.Random(args.seed))
        first = first_dealer_by_dice((rolls[0], rolls[1]), len(args.names))
        print(f"dice: {rolls[0]}, then {rolls[1]}: {args.names[first]} deals first")
    match_id = store.new_match(rules, args.names, first_dealer=first, series=args.series)
    match = store.match(match_id)
    seats = ", ".join(f"{i} {n}" for i, n in enumerate(match.names))
    print(f"match {match_id} ({rules.label()}): {seats}")
    print(f"  {preset_summary(rules)}")
    return 0


def _add(store: KeepStore, args: argparse.Namespace) -> int:
    match = store.match(args.match)
    hand = _hand(match, args)
    if args.at is not None:
        match = store.edit(args.match, args.at - 1, hand)
    else:
        match = store.add(args.match, hand)
    _print_board(match, last=1 if args.at is None else None)
    return 0


def _undo(store: KeepStore, args: argparse.Namespace) -> int:
    _print_board(store.undo(args.match))
    return 0


def _delete(store: KeepStore, args: argparse.Namespace) -> int:
    _print_board(store.delete(args.match, args.hand - 1))
    return 0


def _show(store: KeepStore, args: argparse.Namespace) -> int:
    match = store.match(args.match)
    if args.json:
        print(json.dumps({"names": list(match.names), **match.ledger().to_dict()}, indent=1))
        return 0
    _print_board(match, sticks=args.sticks)
    return 0


def _print_board(match: Match, *, last: int | None = None, sticks: bool = False) -> None:
    ledger = match.ledger()
    names = match.names
    width = max(8, *(len(n) for n in names))
    print(" " * 22 + "".join(f"{n:>{width + 1}}" for n in names))
    records = ledger.hands if last is None else ledger.hands[-last:]
    plan = stick_plan(match) if sticks else []
    for r in records:
        changes = "".join(f"{d:>+{width + 1}}" for d in r.deltas)
        print(f"{r.number:>3} {r.label:<18}{changes}")
        dice = f" (dice {r.entry.dice[0]}+{r.entry.dice[1]})" if r.entry.dice else ""
        print(f"    {describe(r, names)}{dice}")
        if sticks:
            for t in plan[r.number - 1]:
                payer = "table" if t.payer is None else names[t.payer]
                receiver = "table" if t.receiver is None else names[t.receiver]
                line = f"      {payer} → {receiver} {t.amount}: {t.handed.text()}"
                if t.change.number:
                    line += f", change {t.change.text()}"
                if t.exchange:
                    line += " (change sticks at the box first)"
                if t.short:
                    line += f" ({t.short} short)"
                print(line)
    print(" " * 22 + "".join(f"{s:>{width + 1}}" for s in ledger.scores))
    if ledger.final is None and ledger.hands:
        # the standing now: each player's place and how far behind the one above
        order = sorted(range(len(names)), key=lambda p: (-ledger.scores[p], p))
        place = {p: i for i, p in enumerate(order)}
        gaps = [
            "" if place[p] == 0 else str(ledger.scores[p] - ledger.scores[order[place[p] - 1]])
            for p in range(len(names))
        ]
        marks = ("1st", "2nd", "3rd", "4th")
        print(
            f"{'place':<22}" + "".join(f"{marks[place[p]]:>{width + 1}}" for p in range(len(names)))
        )
        print(f"{'behind the one above':<22}" + "".join(f"{g:>{width + 1}}" for g in gaps))
    if ledger.final is not None:
        result = "".join(f"{s.score:>+{width + 1}.1f}" for s in ledger.final)
        print(f"{'final':<22}{result}")
    else:
        dealer = names[ledger.dealer]
        print(f"next: {ledger.next_hand}, {dealer} deals, {ledger.deposits} riichi sticks")


def _export(store: KeepStore, args: argparse.Namespace) -> int:
    match = store.match(args.match)
    if args.format == "csv":
        text = to_csv(match)
    elif args.format == "mjai":
        text = to_mjai(match)
    else:
        text = json.dumps(to_tenhou6(match), ensure_ascii=False) + "\n"
    if args.output:
        try:
            Path(args.output).write_text(text, encoding="utf-8")
        except OSError as e:
            raise KeepError(f"cannot write {args.output}: {e}") from None
    else:
        sys.stdout.write(text)
    return 0


def _list(store: KeepStore, args: argparse.Namespace) -> int:
    for info in store.matches(series=args.series):
        state = "over" if info.over else "playing"
        scores = " ".join(
            f"{n} {s}" for n, s in zip(info.names, info.result or info.scores, strict=True)
        )
        series = f" series {info.series}" if info.series is not None else ""
        print(f"{info.id:>4} {state:<8} {info.hands:>3} hands{series}: {scores}")
    return 0


def _stats(store: KeepStore, args: argparse.Namespace) -> int:
    if (args.match is None) == (args.series is None):
        raise KeepError("stats takes a match or --series ID (one of them)")
    if args.series is not None:
        rows = store.stats(args.series)
        title = f"series {args.series}: {store.series_name(args.series)}"
    else:
        rows = player_stats([store.match(args.match)])
        title = f"match {args.match}"
    if args.json:
        print(json.dumps([r.to_dict() for r in rows], ensure_ascii=False))
        return 0

    def num(x: float | None, fmt: str) -> str:
        return "-" if x is None else f"{x:{fmt}}"

    width = max(8, *(len(r.name) for r in rows)) if rows else 8
    print(title)
    print(
        f"{'player':<{width}} {'matches':>7} {'hands':>5} {'wins':>4} {'tsumo':>5}"
        f" {'deal-ins':>8} {'riichi':>6} {'chombo':>6} {'avg win':>7} {'avg place':>9}"
        f" {'avg points':>10} {'avg result':>10} {'total':>7}"
    )
    for r in rows:
        print(
            f"{r.name:<{width}} {r.matches:>7} {r.hands:>5} {r.wins:>4} {r.tsumo:>5}"
            f" {r.deal_ins:>8} {r.riichi:>6} {r.chombo:>6} {num(r.average_win, '.0f'):>7}"
            f" {num(r.average_place, '.2f'):>9} {num(r.average_points, '.0f'):>10}"
            f" {num(r.average_result, '+.1f'):>10}"
            f" {num(r.total if r.finished else None, '+.1f'):>7}"
        )
    return 0


def _series(store: KeepStore, args: argparse.Namespace) -> int:
    if args.series_command == "new":
        print(f"series {store.new_series(args.name)}: {args.name}")
        return 0
    print(f"series {args.id}: {store.series_name(args.id)}")
    for row in store.standings(args.id):
        places = " ".join(str(p) for p in row.places)
        print(f"  {row.name:<16} {row.total:>+8.1f}  {row.matches} matches, places {places}")
    return 0


def _serve(args: argparse.Namespace) -> int:
    """Serve the page alone under uvicorn, guarded as the table's server is."""
    if not 0 < args.port < 65536:
        raise JantakuError(f"port {args.port}: choose 1-65535")
    try:
        import uvicorn

        from jantaku.keep.api import guarded_keep_app
        from jantaku.web.security import allowed_hosts
        from jantaku.web.server import server_config
    except ImportError as e:
        raise JantakuError(
            f"serving needs the 'web' extra (pip install 'jantaku[web]'): {e}"
        ) from None
    from jantaku.store import default_path

    app = guarded_keep_app(
        args.db or default_path(), hosts=allowed_hosts(args.host, args.public_url)
    )
    shown = "127.0.0.1" if args.host in ("0.0.0.0", "::") else args.host
    shown = f"[{shown}]" if ":" in shown else shown
    print(f"jantaku keep: http://{shown}:{args.port}/keep/  (Ctrl-C stops the server)", flush=True)
    server = uvicorn.Server(server_config(app, args.host, args.port))
    try:
        with contextlib.suppress(KeyboardInterrupt):  # Ctrl-C: a quiet stop
            server.run()
    finally:
        app.state.keep_store.close()
    return 0


_ACTIONS: dict[str, Any] = {
    "new": _new,
    "add": _add,
    "undo": _undo,
    "delete": _delete,
    "show": _show,
    "export": _export,
    "stats": _stats,
    "list": _list,
    "series": _series,
}
