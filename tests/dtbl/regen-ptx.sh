#!/bin/sh
# Regenerates dtbl.ptx and dtbl_errors.ptx from their CUDA sources with nvcc
# (13 or later; -rdc=true for the device-side launches).
#   regen-ptx.sh [DIR]        (DIR = tests/dtbl, default: this script's)
set -eu
dir=${1:-$(dirname "$0")}
for name in dtbl dtbl_errors; do
  nvcc -rdc=true -arch=sm_75 -O3 -ptx "$dir/$name.cu" -o "$dir/$name.ptx.tmp"
  mv "$dir/$name.ptx.tmp" "$dir/$name.ptx"
done
