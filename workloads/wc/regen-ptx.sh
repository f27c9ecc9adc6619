#!/bin/sh
# Regenerates wc.ptx from wc.cu where nvcc exists.
set -eu
cd "$(dirname "$0")"
if ! command -v nvcc >/dev/null 2>&1; then
  echo "regen-ptx: nvcc not found; the committed wc.ptx stays as it is"
  exit 0
fi
nvcc -ptx -arch=sm_75 -O3 wc.cu -o wc.ptx
echo "regenerated wc.ptx"
