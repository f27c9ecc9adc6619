#!/bin/sh
# The device runtime (docs/cdp.md) on tests/cdp/cdp.cu: a parent of 2 blocks
# x 32 threads whose thread 0 of each block launches a child on the default
# stream (arguments of 1, 4 and 8 bytes and a pointer) that launches a
# grandchild, a fire-and-forget grid, and, from block 0, a tail launch that
# sums the results after the whole tree.
#  - results bit-exact against the CUDA source's semantics, worked out here
#    independently (awk), and against the program's output recorded on an
#    NVIDIA H200, in functional and timing mode;
#  - the launches counted per stream kind, the nesting depth;
#  - timing: the kernel distributor's occupancy at the start and at its
#    peak; three launch levels in sequence cost at least three times the
#    Table 5 path (cudaGetParameterBuffer + cudaLaunchDevice for one lane)
#    and far less with the cdp.* latencies set to 0; one kernel-distributor
#    entry still runs the tree; two runs give identical statistics;
#  - launch errors (tests/cdp/cdp_errors.cu): an invalid block shape, a
#    full pending pool, recursion past the nesting limit: exit 1, the CUDA
#    error, the launching thread and PTX line, no output file.
#   sh cdp.sh PATH/TO/simtref SOURCE_DIR
. "$(dirname "$0")/lib.inc"
cat > "$TMP/cdp.yaml" <<YAML
ptx: $SRC/tests/cdp/cdp.ptx
buffers:
  out: {bytes: 256, init: zero, output: out.bin}
  sum: {bytes: 4, init: zero, output: sum.bin}
  flags: {bytes: 8, init: zero, output: flags.bin}
launches:
  - entry: _Z6parentPjS_S_j
    grid: 2
    block: 32
    params: [{buffer: out}, {buffer: sum}, {buffer: flags}, {u32: 64}]
YAML
# out[b * 32 + t] = (b * 32 + t) + tag (b + 1) + (unsigned)add (7) + 1000;
# sum = the sum of out; flags = {1, 0}.
awk 'BEGIN { s = 0; for (b = 0; b < 2; b++) for (t = 0; t < 32; t++) {
       v = b * 32 + t + (b + 1) + 7 + 1000; print v; s += v }
     print "sum", s; print "flags 1 0" }' > "$TMP/want"
stat_of() { sed -n "s/^$2 = //p" "$1"; }
for mode in --functional ""; do
  rm -f "$TMP"/*.bin
  expect_exit 0 "$SIMTREF" run "$TMP/cdp.yaml" $mode --stats "$TMP/s.txt"
  { od -An -tu4 -v -w4 "$TMP/out.bin" | tr -d ' '
    echo "sum $(od -An -tu4 "$TMP/sum.bin" | tr -d ' ')"
    echo "flags $(od -An -tu4 -w8 "$TMP/flags.bin" | awk '{print $1, $2}')"; } > "$TMP/got"
  cmp -s "$TMP/got" "$TMP/want" || { fail "results differ ($mode)"; diff "$TMP/got" "$TMP/want" | head >&2; }
  # and against the same program's output on an NVIDIA H200
  # (tests/cdp/silicon/record.sh)
  cmp -s "$TMP/got" "$SRC/tests/cdp/silicon/h200.txt" || fail "results differ from the H200's ($mode)"
  expect_eq "$(stat_of "$TMP/s.txt" cdp.launches)" 7 "launches ($mode)"
  expect_eq "$(stat_of "$TMP/s.txt" cdp.launches.default_stream)" 4 "default-stream launches ($mode)"
  expect_eq "$(stat_of "$TMP/s.txt" cdp.launches.tail)" 1 "tail launches ($mode)"
  expect_eq "$(stat_of "$TMP/s.txt" cdp.launches.fire_and_forget)" 2 "fire-and-forget ($mode)"
  expect_eq "$(stat_of "$TMP/s.txt" cdp.max_depth)" 2 "depth ($mode)"
  expect_eq "$(stat_of "$TMP/s.txt" cdp.errors)" 0 "errors ($mode)"
done
# Timing: child, grandchild and tail start one after another, each after a
# one-lane cudaGetParameterBuffer (8023 + 129) and cudaLaunchDevice
# (12187 + 1592) of the grid before.
cyc=$(stat_of "$TMP/s.txt" cycles)
[ "$cyc" -ge $((3 * (8023 + 129 + 12187 + 1592))) ] || fail "timing: $cyc cycles, fewer than three launch paths"
expect_eq "$(stat_of "$TMP/s.txt" cdp.launch_device.latency_avg)" 13779.000000 "cudaLaunchDevice latency"
# The kernel distributor over time: only the parent holds an entry until
# its first launches arrive (8152 + 13779 cycles in), so the first window
# of the series (kd.series.window cycles, at most 16384 here) holds 1.
win=$(stat_of "$TMP/s.txt" kd.series.window)
[ "$win" -le 16384 ] || fail "kd.series.window $win"
expect_eq "$(stat_of "$TMP/s.txt" kd.series.0)" 1.000000 "KDE occupancy at the start"
expect_eq "$(stat_of "$TMP/s.txt" kd.occupancy_max)" 5 "KDE peak (parent, two children, two fire-and-forget grids)"
"$SIMTREF" run "$TMP/cdp.yaml" --stats "$TMP/s2.txt" >/dev/null 2>&1
grep -v -E 'wall|per_second|host_peak_rss' "$TMP/s.txt" > "$TMP/a"
grep -v -E 'wall|per_second|host_peak_rss' "$TMP/s2.txt" > "$TMP/b"
cmp -s "$TMP/a" "$TMP/b" || fail "two timing runs give different statistics"
expect_exit 0 "$SIMTREF" run "$TMP/cdp.yaml" --stats "$TMP/s0.txt" -s cdp.param_buffer_b=0 \
  -s cdp.param_buffer_a=0 -s cdp.launch_b=0 -s cdp.launch_a=0 -s cdp.dispatch_latency=0
cyc0=$(stat_of "$TMP/s0.txt" cycles)
[ "$cyc0" -lt $((cyc / 4)) ] || fail "timing: $cyc0 cycles without launch latency, against $cyc with"
expect_exit 0 "$SIMTREF" run "$TMP/cdp.yaml" --stats "$TMP/s1.txt" -s gpu.max_concurrent_kernels=1
expect_eq "$(stat_of "$TMP/s1.txt" kd.occupancy_max)" 1 "one kernel-distributor entry"
# Errors.
run_err() { # NAME ENTRY PARAMS MODE
  cat > "$TMP/e.yaml" <<YAML
ptx: $SRC/tests/cdp/cdp_errors.ptx
buffers:
  out: {bytes: 8192, init: zero}
  code: {bytes: 4, init: zero, output: code.bin}
launches:
  - entry: $2
    grid: 1
    block: 1
    params: $3
YAML
  rm -f "$TMP/code.bin"
  expect_exit 1 "$SIMTREF" run "$TMP/e.yaml" $4 -s cdp.pending_limit=64
  [ ! -e "$TMP/code.bin" ] || fail "$1: an output file was written"
}
for mode in --functional ""; do
  run_err bad _Z9bad_blockPjS_ '[{buffer: out}, {buffer: code}]' "$mode"
  expect_in "$TMP/err" "device launch failed with cudaErrorInvalidConfiguration (9): launch of _Z4leafPj with grid (1, 1, 1), block (2048, 1, 1)"
  expect_in "$TMP/err" "kernel _Z9bad_blockPjS_, CTA (0, 0, 0), thread (0, 0, 0), at $SRC/tests/cdp/cdp_errors.ptx:100:2: call.uni"
  run_err chain _Z5chainPjj '[{buffer: code}, {u32: 0}]' "$mode"
  expect_in "$TMP/err" "cudaErrorLaunchMaxDepthExceeded (65): launch of _Z5chainPjj at nesting depth 25"
done
# Every grid launching two: the pending pool fills in timing mode (the
# grids run concurrently); functional mode runs launches depth first and
# meets the nesting limit.
run_err fan _Z3fanPj '[{buffer: code}]' ""
expect_in "$TMP/err" "cudaErrorLaunchPendingCountExceeded (69): 64 launches pending, the limit cdp.pending_limit is 64"
run_err fan _Z3fanPj '[{buffer: code}]' --functional
expect_in "$TMP/err" "cudaErrorLaunchMaxDepthExceeded (65)"
finish
