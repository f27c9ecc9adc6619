// dvfs: the SMX-occupancy-bubble controller (thread-block diversion,
// draining, per-SM and GPU-level DVFS), one per GPU.
// Contract and C model: cmodel/src/units/dvfs/dvfs.{h,c}; spec
// dtbl-laperm-dvfs.md §1.4, §2, §6.2, §7 #20-#23; docs/units/dvfs.md.
//
// Every cycle each SM's accumulator adds its active warps (active_i,
// saturating) and each P-state transition in progress counts down; at 0 the
// settled level takes the transition's target. The cycle with cnt_q == S-1
// ends a sample (sample_o), and its edge runs the per-sample flow on the
// accumulators with that cycle's warps included, from the registers as they
// were (every SM in parallel):
//   GPU level (GLVL): every SM idle and nothing pending -> down; low and
//     pending -> up; the per-SM flow is skipped while the GPU level is low,
//     in transition, or going low now.
//   Per SM with no transition in progress:
//     not diverted, acc < THR, some target SM (not diverted,
//       THR <= acc < FULL, fits_i, no transition)  -> diverted; down now if
//       idle or !DRAIN, else draining (dcnt 0)
//     draining: idle -> down; dcnt+1 >= W -> abandoned; else dcnt+1
//     diverted and low: a resume candidate if pending and no non-diverted
//       SM fits; the lowest-numbered candidate resumes (up)
//   The accumulators and cnt_q clear.
// Outputs are combinational from the registers (fits_i and the others
// enter only the edge). The DVFS register of §1.4.4 is derived: bit i+1 is
// lvl | (transition to low in progress), bit 0 the same for the GPU level.
module dvfs #(
  parameter int unsigned NS    = 13,     // SMs, 1..32
  // Waiver: MAXW documents the warp slots behind FULL (= MAXW * S), which
  // is passed in whole; the logic reads FULL.
  /* verilator lint_off UNUSEDPARAM */
  parameter int unsigned MAXW  = 64,     // warp slots per SM, 1..64
  /* verilator lint_on UNUSEDPARAM */
  parameter int unsigned S     = 500,    // cycles per sample, 1..65535
  parameter int unsigned THR   = 2000,   // bubble threshold, warp-cycles per sample
  parameter int unsigned FULL  = 32000,  // MAXW * S: a full SM's warp-cycles per sample
  parameter int unsigned W     = 10,     // samples a drain may take, 1..255
  parameter int unsigned P     = 500,    // cycles of a P-state transition, 1..65535
  parameter int unsigned DRAIN = 1,      // drain before the low P-state
  parameter int unsigned GLVL  = 1,      // GPU-level DVFS
  localparam int unsigned ACT_W  = 7,    // active warps of an SM
  localparam int unsigned ACC_W  = 22,   // an accumulator (64 x 65535 fits)
  localparam int unsigned CNT_W  = 16,   // the cycle within the sample
  localparam int unsigned DCNT_W = 8,    // samples spent draining
  localparam int unsigned XCNT_W = 16    // cycles left of a transition
) (
  input  logic                clk_i,
  input  logic                rst_ni,
  input  logic [NS*ACT_W-1:0] active_i,
  input  logic                pending_i,
  input  logic [NS-1:0]       fits_i,
  output logic                sample_o,
  output logic [NS-1:0]       closed_o,
  output logic [NS-1:0]       flow_o,
  output logic [NS-1:0]       vlow_o,
  output logic                gflow_o,
  output logic                gvlow_o,
  output logic [NS-1:0]       dvr_o,
  output logic [NS-1:0]       drn_o,
  output logic [NS:0]         dvfs_o
);

  logic [NS*ACC_W-1:0]  acc_q /*verilator public_flat_rw*/;
  logic [NS*ACC_W-1:0]  acc_d;
  logic [NS-1:0]        dvr_q /*verilator public_flat_rw*/;
  logic [NS-1:0]        dvr_d;
  logic [NS-1:0]        drn_q /*verilator public_flat_rw*/;
  logic [NS-1:0]        drn_d;
  logic [NS*DCNT_W-1:0] dcnt_q /*verilator public_flat_rw*/;
  logic [NS*DCNT_W-1:0] dcnt_d;
  logic [NS-1:0]        lvl_q /*verilator public_flat_rw*/;
  logic [NS-1:0]        lvl_d;
  logic [NS*XCNT_W-1:0] xcnt_q /*verilator public_flat_rw*/;
  logic [NS*XCNT_W-1:0] xcnt_d;
  logic [NS-1:0]        xtgt_q /*verilator public_flat_rw*/;
  logic [NS-1:0]        xtgt_d;
  logic [CNT_W-1:0]     cnt_q /*verilator public_flat_rw*/;
  logic [CNT_W-1:0]     cnt_d;
  logic                 glvl_q /*verilator public_flat_rw*/;
  logic                 glvl_d;
  logic [XCNT_W-1:0]    gxcnt_q /*verilator public_flat_rw*/;
  logic [XCNT_W-1:0]    gxcnt_d;
  logic                 gxtgt_q /*verilator public_flat_rw*/;
  logic                 gxtgt_d;

  // W as a drain count plus one (dcnt + 1 >= W abandons the drain).
  localparam logic [DCNT_W:0] W1 = W[DCNT_W:0];

  logic              smp;       // this cycle ends a sample
  logic [NS*ACC_W-1:0] acc_n;   // the accumulators with this cycle's warps
  logic [NS-1:0]     idle;      // no active warp on the SM this cycle
  logic [NS-1:0]     xbusy;     // a transition in progress
  logic [NS-1:0]     bub;       // acc_n < THR: in a bubble
  logic [NS-1:0]     tgt;       // a diversion target
  logic              avail;     // a non-diverted SM could take the next block
  logic              g_busy;    // the GPU level is low or in transition
  logic              g_enter;   // the GPU level goes low now
  logic              g_exit;    // the GPU level goes back to nominal now
  logic              run;       // the per-SM flow runs this cycle
  logic [NS-1:0]     enter;     // diverted now
  logic [NS-1:0]     down;      // starts its transition to low now
  logic [NS-1:0]     d_done;    // drain completed
  logic [NS-1:0]     d_abort;   // drain abandoned
  logic [NS-1:0]     d_step;    // one more sample of draining
  logic [NS-1:0]     cand;      // resume candidates
  logic [NS-1:0]     resume;    // the one that resumes (lowest-numbered candidate)

  assign smp    = (cnt_q == CNT_W'(S - 1));
  assign g_busy = glvl_q || (gxcnt_q != '0);

  always_comb begin : per_sm
    logic [ACC_W:0] sum;
    for (int unsigned i = 0; i < NS; i++) begin
      sum = {1'b0, acc_q[i*ACC_W +: ACC_W]} + {{(ACC_W+1-ACT_W){1'b0}}, active_i[i*ACT_W +: ACT_W]};
      acc_n[i*ACC_W +: ACC_W] = sum[ACC_W] ? '1 : sum[ACC_W-1:0];
      idle[i]  = (active_i[i*ACT_W +: ACT_W] == '0);
      xbusy[i] = (xcnt_q[i*XCNT_W +: XCNT_W] != '0);
      bub[i]   = (acc_n[i*ACC_W +: ACC_W] < ACC_W'(THR));
      tgt[i]   = !dvr_q[i] && !bub[i] && (acc_n[i*ACC_W +: ACC_W] < ACC_W'(FULL)) &&
                 fits_i[i] && !xbusy[i];
    end
  end

  assign avail   = |(~dvr_q & fits_i);
  assign g_enter = (GLVL != 0) && smp && (&idle) && !pending_i && !g_busy;
  assign g_exit  = (GLVL != 0) && smp && glvl_q && (gxcnt_q == '0) && pending_i;
  assign run     = smp && !((GLVL != 0) && (g_busy || g_enter));

  // The per-sample flow of each SM with no transition in progress. A target
  // is never the SM itself (it needs acc_n >= THR), so any target will do.
  always_comb begin : flow
    logic go;
    for (int unsigned i = 0; i < NS; i++) begin
      go         = run && !xbusy[i];
      enter[i]   = go && !dvr_q[i] && bub[i] && (|tgt);
      d_done[i]  = go && dvr_q[i] && drn_q[i] && idle[i];
      d_abort[i] = go && dvr_q[i] && drn_q[i] && !idle[i] &&
                   ({1'b0, dcnt_q[i*DCNT_W +: DCNT_W]} + 1'b1 >= W1);
      d_step[i]  = go && dvr_q[i] && drn_q[i] && !idle[i] && !d_abort[i];
      cand[i]    = go && dvr_q[i] && !drn_q[i] && pending_i && !avail;
      down[i]    = d_done[i] || (enter[i] && (idle[i] || (DRAIN == 0)));
    end
  end

  // One resume per sample: the lowest-numbered candidate.
  assign resume = cand & (~cand + NS'(1));

  always_comb begin : next
    acc_d  = acc_n;
    dvr_d  = dvr_q;
    drn_d  = drn_q;
    dcnt_d = dcnt_q;
    lvl_d  = lvl_q;
    xcnt_d = xcnt_q;
    xtgt_d = xtgt_q;
    for (int unsigned i = 0; i < NS; i++) begin
      // A transition in progress counts down; at its end the level settles.
      if (xbusy[i]) begin
        xcnt_d[i*XCNT_W +: XCNT_W] = xcnt_q[i*XCNT_W +: XCNT_W] - 1'b1;
        if (xcnt_q[i*XCNT_W +: XCNT_W] == XCNT_W'(1)) lvl_d[i] = xtgt_q[i];
      end
      if (enter[i]) begin
        dvr_d[i] = 1'b1;
        if (!down[i]) begin
          drn_d[i]                   = 1'b1;
          dcnt_d[i*DCNT_W +: DCNT_W] = '0;
        end
      end
      if (d_done[i]) drn_d[i] = 1'b0;
      if (d_abort[i]) begin
        drn_d[i] = 1'b0;
        dvr_d[i] = 1'b0;
      end
      if (d_step[i]) dcnt_d[i*DCNT_W +: DCNT_W] = dcnt_q[i*DCNT_W +: DCNT_W] + 1'b1;
      if (down[i]) begin
        xcnt_d[i*XCNT_W +: XCNT_W] = XCNT_W'(P);
        xtgt_d[i]                  = 1'b1;
      end
      if (resume[i]) begin
        dvr_d[i]                   = 1'b0;
        xcnt_d[i*XCNT_W +: XCNT_W] = XCNT_W'(P);
        xtgt_d[i]                  = 1'b0;
      end
      if (smp) acc_d[i*ACC_W +: ACC_W] = '0;
    end
  end

  always_comb begin : gpu_level
    glvl_d  = glvl_q;
    gxcnt_d = gxcnt_q;
    gxtgt_d = gxtgt_q;
    if (gxcnt_q != '0) begin
      gxcnt_d = gxcnt_q - 1'b1;
      if (gxcnt_q == XCNT_W'(1)) glvl_d = gxtgt_q;
    end
    if (g_enter || g_exit) begin
      gxcnt_d = XCNT_W'(P);
      gxtgt_d = g_enter;
    end
  end

  assign cnt_d = smp ? '0 : cnt_q + 1'b1;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      acc_q   <= '0;
      dvr_q   <= '0;
      drn_q   <= '0;
      dcnt_q  <= '0;
      lvl_q   <= '0;
      xcnt_q  <= '0;
      xtgt_q  <= '0;
      cnt_q   <= '0;
      glvl_q  <= 1'b0;
      gxcnt_q <= '0;
      gxtgt_q <= 1'b0;
    end else begin
      acc_q   <= acc_d;
      dvr_q   <= dvr_d;
      drn_q   <= drn_d;
      dcnt_q  <= dcnt_d;
      lvl_q   <= lvl_d;
      xcnt_q  <= xcnt_d;
      xtgt_q  <= xtgt_d;
      cnt_q   <= cnt_d;
      glvl_q  <= glvl_d;
      gxcnt_q <= gxcnt_d;
      gxtgt_q <= gxtgt_d;
    end
  end

  // The outputs, from the registers.
  assign sample_o = smp;
  assign gflow_o  = g_busy;
  assign gvlow_o  = glvl_q && (gxcnt_q == '0);
  assign dvr_o    = dvr_q;
  assign drn_o    = drn_q;
  assign closed_o = dvr_q | xbusy | {NS{g_busy}};
  assign flow_o   = lvl_q | xbusy | {NS{g_busy}};
  assign vlow_o   = (lvl_q & ~xbusy) | {NS{gvlow_o}};
  assign dvfs_o   = {lvl_q | (xbusy & xtgt_q), glvl_q || ((gxcnt_q != '0) && gxtgt_q)};

endmodule
