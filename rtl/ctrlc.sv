// Ctrl-C, instruction-aware control-loop adaptive L1 bypassing: the L1D policy, one per L1D.
// Contract and C model: cmodel/src/units/ctrlc/ctrlc.{h,c}, units/l1d_pc.h;
// docs/units/ctrlc.md. One evaluation per cache hook (op_i). 2^PC_BITS controllers indexed
// by the load's PC bits: AGG (bypass aggressiveness), BYP (bypasses since the last insertion),
// ZERO and INSERT (zero-reuse and all evictions of the PC's lines in the sampling period).
// A line's word is {reuse, ins_pc}.
//   bypass:   a global load misses while BYP < 2^AGG - 1                       (Alg. 11)
//   BYPASSED: BYP + 1;  INSERT by a load: BYP = 0; the new word {0, pc}
//   HIT, MERGE: the word's reuse bit set
//   EVICT:    the inserting PC's controller counts the eviction; at the end of its period
//             (2^CNT_W >> AGG evictions) AGG rises when 1000 x ZERO > THR_HI x INSERT and
//             falls when 1000 x ZERO < THR_LO x INSERT, saturating at AGG_MAX and 0 (Alg. 12)
module ctrlc #(
  parameter int unsigned PC_BITS = 7,    // 2^PC_BITS controllers
  parameter int unsigned AGG_MAX = 7,    // AGG saturates here; BYP is AGG_MAX bits
  parameter int unsigned CNT_W   = 10,   // ZERO and INSERT; the period at AGG 0 is 2^CNT_W
  parameter int unsigned THR_HI  = 400,  // per mille
  parameter int unsigned THR_LO  = 100,  // per mille
  localparam int unsigned N     = 1 << PC_BITS,
  localparam int unsigned AGG_W = simtref_pkg::idx_bits(AGG_MAX + 1),
  localparam int unsigned MW    = PC_BITS + 1
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

  localparam logic [2:0] OP_BYPASSED = 3'd2;
  localparam logic [2:0] OP_INSERT   = 3'd3;
  localparam logic [2:0] OP_HIT      = 3'd4;
  localparam logic [2:0] OP_MERGE    = 3'd5;
  localparam logic [2:0] OP_EVICT    = 3'd6;
  localparam logic [AGG_MAX-1:0] BYP_MAX = '1;

  logic [N*AGG_W-1:0]   agg_q    /*verilator public_flat_rw*/;
  logic [N*AGG_MAX-1:0] byp_q    /*verilator public_flat_rw*/;
  logic [N*CNT_W-1:0]   zero_q   /*verilator public_flat_rw*/;
  logic [N*CNT_W-1:0]   insert_q /*verilator public_flat_rw*/;
  logic [N*AGG_W-1:0]   agg_d;
  logic [N*AGG_MAX-1:0] byp_d;
  logic [N*CNT_W-1:0]   zero_d, insert_d;

  always_comb begin : outputs
    logic [AGG_W-1:0]   a;
    logic [AGG_MAX-1:0] b;
    a        = agg_q[32'(pc_i)*AGG_W +: AGG_W];
    b        = byp_q[32'(pc_i)*AGG_MAX +: AGG_MAX];
    bypass_o = load_i && (32'(b) < ((32'd1 << a) - 32'd1));
    meta_o   = meta_i;
    if (op_i == OP_INSERT) begin
      meta_o = {1'b0, pc_i};
    end else if (op_i == OP_HIT || op_i == OP_MERGE) begin
      meta_o = {1'b1, meta_i[PC_BITS-1:0]};
    end
  end

  always_comb begin : next_state
    logic [PC_BITS-1:0] e;
    logic [AGG_W-1:0]   a;
    logic [AGG_MAX-1:0] b;
    logic [CNT_W:0]     ins, zero, period;
    agg_d    = agg_q;
    byp_d    = byp_q;
    zero_d   = zero_q;
    insert_d = insert_q;
    e        = meta_i[PC_BITS-1:0];
    a        = agg_q[32'(e)*AGG_W +: AGG_W];
    b        = byp_q[32'(pc_i)*AGG_MAX +: AGG_MAX];
    ins      = {1'b0, insert_q[32'(e)*CNT_W +: CNT_W]} + (CNT_W+1)'(1);
    zero     = {1'b0, zero_q[32'(e)*CNT_W +: CNT_W]} + (CNT_W+1)'(!meta_i[PC_BITS]);
    period   = (CNT_W+1)'(1) << CNT_W >> a;
    if (op_i == OP_BYPASSED) begin
      byp_d[32'(pc_i)*AGG_MAX +: AGG_MAX] = (b != BYP_MAX) ? b + AGG_MAX'(1) : BYP_MAX;
    end else if (op_i == OP_INSERT && load_i) begin
      byp_d[32'(pc_i)*AGG_MAX +: AGG_MAX] = '0;
    end else if (op_i == OP_EVICT) begin
      if (ins >= period) begin
        if (32'(zero) * 32'd1000 > 32'(ins) * 32'(THR_HI)) begin
          agg_d[32'(e)*AGG_W +: AGG_W] = (32'(a) < AGG_MAX) ? a + AGG_W'(1) : a;
        end else if (32'(zero) * 32'd1000 < 32'(ins) * 32'(THR_LO)) begin
          agg_d[32'(e)*AGG_W +: AGG_W] = (a != '0) ? a - AGG_W'(1) : a;
        end
        insert_d[32'(e)*CNT_W +: CNT_W] = '0;
        zero_d[32'(e)*CNT_W +: CNT_W]   = '0;
      end else begin
        insert_d[32'(e)*CNT_W +: CNT_W] = ins[CNT_W-1:0];
        zero_d[32'(e)*CNT_W +: CNT_W]   = zero[CNT_W-1:0];
      end
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      agg_q    <= '0;
      byp_q    <= '0;
      zero_q   <= '0;
      insert_q <= '0;
    end else begin
      agg_q    <= agg_d;
      byp_q    <= byp_d;
      zero_q   <= zero_d;
      insert_q <= insert_d;
    end
  end

endmodule
