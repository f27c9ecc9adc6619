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

finish
