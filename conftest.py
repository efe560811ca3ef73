"""The test run's one rule about builds: a module compiled by mypyc (an extension beside
its source) is not collected for doctests, since pytest would import its source as a
second module; its doctests run when the sources run (``JANTAKU_PURE_PYTHON=1``,
the second half of ``make test``)."""

from __future__ import annotations

import importlib.machinery
from pathlib import Path

from jantaku import _loader

_EXTENSIONS = tuple(importlib.machinery.EXTENSION_SUFFIXES)


def pytest_ignore_collect(collection_path: Path) -> bool | None:
    if collection_path.suffix != ".py" or not _loader.is_compiled():
        return None
    stem = collection_path.with_suffix("")
    if any(Path(f"{stem}{suffix}").exists() for suffix in _EXTENSIONS):
        return True
    return None
