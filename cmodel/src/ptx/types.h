/* PTX scalar types, rounding modes and comparison operators, shared by the
 * front end (ptx/), the functional semantics (func/) and the timing model. */
#ifndef SIMTREF_PTX_TYPES_H
#define SIMTREF_PTX_TYPES_H

#include <stdbool.h>
#include <stdint.h>

/* A PTX fundamental type (the instruction type suffix: .u32, .f64, ...). */
typedef enum st_ptype {
  PT_NONE = 0,
  PT_PRED,
  PT_B8, PT_B16, PT_B32, PT_B64, PT_B128,
  PT_U8, PT_U16, PT_U32, PT_U64,
  PT_S8, PT_S16, PT_S32, PT_S64,
  PT_F16, PT_F16X2, PT_BF16, PT_BF16X2, PT_F32, PT_F64,
  PT_COUNT
} st_ptype;

/* Size in bytes (PT_PRED: 1, PT_NONE: 0). */
static inline unsigned st_ptype_size(st_ptype t) {
  switch (t) {
  case PT_PRED: case PT_B8: case PT_U8: case PT_S8: return 1;
  case PT_B16: case PT_U16: case PT_S16: case PT_F16: case PT_BF16: return 2;
  case PT_B32: case PT_U32: case PT_S32: case PT_F32: case PT_F16X2: case PT_BF16X2: return 4;
  case PT_B64: case PT_U64: case PT_S64: case PT_F64: return 8;
  case PT_B128: return 16;
  default: return 0;
  }
}

static inline bool st_ptype_is_signed(st_ptype t) {
  return t == PT_S8 || t == PT_S16 || t == PT_S32 || t == PT_S64;
}

static inline bool st_ptype_is_float(st_ptype t) {
  return t == PT_F16 || t == PT_F16X2 || t == PT_BF16 || t == PT_BF16X2 || t == PT_F32 ||
         t == PT_F64;
}

/* Rounding modifier of an instruction. The float modes round the result to a
 * floating-point value; the integer modes (cvt.rni etc.) round to an integer. */
typedef enum st_rnd {
  RND_NONE = 0,           /* no modifier written */
  RND_RN, RND_RZ, RND_RM, RND_RP, /* .rn .rz .rm .rp: nearest-even, zero, -inf, +inf */
  RND_RNA,                /* .rna: nearest, ties away from zero (cvt to tf32 only) */
  RND_RNI, RND_RZI, RND_RMI, RND_RPI /* .rni .rzi .rmi .rpi: to an integral value */
} st_rnd;

/* Comparison operator of setp/set/slct. The u-suffixed float forms are true
 * when either operand is NaN; the ordered forms are false then. */
typedef enum st_cmp {
  CMP_EQ = 0, CMP_NE, CMP_LT, CMP_LE, CMP_GT, CMP_GE,
  CMP_LO, CMP_LS, CMP_HI, CMP_HS, /* unsigned integer forms */
  CMP_EQU, CMP_NEU, CMP_LTU, CMP_LEU, CMP_GTU, CMP_GEU,
  CMP_NUM, CMP_NAN,
  CMP_COUNT
} st_cmp;

#endif
