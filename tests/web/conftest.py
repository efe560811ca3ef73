"""The web tests need the web extra (Starlette) and httpx."""

from __future__ import annotations

import warnings

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx")

# Starlette's test client still runs on httpx; its notice about a successor is not ours
warnings.filterwarnings("ignore", message=".*httpx.*", category=UserWarning)
