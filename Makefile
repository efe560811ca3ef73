# jantaku — the two commands: `make play` and `make test`.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
LINTED := $(wildcard src tests bench tools)

.PHONY: play test lint typecheck bench conformance clean tables

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	$(PY) -m pip install --quiet --no-deps 'mjai==0.2.1'  # test-only peer, see pyproject
	touch $(STAMP)

# the terminal table; Ctrl-C at its prompt is read as a key (no signal reaches make), and
# leaving in any way ends with status 0, so make ends quietly (ARGS: e.g. --seed 3)
play: $(STAMP)
	$(VENV)/bin/jantaku play --terminal $(ARGS)

test: $(STAMP) lint typecheck
	$(PY) -m pytest -m "not slow"

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

tables: $(STAMP)
	$(PY) tools/gen_tables.py
	$(PY) tools/gen_split_tables.py

clean:
	rm -rf $(VENV) build *.egg-info .mypy_cache .pytest_cache .ruff_cache
