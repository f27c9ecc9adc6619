# The Slurm path, without a Slurm cluster: the job-array script is valid
# bash, has one array task per job, and the command of array task i is the
# local pool's command for job i; one task is run the way Slurm would run it
# (SLURM_ARRAY_TASK_ID set). No slurmctld/slurmd is started here.
. "$(dirname "$0")/sweep.inc"

write_ci_experiment "$TMP/ci.yaml"
RUNS=$TMP/runs
expect_exit 0 "$SIMTREF" sweep "$TMP/ci.yaml" --runs "$RUNS" --emit slurm "$TMP/slurm"
expect_in "$TMP/out" "wrote $TMP/slurm/sweep.sbatch (array of 4 jobs)"
expect_in "$TMP/out" "submit: sbatch $TMP/slurm/sweep.sbatch"
script=$TMP/slurm/sweep.sbatch
expect_file "$script"
expect_file "$TMP/slurm/jobs.txt"
expect_file "$TMP/slurm/jobs.tsv"
[ -d "$TMP/slurm/logs" ] || fail "no logs directory for the array's output"
[ -x "$script" ] || fail "sweep.sbatch is not executable"
bash -n "$script" || fail "sweep.sbatch: bash syntax error"
expect_eq "$(head -1 "$script")" "#!/bin/bash" "sweep.sbatch first line"
expect_in "$script" "#SBATCH --array=0-3"
expect_in "$script" "#SBATCH --job-name=simtref-ci"
expect_in "$script" "#SBATCH --output=$TMP/slurm/logs/%A_%a.out"
# Slurm reads #SBATCH lines only before the first command.
first_cmd=$(grep -n -v -e '^#' -e '^$' "$script" | head -1 | cut -d: -f1)
last_sbatch=$(grep -n '^#SBATCH' "$script" | tail -1 | cut -d: -f1)
[ "$last_sbatch" -lt "$first_cmd" ] || fail "an #SBATCH line follows a command"

# Array task i runs the local command of job i.
expect_exit 0 "$SIMTREF" sweep "$TMP/ci.yaml" --runs "$RUNS" --list
for i in 0 1 2 3; do
  want=$(awk -F'\t' -v id=$i '$1 == id { print $6 }' "$TMP/out")
  got=$(SLURM_ARRAY_TASK_ID=$i SIMTREF_SWEEP_DRY_RUN=1 bash "$script")
  expect_eq "$got" "$want" "command of array task $i"
done
SLURM_ARRAY_TASK_ID=4 bash "$script" >/dev/null 2>"$TMP/e4"
expect_eq "$?" 2 "exit status of an array task beyond the jobs"
expect_in "$TMP/e4" "no job 4 in $TMP/slurm/jobs.txt"
env -u SLURM_ARRAY_TASK_ID bash "$script" >/dev/null 2>"$TMP/e5" && fail "the script ran outside an array task"
expect_in "$TMP/e5" "this script runs as a Slurm array task"

# Run array task 1 as Slurm would (from another directory): it runs job 1.
(cd / && SLURM_ARRAY_TASK_ID=1 bash "$script") >"$TMP/t1.out" 2>&1 || fail "array task 1 failed: $(cat "$TMP/t1.out")"
expect_in "$TMP/t1.out" "done histo/tiny/gto"
expect_file "$RUNS/ci/histo/tiny/gto/stats.json"
expect_no_file "$RUNS/ci/histo/tiny/lrr/stats.json"
# The local pool then runs only the three others.
expect_exit 0 "$SIMTREF" sweep "$TMP/ci.yaml" --runs "$RUNS"
expect_in "$TMP/err" "sweep ci: 4 jobs: 3 done, 0 failed, 1 skipped (complete already)"

# Paths with a space and a quote survive jobs.txt, the script and the job.
ODD="$TMP/odd dir/it's"
mkdir -p "$ODD"
write_ci_experiment "$ODD/ci.yaml"
expect_exit 0 "$SIMTREF" sweep "$ODD/ci.yaml" --runs "$ODD/runs" --emit slurm "$ODD/slurm"
bash -n "$ODD/slurm/sweep.sbatch" || fail "sweep.sbatch with odd paths: bash syntax error"
(cd / && SLURM_ARRAY_TASK_ID=0 bash "$ODD/slurm/sweep.sbatch") >"$TMP/odd.out" 2>&1 ||
  fail "array task 0 with odd paths failed: $(cat "$TMP/odd.out")"
expect_in "$TMP/odd.out" "done histo/tiny/lrr"
expect_file "$ODD/runs/ci/histo/tiny/lrr/stats.json"
expect_in "$ODD/runs/ci/histo/tiny/lrr/run.log" "--stats '$TMP/odd dir/it'\\''s/runs/ci/histo/tiny/lrr/stats.tmp.json'"

finish
