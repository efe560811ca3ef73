"""Each discard's acceptance (受け入れ) at the lowest shanten, worked out by suit and
context: the fast path behind :func:`jantaku.hand.discards.best_discards` (H5).

It mirrors :func:`jantaku.hand.tables.best_discards_of_numbers` and through it the discard
advisor :func:`jantaku.hand.waits.advise`: :func:`discard_totals` gives the same lowest
shanten and, for each discard that leaves it, the unseen copies of the kinds it accepts
(``tests/test_hand_discards.py`` pins the three together on random, dense and played
hands). It is faster because what decides a suit's accepting kinds is shared by many
hands:

- a tile added to one suit lowers the regular shanten when the suit's class after it
  scores lower against the rest of the hand than the class before it. The rest of the
  hand (the other suits and the hand's size) is a *context*: the regular shanten as a
  function of this suit's class. Contexts that are the same function up to a constant
  accept the same tiles, so each gets a small id (a few hundred are ever met), and a
  suit's accepting places are remembered by the suit's counts and that id (for the three
  number suits alike);
- a discard changes only its own suit: the other suits' accepting kinds follow from the
  class it leaves there, so discards leaving the same class share them;
- seven pairs and thirteen orphans, near only in a closed hand, accept whole groups of
  kinds (every kind not held, every kind held once, the terminals and honors) that the
  hand's statistics name (which also tell, for each kind of discard, how near each form
  stays): their copies are summed from the hand's counts once a decision, and a suit's
  remembered places leave out the kinds those forms take (the memo's key says which), so
  that no kind is counted twice.

The memos are bounded (each cleared when full) and keyed by value.

>>> from jantaku.tiles import counts34, format_tiles, parse_tiles
>>> c = counts34(parse_tiles("23m456p789s111225z"))
>>> best, totals = discard_totals(suit_numbers(c), c, [4 - x for x in c], 14)
>>> best, [(format_tiles([k]), total) for k, total in totals]
(0, [('5z', 8)])
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from itertools import compress
from operator import itemgetter
from typing import Final

from jantaku.hand.tables import (
    HONOR_CLASS_COUNT,
    HONOR_CLASSES,
    NUMBER_CLASS_COUNT,
    NUMBER_CLASSES,
    PAIR_CLASSES,
    PLACE_VALUE,
    REGULAR_SHANTEN,
    TRIPLE_CLASSES,
    suit_numbers,
)
from jantaku.tiles import YAOCHUU

__all__ = ["clear_memos", "discard_totals", "suit_numbers"]

_NN: Final = NUMBER_CLASS_COUNT


def _as_list(values: Sequence[int]) -> list[int]:
    """``values`` as a list (read faster than an array), one int object a value."""
    shared: dict[int, int] = {}
    return [shared.setdefault(v, v) for v in values]


# the class tables of jantaku.hand.tables as lists, for the many reads a decision makes
_PAIR_CLASSES: Final = _as_list(PAIR_CLASSES)
_TRIPLE_CLASSES: Final = _as_list(TRIPLE_CLASSES)
_YAO: Final = frozenset(YAOCHUU)
_IS_YAO: Final = tuple(k in _YAO for k in range(34))
_YAO_COUNTS: Final = itemgetter(*YAOCHUU)
_MEMO_SIZE: Final = 1 << 18
# a byte translation: 1 for a kind held once, else 0
_ONCE: Final = bytes([0, 1]) + bytes(254)
# the place values of a number suit's and of the honors' base-5 digits, first kind first
_NUMBER_PLACES: Final = tuple(enumerate(5 ** (8 - i) for i in range(9)))
_HONOR_PLACES: Final = tuple(enumerate(5 ** (6 - i) for i in range(7)))

# a context's id by what it is made of: for a number suit, the other two number suits'
# PAIR_CLASSES value << 10 | (16 * honor class + tiles); for the honors, the three number
# suits' TRIPLE_CLASSES value + tiles
_NUMBER_CONTEXT: Final[dict[int, int]] = {}
_HONOR_CONTEXT: Final[dict[int, int]] = {}
# the contexts themselves, numbered (never renumbered: a few hundred shapes exist): the
# regular shanten by the suit's class, less its least
_CONTEXT_IDS: Final[dict[tuple[int, ...], int]] = {}
_CONTEXTS: Final[list[tuple[int, ...]]] = []
_NEW_CONTEXT: Final = threading.Lock()
# a suit's accepting places by (its base-5 counts << 16 | its context's id)
_NUMBER_ACCEPTS: Final[dict[int, tuple[int, ...]]] = {}
_HONOR_ACCEPTS: Final[dict[int, tuple[int, ...]]] = {}
# a suit's held places by its base-5 counts (see _removals)
_NUMBER_REMOVALS: Final[dict[int, tuple[tuple[int, int, int, int], ...]]] = {}
_HONOR_REMOVALS: Final[dict[int, tuple[tuple[int, int, int, int], ...]]] = {}


def clear_memos() -> None:
    """Forget every remembered context and accepting set (they are rebuilt as met). The
    contexts' numbering is kept: an id handed out stays good in every thread.

    >>> clear_memos()
    """
    for memo in (
        _NUMBER_CONTEXT,
        _HONOR_CONTEXT,
        _NUMBER_ACCEPTS,
        _HONOR_ACCEPTS,
        _NUMBER_REMOVALS,
        _HONOR_REMOVALS,
        _FORM_PLANS,
    ):
        memo.clear()


def _context_id(values: list[int]) -> int:
    """The id of a context given as the regular shanten for each class of the suit (a new
    one numbered under a lock: two threads never give one id to two contexts)."""
    least = min(values)
    shape = tuple([v - least for v in values])
    found = _CONTEXT_IDS.get(shape)
    if found is None:
        with _NEW_CONTEXT:
            found = _CONTEXT_IDS.get(shape)
            if found is None:
                _CONTEXTS.append(shape)
                found = _CONTEXT_IDS[shape] = len(_CONTEXTS) - 1
    return found


def _number_context(pair: int, rest: int) -> int:
    """A number suit's context id: ``pair`` the other two number suits' PAIR_CLASSES
    value, ``rest`` 16 times the honors' class plus the tiles (a hand of 3k+2)."""
    if len(_NUMBER_CONTEXT) >= _MEMO_SIZE:  # pragma: no cover - at most 164 * 880 keys
        _NUMBER_CONTEXT.clear()
    f = REGULAR_SHANTEN
    t3 = _TRIPLE_CLASSES
    found = _NUMBER_CONTEXT[pair << 10 | rest] = _context_id(
        [f[t3[pair + c] + rest] for c in range(_NN)]
    )
    return found


def _honor_context(triple: int, tiles: int) -> int:
    """The honors' context id: ``triple`` the number suits' TRIPLE_CLASSES value."""
    f = REGULAR_SHANTEN
    found = _HONOR_CONTEXT[triple + tiles] = _context_id(
        [f[triple + 16 * h + tiles] for h in range(HONOR_CLASS_COUNT)]
    )
    return found


def _removals(number: int, honors: bool) -> tuple[tuple[int, int, int, int], ...]:
    """``(place, copies held, the suit's class with one fewer there, the discard's kind
    for seven pairs and thirteen orphans)`` for each place a suit's counts hold (the kind
    ``2 * min(copies, 3) + is_yaochuu``, see :func:`_form_plan`)."""
    table = HONOR_CLASSES if honors else NUMBER_CLASSES
    found = []
    for pos, value in _HONOR_PLACES if honors else _NUMBER_PLACES:
        held = number // value % 5
        if held:
            yao = honors or pos == 0 or pos == 8
            found.append((pos, held, table[number - value], 2 * min(held, 3) + yao))
    memo = _HONOR_REMOVALS if honors else _NUMBER_REMOVALS
    if len(memo) >= _MEMO_SIZE:
        memo.clear()
    result = memo[number] = tuple(found)
    return result


def _accepts(number: int, context: int, forms: int, honors: bool) -> tuple[int, ...]:
    """The places where one more tile lowers a suit's regular shanten in ``context``,
    less those that seven pairs or thirteen orphans already take (``forms``, see
    :func:`_forms_flags`), remembered."""
    shape = _CONTEXTS[context]
    table = HONOR_CLASSES if honors else NUMBER_CLASSES
    base = shape[table[number]]
    found: list[int] = []
    for pos, value in _HONOR_PLACES if honors else _NUMBER_PLACES:
        held = number // value % 5
        if held == 4 or shape[table[number + value]] >= base:
            continue
        if forms:
            yao = honors or pos == 0 or pos == 8
            if held == 0 and (forms & 1 or (forms & 2 and yao)):
                continue
            if held == 1 and (forms & 4 or (forms & 8 and yao)):
                continue
        found.append(pos)
    memo = _HONOR_ACCEPTS if honors else _NUMBER_ACCEPTS
    if len(memo) >= _MEMO_SIZE:
        memo.clear()
    result = memo[number << 20 | context << 4 | forms] = tuple(found)
    return result


def discard_totals(
    numbers: Sequence[int], counts: Sequence[int], left: Sequence[int], tiles: int
) -> tuple[int, list[tuple[int, int]]]:
    """The lowest shanten a discard leaves a hand of ``tiles`` concealed tiles (3k+2,
    k ≤ 4), and ``(kind, acceptance total)`` for each discard that leaves it, by kind.

    ``numbers`` are the hand's :func:`suit_numbers`, ``counts`` its counts, ``left`` the
    copies of each kind neither in the hand nor seen (a kind held four times is never
    accepted). Unchecked, like :func:`~jantaku.hand.tables.shanten_of_numbers`; the
    arguments are left as they were.

    The lowest shanten is read first, as the hand's own regular shanten (tenpai for a
    complete hand): when seven pairs and thirteen orphans stay farther than that after
    any discard, only the discards that leave it are weighed, each by its own suit and
    the other suits against the class it leaves there; a hand near either form takes the
    path that weighs them too (:func:`_discard_totals_with_forms`), which reads the lowest
    shanten the same way, the forms' from the hand's statistics.

    >>> from jantaku.tiles import counts34, format_tiles, parse_tiles
    >>> c = counts34(parse_tiles("1111m345p678p999s5z"))
    >>> best, totals = discard_totals(suit_numbers(c), c, [4 - x for x in c], 14)
    >>> best, [(format_tiles([k]), total) for k, total in totals]
    (0, [('1m', 3), ('5z', 0)])
    """
    m, p, s, z = numbers
    nn = _NN
    t2 = _PAIR_CLASSES
    t3 = _TRIPLE_CLASSES
    f = REGULAR_SHANTEN
    man = NUMBER_CLASSES[m]
    pin = NUMBER_CLASSES[p]
    sou = NUMBER_CLASSES[s]
    honor = HONOR_CLASSES[z]
    cm = man * nn
    man_pin = t2[cm + pin]
    man_pin_sou = t3[man_pin + sou]
    rest = honor * 16 + tiles
    # a discard leaves the hand's own regular shanten at best (tenpai if complete)
    best = f[man_pin_sou + rest]
    if best < 0:
        best = 0
    if tiles == 14:
        # seven pairs or thirteen orphans no farther than that after some discard
        kinds = 34 - counts.count(0)
        pairs = kinds - counts.count(1)
        if 6 - pairs + (7 - kinds if kinds < 7 else 0) <= best:
            return _discard_totals_with_forms(numbers, counts, left, tiles)
        yao = _YAO_COUNTS(counts)
        missing = yao.count(0)  # thirteen orphans: a kind missing each, less one for a pair
        if missing <= best + 1 and missing - (max(yao) > 1) <= best:
            return _discard_totals_with_forms(numbers, counts, left, tiles)
    ch = rest - 1  # the 3k+1 tiles a discard leaves
    pin_sou = t2[pin * nn + sou]
    man_sou = t2[cm + sou]
    lm = left[0:9]
    lp = left[9:18]
    ls = left[18:27]
    lz = left[27:34]
    out: list[tuple[int, int]] = []
    ctx: int | None
    # each suit written out, the bot's hottest loop: the suits differ in which classes
    # make the others' key and total, which a loop over them would look up per discard
    if m:
        ctx = None
        shared: dict[int, int] = {}  # the other suits' total by the class a discard leaves
        for pos, _, cl, _ in _NUMBER_REMOVALS.get(m) or _removals(m, False):
            if f[t3[pin_sou + cl] + ch] != best:
                continue
            if ctx is None:
                ctx = _NUMBER_CONTEXT.get(pin_sou << 10 | rest)
                if ctx is None:
                    ctx = _number_context(pin_sou, rest)
            after = m - _NUMBER_PLACES[pos][1]  # the suit's own acceptance
            places = _NUMBER_ACCEPTS.get(after << 20 | ctx << 4)
            if places is None:
                places = _accepts(after, ctx, 0, False)
            total = 0
            for q in places:
                total += lm[q]
            got = shared.get(cl)
            if got is None:
                a = cl * nn
                pair = t2[a + pin]
                got = shared[cl] = (
                    _number_total_in(p, t2[a + sou] << 10 | rest, lp)
                    + _number_total_in(s, pair << 10 | rest, ls)
                    + _honor_total_in(z, t3[pair + sou] + tiles, lz)
                )
            out.append((pos, total + got))
    if p:
        ctx = None
        shared = {}
        for pos, _, cl, _ in _NUMBER_REMOVALS.get(p) or _removals(p, False):
            if f[t3[man_sou + cl] + ch] != best:
                continue
            if ctx is None:
                ctx = _NUMBER_CONTEXT.get(man_sou << 10 | rest)
                if ctx is None:
                    ctx = _number_context(man_sou, rest)
            after = p - _NUMBER_PLACES[pos][1]  # the suit's own acceptance
            places = _NUMBER_ACCEPTS.get(after << 20 | ctx << 4)
            if places is None:
                places = _accepts(after, ctx, 0, False)
            total = 0
            for q in places:
                total += lp[q]
            got = shared.get(cl)
            if got is None:
                pair = t2[cm + cl]
                got = shared[cl] = (
                    _number_total_in(m, t2[cl * nn + sou] << 10 | rest, lm)
                    + _number_total_in(s, pair << 10 | rest, ls)
                    + _honor_total_in(z, t3[pair + sou] + tiles, lz)
                )
            out.append((9 + pos, total + got))
    if s:
        ctx = None
        shared = {}
        for pos, _, cl, _ in _NUMBER_REMOVALS.get(s) or _removals(s, False):
            if f[t3[man_pin + cl] + ch] != best:
                continue
            if ctx is None:
                ctx = _NUMBER_CONTEXT.get(man_pin << 10 | rest)
                if ctx is None:
                    ctx = _number_context(man_pin, rest)
            after = s - _NUMBER_PLACES[pos][1]  # the suit's own acceptance
            places = _NUMBER_ACCEPTS.get(after << 20 | ctx << 4)
            if places is None:
                places = _accepts(after, ctx, 0, False)
            total = 0
            for q in places:
                total += ls[q]
            got = shared.get(cl)
            if got is None:
                got = shared[cl] = (
                    _number_total_in(m, t2[pin * nn + cl] << 10 | rest, lm)
                    + _number_total_in(p, t2[cm + cl] << 10 | rest, lp)
                    + _honor_total_in(z, t3[man_pin + cl] + tiles, lz)
                )
            out.append((18 + pos, total + got))
    if z:
        ctx = None
        shared = {}
        for pos, _, cl, _ in _HONOR_REMOVALS.get(z) or _removals(z, True):
            if f[man_pin_sou + cl * 16 + tiles - 1] != best:
                continue
            if ctx is None:
                ctx = _HONOR_CONTEXT.get(man_pin_sou + tiles)
                if ctx is None:
                    ctx = _honor_context(man_pin_sou, tiles)
            after = z - _HONOR_PLACES[pos][1]  # the suit's own acceptance
            places = _HONOR_ACCEPTS.get(after << 20 | ctx << 4)
            if places is None:
                places = _accepts(after, ctx, 0, True)
            total = 0
            for q in places:
                total += lz[q]
            got = shared.get(cl)
            if got is None:
                changed = cl * 16 + tiles
                got = shared[cl] = (
                    _number_total_in(m, pin_sou << 10 | changed, lm)
                    + _number_total_in(p, man_sou << 10 | changed, lp)
                    + _number_total_in(s, man_pin << 10 | changed, ls)
                )
            out.append((27 + pos, total + got))
    return best, out


def _number_total_in(number: int, key: int, left: Sequence[int]) -> int:
    """The unseen copies of the kinds a number suit accepts (``left`` its nine counts) in
    the context keyed ``pair << 10 | rest`` (see :func:`_number_context`), the closed-hand
    forms far; nothing for an empty suit."""
    if not number:
        return 0
    try:
        ctx = _NUMBER_CONTEXT[key]
    except KeyError:  # a new context: rare once a few matches are played
        ctx = _number_context(key >> 10, key & 1023)
    places = _NUMBER_ACCEPTS.get(number << 20 | ctx << 4)
    if places is None:
        places = _accepts(number, ctx, 0, False)
    total = 0
    for q in places:
        total += left[q]
    return total


def _honor_total_in(number: int, key: int, left: Sequence[int]) -> int:
    """:func:`_number_total_in` for the honors, in the context keyed ``triple + tiles``
    (see :func:`_honor_context`); nothing without honors."""
    if not number:
        return 0
    try:
        ctx = _HONOR_CONTEXT[key]
    except KeyError:
        ctx = _honor_context(key - key % 16, key % 16)
    places = _HONOR_ACCEPTS.get(number << 20 | ctx << 4)
    if places is None:
        places = _accepts(number, ctx, 0, True)
    total = 0
    for q in places:
        total += left[q]
    return total


def _form_plan(
    singles: int, twos: int, more: int, yao_singles: int, yao_twos: int, yao_more: int, best: int
) -> tuple[int, tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    """What seven pairs and thirteen orphans make of each discard of a 14-tile hand that
    holds ``singles``, ``twos`` and ``more`` kinds once, twice and three or four times
    (``yao_…`` the terminals and honors among them), whose regular form leaves ``best``
    shanten at best: the lowest shanten a discard leaves, and by the kind of discard
    (``2 * min(copies, 3) + is_yaochuu``) the shanten the two forms leave, the forms'
    flags (see :func:`_accepts`) and how the discarded kind's own unseen copies move the
    forms' total (+1 a kind it leaves not held and a form takes, -1 a kind it no longer
    holds once that a form took, 0 none), remembered."""
    kinds = singles + twos + more
    pairs = twos + more
    yao_kinds = yao_singles + yao_twos + yao_more
    yao_pairs = yao_twos + yao_more
    held = (
        (1, singles - yao_singles, yao_singles),
        (2, twos - yao_twos, yao_twos),
        (3, more - yao_more, yao_more),
    )
    shanten = [99] * 8
    for c, plain, yao in held:
        left_kinds = kinds - (c == 1)
        seven = 6 - pairs + (c == 2) + (7 - left_kinds if left_kinds < 7 else 0)
        if plain:
            shanten[2 * c] = min(seven, 13 - yao_kinds - (yao_pairs > 0))
        if yao:
            orphans = 13 - yao_kinds + (c == 1) - (yao_pairs - (c == 2) > 0)
            shanten[2 * c + 1] = min(seven, orphans)
    regular = best
    best = min(best, *shanten)
    flags = [0] * 8
    signs = [0] * 8
    for c, plain, yao in held:
        for is_yao, present in ((0, plain), (1, yao)):
            if not present:
                continue
            # the statistics of the 13 tiles the discard leaves
            left_kinds = kinds - (c == 1)
            left_pairs = pairs - (c == 2)
            yk = yao_kinds - (c == 1 and is_yao)
            yp = (yao_pairs - (c == 2 and is_yao)) > 0
            seven_pair = 5 - left_pairs + (7 - left_kinds if left_kinds < 7 else 0)
            orphan_new = 12 - yk - yp
            if seven_pair >= best and orphan_new >= best:
                continue
            seven_new = 6 - left_pairs + (6 - left_kinds if left_kinds < 6 else 0)
            got = (
                (seven_new < best)
                | (orphan_new < best) << 1
                | (seven_pair < best) << 2
                | (12 - yk < best) << 3
            )
            flags[2 * c + is_yao] = got
            takes_none = bool(got & 1 or (got & 2 and is_yao))
            takes_once = bool(got & 4 or (got & 8 and is_yao))
            if c == 1:
                signs[2 * c + is_yao] = takes_none - takes_once
            elif c == 2:
                signs[2 * c + is_yao] = int(takes_once)
    found = _FORM_PLANS[
        _plan_key(singles, twos, more, yao_singles, yao_twos, yao_more, regular)
    ] = (best, tuple(shanten), tuple(flags), tuple(signs))
    return found


def _plan_key(
    singles: int, twos: int, more: int, yao_singles: int, yao_twos: int, yao_more: int, best: int
) -> int:
    """:func:`_form_plan`'s memo key (each count below 16, ``best`` the regular one)."""
    return (
        ((((singles << 4 | twos) << 4 | more) << 4 | yao_singles) << 4 | yao_twos) << 4 | yao_more
    ) << 4 | best


# _form_plan by _plan_key (a few thousand hand statistics exist)
_FORM_PLANS: Final[dict[int, tuple[int, tuple[int, ...], tuple[int, ...], tuple[int, ...]]]] = {}
_NO_FORMS: Final = (99,) * 8


def _discard_totals_with_forms(
    numbers: Sequence[int], counts: Sequence[int], left: Sequence[int], tiles: int
) -> tuple[int, list[tuple[int, int]]]:
    """:func:`discard_totals` for any hand, seven pairs and thirteen orphans weighed with
    the regular form: the path for a closed hand near either form.

    The lowest shanten is read first, from the hand's own regular shanten and, for the
    two forms, from its statistics (:func:`_form_plan`); then only the discards that
    leave it are weighed, the forms' share of each from sums made once."""
    m, p, s, z = numbers
    nn = _NN
    t2 = _PAIR_CLASSES
    t3 = _TRIPLE_CLASSES
    f = REGULAR_SHANTEN
    n0 = tiles - 1
    man = NUMBER_CLASSES[m]
    pin = NUMBER_CLASSES[p]
    sou = NUMBER_CLASSES[s]
    honor = HONOR_CLASSES[z]
    cm = man * nn
    rest = honor * 16 + tiles
    ch = rest - 1
    pin_sou = t2[pin * nn + sou]
    man_sou = t2[cm + sou]
    man_pin = t2[cm + pin]
    man_pin_sou = t3[man_pin + sou]
    others = (pin_sou, man_sou, man_pin, man_pin_sou)
    best = f[man_pin_sou + rest]
    if best < 0:
        best = 0
    form_shanten: tuple[int, ...] = _NO_FORMS
    form_flags: tuple[int, ...] = (0,) * 8
    signs: tuple[int, ...] = form_flags
    if tiles == 14:
        singles = counts.count(1)
        twos = counts.count(2)
        more = 34 - counts.count(0) - singles - twos
        yao = _YAO_COUNTS(counts)
        yao_singles = yao.count(1)
        yao_twos = yao.count(2)
        yao_more = 13 - yao.count(0) - yao_singles - yao_twos
        plan = _FORM_PLANS.get(
            _plan_key(singles, twos, more, yao_singles, yao_twos, yao_more, best)
        )
        if plan is None:
            plan = _form_plan(singles, twos, more, yao_singles, yao_twos, yao_more, best)
        best, form_shanten, form_flags, signs = plan
    lm = left[0:9]
    lp = left[9:18]
    ls = left[18:27]
    lz = left[27:34]
    suit_left = (lm, lp, ls, lz)
    # the other suits' total of a discard's acceptance, by (suit << 8 | class left there)
    shared: dict[int, int] = {}
    # the forms' total before the discarded kind's own copies move, for base_flags
    base_flags = base = 0
    out: list[tuple[int, int]] = []
    for suit in range(4):
        number = numbers[suit]
        if not number:
            continue
        other = others[suit]
        first = 9 * suit
        if suit == 3:
            removals = _HONOR_REMOVALS.get(number) or _removals(number, True)
        else:
            removals = _NUMBER_REMOVALS.get(number) or _removals(number, False)
        ctx = -1
        for pos, _, cl, kind in removals:
            regular = f[other + cl * 16 + n0] if suit == 3 else f[t3[other + cl] + ch]
            if regular != best and form_shanten[kind] != best:
                continue
            k = first + pos
            flags = form_flags[kind]
            total = 0
            if flags:
                # seven pairs and thirteen orphans: the kinds they take
                if flags != base_flags:
                    base_flags = flags
                    base = _forms_base(counts, left, flags)
                total = base
                total += signs[kind] * left[k]
            if regular == best:
                # the discard's own suit, against the rest of the hand as it was
                after = number - PLACE_VALUE[k]
                if suit == 3:
                    if ctx < 0:
                        ctx = _honor_context_of(other, tiles)
                    places = _HONOR_ACCEPTS.get(after << 20 | ctx << 4 | flags)
                    if places is None:
                        places = _accepts(after, ctx, flags, True)
                else:
                    if ctx < 0:
                        ctx = _number_context_of(other, rest)
                    places = _NUMBER_ACCEPTS.get(after << 20 | ctx << 4 | flags)
                    if places is None:
                        places = _accepts(after, ctx, flags, False)
                own = suit_left[suit]
                for q in places:
                    total += own[q]
                # the other suits, against the class the discard leaves its suit
                key = (suit << 8 | cl) << 4 | flags
                got = shared.get(key)
                if got is None:
                    if suit == 0:
                        a = cl * nn
                        pair = t2[a + pin]
                        got = (
                            _number_total(p, t2[a + sou], rest, lp, flags)
                            + _number_total(s, pair, rest, ls, flags)
                            + _honor_total(z, t3[pair + sou], tiles, lz, flags)
                        )
                    elif suit == 1:
                        pair = t2[cm + cl]
                        got = (
                            _number_total(m, t2[cl * nn + sou], rest, lm, flags)
                            + _number_total(s, pair, rest, ls, flags)
                            + _honor_total(z, t3[pair + sou], tiles, lz, flags)
                        )
                    elif suit == 2:
                        got = (
                            _number_total(m, t2[pin * nn + cl], rest, lm, flags)
                            + _number_total(p, t2[cm + cl], rest, lp, flags)
                            + _honor_total(z, t3[man_pin + cl], tiles, lz, flags)
                        )
                    else:
                        changed = cl * 16 + tiles
                        got = (
                            _number_total(m, pin_sou, changed, lm, flags)
                            + _number_total(p, man_sou, changed, lp, flags)
                            + _number_total(s, man_pin, changed, ls, flags)
                        )
                    shared[key] = got
                total += got
            out.append((k, total))
    return best, out


def _number_context_of(pair: int, rest: int) -> int:
    """:func:`_number_context`, remembered."""
    got = _NUMBER_CONTEXT.get(pair << 10 | rest)
    return _number_context(pair, rest) if got is None else got


def _honor_context_of(triple: int, tiles: int) -> int:
    """:func:`_honor_context`, remembered."""
    got = _HONOR_CONTEXT.get(triple + tiles)
    return _honor_context(triple, tiles) if got is None else got


def _number_total(number: int, pair: int, rest: int, left: Sequence[int], forms: int) -> int:
    """The unseen copies of the kinds a number suit accepts (``left`` its nine counts) in
    the context of ``pair`` and ``rest`` (see :func:`_number_context`), less those the
    closed-hand ``forms`` take (see :func:`_accepts`)."""
    if not number:
        return 0
    ctx = _NUMBER_CONTEXT.get(pair << 10 | rest)
    if ctx is None:
        ctx = _number_context(pair, rest)
    places = _NUMBER_ACCEPTS.get(number << 20 | ctx << 4 | forms)
    if places is None:
        places = _accepts(number, ctx, forms, False)
    total = 0
    for q in places:
        total += left[q]
    return total


def _honor_total(number: int, triple: int, tiles: int, left: Sequence[int], forms: int) -> int:
    """The unseen copies of the honors accepted in the context of ``triple``."""
    if not number:
        return 0
    ctx = _HONOR_CONTEXT.get(triple + tiles)
    if ctx is None:
        ctx = _honor_context(triple, tiles)
    places = _HONOR_ACCEPTS.get(number << 20 | ctx << 4 | forms)
    if places is None:
        places = _accepts(number, ctx, forms, True)
    total = 0
    for q in places:
        total += left[q]
    return total


def _forms_base(counts: Sequence[int], left: Sequence[int], forms: int) -> int:
    """The unseen copies of the kinds seven pairs and thirteen orphans take in a hand of
    ``counts`` by ``forms`` (see :func:`_accepts`): with bit 1 every kind not held, 2 the
    terminals and honors not held, 4 every kind held once, 8 the terminals and honors
    held once. Each group summed only when taken.

    >>> from jantaku.tiles import counts34, parse_tiles
    >>> c = counts34(parse_tiles("1133557799m1134p"))
    >>> left = [4 - x for x in c]
    >>> [_forms_base(c, left, forms) for forms in (1, 2, 4, 8, 2 | 4)]
    [104, 40, 6, 0, 46]
    """
    total = 0
    if forms & 1:
        total = sum(left) - sum(compress(left, counts))
    elif forms & 2:
        yao_left = _YAO_COUNTS(left)
        total = sum(yao_left) - sum(compress(yao_left, _YAO_COUNTS(counts)))
    if forms & 12:
        once = bytes(counts).translate(_ONCE)
        if forms & 4:
            total += sum(compress(left, once))
        else:
            total += sum(compress(_YAO_COUNTS(left), _YAO_COUNTS(once)))
    return total
