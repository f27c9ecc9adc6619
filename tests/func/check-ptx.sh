#!/bin/sh
# Checks that each group's committed PTX still contains every instruction listed in
# <group>/expect-ptx.txt (one opcode with its modifiers per line, '#' comments), so that a
# regenerated PTX where nvcc folded or rewrote an operation is caught.
#   check-ptx.sh [FUNCDIR]
set -eu
dir=${1:-$(cd "$(dirname "$0")" && pwd)}
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
fail=0
for list in "$dir"/*/expect-ptx.txt; do
  g=$(basename "$(dirname "$list")")
  # opcodes of the PTX: first token of each instruction, guard predicate removed
  sed -e 's://.*$::' "$dir/$g/$g.ptx" | tr ';' '\n' |
    sed -n -e 's/^[[:space:]]*\(@!*%[a-z0-9_]*[[:space:]]*\)*\([a-z][a-z0-9_.:]*\).*/\2/p' |
    sort -u > "$tmp"
  missing=$(grep -v -e '^#' -e '^$' "$list" | grep -Fxv -f "$tmp" || true)
  n=$(grep -cv -e '^#' -e '^$' "$list" || true)
  if [ -z "$missing" ]; then
    echo "check-ptx: $g: all $n listed instructions present"
  else
    printf '%s\n' "$missing" | sed "s/^/check-ptx: $g.ptx lacks /"
    fail=1
  fi
done
exit $fail
