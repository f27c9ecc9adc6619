# sim.max_insts and sim.max_cycles stop a run, the limit named on stderr and
# --stats still written with what was measured up to the stop (stopped_by
# names the limit). sim.max_insts is an instruction budget: exit 3, verdict
# STOPPED; sim.max_cycles is a guard: exit 1, verdict FAIL. Both for named
# workloads and workload files, in timing and functional mode.
. "$(dirname "$0")/lib.inc"

get() { sed -n "s/^$2 = //p" "$1" | head -n 1; }

# The whole run, for reference.
expect_exit 0 "$SIMTREF" run histo -c tiny --stats "$TMP/full.txt"
full=$(get "$TMP/full.txt" thread_insts)

expect_eq "$(get "$TMP/full.txt" stopped_by)" "none" "stopped_by of a whole run"
expect_exit 3 "$SIMTREF" run histo -c tiny -s sim.max_insts=20000 --stats "$TMP/lim.txt"
expect_in "$TMP/err" "(sim.max_insts)"
expect_in "$TMP/out" "verdict: STOPPED (sim.max_insts"
expect_eq "$(get "$TMP/lim.txt" stopped_by)" "sim.max_insts" "stopped_by at the budget"
ran=$(get "$TMP/lim.txt" thread_insts)
# The check runs once per core cycle, so the run stops within one cycle's
# worth of instructions (at most SMs x schedulers x 32 threads) past the limit.
if [ -z "$ran" ] || [ "$ran" -lt 20000 ] || [ "$ran" -gt 20128 ] || [ "$ran" -ge "$full" ]; then
  fail "sim.max_insts=20000 ran ${ran:-no} thread instructions (full run: $full)"
fi

expect_exit 1 "$SIMTREF" run histo -c tiny -s sim.max_cycles=3000 --stats "$TMP/cyc.txt"
expect_in "$TMP/err" "(sim.max_cycles)"
expect_in "$TMP/out" "verdict: FAIL (limit)"
cyc=$(get "$TMP/cyc.txt" cycles)
if [ "${cyc:-0}" != 3000 ]; then
  fail "sim.max_cycles=3000 stopped at cycle ${cyc:-none}"
fi
expect_eq "$(get "$TMP/cyc.txt" stopped_by)" "sim.max_cycles" "stopped_by at the cycle guard"

# Functional mode counts the budget too.
expect_exit 3 "$SIMTREF" run histo -c tiny --functional -s sim.max_insts=20000
expect_in "$TMP/out" "verdict: STOPPED (sim.max_insts"

# A workload file: the same exit statuses, and the statistics (JSON) written.
expect_exit 3 "$SIMTREF" run "$SRC/tests/timing/idle.yaml" -c tiny -s sim.max_insts=2000 \
  --stats "$TMP/wl.json"
expect_in "$TMP/out" "verdict: STOPPED (sim.max_insts"
expect_in "$TMP/wl.json" '"stopped_by": "sim.max_insts"'
expect_exit 1 "$SIMTREF" run "$SRC/tests/timing/idle.yaml" -c tiny -s sim.max_cycles=500 \
  --stats "$TMP/wlc.json"
expect_in "$TMP/wlc.json" '"stopped_by": "sim.max_cycles"'
finish
