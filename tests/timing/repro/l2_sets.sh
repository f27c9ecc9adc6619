#!/bin/sh
# Regression: the L2 slices once indexed their sets with the global line number,
# so with lines interleaved over the slices each slice uses only some of its
# sets (tiny: 16 of 32, gtx480: 16 of 64, dyncta30: 32 of 256); like GPGPU-Sim,
# they now index with the slice-local address. Exit 0 when a contiguous
# footprint of 75% of the L2 hits on its second walk, 1 if it does not
# (CTest: timing/fixed/l2_sets). Usage: l2_sets.sh SIMTREF OUTDIR
set -eu
simtref=$1 out=$2
here=$(cd "$(dirname "$0")" && pwd)
rm -rf "$out"
mkdir -p "$out"
"$simtref" run "$here/l2_sets.yaml" -c tiny -o "$out" --stats "$out/stats.json" >"$out/log"
# The chase kernel's statistics come second in the file (after chase_init's).
hits=$(sed -n 's/^      "l2.global_r.hit": \([0-9]*\),*$/\1/p' "$out/stats.json" | tail -1)
hits=${hits:-0}
if [ "$hits" -lt 180 ]; then
  echo "BUG: the second walk over 24 KiB of a 32 KiB L2 hit $hits of 192 times"
  exit 1
fi
echo "ok: the two walks over 192 lines hit the L2 $hits times (at least 180 needed)"
