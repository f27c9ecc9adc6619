// A storage array of DEPTH words of WIDTH bits: one synchronous write port and one
// combinational read port, no reset (its contents are defined only where written).
// `simtref area` does not synthesise it: synth/flow.tcl keeps every module marked
// simtref_sram as a black box and reports its bits, which the area model prices as an
// SRAM macro (docs/area.md "Storage arrays"). In simulation it is a plain array.
(* simtref_sram *)
module prim_ram_1r1w #(
  parameter int unsigned DEPTH = 16,  // words
  parameter int unsigned WIDTH = 8,   // bits per word
  localparam int unsigned AW   = simtref_pkg::idx_bits(DEPTH)
) (
  input  logic             clk_i,
  input  logic             we_i,
  input  logic [AW-1:0]    waddr_i,
  input  logic [WIDTH-1:0] wdata_i,
  input  logic [AW-1:0]    raddr_i,
  output logic [WIDTH-1:0] rdata_o
);
  /*verilator inline_module*/

  // The words, flat (word i in bits [i*WIDTH +: WIDTH]); public so that a lock-step
  // comparison reads them like a register of the unit.
  logic [DEPTH*WIDTH-1:0] mem_q /*verilator public_flat_rw*/;

  always_ff @(posedge clk_i) begin
    if (we_i && 32'(waddr_i) < DEPTH) begin
      mem_q[32'(waddr_i)*WIDTH +: WIDTH] <= wdata_i;
    end
  end

  assign rdata_o = 32'(raddr_i) < DEPTH ? mem_q[32'(raddr_i)*WIDTH +: WIDTH] : '0;

endmodule
