#!/bin/sh
# Regenerates tests/func/<group>/<group>.ptx from <group>.cu with the compiler and flags the
# suite is defined by (nvcc 13, -arch=sm_75 -O3; a group whose folder holds a file `arch` uses
# the architecture it names instead, e.g. 90 for instructions that need sm_90). Where nvcc is
# missing it says so and exits 0: the committed PTX is what the tests use.
#   tests/func/regen-ptx.sh [GROUP...]
set -eu
here=$(cd "$(dirname "$0")" && pwd)
NVCC=${NVCC:-nvcc}
if ! command -v "$NVCC" >/dev/null 2>&1; then
  echo "regen-ptx: $NVCC not found; keeping the committed PTX"
  exit 0
fi
"$NVCC" --version | tail -n 2
groups=${*:-$(cd "$here" && for d in */; do [ -f "$d${d%/}.cu" ] && echo "${d%/}"; done)}
for g in $groups; do
  echo "regen-ptx: $g"
  arch=75
  [ -f "$here/$g/arch" ] && arch=$(cat "$here/$g/arch")
  "$NVCC" -ptx -arch=sm_$arch -O3 "$here/$g/$g.cu" -o "$here/$g/$g.ptx"
  # the committed PTX must also assemble (inline asm is only checked by ptxas)
  tmp=$(mktemp)
  "$NVCC" -cubin -arch=sm_$arch -O3 "$here/$g/$g.cu" -o "$tmp"
  rm -f "$tmp"
done
