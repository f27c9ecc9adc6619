# simtref area flow: synthesise one RTL unit (rtl/<unit>.sv and the rtl/prim/
# modules it instantiates) for one parameter
# set to generic gates and write Yosys statistics. docs/area.md describes the
# method; `simtref area` runs this script and turns the statistics into
# NAND2 equivalents and mm^2.
#
# Run:  ST_UNIT=wpt ST_PARAMS="NTB=8 NS=2 CNT_W=6 COUNT_EXITED=0" ST_OUT=out \
#         yosys -q -c synth/flow.tcl
#
# Environment:
#   ST_UNIT     the module (and file) name, e.g. wsched_mwf           (required)
#   ST_PARAMS   Verilog parameter overrides "NAME=VALUE ...", as the C unit's
#               rtl_params() writes them                               (optional)
#   ST_OUT      folder for the statistics                              (required)
#   ST_RTL      the RTL folder (default: ../rtl beside this script), with prim/
#   ST_LIBERTY  the cell library (default: simtref_generic.lib beside this
#               script)                                              (optional)
#   ST_GATES    1: also map onto Yosys's internal gates (cross-check) (optional)
#   ST_GENERIC  0: leave out the generic mapping (cells.stat, gates.stat)  (optional)
#   ST_ASAP7    an uncompressed ASAP7 liberty (synth/lib/asap7_rvt_tt.lib.gz):
#               also map onto it, with buffering and sizing, and time it  (optional)
#   ST_NETLIST  1: also write the ASAP7 netlist (asap7.v)                 (optional)
#
# Writes into ST_OUT:
#   coarse.stat   word-level cells after coarse synthesis (`stat -width`):
#                 the registers ($adff_W ... one per register of W bits)
#   cells.stat    the netlist mapped onto the library: cells by type and
#                 "Chip area" (in NAND2 equivalents for simtref_generic.lib)
#   gates.stat    with ST_GATES=1: cells by type of Yosys's generic gates
#   macros.stat   the storage arrays: per elaborated array module (RTLIL dump), its
#                 DEPTH and WIDTH
#   asap7.stat    with ST_ASAP7: the netlist mapped onto ASAP7 (cells, area in um^2)
#   asap7_abc.log with ST_ASAP7: ABC's static timing of that netlist (`stime -p`):
#                 the longest combinational path, in ps, and its end points

yosys -import

proc need {name} {
  if {![info exists ::env($name)] || $::env($name) eq ""} {
    puts stderr "flow.tcl: error: $name is not set"
    exit 2
  }
  return $::env($name)
}

set unit [need ST_UNIT]
set out  [need ST_OUT]
set here [file dirname [file normalize [info script]]]
set rtl  [file join [file dirname $here] rtl]
if {[info exists ::env(ST_RTL)] && $::env(ST_RTL) ne ""} { set rtl $::env(ST_RTL) }
set params ""
if {[info exists ::env(ST_PARAMS)]} { set params $::env(ST_PARAMS) }

# The shared primitives (rtl/prim/prim_X.sv, module prim_X) the unit uses: those
# whose name appears as a word in its source or in a primitive already taken. Only
# they are read, so that adding a primitive file does not change how Yosys numbers
# and orders the others' cells (which moved unrelated units' mapped areas by up to
# 10% when every file was read).
proc read_text {path} {
  set f [open $path r]
  set t [read $f]
  close $f
  return $t
}
set unit_sv [file join $rtl $unit.sv]
if {![file exists $unit_sv]} {
  puts stderr "flow.tcl: error: no RTL file $unit_sv"
  exit 2
}
set all_prims [lsort [glob -nocomplain -directory [file join $rtl prim] *.sv]]
set used {}
set scan [list [read_text $unit_sv]]
while {[llength $scan] > 0} {
  set text [lindex $scan 0]
  set scan [lrange $scan 1 end]
  foreach p $all_prims {
    set name [file rootname [file tail $p]]
    if {[lsearch -exact $used $p] < 0 && [regexp "\\m${name}\\M" $text]} {
      lappend used $p
      lappend scan [read_text $p]
    }
  }
}

# -defer: elaborate once, with the parameters (read_verilog then chparam
# elaborates twice, which doubles the time of the larger units).
read_verilog -defer -sv [file join $rtl simtref_pkg.sv] {*}[lsort $used] $unit_sv
set chparams {}
foreach p $params {
  set kv [split $p =]
  if {[llength $kv] != 2} {
    puts stderr "flow.tcl: error: bad parameter '$p' (expected NAME=VALUE)"
    exit 2
  }
  lappend chparams -chparam [lindex $kv 0] [lindex $kv 1]
}
hierarchy -check -top $unit {*}$chparams

# Storage arrays (modules with the simtref_sram attribute: rtl/prim/prim_ram_1r1w.sv) are
# not synthesised: each elaborated array module's name and DEPTH and WIDTH parameters go
# to macros.stat, then it becomes a black box that the rest of the flow keeps as a cell,
# which cells.stat lists under the same module name.
tee -q -o [file join $out macros.stat] dump A:simtref_sram w:wdata_i %i
blackbox A:simtref_sram

# Coarse (word-level) synthesis, flattened: registers are still whole words.
synth -flatten -top $unit -run :fine
tee -q -o [file join $out coarse.stat] stat -width

# Fine: gate-level cells, every flip-flop a plain D flip-flop with its
# asynchronous reset (a load enable becomes a multiplexer in the logic).
memory_map
techmap
opt_clean
dfflegalize -cell {$_DFF_PN0_} 01 -cell {$_DFF_PN1_} 01 -cell {$_DFF_P_} 01
design -save pre_abc

# The estimate: flip-flops onto the library's DFF/DFFR/DFFS, logic mapped
# by ABC onto its gates for area. The ABC script (structural rewriting dc2,
# choice computation dch, then map) lands within -13%..+16% of ABC's default
# script on the units where that finishes, and takes seconds where the
# default runs for more than ten minutes (wsched_tls); `abc -fast` gives
# 20-100% more area (docs/area.md, Uncertainty).
set abc_script {+strash;dc2;dch,-f;map}
set generic 1
if {[info exists ::env(ST_GENERIC)] && $::env(ST_GENERIC) eq "0"} { set generic 0 }
if {$generic} {
  set lib [file join $here simtref_generic.lib]
  if {[info exists ::env(ST_LIBERTY)] && $::env(ST_LIBERTY) ne ""} { set lib $::env(ST_LIBERTY) }
  dfflibmap -liberty $lib
  abc -script $abc_script -liberty $lib
  opt_clean
  tee -q -o [file join $out cells.stat] stat -liberty $lib

  # Cross-check (ST_GATES=1): the same netlist onto Yosys's own generic gates
  # (NOT NAND NOR AOI3 OAI3 AOI4 OAI4 XOR XNOR MUX and $_DFF_*), which the
  # command prices with the library's areas.
  if {[info exists ::env(ST_GATES)] && $::env(ST_GATES) eq "1"} {
    design -load pre_abc
    abc -script $abc_script -g cmos4,XOR,XNOR,MUX
    opt_clean
    tee -q -o [file join $out gates.stat] stat
  }
}

# ASAP7 (ST_ASAP7): the same netlist onto the real library. Flip-flops become
# DFFASRHQNx1 (the library's only flip-flop with an asynchronous reset; its set
# input tied off) or DFFHQNx1. ABC maps for delay with area recovery (as above),
# then buffers high-fanout nets (buffer -p), sizes gates up on the critical path
# (upsize) and down off it (dnsize), and reports the longest combinational path
# with the liberty's delay tables (stime -p): between flip-flops, unit inputs
# (arrival 0) and unit outputs (no load). The flip-flop's own clock-to-output and
# setup times are added by `simtref area` (docs/area.md, "Delay").
if {[info exists ::env(ST_ASAP7)] && $::env(ST_ASAP7) ne ""} {
  set a7 $::env(ST_ASAP7)
  design -load pre_abc
  dfflibmap -liberty $a7
  # Every unit input and flip-flop output (ABC's primary inputs) is driven by an
  # INVx1, and every unit output (a primary output) drives an FO4 load, 4 x INVx1's
  # input (2.48 fF): without them ABC takes the inputs as ideal drivers and sizes
  # the gate after a weak flip-flop up without limit (fetch_rr's path was then 30%
  # shorter in ABC than in OpenSTA on the same netlist; tests/synth/sta_crosscheck.sh).
  set constr [file join $out asap7.constr]
  set cf [open $constr w]
  puts $cf "set_driving_cell INVx1_ASAP7_75t_R"
  puts $cf "set_load 2.48"
  close $cf
  tee -q -o [file join $out asap7_abc.log] \
    abc -script "$abc_script;topo;buffer,-p;upsize;dnsize;stime,-p" -liberty $a7 -constr $constr
  opt_clean
  tee -q -o [file join $out asap7.stat] stat -liberty $a7
  # ST_NETLIST=1: the mapped netlist as plain Verilog (constants as tie cells,
  # buses split into bits) for a static timing tool (synth/sta_check.sh).
  if {[info exists ::env(ST_NETLIST)] && $::env(ST_NETLIST) eq "1"} {
    hilomap -hicell TIEHIx1_ASAP7_75t_R H -locell TIELOx1_ASAP7_75t_R L
    splitnets -ports
    opt_clean
    write_verilog -noattr -noexpr [file join $out asap7.v]
  }
}
