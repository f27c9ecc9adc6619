#!/bin/sh
# Regenerates nqu.ptx from nqu.cu where nvcc exists.
set -eu
cd "$(dirname "$0")"
if ! command -v nvcc >/dev/null 2>&1; then
  echo "regen-ptx: nvcc not found; the committed nqu.ptx stays as it is"
  exit 0
fi
nvcc -ptx -arch=sm_75 -O3 nqu.cu -o nqu.ptx
echo "regenerated nqu.ptx"
