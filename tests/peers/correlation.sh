#!/bin/sh
# tools/peers/correlate.sh and correlation.py without GPGPU-Sim: a batch
# directory made by hand from the bfs excerpt (three launches: 3118 + 1144 +
# 5089 = 9351 GPGPU-Sim cycles) under three workload names, with simtref
# statistics written so that every figure of the report is known:
#   w1: simtref 9351 cycles (0% off), w2: 11221 (+20.0%), w3: 7481 (-20.0%)
#   MAPE of cycles = (0 + 20.0 + 20.0) / 3 = 13.3%
# and the per-launch rows, the cut and the wall times carried through; then
# the scripts' bad uses fail with exit 2.
#   sh correlation.sh PATH/TO/simtref SOURCE_DIR
. "$(dirname "$0")/../cli/lib.inc"
COR="$SRC/tools/peers/correlate.sh"
PY="$SRC/tools/peers/correlation.py"
LOG="$SRC/tests/peers/gpgpusim-bfs-excerpt.log"

B="$TMP/batch"
# One run: $1 workload, $2-$4 simtref cycles of the three launches.
mkrun() {
  d="$B/small/$1"
  mkdir -p "$d/gs"
  cp "$LOG" "$d/gs/gpgpusim.log"
  printf 'workload=%s\nwall_seconds=10.0\nexit_status=0\nreplay=replay: 3 launches, 1 device-to-host copies, 0 differ from simtref\nstopped_at_max_insts=0\n' "$1" > "$d/gs/peer.txt"
  printf 'simtref_exit=0\nsimtref_wall_seconds=0.50\n' > "$d/st.peer.txt"
  {
    echo "workload = $1"
    i=0
    for c in "$2" "$3" "$4"; do
      echo "kernel.$i.name = $(sed -n "$((i + 1))p" <<EOF
bfs_expand
bfs_advance
bfs_expand
EOF
)"
      echo "kernel.$i.cycles = $c"
      echo "kernel.$i.thread_insts = 1000"
      echo "kernel.$i.l1d.accesses = 100"
      echo "kernel.$i.l1d.misses = 40"
      echo "kernel.$i.l2.accesses = 50"
      echo "kernel.$i.l2.misses = 10"
      echo "kernel.$i.dram.reads = 20"
      echo "kernel.$i.dram.writes = 5"
      i=$((i + 1))
    done
  } > "$d/st.txt"
  echo ok > "$d/done"
}
mkrun w1 3118 1144 5089
mkrun w2 3742 1373 6106
mkrun w3 2494 915 4072
# A pair whose export failed is listed as not compared.
mkdir -p "$B/small/w4"; echo "export failed" > "$B/small/w4/done"
printf 'simtref=simtref test\ncommit=abc\ngpgpusim=667834cfe5\nbudgets=paper=10000000\nhost=test 2 cpus\n' > "$B/batch.txt"

expect_exit 0 python3 "$PY" --peer "$SRC/tools/peers/gpgpusim.sh" "$B" "$TMP/rep"
expect_in "$TMP/out" "3 workload runs, 9 launches compared, 1 left out"
W="$TMP/rep/correlation-workloads.csv"
L="$TMP/rep/correlation-launches.csv"
S="$TMP/rep/correlation-summary.md"
for f in "$W" "$L" "$S"; do [ -s "$f" ] || fail "report: $f missing or empty"; done
expect_eq "$(wc -l < "$L" | tr -d ' ')" 10 "launch rows: header + 3 x 3"
expect_in "$W" "small,w1,3,0,9351,9351,1,"
expect_in "$W" "small,w2,3,0,11221,9351,1.19998,"
expect_in "$W" "small,w3,3,0,7481,9351,0.800021,"
# 40 of 100 L1D accesses missed per launch in simtref: 0.4; GPGPU-Sim's
# three launches: (41 + 38 + 37) / (142 + 136 + 148) from the excerpt.
expect_in "$L" "small,w1,1,bfs_advance,0,1144,1144,"
# GPGPU-Sim's cycles are the same in all three runs: no correlation to give.
expect_in "$S" "| small | cycles | 3 | - | 13.3% | r of log10: - |"
expect_in "$S" "| 13.3% |"
expect_in "$S" "| small | w2 | 3 |  | 11221 | 9351 | 1.20 |"
expect_in "$S" "0.50 / 10.0 | match |"
# Speed: 1.5 s of simtref against 30 s of GPGPU-Sim.
expect_in "$S" "simtref took 1.5 s and GPGPU-Sim 30.0 s over these runs (20.0x)"
expect_in "$S" "small/w4: export failed"
if command -v gnuplot >/dev/null 2>&1; then
  for p in cycles launch-cycles rates; do
    [ -s "$TMP/rep/correlation-$p.png" ] || fail "report: correlation-$p.png missing"
  done
fi

# The statistics themselves, worked by hand: r of (1,2,3) with (1,3,2) is
# (1 + 0 + 0) / sqrt(2 x 2) = 0.5; MAPE of 110 and 90 against 100 and 100 is 10%.
expect_exit 0 python3 -c "
import sys; sys.path.insert(0, '$SRC/tools/peers'); import correlation as c
print(c.pearson([1, 2, 3], [1, 2, 3]), c.pearson([1, 2, 3], [3, 2, 1]), c.pearson([1, 2, 3], [1, 3, 2]),
      c.pearson([1, 2], [1, 2]), c.mape([110, 90], [100, 100]), c.geomean([2, 8]))"
expect_in "$TMP/out" "1.0 -1.0 0.5 nan 10.0 4.0"

# The same through correlate.sh report.
expect_exit 0 sh "$COR" report "$B" "$TMP/rep2"
cmp -s "$W" "$TMP/rep2/correlation-workloads.csv" || fail "correlate.sh report: other workload rows"

# Bad uses.
expect_exit 2 python3 "$PY" "$TMP/no-batch" "$TMP/rep3"
expect_in "$TMP/err" "no batch directory"
mkdir -p "$TMP/empty-batch/small"
expect_exit 2 python3 "$PY" "$TMP/empty-batch" "$TMP/rep3"
expect_in "$TMP/err" "has both simulators' figures"
expect_exit 2 sh "$COR" report "$TMP/no-batch" "$TMP/rep3"
expect_in "$TMP/err" "no batch directory"
expect_exit 2 sh "$COR" run --sizes huge --simtref "$SIMTREF" --gpgpusim "$TMP" "$TMP/b"
expect_in "$TMP/err" "GPGPU-Sim is not built"
mkdir -p "$TMP/fakegs"; echo "commit=x" > "$TMP/fakegs/simtref-peer.txt"
expect_exit 2 sh "$COR" run --sizes huge --simtref "$SIMTREF" --gpgpusim "$TMP/fakegs" "$TMP/b"
expect_in "$TMP/err" "unknown size 'huge'"
expect_exit 2 sh "$COR" run --max-insts big=3 "$TMP/b"
expect_in "$TMP/err" "is not SIZE=N"
expect_exit 2 sh "$COR" run --simtref "$SIMTREF" --gpgpusim "$TMP/fakegs" "$TMP/b" nosuchworkload
expect_in "$TMP/err" "unknown workload 'nosuchworkload'"
expect_exit 2 sh "$COR" simtref "$TMP/no-batch"
expect_in "$TMP/err" "no batch directory"
expect_exit 2 sh "$COR" simtref --frob "$B"
expect_in "$TMP/err" "unknown option '--frob'"
expect_exit 2 sh "$COR" frobnicate
expect_in "$TMP/err" "unknown command 'frobnicate'"
expect_exit 2 sh "$SRC/tools/peers/gpgpusim.sh" run --option bad "$TMP/x" "$TMP/y"
expect_in "$TMP/err" "is not 'NAME VALUE'"
expect_exit 2 sh "$SRC/tools/peers/gpgpusim.sh" run --max-insts 12x "$TMP/x" "$TMP/y"
expect_in "$TMP/err" "not a whole number"
finish
