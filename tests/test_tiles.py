"""Tiles and notations: round trips, errors, copies."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jantaku.errors import InvalidHandError, NotationError
from jantaku.meld import Meld, MeldKind, format_hand, format_meld, parse_hand, parse_meld
from jantaku.tiles import (
    KIND_OF,
    RED_5M,
    UNKNOWN,
    check_copies,
    copies_fit,
    counts_if_fit,
    dora_from_indicator,
    format_tiles,
    format_unicode,
    kind,
    packed_copies,
    parse_tiles,
    parse_unicode,
    tally_if_fit,
    tile_from_mjai,
    tile_to_mjai,
)

tiles_st = st.lists(st.integers(min_value=0, max_value=36), max_size=20)


@settings(deadline=None)  # no limit on an example's time: CI machines are busy
@given(tiles_st)
def test_compact_round_trip(tiles: list[int]) -> None:
    assert parse_tiles(format_tiles(tiles)) == tuple(tiles)


@settings(deadline=None)  # no limit on an example's time: CI machines are busy
@given(st.lists(st.integers(min_value=0, max_value=37), max_size=20))
def test_unicode_round_trip(tiles: list[int]) -> None:
    assert parse_unicode(format_unicode(tiles)) == tuple(tiles)


@settings(deadline=None)  # no limit on an example's time: CI machines are busy
@given(st.lists(st.integers(min_value=0, max_value=37), max_size=20))
def test_mjai_round_trip(tiles: list[int]) -> None:
    assert [tile_from_mjai(tile_to_mjai(t)) for t in tiles] == tiles


def test_canonical_text_round_trips() -> None:
    for text in ["123m406p789s1122z", "0m0p0s", "1234567z", "19m19p19s1234567z"]:
        assert format_tiles(parse_tiles(text)) == text


def test_unicode_code_points_match_the_seed_table() -> None:
    # 003: 🀇 U+1F007 is 1m, 🀐 U+1F010 is 1s, 🀙 U+1F019 is 1p, 🀀 East, 🀄 chun.
    assert format_unicode(parse_tiles("1m1s1p1z7z6z5z")) == "🀇🀐🀙🀀🀄🀅🀆"


@pytest.mark.parametrize(
    ("text", "position"),
    [("12x", 2), ("m", 0), ("123", 3), ("8z", 0), ("0z", 0), ("12 3m", 2)],
)
def test_notation_errors_name_the_position(text: str, position: int) -> None:
    with pytest.raises(NotationError) as info:
        parse_tiles(text)
    assert info.value.position == position
    assert info.value.text == text


def test_impossible_tiles_are_refused() -> None:
    with pytest.raises(InvalidHandError, match="5 copies of 1z"):
        check_copies(parse_tiles("11111z"))
    with pytest.raises(InvalidHandError, match="two red 5m"):
        check_copies(parse_tiles("00m"))
    with pytest.raises(InvalidHandError):
        parse_hand("123m")
    check_copies(parse_tiles("0555m"))  # a red five and three plain ones are four copies


def test_dora_wraps_as_the_seed_says() -> None:
    # S9: same suit 1→…→9→1; winds E→S→W→N→E; dragons haku→hatsu→chun→haku.
    pairs = {"9m": "1m", "9p": "1p", "5s": "6s", "4z": "1z", "3z": "4z", "7z": "5z", "5z": "6z"}
    for ind, dora in pairs.items():
        assert dora_from_indicator(parse_tiles(ind)[0]) == parse_tiles(dora)[0]
    assert dora_from_indicator(parse_tiles("1m")[0], players=3) == parse_tiles("9m")[0]


def test_kind_and_unknown() -> None:
    assert kind(RED_5M) == 4
    with pytest.raises(ValueError):
        kind(UNKNOWN)


@pytest.mark.parametrize(
    ("text", "meld_kind"),
    [
        ("[3-45m]", MeldKind.CHII),
        ("[555=p]", MeldKind.PON),
        ("[7777+z]", MeldKind.DAIMINKAN),
        ("[055=*5s]", MeldKind.KAKAN),
        ("[1111z]", MeldKind.ANKAN),
        ("[40-6p]", MeldKind.CHII),
    ],
)
def test_meld_notation_round_trips(text: str, meld_kind: MeldKind) -> None:
    meld = parse_meld(text)
    assert meld.kind is meld_kind
    assert parse_meld(format_meld(meld)) == meld


@pytest.mark.parametrize("bad", ["[12-4m]", "[3+45m]", "[55p]", "[5555=*5p]", "[1-23z]", "[1-2m]"])
def test_bad_melds_are_notation_errors(bad: str) -> None:
    with pytest.raises(NotationError):
        parse_meld(bad)


def test_hand_round_trip_with_melds() -> None:
    text = "406p22z[3-45s][1111z][7777+z]"
    hand = parse_hand(text)
    assert format_hand(hand) == text
    assert not hand.is_closed
    assert parse_hand("123m456p789s11z[2222z]").is_closed


def test_meld_value_checks() -> None:
    with pytest.raises(InvalidHandError):
        Meld(MeldKind.CHII, parse_tiles("345m"), parse_tiles("3m")[0], 1)


@given(st.text(alphabet="0123456789mpszf ", max_size=16))
def test_compact_groups_read_as_the_plain_reader_reads(text: str) -> None:
    """parse_tiles reads plain compact groups through its table of groups; the plain
    character-by-character reader gives the same tiles, or the same error."""
    from jantaku.tiles import _parse_compact

    try:
        expected: tuple[int, ...] | str = _parse_compact(text)
    except NotationError as e:
        expected = str(e)
    try:
        got: tuple[int, ...] | str = parse_tiles(text)
    except NotationError as e:
        got = str(e)
    assert got == expected
    if isinstance(expected, tuple):
        assert parse_tiles(text) == expected  # again, the groups now from the table


def test_groups_not_read_before_read_by_digit_as_the_plain_reader_reads() -> None:
    """A plain compact group not read before is read by its suit's table of digits:
    every digit of every suit, and long groups, as the character reader reads them."""
    from jantaku.tiles import _GROUPS, _parse_compact

    groups = [d + suit for suit in "mps" for d in "0123456789"] + [d + "z" for d in "1234567"]
    groups += ["0123456789m", "9876543210p", "5550s", "1234567z", "7654321z"]
    for group in groups:
        _GROUPS.pop(group, None)  # not read before
        assert parse_tiles(group) == _parse_compact(group), group
    text = "".join(groups)  # the same groups in one text, some read before
    _GROUPS.pop("0m", None)
    assert parse_tiles(text) == _parse_compact(text)


@given(st.lists(st.sampled_from(range(37)), max_size=20))
def test_check_copies_refuses_exactly_what_counting_refuses(tiles: list[int]) -> None:
    """check_copies against a plain count: a red five twice, or five of a kind."""
    from jantaku.tiles import KIND_OF

    reds = [tiles.count(t) for t in (34, 35, 36)]
    kinds = [sum(1 for t in tiles if KIND_OF[t] == k) for k in range(34)]
    refused = max(reds) > 1 or max(kinds) > 4
    if refused:
        with pytest.raises(InvalidHandError):
            check_copies(tiles)
    else:
        check_copies(tiles)


@settings(deadline=None)  # no limit on an example's time: CI machines are busy
@given(
    st.lists(st.sampled_from(range(37)), min_size=1, max_size=11),
    st.sampled_from(("", "[1111z]", "[5555m]", "[0-46p]", "[505=s]", "[0555+m]", "[00=5p]")),
)
def test_parse_hand_refuses_exactly_what_counting_refuses(tiles: list[int], meld: str) -> None:
    """parse_hand's copy check (bytes and sorted kinds) against a plain count of every
    tile, concealed and melded: five of a kind, or more than two red fives of a suit."""
    from jantaku.tiles import KIND_OF

    melds = parse_hand("7z" + meld, partial=True).melds
    every = tiles + [t for m in melds for t in m.tiles]
    reds = [every.count(t) for t in (34, 35, 36)]
    kinds = [sum(1 for t in every if KIND_OF[t] == k) for k in range(34)]
    text = format_tiles(tiles) + meld
    if max(reds) > 2 or max(kinds) > 4:
        with pytest.raises(InvalidHandError, match=r"copies|red"):
            parse_hand(text, partial=True)
    elif (len(tiles) + 3 * len(melds)) % 3 != 0:
        hand = parse_hand(text, partial=True)
        assert hand.concealed == tuple(tiles) and hand.melds == melds


def test_a_flower_in_a_hand_is_refused() -> None:
    with pytest.raises(InvalidHandError, match="flower"):
        parse_hand("123m1f456p789s11z")


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.integers(min_value=0, max_value=38), max_size=18),
    st.tuples(*[st.integers(min_value=0, max_value=2)] * 3),
)
def test_copies_fit_is_check_copies_quick_answer(tiles: list[int], reds: tuple[int, ...]) -> None:
    """copies_fit says yes exactly when check_copies has nothing to refuse."""
    try:
        check_copies(tiles, reds)
        refused = False
    except InvalidHandError:
        refused = True
    assert copies_fit(bytes(tiles), reds) is not refused


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.integers(min_value=0, max_value=38), max_size=18),
    st.integers(min_value=0, max_value=18),
    st.tuples(*[st.integers(min_value=0, max_value=2)] * 3),
)
def test_counts_if_fit_counts_what_copies_fit_accepts(
    tiles: list[int], first: int, reds: tuple[int, ...]
) -> None:
    """counts_if_fit answers exactly when copies_fit says yes, with each kind's copies
    among the first tiles and among all, red fives counted as fives."""
    found = counts_if_fit(bytes(tiles), first, reds)
    if not copies_fit(bytes(tiles), reds):
        assert found is None
        return
    assert found is not None
    for part, counted in ((tiles[:first], found[0]), (tiles, found[1])):
        assert list(counted) == [sum(1 for t in part if KIND_OF[t] == k) for k in range(34)]


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.integers(min_value=-80, max_value=300), max_size=18)
    | st.lists(st.sampled_from((0, 4, 13, 22, 33, 34, 35, 36)), max_size=30),
    st.integers(min_value=0, max_value=30),
    st.tuples(*[st.integers(min_value=0, max_value=2)] * 3),
)
def test_tally_if_fit_counts_what_copies_fit_accepts(
    tiles: list[int], first: int, reds: tuple[int, ...]
) -> None:
    """tally_if_fit answers exactly when copies_fit says yes (anything not a tile 0-36
    refused), with each kind's copies among the first tiles and among all, red fives
    counted as fives, and the red fives among all."""
    found = tally_if_fit(tuple(tiles[:first]), tuple(tiles[first:]), reds)
    if not all(0 <= t < 37 for t in tiles) or not copies_fit(bytes(tiles), reds):
        assert found is None
        return
    assert found is not None
    for part, counted in ((tiles[:first], found[0]), (tiles, found[1])):
        assert list(counted) == [sum(1 for t in part if KIND_OF[t] == k) for k in range(34)]
    assert found[2] == sum(1 for t in tiles if t >= 34)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.integers(min_value=-40, max_value=80), max_size=18)
    | st.lists(st.sampled_from((0, 4, 13, 22, 33, 34, 35, 36)), max_size=30),
    st.integers(min_value=0, max_value=30),
    st.tuples(*[st.integers(min_value=0, max_value=2)] * 3),
)
def test_tally_if_fit_adds_tiles_counted_before(
    tiles: list[int], first: int, reds: tuple[int, ...]
) -> None:
    """Tiles after the first counted before in groups of four (packed_copies, as melds
    keep them) give the tally of the same tiles given as ints; packed_copies refuses
    exactly the values that are no tile 0-36."""
    rest = tiles[first:]
    groups = [tuple(rest[i : i + 4]) for i in range(0, len(rest), 4)]
    packed = [packed_copies(g) for g in groups]
    if not all(0 <= t < 37 for t in rest):
        assert None in packed
        return
    assert None not in packed
    counted = sum(p for p in packed if p is not None)
    found = tally_if_fit(tuple(tiles[:first]), (), reds, counted)
    assert found == tally_if_fit(tuple(tiles[:first]), tuple(rest), reds)


@pytest.mark.parametrize(
    ("tiles", "fits"),
    [
        ([*range(34)] * 4, True),  # every tile of a set without red fives
        ([*range(34)] * 3 + [k for k in range(34) if k not in (4, 13, 22)] + [34, 35, 36], True),
        ([*range(34)] * 4 + [4], False),
        ([0, 1, 2, 3] * 100, False),  # more than a byte counts (the sorted check)
        ([*range(34)] * 8, False),
    ],
)
def test_copies_fit_on_long_tile_lists(tiles: list[int], fits: bool) -> None:
    """A set's every tile fits; a fifth copy does not, however many tiles are given."""
    assert copies_fit(bytes(tiles)) is fits
    assert (counts_if_fit(bytes(tiles), 14) is not None) is fits
    assert (tally_if_fit(tuple(tiles[:14]), tuple(tiles[14:])) is not None) is fits
    try:
        check_copies(tiles)
        refused = False
    except InvalidHandError:
        refused = True
    assert refused is not fits
