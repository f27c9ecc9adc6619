// LaPerm: the locality-aware thread-block dispatch decision, one per GPU.
// Contract and C model: cmodel/src/units/laperm/laperm.{h,c}; spec
// dtbl-laperm-dvfs.md §1.3.1-§1.3.5, §7 #12-#15; docs/units/laperm.md.
//
// The priority queues are the host's; the unit sees which are non-empty
// (ne_i: per SM row, bit l-1 = level l; TB-Pri reads row 0, the global
// levels), whether PQ0 holds an entry (ne0_i), and each SM's queued blocks
// (cnt_i). For the SM examined this cycle (smx_i) it answers whose queue's
// head serves it, in one cycle:
//   stage 1  the highest non-empty level of the own row (TB-Pri: row 0)
//   stage 2  else PQ0
//   stage 3  else (MODE 2 only) the highest level of the backup SM's row:
//            the kept backup if it is valid and its row non-empty, else the
//            SM with the most queued blocks among the others with a non-empty
//            row, ties to the first id after smx_i (cyclic)
//   none     else.
// The edge remembers a new backup choice for smx_i (bvalid_q, backup_q) only
// when take_i says the host dispatched from the answer; nothing else changes
// the registers.
module laperm #(
  parameter int unsigned NS    = 13,  // SMs, 1..32
  parameter int unsigned L     = 4,   // highest priority level, 1..15
  parameter int unsigned MODE  = 2,   // 0 TB-Pri, 1 SMX-Bind, 2 Adaptive-Bind
  parameter int unsigned CNT_W = 16,  // width of a queued-block count
  localparam int unsigned SM_W  = 5,  // an SM index (smx, qsm, backup)
  localparam int unsigned LVL_W = 4,  // a level 0..L
  localparam int unsigned LI_W  = simtref_pkg::idx_bits(L),
  localparam int unsigned PK_W  = simtref_pkg::idx_bits(NS)
) (
  input  logic              clk_i,
  input  logic              rst_ni,
  // Waiver: TB-Pri reads only row 0 of ne_i and neither smx_i's row nor
  // cnt_i; SMX-Bind reads no cnt_i; take_i matters to Adaptive-Bind only.
  // The ports exist in every build so that laperm_in maps onto them one to one.
  /* verilator lint_off UNUSEDSIGNAL */
  input  logic [SM_W-1:0]     smx_i,
  input  logic                ne0_i,
  input  logic [NS*L-1:0]     ne_i,
  input  logic [NS*CNT_W-1:0] cnt_i,
  input  logic                take_i,
  /* verilator lint_on UNUSEDSIGNAL */
  output logic                valid_o,
  output logic [1:0]          stage_o,
  output logic [SM_W-1:0]     qsm_o,
  output logic [LVL_W-1:0]    lvl_o
);

  localparam logic [1:0] StageNone  = 2'd0;
  localparam logic [1:0] StageOwn   = 2'd1;
  localparam logic [1:0] StagePq0   = 2'd2;
  localparam logic [1:0] StageSteal = 2'd3;
  localparam int unsigned KEY_W = CNT_W + SM_W;

  logic [NS-1:0]      bvalid_q /*verilator public_flat_rw*/;
  logic [NS-1:0]      bvalid_d;
  logic [NS*SM_W-1:0] backup_q /*verilator public_flat_rw*/;
  logic [NS*SM_W-1:0] backup_d;

  logic [SM_W-1:0] own_sm;     // the row of stage 1
  logic [L-1:0]    own_row;
  logic [NS-1:0]   nz;         // SM s's row is non-empty
  logic            kept_v;     // smx_i's backup register is valid
  logic [SM_W-1:0] kept_sm;    // smx_i's backup SM
  logic            kept_ok;    // valid, and that SM's row is non-empty
  logic [NS-1:0]   cand;       // the SMs a new backup may be
  logic [NS*KEY_W-1:0] key;    // {~cnt, place in the ring after smx_i}: smallest wins
  logic            pick_found;
  logic [PK_W-1:0] pick;
  logic [SM_W-1:0] steal_sm;
  logic            steal_ok;
  logic [L-1:0]    steal_row;
  logic [L-1:0]    row;        // the row the level is taken from
  logic            row_found;
  logic [LI_W-1:0] row_top;

  assign own_sm = (MODE == 0) ? '0 : smx_i;

  always_comb begin : rows
    own_row = '0;
    kept_v  = 1'b0;
    kept_sm = '0;
    for (int unsigned s = 0; s < NS; s++) begin
      nz[s] = |ne_i[s*L +: L];
      if (SM_W'(s) == own_sm) own_row = ne_i[s*L +: L];
      // An smx_i that names no SM has no backup.
      if (SM_W'(s) == smx_i) begin
        kept_v  = bvalid_q[s];
        kept_sm = backup_q[s*SM_W +: SM_W];
      end
    end
  end

  // The kept backup: smx_i's register is valid and that SM's row non-empty.
  always_comb begin : kept
    kept_ok = 1'b0;
    for (int unsigned s = 0; s < NS; s++) begin
      if (SM_W'(s) == kept_sm && nz[s]) kept_ok = kept_v;
    end
  end

  // A new backup: the most queued blocks, ties to the first id after smx_i.
  always_comb begin : choose
    for (int unsigned s = 0; s < NS; s++) begin
      cand[s] = nz[s] && (SM_W'(s) != smx_i);
      key[s*KEY_W +: KEY_W] = {~cnt_i[s*CNT_W +: CNT_W],
                               SM_W'(simtref_pkg::ring_after(s, 32'(smx_i), NS))};
    end
  end

  prim_argmin #(
    .N     (NS),
    .KEY_W (KEY_W)
  ) u_choose (
    .valid_i (cand),
    .key_i   (key),
    .found_o (pick_found),
    .idx_o   (pick)
  );

  assign steal_ok = (MODE == 2) && (kept_ok || pick_found);
  assign steal_sm = kept_ok ? kept_sm : SM_W'(pick);

  // Only Adaptive-Bind steals: the other modes keep no stage-3 logic.
  always_comb begin : steal_mux
    steal_row = '0;
    for (int unsigned s = 0; s < NS; s++) begin
      if (MODE == 2 && SM_W'(s) == steal_sm) steal_row = ne_i[s*L +: L];
    end
  end

  // One priority encoder: the own row when it has work, else the stolen one.
  assign row = (|own_row) ? own_row : steal_row;

  prim_msb #(
    .W (L)
  ) u_top (
    .vec_i   (row),
    .found_o (row_found),
    .idx_o   (row_top)
  );

  always_comb begin : answer
    valid_o = 1'b0;
    stage_o = StageNone;
    qsm_o   = '0;
    lvl_o   = '0;
    if (|own_row) begin
      valid_o = 1'b1;
      stage_o = StageOwn;
      qsm_o   = own_sm;
      lvl_o   = LVL_W'(row_top) + 1'b1;
    end else if (ne0_i) begin
      valid_o = 1'b1;
      stage_o = StagePq0;
    end else if (steal_ok && row_found) begin
      valid_o = 1'b1;
      stage_o = StageSteal;
      qsm_o   = steal_sm;
      lvl_o   = LVL_W'(row_top) + 1'b1;
    end
  end

  // The edge: a taken stage-3 answer that is a new choice becomes smx_i's backup.
  always_comb begin : commit
    bvalid_d = bvalid_q;
    backup_d = backup_q;
    for (int unsigned s = 0; s < NS; s++) begin
      if (MODE == 2 && take_i && stage_o == StageSteal && !kept_ok && SM_W'(s) == smx_i) begin
        bvalid_d[s]              = 1'b1;
        backup_d[s*SM_W +: SM_W] = qsm_o;
      end
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      bvalid_q <= '0;
      backup_q <= '0;
    end else begin
      bvalid_q <= bvalid_d;
      backup_q <= backup_d;
    end
  end

endmodule
