"""Seeded self-play fuzzing of the engine: a biased agent, the invariants, the rare events.

Shared by ``tests/test_fuzz_engine.py`` (a few seeded matches in the suite) and
``tools/fuzz.py`` (``make fuzz``: many matches on every core). Whole matches are played
by a biased random-legal agent; after every event the referee applies (its ``on_event``
hook) the invariants are checked: every tile of the set in exactly one place (hands,
melds, rivers, indicators, nukidora, the rest of the wall), points plus deposits
conserved, hand sizes, incremental counts and waits equal to a fresh computation,
furiten and riichi constraints.
"""

from __future__ import annotations

import json
import random
from collections import Counter

from jantaku.engine import Referee, State, apply, full_set, legal_actions
from jantaku.engine.state import Phase
from jantaku.events import (
    Action,
    Ankan,
    Chi,
    Dahai,
    Daiminkan,
    Event,
    Hora,
    Kakan,
    Nukidora,
    Pass,
    Pon,
    Reach,
    Ryukyoku,
    event_from_mjai,
    event_to_mjai,
)
from jantaku.hand import shanten, winning_kinds
from jantaku.hand.tables import suit_numbers
from jantaku.rules import Rules
from jantaku.tiles import KIND_OF, NORTH, YAOCHUU, counts34

_YAOCHUU = frozenset(YAOCHUU)


class BiasedAgent:
    """Random-legal with a bias towards what makes rare events happen.

    Always wins when it can, usually kans and riichis, declares kyuushu half the time,
    throws a wind first, discards by shanten most of the time; one seat may play for
    nagashi mangan (only terminals and honors, no calls).
    """

    def __init__(self, seed: int, *, nagashi_seat: int | None = None) -> None:
        self.rng = random.Random(seed)
        self.nagashi_seat = nagashi_seat

    def __call__(self, seat: int, s: State, legal: tuple[Action, ...]) -> Action:
        rng = self.rng
        for a in legal:
            if isinstance(a, Hora):
                return a
        for a in legal:
            if isinstance(a, Ryukyoku) and rng.random() < 0.5:
                return a
        for a in legal:
            if isinstance(a, Ankan | Kakan | Daiminkan | Nukidora) and rng.random() < 0.9:
                return a
        for a in legal:
            if isinstance(a, Reach) and rng.random() < 0.95:
                return a
        discards = [a for a in legal if isinstance(a, Dahai)]
        if not discards:
            calls = [a for a in legal if isinstance(a, Pon | Chi)]
            if calls and seat != self.nagashi_seat and rng.random() < 0.1:
                return rng.choice(calls)
            return next((a for a in legal if isinstance(a, Pass)), legal[0])
        if seat == self.nagashi_seat:
            ends = [a for a in discards if KIND_OF[a.pai] in _YAOCHUU]
            if ends:
                return rng.choice(ends)
        if not s.rivers[seat]:
            winds = sorted((a for a in discards if 27 <= KIND_OF[a.pai] <= 30), key=lambda a: a.pai)
            if winds:
                return winds[0]
        if rng.random() < 0.95:
            c = s.counts[seat]
            best, value = discards[0], 99
            for a in discards:
                k = KIND_OF[a.pai]
                c[k] -= 1
                v = shanten(c)
                c[k] += 1
                if v < value:
                    best, value = a, v
            return best
        return rng.choice(discards)


def check_invariants(ref: Referee, event: Event | None = None) -> None:
    """The invariants of issue 4 §7, on the state and the referee's wall.

    Shaped as the referee's ``on_event`` hook: ``Referee(..., on_event=check_invariants)``
    checks them after every event of the match.
    """
    s = ref.state
    r = s.rules
    n = s.players
    wall = ref.wall
    deposit = r.riichi_deposit
    if s.phase != Phase.DONE:
        assert sum(s.scores) + s.kyotaku * deposit == r.start_points * n, "points not conserved"
    if s.phase in (Phase.START_GAME, Phase.START_KYOKU, Phase.END_GAME, Phase.DONE):
        return
    assert wall is not None
    # every tile in exactly one place
    placed: list[int] = list(s.dora_markers)
    for seat in range(n):
        placed += s.hands[seat]
        placed += [t for m in s.melds[seat] for t in m.tiles]
        placed += [t for t, f in zip(s.rivers[seat], s.river_flags[seat], strict=True) if not f & 4]
        placed += [NORTH] * s.nuki[seat]
    extra = max(0, wall.replacements - len(wall.rinshan))
    rest = (
        wall.live[wall.drawn : len(wall.live) - extra]
        + wall.rinshan[wall.replacements :]
        + wall.dora_indicators[wall.revealed :]
        + wall.ura_indicators
    )
    assert Counter(placed + rest) == Counter(full_set(r)), "tiles not conserved"
    assert len(placed) + len(rest) == (136 if n == 4 else 108)
    assert s.live == wall.live_count
    assert s.dora_markers == wall.dora_indicators[: wall.revealed]
    if s.phase == Phase.RESULT:
        return
    for seat in range(n):
        size = len(s.hands[seat]) + 3 * len(s.melds[seat])
        own = seat == s.turn and s.phase in (Phase.ACT, Phase.DISCARD)
        assert size == (14 if own else 13), f"seat {seat} holds {size} tiles"
        assert s.counts[seat] == counts34(s.hands[seat]), "incremental counts differ"
        assert s.memo.suits[seat] == suit_numbers(s.counts[seat]), "incremental suits differ"
        assert s.memo.quads[seat] == (4 in s.counts[seat]), "incremental quads differ"
        assert list(s.memo.discards[seat]) == list(dict.fromkeys(s.hands[seat])), "discards"
        # the floor spares shanten counts: it must never be above the shanten
        assert s.memo.shanten_floor[seat] <= shanten(s.counts[seat]), "shanten floor too high"
        if not own and not s.riichi[seat]:
            assert s.waits[seat] == winning_kinds(s.counts[seat]), "incremental waits differ"
        if s.riichi[seat]:
            assert s.is_closed(seat) and s.waits[seat], "riichi on an open or noten hand"
        legal = legal_actions(s, seat)
        if s.furiten(seat) and s.phase in (Phase.CLAIM, Phase.CHANKAN):
            assert not any(isinstance(a, Hora) for a in legal), "ron while furiten"
        if s.riichi[seat] and own:
            drawn = s.drawn
            assert all(
                not isinstance(a, Dahai) or (drawn is not None and a.pai == drawn) for a in legal
            ), "a riichi hand may only discard the drawn tile"


def legal_by_seat(s: State) -> dict[int, tuple[Action, ...]]:
    """Every seat with a legal action now, with its actions (what the referee should ask)."""
    every = {}
    for seat in range(s.players):
        legal = legal_actions(s, seat)
        if legal:
            every[seat] = legal
    return every


def tally(log: list[Event], ref: Referee, counts: Counter[str]) -> None:
    """Count the rare events of a finished match (the draws by reason, wins by kind,
    double rons, rinshan / chankan / haitei / houtei wins, nukidora, busts)."""
    prev: Event | None = None
    for e in log:
        if isinstance(e, Ryukyoku):
            counts[e.reason] += 1
        if isinstance(e, Hora):
            counts["tsumo" if e.actor == e.target else "ron"] += 1
            if isinstance(prev, Hora):
                counts["double_ron"] += 1
            for name, _ in e.yaku or ():
                if name in ("chankan", "rinshan", "haitei", "houtei"):
                    counts[name] += 1
        if isinstance(e, Nukidora):
            counts["nukidora"] += 1
        prev = e
    if min(ref.state.scores) < 0:
        counts["bust"] += 1


RARE_4 = (
    "kyuushu_kyuuhai",
    "suufon_renda",
    "suucha_riichi",
    "suukan_sanra",
    "sanchahou",
    "nagashi_mangan",
    "double_ron",
    "rinshan",
    "haitei",
    "houtei",
    "bust",
)
RARE_3 = (
    "kyuushu_kyuuhai",
    "nagashi_mangan",
    "double_ron",
    "chankan",
    "rinshan",
    "haitei",
    "houtei",
    "nukidora",
    "bust",
)


def play_checked(
    rules: Rules, seed: int, nagashi: int | None, counts: Counter[str], *, replay: bool = True
) -> Counter[str]:
    """Play one seeded match with the invariants checked after every event; add its rare
    events to ``counts`` and return the events seen by the hook, by type.

    With ``replay``, the log written as mjai and read back must replay through
    :func:`apply` to the same end.
    """
    seen: Counter[str] = Counter()

    def hook(ref: Referee, event: Event) -> None:
        seen[type(event).__name__] += 1
        check_invariants(ref, event)

    ref = Referee(rules, seed=seed, on_event=hook)
    log = ref.play(BiasedAgent(seed, nagashi_seat=nagashi))
    assert ref.done
    tally(log, ref, counts)
    if replay:
        again = State(rules)
        for e in log:
            apply(again, event_from_mjai(json.loads(json.dumps(event_to_mjai(e)))))
        assert again.scores == ref.state.scores and again.final == ref.state.final
    logged = Counter(type(e).__name__ for e in log)
    assert seen == logged, f"the hook saw {dict(seen)}, the log holds {dict(logged)}"
    return seen
