#!/bin/sh
# The skip_idle check catches a planted fault: with SIMTREF_FAULT=lost-wake
# the model drops one wake-up event (a freed operand collector no longer
# wakes the warps waiting for it), which only matters when quiet warp
# schedulers are skipped (sim.skip_idle=true). check_stats.sh skip_idle must
# then report different statistics for TARGET, or its skip_idle run must stop
# with the deadlock report (warps that are never woken).
#   check_planted.sh SIMTREF OUTDIR TARGET [ARGS...]
set -eu
simtref=$1 out=$2 target=$3
shift 3
here=$(dirname "$0")
if SIMTREF_FAULT=lost-wake sh "$here/check_stats.sh" skip_idle "$simtref" "$out" "$target" "$@" \
     >"$out.log" 2>&1; then
  cat "$out.log"
  echo "FAIL: the lost-wake fault went unnoticed on $target" >&2
  exit 1
fi
# Caught: the statistics differ, or the lost wake-up leaves warps waiting for
# ever and the skip_idle run stops with the deadlock report.
if ! grep -q "statistics of $target differ" "$out.log" &&
   ! { grep -q "skip_idle=true failed" "$out.log" && grep -q "no warp can make progress" "$out.log"; }; then
  cat "$out.log"
  echo "FAIL: the lost-wake run of $target failed for another reason" >&2
  exit 1
fi
if grep -q "statistics of $target differ" "$out.log"; then
  echo "planted lost-wake fault caught on $target: $(grep -c '^[<>]' "$out.log") differing lines shown"
else
  echo "planted lost-wake fault caught on $target: the skip_idle run deadlocked"
fi
