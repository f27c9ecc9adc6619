# synth/argmin-equiv: rtl/prim/prim_argmin.sv (a tree of two-way picks) computes
# the same function as the linear scan it replaced (tests/synth/ref/
# prim_argmin_scan.sv): Yosys's SAT solver proves found_o and idx_o equal for
# every input, at the sizes the units use and at odd ones. A planted fault
# (ties go to the higher index) must be caught.
#
# usage: argmin_equiv.sh SIMTREF SOURCE_DIR  (SIMTREF unused: the cli/lib.inc
# convention)
. "$(dirname "$0")/../cli/lib.inc"

# prove DIR N KEY_W: exit status 0 if the tree in DIR equals the scan.
prove() {
  cat >"$TMP/top.sv" <<EOT
module argmin_eq (
  input  logic [$2-1:0]    valid_i,
  input  logic [$2*$3-1:0] key_i,
  output logic             same_o
);
  localparam int unsigned IDX_W = simtref_pkg::idx_bits($2);
  logic f_tree, f_scan;
  logic [IDX_W-1:0] i_tree, i_scan;
  prim_argmin #(.N($2), .KEY_W($3)) u_tree (.valid_i, .key_i, .found_o(f_tree), .idx_o(i_tree));
  prim_argmin_scan #(.N($2), .KEY_W($3)) u_scan (.valid_i, .key_i, .found_o(f_scan), .idx_o(i_scan));
  assign same_o = (f_tree == f_scan) && (i_tree == i_scan);
endmodule
EOT
  yosys -q -l "$TMP/yosys.log" -p "read_verilog -sv $SRC/rtl/simtref_pkg.sv $1/prim_argmin.sv \
    $SRC/tests/synth/ref/prim_argmin_scan.sv $TMP/top.sv; hierarchy -top argmin_eq; proc; \
    flatten; opt -fast; sat -prove same_o 1 -verify" >/dev/null 2>&1
}

# The element counts of the units (gtx480: 24 warps per scheduler, 48 per SM;
# dyncta30: 32), small odd ones, and a 15-bit key; the SAT problem grows fast
# with N x KEY_W (32 x 6 takes a minute and a half), so the large counts run
# with narrow keys: the tree is the same generate code at every width.
for case in "1 4" "2 1" "3 2" "5 3" "7 1" "8 4" "13 5" "16 15" "24 3" "32 3" "48 2"; do
  set -- $case
  if ! prove "$SRC/rtl/prim" "$1" "$2" || ! grep -q "SUCCESS" "$TMP/yosys.log"; then
    fail "prim_argmin N=$1 KEY_W=$2 is not the linear scan"
    tail -5 "$TMP/yosys.log" >&2
  fi
done

# Planted: a pick that keeps the higher index on equal keys.
mkdir -p "$TMP/planted"
sed 's/node_key\[Hi\*KEY_W +: KEY_W\] < node_key\[Lo\*KEY_W +: KEY_W\]/node_key[Hi*KEY_W +: KEY_W] <= node_key[Lo*KEY_W +: KEY_W]/' \
  "$SRC/rtl/prim/prim_argmin.sv" >"$TMP/planted/prim_argmin.sv"
cmp -s "$SRC/rtl/prim/prim_argmin.sv" "$TMP/planted/prim_argmin.sv" && fail "the planted change did not apply"
if prove "$TMP/planted" 8 4; then
  fail "the proof passed on a tree that breaks ties towards the higher index"
fi
grep -q "FAIL" "$TMP/yosys.log" || fail "no failed proof in the planted run's log"

finish
