#!/bin/sh
# Records the GPU's results for every operation of ops.h: builds
# arith_silicon.cu with nvcc and runs it, writing <outdir>/<op>.bin and a
# one-line summary per file. Needs an NVIDIA GPU (sm_90 by default).
#
# usage: tests/silicon/arith/run.sh [-t tarball] [outdir] [op-name-substring]
#   outdir   where the .bin files go (default: tests/silicon/arith/ref, which
#            tests/unit/test_fparith_silicon.c reads)
#   -t FILE  also pack outdir (and the SASS listing when cuobjdump exists)
#            into FILE, a .tar.gz, e.g. to bring the results back as one file
# environment: NVCC (default nvcc), ARCH (default sm_90),
#              ARITH_BUILD (binary folder, default ${TMPDIR:-/tmp}/simtref-arith)
set -eu

here=$(cd "$(dirname "$0")" && pwd)
tarball=
if [ "${1:-}" = "-t" ]; then
  tarball=$2
  shift 2
fi
out=${1:-$here/ref}
filter=${2:-}
build=${ARITH_BUILD:-${TMPDIR:-/tmp}/simtref-arith}
arch=${ARCH:-sm_90}
bin=$build/arith_silicon_$arch

mkdir -p "$out" "$build"
if [ ! -x "$bin" ] || [ "$here/arith_silicon.cu" -nt "$bin" ] || [ "$here/ops.h" -nt "$bin" ] ||
   [ "$here/gen_inputs.h" -nt "$bin" ]; then
  echo "# building $bin"
  "${NVCC:-nvcc}" -O2 -arch="$arch" "$here/arith_silicon.cu" -o "$bin"
fi

# The program prints one summary line per file it writes.
if [ -n "$filter" ]; then
  "$bin" "$out" "$filter"
else
  "$bin" "$out"
fi

n=$(ls "$out" | grep -c '\.bin$' || true)
bytes=$(cat "$out"/*.bin 2>/dev/null | wc -c)
echo "# $n .bin files, $bytes bytes, in $out"

if [ -n "$tarball" ]; then
  if command -v cuobjdump >/dev/null 2>&1; then
    cuobjdump -sass "$bin" > "$out/arith_silicon.sass" 2>/dev/null || rm -f "$out/arith_silicon.sass"
  fi
  tar czf "$tarball" -C "$out" .
  echo "# packed into $tarball ($(wc -c < "$tarball") bytes)"
fi
