# dyncta: its RTL builds beyond the named configurations, the parameter sets
# of its bench, and its planted faults (cmake/SimtrefUnits.cmake).

# The co-simulation test of the paused class (tests/units/dyncta/gpu_cosim.sh):
# tiny with a 256-cycle window and the thresholds scaled by 1/8.
st_unit_target(tests/units/dyncta/short_window.yaml)

# The bench (tests/units/dyncta/): beside the spec's defaults (dyncta30, and
# NTB=4 from tiny), strict and frozen; NTB 6 with a 48-cycle window and 5-bit
# counters; NTB 16; NTB 3 with a 9-cycle window; NTB 64 (a 384-bit rank port).
st_unit_params(spec_alt
  "NTB=8 CNT_W=11 PERIOD=2048 T_IDLE=16 T_MEM_L=128 T_MEM_H=384 INIT_N=1 FREEZE=1 STARVE_T=4096 STRICT=1")
st_unit_params(small
  "NTB=6 CNT_W=5 PERIOD=48 T_IDLE=3 T_MEM_L=6 T_MEM_H=20 INIT_N=0 FREEZE=1 STARVE_T=37 STRICT=1")
st_unit_params(wide
  "NTB=16 CNT_W=8 PERIOD=300 T_IDLE=10 T_MEM_L=40 T_MEM_H=120 INIT_N=2 FREEZE=1 STARVE_T=0 STRICT=0")
st_unit_params(tiny
  "NTB=3 CNT_W=3 PERIOD=9 T_IDLE=2 T_MEM_L=2 T_MEM_H=5 INIT_N=1 FREEZE=0 STARVE_T=3 STRICT=0")
st_unit_params(huge
  "NTB=64 CNT_W=9 PERIOD=256 T_IDLE=8 T_MEM_L=32 T_MEM_H=96 INIT_N=1 FREEZE=0 STARVE_T=100 STRICT=1")

# Planted faults: the regression's (tests/units/dyncta/gpu_cosim.sh:
# --cosim dyncta:short_window) on the spec's parameters, the others on the
# small set, whose short window and narrow counters reach every rule often.
st_unit_fault(short_window dyncta30 "the window ends one cycle early"
  rtl/dyncta.sv "localparam int unsigned WIN_LAST = PERIOD - 1;"
  "localparam int unsigned WIN_LAST = (PERIOD > 1) ? PERIOD - 2 : PERIOD - 1;")
st_unit_fault(idle_gt @small "C_idle >= T_IDLE tested as >"
  rtl/dyncta.sv "idle_hi = (32'(c_idle_nx) >= T_IDLE);" "idle_hi = (32'(c_idle_nx) > T_IDLE);")
st_unit_fault(mem_lo_inverted @small "the C_mem low test inverted (>= T_MEM_L)"
  rtl/dyncta.sv "mem_lo  = (32'(c_mem_nx) < T_MEM_L);" "mem_lo  = (32'(c_mem_nx) >= T_MEM_L);")
st_unit_fault(pause_oldest @small "the oldest CTAs paused instead of the youngest (not LIFO)"
  rtl/dyncta.sv "paused_o[b] = valid_q[b] && (N_W'(rk[b]) >= n_q);"
  "paused_o[b] = valid_q[b] && (n_cta_q - N_W'(1) - N_W'(rk[b]) >= n_q);")
st_unit_fault(c_mem_wraps @small "C_mem wraps instead of saturating"
  rtl/dyncta.sv "    .clr_i (1'b0),\n    .inc_i (ev_mem),"
  "    .clr_i (ev_mem && c_mem_q == '1),\n    .inc_i (ev_mem),")
st_unit_fault(exit_compact_one @small "a survivor moves up by at most one however many older CTAs left"
  rtl/dyncta.sv "if (gone[k] && rk[k] < rk[j]) older[j] = older[j] + 1'b1;"
  "if (gone[k] && rk[k] < rk[j]) older[j] = SLOT_W'(1);")
st_unit_fault(boost_early @small "the starvation boost one cycle early"
  rtl/dyncta.sv "localparam int unsigned BOOST_AT = STARVE_T;"
  "localparam int unsigned BOOST_AT = (STARVE_T > 1) ? STARVE_T - 1 : STARVE_T;")
st_unit_fault(paused0_stuck @small "slot 0's pause bit stuck at 0"
  rtl/dyncta.sv "    rank_o      = rank_q;" "    paused_o[0] = 1'b0;\n    rank_o      = rank_q;")
st_unit_fault(freeze_ignored @small "FREEZE ignored: windows decided while drained"
  rtl/dyncta.sv "if (FREEZE != 0 && drained_i) cls = DecFrozen;"
  "if (FREEZE != 0 && 1'b0) cls = DecFrozen;")
