"""The table as a Tenhou or Mahjong Soul player meets it, in a real browser.

A phone table either way up (pond tiles at least 22 px wide, the hand on screen and
tappable, the aids in a drawer kept open or shut, the call buttons, timer and last
events in a dock beside or below the table); whose turn it is at a glance; a call
prompt that names the tile and who threw it, and the claimed tile lit for a moment;
every word in the chosen language, the server's errors, the calls' shapes and the
replay's wall included. No test here leaves an error in a page's console.
"""

from __future__ import annotations

import base64
import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from test_browser import CHROMIUM, LiveServer, _shot
from test_browser_bugs import ARGS, Page, playwright_api

from jantaku.logs.mjai import dumps_game
from jantaku.logs.tenhou_wall import SEED_PREFIX
from jantaku.web.protocol import ERROR_CODES

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(),
    reason="Debian's chromium is not installed (make test installs it when run as root)",
)

PENDING = "() => document.querySelector('#board').dataset.pending === 'yes'"


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    with playwright_api.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield b
        b.close()


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    s = LiveServer(tmp_path_factory.mktemp("table") / "store.sqlite3")
    yield s
    s.stop()


def _discard_until(page: Any, *, discards: int, stop_at_call: bool = False) -> bool:
    """Discard the drawn tile (skipping every call) ``discards`` times; True when a call
    on another seat's tile was offered first (and ``stop_at_call``)."""
    done = 0
    while done < discards:
        page.wait_for_function(PENDING, timeout=15000)
        if page.locator("#prompt .claim").count() and stop_at_call:
            return True
        decision = page.get_attribute("#board", "data-decision")
        if page.locator("#prompt button[data-kind=skip]").count():
            page.click("#prompt button[data-kind=skip]")
        else:
            page.click(".mine .hand-row .tile.can >> nth=-1")
            done += 1
        page.wait_for_function(
            "d => { const b = document.querySelector('#board');"
            " return b.dataset.pending === 'no' || b.dataset.decision !== d"
            " || !!document.querySelector('#overlay:not([hidden])'); }",
            arg=decision,
            timeout=15000,
        )
        if page.locator("#overlay:not([hidden]) .result").count():
            return False
    page.wait_for_function(PENDING, timeout=15000)
    return False


def _overlap(a: dict[str, float], b: dict[str, float]) -> bool:
    """Whether two boxes of the page share any area."""
    return (
        a["x"] < b["x"] + b["width"]
        and b["x"] < a["x"] + a["width"]
        and a["y"] < b["y"] + b["height"]
        and b["y"] < a["y"] + a["height"]
    )


def _widths(page: Any, selector: str) -> list[float]:
    return [
        float(w)
        for w in page.eval_on_selector_all(
            selector, "ts => ts.map(t => t.getBoundingClientRect().width)"
        )
    ]


@pytest.mark.parametrize(("width", "height"), [(390, 844), (844, 390)])
def test_a_phone_table_has_readable_ponds_a_tappable_hand_and_the_aids_in_a_drawer(
    browser: Any, server: LiveServer, width: int, height: int
) -> None:
    m = server.new_match(seed=3, timer=0)
    p = Page(browser, width, height)
    page = p.page
    page.goto(server.base + m["links"][0]["url"])
    page.wait_for_selector(".mine .hand-row .tile.can")
    _discard_until(page, discards=6)
    # every pond tile (upright) at least 22 px wide, in every pond that has one
    ponds = page.locator(".pond").count()
    assert ponds == 4
    widths = _widths(page, ".pond .tile:not(.side)")
    assert len(widths) >= 12 and min(widths) >= 22, widths
    # the hand: each tile on screen, at least 22 px wide, and nothing over it
    for box in page.eval_on_selector_all(
        ".mine .hand-row .tile",
        "ts => ts.map(t => { const r = t.getBoundingClientRect();"
        " const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);"
        " return [r.x, r.y, r.width, r.height, t.contains(hit)]; })",
    ):
        x, y, w, h, reachable = box
        assert w >= (32 if width > height else 22) and h >= 30  # held sideways: larger
        assert x >= 0 and y >= 0 and x + w <= width and y + h <= height
        assert reachable
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width
    # the aids are in a drawer, shut at first; opened, it leaves the hand visible
    assert not page.locator("#aids").is_visible()
    toggle = page.locator("#drawer-toggle")
    assert toggle.get_attribute("aria-expanded") == "false"
    _shot(page, f"phone-table-{width}x{height}")
    toggle.click()
    page.wait_for_selector("#aids h3", state="visible")
    page.wait_for_function(
        "() => getComputedStyle(document.querySelector('#side')).transform === 'none'"
    )
    side = page.locator("#side").bounding_box()
    for tile in page.locator(".mine .hand-row .tile").all():  # no tile of the hand under it
        box = tile.bounding_box()
        assert side and box
        assert not _overlap(side, box), (side, box)
    _shot(page, f"phone-table-{width}x{height}-aids")
    page.reload()  # kept open in this browser
    page.wait_for_selector("#aids h3", state="visible")
    assert toggle.get_attribute("aria-expanded") == "true"
    toggle.click()
    page.wait_for_selector("#aids", state="hidden")
    p.close()


def test_whose_turn_a_call_prompt_naming_the_tile_and_the_claimed_tile(
    browser: Any, server: LiveServer
) -> None:
    m = server.new_match(seed=3, timer=0)
    p = Page(browser)
    page = p.page
    page.goto(server.base + m["links"][0]["url"])
    page.wait_for_selector(".mine .hand-row .tile.can")
    # the own turn: the own pond is lit, and one seat only
    assert page.locator(".seat-area.turn").count() == 1
    assert page.locator(".seat-area.rel0.turn").count() == 1
    assert page.locator(".center-seat.turn").count() == 1
    assert _discard_until(page, discards=30, stop_at_call=True), "no call offered"
    view = page.evaluate("() => live.msg.view")
    thrower = view["names"][view["last_discarder"]]
    claim = page.locator("#prompt .claim")
    assert thrower in (claim.text_content() or "")
    assert claim.locator(".tile").get_attribute("data-tile") == view["last_discard"]
    # whose turn: the thrower's pond and name are lit, gold
    area = page.locator(f".seat-area.turn[data-seat='{view['last_discarder']}']")
    assert area.count() == 1
    gold = area.locator(".name-tag").evaluate("t => getComputedStyle(t).backgroundColor")
    assert gold == "rgb(242, 201, 76)"
    _shot(page, "call-prompt-claim")
    kind = page.get_attribute("#prompt button:not(.skip) >> nth=0", "data-kind")
    page.click(f"#prompt button[data-kind='{kind}']")
    if page.locator("#prompt .choices button").count():
        page.click("#prompt .choices button >> nth=0")
    page.wait_for_selector(".seat-area.rel0 .meld .tile.claimed")
    assert page.locator(".tile.claimed").count() == 1
    page.wait_for_selector(".tile.claimed", state="detached", timeout=15000)  # for a moment
    p.close()


# ---------------------------------------------------------------- the two languages

TEXTS = """() => {
  const seen = (e) => e && e.checkVisibility({ visibilityProperty: true });
  const out = [];
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    const text = n.textContent.trim();
    if (text && seen(n.parentElement)) out.push(text);
  }
  for (const s of document.querySelectorAll('select')) {
    if (seen(s)) for (const o of s.options) out.push(o.textContent.trim());
  }
  for (const e of document.querySelectorAll('[aria-label], [placeholder], [title]')) {
    if (!seen(e)) continue;
    for (const a of ['aria-label', 'placeholder', 'title']) {
      if (e.getAttribute(a)) out.push(e.getAttribute(a));
    }
  }
  return out;
}"""

# the same in both languages: the brand, the language's own name, formats, a key
PROPER = ("jantaku", "English", "日本語", "tenhou.net/6", "mjlog", "mjai", "Enter")
CJK = r"[\u3040-\u30ff\u4e00-\u9fff\uff01-\uff5e]"

# a call with two shapes offered on another seat's 3m, and the chooser open, as the
# server lists such a call (the table itself goes on unchanged)
CHOOSER = """() => {
  const v = live.msg.view;
  const them = (v.seat + v.players - 1) % v.players;
  const call = (index, kind, type, consumed) => ({ index, kind, tile: '3m', consumed,
    tsumogiri: false, label: `${kind} [server's label]`,
    mjai: { type, actor: v.seat, target: them, pai: '3m', consumed } });
  live.msg = { ...live.msg, view: { ...v, last_discarder: them },
    legal: [call(0, 'chii', 'chi', ['1m', '2m']), call(1, 'chii', 'chi', ['2m', '4m']),
      call(2, 'pon', 'pon', ['3m', '3m']),
      { index: 3, kind: 'skip', tile: null, consumed: [], tsumogiri: false, label: 'pass',
        mjai: { type: 'none' } }] };
  live.chooser = 'chii';
  drawLive();
}"""
CHOICE_TITLES = {
    "en": ["chii 3 man with 1 man + 2 man", "chii 3 man with 2 man + 4 man"],
    "ja": ["1萬・2萬で3萬をチー", "2萬・4萬で3萬をチー"],
}
# an answer to a decision long over: the server refuses it as stale
STALE = """() => live.ws.send(JSON.stringify({ type: 'act', decision: live.msg.decision + 1000,
  index: 0 }))"""


def _seeded_record(server: LiveServer) -> bytes:
    """A finished match as an mjai log whose start keeps a Tenhou wall seed, so that the
    replay viewer shows its walls (the walls are the seed's, whatever the events)."""
    from test_browser_bugs import _finished_match

    events = server.app.state.store.events(_finished_match(server, 11))
    lines = dumps_game(events).splitlines()
    first = json.loads(lines[0])
    assert first["type"] == "start_game"
    seed = bytes(i * 7 % 256 for i in range(4 * 624))
    first["shuffle"] = SEED_PREFIX + base64.b64encode(seed).decode()
    return "\n".join([json.dumps(first), *lines[1:]]).encode()


def _untranslated(page: Any, lang: str) -> list[str]:
    """The page's words that are not in ``lang``: in Japanese any English word, in
    English any text of Japanese alone (kanji beside an English word is the players' own
    name for it, and a lone wind or the logo is a glyph)."""
    bad = []
    for text in page.evaluate(TEXTS):
        plain = text
        for word in PROPER:
            plain = plain.replace(word, "")
        if lang == "ja" and re.search(r"[A-Za-z]{2,}", plain):
            bad.append(text)
        glyph = text in ("雀卓", "東", "南", "西", "北") or re.fullmatch(r"[0-9]+", text)
        if (
            lang == "en"
            and re.search(CJK, plain)
            and not re.search("[A-Za-z]", plain)
            and not glyph
        ):
            bad.append(text)
    return bad


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_every_word_on_the_page_is_in_the_chosen_language(
    browser: Any, server: LiveServer, lang: str
) -> None:
    from test_browser_bugs import _finished_match, _tsumo_result

    m = server.new_match(seed=3, timer=60)
    p = Page(browser)
    page = p.page
    page.goto(server.base + "/")
    page.wait_for_selector("#preset option", state="attached")
    page.select_option("#lang", lang)  # chosen once, kept: the page is drawn again
    page.wait_for_function(
        f"() => !!document.documentElement && document.documentElement.lang === '{lang}'"
    )
    page.wait_for_selector("#matches tbody tr")
    page.select_option("#seat-choices select >> nth=2", "human")  # a name field, two links
    assert _untranslated(page, lang) == []
    _shot(page, f"lobby-{lang}-1280x720")
    # the page has words for every code of the server's errors, and no other
    assert sorted(page.evaluate("() => jantakuI18n.errorCodes()")) == sorted(ERROR_CODES)
    said = "the server's own English"
    for code in ERROR_CODES:
        text = page.evaluate("([c, m]) => jantakuI18n.errorText(c, m)", [code, said])
        bare = page.evaluate("c => jantakuI18n.errorText(c)", code)
        if lang == "ja":
            assert text == bare and re.search(CJK, text), (code, text)
            assert not re.search(r"[A-Za-z]{2,}", text.replace("tenhou.net/6", "")), (code, text)
        else:  # the server's text, or the page's own when it sent none
            assert text == said and bare and not bare.startswith("err."), (code, bare)
    # a record the server cannot read: its answer in the page's language (the file's own
    # name, shown before it, is the person's: one with no Latin letters here)
    page.set_input_files(
        "#upload", files=[{"name": "記録", "mimeType": "text/plain", "buffer": b"no record"}]
    )
    page.wait_for_selector("#upload-status.error")
    assert page.get_attribute("#upload-status", "data-code") == "unreadable"
    if lang == "ja":
        assert "この牌譜は読み込めません" in (page.text_content("#upload-status") or "")
    assert _untranslated(page, lang) == []
    # the browser's own note of the refused request, and no other console error
    assert p.errors == [
        "Failed to load resource: the server responded with a status of 400 (Bad Request)"
    ]
    p.errors.clear()
    # the table with its aids and timer
    page.goto(server.base + m["links"][0]["url"])
    page.wait_for_selector("#aids table.accept tr.main")
    page.wait_for_selector("#board .timer .secs")
    assert page.evaluate("() => document.documentElement.lang") == lang  # kept
    assert _untranslated(page, lang) == []
    _shot(page, f"table-{lang}-1280x720")
    # an error the server sends, shown in the page's language until it is closed
    page.evaluate(STALE)
    page.wait_for_selector("#notice:not([hidden])")
    assert page.get_attribute("#notice", "data-code") == "stale"
    english = page.get_attribute("#notice", "data-detail")  # the server's text, kept
    assert english and "decision" in english
    shown = page.text_content("#notice-text")
    assert shown == ("その選択はもう締め切られています。" if lang == "ja" else english)
    assert _untranslated(page, lang) == []
    _shot(page, f"error-{lang}-1280x720")
    page.click("#notice-close")
    assert page.locator("#notice").is_hidden()
    # a call of several shapes: each shape's button says which, in the page's language
    page.evaluate(CHOOSER)
    buttons = page.locator("#prompt .choices button")
    assert [b.get_attribute("title") for b in buttons.all()] == CHOICE_TITLES[lang]
    assert [b.get_attribute("aria-label") for b in buttons.all()] == CHOICE_TITLES[lang]
    assert _untranslated(page, lang) == []
    _shot(page, f"call-choice-{lang}-1280x720")
    # a result (yaku, fu, payments) and a draw
    page.evaluate("r => showResult(r, r.names, 0, false)", _tsumo_result())
    assert _untranslated(page, lang) == []
    _shot(page, f"result-{lang}-1280x720")
    page.click("#overlay button.ok")
    # a replay, at a win
    match_id = _finished_match(server, 11)
    page.goto(server.base + f"/replay/{match_id}")
    page.wait_for_selector("#replay-controls:not([hidden])")
    assert _untranslated(page, lang) == [], "replay"
    page.evaluate(
        "() => { const f = rv.data.frames.findIndex(x => x.result);"
        " const r = document.querySelector('#frame-range'); r.value = f;"
        " r.dispatchEvent(new Event('input')); }"
    )
    page.wait_for_selector("#overlay:not([hidden]) .result")
    assert _untranslated(page, lang) == []
    _shot(page, f"replay-{lang}-1280x720")
    # a record's wall, behind its toggle
    page.goto(server.base + "/")
    page.wait_for_selector("#preset option", state="attached")
    record = _seeded_record(server)
    page.set_input_files(
        "#upload", files=[{"name": "seeded.mjson", "mimeType": "text/plain", "buffer": record}]
    )
    page.wait_for_selector("#replay-controls:not([hidden])")
    page.check("#wall-open")
    page.wait_for_selector("#wall-view .hint")  # before the first deal
    assert _untranslated(page, lang) == []
    page.click("#replay-controls button[data-step='round+']")
    for _ in range(6):
        page.click("#replay-controls button[data-step='1']")
    page.wait_for_selector("#wall-view .wall-live .tile")
    assert page.locator("#wall-view .wall-seat").count() == 4
    assert _untranslated(page, lang) == []
    _shot(page, f"replay-wall-{lang}-1280x720")
    p.close()


def test_a_passing_error_goes_once_the_table_moves_on(browser: Any, server: LiveServer) -> None:
    m = server.new_match(seed=3, timer=0)
    p = Page(browser)
    page = p.page
    page.goto(server.base + "/")
    page.evaluate("() => localStorage.setItem('jantaku.lang', 'ja')")
    page.goto(server.base + m["links"][0]["url"])
    page.wait_for_selector(".mine .hand-row .tile.can")
    status = page.text_content("#status")
    page.evaluate(STALE)
    page.wait_for_selector("#notice:not([hidden])")
    assert page.text_content("#notice-text") == "その選択はもう締め切られています。"
    assert page.text_content("#status") == status  # the status line still says where
    # a fresh state of the same decision (a setting's answer) leaves it
    page.evaluate(
        "() => { window.before = live.msg; send({ type: 'settings', auto_win: false }); }"
    )
    page.wait_for_function("() => live.msg !== window.before")
    assert page.locator("#notice").is_visible()
    decision = page.get_attribute("#board", "data-decision")
    page.click(".mine .hand-row .tile.can >> nth=-1")
    page.wait_for_function(
        "d => document.querySelector('#board').dataset.decision !== d", arg=decision
    )
    page.wait_for_selector("#notice", state="hidden")
    p.close()


def test_a_record_that_stops_early_says_where_in_the_pages_language(
    browser: Any, server: LiveServer
) -> None:
    from test_browser_bugs import _finished_match

    events = server.app.state.store.events(_finished_match(server, 11))
    lines = dumps_game(events).splitlines()
    k = next(i for i, line in enumerate(lines) if i > 20 and '"dahai"' in line)
    bad = json.loads(lines[k])
    bad["actor"] = (bad["actor"] + 1) % 4  # a discard out of turn
    lines[k] = json.dumps(bad)
    for lang, said in (
        ("ja", f"中断: {k + 1}手目を再生できません"),
        ("en", f"stopped: event {k} ("),
    ):
        p = Page(browser)
        page = p.page
        page.goto(server.base + "/")
        page.evaluate(f"() => localStorage.setItem('jantaku.lang', '{lang}')")
        page.reload()
        page.wait_for_selector("#preset option", state="attached")
        page.set_input_files(
            "#upload",
            files=[
                {"name": "stops", "mimeType": "text/plain", "buffer": "\n".join(lines).encode()}
            ],
        )
        page.wait_for_selector("#replay-controls:not([hidden])")
        assert (page.text_content("#status") or "").startswith(said)
        assert _untranslated(page, lang) == []
        p.close()


# ---------------------------------------------------------------- a tile's copies

COPIES = """code => {
  const kind = c => (c && c[0] === '0' ? '5' + c[1] : c);
  const v = live.msg.view;
  let seen = 0;
  const count = c => { if (kind(c) === kind(code)) seen += 1; };
  v.rivers.flat().filter(d => !d.called).forEach(d => count(d.tile));
  v.melds.flat().forEach(m => m.tiles.forEach(count));
  v.dora_markers.forEach(count);
  v.hand.forEach(count);
  if (v.drawn) count(v.drawn);
  return 4 - seen;
}"""


def test_a_tiles_copies_are_lit_with_how_many_are_left(browser: Any, server: LiveServer) -> None:
    m = server.new_match(seed=3, timer=0)
    p = Page(browser)
    page = p.page
    page.goto(server.base + m["links"][0]["url"])
    page.wait_for_selector(".mine .hand-row .tile.can")
    page.click("#style-choice button.style.learning")  # the first match's question, out of the way
    _discard_until(page, discards=5)
    pond = page.locator(".seat-area:not(.rel0) .pond .tile[data-tile] >> nth=0")
    code = pond.get_attribute("data-tile") or ""
    kind = code.replace("0", "5") if code[0] == "0" else code
    pond.hover()
    page.wait_for_selector("#copies:not([hidden])")
    lit = page.eval_on_selector_all("#board .tile.same", "ts => ts.map(t => t.dataset.tile)")
    shown = page.eval_on_selector_all(
        "#board .tile[data-tile]", "ts => ts.map(t => t.dataset.tile)"
    )
    same = [c for c in shown if (c.replace("0", "5") if c[0] == "0" else c) == kind]
    assert lit and sorted(lit) == sorted(same)  # every copy in sight, and only those
    left = page.evaluate(COPIES, code)
    assert f"{left}" in (page.text_content("#copies") or "")
    assert page.get_attribute("#copies", "data-tile") == kind
    _shot(page, "copies-1280x720")
    page.mouse.move(1270, 700)  # off the table: nothing lit
    page.wait_for_selector("#copies", state="hidden")
    assert page.locator("#board .tile.same").count() == 0
    p.close()


def test_on_a_phone_a_tap_lights_a_tiles_copies_and_a_second_tap_discards(
    browser: Any, server: LiveServer
) -> None:
    m = server.new_match(seed=3, timer=0)
    context = browser.new_context(
        viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True
    )
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)
    page.goto(server.base + m["links"][0]["url"])
    page.wait_for_selector(".mine .hand-row .tile.can")
    assert page.evaluate("() => matchMedia('(hover: none)').matches")
    decision = page.get_attribute("#board", "data-decision")
    first = page.locator(".mine .hand-row .tile.can >> nth=0")
    code = first.get_attribute("data-tile")
    first.tap()
    page.wait_for_selector("#copies:not([hidden])")
    assert page.locator(".mine .hand-row .tile.sel").count() == 1
    assert page.get_attribute("#board", "data-decision") == decision  # not discarded yet
    assert page.locator(f".mine .hand-row .tile.same[data-tile='{code}']").count() >= 1
    _shot(page, "copies-390x844")
    page.locator(".mine .hand-row .tile.sel").tap()
    page.wait_for_function(
        "d => document.querySelector('#board').dataset.decision !== d", arg=decision
    )
    assert code in [d["tile"] for d in page.evaluate("() => live.msg.view.rivers[0]")]
    assert not errors, errors
    context.close()


# ---------------------------------------------------------------- sound

PLAYED = "() => [...window.jantakuSound.played]"


def test_sounds_for_the_turn_a_discard_and_the_last_seconds_and_mute_is_kept(
    browser: Any, server: LiveServer
) -> None:
    m = server.new_match(seed=3, timer=4)
    p = Page(browser)
    page = p.page
    page.goto(server.base + m["links"][0]["url"])
    page.wait_for_selector(".mine .hand-row .tile.can")
    assert page.is_checked("#sound-on")  # on at first
    page.wait_for_function("() => window.jantakuSound.played.includes('turn')")
    # the timer's last seconds, one blip each
    page.wait_for_function("() => window.jantakuSound.played.includes('hurry')", timeout=15000)
    decision = page.get_attribute("#board", "data-decision")
    page.click(".mine .hand-row .tile.can >> nth=-1")
    page.wait_for_function(
        "d => document.querySelector('#board').dataset.decision !== d"
        " && window.jantakuSound.played.includes('dahai')",
        arg=decision,
        timeout=15000,
    )
    assert set(page.evaluate(PLAYED)) <= set(page.evaluate("() => window.jantakuSound.names"))
    page.uncheck("#sound-on")  # muted: nothing more is played
    count = len(page.evaluate(PLAYED))
    _wait_own_turn_and_discard(page)
    assert len(page.evaluate(PLAYED)) == count
    page.reload()  # and kept muted
    page.wait_for_selector(".mine .hand-row .tile")
    assert not page.is_checked("#sound-on")
    assert page.evaluate("() => localStorage.getItem('jantaku.sound')") == "off"
    p.close()


def _wait_own_turn_and_discard(page: Any) -> None:
    page.wait_for_function(PENDING, timeout=15000)
    decision = page.get_attribute("#board", "data-decision")
    if page.locator("#prompt button[data-kind=skip]").count():
        page.click("#prompt button[data-kind=skip]")
    else:
        page.click(".mine .hand-row .tile.can >> nth=-1")
    page.wait_for_function(
        "d => document.querySelector('#board').dataset.decision !== d", arg=decision, timeout=15000
    )


# ---------------------------------------------------------------- learning or playing


def test_the_first_match_asks_learning_or_playing_once(browser: Any, server: LiveServer) -> None:
    p = Page(browser)
    page = p.page
    page.goto(server.base + server.new_match(seed=3, timer=0)["links"][0]["url"])
    page.wait_for_selector("#style-choice button.style.playing")
    assert page.locator("#aids h3").count()  # the aids are on until the choice
    _shot(page, "first-match-choice")
    page.click("#style-choice button.style.playing")
    page.wait_for_selector("#style-choice", state="detached")
    page.wait_for_function("() => !document.querySelector('#aids h3')")
    assert not page.is_checked("#toggles input[data-pref=aids]")
    # the next match: not asked again, and played without the aids from its first state
    page.goto(server.base + server.new_match(seed=4, timer=0)["links"][0]["url"])
    page.wait_for_selector(".mine .hand-row .tile.can")
    page.wait_for_function("() => live.msg && live.msg.prefs.aids === false")
    assert page.locator("#style-choice").count() == 0
    assert page.locator("#aids h3").count() == 0
    page.check("#toggles input[data-pref=aids]")  # changed beside the table, and kept
    page.wait_for_selector("#aids h3")
    assert page.evaluate("() => localStorage.getItem('jantaku.style')") == "learning"
    p.close()


# ---------------------------------------------------------------- a spectator


def test_a_spectator_link_shows_the_table_and_no_concealed_tile(
    browser: Any, server: LiveServer
) -> None:
    player = Page(browser)
    page = player.page
    page.goto(server.base + "/")
    page.wait_for_selector("#preset option", state="attached")
    page.check("input[name=length][value=east_only]")
    page.fill("#seed", "3")
    page.select_option("#timer", "0+0")
    page.click("#start")  # one person: straight to the table, the spectator's link beside it
    page.wait_for_selector(".mine .hand-row .tile.can")
    link = page.get_attribute("#watch-link", "href") or ""
    assert "#watch=" in link and page.locator("#watch-link").is_visible()
    watcher = Page(browser, 390, 844)
    spectator = watcher.page
    spectator.goto(server.base + link)
    spectator.wait_for_selector(".seat-area .hand-row .tile.back")
    assert "#" not in spectator.url  # the token is out of the address bar
    _discard_until(page, discards=4)
    spectator.wait_for_function(
        "() => document.querySelectorAll('.pond .tile[data-tile]').length >= 12"
    )
    # no concealed tile anywhere: every hand is backs, no aids, no prompt, no choice
    assert spectator.locator(".hand-row .tile:not(.back)").count() == 0
    assert spectator.locator(".mine").count() == 0
    assert spectator.locator("#aids *").count() == 0
    assert spectator.locator("#style-choice, #prompt").count() == 0
    assert spectator.evaluate("() => live.msg.view.hand.length") == 0
    _shot(spectator, "spectator-390x844")
    player.close()
    watcher.close()


# ---------------------------------------------------------------- axe-core

AXE = Path(__file__).resolve().parents[2] / "node_modules" / "axe-core" / "axe.min.js"
AXE_RUN = """async () => {
  const r = await axe.run(document, { resultTypes: ['violations'] });
  return r.violations.filter(v => v.impact === 'serious' || v.impact === 'critical')
    .map(v => ({ id: v.id, impact: v.impact, help: v.help,
                 nodes: v.nodes.slice(0, 4).map(n => n.target.join(' ')) }));
}"""


@pytest.mark.skipif(
    not AXE.exists(),
    reason="axe-core is not installed: npm install --no-save --no-package-lock axe-core@4.14.1",
)
@pytest.mark.parametrize("lang", ["en", "ja"])
def test_no_serious_accessibility_violation_on_the_lobby_table_result_and_replay(
    browser: Any, server: LiveServer, lang: str
) -> None:
    from test_browser_bugs import _finished_match, _tsumo_result

    # axe is injected into the page: only this context lets a script past the page's policy
    context = browser.new_context(viewport={"width": 1280, "height": 720}, bypass_csp=True)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda msg: errors.append(msg.text) if msg.type == "error" else None)

    def check(where: str) -> None:
        page.add_script_tag(path=str(AXE))
        found = page.evaluate(AXE_RUN)
        assert found == [], (where, found)

    m = server.new_match(seed=3, timer=60)  # one past match at least, listed in the lobby
    page.goto(server.base + "/")
    page.evaluate(f"() => localStorage.setItem('jantaku.lang', '{lang}')")
    page.reload()
    page.wait_for_selector("#preset option", state="attached")
    page.wait_for_selector("#matches tbody tr")
    check("lobby")
    page.goto(server.base + m["links"][0]["url"])
    page.wait_for_selector("#aids table.accept tr.main")
    page.wait_for_selector("#style-choice")
    check("table")
    page.evaluate("r => showResult(r, r.names, 0, false)", _tsumo_result())
    check("result")
    page.goto(server.base + f"/replay/{_finished_match(server, 11)}")
    page.wait_for_selector("#replay-controls:not([hidden])")
    page.click("#replay-controls button[data-step='round+']")
    check("replay")
    assert not errors, errors
    context.close()


# ---------------------------------------------------------------- the screens, looked at


@pytest.mark.parametrize("lang", ["en", "ja"])
@pytest.mark.parametrize(("width", "height"), [(390, 844), (844, 390)])
def test_the_screens_at_phone_sizes_in_both_languages(
    browser: Any, server: LiveServer, lang: str, width: int, height: int
) -> None:
    from test_browser_bugs import _tsumo_result

    size = f"{lang}-{width}x{height}"
    m = server.new_match(seed=3, timer=60)
    p = Page(browser, width, height)
    page = p.page
    page.goto(server.base + "/")
    page.wait_for_selector("#preset option", state="attached")
    page.select_option("#lang", lang)
    page.wait_for_function(
        f"() => !!document.documentElement && document.documentElement.lang === '{lang}'"
    )
    page.wait_for_selector("#matches tbody tr")
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width
    _shot(page, f"lobby-{size}")
    page.goto(server.base + m["links"][0]["url"])
    page.wait_for_selector("#style-choice")
    _shot(page, f"first-choice-{size}")
    page.click("#style-choice button.style.learning")
    page.wait_for_selector(".mine .hand-row .tile.can")
    assert page.evaluate("() => document.documentElement.scrollWidth") <= width
    # the dock: below the table held upright, beside it held sideways, with the timer
    page.wait_for_selector("#dock .timer .secs")
    assert page.locator("#board .timer").count() == 0
    stage, dock = page.locator("#stage").bounding_box(), page.locator("#dock").bounding_box()
    assert stage and dock
    if width < height:
        assert dock["y"] >= stage["y"] + stage["height"] - 1 and dock["width"] >= width - 1
        assert dock["y"] + dock["height"] >= height - 1  # down to the bottom of the screen
    else:
        assert dock["x"] >= stage["x"] + stage["width"] - 1
    assert page.text_content("#dock-status") == page.text_content("#status")
    _shot(page, f"table-{size}")
    page.click("#drawer-toggle")
    page.wait_for_selector("#aids h3", state="visible")
    page.wait_for_function(
        "() => getComputedStyle(document.querySelector('#side')).transform === 'none'"
    )
    _shot(page, f"table-aids-{size}")
    page.click("#drawer-toggle")
    page.wait_for_selector("#side", state="hidden")
    # a call of two shapes: large buttons in the dock, clear of the hand, in the language
    page.evaluate(CHOOSER)
    buttons = page.locator("#dock #prompt button")
    assert buttons.count() == 5  # chii, pon, skip and the two shapes
    hand = [t.bounding_box() for t in page.locator(".mine .hand-row .tile").all()]
    for b in buttons.all():
        box = b.bounding_box()
        assert box and box["height"] >= 44 and box["x"] + box["width"] <= width
        assert not any(t and _overlap(box, t) for t in hand)
    assert _untranslated(page, lang) == []
    _shot(page, f"call-{size}")
    # an error the server sends, in the page's language
    page.evaluate(STALE)
    page.wait_for_selector("#notice:not([hidden])")
    assert _untranslated(page, lang) == []
    _shot(page, f"error-{size}")
    page.click("#notice-close")
    page.evaluate("r => showResult(r, r.names, 0, false)", _tsumo_result())
    _shot(page, f"result-{size}")
    p.close()
