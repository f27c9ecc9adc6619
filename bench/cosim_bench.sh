#!/bin/sh
# Co-simulation cost (not a test): wall time of `simtref run` with RTL units
# in lock-step against the same run with the C model alone, per unit type.
# Each figure is the best of REPS runs; the ratio is co-simulated / C-only.
#   bench/cosim_bench.sh [SIMTREF] [REPS]
set -eu
simtref=${1:-build/simtref}
reps=${2:-3}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

if "$simtref" run bfs -c tiny --cosim wsched >/dev/null 2>"$tmp/err" ||
  ! grep -q "built without Verilator" "$tmp/err"; then
  :
else
  echo "cosim_bench: this simtref was built without Verilator: nothing to measure"
  exit 0
fi

bench=cosim_bench
. "$(dirname "$0")/lib.inc"

printf '%-6s %-16s %-8s %10s %10s %9s\n' workload policy cosim "C-only s" "cosim s" slowdown
for w in bfs mm stn; do
  for case in "gto rr wsched" "tls rr wsched" "mwf_gto cff wsched" "mwf_gto cff fetch" \
    "mwf_gto cff wpt" "mwf_gto cff all"; do
    set -- $case
    pol="-s sm.warp_scheduler=$1 -s sm.fetch_arbiter=$2"
    c=$(best "$w" -c gtx480 $pol)
    r=$(best "$w" -c gtx480 $pol --cosim "$3")
    printf '%-6s %-16s %-8s %10s %10s %8.2fx\n' "$w" "$1+$2" "$3" "$c" "$r" \
      "$(awk -v a="$c" -v b="$r" 'BEGIN { print (a > 0 ? b / a : 0) }')"
  done
done
