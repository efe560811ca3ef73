"""The table in a real browser: Playwright driving Debian's chromium (headless).

A hand played by clicks (discards, a call, riichi, a win) checked against the engine's
own match for the same choices; the result screen's numbers against the engine's and
score_win's; keyboard-only play; two browser contexts at two seats of one table;
resume after a server restart; the replay viewer on a Tenhou record. Screenshots go
to ``test-output/screenshots/``.
"""

from __future__ import annotations

import json
import os
import socket
import threading
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from webhelp import efficiency_script

from jantaku.engine import State
from jantaku.events import Action, Chi, Dahai, Daiminkan, Hora, Pass, Pon, Reach
from jantaku.scoring import score_win
from jantaku.web.aids import win_situation
from jantaku.web.protocol import tile_code

playwright_api = pytest.importorskip("playwright.sync_api")
uvicorn = pytest.importorskip("uvicorn")

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "test-output" / "screenshots"
DATA = ROOT.parent / "shared" / "data"
SEED = 364  # seat 0, playing as the efficiency bot, declares riichi, wins, then pons early

pytestmark = pytest.mark.skipif(
    not os.access(CHROMIUM, os.X_OK),
    reason="Debian's chromium is not installed (make test installs it when run as root)",
)


class LiveServer:
    """The app under uvicorn on a free 127.0.0.1 port, in a thread."""

    def __init__(self, db: Path) -> None:
        from jantaku.web.app import create_app
        from jantaku.web.server import server_config

        with socket.socket() as s:
            s.bind(("127.0.0.1", 0))
            self.port = s.getsockname()[1]
        self.app = create_app(db)
        self.server = uvicorn.Server(server_config(self.app, "127.0.0.1", self.port))
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        self.thread.start()
        deadline = time.monotonic() + 20
        while not self.server.started:
            if time.monotonic() > deadline or not self.thread.is_alive():
                raise RuntimeError("the server did not start")
            time.sleep(0.02)
        self.base = f"http://127.0.0.1:{self.port}"

    def new_match(self, **setup: Any) -> dict[str, Any]:
        body = {"preset": "tenhou", "length": "east_only", "seed": SEED, "timer": 0} | setup
        req = urllib.request.Request(
            self.base + "/api/matches",
            data=json.dumps(body).encode(),
            headers={"content-type": "application/json"},
        )
        with urllib.request.urlopen(req) as r:
            return dict(json.load(r))

    def stop(self) -> None:
        self.server.should_exit = True
        self.thread.join(20)


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
    page.wait_for_function("() => [...document.images].every(i => i.complete)")  # tiles drawn
    page.screenshot(path=str(SHOTS / f"{name}.png"))


def _wait_prompt(page: Any, after: int) -> int:
    """Wait until the page shows a pending decision later than ``after``; its number."""
    page.wait_for_function(
        f"() => {{ const b = document.querySelector('#board');"
        f" return b && b.dataset.pending === 'yes' && Number(b.dataset.decision) > {after}; }}",
        timeout=15000,
    )
    return int(page.get_attribute("#board", "data-decision"))


def _next_prompt(page: Any, after: int) -> int:
    """Like :func:`_wait_prompt`, closing the results that hold the table on the way."""
    page.wait_for_function(
        "() => { const b = document.querySelector('#board');"
        " return (b.dataset.pending === 'yes' && Number(b.dataset.decision) > "
        f"{after}) || !!document.querySelector('#overlay:not([hidden]) .result'); }}",
        timeout=15000,
    )
    _close_overlays(page)
    return _wait_prompt(page, after)


def _close_overlays(page: Any) -> None:
    """Close the result screens (not the final one)."""
    while page.locator("#overlay:not([hidden]) .result").count():
        page.click("#overlay button.ok")


def _hand_codes(page: Any) -> list[str]:
    return [
        str(c)
        for c in page.eval_on_selector_all(
            ".mine .hand-row .tile", "ts => ts.map(t => t.dataset.tile)"
        )
    ]


def _click(page: Any, action: Action, keyboard: bool = False) -> None:
    if isinstance(action, Dahai):
        codes = _hand_codes(page)
        code = tile_code(action.pai)
        index = len(codes) - 1 if action.tsumogiri else codes.index(code)
        assert codes[index] == code
        if keyboard:
            for _ in range(index + 1):
                page.keyboard.press("ArrowRight")
            page.keyboard.press("Enter")
        else:
            page.click(f".mine .hand-row .tile[data-index='{index}']")
        return
    kind = {Pass: "skip", Reach: "riichi", Chi: "chii", Pon: "pon", Daiminkan: "kan"}.get(
        type(action)
    )
    if isinstance(action, Hora):
        kind = "tsumo" if action.is_tsumo else "ron"
    assert kind is not None, action
    key = {
        "skip": "s",
        "riichi": "r",
        "chii": "c",
        "pon": "p",
        "kan": "k",
        "tsumo": "t",
        "ron": "t",
    }
    if keyboard:
        page.keyboard.press(key[kind])
    else:
        page.click(f"#prompt button[data-kind='{kind}']")
    if page.locator("#prompt .choices button").count():  # several shapes: take the scripted one
        consumed = sorted(tile_code(t) for t in getattr(action, "consumed", ()))
        for b in page.locator("#prompt .choices button").all():
            shown = sorted(b.eval_on_selector_all(".tile", "ts => ts.map(t => t.dataset.tile)"))
            if shown == consumed:
                b.click()
                return
        raise AssertionError(f"no choice shows {consumed}")


def _play(
    page: Any,
    script: list[tuple[Action, State]],
    *,
    keyboard: bool = False,
    on_result: Any = None,
    shots: bool = False,
) -> int:
    """Make the scripted choices on the page; returns the last decision answered."""
    decision = -1
    for step, (action, _state) in enumerate(script):
        # a hand's result holds the table until it is closed: read it, close it
        page.wait_for_function(
            "() => { const b = document.querySelector('#board');"
            " return (b.dataset.pending === 'yes' && Number(b.dataset.decision) > "
            f"{decision}) || !!document.querySelector('#overlay:not([hidden]) .result'); }}",
            timeout=15000,
        )
        if page.locator("#overlay:not([hidden])").count():
            if on_result is not None:
                on_result(page, step)
            if keyboard:
                page.keyboard.press("Enter")
            _close_overlays(page)
        decision = _wait_prompt(page, decision)
        if shots and page.locator("#prompt button[data-kind='pon']").count():
            _shot(page, "call-prompt")
        _click(page, action, keyboard=keyboard)
    return decision


def test_a_hand_played_by_clicks_is_the_engines_hand(browser: Any, server: LiveServer) -> None:
    script, log = efficiency_script(SEED)
    kinds = [type(a) for a, _ in script[:8]]
    assert Reach in kinds and Hora in kinds and (Pon in kinds or Chi in kinds)
    m = server.new_match()
    page = browser.new_page(viewport={"width": 1280, "height": 720})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(server.base + m["links"][0]["url"])
    page.wait_for_selector(".mine .hand-row .tile")
    _shot(page, "table-1280x720")
    results: list[dict[str, Any]] = []

    def read_result(page: Any, step: int) -> None:
        total = page.locator("#overlay .total")
        results.append(
            {
                "han": int(total.get_attribute("data-han")),
                "fu": int(total.get_attribute("data-fu")),
                "points": int(total.get_attribute("data-points")),
                "fu_items": page.eval_on_selector_all(
                    "#overlay table.fu tr", "rs => rs.map(r => r.cells[0].textContent)"
                ),
                "step": step,
            }
        )
        _shot(page, "result")

    last = _play(page, script[:8], on_result=read_result, shots=True)
    _next_prompt(page, last)
    stored = server.app.state.store.events(m["id"])
    assert stored == log[: len(stored)] and len(stored) > 20
    # the win: the screen shows the engine's numbers, itemised as score_win itemises them
    wins = [(i, a, s) for i, (a, s) in enumerate(script[:8]) if isinstance(a, Hora)]
    assert results, "the result screen was not shown"
    hora = next(e for e in log if isinstance(e, Hora))
    shown = results[0]
    assert (shown["han"], shown["fu"], shown["points"]) == (hora.han, hora.fu, hora.points)
    _, _, before = wins[0]
    expected = score_win(win_situation(before, hora))
    assert (expected.han, expected.fu, expected.total) == (hora.han, hora.fu, hora.points)
    assert shown["fu_items"] == [name for name, _ in expected.fu_items]
    assert not errors


def test_keyboard_only_play(browser: Any, server: LiveServer) -> None:
    script, log = efficiency_script(SEED)
    m = server.new_match()
    page = browser.new_page(viewport={"width": 1280, "height": 720})
    page.goto(server.base + m["links"][0]["url"])
    page.wait_for_selector(".mine .hand-row .tile")
    last = _play(page, script[:6], keyboard=True)
    _next_prompt(page, last)
    stored = server.app.state.store.events(m["id"])
    assert stored == log[: len(stored)]
    assert any(isinstance(e, Hora) and e.actor == 0 for e in stored)


def test_two_people_at_one_table_see_only_their_own_hands(browser: Any, server: LiveServer) -> None:
    m = server.new_match(seats=["human", "efficiency", "human", "efficiency"], seed=7)
    links = {link["seat"]: link["url"] for link in m["links"]}
    pages = {}
    for seat in (0, 2):
        context = browser.new_context(viewport={"width": 1280, "height": 720})
        pages[seat] = context.new_page()
        pages[seat].goto(server.base + links[seat])
        pages[seat].wait_for_selector(".mine .hand-row .tile")
    table = server.app.state.tables.get(m["id"])
    for seat, page in pages.items():
        page.wait_for_function("() => document.querySelector('#board').dataset.decision")
        state = table.ref.state
        own = sorted(_hand_codes(page))
        assert own == sorted(tile_code(t) for t in state.hand_of(seat))
        other = 2 - seat
        faces = page.locator(f".seat-area[data-seat='{other}'] .hand-row .tile:not(.back)")
        assert faces.count() == 0
        assert page.locator(f".seat-area[data-seat='{other}'] .hand-row .tile.back").count() >= 13
    # seat 0 discards by a click; seat 2's page follows the table
    _wait_prompt(pages[0], -1)
    before = len(table.ref.log)
    pages[0].click(".mine .hand-row .tile.can >> nth=-1")
    pages[2].wait_for_function(
        "() => document.querySelectorAll('.seat-area[data-seat=\"0\"] .pond .tile').length > 0"
    )
    assert len(table.ref.log) > before
    for page in pages.values():
        page.context.close()


def test_a_match_resumes_in_the_browser_after_a_server_restart(
    browser: Any, tmp_path: Path
) -> None:
    db = tmp_path / "restart.sqlite3"
    script, log = efficiency_script(SEED)
    first = LiveServer(db)
    m = first.new_match()
    page = browser.new_page(viewport={"width": 1280, "height": 720})
    page.goto(first.base + m["links"][0]["url"])
    decision = _next_prompt(page, _play(page, script[:3]))
    hand = _hand_codes(page)
    page.close()
    first.stop()
    second = LiveServer(db)
    try:
        page = browser.new_page(viewport={"width": 1280, "height": 720})
        page.goto(second.base + m["links"][0]["url"])
        assert _wait_prompt(page, -1) == decision
        assert _hand_codes(page) == hand
        _next_prompt(page, _play(page, script[3:5]))
        stored = second.app.state.store.events(m["id"])
        assert stored == log[: len(stored)]
        page.close()
    finally:
        second.stop()


def _boxes(page: Any, selector: str) -> list[dict[str, float]]:
    """The bounding boxes of the elements ``selector`` finds, in page pixels."""
    found = page.locator(selector)
    return [b for b in (found.nth(i).bounding_box() for i in range(found.count())) if b]


def test_phone_width_and_the_replay_viewer(browser: Any, server: LiveServer) -> None:
    m = server.new_match(seed=3)
    page = browser.new_page(viewport={"width": 390, "height": 844})
    page.goto(server.base + m["links"][0]["url"])
    page.wait_for_selector(".mine .hand-row .tile.can")
    widths = [box["width"] for box in _boxes(page, ".mine .hand-row .tile")]
    assert len(widths) >= 13 and min(widths) >= 26  # tap-size tiles at phone width
    page.click("#drawer-toggle")  # the aids, in their drawer
    rows = page.locator("#aids table.accept tr.main")
    page.wait_for_selector("#aids table.accept tr.main")
    more = page.locator("#aids a.more")
    assert more.count() == 1  # the first hand has more than 6 distinct discards
    assert rows.count() == 6  # the best 6 until "show all"
    listed = int((more.text_content() or "").split()[-1])
    more.click()
    page.wait_for_function(
        f"document.querySelectorAll('#aids table.accept tr.main').length === {listed}"
    )
    assert listed > 6
    _shot(page, "table-390x844")
    page.close()
    files = sorted((DATA / "tenhou_xml").glob("*/*.xml*"))
    if not files:
        pytest.skip("no Tenhou records in shared/data")
    page = browser.new_page(viewport={"width": 1280, "height": 720})
    page.goto(server.base + "/")
    page.wait_for_selector("#preset option", state="attached")
    page.set_input_files("#upload", str(files[0]))
    page.wait_for_selector("#replay-controls:not([hidden])")
    rounds = page.locator("#round-select option").count()
    assert rounds >= 4
    for _ in range(30):
        page.click("#replay-controls button[data-step='1']")
    assert page.locator(".pond .tile").count() > 0
    assert page.locator(".seat-area .hand-row .tile:not(.back)").count() >= 40  # hands open
    page.click("#replay-controls button[data-step='round+']")
    label = page.text_content("#frame-label") or ""
    assert label.startswith(str(int(page.input_value("#round-select")) + 1) + " /")
    _shot(page, "replay")
    page.close()


def test_a_whole_match_to_the_final_screen_and_the_lobby(browser: Any, server: LiveServer) -> None:
    m = server.new_match(preset="tenhou-sanma", seed=2)
    page = browser.new_page(viewport={"width": 1280, "height": 720})
    page.goto(server.base + m["links"][0]["url"])
    page.wait_for_selector(".mine .hand-row .tile")
    for box in ("auto_win", "auto_pass"):  # then only own discards are asked: Enter plays them
        page.check(f"#toggles input[data-pref='{box}']")
    shot = False
    for _ in range(400):
        page.wait_for_function(
            "() => { const b = document.querySelector('#board');"
            " return b.dataset.pending === 'yes' || b.dataset.done === 'yes'"
            " || !!document.querySelector('#overlay:not([hidden]) .result'); }",
            timeout=15000,
        )
        if page.get_attribute("#board", "data-done") == "yes":
            break
        if page.get_attribute("#board", "data-pending") != "yes":
            _close_overlays(page)  # the result holds the table until it is closed
            continue
        if not shot and page.locator(".seat-area .pond .tile").count() > 12:
            _shot(page, "table-sanma")
            shot = True
        _close_overlays(page)
        before = page.get_attribute("#board", "data-decision")
        page.keyboard.press("Enter")  # the drawn tile (or the last one) goes
        page.wait_for_function(
            f"() => document.querySelector('#board').dataset.decision !== '{before}'"
            " || document.querySelector('#board').dataset.pending !== 'yes'"
        )
    else:
        raise AssertionError("the match did not end")
    _close_overlays(page)
    page.wait_for_selector(".final-screen")
    _shot(page, "final")
    end = server.app.state.store.events(m["id"])[-1]
    points = page.eval_on_selector_all(
        ".final-screen tr td.num:nth-of-type(3)", "cs => cs.map(c => Number(c.textContent))"
    )
    assert sorted(points, reverse=True) == sorted(end.scores, reverse=True)
    page.goto(server.base + "/")
    page.wait_for_selector("#matches tbody tr")
    assert "replay" in (page.text_content("#matches tbody") or "")
    _shot(page, "lobby")
    page.close()


def test_the_lobby_starts_a_match_at_the_table(browser: Any, server: LiveServer) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 720})
    page.goto(server.base + "/")
    page.wait_for_selector("#preset option", state="attached")
    presets = page.eval_on_selector_all("#preset option", "os => os.map(o => o.value)")
    assert {"tenhou", "textbook", "tenhou-sanma", "majsoul-sanma"} <= set(presets)
    page.select_option("#preset", "majsoul-sanma")
    assert page.locator("#seat-choices select").count() == 3
    page.select_option("#seat-choices select >> nth=2", "random")
    page.check("input[name=length][value=east_only]")
    page.fill("#seed", "12")
    page.click("#start")
    page.wait_for_selector(".mine .hand-row .tile")
    assert "/table/" in page.url
    assert page.locator(".seat-area").count() == 3
    match_id = page.url.split("/table/")[1].split("?")[0]
    record = server.app.state.store.match(match_id)
    assert (record.preset, record.seed, record.length) == ("majsoul-sanma", 12, "east_only")
    assert record.seats == ("human", "defensive", "random")  # defensive bots unless told
    page.close()


def test_the_seat_token_never_reaches_a_url_and_the_page_runs_under_its_policy(
    browser: Any, server: LiveServer
) -> None:
    m = server.new_match()
    token = m["links"][0]["token"]
    assert m["links"][0]["url"].endswith(f"#token={token}")
    page = browser.new_page(viewport={"width": 1280, "height": 720})
    requested: list[str] = []
    console: list[str] = []
    page.on("request", lambda r: requested.append(r.url))
    page.on("websocket", lambda ws: requested.append(ws.url))
    page.on("console", lambda msg: console.append(msg.text))
    page.goto(server.base + m["links"][0]["url"])
    page.wait_for_selector(".mine .hand-row .tile")
    # the fragment is read, kept in the browser, and taken out of the address bar
    assert token not in page.url and page.url.endswith(f"/table/{m['id']}")
    assert any(url.startswith("ws://") for url in requested)
    assert not any(token in url for url in requested)
    assert not [text for text in console if "Content Security Policy" in text]
    # a reload opens the same seat from what the browser kept
    page.reload()
    page.wait_for_selector(".mine .hand-row .tile")
    assert page.get_attribute("#board", "data-pending") == "yes"
    page.close()
