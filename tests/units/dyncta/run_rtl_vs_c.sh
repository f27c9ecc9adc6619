#!/bin/sh
# DYNCTA RTL against its C model (tests/units/dyncta/rtl_vs_c.cpp).
#
# 0. Lint: verilator --lint-only -Wall, defaults and several parameter sets.
# 1. Conformance: for several parameter sets, verilate rtl/simtref_pkg.sv
#    and rtl/dyncta.sv with the set's -G overrides, build the bench with the
#    C model, and run it in lock-step: the §1.5(e) trace (spec defaults) and
#    seeded random stimulus. Every run must pass.
# 2. Planted faults: the same bench against each MUTANT=1..9 build of the
#    RTL (see rtl/dyncta.sv). Every mutant must be caught (a mismatch and
#    exit status 1).
# Build outputs go to a fresh directory under ${TMPDIR:-/tmp} (or
# $DYNCTA_COSIM_DIR), never into the source tree.
#
# With --quick (what ctest runs: most of the time goes into building the
# Verilated models) the benches are compiled without optimisation, and only
# the spec and SMALL parameter sets and mutants 1, 3 and 6 are built and run.
#
# usage: run_rtl_vs_c.sh [--quick] [CYCLES]   (default 200000 per random run)
set -eu

ROOT=$(cd "$(dirname "$0")/../../.." && pwd)
QUICK=0
if [ "${1:-}" = "--quick" ]; then
  QUICK=1
  shift
fi
CYCLES=${1:-200000}
WORK=${DYNCTA_COSIM_DIR:-$(mktemp -d "${TMPDIR:-/tmp}/dyncta_cosim.XXXXXX")}
mkdir -p "$WORK"
JOBS=$(nproc 2>/dev/null || echo 4)

SPEC="NTB=8 CNT_W=11 PERIOD=2048 T_IDLE=16 T_MEM_L=128 T_MEM_H=384 INIT_N=1 FREEZE=0 STARVE_T=4096 STRICT=0"
SPEC_ALT="NTB=8 CNT_W=11 PERIOD=2048 T_IDLE=16 T_MEM_L=128 T_MEM_H=384 INIT_N=1 FREEZE=1 STARVE_T=4096 STRICT=1"
SMALL="NTB=6 CNT_W=5 PERIOD=48 T_IDLE=3 T_MEM_L=6 T_MEM_H=20 INIT_N=0 FREEZE=1 STARVE_T=37 STRICT=1"
WIDE="NTB=16 CNT_W=8 PERIOD=300 T_IDLE=10 T_MEM_L=40 T_MEM_H=120 INIT_N=2 FREEZE=1 STARVE_T=0 STRICT=0"
TINY="NTB=3 CNT_W=3 PERIOD=9 T_IDLE=2 T_MEM_L=2 T_MEM_H=5 INIT_N=1 FREEZE=0 STARVE_T=3 STRICT=0"
HUGE="NTB=64 CNT_W=9 PERIOD=256 T_IDLE=8 T_MEM_L=32 T_MEM_H=96 INIT_N=1 FREEZE=0 STARVE_T=100 STRICT=1"

echo "== lint"
verilator --lint-only -Wall "$ROOT/rtl/simtref_pkg.sv" "$ROOT/rtl/dyncta.sv"
for set in "$SPEC_ALT" "$SMALL" "$WIDE" "$TINY" "$HUGE"; do
  gflags=""
  for kv in $set; do gflags="$gflags -G$kv"; done
  # shellcheck disable=SC2086
  verilator --lint-only -Wall $gflags "$ROOT/rtl/simtref_pkg.sv" "$ROOT/rtl/dyncta.sv"
done
echo "ok   verilator --lint-only -Wall (defaults and 5 other parameter sets)"

# The C model and the stimulus, compiled once as C11.
CFLAGS="-std=c11 -O2 -Wall -Wextra -Werror -D_POSIX_C_SOURCE=200809L -I$ROOT/cmodel/include -I$ROOT/cmodel/src -I$ROOT/tests/units/dyncta"
for f in cmodel/src/units/dyncta/dyncta.c cmodel/src/units/dyncta/dyncta_config.c cmodel/src/units/unit.c tests/units/dyncta/dyncta_stim.c; do
  cc $CFLAGS -c "$ROOT/$f" -o "$WORK/$(basename "$f" .c).o"
done
ar rcs "$WORK/libdyncta_c.a" "$WORK/dyncta.o" "$WORK/dyncta_config.o" "$WORK/unit.o" "$WORK/dyncta_stim.o"

# build NAME "PARAMS" [MUTANT]: a bench binary at $WORK/NAME/rtl_vs_c. The
# Verilator runtime objects do not depend on the parameters: the first build
# makes them, the others reuse them.
build() {
  gflags=""
  for kv in $2; do gflags="$gflags -G$kv"; done
  if [ -n "${3:-}" ]; then gflags="$gflags -GMUTANT=$3"; fi
  # shellcheck disable=SC2086
  verilator --cc --exe --top-module dyncta $gflags --Mdir "$WORK/$1" -o rtl_vs_c \
    -CFLAGS "-std=c++14 -I$ROOT/cmodel/include -I$ROOT/cmodel/src -I$ROOT/tests/units/dyncta" \
    "$ROOT/rtl/simtref_pkg.sv" "$ROOT/rtl/dyncta.sv" "$ROOT/tests/units/dyncta/rtl_vs_c.cpp" \
    "$WORK/libdyncta_c.a" > "$WORK/$1.build.log" 2>&1 || {
    cat "$WORK/$1.build.log"
    echo "FAIL: verilate $1"
    exit 1
  }
  if [ -d "$WORK/rt" ]; then
    cp -p "$WORK"/rt/* "$WORK/$1/"
  fi
  opt=""
  if [ "$QUICK" = 1 ]; then
    opt="OPT_FAST=-O0 OPT_SLOW=-O0 OPT_GLOBAL=-O0"
  fi
  # shellcheck disable=SC2086
  make -C "$WORK/$1" -f Vdyncta.mk -j "$JOBS" $opt rtl_vs_c >> "$WORK/$1.build.log" 2>&1 || {
    cat "$WORK/$1.build.log"
    echo "FAIL: build $1"
    exit 1
  }
  if [ ! -d "$WORK/rt" ]; then
    mkdir -p "$WORK/rt"
    cp -p "$WORK/$1"/verilated*.o "$WORK/$1"/verilated*.d "$WORK/rt/"
  fi
}

fails=0
check() { # NAME "PARAMS" ARGS...: must pass
  name=$1 params=$2
  shift 2
  # shellcheck disable=SC2086
  if out=$("$WORK/$name/rtl_vs_c" "$@" $params); then
    echo "ok   $name $*: $(echo "$out" | tail -n 1 | cut -d';' -f1)"
  else
    echo "$out"
    echo "FAIL $name $*"
    fails=$((fails + 1))
  fi
}

echo "== conformance (build dir $WORK)"
build spec "$SPEC"
check spec "$SPEC" --trace-e
check spec "$SPEC" --cycles "$CYCLES" --seed 1
check spec "$SPEC" --cycles "$CYCLES" --seed 2 --illegal
SETS="SPEC_ALT SMALL WIDE TINY HUGE"
MUTANTS="1 2 3 4 5 6 7 8 9"
if [ "$QUICK" = 1 ]; then
  SETS="SMALL"
  MUTANTS="1 3 6"
fi
for set in $SETS; do
  eval "params=\$$set"
  name=$(echo "$set" | tr 'A-Z_' 'a-z-')
  build "$name" "$params"
  check "$name" "$params" --cycles "$CYCLES" --seed 3 --illegal
  check "$name" "$params" --cycles "$CYCLES" --seed 4
done

echo "== planted faults (each must be caught)"
caught=0
total=0
for m in $MUTANTS; do
  total=$((total + 1))
  build "small-m$m" "$SMALL" "$m"
  # shellcheck disable=SC2086
  if out=$("$WORK/small-m$m/rtl_vs_c" --cycles "$CYCLES" --seed 3 --illegal $SMALL); then
    echo "FAIL mutant $m not caught"
    fails=$((fails + 1))
  elif echo "$out" | grep -q '^MISMATCH'; then
    caught=$((caught + 1))
    echo "ok   mutant $m caught: $(echo "$out" | grep '^MISMATCH')"
  else
    echo "$out"
    echo "FAIL mutant $m: the bench failed without a mismatch report"
    fails=$((fails + 1))
  fi
done
echo "mutants caught: $caught/$total"

if [ "$fails" -ne 0 ]; then
  echo "FAIL: $fails check(s)"
  exit 1
fi
echo "PASS"
[ -n "${DYNCTA_COSIM_DIR:-}" ] || rm -rf "$WORK"
