"""The defensive bot on positions read from its games: each a mistake it made, now pinned.

Each position is built by hand (seat 0 to play, the others' rivers and melds as they
lay); the bot must answer as a strong player would, and the reason it gives says why.
"""

from __future__ import annotations

from collections.abc import Sequence

from jantaku.agents import DefensiveAgent
from jantaku.agents.defensive import threats, tile_danger, visible_counts
from jantaku.engine.view import Discard, View, split_rivers
from jantaku.events import Action, Dahai, Reach
from jantaku.meld import Meld
from jantaku.tiles import EAST, KIND_OF, parse_tiles


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
    oya: int = 0,
    tiles_left: int = 30,
) -> View:
    """Seat 0's view on its own turn, ``hand`` its concealed tiles (the last one drawn)."""
    tiles = parse_tiles(hand)
    tiles_of, flags = split_rivers(rivers)
    return View(
        seat=0,
        players=4,
        phase="act",
        bakaze=EAST,
        kyoku=1,
        honba=0,
        kyotaku=sum(1 for r in riichi if r),
        oya=oya,
        turn=0,
        scores=(25000, 25000, 25000, 25000),
        dora_markers=(),
        tiles_left=tiles_left,
        hand=tiles,
        drawn=tiles[-1],
        hand_sizes=(len(tiles), *(13 - 3 * len(m) for m in melds[1:])),
        melds=tuple(melds),
        river_tiles=tiles_of,
        river_flags=flags,
        riichi=riichi,
        nuki=(0, 0, 0, 0),
        last_discard=None,
        last_discarder=None,
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


def pon(text: str, called_from: int = 1) -> Meld:
    tiles = parse_tiles(text)
    return Meld.pon(tiles, called=tiles[0], called_from=called_from)


def chii(text: str) -> Meld:
    tiles = parse_tiles(text)
    return Meld.chii(tiles, called=tiles[0])


def test_the_fourth_copy_of_a_tile_still_deals_into_a_two_sided_wait() -> None:
    """At houtei it threw its 1m, the fourth in sight, into a 23m wait: four copies of a
    tile rule out only the pair and single waits on it, not the 23m that takes it. The
    copies of its neighbours are what rule waits out: with every 2m in sight no wait
    can use a 2m, so 1m is left to pairs and singles and 3m loses its 12m and 24m waits."""
    rivers = (
        (),
        river("9p4z7s2s8s5z6z1z7z3z9m4s", riichi_at=11),  # riichi; 1m-4m never discarded
        river("1m1m9p6z7z9m5s1s8p3z8s7p"),
        river("1m9p5z6z4z9m7z1s8p2z3s6s"),
    )
    v = view("1m5p9p3s6s8s1z2z3z4z8m5m6p9s", rivers=rivers, riichi=(0, 1, 0, 0), tiles_left=0)
    assert visible_counts(v)[k("1m")] == 4
    d = tile_danger(v, 1)
    assert d[k("1m")] > 0  # the 23m two-sided wait is alive: 2m and 3m are unseen
    assert d[k("9p")] == 0  # genbutsu
    answer = DefensiveAgent().act(v, discards(v))
    assert kind_of(answer) == k("9p")  # safe against the riichi and the others' rivers alike
    # all four 2m in sight (a no-chance, ノーチャンス): no wait can use a 2m
    kabe = view(
        "2m2m5p9p3s6s8s1z2z3z4z8m5m6p", rivers=(*rivers[:3], river("2m2m9p5z")), riichi=(0, 1, 0, 0)
    )
    assert visible_counts(kabe)[k("2m")] == 4
    dk = tile_danger(kabe, 1)
    assert dk[k("1m")] < 0.5 * d[k("1m")]  # only a pair or a single wait on 1m is left
    assert dk[k("3m")] < d[k("3m")]  # 12m and 24m are gone, 45m is not
    assert dk[k("3m")] > dk[k("1m")]


def test_a_dealers_open_yakuhai_pon_late_is_a_threat_too() -> None:
    """It ignored the dealer's open 發 pon on turn 15 and, folding to a riichi, threw a
    tile safe only against the riichi (1s) while it held one safe against both (5m)."""
    dealer = (pon("666z", called_from=1),)
    rivers = (
        (),
        river("1z9m1s2p8p5m4z7z9p3z2z7s", riichi_at=11),  # riichi: 1s and 5m are genbutsu
        river("9s1z8m3z2z9m7p6p1p8s2m5z"),
        river("5m2s6s1p3p8s4s1m9s2s6s1p4p3p5s"),  # the dealer, turn 15: 5m its own discard
    )
    v = view(
        "45689m2577p139s14z",
        rivers=rivers,
        riichi=(0, 1, 0, 0),
        melds=((), (), (), dealer),
        oya=3,
        tiles_left=14,
    )
    w = threats(v)
    assert w[1] == 1.0 and w[3] >= 0.2  # the riichi, and the dealer's one call late
    answer = DefensiveAgent().act(v, discards(v))
    assert kind_of(answer) == k("5m")


def test_a_yakuless_open_tenpai_folds_to_a_riichi() -> None:
    """It pushed a non-suji 3p against a riichi from an open tenpai without a yaku (it
    can never win) while holding three safe tiles: such a tenpai is worth its tenpai
    payment only, far less than the 3p risks."""
    rivers = ((), river("9s1z2z8m4z5p1p6z", riichi_at=7), river("5z3z9m1s"), river("7z6z1z9p"))
    own = (chii("123m"),)
    v = view("456p999s34s22p3p", rivers=rivers, riichi=(0, 1, 0, 0), melds=(own, (), (), ()))
    agent = DefensiveAgent()
    answer = agent.act(v, discards(v))
    assert kind_of(answer) == k("9s")
    assert agent.last_reason.startswith("fold")
    # with a yaku the same shape pushes: 3p goes, the hand stays tenpai
    yaku = view(
        "456p999s34s22p3p",
        rivers=rivers,
        riichi=(0, 1, 0, 0),
        melds=((pon("777z", 3),), (), (), ()),
    )
    assert kind_of(agent.act(yaku, discards(yaku))) == k("3p")


def test_no_riichi_on_a_poor_wait_late_against_a_three_call_hand() -> None:
    """It declared riichi on turn 13 on a shanpon with tanyao in hand against a hand of
    three calls: dama keeps the yaku and the way to fold; with the table quiet the same
    hand declares, and a yakuless penchan declares too."""
    calls = (chii("678s"), pon("222m", 3), chii("345p"))
    rivers = (
        river("1z9m2z7z1s9p4z3z9s1m8m2p"),
        river("6z1p9s3z2z1z7z8p9m5z7p2s4z"),
        river("9p1m5z8s4z6z1s7z9m3z9s2s5z"),
        river("4z7z1z2z6z9s5z1p8p3z2s9p1s"),
    )
    v = view("234m567p345s66s88p7m", rivers=rivers, melds=((), (), calls, ()), tiles_left=18)
    answer = DefensiveAgent().act(v, discards(v, reach=True))
    assert not isinstance(answer, Reach) and kind_of(answer) == k("7m")
    quiet = v._replace(melds=((), (), (), ()), hand_sizes=(14, 13, 13, 13), tiles_left=50)
    quiet = quiet._replace(river_tiles=tuple(r[:6] for r in v.river_tiles))
    quiet = quiet._replace(river_flags=tuple(r[:6] for r in v.river_flags))
    assert isinstance(DefensiveAgent().act(quiet, discards(quiet, reach=True)), Reach)
    penchan = quiet._replace(hand=parse_tiles("12m567p345s789s88p9m"))
    assert isinstance(DefensiveAgent().act(penchan, discards(penchan, reach=True)), Reach)
