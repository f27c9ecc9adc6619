#!/bin/sh
# DTBL's group launch (docs/units/dtbl.md) on tests/dtbl/dtbl.cu, on k20c:
#  - tree: groups that join their own kernel, three levels deep from one
#    block: the results against the program's semantics (worked out here),
#    in functional and timing mode; on one SM (every launching thread is
#    lane 0 of its own warp slot) every group joins the resident kernel
#    (one kernel-distributor entry, no AGT conflict); with a 16-entry table
#    the launching threads' hardware ids collide: conflicts counted, groups
#    refused and launched as kernels (dtbl.overflow kernel) or kept in
#    global memory (dtbl.overflow global), the same results; on 13 SMs the
#    SMs' same hardware ids collide in the one table; two runs give
#    identical statistics; the call's latency is dtbl.launch_b + launch_a;
#  - expand: every thread launches a group of a separate kernel; its blocks
#    run on the launching block's SM under laperm_smxbind (also with one
#    on-chip queue entry per SM) and not all of them under rr;
#  - errors (tests/dtbl/dtbl_errors.cu): a GPU without DTBL, a bad block
#    shape, a buffer made for another kernel, an address that is no kernel:
#    exit 1, the CUDA error, the launching thread and PTX line, no output.
#   sh dtbl.sh PATH/TO/simtref SOURCE_DIR
. "$(dirname "$0")/lib.inc"
stat_of() { sed -n "s/^$2 = //p" "$1"; }
cat > "$TMP/tree.yaml" <<YAML
ptx: $SRC/tests/dtbl/dtbl.ptx
buffers:
  out: {bytes: 1024, init: zero, output: out.bin}
launches:
  - entry: tree
    grid: 1
    block: 32
    params: [{buffer: out}, {u32: 0}]
YAML
# Level l has 2^l blocks in 2^(l-1) groups of two (l > 0); block b of a
# group adds l + 1 to out[l * 64 + b].
awk 'BEGIN { for (i = 0; i < 256; i++) v[i] = 0; v[0] = 1
       for (l = 1; l <= 3; l++) for (b = 0; b < 2; b++) v[l * 64 + b] = 2 ^ (l - 1) * (l + 1)
       for (i = 0; i < 256; i++) print v[i] }' > "$TMP/want"
got() { od -An -tu4 -v -w4 "$TMP/out.bin" | tr -d ' ' > "$TMP/got"; }
for mode in --functional ""; do
  rm -f "$TMP/out.bin"
  expect_exit 0 "$SIMTREF" run "$TMP/tree.yaml" -c k20c $mode --stats "$TMP/s.txt"
  got
  cmp -s "$TMP/got" "$TMP/want" || { fail "tree results differ ($mode)"; diff "$TMP/got" "$TMP/want" | head >&2; }
  expect_eq "$(stat_of "$TMP/s.txt" dtbl.groups)" 7 "groups ($mode)"
  expect_eq "$(stat_of "$TMP/s.txt" dtbl.group_ctas)" 14 "group blocks ($mode)"
  expect_eq "$(stat_of "$TMP/s.txt" cdp.launches)" 0 "no kernel launches ($mode)"
done
expect_eq "$(stat_of "$TMP/s.txt" dtbl.launch_agg.latency_avg)" 33.000000 "one lane's cudaLaunchAggGroup"
# 13 SMs: thread 0 of warp slot 0 on each SM has hardware id 0.
c=$(stat_of "$TMP/s.txt" agt.conflicts)
[ "${c:-0}" -gt 0 ] || fail "no conflicts between the SMs' equal hardware ids"
expect_eq $(($(stat_of "$TMP/s.txt" agt.hits) + c)) "$(stat_of "$TMP/s.txt" agt.joins)" "hits + conflicts = joins"
expect_eq "$(stat_of "$TMP/s.txt" dtbl.groups_as_kernels)" "$c" "refused groups go on as kernels"
ONE="-s gpu.num_clusters=1"
rm -f "$TMP/out.bin"
expect_exit 0 "$SIMTREF" run "$TMP/tree.yaml" -c k20c $ONE --stats "$TMP/s1.txt"
got
cmp -s "$TMP/got" "$TMP/want" || fail "tree results differ (one SM)"
expect_eq "$(stat_of "$TMP/s1.txt" dtbl.groups_coalesced)" 7 "every group joins the resident kernel"
expect_eq "$(stat_of "$TMP/s1.txt" dtbl.kde_hit_rate)" 1.000000 "KDE hit rate"
expect_eq "$(stat_of "$TMP/s1.txt" kd.occupancy_max)" 1 "one kernel-distributor entry"
expect_eq "$(stat_of "$TMP/s1.txt" agt.conflicts)" 0 "no AGT conflicts with 1024 entries"
expect_eq "$(stat_of "$TMP/s1.txt" agt.frees)" 7 "every entry freed"
"$SIMTREF" run "$TMP/tree.yaml" -c k20c --stats "$TMP/s2.txt" >/dev/null 2>&1
grep -v -E 'wall|per_second|host_peak_rss' "$TMP/s.txt" > "$TMP/a"
grep -v -E 'wall|per_second|host_peak_rss' "$TMP/s2.txt" > "$TMP/b"
cmp -s "$TMP/a" "$TMP/b" || fail "two timing runs give different statistics"
# A 16-entry table: thread 0 of every block hashes to entry 0.
for ovf in kernel global; do
  rm -f "$TMP/out.bin"
  expect_exit 0 "$SIMTREF" run "$TMP/tree.yaml" -c k20c $ONE -s dtbl.agt_entries=16 \
    -s dtbl.overflow=$ovf --stats "$TMP/s16.txt"
  got
  cmp -s "$TMP/got" "$TMP/want" || fail "tree results differ (16 entries, $ovf)"
  c=$(stat_of "$TMP/s16.txt" agt.conflicts)
  [ "${c:-0}" -gt 0 ] || fail "no AGT conflicts with 16 entries ($ovf)"
  if [ $ovf = kernel ]; then
    expect_eq "$(stat_of "$TMP/s16.txt" agt.refused)" "$c" "refused = conflicts ($ovf)"
    k=$(stat_of "$TMP/s16.txt" dtbl.groups_as_kernels)
    expect_eq "$k" "$c" "refused groups go on as kernels"
  else
    expect_eq "$(stat_of "$TMP/s16.txt" agt.refused)" 0 "none refused ($ovf)"
    expect_eq "$(stat_of "$TMP/s16.txt" dtbl.groups_coalesced)" 7 "all join ($ovf)"
  fi
done
# amr's groups with records in global memory: each is handed out in its
# kernel's order after its record's load.
expect_exit 0 "$SIMTREF" run amr --variant dtbl -c k20c -s dtbl.overflow=global --stats "$TMP/g.txt"
expect_in "$TMP/out" "verdict: PASS"
r=$(stat_of "$TMP/g.txt" agt.conflicts)
[ "${r:-0}" -gt 0 ] || fail "amr with dtbl.overflow global: no group kept in global memory"
expect_eq "$(stat_of "$TMP/g.txt" agt.refused)" 0 "amr with dtbl.overflow global: none refused"
# expand: 4 blocks x 32 threads, each launching a group of 3 blocks of child.
cat > "$TMP/expand.yaml" <<YAML
ptx: $SRC/tests/dtbl/dtbl.ptx
buffers:
  a: {bytes: 512, init: zero, output: a.bin}
  sm: {bytes: 8, init: zero, output: sm.bin}
launches:
  - entry: parent
    grid: 4
    block: 32
    params: [{buffer: a}, {u32: 80}, {buffer: sm}]
YAML
# LaPerm with one on-chip queue entry per SM: the rest wait in global memory.
for pol in rr laperm_smxbind laperm_tbpri laperm_adaptive laperm_smxbind,1; do
  q=${pol#*,}; pol=${pol%,*}; [ "$q" = "$pol" ] && q=128
  expect_exit 0 "$SIMTREF" run "$TMP/expand.yaml" -c k20c -s cta_scheduler.policy=$pol \
    -s cdp.pending_limit=4096 -s laperm.queue_entries=$q
  a=$(od -An -tu4 -v -w4 "$TMP/a.bin" | tr -d ' ' | sort | uniq -c | awk '{print $1 "x" $2}' | tr '\n' ' ')
  expect_eq "$a" "48x0 80x128 " "expand results ($pol)"
  set -- $(od -An -tu4 -w8 "$TMP/sm.bin")
  expect_eq $(($1 + $2)) 384 "child blocks counted ($pol)"
  case $pol in
  laperm_smxbind) expect_eq "$2" 0 "child blocks off their parent's SM under SMX-Bind" ;;
  rr) [ "$2" -gt 0 ] || fail "rr ran every child block on its parent's SM" ;;
  esac
done
# The LaPerm unit's generic trace: a line per decision.
expect_exit 0 "$SIMTREF" run "$TMP/expand.yaml" -c k20c -s cta_scheduler.policy=laperm_adaptive \
  -s cdp.pending_limit=4096 --trace laperm:"$TMP/lp.csv"
expect_in "$TMP/lp.csv" "cycle,instance,in.smx,in.ne0,in.ne,in.cnt,in.take,out.valid"
[ "$(grep -c ',laperm,' "$TMP/lp.csv")" -ge 384 ] || fail "the laperm trace has fewer lines than blocks"
# Errors.
run_err() { # ENTRY MODE [OPTIONS]
  cat > "$TMP/e.yaml" <<YAML
ptx: $SRC/tests/dtbl/dtbl_errors.ptx
buffers:
  out: {bytes: 64, init: zero}
  code: {bytes: 4, init: zero, output: code.bin}
launches:
  - entry: $1
    grid: 1
    block: 1
    params: [{buffer: out}, {buffer: code}]
YAML
  entry=$1
  shift
  rm -f "$TMP/code.bin"
  expect_exit 1 "$SIMTREF" run "$TMP/e.yaml" "$@"
  [ ! -e "$TMP/code.bin" ] || fail "$entry: an output file was written"
  # the PTX line of the call
  line=$(awk -v e="$entry" '$0 ~ "^.visible .entry " e "\\(" {f = 1} f && /cudaLaunchAggGroup, $/ {print NR; exit}' \
    "$SRC/tests/dtbl/dtbl_errors.ptx")
  expect_in "$TMP/err" "kernel $entry, CTA (0, 0, 0), thread (0, 0, 0), at $SRC/tests/dtbl/dtbl_errors.ptx:$((line - 1))"
}
for mode in --functional ""; do
  run_err bad_shape -c k20c $mode
  expect_in "$TMP/err" "device launch failed with cudaErrorInvalidConfiguration (9): group launch of leaf with grid (1, 1, 1), block (0, 1, 1)"
  run_err wrong_buffer -c k20c $mode
  expect_in "$TMP/err" "cudaErrorInvalidDeviceFunction (98): cudaLaunchAggGroup of leaf with a parameter buffer made for other"
  run_err no_kernel -c k20c $mode
  expect_in "$TMP/err" "cudaErrorInvalidDeviceFunction (98): cudaLaunchAggGroup of 0x"
  run_err bad_shape -c k20c -s dtbl.enable=false $mode
  expect_in "$TMP/err" "cudaErrorNotSupported (801): cudaLaunchAggGroup: this GPU has no dynamic thread-block launch"
done
# An AGT size that is not a power of two is a configuration error.
expect_exit 2 "$SIMTREF" run "$TMP/tree.yaml" -c k20c -s dtbl.agt_entries=1000
expect_in "$TMP/err" "dtbl.agt_entries 1000 is not a power of two"
finish
