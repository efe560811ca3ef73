"""What every drill shares: a question, a verdict, tile codes and seeded randomness.

A question is named by an id that rebuilds it: ``scoring/basic/17`` is the scoring
drill's ``basic`` level drawn from seed 17, and the same id gives the same hand on
every machine (:class:`random.Random` seeded with a string is stable across runs and
versions). The expected answer is the engine's own (the scorer, the waits, the
advisor); a :class:`Verdict` says which parts of an answer were right and names what
was missed.

>>> parse_id("waits/chinitsu-7/3")
('waits', 'chinitsu-7', 3)
>>> code(34), codes((0, 27, 33))
('0m', ['1m', '1z', '7z'])
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from jantaku.errors import ArgumentError
from jantaku.tiles import KIND_OF, format_tiles

__all__ = [
    "KINDS",
    "Question",
    "Verdict",
    "code",
    "codes",
    "make_id",
    "parse_id",
    "rng_of",
    "sorted_codes",
]

KINDS: Final = ("scoring", "waits", "discard")
"""The drills, in the order the page and the command line list them."""


class DrillError(ArgumentError):
    """A question id, level or answer that no drill knows."""


def code(tile: int) -> str:
    """The tile's code as the table's images name it (``1m``, ``0p`` for a red five, ``7z``)."""
    if tile.__class__ is int and 0 <= tile < len(_CODES):
        return _CODES[tile]
    return format_tiles([tile])


_CODES: Final = tuple(format_tiles([t]) for t in range(37))


def codes(tiles: Iterable[int]) -> list[str]:
    """:func:`code` of each tile, in the order given."""
    table = _CODES
    return [table[t] if t.__class__ is int and 0 <= t < 37 else code(t) for t in tiles]


def sorted_codes(tiles: Iterable[int]) -> list[str]:
    """:func:`code` of each tile, in the order a hand is laid out (red five with its fives)."""
    return codes(sorted(tiles, key=lambda t: (KIND_OF[t], t)))


def make_id(kind: str, level: str, seed: int) -> str:
    """A question's id: ``kind/level/seed``."""
    return f"{kind}/{level}/{seed}"


def parse_id(qid: str) -> tuple[str, str, int]:
    """The kind, level and seed of a generated question's id; :class:`DrillError` if it is
    not one."""
    parts = qid.split("/")
    if len(parts) != 3 or not parts[2].isdigit() or len(parts[2]) > 18:
        raise DrillError(f"not a question id: {qid!r} (kind/level/seed)")
    return parts[0], parts[1], int(parts[2])


def rng_of(qid: str) -> random.Random:
    """The random source of one question: seeded by its id, the same everywhere."""
    return random.Random(f"jantaku-learn:{qid}")


@dataclass(frozen=True, slots=True)
class Question:
    """One drill question: what to show (``prompt``, JSON-ready, without the answer),
    the engine's answer (``answer``) and what explains it (``detail``)."""

    id: str
    kind: str
    level: str
    prompt: Mapping[str, Any]
    answer: Mapping[str, Any]
    detail: Mapping[str, Any] = field(default_factory=dict)

    def public(self) -> dict[str, Any]:
        """The question as the page and the terminal show it before an answer."""
        return {"id": self.id, "kind": self.kind, "level": self.level, **self.prompt}


@dataclass(frozen=True, slots=True)
class Verdict:
    """How an answer fared: ``correct`` overall, each asked part with the expected and
    given values, and ``explanation``: lines that name what was missed."""

    correct: bool
    parts: tuple[tuple[str, Any, Any, bool], ...]
    explanation: tuple[str, ...]
    detail: Mapping[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready."""
        return {
            "correct": self.correct,
            "parts": [
                {"name": n, "expected": e, "given": g, "ok": ok} for n, e, g, ok in self.parts
            ],
            "explanation": list(self.explanation),
            "detail": dict(self.detail),
        }


def smallest_subset(items: Sequence[tuple[str, int]], target: int) -> list[str] | None:
    """The names of the fewest items whose values sum to ``target`` (``None`` if none do).

    >>> smallest_subset([("pinfu", 1), ("dora", 2), ("riichi", 1)], 2)
    ['dora']
    """
    best: list[str] | None = None
    n = len(items)
    for mask in range(1, 1 << min(n, 14)):
        chosen = [items[i] for i in range(n) if mask >> i & 1]
        if sum(v for _, v in chosen) == target and (best is None or len(chosen) < len(best)):
            best = [name for name, _ in chosen]
    return best
