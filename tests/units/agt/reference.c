/* agt's C model against the spec's own formulation (spec/dtbl-laperm-dvfs.md §1.2.3): each
 * kernel's pending groups as a FIFO queue (the text's "list of groups", no Next fields), the
 * FCFS marked and first-time bits by the text's cases 1 and 2, the table's entries with their
 * distributed flag and executing-block count, the hash ind = hw_tid & (AGT_size - 1). On
 * seeded random legal command streams the unit's outputs must equal the queue model's, and
 * after every command each kernel's NAGEI and LAGEI must be the head and the tail of its
 * queue: the Next links (on chip, and the global records' Next the host passes back as gnext)
 * hand the groups out in the order they joined. Label "unit" (unit_ctests). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "unit_test.h"
#include "units/agt/agt.h"
#include "world.h"

#define QCAP 512
#define NKMAX 8

typedef struct ref_model {
  unsigned n, nkde;
  uint8_t marked[NKMAX], first[NKMAX], active[NKMAX], native[NKMAX];
  uint32_t q[NKMAX][QCAP]; /* pending groups, in join order */
  unsigned qn[NKMAX];
  uint8_t valid[1u << 8], dist[1u << 8];
  unsigned exebl[1u << 8];
  uint32_t running[4096];  /* executing blocks (their group) */
  unsigned n_run;
  uint32_t next_gref;
} ref_model;

static uint32_t head(const ref_model *m, unsigned k) { return m->qn[k] ? m->q[k][0] : 0; }
static uint32_t tail(const ref_model *m, unsigned k) {
  return m->qn[k] ? m->q[k][m->qn[k] - 1] : 0;
}

/* One legal command chosen from the queue model's state; *want: what the unit must answer. */
static void next_cmd(ref_model *m, uint64_t *rng, agt_in *in, agt_out *want) {
  memset(want, 0, sizeof *want);
  for (;;) {
    uint64_t r = world_rand(rng);
    unsigned k = (unsigned)(r >> 8) % m->nkde;
    unsigned pick = (unsigned)(r % 100);
    if (pick < 8) {
      if (!m->active[k]) { /* a kernel enters: marked for the first time */
        agt_cmd_mark(in, k);
        m->active[k] = m->native[k] = 1;
        m->marked[k] = m->first[k] = 1;
        m->qn[k] = 0;
      } else if (!m->native[k] && m->qn[k] == 0 && !m->marked[k]) {
        agt_cmd_release(in, k);
        m->active[k] = 0;
        m->first[k] = 0;
      } else {
        continue;
      }
    } else if (pick < 25) {
      if (!m->active[k] || m->qn[k] == QCAP) continue;
      unsigned hw = (unsigned)(r >> 16) & 0x7ffu;
      uint32_t gref = (r >> 40) % 4 == 0 ? 0 : m->next_gref++;
      agt_cmd_join(in, k, hw, gref);
      unsigned ind = hw & (m->n - 1u);
      uint32_t ref;
      if (!m->valid[ind]) { /* ⑥ a free entry */
        want->hit = 1;
        ref = AGT_REF_ONCHIP | ind;
        m->valid[ind] = 1;
        m->dist[ind] = 0;
        m->exebl[ind] = 0;
      } else {
        want->conflict = 1;
        ref = gref;
      }
      if (ref != 0) {
        want->accept = 1;
        want->ref = ref;
        if (m->qn[k] > 0 && !agt_ref_onchip(tail(m, k))) want->link_global = 1;
        if (m->qn[k] == 0 && !m->marked[k]) { /* case 1: marked again, not first time */
          m->marked[k] = 1;
          m->first[k] = 0;
          want->requeue = 1;
        }
        m->q[k][m->qn[k]++] = ref; /* ⑦ appended; case 2 leaves the marks */
      }
    } else if (pick < 30) {
      if (!m->active[k] || !m->native[k]) continue;
      agt_cmd_native_done(in, k);
      m->native[k] = 0;
      m->first[k] = 0;
      if (m->qn[k] == 0) { /* everything handed out: unmarked */
        m->marked[k] = 0;
        want->unmark = 1;
      }
    } else if (pick < 80) { /* the group at the head: a block starts, or it is done */
      if (m->qn[k] == 0 || (m->native[k] && m->first[k])) continue;
      uint32_t g = head(m, k);
      unsigned i = g & (m->n - 1u);
      if (pick < 55) {
        if (m->n_run == 4096 || (agt_ref_onchip(g) && m->exebl[i] == 0xffffu)) continue;
        agt_cmd_tb_start(in, g);
        if (agt_ref_onchip(g)) m->exebl[i]++;
        m->running[m->n_run++] = g;
      } else {
        agt_cmd_group_done(in, k, g, m->qn[k] > 1 ? m->q[k][1] : 0);
        if (!agt_ref_onchip(g)) in->gnext = m->qn[k] > 1 ? m->q[k][1] : 0;
        else in->gnext = 0;
        if (agt_ref_onchip(g)) {
          m->dist[i] = 1;
          if (m->exebl[i] == 0) m->valid[i] = 0, want->freed = 1;
        }
        memmove(&m->q[k][0], &m->q[k][1], (m->qn[k] - 1) * sizeof m->q[k][0]);
        m->qn[k]--;
        if (m->qn[k] == 0) {
          m->marked[k] = 0;
          want->unmark = 1;
        }
      }
    } else {
      if (m->n_run == 0) continue;
      unsigned b = (unsigned)(r >> 20) % m->n_run;
      uint32_t g = m->running[b];
      m->running[b] = m->running[--m->n_run];
      agt_cmd_tb_end(in, g);
      if (agt_ref_onchip(g)) {
        unsigned i = g & (m->n - 1u);
        if (--m->exebl[i] == 0 && m->dist[i]) m->valid[i] = 0, want->freed = 1;
      }
    }
    const unsigned kk = in->kde;
    want->nagei = kk < m->nkde ? head(m, kk) : 0;
    want->marked = kk < m->nkde ? m->marked[kk] : 0;
    want->first = kk < m->nkde ? m->first[kk] : 0;
    return;
  }
}

static void check_queue_model(const agt_params *p, uint64_t seed, unsigned cmds) {
  static ref_model m;
  static agt_state s;
  memset(&m, 0, sizeof m);
  m.n = agt_entries(p);
  m.nkde = p->nkde;
  m.next_gref = 0x1000;
  agt_reset(p, &s);
  uint64_t rng = seed;
  unsigned frees = 0, global_links = 0, requeues = 0, onchip_walks = 0;
  for (unsigned c = 0; c < cmds; c++) {
    agt_in in;
    agt_out want, got;
    unsigned nvalid = 0;
    for (unsigned i = 0; i < m.n; i++) nvalid += m.valid[i];
    next_cmd(&m, &rng, &in, &want);
    agt_eval(p, &s, &in, &got);
    want.n_valid = (uint16_t)nvalid;
    if (memcmp(&want, &got, sizeof want) != 0) {
      fail_msg("command %u (cmd %u kde %u hwtid %u gref %#x ref %#x gnext %#x): unit accept %u "
               "hit %u conflict %u ref %#x requeue %u link_global %u unmark %u freed %u error %u "
               "nagei %#x marked %u first %u n_valid %u; queue model accept %u hit %u conflict "
               "%u ref %#x requeue %u link_global %u unmark %u freed %u nagei %#x marked %u "
               "first %u n_valid %u",
               c, in.cmd, in.kde, in.hwtid, in.gref, in.ref, in.gnext, got.accept, got.hit,
               got.conflict, got.ref, got.requeue, got.link_global, got.unmark, got.freed,
               got.error, got.nagei, got.marked, got.first, got.n_valid, want.accept, want.hit,
               want.conflict, want.ref, want.requeue, want.link_global, want.unmark, want.freed,
               want.nagei, want.marked, want.first, want.n_valid);
    }
    agt_tick(p, &s, &in, &got);
    frees += got.freed;
    global_links += got.link_global;
    requeues += got.requeue;
    onchip_walks += in.cmd == AGT_GROUP_DONE && agt_ref_onchip(in.ref) && got.nagei != 0;
    for (unsigned k = 0; k < m.nkde; k++) {
      if (s.nagei[k] != head(&m, k) || s.lagei[k] != tail(&m, k)) {
        fail_msg("after command %u: kernel %u NAGEI %#x LAGEI %#x, queue head %#x tail %#x", c,
                 k, s.nagei[k], s.lagei[k], head(&m, k), tail(&m, k));
      }
    }
  }
  printf("  agt queue model AGT_W=%u NKDE=%u: %u commands, %u frees, %u global links, %u requeues, %u on-chip walks\n", p->agt_w, p->nkde, cmds, frees, global_links, requeues, onchip_walks);
  assert_true(frees > 100 && global_links > 20 && requeues > 10 && onchip_walks > 100);
}

static void test_agt_queue_model(void **state) {
  (void)state;
  const agt_params small = {4, 4, 16, 1}, mid = {8, 8, 16, 1};
  check_queue_model(&small, 71, 200000);
  check_queue_model(&mid, 72, 200000);
}

const ut_ctest ut_ctests_agt[] = {{"spec_queue_model", test_agt_queue_model}, {NULL, NULL}};
