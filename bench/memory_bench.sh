#!/bin/sh
# Memory and scale (not a test): a grid of 2^20 threads and a 1 GiB device
# footprint, in functional and timing mode on gtx480, each with its wall
# time, simulation rate and the simtref process's peak resident memory
# (host_peak_rss_bytes), against the 24 GiB a run must stay within. One run
# per figure. docs/performance.md quotes these figures.
#   bench/memory_bench.sh [SIMTREF]
#
# The kernels are bench/kernels/memory_bench.cu's: `fill` writes a pattern
# into 16-byte elements of one device buffer, `verify` reads them back and
# counts the differing words, which the run checks to be 0.
#   1M threads:  4096 CTAs x 256 threads, one element each (16 MiB).
#   1 GiB:       2^26 elements written and read back by 1024 CTAs x 256
#                threads (every byte); in timing mode once with every 256th
#                element (one per 4 KiB page, so every page of the GiB is
#                resident) run whole, and once with every element cut by
#                sim.max_insts (verdict STOPPED: the first part of the GiB).
set -eu
simtref=${1:-build/simtref}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

bench=memory_bench
. "$(dirname "$0")/lib.inc"

limit_mib=$((24 * 1024))
gib=1073741824
scale_workload "$tmp/grid1m.yaml" $((16 << 20)) 4096 1
scale_workload "$tmp/gib.yaml" $gib 1024 1
scale_workload "$tmp/gib_pages.yaml" $gib 1024 256

printf '%-44s %8s %8s %10s %8s %s\n' run "wall s" "M/s" "peak MiB" verdict "within 24 GiB"
row() {
  what=$1
  shift
  # shellcheck disable=SC2046
  set -- $(measure "$@")
  printf '%-44s %8s %8s %10s %8s %s\n' "$what" "$1" "$2" "$3" "$4" \
    "$(awk -v p="$3" -v l="$limit_mib" 'BEGIN { print (p < l ? "yes" : "NO") }')"
}
row "1M threads, functional" "$tmp/grid1m.yaml" --functional
row "1M threads, timing" "$tmp/grid1m.yaml"
row "1 GiB, every byte, functional" "$tmp/gib.yaml" --functional
row "1 GiB, every page, timing" "$tmp/gib_pages.yaml"
row "1 GiB, every byte, timing, first 100M insts" "$tmp/gib.yaml" -s sim.max_insts=100000000
