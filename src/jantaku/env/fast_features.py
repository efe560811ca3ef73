"""``planes-v1`` kept up to date match by match: the fast twin of
:func:`jantaku.env.features.encode_planes_v1`.

It mirrors ``encode_planes_v1(observe(state, seat))`` (the plain version, and the
reference: ``tests/test_env.py::test_fast_planes_equal_the_plain_encoder`` and
``test_batch_planes_equal_the_plain_encoder`` compare them at every decision of random
matches, three and four players). Instead of building a
:class:`~jantaku.engine.View` and every row at each step, a :class:`PlanesV1Tracker`
keeps each seat's public block (its river in order with its marks, its melds, and the
tiles they show) and brings it up to date from the state's public fields — the same
fields :func:`~jantaku.engine.observe` reads — by looking only at what changed since
the last call: a river that grew writes its new discards (a few cells set to 1), and
only when a seat's melds changed are its meld rows written again and the marks of
the discards a call took away. Then the observer's own rows (hand, drawn tile, waits:
what the seat itself knows) and the constant rows are written.

:class:`BatchPlanesV1` does this for a whole batch of matches: the rows that change
only now and then (scores, riichi, norths, dora, the round) are written again only
when the state's values for them change, and every row of the deciding seats is
written with a few NumPy operations for the whole batch.

:class:`BatchPlanesV2` is the same for ``planes-v2``
(:func:`jantaku.env.features.encode_planes_v2`, uint8): it follows the matches the same
way, but keeps each seat's whole block (river, marks, melds and its constant rows) in
one uint8 store, so that the blocks reach the output with one gather and no
conversion.
"""

from __future__ import annotations

from operator import is_
from typing import Any, Final

import numpy as np

from jantaku.engine import Phase, Referee, State
from jantaku.env.features import PLANES_V1, PLANES_V2, encode_count, encode_score
from jantaku.errors import JantakuError
from jantaku.events import Ankan, Chi, Dahai, Daiminkan, Kakan, Pon, Tsumo
from jantaku.meld import Meld
from jantaku.tiles import KIND_OF, dora_from_indicator

_ACT: Final = Phase.ACT
_TSUMO: Final = Tsumo
_CALLS: Final = frozenset((Chi, Pon, Daiminkan, Ankan, Kakan))

__all__ = ["BatchPlanesV1", "BatchPlanesV2", "PlanesV1Tracker", "SeatEncoder"]

_RIVER_ROWS: Final = 24
_SEAT_BASE: Final = 13
_SEAT_ROWS: Final = 32
_MARK_ROWS: Final = _RIVER_ROWS + 3  # a seat's river and its three rows of marks
_MARK_CELLS: Final = _MARK_ROWS * 34
_KEPT_ROWS: Final = _SEAT_ROWS - _MARK_ROWS  # its melds, called tiles, constant rows
_KEPT_CELLS: Final = _KEPT_ROWS * 34
_MARKS: Final = _RIVER_ROWS * 34  # the first mark row (tsumogiri) of a seat's block
_TAIL: Final = _SEAT_BASE + 4 * _SEAT_ROWS
_RED_KIND: Final = {34: 4, 35: 13, 36: 22}
_LEVELS: Final = np.arange(4)[:, None]  # rows "held at least 1, 2, 3, 4 times"
_HELD_LEVELS: Final = _LEVELS.astype(np.int8)  # (compared with counts of their own type)
_SEEN_LEVELS: Final = _LEVELS.astype(np.int32)


class _Pending:
    """Writes gathered from the trackers of a batch, made with one NumPy operation each
    (flat indices): river cells set to 1 (new discards and their marks), river cells
    set to 0 or 1 (the marks of a discard a call took away), meld cells set to a value,
    and visible counts to raise or lower."""

    __slots__ = ("cells", "meld_cells", "meld_values", "ones", "seen", "unseen", "values")

    def __init__(self) -> None:
        self.ones: list[int] = []
        self.cells: list[int] = []
        self.values: list[int] = []
        self.meld_cells: list[int] = []
        self.meld_values: list[float] = []
        self.seen: list[int] = []
        self.unseen: list[int] = []

    def flush(self, rivers: Any, kept: Any, visible: Any) -> None:
        """Write into the flat river and kept rows and visible counts, and start again."""
        if self.ones:
            rivers[self.ones] = 1
            self.ones = []
        if self.cells:
            rivers[self.cells] = self.values
            self.cells = []
            self.values = []
        if self.meld_cells:
            kept[self.meld_cells] = self.meld_values
            self.meld_cells = []
            self.meld_values = []
        if self.seen:  # a kind may be listed twice: counted, not assigned
            change = np.bincount(self.seen, minlength=visible.size)
            if self.unseen:
                change -= np.bincount(self.unseen, minlength=visible.size)
                self.unseen = []
            visible += change
            self.seen = []
        elif self.unseen:
            visible -= np.bincount(self.unseen, minlength=visible.size)
            self.unseen = []


class PlanesV1Tracker:
    """The ``planes-v1`` features of one match's seats, kept up to date between calls.

    One tracker follows one match; :meth:`reset` when a new match starts on the same
    state object's successor. :meth:`encode` writes the planes of ``seat`` into
    ``out`` (every row is written: ``out`` need not be zeroed).
    """

    # where a seat's cells are in the stores: the stride from one seat's river block to
    # the next, the same for the kept rows and where they start in it, and what one tile
    # in a meld adds to its kind's cell (planes-v2 keeps both in one uint8 block)
    RIVER_STRIDE = _MARK_CELLS
    KEPT_STRIDE = _KEPT_CELLS
    KEPT_AT = 0
    MELD_UNIT = 0.25
    # where the first mark row (tsumogiri) starts in a seat's river block, and whether
    # the river is kept as one-hot rows (1 at row j, column kind) or as kinds (kind + 1
    # at cell j, planes-v2's compact store)
    MARKS_AT = _MARKS
    RIVER_KINDS = False

    def __init__(
        self,
        players: int,
        *,
        storage: tuple[Any, Any, Any] | None = None,
        pending: _Pending | None = None,
        index: int = 0,
    ) -> None:
        self.players = players
        # the seats' blocks and the visible-tile counts, here or in a batch's arrays: each
        # block's rivers and marks (0 or 1) as bytes, its other rows as float32
        rivers, kept, visible = storage or (
            np.zeros((4, _MARK_ROWS, 34), dtype=np.uint8),
            np.zeros((4, _KEPT_ROWS, 34), dtype=np.float32),
            np.zeros(34, dtype=np.int32),
        )
        self._rivers = rivers
        self._kept = kept
        # the river cells to write and the visible counts to change, gathered here (or in
        # the batch's lists, this match's cells from ``index`` on) and written together
        self._pending = pending if pending is not None else _Pending()
        self._own_pending = pending is None
        self._base = index * 4 * self.RIVER_STRIDE
        self._kept_base = index * 4 * self.KEPT_STRIDE + self.KEPT_AT
        self._seen_base = index * 34
        self._lengths = [0] * players
        self._last_flag = [0] * players
        self._melds: list[list[Meld]] = [[] for _ in range(players)]
        # per seat: the kinds in its melds (counts) and the kinds it called
        self._meld_kinds: list[dict[int, int]] = [{} for _ in range(players)]
        self._called: list[set[int]] = [set() for _ in range(players)]
        self._hand = -1  # the state's kyoku_index when last synced
        # by kind: the river tiles not called away and the tiles in melds
        self._visible = visible
        self._dora_memo: dict[tuple[int, ...], tuple[Any, Any]] = {}
        # the seats in the observer's order (itself, then to its right), by observer
        self._order = [
            np.array([(o + r) % players for r in range(players)]) for o in range(players)
        ]

    def reset(self) -> None:
        """Forget the match (a new one starts)."""
        n = self.players
        self._rivers[:] = 0
        self._kept[:] = 0.0
        self._lengths = [0] * n
        self._last_flag = [0] * n
        self._melds = [[] for _ in range(n)]
        self._meld_kinds = [{} for _ in range(n)]
        self._called = [set() for _ in range(n)]
        self._hand = -1
        self._visible[:] = 0

    def _sync(self, s: State) -> None:
        """Bring the blocks up to date: new discards of the rivers that grew (their
        lengths compared at C speed), and when any seat's melds changed, those meld rows
        and the marks of every seat's last synced discard (a call marks the discard it
        took; the engine changes a discard's marks only then)."""
        if s.kyoku_index != self._hand:  # a new hand: every river starts empty
            self.reset()
            self._hand = s.kyoku_index
        all_flags = s.river_flags
        lengths = self._lengths
        if [*map(len, all_flags)] != lengths:
            rivers = s.rivers
            for i, flags in enumerate(all_flags):
                if len(flags) != lengths[i]:
                    self._sync_river(i, rivers[i], flags)
        # melds are frozen values the engine replaces (a kakan makes a new one): the
        # lists compare by identity first, so unchanged melds are found at C speed
        if s.melds != self._melds:
            self._sync_calls(s)

    def _sync_calls(self, s: State) -> None:
        """The meld rows of the seats whose melds changed, and the marks of each river's
        last synced discard if they changed (a discard called away)."""
        known = self._melds
        for i, melds in enumerate(s.melds):
            if melds != known[i]:
                self._sync_melds(i, melds)
        lengths, last_flags, rivers = self._lengths, self._last_flag, s.rivers
        for i, flags in enumerate(s.river_flags):
            old = lengths[i]
            if old and flags[old - 1] != last_flags[i]:
                self._sync_river(i, rivers[i], flags)

    def _sync_river(self, i: int, river: list[int], flags: list[int]) -> None:
        """Seat ``i``'s new discards and the marks of its last synced one (gathered in
        the pending lists: written by :meth:`_Pending.flush`). A new discard's cells
        are zero until then (its position was never written in this hand): only the
        cells that become 1 are listed."""
        length = len(river)
        old = self._lengths[i]
        p = self._pending
        ones, seen = p.ones, p.seen
        base = self._base + i * self.RIVER_STRIDE
        seen_base = self._seen_base
        if old and flags[old - 1] != self._last_flag[i]:  # the last discard was called
            j = old - 1
            f = flags[j]
            if f & 4 and not self._last_flag[i] & 4:
                p.unseen.append(seen_base + KIND_OF[river[j]])
            if j < _RIVER_ROWS:
                marks = base + self.MARKS_AT + j
                p.cells.extend((marks, marks + 34, marks + 68))
                p.values.extend((f & 1, (f >> 1) & 1, (f >> 2) & 1))
        for j in range(old, length):
            k = KIND_OF[river[j]]
            f = flags[j]
            if not f & 4:
                seen.append(seen_base + k)
            if j < _RIVER_ROWS:
                if self.RIVER_KINDS:
                    p.cells.append(base + j)
                    p.values.append(k + 1)
                else:
                    ones.append(base + j * 34 + k)
                if f:
                    marks = base + self.MARKS_AT + j
                    if f & 1:
                        ones.append(marks)
                    if f & 2:
                        ones.append(marks + 34)
                    if f & 4:
                        ones.append(marks + 68)
        lengths = self._lengths
        lengths[i] = length
        self._last_flag[i] = flags[-1] if length else 0

    def _sync_melds(self, i: int, melds: list[Meld]) -> None:
        """Seat ``i``'s meld rows: the cells that changed (gathered in the pending lists)."""
        known = self._melds[i]
        if len(melds) == len(known) + 1 and all(map(is_, melds, known)):
            self._add_meld(i, melds[-1])  # one meld more (chi, pon, daiminkan, ankan)
            known.append(melds[-1])
            return
        self._melds[i] = list(melds)
        kinds: dict[int, int] = {}  # the count of each kind in the melds
        called = set()
        for meld in melds:
            for t in meld.tiles:
                k = KIND_OF[t]
                kinds[k] = kinds.get(k, 0) + 1
            if meld.called is not None:
                called.add(KIND_OF[meld.called])
        old = self._meld_kinds[i]
        p = self._pending
        row = self._kept_base + i * self.KEPT_STRIDE  # row 27 of the block
        for k in old.keys() | kinds.keys():  # (each cell once: any order)
            a = old.get(k, 0)
            b = kinds.get(k, 0)
            if a != b:
                p.meld_cells.append(row + k)
                p.meld_values.append(b * self.MELD_UNIT)
                change = p.seen if b > a else p.unseen
                change.extend([self._seen_base + k] * abs(b - a))
        was = self._called[i]
        if called != was:
            row += 34
            for k in was - called:
                p.meld_cells.append(row + k)
                p.meld_values.append(0.0)
            for k in called - was:
                p.meld_cells.append(row + k)
                p.meld_values.append(1.0)
        self._meld_kinds[i] = kinds
        self._called[i] = called

    def _add_meld(self, i: int, meld: Meld) -> None:
        """Seat ``i``'s meld rows with one new meld: only its kinds' cells are listed."""
        added: dict[int, int] = {}
        for t in meld.tiles:
            k = KIND_OF[t]
            added[k] = added.get(k, 0) + 1
        kinds = self._meld_kinds[i]
        p = self._pending
        row = self._kept_base + i * self.KEPT_STRIDE  # row 27 of the block
        for k, c in added.items():
            b = kinds.get(k, 0) + c
            kinds[k] = b
            p.meld_cells.append(row + k)
            p.meld_values.append(b * self.MELD_UNIT)
            p.seen.extend([self._seen_base + k] * c)
        if meld.called is not None:
            k = KIND_OF[meld.called]
            called = self._called[i]
            if k not in called:
                called.add(k)
                p.meld_cells.append(row + 34 + k)
                p.meld_values.append(1.0)

    def _doras(self, markers: tuple[int, ...]) -> tuple[Any, Any]:
        """Rows 6–7 and the indicators' kind counts of a set of indicators (memoised)."""
        found = self._dora_memo.get(markers)
        if found is None:
            found = self._dora_memo[markers] = _dora_rows(markers, self.players)
        return found

    def encode(self, s: State, seat: int, out: Any) -> Any:
        """Write the ``planes-v1`` features of ``seat`` into ``out`` (``(155, 34)`` float32)."""
        self._sync(s)
        if self._own_pending:
            self._pending.flush(
                self._rivers.reshape(-1), self._kept.reshape(-1), self._visible.reshape(-1)
            )
        n = self.players
        counts = np.asarray(s.counts[seat], dtype=np.int32)
        out[0:4] = counts > _SEEN_LEVELS
        out[4:9] = 0.0
        for t in s.hands[seat]:
            if t >= 34:
                out[4, _RED_KIND[t]] = 1.0
        if s.turn == seat and s.phase == Phase.ACT and s.drawn is not None:
            out[5, KIND_OF[s.drawn]] = 1.0
        dora_rows, indicator_kinds = self._doras(tuple(s.dora_markers))
        out[6:8] = dora_rows
        waits = s.waits[seat]
        if waits:
            out[8, list(waits)] = 1.0
        out[9:13] = (counts + self._visible + indicator_kinds) > _SEEN_LEVELS
        seats = out[_SEAT_BASE : _SEAT_BASE + _SEAT_ROWS * n].reshape(n, _SEAT_ROWS, 34)
        order = self._order[seat]
        seats[:, :_MARK_ROWS] = self._rivers[order]
        seats[:, _MARK_ROWS:] = self._kept[order]
        riichi, scores, nuki = s.riichi, s.scores, s.nuki
        consts = [(riichi[o] / 2, scores[o] / 100_000, nuki[o] / 4) for o in order]
        seats[:, 29:32, :] = np.asarray(consts, dtype=np.float32)[:, :, None]
        if n == 3:
            out[_SEAT_BASE + _SEAT_ROWS * 3 : _TAIL] = 0.0
        tail = [0.0] * 14
        tail[s.bakaze - 27] = 1.0
        tail[4 + (seat - s.oya) % n] = 1.0
        tail[8] = s.kyoku / 4
        tail[9] = s.honba / 10
        tail[10] = s.kyotaku / 10
        tail[11] = s.live / 70
        tail[12] = 1.0 if n == 3 else 0.0
        tail[13] = 1.0 if seat == s.oya else 0.0
        out[_TAIL:PLANES_V1] = np.asarray(tail, dtype=np.float32)[:, None]
        return out


def _dora_rows(markers: tuple[int, ...], players: int) -> tuple[Any, Any]:
    """Rows 6–7 of a set of indicators, and the indicators' kinds (visible tiles)."""
    rows = np.zeros((2, 34), dtype=np.float32)
    kinds = np.zeros(34, dtype=np.int32)
    for t in markers:
        rows[0, KIND_OF[t]] += 0.25
        rows[1, dora_from_indicator(t, players=players)] += 0.25
        kinds[KIND_OF[t]] += 1
    return rows, kinds


class SeatEncoder:
    """The planes of any seat of one match by features version: ``planes-v1`` through a
    :class:`PlanesV1Tracker`, other versions from the view. :meth:`reset` with each new
    match.

    >>> from jantaku.env.table import Table
    >>> table = Table(seed=2)
    >>> SeatEncoder("planes-v1", 4).encode(table.state, 0).shape
    (155, 34)
    """

    def __init__(self, features: str, players: int) -> None:
        from jantaku.env.features import features_version

        self.rows, self._plain = features_version(features)
        self._tracker = PlanesV1Tracker(players) if features == "planes-v1" else None

    def reset(self) -> None:
        """A new match."""
        if self._tracker is not None:
            self._tracker.reset()

    def encode(self, state: State, seat: int) -> Any:
        """A new ``(rows, 34)`` float32 array of ``seat``'s planes."""
        if self._tracker is not None:
            return self._tracker.encode(state, seat, np.empty((self.rows, 34), dtype=np.float32))
        from jantaku.engine import observe

        return self._plain(observe(state, seat), None)


class BatchPlanesV1:
    """``planes-v1`` of many matches at once, written with a few NumPy operations for
    the whole batch. Mirrors ``encode_planes_v1(observe(state, seat))`` for every match
    (pinned by ``tests/test_env.py::test_batch_planes_equal_the_plain_encoder``).

    Each match's public blocks are kept up to date by its own :class:`PlanesV1Tracker`
    (sharing this batch's arrays, its cell writes gathered for the whole batch), led by
    the events the referee logged since the last step: a draw changes no block, a
    discard writes its cells in its seat's river, a call the melds and the mark of the
    discard it took; any other event (riichi, dora, kita, a hand's end or start) has
    every kept part checked against the state. The rows that change only then are kept
    per match and written again when the state's values for them change
    (:meth:`_refresh`): the scores, riichi and norths (the constant rows of each seat's
    block, kept in the blocks), the dora rows, and the tail rows of each observer. At
    each step the loop over the matches reads only the deciding seat's hand, drawn
    tile and waits and the tiles left; every row is then written for the whole batch
    by NumPy, the seats' blocks in each observer's order with one gather.
    :meth:`reset` a match that starts again.
    """

    def __init__(self, num: int, players: int) -> None:
        self.num = num
        self.players = players
        self._rivers = np.zeros((num, 4, _MARK_ROWS, 34), dtype=np.uint8)
        self._kept: Any = np.zeros((num, 4, _KEPT_ROWS, 34), dtype=np.float32)
        self._visible = np.zeros((num, 34), dtype=np.int32)
        self._pending = _Pending()
        self.trackers = [
            PlanesV1Tracker(
                players,
                storage=(self._rivers[i], self._kept[i], self._visible[i]),
                pending=self._pending,
                index=i,
            )
            for i in range(num)
        ]
        # the seats' blocks gathered in each observer's order by np.take on the flat stores
        # (one block a row), into buffers kept from step to step
        self._river_store = self._rivers.reshape(num * 4, _MARK_CELLS)
        self._kept_store = self._kept.reshape(num * 4, _KEPT_CELLS)
        self._first_block = (np.arange(num, dtype=np.int64) * 4)[:, None]
        self._river_rows = np.empty((num * players, _MARK_CELLS), dtype=np.uint8)
        self._kept_rows = np.empty((num * players, _KEPT_CELLS), dtype=np.float32)
        self._order = np.array(
            [[(o + r) % players for r in range(players)] for o in range(players)], dtype=np.int64
        )
        self._dora_memo: dict[tuple[int, ...], tuple[Any, Any]] = {}
        # per match: the events read from its log, what the kept rows were written from
        # (None: to write), its dora rows and indicators' kinds, and each observer's
        # tail rows (the tiles left written at each step)
        self._read = [0] * num
        self._written: list[tuple[Any, ...] | None] = [None] * num
        self._dora_rows: Any = np.zeros((num, 2, 34), dtype=np.float32)
        self._dora_kinds = np.zeros((num, 34), dtype=np.int32)
        self._tails = np.zeros((num, players, PLANES_V1 - _TAIL), dtype=np.float32)
        self._range = np.arange(num)
        self._river_stride = _MARK_CELLS

    def reset(self, i: int) -> None:
        """Match ``i`` starts again (a new referee)."""
        self.trackers[i].reset()
        self._written[i] = None
        self._read[i] = 0

    def _refresh(self, i: int, s: State) -> None:
        """Write match ``i``'s kept rows again if the state's values for them changed
        (the plain encoder's values: divided in float64, then stored as float32)."""
        markers = tuple(s.dora_markers)
        key = (s.kyoku_index, s.kyotaku, markers, s.scores[:], s.riichi[:], s.nuki[:])
        if key == self._written[i]:
            return
        self._written[i] = key
        n = self.players
        scaled = np.array([s.riichi, s.scores, s.nuki], dtype=np.float64)[:, :n]
        scaled /= np.array([2.0, 100_000.0, 4.0])[:, None]
        self._kept[i, :n, 29 - _MARK_ROWS :, :] = scaled.T[:, :, None]
        dora = self._dora_memo.get(markers)
        if dora is None:
            dora = self._dora_memo[markers] = _dora_rows(markers, n)
        self._dora_rows[i], self._dora_kinds[i] = dora
        tails = np.zeros((n, PLANES_V1 - _TAIL), dtype=np.float64)
        tails[:, s.bakaze - 27] = 1.0
        for o in range(n):
            tails[o, 4 + (o - s.oya) % n] = 1.0
        tails[:, 8] = s.kyoku / 4
        tails[:, 9] = s.honba / 10
        tails[:, 10] = s.kyotaku / 10
        tails[:, 12] = 1.0 if n == 3 else 0.0
        tails[s.oya, 13] = 1.0
        self._tails[i] = tails

    def _follow(
        self, referees: list[Referee], seats: list[int], size: int
    ) -> tuple[list[list[int]], list[int], list[int]]:
        """Bring every match's kept parts up to date from the events its referee logged
        since the last step, and read what the deciding seats alone know: their held
        counts, the flat cells of the output (``size`` cells a match) that are 1 in the
        red-five, drawn-tile and waits rows, and each match's tiles left."""
        trackers = self.trackers
        stride = self._river_stride
        marks_at = trackers[0].MARKS_AT if trackers else _MARKS
        as_kinds = trackers[0].RIVER_KINDS if trackers else False
        read = self._read
        counts: list[list[int]] = []
        ones: list[int] = []  # flat cells set to 1 (rows 4, 5, 8)
        live: list[int] = []
        pending = self._pending
        river_ones, visible_kinds = pending.ones, pending.seen  # the trackers' lists
        for i, ref in enumerate(referees):
            s = ref.state
            log = ref.log
            if len(log) != read[i]:
                tracker = trackers[i]
                if s.kyoku_index != tracker._hand:  # a new hand (or match)
                    tracker._sync(s)
                    self._refresh(i, s)
                else:  # events of this hand: each brings its part up to date
                    for e in log[read[i] :]:
                        if type(e) is Dahai:
                            seat = e.actor
                            flags = s.river_flags[seat]
                            j = tracker._lengths[seat]
                            if len(flags) != j + 1 or (
                                j and flags[j - 1] != tracker._last_flag[seat]
                            ):  # more than one new discard, or the last one's marks changed
                                tracker._sync_river(seat, s.rivers[seat], flags)
                                continue
                            # one new discard: what _sync_river lists, listed here
                            tile_kind = KIND_OF[s.rivers[seat][j]]
                            f = flags[j]
                            if not f & 4:
                                visible_kinds.append(tracker._seen_base + tile_kind)
                            if j < _RIVER_ROWS:
                                cell = tracker._base + seat * stride
                                if as_kinds:
                                    pending.cells.append(cell + j)
                                    pending.values.append(tile_kind + 1)
                                else:
                                    river_ones.append(cell + j * 34 + tile_kind)
                                if f:
                                    cell += marks_at + j
                                    if f & 1:
                                        river_ones.append(cell)
                                    if f & 2:
                                        river_ones.append(cell + 34)
                                    if f & 4:
                                        river_ones.append(cell + 68)
                            tracker._lengths[seat] = j + 1
                            tracker._last_flag[seat] = f
                            continue
                        kind = type(e)
                        if kind is _TSUMO:
                            continue
                        if kind in _CALLS:
                            tracker._sync_calls(s)
                        else:  # anything else: every part checked
                            tracker._sync(s)
                            self._refresh(i, s)
                            break
                read[i] = len(log)
            seat = seats[i]
            counts.append(s.counts[seat])
            hand = s.hands[seat]
            if hand and max(hand) >= 34:
                base = i * size + 34 * 4
                ones.extend([base + _RED_KIND[t] for t in hand if t >= 34])
            if s.drawn is not None and s.turn == seat and s.phase == _ACT:
                ones.append(i * size + 34 * 5 + KIND_OF[s.drawn])
            waits = s.waits[seat]
            if waits:
                base = i * size + 34 * 8
                ones.extend([base + k for k in waits])
            live.append(s.live)
        self._pending.flush(
            self._rivers.reshape(-1), self._kept.reshape(-1), self._visible.reshape(-1)
        )
        return counts, ones, live

    def encode(self, referees: list[Referee], seats: list[int], out: Any) -> Any:
        """Write each match's planes for its seat into ``out`` (a C-contiguous
        ``(num, 155, 34)`` float32 array; every row is written).

        Raises :class:`~jantaku.errors.JantakuError` for an ``out`` of another shape,
        type or layout.
        """
        n = self.players
        num = self.num
        if out.shape != (num, PLANES_V1, 34) or out.dtype != np.float32:
            raise JantakuError(f"the planes go into a ({num}, 155, 34) float32 array")
        if not out.flags.c_contiguous:
            raise JantakuError("the planes go into a C-contiguous array")
        counts, ones, live = self._follow(referees, seats, PLANES_V1 * 34)
        # the held counts as bytes (each count is 0-4): one buffer for the batch
        held = np.frombuffer(b"".join(map(bytes, counts)), dtype=np.int8).reshape(num, 34)
        out[:, 0:4] = held[:, None, :] > _HELD_LEVELS
        seen = held + self._visible + self._dora_kinds
        out[:, 9:13] = seen[:, None, :] > _SEEN_LEVELS
        out[:, 4:6] = 0.0
        out[:, 6:8] = self._dora_rows
        out[:, 8] = 0.0
        out.reshape(-1)[ones] = 1.0
        where = np.asarray(seats, dtype=np.int64)
        blocks = out[:, _SEAT_BASE : _SEAT_BASE + _SEAT_ROWS * n].reshape(num, n, _SEAT_ROWS, 34)
        index = (self._first_block + self._order[where]).reshape(-1)
        # (the indices are valid: "clip" spares np.take a buffered, checked copy)
        np.take(self._river_store, index, axis=0, out=self._river_rows, mode="clip")
        np.take(self._kept_store, index, axis=0, out=self._kept_rows, mode="clip")
        blocks[:, :, :_MARK_ROWS] = self._river_rows.reshape(num, n, _MARK_ROWS, 34)  # as float32
        blocks[:, :, _MARK_ROWS:] = self._kept_rows.reshape(num, n, _KEPT_ROWS, 34)
        if n == 3:
            out[:, _SEAT_BASE + _SEAT_ROWS * 3 : _TAIL] = 0.0
        tail = self._tails[self._range, where]
        tail[:, 11] = np.asarray(live, dtype=np.float64) / 70
        out[:, _TAIL:PLANES_V1] = tail[:, :, None]
        return out


_BLOCK_ROWS: Final = 34  # a seat's block in planes-v2
_TAIL_V2: Final = _SEAT_BASE + 4 * _BLOCK_ROWS
# a seat's record in planes-v2's store: a row of its river's kinds (kind + 1 at column
# j for discard j, 0 for none), then its block's rows from the first mark row on
_RECORD_ROWS: Final = 1 + _BLOCK_ROWS - _RIVER_ROWS
_RECORD_CELLS: Final = _RECORD_ROWS * 34


class _BlockTracker(PlanesV1Tracker):
    """A match's seats followed for :class:`BatchPlanesV2`: each seat's record (its
    river as kinds, its marks, melds and constant rows) in one uint8 store, meld cells
    as counts."""

    RIVER_STRIDE = _RECORD_CELLS
    KEPT_STRIDE = _RECORD_CELLS
    KEPT_AT = 34 * (1 + _MARK_ROWS - _RIVER_ROWS)
    MELD_UNIT = 1
    MARKS_AT = 34
    RIVER_KINDS = True


def _dora_counts(markers: tuple[int, ...], players: int) -> tuple[Any, Any]:
    """Rows 6–7 of ``planes-v2`` (counts), and the indicators' kinds (visible tiles)."""
    rows = np.zeros((2, 34), dtype=np.uint8)
    kinds = np.zeros(34, dtype=np.int32)
    for t in markers:
        rows[0, KIND_OF[t]] += 1
        rows[1, dora_from_indicator(t, players=players)] += 1
        kinds[KIND_OF[t]] += 1
    return rows, kinds


class BatchPlanesV2(BatchPlanesV1):
    """``planes-v2`` of many matches at once, written as uint8 straight from the kept
    blocks. Mirrors ``encode_planes_v2(observe(state, seat))`` for every match (pinned
    by ``tests/test_env.py::test_batch_planes_v2_equal_the_plain_encoder``).

    It follows each match as :class:`BatchPlanesV1` does (the same event-led updates),
    but keeps each seat's record in one small uint8 store: its river as kinds (one row:
    kind + 1 at column ``j`` for discard ``j``) and its block's other rows as they
    are (marks, melds and called tiles, and the constant rows: riichi, the score's
    three codes, norths). At each step the records are gathered in each observer's
    order with one ``np.take``; the rows after the river are copied into the output as
    bytes, and the river rows are zeroed and their one cell a discard set (the store
    stays a third of the blocks' size: fewer cache misses). :meth:`reset` a match that
    starts again.

    Raises :class:`~jantaku.errors.JantakuError` (from :meth:`encode`) for a state
    whose score, honba or riichi sticks have no exact code (see
    :mod:`jantaku.env.features`).
    """

    def __init__(self, num: int, players: int) -> None:
        self.num = num
        self.players = players
        self._blocks = np.zeros((num, 4, _RECORD_ROWS, 34), dtype=np.uint8)
        # the trackers write rivers and kept rows into the same records
        self._rivers = self._kept = self._blocks
        self._visible = np.zeros((num, 34), dtype=np.int32)
        self._pending = _Pending()
        self.trackers = [
            _BlockTracker(
                players,
                storage=(self._blocks[i], self._blocks[i], self._visible[i]),
                pending=self._pending,
                index=i,
            )
            for i in range(num)
        ]
        self._store = self._blocks.reshape(num * 4, _RECORD_CELLS)
        self._gathered = np.empty((num, players, _RECORD_ROWS, 34), dtype=np.uint8)
        # the flat output cell of kind 0 of each relative seat's river row j (the kind
        # read from the store is added)
        cells = (
            np.arange(num)[:, None, None] * (PLANES_V2 * 34)
            + (_SEAT_BASE + _BLOCK_ROWS * np.arange(players))[None, :, None] * 34
            + np.arange(_RIVER_ROWS)[None, None, :] * 34
            - 1  # the store holds kind + 1
        )
        self._river_cells = cells.astype(np.int64).reshape(-1)
        self._first_block = (np.arange(num, dtype=np.int64) * 4)[:, None]
        self._order = np.array(
            [[(o + r) % players for r in range(players)] for o in range(players)], dtype=np.int64
        )
        self._dora_memo: dict[tuple[int, ...], tuple[Any, Any]] = {}
        self._read = [0] * num
        self._written: list[tuple[Any, ...] | None] = [None] * num
        # rows 4-8 as they are before the deciding seat's cells are set: the dora rows
        self._head = np.zeros((num, 5, 34), dtype=np.uint8)
        self._dora_rows = self._head[:, 2:4]
        self._dora_kinds = np.zeros((num, 34), dtype=np.int32)
        self._seen = np.zeros((num, 34), dtype=np.int32)
        self._tails = np.zeros((num, players, PLANES_V2 - _TAIL_V2), dtype=np.uint8)
        self._range = np.arange(num)
        self._river_stride = _RECORD_CELLS

    def _refresh(self, i: int, s: State) -> None:
        """Write match ``i``'s kept rows again if the state's values for them changed."""
        markers = tuple(s.dora_markers)
        key = (s.kyoku_index, s.kyotaku, markers, s.scores[:], s.riichi[:], s.nuki[:])
        if key == self._written[i]:
            return
        n = self.players
        consts = [(s.riichi[o], *encode_score(s.scores[o]), s.nuki[o]) for o in range(n)]
        tails = np.zeros((n, PLANES_V2 - _TAIL_V2), dtype=np.uint8)
        tails[:, 9] = encode_count(s.honba, "honba")
        tails[:, 10] = encode_count(s.kyotaku, "riichi sticks")
        self._written[i] = key
        self._blocks[i, :n, 29 - _RIVER_ROWS + 1 :, :] = np.asarray(consts, dtype=np.uint8)[
            :, :, None
        ]
        dora = self._dora_memo.get(markers)
        if dora is None:
            dora = self._dora_memo[markers] = _dora_counts(markers, n)
        self._dora_rows[i], self._dora_kinds[i] = dora
        tails[:, s.bakaze - 27] = 1
        for o in range(n):
            tails[o, 4 + (o - s.oya) % n] = 1
        tails[:, 8] = s.kyoku
        tails[:, 12] = 1 if n == 3 else 0
        tails[s.oya, 13] = 1
        self._tails[i] = tails

    def encode(self, referees: list[Referee], seats: list[int], out: Any) -> Any:
        """Write each match's planes for its seat into ``out`` (a C-contiguous
        ``(num, 163, 34)`` uint8 array; every row is written).

        Raises :class:`~jantaku.errors.JantakuError` for an ``out`` of another shape,
        type or layout, or a state without an exact code.
        """
        n = self.players
        num = self.num
        if out.shape != (num, PLANES_V2, 34) or out.dtype != np.uint8:
            raise JantakuError(f"the planes go into a ({num}, 163, 34) uint8 array")
        if not out.flags.c_contiguous:
            raise JantakuError("the planes go into a C-contiguous array")
        counts, ones, live = self._follow(referees, seats, PLANES_V2 * 34)
        held = np.frombuffer(b"".join(map(bytes, counts)), dtype=np.int8).reshape(num, 34)
        # the 0/1 rows compared straight into the output's bytes (no temporary array)
        np.greater(held[:, None, :], _HELD_LEVELS, out=out[:, 0:4].view(np.bool_))
        seen = self._seen
        np.add(self._visible, self._dora_kinds, out=seen)
        seen += held
        np.greater(seen[:, None, :], _SEEN_LEVELS, out=out[:, 9:13].view(np.bool_))
        out[:, 4:9] = self._head  # zeros, but the dora rows
        out.reshape(-1)[ones] = 1
        where = np.asarray(seats, dtype=np.int64)
        # every seat's record in the observer's order: the rows after the river copied,
        # the river rows zeroed and each discard's cell set
        blocks = out[:, _SEAT_BASE : _SEAT_BASE + _BLOCK_ROWS * n].reshape(num, n, _BLOCK_ROWS, 34)
        index = self._first_block + self._order[where]
        gathered = self._gathered
        np.take(self._store, index, axis=0, out=gathered.reshape(num, n, -1), mode="clip")
        blocks[:, :, _RIVER_ROWS:] = gathered[:, :, 1:]
        blocks[:, :, :_RIVER_ROWS] = 0
        kinds = gathered[:, :, 0, :_RIVER_ROWS].reshape(-1)  # (a small copy)
        held_at = np.flatnonzero(kinds)
        out.reshape(-1)[self._river_cells[held_at] + kinds[held_at]] = 1
        if n == 3:
            out[:, _SEAT_BASE + _BLOCK_ROWS * 3 : _TAIL_V2] = 0
        tail = self._tails[self._range, where]
        tail[:, 11] = live
        out[:, _TAIL_V2:PLANES_V2] = tail[:, :, None]
        return out
