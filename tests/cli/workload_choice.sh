#!/bin/sh
# Benchmarks with several versions or inputs (--variant, --input; workload
# descriptors' variants and inputs): simtref list names them; a run picks
# them; a name the benchmark does not have, or either option on a benchmark
# without choices or on a workload file, is a usage error (exit 2) naming
# the choices; sweeps take variant: and input: per workload and check them.
#   sh workload_choice.sh PATH/TO/simtref SOURCE_DIR
. "$(dirname "$0")/lib.inc"
expect_exit 0 "$SIMTREF" list
expect_in "$TMP/out" "variants (--variant): flat cdp dtbl"
expect_in "$TMP/out" "inputs (--input): citation usa_road cage15 graph500"
expect_exit 0 "$SIMTREF" run bfs_dp --functional --variant cdp --input usa_road
expect_in "$TMP/out" "simtref run bfs_dp --variant cdp --input usa_road (small size, seed 1)"
expect_in "$TMP/out" "verdict: PASS"
expect_exit 2 "$SIMTREF" run bfs_dp --functional --variant dtbx
expect_in "$TMP/err" "bfs_dp has no variant 'dtbx'; its variants: flat cdp dtbl pt"
expect_exit 2 "$SIMTREF" run bfs_dp --functional --input roads
expect_in "$TMP/err" "bfs_dp has no input 'roads'; its inputs: citation usa_road cage15 graph500"
expect_exit 2 "$SIMTREF" run bfs --functional --variant cdp
expect_in "$TMP/err" "bfs has no variant 'cdp'; its variants: none"
expect_exit 2 "$SIMTREF" run bfs_dp --variant
expect_in "$TMP/err" "--variant needs a name"
cat > "$TMP/w.yaml" <<YAML
ptx: $SRC/tests/cdp/cdp.ptx
buffers:
  out: {bytes: 256, init: zero}
launches: []
YAML
expect_exit 2 "$SIMTREF" run "$TMP/w.yaml" --input x
expect_in "$TMP/err" "--input applies to the suite's benchmarks"
cat > "$TMP/e.yaml" <<YAML
name: choice
workloads:
  - {name: bfs_dp, variant: cdp, input: cage15}
  - {name: bfs_dp, variant: dtbx, label: other}
configs: [gtx480]
variants:
  base: {}
YAML
expect_exit 2 "$SIMTREF" sweep "$TMP/e.yaml" --list --runs "$TMP/runs"
expect_in "$TMP/err" "e.yaml:4:12: error: workload bfs_dp has no variant 'dtbx' (its variants: flat cdp dtbl pt)"
sed -i 's/variant: dtbx/variant: flat/' "$TMP/e.yaml"
expect_exit 0 "$SIMTREF" sweep "$TMP/e.yaml" --runs "$TMP/runs" --job bfs_dp/gtx480/base
expect_in "$TMP/runs/choice/bfs_dp/gtx480/base/job.txt" "variant: cdp"
expect_in "$TMP/runs/choice/bfs_dp/gtx480/base/job.txt" "input: cage15"
expect_in "$TMP/runs/choice/bfs_dp/gtx480/base/run.log" "simtref run bfs_dp --variant cdp --input cage15"
expect_in "$TMP/runs/choice/bfs_dp/gtx480/base/stats.json" "cdp.launches"
finish
