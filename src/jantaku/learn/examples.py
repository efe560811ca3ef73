"""An example hand for every yaku (役の例), scored by the engine itself.

:data:`EXAMPLES` holds one winning hand per yaku of the registry
(:data:`jantaku.scoring.YAKU`), written in hand notation with its situation: the
winning tile, ron (from whom) or tsumo, riichi, the winds, the turn's particulars
(ippatsu, haitei, rinshan, chankan, the first turn) and, for a yaku that only some
rules count, the rules that count it. :func:`example` scores it with
:func:`jantaku.scoring.score_win` and gives what the reference shows: the tiles, the
melds, the situation and every yaku the hand scores, so an example can never claim a
yaku the scorer does not give (a test scores each against its yaku).

>>> ex = example("pinfu")
>>> ex["hand"], ex["win"], [y["id"] for y in ex["yaku"]]
(['1m', '2m', '3m', '4p', '5p', '6p', '7s', '8s', '9s', '4s', '5s', '9m', '9m'], '6s', ['pinfu'])
>>> example("kokushi_13")["summary"]
'yakuman'
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cache
from typing import Any, Final

from jantaku.errors import ArgumentError
from jantaku.learn.common import code, codes
from jantaku.meld import format_meld, read_hand_tiles
from jantaku.rules import Renhou, Rules
from jantaku.scoring import YAKU, Riichi, WinResult, WinSituation, score_win
from jantaku.tiles import parse_tiles

__all__ = ["EXAMPLES", "Example", "example", "examples", "situation_of"]


@dataclass(frozen=True, slots=True)
class Example:
    """One yaku's example: ``hand`` in hand notation (the concealed tiles with the winning
    tile, then the melds), ``win`` the winning tile, ``discarder`` the seat that dealt in
    (``None``: tsumo), the situation's other fields in ``flags``, and the rules by preset
    name with ``renhou`` changed where the yaku needs it."""

    hand: str
    win: str
    discarder: int | None = 1
    riichi: Riichi = Riichi.NONE
    winner: int = 0
    dealer: int = 0
    round_wind: str = "1z"
    flags: tuple[str, ...] = ()
    preset: str = "tenhou"
    renhou: Renhou | None = None
    note: str = ""


_RIICHI: Final = Riichi.RIICHI

EXAMPLES: Final[dict[str, Example]] = {
    "menzen_tsumo": Example("123m456p789s123s55z", "2s", None),
    "riichi": Example("123m456p789s123s55z", "2s", riichi=_RIICHI),
    "ippatsu": Example("123m456p789s123s55z", "2s", riichi=_RIICHI, flags=("ippatsu",)),
    "chankan": Example(
        "123m456p789s123s55z", "2s", flags=("chankan",), note="robbing a kan of 2s added to a pon"
    ),
    "rinshan": Example(
        "123m456p123s55z[9999p]", "2s", None, flags=("rinshan",), note="drawn after the kan"
    ),
    "haitei": Example("123m456p789s123s55z", "2s", None, flags=("haitei",), note="the last draw"),
    "houtei": Example("123m456p789s123s55z", "2s", flags=("houtei",), note="on the last discard"),
    "pinfu": Example("123m456p789s456s99m", "6s"),
    "tanyao": Example("345m567p345s678s88p", "4m"),
    "iipeikou": Example("112233m456p789s55z", "3m"),
    "seat_wind_ton": Example("123m456p789s55p111z", "5p", round_wind="2z"),
    "seat_wind_nan": Example("123m456p789s55p222z", "5p", winner=1, discarder=2),
    "seat_wind_shaa": Example("123m456p789s55p333z", "5p", winner=2, discarder=3),
    "seat_wind_pei": Example("123m456p789s55p444z", "5p", winner=3, discarder=0),
    "round_wind_ton": Example("123m456p789s55p111z", "5p", winner=1, discarder=2),
    "round_wind_nan": Example("123m456p789s55p222z", "5p", round_wind="2z"),
    "round_wind_shaa": Example("123m456p789s55p333z", "5p", round_wind="3z"),
    "round_wind_pei": Example("123m456p789s55p444z", "5p", round_wind="4z"),
    "haku": Example("123m456p789s55p555z", "5p"),
    "hatsu": Example("123m456p789s55p666z", "5p"),
    "chun": Example("123m456p789s55p777z", "5p"),
    "double_riichi": Example("123m456p789s123s55z", "2s", riichi=Riichi.DOUBLE),
    "chiitoitsu": Example("1122m3344p5566s77z", "7z"),
    "chanta": Example("123m789p123s999s11z", "1z"),
    "ittsu": Example("123456789m456p55s", "5s"),
    "sanshoku": Example("123m123p123s456s99p", "6s"),
    "sanshoku_doukou": Example("222m222p456s99p[222=s]", "6s"),
    "sankantsu": Example("123m55z[1111+p][2222p][3333=s]", "5z"),
    "toitoi": Example("333s444z55z[111=m][999-p]", "5z"),
    "sanankou": Example("111m222p333s456s99m", "6s", None),
    "shousangen": Example("123m456p555z666z77z", "3m"),
    "honroutou": Example("999p111s999s11z[111=m]", "9s"),
    "ryanpeikou": Example("112233m445566p77s", "7s"),
    "junchan": Example("123m789m123p999s11s", "1s"),
    "honitsu": Example("123m345m678m222z33z", "3z"),
    "chinitsu": Example("123m234m567m789m99m", "9m"),
    "renhou": Example(
        "123m456p789s123s55z",
        "2s",
        winner=1,
        discarder=0,
        flags=("first_turn",),
        preset="ema",
        note="a ron before one's own first draw; a mangan under these rules",
    ),
    "tenhou": Example("123m456p789s123s55z", "2s", None, flags=("first_turn",)),
    "chiihou": Example("123m456p789s123s55z", "2s", None, winner=1, flags=("first_turn",)),
    "renhou_yakuman": Example(
        "123m456p789s123s55z",
        "2s",
        winner=1,
        discarder=0,
        flags=("first_turn",),
        renhou=Renhou.YAKUMAN,
        note="under rules that count renhou a yakuman",
    ),
    "daisangen": Example("123m555z666z777z99p", "9p"),
    "suuankou": Example("111m222p333s444z55z", "4z", None),
    "suuankou_tanki": Example("111m222p333s444z55z", "5z", None),
    "tsuuiisou": Example("222z333z555z77z[111=z]", "7z"),
    "ryuuiisou": Example("223344s666s888s66z", "6z"),
    "chinroutou": Example("999m111p999p99s[111=m]", "9s"),
    "chuuren": Example("11123455678999m", "1m"),
    "junsei_chuuren": Example("11123455678999m", "5m", note="waiting on all nine kinds"),
    "kokushi": Example("119m19p19s1234567z", "9m"),
    "kokushi_13": Example("119m19p19s1234567z", "1m", note="waiting on all thirteen"),
    "daisuushii": Example("222z333z444z55m[111=z]", "5m"),
    "shousuushii": Example("123m222z333z44z[111=z]", "3m"),
    "suukantsu": Example("55m[1111+z][2222p][3333=s][4444-s]", "5m", None),
}
"""One example per yaku id of the registry."""


def _rules(ex: Example) -> Rules:
    rules = Rules.preset(ex.preset)
    return rules if ex.renhou is None else replace(rules, renhou=ex.renhou)


def situation_of(yaku_id: str) -> WinSituation:
    """The win of ``yaku_id``'s example as the scorer takes it.

    Raises :class:`~jantaku.errors.ArgumentError` for an id with no example.
    """
    ex = EXAMPLES.get(yaku_id)
    if ex is None:
        raise ArgumentError(f"no example for yaku {yaku_id!r}")
    on = set(ex.flags)
    return WinSituation.from_hand(
        ex.hand,
        win=ex.win,
        discarder=ex.discarder,
        riichi=ex.riichi,
        ippatsu="ippatsu" in on,
        haitei="haitei" in on,
        houtei="houtei" in on,
        rinshan="rinshan" in on,
        chankan="chankan" in on,
        first_turn="first_turn" in on,
        winner=ex.winner,
        dealer=ex.dealer,
        round_wind=ex.round_wind,
        rules=_rules(ex),
    )


def _melds(hand: str) -> list[dict[str, Any]]:
    """The melds as the table lays them: the called tile on its side, first when called
    from the left, second from across, last from the right (``sideways`` -1: an ankan)."""
    _concealed, melds = read_hand_tiles(hand)
    out = []
    for m in melds:
        tiles = list(m.tiles)
        side = -1
        if m.called is not None and m.called_from:
            tiles.remove(m.called)
            side = {3: 0, 2: 1}.get(m.called_from, len(tiles))
            tiles.insert(side, m.called)
        out.append(
            {
                "tiles": codes(tiles),
                "kind": m.kind.value,
                "called": code(m.called) if m.called is not None else None,
                "sideways": side,
                "notation": format_meld(m),
            }
        )
    return out


def _summary(r: WinResult) -> str:
    if r.yakuman:
        return "yakuman" if r.yakuman == 1 else f"{r.yakuman}× yakuman"
    limit = f" {r.limit.value}" if r.limit is not None and r.limit.value != "none" else ""
    return f"{r.fu} fu {r.han} han{limit}"


@cache
def example(yaku_id: str) -> dict[str, Any]:
    """``yaku_id``'s example, scored: the tiles, melds and situation, every yaku it scores,
    the han, fu and the winner's gain, JSON-ready.

    Raises :class:`~jantaku.errors.ArgumentError` for an id with no example.
    """
    ex = EXAMPLES.get(yaku_id)
    if ex is None:
        raise ArgumentError(f"no example for yaku {yaku_id!r}")
    s = situation_of(yaku_id)
    r = score_win(s)
    concealed, _melds_read = read_hand_tiles(ex.hand)
    hand = list(concealed)
    hand.remove(parse_tiles(ex.win)[0])
    seat_wind = 27 + (ex.winner - ex.dealer) % 4
    return {
        "id": yaku_id,
        "notation": ex.hand,
        "hand": codes(hand),
        "win": ex.win,
        "melds": _melds(ex.hand),
        "tsumo": ex.discarder is None,
        "from": None if ex.discarder is None else (ex.discarder - ex.winner) % 4,
        "riichi": ex.riichi.value,
        "dealer": ex.winner == ex.dealer,
        "seat_wind": code(seat_wind),
        "round_wind": ex.round_wind,
        "flags": list(ex.flags),
        "rules": ex.preset + (f", renhou {ex.renhou.value}" if ex.renhou is not None else ""),
        "note": ex.note,
        "yaku": [
            {"id": y.id, "name": y.romaji, "kanji": y.kanji, "han": y.han, "yakuman": y.yakuman}
            for y in r.yaku
        ],
        "han": r.han,
        "fu": r.fu,
        "total": r.total,
        "summary": _summary(r),
    }


def examples() -> dict[str, dict[str, Any]]:
    """Every yaku's example, scored, by yaku id (in the registry's order)."""
    return {y.id: example(y.id) for y in YAKU if y.id in EXAMPLES}
