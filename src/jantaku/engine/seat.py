"""One seat's side of a match: a state kept from the events that seat sees.

A bot seated at another mjai server sees the match as the server sends it to its seat:
its own tiles, everything public, and the others' deals and draws as ``?``. A
:class:`SeatState` follows those events and gives the seat the same
:class:`~jantaku.engine.View` (:func:`~jantaku.engine.observe`) and the same legal
actions (:func:`~jantaku.engine.legal_actions`) as the engine gives it from the whole
:class:`~jantaku.engine.State`, so jantaku's built-in bots play there as they play at
jantaku's own tables.

It does so with the engine itself, not a second rule set: it keeps an ordinary
:class:`~jantaku.engine.State` in which each other seat holds *stand-in* tiles, as
many as that seat holds. Before another seat's discard, call or kan the stand-ins it
needs are replaced by the tiles the event shows, and the engine's own transition
applies the event; the seat's own events go through the checked :func:`apply`. What
the engine would derive from hidden tiles is taken from the server instead: the
payments of a win or a draw (``hora`` / ``ryukyoku`` carry them), a riichi of another
seat (the server has checked its tenpai), and the other seats' waits (kept empty:
nothing the seat sees depends on them). ``tests/test_seat_state.py`` pins the views
and legal actions to the engine's at every decision of seeded matches of every preset.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Final

from jantaku.engine.legal import legal_actions
from jantaku.engine.state import Phase, State
from jantaku.engine.transition import apply, apply_trusted, start_kyoku_commit
from jantaku.engine.view import View, observe
from jantaku.errors import IllegalActionError, JantakuError
from jantaku.events import (
    Action,
    Ankan,
    Chi,
    Dahai,
    Daiminkan,
    EndGame,
    Event,
    Hora,
    Kakan,
    Nukidora,
    Pon,
    Reach,
    Ryukyoku,
    StartGame,
    StartKyoku,
    Tsumo,
)
from jantaku.rules import Rules
from jantaku.tiles import UNKNOWN, Tile

__all__ = ["SeatState"]

# the kinds the stand-ins are taken from, the least held first: no fives (red or not),
# nothing of 2m-8m (three players), and few terminals (no thirteen-orphans shape)
_STAND_INS: Final = (10, 16, 19, 25, 27, 28, 29, 30, 31, 32, 33, 12, 14, 21, 23)


def _stand_in(hand: list[Tile]) -> Tile:
    """The stand-in tile to add to a hidden hand: the first of the kinds held least."""
    return min(_STAND_INS, key=hand.count)


def _recount(s: State, seat: int) -> None:
    """Count a hand again after some of its tiles were replaced."""
    drawn = s.drawn if s.phase == Phase.ACT and seat == s.turn else None
    s.memo.recount(seat, s.hands[seat], s.counts[seat], drawn)


def _show(s: State, seat: int, tiles: tuple[Tile, ...], *, drawn_first: bool = False) -> None:
    """Make the hidden hand of ``seat`` hold ``tiles`` (a multiset), replacing stand-ins.

    With ``drawn_first`` the first tile becomes the tile just drawn (the last of the
    hand), as a tsumogiri, a kan or a nukidora after riichi needs.
    """
    hand = s.hands[seat]
    need = list(tiles)
    if len(need) > len(hand):
        raise IllegalActionError(
            f"seat {seat} shows {len(need)} tiles but holds {len(hand)}", seat=seat
        )
    free = list(range(len(hand)))  # positions not yet given to a shown tile
    if drawn_first and s.drawn is not None:
        last = len(hand) - 1
        hand[last] = need.pop(0)
        s.drawn = hand[last]
        free.remove(last)
    for t in list(need):
        for i in free:
            if hand[i] == t:
                free.remove(i)
                need.remove(t)
                break
    for t, i in zip(need, free, strict=False):
        hand[i] = t
    _recount(s, seat)


class SeatState:
    """The match as one seat sees it, kept event by event (the seat's mjai stream).

    :meth:`apply` takes each event as the seat is shown it (others' deals and draws as
    :data:`~jantaku.tiles.UNKNOWN`); :meth:`view` and :meth:`legal_actions` are then
    what :func:`~jantaku.engine.observe` and :func:`~jantaku.engine.legal_actions`
    give that seat from the whole state. The rules come from ``start_game`` when it
    carries jantaku's (``jantaku_rules``), else from ``rules``.

    >>> from jantaku.events import StartGame
    >>> seat = SeatState(1, "tenhou")
    >>> seat.apply(StartGame(names=("a", "b", "c", "d")))
    >>> seat.view().phase, seat.legal_actions()
    ('start_kyoku', ())
    >>> SeatState(4, "tenhou")
    Traceback (most recent call last):
    ...
    jantaku.errors.JantakuError: no seat 4 at a table of 4

    Raises :class:`~jantaku.errors.JantakuError` for a seat not at the table, and
    :meth:`apply` raises :class:`~jantaku.errors.IllegalActionError` for an event that
    cannot follow (a stream that does not belong to this seat or these rules).
    """

    __slots__ = ("rules", "seat", "state")

    def __init__(self, seat: int = 0, rules: Rules | str = "tenhou") -> None:
        self.rules = Rules.coerce(rules)
        if seat.__class__ is not int or not 0 <= seat < self.rules.players:
            raise JantakuError(f"no seat {seat!r} at a table of {self.rules.players}")
        self.seat = seat
        self.state = State(self.rules)

    def view(self) -> View:
        """What the seat sees now (:func:`~jantaku.engine.observe` of the whole state)."""
        return observe(self.state, self.seat)

    def legal_actions(self) -> tuple[Action, ...]:
        """What the seat may do now; empty when it has nothing to decide."""
        return legal_actions(self.state, self.seat)

    def apply(self, event: Event) -> None:
        """Follow one event as the seat is shown it.

        Raises :class:`~jantaku.errors.IllegalActionError` for an event that cannot
        follow the ones before.
        """
        s = self.state
        if isinstance(event, StartGame):
            self._start_game(event)
            return
        if isinstance(event, StartKyoku):
            self._deal(event)
            return
        if isinstance(event, Hora | Ryukyoku):
            _settle(s, event)
            return
        if isinstance(event, EndGame):
            if event.scores is not None:
                s.scores = list(event.scores)
            s.kyotaku = 0
            s.final = event
            s.phase = Phase.DONE
            return
        actor = getattr(event, "actor", None)
        if actor is None or actor == self.seat:
            apply(s, event)
        else:
            self._other(actor, event)
        seat = self.seat
        for other in range(s.players):  # hidden hands: their waits are not known
            if other != seat:
                s.waits[other] = ()
        s._missed = [x for x in s._missed if x == seat]

    def _start_game(self, e: StartGame) -> None:
        rules = self.rules
        if e.rules is not None:
            try:
                rules = Rules.from_dict(dict(e.rules))
            except JantakuError as err:
                raise IllegalActionError(f"start_game: unreadable rules: {err}") from None
        if len(e.names) != rules.players or self.seat >= rules.players:
            raise IllegalActionError(
                f"start_game names {len(e.names)} players, the rules seat {rules.players}"
            )
        self.rules = rules
        self.state = State(rules)
        apply(self.state, StartGame(names=tuple(e.names)))

    def _deal(self, e: StartKyoku) -> None:
        s = self.state
        seat = self.seat
        if s.phase in (Phase.START_GAME, Phase.DONE):
            raise IllegalActionError("start_kyoku before start_game", action=e)
        if len(e.tehais) != s.players or len(e.scores) != s.players:
            raise IllegalActionError(f"{s.players} hands and scores are dealt", action=e)
        own = tuple(e.tehais[seat])
        shown = (*own, e.dora_marker)
        if len(own) != 13 or any(t.__class__ is not int or not 0 <= t < UNKNOWN for t in shown):
            raise IllegalActionError(
                "the seat's own 13 tiles and the indicator are shown", action=e
            )
        hands: list[tuple[Tile, ...]] = []
        for i in range(s.players):
            if i == seat:
                hands.append(own)
                continue
            ghost: list[Tile] = []
            for _ in range(len(e.tehais[i])):
                ghost.append(_stand_in(ghost))
            hands.append(tuple(ghost))
        known = [0] * 37  # what the seat has seen of the set: no fifth copy of these
        for t in shown:
            known[t] += 1
        # the server deals: whatever it decided after the last hand, this hand is dealt
        start_kyoku_commit(s, replace(e, tehais=tuple(hands)), known)
        for i in range(s.players):
            if i != seat:
                s.waits[i] = ()

    def _other(self, actor: int, e: Event) -> None:
        """Another seat's event: the stand-ins it needs are shown, then the engine applies it."""
        s = self.state
        if actor.__class__ is not int or not 0 <= actor < s.players:
            raise IllegalActionError(f"no seat {actor!r} at a table of {s.players}", action=e)
        if isinstance(e, Tsumo):
            if s.phase not in (Phase.DRAW, Phase.CLAIM, Phase.CHANKAN):
                raise IllegalActionError("a draw comes after a discard or a kan", action=e)
            tile = _stand_in(s.hands[actor])
            apply_trusted(s, Tsumo(actor, tile))
            s.known[tile] -= 1  # a stand-in is not a tile seen
        elif isinstance(e, Dahai):
            if s.phase not in (Phase.ACT, Phase.DISCARD) or s.turn != actor:
                raise IllegalActionError(f"not seat {actor}'s discard now", action=e)
            if e.pai.__class__ is not int or not 0 <= e.pai < UNKNOWN:
                raise IllegalActionError("a discard shows its tile", action=e)
            tsumogiri = e.tsumogiri and s.drawn is not None
            _show(s, actor, (e.pai,), drawn_first=tsumogiri)
            apply_trusted(s, e if tsumogiri == e.tsumogiri else replace(e, tsumogiri=False))
        elif isinstance(e, Reach):
            if s.phase != Phase.ACT or s.turn != actor or s.riichi[actor]:
                raise IllegalActionError(f"seat {actor} cannot declare riichi now", action=e)
            # the server has checked the hidden hand's tenpai: the declaration stands
            s.riichi_pending = actor
            s.riichi_double = s.first_turn[actor] and not s.interrupted
        elif isinstance(e, Chi | Pon):
            if s.phase != Phase.CLAIM or e.pai != s.last_discard or e.target == actor:
                raise IllegalActionError("a call takes the discard lying now", action=e)
            _show(s, actor, tuple(e.consumed))
            apply_trusted(s, e)
        elif isinstance(e, Daiminkan):
            _show(s, actor, tuple(e.consumed))
            apply(s, e)
        elif isinstance(e, Kakan | Nukidora):
            if e.pai is None:
                raise IllegalActionError("the tile set aside is shown", action=e)
            _show(s, actor, (e.pai,), drawn_first=bool(s.riichi[actor]))
            apply(s, e)
        elif isinstance(e, Ankan):
            _show(s, actor, tuple(e.consumed), drawn_first=True)
            riichi = s.riichi[actor]
            s.riichi[actor] = 0  # its waits are hidden: the server has checked them
            try:
                apply(s, e)
            finally:
                s.riichi[actor] = riichi
        else:
            apply(s, e)


def _settle(s: State, e: Hora | Ryukyoku) -> None:
    """A win or a draw as the server settled it: its payments, not the hidden hands'."""
    n = s.players
    if s.phase not in (Phase.ACT, Phase.CLAIM, Phase.CHANKAN, Phase.RESULT, Phase.DRAW):
        raise IllegalActionError("no hand is being played", action=e)
    if e.scores is not None and len(e.scores) == n:
        s.scores = list(e.scores)
    elif e.deltas is not None and len(e.deltas) == n:
        s.scores = [x + d for x, d in zip(s.scores, e.deltas, strict=True)]
    else:
        raise IllegalActionError("the server's result gives no payments", action=e)
    if isinstance(e, Hora):
        if not s.ron_winners:
            s.kyotaku = 0
            s.deposit_owners = []
            s.riichi_pending = None
        s.ron_winners.append(e.actor)
        s.won[e.actor] = True
        if e.target == e.actor:
            s.last_discard = None
    s._missed = []
    s.results.append(e)
    s.phase = Phase.RESULT
