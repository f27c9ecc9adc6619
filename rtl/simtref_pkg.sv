// Items shared by the simtref RTL units. Yosys 0.23 rejects `import pkg::*`,
// so the units name these by their qualified names (simtref_pkg::...).
package simtref_pkg;

  // Position of j in the ring 0..n-1 walked from the element after `last`:
  // (j - last - 1) mod n, for j, last < n. No divider: one compare, one add.
  function automatic int unsigned ring_after(input int unsigned j, input int unsigned last,
                                             input int unsigned n);
    ring_after = (j > last) ? j - last - 1 : j + n - last - 1;
  endfunction

  // Width of an index into n things (at least 1 bit).
  function automatic int unsigned idx_bits(input int unsigned n);
    idx_bits = (n > 1) ? $clog2(n) : 1;
  endfunction

  // Waiver: a package's constants serve whichever unit uses them; each unit
  // is linted on its own, and one that uses none of them is not a defect.
  /* verilator lint_off UNUSEDPARAM */

  // Fetch arbiter modes of fetch_cff (cmodel/src/units/fetch_cff.h).
  localparam int unsigned CFF_MODE_LRR     = 0;
  localparam int unsigned CFF_MODE_GTO     = 1;
  localparam int unsigned CFF_MODE_MWF_LRR = 2;
  localparam int unsigned CFF_MODE_MWF_GTO = 3;

  // Within-TB variants of wsched_mwf.
  localparam int unsigned MWF_VARIANT_LRR = 0;
  localparam int unsigned MWF_VARIANT_GTO = 1;
  /* verilator lint_on UNUSEDPARAM */

endpackage
