"""A human player at a terminal: the table on one 80×24 screen, choices by key.

Each decision shows the table from the player's seat — the hand name, dora
indicators, every seat's score, wind, riichi, melds and discards (the riichi tile in
``(brackets)`` as if turned sideways, a tile called away marked ``'``) — what the
others did since, and the player's own hand with each tile numbered: the hand sorted,
the drawn tile last, so a tile keeps its number from one turn to the next. A discard
is chosen by its number or by its name (``5m``, ``0p`` for a red five); the other
actions by a letter (``w`` win, ``r`` riichi, ``c`` chii, ``p`` pon, ``k`` kan,
``n`` north, ``a`` nine terminals, ``x`` pass — Enter passes too, unless a win is
offered); on a call the choices are numbered as well. ``?`` shows the keys, ``q``
quits.

Riichi takes two steps: ``r`` shows the discards that keep the hand tenpai, and the
riichi is declared only once one is chosen (``b`` backs out). After riichi the drawn
tile is discarded by itself unless a win or a kan is possible. Every hand's result is
shown with its yaku, fu, limit and payments, and the table waits for a key.

It reads and writes the streams it is given, so tests drive it with ``io.StringIO``.
Leaving — ``q``, the end of input or Ctrl-C — raises :class:`PlayerLeft` (an
``EOFError``) at once.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import IO, cast

from jantaku.agents.base import Agent, RoundEnd
from jantaku.agents.render import (
    WIDTH,
    WinBreakdown,
    describe_action,
    discard_order,
    explain_win,
    format_hand_line,
    format_result,
    render_view,
    round_name,
    tile_text,
    wrap_items,
)
from jantaku.engine.view import View
from jantaku.errors import JantakuError
from jantaku.events import (
    Action,
    Ankan,
    Chi,
    Dahai,
    Daiminkan,
    Dora,
    EndGame,
    Event,
    Flower,
    Hora,
    Kakan,
    Nukidora,
    Pass,
    Pon,
    Reach,
    Ryukyoku,
    StartGame,
    StartKyoku,
)
from jantaku.hand import shanten
from jantaku.meld import format_meld
from jantaku.rules import Rules
from jantaku.tiles import (
    KIND_OF,
    counts34,
    format_tiles,
    parse_tiles,
    sort_key,
)

__all__ = ["HELP", "HumanAgent", "PlayerLeft", "discard_order", "menu_order", "render_view"]

HELP = """\
keys:  1-14 or a tile name (5m, 0p = red five, 1z-7z honors) discards that tile;
       the drawn tile is always last.  w win (tsumo / ron)   r riichi (then pick
       the discard, b backs out)   c chii   p pon   k kan   n north   a nine
       terminals   x or Enter pass (Enter does not pass a win)   ? help   q quit
       (Ctrl-C quits too).  When several calls share a key: c1, c2 …"""
"""The help shown for ``?``."""

_LETTER = {
    Hora: "w",
    Reach: "r",
    Chi: "c",
    Pon: "p",
    Daiminkan: "k",
    Kakan: "k",
    Ankan: "k",
    Nukidora: "n",
    Ryukyoku: "a",
    Pass: "x",
}
_WORDS = {
    "tsumo": "w",
    "ron": "w",
    "win": "w",
    "hora": "w",
    "riichi": "r",
    "reach": "r",
    "chii": "c",
    "chi": "c",
    "pon": "p",
    "kan": "k",
    "kita": "n",
    "north": "n",
    "pass": "x",
    "skip": "x",
}
_QUIT = frozenset(("q", "quit", "exit"))
_BACK = frozenset(("b", "back", "r", "cancel"))


class PlayerLeft(EOFError):
    """The player left the table: ``q``, the end of the input, or an interrupt (Ctrl-C)."""


def menu_order(legal: Sequence[Action]) -> list[Action]:
    """The legal actions as a menu: wins first, then riichi and calls, the discards in
    hand order with the drawn tile last, a pass at the end.

    >>> menu = menu_order([Dahai(0, 33, True), Dahai(0, 2, False), Reach(0), Hora(0, 0, 33)])
    >>> [describe_action(a) for a in menu]  # doctest: +NORMALIZE_WHITESPACE
    ['TSUMO (win)', 'riichi (then choose the discard)', 'discard 🀉 3m',
     'discard 🀄 7z (drawn tile)']
    """

    def key(a: Action) -> tuple[int, bool, tuple[int, int]]:
        match a.kind:
            case "hora":
                return (0, False, (0, 0))
            case "dahai":
                d = cast(Dahai, a)  # the one class of kind "dahai"
                return (2, d.tsumogiri, sort_key(d.pai))
            case "none":
                return (3, False, (0, 0))
        return (1, False, (0, 0))

    return sorted(legal, key=key)


@dataclass(frozen=True, slots=True)
class _Choice:
    """One entry of the menu: the key that picks it and the action."""

    key: str
    action: Action


def _keyed(actions: Sequence[Action]) -> list[_Choice]:
    """Letter keys for the actions other than discards: ``p``, or ``c1``, ``c2`` when a
    letter is shared."""
    letters = [_LETTER.get(type(a), "?") for a in actions]
    out = []
    for a, letter in zip(actions, letters, strict=True):
        same = [b for b, m in zip(actions, letters, strict=True) if m == letter]
        key = letter if len(same) == 1 else f"{letter}{same.index(a) + 1}"
        out.append(_Choice(key, a))
    return out


class HumanAgent(Agent):
    """A player at a terminal: shows the table and the choices, reads a key or a tile.

    >>> import io
    >>> from jantaku.events import Pass, Pon
    >>> out = io.StringIO()
    >>> human = HumanAgent(stdin=io.StringIO("y\\n3\\n2\\n"), stdout=out, show_table=False)
    >>> human.act(None, [Pon(0, 3, 31, (31, 31)), Pass(0)])
    Pass(actor=0)
    >>> print(out.getvalue().rstrip())
     1) p   pon [555-z]
     2) x   pass (or Enter)
    choose 1-2 or a key (? help, q quit): please type a number from 1 to 2 or a key shown
    choose 1-2 or a key (? help, q quit): please type a number from 1 to 2 or a key shown
    choose 1-2 or a key (? help, q quit):
    """

    name = "human"
    wants_hands = True
    wants_events = True

    def __init__(
        self,
        stdin: IO[str] | None = None,
        stdout: IO[str] | None = None,
        *,
        show_table: bool = True,
        names: Sequence[str] | None = None,
        rules: Rules | None = None,
        pause: bool = True,
        clear: bool | None = None,
    ) -> None:
        """``pause`` waits for a key after each hand's result; ``clear`` starts each
        decision on a cleared screen (by default when ``stdout`` is a terminal);
        ``rules`` (else read from the match's ``start_game``) itemise the results."""
        self.stdin = stdin if stdin is not None else sys.stdin
        self.stdout = stdout if stdout is not None else sys.stdout
        self.show_table = show_table
        self.names = tuple(names) if names is not None else None
        self.rules = rules
        self.pause = pause
        self.clear = clear if clear is not None else _is_terminal(self.stdout)
        self.seat = 0
        self.players = 4
        self._news: list[str] = []
        self._notes: list[str] = []
        self._riichi_discard: Dahai | None = None

    # --- input and output ---------------------------------------------------------------

    def _print(self, text: str = "") -> None:
        self.stdout.write(text + "\n")
        self.stdout.flush()

    def _readline(self, prompt: str) -> str:
        """One line typed by the player, stripped; leaving raises :class:`PlayerLeft`."""
        try:
            with _ctrl_c_as_key(self.stdin, single=False) as terminal:
                self.stdout.write(prompt)  # once Ctrl-C is a key: it may come at once
                self.stdout.flush()
                if terminal:  # a line as the terminal ends it: Enter, Ctrl-C or Ctrl-D
                    line = os.read(self.stdin.fileno(), 4096).decode(errors="replace")
                else:
                    line = self.stdin.readline()
        except KeyboardInterrupt:
            self._print()
            raise PlayerLeft("interrupted") from None
        if _CTRL_C in line:
            self._print()
            raise PlayerLeft("interrupted")
        if not line:
            self._print()
            raise PlayerLeft("end of input")
        text = line.strip()
        if text.lower() in _QUIT:
            raise PlayerLeft("the player quit")
        return text

    def _wait_for_key(self, prompt: str) -> None:
        """Wait for one key (a line when the input is not a terminal); ``q`` leaves."""
        try:
            with _ctrl_c_as_key(self.stdin, single=True) as single:
                self.stdout.write(prompt)
                self.stdout.flush()
                if single:
                    key = os.read(self.stdin.fileno(), 1).decode(errors="replace")
                    self._print()
                    if key in ("", "\x04"):
                        raise PlayerLeft("end of input")
                else:
                    key = self.stdin.readline()
                    if not key:
                        self._print()
                        raise PlayerLeft("end of input")
        except KeyboardInterrupt:
            self._print()
            raise PlayerLeft("interrupted") from None
        if _CTRL_C in key:
            raise PlayerLeft("interrupted")
        if key.strip().lower() in _QUIT:
            raise PlayerLeft("the player quit")

    def _who(self, seat: int) -> str:
        if seat == self.seat:
            return "you"
        if self.names is not None:
            return self.names[seat]
        return f"seat {seat}"

    # --- the match's hooks ---------------------------------------------------------------

    def start_match(self, seat: int, players: int) -> None:
        """Remember the seat; greet."""
        self.seat = seat
        self.players = players
        self._print(
            f"You sit at seat {seat} of {players}. Discard by number or tile name (5m); "
            "? shows the keys."
        )

    def see(self, events: Sequence[Event]) -> None:
        """Note what the other seats did, to tell the player before the next choice."""
        for e in events:
            if isinstance(e, StartGame) and self.rules is None and e.rules is not None:
                try:
                    self.rules = Rules.from_dict(dict(e.rules))
                except JantakuError:
                    self.rules = None
            line = self._narrate(e)
            if line:
                self._news.append(line)

    def _narrate(self, e: Event) -> str:
        kind = e.kind  # each kind is one class (see Event.kind): the casts below are exact
        if kind == "start_kyoku":
            self._news.clear()
            self._riichi_discard = None
            return ""
        actor = getattr(e, "actor", None)
        if actor == self.seat or kind in ("tsumo", "hora", "ryukyoku", "reach_accepted"):
            return ""
        who = self._who(actor) if actor is not None else ""
        match kind:
            case "dahai":
                d = cast(Dahai, e)
                return f"{who} discards {tile_text(d.pai)}" + (" (drawn)" if d.tsumogiri else "")
            case "reach":
                return f"{who} declares RIICHI"
            case "dora":
                return f"new dora indicator {tile_text(cast(Dora, e).dora_marker)}"
            case "chi" | "pon" | "daiminkan" | "kakan" | "ankan" | "kita":
                call = cast("Chi | Pon | Daiminkan | Kakan | Ankan | Nukidora", e)
                return f"{who}: {describe_action(call, self.players)}"
            case "flower":
                return f"{who} sets aside a flower {tile_text(cast(Flower, e).pai)}"
        return ""

    # --- a decision ----------------------------------------------------------------------

    def act(self, view: View | None, legal: Sequence[Action]) -> Action:
        """Show the table and the choices; read one. Raises :class:`PlayerLeft` (an
        ``EOFError``) when the player quits, the input ends or Ctrl-C is pressed."""
        auto = self._automatic(view, legal)
        if auto is not None:
            return auto
        self._show(view)
        discards = [a for a in legal if isinstance(a, Dahai)]
        others = [a for a in menu_order(legal) if not isinstance(a, Dahai)]
        if discards and view is not None:
            return self._choose_discard(view, discards, others)
        return self._choose_numbered(menu_order(legal))

    def _automatic(self, view: View | None, legal: Sequence[Action]) -> Action | None:
        """The discard a riichi has settled: the one chosen with it, or the drawn tile
        once in riichi when nothing else (a win, a kan) is possible."""
        pending, self._riichi_discard = self._riichi_discard, None
        if pending is not None and pending in legal:
            self._notes.append(f"you declare RIICHI and discard {tile_text(pending.pai)}")
            return pending
        if view is not None and view.riichi[view.seat] and len(legal) == 1:
            (only,) = legal
            if isinstance(only, Dahai) and only.tsumogiri:
                self._notes.append(f"riichi: you discard the drawn {tile_text(only.pai)}")
                return only
        return None

    def _show(self, view: View | None) -> None:
        if self.clear:
            self.stdout.write("\x1b[H\x1b[2J")
        elif self.show_table and view is not None:
            self._print()
        table = []
        if self.show_table and view is not None:
            table = render_view(view, [self._who(s) for s in range(view.players)]).splitlines()
        told = []
        if self._news:
            told.extend(_latest(self._news))
            self._news.clear()
        told.extend(self._notes[-2:])
        self._notes.clear()
        # what happened goes just above one's own hand
        at = next((i for i, line in enumerate(table) if line.startswith("your hand:")), len(table))
        for line in [*table[:at], *told, *table[at:]]:
            self._print(line)

    def _choose_numbered(self, menu: list[Action]) -> Action:
        """A call, a win or a pass on another's tile: numbered choices, letter keys too."""
        choices = _keyed(menu)
        for i, c in enumerate(choices, start=1):
            label = self._label(c.action)
            if isinstance(c.action, Pass):
                label += " (or Enter)" if not any(isinstance(a, Hora) for a in menu) else ""
            self._print(f"{i:>2}) {c.key:<3} {label}")
        can_skip = not any(isinstance(a, Hora) for a in menu)
        while True:
            text = self._readline(f"choose 1-{len(menu)} or a key (? help, q quit): ")
            if text.isdigit() and 1 <= int(text) <= len(menu):
                return menu[int(text) - 1]
            if not text and can_skip:
                chosen = next((a for a in menu if isinstance(a, Pass)), None)
                if chosen is not None:
                    return chosen
            if text in ("?", "help"):
                self._print(HELP)
                continue
            found = self._by_key(text, choices)
            if isinstance(found, str):
                self._print(found or f"please type a number from 1 to {len(menu)} or a key shown")
                continue
            return found

    def _label(self, action: Action) -> str:
        """What a choice does, naming the seats as the table does (``RON (win) on bot2``)."""
        if isinstance(action, Hora) and not action.is_tsumo:
            return f"RON (win) on {self._who(action.target)}"
        return describe_action(action, self.players)

    def _by_key(self, text: str, choices: Sequence[_Choice]) -> Action | str:
        """The action a key (or a word such as ``pon``) picks, or why none ("" if unknown)."""
        key = text.lower()
        key = _WORDS.get(key, key)
        for c in choices:
            if c.key == key:
                return c.action
        shared = [c.key for c in choices if c.key[0] == key and len(c.key) > 1]
        if len(key) == 1 and shared:
            return f"which one? type {' or '.join(shared)}"
        return ""

    def _choose_discard(
        self, view: View, discards: list[Dahai], others: Sequence[Action]
    ) -> Action:
        """One's own turn: the numbered hand, the other actions by letter."""
        tiles = discard_order(view.hand, view.drawn)
        drawn_at = len(tiles) - 1 if view.drawn is not None else -1
        by_position = {i: _discard_at(tiles, i, i == drawn_at, discards) for i in range(len(tiles))}
        self._print_hand(tiles, drawn_at, by_position)
        choices = _keyed(others)
        if choices:
            labels = [f"{c.key}) {self._label(c.action)}" for c in choices]
            for line in wrap_items(labels, WIDTH, sep="   "):
                self._print(line)
        keys = "/".join(dict.fromkeys(c.key[0] for c in choices))
        prompt = f"discard 1-{len(tiles)} or a tile (5m)" + (f", or {keys}" if keys else "")
        while True:
            text = self._readline(prompt + " (? help, q quit): ")
            if text in ("?", "help"):
                self._print(HELP)
                continue
            picked = self._discard_of(text, tiles, by_position, discards)
            if isinstance(picked, Dahai):
                return picked
            if picked:
                self._print(picked)
                continue
            found = self._by_key(text, choices)
            if isinstance(found, Reach):
                chosen = self._riichi(view, tiles, by_position)
                if chosen is None:
                    continue
                self._riichi_discard = chosen
                return found
            if isinstance(found, str):
                self._print(found or f"please type a number from 1 to {len(tiles)} or a key")
                continue
            return found

    def _print_hand(
        self, tiles: Sequence[int], drawn_at: int, by_position: dict[int, Dahai | None]
    ) -> None:
        """The hand in notation with its numbers over it; a tile not allowed now has no
        number, the drawn tile stands apart."""
        numbers = ""
        names = ""
        for i, t in enumerate(tiles):
            gap = "  " if i == drawn_at else ""
            numbers += gap + (f"{i + 1:>3}" if by_position[i] is not None else "  -")
            names += gap + f"{format_tiles([t]):>3}"
        self._print(numbers)
        self._print(names)

    def _discard_of(
        self,
        text: str,
        tiles: Sequence[int],
        by_position: dict[int, Dahai | None],
        discards: Sequence[Dahai],
    ) -> Dahai | str:
        """The discard a number or tile name picks; a reason when it picks none that may
        be discarded; ``""`` when the text is neither."""
        if text.isdigit():
            i = int(text) - 1
            if not 0 <= i < len(tiles):
                return f"please type a number from 1 to {len(tiles)}, a tile like 5m, or a key"
            found = by_position[i]
            return found if found is not None else f"{format_tiles([tiles[i]])} may not go now"
        if len(text) != 2 or not text[0].isdigit():
            return ""
        try:
            (tile,) = parse_tiles(text.lower())
        except (JantakuError, ValueError):
            return ""
        exact = [d for d in discards if d.pai == tile]
        if exact:  # the drawn tile when it is the one named, else the hand's
            return max(exact, key=lambda d: d.tsumogiri)
        if tile not in tiles:
            same_kind = [d for d in discards if KIND_OF[d.pai] == KIND_OF[tile]]
            if same_kind and text[0] != "0":  # 5m for the red five held alone
                return same_kind[0]
            return f"you hold no {format_tiles([tile])}"
        return f"{format_tiles([tile])} may not go now"

    def _riichi(
        self, view: View, tiles: Sequence[int], by_position: dict[int, Dahai | None]
    ) -> Dahai | None:
        """The riichi discard (one that keeps the hand tenpai), or ``None`` to back out."""
        counts = counts34(tiles)
        allowed: dict[int, Dahai] = {}
        for i, d in by_position.items():
            if d is None:
                continue
            counts[KIND_OF[tiles[i]]] -= 1
            if shanten(counts) == 0:
                allowed[i] = d
            counts[KIND_OF[tiles[i]]] += 1
        if not allowed:
            self._print("no discard keeps the hand tenpai")
            return None
        listed = " ".join(f"{i + 1}:{format_tiles([tiles[i]])}" for i in sorted(allowed))
        self._print(f"riichi: discard one of {listed}")
        while True:
            text = self._readline("riichi discard (b backs out, ? help): ")
            if text.lower() in _BACK:
                self._print("no riichi")
                return None
            if text in ("?", "help"):
                self._print(HELP)
                continue
            picked = self._discard_of(text, tiles, by_position, list(allowed.values()))
            if isinstance(picked, Dahai) and picked in allowed.values():
                return picked
            self._print("that discard does not keep the hand tenpai; b backs out")

    # --- results -------------------------------------------------------------------------

    def end_round(self, round_end: RoundEnd) -> None:
        """Show the result of the hand — winners with yaku, fu, limit and payments, or the
        draw — then wait for a key."""
        start = next((e for e in round_end.events if isinstance(e, StartKyoku)), None)
        title = ""
        if start is not None:
            title = " " + round_name(start.bakaze, start.kyoku, start.honba)
        self._print()
        self._print("--- hand over ---" + title)
        for note in self._notes:
            self._print(note)
        self._notes.clear()
        names = [self._who(s) for s in range(self.players)]
        for event in round_end.results:
            shown: list[str] = []
            breakdown: WinBreakdown | None = None
            if isinstance(event, Hora) and round_end.hands:
                tiles, melds = round_end.hands[event.actor]
                hand = list(tiles)
                if not event.is_tsumo and event.pai is not None:
                    hand.append(event.pai)
                line = format_hand_line(hand, event.pai)
                if melds:
                    line += "  " + " ".join(format_meld(m) for m in melds)
                shown.append(line)
                if self.rules is not None:
                    breakdown = explain_win(
                        round_end.events, event, round_end.hands[event.actor], self.rules
                    )
            elif isinstance(event, Ryukyoku) and event.tenpai:
                for s in event.tenpai:
                    tiles, melds = round_end.hands[s] if round_end.hands else ((), ())
                    if event.tehais is not None and event.tehais[s]:
                        tiles = event.tehais[s]  # the hand shown at the draw
                    line = f"{names[s]}: " + format_hand_line(tiles)
                    if melds:
                        line += "  " + " ".join(format_meld(m) for m in melds)
                    shown.append(line)
            self._print(format_result(event, names, shown, breakdown))
            if event.scores is not None:
                self._print(
                    "  scores: " + ", ".join(f"{names[s]} {p}" for s, p in enumerate(event.scores))
                )
        if self.pause:
            self._wait_for_key("press a key for the next hand (q quits) ")

    def end_match(self, end: EndGame) -> None:
        """Print the final standings."""
        self._print()
        self._print("=== match over ===")
        if end.scores is None:
            return
        scores = end.scores
        order = sorted(range(len(scores)), key=lambda s: (-scores[s], s))
        for place, s in enumerate(order, start=1):
            res = f"  ({end.result[s]:+.1f})" if end.result is not None else ""
            self._print(f"{place}. {self._who(s)} (seat {s}) {scores[s]}{res}")


def _latest(news: Sequence[str], lines: int = 2) -> list[str]:
    """What the others did, in at most ``lines`` lines: the oldest left out if need be,
    so the table keeps its place on the screen.

    >>> told = _latest([f"bot{i % 3 + 1} discards 🀇 1m" for i in range(12)])
    >>> len(told), told[0][:31], told[-1].endswith("bot3 discards 🀇 1m")
    (2, 'since your last choice: …; bot2', True)
    """
    items = list(news)
    first = "since your last choice: "
    wrapped = wrap_items(items, WIDTH, first=first, sep="; ")
    while len(wrapped) > lines and len(items) > 1:
        items.pop(0)
        wrapped = wrap_items(["…", *items], WIDTH, first=first, sep="; ")
    return wrapped


def _discard_at(
    tiles: Sequence[int], i: int, drawn: bool, discards: Sequence[Dahai]
) -> Dahai | None:
    """The legal discard of the tile at position ``i`` (the drawn one by tsumogiri)."""
    tile = tiles[i]
    same = [d for d in discards if d.pai == tile]
    for d in same:
        if d.tsumogiri == drawn:
            return d
    return same[0] if same else None


def _is_terminal(stream: IO[str]) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False


_CTRL_C = "\x03"


@contextmanager
def _ctrl_c_as_key(stream: IO[str], *, single: bool) -> Iterator[bool]:
    """While the player is asked, Ctrl-C is a key that ends the line (and ``single``
    keys come one at a time, no Enter needed), when ``stream`` is a terminal; yields
    whether it is.

    Read as a key, Ctrl-C quits without a signal: a signal from the terminal reaches
    every process of the foreground group, and ``make play`` would die of it with the
    game. Outside the prompt (the bots thinking) Ctrl-C is a signal as usual.
    """
    if not _is_terminal(stream):
        yield False
        return
    try:
        import termios
    except ImportError:  # pragma: no cover - not a POSIX terminal
        yield False
        return
    fd = stream.fileno()
    try:
        saved = termios.tcgetattr(fd)
    except termios.error:  # not a terminal after all
        yield False
        return
    mode = termios.tcgetattr(fd)
    mode[3] &= ~termios.ISIG  # lflag: Ctrl-C is no signal
    if single:
        mode[3] &= ~(termios.ICANON | termios.ECHO)
        mode[6][termios.VMIN] = 1
        mode[6][termios.VTIME] = 0
    else:
        mode[6][termios.VEOL] = _CTRL_C.encode()  # and it ends the line at once
    termios.tcsetattr(fd, termios.TCSANOW, mode)
    try:
        yield True
    finally:
        termios.tcsetattr(fd, termios.TCSANOW, saved)
