#!/bin/sh
# The skip_idle check catches a planted fault: with SIMTREF_FAULT=lost-wake
# the model drops one wake-up event (a freed operand collector no longer
# wakes the warps waiting for it), which only matters when quiet warp
# schedulers are skipped (sim.skip_idle=true). check_stats.sh skip_idle must
# then report different statistics for TARGET, or its skip_idle run must stop
# with the deadlock report (warps that are never woken).
# PLANTED_FAULT and PLANTED_MODE choose another fault and another pair of
# runs of check_stats.sh (e.g. unrebased-doze and check_skips: idle-cycle
# skipping leaves the count of a dozing SM's cycles where it was, which only
# matters where the timing loop counts dozes lazily, i.e. without
# sim.check_skips).
#   [PLANTED_FAULT=F] [PLANTED_MODE=M] check_planted.sh SIMTREF OUTDIR TARGET [ARGS...]
set -eu
simtref=$1 out=$2 target=$3
shift 3
here=$(dirname "$0")
mkdir -p "$(dirname "$out")" # (its log goes beside OUTDIR)
fault=${PLANTED_FAULT:-lost-wake}
mode=${PLANTED_MODE:-skip_idle}
if SIMTREF_FAULT=$fault sh "$here/check_stats.sh" "$mode" "$simtref" "$out" "$target" "$@" \
     >"$out.log" 2>&1; then
  cat "$out.log"
  echo "FAIL: the $fault fault went unnoticed on $target ($mode)" >&2
  exit 1
fi
# Caught: the statistics differ, or the lost wake-up leaves warps waiting for
# ever and the skip_idle run stops with the deadlock report.
if ! grep -q "statistics of $target differ" "$out.log" &&
   ! { grep -q "exited with status" "$out.log" && grep -q "no warp can make progress" "$out.log"; }; then
  cat "$out.log"
  echo "FAIL: the $fault run of $target failed for another reason" >&2
  exit 1
fi
if grep -q "statistics of $target differ" "$out.log"; then
  echo "planted $fault fault caught on $target ($mode): $(grep -c '^[<>]' "$out.log") differing lines shown"
else
  echo "planted $fault fault caught on $target ($mode): a run deadlocked"
fi
