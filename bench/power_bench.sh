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

# best wall seconds of `simtref run ARGS` over $reps runs
best() {
  b=""
  i=0
  while [ $i -lt "$reps" ]; do
    "$simtref" run "$@" >"$tmp/out" 2>&1 || {
      cat "$tmp/out" >&2
      echo "power_bench: simtref run $* failed" >&2
      exit 1
    }
    t=$(sed -n 's/.* in \([0-9.]*\) s: .*/\1/p' "$tmp/out" | tail -1)
    b=$(awk -v a="${b:-$t}" -v c="$t" 'BEGIN { print (c < a ? c : a) }')
    i=$((i + 1))
  done
  echo "$b"
}

printf '%-34s %10s %10s %9s\n' run "off s" "on s" overhead
for w in "bfs" "mm" "spmv" "kmn" "bfs_dp --variant dtbl -c k20c" "bfs_dp --variant pt -c k20c"; do
  # shellcheck disable=SC2086
  off=$(best $w -s power.enabled=false)
  # shellcheck disable=SC2086
  on=$(best $w)
  printf '%-34s %10s %10s %8.1f%%\n' "$w" "$off" "$on" \
    "$(awk -v a="$off" -v b="$on" 'BEGIN { print (b - a) / a * 100 }')"
done
