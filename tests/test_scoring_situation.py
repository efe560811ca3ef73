"""WinSituation's own __init__ (set slot by slot) against its declared fields, and its checks
of the common case against plain checks."""

from __future__ import annotations

import dataclasses
import inspect
from types import SimpleNamespace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from jantaku.errors import (
    ArgumentTypeError,
    ImpossibleSituationError,
    InvalidHandError,
    JantakuError,
)
from jantaku.meld import Meld, parse_hand
from jantaku.rules import TENHOU, Rules
from jantaku.scoring import Riichi, WinSituation, score_win
from jantaku.scoring import situation as situation_module
from jantaku.tiles import KIND_OF, RED_FIVES, parse_tiles


def test_init_takes_every_field_in_order_with_its_default() -> None:
    params = list(inspect.signature(WinSituation.__init__).parameters.values())[1:]
    fields = dataclasses.fields(WinSituation)
    assert [p.name for p in params] == [f.name for f in fields]
    for p, f in zip(params, fields, strict=True):
        assert p.kind is inspect.Parameter.KEYWORD_ONLY
        want = inspect.Parameter.empty if f.default is dataclasses.MISSING else f.default
        assert p.default == want, f.name


def test_from_hand_and_the_constructor_make_the_same_frozen_situation() -> None:
    """from_hand fills a new situation's fields without checking them twice: what comes
    out equals the same fields given to the constructor, is frozen, and holds its
    tally as the constructor's does."""
    assert [f.name for f in dataclasses.fields(WinSituation)] == list(WinSituation.__slots__)
    s = WinSituation.from_hand("123m456p789s11z[5-55z]", win="1z", discarder=3, dora="4z")
    built = WinSituation(
        concealed=s.concealed,
        melds=s.melds,
        win_tile=s.win_tile,
        discarder=3,
        dora_indicators=s.dora_indicators,
    )
    for x in (s, built, dataclasses.replace(s, honba=2)):
        assert type(x) is WinSituation
    assert s == built and hash(s) == hash(built) and repr(s) == repr(built)
    assert s._tally == built._tally
    with pytest.raises(dataclasses.FrozenInstanceError):
        s.__setattr__("honba", 3)
    with pytest.raises(dataclasses.FrozenInstanceError):
        s.honba = 3  # type: ignore[misc]


def test_every_field_is_set_and_checked() -> None:
    s = WinSituation.from_hand(
        "123m456p789s11555z",
        win="1z",
        discarder=2,
        riichi=Riichi.RIICHI,
        ippatsu=True,
        winner=1,
        dealer=3,
        dora="2m",
        ura="4z",
        honba=2,
        deposits=1,
        rules="tenhou",
    )
    assert (s.discarder, s.winner, s.dealer, s.honba, s.deposits) == (2, 1, 3, 2, 1)
    assert s.rules is TENHOU and s.riichi is Riichi.RIICHI and s.ippatsu
    assert (s.dora_indicators, s.ura_indicators) == ((1,), (30,))
    copy = dataclasses.replace(s, honba=0)
    assert copy.honba == 0 and copy == dataclasses.replace(s, honba=0) and copy != s
    assert score_win(s).total == score_win(copy).total  # honba are paid apart
    with pytest.raises(dataclasses.FrozenInstanceError):
        s.honba = 3  # type: ignore[misc]
    with pytest.raises(ArgumentTypeError):
        dataclasses.replace(s, ippatsu=1)
    with pytest.raises(ImpossibleSituationError):
        dataclasses.replace(s, riichi=Riichi.NONE)  # ippatsu without riichi


# --- the checks of the common case refuse exactly what the plain checks refuse --------

_RED_SETS = ((1, 1, 1), (0, 0, 0), (0, 2, 0), (2, 2, 2), (0, 1, 1))


def _plain_refusal(concealed: list[int], melds: list[Meld], reds: tuple[int, ...]) -> bool:
    """Whether the tiles are no hand under ``reds``: a tile that is none, a kind held
    five times, more red fives of a suit than a set holds, or one the rules do not use."""
    tiles = [*concealed, *(t for m in melds for t in m.tiles)]
    if any(not 0 <= t < 37 for t in tiles):
        return True
    by_kind = [sum(1 for t in tiles if KIND_OF[t] == k) for k in range(34)]
    red = [tiles.count(r) for r in RED_FIVES]
    return (
        max(by_kind) > 4
        or any(n > max(1, r) for n, r in zip(red, reds, strict=True))
        or any(n and not r for n, r in zip(red, reds, strict=True))
    )


@settings(deadline=None, max_examples=300)  # no limit on an example's time: CI is busy
@given(
    st.lists(st.integers(min_value=-2, max_value=39), min_size=14, max_size=14),
    st.sampled_from(_RED_SETS),
    st.sampled_from(("", "[1111z]", "[5555m]", "[0-46p]", "[505=s]", "[0555+m]")),
)
def test_a_hand_is_refused_exactly_when_its_tiles_cannot_be(
    tiles: list[int], reds: tuple[int, int, int], meld_text: str
) -> None:
    """WinSituation's checks of tiles and copies (bytes and sorted kinds in the common
    case) against a plain count of every tile, concealed and melded."""
    melds = list(parse_hand("11m" + meld_text, partial=True).melds) if meld_text else []
    concealed = tiles[: 14 - 3 * len(melds)]
    rules = dataclasses.replace(TENHOU, red_fives=reds)
    refused = _plain_refusal(concealed, melds, reds)
    try:
        WinSituation(
            concealed=tuple(concealed), melds=tuple(melds), win_tile=concealed[0], rules=rules
        )
    except InvalidHandError:
        assert refused
    else:
        assert not refused


@pytest.mark.parametrize(
    ("field", "value"),
    [
        ("ippatsu", 1),
        ("haitei", 0),
        ("first_turn", None),
        ("winner", True),
        ("kita", 1.0),
        ("discarder", "1"),
        ("pao", False),
        ("riichi", True),
        ("round_wind", "1z"),
        ("win_tile", True),
        ("concealed", "123m456p789s11555z"),
        ("dora_indicators", (True,)),
        ("ura_indicators", ("1m",)),
    ],
)
def test_each_field_of_a_wrong_type_is_refused(field: str, value: object) -> None:
    fields: dict[str, object] = {"concealed": parse_tiles("123m456p789s11555z"), "win_tile": 27}
    WinSituation(**fields)  # type: ignore[arg-type]
    fields[field] = value
    with pytest.raises(ArgumentTypeError):
        WinSituation(**fields)  # type: ignore[arg-type]


def test_lists_and_a_preset_name_are_taken_as_before() -> None:
    s = WinSituation(
        concealed=list(parse_tiles("123m406p789s11555z")),  # type: ignore[arg-type]
        win_tile=27,
        dora_indicators=[0],  # type: ignore[arg-type]
        rules="majsoul",  # type: ignore[arg-type]
    )
    assert s.concealed.__class__ is tuple and s.dora_indicators == (0,)
    assert s.rules is Rules.preset("majsoul")
    assert score_win(s).dora == 1 and score_win(s).red == 1  # 1m shows 2m, held once


# --- from_hand sets the fields itself: the same situation, the same refusals ---------


def _by_constructor(hand: str, **kw: object) -> WinSituation:
    """What from_hand gives, made the plain way: parse_hand, then the constructor."""
    h = parse_hand(hand)
    tiles = {
        "win_tile": parse_tiles(str(kw.pop("win")))[0],
        "dora_indicators": parse_tiles(str(kw.pop("dora", ""))),
        "ura_indicators": parse_tiles(str(kw.pop("ura", ""))),
        "round_wind": parse_tiles(str(kw.pop("round_wind", "1z")))[0],
    }
    return WinSituation(concealed=h.concealed, melds=h.melds, **tiles, **kw)  # type: ignore[arg-type]


def _outcome(make: object, *args: object, **kw: object) -> object:
    """The situation made, or the type and message of the error raised (the type alone
    for a TypeError: each function names itself in the message of a wrong keyword)."""
    try:
        return make(*args, **kw)  # type: ignore[operator]
    except TypeError:
        return TypeError
    except Exception as e:
        return type(e), str(e)


def test_from_hand_takes_the_other_fields_with_their_defaults() -> None:
    """from_hand's keywords after the texts are the fields it does not read from text,
    in their order, with their defaults."""
    params = list(inspect.signature(WinSituation.from_hand).parameters.values())
    texts = ("hand", "win", "dora", "ura", "round_wind")
    assert [p.name for p in params[:5]] == list(texts)
    read = {"concealed", "melds", "win_tile", "dora_indicators", "ura_indicators", "round_wind"}
    others = [f for f in dataclasses.fields(WinSituation) if f.name not in read]
    assert [p.name for p in params[5:]] == [f.name for f in others]
    for p, f in zip(params[5:], others, strict=True):
        assert p.kind is inspect.Parameter.KEYWORD_ONLY and p.default == f.default, f.name


def test_from_hand_is_the_constructor_on_the_seeded_hands() -> None:
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).parent))
    from jantaku.meld import Hand, format_hand
    from jantaku.tiles import format_tiles
    from scoring_hands import random_hands

    flags = ("discarder", "riichi", "ippatsu", "haitei", "houtei", "rinshan", "chankan")
    for h in random_hands(7, 400):
        s = h.situation
        kw: dict[str, object] = {name: getattr(s, name) for name in flags}
        kw.update(
            win=format_tiles([s.win_tile]),
            dora=format_tiles(s.dora_indicators),
            ura=format_tiles(s.ura_indicators),
            round_wind=format_tiles([s.round_wind]),
            winner=s.winner,
            dealer=s.dealer,
        )
        text = format_hand(Hand(s.concealed, s.melds))
        made = WinSituation.from_hand(text, **kw)  # type: ignore[arg-type]
        assert made == s == _by_constructor(text, **kw)
        assert [getattr(made, f.name) for f in dataclasses.fields(made)] == [
            getattr(s, f.name) for f in dataclasses.fields(s)
        ]


@pytest.mark.parametrize(
    "kw",
    [
        {"win": "1z", "round_wind": "2z", "dora": "0p", "ura": ""},
        {"win": "E", "round_wind": "S", "dora": "5pr", "ura": "9m"},  # mjai names
        {"win": "🀀", "round_wind": "🀁", "dora": "🀝", "ura": "🀏"},  # glyphs
        {"win": " 1z", "round_wind": "2z ", "dora": "0p 9m", "ura": "9m 1z"},
        {"win": "1z", "dora": "1x"},  # not notation
        {"win": "1z", "ura": "8z"},
        {"win": "1z", "dora": "0p", "ura": "0p"},  # a fifth copy
    ],
)
def test_from_hand_reads_one_tile_texts_as_parse_tiles(kw: dict[str, object]) -> None:
    """The texts of one tile (or none) that from_hand reads from its own table, and the
    other texts, which parse_tiles reads: the situation the constructor makes of
    parse_tiles' tiles, or the same error."""
    hand = "123m456p789s11555z"
    plain = _outcome(_by_constructor, hand, riichi=Riichi.RIICHI, **dict(kw))
    assert _outcome(WinSituation.from_hand, hand, riichi=Riichi.RIICHI, **dict(kw)) == plain


@pytest.mark.parametrize(
    ("win", "round_wind", "message"),
    [
        ("11z", "2z", "one winning tile, not '11z'"),
        ("", "2z", "one winning tile, not ''"),
        ("1z 1z", "2z", "one winning tile, not '1z 1z'"),
        ("1z", "23z", "one round wind, not '23z'"),
        ("1z", "", "one round wind, not ''"),
        ("1z", "S W", "one round wind, not 'S W'"),
    ],
)
def test_from_hand_refuses_other_than_one_winning_tile_or_round_wind(
    win: str, round_wind: str, message: str
) -> None:
    """A winning tile or round wind text of no tile or of several, whether from_hand's
    table or parse_tiles reads it."""
    with pytest.raises(InvalidHandError) as e:
        WinSituation.from_hand("123m456p789s11555z", win=win, round_wind=round_wind)
    assert str(e.value) == message


_NO_RED_PIN = dataclasses.replace(TENHOU, red_fives=(1, 0, 1))
_RED_PIN_ONLY = dataclasses.replace(TENHOU, red_fives=(0, 1, 0))
_TWO_RED_PINS = dataclasses.replace(TENHOU, red_fives=(0, 2, 0))


@pytest.mark.parametrize(
    ("hand", "kw"),
    [
        ("123m456p789s11555z", {"win": "1z"}),
        ("123m456p789s11555z", {"win": "1z", "rules": "majsoul", "kita": 0}),
        (
            "123m406p789s11555z",
            {"win": "1z", "rules": _NO_RED_PIN},
        ),
        (
            "123m406p789s11555z[0-46s]",
            {"win": "1z", "rules": _RED_PIN_ONLY},
        ),
        (
            "123m400p789s11z[555=z]",
            {"win": "1z", "rules": _TWO_RED_PINS},
        ),
        ("123m400p789s11z[555=z]", {"win": "1z"}),
        ("123m456p789s1111z", {"win": "1z"}),
        ("123m456p789s11z[1111z]", {"win": "1z"}),
        ("123m456p789s11555z", {"win": "1z", "discarder": 1, "winner": 1}),
        ("123m456p789s11555z", {"win": "1z", "ippatsu": 1}),
        ("123m456p789s11555z", {"win": "1z", "honba": -1}),
        ("123m456p789s11555z", {"win": "1z", "riichi": True}),
        ("123m456p789s11555z", {"win": "1z", "winner": "0"}),
        ("123m456p789s11555z", {"win": "1z", "rules": "no such rules"}),
        ("123m456p789s11555z", {"win": "1z", "dora": "1m2m3m4m5m6m"}),
        ("123m456p789s11555z", {"win": "1z", "concealed": (1, 2)}),
        ("123m456p789s11555z", {"win": "1z", "win_tile": 27}),
        ("123m456p789s11555z", {"win": "1z", "no_such_field": 1}),
        ("123m456p789s1155z", {"win": "1z"}),
        ("123m456p789s11555z", {"win": "1z", "first_turn": True, "discarder": 2}),
        ("123m456p789s11555z", {"win": "1z", "chankan": True, "discarder": 2}),
    ],
)
def test_from_hand_refuses_as_the_constructor(hand: str, kw: dict[str, object]) -> None:
    """Keywords of every kind (a preset's name, red fives the rules do not use, a wrong
    type, a repeated or unknown field): from_hand makes what the plain way makes, or
    raises the same error with the same message."""
    plain = _outcome(_by_constructor, hand, **dict(kw))
    assert _outcome(WinSituation.from_hand, hand, **dict(kw)) == plain


# --- the quick checks of the common case (_common_tally, _check_common), from notation --
# --- and from tiles -------------------------------------------------------------------


def _full_checks(make: object, *args: object, **kw: object) -> object:
    """:func:`_outcome` with every situation checked in full (_check_values), the quick
    checks of the common case left out."""

    def full(self: WinSituation, ids: bytes, held: bytes, every: bytes) -> None:
        self._check_values(False)

    def never(*fields: object) -> None:
        return None

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(WinSituation, "_check_common", full)
        patch.setattr(situation_module, "_common_tally", never)
        return _outcome(make, *args, **kw)


_COMMON_FIELDS: dict[str, object] = {
    "discarder": None,
    "riichi": Riichi.NONE,
    "ippatsu": False,
    "haitei": False,
    "houtei": False,
    "rinshan": False,
    "chankan": False,
    "robbed_ankan": False,
    "first_turn": False,
    "winner": 0,
    "dealer": 0,
    "pao": None,
    "kita": 0,
    "flowers": 0,
    "honba": 0,
    "deposits": 0,
    "rules": TENHOU,
}
# for each field, values of its common type and of others (an int for a flag, a flag
# for an int, a preset's name for the rules...)
_FIELD_VALUES: dict[str, tuple[object, ...]] = {
    "discarder": (None, 1, True, 1.0),
    "riichi": (Riichi.RIICHI, True, 1),
    **{
        flag: (True, False, 1, 0, None)
        for flag in ("ippatsu", "haitei", "houtei", "rinshan", "chankan")
    },
    "robbed_ankan": (False, 0),
    "first_turn": (False, 0),
    **{count: (0, 1, False, True, 0.0, "0") for count in ("winner", "dealer", "honba")},
    "pao": (None, 2, False, 2.0),
    **{count: (0, False, 0.0) for count in ("kita", "flowers", "deposits")},
    "rules": (TENHOU, "tenhou", "majsoul"),
}


@pytest.mark.parametrize(
    ("name", "value"), [(n, v) for n, values in _FIELD_VALUES.items() for v in values]
)
def test_the_quick_check_is_taken_for_the_common_types_alone(name: str, value: object) -> None:
    """from_hand and the constructor take the quick check of the common case
    (_common_tally, a tally) for the same fields, only when _common_types says the fields
    have their common types and the situation is accepted, and each makes what the full
    checks make."""
    from jantaku.scoring.situation import _common_types

    fields = {**_COMMON_FIELDS, name: value}
    common_tally = situation_module._common_tally

    def made_by(make: object) -> tuple[object, bool]:
        quick: list[bool] = []

        def recorded(*fields: Any) -> tuple[bytes, bytes, int] | None:
            tally = common_tally(*fields)
            quick.append(tally is not None)
            return tally

        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(situation_module, "_common_tally", recorded)
            made = _outcome(make, "123m456p789s11555z", win="1z", **fields)
        return made, any(quick)

    by_notation, quick_notation = made_by(WinSituation.from_hand)
    by_tiles, quick_tiles = made_by(_by_constructor)
    full = _full_checks(_by_constructor, "123m456p789s11555z", win="1z", **fields)
    assert by_notation == by_tiles == full
    # quick for an accepted situation of the common types, but for a pao seat (of the
    # fields changed here, the only one accepted that the quick check leaves out)
    common = _common_types(SimpleNamespace(**fields)) and fields["pao"] is None
    assert quick_notation is quick_tiles is (common and isinstance(full, WinSituation))


def _agree(hand: str, kw: dict[str, object]) -> object:
    """The outcome of from_hand and of the constructor, the same as the full checks'."""
    plain = _full_checks(_by_constructor, hand, **dict(kw))
    assert _outcome(WinSituation.from_hand, hand, **dict(kw)) == plain
    assert _outcome(_by_constructor, hand, **dict(kw)) == plain
    return plain


_READ_HANDS = (
    "123m456p789s11555z",
    "123m406p789s11555z",
    "123m400p789s11z[555=z]",
    "123m406p789s11z[0-46s]",
    "234m567p11s[345-s][6-78m]",
    "22m[1111z][2222z][3333z][5555=z]",
    "11z[0-46m][0-46p][0-46s][555=z]",
    "1112345678999m9p",
    "19m19p19s1234567z1m",
    "112233m445566p77z",
)
_READ_RULES = (
    TENHOU,
    _NO_RED_PIN,
    _RED_PIN_ONLY,
    _TWO_RED_PINS,
    dataclasses.replace(TENHOU, kan_dora=False, ura_dora=False, ippatsu=False),
    Rules.preset("majsoul"),
    Rules.preset("tenhou-sanma"),
)
_INDICATORS = st.lists(st.sampled_from(("1m", "9p", "4z", "0s", "5s", "7z", "1f")), max_size=6)


# a field's values around its limits, for from_hand's keywords (one or two of them
# changed on a situation that would be accepted)
_EDGES: dict[str, tuple[object, ...]] = {
    "winner": (-1, 0, 3, 4),
    "dealer": (-1, 0, 2, 3, 4),
    "discarder": (None, -1, 0, 1, 3, 4),
    "pao": (None, -1, 0, 1, 2, 4),
    "riichi": tuple(Riichi),
    "ippatsu": (True,),
    "haitei": (True,),
    "houtei": (True,),
    "rinshan": (True,),
    "chankan": (True,),
    "robbed_ankan": (True,),
    "first_turn": (True,),
    "kita": (1, -1),
    "flowers": (1, 4, -1),
    "honba": (-1, 3),
    "deposits": (-1, 2),
    "dora": ("", "1m", "1m9p", "1m9p4z0s5s", "1m9p4z0s5s7z", "1f", "0s"),
    "ura": ("", "4z", "4z1m", "1f"),
    "round_wind": ("2z", "4z", "5z", "1m"),
    "win": ("5z", "2m", "1m", "0p", "4p", "6m"),
}


# fields that only count together (ippatsu and ura dora after riichi, haitei on a
# tsumo, houtei on a ron, a pao seat and a discarder)
_PAIRS: list[dict[str, object]] = [
    {"riichi": Riichi.RIICHI, "ippatsu": True},
    {"riichi": Riichi.DOUBLE, "ippatsu": True},
    {"riichi": Riichi.RIICHI, "ura": "4z"},
    {"riichi": Riichi.RIICHI, "ura": "4z1m", "dora": "1m9p"},
    {"discarder": None, "haitei": True},
    {"discarder": 1, "houtei": True},
    {"discarder": 1, "pao": 3},
    {"rinshan": True, "discarder": None},
    {"chankan": True, "discarder": 1, "win": "5z"},
]


def _read_keywords(
    hand: str, rules: Rules, winner: int, discarder: int | None, changes: object
) -> dict[str, object]:
    """from_hand's keywords of an accepted situation, then ``changes``."""
    kw: dict[str, object] = {
        "win": "1z" if "1z" in hand else hand[0] + hand[hand.index("m")],
        "winner": winner,
        "dealer": 0,
        "discarder": discarder,
        "rules": rules,
        "riichi": Riichi.NONE,
        "dora": "1m",
    }
    kw.update(changes)  # type: ignore[call-overload]
    return kw


def test_the_quick_check_agrees_with_the_full_checks_field_by_field() -> None:
    """Every value of _EDGES in turn, on every hand under every rules: the quick check of
    from_hand and of the constructor accepts what the full checks accept, else raises
    their error."""
    accepted = 0
    for hand in _READ_HANDS:
        for rules in _READ_RULES:
            singles = [{name: value} for name, values in _EDGES.items() for value in values]
            for changes in singles + _PAIRS:
                for winner, discarder in ((0, None), (2, 3)):
                    kw = _read_keywords(hand, rules, winner, discarder, changes)
                    accepted += isinstance(_agree(hand, kw), WinSituation)
    assert accepted > 1000  # most changes leave a situation the checks accept


@settings(deadline=None, max_examples=600)  # no limit on an example's time: CI is busy
@given(
    hand=st.sampled_from(_READ_HANDS),
    rules=st.sampled_from(_READ_RULES),
    winner=st.integers(0, 2),
    discarder=st.one_of(st.none(), st.just(3)),
    changes=st.lists(
        st.sampled_from(list(_EDGES)).flatmap(
            lambda name: st.tuples(st.just(name), st.sampled_from(_EDGES[name]))
        ),
        max_size=2,
    ),
)
def test_the_quick_check_agrees_with_the_full_checks_in_pairs(
    hand: str,
    rules: Rules,
    winner: int,
    discarder: int | None,
    changes: list[tuple[str, object]],
) -> None:
    """The quick check of the common case (from_hand's, the constructor's) accepts exactly
    what the full checks accept, and hands anything else to them (the same error, the
    same message): one or
    two fields of an accepted situation set around their limits, under rules with and
    without red fives, kan dora, ura dora, ippatsu, and for three players."""
    _agree(hand, _read_keywords(hand, rules, winner, discarder, changes))


@pytest.mark.parametrize(
    "dora", [(-1,), (37,), (38,), (200,), (True,), (5.0,), (0,), (36,), (-1, 0)]
)
def test_one_dora_indicator_is_checked_as_the_full_checks_do(
    dora: tuple[object, ...], monkeypatch: pytest.MonkeyPatch
) -> None:
    """A lone indicator, tested alone by the quick check, is taken or refused as the full
    checks (the quick check left out) take or refuse it, to the same error."""

    def outcome() -> object:
        try:
            s = WinSituation(
                concealed=parse_tiles("123m456p789s11555z"),
                win_tile=parse_tiles("1z")[0],
                dora_indicators=dora,  # type: ignore[arg-type]
            )
        except JantakuError as e:
            return type(e), str(e)
        return s.dora_indicators, hasattr(s, "_tally")

    quick = outcome()
    monkeypatch.setattr(situation_module, "_common_tally", lambda *args: None)
    full = outcome()
    assert quick == full


@pytest.mark.parametrize("value", [-1, -38, -74, 37, 300])
def test_a_concealed_value_that_is_no_tile_is_refused(value: int) -> None:
    """A value that is no tile among the concealed ones (a negative one too) is refused,
    never counted as another tile."""
    tiles = (*parse_tiles("123m456p789s1555z"), value)
    with pytest.raises(InvalidHandError, match=f"not a tile: {value}"):
        WinSituation(concealed=tiles, win_tile=parse_tiles("1z")[0])
