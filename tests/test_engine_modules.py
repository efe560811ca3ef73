"""The engine's house: its modules import without cycles, only the transition (and its
fused twin of the usual step) writes the memo, the rule predicates give typed refusals,
and the public edges (settle_hand, settle_match, events_for) agree with the engine's own
transition on seeded matches."""

from __future__ import annotations

import ast
import random
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import pytest

import jantaku.engine
from jantaku.agents import mjai_bot
from jantaku.engine import (
    Chooser,
    NextHand,
    Referee,
    State,
    apply,
    events_for,
    legal_actions,
    settle_hand,
    settle_match,
)
from jantaku.engine.checks import (
    Refusal,
    Refused,
    abort_refusal,
    kyuushu_refusal,
    riichi_refusal,
)
from jantaku.engine.state import Memo, Phase
from jantaku.events import Action, EndGame, EndKyoku, Event, Reach, Ryukyoku
from jantaku.rules import PRESETS

ENGINE = Path(jantaku.engine.__file__).parent
MODULES = sorted(p.stem for p in ENGINE.glob("*.py") if p.stem != "__init__")


def _random_choices(seed: int) -> Chooser:
    rng = random.Random(seed)

    def choose(seat: int, state: State, legal: Sequence[Action]) -> Action:
        return legal[int(rng.random() * len(legal))]

    return choose


def _engine_imports(module: str) -> set[str]:
    """The engine modules that ``module`` imports, at its top or inside a function."""
    tree = ast.parse((ENGINE / f"{module}.py").read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            name = node.module
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name.startswith("jantaku.engine."):
                    found.add(alias.name.split(".")[2])
            continue
        else:
            continue
        if name.startswith("jantaku.engine."):
            found.add(name.split(".")[2])
        elif name == "jantaku.engine":
            found.add("__init__")
    return found


def test_the_engine_modules_import_one_another_without_a_cycle() -> None:
    graph = {m: _engine_imports(m) for m in MODULES}
    assert "__init__" not in set().union(*graph.values()), "a module imports the package"
    done: set[str] = set()

    def visit(m: str, path: tuple[str, ...]) -> None:
        assert m not in path, f"import cycle: {' -> '.join((*path, m))}"
        if m in done:
            return
        for n in graph[m]:
            visit(n, (*path, m))
        done.add(m)

    for m in MODULES:
        visit(m, ())
    # the layering the module map describes
    assert graph["state"] <= {"waits"}
    assert graph["checks"] <= {"state", "waits"}
    assert "legal" not in graph["checks"] | graph["state"] | graph["transition"]


@pytest.mark.parametrize("module", MODULES)
def test_each_engine_module_imports_alone_in_a_fresh_interpreter(module: str) -> None:
    done = subprocess.run(
        [sys.executable, "-c", f"import jantaku.engine.{module}"],
        capture_output=True,
        text=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr


def _writes_memo(module: str) -> list[int]:
    """Lines of ``module`` that assign to the memo's fields or call its writing methods
    (the state only makes a new memo for each hand)."""
    tree = ast.parse((ENGINE / f"{module}.py").read_text(encoding="utf-8"))

    def through_memo(node: ast.AST) -> bool:  # s.memo.x or memo.x (a local alias)
        return isinstance(node, ast.Attribute) and (
            (isinstance(node.value, ast.Attribute) and node.value.attr == "memo")
            or (isinstance(node.value, ast.Name) and node.value.id == "memo")
        )

    def touches(node: ast.AST) -> bool:
        return any(through_memo(n) for n in ast.walk(node))

    lines = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Assign | ast.AugAssign | ast.AnnAssign):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            if any(touches(t) for t in targets):
                lines.append(node.lineno)
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in ("recount", "list_discards")
            and touches(node.func)
        ):
            lines.append(node.lineno)
    return lines


def test_only_the_transition_writes_the_memo() -> None:
    writers = {m for m in MODULES if _writes_memo(m)}
    # step.py: the transition's fused twin of a discard and the next draw
    assert writers == {"seat", "step", "transition"}, {m: _writes_memo(m) for m in writers}


def _memo_snapshot(memo: Memo) -> tuple[object, ...]:
    return (
        [list(x) for x in memo.suits],
        [list(x.items()) for x in memo.discards],
        list(memo.quads),
        list(memo.shanten_floor),
        memo.draw_floor,
    )


@pytest.mark.parametrize("preset", ["tenhou", "tenhou-sanma", "mleague"])
def test_legal_actions_and_the_checks_leave_the_memo_as_they_find_it(preset: str) -> None:
    rules = PRESETS[preset]
    rng = random.Random(5)
    seen = 0
    for seed in range(2):
        ref = Referee(rules, seed=seed)

        def choose(seat: int, state: State, legal: Sequence[Action]) -> Action:
            nonlocal seen
            before = _memo_snapshot(state.memo)
            for other in range(state.players):
                legal_actions(state, other)
                riichi_refusal(state, other)
                kyuushu_refusal(state, other)
            abort_refusal(state, "suufon_renda")
            assert _memo_snapshot(state.memo) == before
            seen += 1
            return legal[int(rng.random() * len(legal))]

        ref.play(choose)
    assert seen > 100


@pytest.mark.parametrize("preset", ["tenhou", "tenhou-sanma"])
def test_the_refusals_are_typed_and_agree_with_the_legal_actions(preset: str) -> None:
    rules = PRESETS[preset]
    rng = random.Random(11)
    kinds: set[Refusal] = set()
    allowed = 0
    for seed in range(3):
        ref = Referee(rules, seed=seed)

        def choose(seat: int, state: State, legal: Sequence[Action]) -> Action:
            nonlocal allowed
            if state.phase == Phase.ACT and seat == state.turn:
                why = riichi_refusal(state, seat)
                assert (why is None) == (Reach(seat) in legal)
                if why is None:
                    allowed += 1
                else:
                    assert isinstance(why, Refused) and isinstance(why.refusal, Refusal)
                    assert str(why) == why.message and why.message
                    kinds.add(why.refusal)
                kyuushu = Ryukyoku(reason="kyuushu_kyuuhai", actor=seat)
                assert (kyuushu_refusal(state, seat) is None) == (kyuushu in legal)
            return legal[int(rng.random() * len(legal))]

        ref.play(choose)
    assert allowed and {Refusal.NOT_TENPAI, Refusal.OPEN_HAND} <= kinds


def test_settle_hand_agrees_with_end_kyoku_on_seeded_matches() -> None:
    checked = 0
    for preset in ("tenhou", "tenhou-sanma", "mleague"):
        rules = PRESETS[preset]
        for seed in range(3):
            ref = Referee(rules, seed=seed)
            log: list[Event] = ref.play(_random_choices(seed))
            s = State(rules)
            for e in log:
                if isinstance(e, EndKyoku):
                    nxt = settle_hand(
                        rules,
                        s.results,
                        scores=s.scores,
                        honba=s.honba,
                        kyotaku=s.kyotaku,
                        round_index=s.round_index,
                        won=s.won,
                        deposit_owners=s.deposit_owners,
                    )
                    apply(s, e)
                    if s.expected is None:
                        assert nxt is None
                    else:
                        assert nxt == NextHand(*s.expected)
                    checked += 1
                else:
                    apply(s, e)
    assert checked >= 9


def test_settle_match_agrees_with_the_referees_end_game_on_seeded_matches() -> None:
    checked = 0
    for preset, rules in PRESETS.items():
        ref = Referee(rules, seed=1)
        log: list[Event] = ref.play(_random_choices(1))
        s = State(rules)
        for e in log:
            if isinstance(e, EndGame):
                end = settle_match(
                    rules,
                    scores=tuple(s.scores),
                    kyotaku=s.kyotaku,
                    won=tuple(s.won),
                    deposit_owners=tuple(s.deposit_owners),
                )
                assert end == e, preset
                checked += 1
            apply(s, e)
    assert checked == len(PRESETS)


def test_events_for_lives_next_to_observe_and_stays_where_it_was() -> None:
    assert mjai_bot.events_for is events_for
    assert jantaku.engine.events_for is events_for
    assert events_for.__module__ == "jantaku.engine.visibility"
