"""The web tests need the web extra (Starlette) and httpx."""

from __future__ import annotations

import sys
import warnings
from pathlib import Path

import pytest

# the helpers shared with the other tests (corpus.py …) are beside this folder
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

pytest.importorskip("starlette")
pytest.importorskip("httpx")

with warnings.catch_warnings():
    # Starlette's test client runs on httpx; its notice about a successor is not ours
    warnings.simplefilter("ignore", UserWarning)
    import starlette.testclient  # noqa: F401
