#!/bin/sh
# Regression: with the I-cache switched off (l1i.enabled false) every run
# deadlocked: a fetch went to the L2 as a miss, its reply only woke the warp to
# fetch again, and with no cache to keep the line the next fetch missed again,
# so no instruction was ever decoded. Now the reply delivers the instructions.
# Exit 0 when bfs on tiny passes its check without an I-cache and takes more
# cycles than with one (every fetch is an L2 round trip), 1 otherwise (CTest:
# timing/fixed/no_l1i). Usage: no_l1i.sh SIMTREF OUTDIR
set -eu
simtref=$1 out=$2
rm -rf "$out"
mkdir -p "$out"
cyc() { sed -n 's/^  "cycles": \([0-9]*\),*$/\1/p' "$1" | head -1; }
if ! "$simtref" run bfs -c tiny -s l1i.enabled=false --stats "$out/off.json" >"$out/off.log" 2>&1; then
  echo "BUG: bfs without an I-cache did not pass: $(grep verdict "$out/off.log")"
  exit 1
fi
"$simtref" run bfs -c tiny --stats "$out/on.json" >"$out/on.log" 2>&1
off=$(cyc "$out/off.json") on=$(cyc "$out/on.json")
if [ -z "$off" ] || [ -z "$on" ] || [ "$off" -le "$on" ]; then
  echo "BUG: bfs took ${off:-?} cycles without an I-cache and ${on:-?} with one"
  exit 1
fi
echo "ok: bfs passes without an I-cache in $off cycles ($on with one)"
