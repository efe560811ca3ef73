"""parse_tiles and parse_hand read the three notations the README lists: compact,
Unicode glyphs and mjai names (one reading of each text), and the command line with them."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jantaku.cli import main
from jantaku.errors import NotationError
from jantaku.meld import format_hand, parse_hand
from jantaku.tiles import (
    EAST,
    FLOWER,
    HAKU,
    RED_5M,
    RED_5P,
    UNKNOWN,
    format_tiles,
    format_unicode,
    parse_tiles,
    tile_to_mjai,
    tiles_to_mjai,
)

ANY_TILE = st.integers(min_value=0, max_value=FLOWER)  # 0–36, the hidden tile and a flower


@settings(max_examples=300, deadline=None)
@given(st.lists(ANY_TILE, min_size=1, max_size=20))
def test_unicode_round_trip(tiles: list[int]) -> None:
    assert parse_tiles(format_unicode(tiles)) == tuple(tiles)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(ANY_TILE, min_size=1, max_size=20),
    st.sampled_from([" ", ", ", ",", "  ", "\t"]),
)
def test_mjai_names_round_trip(tiles: list[int], sep: str) -> None:
    assert parse_tiles(sep.join(tiles_to_mjai(tiles))) == tuple(tiles)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(min_value=0, max_value=36), min_size=1, max_size=20))
def test_three_notations_read_the_same_tiles(tiles: list[int]) -> None:
    compact = parse_tiles(format_tiles(tiles))
    mjai = " ".join(tiles_to_mjai(tiles))
    assert compact == parse_tiles(format_unicode(tiles)) == parse_tiles(mjai)


def test_mjai_names_and_glyphs_as_the_readme_lists_them() -> None:
    assert parse_tiles("1m 9s 5mr 5pr E S W N P F C ?") == (
        0,
        26,
        RED_5M,
        RED_5P,
        *range(EAST, HAKU + 3),
        UNKNOWN,
    )
    assert parse_tiles("🀇🀡🀀🀆") == parse_tiles("1m9p1z5z")
    assert parse_tiles("🀫🀢") == (UNKNOWN, FLOWER)
    assert [tile_to_mjai(t) for t in parse_tiles("P F C")] == ["P", "F", "C"]


def test_compact_notation_is_read_as_before() -> None:
    assert parse_tiles("123m406p789s1122z") == (0, 1, 2, 12, 35, 14, 24, 25, 26, 27, 27, 28, 28)
    assert parse_tiles("1m 2m") == (0, 1)  # compact and mjai alike


@pytest.mark.parametrize(
    ("text", "message", "position"),
    [
        ("123m E", "compact notation among mjai names", 0),
        ("E 123m", "compact notation among mjai names", 2),
        ("E 1m 406p", "compact notation among mjai names", 5),
        ("🀇🀈3m", "a text of Unicode tiles holds only tiles", 2),
        ("1m 🀇", "a text of Unicode tiles holds only tiles", 0),
        ("E S WN", "not an mjai tile name", 4),
        ("5mr 5zr", "not an mjai tile name", 4),
        ("E x", "not an mjai tile name", 2),
        ("1m 2m x", "unexpected character", 6),
        ("123x", "unexpected character", 3),
        ("\ufe00🀝", "red mark not after a five", 0),
    ],
)
def test_mixtures_and_mistakes_are_refused_clearly(text: str, message: str, position: int) -> None:
    with pytest.raises(NotationError, match=message) as err:
        parse_tiles(text)
    assert err.value.position == position


def test_hands_in_each_notation() -> None:
    want = parse_hand("123m406p789s11z[555=z]")
    unicode_hand = format_unicode(want.concealed) + "[555=z]"
    mjai_hand = " ".join(tiles_to_mjai(want.concealed)) + " [555=z]"
    assert parse_hand(unicode_hand) == want
    assert parse_hand(mjai_hand) == want
    assert format_hand(parse_hand(mjai_hand)) == "123m406p789s11z[555=z]"


def test_a_hand_error_points_into_the_whole_text() -> None:
    with pytest.raises(NotationError) as err:
        parse_hand("1m 2m 3m E 123p [555=z]")
    assert err.value.position == 11 and err.value.text == "1m 2m 3m E 123p [555=z]"


def test_a_hidden_tile_is_no_tile_of_a_hand() -> None:
    with pytest.raises(ValueError, match=r"a hidden tile \(\? or 🀫\) is no tile of a hand"):
        parse_hand("1m 2m 3m 4m 5m 6m 7m 8m 9m E E E ?")


def test_the_command_line_reads_unicode_and_mjai_hands(capsys: pytest.CaptureFixture[str]) -> None:
    outputs = []
    for hand in ("23m456p789s11122z", "🀈🀉🀜🀝🀞🀖🀗🀘🀀🀀🀀🀁🀁", "2m 3m 4p 5p 6p 7s 8s 9s E E E S S"):
        assert main(["shanten", "--json", hand]) == 0
        obj = json.loads(capsys.readouterr().out)
        outputs.append((obj["shanten"], [w["tile"] for w in obj["waits"]]))
    assert outputs[0] == outputs[1] == outputs[2] == (0, ["1m", "4m"])


_HAND_TEXTS = (
    "123m456p11z[3-45s][555=z]",
    "123m 456p11z[3-45s][555=z]",
    "123m456p11z [3-45s] [555=z]",
    "[3-45s][555=z]123m456p11z",
    "123m456p11z[3-45s]45p[555=z]",
    "123m456p11z[3-45s][555=z]9m",
    "123m456p11z[3-45s][555=z] ",
    "123m]456p11z[3-45s][555=z]",
    "123m456p11z[3-45s]][555=z]",
    "123m456p11z[3-45s[555=z]",
    "123m456p11z[3-45s][555=z",
    "123m456p11x[3-45s][555=z]",
    "123m456p1z[3-45s][555=z][555=z]",
    "1m2m3m4p5p6p E E [3-45s] [555=z]",
    "123m456p11z[[3-45s][555=z]",
    "123m456p789s[1111z]2z",
    "123m406p789s[1111z]22z",
)


def _read(text: str) -> object:
    """The hand read, or the type, message and position of the error."""
    try:
        return parse_hand(text)
    except NotationError as e:
        return type(e), str(e), e.position
    except Exception as e:
        return type(e), str(e)


def test_melds_read_before_give_what_the_first_reading_gave() -> None:
    """A hand's melds are read from their text once, then known by it: every hand
    (and every mistake, where it is) reads the same with no meld known, and again."""
    from jantaku import meld

    kept = dict(meld._MELDS)
    try:
        first = []
        for text in _HAND_TEXTS:
            meld._MELDS.clear()
            first.append(_read(text))
        for text in _HAND_TEXTS:  # every meld now known
            _read(text)
        assert [_read(text) for text in _HAND_TEXTS] == first
    finally:
        meld._MELDS.clear()
        meld._MELDS.update(kept)
    assert (
        isinstance(first[0], tuple) is False and sum(1 for f in first if isinstance(f, tuple)) > 8
    )


def test_read_hand_tiles_reads_what_parse_hand_reads() -> None:
    """read_hand_tiles gives the concealed tiles and melds parse_hand gives, or its
    notation error (message and position) for text that is not read; what parse_hand
    then refuses as no hand (too many tiles) it reads all the same."""
    from jantaku.errors import InvalidHandError
    from jantaku.meld import read_hand_tiles

    read = 0
    for text in (*_HAND_TEXTS, "11z" * 8):
        try:
            tiles = read_hand_tiles(text)
        except NotationError as e:
            assert _read(text) == (NotationError, str(e), e.position)
            continue
        try:
            hand = parse_hand(text)
        except InvalidHandError:
            assert len(tiles[0]) + 3 * len(tiles[1]) not in (13, 14)
            continue
        assert tiles == (hand.concealed, hand.melds)
        read += 1
    assert read >= 4


_NOTATION_CHARS = st.text(alphabet="0123456789mpsz [-=+*]f E", max_size=40)


@settings(max_examples=400, deadline=None)
@given(
    st.lists(st.sampled_from((*_HAND_TEXTS, "123m", "0p", "11z", "[1111z]", "8z", " "))).map(
        "".join
    )
    | _NOTATION_CHARS
)
def test_read_counted_hand_reads_what_read_hand_tiles_reads(text: str) -> None:
    """read_counted_hand gives what read_hand_tiles gives, and the concealed tiles' copies
    as packed_copies counts them, or None; parse_counted likewise for parse_tiles."""
    from jantaku.meld import read_counted_hand, read_hand_tiles
    from jantaku.tiles import packed_copies, parse_counted

    counted = read_counted_hand(text)
    if counted is not None:
        assert counted[:2] == read_hand_tiles(text)
        assert counted[2] == packed_copies(counted[0])
    tiles = parse_counted(text)
    if tiles is not None:
        assert tiles == (parse_tiles(text), packed_copies(tiles[0]))


def test_the_common_hand_texts_are_read_counted() -> None:
    """Plain compact tiles, then melds, are read with their copies; other texts are not."""
    from jantaku.meld import read_counted_hand
    from jantaku.tiles import parse_counted

    for text in ("123m456p11z[3-45s][555=z]", "123m406p789s[1111z]", "11122233344455z"):
        assert read_counted_hand(text) is not None, text
    for text in (
        "123m 456p11z[3-45s][555=z]",
        "[3-45s][555=z]123m456p11z",
        "123m456p11z[3-45s]45p[555=z]",
        "123m]456p11z[3-45s][555=z]",
        "123m456p11z[3-45s[555=z]",
        "1m2m3m4p5p6p E E [3-45s] [555=z]",
        "123m456p789s[1111z]2z",
    ):
        assert read_counted_hand(text) is None, text
    assert parse_counted("0m") is not None and parse_counted("1f") is None
