"""Catalogue tests for parts of RULES.md entries that the other catalogue tests leave out.

Each test names its rule ID and uses the public packages (``jantaku.engine``,
``jantaku.scoring``, ``jantaku.rules``, ``jantaku.tiles``, ``jantaku.events``): dealt
hands fed through ``apply``, a scripted wall for the referee, or a scored situation.
Expected values come from the rule text: the seed rulebooks' deal (G2), claims (G5),
kuikae (G6), riichi (G8), abortive draws (G10) and yaku (Y3, Y27), 002's han table
(Y20, Y22, Y23), the option list of S10, the liability rule of S11 and 002 §08 (X4).
"""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from jantaku.engine import Referee, State, apply, build_wall, legal_actions
from jantaku.errors import IllegalActionError
from jantaku.events import (
    Ankan,
    Chi,
    Dahai,
    Hora,
    Pon,
    Reach,
    ReachAccepted,
    Ryukyoku,
    StartGame,
    StartKyoku,
    Tsumo,
)
from jantaku.rules import MAJSOUL, TENHOU, TENHOU_SANMA, TEXTBOOK, Rules
from jantaku.scoring import WinResult, WinSituation, score_win
from jantaku.tiles import EAST, SOUTH, parse_tiles
from scenarios import scripted


def tile(text: str) -> int:
    (one,) = parse_tiles(text)
    return one


def win(hand: str, on: str, **kw: object) -> WinResult:
    return score_win(WinSituation.from_hand(hand, win=on, **kw))  # type: ignore[arg-type]


def han_of(result: WinResult) -> dict[str, int]:
    return {y.id: y.han for y in result.yaku}


# --- G2: the deal ------------------------------------------------------------------------


def test_G2_deal_two_stacks_three_times_then_one_each_and_the_dealer_draws_first() -> None:
    """G2: four walls of 17 stacks; from the break each player in turn from the dealer
    takes two stacks (4 tiles) three times, then one tile each, the dealer also taking
    the first draw (チョンチョン)."""
    for seed in range(12):
        oya = seed % 4
        w = build_wall(TENHOU, seed=seed, oya=oya)
        assert len(w.ring) == 4 * 17 * 2
        order = w.ring[2 * w.wall_break :] + w.ring[: 2 * w.wall_break]
        for i in range(4):
            seat = (oya + i) % 4
            expected = [x for r in range(3) for x in order[16 * r + 4 * i : 16 * r + 4 * i + 4]]
            expected.append(order[48 + i])
            assert sorted(w.hands[seat]) == sorted(expected), (seed, seat)
        assert w.live[0] == order[52]  # the dealer's first draw: the 14th tile


def dealt(hands: Sequence[str], rules: Rules = TENHOU) -> State:
    """A state at the start of East 1, dealer seat 0, with the given dealt hands."""
    s = State(rules)
    apply(s, StartGame(names=("a", "b", "c", "d")))
    apply(
        s,
        StartKyoku(
            bakaze=EAST,
            kyoku=1,
            honba=0,
            kyotaku=0,
            oya=0,
            dora_marker=tile("4z"),
            scores=(rules.start_points,) * 4,
            tehais=tuple(parse_tiles(h) for h in hands),
        ),
    )
    return s


def turn(s: State, seat: int, draw: str, discard: str | None = None) -> None:
    """Seat draws ``draw`` and discards ``discard`` (by default the drawn tile)."""
    apply(s, Tsumo(actor=seat, pai=tile(draw)))
    apply(s, Dahai(actor=seat, pai=tile(discard or draw), tsumogiri=discard is None))


# --- G5: pon before chii -----------------------------------------------------------------


def test_G5_pon_beats_chii() -> None:
    """G5: a pon and a chii claimed on the same discard: the pon is taken."""
    hands = (
        "19m19p19s555777z5s",
        "234m456p678p46s9s1z",  # may chii 5s (from the left)
        "55s567m234p789p11z",  # may pon 5s
        "345m678m345p77s22z",
    )
    ref = Referee(TENHOU, seed=5, walls=scripted(hands, "9s"))
    ref.submit({0: Dahai(0, tile("5s"), False)})
    pending = ref.pending()
    chi = next(a for a in pending[1] if isinstance(a, Chi))
    pon = next(a for a in pending[2] if isinstance(a, Pon))
    events = ref.submit({1: chi, 2: pon})
    assert any(isinstance(e, Pon) for e in events)
    assert not any(isinstance(e, Chi) for e in events)


# --- G6: kuikae after a pon --------------------------------------------------------------


@pytest.mark.parametrize(("rules", "allowed"), [(TENHOU, False), (TEXTBOOK, True)])
def test_G6_kuikae_after_a_pon(rules: Rules, allowed: bool) -> None:
    """G6: after a pon of 5s the caller may not discard its other 5s (tenhou); the
    000 rulebook is silent, so the textbook preset allows it."""
    five = "0s" if rules.red_fives[2] else "5s"  # the fourth 5s of the set
    hands = (
        "19m19p19s123456z" + five,
        "2468m2468p2468s7z",
        "555s67m234p789p11z",
        "3479m3479p3479s6z",
    )
    s = dealt(hands, rules)
    turn(s, 0, "7z", five)
    apply(s, Pon(actor=2, target=0, pai=tile(five), consumed=parse_tiles("55s")))
    discards = {a.pai for a in legal_actions(s, 2) if isinstance(a, Dahai)}
    assert (tile("5s") in discards) is allowed
    if not allowed:
        with pytest.raises(IllegalActionError):
            apply(s, Dahai(actor=2, pai=tile("5s"), tsumogiri=False))
    else:
        apply(s, Dahai(actor=2, pai=tile("5s"), tsumogiri=False))


# --- G10: kyuushu kyuuhai only uninterrupted ---------------------------------------------


def test_G10_kyuushu_kyuuhai_not_after_a_call() -> None:
    """G10: nine kinds of yaochuu may abort on the first draw only if no call came
    before it: after a pon the same hand may not."""
    hands = ("2468m2468p2468s5z", "3579m3579p3579s6z", "55z34m34p88p34s778s", "1259m159p19s1234z")
    kyuushu = Ryukyoku(reason="kyuushu_kyuuhai", actor=3)
    s = dealt(hands)
    turn(s, 0, "6z", "5z")
    turn(s, 1, "6z")
    turn(s, 2, "7z")
    apply(s, Tsumo(actor=3, pai=tile("7z")))
    assert kyuushu in legal_actions(s, 3)
    s = dealt(hands)
    turn(s, 0, "6z", "5z")
    apply(s, Pon(actor=2, target=0, pai=tile("5z"), consumed=parse_tiles("55z")))
    apply(s, Dahai(actor=2, pai=tile("3m"), tsumogiri=False))
    apply(s, Tsumo(actor=3, pai=tile("7z")))
    assert kyuushu not in legal_actions(s, 3)
    with pytest.raises(IllegalActionError):
        apply(s, kyuushu)


# --- Y3: a call ends ippatsu -------------------------------------------------------------


def test_Y3_a_call_by_another_player_ends_ippatsu() -> None:
    """Y3: a win within one go-around after riichi is ippatsu, unless a call came in
    between: the same tsumo after another player's pon has no ippatsu."""
    hands = ("1112m234p567p678s", "3579m1379p1379s1z", "3579m1379p1379s2z", "4668m2468p2468s3z")
    yaku = {}
    for call in (False, True):
        s = dealt(hands)
        apply(s, Tsumo(actor=0, pai=tile("7z")))
        apply(s, Reach(actor=0))
        apply(s, Dahai(actor=0, pai=tile("7z"), tsumogiri=True))
        apply(s, ReachAccepted(actor=0))
        turn(s, 1, "6m")
        if call:
            apply(s, Pon(actor=3, target=1, pai=tile("6m"), consumed=parse_tiles("66m")))
            apply(s, Dahai(actor=3, pai=tile("3z"), tsumogiri=False))
        else:
            turn(s, 2, "6z")
            turn(s, 3, "5z")
        apply(s, Tsumo(actor=0, pai=tile("3m")))
        apply(s, Hora(actor=0, target=0))
        done = s.results[-1]
        assert isinstance(done, Hora) and done.yaku is not None
        yaku[call] = dict(done.yaku)
    assert yaku[False].get("ippatsu") == 1  # (a double riichi: the dealer's first discard)
    assert "ippatsu" not in yaku[True] and yaku[True].get("double_riichi") == 2


# --- G8: an ankan in riichi --------------------------------------------------------------


def _riichi_on(hand: str, draw: str) -> State:
    """Seat 0 (dealer) holds ``hand``, declares riichi on its first discard (a 7z drawn),
    the others discard what they draw, and seat 0 draws ``draw``."""
    s = dealt((hand, "3579m1379p1379s1z", "3579m1379p1379s2z", "4668m2468p2468s3z"))
    apply(s, Tsumo(actor=0, pai=tile("7z")))
    apply(s, Reach(actor=0))
    apply(s, Dahai(actor=0, pai=tile("7z"), tsumogiri=True))
    apply(s, ReachAccepted(actor=0))
    for seat, junk in ((1, "6z"), (2, "6z"), (3, "5z")):
        apply(s, Tsumo(actor=seat, pai=tile(junk)))
        apply(s, Dahai(actor=seat, pai=tile(junk), tsumogiri=True))
    apply(s, Tsumo(actor=0, pai=tile(draw)))
    return s


def test_G8_a_wait_changing_ankan_after_riichi_is_refused() -> None:
    """G8: after riichi an ankan is allowed only if it does not change the waits.
    1112m waits on 2m (111m + tanki) and 3m (11m + 12m): a kan of 1111m leaves 2m
    alone, so it is refused; 222m in 222m234p… waits as a set, so its kan is allowed."""
    s = _riichi_on("1112m234p567p678s", "1m")
    assert not any(isinstance(a, Ankan) for a in legal_actions(s, 0))
    with pytest.raises(IllegalActionError):
        apply(s, Ankan(actor=0, consumed=parse_tiles("1111m")))
    s = _riichi_on("222m234p567p678s9s", "2m")
    assert Ankan(0, parse_tiles("2222m")) in legal_actions(s, 0)


# --- S10, S11 ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("yakuman", "hand", "on"),
    [
        ("kokushi_13", "19m19p19s12345677z", "7z"),
        ("junsei_chuuren", "11123455678999m", "5m"),
        ("suuankou_tanki", "222m444p666s99m333s", "9m"),
        ("daisuushii", "111222333z55m[444+z]", "5m"),  # open: no suuankou
    ],
)
def test_S10_double_yakuman_only_by_option(yakuman: str, hand: str, on: str) -> None:
    """S10: 13-wait kokushi, suuankou tanki, junsei chuuren and daisuushii count double
    where ``double_yakuman`` is on (majsoul), single where it is off (tenhou)."""
    assert not TENHOU.double_yakuman and MAJSOUL.double_yakuman
    single = win(hand, on, winner=1, discarder=2, rules=TENHOU)
    double = win(hand, on, winner=1, discarder=2, rules=MAJSOUL)
    assert yakuman in {y.id for y in single.yaku} and yakuman in {y.id for y in double.yaku}
    assert (single.yakuman, single.total) == (1, 32000)
    assert (double.yakuman, double.total) == (2, 64000)


def test_S11_pao_for_daisuushii() -> None:
    """S11: the seat that fed the pon of the last wind pays a daisuushii tsumo in full
    and half of a ron by another seat (the other half from the discarder)."""
    hand = "111z55m[222-z][333=z][444+z]"
    tsumo = win(hand, "5m", winner=1, dealer=0, pao=3)
    assert "daisuushii" in {y.id for y in tsumo.yaku}
    assert tsumo.deltas == (0, 32000, 0, -32000)
    ron = win(hand, "5m", winner=1, dealer=0, discarder=2, pao=3)
    assert ron.deltas == (0, 32000, -16000, -16000)
    plain = win(hand, "5m", winner=1, dealer=0)  # no liable seat: an ordinary tsumo
    assert plain.deltas == (-16000, 32000, -8000, -8000)


# --- Y20, Y22, Y23: the open values ------------------------------------------------------


@pytest.mark.parametrize(
    ("rule", "yaku", "hand", "on"),
    [
        ("Y20", "sanankou", "222m444p666s99m[3-45s]", "9m"),  # three concealed, one chii
        ("Y22", "shousangen", "555z66z123m456p[777-z]", "3m"),
        ("Y23", "honroutou", "111m999p22z[111=z][999=s]", "2z"),
    ],
)
def test_Y20_Y22_Y23_open_values(rule: str, yaku: str, hand: str, on: str) -> None:
    """Y20 sanankou, Y22 shousangen, Y23 honroutou are 2 han open as closed (002 §06)."""
    r = win(hand, on, winner=1, dealer=0, discarder=2)
    assert han_of(r).get(yaku) == 2, (rule, han_of(r))


# --- X4: the three-player east-south match -----------------------------------------------


def _rounds(rules: Rules, seed: int) -> Sequence[tuple[int, int]]:
    rng = random.Random(seed)
    log = Referee(rules, seed=seed).play(lambda _seat, _s, legal: rng.choice(legal))
    return [(e.bakaze, e.kyoku) for e in log if isinstance(e, StartKyoku)]


def test_X4_three_player_east_south_has_three_hands_a_wind() -> None:
    """X4: an east-south three-player match plays East 1–3 then South 1–3 (6 rounds):
    no 4th hand in a wind."""
    assert TENHOU_SANMA.players == 3
    seen = set()
    for seed in range(2):
        rounds = _rounds(TENHOU_SANMA, seed)
        assert all(k in (1, 2, 3) for _, k in rounds)
        seen.update(rounds)
    assert {(EAST, 1), (EAST, 3), (SOUTH, 1)} <= seen


# --- Y27: tenhou in play -----------------------------------------------------------------


def test_Y27_tenhou_is_the_dealers_complete_first_draw() -> None:
    """Y27: tenhou is the dealer's hand complete on its first draw; the same hand
    completed one go-around later is an ordinary menzen tsumo."""
    hands = ("234m567p11s34567s", "3579m1379p1379s1z", "3579m1379p1379s2z", "4668m2468p2468s3z")
    s = dealt(hands)
    apply(s, Tsumo(actor=0, pai=tile("8s")))
    apply(s, Hora(actor=0, target=0))
    done = s.results[-1]
    assert isinstance(done, Hora) and done.yaku == (("tenhou", 13),)
    s = dealt(hands)
    turn(s, 0, "7z")
    for seat, junk in ((1, "6z"), (2, "6z"), (3, "5z")):
        turn(s, seat, junk)
    apply(s, Tsumo(actor=0, pai=tile("8s")))
    apply(s, Hora(actor=0, target=0))
    done = s.results[-1]
    assert isinstance(done, Hora) and done.yaku is not None
    assert "tenhou" not in dict(done.yaku) and "menzen_tsumo" in dict(done.yaku)
