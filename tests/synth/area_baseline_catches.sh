# The area baseline check must fail when a unit's size or delay moves: a cell
# count off by 10% (generic or ASAP7), an ASAP7 delay off by 10%, a row whose
# parameters are not what its config gives, a planted RTL change (the WPT's
# counters wrap instead of saturating), a planted change of the delay (the
# linear-scan arg-min back in place of the tree), and a storage array's bits
# that are not what the RTL has.
. "$(dirname "$0")/../cli/lib.inc"

head_lines() {
  sed -n '/^config,overrides,unit,params/q;p' "$SRC/synth/baselines.csv"
  echo "config,overrides,unit,params,cells,registers,ff_bits,nand2_eq,sram_bits,a7_cells,a7_um2,a7_leak_nw,a7_delay_ps"
}
row=$(grep '^gtx480,sm.warp_scheduler=mwf_gto;sm.fetch_arbiter=cff,wpt,' "$SRC/synth/baselines.csv")
[ -n "$row" ] || fail "synth/baselines.csv has no wpt row"
cells=$(echo "$row" | cut -d, -f5)

# The row as it is: passes.
{ head_lines; echo "$row"; } >"$TMP/same.csv"
expect_exit 0 "$SIMTREF" area --check-baselines --baselines "$TMP/same.csv" -j 1
expect_in "$TMP/out" "all 1 rows within the tolerance"

# Cells 10% off: fails, and says how to update.
off=$((cells + cells / 10))
{ head_lines; echo "$row" | awk -F, -v OFS=, -v c="$off" '{$5 = c; print}'; } >"$TMP/off.csv"
expect_exit 1 "$SIMTREF" area --check-baselines --baselines "$TMP/off.csv" -j 1
expect_in "$TMP/out" "CELLS MOVED"
expect_in "$TMP/out" "simtref area --update-baselines --baselines $TMP/off.csv"

# ASAP7 cells or delay 10% off: fails.
a7=$(echo "$row" | cut -d, -f10)
{ head_lines; echo "$row" | awk -F, -v OFS=, -v c="$((a7 + a7 / 10))" '{$10 = c; print}'; } >"$TMP/a7off.csv"
expect_exit 1 "$SIMTREF" area --check-baselines --baselines "$TMP/a7off.csv" -j 1
expect_in "$TMP/out" "ASAP7 CELLS MOVED"
{ head_lines; echo "$row" | awk -F, -v OFS=, '{$13 = $13 * 1.1; print}'; } >"$TMP/psoff.csv"
expect_exit 1 "$SIMTREF" area --check-baselines --baselines "$TMP/psoff.csv" -j 1
expect_in "$TMP/out" "ASAP7 DELAY MOVED"

# Parameters that the config no longer gives: fails.
{ head_lines; echo "$row" | sed 's/CNT_W=6/CNT_W=7/'; } >"$TMP/params.csv"
expect_exit 1 "$SIMTREF" area --check-baselines --baselines "$TMP/params.csv" -j 1
expect_in "$TMP/out" "PARAMS MOVED"

# A planted RTL change: the WPT's saturating step (rtl/prim/prim_sat_inc.sv)
# no longer saturates.
mkdir -p "$TMP/rtl/prim"
cp "$SRC"/rtl/*.sv "$TMP/rtl/"
cp "$SRC"/rtl/prim/*.sv "$TMP/rtl/prim/"
sed -i "s/else if (inc_i \&\& cnt_i != '1)  cnt_o/else if (inc_i)  cnt_o/" \
  "$TMP/rtl/prim/prim_sat_inc.sv"
cmp -s "$SRC/rtl/prim/prim_sat_inc.sv" "$TMP/rtl/prim/prim_sat_inc.sv" &&
  fail "the planted change did not apply"
expect_exit 1 env SIMTREF_RTL_DIR="$TMP/rtl" "$SIMTREF" area --check-baselines \
  --baselines "$TMP/same.csv" -j 1
expect_in "$TMP/out" "MOVED"

# A planted change of the delay: the linear-scan arg-min (the RTL before the tree,
# tests/synth/ref/prim_argmin_scan.sv) in place of rtl/prim/prim_argmin.sv; the
# dyncta30 LRR scheduler's longest path grows several times over.
lrr=$(grep '^dyncta30,,wsched_lrr,' "$SRC/synth/baselines.csv")
[ -n "$lrr" ] || fail "synth/baselines.csv has no dyncta30 wsched_lrr row"
{ head_lines; echo "$lrr"; } >"$TMP/lrr.csv"
mkdir -p "$TMP/rtl-scan/prim"
cp "$SRC"/rtl/*.sv "$TMP/rtl-scan/"
cp "$SRC"/rtl/prim/*.sv "$TMP/rtl-scan/prim/"
sed 's/^module prim_argmin_scan /module prim_argmin /' "$SRC/tests/synth/ref/prim_argmin_scan.sv" \
  >"$TMP/rtl-scan/prim/prim_argmin.sv"
expect_exit 1 env SIMTREF_RTL_DIR="$TMP/rtl-scan" "$SIMTREF" area --check-baselines \
  --baselines "$TMP/lrr.csv" -j 1
expect_in "$TMP/out" "MOVED"
grep -E '^dyncta30 +wsched_lrr ' "$TMP/out" | awk '{ exit !($11 > 2 * $10) }' ||
  fail "the linear arg-min did not lengthen wsched_lrr's path beyond twice the baseline's"

# --update-baselines rewrites the figures of a copy, and the copy then passes.
cp "$TMP/off.csv" "$TMP/upd.csv"
expect_exit 0 "$SIMTREF" area --update-baselines --baselines "$TMP/upd.csv" -j 1
expect_in "$TMP/upd.csv" "$row"
expect_exit 0 "$SIMTREF" area --check-baselines --baselines "$TMP/upd.csv" -j 1

# A storage array's bits are checked exactly: a 16-entry AGT row filled in by
# --update-baselines holds 16 x (16 + 32) = 768 SRAM bits (ExeBL and Next); one
# bit more in the file is SRAM BITS MOVED.
{ head_lines; echo "k20c,dtbl.agt_entries=16,agt,,,,,,,,,,"; } >"$TMP/sram.csv"
expect_exit 0 "$SIMTREF" area --update-baselines --baselines "$TMP/sram.csv" -j 1
grep -q '^k20c,dtbl.agt_entries=16,agt,AGT_W=4 NKDE=32 EXE_W=16 LINK=1,[^,]*,[^,]*,[^,]*,[^,]*,768,' "$TMP/sram.csv" ||
  fail "the 16-entry AGT row does not hold 768 SRAM bits"
sed -i 's/,768,/,769,/' "$TMP/sram.csv"
expect_exit 1 "$SIMTREF" area --check-baselines --baselines "$TMP/sram.csv" -j 1
expect_in "$TMP/out" "SRAM BITS MOVED"

finish
