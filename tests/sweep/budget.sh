# A job that reaches its instruction budget (sim.max_insts, as the papers run
# their workloads) is complete: stats.json kept, status done, collected like
# any other, skipped on a rerun. A cycle limit stays a failure (fail.sh).
. "$(dirname "$0")/sweep.inc"

cat >"$TMP/budget.yaml" <<'EOT'
name: budget
workloads: [histo, fwt]
configs: [tiny]
variants:
  base: {}
  budget: {sim.max_insts: 30000}
EOT
RUNS=$TMP/runs
OUT=$RUNS/budget
expect_exit 0 "$SIMTREF" sweep "$TMP/budget.yaml" -j 2 --runs "$RUNS"
expect_in "$TMP/err" "sweep budget: 4 jobs: 4 done, 0 failed, 0 skipped (complete already)"
for w in histo fwt; do
  expect_file "$OUT/$w/tiny/budget/stats.json"
  expect_eq "$(cat "$OUT/$w/tiny/budget/status.txt")" "done: stopped at sim.max_insts" \
    "$w/budget status.txt"
  expect_in "$OUT/$w/tiny/budget/stats.json" '"stopped_by": "sim.max_insts"'
  expect_in "$OUT/$w/tiny/base/stats.json" '"stopped_by": "none"'
  expect_in "$OUT/$w/tiny/budget/run.log" "verdict: STOPPED (sim.max_insts"
  # The budget run stopped within a cycle of 30000 thread instructions,
  # short of the whole run.
  got=$(sed -n 's/^  "thread_insts": \([0-9]*\),$/\1/p' "$OUT/$w/tiny/budget/stats.json")
  all=$(sed -n 's/^  "thread_insts": \([0-9]*\),$/\1/p' "$OUT/$w/tiny/base/stats.json")
  if [ -z "$got" ] || [ "$got" -lt 30000 ] || [ "$got" -gt 30256 ] || [ "$got" -ge "$all" ]; then
    fail "$w: budget run made ${got:-no} thread instructions (whole run ${all:-?})"
  fi
done

# The per-job command says so; a rerun skips every job.
rm -rf "$OUT/fwt/tiny/budget"
expect_exit 0 "$SIMTREF" sweep "$TMP/budget.yaml" --runs "$RUNS" --job fwt/tiny/budget
expect_in "$TMP/out" "done fwt/tiny/budget (stopped at sim.max_insts)"
expect_exit 0 "$SIMTREF" sweep "$TMP/budget.yaml" --runs "$RUNS"
expect_in "$TMP/err" "sweep budget: 4 jobs: 0 done, 0 failed, 4 skipped (complete already)"

# collect counts them done, with values, and stopped_by is a column.
expect_exit 0 "$SIMTREF" collect "$OUT"
expect_in "$TMP/out" "experiment budget: 4 jobs: 4 done, 0 failed, 0 incomplete, 0 not run"
expect_eq "$(awk -F, '$3 == "budget" { print $1, $6 }' "$OUT/results.csv" | tr '\n' ';')" \
  "histo done;fwt done;" "budget rows of results.csv"
expect_in "$OUT/results.csv" "stopped_by"

finish
