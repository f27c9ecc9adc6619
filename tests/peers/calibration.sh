#!/bin/sh
# simtref's gtx480 against GPGPU-Sim's GTX480 on the calibration kernels
# (tools/peers/calibration/README.md): the cycles of every measuring launch
# of calib.yaml beside the figures GPGPU-Sim 4.2 recorded in
# gpgpusim-gtx480.csv. Chains of dependent loads and arithmetic within 3%,
# the two streams within 25%; the two ring-building launches are not
# measurements. The check itself must catch a model that misses the L1's
# miss delay (-s l1d.miss_latency=0): its L2 and DRAM chains fall outside 3%.
#   sh calibration.sh PATH/TO/simtref SOURCE_DIR
. "$(dirname "$0")/../cli/lib.inc"
CAL="$SRC/tools/peers/calibration"
cd "$TMP" || exit 1
expect_exit 0 "$SIMTREF" run "$CAL/calib.yaml" --stats "$TMP/cal.txt"
expect_in "$TMP/out" "verdict: PASS"
# launch, tolerance (fraction), what it measures
while read -r i tol what; do
  ours=$(sed -n "s/^kernel\.$i\.cycles = //p" "$TMP/cal.txt")
  theirs=$(awk -F, -v i="$i" 'NR > 1 && $2 == i { print $4 }' "$CAL/gpgpusim-gtx480.csv")
  if [ -z "$ours" ] || [ -z "$theirs" ]; then
    fail "launch $i ($what): no cycles (simtref '$ours', GPGPU-Sim '$theirs')"
    continue
  fi
  if awk -v a="$ours" -v b="$theirs" -v t="$tol" 'BEGIN { d = (a - b) / b; if (d < 0) d = -d; exit !(d <= t) }'; then
    echo "ok   launch $i, $what: simtref $ours, GPGPU-Sim $theirs cycles"
  else
    fail "launch $i, $what: simtref $ours cycles, GPGPU-Sim $theirs: more than $tol apart"
  fi
done <<'END'
2 0.25 stream read 4 MiB
3 0.03 1024 dependent loads from DRAM
4 0.03 1024 dependent L2 hits
5 0.03 16384 dependent L1 hits
6 0.25 stream copy 4 MiB
7 0.03 4096 dependent fma
8 0.03 4096 dependent integer mad
9 0.03 4096 dependent rsqrt
10 0.03 4096 dependent shared-memory loads
END

# The planted change: no L1 miss delay.
expect_exit 0 "$SIMTREF" run "$CAL/calib.yaml" -s l1d.miss_latency=0 --stats "$TMP/planted.txt"
ours=$(sed -n "s/^kernel\.4\.cycles = //p" "$TMP/planted.txt")
theirs=$(awk -F, 'NR > 1 && $2 == 4 { print $4 }' "$CAL/gpgpusim-gtx480.csv")
if awk -v a="$ours" -v b="$theirs" 'BEGIN { d = (a - b) / b; if (d < 0) d = -d; exit !(d > 0.03) }'; then
  echo "ok   planted: without l1d.miss_latency the L2 chain takes $ours cycles against $theirs: caught"
else
  fail "planted: without l1d.miss_latency the L2 chain ($ours cycles against $theirs) went unnoticed"
fi
finish
