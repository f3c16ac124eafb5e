# cardkit — the two set-up commands are `make run` and `make test`; both create .venv on first use.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: run test bench schemas fmt check clean

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev,dask]'
	touch $(STAMP)

## run: set up, then run the main job over the shipped content (outputs under build/)
run: $(STAMP)
	mkdir -p build
	$(BIN)/cardkit check --format text
	$(BIN)/cardkit i18n status
	$(BIN)/cardkit pdf terra --locale en
	$(BIN)/cardkit pdf terra --locale el
	$(BIN)/cardkit pdf terra --locale pl
	$(BIN)/cardkit pdf trains --locale en
	$(BIN)/cardkit pdf trains --locale el
	$(BIN)/cardkit pdf trains --locale pl
	$(BIN)/cardkit simulate terra --games 500 --seed 7 --out build/terra-sim.json --report build/terra-sim.pdf
	$(BIN)/cardkit simulate trains --games 200 --seed 1 --bots baseline,rails-first --out build/trains-sim.json

## test: the whole test suite (includes `cardkit schema --check` and `cardkit fmt --check`)
test: $(STAMP)
	$(BIN)/python -m pytest

## bench: benchmarks, each against a baseline measured in the same run
bench: $(STAMP)
	$(BIN)/python bench/bench_check.py
	$(BIN)/python bench/bench_pdf.py
	$(BIN)/python bench/bench_sim.py
	$(BIN)/python bench/bench_trains.py

## schemas: regenerate schemas/ from the models
schemas: $(STAMP)
	$(BIN)/cardkit schema

## fmt: canonical formatting of content/
fmt: $(STAMP)
	$(BIN)/cardkit fmt

check: $(STAMP)
	$(BIN)/cardkit check

clean:
	rm -rf build .cardkit-cache .pytest_cache
