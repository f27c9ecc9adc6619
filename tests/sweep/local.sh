# simtref sweep on this machine: a 2 x 2 experiment on tiny, every file of
# every job, the summary, a rerun that skips everything, collect (CSV columns,
# the normalised table and its means checked against numbers computed here
# from the stats files) and the bar plot.
. "$(dirname "$0")/sweep.inc"

write_ci_experiment "$TMP/ci.yaml"
RUNS=$TMP/runs
OUT=$RUNS/ci

expect_exit 0 "$SIMTREF" sweep "$TMP/ci.yaml" -j 2 --runs "$RUNS"
expect_in "$TMP/err" "sweep ci: 4 jobs (0 complete already), 4 to run, 2 at a time"
expect_in "$TMP/err" "sweep ci: 4 jobs: 4 done, 0 failed, 0 skipped (complete already)"
expect_in "$TMP/err" "[4/4] done"
expect_in "$TMP/err" ", ETA "
expect_in "$TMP/err" "results: simtref collect $OUT"
expect_file "$OUT/experiment.yaml"
cmp -s "$TMP/ci.yaml" "$OUT/experiment.yaml" || fail "experiment.yaml is not a copy of the experiment"
expect_file "$OUT/jobs.tsv"

"$SIMTREF" --version >"$TMP/version.txt"
for w in histo fwt; do
  for v in lrr gto; do
    d=$OUT/$w/tiny/$v
    for f in stats.json run.log config.yaml version.txt job.txt status.txt; do
      expect_file "$d/$f"
    done
    expect_no_file "$d/stats.tmp.json"
    # stats.json: complete, this job's.
    tail -c 4 "$d/stats.json" | od -c | grep -q ']  \\n   }  \\n' || fail "$d/stats.json: bad ending"
    expect_eq "$(json_value "$d/stats.json" workload)" "$w" "$d/stats.json workload"
    expect_eq "$(json_value "$d/stats.json" config)" "tiny" "$d/stats.json config"
    # config.yaml is `simtref config --dump` of the job's config and overrides.
    "$SIMTREF" config -c "$SRC/configs/tiny.yaml" -s sm.warp_scheduler=$v --dump >"$TMP/dump.yaml"
    cmp -s "$TMP/dump.yaml" "$d/config.yaml" || fail "$d/config.yaml differs from config --dump"
    expect_eq "$(json_value "$d/stats.json" config_hash)" "$(sed -n 's/^# hash: //p' "$d/config.yaml")" \
      "$d: config hash of stats.json and config.yaml"
    cmp -s "$TMP/version.txt" "$d/version.txt" || fail "$d/version.txt is not simtref --version"
    expect_in "$d/run.log" "\$ $SIMTREF run $w --size small --seed 1 -c $SRC/configs/tiny.yaml -s sm.warp_scheduler=$v --stats $d/stats.tmp.json"
    expect_in "$d/run.log" "verdict: PASS"
    expect_eq "$(cat "$d/status.txt")" "done" "$d/status.txt"
    expect_in "$d/job.txt" "workload: $w"
  done
done

# The job table: id, workload, config, variant, dir, the per-job command.
expect_in "$OUT/jobs.tsv" "id	workload	config	variant	dir	command"
expect_in "$OUT/jobs.tsv" "3	fwt	tiny	gto	$OUT/fwt/tiny/gto	$SIMTREF sweep $TMP/ci.yaml --runs $RUNS --job fwt/tiny/gto"
expect_exit 0 "$SIMTREF" sweep "$TMP/ci.yaml" --runs "$RUNS" --list
cmp -s "$TMP/out" "$OUT/jobs.tsv" || fail "--list differs from jobs.tsv"

# A rerun skips every job.
expect_exit 0 "$SIMTREF" sweep "$TMP/ci.yaml" --runs "$RUNS"
expect_in "$TMP/err" "sweep ci: 4 jobs: 0 done, 0 failed, 4 skipped (complete already)"

# collect: the CSV.
expect_exit 0 "$SIMTREF" collect "$OUT"
expect_in "$TMP/out" "experiment ci: 4 jobs: 4 done, 0 failed, 0 incomplete, 0 not run"
expect_in "$TMP/out" "wrote $OUT/results.csv (4 rows,"
cp "$TMP/out" "$TMP/collect.txt"
csv=$OUT/results.csv
expect_file "$csv"
[ "$(wc -l <"$csv")" -eq 5 ] || fail "results.csv: $(wc -l <"$csv") lines, wanted 5"
head -1 "$csv" | grep -q '^workload,config,variant,size,seed,status,mode,simtref_version,simtref_commit,config_hash,stopped_by,cycles,warp_insts,thread_insts,ipc,' ||
  fail "results.csv header: $(head -1 "$csv" | cut -c1-200)"
ncol=$(head -1 "$csv" | awk -F, '{print NF}')
awk -F, -v n="$ncol" 'NF != n { exit 1 }' "$csv" || fail "results.csv: rows of unequal width"
# Every numeric top-level key of a stats.json is a column; the values are as written.
for key in cycles ipc sm.ract l1d.miss_rate dram.row_hit_rate; do
  col=$(head -1 "$csv" | tr ',' '\n' | grep -nx "$key" | cut -d: -f1)
  [ -n "$col" ] || { fail "results.csv lacks column $key"; continue; }
  for w in histo fwt; do
    for v in lrr gto; do
      got=$(awk -F, -v w=$w -v v=$v -v c="$col" '$1 == w && $3 == v { print $c }' "$csv")
      expect_eq "$got" "$(json_value "$OUT/$w/tiny/$v/stats.json" "$key")" "results.csv $w/$v $key"
    done
  done
done
expect_eq "$(awk -F, '$1 == "fwt" && $3 == "gto" { print $2, $4, $5, $6, $7 }' "$csv")" \
  "tiny small 1 done timing" "results.csv fixed columns of fwt/gto"

# The normalised table, computed here from the stats files.
ipc() { json_value "$OUT/$1/tiny/$2/stats.json" ipc; }
want=$(awk -v hl="$(ipc histo lrr)" -v hg="$(ipc histo gto)" -v ml="$(ipc fwt lrr)" -v mg="$(ipc fwt gto)" 'BEGIN {
  rh = hg / hl; rm = mg / ml
  printf "histo %.4f %.4f\n", hl / hl, rh
  printf "fwt %.4f %.4f\n", ml / ml, rm
  printf "geomean %.4f %.4f\n", exp((log(1) + log(1)) / 2), exp((log(rh) + log(rm)) / 2)
  printf "mean %.4f %.4f\n", 1, (rh + rm) / 2
}')
got=$(sed -n '/^ipc normalised to variant lrr, config tiny:$/,$p' "$TMP/collect.txt" |
  awk 'NR > 2 && NF == 3 { print $1, $2, $3 }')
expect_eq "$got" "$want" "normalised ipc table"
expect_in "$TMP/collect.txt" "workload       lrr       gto"

# Another metric and baseline.
expect_exit 0 "$SIMTREF" collect "$OUT" --metric cycles --baseline gto
expect_in "$TMP/out" "cycles normalised to variant gto, config tiny:"
c_hl=$(json_value "$OUT/histo/tiny/lrr/stats.json" cycles)
c_hg=$(json_value "$OUT/histo/tiny/gto/stats.json" cycles)
want=$(awk -v a="$c_hl" -v b="$c_hg" 'BEGIN { printf "histo %.4f 1.0000", a / b }')
expect_eq "$(awk '$1 == "histo" { print $1, $2, $3 }' "$TMP/out")" "$want" "cycles normalised to gto"

# -o FILE
expect_exit 0 "$SIMTREF" collect "$OUT" -o "$TMP/other.csv"
cmp -s "$TMP/other.csv" "$csv" || fail "collect -o wrote another CSV"

# plot: grouped bars, SVG and PNG.
if command -v gnuplot >/dev/null 2>&1; then
  expect_exit 0 "$SIMTREF" plot "$OUT"
  expect_in "$TMP/out" "wrote $OUT/plots/ipc-tiny.svg and ipc-tiny.png"
  for f in ipc-tiny.dat ipc-tiny.gp ipc-tiny.svg ipc-tiny.png; do
    expect_file "$OUT/plots/$f"
  done
  grep -q '<svg' "$OUT/plots/ipc-tiny.svg" || fail "ipc-tiny.svg is not SVG"
  [ "$(head -c 4 "$OUT/plots/ipc-tiny.png" | od -An -c | tr -d ' ')" = '211PNG' ] ||
    fail "ipc-tiny.png is not PNG"
  expect_in "$OUT/plots/ipc-tiny.dat" "workload lrr gto"
  expect_in "$OUT/plots/ipc-tiny.dat" "geomean 1.000000"
  expect_exit 0 "$SIMTREF" plot "$OUT" --metric sm.ract --out "$TMP/plots"
  expect_file "$TMP/plots/sm.ract-tiny.svg"
  expect_file "$TMP/plots/sm.ract-tiny.png"
else
  echo "note: gnuplot not installed; plots not checked"
fi

finish
