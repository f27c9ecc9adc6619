#!/bin/sh
# Runs every functional group on a real NVIDIA GPU and records the outputs:
#   run-silicon.sh BINDIR WORKDIR [GROUP...]
# BINDIR holds gen_<group> and simtref-silicon (tools/silicon, built where the CUDA toolkit is).
# For each group the generator writes WORKDIR/<group>/ (workload, inputs, expected outputs),
# simtref-silicon replays it on the GPU through the CUDA driver API with the committed PTX and
# writes the outputs to WORKDIR/actual/<group>/, comparing them with the CPU references.
# Then `record-silicon.sh WORKDIR` turns the outputs into tests/func/<group>/silicon.sha256.
set -u
bindir=$1 work=$2
shift 2
here=$(cd "$(dirname "$0")/.." && pwd)
groups=${*:-int bits cmp f32 f64 cvt mem atom sync warp simt call nan}
status=0
for g in $groups; do
  mkdir -p "$work/actual/$g"
  "$bindir/gen_$g" "$work/$g" "$here/$g" >/dev/null || { echo "FAIL $g: generator"; status=1; continue; }
  "$bindir/simtref-silicon" "$work/$g/$g.yaml" "$work/actual/$g" || status=1
done
exit $status
