/* Rows of a warp's register file for a function's registers.
 *
 * PTX names a new virtual register for nearly every value, so a function
 * declares many more registers than it ever needs at once (spmv: 109; the
 * machine code holds about 30). A warp's register file keeps one row of 32
 * lanes for each row assigned here, and two registers share a row when no
 * thread ever needs both values at once: the per-thread liveness of the
 * function's control-flow graph, an interference graph, and a greedy colouring
 * in the order registers are first written. Only storage changes: the timing
 * model's scoreboard, operand banks and statistics go on naming the declared
 * registers (func/warp.h, reg_base against row_base).
 *
 * Why per-thread liveness is enough in SIMT execution: each thread follows one
 * path through the graph, a lane is written only when it is active, and rows
 * are per lane. Two further edges keep the interpreter's in-place updates
 * safe: an instruction's destinations interfere with its sources and with each
 * other (shfl reads other lanes of a source while it writes the destination;
 * an unpacking mov writes several rows from one). A guarded write does not end
 * the value before it (lanes whose guard is false keep it). A register read
 * before any write reads 0 (a row reads 0 until written): it is live from the
 * entry, so every register written while it waits interferes with it.
 *
 * Functions too large for the quadratic graph (more than
 * ST_REGALLOC_MAX_REGS registers) or for the per-instruction live sets (more
 * than ST_REGALLOC_MAX_WORDS words) keep one row per register. */
#include <stdlib.h>
#include <string.h>

#include "common/fault.h"
#include "ptx/parse.h"

#define ST_REGALLOC_MAX_REGS 4096u
#define ST_REGALLOC_MAX_WORDS (UINT64_C(1) << 22)

typedef struct ra {
  const st_module *m;
  uint32_t n;       /* registers */
  uint32_t words;   /* 64-bit words of a register set */
  uint64_t *graph;  /* n x n interference bits, row r at graph + r * words */
  bool fault_guard; /* planted fault: a guarded write ends the value before it */
} ra;

static inline void set_bit(uint64_t *s, uint32_t r) { s[r / 64] |= UINT64_C(1) << (r % 64); }
static inline bool get_bit(const uint64_t *s, uint32_t r) { return (s[r / 64] >> (r % 64)) & 1u; }

/* Calls fn(arg, r) for each register operand o names (vector elements,
 * an address's base). */
typedef void (*reg_fn)(void *arg, uint32_t r);

static void operand_regs(const ra *a, const st_operand *o, reg_fn fn, void *arg) {
  switch ((st_opnd_kind)o->kind) {
  case OPND_REG:
  case OPND_ADDR:
    if (o->reg != ST_NO_REG && o->reg < a->n) {
      fn(arg, o->reg);
    }
    return;
  case OPND_VEC:
    for (unsigned e = 0; e < o->comp && o->vec_base + e < a->m->n_vec_elems; e++) {
      const st_vec_elem *v = &a->m->vec_elems[o->vec_base + e];
      if (v->kind == OPND_REG && v->reg < a->n) {
        fn(arg, v->reg);
      }
    }
    return;
  default:
    return;
  }
}

/* Every register in's destinations (dst true) or sources (dst false) name:
 * the guard and an indirect call's target are sources; a brx.idx's table
 * holds labels only. */
static void inst_regs(const ra *a, const st_inst *in, bool dst, reg_fn fn, void *arg) {
  unsigned nd = st_inst_n_dst(in);
  for (unsigned k = 0; k < in->nopnds && k < ST_MAX_OPNDS; k++) {
    const st_operand *o = &in->opnd[k];
    if (in->op == OP_BRX && k == 1) {
      continue;
    }
    bool is_dst = k < nd && o->kind != OPND_ADDR;
    if (is_dst == dst) {
      operand_regs(a, o, fn, arg);
    }
  }
  if (!dst) {
    if (in->op == OP_CALL && in->call_func == ST_INDIRECT_CALL) {
      operand_regs(a, &in->opnd[0], fn, arg);
    }
    if (in->guard != ST_NO_REG && in->guard < a->n) {
      fn(arg, in->guard);
    }
  }
}

static void add_to_set(void *arg, uint32_t r) { set_bit((uint64_t *)arg, r); }

static void remove_from_set(void *arg, uint32_t r) {
  uint64_t *s = arg;
  s[r / 64] &= ~(UINT64_C(1) << (r % 64));
}

/* Liveness across one instruction, backwards: live holds what is live after
 * it and then what is live before it. */
static void step_back(const ra *a, const st_inst *in, uint64_t *live) {
  if (in->guard == ST_NO_REG || a->fault_guard) {
    inst_regs(a, in, true, remove_from_set, live);
  }
  inst_regs(a, in, false, add_to_set, live);
}

/* Successors of function-relative instruction i (n instructions): the next
 * one, a branch's targets, none after an unguarded exit. Calls
 * fn(arg, j) for each j < n (a jump out of the function leads nowhere). */
static void successors(const ra *a, const st_inst *insts, uint32_t i, uint32_t n, uint32_t base,
                       void (*fn)(void *, uint32_t), void *arg) {
  const st_inst *in = &insts[i];
  bool guarded = in->guard != ST_NO_REG;
  bool falls = true;
  switch ((st_op)in->op) {
  case OP_BRA: {
    uint64_t t = (uint64_t)in->opnd[0].imm - base;
    if (t < n) {
      fn(arg, (uint32_t)t);
    }
    falls = guarded;
    break;
  }
  case OP_BRX: {
    const st_operand *tab = &in->opnd[1];
    for (int64_t e = 0; e < tab->imm && tab->vec_base + (uint64_t)e < a->m->n_vec_elems; e++) {
      uint64_t t = (uint64_t)a->m->vec_elems[tab->vec_base + (uint64_t)e].imm - base;
      if (t < n) {
        fn(arg, (uint32_t)t);
      }
    }
    falls = guarded;
    break;
  }
  case OP_RET:
  case OP_EXIT:
  case OP_TRAP:
    falls = guarded;
    break;
  default:
    break;
  }
  if (falls && i + 1 < n) {
    fn(arg, i + 1);
  }
}

typedef struct union_arg {
  uint64_t *out;
  const uint64_t *live_in;
  uint32_t words;
} union_arg;

static void union_succ(void *arg, uint32_t j) {
  union_arg *u = arg;
  const uint64_t *s = u->live_in + (size_t)j * u->words;
  for (uint32_t w = 0; w < u->words; w++) {
    u->out[w] |= s[w];
  }
}

/* Interference of register d with every register of set s. */
static void interfere_set(ra *a, uint32_t d, const uint64_t *s) {
  uint64_t *row = a->graph + (size_t)d * a->words;
  for (uint32_t w = 0; w < a->words; w++) {
    row[w] |= s[w];
  }
  for (uint32_t w = 0; w < a->words; w++) {
    for (uint64_t b = s[w]; b != 0; b &= b - 1) {
      uint32_t r = w * 64 + (uint32_t)__builtin_ctzll(b);
      set_bit(a->graph + (size_t)r * a->words, d);
    }
  }
}

/* Assigns fn->rows, fn->n_rows. Returns false only when memory runs out. */
static bool assign(ra *a, st_function *fn) {
  const st_inst *insts = a->m->insts + fn->first_inst;
  uint32_t n = fn->n_insts, words = a->words;
  size_t set_bytes = (size_t)words * sizeof(uint64_t);
  uint64_t *live_in = calloc((size_t)n + 1, set_bytes);
  uint64_t *live = malloc(set_bytes);
  uint64_t *defs = malloc(set_bytes), *uses = malloc(set_bytes);
  uint32_t *order = malloc((size_t)a->n * sizeof *order);
  uint8_t *seen = calloc(a->n, 1);
  uint64_t *taken = malloc(set_bytes);
  if (live_in == NULL || live == NULL || defs == NULL || uses == NULL || order == NULL ||
      seen == NULL || taken == NULL) {
    free(live_in), free(live), free(defs), free(uses), free(order), free(seen), free(taken);
    return false;
  }
  /* Live-in sets to a fixed point, visiting instructions last to first. */
  bool changed = true;
  while (changed) {
    changed = false;
    for (uint32_t i = n; i-- > 0;) {
      memset(live, 0, set_bytes);
      union_arg u = {live, live_in, words};
      successors(a, insts, i, n, fn->first_inst, union_succ, &u);
      step_back(a, &insts[i], live);
      uint64_t *in = live_in + (size_t)i * words;
      if (memcmp(in, live, set_bytes) != 0) {
        memcpy(in, live, set_bytes);
        changed = true;
      }
    }
  }
  /* Edges: each destination with what is live after the instruction, its
   * sources and its other destinations. */
  uint32_t n_order = 0;
  for (uint32_t i = 0; i < n; i++) {
    memset(live, 0, set_bytes);
    union_arg u = {live, live_in, words};
    successors(a, insts, i, n, fn->first_inst, union_succ, &u);
    memset(defs, 0, set_bytes);
    memset(uses, 0, set_bytes);
    inst_regs(a, &insts[i], true, add_to_set, defs);
    inst_regs(a, &insts[i], false, add_to_set, uses);
    for (uint32_t w = 0; w < words; w++) {
      live[w] |= uses[w] | defs[w];
    }
    for (uint32_t w = 0; w < words; w++) {
      for (uint64_t b = defs[w]; b != 0; b &= b - 1) {
        uint32_t d = w * 64 + (uint32_t)__builtin_ctzll(b);
        interfere_set(a, d, live);
      }
    }
    /* Colouring order: first written (or read), in program order. */
    for (uint32_t w = 0; w < words; w++) {
      for (uint64_t b = defs[w] | uses[w]; b != 0; b &= b - 1) {
        uint32_t r = w * 64 + (uint32_t)__builtin_ctzll(b);
        if (!seen[r]) {
          seen[r] = 1;
          order[n_order++] = r;
        }
      }
    }
  }
  /* Greedy colouring: the lowest row none of its neighbours holds. A
   * register never named keeps row 0 (nothing reads or writes it). */
  memset(fn->rows, 0, (size_t)a->n * sizeof *fn->rows);
  uint32_t n_rows = 0;
  for (uint32_t k = 0; k < n_order; k++) {
    uint32_t r = order[k];
    const uint64_t *row = a->graph + (size_t)r * words;
    memset(taken, 0, set_bytes);
    for (uint32_t j = 0; j < k; j++) {
      uint32_t q = order[j];
      if (q != r && get_bit(row, q)) {
        set_bit(taken, fn->rows[q]);
      }
    }
    uint32_t c = 0;
    while (get_bit(taken, c)) {
      c++;
    }
    fn->rows[r] = c;
    n_rows = c + 1 > n_rows ? c + 1 : n_rows;
  }
  fn->n_rows = n_rows > 0 ? n_rows : (a->n > 0 ? 1 : 0);
  free(live_in), free(live), free(defs), free(uses), free(order), free(seen), free(taken);
  return true;
}

bool ptx_assign_rows(st_module *m, uint32_t f) {
  st_function *fn = &m->funcs[f];
  free(fn->rows);
  fn->rows = NULL;
  fn->n_rows = 0;
  if (fn->n_regs == 0) {
    return true;
  }
  fn->rows = malloc((size_t)fn->n_regs * sizeof *fn->rows);
  if (fn->rows == NULL) {
    return false;
  }
  ra a = {m, fn->n_regs, (fn->n_regs + 63) / 64, NULL, st_fault_planted("regalloc-guard-kills")};
  if (fn->n_regs <= ST_REGALLOC_MAX_REGS && fn->n_insts > 0 &&
      ((uint64_t)fn->n_insts + 1) * a.words <= ST_REGALLOC_MAX_WORDS) {
    a.graph = calloc((size_t)a.n * a.words, sizeof(uint64_t));
    if (a.graph == NULL) {
      return false;
    }
    bool ok = assign(&a, fn);
    free(a.graph);
    return ok;
  }
  for (uint32_t r = 0; r < fn->n_regs; r++) {
    fn->rows[r] = r;
  }
  fn->n_rows = fn->n_regs;
  return true;
}
