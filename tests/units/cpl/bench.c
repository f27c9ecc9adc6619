/* The random bench of cpl (CAWA's criticality prediction): a random SM of NW warp slots in
 * NTB TBs (warp w in TB w mod NTB), whose TBs launch, run and retire; each cycle random
 * write-backs, issues by each scheduler of one of its live warps with a next instruction that
 * continues, loops back or jumps ahead, and a clock that mostly steps by one but also jumps
 * (skipped cycles) and wraps. The functional coverage bins every run must hit are listed in
 * docs/units/cpl.md. */
#include <string.h>

#include "unit_test.h"
#include "units/cpl/cpl.h"
#include "world.h"

extern const bv_vector ut_vectors_cpl[];

typedef struct cpl_stim {
  uint64_t rng;
  uint32_t now;
  uint8_t live[ST_U_MAX_WARPS];
  uint8_t used[ST_U_MAX_TBS];   /* the TB slot holds a block */
  uint8_t nw, ntb;
} cpl_stim;

static void cpl_stim_init(void *stim, const void *params, unsigned variant, uint64_t seed) {
  cpl_stim *cs = stim;
  const cpl_params *p = params;
  (void)variant;
  cs->nw = p->n_warps;
  cs->ntb = p->n_tbs;
  cs->rng = seed ^ 0x5bd1e995u;
  cs->now = 0xfffff000u - (uint32_t)(seed % 1024u); /* every run crosses the wrap early */
}

static uint32_t rnd(cpl_stim *cs, uint32_t n) { return (uint32_t)(world_rand(&cs->rng) % n); }

static void cpl_stim_next(void *stim, const void *params, const void *state, const void *out0,
                          void *vin) {
  cpl_stim *cs = stim;
  const cpl_params *p = params;
  cpl_in *in = vin;
  (void)state;
  (void)out0;
  memset(in, 0, sizeof *in);
  unsigned nw = p->n_warps, ntb = p->n_tbs;
  uint32_t r = rnd(cs, 100);
  cs->now += r < 90 ? 1u : r < 97 ? 1u + rnd(cs, 50) : r < 99 ? 1u + rnd(cs, 20000)
            : rnd(cs, 20) == 0 ? 1u + rnd(cs, 1u << 26) : 1u;
  in->now = cs->now;
  /* A TB launch now and then into a free slot: its warps start. */
  if (rnd(cs, 8) == 0) {
    unsigned b = rnd(cs, ntb);
    if (!cs->used[b]) {
      cs->used[b] = 1;
      unsigned kst = rnd(cs, 4) == 0 ? (1u << p->ninst_w) - 1 : rnd(cs, 40);
      for (unsigned w = b; w < nw; w += ntb) {
        in->launch[w] = 1;
        in->kstatic[w] = (uint16_t)kst;
      }
    }
  }
  for (unsigned w = 0; w < nw; w++) {
    unsigned b = w % ntb;
    in->tb[w] = (uint8_t)b;
    in->live[w] = cs->live[w] && !in->launch[w];
    if (cs->live[w] && !in->launch[w]) {
      uint32_t c = rnd(cs, 16);
      in->commit[w] = (uint8_t)(c < 10 ? 0 : c < 14 ? 1 : c < 15 ? 2 + rnd(cs, 3) : 255);
    }
  }
  for (unsigned k = 0; k < p->n_sched; k++) {
    if (rnd(cs, 3) == 0) {
      continue;
    }
    unsigned w = k + p->n_sched * rnd(cs, (nw + p->n_sched - 1 - k) / p->n_sched);
    if (w >= nw || !in->live[w]) {
      continue;
    }
    uint32_t pc = rnd(cs, 64), kind = rnd(cs, 10);
    in->iss_valid[k] = 1;
    in->iss_slot[k] = (uint8_t)w;
    in->iss_pc[k] = pc;
    in->iss_next[k] = kind < 6 ? pc + 1 : kind < 8 ? rnd(cs, pc + 1) : pc + 2 + rnd(cs, 80);
  }
}

/* The edge: the warps of a TB launched this cycle become live; now and then a live warp
 * exits; a TB whose warps all exited frees its slot. */
static void cpl_stim_edge(void *stim) {
  cpl_stim *cs = stim;
  for (unsigned b = 0; b < cs->ntb; b++) {
    if (cs->used[b] == 1) {
      cs->used[b] = 2;
      for (unsigned w = b; w < cs->nw; w += cs->ntb) {
        cs->live[w] = 1;
      }
    }
  }
  if (rnd(cs, 6) == 0) {
    cs->live[rnd(cs, cs->nw)] = 0;
  }
  for (unsigned b = 0; b < cs->ntb; b++) {
    unsigned any = 0;
    for (unsigned w = b; w < cs->nw; w += cs->ntb) {
      any |= cs->live[w];
    }
    if (cs->used[b] == 2 && !any) {
      cs->used[b] = 0;
    }
  }
}

static void cpl_cov_init(cov_set *c, const void *params, const void *stim) {
  const cpl_params *p = params;
  (void)stim;
  cov_add(c, "launch", "a warp slot launches (its counters reset)", true);
  cov_add(c, "backward", "a loop (next <= issued) adds to nInst", true);
  cov_add(c, "forward", "a forward jump lowers nInst", true);
  cov_add(c, "forward_clamp", "a forward jump larger than nInst leaves 0", true);
  cov_add(c, "commit_clamp", "write-backs larger than nInst leave 0", true);
  cov_add(c, "ninst_sat", "nInst saturates at 2^NINST_W - 1", true);
  cov_add(c, "nstall_sat", "nStall saturates at 2^CRIT_W - 1", true);
  /* 255 write-backs at most per cycle: a run reaches 2^16 but not 2^24 */
  cov_add(c, "committed_sat", "committed saturates at 2^CRIT_W - 1", p->crit_w <= 16);
  cov_add(c, "crit_sat", "crit saturates at 2^CRIT_W - 1", true);
  cov_add(c, "div_by_one", "an issue with nothing committed (CPI divides by 1)", true);
  cov_add(c, "both_issue", "both schedulers issue in one cycle", p->n_sched >= 2);
  cov_add(c, "now_wrap", "the gap since the last issue crosses the 32-bit wrap", true);
  cov_add(c, "tie", "two live warps of a TB are both critical", true);
  cov_add(c, "unique", "a TB has one critical warp among several live ones", true);
}

static void cpl_cov(cov_set *c, const void *params, const void *s0v, const void *s1v,
                    const void *inv, const void *outv) {
  const cpl_params *p = params;
  const cpl_state *s0 = s0v, *s1 = s1v;
  const cpl_in *in = inv;
  const cpl_out *o = outv;
  uint32_t cmax = (UINT32_C(1) << p->crit_w) - 1, nmax = (1u << p->ninst_w) - 1;
  unsigned both = 0;
  for (unsigned w = 0; w < p->n_warps; w++) {
    if (in->launch[w]) {
      cov_hit(c, "launch");
      continue;
    }
    if (in->commit[w] > s0->ninst[w] && s0->ninst[w] > 0 && s1->ninst[w] == 0) {
      cov_hit(c, "commit_clamp");
    }
    if (s1->committed[w] == cmax && s0->committed[w] + in->commit[w] > cmax) {
      cov_hit(c, "committed_sat");
    }
  }
  for (unsigned k = 0; k < p->n_sched; k++) {
    if (!in->iss_valid[k]) continue;
    both++;
    unsigned w = in->iss_slot[k];
    uint32_t pc = in->iss_pc[k], nx = in->iss_next[k];
    uint32_t n0 = s0->ninst[w] > in->commit[w] ? s0->ninst[w] - in->commit[w] : 0;
    if (nx <= pc) {
      cov_hit(c, "backward");
      if (n0 + (pc - nx) + 1 > nmax) cov_hit(c, "ninst_sat");
    } else if (nx > pc + 1) {
      cov_hit(c, nx - pc - 1 > n0 ? "forward_clamp" : "forward");
    }
    if ((uint64_t)s0->nstall[w] + (uint32_t)(in->now - s0->t_last[w]) > cmax + 1ull) {
      cov_hit(c, "nstall_sat");
    }
    if (s1->crit[w] == cmax) cov_hit(c, "crit_sat");
    if (s0->committed[w] + in->commit[w] == 0) cov_hit(c, "div_by_one");
    if (in->now < s0->t_last[w]) cov_hit(c, "now_wrap");
  }
  if (both >= 2) cov_hit(c, "both_issue");
  for (unsigned b = 0; b < p->n_tbs; b++) {
    unsigned live = 0, crit = 0;
    for (unsigned w = 0; w < p->n_warps; w++) {
      if (in->live[w] && in->tb[w] == b) {
        live++;
        crit += o->critical[w];
      }
    }
    if (crit >= 2) cov_hit(c, "tie");
    if (live >= 2 && crit == 1) cov_hit(c, "unique");
  }
}

const ut_unit ut_unit_cpl = {
    .name = "cpl",
    .vectors = ut_vectors_cpl,
    .ctests = NULL,
    .bench =
        {
            .variants = 1,
            .reset_mid = true,
            .stim_size = sizeof(cpl_stim),
            .stim_init = cpl_stim_init,
            .stim_next = cpl_stim_next,
            .stim_edge = cpl_stim_edge,
            .stim_reset = NULL,
            .cov_init = cpl_cov_init,
            .cov = cpl_cov,
        },
};
