"""jansou's ``SmartEfficiencyAgent`` policy ported onto jantaku's view (a test-only opponent).

jansou (``jansou.game.agents.SmartEfficiencyAgent``, 0.14) plays: win when offered;
on its turn a nine-terminals abort when offered, a north set aside, a closed kan that
leaves the hand's shape untouched (an honor, or no tile of the suit within two ranks),
else the discard of fewest shanten and widest acceptance with the tiles it has seen
deducted (ties broken by its seeded generator), declaring riichi when that discard
allows it; on another's discard, while concealed, pon of a value tile only, and once
open the call (pon, chii, open kan) giving the lowest shanten no worse than now.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from jantaku.agents import Agent, make_agent
from jantaku.agents.base import first_of, passes
from jantaku.agents.defensive import visible_counts
from jantaku.engine.view import View
from jantaku.events import (
    Action,
    Ankan,
    Chi,
    Dahai,
    Daiminkan,
    Hora,
    Nukidora,
    Pon,
    Reach,
    Ryukyoku,
)
from jantaku.hand import advise, shanten
from jantaku.meld import MeldKind
from jantaku.tiles import DRAGONS, EAST, KIND_OF


class JansouSmartEfficiency(Agent):
    """The port (see the module docstring)."""

    name = "jansou-smart"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def act(self, view: View | None, legal: Sequence[Action]) -> Action:
        win = first_of(legal, Hora)
        if win is not None:
            return win
        if len(legal) == 1 or view is None:
            return legal[0]
        skip = passes(legal)
        if skip is not None:
            return self._react(view, legal, skip)
        return self._own(view, legal)

    def _counts(self, view: View) -> list[int]:
        counts = [0] * 34
        for t in view.hand:
            counts[KIND_OF[t]] += 1
        return counts

    def _own(self, view: View, legal: Sequence[Action]) -> Action:
        for kind in (Ryukyoku, Nukidora):
            action = first_of(legal, kind)
            if action is not None:
                return action
        counts = self._counts(view)
        for action in legal:
            if isinstance(action, Ankan):
                k = KIND_OF[action.consumed[0]]
                near = any(
                    counts[j] and j // 9 == k // 9 and j != k and abs(j - k) <= 2 for j in range(27)
                )
                if k >= 27 or not near:
                    return action
        dahais = [a for a in legal if isinstance(a, Dahai)]
        seen = visible_counts(view)
        outside = [max(0, seen[k] - counts[k]) for k in range(34)]
        options = advise(counts, outside)
        fewest = min(o.shanten for o in options)
        closest = [o for o in options if o.shanten == fewest]
        widest = max(o.total for o in closest)
        kind = self.rng.choice([o.discard for o in closest if o.total == widest])
        reach = first_of(legal, Reach)
        if reach is not None and fewest == 0:
            return reach
        for a in dahais:
            if KIND_OF[a.pai] == kind:
                return a
        return dahais[0] if dahais else legal[0]

    def _react(self, view: View, legal: Sequence[Action], skip: Action) -> Action:
        if view.riichi[view.seat]:
            return skip
        melds = view.melds[view.seat]
        concealed = all(m.kind is MeldKind.ANKAN for m in melds)
        if concealed:
            tile = view.last_discard
            seat_wind = EAST + (view.seat - view.oya) % view.players
            if tile is not None and KIND_OF[tile] in (*DRAGONS, view.bakaze, seat_wind):
                pon = first_of(legal, Pon)
                return pon if pon is not None else skip
            return skip
        counts = self._counts(view)
        best, best_shanten = None, shanten(counts)
        for action in legal:
            if isinstance(action, Pon | Chi | Daiminkan):
                for t in action.consumed:
                    counts[KIND_OF[t]] -= 1
                after = shanten(counts)  # 3k+2 tiles after a chii or pon, 3k+1 after a kan
                for t in action.consumed:
                    counts[KIND_OF[t]] += 1
                if after <= best_shanten:
                    best, best_shanten = action, after
        return best if best is not None else skip


def factory(name: str, seed: int, seat: int) -> Agent:
    """The arena's agent factory with the port seated as ``jansou-smart``."""
    if name == "jansou-smart":
        return JansouSmartEfficiency(seed)
    return make_agent(name, seed=seed, seat=seat)
