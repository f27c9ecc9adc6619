#!/bin/sh
# Regenerates nw.ptx from nw.cu where nvcc exists.
set -eu
cd "$(dirname "$0")"
if ! command -v nvcc >/dev/null 2>&1; then
  echo "regen-ptx: nvcc not found; the committed nw.ptx stays as it is"
  exit 0
fi
nvcc -ptx -arch=sm_75 -O3 nw.cu -o nw.ptx
echo "regenerated nw.ptx"
