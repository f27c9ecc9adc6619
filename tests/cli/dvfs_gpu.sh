#!/bin/sh
# The occupancy-bubble controller in the GPU (dvfs.enable; docs/units/dvfs.md,
# docs/power.md): on a DTBL workload with LaPerm on k20c it diverts, drains,
# lowers and resumes SMs while the results stay exact; idle-cycle skipping
# changes nothing; the low P-state shows in the time shares and cuts the
# clocked idle power by (V/V0)^2 f/f0; the no-drain mode never drains; runs
# are deterministic; a P-state index the table lacks is a config error.
. "$(dirname "$0")/lib.inc"

stat() { awk -v k="$2" '$1 == k { print $3 }' "$1"; }
K="-c k20c -s cta_scheduler.policy=laperm_adaptive"

# 1. It acts, and the BFS distances still match the CPU's.
# shellcheck disable=SC2086
expect_exit 0 "$SIMTREF" run bfs_dp --variant dtbl $K -s dvfs.enable=true --stats "$TMP/on.txt"
expect_in "$TMP/out" "values match the CPU BFS"
for k in dvfs.diversions dvfs.drains_completed dvfs.resumes dvfs.sm_low_freq_cycles; do
  [ "$(stat "$TMP/on.txt" $k)" -gt 0 ] 2>/dev/null || fail "$k is $(stat "$TMP/on.txt" $k)"
done
low=$(stat "$TMP/on.txt" power.pstate.6.sm_time_share)
awk -v x="$low" 'BEGIN { exit !(x > 0 && x < 1) }' || fail "time at the low P-state: $low"

# 2. Idle-cycle skipping gives the same run (also across P-state changes and
# the GPU-level state of bfs's launch gaps, and bht without draining, whose
# SMs at 100 MHz receive replies between their edges). LaPerm's count of examined SMs
# is left out: with SMs closed by the controller, a skipped stretch holds
# cycles in which LaPerm would examine SMs that cannot take a block.
for w in "bfs_dp --variant dtbl" "bfs" "bht --variant dtbl -s dvfs.drain=false"; do
  # shellcheck disable=SC2086
  "$SIMTREF" run $w $K -s dvfs.enable=true --stats "$TMP/a.txt" >/dev/null 2>&1
  # shellcheck disable=SC2086
  "$SIMTREF" run $w $K -s dvfs.enable=true -s sim.skip_idle=false --stats "$TMP/b.txt" \
    >/dev/null 2>&1
  grep -v 'wall\|per_second\|host_peak_rss\|config_hash\|laperm\.' "$TMP/a.txt" > "$TMP/a2"
  grep -v 'wall\|per_second\|host_peak_rss\|config_hash\|laperm\.' "$TMP/b.txt" > "$TMP/b2"
  [ -s "$TMP/a2" ] && cmp -s "$TMP/a2" "$TMP/b2" ||
    fail "$w: skipping changed the run: $(diff "$TMP/a2" "$TMP/b2" | head -4)"
done
[ "$(stat "$TMP/a.txt" dvfs.gpu_entries)" -gt 0 ] 2>/dev/null ||
  fail "bfs's launch gaps never took the GPU to the low P-state"

# 3. Deterministic: the same run twice.
# shellcheck disable=SC2086
"$SIMTREF" run bfs_dp --variant dtbl $K -s dvfs.enable=true --stats "$TMP/on2.txt" >/dev/null 2>&1
grep -v 'wall\|per_second\|host_peak_rss' "$TMP/on.txt" > "$TMP/x1"
grep -v 'wall\|per_second\|host_peak_rss' "$TMP/on2.txt" > "$TMP/x2"
cmp -s "$TMP/x1" "$TMP/x2" || fail "two runs differ"

# 4. The clocked idle power alone: 13 SMs at 1 W draw 13 W without the
# controller; with it, the SM time at the low P-state (100 MHz / 0.55 V of
# 706 MHz / 1.0 V) draws 0.55^2 x 100/706 of it, and transitions (the
# lower frequency at the higher voltage) 100/706: the mean lies between.
ZERO="-s power.e_inst=0 -s power.e_sp_lane=0 -s power.e_sfu_lane=0 -s power.e_dp_lane=0
 -s power.e_mem_lane=0 -s power.e_rf_read=0 -s power.e_rf_write=0 -s power.e_collector=0
 -s power.e_shared=0 -s power.e_l1i_hit=0 -s power.e_l1i_miss=0 -s power.e_l1d_hit=0
 -s power.e_l1d_miss=0 -s power.e_l1c_hit=0 -s power.e_l1c_miss=0 -s power.e_l2_hit=0
 -s power.e_l2_miss=0 -s power.e_flit=0 -s power.e_dram_act=0 -s power.e_dram_rd=0
 -s power.e_dram_wr=0 -s power.e_dram_ref=0 -s power.p_sm_leak=0
 -s power.p_uncore_idle=0 -s power.p_uncore_leak=0 -s power.p_const=0 -s power.p_sm_idle=1000"
# shellcheck disable=SC2086
expect_exit 0 "$SIMTREF" run bfs_dp --variant dtbl $K $ZERO -s dvfs.enable=true -s dvfs.gpu_level=false --stats "$TMP/idle.txt"
w=$(stat "$TMP/idle.txt" power.avg_w)
s6=$(stat "$TMP/idle.txt" power.pstate.6.sm_time_share)
awk -v w="$w" -v s="$s6" 'BEGIN { lo = 13 * (s * 0.3025 * 100 / 706 + (1 - s));
  hi = 13 * (s * 100 / 706 + (1 - s)); exit !(w >= lo - 1e-6 && w <= hi + 1e-6) }' ||
  fail "idle power $w W with a low-state share $s6 is outside the scaling's bounds"
awk -v w="$w" 'BEGIN { exit !(w < 13) }' || fail "the low P-state did not cut the idle power ($w W)"

# 5. Without draining every diversion goes straight to the low P-state.
# shellcheck disable=SC2086
expect_exit 0 "$SIMTREF" run bfs_dp --variant dtbl $K -s dvfs.enable=true -s dvfs.drain=false --stats "$TMP/nd.txt"
expect_eq "$(stat "$TMP/nd.txt" dvfs.drains_completed)" 0 "drains without draining"
expect_eq "$(stat "$TMP/nd.txt" dvfs.diversions_direct)" "$(stat "$TMP/nd.txt" dvfs.diversions)" \
  "no-drain diversions"

# 6. Bad input.
# shellcheck disable=SC2086
expect_exit 2 "$SIMTREF" run bfs $K -s dvfs.enable=true -s dvfs.low_pstate=9
expect_in "$TMP/err" "dvfs.low_pstate 9 names no P-state: power.pstates has 7"
# shellcheck disable=SC2086
expect_exit 2 "$SIMTREF" run bfs $K -s dvfs.enable=true -s "power.pstates=core/1.0V"
expect_in "$TMP/err" "dvfs.enable: power.pstates needs a low P-state besides P0"

[ "$failures" = 0 ]
