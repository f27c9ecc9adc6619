/* The timing model of one SM (streaming multiprocessor).
 *
 * Per core cycle the stages run in this fixed order (docs/timing.md):
 *   1. writeback   results whose latency elapsed leave the pipelines, at most
 *                  sm.writeback_ports per cycle; their registers are released
 *   2. memory      replies from the interconnect fill the L1 caches and wake
 *                  the instructions waiting on them
 *   3. execute     the LD/ST unit performs one cache access (or shared-memory
 *                  pass) of its current instruction
 *   4. operands    operand collectors read register banks and dispatch
 *                  ready instructions to free pipelines
 *   5. issue       each warp scheduler picks a warp by its policy, the
 *                  functional model executes the instruction (values are
 *                  exact now), and it enters a collector
 *   6. decode      fetched instructions enter the I-buffers
 *   7. fetch       one I-cache access for one warp (after issue: CFF uses
 *                  this cycle's issue decisions)
 *   8. units       the SM controllers' sm_end hooks (the BAWS warp priority
 *                  table registers this cycle's barrier events; its counts,
 *                  read at the start of issue, are the same for both
 *                  schedulers and fetch)
 * Misses leave for the interconnect at the end of the cycle. CTA launch is
 * decided by the GPU after all SMs ran their cycle.
 */
#ifndef SIMTREF_CORE_SM_H
#define SIMTREF_CORE_SM_H

#include <stdbool.h>
#include <stdint.h>

#include "common/error.h"
#include "core/decode.h"
#include "func/exec.h"
#include "mem/mem.h"
#include "simtref/config.h"

/* Per-warp stall causes (one per warp per cycle, first match wins;
 * spec/baws.md §7 A16 and spec/cawa-ctrlc-heteropdp.md §1.1). */
typedef enum st_stall {
  STALL_ISSUED = 0,   /* the warp issued an instruction */
  STALL_EXIT,         /* done, its CTA is not */
  STALL_BARRIER,      /* waiting at a barrier */
  STALL_CONTROL,      /* I-buffer flushed by a taken branch, refill pending */
  STALL_FETCH,        /* I-buffer empty: fetch not granted or I-cache miss */
  STALL_DATA_MEM,     /* scoreboard: waits for a load's result */
  STALL_DATA_ALU,     /* scoreboard: waits for an arithmetic result */
  STALL_STRUCTURAL,   /* pipeline, collector or LD/ST unit busy */
  STALL_NOT_SELECTED, /* ready but another warp was chosen */
  STALL_KINDS
} st_stall;

/* The stall-attribution probe's categories (spec/cawa-ctrlc-heteropdp.md
 * §1.1.1, §7 C-1..C-3; docs/latency-study.md): per warp, every cycle from
 * its launch to its CTA's retirement lands in exactly one. */
typedef enum st_probe {
  PROBE_SCHED = 0, /* ready, another warp was chosen */
  PROBE_SYNC,      /* at a barrier, or exited while its CTA is not done */
  PROBE_FETCH,     /* I-buffer empty (a taken branch's refill included, C-3) */
  PROBE_CTRL,      /* I-buffer holds instructions, branch unresolved (none here) */
  PROBE_DATA,      /* scoreboard: arithmetic producer, or a load's first cycle */
  PROBE_DATA_MISS, /* scoreboard: further cycles on the same pending load */
  PROBE_MSHR,      /* memory instruction held while the L1D refuses a reservation */
  PROBE_STRUCT,    /* other structural hazards (collector, pipeline, LD/ST busy) */
  PROBE_EXEC,      /* issued */
  PROBE_KINDS
} st_probe;

/* What an SM did in a cycle, for RACT and DYNCTA (spec/dyncta.md §8 A1). */
typedef enum st_core_state {
  CORE_ACTIVE = 0, /* some warp could issue (or issued) */
  CORE_MEM_WAIT,   /* every unfinished warp waits on memory or a barrier, one on memory */
  CORE_STALL,      /* the pipeline could not accept work: write-back stall */
  CORE_IDLE,       /* no CTA, all warps finished, at barriers, or short dependencies */
  CORE_STATES
} st_core_state;

typedef struct st_sm_stats {
  uint64_t cycles;
  uint64_t state[CORE_STATES];
  uint64_t warp_insts;
  uint64_t thread_insts;
  uint64_t stall[STALL_KINDS];      /* summed over warps and cycles */
  uint64_t wb_stall_cycles;         /* results waiting for a write-back port */
  uint64_t bank_conflict_cycles;    /* operand reads delayed by register-bank conflicts */
  uint64_t shared_bank_extra;       /* extra shared-memory passes from bank conflicts */
  uint64_t mem_insts, mem_lines;    /* global/local instructions and the lines they touched */
  uint64_t mem_latency_sum;         /* round trip of global/local loads, issue to data */
  uint64_t mem_latency_count;
  uint64_t ctas_launched, ctas_done;
  uint64_t fetches, icache_misses;
  /* Warp execution-time disparity of CTAs of two or more warps (CAWA's
   * measure): per CTA, (last warp exit - first warp exit) / (last warp exit
   * - launch), summed in parts per million, and the CTAs summed. */
  uint64_t disparity_ppm, disparity_ctas;
  /* The same CTAs: the mean warp execution time's complement share of the
   * slowest's (1 - mean / slowest: the time the others idle on average) and
   * the speedup if every warp took the mean (slowest / mean), in ppm. */
  uint64_t idle_share_ppm, equalize_ppm;
  /* Warps that exited: their execution times (launch to exit) summed. */
  uint64_t warp_time_sum, warps_exited;
  /* The probe: its categories summed over retired warps, the warps, and
   * their residency (launch to retirement) summed. */
  uint64_t probe[PROBE_KINDS];
  uint64_t probe_warps, probe_elapsed;
  /* The CAWS oracle (st_rkernel.oracle), over CTAs of two or more warps:
   * the CTAs, those whose slowest warp in this run (the last to exit) is
   * not the oracle's slowest (criticality inversion), and the execution
   * times of the oracle's slowest warps summed. */
  uint64_t oracle_ctas, oracle_inverted, oracle_crit_time;
  /* Activity for the power model (power/power.h): warp instructions and
   * active lanes by execution unit (st_unit_kind), register operands read
   * and written by warps, operand-collector allocations, shared-memory
   * passes. */
  uint64_t unit_insts[4], unit_lanes[4];
  uint64_t rf_reads, rf_writes, collector_allocs, shared_passes;
} st_sm_stats;

/* One warp of a launch, for the criticality profile (gpu/critprof.h),
 * recorded when its CTA retires. */
typedef struct st_critrec {
  uint32_t launch, warp, sm;
  uint64_t cta;                 /* linear CTA id (never the SM slot, spec §7 C-7) */
  uint64_t time;                /* CTA launch to the warp's exit, core cycles */
  uint64_t probe[PROBE_KINDS];  /* the probe's categories (sum: launch to CTA retirement) */
} st_critrec;
/* Takes a record; false when out of memory. */
typedef bool (*st_critrec_sink)(void *ctx, const st_critrec *r);

typedef struct st_sm st_sm;
struct st_unit;
struct st_uinst;

/* A kernel resident on the GPU, as its SMs see it. The GPU's launch queue
 * (gpu/launch.c) owns it; an SM may hold blocks of several at once. */
typedef struct st_rkernel {
  const st_kernel *k;
  const st_tinst *dec;        /* its module's timing decode, per instruction */
  st_exec_env env;            /* the functional environment of its warps */
  uint32_t ctas_per_sm;       /* blocks of it one SM may hold (occupancy, TB policy) */
  uint32_t regs_per_cta;      /* registers one block takes */
  uint32_t shared_per_cta;    /* shared memory one block takes (allocation granules) */
  uint16_t *resident;         /* per SM: its blocks there now */
  uint64_t ctas_retired;      /* its blocks that finished and left their SM */
  uint32_t launch;            /* its index among the run's launches (statistics kernel.N) */
  /* The CAWS oracle (sm.caws_profile): each warp's execution time in the
   * profiled run, [linear CTA id * warps_per_cta + warp in CTA]; NULL
   * without one. */
  const uint64_t *oracle;
  /* --profile-criticality: where retiring warps are recorded; NULL: not. */
  st_critrec_sink rec_sink;
  void *rec_ctx;
} st_rkernel;

/* Everything an SM reaches outside itself. */
typedef struct st_sm_env {
  const st_config *cfg;
  st_mreq_pool *pool;
  st_exec_env *exec;   /* functional environment of the running kernel */
} st_sm_env;

st_status st_sm_create(const st_config *cfg, uint32_t id, st_mreq_pool *pool, st_sm **out,
                       st_error *err);
void st_sm_destroy(st_sm *sm);

struct st_cosim_provider;
/* Creates the RTL twins of the SM's units that cfg->cosim.units names
 * (core/sm_units.c); prov may be NULL when none are named. */
st_status st_sm_attach_cosim(st_sm *sm, const struct st_cosim_provider *prov, st_error *err);
/* Attaches an RTL twin to each instance of list whose unit cosim.units
 * names (cosim.rtl_drives: its outputs drive), with the planted fault the
 * entry names; the GPU-level units' host uses it too. */
st_status st_units_attach_listed(struct st_uinst **list, uint32_t n,
                                 const struct st_cosim_provider *prov, const st_config *cfg,
                                 st_error *err);

/* Where the SM reports faults, deadlock details and allocation failures
 * (the error of the run in progress). */
void st_sm_set_error(st_sm *sm, st_error *err);

/* Parallel simulation (common/par.h): the SM's cycles run as item sm->id of
 * par's steps (NULL: serially). Its instructions that touch global memory or
 * the device runtime then wait for the SMs before it (st_par_turn_wait), and
 * its finished CTAs leave in st_sm_retire, called in SM order after the
 * step, instead of at the end of st_sm_cycle. */
struct st_par;
void st_sm_set_par(st_sm *sm, struct st_par *par);
/* The CTAs that finished in this cycle leave (with par set). */
void st_sm_retire(st_sm *sm);

/* A serial run's compact copy of an SM's sleep, kept by the timing loop in
 * one array for all SMs so that a cycle an SM sleeps through touches none of
 * the SM's own state: while until > now (the SM's clock) the cycle is not
 * run but counted for the SM. The SM sets until (and from, the first cycle
 * counted) when it sleeps with no controller attached, and zeroes it
 * wherever its sleep ends (a reply delivered, a request taken, a block
 * placed, a wake-up from a unit), setting its bit in *wake_word; the count
 * joins the sleep's own before anything is accounted or read (docs/timing.md,
 * "Dozing SMs"). The cycles counted are skipped (those the loop counted one
 * by one) and the cycles in [from, until) before *done (the loop's first
 * cycle not yet run: with one clock for all SMs it counts none one by one and
 * visits no dozing SM; otherwise *done stays 0). */
typedef struct st_sm_doze {
  uint64_t until;
  uint64_t skipped;
  uint64_t from;
  const uint64_t *done;
  uint64_t *wake_word;
  uint64_t wake_bit;
} st_sm_doze;
/* The cycles counted for d so far and not taken. */
static inline uint64_t st_sm_doze_count(const st_sm_doze *d) {
  uint64_t upto = *d->done < d->until ? *d->done : d->until;
  return d->skipped + (upto > d->from ? upto - d->from : 0);
}
/* Takes the cycles counted for d (the doze goes on). */
static inline uint64_t st_sm_doze_take(st_sm_doze *d) {
  uint64_t n = st_sm_doze_count(d);
  uint64_t upto = *d->done < d->until ? *d->done : d->until;
  d->skipped = 0;
  d->from = upto > d->from ? upto : d->from;
  return n;
}
/* The cycles before `cycle` were accounted otherwise (idle-cycle skipping
 * jumped the clocks to it): the doze counts from there. */
static inline void st_sm_doze_rebase(st_sm_doze *d, uint64_t cycle) {
  uint64_t c = cycle < d->until ? cycle : d->until;
  d->from = c > d->from ? c : d->from;
}
/* Gives sm its entry (NULL: none, as on threads). */
void st_sm_set_doze(st_sm *sm, st_sm_doze *d);
/* Gives sm the counter it increments whenever whether a block fits it may
 * have changed (a block placed or retired, the SM closed or opened to new
 * blocks): the thread-block scheduler's memo (tbsched.c) reads it. Several
 * SMs may share one counter. */
void st_sm_set_fit_epoch(st_sm *sm, uint64_t *epoch);
/* Whether sm's last st_sm_cycle found its sleep going on (the cycle a doze
 * stands for): sim.check_skips runs each dozed cycle and asks this. */
bool st_sm_slept_on(const st_sm *sm);

/* A kernel became resident on the GPU (gpu_idle: no other kernel is): the
 * SM's units hear of it (an idle GPU's issue schedulers start from reset;
 * the SM controllers take its occupancy limit). The caches keep their
 * contents across kernels. */
void st_sm_kernel_begin(st_sm *sm, const st_rkernel *rk, bool gpu_idle);

/* True if a block of rk fits now: its per-SM limit, a free TB slot, enough
 * free warp slots in a row, registers and shared memory, and no SM
 * controller holding new blocks back. */
bool st_sm_can_launch(const st_sm *sm, const st_rkernel *rk);

/* Places block `linear` of rk on the SM. */
st_status st_sm_launch_cta(st_sm *sm, st_rkernel *rk, uint64_t linear, uint64_t now,
                           st_error *err);

/* One core cycle. Returns ST_OK, or ST_ERR_FAULT with the report in the exec
 * environment's error. */
st_status st_sm_cycle(st_sm *sm, uint64_t now);

/* The interconnect delivers a reply addressed to this SM. */
void st_sm_deliver(st_sm *sm, st_mreq *r, uint64_t now);

/* The next request the SM wants to send to the interconnect (peek), and its
 * removal once the interconnect took it. */
st_mreq *st_sm_peek_outgoing(st_sm *sm);
void st_sm_pop_outgoing(st_sm *sm);

/* CTAs resident, and CTAs finished since the kernel began. */
uint32_t st_sm_resident_ctas(const st_sm *sm);
/* Warps on the SM that have not exited (the occupancy's numerator). */
uint32_t st_sm_active_warps(const st_sm *sm);
/* A GPU-level unit (the occupancy-bubble controller) closes the SM to new
 * blocks, or opens it again; st_sm_can_launch honours it. */
void st_sm_set_closed(st_sm *sm, bool closed);
/* Whether a block of rk fits on the SM by its resources and rk's limit
 * alone (st_sm_can_launch without the controllers' closing). */
bool st_sm_fits(const st_sm *sm, const st_rkernel *rk);

/* True when the SM has no CTA and nothing in flight. */
bool st_sm_drained(const st_sm *sm);

/* The earliest core cycle at which something inside the SM can change
 * without any reply arriving: now + 1 when it can act in the next cycle,
 * UINT64_MAX when only a reply (or nothing) can wake it. */
uint64_t st_sm_next_event(const st_sm *sm, uint64_t now);

/* Accounts n cycles in which nothing changes (idle-cycle skipping), exactly
 * as n calls of st_sm_cycle would have. When st_sm_units_step_idle, the
 * caller also steps the controllers once per skipped cycle
 * (st_sm_units_end_cycle). */
void st_sm_account_idle(st_sm *sm, uint64_t n);

/* The SM controllers' GPU-loop hooks (core/sm_units.c; units/roles.h). */
/* The start of core cycle `now`, before replies, the SM's stages and the
 * thread-block scheduler (with an RTL twin, a controller's registered
 * outputs are compared here). */
st_status st_sm_units_begin_cycle(st_sm *sm, uint64_t now, st_error *err);
/* The end of core cycle `now`, after the thread-block scheduler placed this
 * cycle's blocks (drained: no block of any resident kernel is left). */
st_status st_sm_units_end_cycle(st_sm *sm, uint64_t now, bool drained, st_error *err);
/* Cycles from the next one on that may be skipped before one that must run
 * in full (UINT64_MAX: any), and whether skipped cycles must be stepped
 * through st_sm_units_end_cycle (a controller counts them). */
uint64_t st_sm_units_skippable(const st_sm *sm);
bool st_sm_units_step_idle(const st_sm *sm);
/* Whether the SM has controllers with begin_cycle or end_cycle hooks (the
 * loop calls st_sm_units_begin_cycle / end_cycle only then). */
bool st_sm_units_has_begin(const st_sm *sm);
bool st_sm_units_has_end(const st_sm *sm);
/* Whether the SM has SM controllers at all. */
bool st_sm_units_has_ctl(const st_sm *sm);
/* The SM's instance of unit u (the first, for per-scheduler units), or NULL. */
struct st_uinst *st_sm_unit_instance(const st_sm *sm, const struct st_unit *u);
/* Every unit instance of the SM, for statistics and traces. */
struct st_uinst *const *st_sm_units(const st_sm *sm, uint32_t *n);

/* sim.check_skips: what changes when an SM acts (a cycle predicted idle must
 * change none of it). */
typedef struct st_sm_activity {
  uint64_t occ, decoding, done_ctas;
  uint64_t wb, coll_busy, ldst_queued, ldst_busy, out_empty, resident;
  uint64_t ibuf, decode_n, fetch_wait, inflight, finished, at_bar;
  uint64_t units; /* a hash of every unit instance's registers */
} st_sm_activity;
void st_sm_activity_of(const st_sm *sm, st_sm_activity *a);
/* The first field that differs, in why; false if none. */
bool st_sm_activity_differ(const st_sm_activity *a, const st_sm_activity *b, char *why,
                           size_t size);

/* sim.check_skips: the SM's statistics after one more cycle accounted as
 * idle-cycle skipping would (st_sm_account_idle), and whether two
 * statistics differ (the first field that does, in why). */
void st_sm_idle_stats(const st_sm *sm, st_sm_stats *out);
bool st_sm_stats_differ(const st_sm_stats *a, const st_sm_stats *b, char *why, size_t size);

/* The instructions the SM issued so far (warp and thread instructions). */
void st_sm_inst_counts(const st_sm *sm, uint64_t *warp_insts, uint64_t *thread_insts);
/* (Not const: the cycles an SM slept through are accounted first.) */
const st_sm_stats *st_sm_get_stats(st_sm *sm);
const st_cache_stats *st_sm_l1d_stats(st_sm *sm);
const st_cache_stats *st_sm_l1i_stats(st_sm *sm);
const st_cache_stats *st_sm_l1c_stats(st_sm *sm);

/* Describes each resident warp (PC, state, pending registers) for deadlock
 * reports. */
void st_sm_describe(const st_sm *sm, char *buf, size_t size);

#endif
