"""Whole matches per second, as a player or a trainer pays them, with the peers' figures
measured in the same run.

Figures, four players (Tenhou rules) and three (Tenhou sanma):

- *random, a view every decision*: the referee driven by a uniform random policy
  (``legal[int(u * len(legal))]``), a view made for every deciding seat at every
  decision, as an agent that looks at the table is shown one (:attr:`Referee.observe`,
  kept up to date from the events, as :func:`~jantaku.match.play_match` shows it);
  its peer is riichienv's stepped ``RiichiEnv`` (an observation every step) driven by
  the same policy. Target, four and three players: 3x riichienv.
- *random, views built afresh*: the same with every view built from the whole state
  (:func:`~jantaku.engine.observe`, the reference the kept views are pinned to).
- *random, bare referee*: the same without views (what a fuzzer drives); target 4x
  riichienv's stepped environment. What views add to a match is printed
  from these three: each view figure's time per match less the bare referee's.
- *play_match, random agents* (they look at nothing: no views) and *play_match,
  efficiency agents* (a view every decision), against jansou's ``Environment.run``
  with its ``RandomAgent`` and ``SmartEfficiencyAgent``.

Seeded; times are this process's CPU time, so other work on a shared machine does not
skew them. Each round plays every figure's matches once, one library after the
other, on seeds no earlier round played (the same seeds for every library in a round,
so no figure is helped by memos its own matches filled before); the median of the
rounds is printed, with its ratio to the peer measured in the same rounds. A few
matches on other seeds are played first, so the once-per-process work (imports) is not
counted as a match's.

    python bench/bench_engine.py [--games N] [--rounds R] [--profile]
"""

from __future__ import annotations

import argparse
import cProfile
import pstats
import random
import statistics
import time
from collections.abc import Callable

import jantaku
from jantaku.agents import Agent, EfficiencyAgent, RandomAgent
from jantaku.engine import Referee, observe
from jantaku.match import play_match
from jantaku.rules import PRESETS, Rules

clock = time.process_time
_JANSOU_PRESET = {"tenhou": "tenhou", "tenhou-sanma": "tenhou-3p"}
_RIICHIENV_MODE = {4: "4p-red-half", 3: "3p-red-half"}


def referee_random(rules: Rules, games: int, first: int = 0, *, views: str = "") -> float:
    """Hanchan per second: the referee driven by random choices, with a view for every
    deciding seat kept up to date by the referee (``views="kept"``,
    :attr:`Referee.observe`), built afresh from the state (``"fresh"``,
    :func:`~jantaku.engine.observe`), or none (``""``)."""
    start = clock()
    for seed in range(first, first + games):
        uniform = random.Random(seed).random
        ref = Referee(rules, seed=seed)
        pending, submit, state = ref.pending, ref.submit, ref.state
        kept = ref.observe
        while not ref.done:
            choices = {}
            for s, legal in pending().items():
                if views:
                    if views == "kept":
                        kept(s)
                    else:
                        observe(state, s)
                choices[s] = legal[int(uniform() * len(legal))]
            submit(choices)
    return games / (clock() - start)


def riichienv_random(players: int, games: int, first: int = 0) -> float:
    """Hanchan per second: riichienv's stepped environment, an observation every step,
    driven by the same uniform random policy."""
    from riichienv import RiichiEnv

    start = clock()
    for seed in range(first, first + games):
        uniform = random.Random(seed).random
        env = RiichiEnv(game_mode=_RIICHIENV_MODE[players], skip_mjai_logging=True, seed=seed)
        obs = env.reset()
        while not env.done():
            actions = {}
            for pid, o in obs.items():
                legal = o.legal_actions()
                actions[pid] = legal[int(uniform() * len(legal))]
            obs = env.step(actions)
    return games / (clock() - start)


def matches(rules: Rules, games: int, kind: str, first: int = 0) -> float:
    """Hanchan per second through play_match with the named agents."""
    start = clock()
    for seed in range(first, first + games):
        n = rules.players
        agents: list[Agent] = [
            EfficiencyAgent() if kind == "efficiency" else RandomAgent(seed * 8 + i)
            for i in range(n)
        ]
        play_match(agents, rules, seed)
    return games / (clock() - start)


def jansou_matches(preset: str, games: int, kind: str, first: int = 0) -> float:
    """Hanchan per second through jansou's Environment.run with its agents."""
    from jansou.core.rules import PRESETS as JANSOU_PRESETS
    from jansou.game.agents import RandomAgent as JRandom
    from jansou.game.agents import SmartEfficiencyAgent
    from jansou.game.environment import Environment

    rules = JANSOU_PRESETS[_JANSOU_PRESET[preset]]
    make = SmartEfficiencyAgent if kind == "efficiency" else JRandom
    start = clock()
    for seed in range(first, first + games):
        agents = [make(seed=seed * 8 + i) for i in range(rules.player_count)]
        Environment(rules, seed=seed).run(agents)  # type: ignore[arg-type]
    return games / (clock() - start)


def _installed(module: str) -> bool:
    try:
        __import__(module)
    except ImportError:
        return False
    return True


def _preset(preset: str, g: int, rounds: int, verdicts: list[str]) -> None:
    """Measure one preset's figures and its peers', print them, add the verdicts."""
    has_riichienv, has_jansou = _installed("riichienv"), _installed("jansou")
    rules = PRESETS[preset]
    n = rules.players
    warm = 1_000_000  # seeds apart from the timed ones
    referee_random(rules, 3, warm, views="kept")
    matches(rules, 1, "efficiency", warm)
    few = max(g // 5, 2)
    # each round plays new seeds (the same for every library in that round), so that no
    # figure is helped by memos its own matches filled in an earlier round
    figures: dict[str, tuple[Callable[[int], float], str | None]] = {
        "random, a view every decision": (
            lambda first: referee_random(rules, g, first, views="kept"),
            "riichienv RiichiEnv.step, same policy",
        ),
        "random, views built afresh": (
            lambda first: referee_random(rules, g, first, views="fresh"),
            "riichienv RiichiEnv.step, same policy",
        ),
        "random, bare referee": (
            lambda first: referee_random(rules, g, first, views=""),
            "riichienv RiichiEnv.step, same policy",
        ),
        "play_match, random agents": (
            lambda first: matches(rules, g, "random", first),
            "jansou Environment.run, RandomAgent",
        ),
        "play_match, efficiency agents": (
            lambda first: matches(rules, few, "efficiency", first),
            "jansou Environment.run, SmartEfficiencyAgent",
        ),
    }
    peers: dict[str, Callable[[int], float] | None] = {
        "riichienv RiichiEnv.step, same policy": (
            (lambda first: riichienv_random(n, g, first)) if has_riichienv else None
        ),
        "jansou Environment.run, RandomAgent": (
            (lambda first: jansou_matches(preset, g, "random", first)) if has_jansou else None
        ),
        "jansou Environment.run, SmartEfficiencyAgent": (
            (lambda first: jansou_matches(preset, few, "efficiency", first)) if has_jansou else None
        ),
    }
    runs: dict[str, list[float]] = {}
    for round_ in range(rounds):
        first = round_ * g
        for label, (run, _peer) in figures.items():
            runs.setdefault(label, []).append(run(first))
        for label, peer_run in peers.items():
            if peer_run is not None:
                try:
                    runs.setdefault(label, []).append(peer_run(first))
                except Exception as e:  # a peer without this mode: say so
                    print(f"  ({label} on {preset}: {type(e).__name__}: {e})")
                    peers[label] = None
    rate = {label: statistics.median(v) for label, v in runs.items()}
    for label, (_run, peer) in figures.items():
        ours = rate[label]
        theirs = rate.get(peer or "")
        versus = (
            f"{ours / theirs:5.2f}x {peer} ({theirs:.1f}/s)"
            if theirs
            else (f"{peer}: not installed")
        )
        print(f"  {preset:<13} {label:<30} {ours:7.1f} /s  {versus}", flush=True)
    views = rate["random, a view every decision"]
    bare = rate["random, bare referee"]
    fresh = rate["random, views built afresh"]
    print(
        f"  {preset:<13} what views add to a match (each view-every-decision figure "
        f"against the bare referee): kept {1000 / views - 1000 / bare:.2f} ms, "
        f"built afresh {1000 / fresh - 1000 / bare:.2f} ms",
        flush=True,
    )
    peer_rate = rate.get("riichienv RiichiEnv.step, same policy")
    if not peer_rate:
        verdicts.append(f"----  {preset}: random play against riichienv: not installed")
        return
    for label, ours, want in (
        ("random play with a view every decision", views, 3),
        ("bare random play", bare, 4),
    ):
        ratio = ours / peer_rate
        verdicts.append(
            ("PASS" if ratio >= want else "FAIL")
            + f"  {preset}: {label} >= {want}x riichienv: {ratio:.2f}x "
            f"({ratio / want:.0%} of the target; {want * peer_rate:.1f}/s needed, "
            f"{ours:.1f}/s played)"
        )


def main() -> None:
    """Print the figures (or a profile of random play with views with ``--profile``)."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=20, help="random matches per figure")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--profile", action="store_true", help="profile random play with views")
    args = parser.parse_args()
    if args.profile:
        prof = cProfile.Profile()
        prof.enable()
        referee_random(PRESETS["tenhou"], args.games, views="kept")
        prof.disable()
        pstats.Stats(prof).sort_stats("tottime").print_stats(25)
        return
    print(
        f"engine: whole hanchan per second per core (CPU time, seeded), median of "
        f"{args.rounds} rounds; ratios to the peer measured in the same rounds; "
        f"jantaku {jantaku.build()}"
    )
    verdicts: list[str] = []
    for preset in ("tenhou", "tenhou-sanma"):
        _preset(preset, args.games, args.rounds, verdicts)
    print("targets:")
    for line in verdicts:
        print(f"  {line}")


if __name__ == "__main__":
    main()
