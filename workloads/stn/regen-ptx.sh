#!/bin/sh
# Regenerates this workload's PTX where nvcc exists.
set -eu
cd "$(dirname "$0")"
if ! command -v nvcc >/dev/null 2>&1; then
  echo "regen-ptx: nvcc not found; the committed PTX stays as it is"
  exit 0
fi
for cu in *.cu; do
  nvcc -ptx -arch=sm_75 -O3 "$cu" -o "${cu%.cu}.ptx"
  echo "regenerated ${cu%.cu}.ptx"
done
