#!/bin/sh
# tools/peers/gpgpusim.sh without GPGPU-Sim: `collect` turns a GPGPU-Sim log
# (gpgpusim-bfs-excerpt.log: the statistics lines of bfs's first three
# launches, cold start, GTX480, as GPGPU-Sim 4.2 dev printed them) into the
# expected CSV, per launch, with the cumulative counters differenced; bad
# uses (no source directory, GPGPU-Sim not built, no log) fail with exit 2
# and say why; `compare` sets the launches beside simtref's statistics.
#   sh gpgpusim_peer.sh PATH/TO/simtref SOURCE_DIR
. "$(dirname "$0")/../cli/lib.inc"
PEER="$SRC/tools/peers/gpgpusim.sh"
DATA="$SRC/tests/peers"

# collect: a run directory (the workload is the directory's name) ...
mkdir -p "$TMP/runs/bfs"
cp "$DATA/gpgpusim-bfs-excerpt.log" "$TMP/runs/bfs/gpgpusim.log"
expect_exit 0 sh "$PEER" collect "$TMP/runs/bfs"
cmp -s "$TMP/out" "$DATA/gpgpusim-bfs-expected.csv" || {
  fail "collect: CSV differs from gpgpusim-bfs-expected.csv"
  diff "$DATA/gpgpusim-bfs-expected.csv" "$TMP/out" >&2
}
# ... figures worked out by hand from the excerpt: launch 1 (bfs_advance)
# L1D 278-142 accesses, 79-41 misses; DRAM (38+24+20+32+24+28 = 166
# commands) x 64 bytes in launch 0, at 700 MHz over 3118 cycles.
expect_in "$TMP/out" "bfs,1,bfs_advance,1144,69654,60.8864,136,38,0.2794,"
expect_in "$TMP/out" ",10624,2.3851"
expect_eq "$(wc -l < "$TMP/out" | tr -d ' ')" 4 "collect: header + 3 launches"
# ... and the workload named in peer.txt, as `run` writes it, over two runs.
mkdir -p "$TMP/runs/other"
cp "$DATA/gpgpusim-bfs-excerpt.log" "$TMP/runs/other/gpgpusim.log"
echo "workload=renamed" > "$TMP/runs/other/peer.txt"
expect_exit 0 sh "$PEER" collect "$TMP/runs/bfs" "$TMP/runs/other"
expect_in "$TMP/out" "renamed,0,bfs_expand,3118,"
expect_eq "$(grep -c '^bfs,' "$TMP/out")" 3 "collect: launches of the first run"
expect_eq "$(grep -c '^renamed,' "$TMP/out")" 3 "collect: launches of the second run, indices from 0"
expect_in "$TMP/out" "renamed,2,bfs_expand,"

# compare: beside simtref's text statistics (a hand-written excerpt), launch by launch.
cat > "$TMP/bfs.stats" <<'END'
workload = bfs
cycles = 7952
kernel.0.name = bfs_expand
kernel.0.cycles = 2790
kernel.0.ipc = 30.848029
kernel.0.l1d.miss_rate = 0.288732
kernel.0.l2.miss_rate = 0.613333
kernel.0.dram.gbytes_per_second = 1.476833
kernel.1.name = bfs_advance
kernel.1.cycles = 1125
kernel.1.ipc = 65.557333
kernel.1.l1d.miss_rate = 0.279412
kernel.1.l2.miss_rate = 0.471429
kernel.1.dram.gbytes_per_second = 2.627478
kernel.2.name = bfs_expand
kernel.2.cycles = 4037
kernel.2.ipc = 21.365370
kernel.2.l1d.miss_rate = 0.377551
kernel.2.l2.miss_rate = 0.337500
kernel.2.dram.gbytes_per_second = 0.599077
END
expect_exit 0 sh "$PEER" compare "$TMP/runs/bfs" "$TMP/bfs.stats"
expect_in "$TMP/out" "launch,kernel,simtref_cycles,gpgpusim_cycles,cycle_ratio,"
expect_in "$TMP/out" "0,bfs_expand,2790,3118,1.118,30.8480,26.2877,0.2887,0.2887,0.6133,0.6320,1.4768,2.3851"
expect_in "$TMP/out" "2,bfs_expand,4037,5089,1.261,"
expect_empty "$TMP/err"
sed 's/^kernel.1.name = bfs_advance/kernel.1.name = other/' "$TMP/bfs.stats" > "$TMP/renamed.stats"
expect_exit 0 sh "$PEER" compare "$TMP/runs/bfs" "$TMP/renamed.stats"
expect_in "$TMP/err" "warning: launch 1 is other in simtref, bfs_advance in GPGPU-Sim"
sed 's/^workload = bfs/workload = hot/' "$TMP/bfs.stats" > "$TMP/hot.stats"
expect_exit 2 sh "$PEER" compare "$TMP/runs/bfs" "$TMP/hot.stats"
expect_in "$TMP/err" "simtref's run of 'hot', '$TMP/runs/bfs' GPGPU-Sim's run of 'bfs'"
echo '{"cycles": 1}' > "$TMP/bfs.json"
expect_exit 2 sh "$PEER" compare "$TMP/runs/bfs" "$TMP/bfs.json"
expect_in "$TMP/err" "give the text form of simtref run --stats"

# DRAM bytes count the L2's write-backs (n_wr_bk) too: (1 read + 2 writes + 5
# write-backs) x 64-byte atoms = 512 bytes over 700 cycles at 700 MHz.
mkdir -p "$TMP/runs/wb"
printf -- '-gpgpu_clock_domains 700.0:700.0:700.0:924.0\n-gpgpu_dram_burst_length 8\n-gpgpu_dram_buswidth 4\n-gpgpu_n_mem_per_ctrlr 2\nkernel_name = k\ngpu_sim_cycle = 700\ngpu_sim_insn = 10\ngpu_ipc = 0.0143\nn_cmd=9 n_nop=1 n_act=1 n_pre=0 n_ref_event=0 n_req=8 n_rd=1 n_rd_L2_A=0 n_write=2 n_wr_bk=5 bw_util=0.5\n' > "$TMP/runs/wb/gpgpusim.log"
expect_exit 0 sh "$PEER" collect "$TMP/runs/wb"
expect_in "$TMP/out" "wb,0,k,700,10,0.0143,0,0,,0,0,,512,0.5120"

# issue: the last warp-issue distribution of a run (an earlier one is ignored):
# 10 stall + 20 idle + 30 scoreboard + (5 + 35) issued = 100 slots.
mkdir -p "$TMP/runs/dist"
printf 'Stall:1\tW0_Idle:1\tW0_Scoreboard:1\tW1:1\nStall:10\tW0_Idle:20\tW0_Scoreboard:30\tW1:5\tW2:0\tW32:35\n' > "$TMP/runs/dist/gpgpusim.log"
expect_exit 0 sh "$PEER" issue "$TMP/runs/dist"
expect_in "$TMP/out" "dist,100,40,10,20,30,0.4000,0.1000,0.2000,0.3000"
expect_exit 0 sh "$PEER" issue "$TMP/runs/bfs" "$TMP/runs/dist"
expect_in "$TMP/err" "has no warp-issue distribution; skipped"
expect_exit 2 sh "$PEER" issue "$TMP/nothing"
expect_in "$TMP/err" "no gpgpusim.log"

# Errors.
expect_exit 2 sh "$PEER" collect "$TMP/nothing"
expect_in "$TMP/err" "neither a run directory nor a log"
mkdir -p "$TMP/empty"
expect_exit 2 sh "$PEER" collect "$TMP/empty"
expect_in "$TMP/err" "no gpgpusim.log"
echo "GPGPU-Sim: *** exit detected ***" > "$TMP/empty.log"
expect_exit 2 sh "$PEER" collect "$TMP/empty.log"
expect_in "$TMP/err" "holds no GPGPU-Sim kernel statistics"
expect_in "$TMP/err" "no GPGPU-Sim kernel statistics in any of"
# A run that finished no launch (stopped by --timeout) among others is skipped.
expect_exit 0 sh "$PEER" collect "$TMP/empty.log" "$TMP/runs/bfs"
expect_in "$TMP/err" "warning: '$TMP/empty.log' holds no GPGPU-Sim kernel statistics"
expect_eq "$(wc -l < "$TMP/out" | tr -d ' ')" 4 "collect: header + bfs's 3 launches beside an empty log"
expect_exit 2 sh "$PEER" build "$TMP/no-such-source"
expect_in "$TMP/err" "GPGPU-Sim source directory '$TMP/no-such-source' does not exist"
expect_exit 2 sh "$PEER" build "$TMP/empty"
expect_in "$TMP/err" "is not a GPGPU-Sim source directory: no Makefile"
expect_exit 2 sh "$PEER" run --gpgpusim "$TMP/empty" "$TMP/runs/bfs" "$TMP/out-dir"
expect_in "$TMP/err" "GPGPU-Sim is not built in '$TMP/empty'"
[ -e "$TMP/out-dir" ] && fail "run: an output directory was made for an unbuilt GPGPU-Sim"
expect_exit 2 sh "$PEER" run --gpgpusim "$TMP/empty"
expect_in "$TMP/err" "usage:"
expect_exit 2 sh "$PEER" frobnicate
expect_in "$TMP/err" "unknown command 'frobnicate'"
finish
