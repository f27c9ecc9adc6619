#!/bin/sh
# Builds cuda_run (the amr and bht drivers on a real NVIDIA GPU, with the CUDA
# device runtime) and runs it: small size by default, or `run.sh paper`.
# Needs nvcc (CUDA 12 or later) and a GPU of compute capability 7.5 or later.
#   run.sh [small|paper] [NAME VARIANT]...
set -eu
here=$(cd "$(dirname "$0")" && pwd)
top=$(cd "$here/../../.." && pwd)
out=${SILICON_BUILD:-$here/build}
mkdir -p "$out"
arch=${SILICON_ARCH:-native}
inc="-I$top/cmodel/include -I$top/workloads/common -I$(dirname "$(command -v nvcc)")/../include"
nvcc -rdc=true -arch="$arch" -O3 -c "$here/kernels.cu" -o "$out/kernels.o"
for f in "$here/cuda_run.c" "$top/workloads/amr/amr.c" "$top/workloads/bht/bht.c" \
         "$top/workloads/common/workload.c"; do
  cc -std=c11 -O2 -ffp-contract=off -fno-fast-math -D_POSIX_C_SOURCE=200809L \
     -DSIMTREF_SOURCE_DIR="\"$top\"" $inc -c "$f" -o "$out/$(basename "$f" .c).o"
done
nvcc -rdc=true -arch="$arch" "$out"/*.o -o "$out/cuda_run" -lcudadevrt
[ "${SILICON_BUILD_ONLY:-0}" = 1 ] || "$out/cuda_run" "$@"
