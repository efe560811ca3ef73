"""Exports of a recorded match: a table (CSV), a tenhou.net/6 log for a replay viewer
and an mjai log of the results (:func:`to_mjai`).

The CSV has one row per hand: its label, honba and deposits at the start, the result
in words, each seat's change and each seat's score after it; a last row gives the
final points and results when the match is over.

The tenhou.net/6 log holds what the entries hold and no more: each hand's round,
honba, deposits and starting scores, its result with every seat's payments, the
winners with the han and fu (or the limit) they were entered at, and the yaku when a
win was entered as tiles. It has no tiles (the hands, draws, discards and dora
indicators are empty lists), since a scorekeeper records results, not play; jantaku's
own reader reads such rounds back (:func:`jantaku.logs.tenhou6.read_tenhou6`). With no
discard to show a riichi, each hand's deltas include its riichi sticks: every round
starts at the scores of the last plus its deltas. A chombo that ends the hand, which
tenhou.net/6 has no word for, is written ``["錯和", deltas]`` (the seed's 錯和流局), not
as a draw. The ``rule`` object says the rules' length, open tanyao and red fives.

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
from dataclasses import replace
from typing import Any

from jantaku.events import (
    EndGame,
    EndKyoku,
    Event,
    Hora,
    Penalty,
    Ryukyoku,
    StartGame,
    StartKyoku,
)
from jantaku.keep.model import HandRecord, Match
from jantaku.logs.mjai import dumps_game
from jantaku.logs.tenhou import to_tenhou6 as _events_to_tenhou6
from jantaku.tiles import EAST, UNKNOWN

__all__ = ["describe", "to_csv", "to_mjai", "to_tenhou6"]


def describe(record: HandRecord, names: tuple[str, ...]) -> str:
    """A hand's result in words.

    >>> from jantaku.keep.model import Hand, Match, Winner
    >>> from jantaku.rules import TENHOU
    >>> m = Match.new(TENHOU, "ABCD").add(Hand.draw((0, 2)))
    >>> describe(m.ledger().hands[0], m.names)
    'draw: tenpai A, C'
    >>> m = Match.new(TENHOU, "ABCD").add(Hand.tsumo(Winner(seat=1, limit="yakuman", pao=3)))
    >>> describe(m.ledger().hands[0], m.names)
    'B yakuman (D liable, pao) by tsumo'
    """

    def who(seat: int | None) -> str:
        return "-" if seat is None else names[seat]

    e = record.entry
    wins = [p for p in record.payments if p.what in ("ron", "tsumo")]
    if e.result in ("ron", "tsumo"):
        liable = {w.seat: w.pao for w in e.winners if w.pao is not None}
        parts = [
            f"{who(p.seat)} {p.detail}"
            + (f" ({who(liable[p.seat])} liable, pao)" if p.seat in liable else "")
            for p in wins
        ]
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


def _summed(events: list[Event], record: HandRecord) -> list[int]:
    """The deltas of the hand's wins written so far (the hand's last events)."""
    total = [0] * record.players
    for e in reversed(events):
        if not isinstance(e, Hora):
            break
        total = [a + b for a, b in zip(total, e.deltas or (), strict=True)]
    return total


def to_tenhou6(match: Match) -> dict[str, Any]:
    """The match as a tenhou.net/6 JSON object (see the module's description)."""
    out = _events_to_tenhou6(_events(match, hidden=False))
    for body in out["log"]:
        body[2] = []  # no dora indicator recorded
    ledger = match.ledger()
    n = match.rules.players
    if ledger.final is not None:
        sc: list[int | float] = []
        for s in ledger.final:
            sc += [s.points, int(s.score) if float(s.score).is_integer() else s.score]
        out["sc"] = sc + [0, 0] * (4 - n)
    return out


def to_mjai(match: Match) -> str:
    """The match as mjai JSON lines, results only: each hand's ``start_kyoku`` (its
    round, honba, sticks and scores; every tile hidden, ``?``) and its ``hora``,
    ``ryukyoku`` or ``penalty`` with every seat's payment (riichi sticks included, as in
    :func:`to_tenhou6`), then the final result (a match still played ends without
    ``end_game``, as a log cut short does).

    >>> from jantaku.keep.model import Hand, Match, Winner
    >>> from jantaku.rules import TENHOU
    >>> m = Match.new(TENHOU, "ABCD").add(
    ...     Hand.ron(discarder=2, winners=(Winner(seat=1, han=3, fu=30),)))
    >>> to_mjai(m).splitlines()[2]
    '{"type":"hora","actor":1,"target":2,"deltas":[0,3900,-3900,0],"ura_markers":[],"han":3,"fu":30,"points":3900}'
    """
    return dumps_game(_events(match, hidden=True))


def _events(match: Match, *, hidden: bool) -> list[Event]:
    """The entries as events: results only, the tiles hidden (``hidden``) or empty (a
    tenhou.net/6 round has no tiles)."""
    ledger = match.ledger()
    n = match.rules.players
    events: list[Event] = [StartGame(names=match.names, rules=match.rules.to_dict())]
    scores = (match.rules.start_points,) * n
    for r in ledger.hands:
        events.append(
            StartKyoku(
                bakaze=EAST + r.round_index // n,
                kyoku=r.round_index % n + 1,
                honba=r.honba,
                kyotaku=r.deposits,
                oya=r.dealer,
                dora_marker=UNKNOWN if hidden else 0,  # tenhou.net/6: an empty list
                scores=scores,
                tehais=((UNKNOWN,) * 13,) * n if hidden else ((),) * n,
                dice=r.entry.dice,  # the dice rolled for the hand, when recorded
            )
        )
        riichi = [0] * n
        for p in r.payments:
            if p.what == "riichi":
                riichi = [a + b for a, b in zip(riichi, p.deltas, strict=True)]
        wins = [p for p in r.payments if p.what in ("ron", "tsumo")]
        for i, p in enumerate(wins):
            assert p.seat is not None
            entered = next(w for w in r.entry.winners if w.seat == p.seat)
            target = p.seat if r.entry.discarder is None else r.entry.discarder
            # the hand's riichi sticks go with its first win: the deltas sum to the hand's
            paid = tuple(a + b for a, b in zip(p.deltas, riichi, strict=True)) if i == 0 else None
            events.append(
                Hora(
                    actor=p.seat,
                    target=target,
                    deltas=paid or p.deltas,
                    han=p.han,
                    fu=p.fu or None,
                    points=p.value,
                    pao=entered.pao,
                )
            )
        if wins:
            # a foul beside the wins (a minor foul's deposit, a chombo voided or paid)
            rest = [a - b for a, b in zip(r.deltas, _summed(events, r), strict=True)]
            if any(rest):
                last = events[-1]
                assert isinstance(last, Hora) and last.deltas is not None
                events[-1] = replace(
                    last, deltas=tuple(a + b for a, b in zip(last.deltas, rest, strict=True))
                )
        elif r.entry.result == "chombo":
            offender = min(range(n), key=lambda p: (r.deltas[p], p))
            events.append(Penalty(actor=offender, reason="chombo", deltas=r.deltas))
        else:
            reason = r.entry.abort or "exhaustive"
            if r.entry.nagashi:
                reason = "nagashi_mangan"
            events.append(Ryukyoku(reason=reason, deltas=r.deltas, tenpai=r.entry.tenpai))
        events.append(EndKyoku())
        scores = r.scores
    if ledger.final is not None:
        events.append(
            EndGame(
                scores=tuple(s.points for s in ledger.final),
                result=tuple(s.score for s in ledger.final),
            )
        )
    return events
