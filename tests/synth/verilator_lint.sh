#!/bin/sh
# synth/verilator-lint: every RTL unit and primitive must be Verilator-lint
# clean (DESIGN.md §4): `verilator --lint-only -Wall` on each rtl/prim/*.sv at
# its defaults, and on each unit with the files it is built from, at its
# defaults and at every parameter set an RTL build uses (the real builds, not
# the planted faults: the list verif/CMakeLists.txt writes). Any message
# fails the test; waivers live in the RTL, each with its reason.
#
# usage: verilator_lint.sh SOURCE_DIR BUILD_LIST
#   BUILD_LIST: lines UNIT|PARAMS|FILES (FILES from SOURCE_DIR, compile order)
set -u
ROOT=${1:?usage: verilator_lint.sh SOURCE_DIR BUILD_LIST}
LIST=${2:?usage: verilator_lint.sh SOURCE_DIR BUILD_LIST}
fails=0
runs=0

lint() { # TOP "FILES" [PARAM=VALUE...]
  top=$1
  files=$2
  shift 2
  gflags=""
  for kv in "$@"; do gflags="$gflags -G$kv"; done
  paths=""
  for f in $files; do paths="$paths $ROOT/$f"; done
  runs=$((runs + 1))
  # shellcheck disable=SC2086
  if out=$(verilator --lint-only -Wall --top-module "$top" $gflags $paths 2>&1) &&
    [ -z "$out" ]; then
    return 0
  fi
  echo "FAIL $top $*"
  echo "$out"
  fails=$((fails + 1))
}

nprim=0
for f in "$ROOT"/rtl/prim/*.sv; do
  [ -e "$f" ] || continue
  nprim=$((nprim + 1))
  m=$(basename "$f" .sv)
  lint "$m" "rtl/simtref_pkg.sv rtl/prim/$m.sv"
done

nb=0
units=""
while IFS='|' read -r unit params files; do
  case "$unit" in '' | '#'*) continue ;; esac
  nb=$((nb + 1))
  case " $units " in *" $unit "*) ;; *) units="$units $unit" ;; esac
  # shellcheck disable=SC2086
  lint "$unit" "$files" $params
done <"$LIST"

# Every rtl/*.sv is a unit of the list.
for f in "$ROOT"/rtl/*.sv; do
  u=$(basename "$f" .sv)
  [ "$u" = simtref_pkg ] && continue
  case " $units " in
    *" $u "*) ;;
    *)
      echo "FAIL rtl/$u.sv: not linted (no unit $u in $LIST)"
      fails=$((fails + 1))
      ;;
  esac
done

echo "verilator --lint-only -Wall: $nprim primitives, $nb unit builds (defaults and every RTL build's parameters)"
if [ "$fails" -ne 0 ]; then
  echo "0 passed, 1 failed"
  exit 1
fi
echo "1 passed, 0 failed"
