#!/bin/sh
# Timing-mode simulation speed on memory-bound and irregular kernels (not a
# test): kmn, spmv and bfs at paper size on dyncta30 (30 SMs), each cut by an
# instruction budget so that a figure takes seconds, single-threaded. Each
# figure is the best of REPS runs: wall seconds of the simulation, million
# thread instructions and simulated cycles per host second. Given a second
# build (OLD), both run in turn and the speed-up NEW/OLD is printed per
# workload and as a geometric mean: the way to show what a change to the
# model's speed bought (docs/performance.md, "Simulation speed"). `make
# bench` runs it on the fast build (`make fast`) with the ordinary build as
# OLD.
#
# Then, beside GPGPU-Sim: the correlation set's paper-size runs of the same
# three workloads on gtx480 (kmn and bfs cut as there: GPGPU-Sim at 10M thread
# instructions, simtref at the same work, docs/correlation.md). With
# GPGPUSIM_BUILD set to a GPGPU-Sim build (tools/peers/gpgpusim.sh build),
# both simulators run here, side by side, one after the other for each
# workload (GPGPU-Sim once: kmn alone takes it about 8 minutes); without it,
# GPGPU-Sim's wall times are read from the correlation batch
# (docs/results/correlation/correlation-workloads.csv) and only simtref runs.
#   [GPGPUSIM_BUILD=DIR] bench/speed_bench.sh [SIMTREF] [REPS] [OLD_SIMTREF]
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
gs=${GPGPUSIM_BUILD:-}
printf '%-44s %9s %12s %9s\n' "gtx480, paper size (correlation set)" "simtref s" "GPGPU-Sim s" ratio
if [ -n "$gs" ]; then
  echo "(whole-process wall seconds, both run here now; GPGPU-Sim: $gs)"
else
  echo "(whole-process wall seconds; GPGPU-Sim's from the correlation batch, not run here:"
  echo " GPGPU-Sim alone on a quiet host is faster; GPGPUSIM_BUILD=DIR runs it side by side)"
fi
prod=1
n=0
for w in kmn spmv bfs; do
  # the correlation set's cut: GPGPU-Sim's budget (column 9 where cut) and
  # simtref's instructions at the same work (column 8)
  row=$(awk -F, -v w="$w" '$1 == "paper" && $2 == w { print $4, $8, $9; exit }' "$csv")
  # shellcheck disable=SC2086
  set -- $row
  if [ "${1:-0}" = 1 ]; then
    # GPGPU-Sim's budget: its count at the cut, down to whole millions (it
    # stops at the first instruction past the budget)
    budget=$(($3 / 1000000 * 1000000))
    cut_st="-s sim.max_insts=$2"
    cut_gs="--max-insts $budget"
    label="$w (cut at $budget insts)"
  else
    cut_st=""
    cut_gs=""
    label="$w"
  fi
  # shellcheck disable=SC2086
  t=$(set +e; run_best "$simtref" "$w" -c gtx480 --size paper $cut_st | cut -d' ' -f4)
  if [ -n "$gs" ]; then
    "$simtref" run "$w" --size paper --functional --export-cuda "$tmp/export-$w" >"$tmp/export-$w.log" 2>&1 || {
      cat "$tmp/export-$w.log" >&2
      echo "$bench: exporting $w for GPGPU-Sim failed" >&2
      exit 1
    }
    # shellcheck disable=SC2086
    sh "$here/../tools/peers/gpgpusim.sh" run --gpgpusim "$gs" $cut_gs "$tmp/export-$w" "$tmp/gs-$w" \
      >"$tmp/gs-$w.out" 2>&1 || {
      # A run stopped by its budget, or one that ran to the end with float
      # outputs that differ from simtref's (spmv: GPGPU-Sim rounds fma.rn.f32
      # twice, docs/peers.md), still times the simulation; anything else failed.
      if ! grep -q '^stopped_at_max_insts=1' "$tmp/gs-$w/peer.txt" 2>/dev/null &&
         ! grep -q '^replay=replay: .* differ from simtref' "$tmp/gs-$w/peer.txt" 2>/dev/null; then
        cat "$tmp/gs-$w.out" >&2
        echo "$bench: GPGPU-Sim failed on $w" >&2
        exit 1
      fi
    }
    g=$(sed -n 's/^wall_seconds=//p' "$tmp/gs-$w/peer.txt")
    rm -rf "$tmp/export-$w" "$tmp/gs-$w"
  else
    g=$(awk -F, -v w="$w" '$1 == "paper" && $2 == w { print $17; exit }' "$csv")
  fi
  if [ -z "$g" ]; then
    printf '%-44s %9s %12s\n' "$label" "$t" "(none)"
    continue
  fi
  r=$(awk -v a="$t" -v b="$g" 'BEGIN { printf "%.1f", b / a }')
  printf '%-44s %9s %12s %8sx\n' "$label" "$t" "$g" "$r"
  prod=$(awk -v p="$prod" -v r="$r" 'BEGIN { print p * r }')
  n=$((n + 1))
done
if [ "$n" -gt 0 ]; then
  printf '%-44s %31sx\n' "geometric mean (GPGPU-Sim / simtref wall)" \
    "$(awk -v p="$prod" -v n="$n" 'BEGIN { printf "%.0f", p ^ (1 / n) }')"
fi
