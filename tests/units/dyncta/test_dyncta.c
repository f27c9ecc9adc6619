/* The DYNCTA unit's C model (cmodel/src/units/dyncta.c) against
 * spec/dyncta.md: the derived trace of §1.5(e), every boundary value, and a
 * seeded random run checked cycle by cycle against an independent reference
 * (window counts, decision, n, age order, LIFO pausing, starvation guard),
 * with coverage bins that must all be hit. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <cmocka.h>

#include "dyncta_stim.h"
#include "units/dyncta/dyncta.h"

static unsigned long n_checks; /* directed checks made */

#define CHECK_EQ(a, b)                                                                             \
  do {                                                                                             \
    n_checks++;                                                                                    \
    assert_int_equal((a), (b));                                                                    \
  } while (0)

/* ---- a core around the unit ----------------------------------------------- */

typedef struct core {
  dyncta_params p;
  dyncta_state s;
  dyncta_in in;   /* the next cycle's events (launch, exit, ...); cleared after it */
  dyncta_out out; /* the outputs in the current cycle */
  uint64_t cycle;
} core;

static void core_init(core *c, const dyncta_params *p) {
  memset(c, 0, sizeof *c);
  c->p = *p;
  dyncta_reset(&c->p, &c->s);
  dyncta_eval(&c->p, &c->s, &c->in, &c->out);
}

/* One cycle of class cls with the pending events; then the outputs of the
 * next cycle are in c->out. */
static void cycle(core *c, dyncta_cycle cls) {
  uint64_t x = c->cycle * 7919 + 3;
  dyncta_stim_flags(&c->p, &x, cls, &c->in);
  dyncta_eval(&c->p, &c->s, &c->in, &c->out);
  dyncta_tick(&c->p, &c->s, &c->in, &c->out);
  memset(&c->in, 0, sizeof c->in);
  dyncta_eval(&c->p, &c->s, &c->in, &c->out);
  c->cycle++;
}

static void run(core *c, dyncta_cycle cls, unsigned k) {
  while (k-- > 0) {
    cycle(c, cls);
  }
}

/* The rest of the current window: idle idle cycles, then mem memory-wait
 * cycles, then active ones; returns after the deciding edge. */
static void window(core *c, unsigned idle, unsigned mem) {
  unsigned left = c->p.period - c->s.timer;
  assert_true(idle + mem <= left);
  for (unsigned i = 0; i < left; i++) {
    cycle(c, i < idle         ? DYNCTA_CYCLE_IDLE
             : i < idle + mem ? DYNCTA_CYCLE_MEM
                              : DYNCTA_CYCLE_ACTIVE);
  }
  CHECK_EQ(c->out.dec_valid, 1);
  CHECK_EQ(c->s.timer, 0);
}

/* Ends the current window with a HOLD (C_mem medium): n is unchanged and
 * the next window starts whole. */
static void align(core *c) {
  unsigned n = c->out.n;
  window(c, 0, 200);
  CHECK_EQ(c->out.decision, DYNCTA_HOLD);
  CHECK_EQ(c->out.n, n);
}

static void kstart(core *c, unsigned n_max) {
  c->in.kernel_start = 1;
  c->in.n_max = (uint8_t)n_max;
  cycle(c, DYNCTA_CYCLE_ACTIVE);
}

static void launch(core *c, unsigned slot) {
  c->in.launch_valid = 1;
  c->in.launch_slot = (uint8_t)slot;
  cycle(c, DYNCTA_CYCLE_ACTIVE);
}

static void cta_exit(core *c, unsigned slot) {
  c->in.cta_exit[slot] = 1;
  cycle(c, DYNCTA_CYCLE_ACTIVE);
}

static unsigned paused_mask(const core *c) {
  unsigned m = 0;
  for (unsigned b = 0; b < c->p.n_slots; b++) {
    m |= (unsigned)c->out.paused[b] << b;
  }
  return m;
}

/* A core with the spec defaults (NTB 8), a kernel of N = 8 started and the
 * given slots launched in that order (oldest first). */
static void core_with_ctas(core *c, const unsigned *slots, unsigned k) {
  dyncta_params p;
  dyncta_default_params(&p, 8);
  core_init(c, &p);
  kstart(c, 8);
  for (unsigned i = 0; i < k; i++) {
    launch(c, slots[i]);
  }
  CHECK_EQ(c->s.n_cta, k);
}

/* ---- the unit's description ------------------------------------------------ */

static void test_layout(void **state) {
  (void)state;
  dyncta_params p;
  dyncta_default_params(&p, 8);
  CHECK_EQ(strcmp(dyncta_desc.name, "dyncta"), 0);
  CHECK_EQ(dyncta_desc.params_size, sizeof(dyncta_params));
  CHECK_EQ(dyncta_desc.state_size, sizeof(dyncta_state));
  st_ulayout l;
  dyncta_desc.layout(&p, &l);
  CHECK_EQ(l.n_in, 13);
  CHECK_EQ(l.n_out, 8);
  CHECK_EQ(l.n_state, 11);
  /* Widths with NTB = 8: SLOT_W 3, N_W 4, CNT_W 11, TMR_W 11, ST_W 13. */
  static const struct {
    const char *name;
    unsigned bits, count;
  } st[] = {{"c_idle", 11, 1},  {"c_mem", 11, 1},    {"timer", 11, 1}, {"n", 4, 1},
            {"n_max", 4, 1},    {"n_cta", 4, 1},     {"valid", 1, 8},  {"rank", 3, 8},
            {"decision", 2, 1}, {"dec_valid", 1, 1}, {"starve", 13, 1}};
  for (unsigned i = 0; i < l.n_state; i++) {
    CHECK_EQ(strcmp(l.state[i].name, st[i].name), 0);
    CHECK_EQ(l.state[i].bits, st[i].bits);
    CHECK_EQ(l.state[i].count, st[i].count);
  }
  CHECK_EQ(strcmp(l.in[9].name, "launch_slot"), 0);
  CHECK_EQ(l.in[9].bits, 3);
  CHECK_EQ(l.in[10].count, 8);
  CHECK_EQ(strcmp(l.out[4].name, "rank"), 0);
  char buf[200];
  st_unit_rtl_params(&dyncta_desc, &p, buf, sizeof buf);
  CHECK_EQ(strcmp(buf, "NTB=8 CNT_W=11 PERIOD=2048 T_IDLE=16 T_MEM_L=128 T_MEM_H=384 INIT_N=1 "
                       "FREEZE=0 STARVE_T=4096 STRICT=0"),
           0);
  /* The configuration gives NTB from sm.max_ctas, the rest from dyncta.*
   * (whose defaults are the spec's). */
  st_config cfg;
  st_config_defaults(&cfg);
  cfg.sm.max_ctas = 6;
  dyncta_params q;
  dyncta_desc.config_params(&cfg, &q);
  CHECK_EQ(q.n_slots, 6);
  CHECK_EQ(q.period, 2048);
  CHECK_EQ(q.t_mem_h, 384);
  dyncta_params d;
  dyncta_default_params(&d, 6);
  CHECK_EQ(memcmp(&q, &d, sizeof q), 0);
  cfg.dyncta.sample_period = 4096;
  cfg.dyncta.t_idle = 8;
  cfg.dyncta.t_mem_l = 64;
  cfg.dyncta.t_mem_h = 576;
  cfg.dyncta.counter_bits = 12;
  cfg.dyncta.initial_n = ST_DYNCTA_INIT_MAX;
  cfg.dyncta.freeze_when_drained = true;
  cfg.dyncta.anti_starvation = false;
  cfg.dyncta.strict_classification = true;
  dyncta_desc.config_params(&cfg, &q);
  CHECK_EQ(q.period, 4096);
  CHECK_EQ(q.t_idle, 8);
  CHECK_EQ(q.t_mem_l, 64);
  CHECK_EQ(q.t_mem_h, 576);
  CHECK_EQ(q.cnt_w, 12);
  CHECK_EQ(q.init_n, DYNCTA_INIT_MAX);
  CHECK_EQ(q.freeze, 1);
  CHECK_EQ(q.starve_t, 0);
  CHECK_EQ(q.strict, 1);
}

static void test_reset(void **state) {
  (void)state;
  dyncta_params p;
  dyncta_default_params(&p, 8);
  core c;
  core_init(&c, &p);
  CHECK_EQ(c.s.n, 4);
  CHECK_EQ(c.s.n_max, 8);
  CHECK_EQ(c.out.n, 4);
  CHECK_EQ(c.out.can_accept, 1);
  CHECK_EQ(c.out.n_paused, 0);
  CHECK_EQ(c.out.decision, DYNCTA_HOLD);
  CHECK_EQ(c.out.dec_valid, 0);
  CHECK_EQ(c.out.boost, 0);
  CHECK_EQ(paused_mask(&c), 0);
}

/* ---- initial n (§1.6, A5) and N clamping -------------------------------------- */

static void test_initial_n(void **state) {
  (void)state;
  static const unsigned ns[] = {1, 2, 3, 7, 8};
  static const unsigned want[3][5] = {{1, 1, 1, 1, 1}, {1, 1, 1, 3, 4}, {1, 2, 3, 7, 8}};
  for (unsigned mode = 0; mode < 3; mode++) {
    for (unsigned i = 0; i < 5; i++) {
      dyncta_params p;
      dyncta_default_params(&p, 8);
      p.init_n = (uint8_t)mode;
      core c;
      core_init(&c, &p);
      kstart(&c, ns[i]);
      CHECK_EQ(c.s.n_max, ns[i]);
      CHECK_EQ(c.out.n, want[mode][i]);
      CHECK_EQ(dyncta_initial_n(&p, ns[i]), want[mode][i]);
    }
  }
  /* Out of reset: as a kernel with N = NTB. */
  dyncta_params p;
  dyncta_default_params(&p, 8);
  p.init_n = DYNCTA_INIT_MAX;
  core c;
  core_init(&c, &p);
  CHECK_EQ(c.out.n, 8);
  /* N = 0 counts as 1; N past NTB as NTB (n_max is 4 bits: up to 15). */
  p.init_n = DYNCTA_INIT_MAX;
  core_init(&c, &p);
  kstart(&c, 0);
  CHECK_EQ(c.s.n_max, 1);
  CHECK_EQ(c.out.n, 1);
  kstart(&c, 15);
  CHECK_EQ(c.s.n_max, 8);
  CHECK_EQ(c.out.n, 8);
  kstart(&c, 9);
  CHECK_EQ(c.s.n_max, 8);
  /* NTB = 1: n is always 1. */
  dyncta_params p1;
  dyncta_default_params(&p1, 1);
  core_init(&c, &p1);
  CHECK_EQ(c.out.n, 1);
  kstart(&c, 1);
  CHECK_EQ(c.out.n, 1);
}

/* ---- classification (§8 A1, A17) ------------------------------------------------ */

static dyncta_cycle cls_of(int strict, int stall, int ready, int mem_any, int mem_all,
                           int membar_all) {
  dyncta_params p;
  dyncta_default_params(&p, 8);
  p.strict = (uint8_t)strict;
  dyncta_in in;
  memset(&in, 0, sizeof in);
  in.stall = (uint8_t)stall;
  in.ready = (uint8_t)ready;
  in.mem_any = (uint8_t)mem_any;
  in.mem_all = (uint8_t)mem_all;
  in.membar_all = (uint8_t)membar_all;
  return dyncta_classify(&p, &in);
}

static void test_classification(void **state) {
  (void)state;
  for (int strict = 0; strict < 2; strict++) {
    /* Rule 1: a write-back stall wins over everything. */
    CHECK_EQ(cls_of(strict, 1, 1, 1, 1, 1), DYNCTA_CYCLE_STALL);
    CHECK_EQ(cls_of(strict, 1, 0, 0, 0, 0), DYNCTA_CYCLE_STALL);
    /* Rule 2: a ready warp (paused or not) makes the cycle active. */
    CHECK_EQ(cls_of(strict, 0, 1, 1, 1, 1), DYNCTA_CYCLE_ACTIVE);
    /* Rule 3: every warp on memory. */
    CHECK_EQ(cls_of(strict, 0, 0, 1, 1, 1), DYNCTA_CYCLE_MEM);
    /* Rule 4: no warp / all finished / all at barriers / short dependencies. */
    CHECK_EQ(cls_of(strict, 0, 0, 0, 0, 0), DYNCTA_CYCLE_IDLE);
    CHECK_EQ(cls_of(strict, 0, 0, 0, 0, 1), DYNCTA_CYCLE_IDLE);
    CHECK_EQ(cls_of(strict, 0, 0, 1, 0, 0), DYNCTA_CYCLE_IDLE);
  }
  /* Warps on memory and at a barrier: C_mem by default, neither if strict. */
  CHECK_EQ(cls_of(0, 0, 0, 1, 0, 1), DYNCTA_CYCLE_MEM);
  CHECK_EQ(cls_of(1, 0, 0, 1, 0, 1), DYNCTA_CYCLE_MEMBAR);

  /* The counters follow the classes. */
  for (int strict = 0; strict < 2; strict++) {
    dyncta_params p;
    dyncta_default_params(&p, 8);
    p.strict = (uint8_t)strict;
    core c;
    core_init(&c, &p);
    run(&c, DYNCTA_CYCLE_STALL, 3);
    run(&c, DYNCTA_CYCLE_ACTIVE, 4);
    CHECK_EQ(c.s.c_idle, 0);
    CHECK_EQ(c.s.c_mem, 0);
    run(&c, DYNCTA_CYCLE_IDLE, 5);
    run(&c, DYNCTA_CYCLE_MEM, 6);
    CHECK_EQ(c.s.c_idle, 5);
    CHECK_EQ(c.s.c_mem, 6);
    if (strict) {
      run(&c, DYNCTA_CYCLE_MEMBAR, 7);
      CHECK_EQ(c.s.c_idle, 5);
      CHECK_EQ(c.s.c_mem, 6);
    }
  }
}

/* A window of 500 cycles with warps on memory and some at a barrier: C_mem
 * high by default (DEC), nothing counted when strict (C_mem low: INC). */
static void test_strict_window(void **state) {
  (void)state;
  for (int strict = 0; strict < 2; strict++) {
    dyncta_params p;
    dyncta_default_params(&p, 8);
    p.strict = (uint8_t)strict;
    core c;
    core_init(&c, &p);
    for (unsigned i = 0; i < 2048; i++) {
      c.in.mem_any = 1;
      c.in.membar_all = 1;
      c.in.mem_all = 0;
      dyncta_eval(&c.p, &c.s, &c.in, &c.out);
      dyncta_tick(&c.p, &c.s, &c.in, &c.out);
      memset(&c.in, 0, sizeof c.in);
      if (i == 2046) {
        CHECK_EQ(c.s.c_mem, strict ? 0 : 2047);
      }
    }
    dyncta_eval(&c.p, &c.s, &c.in, &c.out);
    CHECK_EQ(c.out.decision, strict ? DYNCTA_INC : DYNCTA_DEC);
    CHECK_EQ(c.out.n, strict ? 5 : 3);
  }
}

/* ---- the derived trace of §1.5(e) ------------------------------------------------ */

static void test_trace_e(void **state) {
  (void)state;
  dyncta_params p;
  dyncta_default_params(&p, 8);
  core c;
  core_init(&c, &p);
  unsigned w = 0;
  for (uint64_t t = 0; t < DYNCTA_TRACE_CYCLES; t++) {
    dyncta_in in;
    dyncta_trace_next(t, &c.s, &c.out, &in);
    dyncta_eval(&c.p, &c.s, &in, &c.out);
    dyncta_tick(&c.p, &c.s, &in, &c.out);
    memset(&in, 0, sizeof in);
    dyncta_eval(&c.p, &c.s, &in, &c.out);
    if (t == 4) { /* A..D resident, n0 = 4 */
      CHECK_EQ(c.out.n, 4);
      CHECK_EQ(c.s.n_cta, 4);
      CHECK_EQ(c.out.can_accept, 0);
      for (unsigned b = 0; b < 4; b++) {
        CHECK_EQ(c.out.rank[b], b);
      }
    }
    if (t == 1 + 4 * 2048 + 1024) { /* A completed: nCTA = 3 = n, D resumes */
      CHECK_EQ(c.s.n_cta, 3);
      CHECK_EQ(c.out.n, 3);
      CHECK_EQ(paused_mask(&c), 0);
      CHECK_EQ(c.out.can_accept, 0);
      CHECK_EQ(c.out.rank[1], 0);
      CHECK_EQ(c.out.rank[3], 2);
    }
    if (t == 5 * 2048 + 1) { /* E placed in A's slot, the youngest */
      CHECK_EQ(c.s.valid[0], 1);
      CHECK_EQ(c.out.rank[0], 3);
      CHECK_EQ(c.s.n_cta, 4);
    }
    if (c.out.dec_valid) {
      assert_true(w < DYNCTA_TRACE_WINDOWS);
      CHECK_EQ(t, (uint64_t)(w + 1) * 2048);
      CHECK_EQ(c.out.decision, dyncta_trace_e[w].decision);
      CHECK_EQ(c.out.n, dyncta_trace_e[w].n_after);
      CHECK_EQ(paused_mask(&c), dyncta_trace_e[w].paused_after);
      w++;
    }
  }
  CHECK_EQ(w, DYNCTA_TRACE_WINDOWS);
}

/* ---- thresholds exactly at their boundaries (§1.5(e), A3) --------------------- */

static unsigned decide_once(unsigned idle, unsigned mem, unsigned *n_after) {
  static const unsigned slots[] = {0, 1, 2, 3, 4, 5};
  core c;
  core_with_ctas(&c, slots, 6); /* n = 4, two paused: INC and DEC both move n */
  align(&c);
  window(&c, idle, mem);
  *n_after = c.out.n;
  return c.out.decision;
}

static void test_threshold_boundaries(void **state) {
  (void)state;
  static const struct {
    unsigned idle, mem, decision, n;
  } cases[] = {
      {15, 200, DYNCTA_HOLD, 4}, /* C_idle 15: low; C_mem medium */
      {16, 200, DYNCTA_INC, 5},  /* C_idle 16: high */
      {16, 700, DYNCTA_INC, 5},  /* idle is checked first */
      {0, 127, DYNCTA_INC, 5},   /* C_mem 127: low */
      {0, 128, DYNCTA_HOLD, 4},  /* 128: medium */
      {0, 383, DYNCTA_HOLD, 4},  /* 383: medium */
      {0, 384, DYNCTA_DEC, 3},   /* 384: high */
      {15, 384, DYNCTA_DEC, 3},  {15, 127, DYNCTA_INC, 5},
      {0, 2048, DYNCTA_DEC, 3}, /* saturated at 2047 */
  };
  for (unsigned i = 0; i < sizeof cases / sizeof cases[0]; i++) {
    unsigned n;
    CHECK_EQ(decide_once(cases[i].idle, cases[i].mem, &n), cases[i].decision);
    CHECK_EQ(n, cases[i].n);
  }
}

/* ---- n at its bounds ------------------------------------------------------------ */

static void test_n_bounds(void **state) {
  (void)state;
  static const unsigned slots[] = {0, 1, 2, 3, 4, 5, 6, 7};
  core c;
  core_with_ctas(&c, slots, 4);
  /* Down to 1, then DEC holds. */
  for (unsigned k = 0; k < 5; k++) {
    window(&c, 0, 500);
    CHECK_EQ(c.out.decision, DYNCTA_DEC);
    CHECK_EQ(c.out.n, k < 3 ? 3 - k : 1);
    CHECK_EQ(c.out.n_paused, 4 - c.out.n);
  }
  CHECK_EQ(paused_mask(&c), 0x0e);
  /* Up: resumes first (no new CTA accepted while any is paused). */
  for (unsigned k = 0; k < 3; k++) {
    CHECK_EQ(c.out.can_accept, 0);
    window(&c, 0, 0);
    CHECK_EQ(c.out.decision, DYNCTA_INC);
    CHECK_EQ(c.out.n, 2 + k);
  }
  CHECK_EQ(paused_mask(&c), 0);
  CHECK_EQ(c.out.can_accept, 0); /* nCTA = n = 4 */
  /* INC with nCTA = n < N: the scheduler may place one more. */
  window(&c, 0, 0);
  CHECK_EQ(c.out.n, 5);
  CHECK_EQ(c.out.can_accept, 1);
  launch(&c, 4);
  launch(&c, 5);
  CHECK_EQ(c.s.n_cta, 6); /* the 6th is past the limit: resident and paused */
  CHECK_EQ(paused_mask(&c), 0x20);
  /* INC past nCTA is harmless: n climbs to N and stops there. */
  for (unsigned k = 0; k < 5; k++) {
    window(&c, 20, 0);
    CHECK_EQ(c.out.decision, DYNCTA_INC);
    CHECK_EQ(c.out.n, k < 3 ? 6 + k : 8);
  }
  launch(&c, 6);
  launch(&c, 7);
  CHECK_EQ(c.s.n_cta, 8);
  CHECK_EQ(c.out.can_accept, 0);
  /* n = N = nCTA with C_mem low: hold. */
  window(&c, 0, 3);
  CHECK_EQ(c.out.decision, DYNCTA_INC);
  CHECK_EQ(c.out.n, 8);
  CHECK_EQ(c.out.n_paused, 0);
}

/* ---- counter saturation ---------------------------------------------------------- */

static void test_counter_saturation(void **state) {
  (void)state;
  dyncta_params p;
  dyncta_default_params(&p, 8);
  core c;
  core_init(&c, &p);
  /* 2047 idle cycles fill the 11-bit counter; the 2048th saturates. */
  run(&c, DYNCTA_CYCLE_IDLE, 2047);
  CHECK_EQ(c.s.c_idle, 2047);
  CHECK_EQ(c.s.timer, 2047);
  run(&c, DYNCTA_CYCLE_IDLE, 1);
  CHECK_EQ(c.out.dec_valid, 1);
  CHECK_EQ(c.out.decision, DYNCTA_INC);
  CHECK_EQ(c.s.c_idle, 0);
  /* A small counter: CNT_W 4 saturates at 15 inside a 64-cycle window. */
  p.cnt_w = 4;
  p.period = 64;
  p.t_idle = 16; /* out of reach of a 4-bit counter: never high */
  p.t_mem_l = 8;
  p.t_mem_h = 20;
  core_init(&c, &p);
  run(&c, DYNCTA_CYCLE_MEM, 30);
  CHECK_EQ(c.s.c_mem, 15);
  run(&c, DYNCTA_CYCLE_IDLE, 30);
  CHECK_EQ(c.s.c_idle, 15);
  CHECK_EQ(c.s.c_mem, 15);
  run(&c, DYNCTA_CYCLE_MEM, 4);
  CHECK_EQ(c.out.dec_valid, 1);
  CHECK_EQ(c.out.decision, DYNCTA_HOLD); /* 15 is medium; 34 (no saturation) would be high */
  /* T_MEM_H = 15: the saturated count reaches it. */
  p.t_mem_h = 15;
  core_init(&c, &p);
  run(&c, DYNCTA_CYCLE_MEM, 64);
  CHECK_EQ(c.out.decision, DYNCTA_DEC);
}

/* ---- sampling timer --------------------------------------------------------------- */

static void test_timer(void **state) {
  (void)state;
  dyncta_params p;
  dyncta_default_params(&p, 8);
  p.period = 100;
  core c;
  core_init(&c, &p);
  unsigned ends = 0;
  for (unsigned t = 1; t <= 1000; t++) {
    unsigned before = c.s.timer;
    CHECK_EQ(before, (t - 1) % 100);
    run(&c, DYNCTA_CYCLE_ACTIVE, 1);
    CHECK_EQ(c.out.dec_valid, t % 100 == 0);
    ends += c.out.dec_valid;
  }
  CHECK_EQ(ends, 10);
  /* PERIOD 1: every cycle is a whole window. */
  p.period = 1;
  core_init(&c, &p);
  kstart(&c, 8);
  for (unsigned k = 0; k < 6; k++) {
    run(&c, DYNCTA_CYCLE_IDLE, 1);
    CHECK_EQ(c.out.dec_valid, 1);
    CHECK_EQ(c.s.timer, 0);
  }
  CHECK_EQ(c.out.n, 8);
  /* PERIOD 2048: an 11-bit timer that wraps from 2047 to 0. */
  dyncta_default_params(&p, 8);
  core_init(&c, &p);
  run(&c, DYNCTA_CYCLE_ACTIVE, 2047);
  CHECK_EQ(c.s.timer, 2047);
  CHECK_EQ(c.out.dec_valid, 0);
  run(&c, DYNCTA_CYCLE_ACTIVE, 1);
  CHECK_EQ(c.s.timer, 0);
  CHECK_EQ(c.out.dec_valid, 1);
  run(&c, DYNCTA_CYCLE_ACTIVE, 1);
  CHECK_EQ(c.out.dec_valid, 0);
  CHECK_EQ(c.out.decision, DYNCTA_INC); /* held until the next window ends */
}

/* A kernel start in mid-window restarts the window and keeps the CTAs. */
static void test_kernel_start_mid_window(void **state) {
  (void)state;
  static const unsigned slots[] = {3, 1};
  core c;
  core_with_ctas(&c, slots, 2);
  run(&c, DYNCTA_CYCLE_IDLE, 700);
  run(&c, DYNCTA_CYCLE_MEM, 300);
  CHECK_EQ(c.s.c_idle, 700);
  kstart(&c, 2);
  CHECK_EQ(c.s.c_idle, 0);
  CHECK_EQ(c.s.c_mem, 0);
  CHECK_EQ(c.s.timer, 0);
  CHECK_EQ(c.out.n, 1);
  CHECK_EQ(c.s.n_cta, 2);
  CHECK_EQ(paused_mask(&c), 0x02); /* slot 1 is the younger */
  window(&c, 0, 0);
  CHECK_EQ(c.cycle, 1 + 2 + 1000 + 1 + 2048);
  CHECK_EQ(c.out.n, 2);
  CHECK_EQ(paused_mask(&c), 0);
}

/* ---- pausing order (§1.4, §1.5(a)) ------------------------------------------------ */

static void test_lifo(void **state) {
  (void)state;
  /* Slot order is not age order: ages are 5, 2, 7, 0 (oldest first). */
  static const unsigned slots[] = {5, 2, 7, 0};
  core c;
  core_with_ctas(&c, slots, 4);
  CHECK_EQ(c.out.rank[5], 0);
  CHECK_EQ(c.out.rank[0], 3);
  static const unsigned down[] = {0x01, 0x81, 0x85}; /* {0}, {7, 0}, {2, 7, 0} */
  for (unsigned k = 0; k < 3; k++) {
    window(&c, 0, 400);
    CHECK_EQ(c.out.n, 3 - k);
    CHECK_EQ(paused_mask(&c), down[k]);
  }
  static const unsigned up[] = {0x81, 0x01, 0x00}; /* 2 resumes, then 7, then 0 */
  for (unsigned k = 0; k < 3; k++) {
    window(&c, 0, 10);
    CHECK_EQ(c.out.n, 2 + k);
    CHECK_EQ(paused_mask(&c), up[k]);
  }
}

static void test_exits(void **state) {
  (void)state;
  static const unsigned slots[] = {4, 6, 1, 3}; /* ages: 4, 6, 1, 3 */
  core c;
  core_with_ctas(&c, slots, 4);
  window(&c, 0, 400);
  window(&c, 0, 400); /* n = 2: 1 and 3 paused */
  CHECK_EQ(paused_mask(&c), 0x0a);
  /* A running CTA completes: the most recently paused (1) resumes. */
  cta_exit(&c, 4);
  CHECK_EQ(c.s.n_cta, 3);
  CHECK_EQ(paused_mask(&c), 0x08);
  CHECK_EQ(c.out.rank[6], 0);
  CHECK_EQ(c.out.rank[1], 1);
  CHECK_EQ(c.out.rank[3], 2);
  CHECK_EQ(c.out.rank[4], 0);
  CHECK_EQ(c.s.valid[4], 0);
  /* A paused CTA completes: nothing else changes. */
  cta_exit(&c, 3);
  CHECK_EQ(c.s.n_cta, 2);
  CHECK_EQ(paused_mask(&c), 0);
  CHECK_EQ(c.out.can_accept, 0);
  /* Refill and take two out in one cycle: ranks close up by two. */
  window(&c, 0, 0); /* n = 3 */
  launch(&c, 2);
  CHECK_EQ(c.out.rank[2], 2);
  window(&c, 0, 0); /* n = 4 */
  launch(&c, 5);
  CHECK_EQ(c.out.rank[5], 3);
  c.in.cta_exit[6] = 1;
  c.in.cta_exit[1] = 1;
  cycle(&c, DYNCTA_CYCLE_ACTIVE);
  CHECK_EQ(c.s.n_cta, 2);
  CHECK_EQ(c.out.rank[2], 0);
  CHECK_EQ(c.out.rank[5], 1);
  /* An exit and a launch into the same slot in one cycle: exit first, the
   * newcomer is the youngest. */
  c.in.cta_exit[2] = 1;
  c.in.launch_valid = 1;
  c.in.launch_slot = 2;
  cycle(&c, DYNCTA_CYCLE_ACTIVE);
  CHECK_EQ(c.s.n_cta, 2);
  CHECK_EQ(c.s.valid[2], 1);
  CHECK_EQ(c.out.rank[5], 0);
  CHECK_EQ(c.out.rank[2], 1);
  /* An exit of an older and a launch in one cycle. */
  c.in.cta_exit[5] = 1;
  c.in.launch_valid = 1;
  c.in.launch_slot = 7;
  cycle(&c, DYNCTA_CYCLE_ACTIVE);
  CHECK_EQ(c.out.rank[2], 0);
  CHECK_EQ(c.out.rank[7], 1);
  CHECK_EQ(c.s.n_cta, 2);
}

/* Inputs against the protocol are ignored (or, a launch past the limit,
 * tracked as a paused CTA), the same way in C and RTL. */
static void test_protocol_violations(void **state) {
  (void)state;
  dyncta_params p;
  dyncta_default_params(&p, 6); /* SLOT_W 3: slots 6 and 7 do not exist */
  core c;
  core_init(&c, &p);
  kstart(&c, 6);
  CHECK_EQ(c.out.n, 3);
  launch(&c, 0);
  cta_exit(&c, 4); /* free slot */
  CHECK_EQ(c.s.n_cta, 1);
  launch(&c, 0); /* busy slot */
  CHECK_EQ(c.s.n_cta, 1);
  CHECK_EQ(c.out.rank[0], 0);
  launch(&c, 7); /* no such slot */
  CHECK_EQ(c.s.n_cta, 1);
  launch(&c, 1);
  launch(&c, 2);
  CHECK_EQ(c.out.can_accept, 0);
  launch(&c, 3); /* past the limit */
  CHECK_EQ(c.s.n_cta, 4);
  CHECK_EQ(paused_mask(&c), 0x08);
  CHECK_EQ(c.out.n_paused, 1);
}

/* ---- anti-starvation guard (§8 A7) ------------------------------------------------- */

static void starved(core *c, unsigned k) {
  for (unsigned i = 0; i < k; i++) {
    c->in.paused_ready = 1;
    cycle(c, DYNCTA_CYCLE_ACTIVE);
  }
}

static void test_anti_starvation(void **state) {
  (void)state;
  dyncta_params p;
  dyncta_default_params(&p, 8);
  CHECK_EQ(p.starve_t, 4096);
  core c;
  core_init(&c, &p);
  starved(&c, 4095);
  CHECK_EQ(c.s.starve, 4095);
  CHECK_EQ(c.out.boost, 0);
  starved(&c, 1);
  CHECK_EQ(c.out.boost, 1); /* after 4096 starved cycles, for one cycle */
  starved(&c, 1);
  CHECK_EQ(c.out.boost, 0);
  CHECK_EQ(c.s.starve, 0);
  /* A paused warp that issues, or a cycle with none ready, restarts it. */
  starved(&c, 4000);
  c.in.paused_ready = 1;
  c.in.paused_issued = 1;
  cycle(&c, DYNCTA_CYCLE_ACTIVE);
  CHECK_EQ(c.s.starve, 0);
  starved(&c, 4000);
  cycle(&c, DYNCTA_CYCLE_ACTIVE);
  CHECK_EQ(c.s.starve, 0);
  starved(&c, 4096);
  CHECK_EQ(c.out.boost, 1);
  /* The boost cycle clears the counter whatever the scheduler did. */
  starved(&c, 1);
  CHECK_EQ(c.s.starve, 0);
  /* A kernel start clears it. */
  starved(&c, 100);
  kstart(&c, 8);
  CHECK_EQ(c.s.starve, 0);
  /* Off: never a boost. */
  p.starve_t = 0;
  core_init(&c, &p);
  unsigned boosts = 0;
  for (unsigned i = 0; i < 20000; i++) {
    starved(&c, 1);
    boosts += c.out.boost;
    if (c.s.starve != 0) {
      break;
    }
  }
  CHECK_EQ(boosts, 0);
  CHECK_EQ(c.s.starve, 0);
}

/* ---- freeze when drained (§8 A6) ----------------------------------------------------- */

static void test_freeze_when_drained(void **state) {
  (void)state;
  for (int freeze = 0; freeze < 2; freeze++) {
    static const unsigned slots[] = {0, 1, 2, 3};
    core c;
    core_with_ctas(&c, slots, 4);
    c.p.freeze = (uint8_t)freeze;
    align(&c);
    /* drained at the deciding edge only matters with FREEZE. */
    run(&c, DYNCTA_CYCLE_MEM, 2047);
    c.in.drained = 1;
    cycle(&c, DYNCTA_CYCLE_MEM);
    CHECK_EQ(c.out.dec_valid, 1);
    CHECK_EQ(c.out.decision, freeze ? DYNCTA_FROZEN : DYNCTA_DEC);
    CHECK_EQ(c.out.n, freeze ? 4 : 3);
    /* Not drained: the algorithm runs. */
    window(&c, 0, 2048);
    CHECK_EQ(c.out.decision, DYNCTA_DEC);
    CHECK_EQ(c.out.n, freeze ? 3 : 2);
    /* Frozen with an INC window too (without FREEZE: 2 -> 3). */
    for (unsigned i = 0; i < 2048; i++) {
      c.in.drained = 1;
      cycle(&c, DYNCTA_CYCLE_IDLE);
    }
    CHECK_EQ(c.out.n, 3);
    CHECK_EQ(c.out.decision, freeze ? DYNCTA_FROZEN : DYNCTA_INC);
    /* Pausing still follows exits while frozen: 4 CTAs, n = 3. */
    CHECK_EQ(paused_mask(&c), 0x08);
    cta_exit(&c, 0);
    CHECK_EQ(paused_mask(&c), 0);
    CHECK_EQ(c.out.n, 3);
  }
}

/* ---- seeded random run: reference, invariants and coverage -------------------------- */

enum {
  BIN_INC,        /* INC that raised n */
  BIN_INC_AT_MAX, /* INC at n = N */
  BIN_DEC,        /* DEC that lowered n */
  BIN_DEC_AT_ONE, /* DEC at n = 1 */
  BIN_HOLD,
  BIN_FROZEN,
  BIN_SAT_IDLE, /* C_idle reached 2^CNT_W - 1 */
  BIN_SAT_MEM,
  BIN_EQ_T_IDLE, /* a window ended with C_idle = T_IDLE */
  BIN_EQ_T_MEM_L,
  BIN_EQ_T_MEM_H,
  BIN_PAUSE,         /* a CTA became paused */
  BIN_RESUME_INC,    /* a CTA resumed on an INC */
  BIN_RESUME_EXIT,   /* a CTA resumed because another left */
  BIN_EXIT_PAUSED,   /* a paused CTA completed */
  BIN_MULTI_EXIT,    /* two or more CTAs left in one cycle */
  BIN_REFILL,        /* a slot freed and refilled in one cycle */
  BIN_LAUNCH_PAUSED, /* a CTA launched past the limit */
  BIN_BOOST,
  BIN_KERNEL, /* a kernel start */
  BIN_CLAMP,  /* a kernel start with N out of 1..NTB */
  BINS
};
static const char *const bin_names[BINS] = {
    "inc",        "inc_at_max",  "dec",         "dec_at_one", "hold",       "frozen",
    "sat_idle",   "sat_mem",     "eq_t_idle",   "eq_t_mem_l", "eq_t_mem_h", "pause",
    "resume_inc", "resume_exit", "exit_paused", "multi_exit", "refill",     "launch_paused",
    "boost",      "kernel",      "clamp"};

/* The unit's behaviour restated for the check (spec §1.3, §8). */
typedef struct ref {
  unsigned n, n_max, c_idle, c_mem, timer, starve;
  uint8_t order[ST_U_MAX_TBS]; /* resident slots, oldest first */
  unsigned n_order;
  uint8_t stack[ST_U_MAX_TBS]; /* paused slots, [n_stack-1] = most recently paused */
  unsigned n_stack;
} ref;

static void stack_remove(ref *r, unsigned slot) {
  for (unsigned i = 0; i < r->n_stack; i++) {
    if (r->stack[i] == slot) {
      memmove(&r->stack[i], &r->stack[i + 1], r->n_stack - i - 1);
      r->n_stack--;
      return;
    }
  }
}

typedef struct rand_run {
  const char *name;
  dyncta_params p;
  unsigned cycles;
  int illegal;
} rand_run;

static void random_run(const rand_run *rr, uint64_t seed, unsigned long *bins) {
  const dyncta_params *p = &rr->p;
  unsigned ns = p->n_slots, cmax = (1u << p->cnt_w) - 1;
  core c;
  core_init(&c, p);
  dyncta_stim g;
  dyncta_stim_init(&g, p, seed, rr->illegal);
  ref r;
  memset(&r, 0, sizeof r);
  r.n_max = ns;
  r.n = dyncta_initial_n(p, ns);
  unsigned long local[BINS] = {0};

  for (unsigned t = 0; t < rr->cycles; t++) {
    dyncta_in in;
    dyncta_stim_next(&g, &c.s, &c.out, &in);
    dyncta_out o;
    dyncta_eval(p, &c.s, &in, &o);
    unsigned was_paused[ST_U_MAX_TBS];
    for (unsigned b = 0; b < ns; b++) {
      was_paused[b] = o.paused[b];
    }
    dyncta_tick(p, &c.s, &in, &o);
    dyncta_eval(p, &c.s, &in, &c.out);

    /* Reference: age order (exits first, then the launch). */
    unsigned n_exit = 0, refill = 0, launched_slot = ~0u;
    for (unsigned i = 0; i < r.n_order;) {
      if (in.cta_exit[r.order[i]]) {
        n_exit++;
        memmove(&r.order[i], &r.order[i + 1], r.n_order - i - 1);
        r.n_order--;
      } else {
        i++;
      }
    }
    if (in.launch_valid && in.launch_slot < ns) {
      int busy = 0;
      for (unsigned i = 0; i < r.n_order; i++) {
        busy |= r.order[i] == in.launch_slot;
      }
      if (!busy) {
        refill = in.cta_exit[in.launch_slot];
        launched_slot = in.launch_slot;
        r.order[r.n_order++] = in.launch_slot;
      }
    }
    /* Reference: counters, timer and decision. */
    dyncta_cycle cls = dyncta_classify(p, &in);
    unsigned ci = r.c_idle + (cls == DYNCTA_CYCLE_IDLE), cm = r.c_mem + (cls == DYNCTA_CYCLE_MEM);
    ci = ci > cmax ? cmax : ci;
    cm = cm > cmax ? cmax : cm;
    unsigned boost = p->starve_t != 0 && r.starve == p->starve_t;
    unsigned n_before = r.n, decided = 0, dec = DYNCTA_HOLD;
    if (in.kernel_start) {
      local[BIN_KERNEL]++;
      local[BIN_CLAMP] += in.n_max == 0 || in.n_max > ns;
      r.n_max = in.n_max == 0 ? 1 : in.n_max > ns ? ns : in.n_max;
      r.n = p->init_n == DYNCTA_INIT_ONE    ? 1
            : p->init_n == DYNCTA_INIT_HALF ? (r.n_max / 2 ? r.n_max / 2 : 1)
                                            : r.n_max;
      r.c_idle = r.c_mem = r.timer = r.starve = 0;
    } else {
      if (r.timer == p->period - 1) {
        decided = 1;
        dec = ci >= p->t_idle    ? DYNCTA_INC
              : cm < p->t_mem_l  ? DYNCTA_INC
              : cm >= p->t_mem_h ? DYNCTA_DEC
                                 : DYNCTA_HOLD;
        if (p->freeze && in.drained) {
          dec = DYNCTA_FROZEN;
        }
        local[BIN_EQ_T_IDLE] += ci == p->t_idle;
        local[BIN_EQ_T_MEM_L] += cm == p->t_mem_l;
        local[BIN_EQ_T_MEM_H] += cm == p->t_mem_h;
        if (dec == DYNCTA_INC) {
          local[r.n < r.n_max ? BIN_INC : BIN_INC_AT_MAX]++;
          r.n += r.n < r.n_max;
        } else if (dec == DYNCTA_DEC) {
          local[r.n > 1 ? BIN_DEC : BIN_DEC_AT_ONE]++;
          r.n -= r.n > 1;
        } else {
          local[dec == DYNCTA_HOLD ? BIN_HOLD : BIN_FROZEN]++;
        }
        r.c_idle = r.c_mem = r.timer = 0;
      } else {
        r.c_idle = ci;
        r.c_mem = cm;
        r.timer++;
      }
      r.starve =
          p->starve_t == 0 || boost || !in.paused_ready || in.paused_issued ? 0 : r.starve + 1;
    }
    local[BIN_SAT_IDLE] += c.s.c_idle == cmax;
    local[BIN_SAT_MEM] += c.s.c_mem == cmax;
    local[BIN_BOOST] += boost;
    local[BIN_MULTI_EXIT] += n_exit >= 2;
    local[BIN_REFILL] += refill;

    /* The unit against the reference. */
    assert_int_equal(c.s.c_idle, r.c_idle);
    assert_int_equal(c.s.c_mem, r.c_mem);
    assert_int_equal(c.s.timer, r.timer);
    assert_int_equal(c.s.n, r.n);
    assert_int_equal(c.s.n_max, r.n_max);
    assert_int_equal(c.s.starve, r.starve);
    assert_int_equal(c.out.dec_valid, decided);
    if (decided) {
      assert_int_equal(c.out.decision, dec);
    }
    (void)n_before;

    /* Invariants: 1 <= n <= N <= NTB; nCTA = resident; ranks are the age
     * order; paused = the youngest max(0, nCTA - n). */
    assert_true(c.out.n >= 1 && c.out.n <= c.s.n_max && c.s.n_max <= ns);
    assert_int_equal(c.s.n_cta, r.n_order);
    unsigned want_paused = r.n_order > r.n ? r.n_order - r.n : 0;
    assert_int_equal(c.out.n_paused, want_paused);
    assert_int_equal(c.out.can_accept, r.n_order < r.n);
    unsigned n_paused = 0;
    for (unsigned b = 0; b < ns; b++) {
      n_paused += c.out.paused[b];
      if (!c.s.valid[b]) {
        assert_int_equal(c.out.rank[b], 0);
        assert_int_equal(c.out.paused[b], 0);
      }
    }
    assert_int_equal(n_paused, want_paused);
    for (unsigned i = 0; i < r.n_order; i++) {
      assert_int_equal(c.s.valid[r.order[i]], 1);
      assert_int_equal(c.out.rank[r.order[i]], i);
      assert_int_equal(c.out.paused[r.order[i]], i >= r.n);
    }

    /* LIFO: follow the pause events on a stack. A newly paused CTA goes on
     * top (a DEC, a kernel start: youngest first so the oldest ends on top),
     * or at the bottom when it was launched past the limit; every resume
     * takes the top; a paused CTA that completes leaves it. */
    for (unsigned b = 0; b < ns; b++) {
      if (was_paused[b] && in.cta_exit[b]) {
        local[BIN_EXIT_PAUSED]++;
        stack_remove(&r, b);
      }
    }
    unsigned resumed = 0;
    for (unsigned i = 0; i < r.n_order; i++) {
      unsigned b = r.order[i];
      if (was_paused[b] && !c.out.paused[b] && b != launched_slot) {
        assert_true(r.n_stack > 0);
        assert_int_equal(r.stack[r.n_stack - 1], b); /* the most recently paused */
        r.n_stack--;
        resumed++;
      }
    }
    if (resumed) {
      local[decided && dec == DYNCTA_INC ? BIN_RESUME_INC : BIN_RESUME_EXIT] += resumed;
    }
    for (unsigned i = r.n_order; i-- > 0;) {
      unsigned b = r.order[i];
      int fresh = b == launched_slot;
      if (c.out.paused[b] && (!was_paused[b] || fresh)) {
        if (fresh) {
          if (was_paused[b]) {
            stack_remove(&r, b); /* the slot's previous CTA left */
          }
          local[BIN_LAUNCH_PAUSED]++;
          memmove(&r.stack[1], &r.stack[0], r.n_stack);
          r.stack[0] = (uint8_t)b;
          r.n_stack++;
        } else {
          local[BIN_PAUSE]++;
          r.stack[r.n_stack++] = (uint8_t)b;
        }
      } else if (fresh && was_paused[b]) {
        stack_remove(&r, b);
      }
    }
    assert_int_equal(r.n_stack, want_paused);
    for (unsigned k = 0; k < r.n_stack; k++) {
      assert_int_equal(r.stack[r.n_stack - 1 - k], r.order[r.n + k]);
    }
  }

  printf("  %-8s %7u cycles:", rr->name, rr->cycles);
  for (unsigned k = 0; k < BINS; k++) {
    printf(" %s=%lu", bin_names[k], local[k]);
    bins[k] += local[k];
  }
  printf("\n");
  /* Every run takes each decision and pauses and resumes CTAs. */
  assert_true(local[BIN_INC] > 0);
  assert_true(local[BIN_DEC] > 0);
  assert_true(local[BIN_HOLD] + local[BIN_FROZEN] > 0);
  assert_true(local[BIN_PAUSE] > 0);
  assert_true(local[BIN_RESUME_INC] + local[BIN_RESUME_EXIT] > 0);
}

static dyncta_params make_params(unsigned ntb, unsigned cnt_w, unsigned period, unsigned ti,
                                 unsigned tl, unsigned th, unsigned init, unsigned freeze,
                                 unsigned starve, unsigned strict) {
  dyncta_params p;
  dyncta_default_params(&p, ntb);
  p.cnt_w = (uint8_t)cnt_w;
  p.period = period;
  p.t_idle = (uint16_t)ti;
  p.t_mem_l = (uint16_t)tl;
  p.t_mem_h = (uint16_t)th;
  p.init_n = (uint8_t)init;
  p.freeze = (uint8_t)freeze;
  p.starve_t = (uint16_t)starve;
  p.strict = (uint8_t)strict;
  return p;
}

static void test_random(void **state) {
  (void)state;
  const rand_run runs[] = {
      {"spec", make_params(8, 11, 2048, 16, 128, 384, 1, 0, 4096, 0), 400000, 0},
      {"spec-ill", make_params(8, 11, 2048, 16, 128, 384, 1, 1, 4096, 1), 200000, 1},
      {"small", make_params(6, 5, 48, 3, 6, 20, 0, 1, 37, 1), 200000, 1},
      {"wide", make_params(16, 8, 300, 10, 40, 120, 2, 1, 0, 0), 200000, 1},
      {"tiny", make_params(3, 3, 9, 2, 2, 5, 1, 0, 3, 0), 100000, 1},
  };
  unsigned long bins[BINS] = {0};
  unsigned long total = 0;
  for (unsigned i = 0; i < sizeof runs / sizeof runs[0]; i++) {
    random_run(&runs[i], 0x5eed0000u + i, bins);
    total += runs[i].cycles;
  }
  unsigned hit = 0;
  for (unsigned k = 0; k < BINS; k++) {
    if (bins[k] == 0) {
      printf("  coverage bin never hit: %s\n", bin_names[k]);
    }
    hit += bins[k] > 0;
  }
  printf("  random: %lu cycles, %u/%u coverage bins hit\n", total, hit, (unsigned)BINS);
  assert_int_equal(hit, BINS);
}

static void test_summary(void **state) {
  (void)state;
  printf("  directed checks: %lu\n", n_checks);
}

int main(void) {
  const struct CMUnitTest tests[] = {
      cmocka_unit_test(test_layout),
      cmocka_unit_test(test_reset),
      cmocka_unit_test(test_initial_n),
      cmocka_unit_test(test_classification),
      cmocka_unit_test(test_strict_window),
      cmocka_unit_test(test_trace_e),
      cmocka_unit_test(test_threshold_boundaries),
      cmocka_unit_test(test_n_bounds),
      cmocka_unit_test(test_counter_saturation),
      cmocka_unit_test(test_timer),
      cmocka_unit_test(test_kernel_start_mid_window),
      cmocka_unit_test(test_lifo),
      cmocka_unit_test(test_exits),
      cmocka_unit_test(test_protocol_violations),
      cmocka_unit_test(test_anti_starvation),
      cmocka_unit_test(test_freeze_when_drained),
      cmocka_unit_test(test_random),
      cmocka_unit_test(test_summary),
  };
  return cmocka_run_group_tests(tests, NULL, NULL);
}
