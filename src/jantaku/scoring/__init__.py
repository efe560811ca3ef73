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
from jantaku.scoring.limits import LIMIT_BASIC, LIMIT_HAN, limit_of
from jantaku.scoring.payments import (
    FinalStanding,
    WinPayments,
    chombo_payments,
    final_result,
    nagashi_payments,
    noten_payments,
    ron_order,
    settle_shortfall,
    win_payments,
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
from jantaku.scoring.yaku import BY_ID, YAKU, Context, Yaku
from jantaku.scoring.yakuman_distance import YakumanDistance, yakuman_distance

__all__ = [
    "BY_ID",
    "LIMIT_BASIC",
    "LIMIT_HAN",
    "YAKU",
    "Context",
    "FinalStanding",
    "Limit",
    "Riichi",
    "ScoreTable",
    "WinColumns",
    "WinPayments",
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
    "limit_of",
    "nagashi_payments",
    "noten_payments",
    "ron_order",
    "score_table",
    "score_win",
    "score_wins",
    "settle_shortfall",
    "win_payments",
    "yakuman_claim_payments",
    "yakuman_distance",
    "yakuman_shanten",
]


def __getattr__(name: str) -> object:
    """``jantaku.scoring.Wait``, deprecated: the wait of a result is a
    :class:`jantaku.hand.WaitShape` (the single kokushi wait is ``KOKUSHI_SINGLE``)."""
    if name == "Wait":
        import warnings

        from jantaku.hand.waits import WaitShape

        warnings.warn(
            "jantaku.scoring.Wait is jantaku.hand.WaitShape", DeprecationWarning, stacklevel=2
        )
        return WaitShape
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
