# simtref area on small units: the table, the per-SM total, the seeds'
# figures and the JSON report.
. "$(dirname "$0")/../cli/lib.inc"

# BAWS on the GTX480: the WPT beside the paper's 6 bytes.
expect_exit 0 "$SIMTREF" area -c gtx480 -s sm.warp_scheduler=mwf_gto -s sm.fetch_arbiter=cff \
  wpt --cells --json "$TMP/a.json" -j 1
expect_in "$TMP/out" "config gtx480"
expect_in "$TMP/out" "NTB=8 NS=2 CNT_W=6 COUNT_EXITED=0"
expect_in "$TMP/out" "cells: "
expect_in "$TMP/out" "DFFR 48"
expect_in "$TMP/out" "2 x wsched_mwf + 1 x fetch_cff + 1 x wpt"
expect_in "$TMP/out" "(not all synthesised: add wsched_mwf fetch_cff)"
expect_in "$TMP/out" "wpt: BAWS paper: 6 bytes = 48 bits of storage per SM"
expect_in "$TMP/out" "ours  48 flip-flop bits = 1.00 x the paper's 48"
expect_in "$TMP/a.json" "\"unit\": \"wpt\""
expect_in "$TMP/a.json" "\"ff_bits\": 48"
expect_in "$TMP/a.json" "\"cells_by_type\": {"
if command -v python3 >/dev/null 2>&1; then
  python3 -m json.tool "$TMP/a.json" >/dev/null || fail "the JSON report does not parse"
fi

# DYNCTA on its own configuration: the paper's 0.0014 mm2 beside ours; the
# per-SM total of dyncta30's baseline units (1 x wsched_lrr + fetch_rr).
expect_exit 0 "$SIMTREF" area -c dyncta30 dyncta wsched_lrr fetch_rr --cross-check
expect_in "$TMP/out" "config dyncta30"
expect_in "$TMP/out" "gates-eq"
expect_in "$TMP/out" "dyncta: DYNCTA paper: 0.0014 mm2 per core at 65 nm"
expect_in "$TMP/out" "ours  93 flip-flop bits"
expect_in "$TMP/out" "1 x wsched_lrr + 1 x fetch_rr"
if grep -q "not all synthesised" "$TMP/out"; then
  fail "the per-SM total of dyncta30 is incomplete"
fi

# Kept outputs are Yosys's statistics.
expect_exit 0 "$SIMTREF" area wpt --keep "$TMP/keep" -j 1
[ -f "$TMP/keep/00-wpt/cells.stat" ] || fail "--keep left no cells.stat"
[ -f "$TMP/keep/00-wpt/coarse.stat" ] || fail "--keep left no coarse.stat"

# A storage array (rtl/prim/prim_ram_1r1w.sv) is a black box counted as SRAM bits: the AGT
# at 64 entries keeps ExeBL (16 bits) and Next (32 bits) per entry there, 64 x 48 = 3072
# bits, and as flip-flops its valid and distributed bits (2 x 64), NAGEI and LAGEI (32
# kernels x 64), first and marked (2 x 32) and the 7-bit valid count: 2247. Its state is
# then under the 16384 flip-flop bits above which a unit is skipped, and it is synthesised.
expect_exit 0 "$SIMTREF" area -c k20c -s dtbl.agt_entries=64 agt -j1 --keep "$TMP/keep-agt"
grep -Eq '^agt +[0-9]+ +[0-9]+ +2247 +[0-9.]+ +3072 ' "$TMP/out" ||
  fail "agt at 64 entries: not 2247 flip-flop bits and 3072 SRAM bits"
expect_in "$TMP/out" "ours  2247 flip-flop bits + 3072 SRAM bits = 5319"
[ -f "$TMP/keep-agt/00-agt/macros.stat" ] || fail "--keep left no macros.stat"

# The ASAP7 library: the WPT's cells (its 48 flip-flops as DFFASRHQNx1, the
# library's flip-flop with an asynchronous reset), area, leakage, the longest
# path in ps and in FO4 of ASAP7, and the verdict at the config's core clock.
expect_exit 0 "$SIMTREF" area --lib asap7 -c gtx480 -s sm.warp_scheduler=mwf_gto \
  -s sm.fetch_arbiter=cff wpt --cells --json "$TMP/a7.json" -j 1
expect_in "$TMP/out" "cells of ASAP7 (7.5-track RVT, typical corner 0.7 V 25 C"
expect_in "$TMP/out" "Verdict at 700.0 MHz (core_clock; 1428.6 ps)"
expect_in "$TMP/out" "DFFASRHQNx1_ASAP7_75t_R 48"
expect_in "$TMP/out" "longest path: "
row=$(grep -E '^wpt ' "$TMP/out")
echo "$row" | awk '{
  # unit cells FF SRAM logic_um2 SRAM_um2 leak path FO4 ...
  if ($3 != 48 || $4 != 0) exit 1
  if (!($5 > 10 && $5 < 1000)) exit 1          # um2: tens of um2 for ~600 cells
  if (!($7 > 1)) exit 1                        # leakage, nW
  if (!($8 > 86.4)) exit 1                     # more than clock-to-Q + setup
  fo4 = $8 / $9; if (fo4 < 19.5 || fo4 > 19.7) exit 1
}' || fail "the wpt row on ASAP7 is not what it should be: $row"
echo "$row" | grep -q "fits (" || fail "the WPT does not fit a 700 MHz cycle: $row"
expect_in "$TMP/a7.json" "\"library\": \"asap7\""
expect_in "$TMP/a7.json" "\"fo4_ps\": 19.599"
expect_in "$TMP/a7.json" "\"clock_period_ps\": 1428.57"
expect_in "$TMP/a7.json" "\"DFFASRHQNx1_ASAP7_75t_R\": 48"
if command -v python3 >/dev/null 2>&1; then
  python3 -m json.tool "$TMP/a7.json" >/dev/null || fail "the ASAP7 JSON report does not parse"
fi
# At a clock the logic cannot meet (a 200 ps cycle) the verdict says by how much and
# how many stages the logic would need.
expect_exit 0 "$SIMTREF" area --lib asap7 wpt --clock 5000 -j 1
expect_in "$TMP/out" "Verdict at 5000.0 MHz (--clock; 200.0 ps)"
grep -Eq '^wpt .* NO x[0-9.]+: [0-9]+ stages +NO x[0-9.]+: [0-9]+ stages' "$TMP/out" ||
  fail "no NO verdict at 5 GHz"

# A register table of 256 bits or more (PC-based bypassing's 128 3-bit counters) gets
# its SRAM alternative: the logic less 384 flip-flops, plus 384 bits of SRAM.
expect_exit 0 "$SIMTREF" area --lib asap7 -s l1d.policy=pcbypass pcbypass --json "$TMP/pcb.json" -j 1
expect_in "$TMP/out" "register tables (cnt 128x3): 384 bits; as SRAM macros instead of flip-flops"
expect_in "$TMP/out" "(their flip-flops' 145.57 um2 -> 19.46 um2 of SRAM)"
expect_in "$TMP/pcb.json" "\"table_bits\": 384, \"tables\": \"cnt 128x3\""

finish
