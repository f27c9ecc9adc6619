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

  logic [IDX_W-1:0]     ptr_q /*verilator public_flat_rw*/;
  logic [IDX_W-1:0]     ptr_d;
  logic [NWS*IDX_W-1:0] key;   // warp i's place in the order after the pointer

  always_comb begin : order
    for (int unsigned i = 0; i < NWS; i++) begin
      key[i*IDX_W +: IDX_W] = IDX_W'(simtref_pkg::ring_after(i, 32'(ptr_q), NWS));
    end
  end

  // The grant: the first eligible warp with the smallest key.
  prim_argmin #(
    .N     (NWS),
    .KEY_W (IDX_W)
  ) u_pick (
    .valid_i (eligible_i),
    .key_i   (key),
    .found_o (grant_valid_o),
    .idx_o   (grant_o)
  );

  assign ptr_d = grant_valid_o ? grant_o : ptr_q;

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      ptr_q <= '0;
    end else begin
      ptr_q <= ptr_d;
    end
  end

endmodule
