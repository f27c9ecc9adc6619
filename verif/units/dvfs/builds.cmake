# dvfs: its RTL builds beyond the named configurations, the parameter sets
# of its bench, and its planted faults (cmake/SimtrefUnits.cmake).

# The bench and the directed vectors (tests/units/dvfs/). Order: NS MAXW S
# THR FULL W P DRAIN GLVL.
#   k20c        the K20c (13 SMX, 64 warps, 500-cycle samples, T = 0.0625,
#               W = 10, P = 500), as the GPU's own build below
#   one         one SM (never a target for itself), 4-cycle samples
#   two         two SMs, no GPU level, P < S
#   two_direct  two SMs without draining, P = W = 1
#   mid         13 SMs, 16 warps, P > S (a transition spans samples)
#   mid_direct  13 SMs without draining or GPU level, P > S
#   wide        32 SMs, 64 warps, 12-cycle samples
#   s1          a sample every cycle (S = 1)
#   widest      the widest counters: S = P = 65535, W = 255 (the
#               accumulator saturates only beyond MAXW warps)
st_unit_params(k20c       "NS=13 MAXW=64 S=500 THR=2000 FULL=32000 W=10 P=500 DRAIN=1 GLVL=1")
st_unit_params(one        "NS=1 MAXW=4 S=4 THR=2 FULL=16 W=2 P=3 DRAIN=1 GLVL=1")
st_unit_params(two        "NS=2 MAXW=8 S=8 THR=8 FULL=64 W=3 P=2 DRAIN=1 GLVL=0")
st_unit_params(two_direct "NS=2 MAXW=8 S=4 THR=4 FULL=32 W=1 P=1 DRAIN=0 GLVL=1")
st_unit_params(mid        "NS=13 MAXW=16 S=16 THR=16 FULL=256 W=4 P=40 DRAIN=1 GLVL=1")
st_unit_params(mid_direct "NS=13 MAXW=16 S=8 THR=8 FULL=128 W=2 P=20 DRAIN=0 GLVL=0")
st_unit_params(wide       "NS=32 MAXW=64 S=12 THR=48 FULL=768 W=6 P=5 DRAIN=1 GLVL=1")
st_unit_params(s1         "NS=4 MAXW=4 S=1 THR=1 FULL=4 W=2 P=1 DRAIN=1 GLVL=1")
st_unit_params(widest     "NS=2 MAXW=64 S=65535 THR=262140 FULL=4194240 W=255 P=65535 DRAIN=1 GLVL=1")

# k20c with the controller on (full-GPU co-simulation, tests/units/dvfs/gpu_cosim.sh).
st_unit_own_target(k20c,dvfs.enable=true)

# Planted faults.
st_unit_fault(thr_le @two "a sample with the accumulator equal to THR counts as a bubble (<= THR)"
  rtl/dvfs.sv "bub[i]   = (acc_n[i*ACC_W +: ACC_W] < ACC_W'(THR));"
  "bub[i]   = (acc_n[i*ACC_W +: ACC_W] <= ACC_W'(THR));")
st_unit_fault(resume_all @mid "every resume candidate of a sample resumes, not only the first"
  rtl/dvfs.sv "assign resume = cand & (~cand + NS'(1));" "assign resume = cand;")
st_unit_fault(drain_long @two "a drain is abandoned one sample late (dcnt >= W)"
  rtl/dvfs.sv "+ 1'b1 >= W1);" " >= W1);")
st_unit_fault(vlow_in_transition @mid "the low voltage is charged during an SM's transitions"
  rtl/dvfs.sv "assign vlow_o   = (lvl_q & ~xbusy)" "assign vlow_o   = (lvl_q | xbusy)")
st_unit_fault(target_ignores_fits @k20c "a diversion target need not fit the next block"
  rtl/dvfs.sv "fits_i[i] && !xbusy[i];" "!xbusy[i];")
st_unit_fault(sample_end_excluded @two
  "the sample's last cycle is left out of the bubble test (acc before the add)"
  rtl/dvfs.sv "bub[i]   = (acc_n[i*ACC_W +: ACC_W]" "bub[i]   = (acc_q[i*ACC_W +: ACC_W]")
st_unit_fault(gpu_entry_no_skip @mid
  "the sample that takes the GPU level low still runs the per-SM flow"
  rtl/dvfs.sv "(g_busy || g_enter)" "g_busy")
st_unit_fault(transition_not_skipped @mid_direct
  "an SM with a transition in progress still takes part in the sample"
  rtl/dvfs.sv "go         = run && !xbusy[i];" "go         = run;")

# The full-GPU co-simulation test's fault (--cosim dvfs:vlow_in_transition_gpu) on k20c:
# the low voltage charged during every transition, the SMs' and the GPU level's.
st_unit_fault(vlow_in_transition_gpu k20c,dvfs.enable=true
  "the low voltage is charged during transitions, the SMs' and the GPU level's (k20c)"
  rtl/dvfs.sv "assign vlow_o   = (lvl_q & ~xbusy)" "assign vlow_o   = (lvl_q | xbusy)")
st_unit_fault_edit(vlow_in_transition_gpu rtl/dvfs.sv
  "assign gvlow_o  = glvl_q && (gxcnt_q == '0);" "assign gvlow_o  = glvl_q || (gxcnt_q != '0);")
