"""``tests/CATALOGUE.md`` checked against ``RULES.md`` and the test suite.

The catalogue maps every rule ID of the shared ``RULES.md`` to the tests that check it.
These tests keep it honest mechanically: each rule has exactly one row and no row names
an ID that RULES.md lacks; every node id it names is one pytest collects; a rule without
a test says so; and each ``test_catalogue_*`` test is listed under the rule its name
starts with.
"""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from pathlib import Path

import pytest

import corpus

TESTS = Path(__file__).resolve().parent
CATALOGUE = TESTS / "CATALOGUE.md"
RULES = corpus.SHARED / "RULES.md"

RULE_ID = r"[TNHSYGMPXC]\d+b?"
# a rule is defined at the start of a bullet, or after a sentence in a bullet of several
DEFINITION = re.compile(rf"(?:^- |\. |^\s+)({RULE_ID}) (?=\S)", re.M)
ROW = re.compile(rf"^\| ({RULE_ID}) \|(.*)\|(.*)\|\s*$", re.M)
NODE = re.compile(r"`([\w/]+\.py)::(\w+)(\[[^`]*\])?`")


def rule_ids() -> list[str]:
    return DEFINITION.findall(RULES.read_text(encoding="utf-8"))


def rows() -> dict[str, tuple[list[str], str]]:
    """Rule ID → (the node ids of its tests cell, its not-covered cell)."""
    found: dict[str, tuple[list[str], str]] = {}
    for rule, tests, gaps in ROW.findall(CATALOGUE.read_text(encoding="utf-8")):
        assert rule not in found, f"{rule} has two rows"
        nodes = [f"tests/{path}::{name}{param}" for path, name, param in NODE.findall(tests)]
        found[rule] = (nodes, gaps.strip())
    return found


def collected(files: set[str]) -> set[str]:
    """The node ids pytest collects from ``files`` (paths under the repository)."""
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "pytest",
            "--collect-only",
            "-q",
            "-o",
            "addopts=",
            "-p",
            "no:cacheprovider",
            *sorted(files),
        ],
        cwd=TESTS.parent,
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
    return {line.strip() for line in run.stdout.splitlines() if "::" in line}


def test_rules_md_defines_each_id_once() -> None:
    ids = rule_ids()
    assert len(ids) == len(set(ids)) > 80
    assert ids[0] == "T1" and "P1b" in ids and "T5b" in ids and ids[-1] == "C3"


def test_every_rule_has_one_row_and_no_other_id_has_one() -> None:
    ids = rule_ids()
    table = rows()
    assert sorted(set(ids) - set(table)) == [], "rules without a row"
    assert sorted(set(table) - set(ids)) == [], "rows for IDs RULES.md does not have"
    assert list(table) == ids, "rows in RULES.md order"


def test_a_rule_without_a_test_says_what_is_not_covered() -> None:
    for rule, (nodes, gaps) in rows().items():
        assert nodes or gaps, f"{rule}: no test and nothing said"


def defined_tests(path: Path) -> set[str]:
    """The names of the test functions of a module, at its top level or in a class."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    return {
        node.name
        for node in ast.walk(tree)
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
        and node.name.startswith("test_")
    }


def test_every_named_test_is_collected() -> None:
    """A plain name must be a test function of its file; a name with parameters must be
    a node id pytest collects (only those files are collected: collecting is slow)."""
    named = {node for nodes, _ in rows().values() for node in nodes}
    assert len(named) > 200
    files = {node.split("::")[0] for node in named}
    missing = [f for f in sorted(files) if not (TESTS.parent / f).is_file()]
    assert missing == [], "files that do not exist"
    tests = {f: defined_tests(TESTS.parent / f) for f in files}
    unresolved = [n for n in named if n.split("::")[1].split("[")[0] not in tests[n.split("::")[0]]]
    assert sorted(unresolved) == [], "tests that do not exist"
    with_parameters = {n for n in named if "[" in n}
    ids = collected({n.split("::")[0] for n in with_parameters})
    assert sorted(with_parameters - ids) == [], "parameters pytest does not collect"


def test_each_catalogue_test_is_listed_under_its_rule() -> None:
    table = rows()
    listed = {rule: {n.split("[")[0] for n in nodes} for rule, (nodes, _) in table.items()}
    unlisted = []
    for path in sorted(TESTS.glob("test_catalogue_*.py")):
        if path.name == Path(__file__).name:
            continue
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            if not isinstance(node, ast.FunctionDef) or not node.name.startswith("test_"):
                continue
            m = re.match(rf"test_({RULE_ID})_", node.name)
            assert m, f"{path.name}::{node.name} does not start with a rule ID"
            if f"tests/{path.name}::{node.name}" not in listed.get(m.group(1), set()):
                unlisted.append(f"{m.group(1)}: {path.name}::{node.name}")
    assert unlisted == []


@pytest.mark.parametrize(
    ("text", "nodes"),
    [
        ("`test_x.py::test_a` — part<br>`web/test_y.py::test_b[p-[1-23s]-q]`", 2),
        ("`test_x.py::test_a`<br>", 1),
        ("nothing here", 0),
    ],
)
def test_node_ids_are_read_from_a_cell(text: str, nodes: int) -> None:
    assert len(NODE.findall(text)) == nodes
