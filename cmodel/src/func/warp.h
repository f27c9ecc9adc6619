/* Functional state of threads: warps with their SIMT reconvergence stack,
 * registers and local memory, and CTAs with their shared memory and
 * barriers. This is the state the functional model changes when a warp
 * instruction executes; the timing model only decides when that happens. */
#ifndef SIMTREF_FUNC_WARP_H
#define SIMTREF_FUNC_WARP_H

#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "ptx/ir.h"
#include "simtref/simtref.h"

#define ST_WARP_SIZE 32
#define ST_NUM_BARRIERS 16
#define ST_MAX_CALL_DEPTH 64

/* Iterates l over the set bits of mask, lowest first. */
#define ST_LANES(l, mask)                                                           \
  for (uint32_t _m_##l = (mask), l = 0;                                             \
       _m_##l != 0 && ((l = (uint32_t)__builtin_ctz(_m_##l)), 1); _m_##l &= _m_##l - 1)

/* Sets v in the lanes of mask of a per-thread array: a full warp in one
 * straight loop the compiler makes vector stores of. */
static inline void st_lanes_fill(uint64_t *dst, uint32_t mask, uint64_t v) {
  if (mask == UINT32_MAX) {
    for (uint32_t l = 0; l < ST_WARP_SIZE; l++) {
      dst[l] = v;
    }
    return;
  }
  ST_LANES(l, mask) { dst[l] = v; }
}

/* Adds v in the lanes of mask of a per-thread array (as st_lanes_fill). */
static inline void st_lanes_add(uint64_t *dst, uint32_t mask, uint64_t v) {
  if (mask == UINT32_MAX) {
    for (uint32_t l = 0; l < ST_WARP_SIZE; l++) {
      dst[l] += v;
    }
    return;
  }
  ST_LANES(l, mask) { dst[l] += v; }
}

/* Whether the lanes of mask hold one value (that of lane first, in mask). */
static inline bool st_lanes_uniform(const uint64_t *a, uint32_t mask, uint32_t first) {
  uint64_t differ = 0;
  if (mask == UINT32_MAX) {
    for (uint32_t l = 0; l < ST_WARP_SIZE; l++) {
      differ |= a[l] ^ a[first];
    }
  } else {
    ST_LANES(l, mask) { differ |= a[l] ^ a[first]; }
  }
  return differ == 0;
}

/* Register rows of a warp that are zeroed on first touch (st_warp_row). */
#define ST_REG_LAZY_ROWS 256u

/* One entry of the SIMT (immediate post-dominator) reconvergence stack. */
typedef struct st_simt_entry {
  uint32_t pc;    /* next instruction of this entry's threads */
  uint32_t rpc;   /* reconvergence PC: the entry is popped when pc reaches it */
  uint32_t mask;  /* threads of this entry */
  uint32_t call;  /* 1 for the bottom entry of a function call's frame */
} st_simt_entry;

/* A function activation of a warp (all its threads share it). */
typedef struct st_call_frame {
  uint32_t func;        /* callee function index */
  uint32_t reg_base;    /* the callee's first register (the warp's reg_base) */
  uint32_t row_base;    /* its first register-file row (the warp's row_base) */
  uint32_t local_base;  /* byte offset of the callee's local frame in each thread's stack */
  uint32_t ret_pc;      /* instruction after the call */
  uint32_t call_pc;     /* the call instruction (its operands name the return/args) */
  uint32_t simt_depth;  /* stack depth of the call's entry */
  uint32_t call_mask;   /* threads that made the call (they receive its return values) */
} st_call_frame;

typedef enum st_warp_state {
  ST_WARP_READY = 0,  /* can execute its next instruction */
  ST_WARP_BARRIER,    /* waiting at a barrier */
  ST_WARP_DONE        /* every thread has exited */
} st_warp_state;

/* What the last executed instruction did to memory, for the timing model. */
typedef struct st_mem_access {
  uint8_t space;      /* st_space after generic resolution (SP_NONE: no access) */
  uint8_t is_store;
  uint8_t is_atomic;
  uint8_t size;       /* bytes per thread (vector width included) */
  uint32_t mask;      /* threads that accessed */
  uint64_t addr[ST_WARP_SIZE]; /* per thread: device address (global/const) or
                                  space offset (shared/local) */
} st_mem_access;

struct st_cta;

typedef struct st_warp {
  /* (What each instruction reads first: its PC, mask and registers; the
   * call frames, rarely read, last.) */
  struct st_cta *cta;
  uint32_t index;        /* warp number within its CTA */
  uint32_t valid;        /* lanes that hold a thread */
  uint32_t exited;       /* lanes whose thread has exited */
  uint32_t carry;        /* per-lane carry flag (add.cc / addc) */
  int state;             /* st_warp_state */
  uint32_t bar_id;       /* ST_WARP_BARRIER: the barrier waited on */

  st_simt_entry *stack;
  uint32_t depth, stack_cap;

  uint32_t n_frames;     /* 0: running the entry function */
  /* Registers are named in two ways. The timing model (scoreboard, operand
   * banks) names each declared register of the call chain: the current
   * function's register r is reg_base + r, below reg_rows. Their values are
   * kept in rows of regs: the current function's register r is in row
   * row_base + row_map[r] (st_function.rows: registers whose values are
   * never needed at once share a row, ptx/regalloc.c), below n_rows. */
  uint32_t reg_base;
  uint32_t reg_rows;
  uint32_t row_base;
  const uint32_t *row_map;

  uint64_t *regs;        /* regs[row * 32 + lane] */
  uint32_t n_rows;       /* rows allocated */
  /* Rows below ST_REG_LAZY_ROWS are zeroed when first touched (st_warp_row),
   * not at launch: bit r set once row r has been. The rows above are zeroed
   * when allocated. A row reads 0 until written, as if all were zeroed at
   * launch. */
  uint64_t reg_zeroed[ST_REG_LAZY_ROWS / 64];

  uint8_t *local;        /* local[lane * local_stride + offset] */
  uint32_t local_stride; /* bytes of local stack per thread */
  uint32_t local_base;   /* current function's frame offset */
  uint32_t local_top;    /* first free byte of the stack */

  uint64_t warp_insts;   /* instructions executed */
  uint64_t thread_insts; /* active threads summed over instructions */
  uint32_t hw_slot;      /* its warp slot on the SM (timing mode; 0 in functional mode):
                            lane l is the SM's hardware thread hw_slot * 32 + l */
  uint32_t devrt_cycles; /* cycles its last instruction, a device-runtime call, takes
                            (timing mode reads and clears it; func/devrt.h) */
  st_mem_access access;  /* of the last instruction */

  /* (Last, and not zeroed when the warp is set up: each call writes its
   * frame before anything reads it.) */
  st_call_frame frames[ST_MAX_CALL_DEPTH];
} st_warp;

/* Barrier state of one named barrier of a CTA. */
typedef struct st_barrier {
  uint32_t arrived;      /* warps arrived so far (bar.sync and bar.arrive) */
  uint32_t expected;     /* warps that release it; fixed by the first arrival */
  uint32_t red_popc;     /* bar.red.popc accumulator */
  uint32_t red_and, red_or;
  uint8_t red_kind;      /* st_bar_op of the reduction in flight */
} st_barrier;

typedef struct st_cta {
  st_dim3 ctaid;
  uint64_t linear_id;
  uint32_t nthreads;
  uint32_t nwarps;
  uint32_t warps_done;
  uint32_t smid;          /* SM the CTA runs on */
  uint32_t slot;          /* CTA slot on that SM */
  st_warp *warps;
  uint8_t *shared;
  uint32_t shared_size;   /* static + dynamic */
  st_barrier bars[ST_NUM_BARRIERS];
} st_cta;

/* The thread coordinates of lane `lane` of warp w. */
static inline uint32_t st_warp_thread_linear(const st_warp *w, uint32_t lane) {
  return w->index * ST_WARP_SIZE + lane;
}

/* Whether register row `row` of w holds values (it was touched; rows at and
 * above ST_REG_LAZY_ROWS always do). An untouched row reads as zeros. */
static inline bool st_warp_row_touched(const st_warp *w, uint32_t row) {
  return row >= ST_REG_LAZY_ROWS || ((w->reg_zeroed[row / 64] >> (row % 64)) & 1u);
}

/* Register-file row `row` (absolute: the frame's row_base included) of w,
 * zeroed first if it was never touched. */
static inline uint64_t *st_warp_row(st_warp *w, uint32_t row) {
  uint64_t *p = w->regs + (size_t)row * ST_WARP_SIZE;
  if (!st_warp_row_touched(w, row)) {
    memset(p, 0, ST_WARP_SIZE * sizeof *p);
    w->reg_zeroed[row / 64] |= UINT64_C(1) << (row % 64);
  }
  return p;
}

/* The row holding register r (numbered within the current function) of w. */
static inline uint64_t *st_warp_reg(st_warp *w, uint32_t r) {
  return st_warp_row(w, w->row_base + w->row_map[r]);
}

/* Mask of the threads that are running the current stack entry. */
static inline uint32_t st_warp_active(const st_warp *w) {
  return w->depth ? w->stack[w->depth - 1].mask : 0;
}

/* PC of the next instruction (valid while the warp is not done). */
static inline uint32_t st_warp_pc(const st_warp *w) {
  return w->depth ? w->stack[w->depth - 1].pc : ST_NO_PC;
}

#endif
