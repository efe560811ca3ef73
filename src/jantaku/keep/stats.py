"""Each player's record over recorded matches: what a league night's table of stats shows.

:func:`player_stats` reads what the entries hold, hand by hand: the hands a player sat
through, the hands won (和了, by tsumo or ron) and what they were worth before honba
and deposits, the hands dealt in (放銃) and what the wins paid by them were worth, the
riichi sticks put down (立直), the chombo (錯和); and of each finished match the place,
the final points and the final result (after return points, oka and uma, in
thousands). Players are told apart by name, so the same person in several matches of
a series is one row. An unfinished match counts for its hands only.

>>> from jantaku.keep.model import Hand, Match, Winner
>>> from jantaku.rules import TENHOU
>>> m = Match.new(TENHOU, ("Aoi", "Ben", "Chie", "Dai"))
>>> m = m.add(Hand.ron(discarder=2, winners=(Winner(seat=1, han=3, fu=30),), riichi=(1,)))
>>> ben = {s.name: s for s in player_stats([m])}["Ben"]
>>> ben.hands, ben.wins, ben.riichi, ben.average_win, ben.average_place
(1, 1, 1, 3900.0, None)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from typing import Any

from jantaku.keep.model import Match

__all__ = ["PlayerStats", "player_stats"]


@dataclass(frozen=True, slots=True)
class PlayerStats:
    """One player's totals over some matches (see the module docstring).

    ``matches`` counts the matches played, ``finished`` those that ended (the ones
    ``places``, ``points`` and ``results`` are read from, in the order given).
    """

    name: str
    matches: int = 0
    finished: int = 0
    hands: int = 0
    wins: int = 0
    tsumo: int = 0
    win_points: int = 0
    deal_ins: int = 0
    deal_in_points: int = 0
    riichi: int = 0
    chombo: int = 0
    places: tuple[int, ...] = ()
    points: tuple[int, ...] = field(default=(), repr=False)
    results: tuple[float, ...] = field(default=(), repr=False)

    @property
    def average_place(self) -> float | None:
        """The mean place over the finished matches (``None`` before one ends)."""
        return sum(self.places) / len(self.places) if self.places else None

    @property
    def average_points(self) -> float | None:
        """The mean final points over the finished matches."""
        return sum(self.points) / len(self.points) if self.points else None

    @property
    def average_result(self) -> float | None:
        """The mean final result (thousands, after oka and uma) over the finished matches."""
        return round(sum(self.results) / len(self.results), 2) if self.results else None

    @property
    def total(self) -> float:
        """The sum of the final results."""
        return round(sum(self.results), 1)

    @property
    def win_rate(self) -> float | None:
        """Wins a hand played (和了率)."""
        return self.wins / self.hands if self.hands else None

    @property
    def deal_in_rate(self) -> float | None:
        """Deal-ins a hand played (放銃率)."""
        return self.deal_ins / self.hands if self.hands else None

    @property
    def riichi_rate(self) -> float | None:
        """Riichi a hand played (立直率)."""
        return self.riichi / self.hands if self.hands else None

    @property
    def average_win(self) -> float | None:
        """The mean value of a win, before honba and deposits."""
        return self.win_points / self.wins if self.wins else None

    @property
    def average_deal_in(self) -> float | None:
        """The mean value of the wins dealt in to."""
        return self.deal_in_points / self.deal_ins if self.deal_ins else None

    def to_dict(self) -> dict[str, Any]:
        """The stats as JSON-ready values, the averages and rates included."""

        def r(x: float | None, digits: int = 3) -> float | None:
            return None if x is None else round(x, digits)

        return {
            "name": self.name,
            "matches": self.matches,
            "finished": self.finished,
            "hands": self.hands,
            "wins": self.wins,
            "tsumo": self.tsumo,
            "deal_ins": self.deal_ins,
            "riichi": self.riichi,
            "chombo": self.chombo,
            "places": list(self.places),
            "average_place": r(self.average_place, 2),
            "average_points": r(self.average_points, 0),
            "average_result": self.average_result,
            "total": self.total,
            "win_rate": r(self.win_rate),
            "deal_in_rate": r(self.deal_in_rate),
            "riichi_rate": r(self.riichi_rate),
            "average_win": r(self.average_win, 0),
            "average_deal_in": r(self.average_deal_in, 0),
        }


class _Tally:
    """A player's counts as :func:`player_stats` adds them up."""

    def __init__(self) -> None:
        self.matches = self.finished = self.hands = 0
        self.wins = self.tsumo = self.win_points = 0
        self.deal_ins = self.deal_in_points = self.riichi = self.chombo = 0
        self.places: list[int] = []
        self.points: list[int] = []
        self.results: list[float] = []

    def stats(self, name: str) -> PlayerStats:
        return PlayerStats(
            name,
            matches=self.matches,
            finished=self.finished,
            hands=self.hands,
            wins=self.wins,
            tsumo=self.tsumo,
            win_points=self.win_points,
            deal_ins=self.deal_ins,
            deal_in_points=self.deal_in_points,
            riichi=self.riichi,
            chombo=self.chombo,
            places=tuple(self.places),
            points=tuple(self.points),
            results=tuple(self.results),
        )


def player_stats(matches: Iterable[Match]) -> list[PlayerStats]:
    """Each player's :class:`PlayerStats` over ``matches``: the best total first, then
    by name."""
    tallies: dict[str, _Tally] = {}
    for match in matches:
        names = match.names
        ledger = match.ledger()
        seats = [tallies.setdefault(name, _Tally()) for name in names]
        for t in seats:
            t.matches += 1
        for record in ledger.hands:
            entry = record.entry
            for t in seats:
                t.hands += 1
            for seat in set(entry.riichi):
                seats[seat].riichi += 1
            for foul in entry.fouls:
                if foul.kind == "chombo":
                    seats[foul.seat].chombo += 1
            paid_by: set[int] = set()
            for p in record.payments:
                if p.what not in ("ron", "tsumo") or p.seat is None:
                    continue
                winner = seats[p.seat]
                winner.wins += 1
                winner.tsumo += p.what == "tsumo"
                winner.win_points += p.value
                if p.what == "ron" and entry.discarder is not None:
                    seats[entry.discarder].deal_in_points += p.value
                    paid_by.add(entry.discarder)
            for seat in paid_by:  # a double ron is one deal-in
                seats[seat].deal_ins += 1
        for standing in ledger.final or ():
            t = seats[standing.seat]
            t.finished += 1
            t.places.append(standing.place)
            t.points.append(standing.points)
            t.results.append(standing.score)
    out = [t.stats(name) for name, t in tallies.items()]
    return sorted(out, key=lambda s: (-s.total, s.name))
