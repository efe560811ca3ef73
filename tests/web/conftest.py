"""The web tests need the web extra (Starlette) and httpx."""

from __future__ import annotations

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")


def pytest_configure(config: pytest.Config) -> None:
    # Starlette's test client runs on httpx; its notice about a successor is not ours
    config.addinivalue_line("filterwarnings", "ignore:Using `httpx`:UserWarning")
