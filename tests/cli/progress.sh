# The status line of `simtref run` (tools/simtref/progress.c): on a terminal
# (a pseudo-terminal from util-linux's script) stderr shows the kernel, its
# launch, cycles, thread instructions and the share of sim.max_insts done;
# --quiet, a pipe or a file get none; and the run's report and its --stats
# file are the same with the line and without it (the hook changes nothing).
# SIMTREF_PROGRESS_AFTER=0 draws it at once (the default waits 1 s).
. "$(dirname "$0")/lib.inc"

if ! command -v script >/dev/null 2>&1; then
  fail "script (util-linux, Debian package bsdutils) is not installed"
  finish
fi

ESC=$(printf '\033')


# report_of OUT: a run's stdout without its host-time line.
report_of() {
  grep -v -e '^  simulated .* s in .* s: ' -e '^  simulation: ' "$1"
}

# stats_of FILE: a --stats text file without the host-time keys (st_stat_is_wall).
stats_of() {
  grep -v -E '(^|\.)(wall_seconds|sim_thread_insts_per_second|sim_cycles_per_second|host_peak_rss_bytes) = ' "$1"
}

RUN="$SIMTREF run histo -c $SRC/configs/tiny.yaml -s sim.max_insts=600000"

# A terminal: the line, with the kernel, cycles, thread instructions, the
# budget's share; stdout (to a file) and stderr's other text unchanged.
on_tty "$TMP/tty.txt" "SIMTREF_PROGRESS_AFTER=0 $RUN --stats $TMP/tty-stats.txt >$TMP/tty-out.txt; echo exit=\$?"
expect_in "$TMP/tty.txt" "exit=3"
expect_in "$TMP/tty.txt" "kernel 1 histo_main"
expect_in "$TMP/tty.txt" " cycles | "
expect_in "$TMP/tty.txt" " thread insts | "
grep -q '[0-9]% of sim.max_insts' "$TMP/tty.txt" || fail "no share of sim.max_insts on the terminal"
grep -q "${ESC}\[K" "$TMP/tty.txt" || fail "the status line is not cleared to the end of the line"
# The line is erased before the error message that ends the run.
grep -q "${ESC}\[Kkernel histo_main stopped" "$TMP/tty.txt" ||
  fail "the line is not erased before the stop message"
expect_in "$TMP/tty-out.txt" "verdict: STOPPED"

# --quiet (and -q): nothing drawn.
for q in --quiet -q; do
  on_tty "$TMP/quiet.txt" "SIMTREF_PROGRESS_AFTER=0 $RUN $q >$TMP/quiet-out.txt; echo exit=\$?"
  expect_in "$TMP/quiet.txt" "exit=3"
  if grep -q -e "${ESC}\[K" -e "thread insts |" "$TMP/quiet.txt"; then
    fail "$q: a status line was drawn"
  fi
done

# A terminal that cannot clear a line (TERM=dumb): nothing drawn.
TTY_TERM=dumb
on_tty "$TMP/dumb.txt" "SIMTREF_PROGRESS_AFTER=0 $RUN >/dev/null; echo exit=\$?"
TTY_TERM=
expect_in "$TMP/dumb.txt" "exit=3"
grep -q -e "${ESC}\[K" -e "thread insts |" "$TMP/dumb.txt" && fail "TERM=dumb: a status line was drawn"

# The default delay (1 s): a short run draws nothing.
on_tty "$TMP/short.txt" "$RUN >/dev/null; echo exit=\$?"
expect_in "$TMP/short.txt" "exit=3"
grep -q "${ESC}\[K" "$TMP/short.txt" && fail "a run shorter than 1 s drew a status line"

# stderr to a file or a pipe: nothing, whatever the delay.
SIMTREF_PROGRESS_AFTER=0 $RUN --stats "$TMP/file-stats.txt" >"$TMP/file-out.txt" 2>"$TMP/file-err.txt"
expect_eq "$?" 3 "exit status with stderr to a file"
grep -q -e "${ESC}" -e "thread insts |" "$TMP/file-err.txt" && fail "stderr to a file got a status line"
SIMTREF_PROGRESS_AFTER=0 $RUN 2>&1 >/dev/null | cat >"$TMP/pipe-err.txt"
grep -q -e "${ESC}" -e "thread insts |" "$TMP/pipe-err.txt" && fail "stderr to a pipe got a status line"

# The same run with the line and without: the same report and statistics.
report_of "$TMP/tty-out.txt" >"$TMP/a.txt"
report_of "$TMP/file-out.txt" >"$TMP/b.txt"
cmp -s "$TMP/a.txt" "$TMP/b.txt" || fail "the report differs with a status line"
stats_of "$TMP/tty-stats.txt" >"$TMP/a.txt"
stats_of "$TMP/file-stats.txt" >"$TMP/b.txt"
[ -s "$TMP/a.txt" ] || fail "no --stats file from the run on a terminal"
cmp -s "$TMP/a.txt" "$TMP/b.txt" || fail "the --stats file differs with a status line"

# A workload file knows its launches (kernel N/2); a whole run, timing mode.
on_tty "$TMP/wl.txt" "SIMTREF_PROGRESS_AFTER=0 $SIMTREF run $SRC/tests/cli/probe/probe.yaml -c $SRC/configs/tiny.yaml >$TMP/wl-out.txt; echo exit=\$?"
expect_in "$TMP/wl.txt" "exit=0"
expect_in "$TMP/wl.txt" "kernel 1/2 barheavy"

# Functional mode: no cycles; the driver's log lines and the report come out
# whole on stdout.
on_tty "$TMP/func.txt" "SIMTREF_PROGRESS_AFTER=0 $SIMTREF run histo --functional --stats $TMP/func-stats.txt >$TMP/func-out.txt; echo exit=\$?"
expect_in "$TMP/func.txt" "exit=0"
expect_in "$TMP/func.txt" "kernel 1 histo_main | "
grep -q "histo_main | [^|]* cycles" "$TMP/func.txt" && fail "functional mode shows cycles"
"$SIMTREF" run histo --functional --stats "$TMP/func-stats2.txt" >"$TMP/func-out2.txt" 2>/dev/null
report_of "$TMP/func-out.txt" >"$TMP/a.txt"
report_of "$TMP/func-out2.txt" >"$TMP/b.txt"
cmp -s "$TMP/a.txt" "$TMP/b.txt" || fail "functional: the report differs with a status line"
stats_of "$TMP/func-stats.txt" >"$TMP/a.txt"
stats_of "$TMP/func-stats2.txt" >"$TMP/b.txt"
cmp -s "$TMP/a.txt" "$TMP/b.txt" || fail "functional: the --stats file differs with a status line"

# --help documents --quiet and the delay.
expect_exit 0 "$SIMTREF" run --help
expect_in "$TMP/out" "-q, --quiet"
expect_in "$TMP/out" "SIMTREF_PROGRESS_AFTER"

finish
