"""Scenario tests of the engine, one or more per rule of RULES.md sections G, M, C, P3, X.

Hands are written in compact notation; each scenario feeds events through ``apply``
(or drives the referee with a scripted wall) and checks what the rules say.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence

import pytest

from jantaku.engine import (
    Phase,
    Referee,
    State,
    apply,
    build_wall,
    can_ron,
    final_standings,
    full_set,
    legal_actions,
    observe,
)
from jantaku.engine.state import STATE_FIELDS
from jantaku.engine.wall import seat_players
from jantaku.errors import IllegalActionError
from jantaku.events import (
    Action,
    Ankan,
    Chi,
    Dahai,
    Daiminkan,
    Dora,
    EndGame,
    EndKyoku,
    Event,
    Hora,
    Nukidora,
    Pass,
    Pon,
    Reach,
    ReachAccepted,
    Ryukyoku,
    StartGame,
    StartKyoku,
    Tsumo,
    event_from_mjai,
    event_to_mjai,
)
from jantaku.hand import winning_kinds
from jantaku.rules import (
    EMA,
    MAJSOUL,
    MLEAGUE,
    TENHOU,
    TENHOU_SANMA,
    TEXTBOOK,
    MultipleRon,
    Rules,
    replace,
)
from jantaku.tiles import EAST, SOUTH, UNKNOWN, WEST, counts34, parse_tiles
from scenarios import scripted, t

JUNK = ("1379m1379p1379s1z", "1379m1379p1379s2z")
ORPHANS = "19m19p19s1234567z"


def start(
    hands: Sequence[str],
    rules: Rules = TENHOU,
    *,
    oya: int = 0,
    bakaze: int = EAST,
    honba: int = 0,
    kyotaku: int = 0,
    scores: Sequence[int] | None = None,
    dora: str = "4z",
) -> State:
    """A state at the start of a hand with the given dealt hands."""
    n = rules.players
    s = State(rules)
    apply(s, StartGame(names=tuple("abcd"[:n])))
    apply(
        s,
        StartKyoku(
            bakaze=bakaze,
            kyoku=oya + 1,
            honba=honba,
            kyotaku=kyotaku,
            oya=oya,
            dora_marker=t(dora),
            scores=tuple(scores) if scores is not None else (rules.start_points,) * n,
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


def snapshot(s: State) -> dict[str, object]:
    return {name: repr(getattr(s, name)) for name in STATE_FIELDS}


# seat 1 waits on 2m/5m (tanyao), seat 2 waits on 2s/5s (tanyao); 0 and 3 hold junk
WAITING = (JUNK[0], "34m456p678p234s88p", "34s456m678m234p66s", JUNK[1])


# --- P3, C1: illegal actions are refused and change nothing -------------------------------


def test_illegal_action_names_seat_and_reason_and_leaves_state() -> None:
    s = start(WAITING)
    apply(s, Tsumo(actor=0, pai=t("5z")))
    before = snapshot(s)
    with pytest.raises(IllegalActionError) as err:
        apply(s, Dahai(actor=0, pai=t("8s"), tsumogiri=False))
    assert err.value.seat == 0 and "not in the hand" in err.value.reason
    with pytest.raises(IllegalActionError, match="seat 1"):
        apply(s, Dahai(actor=1, pai=t("3m"), tsumogiri=False))
    with pytest.raises(IllegalActionError, match="tsumogiri"):
        apply(s, Dahai(actor=0, pai=t("1m"), tsumogiri=True))
    with pytest.raises(IllegalActionError, match="not complete"):
        apply(s, Hora(actor=0, target=0))
    assert snapshot(s) == before
    bad = start(WAITING)
    with pytest.raises(IllegalActionError, match="fifth"):
        apply(bad, Tsumo(actor=0, pai=t("3s")))  # all four 3s are already dealt


def test_empty_pon_and_empty_ron_are_refused() -> None:
    """C1 (空ポン / 空ロン): a call the hand cannot make is refused."""
    s = start(WAITING)
    turn(s, 0, "6z")
    before = snapshot(s)
    with pytest.raises(IllegalActionError, match="consumed"):
        apply(s, Pon(actor=2, target=0, pai=t("6z"), consumed=parse_tiles("66z")))
    with pytest.raises(IllegalActionError, match="does not complete"):
        apply(s, Hora(actor=1, target=0))
    assert snapshot(s) == before


# --- G4: calls ---------------------------------------------------------------------------


def test_chii_only_from_the_left_and_pon_from_anyone() -> None:
    s = start((JUNK[0], "45m456p678p234s88p", "45m456m678m234p66s", JUNK[1]))
    turn(s, 0, "6z", "3m")
    with pytest.raises(IllegalActionError, match="left"):
        apply(s, Chi(actor=2, target=0, pai=t("3m"), consumed=parse_tiles("45m")))
    chi = Chi(actor=1, target=0, pai=t("3m"), consumed=parse_tiles("45m"))
    assert chi in legal_actions(s, 1)
    assert not any(isinstance(a, Chi) for a in legal_actions(s, 2))
    apply(s, chi)
    assert s.phase == Phase.DISCARD and s.turn == 1
    river = observe(s, 3).rivers[0]
    assert river[-1].tile == t("3m") and river[-1].called and not river[-1].riichi
    assert observe(s, 3).melds[1][0].called == t("3m")


def test_no_chii_in_three_player_tenhou() -> None:
    s = start(("19m19p19s1234567z", "2233445566778p", "3344p556677889s"), TENHOU_SANMA)
    turn(s, 0, "3z")
    apply(s, Tsumo(actor=1, pai=t("2p")))
    apply(s, Dahai(actor=1, pai=t("2p"), tsumogiri=True))
    assert not any(isinstance(a, Chi) for a in legal_actions(s, 2))
    with pytest.raises(IllegalActionError, match="chii is not played"):
        apply(s, Chi(actor=2, target=1, pai=t("2p"), consumed=parse_tiles("34p")))


def test_no_call_but_ron_on_the_last_discard() -> None:
    s = start((JUNK[0], "55z678p234s88p345m", "34s456m678m234p66s", JUNK[1]))
    turn(s, 0, "5z")
    assert any(isinstance(a, Pon) for a in legal_actions(s, 1))
    s.live = 0  # the same discard as the last one of the hand
    assert not any(isinstance(a, Pon) for a in legal_actions(s, 1))
    with pytest.raises(IllegalActionError, match="last discard"):
        apply(s, Pon(actor=1, target=0, pai=t("5z"), consumed=parse_tiles("55z")))


# --- G6: kuikae ---------------------------------------------------------------------------


def test_kuikae_forbids_the_called_tile_and_the_other_end() -> None:
    hands = (JUNK[0], "3456m456p678p88p2s", JUNK[1], "1379m1379p1379s3z")
    s = start(hands)
    turn(s, 0, "6z", "3m")
    apply(s, Chi(actor=1, target=0, pai=t("3m"), consumed=parse_tiles("45m")))
    for bad in ("3m", "6m"):
        with pytest.raises(IllegalActionError, match="kuikae"):
            apply(s, Dahai(actor=1, pai=t(bad), tsumogiri=False))
    allowed = {a.pai for a in legal_actions(s, 1) if isinstance(a, Dahai)}
    assert t("3m") not in allowed and t("6m") not in allowed and t("2s") in allowed
    # the 000 rulebook is silent on kuikae: the textbook preset allows both
    s = start(hands, TEXTBOOK)
    turn(s, 0, "6z", "3m")
    apply(s, Chi(actor=1, target=0, pai=t("3m"), consumed=parse_tiles("45m")))
    apply(s, Dahai(actor=1, pai=t("6m"), tsumogiri=False))


# --- G7: furiten ------------------------------------------------------------------------------


def test_discard_furiten_blocks_ron_but_not_tsumo() -> None:
    s = start(WAITING)
    turn(s, 0, "6z")
    turn(s, 1, "5m")  # seat 1 throws one of its own winning tiles
    turn(s, 2, "7z")
    turn(s, 3, "2m")
    assert s.furiten(1) and not can_ron(s, 1)
    with pytest.raises(IllegalActionError, match="furiten"):
        apply(s, Hora(actor=1, target=3))
    turn(s, 0, "1z")
    apply(s, Tsumo(actor=1, pai=t("2m")))
    assert Hora(1, 1, t("2m")) in legal_actions(s, 1)
    apply(s, Hora(actor=1, target=1))
    assert s.results[-1].deltas is not None and s.results[-1].deltas[1] > 0


def test_a_passed_win_is_furiten_until_the_next_draw() -> None:
    s = start(WAITING)
    turn(s, 0, "6z")
    turn(s, 1, "7z")
    turn(s, 2, "2m")
    assert can_ron(s, 1)
    turn(s, 3, "5m")  # seat 1 let 2m pass: no ron on 5m either
    assert s.furiten(1) and not can_ron(s, 1)
    turn(s, 0, "2m")
    assert not can_ron(s, 1)
    turn(s, 1, "7z")  # its own draw clears it
    turn(s, 2, "5m")
    assert can_ron(s, 1)
    apply(s, Hora(actor=1, target=2))
    assert s.phase == Phase.RESULT


def test_after_riichi_a_passed_win_is_permanent_furiten() -> None:
    s = start(WAITING)
    turn(s, 0, "6z")
    apply(s, Tsumo(actor=1, pai=t("7z")))
    apply(s, Reach(actor=1))
    apply(s, Dahai(actor=1, pai=t("7z"), tsumogiri=True))
    apply(s, ReachAccepted(actor=1))
    turn(s, 2, "2m")  # seat 1 lets its winning tile pass
    turn(s, 3, "6z")
    turn(s, 0, "5z")
    turn(s, 1, "5z")  # its own draw does not clear riichi furiten
    turn(s, 2, "5m")
    assert s.furiten(1) and not can_ron(s, 1)
    turn(s, 3, "5z")
    turn(s, 0, "7z")
    turn(s, 1, "6z")
    turn(s, 2, "2m")
    assert not can_ron(s, 1)


# --- G8: riichi -------------------------------------------------------------------------------


def test_riichi_conditions() -> None:
    s = start(WAITING, scores=(25000, 900, 25000, 49100))
    turn(s, 0, "6z")
    apply(s, Tsumo(actor=1, pai=t("7z")))
    assert not any(isinstance(a, Reach) for a in legal_actions(s, 1))
    with pytest.raises(IllegalActionError, match="1000 points"):
        apply(s, Reach(actor=1))
    s = start(WAITING)
    apply(s, Tsumo(actor=0, pai=t("6z")))
    with pytest.raises(IllegalActionError, match="tenpai"):
        apply(s, Reach(actor=0))
    # an open hand cannot riichi
    s = start((JUNK[0], "55z678p234s88p345m", "34s456m678m234p66s", JUNK[1]))
    turn(s, 0, "5z")
    apply(s, Pon(actor=1, target=0, pai=t("5z"), consumed=parse_tiles("55z")))
    apply(s, Dahai(actor=1, pai=t("5m"), tsumogiri=False))
    turn(s, 2, "7z")
    turn(s, 3, "7z")
    turn(s, 0, "1z")
    apply(s, Tsumo(actor=1, pai=t("7z")))
    with pytest.raises(IllegalActionError, match="closed"):
        apply(s, Reach(actor=1))


def test_riichi_discard_must_keep_tenpai_and_later_only_the_drawn_tile() -> None:
    s = start(WAITING)
    turn(s, 0, "6z")
    apply(s, Tsumo(actor=1, pai=t("7z")))
    apply(s, Reach(actor=1))
    legal = legal_actions(s, 1)
    assert legal == (Dahai(1, t("7z"), True),)
    with pytest.raises(IllegalActionError, match="tenpai"):
        apply(s, Dahai(actor=1, pai=t("3m"), tsumogiri=False))
    apply(s, Dahai(actor=1, pai=t("7z"), tsumogiri=True))
    apply(s, ReachAccepted(actor=1))
    assert s.scores[1] == 24000 and s.kyotaku == 1
    turn(s, 2, "9s")
    turn(s, 3, "9s")
    turn(s, 0, "1z")
    apply(s, Tsumo(actor=1, pai=t("6z")))
    with pytest.raises(IllegalActionError, match="only the drawn tile"):
        apply(s, Dahai(actor=1, pai=t("3m"), tsumogiri=False))


def test_a_ronned_riichi_discard_pays_no_deposit() -> None:
    s = start(WAITING)
    turn(s, 0, "6z")
    apply(s, Tsumo(actor=1, pai=t("5s")))
    apply(s, Reach(actor=1))
    apply(s, Dahai(actor=1, pai=t("5s"), tsumogiri=True))
    assert can_ron(s, 2)
    apply(s, Hora(actor=2, target=1))
    done = s.results[-1]
    assert isinstance(done, Hora) and done.deltas is not None
    assert s.kyotaku == 0
    assert sum(done.deltas) == 0  # nothing came from the table
    assert s.scores[1] == 25000 + done.deltas[1]


def test_riichi_ankan_only_if_waits_do_not_change() -> None:
    # 111m waits as a set: kan keeps the wait 4p; 1112m would change the reading
    s = start((JUNK[0], "222m234p567p678s9s", "34s456m678m234p66s", JUNK[1]))
    turn(s, 0, "6z")
    apply(s, Tsumo(actor=1, pai=t("7z")))
    apply(s, Reach(actor=1))
    apply(s, Dahai(actor=1, pai=t("7z"), tsumogiri=True))
    apply(s, ReachAccepted(actor=1))
    turn(s, 2, "6z")
    turn(s, 3, "6z")
    turn(s, 0, "1z")
    apply(s, Tsumo(actor=1, pai=t("2m")))
    assert Ankan(1, parse_tiles("2222m")) in legal_actions(s, 1)


# --- G5: claims on one discard -----------------------------------------------------------------


def first_hand(ref: Referee, choose: object) -> list[Event]:
    """Play the first hand with ``choose(seat, legal)``; return its events."""
    log = ref.log
    while not any(isinstance(e, EndKyoku) for e in log):
        ref.submit({seat: choose(seat, legal) for seat, legal in ref.pending().items()})  # type: ignore[operator]
        log = ref.log
    return log


def greedy(seat: int, legal: tuple[Action, ...]) -> Action:
    """Win, or discard the lone 5s / the tile just drawn, never call."""
    for a in legal:
        if isinstance(a, Hora):
            return a
    for a in legal:
        if isinstance(a, Dahai) and a.pai == t("5s"):
            return a
    for a in legal:
        if isinstance(a, Dahai) and a.tsumogiri:
            return a
    return next((a for a in legal if isinstance(a, Pass | Dahai)), legal[0])


ALL_WIN = replace(TENHOU, multiple_ron=MultipleRon.DOUBLE, abort_sanchahou=False)
THREE_WAIT = (
    "19m19p19s555777z5s",
    "234m456p678p22s46s",
    "234m567m234p88s46s",
    "345m678m345p77s46s",
)


@pytest.mark.parametrize(
    ("rules", "winners"),
    [
        (TENHOU, "abort"),
        (ALL_WIN, [1, 2, 3]),
        (MLEAGUE, [1]),
    ],
)
def test_three_rons(rules: Rules, winners: object) -> None:
    ref = Referee(rules, seed=5, walls=scripted(THREE_WAIT, "9s", rules))  # type: ignore[arg-type]
    log = first_hand(ref, greedy)
    if winners == "abort":
        assert Ryukyoku in [type(e) for e in log]
        draw = next(e for e in log if isinstance(e, Ryukyoku))
        assert draw.reason == "sanchahou"
    else:
        horas = [e for e in log if isinstance(e, Hora)]
        assert [h.actor for h in horas] == winners


def test_double_ron_gives_honba_and_deposits_to_the_nearest() -> None:
    hands = list(THREE_WAIT)
    hands[3] = "345m678m345p77s48s"  # seat 3 no longer waits on 5s
    ref = Referee(TENHOU, seed=5, walls=scripted(hands, "9s"))  # type: ignore[arg-type]
    log = first_hand(ref, greedy)
    horas = [e for e in log if isinstance(e, Hora)]
    assert [h.actor for h in horas] == [1, 2]
    assert all(h.deltas is not None for h in horas)
    # the second winner is paid its hand value only
    assert horas[1].deltas is not None and horas[1].deltas[2] == horas[1].points


def test_ron_beats_pon_and_pon_beats_chii() -> None:
    hands = (
        "19m19p19s555777z5s",
        "234m456p678p22s46s",  # waits on 5s
        "55s567m234p789p11z",  # may pon 5s
        "345m678m345p77s11z",
    )
    ref = Referee(TENHOU, seed=5, walls=scripted(hands, "9s"))  # type: ignore[arg-type]
    ref.submit({0: Dahai(0, t("5s"), False)})
    pend = ref.pending()
    assert set(pend) == {1, 2}
    pon = next(a for a in pend[2] if isinstance(a, Pon))
    events = ref.submit({1: Hora(1, 0, t("5s")), 2: pon})
    assert isinstance(events[0], Hora) and not any(isinstance(e, Pon) for e in events)


# --- G4: kan dora timing --------------------------------------------------------------------


KAN_HANDS = (
    "1111m9p19s123457z",
    "234m456p678p22s46s",
    "999p567m234p88s11z",
    "345m678m345p77s22z",
)


def types(events: Sequence[Event]) -> list[str]:
    return [type(e).__name__ for e in events]


def test_ankan_reveals_its_dora_at_once() -> None:
    ref = Referee(TENHOU, seed=5, walls=scripted(KAN_HANDS, "6z"))  # type: ignore[arg-type]
    events = ref.submit({0: Ankan(0, parse_tiles("1111m"))})
    assert types(events)[:3] == ["Ankan", "Dora", "Tsumo"]


@pytest.mark.parametrize(
    ("rules", "order"),
    [
        (TENHOU, ["Daiminkan", "Tsumo", "Dahai", "Dora"]),
        (EMA, ["Daiminkan", "Dora", "Tsumo", "Dahai"]),
    ],
)
def test_daiminkan_dora_timing(rules: Rules, order: list[str]) -> None:
    ref = Referee(rules, seed=5, walls=scripted(KAN_HANDS, "6z", rules))  # type: ignore[arg-type]
    ref.submit({0: Dahai(0, t("9p"), False)})
    kan = next(a for a in ref.pending()[2] if isinstance(a, Daiminkan))
    events = ref.submit({2: kan})
    drawn = events[-1]
    assert isinstance(drawn, Tsumo) and types(events)[-2:] in (
        ["Daiminkan", "Tsumo"],
        ["Dora", "Tsumo"],
    )
    later = events + ref.submit({2: Dahai(2, drawn.pai, True)})
    seq = [x for x in types(later) if x in ("Daiminkan", "Dora", "Tsumo", "Dahai")][:4]
    assert seq == order


# --- G9, G10: draws -------------------------------------------------------------------------------


def tsumogiri(seat: int, legal: tuple[Action, ...]) -> Action:
    for a in legal:
        if isinstance(a, Dahai) and a.tsumogiri:
            return a
    return next((a for a in legal if isinstance(a, Pass)), legal[0])


@pytest.mark.parametrize("rules", [TENHOU, TENHOU_SANMA])
def test_exhaustive_draw_pays_noten(rules: Rules) -> None:
    n = rules.players
    seen = 0
    for seed in range(8):
        ref = Referee(rules, seed=seed)
        log = first_hand(ref, tsumogiri)
        k = next(i for i, e in enumerate(log) if isinstance(e, Ryukyoku))
        draw = log[k]
        assert isinstance(draw, Ryukyoku)
        if draw.reason != "exhaustive":
            continue
        seen += 1
        # replay the hand up to the draw and look at the hands ourselves
        s = State(rules)
        for e in log[:k]:
            apply(s, e)
        assert s.live == 0
        tenpai = [bool(winning_kinds(counts34(s.hands[i]))) for i in range(n)]
        assert list(draw.tenpai or ()) == [i for i, x in enumerate(tenpai) if x]
        ready = sum(tenpai)
        total = rules.noten_payment_total
        if 0 < ready < n:
            expected = tuple(total // ready if x else -total // (n - ready) for x in tenpai)
        else:
            expected = (0,) * n
        assert draw.deltas == expected
    assert seen


def test_tenpai_on_a_tile_held_four_times_depends_on_the_preset() -> None:
    hand = "1111m234p567p789s"  # waits only on 1m, all four held
    others = ("2233445566778p", "2233445566778s", "55667788m99p99s9m")
    for rules, expected in ((TENHOU, False), (MAJSOUL, True)):
        s = start((hand, *others), rules)
        assert s.waits[0] == (t("1m"),)
        assert s.is_tenpai(0) is expected


def test_kyuushu_kyuuhai_only_on_the_first_uninterrupted_draw() -> None:
    s = start(("19m19p19s1234z258p", WAITING[1], WAITING[2], JUNK[1]))
    apply(s, Tsumo(actor=0, pai=t("5z")))
    assert Ryukyoku(reason="kyuushu_kyuuhai", actor=0) in legal_actions(s, 0)
    apply(s, Ryukyoku(reason="kyuushu_kyuuhai", actor=0))
    assert s.results[-1].deltas == (0, 0, 0, 0)
    s = start(
        ("19m19p19s1234z258p", WAITING[1], WAITING[2], JUNK[1]),
        replace(TENHOU, abort_kyuushu_kyuuhai=False),
    )
    apply(s, Tsumo(actor=0, pai=t("5z")))
    with pytest.raises(IllegalActionError, match="not played"):
        apply(s, Ryukyoku(reason="kyuushu_kyuuhai", actor=0))


def test_suufon_renda() -> None:
    hands = (JUNK[0], "1z34m456p678p234s8p", "1z34s456m678m234p6s", "1z2379m1379p1379s")
    s = start(hands)
    for seat in range(4):
        turn(s, seat, "7z", "1z")
    with pytest.raises(IllegalActionError, match="draw"):
        apply(s, Tsumo(actor=1, pai=t("1m")))  # wrong seat is refused anyway
    apply(s, Ryukyoku(reason="suufon_renda"))
    apply(s, EndKyoku())
    assert s.expected is not None and s.expected[:5] == (EAST, 1, 1, 0, 0)  # renchan, +1 honba
    s = start(hands, TEXTBOOK)
    for seat in range(4):
        turn(s, seat, "7z", "1z")
    with pytest.raises(IllegalActionError, match="not played"):
        apply(s, Ryukyoku(reason="suucha_riichi"))
    apply(s, Ryukyoku(reason="suufon_renda"))
    apply(s, EndKyoku())
    assert s.expected is not None and s.expected[:5] == (EAST, 2, 0, 0, 1)  # the deal passes


# --- M2, M3: renchan, honba, the end of the match ------------------------------------------------


TANKI = "234m456p678p234s8p"  # waits on 8p, tanyao


def test_dealer_win_keeps_the_deal_with_a_honba() -> None:
    s = start((TANKI, *JUNK, "19m19p19s1234567z"), honba=2)
    apply(s, Tsumo(actor=0, pai=t("8p")))
    apply(s, Hora(actor=0, target=0))
    apply(s, EndKyoku())
    assert s.expected is not None and s.expected[:5] == (EAST, 1, 3, 0, 0)


def test_non_dealer_win_passes_the_deal_and_resets_honba() -> None:
    s = start((JUNK[0], TANKI, JUNK[1], "19m19p19s1234567z"), honba=2)
    turn(s, 0, "6z")
    apply(s, Tsumo(actor=1, pai=t("8p")))
    apply(s, Hora(actor=1, target=1))
    done = s.results[-1]
    assert isinstance(done, Hora) and done.deltas is not None
    # honba: 100 per payer per honba on a tsumo (S7)
    assert done.deltas[1] == done.points + 2 * 300
    apply(s, EndKyoku())
    assert s.expected is not None and s.expected[:5] == (EAST, 2, 0, 0, 1)
    with pytest.raises(IllegalActionError, match="does not follow"):
        apply(
            s,
            StartKyoku(
                bakaze=EAST,
                kyoku=2,
                honba=3,
                kyotaku=0,
                oya=1,
                dora_marker=t("4z"),
                scores=tuple(s.scores),
                tehais=tuple(
                    parse_tiles(h) for h in (JUNK[0], TANKI, JUNK[1], "19m19p19s1234567z")
                ),
            ),
        )


def test_agari_yame_ends_the_match_when_the_last_dealer_is_top() -> None:
    hands = (JUNK[0], JUNK[1], "19m19p19s1234567z", TANKI)
    s = start(hands, oya=3, bakaze=SOUTH, scores=(20000, 20000, 20000, 40000))
    for seat in (3, 0, 1, 2):
        turn(s, seat, "8m")
    apply(s, Tsumo(actor=3, pai=t("8p")))
    apply(s, Hora(actor=3, target=3))
    apply(s, EndKyoku())
    assert s.phase == Phase.END_GAME
    apply(s, EndGame())
    assert s.final is not None and s.final.result is not None and sum(s.final.result) == 0
    # M-League plays no agari-yame: the dealer goes on
    s = start(hands, MLEAGUE, oya=3, bakaze=SOUTH, scores=(20000, 20000, 20000, 40000))
    for seat in (3, 0, 1, 2):
        turn(s, seat, "8m")
    apply(s, Tsumo(actor=3, pai=t("8p")))
    apply(s, Hora(actor=3, target=3))
    apply(s, EndKyoku())
    assert s.phase == Phase.START_KYOKU


def test_west_extension_when_nobody_reaches_the_target() -> None:
    hands = (TANKI, *JUNK, "19m19p19s1234567z")
    scores = (26000, 25000, 25000, 24000)
    for rules, phase in ((TENHOU, Phase.START_KYOKU), (MLEAGUE, Phase.END_GAME)):
        s = start(hands, rules, oya=3, bakaze=SOUTH, scores=scores)
        for seat in (3, 0, 1, 2):
            turn(s, seat, "8m")  # past the first go-around: no chiihou
        turn(s, 3, "6z")
        apply(s, Tsumo(actor=0, pai=t("8p")))
        apply(s, Hora(actor=0, target=0))
        apply(s, EndKyoku())
        assert s.phase == phase
        if phase == Phase.START_KYOKU:
            assert s.expected is not None and s.expected[:2] == (WEST, 1)


def test_bust_ends_the_match() -> None:
    s = start((JUNK[0], TANKI, JUNK[1], "19m19p19s1234567z"), scores=(1000, 25000, 25000, 49000))
    turn(s, 0, "8p")
    apply(s, Hora(actor=1, target=0))
    apply(s, EndKyoku())
    assert s.scores[0] < 0 and s.phase == Phase.END_GAME


def test_textbook_shortfall_is_split_by_the_others() -> None:
    s = start(
        (JUNK[0], TANKI, JUNK[1], "19m19p19s1234567z"), TEXTBOOK, scores=(1000, 25000, 25000, 49000)
    )
    turn(s, 0, "8p")
    apply(s, Hora(actor=1, target=0))
    assert s.scores[0] == 0
    assert sum(s.scores) == 100000


def test_leftover_deposits_go_to_the_top_or_back() -> None:
    """M5: a deposit still on the table at the end goes to the top (Tenhou) or back
    to its owner (000 供託 "返還される")."""
    for rules, expected in (
        (TENHOU, (26000, 24000, 25000, 25000)),
        (TEXTBOOK, (25000, 25000, 25000, 25000)),
    ):
        s = start(WAITING, rules)
        turn(s, 0, "6z")
        apply(s, Tsumo(actor=1, pai=t("7z")))
        apply(s, Reach(actor=1))
        apply(s, Dahai(actor=1, pai=t("7z"), tsumogiri=True))
        apply(s, ReachAccepted(actor=1))
        assert s.kyotaku == 1 and s.deposit_owners == [1]
        assert final_standings(s).scores == expected


# --- X: three players ---------------------------------------------------------------------------


def test_nukidora_takes_a_replacement_draw() -> None:
    s = start(("19m19p19s123457z4z", "2233445566778p", "2233445566778s"), TENHOU_SANMA)
    apply(s, Tsumo(actor=0, pai=t("4z")))
    assert Nukidora(0, t("4z")) in legal_actions(s, 0)
    live = s.live
    apply(s, Nukidora(actor=0, pai=t("4z")))
    assert s.nuki[0] == 1 and s.rinshan_pending
    apply(s, Tsumo(actor=0, pai=t("6z")))
    assert s.live == live - 1 and s.rinshan_draw


def test_sanma_wall_has_108_tiles_and_no_2m_to_8m() -> None:
    w = build_wall(TENHOU_SANMA, seed=3, oya=1)
    tiles = (
        [x for h in w.hands for x in h] + w.live + w.rinshan + w.dora_indicators + w.ura_indicators
    )
    assert len(tiles) == 108 and not any(1 <= x <= 7 for x in tiles)


# --- G1–G3: seats and walls from a seed ---------------------------------------------------


def test_wall_geometry_and_deal() -> None:
    for seed in range(20):
        w = build_wall(TENHOU, seed=seed, oya=seed % 4)
        assert 2 <= sum(w.dice) <= 12
        assert [len(h) for h in w.hands] == [13] * 4
        assert len(w.live) == 70 and len(w.rinshan) == 4 and len(w.dora_indicators) == 5
        ring = w.ring
        brk = w.wall_break
        # the live wall starts at the break, the first indicator is the top of the
        # third stack from the dead wall's tail
        assert w.dora_indicators[0] == ring[2 * ((brk - 3) % 68)]
        assert w.rinshan[0] == ring[2 * ((brk - 1) % 68)]
        dealt = sorted(
            [x for h in w.hands for x in h]
            + w.live
            + w.rinshan
            + w.dora_indicators
            + w.ura_indicators
        )
        assert dealt == sorted(full_set(TENHOU))


def test_seating_by_wind_tiles_and_dice() -> None:
    orders = {seat_players(random.Random(s), 4)[0] for s in range(50)}
    assert all(sorted(o) == [0, 1, 2, 3] for o in orders) and len(orders) > 5
    ref = Referee(TENHOU, seed=9, names=("w", "x", "y", "z"), draw_seats=True)
    assert ref.names == tuple("wxyz"[i] for i in ref.seating)
    header = ref.log[0]
    assert isinstance(header, StartGame) and header.names == ref.names
    assert header.extra is not None and header.extra["seating"]["seating"] == list(ref.seating)
    assert event_from_mjai(json.loads(json.dumps(event_to_mjai(header)))) == header


def test_same_seed_same_log() -> None:
    def run(seed: int) -> list[Event]:
        rng = random.Random(1)
        return Referee(TENHOU, seed=seed).play(lambda _s, _st, legal: rng.choice(legal))

    assert run(4) == run(4)
    assert run(4) != run(5)


def test_referee_refuses_an_illegal_choice() -> None:
    ref = Referee(TENHOU, seed=2)
    (seat,) = ref.pending()
    before = snapshot(ref.state)
    with pytest.raises(IllegalActionError):
        ref.submit({seat: Dahai(seat, UNKNOWN, False)})
    with pytest.raises(IllegalActionError):
        ref.submit({(seat + 1) % 4: Pass((seat + 1) % 4)})
    assert snapshot(ref.state) == before


def test_view_hides_other_hands() -> None:
    """observe is a projection: a seat's view does not change with others' hidden tiles."""
    ref = Referee(TENHOU, seed=2)
    v = observe(ref.state, 1)
    assert v.hand == ref.state.hand_of(1)
    assert v.hand_sizes == (14, 13, 13, 13)
    assert v.drawn is None and observe(ref.state, 0).drawn == ref.state.drawn
    a = start(WAITING)
    b = start(("2468m2468p2468s5z", *WAITING[1:]))  # only the dealer's tiles differ
    for s in (a, b):
        turn(s, 0, "6z")
    assert observe(a, 1) == observe(b, 1) and observe(a, 3) == observe(b, 3)
    assert observe(a, 0) != observe(b, 0)


def test_dora_event_needs_a_kan() -> None:
    s = start(WAITING)
    with pytest.raises(IllegalActionError, match="no kan"):
        apply(s, Dora(dora_marker=t("1z")))


def test_chankan_robs_a_kakan() -> None:
    """Y11/G4: a kakan's tile may be robbed; the kan dora of the robbed kan is not shown."""
    hands = (JUNK[0], "55p123m456m789s11z", "34p234m567m234s66s", JUNK[1])
    s = start(hands)
    turn(s, 0, "5p")
    assert can_ron(s, 2)  # seat 2 lets it go: furiten until its own draw
    apply(s, Pon(actor=1, target=0, pai=t("5p"), consumed=parse_tiles("55p")))
    apply(s, Dahai(actor=1, pai=t("1z"), tsumogiri=False))
    turn(s, 2, "7z")
    turn(s, 3, "7z")
    turn(s, 0, "7z")
    apply(s, Tsumo(actor=1, pai=t("0p")))
    kakan = next(a for a in legal_actions(s, 1) if type(a).__name__ == "Kakan")
    apply(s, kakan)
    assert s.phase == Phase.CHANKAN
    assert Hora(2, 1, t("0p")) in legal_actions(s, 2)
    apply(s, Hora(actor=2, target=1))
    done = s.results[-1]
    assert isinstance(done, Hora) and done.yaku is not None
    assert ("chankan", 1) in done.yaku and len(s.dora_markers) == 1


def test_a_chombo_draw_keeps_the_deal_without_a_honba() -> None:
    """P1, M2 (textbook 錯和流局): the offender pays a reverse mangan; the hand ends."""
    from jantaku.events import Penalty
    from jantaku.scoring import chombo_payments

    s = start(WAITING, TEXTBOOK, honba=1)
    turn(s, 0, "6z")
    pay = chombo_payments(2, dealer=0, rules=TEXTBOOK)
    apply(s, Penalty(actor=2, reason="chombo", deltas=pay))
    assert s.phase == Phase.RESULT and s.scores[2] == 25000 - 8000
    apply(s, EndKyoku())
    assert s.expected is not None and s.expected[:5] == (EAST, 1, 1, 0, 0)
    with pytest.raises(IllegalActionError, match="balance"):
        apply(start(WAITING), Penalty(actor=0, reason="chombo", deltas=(1, 0, 0, 0)))


def test_tenpai_without_yaku_counts_only_with_formal_tenpai() -> None:
    """G9: formal tenpai (形式聴牌) counts at a draw; a rules set may demand a yaku."""
    strict = replace(TENHOU, formal_tenpai=False)
    no_yaku = (JUNK[0], "12m456p789s789p11z", JUNK[1], ORPHANS)  # waits 3m, no yaku
    assert start(no_yaku).is_tenpai(1)
    assert not start(no_yaku, strict).is_tenpai(1)
    tanyao = (JUNK[0], "23m456p678s678p55s", JUNK[1], ORPHANS)  # 4m gives tanyao
    assert start(tanyao, strict).is_tenpai(1)


def test_textbook_forbids_riichi_by_discarding_a_winning_tile() -> None:
    """G8 (000 立直: 和了っている牌を打って立直の宣言は出来ない): tenhou allows it."""
    for rules, allowed in ((TENHOU, True), (TEXTBOOK, False)):
        s = start(WAITING, rules)
        turn(s, 0, "6z")
        apply(s, Tsumo(actor=1, pai=t("2m")))  # complete: 234m456p678p234s88p
        legal = legal_actions(s, 1)
        assert (Reach(1) in legal) is allowed
        if allowed:
            apply(s, Reach(actor=1))
            apply(s, Dahai(actor=1, pai=t("2m"), tsumogiri=True))
            assert s.furiten(1)
        else:
            with pytest.raises(IllegalActionError, match="winning tile"):
                apply(s, Reach(actor=1))


def test_double_riichi_and_ippatsu() -> None:
    """Y2, Y3: riichi on the first uninterrupted turn is double; a win within the
    go-around is ippatsu. A call in between cancels both."""
    s = start(WAITING)
    turn(s, 0, "6z")
    apply(s, Tsumo(actor=1, pai=t("7z")))
    apply(s, Reach(actor=1))
    apply(s, Dahai(actor=1, pai=t("7z"), tsumogiri=True))
    apply(s, ReachAccepted(actor=1))
    assert s.riichi[1] == 2
    turn(s, 2, "6z")
    turn(s, 3, "5z")
    turn(s, 0, "2m")
    apply(s, Hora(actor=1, target=0))
    done = s.results[-1]
    assert isinstance(done, Hora) and done.yaku is not None
    names = {name for name, _ in done.yaku}
    assert {"double_riichi", "ippatsu"} <= names and "riichi" not in names
    # a pon before the riichi makes it a plain riichi; ippatsu lasts one go-around
    s = start((JUNK[0], WAITING[1], "34s456m678m234p66s", "55z1379m1379p137s"))
    turn(s, 0, "5z")
    apply(s, Pon(actor=3, target=0, pai=t("5z"), consumed=parse_tiles("55z")))
    apply(s, Dahai(actor=3, pai=t("1m"), tsumogiri=False))
    turn(s, 0, "6z")
    apply(s, Tsumo(actor=1, pai=t("7z")))
    apply(s, Reach(actor=1))
    apply(s, Dahai(actor=1, pai=t("7z"), tsumogiri=True))
    apply(s, ReachAccepted(actor=1))
    assert s.riichi[1] == 1 and s.ippatsu[1]
    turn(s, 2, "6z")
    turn(s, 3, "6z")
    assert s.ippatsu[1]
    turn(s, 0, "7z")
    assert s.ippatsu[1]
    turn(s, 1, "5z")
    assert not s.ippatsu[1]


def test_tenpai_yame_ends_the_match_only_where_the_rules_say() -> None:
    """M3: the last dealer, top and tenpai at the draw, stops (textbook) or goes on."""
    hands = (JUNK[0], JUNK[1], "1379m1379p1379s3z", TANKI)
    for rules, phase in ((TEXTBOOK, Phase.END_GAME), (MAJSOUL, Phase.START_KYOKU)):
        s = start(hands, rules, oya=3, bakaze=SOUTH, scores=(20000, 20000, 20000, 40000))
        s.live = 1  # the last tile of the wall (the hand's earlier turns left out)
        turn(s, 3, "6m")
        assert s.live == 0 and not legal_actions(s, 0)
        apply(s, Ryukyoku(reason="exhaustive"))
        draw = s.results[-1]
        assert isinstance(draw, Ryukyoku) and draw.tenpai == (3,)
        assert draw.deltas == (-1000, -1000, -1000, 3000)
        apply(s, EndKyoku())
        assert s.phase == phase
