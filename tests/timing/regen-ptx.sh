#!/bin/sh
# Regenerates micro.ptx, platform.ptx and ticket.ptx from their .cu where nvcc exists.
set -eu
cd "$(dirname "$0")"
if ! command -v nvcc >/dev/null 2>&1; then
  echo "regen-ptx: nvcc not found; the committed PTX stays as it is"
  exit 0
fi
nvcc -ptx -arch=sm_75 -O3 micro.cu -o micro.ptx
nvcc -ptx -arch=sm_75 -O3 platform.cu -o platform.ptx
nvcc -ptx -arch=sm_75 -O3 ticket.cu -o ticket.ptx
echo "regenerated micro.ptx, platform.ptx and ticket.ptx"
