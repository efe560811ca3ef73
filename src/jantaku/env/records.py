"""Recorded games as decisions: every choice of every seat, labelled with its action id.

A record (Tenhou mjlog XML, tenhou.net/6 JSON or an mjai log, read by
:mod:`jantaku.logs`) is replayed through the engine's one transition,
:func:`jantaku.engine.apply`. Whenever the engine asks seats to decide (a seat's own
turn after a draw or a call; each seat that may claim a discard or rob a kan), the
walker here opens a *decision* for each of them, and closes it with what the record
shows the seat did: its action's id in :mod:`jantaku.env.actions`, or ``PASS`` for a
claim it let go. Each label is checked against the seat's legal ids at that moment,
the same table the environments use (:func:`~jantaku.env.actions.action_table`); a
record whose action is not among them, or that the engine refuses, raises
:class:`RecordMismatch` and gives no decision at all (a record that does not fit is
never labelled by a guess).

Some claims cannot be known from a record, and are left out (counted as ``unknown``),
never labelled:

- a seat that could chii when another seat called pon or kan on the same discard (it
  may have wanted to chii: pon and kan come first);
- a seat that could call (but not ron) when another seat won on the discard;
- under head-bump rules (one ron only), a seat that could ron when another won;
- every claim on a discard that ended the hand by three rons (sanchahou).

A riichi is one decision, as in the environments: ``RIICHI + t`` (or
``RIICHI_TSUMOGIRI``) names the ``reach`` and the discard that follows it.

The walker is a generator (:func:`walk_state`): at each decision it yields the number
of the decision and the seat to encode, while the state is as the seat sees it then
(a kan's dora indicator shown after a discard is yielded again, once shown); the
driver encodes the planes (:mod:`jantaku.env.dataset`). The labels are written into a
:class:`Labels`.

>>> from jantaku.engine import Referee
>>> import random
>>> ref = Referee(seed=5)
>>> rng = random.Random(5)
>>> log = ref.play(lambda seat, state, legal: rng.choice(legal))
>>> labels = Labels()
>>> asked = list(walk(log, ref.rules, labels))
>>> len(labels.action) == len(labels.seat) > 0, labels.unknown
(True, 0)
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Final, cast

from jantaku.engine import Phase, State, apply, legal_actions
from jantaku.env.actions import (
    ACTION_NAMES,
    KYUUSHU,
    PASS,
    RIICHI,
    RIICHI_TSUMOGIRI,
    RON,
    TSUMO,
    action_id,
    action_table,
)
from jantaku.errors import IllegalActionError, JantakuError
from jantaku.events import (
    Action,
    Ankan,
    Chi,
    Dahai,
    Daiminkan,
    Dora,
    EndGame,
    Event,
    Hora,
    Kakan,
    Nukidora,
    Pon,
    Reach,
    ReachAccepted,
    Ryukyoku,
    StartKyoku,
)
from jantaku.rules import MultipleRon, Rules

__all__ = ["Labels", "RecordMismatch", "placements", "walk", "walk_state"]

_TURN: Final = (Phase.ACT, Phase.DISCARD)
_ASKING: Final = frozenset((Phase.ACT, Phase.DISCARD, Phase.CLAIM, Phase.CHANKAN))
_OWN: Final = frozenset((Dahai, Ankan, Kakan, Nukidora, Hora, Ryukyoku))
_CALLS: Final = frozenset((Chi, Pon, Daiminkan))
_CHII_IDS: Final = frozenset(range(76, 82))


class RecordMismatch(JantakuError):
    """A record that does not fit the engine's decisions: an action outside the seat's
    legal ids, an event the engine refuses, a game without its end.

    ``round`` is the 0-based hand of the game (``-1`` before the first) and ``event``
    the 0-based number of the event in the game.
    """

    def __init__(self, reason: str, *, round: int = -1, event: int = -1) -> None:
        super().__init__(reason)
        self.reason = reason
        self.round = round
        self.event = event

    def __str__(self) -> str:
        where = f"round {self.round}, event {self.event}: " if self.event >= 0 else ""
        return f"{where}{self.reason}"


@dataclass(slots=True)
class Labels:
    """The labels of a game's decisions, one entry per decision in the order opened:
    the seat, its round (0-based hand of the game), its legal ids, the id it played
    (``-1`` until known) and whether it is kept (an unknown claim is not).

    ``checked`` counts the recorded actions (passes included) found among their legal
    ids; ``unknown`` the decisions left out (see the module docstring). ``final`` is the
    game's ``end_game`` as the engine settled it (``None`` for a record that stops
    before the end: a tenhou.net/6 file of some hands, a cut log), ``scores`` the
    scores where the record stops.
    """

    seat: list[int] = field(default_factory=list)
    round: list[int] = field(default_factory=list)
    legal: list[tuple[int, ...]] = field(default_factory=list)
    action: list[int] = field(default_factory=list)
    kept: list[bool] = field(default_factory=list)
    checked: int = 0
    unknown: int = 0
    final: EndGame | None = None
    scores: tuple[int, ...] = ()

    def open(self, seat: int, round_no: int, legal: tuple[int, ...]) -> int:
        """A new decision; its number."""
        self.seat.append(seat)
        self.round.append(round_no)
        self.legal.append(legal)
        self.action.append(-1)
        self.kept.append(True)
        return len(self.seat) - 1


def _who(event: Event) -> int | None:
    actor = getattr(event, "actor", None)
    return actor if isinstance(actor, int) else None


def walk(events: Sequence[Event], rules: Rules, labels: Labels) -> Iterator[tuple[int, int]]:
    """Replay ``events`` under ``rules`` into ``labels``, yielding ``(decision, seat)``
    at each decision (on a state of its own: :func:`walk_state` gives the state to read
    the planes from at each yield).

    Raises :class:`RecordMismatch` for a record that does not fit.
    """
    return walk_state(State(rules), events, labels)


def walk_state(
    s: State, events: Sequence[Event], labels: Labels, log: list[Event] | None = None
) -> Iterator[tuple[int, int]]:
    """:func:`walk` on a fresh state ``s`` of the game's rules: at each yield, ``s`` is
    the state the seat decides in. Every event applied is appended to ``log`` when
    given (the batched encoders follow a game by its log).

    Raises :class:`RecordMismatch` for a record that does not fit.
    """
    rules = s.rules
    multiple = rules.multiple_ron is not MultipleRon.HEAD_BUMP
    players = rules.players
    n = len(events)
    i = 0
    round_no = -1
    # the open decision: its phase, and per seat its number and legal ids
    phase = -1
    rows: list[int] = []
    seats: list[int] = []
    tables: list[dict[int, tuple[Action, ...]]] = []
    labels_action = labels.action
    try:
        while i < n:
            e = events[i]
            kind = type(e)
            if rows:
                if kind is Dora:  # shown before the seats are asked: encoded again
                    apply(s, e)
                    if log is not None:
                        log.append(e)
                    i += 1
                    for row, seat in zip(rows, seats, strict=True):
                        yield row, seat
                    continue
                if kind is ReachAccepted:  # shown after the claims are decided
                    apply(s, e)
                    if log is not None:
                        log.append(e)
                    i += 1
                    continue
                if phase in _TURN:
                    seat = seats[0]
                    if kind is Reach and _who(e) == seat:
                        nxt = events[i + 1] if i + 1 < n else None
                        if not isinstance(nxt, Dahai) or nxt.actor != seat:
                            raise RecordMismatch(f"seat {seat}'s riichi has no discard after it")
                        aid = RIICHI_TSUMOGIRI if nxt.tsumogiri else RIICHI + nxt.pai
                    elif kind in _OWN and _who(e) == seat:
                        aid = TSUMO if kind is Hora else KYUUSHU if kind is Ryukyoku else -1
                        if aid < 0:
                            aid = action_id(cast(Action, e))
                    else:
                        raise RecordMismatch(
                            f"seat {seat} was to play, but the record goes on with {e.describe()}"
                        )
                    _label(tables[0], aid, seat)
                    labels_action[rows[0]] = aid
                    labels.checked += 1
                else:
                    _claims(events, i, e, rows, seats, tables, labels, multiple)
                rows = []
                seats = []
                tables = []
            if kind is Reach:  # the riichi and its discard: one decision, labelled above
                apply(s, e)
                if log is not None:
                    log.append(e)
                i += 1
                e = events[i]
                kind = type(e)
            elif kind is StartKyoku:
                round_no += 1
            apply(s, e)
            if log is not None:
                log.append(e)
            i += 1
            if kind is ReachAccepted or s.phase not in _ASKING:
                continue
            phase = s.phase
            first = s.turn
            if phase in _TURN:
                asked = [(first, legal_actions(s, first))]
            else:  # the claimants, in turn order from the discarder (as the tables ask)
                asked = []
                for k in range(1, players):
                    seat = (first + k) % players
                    legal = legal_actions(s, seat)
                    if legal:
                        asked.append((seat, legal))
            for seat, legal in asked:
                table = action_table(s, seat, legal)
                row = labels.open(seat, round_no, tuple(table))
                rows.append(row)
                seats.append(seat)
                tables.append(table)
                yield row, seat
    except RecordMismatch as m:
        raise RecordMismatch(m.reason, round=round_no, event=i) from None
    except IllegalActionError as err:
        what = events[i].describe() if i < n else "the end"
        raise RecordMismatch(
            f"the engine refuses {what}: {err.reason}", round=round_no, event=i
        ) from None
    except JantakuError as err:
        raise RecordMismatch(str(err), round=round_no, event=i) from None
    for row in rows:  # a record cut short while seats were to decide: not known
        labels.kept[row] = False
        labels.unknown += 1
    labels.final = s.final
    labels.scores = tuple(s.scores)


def _label(table: dict[int, tuple[Action, ...]], aid: int, seat: int) -> None:
    if aid not in table:
        legal = ", ".join(ACTION_NAMES[k] for k in sorted(table))
        raise RecordMismatch(
            f"seat {seat} played {ACTION_NAMES[aid]} (id {aid}), not among its legal ids ({legal})"
        )


def _claims(
    events: Sequence[Event],
    i: int,
    e: Event,
    rows: list[int],
    seats: list[int],
    tables: list[dict[int, tuple[Action, ...]]],
    labels: Labels,
    multiple: bool,
) -> None:
    """Label the claims on a discard (or a kan) from the event that follows them."""
    kind = type(e)
    rons: set[int] = set()
    caller = -1
    call = -1
    if kind is Hora:
        assert isinstance(e, Hora)
        j = i
        while j < len(events):
            h = events[j]
            if not isinstance(h, Hora) or h.target != e.target or h.actor == h.target:
                break
            rons.add(h.actor)
            j += 1
    elif kind in _CALLS:
        assert isinstance(e, Chi | Pon | Daiminkan)
        caller = e.actor
        call = action_id(e)
    elif kind is Ryukyoku and getattr(e, "reason", "") == "sanchahou":
        for row in rows:
            labels.kept[row] = False
            labels.unknown += 1
        return
    asked = set(seats)
    for who in (*rons, caller) if caller >= 0 else rons:
        if who not in asked:
            raise RecordMismatch(f"seat {who} claims with {e.describe()}, but may not claim now")
    for row, seat, table in zip(rows, seats, tables, strict=True):
        if seat in rons:
            aid = RON
        elif seat == caller:
            aid = call
        elif rons:
            if not (multiple and RON in table):  # it may have wanted to call
                labels.kept[row] = False
                labels.unknown += 1
                continue
            aid = PASS
        elif caller >= 0 and call not in _CHII_IDS and not _CHII_IDS.isdisjoint(table):
            labels.kept[row] = False  # it may have wanted to chii
            labels.unknown += 1
            continue
        else:
            aid = PASS
        _label(table, aid, seat)
        labels.action[row] = aid
        labels.checked += 1


def placements(scores: Sequence[int]) -> tuple[int, ...]:
    """Each seat's final placement (1 = first): by score, a tie to the seat nearer the
    first dealer (seat 0), as Tenhou ranks.

    >>> placements((25000, 31000, 25000, 19000))
    (2, 1, 3, 4)
    """
    return tuple(
        1 + sum(1 for j, b in enumerate(scores) if b > a or (b == a and j < i))
        for i, a in enumerate(scores)
    )
