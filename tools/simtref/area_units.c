/* The units `simtref area` synthesises and their parameters for a
 * configuration. A unit with a C model takes its parameters from the model
 * (config_params, then rtl_params: the same string the co-simulation builds
 * in verif/builds.cmake must use). An RTL unit whose C model is not part of
 * this build yet falls back to the parameter rule below, which mirrors that
 * model's config_params; the model's own rule wins as soon as it is linked. */
#include <stdalign.h>
#include <stdio.h>
#include <string.h>

#include "area.h"
#include "units/unit.h"

/* DYNCTA (rtl/dyncta.sv; spec/dyncta.md §2): NTB from sm.max_ctas, the rest
 * the spec's defaults (11-bit counters, 2048-cycle window, thresholds 16,
 * 128 and 384, initial n = N/2, anti-starvation at 4096 cycles). */
static void dyncta_params(const st_config *cfg, char *buf, size_t size) {
  snprintf(buf, size,
           "NTB=%u CNT_W=11 PERIOD=2048 T_IDLE=16 T_MEM_L=128 T_MEM_H=384 INIT_N=1 FREEZE=0 "
           "STARVE_T=4096 STRICT=0",
           (unsigned)cfg->sm.max_ctas);
}

typedef struct rtl_only_unit {
  const char *name;
  void (*params)(const st_config *cfg, char *buf, size_t size);
} rtl_only_unit;

static const rtl_only_unit rtl_only[] = {{"dyncta", dyncta_params}};
#define N_RTL_ONLY (sizeof rtl_only / sizeof rtl_only[0])

/* The fallbacks whose C model is not linked, in table order. */
static const rtl_only_unit *fallback(const char *name) {
  for (size_t i = 0; i < N_RTL_ONLY; i++) {
    if (strcmp(rtl_only[i].name, name) == 0 && st_unit_find(name) == NULL) {
      return &rtl_only[i];
    }
  }
  return NULL;
}

size_t area_unit_count(void) {
  size_t n = 0;
  while (st_unit_at(n) != NULL) {
    n++;
  }
  for (size_t i = 0; i < N_RTL_ONLY; i++) {
    n += st_unit_find(rtl_only[i].name) == NULL;
  }
  return n;
}

const char *area_unit_name(size_t i) {
  size_t n = 0;
  while (st_unit_at(n) != NULL) {
    n++;
  }
  if (i < n) {
    return st_unit_at(i)->name;
  }
  i -= n;
  for (size_t k = 0; k < N_RTL_ONLY; k++) {
    if (st_unit_find(rtl_only[k].name) == NULL) {
      if (i == 0) {
        return rtl_only[k].name;
      }
      i--;
    }
  }
  return NULL;
}

bool area_unit_known(const char *name) {
  return st_unit_find(name) != NULL || fallback(name) != NULL;
}

bool area_unit_params(const char *unit, const st_config *cfg, char *buf, size_t size) {
  const st_unit_desc *d = st_unit_find(unit);
  if (d != NULL) {
    alignas(max_align_t) unsigned char p[4096];
    if (d->params_size > sizeof p) {
      return false;
    }
    d->config_params(cfg, p);
    d->rtl_params(p, buf, size);
    return true;
  }
  const rtl_only_unit *f = fallback(unit);
  if (f == NULL) {
    return false;
  }
  f->params(cfg, buf, size);
  return true;
}

/* The name of value v of the enum option key ("" if out of range). */
static const char *enum_name(const char *key, int v) {
  const char *n = v >= 0 ? st_config_enum_name(key, (size_t)v) : NULL;
  return n != NULL ? n : "";
}

size_t area_sm_units(const st_config *cfg, area_member *out, size_t max) {
  area_member m[4];
  size_t n = 0;
  const char *ws = enum_name("sm.warp_scheduler", cfg->sm.warp_scheduler);
  const char *sched = "wsched_lrr";
  if (strcmp(ws, "gto") == 0) {
    sched = "wsched_gto";
  } else if (strcmp(ws, "tls") == 0) {
    sched = "wsched_tls";
  } else if (strncmp(ws, "mwf_", 4) == 0) {
    sched = "wsched_mwf";
  }
  m[n++] = (area_member){sched, (unsigned)cfg->sm.num_schedulers};
  bool cff = strcmp(enum_name("sm.fetch_arbiter", cfg->sm.fetch_arbiter), "cff") == 0;
  m[n++] = (area_member){cff ? "fetch_cff" : "fetch_rr", 1};
  if (strncmp(ws, "mwf_", 4) == 0) {
    m[n++] = (area_member){"wpt", 1};
  }
  if (strcmp(enum_name("cta_scheduler.policy", cfg->cta_scheduler.policy), "dyncta") == 0) {
    m[n++] = (area_member){"dyncta", 1};
  }
  size_t k = n < max ? n : max;
  memcpy(out, m, k * sizeof m[0]);
  return k;
}
