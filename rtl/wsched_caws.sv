// Issue scheduler, the CAWS oracle criticality-aware warp scheduler (CAWA dissertation Ch.3):
// one per warp scheduler. Contract and C model: cmodel/src/units/wsched_caws/wsched_caws.{h,c};
// docs/units/wsched_caws.md.
// One CNT_W-bit priority counter per warp, smaller first: key = {counter, age}, the grant is
// the ready warp with the smallest key (ties to the oldest). On a grant the granted warp's
// counter takes the reset value of its level (critical RST_CRIT, normal RST_NORM, fast
// RST_FAST) and every other counter decrements, saturating at 0; no grant, no change. A warp
// whose TB was placed since the last edge (launch_i) goes on from its index j.
module wsched_caws #(
  parameter int unsigned NW       = 24,  // warps of the scheduler
  parameter int unsigned AGE_W    = 6,   // width of an age rank
  parameter int unsigned CNT_W    = 6,   // width of a priority counter
  parameter int unsigned RST_CRIT = 40,  // counter of a critical warp after it issues
  parameter int unsigned RST_NORM = 48,  // ... of a normal warp
  parameter int unsigned RST_FAST = 60,  // ... of a fast warp
  localparam int unsigned IDX_W = simtref_pkg::idx_bits(NW),
  localparam int unsigned KEY_W = CNT_W + AGE_W
) (
  input  logic                clk_i,
  input  logic                rst_ni,
  // Waiver: valid_i is part of the unit's contract (wsched_caws_in maps onto the ports one to
  // one) but the order reads only the ready warps; an empty slot's counter is reloaded when its
  // next warp is launched.
  /* verilator lint_off UNUSEDSIGNAL */
  input  logic [NW-1:0]       valid_i,
  /* verilator lint_on UNUSEDSIGNAL */
  input  logic [NW-1:0]       ready_i,
  input  logic [NW-1:0]       launch_i,
  input  logic [NW*2-1:0]     level_i,
  input  logic [NW*AGE_W-1:0] age_i,
  output logic                grant_valid_o,
  output logic [IDX_W-1:0]    grant_o,
  output logic [NW*KEY_W-1:0] key_o
);

  // The level encoding (wsched_caws.h): 0 normal, 1 critical, 2 fast, 3 read as normal.
  localparam logic [1:0] LvlCritical = 2'd1;
  localparam logic [1:0] LvlFast     = 2'd2;

  logic [NW*CNT_W-1:0] cnt_q /*verilator public_flat_rw*/;
  logic [NW*CNT_W-1:0] cnt_d;
  logic [NW*CNT_W-1:0] cnt_eff;  // the counters of this cycle: a launched warp's index

  always_comb begin : order
    for (int unsigned j = 0; j < NW; j++) begin
      cnt_eff[j*CNT_W +: CNT_W] = launch_i[j] ? CNT_W'(j) : cnt_q[j*CNT_W +: CNT_W];
      key_o[j*KEY_W +: KEY_W]   = {cnt_eff[j*CNT_W +: CNT_W], age_i[j*AGE_W +: AGE_W]};
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
    for (int unsigned j = 0; j < NW; j++) begin
      logic [CNT_W-1:0] c;
      logic [1:0]       lv;
      c  = cnt_eff[j*CNT_W +: CNT_W];
      lv = level_i[j*2 +: 2];
      if (!grant_valid_o) begin
        cnt_d[j*CNT_W +: CNT_W] = c;
      end else if (grant_o == IDX_W'(j)) begin
        cnt_d[j*CNT_W +: CNT_W] = (lv == LvlCritical) ? CNT_W'(RST_CRIT) :
                                  (lv == LvlFast)     ? CNT_W'(RST_FAST) : CNT_W'(RST_NORM);
      end else begin
        cnt_d[j*CNT_W +: CNT_W] = (c != '0) ? c - CNT_W'(1) : '0;
      end
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
