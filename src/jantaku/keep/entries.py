"""The scorekeeper's entries: what a person enters for a hand, and the checks on their values.

A :class:`Hand` is one hand as it ended — a ron (several :class:`Winner` on one discard),
a tsumo, an exhaustive or abortive draw, a chombo draw — with the riichi sticks put
down and the :class:`Foul` of the hand. Entries are plain values with a JSON form
(``to_dict`` / ``from_dict``, what the store, the CLI and the API keep and send);
whether one can happen at a table is decided when a match replays it
(:mod:`jantaku.keep.model`), except the han and fu pair, checked here.

>>> Hand.from_dict({"result": "ron", "discarder": 2, "winners": [{"seat": 1, "han": 3, "fu": 30}]})
Hand(result='ron', winners=(Winner(seat=1, han=3, fu=30, limit=None, yakuman=0, tiles=None, \
win=None, dora='', ura='', kita=0, double_riichi=False, ippatsu=False, haitei=False, \
houtei=False, rinshan=False, chankan=False, first_turn=False, pao=None),), discarder=2, \
tenpai=(), nagashi=(), abort='', riichi=(), fouls=(), dice=None)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, fields, replace
from typing import Any, Final, cast

from jantaku.errors import JantakuError

__all__ = [
    "ABORT_REASONS",
    "FLAGS",
    "FOULS",
    "LIMITS",
    "RESULTS",
    "Foul",
    "Hand",
    "KeepError",
    "Winner",
    "check_han_fu",
    "is_int",
]


class KeepError(JantakuError, ValueError):
    """An entry the scorekeeper refuses: it cannot happen at a table under these rules."""


LIMITS: Final[dict[str, int]] = {
    "mangan": 5,
    "haneman": 6,
    "baiman": 8,
    "sanbaiman": 11,
    "yakuman": 13,
}
"""The limit names a win may be entered as, with the han that reaches each (S4).
``yakuman`` is a named yakuman (役満, its count in :attr:`Winner.yakuman`); a counted
yakuman (数え役満) is entered as its han."""

ABORT_REASONS: Final[dict[str, str]] = {
    "kyuushu_kyuuhai": "abort_kyuushu_kyuuhai",
    "suufon_renda": "abort_suufon_renda",
    "suukan_sanra": "abort_suukan_sanra",
    "suucha_riichi": "abort_suucha_riichi",
    "sanchahou": "abort_sanchahou",
}
"""The abortive draws (途中流局, G10) by name, with the rules option that allows each."""

FOULS: Final = ("chombo", "minor_foul", "yakuman_claim")
RESULTS: Final = ("ron", "tsumo", "draw", "abort", "chombo")
FLAGS: Final = ("double_riichi", "ippatsu", "haitei", "houtei", "rinshan", "chankan", "first_turn")


# --- entries ----------------------------------------------------------------------------


@dataclass(frozen=True, slots=True, kw_only=True)
class Winner:
    """One winner of a hand and how the win is entered: exactly one of

    - ``han`` (dora included) and ``fu`` — ``fu`` may be left out from 5 han on;
    - ``limit`` — a name of :data:`LIMITS`, with ``yakuman`` the number of yakuman
      (2 for a double yakuman where the rules count one);
    - ``tiles`` — the hand in tile notation with its melds in brackets and the winning
      tile among the concealed ones (``123m456p789s11555z``), ``win`` the winning
      tile, ``dora`` / ``ura`` the indicators and the situation's flags; scored by
      :func:`~jantaku.scoring.score_win`. Riichi comes from the hand's riichi sticks.

    ``pao`` is the seat liable for the winner's yakuman (責任払い, S11).
    """

    seat: int
    han: int | None = None
    fu: int | None = None
    limit: str | None = None
    yakuman: int = 0
    tiles: str | None = None
    win: str | None = None
    dora: str = ""
    ura: str = ""
    kita: int = 0
    double_riichi: bool = False
    ippatsu: bool = False
    haitei: bool = False
    houtei: bool = False
    rinshan: bool = False
    chankan: bool = False
    first_turn: bool = False
    pao: int | None = None

    def to_dict(self) -> dict[str, Any]:
        """The entry as JSON-ready values, defaults left out.

        >>> Winner(seat=1, han=3, fu=30).to_dict()
        {'seat': 1, 'han': 3, 'fu': 30}
        """
        out: dict[str, Any] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name == "seat" or value != f.default:
                out[f.name] = value
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Winner:
        """A winner from :meth:`to_dict`; unknown keys and wrong types raise :class:`KeepError`.

        >>> Winner.from_dict({"seat": 0, "limit": "mangan"}).limit
        'mangan'
        >>> Winner.from_dict({"seat": "x"})
        Traceback (most recent call last):
        ...
        jantaku.keep.entries.KeepError: winner: seat must be a whole number, not 'x'
        """
        return cls(**_checked_fields(cls, data, "winner"))


@dataclass(frozen=True, slots=True, kw_only=True)
class Foul:
    """A foul in a hand (P1, P1b, P2): ``kind`` is ``chombo`` (錯和, a mangan payment),
    ``minor_foul`` (錯, the deposit of the rules, or the loss of the right to win) or
    ``yakuman_claim`` (P1b: ``claimant`` held ``tiles`` within three tiles of a yakuman
    when ``seat`` made a chombo)."""

    kind: str
    seat: int
    claimant: int | None = None
    tiles: str = ""

    def to_dict(self) -> dict[str, Any]:
        """The foul as JSON-ready values, defaults left out."""
        out: dict[str, Any] = {"kind": self.kind, "seat": self.seat}
        if self.claimant is not None:
            out["claimant"] = self.claimant
        if self.tiles:
            out["tiles"] = self.tiles
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Foul:
        """A foul from :meth:`to_dict`; bad values raise :class:`KeepError`."""
        return cls(**_checked_fields(cls, data, "foul"))


@dataclass(frozen=True, slots=True, kw_only=True)
class Hand:
    """One hand as entered. ``result`` is ``ron`` (``discarder`` and ``winners``),
    ``tsumo`` (one winner), ``draw`` (exhaustive: ``tenpai`` seats, ``nagashi`` seats
    with nagashi mangan), ``abort`` (``abort`` one of :data:`ABORT_REASONS`) or
    ``chombo`` (a chombo ended the hand, 錯和流局, where the rules say so). ``riichi``
    lists the seats whose riichi stick was put down; ``fouls`` the fouls, in order;
    ``dice`` the two dice rolled to break the wall (optional, kept and shown, no part
    of the scoring)."""

    result: str
    winners: tuple[Winner, ...] = ()
    discarder: int | None = None
    tenpai: tuple[int, ...] = ()
    nagashi: tuple[int, ...] = ()
    abort: str = ""
    riichi: tuple[int, ...] = ()
    fouls: tuple[Foul, ...] = ()
    dice: tuple[int, int] | None = None

    def __post_init__(self) -> None:
        if self.dice is not None and (
            len(self.dice) != 2 or not all(is_int(d) and 1 <= d <= 6 for d in self.dice)
        ):
            raise KeepError(f"the dice are two numbers from 1 to 6, not {list(self.dice)}")

    def with_dice(self, dice: Sequence[int] | None) -> Hand:
        """The same entry with the dice rolled for the hand (``None``: not recorded).

        >>> Hand.draw(()).with_dice((3, 5)).to_dict()
        {'result': 'draw', 'dice': [3, 5]}
        >>> Hand.draw(()).with_dice((0, 7))
        Traceback (most recent call last):
        ...
        jantaku.keep.entries.KeepError: the dice are two numbers from 1 to 6, not [0, 7]
        """
        return replace(self, dice=None if dice is None else cast("tuple[int, int]", tuple(dice)))

    @classmethod
    def ron(
        cls,
        *,
        discarder: int,
        winners: Sequence[Winner],
        riichi: Sequence[int] = (),
        fouls: Sequence[Foul] = (),
    ) -> Hand:
        """A ron on ``discarder``'s discard (several winners for a double ron)."""
        return cls(
            result="ron",
            discarder=discarder,
            winners=tuple(winners),
            riichi=tuple(riichi),
            fouls=tuple(fouls),
        )

    @classmethod
    def tsumo(
        cls, winner: Winner, *, riichi: Sequence[int] = (), fouls: Sequence[Foul] = ()
    ) -> Hand:
        """A tsumo."""
        return cls(result="tsumo", winners=(winner,), riichi=tuple(riichi), fouls=tuple(fouls))

    @classmethod
    def draw(
        cls,
        tenpai: Sequence[int] = (),
        *,
        nagashi: Sequence[int] = (),
        riichi: Sequence[int] = (),
        fouls: Sequence[Foul] = (),
    ) -> Hand:
        """An exhaustive draw (荒牌平局) with the tenpai seats (and nagashi mangan seats)."""
        return cls(
            result="draw",
            tenpai=tuple(tenpai),
            nagashi=tuple(nagashi),
            riichi=tuple(riichi),
            fouls=tuple(fouls),
        )

    @classmethod
    def aborted(
        cls, reason: str, *, riichi: Sequence[int] = (), fouls: Sequence[Foul] = ()
    ) -> Hand:
        """An abortive draw (途中流局) of :data:`ABORT_REASONS`."""
        return cls(result="abort", abort=reason, riichi=tuple(riichi), fouls=tuple(fouls))

    @classmethod
    def chombo(cls, offender: int, *, riichi: Sequence[int] = ()) -> Hand:
        """A hand ended by ``offender``'s chombo (錯和流局)."""
        return cls(
            result="chombo", fouls=(Foul(kind="chombo", seat=offender),), riichi=tuple(riichi)
        )

    def to_dict(self) -> dict[str, Any]:
        """The entry as JSON-ready values, defaults left out.

        >>> Hand.draw((0, 2)).to_dict()
        {'result': 'draw', 'tenpai': [0, 2]}
        """
        out: dict[str, Any] = {"result": self.result}
        if self.winners:
            out["winners"] = [w.to_dict() for w in self.winners]
        if self.discarder is not None:
            out["discarder"] = self.discarder
        for name in ("tenpai", "nagashi", "riichi"):
            if getattr(self, name):
                out[name] = list(getattr(self, name))
        if self.abort:
            out["abort"] = self.abort
        if self.fouls:
            out["fouls"] = [f.to_dict() for f in self.fouls]
        if self.dice is not None:
            out["dice"] = list(self.dice)
        return out

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Hand:
        """An entry from :meth:`to_dict` (as the CLI and the API send it).

        >>> Hand.from_dict({"result": "tsumo", "discarder": 2, "winners": [{"seat": 0}]})
        Traceback (most recent call last):
        ...
        jantaku.keep.entries.KeepError: a tsumo has no discarder
        """
        if not isinstance(data, Mapping):
            raise KeepError("a hand is a JSON object")
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise KeepError(f"hand: unknown keys {', '.join(unknown)}")
        result = data.get("result")
        if result not in RESULTS:
            raise KeepError(f"hand: result must be one of {', '.join(RESULTS)}, not {result!r}")
        if result == "tsumo" and data.get("discarder") is not None:
            raise KeepError("a tsumo has no discarder")
        winners = data.get("winners", [])
        fouls = data.get("fouls", [])
        if not isinstance(winners, list) or not isinstance(fouls, list):
            raise KeepError("hand: winners and fouls are lists")
        seats: dict[str, tuple[int, ...]] = {}
        for name in ("tenpai", "nagashi", "riichi"):
            value = data.get(name, [])
            if not isinstance(value, list | tuple) or not all(is_int(v) for v in value):
                raise KeepError(f"hand: {name} is a list of seats")
            seats[name] = tuple(value)
        discarder = data.get("discarder")
        if discarder is not None and not is_int(discarder):
            raise KeepError(f"hand: discarder must be a seat, not {discarder!r}")
        abort = data.get("abort", "")
        if not isinstance(abort, str):
            raise KeepError("hand: abort is the name of an abortive draw")
        dice = data.get("dice")
        if dice is not None and (
            not isinstance(dice, list | tuple) or len(dice) != 2 or not all(is_int(d) for d in dice)
        ):
            raise KeepError(f"hand: the dice are two numbers from 1 to 6, not {dice!r}")
        return cls(
            result=result,
            winners=tuple(Winner.from_dict(w) for w in winners),
            discarder=discarder,
            abort=abort,
            fouls=tuple(Foul.from_dict(f) for f in fouls),
            dice=None if dice is None else (dice[0], dice[1]),
            **seats,
        )


def is_int(v: object) -> bool:
    """Whether ``v`` is an int and not a bool (JSON numbers as seats, han, fu)."""
    return isinstance(v, int) and not isinstance(v, bool)


def _checked_fields(cls: Any, data: Mapping[str, Any], what: str) -> dict[str, Any]:
    """The keyword arguments of a flat entry dataclass, each value of its field's type."""
    if not isinstance(data, Mapping):
        raise KeepError(f"{what}: a JSON object is needed")
    known = {f.name: f for f in fields(cls)}
    unknown = sorted(set(data) - set(known))
    if unknown:
        raise KeepError(f"{what}: unknown keys {', '.join(unknown)}")
    out: dict[str, Any] = {}
    for name, value in data.items():
        kind = str(known[name].type)
        if value is None and "None" in kind:
            out[name] = None
        elif kind.startswith("int"):
            if not is_int(value):
                raise KeepError(f"{what}: {name} must be a whole number, not {value!r}")
            out[name] = value
        elif kind.startswith("bool"):
            if not isinstance(value, bool):
                raise KeepError(f"{what}: {name} must be true or false, not {value!r}")
            out[name] = value
        elif not isinstance(value, str):
            raise KeepError(f"{what}: {name} must be text, not {value!r}")
        else:
            out[name] = value
    if "seat" not in out and "seat" in known:
        raise KeepError(f"{what}: a seat is needed")
    return out


def check_han_fu(han: int, fu: int | None, *, tsumo: bool) -> None:
    """Refuse a han and fu pair no hand can have (fu may be omitted from 5 han on).

    Fu is 20 (pinfu tsumo: 2 han at least), 25 (seven pairs: 2 han, 3 by tsumo) or
    30 to 140 in steps of 10.

    >>> check_han_fu(3, 30, tsumo=False)
    >>> check_han_fu(2, 25, tsumo=True)
    Traceback (most recent call last):
    ...
    jantaku.keep.entries.KeepError: 2 han 25 fu cannot be: seven pairs by tsumo is 3 han at least
    """
    if not is_int(han) or han < 1:
        raise KeepError(f"{han!r} han cannot be: a win has 1 han at least")
    if fu is None:
        if han < 5:
            raise KeepError(f"{han} han needs its fu")
        return
    what = f"{han} han {fu} fu cannot be"
    if not is_int(fu) or not (fu in (20, 25) or (30 <= fu <= 140 and fu % 10 == 0)):
        raise KeepError(f"{what}: fu is 20, 25 or 30 to 140 in tens")
    if fu == 20 and (not tsumo or han < 2):
        raise KeepError(f"{what}: 20 fu is pinfu tsumo, 2 han at least")
    if fu == 25 and han < 2:
        raise KeepError(f"{what}: 25 fu is seven pairs, 2 han at least")
    if fu == 25 and tsumo and han < 3:
        raise KeepError(f"{what}: seven pairs by tsumo is 3 han at least")
