// Issue scheduler, BAWS Most-Waiting-First: one per warp scheduler.
// Contract and C model: cmodel/src/units/wsched_mwf.{h,c}; spec/baws.md §1.4,
// §1.6; docs/units/wsched_mwf.md.
// key = {CMAX - cnt[tb], tb, within-TB rank}: TBs with more warps waiting at
// a barrier first (the WPT counts, registered in the wpt unit), then the
// smaller TB slot; inside a TB round robin after the TB's warp issued last
// (VARIANT 0) or that warp first and then the smallest index (VARIANT 1).
// One last-issued pointer per TB slot, cleared when a TB launches into it.
module wsched_mwf #(
  parameter int unsigned NW      = 24,  // warps of the scheduler
  parameter int unsigned NTB     = 8,   // TB slots of the SM
  parameter int unsigned CNT_W   = 6,   // width of a WPT count
  parameter int unsigned VARIANT = simtref_pkg::MWF_VARIANT_LRR,
  localparam int unsigned IDX_W = simtref_pkg::idx_bits(NW),
  localparam int unsigned TB_W  = simtref_pkg::idx_bits(NTB),
  localparam int unsigned RK_W  = (VARIANT == simtref_pkg::MWF_VARIANT_GTO)
                                  ? simtref_pkg::idx_bits(NW + 1) : IDX_W,
  localparam int unsigned KEY_W = CNT_W + TB_W + RK_W
) (
  input  logic                 clk_i,
  input  logic                 rst_ni,
  input  logic [NW-1:0]        ready_i,
  input  logic [NW*TB_W-1:0]   tb_i,
  input  logic [NTB*CNT_W-1:0] cnt_i,
  input  logic [NTB-1:0]       tb_launch_i,
  output logic                 grant_valid_o,
  output logic [IDX_W-1:0]     grant_o,
  output logic [NW*KEY_W-1:0]  key_o
);

  logic [NTB-1:0]       last_valid_q /*verilator public_flat_rw*/;
  logic [NTB*IDX_W-1:0] last_q       /*verilator public_flat_rw*/;
  logic [NTB-1:0]       last_valid_d;
  logic [NTB*IDX_W-1:0] last_d;

  logic [TB_W-1:0]  tb [NW];
  logic [IDX_W-1:0] lw [NW];    // the last-issued warp of warp j's TB
  logic             lv [NW];    // ... valid
  logic [RK_W-1:0]  rank [NW];
  logic [KEY_W-1:0] key [NW];
  logic [TB_W-1:0]  grant_tb;

  always_comb begin : order
    for (int unsigned j = 0; j < NW; j++) begin
      tb[j] = tb_i[j*TB_W +: TB_W];
      lw[j] = last_q[32'(tb[j])*IDX_W +: IDX_W];
      lv[j] = last_valid_q[tb[j]];
      if (VARIANT == simtref_pkg::MWF_VARIANT_GTO) begin
        rank[j] = (lv[j] && lw[j] == IDX_W'(j)) ? '0 : RK_W'(j + 1);
      end else begin
        rank[j] = lv[j] ? RK_W'(simtref_pkg::ring_after(j, 32'(lw[j]), NW)) : RK_W'(j);
      end
      key[j] = {~cnt_i[32'(tb[j])*CNT_W +: CNT_W], tb[j], rank[j]};
      key_o[j*KEY_W +: KEY_W] = key[j];
    end
  end

  // The grant: the first ready warp with the smallest key.
  prim_argmin #(
    .N     (NW),
    .KEY_W (KEY_W)
  ) u_pick (
    .valid_i (ready_i),
    .key_i   (key_o),
    .found_o (grant_valid_o),
    .idx_o   (grant_o)
  );

  always_comb begin : next_state
    grant_tb = tb_i[32'(grant_o)*TB_W +: TB_W];
    for (int unsigned b = 0; b < NTB; b++) begin
      last_valid_d[b]              = last_valid_q[b] && !tb_launch_i[b];
      last_d[b*IDX_W +: IDX_W]     = tb_launch_i[b] ? '0 : last_q[b*IDX_W +: IDX_W];
      if (grant_valid_o && grant_tb == TB_W'(b)) begin
        last_valid_d[b]          = 1'b1;
        last_d[b*IDX_W +: IDX_W] = grant_o;
      end
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      last_valid_q <= '0;
      last_q       <= '0;
    end else begin
      last_valid_q <= last_valid_d;
      last_q       <= last_d;
    end
  end

endmodule
