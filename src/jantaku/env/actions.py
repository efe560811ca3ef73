"""The action ids of the RL environments: one fixed table for 3 and 4 players, any rules.

======  ==============================================================================
ids     action
======  ==============================================================================
0–36    discard tile ``t`` from the hand (tile ints: 0–33 by kind, 34–36 red fives);
        the drawn tile itself is ``TSUMOGIRI``
37      ``TSUMOGIRI``: discard the tile just drawn
38–74   riichi, discarding tile ``t`` from the hand (``RIICHI + t``)
75      ``RIICHI_TSUMOGIRI``: riichi, discarding the tile just drawn
76–81   chii: the called tile lowest / middle / highest of the run (76, 77, 78), and
        the same shapes made with a red five from the hand (79, 80, 81)
82–84   pon with 0, 1 or 2 red fives from the hand
85      daiminkan (open kan on the discard)
86–119  kan of kind ``k`` from the hand or onto a pon: ankan or kakan (``KAN + k``)
120     tsumo (win on one's own draw)
121     ron (win on the discard or on a kan being robbed)
122     kyuushu kyuuhai (abortive draw, nine terminals and honors)
123     kita (three players: set a north aside)
124     pass
======  ==============================================================================

:func:`action_table` maps a seat's legal actions to their ids (each legal action has
exactly one id; :func:`legal_mask` is the mask over :data:`NUM_ACTIONS`); a riichi id
stands for the ``Reach`` and the discard the engine asks for next.

>>> from jantaku.events import Dahai, Pass
>>> action_id(Dahai(0, 33, tsumogiri=False)), action_id(Dahai(0, 5, tsumogiri=True))
(33, 37)
>>> action_id(Pass(0)) == PASS
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final, cast

from jantaku.engine import State, legal_actions
from jantaku.engine.checks import riichi_discard_refusal
from jantaku.errors import IllegalActionError
from jantaku.events import (
    Action,
    Ankan,
    Chi,
    Dahai,
    Hora,
    Kakan,
    Pon,
    Reach,
)
from jantaku.tiles import KIND_OF

__all__ = [
    "ACTION_NAMES",
    "CHII",
    "DAIMINKAN",
    "DISCARD",
    "KAN",
    "KITA",
    "KYUUSHU",
    "NUM_ACTIONS",
    "PASS",
    "PON",
    "RIICHI",
    "RIICHI_TSUMOGIRI",
    "RON",
    "TSUMO",
    "TSUMOGIRI",
    "action_id",
    "action_table",
    "check_id",
    "legal_mask",
]

DISCARD: Final = 0
TSUMOGIRI: Final = 37
RIICHI: Final = 38
RIICHI_TSUMOGIRI: Final = 75
CHII: Final = 76
PON: Final = 82
DAIMINKAN: Final = 85
KAN: Final = 86
TSUMO: Final = 120
RON: Final = 121
KYUUSHU: Final = 122
KITA: Final = 123
PASS: Final = 124
NUM_ACTIONS: Final = 125
"""The size of the action space."""

_RED: Final = frozenset((34, 35, 36))


def _names() -> tuple[str, ...]:
    from jantaku.tiles import tile_to_mjai

    names = [f"discard {tile_to_mjai(t)}" for t in range(37)]
    names.append("tsumogiri")
    names += [f"riichi {tile_to_mjai(t)}" for t in range(37)]
    names.append("riichi tsumogiri")
    names += [f"chii {shape}" for shape in ("low", "middle", "high")]
    names += [f"chii {shape} red" for shape in ("low", "middle", "high")]
    names += [f"pon {reds} red" for reds in range(3)]
    names.append("daiminkan")
    names += [f"kan {tile_to_mjai(k)}" for k in range(34)]
    names += ["tsumo", "ron", "kyuushu kyuuhai", "kita", "pass"]
    return tuple(names)


ACTION_NAMES: Final = _names()
"""A short name of each action id (``ACTION_NAMES[37] == "tsumogiri"``)."""


def action_id(action: Action) -> int:
    """The id of one action (a riichi's id depends on its discard: see :func:`action_table`).

    Raises ``TypeError`` for an object that is not an action.

    >>> from jantaku.events import Chi, Pon
    >>> action_id(Chi(1, 0, 11, (12, 35)))  # 3p called with 4p and the red 5p: low, red
    79
    >>> action_id(Pon(1, 0, 31, (31, 31)))
    82
    """
    try:
        kind = action.kind
    except AttributeError:
        raise TypeError(f"not an action: {action!r}") from None
    # each kind is one class (see Action.kind), so the casts below are exact
    match kind:
        case "dahai":
            d = cast(Dahai, action)
            return TSUMOGIRI if d.tsumogiri else DISCARD + d.pai
        case "none":
            return PASS
        case "chi":
            chi = cast(Chi, action)
            low = min(KIND_OF[t] for t in chi.consumed)
            shape = KIND_OF[chi.pai] - low  # -1 (called lowest), 1 (middle) or 2 (highest)
            red = any(t in _RED for t in chi.consumed)
            return CHII + max(shape, 0) + (3 if red else 0)
        case "pon":
            return PON + sum(t in _RED for t in cast(Pon, action).consumed)
        case "daiminkan":
            return DAIMINKAN
        case "ankan" | "kakan":
            return KAN + KIND_OF[cast("Ankan | Kakan", action).consumed[0]]
        case "hora":
            win = cast(Hora, action)
            return TSUMO if win.actor == win.target else RON
        case "ryukyoku":
            return KYUUSHU
        case "kita":
            return KITA
        case "reach":
            return RIICHI
    raise TypeError(f"not an action: {action!r}")


def action_table(
    state: State, seat: int, legal: Sequence[Action] | None = None
) -> dict[int, tuple[Action, ...]]:
    """Each legal action id of ``seat`` now and what it plays: one action, or for a
    riichi id the ``Reach`` and then its discard.

    ``legal`` defaults to :func:`~jantaku.engine.legal_actions`. A riichi's discards
    are the ones the engine would allow once the riichi is declared.

    >>> from jantaku.engine import Referee
    >>> ref = Referee(seed=1)
    >>> table = action_table(ref.state, 0)
    >>> all(len(plays) == 1 for i, plays in table.items() if i < RIICHI)
    True
    """
    if legal is None:
        legal = legal_actions(state, seat)
    # the usual own turn, discards only: one comprehension (each discard has its own id;
    # a table shorter than the list means ids repeated, and the loop below keeps the first)
    out: dict[int, tuple[Action, ...]] = {
        (TSUMOGIRI if a.tsumogiri else a.pai): (a,) for a in legal if type(a) is Dahai
    }
    if len(out) == len(legal):
        return out
    out = {}
    for action in legal:
        if isinstance(action, Dahai):  # the bulk of the table: its id read here
            i = TSUMOGIRI if action.tsumogiri else DISCARD + action.pai
            if i not in out:
                out[i] = (action,)
            continue
        if type(action) is Reach:
            # the discards the engine allows once the riichi is declared (what
            # legal_actions lists after applying the Reach to a copy of the state, the
            # reference that tests/test_env_records.py compares this with)
            for discard in legal:
                if type(discard) is Dahai and not riichi_discard_refusal(
                    state, seat, KIND_OF[discard.pai]
                ):
                    i = RIICHI_TSUMOGIRI if discard.tsumogiri else RIICHI + discard.pai
                    out.setdefault(i, (action, discard))
            continue
        out.setdefault(action_id(action), (action,))
    return out


def legal_mask(table: dict[int, tuple[Action, ...]]) -> list[int]:
    """The 0/1 mask over :data:`NUM_ACTIONS` of an action table.

    >>> from jantaku.events import Pass
    >>> legal_mask({PASS: (Pass(0),)})[PASS], sum(legal_mask({PASS: (Pass(0),)}))
    (1, 1)
    """
    mask = [0] * NUM_ACTIONS
    for i in table:
        mask[i] = 1
    return mask


def check_id(table: dict[int, tuple[Action, ...]], i: int, seat: int) -> tuple[Action, ...]:
    """What id ``i`` plays, or :class:`~jantaku.errors.IllegalActionError` if it is masked."""
    plays = table.get(i)
    if plays is None:
        name = ACTION_NAMES[i] if 0 <= i < NUM_ACTIONS else repr(i)
        raise IllegalActionError(f"action id {i} ({name}) is not legal now", seat=seat)
    return plays
