#!/bin/sh
# A planted fault in a unit's RTL must stop a full-GPU co-simulated run:
# exit 1, "co-simulation mismatch" naming the unit on stderr, and the report
# (.txt) and waveform (.fst) in cosim.trace_dir. The same run without the
# fault must pass, so that the mismatch is the fault's doing.
# A CAWS policy (caws_*) runs with a profile of WORKLOAD made first under round robin.
#   check_mutant.sh SIMTREF OUTDIR UNIT:MUTANT POLICY FETCH WORKLOAD [RUN ARGS...]
set -u
simtref=$1 out=$2 unit=$3 policy=$4 fetch=$5 wl=$6
shift 6
rm -rf "$out"
mkdir -p "$out"
pol="-s sm.warp_scheduler=$policy -s sm.fetch_arbiter=$fetch $*"
role=${unit%%:*}

# The CAWS oracle schedulers need the workload's criticality profile (a round-robin run).
case $policy in
  caws_*)
    if ! "$simtref" run "$wl" -s sm.warp_scheduler=lrr --profile-criticality "$out/profile.csv" \
         >"$out/profile.log" 2>&1; then
      cat "$out/profile.log"
      echo "FAIL: the round-robin run of $wl that profiles it failed" >&2
      exit 1
    fi
    pol="$pol -s sm.caws_profile=$out/profile.csv" ;;
esac

"$simtref" run "$wl" $pol --cosim "$role" -s cosim.trace_dir="$out/good" \
  >"$out/good.log" 2>&1
rc=$?
if [ $rc -ne 0 ]; then
  cat "$out/good.log"
  echo "FAIL: $wl with the fault-free RTL of $role exited $rc" >&2
  exit 1
fi

"$simtref" run "$wl" $pol --cosim "$unit" -s cosim.trace_dir="$out/bad" \
  >"$out/bad.out" 2>"$out/bad.err"
rc=$?
fail=0
if [ $rc -ne 1 ]; then
  echo "FAIL: with $unit the run exited $rc (expected 1)" >&2
  fail=1
fi
if ! grep -q "^co-simulation mismatch at core cycle [0-9]*, SM [0-9]*, unit " "$out/bad.err"; then
  echo "FAIL: no mismatch report on stderr" >&2
  fail=1
fi
if ! grep -q "verdict: FAIL (cosim)" "$out/bad.out"; then
  echo "FAIL: stdout lacks 'verdict: FAIL (cosim)'" >&2
  fail=1
fi
txt=$(ls "$out"/bad/cosim-*.txt 2>/dev/null | head -1)
fst=$(ls "$out"/bad/cosim-*.fst 2>/dev/null | head -1)
if [ -z "$txt" ] || [ -z "$fst" ] || [ ! -s "$fst" ]; then
  echo "FAIL: report or waveform missing in $out/bad" >&2
  fail=1
elif ! grep -q "mutant ${unit#*:}" "$txt" || ! grep -q "^inputs of the cycle:" "$txt"; then
  echo "FAIL: $txt does not name the fault and the inputs" >&2
  fail=1
fi
if [ $fail -ne 0 ]; then
  cat "$out/bad.err" >&2
  exit 1
fi
head -1 "$out/bad.err"
echo "ok: $unit caught"
