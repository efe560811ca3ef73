# jantaku — the two commands: `make play` and `make test`.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
# the compiled core's sources and the mark of its build (see `compiled` below)
CORE   := setup.py $(wildcard src/jantaku/hand/*.py src/jantaku/scoring/*.py \
	src/jantaku/engine/*.py src/jantaku/agents/threats.py)
BUILT  := $(VENV)/.compiled
LINTED := $(wildcard src tests bench tools conftest.py setup.py)

.PHONY: play play-terminal chromium test lint typecheck bench conformance fuzz clean tables \
	compiled pure

# the package is compiled to bytecode as a wheel's install does, so that a command starts
# without compiling its modules (also where PYTHONDONTWRITEBYTECODE is set)
$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip 'setuptools>=77'
	JANTAKU_PURE_BUILD=1 $(PY) -m pip install --quiet -e '.[test]'  # compiled: make compiled
	$(PY) -m pip install --quiet --no-deps 'mjai==0.2.1'  # test-only peer, see pyproject
	$(PY) -m compileall -q src
	touch $(STAMP)

# the table in the browser (the terminal table: jantaku play --terminal)
WEB    := $(VENV)/.web-installed
$(WEB): $(STAMP)
	JANTAKU_PURE_BUILD=1 $(PY) -m pip install --quiet -e '.[web]'
	touch $(WEB)

# the table in the browser; `make play-terminal` (jantaku play --terminal) plays in the
# terminal, where Ctrl-C at the prompt is read as a key and leaving ends with status 0
play: $(WEB) $(BUILT)
	$(VENV)/bin/jantaku serve --open $(ARGS)

play-terminal: $(STAMP) $(BUILT)
	$(VENV)/bin/jantaku play --terminal $(ARGS)

# the browser tests drive Debian's chromium, and the tile-art test regenerates the tiles
# from Debian's Noto CJK font: both installed here when missing and we are root
# (otherwise those tests skip and say why); never the playwright download
NOTO   := /usr/share/fonts/opentype/noto/NotoSerifCJK-Bold.ttc
chromium:
	@if { [ ! -x /usr/bin/chromium ] || [ ! -f $(NOTO) ]; } && [ "$$(id -u)" = 0 ] \
		&& command -v apt-get >/dev/null; then \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive \
		apt-get install -y -qq chromium fonts-noto-cjk; fi

# axe-core for the accessibility test, from the npm registry (the test skips without it)
AXE    := node_modules/axe-core/axe.min.js
$(AXE):
	@if command -v npm >/dev/null; then \
		npm install --no-save --no-package-lock --no-audit --no-fund --silent axe-core@4.14.1; \
	else echo "npm not found: the accessibility test will skip"; fi

# the compiled core (optional): mypyc compiles it to C extensions in place, where a C
# compiler and Python's headers exist (else setup.py says why and nothing is built).
# The sources run instead of a build older than them, and with JANTAKU_PURE_PYTHON=1;
# `jantaku --version` says which runs. `make pure` removes the build.
$(BUILT): $(STAMP) $(CORE)
	$(PY) setup.py --quiet build_ext --inplace --parallel 2
	@find src -name '*.so' -exec touch {} +
	@touch $(BUILT)

compiled: $(BUILT)

pure:
	find src -name '*.so' -delete
	rm -rf build $(BUILT) src/jantaku/_compiled_sources.txt

# every test and doctest on the pure-Python reference, then the tests of what is
# compiled (hand analysis, scoring, the engine, and what drives them: matches, replays,
# environments, bots, drills, the table's server) on the compiled build
COMPILED_TESTS := tests/test_build.py tests/test_hand_*.py tests/test_scoring_*.py \
	tests/test_score_*.py tests/test_catalogue_*.py tests/test_public_edges.py \
	tests/test_agents*.py tests/test_learn*.py tests/test_notation.py tests/test_describe.py \
	tests/test_one_voice.py tests/test_cli_analysis.py tests/test_cli_score.py \
	tests/test_engine*.py tests/test_observer.py tests/test_referee_pending.py \
	tests/test_fuzz_engine.py tests/test_flowers.py tests/test_match*.py tests/test_replay*.py \
	tests/test_env*.py tests/test_dataset.py tests/test_arena.py tests/test_cli_selfplay_faults.py \
	tests/web/test_server.py tests/web/test_tables.py tests/web/test_replay_wall.py
test: $(STAMP) lint typecheck chromium $(AXE) $(BUILT)
	JANTAKU_PURE_PYTHON=1 $(PY) -m pytest -m "not slow"
	$(PY) -m pytest -m "not slow" $(COMPILED_TESTS)

lint: $(STAMP)
	$(VENV)/bin/ruff check $(LINTED)
	$(VENV)/bin/ruff format --check $(LINTED)

typecheck: $(STAMP)
	$(VENV)/bin/mypy

bench: $(STAMP)
	@for b in $(wildcard bench/bench_*.py); do $(PY) $$b || exit 1; done

# the real-game corpus: every complete Tenhou game under DATA (by default shared/data
# next to the repository; make conformance DATA=/path/to/data for another folder), then
# the slow tests, which read the same folder (JANTAKU_SHARED is its parent)
DATA   ?= $(abspath ../shared/data)
GAMES   = $(wildcard $(DATA)/tenhou_xml/*/*.xml*) $(wildcard $(DATA)/paired_xml_json/*/*.xml)
conformance: $(STAMP)
	@$(if $(strip $(GAMES)),:,{ \
		echo "make conformance: no Tenhou games in DATA=$(DATA)" >&2; \
		echo "  (it replays DATA/tenhou_xml/*/*.xml[.gz] and DATA/paired_xml_json/*/*.xml;" >&2; \
		echo "  name the folder of the records: make conformance DATA=/path/to/data)" >&2; \
		exit 2; })
	@echo "jantaku replay --quiet --jobs 2 <$(words $(GAMES)) Tenhou games in $(DATA)>"
	@$(VENV)/bin/jantaku replay --quiet --jobs 2 $(GAMES)
	JANTAKU_SHARED="$(abspath $(DATA)/..)" $(PY) -m pytest -m slow

# the big fuzz (not in CI): invariants after every event of many matches of every preset,
# on every core, resumable (FUZZ_PROGRESS); e.g. make fuzz FUZZ_MATCHES=5000 FUZZ_JOBS=1
FUZZ_MATCHES  ?= 100000
FUZZ_JOBS     ?= $(shell nproc 2>/dev/null || echo 1)
FUZZ_PROGRESS ?= .fuzz-progress.json
fuzz: $(STAMP)
	$(PY) tools/fuzz.py --matches $(FUZZ_MATCHES) --jobs $(FUZZ_JOBS) --progress $(FUZZ_PROGRESS)

tables: $(STAMP)
	$(PY) tools/gen_tables.py
	$(PY) tools/gen_split_tables.py

clean:
	rm -rf $(VENV) build *.egg-info .mypy_cache .pytest_cache .ruff_cache
	find src -name '*.so' -delete
