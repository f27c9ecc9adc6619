#!/bin/sh
# The training run of the fast build (scripts/build-fast.sh): runs an
# instrumented simtref over a spread of what users run, so that the compiler
# lays out and inlines the simulator for the paths these take.
#
#   scripts/pgo-train.sh SIMTREF
#
# Every workload of the suite at small size on gtx480 (timing mode); kmn,
# spmv and bfs at paper size on dyncta30 and gtx480, kmn and bfs cut by an
# instruction budget (the memory-bound runs that long sweeps spend their time
# in, and so most of the profile's weight); bfs and hot under
# every (config, policy) cell of the statistics matrix (every issue policy,
# fetch arbiter, CTA policy, L1D policy, DVFS, DTBL, LaPerm); and a few
# workloads in functional mode. Each run must finish (exit 0, or 3 where its
# instruction budget stopped it); any other exit fails the training.
set -eu
if [ $# -ne 1 ] || [ ! -x "$1" ]; then
  echo "usage: pgo-train.sh SIMTREF" >&2
  exit 2
fi
bin=$1
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

n=0
train() {
  set +e
  "$bin" run "$@" --quiet >"$tmp/out" 2>&1
  rc=$?
  set -e
  if [ $rc -ne 0 ] && [ $rc -ne 3 ]; then
    cat "$tmp/out" >&2
    echo "pgo-train: simtref run $* failed (exit status $rc)" >&2
    exit 1
  fi
  n=$((n + 1))
}

for w in $("$bin" list --names); do
  train "$w" -c gtx480 --size small
done
for cfg in dyncta30 gtx480; do
  train kmn -c $cfg --size paper -s sim.max_insts=4000000
  train spmv -c $cfg --size paper
  train bfs -c $cfg --size paper -s sim.max_insts=10000000
done
grep -v '^#' "$here/stats-matrix.txt" >"$tmp/matrix"
while read -r cfg sets; do
  [ -n "$cfg" ] || continue
  args=""
  for kv in $sets; do
    args="$args -s $kv"
  done
  for w in bfs hot; do
    # shellcheck disable=SC2086
    train "$w" -c "$cfg" --size small $args
  done
done <"$tmp/matrix"
for w in bfs kmn hot nw; do
  train "$w" --functional --size medium
done
echo "pgo-train: $n runs"
