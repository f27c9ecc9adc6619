#!/bin/sh
# A workload file with launches on two streams (streams.yaml) against the
# same launches on one stream: identical outputs, fewer cycles on two
# streams, and the same statistics with idle-cycle skipping off.
#   check_streams.sh SIMTREF OUTDIR YAML
set -eu
simtref=$1 out=$2 yaml=$3
rm -rf "$out"
mkdir -p "$out/two" "$out/one" "$out/noskip"
dir=$(dirname "$yaml")
cp "$dir/platform.ptx" "$out/"
sed 's/stream: 2/stream: 1/' "$yaml" > "$out/streams-one.yaml"
"$simtref" run "$yaml" -o "$out/two" --stats "$out/two.json" > "$out/two.log" 2>&1 ||
  { cat "$out/two.log"; echo "FAIL: the two-stream run failed" >&2; exit 1; }
"$simtref" run "$out/streams-one.yaml" -o "$out/one" --stats "$out/one.json" \
  > "$out/one.log" 2>&1 || { cat "$out/one.log"; echo "FAIL: the one-stream run failed" >&2; exit 1; }
"$simtref" run "$yaml" -o "$out/noskip" -s sim.skip_idle=false --stats "$out/noskip.json" \
  > "$out/noskip.log" 2>&1 || { cat "$out/noskip.log"; echo "FAIL: the run without skipping failed" >&2; exit 1; }
for f in streams_out_a.bin streams_out_b.bin; do
  cmp -s "$out/two/$f" "$out/one/$f" || { echo "FAIL: $f differs between two streams and one" >&2; exit 1; }
done
cycles() { grep -m1 '"cycles"' "$1" | tr -dc 0-9; }
two=$(cycles "$out/two.json") one=$(cycles "$out/one.json") noskip=$(cycles "$out/noskip.json")
if [ "$two" -ge "$one" ]; then
  echo "FAIL: two streams took $two cycles, one stream $one" >&2
  exit 1
fi
if [ "$two" -ne "$noskip" ]; then
  echo "FAIL: two streams: $two cycles with idle-cycle skipping, $noskip without" >&2
  exit 1
fi
echo "streams: outputs identical; $two cycles on two streams, $one on one (skipping off: $noskip)"
