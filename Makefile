# cardkit — the two set-up commands are `make run` and `make test`; both create .venv on first use.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed
COMPILED := $(VENV)/.compiled

.PHONY: run test fuzz bench schemas fmt readme check clean

$(STAMP): pyproject.toml examples/plugin/pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[dev,dask,compiled]'
	# the example game plug-in (examples/plugin): found through its `cardkit.games` entry point
	$(BIN)/python -m pip install --quiet --no-deps -e examples/plugin
	touch $(STAMP)

# The optional compiled Trains engine and bots (mypyc, tools/build_compiled.py), rebuilt when their
# sources change; used only while they match those sources (cardkit/core/compiled.py). A failed
# build says why and leaves Trains running as Python, with the same results.
$(COMPILED): $(STAMP) tools/build_compiled.py cardkit/core/compiled.py \
		$(wildcard cardkit/games/trains/engine/*.py cardkit/games/trains/bots/*.py)
	$(BIN)/python tools/build_compiled.py cardkit/games/trains engine bots
	touch $(COMPILED)

## run: set up, then run the main job over the shipped content (outputs under build/)
run: $(STAMP) $(COMPILED)
	mkdir -p build
	$(BIN)/cardkit check --format text
	$(BIN)/cardkit i18n status
	$(BIN)/cardkit pdf terra --locale en
	$(BIN)/cardkit pdf terra --locale el
	$(BIN)/cardkit pdf terra --locale pl
	$(BIN)/cardkit pdf trains --locale en
	$(BIN)/cardkit pdf trains --locale el
	$(BIN)/cardkit pdf trains --locale pl
	$(BIN)/cardkit pdf cartographers --locale en
	$(BIN)/cardkit pdf cartographers --locale el
	$(BIN)/cardkit pdf cartographers --locale pl
	$(BIN)/cardkit pdf terra-futura --locale en
	$(BIN)/cardkit pdf terra-futura --locale el
	$(BIN)/cardkit pdf terra-futura --locale pl
	$(BIN)/cardkit pdf mars-dice --locale en
	$(BIN)/cardkit pdf mars-dice --locale el
	$(BIN)/cardkit pdf mars-dice --locale pl
	$(BIN)/cardkit simulate terra --games 500 --seed 7 --out build/terra-sim.json --report build/terra-sim.pdf
	$(BIN)/cardkit simulate trains --games 200 --seed 1 --bots baseline,rails-first --out build/trains-sim.json
	$(BIN)/cardkit simulate cartographers --games 100 --seed 1 --out build/cartographers-sim.json
	$(BIN)/cardkit simulate terra-futura --games 200 --seed 1 --out build/terra-futura-sim.json
	$(BIN)/cardkit simulate mars-dice --games 200 --seed 1 --out build/mars-dice-sim.json
	$(BIN)/cardkit site --out build/site --dpi 72 \
		--report build/terra-sim.json --report build/trains-sim.json \
		--report build/cartographers-sim.json --report build/terra-futura-sim.json \
		--report build/mars-dice-sim.json
	# a game declared as data (examples/content/lantern-road: no Python) and the plug-in game
	$(BIN)/cardkit games --content examples/content
	$(BIN)/cardkit check --content examples/content
	$(BIN)/cardkit i18n status --content examples/content
	$(BIN)/cardkit pdf lantern-road --content examples/content --locale en
	$(BIN)/cardkit pdf lantern-road --content examples/content --locale el
	$(BIN)/cardkit pdf lantern-road --content examples/content --locale pl
	$(BIN)/cardkit export lantern-road --content examples/content --format tts --out build/lantern-road-tts
	$(BIN)/cardkit site --content examples/content --out build/site-examples --dpi 72
	rm -rf build/pebbles && $(BIN)/cardkit init build/pebbles/content --game pebbles
	$(BIN)/cardkit check --content build/pebbles/content pebbles
	$(BIN)/cardkit simulate pebbles --content build/pebbles/content --games 200 --seed 1

## test: the whole test suite (includes `cardkit schema --check` and `cardkit fmt --check`)
test: $(STAMP) $(COMPILED)
	$(BIN)/python -m pytest -n 2

## fuzz: the property tests with 5,000 fresh (not derandomised) examples; may take a while
fuzz: $(STAMP)
	CARDKIT_FUZZ_EXAMPLES=5000 CARDKIT_FUZZ_DERANDOMIZE=0 $(BIN)/python -m pytest -q \
		-p no:cacheprovider tests/test_fuzz.py tests/test_value_fuzz.py

## bench: benchmarks, each against a baseline measured in the same run; one table at the end
BENCHES := bench_check bench_pdf bench_export bench_site bench_po bench_sim bench_trains \
	bench_cartographers bench_terra_futura bench_mars_dice bench_lsp
bench: SHELL := /bin/bash
bench: .SHELLFLAGS := -o pipefail -c
bench: $(STAMP) $(COMPILED)
	@{ \
	for b in $(BENCHES); do $(BIN)/python bench/$$b.py || exit 1; done; \
	$(BIN)/python bench/bench_search.py --games 3 --iterations 10 --game trains --game cartographers --game terra-futura --game terra || exit 1; \
	$(BIN)/python bench/bench_search.py --games 1 --iterations 10 --horizon 60 --game mars-dice || exit 1; \
	} 2>&1 | $(BIN)/python bench/table.py

## schemas: regenerate schemas/ from the models
schemas: $(STAMP)
	$(BIN)/cardkit schema

## readme: rerun the README's console examples and write their real output into README.md
readme: $(STAMP)
	$(BIN)/python -m tests.readme_examples --update

## fmt: canonical formatting of content/
fmt: $(STAMP)
	$(BIN)/cardkit fmt

check: $(STAMP)
	$(BIN)/cardkit check

clean:
	rm -rf build .cardkit-cache .pytest_cache
