"""Learn (学習): drills for scoring, waits and discards, on the engine's own answers.

Three drills, each a module with its levels, a ``question(id)`` that rebuilds a question
from its id and a ``check(question, answer)`` that explains a wrong answer:

- :mod:`jantaku.learn.scoring` (点数計算): han, fu and payments, answered by
  :func:`jantaku.scoring.score_win`;
- :mod:`jantaku.learn.waits` (待ち): every winning tile, by :func:`jantaku.hand.waits`;
- :mod:`jantaku.learn.discard` (何切る): the discard, by :func:`jantaku.hand.advise`,
  from drawn hands, real games (:mod:`jantaku.learn.positions`) and one's own matches.

:class:`~jantaku.learn.progress.LearnStore` keeps each answer and brings mistakes back
(Leitner boxes); :func:`next_question` picks what comes next; :mod:`jantaku.learn.reference`
lists the yaku (each with an example hand, :mod:`jantaku.learn.examples`), the fu and the
score tables from the engine's own registry. :mod:`jantaku.learn.realgame` looks at a
real game's position again after the answer: the defensive bot's view and the real
wall's next draws.

>>> q = question("scoring/basic/3")
>>> check(q, dict(q.answer)).correct
True
>>> next_question("waits", "simple", None, seed=5).id
'waits/simple/5'
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Final

from jantaku.learn import discard, scoring, waits
from jantaku.learn.common import KINDS, DrillError, Question, Verdict, make_id, parse_id
from jantaku.learn.progress import LearnStore

__all__ = [
    "KINDS",
    "LEVELS",
    "DrillError",
    "LearnStore",
    "Question",
    "Verdict",
    "check",
    "import_mistakes",
    "next_question",
    "question",
]

LEVELS: Final = {"scoring": scoring.LEVELS, "waits": waits.LEVELS, "discard": discard.LEVELS}
"""Each drill's levels, easiest first."""

LEVEL_TEXT: Final = {
    "scoring": scoring.LEVEL_TEXT,
    "waits": waits.LEVEL_TEXT,
    "discard": discard.LEVEL_TEXT,
}


def question(qid: str, store: LearnStore | None = None) -> Question:
    """The question named ``qid`` (``kind/level/seed``); stored positions need ``store``."""
    kind, _level, _seed = parse_id(qid)
    if kind == "scoring":
        return scoring.question(qid)
    if kind == "waits":
        return waits.question(qid)
    if kind == "discard":
        return discard.question(qid, store)
    raise DrillError(f"no drill {kind!r} (one of {', '.join(KINDS)})")


def check(q: Question, answer: Mapping[str, Any]) -> Verdict:
    """Check an answer to ``q`` against the engine's and explain it."""
    if q.kind == "scoring":
        return scoring.check(q, answer)
    if q.kind == "waits":
        return waits.check(q, answer)
    return discard.check(q, answer)


def next_question(
    kind: str,
    level: str,
    store: LearnStore | None,
    *,
    seed: int | None = None,
    now: float | None = None,
) -> Question:
    """What comes next in a drill: a question due again (not the one just answered),
    else a new one of ``level``: from ``seed`` if given, else the next seed after the
    answers kept (so a fresh store asks the same questions in the same order)."""
    if kind not in LEVELS:
        raise DrillError(f"no drill {kind!r} (one of {', '.join(KINDS)})")
    if level not in LEVELS[kind]:
        raise DrillError(f"no {kind} level {level!r} (one of {', '.join(LEVELS[kind])})")
    if store is not None:
        last = store.last_answered()
        for qid in store.due(kind, now=now, exclude=(last,) if last else ()):
            try:
                return question(qid, store)
            except DrillError:
                continue
    n = seed if seed is not None else (store.answered(kind, level) if store is not None else 0)
    if level in discard.STORED_LEVELS:
        ids = store.position_ids(level) if store is not None else []
        if not ids:
            raise DrillError(
                "no real-game positions yet: build them with `jantaku drill build RECORDS…`"
                if level == "houou"
                else "no flagged discards of yours yet: play a match at the table first"
            )
        return question(make_id(kind, level, ids[n % len(ids)]), store)
    return question(make_id(kind, level, n), store)


def import_mistakes(store: LearnStore, web_store: Any) -> int:
    """Take in the flagged discards of the person's finished matches not taken in yet, as
    ``mine`` positions due now; how many."""
    from jantaku.learn.positions import flagged_discards

    new = 0
    done = {m.id for m in web_store.matches(20) if store.imported(m.id)}
    fresh = [pos for _match, pos in flagged_discards(web_store, skip=done)]
    if fresh:
        store.add_positions(fresh)
        for pos in fresh:
            row = store.position_row(pos["key"])
            if row is not None:
                store.schedule(make_id("discard", "mine", row))
                new += 1
    finished = [m.id for m in web_store.matches(20) if m.status != "playing"]
    store.mark_imported(finished)
    return new
