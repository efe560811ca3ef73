"""The command line imports only the module of the subcommand it runs: the table of
subcommand names (``jantaku.cli.COMMANDS``) against what each module registers, and a
command line parsed by the one-module parser as by the whole one."""

from __future__ import annotations

import argparse
import ast
import importlib
import subprocess
import sys

import pytest

from jantaku.cli import COMMANDS, SUBCOMMANDS, build_parser


def _choices(parser: argparse.ArgumentParser) -> list[str]:
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            return list(action.choices)
    raise AssertionError("no subcommands")


def test_the_table_names_each_subcommand_by_the_module_that_registers_it() -> None:
    registered: dict[str, str] = {}
    for module in SUBCOMMANDS:
        parser = argparse.ArgumentParser()
        sub = parser.add_subparsers()
        importlib.import_module(module).register(sub)
        registered.update(dict.fromkeys(_choices(parser), module))
    assert registered == COMMANDS
    assert _choices(build_parser()) == list(COMMANDS)


@pytest.mark.parametrize(
    "argv",
    [
        ["selfplay", "--games", "3", "--agents", "efficiency,random,random,random"],
        ["shanten", "123m456p789s1122z"],
        ["advise", "123m456p789s11223z", "--json"],
        ["rules", "tenhou"],
        ["replay", "a.xml"],
        ["keep", "show", "1"],
    ],
)
def test_one_modules_parser_reads_its_command_as_the_whole_parser(argv: list[str]) -> None:
    assert vars(build_parser(argv[0]).parse_args(argv)) == vars(build_parser().parse_args(argv))


def test_an_unknown_or_missing_command_gets_the_whole_parser() -> None:
    assert _choices(build_parser("nothing")) == list(COMMANDS)
    assert _choices(build_parser(None)) == list(COMMANDS)
    assert _choices(build_parser("selfplay")) == ["selfplay"]


def test_selfplay_imports_no_other_subcommand() -> None:
    code = (
        "import sys; from jantaku.cli import main; "
        "main(['selfplay', '--games', '1', '--agents', 'tsumogiri,' * 3 + 'tsumogiri']); "
        "print(sorted(m for m in sys.modules if m.startswith('jantaku.cli.')), file=sys.stderr)"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True, timeout=120
    )
    loaded = ast.literal_eval(done.stderr.strip().splitlines()[-1])
    assert "jantaku.cli.selfplay" in loaded
    assert not {m for m in SUBCOMMANDS if m != "jantaku.cli.selfplay"} & set(loaded)


def test_selfplay_gives_back_what_it_set_aside_from_the_collector(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Selfplay sets the objects that outlive its matches aside from the cyclic collector
    while it plays (gc.freeze), and returns them to it when done."""
    import gc

    from jantaku.cli import main

    before = gc.get_freeze_count()
    assert main(["selfplay", "--games", "1", "--agents", "tsumogiri," * 3 + "tsumogiri"]) == 0
    assert gc.get_freeze_count() == before
    assert "matches/s" in capsys.readouterr().out
