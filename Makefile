# jantaku — the two commands: `make play` and `make test`.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
LINTED := $(wildcard src tests bench tools)

.PHONY: play test lint typecheck bench conformance fuzz clean tables

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(STAMP)

play: $(STAMP)
	$(VENV)/bin/jantaku play

test: $(STAMP) lint typecheck
	$(PY) -m pytest -m "not slow"

lint: $(STAMP)
	$(VENV)/bin/ruff check $(LINTED)
	$(VENV)/bin/ruff format --check $(LINTED)

typecheck: $(STAMP)
	$(VENV)/bin/mypy

bench: $(STAMP)
	@for b in $(wildcard bench/bench_*.py); do $(PY) $$b || exit 1; done

# the real-game corpus (shared/data next to the repository): every complete Tenhou game
DATA   ?= $(abspath ../shared/data)
conformance: $(STAMP)
	@echo "jantaku replay --quiet --jobs 2 <every complete Tenhou game in $(DATA)>"
	@$(VENV)/bin/jantaku replay --quiet --jobs 2 \
		$(wildcard $(DATA)/tenhou_xml/*/*.xml*) $(wildcard $(DATA)/paired_xml_json/*/*.xml)
	$(PY) -m pytest -m slow

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
