"""The reference beside the drills: yaku, fu and the score tables, from the engine itself.

Every row is read from the yaku registry (:data:`jantaku.scoring.YAKU`), the fu items
(:func:`jantaku.scoring.candidates.itemised_fu`'s tables) and the payments
(:func:`jantaku.scoring.hand_value`), so the reference cannot disagree with scoring.
Each yaku comes with an example hand (:mod:`jantaku.learn.examples`), scored by
:func:`jantaku.scoring.score_win`.

>>> ref = reference("tenhou")
>>> next(y for y in ref["yaku"] if y["id"] == "chinitsu")["han"]
[6, 5]
>>> ref["scores"]["nondealer_ron"]["30"][2]
3900
>>> next(y for y in ref["yaku"] if y["id"] == "ittsu")["example"]["summary"]
'40 fu 2 han'
"""

from __future__ import annotations

from typing import Any

from jantaku.errors import JantakuError
from jantaku.learn.examples import EXAMPLES, example
from jantaku.rules import Rules
from jantaku.scoring import YAKU, hand_value
from jantaku.scoring.candidates import ANKAN_ITEM, CLOSED_TRIPLET_ITEM, OPEN_KAN_ITEM, PON_ITEM
from jantaku.scoring.limits import LIMIT_BASIC, LIMIT_HAN, Limit

__all__ = ["reference"]

_FU_NAMES = ("20", "25", "30", "40", "50", "60", "70", "80", "90", "100", "110")


def _set_fu() -> list[dict[str, Any]]:
    """The fu of each kind of set, for a simple (2–8) and a terminal or honor."""
    rows = []
    for name, table in (
        ("open triplet (明刻)", PON_ITEM),
        ("closed triplet (暗刻)", CLOSED_TRIPLET_ITEM),
        ("open kan (明槓)", OPEN_KAN_ITEM),
        ("closed kan (暗槓)", ANKAN_ITEM),
    ):
        rows.append({"set": name, "simple": table[4][1], "terminal_or_honor": table[0][1]})
    return rows


def reference(preset: str = "tenhou") -> dict[str, Any]:
    """The yaku, the fu and the score tables under ``preset``'s rules, JSON-ready."""
    rules = Rules.preset(preset)
    yaku = [
        {
            "id": y.id,
            "name": y.romaji,
            "kanji": y.kanji,
            "han": [y.han_closed, y.han_open],
            "yakuman": y.yakuman,
            "example": example(y.id) if y.id in EXAMPLES else None,
        }
        for y in YAKU
    ]
    scores: dict[str, dict[str, list[int | str | None]]] = {}
    for key, dealer, tsumo in (
        ("nondealer_ron", False, False),
        ("nondealer_tsumo", False, True),
        ("dealer_ron", True, False),
        ("dealer_tsumo", True, True),
    ):
        table: dict[str, list[int | str | None]] = {}
        for fu_name in _FU_NAMES:
            fu = int(fu_name)
            row: list[int | str | None] = []
            for han in range(1, 5):
                try:
                    v = hand_value(han, fu, dealer=dealer, tsumo=tsumo, rules=rules)
                except JantakuError:
                    row.append(None)
                    continue
                row.append(v[0] if len(v) == 1 else f"{v[0]}/{v[1]}")
            table[fu_name] = row
        scores[key] = table
    limits = [
        {
            "limit": lim.value,
            "kanji": lim.kanji,
            "from_han": LIMIT_HAN[lim],
            "basic": LIMIT_BASIC[lim],
        }
        for lim in (Limit.MANGAN, Limit.HANEMAN, Limit.BAIMAN, Limit.SANBAIMAN, Limit.KAZOE_YAKUMAN)
    ]
    fu_table: dict[str, Any] = {
        "base": 20,
        "closed_ron": 10,
        "tsumo": 2,
        "seven_pairs": 25,
        "pair_of_dragons_or_own_wind": 2,
        "double_wind_pair": rules.double_wind_pair_fu,
        "kanchan_penchan_tanki": 2,
        "sets": _set_fu(),
    }
    return {"preset": preset, "yaku": yaku, "fu": fu_table, "limits": limits, "scores": scores}
