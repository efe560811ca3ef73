"""The built-in agents: what each one does in real matches, checked decision by decision."""

from __future__ import annotations

import io
import random
from collections.abc import Sequence
from typing import Any

import pytest
from mahjong.shanten import Shanten  # test-only judge

from jantaku.agents import (
    Agent,
    EfficiencyAgent,
    HumanAgent,
    RandomAgent,
    TsumogiriAgent,
    make_agent,
)
from jantaku.agents.efficiency import rank_discards
from jantaku.agents.human import render_view
from jantaku.engine import Referee, View, observe
from jantaku.errors import AgentError
from jantaku.events import (
    Action,
    Chi,
    Dahai,
    Daiminkan,
    Hora,
    Kakan,
    Pass,
    Pon,
    Reach,
    Ryukyoku,
)
from jantaku.match import play_match
from jantaku.rules import PRESETS
from jantaku.tiles import KIND_OF, counts34, format_tiles

JUDGE = Shanten()


class Spy(Agent):
    """Records every (view, legal, answer) of the agent it wraps."""

    def __init__(self, inner: Agent) -> None:
        self.inner = inner
        self.name = inner.name
        self.seen: list[tuple[View, tuple[Action, ...], Action]] = []

    def act(self, view: Any, legal: Sequence[Action]) -> Action:
        answer = self.inner.act(view, legal)
        self.seen.append((view, tuple(legal), answer))
        return answer


def test_random_agent_is_reproducible_and_uses_every_kind_of_answer() -> None:
    a = play_match([RandomAgent(seed=i) for i in range(4)], seed=8)
    b = play_match([RandomAgent(seed=i) for i in range(4)], seed=8)
    assert a.log == b.log
    spy = Spy(RandomAgent(seed=1))
    play_match([spy, *(RandomAgent(seed=i) for i in range(2, 5))], seed=3)
    kinds = {type(answer) for _, _, answer in spy.seen}
    assert {Dahai, Pass} <= kinds and len(kinds) >= 3
    assert all(answer in legal for _, legal, answer in spy.seen)


def test_tsumogiri_agent_only_discards_what_it_draws() -> None:
    spy = Spy(TsumogiriAgent())
    result = play_match([RandomAgent(1), spy, RandomAgent(2), RandomAgent(3)], seed=5)
    assert spy.seen
    mine = [e for e in result.log if getattr(e, "actor", None) == 1]
    assert not any(isinstance(e, Chi | Pon | Daiminkan | Kakan | Reach | Hora) for e in mine)
    discards = [e for e in mine if isinstance(e, Dahai)]
    assert discards and all(d.tsumogiri for d in discards)
    for _, legal, answer in spy.seen:
        if any(isinstance(a, Pass) for a in legal):
            assert isinstance(answer, Pass)


def _hand_counts(view: View) -> list[int]:
    return counts34(view.hand)


def test_efficiency_agent_decisions_in_matches() -> None:
    """Every answer follows the stated policy, with shanten judged by the mahjong package."""
    spies = [Spy(EfficiencyAgent()) for _ in range(4)]
    wins = reaches = discards = 0
    for seed in range(3):
        for s in spies:
            s.seen.clear()
        play_match(spies, seed=seed)
        for spy in spies:
            for view, legal, answer in spy.seen:
                assert answer in legal
                if any(isinstance(a, Hora) for a in legal):
                    assert isinstance(answer, Hora)  # wins whenever it may
                    wins += 1
                    continue
                if not isinstance(answer, Dahai) or view.riichi[view.seat]:
                    if isinstance(answer, Reach):
                        reaches += 1
                        c = _hand_counts(view)
                        best = min(JUDGE.calculate_shanten(_minus(c, k)) for k in range(34) if c[k])
                        assert best == 0  # riichi only when tenpai
                    continue
                c = _hand_counts(view)
                if sum(c) % 3 != 2:
                    continue
                discards += 1
                after = JUDGE.calculate_shanten(_minus(c, KIND_OF[answer.pai]))
                options = {KIND_OF[a.pai] for a in legal if isinstance(a, Dahai)}
                best = min(JUDGE.calculate_shanten(_minus(c, k)) for k in options)
                folding = any(r for s, r in enumerate(view.riichi) if s != view.seat)
                if not folding:
                    assert after == best, (format_tiles(view.hand), answer)
                # and riichi was taken whenever it was offered with a tenpai discard
                if any(isinstance(a, Reach) for a in legal):
                    assert best > 0
    assert wins > 0 and reaches > 0 and discards > 100


def _minus(c: list[int], k: int) -> list[int]:
    out = list(c)
    out[k] -= 1
    return out


def test_rank_discards_agrees_with_the_mahjong_package() -> None:
    rng = random.Random(2024)
    wall = [k for k in range(34) for _ in range(4)]
    for _ in range(150):
        hand = rng.sample(wall, 14)
        ranked = rank_discards(hand)
        c = counts34(hand)
        judged = {k: JUDGE.calculate_shanten(_minus(c, k)) for k in set(hand)}
        assert {k: s for s, _, k in ranked} == judged
        best_kind = ranked[0][2]
        assert judged[best_kind] == min(judged.values())
        # acceptance of the best discard: the tiles not in the hand of every kind that
        # lowers the judged shanten
        rest = _minus(c, best_kind)
        acc = sum(
            4 - c[k]
            for k in range(34)
            if rest[k] < 4
            and JUDGE.calculate_shanten([*rest[:k], rest[k] + 1, *rest[k + 1 :]])
            < judged[best_kind]
        )
        assert -ranked[0][1] == acc
        assert all(-ranked[0][1] >= -r[1] for r in ranked if r[0] == ranked[0][0])


def test_efficiency_beats_random() -> None:
    places = {"efficiency": 0, "random": 0}
    games = 4
    for seed in range(games):
        agents: list[Agent] = [
            RandomAgent(seed),
            EfficiencyAgent(),
            RandomAgent(seed + 50),
            EfficiencyAgent(),
        ]
        shift = seed % 4
        agents = agents[shift:] + agents[:shift]
        result = play_match(agents, seed=seed)
        for seat, a in enumerate(agents):
            places[a.name] += result.placements[seat]
    assert places["efficiency"] / (2 * games) < places["random"] / (2 * games)


def test_efficiency_plays_three_player_matches() -> None:
    rules = PRESETS["tenhou-sanma"]
    result = play_match([EfficiencyAgent() for _ in range(3)], rules=rules, seed=1)
    assert result.tsumo + result.ron > 0
    assert sum(result.scores) == rules.start_points * 3


def test_make_agent_knows_the_bots() -> None:
    assert isinstance(make_agent("efficiency"), EfficiencyAgent)
    assert isinstance(make_agent("tsumogiri"), TsumogiriAgent)
    with pytest.raises(AgentError) as info:
        make_agent("alphago", seat=2)
    assert info.value.seat == 2


# --- the human agent ------------------------------------------------------------------


def _a_claim_moment() -> tuple[View, tuple[Action, ...], Referee]:
    """Drive a real match until seat 0 may call a discard."""
    ref = Referee(PRESETS["tenhou"], seed=6)
    rng = random.Random(0)
    while not ref.done:
        pend = ref.pending()
        legal = pend.get(0)
        if legal and any(isinstance(a, Pass) for a in legal) and ref.state.phase_name == "claim":
            return observe(ref.state, 0), legal, ref
        ref.submit({s: (acts[-1] if s == 0 else rng.choice(acts)) for s, acts in pend.items()})
    raise AssertionError("no claim came")


def test_render_view_shows_the_table_as_a_player_reads_it() -> None:
    view, _, _ = _a_claim_moment()
    text = render_view(view)
    assert "East 1" in text or "East 2" in text or "South" in text
    assert "dora indicators:" in text and "your hand:" in text
    assert format_tiles(sorted(view.hand, key=lambda t: (KIND_OF[t], t < 34))) in text
    assert "discarded" in text
    for s in range(4):
        assert str(view.scores[s]) in text
    # the view holds no hidden tile of another seat
    assert "🀫" not in text


def test_human_agent_reads_choices_and_handles_bad_input_and_eof() -> None:
    view, legal, _ = _a_claim_moment()
    out = io.StringIO()
    human = HumanAgent(stdin=io.StringIO(f"abc\n0\n{len(legal) + 1}\n{len(legal)}\n"), stdout=out)
    assert human.act(view, legal) == legal[-1]
    text = out.getvalue()
    assert text.count("please type a number") == 3
    assert f"{len(legal):>2}) x   pass" in text
    with pytest.raises(EOFError):
        HumanAgent(stdin=io.StringIO(""), stdout=io.StringIO()).act(view, legal)
    with pytest.raises(EOFError, match="quit"):
        HumanAgent(stdin=io.StringIO("q\n"), stdout=io.StringIO()).act(view, legal)


def test_human_sees_every_hand_result() -> None:
    """A scripted human (always the first choice) plays whole matches and is told every
    result; matches are played until one ends a hand in a draw with a tenpai hand shown."""
    shown = 0
    for seed in range(20):
        out = io.StringIO()
        script = "".join(f"{i % 15 + 1}\n" for i in range(30000))
        human = HumanAgent(stdin=io.StringIO(script), stdout=out)
        result = play_match(
            [human, EfficiencyAgent(), EfficiencyAgent(), EfficiencyAgent()], seed=seed
        )
        text = out.getvalue()
        assert text.count("--- hand over ---") == result.rounds
        wins = text.count(" wins by ") + text.count("you win by ")
        assert wins == result.tsumo + result.ron
        assert "=== match over ===" in text
        if result.tsumo + result.ron:
            assert " fu " in text and " han" in text and "payments:" in text
        # what the others did is told before each choice, their draws never
        news = [line for line in text.splitlines() if line.startswith("since your last choice: ")]
        assert len(news) > 10 and all("you " not in line for line in news)
        assert any("seat 1 discards" in line for line in news)
        for e in result.log:  # a tenpai hand at a draw is shown with its tiles
            if isinstance(e, Ryukyoku) and e.tenpai and e.tehais is not None:
                for s in e.tenpai:
                    tiles = sorted(e.tehais[s], key=lambda t: (KIND_OF[t], t < 34))
                    assert format_tiles(tiles) in text
                    shown += 1
        if shown:
            break
    assert shown > 0
