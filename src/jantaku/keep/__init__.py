"""The scorekeeper (点数記録): record a match played with real tiles, get every payment right.

A person at a real table enters each hand as it ends — who won, by ron or tsumo, the
han and fu (or the tiles, or a limit name), the riichi sticks, the tenpai seats of a
draw, a chombo — and the scorekeeper derives the rest with the engine's and scoring's
own rules: who deals next, honba, deposits, every seat's score, the end of the match
and the final result with oka and uma, and the point sticks to hand over.

- :mod:`jantaku.keep.entries` — what is entered for a hand (:class:`~jantaku.keep.Hand`);
- :mod:`jantaku.keep.model` — the pure model (:class:`~jantaku.keep.model.Match`);
- :mod:`jantaku.keep.calculator` — what a hand pays, in 003's steps;
- :mod:`jantaku.keep.seating` — the first dealer by the dice (G1);
- :mod:`jantaku.keep.sticks` — the point sticks of each payment and the change;
- :mod:`jantaku.keep.store` — matches and series in the shared SQLite store;
- :mod:`jantaku.keep.export` — CSV and a tenhou.net/6-style log;
- :mod:`jantaku.keep.api` — the JSON HTTP API and the phone page (extra ``web``).
"""

from __future__ import annotations

from jantaku.keep.calculator import Breakdown, breakdown
from jantaku.keep.entries import ABORT_REASONS, LIMITS, Foul, Hand, KeepError, Winner, check_han_fu
from jantaku.keep.model import HandRecord, Ledger, Match, Payment
from jantaku.keep.seating import first_dealer_by_dice, roll_dice

__all__ = [
    "ABORT_REASONS",
    "LIMITS",
    "Breakdown",
    "Foul",
    "Hand",
    "HandRecord",
    "KeepError",
    "Ledger",
    "Match",
    "Payment",
    "Winner",
    "breakdown",
    "check_han_fu",
    "first_dealer_by_dice",
    "roll_dice",
]
