/* A unit instance: one copy of a unit's C model placed in the GPU (one per
 * warp scheduler, per SM, ... as its role says), its inputs and outputs of
 * the cycle, its binding's own state and counters, and, with co-simulation
 * on for it, the RTL twin that runs in lock-step (units/cosim_hook.h).
 *
 * The hosts (the SM's issue and fetch stages, the SM controller phases, the
 * GPU loop) step every instance the same way: the binding fills `in`,
 * st_uinst_eval computes `out`, the binding applies it, st_uinst_tick is the
 * clock edge. */
#ifndef SIMTREF_UNITS_UINST_H
#define SIMTREF_UNITS_UINST_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "common/error.h"
#include "units/cosim_hook.h"
#include "units/registry.h"

#define ST_UINST_NAME_MAX 48

struct st_uinst {
  const st_unit *unit;
  const st_unit_desc *desc;
  void *p;               /* parameters (desc->config_params of the configuration) */
  void *s;               /* state (the registers) */
  void *in;              /* this cycle's inputs, filled by the binding */
  void *out;             /* the outputs the model goes on with (the RTL's when it drives) */
  void *c_out;           /* the C model's outputs while an RTL twin runs */
  void *s_prev;          /* scratch of the state's size (a host compares states with it) */
  void *priv;            /* the binding's own state (unit->priv_size bytes, zeroed) */
  uint64_t *ctr;         /* unit->n_counters statistics counters */
  uint64_t tb_launch;    /* TB slots a block was placed in since the last clock edge */
  st_cosim_check *chk;   /* the RTL twin, or NULL */
  const st_cosim_provider *prov;
  FILE *trace;           /* generic I/O trace (--trace of a unit without its own), or NULL */
  uint32_t sm;           /* its SM (UINT32_MAX for a GPU-level instance) */
  uint32_t index;        /* its index within the SM (the warp scheduler) or GPU */
  char name[ST_UINST_NAME_MAX]; /* "sm3.wsched1", "sm0.dyncta" */
};

/* Creates an instance of u for cfg, reset. */
st_status st_uinst_create(const st_unit *u, const st_config *cfg, uint32_t sm, uint32_t index,
                          st_uinst **out, st_error *err);
/* Destroys it and its RTL twin. NULL is allowed. */
void st_uinst_destroy(st_uinst *u);

/* rst_ni: the C model (and the twin) go to their reset state. */
void st_uinst_reset(st_uinst *u);

/* The combinational outputs for the inputs in u->in: the C model's and,
 * with a twin, the RTL's (compared; ST_ERR_MISMATCH with the report in err
 * when they differ). u->out holds the outputs the model goes on with. May be
 * called more than once in a cycle; the last call before the edge counts. */
st_status st_uinst_eval(st_uinst *u, uint64_t now, st_error *err);

/* The clock edge with the inputs and outputs of the cycle's last eval;
 * clears tb_launch. */
void st_uinst_tick(st_uinst *u);

/* True if the instance must see every cycle: it has an RTL twin or is
 * traced, so the hosts never skip it as quiet. */
static inline bool st_uinst_watched(const st_uinst *u) {
  return u->chk != NULL || u->trace != NULL;
}

/* Creates the RTL twin (cosim.units names the unit): fault is a planted
 * fault's name or NULL; drives makes the RTL's outputs drive the model. */
st_status st_uinst_attach(st_uinst *u, const st_cosim_provider *prov, const char *fault,
                          bool drives, const st_config *cfg, st_error *err);

/* The generic trace: one CSV line per evaluation, the header first. */
void st_uinst_trace_header(const st_unit_desc *d, const void *params, FILE *f);

#endif
