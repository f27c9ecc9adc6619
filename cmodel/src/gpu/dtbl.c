/* DTBL's aggregated group table: see dtbl.h. */
#include "gpu/dtbl.h"

#include <inttypes.h>
#include <stdlib.h>

#define MAX_KDE 64

typedef struct agt_entry {
  bool valid, dist;
  uint32_t exebl;
  uint32_t next;
} agt_entry;

struct st_dtbl {
  bool link;       /* groups chained per kernel (the FCFS scheduler) */
  bool global;     /* dtbl.overflow global */
  uint32_t mask;   /* entries - 1 */
  agt_entry *e;
  uint32_t nagei[MAX_KDE], lagei[MAX_KDE];
  bool marked[MAX_KDE], first[MAX_KDE];
  uint32_t n_valid, max_valid;
  /* statistics */
  uint64_t joins, hits, conflicts, refused, frees, requeues;
};

static bool onchip(uint32_t ref) { return (ref & ST_DTBL_ONCHIP) != 0; }

st_status st_dtbl_create(const st_config *cfg, st_dtbl **out, st_error *err) {
  st_dtbl *d = calloc(1, sizeof *d);
  uint32_t n = (uint32_t)cfg->dtbl.agt_entries;
  if (d != NULL) {
    d->e = calloc(n, sizeof *d->e);
  }
  if (d == NULL || d->e == NULL) {
    st_dtbl_destroy(d);
    return st_error_set(err, ST_ERR_NOMEM, "out of host memory");
  }
  d->mask = n - 1;
  d->global = cfg->dtbl.overflow == ST_DTBL_OVF_GLOBAL;
  int p = cfg->cta_scheduler.policy;
  d->link = p != ST_CTA_LAPERM_TBPRI && p != ST_CTA_LAPERM_SMXBIND && p != ST_CTA_LAPERM_ADAPTIVE;
  *out = d;
  return ST_OK;
}

void st_dtbl_destroy(st_dtbl *d) {
  if (d != NULL) {
    free(d->e);
    free(d);
  }
}

static st_status bad(st_error *err, const char *what, uint32_t v) {
  return st_error_set(err, ST_ERR_INTERNAL, "DTBL's aggregated group table: %s (%" PRIu32 ")",
                      what, v);
}

st_status st_dtbl_mark(st_dtbl *d, uint32_t kde, st_error *err) {
  if (kde >= MAX_KDE) {
    return bad(err, "kernel-distributor entry out of range", kde);
  }
  d->nagei[kde] = d->lagei[kde] = 0;
  d->marked[kde] = d->first[kde] = true;
  return ST_OK;
}

st_status st_dtbl_join(st_dtbl *d, uint32_t kde, uint32_t hw_tid, uint32_t gref, uint32_t *ref,
                       st_error *err) {
  if (kde >= MAX_KDE) {
    return bad(err, "kernel-distributor entry out of range", kde);
  }
  uint32_t ind = hw_tid & d->mask;
  d->joins++;
  agt_entry *e = &d->e[ind];
  if (!e->valid) {
    *e = (agt_entry){true, false, 0, 0};
    d->n_valid++;
    d->max_valid = d->n_valid > d->max_valid ? d->n_valid : d->max_valid;
    d->hits++;
    *ref = ST_DTBL_ONCHIP | ind;
  } else {
    d->conflicts++;
    *ref = d->global ? gref : 0;
    if (*ref == 0) {
      d->refused++;
      return ST_OK;
    }
  }
  if (!d->link) {
    return ST_OK;
  }
  if (d->nagei[kde] == 0) {
    d->nagei[kde] = d->lagei[kde] = *ref;
    if (!d->marked[kde]) {
      d->marked[kde] = true;
      d->first[kde] = false;
      d->requeues++;
    }
  } else {
    if (onchip(d->lagei[kde])) {
      d->e[d->lagei[kde] & d->mask].next = *ref;
    }
    d->lagei[kde] = *ref;
  }
  return ST_OK;
}

st_status st_dtbl_native_done(st_dtbl *d, uint32_t kde, st_error *err) {
  if (kde >= MAX_KDE) {
    return bad(err, "kernel-distributor entry out of range", kde);
  }
  d->first[kde] = false;
  if (d->nagei[kde] == 0) {
    d->marked[kde] = false;
  }
  return ST_OK;
}

static void maybe_free(st_dtbl *d, uint32_t ind) {
  agt_entry *e = &d->e[ind];
  if (e->valid && e->dist && e->exebl == 0) {
    e->valid = false;
    d->n_valid--;
    d->frees++;
  }
}

st_status st_dtbl_group_done(st_dtbl *d, uint32_t kde, uint32_t ref, uint32_t gnext,
                             st_error *err) {
  if (kde >= MAX_KDE) {
    return bad(err, "kernel-distributor entry out of range", kde);
  }
  if (d->link && ref != d->nagei[kde]) {
    return bad(err, "a group handed out before the kernel's next group (NAGEI)", ref);
  }
  uint32_t next = gnext;
  if (onchip(ref)) {
    agt_entry *e = &d->e[ref & d->mask];
    e->dist = true;
    next = e->next;
    maybe_free(d, ref & d->mask);
  }
  if (d->link) {
    d->nagei[kde] = next;
    if (next == 0) {
      d->lagei[kde] = 0;
      d->marked[kde] = false;
    }
  }
  return ST_OK;
}

st_status st_dtbl_tb_start(st_dtbl *d, uint32_t ref, st_error *err) {
  if (onchip(ref)) {
    agt_entry *e = &d->e[ref & d->mask];
    if (!e->valid) {
      return bad(err, "a block of a group whose entry is free", ref);
    }
    e->exebl++;
  }
  return ST_OK;
}

st_status st_dtbl_tb_end(st_dtbl *d, uint32_t ref, st_error *err) {
  if (onchip(ref)) {
    agt_entry *e = &d->e[ref & d->mask];
    if (!e->valid || e->exebl == 0) {
      return bad(err, "a block ended of a group with none executing", ref);
    }
    e->exebl--;
    maybe_free(d, ref & d->mask);
  }
  return ST_OK;
}

st_status st_dtbl_release(st_dtbl *d, uint32_t kde, st_error *err) {
  if (kde >= MAX_KDE) {
    return bad(err, "kernel-distributor entry out of range", kde);
  }
  d->nagei[kde] = d->lagei[kde] = 0;
  d->marked[kde] = d->first[kde] = false;
  return ST_OK;
}

void st_dtbl_stats(const st_dtbl *d, st_statset *out) {
  if (d->joins == 0) {
    return;
  }
  st_stat_u(out, "dtbl.agt.joins", d->joins);
  st_stat_u(out, "dtbl.agt.hits", d->hits);
  st_stat_u(out, "dtbl.agt.conflicts", d->conflicts);
  st_stat_u(out, "dtbl.agt.refused", d->refused);
  st_stat_d(out, "dtbl.agt.hit_rate", (double)d->hits / (double)d->joins);
  st_stat_u(out, "dtbl.agt.frees", d->frees);
  st_stat_u(out, "dtbl.agt.requeues", d->requeues);
  st_stat_u(out, "dtbl.agt.max_valid", d->max_valid);
}
