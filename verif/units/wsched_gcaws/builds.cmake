# wsched_gcaws: its RTL builds beyond the named configurations, the parameter sets of its
# bench, and its planted faults (cmake/SimtrefUnits.cmake).

# The bench and the directed vectors (tests/units/wsched_gcaws/): 8 warps, 4-bit ages, 6-bit
# criticality (so that the random bench hits equal values and the extremes).
st_unit_params(small "NW=8 AGE_W=4 CRIT_W=6")

st_unit_fault(gcaws_least_critical @small "the least critical warp goes first (crit not inverted)"
  rtl/wsched_gcaws.sv "~crit_i[j*CRIT_W +: CRIT_W]" "crit_i[j*CRIT_W +: CRIT_W]")
st_unit_fault(gcaws_not_greedy "gtx480,sm.warp_scheduler=gcaws" "no greedy warp: the most critical ready warp every cycle"
  rtl/wsched_gcaws.sv "{!(last_valid_q && last_q == IDX_W'(j) && valid_i[j])," "{1'b1,")
