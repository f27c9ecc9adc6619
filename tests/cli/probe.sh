#!/bin/sh
# The stall-attribution probe (probe.*) and the warp execution-time
# disparity (warp_disparity.*) in the statistics of a run
# (docs/latency-study.md): the probe's categories sum to the warps'
# residency and agree with the SM's per-cycle stall accounting (stall.*),
# a barrier-heavy kernel lands in sync, a dependent-load chain in data_miss,
# and a CTA whose warp 0 outlives the others by far shows its disparity.
. "$(dirname "$0")/lib.inc"

# check_sums STATS PREFIX: for one statistics set, the categories times the
# warps equal probe.elapsed times the warps and the sum of stall.* (counted
# per cycle by the SM, independently of the probe); exec and scheduling are
# stall.issued and stall.not_selected.
check_sums() {
  awk -v p="$2" '
    function v(k) { return vals[p k] + 0 }
    { vals[$1] = $3 }
    END {
      w = v("probe.warps")
      if (w == 0) { print "no warps"; exit 1 }
      split("scheduling sync fetch ctrl data data_miss mshr structural exec", c, " ")
      s = 0
      for (i in c) s += v("probe." c[i]) * w
      split("issued exit barrier control fetch data_mem data_alu structural not_selected", t, " ")
      st = 0
      for (i in t) st += v("stall." t[i])
      el = v("probe.elapsed") * w
      d1 = s - el; d2 = s - st
      d3 = v("probe.exec") * w - v("stall.issued")
      d4 = v("probe.scheduling") * w - v("stall.not_selected")
      if (d1 * d1 > 1 || d2 * d2 > 1 || d3 * d3 > 1 || d4 * d4 > 1) {
        printf "sum %f elapsed %f stall %f exec %f/%f sched %f/%f\n", s, el, st,
               v("probe.exec") * w, v("stall.issued"), v("probe.scheduling") * w,
               v("stall.not_selected")
        exit 1
      }
    }' "$1" > "$TMP/sums" || fail "probe sums ($2): $(cat "$TMP/sums")"
}

# largest STATS PREFIX: the probe category with the most cycles.
largest() {
  awk -v p="$2" '
    { vals[$1] = $3 }
    END {
      split("scheduling sync fetch ctrl data data_miss mshr structural exec", c, " ")
      best = ""; bv = -1
      for (i = 1; i <= 9; i++) { x = vals[p "probe." c[i]] + 0; if (x > bv) { bv = x; best = c[i] } }
      print best
    }' "$1"
}

# A stats value.
val() { awk -v k="$2" '$1 == k { print $3 }' "$1"; }

expect_exit 0 "$SIMTREF" run "$SRC/tests/cli/probe/probe.yaml" --stats "$TMP/p.txt"
for pre in "" kernel.0. kernel.1.; do
  check_sums "$TMP/p.txt" "$pre"
done
# barheavy: 7 of 8 warps wait at the barrier while warp 0 loops.
expect_eq "$(largest "$TMP/p.txt" kernel.0.)" sync "barheavy's largest category"
# skewed: warp 0 runs a 400-step loop, the 7 others exit at once: the
# disparity is near 1, the others idle near 7/8 of the slowest warp's time
# and equalising would be several times faster.
awk -v m="$(val "$TMP/p.txt" kernel.1.warp_disparity.mean)" \
    -v i="$(val "$TMP/p.txt" kernel.1.warp_disparity.idle_share)" \
    -v e="$(val "$TMP/p.txt" kernel.1.warp_disparity.equalize_speedup)" \
    'BEGIN { exit !(m > 0.9 && m < 1 && i > 0.75 && i < 0.875 && e > 4 && e < 8) }' ||
  fail "skewed disparity: $(grep 'kernel.1.warp_disparity' "$TMP/p.txt")"
expect_eq "$(val "$TMP/p.txt" kernel.1.warp_disparity.ctas)" 2 "skewed CTAs"

# chase: one warp walking a pointer chain, every load missing the L1.
expect_exit 0 "$SIMTREF" run "$SRC/tests/timing/chase.yaml" -o "$TMP" --stats "$TMP/c.txt"
check_sums "$TMP/c.txt" kernel.1.
expect_eq "$(largest "$TMP/c.txt" kernel.1.)" data_miss "chase's largest category"

# The MSHR category: a 1-entry MSHR file under a streaming kernel makes
# memory instructions wait for the LD/ST unit's reservations.
expect_exit 0 "$SIMTREF" run bfs -s l1d.mshr_entries=1 --stats "$TMP/m.txt"
check_sums "$TMP/m.txt" ""
awk -v x="$(val "$TMP/m.txt" probe.mshr)" 'BEGIN { exit !(x > 0) }' ||
  fail "bfs with one MSHR: probe.mshr = $(val "$TMP/m.txt" probe.mshr)"

[ "$failures" = 0 ]
