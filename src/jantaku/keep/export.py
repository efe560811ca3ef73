"""Exports of a recorded match: a table (CSV) and a tenhou.net/6 log for a replay viewer.

The CSV has one row per hand: its label, honba and deposits at the start, the result
in words, each seat's change and each seat's score after it; a last row gives the
final points and results when the match is over.

The tenhou.net/6 log holds what the entries hold and no more: each hand's round,
honba, deposits and starting scores, its result with every seat's payments, the
winners with the han and fu (or the limit) they were entered at, and the yaku when a
win was entered as tiles. It has no tiles (the hands, draws, discards and dora
indicators are empty lists), since a scorekeeper records results, not play. A chombo,
which tenhou.net/6 cannot write, shows as a draw carrying its payments.

>>> from jantaku.keep.model import Hand, Match, Winner
>>> from jantaku.rules import TENHOU
>>> m = Match.new(TENHOU, "ABCD").add(
...     Hand.ron(discarder=2, winners=(Winner(seat=1, han=3, fu=30),)))
>>> print(to_csv(m).splitlines()[1])
1,East 1,0,0,ron,B 3 han 30 fu from C,0,3900,-3900,0,25000,28900,21100,25000
>>> to_tenhou6(m)["log"][0][-1]
['和了', [0, 3900, -3900, 0], [1, 2, 1, '30符3飜3900点']]
"""

from __future__ import annotations

import csv
import io
from typing import Any

from jantaku.events import EndGame, EndKyoku, Event, Hora, Ryukyoku, StartGame, StartKyoku
from jantaku.keep.model import HandRecord, Match
from jantaku.logs.tenhou import to_tenhou6 as _events_to_tenhou6
from jantaku.tiles import EAST

__all__ = ["describe", "to_csv", "to_tenhou6"]


def describe(record: HandRecord, names: tuple[str, ...]) -> str:
    """A hand's result in words.

    >>> from jantaku.keep.model import Hand, Match
    >>> from jantaku.rules import TENHOU
    >>> m = Match.new(TENHOU, "ABCD").add(Hand.draw((0, 2)))
    >>> describe(m.ledger().hands[0], m.names)
    'draw: tenpai A, C'
    """

    def who(seat: int | None) -> str:
        return "-" if seat is None else names[seat]

    e = record.entry
    wins = [p for p in record.payments if p.what in ("ron", "tsumo")]
    if e.result in ("ron", "tsumo"):
        parts = [f"{who(p.seat)} {p.detail}" for p in wins]
        text = "; ".join(parts)
        text += f" from {who(e.discarder)}" if e.result == "ron" else " by tsumo"
    elif e.result == "draw":
        tenpai = ", ".join(who(s) for s in e.tenpai) or "nobody"
        text = f"draw: tenpai {tenpai}"
        if e.nagashi:
            text += "; nagashi mangan " + ", ".join(who(s) for s in e.nagashi)
    elif e.result == "abort":
        text = f"abortive draw: {e.abort.replace('_', ' ')}"
    else:
        text = "chombo draw"
    for f in e.fouls:
        text += f"; {f.kind.replace('_', ' ')} by {who(f.seat)}"
    if e.riichi:
        text += "; riichi " + ", ".join(who(s) for s in e.riichi)
    return text


def to_csv(match: Match) -> str:
    """The match as a CSV table (see the module's description)."""
    ledger = match.ledger()
    out = io.StringIO()
    w = csv.writer(out, lineterminator="\n")
    w.writerow(
        [
            "hand",
            "round",
            "honba",
            "deposits",
            "result",
            "detail",
            *(f"{n} change" for n in match.names),
            *(f"{n} score" for n in match.names),
        ]
    )
    for r in ledger.hands:
        label = r.label.split(" (")[0]
        text = describe(r, match.names)
        w.writerow(
            [r.number, label, r.honba, r.deposits, r.entry.result, text, *r.deltas, *r.scores]
        )
    if ledger.final is not None:
        w.writerow(["final", "", "", "", "", "points", *(s.points for s in ledger.final)])
        w.writerow(["final", "", "", "", "", "result", *(s.score for s in ledger.final)])
    return out.getvalue()


def to_tenhou6(match: Match) -> dict[str, Any]:
    """The match as a tenhou.net/6 JSON object (see the module's description)."""
    ledger = match.ledger()
    n = match.rules.players
    events: list[Event] = [StartGame(names=match.names)]
    scores = (match.rules.start_points,) * n
    for r in ledger.hands:
        events.append(
            StartKyoku(
                bakaze=EAST + r.round_index // n,
                kyoku=r.round_index % n + 1,
                honba=r.honba,
                kyotaku=r.deposits,
                oya=r.dealer,
                dora_marker=0,  # replaced by an empty list below: no tiles recorded
                scores=scores,
                tehais=((),) * n,
            )
        )
        riichi = [0] * n
        for p in r.payments:
            if p.what == "riichi":
                riichi = [a + b for a, b in zip(riichi, p.deltas, strict=True)]
        wins = [p for p in r.payments if p.what in ("ron", "tsumo")]
        for p in wins:
            assert p.seat is not None
            entered = next(w for w in r.entry.winners if w.seat == p.seat)
            target = p.seat if r.entry.discarder is None else r.entry.discarder
            events.append(
                Hora(
                    actor=p.seat,
                    target=target,
                    deltas=p.deltas,
                    han=p.han,
                    fu=p.fu or None,
                    points=p.value,
                    pao=entered.pao,
                )
            )
        if not wins:
            deltas = tuple(a - b for a, b in zip(r.deltas, riichi, strict=True))
            reason = r.entry.abort or "exhaustive"
            if r.entry.nagashi:
                reason = "nagashi_mangan"
            if r.entry.result == "chombo":
                reason = "exhaustive"
            events.append(Ryukyoku(reason=reason, deltas=deltas, tenpai=r.entry.tenpai))
        events.append(EndKyoku())
        scores = r.scores
    if ledger.final is not None:
        events.append(
            EndGame(
                scores=tuple(s.points for s in ledger.final),
                result=tuple(s.score for s in ledger.final),
            )
        )
    out = _events_to_tenhou6(events)
    for body in out["log"]:
        body[2] = []  # no dora indicator recorded
    out["rule"]["aka"] = int(any(match.rules.red_fives))
    if ledger.final is not None:
        sc: list[int | float] = []
        for s in ledger.final:
            sc += [s.points, int(s.score) if float(s.score).is_integer() else s.score]
        out["sc"] = sc + [0, 0] * (4 - n)
    return out
