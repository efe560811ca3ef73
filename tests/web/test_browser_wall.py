"""The replay viewer's wall in a real browser: Playwright driving Debian's chromium (headless).

A Tenhou record with a seed, uploaded to the viewer, shows a ``wall`` toggle; opened, the
panel shows the live wall left in drawing order, each seat's next draws if nobody calls,
and the dead wall with the replacement tiles and the dora and ura indicators — each
checked, frame by frame, against the viewer's own answer for the record. A record
without a seed shows no toggle. Screenshots go to ``test-output/screenshots/``.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from test_browser import ARGS, CHROMIUM, LiveServer

from jantaku.web.replay import read_record, replay_json

playwright_api = pytest.importorskip("playwright.sync_api")
uvicorn = pytest.importorskip("uvicorn")

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "test-output" / "screenshots"
DATA = ROOT.parent / "shared" / "data"
# four players, kans and kan dora in East 1; sanma with north set aside
FOUR = DATA / "paired_xml_json/mjx/2016052515gm-00a9-0000-c4d72066.xml"
SANMA = DATA / "tenhou_xml/agony5757_houou_2020/2020010102gm-00b9-0000-af4210cc.xml.gz"
NO_SEED = DATA / "paired_xml_json/mjx/2016052515gm-00a9-0000-c4d72066.tenhou6.jsonl"

pytestmark = [
    pytest.mark.skipif(
        not os.access(CHROMIUM, os.X_OK),
        reason="Debian's chromium is not installed (make test installs it when run as root)",
    ),
    pytest.mark.skipif(not FOUR.exists(), reason="the game records of shared/data are absent"),
]


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with playwright_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


@pytest.fixture
def server(tmp_path: Path) -> Iterator[LiveServer]:
    s = LiveServer(tmp_path / "store.sqlite3")
    yield s
    s.stop()


def _shot(page: Any, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def _open(browser: Any, server: LiveServer, record: Path) -> tuple[Any, list[str]]:
    """A page with ``record`` uploaded to the viewer, and the page errors it raises."""
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.base + "/")
    page.wait_for_selector("#preset option", state="attached")
    page.set_input_files("#upload", str(record))
    page.wait_for_selector("#replay-controls:not([hidden])")
    return page, errors


def _go(page: Any, frame: int) -> None:
    page.eval_on_selector(
        "#frame-range",
        "(r, i) => { r.value = i; r.dispatchEvent(new Event('input')); }",
        frame,
    )
    page.wait_for_function(
        f"document.querySelector('#frame-label').textContent.startsWith('{frame + 1} /')"
    )


def _codes(page: Any, selector: str) -> list[str]:
    return list(page.eval_on_selector_all(selector, "ts => ts.map((t) => t.dataset.tile)"))


def _expected(data: dict[str, Any], i: int) -> dict[str, Any]:
    """What the panel must show at frame ``i``, from the viewer's answer."""
    wall = [r for r in data["rounds"] if r["frame"] <= i][-1]["wall"]
    drawn, used, turned, nxt = data["frames"][i]["wall"]
    left = wall["live"][drawn : len(wall["live"]) - used]
    n = data["players"]
    return {
        "left": left,
        "next": nxt,
        "seats": {(nxt + k) % n: left[k::n][:6] for k in range(n)},
        "used": used,
        "turned": turned,
        "wall": wall,
    }


def _check_panel(page: Any, data: dict[str, Any], i: int) -> dict[str, Any]:
    want = _expected(data, i)
    assert _codes(page, "#wall-view .wall-live .tile") == want["left"]
    seats = page.eval_on_selector_all(
        "#wall-view .wall-seat",
        "rows => rows.map((r) => [Number(r.dataset.seat),"
        " Array.from(r.querySelectorAll('.tile')).map((t) => t.dataset.tile)])",
    )
    assert seats[0][0] == want["next"]  # the seat to draw next comes first
    assert {seat: codes for seat, codes in seats} == want["seats"]
    wall = want["wall"]
    assert _codes(page, "#wall-view .wall-rinshan .tile") == wall["rinshan"]
    assert len(page.query_selector_all("#wall-view .wall-rinshan .tile.used")) == want["used"]
    assert _codes(page, "#wall-view .wall-indicators .tile.dora") == wall["dora"]
    assert _codes(page, "#wall-view .wall-indicators .tile.ura") == wall["ura"]
    turned = page.query_selector_all("#wall-view .wall-indicators .tile.dora.turned")
    assert len(turned) == want["turned"]
    return want


def test_the_wall_of_a_record_behind_its_toggle(browser: Any, server: LiveServer) -> None:
    events, rules = read_record(FOUR.read_bytes())
    data = replay_json(events, rules)
    page, errors = _open(browser, server, FOUR)
    assert page.is_visible("#wall-toggle") and not page.is_visible("#wall-view")
    page.check("#wall-open")
    page.wait_for_selector("#wall-view .hint")  # the game's start: no wall dealt yet
    _go(page, 1)  # the first deal
    page.wait_for_selector("#wall-view .wall-live .tile")
    first = _check_panel(page, data, 1)
    assert len(first["left"]) == 70  # nothing drawn yet
    # a frame in East 1 after its first kan: a replacement tile gone, a kan dora turned
    kan = next(
        i
        for i, f in enumerate(data["frames"])
        if f["event"]["type"] == "dora" and f["wall"][1] == 0
    )
    for i in (kan, kan + 1, kan + 2, 9):
        _go(page, i)
        _check_panel(page, data, i)
    _go(page, kan + 2)
    want = _check_panel(page, data, kan + 2)
    assert want["used"] >= 1 and want["turned"] >= 2
    _shot(page, "replay-wall")
    # closed, the panel goes; the viewer goes on without it
    page.uncheck("#wall-open")
    assert not page.is_visible("#wall-view")
    page.click("#replay-controls button[data-step='round+']")
    assert not page.is_visible("#wall-view")
    page.check("#wall-open")
    start = int(page.input_value("#frame-range"))
    want = _check_panel(page, data, start)
    assert len(want["left"]) == 70 and want["used"] == 0
    assert errors == []
    page.close()


def test_a_sanma_record_shows_its_eight_replacement_tiles(browser: Any, server: LiveServer) -> None:
    events, rules = read_record(SANMA.read_bytes())
    data = replay_json(events, rules)
    page, errors = _open(browser, server, SANMA)
    page.check("#wall-open")
    kita = next(i for i, f in enumerate(data["frames"]) if f["event"]["type"] == "kita")
    _go(page, kita + 1)  # north set aside, then its replacement drawn
    want = _check_panel(page, data, kita + 1)
    assert len(want["wall"]["rinshan"]) == 8 and want["used"] == 1
    assert len(want["seats"]) == 3
    _shot(page, "replay-wall-sanma")
    assert errors == []
    page.close()


def test_a_record_without_a_seed_has_no_wall_toggle(browser: Any, server: LiveServer) -> None:
    page, errors = _open(browser, server, NO_SEED)
    page.click("#replay-controls button[data-step='1']")
    assert not page.is_visible("#wall-toggle")
    assert not page.is_visible("#wall-view")
    assert errors == []
    page.close()
