# cpl: its RTL builds beyond the named configurations, the parameter sets of its bench, and
# its planted faults (cmake/SimtrefUnits.cmake).

# The bench and the directed vectors (tests/units/cpl/): 8 warp slots in 4 TB slots, two
# schedulers, narrow counters (6-bit nInst, 12-bit crit) that the random bench saturates.
st_unit_params(small "NW=8 NS=2 NTB=4 NINST_W=6 CRIT_W=12")
st_unit_params(wide "NW=8 NS=2 NTB=4 NINST_W=16 CRIT_W=24")

st_unit_fault(cpl_backward_sub @small "a backward branch lowers nInst (the literal reading of Alg. 5)"
  rtl/cpl.sv "if (n <= c) begin" "if (n > c + 32'd1) begin")
st_unit_fault(cpl_gap_full "gtx480,sm.warp_scheduler=gcaws" "the whole issue gap counts as stall (no -1)"
  rtl/cpl.sv "((gap != 0) ? (CRIT_W+1)'(gap - 1) : '0)" "(CRIT_W+1)'(gap)")
st_unit_fault(cpl_tbmax_dead @small "a warp that exited still counts in its TB's largest crit"
  rtl/cpl.sv "if (live_i[x] && tb_i[x*TB_W +: TB_W] == TB_W'(b) &&"
  "if (tb_i[x*TB_W +: TB_W] == TB_W'(b) &&")
