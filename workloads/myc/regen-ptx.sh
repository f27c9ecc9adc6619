#!/bin/sh
# Regenerates myc.ptx from myc.cu where nvcc exists.
set -eu
cd "$(dirname "$0")"
if ! command -v nvcc >/dev/null 2>&1; then
  echo "regen-ptx: nvcc not found; the committed myc.ptx stays as it is"
  exit 0
fi
nvcc -ptx -arch=sm_75 -O3 myc.cu -o myc.ptx  # includes myc_model.h
echo "regenerated myc.ptx"
