#!/bin/sh
# Results must not depend on the warp scheduler (docs/validation.md §5):
# runs a workload file under every policy of sm.warp_scheduler and requires
# byte-identical output buffers.
#   check_policy_outputs.sh SIMTREF OUTDIR WORKLOAD.yaml [SIMTREF RUN ARGS...]
set -eu
if [ $# -lt 3 ]; then
  echo "usage: $0 SIMTREF OUTDIR WORKLOAD.yaml [ARGS...]" >&2
  exit 2
fi
simtref=$1 out=$2 target=$3
shift 3
rm -rf "$out"
for p in lrr gto tls mwf_lrr mwf_gto; do
  case $p in mwf_*) fetch=cff ;; *) fetch=rr ;; esac
  mkdir -p "$out/$p"
  "$simtref" run "$target" "$@" -s sm.warp_scheduler=$p -s sm.fetch_arbiter=$fetch -o "$out/$p" >"$out/$p.log" 2>&1 || {
    cat "$out/$p.log"
    echo "FAIL: $target under $p" >&2
    exit 1
  }
done
n=0
for f in "$out"/lrr/*; do
  for p in gto tls mwf_lrr mwf_gto; do
    cmp "$f" "$out/$p/$(basename "$f")" || {
      echo "FAIL: $(basename "$f") differs between lrr and $p" >&2
      exit 1
    }
  done
  n=$((n + 1))
done
[ $n -gt 0 ] || { echo "FAIL: $target wrote no output" >&2; exit 1; }
echo "policies: $n output buffers of $target identical under lrr, gto, tls"
