"""Seeded random winning hands, and the same hands for the ``mahjong`` package.

Shared by the cross-check tests and ``bench/bench_scoring.py``: one generator, so the
two libraries score exactly the same hands.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

from jantaku.meld import Meld, MeldKind
from jantaku.rules import TENHOU, Rules
from jantaku.scoring import Riichi, WinSituation

YAOCHUU_KINDS = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)

MAHJONG_NAMES = {
    "tsumo": "menzen_tsumo",
    "riichi": "riichi",
    "ippatsu": "ippatsu",
    "chankan": "chankan",
    "rinshan": "rinshan",
    "haitei": "haitei",
    "houtei": "houtei",
    "daburu_riichi": "double_riichi",
    "pinfu": "pinfu",
    "tanyao": "tanyao",
    "iipeiko": "iipeikou",
    "haku": "haku",
    "hatsu": "hatsu",
    "chun": "chun",
    "seat_wind_east": "seat_wind_ton",
    "seat_wind_south": "seat_wind_nan",
    "seat_wind_west": "seat_wind_shaa",
    "seat_wind_north": "seat_wind_pei",
    "round_wind_east": "round_wind_ton",
    "round_wind_south": "round_wind_nan",
    "round_wind_west": "round_wind_shaa",
    "round_wind_north": "round_wind_pei",
    "sanshoku": "sanshoku",
    "ittsu": "ittsu",
    "chantai": "chanta",
    "honroto": "honroutou",
    "toitoi": "toitoi",
    "sanankou": "sanankou",
    "sankantsu": "sankantsu",
    "sanshoku_douko": "sanshoku_doukou",
    "chiitoitsu": "chiitoitsu",
    "shosangen": "shousangen",
    "honitsu": "honitsu",
    "junchan": "junchan",
    "ryanpeiko": "ryanpeikou",
    "chinitsu": "chinitsu",
    "kokushi": "kokushi",
    "chuuren_poutou": "chuuren",
    "suuankou": "suuankou",
    "daisangen": "daisangen",
    "shosuushi": "shousuushii",
    "ryuisou": "ryuuiisou",
    "suukantsu": "suukantsu",
    "tsuisou": "tsuuiisou",
    "chinroto": "chinroutou",
    "daisuushi": "daisuushii",
    "daburu_kokushi": "kokushi_13",
    "suuankou_tanki": "suuankou_tanki",
    "daburu_chuuren_poutou": "junsei_chuuren",
    "tenhou": "tenhou",
    "chiihou": "chiihou",
}


@dataclass(frozen=True)
class RandomHand:
    """One random win: the jantaku situation and the ``mahjong`` call's arguments."""

    situation: WinSituation
    tiles136: tuple[int, ...]
    win136: int
    melds136: tuple[tuple[str, tuple[int, ...], bool], ...]  # type, ids, opened
    dora136: tuple[int, ...]
    ura136: tuple[int, ...]
    flags: dict[str, Any]


def _take(pool: list[int], kind: int, n: int) -> bool:
    if pool[kind] < n:
        return False
    pool[kind] -= n
    return True


def _regular(rng: random.Random, pool: list[int]) -> tuple[list[tuple[str, int]], int] | None:
    mode = rng.random()
    suit = rng.randrange(3)
    sets: list[tuple[str, int]] = []
    sets_start = rng.randrange(7)
    for _ in range(4):
        for _attempt in range(20):
            if mode < 0.25:  # one suit, maybe honors
                s = suit if rng.random() < 0.85 else 3
            elif mode < 0.35:  # honors and terminals
                s = 3 if rng.random() < 0.5 else rng.randrange(3)
            else:
                s = rng.randrange(4)
            run_share = 0.95 if 0.35 <= mode < 0.7 else 0.6
            if s < 3 and rng.random() < run_share:
                k = 9 * s + rng.randrange(7)
                if 0.25 <= mode < 0.35:
                    k = 9 * s + rng.choice((0, 6))
                elif 0.5 <= mode < 0.6:  # same runs across suits (sanshoku)
                    k = 9 * rng.randrange(3) + sets_start
                elif 0.6 <= mode < 0.7:  # 123 456 789 of one suit (ittsu)
                    k = 9 * suit + rng.choice((0, 3, 6))
                if pool[k] and pool[k + 1] and pool[k + 2]:
                    for d in range(3):
                        pool[k + d] -= 1
                    sets.append(("run", k))
                    break
            else:
                k = 27 + rng.randrange(7) if s == 3 else 9 * s + rng.randrange(9)
                if _take(pool, k, 3):
                    sets.append(("triplet", k))
                    break
        else:
            return None
    for _attempt in range(20):
        k = rng.randrange(34) if rng.random() < 0.7 else 9 * suit + rng.randrange(9)
        if _take(pool, k, 2):
            return sets, k
    return None


def random_hand(rng: random.Random, rules: Rules = TENHOU) -> RandomHand | None:
    """A random complete hand with a random situation, or None if the draw failed."""
    pool = [4] * 34
    form = rng.random()
    melds: list[tuple[str, int]] = []  # (kind, first kind)
    concealed_kinds: list[int] = []
    if form < 0.06:  # seven pairs
        kinds = rng.sample(range(34), 7)
        concealed_kinds = [k for k in kinds for _ in range(2)]
    elif form < 0.08:  # kokushi
        doubled = rng.choice(YAOCHUU_KINDS)
        concealed_kinds = [*YAOCHUU_KINDS, doubled]
    else:
        drawn = _regular(rng, pool)
        if drawn is None:
            return None
        sets, pair = drawn
        n_melds = rng.choice((0, 0, 0, 1, 1, 2, 3, 4))
        for i, (shape, k) in enumerate(sets):
            if i < n_melds:
                if shape == "run":
                    melds.append(("chii", k))
                else:
                    r = rng.random()
                    if r < 0.6:
                        melds.append(("pon", k))
                    elif pool[k] >= 1 and r < 0.75:
                        pool[k] -= 1
                        melds.append(("daiminkan", k))
                    elif pool[k] >= 1 and r < 0.9:
                        pool[k] -= 1
                        melds.append(("ankan", k))
                    elif pool[k] >= 1:
                        pool[k] -= 1
                        melds.append(("kakan", k))
                    else:
                        melds.append(("pon", k))
            elif shape == "run":
                concealed_kinds += [k, k + 1, k + 2]
            else:
                concealed_kinds += [k, k, k]
        concealed_kinds += [pair, pair]
    # physical ids: red fives are copy 0 of 5m/5p/5s
    used = [0] * 34
    red_ok = {4: rng.random() < 0.5, 13: rng.random() < 0.5, 22: rng.random() < 0.5}

    def ids(kind: int, n: int) -> list[int]:
        out = []
        for _ in range(n):
            copy = used[kind]
            if kind in red_ok and not red_ok[kind]:
                copy += 1  # skip the red copy
            used[kind] += 1
            out.append(kind * 4 + copy)
        return out

    conc_ids: list[int] = []
    for k in concealed_kinds:
        conc_ids += ids(k, 1)
    meld_ids: list[tuple[str, tuple[int, ...], bool]] = []
    for kind, k in melds:
        if kind == "chii":
            meld_ids.append((kind, (ids(k, 1)[0], ids(k + 1, 1)[0], ids(k + 2, 1)[0]), True))
        elif kind == "pon":
            meld_ids.append((kind, tuple(ids(k, 3)), True))
        else:
            meld_ids.append((kind, tuple(ids(k, 4)), kind != "ankan"))
    if any(i // 4 in red_ok and i % 4 == 0 and red_ok[i // 4] is False for i in conc_ids):
        return None
    if max(used) > 4 or any(
        used[k] > 3 for k in red_ok if not red_ok[k]
    ):  # a five without its red copy has only three plain copies
        return None
    win136 = rng.choice(conc_ids)

    def tile(i: int) -> int:
        return 34 + (i // 4 - 4) // 9 if i in (16, 52, 88) else i // 4

    meld_objs = []
    seat = rng.randrange(4)
    for kind, tids, _opened in meld_ids:
        ts = tuple(tile(i) for i in tids)
        if kind == "chii":
            meld_objs.append(Meld(MeldKind.CHII, ts, ts[0], 3))
        elif kind == "pon":
            meld_objs.append(Meld(MeldKind.PON, ts, ts[0], 2))
        elif kind == "daiminkan":
            meld_objs.append(Meld(MeldKind.DAIMINKAN, ts, ts[0], 2))
        elif kind == "kakan":
            meld_objs.append(Meld(MeldKind.KAKAN, ts, ts[0], 2, ts[-1]))
        else:
            meld_objs.append(Meld(MeldKind.ANKAN, ts))
    closed = all(k == "ankan" for k, _ in melds)
    tsumo = rng.random() < 0.5
    riichi = Riichi.NONE
    if closed and rng.random() < 0.4:
        riichi = Riichi.DOUBLE if rng.random() < 0.1 else Riichi.RIICHI
    ippatsu = riichi is not Riichi.NONE and rng.random() < 0.2
    has_kan = any(k in ("daiminkan", "ankan", "kakan") for k, _ in melds)
    rinshan = tsumo and has_kan and rng.random() < 0.3
    haitei = tsumo and not rinshan and rng.random() < 0.05
    houtei = not tsumo and rng.random() < 0.05
    win_kind = win136 // 4
    total_win_kind = sum(1 for i in conc_ids if i // 4 == win_kind) + sum(
        1 for _, t, _o in meld_ids for i in t if i // 4 == win_kind
    )
    chankan = not tsumo and not houtei and total_win_kind == 1 and rng.random() < 0.3
    round_wind = 27 + rng.randrange(4)
    n_dora = rng.choice((1, 1, 1, 2, 3))
    dora136 = tuple(rng.randrange(136) for _ in range(n_dora))
    ura136 = tuple(rng.randrange(136) for _ in range(n_dora)) if riichi is not Riichi.NONE else ()
    situation = WinSituation(
        concealed=tuple(tile(i) for i in conc_ids),
        melds=tuple(meld_objs),
        win_tile=tile(win136),
        discarder=None if tsumo else (seat + 1) % 4,
        riichi=riichi,
        ippatsu=ippatsu,
        haitei=haitei,
        houtei=houtei,
        rinshan=rinshan,
        chankan=chankan,
        round_wind=round_wind,
        winner=seat,
        dealer=0,
        dora_indicators=tuple(i // 4 for i in dora136),
        ura_indicators=tuple(i // 4 for i in ura136),
        rules=rules,
    )
    flags = {
        "is_tsumo": tsumo,
        "is_riichi": riichi is Riichi.RIICHI,
        "is_daburu_riichi": riichi is Riichi.DOUBLE,
        "is_ippatsu": ippatsu,
        "is_rinshan": rinshan,
        "is_haitei": haitei,
        "is_houtei": houtei,
        "is_chankan": chankan,
        "player_wind": 27 + seat,
        "round_wind": round_wind,
    }
    all_ids = tuple(conc_ids) + tuple(i for _, t, _o in meld_ids for i in t)
    return RandomHand(situation, all_ids, win136, tuple(meld_ids), dora136, ura136, flags)


def random_hands(seed: int, n: int, rules: Rules = TENHOU) -> list[RandomHand]:
    """``n`` random hands from one seed (the same list every time)."""
    rng = random.Random(seed)
    out: list[RandomHand] = []
    while len(out) < n:
        h = random_hand(rng, rules)
        if h is not None:
            out.append(h)
    return out


def mahjong_args(h: RandomHand) -> tuple[Any, ...]:
    """The arguments of ``HandCalculator.estimate_hand_value`` for one hand, with the
    options of the hand's rules (open tanyao, double yakuman, kazoe yakuman, kiriage;
    red fives always on)."""
    from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules
    from mahjong.meld import Meld as MMeld

    kinds = {"chii": MMeld.CHI, "pon": MMeld.PON, "daiminkan": MMeld.KAN, "ankan": MMeld.KAN}
    kinds["kakan"] = MMeld.SHOUMINKAN
    melds = [MMeld(meld_type=kinds[k], tiles=list(t), opened=o) for k, t, o in h.melds136]
    rules = h.situation.rules
    options = OptionalRules(
        has_open_tanyao=rules.kuitan,
        has_aka_dora=True,
        has_double_yakuman=rules.double_yakuman,
        kazoe_limit=HandConstants.KAZOE_LIMITED
        if rules.kazoe_yakuman
        else HandConstants.KAZOE_SANBAIMAN,
        kiriage=rules.kiriage_mangan,
        fu_for_open_pinfu=True,
        fu_for_pinfu_tsumo=False,
    )
    config = HandConfig(options=options, **h.flags)
    return list(h.tiles136), h.win136, melds, list(h.dora136), config, list(h.ura136)


def mahjong_yaku_ids(result: Any) -> list[str]:
    """Our ids of the yaku in a ``mahjong`` result (dora, red and ura left out)."""
    from mahjong.hand_calculating.yaku_config import YakuConfig

    by_id = {v.yaku_id: k for k, v in vars(YakuConfig()).items()}
    return sorted(MAHJONG_NAMES[by_id[y.yaku_id]] for y in result.yaku if y.yaku_id < 120)


def with_rules(s: WinSituation, rules: Rules) -> WinSituation:
    """The same win under other rules (red fives made plain when the rules use none)."""
    from dataclasses import replace

    from jantaku.tiles import KIND_OF

    if all(rules.red_fives):
        return replace(s, rules=rules)

    def plain(tiles: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(KIND_OF[t] for t in tiles)

    melds = tuple(
        replace(
            m,
            tiles=plain(m.tiles),
            called=None if m.called is None else KIND_OF[m.called],
            added=None if m.added is None else KIND_OF[m.added],
        )
        for m in s.melds
    )
    return replace(
        s, concealed=plain(s.concealed), win_tile=KIND_OF[s.win_tile], melds=melds, rules=rules
    )
