// DYNCTA: per-core dynamic CTA limit with CTA pausing, one per SM.
// Contract and C model: cmodel/src/units/dyncta.{h,c}; spec/dyncta.md §1-§2,
// §8; docs/units/dyncta.md.
//
// Window counters: each cycle is classified from the SM's flags (first
// matching rule: stall, ready, memory wait, else idle; §8 A1) and C_idle or
// C_mem counts it, saturating at 2^CNT_W-1. A timer counts 0..PERIOD-1; the
// edge that ends the cycle with timer = PERIOD-1 decides on the window's
// final counts (this cycle's event included):
//   C_idle >= T_IDLE -> INC; C_mem < T_MEM_L -> INC; C_mem >= T_MEM_H -> DEC;
//   else HOLD; FROZEN instead while drained_i with FREEZE.
// INC: n+1 while n < N; DEC: n-1 while n > 1. Counters and timer clear.
//
// Age order: per CTA slot a valid bit and a rank (0 = oldest). Exits first
// (each survivor moves up by the number of older CTAs that left this
// cycle), then a launch takes rank nCTA. paused = valid && rank >= n: the
// youngest nCTA-n CTAs, so pausing and resuming go in LIFO order.
//
// Anti-starvation: with STARVE_T > 0, starve_q counts consecutive cycles
// with a paused warp ready and none issued; at STARVE_T boost_o is set for
// one cycle and the counter clears.
//
// All outputs come from registers only.
module dyncta #(
  parameter int unsigned NTB      = 8,     // CTA slots of the SM
  parameter int unsigned CNT_W    = 11,    // width of C_idle and C_mem
  parameter int unsigned PERIOD   = 2048,  // sampling window, core cycles
  parameter int unsigned T_IDLE   = 16,    // C_idle >= T_IDLE: high
  parameter int unsigned T_MEM_L  = 128,   // C_mem < T_MEM_L: low
  parameter int unsigned T_MEM_H  = 384,   // C_mem >= T_MEM_H: high
  parameter int unsigned INIT_N   = 1,     // n at kernel start: 0 one, 1 half, else N
  parameter int unsigned FREEZE   = 0,     // hold n while the kernel is drained
  parameter int unsigned STARVE_T = 4096,  // starvation limit, 0 = guard off
  parameter int unsigned STRICT   = 0,     // C_mem only when every warp waits on memory
  localparam int unsigned SLOT_W = simtref_pkg::idx_bits(NTB),
  localparam int unsigned N_W    = simtref_pkg::idx_bits(NTB + 1),
  localparam int unsigned TMR_W  = simtref_pkg::idx_bits(PERIOD),
  localparam int unsigned ST_W   = simtref_pkg::idx_bits(STARVE_T + 1)
) (
  input  logic                  clk_i,
  input  logic                  rst_ni,
  input  logic                  kernel_start_i,
  input  logic [N_W-1:0]        n_max_i,
  // Waiver: drained_i is read only with FREEZE, mem_all_i only with STRICT,
  // paused_ready_i/paused_issued_i only with STARVE_T > 0; the ports exist in
  // every build so that dyncta_in maps onto them one to one.
  /* verilator lint_off UNUSEDSIGNAL */
  input  logic                  drained_i,
  input  logic                  stall_i,
  input  logic                  ready_i,
  input  logic                  mem_any_i,
  input  logic                  mem_all_i,
  input  logic                  membar_all_i,
  input  logic                  launch_valid_i,
  input  logic [SLOT_W-1:0]     launch_slot_i,
  input  logic [NTB-1:0]        cta_exit_i,
  input  logic                  paused_ready_i,
  input  logic                  paused_issued_i,
  /* verilator lint_on UNUSEDSIGNAL */
  output logic [N_W-1:0]        n_o,
  output logic [N_W-1:0]        n_paused_o,
  output logic                  can_accept_o,
  output logic [NTB-1:0]        paused_o,
  output logic [NTB*SLOT_W-1:0] rank_o,
  output logic [1:0]            decision_o,
  output logic                  dec_valid_o,
  output logic                  boost_o
);

  localparam logic [1:0] DecHold   = 2'd0;
  localparam logic [1:0] DecInc    = 2'd1;
  localparam logic [1:0] DecDec    = 2'd2;
  localparam logic [1:0] DecFrozen = 2'd3;

  // n at kernel start (and out of reset, as for a kernel with N = NTB).
  localparam int unsigned N_RST = (INIT_N == 0) ? 1
                                : (INIT_N == 1) ? ((NTB / 2 > 0) ? NTB / 2 : 1)
                                : NTB;
  // The timer value of a window's last cycle, and the starvation count that boosts.
  localparam int unsigned WIN_LAST = PERIOD - 1;
  localparam int unsigned BOOST_AT = STARVE_T;

  // ---- registers (state fields of dyncta_state, by name with _q) ----------
  logic [CNT_W-1:0]      c_idle_q    /*verilator public_flat_rw*/;
  logic [CNT_W-1:0]      c_mem_q     /*verilator public_flat_rw*/;
  logic [TMR_W-1:0]      timer_q     /*verilator public_flat_rw*/;
  logic [N_W-1:0]        n_q         /*verilator public_flat_rw*/;
  logic [N_W-1:0]        n_max_q     /*verilator public_flat_rw*/;
  logic [N_W-1:0]        n_cta_q     /*verilator public_flat_rw*/;
  logic [NTB-1:0]        valid_q     /*verilator public_flat_rw*/;
  logic [NTB*SLOT_W-1:0] rank_q      /*verilator public_flat_rw*/;
  logic [1:0]            decision_q  /*verilator public_flat_rw*/;
  logic                  dec_valid_q /*verilator public_flat_rw*/;
  logic [ST_W-1:0]       starve_q    /*verilator public_flat_rw*/;

  logic [CNT_W-1:0]      c_idle_d, c_mem_d;
  logic [TMR_W-1:0]      timer_d;
  logic [N_W-1:0]        n_d, n_max_d, n_cta_d;
  logic [NTB-1:0]        valid_d;
  logic [NTB*SLOT_W-1:0] rank_d;
  logic [1:0]            decision_d;
  logic                  dec_valid_d;
  logic [ST_W-1:0]       starve_d;

  // ---- cycle class (§8 A1) ---------------------------------------------------
  logic ev_mem, ev_idle;

  always_comb begin : classify
    ev_mem  = !stall_i && !ready_i && mem_any_i && ((STRICT != 0) ? mem_all_i : membar_all_i);
    ev_idle = !stall_i && !ready_i && !ev_mem && !(mem_any_i && membar_all_i);
  end

  // ---- window counters, timer and decision ---------------------------------
  logic [CNT_W-1:0] c_idle_nx, c_mem_nx;
  logic             win_end, idle_hi, mem_lo, mem_hi;
  logic [1:0]       cls;
  logic [N_W-1:0]   n_max_in, n_init;

  // The counts with this cycle's event, saturating.
  prim_sat_inc #(
    .W (CNT_W)
  ) u_c_idle (
    .cnt_i (c_idle_q),
    .clr_i (1'b0),
    .inc_i (ev_idle),
    .cnt_o (c_idle_nx)
  );

  prim_sat_inc #(
    .W (CNT_W)
  ) u_c_mem (
    .cnt_i (c_mem_q),
    .clr_i (1'b0),
    .inc_i (ev_mem),
    .cnt_o (c_mem_nx)
  );

  always_comb begin : window
    win_end = (timer_q == TMR_W'(WIN_LAST));
    idle_hi = (32'(c_idle_nx) >= T_IDLE);
    mem_lo  = (32'(c_mem_nx) < T_MEM_L);
    mem_hi  = 32'(c_mem_nx) >= T_MEM_H;
    if (idle_hi || mem_lo) cls = DecInc;
    else if (mem_hi)       cls = DecDec;
    else                   cls = DecHold;
    if (FREEZE != 0 && drained_i) cls = DecFrozen;

    // N of a starting kernel, clamped to 1..NTB, and its initial n.
    // Waiver: where NTB is 2^k-1 an N_W-bit n_max_i cannot exceed NTB and the
    // compare is constant; it stays for the other sizes.
    /* verilator lint_off CMPCONST */
    if (n_max_i == '0)                n_max_in = N_W'(1);
    else if (32'(n_max_i) > NTB)      n_max_in = N_W'(NTB);
    else                              n_max_in = n_max_i;
    /* verilator lint_on CMPCONST */
    if (INIT_N == 0)                  n_init = N_W'(1);
    else if (INIT_N == 1)             n_init = (n_max_in >> 1) == '0 ? N_W'(1) : n_max_in >> 1;
    else                              n_init = n_max_in;

    n_max_d     = n_max_q;
    n_d         = n_q;
    c_idle_d    = c_idle_nx;
    c_mem_d     = c_mem_nx;
    timer_d     = timer_q + 1'b1;
    decision_d  = decision_q;
    dec_valid_d = 1'b0;
    if (kernel_start_i) begin
      n_max_d    = n_max_in;
      n_d        = n_init;
      c_idle_d   = '0;
      c_mem_d    = '0;
      timer_d    = '0;
      decision_d = DecHold;
    end else if (win_end) begin
      // Waiver: with NTB = 1 (a 1-bit n) n > 1 is constant; n stays 1 then.
      /* verilator lint_off CMPCONST */
      if (cls == DecInc && n_q < n_max_q)           n_d = n_q + 1'b1;
      else if (cls == DecDec && n_q > N_W'(1))      n_d = n_q - 1'b1;
      /* verilator lint_on CMPCONST */
      c_idle_d    = '0;
      c_mem_d     = '0;
      timer_d     = '0;
      decision_d  = cls;
      dec_valid_d = 1'b1;
    end
  end

  // ---- CTA slots: exits, compaction, launch (§8 A10) -----------------------
  logic [NTB-1:0]    gone;
  logic [N_W-1:0]    n_gone, n_left;
  logic [SLOT_W-1:0] rk      [NTB];
  logic [SLOT_W-1:0] older   [NTB];
  logic              launched;

  always_comb begin : slots
    n_gone = '0;
    for (int unsigned b = 0; b < NTB; b++) begin
      gone[b] = cta_exit_i[b] && valid_q[b];
      n_gone  = n_gone + N_W'(gone[b]);
      rk[b]   = rank_q[b*SLOT_W +: SLOT_W];
    end
    // A survivor moves up by the number of older CTAs that left.
    for (int unsigned j = 0; j < NTB; j++) begin
      older[j] = '0;
      for (int unsigned k = 0; k < NTB; k++) begin
        if (gone[k] && rk[k] < rk[j]) older[j] = older[j] + 1'b1;
      end
    end
    n_left   = n_cta_q - n_gone;
    launched = 1'b0;
    for (int unsigned b = 0; b < NTB; b++) begin
      if (launch_valid_i && launch_slot_i == SLOT_W'(b) && (!valid_q[b] || gone[b])) begin
        valid_d[b]                  = 1'b1;
        rank_d[b*SLOT_W +: SLOT_W]  = SLOT_W'(n_left);  // the youngest
        launched                    = 1'b1;
      end else if (gone[b]) begin
        valid_d[b]                  = 1'b0;
        rank_d[b*SLOT_W +: SLOT_W]  = '0;
      end else begin
        valid_d[b]                  = valid_q[b];
        rank_d[b*SLOT_W +: SLOT_W]  = valid_q[b] ? rk[b] - older[b] : '0;
      end
    end
    n_cta_d = n_left + N_W'(launched);
  end

  // ---- anti-starvation -------------------------------------------------------
  logic boost;

  always_comb begin : starvation
    boost = (STARVE_T != 0) && (starve_q == ST_W'(BOOST_AT));
    if (STARVE_T == 0 || kernel_start_i || boost || !paused_ready_i || paused_issued_i) begin
      starve_d = '0;
    end else begin
      starve_d = starve_q + 1'b1;
    end
  end

  // ---- outputs (registers only) ---------------------------------------------
  always_comb begin : outputs
    n_o          = n_q;
    n_paused_o   = (n_cta_q > n_q) ? n_cta_q - n_q : '0;
    can_accept_o = n_cta_q < n_q;
    for (int unsigned b = 0; b < NTB; b++) begin
      paused_o[b] = valid_q[b] && (N_W'(rk[b]) >= n_q);
    end
    rank_o      = rank_q;
    decision_o  = decision_q;
    dec_valid_o = dec_valid_q;
    boost_o     = boost;
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      c_idle_q    <= '0;
      c_mem_q     <= '0;
      timer_q     <= '0;
      n_q         <= N_W'(N_RST);
      n_max_q     <= N_W'(NTB);
      n_cta_q     <= '0;
      valid_q     <= '0;
      rank_q      <= '0;
      decision_q  <= DecHold;
      dec_valid_q <= 1'b0;
      starve_q    <= '0;
    end else begin
      c_idle_q    <= c_idle_d;
      c_mem_q     <= c_mem_d;
      timer_q     <= timer_d;
      n_q         <= n_d;
      n_max_q     <= n_max_d;
      n_cta_q     <= n_cta_d;
      valid_q     <= valid_d;
      rank_q      <= rank_d;
      decision_q  <= decision_d;
      dec_valid_q <= dec_valid_d;
      starve_q    <= starve_d;
    end
  end

endmodule
