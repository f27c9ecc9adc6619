#!/bin/sh
# Regenerates ell.ptx from ell.cu where nvcc exists.
set -eu
cd "$(dirname "$0")"
if ! command -v nvcc >/dev/null 2>&1; then
  echo "regen-ptx: nvcc not found; the committed ell.ptx stays as it is"
  exit 0
fi
nvcc -ptx -arch=sm_75 -O3 ell.cu -o ell.ptx
echo "regenerated ell.ptx"
