#!/bin/sh
# Cost of the power model (not a test): wall time of timing runs with
# power.enabled true (the default) against false, on memory-bound and
# compute-bound workloads. Each figure is the best of REPS runs; the
# overhead is (on - off) / off. docs/power.md quotes these figures.
#   bench/power_bench.sh [SIMTREF] [REPS]
set -eu
simtref=${1:-build/simtref}
reps=${2:-3}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

bench=power_bench
. "$(dirname "$0")/lib.inc"

printf '%-34s %10s %10s %9s\n' run "off s" "on s" overhead
for w in "bfs" "mm" "spmv" "kmn" "bfs_dp --variant dtbl -c k20c" "bfs_dp --variant pt -c k20c"; do
  # shellcheck disable=SC2086
  off=$(best $w -s power.enabled=false)
  # shellcheck disable=SC2086
  on=$(best $w)
  printf '%-34s %10s %10s %8.1f%%\n' "$w" "$off" "$on" \
    "$(awk -v a="$off" -v b="$on" 'BEGIN { print (b - a) / a * 100 }')"
done
