"""Tenhou mjlog XML (plain or gzip-compressed) read into a Tenhou game record.

:func:`read_xml` reads one game into a :class:`~jantaku.logs.tenhou_records.TenhouGame`;
:func:`decode_meld` decodes the 16-bit meld code of an ``N`` element.

Reading is lenient by default: oddities that do not stop the reading (an
unknown element, a game without its final ``owari``) are collected in
:attr:`~jantaku.logs.tenhou_records.TenhouGame.errors`; with ``strict=True`` the first one
raises. Malformed input always raises :class:`~jantaku.errors.LogFormatError` naming the
element (1-based).

Most of a record is draws and discards written alone (``<T12/>``, ``<D34/>``): the fast
path reads them whole from tables of prepared events, and memo tables (bounded) keep the
events of the calls, riichi, dora and yaku lists met before; the general reading, element
by element, is the reference every oddity falls back to.

>>> decode_meld(42059, who=0).kind
'pon'
"""

from __future__ import annotations

import gzip
import re
import zlib
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Final, TypeAlias
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
from jantaku.logs.tenhou_ids import (
    BAKAZE,
    ID_TILE,
    ID_TILE_PLAIN,
    YAKU,
    YAKUMAN_HAN,
)
from jantaku.logs.tenhou_records import (
    Disconnection,
    TenhouDraw,
    TenhouGame,
    TenhouLobby,
    TenhouResult,
    TenhouWin,
    rules_dict,
)
from jantaku.tiles import NORTH, Tile

__all__ = ["TenhouMeld", "decode_meld", "read_xml"]

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
    for red, table in ((True, ID_TILE), (False, ID_TILE_PLAIN))
}
_DISCARDS: Final[dict[bool, dict[str, _DiscardRow]]] = {
    red: {
        f"{tag}{i}/>": (seat, i, Dahai(seat, table[i], False), Dahai(seat, table[i], True))
        for tag, seat in _DISCARD_TAGS.items()
        for i in range(136)
    }
    for red, table in ((True, ID_TILE), (False, ID_TILE_PLAIN))
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


def _elements_start(text: str) -> int:
    """Where the elements begin: after the ``<?xml …?>`` declaration the text opens with,
    if any (0 without one); -1 when that declaration never ends."""
    if not text.startswith("<?xml"):
        return 0
    end = text.find("?>")
    return end + 2 if end >= 0 else -1


def _fast_tokens(text: str) -> list[tuple[str, str, str, str, str]] | None:
    """Every element at once (close mark, tag, digits, attributes, tail), or ``None``
    when the elements do not cover the whole text (then :func:`_tokens` finds where)."""
    start = _elements_start(text)
    if start < 0:
        return None
    body = text[start:]
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


def _ba(attrs: Mapping[str, str]) -> tuple[int, int] | None:
    """The ``ba`` of an ``AGARI`` or ``RYUUKYOKU``: (honba, riichi sticks), or ``None``.

    >>> _ba({"ba": "1,2"}), _ba({})
    ((1, 2), None)
    """
    text = attrs.get("ba")
    if text is None:
        return None
    parts = text.split(",")
    if len(parts) != 2 or not all(p.strip().isdigit() for p in parts):
        raise _XmlError(f"ba is honba,sticks, not {text!r}")
    return int(parts[0]), int(parts[1])


class _Irregular(Exception):
    """The text is not a plain sequence of elements (a ``<`` inside a value, text between
    elements): it is read again, element by element, by :meth:`_XmlReader._read_elements`."""


def _pieces(text: str) -> list[str] | None:
    """The text after ``<?xml …?>`` split at ``<``: one piece per element (what follows
    its ``<``), or ``None`` when something other than white space comes first."""
    start = _elements_start(text)
    if start < 0:
        return None
    pieces = text[start:].split("<")
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
    for red, table in ((True, ID_TILE), (False, ID_TILE_PLAIN))
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
        yaku = tuple([(y, YAKUMAN_HAN) for y in kinds])
        han = YAKUMAN_HAN * len(kinds)
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
    pos = _elements_start(text)
    if pos < 0:
        raise LogFormatError("unterminated XML declaration", line=1)
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
    (Dahai(actor=0, pai='P', tsumogiri=True), None, 1)

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
        self.shuffle = ""
        self.players = 4
        self.red = True
        self.ids: Sequence[Tile] = ID_TILE
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
                self.ids = ID_TILE if self.red else ID_TILE_PLAIN
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
                self.shuffle = attrs.get("seed", "")
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
            shuffle=self.shuffle,
            errors=tuple(self.errors),
        )
        if events and isinstance(events[0], StartGame):  # with the rules, as with_rules
            events[0] = StartGame(events[0].names, rules=rules_dict(game.rules))
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
                bakaze=BAKAZE[rnd // 4 % 4],
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
            ba=_ba(attrs),
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
        self.results[-1].append(TenhouDraw(reason, deltas, tenpai or (), _ba(attrs)))
        self.events.append(
            Ryukyoku(reason=reason, deltas=deltas, tenpai=tenpai, tehais=tehais, actor=actor)
        )
        self._owari(attrs, players)
