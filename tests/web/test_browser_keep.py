"""The scorekeeper's table view in a real browser: the seats around the table with each
player's place and gaps, the score graph, the dice of each hand and a series' player
stats, at a desktop's and a phone's size.

The page is served by the table's own server (test_browser's :class:`LiveServer`,
the ``/keep/`` mount behind its guard), so every change it makes passes the guard.
Screenshots go to ``test-output/screenshots/``.
"""

from __future__ import annotations

import math
import os
import re
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from test_browser import ARGS, CHROMIUM, SHOTS, LiveServer

from jantaku.keep import Hand, Winner
from jantaku.keep.store import KeepStore
from jantaku.rules import TENHOU

playwright_api = pytest.importorskip("playwright.sync_api")
uvicorn = pytest.importorskip("uvicorn")

pytestmark = pytest.mark.skipif(
    not os.access(CHROMIUM, os.X_OK),
    reason="Debian's chromium is not installed (make test installs it when run as root)",
)

NAMES = ("Aoi", "Ben", "Chie", "Dai")
SIZES = {"desktop": (1280, 720), "phone": (390, 844)}

# a hanchan as a table plays it: wins, draws, riichi sticks, a dealer keeping the deal
KINDS: list[Callable[[int], Hand]] = [
    lambda d: Hand.ron(
        discarder=(d + 2) % 4,
        winners=(Winner(seat=(d + 1) % 4, han=3, fu=30),),
        riichi=((d + 1) % 4,),
    ),
    lambda d: Hand.tsumo(Winner(seat=d, han=2, fu=30)),
    lambda d: Hand.tsumo(Winner(seat=(d + 3) % 4, limit="mangan")),
    lambda d: Hand.draw(((d + 1) % 4, (d + 2) % 4), riichi=((d + 2) % 4,)),
    lambda d: Hand.ron(discarder=d, winners=(Winner(seat=(d + 2) % 4, han=2, fu=40),)),
    lambda d: Hand.ron(discarder=(d + 1) % 4, winners=(Winner(seat=(d + 3) % 4, limit="haneman"),)),
]


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with playwright_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


@pytest.fixture(scope="module")
def store_path(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("keep") / "store.sqlite3"


@pytest.fixture(scope="module")
def server(store_path: Path) -> Iterator[LiveServer]:
    s = LiveServer(store_path)
    yield s
    s.stop()


@pytest.fixture(scope="module")
def recorded(server: LiveServer, store_path: Path) -> dict[str, Any]:
    """A series of two finished hanchan and an unfinished third match, with dice."""
    db = store_path
    keep = KeepStore(db)
    try:
        night = keep.new_series("Friday league")
        ids = []
        for m, hands in enumerate((None, None, 7)):
            mid = keep.new_match(TENHOU, NAMES[m:] + NAMES[:m], series=night)
            match, i = keep.match(mid), 0
            while not match.ledger().over and (hands is None or i < hands):
                entry = KINDS[(i + m) % len(KINDS)](match.ledger().dealer)
                match = keep.add(mid, entry.with_dice((i % 6 + 1, (i * 5) % 6 + 1)))
                i += 1
            ids.append(mid)
        return {
            "series": keep.series_key(night),
            "open": keep.match_key(ids[2]),
            "match": keep.match(ids[2]),
            "stats": keep.stats(night),
            "db": db,
        }
    finally:
        keep.close()


def _open(browser: Any, server: LiveServer, size: str, hash_: str) -> Any:
    """A page at ``size`` on ``#hash_``; ``page.errors`` collects what its console says
    went wrong (a script error, a style the page's policy refused)."""
    width, height = SIZES[size]
    page = browser.new_page(viewport={"width": width, "height": height})
    page.errors = []
    page.on("console", lambda m: page.errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.on(
        "response", lambda r: page.errors.append(f"{r.status} {r.url}") if r.status >= 400 else None
    )
    page.goto(f"{server.base}/keep/#{hash_}")
    return page


def _box(page: Any, selector: str) -> dict[str, float]:
    box = page.locator(selector).bounding_box()
    assert box is not None, selector
    return dict(box)


@pytest.mark.parametrize("size", SIZES)
def test_the_seats_sit_around_the_table_with_places_and_gaps(
    browser: Any, server: LiveServer, recorded: dict[str, Any], size: str
) -> None:
    page = _open(browser, server, size, f"m={recorded['open']}")
    try:
        page.wait_for_selector("#play:not([hidden]) #graph polyline")
        scores = list(recorded["match"].ledger().scores)
        shown = [int(x) for x in page.locator("#seats .score").all_inner_texts()]
        assert shown == scores
        # the first dealer below, then counter-clockwise: right, across, left
        bottom, right = _box(page, ".seat.pos-bottom"), _box(page, ".seat.pos-right")
        top, left = _box(page, ".seat.pos-top"), _box(page, ".seat.pos-left")
        center = _box(page, "#seats .center")
        assert (
            top["y"] + top["height"] <= center["y"] < center["y"] + center["height"] <= bottom["y"]
        )
        assert (
            left["x"] + left["width"] <= center["x"] and center["x"] + center["width"] <= right["x"]
        )
        for s, pos in enumerate(("bottom", "right", "top", "left")):
            assert page.get_attribute(f".seat.pos-{pos}", "data-seat") == str(s)
        # each seat's place, and its gap to every other player (this score minus theirs)
        order = sorted(range(4), key=lambda s: (-scores[s], s))
        for s in range(4):
            seat = page.locator(f".seat[data-seat='{s}']")
            assert (
                seat.locator(".place").inner_text() == ("1st", "2nd", "3rd", "4th")[order.index(s)]
            )
            gaps = seat.locator(".gaps li").all_inner_texts()
            others = [o for o in range(4) if o != s]
            assert len(gaps) == 3
            for text, o in zip(gaps, others, strict=True):
                name, value = text.split()
                assert name == recorded["match"].names[o]
                gap = scores[s] - scores[o]
                sign = "±" if gap == 0 else "+" if gap > 0 else "−"
                assert value == f"{sign}{abs(gap):,}"
        # each seat in its own colour, the colour of its line in the graph
        colors = [
            page.eval_on_selector(
                f".seat[data-seat='{s}']", "e => getComputedStyle(e).borderLeftColor"
            )
            for s in range(4)
        ]
        strokes = [
            page.get_attribute(f"#graph polyline[data-seat='{s}']", "stroke") for s in range(4)
        ]
        assert len(set(colors)) == 4 and len(set(strokes)) == 4
        for css, hex_ in zip(colors, strokes, strict=True):
            assert hex_ is not None
            rgb = tuple(int(hex_[i : i + 2], 16) for i in (1, 3, 5))
            assert css == f"rgb({rgb[0]}, {rgb[1]}, {rgb[2]})"
        assert page.errors == []
        page.evaluate("window.scrollTo(0, 0)")
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"keep-table-{size}.png"))
        page.locator("#graph-box").scroll_into_view_if_needed()
        page.screenshot(path=str(SHOTS / f"keep-graph-{size}.png"))
    finally:
        page.close()


def test_the_graph_draws_every_players_score_after_every_hand(
    browser: Any, server: LiveServer, recorded: dict[str, Any]
) -> None:
    page = _open(browser, server, "desktop", f"m={recorded['open']}")
    try:
        page.wait_for_selector("#graph polyline")
        ledger = recorded["match"].ledger()
        lines = page.locator("#graph polyline")
        assert lines.count() == 4
        last_y: list[float] = []
        starts: list[float] = []
        for s in range(4):
            points = (lines.nth(s).get_attribute("points") or "").split()
            assert len(points) == len(ledger.hands) + 1  # the start and each hand
            ys = [float(p.split(",")[1]) for p in points]
            starts.append(ys[0])
            last_y.append(ys[-1])
            title = lines.nth(s).locator("title").text_content() or ""
            assert title.endswith(str(ledger.scores[s]))
        assert len(set(starts)) == 1  # every line starts at the start points
        # a higher score is drawn higher (a smaller y)
        for a in range(4):
            for b in range(4):
                if ledger.scores[a] > ledger.scores[b]:
                    assert last_y[a] < last_y[b]
        assert page.locator("#graph-legend .key").all_inner_texts() == list(NAMES[2:] + NAMES[:2])
    finally:
        page.close()


def test_the_dice_of_a_hand_are_entered_kept_and_shown(
    browser: Any, server: LiveServer, recorded: dict[str, Any]
) -> None:
    page = _open(browser, server, "phone", f"m={recorded['open']}")
    try:
        page.wait_for_selector("#play:not([hidden])")
        before = page.locator("#history li").count()
        page.click("#die0 .chip[aria-label='die 1: 3']")
        page.click("#die1 .chip[aria-label='die 2: 5']")
        # the middle of the table says whose wall the 8 breaks: the dealer's left neighbour
        ledger = recorded["match"].ledger()
        names = recorded["match"].names
        center = page.inner_text("#seats .center")
        assert "8" in center and f"{names[(ledger.dealer + 7) % 4]}'s wall" in center
        page.click(".result[data-result=draw]")  # the dice stay through the choice
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / "keep-dice-phone.png"))
        page.click("#record")
        page.wait_for_function(
            f"() => document.querySelectorAll('#history li').length === {before + 1}"
        )
        assert "⚂⚄" in page.locator("#history li").last.inner_text()
        assert "⚂⚄" in page.inner_text("#last-card h3")
        keep = KeepStore(recorded["db"])
        try:
            mid = keep.match_for_key(recorded["open"])
            assert keep.match(mid).entries[-1].dice == (3, 5)
            # editing the hand starts from its dice; a hand without dice has none
            page.locator("#history li").last.locator("button.edit").click()
            assert (
                page.get_attribute("#die0 .chip[aria-label='die 1: 3']", "aria-pressed") == "true"
            )
            page.click("#cancel-edit")
            page.click(".result[data-result=draw]")
            page.click("#record")
            page.wait_for_function(
                f"() => document.querySelectorAll('#history li').length === {before + 2}"
            )
            assert keep.match(mid).entries[-1].dice is None
            keep.undo(mid)
            keep.undo(mid)
        finally:
            keep.close()
    finally:
        page.close()


@pytest.mark.parametrize("size", SIZES)
def test_a_series_shows_each_players_stats(
    browser: Any, server: LiveServer, recorded: dict[str, Any], size: str
) -> None:
    page = _open(browser, server, size, f"s={recorded['series']}")
    try:
        page.wait_for_selector("#series-stats")
        rows = page.locator("#series-stats tr")
        assert rows.count() == 1 + len(NAMES)
        header = rows.nth(0).locator("th").all_inner_texts()
        stats = {s.name: s for s in recorded["stats"]}
        for i in range(1, rows.count()):
            cells = rows.nth(i).locator("td").all_inner_texts()
            row = dict(zip(header, cells, strict=True))
            s = stats[row["Player"]]
            # each count with its share of the hands: "4 14%"
            counts = {k: row[k].split() for k in ("Wins", "Deal-ins", "Riichi")}
            assert [int(c[0]) for c in counts.values()] == [s.wins, s.deal_ins, s.riichi]
            assert (
                counts["Wins"][1] == f"{math.floor(100 * s.wins / s.hands + 0.5)}%"
            )  # as JS rounds
            assert int(row["Hands"]) == s.hands and s.average_place is not None
            assert row["Avg place"] == f"{s.average_place:.2f}"
            assert re.fullmatch(r"[+-]?\d+\.\d", row["Avg result"])
        assert page.errors == []
        page.locator("#series-view").scroll_into_view_if_needed()
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(SHOTS / f"keep-series-stats-{size}.png"))
    finally:
        page.close()
