# synth/sta-crosscheck: the ASAP7 path `simtref area --lib asap7` reports (ABC's
# static timing of the mapped netlist, plus the flip-flop's clock-to-Q and setup)
# against OpenSTA's on the same netlist: the minimum clock period OpenSTA's
# worst setup path needs (reset paths left out; unit inputs at time 0 with ideal
# drive, unit outputs unloaded). They must agree within 25% (docs/area.md,
# "Delay"); a planted slow netlist (the linear-scan arg-min) must not.
. "$(dirname "$0")/../cli/lib.inc"

gzip -dc "$SRC/synth/lib/asap7_rvt_tt.lib.gz" >"$TMP/asap7.lib"

# sta_period UNIT PARAMS: writes OpenSTA's minimum period (ps) to $TMP/period.
sta_period() {
  mkdir -p "$TMP/$1"
  ST_UNIT=$1 ST_PARAMS=$2 ST_OUT="$TMP/$1" ST_RTL="${RTL:-$SRC/rtl}" ST_GENERIC=0 \
    ST_ASAP7="$TMP/asap7.lib" ST_NETLIST=1 yosys -q -c "$SRC/synth/flow.tcl" \
    >"$TMP/$1/yosys.log" 2>&1 || { fail "$1: yosys failed"; return 1; }
  cat >"$TMP/$1/sta.tcl" <<EOT
read_liberty $TMP/asap7.lib
read_verilog $TMP/$1/asap7.v
link_design $1
create_clock -name clk -period 10000 [get_ports clk_i]
set_input_delay 0 -clock clk [delete_from_list [all_inputs] [get_ports clk_i]]
set_output_delay 0 -clock clk [all_outputs]
set_false_path -from [get_ports rst_ni]
report_worst_slack -digits 2
exit
EOT
  sta -no_splash "$TMP/$1/sta.tcl" >"$TMP/$1/sta.rpt" 2>&1
  if grep -q "Warning\|Error" "$TMP/$1/sta.rpt"; then
    fail "$1: OpenSTA warned:"
    head -5 "$TMP/$1/sta.rpt" >&2
  fi
  awk '/worst slack/ { print 10000 - $3 }' "$TMP/$1/sta.rpt" >"$TMP/period"
  [ -s "$TMP/period" ] || { fail "$1: no worst slack from OpenSTA"; return 1; }
}

# ours UNIT CONFIG...: the path column of simtref area --lib asap7.
ours() {
  u=$1
  shift
  "$SIMTREF" area --lib asap7 "$@" "$u" -j 1 >"$TMP/ours" 2>"$TMP/ours.err" ||
    fail "simtref area --lib asap7 $u failed"
  awk -v u="$u" '$1 == u { print $8; exit }' "$TMP/ours"
}

check() { # UNIT PARAMS CONFIG...
  unit=$1
  params=$2
  shift 2
  sta_period "$unit" "$params" || return
  sta=$(cat "$TMP/period")
  our=$(ours "$unit" "$@")
  echo "$unit: simtref $our ps, OpenSTA $sta ps"
  awk -v a="$our" -v b="$sta" 'BEGIN { d = (b - a) / a; exit !(d < 0.25 && d > -0.25) }' ||
    fail "$unit: simtref's path $our ps and OpenSTA's $sta ps differ by more than 25%"
}

check wpt "NTB=8 NS=2 CNT_W=6 COUNT_EXITED=0" -s sm.warp_scheduler=mwf_gto -s sm.fetch_arbiter=cff
check dyncta "NTB=8 CNT_W=11 PERIOD=2048 T_IDLE=16 T_MEM_L=128 T_MEM_H=384 INIT_N=1 FREEZE=0 STARVE_T=4096 STRICT=0" -c dyncta30
check fetch_rr "NWS=32" -c dyncta30

# The check can fail: the linear-scan arg-min (tests/synth/ref/prim_argmin_scan.sv)
# in OpenSTA's netlist against simtref's figure for the tree.
mkdir -p "$TMP/rtl-scan/prim"
cp "$SRC"/rtl/*.sv "$TMP/rtl-scan/"
cp "$SRC"/rtl/prim/*.sv "$TMP/rtl-scan/prim/"
sed 's/^module prim_argmin_scan /module prim_argmin /' "$SRC/tests/synth/ref/prim_argmin_scan.sv" \
  >"$TMP/rtl-scan/prim/prim_argmin.sv"
RTL="$TMP/rtl-scan" sta_period fetch_rr "NWS=32"
slow=$(cat "$TMP/period")
tree=$(ours fetch_rr -c dyncta30)
awk -v a="$tree" -v b="$slow" 'BEGIN { exit !((b - a) / a > 0.25) }' ||
  fail "the linear scan's OpenSTA period ($slow ps) is within 25% of the tree's ($tree ps)"

finish
