#!/bin/sh
# simtref run NAME: a name not in the suite gets its near names; a --size a
# benchmark lacks is an error naming the sizes it has; --size with a
# workload file is an error. Exit status 2 each time, nothing run.
#   sh workload_names.sh PATH/TO/simtref SOURCE_DIR
. "$(dirname "$0")/lib.inc"

expect_exit 2 "$SIMTREF" run bsf
expect_in "$TMP/err" "no workload named 'bsf'; near names: 'bfs'"
expect_empty "$TMP/out"
expect_exit 2 "$SIMTREF" run hott --functional
expect_in "$TMP/err" "near names: 'hot'"
expect_exit 2 "$SIMTREF" run srad
expect_in "$TMP/err" "'srad2'"
expect_exit 2 "$SIMTREF" run spvm
expect_in "$TMP/err" "near names: 'spmv'"
expect_exit 2 "$SIMTREF" run qqqqqq
expect_in "$TMP/err" "no workload named 'qqqqqq' (see simtref list)"

expect_exit 2 "$SIMTREF" run bfs --size large
expect_in "$TMP/err" "bfs has the sizes small ("
expect_in "$TMP/err" ", medium ("
expect_in "$TMP/err" ") and paper ("
expect_in "$TMP/err" "not 'large'"
expect_empty "$TMP/out"
expect_exit 2 "$SIMTREF" run "$SRC/tests/timing/idle.yaml" --size paper
expect_in "$TMP/err" "--size applies to the suite's benchmarks"

[ "$failures" -eq 0 ] || { echo "$failures failure(s)"; exit 1; }
echo "ok: unknown names get near names, unknown sizes name the sizes"
