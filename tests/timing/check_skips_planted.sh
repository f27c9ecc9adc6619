#!/bin/sh
# sim.check_skips catches a planted fault in a shortcut: with
# SIMTREF_FAULT=FAULT the model breaks one shortcut (lost-wake: a freed
# operand collector wakes no warp; stale-refusal: the caches' refusal memo
# ignores changes; deaf-drain: an instruction fetch does not tell the SM's
# miss drain that a miss may wait; late-result: idle-cycle skipping is told results come
# one cycle late; sleep-deaf: a sleeping SM sleeps on through a reply;
# late-dram-scan: a DRAM channel scans a cycle later than it may issue;
# dram-blind-writes: a DRAM channel's scan by bank overlooks write hits;
# blind-recheck: a warp looked at again after another's issue overlooks the
# collector that issue took; ready-blind-quiet: a quiet scheduler whose unit
# reads only the ready vector is not evaluated though a warp became ready;
# deaf-crossbar: a frozen network stays frozen through a pop; doze-deaf: a
# reply delivered to a dozing SM leaves the timing loop's copy of its sleep
# on; stale-push: the refused-push memo never sees the network drain;
# idle-deaf: a block placed on an empty, sleeping SM leaves its sleep on;
# stale-active: an SM's cycle does not mark its active warps for the power
# model's gather; stale-fit: the block scheduler's memo ignores blocks placed
# and retired; blind-ejection: a packet reaching an empty ejection buffer
# leaves the network's ejection bound as it was; stale-head: an issue leaves
# its warp among the known-ready heads; lazy-unchecked: a warp found ready
# that kept its cause is not looked at again after another's issue;
# ctl-still: every SM controller counts as still, DYNCTA's too, whose hooks
# publish signals between the SM's full cycles), and a
# run of TARGET with sim.check_skips=true must stop
# with exit status 1 and a report naming SHORTCUT.
#   check_skips_planted.sh SIMTREF OUTDIR FAULT SHORTCUT TARGET [ARGS...]
set -eu
simtref=$1 out=$2 fault=$3 shortcut=$4 target=$5
shift 5
rm -rf "$out"
mkdir -p "$out"
set +e
SIMTREF_FAULT=$fault "$simtref" run "$target" "$@" -s sim.check_skips=true -o "$out" \
  >"$out/run.log" 2>&1
rc=$?
set -e
if [ $rc -ne 1 ] || ! grep -Eq "sim.check_skips: $shortcut" \
     "$out/run.log"; then
  cat "$out/run.log"
  echo "FAIL: the $fault fault was not reported as '$shortcut' (exit status $rc)" >&2
  exit 1
fi
echo "planted $fault fault caught: $(grep -m1 'sim.check_skips:' "$out/run.log" | cut -c1-200)"
