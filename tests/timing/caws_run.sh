#!/bin/sh
# A CAWS oracle scheduler at GPU level (docs/units/wsched_caws.md): the workload's criticality
# profile first (a round-robin run, --profile-criticality), then, with sm.caws_profile set to it,
#   run:                 simtref run TARGET ARGS... (its verdict is the test's)
#   skip_idle|check_skips|repeat: check_stats.sh MODE on TARGET ARGS...
#   caws_run.sh MODE SIMTREF OUTDIR TARGET [ARGS...]
set -eu
if [ $# -lt 4 ]; then
  echo "usage: $0 run|skip_idle|check_skips|repeat SIMTREF OUTDIR TARGET [ARGS...]" >&2
  exit 2
fi
mode=$1 simtref=$2 out=$3 target=$4
shift 4
rm -rf "$out"
mkdir -p "$out/profile"
if ! "$simtref" run "$target" -s sm.warp_scheduler=lrr -o "$out/profile" \
     --profile-criticality "$out/profile.csv" >"$out/profile.log" 2>&1; then
  cat "$out/profile.log"
  echo "FAIL: the round-robin run of $target that profiles it failed" >&2
  exit 1
fi
case $mode in
  run) exec "$simtref" run "$target" "$@" -s sm.caws_profile="$out/profile.csv" -o "$out" ;;
  skip_idle|check_skips|repeat)
    exec sh "$(dirname "$0")/check_stats.sh" "$mode" "$simtref" "$out/$mode" "$target" "$@" \
      -s sm.caws_profile="$out/profile.csv" ;;
  *) echo "$0: unknown mode $mode" >&2; exit 2 ;;
esac
