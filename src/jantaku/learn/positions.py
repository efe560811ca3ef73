"""Discard positions (何切る) from recorded games and from the person's own matches.

:func:`build_positions` replays each game of a folder of Tenhou or mjai records through
the engine (:func:`jantaku.engine.apply`, the one transition) and, at every discard it
samples, takes the acting seat's view (:func:`jantaku.engine.observe`: what that seat
saw, nothing more): hand, ponds, melds, riichi, dora indicators, scores and round,
with the choice the player made, the discard advisor's ranking
(:func:`jantaku.hand.advise`: acceptance and loss) and, against each riichi, which
tiles of the hand are safe (現物) or suji (筋). Each position is tagged by shanten, turn,
threats and whether the player and the advisor agree. Player names are never kept.

:func:`flagged_discards` does the same for the person's own finished matches in the
web store: every discard the per-hand review flags (:func:`jantaku.web.aids.review_discard`)
becomes a position.

Positions are plain JSON-ready dicts; the learn store keeps them
(:class:`jantaku.learn.progress.LearnStore`), records never enter the package.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Iterator, Sequence
from dataclasses import replace
from pathlib import Path
from typing import Any, Final

from jantaku.engine import State, View, apply, observe
from jantaku.engine.view import visible_counts
from jantaku.errors import JantakuError
from jantaku.events import Dahai, Event, StartKyoku
from jantaku.hand import DiscardOption, advise, shanten
from jantaku.learn.common import code, codes, sorted_codes
from jantaku.rules import GameLength, Rules
from jantaku.tiles import KIND_OF, counts34

__all__ = ["RECORD_SUFFIXES", "build_positions", "flagged_discards", "position_of", "record_files"]

RECORD_SUFFIXES: Final = (".xml", ".xml.gz", ".json", ".jsonl", ".mjson", ".json.gz", ".jsonl.gz")
"""The files a folder of records is read for."""

_WINDS: Final = ("E", "S", "W", "N")


def record_files(paths: Iterable[str | os.PathLike[str]]) -> list[Path]:
    """Every record file under ``paths`` (files, or folders searched), sorted, so that a
    build over the same folders reads the same games in the same order."""
    out: set[Path] = set()
    for p in map(Path, paths):
        if p.is_dir():
            out.update(f for f in p.rglob("*") if f.is_file() and f.name.endswith(RECORD_SUFFIXES))
        elif p.is_file():
            out.add(p)
    return sorted(out)


def _option_json(o: DiscardOption) -> dict[str, Any]:
    return {
        "tile": code(o.discard),
        "shanten": o.shanten,
        "total": o.total,
        "tiles": codes(o.kinds),
        "loss": o.loss,
    }


def _rel(view: View, seat: int) -> int:
    return (seat - view.seat) % view.players


def _danger(view: View, hand_kinds: Sequence[int]) -> list[dict[str, Any]]:
    """For each other seat in riichi, the kinds of the hand that are safe against it
    (現物: in its pond, or discarded by anyone after its riichi) or suji (筋)."""
    out = []
    for seat in range(view.players):
        if seat == view.seat or not view.riichi[seat]:
            continue
        river = view.river_tiles[seat]
        flags = view.river_flags[seat]
        safe = {KIND_OF[t] for t in river}
        riichi_at = next((i for i, f in enumerate(flags) if f & 2), len(flags))
        # tiles discarded by the others after the riichi tile (a count of turns, rounded)
        for other in range(view.players):
            if other != seat:
                safe.update(KIND_OF[t] for t in view.river_tiles[other][riichi_at + 1 :])
        suji = set()
        for k in hand_kinds:
            if k >= 27 or k in safe:
                continue
            n = k % 9
            if (n - 3 >= 0 and k - 3 in safe and (n + 3 > 8 or k + 3 in safe)) or (
                n - 3 < 0 and k + 3 in safe
            ):
                suji.add(k)
        out.append(
            {
                "seat": _rel(view, seat),
                "safe": codes(sorted(k for k in set(hand_kinds) if k in safe)),
                "suji": codes(sorted(suji)),
            }
        )
    return out


def _discard(tile: int, flags: int) -> dict[str, Any]:
    """A pond's tile with only the marks it has (riichi, tsumogiri, called away)."""
    out: dict[str, Any] = {"tile": code(tile)}
    if flags & 2:
        out["riichi"] = True
    if flags & 1:
        out["tsumogiri"] = True
    if flags & 4:
        out["called"] = True
    return out


def position_of(view: View, choice: int, *, source: str, key: str) -> dict[str, Any]:
    """One discard position from the acting seat's view and the tile it discarded."""
    counts = counts34(view.hand)
    seen = visible_counts(view)
    options = advise(counts, seen)
    best = options[0]
    chosen = next(o for o in options if o.discard == KIND_OF[choice])
    agree = (chosen.shanten, chosen.total) == (best.shanten, best.total)
    n = view.players
    order = [(view.seat + i) % n for i in range(n)]
    threats = sum(1 for s in range(n) if s != view.seat and view.riichi[s])
    threats += sum(
        1 for s in range(n) if s != view.seat and not view.riichi[s] and len(view.melds[s]) >= 2
    )
    hand_kinds = sorted({KIND_OF[t] for t in view.hand})
    top = [_option_json(o) for o in options[:6]]
    if all(o["tile"] != code(chosen.discard) for o in top):
        top.append(_option_json(chosen))
    return {
        "source": source,
        "key": key,
        "round": f"{_WINDS[view.bakaze - 27]}{view.kyoku + 1}",
        "honba": view.honba,
        "deposits": view.kyotaku,
        "seat_wind": code(27 + (view.seat - view.oya) % n),
        "scores": [view.scores[s] for s in order],
        "dora_indicators": codes(view.dora_markers),
        "hand": sorted_codes(view.hand),
        "drawn": code(view.drawn) if view.drawn is not None else None,
        "melds": [[codes(m.tiles) for m in view.melds[s]] for s in order],
        "rivers": [
            [_discard(t, f) for t, f in zip(view.river_tiles[s], view.river_flags[s], strict=True)]
            for s in order
        ],
        "riichi": [bool(view.riichi[s]) for s in order],
        "tiles_left": view.tiles_left,
        "choice": code(KIND_OF[choice]),
        "advice": top,
        "danger": _danger(view, hand_kinds),
        "tags": {
            "shanten": shanten(counts),
            "turn": len(view.river_tiles[view.seat]) + 1,
            "threats": threats,
            "agree": agree,
        },
    }


def _game_positions(
    events: Sequence[Event], rules: Rules, name: str, every: int, where: dict[str, Any]
) -> Iterator[dict[str, Any]]:
    state = State(rules)
    n = 0
    kyoku = -1
    for i, e in enumerate(events):
        if type(e) is StartKyoku:
            kyoku += 1
        if type(e) is Dahai and len(state.hands[e.actor]) % 3 == 2 and not state.riichi[e.actor]:
            n += 1
            if n % every == 0:
                view = observe(state, e.actor)
                pos = position_of(view, e.pai, source="houou", key=f"{name}#{kyoku}.{i}")
                pos.update(where, event=i)
                yield pos
        apply(state, e)


def build_positions(
    paths: Iterable[str | os.PathLike[str]],
    *,
    every: int = 8,
    games: int | None = None,
    jobs: int = 1,
) -> Iterator[dict[str, Any]]:
    """Discard positions from every four-player game under ``paths``: one discard in
    ``every`` (counted through each game, so the same files give the same positions),
    the first ``games`` games only if given. A game that does not replay stops where it
    stops (its positions before are kept); an unreadable file is skipped.

    ``jobs`` above 1 reads the files in that many processes; the positions come in the
    same order as from one.
    """
    files = record_files(paths)
    done = 0
    if jobs > 1 and len(files) > 1:
        import multiprocessing
        from functools import partial

        methods = multiprocessing.get_all_start_methods()
        ctx = multiprocessing.get_context("fork" if "fork" in methods else None)
        with ctx.Pool(jobs) as pool:
            work = partial(_file_positions, every=every)
            for per_game in pool.imap(work, files, chunksize=4):
                for found in per_game:
                    if games is not None and done >= games:
                        pool.terminate()
                        return
                    done += 1
                    yield from found
        return
    for f in files:
        for lazy in _file_games(f, every):
            if games is not None and done >= games:
                return
            done += 1
            yield from lazy


def _file_positions(f: Path, *, every: int) -> list[list[dict[str, Any]]]:
    """The positions of each four-player game of one file (a worker's share)."""
    return [list(found) for found in _file_games(f, every)]


def _file_games(f: Path, every: int) -> Iterator[Iterator[dict[str, Any]]]:
    """For each four-player game of a file, its positions (lazily); none for a file that
    cannot be read."""
    from jantaku.logs.replay import read_records
    from jantaku.logs.tenhou import TenhouGame

    try:
        records = list(read_records(f))
    except JantakuError:
        return
    record = str(f.resolve())
    for at, (name, game, rules) in enumerate(records):
        if rules.players != 4:
            continue
        events = game.events if isinstance(game, TenhouGame) else game
        where = {"record": record, "game": at}
        yield _kept(_game_positions(events, rules, Path(name).name, every, where))


def _kept(found: Iterator[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """A game's positions up to where it stops replaying."""
    try:
        yield from found
    except JantakuError:
        return


def flagged_discards(
    web_store: Any, *, limit: int = 20, skip: Iterable[str] = ()
) -> Iterator[tuple[str, dict[str, Any]]]:
    """The discards the per-hand review flags in the person's finished matches of the web
    store (the latest ``limit``, less those in ``skip``), as ``(match id, position)``:
    the person's choice, the
    advisor's ranking. A match that does not replay is skipped."""
    from jantaku.engine import legal_actions
    from jantaku.learn.realgame import defense_of
    from jantaku.web.aids import review_discard

    skipped = set(skip)
    for m in web_store.matches(limit):
        if m.status == "playing" or m.id in skipped:
            continue
        humans = {s for s, kind in enumerate(m.seats) if kind == "human"}
        if not humans:
            continue
        try:
            rules = Rules.preset(m.preset)
            rules = replace(rules, length=GameLength(m.length))
            state = State(rules)
            found = []
            for i, e in enumerate(web_store.events(m.id)):
                if (
                    type(e) is Dahai
                    and e.actor in humans
                    and len(state.hands[e.actor]) % 3 == 2
                    and not state.riichi[e.actor]
                ):
                    view = observe(state, e.actor)
                    if review_discard(view, e.pai) is not None:
                        pos = position_of(view, e.pai, source="mine", key=f"{m.id}#{i}")
                        pos["defense"] = defense_of(view, legal_actions(state, e.actor), rules)
                        found.append(pos)
                apply(state, e)
        except (JantakuError, ValueError):
            continue
        for p in found:
            yield m.id, p
