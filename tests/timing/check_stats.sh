#!/bin/sh
# Model-property checks on the statistics (docs/validation.md §5). Runs TARGET
# (a benchmark of the suite, small size, or a workload file) twice and
# requires byte-identical `--stats` JSON, apart from the keys that depend on
# the host (wall_seconds, sim_thread_insts_per_second, sim_cycles_per_second,
# host_peak_rss_bytes),
# and identical output buffers:
#   skip_idle: once with sim.skip_idle=true, once with false (config_hash
#              differs too: the configurations differ in that key);
#   repeat:    twice with the same inputs;
#   check_skips: once with sim.check_skips=true (every shortcut checked each
#              cycle: the run fails with a report where one would have given
#              another result; docs/timing.md), once without.
#   threads:   once serially (sim.threads=1), once on three threads with
#              every core cycle's SMs stepped in parallel (SIMTREF_PAR_STEPS=all;
#              docs/performance.md, "Parallel simulation").
# Both runs must exit with status CHECK_STATS_RC (default 0; 1 for a run that
# sim.max_cycles stops, whose statistics are written all the same).
#   check_stats.sh skip_idle|repeat|check_skips|threads SIMTREF OUTDIR TARGET [ARGS...]
set -eu
if [ $# -lt 4 ]; then
  echo "usage: $0 skip_idle|repeat|check_skips|threads SIMTREF OUTDIR TARGET [ARGS...]" >&2
  exit 2
fi
mode=$1 simtref=$2 out=$3 target=$4
shift 4
case $mode in
  skip_idle) set_a="sim.skip_idle=true" set_b="sim.skip_idle=false"
             drop='"wall_seconds"\|"sim_thread_insts_per_second"\|"sim_cycles_per_second"\|"host_peak_rss_bytes"\|"config_hash"' ;;
  repeat)    set_a="sim.skip_idle=true" set_b="sim.skip_idle=true"
             drop='"wall_seconds"\|"sim_thread_insts_per_second"\|"sim_cycles_per_second"\|"host_peak_rss_bytes"' ;;
  check_skips) set_a="sim.check_skips=true" set_b="sim.check_skips=false"
             drop='"wall_seconds"\|"sim_thread_insts_per_second"\|"sim_cycles_per_second"\|"host_peak_rss_bytes"' ;;
  threads)   set_a="sim.threads=1" set_b="sim.threads=3"
             drop='"wall_seconds"\|"sim_thread_insts_per_second"\|"sim_cycles_per_second"\|"host_peak_rss_bytes"' ;;
  *) echo "$0: unknown mode $mode" >&2; exit 2 ;;
esac
rm -rf "$out"
mkdir -p "$out/a" "$out/b"
for run in a b; do
  if [ $run = a ]; then s=$set_a; else s=$set_b; fi
  rc=0
  SIMTREF_PAR_STEPS=all "$simtref" run "$target" "$@" -s "$s" -o "$out/$run" \
    --stats "$out/$run.json" >"$out/$run.log" 2>&1 || rc=$?
  if [ "$rc" -ne "${CHECK_STATS_RC:-0}" ]; then
    cat "$out/$run.log"
    echo "FAIL: simtref run $target -s $s exited with status $rc (expected ${CHECK_STATS_RC:-0})" >&2
    exit 1
  fi
  grep -v "$drop" "$out/$run.json" >"$out/$run.stats"
done
if ! cmp -s "$out/a.stats" "$out/b.stats"; then
  diff "$out/a.stats" "$out/b.stats" | head -20
  echo "FAIL: $mode: statistics of $target differ ($set_a / $set_b)" >&2
  exit 1
fi
for f in "$out"/a/*; do
  [ -e "$f" ] || continue
  if ! cmp -s "$f" "$out/b/$(basename "$f")"; then
    echo "FAIL: $mode: output $(basename "$f") of $target differs" >&2
    exit 1
  fi
done
echo "$mode: $target: $(grep -c . "$out/a.stats") lines of statistics identical" \
     "($(grep -m1 '"cycles"' "$out/a.json" | tr -d ' ,'))"
