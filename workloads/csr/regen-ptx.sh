#!/bin/sh
# Regenerates csr.ptx from csr.cu where nvcc exists.
set -eu
cd "$(dirname "$0")"
if ! command -v nvcc >/dev/null 2>&1; then
  echo "regen-ptx: nvcc not found; the committed csr.ptx stays as it is"
  exit 0
fi
nvcc -ptx -arch=sm_75 -O3 csr.cu -o csr.ptx
echo "regenerated csr.ptx"
