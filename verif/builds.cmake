# The RTL builds linked into simtref for co-simulation: one Verilated model
# per unit and parameter set (the parameters must equal what the unit's
# rtl_params() writes for the configuration, in the same order), and the
# planted-fault builds (mutants) the regression uses to show that
# co-simulation catches a faulty RTL.
#
#   st_rtl_build(NAME UNIT MUTANT PARAM=VALUE...)
#   st_rtl_mutant(MUTANT UNIT "text in rtl/UNIT.sv" "replacement")

# gtx480 (configs/gtx480.yaml): 48 warp slots, 2 schedulers, 8 TB slots.
st_rtl_build(wsched_lrr_g     wsched_lrr "" NW=24)
st_rtl_build(wsched_gto_g     wsched_gto "" NW=24 AGE_W=6)
st_rtl_build(wsched_tls_g     wsched_tls "" NW=24 AGE_W=6 CAP=6)
st_rtl_build(wsched_mwf_lrr_g wsched_mwf "" NW=24 NTB=8 CNT_W=6 VARIANT=0)
st_rtl_build(wsched_mwf_gto_g wsched_mwf "" NW=24 NTB=8 CNT_W=6 VARIANT=1)
st_rtl_build(fetch_rr_g       fetch_rr   "" NWS=48)
st_rtl_build(fetch_cff_lrr_g  fetch_cff  "" NWS=48 NS=2 NTB=8 CNT_W=6 AGE_W=6 MODE=0 SKIP_BAR=1)
st_rtl_build(fetch_cff_gto_g  fetch_cff  "" NWS=48 NS=2 NTB=8 CNT_W=6 AGE_W=6 MODE=1 SKIP_BAR=1)
st_rtl_build(fetch_cff_mlrr_g fetch_cff  "" NWS=48 NS=2 NTB=8 CNT_W=6 AGE_W=6 MODE=2 SKIP_BAR=1)
st_rtl_build(fetch_cff_mgto_g fetch_cff  "" NWS=48 NS=2 NTB=8 CNT_W=6 AGE_W=6 MODE=3 SKIP_BAR=1)
st_rtl_build(wpt_g            wpt        "" NTB=8 NS=2 CNT_W=6 COUNT_EXITED=0)
st_rtl_build(wpt_ex_g         wpt        "" NTB=8 NS=2 CNT_W=6 COUNT_EXITED=1)

# Planted faults (docs/cosim.md): a flipped comparison in MWF's argmin, a WPT
# counter bit stuck at 0, a wrong reset value of CFF's pointers.
st_rtl_mutant(flip_cmp wsched_mwf "key[j] < best" "key[j] > best")
st_rtl_mutant(stuck_bit wpt "cnt_q <= cnt_d;" "cnt_q <= cnt_d & ~{NTB{CNT_W'(2)}};")
st_rtl_mutant(bad_reset fetch_cff "tb_last_valid_q    <= '0;" "tb_last_valid_q    <= '1;")
st_rtl_build(wsched_mwf_gto_g_flip_cmp  wsched_mwf flip_cmp  NW=24 NTB=8 CNT_W=6 VARIANT=1)
st_rtl_build(wpt_g_stuck_bit            wpt        stuck_bit NTB=8 NS=2 CNT_W=6 COUNT_EXITED=0)
st_rtl_build(fetch_cff_mgto_g_bad_reset fetch_cff  bad_reset
             NWS=48 NS=2 NTB=8 CNT_W=6 AGE_W=6 MODE=3 SKIP_BAR=1)

# DYNCTA controller (cta_scheduler.policy dyncta; docs/units/dyncta.md). The
# dyncta30 and gtx480 configs both have 8 CTA slots, so with the default
# dyncta.* keys one build serves both. A second build has the 4 slots of
# configs/tiny.yaml and a window of 256 cycles with the thresholds scaled by
# 1/8 (the co-simulation test's config, tests/units/dyncta/gpu_cosim.sh), so
# that short runs take many decisions.
st_rtl_build(dyncta_g dyncta ""
             NTB=8 CNT_W=11 PERIOD=2048 T_IDLE=16 T_MEM_L=128 T_MEM_H=384 INIT_N=1 FREEZE=0
             STARVE_T=4096 STRICT=0)
st_rtl_build(dyncta_t dyncta ""
             NTB=4 CNT_W=11 PERIOD=256 T_IDLE=2 T_MEM_L=16 T_MEM_H=48 INIT_N=1 FREEZE=0
             STARVE_T=4096 STRICT=0)
# configs/tiny.yaml's LRR issue scheduler (16 warp slots, 2 schedulers), to
# co-simulate it with DYNCTA's paused class in the same test.
st_rtl_build(wsched_lrr_t wsched_lrr "" NW=8)
# Planted fault: the window ends one cycle early (rtl/dyncta.sv MUTANT 6).
st_rtl_mutant(short_window dyncta "parameter int unsigned MUTANT   = 0," "parameter int unsigned MUTANT   = 6,")
st_rtl_build(dyncta_g_short_window dyncta short_window
             NTB=8 CNT_W=11 PERIOD=2048 T_IDLE=16 T_MEM_L=128 T_MEM_H=384 INIT_N=1 FREEZE=0
             STARVE_T=4096 STRICT=0)
