#!/bin/sh
# synth/verilator-lint: every RTL unit must be Verilator-lint clean
# (DESIGN.md §4): `verilator --lint-only -Wall` on rtl/simtref_pkg.sv with
# each other rtl/*.sv, at its default parameters and at every parameter set
# simtref builds it with (the real builds of verif/builds.cmake). Any
# message fails the test; waivers live in the RTL, each with its reason.
#
# usage: verilator_lint.sh SOURCE_DIR
set -u
ROOT=${1:?usage: verilator_lint.sh SOURCE_DIR}
fails=0
runs=0

lint() { # FILE [PARAM=VALUE...]
  file=$1
  shift
  gflags=""
  for kv in "$@"; do gflags="$gflags -G$kv"; done
  runs=$((runs + 1))
  # shellcheck disable=SC2086
  if out=$(verilator --lint-only -Wall $gflags "$ROOT/rtl/simtref_pkg.sv" "$file" 2>&1) &&
    [ -z "$out" ]; then
    return 0
  fi
  echo "FAIL $(basename "$file") $*"
  echo "$out"
  fails=$((fails + 1))
}

for f in "$ROOT"/rtl/*.sv; do
  [ "$(basename "$f")" = simtref_pkg.sv ] && continue
  lint "$f"
done

# st_rtl_build(NAME UNIT "" P=V ...) lines: the real (not mutant) builds.
builds=$(sed -n 's/^st_rtl_build([^ ]* *\([a-z_]*\) *"" *\(.*\))$/\1 \2/p' \
  "$ROOT/verif/builds.cmake")
nb=0
while read -r unit params; do
  [ -n "$unit" ] || continue
  nb=$((nb + 1))
  # shellcheck disable=SC2086
  lint "$ROOT/rtl/$unit.sv" $params
done <<EOF
$builds
EOF

echo "verilator --lint-only -Wall: $(ls "$ROOT"/rtl/*.sv | wc -l) files, defaults and $nb build parameter sets"
if [ "$fails" -ne 0 ]; then
  echo "0 passed, 1 failed"
  exit 1
fi
echo "1 passed, 0 failed"
