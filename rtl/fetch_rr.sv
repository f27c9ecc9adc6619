// Fetch arbiter, round robin: one per SM.
// Contract and C model: cmodel/src/units/fetch_rr.{h,c}; docs/units/fetch_rr.md.
// Grants the first eligible warp after the one fetched last, wrapping.
module fetch_rr #(
  parameter int unsigned NWS = 48,  // warp slots of the SM
  localparam int unsigned IDX_W = simtref_pkg::idx_bits(NWS)
) (
  input  logic             clk_i,
  input  logic             rst_ni,
  input  logic [NWS-1:0]   eligible_i,
  output logic             grant_valid_o,
  output logic [IDX_W-1:0] grant_o
);

  logic [IDX_W-1:0] ptr_q /*verilator public_flat_rw*/;
  logic [IDX_W-1:0] ptr_d;
  logic [IDX_W-1:0] key [NWS];
  logic [IDX_W-1:0] best;

  always_comb begin : pick
    grant_valid_o = 1'b0;
    grant_o       = '0;
    best          = '0;
    for (int unsigned i = 0; i < NWS; i++) begin
      key[i] = IDX_W'(simtref_pkg::ring_after(i, 32'(ptr_q), NWS));
      if (eligible_i[i] && (!grant_valid_o || key[i] < best)) begin
        grant_valid_o = 1'b1;
        grant_o       = IDX_W'(i);
        best          = key[i];
      end
    end
  end

  assign ptr_d = grant_valid_o ? grant_o : ptr_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      ptr_q <= '0;
    end else begin
      ptr_q <= ptr_d;
    end
  end

endmodule
