"""Rules as data: one frozen :class:`Rules` value and its named presets.

Every option of the rules catalogue (sections S, Y, G, M, X, P of RULES.md) is a
field of :class:`Rules`. Its constructor is keyword-only and has **no defaults**: the
presets below are the only place defaults live, each built from :data:`TENHOU` with
:func:`dataclasses.replace`. A value that contradicts itself raises
:class:`~jantaku.errors.RulesError` on construction.

>>> TENHOU.double_wind_pair_fu, MLEAGUE.double_wind_pair_fu
(4, 2)
>>> Rules.preset("textbook").red_fives
(0, 0, 0)
>>> Rules.from_json(MAJSOUL.to_json()) == MAJSOUL
True
>>> replace(TENHOU, players=5)
Traceback (most recent call last):
...
jantaku.errors.RulesError: players must be 3 or 4, not 5
"""

from __future__ import annotations

import json
from dataclasses import dataclass, fields, replace
from enum import Enum
from typing import Any, Final

from jantaku.errors import ArgumentTypeError, RulesError
from jantaku.tiles import MOST_RED_FIVES

__all__ = [
    "EMA",
    "MAJSOUL",
    "MAJSOUL_SANMA",
    "MLEAGUE",
    "PRESETS",
    "TENHOU",
    "TENHOU_SANMA",
    "TEXTBOOK",
    "WRC",
    "GameLength",
    "KanDoraTiming",
    "LeftoverDeposits",
    "MultipleRon",
    "NorthTile",
    "Renhou",
    "Rounding",
    "Rules",
    "SanmaTsumo",
    "Shortfall",
    "replace",
]


class GameLength(Enum):
    """How long a match runs (M1): east only (東風戦) or east and south (半荘戦)."""

    EAST_ONLY = "east_only"
    EAST_SOUTH = "east_south"


class Rounding(Enum):
    """How final points become score units of 1000 (M6).

    ``FIVE_DOWN_SIX_UP`` is 五捨六入 (a remainder of 500 rounds down, 600 up);
    ``HALF_UP`` is 四捨五入 of the final points, a half away from zero (Tenhou's
    ``owari``: 13,500 → 14, −1,500 → −2); ``EXACT`` keeps decimals.
    """

    FIVE_DOWN_SIX_UP = "five_down_six_up"
    HALF_UP = "half_up"
    EXACT = "exact"


class MultipleRon(Enum):
    """Several rons on one discard (G5, G10).

    ``HEAD_BUMP`` (頭ハネ): only the first in turn order from the discarder wins.
    ``DOUBLE``: every claimant wins, three included. ``DOUBLE_TRIPLE_ABORT``: two
    may win; three rons abort the hand (三家和).
    """

    HEAD_BUMP = "head_bump"
    DOUBLE = "double"
    DOUBLE_TRIPLE_ABORT = "double_triple_abort"


class KanDoraTiming(Enum):
    """When a kan reveals its dora indicator (G4).

    ``IMMEDIATE``: at once for every kan. ``OPEN_AFTER_DISCARD``: at once for an
    ankan, after the next discard for a daiminkan or kakan (暗槓は先開け、明槓は後開け).
    """

    IMMEDIATE = "immediate"
    OPEN_AFTER_DISCARD = "open_after_discard"


class Shortfall(Enum):
    """What happens when a payer has too few points (M4)."""

    NEGATIVE = "negative"  # points go below zero
    SPLIT = "split"  # the other players split the shortfall (000 収支)


class LeftoverDeposits(Enum):
    """Riichi deposits still on the table at the end of the match (M5)."""

    TO_TOP = "to_top"
    RETURNED = "returned"  # back to the players who put them down (000 供託)
    LOST = "lost"


class Renhou(Enum):
    """Renhou (人和, Y28): off, or worth a mangan, a baiman or a yakuman."""

    OFF = "off"
    MANGAN = "mangan"
    BAIMAN = "baiman"
    YAKUMAN = "yakuman"


class NorthTile(Enum):
    """North in three-player mahjong (X2): set aside as a nukidora, or a plain honor."""

    NUKIDORA = "nukidora"
    HONOR = "honor"


class SanmaTsumo(Enum):
    """The missing share of a three-player tsumo (X3): lost (ツモ損) or split by the payers."""

    TSUMO_SON = "tsumo_son"
    SPLIT = "split"


_ENUMS: Final[dict[str, type[Enum]]] = {
    "length": GameLength,
    "final_rounding": Rounding,
    "multiple_ron": MultipleRon,
    "kan_dora_timing": KanDoraTiming,
    "shortfall": Shortfall,
    "leftover_deposits": LeftoverDeposits,
    "renhou": Renhou,
    "north": NorthTile,
    "sanma_tsumo": SanmaTsumo,
}
_TUPLES: Final = ("uma", "red_fives")


@dataclass(frozen=True, slots=True, kw_only=True)
class Rules:
    """Every rule option; built only through the presets and :func:`dataclasses.replace`.

    Points are in points (not thousands); ``uma`` lists the bonus of 1st, 2nd, …
    place in points. The field comments give the RULES.md entry of each option.

    Raises :class:`~jantaku.errors.RulesError` for a value out of range or one that
    contradicts another.
    """

    # --- the match (M1, M3, M6, X4) ---
    players: int  # 4 or 3 (X)
    length: GameLength
    start_points: int
    return_points: int  # 返し: subtracted from each final score (M6)
    uma: tuple[int, ...]  # per place, in points; sums to 0
    oka: bool  # the top takes (return - start) × players
    final_rounding: Rounding
    agari_yame: bool  # the last dealer may stop when top after a win (M3)
    tenpai_yame: bool  # … or when tenpai at an exhaustive draw
    tobi: bool  # the match ends when someone busts (飛び)
    tobi_at_zero: bool  # exactly 0 points busts as well
    west_extension: bool  # 西入: extra rounds until someone reaches target_points
    target_points: int
    shortfall: Shortfall  # M4
    leftover_deposits: LeftoverDeposits  # M5
    # --- tiles and dora (T3, T4, T5b, S9, Y30) ---
    red_fives: tuple[int, int, int]  # red fives per suit: man, pin, sou (0–2 each, T3)
    flowers: int  # flower tiles in the set (0 = none)
    chips: int  # points per chip for red fives, ippatsu, ura (0 = no chips)
    yakitori: int  # penalty for not winning in the match (0 = none)
    kan_dora: bool
    kan_dora_timing: KanDoraTiming
    ura_dora: bool
    ippatsu: bool
    # --- scoring (S1–S11, Y) ---
    kuitan: bool  # open tanyao counts (Y6)
    atozuke: bool  # a yaku completed after a call counts (Y29)
    double_wind_pair_fu: int  # 2 or 4 (S1)
    kiriage_mangan: bool  # 4 han 30 fu and 3 han 60 fu become mangan (S4)
    kazoe_yakuman: bool  # 13+ han is a yakuman; else capped at sanbaiman (S4)
    double_yakuman: bool  # daisuushii, 13-wait kokushi, suuankou tanki, junsei chuuren
    yakuman_stacking: bool  # several yakuman add up (S10)
    pao: bool  # 責任払い for daisangen and daisuushii (S11)
    pao_suukantsu: bool  # … and for suukantsu
    pao_whole_hand: bool  # the liable seat's share covers the whole hand, other yakuman too
    honba_value: int  # a ron's total per honba (S7)
    honba_tsumo_each: int  # per payer per honba on a tsumo
    riichi_deposit: int
    nagashi_mangan: bool  # Y28
    renhou: Renhou  # Y28
    kokushi_robs_ankan: bool  # Y11
    # --- play (G) ---
    multiple_ron: MultipleRon  # G5
    kuikae_forbidden: bool  # G6: no discard of the called tile after a call
    suji_kuikae_forbidden: bool  # … nor of the other end of the run
    riichi_min_points: int  # points needed to declare riichi (Y1)
    riichi_min_tiles_left: int  # wall tiles needed to declare riichi (Y1)
    riichi_on_complete_hand: bool  # may declare discarding a winning tile (G8; 000 forbids)
    noten_payment_total: int  # G9, X7
    formal_tenpai: bool  # a tenpai without yaku counts at a draw (G9)
    tenpai_on_own_fourth: bool  # a wait only on a tile the hand holds four of counts (G9)
    abort_kyuushu_kyuuhai: bool  # G10
    abort_suufon_renda: bool
    abort_suukan_sanra: bool
    abort_suucha_riichi: bool
    abort_sanchahou: bool
    abort_chombo: bool  # a chombo ends the hand (錯和流局)
    abortive_draw_renchan: bool  # an abortive draw keeps the deal with a honba (M2)
    # --- penalties (P) ---
    chombo_basic: int  # basic points of a chombo payment (2000 = mangan; 0 = none) (P1)
    chombo_void_on_win: bool  # a legitimate win in the hand voids the chombo
    chombo_yakuman_claim: bool  # P1b: near-yakuman hands claim from the offender
    minor_foul_deposit: int  # P2: deposit that corrects a minor foul (0 = lose the win)
    # --- three players (X) ---
    north: NorthTile  # X2
    sanma_tsumo: SanmaTsumo  # X3
    chii_allowed: bool  # X5

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name in _ENUMS:
                if not isinstance(value, _ENUMS[f.name]):
                    raise RulesError(f"{f.name} must be a {_ENUMS[f.name].__name__}")
            elif f.name in _TUPLES:
                if not isinstance(value, tuple) or not all(
                    isinstance(v, int) and not isinstance(v, bool) for v in value
                ):
                    raise RulesError(f"{f.name} must be a tuple of ints")
            elif f.type in ("bool", bool):  # the annotation, a string unless compiled
                if not isinstance(value, bool):
                    raise RulesError(f"{f.name} must be true or false, not {value!r}")
            elif not isinstance(value, int) or isinstance(value, bool):
                raise RulesError(f"{f.name} must be an int, not {value!r}")
        if self.players not in (3, 4):
            raise RulesError(f"players must be 3 or 4, not {self.players}")
        for name in (
            "start_points",
            "return_points",
            "target_points",
            "flowers",
            "chips",
            "yakitori",
            "honba_value",
            "honba_tsumo_each",
            "riichi_deposit",
            "riichi_min_points",
            "riichi_min_tiles_left",
            "noten_payment_total",
            "chombo_basic",
            "minor_foul_deposit",
        ):
            if getattr(self, name) < 0:
                raise RulesError(f"{name} cannot be negative")
        if self.start_points % 100 or self.return_points % 100:
            raise RulesError("start and return points are multiples of 100")
        if len(self.uma) != self.players:
            raise RulesError(f"uma needs {self.players} places, not {len(self.uma)}")
        if sum(self.uma) != 0:
            raise RulesError(f"uma must sum to 0, not {sum(self.uma)}")
        if list(self.uma) != sorted(self.uma, reverse=True):
            raise RulesError("uma must not increase from 1st to last place")
        if self.return_points < self.start_points:
            raise RulesError("return points below start points")
        if not self.oka and self.return_points != self.start_points:
            raise RulesError("without oka the return points must equal the start points")
        if len(self.red_fives) != 3 or not all(0 <= n <= MOST_RED_FIVES for n in self.red_fives):
            raise RulesError(f"red_fives is three counts of 0 to {MOST_RED_FIVES} (man, pin, sou)")
        if self.players == 3 and self.red_fives[0]:
            raise RulesError("three-player mahjong has no 5m, so no red 5m")
        if self.flowers not in (0, 4, 8):
            raise RulesError(f"flowers is 0, 4 or 8, not {self.flowers}")
        if self.double_wind_pair_fu not in (2, 4):
            raise RulesError(f"double_wind_pair_fu is 2 or 4, not {self.double_wind_pair_fu}")
        if self.suji_kuikae_forbidden and not self.kuikae_forbidden:
            raise RulesError("suji kuikae cannot be forbidden while kuikae is allowed")
        if self.multiple_ron is MultipleRon.DOUBLE_TRIPLE_ABORT and not self.abort_sanchahou:
            raise RulesError("double_triple_abort needs abort_sanchahou")
        if self.multiple_ron is MultipleRon.DOUBLE and self.abort_sanchahou:
            raise RulesError("multiple_ron double pays three rons, so no sanchahou abort")
        if self.pao_suukantsu and not self.pao:
            raise RulesError("pao_suukantsu needs pao")
        if self.west_extension and self.target_points <= 0:
            raise RulesError("a west-round extension needs a target score")
        if self.players == 3:
            if self.abort_suufon_renda or self.abort_suucha_riichi:
                raise RulesError("suufon renda and suucha riichi need four players")
            if self.multiple_ron is MultipleRon.DOUBLE_TRIPLE_ABORT:
                raise RulesError("three players: at most two rons, use double or head_bump")

    # --- conversions ---

    @classmethod
    def preset(cls, name: str) -> Rules:
        """The named preset (``tenhou``, ``majsoul``, ``mleague``, ``wrc``, ``ema``,
        ``textbook``, ``tenhou-sanma``, ``majsoul-sanma``).

        >>> Rules.preset("tenhou-sanma").players
        3
        >>> Rules.preset("nope")
        Traceback (most recent call last):
        ...
        jantaku.errors.RulesError: no preset 'nope' (known: tenhou, majsoul, mleague, \
wrc, ema, textbook, tenhou-sanma, majsoul-sanma)
        """
        try:
            return PRESETS[name]
        except (KeyError, TypeError):
            known = ", ".join(PRESETS)
            raise RulesError(f"no preset {name!r} (known: {known})") from None

    @classmethod
    def coerce(cls, value: Rules | str) -> Rules:
        """``value`` itself if it is rules, else the preset it names: where rules are
        taken (the referee, a match, a win situation), a preset's name will do.

        >>> Rules.coerce("tenhou-sanma") is Rules.preset("tenhou-sanma")
        True
        >>> Rules.coerce(TENHOU) is TENHOU
        True
        >>> Rules.coerce(4)
        Traceback (most recent call last):
        ...
        jantaku.errors.ArgumentTypeError: rules are a Rules value or a preset's name, not 4

        Raises :class:`~jantaku.errors.RulesError` for a name that is no preset and
        :class:`~jantaku.errors.ArgumentTypeError` for anything else.
        """
        if isinstance(value, Rules):
            return value
        if isinstance(value, str):
            return cls.preset(value)
        raise ArgumentTypeError(f"rules are a Rules value or a preset's name, not {value!r}")

    def to_dict(self) -> dict[str, Any]:
        """The rules as plain JSON-ready values (enums by value, tuples as lists).

        >>> TENHOU.to_dict()["multiple_ron"]
        'double_triple_abort'
        """
        out: dict[str, Any] = {}
        for f in fields(self):
            v = getattr(self, f.name)
            if isinstance(v, Enum):
                v = v.value
            elif isinstance(v, tuple):
                v = list(v)
            out[f.name] = v
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        """Rules from :meth:`to_dict` output; every field is required, unknown keys refused.

        >>> Rules.from_dict({**TENHOU.to_dict(), "extra": 1})
        Traceback (most recent call last):
        ...
        jantaku.errors.RulesError: unknown rules keys: extra
        """
        if not isinstance(data, dict):
            raise RulesError("rules must be a JSON object")
        names = [f.name for f in fields(cls)]
        unknown = sorted(set(data) - set(names))
        if unknown:
            raise RulesError(f"unknown rules keys: {', '.join(unknown)}")
        missing = [n for n in names if n not in data]
        if missing:
            raise RulesError(f"missing rules keys: {', '.join(missing)}")
        kwargs: dict[str, Any] = {}
        for n in names:
            v = data[n]
            if n in _ENUMS:
                try:
                    v = _ENUMS[n](v)
                except ValueError:
                    raise RulesError(f"{n}: not a {_ENUMS[n].__name__} value: {v!r}") from None
            elif n in _TUPLES:
                if not isinstance(v, list):
                    raise RulesError(f"{n} must be a list")
                v = tuple(v)
            kwargs[n] = v
        return cls(**kwargs)

    def to_json(self) -> str:
        """The rules as one JSON object (keys in field order).

        >>> json.loads(TENHOU.to_json())["players"]
        4
        """
        return json.dumps(self.to_dict(), ensure_ascii=False)

    @classmethod
    def from_json(cls, text: str) -> Rules:
        """Rules from :meth:`to_json` text (exact round trip); bad JSON raises RulesError.

        >>> Rules.from_json("[]")
        Traceback (most recent call last):
        ...
        jantaku.errors.RulesError: rules must be a JSON object
        """
        try:
            data = json.loads(text)
        except (json.JSONDecodeError, TypeError) as e:
            raise RulesError(f"rules are not valid JSON: {e}") from None
        return cls.from_dict(data)

    def name(self) -> str | None:
        """The name of the preset these rules equal, if any.

        >>> TENHOU.name(), replace(TENHOU, kuitan=False).name()
        ('tenhou', None)
        """
        for key, preset in PRESETS.items():
            if preset == self:
                return key
        return None

    def label(self) -> str:
        """A name for these rules: the preset's, or the nearest preset's (same number of
        players, fewest fields apart) with the fields that differ.

        >>> TENHOU.label(), replace(TENHOU_SANMA, flowers=8).label()
        ('tenhou', 'tenhou-sanma with flowers=8')
        """
        name = self.name()
        if name is not None:
            return name
        mine = self.to_dict()
        best: tuple[int, str, list[str]] | None = None
        for key, preset in PRESETS.items():
            if preset.players != self.players:
                continue
            theirs = preset.to_dict()
            diff = [f"{k}={_shown(v)}" for k, v in mine.items() if theirs[k] != v]
            if best is None or len(diff) < best[0]:
                best = (len(diff), key, diff)
        if best is None:  # every player count has a preset; kept for safety
            return "custom"
        return f"{best[1]} with {', '.join(best[2])}"


def _shown(value: Any) -> str:
    """A rules field's JSON-ready value as :meth:`Rules.label` writes it."""
    if isinstance(value, list):
        return "/".join(str(v) for v in value)
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


# --- presets: the only home of defaults ---------------------------------------------

TENHOU: Final = Rules(
    players=4,
    length=GameLength.EAST_SOUTH,
    start_points=25000,
    return_points=30000,
    uma=(20000, 10000, -10000, -20000),
    oka=True,
    final_rounding=Rounding.HALF_UP,
    agari_yame=True,
    tenpai_yame=True,
    tobi=True,
    tobi_at_zero=False,
    west_extension=True,
    target_points=30000,
    shortfall=Shortfall.NEGATIVE,
    leftover_deposits=LeftoverDeposits.TO_TOP,
    red_fives=(1, 1, 1),
    flowers=0,
    chips=0,
    yakitori=0,
    kan_dora=True,
    kan_dora_timing=KanDoraTiming.OPEN_AFTER_DISCARD,
    ura_dora=True,
    ippatsu=True,
    kuitan=True,
    atozuke=True,
    double_wind_pair_fu=4,
    kiriage_mangan=False,
    kazoe_yakuman=True,
    double_yakuman=False,
    yakuman_stacking=True,
    pao=True,
    pao_suukantsu=False,
    pao_whole_hand=True,
    honba_value=300,
    honba_tsumo_each=100,
    riichi_deposit=1000,
    nagashi_mangan=True,
    renhou=Renhou.OFF,
    kokushi_robs_ankan=True,
    multiple_ron=MultipleRon.DOUBLE_TRIPLE_ABORT,
    kuikae_forbidden=True,
    suji_kuikae_forbidden=True,
    riichi_min_points=1000,
    riichi_min_tiles_left=4,
    riichi_on_complete_hand=True,
    noten_payment_total=3000,
    formal_tenpai=True,
    tenpai_on_own_fourth=False,
    abort_kyuushu_kyuuhai=True,
    abort_suufon_renda=True,
    abort_suukan_sanra=True,
    abort_suucha_riichi=True,
    abort_sanchahou=True,
    abort_chombo=False,
    abortive_draw_renchan=True,
    chombo_basic=2000,
    chombo_void_on_win=True,
    chombo_yakuman_claim=False,
    minor_foul_deposit=0,
    north=NorthTile.HONOR,
    sanma_tsumo=SanmaTsumo.TSUMO_SON,
    chii_allowed=True,
)
"""Tenhou ranked four-player rules (天鳳 段位戦), the default.

Sources: the Tenhou rules page (tenhou.net/man) and the Tenhou records in
``data/tenhou_xml`` (FORMATS.md §1.3). Verified from records: double ron with honba
and deposits to the winner nearest the discarder; triple ron aborts (``ron3``);
several yakuman in ``yakuman=`` each count 13 han (stacking on, no double yakuman);
the liable seat of a pao pays the whole hand, a second yakuman included
(2019103023gm-00a9-0000-f90e0fe9: daisangen + tsuuiisou, all 64,000 from the pao seat);
honba 300 (100 per tsumo payer); noten payments total 3000; final scores 25,000 /
30,000 with uma 20-10, final points rounded to 1000 half away from zero (``owari``:
31,100 → +11, 13,500 → −36 and 7,500 → −32 in 2020010100gm-00a9-0000-a67d91f3 and
-a1f76e98, −1,500 → −52); the last dealer stops when top after a win or when tenpai
at an exhaustive draw (2020010100gm-00a9-0000-45ea0ff1 ends at South 4 on a draw).
From the rules page: kazoe yakuman on, no kiriage, double-wind pair 4 fu, kokushi
may rob an ankan, West-round extension to 30,000, busting below 0 (0 continues).
Sources disagree on: the double-wind pair (2 fu elsewhere), whether a wait on a tile
held four times counts as tenpai (Tenhou: no).
"""

MAJSOUL: Final = replace(
    TENHOU,
    return_points=25000,
    oka=False,
    uma=(15000, 5000, -5000, -15000),
    final_rounding=Rounding.EXACT,
    tenpai_yame=False,
    double_yakuman=True,
    pao_suukantsu=True,
    pao_whole_hand=False,
    tenpai_on_own_fourth=True,
    multiple_ron=MultipleRon.DOUBLE,
    abort_sanchahou=False,
)
"""Mahjong Soul (雀魂) ranked four-player rules.

Sources: the Mahjong Soul rules screen and the scoring vectors in
``data/scoring_vectors/riichienv_agari`` (Mahjong Soul fan ids). Double yakuman for
daisuushii, 13-wait kokushi, suuankou tanki and junsei chuuren; pao includes
suukantsu. Three rons on one discard all win, with no abortive draw
(``multiple_ron`` double, ``abort_sanchahou`` off): riichi.wiki "Mahjong Soul", its
rules section ("Multiple rons: Available"; "Three-player Ron (Sanchahou): No"), and
riichienv 0.4.11, whose ``GameRule.default_mjsoul()`` has ``sanchaho_is_draw`` false
where ``default_tenhou()`` has it true (pinned by
``tests/test_one_voice.py::test_majsoul_pays_a_triple_ron``). Sources disagree on:
uma and return points (they vary by room; the Gold-room 15-5 with no oka is used),
and whether a wait on a tile held four times counts as tenpai.
"""

MLEAGUE: Final = replace(
    TENHOU,
    uma=(30000, 10000, -10000, -30000),
    final_rounding=Rounding.EXACT,
    agari_yame=False,
    tenpai_yame=False,
    tobi=False,
    west_extension=False,
    pao_whole_hand=False,
    double_wind_pair_fu=2,
    kiriage_mangan=True,
    kazoe_yakuman=False,
    nagashi_mangan=True,
    multiple_ron=MultipleRon.HEAD_BUMP,
    kan_dora_timing=KanDoraTiming.IMMEDIATE,
    abort_kyuushu_kyuuhai=False,
    abort_suufon_renda=False,
    abort_suukan_sanra=False,
    abort_suucha_riichi=False,
    abort_sanchahou=False,
    kokushi_robs_ankan=False,
    riichi_min_points=0,
    riichi_min_tiles_left=0,
)
"""M-League (Mリーグ) rules: 25,000 / 30,000, uma 10-30, no busting, no agari-yame.

Knob by knob. The official rules (m-league.jp) were not reachable; [I] is
majyan-item.com "Mリーグルール" (a summary of the official page), [K] k-bys.work
"Mリーグルール", [S] mahjong-space.com "Mリーグ" and majannavi.com "Mリーグ公式ルール
まとめ"; the rest is as the Tenhou preset.

- 25,000 / 30,000 with oka, ``uma`` 30/10/−10/−30: [I] (+10, +30), [K] (順位点 +50 /
  +10 / −10 / −30 with the oka).
- ``red_fives`` one a suit, ura dora, ippatsu, ``kuitan`` and ``atozuke``: [I], [K].
- ``tobi`` off: [I] (トビなし); ``riichi_min_points`` 0 follows (riichi below 1,000, [S]).
- ``riichi_min_tiles_left`` 0 (riichi with no draw of one's own left, but not on the
  last tile of the wall, which the engine always refuses): majannavi.com "Mリーグ公式
  ルールまとめ" (ツモ番なしリーチあり) and mahjong-portal.com "リーチ(立直)", the page
  beside M-League's official rules videos (ツモ番のないリーチもかける事ができる;
  海底牌を摸した者はリーチを掛ける事はできない); pinned by
  ``tests/test_one_voice.py::test_mleague_riichi_without_a_draw_left``.
- ``multiple_ron`` head bump: [I] (ダブロンなし).
- ``kiriage_mangan`` on: [I] (7700は切り上げ), [K].
- ``kazoe_yakuman`` off: [K] (数え役満なし: 13 han or more is a sanbaiman).
- ``yakuman_stacking`` on, ``double_yakuman`` off: [K] (yakuman combine, as daisangen +
  tsuuiisou; suuankou tanki or a 13-wait kokushi are not double).
- every ``abort_*`` off (九種九牌・四風連打・四人リーチ・四槓 play on), ``kan_dora_timing``
  at once, ``kokushi_robs_ankan`` off, ``agari_yame`` / ``tenpai_yame`` off,
  ``double_wind_pair_fu`` 2, ``west_extension`` off, honba 300: [S].
Sources disagree on, or cannot be represented: nagashi mangan (kept on); the chombo,
a 20,000-point penalty on the final score ([I]) rather than a mangan payment at the
table (``chombo_basic`` keeps the table payment); ``pao_whole_hand`` (off here).
"""

WRC: Final = replace(
    TENHOU,
    start_points=30000,
    return_points=30000,
    oka=False,
    uma=(15000, 5000, -5000, -15000),
    final_rounding=Rounding.EXACT,
    agari_yame=False,
    tenpai_yame=False,
    pao_whole_hand=False,
    tobi=False,
    west_extension=False,
    leftover_deposits=LeftoverDeposits.TO_TOP,
    red_fives=(0, 0, 0),
    double_wind_pair_fu=2,
    kiriage_mangan=True,
    kazoe_yakuman=False,
    nagashi_mangan=False,
    kokushi_robs_ankan=False,
    multiple_ron=MultipleRon.HEAD_BUMP,
    abort_kyuushu_kyuuhai=False,
    abort_suufon_renda=False,
    abort_suukan_sanra=False,
    abort_suucha_riichi=False,
    abort_sanchahou=False,
    tenpai_on_own_fourth=True,
    riichi_min_tiles_left=0,
)
"""World Riichi Championship rules: 30,000 / 30,000, uma 15-5, no red fives.

Knob by knob. [R] is the WRC rule book 2015 (Sylvain Malbec; chapters as published by
ooyamaneko.net "WRC_2015"), [E] its 2014 errata by the rules director (reachmahjong.com
forum, "World Riichi Championship 2014 - rules!"), [A] the EMA's comparison of its 2016
rules with WRC 2015 (mahjong-europe.org), [W] the riichi.wiki page "World Riichi
Championship rules".

- ``start_points`` / ``return_points`` 30,000, no oka, ``uma`` 15/5/−5/−15: [W]
  ("Session score = ((points − 30,000) / 1,000) + uma").
- ``red_fives`` none: red fives are a variant of the WRC Rules 2022 "Optional Rules"
  (Mod.2.1 Red Fives), not of the official rules.
- ``kuitan`` on: [W], [E]; ``kuikae_forbidden`` and ``suji_kuikae_forbidden`` on: [E]
  ("Swap-calling (kuikae) is NOT allowed", both the same tile and the other end).
- ``kazoe_yakuman`` off: [E] ("Kazoe yakuman is not allowed", 11+ han a sanbaiman).
- ``kiriage_mangan`` on: [A] ("4-30 is rounded to mangan" in WRC, not in EMA).
- every ``abort_*`` off: [R] §5.7 ("There are no abortive draws"), [W].
- ``multiple_ron`` head bump: [R] §5.7.6 ("only the player closer to the discarder,
  according to the turn order, will win ... Each hand can have only one winner").
- ``honba_value`` 300, 100 a payer on a tsumo: [R] §5.7.7.
- ``noten_payment_total`` 3,000: [R] §5.7.2.
- ``agari_yame`` / ``tenpai_yame`` off: [R] §5.9.1 ("No agari yame").
- ``double_yakuman`` off: [W] ("Every yakuman is counted as single yakuman").
- ``nagashi_mangan`` off, ``kokushi_robs_ankan`` off, ``double_wind_pair_fu`` 2,
  ``tenpai_on_own_fourth`` on, ``riichi_min_tiles_left`` 0 (2022): as discussed
  publicly around the 2015 and 2022 books; not checked against a chapter here.
Sources disagree on, or not found: busting ([W]'s table says a negative score ends the
game; ``tobi`` off here), riichi bets left at the end ([A] says WRC 2015 does not give
them to the winner; ``TO_TOP`` kept, the WRC text was not found), renhou ([E] calls it
cumulative with other yaku; off here), kan-dora timing across editions, and the 2025
edition (not found).
"""

EMA: Final = replace(
    WRC,
    kiriage_mangan=False,
    kan_dora_timing=KanDoraTiming.IMMEDIATE,
    multiple_ron=MultipleRon.DOUBLE,
    renhou=Renhou.MANGAN,
    yakuman_stacking=False,
    tenpai_on_own_fourth=False,
)
"""European Mahjong Association riichi rules, the Riichi Competition Rules 2016 edition
(in force from 1 April 2016).

Knob by knob. [A] is the EMA's own announcement of the edition ("Revised EMA Riichi
rules are ready", mahjong-europe.org, which lists the changes since the 2012 edition
and the differences from the WRC rules 2015); [W] is the riichi.wiki page "EMA Riichi
Competition Rules" (current revision); the rest is as the WRC preset, which [A] says
the edition follows except where listed.

- ``red_fives`` none: [A] "Red fives have been removed".
- ``kuitan`` on: [A] "Tanyao (All Simples) can be an open hand".
- ``renhou`` a mangan: [A] "Renho (Blessing of Man) is a mangan, not a yakuman".
- ``double_yakuman`` off: [A] "Dai suushii (Big Four Winds) is a yakuman, not a double
  yakuman"; ``yakuman_stacking`` off (accumulated yakuman were removed before 2016, [A]).
- ``kazoe_yakuman`` off: [A] "A hand with 13+ fan is scored as a sanbaiman".
- ``kuikae_forbidden`` and ``suji_kuikae_forbidden`` on: [A] "Swap-calling is not
  allowed" (RCR 2016 §3.3.2 Swap-calling).
- every ``abort_*`` off: [A] "Abortive draws are not allowed"; [W] "Abortive draws are
  no longer used".
- ``nagashi_mangan`` off: [A] "Nagashi Mangan is not allowed".
- ``uma`` 15,000 / 5,000 / −5,000 / −15,000: [A]; 30,000 / 30,000 without oka as WRC.
- ``multiple_ron`` double (and triple) ron: [A] "Multiple winners are allowed" (against
  WRC); [W] "Double and triple Ron is allowed, the discarder has to pay each winner".
- ``kiriage_mangan`` off: [A] "4-30 is not rounded to mangan payment" (against WRC).
- ``leftover_deposits`` to the top: [A] "Riichi bets at game end go to the winner".
- ``kan_dora_timing`` at once for every kan: [W] "After declaring any type of kantsu,
  the next dora indicator is flipped immediately" ([A] lists no change).
- ``tenpai_on_own_fourth`` off: [W] a wait only on tiles the hand holds four of is
  karaten, not tenpai.

Not representable: the chombo, "20,000 points deduction after uma" [A]
(``chombo_basic`` keeps a mangan payment at the table); temporary furiten ending when
the player draws or claims a tile [A] (the engine ends it at the player's own draw).
The earlier editions (2008, revised 2012: red fives, closed tanyao only, any discard
after a call, renhou a yakuman, 13+ fan a yakuman, abortive draws, nagashi mangan, two
yaku needed with five counters, temporary furiten lifted by any call) are not kept as a
preset: the two-yaku rule and the furiten rule are not options of :class:`Rules`.
No later edition (2025) was found among the published sources.
"""

TEXTBOOK: Final = replace(
    TENHOU,
    uma=(30000, 10000, -10000, -30000),
    final_rounding=Rounding.FIVE_DOWN_SIX_UP,
    agari_yame=True,
    tenpai_yame=True,
    pao_whole_hand=False,
    tobi=True,
    tobi_at_zero=True,
    west_extension=False,
    shortfall=Shortfall.SPLIT,
    leftover_deposits=LeftoverDeposits.RETURNED,
    red_fives=(0, 0, 0),
    kuitan=False,
    yakuman_stacking=False,
    pao=False,
    nagashi_mangan=False,
    multiple_ron=MultipleRon.HEAD_BUMP,
    abort_suucha_riichi=False,
    abort_sanchahou=False,
    abort_chombo=True,
    abortive_draw_renchan=False,
    kuikae_forbidden=False,
    suji_kuikae_forbidden=False,
    riichi_min_tiles_left=0,
    riichi_on_complete_hand=False,
    tenpai_on_own_fourth=True,
    chombo_yakuman_claim=True,
    minor_foul_deposit=1000,
)
"""The house rulebook of ``seeds/000`` ("ルールの例") to the letter.

No red fives (the rulebook's tile list has none); open tanyao without value (断一九 is
marked ＊ 食い下がり 1 翻); head bump (和了者は必ず１家); abortive draws 四風連打 四槓散了
九種九牌 and 錯和流局 pass the deal without a honba (錯和流局 keeps it); no pao
(only ron is 責任払い); yakuman basic points 8,000 (no stacking), 13+ han 四倍満 8,000;
double-wind pair 4 fu; kan dora 暗槓先開け、明槓後開け; a payer's shortfall split by
the others (不足が出たら他家が折半して負担する), and the match over once someone could
not pay (対局の終了: 支払いのできないものが現れる) — the split leaves that payer at
exactly 0, so ``tobi_at_zero`` is on: a player at 0 has nothing left to pay with;
deposits left after South 4 returned; the last dealer may stop when top;
no riichi discarding a winning tile; kokushi robs an ankan; chombo = mangan payment,
void on another's win, with the yakuman-tenpai claim; a minor foul corrected by a
1,000 deposit; final points rounded 五捨六入, 25,000 / 30,000 with uma ワンスリー.
Not stated by the rulebook (kept at the common value): start points (its stick set
gives 26,500 each; its prose uses 25,000), riichi needing 1,000 points, kuikae
(not forbidden: the rulebook is silent).
"""

TENHOU_SANMA: Final = replace(
    TENHOU,
    players=3,
    start_points=35000,
    return_points=40000,
    target_points=40000,
    uma=(20000, 0, -20000),
    red_fives=(0, 1, 1),
    honba_value=200,
    honba_tsumo_each=100,
    noten_payment_total=2000,
    multiple_ron=MultipleRon.DOUBLE,
    abort_suufon_renda=False,
    abort_suucha_riichi=False,
    abort_sanchahou=False,
    north=NorthTile.NUKIDORA,
    sanma_tsumo=SanmaTsumo.TSUMO_SON,
    chii_allowed=False,
    riichi_min_tiles_left=3,
)
"""Tenhou three-player ranked rules (天鳳 三麻).

Sources: the Tenhou rules page and the sanma records in ``data/tenhou_xml``:
35,000 / 40,000 with uma 20-0-20 (``owari``: 75,200 → +70, 30,200 → −10), honba
+200 (100 per payer), noten payments total 2000, north set aside as a nukidora
counted as dora (with indicators pointing at north), tsumo-son; riichi with three
tiles left in the wall, enough for one more draw (2020010119gm-00b9-0000-65807333).
Sources disagree on: tsumo-son (split on Mahjong Soul), honba per payer.
"""

MAJSOUL_SANMA: Final = replace(
    TENHOU_SANMA,
    return_points=35000,
    oka=False,
    uma=(15000, 0, -15000),
    final_rounding=Rounding.EXACT,
    tenpai_yame=False,
    double_yakuman=True,
    pao_suukantsu=True,
    pao_whole_hand=False,
    sanma_tsumo=SanmaTsumo.SPLIT,
    tenpai_on_own_fourth=True,
    riichi_min_tiles_left=4,
)
"""Mahjong Soul three-player ranked rules (雀魂 三人麻雀).

Sources: the Mahjong Soul rules screen and the three-player scoring vectors in
``data/scoring_vectors/riichienv_agari`` (han, fu and yaku only: they say nothing of
payments). Sources disagree on: the tsumo share of the missing seat, split here (the
North seat's share, basic points × 1 or × 2, halved between the two payers and each
payment rounded up to 100 — the 北家分折半 reckoning of 丸どり as 麻雀ルール.com
"丸どり(まるっぽ)の得点計算" describes it, which rounds to the nearest 100 instead),
while irilyuu.com "天鳳・雀魂の点数計算一覧" says Mahjong Soul plays tsumo-son as
Tenhou does; no Mahjong Soul record or rules text at hand settles it. Also honba per
payer, uma per room.
"""

PRESETS: Final[dict[str, Rules]] = {
    "tenhou": TENHOU,
    "majsoul": MAJSOUL,
    "mleague": MLEAGUE,
    "wrc": WRC,
    "ema": EMA,
    "textbook": TEXTBOOK,
    "tenhou-sanma": TENHOU_SANMA,
    "majsoul-sanma": MAJSOUL_SANMA,
}
"""Every preset by name; ``tenhou`` is the default."""
