# Paths have no length limit but the OS's, and outputs are checked before a
# run starts. In a directory under the build tree whose absolute path is over
# 300 characters (past every former fixed buffer: 63-character string
# options, 256-byte report names): a suite workload with --stats; a
# co-simulated run with cosim.trace_dir there (and a planted fault whose
# report and waveform must land there), where the build has co-simulation; a
# workload file and a config file copied there, run with -o; a sweep of an
# experiment file kept there, then collect and plot; simtref area --json and
# --keep, where yosys is installed. Then the checks before a run: an
# unwritable --stats (or -o, cosim.trace_dir, --trace, collect -o,
# area --json) stops the command at once with exit status 2, a message, no
# output on stdout and no file left behind; a string option longer than
# PATH_MAX - 1 is an error that names the limit.
. "$(dirname "$0")/lib.inc"

# A directory of the build tree (ctest runs this in build/tests).
BASE=$(pwd -P)/long-paths.$$
trap 'rm -rf "$TMP" "$BASE"' EXIT
seg=0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMN
DEEP=$BASE/$seg/$seg/$seg/$seg/$seg/$seg
mkdir -p "$DEEP" || { echo "cannot make $DEEP" >&2; exit 1; }
[ ${#DEEP} -ge 300 ] || fail "the deep directory is only ${#DEEP} characters long: $DEEP"
echo "deep directory: ${#DEEP} characters"
: >"$DEEP/plain-file" # a file where a directory is wanted

# expect_no_leftover FILE: neither FILE nor its temporary FILE.tmp exists.
expect_no_leftover() {
  [ ! -e "$1" ] || fail "left behind: $1"
  [ ! -e "$1.tmp" ] || fail "left behind: $1.tmp"
}

# ---- a suite workload, its statistics in the deep directory ----------------
expect_exit 0 "$SIMTREF" run histo -c tiny --stats "$DEEP/histo.txt"
expect_in "$TMP/out" "verdict: PASS"
expect_in "$DEEP/histo.txt" "workload = histo"
expect_no_leftover "$DEEP/histo.txt.tmp"
expect_exit 0 "$SIMTREF" run histo -c tiny --stats "$DEEP/histo.json"
expect_in "$DEEP/histo.json" '"workload": "histo"'

# ---- co-simulation: cosim.trace_dir in the deep directory ------------------
"$SIMTREF" run histo -c tiny --cosim all >"$TMP/out" 2>"$TMP/err"
if grep -q "co-simulation .* is not available" "$TMP/err"; then
  echo "skipped: co-simulation (this simtref was built without Verilator)"
else
  expect_exit 0 "$SIMTREF" run bfs --cosim all -s cosim.trace_dir="$DEEP/trace" \
    --stats "$DEEP/bfs-cosim.json"
  expect_in "$TMP/out" "verdict: PASS"
  expect_in "$DEEP/bfs-cosim.json" '"workload": "bfs"'
  # A planted fault: the report and the waveform go to the deep trace_dir,
  # made with its missing parents.
  expect_exit 1 "$SIMTREF" run bfs -s sm.warp_scheduler=mwf_gto -s sm.fetch_arbiter=cff \
    --cosim wsched:flip_cmp -s cosim.trace_dir="$DEEP/trace/fault/reports"
  expect_in "$TMP/err" "co-simulation mismatch at core cycle"
  expect_in "$TMP/err" "full report: $DEEP/trace/fault/reports/cosim-"
  txt=$(ls "$DEEP/trace/fault/reports"/cosim-*.txt 2>/dev/null | head -n 1)
  fst=$(ls "$DEEP/trace/fault/reports"/cosim-*.fst 2>/dev/null | head -n 1)
  if [ -z "$txt" ] || [ -z "$fst" ] || [ ! -s "$fst" ]; then
    fail "no mismatch report or waveform in $DEEP/trace/fault/reports"
  else
    expect_in "$txt" "inputs of the cycle:"
  fi
  # A trace_dir that cannot be made: refused before the run.
  expect_exit 2 "$SIMTREF" run bfs --cosim all -s cosim.trace_dir="$DEEP/plain-file/trace"
  expect_in "$TMP/err" "simtref run: error: cannot write the cosim.trace_dir directory $DEEP/plain-file/trace: Not a directory"
  expect_empty "$TMP/out"
fi

# ---- a workload file and a config file copied into the deep directory -------
mkdir -p "$DEEP/wl"
cp "$SRC/tests/timing/idle.yaml" "$SRC/tests/timing/micro.ptx" "$DEEP/wl/"
cp "$SRC/configs/tiny.yaml" "$DEEP/x.yaml"
expect_exit 0 "$SIMTREF" config -c tiny --hash
hash_tiny=$(cat "$TMP/out")
expect_exit 0 "$SIMTREF" config -c "$DEEP/x.yaml" --dump
expect_in "$TMP/out" "# source: $DEEP/x.yaml"
expect_eq "$(sed -n 's/^# hash: //p' "$TMP/out")" "$hash_tiny" "hash of the copied config"
expect_exit 0 "$SIMTREF" run "$DEEP/wl/idle.yaml" -c "$DEEP/x.yaml" -o "$DEEP/out" \
  --stats "$DEEP/idle.json"
expect_in "$TMP/out" "simtref run $DEEP/wl/idle.yaml on tiny"
expect_in "$TMP/out" "buffer out: written to $DEEP/out/idle_out.bin"
expect_in "$TMP/out" "verdict: PASS"
[ -s "$DEEP/out/idle_out.bin" ] || fail "no output buffer in $DEEP/out"
expect_in "$DEEP/idle.json" "\"workload\": \"$DEEP/wl/idle.yaml\""
# Without -o the output goes beside the workload file.
expect_exit 0 "$SIMTREF" run "$DEEP/wl/idle.yaml" -c "$DEEP/x.yaml"
[ -s "$DEEP/wl/idle_out.bin" ] || fail "no output buffer beside $DEEP/wl/idle.yaml"

# ---- a sweep of an experiment file kept in the deep directory --------------
cat >"$DEEP/deep.yaml" <<'EOT'
# One workload x two warp schedulers on a config file beside this one.
name: deep
workloads: [histo]
configs: [x.yaml]
variants:
  lrr: {sm.warp_scheduler: lrr}
  gto: {sm.warp_scheduler: gto}
baseline: lrr
EOT
expect_exit 0 "$SIMTREF" sweep "$DEEP/deep.yaml" -j 2 --runs "$DEEP/runs"
expect_in "$TMP/err" "sweep deep: 2 jobs: 2 done, 0 failed"
for v in lrr gto; do
  d=$DEEP/runs/deep/histo/x/$v
  for f in stats.json run.log config.yaml status.txt; do
    [ -s "$d/$f" ] || fail "missing or empty: $d/$f"
  done
  expect_in "$d/run.log" "-c $DEEP/x.yaml -s sm.warp_scheduler=$v --stats $d/stats.tmp.json"
done
expect_exit 0 "$SIMTREF" collect "$DEEP/runs/deep"
expect_in "$TMP/out" "experiment deep: 2 jobs: 2 done, 0 failed, 0 incomplete, 0 not run"
expect_in "$TMP/out" "wrote $DEEP/runs/deep/results.csv (2 rows,"
[ "$(wc -l <"$DEEP/runs/deep/results.csv")" -eq 3 ] || fail "results.csv: wanted 3 lines"
expect_exit 0 "$SIMTREF" collect "$DEEP/runs/deep" -o "$DEEP/results.csv"
[ -s "$DEEP/results.csv" ] && cmp -s "$DEEP/results.csv" "$DEEP/runs/deep/results.csv" ||
  fail "collect -o $DEEP/results.csv"
if command -v gnuplot >/dev/null 2>&1; then
  expect_exit 0 "$SIMTREF" plot "$DEEP/runs/deep" --out "$DEEP/plots/bars"
  expect_in "$TMP/out" "wrote $DEEP/plots/bars/ipc-x.svg"
  [ -s "$DEEP/plots/bars/ipc-x.svg" ] || fail "no $DEEP/plots/bars/ipc-x.svg"
else
  expect_exit 1 "$SIMTREF" plot "$DEEP/runs/deep" --out "$DEEP/plots/bars"
  expect_in "$TMP/err" "gnuplot not found"
fi
[ -s "$DEEP/plots/bars/ipc-x.dat" ] && [ -s "$DEEP/plots/bars/ipc-x.gp" ] ||
  fail "no plot data or script in $DEEP/plots/bars"

# ---- simtref area, where yosys is installed --------------------------------
if command -v yosys >/dev/null 2>&1; then
  expect_exit 0 "$SIMTREF" area fetch_rr -j 1 --json "$DEEP/a.json" --keep "$DEEP/keep/k"
  expect_in "$DEEP/a.json" '"unit": "fetch_rr"'
  expect_no_leftover "$DEEP/a.json.tmp"
  [ -s "$DEEP/keep/k/00-fetch_rr/cells.stat" ] || fail "no statistics kept in $DEEP/keep/k"
  expect_exit 2 "$SIMTREF" area fetch_rr --json "$DEEP/no-such-dir/a.json"
  expect_in "$TMP/err" "simtref area: error: cannot write the --json file $DEEP/no-such-dir/a.json: No such file or directory"
  expect_empty "$TMP/out"
  [ ! -e "$DEEP/no-such-dir" ] || fail "area --json made $DEEP/no-such-dir"
else
  echo "skipped: simtref area (yosys not installed)"
fi

# ---- outputs checked before the run ------------------------------------------
# A paper-size run on the GTX480 takes far longer than the check: a refusal
# within seconds, with nothing on stdout (the run's header line is printed
# before it simulates), shows that nothing ran.
now_ms() { date +%s%3N; }
t0=$(now_ms)
expect_exit 2 "$SIMTREF" run mm --size paper --stats "$DEEP/no-such-dir/stats.txt"
t1=$(now_ms)
expect_in "$TMP/err" "simtref run: error: cannot write the --stats file $DEEP/no-such-dir/stats.txt: No such file or directory (nothing was run)"
expect_empty "$TMP/out"
[ $((t1 - t0)) -lt 5000 ] || fail "the refusal took $((t1 - t0)) ms"
[ ! -e "$DEEP/no-such-dir" ] || fail "--stats made $DEEP/no-such-dir"

expect_exit 2 "$SIMTREF" run mm --size paper --stats "$DEEP/plain-file/stats.txt"
expect_in "$TMP/err" "cannot write the --stats file $DEEP/plain-file/stats.txt: Not a directory"
expect_empty "$TMP/out"

expect_exit 2 "$SIMTREF" run mm --size paper --stats "$DEEP/wl"
expect_in "$TMP/err" "cannot write the --stats file $DEEP/wl: it is a directory"
expect_no_leftover "$DEEP/wl.tmp"

expect_exit 2 "$SIMTREF" run mm --size paper --trace "wsched_lrr:$DEEP/no-such-dir/trace.csv"
expect_in "$TMP/err" "cannot write the --trace file $DEEP/no-such-dir/trace.csv"
expect_empty "$TMP/out"

# The --stats check passes, a later one (-o) fails: no statistics, no
# temporary file left behind.
expect_exit 2 "$SIMTREF" run "$DEEP/wl/idle.yaml" -c "$DEEP/x.yaml" --stats "$DEEP/early.txt" \
  -o "$DEEP/plain-file/out"
expect_in "$TMP/err" "cannot create the -o directory $DEEP/plain-file/out"
expect_empty "$TMP/out"
expect_no_leftover "$DEEP/early.txt"

expect_exit 2 "$SIMTREF" collect "$DEEP/runs/deep" -o "$DEEP/no-such-dir/r.csv"
expect_in "$TMP/err" "simtref collect: error: cannot write the -o file $DEEP/no-such-dir/r.csv"

# ---- string options: any length up to PATH_MAX - 1 --------------------------
long4095=$(head -c 4095 /dev/zero | tr '\0' n)
expect_exit 0 "$SIMTREF" config -s "gpu.name=$long4095" --hash
expect_exit 2 "$SIMTREF" config -s "cosim.trace_dir=${long4095}x" --hash
expect_in "$TMP/err" ":1:17: error: cosim.trace_dir: 4096 characters, longer than the limit of 4095 (PATH_MAX - 1)"
printf 'cosim:\n  trace_dir: %sx\n' "$long4095" >"$DEEP/long.yaml"
expect_exit 2 "$SIMTREF" config -c "$DEEP/long.yaml" --dump
expect_in "$TMP/err" "$DEEP/long.yaml:2:14: error: cosim.trace_dir: 4096 characters, longer than the limit of 4095"
expect_empty "$TMP/out"
finish
