"""The yaku registry (Y1–Y29): one record per yaku, one predicate signature for all.

Each :class:`Yaku` record carries its names, its closed and open han (``0`` open
han = closed only), its yakuman multiplicity (``0`` for an ordinary yaku), and its
ids in Tenhou and Mahjong Soul records. Its predicate ``f(ctx) -> int`` says how many
times the yaku applies to one reading of a win (0 = not at all); the han are
``applies × han`` of the record. Exclusions (ryanpeikou over iipeikou, junchan over
chanta, chinitsu over honitsu, …) live in the predicates.

>>> [y.romaji for y in YAKU if y.tenhou_id in (7, 8, 9)]
['pinfu', 'tanyao', 'iipeikou']
>>> BY_ID["chinitsu"].han_closed, BY_ID["chinitsu"].han_open
(6, 5)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final

from jantaku.hand.decompose import Form
from jantaku.hand.waits import WaitShape
from jantaku.rules import Renhou, Rules
from jantaku.tiles import CHUN, EAST, HAKU, HATSU, NORTH, SOUTH, WEST

if TYPE_CHECKING:
    from jantaku.scoring.situation import WinSituation

__all__ = ["BY_ID", "YAKU", "Context", "Yaku"]


_YAOCHUU_KINDS: Final = frozenset((0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33))
_TERMINAL_KINDS: Final = frozenset((0, 8, 9, 17, 18, 26))
_GREEN_KINDS: Final = frozenset((19, 20, 21, 23, 25, HATSU))
_DRAGONS: Final = frozenset((HAKU, HATSU, CHUN))
_WINDS: Final = frozenset((EAST, SOUTH, WEST, NORTH))


class Context:
    """One reading of a win, as the predicates see it (built by the scorer, read-only).

    ``runs`` are the lowest kinds of every run (concealed and chii); ``triplets``
    the kinds of every triplet and kan; ``concealed_triplets`` those that count as
    concealed (暗刻: a triplet completed by ron does not); ``kans`` the kinds of the
    kans; ``kinds`` every kind in the hand; ``counts`` the 14 concealed and called
    tiles by kind (a kan's fourth tile not counted).
    """

    __slots__ = (
        "closed",
        "concealed_counts",
        "concealed_triplets",
        "counts",
        "form",
        "kans",
        "kinds",
        "pair",
        "round_wind",
        "rules",
        "runs",
        "seat_wind",
        "situation",
        "suits",
        "triplets",
        "tsumo",
        "wait",
        "win_kind",
    )

    def __init__(
        self,
        situation: WinSituation,
        form: Form,
        pair: int,
        runs: tuple[int, ...],
        triplets: tuple[int, ...],
        concealed_triplets: int,
        kans: tuple[int, ...],
        wait: WaitShape,
        counts: tuple[int, ...],
        concealed_counts: tuple[int, ...],
        kinds: frozenset[int],
        closed: bool,
        tsumo: bool,
        win_kind: int,
        seat_wind: int,
        round_wind: int,
    ) -> None:
        self.situation = situation
        self.rules: Rules = situation.rules
        self.form = form
        self.pair = pair
        self.runs = runs
        self.triplets = triplets
        self.concealed_triplets = concealed_triplets
        self.kans = kans
        self.wait = wait
        self.counts = counts
        self.concealed_counts = concealed_counts
        self.kinds = kinds
        self.suits = frozenset(k // 9 for k in kinds if k < 27)
        self.closed = closed
        self.tsumo = tsumo
        self.win_kind = win_kind
        self.seat_wind = seat_wind
        self.round_wind = round_wind


Predicate = Callable[[Context], int]


@dataclass(frozen=True, slots=True)
class Yaku:
    """One yaku: names, han closed / open (0 open = closed only), yakuman multiplicity
    (0 ordinary, 1 yakuman, 2 double yakuman when the rules allow), record ids."""

    id: str
    romaji: str
    kanji: str
    han_closed: int
    han_open: int
    yakuman: int
    tenhou_id: int | None
    majsoul_id: int | None
    predicate: Predicate

    def han(self, closed: bool) -> int:
        """The han for a closed or open hand (0 when the yaku needs a closed hand)."""
        return self.han_closed if closed else self.han_open

    def __reduce__(self) -> tuple[type[Yaku], tuple[object, ...]]:
        """Pickled and copied as its fields (a compiled class has no other way)."""
        return (
            Yaku,
            (
                self.id,
                self.romaji,
                self.kanji,
                self.han_closed,
                self.han_open,
                self.yakuman,
                self.tenhou_id,
                self.majsoul_id,
                self.predicate,
            ),
        )


# --- predicates --------------------------------------------------------------------


def _regular(ctx: Context) -> bool:
    return ctx.form is Form.REGULAR


def _menzen_tsumo(ctx: Context) -> int:
    return int(ctx.closed and ctx.tsumo)


def _riichi(ctx: Context) -> int:
    return int(ctx.situation.riichi.value == "riichi")


def _double_riichi(ctx: Context) -> int:
    return int(ctx.situation.riichi.value == "double")


def _ippatsu(ctx: Context) -> int:
    return int(ctx.situation.ippatsu and ctx.rules.ippatsu)


def _chankan(ctx: Context) -> int:
    return int(ctx.situation.chankan)


def _rinshan(ctx: Context) -> int:
    return int(ctx.situation.rinshan)


def _haitei(ctx: Context) -> int:
    return int(ctx.situation.haitei)


def _houtei(ctx: Context) -> int:
    return int(ctx.situation.houtei)


def _is_value_pair(ctx: Context) -> bool:
    p = ctx.pair
    return p in _DRAGONS or p == ctx.seat_wind or p == ctx.round_wind


def _pinfu(ctx: Context) -> int:
    return int(
        ctx.closed
        and _regular(ctx)
        and len(ctx.runs) == 4
        and ctx.wait is WaitShape.RYANMEN
        and not _is_value_pair(ctx)
    )


def _tanyao(ctx: Context) -> int:
    if not ctx.closed and not ctx.rules.kuitan:
        return 0
    return int(not (ctx.kinds & _YAOCHUU_KINDS))


def _peikou(ctx: Context) -> int:
    """How many pairs of identical runs a closed regular hand has."""
    if not ctx.closed or not _regular(ctx) or len(ctx.runs) < 2:
        return 0
    runs = ctx.runs
    n = 0
    for r in set(runs):
        n += runs.count(r) // 2
    return n


def _iipeikou(ctx: Context) -> int:
    return int(_peikou(ctx) == 1)


def _ryanpeikou(ctx: Context) -> int:
    return int(_peikou(ctx) == 2)


def _dragon(kind: int) -> Predicate:
    def f(ctx: Context) -> int:
        return int(kind in ctx.triplets)

    return f


def _seat_wind(kind: int) -> Predicate:
    def f(ctx: Context) -> int:
        return int(ctx.seat_wind == kind and kind in ctx.triplets)

    return f


def _round_wind(kind: int) -> Predicate:
    def f(ctx: Context) -> int:
        return int(ctx.round_wind == kind and kind in ctx.triplets)

    return f


def _chiitoitsu(ctx: Context) -> int:
    return int(ctx.form is Form.SEVEN_PAIRS)


def _toitoi(ctx: Context) -> int:
    return int(_regular(ctx) and not ctx.runs)


def _sanshoku(ctx: Context) -> int:
    if len(ctx.runs) < 3:
        return 0
    rs = set(ctx.runs)
    return int(any(r in rs and r + 9 in rs and r + 18 in rs for r in range(7)))


def _doukou(ctx: Context) -> int:
    if len(ctx.triplets) < 3:
        return 0
    ts = set(ctx.triplets)
    return int(any(k in ts and k + 9 in ts and k + 18 in ts for k in range(9)))


def _ittsu(ctx: Context) -> int:
    if len(ctx.runs) < 3:
        return 0
    rs = set(ctx.runs)
    return int(any(s in rs and s + 3 in rs and s + 6 in rs for s in (0, 9, 18)))


def _all_sets_yaochuu(ctx: Context) -> bool:
    if not _regular(ctx) or ctx.pair not in _YAOCHUU_KINDS:
        return False
    if any(r % 9 not in (0, 6) for r in ctx.runs):
        return False
    return all(t in _YAOCHUU_KINDS for t in ctx.triplets)


def _chanta(ctx: Context) -> int:
    return int(bool(ctx.runs) and _all_sets_yaochuu(ctx) and max(ctx.kinds) >= 27)


def _junchan(ctx: Context) -> int:
    return int(bool(ctx.runs) and _all_sets_yaochuu(ctx) and max(ctx.kinds) < 27)


def _sanankou(ctx: Context) -> int:
    return int(ctx.concealed_triplets == 3)


def _sankantsu(ctx: Context) -> int:
    return int(len(ctx.kans) == 3)


def _shousangen(ctx: Context) -> int:
    return int(ctx.pair in _DRAGONS and sum(1 for t in ctx.triplets if t in _DRAGONS) == 2)


def _honroutou(ctx: Context) -> int:
    kinds = ctx.kinds
    if ctx.form is Form.KOKUSHI or not kinds <= _YAOCHUU_KINDS:
        return 0
    return int(any(k >= 27 for k in kinds) and any(k < 27 for k in kinds))


def _suits(ctx: Context) -> frozenset[int]:
    return ctx.suits


def _honitsu(ctx: Context) -> int:
    return int(len(ctx.suits) == 1 and max(ctx.kinds) >= 27)


def _chinitsu(ctx: Context) -> int:
    return int(len(ctx.suits) == 1 and max(ctx.kinds) < 27)


def _renhou_han(ctx: Context) -> int:
    s = ctx.situation
    if not (s.first_turn and not ctx.tsumo and not s.is_dealer):
        return 0
    return {Renhou.MANGAN: 5, Renhou.BAIMAN: 8}.get(ctx.rules.renhou, 0)


# yakuman


def _kokushi(ctx: Context) -> int:
    return int(ctx.form is Form.KOKUSHI and ctx.wait is not WaitShape.KOKUSHI_13)


def _kokushi_13(ctx: Context) -> int:
    return int(ctx.form is Form.KOKUSHI and ctx.wait is WaitShape.KOKUSHI_13)


def _suuankou(ctx: Context) -> int:
    return int(ctx.concealed_triplets == 4 and ctx.wait is not WaitShape.TANKI)


def _suuankou_tanki(ctx: Context) -> int:
    return int(ctx.concealed_triplets == 4 and ctx.wait is WaitShape.TANKI)


def _daisangen(ctx: Context) -> int:
    return int(sum(1 for t in ctx.triplets if t in _DRAGONS) == 3)


def _shousuushii(ctx: Context) -> int:
    return int(ctx.pair in _WINDS and sum(1 for t in ctx.triplets if t in _WINDS) == 3)


def _daisuushii(ctx: Context) -> int:
    return int(sum(1 for t in ctx.triplets if t in _WINDS) == 4)


def _tsuuiisou(ctx: Context) -> int:
    return int(all(k >= 27 for k in ctx.kinds))


def _ryuuiisou(ctx: Context) -> int:
    return int(ctx.kinds <= _GREEN_KINDS)


def _chinroutou(ctx: Context) -> int:
    return int(ctx.kinds <= _TERMINAL_KINDS)


def _chuuren_shape(ctx: Context) -> list[int] | None:
    if not ctx.closed or ctx.situation.melds or len(_suits(ctx)) != 1:
        return None
    if any(k >= 27 for k in ctx.kinds):
        return None
    s = next(iter(_suits(ctx))) * 9
    c = list(ctx.concealed_counts[s : s + 9])
    if c[0] < 3 or c[8] < 3 or min(c[1:8]) < 1:
        return None
    return c


def _junsei(ctx: Context) -> bool:
    c = _chuuren_shape(ctx)
    if c is None:
        return False
    c[ctx.win_kind % 9] -= 1
    return c == [3, 1, 1, 1, 1, 1, 1, 1, 3]


def _chuuren(ctx: Context) -> int:
    return int(_chuuren_shape(ctx) is not None and not _junsei(ctx))


def _junsei_chuuren(ctx: Context) -> int:
    return int(_junsei(ctx))


def _suukantsu(ctx: Context) -> int:
    return int(len(ctx.kans) == 4)


def _tenhou(ctx: Context) -> int:
    s = ctx.situation
    return int(s.first_turn and ctx.tsumo and s.is_dealer)


def _chiihou(ctx: Context) -> int:
    s = ctx.situation
    return int(s.first_turn and ctx.tsumo and not s.is_dealer)


def _renhou_yakuman(ctx: Context) -> int:
    s = ctx.situation
    return int(
        s.first_turn and not ctx.tsumo and not s.is_dealer and ctx.rules.renhou is Renhou.YAKUMAN
    )


_WIND_NAMES: Final = {
    EAST: ("ton", "東"),
    SOUTH: ("nan", "南"),
    WEST: ("shaa", "西"),
    NORTH: ("pei", "北"),
}


def _wind_records() -> list[Yaku]:
    out: list[Yaku] = []
    for i, w in enumerate((EAST, SOUTH, WEST, NORTH)):
        romaji, kanji = _WIND_NAMES[w]
        out.append(
            Yaku(
                f"seat_wind_{romaji}",
                f"yakuhai: seat wind {romaji}",
                f"自風 {kanji}",
                1,
                1,
                0,
                10 + i,
                10,
                _seat_wind(w),
            )
        )
    for i, w in enumerate((EAST, SOUTH, WEST, NORTH)):
        romaji, kanji = _WIND_NAMES[w]
        out.append(
            Yaku(
                f"round_wind_{romaji}",
                f"yakuhai: round wind {romaji}",
                f"場風 {kanji}",
                1,
                1,
                0,
                14 + i,
                11,
                _round_wind(w),
            )
        )
    return out


YAKU: Final[tuple[Yaku, ...]] = (
    Yaku("menzen_tsumo", "menzen tsumo", "門前清自摸和", 1, 0, 0, 0, 1, _menzen_tsumo),
    Yaku("riichi", "riichi", "立直", 1, 0, 0, 1, 2, _riichi),
    Yaku("ippatsu", "ippatsu", "一発", 1, 0, 0, 2, 30, _ippatsu),
    Yaku("chankan", "chankan", "槍槓", 1, 1, 0, 3, 3, _chankan),
    Yaku("rinshan", "rinshan kaihou", "嶺上開花", 1, 1, 0, 4, 4, _rinshan),
    Yaku("haitei", "haitei raoyue", "海底摸月", 1, 1, 0, 5, 5, _haitei),
    Yaku("houtei", "houtei raoyui", "河底撈魚", 1, 1, 0, 6, 6, _houtei),
    Yaku("pinfu", "pinfu", "平和", 1, 0, 0, 7, 14, _pinfu),
    Yaku("tanyao", "tanyao", "断幺九", 1, 1, 0, 8, 12, _tanyao),
    Yaku("iipeikou", "iipeikou", "一盃口", 1, 0, 0, 9, 13, _iipeikou),
    *_wind_records(),
    Yaku("haku", "yakuhai: haku", "役牌 白", 1, 1, 0, 18, 7, _dragon(HAKU)),
    Yaku("hatsu", "yakuhai: hatsu", "役牌 發", 1, 1, 0, 19, 8, _dragon(HATSU)),
    Yaku("chun", "yakuhai: chun", "役牌 中", 1, 1, 0, 20, 9, _dragon(CHUN)),
    Yaku("double_riichi", "double riichi", "両立直", 2, 0, 0, 21, 18, _double_riichi),
    Yaku("chiitoitsu", "chiitoitsu", "七対子", 2, 0, 0, 22, 25, _chiitoitsu),
    Yaku("chanta", "chanta", "混全帯幺九", 2, 1, 0, 23, 15, _chanta),
    Yaku("ittsu", "ittsu", "一気通貫", 2, 1, 0, 24, 16, _ittsu),
    Yaku("sanshoku", "sanshoku doujun", "三色同順", 2, 1, 0, 25, 17, _sanshoku),
    Yaku("sanshoku_doukou", "sanshoku doukou", "三色同刻", 2, 2, 0, 26, 19, _doukou),
    Yaku("sankantsu", "sankantsu", "三槓子", 2, 2, 0, 27, 20, _sankantsu),
    Yaku("toitoi", "toitoi", "対々和", 2, 2, 0, 28, 21, _toitoi),
    Yaku("sanankou", "sanankou", "三暗刻", 2, 2, 0, 29, 22, _sanankou),
    Yaku("shousangen", "shousangen", "小三元", 2, 2, 0, 30, 23, _shousangen),
    Yaku("honroutou", "honroutou", "混老頭", 2, 2, 0, 31, 24, _honroutou),
    Yaku("ryanpeikou", "ryanpeikou", "二盃口", 3, 0, 0, 32, 28, _ryanpeikou),
    Yaku("junchan", "junchan", "純全帯幺九", 3, 2, 0, 33, 26, _junchan),
    Yaku("honitsu", "honitsu", "混一色", 3, 2, 0, 34, 27, _honitsu),
    Yaku("chinitsu", "chinitsu", "清一色", 6, 5, 0, 35, 29, _chinitsu),
    Yaku("renhou", "renhou", "人和", 1, 0, 0, 36, None, _renhou_han),
    # yakuman
    Yaku("tenhou", "tenhou", "天和", 13, 0, 1, 37, 35, _tenhou),
    Yaku("chiihou", "chiihou", "地和", 13, 0, 1, 38, 36, _chiihou),
    Yaku("renhou_yakuman", "renhou", "人和", 13, 0, 1, 36, None, _renhou_yakuman),
    Yaku("daisangen", "daisangen", "大三元", 13, 13, 1, 39, 37, _daisangen),
    Yaku("suuankou", "suuankou", "四暗刻", 13, 0, 1, 40, 38, _suuankou),
    Yaku("suuankou_tanki", "suuankou tanki", "四暗刻単騎", 13, 0, 2, 41, 48, _suuankou_tanki),
    Yaku("tsuuiisou", "tsuuiisou", "字一色", 13, 13, 1, 42, 39, _tsuuiisou),
    Yaku("ryuuiisou", "ryuuiisou", "緑一色", 13, 13, 1, 43, 40, _ryuuiisou),
    Yaku("chinroutou", "chinroutou", "清老頭", 13, 13, 1, 44, 41, _chinroutou),
    Yaku("chuuren", "chuuren poutou", "九蓮宝燈", 13, 0, 1, 45, 45, _chuuren),
    Yaku(
        "junsei_chuuren", "junsei chuuren poutou", "純正九蓮宝燈", 13, 0, 2, 46, 47, _junsei_chuuren
    ),
    Yaku("kokushi", "kokushi musou", "国士無双", 13, 0, 1, 47, 42, _kokushi),
    Yaku("kokushi_13", "kokushi musou 13-sided", "国士無双十三面", 13, 0, 2, 48, 49, _kokushi_13),
    Yaku("daisuushii", "daisuushii", "大四喜", 13, 13, 2, 49, 50, _daisuushii),
    Yaku("shousuushii", "shousuushii", "小四喜", 13, 13, 1, 50, 43, _shousuushii),
    Yaku("suukantsu", "suukantsu", "四槓子", 13, 13, 1, 51, 44, _suukantsu),
)
"""Every yaku, ordinary ones first, then the yakuman (Tenhou id order within each)."""

ORDINARY: Final = tuple(y for y in YAKU if not y.yakuman)
YAKUMAN: Final = tuple(y for y in YAKU if y.yakuman)

HAND_LEVEL: Final = frozenset(
    {
        "menzen_tsumo",
        "riichi",
        "double_riichi",
        "ippatsu",
        "chankan",
        "rinshan",
        "haitei",
        "houtei",
        "tanyao",
        "honitsu",
        "chinitsu",
        "renhou",
        "tenhou",
        "chiihou",
        "renhou_yakuman",
        "tsuuiisou",
        "ryuuiisou",
        "chinroutou",
        "chuuren",
        "junsei_chuuren",
        "suukantsu",
    }
)
"""Yaku whose predicate reads only the tiles and the situation, never the reading:
the scorer evaluates them once per hand instead of once per reading."""

HONOR_TRIPLET: Final[dict[str, int]] = {
    "haku": HAKU,
    "hatsu": HATSU,
    "chun": CHUN,
    **{f"seat_wind_{_WIND_NAMES[w][0]}": w for w in (EAST, SOUTH, WEST, NORTH)},
    **{f"round_wind_{_WIND_NAMES[w][0]}": w for w in (EAST, SOUTH, WEST, NORTH)},
}
"""The yakuhai records and the honor kind each needs as a triplet (a quick filter)."""
BY_ID: Final[dict[str, Yaku]] = {y.id: y for y in YAKU}
"""The records by their ``id``."""

# Tenhou's own text where it differs from the registry's kanji (its yaku list writes the
# 13 of 国士無双１３面 in full-width digits).
_TENHOU_KANJI: Final[dict[str, str]] = {"kokushi_13": "国士無双１３面"}


def _tenhou_names() -> dict[int, tuple[str, str]]:
    names: dict[int, tuple[str, str]] = {}
    for y in YAKU:
        # id 36 is renhou in either form; the record keeps the ordinary yaku's name
        if y.tenhou_id is not None and y.tenhou_id not in names:
            names[y.tenhou_id] = (y.id, _TENHOU_KANJI.get(y.id, y.kanji))
    names.update({52: ("dora", "ドラ"), 53: ("ura", "裏ドラ"), 54: ("aka", "赤ドラ")})
    return dict(sorted(names.items()))


TENHOU_NAMES: Final[dict[int, tuple[str, str]]] = _tenhou_names()
"""Tenhou's yaku ids (the ``yaku``/``yakuman`` attributes of an mjlog ``AGARI``): the name
jantaku gives each (a record's ``id`` here, or ``dora``, ``ura``, ``aka`` as a win's
counts are itemised in ``hora``) and the kanji Tenhou writes (tenhou.net/6 yaku texts).

>>> TENHOU_NAMES[8], TENHOU_NAMES[36], TENHOU_NAMES[48], TENHOU_NAMES[54]
(('tanyao', '断幺九'), ('renhou', '人和'), ('kokushi_13', '国士無双１３面'), ('aka', '赤ドラ'))
>>> len(TENHOU_NAMES)
55
"""
