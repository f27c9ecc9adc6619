// Issue scheduler, CAWA's greedy criticality-aware warp scheduler (gCAWS): one per warp
// scheduler. Contract and C model: cmodel/src/units/wsched_gcaws/wsched_gcaws.{h,c};
// docs/units/wsched_gcaws.md.
// key = {not greedy, ~crit, age}: the warp issued last first while it is resident, then the
// most critical warp (CPL's crit, larger first), ties to the oldest (age rank 0).
// Grant: the ready warp with the smallest key.
module wsched_gcaws #(
  parameter int unsigned NW     = 24,  // warps of the scheduler
  parameter int unsigned AGE_W  = 6,   // width of an age rank
  parameter int unsigned CRIT_W = 24,  // width of a criticality
  localparam int unsigned IDX_W = simtref_pkg::idx_bits(NW),
  localparam int unsigned KEY_W = 1 + CRIT_W + AGE_W
) (
  input  logic                 clk_i,
  input  logic                 rst_ni,
  input  logic [NW-1:0]        valid_i,
  input  logic [NW-1:0]        ready_i,
  input  logic [NW*AGE_W-1:0]  age_i,
  input  logic [NW*CRIT_W-1:0] crit_i,
  output logic                 grant_valid_o,
  output logic [IDX_W-1:0]     grant_o,
  output logic [NW*KEY_W-1:0]  key_o
);

  logic             last_valid_q /*verilator public_flat_rw*/;
  logic [IDX_W-1:0] last_q       /*verilator public_flat_rw*/;
  logic             last_valid_d;
  logic [IDX_W-1:0] last_d;

  always_comb begin : order
    for (int unsigned j = 0; j < NW; j++) begin
      key_o[j*KEY_W +: KEY_W] = {!(last_valid_q && last_q == IDX_W'(j) && valid_i[j]),
                                 ~crit_i[j*CRIT_W +: CRIT_W], age_i[j*AGE_W +: AGE_W]};
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
