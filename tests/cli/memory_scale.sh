# Scale (docs/performance.md): a grid of 2^20 threads completes in functional
# mode, every thread's element written and read back; a 1 GiB device
# allocation is made, written and read back across its whole range (every
# 1 MiB, functional and timing mode), and host memory is taken only for the
# pages written; a 32 MiB buffer is written and read back in full. The run
# statistics carry the process's peak memory (host_peak_rss_bytes) and the
# report prints it. Timings are left to bench/memory_bench.sh.
. "$(dirname "$0")/lib.inc"
tmp=$TMP kernels=$SRC/bench/kernels
. "$SRC/bench/lib.inc"

get() { sed -n "s/^$2 = //p" "$1" | head -n 1; }

# 4096 CTAs x 256 threads, one 16-byte element each.
scale_workload "$TMP/grid.yaml" $((16 << 20)) 4096 1
expect_exit 0 "$SIMTREF" run "$TMP/grid.yaml" --functional --stats "$TMP/grid.txt"
expect_in "$TMP/out" "kernels 2, CTAs 8192,"
expect_in "$TMP/out" "buffer res: match"
expect_in "$TMP/out" "verdict: PASS"
expect_in "$TMP/out" "million thread instructions per second, peak memory "
peak=$(get "$TMP/grid.txt" host_peak_rss_bytes)
[ "${peak:-0}" -gt $((16 << 20)) ] || fail "host_peak_rss_bytes ${peak:-missing}: wanted above the 16 MiB buffer"
grep -q '^kernel.*host_peak_rss_bytes' "$TMP/grid.txt" && fail "host_peak_rss_bytes in a kernel's statistics"

# 1 GiB, one element in every 1 MiB (the first, ..., the one at 1023 MiB).
gib=1073741824
scale_workload "$TMP/gib.yaml" $gib 4 65536
for mode in --functional ""; do
  # shellcheck disable=SC2086
  expect_exit 0 "$SIMTREF" run "$TMP/gib.yaml" $mode -c tiny --stats "$TMP/gib.txt"
  expect_in "$TMP/out" "buffer res: match"
  expect_in "$TMP/out" "peak memory "
  # Device memory is backed as it is written: 1024 pages here, not the GiB
  # (a sanitizer's shadow memory adds about an eighth of the allocation).
  peak=$(get "$TMP/gib.txt" host_peak_rss_bytes)
  [ "${peak:-0}" -gt 0 ] && [ "$peak" -lt $((512 << 20)) ] ||
    fail "1 GiB written every 1 MiB ($mode): host_peak_rss_bytes ${peak:-missing}, wanted under 512 MiB"
done

# 32 MiB, every byte written and read back.
scale_workload "$TMP/full.yaml" $((32 << 20)) 1024 1
expect_exit 0 "$SIMTREF" run "$TMP/full.yaml" --functional --stats "$TMP/full.txt"
expect_in "$TMP/out" "buffer res: match"

# A larger grid than the elements: the threads past the end write nothing.
scale_workload "$TMP/wide.yaml" 4096 64 1
expect_exit 0 "$SIMTREF" run "$TMP/wide.yaml" -c tiny
expect_in "$TMP/out" "buffer res: match"

# A wrong pattern is caught (the check can fail).
sed 's/{u32: 12345}, {buffer: res}/{u32: 12346}, {buffer: res}/' "$TMP/full.yaml" >"$TMP/bad.yaml"
expect_exit 1 "$SIMTREF" run "$TMP/bad.yaml" --functional
expect_in "$TMP/out" "buffer res: MISMATCH"
finish
