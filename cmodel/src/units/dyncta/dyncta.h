/* DYNCTA: the per-core dynamic CTA limit with CTA pausing (spec/dyncta.md
 * §1-§2, §8), one per SM (rtl/dyncta.sv; docs/units/dyncta.md).
 *
 * Window counters. Each core cycle is classified from five 1-bit flags the
 * SM computes (§8 A1, first matching rule): stall -> neither counter;
 * ready -> neither (the cycle is active); mem_any and every unfinished warp
 * waits on memory (STRICT) or on memory or a barrier (default) -> C_mem;
 * with STRICT, mem_any and every warp on memory or a barrier but some at a
 * barrier -> neither; anything else -> C_idle. The counters are CNT_W bits
 * and saturate at 2^CNT_W - 1 (§8 A2).
 *
 * Decision. A timer counts core cycles 0..PERIOD-1 from the kernel start.
 * At the clock edge that ends the cycle with timer = PERIOD-1 the unit
 * decides on the counts of the whole window (this cycle's event included):
 *   C_idle >= T_IDLE -> INC; else C_mem < T_MEM_L -> INC;
 *   else C_mem >= T_MEM_H -> DEC; else HOLD                       (§1.3, A3)
 * INC raises n while n < N, DEC lowers it while n > 1; the counters clear.
 * With FREEZE the decision is FROZEN (n holds) while `drained` (the kernel
 * has no unissued CTA) is set (§8 A6).
 *
 * CTA age order and pausing. Each CTA slot holds a valid bit and an age rank
 * (0 = the oldest resident CTA; ranks of resident CTAs are 0..nCTA-1). A
 * CTA exit frees its slot and every younger CTA moves up by the number of
 * older CTAs that exited in the same cycle; then a launch takes rank nCTA.
 * A slot is paused iff it is valid and its rank >= n: the youngest
 * max(0, nCTA - n) CTAs are paused, so a DEC pauses the youngest running
 * CTA and an INC resumes the most recently paused one (LIFO, §1.4), and an
 * exit resumes the oldest paused CTA. Exits of a cycle apply before its
 * launch, so a slot may be freed and refilled in one cycle (§8 A10).
 *
 * Anti-starvation (§8 A7). With STARVE_T > 0 a counter counts consecutive
 * cycles in which a warp of a paused CTA was ready and none issued; when it
 * reaches STARVE_T, `boost` is set for one cycle (the warp scheduler then
 * serves the paused class first for that issue slot) and the counter clears.
 *
 * Kernel start: N := clamp(n_max, 1, NTB), n := n0 (INIT_N: 1, max(1, N/2)
 * or N, §1.6, A5), counters, timer, decision and starvation counter clear.
 * The slot tracking is untouched (CTAs leave by their exits).
 *
 * Every output is a function of the registers alone: the SM and the CTA
 * scheduler see the effect of a cycle's events (decision, exit, launch) from
 * the next cycle on (§8 A10 step 6). */
#ifndef SIMTREF_UNITS_DYNCTA_H
#define SIMTREF_UNITS_DYNCTA_H

#include "units/unit.h"

/* INIT_N: the limit n at a kernel start. */
enum { DYNCTA_INIT_ONE = 0, DYNCTA_INIT_HALF = 1, DYNCTA_INIT_MAX = 2 };

/* T_starve of spec §8 A7: the guard's limit when it is on. */
#define DYNCTA_STARVE_DEFAULT 4096

/* The decision of a window (the decision register, 2 bits). */
enum { DYNCTA_HOLD = 0, DYNCTA_INC = 1, DYNCTA_DEC = 2, DYNCTA_FROZEN = 3 };

/* The class of one core cycle (§8 A1); MEMBAR exists with STRICT only. */
typedef enum dyncta_cycle {
  DYNCTA_CYCLE_STALL = 0, /* back-end / write-back stall: neither counter */
  DYNCTA_CYCLE_ACTIVE,    /* some warp (paused or not) ready: neither counter */
  DYNCTA_CYCLE_MEM,       /* C_mem */
  DYNCTA_CYCLE_MEMBAR,    /* STRICT: warps on memory and at barriers: neither */
  DYNCTA_CYCLE_IDLE       /* C_idle */
} dyncta_cycle;

typedef struct dyncta_params {
  uint8_t n_slots;   /* NTB: CTA slots of the SM, 1..64 */
  uint8_t cnt_w;     /* CNT_W: width of C_idle and C_mem, 1..16 */
  uint32_t period;   /* PERIOD: sampling window in core cycles, 1..65536 */
  uint16_t t_idle;   /* T_IDLE: C_idle >= T_IDLE is high */
  uint16_t t_mem_l;  /* T_MEM_L: C_mem < T_MEM_L is low */
  uint16_t t_mem_h;  /* T_MEM_H: C_mem >= T_MEM_H is high */
  uint8_t init_n;    /* INIT_N: DYNCTA_INIT_* (other values act as MAX) */
  uint8_t freeze;    /* FREEZE: hold n while the kernel is drained */
  uint16_t starve_t; /* STARVE_T: starvation limit in cycles, 0 = guard off */
  uint8_t strict;    /* STRICT: C_mem only when every warp waits on memory */
} dyncta_params;

/* Widths derived from the parameters (the RTL's localparams). */
static inline unsigned dyncta_slot_bits(const dyncta_params *p) { /* SLOT_W */
  return st_u_idx_bits(p->n_slots);
}
static inline unsigned dyncta_n_bits(const dyncta_params *p) { /* N_W: holds 0..NTB */
  return st_u_idx_bits((unsigned)p->n_slots + 1);
}
static inline unsigned dyncta_timer_bits(const dyncta_params *p) { /* TMR_W */
  return st_u_idx_bits(p->period);
}
static inline unsigned dyncta_starve_bits(const dyncta_params *p) { /* ST_W: holds 0..STARVE_T */
  return st_u_idx_bits((unsigned)p->starve_t + 1);
}

typedef struct dyncta_state {
  uint16_t c_idle;             /* [CNT_W] idle cycles of the window */
  uint16_t c_mem;              /* [CNT_W] memory-wait cycles of the window */
  uint16_t timer;              /* [TMR_W] cycle of the window, 0..PERIOD-1 */
  uint8_t n;                   /* [N_W] the CTA limit, 1..N */
  uint8_t n_max;               /* [N_W] N of the running kernel, 1..NTB */
  uint8_t n_cta;               /* [N_W] resident CTAs (running + paused) */
  uint8_t valid[ST_U_MAX_TBS]; /* [NTB][1] the slot holds a CTA */
  uint8_t rank[ST_U_MAX_TBS];  /* [NTB][SLOT_W] age rank, 0 = oldest; 0 if free */
  uint8_t decision;            /* [2] the last window's DYNCTA_* */
  uint8_t dec_valid;           /* [1] a window ended at the last edge */
  uint16_t starve;             /* [ST_W] consecutive starved cycles */
} dyncta_state;

typedef struct dyncta_in {
  uint8_t kernel_start;           /* a kernel starts: take N, n := n0 */
  uint8_t n_max;                  /* [N_W] N of the starting kernel */
  uint8_t drained;                /* the kernel has no unissued CTA left */
  uint8_t stall;                  /* the pipeline could not accept work (WB stall) */
  uint8_t ready;                  /* some warp, paused or not, was ready or issued */
  uint8_t mem_any;                /* some unfinished warp waits on a global load */
  uint8_t mem_all;                /* every unfinished warp waits on memory */
  uint8_t membar_all;             /* every unfinished warp waits on memory or a barrier */
  uint8_t launch_valid;           /* the CTA scheduler placed a CTA this cycle */
  uint8_t launch_slot;            /* [SLOT_W] into this slot */
  uint8_t cta_exit[ST_U_MAX_TBS]; /* [NTB][1] the slot's CTA finished this cycle */
  uint8_t paused_ready;           /* a warp of a paused CTA was ready */
  uint8_t paused_issued;          /* a warp of a paused CTA issued */
} dyncta_in;

typedef struct dyncta_out {
  uint8_t n;                    /* [N_W] the CTA limit */
  uint8_t n_paused;             /* [N_W] max(0, nCTA - n) */
  uint8_t can_accept;           /* nCTA < n: the CTA scheduler may place one more */
  uint8_t paused[ST_U_MAX_TBS]; /* [NTB][1] the slot's CTA is paused */
  uint8_t rank[ST_U_MAX_TBS];   /* [NTB][SLOT_W] age rank, 0 = oldest */
  uint8_t decision;             /* [2] the last window's DYNCTA_* */
  uint8_t dec_valid;            /* [1] first cycle after a window end */
  uint8_t boost;                /* [1] serve paused warps first this cycle */
} dyncta_out;

/* The class of a cycle from the SM's flags (also what RACT counts as
 * active: DYNCTA_CYCLE_ACTIVE). */
dyncta_cycle dyncta_classify(const dyncta_params *p, const dyncta_in *in);

/* n at a kernel start for a kernel whose N is n_max (already clamped). */
unsigned dyncta_initial_n(const dyncta_params *p, unsigned n_max);

void dyncta_reset(const dyncta_params *p, dyncta_state *s);
void dyncta_eval(const dyncta_params *p, const dyncta_state *s, const dyncta_in *in,
                 dyncta_out *out);
void dyncta_tick(const dyncta_params *p, dyncta_state *s, const dyncta_in *in,
                 const dyncta_out *out);

/* The parameters an SM of this configuration uses (dyncta_config.c). */
void dyncta_config_params(const st_config *cfg, dyncta_params *p);

/* The spec's default parameters for an SM with n_slots CTA slots. */
void dyncta_default_params(dyncta_params *p, unsigned n_slots);

extern const st_unit_desc dyncta_desc;

#endif
