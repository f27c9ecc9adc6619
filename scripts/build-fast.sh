#!/bin/sh
# The fast build: simtref compiled with profile-guided optimisation (GCC).
#
#   scripts/build-fast.sh [BUILD_DIR]      (default build-fast; `make fast`)
#
# 1. configures BUILD_DIR as a Release build of the simulator alone (no tests,
#    no co-simulation library) with SIMTREF_PGO=generate and builds simtref,
#    instrumented;
# 2. runs the training (scripts/pgo-train.sh), which writes the profile to
#    BUILD_DIR/pgo;
# 3. reconfigures the same directory with SIMTREF_PGO=use and builds simtref
#    again, laid out and inlined by the profile.
# The result, BUILD_DIR/simtref, gives the same statistics and outputs as the
# ordinary build, bit for bit, faster (docs/performance.md, "The fast build").
set -eu
cd "$(dirname "$0")/.."
dir=${1:-build-fast}
jobs=${JOBS:-$(nproc 2>/dev/null || echo 2)}
case "$dir" in
/*) abs=$dir ;;
*) abs=$PWD/$dir ;;
esac

configure() {
  cmake -S . -B "$dir" -DCMAKE_BUILD_TYPE=Release -DSIMTREF_TESTS=OFF -DSIMTREF_COSIM=OFF \
    -DSIMTREF_PGO="$1" -DSIMTREF_PGO_DIR="$abs/pgo" >/dev/null
}

echo "build-fast: 1/3 instrumented build in $dir"
rm -rf "$dir/pgo"
configure generate
cmake --build "$dir" -j "$jobs" --target simtref
echo "build-fast: 2/3 training (scripts/pgo-train.sh)"
t0=$(date +%s)
scripts/pgo-train.sh "$dir/simtref"
echo "build-fast: training took $(($(date +%s) - t0)) s"
echo "build-fast: 3/3 optimised build"
configure use
cmake --build "$dir" -j "$jobs" --target simtref
echo "build-fast: $dir/simtref is ready"
