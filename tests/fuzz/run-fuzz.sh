#!/bin/sh
# Builds the libFuzzer targets (clang, libFuzzer + ASan + UBSan) and runs
# each for SECONDS (default 60) from its seed corpus, as many at once as
# there are processors (FUZZ_JOBS to set it), each one's log printed whole
# when it ends:
#   fuzz_ptx_parse     the PTX front end          corpus/ptx          ptx.dict
#   fuzz_config_yaml   YAML config files          corpus/config_yaml  config_yaml.dict
#   fuzz_set_option    -s KEY=VALUE overrides     corpus/set_option   set_option.dict
#   fuzz_workload      workload files             corpus/workload     workload.dict
#   fuzz_experiment    experiment (sweep) files   corpus/experiment   experiment.dict
# New inputs go to a scratch directory; a crash is saved under the build
# directory (fuzz-artifacts/<target>/) and fails the script, after the other
# targets have run. The mutation seed is fixed (FUZZ_SEED, default 1) so that
# a CI run explores the same inputs as the last one did; set FUZZ_SEED=0 for
# a random one. FUZZ_TARGETS (names without fuzz_) runs a subset.
#   tests/fuzz/run-fuzz.sh 60
#   FUZZ_TARGETS="workload experiment" tests/fuzz/run-fuzz.sh 600
set -eu
secs=${1:-60}
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${SIMTREF_FUZZ_BUILD:-$root/build-fuzz}
jobs=$(nproc 2>/dev/null || echo 2)
targets=${FUZZ_TARGETS:-ptx_parse config_yaml set_option workload experiment}

exes=""
for t in $targets; do
  exes="$exes fuzz_$t"
done
CC=clang cmake -S "$root" -B "$build" -DSIMTREF_FUZZ=ON -DSIMTREF_TESTS=OFF -DSIMTREF_COSIM=OFF \
  -DCMAKE_BUILD_TYPE=Debug >/dev/null
# shellcheck disable=SC2086
cmake --build "$build" -j "$jobs" --target $exes

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# One target: its libFuzzer run, its log in $work/$t.log, its status in
# $work/$t.rc.
fuzz_one() {
  t=$1
  case $t in
  ptx_parse) corpus=ptx dict=ptx.dict max_len=16384 ;;
  *) corpus=$t dict=$t.dict max_len=4096 ;;
  esac
  mkdir -p "$work/$t" "$build/fuzz-artifacts/$t"
  rc=0
  "$build/tests/fuzz/fuzz_$t" \
    -max_total_time="$secs" -seed="${FUZZ_SEED:-1}" -max_len="$max_len" -timeout=10 \
    -rss_limit_mb=2048 -dict="$root/tests/fuzz/$dict" \
    -artifact_prefix="$build/fuzz-artifacts/$t/" -print_final_stats=1 \
    "$work/$t" "$root/tests/fuzz/corpus/$corpus" >"$work/$t.log" 2>&1 || rc=$?
  echo "$rc" >"$work/$t.rc"
}
fuzz_jobs=${FUZZ_JOBS:-$jobs}
running=""
n=0
for t in $targets; do
  echo "== fuzz_$t: $secs s"
  fuzz_one "$t" &
  running="$running $!"
  n=$((n + 1))
  if [ "$n" -ge "$fuzz_jobs" ]; then
    # shellcheck disable=SC2086
    wait $running
    running=""
    n=0
  fi
done
# shellcheck disable=SC2086
[ -z "$running" ] || wait $running
failed=""
for t in $targets; do
  echo "== fuzz_$t: its log"
  cat "$work/$t.log"
  if [ "$(cat "$work/$t.rc")" != 0 ]; then
    failed="$failed fuzz_$t"
  fi
done
if [ -n "$failed" ]; then
  echo "run-fuzz: failed:$failed (inputs under $build/fuzz-artifacts/)" >&2
  exit 1
fi
echo "run-fuzz: every target ran $secs s without a failure"
