# Test-only RTL builds of the BAWS units (small parameters) and their
# planted faults, for the RTL-vs-C bench (baws_cosim). Never linked into
# simtref: the builds simtref co-simulates with (gtx480 parameters) and the
# three mutants of the regression (flip_cmp, stuck_bit, bad_reset) are in
# verif/builds.cmake, and the bench uses them from simtref_cosim as well.
#
#   baws_rtl_build(NAME UNIT MUTANT PARAM=VALUE...)  (parameters in the order
#                                                     the unit's rtl_params writes)
#   st_rtl_mutant(MUTANT UNIT "text in rtl/UNIT.sv" "replacement")

set(S_CFF NWS=16 NS=2 NTB=4 CNT_W=3 AGE_W=4)
baws_rtl_build(baws_lrr_s      wsched_lrr "" NW=8)
baws_rtl_build(baws_gto_s      wsched_gto "" NW=8 AGE_W=4)
baws_rtl_build(baws_tls_s      wsched_tls "" NW=8 AGE_W=4 CAP=3)
baws_rtl_build(baws_mwf_lrr_s  wsched_mwf "" NW=16 NTB=4 CNT_W=3 VARIANT=0)
baws_rtl_build(baws_mwf_gto_s  wsched_mwf "" NW=16 NTB=4 CNT_W=3 VARIANT=1)
baws_rtl_build(baws_frr_s      fetch_rr   "" NWS=16)
baws_rtl_build(baws_cff_lrr_s  fetch_cff  "" ${S_CFF} MODE=0 SKIP_BAR=1)
baws_rtl_build(baws_cff_gto_s  fetch_cff  "" ${S_CFF} MODE=1 SKIP_BAR=1)
baws_rtl_build(baws_cff_mlrr_s fetch_cff  "" ${S_CFF} MODE=2 SKIP_BAR=1)
baws_rtl_build(baws_cff_mgto_s fetch_cff  "" ${S_CFF} MODE=3 SKIP_BAR=1)
baws_rtl_build(baws_cff_nskip_s fetch_cff "" ${S_CFF} MODE=2 SKIP_BAR=0)
baws_rtl_build(baws_wpt_s      wpt        "" NTB=4 NS=2 CNT_W=3 COUNT_EXITED=0)
baws_rtl_build(baws_wpt_ex_s   wpt        "" NTB=4 NS=2 CNT_W=3 COUNT_EXITED=1)

# Planted faults, at least one per unit (docs/units/<unit>.md says which
# coverage bin exposes each).
st_rtl_mutant(lrr_hold wsched_lrr
  "last_d       = grant_valid_o ? grant_o : last_q;" "last_d       = grant_o;")
st_rtl_mutant(gto_greedy_left wsched_gto
  "!(last_valid_q && last_q == IDX_W'(j) && valid_i[j])" "!(last_valid_q && last_q == IDX_W'(j))")
st_rtl_mutant(tls_rr_start wsched_tls "start = CNT_W'(p + 1);" "start = CNT_W'(p);")
st_rtl_mutant(mwf_launch wsched_mwf
  "last_valid_d[b]              = last_valid_q[b] && !tb_launch_i[b];"
  "last_valid_d[b]              = last_valid_q[b];")
st_rtl_mutant(rr_ptr fetch_rr "assign ptr_d = grant_valid_o ? grant_o : ptr_q;"
  "assign ptr_d = grant_o;")
st_rtl_mutant(cff_stale_ptr fetch_cff "lw      = tb_last_d[" "lw      = tb_last_q[")
st_rtl_mutant(cff_no_skip fetch_cff "cand[i] = eligible_i[i] && !(SKIP_BAR != 0 && at_bar_i[i]);"
  "cand[i] = eligible_i[i];")
st_rtl_mutant(wpt_no_sat wpt "else if (v[b] != '1) v[b] = v[b] + 1'b1;"
  "else v[b] = v[b] + 1'b1;")
st_rtl_mutant(wpt_exit_rel wpt "if (exit_rel_i[s]) v[b] = '0;"
  "if (exit_rel_i[s] && COUNT_EXITED != 0) v[b] = '0;")
baws_rtl_build(baws_lrr_s_m1   wsched_lrr lrr_hold        NW=8)
baws_rtl_build(baws_gto_s_m1   wsched_gto gto_greedy_left NW=8 AGE_W=4)
baws_rtl_build(baws_tls_s_m1   wsched_tls tls_rr_start    NW=8 AGE_W=4 CAP=3)
baws_rtl_build(baws_mwf_s_m1   wsched_mwf mwf_launch      NW=16 NTB=4 CNT_W=3 VARIANT=0)
baws_rtl_build(baws_frr_s_m1   fetch_rr   rr_ptr          NWS=16)
baws_rtl_build(baws_cff_s_m1   fetch_cff  cff_stale_ptr   ${S_CFF} MODE=2 SKIP_BAR=1)
baws_rtl_build(baws_cff_s_m2   fetch_cff  cff_no_skip     ${S_CFF} MODE=1 SKIP_BAR=1)
baws_rtl_build(baws_wpt_s_m1   wpt        wpt_no_sat      NTB=4 NS=2 CNT_W=3 COUNT_EXITED=0)
baws_rtl_build(baws_wpt_s_m2   wpt        wpt_exit_rel    NTB=4 NS=2 CNT_W=3 COUNT_EXITED=0)
