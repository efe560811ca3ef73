"""Real Tenhou games entered into the scorekeeper hand by hand, as a person would.

Each hand is entered from what a person at the table sees: who won, from whom, the
han and fu Tenhou announced (or the yakuman), the riichi sticks put down, the tenpai
seats of a draw, an abortive draw's name. The scorekeeper must then give every hand's
payments and every seat's score exactly as the record does, the next hand's honba and
deposits, the end of the match where the record ends it and its final result.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from corpus import DATA
from jantaku.events import ReachAccepted, StartKyoku
from jantaku.keep import Hand, Match, Winner
from jantaku.logs.tenhou import TenhouDraw, TenhouGame, TenhouWin, read_game

_ALL = sorted((DATA / "tenhou_xml" / "agony5757_houou_2020").glob("*.xml.gz"))
_EDGES = sorted(
    p
    for folder in ("dnovikoff_tenhou", "liuzj2019_edge_cases", "mjx_extra")
    for p in (DATA / "tenhou_xml" / folder).glob("*.xml*")
) + sorted((DATA / "paired_xml_json").glob("*/*.xml"))


def _sample() -> list[Path]:
    """Some dozens of games, four- and three-player, spread over the set, and the
    collected edge cases (pao, triple yakuman, nagashi mangan, old records)."""
    four = [p for p in _ALL if "-00a9-" in p.name or "-00e1-" in p.name]
    three = [p for p in _ALL if "-00b9-" in p.name]
    return four[::25] + three[::15] + _EDGES


def _entries(game: TenhouGame) -> list[Hand]:
    """The hands of a record as a scorekeeper's entries (no tiles)."""
    riichi: list[list[int]] = []
    for e in game.events:
        if isinstance(e, StartKyoku):
            riichi.append([])
        elif isinstance(e, ReachAccepted):
            riichi[-1].append(e.actor)
    entries = []
    for sticks, results in zip(riichi, game.results, strict=True):
        first = results[0]
        if isinstance(first, TenhouDraw):
            if first.reason == "exhaustive":
                entries.append(Hand.draw(first.tenpai, riichi=sticks))
            elif first.reason == "nagashi_mangan":
                paid = tuple(s for s, d in enumerate(first.deltas) if d > 0)
                entries.append(Hand.draw(first.tenpai, nagashi=paid, riichi=sticks))
            else:
                entries.append(Hand.aborted(first.reason, riichi=sticks))
            continue
        winners = []
        for w in results:
            assert isinstance(w, TenhouWin)
            if w.yakuman:
                entry = Winner(seat=w.seat, limit="yakuman", yakuman=w.han // 13, pao=w.pao)
            else:
                fu = w.fu if w.han < 5 else None
                entry = Winner(seat=w.seat, han=w.han, fu=fu)
            winners.append(entry)
        if first.is_tsumo:
            entries.append(Hand.tsumo(winners[0], riichi=sticks))
        else:
            entries.append(Hand.ron(discarder=first.from_seat, winners=winners, riichi=sticks))
    return entries


@pytest.mark.parametrize("path", _sample(), ids=lambda p: p.name.split(".")[0])
def test_scores_equal_the_record_after_every_hand(path: Path) -> None:
    game = read_game(path)
    names = tuple(f"p{i}" for i in range(game.players))
    match = Match.new(game.rules, names)
    starts = [e for e in game.events if isinstance(e, StartKyoku)]
    for i, hand in enumerate(_entries(game)):
        match = match.add(hand)
        record = match.ledger().hands[-1]
        assert (record.honba, record.deposits) == (starts[i].honba, starts[i].kyotaku), i
        recorded = [0] * game.players
        for r in game.results[i]:
            for seat, d in enumerate(r.deltas[: game.players]):
                recorded[seat] += d
        riichi = [0] * game.players
        for p in record.payments:
            if p.what == "riichi":
                riichi = [a + b for a, b in zip(riichi, p.deltas, strict=True)]
        # the record's deltas leave out the riichi sticks, paid when declared
        assert [a - b for a, b in zip(record.deltas, riichi, strict=True)] == recorded, i
        if i + 1 < len(starts):
            assert record.scores == starts[i + 1].scores, i
            assert not match.ledger().over
    ledger = match.ledger()
    assert game.final is not None
    assert ledger.over
    assert ledger.final is not None
    assert [s.points for s in ledger.final] == [p for p, _ in game.final]
    assert [s.score for s in ledger.final] == [r for _, r in game.final]


def test_the_sample_holds_dozens_of_games_of_both_sizes() -> None:
    sample = _sample()
    assert sum("-00b9-" in p.name for p in sample) >= 10
    assert len(sample) >= 30
