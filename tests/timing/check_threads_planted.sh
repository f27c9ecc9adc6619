#!/bin/sh
# The parallel-simulation check catches a planted fault: check_stats.sh
# threads must fail, with the failure `expect` names, when SIMTREF_FAULT=FAULT
# is set.
#   check_threads_planted.sh SIMTREF OUTDIR FAULT EXPECT TARGET [RUN ARGS...]
# par-reverse: the threads touch global memory in the reverse of the SMs'
#   order within a cycle; on ticket.yaml (tickets from one counter, many SMs
#   per cycle) the outputs differ.
# par-cold-reply: replies that the memory partitions push on the threads do
#   not end the reply network's frozen stretch; the statistics differ.
# par-uncounted-doze: with threads, the cycles of a dozing SM are not counted
#   (its sleep's accounting loses them); the statistics differ.
set -u
simtref=$1 out=$2 fault=$3 expect=$4
shift 4
here=$(cd "$(dirname "$0")" && pwd)
SIMTREF_FAULT=$fault sh "$here/check_stats.sh" threads "$simtref" "$out" "$@" >"$out.log" 2>&1
rc=$?
if [ $rc -ne 1 ] || ! grep -q "$expect" "$out.log"; then
  cat "$out.log"
  echo "FAIL: the $fault fault was not caught (exit status $rc)" >&2
  exit 1
fi
echo "planted $fault fault caught: $(grep -m1 FAIL "$out.log")"
