"""Tenhou game records: mjlog XML and tenhou.net/6 JSON in, tenhou.net/6 JSON out.

A record is read into a :class:`TenhouGame`: the game as jantaku events (mjai-shaped
values of :mod:`jantaku.events`, from ``start_game`` — with the rules the game was played
under — to ``end_game``, or to the last round of a game cut short), the lobby flags,
and what the record *claims* about each result —
every win's yaku, han, fu and payments (:class:`TenhouWin`), every draw's payments
(:class:`TenhouDraw`) and the final scores (``owari``) — so that a replay can check
the engine against it.

Physical tile ids 0–135 (``id // 4`` is the kind, ids 16, 52 and 88 are the red fives)
and tenhou.net/6 two-digit tile codes (11–19 man … 41–47 honors, 51–53 red fives) live
only inside this module.

Formats (see the corpus notes in ``FORMATS.md``):

- mjlog XML, plain or gzip-compressed: :func:`read_xml`;
- tenhou.net/6 JSON, a whole game in one object or one round per JSON line
  (``*.tenhou6.jsonl``): :func:`read_tenhou6`;
- :func:`read_game` reads any of them, detecting the format by content;
- :func:`to_tenhou6` writes the tenhou.net/6 object of a game, for Tenhou's viewer.

Readers are lenient by default: oddities that do not stop the reading (an unknown
element, a game without its final ``owari``) are collected in
:attr:`TenhouGame.errors`; with ``strict=True`` the first one raises. Malformed input
always raises :class:`~jantaku.errors.LogFormatError` naming the element (XML, 1-based)
or the round and line (JSON).

>>> decode_meld(42059, who=0).kind
'pon'
>>> tile_of_id(52), tile_of_id(53), tile_of_id(135)
(35, 13, 33)
"""

from __future__ import annotations

import gzip
import json
import re
import zlib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import IO, Any, Final, TypeAlias
from urllib.parse import unquote

from jantaku.errors import ArgumentTypeError, LogFormatError
from jantaku.events import (
    Ankan,
    Chi,
    Dahai,
    Daiminkan,
    Dora,
    EndGame,
    EndKyoku,
    Event,
    Flower,
    Hora,
    Kakan,
    Nukidora,
    Pon,
    Reach,
    ReachAccepted,
    Ryukyoku,
    StartGame,
    StartKyoku,
    Tsumo,
)
from jantaku.rules import GameLength, Rounding, Rules
from jantaku.scoring.limits import Limit, limit_of
from jantaku.tiles import KIND_OF, NORTH, Tile, sort_key

__all__ = [
    "YAKU",
    "Disconnection",
    "TenhouDraw",
    "TenhouGame",
    "TenhouLobby",
    "TenhouMeld",
    "TenhouResult",
    "TenhouWin",
    "code_of_tile",
    "decode_meld",
    "read_game",
    "read_tenhou6",
    "read_xml",
    "tile_of_code",
    "tile_of_id",
    "to_tenhou6",
]

# --- tiles ------------------------------------------------------------------------------

_RED_IDS: Final = {16: 34, 52: 35, 88: 36}
_ID_TILE: Final[tuple[Tile, ...]] = tuple(_RED_IDS.get(i, i >> 2) for i in range(136))
_ID_TILE_PLAIN: Final[tuple[Tile, ...]] = tuple(i >> 2 for i in range(136))


def tile_of_id(tile_id: int, *, red: bool = True) -> Tile:
    """The jantaku tile of a physical Tenhou tile id 0–135 (16, 52, 88 are red when ``red``).

    >>> tile_of_id(16), tile_of_id(16, red=False), tile_of_id(17)
    (34, 4, 4)

    Raises :class:`~jantaku.errors.LogFormatError` for an id out of range.
    """
    if not 0 <= tile_id < 136:
        raise LogFormatError(f"tile id {tile_id} is not 0–135")
    return _ID_TILE[tile_id] if red else _ID_TILE_PLAIN[tile_id]


_CODE_OF: Final[tuple[int, ...]] = (
    *(10 * (k // 9 + 1) + k % 9 + 1 for k in range(27)),
    *(41 + k for k in range(7)),
    51,
    52,
    53,
)
_TILE_OF_CODE: Final[dict[int, Tile]] = {c: t for t, c in enumerate(_CODE_OF)}


def code_of_tile(tile: Tile) -> int:
    """The tenhou.net/6 code of a tile: 11–19 man, 21–29 pin, 31–39 sou, 41–47 honors, 51–53 red.

    >>> [code_of_tile(t) for t in (0, 13, 27, 33, 34)]
    [11, 25, 41, 47, 51]
    """
    return _CODE_OF[tile]


def tile_of_code(code: int) -> Tile:
    """The tile of a tenhou.net/6 code.

    >>> tile_of_code(53), tile_of_code(44)
    (36, 30)

    Raises :class:`~jantaku.errors.LogFormatError` for a code that is no tile.
    """
    try:
        return _TILE_OF_CODE[code]
    except (KeyError, TypeError):
        raise LogFormatError(f"not a tenhou.net/6 tile code: {code!r}") from None


# --- yaku -------------------------------------------------------------------------------

YAKU: Final[dict[int, tuple[str, str]]] = {
    0: ("menzen_tsumo", "門前清自摸和"),
    1: ("riichi", "立直"),
    2: ("ippatsu", "一発"),
    3: ("chankan", "槍槓"),
    4: ("rinshan", "嶺上開花"),
    5: ("haitei", "海底摸月"),
    6: ("houtei", "河底撈魚"),
    7: ("pinfu", "平和"),
    8: ("tanyao", "断幺九"),
    9: ("iipeikou", "一盃口"),
    10: ("seat_wind_ton", "自風 東"),
    11: ("seat_wind_nan", "自風 南"),
    12: ("seat_wind_shaa", "自風 西"),
    13: ("seat_wind_pei", "自風 北"),
    14: ("round_wind_ton", "場風 東"),
    15: ("round_wind_nan", "場風 南"),
    16: ("round_wind_shaa", "場風 西"),
    17: ("round_wind_pei", "場風 北"),
    18: ("haku", "役牌 白"),
    19: ("hatsu", "役牌 發"),
    20: ("chun", "役牌 中"),
    21: ("double_riichi", "両立直"),
    22: ("chiitoitsu", "七対子"),
    23: ("chanta", "混全帯幺九"),
    24: ("ittsu", "一気通貫"),
    25: ("sanshoku", "三色同順"),
    26: ("sanshoku_doukou", "三色同刻"),
    27: ("sankantsu", "三槓子"),
    28: ("toitoi", "対々和"),
    29: ("sanankou", "三暗刻"),
    30: ("shousangen", "小三元"),
    31: ("honroutou", "混老頭"),
    32: ("ryanpeikou", "二盃口"),
    33: ("junchan", "純全帯幺九"),
    34: ("honitsu", "混一色"),
    35: ("chinitsu", "清一色"),
    36: ("renhou", "人和"),
    37: ("tenhou", "天和"),
    38: ("chiihou", "地和"),
    39: ("daisangen", "大三元"),
    40: ("suuankou", "四暗刻"),
    41: ("suuankou_tanki", "四暗刻単騎"),
    42: ("tsuuiisou", "字一色"),
    43: ("ryuuiisou", "緑一色"),
    44: ("chinroutou", "清老頭"),
    45: ("chuuren", "九蓮宝燈"),
    46: ("junsei_chuuren", "純正九蓮宝燈"),
    47: ("kokushi", "国士無双"),
    48: ("kokushi_13", "国士無双１３面"),
    49: ("daisuushii", "大四喜"),
    50: ("shousuushii", "小四喜"),
    51: ("suukantsu", "四槓子"),
    52: ("dora", "ドラ"),
    53: ("ura", "裏ドラ"),
    54: ("aka", "赤ドラ"),
}
"""Tenhou's yaku ids (the ``yaku``/``yakuman`` attributes of ``AGARI``): the name jantaku
gives the yaku (the id of :mod:`jantaku.scoring`'s registry, and ``dora``, ``ura``, ``aka``
as the engine writes them in ``hora``) and the kanji Tenhou writes."""

_YAKU_BY_KANJI: Final = {kanji: i for i, (_, kanji) in YAKU.items()}
_YAKU_BY_NAME: Final = {name: i for i, (name, _) in YAKU.items()}
_YAKUMAN_HAN: Final = 13
_LIMIT_NAMES: Final = ("", "満貫", "跳満", "倍満", "三倍満", "役満")
_LIMIT_BASIC: Final = (0, 2000, 3000, 4000, 6000, 8000)

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

    ``yaku`` pairs Tenhou's yaku ids (:data:`YAKU`) with their han (13 per yakuman);
    ``points`` is the hand's value before honba and deposits, ``limit`` 0 (none) to 5
    (yakuman); ``deltas`` are every seat's point changes, honba and deposits included.
    ``fu`` is ``None`` where the record does not give it (a limit hand in tenhou.net/6);
    ``hand`` is the winner's concealed tiles with the winning tile (mjlog ``hai``; empty
    in tenhou.net/6, which does not show it).
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
    """A drawn hand as the record states it: the jantaku reason and every seat's payment."""

    reason: str
    deltas: tuple[int, ...]
    tenpai: tuple[int, ...] = ()


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
    points and final result, or ``None`` for a game cut short.
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


def _with_rules(game: TenhouGame) -> TenhouGame:
    """The game with its rules written into ``start_game`` (mjai logs made from it carry them)."""
    events = game.events
    if not events or not isinstance(events[0], StartGame):
        return game
    start = StartGame(events[0].names, rules=_rules_dict(game.rules))
    return replace(game, events=(start, *events[1:]))


# Rules.to_dict of the few rule sets records are played under, and which values are lists.
_RULES_DICTS: Final[dict[Rules, tuple[dict[str, Any], tuple[str, ...]]]] = {}


def _rules_dict(rules: Rules) -> dict[str, Any]:
    """``rules.to_dict()``, a new dict with new lists each time, made once per rule set."""
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


# --- melds ------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class TenhouMeld:
    """A decoded ``N`` element: kind, caller, the seat called from and the physical ids.

    ``kind`` is ``chi``, ``pon``, ``daiminkan``, ``kakan``, ``ankan`` or ``kita`` (north set
    aside in sanma). ``ids`` are the meld's ids ascending (the pon's three for a kakan),
    ``called`` the id taken from ``target``'s discard, ``added`` a kakan's added id.
    """

    kind: str
    who: int
    target: int | None
    ids: tuple[int, ...]
    called: int | None = None
    added: int | None = None


def decode_meld(code: int, *, who: int) -> TenhouMeld:
    """Decode the ``m`` attribute of an ``N`` element (a 16-bit meld code).

    >>> decode_meld(42059, who=0)
    TenhouMeld(kind='pon', who=0, target=3, ids=(108, 109, 111), called=109, added=None)
    >>> decode_meld(31008, who=2).kind, decode_meld(31008, who=2).ids
    ('kita', (121,))

    Raises :class:`~jantaku.errors.LogFormatError` for a code that is no meld.
    """
    if not 0 <= code < 0x10000:
        raise LogFormatError(f"meld code {code} is not a 16-bit value")
    rel = code & 3
    target = (who + rel) % 4 if rel else None
    if code & 0x4:
        x = code >> 10
        called_index, b = x % 3, x // 3
        if b >= 21:
            raise LogFormatError(f"meld code {code}: no such chi")
        base = (b // 7) * 9 + b % 7
        ids = tuple((base + i) * 4 + ((code >> (3 + 2 * i)) & 3) for i in range(3))
        if rel != 3:
            raise LogFormatError(f"meld code {code}: a chi is called from the left")
        return TenhouMeld("chi", who, target, ids, ids[called_index])
    if code & 0x18:
        x = code >> 9
        called_index, kind = x % 3, x // 3
        if kind >= 34:
            raise LogFormatError(f"meld code {code}: no such pon")
        unused = (code >> 5) & 3
        ids = tuple(kind * 4 + i for i in range(4) if i != unused)
        if target is None:
            raise LogFormatError(f"meld code {code}: a pon names no seat it came from")
        if code & 0x8:
            return TenhouMeld("pon", who, target, ids, ids[called_index])
        return TenhouMeld("kakan", who, target, ids, ids[called_index], kind * 4 + unused)
    tile_id = code >> 8
    if code & 0x20:
        if tile_id >> 2 != NORTH:
            raise LogFormatError(f"meld code {code}: kita of a tile that is not north")
        return TenhouMeld("kita", who, None, (tile_id,))
    if tile_id >= 136:
        raise LogFormatError(f"meld code {code}: no such kan")
    kind = tile_id >> 2
    ids = tuple(kind * 4 + i for i in range(4))
    if rel == 0:
        return TenhouMeld("ankan", who, None, ids)
    return TenhouMeld("daiminkan", who, target, ids, tile_id)


# --- XML reader -------------------------------------------------------------------------

_ELEMENT: Final = re.compile(r'\s*<(/?)([A-Za-z]+)(\d*)((?:\s+[A-Za-z0-9_]+="[^"]*")*)\s*(/?)>')
_ATTR: Final = re.compile(r'([A-Za-z0-9_]+)="([^"]*)"')
_DRAW_TAGS: Final = {"T": 0, "U": 1, "V": 2, "W": 3}
_DISCARD_TAGS: Final = {"D": 0, "E": 1, "F": 2, "G": 3}
_DRAW_KIND: Final = {
    "": "exhaustive",
    "yao9": "kyuushu_kyuuhai",
    "reach4": "suucha_riichi",
    "ron3": "sanchahou",
    "kan4": "suukan_sanra",
    "kaze4": "suufon_renda",
    "nm": "nagashi_mangan",
}
_BAKAZE: Final = (27, 28, 29, 30)


class _XmlError(Exception):
    pass


# Draws and discards are most of a record, and nearly all of them are written alone
# (``<T12/>``, ``<D34/>``, nothing between elements). Split at ``<``, each such element
# is a piece (``T12/>``) looked up whole in a table of prepared events: events are
# immutable values, so each possible one is made once. A table row is (seat, tile id,
# event) for a draw and (seat, tile id, discard, tsumogiri discard) for a discard.
_DrawRow: TypeAlias = tuple[int, int, Tsumo]
_DiscardRow: TypeAlias = tuple[int, int, Dahai, Dahai]
_DRAWS: Final[dict[bool, dict[str, _DrawRow]]] = {
    red: {
        f"{tag}{i}/>": (seat, i, Tsumo(seat, table[i]))
        for tag, seat in _DRAW_TAGS.items()
        for i in range(136)
    }
    for red, table in ((True, _ID_TILE), (False, _ID_TILE_PLAIN))
}
_DISCARDS: Final[dict[bool, dict[str, _DiscardRow]]] = {
    red: {
        f"{tag}{i}/>": (seat, i, Dahai(seat, table[i], False), Dahai(seat, table[i], True))
        for tag, seat in _DISCARD_TAGS.items()
        for i in range(136)
    }
    for red, table in ((True, _ID_TILE), (False, _ID_TILE_PLAIN))
}
_NO_DRAWS: Final[dict[str, _DrawRow]] = {}
_NO_DISCARDS: Final[dict[str, _DiscardRow]] = {}

# Calls, riichi and kan dora (N, REACH, DORA) repeat from game to game: the pieces met in a
# round, by red fives and players, with their event and the seat whose drawn tile a call
# clears (-1 for none); an element's event depends on nothing else. At most _MARKS_MAX
# pieces of at most _MEMO_TEXT characters each.
_MarkRow: TypeAlias = tuple[Event, int]
_MARKS: Final[dict[tuple[bool, int], dict[str, _MarkRow]]] = {
    (red, players): {} for red in (True, False) for players in (3, 4)
}
_MARK_TAGS: Final = frozenset(("N", "REACH", "DORA"))
_MARKS_MAX: Final = 1 << 14
_MEMO_TEXT: Final = 80
_NO_MARKS: Final[dict[str, _MarkRow]] = {}


def _ints(text: str) -> list[int]:
    if not text:
        return []
    try:
        return list(map(int, text.split(",")))
    except ValueError:
        raise _XmlError(f"not a list of integers: {text!r}") from None


def _int(attrs: Mapping[str, str], key: str) -> int:
    try:
        return int(attrs[key])
    except KeyError:
        raise _XmlError(f"missing attribute {key!r}") from None
    except ValueError:
        raise _XmlError(f"attribute {key}={attrs[key]!r} is not an integer") from None


_ELEMENTS: Final = re.compile(r'<(/?)([A-Za-z]+)(\d*)((?:\s+[A-Za-z0-9_]+="[^"]*")*)(\s*/?)>')
_BETWEEN: Final = re.compile(r">\s+<")


def _fast_tokens(text: str) -> list[tuple[str, str, str, str, str]] | None:
    """Every element at once (close mark, tag, digits, attributes, tail), or ``None``
    when the elements do not cover the whole text (then :func:`_tokens` finds where)."""
    body = text
    if body.startswith("<?xml"):
        end = body.find("?>")
        if end < 0:
            return None
        body = body[end + 2 :]
    toks: list[tuple[str, str, str, str, str]] = _ELEMENTS.findall(body)
    covered = len("".join(map("".join, toks))) + 2 * len(toks)
    if covered != len(body) and covered != len(_BETWEEN.sub("><", body.strip())):
        return None
    return toks


# Calls and riichi as Tenhou writes them: pieces that _PIECE reads the same way.
_N_PIECE: Final = re.compile(r'N who="([0-3])" m="([0-9]{1,5})"\s*/?>\s*')
_REACH_PIECE: Final = re.compile(r'REACH who="([0-3])"(?: ten="[^"]*")? step="([0-9])"\s*/?>\s*')
# The two long elements of every round as Tenhou writes them, and their attributes.
_INIT_KEYS: Final = ("seed", "ten", "oya", "hai0", "hai1", "hai2", "hai3")
_INIT_PIECE: Final = re.compile(
    r'INIT seed="([^"]*)" ten="([^"]*)" oya="([^"]*)" hai0="([^"]*)" hai1="([^"]*)" '
    r'hai2="([^"]*)" hai3="([^"]*)"\s*/?>\s*'
)
_AGARI_KEYS: Final = (
    *("ba", "hai", "m", "machi", "ten", "yaku", "doraHai", "doraHaiUra"),
    *("who", "fromWho", "sc", "owari"),
)
_AGARI_PIECE: Final = re.compile(
    r'AGARI ba="([^"]*)" hai="([^"]*)"(?: m="([^"]*)")? machi="([^"]*)" ten="([^"]*)" '
    r'yaku="([^"]*)" doraHai="([^"]*)"(?: doraHaiUra="([^"]*)")? who="([^"]*)" '
    r'fromWho="([^"]*)" sc="([^"]*)"(?: owari="([^"]*)")?\s*/?>\s*'
)
_PIECE: Final = re.compile(r'(/?)([A-Za-z]+)(\d*)((?:\s+[A-Za-z0-9_]+="[^"]*")*)(\s*/?)>\s*')


class _Irregular(Exception):
    """The text is not a plain sequence of elements (a ``<`` inside a value, text between
    elements): it is read again, element by element, by :meth:`_XmlReader._read_elements`."""


def _pieces(text: str) -> list[str] | None:
    """The text after ``<?xml …?>`` split at ``<``: one piece per element (what follows
    its ``<``), or ``None`` when something other than white space comes first."""
    body = text
    if body.startswith("<?xml"):
        end = body.find("?>")
        if end < 0:
            return None
        body = body[end + 2 :]
    pieces = body.split("<")
    if pieces[0] and not pieces[0].isspace():
        return None
    del pieces[0]
    return pieces


def _plain_attrs(piece: str) -> tuple[str, dict[str, str]] | None:
    """The tag and attributes of an INIT or AGARI piece written as Tenhou writes them
    (what :data:`_PIECE` and :data:`_ATTR` read from it, in one pass), else ``None``."""
    if piece.startswith("INIT "):
        m = _INIT_PIECE.fullmatch(piece)
        if m is not None:
            return "INIT", dict(zip(_INIT_KEYS, m.groups(), strict=True))
    elif piece.startswith("AGARI "):
        m = _AGARI_PIECE.fullmatch(piece)
        if m is not None:
            pairs = zip(_AGARI_KEYS, m.groups(), strict=True)
            return "AGARI", {k: v for k, v in pairs if v is not None}
    return None


def _meld_event(meld: TenhouMeld, ids: Sequence[Tile]) -> Event:
    """The event of a decoded ``N`` element, with the tiles of ``ids``."""
    who = meld.who
    kind = meld.kind
    if kind == "chi" or kind == "pon" or kind == "daiminkan":
        assert meld.called is not None and meld.target is not None
        called = meld.called
        consumed = tuple(ids[i] for i in meld.ids if i != called)
        cls = Chi if kind == "chi" else Pon if kind == "pon" else Daiminkan
        return cls(who, meld.target, ids[called], consumed)
    if kind == "kakan":
        assert meld.added is not None
        return Kakan(who, ids[meld.added], tuple(ids[i] for i in meld.ids))
    if kind == "ankan":
        return Ankan(who, tuple(ids[i] for i in meld.ids))
    return Nukidora(who, ids[meld.ids[0]])


# The event of each meld code met so far, by code << 3 | seat << 1 | red fives (events
# are immutable values; at most _MELD_EVENTS_MAX of them).
_MELD_EVENTS: Final[dict[int, Event]] = {}
_MELD_EVENTS_MAX: Final = 1 << 16

# Tile ids as written in a record ("0" … "135") to tiles, with and without red fives.
_TEXT_TILE: Final[dict[bool, dict[str, Tile]]] = {
    red: {str(i): table[i] for i in range(136)}
    for red, table in ((True, _ID_TILE), (False, _ID_TILE_PLAIN))
}
_HAI_KEYS: Final = ("hai0", "hai1", "hai2", "hai3")


def _tile_list(text: str, table: Mapping[str, Tile]) -> tuple[Tile, ...] | None:
    """The tiles of a list of ids written plainly (``1,24,67``), or ``None`` when one is
    not (then the general reading gives the result or the error)."""
    try:
        return tuple(map(table.__getitem__, text.split(",")))
    except KeyError:
        return None


def _id_tiles(text: str, table: Mapping[str, Tile], ids: Sequence[Tile]) -> tuple[Tile, ...]:
    """The tiles of a list of tile ids (``table`` maps the ids as written to ``ids``' tiles)."""
    if not text:
        return ()
    tiles = _tile_list(text, table)
    if tiles is None:
        tiles = tuple(ids[_XmlReader._checked(t)] for t in _ints(text))
    return tiles


_END_KYOKU: Final = EndKyoku()
_REACH: Final = tuple(Reach(seat) for seat in range(4))
_REACH_ACCEPTED: Final = tuple(ReachAccepted(seat) for seat in range(4))
_DICE: Final = {(a, b): (a + 1, b + 1) for a in range(6) for b in range(6)}

# The yaku lists of AGARI (``yaku`` pairs, or ``yakuman`` ids) met so far, read: wins
# repeat them. At most _YAKU_LISTS_MAX texts of at most _MEMO_TEXT characters of each.
_YakuList: TypeAlias = tuple[tuple[tuple[int, int], ...], tuple[tuple[str, int], ...], int]
_YAKU_LISTS: Final[dict[bool, dict[str, _YakuList]]] = {False: {}, True: {}}
_YAKU_LISTS_MAX: Final = 1 << 14


def _yaku_list(text: str, yakuman: bool) -> _YakuList:
    """The (id, han) pairs of an AGARI yaku list, the (name, han) pairs, and the han."""
    if yakuman:
        kinds = _ints(text)
        yaku = tuple([(y, _YAKUMAN_HAN) for y in kinds])
        han = _YAKUMAN_HAN * len(kinds)
    else:
        flat = _ints(text)
        if len(flat) % 2:
            raise _XmlError(f"yaku needs id,han pairs: {text!r}")
        kinds = flat[::2]
        yaku = tuple(zip(kinds, flat[1::2], strict=True))
        han = sum(flat[1::2])
    if not yaku or not all(map(YAKU.__contains__, kinds)):
        raise _XmlError("no known yaku")
    return yaku, tuple([(YAKU[y][0], h) for y, h in yaku]), han


def _seat(attrs: Mapping[str, str], key: str, players: int) -> int:
    seat = _int(attrs, key)
    if not 0 <= seat < players:
        raise _XmlError(f"{key}={seat} is not a seat")
    return seat


def _tokens(text: str) -> Iterable[tuple[int, tuple[str, str, str, str, str]]]:
    """(1-based element number, ("", tag, digits, attribute text, "")) of every opening
    element: the shape of ``enumerate(_fast_tokens(text), 1)`` without the closings."""
    pos = 0
    if text.startswith("<?xml"):
        end = text.find("?>")
        if end < 0:
            raise LogFormatError("unterminated XML declaration", line=1)
        pos = end + 2
    number = 0
    n = len(text)
    match = _ELEMENT.match
    while True:
        m = match(text, pos)
        if m is None:
            if text[pos:].strip():
                raise LogFormatError(
                    f"not an element: {text[pos : pos + 40]!r}", line=number + 1, source="xml"
                )
            return
        number += 1
        pos = m.end()
        if m.group(1):
            continue
        yield number, ("", m.group(2), m.group(3), m.group(4), "")
        if pos >= n:
            return


def read_xml(data: str | bytes, *, strict: bool = False, ref: str = "") -> TenhouGame:
    """Read one game from Tenhou mjlog XML (text, bytes or gzip-compressed bytes).

    >>> xml = ('<mjloggm ver="2.3"><GO type="169" lobby="0"/><UN n0="A" n1="B" n2="C" '
    ...        'n3="D" dan="0,0,0,0" rate="1500,1500,1500,1500" sx="M,M,M,M"/>'
    ...        '<TAIKYOKU oya="0"/><INIT seed="0,0,0,1,1,52" ten="250,250,250,250" oya="0" '
    ...        'hai0="0,1,2,3,4,5,6,7,8,9,10,11,12" hai1="36,37,38,39,40,41,42,43,44,45,46,47,48" '
    ...        'hai2="72,73,74,75,76,77,78,79,80,81,82,83,84" '
    ...        'hai3="108,109,110,111,112,113,114,115,116,117,118,119,120"/>'
    ...        '<T124/><D124/><RYUUKYOKU type="yao9" ba="0,0" sc="250,0,250,0,250,0,250,0"/>'
    ...        '</mjloggm>')
    >>> game = read_xml(xml)
    >>> [type(e).__name__ for e in game.events]
    ['StartGame', 'StartKyoku', 'Tsumo', 'Dahai', 'Ryukyoku', 'EndKyoku']
    >>> game.events[3], game.final, len(game.errors)
    (Dahai(actor=0, pai=31, tsumogiri=True), None, 1)

    Raises :class:`~jantaku.errors.LogFormatError` for malformed XML, naming the element.
    """
    if isinstance(data, bytes | bytearray):
        raw = bytes(data)
        if raw[:2] == b"\x1f\x8b":
            try:
                raw = gzip.decompress(raw)
            except (OSError, EOFError, zlib.error) as e:
                raise LogFormatError(f"bad gzip data: {e}", source="xml") from None
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as e:
            raise LogFormatError(f"not UTF-8 text: {e}", source="xml") from None
    elif isinstance(data, str):
        text = data
    else:
        raise ArgumentTypeError(
            f"read_xml reads XML text or bytes, not a {type(data).__name__} "
            "(read_game reads a file by its path)"
        )
    return _XmlReader(strict, ref).read(text)


class _XmlReader:
    """The state of one XML reading (a plain class: it lives only during :func:`read_xml`)."""

    def __init__(self, strict: bool, ref: str) -> None:
        self.strict = strict
        self.ref = ref
        self.errors: list[LogFormatError] = []
        self.events: list[Event] = []
        self.results: list[list[TenhouResult]] = []
        self.disconnections: list[Disconnection] = []
        self.lobby = TenhouLobby()
        self.names: tuple[str, ...] = ()
        self.dan: tuple[int, ...] = ()
        self.rate: tuple[float, ...] = ()
        self.sx: tuple[str, ...] = ()
        self.final: tuple[tuple[int, float], ...] | None = None
        self.number = 0
        self.started = False
        self.in_round = False
        self.round_start = 0
        self.breaks = 0
        self.shuffled = False
        self.players = 4
        self.red = True
        self.ids: Sequence[Tile] = _ID_TILE
        self.last_draw = [-1, -1, -1, -1]
        self.root = False

    def _step(self) -> int:
        """Elements of the round before this one, disconnections not counted."""
        return self.number - self.round_start - self.breaks if self.results else 0

    def note(self, reason: str) -> None:
        err = LogFormatError(reason, line=self.number, source="xml")
        if self.strict:
            raise err
        self.errors.append(err)

    def read(self, text: str) -> TenhouGame:
        pieces = _pieces(text)
        if pieces is None:
            self._read_elements(text)
            return self._game()
        try:
            self._read_pieces(pieces)
        except _Irregular:
            again = _XmlReader(self.strict, self.ref)
            again._read_elements(text)
            return again._game()
        return self._game()

    def _read_elements(self, text: str) -> None:
        """Read the elements as the tokenizers find them (any text, errors where they are)."""
        fast = _fast_tokens(text)
        tokens = _tokens(text) if fast is None else enumerate(fast, 1)
        element = self._element
        for number, (closing, tag, digits, attr_text, _) in tokens:
            if not closing:
                element(number, tag, digits, attr_text)

    def _read_pieces(self, pieces: list[str]) -> None:
        """Read the pieces of :func:`_pieces`: plain draws and discards straight from
        their tables, the rest by :meth:`_element`; raises :class:`_Irregular` at a
        piece that is no element."""
        last = self.last_draw
        append = self.events.append
        fullmatch = _PIECE.fullmatch
        element = self._element
        events = self.events
        draws, discards, marks = _NO_DRAWS, _NO_DISCARDS, _NO_MARKS
        for number, piece in enumerate(pieces, 1):
            draw = draws.get(piece)
            if draw is not None:
                seat, value, event = draw
                last[seat] = value
                append(event)
                continue
            discard = discards.get(piece)
            if discard is not None:
                seat, value, plain, giri = discard
                append(giri if last[seat] == value else plain)
                last[seat] = -1
                continue
            mark = marks.get(piece)
            if mark is None and marks is not _NO_MARKS and piece[:1] in ("N", "R"):
                mark = self._plain_call(piece)
                if mark is not None and len(piece) <= _MEMO_TEXT and len(marks) < _MARKS_MAX:
                    marks[piece] = mark
            if mark is not None:
                made, seat = mark
                self.number = number
                append(made)
                if seat >= 0:
                    last[seat] = -1
                continue
            written = _plain_attrs(piece) if piece[:1] in ("I", "A") else None
            if written is not None:
                tag = written[0]
                element(number, tag, "", "", written[1])
            else:
                m = fullmatch(piece)
                if m is None:
                    raise _Irregular
                closing, tag, digits, attr_text, _ = m.groups()
                if closing:
                    continue
                element(number, tag, digits, attr_text)
            if (
                tag in _MARK_TAGS
                and marks is not _NO_MARKS
                and len(piece) <= _MEMO_TEXT
                and len(marks) < _MARKS_MAX
            ):
                made = events[-1]
                marks[piece] = (made, getattr(made, "actor", -1) if tag == "N" else -1)
            if self.in_round:
                draws, discards = _DRAWS[self.red], _DISCARDS[self.red]
                marks = _MARKS[self.red, self.players]
            else:
                draws, discards, marks = _NO_DRAWS, _NO_DISCARDS, _NO_MARKS

    def _plain_call(self, piece: str) -> _MarkRow | None:
        """The event of a call or riichi written as Tenhou writes them (``N who="1"
        m="42059" />``, ``REACH who="0" ten="…" step="2"/>``), read in a round, with the
        seat whose drawn tile it clears; ``None`` for anything else (:meth:`_element`
        reads it, or names what is wrong with it)."""
        m = _N_PIECE.fullmatch(piece)
        if m is not None:
            who = int(m[1])
            if who >= self.players:
                return None
            code = int(m[2])
            memo = code << 3 | who << 1 | self.red
            event = _MELD_EVENTS.get(memo)
            if event is None:
                try:
                    meld = decode_meld(code, who=who)
                except LogFormatError:
                    return None
                event = _meld_event(meld, self.ids)
                if len(_MELD_EVENTS) < _MELD_EVENTS_MAX:
                    _MELD_EVENTS[memo] = event
            return event, who
        m = _REACH_PIECE.fullmatch(piece)
        if m is not None:
            who = int(m[1])
            if who >= self.players:
                return None
            return (_REACH[who] if m[2] == "1" else _REACH_ACCEPTED[who]), -1
        return None

    def _element(
        self,
        number: int,
        tag: str,
        digits: str,
        attr_text: str,
        attrs: dict[str, str] | None = None,
    ) -> None:
        """Read one opening element (number ``number``; ``attrs`` read from ``attr_text``
        when not given); errors name it and its number."""
        players = self.players
        ids = self.ids
        last_draw = self.last_draw
        append = self.events.append
        try:
            if digits:  # a draw or a discard written otherwise than <T12/>, or an error
                value = int(digits) if len(digits) < 10 else 136  # no id has 10 digits
                if self.in_round and value < 136:
                    key = f"{tag}{value}/>"
                    draw = _DRAWS[self.red].get(key)
                    if draw is not None:
                        last_draw[draw[0]] = value
                        append(draw[2])
                        return
                    discard = _DISCARDS[self.red].get(key)
                    if discard is not None:
                        seat = discard[0]
                        append(discard[3] if last_draw[seat] == value else discard[2])
                        last_draw[seat] = -1
                        return
                if value >= 136:
                    shown = value if len(digits) < 10 else f"{digits[:9]}…"
                    raise _XmlError(f"tile id {shown} is not 0–135")
                if not self.in_round:
                    raise _XmlError(f"<{tag}{digits}> outside a round")
                raise _XmlError(f"unknown element <{tag}{digits}>")
            self.number = number
            if attrs is None:
                attrs = dict(_ATTR.findall(attr_text)) if attr_text else {}
            if tag == "N":
                if not self.in_round:
                    raise _XmlError("<N> outside a round")
                who = _seat(attrs, "who", players)
                code = _int(attrs, "m")
                memo = code << 3 | who << 1 | self.red
                event = _MELD_EVENTS.get(memo)
                if event is None:
                    event = _meld_event(decode_meld(code, who=who), ids)
                    if len(_MELD_EVENTS) < _MELD_EVENTS_MAX:
                        _MELD_EVENTS[memo] = event
                append(event)
                last_draw[who] = -1
            elif tag == "REACH":
                who = _seat(attrs, "who", players)
                step = _int(attrs, "step")
                append(_REACH[who] if step == 1 else _REACH_ACCEPTED[who])
            elif tag == "DORA":
                append(Dora(ids[self._id(attrs, "hai")]))
            elif tag == "INIT":
                if not self.started:
                    self._start(players)
                self._init(attrs, players, ids)
                last_draw[:] = (-1, -1, -1, -1)
            elif tag == "AGARI":
                self._agari(attrs, players, ids)
            elif tag == "RYUUKYOKU":
                self._ryuukyoku(attrs, players, ids)
            elif tag == "GO":
                go_type = _int(attrs, "type")
                lobby = _int(attrs, "lobby") if "lobby" in attrs else 0
                self.lobby = TenhouLobby(go_type, lobby)
                self.red = self.lobby.red_fives
                self.ids = _ID_TILE if self.red else _ID_TILE_PLAIN
                self.players = self.lobby.players
            elif tag == "UN":
                self._un(attrs, players)
            elif tag == "BYE":
                self.breaks += 1
                self.disconnections.append(
                    Disconnection(
                        _seat(attrs, "who", players), False, len(self.results) - 1, self._step()
                    )
                )
            elif tag == "TAIKYOKU":
                self._start(players)
            elif tag == "mjloggm":
                self.root = True
            elif tag == "SHUFFLE":
                self.shuffled = True
            else:
                self.note(f"unknown element <{tag}>")
        except _XmlError as e:
            raise LogFormatError(f"<{tag}{digits}>: {e}", line=number, source="xml") from None
        except LogFormatError as e:
            if e.line is not None:
                raise
            raise LogFormatError(
                f"<{tag}{digits}>: {e.reason}", line=number, source="xml"
            ) from None

    def _game(self) -> TenhouGame:
        """The game read, once every element is."""
        if not self.root:
            raise LogFormatError("not an mjlog document (no <mjloggm>)", source="xml")
        self._end_round()
        if self.final is None:  # a game cut short ends with its last round
            self.note("the game has no final result (owari)")
        events = self.events
        game = TenhouGame(
            events=(),
            lobby=self.lobby,
            results=tuple(map(tuple, self.results)),
            final=self.final,
            names=self.names,
            dan=self.dan,
            rate=self.rate,
            sx=self.sx,
            ref=self.ref,
            disconnections=tuple(self.disconnections),
            legacy=not self.shuffled,
            errors=tuple(self.errors),
        )
        if events and isinstance(events[0], StartGame):  # with the rules, as _with_rules
            events[0] = StartGame(events[0].names, rules=_rules_dict(game.rules))
        return replace(game, events=tuple(events))

    @staticmethod
    def _id(attrs: Mapping[str, str], key: str) -> int:
        value = _int(attrs, key)
        if not 0 <= value < 136:
            raise _XmlError(f"tile id {value} is not 0–135")
        return value

    def _end_round(self) -> None:
        """Close the open round (a multiple ron has several results, so this waits)."""
        if not self.in_round:
            return
        self.in_round = False
        if not self.results[-1]:  # cut short: the round stays open
            self.note("a round without a result")
            return
        self.events.append(_END_KYOKU)

    def _start(self, players: int) -> None:
        if self.started:
            return
        self.started = True
        names = self.names or tuple(f"player{i}" for i in range(players))
        self.events.append(StartGame(names[:players]))

    def _un(self, attrs: Mapping[str, str], players: int) -> None:
        if "dan" in attrs:
            self.names = tuple(unquote(attrs.get(f"n{i}", "")) for i in range(players))
            self.dan = tuple(_ints(attrs["dan"])[:players])
            try:
                self.rate = tuple(float(v) for v in attrs.get("rate", "").split(",")[:players])
            except ValueError:
                raise _XmlError(f"bad rate {attrs.get('rate')!r}") from None
            self.sx = tuple(attrs.get("sx", "").split(",")[:players])
            return
        self.breaks += 1
        for i in range(4):
            if f"n{i}" in attrs:
                self.disconnections.append(
                    Disconnection(i, True, len(self.results) - 1, self._step())
                )

    def _init(self, attrs: Mapping[str, str], players: int, ids: Sequence[Tile]) -> None:
        self._end_round()
        seed = _ints(attrs.get("seed", ""))
        if len(seed) != 6:
            raise _XmlError(f"seed needs 6 values, not {attrs.get('seed')!r}")
        rnd, honba, sticks, d1, d2, dora = seed
        if not 0 <= dora < 136 or not 0 <= rnd < 16:
            raise _XmlError(f"bad seed {attrs.get('seed')!r}")
        ten = _ints(attrs.get("ten", ""))
        if len(ten) < players:
            raise _XmlError(f"ten needs {players} scores")
        hands = []
        table = _TEXT_TILE[self.red]
        for s in range(players):
            tiles = _tile_list(attrs.get(_HAI_KEYS[s], ""), table)
            if tiles is None or len(tiles) != 13:
                hand = _ints(attrs.get(f"hai{s}", ""))
                if len(hand) != 13 or min(hand) < 0 or max(hand) >= 136:
                    raise _XmlError(f"hai{s} is not 13 tile ids")
                tiles = tuple(map(ids.__getitem__, hand))
            hands.append(tiles)
        oya = _int(attrs, "oya")
        if not 0 <= oya < players:
            raise _XmlError(f"oya {oya} is not a seat")
        self.events.append(
            StartKyoku(
                bakaze=_BAKAZE[rnd // 4 % 4],
                kyoku=rnd % 4 + 1,
                honba=honba,
                kyotaku=sticks,
                oya=oya,
                dora_marker=ids[dora],
                scores=tuple([v * 100 for v in ten[:players]]),
                tehais=tuple(hands),
                dice=_DICE.get((d1, d2)) or (d1 + 1, d2 + 1),
            )
        )
        self.results.append([])
        self.in_round = True
        self.round_start = self.number
        self.breaks = 0

    def _scores(self, attrs: Mapping[str, str], players: int) -> tuple[int, ...]:
        sc = _ints(attrs.get("sc", ""))
        if len(sc) < 2 * players:
            raise _XmlError(f"sc needs {2 * players} values")
        return tuple([v * 100 for v in sc[1 : 2 * players : 2]])

    def _owari(self, attrs: Mapping[str, str], players: int) -> None:
        if "owari" not in attrs:
            return
        parts = attrs["owari"].split(",")
        try:
            final = tuple(
                (int(parts[2 * i]) * 100, float(parts[2 * i + 1])) for i in range(players)
            )
        except (ValueError, IndexError):
            raise _XmlError(f"bad owari {attrs['owari']!r}") from None
        self.final = final
        self._end_round()
        self.events.append(
            EndGame(scores=tuple(p for p, _ in final), result=tuple(r for _, r in final))
        )

    def _agari(self, attrs: Mapping[str, str], players: int, ids: Sequence[Tile]) -> None:
        if not self.results or not self.in_round:
            raise _XmlError("<AGARI> outside a round")
        who = _seat(attrs, "who", players)
        from_who = _seat(attrs, "fromWho", players)
        ten = _ints(attrs.get("ten", ""))
        if len(ten) != 3:
            raise _XmlError(f"ten needs fu,points,limit: {attrs.get('ten')!r}")
        yakuman = "yaku" not in attrs
        text = attrs.get("yakuman", "") if yakuman else attrs["yaku"]
        known = _YAKU_LISTS[yakuman].get(text)
        if known is None:
            known = _yaku_list(text, yakuman)
            if len(text) <= _MEMO_TEXT and len(_YAKU_LISTS[yakuman]) < _YAKU_LISTS_MAX:
                _YAKU_LISTS[yakuman][text] = known
        yaku, names, han = known
        table = _TEXT_TILE[self.red]
        ura = _id_tiles(attrs.get("doraHaiUra", ""), table, ids)
        deltas = self._scores(attrs, players)
        pao = _seat(attrs, "paoWho", players) if "paoWho" in attrs else None
        hand = _id_tiles(attrs.get("hai", ""), table, ids)
        win = TenhouWin(
            seat=who,
            from_seat=from_who,
            yaku=yaku,
            fu=ten[0],
            points=ten[1],
            limit=ten[2],
            deltas=deltas,
            pao=pao,
            yakuman=yakuman,
            ura_markers=ura,
            hand=tuple(sorted(hand)),
        )
        self.results[-1].append(win)
        machi = self._id(attrs, "machi")
        self.events.append(
            Hora(
                actor=who,
                target=from_who,
                pai=ids[machi],
                deltas=deltas,
                ura_markers=ura,
                yaku=names,
                han=han,
                fu=ten[0],
                points=ten[1],
                pao=pao,
            )
        )
        self._owari(attrs, players)

    @staticmethod
    def _checked(tile_id: int) -> int:
        if not 0 <= tile_id < 136:
            raise _XmlError(f"tile id {tile_id} is not 0–135")
        return tile_id

    def _ryuukyoku(self, attrs: Mapping[str, str], players: int, ids: Sequence[Tile]) -> None:
        if not self.results or not self.in_round:
            raise _XmlError("<RYUUKYOKU> outside a round")
        kind = attrs.get("type", "")
        reason = _DRAW_KIND.get(kind)
        if reason is None:
            raise _XmlError(f"unknown draw type {kind!r}")
        deltas = self._scores(attrs, players)
        shown = tuple([s for s in range(players) if _HAI_KEYS[s] in attrs])
        table = _TEXT_TILE[self.red]
        tehais = tuple([_id_tiles(attrs.get(_HAI_KEYS[s], ""), table, ids) for s in range(players)])
        if reason in ("exhaustive", "nagashi_mangan"):
            tenpai: tuple[int, ...] | None = shown
            actor = None
        else:
            tenpai = None
            actor = shown[0] if reason == "kyuushu_kyuuhai" and shown else None
        self.results[-1].append(TenhouDraw(reason, deltas, tenpai or ()))
        self.events.append(
            Ryukyoku(reason=reason, deltas=deltas, tenpai=tenpai, tehais=tehais, actor=actor)
        )
        self._owari(attrs, players)


# --- tenhou.net/6 writer ----------------------------------------------------------------

_DAN_NAMES: Final = (
    "新人",
    *(f"{n}級" for n in "９８７６５４３２１"),
    "初段",
    "二段",
    "三段",
    "四段",
    "五段",
    "六段",
    "七段",
    "八段",
    "九段",
    "十段",
    "天鳳",
)
_DRAW_TEXT: Final = {
    "kyuushu_kyuuhai": "九種九牌",
    "suucha_riichi": "四家立直",
    "suufon_renda": "四風連打",
    "suukan_sanra": "四槓散了",
    "sanchahou": "三家和了",
    "nagashi_mangan": "流し満貫",
}
_DRAW_OF_TEXT: Final = {v: k for k, v in _DRAW_TEXT.items()}
_EMPTY_SEAT_RATE: Final = 1500.0


def _haipai_key(tile: Tile) -> tuple[int, int]:
    # tenhou.net/6 lists a red five after the plain fives of its suit
    return (KIND_OF[tile], 1 if tile >= 34 else 0)


def _ceil100(value: int) -> int:
    return -(-value // 100) * 100


def _limit_of(han: int, fu: int, yakuman: int, rules: Rules | None) -> int:
    """The place in :data:`_LIMIT_NAMES` of the limit scoring gives (kiriage mangan and
    kazoe yakuman as ``rules`` say; Tenhou's when a record names none)."""
    limit = limit_of(han, fu, rules or _TENHOU_LIMITS, yakuman=yakuman)
    return _LIMIT_PLACE[limit]


_TENHOU_LIMITS: Final = Rules.preset("tenhou")
_LIMIT_PLACE: Final = {
    Limit.NONE: 0,
    Limit.MANGAN: 1,
    Limit.HANEMAN: 2,
    Limit.BAIMAN: 3,
    Limit.SANBAIMAN: 4,
    Limit.KAZOE_YAKUMAN: 5,  # Tenhou writes a counted yakuman 役満 too
    Limit.YAKUMAN: 5,
}


def _score_text(hora: Hora, dealer: int, players: int = 4, rules: Rules | None = None) -> str:
    yaku = hora.yaku or ()
    yakuman = sum(h // _YAKUMAN_HAN for name, h in yaku if _is_yakuman_name(name))
    han = hora.han if hora.han is not None else sum(h for _, h in yaku)
    fu = hora.fu or 0
    limit = _limit_of(han, fu, yakuman, rules)
    if hora.fu is None and hora.points:
        # a limit hand read from tenhou.net/6 (no fu written): the value tells the limit;
        # a sanma tsumo is paid by two seats (2 + 2 basic points to a dealer, 2 + 1 else)
        dealer_won = hora.actor == dealer
        if hora.is_tsumo and players == 3:
            basic = hora.points // (4 if dealer_won else 3)
        else:
            basic = hora.points // (6 if dealer_won else 4)
        limit = max(i for i, b in enumerate(_LIMIT_BASIC) if b <= max(basic, 2000))
        yakuman = max(yakuman, basic // 8000)
    if limit == 5:
        basic = 8000 * max(1, yakuman)
    elif limit:
        basic = _LIMIT_BASIC[limit]
    else:
        basic = fu * 2 ** (han + 2)
    if not hora.is_tsumo:
        pay = f"{hora.points if hora.points is not None else 0}点"
    elif hora.actor == dealer:
        pay = f"{_ceil100(2 * basic)}点∀"
    else:
        pay = f"{_ceil100(basic)}-{_ceil100(2 * basic)}点"
    return (_LIMIT_NAMES[limit] if limit else f"{fu}符{han}飜") + pay


def _is_yakuman_name(name: str) -> bool:
    i = _YAKU_BY_NAME.get(name)
    return (i is not None and 37 <= i <= 51) or name == "renhou_yakuman"


def _yaku_text(name: str, han: int) -> str | None:
    i = _YAKU_BY_NAME.get("renhou" if name == "renhou_yakuman" else name)
    kanji = YAKU[i][1] if i is not None else name
    if _is_yakuman_name(name):
        return f"{kanji}(役満)"
    if han == 0:
        return None
    return f"{kanji}({han}飜)"


class _Seat:
    __slots__ = ("discards", "haipai", "pon_strings", "takes")

    def __init__(self, haipai: list[int]) -> None:
        self.haipai = haipai
        self.takes: list[int | str] = []
        self.discards: list[int | str] = []
        self.pon_strings: dict[int, str] = {}


def _call_string(letter: str, called: Tile, own: Sequence[Tile], rel: int) -> str:
    """A call, its letter placed where the called tile came from (3 left, 2 across, 1 right)."""
    codes = [f"{code_of_tile(t)}" for t in own]
    mark = f"{letter}{code_of_tile(called)}"
    at = {3: 0, 2: 1, 1: len(codes)}[rel]
    return "".join(codes[:at]) + mark + "".join(codes[at:])


def _own_order(tiles: Iterable[Tile]) -> list[Tile]:
    return sorted(tiles, key=_haipai_key)


def to_tenhou6(source: TenhouGame | Iterable[Event]) -> dict[str, Any]:
    """The tenhou.net/6 JSON object of a game (events, or a :class:`TenhouGame` with its header).

    Wins are written from the ``hora`` extensions (yaku, han, fu, points); a game read
    from a Tenhou record carries them.

    A three-player game keeps the four-seat layout: ``name``, the scores, every deltas
    list, ``sx`` and ``sc`` have four entries (the empty fourth seat ``""``, ``0``, ``C``,
    ``0, 0``) and seat 3's hand, takes and discards are empty lists; the round index is
    ``4 × wind + hand`` as in four-player games; a call's letter stands where the seat it
    came from sits in the four-seat ring, so the player after the empty seat is across;
    north set aside is ``f44`` among the discards (never ``f60``) and counts into
    ``ドラ`` (Tenhou's dora, id 52), never named ``抜きドラ``; ``rule`` is e.g.
    ``三鳳南喰赤`` with ``aka51`` 0 (no 5m), ``ratingc`` ``PF3``. Public converters agree
    on all of this (``tests/test_tenhou6_sanma.py`` names them). Two points no public
    source settles, with no official three-player export at hand: the empty seat's
    ``dan``/``rate``, written from a Tenhou record as its ``UN`` element gives them
    (``新人``, 1500; a converter from another site pads ``""`` and 0), and an exhaustive
    draw with all three players tenpai, written ``全員聴牌`` as in four-player games.

    Raises :class:`~jantaku.errors.LogFormatError` for a game played with flower tiles
    (T4), which a Tenhou record cannot hold.

    >>> from jantaku.events import StartGame, StartKyoku, Tsumo, Dahai, Ryukyoku, EndKyoku
    >>> from jantaku.tiles import parse_tiles
    >>> hands = [parse_tiles(h) for h in ("1112345678999m", "1112345678999p",
    ...                                     "1112345678999s", "1112223334445z")]
    >>> events = [StartGame(("A", "B", "C", "D")),
    ...     StartKyoku(bakaze=27, kyoku=1, honba=0, kyotaku=0, oya=0, dora_marker=31,
    ...                scores=(25000,) * 4, tehais=tuple(hands)),
    ...     Tsumo(0, 32), Dahai(0, 32, True),
    ...     Ryukyoku("exhaustive", deltas=(0, 0, 0, 0), tenpai=()), EndKyoku()]
    >>> to_tenhou6(events)["log"][0][4:7]
    [[11, 11, 11, 12, 13, 14, 15, 16, 17, 18, 19, 19, 19], [46], [60]]

    Three players, north set aside (``Nukidora``) and a tsumogiri:

    >>> from jantaku.events import Nukidora
    >>> sanma = [StartGame(("A", "B", "C")),
    ...     StartKyoku(bakaze=27, kyoku=1, honba=0, kyotaku=0, oya=0, dora_marker=31,
    ...                scores=(35000,) * 3, tehais=tuple(hands[1:])),
    ...     Tsumo(0, 30), Nukidora(0, 30), Tsumo(0, 32), Dahai(0, 32, True),
    ...     Ryukyoku("exhaustive", deltas=(0, 0, 0), tenpai=()), EndKyoku()]
    >>> rnd = to_tenhou6(sanma)["log"][0]
    >>> rnd[1], rnd[5:7], rnd[13:16]
    ([35000, 35000, 35000, 0], [[44, 46], ['f44', 60]], [[], [], []])
    """
    game = source if isinstance(source, TenhouGame) else None
    events: Iterable[Event] = source.events if isinstance(source, TenhouGame) else source
    names: list[str] = []
    players = 4
    rules = game.rules if game is not None else None
    rounds: list[list[Any]] = []
    seats: list[_Seat] = []
    head: list[Any] = []
    dora: list[int] = []
    ura: list[int] = []
    result: list[Any] = []
    dealer = 0
    pending_reach = [False] * 4
    for ev in events:
        if isinstance(ev, Tsumo):
            seats[ev.actor].takes.append(_CODE_OF[ev.pai])
        elif isinstance(ev, Dahai):
            code = 60 if ev.tsumogiri else _CODE_OF[ev.pai]
            if pending_reach[ev.actor]:
                pending_reach[ev.actor] = False
                seats[ev.actor].discards.append(f"r{code}")
            else:
                seats[ev.actor].discards.append(code)
        elif isinstance(ev, Reach):
            pending_reach[ev.actor] = True
        elif isinstance(ev, Chi):
            own = _own_order(ev.consumed)
            seats[ev.actor].takes.append(_call_string("c", ev.pai, own, 3))
        elif isinstance(ev, Pon | Daiminkan):
            rel = (ev.target - ev.actor) % 4
            own = _own_order(ev.consumed)
            if isinstance(ev, Pon):
                text = _call_string("p", ev.pai, own, rel)
                seats[ev.actor].pon_strings[KIND_OF[ev.pai]] = text
            else:
                text = _call_string("m", ev.pai, own, rel)
                seats[ev.actor].discards.append(0)
            seats[ev.actor].takes.append(text)
        elif isinstance(ev, Kakan):
            pon = seats[ev.actor].pon_strings.get(KIND_OF[ev.pai], "")
            at = pon.find("p")
            text = pon[:at] + f"k{_CODE_OF[ev.pai]}" + pon[at + 1 :] if at >= 0 else ""
            seats[ev.actor].discards.append(text)
        elif isinstance(ev, Ankan):
            tiles = sorted(ev.consumed, key=_haipai_key)
            codes = [f"{_CODE_OF[t]}" for t in tiles]
            # the red five, when there is one, is written last, after the letter
            seats[ev.actor].discards.append("".join(codes[:3]) + "a" + codes[3])
        elif isinstance(ev, Nukidora):
            seats[ev.actor].discards.append(f"f{_CODE_OF[ev.pai]}")
        elif isinstance(ev, Dora):
            dora.append(_CODE_OF[ev.dora_marker])
        elif isinstance(ev, Hora):
            if not result:
                result.append("和了")
            if ev.ura_markers and not ura:
                ura.extend(_CODE_OF[t] for t in ev.ura_markers)
            result.append(_pad(list(ev.deltas or ()), 0))
            # Tenhou counts north set aside (kita) as dora
            kita = sum(h for n, h in ev.yaku or () if n == "kita")
            items = [(n, h + kita if n == "dora" else h) for n, h in ev.yaku or () if n != "kita"]
            if kita and not any(n == "dora" for n, _ in items):
                # where Tenhou lists dora (id 52): before ura dora and red fives
                at = next((i for i, (n, _) in enumerate(items) if n in ("ura", "aka")), len(items))
                items.insert(at, ("dora", kita))
            texts = [_yaku_text(n, h) for n, h in items]
            info: list[Any] = [
                ev.actor,
                ev.target,
                ev.pao if ev.pao is not None else ev.actor,
                _score_text(ev, dealer, players, rules),
            ]
            result.append(info + [t for t in texts if t is not None])
        elif isinstance(ev, Ryukyoku):
            deltas = _pad(list(ev.deltas or ()), 0)
            if ev.reason == "exhaustive":
                if any(deltas):
                    result.extend(["流局", deltas])
                elif ev.tenpai is not None and len(ev.tenpai) == players:
                    result.append("全員聴牌")
                else:
                    result.append("全員不聴")
            elif ev.reason == "nagashi_mangan":
                result.extend(["流し満貫", deltas])
            else:
                result.append(_DRAW_TEXT[ev.reason])
        elif isinstance(ev, StartKyoku):
            dealer = ev.oya
            index = (ev.bakaze - 27) * 4 + ev.kyoku - 1
            head = [[index, ev.honba, ev.kyotaku], _pad(list(ev.scores), 0)]
            dora = [_CODE_OF[ev.dora_marker]]
            ura = []
            result = []
            pending_reach = [False] * 4
            seats = [
                _Seat([_CODE_OF[t] for t in sorted(hand, key=_haipai_key)]) for hand in ev.tehais
            ]
            while len(seats) < 4:
                seats.append(_Seat([]))
        elif isinstance(ev, EndKyoku):
            body: list[Any] = [*head, dora, ura]
            for seat in seats:
                body.extend([seat.haipai, seat.takes, seat.discards])
            body.append(result)
            rounds.append(body)
        elif isinstance(ev, StartGame):
            names = list(ev.names)
            players = len(names)
            if ev.rules:
                rules = Rules.from_dict(dict(ev.rules))
            if ev.rules and ev.rules.get("flowers"):
                raise LogFormatError("a tenhou.net/6 record cannot hold flower tiles (T4)")
        elif isinstance(ev, Flower):
            raise LogFormatError("a tenhou.net/6 record cannot hold flower tiles (T4)")
    out: dict[str, Any] = {}
    if game is None:
        lobby = TenhouLobby(0x09 | (0x10 if players == 3 else 0))
        out["title"] = ["", ""]
        out["name"] = _pad(names, "")
        out["rule"] = {"disp": lobby.display, "aka": 1}
        out["log"] = rounds
        return out
    out["ver"] = 2.3
    out["ref"] = game.ref
    if game.disconnections:
        out["connection"] = [
            {"what": int(d.back), "log": max(d.round, 0), "who": d.seat, "step": d.step}
            for d in game.disconnections
        ]
    out["log"] = rounds
    out["ratingc"] = f"PF{game.players}"
    rule: dict[str, Any] = {"disp": game.lobby.display}
    if game.lobby.red_fives:
        # red fives per suit; sanma has no 5m, so no red one (aka51 0)
        man, pin, sou = game.rules.red_fives
        rule.update({"aka53": sou, "aka52": pin, "aka51": man})
    out["rule"] = rule
    out["lobby"] = game.lobby.lobby
    dan = [_DAN_NAMES[d] if 0 <= d < len(_DAN_NAMES) else "" for d in game.dan]
    rate: list[Any] = list(game.rate)
    if game.players == 3 and len(dan) == len(rate) == 3:
        # the empty seat as Tenhou's UN element gives it: dan 0 (新人), rate 1500
        dan.append(_DAN_NAMES[0])
        rate.append(_EMPTY_SEAT_RATE)
    out["dan"] = _pad(dan, "")
    out["rate"] = _pad(rate, 0)
    out["sx"] = _pad(list(game.sx), "C")
    if game.final is not None:
        sc: list[int | float] = []
        for points, res in game.final:
            sc.extend([points, int(res) if float(res).is_integer() else res])
        out["sc"] = sc + [0, 0] * (4 - len(game.final))
    out["name"] = _pad(list(game.names), "")
    return out


def _pad(values: list[Any], filler: Any) -> list[Any]:
    return values + [filler] * (4 - len(values)) if len(values) < 4 else values


# --- tenhou.net/6 reader ----------------------------------------------------------------

_CALL: Final = re.compile(r"^((?:\d\d)*)([cpmkaf])(\d\d)((?:\d\d)*)$")
_SCORE_TEXT: Final = re.compile(
    r"^(?:(\d+)符(\d+)飜|(満貫|跳満|倍満|三倍満|役満))(\d+)(?:-(\d+))?点(∀?)$"
)
_YAKU_TEXT: Final = re.compile(r"^(.+)\((?:(\d+)飜|(役満))\)$")
# north set aside, as converters from other sites write it (Tenhou folds it into ドラ)
_KITA_TEXT: Final = "抜きドラ"
_DORA_ID: Final = 52


class _JsonError(Exception):
    pass


def _numbers(value: Any, n: int, what: str, *, whole: bool = True) -> tuple[Any, ...]:
    """The first ``n`` numbers of a JSON list (ints only when ``whole``)."""
    kinds = int if whole else (int, float)
    if (
        not isinstance(value, list)
        or len(value) < n
        or not all(isinstance(v, kinds) and not isinstance(v, bool) for v in value[:n])
    ):
        raise _JsonError(f"{what} needs {n} numbers: {value!r}")
    return tuple(value[:n])


def _code_tile(value: Any) -> Tile:
    if not isinstance(value, int) or isinstance(value, bool) or value not in _TILE_OF_CODE:
        raise _JsonError(f"not a tile code: {value!r}")
    return _TILE_OF_CODE[value]


def _split_call(text: str) -> tuple[str, Tile, list[Tile], int]:
    """(letter, marked tile, the other tiles, where the letter stood: 0, 1, 2 or 3 pairs in)."""
    m = _CALL.match(text)
    if m is None:
        raise _JsonError(f"not a call: {text!r}")
    before, letter, marked, after = m.groups()
    others = [int(before[i : i + 2]) for i in range(0, len(before), 2)]
    others += [int(after[i : i + 2]) for i in range(0, len(after), 2)]
    return letter, _code_tile(int(marked)), [_code_tile(c) for c in others], len(before) // 2


def _rel_of(letter: str, at: int, size: int) -> int:
    """The caller-relative seat (3 left, 2 across, 1 right) from the letter's position."""
    if letter == "c":
        return 3
    if at == 0:
        return 3
    if at == 1:
        return 2
    if at == size - 1:
        return 1
    raise _JsonError("call letter in no known position")


def read_tenhou6(
    data: str | bytes | Mapping[str, Any] | Sequence[Mapping[str, Any]],
    *,
    strict: bool = False,
    ref: str = "",
) -> TenhouGame:
    """Read one game from tenhou.net/6 JSON: one object, or JSON lines of one round each.

    >>> game = read_tenhou6('{"name": ["A", "B", "C", "D"], "rule": {"disp": "鳳南喰赤", '
    ...     '"aka": 1}, "log": [[[0, 0, 0], [25000, 25000, 25000, 25000], [45], [], '
    ...     '[11, 11, 11, 12, 13, 14, 15, 16, 17, 18, 19, 19, 19], [46], [], '
    ...     '[21, 21, 21, 22, 23, 24, 25, 26, 27, 28, 29, 29, 29], [], [], '
    ...     '[31, 31, 31, 32, 33, 34, 35, 36, 37, 38, 39, 39, 39], [], [], '
    ...     '[41, 41, 41, 42, 42, 42, 43, 43, 43, 44, 44, 44, 45], [], [], '
    ...     '["和了", [48000, -16000, -16000, -16000], '
    ...     '[0, 0, 0, "役満16000点∀", "天和(役満)"]]]]}')
    >>> [type(e).__name__ for e in game.events]
    ['StartGame', 'StartKyoku', 'Tsumo', 'Hora', 'EndKyoku']
    >>> game.results[0][0].yaku, game.results[0][0].points
    (((37, 13),), 48000)

    Raises :class:`~jantaku.errors.LogFormatError` for malformed JSON or an impossible
    sequence of takes and discards, naming the round (and line for JSON lines).
    """
    objects: list[Mapping[str, Any]]
    if isinstance(data, bytes | bytearray):
        try:
            data = bytes(data).decode("utf-8")
        except UnicodeDecodeError as e:
            raise LogFormatError(f"not UTF-8 text: {e}", source="tenhou6") from None
    if isinstance(data, str):
        text = data.strip()
        try:
            if "\n" in text and not text.startswith("["):
                objects = [json.loads(line) for line in text.splitlines() if line.strip()]
            else:
                loaded = json.loads(text)
                objects = loaded if isinstance(loaded, list) else [loaded]
        except json.JSONDecodeError as e:
            raise LogFormatError(f"bad JSON: {e.msg}", line=e.lineno, source="tenhou6") from None
    elif isinstance(data, Mapping):
        objects = [data]
    elif isinstance(data, list | tuple):
        objects = list(data)
    else:
        raise ArgumentTypeError(
            f"read_tenhou6 reads JSON text, bytes or decoded objects, not a {type(data).__name__}"
        )
    if not objects or not all(isinstance(o, Mapping) for o in objects):
        raise LogFormatError("a tenhou.net/6 record is a JSON object", source="tenhou6")
    head = objects[0]
    errors: list[LogFormatError] = []
    raw_rounds: list[tuple[int, Any]] = []
    for line, obj in enumerate(objects, 1):
        log = obj.get("log")
        if not isinstance(log, list):
            raise LogFormatError("no 'log' list", line=line, source="tenhou6")
        raw_rounds.extend((line, r) for r in log)
    names_raw = head.get("name")
    names = tuple(str(n) for n in names_raw) if isinstance(names_raw, list) else ()
    rule = head.get("rule") if isinstance(head.get("rule"), Mapping) else {}
    assert isinstance(rule, Mapping)
    red = bool(rule.get("aka") or rule.get("aka51") or rule.get("aka52") or rule.get("aka53"))
    disp = str(rule.get("disp", "")) or "鳳南喰赤"
    players = 3 if "三" in disp else 4
    if raw_rounds:
        first = raw_rounds[0][1]
        if isinstance(first, list) and len(first) >= 17 and first[13] == []:
            players = 3
    lobby = TenhouLobby.from_display(disp, red=red)
    if lobby.players != players:
        lobby = TenhouLobby(lobby.go_type ^ 0x10)
    if len(names) < players:
        names = names + tuple(f"player{i}" for i in range(len(names), players))
    events: list[Event] = [StartGame(names[:players])]
    results: list[tuple[TenhouResult, ...]] = []
    for index, (line, rnd) in enumerate(raw_rounds):
        try:
            notes: list[str] = []
            res = _read_round(rnd, players, events, notes)
        except _JsonError as e:
            raise LogFormatError(f"round {index + 1}: {e}", line=line, source="tenhou6") from None
        for note in notes:
            err = LogFormatError(f"round {index + 1}: {note}", line=line, source="tenhou6")
            if strict:
                raise err
            errors.append(err)
        results.append(res)
    final: tuple[tuple[int, float], ...] | None = None
    sc = head.get("sc")
    if isinstance(sc, list) and len(sc) >= 2 * players:
        try:
            nums = _numbers(sc, 2 * players, "sc", whole=False)
        except _JsonError as e:
            raise LogFormatError(str(e), source="tenhou6") from None
        final = tuple((int(nums[2 * i]), float(nums[2 * i + 1])) for i in range(players))
        events.append(EndGame(scores=tuple(p for p, _ in final), result=tuple(r for _, r in final)))
    if not raw_rounds:
        err = LogFormatError("the record has no rounds", source="tenhou6")
        if strict:
            raise err
        errors.append(err)
    dan_raw = head.get("dan")
    dan = (
        tuple(_DAN_NAMES.index(d) if d in _DAN_NAMES else 0 for d in dan_raw[:players])
        if isinstance(dan_raw, list)
        else ()
    )
    rate_raw = head.get("rate")
    rate = (
        tuple(float(r) for r in rate_raw[:players] if isinstance(r, int | float))
        if isinstance(rate_raw, list)
        else ()
    )
    sx_raw = head.get("sx")
    sx = tuple(str(s) for s in sx_raw[:players]) if isinstance(sx_raw, list) else ()
    lobby_no = head.get("lobby")
    if isinstance(lobby_no, int):
        lobby = TenhouLobby(lobby.go_type, lobby_no)
    connection = head.get("connection")
    disconnections = tuple(
        Disconnection(int(c["who"]), bool(c["what"]), int(c["log"]), int(c["step"]))
        for c in (connection if isinstance(connection, list) else ())
        if isinstance(c, Mapping) and all(k in c for k in ("who", "what", "log", "step"))
    )
    return _with_rules(
        TenhouGame(
            events=tuple(events),
            lobby=lobby,
            results=tuple(results),
            final=final,
            names=names[:players],
            dan=dan,
            rate=rate,
            sx=sx,
            ref=str(head.get("ref", ref)),
            disconnections=disconnections,
            errors=tuple(errors),
        )
    )


_MAX_TRIES: Final = 4096


def _read_round(
    rnd: Any, players: int, events: list[Event], errors: list[str]
) -> tuple[TenhouResult, ...]:
    """Order one round's takes and discards into events.

    tenhou.net/6 keeps each seat's takes and discards apart, so who called which
    discard is a search: calls are tried greedily and, when the rest of the round
    cannot be played out, the last choice is revised (a depth-first search).
    """
    forced: list[int] = []
    first: _JsonError | None = None
    for _ in range(_MAX_TRIES):
        made: list[tuple[int, int]] = []
        out: list[Event] = []
        try:
            res = _play_round(rnd, players, out, errors, forced, made)
        except _JsonError as e:
            if first is None:
                first = e
            while made and made[-1][0] + 1 >= made[-1][1]:
                made.pop()
            if not made:
                raise first from None
            forced = [c for c, _ in made[:-1]] + [made[-1][0] + 1]
            continue
        events.extend(out)
        return res
    raise first or _JsonError("no consistent order of calls")


def _play_round(
    rnd: Any,
    players: int,
    events: list[Event],
    errors: list[str],
    forced: list[int],
    made: list[tuple[int, int]],
) -> tuple[TenhouResult, ...]:
    if not isinstance(rnd, list) or len(rnd) != 17:
        raise _JsonError("a round is a list of 17 entries")
    head, scores, dora_codes, ura_codes = rnd[0], rnd[1], rnd[2], rnd[3]
    if not (isinstance(head, list) and len(head) == 3 and all(isinstance(v, int) for v in head)):
        raise _JsonError("the first entry is [round, honba, deposits]")
    if not isinstance(scores, list) or len(scores) < players:
        raise _JsonError("bad scores")
    if not isinstance(dora_codes, list) or not dora_codes or not isinstance(ura_codes, list):
        raise _JsonError("bad dora indicators")
    dora = [_code_tile(c) for c in dora_codes]
    ura = tuple(_code_tile(c) for c in ura_codes)
    index, honba, sticks = head
    hands = []
    takes: list[list[Any]] = []
    discards: list[list[Any]] = []
    for s in range(players):
        hand, take, disc = rnd[4 + 3 * s], rnd[5 + 3 * s], rnd[6 + 3 * s]
        if not isinstance(hand, list) or len(hand) != 13:
            raise _JsonError(f"seat {s} has no 13-tile start hand")
        if not isinstance(take, list) or not isinstance(disc, list):
            raise _JsonError(f"seat {s}: takes and discards are lists")
        hands.append(tuple(_code_tile(c) for c in hand))
        takes.append(take)
        discards.append(disc)
    outcome = rnd[16]
    if not isinstance(outcome, list) or not outcome or not isinstance(outcome[0], str):
        raise _JsonError("bad result entry")
    oya = index % 4
    if oya >= players:
        raise _JsonError(f"round index {index} has no dealer in {players}-player mahjong")
    append = events.append
    append(
        StartKyoku(
            bakaze=_BAKAZE[index // 4 % 4],
            kyoku=index % 4 + 1,
            honba=honba,
            kyotaku=sticks,
            oya=oya,
            dora_marker=dora[0],
            scores=_numbers(scores, players, "scores"),
            tehais=tuple(hands),
        )
    )
    ti = [0] * players
    di = [0] * players
    last_draw: list[Tile | None] = [None] * players
    pon_tiles: dict[tuple[int, int], list[Tile]] = {}
    next_dora = 1
    pending_dora = 0
    actor = oya
    need_draw = True
    last_tile: Tile | None = None
    last_from = oya
    won = outcome[0] == "和了"
    ron = won and any(
        isinstance(info, list) and len(info) > 1 and info[0] != info[1] for info in outcome[2::2]
    )

    def reveal() -> None:
        nonlocal pending_dora, next_dora
        while pending_dora and next_dora < len(dora):
            append(Dora(dora[next_dora]))
            next_dora += 1
            pending_dora -= 1
        pending_dora = 0

    while True:
        if need_draw:
            if ti[actor] >= len(takes[actor]):
                break
            t = takes[actor][ti[actor]]
            if isinstance(t, str):
                raise _JsonError(f"seat {actor} calls {t!r} where a draw was expected")
            ti[actor] += 1
            tile = _code_tile(t)
            append(Tsumo(actor, tile))
            last_draw[actor] = tile
        # the actor's turn: kans and kita draw again, a discard ends the turn
        if di[actor] >= len(discards[actor]):
            last_from = actor
            last_tile = last_draw[actor]
            break
        d = discards[actor][di[actor]]
        di[actor] += 1
        reach = False
        if isinstance(d, str) and d.startswith("r"):
            reach = True
            try:
                d = int(d[1:])
            except ValueError:
                raise _JsonError(f"bad riichi discard {d!r}") from None
        if isinstance(d, str):
            letter, marked, others, _at = _split_call(d)
            # a kan dora still pending from an earlier kan shows after this declaration
            if letter == "k":
                base = pon_tiles.get((actor, KIND_OF[marked]))
                if base is None:
                    raise _JsonError(f"seat {actor}: kakan {d!r} without a pon")
                append(Kakan(actor, marked, tuple(base)))
                if ti[actor] >= len(takes[actor]):  # robbed (chankan)
                    last_from, last_tile = actor, marked
                    break
                reveal()
                pending_dora += 1
            elif letter == "a":
                append(Ankan(actor, tuple(sorted([*others, marked], key=sort_key))))
                pending_dora += 1
                reveal()
            elif letter == "f":
                append(Nukidora(actor, marked))
                if ti[actor] >= len(takes[actor]):  # a ron on the north set aside
                    last_from, last_tile = actor, marked
                    break
                reveal()
            else:
                raise _JsonError(f"seat {actor}: {d!r} is not a discard")
            need_draw = True
            continue
        if not isinstance(d, int) or isinstance(d, bool):
            raise _JsonError(f"seat {actor}: bad discard {d!r}")
        if d == 0:
            raise _JsonError(f"seat {actor}: a placeholder discard out of place")
        reveal()
        if reach:
            append(Reach(actor))
        if d == 60:
            drawn = last_draw[actor]
            if drawn is None:
                raise _JsonError(f"seat {actor}: tsumogiri without a draw")
            tile, tsumogiri = drawn, True
        else:
            tile, tsumogiri = _code_tile(d), False
        append(Dahai(actor, tile, tsumogiri))
        last_draw[actor] = None
        last_tile, last_from = tile, actor
        # who takes this discard? (pon and kan before chi; not calling is the last option)
        options: list[tuple[int, tuple[str, Tile, list[Tile], int]]] = []
        for s in range(players):
            if s == actor or ti[s] >= len(takes[s]) or not isinstance(takes[s][ti[s]], str):
                continue
            parsed = _split_call(takes[s][ti[s]])
            letter, marked, others, at = parsed
            rel = _rel_of(letter, at, len(others) + 1)
            if (s + rel) % 4 == actor and marked == tile:
                options.append((s, parsed))
        options.sort(key=lambda o: o[1][0] == "c")
        caller = -1
        call: tuple[str, Tile, list[Tile], int] | None = None
        if options:
            pick = forced[len(made)] if len(made) < len(forced) else 0
            made.append((pick, len(options) + 1))
            if pick < len(options):
                caller, call = options[pick]
        nxt = (actor + 1) % players
        ends = call is None and ti[nxt] >= len(takes[nxt])
        if reach and not (ends and ron):
            append(ReachAccepted(actor))
        if call is None:
            actor = nxt
            need_draw = True
            continue
        letter, marked, others, at = call
        if letter == "c":
            append(Chi(caller, actor, marked, tuple(others)))
            need_draw = False
        elif letter == "p":
            append(Pon(caller, actor, marked, tuple(others)))
            pon_tiles[(caller, KIND_OF[marked])] = sorted([*others, marked], key=sort_key)
            need_draw = False
        elif letter == "m":
            append(Daiminkan(caller, actor, marked, tuple(others)))
            if di[caller] < len(discards[caller]) and discards[caller][di[caller]] == 0:
                di[caller] += 1
            pending_dora += 1
            need_draw = True
        else:
            raise _JsonError(f"seat {caller}: {letter!r} is not a call on a discard")
        ti[caller] += 1
        actor = caller
    for s in range(players):
        if ti[s] != len(takes[s]) or di[s] != len(discards[s]):
            raise _JsonError(f"seat {s}: takes or discards left over at the end of the round")
    if next_dora + pending_dora < len(dora) or next_dora > len(dora):
        raise _JsonError("the dora indicators do not match the kans")
    return _round_result(outcome, players, last_tile, last_from, ura, events, errors)


def _with_kita_as_dora(yaku: list[tuple[int, int]], kita: int) -> list[tuple[int, int]]:
    """Yaku ids with north set aside counted in dora (id 52), as Tenhou's own records count
    it; a dora entry made for it goes where Tenhou lists dora, before red fives and ura."""
    if any(y == _DORA_ID for y, _ in yaku):
        return [(y, h + kita if y == _DORA_ID else h) for y, h in yaku]
    at = next((i for i, (y, _) in enumerate(yaku) if y > _DORA_ID), len(yaku))
    return [*yaku[:at], (_DORA_ID, kita), *yaku[at:]]


def _round_result(
    outcome: list[Any],
    players: int,
    last_tile: Tile | None,
    last_from: int,
    ura: tuple[Tile, ...],
    events: list[Event],
    errors: list[str],
) -> tuple[TenhouResult, ...]:
    kind = outcome[0]
    out: list[TenhouResult] = []
    if kind == "和了":
        pairs = outcome[1:]
        if len(pairs) % 2 or not pairs:
            raise _JsonError("a win result needs deltas and info")
        for deltas_raw, info in zip(pairs[::2], pairs[1::2], strict=True):
            if not isinstance(info, list) or len(info) < 4 or not isinstance(deltas_raw, list):
                raise _JsonError("bad win info")
            who, from_who, liable = _numbers(info, 3, "win info")
            if not all(0 <= v < players for v in (who, from_who, liable)):
                raise _JsonError(f"win info names no seat: {info[:3]!r}")
            deltas = _numbers(deltas_raw, players, "deltas")
            yaku: list[tuple[int, int]] = []
            yakuman = False
            kita = 0
            for text in info[4:]:
                m = _YAKU_TEXT.match(str(text))
                if m is not None and m.group(1) == _KITA_TEXT and m.group(2):
                    kita += int(m.group(2))
                    continue
                if m is None or m.group(1) not in _YAKU_BY_KANJI:
                    errors.append(f"unknown yaku {text!r} left out")
                    continue
                han = _YAKUMAN_HAN if m.group(3) else int(m.group(2))
                yakuman = yakuman or bool(m.group(3))
                yaku.append((_YAKU_BY_KANJI[m.group(1)], han))
            if kita:
                yaku = _with_kita_as_dora(yaku, kita)
            sm = _SCORE_TEXT.match(str(info[3]))
            if sm is None:
                raise _JsonError(f"bad score text {info[3]!r}")
            fu = int(sm.group(1)) if sm.group(1) else None
            limit = _LIMIT_NAMES.index(sm.group(3)) if sm.group(3) else 0
            a, b = int(sm.group(4)), int(sm.group(5) or 0)
            if who != from_who:
                points = a
            elif sm.group(6):
                points = a * (players - 1)
            else:
                points = a * (players - 2) + b
            # a riichi winner's ura: a yakuman lists no riichi, so the declaration tells
            riichi = any(y in (1, 21) for y, _ in yaku) or any(
                isinstance(e, Reach) and e.actor == who for e in events
            )
            win = TenhouWin(
                seat=who,
                from_seat=from_who,
                yaku=tuple(yaku),
                fu=fu,
                points=points,
                limit=limit,
                deltas=deltas,
                pao=liable if liable != who else None,
                yakuman=yakuman,
                ura_markers=ura if riichi else (),
            )
            out.append(win)
            pai = last_tile if (who == from_who or from_who == last_from) else None
            events.append(
                Hora(
                    actor=who,
                    target=from_who,
                    pai=pai,
                    deltas=deltas,
                    ura_markers=win.ura_markers,
                    yaku=tuple((YAKU[y][0], h) for y, h in yaku),
                    han=win.han,
                    fu=fu,
                    points=points,
                    pao=win.pao,
                )
            )
    else:
        deltas = (
            _numbers(outcome[1], players, "deltas")
            if len(outcome) > 1 and isinstance(outcome[1], list)
            else (0,) * players
        )
        if kind in ("流局", "全員不聴", "全員聴牌"):
            reason = "exhaustive"
        elif kind in _DRAW_OF_TEXT:
            reason = _DRAW_OF_TEXT[kind]
        else:
            raise _JsonError(f"unknown result {kind!r}")
        tenpai: tuple[int, ...] | None = None
        if reason == "exhaustive":
            if kind == "全員聴牌":
                tenpai = tuple(range(players))
            elif kind == "全員不聴":
                tenpai = ()
            else:
                tenpai = tuple(s for s in range(players) if deltas[s] > 0)
                if len(tenpai) == players or not tenpai:
                    tenpai = tuple(range(players)) if len(tenpai) == players else ()
        actor = last_from if reason == "kyuushu_kyuuhai" else None
        out.append(TenhouDraw(reason, deltas, tenpai or ()))
        events.append(Ryukyoku(reason=reason, deltas=deltas, tenpai=tenpai, actor=actor))
    events.append(EndKyoku())
    return tuple(out)


def read_game(
    source: str | bytes | Path | IO[bytes], *, strict: bool = False, ref: str | None = None
) -> TenhouGame:
    """Read one game from a file, path or bytes in any Tenhou format, detected by content.

    mjlog XML (plain or gzip) and tenhou.net/6 JSON (one object, or one round per line)
    are recognised; ``ref`` defaults to the file name without its extensions.

    >>> read_game(b'{"log": []}').rounds
    0

    Raises :class:`~jantaku.errors.LogFormatError` for unreadable or malformed input.
    """
    if isinstance(source, Path | str) and not (
        isinstance(source, str) and source.lstrip()[:1] in ("<", "{", "[")
    ):
        path = Path(source)
        try:
            raw = path.read_bytes()
        except OSError as e:
            raise LogFormatError(f"cannot read {path}: {e.strerror}", source=str(path)) from None
        if ref is None:
            ref = path.name.split(".")[0]
    elif isinstance(source, str):
        raw = source.encode("utf-8")
    elif isinstance(source, bytes | bytearray):
        raw = bytes(source)
    elif callable(getattr(source, "read", None)):
        raw = source.read()
        if not isinstance(raw, bytes):
            raise ArgumentTypeError("read_game reads a stream opened in binary mode ('rb')")
    else:
        raise ArgumentTypeError(
            f"read_game reads a path, text, bytes or a binary stream, not a {type(source).__name__}"
        )
    if raw[:2] == b"\x1f\x8b":
        try:
            raw = gzip.decompress(raw)
        except (OSError, EOFError, zlib.error) as e:
            raise LogFormatError(f"bad gzip data: {e}") from None
    head = raw.lstrip()[:1]
    if head == b"<":
        return read_xml(raw, strict=strict, ref=ref or "")
    if head in (b"{", b"["):
        return read_tenhou6(raw, strict=strict, ref=ref or "")
    raise LogFormatError("not a Tenhou record (neither mjlog XML nor tenhou.net/6 JSON)")
