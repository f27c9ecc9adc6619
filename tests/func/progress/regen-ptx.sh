#!/bin/sh
# Regenerates progress.ptx from progress.cu where nvcc exists (nvcc 13,
# -arch=sm_75 -O3, as the functional suite is defined); elsewhere the committed
# PTX stays as it is.
set -eu
cd "$(dirname "$0")"
NVCC=${NVCC:-nvcc}
if ! command -v "$NVCC" >/dev/null 2>&1; then
  echo "regen-ptx: $NVCC not found; the committed PTX stays as it is"
  exit 0
fi
"$NVCC" -ptx -arch=sm_75 -O3 progress.cu -o progress.ptx
echo "regenerated progress.ptx"
