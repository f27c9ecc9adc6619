#!/bin/sh
# Regenerates prk.ptx from prk.cu where nvcc exists.
set -eu
cd "$(dirname "$0")"
if ! command -v nvcc >/dev/null 2>&1; then
  echo "regen-ptx: nvcc not found; the committed prk.ptx stays as it is"
  exit 0
fi
nvcc -ptx -arch=sm_75 -O3 prk.cu -o prk.ptx
echo "regenerated prk.ptx"
