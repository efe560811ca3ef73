"""Catalogue tests for RULES.md sections G (a hand), C (etiquette) and P (penalties).

Each test names its rule ID. Scenarios feed events through ``jantaku.engine.apply`` from
dealt hands written in compact notation, or drive the referee with a scripted wall.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

import pytest

from jantaku.agents.human import render_view
from jantaku.engine import Referee, State, apply, build_wall, full_set, legal_actions, observe
from jantaku.engine.state import Phase
from jantaku.engine.wall import Wall, seat_players
from jantaku.errors import IllegalActionError
from jantaku.events import (
    Action,
    Ankan,
    Chi,
    Dahai,
    Dora,
    EndKyoku,
    Event,
    Hora,
    Kakan,
    Pass,
    Penalty,
    Pon,
    Reach,
    ReachAccepted,
    Ryukyoku,
    StartGame,
    StartKyoku,
    Tsumo,
)
from jantaku.meld import parse_meld
from jantaku.rules import EMA, MLEAGUE, TENHOU, TEXTBOOK, Rules, replace
from jantaku.scoring import chombo_payments, noten_payments
from jantaku.tiles import EAST, KIND_OF, parse_tiles
from scenarios import scripted, t


def start(hands: Sequence[str], rules: Rules = TENHOU, *, honba: int = 0) -> State:
    """A state at the start of East 1 (dealer seat 0) with the given dealt hands."""
    n = rules.players
    s = State(rules)
    apply(s, StartGame(names=tuple("abcd"[:n])))
    apply(
        s,
        StartKyoku(
            bakaze=EAST,
            kyoku=1,
            honba=honba,
            kyotaku=0,
            oya=0,
            dora_marker=t("4z"),
            scores=(rules.start_points,) * n,
            tehais=tuple(parse_tiles(h) for h in hands),
        ),
    )
    return s


def turn(s: State, seat: int, draw: str, discard: str | None = None) -> None:
    """Seat draws ``draw`` and discards ``discard`` (default: the drawn tile)."""
    apply(s, Tsumo(actor=seat, pai=t(draw)))
    if discard is None:
        apply(s, Dahai(actor=seat, pai=t(draw), tsumogiri=True))
    else:
        apply(s, Dahai(actor=seat, pai=t(discard), tsumogiri=False))


def riichi(s: State, seat: int, draw: str) -> None:
    """Seat draws ``draw`` and declares riichi discarding it."""
    apply(s, Tsumo(actor=seat, pai=t(draw)))
    apply(s, Reach(actor=seat))
    apply(s, Dahai(actor=seat, pai=t(draw), tsumogiri=True))
    apply(s, ReachAccepted(actor=seat))


JUNK = ("1379m1379p1379s1z", "1379m1379p1379s2z")
ORPHANS = "19m19p19s1234567z"
# seat 1 waits on 2m/5m (tanyao), seat 2 on 2s/5s (tanyao)
WAITING = (JUNK[0], "34m456p678p234s88p", "34s456m678m234p66s", JUNK[1])


# --- G1 seating, G2 wall, G3 dead wall ---------------------------------------------------


def test_G1_seating_by_drawn_winds_and_two_dice_rolls() -> None:
    """G1: the East drawer is temporary East; two dice rolls count to the first dealer."""
    for seed in range(40):
        order, record = seat_players(random.Random(seed), 4)
        winds = record["winds"]
        dice = record["dice"]
        assert isinstance(winds, list) and isinstance(dice, list)
        assert sorted(winds) == [0, 1, 2, 3]
        temp_east = winds.index(0)
        roller = (sum(dice[0]) - 1) % 4  # counted from the temporary East (table order)
        dealer = (roller + sum(dice[1]) - 1) % 4
        by_wind = sorted(range(4), key=lambda i: winds[i])
        assert by_wind[0] == temp_east
        assert order == tuple(by_wind[(dealer + i) % 4] for i in range(4))
        assert all(1 <= d <= 6 for roll in dice for d in roll)
    # a game may also start from a given seat order
    assert Referee(TENHOU, seed=1, names=("a", "b", "c", "d")).names == ("a", "b", "c", "d")


def test_G2_wall_deal_reproducible_and_dealer_draws_first() -> None:
    """G2: the deal is reproducible from a seed; 13 each, the dealer draws first."""
    a, b = build_wall(TENHOU, seed=7, oya=2), build_wall(TENHOU, seed=7, oya=2)
    assert a.hands == b.hands and a.live == b.live and a.dice == b.dice
    assert build_wall(TENHOU, seed=8, oya=2).hands != a.hands
    assert 2 <= sum(a.dice) <= 12 and [len(h) for h in a.hands] == [13] * 4
    ref = Referee(TENHOU, seed=7)
    first = next(e for e in ref.log if isinstance(e, Tsumo))
    start_kyoku = next(e for e in ref.log if isinstance(e, StartKyoku))
    assert first.actor == start_kyoku.oya
    assert len(ref.state.hand_of(start_kyoku.oya)) == 14


def test_G3_dead_wall_of_fourteen_and_first_indicator() -> None:
    """G3: 14 dead-wall tiles; the first indicator is the top of the 3rd stack from the tail."""
    for seed in range(10):
        w = build_wall(TENHOU, seed=seed, oya=0)
        assert len(w.rinshan) + len(w.dora_indicators) + len(w.ura_indicators) == 14
        assert 136 - 4 * 13 - len(w.live) == 14
        assert w.dora_indicators[0] == w.ring[2 * ((w.wall_break - 3) % 68)]


# --- G4 turns and calls ------------------------------------------------------------------


def test_G4_chii_from_the_left_only() -> None:
    """G4: chii only from the player on the left; pon from anyone."""
    s = start((JUNK[0], "45m456p678p234s88p", "45m456m678m234p66s", JUNK[1]))
    turn(s, 0, "6z", "3m")
    assert any(isinstance(a, Chi) for a in legal_actions(s, 1))
    assert not any(isinstance(a, Chi) for a in legal_actions(s, 2))
    with pytest.raises(IllegalActionError):
        apply(s, Chi(actor=2, target=0, pai=t("3m"), consumed=parse_tiles("45m")))


def test_G4_no_kan_on_the_haitei_draw() -> None:
    """G4: an ankan is possible after a draw, but not on the last wall tile."""
    hands = ("111m9p19s1234577z", *WAITING[1:3], "2468m2468p2468s5z")
    s = start(hands)
    apply(s, Tsumo(actor=0, pai=t("1m")))
    assert Ankan(0, parse_tiles("1111m")) in legal_actions(s, 0)
    s = start(hands)
    s.live = 1
    apply(s, Tsumo(actor=0, pai=t("1m")))
    assert s.live == 0
    assert not any(isinstance(a, Ankan) for a in legal_actions(s, 0))


def test_G4_ankan_reveals_kan_dora_at_once() -> None:
    """G4: an ankan draws a rinshan tile and shows its kan dora at once."""
    hands = ("1111m9p19s123457z", *WAITING[1:3], "345m678m345p77s22z")
    ref = Referee(TENHOU, seed=5, walls=scripted(hands, "6z"))
    events = ref.submit({0: Ankan(0, parse_tiles("1111m"))})
    assert [type(e).__name__ for e in events][:3] == ["Ankan", "Dora", "Tsumo"]
    assert len(ref.state.dora_markers) == 2


def _kakan_walls(rules: Rules) -> Callable[[int, int], Wall]:
    """Seat 1 pons the dealer's 5p and draws the red 5p four turns later."""
    hands = (JUNK[0], "55p123m456m789s11z", WAITING[2], JUNK[1])
    draws = ["5p", "2z", "3z", "8m", "0p"]

    def walls(seed: int, oya: int) -> Wall:
        pool = full_set(rules)
        for x in [x for h in hands for x in parse_tiles(h)] + [t(d) for d in draws]:
            pool.remove(x)
        random.Random(seed).shuffle(pool)
        return Wall(
            hands=[list(parse_tiles(h)) for h in hands],
            live=[t(d) for d in draws] + pool[14:],
            rinshan=pool[:4],
            dora_indicators=pool[4:9],
            ura_indicators=pool[9:14],
            dice=(1, 1),
            wall_break=0,
        )

    return walls


def _kakan_choice(seat: int, legal: tuple[Action, ...]) -> Action:
    for a in legal:
        if isinstance(a, Kakan) or (isinstance(a, Pon) and seat == 1):
            return a
    for a in legal:
        if isinstance(a, Dahai) and (a.pai == t("5p") or (seat == 1 and a.pai == t("1z"))):
            return a
    for a in legal:
        if isinstance(a, Dahai) and a.tsumogiri:
            return a
    return next((a for a in legal if isinstance(a, Pass)), legal[0])


@pytest.mark.parametrize(
    ("rules", "order"),
    [
        (TENHOU, ["Kakan", "Tsumo", "Dahai", "Dora"]),  # 明槓は後開け (000 懸賞牌)
        (MLEAGUE, ["Kakan", "Dora", "Tsumo", "Dahai"]),  # kan_dora_timing immediate
    ],
)
def test_G4_kakan_dora_after_the_discard_by_option(rules: Rules, order: list[str]) -> None:
    """G4: a kakan draws a rinshan tile; its kan dora shows after the discard (option)."""
    ref = Referee(rules, seed=1, walls=_kakan_walls(rules))
    first = len(ref.log)
    for _ in range(40):
        ref.submit({seat: _kakan_choice(seat, legal) for seat, legal in ref.pending().items()})
        names = [type(e).__name__ for e in ref.log[first:]]
        if "Kakan" in names and len(names) >= names.index("Kakan") + 4:
            break
    names = [type(e).__name__ for e in ref.log[first:]]
    k = names.index("Kakan")
    assert names[k : k + 4] == order


# --- G5 claims ---------------------------------------------------------------------------

THREE_WAIT = (
    "19m19p19s555777z5s",
    "234m456p678p22s46s",
    "234m567m234p88s46s",
    "345m678m345p48s77s",
)


def first_hand(ref: Referee, choose: Callable[[int, tuple[Action, ...]], Action]) -> list[Event]:
    while not any(isinstance(e, EndKyoku) for e in ref.log):
        ref.submit({seat: choose(seat, legal) for seat, legal in ref.pending().items()})
    return ref.log


def win_or_throw_5s(seat: int, legal: tuple[Action, ...]) -> Action:
    for a in legal:
        if isinstance(a, Hora):
            return a
    for a in legal:
        if isinstance(a, Dahai) and (a.pai == t("5s") or a.tsumogiri):
            return a
    return next((a for a in legal if isinstance(a, Pass | Dahai)), legal[0])


@pytest.mark.parametrize(("rules", "winners"), [(TENHOU, [1, 2]), (MLEAGUE, [1])])
def test_G5_double_ron_or_head_bump(rules: Rules, winners: list[int]) -> None:
    """G5: two rons on one discard: both win (double) or the first in turn order (head bump)."""
    ref = Referee(rules, seed=5, walls=scripted(THREE_WAIT, "9s", rules))
    log = first_hand(ref, win_or_throw_5s)
    assert [h.actor for h in log if isinstance(h, Hora)] == winners


def test_G5_ron_beats_pon() -> None:
    """G5: a ron and a pon on the same discard: the ron is taken, the pon dropped."""
    hands = (
        "19m19p19s555777z5s",
        "234m456p678p22s46s",
        "55s567m234p789p11z",
        "345m678m345p77s11z",
    )
    ref = Referee(TENHOU, seed=5, walls=scripted(hands, "9s"))
    ref.submit({0: Dahai(0, t("5s"), False)})
    pend = ref.pending()
    pon = next(a for a in pend[2] if isinstance(a, Pon))
    events = ref.submit({1: Hora(1, 0, t("5s")), 2: pon})
    assert isinstance(events[0], Hora) and not any(isinstance(e, Pon) for e in events)


# --- G6 kuikae ---------------------------------------------------------------------------


def test_G6_kuikae_and_suji_kuikae_options() -> None:
    """G6: after a chii, no discard of the called tile nor (by option) the other end."""
    hands = (JUNK[0], "3456m456p678p88p2s", JUNK[1], "1379m1379p1379s3z")
    # EMA RCR 2016 forbids swap calls as Tenhou does; the 000 rulebook is silent (allowed)
    for rules, banned in ((TENHOU, {"3m", "6m"}), (EMA, {"3m", "6m"}), (TEXTBOOK, set())):
        s = start(hands, rules)
        turn(s, 0, "6z", "3m")
        apply(s, Chi(actor=1, target=0, pai=t("3m"), consumed=parse_tiles("45m")))
        allowed = {a.pai for a in legal_actions(s, 1) if isinstance(a, Dahai)}
        assert {x for x in ("3m", "6m") if t(x) not in allowed} == banned


# --- G7 furiten --------------------------------------------------------------------------


def test_G7_own_discard_furiten_covers_every_wait_but_not_tsumo() -> None:
    """G7: a winning tile in one's own discards blocks ron on every wait; tsumo stays."""
    s = start(WAITING)
    turn(s, 0, "6z")
    turn(s, 1, "5m")  # seat 1 discards one of its own winning tiles
    turn(s, 2, "7z")
    turn(s, 3, "2m")  # the other wait
    assert s.furiten(1)
    assert not any(isinstance(a, Hora) for a in legal_actions(s, 1))
    turn(s, 0, "1z")
    apply(s, Tsumo(actor=1, pai=t("2m")))
    assert any(isinstance(a, Hora) for a in legal_actions(s, 1))


# --- G8 riichi ---------------------------------------------------------------------------


def test_G8_riichi_discard_sideways_deposit_and_drawn_tile_only() -> None:
    """G8: the riichi discard is marked (sideways); the deposit is paid once it passes;
    afterwards only the drawn tile may be discarded."""
    s = start(WAITING)
    turn(s, 0, "6z")
    riichi(s, 1, "7z")
    river = observe(s, 0).rivers[1]
    assert river[-1].riichi and river[-1].tile == t("7z")
    assert s.scores[1] == 24000 and s.kyotaku == 1
    turn(s, 2, "9s")
    turn(s, 3, "9s")
    turn(s, 0, "1z")
    apply(s, Tsumo(actor=1, pai=t("6z")))
    assert legal_actions(s, 1) == (Dahai(1, t("6z"), True),)


def _riichi_advice(s: State, seat: int, discard: Dahai) -> str:
    """The reason the engine gives for refusing ``discard`` as the riichi discard."""
    with pytest.raises(IllegalActionError) as refused:
        apply(s, discard)
    return refused.value.reason


def _advised_kinds(reason: str) -> set[int]:
    """The kinds the refusal offers instead ("discard 9m (waiting on 8s6z) or …")."""
    offered = reason.split("; discard ", 1)[1].removesuffix(" instead")
    return {t(part.split(" ")[0]) for part in offered.split(" or ")}


def test_G8_a_riichi_discard_that_leaves_the_hand_noten_is_refused() -> None:
    """Y1 and G8: riichi is declared with a discard that leaves the closed hand tenpai
    (000 立直 イ: 面前清聴牌の時, 立直を宣言する事が出来る; 罰則 ハ: 不聴で立直を掛ける is a
    chombo). The position is the one where the ``mjai`` package's RulebaseBot declared
    riichi on 3459m05p88s222z66z + 7p and threw the drawn 7p: only 9m keeps it tenpai
    (a shanpon on 8s and 6z). The refusal says why, and which discard would do."""
    s = start((JUNK[0], "3459m06p88s222z66z", "1379m1379p1379s3z", JUNK[1]))
    turn(s, 0, "1z")
    apply(s, Tsumo(actor=1, pai=t("7p")))
    apply(s, Reach(actor=1))
    assert legal_actions(s, 1) == (Dahai(1, t("9m"), False),)
    reason = _riichi_advice(s, 1, Dahai(actor=1, pai=t("7p"), tsumogiri=True))
    assert reason == (
        "a riichi discard must leave the hand tenpai (Y1): without 7p the hand is"
        " 1-shanten; discard 9m (waiting on 8s6z) instead"
    )
    for wrong in ("3m", "0p", "8s", "2z", "6z"):  # the red five as any other tile
        assert "1-shanten" in _riichi_advice(s, 1, Dahai(1, t(wrong), False))
    # refused, nothing changed: the advised discard declares the riichi
    assert len(s.hand_of(1)) == 14 and s.riichi_pending == 1
    apply(s, Dahai(actor=1, pai=t("9m"), tsumogiri=False))
    apply(s, ReachAccepted(actor=1))
    assert s.riichi[1] and s.waits[1] == (t("8s"), t("6z"))


def test_G8_the_refusal_of_a_riichi_discard_offers_exactly_the_legal_ones() -> None:
    """Y1: a hand with several riichi discards gets them all offered, and only them."""
    s = start(WAITING)
    turn(s, 0, "6z")
    apply(s, Tsumo(actor=1, pai=t("5p")))  # 34m4556p678p234s88p
    apply(s, Reach(actor=1))
    legal = {KIND_OF[a.pai] for a in legal_actions(s, 1) if isinstance(a, Dahai)}
    assert legal == {t("3m"), t("4m"), t("5p"), t("8p")}
    reason = _riichi_advice(s, 1, Dahai(actor=1, pai=t("2s"), tsumogiri=False))
    assert reason.startswith("a riichi discard must leave the hand tenpai (Y1): without 2s")
    assert _advised_kinds(reason) == legal
    assert reason.endswith(
        "; discard 3m (waiting on 4m) or 4m (waiting on 3m) or 5p (waiting on 25m)"
        " or 8p (waiting on 25m) instead"
    )


# --- G9 exhaustive draw ------------------------------------------------------------------


def test_G9_noten_payments_split_3000() -> None:
    """G9: 3000 split: 1000 × 3, 1500 × 2, 3000 × 1; all or none tenpai pays nothing."""
    assert noten_payments([True, False, False, False], TENHOU) == (3000, -1000, -1000, -1000)
    assert noten_payments([True, True, False, False], TENHOU) == (1500, 1500, -1500, -1500)
    assert noten_payments([True, True, True, False], TENHOU) == (1000, 1000, 1000, -3000)
    assert noten_payments([False] * 4, TENHOU) == (0, 0, 0, 0)


def test_G9_exhaustive_draw_shows_tenpai_hands_formal_tenpai_counts() -> None:
    """G9: at the draw the tenpai hands are shown; a tenpai without yaku counts (formal)."""
    no_yaku = "12m456p789s789p11z"  # waits on 3m, no yaku
    s = start((JUNK[0], no_yaku, JUNK[1], ORPHANS))
    s.live = 1
    turn(s, 0, "6m")
    apply(s, Ryukyoku(reason="exhaustive"))
    draw = s.results[-1]
    assert isinstance(draw, Ryukyoku)
    assert draw.tenpai == (1, 3) and draw.deltas == (-1500, 1500, -1500, 1500)
    assert draw.tehais is not None and sorted(draw.tehais[1]) == sorted(parse_tiles(no_yaku))
    assert not start(
        (JUNK[0], no_yaku, JUNK[1], ORPHANS), replace(TENHOU, formal_tenpai=False)
    ).is_tenpai(1)


def test_G9_tenpai_on_a_tile_held_four_times_option() -> None:
    """G9: a wait only on a tile the hand holds four of counts by option."""
    hand = "1111m234p567p789s"
    others = ("2233445566778p", "2233445566778s", "55667788m99p99s9m")
    assert not start((hand, *others), TENHOU).is_tenpai(0)
    assert start((hand, *others), TEXTBOOK).is_tenpai(0)


# --- G10 abortive draws ------------------------------------------------------------------

FOUR_WAITING = (
    "123m456m789m123p5z",
    "34m456p678p234s88p",
    "34s456m678m234p66s",
    "111s999s111p999p7z",
)


@pytest.mark.parametrize(("rules", "allowed"), [(TENHOU, True), (TEXTBOOK, False)])
def test_G10_suucha_riichi(rules: Rules, allowed: bool) -> None:
    """G10: four riichi abort the hand where the option is on."""
    s = start(FOUR_WAITING, rules)
    for seat, draw in enumerate(("6z", "1z", "2z", "3z")):
        if seat == 3:
            with pytest.raises(IllegalActionError):
                apply(s, Ryukyoku(reason="suucha_riichi"))
        riichi(s, seat, draw)
    if allowed:
        apply(s, Ryukyoku(reason="suucha_riichi"))
        assert s.phase == Phase.RESULT
    else:
        with pytest.raises(IllegalActionError, match="not played"):
            apply(s, Ryukyoku(reason="suucha_riichi"))


def test_G10_kyuushu_kyuuhai_needs_nine_kinds_on_first_draw() -> None:
    """G10: kyuushu kyuuhai: nine different yaochuu on the first uninterrupted draw."""
    s = start(("19m19p19s1234z258p", *WAITING[1:]))
    apply(s, Tsumo(actor=0, pai=t("5z")))
    assert Ryukyoku(reason="kyuushu_kyuuhai", actor=0) in legal_actions(s, 0)
    s = start(("19m19p19s12z2578p3s", *WAITING[1:]))  # eight kinds
    apply(s, Tsumo(actor=0, pai=t("7s")))
    assert Ryukyoku(reason="kyuushu_kyuuhai", actor=0) not in legal_actions(s, 0)


def _two_ankan(s: State, seat: int, kinds: str, rinshan: str, markers: list[str]) -> None:
    """Seat draws 7z, declares two ankan (``kinds`` in man), then discards a rinshan tile."""
    apply(s, Tsumo(actor=seat, pai=t("7z")))
    for k in kinds:
        apply(s, Ankan(actor=seat, consumed=parse_tiles(k * 4 + "m")))
        apply(s, Dora(dora_marker=t(markers.pop(0))))
        apply(s, Tsumo(actor=seat, pai=t(rinshan)))
    apply(s, Dahai(actor=seat, pai=t(rinshan), tsumogiri=False))


@pytest.mark.parametrize(("rules", "allowed"), [(TENHOU, True), (EMA, False)])
def test_G10_suukan_sanra(rules: Rules, allowed: bool) -> None:
    """G10: a fourth kan by a second player aborts the hand after the discard (option)."""
    hands = ("1111m2222m19p19s1z", "3333m4444m19p19s2z", "555m666m777m88m9m3z", "2468p2468s34566z")
    s = start(hands, rules)
    markers = ["1p", "3p", "5p", "7p"]
    _two_ankan(s, 0, "12", "6z", markers)
    with pytest.raises(IllegalActionError):
        apply(s, Ryukyoku(reason="suukan_sanra"))  # two kans so far
    _two_ankan(s, 1, "34", "5z", markers)
    if allowed:
        apply(s, Ryukyoku(reason="suukan_sanra"))
        assert s.phase == Phase.RESULT
    else:
        with pytest.raises(IllegalActionError, match="not played"):
            apply(s, Ryukyoku(reason="suukan_sanra"))


# --- engine-side yaku conditions (Y12, Y13, Y27) -----------------------------------------


def _go_around(s: State) -> None:
    for seat, tile in enumerate(("6z", "7z", "7z", "9s")):
        turn(s, seat, tile)


def test_Y12_Y13_haitei_and_houtei_in_play() -> None:
    """Y12: a tsumo on the last wall tile is haitei; Y13: a ron on the last discard is houtei."""
    s = start(WAITING)
    _go_around(s)
    turn(s, 0, "9s")
    s.live = 1
    apply(s, Tsumo(actor=1, pai=t("2m")))
    apply(s, Hora(actor=1, target=1))
    done = s.results[-1]
    assert isinstance(done, Hora) and done.yaku is not None and ("haitei", 1) in done.yaku
    s = start(WAITING)
    _go_around(s)
    s.live = 1
    turn(s, 0, "2m")
    apply(s, Hora(actor=1, target=0))
    done = s.results[-1]
    assert isinstance(done, Hora) and done.yaku is not None and ("houtei", 1) in done.yaku


def test_Y27_chiihou_only_uninterrupted() -> None:
    """Y27: chiihou is a non-dealer's first draw with no call before it."""
    hands = (JUNK[0], "234m456p678p234s8p", WAITING[2], "55z1379m1379p137s")
    s = start(hands)
    turn(s, 0, "6z")
    apply(s, Tsumo(actor=1, pai=t("8p")))
    apply(s, Hora(actor=1, target=1))
    done = s.results[-1]
    assert isinstance(done, Hora) and done.yaku == (("chiihou", 13),)
    s = start(hands)
    turn(s, 0, "5z")
    apply(s, Pon(actor=3, target=0, pai=t("5z"), consumed=parse_tiles("55z")))
    apply(s, Dahai(actor=3, pai=t("1m"), tsumogiri=False))
    turn(s, 0, "6z")
    apply(s, Tsumo(actor=1, pai=t("8p")))
    apply(s, Hora(actor=1, target=1))
    done = s.results[-1]
    assert isinstance(done, Hora) and done.yaku is not None
    assert "chiihou" not in dict(done.yaku) and "menzen_tsumo" in dict(done.yaku)


# --- C etiquette -------------------------------------------------------------------------


def test_C1_impossible_calls_refused() -> None:
    """C1: calls are explicit; a chii or ron the hand cannot make is refused."""
    s = start(WAITING)
    turn(s, 0, "6z")
    with pytest.raises(IllegalActionError):
        apply(s, Chi(actor=1, target=0, pai=t("6z"), consumed=parse_tiles("45m")))
    with pytest.raises(IllegalActionError):
        apply(s, Hora(actor=2, target=0))


def test_C2_tenpai_claim_shows_the_hand() -> None:
    """C2: a tenpai claim at a draw shows the hand; noten hands stay hidden."""
    s = start(WAITING)
    s.live = 1
    turn(s, 0, "6m")
    apply(s, Ryukyoku(reason="exhaustive"))
    draw = s.results[-1]
    assert isinstance(draw, Ryukyoku) and draw.tenpai == (1, 2) and draw.tehais is not None
    assert sorted(draw.tehais[1]) == sorted(parse_tiles(WAITING[1]))
    assert draw.tehais[0] == () and draw.tehais[3] == ()


def test_C3_after_riichi_the_hand_cannot_change() -> None:
    """C3: in riichi no chii or pon, and only the drawn tile is discarded."""
    s = start(WAITING)
    turn(s, 0, "6z")
    riichi(s, 1, "7z")
    turn(s, 2, "9s")
    turn(s, 3, "1s")
    turn(s, 0, "8p")  # seat 1 holds 88p: no pon in riichi
    assert not any(isinstance(a, Pon | Chi) for a in legal_actions(s, 1))


# --- P penalties -------------------------------------------------------------------------


def test_P1_chombo_is_a_reverse_mangan() -> None:
    """P1: a non-dealer pays 2000 to each non-dealer and 4000 to the dealer; a dealer 4000 each."""
    assert chombo_payments(2, dealer=0, rules=TENHOU) == (4000, 2000, -8000, 2000)
    assert chombo_payments(0, dealer=0, rules=TENHOU) == (-12000, 4000, 4000, 4000)
    s = start(WAITING, TEXTBOOK, honba=1)
    turn(s, 0, "6z")
    apply(s, Penalty(actor=2, reason="chombo", deltas=chombo_payments(2, dealer=0, rules=TEXTBOOK)))
    assert s.scores[2] == 17000 and s.phase == Phase.RESULT


def test_P3_engine_refuses_illegal_actions_with_a_reason() -> None:
    """P3: in digital play an illegal action raises IllegalActionError naming seat and reason."""
    s = start(WAITING)
    apply(s, Tsumo(actor=0, pai=t("5z")))
    with pytest.raises(IllegalActionError) as err:
        apply(s, Dahai(actor=0, pai=t("8s"), tsumogiri=False))
    assert err.value.seat == 0 and err.value.reason
    with pytest.raises(IllegalActionError):
        apply(s, Hora(actor=0, target=0))  # not complete: no false tsumo


def test_P1b_P2_textbook_options_of_the_scorekeeper() -> None:
    """P1b: the yakuman-tenpai claim is a textbook option; P2: a minor foul is corrected by
    a 1000 deposit on textbook, or costs the right to win (0) elsewhere."""
    assert TEXTBOOK.chombo_yakuman_claim and not TENHOU.chombo_yakuman_claim
    assert TEXTBOOK.minor_foul_deposit == 1000 and TENHOU.minor_foul_deposit == 0
    assert TEXTBOOK.chombo_basic == 2000 and TEXTBOOK.chombo_void_on_win


def test_N3_round_name_after_a_draw() -> None:
    """N3: after a draw the hand is named 流れ (○□局流れ△本場, 000 局の呼称)."""
    s = start((JUNK[0], WAITING[1], JUNK[1], ORPHANS))
    s.live = 1
    turn(s, 0, "6m")
    apply(s, Ryukyoku(reason="exhaustive"))
    apply(s, EndKyoku())
    # the next hand after the draw carries one honba
    assert s.expected is not None and s.expected[2] == 1
    apply(
        s,
        StartKyoku(
            bakaze=s.expected[0],
            kyoku=s.expected[1],
            honba=s.expected[2],
            kyotaku=s.expected[3],
            oya=s.expected[4],
            dora_marker=t("4z"),
            scores=tuple(s.scores),
            tehais=(
                tuple(sorted(full_set(TENHOU)[:13])),
                tuple(sorted(full_set(TENHOU)[13:26])),
                tuple(sorted(full_set(TENHOU)[26:39])),
                tuple(sorted(full_set(TENHOU)[39:52])),
            ),
        ),
    )
    text = render_view(observe(s, 0))
    assert "East 2, 1 honba (東2局流れ1本場)" in text  # 000: ○□局流れ△本場


def test_P1_chombo_void_when_another_wins_legitimately() -> None:
    """P1: 錯和は他家に正当な和了のあった場合、免れる (000 罰則; tenhou: chombo_void_on_win)."""
    assert TENHOU.chombo_void_on_win and not TENHOU.abort_chombo
    for void in (True, False):
        rules = replace(TENHOU, chombo_void_on_win=void)
        s = start(WAITING, rules)
        turn(s, 0, "6z")
        chombo = chombo_payments(3, dealer=0, rules=rules)
        apply(s, Penalty(actor=3, reason="chombo", deltas=chombo))
        assert s.scores[3] == 17000
        turn(s, 1, "7z")
        turn(s, 2, "2m")
        apply(s, Hora(actor=1, target=2))  # a legitimate ron in the same hand
        win = s.results[-1]
        assert isinstance(win, Hora) and win.deltas is not None
        expected = [25000 + d for d in win.deltas]
        if not void:
            expected = [x + c for x, c in zip(expected, chombo, strict=True)]
        assert s.scores == expected
        assert s.scores[3] == (25000 if void else 17000)
        assert sum(s.scores) == 100000
        (penalty,) = [x for x in s.results if isinstance(x, Penalty)]
        assert any(penalty.deltas) == (not void)  # the record shows what was paid


def test_P2_minor_foul_paid_to_the_deposits() -> None:
    """P2: 錯は訂正が可能ならば1000点を供託する事で免れる (000 罰則; textbook:
    minor_foul_deposit = 1000); the deposit goes to the hand's winner like a riichi stick."""
    s = start(WAITING, TEXTBOOK)
    turn(s, 0, "6z")
    apply(s, Penalty(actor=1, reason="minor_foul", deltas=(0, -1000, 0, 0)))
    assert s.scores[1] == 24000 and s.kyotaku == 1
    for wrong in ((0, -2000, 0, 0), (0, -1000, 1000, -1000), (-1000, 0, 0, 0)):
        with pytest.raises(IllegalActionError):
            apply(s, Penalty(actor=1, reason="minor_foul", deltas=wrong))
    turn(s, 1, "7z")
    turn(s, 2, "5m")
    apply(s, Hora(actor=1, target=2))
    win = s.results[-1]
    assert isinstance(win, Hora) and win.deltas is not None
    assert s.kyotaku == 0 and win.deltas[1] == -win.deltas[2] + 1000
    # where no deposit corrects a minor foul (tenhou), a payment to nobody is refused
    t_ = start(WAITING, TENHOU)
    turn(t_, 0, "6z")
    with pytest.raises(IllegalActionError):
        apply(t_, Penalty(actor=1, reason="minor_foul", deltas=(0, -1000, 0, 0)))


def test_P1b_yakuman_claim_settled_by_the_scorekeeper() -> None:
    """P1b: 錯和が在った時役満3待聴以内の手牌を持っているものはその代償を錯和者に求める事が
    出来る (000 罰則) — a hand at most three tiles from a yakuman claims a yakuman ron from
    the offender, less the chombo payment it already received."""
    from jantaku.errors import RulesError, ScoringError
    from jantaku.scoring import yakuman_claim_payments, yakuman_shanten

    # thirteen orphans tenpai (ORPHANS, seat 3) and four concealed triplets two away
    assert yakuman_shanten(parse_tiles(ORPHANS)) == 0
    assert yakuman_shanten(parse_tiles("111m222p33s44s567z")) == 2
    assert yakuman_shanten(parse_tiles("111m222p345s5677z")) == 3  # four tiles away
    # open yakuman count: four kans (a kakan and three ankan) are four steps away,
    # daisangen lacks three hatsu and three chun
    assert yakuman_shanten(parse_tiles("1112223334s"), [parse_meld("[5-55z]")]) == 4
    s = start((JUNK[0], WAITING[1], WAITING[2], ORPHANS), TEXTBOOK)
    turn(s, 0, "6z")
    chombo = chombo_payments(1, dealer=0, rules=TEXTBOOK)
    apply(s, Penalty(actor=1, reason="chombo", deltas=chombo))  # 錯和流局 on textbook
    claim = yakuman_claim_payments(1, 3, parse_tiles(ORPHANS), dealer=0, rules=TEXTBOOK)
    assert claim == (0, -30000, 0, 30000)  # 32000 less the 2000 of the chombo
    apply(s, Penalty(actor=3, reason="yakuman_claim", deltas=claim))
    assert s.scores == [29000, 25000 - 8000 - 30000, 27000, 57000]
    assert sum(s.scores) == 100000
    # the dealer claims 48000 less its 4000
    dealer = yakuman_claim_payments(1, 0, parse_tiles(ORPHANS), dealer=0, rules=TEXTBOOK)
    assert dealer == (44000, -44000, 0, 0)
    with pytest.raises(ScoringError):  # four tiles from a yakuman: no claim
        yakuman_claim_payments(1, 2, parse_tiles("111m222p345s5677z"), dealer=0, rules=TEXTBOOK)
    with pytest.raises(ScoringError):
        yakuman_claim_payments(1, 1, parse_tiles(ORPHANS), dealer=0, rules=TEXTBOOK)
    with pytest.raises(RulesError):  # not an option of tenhou
        yakuman_claim_payments(1, 3, parse_tiles(ORPHANS), dealer=0, rules=TENHOU)


def test_Y29_atozuke_off_in_play() -> None:
    """Y29: 後付けなし in the engine — after a pon, a shanpon of a plain pair and chun may
    not ron the chun (nor anything), as score_win says; with atozuke on it may."""
    from jantaku.engine.legal import can_ron

    for atozuke in (True, False):
        rules = replace(TENHOU, atozuke=atozuke)
        s = start((JUNK[0], "123m567p88p77z445s", JUNK[1], ORPHANS), rules)
        turn(s, 0, "4s")
        apply(s, Pon(actor=1, target=0, pai=t("4s"), consumed=parse_tiles("44s")))
        apply(s, Dahai(actor=1, pai=t("5s"), tsumogiri=False))
        turn(s, 2, "7z")
        assert can_ron(s, 1) == atozuke
        if not atozuke:
            with pytest.raises(IllegalActionError, match="no yaku"):
                apply(s, Hora(actor=1, target=2))
        else:
            apply(s, Hora(actor=1, target=2))
            won = s.results[-1]
            assert isinstance(won, Hora) and dict(won.yaku) == {"chun": 1}
