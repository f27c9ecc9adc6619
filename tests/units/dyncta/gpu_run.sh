#!/bin/sh
# cta_scheduler.policy dyncta in full-GPU runs (C model only):
# - results still match the CPU reference under dyncta and under a static
#   limit of 1 CTA per SM, with CTAs paused on the way (a short window);
# - sim.skip_idle changes no statistic: the controllers step through the
#   skipped cycles;
# - the window trace (--trace dyncta) has one line per window, limits in 1..N;
# - a persistent kernel with a global barrier (stn) sizes its grid by the
#   occupancy query and still completes;
# - bad dyncta.* values are configuration errors.
#
# usage: gpu_run.sh PATH/TO/simtref SOURCE_DIR
. "$(dirname "$0")/../../cli/lib.inc"

get() { sed -n "s/^$2 = //p" "$1" | head -n 1; }
# stats without the keys that depend on the host (and the hash of the config)
host_free() { grep -v -E '^(config_hash|wall_seconds|sim_thread_insts_per_second|sim_cycles_per_second|host_peak_rss_bytes) ' "$1" |
  grep -v -E '\.(wall_seconds|sim_thread_insts_per_second|sim_cycles_per_second) '; }

SHORT="-s cta_scheduler.policy=dyncta -s dyncta.sample_period=256 -s dyncta.t_idle=2
       -s dyncta.t_mem_l=16 -s dyncta.t_mem_h=48"

# kmn on tiny pauses CTAs; the same statistics with and without skipping.
# shellcheck disable=SC2086
expect_exit 0 "$SIMTREF" run kmn -c tiny $SHORT --stats "$TMP/skip.txt" \
  --trace "dyncta:$TMP/trace.csv"
expect_in "$TMP/out" "verdict: PASS"
# shellcheck disable=SC2086
expect_exit 0 "$SIMTREF" run kmn -c tiny $SHORT -s sim.skip_idle=false --stats "$TMP/noskip.txt"
host_free "$TMP/skip.txt" > "$TMP/a"
host_free "$TMP/noskip.txt" > "$TMP/b"
if ! cmp -s "$TMP/a" "$TMP/b"; then
  fail "dyncta statistics differ with sim.skip_idle true and false"
  diff "$TMP/a" "$TMP/b" | head -10 >&2
fi
paused=$(get "$TMP/skip.txt" dyncta.avg_paused_ctas)
dec=$(get "$TMP/skip.txt" dyncta.windows_dec)
case "$paused" in
  0.000000 | "") fail "kmn on tiny: no CTA was ever paused (avg_paused_ctas ${paused:-none})" ;;
esac
[ "${dec:-0}" -gt 0 ] || fail "kmn on tiny: no DEC window"

# The trace: a header, then one line per window with every SM's n in 1..4.
head -n 1 "$TMP/trace.csv" > "$TMP/head"
expect_in "$TMP/head" "kernel,name,window,cycle,drained,mean_n,paused,n0,n1"
windows=$(($(wc -l < "$TMP/trace.csv") - 1))
inc=$(get "$TMP/skip.txt" dyncta.windows_inc)
hold=$(get "$TMP/skip.txt" dyncta.windows_hold)
frozen=$(get "$TMP/skip.txt" dyncta.windows_frozen)
# every window is decided by both SMs of tiny
if [ $((windows * 2)) -ne $((inc + dec + hold + frozen)) ]; then
  fail "trace has $windows windows, statistics $((inc + dec + hold + frozen)) SM decisions"
fi
if awk -F, 'NR > 1 && ($8 < 1 || $8 > 4 || $9 < 1 || $9 > 4) { bad = 1 } END { exit !bad }' \
  "$TMP/trace.csv"; then
  fail "trace: a limit outside 1..4"
fi

# Results stay correct: dyncta and a static limit of 1 on dyncta30.
for w in spmv histo; do
  expect_exit 0 "$SIMTREF" run "$w" -c dyncta30 -s cta_scheduler.policy=dyncta
  expect_in "$TMP/out" "verdict: PASS"
  expect_exit 0 "$SIMTREF" run "$w" -c dyncta30 -s cta_scheduler.policy=static \
    -s cta_scheduler.limit=1
  expect_in "$TMP/out" "verdict: PASS"
done
# Every CTA of stn waits for the others: under dyncta it asks for 1 per SM.
expect_exit 0 "$SIMTREF" run stn -c gtx480 -s cta_scheduler.policy=dyncta
expect_in "$TMP/out" "verdict: PASS"
# Two-level scheduling under the paused class.
# shellcheck disable=SC2086
expect_exit 0 "$SIMTREF" run mm -c tiny $SHORT -s sm.warp_scheduler=tls
expect_in "$TMP/out" "verdict: PASS"

# Configuration errors.
expect_exit 2 "$SIMTREF" run spmv -c tiny -s cta_scheduler.policy=dyncta -s dyncta.t_mem_l=500
expect_in "$TMP/err" "dyncta.t_mem_l 500 exceeds dyncta.t_mem_h 384"
expect_exit 2 "$SIMTREF" run spmv -c tiny -s dyncta.initial_n=quarter
expect_in "$TMP/err" "expected one of: one half max"
finish
