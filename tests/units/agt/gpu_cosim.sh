#!/bin/sh
# The AGT in full-GPU runs, co-simulated: DTBL versions of nested-parallel
# workloads on k20c with the agt unit's RTL in lock-step with its C model
# (simtref run --cosim agt). Every run must pass its CPU check with zero
# mismatches and must have made the AGT work (groups joined, entries freed,
# conflicts); a 16-entry table and dtbl.overflow global have RTL builds of
# their own only for the bench, so the runs use k20c's table. Then a planted
# fault (free_busy_gpu: GROUP_DONE frees an entry whose blocks still execute;
# verif/units/agt/builds.cmake) must be caught: exit 1, a co-simulation
# mismatch report naming the unit.
#
# usage: gpu_cosim.sh PATH/TO/simtref SOURCE_DIR
. "$(dirname "$0")/../../cli/lib.inc"
get() { sed -n "s/^$2 = //p" "$1" | head -n 1; }

for w in bfs_dp amr join; do
  expect_exit 0 "$SIMTREF" run "$w" --variant dtbl -c k20c --cosim agt \
    -s cosim.trace_dir="$TMP" --stats "$TMP/$w.txt"
  expect_in "$TMP/out" "verdict: PASS"
  joins=$(get "$TMP/$w.txt" agt.joins)
  frees=$(get "$TMP/$w.txt" agt.frees)
  if [ "${joins:-0}" -eq 0 ] || [ "${frees:-0}" -eq 0 ]; then
    fail "$w: the AGT was not exercised (joins ${joins:-none}, frees ${frees:-none})"
  fi
done
conf=$(get "$TMP/amr.txt" agt.conflicts)
[ "${conf:-0}" -gt 0 ] || fail "amr: no AGT conflict co-simulated"

# The same under LaPerm (the unit without its links, LINK=0).
expect_exit 0 "$SIMTREF" run bfs_dp --variant dtbl -c k20c -s cta_scheduler.policy=laperm_tbpri \
  --cosim agt -s cosim.trace_dir="$TMP"
expect_in "$TMP/out" "verdict: PASS"

# The planted fault is caught.
expect_exit 1 "$SIMTREF" run bfs_dp --variant dtbl -c k20c --cosim agt:free_busy_gpu \
  -s cosim.trace_dir="$TMP"
expect_in "$TMP/err" "co-simulation mismatch"
expect_in "$TMP/err" ", GPU, unit agt"
finish
