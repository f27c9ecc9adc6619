// Fetch arbiter, BAWS Critical-Fetch-First: one per SM.
// Contract and C model: cmodel/src/units/fetch_cff.{h,c}; spec/baws.md §1.5,
// §1.6, §7 A7-A10; docs/units/fetch_cff.md.
// Runs after issue in the same cycle: this cycle's issue grants bypass the
// pointer registers (post-issue pointers, a later scheduler overwriting an
// earlier one), and the grant is the candidate (eligible, and with SKIP_BAR
// not at a barrier) with the smallest key of the issue policy, SM-wide:
//   MODE 2/3 (MWF): {CMAX - cnt[tb], tb, within-TB rank from the SM-level
//                   last-issued pointer of the TB}
//   MODE 1 (GTO):   {not a scheduler's greedy warp, age}
//   MODE 0 (LRR):   round robin after the warp the SM issued last
// Only the pointers a MODE uses are kept; the others stay zero (Yosys removes
// those constant flops).
module fetch_cff #(
  parameter int unsigned NWS      = 48,  // warp slots of the SM
  parameter int unsigned NS       = 2,   // warp schedulers
  parameter int unsigned NTB      = 8,   // TB slots
  parameter int unsigned CNT_W    = 6,   // width of a WPT count
  parameter int unsigned AGE_W    = 6,   // width of an age rank
  parameter int unsigned MODE     = simtref_pkg::CFF_MODE_MWF_GTO,
  parameter int unsigned SKIP_BAR = 1,   // never fetch for a warp at a barrier
  localparam int unsigned IDX_W = simtref_pkg::idx_bits(NWS),
  localparam int unsigned TB_W  = simtref_pkg::idx_bits(NTB),
  localparam bit          MWF   = (MODE == simtref_pkg::CFF_MODE_MWF_LRR) ||
                                  (MODE == simtref_pkg::CFF_MODE_MWF_GTO),
  localparam int unsigned RK_W  = (MODE == simtref_pkg::CFF_MODE_MWF_GTO)
                                  ? simtref_pkg::idx_bits(NWS + 1) : IDX_W,
  localparam int unsigned KEY_W = MWF ? CNT_W + TB_W + RK_W
                                  : (MODE == simtref_pkg::CFF_MODE_GTO) ? AGE_W + 1 : IDX_W
) (
  input  logic                 clk_i,
  input  logic                 rst_ni,
  input  logic [NWS-1:0]       eligible_i,
  // Waiver: which of the following inputs a MODE (or SKIP_BAR) reads is a
  // parameter choice; the ports exist in every build so that the C model's
  // fetch_cff_in maps onto them one to one.
  /* verilator lint_off UNUSEDSIGNAL */
  input  logic [NWS-1:0]       at_bar_i,
  input  logic [NWS*TB_W-1:0]  tb_i,
  input  logic [NWS*AGE_W-1:0] age_i,
  input  logic [NTB*CNT_W-1:0] cnt_i,
  input  logic [NTB-1:0]       tb_launch_i,
  /* verilator lint_on UNUSEDSIGNAL */
  input  logic [NS-1:0]        issue_valid_i,
  input  logic [NS*IDX_W-1:0]  issue_warp_i,
  output logic                 grant_valid_o,
  output logic [IDX_W-1:0]     grant_o
);

  logic [NTB-1:0]       tb_last_valid_q    /*verilator public_flat_rw*/;
  logic [NTB*IDX_W-1:0] tb_last_q          /*verilator public_flat_rw*/;
  logic [NS-1:0]        sched_last_valid_q /*verilator public_flat_rw*/;
  logic [NS*IDX_W-1:0]  sched_last_q       /*verilator public_flat_rw*/;
  logic                 sm_last_valid_q    /*verilator public_flat_rw*/;
  logic [IDX_W-1:0]     sm_last_q          /*verilator public_flat_rw*/;
  // post-issue pointers, which are also the next state
  logic [NTB-1:0]       tb_last_valid_d;
  logic [NTB*IDX_W-1:0] tb_last_d;
  logic [NS-1:0]        sched_last_valid_d;
  logic [NS*IDX_W-1:0]  sched_last_d;
  logic                 sm_last_valid_d;
  logic [IDX_W-1:0]     sm_last_d;

  logic [IDX_W-1:0] iw [NS];  // warp issued by scheduler s
  logic [TB_W-1:0]  itb [NS]; // its TB slot
  logic [TB_W-1:0]  tb [NWS];
  logic [KEY_W-1:0] key [NWS];
  logic [NWS*KEY_W-1:0] keys;  // key[i] at [i*KEY_W +: KEY_W]
  logic [NWS-1:0]   cand;
  logic             greedy;
  logic [IDX_W-1:0] lw;
  logic             lv;

  always_comb begin : post_issue
    for (int unsigned s = 0; s < NS; s++) begin
      iw[s]  = issue_warp_i[s*IDX_W +: IDX_W];
      itb[s] = tb_i[32'(iw[s])*TB_W +: TB_W];
    end
    tb_last_valid_d    = '0;
    tb_last_d          = '0;
    sched_last_valid_d = '0;
    sched_last_d       = '0;
    sm_last_valid_d    = 1'b0;
    sm_last_d          = '0;
    if (MWF) begin
      for (int unsigned b = 0; b < NTB; b++) begin
        tb_last_valid_d[b]          = tb_last_valid_q[b] && !tb_launch_i[b];
        tb_last_d[b*IDX_W +: IDX_W] = tb_launch_i[b] ? '0 : tb_last_q[b*IDX_W +: IDX_W];
        for (int unsigned s = 0; s < NS; s++) begin
          if (issue_valid_i[s] && itb[s] == TB_W'(b)) begin
            tb_last_valid_d[b]          = 1'b1;
            tb_last_d[b*IDX_W +: IDX_W] = iw[s];
          end
        end
      end
    end else if (MODE == simtref_pkg::CFF_MODE_GTO) begin
      for (int unsigned s = 0; s < NS; s++) begin
        sched_last_valid_d[s]          = issue_valid_i[s] || sched_last_valid_q[s];
        sched_last_d[s*IDX_W +: IDX_W] = issue_valid_i[s] ? iw[s]
                                         : sched_last_q[s*IDX_W +: IDX_W];
      end
    end else begin
      sm_last_valid_d = sm_last_valid_q;
      sm_last_d       = sm_last_q;
      for (int unsigned s = 0; s < NS; s++) begin
        if (issue_valid_i[s]) begin
          sm_last_valid_d = 1'b1;
          sm_last_d       = iw[s];
        end
      end
    end
  end

  always_comb begin : order
    for (int unsigned i = 0; i < NWS; i++) begin
      tb[i]   = tb_i[i*TB_W +: TB_W];
      cand[i] = eligible_i[i] && !(SKIP_BAR != 0 && at_bar_i[i]);
      greedy  = 1'b0;
      lw      = tb_last_d[32'(tb[i])*IDX_W +: IDX_W];
      lv      = tb_last_valid_d[tb[i]];
      if (MODE == simtref_pkg::CFF_MODE_MWF_GTO) begin
        key[i] = KEY_W'({~cnt_i[32'(tb[i])*CNT_W +: CNT_W], tb[i],
                         (lv && lw == IDX_W'(i)) ? RK_W'(0) : RK_W'(i + 1)});
      end else if (MODE == simtref_pkg::CFF_MODE_MWF_LRR) begin
        key[i] = KEY_W'({~cnt_i[32'(tb[i])*CNT_W +: CNT_W], tb[i],
                         lv ? RK_W'(simtref_pkg::ring_after(i, 32'(lw), NWS)) : RK_W'(i)});
      end else if (MODE == simtref_pkg::CFF_MODE_GTO) begin
        for (int unsigned s = 0; s < NS; s++) begin
          if (sched_last_valid_d[s] && sched_last_d[s*IDX_W +: IDX_W] == IDX_W'(i)) greedy = 1'b1;
        end
        key[i] = KEY_W'({!greedy, age_i[i*AGE_W +: AGE_W]});
      end else begin
        key[i] = sm_last_valid_d ? KEY_W'(simtref_pkg::ring_after(i, 32'(sm_last_d), NWS))
                                 : KEY_W'(i);
      end
      keys[i*KEY_W +: KEY_W] = key[i];
    end
  end

  // The grant: the first candidate with the smallest key.
  prim_argmin #(
    .N     (NWS),
    .KEY_W (KEY_W)
  ) u_pick (
    .valid_i (cand),
    .key_i   (keys),
    .found_o (grant_valid_o),
    .idx_o   (grant_o)
  );

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      tb_last_valid_q    <= '0;
      tb_last_q          <= '0;
      sched_last_valid_q <= '0;
      sched_last_q       <= '0;
      sm_last_valid_q    <= 1'b0;
      sm_last_q          <= '0;
    end else begin
      tb_last_valid_q    <= tb_last_valid_d;
      tb_last_q          <= tb_last_d;
      sched_last_valid_q <= sched_last_valid_d;
      sched_last_q       <= sched_last_d;
      sm_last_valid_q    <= sm_last_valid_d;
      sm_last_q          <= sm_last_d;
    end
  end

endmodule
