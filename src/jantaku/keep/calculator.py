"""What a hand pays, worked out step by step as seed 003 teaches it (the page's calculator)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from jantaku.keep.entries import KeepError, check_han_fu
from jantaku.rules import Rules
from jantaku.scoring import basic_points, ceil100

__all__ = ["Breakdown", "breakdown"]


@dataclass(frozen=True, slots=True)
class Breakdown:
    """What a hand pays, worked out as seed 003 does (本当の点数計算手順): the basic
    points ``fu × 2^(han+2)`` or the limit's, then each payment rounded up to 100.

    ``ron`` is the discarder's payment; ``tsumo`` each payer's share (the dealer's
    first for a non-dealer win: ``(dealer, non-dealer)``); ``lines`` the steps in words.
    """

    han: int
    fu: int | None
    dealer: bool
    basic: int
    limit: str
    ron: int
    tsumo: tuple[int, ...]
    lines: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        """The breakdown as JSON-ready values."""
        return {
            "han": self.han,
            "fu": self.fu,
            "dealer": self.dealer,
            "basic": self.basic,
            "limit": self.limit,
            "ron": self.ron,
            "tsumo": list(self.tsumo),
            "lines": list(self.lines),
        }


def breakdown(
    han: int, fu: int | None, *, dealer: bool, rules: Rules, yakuman: int = 0, tsumo: bool = False
) -> Breakdown:
    """What ``han`` and ``fu`` pay, with 003's steps (the calculator of the page).

    >>> from jantaku.rules import TENHOU
    >>> b = breakdown(3, 30, dealer=True, rules=TENHOU)
    >>> b.ron, b.tsumo
    (5800, (2000,))
    >>> print("\\n".join(b.lines))
    basic points: 30 × 2^(3+2) = 960
    dealer ron: 960 × 6 = 5760 → 5800
    dealer tsumo: 960 × 2 = 1920 → 2000 all
    >>> breakdown(3, 30, dealer=False, rules=TENHOU).tsumo
    (2000, 1000)

    Raises :class:`KeepError` for a pair no hand can have.
    """
    if yakuman:
        if yakuman > 1 and not (rules.yakuman_stacking or rules.double_yakuman):
            raise KeepError("these rules count one yakuman at most")
        basic, limit = 8000 * yakuman, "yakuman" if yakuman == 1 else f"{yakuman}× yakuman"
        lines = [f"basic points: {limit} = {basic}"]
    else:
        check_han_fu(han, fu, tsumo=tsumo)
        basic, lim = basic_points(han, fu if fu is not None else 30, rules)
        limit = lim.value if lim.value != "none" else ""
        if limit:
            lines = [f"basic points: {han} han is {limit} = {basic}"]
        else:
            lines = [f"basic points: {fu} × 2^({han}+2) = {basic}"]
    who = "dealer" if dealer else "non-dealer"
    mult = 6 if dealer else 4
    ron = ceil100(basic * mult)
    lines.append(f"{who} ron: {basic} × {mult} = {basic * mult} → {ron}")
    if dealer:
        share = ceil100(2 * basic)
        lines.append(f"{who} tsumo: {basic} × 2 = {2 * basic} → {share} all")
        shares: tuple[int, ...] = (share,)
    else:
        big, small = ceil100(2 * basic), ceil100(basic)
        lines.append(f"{who} tsumo, the dealer pays: {basic} × 2 = {2 * basic} → {big}")
        lines.append(f"{who} tsumo, each other pays: {basic} × 1 = {basic} → {small}")
        shares = (big, small)
    return Breakdown(han, fu, dealer, basic, limit, ron, shares, tuple(lines))
