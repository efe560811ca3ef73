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
def fresh(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """A server of its own, whose store has no mistakes due that would come first."""
    from jantaku.learn.positions import build_positions

    db = tmp_path_factory.mktemp("review") / "store.sqlite3"
    store = LearnStore(db)
    store.add_positions(build_positions([DATA / "tenhou_xml" / "agony5757_houou_2020"], games=1))
    store.close()
    s = LiveServer(db)
    yield s
    s.stop()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with playwright_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


def _new_page(browser: Any, width: int, height: int) -> Any:
    pg = browser.new_page(viewport={"width": width, "height": height})
    errors: list[str] = []
    pg.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.errors = errors
    return pg


@pytest.fixture(scope="module")
def page(browser: Any, server: LiveServer) -> Iterator[Any]:
    pg = _new_page(browser, 1100, 900)
    yield pg
    pg.close()


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


def _store_of(server: LiveServer) -> LearnStore:
    return LearnStore(
        Path(server.app.state.store.conn.execute("PRAGMA database_list").fetchone()[2])
    )


def _reviewed_position(server: LiveServer) -> tuple[int, Any, str]:
    """A Houou position with a threat at the table and several draws of the real wall to
    show, its index among the kept positions and a wrong answer to it that is not the
    player's either."""
    from jantaku.learn import check

    store = _store_of(server)
    try:
        for n, row in enumerate(store.position_ids("houou")):
            q = question(f"discard/houou/{row}", store)
            wrong = next(
                (
                    t
                    for t in q.prompt["hand"]
                    if t not in q.answer["best"] and t.replace("0", "5") != q.detail["choice"]
                ),
                None,
            )
            if wrong is None:
                continue
            d = check(q, {"tile": wrong}).detail
            if d["defense"]["threats"] and len(d["continuation"]["draws"]) >= 4:
                return n, q, wrong
    finally:
        store.close()
    raise AssertionError("no position with a threat and four draws")


@pytest.mark.parametrize(("width", "height"), [(1280, 720), (390, 844)])
def test_discard_review_shows_the_bot_and_the_wall(
    browser: Any, fresh: LiveServer, width: int, height: int
) -> None:
    server = fresh
    n, q, wrong = _reviewed_position(server)
    pg = _new_page(browser, width, height)
    pg.goto(server.base + f"/learn?level=houou&seed={n}#discard")
    assert _qid(pg) == q.id
    pg.click(f"#hand .pick[data-tile='{wrong}']")
    pg.wait_for_selector("#verdict:not([hidden])")
    assert pg.inner_text("#verdict-title") == "Not quite"
    defense = pg.inner_text("#defense")
    assert "The defensive bot" in defense and "expected loss" in defense
    wall = pg.inner_text("#continuation")
    assert "The real wall" in wall
    assert pg.locator("#continuation table.lines tr").count() == 3  # the draws, yours, the player's
    drawn = pg.locator("#continuation table.lines tr:first-child img.tile")
    assert drawn.count() >= 4
    # the page draws the review itself: its lines are not repeated in the list
    assert "defensive bot discards" not in pg.inner_text("#verdict .explanation")
    # nothing wider than the screen
    assert pg.evaluate("document.documentElement.scrollWidth") <= width
    pg.locator("#verdict").scroll_into_view_if_needed()
    _shot(pg, f"learn-discard-review-{width}x{height}")
    assert not pg.errors
    pg.close()


@pytest.mark.parametrize(("width", "height"), [(1280, 720), (390, 844)])
def test_an_example_hand_per_yaku(
    browser: Any, server: LiveServer, width: int, height: int
) -> None:
    from jantaku.learn.examples import example

    pg = _new_page(browser, width, height)
    pg.goto(server.base + "/learn#reference")
    pg.wait_for_selector("table.yaku")
    assert (
        pg.locator("table.yaku tr[data-yaku] button").count()
        == pg.locator("table.yaku tr[data-yaku]").count()
    )
    for yaku in ("sanshoku", "toitoi"):
        pg.click(f"table.yaku tr[data-yaku='{yaku}'] button")
        box = pg.locator(f".example[data-yaku='{yaku}']")
        box.wait_for()
        ex = example(yaku)
        assert box.locator(".hand > .tiles img.tile").count() == len(ex["hand"])
        assert box.locator(".meld").count() == len(ex["melds"])
        assert ex["summary"] in box.inner_text()
    assert pg.evaluate("document.documentElement.scrollWidth") <= width
    pg.locator(".example[data-yaku='sanshoku']").scroll_into_view_if_needed()
    _shot(pg, f"learn-yaku-example-{width}x{height}")
    pg.click("table.yaku tr[data-yaku='toitoi'] button")
    assert pg.locator(".example[data-yaku='toitoi']").count() == 0
    assert not pg.errors
    pg.close()


def test_the_review_in_japanese(browser: Any, fresh: LiveServer) -> None:
    server = fresh
    n, q, wrong = _reviewed_position(server)
    pg = _new_page(browser, 1280, 720)
    pg.goto(server.base + "/learn")
    pg.evaluate("localStorage.setItem('jantaku.lang', 'ja')")
    pg.goto(server.base + f"/learn?level=houou&seed={n}#discard")
    assert _qid(pg) == q.id
    assert pg.inner_text("#next") == "次の問題 →"
    pg.click(f"#hand .pick[data-tile='{wrong}']")
    pg.wait_for_selector("#verdict:not([hidden])")
    assert pg.inner_text("#verdict-title") == "不正解"
    assert "守備型ボットの判断" in pg.inner_text("#defense")
    assert "損失期待値" in pg.inner_text("#defense")
    assert "実際の牌山" in pg.inner_text("#continuation")
    pg.locator("#verdict").scroll_into_view_if_needed()
    _shot(pg, "learn-discard-review-ja")
    pg.goto(server.base + "/learn#reference")
    pg.click("table.yaku tr[data-yaku='pinfu'] button")
    assert "成立役" in pg.inner_text(".example[data-yaku='pinfu']")
    assert "平和" in pg.inner_text(".example[data-yaku='pinfu']")
    pg.evaluate("localStorage.setItem('jantaku.lang', 'en')")
    assert not pg.errors
    pg.close()
