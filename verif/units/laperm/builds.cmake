# laperm: its RTL builds beyond the named configurations, the parameter sets
# of its bench, and its planted faults (cmake/SimtrefUnits.cmake).

# The bench and the directed vectors (tests/units/laperm/): the K20c's 13 SMX
# with L = 4 and the Fig. 26 example's 4 SMX with one level, each in the three
# modes; 30 SMs with 8 levels; 2 SMs with 2 levels and 2-bit counts; the
# largest unit (32 SMs, 15 levels) with 3-bit counts, where equal counts, and
# so the tie-break, are common.
st_unit_params(k20c_tbpri     "NS=13 L=4 MODE=0 CNT_W=16")
st_unit_params(k20c_smxbind   "NS=13 L=4 MODE=1 CNT_W=16")
st_unit_params(k20c_adaptive  "NS=13 L=4 MODE=2 CNT_W=16")
st_unit_params(fig26_tbpri    "NS=4 L=1 MODE=0 CNT_W=16")
st_unit_params(fig26_smxbind  "NS=4 L=1 MODE=1 CNT_W=16")
st_unit_params(fig26_adaptive "NS=4 L=1 MODE=2 CNT_W=16")
st_unit_params(wide_tbpri     "NS=30 L=8 MODE=0 CNT_W=16")
st_unit_params(wide_adaptive  "NS=30 L=8 MODE=2 CNT_W=16")
st_unit_params(two_adaptive   "NS=2 L=2 MODE=2 CNT_W=2")
st_unit_params(max_adaptive   "NS=32 L=15 MODE=2 CNT_W=3")

# k20c under each LaPerm policy (full-GPU co-simulation, tests/units/laperm/gpu_cosim.sh).
st_unit_own_target(k20c,cta_scheduler.policy=laperm_tbpri)
st_unit_own_target(k20c,cta_scheduler.policy=laperm_smxbind)
st_unit_own_target(k20c,cta_scheduler.policy=laperm_adaptive)

# Planted faults.
st_unit_fault(lowest_first @k20c_tbpri "the lowest non-empty level served first"
  rtl/prim/prim_msb.sv "      if (vec_i[j]) begin" "      if (vec_i[j] && !found_o) begin")
st_unit_fault(pq0_first @fig26_smxbind "PQ0 served before the SM's own bound levels"
  rtl/laperm.sv "    if (|own_row) begin" "    if (|own_row && !ne0_i) begin")
st_unit_fault(not_sticky @k20c_adaptive "the backup is not sticky: a new one is chosen every time"
  rtl/laperm.sv "if (SM_W'(s) == kept_sm && nz[s]) kept_ok = kept_v;"
  "if (SM_W'(s) == kept_sm && nz[s]) kept_ok = 1'b0;")
st_unit_fault(tie_lowest_id @max_adaptive
  "a tie goes to the lowest SM id overall, not the first after smx"
  rtl/laperm.sv "SM_W'(simtref_pkg::ring_after(s, 32'(smx_i), NS))" "SM_W'(s)")
st_unit_fault(fewest_first @k20c_adaptive "the backup is the SM with the fewest queued blocks"
  rtl/laperm.sv "{~cnt_i[s*CNT_W +: CNT_W]," "{cnt_i[s*CNT_W +: CNT_W],")
st_unit_fault(take_ignored @k20c_adaptive
  "a new backup is remembered although the SM did not take it"
  rtl/laperm.sv "if (MODE == 2 && take_i && stage_o == StageSteal"
  "if (MODE == 2 && stage_o == StageSteal")
st_unit_fault(backup_bit0_stuck @wide_adaptive "bit 0 of a remembered backup stuck at 0"
  rtl/laperm.sv "backup_d[s*SM_W +: SM_W] = qsm_o;"
  "backup_d[s*SM_W +: SM_W] = qsm_o & ~SM_W'(1);")

# The full-GPU co-simulation test's fault (--cosim laperm:fewest_first_gpu) on k20c.
st_unit_fault(fewest_first_gpu k20c,cta_scheduler.policy=laperm_adaptive
  "the backup is the SM with the fewest queued blocks (k20c, Adaptive-Bind)"
  rtl/laperm.sv "{~cnt_i[s*CNT_W +: CNT_W]," "{cnt_i[s*CNT_W +: CNT_W],")
