# The progress of `simtref sweep` on this machine (tools/simtref/sweep_pool.c):
# on a pipe every per-job line ends with the jobs done, running and left and
# an ETA; on a terminal (a pseudo-terminal from util-linux's script) those go
# to one status line below the per-job lines; --quiet there gives the pipe's
# lines. The jobs' own runs draw nothing: their output goes to run.log.
. "$(dirname "$0")/sweep.inc"

if ! command -v script >/dev/null 2>&1; then
  fail "script (util-linux, Debian package bsdutils) is not installed"
  finish
fi
ESC=$(printf '\033')

write_ci_experiment "$TMP/ci.yaml"

# A pipe: the counts on each per-job line.
"$SIMTREF" sweep "$TMP/ci.yaml" -j 2 --runs "$TMP/pipe" 2>&1 | cat >"$TMP/pipe.txt"
expect_in "$TMP/pipe.txt" "sweep ci: 4 jobs: 4 done, 0 failed"
grep -q '^\[[1-4]/4\] done .* | [0-9] done, [0-9] running, [0-9] left, ETA [0-9-]' "$TMP/pipe.txt" ||
  fail "the per-job lines lack done / running / left / ETA"
expect_in "$TMP/pipe.txt" "4 done, 0 running, 0 left, ETA 0:00"
grep -q "${ESC}" "$TMP/pipe.txt" && fail "a pipe got terminal control sequences"
for d in "$TMP"/pipe/ci/*/tiny/*; do
  grep -q "${ESC}" "$d/run.log" && fail "$d/run.log has a status line"
done

# A terminal: one status line, redrawn; the per-job lines without the counts.
on_tty "$TMP/tty.txt" "SIMTREF_PROGRESS_AFTER=0 $SIMTREF sweep $TMP/ci.yaml -j 2 --runs $TMP/tty; echo exit=\$?"
expect_in "$TMP/tty.txt" "exit=0"
grep -q "sweep ci: [0-9] done, [0-9] running, [0-9] left, ETA [0-9-][^|]*| 0 failed | elapsed [0-9]" "$TMP/tty.txt" ||
  fail "no status line on the terminal"
grep -q "${ESC}\[K\[4/4\] done   [a-z]*/tiny/[a-z]* ([0-9.]* s) | 0 failed | elapsed [0-9:]*.$" "$TMP/tty.txt" ||
  fail "the per-job line is not drawn over the erased status line, without the counts"
for d in "$TMP"/tty/ci/*/tiny/*; do
  grep -q "${ESC}" "$d/run.log" && fail "$d/run.log has a status line"
done

# --quiet on a terminal: no status line; the counts on the per-job lines.
on_tty "$TMP/quiet.txt" "$SIMTREF sweep $TMP/ci.yaml -j 2 --runs $TMP/quiet --quiet; echo exit=\$?"
expect_in "$TMP/quiet.txt" "exit=0"
grep -q "${ESC}" "$TMP/quiet.txt" && fail "--quiet: a status line was drawn"
expect_in "$TMP/quiet.txt" "4 done, 0 running, 0 left, ETA 0:00"

finish
