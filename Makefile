# reglas — set-up, tests and the site. Everything installs into .venv at the repo root.
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: test fuzz serve build lint chromium bench coverage clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml | $(BIN)/python
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev]'
	touch $(STAMP)

# Debian's Chromium for the browser tests (never `playwright install`: it downloads a browser).
chromium:
	@command -v chromium >/dev/null 2>&1 || { \
	  echo "Instalando Chromium de Debian…"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null; }

test: $(STAMP) chromium
	$(BIN)/ruff check checker tests site bench
	$(BIN)/mypy checker
	$(BIN)/pytest

# The property tests with many examples (Hypothesis profile "fuzz"): grammars, scenarios, the CLI, the vault.
fuzz: $(STAMP)
	REGLAS_FUZZ=1 $(BIN)/pytest -q tests -k "propert"

lint: $(STAMP)
	$(BIN)/reglas lint rules

build: $(STAMP)
	$(BIN)/reglas site build

serve: build
	$(BIN)/reglas site serve --addr 127.0.0.1:8000

CORPUS ?= ../shared/corpora

# Re-measure the card grammars on the shared corpora and rewrite their committed reports and thresholds.
coverage: $(STAMP)
	-$(BIN)/reglas validate --game lorcana $(CORPUS)/lorcana/allCards.en.json \
	  --report grammar/lorcana.failures.md --record grammar/lorcana.coverage.json > /dev/null
	-$(BIN)/reglas validate --game lorcana $(CORPUS)/lorcana/allCards.en.json --engine \
	  --record grammar/lorcana.engine.json > /dev/null
	-$(BIN)/reglas validate --game espadas $(CORPUS)/espadas \
	  --report grammar/espadas.failures.md --record grammar/espadas.coverage.json > /dev/null

bench: $(STAMP)
	$(BIN)/python -m bench

clean:
	rm -rf _site .mypy_cache .ruff_cache .pytest_cache
