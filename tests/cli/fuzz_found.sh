# Inputs the fuzz targets found mishandled (tests/fuzz/regress/README.md),
# through the command line: each is refused with exit status 2, a
# positioned message, and nothing on stdout or on disk.
. "$(dirname "$0")/lib.inc"

# A number with more than 19 fraction digits divided by zero (10^64 wraps
# to 0 in 64 bits) in the size and frequency parser.
zeros=$(printf '0.%070d' 0)
expect_exit 2 "$SIMTREF" config -s "l1d.size=${zeros}KiB" --hash
expect_in "$TMP/err" "-s l1d.size=${zeros}KiB:1:10: error: l1d.size: ${zeros}KiB is out of range [64, 67108864] bytes"
expect_empty "$TMP/out"
printf 'gpu:\n  core_clock: %s1GHz\n' "$zeros" >"$TMP/frac.yaml"
expect_exit 2 "$SIMTREF" config -c "$TMP/frac.yaml" --dump
expect_in "$TMP/err" "$TMP/frac.yaml:2:15: error: gpu.core_clock: ${zeros}1GHz is not a whole number of Hz"
expect_empty "$TMP/out"

finish
