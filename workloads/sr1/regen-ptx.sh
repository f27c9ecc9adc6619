#!/bin/sh
# Regenerates sr1.ptx from sr1.cu where nvcc exists.
set -eu
cd "$(dirname "$0")"
if ! command -v nvcc >/dev/null 2>&1; then
  echo "regen-ptx: nvcc not found; the committed sr1.ptx stays as it is"
  exit 0
fi
nvcc -ptx -arch=sm_75 -O3 sr1.cu -o sr1.ptx
echo "regenerated sr1.ptx"
