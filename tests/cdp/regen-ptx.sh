#!/bin/sh
# Regenerates cdp.ptx and cdp_errors.ptx from their CUDA sources with nvcc
# (13 or later), with the flag that device-side launches need (-rdc=true).
#   regen-ptx.sh [DIR]        (DIR = tests/cdp, default: this script's)
set -eu
dir=${1:-$(dirname "$0")}
for name in cdp cdp_errors; do
  nvcc -rdc=true -arch=sm_75 -O3 -ptx "$dir/$name.cu" -o "$dir/$name.ptx.tmp"
  mv "$dir/$name.ptx.tmp" "$dir/$name.ptx"
done
