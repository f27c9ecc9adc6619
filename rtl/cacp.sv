// CAWA's criticality-aware cache prioritization (CACP): the L1D policy, one per L1D.
// Contract and C model: cmodel/src/units/cacp/cacp.{h,c}; docs/units/cacp.md.
// One evaluation per cache hook (op_i); the set's lines' 12-bit words {rrpv, nc_reuse,
// c_reuse, sig} stay in the tag array and come in with the set (meta_i), their new values go
// out (meta_o). The unit holds the critical cache block predictor (CCBP) and the SHiP table,
// 256 x 2 bits each, indexed by sig = PC[7:0] ^ (addr >> SIG_SHIFT)[7:0].
//   partition: ways [0, CWAYS) when CCBP[sig] > THR (critical), else [CWAYS, WAYS)
//   victim:    in the partition, the first invalid way, else the first valid way (not
//              reserved; with clean_only_i not dirty) with the largest RRPV
//   INSERT:    the partition's other valid ways age by 3 - RRPV(old) when a valid line was
//              replaced; the new line gets RRPV 3 (SHiP[sig] == 0) or 2, no reuse, sig
//   HIT:       RRPV 0; a load or store sets its requester's reuse flag; at the edge a load
//              raises CCBP (critical requester) and SHiP of the line's sig, saturating at 3
//   EVICT:     at the edge a critical-partition line reused by non-critical requests only
//              lowers CCBP, a line never reused lowers SHiP, saturating at 0
module cacp #(
  parameter int unsigned WAYS      = 16,  // L1D associativity
  parameter int unsigned CWAYS     = 8,   // ways of the critical partition
  parameter int unsigned THR       = 1,   // CCBP threshold
  parameter int unsigned SIG_SHIFT = 7,   // address bits below the signature's
  localparam int unsigned WAY_W = simtref_pkg::idx_bits(WAYS),
  localparam int unsigned MW    = 12      // a line's word
) (
  input  logic               clk_i,
  input  logic               rst_ni,
  input  logic [2:0]         op_i,
  input  logic               req_i,
  input  logic [7:0]         pc_i,
  input  logic [15:0]        addr_i,
  input  logic               crit_i,
  input  logic               load_i,
  input  logic               store_i,
  input  logic               clean_only_i,
  input  logic [WAY_W-1:0]   way_i,
  input  logic               replaced_i,
  input  logic [MW-1:0]      old_meta_i,
  input  logic [WAYS*2-1:0]  wstate_i,
  input  logic [WAYS-1:0]    wdirty_i,
  input  logic [WAYS*MW-1:0] meta_i,
  output logic [7:0]         sig_o,
  output logic               part_crit_o,
  output logic               victim_valid_o,
  output logic [WAY_W-1:0]   victim_o,
  output logic [WAYS*MW-1:0] meta_o
);

  localparam logic [2:0] OP_INSERT = 3'd2;
  localparam logic [2:0] OP_HIT    = 3'd3;
  localparam logic [2:0] OP_EVICT  = 3'd4;
  localparam logic [1:0] WAY_INVALID = 2'd0;
  localparam logic [1:0] WAY_VALID   = 2'd1;

  logic [511:0] ccbp_q /*verilator public_flat_rw*/;
  logic [511:0] ship_q /*verilator public_flat_rw*/;
  logic [511:0] ccbp_d, ship_d;

  logic [WAY_W-1:0] wsel;       // the way of the op (0 when out of range)
  logic             part [WAYS]; // the way is in the request's partition

  always_comb begin : signature
    logic [7:0] a;
    a           = 8'(addr_i >> SIG_SHIFT);
    sig_o       = req_i ? (pc_i ^ a) : 8'd0;
    part_crit_o = req_i && (ccbp_q[{sig_o, 1'b0} +: 2] > 2'(THR));
    wsel        = (32'(way_i) < WAYS) ? way_i : '0;
    for (int unsigned w = 0; w < WAYS; w++) begin
      part[w] = part_crit_o ? (w < CWAYS) : (w >= CWAYS);
    end
  end

  always_comb begin : victim
    logic             inv_found, best_found;
    logic [WAY_W-1:0] inv_way, best;
    logic [1:0]       best_rr, rr, st;
    inv_found  = 1'b0;
    best_found = 1'b0;
    inv_way    = '0;
    best       = '0;
    best_rr    = '0;
    for (int unsigned w = 0; w < WAYS; w++) begin
      st = wstate_i[w*2 +: 2];
      rr = meta_i[w*MW+10 +: 2];
      if (part[w]) begin
        if (st == WAY_INVALID) begin
          if (!inv_found) begin
            inv_found = 1'b1;
            inv_way   = WAY_W'(w);
          end
        end else if (st == WAY_VALID && !(clean_only_i && wdirty_i[w])) begin
          if (!best_found || rr > best_rr) begin
            best_found = 1'b1;
            best       = WAY_W'(w);
            best_rr    = rr;
          end
        end
      end
    end
    victim_valid_o = inv_found | best_found;
    victim_o       = inv_found ? inv_way : best;
  end

  always_comb begin : words
    logic [1:0]    age;
    logic [2:0]    rr;
    logic [9:0]    m;  // the word's flags and signature (its RRPV is replaced)
    logic          cr, ncr, use_flag;
    meta_o   = meta_i;
    age      = replaced_i ? 2'd3 - old_meta_i[11:10] : 2'd0;
    m        = meta_i[32'(wsel)*MW +: 10];
    rr       = '0;
    use_flag = load_i | store_i;
    cr       = m[8] | (use_flag & crit_i);
    ncr      = m[9] | (use_flag & ~crit_i);
    if (op_i == OP_INSERT) begin
      for (int unsigned w = 0; w < WAYS; w++) begin
        if (part[w] && WAY_W'(w) != wsel && wstate_i[w*2 +: 2] == WAY_VALID) begin
          rr = {1'b0, meta_i[w*MW+10 +: 2]} + {1'b0, age};
          meta_o[w*MW+10 +: 2] = (rr > 3'd3) ? 2'd3 : rr[1:0];
        end
      end
      meta_o[32'(wsel)*MW +: MW] = {(ship_q[{sig_o, 1'b0} +: 2] == 2'd0) ? 2'd3 : 2'd2,
                                    2'b00, sig_o};
    end else if (op_i == OP_HIT) begin
      meta_o[32'(wsel)*MW +: MW] = {2'd0, ncr, cr, m[7:0]};
    end
  end

  always_comb begin : next_state
    logic [7:0] hs, es;
    ccbp_d = ccbp_q;
    ship_d = ship_q;
    hs     = meta_i[32'(wsel)*MW +: 8];
    es     = old_meta_i[7:0];
    if (op_i == OP_HIT && load_i) begin
      if (crit_i && ccbp_q[{hs, 1'b0} +: 2] != 2'd3) begin
        ccbp_d[{hs, 1'b0} +: 2] = ccbp_q[{hs, 1'b0} +: 2] + 2'd1;
      end
      if (ship_q[{hs, 1'b0} +: 2] != 2'd3) begin
        ship_d[{hs, 1'b0} +: 2] = ship_q[{hs, 1'b0} +: 2] + 2'd1;
      end
    end else if (op_i == OP_EVICT) begin
      if (!old_meta_i[8] && old_meta_i[9] && 32'(wsel) < CWAYS) begin
        if (ccbp_q[{es, 1'b0} +: 2] != 2'd0) begin
          ccbp_d[{es, 1'b0} +: 2] = ccbp_q[{es, 1'b0} +: 2] - 2'd1;
        end
      end else if (!old_meta_i[8] && !old_meta_i[9]) begin
        if (ship_q[{es, 1'b0} +: 2] != 2'd0) begin
          ship_d[{es, 1'b0} +: 2] = ship_q[{es, 1'b0} +: 2] - 2'd1;
        end
      end
    end
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      ccbp_q <= '0;
      ship_q <= {256{2'b01}};
    end else begin
      ccbp_q <= ccbp_d;
      ship_q <= ship_d;
    end
  end

endmodule
