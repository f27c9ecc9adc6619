/* Shared pieces of the instruction handlers (exec_*.c). Not a public API. */
#ifndef SIMTREF_FUNC_EXEC_INTERNAL_H
#define SIMTREF_FUNC_EXEC_INTERNAL_H

#include <stdint.h>
#include <string.h>

#include "func/exec.h"

/* Per-instruction execution context. */
typedef struct st_ectx {
  st_exec_env *env;
  st_warp *w;
  st_mem_access *acc; /* the access record (env->access, else w->access) */
  const st_inst *in;
  uint32_t pc;
  uint32_t mask;    /* active threads whose guard predicate holds */
  uint32_t active;  /* active threads (before the guard) */
  int result;       /* st_exec_result to return */
  uint64_t tmp[ST_MAX_OPNDS][ST_WARP_SIZE]; /* materialised immediates and specials */
  uint64_t sink[ST_WARP_SIZE];             /* destination "_" */
} st_ectx;

typedef void (*st_handler)(st_ectx *c);

/* The handler of each opcode (NULL: unsupported at run time). */
extern const st_handler st_handlers[OP_COUNT];

/* The 32 per-lane values of source operand i (only lanes in c->mask are
 * meaningful). */
const uint64_t *st_src(st_ectx *c, unsigned i);

/* The row destination operand i writes (a scratch row for "_"). */
uint64_t *st_dst(st_ectx *c, unsigned i);

/* Stops the instruction with a fault reported at lane `lane`. */
void st_fault(st_ectx *c, uint32_t lane, uint64_t addr, unsigned size, const char *fmt, ...)
    __attribute__((format(printf, 5, 6)));

/* Bits of a value of type t: masks to the type's width. */
static inline uint64_t st_trunc(uint64_t v, unsigned bytes) {
  return bytes >= 8 ? v : v & ((UINT64_C(1) << (bytes * 8)) - 1);
}

/* Sign-extends the low `bytes` bytes of v. */
static inline int64_t st_sext(uint64_t v, unsigned bytes) {
  if (bytes >= 8) {
    return (int64_t)v;
  }
  unsigned shift = 64 - bytes * 8;
  return (int64_t)(v << shift) >> shift;
}

/* A value of type t read from a register's bits: zero- or sign-extended. */
static inline uint64_t st_extend(uint64_t v, st_ptype t) {
  unsigned n = st_ptype_size(t);
  return st_ptype_is_signed(t) ? (uint64_t)st_sext(v, n) : st_trunc(v, n);
}

/* Handler groups (exec_table.c maps opcodes to them). */
void st_exec_arith(st_ectx *c);      /* exec_int.c: integer, bit, predicate, compare, select */
void st_exec_alu_float(st_ectx *c);  /* exec_float.c: float forms of arithmetic opcodes */
void st_exec_memory(st_ectx *c);     /* exec_mem.c: ld st atom red cvta isspacep */
void st_exec_warp_level(st_ectx *c); /* exec_warp.c: shfl vote match activemask */
void st_exec_move(st_ectx *c);       /* exec_move.c: mov cvt */
/* exec_devrt.c: a call of a device-runtime function (func/devrt.h) by the
 * threads of c->mask, caller the running function. */
void st_exec_builtin(st_ectx *c, const st_function *callee, const st_function *caller);
/* exec_mem.c: host pointer of `size` bytes at generic address addr of lane
 * (NULL after reporting a fault). */
uint8_t *st_exec_generic_ptr(st_ectx *c, uint32_t lane, uint64_t addr, unsigned size, bool store);

#endif
