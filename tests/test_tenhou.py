"""Tenhou records: mjlog XML and tenhou.net/6 JSON readers and the tenhou.net/6 writer.

The truth here is the corpus in ``/work/shared/data`` (FORMATS.md, SOURCES.md): Tenhou's
own XML and its paired JSON exports, which we did not write.
"""

from __future__ import annotations

import dataclasses
import gzip
import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import corpus
from jantaku.errors import LogFormatError
from jantaku.events import (
    Ankan,
    Chi,
    Dahai,
    Daiminkan,
    EndGame,
    Event,
    Hora,
    Kakan,
    Nukidora,
    Pon,
    Ryukyoku,
    StartGame,
    StartKyoku,
    Tsumo,
)
from jantaku.logs import mjlog, tenhou
from jantaku.logs.tenhou import (
    TenhouDraw,
    TenhouGame,
    TenhouLobby,
    TenhouWin,
    decode_meld,
    read_game,
    read_tenhou6,
    read_xml,
    tile_of_id,
    to_tenhou6,
)
from jantaku.logs.tenhou_ids import YAKU_BY_KANJI
from jantaku.rules import GameLength, Rules
from jantaku.scoring.yaku import BY_ID, TENHOU_NAMES
from jantaku.scoring.yaku import YAKU as REGISTRY
from jantaku.tiles import parse_tiles

DATA = corpus.DATA
PAIRS = sorted((DATA / "paired_xml_json").glob("*/*.xml"))
XML_GAMES = sorted(
    p
    for p in (DATA / "tenhou_xml").glob("*/*.xml*")
    if "nonstandard_rules" not in p.parts and "partial" not in p.parts
)
JSON_FILES = sorted((DATA / "tenhou_json").glob("*/*.json"))


def _paired_json(xml: Path) -> tuple[dict[str, object] | None, list[object]]:
    official = xml.with_suffix(".json")
    if official.exists():
        obj = json.loads(official.read_text(encoding="utf-8"))
        return obj, obj["log"]
    lines = xml.with_name(xml.name[:-4] + ".tenhou6.jsonl").read_text(encoding="utf-8")
    return None, [json.loads(line)["log"][0] for line in lines.splitlines() if line.strip()]


def test_corpus_is_where_we_expect() -> None:
    assert len(PAIRS) == 37
    assert len(XML_GAMES) + len(PAIRS) == 843


@pytest.mark.parametrize("xml", PAIRS, ids=lambda p: p.stem)
def test_xml_to_tenhou6_equals_the_paired_json(xml: Path) -> None:
    """XML → events → tenhou.net/6 equals Tenhou's own JSON.

    "Equals" covers: the ``log`` (every round, exactly: hands, takes, discards and call
    strings, dora and ura indicators, the result with its deltas, score text and yaku
    list) for all 37 pairs; for Tenhou's official exports also every header field the
    XML carries (``name``, ``rule``, ``lobby``, ``dan``, ``rate``, ``sx``, ``sc``,
    ``ratingc``, ``ver``, ``connection``) and ``ref`` (the game id, from the file name).
    The mjx exports have anonymised names and a ``title`` that the XML cannot know.
    """
    game = read_xml(xml.read_bytes(), ref=xml.stem)
    assert game.errors == ()
    official, rounds = _paired_json(xml)
    out = to_tenhou6(game)
    assert out["log"] == rounds
    if official is not None:
        for key, value in official.items():
            assert out.get(key) == value, key


def _normal(e: Event) -> Event | None:
    """What both formats say alike: tenhou.net/6 lacks dice, revealed hands, hand order."""
    if isinstance(e, StartKyoku):
        return dataclasses.replace(e, dice=None, tehais=tuple(tuple(sorted(h)) for h in e.tehais))
    if isinstance(e, Ryukyoku):
        return dataclasses.replace(e, tehais=None, tenpai=None)
    if isinstance(e, Hora):
        # the JSON omits 0-han ura and the fu of limit hands
        yaku = tuple(y for y in e.yaku or () if y[1])
        return dataclasses.replace(e, yaku=yaku, han=None, fu=None, ura_markers=())
    if isinstance(e, Pon | Chi | Daiminkan):
        return dataclasses.replace(e, consumed=tuple(sorted(e.consumed)))
    return e


@pytest.mark.parametrize("path", sorted((DATA / "paired_xml_json").glob("*/*.json")))
def test_official_tenhou6_round_trips_with_its_header(path: Path) -> None:
    original = json.loads(path.read_text(encoding="utf-8"))
    out = to_tenhou6(read_game(path))
    assert out == original


@pytest.mark.parametrize("xml", PAIRS, ids=lambda p: p.stem)
def test_json_and_xml_read_to_the_same_events(xml: Path) -> None:
    other = xml.with_suffix(".json")
    if not other.exists():
        other = xml.with_name(xml.name[:-4] + ".tenhou6.jsonl")
    a = read_xml(xml.read_bytes())
    b = read_game(other)
    assert b.errors == ()

    def body(events: tuple[Event, ...]) -> list[Event | None]:
        return [_normal(e) for e in events if not isinstance(e, StartGame | EndGame)]

    assert body(a.events) == body(b.events)
    assert a.rounds == b.rounds
    for ra, rb in zip(a.results, b.results, strict=True):
        for wa, wb in zip(ra, rb, strict=True):
            assert wa.deltas == wb.deltas
            if isinstance(wa, TenhouWin) and isinstance(wb, TenhouWin):
                assert [y for y in wa.yaku if y[1]] == list(wb.yaku)
                assert (wa.points, wa.limit, wa.pao) == (wb.points, wb.limit, wb.pao)


@pytest.mark.parametrize("path", JSON_FILES, ids=lambda p: p.stem)
def test_tenhou6_files_round_trip(path: Path) -> None:
    original = json.loads(path.read_text(encoding="utf-8"))
    if path.stem == "confusing_nakis_2":
        # a hand-made file: seat 1 pons a 2p that seat 0 never discards
        with pytest.raises(LogFormatError, match="round 1"):
            read_game(path)
        return
    game = read_game(path)
    if path.stem == "confusing_nakis_7":
        # a Mahjong Soul game converted with English yaku names: kept, with notes
        assert game.errors and "unknown yaku 'Riichi(1飜)'" in str(game.errors[0])
        with pytest.raises(LogFormatError, match="Riichi"):
            read_game(path, strict=True)
        return
    assert game.errors == ()
    assert to_tenhou6(game)["log"] == original["log"]


def test_the_confusing_calls_are_ordered_by_search() -> None:
    # confusing_nakis_0: seat 1's pon of 4p could be taken at two discards; only one
    # order of the round plays out to the end
    game = read_game(DATA / "tenhou_json/mjai_reviewer_convlog_testdata/confusing_nakis_0.json")
    calls = [e for e in game.events if isinstance(e, Pon | Chi | Daiminkan)]
    assert calls
    for i, e in enumerate(game.events):
        if isinstance(e, Pon | Chi | Daiminkan):
            before = game.events[i - 1]
            assert isinstance(before, Dahai) and before.actor == e.target and before.pai == e.pai


def test_every_complete_xml_game_reads_cleanly() -> None:
    total_rounds = 0
    for path in XML_GAMES + PAIRS:
        game = read_game(path)
        assert game.errors == (), path
        raw = path.read_bytes()
        text = (gzip.decompress(raw) if raw[:2] == b"\x1f\x8b" else raw).decode()
        assert game.rounds == text.count("<INIT ")
        assert game.final is not None
        assert isinstance(game.events[-1], EndGame)
        total_rounds += game.rounds
        # every round's recorded payments sum to what left or joined the table
        for results in game.results:
            for r in results:
                assert len(r.deltas) == game.players
    assert total_rounds == 8316


def test_sanma_records_read_as_three_players() -> None:
    path = DATA / "tenhou_xml/dnovikoff_tenhou/sanma2.xml"
    game = read_game(path)
    assert game.players == 3 and game.rules == Rules.preset("tenhou-sanma")
    assert any(isinstance(e, Nukidora) for e in game.events)
    kyoku = next(e for e in game.events if isinstance(e, StartKyoku))
    assert len(kyoku.tehais) == 3 and kyoku.scores == (35000, 35000, 35000)
    out = to_tenhou6(game)
    assert out["rule"]["disp"].startswith("三")
    assert any("f44" in d for r in out["log"] for d in r[6:16:3] if isinstance(d, list))


@pytest.mark.parametrize(
    ("go_type", "players", "length", "disp"),
    [
        (169, 4, GameLength.EAST_SOUTH, "鳳南喰赤"),
        (185, 3, GameLength.EAST_SOUTH, "三鳳南喰赤"),
        (225, 4, GameLength.EAST_ONLY, "鳳東喰赤速"),
        (161, 4, GameLength.EAST_ONLY, "鳳東喰赤"),
        (41, 4, GameLength.EAST_SOUTH, "特南喰赤"),
    ],
)
def test_lobby_flags_map_to_rules(
    go_type: int, players: int, length: GameLength, disp: str
) -> None:
    lobby = TenhouLobby.from_go_type(go_type)
    assert lobby.display == disp
    assert lobby.rules.players == players and lobby.rules.length is length
    assert lobby.rules.kuitan and lobby.standard
    assert TenhouLobby.from_display(disp).display == disp


def test_lobby_without_red_fives_or_kuitan() -> None:
    rules = TenhouLobby.from_go_type(0x01 | 0x02 | 0x04 | 0x08).rules
    assert rules.red_fives == (0, 0, 0) and not rules.kuitan
    # without red fives the copy-0 fives read as plain fives
    assert tile_of_id(16, red=False) == parse_tiles("5m")[0]


def test_meld_codes_of_the_corpus_are_legal() -> None:
    """Every N element of the paired games decodes to a meld the events can carry."""
    seen = set()
    for path in PAIRS:
        for who, m in re.findall(r'<N who="(\d)" m="(\d+)"', path.read_text()):
            meld = decode_meld(int(m), who=int(who))
            seen.add(meld.kind)
            if meld.kind == "chi":
                assert meld.target == (int(who) + 3) % 4
                kinds = [i // 4 for i in meld.ids]
                assert kinds == [kinds[0], kinds[0] + 1, kinds[0] + 2]
            elif meld.kind in ("pon", "kakan"):
                assert len({i // 4 for i in meld.ids}) == 1 and len(meld.ids) == 3
    assert seen == {"chi", "pon", "kakan", "ankan", "daiminkan"}


def test_kan_events_keep_red_fives() -> None:
    # 2020052221: an ankan of 5m including the red one
    game = read_game(DATA / "paired_xml_json/mjx/2020052221gm-00a9-0000-6f0524c7.xml")
    ankans = [e for e in game.events if isinstance(e, Ankan)]
    assert ankans[0].consumed == parse_tiles("0555m")
    kakans = [e for p in PAIRS for e in read_game(p).events if isinstance(e, Kakan)]
    assert kakans and all(len(k.consumed) == 3 for k in kakans)


def test_tsumogiri_follows_the_drawn_id() -> None:
    game = read_game(PAIRS[0])
    last: dict[int, int] = {}
    for e in game.events:
        if isinstance(e, Tsumo):
            last[e.actor] = e.pai
        elif isinstance(e, Dahai) and e.tsumogiri:
            assert last.get(e.actor) == e.pai


# --- malformed input ------------------------------------------------------------------

_SMALL = (
    '<mjloggm ver="2.3"><GO type="169" lobby="0"/><UN n0="A" n1="B" n2="C" n3="D" '
    'dan="0,0,0,0" rate="1500,1500,1500,1500" sx="M,M,M,M"/><TAIKYOKU oya="0"/>'
    '<INIT seed="0,0,0,1,1,52" ten="250,250,250,250" oya="0" '
    'hai0="0,1,2,3,4,5,6,7,8,9,10,11,12" hai1="36,37,38,39,40,41,42,43,44,45,46,47,48" '
    'hai2="72,73,74,75,76,77,78,79,80,81,82,83,84" '
    'hai3="108,109,110,111,112,113,114,115,116,117,118,119,120"/>'
    "<T124/><D124/>"
    '<RYUUKYOKU type="yao9" ba="0,0" sc="250,0,250,0,250,0,250,0" '
    'owari="250,0.0,250,0.0,250,0.0,250,0.0"/></mjloggm>'
)


def test_small_game_reads() -> None:
    game = read_xml(_SMALL)
    assert game.errors == () and game.final == ((25000, 0.0),) * 4
    assert read_xml(gzip.compress(_SMALL.encode())).events == game.events
    assert game.results[0][0].reason == "kyuushu_kyuuhai"


@pytest.mark.parametrize(
    ("text", "element", "message"),
    [
        (_SMALL.replace("<T124/>", "<T999/>"), 6, "tile id 999"),
        (_SMALL.replace("<T124/>", "<T" + "1" * 5000 + "/>"), 6, "tile id 111111111…"),
        (_SMALL.replace('lobby="0"', 'lobby="x"'), 2, "lobby='x' is not an integer"),
        (_SMALL.replace("<T124/>", "<T124/>junk"), 7, "not an element"),
        (_SMALL.replace('seed="0,0,0,1,1,52"', 'seed="0,0"'), 5, "seed needs 6"),
        (_SMALL.replace('hai1="36,', 'hai1="'), 5, "hai1 is not 13"),
        (_SMALL.replace("<D124/>", '<N who="1" m="abc"/>'), 7, "not an integer"),
        (_SMALL.replace('type="yao9"', 'type="what"'), 8, "unknown draw type"),
    ],
)
def test_malformed_xml_names_the_element(text: str, element: int, message: str) -> None:
    with pytest.raises(LogFormatError, match=message) as info:
        read_xml(text)
    assert info.value.line == element


def _same_reading(a: TenhouGame, b: TenhouGame) -> bool:
    return (a, [str(e) for e in a.errors]) == (b, [str(e) for e in b.errors])


def _laid_out(text: str) -> str:
    """The record with a line break after every element and a space before each ``/>``."""
    return re.sub(r"(?<=>)<", "\n<", text).replace("/>", " />")


@pytest.mark.parametrize("path", [PAIRS[0], XML_GAMES[0], XML_GAMES[-1]], ids=lambda p: p.stem)
def test_layout_of_the_elements_does_not_change_the_game(path: Path) -> None:
    """Tenhou writes elements back to back; white space, ``<T12 />``, attributes in
    another order, leading zeros and an attribute value holding ``<`` or ``>`` read to
    the same game."""
    raw = path.read_bytes()
    text = (gzip.decompress(raw) if raw[:2] == b"\x1f\x8b" else raw).decode()
    game = read_xml(text)
    assert game.errors == () and game.rounds > 0
    assert _same_reading(read_xml("  \n" + _laid_out(text) + "\n"), game)
    assert _same_reading(read_xml('<?xml version="1.0"?>\n' + text), game)
    irregular = re.sub(r'<UN n0="[^"]*"', '<UN n0="a<b"', text, count=1)  # element by element
    assert _same_reading(read_xml('<?xml version="1.0"?>' + irregular), read_xml(irregular))
    for body in (text, irregular):
        with pytest.raises(LogFormatError, match="unterminated XML declaration"):
            read_xml('<?xml version="1.0"' + body)
    reordered = re.sub(r'<AGARI ([^>]*?) (who="\d" fromWho="\d")', r"<AGARI \2 \1", text)
    reordered = re.sub(r'<INIT ([^>]*?) (oya="\d")', r"<INIT \2 \1", reordered)
    assert reordered != text and _same_reading(read_xml(reordered), game)
    zeros = re.sub(r"<([TUVWDEFG])(\d+)/>", r"<\g<1>0\2/>", text)
    assert zeros != text and _same_reading(read_xml(zeros), game)
    odd = re.sub(r'<UN n0="[^"]*"', '<UN n0="a%3Cb" x="<>"', text, count=1)
    assert odd != text
    odd_game = read_xml(odd)
    assert odd_game.names == ("a<b", *game.names[1:]) and odd_game.events[1:] == game.events[1:]


@pytest.mark.parametrize(
    ("text", "element", "message"),
    [
        (_SMALL.replace("<T124/>", "<T999/>"), 6, "tile id 999"),
        (_SMALL.replace("<D124/>", "<D124/><X3/>"), 8, "unknown element <X3>"),
        (_SMALL.replace("<T124/>", "<T124/>junk"), 7, "not an element"),
        (_SMALL.replace('type="yao9"', 'type="what"'), 8, "unknown draw type"),
        (_SMALL.replace("<INIT", "<T12/><INIT"), 5, "outside a round"),
    ],
)
def test_errors_name_the_same_element_in_any_layout(text: str, element: int, message: str) -> None:
    for variant in (text, _laid_out(text), text.replace('<UN n0="A"', '<UN n0="<A>"')):
        with pytest.raises(LogFormatError, match=message) as info:
            read_xml(variant)
        assert info.value.line == element


def test_a_call_reads_by_the_lobby_it_is_in() -> None:
    """The same ``N`` element (a pon of 5p on the red id 52) read again and again: red
    fives and the number of seats of each game decide its event and whether it is legal."""
    call = '<D124/><N who="3" m="20075" />'  # pon of ids 52, 53, 54, called 52 from seat 2
    red = _SMALL.replace("<D124/>", call)
    plain = red.replace('type="169"', 'type="171"')
    sanma = red.replace('type="169"', 'type="185"').replace(' hai3="', ' x="')
    for _ in range(2):
        assert read_xml(red).events[4] == Pon(3, 2, tile_of_id(52), (tile_of_id(53), 13))
        assert read_xml(plain).events[4] == Pon(3, 2, 13, (13, 13))
        with pytest.raises(LogFormatError, match="who=3 is not a seat") as info:
            read_xml(sanma)
        assert info.value.line == 8


def test_the_same_yaku_text_reads_by_its_attribute() -> None:
    """``yaku`` pairs (id, han) and ``yakuman`` ids read apart, however often either is met."""
    text = PAIRS[0].read_text()
    m = re.search(r'<AGARI [^>]*?yaku="([^"]*)"', text)
    assert m is not None
    flat = [int(v) for v in m.group(1).split(",")]
    as_yakuman = text.replace(m.group(0), m.group(0).replace(' yaku="', ' yakuman="'), 1)
    for _ in range(2):
        win = read_xml(text).results[0][0]
        assert isinstance(win, TenhouWin) and not win.yakuman
        assert win.yaku == tuple(zip(flat[::2], flat[1::2], strict=True))
        odd = read_xml(as_yakuman).results[0][0]
        assert isinstance(odd, TenhouWin) and odd.yakuman
        assert odd.yaku == tuple((y, 13) for y in flat) and odd.han == 13 * len(flat)
    bad = text.replace(m.group(0), m.group(0).replace(' yaku="', ' yaku="99,1,'), 1)
    with pytest.raises(LogFormatError, match="no known yaku"):
        read_xml(bad)


def test_tenhou_yaku_names_come_from_the_yaku_registry() -> None:
    """The logs keep no table of their own: Tenhou's yaku ids and kanji are the registry's,
    and the yaku texts of the paired tenhou.net/6 records name, by the registry's kanji,
    the very yaku the mjlog ``AGARI`` of the same game gives by id."""
    assert tenhou.YAKU is TENHOU_NAMES
    for y in REGISTRY:
        if y.tenhou_id is None:
            continue
        name, kanji = TENHOU_NAMES[y.tenhou_id]
        assert BY_ID[name].tenhou_id == y.tenhou_id
        assert kanji == y.kanji or (y.id, kanji) == ("kokushi_13", "国士無双１３面")
    written: set[str] = set()
    for xml in PAIRS:
        _, log = _paired_json(xml)
        texts = [
            str(text).split("(")[0]
            for rnd in log
            if rnd[16][0] == "和了"
            for info in rnd[16][2::2]
            for text in info[4:]
        ]
        assert set(texts) <= set(YAKU_BY_KANJI), xml.name
        ids = [
            y
            for res in read_xml(xml.read_bytes()).results
            for w in res
            if isinstance(w, TenhouWin)
            for y, han in w.yaku
            if han  # tenhou.net/6 leaves out a count of 0 (ura dora 0)
        ]
        assert sorted(YAKU_BY_KANJI[t] for t in texts) == sorted(ids), xml.name
        written.update(texts)
    assert len(written) >= 20


def test_a_record_cut_short_after_a_call_names_the_call() -> None:
    """The lenient errors of a record ending at a call (element 8) or a riichi (element 9)
    point there, the first time such an element is read and every time after."""
    call = _SMALL.replace("<D124/>", '<D124/><N who="3" m="20075" />').split("<RYUUKYOKU")[0]
    reach = _SMALL.replace("<D124/>", '<D124/><T5/><REACH who="0" step="1"/>')
    reach = reach.split("<RYUUKYOKU")[0]
    for _ in range(2):
        for text, element in ((call, 8), (reach, 9), (reach + "<D5/>", 9)):
            errors = read_xml(text).errors
            assert [e.line for e in errors] == [element, element]
            assert "without a result" in str(errors[0]) and "no final result" in str(errors[1])


def test_tsumogiri_is_the_tile_drawn_since_the_last_call_or_deal() -> None:
    """A discard is tsumogiri only when it is the tile drawn, with no call of the seat
    and no new deal between; the same in the first reading of an element and later."""
    init = re.search(r"<INIT[^>]*/>", _SMALL)
    assert init is not None
    draw = '<RYUUKYOKU type="yao9" ba="0,0" sc="250,0,250,0,250,0,250,0"/>'
    texts = {
        "plain": _SMALL,
        "call": _SMALL.replace("<D124/>", '<N who="0" m="42059" /><D124/>'),
        "deal": _SMALL.replace("<D124/>", draw + init.group(0) + "<D124/>"),
    }
    for _ in range(2):
        given = {name: read_xml(text).events for name, text in texts.items()}
        giri = {
            name: [e.tsumogiri for e in ev if isinstance(e, Dahai)] for name, ev in given.items()
        }
        assert giri == {"plain": [True], "call": [False], "deal": [False]}


def test_lenient_and_strict_reading() -> None:
    text = _SMALL.replace("<T124/>", "<FOO/><T124/>")
    game = read_xml(text)
    assert len(game.errors) == 1 and "unknown element <FOO>" in str(game.errors[0])
    with pytest.raises(LogFormatError, match="FOO"):
        read_xml(text, strict=True)
    cut = _SMALL.split("<RYUUKYOKU")[0]
    game = read_xml(cut)
    assert game.final is None and len(game.errors) == 2
    with pytest.raises(LogFormatError, match="without a result"):
        read_xml(cut, strict=True)


def test_partial_logs_read_leniently() -> None:
    for path in sorted((DATA / "tenhou_xml/mjx_extra/partial").glob("*.xml")):
        game = read_game(path)
        assert game.final is None and game.errors
        with pytest.raises(LogFormatError):
            read_game(path, strict=True)


@pytest.mark.parametrize(
    "data",
    [b"", b"\x1f\x8bnot gzip", b"hello", b'{"log": [[1, 2]]}', b"{bad json", "<notmjlog/>"],
)
def test_garbage_raises_log_format_error(data: bytes | str) -> None:
    with pytest.raises(LogFormatError):
        read_game(data if isinstance(data, bytes) else data.encode())


def test_tenhou6_bad_round_names_round_and_line() -> None:
    lines = [
        json.dumps({"log": [r]})
        for r in _paired_json(PAIRS[0])[1][:2]  # two good rounds, one per line
    ]
    bad = json.loads(lines[1])
    bad["log"][0][5] = ["x"]
    lines[1] = json.dumps(bad)
    with pytest.raises(LogFormatError) as info:
        read_tenhou6("\n".join(lines))
    assert info.value.line == 2 and "round 2" in str(info.value)


def test_writer_needs_no_tenhou_record() -> None:
    """A game that never was on Tenhou writes out: events alone make a viewer file."""
    game = read_game(PAIRS[0])
    plain = to_tenhou6(list(game.events))
    assert plain["log"] == to_tenhou6(game)["log"]
    assert plain["rule"] == {"disp": "般南喰赤", "aka53": 1, "aka52": 1, "aka51": 1}


def _events_both_formats_say(game: TenhouGame) -> list[Event | None]:
    return [_normal(e) for e in game.events if not isinstance(e, StartGame | EndGame)]


def _json_round_trip(path: Path) -> None:
    game = read_game(path)
    written = json.loads(json.dumps(to_tenhou6(game), ensure_ascii=False))
    back = read_tenhou6(written)
    assert back.errors == ()
    assert (back.players, back.final, back.names) == (game.players, game.final, game.names)
    assert _events_both_formats_say(back) == _events_both_formats_say(game)


@pytest.mark.parametrize("path", XML_GAMES[::8], ids=lambda p: p.name.split(".")[0])
def test_written_tenhou6_reads_back_to_the_same_game(path: Path) -> None:
    """XML → events → tenhou.net/6 → events, four and three players (kita as ``f44``)."""
    _json_round_trip(path)


@pytest.mark.slow
def test_every_game_survives_the_tenhou6_round_trip() -> None:
    for path in XML_GAMES:
        _json_round_trip(path)


def test_a_ron_on_a_north_set_aside_reads_back() -> None:
    # 2020010118gm-00b9-0000-fec27b29, East 3: seat 0 rons the north seat 2 sets aside
    path = DATA / "tenhou_xml/agony5757_houou_2020/2020010118gm-00b9-0000-fec27b29.xml.gz"
    _json_round_trip(path)
    back = read_tenhou6(to_tenhou6(read_game(path)))
    hora = next(e for e in back.events if isinstance(e, Hora) and e.target == 2)
    kita = back.events[back.events.index(hora) - 1]
    assert isinstance(kita, Nukidora) and hora.pai == kita.pai


# --- never a crash: damaged records raise LogFormatError or read leniently -------------

_DAMAGE_XML = (DATA / "paired_xml_json/mjx/2016052515gm-00a9-0000-c4d72066.xml").read_text()
_DAMAGE_JSON = json.loads(
    (DATA / "tenhou_json/mjai_reviewer_convlog_testdata/double_kakan_then_chankan.json").read_text()
)


@settings(max_examples=300, deadline=None, derandomize=True)
@given(
    st.lists(
        st.tuples(
            st.integers(0, len(_DAMAGE_XML) - 1),
            st.integers(0, 2),
            st.sampled_from('0123456789,"<>/= abNT-'),
        ),
        min_size=1,
        max_size=4,
    )
)
def test_damaged_xml_never_crashes(edits: list[tuple[int, int, str]]) -> None:
    text = list(_DAMAGE_XML)
    for at, op, ch in edits:
        at = min(at, len(text) - 1)
        if op == 0:
            text[at] = ch
        elif op == 1:
            del text[at]
        else:
            text.insert(at, ch)
    try:
        game = read_game("".join(text).encode())
    except LogFormatError as e:
        assert e.reason  # a typed error that says what is wrong
    else:
        assert all(isinstance(r, TenhouWin | TenhouDraw) for rs in game.results for r in rs)


_PIECES = ["<T12/>", "<D12/>", '<N who="1" m="42059" />', "\n", " ", '"', "<", "/>", "x"]


def _reading(read: Callable[[], TenhouGame]) -> object:
    try:
        game = read()
    except LogFormatError as e:
        return ("error", str(e), e.line)
    return (game, [(str(e), e.line) for e in game.errors])


@settings(max_examples=300, deadline=None, derandomize=True)
@given(
    st.lists(
        st.tuples(
            st.integers(0, len(_DAMAGE_XML) - 1),
            st.integers(0, 2),
            st.sampled_from(_PIECES),
        ),
        min_size=1,
        max_size=3,
    ),
    st.booleans(),
)
def test_damaged_xml_reads_as_the_element_tokenizer_reads_it(
    edits: list[tuple[int, int, str]], strict: bool
) -> None:
    """Reading the record split at ``<`` gives what reading it element by element with
    the tokenizers gives: the same game, lenient errors, or first error and its element."""
    text = _DAMAGE_XML
    for at, op, piece in edits:
        if op == 0:
            text = text[:at] + piece + text[at + len(piece) :]
        elif op == 1:
            text = text[:at] + text[at + 1 :]
        else:
            text = text[:at] + piece + text[at:]

    def by_elements() -> TenhouGame:
        reader = mjlog._XmlReader(strict, "")
        reader._read_elements(text)
        return reader._game()

    assert _reading(lambda: read_xml(text, strict=strict)) == _reading(by_elements)


def _paths(obj: object, prefix: tuple[object, ...] = ()) -> list[tuple[object, ...]]:
    out = [prefix]
    if isinstance(obj, list):
        for i, v in enumerate(obj):
            out += _paths(v, (*prefix, i))
    elif isinstance(obj, dict):
        for k, v in obj.items():
            out += _paths(v, (*prefix, k))
    return out


_JSON_PATHS = _paths(_DAMAGE_JSON)[1:]
_VALUES = [0, -1, 60, 99, 53, "x", "r", "p11", "c111213", "4141p41", [], [1], None, {}, 1.5, True]


@settings(max_examples=300, deadline=None, derandomize=True)
@given(
    st.lists(
        st.tuples(st.sampled_from(_JSON_PATHS), st.sampled_from(_VALUES)), min_size=1, max_size=3
    )
)
def test_damaged_tenhou6_never_crashes(edits: list[tuple[tuple[object, ...], object]]) -> None:
    obj = json.loads(json.dumps(_DAMAGE_JSON))
    for path, value in edits:
        target = obj
        try:
            for key in path[:-1]:
                target = target[key]  # type: ignore[index]
            target[path[-1]] = value  # type: ignore[index]
        except (IndexError, KeyError, TypeError):
            continue
    try:
        game = read_tenhou6(obj)
    except LogFormatError as e:
        assert e.reason
    else:
        assert game.rounds == len(obj["log"])
