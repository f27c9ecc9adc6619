# The area baseline check must fail when a unit's size or delay moves: a cell
# count off by 10% (generic or ASAP7), an ASAP7 delay off by 10%, a row whose
# parameters are not what its config gives, a planted RTL change (the WPT's
# counters wrap instead of saturating), a planted change of the delay (the
# linear-scan arg-min back in place of the tree), and a storage array's bits
# that are not what the RTL has. A row whose seal holds (its inputs and
# figures as recorded) is not rerun; every change above breaks the seal, as
# does a seal edited by hand, and the row is rerun.
. "$(dirname "$0")/../cli/lib.inc"

head_lines() {
  sed -n '/^config,overrides,unit,params/q;p' "$SRC/synth/baselines.csv"
  echo "config,overrides,unit,params,cells,registers,ff_bits,nand2_eq,sram_bits,a7_cells,a7_um2,a7_leak_nw,a7_delay_ps,seal"
}
row=$(grep '^gtx480,sm.warp_scheduler=mwf_gto;sm.fetch_arbiter=cff,wpt,' "$SRC/synth/baselines.csv")
[ -n "$row" ] || fail "synth/baselines.csv has no wpt row"
cells=$(echo "$row" | cut -d, -f5)

# A yosys that logs each call (then runs the real one): which rows ran.
real_yosys=$(command -v yosys)
mkdir -p "$TMP/logbin"
printf '#!/bin/sh\n[ "$1" = -V ] || echo call >>"%s/calls"\nexec "%s" "$@"\n' "$TMP" "$real_yosys" \
  >"$TMP/logbin/yosys"
chmod +x "$TMP/logbin/yosys"
calls() {
  if [ -f "$TMP/calls" ]; then wc -l <"$TMP/calls" | tr -d ' '; else echo 0; fi
  rm -f "$TMP/calls"
}

# The row as it is: passes, sealed, without running Yosys on it.
{ head_lines; echo "$row"; } >"$TMP/same.csv"
expect_exit 0 env PATH="$TMP/logbin:$PATH" "$SIMTREF" area --check-baselines \
  --baselines "$TMP/same.csv" -j 1
expect_in "$TMP/out" "all 1 rows within the tolerance"
expect_in "$TMP/out" "ok, sealed (not rerun)"
expect_in "$TMP/out" "1 of 1 rows sealed"
expect_eq "$(calls)" 0 "Yosys runs for a sealed row"
# --rerun-all runs it anyway, and it passes.
expect_exit 0 env PATH="$TMP/logbin:$PATH" "$SIMTREF" area --check-baselines --rerun-all \
  --baselines "$TMP/same.csv" -j 1
expect_in "$TMP/out" "all 1 rows within the tolerance"
expect_eq "$(calls)" 1 "Yosys runs for a sealed row under --rerun-all"
# A seal edited by hand no longer holds: the row is rerun (and passes, with
# the advice to record it).
seal=$(echo "$row" | cut -d, -f14)
[ ${#seal} -eq 16 ] || fail "the wpt row has no seal: '$seal'"
other=$(echo "$seal" | tr '0-9a-f' '1-9a-f0')
{ head_lines; echo "$row" | awk -F, -v OFS=, -v s="$other" '{$14 = s; print}'; } >"$TMP/reseal.csv"
expect_exit 0 env PATH="$TMP/logbin:$PATH" "$SIMTREF" area --check-baselines \
  --baselines "$TMP/reseal.csv" -j 1
expect_eq "$(calls)" 1 "Yosys runs for a row whose seal does not hold"
expect_in "$TMP/out" "1 row(s) were rerun because their inputs changed"
# A file without the seal column (the earlier format) is read; its rows are rerun.
{ head_lines | sed 's/,seal$//'; echo "$row" | cut -d, -f1-13; } >"$TMP/unsealed.csv"
expect_exit 0 env PATH="$TMP/logbin:$PATH" "$SIMTREF" area --check-baselines \
  --baselines "$TMP/unsealed.csv" -j 1
expect_eq "$(calls)" 1 "Yosys runs for a row without a seal"
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
# no longer saturates. The row's seal is the committed one: the changed
# primitive breaks it.
mkdir -p "$TMP/rtl/prim"
cp "$SRC"/rtl/*.sv "$TMP/rtl/"
cp "$SRC"/rtl/prim/*.sv "$TMP/rtl/prim/"
sed -i "s/else if (inc_i \&\& cnt_i != '1)  cnt_o/else if (inc_i)  cnt_o/" \
  "$TMP/rtl/prim/prim_sat_inc.sv"
cmp -s "$SRC/rtl/prim/prim_sat_inc.sv" "$TMP/rtl/prim/prim_sat_inc.sv" &&
  fail "the planted change did not apply"
expect_exit 1 env PATH="$TMP/logbin:$PATH" SIMTREF_RTL_DIR="$TMP/rtl" "$SIMTREF" area \
  --check-baselines --baselines "$TMP/same.csv" -j 1
expect_in "$TMP/out" "MOVED"
expect_eq "$(calls)" 1 "Yosys runs for a sealed row whose primitive changed"
# An unchanged copy of the RTL keeps the seal (it covers contents, not paths).
mkdir -p "$TMP/rtl-same/prim"
cp "$SRC"/rtl/*.sv "$TMP/rtl-same/"
cp "$SRC"/rtl/prim/*.sv "$TMP/rtl-same/prim/"
expect_exit 0 env PATH="$TMP/logbin:$PATH" SIMTREF_RTL_DIR="$TMP/rtl-same" "$SIMTREF" area \
  --check-baselines --baselines "$TMP/same.csv" -j 1
expect_in "$TMP/out" "ok, sealed (not rerun)"
expect_eq "$(calls)" 0 "Yosys runs for a sealed row on an identical copy of the RTL"
# A comment added to the unit's own file breaks the seal too: rerun, within
# the tolerance.
echo "// a comment" >>"$TMP/rtl-same/wpt.sv"
expect_exit 0 env PATH="$TMP/logbin:$PATH" SIMTREF_RTL_DIR="$TMP/rtl-same" "$SIMTREF" area \
  --check-baselines --baselines "$TMP/same.csv" -j 1
expect_eq "$(calls)" 1 "Yosys runs for a sealed row whose unit file changed"
expect_in "$TMP/out" "all 1 rows within the tolerance"

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
{ head_lines; echo "k20c,dtbl.agt_entries=16,agt,,,,,,,,,,,"; } >"$TMP/sram.csv"
expect_exit 0 "$SIMTREF" area --update-baselines --baselines "$TMP/sram.csv" -j 1
grep -q '^k20c,dtbl.agt_entries=16,agt,AGT_W=4 NKDE=32 EXE_W=16 LINK=1,[^,]*,[^,]*,[^,]*,[^,]*,768,' "$TMP/sram.csv" ||
  fail "the 16-entry AGT row does not hold 768 SRAM bits"
sed -i 's/,768,/,769,/' "$TMP/sram.csv"
expect_exit 1 "$SIMTREF" area --check-baselines --baselines "$TMP/sram.csv" -j 1
expect_in "$TMP/out" "SRAM BITS MOVED"

finish
