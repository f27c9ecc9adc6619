// PC-based adaptive L1D bypassing with confidence counters (Tian et al., GPGPU'15, as the
// Ctrl-C chapter models it): the L1D policy, one per L1D. Contract and C model:
// cmodel/src/units/pcbypass/pcbypass.{h,c}, units/l1d_pc.h; docs/units/pcbypass.md.
// 2^PC_BITS counters of CNT_W bits indexed by the load's PC bits; a line's word is
// {reuse, ins_pc}.
//   bypass: a global load misses while its PC's counter is saturated
//   INSERT: the new word {0, pc};  HIT, MERGE: the reuse bit set
//   at the edge: EVICT of a line never reused raises its inserting PC's counter, a HIT lowers
//   the hit line's inserting PC's counter (saturating at 2^CNT_W - 1 and 0)
module pcbypass #(
  parameter int unsigned PC_BITS = 7,  // 2^PC_BITS counters
  parameter int unsigned CNT_W   = 3,  // counter width
  localparam int unsigned N  = 1 << PC_BITS,
  localparam int unsigned MW = PC_BITS + 1
) (
  input  logic               clk_i,
  input  logic               rst_ni,
  input  logic [2:0]         op_i,
  input  logic [PC_BITS-1:0] pc_i,
  input  logic               load_i,
  input  logic [MW-1:0]      meta_i,
  output logic               bypass_o,
  output logic [MW-1:0]      meta_o
);

  localparam logic [2:0] OP_INSERT = 3'd3;
  localparam logic [2:0] OP_HIT    = 3'd4;
  localparam logic [2:0] OP_MERGE  = 3'd5;
  localparam logic [2:0] OP_EVICT  = 3'd6;
  localparam logic [CNT_W-1:0] CNT_MAX = '1;

  logic [N*CNT_W-1:0] cnt_q /*verilator public_flat_rw*/;
  logic [N*CNT_W-1:0] cnt_d;

  always_comb begin : outputs
    bypass_o = load_i && (cnt_q[32'(pc_i)*CNT_W +: CNT_W] == CNT_MAX);
    meta_o   = meta_i;
    if (op_i == OP_INSERT) begin
      meta_o = {1'b0, pc_i};
    end else if (op_i == OP_HIT || op_i == OP_MERGE) begin
      meta_o = {1'b1, meta_i[PC_BITS-1:0]};
    end
  end

  always_comb begin : next_state
    logic [PC_BITS-1:0] e;
    logic [CNT_W-1:0]   c;
    cnt_d = cnt_q;
    e     = meta_i[PC_BITS-1:0];
    c     = cnt_q[32'(e)*CNT_W +: CNT_W];
    if (op_i == OP_EVICT && !meta_i[PC_BITS]) begin
      cnt_d[32'(e)*CNT_W +: CNT_W] = (c != CNT_MAX) ? c + CNT_W'(1) : c;
    end else if (op_i == OP_HIT) begin
      cnt_d[32'(e)*CNT_W +: CNT_W] = (c != '0) ? c - CNT_W'(1) : c;
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      cnt_q <= '0;
    end else begin
      cnt_q <= cnt_d;
    end
  end

endmodule
