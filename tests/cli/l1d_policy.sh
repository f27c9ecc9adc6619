# l1d.policy: cacp with a way count its partition cannot split is refused at
# load, naming the keys and where they were set; gtx480-cawa (16 ways) takes
# it; a cacp run with sim.check_skips (the refusal memo checked in full)
# passes and is deterministic; l1d.policy none (the default) gives the same
# statistics as no key at all.
. "$(dirname "$0")/lib.inc"

strip() { grep -v -e wall -e per_second -e host_peak_rss -e config_hash -e '^commit' "$1"; }

expect_exit 2 "$SIMTREF" run bfs -c gtx480 -s l1d.policy=cacp
expect_in "$TMP/err" "gtx480.yaml:"
expect_in "$TMP/err" "l1d.cacp.critical_ways 8 does not split the 4 ways of l1d.ways"
expect_exit 2 "$SIMTREF" run bfs -c gtx480-cawa -s l1d.policy=cacp -s l1d.cacp.critical_ways=16
expect_in "$TMP/err" "-s l1d.cacp.critical_ways=16:1:1: error"
expect_exit 2 "$SIMTREF" run bfs -c gtx480-cawa -s l1d.policy=cacp -s l1d.cacp.critical_ways=0
expect_in "$TMP/err" "l1d.cacp.critical_ways"
expect_exit 2 "$SIMTREF" run bfs -c gtx480-cawa -s l1d.cacp.signature=word
expect_in "$TMP/err" "l1d.cacp.signature"

for sig in line byte; do
  expect_exit 0 "$SIMTREF" run bfs -c gtx480-cawa -s l1d.policy=cacp -s l1d.cacp.signature=$sig \
    -s sim.check_skips=true --stats "$TMP/c1.txt"
  expect_exit 0 "$SIMTREF" run bfs -c gtx480-cawa -s l1d.policy=cacp -s l1d.cacp.signature=$sig \
    --stats "$TMP/c2.txt"
  strip "$TMP/c1.txt" | grep -v check_skips >"$TMP/a"
  strip "$TMP/c2.txt" | grep -v check_skips >"$TMP/b"
  cmp -s "$TMP/a" "$TMP/b" || fail "cacp ($sig) statistics differ between runs"
done

# the planted stale-refusal fault (the memo ignores the version) is caught
# by sim.check_skips with cacp attached
expect_exit 1 env SIMTREF_FAULT=stale-refusal "$SIMTREF" run bfs -c gtx480-cawa \
  -s l1d.policy=cacp -s sim.check_skips=true
expect_in "$TMP/err" "refusal memo"

expect_exit 0 "$SIMTREF" run bfs -c gtx480-cawa --stats "$TMP/n1.txt"
expect_exit 0 "$SIMTREF" run bfs -c gtx480-cawa -s l1d.policy=none --stats "$TMP/n2.txt"
strip "$TMP/n1.txt" >"$TMP/a"
strip "$TMP/n2.txt" >"$TMP/b"
cmp -s "$TMP/a" "$TMP/b" || fail "l1d.policy none changed the statistics"
# CACP changes the L1D's behaviour on this workload (so the policy is attached)
strip "$TMP/c2.txt" >"$TMP/c"
cmp -s "$TMP/a" "$TMP/c" && fail "l1d.policy cacp left every statistic unchanged"

finish

# ctrlc and pcbypass: their parameters are checked at load; each runs with
# sim.check_skips (bypass decisions depend on the request's PC, which the
# refusal memo keys on), is deterministic and bypasses some misses of kmn.
expect_exit 2 "$SIMTREF" run kmn -s l1d.policy=ctrlc -s l1d.ctrlc.sample_period=1000
expect_in "$TMP/err" "l1d.ctrlc.sample_period 1000 is not a power of two"
expect_exit 2 "$SIMTREF" run kmn -s l1d.policy=ctrlc -s l1d.ctrlc.sample_period=64 \
  -s l1d.ctrlc.agg_max=6
expect_in "$TMP/err" "l1d.ctrlc.agg_max 6 leaves a sampling period of 64 >> 6 < 2 evictions"
expect_exit 2 "$SIMTREF" run kmn -s l1d.policy=ctrlc -s l1d.ctrlc.threshold_low=400
expect_in "$TMP/err" "l1d.ctrlc.threshold_low 400 is not below threshold_high 400"
expect_exit 2 "$SIMTREF" run kmn -s l1d.policy=ctrlc -s l1d.ctrlc.pc_bits=9
expect_in "$TMP/err" "l1d.ctrlc.pc_bits"
expect_exit 2 "$SIMTREF" run kmn -s l1d.policy=pcbypass -s l1d.pcbypass.counter_bits=0
expect_in "$TMP/err" "l1d.pcbypass.counter_bits"
for pol in ctrlc pcbypass; do
  expect_exit 0 "$SIMTREF" run kmn -s l1d.policy=$pol -s sim.check_skips=true --stats "$TMP/p1.txt"
  expect_exit 0 "$SIMTREF" run kmn -s l1d.policy=$pol --stats "$TMP/p2.txt"
  strip "$TMP/p1.txt" | grep -v check_skips >"$TMP/a"
  strip "$TMP/p2.txt" | grep -v check_skips >"$TMP/b"
  cmp -s "$TMP/a" "$TMP/b" || fail "$pol statistics differ between runs"
  n=$(sed -n "s/^$pol\.bypasses = \([0-9]*\)$/\1/p" "$TMP/p2.txt" | head -1)
  [ -n "$n" ] && [ "$n" -gt 0 ] || fail "$pol bypassed nothing on kmn: $(grep "^$pol\." "$TMP/p2.txt")"
done
