/* Warp-level instructions: shfl.sync, vote.sync, match.sync, activemask. */
#include "func/exec_internal.h"

/* Forms with an optional predicate destination ("d|p") hold it in opnd[1]
 * (OPND_NONE when absent; ir.h): returns 1 if present, else -1. */
static int pred_dest(const st_ectx *c) { return c->in->opnd[1].kind == OPND_REG ? 1 : -1; }

static void exec_shfl(st_ectx *c) {
  int pidx = pred_dest(c);
  unsigned s = 2;
  const uint64_t *a = st_src(c, s);
  const uint64_t *b = st_src(c, s + 1);
  const uint64_t *cc = st_src(c, s + 2);
  uint64_t src[ST_WARP_SIZE];
  memcpy(src, a, sizeof src); /* read every lane before any write */
  uint64_t *d = st_dst(c, 0);
  uint64_t *p = pidx >= 0 ? st_dst(c, (unsigned)pidx) : c->sink;
  ST_LANES(l, c->mask) {
    uint32_t bval = (uint32_t)b[l] & 0x1f; /* the manual uses b[4:0] only */
    uint32_t cval = (uint32_t)cc[l];
    uint32_t seg = (cval >> 8) & 0x1f;
    uint32_t max_lane = (l & seg) | (cval & 0x1f & ~seg);
    uint32_t min_lane = l & seg;
    int32_t j;
    bool ok;
    switch (c->in->subop) {
    case SHFL_UP:
      j = (int32_t)l - (int32_t)bval;
      ok = j >= (int32_t)max_lane; /* as the manual writes it: max_lane, not min_lane */
      break;
    case SHFL_DOWN:
      j = (int32_t)(l + bval);
      ok = j <= (int32_t)max_lane;
      break;
    case SHFL_BFLY:
      j = (int32_t)(l ^ bval);
      ok = j <= (int32_t)max_lane;
      break;
    default: /* SHFL_IDX */
      j = (int32_t)(min_lane | (bval & ~seg));
      ok = j <= (int32_t)max_lane;
      break;
    }
    if (!ok) {
      j = (int32_t)l;
    }
    d[l] = (uint32_t)src[j & 31];
    p[l] = ok;
  }
}

static uint32_t predicate_mask(st_ectx *c, const uint64_t *v) {
  uint32_t m = 0;
  ST_LANES(l, c->mask) {
    if (v[l]) {
      m |= UINT32_C(1) << l;
    }
  }
  return m;
}

static void exec_vote(st_ectx *c) {
  const uint64_t *a = st_src(c, 1);
  uint64_t *d = st_dst(c, 0);
  uint32_t ballot = predicate_mask(c, a);
  uint32_t members = c->mask;
  uint64_t v;
  switch (c->in->subop) {
  case VOTE_ALL: v = ballot == members; break;
  case VOTE_ANY: v = ballot != 0; break;
  case VOTE_UNI: v = ballot == 0 || ballot == members; break;
  default: v = ballot; break; /* VOTE_BALLOT */
  }
  ST_LANES(l, c->mask) { d[l] = v; }
}

static void exec_match(st_ectx *c) {
  int pidx = c->in->subop == MATCH_ALL ? pred_dest(c) : -1;
  unsigned s = c->in->subop == MATCH_ALL ? 2 : 1;
  const uint64_t *a = st_src(c, s);
  uint64_t *d = st_dst(c, 0);
  uint64_t *p = pidx >= 0 ? st_dst(c, (unsigned)pidx) : c->sink;
  unsigned n = st_ptype_size((st_ptype)c->in->type);
  uint64_t vals[ST_WARP_SIZE];
  memcpy(vals, a, sizeof vals);
  if (c->in->subop == MATCH_ANY) {
    ST_LANES(l, c->mask) {
      uint32_t same = 0;
      ST_LANES(k, c->mask) {
        if (st_trunc(vals[k], n) == st_trunc(vals[l], n)) {
          same |= UINT32_C(1) << k;
        }
      }
      d[l] = same;
    }
    return;
  }
  bool all = true;
  uint32_t first = (uint32_t)__builtin_ctz(c->mask);
  ST_LANES(l, c->mask) { all = all && st_trunc(vals[l], n) == st_trunc(vals[first], n); }
  ST_LANES(l, c->mask) {
    d[l] = all ? c->mask : 0;
    p[l] = all;
  }
}

static void exec_activemask(st_ectx *c) {
  uint64_t *d = st_dst(c, 0);
  ST_LANES(l, c->mask) { d[l] = c->active; }
}

void st_exec_warp_level(st_ectx *c) {
  switch ((st_op)c->in->op) {
  case OP_SHFL: exec_shfl(c); return;
  case OP_VOTE: exec_vote(c); return;
  case OP_MATCH: exec_match(c); return;
  case OP_ACTIVEMASK: exec_activemask(c); return;
  default: return;
  }
}
