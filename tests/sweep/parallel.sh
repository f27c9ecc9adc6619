# The GNU parallel path, for real: `sweep --emit parallel` writes one command
# per job, the very commands of the local pool; `parallel --jobs 2 < jobs.txt`
# runs them and gives the same outputs as a local sweep; collect reads them.
. "$(dirname "$0")/sweep.inc"

if ! command -v parallel >/dev/null 2>&1 || ! parallel --version 2>/dev/null | grep -q 'GNU parallel'; then
  echo "skipped: GNU parallel is not installed (Debian package parallel)"
  exit 77
fi

write_ci_experiment "$TMP/ci.yaml"

# The local sweep, for comparison.
expect_exit 0 "$SIMTREF" sweep "$TMP/ci.yaml" -j 2 --runs "$TMP/local"

expect_exit 0 "$SIMTREF" sweep "$TMP/ci.yaml" --runs "$TMP/runs" --emit parallel "$TMP/emit"
expect_in "$TMP/out" "wrote $TMP/emit/jobs.txt (4 commands) and $TMP/emit/jobs.tsv"
expect_in "$TMP/out" "parallel --jobs N < $TMP/emit/jobs.txt"
expect_in "$TMP/out" "--sshloginfile"
expect_file "$TMP/runs/ci/experiment.yaml"
[ "$(wc -l <"$TMP/emit/jobs.txt")" -eq 4 ] || fail "jobs.txt: not 4 lines"
# jobs.txt holds the command column of the job table, line for line.
expect_exit 0 "$SIMTREF" sweep "$TMP/ci.yaml" --runs "$TMP/runs" --list
awk -F'\t' 'NR > 2 { print $6 }' "$TMP/out" >"$TMP/list-commands"
cmp -s "$TMP/list-commands" "$TMP/emit/jobs.txt" || fail "jobs.txt differs from the job table's commands"
expect_in "$TMP/emit/jobs.txt" "$SIMTREF sweep $TMP/ci.yaml --runs $TMP/runs --job histo/tiny/lrr"
cmp -s "$TMP/emit/jobs.tsv" "$TMP/out" || fail "emitted jobs.tsv differs from --list"

# Run it with GNU parallel, exactly as the docs say.
parallel --jobs 2 <"$TMP/emit/jobs.txt" >"$TMP/par.out" 2>"$TMP/par.err"
rc=$?
expect_eq "$rc" 0 "exit status of parallel"
for k in histo/tiny/lrr histo/tiny/gto fwt/tiny/lrr fwt/tiny/gto; do
  expect_in "$TMP/par.out" "done $k"
  for f in stats.json run.log config.yaml version.txt job.txt status.txt; do
    expect_file "$TMP/runs/ci/$k/$f"
  done
  # Same results as the local sweep (apart from host time and the paths in the logs).
  stats_without_wall "$TMP/runs/ci/$k/stats.json" >"$TMP/a"
  stats_without_wall "$TMP/local/ci/$k/stats.json" >"$TMP/b"
  cmp -s "$TMP/a" "$TMP/b" || fail "$k: stats.json differs from the local sweep's"
  for f in config.yaml version.txt job.txt status.txt; do
    cmp -s "$TMP/runs/ci/$k/$f" "$TMP/local/ci/$k/$f" || fail "$k: $f differs from the local sweep's"
  done
  sed "s|$TMP/runs|RUNS|g; s/ in [0-9.]* s:.*//" "$TMP/runs/ci/$k/run.log" >"$TMP/a"
  sed "s|$TMP/local|RUNS|g; s/ in [0-9.]* s:.*//" "$TMP/local/ci/$k/run.log" >"$TMP/b"
  cmp -s "$TMP/a" "$TMP/b" || fail "$k: run.log differs from the local sweep's"
done

# Rerunning the list skips every job; the local pool agrees that all are done.
parallel --jobs 2 <"$TMP/emit/jobs.txt" >"$TMP/par.out" 2>"$TMP/par.err" || fail "second parallel run failed"
[ "$(grep -c '^skipped ' "$TMP/par.out")" -eq 4 ] || fail "a second parallel run redid jobs"
expect_exit 0 "$SIMTREF" sweep "$TMP/ci.yaml" --runs "$TMP/runs"
expect_in "$TMP/err" "0 done, 0 failed, 4 skipped"

# collect gives the same table for both.
expect_exit 0 "$SIMTREF" collect "$TMP/runs/ci"
sed -n '/normalised/,$p' "$TMP/out" >"$TMP/t1"
expect_exit 0 "$SIMTREF" collect "$TMP/local/ci"
sed -n '/normalised/,$p' "$TMP/out" >"$TMP/t2"
cmp -s "$TMP/t1" "$TMP/t2" || fail "collect differs between the parallel and the local sweep"

finish
