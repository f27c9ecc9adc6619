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

# The regression's fault (tests/units/dyncta/gpu_cosim.sh: --cosim dyncta:short_window).
st_unit_fault(short_window dyncta30 "the window ends one cycle early"
  rtl/dyncta.sv "parameter int unsigned MUTANT   = 0," "parameter int unsigned MUTANT   = 6,")
