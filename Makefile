# jantaku — the two commands: `make play` and `make test`.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
LINTED := $(wildcard src tests bench tools)

.PHONY: play test lint typecheck bench conformance clean tables chromium

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[test]'
	touch $(STAMP)

# the table in the browser (the terminal table: jantaku play --terminal)
WEB    := $(VENV)/.web-installed
$(WEB): $(STAMP)
	$(PY) -m pip install --quiet -e '.[web]'
	touch $(WEB)

play: $(WEB)
	$(VENV)/bin/jantaku serve --open

# the browser tests drive Debian's chromium: installed here when missing and we are root
# (otherwise they skip and say why); never the playwright download
chromium:
	@if [ ! -x /usr/bin/chromium ] && [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium; fi

test: $(STAMP) lint typecheck chromium
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

tables: $(STAMP)
	$(PY) tools/gen_tables.py
	$(PY) tools/gen_split_tables.py

clean:
	rm -rf $(VENV) build *.egg-info .mypy_cache .pytest_cache .ruff_cache
