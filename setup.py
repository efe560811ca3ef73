"""Builds jantaku; its core is compiled to C extensions with mypyc where it can be.

The package's metadata is in ``pyproject.toml``; this file only names the modules that
mypyc compiles (:data:`COMPILED`) and decides whether to compile them:

- with a C compiler and Python's headers at hand, ``pip install .``, ``python -m build``
  (a compiled wheel) and ``make compiled`` (in place, for a checkout) compile the core;
- without them, or with ``JANTAKU_PURE_BUILD=1`` in the environment, the same commands
  install the pure-Python package, which is the reference and behaves the same;
- an installed compiled build runs as pure Python with ``JANTAKU_PURE_PYTHON=1``
  (:mod:`jantaku._loader`), for debugging and for comparing the two.
"""

from __future__ import annotations

import importlib.machinery
import os
import shutil
import sys
import sysconfig
import zlib
from glob import glob
from pathlib import Path

from setuptools import setup
from setuptools.command.build_ext import build_ext
from setuptools.extension import Extension

ROOT = Path(__file__).resolve().parent
SRC = ROOT / "src" / "jantaku"

#: the modules compiled, as globs under src/jantaku: hand analysis, scoring, the engine
#: and the defensive bot's reading of the table. The tiles, melds, rules and events,
#: packages' ``__init__`` modules, errors (exception classes) and the layers on top
#: (logs, agents, web, command line) stay Python for now. Each group is one shared
#: library, compiled apart from the others (two at once on two cores)
GROUPS = {
    "hand": ("hand/*.py",),
    "scoring": ("scoring/*.py",),
    "engine": ("engine/*.py", "agents/threats.py"),
}
#: left as Python: NumPy's batch scoring (its work is NumPy's), and the value types
#: whose constructors check every argument's type for a clear error (a compiled
#: function refuses a wrong type at its call, with mypyc's own words)
LEFT_OUT = (
    "scoring/batch.py",
    "scoring/columns.py",
    "scoring/situation.py",
    "scoring/limits.py",
    "scoring/payments.py",
)


def compiled_groups() -> dict[str, list[str]]:
    """Each group's source files, relative to this folder, sorted."""
    left_out = {str(SRC / p) for p in LEFT_OUT}
    return {
        name: sorted(
            str(Path(p).relative_to(ROOT))
            for pattern in patterns
            for p in glob(str(SRC / pattern))
            if not p.endswith("__init__.py") and p not in left_out
        )
        for name, patterns in GROUPS.items()
    }


def _remove_left_out(compiled: set[str]) -> None:
    """Remove the extensions built before for modules no longer compiled, and the shared
    libraries of groups no longer built, in place and in the build folder (whose copies
    a wheel would take), so that their sources run."""
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    groups = {f"jantaku_{name}__mypyc" for name in GROUPS}
    wanted = {str(Path(p).relative_to("src")) for p in compiled}  # jantaku/hand/waits.py
    for top in (SRC.parent, *ROOT.glob("build/lib*")):
        for path in top.rglob("*"):
            if not path.name.endswith(suffixes):
                continue
            stem = path.name.split(".", 1)[0]
            if path.parent == top:
                stale = stem.startswith("jantaku_") and stem not in groups
            else:
                stale = str(path.with_name(stem + ".py").relative_to(top)) not in wanted
            if stale:
                path.unlink()


#: what the build compiled: each source's path in the package and the CRC-32 of its
#: text, which :mod:`jantaku._loader` compares with the sources it finds
SOURCES_NOTE = SRC / "_compiled_sources.txt"


def _note_sources(compiled: set[str]) -> None:
    """Write :data:`SOURCES_NOTE` for the sources about to be compiled."""
    lines = []
    for path in sorted(compiled):
        relative = Path(path).relative_to("src/jantaku").as_posix()
        lines.append(f"{relative} {zlib.crc32((ROOT / path).read_bytes())}\n")
    SOURCES_NOTE.write_text("".join(lines))


def _why_not_compiled() -> str | None:
    """Why the core is built as pure Python here, or None if it can be compiled."""
    if os.environ.get("JANTAKU_PURE_BUILD", "") not in ("", "0"):
        return "JANTAKU_PURE_BUILD is set"
    if sys.implementation.name != "cpython":
        return f"{sys.implementation.name} is not CPython"
    compiler = (os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc").split()[0]
    if shutil.which(compiler) is None:
        return f"no C compiler ({compiler})"
    if not Path(sysconfig.get_paths()["include"], "Python.h").is_file():
        return "no Python.h (the Python development headers)"
    try:
        import mypyc.build  # noqa: F401
    except ImportError:
        return "mypyc is not installed"
    return None


def ext_modules() -> list[Extension]:
    """mypyc's extensions for :data:`COMPILED`, or none (pure Python), saying why."""
    why = _why_not_compiled()
    if why is not None:
        print(f"jantaku: building pure Python ({why})", file=sys.stderr)
        return []
    from mypyc.build import mypycify

    os.chdir(ROOT)  # mypyc reads pyproject's [tool.mypy] and writes build/ here
    groups = compiled_groups()
    compiled = {p for paths in groups.values() for p in paths}
    _remove_left_out(compiled)
    _note_sources(compiled)
    return mypycify(
        [p for paths in groups.values() for p in paths],
        opt_level="3",
        separate=[(paths, f"jantaku_{name}") for name, paths in groups.items()],
    )


class BuildExt(build_ext):
    """``build_ext`` that leaves every extension it names newer than the sources: one it
    found up to date keeps its old time otherwise, and the sources would run in its
    place (:mod:`jantaku._loader` runs them when a source is newer than its build)."""

    def run(self) -> None:
        super().run()
        for output in self.get_outputs():
            if os.path.exists(output):
                os.utime(output)


setup(ext_modules=ext_modules(), cmdclass={"build_ext": BuildExt})
