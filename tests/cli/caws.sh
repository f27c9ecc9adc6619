# The criticality profile (--profile-criticality) and the CAWS oracle schedulers
# (sm.warp_scheduler caws_blk, caws_sm, caws_avg; docs/units/wsched_caws.md): a profile of an
# RR run drives each of them and the runs pass and are deterministic; every kind of bad
# profile is refused before or at the launch it concerns, naming the file (and line) and what
# differs; and the boost does what it should on a kernel whose warp 0 does twice the work.
. "$(dirname "$0")/lib.inc"

P=$TMP/bfs.csv
expect_exit 0 "$SIMTREF" run bfs -s sm.warp_scheduler=lrr --profile-criticality "$P"
expect_in "$TMP/out" "criticality profile: $P"
[ -f "$P.tmp" ] && fail "a temporary profile was left behind"
head -1 "$P" > "$TMP/h1"
expect_in "$TMP/h1" "# simtref criticality profile v1"
expect_in "$P" "# workload: bfs --size small --seed 1"
expect_in "$P" "# launch: 0 bfs_expand grid 8 1 1 block 512 1 1"
expect_in "$P" "launch,kernel,cta,warp,sm,time,scheduling,sync,fetch,ctrl,data,data_miss,mshr,structural,exec"
# One row per warp: 16 launches of 8 CTAs of 16 warps.
rows=$(grep -c '^[0-9]' "$P")
expect_eq "$rows" 2048 "profile rows"
# The categories of a warp sum to its residency, at least its execution time.
awk -F, '/^[0-9]/ { s = 0; for (i = 7; i <= 15; i++) s += $i; if (s < $6) bad++ }
         END { exit bad > 0 }' "$P" || fail "a warp's probe categories sum below its time"
# Deterministic bytes.
expect_exit 0 "$SIMTREF" run bfs -s sm.warp_scheduler=lrr --profile-criticality "$TMP/bfs2.csv"
cmp -s "$P" "$TMP/bfs2.csv" || fail "two profiles of the same run differ"

# Each CAWS policy runs on it, passes, and reports its statistics; twice the same.
drop='wall_seconds\|sim_thread_insts_per_second\|sim_cycles_per_second\|host_peak_rss_bytes'
for pol in caws_blk caws_sm caws_avg; do
  for k in 1 2; do
    expect_exit 0 "$SIMTREF" run bfs -s sm.warp_scheduler=$pol -s sm.caws_profile="$P" \
      --stats "$TMP/$pol-$k.txt"
    expect_in "$TMP/out" "verdict: PASS"
    grep -v "$drop" "$TMP/$pol-$k.txt" > "$TMP/$pol-$k.stats"
  done
  cmp -s "$TMP/$pol-1.stats" "$TMP/$pol-2.stats" || fail "$pol: two runs' statistics differ"
  expect_in "$TMP/$pol-1.txt" "caws.inversion = "
  expect_in "$TMP/$pol-1.txt" "caws.ctas = 128"
  expect_in "$TMP/$pol-1.txt" "caws.warps = 2048"
done
expect_in "$TMP/caws_blk-1.txt" "caws.boosted_warps = 128"

# ---- bad input ----------------------------------------------------------------------------
expect_exit 2 "$SIMTREF" run bfs -s sm.warp_scheduler=caws_blk
expect_in "$TMP/err" "sm.warp_scheduler caws_blk needs sm.caws_profile"
expect_exit 2 "$SIMTREF" run bfs -s sm.warp_scheduler=caws_avg -s sm.caws_profile="$TMP/none.csv"
expect_in "$TMP/err" "$TMP/none.csv: cannot read the criticality profile (sm.caws_profile): No such file"
mkdir "$TMP/dir.csv"
expect_exit 2 "$SIMTREF" run bfs -s sm.warp_scheduler=caws_avg -s sm.caws_profile="$TMP/dir.csv"
expect_in "$TMP/err" "$TMP/dir.csv: cannot read the criticality profile"
# Malformed: a letter in a number (line 25, column of the time field), a missing field.
sed '25s/^\([0-9]*,[a-z_]*,[0-9]*,[0-9]*,[0-9]*,\)/\1x/' "$P" > "$TMP/bad1.csv"
expect_exit 2 "$SIMTREF" run bfs -s sm.warp_scheduler=caws_blk -s sm.caws_profile="$TMP/bad1.csv"
expect_in "$TMP/err" "$TMP/bad1.csv:25:"
expect_in "$TMP/err" "criticality profile: expected an execution time"
sed '30s/,[0-9]*$//' "$P" > "$TMP/bad2.csv"
expect_exit 2 "$SIMTREF" run bfs -s sm.warp_scheduler=caws_blk -s sm.caws_profile="$TMP/bad2.csv"
expect_in "$TMP/err" "$TMP/bad2.csv:30:"
expect_in "$TMP/err" "15 fields in all"
sed '1s/v1/v7/' "$P" > "$TMP/bad3.csv"
expect_exit 2 "$SIMTREF" run bfs -s sm.warp_scheduler=caws_blk -s sm.caws_profile="$TMP/bad3.csv"
expect_in "$TMP/err" "$TMP/bad3.csv:1:1: error: criticality profile: not a simtref criticality profile of version 1"
# Another workload, another seed.
expect_exit 0 "$SIMTREF" run histo -s sm.warp_scheduler=lrr --profile-criticality "$TMP/histo.csv"
expect_exit 2 "$SIMTREF" run bfs -s sm.warp_scheduler=caws_sm -s sm.caws_profile="$TMP/histo.csv"
expect_in "$TMP/err" "the criticality profile is of workload 'histo --size small --seed 1', this run is 'bfs --size small --seed 1'"
expect_exit 2 "$SIMTREF" run bfs --seed 2 -s sm.warp_scheduler=caws_sm -s sm.caws_profile="$P"
expect_in "$TMP/err" "this run is 'bfs --size small --seed 2'"
# Another kernel at a launch, another grid or block shape.
sed 's/^# launch: 2 bfs_expand /# launch: 2 bfs_other /; s/^2,bfs_expand,/2,bfs_other,/' "$P" \
  > "$TMP/kern.csv"
expect_exit 2 "$SIMTREF" run bfs -s sm.warp_scheduler=caws_blk -s sm.caws_profile="$TMP/kern.csv"
expect_in "$TMP/err" "criticality profile: launch 2 is kernel bfs_other there, bfs_expand in this run"
sed 's/^# launch: 1 bfs_advance grid 8 1 1/# launch: 1 bfs_advance grid 9 1 1/' "$P" > "$TMP/grid.csv"
expect_exit 2 "$SIMTREF" run bfs -s sm.warp_scheduler=caws_blk -s sm.caws_profile="$TMP/grid.csv"
expect_in "$TMP/err" "launch 1 (bfs_advance) has grid 9 1 1 block 512 1 1 there, grid 8 1 1 block 512 1 1 in this run"
expect_in "$TMP/err" "$TMP/grid.csv:6:"
# A launch, a warp the run has that the profile lacks.
grep -v '^# launch: 1[0-5] \|^1[0-5],' "$P" > "$TMP/short.csv"
expect_exit 2 "$SIMTREF" run bfs -s sm.warp_scheduler=caws_avg -s sm.caws_profile="$TMP/short.csv"
expect_in "$TMP/err" "the criticality profile has 10 launches; this run's launch 10 (kernel bfs_expand) is not in it"
grep -v '^3,bfs_advance,5,7,' "$P" > "$TMP/nowarp.csv"
expect_exit 2 "$SIMTREF" run bfs -s sm.warp_scheduler=caws_avg -s sm.caws_profile="$TMP/nowarp.csv"
expect_in "$TMP/err" "launch 3 (bfs_advance) lacks CTA 5 warp 7, which this run has"
# The profile needs timing mode.
expect_exit 2 "$SIMTREF" run bfs --functional --profile-criticality "$TMP/f.csv"
expect_in "$TMP/err" "the criticality profile needs timing mode"
[ -e "$TMP/f.csv" ] && fail "a profile was written for a refused run"

# ---- behaviour ----------------------------------------------------------------------------
# caws.yaml: warp 0 of each CTA does twice the others' work; the fetch stage is widened so
# that the issue scheduler, not the fetch arbiter, decides the warps' shares.
W=$SRC/tests/cli/caws/caws.yaml
F="-s sm.fetch_width=8 -s sm.ibuffer_size=16"
# shellcheck disable=SC2086
expect_exit 0 "$SIMTREF" run "$W" $F -s sm.warp_scheduler=lrr --profile-criticality "$TMP/w.csv"
# The oracle names warp 0 of every CTA critical; its RR time is the CTA's.
awk -F, '/^[0-9]/ { if ($6 > t[$3]) { t[$3] = $6; w[$3] = $4 } }
         END { for (c in w) if (w[c] != 0) bad++; exit bad > 0 }' "$TMP/w.csv" ||
  fail "warp 0 is not the slowest warp of every CTA under RR"
val() { awk -v k="$2" '$1 == k { print $3 }' "$1"; }
run_caws() { # NAME POLICY CRIT NORMAL FAST
  # shellcheck disable=SC2086
  expect_exit 0 "$SIMTREF" run "$W" $F -s sm.warp_scheduler=$2 -s sm.caws_profile="$TMP/w.csv" \
    -s sm.caws.reset_critical=$3 -s sm.caws.reset_normal=$4 -s sm.caws.reset_fast=$5 \
    --stats "$TMP/$1.txt" --profile-criticality "$TMP/$1.csv"
}
run_caws boost caws_blk 40 48 60
run_caws flat caws_blk 48 48 48
run_caws flat_avg caws_avg 48 48 48
run_caws max caws_blk 0 63 63
expect_in "$TMP/boost.txt" "caws.boosted_warps = 90"
expect_in "$TMP/boost.txt" "caws.inversion = 0.000000"
# Equal reset values: the levels change nothing, whichever policy computes them.
expect_eq "$(val "$TMP/flat_avg.txt" cycles)" "$(val "$TMP/flat.txt" cycles)" \
  "cycles of caws_avg and caws_blk with every reset 48"
expect_eq "$(val "$TMP/flat_avg.txt" caws.crit_warp_cycles)" \
  "$(val "$TMP/flat.txt" caws.crit_warp_cycles)" "critical warps' time, every reset 48"
# The boost shortens the critical warps: 40/48 against 48/48, and far more with 0/63
# (the critical warp first whenever it is ready): below 0.6 of its RR time.
awk -v b="$(val "$TMP/boost.txt" caws.crit_warp_cycles)" \
    -v f="$(val "$TMP/flat.txt" caws.crit_warp_cycles)" 'BEGIN { exit !(b < f) }' ||
  fail "the 40/48 boost did not shorten the critical warps ($(val "$TMP/boost.txt" caws.crit_warp_cycles) vs $(val "$TMP/flat.txt" caws.crit_warp_cycles))"
rr=$(awk -F, '/^[0-9]/ && $4 == 0 { s += $6; n++ } END { print s / n }' "$TMP/w.csv")
awk -v m="$(val "$TMP/max.txt" caws.crit_warp_cycles)" -v r="$rr" 'BEGIN { exit !(m < 0.6 * r) }' ||
  fail "the 0/63 boost left the critical warps at $(val "$TMP/max.txt" caws.crit_warp_cycles) cycles (RR $rr)"
finish
