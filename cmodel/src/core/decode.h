/* Timing view of an instruction, decoded once per module: which pipeline it
 * uses, its latency and initiation interval, and the registers it reads and
 * writes (for the scoreboard and the register-file banks). */
#ifndef SIMTREF_CORE_DECODE_H
#define SIMTREF_CORE_DECODE_H

#include <stdint.h>

#include "common/error.h"
#include "ptx/ir.h"
#include "simtref/config.h"

typedef enum st_unit_kind {
  UNIT_SP = 0, /* integer and fp32 arithmetic, moves, compares, control */
  UNIT_SFU,    /* transcendental and reciprocal approximations */
  UNIT_DP,     /* fp64 (the SP pipelines when the SM has no DP units) */
  UNIT_MEM,    /* loads, stores, atomics, shared memory, barriers' memory side */
  UNIT_KINDS
} st_unit_kind;

#define ST_MAX_SRC_REGS 12
#define ST_MAX_DST_REGS 4

typedef struct st_tinst {
  uint8_t unit;       /* st_unit_kind */
  uint8_t is_mem;     /* goes through the LD/ST unit */
  uint8_t is_branch;  /* changes control flow (bra, brx, call, ret, exit) */
  uint8_t is_barrier; /* bar.sync / bar.red / bar.arrive */
  uint8_t ordered;    /* its execution may touch state shared between SMs (global, constant
                         or generic memory, the allocation table, the device runtime, calls):
                         in a parallel run it waits for the SMs before its own (common/par.h) */
  uint8_t n_src, n_dst;
  uint16_t latency;   /* core cycles from dispatch to result */
  uint16_t interval;  /* cycles before the unit accepts the next warp instruction */
  uint16_t src[ST_MAX_SRC_REGS]; /* function-local register numbers read (guard included) */
  uint16_t dst[ST_MAX_DST_REGS]; /* written */
} st_tinst;

/* Decodes every instruction of m for the timing model under cfg. Returns an
 * array of m->n_insts entries (caller frees) or NULL on allocation failure. */
st_tinst *st_tinst_decode(const st_module *m, const st_config *cfg);

/* Registers per thread a kernel needs, estimated from the PTX: the largest
 * number of 32-bit registers live at once in the entry (a 64-bit register
 * counts two, predicates none), found by liveness analysis over the
 * instruction order, rounded up to the config's register granularity. It
 * approximates what ptxas allocates; a workload can state the real count. */
uint32_t st_regs_per_thread(const st_module *m, const st_function *entry,
                            const st_tinst *decoded, uint32_t granularity);

#endif
