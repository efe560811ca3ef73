"""Flower tiles (花牌, T4): notation, the wall of 136 + flowers, the deal, the engine.

RULES.md T4: up to 144 tiles (000 牌: 花麻雀ではこれらの他に花牌と呼ばれる物が使われる;
002 §01: 全136枚 … 花牌を使う場合は最大144枚); option ``flowers``, default off; where on,
a drawn flower is set aside with a replacement draw and counts as one dora, like a
nukidora. The tests script deals where a flower is dealt, drawn, drawn again on the
replacement and drawn as the last tile; score a win with flowers against the 003 score
table and the ``mahjong`` package; and play whole matches with flowers on, checking
after every decision that each of the 136 + N tiles is in exactly one place and that
the mjai log reads back and replays through ``apply``.
"""

from __future__ import annotations

import io
import random
from collections import Counter
from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from mahjong.hand_calculating.hand import HandCalculator
from mahjong.hand_calculating.hand_config import HandConfig, OptionalRules
from mahjong.tile import TilesConverter

from jantaku.agents import EfficiencyAgent, RandomAgent
from jantaku.agents.human import render_view
from jantaku.cli import main
from jantaku.engine import Referee, State, apply, build_wall, full_set, observe
from jantaku.engine.state import Phase
from jantaku.engine.wall import Wall, set_aside_dealt_flowers
from jantaku.errors import IllegalActionError, LogFormatError, NotationError, RulesError
from jantaku.events import (
    Action,
    Ankan,
    Chi,
    Dahai,
    Dora,
    EndGame,
    Event,
    Flower,
    Hora,
    Kakan,
    Nukidora,
    Pass,
    Pon,
    Reach,
    Ryukyoku,
    StartKyoku,
    Tsumo,
    event_from_mjai,
    event_to_mjai,
)
from jantaku.logs.mjai import MjaiReader, dumps_game, in_file_order
from jantaku.match import play_match
from jantaku.rules import TENHOU, TENHOU_SANMA, Rules
from jantaku.scoring import WinSituation, score_win
from jantaku.tiles import (
    FLOWER,
    NORTH,
    UNKNOWN,
    format_tiles,
    format_unicode,
    parse_tiles,
    parse_unicode,
    tile_from_mjai,
    tile_to_mjai,
)

FLOWERS8 = replace(TENHOU, flowers=8)
FLOWERS4 = replace(TENHOU, flowers=4)

# --- notation ---------------------------------------------------------------------------

_TILES = st.lists(st.sampled_from([*range(37), FLOWER]), max_size=20)


@settings(deadline=None)  # no limit on an example's time: CI machines are busy
@given(_TILES)
def test_every_notation_round_trips_with_flowers(tiles: list[int]) -> None:
    assert parse_tiles(format_tiles(tiles)) == tuple(tiles)
    assert parse_unicode(format_unicode(tiles)) == tuple(tiles)
    assert tuple(tile_from_mjai(tile_to_mjai(t)) for t in tiles) == tuple(tiles)


def test_flower_notation() -> None:
    assert parse_tiles("1f 11f") == (FLOWER,) * 3
    assert format_tiles(parse_tiles("1m1f1m")) == "1m1f1m"
    assert tile_to_mjai(FLOWER) == "H" and tile_from_mjai("H") == FLOWER
    # the eight flower and season glyphs U+1F022–U+1F029 all read as a flower
    assert parse_unicode("".join(chr(0x1F022 + i) for i in range(8))) == (FLOWER,) * 8
    assert format_unicode([FLOWER, UNKNOWN]) == "\U0001f022\U0001f02b"
    with pytest.raises(NotationError, match="a flower is written 1f"):
        parse_tiles("3f")
    with pytest.raises(NotationError, match="suit letter without digits"):
        parse_tiles("f")


# --- the set and the wall ---------------------------------------------------------------


def test_the_set_holds_136_plus_the_flowers() -> None:
    # 002 §01: 花牌を使う場合は最大144枚
    assert len(full_set(FLOWERS8)) == 144
    assert Counter(full_set(FLOWERS4))[FLOWER] == 4
    assert len(full_set(replace(TENHOU_SANMA, flowers=8))) == 116
    assert full_set(replace(FLOWERS8, flowers=0)) == full_set(TENHOU)
    with pytest.raises(RulesError):
        replace(TENHOU, flowers=6)


def _places(wall: Wall) -> Counter[int]:
    """Every tile of a freshly dealt wall, counted where it lies."""
    c: Counter[int] = Counter()
    for h in wall.hands:
        c.update(h)
    c[FLOWER] += sum(wall.flowers)
    reps = wall.replacements
    c.update(wall.rinshan[min(reps, 4) :])
    c.update(wall.live[wall.drawn : len(wall.live) - max(0, reps - 4)])
    c.update(wall.dora_indicators)
    c.update(wall.ura_indicators)
    return c


@pytest.mark.parametrize("rules", [FLOWERS8, FLOWERS4, replace(TENHOU_SANMA, flowers=4)])
def test_seeded_walls_deal_and_replace_flowers(rules: Rules) -> None:
    n = rules.players
    total = len(full_set(rules))
    dealt_flowers = replaced_again = 0
    for seed in range(300):
        oya = seed % n
        w = build_wall(rules, seed, oya)
        assert _places(w) == Counter(w.ring) == Counter(full_set(rules))
        assert all(len(h) == 13 and FLOWER not in h for h in w.hands)
        assert FLOWER not in w.dora_indicators and FLOWER not in w.ura_indicators
        # the dead wall stays at 14: each replacement shortens the live wall
        assert w.live_count == total - 14 - 13 * n - sum(w.flowers)
        assert w.replacements == sum(w.flowers)
        dealt_flowers += sum(w.flowers)
        replaced_again += sum(w.flowers) > sum(
            1 for h in w.hands for t in h if t in w.rinshan[: w.replacements]
        )
    assert dealt_flowers > 100 and replaced_again > 0


def test_144_tiles_make_four_walls_of_18_stacks() -> None:
    # the break is d stacks from the right end of the wall chosen by the dice (000 砌牌),
    # each wall 18 stacks long with 144 tiles, 17 with 136
    for rules, each in ((FLOWERS8, 18), (TENHOU, 17)):
        for seed in range(40):
            w = build_wall(rules, seed, 0)
            d = sum(w.dice)
            ring_wall = (-((d - 1) % 4)) % 4
            assert w.wall_break == (ring_wall * each + d) % (4 * each)


def test_dealt_flowers_are_replaced_in_rounds_from_the_dealer() -> None:
    # mahjongg.com "Loose Tiles And The Kong Box": replacements go to each player in
    # turn from East; a flower among them is replaced after all players have had theirs
    hands = [
        list(parse_tiles(h))
        for h in ("1234567899m11f1z", "123456789p1111f", "1112223334445z", "1122334455667s")
    ]
    w = Wall(
        hands=hands,
        live=list(parse_tiles("99s88s77s66s")),
        rinshan=list(parse_tiles("6m1f7m8m")),
        dora_indicators=[],
        ura_indicators=[],
        dice=(3, 4),
        wall_break=0,
    )
    set_aside_dealt_flowers(w, oya=1)  # seat 1 deals: seats 1, 2, 3, 0 in turn
    assert w.flowers == [2, 5, 0, 0]
    # seat 1 takes 6m 1f 7m 8m (its flower waits), seat 0 the last two tiles of the
    # live wall (the dead wall is replenished from there), then seat 1 the next one
    assert format_tiles(w.hands[1]) == "123456789p678m7s"
    assert format_tiles(w.hands[0]) == "1234567899m1z66s"
    assert w.live_count == 8 - 7  # seven replacements, the dead wall kept at 14


# --- scripted deals through the referee --------------------------------------------------


def _factory(
    rules: Rules, hands: list[str], *, head: str = "", rinshan: str = "", tail: str = ""
) -> Callable[[int, int], Wall]:
    """The first hand dealt ``hands`` with the dealer's draws starting ``head``, the dead
    wall's replacements starting ``rinshan`` and the live wall ending in ``tail``."""
    calls = [0]

    def walls(seed: int, oya: int) -> Wall:
        calls[0] += 1
        if calls[0] > 1:
            return build_wall(rules, seed, oya)
        dealt = [list(parse_tiles(h)) for h in hands]
        fixed = [list(parse_tiles(x)) for x in (head, rinshan, tail, "1z")]
        pool = full_set(rules)
        for t in [*(t for h in dealt for t in h), *(t for f in fixed for t in f)]:
            pool.remove(t)
        random.Random(seed).shuffle(pool)
        plain = [t for t in pool if t != FLOWER]
        indicators, rest = [*fixed[3], *plain[:9]], plain[9:]
        # leftover flowers go to the middle of the live wall
        middle = [*rest, *[FLOWER] * (len(pool) - len(plain))]
        random.Random(seed + 1).shuffle(middle)
        rin = fixed[1] + middle[: 4 - len(fixed[1])]
        middle = middle[4 - len(fixed[1]) :]
        w = Wall(
            hands=dealt,
            live=[*fixed[0], *middle, *fixed[2]],
            rinshan=rin,
            dora_indicators=indicators[:5],
            ura_indicators=indicators[5:10],
            dice=(1, 1),
            wall_break=0,
            ring=full_set(rules),
        )
        set_aside_dealt_flowers(w, oya)
        return w

    return walls


# the dora indicator is 1z (dora 2z, held by nobody in these deals)
_HANDS = ["234m567p678s88p46s", "1112223334445z", "1112345678999m", "1112345678999p"]


def test_a_dealt_flower_is_set_aside_before_play() -> None:
    hands = ["234m567p678s8p1f46s", *_HANDS[1:]]
    ref = Referee(FLOWERS8, walls=_factory(FLOWERS8, hands, rinshan="8p"))
    deal = next(e for e in ref.log if isinstance(e, StartKyoku))
    assert deal.flowers == (1, 0, 0, 0)
    assert sorted(deal.tehais[0]) == sorted(parse_tiles("234m567p88p678s46s"))
    s = ref.state
    assert s.flowers == [1, 0, 0, 0]
    # 144 tiles, 14 dead, 52 dealt, the dealer's first draw, one replacement
    assert s.live == 144 - 14 - 52 - 1 - 1
    assert observe(s, 2).flowers == (1, 0, 0, 0)
    # the deal's replacement does not break the first go-around: double riichi stands
    assert Reach(0) in ref.pending()[0]
    ref.submit({0: Reach(0)})
    assert not s.interrupted


def _tsumogiri(seat: int, state: State, legal: tuple[Action, ...]) -> Action:
    for a in legal:
        if isinstance(a, Dahai) and a.tsumogiri:
            return a
    passes = [a for a in legal if isinstance(a, Pass)]
    return passes[0] if passes else next(a for a in legal if isinstance(a, Dahai))


def test_a_drawn_flower_is_set_aside_and_replaced_from_the_dead_wall() -> None:
    ref = Referee(FLOWERS8, walls=_factory(FLOWERS8, _HANDS, head="1f", rinshan="9s"))
    log = ref.log
    i = next(i for i, e in enumerate(log) if isinstance(e, StartKyoku))
    assert log[i + 1 : i + 3] == [Flower(0, FLOWER), Tsumo(0, parse_tiles("9s")[0])]
    s = ref.state
    assert s.flowers[0] == 1 and s.rinshan_draw and s.interrupted
    assert s.live == 144 - 14 - 52 - 2
    # nobody can win on a flower: the dealer alone decides, on its replacement tile
    assert list(ref.pending()) == [0]
    # like a nukidora it ends the first go-around: riichi now is not double riichi
    ref.submit({0: Reach(0)})
    ref.submit({0: Dahai(0, parse_tiles("9s")[0], True)})
    assert s.riichi[0] == 1


def test_a_flower_on_the_replacement_is_set_aside_again() -> None:
    ref = Referee(FLOWERS8, walls=_factory(FLOWERS8, _HANDS, head="1f", rinshan="1f9s"))
    log = ref.log
    i = next(i for i, e in enumerate(log) if isinstance(e, StartKyoku))
    nine = parse_tiles("9s")[0]
    assert log[i + 1 : i + 4] == [Flower(0, FLOWER), Flower(0, FLOWER), Tsumo(0, nine)]
    # the flower, the flower drawn as its replacement, and the tile drawn for that one
    assert ref.state.flowers == [2, 0, 0, 0] and ref.state.live == 144 - 14 - 52 - 3
    assert ref.wall is not None and ref.wall.live_count == ref.state.live


def test_a_flower_breaks_ippatsu_when_its_replacement_is_drawn() -> None:
    # the dealer declares (double) riichi; the next seat draws a flower
    ref = Referee(FLOWERS8, walls=_factory(FLOWERS8, _HANDS, head="9s1f", rinshan="9p"))
    s = ref.state
    ref.submit({0: Reach(0)})
    ref.submit({0: Dahai(0, parse_tiles("9s")[0], True)})
    assert s.riichi[0] == 2
    assert isinstance(ref.log[-2], Flower) and ref.log[-2].actor == 1
    assert ref.log[-1] == Tsumo(1, parse_tiles("9p")[0])
    assert not s.ippatsu[0]


def test_a_flower_as_the_last_tile_ends_the_hand_in_the_exhaustive_draw() -> None:
    rules = FLOWERS4
    hands = ["234m567p678s8p46s1f", "1357m1357p1357s1z", "2468m2468p2468s2z", "99m99p99s34567z11f"]
    # three replacements in the deal moved the last three live tiles (777m) to the dead
    # wall: the flower before them is the last tile of the live wall
    ref = Referee(rules, walls=_factory(rules, hands, rinshan="8p", tail="1f777m"))
    assert ref.state.flowers == [1, 0, 0, 2]
    while not any(isinstance(e, Ryukyoku) for e in ref.log):
        pend = ref.pending()
        ref.submit({seat: _tsumogiri(seat, ref.state, legal) for seat, legal in pend.items()})
    end = next(i for i, e in enumerate(ref.log) if isinstance(e, Ryukyoku))
    flower, draw = ref.log[end - 1], ref.log[end]
    assert isinstance(flower, Flower) and isinstance(draw, Ryukyoku)
    assert draw.reason == "exhaustive" and draw.deltas is not None
    # the dealer is tenpai on 5s (kanchan), the others are not: 3000 no-ten (G9)
    assert draw.tenpai == (0,) and draw.deltas == (3000, -1000, -1000, -1000)
    assert draw.tehais is not None and len(draw.tehais[0]) == 13


def test_a_win_on_the_replacement_counts_the_flower_as_dora() -> None:
    ref = Referee(FLOWERS8, walls=_factory(FLOWERS8, _HANDS, head="1f", rinshan="5s"))
    five = parse_tiles("5s")[0]
    win = Hora(0, 0, five)
    assert win in ref.pending()[0]
    events = ref.submit({0: win})
    hora = next(e for e in events if isinstance(e, Hora))
    assert hora.yaku is not None and dict(hora.yaku) == {
        "menzen_tsumo": 1,
        "tanyao": 1,
        "rinshan": 1,
        "flower": 1,
    }
    # 003 親のアガリ得点早見表: 30符 4翻 ツモ 3900オール
    assert (hora.han, hora.fu) == (4, 30)
    assert hora.deltas == (11700, -3900, -3900, -3900)
    # the mahjong package (no flowers) gives the same hand one han less
    calc = HandCalculator()
    peer = calc.estimate_hand_value(
        TilesConverter.string_to_136_array(man="234", pin="56788", sou="456678"),
        TilesConverter.string_to_136_array(sou="5")[0],
        config=HandConfig(
            is_tsumo=True,
            is_rinshan=True,
            player_wind=27 + 0,
            round_wind=27,
            options=OptionalRules(has_open_tanyao=True, has_aka_dora=False),
        ),
    )
    assert peer.error is None and (peer.han, peer.fu) == (3, 30)
    # and scoring states the flowers in its result
    situation = WinSituation.from_hand(
        "234m567p678s88p456s", win="5s", flowers=1, rinshan=True, rules=FLOWERS8
    )
    result = score_win(situation)
    assert result.flowers == 1 and result.han == 3 + 1


# --- the events and apply ------------------------------------------------------------------


def test_flower_events_round_trip_and_are_checked() -> None:
    e = Flower(actor=3, pai=FLOWER)
    assert event_to_mjai(e) == {"type": "flower", "actor": 3, "pai": "H"}
    assert event_from_mjai(event_to_mjai(e)) == e
    with pytest.raises(LogFormatError, match="flower"):
        event_from_mjai({"type": "flower", "actor": 0, "pai": "N"})
    deal = StartKyoku(27, 1, 0, 0, 0, 31, (25000,) * 4, ((0,) * 13,) * 4, flowers=(2, 0, 1, 0))
    assert event_to_mjai(deal)["flowers"] == [2, 0, 1, 0]
    assert event_from_mjai(event_to_mjai(deal)) == deal
    with pytest.raises(LogFormatError):
        event_from_mjai({**event_to_mjai(deal), "flowers": [1, 0]})


def test_apply_refuses_flowers_where_the_rules_have_none_or_out_of_turn() -> None:
    ref = Referee(TENHOU, seed=3)
    s = ref.state
    assert s.phase == Phase.ACT
    with pytest.raises(IllegalActionError, match="the set holds 0 flowers"):
        apply(s, Flower(0, FLOWER))
    ref = Referee(FLOWERS8, seed=3)
    s = ref.state
    before = (list(s.flowers), s.live, s.phase)
    with pytest.raises(IllegalActionError):
        apply(s, Flower(s.turn, FLOWER))  # the seat has drawn: it discards now
    with pytest.raises(IllegalActionError):
        apply(s, Flower(s.turn, NORTH))
    assert (list(s.flowers), s.live, s.phase) == before


# --- whole matches with flowers ------------------------------------------------------------


def _mixed_players(n: int, seed: int) -> Callable[[int, State, tuple[Action, ...]], Action]:
    """Random-legal play at even seats, the efficiency bot at odd seats."""
    rng = random.Random(seed)
    bots = [EfficiencyAgent() for _ in range(n)]

    def choose(seat: int, state: State, legal: tuple[Action, ...]) -> Action:
        if seat % 2:
            return bots[seat].act(observe(state, seat), legal)
        return rng.choice(legal)

    return choose


def _table(ref: Referee) -> Counter[int]:
    """Every tile of the hand in play, counted where it lies (hands, melds, rivers,
    north and flowers set aside, the walls)."""
    s = ref.state
    w = ref.wall
    assert w is not None
    c: Counter[int] = Counter()
    for i in range(s.players):
        c.update(s.hands[i])
        for m in s.melds[i]:
            c.update(m.tiles)
        c.update(t for t, f in zip(s.rivers[i], s.river_flags[i], strict=True) if not f & 4)
        c[NORTH] += s.nuki[i]
        c[FLOWER] += s.flowers[i]
    reps = w.replacements
    c.update(w.rinshan[min(reps, 4) :])
    c.update(w.live[w.drawn : len(w.live) - max(0, reps - 4)])
    c.update(w.dora_indicators)
    c.update(w.ura_indicators)
    return c


@pytest.mark.parametrize(
    ("rules", "seeds"),
    [(FLOWERS8, range(6)), (FLOWERS4, range(4)), (replace(TENHOU_SANMA, flowers=4), range(4))],
)
def test_matches_with_flowers_keep_every_tile_in_one_place(rules: Rules, seeds: range) -> None:
    full = Counter(full_set(rules))
    flowers_seen = wins_with_flowers = hands = 0
    for seed in seeds:
        choose = _mixed_players(rules.players, seed)
        ref = Referee(rules, seed=seed)
        hands += 1  # the first hand is dealt as the referee starts
        while not ref.done:
            s = ref.state
            if s.phase not in (Phase.END_GAME, Phase.DONE):
                assert _table(ref) == full
                assert s.live == ref.wall.live_count if ref.wall else True
                assert sum(s.flowers) <= rules.flowers
                assert sum(s.scores) + 1000 * s.kyotaku == rules.start_points * rules.players
            pend = ref.pending()
            flowers_before = list(s.flowers)
            for e in ref.submit({i: choose(i, s, legal) for i, legal in pend.items()}):
                if isinstance(e, Flower):
                    flowers_seen += 1
                if isinstance(e, StartKyoku):
                    hands += 1
                if isinstance(e, Hora) and flowers_before[e.actor]:
                    yaku = dict(e.yaku or ())
                    assert yaku.get("flower") == flowers_before[e.actor]
                    wins_with_flowers += 1
    # about half the set's flowers come up in a hand's draws (the rest are dealt, or
    # left in the wall): at least a quarter of them a hand, on average
    assert flowers_seen >= hands * rules.flowers // 4
    assert wins_with_flowers > 0


@pytest.mark.parametrize("rules", [FLOWERS8, replace(TENHOU_SANMA, flowers=8)])
def test_mjai_logs_with_flowers_read_back_and_replay(rules: Rules) -> None:
    for seed in range(2):
        out = io.StringIO()
        agents = [
            EfficiencyAgent() if i % 2 else RandomAgent(seed * 7 + i) for i in range(rules.players)
        ]
        result = play_match(agents, rules=rules, seed=seed, log=out)
        text = out.getvalue()
        assert '"type":"flower"' in text and '"flowers":[' in text
        game = MjaiReader(io.StringIO(text)).read_game(strict=True)
        assert game is not None and game.complete and game.errors == []
        assert game.events == in_file_order(result.log) and dumps_game(game.events) == text
        assert game.rules() == rules
        state = State(rules)
        kinds: Counter[str] = Counter()
        for e in game.events:
            apply(state, e)
            kinds[type(e).__name__] += 1
            if isinstance(e, Hora | Ryukyoku):
                assert state.results[-1] == e
        end = game.events[-1]
        assert isinstance(end, EndGame) and state.final == end
        assert kinds["Flower"] > 5


def test_play_with_flowers_from_any_preset() -> None:
    # a preset's rules with flowers switched on: the rules travel in the log header
    for name in ("majsoul", "textbook", "majsoul-sanma"):
        rules = replace(Rules.preset(name), flowers=8)
        assert Rules.from_json(rules.to_json()) == rules
        log: list[Event] = play_match(
            [RandomAgent(i) for i in range(rules.players)], rules=rules, seed=11
        ).log
        assert any(isinstance(e, Flower) for e in log)


def test_selfplay_and_play_take_flowers_on_any_preset(tmp_path: Path) -> None:
    assert (
        main(
            [
                "selfplay",
                "--games",
                "1",
                "--rules",
                "textbook",
                "--flowers",
                "4",
                "--log",
                str(tmp_path),
            ]
        )
        == 0
    )
    game = MjaiReader(io.StringIO((tmp_path / "match_0.jsonl").read_text())).read_game()
    assert game is not None and game.rules() == replace(Rules.preset("textbook"), flowers=4)
    assert any(isinstance(e, Flower) for e in game.events)
    with pytest.raises(SystemExit):  # 0, 4 or 8
        main(["selfplay", "--games", "1", "--flowers", "6"])


def test_a_flower_anywhere_else_is_refused_and_the_state_is_untouched() -> None:
    ref = Referee(FLOWERS8, seed=5)
    s = ref.state
    seat = s.turn
    other = (seat + 1) % 4
    f4 = (FLOWER,) * 4
    bad: list[Event] = [
        Tsumo(seat, FLOWER),
        Dahai(seat, FLOWER, True),
        Chi(other, seat, FLOWER, f4[:2]),
        Pon(other, seat, FLOWER, f4[:2]),
        Kakan(seat, FLOWER, f4[:3]),
        Ankan(seat, f4),
        Nukidora(seat, FLOWER),
        Dora(FLOWER),
        Hora(seat, seat, FLOWER),
        Flower(other, FLOWER),
    ]
    views = [observe(s, i) for i in range(4)]
    for e in bad:
        with pytest.raises(IllegalActionError):
            apply(s, e)
        assert [observe(s, i) for i in range(4)] == views
    fresh = apply(State(FLOWERS8), ref.log[0])
    deal = ref.log[1]
    assert isinstance(deal, StartKyoku)
    hands = (tuple(FLOWER if i == 0 else t for i, t in enumerate(deal.tehais[0])), *deal.tehais[1:])
    for e in (replace(deal, tehais=hands), replace(deal, dora_marker=FLOWER)):
        with pytest.raises(IllegalActionError):
            apply(fresh, e)
    with pytest.raises(IllegalActionError, match="flowers set aside"):
        apply(fresh, replace(deal, flowers=(5, 4, 0, 0)))


def test_the_terminal_table_shows_the_flowers_set_aside() -> None:
    ref = Referee(FLOWERS8, walls=_factory(FLOWERS8, _HANDS, head="1f", rinshan="9s"))
    text = render_view(observe(ref.state, 2), ["east", "south", "west", "north"])
    assert "flowers \U0001f022 1f×1" in text


def test_a_tenhou_record_of_a_flower_game_is_refused() -> None:
    """Tenhou's format has no flower tiles: writing one is a typed error, not a silent loss."""
    from jantaku.logs.tenhou import to_tenhou6

    ref = Referee(FLOWERS8, seed=3)
    ref.play(lambda seat, state, legal: legal[0])
    assert any(isinstance(e, Flower) for e in ref.log)
    with pytest.raises(LogFormatError, match="flower"):
        to_tenhou6(ref.log)
    # the same match without its flower events is still refused: the rules hold flowers
    with pytest.raises(LogFormatError, match="flower"):
        to_tenhou6([e for e in ref.log if not isinstance(e, Flower)])
    plain = Referee(TENHOU, seed=3)
    plain.play(lambda seat, state, legal: legal[0])
    assert to_tenhou6(plain.log)["log"]
