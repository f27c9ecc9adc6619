#!/bin/sh
# DYNCTA in full-GPU runs, co-simulated: every SM's controller (and, on the
# tiny and gtx480 configs, the pause-aware issue schedulers) runs its RTL in
# lock-step with the C model (simtref run --cosim). Every run must pass its
# CPU check with zero mismatches, and the short-window runs must have paused
# CTAs (so the paused class was exercised). Then a planted fault (short_window:
# the window one cycle short; verif/units/dyncta/builds.cmake) must be caught:
# exit status 1 and a "co-simulation mismatch" report.
#
# usage: gpu_cosim.sh PATH/TO/simtref SOURCE_DIR
. "$(dirname "$0")/../../cli/lib.inc"

get() { sed -n "s/^$2 = //p" "$1" | head -n 1; }
# the resolved configuration without its source, name and hash lines
cfg_body() { grep -v -e '^#' -e '^  name: ' "$1"; }

# tests/units/dyncta/short_window.yaml: tiny (2 SMs, 4 CTA slots) with a
# 256-cycle window and thresholds scaled by 1/8, an RTL build target of its
# own (verif/units/dyncta/builds.cmake). It must stay tiny with those keys.
SHORT_CFG="$SRC/tests/units/dyncta/short_window.yaml"
expect_exit 0 "$SIMTREF" config --dump -c "$SHORT_CFG"
cfg_body "$TMP/out" >"$TMP/short.cfg"
expect_exit 0 "$SIMTREF" config --dump -c tiny -s cta_scheduler.policy=dyncta \
  -s dyncta.sample_period=256 -s dyncta.t_idle=2 -s dyncta.t_mem_l=16 -s dyncta.t_mem_h=48
cfg_body "$TMP/out" >"$TMP/tiny.cfg"
if ! cmp -s "$TMP/short.cfg" "$TMP/tiny.cfg"; then
  fail "short_window.yaml is no longer tiny with the short-window dyncta keys"
  diff "$TMP/short.cfg" "$TMP/tiny.cfg" | head -10 >&2
fi

for w in mm kmn; do
  expect_exit 0 "$SIMTREF" run "$w" -c "$SHORT_CFG" --cosim dyncta,wsched \
    -s cosim.trace_dir="$TMP" --stats "$TMP/$w.txt"
  expect_in "$TMP/out" "verdict: PASS"
  dec=$(get "$TMP/$w.txt" dyncta.windows_dec)
  paused=$(get "$TMP/$w.txt" dyncta.paused_warp_issues)
  if [ "${dec:-0}" -eq 0 ] || [ "${paused:-0}" -eq 0 ]; then
    fail "$w on tiny: no DEC window (${dec:-none}) or no issue from a paused CTA (${paused:-none})"
  fi
done

# dyncta30 (30 SMs) and gtx480 (15 SMs, 2 schedulers) with the spec's
# parameters.
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
