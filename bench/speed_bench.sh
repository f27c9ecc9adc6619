#!/bin/sh
# Timing-mode simulation speed on memory-bound and irregular kernels (not a
# test): kmn, spmv and bfs at paper size on dyncta30 (30 SMs), each cut by an
# instruction budget so that a figure takes seconds, single-threaded. Each
# figure is the best of REPS runs: wall seconds of the simulation, million
# thread instructions and simulated cycles per host second. Given a second
# build (OLD), both run in turn and the speed-up NEW/OLD is printed per
# workload and as a geometric mean: the way to show what a change to the
# model's speed bought (docs/performance.md, "Simulation speed").
#
# Then, beside GPGPU-Sim: the correlation set's paper-size runs of the same
# three workloads on gtx480 (kmn and bfs cut at 10M thread instructions, as
# there) against GPGPU-Sim's wall times on this class of host, read from
# docs/results/correlation/correlation-workloads.csv (measured with
# tools/peers/correlate.sh; GPGPU-Sim is not run here).
#   bench/speed_bench.sh [SIMTREF] [REPS] [OLD_SIMTREF]
set -eu
simtref=${1:-build/simtref}
reps=${2:-3}
old=${3:-}
here=$(cd "$(dirname "$0")" && pwd)
csv="$here/../docs/results/correlation/correlation-workloads.csv"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

bench=speed_bench

# run_best BIN ARGS...: "wall mips cps process" of the best (least wall) of
# $reps runs: the simulation's wall seconds, million thread instructions and
# cycles per second (as simtref prints them), and the whole process's wall
# seconds (set-up and checks included, as the correlation set measured).
run_best() {
  bin=$1
  shift
  b=""
  i=0
  while [ $i -lt "$reps" ]; do
    t0=$(date +%s.%N)
    "$bin" run "$@" >"$tmp/out" 2>&1
    rc=$?
    t1=$(date +%s.%N)
    # 0: checked and passed; 3: stopped by the instruction budget
    if [ $rc -ne 0 ] && [ $rc -ne 3 ]; then
      cat "$tmp/out" >&2
      echo "$bench: $bin run $* failed (exit status $rc)" >&2
      exit 1
    fi
    line=$(sed -n 's/.* in \([0-9.]*\) s: \([0-9.]*\) million thread instructions\/s, \([0-9]*\) cycles\/s.*/\1 \2 \3/p' "$tmp/out" | tail -1)
    if [ -z "$line" ]; then
      cat "$tmp/out" >&2
      echo "$bench: no simulation rate in the output of $bin run $*" >&2
      exit 1
    fi
    line="$line $(awk -v a="$t0" -v b="$t1" 'BEGIN { printf "%.2f", b - a }')"
    b=$(printf '%s\n%s\n' "${b:-$line}" "$line" | sort -n -k1,1 | head -1)
    i=$((i + 1))
  done
  echo "$b"
}

if [ -n "$old" ]; then
  printf '%-44s %9s %9s %10s %9s %9s %8s\n' "dyncta30, paper size" "new s" "new Mi/s" "new cyc/s" \
    "old s" "old Mi/s" speed-up
else
  printf '%-44s %9s %9s %10s\n' "dyncta30, paper size" "s" "Mi/s" "cycles/s"
fi
prod=1
n=0
for spec in "kmn -s sim.max_insts=4000000" "spmv" "bfs -s sim.max_insts=10000000"; do
  # shellcheck disable=SC2086
  set -- $spec
  w=$1
  shift
  # shellcheck disable=SC2086
  new=$(set +e; run_best "$simtref" "$w" -c dyncta30 --size paper "$@")
  label="$w $*"
  if [ -n "$old" ]; then
    # shellcheck disable=SC2086
    was=$(set +e; run_best "$old" "$w" -c dyncta30 --size paper "$@")
    # shellcheck disable=SC2086
    set -- $new $was
    r=$(awk -v a="$6" -v b="$2" 'BEGIN { printf "%.2f", b / a }')
    printf '%-44s %9s %9s %10s %9s %9s %7sx\n' "$label" "$1" "$2" "$3" "$5" "$6" "$r"
    prod=$(awk -v p="$prod" -v r="$r" 'BEGIN { print p * r }')
    n=$((n + 1))
  else
    # shellcheck disable=SC2086
    set -- $new
    printf '%-44s %9s %9s %10s\n' "$label" "$1" "$2" "$3"
  fi
done
if [ "$n" -gt 0 ]; then
  printf '%-44s %59sx\n' "geometric mean speed-up" \
    "$(awk -v p="$prod" -v n="$n" 'BEGIN { printf "%.2f", p ^ (1 / n) }')"
fi

echo
printf '%-44s %9s %12s %9s\n' "gtx480, paper size (correlation set)" "simtref s" "GPGPU-Sim s" ratio
echo "(whole-process wall seconds; GPGPU-Sim's from the correlation batch, not run here)"
prod=1
n=0
for spec in "kmn -s sim.max_insts=10000000" "spmv" "bfs -s sim.max_insts=10000000"; do
  # shellcheck disable=SC2086
  set -- $spec
  w=$1
  shift
  g=$(awk -F, -v w="$w" '$1 == "paper" && $2 == w { print $17; exit }' "$csv")
  # shellcheck disable=SC2086
  t=$(set +e; run_best "$simtref" "$w" -c gtx480 --size paper "$@" | cut -d' ' -f4)
  if [ -z "$g" ]; then
    printf '%-44s %9s %12s\n' "$w $*" "$t" "(none)"
    continue
  fi
  r=$(awk -v a="$t" -v b="$g" 'BEGIN { printf "%.0f", b / a }')
  printf '%-44s %9s %12s %8sx\n' "$w $*" "$t" "$g" "$r"
  prod=$(awk -v p="$prod" -v r="$r" 'BEGIN { print p * r }')
  n=$((n + 1))
done
if [ "$n" -gt 0 ]; then
  printf '%-44s %31sx\n' "geometric mean (GPGPU-Sim / simtref wall)" \
    "$(awk -v p="$prod" -v n="$n" 'BEGIN { printf "%.0f", p ^ (1 / n) }')"
fi
