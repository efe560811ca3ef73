"""The table in a real browser: the faults a player met, each clicked through again.

B1 no decision timer runs behind an open result; B2 a tsumo win is drawn with 14 tiles;
B3 a discard that goes back a shanten is not shown as losing nothing; B4 two people at
a table have names of their own (the lobby asks for them); B5 an exhaustive draw is
named in the side log; B6 a replay's final scores leave its export link clickable; B7
the replay lists its own keys; B8 the lobby on a phone; B10 the payments show the
riichi sticks paid in the hand; a gzipped Tenhou record opens in the viewer. No test
here leaves an error in a page's console.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from test_browser import (
    ARGS,
    CHROMIUM,
    DATA,
    SEED,
    LiveServer,
    _close_overlays,
    _play,
    _shot,
    _wait_prompt,
)
from webhelp import efficiency_script

from jantaku.agents import EfficiencyAgent
from jantaku.engine import Referee, observe
from jantaku.events import EndGame, Hora
from jantaku.web.aids import win_json
from jantaku.web.tables import rules_of

playwright_api = pytest.importorskip("playwright.sync_api")

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(),
    reason="Debian's chromium is not installed (make test installs it when run as root)",
)


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with playwright_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    s = LiveServer(tmp_path_factory.mktemp("bugs") / "store.sqlite3")
    yield s
    s.stop()


class Page:
    """A page at a viewport whose console errors and uncaught exceptions are kept."""

    def __init__(self, browser: Any, width: int = 1280, height: int = 720) -> None:
        self.context = browser.new_context(viewport={"width": width, "height": height})
        self.page = self.context.new_page()
        self.errors: list[str] = []
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)

    def close(self) -> None:
        assert not self.errors, self.errors
        self.context.close()


def _finished_match(server: LiveServer, seed: int) -> str:
    """A finished east-only match of four efficiency bots, stored as the table stores one."""
    names = ("you", "efficiency1", "efficiency2", "efficiency3")
    store = server.app.state.store
    record = store.create_match(
        preset="tenhou",
        players=4,
        length="east_only",
        seed=seed,
        seats=("human", "efficiency", "efficiency", "efficiency"),
        names=names,
        settings={"timer": 0},
    )
    ref = Referee(rules_of("tenhou", "east_only"), seed, names)
    agents = [EfficiencyAgent() for _ in names]
    decisions = []
    while not ref.done:
        pending = ref.pending().items()
        choices = {s: agents[s].act(observe(ref.state, s), legal) for s, legal in pending}
        decisions.append((len(decisions), choices))
        ref.submit(choices)
    store.append(record.id, decisions, list(enumerate(ref.log)))
    end = ref.log[-1]
    assert isinstance(end, EndGame)
    store.finish(record.id, {"scores": list(end.scores or ()), "result": list(end.result or ())})
    return str(record.id)


def test_b1_no_timer_runs_behind_the_result_and_b10_the_riichi_stick_is_paid(
    browser: Any, server: LiveServer
) -> None:
    script, _ = efficiency_script(SEED)
    m = server.new_match(timer=4)
    p = Page(browser)
    page = p.page
    page.goto(server.base + m["links"][0]["url"])
    page.wait_for_selector(".mine .hand-row .tile")
    win = next(i for i, (a, _) in enumerate(script) if isinstance(a, Hora))
    _play(page, script[: win + 1])
    page.wait_for_selector("#overlay:not([hidden]) .result")
    page.wait_for_function(
        "() => { const b = document.querySelector('#board');"
        " return b.dataset.paused === 'yes' || b.dataset.pending === 'yes'; }"
    )
    board = page.locator("#board")
    assert board.get_attribute("data-paused") == "yes"  # the table waits for the result
    assert board.get_attribute("data-pending") == "no" and not page.locator(".timer").count()
    decision = board.get_attribute("data-decision")
    # longer than the 4 s timer: a decision behind the result would have been played
    page.wait_for_timeout(4500)
    assert board.get_attribute("data-decision") == decision
    assert page.locator("#overlay:not([hidden]) .result").count() == 1
    table = server.app.state.tables.get(m["id"])
    assert table is not None and table.pause is not None and not table.asks
    # B10: before + riichi + change = after, seat 0's own stick among them
    rows = page.eval_on_selector_all(
        "#overlay table.pay tr[data-seat]",
        "rs => rs.map(r => ['start', 'riichi', 'delta', 'after'].map(c => {"
        " const td = r.querySelector('td.' + c);"
        " return td ? Number(td.textContent || 0) : null; }))",
    )
    assert len(rows) == 4
    for start, riichi, delta, after in rows:
        assert None not in (start, riichi, delta, after)
        assert start + riichi + delta == after
    assert rows[0] == [25000, -1000, 8700, 32700]
    _shot(page, "result-pause")
    _close_overlays(page)  # the next hand's first decision comes, with its timer
    _wait_prompt(page, int(decision or 0))
    page.wait_for_selector("#board .timer")
    p.close()


def _tsumo_result() -> dict[str, Any]:
    """A tsumo win of an efficiency-bot match as the result screen is sent it."""
    ref = Referee(rules_of("tenhou", "east_south"), 7, ("a", "b", "c", "d"))
    agents = [EfficiencyAgent() for _ in range(4)]
    while not ref.done:
        pre = ref.state.copy()
        ref.submit({s: agents[s].act(observe(ref.state, s), lg) for s, lg in ref.pending().items()})
        for e in ref.log[-6:]:
            if isinstance(e, Hora) and e.is_tsumo:
                return win_json(pre, e) | {"names": ["a", "b", "c", "d"]}
    raise AssertionError("no tsumo in the match")


def test_b2_a_tsumo_win_shows_fourteen_tiles_and_b5_a_draw_is_named(
    browser: Any, server: LiveServer
) -> None:
    result = _tsumo_result()
    p = Page(browser)
    page = p.page
    page.goto(server.base + "/")
    page.wait_for_selector("#preset option", state="attached")
    page.evaluate("r => showResult(r, r.names, 0, false)", result)
    tiles = page.locator("#overlay .result .hand > .tile").count()
    assert tiles == 14 - 3 * len(result["melds"])
    assert page.locator("#overlay .result .hand > .tile.win").count() == 1
    # B5: an exhaustive draw's event has no reason (mjai's plain ryukyoku)
    page.evaluate(
        "() => logEvent({type: 'ryukyoku', deltas: [1500, -1500, -1500, 1500]},"
        " {seat: 0, names: ['a', 'b', 'c', 'd']})"
    )
    text = page.text_content("#log") or ""
    assert "undefined" not in text and "Exhaustive draw" in text
    p.close()


def test_b3_a_discard_that_goes_back_a_shanten_shows_no_zero_loss(
    browser: Any, server: LiveServer
) -> None:
    m = server.new_match(seed=3)
    p = Page(browser)
    page = p.page
    page.goto(server.base + m["links"][0]["url"])
    page.wait_for_selector("#aids table.accept tr.main")
    if page.locator("#aids a.more").count():
        page.click("#aids a.more")
    discards = page.evaluate("() => live.msg.aids.discards")
    cells = page.eval_on_selector_all(
        "#aids table.accept tr.main td.loss", "cs => cs.map(c => c.textContent)"
    )
    assert len(cells) == len(discards)
    back = [i for i, d in enumerate(discards) if d["loss"] is None]
    assert back, "the first hand has a discard that goes back a shanten"
    for i in back:
        assert cells[i] != "0"
    for i, d in enumerate(discards):
        if d["loss"] == 0:
            assert cells[i] == "0"
    p.close()


def test_b4_two_people_are_named_apart_and_the_lobby_asks_for_names(
    browser: Any, server: LiveServer
) -> None:
    lobby = Page(browser)
    page = lobby.page
    page.goto(server.base + "/")
    page.wait_for_selector("#seat-choices select", state="attached")
    page.select_option("#seat-choices select >> nth=2", "human")
    page.fill("#seat-choices input.name >> nth=0", "Alice")
    page.check("input[name=length][value=east_only]")
    page.fill("#seed", "7")
    page.click("#start")
    page.wait_for_selector("#links a >> nth=1")
    texts = page.eval_on_selector_all("#links a:not(.watch)", "as => as.map(a => a.textContent)")
    links = page.eval_on_selector_all(
        "#links a:not(.watch)", "as => as.map(a => a.getAttribute('href'))"
    )
    assert "#watch=" in (page.get_attribute("#links a.watch", "href") or "")  # and a spectator's
    assert "Alice" in texts[0] and "player3" in texts[1]
    match_id = links[0].split("/table/")[1].split("#")[0]
    record = server.app.state.store.match(match_id)
    assert record.names[0] == "Alice" and record.names[2] == "player3"
    seats = {}
    for seat, href in zip((0, 2), links, strict=True):
        seats[seat] = Page(browser)
        seats[seat].page.goto(server.base + href)
        seats[seat].page.wait_for_selector(".mine .hand-row .tile")
    first = seats[0].page
    _wait_prompt(first, -1)
    first.click(".mine .hand-row .tile.can >> nth=-1")
    other = seats[2].page
    other.wait_for_function(
        "() => [...document.querySelectorAll('#log li')].some(li => li.querySelector('.tile'))"
    )
    log = other.text_content("#log") or ""
    assert "Alice" in log and "you" not in log
    names = other.eval_on_selector_all(".name-tag .who", "ws => ws.map(w => w.textContent)")
    assert "Alice" in names
    for s in (lobby, *seats.values()):
        s.close()


def test_b6_the_replays_final_leaves_the_export_link_and_b7_its_keys(
    browser: Any, server: LiveServer
) -> None:
    match_id = _finished_match(server, 11)
    p = Page(browser)
    page = p.page
    page.goto(server.base + f"/replay/{match_id}")
    page.wait_for_selector("#replay-controls:not([hidden])")
    keys = page.text_content("#keys") or ""
    assert "riichi" not in keys.lower() and "←" in keys
    page.evaluate(
        "() => { const r = document.querySelector('#frame-range'); r.value = r.max;"
        " r.dispatchEvent(new Event('input')); }"
    )
    page.wait_for_selector(".final-screen")
    page.locator("#export").click(trial=True, timeout=3000)  # nothing covers it
    _shot(page, "replay-final")
    p.close()


def test_b8_the_lobby_on_a_phone(browser: Any, server: LiveServer) -> None:
    p = Page(browser, 390, 844)
    page = p.page
    page.goto(server.base + "/")
    page.wait_for_selector("#seat-choices select", state="attached")
    keep = page.locator(".keep-link[href='/keep/']").bounding_box()
    form = page.locator("#new-match").bounding_box()
    brand = page.locator(".brand .logo").bounding_box()
    assert keep and form and brand
    assert keep["y"] + keep["height"] <= form["y"]  # the scorekeeper's link stays above
    assert keep["x"] + keep["width"] <= 390
    selects = [page.locator("#seat-choices select").nth(i).bounding_box() for i in range(4)]
    assert len({round(b["x"]) for b in selects if b}) == 1  # the menus line up
    assert len({round(b["width"]) for b in selects if b}) == 1
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 390  # nothing wider than the phone
    _shot(page, "lobby-390x844")
    p.close()


def test_a_gzipped_tenhou_record_opens_in_the_viewer(browser: Any, server: LiveServer) -> None:
    files = sorted((DATA / "tenhou_xml").glob("*/*.xml.gz"))
    if not files:
        pytest.skip("no gzipped Tenhou records in shared/data")
    p = Page(browser)
    page = p.page
    page.goto(server.base + "/")
    page.wait_for_selector("#preset option", state="attached")
    page.set_input_files("#upload", str(files[0]))
    # told at once that the record is being read (the first takes seconds: the server
    # starts its reader)
    assert files[0].name in (page.text_content("#upload-status") or "")
    page.wait_for_selector("#replay-controls:not([hidden])", timeout=15000)
    assert page.locator("#round-select option").count() >= 4
    assert "events" in (page.text_content("#status") or "")
    p.close()


def test_the_timer_and_its_bank_chosen_in_the_lobby_are_kept_and_shown(
    browser: Any, server: LiveServer
) -> None:
    p = Page(browser)
    page = p.page
    page.goto(server.base + "/")
    page.wait_for_selector("#preset option", state="attached")
    page.select_option("#timer", "5+20")
    page.reload()  # the choice is kept in this browser
    page.wait_for_selector("#preset option", state="attached")
    assert page.input_value("#timer") == "5+20"
    page.check("input[name=length][value=east_only]")
    page.click("#start")
    page.wait_for_selector("#board .timer .secs")
    match_id = page.url.split("/table/")[1]
    record = server.app.state.store.match(match_id)
    assert (record.settings["timer"], record.settings["bank"]) == (5, 20)
    assert page.get_attribute("#board .timer", "data-bank") == "20"
    assert int(page.text_content("#board .timer .secs") or 99) <= 5
    assert (page.text_content("#board .timer .bank") or "").startswith("+")
    _shot(page, "timer-bank-1280x720")
    p.close()


@pytest.mark.parametrize(("width", "height"), [(390, 844), (844, 390)])
def test_the_table_at_phone_sizes(
    browser: Any, server: LiveServer, width: int, height: int
) -> None:
    m = server.new_match(seed=3, timer=60)
    p = Page(browser, width, height)
    page = p.page
    page.goto(server.base + m["links"][0]["url"])
    page.wait_for_selector(".mine .hand-row .tile.can")
    page.wait_for_selector("#dock .timer .secs")  # a phone's timer sits in the dock
    overflow = page.evaluate("() => document.documentElement.scrollWidth")
    assert overflow <= width  # nothing sticks out sideways
    _shot(page, f"table-{width}x{height}")
    p.close()
