// Argmin: the valid element with the smallest key, the lowest index among
// equal keys ("the first ready warp with the smallest key"). Combinational.
// found_o is 0 and idx_o is 0 when no element is valid. The issue schedulers
// and the fetch arbiters grant with it (docs/units/).
//
// A balanced tree of ceil(log2(N)) levels of two-way picks, so that the path
// grows with log2(N), not N (docs/area.md, "Delay"). Each pick keeps the
// lower-index side unless the higher side is valid and strictly smaller,
// which gives the lowest index among equal keys overall: the same function
// as one ascending scan (tests/synth/argmin_equiv.sh proves it).
module prim_argmin #(
  parameter int unsigned N     = 2,  // elements
  parameter int unsigned KEY_W = 1,  // width of a key
  localparam int unsigned IDX_W = simtref_pkg::idx_bits(N)
) (
  input  logic [N-1:0]       valid_i,
  input  logic [N*KEY_W-1:0] key_i,    // element j's key at [j*KEY_W +: KEY_W]
  output logic               found_o,
  output logic [IDX_W-1:0]   idx_o
);

  // The tree as a heap: node 0 the root, node g's children 2g+1 (lower
  // indices) and 2g+2; the P leaves at P-1 .. 2P-2 in index order, those past
  // N never valid.
  localparam int unsigned L = (N > 1) ? $clog2(N) : 0;
  localparam int unsigned P = 1 << L;
  localparam int unsigned NODES = 2 * P - 1;

  // split_var: each node is its own signal to Verilator (one vector holding
  // parents and children reads as a loop). The root's key is no output. At
  // N = 1 the tree is one leaf of one bit, which split_var cannot split.
  /* verilator lint_off SPLITVAR */
  logic [NODES-1:0]       node_found /* verilator split_var */;
  /* verilator lint_off UNUSEDSIGNAL */
  logic [NODES*KEY_W-1:0] node_key /* verilator split_var */;
  /* verilator lint_on UNUSEDSIGNAL */
  logic [NODES*IDX_W-1:0] node_idx /* verilator split_var */;
  /* verilator lint_on SPLITVAR */

  for (genvar g = 0; g < P; g++) begin : g_leaf
    if (g < N) begin : g_elem
      assign node_found[P-1+g]              = valid_i[g];
      assign node_key[(P-1+g)*KEY_W +: KEY_W] = key_i[g*KEY_W +: KEY_W];
      assign node_idx[(P-1+g)*IDX_W +: IDX_W] = IDX_W'(g);
    end else begin : g_pad
      assign node_found[P-1+g]              = 1'b0;
      assign node_key[(P-1+g)*KEY_W +: KEY_W] = '0;
      assign node_idx[(P-1+g)*IDX_W +: IDX_W] = '0;
    end
  end

  for (genvar g = 0; g + 1 < P; g++) begin : g_pick
    localparam int unsigned Lo = 2 * g + 1;
    localparam int unsigned Hi = 2 * g + 2;
    logic take_hi;
    assign take_hi = node_found[Hi] &&
                     (!node_found[Lo] || node_key[Hi*KEY_W +: KEY_W] < node_key[Lo*KEY_W +: KEY_W]);
    assign node_found[g]              = node_found[Lo] || node_found[Hi];
    assign node_key[g*KEY_W +: KEY_W] = take_hi ? node_key[Hi*KEY_W +: KEY_W]
                                                : node_key[Lo*KEY_W +: KEY_W];
    assign node_idx[g*IDX_W +: IDX_W] = take_hi ? node_idx[Hi*IDX_W +: IDX_W]
                                                : node_idx[Lo*IDX_W +: IDX_W];
  end

  assign found_o = node_found[0];
  assign idx_o   = node_found[0] ? node_idx[0 +: IDX_W] : '0;

endmodule
