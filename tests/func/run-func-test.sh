#!/bin/sh
# Runs one functional regression group: the generator writes OUTDIR/<group>.yaml, its inputs
# and expected outputs (pointing at PTXDIR/<group>.ptx), then simtref runs it functionally and
# compares every output buffer with its expected file (the CPU reference) and, where
# PTXDIR/silicon.sha256 exists, with the outputs recorded on a real GPU.
#   run-func-test.sh GEN SIMTREF OUTDIR PTXDIR
set -eu
if [ $# -ne 4 ]; then
  echo "usage: $0 GEN SIMTREF OUTDIR PTXDIR" >&2
  exit 2
fi
gen=$1 simtref=$2 outdir=$3 ptxdir=$4
group=$(basename "$ptxdir")
rm -rf "$outdir"
mkdir -p "$outdir"
"$gen" "$outdir" "$ptxdir"
"$simtref" run "$outdir/$group.yaml" --functional || exit 1
# Outputs recorded on a real GPU (silicon.sha256, see silicon/record-silicon.sh): every
# bit-exact buffer must equal them too.
if [ -f "$ptxdir/silicon.sha256" ]; then
  (cd "$outdir" && sha256sum -c --quiet "$ptxdir/silicon.sha256") || {
    echo "FAIL: output differs from the silicon recording ($ptxdir/silicon.sha256)" >&2
    exit 1
  }
  echo "silicon: $(wc -l <"$ptxdir/silicon.sha256") buffers equal the GPU recording"
fi
