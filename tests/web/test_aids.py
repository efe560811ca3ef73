"""The learning aids (``jantaku.web.aids``) count what the seat can see, its own melds
included, and show a wait that can never win without scoring it."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from jantaku.engine import Referee, build_wall, full_set, observe
from jantaku.engine.view import View
from jantaku.engine.wall import Wall
from jantaku.errors import InvalidHandError
from jantaku.events import Dahai, Pon
from jantaku.meld import Meld
from jantaku.rules import TENHOU
from jantaku.tiles import parse_tiles
from jantaku.web.aids import aids_json, review_discard


def t(text: str) -> int:
    (tile,) = parse_tiles(text)
    return tile


def dealt(hands: Sequence[str], first: str) -> Referee:
    """A match whose first hand deals ``hands`` (seat 0 the dealer, who draws ``first``)."""
    hands_made = [0]

    def walls(seed: int, oya: int) -> Wall:
        hands_made[0] += 1
        if hands_made[0] > 1:
            return build_wall(TENHOU, seed, oya)
        tiles = [parse_tiles(h) for h in hands]
        pool = full_set(TENHOU)
        for x in [*(x for h in tiles for x in h), t(first)]:
            pool.remove(x)
        random.Random(seed).shuffle(pool)
        return Wall(
            hands=[list(h) for h in tiles],
            live=[t(first), *pool[14:]],
            rinshan=pool[:4],
            dora_indicators=pool[4:9],
            ura_indicators=pool[9:14],
            dice=(1, 1),
            wall_break=0,
        )

    return Referee(TENHOU, seed=5, walls=walls)


# seat 1 holds three norths; the dealer lets the fourth go, seat 1 pons it and keeps one
HANDS = (
    "2468m2468p2468s4z",
    "444z123m456p789s5s",
    "3479m3479p3479s6z",
    "345m678m345p77s22z",
)


def pon_of_north_kept_as_a_single() -> View:
    """Seat 1's view after it pons the dealer's north and lets its 5s go: 123m456p789s
    and one north beside the pon, a single wait on a fifth north."""
    ref = dealt(HANDS, "7z")
    ref.submit({0: Dahai(0, t("4z"), False)})
    pon = next(a for a in ref.pending()[1] if isinstance(a, Pon))
    ref.submit({1: pon})
    ref.submit({1: Dahai(1, t("5s"), False)})
    view = observe(ref.state, 1)
    assert view.hand == parse_tiles("123m456p789s4z")
    assert [m.tiles for m in view.melds[1]] == [parse_tiles("444z")]
    return view


def test_a_wait_on_a_fifth_copy_is_listed_with_none_left_and_no_value() -> None:
    """The fourth north is the seat's own, in its hand beside its pon of three: the
    single wait on it can never win. It is shown, 0 left, and not scored."""
    aids = aids_json(pon_of_north_kept_as_a_single(), TENHOU)
    assert aids["shanten"] == 0
    assert aids["waits"] == [
        {
            "tile": "4z",
            "remaining": 0,
            "shapes": ["tanki"],
            "own_fourth": True,
            "ron": None,
            "tsumo": None,
        }
    ]


def test_the_own_melds_are_in_sight_for_every_count_left() -> None:
    """Three 1m in the seat's own pon and one in a river: no 1m is left to draw, and
    the aids say so for the waits as for the discards; the 4m are all left."""
    view = pon_of_north_kept_as_a_single()
    pon = Meld.pon(parse_tiles("111m"), called=t("1m"), called_from=2)
    river = ((*view.river_tiles[0], t("1m")), *view.river_tiles[1:])
    flags = ((*view.river_flags[0], 0), *view.river_flags[1:])
    hand = parse_tiles("23m456p789s44z")
    waiting = view._replace(
        hand=hand,
        melds=(view.melds[0], (pon,), *view.melds[2:]),
        river_tiles=river,
        river_flags=flags,
        dora_markers=(t("9p"),),
    )
    aids = aids_json(waiting, TENHOU)
    left = {w["tile"]: w["remaining"] for w in aids["waits"]}
    assert left == {"1m": 0, "4m": 4}
    assert not any(w["own_fourth"] for w in aids["waits"])  # 1m is dead, not the seat's
    assert all(w["ron"] is not None for w in aids["waits"])
    drawn = waiting._replace(hand=(*hand, t("5z")), drawn=t("5z"))
    best = aids_json(drawn, TENHOU)["discards"][0]
    assert (best["tile"], best["tiles"], best["remaining"]) == ("5z", ["1m", "4m"], [0, 4])
    assert review_discard(drawn, t("5z")) is None


def test_a_view_showing_a_fifth_copy_is_refused() -> None:
    view = pon_of_north_kept_as_a_single()
    crowded = view._replace(dora_markers=(t("4z"),))
    with pytest.raises(InvalidHandError, match="5 copies of 4z"):
        aids_json(crowded, TENHOU)
