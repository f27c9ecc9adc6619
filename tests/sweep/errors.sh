# Bad experiment files: every error with file:line:col, exit status 2, and
# nothing run or written. Bad usage of sweep, collect and plot. The example
# experiments in experiments/ are valid.
. "$(dirname "$0")/sweep.inc"

RUNS=$TMP/runs
# expect_bad FILE: sweep exits 2, says nothing was run, creates nothing.
expect_bad() {
  expect_exit 2 "$SIMTREF" sweep "$1" --runs "$RUNS"
  expect_in "$TMP/err" "simtref sweep: $1: nothing was run"
  expect_empty "$TMP/out"
  [ ! -e "$RUNS" ] || fail "$1: something was written to $RUNS"
}

# Structure: unknown keys (with a hint), names, sizes, duplicates, baseline.
cat >"$TMP/bad1.yaml" <<'EOT'
name: bad1
workloads: [histo, mmm, {name: bfs, size: huge}, {name: mm, colour: red}, histo]
configs: [tiny, nosuch, ../x.yaml]
varients: {}
variants:
  lrr: {sm.warp_scheduler: lrr}
  bad name: {}
  gto: {sm.warp_scheduler: gto, sm.warp_scheduler: lrr}
  gto: {}
baseline: nope
EOT
expect_bad "$TMP/bad1.yaml"
B=$TMP/bad1.yaml
expect_in "$TMP/err" "$B:2:20: error: no workload named 'mmm' (did you mean 'mm'? see simtref list)"
expect_in "$TMP/err" "$B:2:43: error: size: expected small, medium or paper"
expect_in "$TMP/err" "$B:2:61: error: unknown key 'colour' in a workload (expected one of: name, size, seed, label, variant, input)"
expect_in "$TMP/err" "$B:2:75: error: workload 'histo' is listed twice (first at line 2; give one a label:)"
expect_in "$TMP/err" "$B:3:17: error: no config 'nosuch'"
expect_in "$TMP/err" "$B:3:25: error: config file '../x.yaml' not found"
expect_in "$TMP/err" "$B:4:1: error: unknown key 'varients' (did you mean 'variants'?)"
expect_in "$TMP/err" "$B:7:3: error: variant 'bad name': a name must be 1 to 63 characters"
expect_in "$TMP/err" "$B:8:33: error: variant 'gto': key 'sm.warp_scheduler' is set twice (first at line 8)"
expect_in "$TMP/err" "$B:9:3: error: variant 'gto' is defined twice (first at line 8)"
expect_in "$TMP/err" "$B:10:11: error: baseline 'nope' is not a variant (variants: lrr, gto)"
# In file order.
sed -n 's/^[^:]*:\([0-9]*\):\([0-9]*\): error.*/\1 \2/p' "$TMP/err" >"$TMP/order"
sort -n -k1,1 -k2,2 "$TMP/order" | cmp -s - "$TMP/order" || fail "errors are not in file order"

# Overrides: checked by loading each config with each variant (st_config_load),
# reported at the key or value in the experiment file, once per override.
cat >"$TMP/bad2.yaml" <<'EOT'
workloads: [histo]
configs: [tiny, gtx480]
overrides:
  sim.max_cycle: 5
variants:
  gto: {sm.warp_schedulr: gto}
  foo: {sm: {warp_scheduler: foo}}
  lim: [cta_scheduler.limit=9]
  ok: {}
EOT
expect_bad "$TMP/bad2.yaml"
B=$TMP/bad2.yaml
expect_in "$TMP/err" "$B:4:3: error: overrides (config tiny): unknown key 'sim.max_cycle' (did you mean 'sim.max_cycles'?)"
expect_in "$TMP/err" "$B:6:9: error: variant 'gto' (config tiny): unknown key 'sm.warp_schedulr' (did you mean 'sm.warp_scheduler'?)"
expect_in "$TMP/err" "$B:7:30: error: variant 'foo' (config tiny): sm.warp_scheduler: unknown value 'foo' (expected one of: lrr gto tls"
[ "$(grep -c "unknown key 'sim.max_cycle'" "$TMP/err")" -eq 1 ] || fail "a bad override is reported more than once"

sed -i 's/max_cycle:/max_cycles:/' "$B"
expect_bad "$B"
expect_in "$TMP/err" "$B:8:9: error: variant 'lim' (config tiny): cta_scheduler.limit 9 exceeds sm.max_ctas 4"

# Missing sections, empty lists, YAML syntax, not a mapping, no file.
printf 'workloads: []\nconfigs: [tiny]\n' >"$TMP/bad3.yaml"
expect_bad "$TMP/bad3.yaml"
expect_in "$TMP/err" "$TMP/bad3.yaml:1:1: error: no variants: given"
expect_in "$TMP/err" "$TMP/bad3.yaml:1:12: error: workloads: the list is empty"
printf 'workloads: [histo\nconfigs: [tiny]\n' >"$TMP/bad4.yaml"
expect_bad "$TMP/bad4.yaml"
expect_in "$TMP/err" "$TMP/bad4.yaml:2:8: error: YAML:"
printf -- '- histo\n' >"$TMP/bad5.yaml"
expect_bad "$TMP/bad5.yaml"
expect_in "$TMP/err" "$TMP/bad5.yaml:1:1: error: expected a mapping"
expect_bad "$TMP/none.yaml"
expect_in "$TMP/err" "$TMP/none.yaml: error: cannot open experiment file"

# Usage.
expect_exit 2 "$SIMTREF" sweep
expect_in "$TMP/err" "usage: simtref sweep EXPERIMENT.yaml"
expect_exit 0 "$SIMTREF" sweep --help
expect_in "$TMP/out" "--emit parallel DIR"
expect_exit 2 "$SIMTREF" sweep x.yaml --frob
expect_in "$TMP/err" "simtref sweep: error: unknown option '--frob'"
expect_exit 2 "$SIMTREF" sweep x.yaml -j 0
expect_in "$TMP/err" "-j takes a number from 1 to 4096, not '0'"
expect_exit 2 "$SIMTREF" sweep x.yaml --emit pbs dir
expect_in "$TMP/err" "--emit takes parallel or slurm, not 'pbs'"
write_ci_experiment "$TMP/ci.yaml"
expect_exit 2 "$SIMTREF" sweep "$TMP/ci.yaml" --runs "$RUNS" --job fwt/tiny/tls
expect_in "$TMP/err" "has no job 'fwt/tiny/tls'"
expect_exit 2 "$SIMTREF" collect
expect_in "$TMP/err" "usage: simtref collect"
expect_exit 2 "$SIMTREF" collect "$TMP"
expect_in "$TMP/err" "simtref collect: error: $TMP is not the output of a sweep (no experiment.yaml in it"
expect_exit 2 "$SIMTREF" plot "$TMP"
expect_in "$TMP/err" "simtref plot: error: $TMP is not the output of a sweep"
expect_exit 0 "$SIMTREF" collect --help
expect_exit 0 "$SIMTREF" plot --help
expect_in "$TMP/out" "--sweep KEY"

# The example experiments are valid (checked, not run).
for f in "$SRC"/experiments/*.yaml; do
  expect_exit 0 "$SIMTREF" sweep "$f" --runs "$TMP/ex" --list
  expect_in "$TMP/out" "id	workload	config	variant	dir	command"
done
[ ! -e "$TMP/ex" ] || fail "sweep --list wrote files"

finish
