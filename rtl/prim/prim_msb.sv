// Priority encoder: the highest set bit of a W-bit vector. Combinational.
// found_o is 0 and idx_o is 0 when no bit is set. LaPerm serves the highest
// non-empty priority level of a queue row with it (docs/units/laperm.md).
module prim_msb #(
  parameter int unsigned W = 2,  // width of the vector
  localparam int unsigned IDX_W = simtref_pkg::idx_bits(W)
) (
  input  logic [W-1:0]     vec_i,
  output logic             found_o,
  output logic [IDX_W-1:0] idx_o
);

  // One ascending scan: a later (higher) set bit overrides.
  always_comb begin : scan
    found_o = 1'b0;
    idx_o   = '0;
    for (int unsigned j = 0; j < W; j++) begin
      if (vec_i[j]) begin
        found_o = 1'b1;
        idx_o   = IDX_W'(j);
      end
    end
  end

endmodule
