#!/bin/sh
# Host memory per SM, per resident warp slot, per byte of device memory and
# per thread of the grid (not a test): the simtref process's peak resident
# memory (host_peak_rss_bytes) over short runs in which one thing varies, and
# the least-squares slope of each series. One run per point; each run's
# device buffer is never copied to the host (bench/lib.inc scale_workload).
# docs/performance.md quotes these figures.
#   bench/memory_cost.sh [SIMTREF]
#
#   SMs:        timing, gtx480 with gpu.num_clusters = 15 .. 240 (1 SM per
#               cluster, 48 warp slots each, all filled), 1 MiB buffer, cut
#               at 2M thread instructions;
#   warp slots: timing and functional, gtx480 with 60 SMs, sm.max_threads
#               256 .. 2048 (8 .. 64 warps per SM, all filled; sm.registers
#               raised so that registers do not limit), same run;
#   device:     functional, a buffer of 64 MiB .. 1 GiB with one element
#               written and read back in every 4 KiB page (every page
#               resident); and 1 GiB allocated with one element written;
#   grid:       functional, 2^16 .. 2^24 threads over a 1 MiB buffer.
set -eu
simtref=${1:-build/simtref}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM

bench=memory_cost
. "$(dirname "$0")/lib.inc"

# point X ARGS...: one run; appends "X PEAK_BYTES" to $tmp/series and prints it.
point() {
  x=$1
  shift
  # shellcheck disable=SC2046
  set -- $(measure "$@")
  peak=$(sed -n 's/^host_peak_rss_bytes = //p' "$tmp/stats.txt")
  echo "$x $peak" >>"$tmp/series"
  printf '  %-12s %10.1f MiB  (%s s, %s)\n' "$x" "$3" "$1" "$4"
}

# slope UNIT PER: the least-squares slope of $tmp/series (bytes per unit of
# x), then starts a new series.
slope() {
  awk -v unit="$1" -v per="$2" '
    { n++; sx += $1; sy += $2; sxx += $1 * $1; sxy += $1 * $2 }
    END {
      b = (n * sxy - sx * sy) / (n * sxx - sx * sx)
      a = (sy - b * sx) / n
      if (unit == "B") printf "  slope: %.3f bytes per %s, intercept %.1f MiB\n", b, per, a / 1048576
      else printf "  slope: %.1f KiB per %s, intercept %.1f MiB\n", b / 1024, per, a / 1048576
    }' "$tmp/series"
  rm -f "$tmp/series"
}

scale_workload "$tmp/small.yaml" $((1 << 20)) 4096 1
echo "SMs (timing, gtx480, 48 warp slots each)"
for sms in 15 30 60 120 240; do
  point "$sms" "$tmp/small.yaml" -s gpu.num_clusters=$sms -s sim.max_insts=2000000
done
slope KiB SM

for mode in timing functional; do
  echo "warp slots per SM ($mode, gtx480 with 60 SMs; x = warps per SM)"
  if [ $mode = timing ]; then m=""; else m=--functional; fi
  for warps in 8 16 32 48 64; do
    # shellcheck disable=SC2086
    point "$warps" "$tmp/small.yaml" $m -s gpu.num_clusters=60 -s sm.max_threads=$((warps * 32)) \
      -s sm.registers=131072 -s sim.max_insts=2000000
  done
  awk '{ print $1 * 60, $2 }' "$tmp/series" >"$tmp/per_slot" && mv "$tmp/per_slot" "$tmp/series"
  slope KiB "warp slot"
done

echo "device memory (functional; every 4 KiB page written; x = MiB)"
for mib in 64 256 512 768 1024; do
  scale_workload "$tmp/dev.yaml" $((mib << 20)) 1024 256
  point "$mib" "$tmp/dev.yaml" --functional
done
awk '{ print $1 * 1048576, $2 }' "$tmp/series" >"$tmp/bytes" && mv "$tmp/bytes" "$tmp/series"
slope B "byte of device memory written"
scale_workload "$tmp/untouched.yaml" $((1 << 30)) 1 $((1 << 26))
echo "1 GiB allocated, one element written:"
point "1GiB" "$tmp/untouched.yaml" --functional
rm -f "$tmp/series"

echo "grid (functional, gtx480, 1 MiB buffer; x = threads)"
for ctas in 256 4096 65536; do
  scale_workload "$tmp/grid.yaml" $((1 << 20)) $ctas 1
  point $((ctas * 256)) "$tmp/grid.yaml" --functional
done
slope B "thread of the grid"
