"""``planes-v1`` kept up to date match by match: the fast twin of
:func:`jantaku.env.features.encode_planes_v1`.

It mirrors ``encode_planes_v1(observe(state, seat))`` (the plain version, and the
reference: ``tests/test_env.py::test_fast_planes_equal_the_plain_encoder`` compares
them at every decision of random matches, three and four players). Instead of
building a :class:`~jantaku.engine.View` and every row at each step, a
:class:`PlanesV1Tracker` keeps each seat's public block (its river in order with its
marks, its melds, and the tiles they show) and brings it up to date from the state's
public fields — the same fields :func:`~jantaku.engine.observe` reads — by looking
only at what changed since the last call: new discards, the marks of the last one,
melds that changed. Then it writes the observer's own rows (hand, drawn tile, waits:
what the seat itself knows) and the constant rows.
"""

from __future__ import annotations

from itertools import chain
from typing import Any, Final

import numpy as np

from jantaku.engine import Phase, State
from jantaku.env.features import PLANES_V1
from jantaku.meld import Meld
from jantaku.tiles import KIND_OF, dora_from_indicator

_ACT: Final = Phase.ACT

__all__ = ["BatchPlanesV1", "PlanesV1Tracker", "SeatEncoder"]

_RIVER_ROWS: Final = 24
_SEAT_BASE: Final = 13
_SEAT_ROWS: Final = 32
_TAIL: Final = _SEAT_BASE + 4 * _SEAT_ROWS
_RED_KIND: Final = {34: 4, 35: 13, 36: 22}
_LEVELS: Final = np.arange(4)[:, None]  # rows "held at least 1, 2, 3, 4 times"


class _Pending:
    """Writes gathered from the trackers of a batch, made with one NumPy operation each:
    river cells and their values, and visible counts to raise or lower (flat indices)."""

    __slots__ = ("cells", "seen", "unseen", "values")

    def __init__(self) -> None:
        self.cells: list[int] = []
        self.values: list[int] = []
        self.seen: list[int] = []
        self.unseen: list[int] = []

    def flush(self, blocks: Any, seen_total: Any) -> None:
        """Write into the flat blocks and visible counts, and start again."""
        if self.cells:
            blocks[self.cells] = self.values
            self.cells = []
            self.values = []
        if self.seen:
            np.add.at(seen_total, self.seen, 1)
            self.seen = []
        if self.unseen:
            np.subtract.at(seen_total, self.unseen, 1)
            self.unseen = []


class PlanesV1Tracker:
    """The ``planes-v1`` features of one match's seats, kept up to date between calls.

    One tracker follows one match; :meth:`reset` when a new match starts on the same
    state object's successor. :meth:`encode` writes the planes of ``seat`` into
    ``out`` (every row is written: ``out`` need not be zeroed).
    """

    def __init__(
        self,
        players: int,
        *,
        storage: tuple[Any, Any, Any] | None = None,
        pending: _Pending | None = None,
        index: int = 0,
    ) -> None:
        self.players = players
        # the seats' blocks and the two visible-tile totals, here or in a batch's arrays
        blocks, seen_total, meld_total = storage or (
            np.zeros((4, _SEAT_ROWS, 34), dtype=np.float32),
            np.zeros(34, dtype=np.int32),
            np.zeros(34, dtype=np.int32),
        )
        self._blocks = blocks
        # the river cells to write and the visible counts to change, gathered here (or in
        # the batch's lists, this match's cells from ``index`` on) and written together
        self._pending = pending if pending is not None else _Pending()
        self._own_pending = pending is None
        self._base = index * 4 * _SEAT_ROWS * 34
        self._seen_base = index * 34
        self._meld_seen = np.zeros((4, 34), dtype=np.int32)
        self._lengths = [0] * 4
        self._last_flag = [0] * 4
        self._melds: list[list[Meld]] = [[] for _ in range(4)]
        self._hand = -1  # the state's kyoku_index when last synced
        self._seen_total = seen_total  # the river tiles not called away, by kind
        self._meld_total = meld_total  # the seats' _meld_seen summed
        self._dora_memo: dict[tuple[int, ...], tuple[Any, Any]] = {}
        # the seats in the observer's order (itself, then to its right), by observer
        self._order = [
            np.array([(o + r) % players for r in range(players)]) for o in range(players)
        ]

    def reset(self) -> None:
        """Forget the match (a new one starts)."""
        self._blocks[:] = 0.0
        self._meld_seen[:] = 0
        self._lengths = [0] * 4
        self._last_flag = [0] * 4
        self._melds = [[] for _ in range(4)]
        self._hand = -1
        self._seen_total[:] = 0
        self._meld_total[:] = 0

    def _sync(self, s: State) -> None:
        if s.kyoku_index != self._hand:  # a new hand: every river starts empty
            self.reset()
            self._hand = s.kyoku_index
        lengths, last_flags, known_melds = self._lengths, self._last_flag, self._melds
        all_flags, all_melds = s.river_flags, s.melds
        for i in range(self.players):
            # the usual seat: no new discard, its last one's marks as they were, no meld
            flags = all_flags[i]
            old = lengths[i]
            if len(flags) != old or (old and flags[-1] != last_flags[i]):
                self._sync_river(i, s.rivers[i], flags)
            melds = all_melds[i]
            known = known_melds[i]
            # melds are frozen values the engine replaces (a kakan makes a new one): the
            # lists compare by identity first, so an unchanged list is found at C speed
            if melds != known:
                self._sync_melds(i, melds)

    def _sync_river(self, i: int, river: list[int], flags: list[int]) -> None:
        """Seat ``i``'s new discards and the marks of its last synced one (gathered in
        the pending lists: written by :meth:`_Pending.flush`)."""
        length = len(river)
        old = self._lengths[i]
        p = self._pending
        cells, values, seen = p.cells, p.values, p.seen
        base = self._base + i * _SEAT_ROWS * 34
        seen_base = self._seen_base
        if old and flags[old - 1] != self._last_flag[i]:  # the last discard was called
            j = old - 1
            f = flags[j]
            if f & 4 and not self._last_flag[i] & 4:
                p.unseen.append(seen_base + KIND_OF[river[j]])
            if j < _RIVER_ROWS:
                cells.extend((base + 24 * 34 + j, base + 25 * 34 + j, base + 26 * 34 + j))
                values.extend((f & 1, (f >> 1) & 1, (f >> 2) & 1))
        for j in range(old, length):
            k = KIND_OF[river[j]]
            f = flags[j]
            if not f & 4:
                seen.append(seen_base + k)
            if j < _RIVER_ROWS:
                cells.extend(
                    (base + j * 34 + k, base + 24 * 34 + j, base + 25 * 34 + j, base + 26 * 34 + j)
                )
                values.extend((1, f & 1, (f >> 1) & 1, (f >> 2) & 1))
        self._lengths[i] = length
        self._last_flag[i] = flags[-1] if length else 0

    def _sync_melds(self, i: int, melds: list[Meld]) -> None:
        """Seat ``i``'s meld rows, written again."""
        block = self._blocks[i]
        self._melds[i] = list(melds)
        rows = block[27:29]
        rows[:] = 0.0
        mseen = self._meld_seen[i]
        self._meld_total -= mseen
        mseen[:] = 0
        for meld in melds:
            for t in meld.tiles:
                mseen[KIND_OF[t]] += 1
            if meld.called is not None:
                rows[1, KIND_OF[meld.called]] = 1.0
        rows[0] = mseen / 4
        self._meld_total += mseen

    def _doras(self, markers: tuple[int, ...]) -> tuple[Any, Any]:
        """Rows 6–7 and the indicators' kind counts of a set of indicators (memoised)."""
        found = self._dora_memo.get(markers)
        if found is None:
            rows = np.zeros((2, 34), dtype=np.float32)
            kinds = np.zeros(34, dtype=np.int32)
            for t in markers:
                rows[0, KIND_OF[t]] += 0.25
                rows[1, dora_from_indicator(t, players=self.players)] += 0.25
                kinds[KIND_OF[t]] += 1
            found = self._dora_memo[markers] = (rows, kinds)
        return found

    def encode(self, s: State, seat: int, out: Any) -> Any:
        """Write the ``planes-v1`` features of ``seat`` into ``out`` (``(155, 34)`` float32)."""
        self._sync(s)
        if self._own_pending:
            self._pending.flush(self._blocks.reshape(-1), self._seen_total.reshape(-1))
        n = self.players
        counts = np.asarray(s.counts[seat], dtype=np.int32)
        out[0:4] = counts > _LEVELS
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
        out[9:13] = (counts + self._seen_total + self._meld_total + indicator_kinds) > _LEVELS
        seats = out[_SEAT_BASE : _SEAT_BASE + _SEAT_ROWS * n].reshape(n, _SEAT_ROWS, 34)
        order = self._order[seat]
        np.take(self._blocks, order, axis=0, out=seats)
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
    the whole batch: each match's public blocks are kept up to date by its own
    :class:`PlanesV1Tracker` (sharing this batch's arrays), and the rows of the deciding
    seats are gathered in lists and written together. Mirrors
    ``encode_planes_v1(observe(state, seat))`` for every match (pinned by
    ``tests/test_env.py::test_batch_planes_equal_the_plain_encoder``).
    """

    def __init__(self, num: int, players: int) -> None:
        self.num = num
        self.players = players
        self._blocks = np.zeros((num, 4, _SEAT_ROWS, 34), dtype=np.float32)
        self._seen_total = np.zeros((num, 34), dtype=np.int32)
        self._meld_total = np.zeros((num, 34), dtype=np.int32)
        self._pending = _Pending()
        self.trackers = [
            PlanesV1Tracker(
                players,
                storage=(self._blocks[i], self._seen_total[i], self._meld_total[i]),
                pending=self._pending,
                index=i,
            )
            for i in range(num)
        ]
        self._rows = np.arange(num)[:, None]
        self._order = np.array(
            [[(o + r) % players for r in range(players)] for o in range(players)], dtype=np.int64
        )
        # each set of indicators seen, by its index in the two arrays below
        self._dora_memo: dict[tuple[int, ...], int] = {}
        self._dora_rows = np.zeros((0, 2, 34), dtype=np.float32)
        self._dora_kinds = np.zeros((0, 34), dtype=np.int32)
        self._range = np.arange(num)
        self._divisors = np.array([2.0, 100_000.0, 4.0])[None, :, None]
        self._round_divisors = np.array([4.0, 10.0, 10.0, 70.0])

    def _dora_index(self, markers: tuple[int, ...]) -> int:
        """The row of a set of indicators in :attr:`_dora_rows` (rows 6–7) and
        :attr:`_dora_kinds` (the indicators' kinds among the visible), added if new."""
        index = len(self._dora_memo)
        rows = np.zeros((2, 34), dtype=np.float32)
        kinds = np.zeros(34, dtype=np.int32)
        for t in markers:
            rows[0, KIND_OF[t]] += 0.25
            rows[1, dora_from_indicator(t, players=self.players)] += 0.25
            kinds[KIND_OF[t]] += 1
        self._dora_rows = np.concatenate([self._dora_rows, rows[None]])
        self._dora_kinds = np.concatenate([self._dora_kinds, kinds[None]])
        self._dora_memo[markers] = index
        return index

    def encode(self, states: list[State], seats: list[int], out: Any) -> Any:
        """Write each match's planes for its seat into ``out`` (``(num, 155, 34)``).

        The loop over the matches only reads the state's fields into flat lists; every
        row is then written for the whole batch by NumPy (the constant rows from the
        raw scores, riichi, norths and round numbers, divided in float64 as the plain
        encoder divides them).
        """
        n = self.players
        num = self.num
        size = PLANES_V1 * 34
        trackers = self.trackers
        memo = self._dora_memo
        counts: list[list[int]] = []
        ones: list[int] = []  # flat cells set to 1 (rows 4, 5, 8)
        doras: list[int] = []  # each match's set of indicators (see _dora_index)
        raws: list[list[int]] = []  # riichi, scores and norths of every seat
        rounds: list[tuple[int, int, int, int, int, int]] = []
        for i, s in enumerate(states):
            seat = seats[i]
            trackers[i]._sync(s)
            counts.append(s.counts[seat])
            base = i * size
            hand = s.hands[seat]
            if hand and max(hand) >= 34:
                ones.extend([base + 34 * 4 + _RED_KIND[t] for t in hand if t >= 34])
            if s.turn == seat and s.phase == _ACT and s.drawn is not None:
                ones.append(base + 34 * 5 + KIND_OF[s.drawn])
            markers = tuple(s.dora_markers)
            dora = memo.get(markers)
            doras.append(self._dora_index(markers) if dora is None else dora)
            waits = s.waits[seat]
            if waits:
                ones.extend([base + 34 * 8 + k for k in waits])
            raws.append(s.riichi + s.scores + s.nuki)
            rounds.append((s.bakaze, s.oya, s.kyoku, s.honba, s.kyotaku, s.live))
        self._pending.flush(self._blocks.reshape(-1), self._seen_total.reshape(-1))
        held = np.fromiter(chain.from_iterable(counts), dtype=np.int32, count=num * 34)
        held = held.reshape(num, 34)
        out[:, 0:4] = held[:, None, :] > _LEVELS
        seen = held + self._seen_total + self._meld_total + self._dora_kinds[doras]
        out[:, 9:13] = seen[:, None, :] > _LEVELS
        out[:, 4:6] = 0.0
        out[:, 6:8] = self._dora_rows[doras]
        out[:, 8] = 0.0
        out.reshape(-1)[ones] = 1.0
        blocks = out[:, _SEAT_BASE : _SEAT_BASE + _SEAT_ROWS * n].reshape(num, n, _SEAT_ROWS, 34)
        where = np.asarray(seats, dtype=np.int64)
        order = self._order[where]  # (num, n): the seats in each observer's order
        # the constant rows written into the kept blocks (by absolute seat), then every
        # seat's block gathered in the observer's order
        raw = np.fromiter(chain.from_iterable(raws), dtype=np.float64, count=num * 3 * n)
        scaled = (raw.reshape(num, 3, n) / self._divisors).transpose(0, 2, 1)
        self._blocks[:, :n, 29:32, :] = scaled[:, :, :, None]
        blocks[:] = self._blocks[self._rows, order]
        if n == 3:
            out[:, _SEAT_BASE + _SEAT_ROWS * 3 : _TAIL] = 0.0
        info = np.asarray(rounds, dtype=np.int64)
        tail = np.zeros((num, 14), dtype=np.float64)
        rows = self._range
        tail[rows, info[:, 0] - 27] = 1.0
        tail[rows, 4 + (where - info[:, 1]) % n] = 1.0
        tail[:, 8:12] = info[:, 2:6] / self._round_divisors
        tail[:, 12] = 1.0 if n == 3 else 0.0
        tail[:, 13] = where == info[:, 1]
        out[:, _TAIL:PLANES_V1] = tail.astype(np.float32)[:, :, None]
        return out
