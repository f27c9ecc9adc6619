// CAWA's criticality prediction logic (CPL): one per SM.
// Contract and C model: cmodel/src/units/cpl/cpl.{h,c}; docs/units/cpl.md.
// Per warp slot: nInst, nStall, committed, launch and last-issue time stamps, crit. At the
// clock edge a launch resets the slot; write-backs count committed and lower nInst (not
// below 0); an issue adds the gap since the last issue to nStall, applies the branch rule
// (a backward or same target adds c - n + 1, a forward skip subtracts n - c - 1) and
// refreshes crit = sat(nInst * CPI >> 8 + nStall), CPI = (min(now - launch, 2^CRIT_W - 1) << 8)
// / committed
// (Q.8; a divider per scheduler). Outputs: the registered crit, and critical: the live
// warps whose crit is the largest of the live warps of their TB.
module cpl #(
  parameter int unsigned NW      = 48,  // warp slots
  parameter int unsigned NS      = 2,   // warp schedulers
  parameter int unsigned NTB     = 8,   // TB slots
  parameter int unsigned NINST_W = 16,  // width of nInst
  parameter int unsigned CRIT_W  = 24,  // width of nStall, committed, crit
  localparam int unsigned IDX_W = simtref_pkg::idx_bits(NW),
  localparam int unsigned TB_W  = simtref_pkg::idx_bits(NTB)
) (
  input  logic                  clk_i,
  input  logic                  rst_ni,
  input  logic [31:0]           now_i,
  input  logic [NW-1:0]         live_i,
  input  logic [NW*TB_W-1:0]    tb_i,
  input  logic [NW-1:0]         launch_i,
  input  logic [NW*NINST_W-1:0] kstatic_i,
  input  logic [NW*8-1:0]       commit_i,
  input  logic [NS-1:0]         iss_valid_i,
  input  logic [NS*IDX_W-1:0]   iss_slot_i,
  input  logic [NS*32-1:0]      iss_pc_i,
  input  logic [NS*32-1:0]      iss_next_i,
  output logic [NW*CRIT_W-1:0]  crit_o,
  output logic [NW-1:0]         critical_o
);

  localparam logic [NINST_W-1:0] NINST_MAX = '1;
  localparam logic [CRIT_W-1:0]  CRIT_MAX  = '1;

  logic [NW*NINST_W-1:0] ninst_q     /*verilator public_flat_rw*/;
  logic [NW*CRIT_W-1:0]  nstall_q    /*verilator public_flat_rw*/;
  logic [NW*CRIT_W-1:0]  committed_q /*verilator public_flat_rw*/;
  logic [NW*32-1:0]      t_launch_q  /*verilator public_flat_rw*/;
  logic [NW*32-1:0]      t_last_q    /*verilator public_flat_rw*/;
  logic [NW*CRIT_W-1:0]  crit_q      /*verilator public_flat_rw*/;
  logic [NW*NINST_W-1:0] ninst_d;
  logic [NW*CRIT_W-1:0]  nstall_d, committed_d, crit_d;
  logic [NW*32-1:0]      t_launch_d, t_last_d;

  // ---- outputs: the registered crit and the most critical live warps of each TB ----------
  // The largest crit among each TB's live warps (a chain per TB), then each live warp that
  // equals its TB's largest is critical (ties: all of them).
  logic [CRIT_W-1:0] tbmax [NTB];

  always_comb begin : outputs
    crit_o = crit_q;
    for (int unsigned b = 0; b < NTB; b++) begin
      tbmax[b] = '0;
      for (int unsigned x = 0; x < NW; x++) begin
        if (live_i[x] && tb_i[x*TB_W +: TB_W] == TB_W'(b) &&
            crit_q[x*CRIT_W +: CRIT_W] > tbmax[b]) begin
          tbmax[b] = crit_q[x*CRIT_W +: CRIT_W];
        end
      end
    end
    for (int unsigned w = 0; w < NW; w++) begin
      critical_o[w] = live_i[w] &&
                      crit_q[w*CRIT_W +: CRIT_W] == tbmax[tb_i[w*TB_W +: TB_W]];
    end
  end

  // ---- per scheduler: the issuing warp's new values (one divider each) ------------------
  logic [NINST_W-1:0] is_ninst  [NS];
  logic [CRIT_W-1:0]  is_nstall [NS];
  logic [CRIT_W-1:0]  is_crit   [NS];

  always_comb begin : per_sched
    for (int unsigned k = 0; k < NS; k++) begin
      logic [IDX_W-1:0]   w;
      logic [NINST_W-1:0] n0;
      logic [7:0]         cm;
      logic [31:0]        gap, c, n, elapsed;
      logic [CRIT_W-1:0]  el;
      logic [CRIT_W:0]    st_sum;
      logic [32:0]        up;
      logic [31:0]        skip;
      logic [CRIT_W-1:0]  cmt;
      logic [CRIT_W+7:0]  cpi;
      /* verilator lint_off UNUSEDSIGNAL */
      logic [NINST_W+CRIT_W+7:0] prod;  // its low 8 bits are the Q.8 fraction, dropped
      /* verilator lint_on UNUSEDSIGNAL */
      logic [NINST_W+CRIT_W:0]   total;
      w  = iss_slot_i[k*IDX_W +: IDX_W];
      n0 = ninst_q[w*NINST_W +: NINST_W];
      cm = commit_i[w*8 +: 8];
      // nInst after this cycle's write-backs (the issue sees them first)
      n0 = ({8'd0, n0} > {{NINST_W{1'b0}}, cm}) ? n0 - NINST_W'(cm) : '0;
      gap    = now_i - t_last_q[w*32 +: 32];
      st_sum = {1'b0, nstall_q[w*CRIT_W +: CRIT_W]} +
               ((gap != 0) ? (CRIT_W+1)'(gap - 1) : '0);
      is_nstall[k] = (gap > 32'(CRIT_MAX) || st_sum[CRIT_W]) ? CRIT_MAX : st_sum[CRIT_W-1:0];
      c = iss_pc_i[k*32 +: 32];
      n = iss_next_i[k*32 +: 32];
      up   = {1'b0, c - n} + {{(33-NINST_W){1'b0}}, n0} + 33'd1;
      skip = n - c - 32'd1;
      if (n <= c) begin
        is_ninst[k] = (up > {{(33-NINST_W){1'b0}}, NINST_MAX}) ? NINST_MAX : up[NINST_W-1:0];
      end else if (n > c + 32'd1) begin
        is_ninst[k] = (skip < {{(32-NINST_W){1'b0}}, n0}) ? n0 - skip[NINST_W-1:0] : '0;
      end else begin
        is_ninst[k] = n0;
      end
      // committed after this cycle's write-backs
      cmt = (({1'b0, committed_q[w*CRIT_W +: CRIT_W]} + (CRIT_W+1)'(cm)) > {1'b0, CRIT_MAX}) ?
            CRIT_MAX : committed_q[w*CRIT_W +: CRIT_W] + CRIT_W'(cm);
      elapsed = now_i - t_launch_q[w*32 +: 32];
      el    = (elapsed > 32'(CRIT_MAX)) ? CRIT_MAX : elapsed[CRIT_W-1:0];
      cpi   = {el, 8'd0} / ((cmt != 0) ? {8'd0, cmt} : (CRIT_W+8)'(1));
      prod  = is_ninst[k] * cpi;
      total = {1'b0, prod[NINST_W+CRIT_W+7:8]} + (NINST_W+CRIT_W+1)'(is_nstall[k]);
      is_crit[k] = (total > (NINST_W+CRIT_W+1)'(CRIT_MAX)) ? CRIT_MAX : total[CRIT_W-1:0];
    end
  end

  // ---- next state ------------------------------------------------------------------------
  always_comb begin : next_state
    ninst_d     = ninst_q;
    nstall_d    = nstall_q;
    committed_d = committed_q;
    t_launch_d  = t_launch_q;
    t_last_d    = t_last_q;
    crit_d      = crit_q;
    for (int unsigned w = 0; w < NW; w++) begin
      logic [7:0] cm;
      cm = commit_i[w*8 +: 8];
      if (launch_i[w]) begin
        ninst_d[w*NINST_W +: NINST_W]   = kstatic_i[w*NINST_W +: NINST_W];
        nstall_d[w*CRIT_W +: CRIT_W]    = '0;
        committed_d[w*CRIT_W +: CRIT_W] = '0;
        crit_d[w*CRIT_W +: CRIT_W]      = '0;
        t_launch_d[w*32 +: 32]          = now_i;
        t_last_d[w*32 +: 32]            = now_i;
      end else begin
        if (cm != 0) begin
          committed_d[w*CRIT_W +: CRIT_W] =
              (({1'b0, committed_q[w*CRIT_W +: CRIT_W]} + (CRIT_W+1)'(cm)) > {1'b0, CRIT_MAX}) ?
              CRIT_MAX : committed_q[w*CRIT_W +: CRIT_W] + CRIT_W'(cm);
          ninst_d[w*NINST_W +: NINST_W] =
              ({8'd0, ninst_q[w*NINST_W +: NINST_W]} > {{NINST_W{1'b0}}, cm}) ?
              ninst_q[w*NINST_W +: NINST_W] - NINST_W'(cm) : '0;
        end
        for (int unsigned k = 0; k < NS; k++) begin
          if (iss_valid_i[k] && iss_slot_i[k*IDX_W +: IDX_W] == IDX_W'(w)) begin
            ninst_d[w*NINST_W +: NINST_W] = is_ninst[k];
            nstall_d[w*CRIT_W +: CRIT_W]  = is_nstall[k];
            crit_d[w*CRIT_W +: CRIT_W]    = is_crit[k];
            t_last_d[w*32 +: 32]          = now_i;
          end
        end
      end
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      ninst_q     <= '0;
      nstall_q    <= '0;
      committed_q <= '0;
      t_launch_q  <= '0;
      t_last_q    <= '0;
      crit_q      <= '0;
    end else begin
      ninst_q     <= ninst_d;
      nstall_q    <= nstall_d;
      committed_q <= committed_d;
      t_launch_q  <= t_launch_d;
      t_last_q    <= t_last_d;
      crit_q      <= crit_d;
    end
  end

endmodule
