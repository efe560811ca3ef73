"""The terminal table: the screen at 80×24, keys and tile names, riichi, results, leaving."""

from __future__ import annotations

import io
import os
import re
import select
import sys
import time
from collections.abc import Callable
from pathlib import Path

import pytest

from jantaku.agents import EfficiencyAgent
from jantaku.agents.base import RoundEnd
from jantaku.agents.human import HELP, HumanAgent, PlayerLeft, discard_order
from jantaku.agents.render import display_width, explain_win, format_result
from jantaku.cli import main
from jantaku.engine import Referee, View, observe
from jantaku.events import Action, Chi, Dahai, Hora, Pass, Reach
from jantaku.match import MatchResult, play_match
from jantaku.rules import PRESETS, TENHOU, Rules
from jantaku.scoring import BY_ID, Limit
from jantaku.tiles import format_tiles, parse_tiles

CLEAR = "\x1b[H\x1b[2J"


class Player(io.StringIO):
    """A player reading the screen the agent writes: the last tile that may go (the drawn
    one), a pass on calls, a key at each pause."""

    def __init__(self, out: io.StringIO, *, at_pause: str = "\n") -> None:
        super().__init__()
        self.out = out
        self.at_pause = at_pause

    def readline(self, size: int | None = -1, /) -> str:
        text = self.out.getvalue()
        start = text.rfind(CLEAR) if CLEAR in text else text.rfind("\n=== ")
        screen = text[max(start, 0) :]
        prompt = text.splitlines()[-1] if text else ""
        if prompt.startswith("press a key"):
            return self.at_pause
        if prompt.startswith("riichi discard"):
            offered = screen[screen.rfind("riichi: discard one of ") :].split()[4]
            return offered.split(":")[0] + "\n"
        found = re.match(r"discard 1-(\d+)", prompt)
        if found:
            tries = screen.count("discard 1-")
            if tries > int(found[1]):
                raise AssertionError(f"no tile may go: {screen}")
            return f"{int(found[1]) - tries + 1}\n"
        found = re.match(r"choose 1-(\d+)", prompt)
        if found:
            return f"{found[1]}\n"
        return "\n"


def _match(seed: int, rules: Rules = TENHOU) -> tuple[str, MatchResult]:
    """A match of the screen-reading player against efficiency bots: what it was shown."""
    out = io.StringIO()
    human = HumanAgent(stdin=Player(out), stdout=out, clear=True, rules=rules)
    n = rules.players
    bots = [EfficiencyAgent() for _ in range(1, n)]
    names = ("you", *(f"bot{i}" for i in range(1, n)))
    result = play_match([human, *bots], rules, seed, names=names)
    return out.getvalue(), result


def _moment(
    want: Callable[[tuple[Action, ...]], bool],
    seeds: range = range(40),
    riichi: bool = False,
) -> tuple[View, tuple[Action, ...], Referee]:
    """Drive real matches of efficiency bots until seat 0 is offered what ``want`` likes."""
    for seed in seeds:
        ref = Referee(TENHOU, seed=seed)
        bots = [EfficiencyAgent() for _ in range(4)]
        while not ref.done:
            pend = ref.pending()
            if 0 in pend and want(pend[0]) and bool(ref.state.riichi[0]) == riichi:
                return observe(ref.state, 0), pend[0], ref
            ref.submit({s: bots[s].act(observe(ref.state, s), legal) for s, legal in pend.items()})
    raise AssertionError("no such moment")


def _human(script: str) -> tuple[HumanAgent, io.StringIO]:
    out = io.StringIO()
    return HumanAgent(stdin=io.StringIO(script), stdout=out), out


# --- the screen ---------------------------------------------------------------------------


@pytest.mark.parametrize("rules", [TENHOU, PRESETS["tenhou-sanma"]], ids=["4p", "3p"])
def test_every_screen_fits_80_by_24_with_the_round_dora_and_scores_on_it(rules: Rules) -> None:
    text, result = _match(4, rules)
    screens = [s for s in text.split(CLEAR)[1:] if s.strip()]
    assert len(screens) > 40
    for screen in screens:
        # up to the prompt, or the hand's end that follows the last decision
        shown = screen.split("\n--- hand over ---")[0].split("\n=== match over ===")[0]
        lines = shown.splitlines()
        assert len(lines) <= 24, shown
        assert all(display_width(line) <= 80 for line in lines), shown
        assert lines[0].startswith("=== ") and "honba" in lines[0] and "tiles left" in lines[0]
        assert lines[1].startswith("dora indicators: ")
        seats = sum(bool(re.search(r"\(seat \d, \w+\) -?\d+", line)) for line in lines)
        assert seats == rules.players
    results = text.count("--- hand over ---")
    assert results == result.rounds
    assert text.count("press a key for the next hand") == results


def test_the_hand_is_numbered_in_order_with_the_drawn_tile_last() -> None:
    view, legal, _ = _moment(lambda legal: any(isinstance(a, Dahai) for a in legal))
    assert view.drawn is not None
    order = discard_order(view.hand, view.drawn)
    human, out = _human(f"{len(order)}\n")
    chosen = human.act(view, legal)
    assert chosen == Dahai(0, view.drawn, True)
    numbers, names = out.getvalue().splitlines()[-3:-1]
    assert names.split() == [format_tiles([t]) for t in order]
    assert numbers.split() == [str(i) for i in range(1, len(order) + 1)]
    assert names.endswith("   " + format_tiles([view.drawn]))  # set apart, last
    # the same tile keeps its number whether it is chosen by number or by name
    first = format_tiles([order[0]])
    by_name, _ = _human(f"{first}\n")
    by_number, _ = _human("1\n")
    assert by_name.act(view, legal) == by_number.act(view, legal)


def test_a_tile_name_picks_the_discard_and_a_red_five_is_0() -> None:
    view, legal, _ = _moment(lambda legal: any(isinstance(a, Dahai) and a.pai >= 34 for a in legal))
    red = next(a for a in legal if isinstance(a, Dahai) and a.pai >= 34)
    name = format_tiles([red.pai])
    assert name.startswith("0")
    human, _ = _human(f"{name.upper()}\n")
    assert human.act(view, legal) == red
    missing = next(t for t in parse_tiles("123456789m123456789p1234567z") if t not in view.hand)
    human, out = _human(f"{format_tiles([missing])}\n99\nxyz\n1\n")
    assert isinstance(human.act(view, legal), Dahai)
    text = out.getvalue()
    assert f"you hold no {format_tiles([missing])}" in text
    assert text.count("please type a number") == 2


def test_help_key_shows_the_keys_and_asks_again() -> None:
    view, legal, _ = _moment(lambda legal: any(isinstance(a, Dahai) for a in legal))
    human, out = _human("?\nhelp\n1\n")
    assert isinstance(human.act(view, legal), Dahai)
    assert out.getvalue().count(HELP) == 2


def test_a_call_is_chosen_by_number_key_or_word_and_enter_passes() -> None:
    view, legal, _ = _moment(lambda legal: any(isinstance(a, Pass) for a in legal))
    menu_keys = {"1\n", "\n", "x\n", "pass\n"}
    for typed in menu_keys:
        human, _ = _human(typed)
        chosen = human.act(view, legal)
        if typed == "1\n":
            assert not isinstance(chosen, Pass)
        elif not any(isinstance(a, Hora) for a in legal) or typed != "\n":
            assert isinstance(chosen, Pass)


def test_calls_that_share_a_letter_are_told_apart() -> None:
    view, legal, _ = _moment(lambda legal: sum(isinstance(a, Chi) for a in legal) >= 2)
    chiis = [a for a in legal if isinstance(a, Chi)]
    human, out = _human("c\nc2\n")
    assert human.act(view, legal) == chiis[1]
    assert "which one? type c1 or c2" in out.getvalue()
    assert " 1) c1  chii [" in out.getvalue()


# --- riichi -------------------------------------------------------------------------------


def _riichi_moment() -> tuple[View, tuple[Action, ...], Referee]:
    return _moment(lambda legal: any(isinstance(a, Reach) for a in legal))


def test_riichi_can_be_backed_out_of_before_its_discard() -> None:
    view, legal, _ = _riichi_moment()
    last = len(discard_order(view.hand, view.drawn))
    human, out = _human(f"r\nb\n{last}\n")
    chosen = human.act(view, legal)
    assert isinstance(chosen, Dahai) and chosen.tsumogiri  # no riichi was declared
    assert "riichi: discard one of" in out.getvalue() and "no riichi" in out.getvalue()


def test_riichi_then_its_discard_goes_without_asking_again() -> None:
    view, legal, ref = _riichi_moment()
    # the discard offered first with the riichi, by its number
    human2, out2 = _human("r\nb\n")
    with pytest.raises(PlayerLeft):
        human2.act(view, legal)
    first = out2.getvalue().split("riichi: discard one of ")[1].split()[0].split(":")[0]
    human, out = _human(f"r\nxx\n{first}\n")
    chosen = human.act(view, legal)
    assert chosen == Reach(0)
    assert "that discard does not keep the hand tenpai" in out.getvalue()
    ref.submit({0: chosen})
    pend = ref.pending()
    # the engine asks for the riichi discard: the one chosen goes, no input is read
    discard = human.act(observe(ref.state, 0), pend[0])
    assert isinstance(discard, Dahai)
    assert discard.pai == discard_order(view.hand, view.drawn)[int(first) - 1]


def test_after_riichi_the_drawn_tile_goes_by_itself() -> None:
    view, legal, _ = _moment(
        lambda legal: len(legal) == 1 and isinstance(legal[0], Dahai), riichi=True
    )
    human, out = _human("")  # nothing to read: asking would end the input
    assert human.act(view, legal) == legal[0]
    (wanted,) = legal
    assert isinstance(wanted, Dahai) and wanted.tsumogiri
    # a win or a kan after riichi is asked for
    view, legal, _ = _moment(lambda legal: len(legal) > 1, riichi=True)
    human, out = _human("")
    with pytest.raises(PlayerLeft, match="end of input"):
        human.act(view, legal)
    assert "discard 1-" in out.getvalue()


# --- results ------------------------------------------------------------------------------


class _Recorder(EfficiencyAgent):
    wants_hands = True

    def __init__(self) -> None:
        super().__init__()
        self.ends: list[RoundEnd] = []

    def end_round(self, round_end: RoundEnd) -> None:
        self.ends.append(round_end)


def test_each_win_is_itemised_as_it_was_paid() -> None:
    """Every win of real matches is rebuilt from its events into the score the engine
    paid, and shown with kanji and romaji yaku, the fu items, the limit, honba and
    deposits, ura indicators in tile notation."""
    seen: dict[str, int] = {"limit": 0, "honba": 0, "deposits": 0, "ura": 0, "wins": 0}
    for seed in range(6):
        recorder = _Recorder()
        play_match([recorder, *(EfficiencyAgent() for _ in range(3))], TENHOU, seed)
        for end in recorder.ends:
            for hora in end.results:
                if not isinstance(hora, Hora):
                    continue
                b = explain_win(end.events, hora, end.hands[hora.actor], TENHOU)
                assert b is not None, hora
                r = b.result
                seen["wins"] += 1
                text = format_result(hora, ["you", "b1", "b2", "b3"], (), b)
                assert text.startswith("you win by" if hora.actor == 0 else f"b{hora.actor} wins")
                assert "you wins" not in text
                for y in r.yaku:
                    assert f"{y.kanji} {y.romaji}" in text
                assert "_" not in text  # no ids such as menzen_tsumo
                if not r.yakuman:
                    fu_text = text.split("  fu: ")[1].split(f"\n  {r.fu} fu")[0]
                    items = [int(x.split()[-1]) for x in fu_text.replace("\n", " ").split(" + ")]
                    assert sum(items) == r.fu  # the items add up, rounding included
                if r.limit is not Limit.NONE:
                    assert f"{r.limit.value} {r.limit.kanji}" in text
                    seen["limit"] += 1
                if b.honba:
                    assert f"{b.honba} honba (本場): +" in text
                    seen["honba"] += 1
                if b.deposits:
                    assert f"{b.deposits} riichi stick" in text
                    seen["deposits"] += 1
                if hora.ura_markers:
                    shown = "  ".join(f"{format_tiles([t])}" for t in hora.ura_markers)
                    assert all(format_tiles([t]) in text for t in hora.ura_markers), shown
                    assert re.search(r"ura dora indicators: \S+ \d[mpsz]", text)
                    seen["ura"] += 1
    assert all(seen.values()), seen


def test_a_result_names_yaku_in_kanji_and_romaji_and_ura_as_dora_are() -> None:
    east, south = parse_tiles("1z2z")
    win = Hora(
        actor=0,
        target=2,
        pai=east,
        deltas=(2000, 0, -2000, 0),
        ura_markers=(south,),
        yaku=(("riichi", 1), ("menzen_tsumo", 1)),
        han=2,
        fu=30,
        points=2000,
    )
    text = format_result(win, ["you", "b1", "b2", "b3"])
    assert text.splitlines()[0] == "you win by RON on \U0001f000 1z from b2"
    riichi, tsumo = BY_ID["riichi"], BY_ID["menzen_tsumo"]
    assert f"1 han  {riichi.kanji} {riichi.romaji}" in text
    assert f"{tsumo.kanji} {tsumo.romaji}" in text and "menzen_tsumo" not in text
    assert "ura dora indicators: \U0001f001 2z" in text  # not mjai's "S"


# --- leaving ------------------------------------------------------------------------------


class _Interrupting(io.StringIO):
    """An input where the player presses Ctrl-C at the first prompt."""

    def readline(self, size: int | None = -1, /) -> str:
        raise KeyboardInterrupt


def test_ctrl_c_at_the_prompt_leaves_at_once_with_status_0(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    human = HumanAgent(stdin=_Interrupting(), stdout=io.StringIO())
    view, legal, _ = _moment(lambda legal: any(isinstance(a, Dahai) for a in legal))
    with pytest.raises(PlayerLeft, match="interrupted"):
        human.act(view, legal)
    monkeypatch.setattr(sys, "stdin", _Interrupting())
    out = io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    assert main(["play", "--terminal", "--seed", "5"]) == 0
    last = out.getvalue().splitlines()[-1]
    assert last == "interrupted: the match is abandoned (seed 5)."


def test_q_at_the_pause_quits_after_the_first_hand(monkeypatch: pytest.MonkeyPatch) -> None:
    out = io.StringIO()
    monkeypatch.setattr(sys, "stdin", Player(out, at_pause="q\n"))
    monkeypatch.setattr(sys, "stdout", out)
    assert main(["play", "--seed", "2"]) == 0
    text = out.getvalue()
    assert text.count("--- hand over ---") == 1
    assert text.rstrip().endswith("the player quit: the match is abandoned (seed 2).")


def _pty_play(keys: Callable[[int, int], object]) -> tuple[int, str]:
    """``jantaku play`` on a pseudo-terminal under a shell that reports a SIGINT it gets
    (as ``make`` would die of one); ``keys(fd, pid)`` acts at the first prompt."""
    pty = pytest.importorskip("pty")
    jantaku = Path(sys.executable).parent / "jantaku"
    script = (
        f"trap 'echo SHELL-GOT-SIGINT' INT; {jantaku} play --seed 1; echo status=$?; "
        "stty -a | tr ' ;' '\\n\\n' | grep -x -- '-*isig' | sed 's/^/terminal: /'"
    )
    pid, fd = pty.fork()
    if pid == 0:  # pragma: no cover - the child
        os.execvp("sh", ["sh", "-c", script])
    seen = b""
    deadline = time.monotonic() + 60
    acted = False
    while time.monotonic() < deadline:
        ready, _, _ = select.select([fd], [], [], deadline - time.monotonic())
        if not ready:
            os.kill(pid, 9)  # a hang: fail below rather than wait forever
            break
        try:
            chunk = os.read(fd, 4096)
        except OSError:
            break
        if not chunk:
            break
        seen += chunk
        if not acted and b"(? help, q quit): " in seen:
            acted = True
            keys(fd, pid)
    os.waitpid(pid, 0)
    os.close(fd)
    return acted, seen.decode(errors="replace")


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX terminals")
def test_ctrl_c_on_a_terminal_quits_cleanly_and_no_signal_reaches_the_shell() -> None:
    acted, text = _pty_play(lambda fd, pid: os.write(fd, b"12\x03"))
    assert acted
    assert "interrupted: the match is abandoned (seed 1)." in text
    assert "status=0" in text
    assert "SHELL-GOT-SIGINT" not in text and "Traceback" not in text
    assert "terminal: isig" in text  # the terminal is left as it was: Ctrl-C a signal


@pytest.mark.skipif(sys.platform == "win32", reason="POSIX terminals")
def test_a_sigint_while_playing_quits_with_status_0() -> None:
    import signal

    def interrupt(fd: int, pid: int) -> None:
        time.sleep(0.2)
        # the game is the shell's child: signal every process of the group, as a terminal does
        os.killpg(os.getpgid(pid), signal.SIGINT)

    acted, text = _pty_play(interrupt)
    assert acted
    assert "interrupted: the match is abandoned (seed 1)." in text
    assert "status=0" in text and "Traceback" not in text
