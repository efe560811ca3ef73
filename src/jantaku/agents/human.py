"""A human player at a terminal: the table shown as a player reads it, choices from a menu.

Each decision prints the table from the player's seat — the hand name, dora
indicators, every seat's score, wind, riichi, melds and discards (each tile in glyph and
notation, the riichi tile in ``(brackets)`` as if turned sideways, a tile called away
marked ``'``), the player's
own hand in Unicode and in notation with the drawn tile apart — then the legal
actions numbered from 1. The player types a number (``q`` quits); anything else asks
again. The result of every hand is printed with its yaku, han, fu and payments.

It reads and writes the streams it is given, so tests drive it with ``io.StringIO``.
At the end of input it raises ``EOFError``.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import IO

from jantaku.agents.base import Agent, RoundEnd
from jantaku.agents.render import (
    WIND_NAMES,
    describe_action,
    format_hand_line,
    format_result,
    round_name,
    tile_text,
)
from jantaku.engine.view import Discard, View
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
    ReachAccepted,
    Ryukyoku,
    StartKyoku,
    Tsumo,
)
from jantaku.meld import format_meld
from jantaku.tiles import FLOWER, dora_from_indicator, format_tiles, sort_key

__all__ = ["HumanAgent", "menu_order", "render_view"]


def _river(discards: Sequence[Discard]) -> str:
    parts: list[str] = []
    for d in discards:
        text = tile_text(d.tile).replace(" ", "")
        if d.riichi:
            text = f"({text})"
        if d.called:
            text += "'"
        parts.append(text)
    return " ".join(parts) if parts else "-"


def render_view(view: View, names: Sequence[str] | None = None) -> str:
    """The table as seen from ``view.seat``, as lines of text."""
    n = view.players
    who = list(names) if names is not None else list(view.names) or [f"seat {i}" for i in range(n)]
    lines = [
        f"=== {round_name(view.bakaze, view.kyoku, view.honba, view.after_draw)} "
        f"| riichi sticks {view.kyotaku} | tiles left {view.tiles_left} ===",
    ]
    dora = " ".join(tile_text(t) for t in view.dora_markers)
    dora_kinds = format_tiles([dora_from_indicator(t, players=n) for t in view.dora_markers])
    lines.append(f"dora indicators: {dora}  (dora: {dora_kinds})")
    for i in range((view.seat + 1) % n, view.seat + n + 1):
        s = i % n
        wind = WIND_NAMES[(s - view.oya) % n]
        tag = "you" if s == view.seat else who[s]
        flags = []
        if s == view.oya:
            flags.append("dealer")
        if view.riichi[s]:
            flags.append("RIICHI" if view.riichi[s] == 1 else "DOUBLE RIICHI")
        if view.nuki[s]:
            flags.append(f"north ×{view.nuki[s]}")
        if view.flowers and view.flowers[s]:
            flags.append(f"flowers {tile_text(FLOWER)}×{view.flowers[s]}")
        head = f"{tag} (seat {s}, {wind}) {view.scores[s]}"
        if flags:
            head += " [" + ", ".join(flags) + "]"
        melds = " ".join(format_meld(m) for m in view.melds[s])
        lines.append(head + (f"  melds: {melds}" if melds else ""))
        lines.append(f"    discards: {_river(view.rivers[s])}")
    if view.last_discard is not None and view.last_discarder is not None:
        lines.append(f"{who[view.last_discarder]} discarded {tile_text(view.last_discard)}")
    lines.append("your hand: " + format_hand_line(view.hand, view.drawn))
    if view.waits:
        wait = format_tiles(view.waits)
        lines.append(f"tenpai, waiting on {wait}" + (" (furiten)" if view.furiten else ""))
    return "\n".join(lines)


def menu_order(legal: Sequence[Action]) -> list[Action]:
    """The legal actions as a menu: wins first, then riichi and calls, the discards in
    hand order with the drawn tile last, a pass at the end.

    >>> menu = menu_order([Dahai(0, 33, True), Dahai(0, 2, False), Reach(0), Hora(0, 0, 33)])
    >>> [describe_action(a) for a in menu]  # doctest: +NORMALIZE_WHITESPACE
    ['TSUMO (win)', 'riichi (then choose the discard)', 'discard 🀉 3m',
     'discard 🀄 7z (drawn tile)']
    """

    def key(a: Action) -> tuple[int, tuple[int, int], bool]:
        if isinstance(a, Hora):
            return (0, (0, 0), False)
        if isinstance(a, Dahai):
            return (2, sort_key(a.pai), a.tsumogiri)
        if isinstance(a, Pass):
            return (3, (0, 0), False)
        return (1, (0, 0), False)

    return sorted(legal, key=key)


class HumanAgent(Agent):
    """A player at a terminal: prints the table and the numbered legal actions, reads a number.

    >>> import io
    >>> from jantaku.events import Pass, Pon
    >>> out = io.StringIO()
    >>> human = HumanAgent(stdin=io.StringIO("x\\n3\\n2\\n"), stdout=out, show_table=False)
    >>> human.act(None, [Pon(0, 3, 31, (31, 31)), Pass(0)])
    Pass(actor=0)
    >>> print(out.getvalue().rstrip())
     1) pon [555-z]
     2) pass
    choose 1-2 (q quits): please type a number from 1 to 2
    choose 1-2 (q quits): please type a number from 1 to 2
    choose 1-2 (q quits):
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
    ) -> None:
        self.stdin = stdin if stdin is not None else sys.stdin
        self.stdout = stdout if stdout is not None else sys.stdout
        self.show_table = show_table
        self.names = tuple(names) if names is not None else None
        self.seat = 0
        self.players = 4
        self._news: list[str] = []

    def _print(self, text: str = "") -> None:
        self.stdout.write(text + "\n")
        self.stdout.flush()

    def _who(self, seat: int) -> str:
        if seat == self.seat:
            return "you"
        if self.names is not None:
            return self.names[seat]
        return f"seat {seat}"

    def start_match(self, seat: int, players: int) -> None:
        """Remember the seat; greet."""
        self.seat = seat
        self.players = players
        self._print(f"You sit at seat {seat} of {players}. Type the number of your choice.")

    def see(self, events: Sequence[Event]) -> None:
        """Note what the other seats did, to tell the player before the next choice."""
        for e in events:
            line = self._narrate(e)
            if line:
                self._news.append(line)

    def _narrate(self, e: Event) -> str:
        if isinstance(e, StartKyoku):
            self._news.clear()
            return ""
        actor = getattr(e, "actor", None)
        if actor == self.seat or isinstance(e, Tsumo | Hora | Ryukyoku | ReachAccepted):
            return ""
        who = self._who(actor) if actor is not None else ""
        if isinstance(e, Dahai):
            return f"{who} discards {tile_text(e.pai)}" + (" (drawn)" if e.tsumogiri else "")
        if isinstance(e, Reach):
            return f"{who} declares RIICHI"
        if isinstance(e, Dora):
            return f"new dora indicator {tile_text(e.dora_marker)}"
        if isinstance(e, Chi | Pon | Daiminkan | Kakan | Ankan | Nukidora):
            return f"{who}: {describe_action(e, self.players)}"
        if isinstance(e, Flower):
            return f"{who} sets aside a flower {tile_text(e.pai)}"
        return ""

    def act(self, view: View | None, legal: Sequence[Action]) -> Action:
        """Show the table and the menu; read a choice. Raises ``EOFError`` at end of input."""
        if self._news:
            self._print()
            self._print("since your last choice: " + "; ".join(self._news))
            self._news.clear()
        if self.show_table and view is not None:
            self._print()
            self._print(render_view(view, [self._who(s) for s in range(view.players)]))
        menu = menu_order(legal)
        for i, action in enumerate(menu, start=1):
            self._print(f"{i:>2}) {describe_action(action, self.players)}")
        while True:
            self.stdout.write(f"choose 1-{len(menu)} (q quits): ")
            self.stdout.flush()
            line = self.stdin.readline()
            if not line:
                self._print()
                raise EOFError("end of input")
            text = line.strip().lower()
            if text in ("q", "quit", "exit"):
                raise EOFError("the player quit")
            if text.isdigit() and 1 <= int(text) <= len(menu):
                return menu[int(text) - 1]
            self._print(f"please type a number from 1 to {len(menu)}")

    def end_round(self, round_end: RoundEnd) -> None:
        """Print the result of the hand: winners with yaku, han, fu and payments, or the draw."""
        self._print()
        self._print("--- hand over ---")
        names = [self._who(s) for s in range(self.players)]
        for event in round_end.results:
            shown: list[str] = []
            if isinstance(event, Hora) and round_end.hands:
                tiles, melds = round_end.hands[event.actor]
                hand = list(tiles)
                if not event.is_tsumo and event.pai is not None:
                    hand.append(event.pai)
                line = format_hand_line(hand, event.pai)
                if melds:
                    line += "  " + " ".join(format_meld(m) for m in melds)
                shown.append(line)
            elif isinstance(event, Ryukyoku) and event.tenpai:
                for s in event.tenpai:
                    tiles, melds = round_end.hands[s] if round_end.hands else ((), ())
                    if event.tehais is not None and event.tehais[s]:
                        tiles = event.tehais[s]  # the hand shown at the draw
                    line = f"{names[s]}: " + format_hand_line(tiles)
                    if melds:
                        line += "  " + " ".join(format_meld(m) for m in melds)
                    shown.append(line)
            self._print(format_result(event, names, shown))
            if event.scores is not None:
                self._print(
                    "  scores: " + ", ".join(f"{names[s]} {p}" for s, p in enumerate(event.scores))
                )

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
