"""The module maps of docs/design.md (the engine, scoring, logs) name every module of their
package, no module that is gone, and in each module's row only names the module has."""

from __future__ import annotations

import importlib
import re
from pathlib import Path

import pytest

import jantaku

README = Path(__file__).resolve().parents[1] / "docs" / "design.md"
SRC = Path(jantaku.__file__).parent
# the names in the rows that are no attribute of the module: events as the logs spell
# them, and what a predicate returns
NOT_NAMES = {"end_kyoku", "hora", "ryukyoku", "None"}


def _rows(package: str) -> dict[str, str]:
    """Module file name -> the text of its row, from the map whose lead names the package."""
    text = README.read_text(encoding="utf-8")
    rows: dict[str, str] = {}
    for block in re.split(r"\n(?=Where )", text):
        if not block.startswith("Where ") or f"`jantaku.{package}`" not in block.split("\n")[0]:
            continue
        for line in block.split("\n"):
            cells = [c.strip() for c in line.strip().strip("|").split("|")]
            if len(cells) < 2 or not cells[0].startswith("`"):
                continue
            for name in re.findall(r"`([a-z_0-9]+\.py)`", cells[0]):
                rows[name] = cells[1]
        break
    return rows


@pytest.mark.parametrize("package", ["engine", "scoring", "logs"])
def test_the_readme_maps_every_module_of_the_package(package: str) -> None:
    rows = _rows(package)
    files = {p.name for p in (SRC / package).glob("*.py") if p.name != "__init__.py"}
    assert rows, f"no module map of jantaku.{package} in docs/design.md"
    assert set(rows) == files


@pytest.mark.parametrize("package", ["engine", "scoring", "logs"])
def test_each_row_names_what_its_module_holds(package: str) -> None:
    for file, text in _rows(package).items():
        module = importlib.import_module(f"jantaku.{package}.{file[:-3]}")
        for name in re.findall(r"`([A-Za-z_][A-Za-z_0-9]*)`", text):
            if name in NOT_NAMES or name.endswith(".py"):
                continue
            assert hasattr(module, name), f"{file}: {name}"
