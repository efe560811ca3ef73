"""The scoring drill (点数計算): a winning hand and its situation; answer han, fu and payment.

Every question is a :class:`~jantaku.scoring.WinSituation` drawn from a seed, and its
answer is :func:`~jantaku.scoring.score_win`'s: the han (dora included), the fu (not
asked once a hand reaches a limit, where fu no longer count) and what each payer pays
(honba included). A wrong answer is explained from the scorer's own breakdown: the
yaku or dora missed, the fu item missed (or counted that is not there), the rounding
of the fu and of the payment, the limit.

Levels, from first steps to the rulebook:

- ``limits``: hands worth mangan or more; han and payment only (満貫以上).
- ``basic``: closed hands, ryanmen and shanpon waits, pinfu; 30 and 40 fu.
- ``fu``: closed triplets, honor and wind pairs, kanchan, penchan and tanki waits.
- ``open``: open hands, pons, chii, open and closed kans, added kans.
- ``rulebook``: the seed rulebook's own cases under the ``textbook`` preset: honba
  (積み符, 300 a honba), riichi deposits (供託) and the final points' 五捨六入.

>>> q = question("scoring/basic/1")
>>> check(q, dict(q.answer)).correct
True
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any, Final

from jantaku.errors import JantakuError, NoYakuError
from jantaku.learn.common import (
    DrillError,
    Question,
    Verdict,
    code,
    codes,
    make_id,
    parse_id,
    rng_of,
    smallest_subset,
    sorted_codes,
)
from jantaku.meld import Meld
from jantaku.rules import Rules
from jantaku.scoring import BY_ID, Limit, Riichi, WinResult, WinSituation, score_win
from jantaku.scoring.limits import LIMIT_BASIC
from jantaku.scoring.payments import final_result
from jantaku.tiles import EAST, SOUTH

__all__ = ["LEVELS", "check", "generate", "question", "situation_of"]

LEVELS: Final = ("limits", "basic", "fu", "open", "rulebook")
"""The scoring drill's levels, easiest first."""

LEVEL_TEXT: Final = {
    "limits": "han only, limits (満貫以上)",
    "basic": "closed hands, 30 and 40 fu",
    "fu": "triplets, pairs and closed waits (符計算)",
    "open": "open hands and kans",
    "rulebook": "the rulebook: honba, deposits, 五捨六入 (textbook)",
}

_WIND_NAMES: Final = ("East", "South", "West", "North")
_SEAT_WORDS: Final = (
    "you",
    "the player to your right",
    "the player opposite",
    "the player to your left",
)


def situation_of(q: Question) -> WinSituation:
    """The situation a scoring question was drawn from (built again from its id)."""
    _kind, level, seed = parse_id(q.id)
    made = _draw(level, seed, q.id)
    if isinstance(made, WinSituation):
        return made
    raise DrillError(f"{q.id} is a final-points question, not a win")


# --- drawing hands ---------------------------------------------------------------------


def _take(pool: list[int], k: int, n: int) -> bool:
    if pool[k] < n:
        return False
    pool[k] -= n
    return True


def _sets(
    rng: random.Random, level: str, pool: list[int]
) -> tuple[list[tuple[str, int]], int] | None:
    """Four sets (("run", first kind) or ("triplet", kind)) and a pair, within ``pool``."""
    mode = rng.random()
    suit = rng.randrange(3)
    triplet_share = {"basic": 0.2, "fu": 0.45, "open": 0.4, "limits": 0.35, "rulebook": 0.3}[level]
    if level == "basic":
        triplet_share = 0.0 if mode < 0.5 else 0.25
    sets: list[tuple[str, int]] = []
    for _ in range(4):
        for _attempt in range(30):
            if level == "limits" and mode < 0.6:  # one suit, with honors half the time
                s = suit if mode < 0.3 or rng.random() < 0.75 else 3
            else:
                s = rng.randrange(4) if rng.random() < 0.35 else rng.randrange(3)
            if s < 3 and rng.random() >= triplet_share:
                k = 9 * s + rng.randrange(7)
                if pool[k] and pool[k + 1] and pool[k + 2]:
                    for d in range(3):
                        pool[k + d] -= 1
                    sets.append(("run", k))
                    break
            else:
                k = 27 + rng.randrange(7) if s == 3 else 9 * s + rng.randrange(9)
                if _take(pool, k, 3):
                    sets.append(("triplet", k))
                    break
        else:
            return None
    for _attempt in range(30):
        if level == "basic":  # a plain pair, so that pinfu can happen
            k = 9 * rng.randrange(3) + 1 + rng.randrange(7)
        elif level == "limits" and mode < 0.3:
            k = 9 * suit + rng.randrange(9)
        else:
            k = rng.randrange(34)
        if _take(pool, k, 2):
            return sets, k
    return None


def _meld_of(rng: random.Random, shape: str, k: int, pool: list[int]) -> Meld | None:
    """One set made a declared meld: a chii, a pon, or a kan of one of three kinds."""
    if shape == "run":
        return Meld.chii((k, k + 1, k + 2), called=k + rng.randrange(3))
    roll = rng.random()
    if roll < 0.55:
        return Meld.pon((k, k, k), called=k, called_from=rng.randint(1, 3))
    if not _take(pool, k, 1):  # a kan's fourth copy
        return Meld.pon((k, k, k), called=k, called_from=rng.randint(1, 3))
    if roll < 0.72:
        return Meld.daiminkan((k,) * 4, called=k, called_from=rng.randint(1, 3))
    if roll < 0.88:
        return Meld.ankan((k,) * 4)
    return Meld.pon((k, k, k), called=k, called_from=rng.randint(1, 3)).with_added(k)


def _hand(rng: random.Random, level: str, rules: Rules) -> WinSituation | None:
    """One try at a win for ``level``; ``None`` when the draw failed (no yaku, …)."""
    pool = [4] * 34
    drawn = _sets(rng, level, pool)
    if drawn is None:
        return None
    sets, pair = drawn
    melds: list[Meld] = []
    concealed: list[int] = [pair, pair]
    open_count = 0
    if level == "open":
        open_count = rng.choice((1, 1, 2, 2, 3))
    elif level in ("limits", "rulebook"):
        open_count = rng.choice((0, 0, 0, 1))
    order = list(range(4))
    rng.shuffle(order)
    for i in order:
        shape, k = sets[i]
        if open_count > 0:
            m = _meld_of(rng, shape, k, pool)
            if m is not None:
                melds.append(m)
                open_count -= 1
                continue
        concealed.extend((k, k + 1, k + 2) if shape == "run" else (k, k, k))
    win = rng.choice(concealed)
    closed = all(not m.is_open for m in melds)
    tsumo = rng.random() < 0.45
    winner = rng.randrange(4)
    dealer = rng.randrange(4) if rng.random() < 0.7 else winner
    discarder = None if tsumo else (winner + rng.randint(1, 3)) % 4
    riichi = Riichi.NONE
    if closed and rng.random() < (0.5 if level != "limits" else 0.7):
        riichi = Riichi.RIICHI
    indicators: list[int] = []
    kans = sum(len(m.tiles) == 4 for m in melds)
    n_dora = 1 + kans
    for _ in range(n_dora):
        for _attempt in range(20):
            k = rng.randrange(34)
            if _take(pool, k, 1):
                indicators.append(k)
                break
    ura: list[int] = []
    if riichi is Riichi.RIICHI and level in ("limits", "open"):
        for _ in range(n_dora):
            for _attempt in range(20):
                k = rng.randrange(34)
                if _take(pool, k, 1):
                    ura.append(k)
                    break
    base = dict(
        concealed=tuple(sorted(concealed)),
        melds=tuple(melds),
        win_tile=win,
        discarder=discarder,
        round_wind=EAST if rng.random() < 0.6 else SOUTH,
        winner=winner,
        dealer=dealer,
        dora_indicators=tuple(indicators),
        ura_indicators=tuple(ura),
        rules=rules,
    )
    for r in (riichi, Riichi.RIICHI) if closed else (riichi,):
        try:
            s = WinSituation(riichi=r, **base)  # type: ignore[arg-type]
            result = score_win(s)
        except NoYakuError:
            continue
        except JantakuError:
            return None
        if result.yakuman:
            return None
        if level == "limits" and result.limit is Limit.NONE:
            return None
        if level == "basic" and (result.limit is not Limit.NONE or result.fu > 40):
            return None
        return s
    return None


_RULEBOOK_CASES: Final = ("tsumo_honba", "ron_honba", "deposits", "final")


def _draw(level: str, seed: int, qid: str) -> WinSituation | tuple[int, ...]:
    """The situation of question ``qid`` (or, for a final-points case, the four scores)."""
    if level not in LEVELS:
        raise DrillError(f"no scoring level {level!r} (one of {', '.join(LEVELS)})")
    rng = rng_of(qid)
    if level == "rulebook":
        return _rulebook(rng, seed)
    rules = Rules.preset("tenhou")
    for _attempt in range(2000):
        s = _hand(rng, level, rules)
        if s is not None:
            return s
    raise DrillError(f"no hand drawn for {qid}")  # pragma: no cover - never seen


def _rulebook(rng: random.Random, seed: int) -> WinSituation | tuple[int, ...]:
    """The 000 rulebook's own cases: 東1局1本場 the dealer's tsumo (each pays 100 more),
    南2局2本場 the dealer deals in to South (600 more), deposits to the winner, and the
    final points rounded 五捨六入."""
    from dataclasses import replace

    case = _RULEBOOK_CASES[seed % len(_RULEBOOK_CASES)]
    rules = Rules.preset("textbook")
    if case == "final":
        while True:
            points = [rng.randrange(50, 600) * 100 for _ in range(3)]
            last = 100000 - sum(points)
            if -5000 <= last <= 60000:
                return (*points, last)
    level = "basic" if rng.random() < 0.6 else "fu"
    while True:
        s = _hand(rng, level, rules)
        if s is None:
            continue
        if case == "tsumo_honba":  # 東1局1本場, the dealer (East) wins by tsumo
            s2 = replace(s, discarder=None, winner=0, dealer=0, round_wind=EAST, honba=1)
        elif case == "ron_honba":  # 南2局2本場, South wins off East, the dealer
            s2 = replace(s, discarder=1, winner=2, dealer=1, round_wind=SOUTH, honba=2)
        else:
            s2 = replace(s, honba=rng.randrange(0, 4), deposits=rng.randint(1, 3))
        try:
            score_win(s2)
        except JantakuError:
            continue
        return s2


# --- the question ------------------------------------------------------------------------


def _seat_wind(s: WinSituation, seat: int) -> int:
    return EAST + (seat - s.dealer) % 4


def _meld_json(m: Meld) -> dict[str, Any]:
    return {
        "kind": m.kind.value,
        "tiles": codes(m.tiles),
        "called": code(m.called) if m.called is not None else None,
        "added": code(m.added) if m.added is not None else None,
        "from": m.called_from,
    }


def _payers(s: WinSituation, r: WinResult) -> dict[str, int]:
    """What each payer pays (honba included): ``points`` for a ron; ``all`` for a dealer's
    tsumo; ``nondealer`` and ``dealer`` for a non-dealer's."""
    if s.discarder is not None:
        return {"points": -r.deltas[s.discarder]}
    pays = [-d for p, d in enumerate(r.deltas) if p != s.winner]
    if s.winner == s.dealer:
        return {"all": max(pays)}
    other = next(p for p in range(4) if p not in (s.winner, s.dealer))
    return {"nondealer": -r.deltas[other], "dealer": -r.deltas[s.dealer]}


def question(qid: str) -> Question:
    """The scoring question named ``qid`` (``scoring/LEVEL/SEED``)."""
    kind, level, seed = parse_id(qid)
    if kind != "scoring":
        raise DrillError(f"{qid} is not a scoring question")
    made = _draw(level, seed, qid)
    if not isinstance(made, WinSituation):
        return _final_question(qid, level, made)
    s = made
    r = score_win(s)
    answer: dict[str, Any] = {"han": r.han}
    if r.limit is Limit.NONE:
        answer["fu"] = r.fu
    answer |= _payers(s, r)
    if s.deposits:
        answer["gain"] = r.deltas[s.winner]
    if r.yakuman:
        del answer["han"]
    if level == "limits":
        answer.pop("fu", None)
    win_index = s.concealed.index(s.win_tile)
    rest = s.concealed[:win_index] + s.concealed[win_index + 1 :]
    seat_wind = _seat_wind(s, s.winner)
    rel = None if s.discarder is None else (s.discarder - s.winner) % 4
    prompt = {
        "hand": sorted_codes(rest),
        "win": code(s.win_tile),
        "melds": [_meld_json(m) for m in s.melds],
        "tsumo": s.discarder is None,
        "from": None if rel is None else _SEAT_WORDS[rel],
        "seat_wind": code(seat_wind),
        "round_wind": code(s.round_wind),
        "dealer": s.winner == s.dealer,
        "riichi": s.riichi.value,
        "dora_indicators": codes(s.dora_indicators),
        "ura_indicators": codes(s.ura_indicators),
        "honba": s.honba,
        "deposits": s.deposits,
        "rules": "textbook" if level == "rulebook" else "tenhou",
        "asked": list(answer),
        "round": f"{_WIND_NAMES[s.round_wind - EAST]} {s.dealer + 1}",
    }
    detail = _breakdown(s, r)
    return Question(qid, "scoring", level, prompt, answer, detail)


def _breakdown(s: WinSituation, r: WinResult) -> dict[str, Any]:
    """The scorer's breakdown as the explanation shows it."""
    dora = [("dora", r.dora), ("red fives", r.red), ("ura dora", r.ura)]
    return {
        "yaku": [{"name": y.romaji, "kanji": y.kanji, "han": y.han} for y in r.yaku],
        "dora": {name: n for name, n in dora if n},
        "fu_items": [[n, f] for n, f in r.fu_items],
        "fu": r.fu,
        "han": r.han,
        "limit": r.limit.value,
        "limit_kanji": r.limit.kanji,
        "basic": r.basic,
        "summary": r.summary(),
        "payment": r.payment_text(),
        "deltas": list(r.deltas),
        "wait": r.wait.value,
        "steps": _payment_steps(s, r),
    }


def _payment_steps(s: WinSituation, r: WinResult) -> list[str]:
    """How the payment comes from han and fu: the basic points, the limit, the multiple
    and the rounding up to 100, then honba and deposits."""
    lines: list[str] = []
    if r.yakuman:
        lines.append(f"yakuman: basic points {r.basic}")
    elif r.limit is Limit.NONE:
        raw = r.fu * 2 ** (r.han + 2)
        lines.append(f"basic points = {r.fu} fu × 2^({r.han} han + 2) = {raw}")
    else:
        raw = r.fu * 2 ** (r.han + 2)
        why = f"{r.han} han" if r.han >= 5 else f"{r.fu} fu × 2^({r.han}+2) = {raw}, over 2000"
        lines.append(
            f"{r.limit.value} ({r.limit.kanji}): {why}, so basic points = {LIMIT_BASIC[r.limit]}"
        )
    basic = r.basic
    dealer = s.winner == s.dealer
    if s.discarder is not None:
        mult = 6 if dealer else 4
        lines.append(
            f"ron: {mult} × {basic} = {mult * basic}, rounded up to 100 = {r.total}"
            + (" (the dealer's ron is 6×)" if dealer else " (a non-dealer's ron is 4×)")
        )
    elif dealer:
        lines.append(
            f"dealer's tsumo: each pays 2 × {basic} = {2 * basic}, rounded up = {_up(2 * basic)}"
        )
    else:
        lines.append(
            f"tsumo: the dealer pays 2 × {basic} = {2 * basic} → {_up(2 * basic)}, "
            f"each other player {basic} → {_up(basic)}"
        )
    if s.honba:
        value = s.rules.honba_value
        if s.discarder is not None:
            lines.append(
                f"{s.honba} honba (積み符): the discarder pays {s.honba} × {value}"
                f" = {s.honba * value} more"
            )
        else:
            each = s.rules.honba_tsumo_each
            lines.append(
                f"{s.honba} honba (積み符): each payer pays {s.honba} × {each}"
                f" = {s.honba * each} more"
            )
    if s.deposits:
        lines.append(
            f"{s.deposits} riichi deposit(s) (供託) on the table: the winner takes "
            f"{s.deposits * s.rules.riichi_deposit} more, {r.deltas[s.winner]} in all"
        )
    return lines


def _up(x: int) -> int:
    return -(-x // 100) * 100


def _final_question(qid: str, level: str, points: tuple[int, ...]) -> Question:
    rules = Rules.preset("textbook")
    standings = final_result(points, rules)
    answer = {f"score{p}": standings[p].score for p in range(4)}
    steps = []
    for st in sorted(standings, key=lambda x: x.place):
        if st.place == 1:
            continue
        thousands, rest = divmod(st.points, 1000)
        rounded = thousands + (1 if rest >= 600 else 0)
        steps.append(
            f"{st.points}: {rest} in the hundreds rounds {'up' if rest >= 600 else 'down'} "
            f"(五捨六入) to {rounded}; − 30 (return) {_signed(rules.uma[st.place - 1] // 1000)} "
            f"(uma, place {st.place}) = {st.score:g}"
        )
    top = next(st for st in standings if st.place == 1)
    steps.append(f"the top ({top.points}) takes what makes the scores sum to 0: {top.score:g}")
    prompt = {
        "final_points": list(points),
        "rules": "textbook",
        "asked": list(answer),
        "note": "25,000 start, 30,000 return, uma +30/+10/−10/−30, 五捨六入 (500 down, 600 up)",
    }
    return Question(qid, "scoring", level, prompt, answer, {"steps": steps, "final": True})


def _signed(n: int) -> str:
    return f"+ {n}" if n >= 0 else f"− {-n}"


def generate(level: str, seed: int) -> Question:
    """The question of ``level`` drawn from ``seed``."""
    return question(make_id("scoring", level, seed))


# --- checking ------------------------------------------------------------------------


def _as_number(x: Any) -> float | None:
    if isinstance(x, bool):
        return None
    if isinstance(x, int | float):
        return x
    if isinstance(x, str):
        try:
            return float(x.replace(",", "").strip())
        except ValueError:
            return None
    return None


def check(q: Question, given: Mapping[str, Any]) -> Verdict:
    """Compare an answer with the engine's; explain every part that was wrong."""
    parts: list[tuple[str, Any, Any, bool]] = []
    for name, want in q.answer.items():
        got = _as_number(given.get(name))
        parts.append((name, want, given.get(name), got is not None and got == want))
    correct = all(p[3] for p in parts)
    wrong = {p[0] for p in parts if not p[3]}
    if q.detail.get("final"):
        lines = [] if correct else list(q.detail["steps"])
        return Verdict(correct, tuple(parts), tuple(lines), q.detail)
    lines = []
    d = q.detail
    if "han" in wrong:
        lines.extend(_han_lines(q, _as_number(given.get("han"))))
    if "fu" in wrong:
        lines.extend(_fu_lines(q, _as_number(given.get("fu"))))
    if wrong - {"han", "fu"}:
        if not ({"han", "fu"} & wrong):
            lines.append("han and fu were right: the payment is where it went wrong.")
        lines.extend(d["steps"])
    return Verdict(correct, tuple(parts), tuple(lines), d)


def _han_items(q: Question) -> list[tuple[str, int]]:
    d = q.detail
    items = [(f"{y['name']} ({y['kanji']})", int(y["han"])) for y in d["yaku"]]
    items += [(name, int(n)) for name, n in d["dora"].items()]
    return items


def _han_lines(q: Question, got: float | None) -> list[str]:
    items = _han_items(q)
    want = q.answer["han"]
    listed = " + ".join(f"{name} {h}" for name, h in items)
    lines = [f"han: {want} = {listed}"]
    if got is None:
        return lines
    diff = int(want - got)
    if diff > 0:
        missed = smallest_subset(items, diff)
        if missed:
            lines.append("missed: " + ", ".join(missed))
        else:  # no set of items makes the difference: one was counted short
            short = sorted((h, name) for name, h in items if h > diff)
            lines.append(f"missed: {diff} han of {short[0][1]}" if short else "missed: a han")
    elif diff < 0:
        lines.append(f"counted {-diff} han too many: {_overcount_hint(q)}")
    return lines


def _overcount_hint(q: Question) -> str:
    """What an over-count of han usually is, for this hand."""
    opened = any(m["kind"] in ("chii", "pon", "daiminkan", "kakan") for m in q.prompt["melds"])
    hints = []
    if opened:
        reduced = [
            y["name"]
            for y in q.detail["yaku"]
            if (rec := _by_romaji(y["name"])) is not None and rec.han_open < rec.han_closed
        ]
        hints.append(
            "an open hand loses a han on "
            + (
                ", ".join(reduced)
                if reduced
                else "honitsu, chanta, ittsu and sanshoku (喰い下がり)"
            )
            + "; riichi, pinfu, iipeikou and menzen tsumo need a closed hand"
        )
        if q.prompt["rules"] == "textbook":
            hints.append("the textbook rules have no open tanyao (喰いタン無し)")
    hints.append("a dora indicator shows the next tile: the dora is the one after it")
    return "; ".join(hints)


def _by_romaji(name: str) -> Any:
    for rec in BY_ID.values():
        if rec.romaji == name:
            return rec
    return None


def _fu_lines(q: Question, got: float | None) -> list[str]:
    d = q.detail
    items = [(str(n), int(f)) for n, f in d["fu_items"]]
    want = int(d["fu"])
    body = [(n, f) for n, f in items if n != "rounding"]
    raw = sum(f for _, f in body)
    lines = ["fu: " + " + ".join(f"{n} {f}" for n, f in body) + f" = {raw}"]
    if raw != want:
        if dict(items).get("chiitoitsu"):
            pass
        elif raw > want:  # pinfu tsumo: 20 fu, the tsumo's 2 not added
            lines.append(f"pinfu by tsumo is {want} fu exactly")
        else:
            lines.append(f"rounded up to the next 10: {raw} → {want}")
    if got is None or (d["fu_items"] and d["fu_items"][0][0] == "chiitoitsu"):
        if got is not None and want == 25:
            lines.append("seven pairs (七対子) is always 25 fu, not rounded")
        return lines
    g = int(got)
    if g < want:
        cands = [(n, f) for n, f in body if n != "base"]
        for size in range(1, len(cands) + 1):
            found = _subset_to(cands, raw, g, size)
            if found is not None:
                lines.append("missed: " + ", ".join(f"{n} ({f} fu)" for n, f in found))
                break
        else:
            lines.append(f"{want - g} fu missed: check each set, the pair and the wait")
    elif g > want:
        hints = []
        names = " ".join(n for n, _ in items)
        if "(ron)" in names:
            hints.append("a triplet completed by ron counts as open (明刻)")
        if any(n.startswith("pair") for n, _ in items) or "pair" not in names:
            hints.append("only a pair of dragons, the seat wind or the round wind earns fu")
        hints.append("a ryanmen or shanpon wait earns no fu; a run (順子) never does")
        lines.append(f"counted {g - want} fu too many: " + "; ".join(hints))
    return lines


def _subset_to(
    items: Sequence[tuple[str, int]], raw: int, target: int, size: int
) -> list[tuple[str, int]] | None:
    from itertools import combinations

    for combo in combinations(items, size):
        rest = raw - sum(f for _, f in combo)
        if -(-rest // 10) * 10 == target or (rest < 30 and target == 30 and rest > 20):
            return list(combo)
    return None
