"""Modules speak to each other through public names: no module of ``src/jantaku`` imports
an underscored name from another jantaku module (``from jantaku.x import _y``, or
``x._y`` on a jantaku module it imported), and what the scoring paths and the shanten
tables give their siblings is listed in the module's ``__all__``, each name documented
(a docstring, or a ``#:`` comment above its assignment).

The files are read with :mod:`ast`, not imported, so the check sees every import,
including those made inside functions or under ``TYPE_CHECKING``.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import jantaku

SRC = Path(jantaku.__file__).parent
FILES = sorted(SRC.rglob("*.py"))


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(SRC.parent).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {_module_name(p) for p in FILES}


def _private(name: str) -> bool:
    return name.startswith("_") and not name.startswith("__")


def _private_uses(tree: ast.Module, here: str) -> list[str]:
    """The underscored names one module takes from other jantaku modules."""
    found: list[str] = []
    aliases: dict[str, str] = {}  # a local name bound to a jantaku module -> that module
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            if node.level:
                found.append(f"line {node.lineno}: relative import")
                continue
            source = node.module or ""
            if source != "jantaku" and not source.startswith("jantaku."):
                continue
            for alias in node.names:
                if f"{source}.{alias.name}" in MODULES:
                    aliases[alias.asname or alias.name] = f"{source}.{alias.name}"
                if source != here and _private(alias.name):
                    found.append(f"line {node.lineno}: from {source} import {alias.name}")
        elif isinstance(node, ast.Import):
            for alias in node.names:
                if alias.name in MODULES:
                    aliases[alias.asname or alias.name] = alias.name
    for node in ast.walk(tree):
        if not isinstance(node, ast.Attribute) or not _private(node.attr):
            continue
        dotted = _dotted(node.value)
        module = aliases.get(dotted) if dotted else None
        if module is None and dotted in MODULES:  # import jantaku.x, then jantaku.x._y
            module = dotted
        if module is not None and module != here:
            found.append(f"line {node.lineno}: {dotted}.{node.attr}")
    return found


def _dotted(node: ast.expr) -> str | None:
    """``a.b.c`` of a chain of names and attributes, None for anything else."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        base = _dotted(node.value)
        return None if base is None else f"{base}.{node.attr}"
    return None


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(SRC)))
def test_no_module_imports_another_modules_private_name(path: Path) -> None:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    assert _private_uses(tree, _module_name(path)) == []


def test_the_check_sees_each_way_of_reaching_a_private_name() -> None:
    """The checker itself: each of these reaches into another module's private name."""
    source = """
from jantaku.scoring.fast import _rules_token
from jantaku.scoring import fast as fast_path
import jantaku.hand.tables
import jantaku.hand.tables as shanten_tables
from jantaku.scoring.candidates import (
    STRIDE,
    _YAKU_HAN_CODE,
)
def f():
    from .score import x
    return fast_path._CONTEXTS, jantaku.hand.tables._NN, shanten_tables._F
"""
    found = _private_uses(ast.parse(source), "jantaku.scoring.batch")
    assert {f.split(": ", 1)[1] for f in found} == {
        "from jantaku.scoring.fast import _rules_token",
        "from jantaku.scoring.candidates import _YAKU_HAN_CODE",
        "relative import",
        "fast_path._CONTEXTS",
        "jantaku.hand.tables._NN",
        "shanten_tables._F",
    }
    # a module's own private names, public names and aliases of public names are fine
    clean = """
from jantaku.scoring.fast import clear_caches as _clear_fast_caches
from jantaku.scoring.candidates import STRIDE
import jantaku.scoring.fast as fast_path
fast_path.CACHE_SIZE
"""
    assert _private_uses(ast.parse(clean), "jantaku.scoring.score") == []
    own = "import jantaku.scoring.fast as f\nf._x"
    assert _private_uses(ast.parse(own), "jantaku.scoring.fast") == []


# the modules whose __all__ is (also) an interface to their siblings
INTERFACES = ["jantaku.scoring.candidates", "jantaku.scoring.fast", "jantaku.hand.tables"]


def _documented(tree: ast.Module, lines: list[str]) -> dict[str, bool]:
    """Each name a module defines at its top level -> whether it is documented."""
    out: dict[str, bool] = {}
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            out[node.name] = bool(ast.get_docstring(node))
        elif isinstance(node, (ast.Assign, ast.AnnAssign)):
            targets = node.targets if isinstance(node, ast.Assign) else [node.target]
            above = lines[node.lineno - 2].strip() if node.lineno > 1 else ""
            for target in targets:
                for name in ast.walk(target):
                    if isinstance(name, ast.Name):
                        out.setdefault(name.id, above.startswith("#:"))
    return out


def _all_of(tree: ast.Module) -> list[str]:
    for node in tree.body:
        if (
            isinstance(node, ast.Assign)
            and any(isinstance(t, ast.Name) and t.id == "__all__" for t in node.targets)
            and isinstance(node.value, ast.List)
        ):
            return [ast.literal_eval(e) for e in node.value.elts]
    return []


@pytest.mark.parametrize("module", INTERFACES)
def test_what_a_module_gives_its_siblings_is_listed_and_documented(module: str) -> None:
    path = SRC.parent.joinpath(*module.split(".")).with_suffix(".py")
    text = path.read_text(encoding="utf-8")
    tree = ast.parse(text)
    exported = _all_of(tree)
    documented = _documented(tree, text.splitlines())
    # every name of it another module imports is in its __all__
    imported = {
        alias.name
        for p in FILES
        if _module_name(p) != module
        for node in ast.walk(ast.parse(p.read_text(encoding="utf-8")))
        if isinstance(node, ast.ImportFrom) and node.module == module
        for alias in node.names
    }
    assert imported - set(exported) == set()
    # every name in its __all__ is defined here (or imported and documented where it is)
    # and carries a docstring or a #: comment
    undocumented = [n for n in exported if n in documented and not documented[n]]
    assert undocumented == []
    assert set(exported) <= set(documented) | _imported_names(tree)


def _imported_names(tree: ast.Module) -> set[str]:
    return {
        alias.asname or alias.name
        for node in tree.body
        if isinstance(node, ast.ImportFrom)
        for alias in node.names
    }
