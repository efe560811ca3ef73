"""The web tests need the web extra (Starlette) and httpx."""

from __future__ import annotations

import warnings

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

with warnings.catch_warnings():
    # Starlette's test client runs on httpx; its notice about a successor is not ours
    warnings.simplefilter("ignore", UserWarning)
    import starlette.testclient  # noqa: F401
