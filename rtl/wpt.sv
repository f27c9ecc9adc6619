// BAWS warp priority table: one per SM, shared by its warp schedulers and the
// CFF fetch arbiter. Contract and C model: cmodel/src/units/wpt.{h,c};
// spec/baws.md §1.3, §2; docs/units/wpt.md.
// One CNT_W-bit counter per TB slot: its warps waiting at a barrier. Per
// cycle a counter is cleared by a TB launch, then takes the events of each
// scheduler in order (an arrival, then an exit): +1 for an arrival (and for
// an exit with COUNT_EXITED), or cleared when the event released the
// barrier (release wins over that event's +1). So +0, +1, +2 or clear in
// one cycle with two schedulers. Saturating. The outputs are the registered
// counts: the start-of-cycle snapshot every reader sees.
module wpt #(
  parameter int unsigned NTB          = 8,  // TB slots of the SM
  parameter int unsigned NS           = 2,  // warp schedulers
  parameter int unsigned CNT_W        = 6,  // counter width
  parameter int unsigned COUNT_EXITED = 0,  // an exit counts like an arrival
  localparam int unsigned TB_W = simtref_pkg::idx_bits(NTB)
) (
  input  logic                 clk_i,
  input  logic                 rst_ni,
  input  logic [NS-1:0]        arr_valid_i,
  input  logic [NS*TB_W-1:0]   arr_tb_i,
  input  logic [NS-1:0]        arr_rel_i,
  input  logic [NS-1:0]        exit_valid_i,
  input  logic [NS*TB_W-1:0]   exit_tb_i,
  input  logic [NS-1:0]        exit_rel_i,
  input  logic [NTB-1:0]       tb_launch_i,
  output logic [NTB*CNT_W-1:0] cnt_o
);

  logic [NTB*CNT_W-1:0] cnt_q /*verilator public_flat_rw*/;
  logic [NTB*CNT_W-1:0] cnt_d;

  // Per TB slot a chain of saturating steps: the launch clear, then per
  // scheduler its arrival and its exit. Step k of the chain holds the count
  // before event k, at step[k*CNT_W +: CNT_W].
  for (genvar b = 0; b < NTB; b++) begin : g_tb
    logic [(2*NS+1)*CNT_W-1:0] step;

    assign step[0 +: CNT_W] = tb_launch_i[b] ? '0 : cnt_q[b*CNT_W +: CNT_W];

    for (genvar s = 0; s < NS; s++) begin : g_sched
      logic arr_hit, exit_hit;
      assign arr_hit  = arr_valid_i[s] && arr_tb_i[s*TB_W +: TB_W] == TB_W'(b);
      assign exit_hit = exit_valid_i[s] && exit_tb_i[s*TB_W +: TB_W] == TB_W'(b);

      // An arrival: +1, or cleared when it released the barrier.
      prim_sat_inc #(
        .W (CNT_W)
      ) u_arrival (
        .cnt_i (step[(2*s)*CNT_W +: CNT_W]),
        .clr_i (arr_hit && arr_rel_i[s]),
        .inc_i (arr_hit),
        .cnt_o (step[(2*s+1)*CNT_W +: CNT_W])
      );

      // An exit: cleared when it released the barrier, else +1 with COUNT_EXITED.
      prim_sat_inc #(
        .W (CNT_W)
      ) u_exit (
        .cnt_i (step[(2*s+1)*CNT_W +: CNT_W]),
        .clr_i (exit_hit && exit_rel_i[s]),
        .inc_i (exit_hit && COUNT_EXITED != 0),
        .cnt_o (step[(2*s+2)*CNT_W +: CNT_W])
      );
    end

    assign cnt_d[b*CNT_W +: CNT_W] = step[(2*NS)*CNT_W +: CNT_W];
  end

  assign cnt_o = cnt_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      cnt_q <= '0;
    end else begin
      cnt_q <= cnt_d;
    end
  end

endmodule
