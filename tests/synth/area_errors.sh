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

# A yosys that fails: the unit is reported FAILED and the exit status is 1.
mkdir -p "$TMP/bin"
printf '#!/bin/sh\necho "ERROR: planted failure" >&2\nexit 1\n' >"$TMP/bin/yosys"
chmod +x "$TMP/bin/yosys"
expect_exit 1 env PATH="$TMP/bin:$PATH" "$SIMTREF" area wpt
expect_in "$TMP/out" "FAILED: yosys failed: ERROR: planted failure"

# A malformed baselines file.
printf 'config,unit\ngtx480,wpt\n' >"$TMP/bad.csv"
expect_exit 2 env PATH="$TMP/bin:$PATH" "$SIMTREF" area --check-baselines --baselines "$TMP/bad.csv"
expect_in "$TMP/err" "expected the header"

# A row whose sram_bits is not a number, or missing, is an error at its line.
printf 'config,overrides,unit,params,cells,registers,ff_bits,nand2_eq,sram_bits\ngtx480,,wpt,NTB=8,642,1,48,1003.7,lots\n' >"$TMP/bad.csv"
expect_exit 2 env PATH="$TMP/bin:$PATH" "$SIMTREF" area --check-baselines --baselines "$TMP/bad.csv"
expect_in "$TMP/err" "bad.csv:2: error: cells, registers, ff_bits, nand2_eq and sram_bits must be numbers"
printf 'config,overrides,unit,params,cells,registers,ff_bits,nand2_eq,sram_bits\ngtx480,,wpt,NTB=8,642,1,48,1003.7\n' >"$TMP/bad.csv"
expect_exit 2 env PATH="$TMP/bin:$PATH" "$SIMTREF" area --check-baselines --baselines "$TMP/bad.csv"
expect_in "$TMP/err" "bad.csv:2: error: expected 9 fields"

finish
