"""Scoring (S, Y): the yaku registry, fu, limits, payments, and :func:`score_win`.

>>> from jantaku.scoring import WinSituation, score_win
>>> r = score_win(WinSituation.from_hand("123m456p789s11555z", win="5z", discarder=1,
...                                      winner=0, dealer=0))
>>> r.summary(), r.payment_text()
('40 fu 1 han', '2000')
"""

from __future__ import annotations

from jantaku.scoring.batch import ScoreTable, score_table
from jantaku.scoring.columns import WinColumns
from jantaku.scoring.payments import (
    FinalStanding,
    chombo_payments,
    final_result,
    nagashi_payments,
    noten_payments,
    ron_order,
    settle_shortfall,
    yakuman_claim_payments,
    yakuman_shanten,
)
from jantaku.scoring.score import (
    Limit,
    WinResult,
    YakuHan,
    basic_points,
    ceil100,
    hand_value,
    has_yaku,
    score_win,
    score_wins,
)
from jantaku.scoring.situation import Riichi, WinSituation
from jantaku.scoring.yaku import BY_ID, YAKU, Context, Wait, Yaku
from jantaku.scoring.yakuman_distance import YakumanDistance, yakuman_distance

__all__ = [
    "BY_ID",
    "YAKU",
    "Context",
    "FinalStanding",
    "Limit",
    "Riichi",
    "ScoreTable",
    "Wait",
    "WinColumns",
    "WinResult",
    "WinSituation",
    "Yaku",
    "YakuHan",
    "YakumanDistance",
    "basic_points",
    "ceil100",
    "chombo_payments",
    "final_result",
    "hand_value",
    "has_yaku",
    "nagashi_payments",
    "noten_payments",
    "ron_order",
    "score_table",
    "score_win",
    "score_wins",
    "settle_shortfall",
    "yakuman_claim_payments",
    "yakuman_distance",
    "yakuman_shanten",
]
