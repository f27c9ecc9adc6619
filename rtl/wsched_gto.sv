// Issue scheduler, greedy then oldest: one per warp scheduler.
// Contract and C model: cmodel/src/units/wsched_gto.{h,c}; docs/units/wsched_gto.md.
// key = {not greedy, age}: the warp issued last first while it is resident,
// then the others by age rank (0 = oldest). Grant: smallest key among ready.
module wsched_gto #(
  parameter int unsigned NW    = 24,  // warps of the scheduler
  parameter int unsigned AGE_W = 6,   // width of an age rank
  localparam int unsigned IDX_W = simtref_pkg::idx_bits(NW),
  localparam int unsigned KEY_W = AGE_W + 1
) (
  input  logic                clk_i,
  input  logic                rst_ni,
  input  logic [NW-1:0]       valid_i,
  input  logic [NW-1:0]       ready_i,
  input  logic [NW*AGE_W-1:0] age_i,
  output logic                grant_valid_o,
  output logic [IDX_W-1:0]    grant_o,
  output logic [NW*KEY_W-1:0] key_o
);

  logic             last_valid_q /*verilator public_flat_rw*/;
  logic [IDX_W-1:0] last_q       /*verilator public_flat_rw*/;
  logic             last_valid_d;
  logic [IDX_W-1:0] last_d;
  logic [KEY_W-1:0] key [NW];

  always_comb begin : order
    for (int unsigned j = 0; j < NW; j++) begin
      key[j] = {!(last_valid_q && last_q == IDX_W'(j) && valid_i[j]), age_i[j*AGE_W +: AGE_W]};
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
