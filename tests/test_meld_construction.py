"""``Meld`` construction: a meld made again from the same arguments skips its check, and
nothing else changes.

Any arguments, good or bad, give the same outcome (the meld, or an error of the same
type and text) the first time, when made again, and when the tiles come as a list
(which is always checked in full); values equal to ints but of another type (``True``,
``13.0``) are refused even after the int meld was made; a meld made again is equal to,
hashes as, prints as and pickles as the first.
"""

from __future__ import annotations

import copy
import pickle
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jantaku import meld as meld_module
from jantaku.errors import ArgumentTypeError, JantakuError
from jantaku.meld import Meld, MeldKind, format_meld, parse_meld
from jantaku.tiles import KIND_OF, packed_copies, parse_tiles

_KINDS = st.sampled_from([*MeldKind, "pon", None, 3])
# tiles near a meld (so many draws are good melds), any tile value, and values that
# are not tiles
_NEAR = st.integers(min_value=11, max_value=15) | st.sampled_from([35, 27, 33])
_TILE = _NEAR | st.integers(min_value=-2, max_value=40) | st.sampled_from([True, 13.0, "5p"])
_OPTIONAL = st.none() | _TILE
_FROM = st.none() | st.integers(min_value=0, max_value=4) | st.sampled_from([True, 2.0])


def _outcome(make: Any) -> tuple[str, object]:
    try:
        m = make()
    except JantakuError as e:
        return type(e).__name__, str(e)
    except Exception as e:
        return "crash " + type(e).__name__, str(e)
    return "meld", (m.kind, m.tiles, m.called, m.called_from, m.added)


def _same_runs(tiles: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """A meld's tiles in orders a caller may pass."""
    return (tiles, tuple(reversed(tiles)), tuple(sorted(tiles)))


@settings(max_examples=600, deadline=None)
@given(
    _KINDS,
    st.lists(_TILE, min_size=0, max_size=5) | st.lists(_NEAR, min_size=3, max_size=4),
    _OPTIONAL,
    _FROM,
    _OPTIONAL,
)
def test_a_meld_made_again_is_the_meld_made_first(
    kind: Any, tiles: list[Any], called: Any, called_from: Any, added: Any
) -> None:
    meld_module.clear_cache()
    args = (kind, tuple(tiles), called, called_from, added)
    first = _outcome(lambda: Meld(*args))
    again = _outcome(lambda: Meld(*args))
    as_list = _outcome(lambda: Meld(kind, list(tiles), called, called_from, added))
    by_keyword = _outcome(
        lambda: Meld(
            kind=kind, tiles=tuple(tiles), called=called, called_from=called_from, added=added
        )
    )
    assert first == again == as_list == by_keyword
    assert not first[0].startswith("crash"), first


@pytest.mark.parametrize(
    "text", ["[3-45m]", "[555=p]", "[7777+z]", "[0-55*5s]", "[1111z]", "[4-06p]", "[*0555=p]"]
)
def test_good_melds_made_again_are_equal_in_every_way(text: str) -> None:
    meld_module.clear_cache()
    first = parse_meld(text)
    args = (first.kind, first.tiles, first.called, first.called_from, first.added)
    again = Meld(*args)
    assert meld_module._CHECKED  # the second one took the checked path
    for other in (again, Meld(*args), replace(first), copy.copy(first)):
        assert other == first and hash(other) == hash(first) and repr(other) == repr(first)
        assert format_meld(other) == text
    assert pickle.loads(pickle.dumps(again)) == first
    with pytest.raises(AttributeError):
        again.tiles = ()  # type: ignore[misc]


def test_values_equal_to_ints_are_refused_after_the_int_meld() -> None:
    pon = Meld(MeldKind.PON, (13, 13, 13), 13, 2)
    assert Meld(MeldKind.PON, (13, 13, 13), 13, 2) == pon
    with pytest.raises(ArgumentTypeError, match="called_from is an int or None, not True"):
        Meld(MeldKind.PON, (13, 13, 13), 13, True)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match=r"called is an int or None, not 13\.0"):
        Meld(MeldKind.PON, (13, 13, 13), 13.0, 2)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match=r"a tile is an int, not 13\.0"):
        Meld(MeldKind.PON, (13.0, 13, 13), 13, 2)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="kind is a MeldKind"):
        Meld("pon", (13, 13, 13), 13, 2)  # type: ignore[arg-type]
    with pytest.raises(ArgumentTypeError, match="kind is a MeldKind"):
        Meld([], (13, 13, 13), 13, 2)  # type: ignore[arg-type]


def test_tiles_in_any_order_are_sorted_as_before() -> None:
    for tiles in _same_runs(tuple(parse_tiles("0555p"))):
        m = Meld(MeldKind.KAKAN, tiles, 13, 2, 35)
        assert m.tiles == tuple(parse_tiles("0555p"))
        assert format_meld(m) == "[*0555=p]"


def test_a_meld_made_again_is_the_same_value_shared() -> None:
    """A checked meld made again from the same arguments is the meld made first (frozen,
    so shared); after clear_cache a new one, equal to it; a subclass is made anew."""

    class Noted(Meld):
        __slots__ = ()

    meld_module.clear_cache()
    first = Meld(MeldKind.CHII, (4, 2, 3), 2, 3)
    assert Meld(MeldKind.CHII, (4, 2, 3), 2, 3) is first
    assert Meld(MeldKind.CHII, (2, 3, 4), 2, 3) == first  # another order: another key
    meld_module.clear_cache()
    again = Meld(MeldKind.CHII, (4, 2, 3), 2, 3)
    assert again == first and again is not first
    noted = Noted(MeldKind.CHII, (4, 2, 3), 2, 3)
    assert type(noted) is Noted and noted.tiles == first.tiles
    assert type(copy.copy(noted)) is Noted and pickle.loads(pickle.dumps(first)) == first


@pytest.mark.parametrize(
    "text", ["[3-45m]", "[555=p]", "[7777+z]", "[0-55*5s]", "[1111z]", "[4-06p]", "[*0555=p]"]
)
def test_a_meld_keeps_the_copies_of_its_tiles(text: str) -> None:
    """Every meld, however made (read, made again, copied, unpickled, a subclass), keeps
    the copies of its tiles as packed_copies counts them, byte k the copies of kind k;
    no part of its value."""

    class Noted(Meld):
        __slots__ = ()

    meld_module.clear_cache()
    first = parse_meld(text)
    args = (first.kind, first.tiles, first.called, first.called_from, first.added)
    for m in (first, Meld(*args), copy.copy(first), pickle.loads(pickle.dumps(first))):
        assert m._copies == packed_copies(m.tiles)
    noted = Noted(*args)
    assert noted._copies == packed_copies(first.tiles) and noted == Noted(*args)
    kinds = first._copies.to_bytes(37, "little")[:34]
    assert list(kinds) == [sum(1 for t in first.tiles if KIND_OF[t] == k) for k in range(34)]
    assert "_copies" not in repr(first)
