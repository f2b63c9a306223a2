# Thin wrapper: install packages, configure and build with CMake presets, run things.
# Every target is idempotent and quick when nothing changed.
PRESET ?= release
BUILD_DIR := build/$(PRESET)
DRAUGHTS := $(BUILD_DIR)/draughts
JOBS ?= $(shell nproc)

.PHONY: all deps configure build run test test-slow bench format clean

all: build

deps:
	@scripts/install-deps

$(BUILD_DIR)/build.ninja: CMakeLists.txt CMakePresets.json | deps
	@cmake --preset $(PRESET) >/dev/null

configure: deps $(BUILD_DIR)/build.ninja

build: configure
	@cmake --build --preset $(PRESET) -j $(JOBS)

# The default match (configs/matches/default.yaml): plays it with one game per core and prints
# the report; the games and summary go to results/.
run: build
	@$(DRAUGHTS) match configs/matches/default.yaml --concurrency $(JOBS)

test: build
	@ctest --preset $(PRESET)

test-slow: build
	@ctest --preset slow

# Every Google Benchmark program; BENCH_FILTER=regex selects benchmarks by name (e.g.
# `make bench BENCH_FILTER=PerftStart11`), BENCH_ARGS passes further options.
bench: build
	@for program in $(BUILD_DIR)/benchmarks/*_bench; do \
		echo "== $$program"; \
		$$program $(if $(BENCH_FILTER),--benchmark_filter='$(BENCH_FILTER)') $(BENCH_ARGS) || exit 1; \
	done

format:
	@git ls-files '*.cpp' '*.hpp' | xargs clang-format -i

clean:
	@rm -rf build
