# The unit registry from the command line: simtref units (listing, --check,
# --rtl-builds), simtref list's units, and --trace UNIT[:FILE] (a unit's own
# trace, the generic trace, and the refusals, which leave no file behind).
. "$(dirname "$0")/lib.inc"

expect_exit 0 "$SIMTREF" units
for u in wsched_lrr wsched_gto wsched_tls wsched_mwf fetch_rr fetch_cff wpt dyncta; do
  expect_in "$TMP/out" "  $u "
done
expect_in "$TMP/out" "in use with gtx480: 2 per SM, RTL parameters NW=24"
expect_in "$TMP/out" "selected by: sm.warp_scheduler=mwf_lrr|mwf_gto"
expect_exit 0 "$SIMTREF" units -c k20c -s sm.warp_scheduler=mwf_gto
expect_in "$TMP/out" "in use with k20c: 4 per SM, RTL parameters NW=16 NTB=16"
expect_exit 0 "$SIMTREF" units --check
expect_in "$TMP/out" "registry: 17 units"

# The RTL parameter sets a configuration needs: every policy combination.
expect_exit 0 "$SIMTREF" units --rtl-builds gtx480
expect_in "$TMP/out" "wsched_lrr NW=24"
expect_in "$TMP/out" "fetch_cff NWS=48 NS=2 NTB=8 CNT_W=6 AGE_W=6 MODE=3 SKIP_BAR=1"
expect_in "$TMP/out" "dyncta NTB=8 CNT_W=11 PERIOD=2048"
expect_in "$TMP/out" "wsched_gcaws NW=24 AGE_W=6 CRIT_W=24"
expect_in "$TMP/out" "wsched_caws NW=24 AGE_W=6 CNT_W=6 RST_CRIT=40 RST_NORM=48 RST_FAST=60"
expect_in "$TMP/out" "cpl NW=48 NS=2 NTB=8 NINST_W=16 CRIT_W=24"
expect_in "$TMP/out" "agt AGT_W=10 NKDE=8 EXE_W=16 LINK=0"
expect_in "$TMP/out" "laperm NS=15 L=4 MODE=2 CNT_W=16"
expect_in "$TMP/out" "dvfs NS=15 MAXW=48 S=500 THR=1500 FULL=24000 W=10 P=500 DRAIN=1 GLVL=1"
[ "$(grep -c . "$TMP/out")" -eq 23 ] || fail "gtx480 needs 23 RTL builds, got: $(cat "$TMP/out")"
expect_exit 0 "$SIMTREF" units --rtl-builds gtx480,sm.mwf_count_exited=true
expect_in "$TMP/out" "wpt NTB=8 NS=2 CNT_W=6 COUNT_EXITED=1"
expect_exit 0 "$SIMTREF" units --rtl-builds gtx480,sm.warp_scheduler=gto
[ "$(grep -c '^wsched_' "$TMP/out")" -eq 1 ] || fail "a fixed policy key is still enumerated"
expect_exit 2 "$SIMTREF" units --rtl-builds no-such-config
expect_in "$TMP/err" "no-such-config: no such config"
expect_exit 2 "$SIMTREF" units --rtl-builds gtx480,l1d.sise=4
expect_in "$TMP/err" "unknown key 'l1d.sise'"
expect_exit 2 "$SIMTREF" units --frob
expect_in "$TMP/err" "unknown option '--frob'"

expect_exit 0 "$SIMTREF" list
expect_in "$TMP/out" "units (the registry"
expect_in "$TMP/out" "dyncta      smctl   cta_scheduler.policy=dyncta"

# DYNCTA's own trace: a header, then one line per window, n within 1..8.
expect_exit 0 "$SIMTREF" run hot -s cta_scheduler.policy=dyncta --trace "dyncta:$TMP/n.csv"
expect_in "$TMP/n.csv" "kernel,name,window,cycle,drained,mean_n,paused,n0,n1"
[ "$(grep -c '^0,hotspot_step,' "$TMP/n.csv")" -ge 2 ] || fail "no window lines in $TMP/n.csv"

# The generic trace: one line per evaluation of each instance, with the
# unit's inputs, outputs and registers; the default file name.
(cd "$TMP" && "$SIMTREF" run bfs -c tiny --trace wsched_lrr >"$TMP/out" 2>"$TMP/err") ||
  fail "run with --trace wsched_lrr failed: $(cat "$TMP/err")"
expect_in "$TMP/wsched_lrr-trace.csv" "cycle,instance,in.ready,out.grant_valid,out.grant,out.key,state.last_valid,state.last"
grep -q '^[0-9]*,sm1.wsched0,' "$TMP/wsched_lrr-trace.csv" || fail "no line of sm1.wsched0"
# Tracing a unit sees every cycle: the statistics stay those of a plain run.
"$SIMTREF" run bfs -c tiny --stats "$TMP/plain.json" >/dev/null 2>&1
"$SIMTREF" run bfs -c tiny --trace "wsched_lrr:$TMP/t2.csv" --stats "$TMP/traced.json" >/dev/null 2>&1
grep -v 'wall_seconds\|per_second\|host_peak_rss' "$TMP/plain.json" >"$TMP/plain.stats"
grep -v 'wall_seconds\|per_second\|host_peak_rss' "$TMP/traced.json" >"$TMP/traced.stats"
cmp -s "$TMP/plain.stats" "$TMP/traced.stats" || fail "--trace changed the statistics"

# Refusals: exit 2 before anything runs, and no trace file left behind.
expect_exit 2 "$SIMTREF" run bfs --trace "bogus:$TMP/x.csv"
expect_in "$TMP/err" "--trace: no unit named 'bogus'"
expect_exit 2 "$SIMTREF" run bfs --trace "dyncta:$TMP/x.csv"
expect_in "$TMP/err" "--trace dyncta: the unit is not in use with this configuration"
expect_exit 2 "$SIMTREF" run bfs --functional --trace "wsched_lrr:$TMP/x.csv"
expect_in "$TMP/err" "units run in timing mode only"
expect_exit 2 "$SIMTREF" run bfs --trace ":$TMP/x.csv"
expect_in "$TMP/err" "--trace needs a unit name"
[ ! -e "$TMP/x.csv" ] && [ ! -e "$TMP/x.csv.tmp" ] || fail "a refused --trace left a file behind"
expect_exit 2 "$SIMTREF" run bfs --trace
expect_in "$TMP/err" "--trace needs a unit"

finish
