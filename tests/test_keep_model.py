"""The scorekeeper's model against the seeds: 003's tables and ウマオカ, 000's honba,
deposits, no-ten payments, chombo (満貫払い), minor fouls and the end of a match.

Every expected figure is read from the seed texts or stated by them in words; the
test names the passage.
"""

from __future__ import annotations

import random

import pytest

import corpus
from jantaku.keep import Foul, Hand, KeepError, Match, Winner, breakdown, first_dealer_by_dice
from jantaku.keep.seating import roll_dice
from jantaku.rules import (
    EMA,
    MLEAGUE,
    TENHOU,
    TENHOU_SANMA,
    TEXTBOOK,
    GameLength,
    Rounding,
    Rules,
    replace,
)
from jantaku.scoring import Riichi, WinSituation, score_win
from test_scoring_tables import _table, dealer_cells, non_dealer_cells

SEED_000 = (corpus.SEEDS / "000_f6a43ac494d58924.txt").read_text()
SEED_003 = (corpus.SEEDS / "003_000f59c120621ef3.txt").read_text()
NAMES = ("Aoi", "Ben", "Chie", "Dai")


def _match(rules: Rules = TENHOU, *hands: Hand) -> Match:
    m = Match.new(rules, NAMES[: rules.players])
    for h in hands:
        m = m.add(h)
    return m


def _ron(
    discarder: int,
    seat: int,
    han: int,
    fu: int | None = 30,
    riichi: tuple[int, ...] = (),
    fouls: tuple[Foul, ...] = (),
) -> Hand:
    winner = Winner(seat=seat, han=han, fu=fu)
    return Hand.ron(discarder=discarder, winners=(winner,), riichi=riichi, fouls=fouls)


def _tsumo(seat: int, han: int, fu: int | None = 30) -> Hand:
    return Hand.tsumo(Winner(seat=seat, han=han, fu=fu))


# --- 003: the score tables, entered as wins --------------------------------------------


@pytest.mark.parametrize(("fu", "han", "tsumo", "payer", "points"), dealer_cells())
def test_003_dealer_table_as_entries(
    fu: int, han: int, tsumo: bool, payer: str, points: int
) -> None:
    fu_entry = None if han >= 5 else fu
    hand = _tsumo(0, han, fu_entry) if tsumo else _ron(2, 0, han, fu_entry)
    deltas = _match(TENHOU, hand).ledger().hands[0].deltas
    if tsumo:
        assert deltas == (3 * points, -points, -points, -points)
    else:
        assert deltas == (points, 0, -points, 0)
    b = breakdown(han, fu_entry, dealer=True, rules=TENHOU, tsumo=tsumo)
    assert (b.tsumo[0] if tsumo else b.ron) == points


@pytest.mark.parametrize(("fu", "han", "tsumo", "payer", "points"), non_dealer_cells())
def test_003_non_dealer_table_as_entries(
    fu: int, han: int, tsumo: bool, payer: str, points: int
) -> None:
    fu_entry = None if han >= 5 else fu
    hand = _tsumo(1, han, fu_entry) if tsumo else _ron(3, 1, han, fu_entry)
    deltas = _match(TENHOU, hand).ledger().hands[0].deltas
    if payer == "ron":
        assert deltas[3] == -points and deltas[1] == points
    elif payer == "oya":
        assert deltas[0] == -points
    else:
        assert deltas[2] == deltas[3] == -points


def _dashes(title: str, dealer: bool) -> list[tuple[int, int, bool]]:
    """The cells 003 marks "-": hands that cannot exist."""
    out = []
    fu = 0
    for row in _table(title):
        if row[0] != "^":
            fu = int(row[0].removesuffix("符"))
        if dealer:
            tsumo, values = row[1] in ("ツモ", "ピンフツモ"), row[2:7]
        else:
            tsumo = row[1] != "ロン"
            values = row[2:7] if not tsumo else row[3:8]
        out += [(fu, han, tsumo) for han, v in enumerate(values, start=1) if v == "-"]
    return out


DASHES = sorted(set(_dashes("親のアガリ得点早見表", True) + _dashes("子のアガリ得点早見表", False)))


def test_003_dashes_were_read() -> None:
    assert (20, 1, True) in DASHES and (25, 2, True) in DASHES and (25, 1, False) in DASHES


@pytest.mark.parametrize(("fu", "han", "tsumo"), DASHES)
def test_003_dash_cells_are_refused(fu: int, han: int, tsumo: bool) -> None:
    m = _match()
    hand = _tsumo(1, han, fu) if tsumo else _ron(3, 1, han, fu)
    with pytest.raises(KeepError, match="cannot be"):
        m.add(hand)
    assert m.entries == ()


def test_003_worked_example_breakdown() -> None:
    # 003 本当の点数計算手順: 30 符 3 翻 → 960; 親 5760 → 5800, 子の支払 1920 → 2000;
    # 子 3840 → 3900, 親の支払 2000, 子の支払 960 → 1000
    assert "960 \\times 6 = 5760 \\rightarrow 5800" in SEED_003
    dealer = breakdown(3, 30, dealer=True, rules=TENHOU)
    assert (dealer.basic, dealer.ron, dealer.tsumo) == (960, 5800, (2000,))
    assert "960 × 6 = 5760 → 5800" in dealer.lines[1]
    other = breakdown(3, 30, dealer=False, rules=TENHOU)
    assert (other.ron, other.tsumo) == (3900, (2000, 1000))


@pytest.mark.parametrize(
    ("uma", "totals"),
    [
        ((10000, 5000, -5000, -10000), (25, 0, -10, -15)),
        ((20000, 10000, -10000, -20000), (35, 5, -15, -25)),
    ],
)
def test_003_uma_oka_tables(uma: tuple[int, ...], totals: tuple[int, ...]) -> None:
    # 003 ウマオカ: 25000 点持ち 30000 点返し, ウマ 5-10 and 10-20: the 合計 column
    for total in totals[:2]:
        assert f"+{total * 1000}" in SEED_003.replace(",", "") or total == 0
    rules = replace(
        TENHOU,
        uma=uma,
        length=GameLength.EAST_ONLY,
        west_extension=False,
        final_rounding=Rounding.EXACT,
    )
    # four all-noten draws: nobody pays, the match ends after East 4 with 25,000 each,
    # places by seat order from the first dealer
    m = _match(rules, *(Hand.draw(()) for _ in range(4)))
    ledger = m.ledger()
    assert ledger.over and ledger.final is not None
    assert tuple(s.score for s in ledger.final) == tuple(float(x) for x in totals)


# --- 000: honba, deposits, no-ten payments ------------------------------------------------


def test_000_honba_on_a_dealer_tsumo() -> None:
    # 積み符: 東１局１本場東家のツモ和了りとなれば各々の支払いに１００点が加わる
    assert "東１局１本場東家のツモ和了りとなれば各々の支払いに１００点が加わる" in SEED_000
    m = _match(TENHOU, _ron(1, 0, 1, 30), _tsumo(0, 2, 30))
    _, second = m.ledger().hands
    assert (second.round_index, second.honba) == (0, 1)
    assert second.deltas == (3 * 1100, -1100, -1100, -1100)


def test_000_honba_on_a_ron_in_south_2_two_honba() -> None:
    # 南２局２本場南家に東家が放銃すれば支払いに６００点が加わる
    assert "南２局２本場南家に東家が放銃すれば支払いに６００点が加わる" in SEED_000
    hands = [_ron(0, 1, 1, 30), _ron(1, 2, 1, 30), _ron(2, 3, 1, 30), _ron(3, 0, 1, 30)]
    hands += [_ron(0, 1, 1, 30)]  # South 1 → South 2, dealer seat 1
    hands += [_ron(0, 1, 1, 30), Hand.draw((1,))]  # dealer wins, then dealer tenpai: 2 honba
    m = _match(TENHOU, *hands)
    ledger = m.ledger()
    assert ledger.next_hand == "South 2 (2 honba)"
    # South 2: seat 1 deals (東家), seat 2 sits south (南家)
    m = m.add(_ron(1, 2, 1, 30))
    last = m.ledger().hands[-1]
    assert last.deltas[1] == -(1000 + 600) and last.deltas[2] == 1000 + 600


def test_000_deposits_go_to_the_winner_and_noten_payments_split_3000() -> None:
    # 供託された点棒は和了者が全て獲得する; 不聴罰符は場３０００点とし、他の不聴者と折半する
    m = _match(TENHOU, Hand.draw((0, 2), riichi=(2,)))
    assert m.ledger().hands[0].deltas == (1500, -1500, 1500 - 1000, -1500)
    assert m.ledger().deposits == 1
    m = m.add(_ron(3, 1, 1, 30, riichi=(1,)))
    hand = m.ledger().hands[1]
    # honba 1 (dealer tenpai), two sticks: the ron's 1000 + 300 + 2000
    assert hand.deltas == (0, 1000 + 300 + 2000 - 1000, 0, -1300)
    assert m.ledger().deposits == 0


def test_000_three_noten_payments() -> None:
    assert _match(TENHOU, Hand.draw((3,))).ledger().hands[0].deltas == (-1000, -1000, -1000, 3000)


# --- 000: chombo and minor fouls (P1, P1b, P2) ---------------------------------------------


def test_000_chombo_is_a_mangan_payment_and_ends_the_hand_in_the_rulebook() -> None:
    # 散家の錯和の場合、散家に２０００点、荘家に４０００点。荘家の錯和の場合、他家に４０００点ずつ
    m = _match(TEXTBOOK, Hand.chombo(2))
    assert m.ledger().hands[0].deltas == (4000, 2000, -8000, 2000)
    # 錯和流局では連荘とし、荘家は次位に移らず、積み場とならない
    assert m.ledger().next_hand == "East 1"
    m = m.add(Hand.chombo(0))
    assert m.ledger().hands[1].deltas == (-12000, 4000, 4000, 4000)


def test_000_chombo_is_void_when_another_player_wins() -> None:
    # 錯和は他家に正当な和了のあった場合、免れる (Tenhou rules: the hand goes on)
    m = _match(TENHOU, _ron(3, 1, 1, 30, fouls=(Foul(kind="chombo", seat=2),)))
    assert m.ledger().hands[0].deltas == (0, 1000, 0, -1000)
    chombo = m.ledger().hands[0].payments[0]
    assert chombo.what == "chombo" and "void" in chombo.detail


def test_000_chombo_without_a_win_is_paid_when_the_hand_goes_on() -> None:
    m = _match(TENHOU, Hand.draw((), fouls=(Foul(kind="chombo", seat=1),)))
    assert m.ledger().hands[0].deltas == (4000, -8000, 2000, 2000)


def test_a_chombo_draw_needs_rules_that_end_the_hand_with_it() -> None:
    with pytest.raises(KeepError, match="does not end the hand"):
        _match(TENHOU, Hand.chombo(1))


def test_000_yakuman_claim_on_a_chombo() -> None:
    # 錯和が在った時役満3待聴以内の手牌を持っているものはその代償を錯和者に求める事が出来る
    claim = Foul(kind="yakuman_claim", seat=3, claimant=1, tiles="19m19p19s1234566z")
    m = _match(TEXTBOOK, Hand(result="chombo", fouls=(Foul(kind="chombo", seat=3), claim)))
    assert m.ledger().hands[0].deltas == (4000, 32000, 2000, -38000)
    far = Foul(kind="yakuman_claim", seat=3, claimant=1, tiles="123m456p789s1122z")
    with pytest.raises(KeepError, match="from a yakuman"):
        _match(TEXTBOOK, Hand(result="chombo", fouls=(Foul(kind="chombo", seat=3), far)))


def test_000_minor_foul_deposit_goes_to_the_next_winner() -> None:
    # 錯は訂正が可能ならば1000点を供託する事で免れる
    m = _match(TEXTBOOK, Hand.draw((), fouls=(Foul(kind="minor_foul", seat=2),)))
    assert m.ledger().hands[0].deltas == (0, 0, -1000, 0)
    assert m.ledger().deposits == 1
    m = m.add(_ron(0, 3, 1, 30))
    assert m.ledger().hands[1].deltas[3] == 1000 + 300 + 1000


def test_a_minor_foul_without_deposit_loses_the_right_to_win() -> None:
    foul = Foul(kind="minor_foul", seat=1)
    with pytest.raises(KeepError, match="lost the right to win"):
        _match(TENHOU, _ron(0, 1, 1, 30, fouls=(foul,)))


# --- 000: the end of the match -----------------------------------------------------------


def test_000_final_result_rounds_five_down_six_up_with_one_three_uma() -> None:
    # 得点を百の位で五捨六入し、１０００で割る; ワンスリー; deposits returned (南４局に和了り
    # がないときは、返還される)
    m = _match(TEXTBOOK)
    hands = [_ron(1, 0, 3, 60), _ron(2, 0, 2, 30)]  # dealer wins twice: 11600, then 2900 + 300
    hands += [_ron(2, 1, 2, 40), _ron(3, 2, 2, 30), _ron(0, 3, 1, 40), _ron(0, 1, 1, 30)]
    # South: each dealer noten; the last draw ends the match with seat 0's riichi stick
    # on the table, returned to it
    hands += [Hand.draw(((d + 1) % 4,)) for d in range(3)]
    hands += [Hand.draw((0,), riichi=(0,))]
    for h in hands:
        m = m.add(h)
    ledger = m.ledger()
    assert ledger.over and ledger.final is not None
    assert ledger.deposits == 1 and sum(ledger.scores) == 4 * 25000 - 1000
    scores = [s.points for s in ledger.final]
    assert sum(scores) == 4 * 25000
    assert scores[0] == ledger.scores[0] + 1000
    expect = []
    for seat, pts in enumerate(scores):
        units = (abs(pts) + 400) // 1000 * (1 if pts >= 0 else -1)
        expect.append((seat, units - 30))
    order = sorted(range(4), key=lambda p: (-scores[p], p))
    uma = (30, 10, -10, -30)
    by_seat = {s.seat: s for s in ledger.final}
    for place, seat in enumerate(order[1:], start=1):
        assert by_seat[seat].score == expect[seat][1] + uma[place]
    assert sum(s.score for s in ledger.final) == 0


def test_000_shortfall_is_split_by_the_others() -> None:
    # 不足が出たら他家が折半して負担する: a dealer yakuman of 48,000 on 25,000 points
    m = _match(TEXTBOOK, Hand.ron(discarder=1, winners=(Winner(seat=0, limit="yakuman"),)))
    assert m.ledger().hands[0].deltas == (48000, -25000, -11500, -11500)


def test_bust_ends_the_match_on_tenhou() -> None:
    m = _match(TENHOU, Hand.ron(discarder=1, winners=(Winner(seat=0, limit="yakuman"),)))
    assert m.ledger().over and m.ledger().scores == (73000, -23000, 25000, 25000)
    with pytest.raises(KeepError, match="the match is over"):
        m.add(Hand.draw(()))


def test_agari_yame_and_west_extension() -> None:
    east = [_ron(0, s, 1, 30) for s in (1, 2, 3)] + [_ron(1, 0, 1, 30)]
    south = [_ron(0, s, 1, 30) for s in (1, 2, 3)]
    m = _match(TENHOU, *east, *south)
    assert m.ledger().next_hand == "South 4"
    # South 4: nobody has 30,000, the non-dealer win sends the match west (西入)
    m2 = m.add(_ron(3, 1, 1, 30))
    assert not m2.ledger().over and m2.ledger().next_hand == "West 1"
    # the last dealer (seat 3) wins and is top: agari-yame ends the match
    m3 = m.add(Hand.tsumo(Winner(seat=3, limit="mangan")))
    assert m3.ledger().over and m3.ledger().final is not None


def test_mleague_plays_on_after_a_bust() -> None:
    m = _match(MLEAGUE, Hand.ron(discarder=1, winners=(Winner(seat=0, limit="yakuman"),)))
    assert not m.ledger().over


# --- impossible entries --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hand", "message"),
    [
        (
            Hand(result="tsumo", winners=(Winner(seat=1, han=1, fu=30),), discarder=2),
            "no discarder",
        ),
        (_ron(1, 1, 1, 30), "cannot also win"),
        (
            Hand.ron(discarder=0, winners=tuple(Winner(seat=s, han=1, fu=30) for s in (1, 2, 3))),
            "sanchahou",
        ),
        (_ron(0, 1, 1, 35), "cannot be"),
        (_ron(0, 1, 1, 20), "cannot be"),
        (_ron(0, 1, 4, None), "needs its fu"),
        (_ron(0, 4, 1, 30), "not a seat"),
        (Hand.draw((0, 0)), "twice"),
        (Hand.draw((1,), riichi=(2,)), "declared riichi"),
        (Hand.aborted("suucha_riichi", riichi=(0, 1, 2)), "every player"),
        (Hand.aborted("nope"), "no abortive draw"),
        (
            Hand.ron(discarder=0, winners=(Winner(seat=1, limit="mangan", pao=2),)),
            "pao is for a yakuman",
        ),
        (Hand.ron(discarder=0, winners=(Winner(seat=1, limit="giant"),)), "no limit"),
        (Hand.ron(discarder=0, winners=(Winner(seat=1, han=3, fu=30, tiles="123m"),)), "not both"),
    ],
)
def test_impossible_entries_are_refused_and_change_nothing(hand: Hand, message: str) -> None:
    m = _match(TENHOU, _ron(0, 1, 1, 30))
    before = m.ledger()
    with pytest.raises(KeepError, match=message):
        m.add(hand)
    assert m.ledger() == before and len(m.entries) == 1


def test_head_bump_refuses_a_double_ron_and_double_rules_allow_three() -> None:
    double = Hand.ron(
        discarder=0, winners=(Winner(seat=1, han=1, fu=30), Winner(seat=2, han=1, fu=30))
    )
    with pytest.raises(KeepError, match="head bump"):
        _match(TEXTBOOK, double)
    triple = Hand.ron(discarder=0, winners=tuple(Winner(seat=s, han=1, fu=30) for s in (1, 2, 3)))
    m = _match(EMA, triple)
    assert m.ledger().hands[0].deltas == (-3 * 1000, 1000, 1000, 1000)
    four = Hand.ron(discarder=0, winners=tuple(Winner(seat=s, han=1, fu=30) for s in (1, 2, 3, 0)))
    with pytest.raises(KeepError):
        _match(EMA, four)


def test_double_ron_gives_honba_and_deposits_to_the_nearest() -> None:
    m = _match(TENHOU, Hand.draw((0,), riichi=(0,)))  # dealer tenpai: 1 honba, 1 stick
    m = m.add(
        Hand.ron(discarder=1, winners=(Winner(seat=0, han=1, fu=30), Winner(seat=2, han=1, fu=30)))
    )
    hand = m.ledger().hands[1]
    # seat 2 sits next after the discarder: it takes the honba and the stick
    assert hand.deltas == (1500, -1500 - 1000 - 300, 1000 + 300 + 1000, 0)
    assert m.ledger().next_hand == "East 1 (2 honba)"


def test_sanma_tsumo_loses_the_missing_share() -> None:
    m = _match(TENHOU_SANMA, _tsumo(1, 3, 30))
    assert m.ledger().hands[0].deltas == (-2000, 3000, -1000)


def test_tiles_are_scored_by_score_win_with_the_situation() -> None:
    w = Winner(seat=1, tiles="234m456p678s55p789s", win="5p", dora="4p", ura="1z", ippatsu=True)
    m = _match(TENHOU, Hand.ron(discarder=3, winners=(w,), riichi=(1,)))
    expect = score_win(
        WinSituation.from_hand(
            "234m456p678s55p789s",
            win="5p",
            dora="4p",
            ura="1z",
            discarder=3,
            winner=1,
            dealer=0,
            riichi=Riichi.RIICHI,
            ippatsu=True,
            deposits=1,  # the winner's own riichi stick
        )
    )
    record = m.ledger().hands[0]
    assert record.payments[-1].deltas == expect.deltas
    assert "riichi" in record.payments[-1].detail.lower()
    with pytest.raises(KeepError, match="tiles"):
        _match(TENHOU, Hand.ron(discarder=3, winners=(Winner(seat=1, tiles="123m", win="1m"),)))


# --- editing ---------------------------------------------------------------------------------


def test_editing_an_earlier_hand_recomputes_what_follows() -> None:
    m = _match(TENHOU, _ron(1, 0, 1, 30), _ron(2, 1, 1, 30))
    assert m.ledger().hands[1].honba == 1
    edited = m.edit(0, _ron(0, 1, 1, 30))  # a non-dealer won instead: no honba after
    assert edited.ledger().hands[1].honba == 0
    assert edited.ledger().hands[1].round_index == 1
    assert m.delete(0).ledger().hands[0].deltas == (0, 1000, -1000, 0)
    assert m.undo().entries == m.entries[:1]


def test_an_edit_that_makes_a_later_hand_impossible_is_refused() -> None:
    m = _match(TENHOU, _ron(1, 0, 3, 30), _ron(2, 3, 1, 30))
    bust = Hand.ron(discarder=1, winners=(Winner(seat=0, limit="yakuman"),))
    with pytest.raises(KeepError, match="hand 2: the match is over"):
        m.edit(0, bust)


def test_from_dict_round_trip_and_errors() -> None:
    hand = Hand.ron(discarder=2, winners=(Winner(seat=1, han=3, fu=30, pao=None),), riichi=(1,))
    assert Hand.from_dict(hand.to_dict()) == hand
    with pytest.raises(KeepError, match="unknown keys"):
        Hand.from_dict({"result": "draw", "colour": 1})
    with pytest.raises(KeepError, match="whole number"):
        Hand.from_dict({"result": "ron", "discarder": 0, "winners": [{"seat": 1, "han": "3"}]})


# --- G1: the first dealer by dice ------------------------------------------------------------


def test_g1_first_dealer_by_two_rolls() -> None:
    # 仮東が賽を振ります。出目の数だけ仮東から右に数え、当ったものが賽を振ります。賽を振った
    # ものから出目だけ右に数え当ったものが起家となります。
    assert "出目の数だけ仮東から右に数え" in SEED_000
    assert first_dealer_by_dice((5, 5), 4) == 0  # 5 → the temporary East; 5 → itself
    assert first_dealer_by_dice((2, 2), 4) == 2
    assert first_dealer_by_dice((12, 3), 3) == 1  # 12 → place 2; 3 → place 1
    rolls = roll_dice(random.Random(7))
    assert all(2 <= r <= 12 for r in rolls)
    m = Match.new(TENHOU, NAMES, first_dealer=first_dealer_by_dice((2, 2), 4))
    assert m.names == ("Chie", "Dai", "Aoi", "Ben")


def test_tenpai_yame_ends_the_match_where_the_rules_have_it() -> None:
    # M3: the last dealer, top and tenpai at an exhaustive draw, stops (Tenhou); M-League
    # plays on (renchan without tenpai-yame)
    hands = [_ron(0, 1, 1), _ron(1, 2, 1), _ron(2, 3, 1), _ron(1, 0, 1)]
    hands += [_ron(0, 1, 1), _ron(0, 2, 1), _ron(0, 3, 3)]
    for rules, over in ((TENHOU, True), (MLEAGUE, False)):
        m = _match(rules, *hands)
        assert m.ledger().next_hand == "South 4"
        m = m.add(Hand.draw((3,)))
        assert m.ledger().over is over
        if not over:
            assert m.ledger().next_hand == "South 4 (1 honba)"


def test_nagashi_mangan_where_the_rules_have_it() -> None:
    m = _match(TENHOU, Hand.draw((1,), nagashi=(2,)))
    assert m.ledger().hands[0].deltas == (-4000, -2000, 8000, -2000)  # Y28: a mangan tsumo
    assert m.ledger().next_hand == "East 2 (1 honba)"  # the dealer was noten
    with pytest.raises(KeepError, match="nagashi mangan is not played"):
        _match(TEXTBOOK, Hand.draw((1,), nagashi=(2,)))


def test_pao_on_a_ron_and_a_tsumo() -> None:
    # S11: on a ron the liable seat and the discarder share the yakuman; on a tsumo the
    # liable seat pays it all
    win = Winner(seat=1, limit="yakuman", pao=2)
    m = _match(TENHOU, Hand.ron(discarder=3, winners=(win,)))
    assert m.ledger().hands[0].deltas == (0, 32000, -16000, -16000)
    m = _match(TENHOU, Hand.tsumo(win))
    assert m.ledger().hands[0].deltas == (0, 32000, -32000, 0)
    with pytest.raises(KeepError, match="pao is not played"):
        _match(TEXTBOOK, Hand.ron(discarder=3, winners=(win,)))
