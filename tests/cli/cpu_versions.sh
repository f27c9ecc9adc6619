#!/bin/sh
# Every suite benchmark has a CPU version (simtref run NAME --cpu) and a
# medium size: its digest of results is the same on 1 and on 3 host threads
# (and not the digest of nothing), it times at least one repetition, and
# --threads and --cpu reject what they cannot use.
#   sh cpu_versions.sh PATH/TO/simtref SOURCE_DIR [NAME...]
. "$(dirname "$0")/lib.inc"
shift 2
names=${*:-$("$SIMTREF" list --names)}
empty=cbf29ce484222325 # FNV-1a 64 of no bytes

for n in $names; do
  expect_exit 0 "$SIMTREF" run "$n" --cpu --threads 1
  d1=$(sed -n 's/^  digest: //p' "$TMP/out")
  expect_in "$TMP/out" " s per run (median of "
  expect_exit 0 "$SIMTREF" run "$n" --cpu --threads 3
  d3=$(sed -n 's/^  digest: //p' "$TMP/out")
  expect_eq "$d3" "$d1" "$n: digest on 3 threads against 1"
  [ -n "$d1" ] && [ "$d1" != "$empty" ] || fail "$n: no results digested ('$d1')"
  "$SIMTREF" run "$n" --size medium --functional -s sim.max_insts=1 >/dev/null 2>"$TMP/err"
  grep -q "no medium size" "$TMP/err" && fail "$n: no medium size"
done

expect_exit 2 "$SIMTREF" run kmn --cpu --threads 0
expect_in "$TMP/err" "--threads takes 1 to 1024, not '0'"
expect_exit 2 "$SIMTREF" run "$SRC/tests/timing/idle.yaml" --cpu
expect_in "$TMP/err" "--cpu applies to the suite's benchmarks"
expect_exit 2 "$SIMTREF" run bfs_dp --cpu --input nowhere
expect_in "$TMP/err" "no input 'nowhere'"

[ "$failures" -eq 0 ] || { echo "$failures failure(s)"; exit 1; }
echo "ok: every CPU version's results are the same on 1 and 3 threads; bad --cpu use refused"
