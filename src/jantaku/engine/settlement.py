"""The end of a hand and of the match: wins, draws, penalties, honba and deposits (M1–M6).

The part of the transition (:func:`jantaku.engine.apply`) that settles: ``hora`` is
scored here (with :func:`jantaku.scoring.score_win`) and paid, draws are settled, and
``end_kyoku`` decides renchan, honba, busting, agari-yame and the west extension;
:func:`final_standings` gives the ``end_game`` of a finished match. :func:`settle_hand`
and :func:`settle_match` are the same two ends in keyword form, for a table whose hands
are not played through the engine (the scorekeeper).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final

from jantaku.engine.checks import (
    abort_refusal,
    check_seat,
    illegal,
    is_kokushi_wait,
    kyuushu_refusal,
    nagashi_seats,
    need_phase,
    not_now,
)
from jantaku.engine.state import (
    Phase,
    State,
    flush_missed,
    win_situation,
)
from jantaku.errors import (
    JantakuError,
    NoYakuError,
)
from jantaku.events import (
    EndGame,
    EndKyoku,
    Hora,
    Penalty,
    Ryukyoku,
)
from jantaku.hand import is_complete
from jantaku.rules import GameLength, MultipleRon, Rules, Shortfall
from jantaku.scoring.payments import (
    final_result,
    nagashi_payments,
    noten_payments,
    settle_shortfall,
)
from jantaku.scoring.score import score_win
from jantaku.tiles import (
    EAST,
    KIND_OF,
    Tile,
)

__all__ = ["NextHand", "final_standings", "settle_hand", "settle_match"]

_WIND_OF_ROUND: Final = (EAST, EAST + 1, EAST + 2, EAST + 3)


def settle_hora(s: State, e: Hora) -> None:
    seat = e.actor
    check_seat(s, seat, e)
    check_seat(s, e.target, e)
    n = s.players
    if e.target == seat:
        need_phase(s, (Phase.ACT,), seat, e)
        if seat != s.turn or s.drawn is None:
            raise illegal(seat, e, "tsumo wins on one's own draw")
        if s.riichi_pending is not None:
            raise illegal(seat, e, "riichi was declared: the discard must follow")
        tile = s.drawn
        if e.pai is not None and e.pai != tile:
            raise illegal(seat, e, "the winning tile is the tile just drawn")
        if not is_complete(s.counts[seat]):
            raise illegal(seat, e, "the hand is not complete")
        discarder: int | None = None
    else:
        tile_or_none: Tile | None
        if s.phase == Phase.CLAIM:
            tile_or_none, discarder = s.last_discard, s.last_discarder
        elif s.phase == Phase.CHANKAN:
            tile_or_none, discarder = s.chankan_tile, s.turn
        elif s.phase == Phase.RESULT and s.ron_winners:
            tile_or_none = s.chankan_tile if s.chankan_tile is not None else s.last_discard
            discarder = s.turn if s.chankan_tile is not None else s.last_discarder
            if seat in s.ron_winners:
                raise illegal(seat, e, "this seat has already won on this tile")
            mr = s.rules.multiple_ron
            if mr is MultipleRon.HEAD_BUMP:
                raise illegal(seat, e, "head bump: only one player wins on a discard (G5)")
            if mr is MultipleRon.DOUBLE_TRIPLE_ABORT and len(s.ron_winners) >= 2:
                raise illegal(seat, e, "three rons abort the hand (sanchahou)")
            if discarder is not None:
                last = s.ron_winners[-1]
                if (seat - discarder) % n < (last - discarder) % n:
                    # the honba and deposits go to the first win, the winner nearest
                    # the discarder (G5): the wins must come in that order
                    raise illegal(
                        seat,
                        e,
                        f"the wins on one discard come in turn order from the discarder: "
                        f"seat {seat} before seat {last} (the honba and deposits go to the "
                        "winner nearest the discarder)",
                    )
        else:
            raise illegal(seat, e, not_now(s))
        if tile_or_none is None or discarder is None or e.target != discarder:
            raise illegal(seat, e, "ron takes the last discarded (or added kan) tile")
        tile = tile_or_none
        if e.pai is not None and e.pai != tile:
            raise illegal(seat, e, "ron is on the tile just discarded")
        if seat == discarder:
            raise illegal(seat, e, "one cannot ron one's own discard")
        k = KIND_OF[tile]
        if k not in s.waits[seat]:
            raise illegal(seat, e, "the tile does not complete the hand")
        if s.furiten(seat):
            raise illegal(seat, e, "furiten: no ron (G7)")
        if (
            s.chankan_kind == "ankan"
            and s.chankan_tile is not None
            and not is_kokushi_wait(s, seat)
        ):
            raise illegal(seat, e, "only thirteen orphans may rob an ankan")
    try:
        result = score_win(win_situation(s, seat, tile, discarder, e))
    except NoYakuError:
        raise illegal(seat, e, "no yaku (一翻縛り)") from None
    except JantakuError as err:
        raise illegal(seat, e, f"cannot be scored: {err}") from None
    deltas = [int(d) for d in result.deltas]
    if len(deltas) < n:
        deltas += [0] * (n - len(deltas))
    deltas = deltas[:n]
    first = not s.ron_winners
    if first and s.rules.chombo_void_on_win and s.results:
        _void_chombos(s)
    if first and discarder is not None and s.riichi_pending == discarder:
        s.riichi_pending = None  # the riichi discard was ronned: no deposit
    deltas = _apply_shortfall(s, deltas, seat)
    for i in range(n):
        s.scores[i] += deltas[i]
    if first:
        s.kyotaku = 0
        s.deposit_owners = []
    s.ron_winners.append(seat)
    s.won[seat] = True
    yaku = tuple((y.id, y.yakuman * 13 if y.yakuman else y.han) for y in result.yaku)
    yaku += tuple(
        (name, count)
        for name, count in (
            ("dora", result.dora),
            ("aka", result.red),
            ("ura", result.ura),
            ("kita", result.kita),
            ("flower", result.flowers),
        )
        if count
    )
    done = Hora(
        actor=seat,
        target=e.target,
        pai=tile,
        deltas=tuple(deltas),
        ura_markers=tuple(e.ura_markers) if s.riichi[seat] else (),
        yaku=yaku,
        han=int(result.han),
        fu=int(result.fu),
        points=int(result.total),
        pao=s.pao[seat] if s.rules.pao else None,
        scores=tuple(s.scores),
    )
    s.results.append(done)
    if discarder is None:
        s.last_discard = None
    s.phase = Phase.RESULT


def _void_chombos(s: State) -> None:
    """P1: 錯和は他家に正当な和了のあった場合、免れる — a legitimate win in the hand undoes
    its chombo payments; the recorded penalty keeps its place with no payments."""
    for i, x in enumerate(s.results):
        if isinstance(x, Penalty) and x.reason == "chombo" and any(x.deltas):
            for seat, d in enumerate(x.deltas):
                s.scores[seat] -= d
            s.results[i] = Penalty(actor=x.actor, reason="chombo", deltas=(0,) * len(x.deltas))


def _apply_shortfall(s: State, deltas: list[int], winner: int | None) -> list[int]:
    """M4: settle a payment that drives a payer below zero per ``Rules.shortfall``."""
    if s.rules.shortfall is not Shortfall.SPLIT:
        return deltas
    out = list(deltas)
    bonus = sum(out)  # deposits collected from the table
    if winner is not None:
        out[winner] -= bonus
    out = list(settle_shortfall(s.scores, out, s.rules))
    if winner is not None:
        out[winner] += bonus
    return out


def settle_ryukyoku(s: State, e: Ryukyoku) -> None:
    n = s.players
    r = s.rules
    reason = e.reason
    deltas = [0] * n
    tenpai: tuple[int, ...] = ()
    tehais: tuple[tuple[Tile, ...], ...] | None = None
    if reason == "kyuushu_kyuuhai":
        seat = s.turn if e.actor is None else e.actor
        need_phase(s, (Phase.ACT,), seat, e)
        if seat != s.turn:
            raise illegal(seat, e, f"it is seat {s.turn}'s turn")
        refused = kyuushu_refusal(s, seat)
        if refused is not None:
            raise illegal(seat, e, str(refused))
        tehais = tuple(s.hand_of(i) if i == seat else () for i in range(n))
    elif reason in ("exhaustive", "nagashi_mangan"):
        if s.phase != Phase.DRAW or not s.rinshan_pending:  # a flower was the last tile (T4)
            need_phase(s, (Phase.CLAIM,), e.actor, e)
        if s.live > 0:
            raise illegal(None, e, "the live wall is not empty")
        if s.riichi_pending is not None:
            raise illegal(None, e, "the riichi must be accepted first")
        tenpai = tuple(i for i in range(n) if s.is_tenpai(i))
        tehais = tuple(s.hand_of(i) if i in tenpai else () for i in range(n))
        flowing = nagashi_seats(s)
        if flowing:
            if reason != "nagashi_mangan":
                raise illegal(None, e, f"seat {flowing[0]} has nagashi mangan")
            deltas = list(nagashi_payments(flowing, dealer=s.oya, rules=r))
        else:
            if reason == "nagashi_mangan":
                raise illegal(None, e, "nobody has nagashi mangan")
            deltas = list(noten_payments([i in tenpai for i in range(n)], r))
    else:
        refused = abort_refusal(s, reason)
        if refused is not None:
            raise illegal(e.actor, e, str(refused))
        if reason == "suucha_riichi":
            tehais = tuple(s.hand_of(i) for i in range(n))
    flush_missed(s)
    deltas = _apply_shortfall(s, deltas, None)
    for i in range(n):
        s.scores[i] += deltas[i]
    done = Ryukyoku(
        reason=reason,
        deltas=tuple(deltas),
        tenpai=tenpai if reason in ("exhaustive", "nagashi_mangan") else None,
        tehais=tehais,
        actor=e.actor if reason == "kyuushu_kyuuhai" else None,
        scores=tuple(s.scores),
    )
    s.results.append(done)
    s.phase = Phase.RESULT


def settle_penalty(s: State, e: Penalty) -> None:
    check_seat(s, e.actor, e)
    fee = s.rules.minor_foul_deposit
    sticks = 0
    if e.reason == "minor_foul" and fee and len(e.deltas) == s.players and sum(e.deltas):
        # P2: 錯は訂正が可能ならば1000点を供託する事で免れる — the offender's deposit
        if any(d for i, d in enumerate(e.deltas) if i != e.actor) or e.deltas[e.actor] != -fee:
            raise illegal(e.actor, e, f"a minor foul's deposit is {fee} from the offender")
        sticks = fee // 1000
    elif len(e.deltas) != s.players or sum(e.deltas) != 0:
        raise illegal(e.actor, e, "a penalty's payments must balance")
    need_phase(
        s,
        (Phase.DRAW, Phase.ACT, Phase.DISCARD, Phase.CLAIM, Phase.CHANKAN, Phase.RESULT),
        e.actor,
        e,
    )
    for i in range(s.players):
        s.scores[i] += e.deltas[i]
    if sticks:
        s.kyotaku += sticks
        s.deposit_owners += [e.actor] * sticks
    s.results.append(e)
    if e.reason == "chombo" and s.rules.abort_chombo:
        s.phase = Phase.RESULT  # 錯和流局: the hand ends


def settle_end_kyoku(s: State, e: EndKyoku) -> None:
    need_phase(s, (Phase.RESULT,), None, e)
    n = s.players
    r = s.rules
    draws = [x for x in s.results if isinstance(x, Ryukyoku)]
    dealer_won = s.oya in s.ron_winners or any(
        isinstance(x, Hora) and x.actor == s.oya for x in s.results
    )
    renchan = False
    honba = s.honba
    dealer_tenpai = False
    chombo_draw = (
        r.abort_chombo
        and not s.ron_winners
        and any(isinstance(x, Penalty) and x.reason == "chombo" for x in s.results)
    )
    if chombo_draw and not dealer_won:
        renchan = True  # a chombo draw keeps the deal without a honba (M2)
    elif dealer_won:
        renchan = True
        honba += 1
    elif draws:
        d = draws[-1]
        if d.reason in ("exhaustive", "nagashi_mangan"):
            dealer_tenpai = s.oya in (d.tenpai or ())
            renchan = dealer_tenpai
            honba += 1
        elif r.abortive_draw_renchan:
            renchan = True
            honba += 1
    else:
        honba = 0
    s.kyoku_index += 1
    over = False
    scores = s.scores
    top = _ranking(scores)[0]
    if r.tobi and any(x < 0 or (r.tobi_at_zero and x == 0) for x in scores):
        over = True
    regular = n * (1 if r.length is GameLength.EAST_ONLY else 2)
    limit = regular + n  # one extension wind at most
    idx = s.round_index
    if not over and idx >= regular - 1:
        target = r.target_points if r.west_extension else 0
        if renchan:
            # the last dealer stops when top (agari-yame / tenpai-yame), in the last
            # regular round and in the extension alike
            stop = (dealer_won and r.agari_yame) or (dealer_tenpai and r.tenpai_yame)
            over = stop and top == s.oya and scores[s.oya] >= target
        else:
            if idx + 1 >= limit or max(scores) >= target or not r.west_extension:
                over = True
    if not over and not renchan and s.round_index + 1 >= limit:
        over = True
    if over:
        s.phase = Phase.END_GAME
        s.game_over = True
        s.expected = None
        return
    nidx = s.round_index if renchan else s.round_index + 1
    wind = _WIND_OF_ROUND[min(3, nidx // n)]
    kyoku = nidx % n + 1
    oya = nidx % n
    s.expected = (wind, kyoku, honba, s.kyotaku, oya, tuple(scores))
    s.after_draw = bool(draws) and not dealer_won and not chombo_draw and honba > 0
    s.phase = Phase.START_KYOKU


def _ranking(scores: list[int]) -> list[int]:
    """Seats from first to last place; ties go to the seat nearer the first dealer."""
    return sorted(range(len(scores)), key=lambda i: (-scores[i], i))


def _yakitori(rules: Rules, scores: Sequence[int], won: Sequence[bool]) -> list[int]:
    """T5b: each seat that has not won in the match (焼き鳥) pays ``Rules.yakitori``,
    shared evenly by the seats that have won (any odd points to the best placed of them);
    nothing changes hands when nobody, or everybody, has won."""
    fee = rules.yakitori
    paid = list(scores)
    players = len(paid)
    winners = [i for i in range(players) if won[i]]
    if not fee or not winners or len(winners) == players:
        return paid
    pot = 0
    for i in range(players):
        if not won[i]:
            paid[i] -= fee
            pot += fee
    share, odd = divmod(pot, len(winners))
    for i in winners:
        paid[i] += share
    paid[min(winners, key=_ranking(list(scores)).index)] += odd
    return paid


def settle_match(
    rules: Rules,
    *,
    scores: Sequence[int],
    kyotaku: int,
    won: Sequence[bool],
    deposit_owners: Sequence[int] = (),
) -> EndGame:
    """The ``end_game`` of a finished match: final points and results (M5, M6, T5b).

    ``scores`` are the points after the last hand, ``kyotaku`` the deposits still on the
    table, ``deposit_owners`` who put them there (oldest first; deposits of unknown owners
    go to the top), ``won`` the seats that have won in the match. Leftover deposits, the
    yakitori fee, oka, uma and rounding are those of ``rules``. For a table whose hands
    are not played through the engine (the scorekeeper); :func:`final_standings` is the
    same for an engine :class:`State`.

    >>> from jantaku.rules import TENHOU
    >>> settle_match(TENHOU, scores=(35000, 25000, 22000, 18000), kyotaku=0, won=(True,) * 4)
    EndGame(scores=(35000, 25000, 22000, 18000), result=(45.0, 5.0, -18.0, -32.0))
    """
    players = len(scores)
    left = [0] * players
    for seat in deposit_owners[:kyotaku]:
        left[seat] += 1
    if kyotaku > len(deposit_owners):  # deposits of unknown owners (a replay's start)
        left[_ranking(list(scores))[0]] += kyotaku - len(deposit_owners)
    standings = final_result(_yakitori(rules, scores, won), rules, leftover=left)
    return EndGame(
        scores=tuple(x.points for x in standings), result=tuple(x.score for x in standings)
    )


def final_standings(s: State) -> EndGame:
    """The ``end_game`` of a finished match in ``s``: :func:`settle_match` on its scores,
    deposits and winners (M5, M6, T5b)."""
    return settle_match(
        s.rules, scores=s.scores, kyotaku=s.kyotaku, won=s.won, deposit_owners=s.deposit_owners
    )


def settle_end_game(s: State, e: EndGame) -> None:
    need_phase(s, (Phase.END_GAME,), None, e)
    final = final_standings(s)
    s.scores = list(final.scores or s.scores)
    s.kyotaku = 0
    s.final = final
    s.phase = Phase.DONE


@dataclass(frozen=True, slots=True)
class NextHand:
    """The hand a match goes on with: its round wind and number, dealer, honba, deposits
    and scores (what the next ``start_kyoku`` says)."""

    bakaze: Tile
    kyoku: int
    honba: int
    kyotaku: int
    oya: int
    scores: tuple[int, ...]

    def __reduce__(self) -> tuple[type[NextHand], tuple[object, ...]]:
        """Pickled and copied as its fields (a compiled class has no other way)."""
        return (
            NextHand,
            (self.bakaze, self.kyoku, self.honba, self.kyotaku, self.oya, self.scores),
        )


def settle_hand(
    rules: Rules,
    results: Sequence[Hora | Ryukyoku | Penalty],
    *,
    scores: Sequence[int],
    honba: int,
    kyotaku: int,
    round_index: int,
    won: Sequence[bool],
    deposit_owners: Sequence[int] = (),
) -> NextHand | None:
    """The end of a hand as ``end_kyoku`` settles it: the next hand, or ``None`` when the
    match is over (M1–M3: renchan, honba, busting, agari-yame, tenpai-yame, the west
    extension).

    ``results`` are the hand's settled wins, draws and penalties, ``scores`` the points
    after them, ``honba`` / ``kyotaku`` those the hand was played with (deposits left on
    the table), ``round_index`` the hand's round (0 = East 1, ``players`` = South 1, …)
    and ``won`` the seats that have won in the match, this hand included. For a table
    whose hands are not played through the engine (the scorekeeper).

    >>> from jantaku.rules import TENHOU
    >>> settle_hand(TENHOU, [Ryukyoku(reason="exhaustive", deltas=(0, 0, 0, 0), tenpai=(0,))],
    ...             scores=(25000,) * 4, honba=0, kyotaku=0, round_index=0, won=(False,) * 4)
    NextHand(bakaze=27, kyoku=1, honba=1, kyotaku=0, oya=0, scores=(25000, 25000, 25000, 25000))
    """
    s = State(rules)
    n = s.players
    s.scores = list(scores)
    s.honba = honba
    s.kyotaku = kyotaku
    s.deposit_owners = list(deposit_owners)
    s.round_index = round_index
    s.oya = round_index % n
    s.won = list(won)
    s.results = list(results)
    s.ron_winners = [r.actor for r in results if isinstance(r, Hora) and r.target != r.actor]
    s.phase = Phase.RESULT
    settle_end_kyoku(s, EndKyoku())
    if s.game_over or s.expected is None:
        return None
    wind, kyoku, next_honba, deposits, oya, next_scores = s.expected
    return NextHand(wind, kyoku, next_honba, deposits, oya, next_scores)
