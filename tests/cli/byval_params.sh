#!/bin/sh
# Workload files pass structs and arrays by value: {bytes: ...}, {file: ...}
# and {fields: [...]} give the same 56 bytes (the shape of lavaMD's dim_str)
# and the kernel sees them; a value of the wrong size or alignment is an
# error at the parameter's line and column, and nothing runs.
#   sh byval_params.sh PATH/TO/simtref SOURCE_DIR
. "$(dirname "$0")/lib.inc"
PTX=$SRC/tests/cli/byval/byval.ptx
HEX="03 00 00 00 00 00 00 00 64 00 00 00 00 00 00 00 00 00 00 3f 00 00 00 00
     00 00 00 00 00 00 d0 3f 01 02 03 04 05 06 07 08 09 0a 0b 0c 0d 0e 0f 10
     11 12 13 14 00 00 00 00"
# the 56 bytes as a file, and the two expected outputs
printf '%s' "$HEX" | tr -d ' \n' | sed 's/../\\x&/g' | xargs -0 printf > "$TMP/dim.bin"
cp "$TMP/dim.bin" "$TMP/raw.expected.bin"
# 3 * 0.5 + 0.25 + 100 + 20 = 121.75
printf '\000\000\000\000\000\160\136\100' > "$TMP/val.expected.bin"
expect_eq "$(wc -c < "$TMP/dim.bin" | tr -d ' ')" 56 "dim.bin size"

write() { # write NAME PARAM0
  cat > "$TMP/$1.yaml" <<YAML
ptx: $PTX
buffers:
  raw: {bytes: 56, init: zero, output: $1-raw.bin, expect: raw.expected.bin}
  val: {bytes: 8, init: zero, output: $1-val.bin, expect: val.expected.bin}
launches:
  - entry: echo_dim
    grid: 1
    block: 64
    params: [$2, {buffer: raw}, {buffer: val}]
YAML
}

write inline "{bytes: \"$(echo $HEX)\", align: 8}"
write file "{file: dim.bin}"
write fields "{fields: [{s32: 3}, {s32: 0}, {s64: 100}, {f32: 0.5}, {f64: 0.25}, {u8: 1}, {u8: 2}, {u8: 3}, {u8: 4}, {u8: 5}, {u8: 6}, {u8: 7}, {u8: 8}, {u8: 9}, {u8: 10}, {u8: 11}, {u8: 12}, {u8: 13}, {u8: 14}, {u8: 15}, {u8: 16}, {u8: 17}, {u8: 18}, {u8: 19}, {u8: 20}]}"
for form in inline file fields; do
  for mode in --functional ""; do
    expect_exit 0 "$SIMTREF" run "$TMP/$form.yaml" $mode
    expect_in "$TMP/out" "verdict: PASS"
    expect_in "$TMP/out" "raw: match"
  done
done

# errors: at the parameter's line:col (line 9, column 14 is the first
# parameter), exit status 2, no output file written
bad() { # bad NAME PARAM0 MESSAGE
  write "$1" "$2"
  rm -f "$TMP/$1-raw.bin"
  expect_exit 2 "$SIMTREF" run "$TMP/$1.yaml" --functional
  expect_in "$TMP/err" "$3"
  [ ! -e "$TMP/$1-raw.bin" ] || fail "$1: an output file was written"
}
bad scalar "{u64: 5}" "scalar.yaml:9:14: error: parameter 0 of echo_dim ('echo_dim_param_0') is a struct or array of 56 bytes passed by value"
bad short "{bytes: \"$(echo $HEX | cut -c4-)\"}" "short.yaml:9:14: error: parameter 0 of echo_dim ('echo_dim_param_0') has 56 bytes; the value given has 55"
bad align "{bytes: \"$(echo $HEX)\", align: 4}" "align.yaml:9:14: error: parameter 0 of echo_dim ('echo_dim_param_0') is declared .align 8; the file says align: 4"
bad badhex "{bytes: \"0g\"}" "badhex.yaml:9:22: error: bytes: 'g' is not a hexadecimal digit"
bad odd "{bytes: \"abc\"}" "odd.yaml:9:22: error: bytes: expected whole bytes (pairs of hexadecimal digits), got 3 digits"
bad nofile "{file: missing.bin}" "nofile.yaml:9:21: error: file: cannot read"
bad badfield "{fields: [{s32: 3}, {q32: 1}]}" "badfield.yaml:9:35: error: fields: unknown field kind 'q32'"
bad fieldsize "{fields: [{s32: 3}]}" "fieldsize.yaml:9:14: error: parameter 0 of echo_dim ('echo_dim_param_0') has 56 bytes; the value given has 4"
bad alignscalar "{u64: 5, align: 8}" "alignscalar.yaml:9:14: error: align applies to parameters passed by value"

[ "$failures" -eq 0 ] || { echo "$failures failure(s)"; exit 1; }
echo "ok: by-value parameters from bytes, a file and fields; 9 malformed ones rejected"
