#!/bin/sh
# The power model (docs/power.md): its energies add up (parts, SMs, the
# trace's rows), each per-event energy multiplies a count the timing model
# reports independently (thread instructions, DRAM reads), the clocked idle
# and leakage powers scale with the SMs and the P-state, runs are
# deterministic, and bad power inputs are errors before anything runs.
. "$(dirname "$0")/lib.inc"

# stat FILE KEY: the value of KEY in a text statistics file.
stat() { awk -v k="$2" '$1 == k { print $3 }' "$1"; }

# near A B TOL WHAT: |A - B| <= TOL * max(|B|, 1e-12).
near() {
  awk -v a="$1" -v b="$2" -v t="$3" 'BEGIN { d = a - b; if (d < 0) d = -d; m = b < 0 ? -b : b;
    if (m < 1e-12) m = 1e-12; exit !(d <= t * m) }' || fail "$4: $1 against $2"
}

# Only the events of the power.* keys given are priced (everything else 0).
ZERO="-s power.e_inst=0 -s power.e_sp_lane=0 -s power.e_sfu_lane=0 -s power.e_dp_lane=0
 -s power.e_mem_lane=0 -s power.e_rf_read=0 -s power.e_rf_write=0 -s power.e_collector=0
 -s power.e_shared=0 -s power.e_l1i_hit=0 -s power.e_l1i_miss=0 -s power.e_l1d_hit=0
 -s power.e_l1d_miss=0 -s power.e_l1c_hit=0 -s power.e_l1c_miss=0 -s power.e_l2_hit=0
 -s power.e_l2_miss=0 -s power.e_flit=0 -s power.e_dram_act=0 -s power.e_dram_rd=0
 -s power.e_dram_wr=0 -s power.e_dram_ref=0 -s power.p_sm_idle=0 -s power.p_sm_leak=0
 -s power.p_uncore_idle=0 -s power.p_uncore_leak=0 -s power.p_const=0"

# 1. A full run: the parts add up to the total, the SMs to their share, the
# mean power is the energy over the time, the trace's rows to the samples.
expect_exit 0 "$SIMTREF" run bfs --stats "$TMP/s.txt" --power-trace "$TMP/p.csv"
S=$TMP/s.txt
total=$(stat "$S" power.energy_uj)
parts=$(awk '$1 ~ /^power\.part\..*\.energy_uj$/ { s += $3 } END { printf "%.9f", s }' "$S")
near "$parts" "$total" 1e-5 "parts sum to the total"
sms=$(awk '$1 ~ /^power\.sm\.[0-9]+\.energy_uj$/ { s += $3 } END { printf "%.9f", s }' "$S")
near "$sms" "$(stat "$S" power.sms.energy_uj)" 1e-5 "SMs sum to power.sms"
near "$(stat "$S" power.avg_w)" "$(awk -v e="$total" -v t="$(stat "$S" power.time_us)" \
  'BEGIN { printf "%.9f", e / t }')" 1e-5 "avg_w = energy / time"
near "$(stat "$S" power.time_us)" "$(awk -v s="$(stat "$S" sim_seconds)" 'BEGIN { print s * 1e6 }')" \
  0.02 "the power model's time is the run's"
rows=$(grep -vc '^#\|^cycle' "$TMP/p.csv")
expect_eq "$rows" "$(stat "$S" power.samples)" "trace rows = power.samples"
# Each row: the SMs' columns and the uncore parts add up to the total; the
# rows' energies (power x their duration) add up to the run's energy.
awk -F, 'NR == 2 { for (i = 1; i <= NF; i++) col[$i] = i; next }
  /^#/ { next }
  { sm = 0; for (i = 4; i < col["sm0_mhz"]; i++) sm += $i
    unc = 0; for (i = col["l2_w"]; i <= NF; i++) unc += $i
    parts = 0; for (i = col["front_w"]; i <= NF; i++) parts += $i
    d1 = sm + unc - $3; d2 = parts - $3
    if (d1 * d1 > 0.01 || d2 * d2 > 0.01) { print "row " NR ": " sm " + " unc " / " parts " vs " $3; bad = 1 }
    e += $3 * ($2 - t); t = $2 }
  END { printf "%.9f\n", e; exit bad }' "$TMP/p.csv" > "$TMP/rows" ||
  fail "trace rows do not add up: $(head -3 "$TMP/rows")"
near "$(tail -1 "$TMP/rows")" "$total" 1e-3 "the trace's energy is the run's"

# 2. Per-event energies multiply counts the timing model reports itself: one
# pJ per active lane of every unit is the thread instructions; one per DRAM
# read burst is dram.reads.
expect_exit 0 "$SIMTREF" run bfs --stats "$TMP/lanes.txt" $ZERO -s power.e_sp_lane=1 \
  -s power.e_sfu_lane=1 -s power.e_dp_lane=1 -s power.e_mem_lane=1
near "$(awk -v e="$(stat "$TMP/lanes.txt" power.energy_uj)" 'BEGIN { printf "%.3f", e * 1e6 }')" \
  "$(stat "$TMP/lanes.txt" thread_insts)" 1e-6 "1 pJ per lane = thread instructions"
expect_exit 0 "$SIMTREF" run bfs --stats "$TMP/dram.txt" $ZERO -s power.e_dram_rd=1
near "$(awk -v e="$(stat "$TMP/dram.txt" power.energy_uj)" 'BEGIN { printf "%.3f", e * 1e6 }')" \
  "$(stat "$TMP/dram.txt" dram.reads)" 1e-6 "1 pJ per DRAM read = dram.reads"

# 3. Time-based parts: 15 SMs at 2 W idle draw 30 W on gtx480, and the same
# at P0 = 0.5 V (the powers are the nominal voltage's); the constant alone
# is itself.
expect_exit 0 "$SIMTREF" run bfs --stats "$TMP/idle.txt" $ZERO -s power.p_sm_idle=2000
near "$(stat "$TMP/idle.txt" power.avg_w)" 30 1e-6 "15 clocked SMs at 2 W"
near "$(stat "$TMP/idle.txt" power.part.idle.avg_w)" 30 1e-6 "the idle part"
expect_exit 0 "$SIMTREF" run bfs --stats "$TMP/leak.txt" $ZERO -s power.p_sm_leak=1000 \
  -s "power.pstates=core/0.5V, 100MHz/0.3V"
near "$(stat "$TMP/leak.txt" power.avg_w)" 15 1e-6 "15 SMs leaking 1 W at their nominal voltage"
expect_exit 0 "$SIMTREF" run bfs --stats "$TMP/const.txt" $ZERO -s power.p_const=7500
near "$(stat "$TMP/const.txt" power.avg_w)" 7.5 1e-6 "the constant"

# 4. Deterministic: the same run gives the same trace, byte for byte.
expect_exit 0 "$SIMTREF" run bfs --power-trace "$TMP/p2.csv"
cmp -s "$TMP/p.csv" "$TMP/p2.csv" || fail "two runs gave different power traces"

# 5. The plot of a trace (gnuplot where installed).
if command -v gnuplot >/dev/null 2>&1; then
  expect_exit 0 "$SIMTREF" plot --power "$TMP/p.csv" --out "$TMP/plots"
  [ -s "$TMP/plots/p.png" ] && [ -s "$TMP/plots/p.svg" ] || fail "plot --power wrote no picture"
fi
printf 'cycle,x\n1,2\n' > "$TMP/not.csv"
expect_exit 2 "$SIMTREF" plot --power "$TMP/not.csv" --out "$TMP/plots"
expect_in "$TMP/err" "not.csv:1:1: not a simtref power trace"

# 6. Bad input: errors at the key, exit 2, nothing written.
cat > "$TMP/bad.yaml" <<'YAML'
power:
  pstates: "core/1.0V, 500MHz/0.8V, 600MHz/0.7V"
YAML
expect_exit 2 "$SIMTREF" run bfs -c "$TMP/bad.yaml" --stats "$TMP/none.txt"
expect_in "$TMP/err" "bad.yaml:2:3: error: power.pstates: the table is not monotonic: P2"
[ -e "$TMP/none.txt" ] && fail "a bad config left a statistics file"
expect_exit 2 "$SIMTREF" run bfs -s "power.pstates=core/1.0V, 100MHz/2V"
expect_in "$TMP/err" "P-state 1 voltage: 2 is out of range [0.3, 1.5] V"
expect_exit 2 "$SIMTREF" run bfs -s "power.pstates=core/1.0V, 100MHz"
expect_in "$TMP/err" "is not FREQ/VOLTAGE"
expect_exit 2 "$SIMTREF" run bfs -s "power.pstates=600MHz/1.0V, 100MHz/0.5V"
expect_in "$TMP/err" "P0 runs at 600000000 Hz, not gpu.core_clock"
expect_exit 2 "$SIMTREF" run bfs -s dvfs.threshold=1
expect_in "$TMP/err" "dvfs.threshold: 1 is out of range [0.000001, 0.999999]"
expect_exit 2 "$SIMTREF" run bfs -s dvfs.threshold=0
expect_exit 2 "$SIMTREF" run bfs -s power.e_inst=-1
expect_in "$TMP/err" "expected a decimal number"
expect_exit 2 "$SIMTREF" run bfs --power-trace "$TMP/no/dir/p.csv"
expect_in "$TMP/err" "cannot write the --power-trace file"
expect_in "$TMP/err" "(nothing was run)"
expect_exit 2 "$SIMTREF" run bfs --functional --power-trace "$TMP/f.csv"
expect_in "$TMP/err" "--power-trace: the power model runs in timing mode only"
[ -e "$TMP/f.csv" ] && fail "a refused --power-trace left its file"
expect_exit 2 "$SIMTREF" run bfs -s power.enabled=false --power-trace "$TMP/g.csv"
expect_in "$TMP/err" "power.enabled is false"

[ "$failures" = 0 ]
