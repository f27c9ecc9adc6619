/* A unit under test for the unit benches (tests/units/): a C model
 * (cmodel/src/units) and, in the RTL-vs-C bench (unit_bench.c), its
 * Verilated twin (verif/rtl_model.h) driven in lock-step through the unit's
 * st_unit_desc layout, as the co-simulation engine does.
 *
 * The same code drives both: a unit's directed vectors
 * (tests/units/U/vectors.c) run in the cmocka tests on the C model alone and
 * in the bench against the RTL too.
 * Every eval with a twin compares every output field and every register of
 * the layout with the C model's; bv_eval hands back the RTL's outputs then,
 * so that a vector's expectations check the RTL itself. */
#ifndef SIMTREF_TESTS_UNITS_BV_H
#define SIMTREF_TESTS_UNITS_BV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rtl_model.h"
#include "units/unit.h"

#define BV_MAX_BYTES 20480 /* the largest unit struct (params, state, in, out): agt_state */
#define BV_MAX_UNITS 4    /* units one vector may hold open at once */

typedef struct bv_env bv_env;

typedef struct bv_unit {
  bv_env *env;
  const st_unit_desc *desc;
  const st_rtl_build *rtl; /* NULL: the C model alone */
  st_rtl_model *m;
  st_ulayout l;
  char rtl_params[128];
  uint64_t cycle; /* clock edges since reset */
  _Alignas(8) unsigned char p[BV_MAX_BYTES];
  _Alignas(8) unsigned char s[BV_MAX_BYTES];    /* C state */
  _Alignas(8) unsigned char in[BV_MAX_BYTES];   /* the last eval's inputs */
  _Alignas(8) unsigned char out[BV_MAX_BYTES];  /* the C model's outputs */
  _Alignas(8) unsigned char rout[BV_MAX_BYTES]; /* the RTL's outputs */
  _Alignas(8) unsigned char rs[BV_MAX_BYTES];   /* the RTL's registers */
  bool open;
} bv_unit;

/* Where RTL twins come from, and where failures go. */
struct bv_env {
  /* The RTL build of unit with these parameters (rtl_params) and mutant, or
   * NULL. NULL function: the C model alone. */
  const st_rtl_build *(*find_rtl)(void *ctx, const char *unit, const char *params,
                                  const char *mutant);
  /* A failed expectation or a C/RTL difference (one line, no newline). */
  void (*fail)(void *ctx, const char *msg);
  void *ctx;
  const char *mutant;       /* "" or NULL: the real RTL */
  unsigned failures;        /* expectations that failed */
  unsigned mismatches;      /* C/RTL differences */
  unsigned long checks;     /* expectations made */
  unsigned long compares;   /* C/RTL comparisons made (cycles) */
  bool stop_on_mismatch;    /* stop comparing after the first difference */
  bv_unit units[BV_MAX_UNITS];
};

/* Opens a unit (reset, C and RTL). Fails (a failure and NULL) when the
 * environment wants an RTL twin and has none for these parameters. */
bv_unit *bv_open(bv_env *e, const st_unit_desc *d, const void *params);
/* Opens a unit with its bench parameter set `set` (verif/units/U/builds.cmake,
 * params.h); copies the parameters to params_out when it is not NULL. Fails
 * (a failure and NULL) when there is no such set. */
bv_unit *bv_open_set(bv_env *e, const st_unit_desc *d, const char *set, void *params_out);
void bv_close(bv_unit *u);
void bv_close_all(bv_env *e);
/* rst_ni: both to their reset state. */
void bv_reset(bv_unit *u);
/* Evaluates inputs in (desc->in_size bytes); returns the outputs: the
 * RTL's when there is a twin (after comparing them, and the registers, with
 * the C model's), else the C model's. */
const void *bv_eval(bv_unit *u, const void *in);
/* The clock edge for the inputs of the last bv_eval. */
void bv_tick(bv_unit *u);
/* eval then tick; returns the outputs of the eval (valid until the next). */
const void *bv_step(bv_unit *u, const void *in);
/* The C model's state (equal to the RTL's registers, checked at each eval). */
const void *bv_state(const bv_unit *u);
/* The C model's outputs of the last eval. */
const void *bv_c_out(const bv_unit *u);

/* Records an expectation; returns cond. */
bool bv_check(bv_env *e, const char *file, int line, bool cond, const char *what,
              const char *fmt, ...) __attribute__((format(printf, 6, 7)));
#define BV_CHECK(e, cond, ...) bv_check((e), __FILE__, __LINE__, (cond), #cond, __VA_ARGS__)
#define BV_EQ(e, a, b)                                                                        \
  bv_check((e), __FILE__, __LINE__, (unsigned long)(a) == (unsigned long)(b), #a " == " #b,  \
           "got %lu, want %lu", (unsigned long)(a), (unsigned long)(b))

/* A directed vector: spec-derived inputs and expected outputs of one or
 * more units (it belongs to the unit whose tests/units/U/vectors.c holds it). */
typedef struct bv_vector {
  const char *name;
  void (*run)(bv_env *e);
} bv_vector;

/* Runs one vector in e (units closed afterwards); returns the failures and
 * mismatches it added. */
unsigned bv_run_vector(bv_env *e, const bv_vector *v);

/* ---- helpers of the directed vectors -------------------------------------- */

#define BV_N_OF(a) (sizeof(a) / sizeof((a)[0]))

/* Every register of u is 0 (the reset values where rst_ni loads '0 into
 * every register). */
void bv_expect_reset_zero(bv_env *e, bv_unit *u);

/* Records that the grant order got[0..n) equals want[0..wn) (warps "wN"). */
void bv_expect_order(bv_env *e, const char *file, int line, const char *what,
                     const uint8_t *got, unsigned n, const uint8_t *want, unsigned wn);

/* The order in which a unit grants: evaluate, take the grant out of the
 * candidate mask, evaluate again (no clock edge), until nothing is granted.
 * `cand_field` names the candidate array of the unit's in struct. */
#define BV_GRANT_ORDER(u, in_type, out_type, in0, cand_field, order, n)                     \
  do {                                                                                      \
    in_type tmp_ = *(in0);                                                                  \
    (n) = 0;                                                                                \
    for (;;) {                                                                              \
      const out_type *o_ = bv_eval((u), &tmp_);                                             \
      if (!o_->grant_valid || (n) >= 64) {                                                  \
        break;                                                                              \
      }                                                                                     \
      (order)[(n)++] = o_->grant;                                                           \
      tmp_.cand_field[o_->grant] = 0;                                                       \
    }                                                                                       \
  } while (0)

/* Sets a[i] = 1 for each listed index. */
void bv_set_bits(uint8_t *a, const uint8_t *idx, unsigned n);
#define BV_SET(a, ...)                                                                        \
  do {                                                                                      \
    static const uint8_t ix_[] = {__VA_ARGS__};                                             \
    bv_set_bits((a), ix_, BV_N_OF(ix_));                                                    \
  } while (0)
#define BV_ORDER_IS(e, what, got, n, ...)                                                     \
  do {                                                                                      \
    static const uint8_t w_[] = {__VA_ARGS__};                                              \
    bv_expect_order((e), __FILE__, __LINE__, (what), (got), (n), w_, BV_N_OF(w_));          \
  } while (0)

#endif
