# pcbypass: the parameter sets of its bench and its planted faults (cmake/SimtrefUnits.cmake).
# gtx480's RTL build (PC_BITS=7 CNT_W=3) comes from the configuration itself
# (l1d.policy pcbypass).

# The bench and the directed vectors (tests/units/pcbypass/): 8 counters of 3 bits, and 4
# one-bit counters.
st_unit_params(small "PC_BITS=3 CNT_W=3")
st_unit_params(tiny "PC_BITS=2 CNT_W=1")

st_unit_fault(pcb_bypass_early gtx480 "bypass one step before saturation"
  rtl/pcbypass.sv "bypass_o = load_i && (cnt_q[32'(pc_i)*CNT_W +: CNT_W] == CNT_MAX);"
  "bypass_o = load_i && (cnt_q[32'(pc_i)*CNT_W +: CNT_W] >= CNT_MAX - CNT_W'(1));")
st_unit_fault(pcb_hit_no_dec @small "a hit does not lower the counter"
  rtl/pcbypass.sv "cnt_d[32'(e)*CNT_W +: CNT_W] = (c != '0) ? c - CNT_W'(1) : c;"
  "cnt_d[32'(e)*CNT_W +: CNT_W] = c;")
st_unit_fault(pcb_merge_dec @small "an MSHR merge lowers the counter like a hit"
  rtl/pcbypass.sv "end else if (op_i == OP_HIT) begin" "end else if (op_i == OP_HIT || op_i == OP_MERGE) begin")
st_unit_fault(pcb_reused_inc @small "an eviction raises the counter whether or not the line was reused"
  rtl/pcbypass.sv "if (op_i == OP_EVICT && !meta_i[PC_BITS]) begin" "if (op_i == OP_EVICT) begin")
