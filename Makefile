# Thin wrapper over CMake. `make demo` and `make test` work on a fresh Debian
# machine: each first installs any missing packages (scripts/install-deps.sh).

BUILD      ?= build
ASAN_BUILD ?= build-asan
FAST_BUILD ?= build-fast
JOBS       ?= $(shell nproc 2>/dev/null || echo 2)
CTEST_ARGS ?=

.PHONY: all deps build fast demo test test-asan fuzz bench docs clean

all: build

deps:
	@./scripts/install-deps.sh

$(BUILD)/CMakeCache.txt:
	cmake -S . -B $(BUILD) -DCMAKE_BUILD_TYPE=Release

build: deps $(BUILD)/CMakeCache.txt
	cmake --build $(BUILD) -j $(JOBS)

# The fast build: simtref alone, compiled with profile-guided optimisation
# from a training run (scripts/build-fast.sh, about 3 minutes on 2 cores):
# the same results, faster, for long runs and sweeps. docs/performance.md.
fast: deps
	JOBS=$(JOBS) ./scripts/build-fast.sh $(FAST_BUILD)

demo: build
	./$(BUILD)/simtref run bfs -c gtx480

test: build
	cd $(BUILD) && ctest --output-on-failure -j $(JOBS) $(CTEST_ARGS)

# Every test again under AddressSanitizer and UndefinedBehaviorSanitizer.
# ASAN_CMAKE_ARGS: more CMake options for that build (CI links only the RTL
# its sample co-simulates: SIMTREF_RTL_UNITS, SIMTREF_RTL_TARGETS; without
# them each run goes back to every unit's RTL).
test-asan: deps
	cmake -S . -B $(ASAN_BUILD) -DCMAKE_BUILD_TYPE=Debug -DSIMTREF_SANITIZE=ON \
	  -USIMTREF_RTL_UNITS -USIMTREF_RTL_TARGETS $(ASAN_CMAKE_ARGS)
	cmake --build $(ASAN_BUILD) -j $(JOBS)
	cd $(ASAN_BUILD) && ctest --output-on-failure -j $(JOBS) $(CTEST_ARGS)

# A short coverage-guided fuzzing run of every input parser (libFuzzer, clang):
# PTX, config files, -s overrides, workload and experiment files, each for
# FUZZ_SECONDS (default 60). docs/fuzzing.md.
fuzz: deps
	tests/fuzz/run-fuzz.sh $(or $(FUZZ_SECONDS),60)

# Simulation-speed figures (not tests): functional and timing mode, the cost
# of co-simulation and of the power model, memory-bound kernels on dyncta30
# beside GPGPU-Sim (its correlation times, or run side by side when
# GPGPUSIM_BUILD names a build of it, the fast build beside the ordinary
# one), host memory; single thread.
bench: build fast
	./$(BUILD)/func_bench
	./$(BUILD)/timing_bench
	sh bench/cosim_bench.sh ./$(BUILD)/simtref
	sh bench/power_bench.sh ./$(BUILD)/simtref
	sh bench/memory_bench.sh ./$(BUILD)/simtref
	sh bench/speed_bench.sh ./$(FAST_BUILD)/simtref 3 ./$(BUILD)/simtref
	sh bench/threads_bench.sh ./$(BUILD)/simtref

# Regenerates docs/config.md from the option table.
docs: build
	./$(BUILD)/simtref config --doc > docs/config.md

clean:
	rm -rf $(BUILD) $(ASAN_BUILD) $(FAST_BUILD)
