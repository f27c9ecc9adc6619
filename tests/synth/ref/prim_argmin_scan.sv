// The linear-scan arg-min that rtl/prim/prim_argmin.sv replaced, kept as the
// reference tests/synth/argmin_equiv.sh proves the tree equivalent to: the valid
// element with the smallest key, the lowest index among equal keys; found_o 0 and
// idx_o 0 when no element is valid.
module prim_argmin_scan #(
  parameter int unsigned N     = 2,  // elements
  parameter int unsigned KEY_W = 1,  // width of a key
  localparam int unsigned IDX_W = simtref_pkg::idx_bits(N)
) (
  input  logic [N-1:0]       valid_i,
  input  logic [N*KEY_W-1:0] key_i,    // element j's key at [j*KEY_W +: KEY_W]
  output logic               found_o,
  output logic [IDX_W-1:0]   idx_o
);

  logic [KEY_W-1:0] best;

  // One ascending scan: a later element wins only with a strictly smaller key.
  always_comb begin : scan
    found_o = 1'b0;
    idx_o   = '0;
    best    = '0;
    for (int unsigned j = 0; j < N; j++) begin
      if (valid_i[j] && (!found_o || key_i[j*KEY_W +: KEY_W] < best)) begin
        found_o = 1'b1;
        idx_o   = IDX_W'(j);
        best    = key_i[j*KEY_W +: KEY_W];
      end
    end
  end

endmodule
