/* DTBL's aggregated group table in the launch path: see dtbl.h. The table
 * itself is the agt unit (units/agt/agt.h, docs/units/agt.md); this host
 * turns the launch queue's events into its commands and checks its
 * answers. */
#include "gpu/dtbl.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>

#include "units/agt/agt.h"
#include "units/uinst.h"

struct st_dtbl {
  st_uinst *u;         /* the agt instance (its RTL twin under co-simulation) */
  const agt_host_ops *ops;
};

st_dtbl *st_dtbl_find(st_uinst *const *gunits, uint32_t n) {
  for (uint32_t i = 0; i < n; i++) {
    if (gunits[i]->desc == &agt_desc) {
      st_dtbl *d = calloc(1, sizeof *d);
      if (d != NULL) {
        d->u = gunits[i];
        d->ops = gunits[i]->unit->ops;
      }
      return d;
    }
  }
  return NULL;
}

void st_dtbl_destroy(st_dtbl *d) { free(d); }

static const char *const cmd_names[8] = {"NOP",        "MARK",     "JOIN",   "NATIVE_DONE",
                                         "GROUP_DONE", "TB_START", "TB_END", "RELEASE"};

/* One command; an illegal one (the unit's error output) is the model's
 * error. */
static st_status step(st_dtbl *d, const agt_in *in, uint64_t now, const agt_out **out,
                      st_error *err) {
  st_status rc = d->ops->step(d->u, in, now, err);
  if (rc != ST_OK) {
    return rc;
  }
  *out = d->u->out;
  if ((*out)->error) {
    return st_error_set(err, ST_ERR_INTERNAL,
                        "DTBL's aggregated group table refused %s (kde %u, ref 0x%08" PRIx32
                        ") at core cycle %" PRIu64,
                        cmd_names[in->cmd & 7u], in->kde, in->ref, now);
  }
  return ST_OK;
}

st_status st_dtbl_mark(st_dtbl *d, uint32_t kde, uint64_t now, st_error *err) {
  agt_in in;
  const agt_out *o;
  agt_cmd_mark(&in, kde);
  return step(d, &in, now, &o, err);
}

st_status st_dtbl_join(st_dtbl *d, uint32_t kde, uint32_t hw_tid, uint32_t gref, uint64_t now,
                       uint32_t *ref, st_error *err) {
  agt_in in;
  const agt_out *o;
  agt_cmd_join(&in, kde, hw_tid, gref);
  st_status rc = step(d, &in, now, &o, err);
  *ref = rc == ST_OK && o->accept ? o->ref : 0;
  return rc;
}

st_status st_dtbl_native_done(st_dtbl *d, uint32_t kde, uint64_t now, st_error *err) {
  agt_in in;
  const agt_out *o;
  agt_cmd_native_done(&in, kde);
  return step(d, &in, now, &o, err);
}

st_status st_dtbl_group_done(st_dtbl *d, uint32_t kde, uint32_t ref, uint32_t gnext,
                             uint64_t now, st_error *err) {
  agt_in in;
  const agt_out *o;
  agt_cmd_group_done(&in, kde, ref, gnext);
  st_status rc = step(d, &in, now, &o, err);
  if (rc == ST_OK && ((const agt_params *)d->u->p)->link && o->nagei != gnext) {
    /* The unit's next group must be the launch queue's. */
    return st_error_set(err, ST_ERR_INTERNAL,
                        "DTBL's aggregated group table names group 0x%08" PRIx32
                        " next for kde %u, the launch queue 0x%08" PRIx32,
                        o->nagei, kde, gnext);
  }
  return rc;
}

st_status st_dtbl_tb_start(st_dtbl *d, uint32_t ref, uint64_t now, st_error *err) {
  agt_in in;
  const agt_out *o;
  agt_cmd_tb_start(&in, ref);
  return step(d, &in, now, &o, err);
}

st_status st_dtbl_tb_end(st_dtbl *d, uint32_t ref, uint64_t now, st_error *err) {
  agt_in in;
  const agt_out *o;
  agt_cmd_tb_end(&in, ref);
  return step(d, &in, now, &o, err);
}

st_status st_dtbl_release(st_dtbl *d, uint32_t kde, uint64_t now, st_error *err) {
  agt_in in;
  const agt_out *o;
  agt_cmd_release(&in, kde);
  return step(d, &in, now, &o, err);
}
