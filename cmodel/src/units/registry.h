/* The unit registry: every co-verified unit declares itself once, here.
 *
 * A unit U (DESIGN.md §4, docs/units/README.md) is its pure cycle-step model
 * (units/U/U.{h,c}: st_unit_desc, unit.h) plus one st_unit entry, written in
 * units/U/U_bind.c, that says
 *   - its role (what part of the GPU it plays) and so where its instances
 *     sit (per warp scheduler, per SM, per L1D, per GPU),
 *   - which configuration selects it (`select`),
 *   - its parameters as a function of the configuration (desc->config_params,
 *     rendered as RTL parameters by st_unit_rtl_params),
 *   - its binding: how its inputs are gathered from the model's state and its
 *     outputs applied (the role's ops, units/roles.h),
 *   - its statistics and its trace.
 * The SM, the GPU loop, `simtref run --cosim/--rtl-drives/--trace`, `simtref
 * area`, `simtref list`, `simtref units` and the RTL builds of verif/ all
 * walk this registry: none of them names a unit. Adding a unit is one line in
 * registry.c (its entry) plus its files and config rows. */
#ifndef SIMTREF_UNITS_REGISTRY_H
#define SIMTREF_UNITS_REGISTRY_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "simtref/config.h"
#include "simtref/stats.h"
#include "units/unit.h"

#ifdef __cplusplus
extern "C" {
#endif

/* What part of the GPU a unit plays. The role fixes where its instances
 * sit, when the model steps them and what its binding gets to see
 * (units/roles.h). */
typedef enum st_role {
  ST_ROLE_WARP_ISSUE = 0, /* issue scheduler: one per warp scheduler; picks the warp to issue */
  ST_ROLE_FETCH,          /* fetch arbiter: one per SM; picks the warp the I-cache serves */
  ST_ROLE_SM_CTRL,        /* SM controller: per SM; watches the SM's events, publishes signals */
  ST_ROLE_L1D_POLICY,     /* L1D policy: per L1D (replacement, insertion, bypass, training) */
  ST_ROLE_L2_POLICY,      /* L2 policy: per L2 slice */
  ST_ROLE_TB_SCHED,       /* thread-block scheduler: per GPU; which kernel's block goes where */
  ST_ROLE_CLOCK_CTRL,     /* per-SM clock controller: per SM; the SM's clock period */
  ST_ROLE_GPU,            /* any other GPU-level unit: one per GPU */
  ST_ROLE_COUNT
} st_role;

/* Where a role's instances sit. */
typedef enum st_unit_scope {
  ST_USCOPE_SCHED = 0, /* one per warp scheduler of each SM */
  ST_USCOPE_SM,        /* one per SM */
  ST_USCOPE_L1D,       /* one per L1 data cache (one per SM) */
  ST_USCOPE_L2,        /* one per L2 slice */
  ST_USCOPE_GPU        /* one */
} st_unit_scope;

typedef struct st_uinst st_uinst;
typedef struct st_unit st_unit;

/* What a trace hook sees at the end of a core cycle (--trace UNIT). */
typedef struct st_trace {
  FILE *f;
  bool header;          /* the header line was written */
  uint64_t events;      /* lines or windows counted in this kernel (the hook's own use) */
  size_t kernel;        /* index of the kernel in the run */
  const char *kname;
  uint64_t cycle;       /* core cycles since the kernel began, this one included */
  bool drained;         /* no block of any resident kernel is left to place */
} st_trace;

/* What a seed document says a unit costs in hardware, shown by `simtref
 * area` beside our synthesis (docs/area.md). */
typedef struct st_unit_seed_cost {
  const char *paper;     /* where the figure comes from and what it counts, one line */
  double mm2_65nm;       /* its area per instance at 65 nm (0: not given) */
  unsigned storage_bits; /* the storage bits it counts (0: not given) */
  /* The seed's mechanism, when this unit is one part of it: its name and the
   * other units it takes (NULL-ended); when the configuration uses all of
   * them, the mechanism's per-SM total is shown too. */
  const char *mechanism;
  const char *with[4];
} st_unit_seed_cost;

typedef struct st_unit_trace_ops {
  const char *what; /* one line for the docs and `simtref units` */
  /* Called at the end of every core cycle with the unit's instances (one per
   * SM, SM order); writes its own lines to t->f. */
  void (*cycle)(st_trace *t, st_uinst *const *inst, unsigned n);
} st_unit_trace_ops;

struct st_unit {
  const st_unit_desc *desc; /* the pure model; desc->name is the unit's name everywhere */
  st_role role;
  /* The configuration that selects it: clauses "KEY=VALUE|VALUE..." joined by
   * "; ", any of which selects it ("sm.warp_scheduler=mwf_lrr|mwf_gto"). */
  const char *select;
  const char *summary;      /* one line: what it is (simtref list, simtref units) */
  const void *ops;          /* the role's binding (units/roles.h: st_issue_ops, ...) */
  size_t priv_size;         /* binding state per instance (zeroed at creation) */
  /* Statistics: n_counters uint64_t counters per instance (st_uinst.ctr),
   * summed over instances and taken as differences over a kernel or a run;
   * report writes them as statistics. */
  unsigned n_counters;
  void (*report)(const uint64_t *ctr, const st_config *cfg, unsigned n_sms, st_statset *out);
  /* Its trace (--trace UNIT); NULL: the generic one, a CSV line with the
   * inputs and outputs of every evaluation of every instance. */
  const st_unit_trace_ops *trace;
  /* What its seed document says it costs (NULL: nothing). */
  const st_unit_seed_cost *seed_cost;
};

/* Every unit, in registry order (NULL past the end). */
const st_unit *st_unit_get(size_t i);
size_t st_unit_count(void);
/* The unit named name (its RTL module name), or NULL. */
const st_unit *st_unit_by_name(const char *name);

/* Statistics counters of every unit, laid end to end in registry order:
 * where u's begin, and how many there are in all (at most
 * ST_UNIT_CTR_MAX). */
#define ST_UNIT_CTR_MAX 256
size_t st_unit_ctr_offset(const st_unit *u);
size_t st_unit_ctr_total(void);

/* True if the configuration selects the unit. */
bool st_unit_selected(const st_unit *u, const st_config *cfg);

/* The role's name as --cosim and reports use it ("wsched", "fetch",
 * "smctl", ...), a sentence for the docs, and where its instances sit. */
const char *st_role_name(st_role r);
const char *st_role_title(st_role r);
st_unit_scope st_role_scope(st_role r);
/* True if exactly one unit of the role must be selected (issue, fetch). */
bool st_role_exactly_one(st_role r);
/* True if the model steps units of this role (a host exists for it). */
bool st_role_hosted(st_role r);

/* Instances of u one SM holds under cfg (scope SCHED: the warp schedulers;
 * SM and L1D: 1), or the GPU holds (L2: the slices; GPU: 1). */
unsigned st_unit_instances(const st_unit *u, const st_config *cfg);

/* The distinct option keys the units' select clauses name (the policy
 * keys: sm.warp_scheduler, ...), in registry order; returns how many (at
 * most max were written). */
size_t st_registry_select_keys(const char **keys, size_t max);

/* Checks every registry entry against the option table: each select clause
 * names an option and values it takes, each role with exactly one unit has
 * one for every value of its selecting keys. False with the first problem
 * in why (a unit test runs it). */
bool st_registry_check(char *why, size_t why_size);
/* The same checks on any list of entries (the tests plant errors in one). */
bool st_registry_check_list(const st_unit *const *list, size_t n, char *why, size_t why_size);

/* The parameters of the instances of u under cfg, as RTL overrides. */
bool st_unit_config_rtl_params(const st_unit *u, const st_config *cfg, char *buf, size_t size);

/* Calls fn for every name in a comma-separated unit list ("wsched,dyncta:fault")
 * with the entry's name and fault suffix (NULL when there is none); stops
 * early when fn returns false, and returns false then. */
bool st_unit_list_each(const char *list,
                       bool (*fn)(void *ctx, const char *name, size_t name_len,
                                  const char *fault, size_t fault_len),
                       void *ctx);

/* True if the list entry name (length len) names u: "all", its role's
 * name, or its own name. */
bool st_unit_list_names(const st_unit *u, const char *name, size_t len);

#ifdef __cplusplus
}
#endif

#endif
