"""tenhou.net/6 JSON: read into a Tenhou game record, and written for Tenhou's viewer.

- :func:`read_tenhou6` reads a whole game in one object, or one round per JSON line
  (``*.tenhou6.jsonl``); tenhou.net/6 keeps each seat's takes and discards apart, so the
  order of calls is searched. Lenient by default (oddities collected in
  :attr:`~jantaku.logs.tenhou_records.TenhouGame.errors`, ``strict=True`` raises the
  first); malformed input raises :class:`~jantaku.errors.LogFormatError` naming the
  round and line.
- :func:`to_tenhou6` writes the tenhou.net/6 object of a game, for Tenhou's viewer.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any, Final, cast, get_args

from jantaku.errors import ArgumentTypeError, LogFormatError
from jantaku.events import (
    Ankan,
    Chi,
    Dahai,
    Daiminkan,
    Dora,
    EndGame,
    EndKyoku,
    Event,
    Hora,
    Kakan,
    Nukidora,
    Penalty,
    Pon,
    Reach,
    ReachAccepted,
    Ryukyoku,
    StartGame,
    StartKyoku,
    Tsumo,
)
from jantaku.logs.tenhou_ids import (
    BAKAZE,
    CODE_OF,
    LIMIT_BASIC,
    LIMIT_NAMES,
    TILE_OF_CODE,
    YAKU,
    YAKU_BY_KANJI,
    YAKU_BY_NAME,
    YAKUMAN_HAN,
    code_of_tile,
)
from jantaku.logs.tenhou_records import (
    Disconnection,
    TenhouDraw,
    TenhouGame,
    TenhouLobby,
    TenhouResult,
    TenhouWin,
    with_rules,
)
from jantaku.rules import GameLength, Rules
from jantaku.scoring.limits import Limit, ceil100, limit_of
from jantaku.scoring.yaku import BY_ID
from jantaku.tiles import KIND_OF, UNKNOWN, Tile, sort_key

__all__ = ["read_tenhou6", "to_tenhou6"]

# --- tenhou.net/6 writer ----------------------------------------------------------------

_DAN_NAMES: Final = (
    "新人",
    *(f"{n}級" for n in "９８７６５４３２１"),
    "初段",
    "二段",
    "三段",
    "四段",
    "五段",
    "六段",
    "七段",
    "八段",
    "九段",
    "十段",
    "天鳳",
)
_DRAW_TEXT: Final = {
    "kyuushu_kyuuhai": "九種九牌",
    "suucha_riichi": "四家立直",
    "suufon_renda": "四風連打",
    "suukan_sanra": "四槓散了",
    "sanchahou": "三家和了",
    "nagashi_mangan": "流し満貫",
}
_DRAW_OF_TEXT: Final = {v: k for k, v in _DRAW_TEXT.items()}
_CHOMBO_TEXT: Final = "錯和"
"""The result of a hand a chombo ended (錯和, the seed's 錯和流局): tenhou.net/6 has no
such result (Tenhou plays no chombo); jantaku writes ``["錯和", deltas]`` and reads it
back as a :class:`~jantaku.events.Penalty`."""
_EMPTY_SEAT_RATE: Final = 1500.0


def _haipai_key(tile: Tile) -> tuple[int, int]:
    # tenhou.net/6 lists a red five after the plain fives of its suit
    return (KIND_OF[tile], 1 if tile >= 34 else 0)


def _limit_of(han: int, fu: int, yakuman: int, rules: Rules | None) -> int:
    """The place in :data:`LIMIT_NAMES` of the limit scoring gives (kiriage mangan and
    kazoe yakuman as ``rules`` say; Tenhou's when a record names none)."""
    limit = limit_of(han, fu, rules or _TENHOU_LIMITS, yakuman=yakuman)
    return _LIMIT_PLACE[limit]


_TENHOU_LIMITS: Final = Rules.preset("tenhou")
_LIMIT_PLACE: Final = {
    Limit.NONE: 0,
    Limit.MANGAN: 1,
    Limit.HANEMAN: 2,
    Limit.BAIMAN: 3,
    Limit.SANBAIMAN: 4,
    Limit.KAZOE_YAKUMAN: 5,  # Tenhou writes a counted yakuman 役満 too
    Limit.YAKUMAN: 5,
}


def _score_text(hora: Hora, dealer: int, players: int = 4, rules: Rules | None = None) -> str:
    yaku = hora.yaku or ()
    yakuman = sum(h // YAKUMAN_HAN for name, h in yaku if _is_yakuman_name(name))
    han = hora.han if hora.han is not None else sum(h for _, h in yaku)
    fu = hora.fu or 0
    limit = _limit_of(han, fu, yakuman, rules)
    if hora.fu is None and hora.points:
        # a limit hand read from tenhou.net/6 (no fu written): the value tells the limit;
        # a sanma tsumo is paid by two seats (2 + 2 basic points to a dealer, 2 + 1 else)
        dealer_won = hora.actor == dealer
        if hora.is_tsumo and players == 3:
            basic = hora.points // (4 if dealer_won else 3)
        else:
            basic = hora.points // (6 if dealer_won else 4)
        limit = max(i for i, b in enumerate(LIMIT_BASIC) if b <= max(basic, 2000))
        yakuman = max(yakuman, basic // 8000)
    if limit == 5:
        basic = 8000 * max(1, yakuman)
    elif limit:
        basic = LIMIT_BASIC[limit]
    else:
        basic = fu * 2 ** (han + 2)
    if not hora.is_tsumo:
        pay = f"{hora.points if hora.points is not None else 0}点"
    elif hora.actor == dealer:
        pay = f"{ceil100(2 * basic)}点∀"
    else:
        pay = f"{ceil100(basic)}-{ceil100(2 * basic)}点"
    return (LIMIT_NAMES[limit] if limit else f"{fu}符{han}飜") + pay


def _is_yakuman_name(name: str) -> bool:
    y = BY_ID.get(name)
    return y is not None and y.yakuman > 0


def _yaku_text(name: str, han: int) -> str | None:
    i = YAKU_BY_NAME.get("renhou" if name == "renhou_yakuman" else name)
    kanji = YAKU[i][1] if i is not None else name
    if _is_yakuman_name(name):
        return f"{kanji}(役満)"
    if han == 0:
        return None
    return f"{kanji}({han}飜)"


class _Seat:
    __slots__ = ("discards", "haipai", "pon_strings", "takes")

    def __init__(self, haipai: list[int]) -> None:
        self.haipai = haipai
        self.takes: list[int | str] = []
        self.discards: list[int | str] = []
        self.pon_strings: dict[int, str] = {}


def _call_string(letter: str, called: Tile, own: Sequence[Tile], rel: int) -> str:
    """A call, its letter placed where the called tile came from (3 left, 2 across, 1 right)."""
    codes = [f"{code_of_tile(t)}" for t in own]
    mark = f"{letter}{code_of_tile(called)}"
    at = {3: 0, 2: 1, 1: len(codes)}[rel]
    return "".join(codes[:at]) + mark + "".join(codes[at:])


def _own_order(tiles: Iterable[Tile]) -> list[Tile]:
    return sorted(tiles, key=_haipai_key)


def to_tenhou6(source: TenhouGame | Iterable[Event]) -> dict[str, Any]:
    """The tenhou.net/6 JSON object of a game (events, or a :class:`TenhouGame` with its header).

    Wins are written from the ``hora`` extensions (yaku, han, fu, points); a game read
    from a Tenhou record carries them.

    A three-player game keeps the four-seat layout: ``name``, the scores, every deltas
    list, ``sx`` and ``sc`` have four entries (the empty fourth seat ``""``, ``0``, ``C``,
    ``0, 0``) and seat 3's hand, takes and discards are empty lists; the round index is
    ``4 × wind + hand`` as in four-player games; a call's letter stands where the seat it
    came from sits in the four-seat ring, so the player after the empty seat is across;
    north set aside is ``f44`` among the discards (never ``f60``) and counts into
    ``ドラ`` (Tenhou's dora, id 52), never named ``抜きドラ``; ``rule`` is e.g.
    ``三鳳南喰赤`` with ``aka51`` 0 (no 5m), ``ratingc`` ``PF3``. Public converters agree
    on all of this (``tests/test_tenhou6_sanma.py`` names them). Two points no public
    source settles, with no official three-player export at hand: the empty seat's
    ``dan``/``rate``, written from a Tenhou record as its ``UN`` element gives them
    (``新人``, 1500; a converter from another site pads ``""`` and 0), and an exhaustive
    draw with all three players tenpai, written ``全員聴牌`` as in four-player games.

    Events alone are written with the ``rule`` of the rules in their ``start_game``
    (:func:`_rule_of`: length, kuitan and red fives per suit; the ``tenhou`` preset's
    when none is given). Only these three a tenhou.net/6 file can say: a game played
    under other rules (wrc's head bump, textbook's kuikae) is read back as Tenhou's.

    Raises :class:`~jantaku.errors.LogFormatError` for a game played with flower tiles
    (T4), which a Tenhou record cannot hold, and
    :class:`~jantaku.errors.ArgumentTypeError` for what is not a game or events:

    >>> to_tenhou6("abc")
    Traceback (most recent call last):
    ...
    jantaku.errors.ArgumentTypeError: to_tenhou6 writes a TenhouGame or a sequence of \
events (read_game or read_games reads them), not a str

    >>> from jantaku.events import StartGame, StartKyoku, Tsumo, Dahai, Ryukyoku, EndKyoku
    >>> from jantaku.tiles import parse_tiles
    >>> hands = [parse_tiles(h) for h in ("1112345678999m", "1112345678999p",
    ...                                     "1112345678999s", "1112223334445z")]
    >>> events = [StartGame(("A", "B", "C", "D")),
    ...     StartKyoku(bakaze=27, kyoku=1, honba=0, kyotaku=0, oya=0, dora_marker=31,
    ...                scores=(25000,) * 4, tehais=tuple(hands)),
    ...     Tsumo(0, 32), Dahai(0, 32, True),
    ...     Ryukyoku("exhaustive", deltas=(0, 0, 0, 0), tenpai=()), EndKyoku()]
    >>> to_tenhou6(events)["log"][0][4:7]
    [[11, 11, 11, 12, 13, 14, 15, 16, 17, 18, 19, 19, 19], [46], [60]]

    Three players, north set aside (``Nukidora``) and a tsumogiri:

    >>> from jantaku.events import Nukidora
    >>> sanma = [StartGame(("A", "B", "C")),
    ...     StartKyoku(bakaze=27, kyoku=1, honba=0, kyotaku=0, oya=0, dora_marker=31,
    ...                scores=(35000,) * 3, tehais=tuple(hands[1:])),
    ...     Tsumo(0, 30), Nukidora(0, 30), Tsumo(0, 32), Dahai(0, 32, True),
    ...     Ryukyoku("exhaustive", deltas=(0, 0, 0), tenpai=()), EndKyoku()]
    >>> rnd = to_tenhou6(sanma)["log"][0]
    >>> rnd[1], rnd[5:7], rnd[13:16]
    ([35000, 35000, 35000, 0], [[44, 46], ['f44', 60]], [[], [], []])
    """
    game = source if isinstance(source, TenhouGame) else None
    rules = game.rules if game is not None else None
    events: Iterable[Event] = source.events if isinstance(source, TenhouGame) else source
    if isinstance(events, str | bytes | bytearray | Mapping) or not isinstance(events, Iterable):
        raise ArgumentTypeError(
            "to_tenhou6 writes a TenhouGame or a sequence of events (read_game or "
            f"read_games reads them), not a {type(source).__name__}"
        )
    events = _checked_events(events)
    names: list[str] = []
    players = 4
    rounds: list[list[Any]] = []
    seats: list[_Seat] = []
    head: list[Any] = []
    dora: list[int] = []
    ura: list[int] = []
    result: list[Any] = []
    dealer = 0
    pending_reach = [False] * 4
    chombo: list[int] | None = None
    for ev in events:
        # each kind is one class (see Event.kind), so the cast in each case is exact
        match ev.kind:
            case "tsumo":
                draw = cast(Tsumo, ev)
                seats[draw.actor].takes.append(CODE_OF[draw.pai])
            case "dahai":
                d = cast(Dahai, ev)
                code = 60 if d.tsumogiri else CODE_OF[d.pai]
                if pending_reach[d.actor]:
                    pending_reach[d.actor] = False
                    seats[d.actor].discards.append(f"r{code}")
                else:
                    seats[d.actor].discards.append(code)
            case "reach":
                pending_reach[cast(Reach, ev).actor] = True
            case "chi":
                chi = cast(Chi, ev)
                own = _own_order(chi.consumed)
                seats[chi.actor].takes.append(_call_string("c", chi.pai, own, 3))
            case "pon" | "daiminkan":
                call = cast("Pon | Daiminkan", ev)
                rel = (call.target - call.actor) % 4
                own = _own_order(call.consumed)
                if call.kind == "pon":
                    text = _call_string("p", call.pai, own, rel)
                    seats[call.actor].pon_strings[KIND_OF[call.pai]] = text
                else:
                    text = _call_string("m", call.pai, own, rel)
                    seats[call.actor].discards.append(0)
                seats[call.actor].takes.append(text)
            case "kakan":
                kakan = cast(Kakan, ev)
                pon = seats[kakan.actor].pon_strings.get(KIND_OF[kakan.pai], "")
                at = pon.find("p")
                text = pon[:at] + f"k{CODE_OF[kakan.pai]}" + pon[at + 1 :] if at >= 0 else ""
                seats[kakan.actor].discards.append(text)
            case "ankan":
                ankan = cast(Ankan, ev)
                tiles = sorted(ankan.consumed, key=_haipai_key)
                codes = [f"{CODE_OF[t]}" for t in tiles]
                # the red five, when there is one, is written last, after the letter
                seats[ankan.actor].discards.append("".join(codes[:3]) + "a" + codes[3])
            case "kita":
                kita_ev = cast(Nukidora, ev)
                seats[kita_ev.actor].discards.append(f"f{CODE_OF[kita_ev.pai]}")
            case "dora":
                dora.append(CODE_OF[cast(Dora, ev).dora_marker])
            case "hora":
                win = cast(Hora, ev)
                if not result:
                    result.append("和了")
                if win.ura_markers and not ura:
                    ura.extend(CODE_OF[t] for t in win.ura_markers)
                result.append(_pad(list(win.deltas or ()), 0))
                # Tenhou counts north set aside (kita) as dora
                kita = sum(h for n, h in win.yaku or () if n == "kita")
                items = [
                    (n, h + kita if n == "dora" else h) for n, h in win.yaku or () if n != "kita"
                ]
                if kita and not any(n == "dora" for n, _ in items):
                    # where Tenhou lists dora (id 52): before ura dora and red fives
                    at = next(
                        (i for i, (n, _) in enumerate(items) if n in ("ura", "aka")), len(items)
                    )
                    items.insert(at, ("dora", kita))
                texts = [_yaku_text(n, h) for n, h in items]
                info: list[Any] = [
                    win.actor,
                    win.target,
                    win.pao if win.pao is not None else win.actor,
                    _score_text(win, dealer, players, rules),
                ]
                result.append(info + [t for t in texts if t is not None])
            case "ryukyoku":
                draw_end = cast(Ryukyoku, ev)
                deltas = _pad(list(draw_end.deltas or ()), 0)
                if draw_end.reason == "exhaustive":
                    if any(deltas):
                        result.extend(["流局", deltas])
                    elif draw_end.tenpai is not None and len(draw_end.tenpai) == players:
                        result.append("全員聴牌")
                    else:
                        result.append("全員不聴")
                elif draw_end.reason == "nagashi_mangan":
                    result.extend(["流し満貫", deltas])
                else:
                    result.append(_DRAW_TEXT[draw_end.reason])
            case "start_kyoku":
                sk = cast(StartKyoku, ev)
                dealer = sk.oya
                index = (sk.bakaze - 27) * 4 + sk.kyoku - 1
                head = [[index, sk.honba, sk.kyotaku], _pad(list(sk.scores), 0)]
                dora = [CODE_OF[sk.dora_marker]]
                ura = []
                result = []
                chombo = None
                pending_reach = [False] * 4
                seats = [
                    _Seat([CODE_OF[t] for t in sorted(hand, key=_haipai_key)]) for hand in sk.tehais
                ]
                while len(seats) < 4:
                    seats.append(_Seat([]))
            case "penalty":
                penalty = cast(Penalty, ev)
                if penalty.reason == "chombo" and any(penalty.deltas):
                    chombo = _pad(list(penalty.deltas), 0)
            case "end_kyoku":
                if not result and chombo is not None:
                    result.extend([_CHOMBO_TEXT, chombo])
                body: list[Any] = [*head, dora, ura]
                for seat in seats:
                    body.extend([seat.haipai, seat.takes, seat.discards])
                body.append(result)
                rounds.append(body)
            case "start_game":
                sg = cast(StartGame, ev)
                names = list(sg.names)
                players = len(names)
                if sg.rules:
                    rules = Rules.from_dict(dict(sg.rules))
                if sg.rules and sg.rules.get("flowers"):
                    raise LogFormatError("a tenhou.net/6 record cannot hold flower tiles (T4)")
            case "flower":
                raise LogFormatError("a tenhou.net/6 record cannot hold flower tiles (T4)")
    out: dict[str, Any] = {}
    if game is None:
        out["title"] = ["", ""]
        out["name"] = _pad(names, "")
        out["rule"] = _rule_of(rules, players)
        out["log"] = rounds
        return out
    out["ver"] = 2.3
    out["ref"] = game.ref
    if game.disconnections:
        out["connection"] = [
            {"what": int(d.back), "log": max(d.round, 0), "who": d.seat, "step": d.step}
            for d in game.disconnections
        ]
    out["log"] = rounds
    out["ratingc"] = f"PF{game.players}"
    rule: dict[str, Any] = {"disp": game.lobby.display}
    if game.lobby.red_fives:
        # red fives per suit; sanma has no 5m, so no red one (aka51 0)
        man, pin, sou = game.rules.red_fives
        rule.update({"aka53": sou, "aka52": pin, "aka51": man})
    out["rule"] = rule
    out["lobby"] = game.lobby.lobby
    dan = [_DAN_NAMES[d] if 0 <= d < len(_DAN_NAMES) else "" for d in game.dan]
    rate: list[Any] = list(game.rate)
    if game.players == 3 and len(dan) == len(rate) == 3:
        # the empty seat as Tenhou's UN element gives it: dan 0 (新人), rate 1500
        dan.append(_DAN_NAMES[0])
        rate.append(_EMPTY_SEAT_RATE)
    out["dan"] = _pad(dan, "")
    out["rate"] = _pad(rate, 0)
    out["sx"] = _pad(list(game.sx), "C")
    if game.final is not None:
        sc: list[int | float] = []
        for points, res in game.final:
            sc.extend([points, int(res) if float(res).is_integer() else res])
        out["sc"] = sc + [0, 0] * (4 - len(game.final))
    out["name"] = _pad(list(game.names), "")
    return out


_EVENT_TYPES: Final = get_args(Event)


def _checked_events(events: Iterable[Event]) -> Iterator[Event]:
    """The events, each checked to be one; anything else raises ArgumentTypeError."""
    for ev in events:
        if not isinstance(ev, _EVENT_TYPES):
            raise ArgumentTypeError(
                f"to_tenhou6 writes events, and {ev!r:.60} is a {type(ev).__name__}"
            )
        yield ev


def _rule_of(rules: Rules | None, players: int) -> dict[str, Any]:
    """The ``rule`` object of a game played under ``rules`` (from its ``start_game``):
    the length, kuitan and red fives per suit of the rules; a game without rules is
    taken as the ``tenhou`` preset's (red fives, open tanyao, east and south).

    >>> from jantaku.rules import WRC, TENHOU_SANMA
    >>> _rule_of(WRC, 4)
    {'disp': '般南喰', 'aka53': 0, 'aka52': 0, 'aka51': 0}
    >>> _rule_of(TENHOU_SANMA, 3)
    {'disp': '三般南喰赤', 'aka53': 1, 'aka52': 1, 'aka51': 0}
    """
    if rules is None:
        rules = Rules.preset("tenhou-sanma" if players == 3 else "tenhou")
    go = 0x01 | (0x10 if rules.players == 3 else 0)
    go |= 0x08 if rules.length is GameLength.EAST_SOUTH else 0
    go |= 0 if rules.kuitan else 0x04
    go |= 0 if any(rules.red_fives) else 0x02
    man, pin, sou = rules.red_fives
    return {"disp": TenhouLobby(go).display, "aka53": sou, "aka52": pin, "aka51": man}


def _pad(values: list[Any], filler: Any) -> list[Any]:
    return values + [filler] * (4 - len(values)) if len(values) < 4 else values


# --- tenhou.net/6 reader ----------------------------------------------------------------

_CALL: Final = re.compile(r"^((?:\d\d)*)([cpmkaf])(\d\d)((?:\d\d)*)$")
_SCORE_TEXT: Final = re.compile(
    r"^(?:(\d+)符(\d+)飜|(満貫|跳満|倍満|三倍満|役満))(\d+)(?:-(\d+))?点(∀?)$"
)
_YAKU_TEXT: Final = re.compile(r"^(.+)\((?:(\d+)飜|(役満))\)$")
# north set aside, as converters from other sites write it (Tenhou folds it into ドラ)
_KITA_TEXT: Final = "抜きドラ"
_DORA_ID: Final = 52


class _JsonError(Exception):
    pass


def _numbers(value: Any, n: int, what: str, *, whole: bool = True) -> tuple[Any, ...]:
    """The first ``n`` numbers of a JSON list (ints only when ``whole``)."""
    kinds = int if whole else (int, float)
    if (
        not isinstance(value, list)
        or len(value) < n
        or not all(isinstance(v, kinds) and not isinstance(v, bool) for v in value[:n])
    ):
        raise _JsonError(f"{what} needs {n} numbers: {value!r}")
    return tuple(value[:n])


def _code_tile(value: Any) -> Tile:
    if not isinstance(value, int) or isinstance(value, bool) or value not in TILE_OF_CODE:
        raise _JsonError(f"not a tile code: {value!r}")
    return TILE_OF_CODE[value]


def _split_call(text: str) -> tuple[str, Tile, list[Tile], int]:
    """(letter, marked tile, the other tiles, where the letter stood: 0, 1, 2 or 3 pairs in)."""
    m = _CALL.match(text)
    if m is None:
        raise _JsonError(f"not a call: {text!r}")
    before, letter, marked, after = m.groups()
    others = [int(before[i : i + 2]) for i in range(0, len(before), 2)]
    others += [int(after[i : i + 2]) for i in range(0, len(after), 2)]
    return letter, _code_tile(int(marked)), [_code_tile(c) for c in others], len(before) // 2


def _rel_of(letter: str, at: int, size: int) -> int:
    """The caller-relative seat (3 left, 2 across, 1 right) from the letter's position."""
    if letter == "c":
        return 3
    if at == 0:
        return 3
    if at == 1:
        return 2
    if at == size - 1:
        return 1
    raise _JsonError("call letter in no known position")


def read_tenhou6(
    data: str | bytes | Mapping[str, Any] | Sequence[Mapping[str, Any]],
    *,
    strict: bool = False,
    ref: str = "",
) -> TenhouGame:
    """Read one game from tenhou.net/6 JSON: one object, or JSON lines of one round each.

    >>> game = read_tenhou6('{"name": ["A", "B", "C", "D"], "rule": {"disp": "鳳南喰赤", '
    ...     '"aka": 1}, "log": [[[0, 0, 0], [25000, 25000, 25000, 25000], [45], [], '
    ...     '[11, 11, 11, 12, 13, 14, 15, 16, 17, 18, 19, 19, 19], [46], [], '
    ...     '[21, 21, 21, 22, 23, 24, 25, 26, 27, 28, 29, 29, 29], [], [], '
    ...     '[31, 31, 31, 32, 33, 34, 35, 36, 37, 38, 39, 39, 39], [], [], '
    ...     '[41, 41, 41, 42, 42, 42, 43, 43, 43, 44, 44, 44, 45], [], [], '
    ...     '["和了", [48000, -16000, -16000, -16000], '
    ...     '[0, 0, 0, "役満16000点∀", "天和(役満)"]]]]}')
    >>> [type(e).__name__ for e in game.events]
    ['StartGame', 'StartKyoku', 'Tsumo', 'Hora', 'EndKyoku']
    >>> game.results[0][0].yaku, game.results[0][0].points
    (((37, 13),), 48000)

    Raises :class:`~jantaku.errors.LogFormatError` for malformed JSON or an impossible
    sequence of takes and discards, naming the round (and line for JSON lines).
    """
    objects: list[Mapping[str, Any]]
    if isinstance(data, bytes | bytearray):
        try:
            data = bytes(data).decode("utf-8")
        except UnicodeDecodeError as e:
            raise LogFormatError(f"not UTF-8 text: {e}", source="tenhou6") from None
    if isinstance(data, str):
        text = data.strip()
        try:
            if "\n" in text and not text.startswith("["):
                objects = [json.loads(line) for line in text.splitlines() if line.strip()]
            else:
                loaded = json.loads(text)
                objects = loaded if isinstance(loaded, list) else [loaded]
        except json.JSONDecodeError as e:
            raise LogFormatError(f"bad JSON: {e.msg}", line=e.lineno, source="tenhou6") from None
    elif isinstance(data, Mapping):
        objects = [data]
    elif isinstance(data, list | tuple):
        objects = list(data)
    else:
        raise ArgumentTypeError(
            f"read_tenhou6 reads JSON text, bytes or decoded objects, not a {type(data).__name__}"
        )
    if not objects or not all(isinstance(o, Mapping) for o in objects):
        raise LogFormatError("a tenhou.net/6 record is a JSON object", source="tenhou6")
    head = objects[0]
    errors: list[LogFormatError] = []
    raw_rounds: list[tuple[int, Any]] = []
    for line, obj in enumerate(objects, 1):
        log = obj.get("log")
        if not isinstance(log, list):
            raise LogFormatError("no 'log' list", line=line, source="tenhou6")
        raw_rounds.extend((line, r) for r in log)
    names_raw = head.get("name")
    names = tuple(str(n) for n in names_raw) if isinstance(names_raw, list) else ()
    rule = head.get("rule") if isinstance(head.get("rule"), Mapping) else {}
    assert isinstance(rule, Mapping)
    red = bool(rule.get("aka") or rule.get("aka51") or rule.get("aka52") or rule.get("aka53"))
    disp = str(rule.get("disp", "")) or "鳳南喰赤"
    players = 3 if "三" in disp else 4
    if raw_rounds:
        first = raw_rounds[0][1]
        if isinstance(first, list) and len(first) >= 17 and first[13] == [] and first[4] != []:
            players = 3
    lobby = TenhouLobby.from_display(disp, red=red)
    if lobby.players != players:
        lobby = TenhouLobby(lobby.go_type ^ 0x10)
    if len(names) < players:
        names = names + tuple(f"player{i}" for i in range(len(names), players))
    events: list[Event] = [StartGame(names[:players])]
    results: list[tuple[TenhouResult, ...]] = []
    for index, (line, rnd) in enumerate(raw_rounds):
        try:
            notes: list[str] = []
            res = _read_round(rnd, players, events, notes)
        except _JsonError as e:
            raise LogFormatError(f"round {index + 1}: {e}", line=line, source="tenhou6") from None
        for note in notes:
            err = LogFormatError(f"round {index + 1}: {note}", line=line, source="tenhou6")
            if strict:
                raise err
            errors.append(err)
        results.append(res)
    final: tuple[tuple[int, float], ...] | None = None
    sc = head.get("sc")
    if isinstance(sc, list) and len(sc) >= 2 * players:
        try:
            nums = _numbers(sc, 2 * players, "sc", whole=False)
        except _JsonError as e:
            raise LogFormatError(str(e), source="tenhou6") from None
        final = tuple((int(nums[2 * i]), float(nums[2 * i + 1])) for i in range(players))
        events.append(EndGame(scores=tuple(p for p, _ in final), result=tuple(r for _, r in final)))
    if not raw_rounds:
        err = LogFormatError("the record has no rounds", source="tenhou6")
        if strict:
            raise err
        errors.append(err)
    dan_raw = head.get("dan")
    dan = (
        tuple(_DAN_NAMES.index(d) if d in _DAN_NAMES else 0 for d in dan_raw[:players])
        if isinstance(dan_raw, list)
        else ()
    )
    rate_raw = head.get("rate")
    rate = (
        tuple(float(r) for r in rate_raw[:players] if isinstance(r, int | float))
        if isinstance(rate_raw, list)
        else ()
    )
    sx_raw = head.get("sx")
    sx = tuple(str(s) for s in sx_raw[:players]) if isinstance(sx_raw, list) else ()
    lobby_no = head.get("lobby")
    if isinstance(lobby_no, int):
        lobby = TenhouLobby(lobby.go_type, lobby_no)
    connection = head.get("connection")
    disconnections = tuple(
        Disconnection(int(c["who"]), bool(c["what"]), int(c["log"]), int(c["step"]))
        for c in (connection if isinstance(connection, list) else ())
        if isinstance(c, Mapping) and all(k in c for k in ("who", "what", "log", "step"))
    )
    return with_rules(
        TenhouGame(
            events=tuple(events),
            lobby=lobby,
            results=tuple(results),
            final=final,
            names=names[:players],
            dan=dan,
            rate=rate,
            sx=sx,
            ref=str(head.get("ref", ref)),
            disconnections=disconnections,
            errors=tuple(errors),
        )
    )


_MAX_TRIES: Final = 4096


def _read_round(
    rnd: Any, players: int, events: list[Event], errors: list[str]
) -> tuple[TenhouResult, ...]:
    """Order one round's takes and discards into events.

    tenhou.net/6 keeps each seat's takes and discards apart, so who called which
    discard is a search: calls are tried greedily and, when the rest of the round
    cannot be played out, the last choice is revised (a depth-first search).
    """
    forced: list[int] = []
    first: _JsonError | None = None
    for _ in range(_MAX_TRIES):
        made: list[tuple[int, int]] = []
        out: list[Event] = []
        try:
            res = _play_round(rnd, players, out, errors, forced, made)
        except _JsonError as e:
            if first is None:
                first = e
            while made and made[-1][0] + 1 >= made[-1][1]:
                made.pop()
            if not made:
                raise first from None
            forced = [c for c, _ in made[:-1]] + [made[-1][0] + 1]
            continue
        events.extend(out)
        return res
    raise first or _JsonError("no consistent order of calls")


def _play_round(
    rnd: Any,
    players: int,
    events: list[Event],
    errors: list[str],
    forced: list[int],
    made: list[tuple[int, int]],
) -> tuple[TenhouResult, ...]:
    if not isinstance(rnd, list) or len(rnd) != 17:
        raise _JsonError("a round is a list of 17 entries")
    head, scores, dora_codes, ura_codes = rnd[0], rnd[1], rnd[2], rnd[3]
    if not (isinstance(head, list) and len(head) == 3 and all(isinstance(v, int) for v in head)):
        raise _JsonError("the first entry is [round, honba, deposits]")
    if not isinstance(scores, list) or len(scores) < players:
        raise _JsonError("bad scores")
    if not isinstance(dora_codes, list) or not isinstance(ura_codes, list):
        raise _JsonError("bad dora indicators")
    if not dora_codes and not ura_codes and all(rnd[i] == [] for i in range(4, 16)):
        return _results_only(rnd, players, events, errors)
    if not dora_codes:
        raise _JsonError("bad dora indicators")
    dora = [_code_tile(c) for c in dora_codes]
    ura = tuple(_code_tile(c) for c in ura_codes)
    index, honba, sticks = head
    hands = []
    takes: list[list[Any]] = []
    discards: list[list[Any]] = []
    for s in range(players):
        hand, take, disc = rnd[4 + 3 * s], rnd[5 + 3 * s], rnd[6 + 3 * s]
        if not isinstance(hand, list) or len(hand) != 13:
            raise _JsonError(f"seat {s} has no 13-tile start hand")
        if not isinstance(take, list) or not isinstance(disc, list):
            raise _JsonError(f"seat {s}: takes and discards are lists")
        hands.append(tuple(_code_tile(c) for c in hand))
        takes.append(take)
        discards.append(disc)
    outcome = rnd[16]
    if not isinstance(outcome, list) or not outcome or not isinstance(outcome[0], str):
        raise _JsonError("bad result entry")
    oya = index % 4
    if oya >= players:
        raise _JsonError(f"round index {index} has no dealer in {players}-player mahjong")
    append = events.append
    append(
        StartKyoku(
            bakaze=BAKAZE[index // 4 % 4],
            kyoku=index % 4 + 1,
            honba=honba,
            kyotaku=sticks,
            oya=oya,
            dora_marker=dora[0],
            scores=_numbers(scores, players, "scores"),
            tehais=tuple(hands),
        )
    )
    ti = [0] * players
    di = [0] * players
    last_draw: list[Tile | None] = [None] * players
    pon_tiles: dict[tuple[int, int], list[Tile]] = {}
    next_dora = 1
    pending_dora = 0
    actor = oya
    need_draw = True
    last_tile: Tile | None = None
    last_from = oya
    won = outcome[0] == "和了"
    ron = won and any(
        isinstance(info, list) and len(info) > 1 and info[0] != info[1] for info in outcome[2::2]
    )

    def reveal() -> None:
        nonlocal pending_dora, next_dora
        while pending_dora and next_dora < len(dora):
            append(Dora(dora[next_dora]))
            next_dora += 1
            pending_dora -= 1
        pending_dora = 0

    while True:
        if need_draw:
            if ti[actor] >= len(takes[actor]):
                break
            t = takes[actor][ti[actor]]
            if isinstance(t, str):
                raise _JsonError(f"seat {actor} calls {t!r} where a draw was expected")
            ti[actor] += 1
            tile = _code_tile(t)
            append(Tsumo(actor, tile))
            last_draw[actor] = tile
        # the actor's turn: kans and kita draw again, a discard ends the turn
        if di[actor] >= len(discards[actor]):
            last_from = actor
            last_tile = last_draw[actor]
            break
        d = discards[actor][di[actor]]
        di[actor] += 1
        reach = False
        if isinstance(d, str) and d.startswith("r"):
            reach = True
            try:
                d = int(d[1:])
            except ValueError:
                raise _JsonError(f"bad riichi discard {d!r}") from None
        if isinstance(d, str):
            letter, marked, others, _at = _split_call(d)
            # a kan dora still pending from an earlier kan shows after this declaration
            if letter == "k":
                base = pon_tiles.get((actor, KIND_OF[marked]))
                if base is None:
                    raise _JsonError(f"seat {actor}: kakan {d!r} without a pon")
                append(Kakan(actor, marked, tuple(base)))
                if ti[actor] >= len(takes[actor]):  # robbed (chankan)
                    last_from, last_tile = actor, marked
                    break
                reveal()
                pending_dora += 1
            elif letter == "a":
                append(Ankan(actor, tuple(sorted([*others, marked], key=sort_key))))
                pending_dora += 1
                reveal()
            elif letter == "f":
                append(Nukidora(actor, marked))
                if ti[actor] >= len(takes[actor]):  # a ron on the north set aside
                    last_from, last_tile = actor, marked
                    break
                reveal()
            else:
                raise _JsonError(f"seat {actor}: {d!r} is not a discard")
            need_draw = True
            continue
        if not isinstance(d, int) or isinstance(d, bool):
            raise _JsonError(f"seat {actor}: bad discard {d!r}")
        if d == 0:
            raise _JsonError(f"seat {actor}: a placeholder discard out of place")
        reveal()
        if reach:
            append(Reach(actor))
        if d == 60:
            drawn = last_draw[actor]
            if drawn is None:
                raise _JsonError(f"seat {actor}: tsumogiri without a draw")
            tile, tsumogiri = drawn, True
        else:
            tile, tsumogiri = _code_tile(d), False
        append(Dahai(actor, tile, tsumogiri))
        last_draw[actor] = None
        last_tile, last_from = tile, actor
        # who takes this discard? (pon and kan before chi; not calling is the last option)
        options: list[tuple[int, tuple[str, Tile, list[Tile], int]]] = []
        for s in range(players):
            if s == actor or ti[s] >= len(takes[s]) or not isinstance(takes[s][ti[s]], str):
                continue
            parsed = _split_call(takes[s][ti[s]])
            letter, marked, others, at = parsed
            rel = _rel_of(letter, at, len(others) + 1)
            if (s + rel) % 4 == actor and marked == tile:
                options.append((s, parsed))
        options.sort(key=lambda o: o[1][0] == "c")
        caller = -1
        call: tuple[str, Tile, list[Tile], int] | None = None
        if options:
            pick = forced[len(made)] if len(made) < len(forced) else 0
            made.append((pick, len(options) + 1))
            if pick < len(options):
                caller, call = options[pick]
        nxt = (actor + 1) % players
        ends = call is None and ti[nxt] >= len(takes[nxt])
        if reach and not (ends and ron):
            append(ReachAccepted(actor))
        if call is None:
            actor = nxt
            need_draw = True
            continue
        letter, marked, others, at = call
        if letter == "c":
            append(Chi(caller, actor, marked, tuple(others)))
            need_draw = False
        elif letter == "p":
            append(Pon(caller, actor, marked, tuple(others)))
            pon_tiles[(caller, KIND_OF[marked])] = sorted([*others, marked], key=sort_key)
            need_draw = False
        elif letter == "m":
            append(Daiminkan(caller, actor, marked, tuple(others)))
            if di[caller] < len(discards[caller]) and discards[caller][di[caller]] == 0:
                di[caller] += 1
            pending_dora += 1
            need_draw = True
        else:
            raise _JsonError(f"seat {caller}: {letter!r} is not a call on a discard")
        ti[caller] += 1
        actor = caller
    for s in range(players):
        if ti[s] != len(takes[s]) or di[s] != len(discards[s]):
            raise _JsonError(f"seat {s}: takes or discards left over at the end of the round")
    if next_dora + pending_dora < len(dora) or next_dora > len(dora):
        raise _JsonError("the dora indicators do not match the kans")
    return _round_result(outcome, players, last_tile, last_from, ura, events, errors)


def _results_only(
    rnd: list[Any], players: int, events: list[Event], errors: list[str]
) -> tuple[TenhouResult, ...]:
    """A round with no tiles at all (a scorekeeper's export): its start and its result.

    The ``start_kyoku`` has no dealt tiles and an unknown indicator; nothing of it can
    be replayed, but the round, the scores and every payment read back.
    """
    (index, honba, sticks), scores, outcome = rnd[0], rnd[1], rnd[16]
    if not isinstance(outcome, list) or not outcome or not isinstance(outcome[0], str):
        raise _JsonError("bad result entry")
    oya = index % 4
    if oya >= players:
        raise _JsonError(f"round index {index} has no dealer in {players}-player mahjong")
    events.append(
        StartKyoku(
            bakaze=BAKAZE[index // 4 % 4],
            kyoku=index % 4 + 1,
            honba=honba,
            kyotaku=sticks,
            oya=oya,
            dora_marker=UNKNOWN,
            scores=_numbers(scores, players, "scores"),
            tehais=((),) * players,
        )
    )
    return _round_result(outcome, players, None, oya, (), events, errors)


def _with_kita_as_dora(yaku: list[tuple[int, int]], kita: int) -> list[tuple[int, int]]:
    """Yaku ids with north set aside counted in dora (id 52), as Tenhou's own records count
    it; a dora entry made for it goes where Tenhou lists dora, before red fives and ura."""
    if any(y == _DORA_ID for y, _ in yaku):
        return [(y, h + kita if y == _DORA_ID else h) for y, h in yaku]
    at = next((i for i, (y, _) in enumerate(yaku) if y > _DORA_ID), len(yaku))
    return [*yaku[:at], (_DORA_ID, kita), *yaku[at:]]


def _round_result(
    outcome: list[Any],
    players: int,
    last_tile: Tile | None,
    last_from: int,
    ura: tuple[Tile, ...],
    events: list[Event],
    errors: list[str],
) -> tuple[TenhouResult, ...]:
    kind = outcome[0]
    out: list[TenhouResult] = []
    if kind == "和了":
        pairs = outcome[1:]
        if len(pairs) % 2 or not pairs:
            raise _JsonError("a win result needs deltas and info")
        for deltas_raw, info in zip(pairs[::2], pairs[1::2], strict=True):
            if not isinstance(info, list) or len(info) < 4 or not isinstance(deltas_raw, list):
                raise _JsonError("bad win info")
            who, from_who, liable = _numbers(info, 3, "win info")
            if not all(0 <= v < players for v in (who, from_who, liable)):
                raise _JsonError(f"win info names no seat: {info[:3]!r}")
            deltas = _numbers(deltas_raw, players, "deltas")
            yaku: list[tuple[int, int]] = []
            yakuman = False
            kita = 0
            for text in info[4:]:
                m = _YAKU_TEXT.match(str(text))
                if m is not None and m.group(1) == _KITA_TEXT and m.group(2):
                    kita += int(m.group(2))
                    continue
                if m is None or m.group(1) not in YAKU_BY_KANJI:
                    errors.append(f"unknown yaku {text!r} left out")
                    continue
                han = YAKUMAN_HAN if m.group(3) else int(m.group(2))
                yakuman = yakuman or bool(m.group(3))
                yaku.append((YAKU_BY_KANJI[m.group(1)], han))
            if kita:
                yaku = _with_kita_as_dora(yaku, kita)
            sm = _SCORE_TEXT.match(str(info[3]))
            if sm is None:
                raise _JsonError(f"bad score text {info[3]!r}")
            fu = int(sm.group(1)) if sm.group(1) else None
            limit = LIMIT_NAMES.index(sm.group(3)) if sm.group(3) else 0
            a, b = int(sm.group(4)), int(sm.group(5) or 0)
            if who != from_who:
                points = a
            elif sm.group(6):
                points = a * (players - 1)
            else:
                points = a * (players - 2) + b
            # a riichi winner's ura: a yakuman lists no riichi, so the declaration tells
            riichi = any(y in (1, 21) for y, _ in yaku) or any(
                isinstance(e, Reach) and e.actor == who for e in events
            )
            win = TenhouWin(
                seat=who,
                from_seat=from_who,
                yaku=tuple(yaku),
                fu=fu,
                points=points,
                limit=limit,
                deltas=deltas,
                pao=liable if liable != who else None,
                yakuman=yakuman,
                ura_markers=ura if riichi else (),
            )
            out.append(win)
            pai = last_tile if (who == from_who or from_who == last_from) else None
            events.append(
                Hora(
                    actor=who,
                    target=from_who,
                    pai=pai,
                    deltas=deltas,
                    ura_markers=win.ura_markers,
                    yaku=tuple((YAKU[y][0], h) for y, h in yaku),
                    han=win.han,
                    fu=fu,
                    points=points,
                    pao=win.pao,
                )
            )
    else:
        deltas = (
            _numbers(outcome[1], players, "deltas")
            if len(outcome) > 1 and isinstance(outcome[1], list)
            else (0,) * players
        )
        if kind == _CHOMBO_TEXT:
            # the offender pays the most (a chombo is not a draw: no tenpai, no deal passed)
            offender = min(range(players), key=lambda p: (deltas[p], p))
            out.append(TenhouDraw("chombo", deltas))
            events.append(Penalty(actor=offender, reason="chombo", deltas=deltas))
            events.append(EndKyoku())
            return tuple(out)
        if kind in ("流局", "全員不聴", "全員聴牌"):
            reason = "exhaustive"
        elif kind in _DRAW_OF_TEXT:
            reason = _DRAW_OF_TEXT[kind]
        else:
            raise _JsonError(f"unknown result {kind!r}")
        tenpai: tuple[int, ...] | None = None
        if reason == "exhaustive":
            if kind == "全員聴牌":
                tenpai = tuple(range(players))
            elif kind == "全員不聴":
                tenpai = ()
            else:
                tenpai = tuple(s for s in range(players) if deltas[s] > 0)
                if len(tenpai) == players or not tenpai:
                    tenpai = tuple(range(players)) if len(tenpai) == players else ()
        actor = last_from if reason == "kyuushu_kyuuhai" else None
        out.append(TenhouDraw(reason, deltas, tenpai or ()))
        events.append(Ryukyoku(reason=reason, deltas=deltas, tenpai=tenpai, actor=actor))
    events.append(EndKyoku())
    return tuple(out)
