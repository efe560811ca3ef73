"""The replay checker checks what it claims: each count of a win and the order of winners.

Each test takes a real Tenhou record from ``/work/shared/data``, replays it untouched
(it must be ``ok``), tampers with one thing the checker claims to compare, and expects
a divergence naming that thing. The engine's own rule behind the winner order (the
honba and deposits of a double ron go to the winner nearest the discarder, G5) is
pinned on the same record.
"""

from __future__ import annotations

import dataclasses
import gzip

import pytest

import corpus
from jantaku.engine import State, apply
from jantaku.errors import IllegalActionError
from jantaku.events import EndGame, Hora, Penalty, Ryukyoku
from jantaku.logs.replay import replay_events, replay_game
from jantaku.logs.tenhou import TenhouWin, read_xml
from jantaku.logs.tenhou_check import TenhouCheck

DATA = corpus.DATA

# East 3: riichi 1, dora 2, aka 1, ura 0 (yaku="1,1,52,2,54,1,53,0")
_COUNTS = DATA / "paired_xml_json/mjx/2010112714gm-00a9-0000-d497e395.xml"
_COUNTS_YAKU = 'yaku="1,1,52,2,54,1,53,0"'

# East 2 (1 honba, 2 deposits): seat 1 deals into seat 3 (7,700) and seat 0 (5,200);
# seat 3 sits nearer (two seats on), takes the honba and the deposits: its AGARI comes
# first with ba="1,2", seat 0's second with ba="1,0"
_DOUBLE = DATA / "tenhou_xml/agony5757_houou_2020/2020010100gm-00a9-0000-0b366d75.xml.gz"


def _double_text() -> str:
    return gzip.decompress(_DOUBLE.read_bytes()).decode()


@pytest.mark.parametrize(
    ("tampered", "named", "record"),
    [
        # the sums stay 3 han: only separate counts see these
        ('yaku="1,1,52,1,54,2,53,0"', "dora, aka", "dora 1, aka 2, ura 0"),
        ('yaku="1,1,52,2,54,0,53,1"', "aka, ura", "dora 2, aka 0, ura 1"),
        ('yaku="1,1,52,0,54,1,53,2"', "dora, ura", "dora 0, aka 1, ura 2"),
    ],
)
def test_each_dora_count_is_compared_on_its_own(tampered: str, named: str, record: str) -> None:
    text = _COUNTS.read_text()
    assert text.count(_COUNTS_YAKU) == 1
    assert replay_game(read_xml(text)).ok
    result = replay_game(read_xml(text.replace(_COUNTS_YAKU, tampered), ref="tampered"))
    d = result.divergence
    assert d is not None, result.line()
    assert (d.what, d.round) == (named, "E3-0")
    assert (d.record, d.computed) == (record, "dora 2, aka 1, ura 0")


def _agaris(text: str) -> tuple[str, str]:
    start = text.index("<AGARI", text.index('ba="1,2"') - 200)
    first_end = text.index("/>", start) + 2
    second_end = text.index("/>", first_end) + 2
    first, second = text[start:first_end], text[first_end:second_end]
    assert 'who="3" fromWho="1"' in first and 'who="0" fromWho="1"' in second
    return first, second


def test_a_double_ron_listed_out_of_turn_order_diverges() -> None:
    text = _double_text()
    assert replay_game(read_xml(text)).ok
    first, second = _agaris(text)
    swapped = text.replace(first + second, second + first, 1)
    assert swapped != text
    d = replay_game(read_xml(swapped)).divergence
    assert d is not None
    assert d.what == "winner order" and d.round == "E2-1"
    assert d.record == "seats [0, 3] from 1"
    assert d.computed == "seats [3, 0] (nearest the discarder first)"


def test_a_result_for_another_winner_diverges() -> None:
    """The recorded results are matched winner by winner, not by position alone."""
    game = read_xml(_double_text())
    r = next(i for i, recs in enumerate(game.results) if len(recs) == 2)
    one, two = game.results[r]
    assert isinstance(one, TenhouWin) and isinstance(two, TenhouWin)
    results = list(game.results)
    results[r] = (two, one)
    out = replay_events(game.events, game.rules, check=TenhouCheck(results, game.final))
    d = out.divergence
    assert d is not None and d.what == "winner"
    assert (d.record, d.computed) == ("seat 0 from 1", "seat 3 from 1")


def _before_double_ron() -> tuple[State, Hora, Hora]:
    game = read_xml(_double_text())
    events = list(game.events)
    i = next(
        i
        for i, e in enumerate(events)
        if isinstance(e, Hora) and isinstance(events[i + 1], Hora) and e.actor != e.target
    )
    state = State(game.rules)
    for e in events[:i]:
        apply(state, e)
    near, far = events[i], events[i + 1]
    assert isinstance(near, Hora) and isinstance(far, Hora)
    assert (near.actor, far.actor, near.target) == (3, 0, 1)
    return state, near, far


def test_apply_pays_the_honba_and_deposits_to_the_nearest_winner() -> None:
    state, near, far = _before_double_ron()
    assert (state.honba, state.kyotaku) == (1, 2)
    apply(state, near)
    apply(state, far)
    first, second = state.results[-2:]
    assert isinstance(first, Hora) and isinstance(second, Hora)
    # Tenhou's own payments: 7,700 + 300 + 2,000 to seat 3; 5,200 alone to seat 0
    assert first.deltas == (0, -8000, 0, 10000)
    assert second.deltas == (5200, -5200, 0, 0)


def test_apply_refuses_a_double_ron_in_the_other_order() -> None:
    state, near, far = _before_double_ron()
    apply(state, far)
    with pytest.raises(IllegalActionError, match="turn order from the discarder"):
        apply(state, near)
    # the nearer winner's ron is refused as such, not silently paid without the honba
    assert [h.actor for h in state.results if isinstance(h, Hora)][-1] == 0


class _Recorder:
    """A record check that keeps what the replay hands it."""

    def __init__(self) -> None:
        self.wins: list[tuple[int, int, int]] = []
        self.results: list[tuple[int, int, str]] = []
        self.ends = 0

    def before_win(self, state: State, event: Hora, round_no: int, at: int) -> None:
        self.wins.append((round_no, at, event.actor))

    def before_result(self, state: State, event: Hora | Ryukyoku, round_no: int, at: int) -> None:
        pass

    def result(
        self, event: Hora | Ryukyoku, done: Hora | Ryukyoku | Penalty, round_no: int, at: int
    ) -> None:
        assert type(done) is type(event)
        self.results.append((round_no, at, type(done).__name__))

    def end(self, ours: EndGame | None, event: EndGame) -> None:
        assert ours is not None and ours.scores == event.scores
        self.ends += 1


def test_the_generic_replay_hands_every_result_to_the_record_check() -> None:
    """The replay loop knows no Tenhou record: a check of its own sees each win before it
    is applied and each result after, numbered by round and place in the round as the
    record's results are, and the end once."""
    game = read_xml(_double_text())
    recorder = _Recorder()
    assert replay_events(game.events, game.rules, check=recorder).ok
    expected = [
        (r, at, "Hora" if isinstance(rec, TenhouWin) else "Ryukyoku")
        for r, recs in enumerate(game.results)
        for at, rec in enumerate(recs)
    ]
    assert recorder.results == expected
    assert any(at == 1 for _, at, _ in recorder.results)  # the double ron's second win
    assert [(r, at) for r, at, _ in recorder.wins] == [
        (r, at) for r, at, kind in expected if kind == "Hora"
    ]
    assert recorder.ends == 1


def test_without_a_record_check_the_events_own_payments_are_compared() -> None:
    """The default check reads what the events carry: the Tenhou reader writes each win's
    payments into its ``hora``, so a tampered one diverges with no Tenhou check at all,
    and the Tenhou check reads the record's results, not the events."""
    game = read_xml(_double_text())
    assert replay_events(game.events, game.rules).ok
    events = list(game.events)
    i = next(i for i, e in enumerate(events) if isinstance(e, Hora))
    win = events[i]
    assert isinstance(win, Hora) and win.deltas is not None
    wrong = tuple(d + (100 if d > 0 else -100 if d < 0 else 0) for d in win.deltas)
    events[i] = dataclasses.replace(win, deltas=wrong)
    d = replay_events(events, game.rules).divergence
    assert d is not None and d.what == "deltas" and d.event == i
    assert (d.record, d.computed) == (str(wrong), str(win.deltas))
    assert replay_events(events, game.rules, check=TenhouCheck(game.results, game.final)).ok
