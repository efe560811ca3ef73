"""The compiled core and its pure-Python reference: which one runs, and that they agree.

``make test`` builds the core with mypyc where a C compiler exists (``make compiled``),
runs every test on it, then the core's tests on the sources (``JANTAKU_PURE_PYTHON=1``).
"""

from __future__ import annotations

import importlib.machinery
import os
import subprocess
import sys
from pathlib import Path

import pytest

import jantaku
import jantaku.hand.decompose
from jantaku import _loader

ROOT = Path(__file__).resolve().parents[1]
EXTENSION = tuple(importlib.machinery.EXTENSION_SUFFIXES)


def _run(code: str, *, pure: bool) -> str:
    env = dict(os.environ)
    env.pop(_loader.PURE_ENV, None)
    if pure:
        env[_loader.PURE_ENV] = "1"
    done = subprocess.run(
        [sys.executable, "-c", code], env=env, capture_output=True, text=True, check=True
    )
    return done.stdout


def test_the_build_that_runs_is_the_one_the_loader_names() -> None:
    probe = jantaku.hand.decompose.__file__  # a module compiled in every build
    compiled = probe is not None and probe.endswith(EXTENSION)
    assert _loader.is_compiled() is compiled
    assert _loader.build().startswith("compiled" if compiled else "pure Python")
    if os.environ.get(_loader.PURE_ENV):
        assert not compiled
    elif _loader._extensions():
        # a build in the tree must be the one running: make test builds it first, so a
        # stale one here means sources changed under the test run
        assert compiled, _loader.build()


def test_the_switch_runs_the_sources() -> None:
    out = _run(
        "import jantaku.hand.decompose, jantaku.scoring.score, jantaku._loader as l;"
        "print(jantaku.hand.decompose.__file__); print(jantaku.scoring.score.__file__);"
        "print(l.build())",
        pure=True,
    )
    decompose, score, build = out.splitlines()
    assert decompose.endswith("decompose.py") and score.endswith("score.py")
    assert build.startswith("pure Python")
    if _loader._extensions():
        assert build == f"pure Python ({_loader.PURE_ENV} is set)"


def test_version_names_the_build() -> None:
    out = subprocess.run(
        [str(Path(sys.executable).with_name("jantaku")), "--version"],
        capture_output=True,
        text=True,
        check=True,
    )
    assert out.stdout.strip() == f"jantaku {jantaku.__version__}, {_loader.build()}"


def test_a_source_newer_than_its_build_makes_the_sources_run(tmp_path: Path) -> None:
    package = tmp_path / "jantaku"
    (package / "hand").mkdir(parents=True)
    suffix = EXTENSION[0]
    for stem in ("tiles", "hand/waits"):
        (package / f"{stem}.py").write_text("")
        (package / f"{stem}{suffix}").write_bytes(b"")
        os.utime(package / f"{stem}.py", (1_000, 1_000))
        os.utime(package / f"{stem}{suffix}", (2_000, 2_000))
    (package / "errors.py").write_text("")  # a module left as Python
    old = _loader._PACKAGE
    try:
        _loader._PACKAGE = str(package)
        found = _loader._extensions()
        assert sorted(Path(s).name for _, s in found) == ["tiles.py", "waits.py"]
        assert _loader._stale(found) is None
        os.utime(package / "hand" / "waits.py", (3_000, 3_000))
        assert _loader._stale(found) == os.path.join("hand", "waits.py")
    finally:
        _loader._PACKAGE = old


def test_the_builds_note_of_its_sources_decides_what_is_stale(tmp_path: Path) -> None:
    """Installed files carry the install's times, so a build notes the CRC-32 of each
    source it compiled and a source is stale when its text differs, whatever its time."""
    import zlib

    package = tmp_path / "jantaku"
    (package / "hand").mkdir(parents=True)
    suffix = EXTENSION[0]
    for stem in ("tiles", "hand/waits"):
        (package / f"{stem}.py").write_text(f"# {stem}\n")
        (package / f"{stem}{suffix}").write_bytes(b"")
        os.utime(package / f"{stem}{suffix}", (1_000, 1_000))  # older than the sources
    (package / "_compiled_sources.txt").write_text(
        "".join(
            f"{stem}.py {zlib.crc32((package / f'{stem}.py').read_bytes())}\n"
            for stem in ("hand/waits", "tiles")
        )
    )
    old = _loader._PACKAGE
    try:
        _loader._PACKAGE = str(package)
        found = _loader._extensions()
        assert _loader._stale(found) is None  # the same texts: fresh, older or not
        (package / "hand" / "waits.py").write_text("# waits, edited\n")
        assert _loader._stale(found) == "hand/waits.py"
    finally:
        _loader._PACKAGE = old


DIGEST = (
    "import runpy, sys; sys.argv = ['x']; "
    f"ns = runpy.run_path({str(ROOT / 'tools' / 'seeded_logs_digest.py')!r}, run_name='lib'); "
    "print('\\n'.join(f'{label} {digest}' for label, digest in ns['digests'](1)))"
)


@pytest.mark.skipif(not _loader._extensions(), reason="no compiled build (make compiled)")
def test_compiled_and_pure_python_play_the_same_matches() -> None:
    """Every preset's seeded matches, efficiency and random agents, through play_match and
    the bare referee: the same mjai logs, event for event, from both builds."""
    compiled = _run(DIGEST, pure=False)
    pure = _run(DIGEST, pure=True)
    assert compiled.count("\n") >= 10
    assert compiled == pure


def test_results_pickle_and_copy() -> None:
    """Results cross process boundaries (the arena's and the environments' workers,
    record uploads): each value type pickles and copies to an equal value, compiled or
    not (a compiled frozen dataclass pickles only through its ``__reduce__``)."""
    import copy
    import pickle

    from jantaku.hand import advise, waits
    from jantaku.scoring import WinSituation, score_win
    from jantaku.scoring.yaku import YAKU

    values: list[object] = [
        score_win(WinSituation.from_hand("123m456p789s11555z", win="1z", discarder=1)),
        advise("123m456p789s1155z1m"),
        waits("123m456p789s1155z"),
        YAKU[0],
    ]
    for value in values:
        assert pickle.loads(pickle.dumps(value)) == value
        assert copy.deepcopy(value) == value
