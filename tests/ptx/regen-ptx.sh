#!/bin/sh
# Regenerates the committed PTX of the front-end test kernels with nvcc, where
# nvcc exists:  nvcc -ptx -arch=sm_75 -O3 X.cu -o X.ptx  for tests/ptx/cuda/*.cu.
# tests/unit/test_ptx_nvcc.c names instructions by their line in these files:
# after a regeneration by another nvcc, run it and update the line numbers.
#   tests/ptx/regen-ptx.sh
set -eu
dir=$(cd "$(dirname "$0")/cuda" && pwd)
if ! command -v nvcc >/dev/null 2>&1; then
  echo "regen-ptx: nvcc not found; the committed PTX is kept"
  exit 0
fi
nvcc --version | tail -n 1
for cu in "$dir"/*.cu; do
  ptx=${cu%.cu}.ptx
  nvcc -ptx -arch=sm_75 -O3 "$cu" -o "$ptx"
  echo "regen-ptx: $(basename "$ptx")"
done
