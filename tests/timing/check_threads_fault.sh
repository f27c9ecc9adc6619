#!/bin/sh
# A run that faults stops the same way on threads as serially: exit status 1,
# the same report (the first fault in SM order) and the same statistics up
# to it, but for the host's time, rate and peak memory.
#   check_threads_fault.sh SIMTREF OUTDIR WORKLOAD.yaml
set -u
simtref=$1 out=$2 wl=$3
rm -rf "$out"
mkdir -p "$out"
for t in 1 3; do
  SIMTREF_PAR_STEPS=all "$simtref" run "$wl" -s sim.threads=$t -o "$out/o$t" \
    --stats "$out/s$t.json" >"$out/run$t.log" 2>&1
  echo $? >"$out/rc$t"
  grep -v "simulated .* in .* s:" "$out/run$t.log" >"$out/report$t"
done
if [ "$(cat "$out/rc1")" != 1 ] || [ "$(cat "$out/rc3")" != 1 ]; then
  cat "$out/run1.log" "$out/run3.log"
  echo "FAIL: exit status $(cat "$out/rc1") serially, $(cat "$out/rc3") on threads (1 expected)" >&2
  exit 1
fi
if ! grep -q "^fault in kernel" "$out/report1" || ! cmp -s "$out/report1" "$out/report3"; then
  diff "$out/report1" "$out/report3" | head -20
  echo "FAIL: the reports differ (or no fault was reported)" >&2
  exit 1
fi
here=$(cd "$(dirname "$0")" && pwd)
if [ -e "$out/s1.json" ] || [ -e "$out/s3.json" ]; then
  if ! python3 "$here/../../scripts/compare_stats.py" --files "$out/s1.json" "$out/s3.json"; then
    echo "FAIL: the statistics up to the fault differ" >&2
    exit 1
  fi
fi
echo "ok: $(grep -m1 '^fault' "$out/report1"); $(grep -m1 'SM [0-9]' "$out/report1" | sed 's/^ *//')"
