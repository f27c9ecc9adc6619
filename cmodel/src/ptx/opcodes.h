/* Decoding an opcode word ("ld.global.nc.v4.f32") into st_inst fields and
 * the operand shape the instruction must have. Internal to the front end. */
#ifndef SIMTREF_PTX_OPCODES_H
#define SIMTREF_PTX_OPCODES_H

#include "ptx/parse.h"

/* What an operand position accepts. */
typedef enum ptx_role {
  R_DST = 1, /* data register destination (a vector where SLOT_VEC) */
  R_PDST,    /* predicate register destination */
  R_PDST2,   /* second predicate destination, written "d|p": OPND_NONE when absent */
  R_SRC,     /* data register or immediate (special register, symbol, vector by flags) */
  R_PSRC,    /* predicate: register, !register or integer immediate */
  R_ADDR,    /* [address] */
  R_LABEL,   /* branch target */
  R_IMM      /* integer immediate only */
} ptx_role;

enum {
  SLOT_WIDE = 1u << 0,   /* a register may be wider than the type (ld, st, cvt) */
  SLOT_VEC = 1u << 1,    /* a vector {a, b, ...} is accepted */
  SLOT_SREG = 1u << 2,   /* a special register is accepted */
  SLOT_SYM = 1u << 3,    /* a symbol's address is accepted (mov, cvta) */
  SLOT_OPT = 1u << 4,    /* may be left out at the end */
  SLOT_MIDOPT = 1u << 5, /* may be left out when one operand short: OPND_NONE */
  SLOT_DROP = 1u << 6,   /* checked, then dropped (cache policy of .L2::cache_hint) */
  SLOT_VSINK = 1u << 7   /* vector elements may be "_" */
};

typedef struct ptx_slot {
  uint8_t role;  /* ptx_role */
  uint8_t type;  /* st_ptype the operand has; PT_NONE: any 32- or 64-bit value */
  uint16_t flags;
} ptx_slot;

#define PTX_MAX_SLOTS 8

typedef struct ptx_shape {
  ptx_slot slot[PTX_MAX_SLOTS];
  uint8_t n;
} ptx_shape;

/* Decodes the opcode word w into in (op, type, type2, rnd, cmp, subop, mode,
 * space, vec, scope, order, flags) and the operands it takes into shape.
 * Fails with "unsupported instruction 'w'", "unsupported modifier '.x' in
 * 'w'", "missing ... in 'w'" or "unsupported type '.t' in 'w'". */
bool ptx_decode_opcode(ptx_parser *p, const ptx_token *w, st_inst *in, ptx_shape *shape);

#endif
