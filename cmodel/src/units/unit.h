/* The common shape of a co-verified unit (DESIGN.md §4).
 *
 * Every unit U in this folder is a pure cycle-step model with four structs,
 * U_params, U_state, U_in and U_out, and three functions:
 *   U_reset(p, s)          the state after rst_ni (the RTL's reset values)
 *   U_eval(p, s, in, out)  combinational: the outputs from state and inputs
 *   U_tick(p, s, in, out)  the clock edge: the next state; `out` is what
 *                          U_eval returned for the same state and inputs
 * No hidden state, no floating point, no allocation. Each field holds a value
 * of the RTL port's exact width (an array field is a packed RTL array of
 * `count` elements of `bits` bits; element k sits at bits [k*bits +: bits]).
 *
 * st_unit_desc describes a unit generically, so that the SM, the
 * co-simulation engine (verif/) and `simtref area` handle every unit the
 * same way: it names the RTL module, lays out the fields of the structs for
 * comparison, printing and packing into Verilator ports, and renders the
 * parameters as Verilog parameter overrides. */
#ifndef SIMTREF_UNITS_UNIT_H
#define SIMTREF_UNITS_UNIT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "simtref/config.h"

#ifdef __cplusplus
extern "C" {
#endif

/* Array sizes of the unit structs: the largest configuration the SM model
 * allows (64 warp slots, 64 CTA slots, 16 schedulers). */
#define ST_U_MAX_WARPS 64
#define ST_U_MAX_TBS 64
#define ST_U_MAX_SCHED 16

/* ceil(log2(n)) for n >= 1, at least 1: the width of an index into n things. */
static inline unsigned st_u_idx_bits(unsigned n) {
  unsigned w = 1;
  while ((1u << w) < n) {
    w++;
  }
  return w;
}

/* One field of a unit struct. */
typedef struct st_ufield {
  const char *name;    /* the RTL port (in/out) or register (state) it mirrors */
  uint16_t offset;     /* byte offset in the C struct */
  uint8_t elem_bytes;  /* C storage of one element: 1, 2, 4 or 8 */
  uint8_t bits;        /* RTL width of one element, 1..64 */
  uint16_t count;      /* elements; 1 for a scalar */
  uint8_t sram;        /* state kept in a storage array (rtl/prim/prim_ram_1r1w.sv), not
                          flip-flops: `simtref area` prices it as SRAM */
} st_ufield;

#define ST_UNIT_MAX_FIELDS 16

/* One parameter of a unit: a field of U_params and the RTL parameter it
 * sets. The list, in the RTL's parameter order, renders a parameter set as
 * Verilog overrides ("NW=24 AGE_W=6", st_unit_rtl_params) and reads one
 * back (st_unit_parse_params). */
typedef struct st_uparam {
  const char *name;   /* the RTL parameter */
  uint16_t offset;    /* byte offset in U_params */
  uint8_t bytes;      /* C storage: 1, 2, 4 or 8 */
} st_uparam;

#define ST_UPARAM(type, member, rtl_name)                                                   \
  { rtl_name, (uint16_t)offsetof(type, member), (uint8_t)sizeof(((type *)0)->member) }

/* The fields of a unit's in, out and state structs for given parameters. */
typedef struct st_ulayout {
  st_ufield in[ST_UNIT_MAX_FIELDS];
  st_ufield out[ST_UNIT_MAX_FIELDS];
  st_ufield state[ST_UNIT_MAX_FIELDS];
  unsigned n_in, n_out, n_state;
} st_ulayout;

typedef struct st_unit_desc {
  const char *name; /* the RTL module name, the C file name, the --cosim name */
  size_t params_size, state_size, in_size, out_size;
  void (*layout)(const void *params, st_ulayout *out);
  void (*reset)(const void *params, void *state);
  void (*eval)(const void *params, const void *state, const void *in, void *out);
  void (*tick)(const void *params, void *state, const void *in, const void *out);
  /* Its parameters, in the RTL's order (every field of U_params). */
  const st_uparam *params;
  unsigned n_params;
  /* The parameters of the instance(s) an SM of this configuration holds. */
  void (*config_params)(const st_config *cfg, void *params);
} st_unit_desc;

/* Appends a field to a layout list (used by the layout functions). */
#define ST_UFIELD(list, n, type, member, nbits, cnt)                                        \
  do {                                                                                    \
    (list)[(n)].name = #member;                                                           \
    (list)[(n)].offset = (uint16_t)offsetof(type, member);                                \
    (list)[(n)].elem_bytes = (uint8_t)sizeof(((type *)0)->member[0]);                     \
    (list)[(n)].bits = (uint8_t)(nbits);                                                  \
    (list)[(n)].count = (uint16_t)(cnt);                                                  \
    (list)[(n)].sram = 0;                                                                 \
    (n)++;                                                                                \
  } while (0)
/* A state array the RTL keeps in rtl/prim/prim_ram_1r1w.sv. */
#define ST_UFIELD_SRAM(list, n, type, member, nbits, cnt)                                   \
  do {                                                                                    \
    ST_UFIELD(list, n, type, member, nbits, cnt);                                         \
    (list)[(n)-1].sram = 1;                                                               \
  } while (0)
#define ST_USCALAR(list, n, type, member, nbits)                                            \
  do {                                                                                    \
    (list)[(n)].name = #member;                                                           \
    (list)[(n)].offset = (uint16_t)offsetof(type, member);                                \
    (list)[(n)].elem_bytes = (uint8_t)sizeof(((type *)0)->member);                        \
    (list)[(n)].bits = (uint8_t)(nbits);                                                  \
    (list)[(n)].count = 1;                                                                \
    (list)[(n)].sram = 0;                                                                 \
    (n)++;                                                                                \
  } while (0)

/* Element k of field f of a struct at base, as an unsigned value. */
static inline uint64_t st_ufield_get(const st_ufield *f, const void *base, unsigned k) {
  const uint8_t *p = (const uint8_t *)base + f->offset + (size_t)k * f->elem_bytes;
  switch (f->elem_bytes) {
  case 1: return *p;
  case 2: return *(const uint16_t *)(const void *)p;
  case 4: return *(const uint32_t *)(const void *)p;
  default: return *(const uint64_t *)(const void *)p;
  }
}

static inline void st_ufield_set(const st_ufield *f, void *base, unsigned k, uint64_t v) {
  uint8_t *p = (uint8_t *)base + f->offset + (size_t)k * f->elem_bytes;
  switch (f->elem_bytes) {
  case 1: *p = (uint8_t)v; break;
  case 2: *(uint16_t *)(void *)p = (uint16_t)v; break;
  case 4: *(uint32_t *)(void *)p = (uint32_t)v; break;
  default: *(uint64_t *)(void *)p = v; break;
  }
}

/* Writes the Verilog parameter overrides of a parameter set ("NW=24
 * AGE_W=6", in the RTL's order) to buf. False if buf is too small. */
bool st_unit_rtl_params(const st_unit_desc *d, const void *params, char *buf, size_t size);

/* Reads "NAME=VALUE ..." (every parameter of the unit, any order, each once)
 * into a zeroed params struct. False with the reason in why on a name the
 * unit does not have, a missing or repeated one, or a value that does not
 * fit its field. */
bool st_unit_parse_params(const st_unit_desc *d, const char *text, void *params, char *why,
                          size_t why_size);

/* Every unit, by RTL module name; NULL if there is none. */
const st_unit_desc *st_unit_find(const char *name);
/* The i-th unit (NULL past the end). */
const st_unit_desc *st_unit_at(size_t i);

#ifdef __cplusplus
}
#endif

#endif
