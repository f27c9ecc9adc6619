// DTBL's aggregated group table (AGT) with its allocation and link logic, one per GPU.
// Contract and C model: cmodel/src/units/agt/agt.{h,c}; docs/units/agt.md; spec §1.2.2-§1.2.3.
// One command per evaluation (cmd_i), applied at the clock edge:
//   1 MARK(kde)         marked = first = 1, NAGEI = LAGEI = 0
//   2 JOIN(kde, hwtid, gref)  entry hwtid mod 2^AGT_W: free -> allocated (hit, ref {1, ind});
//                       busy -> conflict, ref = gref (refused when 0). With LINK the group is
//                       appended to the kernel's list: NAGEI == 0 -> NAGEI = LAGEI = ref and an
//                       unmarked kernel is marked again (requeue, first = 0); else the old last
//                       group's Next = ref (on chip; link_global when it is a global record) and
//                       LAGEI = ref
//   3 NATIVE_DONE(kde)  first = 0; NAGEI == 0 -> unmark
//   4 GROUP_DONE(kde, ref, gnext)  on chip: dist = 1, freed when no block executes; with LINK
//                       NAGEI = Next (on chip) or gnext (global); 0 -> LAGEI = 0, unmark.
//                       The kernel's last group (ref == LAGEI) has no Next: its word is not
//                       read, so an allocation need not clear it
//   5 TB_START(ref), 6 TB_END(ref)  the entry's executing-block count +1 / -1 (freed at 0 once
//                       distributed)
//   7 RELEASE(kde)      NAGEI = LAGEI = 0, marked = first = 0
// An illegal command raises error_o and changes nothing. A reference is 32 bits: 0 NULL,
// bit 31 set an on-chip entry (index in the low AGT_W bits), else a global record.
// The group payload (size, parameter address) is a RAM outside the unit. The per-entry
// block counts and links are storage arrays (rtl/prim/prim_ram_1r1w.sv: one write and one
// read port each, no reset), priced as SRAM by `simtref area`; the valid and distributed
// bits, which reset clears, are flip-flops.
module agt #(
  parameter int unsigned AGT_W = 10,  // log2 entries, 4..11
  parameter int unsigned NKDE  = 32,  // kernel distributor entries, 1..64
  parameter int unsigned EXE_W = 16,  // an entry's executing-block count
  parameter int unsigned LINK  = 1,   // chain groups per kernel (FCFS)
  localparam int unsigned N    = 1 << AGT_W,
  localparam int unsigned KW   = simtref_pkg::idx_bits(NKDE)
) (
  input  logic             clk_i,
  input  logic             rst_ni,
  input  logic [2:0]       cmd_i,
  input  logic [5:0]       kde_i,
  // Waiver: the hash reads the low AGT_W bits of hwtid_i; gref_i[31] is not read (a global
  // record's reference has bit 31 clear).
  /* verilator lint_off UNUSEDSIGNAL */
  input  logic [10:0]      hwtid_i,
  input  logic [31:0]      gref_i,
  /* verilator lint_on UNUSEDSIGNAL */
  input  logic [31:0]      ref_i,
  input  logic [31:0]      gnext_i,
  output logic             accept_o,
  output logic             hit_o,
  output logic             conflict_o,
  output logic [31:0]      ref_o,
  output logic             requeue_o,
  output logic             link_global_o,
  output logic             unmark_o,
  output logic             freed_o,
  output logic             error_o,
  output logic [31:0]      nagei_o,
  output logic             marked_o,
  output logic             first_o,
  output logic [AGT_W:0]   n_valid_o
);

  localparam logic [2:0] CmdMark       = 3'd1;
  localparam logic [2:0] CmdJoin       = 3'd2;
  localparam logic [2:0] CmdNativeDone = 3'd3;
  localparam logic [2:0] CmdGroupDone  = 3'd4;
  localparam logic [2:0] CmdTbStart    = 3'd5;
  localparam logic [2:0] CmdTbEnd      = 3'd6;
  localparam logic [2:0] CmdRelease    = 3'd7;
  localparam logic [EXE_W-1:0] ExeMax  = '1;

  // Registers (public for the lock-step comparison, verif/units/agt/shim.h).
  logic [NKDE*32-1:0]  nagei_q  /*verilator public_flat_rw*/;
  logic [NKDE*32-1:0]  lagei_q  /*verilator public_flat_rw*/;
  logic [NKDE-1:0]     marked_q /*verilator public_flat_rw*/;
  logic [NKDE-1:0]     first_q  /*verilator public_flat_rw*/;
  logic [AGT_W:0]      nvalid_q /*verilator public_flat_rw*/;
  logic [N-1:0]        valid_q  /*verilator public_flat_rw*/;
  logic [N-1:0]        dist_q   /*verilator public_flat_rw*/;
  // exebl and next live in u_exebl.mem_q and u_next.mem_q (without LINK next is one unused
  // word).

  // The command's decoded operands.
  logic             kde_ok;
  logic [KW-1:0]    kidx;
  logic [AGT_W-1:0] ind, ridx;
  // Waiver: without LINK the one-word link array reads no bit of lidx.
  /* verilator lint_off UNUSEDSIGNAL */
  logic [AGT_W-1:0] lidx;
  /* verilator lint_on UNUSEDSIGNAL */
  logic             ronchip;
  logic             valid_r, dist_r, valid_h;
  logic [EXE_W-1:0] exe_r;
  logic [31:0]      next_r, next_w;
  logic [31:0]      nagei_k, lagei_k;
  logic             marked_k, first_k;

  assign kde_ok  = 32'(kde_i) < NKDE;
  assign kidx    = kde_ok ? kde_i[KW-1:0] : '0;
  assign ind     = hwtid_i[AGT_W-1:0];
  assign ridx    = ref_i[AGT_W-1:0];
  assign ronchip = ref_i[31];
  assign valid_r = valid_q[ridx];
  assign dist_r  = dist_q[ridx];
  assign valid_h = valid_q[ind];
  assign nagei_k  = kde_ok ? nagei_q[32'(kidx)*32 +: 32] : 32'd0;
  assign lagei_k  = kde_ok ? lagei_q[32'(kidx)*32 +: 32] : 32'd0;
  assign marked_k = kde_ok && marked_q[kidx];
  assign first_k  = kde_ok && first_q[kidx];
  assign lidx     = lagei_k[AGT_W-1:0];
  // A group's Next is written when a group is appended behind it, so only the last group's
  // word is stale (left from an earlier group of the same entry).
  assign next_r   = (ref_i == lagei_k) ? 32'd0 : next_w;

  // What the command does: the outputs and the writes of the clock edge.
  logic        alloc, link_we, set_dist, free_e, inc, dec, kde_we;
  logic [31:0] nagei_n, lagei_n;
  logic        marked_n, first_n;

  always_comb begin : decide
    logic [31:0] r;
    accept_o      = 1'b0;
    hit_o         = 1'b0;
    conflict_o    = 1'b0;
    ref_o         = '0;
    requeue_o     = 1'b0;
    link_global_o = 1'b0;
    unmark_o      = 1'b0;
    freed_o       = 1'b0;
    error_o       = 1'b0;
    alloc         = 1'b0;
    link_we       = 1'b0;
    set_dist      = 1'b0;
    free_e        = 1'b0;
    inc           = 1'b0;
    dec           = 1'b0;
    kde_we        = 1'b0;
    nagei_n       = nagei_k;
    lagei_n       = lagei_k;
    marked_n      = marked_k;
    first_n       = first_k;
    r             = '0;
    unique case (cmd_i)
      CmdMark: begin
        if (!kde_ok) begin
          error_o = 1'b1;
        end else begin
          marked_n = 1'b1;
          first_n  = 1'b1;
          nagei_n  = '0;
          lagei_n  = '0;
          kde_we   = 1'b1;
        end
      end
      CmdJoin: begin
        if (!kde_ok) begin
          error_o = 1'b1;
        end else begin
          if (!valid_h) begin
            hit_o = 1'b1;
            alloc = 1'b1;
            r     = {1'b1, 31'(ind)};
          end else begin
            conflict_o = 1'b1;
            r          = {1'b0, gref_i[30:0]};
          end
          if (r != '0) begin
            accept_o = 1'b1;
            ref_o    = r;
            if (LINK != 0) begin
              kde_we = 1'b1;
              if (nagei_k == '0) begin
                nagei_n = r;
                lagei_n = r;
                if (!marked_k) begin
                  marked_n  = 1'b1;
                  first_n   = 1'b0;
                  requeue_o = 1'b1;
                end
              end else begin
                if (lagei_k[31]) begin
                  link_we = 1'b1;
                end else begin
                  link_global_o = 1'b1;
                end
                lagei_n = r;
              end
            end
          end
        end
      end
      CmdNativeDone: begin
        if (!kde_ok) begin
          error_o = 1'b1;
        end else begin
          first_n = 1'b0;
          kde_we  = 1'b1;
          if (nagei_k == '0) begin
            marked_n = 1'b0;
            unmark_o = 1'b1;
          end
        end
      end
      CmdGroupDone: begin
        if (ref_i == '0 || (ronchip && (!valid_r || dist_r)) ||
            (LINK != 0 && (!kde_ok || ref_i != nagei_k))) begin
          error_o = 1'b1;
        end else begin
          if (ronchip) begin
            set_dist = 1'b1;
            if (exe_r == '0) begin
              free_e  = 1'b1;
              freed_o = 1'b1;
            end
          end
          if (LINK != 0) begin
            kde_we  = 1'b1;
            nagei_n = ronchip ? next_r : gnext_i;
            if (nagei_n == '0) begin
              lagei_n  = '0;
              marked_n = 1'b0;
              unmark_o = 1'b1;
            end
          end
        end
      end
      CmdTbStart: begin
        if (ronchip) begin
          if (!valid_r || dist_r || exe_r == ExeMax) begin
            error_o = 1'b1;
          end else begin
            inc = 1'b1;
          end
        end
      end
      CmdTbEnd: begin
        if (ronchip) begin
          if (!valid_r || exe_r == '0) begin
            error_o = 1'b1;
          end else begin
            dec = 1'b1;
            if (exe_r == EXE_W'(1) && dist_r) begin
              free_e  = 1'b1;
              freed_o = 1'b1;
            end
          end
        end
      end
      CmdRelease: begin
        if (!kde_ok) begin
          error_o = 1'b1;
        end else begin
          nagei_n  = '0;
          lagei_n  = '0;
          marked_n = 1'b0;
          first_n  = 1'b0;
          kde_we   = 1'b1;
        end
      end
      default: ;
    endcase
    nagei_o   = nagei_n;
    marked_o  = marked_n;
    first_o   = first_n;
    n_valid_o = nvalid_q;
  end

  // The kernel distributor's registers.
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      nagei_q  <= '0;
      lagei_q  <= '0;
      marked_q <= '0;
      first_q  <= '0;
      nvalid_q <= '0;
    end else begin
      if (kde_we) begin
        nagei_q[32'(kidx)*32 +: 32] <= nagei_n;
        lagei_q[32'(kidx)*32 +: 32] <= lagei_n;
        marked_q[kidx]              <= marked_n;
        first_q[kidx]               <= first_n;
      end
      nvalid_q <= nvalid_q + (AGT_W+1)'(alloc) - (AGT_W+1)'(free_e);
    end
  end

  // The table's flip-flops: the valid and distributed bits.
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      valid_q <= '0;
      dist_q  <= '0;
    end else begin
      if (alloc) begin
        valid_q[ind] <= 1'b1;
        dist_q[ind]  <= 1'b0;
      end
      if (set_dist) begin
        dist_q[ridx] <= 1'b1;
      end
      if (free_e) begin
        valid_q[ridx] <= 1'b0;
      end
    end
  end

  // The executing-block counts: cleared at allocation, counted at TB_START and TB_END (never
  // in the same command, so one write port).
  logic             exe_we;
  logic [AGT_W-1:0] exe_waddr;
  logic [EXE_W-1:0] exe_wdata;
  assign exe_we    = alloc | inc | dec;
  assign exe_waddr = alloc ? ind : ridx;
  assign exe_wdata = alloc ? '0 : inc ? exe_r + EXE_W'(1) : exe_r - EXE_W'(1);

  prim_ram_1r1w #(
    .DEPTH(N),
    .WIDTH(EXE_W)
  ) u_exebl (
    .clk_i,
    .we_i   (exe_we),
    .waddr_i(exe_waddr),
    .wdata_i(exe_wdata),
    .raddr_i(ridx),
    .rdata_o(exe_r)
  );

  // The links: written when a group is appended behind an on-chip last group. Without LINK
  // nothing is linked and the array is one word that is never written.
  localparam int unsigned NextDepth = (LINK != 0) ? N : 1;
  localparam int unsigned NextAw    = simtref_pkg::idx_bits(NextDepth);

  prim_ram_1r1w #(
    .DEPTH(NextDepth),
    .WIDTH(32)
  ) u_next (
    .clk_i,
    .we_i   (link_we),
    .waddr_i(NextAw'(lidx)),
    .wdata_i(ref_o),
    .raddr_i(NextAw'(ridx)),
    .rdata_o(next_w)
  );

endmodule
