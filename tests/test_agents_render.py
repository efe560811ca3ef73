"""Terminal text: tiles, calls and results as a player reads them."""

from __future__ import annotations

import random

from jantaku.agents.render import (
    DRAW_NAMES,
    describe_action,
    format_hand_line,
    format_result,
    meld_of_call,
    round_name,
    tile_text,
)
from jantaku.engine import Referee
from jantaku.events import (
    DRAW_REASONS,
    Ankan,
    Chi,
    Daiminkan,
    Hora,
    Kakan,
    Nukidora,
    Pon,
    Ryukyoku,
)
from jantaku.meld import MeldKind, parse_meld
from jantaku.rules import PRESETS
from jantaku.tiles import EAST, NORTH, SOUTH, parse_tiles, sort_key


def test_tiles_use_the_code_points_of_the_seed_table() -> None:
    # 003: 🀇 U+1F007 is 1m, 🀙 U+1F019 is 1p, 🀐 U+1F010 is 1s, 🀀 U+1F000 is East,
    # 🀄 U+1F004 is chun
    assert tile_text(parse_tiles("1m")[0]) == "\U0001f007 1m"
    assert tile_text(parse_tiles("1p")[0]) == "\U0001f019 1p"
    assert tile_text(parse_tiles("1s")[0]) == "\U0001f010 1s"
    assert tile_text(EAST) == "\U0001f000 1z"
    assert tile_text(parse_tiles("7z")[0]) == "\U0001f004 7z"


def test_hand_line_sorts_and_sets_the_drawn_tile_apart() -> None:
    hand = parse_tiles("9s1m5z0p5p")
    line = format_hand_line(hand, drawn=parse_tiles("5p")[0])
    glyphs, notation = line.split("   ")
    assert notation == "1m0p9s5z 5p"  # the drawn 5p apart, the red 5p kept in the hand
    assert glyphs.endswith(" \U0001f01d")  # 🀝 5p apart
    assert format_hand_line(hand).split("   ")[1] == "1m05p9s5z"


def test_calls_are_shown_in_meld_notation_with_the_right_direction() -> None:
    m3, m4, m5 = parse_tiles("345m")
    chi = Chi(actor=1, target=0, pai=m3, consumed=(m4, m5))
    assert describe_action(chi) == "chii [3-45m]"
    p = parse_tiles("7z")[0]
    # from the right (shimocha), across (toimen), the left (kamicha)
    assert describe_action(Pon(0, 1, p, (p, p))) == "pon [777+z]"
    assert describe_action(Pon(0, 2, p, (p, p))) == "pon [777=z]"
    assert describe_action(Pon(0, 3, p, (p, p))) == "pon [777-z]"
    # three players: the player on the left is two seats on
    assert describe_action(Pon(0, 2, p, (p, p)), players=3) == "pon [777-z]"
    assert describe_action(Daiminkan(2, 0, p, (p, p, p))) == "kan [7777=z]"
    assert describe_action(Ankan(0, (NORTH,) * 4)) == "ankan [4444z]"
    assert describe_action(Kakan(0, p, (p, p, p))).startswith("kakan [")
    assert describe_action(Nukidora(1, NORTH)).startswith("set aside north")
    assert "九種九牌" in describe_action(Ryukyoku(reason="kyuushu_kyuuhai", actor=0))


def test_every_call_offered_in_real_matches_reads_back_as_its_meld() -> None:
    """The notation shown for each call parses back to a meld with the same tiles."""
    seen: set[MeldKind] = set()
    for seed in range(4):
        rng = random.Random(seed)
        ref = Referee(PRESETS["tenhou"], seed=seed)
        while not ref.done:
            pend = ref.pending()
            for legal in pend.values():
                for a in legal:
                    if isinstance(a, Chi | Pon | Daiminkan | Kakan | Ankan):
                        meld = meld_of_call(a)
                        text = describe_action(a).split(" ", 1)[1]
                        back = parse_meld(text)
                        assert back == meld
                        tiles = a.consumed if isinstance(a, Ankan) else (*a.consumed, a.pai)
                        assert sorted(back.tiles, key=sort_key) == sorted(tiles, key=sort_key)
                        seen.add(back.kind)
            ref.submit({s: acts[rng.randrange(len(acts))] for s, acts in pend.items()})
    assert {MeldKind.CHII, MeldKind.PON} <= seen


def test_round_names_follow_the_seed_convention() -> None:
    # 000 局の呼称: 東1局, 南2局 …, with the honba count
    assert round_name(EAST, 1, 0) == "East 1, 0 honba (東1局0本場)"
    assert round_name(SOUTH, 4, 3) == "South 4, 3 honba (南4局3本場)"


def test_results_name_winner_han_fu_and_every_payment() -> None:
    tsumo = Hora(
        actor=2,
        target=2,
        pai=parse_tiles("5p")[0],
        deltas=(-1000, -2000, 4000, -1000),
        yaku=(("menzen tsumo", 1), ("pinfu", 1)),
        han=2,
        fu=20,
        points=4000,
        pao=None,
    )
    text = format_result(tsumo, ["A", "B", "C", "D"], ["hand line"])
    assert text.splitlines()[0] == "C wins by TSUMO on \U0001f01d 5p"
    assert "  hand line" in text and "1 han  平和 pinfu" in text
    assert "20 fu 2 han = 4000" in text
    assert "A -1000, B -2000, C +4000, D -1000" in text
    liable = Hora(actor=0, target=1, deltas=(32000, 0, -32000, 0), han=13, points=32000, pao=2)
    assert "liable (pao): seat 2" in format_result(liable)
    for reason in DRAW_REASONS:
        assert DRAW_NAMES[reason].split(" (")[0] in format_result(Ryukyoku(reason=reason))
    nobody = format_result(Ryukyoku(deltas=(0, 0, 0, 0), tenpai=()))
    assert "tenpai: nobody" in nobody and "payments: none" in nobody
