#!/bin/sh
# Forward progress in functional mode (docs/ptx.md, "Execution"): each case runs
# simtref on a workload file of this folder under `timeout`, so that a run that
# never ends fails the test instead of hanging it.
#   run-progress-test.sh SIMTREF CASE
# CASE: barrier-wait  CTA 0 loops through barriers until CTA 1 sets a flag, and two
#                     warps of a CTA until its third warp sets one: the runs finish
#                     with the right outputs, functional and timing mode, and the
#                     functional statistics are the same on a second run
#       budget        a long barrier loop under sim.max_insts: exit 3, verdict
#                     STOPPED, stopped at the warp instruction that reaches the budget
#       no-progress   kernels that can never finish: exit 1 with the report
set -u
if [ $# -ne 2 ]; then
  echo "usage: $0 SIMTREF CASE" >&2
  exit 2
fi
SIMTREF=$1
CASE=$2
DIR=$(cd "$(dirname "$0")" && pwd)
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
LIMIT=10 # seconds: every run here takes well under one
failures=0

fail() {
  echo "FAIL: $*" >&2
  failures=$((failures + 1))
}

# run WANT_EXIT ARGS...: simtref ARGS under the time limit (the test fails at
# once if it runs out); stdout in $TMP/out, stderr in $TMP/err.
run() {
  want=$1
  shift
  if command -v timeout >/dev/null 2>&1; then
    timeout "$LIMIT" "$SIMTREF" "$@" >"$TMP/out" 2>"$TMP/err"
  else
    "$SIMTREF" "$@" >"$TMP/out" 2>"$TMP/err" # CTest's TIMEOUT still stops a hang
  fi
  got=$?
  if [ "$got" = 124 ]; then
    echo "FAIL: did not finish in ${LIMIT} s: simtref $*" >&2
    exit 1
  elif [ "$got" != "$want" ]; then
    fail "exit $got (wanted $want): simtref $*"
    sed 's/^/  stdout: /' "$TMP/out" >&2
    sed 's/^/  stderr: /' "$TMP/err" >&2
  fi
}

# expect_in FILE TEXT: FILE contains the fixed string TEXT.
expect_in() {
  if ! grep -qF -- "$2" "$1"; then
    fail "$(basename "$1") lacks: $2"
    sed 's/^/  got: /' "$1" | head -20 >&2
  fi
}

get() { sed -n "s/^$2 = //p" "$1" | head -n 1; }

case $CASE in
barrier-wait)
  for mode in "--functional -c tiny" "--functional -c gtx480" "-c tiny" "-c gtx480"; do
    rm -f "$TMP/barrier_wait_out.bin"
    # shellcheck disable=SC2086
    run 0 run "$DIR/barrier_wait.yaml" $mode -o "$TMP" --stats "$TMP/s1.txt"
    got=$(od -An -td4 "$TMP/barrier_wait_out.bin" 2>/dev/null | tr -s ' ' | sed 's/^ //')
    [ "$got" = "43 42" ] || fail "barrier_wait ($mode): out = '$got', wanted '43 42'"
    rm -f "$TMP/barrier_wait_warp_out.bin"
    # shellcheck disable=SC2086
    run 0 run "$DIR/barrier_wait_warp.yaml" $mode -o "$TMP"
    got=$(od -An -td4 "$TMP/barrier_wait_warp_out.bin" 2>/dev/null | tr -s ' ' | sed 's/^ //')
    [ "$got" = "7" ] || fail "barrier_wait_warp ($mode): out = '$got', wanted '7'"
  done
  # deterministic: the same instruction counts again
  run 0 run "$DIR/barrier_wait.yaml" --functional -c tiny -o "$TMP" --stats "$TMP/s2.txt"
  run 0 run "$DIR/barrier_wait.yaml" --functional -c tiny -o "$TMP" --stats "$TMP/s3.txt"
  for key in warp_insts thread_insts; do
    [ "$(get "$TMP/s2.txt" $key)" = "$(get "$TMP/s3.txt" $key)" ] ||
      fail "barrier_wait: $key differs between two runs"
  done
  ;;
budget)
  budget=100000
  run 3 run "$DIR/barrier_loop.yaml" --functional -c tiny -s sim.max_insts=$budget \
    --stats "$TMP/s.txt"
  expect_in "$TMP/out" "verdict: STOPPED (sim.max_insts"
  expect_in "$TMP/err" "kernel barrier_loop stopped after"
  expect_in "$TMP/err" "thread instructions (sim.max_insts)"
  [ "$(get "$TMP/s.txt" stopped_by)" = "sim.max_insts" ] || fail "stopped_by is not sim.max_insts"
  # The budget is checked after every warp instruction: at most 31 threads past it.
  ran=$(get "$TMP/s.txt" thread_insts)
  if [ -z "$ran" ] || [ "$ran" -lt $budget ] || [ "$ran" -gt $((budget + 31)) ]; then
    fail "sim.max_insts=$budget ran ${ran:-no} thread instructions"
  fi
  ;;
no-progress)
  # Loops that never end: the repeated state is recognised.
  for w in barrier_wait_alone:barrier_wait spin_flag:spin_flag stuck_and_spin:stuck_and_spin; do
    yaml=${w%%:*} kernel=${w#*:}
    run 1 run "$DIR/$yaml.yaml" --functional -c tiny
    expect_in "$TMP/out" "verdict: FAIL (deadlock)"
    expect_in "$TMP/err" "deadlock in kernel $kernel: no progress:"
    expect_in "$TMP/err" "CTA (0, 0, 0) warp 1:"
  done
  expect_in "$TMP/err" "CTA (0, 0, 0) warp 0: waiting at barrier 1"
  expect_in "$TMP/err" "CTA (0, 0, 0) warp 1: waiting at barrier 2"
  expect_in "$TMP/err" "CTA (2, 0, 0) warp 1: ready"
  # The plain deadlock keeps its report.
  run 1 run "$DIR/stuck_alone.yaml" --functional -c tiny
  expect_in "$TMP/out" "verdict: FAIL (deadlock)"
  expect_in "$TMP/err" "deadlock in kernel stuck_and_spin: no warp can make progress"
  expect_in "$TMP/err" "CTA (0, 0, 0) warp 0: waiting at barrier 1"
  expect_in "$TMP/err" "CTA (0, 0, 0) warp 1: waiting at barrier 2"
  ;;
*)
  echo "$0: unknown case $CASE" >&2
  exit 2
  ;;
esac
if [ "$failures" -ne 0 ]; then
  echo "$CASE: $failures failure(s)" >&2
  exit 1
fi
echo "$CASE: ok"
