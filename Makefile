# Thin wrapper: install packages, configure and build with CMake presets, run things.
# Every target is idempotent and quick when nothing changed.
PRESET ?= release
BUILD_DIR := build/$(PRESET)
DRAUGHTS := $(BUILD_DIR)/draughts
JOBS ?= $(shell nproc)

.PHONY: all deps configure program build python python-install run test test-slow egdb5 bench fuzz sanitize sanitize-long tsan soak format check clean

all: build

deps:
	@scripts/install-deps

$(BUILD_DIR)/build.ninja: CMakeLists.txt CMakePresets.json | deps
	@cmake --preset $(PRESET) >/dev/null

configure: deps $(BUILD_DIR)/build.ninja

# The `draughts` program alone (what `make run` needs); `build` adds the tests and benchmarks.
program: configure
	@cmake --build --preset $(PRESET) -j $(JOBS) --target draughts

build: configure
	@cmake --build --preset $(PRESET) -j $(JOBS)

# The Python module (docs/python.md): built with everything; `make python-install` makes it
# importable by the active virtual environment's interpreter (or PYTHON=...).
python: configure
	@cmake --build --preset $(PRESET) -j $(JOBS) --target draughts_python

python-install: python
	@scripts/python-install $(BUILD_DIR)

# The default match (configs/matches/default.yaml): plays it with one game per core and prints
# the report and the path of its HTML report; the games, summary and report.html go to results/.
run: program
	@$(DRAUGHTS) match configs/matches/default.yaml --concurrency $(JOBS)

# The browser test of the HTML report needs chromium (install-deps test).
test: build
	@scripts/install-deps test
	@ctest --preset $(PRESET)

test-slow: build
	@ctest --preset slow

# The 5-piece endgame database (docs/egdb.md): built into EGDB_DIR at low priority,
# then verified. Long (8 to 28 minutes at low priority on two shared cores, 1.2 GB at its peak,
# then 11 minutes of verify; see results/2026-12-01-egdb-build.md).
EGDB_DIR ?= egdb5
egdb5: build
	@nice -n 19 $(DRAUGHTS) egdb build --pieces 5 --output $(EGDB_DIR)
	@nice -n 19 $(DRAUGHTS) egdb verify $(EGDB_DIR)

# Every Google Benchmark program; BENCH_FILTER=regex selects benchmarks by name (e.g.
# `make bench BENCH_FILTER=PerftStart11`), BENCH_ARGS passes further options.
bench: build
	@for program in $(BUILD_DIR)/benchmarks/*_bench; do \
		echo "== $$program"; \
		$$program $(if $(BENCH_FILTER),--benchmark_filter='$(BENCH_FILTER)') $(BENCH_ARGS) || exit 1; \
	done

# libFuzzer targets (clang 14, built in build/asan with the ASan suite: build preset `fuzz`): each
# runs FUZZ_SECONDS seconds; FUZZ_TARGETS="fen pdn" picks targets, FUZZ_ARGS passes libFuzzer
# options. See docs/development.md.
FUZZ_SECONDS ?= 60
fuzz:
	@scripts/install-deps sanitize
	@cmake --preset asan >/dev/null
	@cmake --build --preset fuzz -j $(JOBS)
	@FUZZ_SECONDS='$(FUZZ_SECONDS)' FUZZ_TARGETS='$(FUZZ_TARGETS)' FUZZ_ARGS='$(FUZZ_ARGS)' scripts/fuzz

# The default test suite under AddressSanitizer + UndefinedBehaviorSanitizer (clang 14, build/asan,
# which also holds the fuzzers), then under ThreadSanitizer (gcc, build/tsan). SANITIZERS="asan"
# runs one of them. The tests listed in tests/sanitizers/long_tests.txt (minutes each under a
# sanitizer) are left out here and run by `make sanitize-long`. The sanitizer presets run each
# test program as GoogleTest shards (tests/CMakeLists.txt), so the cases are picked with
# GTEST_FILTER, which every shard reads.
SANITIZERS ?= asan tsan
SANITIZER_LONG_TESTS := $(shell sed -e 's/\#.*//' -e '/^ *$$/d' tests/sanitizers/long_tests.txt | paste -sd:)
# sanitizer_suites GTEST_FILTER [CTEST_OPTIONS]: builds each preset of SANITIZERS and runs its tests.
define sanitizer_suites
	@for preset in $(SANITIZERS); do \
		echo "== $$preset"; \
		cmake --preset $$preset >/dev/null && \
		cmake --build --preset $$preset -j $(JOBS) && \
		GTEST_FILTER='$(1)' ctest --preset $$preset $(2) || exit 1; \
	done
endef

sanitize:
	@scripts/install-deps sanitize
	$(call sanitizer_suites,-$(SANITIZER_LONG_TESTS))

# Only the test programs' shards (not the docs or layer checks) run the long tests.
sanitize-long:
	@scripts/install-deps sanitize
	$(call sanitizer_suites,$(SANITIZER_LONG_TESTS),-R '\.shard')

# ThreadSanitizer over the concurrent components (build/tsan): the suites of protocol, egdb (the
# lock-free solver), system, harness, tuner, report and cluster, built alone with the TSan canary.
# The last step of .ci/run (about 13 minutes: docs/development.md, CI).
# `make sanitize SANITIZERS=tsan` builds everything and runs the same tests.
tsan: deps
	@cmake --preset tsan >/dev/null
	@cmake --build --preset tsan-components -j $(JOBS)
	@GTEST_FILTER='-$(SANITIZER_LONG_TESTS)' ctest --preset tsan

# The fault-injection soak test (label soak_slow): SOAK_SEED, SOAK_GAMES, SOAK_KILLS.
soak: build
	@ctest --preset soak

format:
	@git ls-files '*.cpp' '*.hpp' | xargs clang-format -i

# What CI checks besides the tests: formatting (clang-format) and the layer order of includes.
check:
	@scripts/install-deps ci
	@scripts/check-format
	@scripts/check-layers

clean:
	@rm -rf build
