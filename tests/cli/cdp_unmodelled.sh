#!/bin/sh
# A call of a device-runtime function the model does not provide (here
# tests/cdp/cdp.ptx with its parameter-buffer call renamed) stops the run
# before anything runs with its file:line:col and name, exit status 2, and
# no output file is written.
#   sh cdp_unmodelled.sh PATH/TO/simtref SOURCE_DIR
. "$(dirname "$0")/lib.inc"
sed 's/__cudaCDP2GetParameterBufferV2/__cudaCDP2GetParameterBufferV9/' \
  "$SRC/tests/cdp/cdp.ptx" > "$TMP/cdp.ptx"
cat > "$TMP/cdp.yaml" <<YAML
ptx: $TMP/cdp.ptx
buffers:
  out: {bytes: 256, init: zero, output: out.bin}
  sum: {bytes: 4, init: zero}
  flags: {bytes: 8, init: zero}
launches:
  - entry: _Z6parentPjS_S_j
    grid: 2
    block: 32
    params: [{buffer: out}, {buffer: sum}, {buffer: flags}, {u32: 64}]
YAML
for mode in --functional ""; do
  rm -f "$TMP/out.bin"
  expect_exit 2 "$SIMTREF" run "$TMP/cdp.yaml" $mode
  expect_in "$TMP/err" "cdp.ptx:100:2: error: device-runtime function not modelled '__cudaCDP2GetParameterBufferV9'"
  [ ! -e "$TMP/out.bin" ] || fail "an output file was written"
done
finish
