"""The defensive bot, behaviour by behaviour, on constructed positions."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import pytest

from jantaku.agents import DefensiveAgent, EfficiencyAgent, make_agent
from jantaku.agents.defensive import is_all_last, threats, tile_danger, visible_counts
from jantaku.engine.view import Discard, View, split_rivers
from jantaku.events import Action, Chi, Dahai, Hora, Pass, Pon, Reach
from jantaku.match import play_match
from jantaku.meld import Meld
from jantaku.rules import TENHOU, TENHOU_SANMA, GameLength
from jantaku.tiles import EAST, KIND_OF, SOUTH, WEST, parse_tiles


def t(text: str) -> int:
    (tile,) = parse_tiles(text)
    return tile


def k(text: str) -> int:
    return KIND_OF[t(text)]


def river(text: str, riichi_at: int | None = None) -> tuple[Discard, ...]:
    return tuple(Discard(x, False, i == riichi_at, False) for i, x in enumerate(parse_tiles(text)))


def view(
    hand: str,
    *,
    rivers: Sequence[tuple[Discard, ...]] = ((), (), (), ()),
    riichi: tuple[int, ...] = (0, 0, 0, 0),
    melds: Sequence[tuple[Meld, ...]] = ((), (), (), ()),
    dora: str = "9z",
    bakaze: int = EAST,
    kyoku: int = 1,
    oya: int = 0,
    scores: tuple[int, ...] = (25000, 25000, 25000, 25000),
    tiles_left: int = 50,
    last_discard: str | None = None,
    last_discarder: int | None = None,
) -> View:
    """Seat 0's view: ``hand`` its concealed tiles, the rest as given (dora "9z": none)."""
    tiles = parse_tiles(hand)
    markers = parse_tiles(dora) if dora != "9z" else ()
    return View(
        seat=0,
        players=4,
        phase="act" if last_discard is None else "claim",
        bakaze=bakaze,
        kyoku=kyoku,
        honba=0,
        kyotaku=sum(1 for r in riichi if r),
        oya=oya,
        turn=0 if last_discarder is None else last_discarder,
        scores=scores,
        dora_markers=markers,
        tiles_left=tiles_left,
        hand=tiles,
        drawn=tiles[-1] if last_discard is None else None,
        hand_sizes=(len(tiles), *(13 - 3 * len(m) for m in melds[1:])),
        melds=tuple(melds),
        river_tiles=split_rivers(rivers)[0],
        river_flags=split_rivers(rivers)[1],
        riichi=riichi,
        nuki=(0, 0, 0, 0),
        last_discard=t(last_discard) if last_discard else None,
        last_discarder=last_discarder,
        waits=(),
        furiten=False,
        names=("a", "b", "c", "d"),
    )


def discards(v: View, reach: bool = False) -> list[Action]:
    seen: dict[int, Action] = {}
    for i, x in enumerate(v.hand):
        seen.setdefault(x, Dahai(0, x, i == len(v.hand) - 1))
    return [*([Reach(0)] if reach else []), *seen.values()]


def kind_of(answer: Action) -> int:
    assert isinstance(answer, Dahai), answer
    return KIND_OF[answer.pai]


RIICHI_1 = (0, 1, 0, 0)


# --- tile danger --------------------------------------------------------------------


def test_genbutsu_and_tiles_passed_after_the_riichi_are_safe() -> None:
    rivers = (river("9s7p3z"), river("1m2m", riichi_at=1), river("3p7s5m"), river("4p8s"))
    d = tile_danger(view("1z", rivers=rivers, riichi=RIICHI_1), 1)
    assert d[k("1m")] == d[k("2m")] == 0  # its own discards
    assert d[k("7s")] == d[k("5m")] == 0  # seat 2 let them go after the riichi
    assert d[k("8s")] == 0  # seat 3's second discard came after it too
    assert d[k("3p")] > 0 and d[k("4p")] > 0  # discarded before the riichi
    assert d[k("9s")] > 0 and d[k("7p")] > 0 and d[k("3z")] == 0  # the dealer's third only
    assert d[k("5p")] > 0


def test_suji_kabe_one_chance_and_honors_by_count() -> None:
    v = view("8888m888p111z2z", rivers=((), river("4s", riichi_at=0), (), ()))
    d = tile_danger(v._replace(riichi=RIICHI_1), 1)
    assert d[k("1s")] < d[k("2s")] and d[k("7s")] < d[k("8s")]  # suji of 4s
    assert d[k("9m")] < d[k("9p")] < d[k("9s")]  # all 8m seen: no-chance; three 8p: one-chance
    # one 1z unseen: a single wait only; one 2z in sight leaves fewer pairs than none
    assert d[k("1z")] < d[k("2z")] < d[k("3z")]
    assert visible_counts(v)[k("1z")] == 3
    everything = view("1z", rivers=((), river("1z1z1z", riichi_at=2), (), ()), riichi=RIICHI_1)
    assert tile_danger(everything, 1)[k("1z")] == 0


def test_norths_set_aside_and_the_seats_own_pon_are_in_sight() -> None:
    """What the bot counts as seen is what the seat sees (its hand, its melds and the
    others', the rivers, the indicators, the norths set aside): with every north in
    sight no wait can be on one, so a north is safe against a riichi."""
    v = view("4z", riichi=RIICHI_1)
    assert visible_counts(v)[k("4z")] == 1 and tile_danger(v, 1)[k("4z")] > 0
    sanma = v._replace(
        players=3,
        hand_sizes=(1, 13, 13),
        melds=((), (), ()),
        river_tiles=((), (), ()),
        river_flags=((), (), ()),
        riichi=(0, 1, 0),
        nuki=(0, 1, 2),  # three norths set aside (抜きドラ)
        scores=(35000, 35000, 35000),
        names=("a", "b", "c"),
    )
    assert visible_counts(sanma)[k("4z")] == 4
    assert tile_danger(sanma, 1)[k("4z")] == 0
    pon = Meld.pon(parse_tiles("444z"), called=t("4z"), called_from=2)
    own = view("4z", riichi=RIICHI_1, melds=((pon,), (), (), ()))
    assert visible_counts(own)[k("4z")] == 4
    assert tile_danger(own, 1)[k("4z")] == 0


def test_early_outside_discards_and_dora_weigh_in() -> None:
    plain = tile_danger(view("1z", rivers=((), river("1z6z", 1), (), ()), riichi=RIICHI_1), 1)
    early = tile_danger(view("1z", rivers=((), river("3p6z", 1), (), ()), riichi=RIICHI_1), 1)
    assert early[k("1p")] < plain[k("1p")] and early[k("2p")] < plain[k("2p")]
    assert early[k("8p")] == plain[k("8p")]
    dora = tile_danger(view("1z", dora="1s", riichi=RIICHI_1), 1)  # dora 2s
    assert dora[k("2s")] > dora[k("2m")] and dora[k("3s")] > dora[k("3m")]


def test_threats_read_riichi_open_hands_and_the_dealer() -> None:
    pons = (
        Meld.pon(parse_tiles("555z"), called=t("5z"), called_from=1),
        Meld.pon(parse_tiles("222p"), called=t("2p"), called_from=1),
    )
    chii = (Meld.chii(parse_tiles("123p"), called=t("1p")),)
    honitsu = (*chii, Meld.pon(parse_tiles("777p"), called=t("7p"), called_from=1))
    ten = river("1m9m1s9s2z4z8m8s1z3z")  # ten discards: the middle of the hand
    rivers = ((), river("4s", riichi_at=0), ten, river("1m9s2z"))
    v = view("1z", riichi=RIICHI_1, melds=((), (), pons, chii), rivers=rivers)
    w = threats(v)
    assert w[1] == 1.0 and 0.6 <= w[2] < 1 and 3 not in w  # one early chii is no threat yet
    assert threats(v._replace(oya=2))[2] > w[2]  # the dealer's calls weigh more
    h = view("1z", melds=((), honitsu, (), ()), rivers=((), ten, (), ()))
    plain = (*chii, Meld.chii(parse_tiles("345s"), called=t("3s")))
    assert threats(h)[1] >= 0.4 > threats(h._replace(melds=((), plain, (), ())))[1]
    d = tile_danger(h, 1)
    assert d[k("5m")] < 0.2 * d[k("5p")]  # a one-suit hand in pin: man is nearly safe


# --- push or fold -------------------------------------------------------------------


def test_folds_to_riichi_with_a_safe_tile_at_hand() -> None:
    rivers = ((), river("4s2z9m", riichi_at=2), (), ())
    v = view("13579m2468p135s13z", rivers=rivers, riichi=RIICHI_1)
    assert kind_of(DefensiveAgent().act(v, discards(v))) == k("9m")
    assert kind_of(EfficiencyAgent().act(v._replace(riichi=(0, 0, 0, 0)), discards(v))) != k("9m")


def test_fallback_order_when_nothing_is_fully_safe() -> None:
    rivers = ((), river("1m9p2z", riichi_at=2), river("6z"), ())
    v = view("2468m2468p2468s66z", rivers=rivers, riichi=RIICHI_1)
    assert kind_of(DefensiveAgent().act(v, discards(v))) == k("6z")  # one copy left: tanki only


ONE_SHANTEN = "234m456p67s13s99p17z"  # cheap: riichi only
RIVERS = ((), river("2m8p3s", riichi_at=2), (), ())


def test_folds_from_one_shanten_when_the_hand_is_cheap_and_pushes_a_mangan() -> None:
    cheap = view(ONE_SHANTEN, rivers=RIVERS, riichi=RIICHI_1, oya=1)  # 1,000 points
    assert kind_of(DefensiveAgent().act(cheap, discards(cheap))) in {k("2m"), k("3s")}
    rich = view("234m406p67s13s99p17z", rivers=RIVERS, riichi=RIICHI_1, dora="8p")  # 3 dora
    assert kind_of(DefensiveAgent().act(rich, discards(rich))) in {k("1z"), k("7z")}
    quiet = cheap._replace(riichi=(0, 0, 0, 0))
    assert kind_of(DefensiveAgent().act(quiet, discards(quiet))) in {k("1z"), k("7z")}


# --- riichi or dama -----------------------------------------------------------------


def test_dama_on_a_high_hand_and_riichi_on_a_cheap_good_wait() -> None:
    high = view("234m406p678s34s22p9m", dora="1p")  # tanyao, 2p pair dora, red five
    answer = DefensiveAgent().act(high, discards(high, reach=True))
    assert kind_of(answer) == k("9m")
    cheap = view("234m456p678s34s99p1z", dora="9s")  # pinfu alone on 2-5s
    assert isinstance(DefensiveAgent().act(cheap, discards(cheap, reach=True)), Reach)


def test_a_yakuless_tenpai_it_pushes_against_a_riichi_declares() -> None:
    """Tenpai without a yaku on a 3s kanchan (three left) late, against a riichi: the push
    counts on a ron, and only a riichi can ron, so it declares (dama it could only tsumo)."""
    rivers = (river("1z2z"), river("9s1z7z5m6z3s", riichi_at=5), river("7z2z"), river("6z4z"))
    v = view("123m789m456p11s24s9s", rivers=rivers, riichi=RIICHI_1, tiles_left=30)
    agent = DefensiveAgent()
    assert isinstance(agent.act(v, discards(v, reach=True)), Reach)
    assert agent.last_reason.startswith("push")


def test_refuses_riichi_on_a_dead_wait() -> None:
    rivers = ((), (), river("3m3m"), river("3m3m"))  # all four 3m are out
    v = view("24m456p678s345s99p1z", rivers=rivers)
    assert not isinstance(DefensiveAgent().act(v, discards(v, reach=True)), Reach)
    assert isinstance(EfficiencyAgent().act(v, discards(v, reach=True)), Reach)


# --- calls --------------------------------------------------------------------------


def claim(hand: str, tile: str) -> View:
    return view(hand, last_discard=tile, last_discarder=3)


def test_pons_a_yakuhai_and_refuses_a_call_without_a_yaku() -> None:
    v = claim("13m456p789s55s77z1p", "7z")
    pon = Pon(0, 3, t("7z"), (t("7z"), t("7z")))
    assert DefensiveAgent().act(v, [pon, Pass(0)]) == pon
    no_yaku = claim("13m456p789s19p55s2z", "2m")
    chi = Chi(0, 3, t("2m"), (t("1m"), t("3m")))
    assert DefensiveAgent().act(no_yaku, [chi, Pass(0)]) == Pass(0)


def test_calls_toward_tanyao_and_honitsu_but_not_into_a_fold() -> None:
    tanyao = claim("34m456p678s55s28p7m", "2m")
    chi = Chi(0, 3, t("2m"), (t("3m"), t("4m")))
    assert DefensiveAgent().act(tanyao, [chi, Pass(0)]) == chi
    honitsu = claim("1245m5789m11z23z9p", "3m")
    chi3 = Chi(0, 3, t("3m"), (t("1m"), t("2m")))
    assert DefensiveAgent().act(honitsu, [chi3, Pass(0)]) == chi3
    scared = tanyao._replace(riichi=RIICHI_1)
    assert DefensiveAgent().act(scared, [chi, Pass(0)]) == Pass(0)


def test_against_a_riichi_only_a_call_that_makes_tenpai() -> None:
    """With a riichi out, the 5s pon takes the one-shanten tanyao hand to tenpai (22p and
    67s): it calls; two from tenpai no call can, and it does not."""
    pon = Pon(0, 3, t("5s"), (t("5s"), t("5s")))
    ready = claim("234m456p55s22p67s8p", "5s")._replace(riichi=RIICHI_1)
    assert DefensiveAgent().act(ready, [pon, Pass(0)]) == pon
    far = claim("234m456p55s22p69s8p", "5s")._replace(riichi=RIICHI_1)
    assert DefensiveAgent().act(far, [pon, Pass(0)]) == Pass(0)


def test_an_open_tanyao_hand_lets_its_terminals_go_first() -> None:
    meld = (Meld.chii(parse_tiles("234m"), called=t("2m")),)
    v = view("456p678s55s8p7m9s", melds=(meld, (), (), ()))
    assert kind_of(DefensiveAgent().act(v, discards(v))) == k("9s")


# --- placement ----------------------------------------------------------------------

ALL_LAST = dict(bakaze=SOUTH, kyoku=4)


def test_a_safe_top_does_not_chase_in_the_last_hand() -> None:
    hand = "234m406p67s13s99p17z"
    early = view(hand, rivers=RIVERS, riichi=RIICHI_1, dora="8p")
    last = view(
        hand,
        rivers=RIVERS,
        riichi=RIICHI_1,
        dora="8p",
        scores=(48000, 20000, 17000, 15000),
        **ALL_LAST,  # type: ignore[arg-type]
    )
    assert kind_of(DefensiveAgent().act(early, discards(early))) in {k("1z"), k("7z")}
    assert kind_of(DefensiveAgent().act(last, discards(last))) in {k("2m"), k("3s")}
    east_only = DefensiveAgent(replace(TENHOU, length=GameLength.EAST_ONLY))
    last_east = last._replace(bakaze=EAST)
    assert kind_of(east_only.act(last_east, discards(last_east))) in {k("2m"), k("3s")}


def test_pushes_for_the_points_a_placement_needs() -> None:
    # last, and a 1,000-point win takes it to the top: a deal-in costs points, no place
    close = view(
        ONE_SHANTEN,
        rivers=RIVERS,
        riichi=RIICHI_1,
        oya=1,
        scores=(24000, 26000, 24500, 25500),
        **ALL_LAST,  # type: ignore[arg-type]
    )
    no_west = DefensiveAgent(replace(TENHOU, west_extension=False))
    assert kind_of(no_west.act(close, discards(close))) in {k("1z"), k("7z")}
    far = close._replace(scores=(17000, 40000, 22000, 20000))  # 2,000 with the stick: still last
    assert kind_of(no_west.act(far, discards(far))) in {k("2m"), k("3s")}
    # with Tenhou's west round (西入) nobody at 30,000 means the match goes on: the
    # cheap one-shanten hand folds as in any other hand
    assert kind_of(DefensiveAgent(TENHOU).act(close, discards(close))) in {k("2m"), k("3s")}


def test_lets_a_ron_go_that_ends_the_match_in_last_place() -> None:
    """Last in the last hand, a 1,300 ron from seat 1 ends the match still last; a ron
    from seat 2, the seat just above, or a tsumo would lift it: it lets the ron go. The
    same ron taken when it lifts the seat, by the dealer (the match goes on), or when
    the seat is not last and little ahead of the seat below."""
    tenpai = "234m567p345s66s88p"  # tanyao, 6s-8p
    scores = (20500, 25000, 22000, 32500)
    last = view(tenpai, scores=scores, oya=3, last_discard="6s", last_discarder=1, **ALL_LAST)  # type: ignore[arg-type]
    ron: list[Action] = [Hora(actor=0, target=1, pai=t("6s")), Pass(0)]
    above: list[Action] = [Hora(actor=0, target=2, pai=t("6s")), Pass(0)]
    agent = DefensiveAgent()
    assert isinstance(agent.act(last, ron), Pass)
    assert agent.last_reason.startswith("let the ron go")
    from_above = last._replace(last_discarder=2)
    assert isinstance(agent.act(from_above, above), Hora)
    assert isinstance(agent.act(last._replace(bakaze=EAST), ron), Hora)  # not the last hand
    assert isinstance(agent.act(last._replace(oya=0), ron), Hora)  # the dealer goes on
    third = last._replace(scores=(20500, 32500, 22000, 19000))  # third, 1,500 ahead of last
    assert isinstance(agent.act(third, ron), Hora)


def test_all_last_is_read_from_the_rules() -> None:
    east_only = replace(TENHOU, length=GameLength.EAST_ONLY)
    top = (31000, 25000, 24000, 20000)
    e3, e4 = view("1m", kyoku=3, scores=top), view("1m", kyoku=4, scores=top)
    s4 = view("1m", bakaze=SOUTH, kyoku=4, scores=top)
    assert [is_all_last(v, east_only) for v in (e3, e4, s4)] == [False, True, True]
    assert [is_all_last(v, TENHOU) for v in (e3, e4, s4)] == [False, False, True]
    # a west round (西入) follows the south when nobody holds the target: every west
    # hand may be the last, and the south's last only once someone holds the target
    level = (25000, 26000, 25000, 24000)
    assert not is_all_last(s4._replace(scores=level), TENHOU)
    assert is_all_last(s4._replace(scores=level), replace(TENHOU, west_extension=False))
    assert is_all_last(view("1m", bakaze=WEST, kyoku=1, scores=level), TENHOU)


def test_all_last_with_three_players() -> None:
    sanma = TENHOU_SANMA  # east-south, three hands a wind, west round to 40,000
    three = view("1m", bakaze=SOUTH, kyoku=3, scores=(45000, 40000, 20000, 0))._replace(players=3)
    assert is_all_last(three, sanma)
    assert not is_all_last(three._replace(kyoku=2), sanma)
    assert not is_all_last(three._replace(scores=(38000, 35000, 32000, 0)), sanma)
    east_only = replace(sanma, length=GameLength.EAST_ONLY)
    assert is_all_last(three._replace(bakaze=EAST), east_only)
    assert not is_all_last(three._replace(bakaze=EAST, kyoku=2), east_only)
    # the bot reads it from the rules it was given: a safe three-player top at E3 of an
    # east-only match stays out of the riichi player's way, as in the south of a hanchan
    assert DefensiveAgent(east_only)._all_last(three._replace(bakaze=EAST))
    assert not DefensiveAgent(sanma)._all_last(three._replace(bakaze=EAST))


def test_make_agent_gives_the_defensive_bot_the_matchs_rules() -> None:
    rules = replace(TENHOU, length=GameLength.EAST_ONLY)
    agent = make_agent("defensive", rules=rules)
    assert isinstance(agent, DefensiveAgent) and agent.rules is rules


# --- in play ------------------------------------------------------------------------


def test_plays_whole_matches_by_name() -> None:
    rules = replace(TENHOU, length=GameLength.EAST_ONLY)
    agents = [make_agent("defensive"), make_agent("efficiency"), make_agent("defensive")]
    result = play_match([*agents, make_agent("random", seed=1)], rules, seed=11)
    assert sorted(result.placements) == [1, 2, 3, 4] and result.rounds >= 1
    again = play_match(
        [
            make_agent("defensive"),
            make_agent("efficiency"),
            make_agent("defensive"),
            make_agent("random", seed=1),
        ],
        rules,
        seed=11,
    )
    assert again.log == result.log


def test_needs_a_view_to_choose() -> None:
    with pytest.raises(ValueError, match="see the table"):
        DefensiveAgent().act(None, [Dahai(0, 1, False), Dahai(0, 2, True)])
