"""A real game's discard position looked at again: the defensive bot's view and the real wall.

A position built from a record (:mod:`jantaku.learn.positions`) names its record file,
the game in it and the event of the discard. :func:`locate` reads the record again
(records stay where the person keeps them; the store holds the path) and replays it
through the engine to that discard, as the acting seat saw it.

- :func:`defense_of` asks the defensive bot (:class:`jantaku.agents.defensive.DefensiveAgent`)
  what it would discard there and why: its push-or-fold line, each threat as
  :func:`jantaku.agents.threats.read_threats` reads it (the chance of tenpai, the value
  of its win) and, for every kind in the hand, the chance of dealing in against each
  threat (:func:`~jantaku.agents.threats.tile_danger`,
  :func:`~jantaku.agents.threats.deal_in_chance`) and the points it is expected to lose
  (chance of tenpai × chance of dealing in × value, summed over the threats).
- :func:`continuation` reads the round's wall from the record's seed
  (:func:`jantaku.logs.tenhou_wall.tenhou_walls`) and gives the acting seat's next draws
  from it, the others' calls as recorded; a call (chii, pon or kan, anyone's) changes the
  order of the draws, so the continuation stops there, as it stops at the round's end.
  Each line (the discard chosen, the discard the player made) is then played on those
  draws by one rule, the advisor's best discard after each draw, so the two compare
  fairly: the shanten after each draw, when tenpai comes and whether the hand wins
  (a tsumo, scored with :func:`jantaku.scoring.score_win`; a ron needs the others'
  discards and is not guessed).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any, Final

from jantaku.agents.defensive import DefensiveAgent
from jantaku.agents.defensive import visible_counts as seen_with_hand
from jantaku.agents.threats import deal_in_chance, read_threats, tile_danger
from jantaku.engine import State, View, apply, legal_actions, observe
from jantaku.engine.view import visible_counts
from jantaku.errors import JantakuError
from jantaku.events import (
    Ankan,
    Chi,
    Dahai,
    Daiminkan,
    Event,
    Hora,
    Kakan,
    Nukidora,
    Pon,
    Reach,
    Ryukyoku,
    StartKyoku,
    Tsumo,
)
from jantaku.hand import advise, shanten
from jantaku.learn.common import code
from jantaku.meld import MeldKind
from jantaku.rules import Rules
from jantaku.scoring import WinSituation, score_win
from jantaku.tiles import KIND_OF, UNKNOWN, is_red

__all__ = ["DRAWS", "Located", "continuation", "defense_of", "locate", "review"]

DRAWS: Final = 6
"""How many of the seat's own next draws a continuation follows at most."""

_SEATS: Final = ("you", "right", "opposite", "left")
_CALLS: Final = {Chi: "chii", Pon: "pon", Daiminkan: "kan", Kakan: "kan", Ankan: "kan"}


@dataclass(frozen=True, slots=True)
class Located:
    """A position found again in its record: the state before the discard (``state``,
    not to be changed), the acting seat's ``view``, the game's ``events``, the
    discard's ``index`` among them, the ``rules`` and the record's ``seed`` ("" if none)."""

    state: State
    view: View
    events: Sequence[Event]
    index: int
    rules: Rules
    seed: str
    red: bool


def locate(pos: dict[str, Any]) -> Located:
    """Replay the record of a built position to its discard.

    Raises :class:`~jantaku.errors.JantakuError` (a :class:`LookupError` kind) when the
    position names no record, the record is gone or no longer holds that discard.
    """
    where = pos.get("record")
    if not where:
        raise _Missing("the position names no record (build it again to see the wall)")
    path = Path(where)
    if not path.is_file():
        raise _Missing(f"the record is no longer at {path}")
    game_at = int(pos.get("game", 0))
    index = int(pos["event"])
    games = _games(str(path), path.stat().st_mtime_ns)
    if game_at < len(games):
        events, rules, seed, red = games[game_at]
        if index >= len(events):
            raise _Missing(f"the record at {path} no longer holds this position")
        state = State(rules)
        for e in events[:index]:
            apply(state, e)
        e = events[index]
        if type(e) is Dahai and code(KIND_OF[e.pai]) == pos.get("choice"):
            return Located(state, observe(state, e.actor), events, index, rules, seed, red)
    raise _Missing(f"the record at {path} no longer holds this position")


@lru_cache(maxsize=8)
def _games(path: str, _mtime: int) -> tuple[tuple[tuple[Event, ...], Rules, str, bool], ...]:
    """The games of a record file (events, rules, seed, red fives), kept for the next
    answers on the same record while the file is unchanged."""
    from jantaku.logs.replay import read_records
    from jantaku.logs.tenhou import TenhouGame

    out = []
    for _name, game, rules in read_records(path):
        if isinstance(game, TenhouGame):
            out.append((tuple(game.events), rules, game.shuffle, game.lobby.red_fives))
        else:
            out.append((tuple(game), rules, "", any(rules.red_fives)))
    return tuple(out)


class _Missing(JantakuError, LookupError):
    """A position's record cannot be found again."""


def _kind_index(view: View) -> list[int]:
    return sorted({KIND_OF[t] for t in view.hand})


def defense_of(
    view: View, legal: Sequence[Any], rules: Rules | None = None, *, declared: bool = False
) -> dict[str, Any]:
    """The defensive bot's view of a discard: its choice and why, the threats, and each
    kind of the hand's danger against them, JSON-ready.

    ``legal`` are the seat's legal actions (:func:`jantaku.engine.legal_actions`); the
    bot chooses among the discards, and says whether it would declare riichi.
    ``declared``: the seat has just declared riichi, so only discards that keep tenpai
    are legal (the stance is then ``riichi``).
    """
    dahais = [a for a in legal if isinstance(a, Dahai)]
    agent = DefensiveAgent(rules)
    chosen = agent.act(view, dahais)
    assert isinstance(chosen, Dahai)
    reason = agent.last_reason
    if declared:
        reason = "riichi: declared, a discard that keeps tenpai"
    elif len({KIND_OF[a.pai] for a in dahais}) == 1:
        reason = "forced: the only legal discard"
    riichi = False
    if any(isinstance(a, Reach) for a in legal):
        riichi = isinstance(
            DefensiveAgent(rules).act(view, [*dahais, *(a for a in legal if isinstance(a, Reach))]),
            Reach,
        )
    found = read_threats(view)
    seen = seen_with_hand(view)
    chances = [[deal_in_chance(d) for d in tile_danger(view, t.seat, seen)] for t in found]
    tiles = []
    for k in _kind_index(view):
        per = [round(c[k], 3) for c in chances]
        cost = sum(t.tenpai * t.value * c for t, c in zip(found, per, strict=True))
        tiles.append({"tile": code(k), "deal_in": per, "cost": round(cost)})
    stance = reason.split(" ", 1)[0].rstrip(":") if reason else ""
    return {
        "tile": code(KIND_OF[chosen.pai]),
        "riichi": riichi,
        "stance": {"attack": "push", "riichi": "riichi"}.get(stance, stance),
        "reason": reason,
        "threats": [
            {
                "seat": (t.seat - view.seat) % view.players,
                "tenpai": round(t.tenpai, 3),
                "value": round(t.value),
                "why": t.why,
                "weight": round(t.weight, 3),
            }
            for t in found
        ],
        "tiles": tiles,
    }


def _draws_before(events: Sequence[Event], start: int, index: int) -> tuple[int, int]:
    """The live draws and replacement draws taken in the round from ``start`` to ``index``."""
    taken = used = 0
    replacing = -1
    for e in events[start:index]:
        kind = type(e)
        if kind is Tsumo:
            assert isinstance(e, Tsumo)
            if e.actor == replacing:
                replacing = -1
                used += 1
            else:
                taken += 1
        elif isinstance(e, Ankan | Daiminkan | Kakan | Nukidora):
            replacing = e.actor
    return taken, used


def _wall(loc: Located, round_index: int) -> list[int]:
    """The round's live wall in jantaku tiles, in drawing order."""
    from jantaku.logs.tenhou_ids import ID_TILE, ID_TILE_PLAIN
    from jantaku.logs.tenhou_wall import tenhou_walls

    walls = tenhou_walls(loc.seed, loc.view.players)
    for _ in range(round_index):
        next(walls)
    wall = next(walls)
    table = ID_TILE if loc.red else ID_TILE_PLAIN
    return [table[i] for i in wall.live]


def _own_draws(loc: Located, limit: int) -> dict[str, Any]:
    """The acting seat's next draws from the wall, the calls as recorded, and why they
    stop: ``why`` is ``{"kind": "call" | "end" | "draw" | "wall" | "record", …}`` (the
    seat that called and the call, who won and how), ``None`` after ``limit`` draws."""
    seat = loc.view.seat
    n = loc.view.players
    starts = [i for i, e in enumerate(loc.events[: loc.index]) if type(e) is StartKyoku]
    live = _wall(loc, len(starts) - 1)
    taken, used = _draws_before(loc.events, starts[-1], loc.index)
    draws: list[dict[str, Any]] = []
    why: dict[str, Any] | None = {"kind": "record"}
    for e in loc.events[loc.index + 1 :]:
        kind = type(e)
        if kind is Tsumo:
            assert isinstance(e, Tsumo)
            at = taken
            taken += 1
            if e.actor != seat:
                continue
            if at >= len(live) - used:
                why = {"kind": "wall"}
                break
            draws.append({"tile": code(live[at]), "raw": live[at], "recorded": e.pai})
            if len(draws) >= limit:
                why = None
                break
        elif kind in _CALLS or kind is Nukidora:
            actor = getattr(e, "actor", seat)
            why = {
                "kind": "call",
                "who": _SEATS[(actor - seat) % n],
                "call": _CALLS.get(kind, "kita"),
            }
            break
        elif kind is Hora:
            assert isinstance(e, Hora)
            how = "tsumo" if e.is_tsumo else "ron"
            why = {"kind": "end", "who": _SEATS[(e.actor - seat) % n], "how": how}
            break
        elif kind is Ryukyoku:
            why = {"kind": "draw"}
            break
    return {"draws": draws, "why": why, "stop": _stop_text(why)}


def _stop_text(why: dict[str, Any] | None) -> str:
    """Why a continuation stops, in a few words."""
    if why is None:
        return ""
    kind = why["kind"]
    if kind == "call":
        who = "you" if why["who"] == "you" else f"the seat on the {why['who']}"
        if why["who"] == "opposite":
            who = "the seat opposite"
        return f"{who} called {why['call']}: after a call the draws come in another order"
    if kind == "end":
        if why["who"] == "you":
            return f"the round ended: your {why['how']}"
        return f"the round ended: {why['how']} by {why['who']}"
    if kind == "draw":
        return "the round ended in a draw"
    if kind == "wall":
        return "the wall ran out"
    return "the record ends"


def _line(
    view: View, rules: Rules, discard: int, draws: Sequence[int], seen: Sequence[int]
) -> dict[str, Any]:
    """One discard played on the given draws, the advisor's best discard after each."""
    hand = list(view.hand)
    places = [i for i, t in enumerate(hand) if KIND_OF[t] == discard]
    del hand[next((i for i in places if not is_red(hand[i])), places[0])]
    counts = [0] * 34
    for t in hand:
        counts[KIND_OF[t]] += 1
    steps: list[dict[str, Any]] = []
    start = shanten(counts)
    tenpai_at: int | None = 0 if start == 0 else None
    won: dict[str, Any] | None = None
    for n, d in enumerate(draws, 1):
        k = KIND_OF[d]
        counts[k] += 1
        hand.append(d)
        if shanten(counts) == -1:
            won = _tsumo(view, rules, hand, d) | {"draw": n}
            steps.append({"draw": code(d), "shanten": -1, "discard": None})
            break
        best = advise(counts, seen)[0]
        out = best.discard
        counts[out] -= 1
        places = [i for i, t in enumerate(hand) if KIND_OF[t] == out]
        gone = hand.pop(next((i for i in places if not is_red(hand[i])), places[0]))
        steps.append({"draw": code(d), "shanten": best.shanten, "discard": code(gone)})
        if best.shanten == 0 and tenpai_at is None:
            tenpai_at = n
    return {
        "discard": code(discard),
        "shanten": start,
        "steps": steps,
        "tenpai_at": tenpai_at,
        "won": won,
    }


def _tsumo(view: View, rules: Rules, hand: list[int], win: int) -> dict[str, Any]:
    """A complete hand after a draw: its tsumo scored, or that it has no yaku."""
    try:
        r = score_win(
            WinSituation(
                concealed=tuple(hand),
                melds=view.melds[view.seat],
                win_tile=win,
                round_wind=view.bakaze,
                winner=view.seat,
                dealer=view.oya,
                dora_indicators=tuple(t for t in view.dora_markers if t != UNKNOWN),
                rules=rules,
            )
        )
    except JantakuError:
        return {"yaku": False, "points": 0, "summary": "no yaku"}
    summary = "yakuman" if r.yakuman else f"{r.fu} fu {r.han} han"
    return {
        "yaku": True,
        "points": r.total,
        "summary": summary,
        "names": [y.romaji for y in r.yaku],
    }


def continuation(loc: Located, discards: Sequence[int], *, limit: int = DRAWS) -> dict[str, Any]:
    """The seat's next draws from the record's wall and each discard of ``discards``
    (kinds) played on them; ``available`` is false, with ``why``, for a record without
    a Tenhou seed."""
    from jantaku.logs.tenhou_wall import SEED_PREFIX

    if not loc.seed.startswith(SEED_PREFIX):
        return {"available": False, "why": "the record carries no wall seed"}
    found = _own_draws(loc, limit)
    tiles = [d["raw"] for d in found["draws"]]
    seen = visible_counts(loc.view)
    closed = all(m.kind is MeldKind.ANKAN for m in loc.view.melds[loc.view.seat])
    lines = {code(k): _line(loc.view, loc.rules, k, tiles, seen) for k in dict.fromkeys(discards)}
    return {
        "available": True,
        "draws": [d["tile"] for d in found["draws"]],
        "recorded": [code(d["recorded"]) for d in found["draws"]],
        "stop": found["stop"],
        "why": found["why"],
        "closed": closed,
        "lines": list(lines.values()),
    }


def review(pos: dict[str, Any], given: int | None) -> dict[str, Any]:
    """The defensive bot's view and the continuation of a real game's position, for the
    discard ``given`` (a kind; ``None`` when the answer is no tile of the hand) beside
    the player's: ``{"defense": …, "continuation": …}``, or ``{"missing": why}``."""
    try:
        loc = locate(pos)
    except (JantakuError, OSError) as e:
        return {"missing": str(e)}
    legal = legal_actions(loc.state, loc.view.seat)
    declared = loc.index > 0 and type(loc.events[loc.index - 1]) is Reach
    out: dict[str, Any] = {"defense": defense_of(loc.view, legal, loc.rules, declared=declared)}
    event = loc.events[loc.index]
    assert isinstance(event, Dahai)
    recorded = KIND_OF[event.pai]
    held = {KIND_OF[t] for t in loc.view.hand}
    kinds = [recorded] if given is None or given not in held else [given, recorded]
    out["continuation"] = continuation(loc, kinds)
    return out
