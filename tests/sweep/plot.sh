# simtref plot: grouped bars and line plots over a swept key (numeric and
# categorical), the files they write (SVG, PNG, data, script), and the
# errors: unknown key, metric or variant, and a missing gnuplot.
. "$(dirname "$0")/sweep.inc"

cat >"$TMP/plot.yaml" <<'EOT'
name: plot
workloads: [histo]
configs: [tiny]
variants:
  rr: {}
  n2: {cta_scheduler.policy: static, cta_scheduler.limit: 2}
  n1: {cta_scheduler.policy: static, cta_scheduler.limit: 1}
  lrr: {sm.warp_scheduler: lrr}
  gto: {sm.warp_scheduler: gto}
baseline: rr
EOT
RUNS=$TMP/runs
OUT=$RUNS/plot
expect_exit 0 "$SIMTREF" sweep "$TMP/plot.yaml" -j 2 --runs "$RUNS"

# Without gnuplot: a clear error, the data and script are still written.
expect_exit 1 env PATH=/nonexistent "$SIMTREF" plot "$OUT" --out "$TMP/nognuplot"
expect_in "$TMP/err" "simtref plot: error: gnuplot not found in PATH (Debian: apt-get install gnuplot-nox"
expect_file "$TMP/nognuplot/ipc-tiny.dat"
expect_file "$TMP/nognuplot/ipc-tiny.gp"
expect_no_file "$TMP/nognuplot/ipc-tiny.svg"

# Errors.
expect_exit 2 "$SIMTREF" plot "$OUT" --sweep sm.max_ctas
expect_in "$TMP/err" "simtref plot: error: no variant of plot sets 'sm.max_ctas'"
expect_exit 2 "$SIMTREF" plot "$OUT" --metric ipcc
expect_in "$TMP/err" "simtref plot: error: no metric 'ipcc' in the statistics (did you mean 'ipc'?)"
expect_exit 2 "$SIMTREF" plot "$OUT" --baseline n9
expect_in "$TMP/err" "simtref plot: error: no variant 'n9'"
expect_exit 2 "$SIMTREF" plot "$OUT" --normalise
expect_in "$TMP/err" "--normalise goes with --sweep"

# The data files do not need gnuplot: a numeric sweep, sorted by value,
# variants without the key left out.
expect_exit 1 env PATH=/nonexistent "$SIMTREF" plot "$OUT" --sweep cta_scheduler.limit --out "$TMP/nognuplot"
expect_in "$TMP/out" "variants that do not set cta_scheduler.limit, left out: rr, lrr, gto"
d=$TMP/nognuplot/ipc-by-cta_scheduler.limit-tiny.dat
expect_eq "$(grep -v '^#' "$d" | cut -d' ' -f1 | tr '\n' ' ')" "cta_scheduler.limit 1 2 " "x column"
expect_eq "$(awk '$1 == 1 { print $2 }' "$d")" "$(json_value "$OUT/histo/tiny/n1/stats.json" ipc)" "y at x = 1"
expect_in "$TMP/nognuplot/ipc-by-cta_scheduler.limit-tiny.gp" 'set xtics ("1" 1, "2" 2)'
expect_in "$TMP/nognuplot/ipc-by-cta_scheduler.limit-tiny.gp" 'using 1:i with linespoints'
# A categorical sweep: x is the variants' names in order.
expect_exit 1 env PATH=/nonexistent "$SIMTREF" plot "$OUT" --sweep sm.warp_scheduler --out "$TMP/nognuplot"
d=$TMP/nognuplot/ipc-by-sm.warp_scheduler-tiny.dat
expect_eq "$(grep -v '^#' "$d" | cut -d' ' -f1 | tr '\n' ' ')" 'sm.warp_scheduler "lrr" "gto" ' "categories"
expect_in "$TMP/nognuplot/ipc-by-sm.warp_scheduler-tiny.gp" 'using 0:i:xtic(1)'
# Normalised to the baseline: y = ipc / ipc of rr.
expect_exit 1 env PATH=/nonexistent "$SIMTREF" plot "$OUT" --sweep cta_scheduler.limit --normalise --out "$TMP/nognuplot"
want=$(awk -v a="$(json_value "$OUT/histo/tiny/n2/stats.json" ipc)" -v b="$(json_value "$OUT/histo/tiny/rr/stats.json" ipc)" \
  'BEGIN { printf "%.6f", a / b }')
expect_eq "$(awk '$1 == 2 { print $2 }' "$TMP/nognuplot/ipc-norm-by-cta_scheduler.limit-tiny.dat")" "$want" "normalised y at x = 2"

if ! command -v gnuplot >/dev/null 2>&1; then
  echo "skipped: gnuplot is not installed (Debian package gnuplot-nox); no picture drawn"
  exit 77
fi

# check_picture NAME: NAME.svg (SVG) and NAME.png (PNG) exist, with their data and script.
check_picture() {
  for ext in dat gp svg png; do
    expect_file "$1.$ext"
  done
  grep -q '<svg' "$1.svg" || fail "$1.svg is not SVG"
  [ "$(head -c 4 "$1.png" | od -An -c | tr -d ' ')" = '211PNG' ] || fail "$1.png is not PNG"
}

expect_exit 0 "$SIMTREF" plot "$OUT"
expect_in "$TMP/out" "wrote $OUT/plots/ipc-tiny.svg and ipc-tiny.png"
check_picture "$OUT/plots/ipc-tiny"
expect_in "$OUT/plots/ipc-tiny.gp" 'plot for [i=2:6] "ipc-tiny.dat" using i:xtic(1) title columnheader(i)'
expect_in "$OUT/plots/ipc-tiny.dat" "workload rr n2 n1 lrr gto"
expect_exit 0 "$SIMTREF" plot "$OUT" --sweep cta_scheduler.limit
check_picture "$OUT/plots/ipc-by-cta_scheduler.limit-tiny"
expect_exit 0 "$SIMTREF" plot "$OUT" --sweep sm.warp_scheduler --metric cycles --out "$TMP/p2"
check_picture "$TMP/p2/cycles-by-sm.warp_scheduler-tiny"
expect_exit 0 "$SIMTREF" plot "$OUT" --sweep cta_scheduler.limit --normalise --out "$TMP/p2"
check_picture "$TMP/p2/ipc-norm-by-cta_scheduler.limit-tiny"

# The scripts redraw by themselves in their directory.
rm "$OUT/plots/ipc-tiny.svg" "$OUT/plots/ipc-tiny.png"
(cd "$OUT/plots" && gnuplot ipc-tiny.gp) || fail "gnuplot ipc-tiny.gp failed"
check_picture "$OUT/plots/ipc-tiny"

finish
