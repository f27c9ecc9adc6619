#!/bin/sh
# simtref hetero (HeteroPDP, docs/units/heteropdp.md): the decision from a
# model file on a benchmark's features, the fit recovering planted
# coefficients from a data set made here, the evaluation's accuracy, and bad
# input refused before anything runs (unknown co-runner, weights that do not
# match the co-runners, a model file with the wrong feature set).
#   sh hetero.sh PATH/TO/simtref SOURCE_DIR
. "$(dirname "$0")/lib.inc"

# models FILE CPU_TERM CPU_COEF GPU_TERM GPU_COEF: a model set whose CPU and
# GPU models (alone and beside co-runners) are one term each.
models() {
  awk -v ct="$2" -v cc="$3" -v gt="$4" -v gc="$5" 'BEGIN {
    print "set test"
    n = split("cpu_alone gpu_alone cpu_coloc gpu_coloc", m, " ")
    f["cpu_alone"] = "threads salu smem valu vmem branch atomic buf"
    f["gpu_alone"] = "threads mem int fp math branch barrier buf xfer"
    f["cpu_coloc"] = "threads salu smem valu vmem branch atomic buf llc_miss dram_bw"
    f["gpu_coloc"] = "threads mem int fp math branch barrier buf xfer dram_bw"
    for (k = 1; k <= n; k++) {
      print "model " m[k]; print "features " f[m[k]]
      nf = split(f[m[k]], x, " ")
      for (i = 1; i <= nf; i++) {
        c = (m[k] ~ /cpu/ && x[i] == ct) ? cc : (m[k] ~ /gpu/ && x[i] == gt) ? gc : 0
        print "term " x[i] " 1 " c
      }
      for (i = 1; i <= nf; i++) for (j = i + 1; j <= nf; j++) print "term " x[i] " " x[j] " 0"
    }
  }' >"$1"
}

# kmn (small): 6144 threads, 431440 bytes copied. CPU 1e-6 s per thread =
# 0.006144 s; GPU 1e-9 s per byte = 0.000431 s: the GPU.
models "$TMP/m1.txt" threads 1e-6 xfer 1e-9
expect_exit 0 "$SIMTREF" hetero kmn --models "$TMP/m1.txt"
expect_in "$TMP/out" "dynamic: threads 6144, buffers 423936 B, copies 431440 B"
expect_in "$TMP/out" "predicted: CPU alone 0.006144 s, GPU alone 0.000431 s"
expect_in "$TMP/out" "choice: GPU (shorter predicted time)"
expect_in "$TMP/out" "model set test"
# CPU 1e-9 s per thread: 0.000006 s, the CPU.
models "$TMP/m2.txt" threads 1e-9 xfer 1e-9
expect_exit 0 "$SIMTREF" hetero kmn --models "$TMP/m2.txt"
expect_in "$TMP/out" "predicted: CPU alone 0.000006 s, GPU alone 0.000431 s"
expect_in "$TMP/out" "choice: CPU (shorter predicted time)"
# The paper set evaluates (its units are not stated: any numbers).
expect_exit 0 "$SIMTREF" hetero kmn --models paper
expect_in "$TMP/out" "model set paper"

# Bad input, refused before anything runs.
expect_exit 2 "$SIMTREF" hetero kmn --co-run nosuch
expect_in "$TMP/err" "unknown co-runner 'nosuch' (simtref hetero list)"
expect_empty "$TMP/out"
expect_exit 2 "$SIMTREF" hetero kmn --co-run mcf --weights 1,2
expect_in "$TMP/err" "--weights gives 2 weights for 1 co-runner"
expect_exit 2 "$SIMTREF" hetero kmn --co-run mcf --co-run lbm --weights 1.5
expect_in "$TMP/err" "--weights gives 1 weight for 2 co-runners"
expect_exit 2 "$SIMTREF" hetero kmn --co-run mcf --weights 1,x
expect_in "$TMP/err" "'x' is not a weight from 0.1 to 10"
sed 's/^features threads salu smem valu vmem branch atomic buf$/features threads salu smem valu vmem branch buf/' \
  "$TMP/m1.txt" >"$TMP/bad.txt"
expect_exit 2 "$SIMTREF" hetero kmn --models "$TMP/bad.txt"
expect_in "$TMP/err" "bad.txt:3: error: model cpu_alone has the wrong feature set"
expect_empty "$TMP/out"
expect_exit 2 "$SIMTREF" hetero kmn --models "$TMP/none.txt"
expect_in "$TMP/err" "none.txt: cannot read"
expect_exit 2 "$SIMTREF" hetero nosuch
expect_in "$TMP/err" "no workload named 'nosuch'"
expect_exit 2 "$SIMTREF" hetero kmn --size huge
expect_in "$TMP/err" "unknown size 'huge'"
expect_exit 2 "$SIMTREF" hetero kmn --frobnicate
expect_in "$TMP/err" "unknown option '--frobnicate'"
expect_exit 2 "$SIMTREF" hetero kmn --weights
expect_in "$TMP/err" "--weights needs a value"
expect_exit 2 "$SIMTREF" hetero measure -o "$TMP/m" --co-run nosuch
expect_in "$TMP/err" "unknown co-runner 'nosuch'"
expect_exit 2 "$SIMTREF" hetero measure -o "$TMP/m" --workloads kmn,nosuch
expect_in "$TMP/err" "no workload named 'nosuch'"

# A data set made here: times that are exact sums of a few of each model's
# terms, over 12 "benchmarks" at 3 sizes; beside one co-runner whose
# Bubble-up table is given. The fit recovers the times (held out too), and
# the decisions are then those the measured times imply.
mkdir -p "$TMP/d"
awk 'BEGIN {
  print "workload,size,input,corunner,threads,buf,xfer,salu,smem,valu,vmem,branch,atomic,mem,int,fp,math,barrier,llc_miss,dram_bw,gpu_kernel_s,gpu_xfer_s,cpu_s,gpu_s,cpu_coloc_s,gpu_coloc_s,corun_alone_s,corun_sd_cpu,corun_sd_gpu,copy_factor"
  for (w = 1; w <= 24; w++) for (s = 1; s <= 3; s++) {
    th = 1000 * w * s * s; buf = 4096 * (w + 3) * s; xf = 2 * buf
    salu = 10 + w % 5; smem = 3 + w % 3; valu = 20 + (w * 7) % 11; vmem = 5 + w % 4
    br = 2 + w % 3; at = w % 2; mem = vmem + smem; int_ = salu + valu - 4; fp = 4 + w % 6
    math = w % 3; bar = w % 2
    cpu = 2e-8 * th * vmem + 1e-4 * salu
    gpu = 3e-9 * th * fp + 1e-9 * xf + 1e-3 * br
    printf "b%d,%s,-,-,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,0,0,%.9g,%.9g,%.9g,%.9g,0,0,0,0,0,1\n", w, (s == 1 ? "small" : s == 2 ? "medium" : "paper"), th, buf, xf, salu, smem, valu, vmem, br, at, mem, int_, fp, math, bar, gpu - 1e-9 * xf, 1e-9 * xf, cpu, gpu
  }
  for (w = 1; w <= 24; w++) for (s = 1; s <= 3; s++) {
    th = 1000 * w * s * s; buf = 4096 * (w + 3) * s; xf = 2 * buf
    salu = 10 + w % 5; smem = 3 + w % 3; valu = 20 + (w * 7) % 11; vmem = 5 + w % 4
    br = 2 + w % 3; at = w % 2; mem = vmem + smem; int_ = salu + valu - 4; fp = 4 + w % 6
    math = w % 3; bar = w % 2
    cpu = 2e-8 * th * vmem + 1e-4 * salu
    gpu = 3e-9 * th * fp + 1e-9 * xf + 1e-3 * br
    llc = 5; bw = 800
    cpuc = cpu + 1e-10 * th * bw
    gpuc = gpu + 1e-12 * xf * bw
    printf "b%d,%s,-,hog,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%.9g,%.9g,%.9g,%.9g,%.9g,%.9g,0.5,%.4f,%.4f,1\n", w, (s == 1 ? "small" : s == 2 ? "medium" : "paper"), th, buf, xf, salu, smem, valu, vmem, br, at, mem, int_, fp, math, bar, llc, bw, gpu - 1e-9 * xf, 1e-9 * xf, cpu, gpu, cpuc, gpuc, 1.8, 1.1
  }
}' >"$TMP/d/data.csv"
cat >"$TMP/d/bubble-hog.txt" <<'TAB'
program hog
alone_s 0.5
alone_cpu_s 0.5
membw 1 1.01 1.02 1.03 1.05 1.07 1.1 1.15 1.2
llc 1 1.8 1.8 1.8 1.8 1.8 1.8 1.8 1.8
membw_cpu 1 1 1 1 1 1 1 1 1
llc_cpu 1 1 1 1 1 1 1 1 1
TAB
printf 'threads 2\n' >"$TMP/d/calib.txt"
for l in 0 1 2 3 4 5 6 7 8; do
  printf 'bw %s 0.1 %s\nllc %s 0.1 %s\n' "$l" "$((l * 1000000000))" "$l" "$((l * 8388608))" \
    >>"$TMP/d/calib.txt"
done
expect_exit 0 "$SIMTREF" hetero fit "$TMP/d" --folds 4
expect_in "$TMP/out" "144 rows of 24 benchmarks, 4-fold cross-validation by benchmark"
expect_in "$TMP/out" "| cpu_alone | 72 | 36 ("
expect_in "$TMP/out" "| gpu_coloc | 72 | 55 ("
# Exact data: every held-out prediction within 20%, of each model.
n=$(awk -F'|' '$2 ~ /_(alone|coloc)/ && $7 ~ / 100% / { n++ } END { print n + 0 }' "$TMP/out")
expect_eq "$n" 4 "models predicting every held-out time within 20%"
expect_in "$TMP/d/models.txt" "model gpu_coloc"
"$SIMTREF" hetero kmn --models "$TMP/d/models.txt" >/dev/null 2>&1 || fail "fitted models do not load"
expect_exit 0 "$SIMTREF" hetero evaluate "$TMP/d" --folds 4 --csv "$TMP/d/eval.csv"
expect_in "$TMP/out" "alone: 72 runs, device-choice accuracy 100%"
acc=$(awk -F'|' '$2 ~ / 1\.0 / { gsub(/[ %]/, "", $3); print $3 }' "$TMP/out")
[ "${acc:-0}" -ge 90 ] || fail "co-located accuracy at weight 1: $acc% (wanted at least 90%)"
expect_in "$TMP/d/eval.csv" "b1,small,hog,1,"
expect_exit 2 "$SIMTREF" hetero evaluate "$TMP/d" --models "$TMP/bad.txt"
expect_in "$TMP/err" "wrong feature set"
# A real co-runner (written here, so no Debian program is needed) beside
# kmn: the host's tables are the hand-made ones above. The system features'
# source is always said; the choice is by fairness; nothing is left running.
sed 's/^program hog$/program calculix/' "$TMP/d/bubble-hog.txt" >"$TMP/d/bubble-calculix.txt"
expect_exit 0 "$SIMTREF" hetero kmn --models "$TMP/m1.txt" --co-run calculix --weights 2 --data "$TMP/d"
expect_in "$TMP/out" "co-runners: calculix (weight 2)"
expect_in "$TMP/out" "system features: "
grep -q "system features: .*\(perf_event_open\|fallback\|calibrated\)" "$TMP/out" ||
  fail "the system features' source is not said"
expect_in "$TMP/out" "choice: GPU (higher weighted fairness)"
expect_in "$TMP/out" "on the CPU: benchmark slowed"
sleep 0.2
if pgrep -f "hetero kmn --models $TMP/m1.txt" >/dev/null 2>&1; then
  fail "a co-runner process is still running"
fi

printf 'not,a,data,file\n' >"$TMP/e.csv"
mkdir -p "$TMP/e" && mv "$TMP/e.csv" "$TMP/e/data.csv"
expect_exit 2 "$SIMTREF" hetero fit "$TMP/e"
expect_in "$TMP/err" "data.csv:1:1: error: not a simtref hetero data file"

finish
