#!/bin/sh
# Regenerates dct.ptx from dct.cu where nvcc exists (nvcc 13, -arch=sm_75 -O3); elsewhere the
# committed PTX stays as it is.
set -eu
cd "$(dirname "$0")"
if ! command -v nvcc >/dev/null 2>&1; then
  echo "regen-ptx: nvcc not found; the committed PTX stays as it is"
  exit 0
fi
nvcc -ptx -arch=sm_75 -O3 dct.cu -o dct.ptx
echo "regenerated dct.ptx"
