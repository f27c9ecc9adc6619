#!/bin/sh
# Compares the statistics of two simtref builds over the workload suite.
#
#   scripts/compare-stats.sh [-j N] [--quick] [--matrix FILE] [--workloads "W..."]
#                            [--new-set KEY=VALUE]... OLD_SIMTREF NEW_SIMTREF [OUT_DIR]
#
# Runs every workload of the suite (small size, timing mode) under every
# (config, policy) cell of the matrix with both binaries, writes each run's
# --stats JSON to OUT_DIR/old and OUT_DIR/new, and compares every statistic
# of the run and of each kernel (scripts/compare_stats.py). Host-dependent
# keys (wall time, simulation rate, peak memory, commit) are left out; everything else
# must be identical, including the set of keys and the exit status of the
# run. Prints one line per differing run and a summary; exit 0 when all
# runs agree, 1 otherwise, 2 on bad usage.
#
# The default matrix (scripts/stats-matrix.txt) covers every issue policy
# with both fetch arbiters, every CTA policy, on gtx480, dyncta30, k20c and
# tiny, and every L1D policy, CAWA's scheduler, the power model off, and the
# DVFS controller with LaPerm and DTBL. --quick runs gtx480 only. A matrix line is "CONFIG OVERRIDE...";
# lines starting with # are ignored. --workloads runs only the ones named.
# --new-set adds an override to the NEW side only: with the same binary on
# both sides, `--new-set sim.threads=4` shows that parallel simulation gives
# the serial statistics (docs/performance.md).
set -eu

jobs=2
quick=0
here=$(cd "$(dirname "$0")" && pwd)
matrix="$here/stats-matrix.txt"
only=""
newsets=""
while [ $# -gt 0 ]; do
  case "$1" in
  -j) jobs=$2; shift 2 ;;
  --quick) quick=1; shift ;;
  --matrix) matrix=$2; shift 2 ;;
  --workloads) only=$2; shift 2 ;;
  --new-set)
    case "$2" in *=*) ;; *) echo "compare-stats: --new-set needs KEY=VALUE" >&2; exit 2 ;; esac
    newsets="$newsets -s $2"; shift 2 ;;
  -h|--help) sed -n '2,24p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
  -*) echo "compare-stats: unknown option $1" >&2; exit 2 ;;
  *) break ;;
  esac
done
if [ $# -lt 2 ] || [ $# -gt 3 ]; then
  echo "usage: compare-stats.sh [-j N] [--quick] [--matrix FILE] [--workloads \"W...\"] [--new-set KEY=VALUE]... OLD_SIMTREF NEW_SIMTREF [OUT_DIR]" >&2
  exit 2
fi
old=$1
new=$2
out=${3:-compare-stats.out}
for b in "$old" "$new"; do
  if [ ! -x "$b" ]; then
    echo "compare-stats: $b is not an executable" >&2
    exit 2
  fi
done
if [ ! -r "$matrix" ]; then
  echo "compare-stats: cannot read the matrix $matrix" >&2
  exit 2
fi
mkdir -p "$out/old" "$out/new"

workloads=${only:-$("$new" list --names)}
jobfile="$out/jobs.txt"
: > "$jobfile"
cell=0
grep -v '^[[:space:]]*#' "$matrix" | grep -v '^[[:space:]]*$' | while read -r cfg overrides; do
  cell=$((cell + 1))
  if [ "$quick" = 1 ] && [ "$cfg" != gtx480 ]; then
    continue
  fi
  sets=""
  for o in $overrides; do sets="$sets -s $o"; done
  tag="$cfg$(echo "$overrides" | tr ' =' '_-' | sed 's/^/_/; s/_$//')"
  for w in $workloads; do
    echo "$w $cfg $tag$sets" >> "$jobfile"
  done
done

run_one() {
  # $1 binary, $2 side (old/new), $3 workload, $4 config, $5 tag, rest: -s overrides
  bin=$1 side=$2 w=$3 cfg=$4 tag=$5
  shift 5
  f="$out/$side/$w.$tag"
  set +e
  "$bin" run "$w" -c "$cfg" "$@" --stats "$f.json" > "$f.log" 2>&1
  echo $? > "$f.rc"
  set -e
}

n=$(wc -l < "$jobfile")
echo "compare-stats: $n runs per build, $jobs at a time"
i=0
while read -r w cfg tag rest; do
  # shellcheck disable=SC2086
  run_one "$old" old "$w" "$cfg" "$tag" $rest &
  # shellcheck disable=SC2086
  run_one "$new" new "$w" "$cfg" "$tag" $rest $newsets &
  i=$((i + 1))
  if [ $((i % (jobs > 1 ? jobs / 2 : 1))) -eq 0 ]; then
    wait
  fi
done < "$jobfile"
wait
python3 "$here/compare_stats.py" "$out/old" "$out/new"
