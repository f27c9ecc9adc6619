#!/bin/sh
# Regenerates cdp.ptx from cdp.cu with nvcc (13 or later), the flags that
# device-side launches need (-rdc=true).
#   regen-ptx.sh [DIR]        (DIR = tests/cdp, default: this script's)
set -eu
dir=${1:-$(dirname "$0")}
nvcc -rdc=true -arch=sm_75 -O3 -ptx "$dir/cdp.cu" -o "$dir/cdp.ptx.tmp"
mv "$dir/cdp.ptx.tmp" "$dir/cdp.ptx"
