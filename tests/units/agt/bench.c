/* The random bench of agt (DTBL's aggregated group table): command streams a host makes.
 * Kernels enter the distributor (MARK), groups join them from random hardware threads (hot
 * thread indices collide often), with or without a global record; native grids and groups
 * are handed out in list order (GROUP_DONE of NAGEI, with the global record's Next as the
 * host keeps it), blocks start and end, kernels leave (RELEASE) once drained. About 2% of
 * commands are deliberately illegal ones the unit must refuse with error (a GROUP_DONE out of
 * order, a block end of a free entry, a kde beyond NKDE). Variant 1 also drives arbitrary
 * inputs now and then (the outputs are defined for every input). The coverage bins every run
 * must hit are listed in docs/units/agt.md. */
#include <stdio.h>
#include <string.h>

#include "unit_test.h"
#include "units/agt/agt.h"
#include "world.h"

extern const bv_vector ut_vectors_agt[];
extern const ut_ctest ut_ctests_agt[];

#define NREC 256  /* global records the stimulus keeps */
#define NBLK 512  /* executing blocks it keeps */

typedef struct agt_stim {
  uint64_t rng;
  unsigned variant;
  uint8_t active[AGT_MAX_KDE];  /* MARKed and not RELEASEd */
  uint8_t native[AGT_MAX_KDE];  /* its native grid is not yet handed out */
  uint8_t rec_used[NREC];
  uint32_t rec_next[NREC];      /* a global record's Next (written at link_global) */
  uint32_t blk[NBLK];           /* executing blocks: their group's reference */
  unsigned n_blk;
  uint64_t cycles;
} agt_stim;

static void stim_init(void *stim, const void *params, unsigned variant, uint64_t seed) {
  agt_stim *st = stim;
  (void)params;
  st->rng = seed ^ 0x3c6ef372fe94f82bull;
  st->variant = variant;
}

static void stim_reset(void *stim) {
  agt_stim *st = stim;
  uint64_t rng = st->rng;
  unsigned v = st->variant;
  memset(st, 0, sizeof *st);
  st->rng = rng;
  st->variant = v;
}

static unsigned rec_slot(uint32_t ref) { return ref & (NREC - 1u); }

/* A new global record's reference (bit 8 set: never 0), or 0 when none is free. */
static uint32_t rec_new(agt_stim *st, uint64_t r) {
  for (unsigned k = 0; k < 8; k++) {
    unsigned s = (unsigned)((r >> (3 * k)) + k) & (NREC - 1u);
    if (!st->rec_used[s]) {
      return (uint32_t)(((r >> 24) & 0x3fffffu) << 9) | 0x100u | s;
    }
  }
  return 0;
}

/* What the host learns from a JOIN it makes (the unit's contract, agt.h): the record slot it
 * used and the link it must write into a global last group. */
static void join_effect(agt_stim *st, const agt_params *p, const agt_state *s, const agt_in *in) {
  const unsigned ind = in->hwtid & (agt_entries(p) - 1u);
  const unsigned k = in->kde;
  uint32_t ref = s->valid[ind] ? (in->gref & ~AGT_REF_ONCHIP) : agt_ref_of(ind);
  if (ref == 0 || k >= p->nkde) {
    return;
  }
  if (!agt_ref_onchip(ref)) {
    st->rec_used[rec_slot(ref)] = 1;
    st->rec_next[rec_slot(ref)] = 0;
  }
  if (p->link && s->nagei[k] != 0 && s->lagei[k] != 0 && !agt_ref_onchip(s->lagei[k])) {
    st->rec_next[rec_slot(s->lagei[k])] = ref;
  }
}

static unsigned hot_hwtid(uint64_t r) {
  /* half the launches from a few hot thread indices (collisions at every table size) */
  return (r & 1) ? (unsigned)((r >> 1) & 0x7ffu) : (unsigned)(((r >> 1) & 7u) * 0x105u) & 0x7ffu;
}

/* An illegal command (the unit must answer error and change nothing). */
static void illegal(const agt_params *p, const agt_state *s, uint64_t r, agt_in *in) {
  const unsigned n = agt_entries(p);
  switch (r % 4) {
  case 0: /* a kde beyond NKDE (none when NKDE is 64) */
    in->cmd = (uint8_t)(r & 8 ? AGT_MARK : AGT_NATIVE_DONE);
    in->kde = (uint8_t)(p->nkde < 64 ? p->nkde + (unsigned)((r >> 8) % (64u - p->nkde)) : 0);
    if (p->nkde == 64) in->ref = 0, in->cmd = AGT_GROUP_DONE; /* NULL */
    break;
  case 1: { /* a block end of an entry without executing blocks */
    unsigned i = (unsigned)(r >> 8) & (n - 1u);
    in->cmd = AGT_TB_END;
    in->ref = agt_ref_of(i);
    if (s->valid[i] && s->exebl[i] != 0) in->ref = 0x7fffffffu & (uint32_t)(r >> 20);
    break;
  }
  case 2: /* GROUP_DONE of a group other than NAGEI (or of a free entry) */
    in->cmd = AGT_GROUP_DONE;
    in->kde = (uint8_t)((r >> 8) % p->nkde);
    in->ref = agt_ref_of((unsigned)(r >> 16) & (n - 1u));
    if (p->link && in->ref == s->nagei[in->kde]) in->ref = 0;
    if (!p->link && s->valid[in->ref & (n - 1u)] && !s->dist[in->ref & (n - 1u)]) in->ref = 0;
    break;
  default: /* GROUP_DONE of NULL */
    in->cmd = AGT_GROUP_DONE;
    in->kde = (uint8_t)((r >> 8) % p->nkde);
    in->ref = 0;
    break;
  }
}

static void stim_next(void *stim, const void *params, const void *state, const void *out0,
                      void *vin) {
  agt_stim *st = stim;
  const agt_params *p = params;
  const agt_state *s = state;
  agt_in *in = vin;
  (void)out0;
  const unsigned n = agt_entries(p);
  uint64_t r = world_rand(&st->rng);
  unsigned pick = (unsigned)(r % 100);
  const uint64_t x = world_rand(&st->rng);
  /* one window of 2048 commands in four joins no group: the lists drain, kernels unmark
   * and leave */
  const bool drain = ((st->cycles++ >> 11) & 3) == 3;
  memset(in, 0, sizeof *in);
  if (st->variant == 1 && pick < 5) {
    in->cmd = (uint8_t)(x & 7);
    in->kde = (uint8_t)((x >> 3) & 63);
    in->hwtid = (uint16_t)((x >> 9) & 0x7ff);
    in->gref = (uint32_t)(x >> 20) * (unsigned)((x >> 62) != 0);
    in->ref = (x >> 40) & 1 ? agt_ref_of((unsigned)(x >> 41) & (n - 1u)) : (uint32_t)(x >> 32);
    in->gnext = (x >> 61) & 1 ? (uint32_t)(x >> 16) : 0;
    if (in->cmd == AGT_JOIN) join_effect(st, p, s, in);
    return;
  }
  if (pick < 2) {
    illegal(p, s, x, in);
    return;
  }
  const unsigned k = (unsigned)((x >> 8) % p->nkde);
  if (pick < 8) { /* a kernel enters, or a drained one leaves */
    if (!st->active[k]) {
      agt_cmd_mark(in, k);
      st->active[k] = 1;
      st->native[k] = 1;
    } else if (!st->native[k] && s->nagei[k] == 0 && (!p->link || !s->marked[k])) {
      agt_cmd_release(in, k);
      st->active[k] = 0;
    }
    return;
  }
  if (drain && pick >= 8 && pick < 30) {
    pick = 35 + (pick - 8); /* hand out instead */
  }
  if (pick < 30) { /* a group joins an active kernel */
    if (!st->active[k]) return;
    uint32_t gref = (x >> 60) == 0 ? 0 : rec_new(st, world_rand(&st->rng));
    agt_cmd_join(in, k, hot_hwtid(x >> 16), gref);
    join_effect(st, p, s, in);
    return;
  }
  if (pick < 35) { /* the native grid is handed out */
    if (st->active[k] && st->native[k]) {
      agt_cmd_native_done(in, k);
      st->native[k] = 0;
    }
    return;
  }
  if (pick < 80) { /* a block of the group being handed out starts, or the group is done */
    uint32_t g;
    if (p->link) {
      g = s->nagei[k];
      if (g == 0 || (st->native[k] && s->first[k])) return;
    } else {
      /* LaPerm's order: any undistributed group, often one whose blocks execute */
      unsigned i = (unsigned)(x >> 16) & (n - 1u);
      if (st->n_blk > 0 && ((x >> 40) & 1)) {
        uint32_t b = st->blk[(unsigned)(x >> 41) % st->n_blk];
        if (agt_ref_onchip(b)) i = b & (n - 1u);
      }
      if (!s->valid[i] || s->dist[i]) return;
      g = agt_ref_of(i);
    }
    unsigned exe = agt_ref_onchip(g) ? s->exebl[g & (n - 1u)] : 0;
    if (pick < 55 && st->n_blk < NBLK) {
      agt_cmd_tb_start(in, g); /* at the largest count: an error, the block is not placed */
      if (exe < (1u << p->exe_w) - 1u) st->blk[st->n_blk++] = g;
    } else {
      uint32_t gnext = 0;
      if (!agt_ref_onchip(g)) {
        gnext = st->rec_next[rec_slot(g)];
        st->rec_used[rec_slot(g)] = 0;
      }
      agt_cmd_group_done(in, k, g, gnext);
    }
    return;
  }
  if (st->n_blk > 0) { /* a block ends */
    unsigned b = (unsigned)(x >> 16) % st->n_blk;
    agt_cmd_tb_end(in, st->blk[b]);
    st->blk[b] = st->blk[--st->n_blk];
  }
}

static void describe(const void *stim, char *buf, size_t size) {
  const agt_stim *st = stim;
  snprintf(buf, size,
           "host command streams, hot thread indices, drain windows, 2%% illegal commands%s",
           st->variant == 1 ? ", arbitrary inputs 5% of commands" : "");
}

static void cov_init(cov_set *c, const void *params, const void *stim) {
  const agt_params *p = params;
  (void)stim;
  static const char *const names[8] = {"cmd_nop",        "cmd_mark",       "cmd_join",
                                       "cmd_native_done", "cmd_group_done", "cmd_tb_start",
                                       "cmd_tb_end",     "cmd_release"};
  for (unsigned k = 0; k < 8; k++) cov_add(c, names[k], "the command is made", true);
  cov_add(c, "hit", "a JOIN allocates a free entry", true);
  cov_add(c, "conflict", "a JOIN finds its entry busy and keeps the global record", true);
  cov_add(c, "refused", "a JOIN finds its entry busy and has no global record", true);
  cov_add(c, "requeue", "a group re-marks a kernel whose blocks were all handed out (case 1)",
          p->link != 0);
  cov_add(c, "case2_append", "a group is appended after an on-chip last group", p->link != 0);
  cov_add(c, "link_global", "a group is appended after a global last group", p->link != 0);
  cov_add(c, "unmark_native", "NATIVE_DONE with no group pending unmarks the kernel", true);
  cov_add(c, "unmark_group", "the last pending group is handed out: the kernel unmarked",
          p->link != 0);
  cov_add(c, "next_onchip", "GROUP_DONE moves NAGEI along an on-chip Next", p->link != 0);
  cov_add(c, "next_global", "GROUP_DONE moves NAGEI to a global record's Next (gnext)",
          p->link != 0);
  cov_add(c, "free_group_done", "GROUP_DONE frees an entry with no block executing", true);
  cov_add(c, "free_tb_end", "the last executing block of a distributed group frees it", true);
  cov_add(c, "error", "an illegal command is refused with error", true);
  cov_add_any(c, "exebl_saturated", "TB_START at the largest block count is an error",
              p->exe_w <= 3);
  cov_add_any(c, "table_full", "every entry of the table is valid", p->agt_w <= 5);
}

static void cov(cov_set *c, const void *params, const void *s0v, const void *s1v,
                const void *inv, const void *outv) {
  static const char *const names[8] = {"cmd_nop",        "cmd_mark",       "cmd_join",
                                       "cmd_native_done", "cmd_group_done", "cmd_tb_start",
                                       "cmd_tb_end",     "cmd_release"};
  const agt_params *p = params;
  const agt_state *s0 = s0v, *s1 = s1v;
  const agt_in *in = inv;
  const agt_out *o = outv;
  const unsigned cmd = in->cmd & 7u, n = agt_entries(p);
  cov_hit(c, names[cmd]);
  if (o->error) {
    cov_hit(c, "error");
    if (cmd == AGT_TB_START && agt_ref_onchip(in->ref) &&
        s0->exebl[in->ref & (n - 1u)] == (1u << p->exe_w) - 1u) {
      cov_hit(c, "exebl_saturated");
    }
    return;
  }
  if (s1->nvalid == n) cov_hit(c, "table_full");
  const unsigned k = in->kde & 63u;
  if (cmd == AGT_JOIN) {
    if (o->hit) cov_hit(c, "hit");
    if (o->conflict && o->accept) cov_hit(c, "conflict");
    if (o->conflict && !o->accept) cov_hit(c, "refused");
    if (o->requeue) cov_hit(c, "requeue");
    if (o->link_global) cov_hit(c, "link_global");
    if (o->accept && p->link && s0->nagei[k] != 0 && agt_ref_onchip(s0->lagei[k])) {
      cov_hit(c, "case2_append");
    }
  }
  if (cmd == AGT_NATIVE_DONE && o->unmark) cov_hit(c, "unmark_native");
  if (cmd == AGT_GROUP_DONE) {
    if (o->unmark) cov_hit(c, "unmark_group");
    if (o->freed) cov_hit(c, "free_group_done");
    if (p->link && o->nagei != 0) {
      cov_hit(c, agt_ref_onchip(in->ref) ? "next_onchip" : "next_global");
    }
  }
  if (cmd == AGT_TB_END && o->freed) cov_hit(c, "free_tb_end");
}

const ut_unit ut_unit_agt = {
    .name = "agt",
    .vectors = ut_vectors_agt,
    .ctests = ut_ctests_agt,
    .bench =
        {
            .variants = 2,
            .reset_mid = true,
            .stim_size = sizeof(agt_stim),
            .stim_init = stim_init,
            .stim_next = stim_next,
            .stim_edge = NULL,
            .stim_reset = stim_reset,
            .cov_init = cov_init,
            .cov = cov,
            .describe = describe,
        },
};
