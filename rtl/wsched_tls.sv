// Issue scheduler, two-level: one per warp scheduler.
// Contract and C model: cmodel/src/units/wsched_tls.{h,c}; docs/units/wsched_tls.md.
// Each cycle, combinationally, the registered active set (an ordered list of
// at most CAP warps) drops the warps that left, exited or wait on a load, and
// the free places fill with the other eligible warps in greedy-then-oldest
// order. The issue order is the new set round robin after the warp issued
// last, then every other warp greedy-then-oldest. The new set is registered.
module wsched_tls #(
  parameter int unsigned NW    = 24,  // warps of the scheduler
  parameter int unsigned AGE_W = 6,   // width of an age rank
  parameter int unsigned CAP   = 6,   // active set size, 1..NW
  localparam int unsigned IDX_W  = simtref_pkg::idx_bits(NW),
  localparam int unsigned CAPI_W = simtref_pkg::idx_bits(CAP),
  localparam int unsigned CNT_W  = simtref_pkg::idx_bits(CAP + 1),
  localparam int unsigned GK_W   = AGE_W + 1,
  localparam int unsigned KEY_W  = 1 + ((CAPI_W > GK_W) ? CAPI_W : GK_W),
  localparam int unsigned NC_W   = simtref_pkg::idx_bits(NW + 1),  // 0..NW
  localparam int unsigned S_W    = ((NC_W > CNT_W) ? NC_W : CNT_W) + 1
) (
  input  logic                clk_i,
  input  logic                rst_ni,
  input  logic [NW-1:0]       valid_i,
  input  logic [NW-1:0]       ready_i,
  input  logic [NW-1:0]       exited_i,
  input  logic [NW-1:0]       mem_wait_i,
  input  logic [NW*AGE_W-1:0] age_i,
  output logic                grant_valid_o,
  output logic [IDX_W-1:0]    grant_o,
  output logic [NW*KEY_W-1:0] key_o
);

  logic [CNT_W-1:0]     n_active_q /*verilator public_flat_rw*/;
  logic [CAP*IDX_W-1:0] active_q   /*verilator public_flat_rw*/;
  logic                 last_valid_q /*verilator public_flat_rw*/;
  logic [IDX_W-1:0]     last_q     /*verilator public_flat_rw*/;
  logic [CNT_W-1:0]     n_active_d;
  logic [CAP*IDX_W-1:0] active_d;
  logic                 last_valid_d;
  logic [IDX_W-1:0]     last_d;

  logic [GK_W-1:0]  gk [NW];     // greedy-then-oldest key {not greedy, age}
  logic [NW-1:0]    elig;        // resident, not exited, not waiting on a load
  logic [IDX_W-1:0] entry [CAP]; // the registered set
  logic [CAP-1:0]   keep;        // entry i stays
  logic [CNT_W-1:0] kpos [CAP];  // its place among the kept entries
  logic [CNT_W-1:0] n_kept;
  logic [NW-1:0]    inlist;      // warp j is a kept entry
  logic [NW-1:0]    cand;        // warp j may fill a free place
  logic [NC_W-1:0]  n_cand;
  logic [NW-1:0]    taken;       // candidates already picked
  logic [IDX_W-1:0] nth [CAP];   // the q-th candidate in greedy-then-oldest order
  logic             pfound;
  logic [GK_W-1:0]  pbest;
  logic [CNT_W-1:0] room;
  logic [CNT_W-1:0] n_new;
  logic [IDX_W-1:0] list [CAP];  // the new set
  logic [CNT_W-1:0] start;       // round robin starts at this place
  logic [S_W-1:0]   rr;          // a set member's round-robin place
  logic [KEY_W-1:0] key [NW];

  always_comb begin : eligibility
    for (int unsigned j = 0; j < NW; j++) begin
      gk[j]   = {!(last_valid_q && last_q == IDX_W'(j) && valid_i[j]), age_i[j*AGE_W +: AGE_W]};
      elig[j] = valid_i[j] && !exited_i[j] && !mem_wait_i[j];
    end
  end

  always_comb begin : drop
    n_kept = '0;
    for (int unsigned i = 0; i < CAP; i++) begin
      entry[i] = active_q[i*IDX_W +: IDX_W];
      keep[i]  = (CNT_W'(i) < n_active_q) && (32'(entry[i]) < NW) && elig[entry[i]];
      kpos[i]  = n_kept;
      n_kept   = n_kept + CNT_W'(keep[i]);
    end
    for (int unsigned j = 0; j < NW; j++) begin
      inlist[j] = 1'b0;
      for (int unsigned i = 0; i < CAP; i++) begin
        if (keep[i] && entry[i] == IDX_W'(j)) inlist[j] = 1'b1;
      end
    end
  end

  always_comb begin : fill
    n_cand = '0;
    for (int unsigned j = 0; j < NW; j++) begin
      cand[j] = elig[j] && !inlist[j];
      n_cand  = n_cand + NC_W'(cand[j]);
    end
    // The free places take the candidates in greedy-then-oldest order, ties
    // to the lower index: CAP rounds, each picking the smallest key not
    // taken yet (the ascending scan keeps the lower index on equal keys).
    // The rounds stay in this block rather than in CAP prim_argmin
    // instances: chained through the taken mask, instances make Verilator
    // see circular logic (UNOPTFLAT) and Yosys 0.23 elaborate the unit for
    // minutes.
    taken = '0;
    for (int unsigned q = 0; q < CAP; q++) begin
      nth[q] = '0;
      pfound  = 1'b0;
      pbest   = '0;
      for (int unsigned j = 0; j < NW; j++) begin
        if (cand[j] && !taken[j] && (!pfound || gk[j] < pbest)) begin
          pfound  = 1'b1;
          nth[q] = IDX_W'(j);
          pbest   = gk[j];
        end
      end
      for (int unsigned j = 0; j < NW; j++) begin
        if (pfound && nth[q] == IDX_W'(j)) taken[j] = 1'b1;
      end
    end
    room  = CNT_W'(CAP) - n_kept;
    n_new = n_kept + ((S_W'(n_cand) < S_W'(room)) ? CNT_W'(n_cand) : room);
    for (int unsigned p = 0; p < CAP; p++) begin
      list[p] = '0;
      for (int unsigned i = 0; i < CAP; i++) begin
        if (keep[i] && kpos[i] == CNT_W'(p)) list[p] = entry[i];
      end
      for (int unsigned q = 0; q < CAP; q++) begin
        if (S_W'(q) < S_W'(n_cand) && S_W'(q) < S_W'(room) &&
            S_W'(n_kept) + S_W'(q) == S_W'(p)) begin
          list[p] = nth[q];
        end
      end
    end
    start = '0;
    for (int unsigned p = 0; p < CAP; p++) begin
      if (CNT_W'(p) < n_new && last_valid_q && list[p] == last_q) start = CNT_W'(p + 1);
    end
  end

  always_comb begin : order
    rr = '0;
    for (int unsigned j = 0; j < NW; j++) begin
      key[j] = {1'b1, (KEY_W-1)'(gk[j])};
      for (int unsigned p = 0; p < CAP; p++) begin
        if (CNT_W'(p) < n_new && list[p] == IDX_W'(j)) begin
          rr     = (S_W'(p) >= S_W'(start)) ? S_W'(p) - S_W'(start)
                                                : S_W'(p) + S_W'(n_new) - S_W'(start);
          key[j] = KEY_W'(rr);
        end
      end
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
    n_active_d = n_new;
    for (int unsigned p = 0; p < CAP; p++) begin
      active_d[p*IDX_W +: IDX_W] = (CNT_W'(p) < n_new) ? list[p] : '0;
    end
    last_valid_d = last_valid_q | grant_valid_o;
    last_d       = grant_valid_o ? grant_o : last_q;
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      n_active_q   <= '0;
      active_q     <= '0;
      last_valid_q <= 1'b0;
      last_q       <= '0;
    end else begin
      n_active_q   <= n_active_d;
      active_q     <= active_d;
      last_valid_q <= last_valid_d;
      last_q       <= last_d;
    end
  end

endmodule
