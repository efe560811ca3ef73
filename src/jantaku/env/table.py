"""A match stepped one decision at a time: the engine's referee behind action ids.

:class:`Table` runs one :class:`~jantaku.engine.Referee` and puts its decisions in a
line: on a seat's own turn that seat decides; on a discard several seats may claim
at once, and they are asked one after another (in turn order from the discarder)
before their answers go to the referee together, as the rules resolve them. Each
decision is answered with an action id (:mod:`jantaku.env.actions`) or, for a bot,
an :data:`~jantaku.events.Action`.

Rewards are read from the results the engine wrote: with ``reward="final"`` each seat
gets its final result (after oka, uma and rounding, in 1000s of points) when the
match ends; with ``reward="hand"`` it gets each hand's point changes (in 1000s) as the
hand ends, and at the end the rest of its final result, so that a seat's rewards
always add up to its final result.

>>> table = Table(seed=1)
>>> seat, mask = table.seat, table.mask()
>>> seat, sum(mask) > 0
(0, True)
>>> rewards = table.step(mask.index(1))
"""

from __future__ import annotations

from typing import Any, Final, cast

from jantaku.engine import Phase, Referee, State, View
from jantaku.env.actions import NUM_ACTIONS, PASS, TSUMOGIRI, action_table, check_id
from jantaku.errors import IllegalActionError, JantakuError
from jantaku.events import Action, EndGame, Hora, Pass, Penalty, Ryukyoku
from jantaku.rules import TENHOU, Rules

__all__ = ["REWARDS", "Table", "resolve_rules"]

_DONE: Final = Phase.DONE

REWARDS: Final = ("final", "hand")
"""The reward schemes: the final result only, or each hand's points as it ends."""


def resolve_rules(rules: Rules | str) -> Rules:
    """Rules, or a preset's name (``"tenhou"``, ``"majsoul-sanma"`` …).

    >>> resolve_rules("tenhou-sanma").players
    3

    Raises :class:`~jantaku.errors.RulesError` for an unknown preset.
    """
    return rules if isinstance(rules, Rules) else Rules.preset(rules)


class Table:
    """One match, stepped decision by decision (see the module docstring).

    Raises :class:`~jantaku.errors.JantakuError` for an unknown reward scheme.
    """

    def __init__(self, rules: Rules = TENHOU, *, seed: int = 0, reward: str = "final") -> None:
        if reward not in REWARDS:
            raise JantakuError(f"unknown reward {reward!r} (known: {', '.join(REWARDS)})")
        self.rules = rules
        self.reward = reward
        self._final = reward == "final"
        self.players = rules.players
        self.reset(seed)

    def reset(self, seed: int) -> None:
        """Start a new match with ``seed`` (the same seed and answers give the same match)."""
        self.seed = seed
        self.referee = Referee(self.rules, seed)
        self.steps = 0
        self._read = 0
        self._line: list[int] = []
        self._choices: dict[int, Action] = {}
        self._table: dict[int, tuple[Action, ...]] | None = None
        self._next_decision()

    # --- what is asked now ---------------------------------------------------------------

    @property
    def done(self) -> bool:
        """Whether the match is over."""
        return self.referee.done

    @property
    def state(self) -> State:
        """The engine's whole state (every hand: not for agents; see :meth:`view`)."""
        return self.referee.state

    @property
    def seat(self) -> int | None:
        """The seat that decides now (``None`` once the match is over)."""
        return self._line[0] if self._line else None

    @property
    def deciding(self) -> tuple[int, ...]:
        """Every seat still to answer the current decision, in the order they are asked
        (one seat on a turn; the claimants of a discard, from the discarder's right)."""
        return tuple(self._line)

    def legal(self) -> tuple[Action, ...]:
        """The legal actions of the seat deciding now."""
        seat = self.seat
        return () if seat is None else self._pending[seat]

    def table(self) -> dict[int, tuple[Action, ...]]:
        """The legal action ids of the seat deciding now and what each plays."""
        if self._table is None:
            seat = self.seat
            self._table = (
                {} if seat is None else action_table(self.state, seat, self._pending[seat])
            )
        return self._table

    def table_of(self, seat: int) -> dict[int, tuple[Action, ...]]:
        """The legal action ids of any seat still to answer the current decision (none
        for another seat); :meth:`table` for the seat asked now."""
        if seat == self.seat:
            return self.table()
        if seat not in self._line:
            return {}
        return action_table(self.state, seat, self._pending[seat])

    def mask(self) -> list[int]:
        """The 0/1 legal mask over the action ids, for the seat deciding now."""
        mask = [0] * NUM_ACTIONS
        for i in self.table():
            mask[i] = 1
        return mask

    def view(self, seat: int) -> View:
        """What ``seat`` sees now (:func:`~jantaku.engine.observe`, kept up to date by the
        referee from the match's events)."""
        return self.referee.observe(seat)

    def default_id(self) -> int:
        """A legal id that changes the least: pass, else tsumogiri, else the first."""
        table = self.table()
        for i in (PASS, TSUMOGIRI):
            if i in table:
                return i
        return min(table)

    # --- answering ----------------------------------------------------------------------

    def step(self, action_id: int) -> list[float]:
        """Answer the current decision with an action id; the rewards it gave each seat.

        Raises :class:`~jantaku.errors.IllegalActionError` for an id that is not legal
        now (nothing changes) or when the match is over.
        """
        line = self._line
        if not line:
            raise IllegalActionError("the match is over")
        seat = line[0]
        plays = check_id(self._table or self.table(), int(action_id), seat)
        if len(plays) == 2:  # riichi and its discard: two decisions of the engine
            self.referee.submit({seat: plays[0]})
            self._next_decision()
            return self.act(plays[1])
        return self._play(seat, plays[0])  # a legal action of this seat: no search

    def act(self, action: Action) -> list[float]:
        """Answer the current decision with one of :meth:`legal` (a bot's answer); the
        rewards it gave each seat. A ``Reach`` leaves the same seat to discard.

        Raises :class:`~jantaku.errors.IllegalActionError` for an action not legal now.
        """
        seat = self.seat
        if seat is None:
            raise IllegalActionError("the match is over")
        legal = self._pending[seat]
        for a in legal:  # identity first: the action usually comes from the table
            if a is action:
                break
        else:
            if action not in legal:
                raise IllegalActionError("not a legal action now", seat=seat, action=action)
        return self._play(seat, action)

    def _play(self, seat: int, action: Action) -> list[float]:
        """Answer the current decision of ``seat`` with one of its legal actions."""
        self.steps += 1
        self._choices[seat] = action
        line = self._line
        line.pop(0)
        self._table = None
        if line:  # more seats to ask about this discard
            return [0.0] * self.players
        ref = self.referee
        ref.submit(self._choices)
        self._next_decision()
        if self._final and ref.state.phase != _DONE:  # final rewards: none before the end
            self._read = len(ref.log)
            return [0.0] * self.players
        return self._rewards()

    # --- internals ----------------------------------------------------------------------

    def _next_decision(self) -> None:
        ref = self.referee
        self._pending = ref.pending()
        self._choices = {}
        self._table = None
        if len(self._pending) < 2:  # the usual decision: one seat
            self._line = list(self._pending)
            return
        n = self.players
        first = ref.state.turn
        self._line = sorted(self._pending, key=lambda s: (s - first) % n)

    def _rewards(self) -> list[float]:
        """The rewards of the events written since the last call."""
        log = self.referee.log
        out = [0.0] * self.players
        hand = self.reward == "hand"
        if not hand and not self.referee.done:  # final rewards: nothing before the end
            self._read = len(log)
            return out
        for e in log[self._read :]:
            kind = e.kind  # each kind is one class (see Event.kind): the casts are exact
            if hand and kind in ("hora", "ryukyoku", "penalty"):
                deltas = cast("Hora | Ryukyoku | Penalty", e).deltas
                for i, d in enumerate((deltas or ())[: self.players]):
                    out[i] += d / 1000
            elif kind == "end_game":
                e = cast(EndGame, e)
                result = e.result or (0.0,) * self.players
                scores = e.scores or (self.rules.start_points,) * self.players
                for i in range(self.players):
                    if hand:  # what the hands did not give yet: oka, uma, rounding, deposits
                        out[i] += result[i] - (scores[i] - self.rules.start_points) / 1000
                    else:
                        out[i] += result[i]
        self._read = len(log)
        return out

    def clone(self) -> Table:
        """An independent copy of the match as it stands, for search: stepped with the
        same ids, the copy and the original play the same match (the walls come from
        the same seed, the referee's state is copied whole). Nothing is shared: stepping
        one never changes the other.

        >>> table = Table(seed=4)
        >>> for _ in range(30):
        ...     _ = table.step(table.default_id())
        >>> copy = table.clone()
        >>> while not copy.done:
        ...     _ = copy.step(copy.default_id())
        >>> table.done, copy.done, table.steps
        (False, True, 30)
        """
        import copy

        return copy.deepcopy(self)

    def restore(self, snapshot: Table) -> None:
        """Go back to a :meth:`clone` taken earlier (the snapshot itself stays as it is,
        so one snapshot may be restored many times).

        Raises :class:`~jantaku.errors.JantakuError` for a snapshot of other rules.
        """
        import copy

        if snapshot.rules != self.rules or snapshot.reward != self.reward:
            raise JantakuError("a snapshot of a table with other rules or rewards")
        self.__dict__.update(copy.deepcopy(snapshot).__dict__)

    def final_info(self) -> dict[str, tuple[float, ...]] | None:
        """The match's end, once it is over (else ``None``): each seat's ``scores``
        (points), ``points`` (the final result after oka and uma, in thousands: what the
        ``final`` reward pays) and ``placements`` (1 = first; ties go to the seat nearer
        seat 0, the first dealer).

        >>> table = Table(seed=1)
        >>> while not table.done:
        ...     _ = table.step(table.default_id())
        >>> info = table.final_info()
        >>> sorted(info["placements"]), sum(info["scores"])
        ([1, 2, 3, 4], 100000)
        """
        final = self.referee.state.final
        if final is None or final.scores is None:
            return None
        scores = tuple(final.scores)
        results = tuple(final.result or (0.0,) * len(scores))
        places = tuple(
            1 + sum(1 for j, b in enumerate(scores) if b > a or (b == a and j < i))
            for i, a in enumerate(scores)
        )
        return {"scores": scores, "points": results, "placements": places}

    def seat_final_info(self, seat: int) -> dict[str, Any]:
        """:meth:`final_info` for one seat's ``info`` at the end of a match: its
        ``placement``, ``score`` and ``points``, and the whole table's under ``final``
        (empty before the end)."""
        final = self.final_info()
        if final is None:
            return {}
        return {
            "placement": int(final["placements"][seat]),
            "score": int(final["scores"][seat]),
            "points": float(final["points"][seat]),
            "final": final,
        }

    def passes(self) -> bool:
        """Whether the seat deciding now may pass."""
        return any(type(a) is Pass for a in self.legal())
