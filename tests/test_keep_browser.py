"""The scorekeeper's page in a real browser: a short match entered by taps, at phone width.

The page is served as ``jantaku keep serve`` serves it (:func:`guarded_keep_app` under
:func:`server_config`), so every change it makes passes the server's guard. Runs
Debian's Chromium through Playwright (never a downloaded browser); skipped with the
reason when either is missing. Screenshots go to ``test-output/screenshots/``.
"""

from __future__ import annotations

import shutil
import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from jantaku.keep import Hand, Winner
from jantaku.keep.store import KeepStore
from jantaku.rules import TENHOU

CHROMIUM = Path("/usr/bin/chromium")
SHOTS = Path(__file__).resolve().parents[1] / "test-output" / "screenshots"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--no-first-run",
    "--disable-background-networking",
]

playwright_api = pytest.importorskip("playwright.sync_api", reason="playwright is not installed")
uvicorn = pytest.importorskip("uvicorn", reason="the 'web' extra is not installed")
if not CHROMIUM.exists() and shutil.which("chromium") is None:
    pytest.skip("no Chromium at /usr/bin/chromium", allow_module_level=True)


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[tuple[str, Path]]:
    from jantaku.keep.api import guarded_keep_app
    from jantaku.web.security import allowed_hosts
    from jantaku.web.server import server_config

    db = tmp_path_factory.mktemp("keep") / "jantaku.sqlite3"
    app = guarded_keep_app(db, hosts=allowed_hosts("127.0.0.1"))
    port = _free_port()
    srv = uvicorn.Server(server_config(app, "127.0.0.1", port))
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    for _ in range(200):
        if srv.started:
            break
        time.sleep(0.05)
    yield f"http://127.0.0.1:{port}/keep/", db
    srv.should_exit = True
    thread.join(timeout=10)
    app.state.keep_store.close()


@pytest.fixture(scope="module")
def page(server: tuple[str, Path]) -> Iterator[object]:
    with playwright_api.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=str(CHROMIUM), args=ARGS)
        context = browser.new_context(viewport={"width": 390, "height": 844}, device_scale_factor=2)
        pg = context.new_page()
        yield pg
        browser.close()


def _scores(page: object) -> list[int]:
    return [int(x) for x in page.locator("#seats .score").all_inner_texts()]  # type: ignore[attr-defined]


def _tap_seat(page: object, box: str, name: str) -> None:
    page.locator(f"#{box} .chip", has_text=name).first.click()  # type: ignore[attr-defined]


def test_a_short_match_entered_by_taps(server: tuple[str, Path], page: object) -> None:
    url, _ = server
    pg = page
    pg.goto(url)  # type: ignore[attr-defined]
    names = ["Aoi", "Ben", "Chie", "Dai"]
    for i, name in enumerate(names):
        pg.fill(f"#name-inputs input[name=name{i}]", name)  # type: ignore[attr-defined]
    pg.click("#start-match")  # type: ignore[attr-defined]
    pg.wait_for_selector("#play:not([hidden])")  # type: ignore[attr-defined]
    assert _scores(pg) == [25000] * 4
    assert pg.inner_text("#round") == "East 1"  # type: ignore[attr-defined]

    # East 1: Ben declares riichi and wins 3 han 30 fu from Chie (6 taps + the riichi)
    pg.click("#seats .seat[data-seat='1'] .name")  # type: ignore[attr-defined]
    assert "リーチ" not in pg.inner_text("#seats .seat[data-seat='1']")  # type: ignore[attr-defined]
    pg.click("#seats .seat[data-seat='1'] .stick")  # type: ignore[attr-defined]
    assert "リーチ" in pg.inner_text("#seats .seat[data-seat='1']")  # type: ignore[attr-defined]
    pg.click(".result[data-result=ron]")  # type: ignore[attr-defined]
    _tap_seat(pg, "who", "Ben")
    _tap_seat(pg, "from", "Chie")
    pg.click("#han .chip >> text='3'")  # type: ignore[attr-defined]
    pg.click("#fu .chip >> text='30'")  # type: ignore[attr-defined]
    SHOTS.mkdir(parents=True, exist_ok=True)
    pg.screenshot(path=str(SHOTS / "keep-entry.png"))  # type: ignore[attr-defined]
    pg.click("#record")  # type: ignore[attr-defined]
    pg.wait_for_function("() => document.querySelector('#round').textContent === 'East 2'")  # type: ignore[attr-defined]
    assert _scores(pg) == [25000, 28900, 21100, 25000]
    assert "Chie → Ben 3900" in pg.inner_text("#last-card")  # type: ignore[attr-defined]

    # East 2 (Ben deals): Dai tsumo mangan
    pg.click(".result[data-result=tsumo]")  # type: ignore[attr-defined]
    _tap_seat(pg, "who", "Dai")
    pg.click("#limits .chip >> text=Mangan")  # type: ignore[attr-defined]
    pg.click("#record")  # type: ignore[attr-defined]
    pg.wait_for_function("() => document.querySelector('#round').textContent === 'East 3'")  # type: ignore[attr-defined]
    assert _scores(pg) == [23000, 24900, 19100, 33000]

    # an impossible entry is refused with the server's message, nothing changes
    pg.click(".result[data-result=ron]")  # type: ignore[attr-defined]
    _tap_seat(pg, "who", "Aoi")
    _tap_seat(pg, "from", "Dai")
    pg.click("#han .chip >> text='1'")  # type: ignore[attr-defined]
    pg.click("#fu .chip >> text='20'")  # type: ignore[attr-defined]
    pg.click("#record")  # type: ignore[attr-defined]
    pg.wait_for_selector("#error:not([hidden])")  # type: ignore[attr-defined]
    assert "20 fu" in pg.inner_text("#error")  # type: ignore[attr-defined]
    assert _scores(pg) == [23000, 24900, 19100, 33000]

    # East 3: a draw, Chie (the dealer) and Aoi tenpai (the entry changed: the error goes)
    pg.click(".result[data-result=draw]")  # type: ignore[attr-defined]
    assert pg.is_hidden("#error")  # type: ignore[attr-defined]
    _tap_seat(pg, "tenpai", "Chie")
    _tap_seat(pg, "tenpai", "Aoi")
    pg.click("#record")  # type: ignore[attr-defined]
    pg.wait_for_function(  # type: ignore[attr-defined]
        "() => document.querySelector('#round').textContent === 'East 3 (1 honba)'"
    )
    assert _scores(pg) == [24500, 23400, 20600, 31500]

    # editing hand 1 starts from it as entered: Ben's riichi, his 3 han 30 fu from Chie
    pg.locator("#history li").nth(0).locator("button.edit").click()  # type: ignore[attr-defined]
    assert "リーチ" in pg.inner_text("#seats .seat[data-seat='1']")  # type: ignore[attr-defined]
    assert "3 han 30 fu" in pg.inner_text("#who")  # type: ignore[attr-defined]
    pg.click("#cancel-edit")  # type: ignore[attr-defined]

    # hand 2 was a haneman: entered again, and hand 3 recomputed after it
    pg.locator("#history li").nth(1).locator("button.edit").click()  # type: ignore[attr-defined]
    assert "Replacing hand 2" in pg.inner_text("#editing")  # type: ignore[attr-defined]
    pg.click(".result[data-result=tsumo]")  # type: ignore[attr-defined]
    _tap_seat(pg, "who", "Dai")
    pg.click("#limits .chip >> text=Haneman")  # type: ignore[attr-defined]
    pg.click("#record")  # type: ignore[attr-defined]
    pg.wait_for_selector("#editing[hidden]", state="attached")  # type: ignore[attr-defined]
    assert _scores(pg) == [23500, 21400, 19600, 35500]
    assert "haneman" in pg.locator("#history li").nth(1).inner_text()  # type: ignore[attr-defined]

    # "Undo last" asks first: dismissed, nothing is deleted
    hands = pg.locator("#history li").count()  # type: ignore[attr-defined]
    pg.once("dialog", lambda dialog: dialog.dismiss())  # type: ignore[attr-defined]
    pg.click("#undo")  # type: ignore[attr-defined]
    assert pg.locator("#history li").count() == hands  # type: ignore[attr-defined]
    assert _scores(pg) == [23500, 21400, 19600, 35500]

    # the calculator shows 003's steps
    pg.click("text=What does this hand pay?")  # type: ignore[attr-defined]
    pg.click("#calc-han .chip >> text='3'")  # type: ignore[attr-defined]
    pg.click("#calc-dealer")  # type: ignore[attr-defined]
    pg.wait_for_function("() => document.querySelector('#calc-out').textContent.includes('5800')")  # type: ignore[attr-defined]
    assert pg.is_hidden("#editing")  # type: ignore[attr-defined]
    pg.evaluate("window.scrollTo(0, 0)")  # type: ignore[attr-defined]
    SHOTS.mkdir(parents=True, exist_ok=True)
    pg.screenshot(path=str(SHOTS / "keep-match.png"), full_page=True)  # type: ignore[attr-defined]


def test_the_board_after_a_recorded_hanchan(server: tuple[str, Path], page: object) -> None:
    url, db = server
    keep = KeepStore(db)
    night = keep.new_series("Friday league")
    mid = keep.new_match(TENHOU, ("Aoi", "Ben", "Chie", "Dai"), series=night)
    # a hanchan as a table plays it: wins, draws, riichi sticks, a dealer keeping the deal
    kinds = [
        lambda d: Hand.ron(
            discarder=(d + 2) % 4,
            winners=(Winner(seat=(d + 1) % 4, han=3, fu=30),),
            riichi=((d + 1) % 4,),
        ),
        lambda d: Hand.tsumo(Winner(seat=d, han=2, fu=30)),
        lambda d: Hand.tsumo(Winner(seat=(d + 3) % 4, limit="mangan")),
        lambda d: Hand.draw(((d + 1) % 4, (d + 2) % 4), riichi=((d + 2) % 4,)),
        lambda d: Hand.ron(discarder=d, winners=(Winner(seat=(d + 2) % 4, han=2, fu=40),)),
        lambda d: Hand.ron(
            discarder=(d + 1) % 4, winners=(Winner(seat=(d + 3) % 4, limit="haneman"),)
        ),
    ]
    match = keep.match(mid)
    i = 0
    while not match.ledger().over:
        match = keep.add(mid, kinds[i % len(kinds)](match.ledger().dealer))
        i += 1
    match_key, series_key = keep.match_key(mid), keep.series_key(night)
    keep.close()
    pg = page
    pg.goto(f"{url}#m={match_key}")  # type: ignore[attr-defined]
    pg.wait_for_selector("#over:not([hidden])")  # type: ignore[attr-defined]
    assert pg.inner_text("#round") == "Match over"  # type: ignore[attr-defined]
    rows = pg.locator("#final tr").all_inner_texts()  # type: ignore[attr-defined]
    assert len(rows) == 5
    final = match.ledger().final
    assert final is not None
    assert _scores(pg) == [s.points for s in final]
    top = min(final, key=lambda s: s.place)
    assert f"+{top.score:.1f}" in rows[1]
    SHOTS.mkdir(parents=True, exist_ok=True)
    pg.screenshot(path=str(SHOTS / "keep-hanchan.png"), full_page=True)  # type: ignore[attr-defined]

    # the series adds the match up
    pg.goto(f"{url}#s={series_key}")  # type: ignore[attr-defined]
    pg.wait_for_selector("#series-view:not([hidden]) table")  # type: ignore[attr-defined]
    standings = pg.locator("#series-view table.standings tr").all_inner_texts()  # type: ignore[attr-defined]
    assert len(standings) == 5 and top_name(match) in standings[1]
    pg.screenshot(path=str(SHOTS / "keep-series.png"))  # type: ignore[attr-defined]


def top_name(match: object) -> str:
    final = match.ledger().final  # type: ignore[attr-defined]
    return str(match.names[min(final, key=lambda s: s.place).seat])  # type: ignore[attr-defined]


def test_a_series_and_its_match_started_from_the_page(
    server: tuple[str, Path], page: object
) -> None:
    """The page names a series and a match by their keys: in the form, the hash and the
    list; a hand deleted from the history passes the server's guard too."""
    url, db = server
    pg = page
    pg.goto(url)  # type: ignore[attr-defined]
    pg.fill("#series-name", "Sunday")  # type: ignore[attr-defined]
    pg.click("#series-form button[type=submit]")  # type: ignore[attr-defined]
    pg.wait_for_selector("#series-list li >> text=Sunday")  # type: ignore[attr-defined]
    pg.select_option("#series-select", label="Sunday")  # type: ignore[attr-defined]
    for i, name in enumerate(["Eri", "Fumi", "Gen", "Hana"]):
        pg.fill(f"#name-inputs input[name=name{i}]", name)  # type: ignore[attr-defined]
    pg.click("#start-match")  # type: ignore[attr-defined]
    pg.wait_for_selector("#play:not([hidden])")  # type: ignore[attr-defined]
    key = pg.evaluate("() => location.hash").removeprefix("#m=")  # type: ignore[attr-defined]
    keep = KeepStore(db)
    try:
        mid = keep.match_for_key(key)
        assert keep.match(mid).names == ("Eri", "Fumi", "Gen", "Hana")
        series = keep.series_of(mid)
        assert series is not None and keep.series_name(series) == "Sunday"
    finally:
        keep.close()
    assert len(key) == 24 and not key.isdigit()
    assert pg.get_attribute("#csv", "href") == f"api/matches/{key}/export.csv"  # type: ignore[attr-defined]

    pg.click(".result[data-result=draw]")  # type: ignore[attr-defined]
    pg.click("#record")  # type: ignore[attr-defined]
    pg.wait_for_selector("#history li")  # type: ignore[attr-defined]
    pg.once("dialog", lambda dialog: dialog.accept())  # type: ignore[attr-defined]
    pg.locator("#history li").first.locator("button.del:not(.edit)").click()  # type: ignore[attr-defined]
    pg.wait_for_function("() => !document.querySelector('#history li')")  # type: ignore[attr-defined]
    assert pg.is_hidden("#error")  # type: ignore[attr-defined]

    # the list of matches links each by its key
    pg.click("#home")  # type: ignore[attr-defined]
    pg.wait_for_selector(f"#match-list a[href='#m={key}']")  # type: ignore[attr-defined]


def test_a_match_with_the_tables_own_points(server: tuple[str, Path], page: object) -> None:
    """The new-match form says what the preset plays and takes the table's own start
    points, return points and uma."""
    url, _ = server
    pg: Any = page
    pg.goto(url)
    pg.wait_for_selector("#preset option", state="attached")
    pg.select_option("#preset", "tenhou")
    assert "25,000 start" in pg.inner_text("#preset-summary")
    assert pg.input_value("#uma") == "20,10,-10,-20"
    pg.fill("#start-points", "30000")
    pg.fill("#return-points", "30000")
    pg.fill("#uma", "15,5,-5,-15")
    for i, name in enumerate(("Aoi", "Ben", "Chie", "Dai")):
        pg.fill(f"#name-inputs input[name=name{i}]", name)
    pg.click("#start-match")
    pg.wait_for_selector("#play:not([hidden])")
    assert _scores(pg) == [30000] * 4
    assert "uma +15/+5/-5/-15" in (pg.get_attribute("#round", "title") or "")
