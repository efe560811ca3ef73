"""Learning aids for one seat, computed from its own view only, and the hand results.

:func:`aids_json` reads a :class:`~jantaku.engine.View` (what the seat may see) and
gives what the seeds teach with each hand (000): shanten (向聴数), the acceptance
(受け入れ) of every discard with the tiles and how many of each remain unseen, and the
loss (ロス) against the best discard; for a tenpai hand its waits with their remaining
counts, a furiten warning, and what each wait would score if it won now
(:func:`jantaku.scoring.score_win`). Every count of tiles left is of the copies the
seat cannot see (:func:`~jantaku.engine.view.visible_counts`: its hand and melds, the
others' melds, the rivers, the indicators, the norths set aside).
:func:`review_discard` compares a discard with the
efficiency bot's choice (:func:`jantaku.agents.efficiency.rank_discards`) for the
review after each hand. :func:`win_json` itemises a win (yaku with han, dora, fu items,
limit, payments) from the state it was won in.

>>> from jantaku.engine import Referee, observe
>>> ref = Referee(seed=1)
>>> a = aids_json(observe(ref.state, 0))
>>> a["shanten"] >= 0 and len(a["discards"]) > 0
True
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from jantaku.agents.efficiency import rank_discards
from jantaku.engine import Phase, State
from jantaku.engine.view import View, visible_counts
from jantaku.errors import JantakuError, NoYakuError
from jantaku.events import Hora
from jantaku.hand import DiscardOption, Wait, acceptance, advise, is_complete, shanten, waits
from jantaku.rules import Rules
from jantaku.scoring import Riichi, WinResult, WinSituation, score_win
from jantaku.tiles import KIND_OF, UNKNOWN, Tile, counts34, dora_from_indicator
from jantaku.web.protocol import meld_json, tile_code

__all__ = ["aids_json", "review_discard", "visible_counts", "win_json", "win_situation"]

_RIICHI = (Riichi.NONE, Riichi.RIICHI, Riichi.DOUBLE)


@lru_cache(maxsize=1024)
def _advise(counts: tuple[int, ...], seen: tuple[int, ...]) -> tuple[DiscardOption, ...]:
    """:func:`jantaku.hand.advise`, kept for the last hands asked (the aids and the review
    of one decision ask the same hand; a bounded cache keyed by value)."""
    return advise(counts, seen)


def _codes(kinds: Sequence[int]) -> list[str]:
    return [tile_code(k) for k in kinds]


def _result_brief(r: WinResult) -> dict[str, Any]:
    return {
        "han": r.han,
        "fu": r.fu,
        "points": r.total,
        "text": r.payment_text(),
        "summary": r.summary(),
        "yaku": [y.romaji for y in r.yaku],
    }


def _value(view: View, concealed: tuple[Tile, ...], win: Tile, tsumo: bool, rules: Rules) -> Any:
    """What a win on ``win`` would score now, ``"no yaku"``, or ``None`` if not scorable."""
    n = view.players
    try:
        situation = WinSituation(
            concealed=concealed,
            melds=tuple(view.melds[view.seat]),
            win_tile=win,
            discarder=None if tsumo else (view.seat + 1) % n,
            riichi=_RIICHI[view.riichi[view.seat]],
            round_wind=view.bakaze,
            winner=view.seat,
            dealer=view.oya,
            dora_indicators=tuple(t for t in view.dora_markers if t != UNKNOWN),
            kita=view.nuki[view.seat],
            flowers=view.flowers[view.seat] if view.flowers else 0,
            honba=view.honba,
            deposits=view.kyotaku,
            rules=rules,
        )
        return _result_brief(score_win(situation))
    except NoYakuError:
        return "no yaku"
    except JantakuError:
        return None


def _own_copies(view: View, counts: Sequence[int]) -> list[int]:
    """The copies of each kind that are the seat's own: concealed and in its melds."""
    own = list(counts)
    for m in view.melds[view.seat]:
        for t in m.tiles:
            own[KIND_OF[t]] += 1
    return own


def _wait_json(view: View, rules: Rules, w: Wait, own: Sequence[int]) -> dict[str, Any]:
    """One wait of a tenpai hand as the aids show it; ``own`` the seat's own copies of
    each kind (concealed and in its melds). A wait on a kind held four times is listed
    with no value (see :func:`aids_json`)."""
    own_fourth = own[w.kind] >= 4
    hand = (*view.hand, w.kind)
    return {
        "tile": tile_code(w.kind),
        "remaining": w.remaining,
        "shapes": [sh.value for sh in w.shapes],
        "own_fourth": own_fourth,
        "ron": None if own_fourth else _value(view, hand, w.kind, False, rules),
        "tsumo": None if own_fourth else _value(view, hand, w.kind, True, rules),
    }


def aids_json(view: View, rules: Rules | None = None) -> dict[str, Any]:
    """The learning aids for the seat's hand as it stands in ``view``; every count left
    is of the copies the seat cannot see.

    A wait on a kind whose four copies are all the seat's own, concealed or in its melds
    (a single wait on a tile it has called pon on, 12m beside a kan of 3m), can never
    win: no copy is left to come, and a win would be a fifth copy. The hand's shape
    still waits on it, so it is listed, with 0 left, ``own_fourth`` true and no value
    (``ron`` and ``tsumo`` ``None``). It is karaten (空聴) at its strictest: riichi.wiki's
    "Karaten" counts a wait with no tile left as tenpai at an exhaustive draw in most
    rules "except if all four copies of the winning tile are in the player's own hand"
    (its "Tenpai": declared kans and open melds belong to the hand); the catalogue
    makes that draw an option (G9, :attr:`~jantaku.rules.Rules.tenpai_on_own_fourth`),
    and under no rule does such a wait win. A wait whose last copies are in sight
    elsewhere (rivers, others' melds, indicators) shows 0 left and keeps its value: the
    hand itself could be won.

    >>> from jantaku.engine import Referee, observe
    >>> aids = aids_json(observe(Referee(seed=1).state, 0))
    >>> sorted(aids)
    ['discards', 'furiten', 'shanten', 'waits']

    Raises :class:`~jantaku.errors.InvalidHandError` for a view that shows more than four
    copies of a kind (a view made by hand; a table's never does).
    """
    rules = rules if rules is not None else Rules.preset("tenhou")
    hand = view.hand
    counts = counts34(hand)
    seen = visible_counts(view)
    size = len(hand)
    out: dict[str, Any] = {"shanten": None, "discards": [], "waits": [], "furiten": False}
    if size % 3 == 2:
        out["shanten"] = shanten(counts)
        for o in _advise(tuple(counts), tuple(seen)):
            out["discards"].append(
                {
                    "tile": tile_code(o.discard),
                    "shanten": o.shanten,
                    "tiles": _codes(o.kinds),
                    "remaining": list(o.remaining),
                    "total": o.total,
                    "loss": o.loss,
                }
            )
        if is_complete(counts) and view.drawn is not None:
            out["win_now"] = _value(view, tuple(hand), view.drawn, True, rules)
    elif size % 3 == 1:
        s = shanten(counts)
        out["shanten"] = s
        if s == 0:
            out["furiten"] = view.furiten
            own = _own_copies(view, counts)
            out["waits"] = [_wait_json(view, rules, w, own) for w in waits(counts, seen)]
        else:
            a = acceptance(counts, seen)
            out["acceptance"] = {
                "tiles": _codes(a.kinds),
                "remaining": list(a.remaining),
                "total": a.total,
            }
    return out


def review_discard(view: View, discarded: Tile) -> dict[str, Any] | None:
    """The efficiency bot's view of a discard: ``None`` when it agrees (same kind, or as
    good: same shanten and acceptance), else both choices with their shanten and
    acceptance.

    >>> from jantaku.engine import Referee, observe
    >>> ref = Referee(seed=1)
    >>> v = observe(ref.state, 0)
    >>> best = rank_discards(v.hand, visible_counts(v))[0][2]
    >>> review_discard(v, best) is None
    True
    """
    if len(view.hand) % 3 != 2:
        return None
    seen = visible_counts(view)
    dora = [dora_from_indicator(t, players=view.players) for t in view.dora_markers]
    ranked = rank_discards(view.hand, seen, dora)
    best = ranked[0]
    mine = next((r for r in ranked if r[2] == KIND_OF[discarded]), None)
    if mine is None or mine[2] == best[2] or mine[:2] == best[:2]:
        return None
    return {
        "hand": [tile_code(t) for t in sorted(view.hand, key=lambda t: (KIND_OF[t], t))],
        "tiles_left": view.tiles_left,
        "yours": {"tile": tile_code(mine[2]), "shanten": mine[0], "acceptance": -mine[1]},
        "bot": {"tile": tile_code(best[2]), "shanten": best[0], "acceptance": -best[1]},
    }


def win_situation(state: State, hora: Hora, *, first: bool = True) -> WinSituation:
    """The situation of ``hora`` in ``state`` (the state just before the win was applied),
    as the engine scores it; ``first`` is False for a second ron on the same tile (honba
    and deposits go to the first).
    """
    s = state
    seat = hora.actor
    discarder = None if hora.is_tsumo else hora.target
    chankan = s.phase == Phase.CHANKAN
    if discarder is None:
        tile = s.drawn if s.drawn is not None else hora.pai
    else:
        tile = s.chankan_tile if chankan else s.last_discard
    if tile is None:
        raise JantakuError("no winning tile in this state")
    concealed = tuple(s.hands[seat]) if discarder is None else (*s.hands[seat], tile)
    return WinSituation(
        concealed=concealed,
        melds=tuple(s.melds[seat]),
        win_tile=tile,
        discarder=discarder,
        riichi=_RIICHI[s.riichi[seat]],
        ippatsu=s.ippatsu[seat] and s.rules.ippatsu,
        haitei=discarder is None and s.live == 0 and not s.rinshan_draw,
        houtei=discarder is not None and s.live == 0 and not chankan,
        rinshan=discarder is None and s.rinshan_draw,
        chankan=chankan and s.chankan_kind == "kakan",
        first_turn=(
            s.first_turn[seat]
            and not s.interrupted
            and not s.riichi[seat]
            and not s.melds[seat]
            and (discarder is None or seat != s.oya)
        ),
        round_wind=s.bakaze,
        winner=seat,
        dealer=s.oya,
        pao=s.pao[seat] if s.rules.pao and s.pao[seat] != seat else None,
        dora_indicators=tuple(s.dora_markers),
        ura_indicators=tuple(hora.ura_markers) if s.riichi[seat] and s.rules.ura_dora else (),
        kita=s.nuki[seat],
        flowers=s.flowers[seat],
        honba=s.honba if first else 0,
        deposits=s.kyotaku if first else 0,
        rules=s.rules,
    )


def win_json(state: State | None, hora: Hora, *, first: bool = True) -> dict[str, Any]:
    """A win for the result screen: the engine's event itemised by :func:`score_win`.

    ``state`` is the table just before the win (``None``: only the event's own fields).
    The han, fu and points shown are the event's (the engine scored it); the fu items,
    the limit and the winner's hand come from scoring the same situation again.
    """
    out: dict[str, Any] = {
        "kind": "hora",
        "actor": hora.actor,
        "target": hora.target,
        "tsumo": hora.is_tsumo,
        "tile": tile_code(hora.pai) if hora.pai is not None else None,
        "yaku": [[name, han] for name, han in hora.yaku or ()],
        "han": hora.han,
        "fu": hora.fu,
        "points": hora.points,
        "deltas": list(hora.deltas or ()),
        "scores": list(hora.scores or ()),
        "ura_markers": [tile_code(t) for t in hora.ura_markers],
        "pao": hora.pao,
        "fu_items": [],
        "limit": None,
        "payment": None,
        "hand": [],
        "melds": [],
        "yaku_detail": [],
    }
    if state is None:
        return out
    seat = hora.actor
    hand = list(state.hands[seat])
    out["hand"] = [tile_code(t) for t in sorted(hand, key=lambda t: (KIND_OF[t], t))]
    out["melds"] = [meld_json(m) for m in state.melds[seat]]
    try:
        r = score_win(win_situation(state, hora, first=first))
    except JantakuError:
        return out
    out["fu_items"] = [[name, fu] for name, fu in r.fu_items]
    out["limit"] = None if r.limit.value == "none" else r.limit.value
    out["payment"] = r.payment_text()
    out["yaku_detail"] = [
        {"id": y.id, "name": y.romaji, "kanji": y.kanji, "han": y.han, "yakuman": y.yakuman}
        for y in r.yaku
    ]
    out["dora"] = {"dora": r.dora, "ura": r.ura, "aka": r.red, "kita": r.kita}
    out["scored"] = {"han": r.han, "fu": r.fu, "points": r.total}
    return out
