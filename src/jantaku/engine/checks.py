"""The rule predicates: may this seat riichi, call, win, abort the hand (G4–G10, Y1, Y28).

Each reads a :class:`~jantaku.engine.state.State` and changes nothing. The transition
(:mod:`jantaku.engine.transition`) asks them before it moves the state, and the legal
actions (:mod:`jantaku.engine.legal`) ask them to list what a seat may do, so both say
the same thing.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Final

from jantaku.engine.state import Phase, State, win_situation
from jantaku.engine.waits import hand_waits as _waits
from jantaku.errors import ArgumentError, ArgumentTypeError, IllegalActionError, JantakuError
from jantaku.events import Hora
from jantaku.hand import is_complete, readings, shanten
from jantaku.hand.tables import PLACE_VALUE, SUIT_OF, shanten_of_numbers
from jantaku.meld import Meld, MeldKind
from jantaku.rules import MultipleRon, Rules
from jantaku.scoring.score import has_yaku
from jantaku.tiles import (
    KIND_OF,
    UNKNOWN,
    YAOCHUU,
    Tile,
    format_tiles,
)

__all__ = [
    "Refusal",
    "Refused",
    "abort_refusal",
    "can_ron",
    "can_tsumo",
    "kuikae_kinds",
    "kyuushu_refusal",
    "nagashi_seats",
    "riichi_ankan_refusal",
    "riichi_discard_refusal",
    "riichi_refusal",
]


class Refusal(Enum):
    """The kind of a rule's no, as the predicates of this module give it in a :class:`Refused`."""

    ALREADY_RIICHI = "already_riichi"  # riichi is declared already (Y1)
    OPEN_HAND = "open_hand"  # riichi needs a closed hand (Y1)
    TOO_FEW_POINTS = "too_few_points"  # riichi needs the deposit (Rules.riichi_min_points)
    TOO_FEW_TILES = "too_few_tiles"  # riichi needs a draw left (Rules.riichi_min_tiles_left)
    NOT_TENPAI = "not_tenpai"  # riichi, and its discard, need a tenpai hand (Y1)
    WINNING_DISCARD = "winning_discard"  # the riichi discard would be a winning tile (G8)
    NOT_THE_DRAWN_TILE = "not_the_drawn_tile"  # after riichi only the drawn tile moves (G8)
    CHANGES_WAITS = "changes_waits"  # an ankan after riichi may not change the waits (G8)
    CHANGES_READING = "changes_reading"  # nor how the hand is read (G8)
    NOT_IN_THESE_RULES = "not_in_these_rules"  # the rules do not play it
    NOT_NOW = "not_now"  # not at this moment of the hand (G10)
    NOT_MET = "not_met"  # the hand or the table does not meet its condition (G10)
    NO_SUCH_DRAW = "no_such_draw"  # an abortive draw that does not exist


@dataclass(frozen=True, slots=True)
class Refused:
    """A rule's no: its :class:`Refusal` and the message a player reads (``str()``).

    The predicates of this module return one, or ``None`` when the rule allows it.

    >>> from jantaku.engine import State
    >>> from jantaku.rules import TENHOU
    >>> why = kyuushu_refusal(State(TENHOU), 0)
    >>> why.refusal, str(why)
    (<Refusal.NOT_NOW: 'not_now'>, "kyuushu kyuuhai only on one's first, uninterrupted draw")
    """

    refusal: Refusal
    message: str

    def __str__(self) -> str:
        return self.message

    def __reduce__(self) -> tuple[type[Refused], tuple[object, ...]]:
        """Pickled and copied as its fields (a compiled class has no other way)."""
        return (Refused, (self.refusal, self.message))


def _not_played(name: str) -> Refused:
    return Refused(Refusal.NOT_IN_THESE_RULES, f"{name} is not played under these rules")


# the refusals whose message never changes, made once
_RIICHI_DECLARED: Final = Refused(Refusal.ALREADY_RIICHI, "riichi is already declared")
_RIICHI_OPEN_HAND: Final = Refused(Refusal.OPEN_HAND, "riichi needs a closed hand")
_RIICHI_NOT_TENPAI: Final = Refused(Refusal.NOT_TENPAI, "riichi needs a tenpai hand")
_RIICHI_WINNING_DISCARD: Final = Refused(
    Refusal.WINNING_DISCARD, "riichi may not be declared by discarding a winning tile (G8)"
)
_RIICHI_DISCARD_NOT_TENPAI: Final = Refused(
    Refusal.NOT_TENPAI, "a riichi discard must leave the hand tenpai"
)
_ANKAN_NOT_DRAWN: Final = Refused(
    Refusal.NOT_THE_DRAWN_TILE, "after riichi only the drawn tile may make an ankan"
)
_ANKAN_CHANGES_WAITS: Final = Refused(
    Refusal.CHANGES_WAITS, "after riichi an ankan may not change the waits (G8)"
)
_ANKAN_CHANGES_READING: Final = Refused(
    Refusal.CHANGES_READING, "after riichi an ankan may not change how the hand is read"
)
_KYUUSHU_NOT_PLAYED: Final = _not_played("kyuushu kyuuhai")
_KYUUSHU_NOT_NOW: Final = Refused(
    Refusal.NOT_NOW, "kyuushu kyuuhai only on one's first, uninterrupted draw"
)
_KYUUSHU_NOT_MET: Final = Refused(Refusal.NOT_MET, "fewer than nine different terminals and honors")
_SUUFON_NOT_PLAYED: Final = _not_played("suufon renda")
_SUUFON_NOT_NOW: Final = Refused(
    Refusal.NOT_NOW, "suufon renda follows the last of the first discards"
)
_SUUFON_NOT_ONE_EACH: Final = Refused(
    Refusal.NOT_MET, "suufon renda needs exactly one uninterrupted discard by everyone"
)
_SUUFON_NOT_ONE_WIND: Final = Refused(
    Refusal.NOT_MET, "the first discards are not all the same wind"
)
_SUUCHA_NOT_PLAYED: Final = _not_played("suucha riichi")
_SUUCHA_NOT_NOW: Final = Refused(
    Refusal.NOT_NOW, "suucha riichi follows the accepted fourth riichi"
)
_SUUCHA_NOT_MET: Final = Refused(Refusal.NOT_MET, "not every player is in riichi")
_SUUKAN_NOT_PLAYED: Final = _not_played("suukan sanra")
_SUUKAN_NOT_NOW: Final = Refused(
    Refusal.NOT_NOW, "suukan sanra follows the discard after the fourth kan"
)
_SUUKAN_NOT_MET: Final = Refused(Refusal.NOT_MET, "four kans by more than one player are needed")
_SANCHAHOU_NOT_PLAYED: Final = _not_played("sanchahou")
_SANCHAHOU_NOT_NOW: Final = Refused(Refusal.NOT_NOW, "sanchahou is three rons on one discard")
_SANCHAHOU_NOT_MET: Final = Refused(Refusal.NOT_MET, "fewer than three players can ron")


def illegal(seat: int | None, event: object, reason: str) -> IllegalActionError:
    return IllegalActionError(reason, seat=seat, action=event)


def check_seat(s: State, seat: int, event: object) -> None:
    if seat.__class__ is not int or not 0 <= seat < s.players:
        raise illegal(None, event, f"no seat {seat!r} at a table of {s.players}")


def check_tile(s: State, t: Tile, event: object, seat: int | None = None) -> None:
    """A tile that may enter play: a real tile, not a fifth copy, no second red five."""
    if t.__class__ is not int or not 0 <= t < UNKNOWN:
        raise illegal(seat, event, f"not a known tile: {t!r}")
    k = KIND_OF[t]
    if s.players == 3 and 1 <= k <= 7:
        raise illegal(seat, event, "three-player mahjong has no 2m–8m")
    kn = s.known
    n = kn[k] + (kn[34 + k // 9] if k in (4, 13, 22) else 0)
    if n >= 4:
        raise illegal(seat, event, f"a fifth {format_tiles([t])}")
    if t >= 34 and kn[t] >= s.rules.red_fives[t - 34]:
        raise illegal(seat, event, f"one red {format_tiles([t])} too many")
    if t in (4, 13, 22) and kn[t] >= 4 - s.rules.red_fives[t // 9]:
        raise illegal(seat, event, f"a plain five {format_tiles([t])} that is red in this set")


def not_now(s: State) -> str:
    """Why nothing of the kind can happen now, as a player says it (the phase in brackets)."""
    ph = s.phase
    if ph == Phase.START_GAME:
        why = "the game has not begun"
    elif ph == Phase.START_KYOKU:
        why = "no hand is dealt"
    elif ph == Phase.DRAW:
        why = f"seat {s.turn} is to draw"
    elif ph == Phase.ACT:
        why = f"seat {s.turn} has drawn and is to discard"
    elif ph == Phase.DISCARD:
        why = f"seat {s.turn} has called and is to discard"
    elif ph == Phase.CLAIM:
        lying = "" if s.last_discard is None else f" of {format_tiles([s.last_discard])}"
        why = f"the discard{lying} by seat {s.last_discarder} may still be called"
    elif ph == Phase.CHANKAN:
        why = f"the kan of seat {s.turn} may still be robbed (chankan)"
    elif ph == Phase.RESULT:
        why = "the hand is over"
    else:
        why = "the match is over"
    return f"not now: {why} ({s.phase_name} phase)"


def need_phase(s: State, phases: tuple[int, ...], seat: int | None, event: object) -> None:
    if s.phase not in phases:
        raise illegal(seat, event, not_now(s))


def holds_all(hand: list[Tile], tiles: tuple[Tile, ...]) -> bool:
    """Whether ``tiles`` (a multiset) are all in ``hand``."""
    if len(tiles) == 1:
        return tiles[0] in hand
    rest = list(hand)
    for t in tiles:
        try:
            rest.remove(t)
        except ValueError:
            return False
    return True


def riichi_refusal(s: State, seat: int) -> Refused | None:
    """Why ``seat`` may not declare riichi now, or ``None`` if it may (Y1, G8)."""
    if s.riichi[seat] or s.riichi_pending is not None:
        return _RIICHI_DECLARED
    if not s.is_closed(seat):
        return _RIICHI_OPEN_HAND
    if s.scores[seat] < s.rules.riichi_min_points:
        return Refused(Refusal.TOO_FEW_POINTS, f"riichi needs {s.rules.riichi_min_points} points")
    if s.live < max(1, s.rules.riichi_min_tiles_left):
        return Refused(
            Refusal.TOO_FEW_TILES,
            f"riichi needs {max(1, s.rules.riichi_min_tiles_left)} tiles left in the wall",
        )
    # a draw lowers shanten by one at most: a known lower bound spares the count
    if s.memo.shanten_floor[seat] > 0:
        return _RIICHI_NOT_TENPAI
    complete_ok = s.rules.riichi_on_complete_hand
    drawn = s.drawn
    if s.waits[seat] and (complete_ok or drawn is None or KIND_OF[drawn] not in s.waits[seat]):
        return None  # tenpai before the draw: the drawn tile can go
    sh = shanten_of_numbers(s.memo.suits[seat], s.counts[seat], len(s.hands[seat]))
    if sh > 0:
        return _RIICHI_NOT_TENPAI
    if not complete_ok:
        c = s.counts[seat]
        if not any(c[k] and not riichi_discard_refusal(s, seat, k) for k in range(34)):
            return _RIICHI_WINNING_DISCARD
    return None


def riichi_discard_refusal(s: State, seat: int, k: int) -> Refused | None:
    """Why discarding kind ``k`` cannot declare riichi, or ``None`` (G8).

    The hand left must be tenpai: told by the shanten tables from the hand's suit numbers
    (:class:`~jantaku.engine.state.Memo`), as the transition tells it after a discard
    (a shanten of 0 is a tenpai shape: some kind completes it). Without riichi on a
    complete hand, the discard may not be a winning tile of what is left: the tile
    completes what is left exactly when the whole hand is complete.
    """
    counts = s.counts[seat]
    tiles = len(s.hands[seat]) - 1  # after the discard: 3k+1 on a turn
    if tiles % 3 != 1:  # not a turn's hand: the waits listed
        counts[k] -= 1
        w = _waits(counts)
        counts[k] += 1
        if not w:
            return _RIICHI_DISCARD_NOT_TENPAI
        if not s.rules.riichi_on_complete_hand and k in w and is_complete(counts):
            return _RIICHI_WINNING_DISCARD
        return None
    numbers = s.memo.suits[seat]
    suit = SUIT_OF[k]
    place = PLACE_VALUE[k]
    counts[k] -= 1
    numbers[suit] -= place
    sh = shanten_of_numbers(numbers, counts, tiles)
    numbers[suit] += place
    counts[k] += 1
    if sh > 0:
        return _RIICHI_DISCARD_NOT_TENPAI
    if not s.rules.riichi_on_complete_hand and is_complete(counts):
        return _RIICHI_WINNING_DISCARD
    return None


def riichi_discard_advice(s: State, seat: int, k: int, why: str) -> str:
    """``why`` the riichi discard of kind ``k`` is refused, with what the hand would be
    without it and the discards that would declare riichi (Y1, G8).

    Riichi is declared by a closed tenpai hand (Y1; the 000 rulebook: 面前清聴牌の時,
    and 不聴で立直を掛ける is a chombo, P1), so the riichi discard must leave the hand
    tenpai. Only for the message of a refused discard: the legal discards are listed by
    :func:`riichi_discard_refusal` alone.
    """
    counts = s.counts[seat]
    counts[k] -= 1
    try:
        without = shanten(counts)
    finally:
        counts[k] += 1
    if without > 0:
        why = f"{why} (Y1): without {format_tiles([k])} the hand is {without}-shanten"
    fits = []
    for j in range(34):
        if counts[j] and not riichi_discard_refusal(s, seat, j):
            counts[j] -= 1
            waits = _waits(counts)
            counts[j] += 1
            fits.append(f"{format_tiles([j])} (waiting on {format_tiles(list(waits))})")
    if not fits:
        return f"{why}; no discard would declare riichi"
    return f"{why}; discard {' or '.join(fits)} instead"


def kuikae_kinds(meld: Meld, rules: Rules) -> tuple[int, ...]:
    """The kinds one may not discard right after calling ``meld`` (G6).

    >>> from jantaku.meld import parse_meld
    >>> from jantaku.rules import TENHOU
    >>> kuikae_kinds(parse_meld("[3-45m]"), TENHOU)
    (2, 5)
    """
    if not rules.kuikae_forbidden or meld.called is None:
        return ()
    c = KIND_OF[meld.called]
    out = [c]
    if meld.kind is MeldKind.CHII and rules.suji_kuikae_forbidden:
        lo = meld.kind34
        if c == lo and c % 9 <= 5:
            out.append(c + 3)
        elif c == lo + 2 and c % 9 >= 3:
            out.append(c - 3)
    return tuple(out)


def is_kokushi_wait(s: State, seat: int) -> bool:
    c = s.counts[seat]
    return not s.melds[seat] and sum(c[k] for k in YAOCHUU) == 13


def riichi_ankan_refusal(s: State, seat: int, k: int) -> Refused | None:
    """Why an ankan of kind ``k`` after riichi is refused, or ``None`` (G8: waits unchanged)."""
    if s.drawn is None or KIND_OF[s.drawn] != k:
        return _ANKAN_NOT_DRAWN
    c = list(s.counts[seat])
    c[k] -= 1
    before = _waits(c)
    c[k] = 0
    after = _waits(c)
    if before != after:
        return _ANKAN_CHANGES_WAITS
    # the kan must not break a reading that uses the tiles as a run
    c[k] = 3
    for w in before:
        c[w] += 1
        if any(k not in r.triplets for r in readings(c)):
            return _ANKAN_CHANGES_READING
        c[w] -= 1
    return None


def nagashi_seats(s: State) -> list[int]:
    """Seats with nagashi mangan at an exhaustive draw: every discard a terminal or an
    honor, none of them called (Y28)."""
    if not s.rules.nagashi_mangan:
        return []
    return [i for i in range(s.players) if s.nagashi[i] and s.rivers[i]]


def kyuushu_refusal(s: State, seat: int) -> Refused | None:
    """Why ``seat`` may not declare kyuushu kyuuhai now, or ``None`` (G10)."""
    if not s.rules.abort_kyuushu_kyuuhai:
        return _KYUUSHU_NOT_PLAYED
    if not s.first_turn[seat] or s.interrupted or s.drawn is None:
        return _KYUUSHU_NOT_NOW
    c = s.counts[seat]
    if sum(1 for k in YAOCHUU if c[k]) < 9:
        return _KYUUSHU_NOT_MET
    return None


def _after_discard(s: State) -> bool:
    """A discard is open to claims and no riichi waits for its acceptance: the moment an
    abortive draw after a discard (suufon renda, suucha riichi, suukan sanra) is called."""
    return s.phase == Phase.CLAIM and s.riichi_pending is None


def abort_refusal(s: State, reason: str) -> Refused | None:
    """Why the abortive draw ``reason`` cannot be declared now, or ``None`` (G10)."""
    r = s.rules
    n = s.players
    if reason == "suufon_renda":
        if not r.abort_suufon_renda:
            return _SUUFON_NOT_PLAYED
        if not _after_discard(s):
            return _SUUFON_NOT_NOW
        if s.interrupted or any(len(rv) != 1 for rv in s.rivers):
            return _SUUFON_NOT_ONE_EACH
        kinds = {KIND_OF[rv[0]] for rv in s.rivers}
        if len(kinds) != 1 or not 27 <= next(iter(kinds)) <= 30:
            return _SUUFON_NOT_ONE_WIND
        return None
    if reason == "suucha_riichi":
        if not r.abort_suucha_riichi:
            return _SUUCHA_NOT_PLAYED
        if not _after_discard(s):
            return _SUUCHA_NOT_NOW
        if n != 4 or not all(s.riichi):
            return _SUUCHA_NOT_MET
        return None
    if reason == "suukan_sanra":
        if not r.abort_suukan_sanra:
            return _SUUKAN_NOT_PLAYED
        if not _after_discard(s):
            return _SUUKAN_NOT_NOW
        if s.total_kans != 4 or len(set(s.kan_owners)) < 2:
            return _SUUKAN_NOT_MET
        return None
    if reason == "sanchahou":
        if not r.abort_sanchahou or r.multiple_ron is not MultipleRon.DOUBLE_TRIPLE_ABORT:
            return _SANCHAHOU_NOT_PLAYED
        if s.phase not in (Phase.CLAIM, Phase.CHANKAN):
            return _SANCHAHOU_NOT_NOW
        if sum(1 for i in range(n) if can_ron(s, i)) < 3:
            return _SANCHAHOU_NOT_MET
        return None
    return Refused(Refusal.NO_SUCH_DRAW, f"no such draw: {reason!r}")


# --- wins -------------------------------------------------------------------------------

_NO_URA = Hora(actor=0, target=0)
_ACT: Final = Phase.ACT


def _has_yaku(s: State, seat: int, tile: Tile, discarder: int | None) -> bool:
    """Whether the win of ``seat`` on ``tile`` has a yaku (the shape's analysis is kept
    for the scoring of the win, :func:`jantaku.scoring.has_yaku`)."""
    try:
        return has_yaku(win_situation(s, seat, tile, discarder, _NO_URA))
    except JantakuError:
        return False


def can_ron(s: State, seat: int) -> bool:
    """Whether ``seat`` may win on the tile lying now (a discard or a robbable kan).

    >>> from jantaku.rules import TENHOU
    >>> can_ron(State(TENHOU), 1)
    False
    """
    if seat.__class__ is not int or not 0 <= seat < s.players:
        raise no_seat_error(s, seat)
    if s.phase == Phase.CLAIM:
        tile, discarder = s.last_discard, s.last_discarder
    elif s.phase == Phase.CHANKAN:
        tile, discarder = s.chankan_tile, s.turn
    else:
        return False
    if tile is None or discarder is None or seat == discarder:
        return False
    if KIND_OF[tile] not in s.waits[seat] or s.furiten(seat):
        return False
    if s.phase == Phase.CHANKAN and s.chankan_kind == "ankan" and not is_kokushi_wait(s, seat):
        return False
    return _has_yaku(s, seat, tile, discarder)


def can_tsumo(s: State, seat: int) -> bool:
    """Whether ``seat`` may declare tsumo on the tile just drawn."""
    if seat.__class__ is not int or not 0 <= seat < s.players:
        raise no_seat_error(s, seat)
    if s.phase != _ACT or seat != s.turn or s.drawn is None:
        return False
    if s.riichi_pending is not None:
        return False
    # the waits of the hand before the draw are kept up to date by apply
    return KIND_OF[s.drawn] in s.waits[seat] and _has_yaku(s, seat, s.drawn, None)


def no_seat_error(s: State, seat: object) -> ArgumentError:
    """The error for a seat argument that is not a seat of the table."""
    if seat.__class__ is not int:
        return ArgumentTypeError(f"a seat is an int 0-{s.players - 1}, not {seat!r}")
    last = s.players - 1
    return ArgumentError(f"no seat {seat!r} at a table of {s.players} (seats are 0-{last})")
