#!/bin/sh
# The training run of the fast build (scripts/build-fast.sh): runs an
# instrumented simtref over a spread of what users run, so that the compiler
# lays out and inlines the simulator for the paths these take.
#
#   scripts/pgo-train.sh SIMTREF        (JOBS runs at a time; default: the cores)
#
# Every workload of the suite at small size on gtx480 (timing mode); kmn,
# spmv and bfs at paper size on dyncta30 and gtx480, kmn and bfs cut by an
# instruction budget (the memory-bound runs that long sweeps spend their time
# in, and so most of the profile's weight); bfs and hot under
# every (config, policy) cell of the statistics matrix (every issue policy,
# fetch arbiter, CTA policy, L1D policy, DVFS, DTBL, LaPerm); and a few
# workloads in functional mode. Each run must finish (exit 0, or 3 where its
# instruction budget stopped it); any other exit fails the training. The
# runs are independent: JOBS of them run at once, each adding its counts to
# the profile when it exits (the profile's files are locked while a process
# merges into them, so the sum does not depend on the order).
set -eu
if [ "${1:-}" = "--one" ]; then
  # One training run (xargs calls this): SIMTREF ARGS...
  shift
  bin=$1
  shift
  out=$(mktemp)
  set +e
  "$bin" run "$@" --quiet >"$out" 2>&1
  rc=$?
  set -e
  if [ $rc -ne 0 ] && [ $rc -ne 3 ]; then
    cat "$out" >&2
    rm -f "$out"
    echo "pgo-train: simtref run $* failed (exit status $rc)" >&2
    exit 1
  fi
  rm -f "$out"
  exit 0
fi
if [ $# -ne 1 ] || [ ! -x "$1" ]; then
  echo "usage: pgo-train.sh SIMTREF" >&2
  exit 2
fi
bin=$1
here=$(cd "$(dirname "$0")" && pwd)
me="$here/$(basename "$0")"
jobs=${JOBS:-$(nproc 2>/dev/null || echo 2)}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

# One line per run: its arguments after `simtref run`.
runs="$tmp/runs"
{
  for w in $("$bin" list --names); do
    echo "$w -c gtx480 --size small"
  done
  for cfg in dyncta30 gtx480; do
    echo "kmn -c $cfg --size paper -s sim.max_insts=4000000"
    echo "spmv -c $cfg --size paper"
    echo "bfs -c $cfg --size paper -s sim.max_insts=10000000"
  done
} >"$runs"
grep -v '^#' "$here/stats-matrix.txt" >"$tmp/matrix"
while read -r cfg sets; do
  [ -n "$cfg" ] || continue
  args=""
  for kv in $sets; do
    args="$args -s $kv"
  done
  for w in bfs hot; do
    echo "$w -c $cfg --size small$args" >>"$runs"
  done
done <"$tmp/matrix"
for w in bfs kmn hot nw; do
  echo "$w --functional --size medium" >>"$runs"
done
# The longest runs (paper size) first, so that the last ones to start are short.
{ grep -e '--size paper' "$runs" || true; grep -v -e '--size paper' "$runs" || true; } >"$tmp/order"
if ! xargs -P "$jobs" -L 1 sh "$me" --one "$bin" <"$tmp/order"; then
  echo "pgo-train: a training run failed" >&2
  exit 1
fi
echo "pgo-train: $(wc -l <"$runs" | tr -d ' ') runs, $jobs at a time"
