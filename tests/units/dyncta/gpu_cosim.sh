#!/bin/sh
# DYNCTA in full-GPU runs, co-simulated: every SM's controller (and, on the
# tiny and gtx480 configs, the pause-aware issue schedulers) runs its RTL in
# lock-step with the C model (simtref run --cosim). Every run must pass its
# CPU check with zero mismatches, and the short-window runs must have paused
# CTAs (so the paused class was exercised). Then a planted fault (rtl/dyncta.sv
# MUTANT 6, the window one cycle short; verif/builds.cmake) must be caught:
# exit status 1 and a "co-simulation mismatch" report.
#
# usage: gpu_cosim.sh PATH/TO/simtref SOURCE_DIR
. "$(dirname "$0")/../../cli/lib.inc"

get() { sed -n "s/^$2 = //p" "$1" | head -n 1; }

# tiny (2 SMs, 4 CTA slots) with a 256-cycle window and thresholds scaled by
# 1/8: the RTL build dyncta_t, and wsched_lrr_t for the issue schedulers.
SHORT="-s cta_scheduler.policy=dyncta -s dyncta.sample_period=256 -s dyncta.t_idle=2
       -s dyncta.t_mem_l=16 -s dyncta.t_mem_h=48"
for w in mm kmn; do
  # shellcheck disable=SC2086
  expect_exit 0 "$SIMTREF" run "$w" -c tiny $SHORT --cosim dyncta,wsched \
    -s cosim.trace_dir="$TMP" --stats "$TMP/$w.txt"
  expect_in "$TMP/out" "verdict: PASS"
  dec=$(get "$TMP/$w.txt" dyncta.windows_dec)
  paused=$(get "$TMP/$w.txt" dyncta.paused_warp_issues)
  if [ "${dec:-0}" -eq 0 ] || [ "${paused:-0}" -eq 0 ]; then
    fail "$w on tiny: no DEC window (${dec:-none}) or no issue from a paused CTA (${paused:-none})"
  fi
done

# dyncta30 (30 SMs) and gtx480 (15 SMs, 2 schedulers) with the spec's
# parameters: the RTL build dyncta_g.
expect_exit 0 "$SIMTREF" run spmv -c dyncta30 -s cta_scheduler.policy=dyncta --cosim dyncta \
  -s cosim.trace_dir="$TMP"
expect_in "$TMP/out" "verdict: PASS"
expect_exit 0 "$SIMTREF" run histo -c gtx480 -s cta_scheduler.policy=dyncta \
  --cosim dyncta,wsched -s cosim.trace_dir="$TMP"
expect_in "$TMP/out" "verdict: PASS"

# The planted fault is caught at the first window's end.
expect_exit 1 "$SIMTREF" run spmv -c dyncta30 -s cta_scheduler.policy=dyncta \
  --cosim dyncta:short_window -s cosim.trace_dir="$TMP"
expect_in "$TMP/err" "co-simulation mismatch"
expect_in "$TMP/err" "unit dyncta"
finish
