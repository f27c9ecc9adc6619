#!/bin/sh
# The unit bench must be able to fail: random runs of a few cycles cannot hit
# a unit's coverage bins, so `unit_bench --unit UNIT --cycles 20` must exit 1
# and report empty bins.
#   bench_fails.sh PATH/TO/unit_bench UNIT
set -u
bench=$1 unit=$2
out=$("$bench" --unit "$unit" --cycles 20 2>&1)
rc=$?
if [ $rc -ne 1 ]; then
  echo "$out"
  echo "FAIL: unit_bench --unit $unit --cycles 20 exited $rc (expected 1)" >&2
  exit 1
fi
if ! echo "$out" | grep -q "^    EMPTY "; then
  echo "$out"
  echo "FAIL: no empty coverage bin reported" >&2
  exit 1
fi
echo "$out" | grep "empty coverage bins" | head -3
echo "ok: the bench fails when coverage bins stay empty"
