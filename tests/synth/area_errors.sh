# simtref area: usage errors exit 2 with a clear message and run nothing.
# Needs no yosys: every error here comes before the first synthesis.
. "$(dirname "$0")/../cli/lib.inc"

expect_exit 0 "$SIMTREF" area --help
expect_in "$TMP/out" "usage: simtref area"
expect_in "$TMP/out" "units: wsched_lrr"
expect_in "$TMP/out" "dyncta"

expect_exit 0 "$SIMTREF" --help
expect_in "$TMP/out" "area"
if grep -q "area.*not built yet" "$TMP/out"; then
  fail "simtref --help still calls area not built"
fi

expect_exit 2 "$SIMTREF" area wsched_foo
expect_in "$TMP/err" "simtref area: error: unknown unit 'wsched_foo'"
expect_in "$TMP/err" "units: wsched_lrr wsched_gto"

expect_exit 2 "$SIMTREF" area --frobnicate
expect_in "$TMP/err" "simtref area: error: unknown option '--frobnicate'"

expect_exit 2 "$SIMTREF" area -c no_such_config wpt
expect_in "$TMP/err" "no config 'no_such_config'"

expect_exit 2 "$SIMTREF" area -s sm.warp_schedulr=gto wpt
expect_in "$TMP/err" "sm.warp_schedulr"

expect_exit 2 "$SIMTREF" area -j 0 wpt
expect_in "$TMP/err" "-j wants a number"

expect_exit 2 "$SIMTREF" area --tolerance lots --check-baselines
expect_in "$TMP/err" "--tolerance wants a percentage"

expect_exit 2 "$SIMTREF" area --check-baselines --update-baselines
expect_in "$TMP/err" "not both"

expect_exit 2 "$SIMTREF" area --check-baselines wpt
expect_in "$TMP/err" "take the units from the baselines file"

expect_exit 2 "$SIMTREF" area --json
expect_in "$TMP/err" "--json needs a value"

# No yosys in PATH: a clear message and exit 2, for a report and for the
# baseline check alike.
expect_exit 2 env PATH=/nonexistent "$SIMTREF" area wpt
expect_in "$TMP/err" "simtref area: error: yosys not found in PATH"
expect_exit 2 env PATH=/nonexistent "$SIMTREF" area --check-baselines
expect_in "$TMP/err" "yosys not found in PATH"

# A yosys that fails: the unit's error on stderr, exit 2, and no table (no
# partial report, no JSON file).
mkdir -p "$TMP/bin"
printf '#!/bin/sh\necho "ERROR: planted failure" >&2\nexit 1\n' >"$TMP/bin/yosys"
chmod +x "$TMP/bin/yosys"
expect_exit 2 env PATH="$TMP/bin:$PATH" "$SIMTREF" area wpt --json "$TMP/a.json"
expect_in "$TMP/err" "simtref area: error: wpt (NTB=8 NS=2 CNT_W=6 COUNT_EXITED=0) did not synthesise: yosys failed: ERROR: planted failure"
expect_empty "$TMP/out"
[ ! -e "$TMP/a.json" ] || fail "a failed synthesis wrote the --json file"
expect_exit 2 env PATH="$TMP/bin:$PATH" "$SIMTREF" area --lib asap7 wpt
expect_in "$TMP/err" "did not synthesise: yosys failed: ERROR: planted failure"
expect_empty "$TMP/out"

# The cell library: an unknown one, options that do not go with it, a missing
# or unreadable ASAP7 liberty (exit 2, nothing synthesised).
expect_exit 2 "$SIMTREF" area --lib tsmc7 wpt
expect_in "$TMP/err" "simtref area: error: unknown cell library 'tsmc7' (libraries: generic asap7)"
expect_exit 2 "$SIMTREF" area --lib
expect_in "$TMP/err" "--lib needs a value"
expect_exit 2 "$SIMTREF" area --lib asap7 --cross-check wpt
expect_in "$TMP/err" "does not go with --lib asap7"
expect_exit 2 "$SIMTREF" area --lib asap7 --check-baselines
expect_in "$TMP/err" "give no --lib, --clock or --cross-check"
expect_exit 2 "$SIMTREF" area --lib asap7 --clock fast wpt
expect_in "$TMP/err" "--clock wants a frequency in MHz"
mkdir -p "$TMP/synth"
cp "$SRC/synth/flow.tcl" "$SRC/synth/simtref_generic.lib" "$SRC/synth/baselines.csv" "$TMP/synth/"
expect_exit 2 env PATH="$TMP/bin:$PATH" SIMTREF_SYNTH_DIR="$TMP/synth" "$SIMTREF" area --lib asap7 wpt
expect_in "$TMP/err" "simtref area: error: no ASAP7 library $TMP/synth/lib/asap7_rvt_tt.lib.gz"
expect_empty "$TMP/out"
expect_exit 2 env PATH="$TMP/bin:$PATH" SIMTREF_SYNTH_DIR="$TMP/synth" "$SIMTREF" area --check-baselines
expect_in "$TMP/err" "no ASAP7 library"
mkdir -p "$TMP/synth/lib"
echo "not compressed" >"$TMP/synth/lib/asap7_rvt_tt.lib.gz"
expect_exit 2 env PATH="$TMP/bin:$PATH" SIMTREF_SYNTH_DIR="$TMP/synth" "$SIMTREF" area --lib asap7 wpt
expect_in "$TMP/err" "cannot uncompress the ASAP7 library"
printf 'library (x) {\n  cell (INV) {\n    area : 1;\n  }\n}\n' | gzip -c >"$TMP/synth/lib/asap7_rvt_tt.lib.gz"
expect_exit 2 env PATH="$TMP/bin:$PATH" SIMTREF_SYNTH_DIR="$TMP/synth" "$SIMTREF" area --lib asap7 wpt
expect_in "$TMP/err" "has no FO4 figure or no NAND2xp5_ASAP7_75t_R"
expect_empty "$TMP/out"

# A malformed baselines file: bad_baselines HEADER ROW MESSAGE writes a file of
# the header and one row, and the check must stop with exit 2 and MESSAGE.
bad_baselines() {
  printf '%s\n%s\n' "$1" "$2" >"$TMP/bad.csv"
  expect_exit 2 env PATH="$TMP/bin:$PATH" "$SIMTREF" area --check-baselines --baselines "$TMP/bad.csv"
  expect_in "$TMP/err" "$3"
}
bad_baselines config,unit gtx480,wpt "expected the header"

# A row whose sram_bits is not a number, or missing, is an error at its line.
hdr=config,overrides,unit,params,cells,registers,ff_bits,nand2_eq,sram_bits,a7_cells,a7_um2,a7_leak_nw,a7_delay_ps
bad_baselines "$hdr" gtx480,,wpt,NTB=8,642,1,48,1003.7,lots,604,60.3,41.2,322.7 \
  "bad.csv:2: error: cells, registers, ff_bits, nand2_eq, sram_bits, a7_cells, a7_um2, a7_leak_nw and a7_delay_ps must be numbers"
bad_baselines "$hdr" gtx480,,wpt,NTB=8,642,1,48,1003.7,0,604,60.3,,322.7 "bad.csv:2: error: cells, registers"
bad_baselines "$hdr" gtx480,,wpt,NTB=8,642,1,48,1003.7,0 "bad.csv:2: error: expected 13 fields"
# A seal that is not 16 hexadecimal digits, or one on a row without figures;
# a sealed file's row without its seal field.
bad_baselines "$hdr,seal" gtx480,,wpt,NTB=8,642,1,48,1003.7,0,604,60.3,41.2,322.7,-123456789abcdef \
  "bad.csv:2: error: seal must be 16 hexadecimal digits on a row with figures (or empty), got '-123456789abcdef'"
bad_baselines "$hdr,seal" gtx480,,wpt,,,,,,,,,,,0123456789abcdef \
  "bad.csv:2: error: seal must be 16 hexadecimal digits on a row with figures"
bad_baselines "$hdr,seal" gtx480,,wpt,NTB=8,642,1,48,1003.7,0,604,60.3,41.2,322.7 \
  "bad.csv:2: error: expected 14 fields"
# --rerun-all belongs to the check.
expect_exit 2 "$SIMTREF" area --rerun-all wpt
expect_in "$TMP/err" "--rerun-all goes with --check-baselines"
expect_exit 2 "$SIMTREF" area --rerun-all --update-baselines
expect_in "$TMP/err" "--rerun-all goes with --check-baselines"

finish
