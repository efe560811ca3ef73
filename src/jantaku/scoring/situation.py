"""The situation of a win: the hand, how it was won, and the table around it.

A :class:`WinSituation` is what the engine (or a scorekeeper) knows at the moment of a
win. Tsumo or ron is not a flag: a win is a ron exactly when ``discarder`` is set, so
"houtei by tsumo" cannot be written; the remaining contradictions (ippatsu without
riichi, rinshan without a kan, a winning tile not in the hand, …) raise
:class:`~jantaku.errors.ImpossibleSituationError` on construction.

>>> from jantaku.tiles import parse_tiles
>>> s = WinSituation.from_hand("123m456p789s11555z", win="1z", discarder=1,
...                            riichi=Riichi.RIICHI, ippatsu=True)
>>> s.is_tsumo, s.seat_wind == 27, s.players
(False, True, 4)
>>> WinSituation.from_hand("123m456p789s11555z", win="1z", discarder=1, houtei=True,
...                        rinshan=True)
Traceback (most recent call last):
...
jantaku.errors.ImpossibleSituationError: rinshan kaihou is a tsumo
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from itertools import chain
from operator import attrgetter
from typing import Any, Final

from jantaku.errors import (
    ArgumentTypeError,
    ImpossibleSituationError,
    InvalidHandError,
    NotationError,
)
from jantaku.meld import Meld, MeldKind, read_counted_hand, read_hand_counts, read_hand_tiles
from jantaku.rules import TENHOU, NorthTile, Rules
from jantaku.tiles import (
    EAST,
    KIND_OF,
    NORTH,
    WINDS,
    Tile,
    check_copies,
    copies_fit,
    counts_if_fit,
    format_tiles,
    parse_tiles,
    tally_if_fit,
    tally_of_copies,
)

__all__ = ["Riichi", "WinSituation"]

_FLAGS = ("ippatsu", "haitei", "houtei", "rinshan", "chankan", "robbed_ankan", "first_turn")
_COUNTS = ("winner", "dealer", "kita", "flowers", "honba", "deposits")
_TILE_TUPLES = ("concealed", "melds", "dora_indicators", "ura_indicators")
_FLAG_VALUES = attrgetter(*_FLAGS)
_COUNT_VALUES = attrgetter(*_COUNTS)
_SEAT_VALUES = attrgetter("discarder", "pao")
_TUPLE_VALUES = attrgetter(*_TILE_TUPLES)
_BOOL_ONLY = frozenset((bool,))
_INT_ONLY = frozenset((int,))
_SEAT_TYPES = frozenset((int, type(None)))
_TUPLE_ONLY = frozenset((tuple,))
_MELD_ONLY = frozenset((Meld,))
_MELD_TILES = attrgetter("tiles")
_TILE_BYTES = bytes(range(37))  # the tiles, 0-36, as bytes.translate deletes them
_PLAIN_BYTES = bytes(range(34))  # the tiles but the red fives
_TILE_SET: Final = frozenset(range(37))
_WINDS: Final = frozenset(WINDS)
# the red fives a set may hold, by the rules' red_fives: at least one of each suit
_MOST_RED_FIVES: dict[tuple[int, ...], tuple[int, ...]] = {}


class Riichi(Enum):
    """Whether the winner had declared riichi (立直) or double riichi (ダブル立直)."""

    NONE = "none"
    RIICHI = "riichi"
    DOUBLE = "double"


class _Counted:
    """What a situation's construction counted of its tiles, kept for scoring (a slot
    besides the fields: no field, so no part of its value, repr or comparison).

    ``_tally`` holds the copies of each kind among the concealed tiles and in the whole
    hand, concealed and melded (34 bytes each, red fives counted as fives), and the
    red fives of the whole hand. Set by the constructor and
    :meth:`WinSituation.from_hand` once the situation is checked; a situation made
    otherwise (a copy, an unpickled one) has none, and
    :func:`~jantaku.scoring.score_win` counts its tiles itself.
    """

    __slots__ = ("_tally",)
    _tally: tuple[bytes, bytes, int]

    def _keep_tally(self, tally: tuple[bytes, bytes, int]) -> None:
        """Set ``_tally`` (once, on construction: the value is frozen)."""
        object.__setattr__(self, "_tally", tally)


@dataclass(frozen=True, slots=True, kw_only=True)
class WinSituation(_Counted):
    """Everything needed to score one win; contradictions raise ImpossibleSituationError.

    ``concealed`` holds the concealed tiles *including* the winning tile ``win_tile``
    (red fives as tiles 34–36); ``melds`` the declared melds. Seats are absolute
    0–3 (0–2 with three players); ``discarder`` is the seat that dealt in (``None``
    for a tsumo), ``pao`` the seat liable for a yakuman (S11). ``first_turn`` is an
    uninterrupted first turn: with a tsumo it makes tenhou (dealer) or chiihou, with
    a ron renhou. ``robbed_ankan`` marks a chankan on an ankan, which only thirteen
    orphans may do (Y11, option ``kokushi_robs_ankan``). ``deposits`` counts riichi
    sticks on the table, ``kita`` the norths set aside (three players), ``flowers``
    the flower tiles set aside where the rules use them (T4; one dora each).
    ``ura_indicators`` count only for a riichi hand (a record of a yakuman win after
    riichi lists them without the riichi yaku, so they are not refused otherwise).

    Every field is checked for its type: a flag is ``True`` or ``False`` (not ``1`` nor
    ``"yes"``), ``riichi`` a :class:`Riichi`, a seat or a count an ``int`` (not a bool),
    ``rules`` a :class:`~jantaku.rules.Rules` or a preset's name; a wrong type raises
    :class:`~jantaku.errors.ArgumentTypeError`, so no field is silently misread.

    >>> WinSituation.from_hand("123m456p789s11555z", win="1z", discarder=1, riichi=True)
    Traceback (most recent call last):
    ...
    jantaku.errors.ArgumentTypeError: riichi is a Riichi (Riichi.NONE, Riichi.RIICHI or \
Riichi.DOUBLE), not True
    """

    concealed: tuple[Tile, ...]
    melds: tuple[Meld, ...] = ()
    win_tile: Tile
    discarder: int | None = None
    riichi: Riichi = Riichi.NONE
    ippatsu: bool = False
    haitei: bool = False
    houtei: bool = False
    rinshan: bool = False
    chankan: bool = False
    robbed_ankan: bool = False
    first_turn: bool = False
    round_wind: Tile = EAST
    winner: int = 0
    dealer: int = 0
    pao: int | None = None
    dora_indicators: tuple[Tile, ...] = ()
    ura_indicators: tuple[Tile, ...] = ()
    kita: int = 0
    flowers: int = 0
    honba: int = 0
    deposits: int = 0
    rules: Rules = TENHOU  # or a preset's name, made the preset on construction

    def __init__(  # the fields above, in their order, with their defaults
        self,
        *,
        concealed: tuple[Tile, ...],
        melds: tuple[Meld, ...] = (),
        win_tile: Tile,
        discarder: int | None = None,
        riichi: Riichi = Riichi.NONE,
        ippatsu: bool = False,
        haitei: bool = False,
        houtei: bool = False,
        rinshan: bool = False,
        chankan: bool = False,
        robbed_ankan: bool = False,
        first_turn: bool = False,
        round_wind: Tile = EAST,
        winner: int = 0,
        dealer: int = 0,
        pao: int | None = None,
        dora_indicators: tuple[Tile, ...] = (),
        ura_indicators: tuple[Tile, ...] = (),
        kita: int = 0,
        flowers: int = 0,
        honba: int = 0,
        deposits: int = 0,
        rules: Rules = TENHOU,
    ) -> None:
        # the fields, set as the frozen dataclass's own constructor sets them
        object.__setattr__(self, "concealed", concealed)
        object.__setattr__(self, "melds", melds)
        object.__setattr__(self, "win_tile", win_tile)
        object.__setattr__(self, "discarder", discarder)
        object.__setattr__(self, "riichi", riichi)
        object.__setattr__(self, "ippatsu", ippatsu)
        object.__setattr__(self, "haitei", haitei)
        object.__setattr__(self, "houtei", houtei)
        object.__setattr__(self, "rinshan", rinshan)
        object.__setattr__(self, "chankan", chankan)
        object.__setattr__(self, "robbed_ankan", robbed_ankan)
        object.__setattr__(self, "first_turn", first_turn)
        object.__setattr__(self, "round_wind", round_wind)
        object.__setattr__(self, "winner", winner)
        object.__setattr__(self, "dealer", dealer)
        object.__setattr__(self, "pao", pao)
        object.__setattr__(self, "dora_indicators", dora_indicators)
        object.__setattr__(self, "ura_indicators", ura_indicators)
        object.__setattr__(self, "kita", kita)
        object.__setattr__(self, "flowers", flowers)
        object.__setattr__(self, "honba", honba)
        object.__setattr__(self, "deposits", deposits)
        object.__setattr__(self, "rules", rules)
        tally = _common_tally(
            concealed,
            melds,
            win_tile,
            discarder,
            riichi,
            ippatsu,
            haitei,
            houtei,
            rinshan,
            chankan,
            robbed_ankan,
            first_turn,
            round_wind,
            winner,
            dealer,
            pao,
            dora_indicators,
            ura_indicators,
            kita,
            flowers,
            honba,
            deposits,
            rules,
            None,
        )
        if tally is None:
            self._check_closely()
        else:
            self._keep_tally(tally)

    def _check_closely(self) -> None:
        """Check a situation whose fields are set (by the constructor) but not its common
        case: the types, then the values, keeping the counts of its tiles when the
        types are the common ones."""
        concealed, melds, rules = self.concealed, self.melds, self.rules
        if not (  # the common types, field by field; anything else is looked at closely
            _common_types(self)
            and concealed.__class__ is tuple
            and melds.__class__ is tuple
            and self.win_tile.__class__ is int
            and self.round_wind.__class__ is int
            and self.dora_indicators.__class__ is tuple
            and self.ura_indicators.__class__ is tuple
            and _INT_ONLY.issuperset(map(type, concealed))
            and (not self.dora_indicators or _INT_ONLY.issuperset(map(type, self.dora_indicators)))
            and (not self.ura_indicators or _INT_ONLY.issuperset(map(type, self.ura_indicators)))
        ):
            self._check_types()
            self._check_values(False)
            return
        # the common types: the tiles, concealed and melded, counted as bytes, then the
        # quick check of the common case (:meth:`_check_common`)
        tiles = concealed
        if melds:
            if len(melds) > 4 or not _MELD_ONLY.issuperset(map(type, melds)):
                self._check_values(False)  # names what is wrong
                return
            for m in melds:
                tiles += m.tiles
        try:
            ids = bytes(tiles)
        except ValueError:  # a value that is no tile
            self._check_values(False)
            return
        # tiles 0-36, no fifth copy, the rules' reds; and the concealed kinds, counted
        counts = counts_if_fit(ids, len(concealed), rules.red_fives)
        if counts is None:
            self._check_values(False)
        else:
            self._check_common(ids, counts[0], counts[1])

    def _check_values(self, kinds_checked: bool) -> None:
        """Refuse a contradiction or a hand that cannot be (the types are checked).

        ``kinds_checked`` says that no kind is held five times, concealed and melded
        (:func:`~jantaku.meld.parse_hand` counted them): only red fives are counted."""
        rules = self.rules
        n = rules.players
        bad = ImpossibleSituationError
        concealed, melds = self.concealed, self.melds
        dora, ura, win_tile = self.dora_indicators, self.ura_indicators, self.win_tile
        size = len(concealed) + 3 * len(melds)
        if size != 14:
            raise InvalidHandError(f"a winning hand has 14 tiles (kans count as 3), not {size}")
        if len(melds) > 4:
            raise InvalidHandError("a hand has at most four melds")
        tiles = (*concealed, win_tile, *dora, *ura, self.round_wind)  # ints (_check_types)
        try:  # bytes() refuses what is not 0-255, translate() drops every tile 0-36
            odd = bytes(tiles).translate(None, _TILE_BYTES)
        except ValueError:
            odd = b"?"
        if odd:
            for t in tiles:
                if not 0 <= t < 37:
                    raise InvalidHandError(f"not a tile: {t!r}")
        if melds:
            if not _MELD_ONLY.issuperset(map(type, melds)):
                for m in melds:
                    if not isinstance(m, Meld):
                        raise InvalidHandError(f"not a meld: {m!r}")
            all_tiles = (*concealed, *chain.from_iterable(map(_MELD_TILES, melds)))
        else:
            all_tiles = concealed
        # a fifth copy of a kind, or more red fives than a set holds: check_copies names it
        try:
            ids = bytes(all_tiles)  # tiles 0-36 (a meld checks its own)
        except (TypeError, ValueError):
            check_copies(all_tiles)  # names the tile that is none
            raise
        red_ids = ids.translate(None, _PLAIN_BYTES)
        if red_ids:
            reds = rules.red_fives
            most = _MOST_RED_FIVES.get(reds)
            if most is None:  # a set holds at least one red five of each suit (T3)
                most = _MOST_RED_FIVES[reds] = tuple(max(1, r) for r in reds)
            if not copies_fit(ids, most):
                check_copies(all_tiles, most)
        elif not kinds_checked and not copies_fit(ids):  # no red five to count
            check_copies(all_tiles)
        if win_tile not in concealed:
            raise bad("the winning tile is not among the concealed tiles")
        winner, discarder = self.winner, self.discarder
        if not 0 <= winner < n:
            raise bad(f"winner seat {winner!r} is not a seat of {n} players")
        if not 0 <= self.dealer < n:
            raise bad(f"dealer seat {self.dealer!r} is not a seat of {n} players")
        if discarder is not None or self.pao is not None:
            for seat_name, seat in (("discarder", discarder), ("pao", self.pao)):
                if seat is not None:
                    if not 0 <= seat < n:
                        raise bad(f"{seat_name} seat {seat!r} is not a seat of {n} players")
                    if seat == winner:
                        raise bad(f"the winner cannot be the {seat_name}")
        if self.round_wind not in WINDS or (n == 3 and self.round_wind == NORTH):
            raise bad("the round wind must be a wind of the table")
        n_dora = len(dora)
        if n_dora > 5:
            raise bad("at most five dora indicators (one, and one per kan)")
        if ura and len(ura) > max(n_dora, 1):
            raise bad("more ura indicators than dora indicators")
        if n_dora > 1 and not rules.kan_dora:
            raise bad("kan dora are not played under these rules")
        if ura and not rules.ura_dora:
            raise bad("ura dora are not played under these rules")
        kita, flowers = self.kita, self.flowers
        if (self.honba | self.deposits | kita | flowers) < 0:  # ints: negative if one is
            raise bad("honba, deposits, kita and flowers cannot be negative")
        if flowers > rules.flowers:
            raise bad(f"{flowers} flowers set aside, the rules use {rules.flowers}")
        tsumo = discarder is None
        riichi = self.riichi
        ippatsu, haitei, houtei = self.ippatsu, self.haitei, self.houtei
        rinshan, chankan = self.rinshan, self.chankan
        if ippatsu:
            if riichi is Riichi.NONE:
                raise bad("ippatsu without riichi")
            if not rules.ippatsu:
                raise bad("ippatsu is not played under these rules")
        if haitei and not tsumo:
            raise bad("haitei is a tsumo on the last wall tile")
        if houtei and tsumo:
            raise bad("houtei is a ron on the last discard")
        if rinshan:
            if not tsumo:
                raise bad("rinshan kaihou is a tsumo")
            if not any(m.kind.is_kan for m in melds) and not kita and not flowers:
                raise bad("rinshan kaihou without a kan (or a north or a flower set aside)")
            if haitei:
                raise bad("a replacement tile is not the last wall tile")
        if chankan:
            if tsumo:
                raise bad("chankan is a ron on a kan")
            if houtei:
                raise bad("a kan is not the last discard")
            if sum(1 for t in all_tiles if KIND_OF[t] == KIND_OF[win_tile]) != 1:
                raise bad("a robbed kan tile is the only one of its kind in the winner's hand")
        if self.robbed_ankan:
            if not chankan:
                raise bad("robbing an ankan is a chankan")
            if not rules.kokushi_robs_ankan:
                raise bad("these rules let no hand rob an ankan")
        if riichi is not Riichi.NONE and melds and any(m.is_open for m in melds):
            raise bad("riichi needs a closed hand")
        if self.first_turn:
            if melds:
                raise bad("a first-turn win comes before any call")
            if riichi is not Riichi.NONE:
                raise bad("a first-turn win comes before any riichi")
            if rinshan or chankan or haitei or houtei:
                raise bad("a first-turn win is a plain draw or discard")
            if tsumo is False and winner == self.dealer:
                raise bad("the dealer cannot win by ron before a first draw (renhou is for others)")
        if kita:
            if n != 3 or rules.north is not NorthTile.NUKIDORA:
                raise bad("north tiles are set aside only in three-player nukidora rules")
            norths = sum(1 for t in all_tiles if KIND_OF[t] == NORTH)
            if kita + norths > 4:
                raise InvalidHandError("more than four norths")
        if n == 3:
            for t in all_tiles:
                if 1 <= KIND_OF[t] <= 7:
                    raise InvalidHandError("three-player mahjong has no 2m–8m")
        if red_ids:
            for t in red_ids:
                if not rules.red_fives[t - 34]:
                    raise InvalidHandError("a red five that these rules do not use")

    def _check_common(self, ids: bytes, held: bytes, every: bytes) -> None:
        """:meth:`_check_values` of a situation whose fields have their common types and
        whose tiles (concealed, then the melds', as ``ids``) are tiles 0-36 with no fifth
        copy of a kind (:func:`~jantaku.meld.read_hand_counts` read them, or the constructor
        counted them). The common case (four players, no rinshan, chankan, first turn,
        pao, norths nor flowers, a closed hand if riichi) passes a few tests, which hold
        exactly when no check of :meth:`_check_values` refuses it; any other situation
        is checked in full, to the same error. Then keeps the copies of each kind held
        concealed and in the whole hand (``held``, ``every``) and the red fives of
        ``ids`` (:class:`_Counted`)."""
        rules = self.rules
        winner, discarder, dealer = self.winner, self.discarder, self.dealer
        dora, ura = self.dora_indicators, self.ura_indicators
        riichi = self.riichi
        red = ids.translate(None, _PLAIN_BYTES)  # tiles 0-36: the red fives
        reds = rules.red_fives
        if not (
            len(self.concealed) + 3 * len(self.melds) == 14  # so at most four melds
            and self.win_tile in self.concealed  # so a tile
            and rules.players == 4
            and self.round_wind in _WINDS
            and 0 <= winner < 4
            and 0 <= dealer < 4
            and (discarder is None or (0 <= discarder < 4 and discarder != winner))
            and self.pao is None
            and (
                not red
                or (
                    red.count(34) <= reds[0]
                    and red.count(35) <= reds[1]
                    and red.count(36) <= reds[2]
                )
            )
            and len(dora) <= (5 if rules.kan_dora else 1)
            and _TILE_SET.issuperset(dora)
            and (  # most wins have no ura indicator
                not ura
                or (len(ura) <= max(len(dora), 1) and rules.ura_dora and _TILE_SET.issuperset(ura))
            )
            and (self.honba | self.deposits) >= 0
            and not (
                self.rinshan
                or self.chankan
                or self.robbed_ankan
                or self.first_turn
                or self.kita
                or self.flowers
            )
            and (not self.ippatsu or (riichi is not _NO_RIICHI and rules.ippatsu))
            and (not self.haitei or discarder is None)
            and (not self.houtei or discarder is not None)
            and (riichi is _NO_RIICHI or not self.melds)
        ):
            self._check_values(True)
        self._keep_tally((held, every, len(red)))

    def _check_types(self) -> None:
        """Refuse a field of the wrong type before anything reads it (tuples may come as
        lists, and the rules as a preset's name)."""
        rules = self.rules
        if rules.__class__ is not Rules:
            object.__setattr__(self, "rules", Rules.coerce(rules))
        if (  # the common case in a few C-level tests; anything else is looked at closely
            self.riichi.__class__ is Riichi
            and _BOOL_ONLY.issuperset(map(type, _FLAG_VALUES(self)))
            and _INT_ONLY.issuperset(map(type, _COUNT_VALUES(self)))
            and _SEAT_TYPES.issuperset(map(type, _SEAT_VALUES(self)))
            and _TUPLE_ONLY.issuperset(map(type, _TUPLE_VALUES(self)))
            and _INT_ONLY.issuperset(map(type, self.concealed))
            and _INT_ONLY.issuperset(map(type, self.dora_indicators))
            and _INT_ONLY.issuperset(map(type, self.ura_indicators))
            and self.win_tile.__class__ is int
            and self.round_wind.__class__ is int
        ):
            return
        if self.riichi.__class__ is not Riichi:
            raise ArgumentTypeError(
                "riichi is a Riichi (Riichi.NONE, Riichi.RIICHI or Riichi.DOUBLE), "
                f"not {self.riichi!r}"
            )
        for name in _FLAGS:
            value = getattr(self, name)
            if value.__class__ is not bool:
                raise ArgumentTypeError(f"{name} is True or False, not {value!r}")
        for name in _COUNTS:
            value = getattr(self, name)
            if value.__class__ is not int:
                raise ArgumentTypeError(f"{name} is an int, not {value!r}")
        for name in ("discarder", "pao"):
            value = getattr(self, name)
            if value is not None and value.__class__ is not int:
                raise ArgumentTypeError(f"{name} is a seat (an int) or None, not {value!r}")
        for name in _TILE_TUPLES:
            value = getattr(self, name)
            if value.__class__ is not tuple:
                if not isinstance(value, tuple | list):
                    what = "melds" if name == "melds" else "tiles"
                    raise ArgumentTypeError(f"{name} is a tuple of {what}, not {value!r}")
                object.__setattr__(self, name, tuple(value))
        for t in (*self.concealed, self.win_tile, *self.dora_indicators, *self.ura_indicators):
            if t.__class__ is not int:
                raise ArgumentTypeError(
                    f"a tile is an int, not {t!r}"
                    + (" (WinSituation.from_hand reads notation)" if isinstance(t, str) else "")
                )
        if self.round_wind.__class__ is not int:
            raise ArgumentTypeError(f"round_wind is a wind tile (an int), not {self.round_wind!r}")

    @classmethod
    def from_hand(
        cls,
        hand: str,
        *,
        win: str,
        dora: str = "",
        ura: str = "",
        round_wind: str = "1z",
        discarder: int | None = None,
        riichi: Riichi = Riichi.NONE,
        ippatsu: bool = False,
        haitei: bool = False,
        houtei: bool = False,
        rinshan: bool = False,
        chankan: bool = False,
        robbed_ankan: bool = False,
        first_turn: bool = False,
        winner: int = 0,
        dealer: int = 0,
        pao: int | None = None,
        kita: int = 0,
        flowers: int = 0,
        honba: int = 0,
        deposits: int = 0,
        rules: Rules = TENHOU,
    ) -> WinSituation:
        """Build a situation from hand notation; the winning tile must be in the
        concealed part (as in ``123m456p789s11555z`` winning on ``1z``).

        ``hand``, ``win``, ``dora``, ``ura`` and ``round_wind`` are text in any tile
        notation :func:`~jantaku.tiles.parse_tiles` reads; the other keywords are the
        other fields of :class:`WinSituation`, with their defaults, checked for their
        types as the constructor checks them.

        >>> WinSituation.from_hand("123m456p789s11555z", win="6z")
        Traceback (most recent call last):
        ...
        jantaku.errors.ImpossibleSituationError: the winning tile is not among the \
concealed tiles
        """
        if not (
            hand.__class__ is str
            and win.__class__ is str
            and dora.__class__ is str
            and ura.__class__ is str
            and round_wind.__class__ is str
        ):
            for name, text in (
                ("hand", hand),
                ("win", win),
                ("dora", dora),
                ("ura", ura),
                ("round_wind", round_wind),
            ):
                if not isinstance(text, str):
                    raise ArgumentTypeError(f"{name} is tile notation (a str), not {text!r}")
        # the common text, plain compact tiles then melds, read with the concealed tiles'
        # copies (from each group's, kept); any other read by read_hand_tiles, and
        # notation that is no hand raises there
        read = read_counted_hand(hand)
        if read is None:
            concealed, melds = read_hand_tiles(hand)
            counted = None
        else:
            concealed, melds, counted = read
        # the common case: the winning tile and the round wind each one tile in compact
        # notation (from a table of those texts), the indicators none or one (the same
        # table) or tiles that parse_tiles reads; the situation tested at once
        # (:func:`_common_tally`), then built.
        # Anything else is read and checked closely below, to the same situation or the
        # same error
        wins = _TILES_OF_TEXT.get(win)
        rw = _TILES_OF_TEXT.get(round_wind)
        dora_indicators = _TILES_OF_TEXT.get(dora)
        if dora_indicators is None:
            dora_indicators = _tiles_or_none(dora)
        ura_indicators = _TILES_OF_TEXT.get(ura)
        if ura_indicators is None:
            ura_indicators = _tiles_or_none(ura)
        if (
            cls is WinSituation
            and wins
            and rw
            and dora_indicators is not None
            and ura_indicators is not None
        ):
            tally = _common_tally(
                concealed,
                melds,
                wins[0],
                discarder,
                riichi,
                ippatsu,
                haitei,
                houtei,
                rinshan,
                chankan,
                robbed_ankan,
                first_turn,
                rw[0],
                winner,
                dealer,
                pao,
                dora_indicators,
                ura_indicators,
                kita,
                flowers,
                honba,
                deposits,
                rules,
                counted,
            )
            if tally is not None:  # the constructor counts it again: a cheap check
                return cls(
                    concealed=concealed,
                    melds=melds,
                    win_tile=wins[0],
                    discarder=discarder,
                    riichi=riichi,
                    ippatsu=ippatsu,
                    haitei=haitei,
                    houtei=houtei,
                    rinshan=rinshan,
                    chankan=chankan,
                    robbed_ankan=robbed_ankan,
                    first_turn=first_turn,
                    round_wind=rw[0],
                    winner=winner,
                    dealer=dealer,
                    pao=pao,
                    dora_indicators=dora_indicators,
                    ura_indicators=ura_indicators,
                    kita=kita,
                    flowers=flowers,
                    honba=honba,
                    deposits=deposits,
                    rules=rules,
                )
        # any other situation or text: read closely, then built by the constructor, which
        # checks it in full, to the same situation or the same error (the hand's own
        # size and copies checked first, as parse_hand words them)
        concealed, melds, *_ = read_hand_counts(hand)
        if wins is None:
            wins = parse_tiles(win)
        if len(wins) != 1:
            raise InvalidHandError(f"one winning tile, not {win!r}")
        if rw is None:
            rw = parse_tiles(round_wind)
        if len(rw) != 1:
            raise InvalidHandError(f"one round wind, not {round_wind!r}")
        if dora_indicators is None:
            dora_indicators = parse_tiles(dora)  # raises: _tiles_or_none read none
        if ura_indicators is None:
            ura_indicators = parse_tiles(ura)
        return cls(
            concealed=concealed,
            melds=melds,
            win_tile=wins[0],
            discarder=discarder,
            riichi=riichi,
            ippatsu=ippatsu,
            haitei=haitei,
            houtei=houtei,
            rinshan=rinshan,
            chankan=chankan,
            robbed_ankan=robbed_ankan,
            first_turn=first_turn,
            round_wind=rw[0],
            winner=winner,
            dealer=dealer,
            pao=pao,
            dora_indicators=dora_indicators,
            ura_indicators=ura_indicators,
            kita=kita,
            flowers=flowers,
            honba=honba,
            deposits=deposits,
            rules=rules,
        )

    @property
    def is_tsumo(self) -> bool:
        """Whether the win is a tsumo (no discarder)."""
        return self.discarder is None

    @property
    def players(self) -> int:
        """The number of players, from the rules."""
        return self.rules.players

    @property
    def is_dealer(self) -> bool:
        """Whether the winner is the dealer."""
        return self.winner == self.dealer

    @property
    def seat_wind(self) -> Tile:
        """The winner's seat wind (East for the dealer)."""
        return EAST + (self.winner - self.dealer) % self.rules.players

    @property
    def is_closed(self) -> bool:
        """Whether no meld opens the hand (門前)."""
        return not any(m.is_open for m in self.melds)


#: the tiles of the text of one tile in compact notation ("1z", "0m"), and of no tile
#: (""): what :meth:`WinSituation.from_hand` reads of a winning tile, a round wind or
#: an indicator text without calling :func:`~jantaku.tiles.parse_tiles`
_TILES_OF_TEXT: Final[dict[str, tuple[Tile, ...]]] = {
    "": (),
    **{format_tiles((t,)): (t,) for t in range(37)},
}
_NO_RIICHI: Final = Riichi.NONE  # a module's name: a class attribute of an Enum is slower
_ANKAN: Final = MeldKind.ANKAN


def _tiles_or_none(text: str) -> tuple[Tile, ...] | None:
    """The tiles of a text (:func:`~jantaku.tiles.parse_tiles`), None if it is not read
    (:meth:`WinSituation.from_hand` reads it again, to say why)."""
    try:
        return parse_tiles(text)
    except NotationError:
        return None


def _common_types(s: Any) -> bool:
    """Whether the fields of a situation other than
    its tiles have their common types: a plain ``int`` seat or count, a ``bool`` flag, a
    :class:`Riichi`, a :class:`~jantaku.rules.Rules` (each class tested by identity, the
    cheapest test; ``bool`` has no subclass)."""
    discarder, pao = s.discarder, s.pao
    return (
        (discarder is None or discarder.__class__ is int)
        and s.riichi.__class__ is Riichi
        and s.ippatsu.__class__ is bool
        and s.haitei.__class__ is bool
        and s.houtei.__class__ is bool
        and s.rinshan.__class__ is bool
        and s.chankan.__class__ is bool
        and s.robbed_ankan.__class__ is bool
        and s.first_turn.__class__ is bool
        and s.winner.__class__ is int
        and s.dealer.__class__ is int
        and (pao is None or pao.__class__ is int)
        and s.kita.__class__ is int
        and s.flowers.__class__ is int
        and s.honba.__class__ is int
        and s.deposits.__class__ is int
        and s.rules.__class__ is Rules
    )


def _common_tally(
    concealed: tuple[Tile, ...],
    melds: tuple[Meld, ...],
    win_tile: Tile,
    discarder: int | None,
    riichi: Riichi,
    ippatsu: bool,
    haitei: bool,
    houtei: bool,
    rinshan: bool,
    chankan: bool,
    robbed_ankan: bool,
    first_turn: bool,
    round_wind: Tile,
    winner: int,
    dealer: int,
    pao: int | None,
    dora: tuple[Tile, ...],
    ura: tuple[Tile, ...],
    kita: int,
    flowers: int,
    honba: int,
    deposits: int,
    rules: Rules,
    counted: int | None,
) -> tuple[bytes, bytes, int] | None:
    """The tally of a common situation (``_tally`` of :class:`_Counted`), given its
    fields in their order, else None: four players, no pao, norths, flowers, first turn
    nor robbed ankan, each field of its common type. Its types and values are tested at
    once; they hold exactly when no check of :meth:`WinSituation._check_types` and
    :meth:`WinSituation._check_values` refuses the situation, so None says only that the
    situation is to be checked closely. A flag ``is False`` is a bool and false in one
    test; the rarer flags are tested when set. The constructor and
    :meth:`WinSituation.from_hand` call it with their arguments (a function of
    positional arguments: the cheapest call that reads them), and ``counted``, the
    concealed tiles' copies packed (:func:`~jantaku.tiles.packed_copies`) when
    :func:`~jantaku.meld.read_counted_hand` read them (so ints, and counted), else
    None: given by from_hand alone, whose indicators are read from text (so ints too)."""
    if not (
        concealed.__class__ is tuple
        and melds.__class__ is tuple
        and len(concealed) + 3 * len(melds) == 14  # so at most four melds
        and (counted is not None or _INT_ONLY.issuperset(map(type, concealed)))
        and win_tile.__class__ is int
        and win_tile in concealed  # so a tile, once the concealed tiles are
        and (not melds or _MELD_ONLY.issuperset(map(type, melds)))
        and winner.__class__ is int
        and 0 <= winner < 4
        and dealer.__class__ is int
        and 0 <= dealer < 4
        and (
            discarder is None
            or (discarder.__class__ is int and 0 <= discarder < 4 and discarder != winner)
        )
        and pao is None
        and rules.__class__ is Rules
        and rules.players == 4
        and round_wind.__class__ is int
        and round_wind in _WINDS
        and (
            riichi is _NO_RIICHI
            or (
                riichi.__class__ is Riichi
                and (not melds or all(m.kind is _ANKAN for m in melds))  # a closed hand
            )
        )
        and (ippatsu is False or (ippatsu is True and riichi is not _NO_RIICHI and rules.ippatsu))
        and (haitei is False or (haitei is True and discarder is None))
        and (houtei is False or (houtei is True and discarder is not None))
        and (  # a replacement tile after a kan
            rinshan is False
            or (
                rinshan is True
                and discarder is None
                and haitei is False
                and any(m.kind.is_kan for m in melds)
            )
        )
        and (  # a ron on a kakan (its tile the only one of its kind: tested below)
            chankan is False or (chankan is True and discarder is not None and houtei is False)
        )
        and robbed_ankan is False
        and first_turn is False
        and kita.__class__ is int
        and flowers.__class__ is int
        and not (kita or flowers)
        and honba.__class__ is int
        and deposits.__class__ is int
        and (honba | deposits) >= 0
        and dora.__class__ is tuple
        and (
            # one indicator (most wins), tested alone: cheaper than the two set tests
            (len(dora) == 1 and dora[0].__class__ is int and 0 <= dora[0] < 37)
            or (
                len(dora) <= (5 if rules.kan_dora else 1)
                and (counted is not None or _INT_ONLY.issuperset(map(type, dora)))
                and _TILE_SET.issuperset(dora)
            )
        )
        and ura.__class__ is tuple
        and (  # most wins have no ura indicator
            not ura
            or (
                len(ura) <= max(len(dora), 1)
                and rules.ura_dora
                and (counted is not None or _INT_ONLY.issuperset(map(type, ura)))
                and _TILE_SET.issuperset(ura)
            )
        )
    ):
        return None
    # the tiles: concealed ones 0-36, no fifth copy, the rules' red fives, counted
    if counted is not None:  # the concealed tiles read and counted from notation
        every = counted
        for m in melds:  # each meld's tiles counted when it was made (shared)
            every += m._copies
        tally = tally_of_copies(counted, every, rules.red_fives)
    elif melds:
        melded = melds[0]._copies
        for m in melds[1:]:
            melded += m._copies
        tally = tally_if_fit(concealed, (), rules.red_fives, melded)
    else:
        tally = tally_if_fit(concealed, (), rules.red_fives)
    if chankan and tally is not None and tally[1][KIND_OF[win_tile]] != 1:
        return None  # the robbed tile is held more than once
    return tally
