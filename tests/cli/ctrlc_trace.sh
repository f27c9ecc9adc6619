#!/bin/sh
# The ctrlc unit's trace (--trace ctrlc): it changes no statistic, its events
# add up to the unit's counters (insertions, bypasses, evictions, AGG
# changes), and scripts/ctrlc-trace.py turns it into per-PC reuse distances
# and AGG trajectories; a file that is not such a trace is refused.
#   sh ctrlc_trace.sh PATH/TO/simtref SOURCE_DIR
. "$(dirname "$0")/lib.inc"
if ! command -v python3 >/dev/null 2>&1; then
  echo "python3 not found (scripts/install-deps.sh installs it)"
  exit 1
fi
run="$SIMTREF run bfs -s sm.warp_scheduler=gto -s l1d.policy=ctrlc"
expect_exit 0 $run --stats "$TMP/plain.json"
expect_exit 0 $run --stats "$TMP/traced.json" --trace "ctrlc:$TMP/bfs.csv"
expect_in "$TMP/bfs.csv" "kernel,name,cycle,sm,event,load,pc,set,addr,ins_pc,reuse,agg"
strip() { grep -v -e wall_seconds -e _per_second -e host_peak_rss "$1"; }
[ "$(strip "$TMP/plain.json")" = "$(strip "$TMP/traced.json")" ] ||
  fail "the trace changed the statistics"
expect_exit 0 python3 - "$TMP/bfs.csv" "$TMP/traced.json" <<'PY'
import collections, json, sys
n = collections.Counter()
for line in list(open(sys.argv[1]))[1:]:
    f = line.split(",")
    n[f[4] + f[5]] += 1
s = json.load(open(sys.argv[2]))
want = {"I1": s["ctrlc.inserts"], "B1": s["ctrlc.bypasses"],
        "E0": s["ctrlc.evicted_zero_reuse"] + s["ctrlc.evicted_reused"],
        "A0": s["ctrlc.agg_up"] + s["ctrlc.agg_down"], "X0": 0}
bad = [(k, n[k], v) for k, v in want.items() if n[k] != v]
assert not bad, bad
assert n["I1"] > 0 and n["H1"] > 0 and n["A0"] > 0, n
PY
expect_exit 0 python3 "$SRC/scripts/ctrlc-trace.py" reuse "$TMP/bfs.csv" --csv "$TMP/rd.csv"
expect_in "$TMP/out" "| all |"
# every reference is in one bucket: the "all" row's buckets add up to its count
expect_exit 0 python3 -c "
import sys
r = [l.strip().split(',') for l in open('$TMP/rd.csv')][-1]
assert r[0] == 'all' and int(r[3]) == sum(int(x) for x in r[4:]) > 0, r"
expect_exit 0 python3 "$SRC/scripts/ctrlc-trace.py" agg "$TMP/bfs.csv" --top 2
expect_in "$TMP/out" "AGG changes"
printf 'a,b\n1,2\n' > "$TMP/not.csv"
expect_exit 2 python3 "$SRC/scripts/ctrlc-trace.py" reuse "$TMP/not.csv"
expect_in "$TMP/err" "not a ctrlc trace"
[ "$failures" -eq 0 ] || { echo "$failures failure(s)"; exit 1; }
echo "ok: the ctrlc trace of bfs adds up to the unit's counters"
