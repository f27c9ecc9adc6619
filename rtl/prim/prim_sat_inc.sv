// One step of a saturating up-counter: the next value of a W-bit count,
// cleared by clr_i, else one more on inc_i unless it is at its maximum
// (all ones), where it holds. Combinational: the count register stays in the
// unit (it is the unit's state); chained instances apply several events in
// one cycle. The WPT's and DYNCTA's counters count with it (docs/units/).
module prim_sat_inc #(
  parameter int unsigned W = 1  // counter width
) (
  input  logic [W-1:0] cnt_i,
  input  logic         clr_i,
  input  logic         inc_i,
  output logic [W-1:0] cnt_o
);

  always_comb begin : step
    if (clr_i)                      cnt_o = '0;
    else if (inc_i && cnt_i != '1)  cnt_o = cnt_i + 1'b1;
    else                            cnt_o = cnt_i;
  end

endmodule
