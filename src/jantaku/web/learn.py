"""The Learn pages' routes: the drills, answers, progress and the reference, over the store.

:func:`learn_routes` gives the routes the table's app mounts:

- ``GET /learn``: the page (``static/learn.html``, ``learn.js``, ``learn.css``);
- ``GET /api/learn/levels``: each drill's levels;
- ``GET /api/learn/next?kind=K&level=L[&seed=N]``: the next question (a mistake due
  again first; the person's newly flagged discards are taken in first);
- ``POST /api/learn/answer`` (JSON ``{"id", "answer"}``): the verdict, explained, kept;
- ``GET /api/learn/progress``: accuracy per drill and level, per day, and the boxes;
- ``GET /api/learn/reference``: yaku, fu and score tables from the engine.

No answer leaves the server before the question is answered.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import BaseRoute, Route

from jantaku.errors import JantakuError
from jantaku.learn import (
    KINDS,
    LEVEL_TEXT,
    LEVELS,
    LearnStore,
    check,
    import_mistakes,
    next_question,
    question,
)
from jantaku.learn.reference import reference

__all__ = ["learn_routes"]


def _error(status: int, message: str) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


def learn_routes(store: LearnStore, web_store: Any, static: Path) -> list[BaseRoute]:
    """The Learn routes over ``store`` (on the table's file; its owner closes it), reading
    the person's matches from ``web_store`` and the page from ``static``."""

    async def page(request: Request) -> Response:
        return FileResponse(static / "learn.html", headers={"Cache-Control": "no-cache"})

    async def levels(request: Request) -> Response:
        return JSONResponse(
            {
                "kinds": list(KINDS),
                "levels": {k: [[lv, LEVEL_TEXT[k][lv]] for lv in LEVELS[k]] for k in KINDS},
            }
        )

    async def next_one(request: Request) -> Response:
        kind = request.query_params.get("kind", "scoring")
        level = request.query_params.get("level", "")
        seed_text = request.query_params.get("seed")
        if kind not in LEVELS:
            return _error(400, f"no drill {kind!r}")
        level = level or LEVELS[kind][0]
        seed = int(seed_text) if seed_text and seed_text.isdigit() and len(seed_text) < 12 else None
        try:
            fresh = import_mistakes(store, web_store)
            q = next_question(kind, level, store, seed=seed)
        except JantakuError as e:
            return _error(404, str(e))
        return JSONResponse({"question": q.public(), "box": store.box(q.id), "new_mistakes": fresh})

    async def answer(request: Request) -> Response:
        try:
            body = await request.json()
        except (ValueError, RecursionError):
            return _error(400, "the body is a JSON object")
        if not isinstance(body, dict) or not isinstance(body.get("id"), str):
            return _error(400, "the body is {id, answer}")
        given = body.get("answer")
        if not isinstance(given, dict):
            return _error(400, "the answer is a JSON object")
        try:
            q = question(body["id"], store)
            verdict = check(q, given)
        except JantakuError as e:
            return _error(400, str(e))
        store.record(q.id, given, correct=verdict.correct)
        out = verdict.to_dict()
        out["answer"] = dict(q.answer)
        out["box"] = store.box(q.id)
        return JSONResponse(out)

    async def progress(request: Request) -> Response:
        return JSONResponse(store.progress())

    async def reference_json(request: Request) -> Response:
        preset = request.query_params.get("preset", "tenhou")
        try:
            return JSONResponse(reference(preset))
        except JantakuError as e:
            return _error(400, str(e))

    return [
        Route("/learn", page),
        Route("/api/learn/levels", levels),
        Route("/api/learn/next", next_one),
        Route("/api/learn/answer", answer, methods=["POST"]),
        Route("/api/learn/progress", progress),
        Route("/api/learn/reference", reference_json),
    ]
