// Issue scheduler, loose round robin: one per warp scheduler.
// Contract and C model: cmodel/src/units/wsched_lrr.{h,c}; docs/units/wsched_lrr.md.
// The order starts after the warp issued last and wraps; key_o gives each
// warp's position in it (0 first); the grant is the ready warp with the
// smallest key.
module wsched_lrr #(
  parameter int unsigned NW = 24,  // warps of the scheduler
  localparam int unsigned IDX_W = simtref_pkg::idx_bits(NW)
) (
  input  logic                clk_i,
  input  logic                rst_ni,
  input  logic [NW-1:0]       ready_i,
  output logic                grant_valid_o,
  output logic [IDX_W-1:0]    grant_o,
  output logic [NW*IDX_W-1:0] key_o
);

  logic             last_valid_q /*verilator public_flat_rw*/;
  logic [IDX_W-1:0] last_q       /*verilator public_flat_rw*/;
  logic             last_valid_d;
  logic [IDX_W-1:0] last_d;
  logic [IDX_W-1:0] key [NW];

  always_comb begin : order
    for (int unsigned j = 0; j < NW; j++) begin
      key[j] = last_valid_q ? IDX_W'(simtref_pkg::ring_after(j, 32'(last_q), NW)) : IDX_W'(j);
      key_o[j*IDX_W +: IDX_W] = key[j];
    end
  end

  // The grant: the first ready warp with the smallest key.
  prim_argmin #(
    .N     (NW),
    .KEY_W (IDX_W)
  ) u_pick (
    .valid_i (ready_i),
    .key_i   (key_o),
    .found_o (grant_valid_o),
    .idx_o   (grant_o)
  );

  always_comb begin : next_state
    last_valid_d = last_valid_q | grant_valid_o;
    last_d       = grant_valid_o ? grant_o : last_q;
  end

  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      last_valid_q <= 1'b0;
      last_q       <= '0;
    end else begin
      last_valid_q <= last_valid_d;
      last_q       <= last_d;
    end
  end

endmodule
