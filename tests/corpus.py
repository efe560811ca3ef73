"""Where the shared rule seeds and real game records live.

The folder ``shared/`` sits beside the repository (``../shared``); ``JANTAKU_SHARED``
overrides it, and ``/work/shared`` is the fallback for a clone made elsewhere on the
same machine. Tests that need the records fail, not skip, when they are missing.
"""

from __future__ import annotations

import os
from pathlib import Path


def _find_shared() -> Path:
    candidates = []
    if env := os.environ.get("JANTAKU_SHARED"):
        candidates.append(Path(env))
    candidates.append(Path(__file__).resolve().parents[2] / "shared")
    candidates.append(Path("/work/shared"))
    for c in candidates:
        if (c / "data").is_dir():
            return c
    return candidates[0]


SHARED = _find_shared()
DATA = SHARED / "data"
SEEDS = SHARED / "seeds"
