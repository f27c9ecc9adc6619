#!/bin/sh
# Builds cdp_host.cu (nvcc 13, -rdc=true) for the GPU at hand and records its
# output as h200.txt: run on a machine with an NVIDIA GPU.
#   record.sh [DIR]
set -eu
dir=${1:-$(dirname "$0")}
nvcc -rdc=true -arch=native -O3 "$dir/cdp_host.cu" -o "$dir/cdp_host" -lcudadevrt
"$dir/cdp_host" > "$dir/h200.txt.tmp"
mv "$dir/h200.txt.tmp" "$dir/h200.txt"
