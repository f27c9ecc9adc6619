#!/bin/sh
# The parallel-simulation check catches a planted fault: with
# SIMTREF_FAULT=par-reverse, the threads touch global memory in the reverse of
# the SMs' order within a cycle, and check_stats.sh threads on ticket.yaml
# (tickets from one counter, many SMs per cycle) must fail on its outputs.
#   check_threads_planted.sh SIMTREF OUTDIR
set -u
simtref=$1 out=$2
here=$(cd "$(dirname "$0")" && pwd)
SIMTREF_FAULT=par-reverse sh "$here/check_stats.sh" threads "$simtref" "$out" \
  "$here/ticket.yaml" >"$out.log" 2>&1
rc=$?
if [ $rc -ne 1 ] || ! grep -q "FAIL: threads: output tickets.bin of .*ticket.yaml differs" "$out.log"; then
  cat "$out.log"
  echo "FAIL: the par-reverse fault was not caught (exit status $rc)" >&2
  exit 1
fi
echo "planted par-reverse fault caught: $(grep -m1 FAIL "$out.log")"
