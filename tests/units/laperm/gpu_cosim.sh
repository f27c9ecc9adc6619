#!/bin/sh
# LaPerm in full-GPU runs, co-simulated: the CDP and DTBL versions of
# nested-parallel workloads on k20c under each LaPerm policy with the laperm
# unit's RTL in lock-step with its C model (simtref run --cosim laperm). Every
# run must pass its CPU check with zero mismatches; the Adaptive-Bind runs
# must have stolen blocks, from a kept backup too. Then a planted fault
# (fewest_first_gpu: the backup is the SM with the fewest queued blocks;
# verif/units/laperm/builds.cmake) must be caught: exit 1, a mismatch report naming the unit.
#
# usage: gpu_cosim.sh PATH/TO/simtref SOURCE_DIR
. "$(dirname "$0")/../../cli/lib.inc"
get() { sed -n "s/^$2 = //p" "$1" | head -n 1; }

for pol in laperm_tbpri laperm_smxbind laperm_adaptive; do
  for v in dtbl cdp; do
    expect_exit 0 "$SIMTREF" run bfs_dp --variant $v -c k20c -s cta_scheduler.policy=$pol \
      --cosim laperm -s cosim.trace_dir="$TMP" --stats "$TMP/$pol-$v.txt"
    expect_in "$TMP/out" "verdict: PASS"
    n=$(get "$TMP/$pol-$v.txt" laperm.examined)
    [ "${n:-0}" -gt 0 ] || fail "$pol $v: no LaPerm decision"
  done
done
expect_exit 0 "$SIMTREF" run amr --variant dtbl -c k20c -s cta_scheduler.policy=laperm_adaptive \
  --cosim laperm -s cosim.trace_dir="$TMP" --stats "$TMP/amr.txt"
expect_in "$TMP/out" "verdict: PASS"
for f in "$TMP/laperm_adaptive-dtbl.txt" "$TMP/amr.txt"; do
  stolen=$(get "$f" laperm.dispatch_stolen)
  kept=$(get "$f" laperm.stolen_kept)
  if [ "${stolen:-0}" -eq 0 ] || [ "${kept:-0}" -eq 0 ]; then
    fail "$(basename "$f"): Adaptive-Bind stole ${stolen:-no} blocks, ${kept:-none} from a kept backup"
  fi
done

# The planted fault is caught.
# join's groups queue on several SMs at once, so the backup choice sees
# several rows with different counts.
expect_exit 1 "$SIMTREF" run join --variant dtbl -c k20c -s cta_scheduler.policy=laperm_adaptive \
  --cosim laperm:fewest_first_gpu -s cosim.trace_dir="$TMP"
expect_in "$TMP/err" "co-simulation mismatch"
expect_in "$TMP/err" ", GPU, unit laperm"
finish
