"""Which build of jantaku's core runs: the modules compiled by mypyc, or their sources.

A compiled build keeps each compiled module's extension (``tiles.cpython-311-….so``)
beside its source (``tiles.py``); Python imports the extension. The sources run instead
when ``JANTAKU_PURE_PYTHON=1`` is set (for debugging, or comparing the two builds), and
when any compiled module's source is not the text the build compiled (a checkout edited
since ``make compiled``): never a mix of old compiled code and new sources.
:func:`build` says which ran and why.

Imported by ``jantaku/__init__.py`` before any other module of the package; it imports
nothing of jantaku.
"""

from __future__ import annotations

import importlib.abc
import importlib.machinery
import importlib.util
import os
import sys
import zlib
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from types import ModuleType

#: the environment variable that makes the sources run
PURE_ENV = "JANTAKU_PURE_PYTHON"

_PACKAGE = os.path.dirname(os.path.abspath(__file__))
_state = "pure Python (not compiled)"


class _SourceFinder(importlib.abc.MetaPathFinder):
    """Finds ``jantaku.*`` modules by their ``.py`` sources, before the extensions."""

    def find_spec(
        self,
        fullname: str,
        path: Sequence[str] | None,
        target: ModuleType | None = None,
    ) -> ModuleSpec | None:
        if path is None or not fullname.startswith("jantaku."):
            return None
        name = fullname.rpartition(".")[2]
        for entry in path:
            source = os.path.join(entry, name + ".py")
            if os.path.isfile(source):
                return importlib.util.spec_from_file_location(fullname, source)
        return None  # a package, or no such module: the usual finders decide


def _extensions() -> list[tuple[str, str]]:
    """Each compiled module's extension and source, under the package's folder."""
    found = []
    suffixes = tuple(importlib.machinery.EXTENSION_SUFFIXES)
    for folder, _, files in os.walk(_PACKAGE):
        for file in files:
            if file.endswith(suffixes):
                stem = file.split(".", 1)[0]
                source = os.path.join(folder, stem + ".py")
                if os.path.exists(source):
                    found.append((os.path.join(folder, file), source))
    return found


def _stale(extensions: list[tuple[str, str]]) -> str | None:
    """The first compiled module whose source is not the one compiled, relative to the
    package, or None: its text against the build's note of each source's CRC-32
    (``_compiled_sources.txt``, written by ``setup.py``), or, a build without a note,
    a source newer than its extension."""
    note = os.path.join(_PACKAGE, "_compiled_sources.txt")
    if os.path.exists(note):
        with open(note, encoding="utf-8") as f:
            built = dict(line.split() for line in f if line.strip())
        for _, source in extensions:
            name = os.path.relpath(source, _PACKAGE).replace(os.sep, "/")
            with open(source, "rb") as f:
                if built.get(name) != str(zlib.crc32(f.read())):
                    return name
        return None
    for extension, source in extensions:
        if os.stat(source).st_mtime > os.stat(extension).st_mtime:
            return os.path.relpath(source, _PACKAGE)
    return None


def choose() -> None:
    """Let the sources run where they must (see the module's text); note which build."""
    global _state
    extensions = _extensions()
    if not extensions:
        _state = "pure Python (not compiled)"
        return
    stale = None
    if os.environ.get(PURE_ENV, "") not in ("", "0"):
        _state = f"pure Python ({PURE_ENV} is set)"
    elif (stale := _stale(extensions)) is not None:
        _state = f"pure Python ({stale} changed since the build: make compiled)"
    else:
        _state = f"compiled (mypyc, {len(extensions)} modules)"
        return
    if not any(isinstance(f, _SourceFinder) for f in sys.meta_path):
        sys.meta_path.insert(0, _SourceFinder())


def build() -> str:
    """Which build runs: ``compiled (mypyc, N modules)`` or ``pure Python (why)``."""
    return _state


def is_compiled() -> bool:
    """Whether the compiled modules run."""
    return _state.startswith("compiled")
