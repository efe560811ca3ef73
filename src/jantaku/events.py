"""Events of a match and the actions an agent may choose, with an mjai codec.

Every event is a frozen, slotted dataclass named after its mjai ``type`` and carrying
mjai's field names; tiles are jantaku tile ints (see :mod:`jantaku.tiles`), seats are
absolute 0–3. :func:`event_to_mjai` writes the JSON-ready dict of an event and
:func:`event_from_mjai` reads one back (a malformed dict raises
:class:`~jantaku.errors.LogFormatError`); the round trip is exact.

>>> from jantaku.tiles import parse_tiles
>>> e = Dahai(actor=1, pai=parse_tiles("0p")[0], tsumogiri=True)
>>> event_to_mjai(e)
{'type': 'dahai', 'actor': 1, 'pai': '5pr', 'tsumogiri': True}
>>> event_from_mjai(event_to_mjai(e)) == e
True

Extensions to mjai (documented, written only when set, so plain mjai readers ignore
them):

- ``start_game``: ``jantaku_seed`` (the match seed, an int) and ``jantaku_rules`` (the
  rules as a JSON object), under keys of their own: Mortal's libriichi reads ``seed``
  as its ``(nonce, key)`` pair and jansou reads ``rules`` as its own configuration.
  Logs written before carry them as ``seed`` (an int) and ``rules``, which are still
  read. ``players`` is implied by the number of ``names``; any other keys of a foreign
  ``start_game`` (``id``, a list-valued ``seed``, jansou's ``rules`` next to ours …)
  are kept in ``extra``.
- ``start_kyoku``: ``dice`` (the two dice that chose the break) and ``wall_break``
  (the index of the stack where the wall was broken, 0–67 counted from the dealer's
  wall, see :mod:`jantaku.engine.wall`); with flower tiles (T4), ``flowers``: how many
  flowers each seat set aside in the deal (``tehais`` are the hands after their
  replacements).
- ``hora``: ``pai`` (the winning tile), ``yaku`` (``[[name, han], …]``), ``han``,
  ``fu``, ``points`` (the hand's value before honba and deposits), ``pao`` (the liable
  seat, 責任払い), ``scores`` (after the payment).
- ``ryukyoku``: ``reason`` (one of :data:`DRAW_REASONS`, written as the mjai ecosystem
  spells it, :data:`DRAW_REASON_MJAI`; every spelling in :data:`DRAW_REASON_ALIASES`
  is read), ``tenpai`` (the seats that showed tenpai) and ``tehais`` (the revealed
  hands, an empty list for a hidden one), ``scores`` (after the payment).
- ``kita`` (三人麻雀 北抜き, :class:`Nukidora`): ``actor`` sets aside a north, ``pai``
  (written as RiichiEnv and jansou name it; ``nukidora``, as jantaku wrote it before,
  is read too).
- ``flower`` (花牌, T4): ``actor`` draws a flower (``pai``, mjai name ``H``) from the
  wall and sets it aside; a replacement ``tsumo`` from the dead wall follows (or, when
  the flower was the last tile of the live wall, the exhaustive draw). It stands in
  place of the ``tsumo`` of the flower: a flower never enters a hand.
- ``penalty``: ``actor``, ``reason`` (e.g. ``chombo``), ``deltas`` — a recorded
  penalty (P1, P2).
- ``end_game``: ``scores`` (final points) and ``result`` (the final result after
  oka, uma and rounding, in units of 1000 points).

Actions
-------
An agent answers with an :data:`Action`: the subset of events a player may emit —
:class:`Dahai`, :class:`Reach` (riichi is declared by a ``Reach`` and then the
discard, as in mjai), :class:`Chi`, :class:`Pon`, :class:`Daiminkan`, :class:`Kakan`,
:class:`Ankan`, :class:`Nukidora`, :class:`Hora` (tsumo when ``target == actor``,
else ron; the engine fills the payments in) and :class:`Ryukyoku` with reason
``kyuushu_kyuuhai`` — or a :class:`Pass`. A pass is never an event; it writes as
mjai's ``{"type": "none"}``. An answer ``{"type": "ryukyoku"}`` with no reason (the
mjai.app dialect: the ``mjai`` package's bots, Mortal) or with any spelling of nine
terminals (``"kyushukyuhai"``, the original mjai server's) declares kyuushu kyuuhai.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from dataclasses import MISSING, dataclass, field, fields
from typing import Any, Final, TypeAlias, cast

from jantaku.errors import LogFormatError, NotationError
from jantaku.tiles import FLOWER, UNKNOWN, Tile, format_tiles, tile_from_mjai, tile_to_mjai

__all__ = [
    "DRAW_REASONS",
    "DRAW_REASON_ALIASES",
    "DRAW_REASON_MJAI",
    "Action",
    "Ankan",
    "Chi",
    "Dahai",
    "Daiminkan",
    "Dora",
    "EndGame",
    "EndKyoku",
    "Event",
    "Flower",
    "Hora",
    "Kakan",
    "Nukidora",
    "Pass",
    "Penalty",
    "Pon",
    "Reach",
    "ReachAccepted",
    "Ryukyoku",
    "StartGame",
    "StartKyoku",
    "Tsumo",
    "action_from_mjai",
    "describe",
    "dumps",
    "event_from_mjai",
    "event_to_mjai",
]

DRAW_REASONS: Final = (
    "exhaustive",  # 荒牌平局
    "kyuushu_kyuuhai",  # 九種九牌
    "suufon_renda",  # 四風連打
    "suukan_sanra",  # 四槓散了
    "suucha_riichi",  # 四家立直
    "sanchahou",  # 三家和
    "nagashi_mangan",  # 流し満貫
)
"""The kinds of draw a :class:`Ryukyoku` holds in ``reason``."""

DRAW_REASON_MJAI: Final[Mapping[str, str]] = {
    "kyuushu_kyuuhai": "kyushukyuhai",  # the original mjai server's spelling
    "suukan_sanra": "suukaikan",
}
"""How ``ryukyoku.reason`` is written where the mjai ecosystem spells a kind otherwise
(the other kinds are written as :data:`DRAW_REASONS` names them; an exhaustive draw
is mjai's plain ``ryukyoku``, with no reason)."""

DRAW_REASON_ALIASES: Final[Mapping[str, str]] = {
    **{name: name for name in DRAW_REASONS},
    **{
        alias: "exhaustive"
        for alias in ("fanpai", "exhaustive_draw", "howanpai", "ryukyoku", "流局", "荒牌平局")
    },
    **{
        alias: "kyuushu_kyuuhai"
        for alias in (
            "kyushukyuhai",
            "kyushu_kyuhai",
            "kyuushukyuuhai",
            "kyusyukyuhai",
            "nine_terminals",
            "yao9",
            "九種九牌",
        )
    },
    **{
        alias: "suufon_renda"
        for alias in ("sufonrenta", "sufuurenta", "suufonrenda", "four_winds", "kaze4", "四風連打")
    },
    **{
        alias: "suukan_sanra"
        for alias in ("suukaikan", "suukansansen", "sukaikan", "four_kans", "kan4", "四槓散了")
    },
    **{
        alias: "suucha_riichi"
        for alias in (
            "suchareach",
            "suucha_reach",
            "suuchariichi",
            "four_riichi",
            "reach4",
            "四家立直",
        )
    },
    **{
        alias: "sanchahou"
        for alias in ("sanchaho", "sanchahoo", "triple_ron", "ron3", "三家和", "三家和了")
    },
    **{alias: "nagashi_mangan" for alias in ("nagashimangan", "nagashi", "nm", "流し満貫")},
}
"""Every known spelling of a draw's kind in ``ryukyoku.reason`` (jantaku's, the original
mjai server's, RiichiEnv's, jansou's, Tenhou's short names …) and the kind it means."""


class _Described:
    """What every event and action shares: :meth:`describe`, itself in words."""

    __slots__ = ()

    def describe(self) -> str:
        """This event or action as a player says it, tiles in compact notation
        (see :func:`describe`)."""
        return describe(cast("Event | Pass", self))

    @property
    def kind(self) -> str:
        """What it is, as mjai names it (``"dahai"``, ``"pon"``, ``"hora"`` …; ``"kita"``
        for :class:`Nukidora`, ``"none"`` for a :class:`Pass`): one ``match`` on
        ``action.kind`` in place of a ladder of ``isinstance`` tests.

        >>> Dahai(0, 4, False).kind, Pass(1).kind
        ('dahai', 'none')
        """
        return _TYPE_OF.get(type(self), "none")

    def __repr__(self) -> str:
        """Itself in the game's notation: ``Dahai(actor=1, pai='5sr', tsumogiri=True)``."""
        return _event_repr(self)


@dataclass(frozen=True, slots=True, repr=False)
class StartGame(_Described):
    """``start_game``: the names (one per seat, 3 or 4), the match seed and rules."""

    names: tuple[str, ...]
    seed: int | None = None
    rules: Mapping[str, Any] | None = field(default=None, hash=False)
    extra: Mapping[str, Any] | None = field(default=None, hash=False)

    @property
    def players(self) -> int:
        """The number of seats (3 or 4)."""
        return len(self.names)


@dataclass(frozen=True, slots=True, repr=False)
class StartKyoku(_Described):
    """``start_kyoku``: a hand begins (局): round wind, number, sticks, dealt hands.

    ``bakaze`` is a wind tile (``EAST`` …), ``kyoku`` 1–4, ``tehais`` the 13 dealt
    tiles of each seat (hidden tiles as ``UNKNOWN`` in a view).
    """

    bakaze: Tile
    kyoku: int
    honba: int
    kyotaku: int
    oya: int
    dora_marker: Tile
    scores: tuple[int, ...]
    tehais: tuple[tuple[Tile, ...], ...]
    dice: tuple[int, int] | None = None
    wall_break: int | None = None
    flowers: tuple[int, ...] | None = None


@dataclass(frozen=True, slots=True, repr=False)
class Tsumo(_Described):
    """``tsumo``: ``actor`` draws ``pai`` (the wall or, after a kan, the dead wall)."""

    actor: int
    pai: Tile


@dataclass(frozen=True, slots=True, repr=False)
class Dahai(_Described):
    """``dahai``: ``actor`` discards ``pai``; ``tsumogiri`` when it is the tile just drawn."""

    actor: int
    pai: Tile
    tsumogiri: bool


@dataclass(frozen=True, slots=True, repr=False)
class Chi(_Described):
    """``chi``: ``actor`` calls ``pai`` discarded by ``target`` with ``consumed`` (2 tiles)."""

    actor: int
    target: int
    pai: Tile
    consumed: tuple[Tile, ...]


@dataclass(frozen=True, slots=True, repr=False)
class Pon(_Described):
    """``pon``: ``actor`` calls ``pai`` discarded by ``target`` with ``consumed`` (2 tiles)."""

    actor: int
    target: int
    pai: Tile
    consumed: tuple[Tile, ...]


@dataclass(frozen=True, slots=True, repr=False)
class Daiminkan(_Described):
    """``daiminkan`` (大明槓): an open kan on ``target``'s discard with 3 ``consumed`` tiles."""

    actor: int
    target: int
    pai: Tile
    consumed: tuple[Tile, ...]


@dataclass(frozen=True, slots=True, repr=False)
class Kakan(_Described):
    """``kakan`` (加槓): ``actor`` adds ``pai`` to the pon made of ``consumed`` (3 tiles)."""

    actor: int
    pai: Tile
    consumed: tuple[Tile, ...]


@dataclass(frozen=True, slots=True, repr=False)
class Ankan(_Described):
    """``ankan`` (暗槓): ``actor`` declares a closed kan of the 4 ``consumed`` tiles."""

    actor: int
    consumed: tuple[Tile, ...]


@dataclass(frozen=True, slots=True, repr=False)
class Nukidora(_Described):
    """``kita`` (北抜き, three players): ``actor`` sets aside a north as a dora."""

    actor: int
    pai: Tile


@dataclass(frozen=True, slots=True, repr=False)
class Flower(_Described):
    """``flower`` (花牌, extension): ``actor`` draws a flower and sets it aside (T4).

    The referee emits it on its own (a flower is never kept); a replacement draw
    follows. ``pai`` is :data:`~jantaku.tiles.FLOWER`.

    >>> from jantaku.tiles import FLOWER
    >>> event_to_mjai(Flower(actor=2, pai=FLOWER))
    {'type': 'flower', 'actor': 2, 'pai': 'H'}
    """

    actor: int
    pai: Tile


@dataclass(frozen=True, slots=True, repr=False)
class Dora(_Described):
    """``dora``: a new (kan) dora indicator is revealed."""

    dora_marker: Tile


@dataclass(frozen=True, slots=True, repr=False)
class Reach(_Described):
    """``reach`` (立直): ``actor`` declares riichi; the discard follows."""

    actor: int


@dataclass(frozen=True, slots=True, repr=False)
class ReachAccepted(_Described):
    """``reach_accepted``: the riichi discard was not ronned; 1000 points go to the table."""

    actor: int


@dataclass(frozen=True, slots=True, repr=False)
class Hora(_Described):
    """``hora`` (和了): ``actor`` wins on ``target``'s discard, or by tsumo if ``target == actor``.

    ``deltas`` are the point changes of every seat, honba and deposits included; the
    rest are jantaku's extensions (see the module docstring). As an action only
    ``actor``, ``target`` and ``pai`` matter; the engine computes the others.
    """

    actor: int
    target: int
    pai: Tile | None = None
    deltas: tuple[int, ...] | None = None
    ura_markers: tuple[Tile, ...] = ()
    yaku: tuple[tuple[str, int], ...] | None = None
    han: int | None = None
    fu: int | None = None
    points: int | None = None
    pao: int | None = None
    scores: tuple[int, ...] | None = None

    @property
    def is_tsumo(self) -> bool:
        """Whether the win is by tsumo (自摸)."""
        return self.actor == self.target


@dataclass(frozen=True, slots=True, repr=False)
class Ryukyoku(_Described):
    """``ryukyoku`` (流局): a drawn hand; ``reason`` is one of :data:`DRAW_REASONS`.

    ``tenpai`` lists the seats that showed a tenpai hand, ``tehais`` the revealed hands
    (empty for hidden ones). As an action (kyuushu kyuuhai) ``actor`` is the declarer.
    """

    reason: str = "exhaustive"
    deltas: tuple[int, ...] | None = None
    tenpai: tuple[int, ...] | None = None
    tehais: tuple[tuple[Tile, ...], ...] | None = None
    actor: int | None = None
    scores: tuple[int, ...] | None = None


@dataclass(frozen=True, slots=True, repr=False)
class Penalty(_Described):
    """``penalty`` (extension): a recorded penalty such as a chombo (錯和), with its payments."""

    actor: int
    reason: str
    deltas: tuple[int, ...]


@dataclass(frozen=True, slots=True, repr=False)
class EndKyoku(_Described):
    """``end_kyoku``: the hand is over."""


@dataclass(frozen=True, slots=True, repr=False)
class EndGame(_Described):
    """``end_game``: the match is over; ``scores`` final points, ``result`` after oka and uma."""

    scores: tuple[int, ...] | None = None
    result: tuple[float, ...] | None = None


@dataclass(frozen=True, slots=True, repr=False)
class Pass(_Described):
    """Not claiming, not winning: the answer of a seat that lets the moment go (never an event)."""

    actor: int


Event: TypeAlias = (
    StartGame
    | StartKyoku
    | Tsumo
    | Dahai
    | Chi
    | Pon
    | Daiminkan
    | Kakan
    | Ankan
    | Nukidora
    | Flower
    | Dora
    | Reach
    | ReachAccepted
    | Hora
    | Ryukyoku
    | Penalty
    | EndKyoku
    | EndGame
)
"""Any event of a match."""

Action: TypeAlias = (
    Dahai | Reach | Chi | Pon | Daiminkan | Kakan | Ankan | Nukidora | Hora | Ryukyoku | Pass
)
"""What an agent may answer: a :class:`Pass` or one of the events a player emits."""


# --- codec ------------------------------------------------------------------------------

# Field codecs: how a dataclass field maps to a JSON value.
_INT, _TILE, _TILES, _HANDS, _BOOL, _STR, _INTS, _YAKU, _NUMS, _JSON, _PAIR = range(11)

_TYPE_OF: Final[dict[type, str]] = {
    StartGame: "start_game",
    StartKyoku: "start_kyoku",
    Tsumo: "tsumo",
    Dahai: "dahai",
    Chi: "chi",
    Pon: "pon",
    Daiminkan: "daiminkan",
    Kakan: "kakan",
    Ankan: "ankan",
    Nukidora: "kita",
    Flower: "flower",
    Dora: "dora",
    Reach: "reach",
    ReachAccepted: "reach_accepted",
    Hora: "hora",
    Ryukyoku: "ryukyoku",
    Penalty: "penalty",
    EndKyoku: "end_kyoku",
    EndGame: "end_game",
}
_CLASS_OF: Final[dict[str, type]] = {v: k for k, v in _TYPE_OF.items()} | {"nukidora": Nukidora}

_CODEC: Final[dict[str, int]] = {
    "actor": _INT,
    "target": _INT,
    "pai": _TILE,
    "tsumogiri": _BOOL,
    "consumed": _TILES,
    "dora_marker": _TILE,
    "bakaze": _TILE,
    "kyoku": _INT,
    "honba": _INT,
    "kyotaku": _INT,
    "oya": _INT,
    "scores": _INTS,
    "tehais": _HANDS,
    "dice": _PAIR,
    "wall_break": _INT,
    "flowers": _INTS,
    "names": _STR,
    "seed": _INT,
    "rules": _JSON,
    "extra": _JSON,
    "deltas": _INTS,
    "ura_markers": _TILES,
    "yaku": _YAKU,
    "han": _INT,
    "fu": _INT,
    "points": _INT,
    "pao": _INT,
    "reason": _STR,
    "tenpai": _INTS,
    "result": _NUMS,
}

# (field name, required) per class, in declaration order.
_FIELDS: Final[dict[type, tuple[tuple[str, bool], ...]]] = {
    cls: tuple((f.name, f.default is MISSING and f.default_factory is MISSING) for f in fields(cls))
    for cls in _TYPE_OF
}


# --- repr in tile notation ------------------------------------------------------------


def _tile_text(tile: object) -> str:
    """One tile as a repr shows it: its mjai name (``'5mr'``), or the value itself when it
    is no tile (a repr never raises)."""
    if isinstance(tile, int) and not isinstance(tile, bool):
        try:
            return repr(tile_to_mjai(tile))
        except (ValueError, KeyError, IndexError, TypeError):
            pass
    return repr(tile)


def _tiles_text(tiles: object) -> str:
    """Tiles as a repr shows them: compact notation, mjai names when one is hidden, or
    the value itself when it is not tiles."""
    try:
        if all(0 <= t < UNKNOWN for t in tiles):  # type: ignore[attr-defined]
            return repr(format_tiles(tiles))  # type: ignore[arg-type]
        return repr(" ".join(tile_to_mjai(t) for t in tiles))  # type: ignore[attr-defined]
    except (ValueError, KeyError, IndexError, TypeError):
        return repr(tiles)


_REPR_FIELDS: Final[dict[type, tuple[tuple[str, int, bool, Any], ...]]] = {
    cls: tuple(
        (
            f.name,
            _CODEC.get(f.name, _INT),
            f.default is MISSING and f.default_factory is MISSING,
            f.default,
        )
        for f in fields(cls)
    )
    for cls in (*_TYPE_OF, Pass)
}


def _event_repr(self: Any) -> str:
    """An event or action in the game's notation: tiles named (``'5mr'``, ``'E'``; several
    in compact notation, ``'406m'``), fields left at their default left out.

    >>> Dahai(1, 36, True)
    Dahai(actor=1, pai='5sr', tsumogiri=True)
    >>> Pon(2, 0, 31, (31, 31))
    Pon(actor=2, target=0, pai='P', consumed='55z')
    """
    parts = []
    for name, codec, required, default in _REPR_FIELDS[type(self)]:
        value = getattr(self, name)
        if not required and value == default:
            continue
        if value is None:
            text = "None"
        elif codec == _TILE:
            text = _tile_text(value)
        elif codec == _TILES:
            text = _tiles_text(value)
        elif codec == _HANDS and isinstance(value, tuple):
            text = f"({', '.join(_tiles_text(hand) for hand in value)}{',' * (len(value) == 1)})"
        else:
            text = repr(value)
        parts.append(f"{name}={text}")
    return f"{type(self).__name__}({', '.join(parts)})"


def _encode(codec: int, value: Any) -> Any:
    if codec == _TILE:
        return tile_to_mjai(value)
    if codec == _TILES:
        return [tile_to_mjai(t) for t in value]
    if codec == _HANDS:
        return [[tile_to_mjai(t) for t in hand] for hand in value]
    if codec in (_INTS, _NUMS, _PAIR):
        return list(value)
    if codec == _YAKU:
        return [[name, han] for name, han in value]
    if codec == _JSON:
        return dict(value)
    if codec == _STR and isinstance(value, tuple):
        return list(value)
    return value


def _decode(codec: int, value: Any, key: str) -> Any:
    def bad() -> LogFormatError:
        return LogFormatError(f"bad value for {key!r}: {value!r}")

    if codec == _INT:
        if not isinstance(value, int) or isinstance(value, bool):
            raise bad()
        return value
    if codec == _BOOL:
        if not isinstance(value, bool):
            raise bad()
        return value
    if codec == _TILE:
        if not isinstance(value, str):
            raise bad()
        return tile_from_mjai(value)
    if codec == _TILES:
        if not isinstance(value, list):
            raise bad()
        return tuple(_decode(_TILE, v, key) for v in value)
    if codec == _HANDS:
        if not isinstance(value, list):
            raise bad()
        return tuple(_decode(_TILES, v, key) for v in value)
    if codec in (_INTS, _PAIR):
        if not isinstance(value, list) or (codec == _PAIR and len(value) != 2):
            raise bad()
        return tuple(_decode(_INT, v, key) for v in value)
    if codec == _NUMS:
        if not isinstance(value, list) or not all(
            isinstance(v, int | float) and not isinstance(v, bool) for v in value
        ):
            raise bad()
        return tuple(value)
    if codec == _YAKU:
        if not isinstance(value, list) or not all(
            isinstance(p, list) and len(p) == 2 and isinstance(p[0], str) for p in value
        ):
            raise bad()
        return tuple((str(p[0]), _decode(_INT, p[1], key)) for p in value)
    if codec == _JSON:
        if not isinstance(value, dict):
            raise bad()
        return value
    if key == "names":
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise bad()
        return tuple(value)
    if not isinstance(value, str):
        raise bad()
    return value


# the start_game fields written under keys of their own (libriichi reads "seed" as its
# (nonce, key) pair, jansou reads "rules" as its configuration)
_START_GAME_KEYS: Final = {"seed": "jantaku_seed", "rules": "jantaku_rules"}


def _start_game_keys(obj: Mapping[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """A ``start_game`` object with jantaku's fields under their field names, and the
    foreign keys to keep aside (``extra``).

    ``jantaku_seed`` / ``jantaku_rules`` are read first; without them, an int ``seed``
    and a ``rules`` object (logs written before) are taken for jantaku's. A seed that
    is not an int (libriichi's pair) is foreign.
    """
    known = {f for f, _ in _FIELDS[StartGame]} | set(_START_GAME_KEYS.values())
    out = {k: v for k, v in obj.items() if k in known}
    extra = {k: v for k, v in obj.items() if k != "type" and k not in known}
    for fname, key in _START_GAME_KEYS.items():
        if fname in obj and (key in obj or (fname == "seed" and not _is_int(obj[fname]))):
            extra[fname] = out.pop(fname)  # not ours: kept aside
        if key in obj:
            out[fname] = out.pop(key)
    return out, extra


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def event_to_mjai(event: Event | Pass) -> dict[str, Any]:
    """The mjai JSON object (a dict) of an event; a :class:`Pass` is ``{"type": "none"}``.

    Optional extension fields are written only when set.

    >>> from jantaku.tiles import parse_tiles
    >>> event_to_mjai(Pon(actor=2, target=0, pai=31, consumed=(31, 31)))
    {'type': 'pon', 'actor': 2, 'target': 0, 'pai': 'P', 'consumed': ['P', 'P']}
    >>> event_to_mjai(Pass(actor=3))
    {'type': 'none', 'actor': 3}

    Raises ``TypeError`` for an object that is not an event.
    """
    if isinstance(event, Pass):
        return {"type": "none", "actor": event.actor}
    cls = type(event)
    name = _TYPE_OF.get(cls)
    if name is None:
        raise TypeError(f"not an event: {event!r}")
    out: dict[str, Any] = {"type": name}
    extra: Mapping[str, Any] | None = None
    for fname, _required in _FIELDS[cls]:
        value = getattr(event, fname)
        if fname == "extra":
            extra = value
            continue
        if value is None or (cls is Ryukyoku and fname == "reason" and value == "exhaustive"):
            continue  # an exhaustive draw is mjai's plain ryukyoku, with no reason
        if cls is StartGame and fname in _START_GAME_KEYS:
            out[_START_GAME_KEYS[fname]] = _encode(_CODEC[fname], value)
        elif cls is Ryukyoku and fname == "reason":
            out["reason"] = DRAW_REASON_MJAI.get(value, value)
        else:
            out[fname] = _encode(_CODEC[fname], value)
    if extra:
        for k, v in extra.items():
            out.setdefault(k, v)
    return out


def event_from_mjai(obj: Mapping[str, Any]) -> Event:
    """Read one mjai event object (a dict parsed from a JSON line).

    Unknown keys are ignored, except on ``start_game`` where they are kept in
    ``extra`` so that a foreign header writes back unchanged.

    >>> event_from_mjai({"type": "tsumo", "actor": 0, "pai": "C"})
    Tsumo(actor=0, pai='C')
    >>> event_from_mjai({"type": "tsumo", "actor": 0})
    Traceback (most recent call last):
    ...
    jantaku.errors.LogFormatError: tsumo: missing 'pai'
    >>> event_from_mjai({"type": "dahai", "actor": 0, "pai": "0m", "tsumogiri": False})
    Traceback (most recent call last):
    ...
    jantaku.errors.LogFormatError: dahai: bad tile: not an mjai tile name at position 0 ('0') \
in '0m'

    Raises :class:`~jantaku.errors.LogFormatError` for a malformed object.
    """
    if not isinstance(obj, Mapping):
        raise LogFormatError(f"an event is a JSON object, not {type(obj).__name__}")
    name = obj.get("type")
    cls = _CLASS_OF.get(name) if isinstance(name, str) else None
    if cls is None:
        raise LogFormatError(f"unknown event type {name!r}")
    kwargs: dict[str, Any] = {}
    extra: dict[str, Any] = {}
    if cls is StartGame:
        obj, extra = _start_game_keys(obj)
    elif cls is Ryukyoku and isinstance(obj.get("reason"), str):
        reason = DRAW_REASON_ALIASES.get(obj["reason"])
        if reason is not None:
            obj = {**obj, "reason": reason}
    for fname, required in _FIELDS[cls]:
        if fname == "extra":
            continue
        if fname not in obj or obj[fname] is None:
            if required:
                raise LogFormatError(f"{name}: missing {fname!r}")
            continue
        try:
            kwargs[fname] = _decode(_CODEC[fname], obj[fname], fname)
        except NotationError as e:
            raise LogFormatError(f"{name}: bad tile: {e}") from None
        except LogFormatError as e:
            raise LogFormatError(f"{name}: {e.reason}") from None
    if extra:
        kwargs["extra"] = extra
    try:
        event: Event = cls(**kwargs)
    except (TypeError, ValueError) as e:  # pragma: no cover - guarded by the checks above
        raise LogFormatError(f"{name}: {e}") from None
    _check_shape(event, str(name))
    return event


def _check_shape(event: Event, name: str) -> None:
    """Counts that the codec cannot see: tiles per call, seats in range."""
    sizes = {Chi: 2, Pon: 2, Daiminkan: 3, Kakan: 3, Ankan: 4}
    n = sizes.get(type(event))
    consumed: Sequence[Tile] = getattr(event, "consumed", ())
    if n is not None and len(consumed) != n:
        raise LogFormatError(f"{name}: 'consumed' needs {n} tiles, not {len(consumed)}")
    for key in ("actor", "target", "oya", "pao"):
        v = getattr(event, key, None)
        if v is not None and not 0 <= v <= 3:
            raise LogFormatError(f"{name}: {key} {v} is not a seat 0–3")
    if isinstance(event, Ryukyoku) and event.reason not in DRAW_REASONS:
        raise LogFormatError(f"{name}: unknown reason {event.reason!r}")
    if isinstance(event, Flower) and event.pai != FLOWER:
        raise LogFormatError(f"{name}: 'pai' is a flower (H), not {tile_to_mjai(event.pai)}")
    if (
        isinstance(event, StartKyoku)
        and event.flowers is not None
        and (len(event.flowers) != len(event.tehais) or min(event.flowers, default=0) < 0)
    ):
        raise LogFormatError(f"{name}: 'flowers' needs a count of 0 or more per seat")


def action_from_mjai(obj: Mapping[str, Any], *, actor: int | None = None) -> Action:
    """Read an agent's mjai answer; ``{"type": "none"}`` is a :class:`Pass` of ``actor``.

    >>> action_from_mjai({"type": "none"}, actor=2)
    Pass(actor=2)
    >>> action_from_mjai({"type": "reach", "actor": 1})
    Reach(actor=1)

    Kyuushu kyuuhai is answered as mjai.app bots do, or as the original mjai server's:

    >>> action_from_mjai({"type": "ryukyoku"}, actor=0)
    Ryukyoku(reason='kyuushu_kyuuhai', actor=0)
    >>> action_from_mjai({"type": "ryukyoku", "reason": "kyushukyuhai"}, actor=3).actor
    3

    Raises :class:`~jantaku.errors.LogFormatError` for a malformed object or an
    event that is not an action (a ``tsumo``, a ``dora`` …).
    """
    if isinstance(obj, Mapping) and obj.get("type") in ("none", "ryukyoku"):
        seat = obj.get("actor", actor)
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat <= 3:
            raise LogFormatError(f"{obj['type']}: the seat is not known")
        if obj["type"] == "none":
            return Pass(seat)
        reason = obj.get("reason", "kyuushu_kyuuhai")
        if isinstance(reason, str) and DRAW_REASON_ALIASES.get(reason) == "kyuushu_kyuuhai":
            return Ryukyoku(reason="kyuushu_kyuuhai", actor=seat)
        raise LogFormatError(f"ryukyoku: {reason!r} is not a draw a player may declare")
    event = event_from_mjai(obj)
    if isinstance(event, Dahai | Reach | Chi | Pon | Daiminkan | Kakan | Ankan | Nukidora | Hora):
        return event
    raise LogFormatError(f"{obj.get('type')}: not an action a player may choose")


def dumps(event: Event | Pass) -> str:
    """One compact JSON line for an event (no trailing newline).

    >>> dumps(Reach(actor=0))
    '{"type":"reach","actor":0}'
    """
    return json.dumps(event_to_mjai(event), ensure_ascii=False, separators=(",", ":"))


# --- in words ---------------------------------------------------------------------------

_DRAW_WORDS: Final = {
    "exhaustive": "the wall ran out (exhaustive draw)",
    "kyuushu_kyuuhai": "nine terminals and honors (kyuushu kyuuhai)",
    "suufon_renda": "four winds discarded (suufon renda)",
    "suukan_sanra": "four kans (suukan sanra)",
    "suucha_riichi": "four riichi (suucha riichi)",
    "sanchahou": "three rons (sanchahou)",
    "nagashi_mangan": "nagashi mangan",
}
_WIND_LETTERS: Final = "ESWN"


def _tiles(tiles: Sequence[object]) -> str:
    """Tiles in compact notation (``?`` a hidden tile); never raises, whatever it is given."""
    ints = [t for t in tiles if isinstance(t, int) and not isinstance(t, bool)]
    if len(ints) != len(tiles) or not all(0 <= t <= FLOWER for t in ints):
        return repr(tiles[0]) if len(tiles) == 1 else repr(tuple(tiles))
    shown = [t for t in ints if t != UNKNOWN]
    return (format_tiles(shown) if shown else "") + "?" * (len(ints) - len(shown))


def describe(x: Event | Pass) -> str:
    """An event or an action in the words a player reads, seats absolute, tiles in
    compact notation: what the refusals of the engine and the divergences of a replay
    show (each event's :meth:`describe` is this).

    >>> from jantaku.tiles import parse_tiles
    >>> m1, m4, m5, z7 = parse_tiles("1m4m5m7z")
    >>> describe(Dahai(actor=2, pai=m1, tsumogiri=False))
    'seat 2 discarded 1m'
    >>> Chi(actor=3, target=2, pai=parse_tiles("3m")[0], consumed=(m4, m5)).describe()
    'seat 3 called chii on 3m from seat 2 with 45m'
    >>> Hora(actor=1, target=1, pai=z7).describe(), Hora(actor=0, target=3, pai=z7).describe()
    ('seat 1 won by tsumo on 7z', 'seat 0 won by ron on 7z from seat 3')
    >>> Ryukyoku("kyuushu_kyuuhai", actor=0).describe()
    'seat 0 declared a draw: nine terminals and honors (kyuushu kyuuhai)'
    """
    if isinstance(x, Dahai):
        return f"seat {x.actor} discarded {'the drawn ' if x.tsumogiri else ''}{_tiles([x.pai])}"
    if isinstance(x, Tsumo):
        return f"seat {x.actor} drew {_tiles([x.pai])}"
    if isinstance(x, Chi | Pon | Daiminkan):
        call = {Chi: "chii", Pon: "pon", Daiminkan: "kan"}[type(x)]
        return (
            f"seat {x.actor} called {call} on {_tiles([x.pai])} from seat {x.target} "
            f"with {_tiles(x.consumed)}"
        )
    if isinstance(x, Kakan):
        return f"seat {x.actor} added {_tiles([x.pai])} to the pon of {_tiles(x.consumed)} (kakan)"
    if isinstance(x, Ankan):
        return f"seat {x.actor} declared a closed kan of {_tiles(x.consumed)} (ankan)"
    if isinstance(x, Nukidora):
        return f"seat {x.actor} set aside {_tiles([x.pai])} (nukidora)"
    if isinstance(x, Flower):
        return f"seat {x.actor} drew a flower and set it aside"
    if isinstance(x, Reach):
        return f"seat {x.actor} declared riichi"
    if isinstance(x, ReachAccepted):
        return f"the riichi of seat {x.actor} was accepted"
    if isinstance(x, Hora):
        on = f" on {_tiles([x.pai])}" if x.pai is not None else ""
        if x.actor == x.target:
            return f"seat {x.actor} won by tsumo{on}"
        return f"seat {x.actor} won by ron{on} from seat {x.target}"
    if isinstance(x, Ryukyoku):
        why = _DRAW_WORDS.get(x.reason, x.reason)
        if x.actor is not None:
            return f"seat {x.actor} declared a draw: {why}"
        return f"the hand was drawn: {why}"
    if isinstance(x, Pass):
        return f"seat {x.actor} passed"
    if isinstance(x, Dora):
        return f"a new dora indicator {_tiles([x.dora_marker])} was revealed"
    if isinstance(x, Penalty):
        return f"seat {x.actor} paid a penalty ({x.reason})"
    if isinstance(x, StartKyoku):
        wind = _WIND_LETTERS[x.bakaze - 27] if 27 <= x.bakaze <= 30 else "?"
        return f"hand {wind}{x.kyoku}-{x.honba} began, seat {x.oya} dealing"
    if isinstance(x, StartGame):
        return f"the game began ({len(x.names)} players)"
    if isinstance(x, EndKyoku):
        return "the hand ended"
    if isinstance(x, EndGame):
        return "the game ended"
    return repr(x)
