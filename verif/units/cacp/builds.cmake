# cacp: its RTL builds beyond the named configurations, the parameter sets of its bench, and
# its planted faults (cmake/SimtrefUnits.cmake).

# The configuration CAWA evaluates (16-way L1D, 8 critical ways) with CACP on: linked into
# simtref for `simtref run -c gtx480-cawa -s l1d.policy=cacp --cosim cacp`.
st_unit_target("gtx480-cawa,l1d.policy=cacp")

# The bench and the directed vectors (tests/units/cacp/): a 4-way set split 2 + 2 (line
# signature, 128 B lines), the 16-way 8 + 8 split of gtx480-cawa, and an uneven 8-way split
# with the byte signature and threshold 0.
st_unit_params(small "WAYS=4 CWAYS=2 THR=1 SIG_SHIFT=7")
st_unit_params(wide "WAYS=16 CWAYS=8 THR=1 SIG_SHIFT=7")
st_unit_params(odd "WAYS=8 CWAYS=3 THR=0 SIG_SHIFT=0")

st_unit_fault(cacp_victim_mru "gtx480-cawa,l1d.policy=cacp" "the victim is the way with the smallest RRPV"
  rtl/cacp.sv "if (!best_found || rr > best_rr) begin" "if (!best_found || rr < best_rr) begin")
st_unit_fault(cacp_no_aging @small "a replacement does not age the partition's other lines"
  rtl/cacp.sv "age      = replaced_i ? 2'd3 - old_meta_i[11:10] : 2'd0;" "age      = 2'd0;")
st_unit_fault(cacp_thr_ge @small "critical when CCBP >= THR (not >)"
  rtl/cacp.sv "> 2'(THR));" ">= 2'(THR));")
st_unit_fault(cacp_ccbp_no_dec @small "a critical-way line reused by non-critical warps only does not lower CCBP"
  rtl/cacp.sv "ccbp_d[{es, 1'b0} +: 2] = ccbp_q[{es, 1'b0} +: 2] - 2'd1;" "ccbp_d[{es, 1'b0} +: 2] = ccbp_q[{es, 1'b0} +: 2];")
st_unit_fault(cacp_ship_reset2 @small "SHiP resets to 2 (not 1)"
  rtl/cacp.sv "ship_q <= {256{2'b01}};" "ship_q <= {256{2'b10}};")
st_unit_fault(cacp_store_trains @small "a store hit trains the tables like a load"
  rtl/cacp.sv "if (op_i == OP_HIT && load_i) begin" "if (op_i == OP_HIT && (load_i || store_i)) begin")
st_unit_fault(cacp_crit_dirty @odd "clean_only does not skip dirty ways"
  rtl/cacp.sv "!(clean_only_i && wdirty_i[w])" "1'b1")
