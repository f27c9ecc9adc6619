#!/bin/sh
# Regression: ld.global.cg must not be served by the L1 (PTX ISA: .cg
# caches in the L2 only; GPGPU-Sim bypasses the L1D for it). Exit 0 when the
# model behaves, 1 if the bug is back (CTest: timing/fixed/cg_l1).
# Usage: cg_l1.sh SIMTREF OUTDIR
set -eu
simtref=$1 out=$2
here=$(cd "$(dirname "$0")" && pwd)
rm -rf "$out"
mkdir -p "$out"
"$simtref" run "$here/cg_l1.yaml" -c gtx480 -o "$out" --stats "$out/stats.json" >"$out/log"
hits=$(sed -n 's/^  "l1d.global_r.hit": \([0-9]*\),*$/\1/p' "$out/stats.json")
if [ -n "$hits" ] && [ "$hits" -gt 0 ]; then
  echo "BUG: ld.global.cg hit the L1 $hits time(s) (expected 0: .cg bypasses the L1)"
  exit 1
fi
echo "ok: ld.global.cg was not served by the L1"
