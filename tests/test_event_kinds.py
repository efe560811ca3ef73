"""``.kind`` names each class of event and action once: the layers above the core dispatch
on it (``match e.kind``) and then read the class's fields through a ``cast``, which is
exact only because no two classes share a kind and every object of a class has it."""

from __future__ import annotations

from typing import get_args

from jantaku.events import Action, Event, Pass, event_from_mjai, event_to_mjai


def _classes() -> list[type]:
    return sorted({*get_args(Event), *get_args(Action), Pass}, key=lambda c: c.__name__)


def _kind(cls: type) -> str:
    kind: str = object.__new__(cls).kind  # the kind reads the class, not the fields
    return kind


def test_every_class_has_a_kind_of_its_own() -> None:
    classes = _classes()
    kinds = [_kind(c) for c in classes]
    assert len(classes) >= 20
    assert len(set(kinds)) == len(kinds), dict(zip(map(str, classes), kinds, strict=True))
    assert _kind(Pass) == "none"


def test_the_kind_is_the_mjai_type_written() -> None:
    samples: list[dict[str, object]] = [
        {"type": "dahai", "actor": 0, "pai": "5m", "tsumogiri": False},
        {"type": "reach", "actor": 1},
        {"type": "end_kyoku"},
        {"type": "dora", "dora_marker": "E"},
        {"type": "kita", "actor": 2, "pai": "N"},
    ]
    for data in samples:
        e = event_from_mjai(data)
        assert e.kind == event_to_mjai(e)["type"] == data["type"]
