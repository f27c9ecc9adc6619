#!/bin/sh
# Parallel simulation's speed (not a test): each workload once serially and
# once per thread count, best of REPS runs each, with the simulation rate
# (million thread instructions per host second, as simtref prints it) and
# the speed-up over the serial run; the statistics of every threaded run are
# checked equal to the serial run's (docs/performance.md, "Parallel
# simulation"). Two cases: as a user runs it (the model decides, every few
# thousand cycles, whether the threads are faster, sim.threads alone) and
# every cycle on the threads (SIMTREF_PAR_STEPS=all), which shows what
# stepping in parallel costs or gains where it is not chosen.
#   bench/threads_bench.sh [SIMTREF] [THREADS...]   (default: 2, and the host's cores)
set -eu
simtref=${1:-build/simtref}
[ $# -gt 0 ] && shift
counts=${*:-}
if [ -z "$counts" ]; then
  n=$(getconf _NPROCESSORS_ONLN 2>/dev/null || echo 2)
  counts=2
  [ "$n" -gt 2 ] && counts="2 $n"
fi
reps=${REPS:-3}
here=$(cd "$(dirname "$0")" && pwd)
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

# best MODE THREADS ARGS...: the best rate of $reps runs; the last run's
# statistics stay in $tmp/stats.json
best() {
  mode=$1 t=$2
  shift 2
  b=0
  i=0
  while [ $i -lt "$reps" ]; do
    if [ "$mode" = all ]; then
      SIMTREF_PAR_STEPS=all "$simtref" run "$@" -s sim.threads="$t" -q \
        --stats "$tmp/stats.json" >"$tmp/out" 2>&1 || [ $? -eq 3 ]
    else
      "$simtref" run "$@" -s sim.threads="$t" -q --stats "$tmp/stats.json" \
        >"$tmp/out" 2>&1 || [ $? -eq 3 ]
    fi
    r=$(sed -n 's/.* s: \([0-9.]*\) million thread instructions\/s.*/\1/p' "$tmp/out" | tail -1)
    if [ -z "$r" ]; then
      cat "$tmp/out" >&2
      echo "threads_bench: no rate in the output of $simtref run $*" >&2
      exit 1
    fi
    b=$(awk -v a="$b" -v c="$r" 'BEGIN { print (c > a) ? c : a }')
    i=$((i + 1))
  done
  echo "$b"
}

echo "threads_bench: $simtref, threads: $counts, best of $reps, on $(getconf _NPROCESSORS_ONLN) cores"
printf '%-44s %8s' "workload (M thread insts/s; speed-up)" "serial"
for t in $counts; do printf ' %16s %16s' "$t auto" "$t every cycle"; done
echo
for spec in "hot -c gtx480 --size paper -s sim.max_insts=20000000" \
            "mm -c gtx480 --size paper -s sim.max_insts=20000000" \
            "bfs -c gtx480 --size paper -s sim.max_insts=10000000" \
            "kmn -c dyncta30 --size paper -s sim.max_insts=4000000" \
            "spmv -c dyncta30 --size paper"; do
  # shellcheck disable=SC2086
  set -- $spec
  s=$(best auto 1 "$@")
  cp "$tmp/stats.json" "$tmp/serial.json"
  line=$(printf '%-44s %8s' "$1 $3 $5" "$s")
  for t in $counts; do
    for mode in auto all; do
      r=$(best $mode "$t" "$@")
      if ! python3 "$here/../scripts/compare_stats.py" --files "$tmp/stats.json" \
           "$tmp/serial.json" >"$tmp/cmp" 2>&1; then
        cat "$tmp/cmp" >&2
        echo "threads_bench: $* on $t threads ($mode) gave other statistics" >&2
        exit 1
      fi
      line="$line $(printf '%9s %6s' "$r" "$(awk -v a="$r" -v b="$s" 'BEGIN { printf "%.2fx", a / b }')")"
    done
  done
  echo "$line"
done
