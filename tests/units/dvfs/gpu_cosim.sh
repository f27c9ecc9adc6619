#!/bin/sh
# The occupancy-bubble controller in a full-GPU run, co-simulated: bfs_dp's
# DTBL version on k20c under LaPerm's Adaptive-Bind (the dissertation's Ch.6
# baseline, spec §1.4 and §7 #18) with dvfs.enable=true and the dvfs unit's
# RTL in lock-step with its C model (simtref run --cosim dvfs). The run must
# pass its CPU check with zero mismatches; the controller must have been
# clocked every core cycle of the run (dvfs.cycles = cycles), ended samples,
# seen bubbles and diverted SMs. Then a planted fault
# (vlow_in_transition_gpu: the low voltage charged during transitions;
# verif/units/dvfs/builds.cmake) must be caught: exit 1, a mismatch report
# naming the unit.
#
# The unit's GPU host (the thread-block scheduler closing SMs, the per-SM
# clocks) drives the instance; without it the controller is never clocked
# and the checks on dvfs.* fail.
#
# usage: gpu_cosim.sh PATH/TO/simtref SOURCE_DIR
. "$(dirname "$0")/../../cli/lib.inc"
get() { sed -n "s/^$2 = //p" "$1" | head -n 1; }

run_args="bfs_dp --variant dtbl -c k20c -s dvfs.enable=true -s cta_scheduler.policy=laperm_adaptive"

# shellcheck disable=SC2086
expect_exit 0 "$SIMTREF" run $run_args --cosim dvfs -s cosim.trace_dir="$TMP" --stats "$TMP/run.txt"
expect_in "$TMP/out" "verdict: PASS"
cycles=$(get "$TMP/run.txt" cycles)
dcycles=$(get "$TMP/run.txt" dvfs.cycles)
samples=$(get "$TMP/run.txt" dvfs.samples)
bubbles=$(get "$TMP/run.txt" dvfs.bubble_samples)
div=$(get "$TMP/run.txt" dvfs.diversions)
[ "${dcycles:-0}" -gt 0 ] || fail "the controller was never clocked (dvfs.cycles ${dcycles:-none})"
expect_eq "${dcycles:-0}" "${cycles:-none}" "dvfs.cycles against the run's core cycles"
[ "${samples:-0}" -gt 0 ] || fail "no sample ended (dvfs.samples ${samples:-none})"
[ "${bubbles:-0}" -gt 0 ] || fail "no bubble seen (dvfs.bubble_samples ${bubbles:-none})"
[ "${div:-0}" -gt 0 ] || fail "no SM diverted (dvfs.diversions ${div:-none})"

# The planted fault is caught.
# shellcheck disable=SC2086
expect_exit 1 "$SIMTREF" run $run_args --cosim dvfs:vlow_in_transition_gpu -s cosim.trace_dir="$TMP"
expect_in "$TMP/err" "co-simulation mismatch"
expect_in "$TMP/err" ", GPU, unit dvfs"
finish
