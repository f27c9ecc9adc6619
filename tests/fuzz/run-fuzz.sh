#!/bin/sh
# Builds the PTX front-end fuzzer (clang, libFuzzer + ASan + UBSan) and runs it
# for SECONDS (default 60) from the seed corpus. New inputs go to a scratch
# directory; a crash is saved under the build directory and fails the script.
# The mutation seed is fixed (FUZZ_SEED, default 1) so that a CI run explores
# the same inputs as the last one did; set FUZZ_SEED=0 for a random one.
#   tests/fuzz/run-fuzz.sh 60
set -eu
secs=${1:-60}
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${SIMTREF_FUZZ_BUILD:-$root/build-fuzz}
jobs=$(nproc 2>/dev/null || echo 2)

CC=clang cmake -S "$root" -B "$build" -DSIMTREF_FUZZ=ON -DSIMTREF_TESTS=OFF -DSIMTREF_COSIM=OFF \
  -DCMAKE_BUILD_TYPE=Debug >/dev/null
cmake --build "$build" --target fuzz_ptx_parse -j "$jobs"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$build/fuzz-artifacts"
"$build/tests/fuzz/fuzz_ptx_parse" \
  -max_total_time="$secs" -seed="${FUZZ_SEED:-1}" -max_len=16384 -timeout=10 -rss_limit_mb=2048 \
  -dict="$root/tests/fuzz/ptx.dict" -artifact_prefix="$build/fuzz-artifacts/" \
  -print_final_stats=1 "$work" "$root/tests/fuzz/corpus/ptx"
