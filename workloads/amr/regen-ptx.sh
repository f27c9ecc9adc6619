#!/bin/sh
# Regenerates amr.ptx from amr.cu where nvcc exists (nvcc 13, -rdc=true -arch=sm_75 -O3:
# relocatable device code, which device-side launches need); elsewhere the committed PTX
# stays as it is.
set -eu
cd "$(dirname "$0")"
if ! command -v nvcc >/dev/null 2>&1; then
  echo "regen-ptx: nvcc not found; the committed PTX stays as it is"
  exit 0
fi
nvcc -rdc=true -arch=sm_75 -O3 -ptx amr.cu -o amr.ptx
echo "regenerated amr.ptx"
