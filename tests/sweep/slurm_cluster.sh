# The Slurm path on a real Slurm: a private single-node cluster (munged,
# slurmctld and slurmd from Debian's slurmctld/slurmd/slurm-client/munge
# packages, own key, sockets, ports and state in a temporary directory) runs
# the job array that `sweep --emit slurm` wrote, with `sbatch --wait`; the
# outputs are those of a local sweep. Needs root (slurmd); skipped (exit 77)
# where the packages are not installed or it is not root.
. "$(dirname "$0")/sweep.inc"

for tool in munged munge slurmctld slurmd sbatch sinfo scontrol; do
  if ! command -v $tool >/dev/null 2>&1 && [ ! -x /usr/sbin/$tool ]; then
    echo "skipped: $tool is not installed (Debian packages slurmctld slurmd slurm-client munge)"
    exit 77
  fi
done
if [ "$(id -u)" -ne 0 ]; then
  echo "skipped: slurmd needs root"
  exit 77
fi
PATH=$PATH:/usr/sbin

D=$TMP/slurm
mkdir -p "$D/state" "$D/spool"
chmod 700 "$D"
export SLURM_CONF=$D/slurm.conf
stop_cluster() {
  scontrol shutdown >/dev/null 2>&1
  for p in slurmd slurmctld munged; do
    [ -f "$D/$p.pid" ] && kill "$(cat "$D/$p.pid")" 2>/dev/null
  done
  sleep 0.5
  for p in slurmd slurmctld munged; do
    [ -f "$D/$p.pid" ] && kill -9 "$(cat "$D/$p.pid")" 2>/dev/null
  done
  rm -rf "$TMP"
}
trap stop_cluster EXIT

# Ports from this process id, to keep clear of a system Slurm (6817/6818).
port=$((20000 + ($$ % 20000) * 2))
host=$(hostname -s)
dd if=/dev/urandom bs=1 count=1024 of="$D/munge.key" 2>/dev/null
chmod 400 "$D/munge.key"
munged --key-file="$D/munge.key" --socket="$D/munge.sock" --pid-file="$D/munged.pid" \
  --log-file="$D/munged.log" --seed-file="$D/munge.seed" -f || {
  # An environment that cannot run the daemons is not a simtref failure: the script's
  # syntax and per-job commands are checked by slurm.sh everywhere.
  echo "skipped: munged cannot start here"
  exit 77
}
cat >"$SLURM_CONF" <<EOT
ClusterName=simtreftest
SlurmctldHost=$host(127.0.0.1)
SlurmctldPort=$port
SlurmdPort=$((port + 1))
AuthType=auth/munge
AuthInfo=socket=$D/munge.sock
CredType=cred/munge
StateSaveLocation=$D/state
SlurmdSpoolDir=$D/spool
SlurmctldPidFile=$D/slurmctld.pid
SlurmdPidFile=$D/slurmd.pid
SlurmctldLogFile=$D/slurmctld.log
SlurmdLogFile=$D/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SchedulerType=sched/builtin
ReturnToService=2
SlurmUser=root
SlurmdUser=root
JobAcctGatherType=jobacct_gather/none
AccountingStorageType=accounting_storage/none
MpiDefault=none
NodeName=$host NodeAddr=127.0.0.1 CPUs=2 State=UNKNOWN
PartitionName=simtref Nodes=ALL Default=YES MaxTime=INFINITE State=UP
EOT
slurmctld -i || { echo "skipped: slurmctld cannot start here: $(tail -5 "$D/slurmctld.log")"; exit 77; }
slurmd || { echo "skipped: slurmd cannot start here: $(tail -5 "$D/slurmd.log")"; exit 77; }
i=0
until [ "$(sinfo -h -o %T 2>/dev/null)" = idle ] || [ $i -ge 120 ]; do
  sleep 0.25
  i=$((i + 1))
done
if [ "$(sinfo -h -o %T 2>/dev/null)" != idle ]; then
  echo "skipped: the Slurm node did not become idle here: $(sinfo 2>&1) $(tail -5 "$D/slurmd.log")"
  exit 77
fi

write_ci_experiment "$TMP/ci.yaml"
expect_exit 0 "$SIMTREF" sweep "$TMP/ci.yaml" -j 2 --runs "$TMP/local"
expect_exit 0 "$SIMTREF" sweep "$TMP/ci.yaml" --runs "$TMP/runs" --emit slurm "$TMP/emit"

# Submit the array and wait for every task.
(cd "$TMP" && sbatch --wait "$TMP/emit/sweep.sbatch") >"$TMP/sbatch.out" 2>&1
rc=$?
expect_eq "$rc" 0 "exit status of sbatch --wait: $(cat "$TMP/sbatch.out")"
expect_in "$TMP/sbatch.out" "Submitted batch job"
job=$(sed -n 's/^Submitted batch job //p' "$TMP/sbatch.out")
for i in 0 1 2 3; do
  expect_file "$TMP/emit/logs/${job}_$i.out"
done
cat "$TMP/emit/logs/${job}"_*.out >"$TMP/tasks.out" 2>/dev/null
for k in histo/tiny/lrr histo/tiny/gto fwt/tiny/lrr fwt/tiny/gto; do
  expect_in "$TMP/tasks.out" "done $k"
  stats_without_wall "$TMP/runs/ci/$k/stats.json" >"$TMP/a"
  stats_without_wall "$TMP/local/ci/$k/stats.json" >"$TMP/b"
  cmp -s "$TMP/a" "$TMP/b" || fail "$k: stats.json under Slurm differs from the local sweep's"
  cmp -s "$TMP/runs/ci/$k/config.yaml" "$TMP/local/ci/$k/config.yaml" || fail "$k: config.yaml differs"
done

# Resubmitting resumes: every task finds its job complete.
(cd "$TMP" && sbatch --wait "$TMP/emit/sweep.sbatch") >"$TMP/sbatch.out" 2>&1 || fail "second sbatch failed"
job=$(sed -n 's/^Submitted batch job //p' "$TMP/sbatch.out")
[ "$(cat "$TMP/emit/logs/${job}"_*.out 2>/dev/null | grep -c '^skipped ')" -eq 4 ] ||
  fail "a resubmitted array redid jobs"

expect_exit 0 "$SIMTREF" collect "$TMP/runs/ci"
expect_in "$TMP/out" "4 done, 0 failed, 0 incomplete, 0 not run"

finish
