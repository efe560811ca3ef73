"""Text for a player at a terminal: the table from a seat, tiles, calls, actions and
hand results itemised as they were scored, laid out for 80 columns.

Tiles are shown twice, the way a player reads them and the way they are typed: in
Unicode glyphs and in compact notation (``🀇🀈🀉 123m``). A called tile is marked in
meld notation (``[3-45m]``, the mark after the tile says from whom); a riichi discard
is shown in brackets ``(5p)`` as if turned sideways; a tile that was called away
from a discard row is followed by ``'``.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from dataclasses import dataclass
from typing import cast

from jantaku.engine.view import Discard, View
from jantaku.errors import JantakuError
from jantaku.events import (
    Action,
    Ankan,
    Chi,
    Dahai,
    Daiminkan,
    Dora,
    Event,
    Flower,
    Hora,
    Kakan,
    Nukidora,
    Pon,
    Ryukyoku,
    StartKyoku,
)
from jantaku.meld import Meld, MeldKind, format_meld
from jantaku.rules import Rules
from jantaku.scoring import BY_ID, Limit, Riichi, WinResult, WinSituation, score_win
from jantaku.tiles import (
    EAST,
    FLOWER,
    RED_MARK,
    Tile,
    dora_from_indicator,
    format_tiles,
    format_unicode,
    sort_key,
)

__all__ = [
    "DRAW_NAMES",
    "WIDTH",
    "WIND_NAMES",
    "WinBreakdown",
    "describe_action",
    "discard_order",
    "display_width",
    "explain_win",
    "format_hand_line",
    "format_result",
    "meld_of_call",
    "render_view",
    "round_name",
    "tile_text",
    "verb",
    "wrap_items",
]

WIDTH = 80
"""The width the table is laid out for (an 80×24 terminal)."""

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
    # each kind is one class (see Action.kind), so a cast after the kind is exact
    match action.kind:
        case "ankan":
            return Meld.ankan(tuple(action.consumed))
        case "kakan":
            kakan = cast(Kakan, action)
            return Meld(MeldKind.PON, tuple(kakan.consumed), kakan.consumed[0], 2).with_added(
                kakan.pai
            )
    call = cast("Chi | Pon | Daiminkan", action)
    rel = (call.target - call.actor) % players
    if players == 3 and rel == 2:
        rel = 3  # the player on the left
    tiles = (*call.consumed, call.pai)
    match call.kind:
        case "chi":
            return Meld.chii(tiles, called=call.pai)
        case "pon":
            return Meld.pon(tiles, called=call.pai, called_from=rel)
    return Meld.daiminkan(tiles, called=call.pai, called_from=rel)


def describe_action(action: Action, players: int = 4) -> str:
    """A short label of an action for a numbered menu.

    >>> from jantaku.tiles import parse_tiles
    >>> describe_action(Dahai(0, parse_tiles("0s")[0], True))
    'discard 🀔 0s (drawn tile)'
    >>> describe_action(Hora(actor=0, target=0)), describe_action(Hora(actor=0, target=3))
    ('TSUMO (win)', 'RON (win) on seat 3')
    >>> from jantaku.events import Pass, Reach
    >>> describe_action(Pass(1)), describe_action(Reach(1))
    ('pass', 'riichi (then choose the discard)')
    """
    # each kind is one class (see Action.kind), so a cast after the kind is exact
    match action.kind:
        case "dahai":
            d = cast(Dahai, action)
            return f"discard {tile_text(d.pai)}" + (" (drawn tile)" if d.tsumogiri else "")
        case "hora":
            h = cast(Hora, action)
            return "TSUMO (win)" if h.is_tsumo else f"RON (win) on seat {h.target}"
        case "none":
            return "pass"
        case "reach":
            return "riichi (then choose the discard)"
        case "kita":
            return f"set aside north {tile_text(cast(Nukidora, action).pai)} (nukidora)"
        case "ryukyoku":
            return "declare nine terminals (九種九牌): abortive draw"
    call = cast("Chi | Pon | Daiminkan | Kakan | Ankan", action)
    name = {"chi": "chii", "daiminkan": "kan"}.get(call.kind, call.kind)
    return f"{name} {format_meld(meld_of_call(call, players))}"


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


def verb(who: str, third_person: str) -> str:
    """A name and a verb that agree: ``you win``, ``bot1 wins``.

    >>> verb("you", "wins"), verb("bot1", "wins"), verb("you", "discards")
    ('you win', 'bot1 wins', 'you discard')
    """
    if who == "you" and third_person.endswith("s"):
        return f"you {third_person[:-1]}"
    return f"{who} {third_person}"


def display_width(text: str) -> int:
    """The columns a line takes on a terminal, counting wide characters (kanji) as two and
    each mahjong tile glyph as two, as many terminals draw them.

    >>> display_width("1m"), display_width("立直"), display_width("\U0001f007")
    (2, 4, 2)
    """
    width = 0
    for ch in text:
        if 0x1F000 <= ord(ch) <= 0x1F02F or unicodedata.east_asian_width(ch) in "WF":
            width += 2
        elif not unicodedata.combining(ch) and ch not in "\ufe0e\ufe0f":
            width += 1
    return width


def wrap_items(
    items: Sequence[str], width: int = 80, first: str = "", indent: str = "  ", sep: str = ", "
) -> list[str]:
    """Items joined by ``sep`` into lines of at most ``width`` columns, never splitting an
    item; the first line starts with ``first``, the others with ``indent``.

    >>> wrap_items(["base 20", "tsumo 2", "rounding 8"], width=24, first="fu: ", sep=" + ")
    ['fu: base 20 + tsumo 2 +', '  rounding 8']
    """
    lines: list[str] = []
    line = first
    for n, item in enumerate(items):
        if n == 0:
            line += item
        elif display_width(line + sep + item) <= width:
            line += sep + item
        else:
            lines.append(line + sep.rstrip())
            line = indent + item
    lines.append(line)
    return lines


@dataclass(frozen=True, slots=True)
class WinBreakdown:
    """A win itemised as the engine scored it: the :class:`~jantaku.scoring.WinResult`
    (yaku, fu items, limit) with the honba and riichi deposits it collected."""

    result: WinResult
    honba: int
    deposits: int
    rules: Rules


_DORA_NAMES = {
    "dora": ("ドラ", "dora"),
    "aka": ("赤ドラ", "red five"),
    "ura": ("裏ドラ", "ura dora"),
    "kita": ("抜きドラ", "north"),
    "flower": ("花牌", "flower"),
}
"""How the dora counts of a result are named (they are counts, not yaku)."""

# yaku of the moment of a win, which the hand alone does not show
_RIICHI_OF = {"riichi": Riichi.RIICHI, "double_riichi": Riichi.DOUBLE}
_FIRST_TURN = frozenset(("tenhou", "chiihou", "renhou", "renhou_yakuman"))


def explain_win(
    events: Sequence[Event],
    hora: Hora,
    hand: tuple[Sequence[Tile], Sequence[Meld]],
    rules: Rules,
) -> WinBreakdown | None:
    """The itemised score of a win, rebuilt from its hand's events and the winner's hand.

    ``events`` run from the hand's ``start_kyoku`` (to the win or past it); ``hand`` is
    the winner's concealed tiles (the winning tile included on a tsumo) and melds at the
    moment of the win. The situation is read from the events and the yaku the win
    scored (riichi, ippatsu, haitei …); the breakdown is returned only when scoring it
    again gives the han, fu and points of ``hora``, so what is shown is what was paid.
    ``None`` when the win cannot be rebuilt (a log without the scores).
    """
    start = next((e for e in events if isinstance(e, StartKyoku)), None)
    if start is None or hora.yaku is None or hora.han is None:
        return None
    seat = hora.actor
    dora = [start.dora_marker]
    deposits = start.kyotaku
    kita = 0
    flowers = start.flowers[seat] if start.flowers else 0
    first = True
    for e in events:
        if e is hora:
            break
        match e.kind:  # each kind is one class (see Event.kind)
            case "dora":
                dora.append(cast(Dora, e).dora_marker)
            case "reach_accepted":
                deposits += 1
            case "kita":
                kita += cast(Nukidora, e).actor == seat
            case "flower":
                flowers += cast(Flower, e).actor == seat
            case "hora":
                first = False  # honba and deposits went to the first winner on the tile
    ids = {name for name, _ in hora.yaku}
    riichi = next((_RIICHI_OF[i] for i in ids if i in _RIICHI_OF), Riichi.NONE)
    tiles, melds = hand
    win_tile = hora.pai
    if win_tile is None:
        return None
    concealed = tuple(tiles) if hora.is_tsumo else (*tiles, win_tile)
    honba = start.honba if first else 0
    try:
        situation = WinSituation(
            concealed=concealed,
            melds=tuple(melds),
            win_tile=win_tile,
            discarder=None if hora.is_tsumo else hora.target,
            riichi=riichi,
            ippatsu="ippatsu" in ids,
            haitei="haitei" in ids,
            houtei="houtei" in ids,
            rinshan="rinshan" in ids,
            chankan="chankan" in ids,
            first_turn=bool(ids & _FIRST_TURN),
            round_wind=start.bakaze,
            winner=seat,
            dealer=start.oya,
            pao=hora.pao if hora.pao != seat else None,
            dora_indicators=tuple(dora),
            ura_indicators=tuple(hora.ura_markers),
            kita=kita,
            flowers=flowers,
            honba=honba,
            deposits=deposits if first else 0,
            rules=rules,
        )
        result = score_win(situation)
    except JantakuError:
        return None
    if (result.han, result.fu, result.total) != (hora.han, hora.fu, hora.points):
        return None
    return WinBreakdown(result, honba, deposits if first else 0, rules)


def _yaku_lines(event: Hora, breakdown: WinBreakdown | None) -> list[str]:
    """One line a yaku: han (or yakuman), kanji, romaji; then the dora counts."""
    rows: list[tuple[str, str, str]] = []
    if breakdown is not None:
        r = breakdown.result
        for y in r.yaku:
            han = _yakuman_text(y.yakuman) if y.yakuman else f"{y.han} han"
            rows.append((han, y.kanji, y.romaji))
        for name, count in (
            ("dora", r.dora),
            ("aka", r.red),
            ("ura", r.ura),
            ("kita", r.kita),
            ("flower", r.flowers),
        ):
            if count:
                rows.append((f"{count} han", *_DORA_NAMES[name]))
    elif event.yaku:
        for code, count in event.yaku:
            yaku = BY_ID.get(code)
            kanji, romaji = (yaku.kanji, yaku.romaji) if yaku else _DORA_NAMES.get(code, ("", code))
            rows.append((f"{count} han", kanji, romaji))
    width = max((len(h) for h, _, _ in rows), default=0)
    return [f"  {han:>{width}}  {kanji} {romaji}".rstrip() for han, kanji, romaji in rows]


def _yakuman_text(multiple: int) -> str:
    return "yakuman" if multiple == 1 else f"{multiple}× yakuman"


def _value_line(event: Hora, breakdown: WinBreakdown | None) -> str:
    """``30 fu 4 han, mangan 満貫 = 8000 (2000/4000)``."""
    if breakdown is not None:
        r = breakdown.result
        if r.yakuman:
            value = _yakuman_text(r.yakuman) + " 役満"
        else:
            value = f"{r.fu} fu {r.han} han"
            if r.limit is not Limit.NONE:
                value += f", {r.limit.value} {r.limit.kanji}"
        value += f" = {r.total}"
        if r.is_tsumo:
            value += f" ({r.payment_text()})"
        return value
    value = f"{event.fu} fu {event.han} han" if event.fu else f"{event.han} han"
    if event.points is not None:
        value += f" = {event.points}"
    return value


def _bonus_lines(event: Hora, breakdown: WinBreakdown) -> list[str]:
    """The honba and the riichi deposits the winner collects, each on its line."""
    rules = breakdown.rules
    lines = []
    if breakdown.honba:
        h = breakdown.honba
        if event.is_tsumo:
            payers = rules.players - 1
            each = h * rules.honba_tsumo_each
            lines.append(f"  {h} honba (本場): +{each * payers} ({each} from each)")
        else:
            lines.append(f"  {h} honba (本場): +{h * rules.honba_value}")
    if breakdown.deposits:
        d = breakdown.deposits
        sticks = "stick" if d == 1 else "sticks"
        lines.append(f"  {d} riichi {sticks} (供託): +{d * rules.riichi_deposit}")
    return lines


def _deltas_text(deltas: Sequence[int] | None, names: Sequence[str]) -> str:
    if deltas is None:
        return ""
    parts = [f"{names[s]} {d:+d}" for s, d in enumerate(deltas) if d]
    return "  payments: " + (", ".join(parts) if parts else "none")


def format_result(
    event: Hora | Ryukyoku,
    names: Sequence[str] | None = None,
    hands: Sequence[str] = (),
    breakdown: WinBreakdown | None = None,
) -> str:
    """The result of a hand as a player reads it: who won how, each yaku in kanji and
    romaji with its han, the fu items, the limit, honba and deposits, and payments.

    >>> h = Hora(actor=1, target=3, pai=33, deltas=(0, 3900, 0, -3900),
    ...          yaku=(("chun", 1), ("dora", 2)), han=3, fu=30, points=3900)
    >>> print(format_result(h))
    seat 1 wins by RON on 🀄 7z from seat 3
      1 han  役牌 中 yakuhai: chun
      2 han  ドラ dora
      30 fu 3 han = 3900
      payments: seat 1 +3900, seat 3 -3900
    >>> print(format_result(Ryukyoku(deltas=(1500, -1500, 1500, -1500), tenpai=(0, 2))))
    exhaustive draw (荒牌平局); tenpai: seat 0, seat 2
      payments: seat 0 +1500, seat 1 -1500, seat 2 +1500, seat 3 -1500

    With a :func:`explain_win` breakdown the fu items, the limit and the honba and
    deposit lines are shown too.
    """
    n = len(event.deltas) if event.deltas is not None else 4
    who = list(names) if names is not None else [f"seat {s}" for s in range(n)]
    lines: list[str] = []
    if isinstance(event, Hora):
        how = "TSUMO" if event.is_tsumo else "RON"
        head = f"{verb(who[event.actor], 'wins')} by {how}"
        if event.pai is not None:
            head += f" on {tile_text(event.pai)}"
        if not event.is_tsumo:
            head += f" from {who[event.target]}"
        lines.append(head)
        lines.extend(f"  {h}" for h in hands)
        lines.extend(_yaku_lines(event, breakdown))
        if breakdown is not None and breakdown.result.fu_items and not breakdown.result.yakuman:
            items = [f"{name} {fu}" for name, fu in breakdown.result.fu_items]
            lines.extend(wrap_items(items, first="  fu: ", indent="      ", sep=" + "))
        if event.han is not None:
            lines.append("  " + _value_line(event, breakdown))
        if breakdown is not None:
            lines.extend(_bonus_lines(event, breakdown))
        if event.ura_markers:
            lines.append(
                "  ura dora indicators: " + "  ".join(tile_text(t) for t in event.ura_markers)
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


def _river(discards: Sequence[Discard]) -> list[str]:
    parts: list[str] = []
    for d in discards:
        text = format_tiles([d.tile])
        if d.riichi:
            text = f"({text})"
        if d.called:
            text += "'"
        parts.append(text)
    return parts


def render_view(view: View, names: Sequence[str] | None = None) -> str:
    """The table as seen from ``view.seat``, as lines of text at most 80 columns wide.

    The hand name, sticks and tiles left come first, then the dora, one line a seat
    (name, seat and wind, score, riichi, melds) with its discards under it, the last
    discard while it may be called, and the player's hand.
    """
    n = view.players
    who = list(names) if names is not None else list(view.names) or [f"seat {i}" for i in range(n)]
    lines = [
        f"=== {round_name(view.bakaze, view.kyoku, view.honba, view.after_draw)} "
        f"| riichi sticks {view.kyotaku} | tiles left {view.tiles_left} ===",
    ]
    dora = "  ".join(tile_text(t) for t in view.dora_markers)
    dora_kinds = format_tiles([dora_from_indicator(t, players=n) for t in view.dora_markers])
    lines.append(f"dora indicators: {dora}  (dora: {dora_kinds})")
    for i in range((view.seat + 1) % n, view.seat + n + 1):
        s = i % n
        wind = WIND_NAMES[(s - view.oya) % n]
        tag = "you" if s == view.seat else who[s]
        flags = []
        if s == view.oya:
            flags.append("dealer")
        if view.riichi[s]:
            flags.append("RIICHI" if view.riichi[s] == 1 else "DOUBLE RIICHI")
        if view.nuki[s]:
            flags.append(f"north ×{view.nuki[s]}")
        if view.flowers and view.flowers[s]:
            flags.append(f"flowers {tile_text(FLOWER)}×{view.flowers[s]}")
        head = f"{tag} (seat {s}, {wind}) {view.scores[s]}"
        if flags:
            head += " [" + ", ".join(flags) + "]"
        melds = [format_meld(m) for m in view.melds[s]]
        if melds:
            lines.extend(wrap_items(melds, WIDTH, first=head + "  melds: ", indent="    ", sep=" "))
        else:
            lines.append(head)
        river = _river(view.rivers[s]) or ["-"]
        lines.extend(wrap_items(river, WIDTH, first="    discards: ", indent="    ", sep=" "))
    if view.last_discard is not None and view.last_discarder is not None:
        discarder = verb(who[view.last_discarder], "discarded")
        lines.append(f"{discarder} {tile_text(view.last_discard)}")
    lines.append("your hand: " + format_hand_line(view.hand, view.drawn))
    if view.waits:
        wait = format_tiles(view.waits)
        lines.append(f"tenpai, waiting on {wait}" + (" (furiten)" if view.furiten else ""))
    return "\n".join(lines)


def discard_order(hand: Sequence[int], drawn: int | None) -> list[int]:
    """The hand as it is numbered: sorted, the drawn tile last.

    >>> from jantaku.tiles import parse_tiles
    >>> format_tiles(discard_order(parse_tiles("1z5m0p3s"), parse_tiles("5m")[0]))
    '0p3s1z5m'
    """
    rest = sorted(hand, key=sort_key)
    if drawn is not None and drawn in rest:
        rest.remove(drawn)
        rest.append(drawn)
    return rest
