"""The fast scoring path (:mod:`jantaku.scoring.fast`) against the reference, the yaku
registry's predicates (:mod:`jantaku.scoring.score`).

Ordinary wins are scored from per-suit tables and bit masks of kinds; every other
win (a possible yakuman, a first-turn win, thirteen orphans) through the registry's
predicates. Both paths must give the same candidates: the same readings and waits,
the same yaku in the same order with the same han, the same fu and fu items, under
every four-player preset. The hands are the seeded ones the ``mahjong`` cross-check
scores, so the registry path itself is tied to the outside judge.
"""

from __future__ import annotations

import pytest

from jantaku._loader import is_compiled
from jantaku.errors import JantakuError
from jantaku.hand.decompose import readings
from jantaku.rules import PRESETS
from jantaku.scoring import WinSituation, has_yaku, score_win
from jantaku.scoring import candidates as shared
from jantaku.scoring import fast as fast_path
from jantaku.scoring import score as reference
from jantaku.tiles import KIND_OF, counts34, parse_tiles
from scoring_hands import random_hands, with_rules

FOUR_PLAYER = [name for name, rules in PRESETS.items() if rules.players == 4]


def _both(s: WinSituation) -> tuple[object, object] | None:
    """Both paths' candidates as objects with their fu items, or None when the fast
    path leaves the hand to the registry."""
    counts = [0] * 34
    for t in s.concealed:
        counts[KIND_OF[t]] += 1
    melds = shared.melds_of(s)
    win = KIND_OF[s.win_tile]
    fast = fast_path._fast_candidates(bytes(counts), melds, win, s)
    if fast is None:
        return None
    slow = reference._candidates(tuple(counts), melds, win, s)
    closed = all(m >> 6 == shared.ANKAN_CODE for m in melds)

    def filled(candidates: tuple[shared.Candidate, ...]) -> tuple[object, ...]:
        out = []
        for c in candidates:
            yaku, reading, wait = fast_path._decode(c)
            _, han, mult, fu = c[:4]
            items, fu_again = shared.itemised_fu(
                reading,
                melds,
                fast_path._PINFU in yaku,
                tsumo=s.is_tsumo,
                closed=closed,
                win_kind=win,
                wait=wait,
                seat_wind=s.seat_wind,
                round_wind=s.round_wind,
                rules=s.rules,
            )
            assert fu_again == fu
            assert shared._items_of(c[9]) == items  # the fu items the candidate carries
            out.append((yaku, han, mult, items, fu, reading, wait))
        return tuple(out)

    return filled(fast), filled(slow)


@pytest.mark.parametrize("name", FOUR_PLAYER)
def test_fast_path_agrees_with_the_registry(name: str) -> None:
    rules = PRESETS[name]
    fast = 0
    for h in random_hands(20261129, 3000):
        pair = _both(with_rules(h.situation, rules))
        if pair is not None:
            fast += 1
            assert pair[0] == pair[1], h.situation
    assert fast > 2500  # most wins take the fast path


@pytest.mark.parametrize(
    ("hand", "win", "fields", "yaku", "fu"),
    [
        # all terminals and honors but no yakuman: three concealed triplets and one
        # completed by ron; 20 + 10 closed ron + 3 × 8 + 4 = 58 → 60 fu
        ("111999m11p999s222z", "2z", {"discarder": 1}, ["toitoi", "sanankou", "honroutou"], 60),
        # two dragon triplets and the third dragon as the pair; penchan
        ("123m456p55666777z", "3m", {"discarder": 1}, ["hatsu", "chun", "shousangen"], 50),
        # every set with a terminal or honor, the south seat's wind triplet by ron
        (
            "123789m11p789s222z",
            "2z",
            {"winner": 1, "discarder": 0},
            ["seat_wind_nan", "chanta"],
            40,
        ),
    ],
)
def test_fast_path_hands(
    hand: str, win: str, fields: dict[str, int], yaku: list[str], fu: int
) -> None:
    s = WinSituation.from_hand(hand, win=win, **fields)
    r = score_win(s)
    assert [y.id for y in r.yaku] == yaku and r.fu == fu
    pair = _both(s)
    assert pair is not None and pair[0] == pair[1]


@pytest.mark.parametrize(
    ("hand", "win", "fields", "yakuman"),
    [
        ("123m11p555666777z", "1p", {"discarder": 1}, "daisangen"),
        ("11122233355566z", "6z", {}, "tsuuiisou"),
        ("11112345678999m", "5m", {}, "chuuren"),
        ("123m456p789s11155z", "5z", {"first_turn": True}, "tenhou"),
        ("19m19p19s12345677z", "1m", {"discarder": 2}, "kokushi"),
    ],
)
def test_yakuman_shapes_take_the_registry_path(
    hand: str, win: str, fields: dict[str, object], yakuman: str
) -> None:
    s = WinSituation.from_hand(hand, win=win, **fields)
    assert _both(s) is None
    assert yakuman in [y.id for y in score_win(s).yaku]
    assert has_yaku(s)


@pytest.mark.parametrize("name", FOUR_PLAYER)
def test_thirteen_orphans_path_agrees_with_the_registry(name: str) -> None:
    """Thirteen orphans skips the registry: the same candidate (yakuman, fu, reading
    and wait) as the registry's predicates give, single and 13-sided waits, ron and
    tsumo, under every four-player preset."""
    rules = PRESETS[name]
    waits = set()
    for h in random_hands(20261129, 3000):
        s = with_rules(h.situation, rules)
        counts = [0] * 34
        for t in s.concealed:
            counts[KIND_OF[t]] += 1
        win = KIND_OF[s.win_tile]
        found = fast_path.kokushi_candidates(bytes(counts), shared.melds_of(s), win, s)
        if found is None:
            if not s.melds and sum(counts) == 14:  # no thirteen orphans reading missed
                slow = reference._candidates(tuple(counts), b"", win, s)
                assert all(c[4] != fast_path.KOKUSHI_CODE for c in slow), h.situation
            continue
        slow = reference._candidates(tuple(counts), shared.melds_of(s), win, s)
        assert found == slow, h.situation
        assert [fast_path._decode(c) for c in found] == [fast_path._decode(c) for c in slow]
        waits.add((found[0][8], s.is_tsumo))
    assert len(waits) == 4  # each wait, by ron and by tsumo


def test_first_turn_thirteen_orphans_takes_the_registry_path() -> None:
    s = WinSituation.from_hand("19m19p19s12345677z", win="7z", first_turn=True)
    counts = [0] * 34
    for t in s.concealed:
        counts[KIND_OF[t]] += 1
    assert fast_path.kokushi_candidates(bytes(counts), b"", KIND_OF[s.win_tile], s) is None
    assert [y.id for y in score_win(s).yaku] == ["tenhou", "kokushi_13"]


def test_table_readings_equal_the_search() -> None:
    """The registry path reads hands from the shipped split tables: the same readings,
    in the same order, as :func:`jantaku.hand.decompose.readings` finds by search."""
    seen = set()
    for h in random_hands(20261129, 3000):
        counts = [0] * 34
        for t in h.situation.concealed:
            counts[KIND_OF[t]] += 1
        found = reference._table_readings(tuple(counts))
        assert found == readings(counts), h.situation
        seen.add(tuple(r.form for r in found))
    for hand in ("11122233344455m", "11223344556677m", "19m19p19s1234567z", "123m"):
        counts = counts34(parse_tiles(hand))
        assert reference._table_readings(tuple(counts)) == readings(counts), hand
    assert len(seen) >= 4  # regular, several regular, seven pairs, thirteen orphans


@pytest.mark.parametrize(
    ("hand", "win", "fields", "yaku"),
    [
        ("111m222p333s444m55z", "4m", {}, ["suuankou"]),  # tsumo on a shanpon
        ("111m222p333s444m55z", "5z", {"discarder": 1}, ["suuankou_tanki"]),
        # by ron the shanpon's triplet is open: three concealed triplets, toitoi
        ("111m222p333s444m55z", "4m", {"discarder": 1}, ["toitoi", "sanankou"]),
        # the same tiles read as runs too: the triplets' reading pays more
        ("111222333m44455p", "5p", {}, ["suuankou_tanki"]),
    ],
)
def test_four_concealed_triplets_on_the_fast_path(
    hand: str, win: str, fields: dict[str, int], yaku: list[str]
) -> None:
    s = WinSituation.from_hand(hand, win=win, **fields)
    pair = _both(s)
    assert pair is not None and pair[0] == pair[1]
    assert [y.id for y in score_win(s).yaku] == yaku


def test_the_legal_win_check_keeps_shapes_and_scoring_reads_them() -> None:
    """``score_win`` keeps nothing of a hand it analyses itself (scoring many hands once
    each does not fill memory); ``has_yaku``, the engine's legal-win check, keeps each
    shape, and ``score_win`` then scores from what it kept the same results as from a
    fresh analysis."""
    situations = [h.situation for h in random_hands(20261201, 400)]
    reference.clear_cache()
    fresh = [_result(s) for s in situations]
    assert not reference._CACHE
    for s in situations:
        try:
            has_yaku(s)
        except JantakuError:
            continue
    kept = len(reference._CACHE)
    assert kept > 300
    assert [_result(s) for s in situations] == fresh
    assert len(reference._CACHE) == kept


def _result(s: WinSituation) -> object:
    try:
        return score_win(s)
    except JantakuError as e:
        return type(e).__name__, str(e)


def test_yaku_of_a_mask_lists_its_bits_in_order() -> None:
    """A fast candidate's yaku mask gives the results of its bits, lowest first, closed
    or open by its open bit: every single bit, and random masks of many bits, against
    the mask order read bit by bit."""
    import random

    order = fast_path._MASK_ORDER
    rng = random.Random(17)
    masks = [1 << n | col for n in range(1, len(order) + 1) for col in (0, 1)]
    masks += [rng.getrandbits(len(order) + 1) for _ in range(2000)]
    for mask in masks:
        col = mask & 1
        expected = tuple(
            fast_path._FAST_YH[name][col] for n, name in enumerate(order, start=1) if mask >> n & 1
        )
        fast_path.YAKU_OF.clear()
        assert fast_path.yaku_of(mask) == expected, bin(mask)
        assert fast_path.yaku_of(mask) is fast_path.YAKU_OF[mask]  # kept by its mask


def _kept_counts_cases() -> list[WinSituation]:
    """Seeded wins under every four-player preset, built both ways a user builds them:
    from notation and from tile values."""
    from dataclasses import replace

    from jantaku.meld import Hand, format_hand
    from jantaku.tiles import format_tiles

    out: list[WinSituation] = []
    for i, name in enumerate(FOUR_PLAYER):
        for h in random_hands(20261202 + i, 600):
            s = with_rules(h.situation, PRESETS[name])
            out.append(replace(s))  # the constructor, from tile values
            out.append(
                WinSituation.from_hand(
                    format_hand(Hand(s.concealed, s.melds)),
                    win=format_tiles([s.win_tile]),
                    dora=format_tiles(s.dora_indicators),
                    ura=format_tiles(s.ura_indicators),
                    round_wind=format_tiles([s.round_wind]),
                    discarder=s.discarder,
                    riichi=s.riichi,
                    ippatsu=s.ippatsu,
                    haitei=s.haitei,
                    houtei=s.houtei,
                    rinshan=s.rinshan,
                    chankan=s.chankan,
                    winner=s.winner,
                    dealer=s.dealer,
                    honba=s.honba,
                    deposits=s.deposits,
                    rules=s.rules,
                )
            )
    return out


def test_the_counts_a_situation_keeps_equal_a_count_of_its_tiles() -> None:
    """A situation keeps what its construction counted of its tiles (the kinds held
    concealed and in all, the red fives), and scoring starts from them; a situation
    made otherwise (a copy keeps only the fields) is counted when scored. Both give
    the same counts, the same result and the same legal-win check, on thousands of
    seeded wins built from notation and from tile values, under every four-player
    preset."""
    import copy

    cases = _kept_counts_cases()
    assert len(cases) >= 4000
    for s in cases:
        assert s._tally == reference._counted(s)
        again = copy.copy(s)
        assert again == s
        with pytest.raises(AttributeError):
            again._tally  # noqa: B018 - a copy keeps the fields only
        assert _result(again) == _result(s)
        assert _legal(again) == _legal(s)


def _legal(s: WinSituation) -> object:
    try:
        return has_yaku(s)
    except JantakuError as e:
        return type(e).__name__, str(e)


def test_contexts_that_differ_by_the_winds_share_the_yaku_of_the_situation() -> None:
    """A context holds the yaku the situation gives the whole hand (riichi, tsumo and
    the other flags) and the yaku of honor triplets under its winds. Two situations
    that differ by the seats only have two contexts (other seat winds) holding one
    tuple of the situation's yaku, made once; a flag those yaku read (riichi) makes
    another, and forgetting the caches forgets them."""
    from dataclasses import replace

    from jantaku.scoring import Riichi

    fast_path.clear_caches()
    east = WinSituation.from_hand("123m456p789s11155z", win="1z", discarder=1, riichi=Riichi.RIICHI)
    south = replace(east, winner=1, discarder=2)
    east_ctx, south_ctx = fast_path.situation_context(east), fast_path.situation_context(south)
    assert east_ctx is not south_ctx
    assert east_ctx[3] != south_ctx[3]  # the yaku of honor triplets: other seat winds
    # the situation's yaku: one tuple, made once (a compiled context's fields are boxed
    # again when read, so there only equal)
    assert east_ctx[6] == south_ctx[6]
    assert east_ctx[6] is south_ctx[6] or is_compiled()
    plain = fast_path.situation_context(replace(east, riichi=Riichi.NONE))
    assert plain[6] != east_ctx[6]
    assert [y.id for y in score_win(east).yaku] == ["riichi", "seat_wind_ton", "round_wind_ton"]
    assert [y.id for y in score_win(south).yaku] == ["riichi", "round_wind_ton"]
    fast_path.clear_caches()
    assert not fast_path._HAND_YAKU and not fast_path._CONTEXTS
