#!/bin/sh
# simtref run --export-cuda DIR: the exported program replays the run. Each
# export is replayed on simtref (replay_sim) and every device-to-host copy
# must equal the recorded one; a changed expected byte is caught; where nvcc
# exists the program compiles. Bad uses write nothing.
#   sh export_cuda.sh PATH/TO/simtref SOURCE_DIR PATH/TO/replay_sim
. "$(dirname "$0")/../cli/lib.inc"
REPLAY=$3

exported() { # exported NAME ARGS...: export, check the files, replay on simtref
  name=$1
  shift
  expect_exit 0 "$SIMTREF" run "$@" --functional --export-cuda "$TMP/$name"
  expect_in "$TMP/out" "exported: a CUDA program replaying this run in $TMP/$name"
  for f in main.cu kernels.h replay.txt Makefile README; do
    [ -s "$TMP/$name/$f" ] || fail "$name: no $f"
  done
  ls "$TMP/$name"/src/*.cu "$TMP/$name"/src/*.ptx >/dev/null 2>&1 || fail "$name: no sources in src/"
  ls "$TMP/$name"/*.partial-* >/dev/null 2>&1 && fail "$name: a partial directory is left"
  expect_exit 0 "$REPLAY" "$TMP/$name"
  expect_in "$TMP/out" ", 0 differ"
}

exported bfs bfs                           # pointers, a host loop on a device flag
grep -q "^launch bfs_expand .* p:0:0 " "$TMP/bfs/replay.txt" || fail "bfs: pointer arguments not mapped to allocations"
exported kmn kmn                           # a __constant__ symbol written by the host
grep -q "^htodsym kmn_centres " "$TMP/kmn/replay.txt" || fail "kmn: no copy to its constant symbol"
grep -q '{"kmn_centres", (const void \*)&kmn_centres}' "$TMP/kmn/kernels.h" || fail "kmn: symbol table"
exported lmd lmd                           # a 56-byte struct passed by value
grep -q "^launch lmd_kernel .* b:[0-9a-f]\{112\} " "$TMP/lmd/replay.txt" || fail "lmd: the by-value struct"
exported scm scm                           # a kernel shared with another workload (../sc)
exported streams "$SRC/tests/timing/streams.yaml" -o "$TMP/streams-out"   # a workload file with streams
grep -q "^stream 1" "$TMP/streams/replay.txt" || fail "streams: no stream"

# a planted difference: one expected byte changed is reported, exit 1
f=$(ls "$TMP/bfs/expect" | tail -n 1)
printf '\377' | dd of="$TMP/bfs/expect/$f" bs=1 count=1 conv=notrunc 2>/dev/null
expect_exit 1 "$REPLAY" "$TMP/bfs"
expect_in "$TMP/out" "differ"
expect_in "$TMP/out" ", 1 differ"

# bad uses: nothing run, nothing written
mkdir -p "$TMP/full" && touch "$TMP/full/x"
expect_exit 2 "$SIMTREF" run bfs --functional --export-cuda "$TMP/full"
expect_in "$TMP/err" "exists and is not an empty directory (nothing was run)"
expect_exit 2 "$SIMTREF" run bfs --functional --export-cuda
expect_in "$TMP/err" "--export-cuda needs a directory"
# a workload file whose PTX has no .cu beside it
mkdir -p "$TMP/nocu"
cp "$SRC/tests/cli/byval/byval.ptx" "$TMP/nocu/"
cat > "$TMP/nocu/w.yaml" <<YAML
ptx: byval.ptx
buffers:
  raw: {bytes: 56, init: zero}
  val: {bytes: 8, init: zero}
launches:
  - entry: echo_dim
    grid: 1
    block: 64
    params: [{fields: [{s32: 3}, {s32: 0}, {s64: 100}, {f32: 0.5}, {f64: 0.25}, {u64: 0}, {u64: 0}, {u32: 0}]}, {buffer: raw}, {buffer: val}]
YAML
expect_exit 2 "$SIMTREF" run "$TMP/nocu/w.yaml" --functional --export-cuda "$TMP/nocu-out"
expect_in "$TMP/err" "no CUDA source beside"
[ ! -e "$TMP/nocu-out" ] || fail "an export without sources was written"
ls "$TMP"/nocu-out.partial-* >/dev/null 2>&1 && fail "a partial directory is left"
# a run that does not pass (stopped by its budget): nothing exported
expect_exit 3 "$SIMTREF" run bfs --functional -s sim.max_insts=1000 --export-cuda "$TMP/stopped"
[ ! -e "$TMP/stopped" ] || fail "a stopped run was exported"

# the program compiles where nvcc is installed
if command -v nvcc >/dev/null 2>&1; then
  if (cd "$TMP/lmd" && make >/dev/null 2>"$TMP/nvcc.err"); then
    [ -x "$TMP/lmd/replay" ] || fail "lmd: make made no replay program"
  else
    fail "lmd: the exported program does not compile: $(head -5 "$TMP/nvcc.err")"
  fi
else
  echo "nvcc not found: the exported program's compilation is not checked"
fi

[ "$failures" -eq 0 ] || { echo "$failures failure(s)"; exit 1; }
echo "ok: exports of bfs, kmn, lmd, scm and a workload file replay on simtref; a changed byte is caught"
