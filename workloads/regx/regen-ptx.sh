#!/bin/sh
# Regenerates regx.ptx from regx.cu where nvcc exists (nvcc 13, -rdc=true for the device-side
# launches, -arch=sm_75 -O3); elsewhere the committed PTX stays as it is.
set -eu
cd "$(dirname "$0")"
if ! command -v nvcc >/dev/null 2>&1; then
  echo "regen-ptx: nvcc not found; the committed PTX stays as it is"
  exit 0
fi
nvcc -rdc=true -arch=sm_75 -O3 -ptx regx.cu -o regx.ptx
echo "regenerated regx.ptx"
