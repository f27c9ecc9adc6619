# A failing job (a cycle limit makes `simtref run` exit 1) is reported with
# its log, counted as failed, and does not stop the others; collect marks it.
. "$(dirname "$0")/sweep.inc"


cat >"$TMP/fail.yaml" <<'EOT'
name: fail
workloads: [histo, fwt]
configs: [tiny]
variants:
  base: {}
  short: {sim.max_cycles: 10}
EOT
RUNS=$TMP/runs
OUT=$RUNS/fail
expect_exit 1 "$SIMTREF" sweep "$TMP/fail.yaml" -j 2 --runs "$RUNS"
expect_in "$TMP/err" "sweep fail: 4 jobs: 2 done, 2 failed, 0 skipped (complete already)"
expect_in "$TMP/err" "FAILED histo/tiny/short (exit status 1): $OUT/histo/tiny/short/run.log"
expect_in "$TMP/err" "  failed: fwt/tiny/short (exit status 1): $OUT/fwt/tiny/short/run.log"
for w in histo fwt; do
  expect_file "$OUT/$w/tiny/base/stats.json"
  expect_no_file "$OUT/$w/tiny/short/stats.json"
  expect_no_file "$OUT/$w/tiny/short/stats.tmp.json"
  expect_eq "$(cat "$OUT/$w/tiny/short/status.txt")" "failed: exit status 1" "$w/short status.txt"
  expect_in "$OUT/$w/tiny/short/run.log" "(sim.max_cycles)"
  expect_in "$OUT/$w/tiny/short/run.log" "verdict: FAIL (limit)"
done

# The per-job command reports the same.
expect_exit 1 "$SIMTREF" sweep "$TMP/fail.yaml" --runs "$RUNS" --job fwt/tiny/short
expect_in "$TMP/out" "FAILED fwt/tiny/short (exit status 1): see $OUT/fwt/tiny/short/run.log"
expect_exit 0 "$SIMTREF" sweep "$TMP/fail.yaml" --runs "$RUNS" --job fwt/tiny/base
expect_in "$TMP/out" "skipped fwt/tiny/base: complete already"

# A rerun retries the failed jobs only.
expect_exit 1 "$SIMTREF" sweep "$TMP/fail.yaml" --runs "$RUNS"
expect_in "$TMP/err" "sweep fail: 4 jobs: 0 done, 2 failed, 2 skipped (complete already)"

# collect: failed rows have their status and no values; the table shows '-'.
expect_exit 0 "$SIMTREF" collect "$OUT"
expect_in "$TMP/out" "experiment fail: 4 jobs: 2 done, 2 failed, 0 incomplete, 0 not run"
expect_in "$TMP/out" "  failed: histo/tiny/short (see $OUT/histo/tiny/short/run.log)"
expect_in "$TMP/out" "(- : no value; the means cover only the workloads with a value)"
expect_eq "$(awk '$1 == "fwt" { print $2, $3 }' "$TMP/out")" "1.0000 -" "fwt row"
expect_eq "$(awk -F, '$3 == "short" { print $1, $6, $7, $11 }' "$OUT/results.csv" | tr '\n' ';')" \
  "histo failed  ;fwt failed  ;" "failed rows of results.csv"

# A job never run is 'not run' in collect.
rm -rf "$OUT/fwt/tiny/short"
expect_exit 0 "$SIMTREF" collect "$OUT"
expect_in "$TMP/out" "1 failed, 0 incomplete, 1 not run"
expect_in "$TMP/out" "  not run: fwt/tiny/short"
expect_eq "$(awk -F, '$1 == "fwt" && $3 == "short" { print $6 }' "$OUT/results.csv")" "missing" \
  "status of a job never run"

finish
