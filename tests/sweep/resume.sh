# Resuming a sweep: only jobs without a complete stats.json run again (a
# deleted, truncated or half-written one, or one left by a job that changed),
# and a sweep stopped by a signal resumes where it stopped.
. "$(dirname "$0")/sweep.inc"

write_ci_experiment "$TMP/ci.yaml"
RUNS=$TMP/runs
OUT=$RUNS/ci
expect_exit 0 "$SIMTREF" sweep "$TMP/ci.yaml" -j 2 --runs "$RUNS"
expect_in "$TMP/err" "4 done, 0 failed, 0 skipped"

# Remember every stats.json, to see which were rewritten.
for w in histo fwt; do
  for v in lrr gto; do
    cp "$OUT/$w/tiny/$v/stats.json" "$TMP/$w-$v.json"
  done
done
unchanged() { # unchanged W V: stats.json is the very file of the first run
  cmp -s "$OUT/$1/tiny/$2/stats.json" "$TMP/$1-$2.json" || fail "$1/tiny/$2 was redone"
}
redone() { # redone W V: stats.json was written again (wall time differs) and is complete
  expect_file "$OUT/$1/tiny/$2/stats.json"
  ! cmp -s "$OUT/$1/tiny/$2/stats.json" "$TMP/$1-$2.json" || fail "$1/tiny/$2 was not redone"
  stats_without_wall "$OUT/$1/tiny/$2/stats.json" >"$TMP/a"
  stats_without_wall "$TMP/$1-$2.json" >"$TMP/b"
  cmp -s "$TMP/a" "$TMP/b" || fail "$1/tiny/$2: a rerun gave other statistics"
}

# 1. A deleted stats.json: only that job runs.
rm "$OUT/fwt/tiny/gto/stats.json"
expect_exit 0 "$SIMTREF" sweep "$TMP/ci.yaml" --runs "$RUNS"
expect_in "$TMP/err" "4 jobs (3 complete already), 1 to run"
expect_in "$TMP/err" "sweep ci: 4 jobs: 1 done, 0 failed, 3 skipped (complete already)"
expect_in "$TMP/err" "done   fwt/tiny/gto"
redone fwt gto
unchanged histo lrr
unchanged histo gto
unchanged fwt lrr
cp "$OUT/fwt/tiny/gto/stats.json" "$TMP/fwt-gto.json"

# 2. A truncated stats.json (half written) and a left-over temporary file
#    without a stats.json: both jobs run again, the others do not.
head -c 300 "$TMP/histo-lrr.json" >"$OUT/histo/tiny/lrr/stats.json"
mv "$OUT/fwt/tiny/lrr/stats.json" "$OUT/fwt/tiny/lrr/stats.tmp.json"
expect_exit 0 "$SIMTREF" sweep "$TMP/ci.yaml" --runs "$RUNS"
expect_in "$TMP/err" "sweep ci: 4 jobs: 2 done, 0 failed, 2 skipped (complete already)"
redone histo lrr
redone fwt lrr
expect_no_file "$OUT/fwt/tiny/lrr/stats.tmp.json"
unchanged histo gto
unchanged fwt gto
for w in histo fwt; do
  for v in lrr gto; do
    cp "$OUT/$w/tiny/$v/stats.json" "$TMP/$w-$v.json"
  done
done

# 3. A job that changed (another seed for fwt): its results are stale and redone.
sed 's/^workloads: \[histo, fwt\]$/workloads: [histo, {name: fwt, seed: 2}]/' "$TMP/ci.yaml" >"$TMP/ci2.yaml"
grep -q 'seed: 2' "$TMP/ci2.yaml" || fail "could not edit the experiment"
expect_exit 0 "$SIMTREF" sweep "$TMP/ci2.yaml" --runs "$RUNS"
expect_in "$TMP/err" "fwt/tiny/lrr changed since it ran"
expect_in "$TMP/err" "sweep ci: 4 jobs: 2 done, 0 failed, 2 skipped (complete already)"
expect_in "$OUT/fwt/tiny/gto/job.txt" "seed: 2"
unchanged histo lrr
unchanged histo gto

# 4. Stopped by a signal after its first job: the finished job stays, the
#    running one is terminated, and a rerun does the rest.
rm -rf "$OUT"
"$SIMTREF" sweep "$TMP/ci.yaml" -j 1 --runs "$RUNS" >"$TMP/bg.out" 2>"$TMP/bg.err" &
pid=$!
i=0
while [ ! -f "$OUT/histo/tiny/lrr/stats.json" ] && [ $i -lt 600 ]; do
  sleep 0.05
  i=$((i + 1))
done
kill -TERM $pid
wait $pid
rc=$?
if [ -f "$OUT/fwt/tiny/gto/stats.json" ]; then
  echo "note: the sweep finished before it was stopped; interruption not checked"
else
  expect_eq "$rc" 143 "exit status of a sweep stopped by SIGTERM"
  expect_in "$TMP/bg.err" "sweep ci: stopping (signal 15)"
  expect_in "$TMP/bg.err" "rerun the same command to resume"
  done_before=$(ls "$OUT"/*/tiny/*/stats.json | wc -l)
  [ "$done_before" -ge 1 ] || fail "no job completed before the stop"
  ls "$OUT"/*/tiny/*/stats.tmp.json >/dev/null 2>&1 && fail "a stopped job left stats.tmp.json"
  # No job process is left behind.
  sleep 0.2
  if command -v pgrep >/dev/null 2>&1 && pgrep -f "$TMP/ci.yaml" >/dev/null; then
    fail "job processes still running after the sweep stopped"
  fi
  expect_exit 0 "$SIMTREF" sweep "$TMP/ci.yaml" -j 1 --runs "$RUNS"
  expect_in "$TMP/err" "sweep ci: 4 jobs: $((4 - done_before)) done, 0 failed, $done_before skipped (complete already)"
fi
for w in histo fwt; do
  for v in lrr gto; do
    expect_file "$OUT/$w/tiny/$v/stats.json"
  done
done

finish
