"""Text for a player at a terminal: tiles, calls, actions and hand results.

Tiles are shown twice, the way a player reads them and the way they are typed: in
Unicode glyphs and in compact notation (``🀇🀈🀉 123m``). A called tile is marked in
meld notation (``[3-45m]``, the mark after the tile says from whom); a riichi discard
is shown in brackets ``(5p)`` as if turned sideways; a tile that was called away
from a discard row is followed by ``'``.
"""

from __future__ import annotations

from collections.abc import Sequence

from jantaku.events import (
    Action,
    Ankan,
    Chi,
    Dahai,
    Daiminkan,
    Hora,
    Kakan,
    Nukidora,
    Pass,
    Pon,
    Reach,
    Ryukyoku,
)
from jantaku.meld import Meld, MeldKind, format_meld
from jantaku.tiles import (
    EAST,
    RED_MARK,
    Tile,
    format_tiles,
    format_unicode,
    sort_key,
    tile_to_mjai,
)

__all__ = [
    "DRAW_NAMES",
    "WIND_NAMES",
    "describe_action",
    "format_hand_line",
    "format_result",
    "meld_of_call",
    "round_name",
    "tile_text",
]

WIND_NAMES = ("East", "South", "West", "North")
"""English names of the winds, by index (round wind and seat wind)."""

DRAW_NAMES = {
    "exhaustive": "exhaustive draw (荒牌平局)",
    "kyuushu_kyuuhai": "nine terminals (九種九牌)",
    "suufon_renda": "four winds (四風連打)",
    "suukan_sanra": "four kans (四槓散了)",
    "suucha_riichi": "four riichi (四家立直)",
    "sanchahou": "triple ron (三家和)",
    "nagashi_mangan": "nagashi mangan (流し満貫)",
}
"""How each kind of draw is announced."""


def tile_text(tile: Tile) -> str:
    """One tile as glyph and notation, a red five marked (``🀝 0p``).

    >>> tile_text(33), tile_text(35)
    ('🀄 7z', '🀝 0p')
    """
    return f"{format_unicode([tile]).replace(RED_MARK, '')} {format_tiles([tile])}"


def format_hand_line(tiles: Sequence[Tile], drawn: Tile | None = None) -> str:
    """A hand sorted as players sort it, the drawn tile set apart, in glyphs then notation.

    >>> from jantaku.tiles import parse_tiles
    >>> format_hand_line(parse_tiles("5m123p"), drawn=parse_tiles("7z")[0])
    '🀋🀙🀚🀛 🀄   5m123p 7z'
    """
    rest = list(tiles)
    if drawn is not None and drawn in rest:
        rest.remove(drawn)
    rest.sort(key=sort_key)
    glyphs = format_unicode(rest).replace(RED_MARK, "")
    text = format_tiles(rest)
    if drawn is not None:
        glyphs += " " + format_unicode([drawn]).replace(RED_MARK, "")
        text += " " + format_tiles([drawn])
    return f"{glyphs}   {text}"


def meld_of_call(action: Chi | Pon | Daiminkan | Kakan | Ankan, players: int = 4) -> Meld:
    """The meld an mjai call makes, for showing in meld notation.

    >>> from jantaku.tiles import parse_tiles
    >>> m, p = parse_tiles("3m")[0], parse_tiles("5p")[0]
    >>> format_meld(meld_of_call(Chi(actor=1, target=0, pai=m, consumed=(3, 4))))
    '[3-45m]'
    >>> format_meld(meld_of_call(Pon(actor=0, target=2, pai=p, consumed=(p, p))))
    '[555=p]'
    """
    if isinstance(action, Ankan):
        return Meld.ankan(tuple(action.consumed))
    if isinstance(action, Kakan):
        return Meld(MeldKind.PON, tuple(action.consumed), action.consumed[0], 2).with_added(
            action.pai
        )
    rel = (action.target - action.actor) % players
    if players == 3 and rel == 2:
        rel = 3  # the player on the left
    tiles = (*action.consumed, action.pai)
    if isinstance(action, Chi):
        return Meld.chii(tiles, called=action.pai)
    if isinstance(action, Pon):
        return Meld.pon(tiles, called=action.pai, called_from=rel)
    return Meld.daiminkan(tiles, called=action.pai, called_from=rel)


def describe_action(action: Action, players: int = 4) -> str:
    """A short label of an action for a numbered menu.

    >>> from jantaku.tiles import parse_tiles
    >>> describe_action(Dahai(0, parse_tiles("0s")[0], True))
    'discard 🀔 0s (drawn tile)'
    >>> describe_action(Hora(actor=0, target=0)), describe_action(Hora(actor=0, target=3))
    ('TSUMO (win)', 'RON (win) on seat 3')
    >>> describe_action(Pass(1)), describe_action(Reach(1))
    ('pass', 'riichi (then choose the discard)')
    """
    if isinstance(action, Dahai):
        return f"discard {tile_text(action.pai)}" + (" (drawn tile)" if action.tsumogiri else "")
    if isinstance(action, Hora):
        return "TSUMO (win)" if action.is_tsumo else f"RON (win) on seat {action.target}"
    if isinstance(action, Pass):
        return "pass"
    if isinstance(action, Reach):
        return "riichi (then choose the discard)"
    if isinstance(action, Nukidora):
        return f"set aside north {tile_text(action.pai)} (nukidora)"
    if isinstance(action, Ryukyoku):
        return "declare nine terminals (九種九牌): abortive draw"
    if isinstance(action, Kakan):
        return f"kakan {format_meld(meld_of_call(action, players))}"
    if isinstance(action, Ankan):
        return f"ankan {format_meld(meld_of_call(action, players))}"
    name = {Chi: "chii", Pon: "pon", Daiminkan: "kan"}[type(action)]
    return f"{name} {format_meld(meld_of_call(action, players))}"


def round_name(bakaze: Tile, kyoku: int, honba: int, after_draw: bool = False) -> str:
    """The name of a hand: ``East 1, 0 honba`` (東1局0本場); 流れ after a draw (N3).

    >>> round_name(EAST + 1, 3, 2)
    'South 3, 2 honba (南3局2本場)'
    >>> round_name(EAST, 2, 1, after_draw=True)
    'East 2, 1 honba (東2局流れ1本場)'
    """
    wind = bakaze - EAST
    kanji = "東南西北"[wind]
    flow = "流れ" if after_draw and honba else ""
    return f"{WIND_NAMES[wind]} {kyoku}, {honba} honba ({kanji}{kyoku}局{flow}{honba}本場)"


def _deltas_text(deltas: Sequence[int] | None, names: Sequence[str]) -> str:
    if deltas is None:
        return ""
    parts = [f"{names[s]} {d:+d}" for s, d in enumerate(deltas) if d]
    return "  payments: " + (", ".join(parts) if parts else "none")


def format_result(
    event: Hora | Ryukyoku, names: Sequence[str] | None = None, hands: Sequence[str] = ()
) -> str:
    """The result of a hand as a player reads it: who won how, yaku, han, fu, payments.

    >>> h = Hora(actor=1, target=3, pai=33, deltas=(0, 3900, 0, -3900),
    ...          yaku=(("chun", 1), ("dora", 2)), han=3, fu=30, points=3900)
    >>> print(format_result(h))
    seat 1 wins by RON on 🀄 7z from seat 3
      chun 1 han, dora 2 han
      30 fu 3 han = 3900
      payments: seat 1 +3900, seat 3 -3900
    >>> print(format_result(Ryukyoku(deltas=(1500, -1500, 1500, -1500), tenpai=(0, 2))))
    exhaustive draw (荒牌平局); tenpai: seat 0, seat 2
      payments: seat 0 +1500, seat 1 -1500, seat 2 +1500, seat 3 -1500
    """
    n = len(event.deltas) if event.deltas is not None else 4
    who = list(names) if names is not None else [f"seat {s}" for s in range(n)]
    lines: list[str] = []
    if isinstance(event, Hora):
        how = "TSUMO" if event.is_tsumo else "RON"
        head = f"{who[event.actor]} wins by {how}"
        if event.pai is not None:
            head += f" on {tile_text(event.pai)}"
        if not event.is_tsumo:
            head += f" from {who[event.target]}"
        lines.append(head)
        lines.extend(f"  {h}" for h in hands)
        if event.yaku:
            lines.append("  " + ", ".join(f"{name} {han} han" for name, han in event.yaku))
        if event.han is not None:
            value = f"{event.fu} fu {event.han} han" if event.fu else f"{event.han} han"
            if event.points is not None:
                value += f" = {event.points}"
            lines.append("  " + value)
        if event.ura_markers:
            lines.append(
                "  ura dora indicators: " + " ".join(tile_to_mjai(t) for t in event.ura_markers)
            )
        if event.pao is not None:
            lines.append(f"  liable (pao): {who[event.pao]}")
    else:
        head = DRAW_NAMES.get(event.reason, event.reason)
        if event.tenpai is not None:
            tenpai = ", ".join(who[s] for s in event.tenpai) if event.tenpai else "nobody"
            head += f"; tenpai: {tenpai}"
        lines.append(head)
        lines.extend(f"  {h}" for h in hands)
    pay = _deltas_text(event.deltas, who)
    if pay:
        lines.append(pay)
    return "\n".join(lines)
