# fetch_cff: its RTL builds beyond the named configurations, the parameter
# sets of its bench, and its planted faults (cmake/SimtrefUnits.cmake).

# The bench and the directed vectors (tests/units/fetch_cff/): 16 warp slots,
# 2 schedulers, 4 TB slots, 3-bit counts, every mode, and MWF(LRR) without
# the barrier skip.
st_unit_params(lrr "NWS=16 NS=2 NTB=4 CNT_W=3 AGE_W=4 MODE=0 SKIP_BAR=1")
st_unit_params(gto "NWS=16 NS=2 NTB=4 CNT_W=3 AGE_W=4 MODE=1 SKIP_BAR=1")
st_unit_params(mwf_lrr "NWS=16 NS=2 NTB=4 CNT_W=3 AGE_W=4 MODE=2 SKIP_BAR=1")
st_unit_params(mwf_gto "NWS=16 NS=2 NTB=4 CNT_W=3 AGE_W=4 MODE=3 SKIP_BAR=1")
st_unit_params(mwf_lrr_noskip "NWS=16 NS=2 NTB=4 CNT_W=3 AGE_W=4 MODE=2 SKIP_BAR=0")

# The regression's fault (tests/cosim: simtref run --cosim fetch:bad_reset).
st_unit_fault(bad_reset "gtx480,sm.warp_scheduler=mwf_gto,sm.fetch_arbiter=cff"
  "the TB last-fetched-valid flags reset to 1 instead of 0"
  rtl/fetch_cff.sv "tb_last_valid_q    <= '0;" "tb_last_valid_q    <= '1;")
st_unit_fault(cff_stale_ptr @mwf_lrr "the within-TB rank reads the registered pointer, not this cycle's"
  rtl/fetch_cff.sv "lw      = tb_last_d[" "lw      = tb_last_q[")
st_unit_fault(cff_no_skip @gto "warps waiting at a barrier are fetched for (SKIP_BAR ignored)"
  rtl/fetch_cff.sv "cand[i] = eligible_i[i] && !(SKIP_BAR != 0 && at_bar_i[i]);"
  "cand[i] = eligible_i[i];")
