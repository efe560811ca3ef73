"""Properties of scoring on arbitrary input: typed errors only, and payments that add up."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from jantaku.errors import JantakuError
from jantaku.rules import PRESETS
from jantaku.scoring import Riichi, WinSituation, score_win
from scoring_hands import random_hand


@settings(max_examples=300, deadline=None)
@given(
    tiles=st.lists(st.integers(0, 36), min_size=14, max_size=14),
    win=st.integers(0, 13),
    discarder=st.one_of(st.none(), st.integers(0, 3)),
    winner=st.integers(0, 3),
    riichi=st.sampled_from(list(Riichi)),
    flags=st.fixed_dictionaries(
        {k: st.booleans() for k in ("ippatsu", "haitei", "houtei", "rinshan", "chankan")}
    ),
    preset=st.sampled_from(list(PRESETS)),
)
def test_arbitrary_tiles_give_a_result_or_a_typed_error(
    tiles: list[int],
    win: int,
    discarder: int | None,
    winner: int,
    riichi: Riichi,
    flags: dict[str, bool],
    preset: str,
) -> None:
    try:
        s = WinSituation(
            concealed=tuple(tiles),
            win_tile=tiles[win],
            discarder=discarder,
            winner=winner,
            riichi=riichi,
            rules=PRESETS[preset],
            **flags,
        )
        r = score_win(s)
    except JantakuError:
        return
    assert sum(r.deltas) == 0
    assert r.han >= 1 and r.total == sum(r.payments)


@settings(max_examples=300, deadline=None)
@given(seed=st.integers(0, 2**32 - 1), honba=st.integers(0, 8), deposits=st.integers(0, 6))
def test_payments_add_up(seed: int, honba: int, deposits: int) -> None:
    from dataclasses import replace

    h = random_hand(random.Random(seed))
    if h is None:
        return
    s = replace(h.situation, honba=honba, deposits=deposits)
    try:
        r = score_win(s)
    except JantakuError:
        return
    # points are conserved: the winner's gain is the others' loss plus the deposits
    assert sum(r.deltas) == deposits * 1000
    assert r.deltas[s.winner] == r.total + honba * 300 + deposits * 1000
    assert all(p % 100 == 0 for p in r.payments)
    if r.is_tsumo:
        assert sorted(p for p in r.payments if p) == sorted(
            p for i, p in enumerate(r.payments) if i != s.winner
        )


def test_has_yaku_agrees_with_score_win() -> None:
    from jantaku.errors import NoYakuError
    from jantaku.scoring import has_yaku
    from scoring_hands import random_hands

    seen = {True: 0, False: 0}
    for h in random_hands(5, 3000):
        try:
            score_win(h.situation)
            scored = True
        except NoYakuError:
            scored = False
        assert has_yaku(h.situation) is scored
        seen[scored] += 1
    assert min(seen.values()) > 100
