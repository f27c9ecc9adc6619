# ctrlc: the parameter sets of its bench and its planted faults (cmake/SimtrefUnits.cmake).
# gtx480's RTL build (PC_BITS=7 AGG_MAX=7 CNT_W=10 THR_HI=400 THR_LO=100, Table 5.2) comes from
# the configuration itself (l1d.policy ctrlc).

# The bench and the directed vectors (tests/units/ctrlc/): "small" has 8 controllers and a
# period of 16 evictions at AGG 0 (2 at AGG 3) so that the random bench reaches every AGG;
# "thr" has thresholds that fall on whole evictions (0.25 and 0.125 of 16).
st_unit_params(small "PC_BITS=3 AGG_MAX=3 CNT_W=4 THR_HI=400 THR_LO=100")
st_unit_params(thr "PC_BITS=2 AGG_MAX=3 CNT_W=4 THR_HI=250 THR_LO=125")

st_unit_fault(ctrlc_reuse_ignored gtx480 "every eviction counts as zero-reuse (the reuse bit ignored)"
  rtl/ctrlc.sv "(CNT_W+1)'(!meta_i[PC_BITS]);" "(CNT_W+1)'(1);")
st_unit_fault(ctrlc_period_late @small "the period ends one eviction late (ins > period)"
  rtl/ctrlc.sv "if (ins >= period) begin" "if (ins > period) begin")
st_unit_fault(ctrlc_byp_kept @small "an insertion does not clear BYP"
  rtl/ctrlc.sv "byp_d[32'(pc_i)*AGG_MAX +: AGG_MAX] = '0;" "byp_d[32'(pc_i)*AGG_MAX +: AGG_MAX] = b;")
st_unit_fault(ctrlc_agg_wraps @small "AGG does not saturate at AGG_MAX"
  rtl/ctrlc.sv "(32'(a) < AGG_MAX) ? a + AGG_W'(1) : a;" "a + AGG_W'(1);")
st_unit_fault(ctrlc_bypass_le @small "one bypass too many per insertion (BYP <= 2^AGG - 1)"
  rtl/ctrlc.sv "bypass_o = load_i && (32'(b) < ((32'd1 << a) - 32'd1));"
  "bypass_o = load_i && (32'(b) <= ((32'd1 << a) - 32'd1));")
st_unit_fault(ctrlc_low_ge @thr "AGG falls at a zero-reuse fraction equal to the low threshold"
  rtl/ctrlc.sv "end else if (32'(zero) * 32'd1000 < 32'(ins) * 32'(THR_LO)) begin"
  "end else if (32'(zero) * 32'd1000 <= 32'(ins) * 32'(THR_LO)) begin")
