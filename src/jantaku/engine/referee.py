"""The referee: owns the wall and the seed, asks the seats, resolves claims, emits events.

A :class:`Referee` runs one match. It alone sees the walls (built per hand from seeds
derived from the match seed, :mod:`jantaku.engine.wall`), so the same seed, rules and
choices always give the same events. Driving it:

>>> from jantaku.rules import TENHOU
>>> ref = Referee(TENHOU, seed=1)
>>> seat, legal = next(iter(ref.pending().items()))
>>> ref.state.phase_name, seat, len(legal) > 0
('act', 0, True)
>>> events = ref.submit({seat: legal[0]})

:meth:`Referee.pending` gives the seats that must decide now with their legal actions;
:meth:`Referee.submit` takes one action per pending seat (a seat left out passes),
applies it and every automatic event that follows (draws, dora, reach_accepted,
draws of the hand, the next hand) up to the next decision, and returns those events.
:meth:`Referee.play` runs a whole match with a choosing function; ``ref.log`` is the
complete mjai-shaped event list (each ``hora`` / ``ryukyoku`` with the payments the
engine computed). A match runner or a benchmark calls exactly these.

Claims on one discard (G5): ron beats pon / daiminkan beats chii; several rons follow
``Rules.multiple_ron`` (head bump to the first in turn order, double ron, or three rons
aborting), and honba and deposits go to the winner nearest the discarder.

Flowers (T4): a flower drawn from the wall, or as a replacement, is set aside at once
(a ``flower`` event in place of its ``tsumo``) and a replacement is drawn from the dead
wall; a flower drawn as the last tile of the live wall ends the hand in the exhaustive
draw (see :func:`jantaku.engine.transition.apply` and :mod:`jantaku.engine.wall`).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from operator import itemgetter
from typing import Final

from jantaku.engine.checks import abort_refusal, nagashi_seats
from jantaku.engine.legal import RUN_PAIRS, claim_actions, legal_actions, turn_actions
from jantaku.engine.observer import Observer
from jantaku.engine.settlement import final_standings
from jantaku.engine.state import TSUMOGIRI_DISCARDS, Phase, State
from jantaku.engine.step import discard_draw_commit
from jantaku.engine.transition import apply, apply_trusted, dahai_commit, tsumo_commit
from jantaku.engine.view import View
from jantaku.engine.wall import Wall, build_wall, kyoku_seeds, seat_players
from jantaku.errors import ArgumentTypeError, IllegalActionError
from jantaku.events import (
    Action,
    Ankan,
    Chi,
    Dahai,
    Daiminkan,
    Dora,
    EndKyoku,
    Event,
    Flower,
    Hora,
    Kakan,
    Nukidora,
    Pass,
    Pon,
    Reach,
    ReachAccepted,
    Ryukyoku,
    StartGame,
    StartKyoku,
    Tsumo,
)
from jantaku.meld import MeldKind
from jantaku.rules import TENHOU, KanDoraTiming, MultipleRon, Rules
from jantaku.tiles import EAST, FLOWER, KIND_OF, NORTH, YAOCHUU

__all__ = ["Chooser", "Referee"]

# every draw event, built once (events are frozen values)
_TSUMO: Final = tuple(tuple(Tsumo(seat, t) for t in range(37)) for seat in range(4))


# the phases of the hot paths as module constants (cheaper to read than class attributes)
_ACT: Final = Phase.ACT
_DISCARD: Final = Phase.DISCARD
_CLAIM: Final = Phase.CLAIM

_PON: Final = MeldKind.PON

# a hand's counts of the terminals and honours: on a first turn, kyuushu kyuuhai needs
# nine kinds of them (G10), so a hand missing five or more has only the usual actions
_YAOCHUU_COUNTS: Final = itemgetter(*YAOCHUU)

# the seats other than a discarder, in seat order, by table size and discarder
_OTHERS: Final = {n: tuple(tuple(i for i in range(n) if i != d) for d in range(n)) for n in (3, 4)}

Chooser = Callable[[int, State, tuple[Action, ...]], Action]
"""``choose(seat, state, legal) -> action``: how :meth:`Referee.play` asks a seat."""

EventHook = Callable[["Referee", Event], None]
"""``hook(referee, event)``: called after every event the referee applies (see ``on_event``)."""


class Referee:
    """One match: the walls, the seed, the decisions and the resulting events.

    ``names`` are the entrants; with ``draw_seats=True`` they are seated by the
    wind-tile draw and dice (G1) — :attr:`seating` then gives the entrant index at each
    seat — otherwise in the given order (seat 0 the first dealer). ``walls`` replaces
    the seeded walls: ``walls(kyoku_seed, oya)`` returns each hand's :class:`Wall`
    (scripted scenarios).

    Every event of the match, the deal, each draw and discard included, is applied
    through the one transition, :func:`~jantaku.engine.apply` (or
    :func:`~jantaku.engine.apply_trusted` for what the referee made itself or matched
    against the legal actions: the same bookkeeping without the legality checks), then
    logged; ``on_event(referee, event)``, if given, is called right after each one with
    the event as logged (a fuzzer checks its invariants there).

    ``rules`` may be a preset's name (``Referee("tenhou-sanma")``); ``seed`` is an int.
    Raises :class:`~jantaku.errors.ArgumentTypeError` for an argument of the wrong type,
    :class:`~jantaku.errors.RulesError` for a name that is no preset, and
    :class:`~jantaku.errors.IllegalActionError` from :meth:`submit` for an action that
    is not legal; the match is then unchanged.

    >>> Referee("tenhou-sanma", seed=2).state.players
    3
    >>> Referee(seed="2")
    Traceback (most recent call last):
    ...
    jantaku.errors.ArgumentTypeError: the seed is an int, not '2'
    """

    def __init__(
        self,
        rules: Rules | str = TENHOU,
        seed: int = 0,
        names: tuple[str, ...] | None = None,
        *,
        draw_seats: bool = False,
        walls: Callable[[int, int], Wall] | None = None,
        on_event: EventHook | None = None,
    ) -> None:
        rules = Rules.coerce(rules)
        if seed.__class__ is not int:
            # a str or a bool seed would name the same walls as an int ("1", True)
            raise ArgumentTypeError(f"the seed is an int, not {seed!r}")
        if names is not None and (
            not isinstance(names, tuple | list) or not all(isinstance(x, str) for x in names)
        ):
            raise ArgumentTypeError(f"names are a tuple of str, not {names!r}")
        n = rules.players
        self.rules = rules
        self.seed = seed
        self._seeds = kyoku_seeds(seed)
        entrants = names if names is not None else tuple(f"player{i}" for i in range(n))
        if len(entrants) != n:
            raise IllegalActionError(f"{len(entrants)} names for {n} players")
        self.seating: tuple[int, ...] = tuple(range(n))
        self.seating_record: dict[str, object] = {}
        if draw_seats:
            rng = random.Random(f"jantaku-seating-{seed}")
            self.seating, self.seating_record = seat_players(rng, n)
        self.names = tuple(entrants[i] for i in self.seating)
        self.state = State(rules)
        self.log: list[Event] = []
        self._views = Observer(self.state, self.log)
        self.wall: Wall | None = None
        self._walls = walls
        self._on_event = on_event
        self._dora_after_discard = 0
        # whether any abortive draw can follow an unclaimed discard under these rules
        self._aborts = (
            rules.abort_suucha_riichi or rules.abort_suufon_renda or rules.abort_suukan_sanra
        )
        self._pending: dict[int, tuple[Action, ...]] = {}
        self._done = False  # the match is over: the state's phase is done (see done)
        # the pending map when it is a seat's usual turn (its discards only; see _turn)
        self._usual: dict[int, tuple[Action, ...]] | None = None
        self._others = _OTHERS[n]
        # the others as three seats, for a test spelled out (one twice at a table of three)
        self._three = tuple((o + o)[:3] for o in self._others)
        # the seat that may chii each seat's discard, or -1 when chii is not played
        self._left = tuple((d + 1) % n if rules.chii_allowed else -1 for d in range(n))
        self._next = tuple((d + 1) % n for d in range(n))  # the seat after each
        self._four = n == 4  # no north to set aside
        # a discard and the next draw may be taken in one step (see _discard_and_draw):
        # no hook to call between them, and a seeded wall, in step with State.live
        self._quick = on_event is None and walls is None
        self._advance()

    # --- public ------------------------------------------------------------------------

    @property
    def done(self) -> bool:
        """Whether the match is over (``end_game`` emitted)."""
        return self._done

    def pending(self) -> dict[int, tuple[Action, ...]]:
        """The seats that must decide now, each with its legal actions."""
        return self._pending.copy()

    @property
    def observe(self) -> Callable[[int], View]:
        """``observe(seat)``: what ``seat`` sees now, :func:`~jantaku.engine.observe` of
        the match's state kept up to date from the events instead of built afresh
        (:meth:`Observer.observe <jantaku.engine.observer.Observer.observe>`), for a view
        at every decision. Bind it once (``observe = ref.observe``) in a loop.

        >>> ref = Referee(seed=1)
        >>> view = ref.observe(0)
        >>> view.seat, len(view.hand), view.hand_sizes
        (0, 14, (14, 13, 13, 13))

        Raises :class:`~jantaku.errors.ArgumentError` for a seat not at the table.
        """
        return self._views.observe

    def submit(self, choices: Mapping[int, Action]) -> list[Event]:
        """Apply the pending seats' choices and advance to the next decision.

        A pending seat missing from ``choices`` passes (on its own turn it must act).
        Returns the events emitted.

        Raises :class:`~jantaku.errors.IllegalActionError` for a choice not among the
        seat's legal actions, or a missing choice on a seat's own turn, and
        :class:`~jantaku.errors.ArgumentTypeError` for choices that are not a mapping.
        """
        if choices.__class__ is not dict and not isinstance(choices, Mapping):
            raise ArgumentTypeError(
                f"choices map each deciding seat to its action ({{seat: action}}), not {choices!r}"
            )
        pend = self._pending
        if pend is self._usual and len(choices) == 1:
            # a seat's usual turn (its discards only): a listed discard is the hand's
            # listed discard of its tile, or the tsumogiri of the drawn tile
            s = self.state
            seat = s.turn
            own = choices.get(seat)
            if type(own) is Dahai and self._quick:  # the usual step in one call, if it is
                try:
                    mine = s.memo.discards[seat].get(own.pai)
                except TypeError:  # an unhashable tile: checked (and refused) below
                    mine = None
                if mine is own or (
                    (drawn := s.drawn) is not None and own is TSUMOGIRI_DISCARDS[seat][drawn]
                ):
                    step = self._discard_and_draw(s, own)
                    if step is not None:
                        return step
                    # a claim (or another event) may follow: the discard alone, matched
                    # above, then on (the discard path below, spelled out; no hook)
                    log = self.log
                    start = len(log)
                    dahai_commit(s, own)
                    log.append(own)
                    while self._dora_after_discard:
                        self._reveal()
                        self._dora_after_discard -= 1
                    self._advance()
                    return log[start:]
        log = self.log
        start = len(log)
        listed: dict[int, Action] | None = None  # the choices, the listed equal ones in
        for seat, act in choices.items():
            legal = pend.get(seat)
            if legal is None:
                raise IllegalActionError(
                    "this seat has nothing to decide now", seat=seat, action=act
                )
            for a in legal:  # identity first: agents usually answer with a listed action
                if a is act:
                    break
            else:
                if act not in legal:
                    raise IllegalActionError("not a legal action now", seat=seat, action=act)
                # an equal action made anew (a tile 3.0 for 3 …): the listed one is applied
                if listed is None:
                    listed = dict(choices)
                listed[seat] = legal[legal.index(act)]
        if listed is not None:
            choices = listed
        s = self.state
        ph = s.phase
        if ph == _ACT or ph == _DISCARD:  # noqa: SIM109 - two compares, no tuple to build
            seat = s.turn
            own = choices.get(seat)
            if own is None:
                raise IllegalActionError("the seat to play must act", seat=seat)
            if type(own) is Dahai:
                if self._quick and pend is not self._usual:  # not tried above: try it
                    step = self._discard_and_draw(s, own)
                    if step is not None:
                        return step
                # matched against the legal actions above: _emit_trusted, spelled out
                dahai_commit(s, own)
                log.append(own)
                if self._on_event is not None:
                    self._on_event(self, own)
                while self._dora_after_discard:
                    self._reveal()
                    self._dora_after_discard -= 1
            else:
                self._own_action(seat, own)
        else:
            chosen = {i: a for i, a in choices.items() if type(a) is not Pass}
            if not chosen and self._quick and self._draw_after_passes(s):
                return log[start:]
            self._resolve_claims(chosen)
        self._advance()
        return log[start:]

    def play(self, choose: Chooser, *, max_events: int = 1_000_000) -> list[Event]:
        """Run the match to its end, asking ``choose(seat, state, legal)`` for every decision.

        ``choose`` is handed the whole state (for fuzzers, benchmarks and tests); agents
        that may see only their own view are driven by :func:`jantaku.match.play_match`,
        which shows them :func:`~jantaku.engine.observe`. Returns the whole log.
        """
        while not self.done:
            pend = self._pending
            self.submit({seat: choose(seat, self.state, legal) for seat, legal in pend.items()})
            if len(self.log) > max_events:
                raise RuntimeError("the match does not end")
        return self.log

    # --- internals ----------------------------------------------------------------------

    def _discard_and_draw(self, s: State, own: Dahai) -> list[Event] | None:
        """A discard that nobody may claim and the next seat's draw, in one step, when
        that is what follows (the usual case): both applied by
        :func:`~jantaku.engine.step.discard_draw_commit` and logged, and the drawer's
        actions pending; the events are returned. ``None``, with nothing changed, when
        anything else may follow the discard (a claim, a riichi to accept, a kan's dora,
        an abortive draw, the end of the wall, a flower).

        Decided before the discard, from what the discard does not change: the other
        seats' waits, counts and riichi, as :meth:`_claims` decides after it.
        """
        if s.riichi_pending is not None or self._dora_after_discard or s.live <= 0:
            return None
        seat = own.actor
        k = KIND_OF[own.pai]
        others = self._others[seat]
        ws = s.waits
        if any(ws):  # somebody is tenpai: a seat waiting on the discard may ron
            for i in others:
                if k in ws[i]:
                    return None
        counts = s.counts
        riichi = s.riichi
        o1, o2, o3 = self._three[seat]  # the others (one twice at a table of three)
        if counts[o1][k] > 1 or counts[o2][k] > 1 or counts[o3][k] > 1:
            for i in others:
                if counts[i][k] > 1 and not riichi[i]:
                    return None  # a pon
        left = self._left[seat]
        if left >= 0 and not riichi[left]:
            held = counts[left]
            for x, y in RUN_PAIRS[k]:  # none for an honor
                if held[x] and held[y]:
                    return None  # a chii
        if self._aborts and not (
            # no abortive draw can follow the discard (checks.abort_refusal): not the
            # last of the first go-around (suufon renda: a first discard, the next seat
            # has made its own), no fourth kan, not every seat in riichi
            (s.interrupted or s.rivers[seat] or len(s.rivers[self._next[seat]]) != 1)
            and len(s.kan_owners) != 4
            and 0 in riichi
        ):
            return None
        # the next tile of the live wall (Wall.draw, spelled out: a seeded wall holds as
        # many tiles to draw as State.live counts)
        wall = self.wall
        if wall is None:
            return None
        drawn = wall.drawn
        t = wall.live[drawn]
        if t == FLOWER:
            return None
        wall.drawn = drawn + 1
        nxt = self._next[seat]
        draw = _TSUMO[nxt][t]
        discard_draw_commit(s, own, draw)
        log = self.log
        log.append(own)
        log.append(draw)
        self._turn(s, nxt)
        return [own, draw]

    def _draw_after_passes(self, s: State) -> bool:
        """Every seat passed on the discard lying: the next seat's draw, logged, and its
        turn pending, when that is what follows (:meth:`_resolve_claims` of no claim,
        then :meth:`_advance`, spelled out); ``False``, with nothing changed, when
        anything else may (a riichi to accept, an abortive draw, the end of the wall, a
        flower, a robbed kan's replacement)."""
        if s.phase != _CLAIM or s.riichi_pending is not None or s.live <= 0:
            return False
        if self._may_abort(s):
            return False
        wall = self.wall
        if wall is None:
            return False
        # the next tile of the live wall (Wall.draw, spelled out as in _discard_and_draw)
        drawn = wall.drawn
        t = wall.live[drawn]
        if t == FLOWER:
            return False
        wall.drawn = drawn + 1
        nxt = self._next[s.turn]
        draw = _TSUMO[nxt][t]
        tsumo_commit(s, draw)
        self.log.append(draw)
        self._turn(s, nxt)
        return True

    def _turn(self, s: State, seat: int) -> None:
        """Make ``seat``, which has just drawn, the one to act: its
        :func:`~jantaku.engine.legal.turn_actions` pending. The usual turn, the discards
        only, is listed here (turn_actions' first case, spelled out) and its pending map
        marked as such (``_usual``), so that :meth:`submit` checks a discard against the
        hand's listed discards instead of scanning the tuple."""
        memo = s.memo
        if (
            memo.shanten_floor[seat] > 0
            and not memo.quads[seat]
            and (not s.first_turn[seat] or _YAOCHUU_COUNTS(s.counts[seat]).count(0) > 4)
            and (self._four or not s.counts[seat][NORTH])
        ):
            melds = s.melds[seat]
            if melds:  # no pon the hand could add its fourth tile to
                c = s.counts[seat]
                for m in melds:
                    if m.kind is _PON and c[m.kind34]:
                        self._pending = {seat: turn_actions(s, seat)}
                        return
            keys = memo.discards[seat]
            drawn = s.drawn
            if drawn is None or keys[drawn].tsumogiri:
                self._pending = self._usual = {seat: tuple(keys.values())}
            else:
                self._pending = self._usual = {
                    seat: (*keys.values(), TSUMOGIRI_DISCARDS[seat][drawn])
                }
            return
        self._pending = {seat: turn_actions(s, seat)}

    def _emit(self, event: Event, *, trusted: bool = False) -> None:
        """Apply one event through the transition, log it, and call the ``on_event`` hook.

        The referee changes its state here, or on the hot paths that spell this out (a
        matched discard in :meth:`submit`, its own draws in :meth:`_advance`, the fused
        step of :meth:`_discard_and_draw`), each logging every event and calling the
        hook.

        ``trusted`` is for events the referee made itself (its draws, its deal from a
        seeded wall) or matched against the legal actions: :func:`apply_trusted` skips
        the checks, not the bookkeeping (never a win or a draw of the hand, which is
        logged as the state scored it).
        """
        s = self.state
        if trusted:  # the referee's draws and deals, matched discards and calls
            apply_trusted(s, event)
        elif type(event) is Hora or type(event) is Ryukyoku:
            before = len(s.results)
            apply(s, event)
            if len(s.results) > before:
                event = s.results[-1]
        else:
            apply(s, event)
        self.log.append(event)
        hook = self._on_event
        if hook is not None:
            hook(self, event)

    def _emit_trusted(self, event: Tsumo) -> None:
        """:meth:`_emit` of the referee's own draw (the hot path: no keyword, no result
        to log in its place, the draw's bookkeeping called directly)."""
        tsumo_commit(self.state, event)
        self.log.append(event)
        hook = self._on_event
        if hook is not None:
            hook(self, event)

    def _own_action(self, seat: int, act: Action) -> None:
        s = self.state
        wall = self.wall
        if isinstance(act, Hora):
            ura = wall.ura() if wall is not None and s.riichi[seat] else ()
            self._emit(Hora(actor=seat, target=seat, pai=act.pai, ura_markers=ura))
            return
        if isinstance(act, Reach | Ryukyoku | Dahai):
            # a discard was matched against the legal actions: the fast path applies it
            self._emit(act, trusted=type(act) is Dahai)
            if isinstance(act, Dahai):
                while self._dora_after_discard:
                    self._reveal()
                    self._dora_after_discard -= 1
            return
        if isinstance(act, Ankan | Kakan | Nukidora):
            self._emit(act)
            if not isinstance(act, Nukidora):
                self._kan_dora(act)
            return
        raise IllegalActionError("not an action for one's own turn", seat=seat, action=act)

    def _kan_dora(self, kan: Ankan | Kakan | Daiminkan) -> None:
        """Reveal kan dora when the rules say (G4): an open kan waiting for its discard
        shows its indicator when another kan is declared."""
        while self._dora_after_discard:
            self._reveal()
            self._dora_after_discard -= 1
        if isinstance(kan, Ankan) or self.rules.kan_dora_timing is KanDoraTiming.IMMEDIATE:
            self._reveal()
        elif self.state.pending_dora:
            self._dora_after_discard += 1

    def _reveal(self) -> None:
        if self.wall is None or not self.state.pending_dora:
            return
        self._emit(Dora(dora_marker=self.wall.next_indicator()))

    def _resolve_claims(self, chosen: Mapping[int, Action]) -> None:
        s = self.state
        n = s.players
        discarder = s.turn
        if not chosen and s.phase == Phase.CLAIM and s.riichi_pending is None:
            if not self._abort_after_discard():
                self._after_discard_passes()
            return
        rons = [seat for seat, a in chosen.items() if type(a) is Hora]
        if rons:
            rons.sort(key=lambda seat: (seat - discarder) % n)
            mr = self.rules.multiple_ron
            if (
                len(rons) >= 3
                and mr is MultipleRon.DOUBLE_TRIPLE_ABORT
                and not abort_refusal(s, "sanchahou")
            ):
                self._emit(Ryukyoku(reason="sanchahou"))
                return
            if mr is MultipleRon.HEAD_BUMP:
                rons = rons[:1]
            elif mr is MultipleRon.DOUBLE_TRIPLE_ABORT:
                rons = rons[:2]
            wall = self.wall
            for seat in rons:
                ura = wall.ura() if wall is not None and s.riichi[seat] else ()
                a = chosen[seat]
                pai = a.pai if isinstance(a, Hora) else None
                self._emit(Hora(actor=seat, target=discarder, pai=pai, ura_markers=ura))
            return
        if s.phase == Phase.CHANKAN:
            self._replace(s.turn)
            return
        if s.riichi_pending is not None:
            self._emit(ReachAccepted(actor=s.riichi_pending))
        if self._abort_after_discard():
            return
        call: Chi | Pon | Daiminkan | None = None  # pon or kan before chii (G5)
        for a in chosen.values():
            if type(a) is Pon or type(a) is Daiminkan:
                call = a
                break
            if type(a) is Chi and call is None:
                call = a
        if call is not None:
            self._emit(call, trusted=True)  # matched against the legal actions
            if type(call) is Daiminkan:
                self._kan_dora(call)
            return
        self._after_discard_passes()

    def _claims(self) -> dict[int, tuple[Action, ...]] | None:
        """The seats that may claim the discard lying now, each with its legal actions
        (``None`` when there is none, the usual case).

        Only a seat waiting on the discard's kind, or (while calls are possible) one
        holding two of it, or the next seat holding a run shape around it, can have
        any: the others are skipped without listing their actions. The seats waiting
        on it are those the discard itself listed as letting a winning tile pass
        (``State._missed``, set by every discard: this is called right after one).
        """
        s = self.state
        tile = s.last_discard
        discarder = s.last_discarder
        if tile is None or discarder is None:
            return None
        k = KIND_OF[tile]
        if not s._missed:
            # nobody waits on it (the usual case): a call at most, decided from the counts
            if s.live <= 0:
                return None
            counts = s.counts
            riichi = s.riichi
            left = self._left[discarder] if k < 27 else -1
            for i in self._others[discarder]:
                if counts[i][k] >= 2 and not riichi[i]:
                    break
            else:
                if left < 0 or riichi[left]:
                    return None
                c = counts[left]
                for a, b in RUN_PAIRS[k]:
                    if c[a] and c[b]:
                        break
                else:
                    return None
        return self._claimants(k, discarder)

    def _claimants(self, k: int, discarder: int) -> dict[int, tuple[Action, ...]] | None:
        """:meth:`_claims` of a discard of kind ``k`` that some seat may claim."""
        s = self.state
        pend: dict[int, tuple[Action, ...]] | None = None
        waits = s.waits
        counts = s.counts
        riichi = s.riichi
        last = s.live <= 0  # no calls on the last discard: only a win
        left = self._left[discarder] if k < 27 else -1
        for i in self._others[discarder]:
            waiting = k in waits[i]
            if not waiting:
                if last or riichi[i]:
                    continue
                c = counts[i]
                if c[k] < 2:
                    if i != left:
                        continue
                    for a, b in RUN_PAIRS[k]:
                        if c[a] and c[b]:
                            break
                    else:
                        continue
            legal = claim_actions(s, i, waiting)  # legal_actions, its checks known
            if legal:
                if pend is None:
                    pend = {}
                pend[i] = legal
        return pend

    def _may_abort(self, s: State) -> bool:
        """Whether an abortive draw may follow the discard lying if nobody claims it
        (G10): under rules that play one, only on the first go-around with no call, at
        a fourth kan, or with every seat in riichi."""
        return self._aborts and not (
            (s.interrupted or len(s.rivers[-1]) != 1) and len(s.kan_owners) != 4 and 0 in s.riichi
        )

    def _abort_after_discard(self) -> bool:
        """Emit an abortive draw due after a discard that nobody claimed, if any (G10)."""
        s = self.state
        if not self._may_abort(s):
            return False
        r = self.rules
        reason = ""
        if r.abort_suucha_riichi and all(s.riichi):
            reason = "suucha_riichi"
        elif r.abort_suufon_renda and not s.interrupted and len(s.rivers[-1]) == 1:
            reason = "suufon_renda"
        elif r.abort_suukan_sanra and s.total_kans == 4:
            reason = "suukan_sanra"
        if reason and not abort_refusal(s, reason):
            self._emit(Ryukyoku(reason=reason))
            return True
        return False

    def _after_discard_passes(self) -> None:
        s = self.state
        if s.live <= 0:
            nagashi = bool(nagashi_seats(s))
            self._emit(Ryukyoku(reason="nagashi_mangan" if nagashi else "exhaustive"))
            return
        nxt = (s.turn + 1) % s.players
        if self.wall is None:
            raise RuntimeError("no wall")
        t = self.wall.draw()
        if t == FLOWER:  # T4: set aside, the replacement draw follows
            self._emit(Flower(nxt, t))
            return
        self._emit_trusted(_TSUMO[nxt][t])  # the referee's own draw

    def _replace(self, seat: int) -> None:
        """The replacement draw after a kan, a nukidora or a flower (a flower again is set
        aside; after a flower that was the last tile, the exhaustive draw)."""
        s = self.state
        if self.wall is None:
            raise RuntimeError("no wall")
        if s.live <= 0:  # only after a flower: no kan or nukidora on the last tile
            nagashi = bool(nagashi_seats(s))
            self._emit(Ryukyoku(reason="nagashi_mangan" if nagashi else "exhaustive"))
            return
        t = self.wall.draw_replacement()
        if t == FLOWER:
            self._emit(Flower(seat, t))
        else:
            self._emit_trusted(_TSUMO[seat][t])  # the referee's own draw

    def _start_kyoku(self) -> None:
        s = self.state
        n = s.players
        if s.expected is None:
            bakaze, kyoku, honba, kyotaku, oya, scores = (
                EAST,
                1,
                0,
                0,
                0,
                tuple([self.rules.start_points] * n),
            )
        else:
            bakaze, kyoku, honba, kyotaku, oya, scores = s.expected
        kseed = self._seeds.getrandbits(64)
        wall = (
            self._walls(kseed, oya)
            if self._walls is not None
            else build_wall(self.rules, kseed, oya)
        )
        self.wall = wall
        self._dora_after_discard = 0
        deal = StartKyoku(
            bakaze=bakaze,
            kyoku=kyoku,
            honba=honba,
            kyotaku=kyotaku,
            oya=oya,
            dora_marker=wall.dora_indicators[0],
            scores=tuple(scores),
            tehais=tuple(tuple(h) for h in wall.hands),
            dice=wall.dice,
            wall_break=wall.wall_break,
            flowers=tuple(wall.flowers or [0] * n) if self.rules.flowers else None,
        )
        # a seeded wall holds each tile once; a scripted one is checked like any record
        self._emit(deal, trusted=self._walls is None)

    def _advance(self) -> None:
        """Emit automatic events until some seat must decide or the match ends."""
        s = self.state
        wall = self.wall
        while True:
            ph = s.phase
            # the common phases first: a discard lying, then a seat's own turn
            if ph == _CLAIM:
                pend = self._claims()
                if pend:
                    self._pending = pend
                    return
                if s.riichi_pending is not None:
                    self._resolve_claims({})
                elif not self._abort_after_discard():
                    # nobody can claim the discard: the common case, straight to the draw
                    if s.live <= 0 or wall is None:
                        self._after_discard_passes()
                    else:
                        nxt = self._next[s.turn]
                        t = wall.draw()
                        if t == FLOWER:  # T4: set aside, the replacement draw follows
                            self._emit(Flower(nxt, t))
                            continue
                        # the referee's own draw: _emit_trusted, spelled out
                        draw = _TSUMO[nxt][t]
                        tsumo_commit(s, draw)
                        self.log.append(draw)
                        if self._on_event is not None:
                            self._on_event(self, draw)
                        self._turn(s, nxt)  # its turn: act
                        return
            elif ph == _ACT:
                self._turn(s, s.turn)
                return
            elif ph == Phase.CHANKAN or ph == _DISCARD:
                if ph == _DISCARD:
                    turn = s.turn
                    self._pending = {turn: legal_actions(s, turn)}
                    return
                pend = {}
                for i in range(s.players):
                    legal = legal_actions(s, i)
                    if legal:
                        pend[i] = legal
                if pend:
                    self._pending = pend
                    return
                self._resolve_claims({})
            elif ph == Phase.DRAW:
                if wall is None:
                    raise RuntimeError("no wall")
                if s.rinshan_pending:
                    self._replace(s.turn)
                else:
                    t = wall.draw()
                    if t == FLOWER:  # T4: set aside, the replacement draw follows
                        self._emit(Flower(s.turn, t))
                        continue
                    self._emit_trusted(_TSUMO[s.turn][t])  # the referee's own draw
            elif ph == Phase.START_GAME:
                self._emit(
                    StartGame(
                        names=self.names,
                        seed=self.seed,
                        rules=self.rules.to_dict(),
                        extra={"seating": self.seating_record} if self.seating_record else None,
                    )
                )
            elif ph == Phase.START_KYOKU:
                self._start_kyoku()
                wall = self.wall
            elif ph == Phase.RESULT:
                self._emit(EndKyoku())
            elif ph == Phase.END_GAME:
                self._emit(final_standings(s))
            else:  # the match is over
                self._pending = {}
                self._done = True
                return
