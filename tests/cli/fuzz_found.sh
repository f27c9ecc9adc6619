# Inputs the fuzz targets found mishandled (tests/fuzz/regress/README.md),
# through the command line: each is refused with exit status 2, a
# positioned message, and nothing on stdout or on disk.
. "$(dirname "$0")/lib.inc"

# A number with more than 19 fraction digits divided by zero (10^64 wraps
# to 0 in 64 bits) in the size and frequency parser.
# (Messages show the first 60 bytes of a longer value.)
zeros=$(printf '0.%070d' 0)
shown=$(printf '0.%058d...' 0)
expect_exit 2 "$SIMTREF" config -s "l1d.size=${zeros}KiB" --hash
expect_in "$TMP/err" "-s l1d.size=${zeros}KiB:1:10: error: l1d.size: $shown is out of range [64, 67108864] bytes"
expect_empty "$TMP/out"
printf 'gpu:\n  core_clock: %s1GHz\n' "$zeros" >"$TMP/frac.yaml"
expect_exit 2 "$SIMTREF" config -c "$TMP/frac.yaml" --dump
expect_in "$TMP/err" "$TMP/frac.yaml:2:15: error: gpu.core_clock: $shown is not a whole number of Hz"
expect_empty "$TMP/out"

# A control character, a line break or invalid UTF-8 in a string value:
# the dump (and every output's record of the config) could not be loaded
# again, or loaded a different string.
expect_exit 2 "$SIMTREF" config -s "gpu.name=$(printf 'a\005b')" --dump
expect_in "$TMP/err" "error: gpu.name: byte 2 (0x05) is not printable text"
expect_empty "$TMP/out"
printf 'gpu:\n  name: "a\\u2028b"\n' >"$TMP/ls.yaml"
expect_exit 2 "$SIMTREF" config -c "$TMP/ls.yaml" --dump
expect_in "$TMP/err" "$TMP/ls.yaml:2:9: error: gpu.name: byte 2 (0xe2) is not printable text"
expect_empty "$TMP/out"
expect_exit 0 "$SIMTREF" config -s "gpu.name=$(printf 'caf\303\251')" --dump
expect_in "$TMP/out" "name: \"$(printf 'caf\303\251')\""

# A long value quoted whole in a message pushed the reason out of the
# 512-byte buffer it is written to (and could cut a UTF-8 character in two).
long=$(printf 'x%.0s' $(seq 600))
expect_exit 2 "$SIMTREF" config -s "sm.max_ctas=1$long" --hash
expect_in "$TMP/err" "error: sm.max_ctas: expected an integer, got '1$(printf 'x%.0s' $(seq 59))...'"
expect_exit 2 "$SIMTREF" config -s "sm.max_ctas=$(printf '9%.0s' $(seq 600))" --hash
expect_in "$TMP/err" "error: sm.max_ctas: $(printf '9%.0s' $(seq 60))... is too large"
expect_exit 2 "$SIMTREF" config -s "l2.size=76 $long" --hash
expect_in "$TMP/err" "error: l2.size: expected a size (bytes, or with a unit: B KiB MiB GiB), got '76 $(printf 'x%.0s' $(seq 57))...'"
expect_empty "$TMP/out"

# A key twice in one mapping of a workload file: libyaml does not refuse it,
# and a second params: list replaced the first while the count of
# parameters kept growing (a read past the end of the new list at launch).
cp "$SRC/tests/cli/byval/byval.ptx" "$TMP/k.ptx"
printf 'ptx: k.ptx\nbuffers:\n  out: {bytes: 16, init: zero, output: out.bin}\nlaunches:\n  - entry: k\n    grid: 1\n    block: 1\n    params: [{buffer: out}, {s32: 1}]\n    params: []\n' >"$TMP/dup.yaml"
expect_exit 2 "$SIMTREF" run "$TMP/dup.yaml"
expect_in "$TMP/err" "$TMP/dup.yaml:9:5: error: duplicate key 'params' (first at line 8)"
expect_empty "$TMP/out"
[ ! -e "$TMP/out.bin" ] || fail "run wrote out.bin"

# A line break inside a name of an experiment file (a quoted "\n", or plain
# text folded over lines) split its message in two, and the sorting of
# messages by line moved the second half to the top.
printf 'workloads: [bfs]\nconfigs: ["a\\nb.yaml"]\nvariants: {"x\\ty": {}}\n' >"$TMP/exp.yaml"
expect_exit 2 "$SIMTREF" sweep "$TMP/exp.yaml" --runs "$TMP/runs"
expect_in "$TMP/err" "$TMP/exp.yaml:2:11: error: config 'a\\nb.yaml': its name must be usable as a directory name"
expect_in "$TMP/err" "$TMP/exp.yaml:3:12: error: variant 'x\\ty': a name must be"
expect_in "$TMP/err" "simtref sweep: $TMP/exp.yaml: nothing was run"
expect_empty "$TMP/out"
[ ! -e "$TMP/runs" ] || fail "sweep wrote $TMP/runs"
if grep -v "^$TMP/exp.yaml:[0-9]*:[0-9]*: error: \|^simtref sweep: " "$TMP/err" >/dev/null; then
  fail "a line of the sweep's messages is not positioned"
  cat "$TMP/err" >&2
fi

# YAML aliases in an experiment file: nested ones expanded exponentially
# (a hang), one inside its own anchor recursed until memory ran out.
{
  printf 'workloads: [bfs]\nconfigs: [tiny]\nvariants:\n  v0: &a0 {sm.max_ctas: 2}\n'
  i=1
  while [ $i -lt 40 ]; do
    printf '  v%d: &a%d {a: *a%d, b: *a%d}\n' $i $i $((i - 1)) $((i - 1))
    i=$((i + 1))
  done
} >"$TMP/laugh.yaml"
expect_exit 2 timeout 60 "$SIMTREF" sweep "$TMP/laugh.yaml" --runs "$TMP/runs"
expect_in "$TMP/err" "error: YAML aliases are not supported"
printf 'workloads: [bfs]\nconfigs: [tiny]\nvariants: {v: &a {sm: *a}}\n' >"$TMP/loop.yaml"
expect_exit 2 timeout 60 "$SIMTREF" sweep "$TMP/loop.yaml" --runs "$TMP/runs"
expect_in "$TMP/err" "$TMP/loop.yaml:3:15: error: YAML aliases are not supported"
[ ! -e "$TMP/runs" ] || fail "sweep wrote $TMP/runs"

# A mapping used as a key of a workload (found by the hour-long run of
# fuzz_experiment): the "did you mean" hint read a key with no text.
printf 'workloads:\n  - {name: bfs, {a: 1}: x}\nconfigs: [tiny]\n' >"$TMP/mapkey.yaml"
expect_exit 2 "$SIMTREF" sweep "$TMP/mapkey.yaml" --runs "$TMP/runs"
expect_in "$TMP/err" "$TMP/mapkey.yaml:2:17: error: a key in a workload must be a word, not a list or a mapping"
[ ! -e "$TMP/runs" ] || fail "sweep wrote $TMP/runs"

finish
