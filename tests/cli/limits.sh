# sim.max_insts and sim.max_cycles stop a timing run: exit 1, the limit named
# on stderr, and --stats still written with what was measured up to the stop.
. "$(dirname "$0")/lib.inc"

get() { sed -n "s/^$2 = //p" "$1" | head -n 1; }

# The whole run, for reference.
expect_exit 0 "$SIMTREF" run histo -c tiny --stats "$TMP/full.txt"
full=$(get "$TMP/full.txt" thread_insts)

expect_exit 1 "$SIMTREF" run histo -c tiny -s sim.max_insts=20000 --stats "$TMP/lim.txt"
expect_in "$TMP/err" "(sim.max_insts)"
expect_in "$TMP/out" "verdict: FAIL (limit"
ran=$(get "$TMP/lim.txt" thread_insts)
# The check runs once per core cycle, so the run stops within one cycle's
# worth of instructions (at most SMs x schedulers x 32 threads) past the limit.
if [ -z "$ran" ] || [ "$ran" -lt 20000 ] || [ "$ran" -gt 20128 ] || [ "$ran" -ge "$full" ]; then
  fail "sim.max_insts=20000 ran ${ran:-no} thread instructions (full run: $full)"
fi

expect_exit 1 "$SIMTREF" run histo -c tiny -s sim.max_cycles=3000 --stats "$TMP/cyc.txt"
expect_in "$TMP/err" "(sim.max_cycles)"
cyc=$(get "$TMP/cyc.txt" cycles)
if [ "${cyc:-0}" != 3000 ]; then
  fail "sim.max_cycles=3000 stopped at cycle ${cyc:-none}"
fi
finish
