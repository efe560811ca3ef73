"""What a Tenhou record holds: the lobby flags, the game as events, and its claims.

A record is read (by :mod:`~jantaku.logs.mjlog` or :mod:`~jantaku.logs.tenhou6`) into a
:class:`TenhouGame`: the game as jantaku events (mjai-shaped values of
:mod:`jantaku.events`, from ``start_game`` — with the rules the game was played under —
to ``end_game``, or to the last round of a game cut short), the lobby flags
(:class:`TenhouLobby`), and what the record *claims* about each result — every win's
yaku, han, fu and payments (:class:`TenhouWin`), every draw's payments
(:class:`TenhouDraw`) and the final scores (``owari``) — so that a replay can check the
engine against it.

>>> TenhouLobby.from_go_type(169).display
'鳳南喰赤'
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any, Final, TypeAlias

from jantaku.errors import LogFormatError
from jantaku.events import (
    Event,
    StartGame,
)
from jantaku.rules import GameLength, Rounding, Rules
from jantaku.tiles import Tile

__all__ = [
    "Disconnection",
    "TenhouDraw",
    "TenhouGame",
    "TenhouLobby",
    "TenhouResult",
    "TenhouWin",
    "rules_dict",
    "with_rules",
]

# --- records ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TenhouLobby:
    """The lobby flags of a game (the ``GO type`` bits): players, length, red fives, kuitan.

    >>> lobby = TenhouLobby.from_go_type(169)
    >>> lobby.players, lobby.hanchan, lobby.red_fives, lobby.kuitan, lobby.display
    (4, True, True, True, '鳳南喰赤')
    >>> TenhouLobby.from_go_type(185).display, TenhouLobby.from_go_type(225).display
    ('三鳳南喰赤', '鳳東喰赤速')
    """

    go_type: int = 169
    lobby: int = 0

    @classmethod
    def from_go_type(cls, go_type: int, lobby: int = 0) -> TenhouLobby:
        """The lobby of a ``GO type`` value."""
        return cls(go_type, lobby)

    @property
    def players(self) -> int:
        """3 for sanma (bit 0x10), else 4."""
        return 3 if self.go_type & 0x10 else 4

    @property
    def hanchan(self) -> bool:
        """East and south rounds (bit 0x08); east only when unset."""
        return bool(self.go_type & 0x08)

    @property
    def red_fives(self) -> bool:
        """Red fives in play (bit 0x02 unset)."""
        return not self.go_type & 0x02

    @property
    def kuitan(self) -> bool:
        """Open tanyao allowed (bit 0x04 unset)."""
        return not self.go_type & 0x04

    @property
    def fast(self) -> bool:
        """A fast game (bit 0x40)."""
        return bool(self.go_type & 0x40)

    @property
    def standard(self) -> bool:
        """Whether the flags are a standard ranked rule set (no bits above 0xFF)."""
        return self.go_type < 0x100

    @property
    def display(self) -> str:
        """The rule name Tenhou shows (``rule.disp`` of tenhou.net/6), e.g. ``鳳南喰赤``."""
        tier = {0x00: "般", 0x80: "上", 0x20: "特", 0xA0: "鳳"}[self.go_type & 0xA0]
        text = ("三" if self.players == 3 else "") + tier + ("南" if self.hanchan else "東")
        text += ("喰" if self.kuitan else "") + ("赤" if self.red_fives else "")
        return text + ("速" if self.fast else "")

    @property
    def rules(self) -> Rules:
        """The :class:`~jantaku.rules.Rules` of this lobby: ``tenhou`` or ``tenhou-sanma``
        with the length, red fives and kuitan of the flags.

        >>> r = TenhouLobby.from_go_type(225).rules
        >>> r.players, r.length.value, r.red_fives, r.kuitan
        (4, 'east_only', (1, 1, 1), True)
        >>> TenhouLobby.from_go_type(185).rules == Rules.preset("tenhou-sanma")
        True
        """
        base = Rules.preset("tenhou-sanma" if self.players == 3 else "tenhou")
        length = GameLength.EAST_SOUTH if self.hanchan else GameLength.EAST_ONLY
        red = (1, 1, 1) if self.red_fives else (0, 0, 0)
        if self.players == 3 and self.red_fives:
            red = base.red_fives
        if (length, red, self.kuitan) == (base.length, base.red_fives, base.kuitan):
            return base
        return replace(base, length=length, red_fives=red, kuitan=self.kuitan)

    @classmethod
    def from_display(cls, disp: str, *, red: bool = True) -> TenhouLobby:
        """The lobby flags that a ``rule.disp`` text names (the reverse of :attr:`display`);
        red fives come from the ``aka`` fields of ``rule``, hence ``red``.

        >>> TenhouLobby.from_display("三鳳南喰赤").go_type, TenhouLobby.from_display("").hanchan
        (185, False)
        """
        go = 0x01
        if "三" in disp:
            go |= 0x10
        if "南" in disp:
            go |= 0x08
        if disp and "喰" not in disp:
            go |= 0x04
        if not red:
            go |= 0x02
        if "速" in disp:
            go |= 0x40
        for mark, bits in (("上", 0x80), ("特", 0x20), ("鳳", 0xA0)):
            if mark in disp:
                go |= bits
        return cls(go)


@dataclass(frozen=True, slots=True)
class TenhouWin:
    """A win as the record states it (``AGARI``, or a tenhou.net/6 result).

    ``yaku`` pairs Tenhou's yaku ids (:data:`~jantaku.logs.tenhou_ids.YAKU`) with their han
    (13 per yakuman); ``points`` is the hand's value before honba and deposits, ``limit``
    0 (none) to 5 (yakuman); ``deltas`` are every seat's point changes, honba and deposits included.
    ``fu`` is ``None`` where the record does not give it (a limit hand in tenhou.net/6);
    ``hand`` is the winner's concealed tiles with the winning tile (mjlog ``hai``; empty
    in tenhou.net/6, which does not show it). ``ba`` is the honba and the riichi sticks
    on the table as the record states them at the win (mjlog ``ba``; ``None`` in
    tenhou.net/6).
    """

    seat: int
    from_seat: int
    yaku: tuple[tuple[int, int], ...]
    fu: int | None
    points: int
    limit: int
    deltas: tuple[int, ...]
    pao: int | None = None
    yakuman: bool = False
    ura_markers: tuple[Tile, ...] = ()
    hand: tuple[Tile, ...] = ()
    ba: tuple[int, int] | None = None

    @property
    def han(self) -> int:
        """The han of the hand, dora included (13 per yakuman)."""
        return sum(h for _, h in self.yaku)

    @property
    def is_tsumo(self) -> bool:
        """Whether the win was by tsumo."""
        return self.seat == self.from_seat


@dataclass(frozen=True, slots=True)
class TenhouDraw:
    """A drawn hand as the record states it: the jantaku reason and every seat's payment
    (``ba``: the honba and riichi sticks on the table, as for :class:`TenhouWin`)."""

    reason: str
    deltas: tuple[int, ...]
    tenpai: tuple[int, ...] = ()
    ba: tuple[int, int] | None = None


TenhouResult: TypeAlias = TenhouWin | TenhouDraw


@dataclass(frozen=True, slots=True)
class Disconnection:
    """A seat leaving (``BYE``) or coming back (``UN``); ``step`` counts elements of the round."""

    seat: int
    back: bool
    round: int
    step: int


@dataclass(frozen=True, slots=True)
class TenhouGame:
    """One game read from a Tenhou record: events, lobby, the recorded results and header.

    ``results[i]`` holds the results of round ``i`` (one win, several for a multiple
    ron, or one draw); ``final`` is the ``owari`` of the record: each seat's final
    points and final result, or ``None`` for a game cut short. ``shuffle`` is the seed
    of the record's ``SHUFFLE`` element as written (empty without one; the walls of a
    ``mt19937ar-sha512-n288-base64`` seed are :mod:`jantaku.logs.tenhou_wall`'s).
    """

    events: tuple[Event, ...]
    lobby: TenhouLobby
    results: tuple[tuple[TenhouResult, ...], ...]
    final: tuple[tuple[int, float], ...] | None = None
    names: tuple[str, ...] = ()
    dan: tuple[int, ...] = ()
    rate: tuple[float, ...] = ()
    sx: tuple[str, ...] = ()
    ref: str = ""
    disconnections: tuple[Disconnection, ...] = ()
    legacy: bool = False
    errors: tuple[LogFormatError, ...] = field(default=(), compare=False)
    shuffle: str = field(default="", repr=False)

    @property
    def players(self) -> int:
        """The number of seats (3 or 4)."""
        return self.lobby.players

    @property
    def rules(self) -> Rules:
        """The rules the game was played under: the lobby's, with what the record's era says.

        Tenhou changed two rules over the years, and the records show it:

        - ``legacy`` records (the 2009 format, without ``<SHUFFLE>``) have no tenpai-yame
          (``bug1.xml``: the top dealer tenpai at South 4 plays on) and, east-only, uma
          10-5 (``bye.xml``, ``shuffle.xml``);
        - recent records give final results to a tenth (``owari`` 63.8, −23.9 in
          2023053016gm-0029-0000-e54b3b98): no rounding.
        """
        rules = self.lobby.rules
        changes: dict[str, Any] = {}
        if self.legacy:
            changes["tenpai_yame"] = False
            if not self.lobby.hanchan and self.players == 4:
                changes["uma"] = (10000, 5000, -5000, -10000)
        if self.final is not None and any(not float(r).is_integer() for _, r in self.final):
            changes["final_rounding"] = Rounding.EXACT
        return replace(rules, **changes) if changes else rules

    @property
    def rounds(self) -> int:
        """The number of rounds (局) in the record."""
        return len(self.results)


def with_rules(game: TenhouGame) -> TenhouGame:
    """The game with its rules written into ``start_game`` (mjai logs made from it carry them).

    >>> from jantaku.events import StartGame
    >>> game = TenhouGame((StartGame(("A", "B", "C", "D")),), TenhouLobby(169), ())
    >>> with_rules(game).events[0].rules["players"]
    4
    """
    events = game.events
    if not events or not isinstance(events[0], StartGame):
        return game
    start = StartGame(events[0].names, rules=rules_dict(game.rules))
    return replace(game, events=(start, *events[1:]))


# Rules.to_dict of the few rule sets records are played under, and which values are lists.
_RULES_DICTS: Final[dict[Rules, tuple[dict[str, Any], tuple[str, ...]]]] = {}


def rules_dict(rules: Rules) -> dict[str, Any]:
    """``rules.to_dict()``, a new dict with new lists each time, made once per rule set.

    >>> rules_dict(Rules.preset("tenhou")) == Rules.preset("tenhou").to_dict()
    True
    """
    known = _RULES_DICTS.get(rules)
    if known is None:
        plain = rules.to_dict()
        known = plain, tuple(k for k, v in plain.items() if isinstance(v, list))
        if len(_RULES_DICTS) < 64:
            _RULES_DICTS[rules] = known
    plain, lists = known
    out = dict(plain)
    for k in lists:
        out[k] = list(out[k])
    return out
