# agt: its RTL builds beyond the named configurations, the parameter sets of its bench, and
# its planted faults (cmake/SimtrefUnits.cmake).

# k20c (DTBL's machine, dtbl.enable true): AGT_W=10 NKDE=32 LINK=1; under LaPerm, LINK=0.
st_unit_own_target(k20c,cta_scheduler.policy=rr)
st_unit_own_target(k20c,cta_scheduler.policy=laperm_tbpri)

# The bench (tests/units/agt/): a 16-entry table with 4 kernels, where conflicts, refusals
# and frees are frequent; the same without links (LaPerm) and with a 3-bit block count
# (saturation); 512 entries; 2048 entries with 64 kernels (the widest build).
st_unit_params(small "AGT_W=4 NKDE=4 EXE_W=16 LINK=1")
st_unit_params(small_nolink "AGT_W=4 NKDE=4 EXE_W=3 LINK=0")
st_unit_params(narrow "AGT_W=5 NKDE=3 EXE_W=2 LINK=1")
st_unit_params(w9 "AGT_W=9 NKDE=8 EXE_W=16 LINK=1")
st_unit_params(w11 "AGT_W=11 NKDE=64 EXE_W=16 LINK=1")

# Planted faults, on the small set.
st_unit_fault(hash_short @small "the hash takes one bit of the hardware thread index fewer"
  rtl/agt.sv "assign ind     = hwtid_i[AGT_W-1:0];"
  "assign ind     = {1'b0, hwtid_i[AGT_W-2:0]};")
st_unit_fault(lagei_kept @small "LAGEI not updated when a group is appended to a list"
  rtl/agt.sv "end\n                lagei_n = r;" "end")
st_unit_fault(free_busy @small "GROUP_DONE frees the entry while its blocks execute"
  rtl/agt.sv "if (exe_r == '0) begin" "if (1'b1) begin")
st_unit_fault(first_kept @small "the first bit not cleared at NATIVE_DONE"
  rtl/agt.sv "first_n = 1'b0;\n          kde_we  = 1'b1;" "kde_we  = 1'b1;")
st_unit_fault(nvalid_no_dec @small "the valid-entry count not lowered when an entry is freed"
  rtl/agt.sv " - (AGT_W+1)'(free_e)" "")
st_unit_fault(next_stale @small "the last group's Next read from the array (stale from the entry's previous group)"
  rtl/agt.sv "assign next_r   = (ref_i == lagei_k) ? 32'd0 : next_w;" "assign next_r   = next_w;")

# The full-GPU co-simulation test's fault (tests/units/agt/gpu_cosim.sh: --cosim agt:free_busy_gpu)
# on k20c's parameters.
st_unit_fault(free_busy_gpu k20c,cta_scheduler.policy=rr
  "GROUP_DONE frees the entry while its blocks execute (k20c)"
  rtl/agt.sv "if (exe_r == '0) begin" "if (1'b1) begin")
