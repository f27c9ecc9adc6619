#!/bin/sh
# Regenerates sssp_dp.ptx from sssp_dp.cu where nvcc exists (nvcc 13, -rdc=true for the device-side
# launches, -arch=sm_75 -O3); elsewhere the committed PTX stays as it is.
set -eu
cd "$(dirname "$0")"
if ! command -v nvcc >/dev/null 2>&1; then
  echo "regen-ptx: nvcc not found; the committed PTX stays as it is"
  exit 0
fi
nvcc -rdc=true -arch=sm_75 -O3 -ptx sssp_dp.cu -o sssp_dp.ptx
echo "regenerated sssp_dp.ptx"
