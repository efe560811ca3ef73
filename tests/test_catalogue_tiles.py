"""Catalogue tests for RULES.md sections T (tiles), N (notation) and H (hand analysis).

Each test names its rule ID. Shanten is cross-checked against the ``mahjong`` package
(a test-only judge); waits, acceptance and readings against hand-worked examples.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable
from typing import Any

import pytest
from mahjong.shanten import Shanten

from jantaku.agents.render import round_name
from jantaku.engine import full_set
from jantaku.engine.wall import roll_dice
from jantaku.errors import InvalidHandError, NotationError, RulesError
from jantaku.hand import (
    WaitShape,
    acceptance,
    advise,
    is_complete,
    readings,
    shanten,
    shanten_kokushi,
    shanten_regular,
    shanten_seven_pairs,
    waits,
)
from jantaku.meld import MeldKind, format_hand, parse_hand, parse_meld
from jantaku.rules import MAJSOUL, TENHOU, TEXTBOOK, WRC, replace
from jantaku.scoring import Riichi, WinSituation, score_win
from jantaku.tiles import (
    BACK,
    DRAGONS,
    EAST,
    UNKNOWN,
    WINDS,
    counts34,
    format_tiles,
    format_unicode,
    is_honor,
    is_red,
    is_senchan,
    is_simple,
    is_terminal,
    is_yaochuu,
    kind,
    number,
    parse_tiles,
    parse_unicode,
)


def c(text: str) -> list[int]:
    return counts34(parse_tiles(text))


# --- T tiles ---------------------------------------------------------------------------


def test_T1_136_tiles_of_34_kinds() -> None:
    """T1: 34 kinds × 4 = 136: man, pin, sou 1–9, four winds, three dragons."""
    tiles = full_set(WRC)  # no red fives
    assert len(tiles) == 136
    assert Counter(tiles) == {k: 4 for k in range(34)}
    assert format_tiles(range(34)) == "123456789m123456789p123456789s1234567z"
    assert len(WINDS) == 4 and len(DRAGONS) == 3


def test_T2_tile_classes() -> None:
    """T2: number tiles and honors; terminals 1/9; yaochuu; simples 2–8."""
    for k in range(34):
        honor = k >= 27
        assert is_honor(k) == honor
        terminal = not honor and number(k) in (1, 9)
        assert is_terminal(k) == terminal
        assert is_yaochuu(k) == (honor or terminal)
        assert is_simple(k) == (not honor and 2 <= number(k) <= 8)
    assert sum(map(is_yaochuu, range(34))) == 13
    assert [number(t) for t in parse_tiles("3m7p3s7s")] == [3, 7, 3, 7]


def test_T3_red_fives_option_and_one_han_each() -> None:
    """T3: one red 5m/5p/5s by default, none on the textbook preset; each +1 han."""
    assert TENHOU.red_fives == (1, 1, 1) and TEXTBOOK.red_fives == (0, 0, 0)
    reds = [t for t in full_set(TENHOU) if is_red(t)]
    assert format_tiles(sorted(reds)) == "0m0p0s"
    assert not any(is_red(t) for t in full_set(TEXTBOOK))
    assert len(full_set(replace(TENHOU, red_fives=(0, 1, 0)))) == 136
    plain = score_win(WinSituation.from_hand("234m567p678s456s88p", win="2m", discarder=1))
    red = score_win(WinSituation.from_hand("234m067p678s406s88p", win="2m", discarder=1))
    assert red.red == 2 and red.han == plain.han + 2
    with pytest.raises(InvalidHandError):
        WinSituation.from_hand("234m067p678s456s88p", win="2m", discarder=1, rules=TEXTBOOK)


def test_T4_flowers_option_counts_one_dora_each() -> None:
    """T4: flowers off by default; where on, each flower set aside is one dora."""
    assert TENHOU.flowers == 0
    rules = replace(TENHOU, flowers=4)
    base = score_win(
        WinSituation.from_hand("234m567p678s456s88p", win="2m", discarder=1, rules=rules)
    )
    r = score_win(
        WinSituation.from_hand("234m567p678s456s88p", win="2m", discarder=1, flowers=3, rules=rules)
    )
    assert r.flowers == 3 and r.han == base.han + 3


def test_T5_two_six_sided_dice() -> None:
    """T5: two six-sided dice; every face 1–6 appears and no other."""
    rng = random.Random(5)
    rolls = [roll_dice(rng) for _ in range(600)]
    assert all(len(r) == 2 for r in rolls)
    assert {d for r in rolls for d in r} == set(range(1, 7))


def test_T5b_chips_count_red_ura_and_ippatsu_where_on() -> None:
    """T5b: chips are an option; on, a win counts red fives, ura dora and ippatsu."""
    assert TENHOU.chips == 0 and TENHOU.yakitori == 0
    rules = replace(TENHOU, chips=1)
    s = WinSituation.from_hand(
        "234m067p678s456s88p",
        win="2m",
        discarder=1,
        riichi=Riichi.RIICHI,
        ippatsu=True,
        ura="7p",
        rules=rules,
    )
    assert score_win(s).chips == 1 + 2 + 1
    assert score_win(replace(s, rules=TENHOU)).chips == 0


def test_T6_unicode_glyphs() -> None:
    """T6: 🀇–🀏 man, 🀐–🀘 sou, 🀙–🀡 pin, 🀀🀁🀂🀃 winds, 🀆 haku 🀅 hatsu 🀄 chun, 🀫 back."""
    assert format_unicode(parse_tiles("19m")) == "\U0001f007\U0001f00f"
    assert format_unicode(parse_tiles("19s")) == "\U0001f010\U0001f018"
    assert format_unicode(parse_tiles("19p")) == "\U0001f019\U0001f021"
    assert format_unicode(parse_tiles("1234z")) == "🀀🀁🀂🀃"
    assert format_unicode(parse_tiles("567z")) == "🀆🀅🀄"
    assert format_unicode([UNKNOWN]) == BACK == "🀫"


def test_T6_called_tile_marked_sideways_in_meld_notation() -> None:
    """T6: a called tile is shown turned: marked by who it came from in meld notation."""
    from jantaku.agents.render import describe_action
    from jantaku.events import Pon

    m = parse_meld("[555=p]")
    assert (m.kind, m.called_from) == (MeldKind.PON, 2)
    assert describe_action(Pon(actor=0, target=2, pai=13, consumed=(13, 13))) == "pon [555=p]"
    assert describe_action(Pon(actor=0, target=3, pai=13, consumed=(13, 13))) == "pon [555-p]"


# --- N notation ------------------------------------------------------------------------


def test_N1_compact_notation_round_trip() -> None:
    """N1: ``123m406p789s1122z`` with 0 = red five, z1–7, melds written distinctly."""
    tiles = parse_tiles("123m406p789s1122z")
    assert format_tiles(tiles) == "123m406p789s1122z"
    assert is_red(tiles[4]) and kind(tiles[4]) == kind(parse_tiles("5p")[0])
    assert [kind(t) for t in parse_tiles("1234567z")] == list(range(27, 34))
    for text in ("123m406p11z[3-45s][7777+z]", "2233z[555=p][1111z][0-55*5s]"):
        assert format_hand(parse_hand(text, partial=True)) == text
    kinds = [m.kind for m in parse_hand("22z[3-45s][555=p][7777+z][1111z]").melds]
    assert kinds == [MeldKind.CHII, MeldKind.PON, MeldKind.DAIMINKAN, MeldKind.ANKAN]
    with pytest.raises(NotationError):
        parse_tiles("8z")


def test_N2_unicode_in_and_out() -> None:
    """N2: Unicode tile strings are read and written losslessly (red fives included)."""
    tiles = parse_tiles("123m406p789s1234567z")
    assert parse_unicode(format_unicode(tiles)) == tiles
    with pytest.raises(NotationError):
        parse_unicode("🀇x")


def test_N3_round_names() -> None:
    """N3: 東1局1本場 and the English "East 1, 1 honba"."""
    assert round_name(EAST, 1, 1) == "East 1, 1 honba (東1局1本場)"
    assert round_name(EAST + 1, 4, 0) == "South 4, 0 honba (南4局0本場)"


# --- H hand analysis -------------------------------------------------------------------


def test_H1_winning_shapes() -> None:
    """H1: four melds + a pair, seven distinct pairs, thirteen orphans."""
    assert is_complete(c("123m456p789s11222z"))
    assert is_complete(c("1133m5577p2288s66z"))
    assert not is_complete(c("1111m5577p2288s66z"))  # four of a kind is not two pairs
    assert is_complete(c("19m19p19s12345677z"))
    assert not is_complete(c("129m19p19s1234567z"))


def test_H2_melds_and_kan_only_when_declared() -> None:
    """H2: chii is a same-suit run of numbers; pon a triplet; four tiles in the hand are no kan."""
    assert parse_meld("[3-45m]").kind is MeldKind.CHII
    for bad in ("[1-23z]", "[1-24m]", "[1-2m3p]"):
        with pytest.raises((NotationError, InvalidHandError)):
            parse_meld(bad)
    # four 1m concealed: read as a triplet and a run, never as a quad
    for r in readings(c("111123m456p789s55z")):
        assert 0 in r.triplets and 0 in r.runs


def test_H3_shanten_exact_against_mahjong() -> None:
    """H3: exact shanten (regular, seven pairs, kokushi), tenpai 0, complete −1."""
    judge = Shanten()
    rng = random.Random(11)
    wall = [k for k in range(34) for _ in range(4)]
    for _ in range(400):
        hand = rng.sample(wall, 13)
        counts = [0] * 34
        for k in hand:
            counts[k] += 1
        assert shanten(counts) == judge.calculate_shanten(counts), format_tiles(sorted(hand))
        assert shanten_regular(counts) == judge.calculate_shanten_for_regular_hand(counts)
        assert shanten_seven_pairs(counts) == judge.calculate_shanten_for_chiitoitsu_hand(counts)
        assert shanten_kokushi(counts) == judge.calculate_shanten_for_kokushi_hand(counts)
    assert shanten(c("123m456p789s1122z")) == 0
    assert shanten(c("123m456p789s11222z")) == -1


@pytest.mark.parametrize(
    ("hand", "expected"),
    [
        ("23m456p789s11122z", {"1m": "ryanmen", "4m": "ryanmen"}),
        ("13m456p789s11122z", {"2m": "kanchan"}),
        ("12m456p789s11122z", {"3m": "penchan"}),
        ("123m456p789s1112z", {"2z": "tanki"}),
        ("123m456p789s1122z", {"1z": "shanpon", "2z": "shanpon"}),
    ],
)
def test_H4_wait_shapes(hand: str, expected: dict[str, str]) -> None:
    """H4: waits listed with their shape."""
    got = {format_tiles([w.kind]): w.shapes[0].value for w in waits(c(hand))}
    assert got == expected
    assert all(isinstance(s, WaitShape) for w in waits(c(hand)) for s in w.shapes)


def test_H5_acceptance_and_discard_advisor() -> None:
    """H5: acceptance counts the unseen tiles that lower shanten, per discard."""
    a = acceptance(c("23m456p789s11122z"))
    assert a.shanten == 0 and format_tiles(a.kinds) == "14m" and a.total == 8
    a = acceptance(c("13m456p789s11122z"))
    assert format_tiles(a.kinds) == "2m" and a.total == 4
    options = {format_tiles([o.discard]): o for o in advise(c("23m456p789s111227z"))}
    best = advise(c("23m456p789s111227z"))[0]
    assert format_tiles([best.discard]) == "7z" and (best.shanten, best.total) == (0, 8)
    assert best.loss == 0 and options["2m"].loss is None
    assert options["2m"].shanten == 1 and options["4p"].shanten == 1


def test_H6_highest_scoring_reading() -> None:
    """H6: 111222333m read as three triplets (sanankou, 50 fu) beats three runs."""
    r = score_win(WinSituation.from_hand("111222333m789p55s", win="5s", discarder=1, winner=2))
    assert {y.id for y in r.yaku} == {"sanankou"}
    assert (r.fu, r.han, r.total) == (50, 2, 3200)
    assert MAJSOUL.kuitan


def test_T5_dealer_marker_round_wind_and_100_point_sticks() -> None:
    """T5: the table shows the round wind (the dealer marker's face); points move in
    sticks of 100 at the least, so every score stays a multiple of 100."""
    from jantaku.engine import Referee, observe
    from jantaku.events import StartKyoku

    rng = random.Random(4)
    ref = Referee(TENHOU, seed=4)
    log = ref.play(lambda _seat, _s, legal: rng.choice(legal))
    for e in log:
        if isinstance(e, StartKyoku):
            assert e.bakaze in WINDS and all(x % 100 == 0 for x in e.scores)
    view = observe(ref.state, 0)
    assert view.bakaze in WINDS and all(x % 100 == 0 for x in view.scores)


def test_T2_senchan_tiles_are_3_and_7() -> None:
    """T2: 尖張牌 — 数牌のうち3・7の牌。ペンチャン待ち専用の牌となる (003 glossary)."""
    assert [k for k in range(34) if is_senchan(k)] == [2, 6, 11, 15, 20, 24]
    assert [is_senchan(x) for x in parse_tiles("3p0p3z7s")] == [True, False, False, True]
    # the tile a penchan wait needs is always a 3 or a 7 (003: 例 🀇🀈 ← 🀉)
    for edge in ("12m", "89p", "12s", "89s"):
        (wait,) = waits(c(edge + "456m789m123p11z"))
        assert [s.value for s in wait.shapes] == ["penchan"]
        assert is_senchan(wait.kind)


def _random_legal(seed: int) -> Callable[[int, object, list[Any]], Any]:
    choose = random.Random(seed).choice
    return lambda _seat, _state, legal: choose(legal)


def test_T3_two_red_5p_variant() -> None:
    """T3: 000 赤あり — 数牌３門の５一枚ずつを交換するものをはじめ、五筒二枚を交換するもの:
    a set with two red 5p is dealt and scored, each red five +1 han."""
    from jantaku.engine import Referee
    from jantaku.events import EndGame, Hora, StartKyoku

    rules = replace(TENHOU, red_fives=(0, 2, 0))
    tiles = full_set(rules)
    assert len(tiles) == 136 and format_tiles(sorted(x for x in tiles if is_red(x))) == "00p"
    assert tiles.count(parse_tiles("5p")[0]) == 2
    for bad in ((0, 3, 0), (-1, 0, 0)):
        with pytest.raises(RulesError):
            replace(TENHOU, red_fives=bad)
    # scored: both red 5p count, one han each; where the set has one, two are refused
    two = score_win(
        WinSituation.from_hand("234m005p678s456s88p", win="2m", discarder=1, rules=rules)
    )
    plain = score_win(
        WinSituation.from_hand("234m555p678s456s88p", win="2m", discarder=1, rules=rules)
    )
    assert two.red == 2 and two.han == plain.han + 2
    with pytest.raises(InvalidHandError):
        WinSituation.from_hand("234m005p678s456s88p", win="2m", discarder=1)
    assert parse_hand("234m005p678s456s88p")  # notation holds any set's red fives
    # dealt: seeded matches with random legal play keep both reds in play, points conserved
    seen = 0
    for seed in range(2):
        log = list(Referee(rules, seed=seed).play(_random_legal(seed)))
        assert isinstance(log[-1], EndGame)
        for e in log:
            if isinstance(e, StartKyoku):
                dealt = [x for h in e.tehais for x in h] + [e.dora_marker]
                assert sum(x == parse_tiles("0p")[0] for x in dealt) <= 2
                seen += sum(x == parse_tiles("0p")[0] for x in dealt)
            if isinstance(e, Hora):
                assert dict(e.yaku).get("aka", 0) <= 2
    assert seen > 0
