"""Reading the other seats (相手の読み): who may be tenpai, for how much, and on which tiles.

The defensive bot (:mod:`jantaku.agents.defensive`) weighs every discard by what it
could cost; this module gives it the two halves of that cost.

- **Threats** (:func:`read_threats`): for each opponent, the chance it is tenpai and
  the points its win would take. A riichi is tenpai. An open hand is tenpai more often
  with more calls and later in the hand, and more so when it has let its draws go
  (ツモ切り) since; its value is read from what it shows: yakuhai and dora in its melds,
  a one-suit (染め) or all-pon (対々) look, the dealer's half again. A closed hand that
  has not declared may be a quiet tenpai (ダマ) late in the hand. :func:`threats` gives
  each a weight, riichi of a non-dealer = 1.
- **Tile danger** (:func:`tile_danger`), against one opponent: the waits that could
  still complete a tile, each counted by the copies left to make it. A tile it
  discarded (現物), or let pass after its riichi, is safe: every wait on it is furiten.
  A two-sided wait (両面) is ruled out when its other end is furiten (筋), and every
  wait that needs a neighbour thins as the copies of that neighbour come into sight,
  the seat's own hand included: none left rules the wait out (ノーチャンス, 壁), one
  left nearly (ワンチャンス). The copies of the tile itself rule out only the waits
  that hold it, the pair (シャンポン) and the single (単騎): four copies in sight leave
  every wait that uses the tile as a neighbour's partner. Less for tiles outside an
  early discard of the same suit (序盤の外側); more for dora and their neighbours;
  against a one-suit hand, other suits are almost safe.

:func:`deal_in_chance` turns a danger into the chance that a tenpai opponent wins on
the tile: a two-sided wait's tile nobody has discarded (無筋の中張牌) deals in about one
time in eight, as in the statistics of strong players' games.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from jantaku.engine.view import View, visible_counts
from jantaku.meld import MeldKind
from jantaku.tiles import DRAGONS, EAST, KIND_OF, UNKNOWN, dora_from_indicator, is_red

__all__ = [
    "RIICHI_VALUE",
    "Threat",
    "danger_of",
    "deal_in_chance",
    "demo_view",
    "dora_kinds",
    "read_threats",
    "safe_kinds",
    "seat_wind",
    "threats",
    "tile_danger",
]

RIICHI_VALUE: Final = 5500.0
"""The points a non-dealer's riichi takes on a ron, on average (a dealer's: half again)."""
_TRIPLETS: Final = (MeldKind.PON, MeldKind.KAKAN, MeldKind.DAIMINKAN, MeldKind.ANKAN)
_SIDE: Final = 4.0  # a two-sided wait (両面) that could complete the tile
_KANCHAN: Final = 1.0
_PENCHAN: Final = 0.8
_SHANPON: Final = 0.9
_TANKI: Final = 0.4
_HONOR_SHANPON: Final = 1.2
_HONOR_TANKI: Final = 0.6
_EARLY: Final = 6  # discards that count as early (序盤)
_PER_DANGER: Final = 0.012  # the chance of a deal-in per unit of danger
_WEIGHT_CUT: Final = 0.2  # threats() leaves out weights below this
# the points of a non-dealer's ron by han (30 fu), for a fractional han by interpolation
_POINTS: Final = (0.0, 1000.0, 2000.0, 3900.0, 7700.0, 8000.0, 12000.0, 12000.0, 16000.0)


def dora_kinds(view: View) -> list[int]:
    """The dora kinds the indicators in ``view`` show."""
    return [dora_from_indicator(t, players=view.players) for t in view.dora_markers if t != UNKNOWN]


def seat_wind(view: View, seat: int) -> int:
    """The seat wind (自風) of ``seat`` in ``view``'s hand."""
    return EAST + (seat - view.oya) % view.players


def honitsu_suit(view: View, seat: int) -> int | None:
    """The suit (0 man, 1 pin, 2 sou) an open hand's melds all show with honors, if any."""
    suits = {KIND_OF[m.tiles[0]] // 9 for m in view.melds[seat]}
    suits.discard(3)
    if len(suits) != 1 or len(view.melds[seat]) < 2:
        return None
    return suits.pop()


def _points(han: float) -> float:
    han = max(1.0, min(han, 8.0))
    low = int(han)
    if low >= 8:
        return _POINTS[8]
    return _POINTS[low] + (han - low) * (_POINTS[low + 1] - _POINTS[low])


def _tsumogiri_run(view: View, seat: int) -> int:
    """The seat's last discards in a row that were the tile it drew (ツモ切り)."""
    run = 0
    for flags in reversed(view.river_flags[seat]):
        if not flags & 1:
            break
        run += 1
    return run


@dataclass(frozen=True, slots=True)
class Threat:
    """One opponent as read from the table: its chance of being tenpai, the points of its
    win on a ron, and why (a short note in the table's words)."""

    seat: int
    tenpai: float
    value: float
    why: str

    @property
    def weight(self) -> float:
        """The expected loss of a deal-in relative to a non-dealer's riichi (1.0)."""
        return self.tenpai * self.value / RIICHI_VALUE

    @property
    def riichi(self) -> bool:
        return self.why.startswith("riichi")

    def __reduce__(self) -> tuple[type[Threat], tuple[object, ...]]:
        """Pickled and copied as its fields (a compiled class has no other way)."""
        return (Threat, (self.seat, self.tenpai, self.value, self.why))


def read_threats(view: View) -> list[Threat]:
    """Every opponent that may be tenpai, as :class:`Threat` (see the module docstring).

    >>> [(t.seat, t.tenpai, t.value, t.why) for t in read_threats(demo_view(riichi=(0, 1, 0, 0)))]
    [(1, 1.0, 5500.0, 'riichi')]
    """
    out: list[Threat] = []
    dora = set(dora_kinds(view))
    for o in range(view.players):
        if o == view.seat:
            continue
        dealer = 1.5 if o == view.oya else 1.0
        turn = len(view.river_tiles[o])
        if view.riichi[o]:
            out.append(Threat(o, 1.0, RIICHI_VALUE * dealer, "riichi"))
            continue
        melds = [m for m in view.melds[o] if m.kind is not MeldKind.ANKAN]
        run = min(_tsumogiri_run(view, o), 3)
        if not melds:
            if turn < 9:
                continue
            tenpai = min(0.3, 0.03 * (turn - 8)) + 0.03 * run
            out.append(Threat(o, round(tenpai, 3), 4500.0 * dealer, "closed, late"))
            continue
        n = len(melds)
        if n == 1:
            tenpai = min(0.65, 0.08 + 0.035 * turn)
        elif n == 2:
            tenpai = min(0.8, 0.25 + 0.035 * turn)
        else:
            tenpai = min(0.92, 0.55 + 0.025 * turn)
        if view.hand_sizes[o] <= 1:
            tenpai = 0.95
        tenpai = min(0.95, tenpai + 0.04 * run)
        yakuhai = {*DRAGONS, seat_wind(view, o), view.bakaze}
        han = 1.0  # the dora and red fives it may hold unseen
        notes = [f"{n} call{'s' if n > 1 else ''}"]
        shown = sum(KIND_OF[t] in dora or is_red(t) for m in view.melds[o] for t in m.tiles)
        if shown:
            han += shown
            notes.append(f"{shown} dora shown")
        value_tiles = 0
        for m in melds:
            kind = KIND_OF[m.tiles[0]]
            if m.kind in _TRIPLETS and kind in yakuhai:
                value_tiles += 1 + (kind == view.bakaze == seat_wind(view, o))
        if value_tiles:
            notes.append("yakuhai")
        han += value_tiles
        extra = 0.0
        if honitsu_suit(view, o) is not None:
            extra = 2.0
            notes.append("one suit")
        if n >= 2 and all(m.kind in _TRIPLETS for m in melds):
            extra = max(extra, 2.0)
            notes.append("all pons")
        han += extra
        if not value_tiles and not extra:
            han += 1.0  # some yaku it holds: tanyao, a yakuhai pair, …
        if dealer > 1:
            notes.append("dealer")
        out.append(Threat(o, round(tenpai, 3), _points(han) * dealer, ", ".join(notes)))
    return out


def threats(view: View) -> dict[int, float]:
    """Each opponent's threat weight (:attr:`Threat.weight`: a non-dealer's riichi is 1,
    a dealer's 1.5, an open or quiet hand by its chance of tenpai and its value), for the
    opponents that weigh at least 0.2.

    >>> threats(demo_view(riichi=(0, 1, 0, 0)))
    {1: 1.0}
    """
    return {t.seat: round(t.weight, 3) for t in read_threats(view) if t.weight >= _WEIGHT_CUT}


def deal_in_chance(danger: float) -> float:
    """The chance that a tenpai opponent wins on a tile of this :func:`tile_danger`.

    >>> round(deal_in_chance(10.3), 3), deal_in_chance(0.0)  # a 5 nobody discarded; genbutsu
    (0.124, 0.0)
    """
    return min(0.4, _PER_DANGER * danger)


def safe_kinds(view: View, o: int) -> set[int]:
    """Kinds that cannot deal into seat ``o``: its own discards (furiten), and every tile
    discarded after its riichi that it let pass."""
    flags = view.river_flags[o]
    safe = {KIND_OF[t] for t in view.river_tiles[o]}
    riichi_at = next((i for i, f in enumerate(flags) if f & 2), None)
    if riichi_at is None:
        return safe
    n = view.players
    start = view.oya
    order_o = (o - start) % n
    for p in range(n):
        if p == o:
            continue
        later = 0 if (p - start) % n > order_o else 1  # seats before o discard once more first
        for t in view.river_tiles[p][riichi_at + later :]:
            safe.add(KIND_OF[t])
    return safe


def tile_danger(view: View, o: int, seen: Sequence[int] | None = None) -> list[float]:
    """How dangerous each kind is to discard against seat ``o`` (0 safe; ~10 the worst),
    given ``seen``, the copies of each kind in sight, the seat's own hand included
    (by default :func:`~jantaku.engine.view.visible_counts` of ``view`` with its hand).

    It adds up the waits that could still complete the tile, each scaled by the copies
    left to make it (see the module docstring).

    >>> from jantaku.tiles import parse_tiles
    >>> v = demo_view(riichi=(0, 1, 0, 0), river1=parse_tiles("4m"))
    >>> d = tile_danger(v, 1)
    >>> d[3], d[0] < d[1], d[6] < d[5]  # 4m genbutsu; 1m suji of 4m; 7m suji of 4m
    (0.0, True, True)
    """
    if seen is None:
        seen = visible_counts(view, hand=True)
    return danger_of(view, o, [max(0, 4 - c) for c in seen], dora_kinds(view))


def danger_of(view: View, o: int, left: Sequence[int], dora: Sequence[int]) -> list[float]:
    """:func:`tile_danger` against seat ``o`` from ``left``, the copies of each kind out
    of sight, and the ``dora`` kinds (as a decision that weighs every opponent reads them
    once)."""
    safe = safe_kinds(view, o)
    tiles = view.river_tiles[o]
    flags = view.river_flags[o]
    outside: set[int] = set()  # kinds outside an early discard of their suit
    for i in range(min(_EARLY, len(tiles))):
        e = KIND_OF[tiles[i]]
        if e < 27 and not flags[i] & 2:
            outside |= _OUTSIDE[e]
    riichi = bool(view.riichi[o])
    honitsu = None if riichi else honitsu_suit(view, o)
    yakuhai = (*DRAGONS, seat_wind(view, o), view.bakaze)
    near_dora: set[int] = set()
    for dk in dora:
        if dk < 27:
            near_dora |= _NEAR[dk]
    out = [0.0] * 34
    for k in range(34):
        if k in safe:
            continue
        u = left[k]  # copies the opponent may hold: only a pair or single wait needs them
        if k >= 27:
            d = _HONOR_SHANPON * _PAIRS[u] + (_HONOR_TANKI if u else 0.0)
            if u >= 2 and not riichi and k in yakuhai:
                d *= 1.5
        else:
            d = 0.0
            for a, b, part, suji in _WAITS[k]:
                if suji in safe:
                    continue  # suji: the other end of this two-sided wait is furiten
                d += part * left[a] * left[b] / 16
            d += _SHANPON * _PAIRS[u] + (_TANKI if u else 0.0)
            if k in outside:
                d *= 0.6
            if honitsu is not None and k // 9 != honitsu:
                d *= 0.1
        if k in dora:
            d *= 1.3
        elif k in near_dora:
            d *= 1.1
        out[k] = round(d, 3)
    return out


def _pairs(unseen: int) -> float:
    """The pair waits (シャンポン) a kind allows, 1 with three copies unseen (C(u, 2) / 3)."""
    return unseen * (unseen - 1) / 6


def _outside(n: int, early: int) -> bool:
    """Whether number ``n`` lies outside an early discard ``early`` of its suit (toward the end)."""
    return n < early <= 5 or 5 <= early < n


def _waits_through(k: int) -> tuple[tuple[int, int, float, int], ...]:
    """The waits that a number kind ``k`` completes, other than the pair and the single:
    ``(neighbour, neighbour, weight, suji)``, ``suji`` the kind whose discard rules the
    wait out (the other end of a two-sided wait) or -1."""
    n = k % 9 + 1
    base = k - (n - 1)
    out: list[tuple[int, int, float, int]] = []
    for lo, hi, other in ((n + 1, n + 2, n + 3), (n - 2, n - 1, n - 3)):
        if lo < 1 or hi > 9:
            continue
        ryanmen = lo >= 2 and hi <= 8
        out.append(
            (
                base + lo - 1,
                base + hi - 1,
                _SIDE if ryanmen else _PENCHAN,
                base + other - 1 if ryanmen else -1,
            )
        )
    if 2 <= n <= 8:
        out.append((k - 1, k + 1, _KANCHAN, -1))
    return tuple(out)


_WAITS: Final = tuple(_waits_through(k) for k in range(27))
# the kinds outside an early discard of each number kind (序盤の外側), toward the suit's end
_OUTSIDE: Final = tuple(
    frozenset(e - e % 9 + n - 1 for n in range(1, 10) if _outside(n, e % 9 + 1)) for e in range(27)
)
# a number dora's neighbours within two, in its suit
_NEAR: Final = tuple(
    frozenset(x for x in range(dk - 2, dk + 3) if x // 9 == dk // 9) for dk in range(27)
)
_PAIRS: Final = tuple(_pairs(u) for u in range(5))


def demo_view(
    *,
    hand: Sequence[int] = (),
    riichi: tuple[int, ...] = (0, 0, 0, 0),
    river1: Sequence[int] = (),
) -> View:
    """A small view for the doctests: seat 0 to play, seat 1's river as given."""
    from jantaku.engine.view import Discard, split_rivers

    rivers = tuple(
        tuple(
            Discard(t, False, riichi[i] > 0 and j == len(river1) - 1, False)
            for j, t in enumerate(river1)
        )
        if i == 1
        else ()
        for i in range(4)
    )
    river_tiles, river_flags = split_rivers(rivers)
    return View(
        seat=0,
        players=4,
        phase="act",
        bakaze=EAST,
        kyoku=1,
        honba=0,
        kyotaku=0,
        oya=0,
        turn=0,
        scores=(25000,) * 4,
        dora_markers=(),
        tiles_left=50,
        hand=tuple(hand),
        drawn=None,
        hand_sizes=(len(hand), 13, 13, 13),
        melds=((), (), (), ()),
        river_tiles=river_tiles,
        river_flags=river_flags,
        riichi=riichi,
        nuki=(0, 0, 0, 0),
        last_discard=None,
        last_discarder=None,
        waits=(),
        furiten=False,
        names=("a", "b", "c", "d"),
    )
