# scripts/ipc-beside.py: two normalised-IPC tables side by side (the variants
# and workloads both hold, opt as the best of the baseline and the static
# limits both hold, means), and its errors. Values worked out by hand.
. "$(dirname "$0")/sweep.inc"
command -v python3 >/dev/null || exit 77
TOOL="$SRC/scripts/ipc-beside.py"

cat >"$TMP/a.dat" <<'EOT'
# simtref plot: ipc of experiment a, config tiny, normalised to variant max
workload max n1 n2 dyncta tl
w1 1.000000 2.000000 1.500000 1.500000 1.100000
w2 1.000000 0.500000 0.800000 2.000000 -
w3 1.000000 1.000000 1.000000 1.000000 1.000000
"" - - - - -
geomean 1.000000 1.000000 1.000000 1.000000 1.000000
EOT
cat >"$TMP/b.dat" <<'EOT'
workload max n1 dyncta
w2 1.000000 1.000000 0.500000
w1 1.000000 1.000000 1.000000
"" - - -
EOT
expect_exit 0 python3 "$TOOL" "$TMP/a.dat" "$TMP/b.dat" --names full,cut
OUT=$(cat "$TMP/out")
# Shared: w1 and w2 (in A's order); n1 and dyncta; opt over max and n1 (n2 is
# A's only, tl too).
echo "$OUT" | grep -qx '| workload | n1 full | n1 cut | dyncta full | dyncta cut | opt full | opt cut |' ||
  fail "header: $OUT"
echo "$OUT" | grep -qx '| w1 | 2.000 | 1.000 | 1.500 | 1.000 | 2.000 | 1.000 |' || fail "w1: $OUT"
echo "$OUT" | grep -qx '| w2 | 0.500 | 1.000 | 2.000 | 0.500 | 1.000 | 1.000 |' || fail "w2: $OUT"
# means: dyncta full (1.5 + 2) / 2, geomean sqrt(3); dyncta cut 0.75, sqrt(0.5)
echo "$OUT" | grep -qx '| \*\*mean\*\* | 1.250 | 1.000 | 1.750 | 0.750 | 1.500 | 1.000 |' ||
  fail "mean: $OUT"
echo "$OUT" | grep -qx '| \*\*geomean\*\* | 1.000 | 1.000 | 1.732 | 0.707 | 1.414 | 1.000 |' ||
  fail "geomean: $OUT"
! echo "$OUT" | grep -q 'w3' || fail "w3 is in one file only: $OUT"
! echo "$OUT" | grep -q '""' || fail "the spacer row is not a workload: $OUT"

# opt per workload over the static limits both files have a value for: w1
# lacks n2 in A, so its opt is over max and n1 on both sides.
cat >"$TMP/a2.dat" <<'EOT'
workload max n1 n2
w1 1.000000 1.200000 -
w2 1.000000 0.900000 1.300000
EOT
cat >"$TMP/b2.dat" <<'EOT'
workload max n1 n2
w1 1.000000 1.100000 1.500000
w2 1.000000 1.000000 1.100000
EOT
expect_exit 0 python3 "$TOOL" "$TMP/a2.dat" "$TMP/b2.dat"
OUT=$(cat "$TMP/out")
echo "$OUT" | grep -qx '| w1 | 1.200 | 1.100 | - | 1.500 | 1.200 | 1.100 |' || fail "w1, opt without n2: $OUT"
echo "$OUT" | grep -qx '| w2 | 0.900 | 1.000 | 1.300 | 1.100 | 1.300 | 1.100 |' || fail "w2, opt with n2: $OUT"

# Errors: nothing shared, a file without a header, an unknown option.
printf 'workload max x\nw9 1 1\n' >"$TMP/c.dat"
expect_exit 1 python3 "$TOOL" "$TMP/a.dat" "$TMP/c.dat"
printf '# only a comment\n' >"$TMP/d.dat"
expect_exit 1 python3 "$TOOL" "$TMP/a.dat" "$TMP/d.dat"
expect_exit 1 python3 "$TOOL" --bogus "$TMP/a.dat" "$TMP/b.dat"
finish
