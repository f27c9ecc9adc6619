/* A unit under test for the BAWS unit benches: a C model (cmodel/src/units)
 * and, in the RTL-vs-C bench, its Verilated twin (verif/rtl_model.h) driven
 * in lock-step through the unit's st_unit_desc layout, as the co-simulation
 * engine does.
 *
 * The same code drives both: the directed vectors (vectors.c) run in the
 * cmocka tests on the C model alone and in the bench against the RTL too.
 * Every eval with a twin compares every output field and every register of
 * the layout with the C model's; bv_eval hands back the RTL's outputs then,
 * so that a vector's expectations check the RTL itself. */
#ifndef SIMTREF_TESTS_BAWS_BV_H
#define SIMTREF_TESTS_BAWS_BV_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "rtl_model.h"
#include "units/unit.h"

#define BV_MAX_BYTES 1024 /* the largest unit struct (params, state, in, out) */
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
 * more units. unit names the unit family it belongs to (for filtering). */
typedef struct bv_vector {
  const char *name;
  const char *unit;
  void (*run)(bv_env *e);
} bv_vector;

extern const bv_vector bv_vectors[];
extern const size_t bv_n_vectors;

/* Runs one vector in e (units closed afterwards); returns the failures and
 * mismatches it added. */
unsigned bv_run_vector(bv_env *e, const bv_vector *v);

#endif
