# wpt: its RTL builds beyond the named configurations, the parameter sets of
# its bench, and its planted faults (cmake/SimtrefUnits.cmake).

# sm.mwf_count_exited (COUNT_EXITED=1) on the gtx480 shape.
st_unit_target("gtx480,sm.mwf_count_exited=true")

# The bench and the directed vectors (tests/units/wpt/): 4 TB slots with
# 3-bit counters, which TBs of up to 16 warps saturate.
st_unit_params(small "NTB=4 NS=2 CNT_W=3 COUNT_EXITED=0")
st_unit_params(small_ex "NTB=4 NS=2 CNT_W=3 COUNT_EXITED=1")

# The regression's fault (tests/cosim: simtref run --cosim wpt:stuck_bit).
st_unit_fault(stuck_bit "gtx480,sm.warp_scheduler=mwf_lrr" "bit 1 of every count register stuck at 0"
  rtl/wpt.sv "cnt_q <= cnt_d;" "cnt_q <= cnt_d & ~{NTB{CNT_W'(2)}};")
# (In its own copy of the saturating step: the other builds are not touched.)
st_unit_fault(wpt_no_sat @small "an increment no longer saturates: the counter wraps"
  rtl/prim/prim_sat_inc.sv "else if (inc_i && cnt_i != '1)  cnt_o" "else if (inc_i)  cnt_o")
st_unit_fault(wpt_exit_rel @small "an exit's barrier release is ignored unless exits are counted"
  rtl/wpt.sv ".clr_i (exit_hit && exit_rel_i[s]),"
  ".clr_i (exit_hit && exit_rel_i[s] && COUNT_EXITED != 0),")
