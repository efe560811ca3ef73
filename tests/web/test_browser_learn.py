"""The Learn page in a real browser: Playwright driving Debian's chromium (headless).

Each drill answered right and wrong, the explanation seen, a mistake coming back, the
furiten question, a real game's position (built from the shared records at run time
into the test's own store), progress and the reference. Every expected answer is the
engine's (:func:`jantaku.learn.question`). Screenshots go to
``test-output/screenshots/``.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from test_browser import ARGS, CHROMIUM, LiveServer

from corpus import DATA
from jantaku.learn import LearnStore, question

playwright_api = pytest.importorskip("playwright.sync_api")
uvicorn = pytest.importorskip("uvicorn")

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "test-output" / "screenshots"

pytestmark = pytest.mark.skipif(
    not os.access(CHROMIUM, os.X_OK), reason="Debian's chromium is not installed"
)


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    from jantaku.learn.positions import build_positions

    db = tmp_path_factory.mktemp("learn") / "store.sqlite3"
    store = LearnStore(db)
    folder = DATA / "tenhou_xml" / "agony5757_houou_2020"
    store.add_positions(build_positions([folder], every=16, games=1))
    store.close()
    s = LiveServer(db)
    yield s
    s.stop()


@pytest.fixture(scope="module")
def page(server: LiveServer) -> Iterator[Any]:
    with playwright_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        pg = b.new_page(viewport={"width": 1100, "height": 900})
        errors: list[str] = []
        pg.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
        pg.on("pageerror", lambda e: errors.append(str(e)))
        pg.errors = errors
        yield pg
        b.close()


def _shot(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"), full_page=True)


def _qid(page: Any, after: str | None = None) -> str:
    page.wait_for_function(
        "(after) => { const q = document.querySelector('#question');"
        " return q && q.dataset.qid && q.dataset.qid !== after; }",
        arg=after,
        timeout=10000,
    )
    return str(page.get_attribute("#question", "data-qid"))


def _answer_scoring(page: Any, values: dict[str, Any]) -> None:
    for name, v in values.items():
        page.fill(f"#answer input[name={name}]", str(v))
    page.click("#check")
    page.wait_for_selector("#verdict:not([hidden])")


def test_scoring_right_wrong_and_back_again(page: Any, server: LiveServer) -> None:
    page.goto(server.base + "/learn?level=fu#scoring")
    first = _qid(page)
    q = question(first)
    _answer_scoring(page, dict(q.answer))
    assert page.inner_text("#verdict-title").startswith("Right")
    _shot(page, "learn-scoring-right")

    page.click("#next")
    second = _qid(page, first)
    q2 = question(second)
    wrong = dict(q2.answer)
    wrong["han"] = q2.answer["han"] - 1
    _answer_scoring(page, wrong)
    assert page.inner_text("#verdict-title") == "Not quite"
    explained = page.inner_text(".explanation")
    assert "missed" in explained or "han:" in explained
    assert "comes back" in page.inner_text("#verdict")
    _shot(page, "learn-scoring-wrong")

    page.click("#next")  # a new question first: the mistake was the last one answered
    third = _qid(page, second)
    assert third != second
    _answer_scoring(page, dict(question(third).answer))
    page.click("#next")
    again = _qid(page, third)
    assert again == second
    assert "coming back" in page.inner_text("#status")
    _shot(page, "learn-scoring-again")
    assert not page.errors


def test_waits_chinitsu_and_furiten(page: Any, server: LiveServer) -> None:
    page.goto(server.base + "/learn?level=chinitsu-6#waits")
    qid = _qid(page)
    q = question(qid)
    assert len(q.answer["waits"]) == 6
    for t in q.answer["waits"]:
        page.click(f".picker .pick[data-tile='{t}']")
    if "furiten" in q.answer:
        page.check(f"input[name=furiten][value={'yes' if q.answer['furiten'] else 'no'}]")
    page.click("#check")
    page.wait_for_selector("#verdict:not([hidden])")
    assert page.inner_text("#verdict-title").startswith("Right")
    assert page.locator("table.waits tr").count() == 7
    _shot(page, "learn-waits-right")
    # a furiten variant answered wrong: the explanation names the tile in the pond
    for seed in range(40):
        fq = question(f"waits/simple/{seed}")
        if fq.answer.get("furiten"):
            break
    page.goto(server.base + f"/learn?level=simple&seed={seed}#waits")
    assert _qid(page) == fq.id
    for t in fq.answer["waits"]:
        page.click(f".picker .pick[data-tile='{t}']")
    page.check("input[name=furiten][value=no]")
    page.click("#check")
    page.wait_for_selector("#verdict:not([hidden])")
    assert "furiten" in page.inner_text(".explanation")
    _shot(page, "learn-waits-furiten")
    assert not page.errors


def test_discard_drawn_and_houou(page: Any, server: LiveServer) -> None:
    page.goto(server.base + "/learn?level=middle#discard")
    q = question(_qid(page))
    worst = next(t for t in q.public()["hand"] if t not in q.answer["best"])
    page.click(f"#hand .pick[data-tile='{worst}']")
    page.wait_for_selector("#verdict:not([hidden])")
    assert page.inner_text("#verdict-title") == "Not quite"
    assert "best:" in page.inner_text(".explanation")
    _shot(page, "learn-discard-wrong")

    page.goto(server.base + "/learn?level=houou#discard")
    qid = _qid(page)
    store = LearnStore(
        Path(server.app.state.store.conn.execute("PRAGMA database_list").fetchone()[2])
    )
    q = question(qid, store)
    store.close()
    page.click(f"#hand .pick[data-tile='{q.answer['best'][0]}']")
    page.wait_for_selector("#verdict:not([hidden])")
    assert page.inner_text("#verdict-title").startswith("Right")
    assert "Houou player" in page.inner_text(".explanation")
    _shot(page, "learn-discard-houou")
    assert not page.errors


def test_progress_and_reference(page: Any, server: LiveServer) -> None:
    page.goto(server.base + "/learn#progress")
    page.wait_for_selector("svg.chart")
    assert page.locator("table.levels tr").count() >= 4
    _shot(page, "learn-progress")
    page.goto(server.base + "/learn#reference")
    page.wait_for_selector("table.yaku")
    assert "chinitsu" in page.inner_text("table.yaku")
    _shot(page, "learn-reference")
    page.goto(server.base + "/")
    assert page.locator("a[href='/learn']").count() == 1
    assert not page.errors
