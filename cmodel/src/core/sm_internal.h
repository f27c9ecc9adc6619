/* Inside the SM timing model (the files of core/). Not a public interface. */
#ifndef SIMTREF_CORE_SM_INTERNAL_H
#define SIMTREF_CORE_SM_INTERNAL_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "common/bits.h"
#include "core/sm.h"
#include "func/warp.h"
#include "units/roles.h"
#include "units/uinst.h"

#define ST_MAX_IBUF 16
#define ST_MAX_SCHED 16
_Static_assert(ST_MAX_SCHED == ST_U_MAX_SCHED, "the SM and the units agree on the schedulers");

/* An instruction between issue and write-back. */
typedef struct st_flight {
  /* The first host cache line: what every instruction's record uses (with
   * the next line's t_issue, counts and access space). */
  uint32_t warp;        /* warp slot */
  uint32_t pc;
  uint8_t unit;         /* st_unit_kind */
  uint8_t n_dst;
  uint8_t is_load;      /* its results come from memory */
  uint8_t counted;      /* its writeback was charged to a write-back port */
  uint8_t bypass_l1;    /* volatile or gpu-scope access: served by the L2, never the L1 */
  uint8_t devrt;        /* a device-runtime call: its warp waits for it (twarp.devrt_wait) */
  uint32_t extra;       /* cycles beyond the unit's latency (a device-runtime call's) */
  uint32_t dst[ST_MAX_DST_REGS]; /* absolute register rows */
  uint64_t ready;       /* cycle its result may be written back */
  uint64_t seq;         /* issue order, for deterministic ordering */
  struct st_flight *next; /* in the free list or the LD/ST unit's queue */
  uint64_t t_issue;
  /* memory instructions */
  uint32_t n_lines, next_line, lines_waiting;
  uint32_t passes_left; /* shared memory: bank-conflict passes still to do */
  st_mem_access acc;    /* its access record (the executor writes it here: st_exec_env.access) */
  uint64_t lines[ST_WARP_SIZE]; /* distinct line addresses (global/local/const) */
  struct st_flight *all_next; /* every record this SM allocated, for teardown */
} st_flight;
_Static_assert(offsetof(st_flight, t_issue) == 64 && offsetof(st_flight, acc) < 128,
               "an instruction's flight record takes two host cache lines when it makes no access");

/* A warp slot's timing state. The fields every look at a warp reads (its
 * readiness, the wake-up rule, the issue's PC and block) come first, in the
 * record's first host cache line, and the record is aligned to one: a look
 * costs one line, two with the I-buffer. */
typedef struct st_twarp {
  _Alignas(64) st_warp *fw; /* functional warp; NULL when the slot is free */
  const st_tinst *dec;  /* its kernel's timing decode (rk->dec) */
  uint8_t *pending;     /* per register row: writes in flight */
  uint8_t *pending_mem; /* per register row: writes in flight that are loads */
  uint32_t sb_rows;
  uint32_t inflight;    /* instructions issued, not yet written back */
  uint32_t ib_head, ib_count;
  uint8_t head_state;   /* what is known of the I-buffer head: HEAD_UNKNOWN, HEAD_READY
                           (right path, scoreboard clear: only a new head changes that) or
                           HEAD_BLOCKED (scoreboard: until a result of the warp is written) */
  uint8_t finished;     /* the functional warp is done */
  uint8_t at_bar;       /* fw->state == ST_WARP_BARRIER (kept in step by issue.c) */
  uint8_t devrt_wait;   /* in a device-runtime call until its flight completes */
  uint8_t stall;        /* st_stall of this cycle (change it with st_sm_set_stall) */
  uint8_t flushed;      /* the I-buffer was last emptied by a taken branch */
  uint8_t fetch_wait;   /* an I-cache miss is outstanding */
  uint8_t decode_n;     /* fetched instructions on their way to the I-buffer */
  /* st_warp_pc(fw), kept in step by issue.c (only the warp's own
   * instructions move it): the scheduling stages read it here, in the
   * record's first line, rather than through the functional warp. */
  uint32_t pc;
  uint32_t cta_slot;
  /* the first line ends here: what classifying and issuing a warp reads */
  uint32_t ibuf_pc[ST_MAX_IBUF];
  uint32_t fetch_pc;    /* next instruction to fetch */
  uint32_t decode_pc;
  uint64_t decode_at;   /* cycle they arrive */
  st_rkernel *rk;       /* its kernel (while the slot is occupied) */
  uint64_t code_base;   /* the address of its kernel's instruction 0 */
  uint8_t age_rank;     /* rank of age among the SM's resident warps (0: oldest) */
  uint64_t age;         /* launch order: smaller is older */
  /* The probe (docs/latency-study.md): categories so far, the SM's
   * accounted cycle count when the current cause began, and the cycles of
   * launch and exit (stats.cycles clock). */
  uint64_t probe[PROBE_KINDS];
  uint64_t probe_since, t_launch, t_exit;
  uint64_t oracle_t;    /* the CAWS oracle's execution time of this warp (0: no oracle) */
} st_twarp;
_Static_assert(offsetof(st_twarp, ibuf_pc) == 64, "st_twarp's first line holds what issue reads");

typedef struct st_tcta {
  st_cta *cta;          /* functional CTA; NULL when the slot is free */
  st_rkernel *rk;       /* its kernel */
  uint32_t first_warp;  /* its warps occupy slots first_warp .. + nwarps - 1 */
  uint32_t warps_live;
  uint64_t t_launch;     /* the cycle it was launched */
  uint64_t t_first_exit; /* the cycle its first warp exited (0: none yet) */
  uint64_t exit_sum;     /* its warps' execution times (launch to exit) summed */
  /* The CAWS oracle: its warps' times in the profile summed, and the warp
   * (index in the CTA) the profile has slowest (the lowest index of ties). */
  uint64_t oracle_sum;
  uint32_t oracle_crit;
} st_tcta;

typedef struct st_collector {
  _Alignas(64) st_flight *f; /* NULL when free (a collector is one host cache line) */
  uint16_t banks[ST_MAX_SRC_REGS];
  uint8_t n_reads;      /* bank reads still to do */
  uint64_t seq;
  /* What dispatch needs of the instruction, kept here so that dispatching
   * reads no flight or decode record: cycles from dispatch to the result
   * (the unit's latency and the flight's extra) and the unit's interval. */
  uint64_t latency;
  uint32_t interval;
} st_collector;
_Static_assert(sizeof(st_collector) == 64, "an operand collector is one host cache line");

/* Results ordered by (ready, seq): a binary heap whose entries carry their
 * keys, so that ordering them reads no flight record. */
typedef struct st_wb_entry {
  uint64_t ready, seq;
  st_flight *f;
} st_wb_entry;

typedef struct st_wb_heap {
  st_wb_entry *a;
  uint32_t n, cap;
} st_wb_heap;

/* The SM's cycle classification (spec/dyncta.md §8 A1; docs/timing.md), for
 * RACT and the SM controllers: first matching rule. */
typedef struct st_cycle_flags {
  uint8_t stall;      /* the pipeline could not accept work (write-back stall) */
  uint8_t ready;      /* some warp could issue, issued, or waits for a fetch */
  uint8_t mem_any;    /* some unfinished warp waits on memory */
  uint8_t mem_all;    /* every unfinished warp waits on memory */
  uint8_t membar_all; /* every unfinished warp waits on memory or a barrier */
} st_cycle_flags;

/* What happened in the SM this cycle, for the SM controllers (unit_host.h).
 * The issue-stage events are cleared at the end of the SM's stages (after
 * the sm_end hooks), the others at the end of the core cycle (after the
 * end_cycle hooks). */
typedef struct st_sm_events {
  /* issue stage, per warp scheduler: a barrier arrival that waits (or
   * released the barrier: arr_rel), and a warp's exit (exit_rel: it released
   * a barrier the others wait at, or ended its TB) */
  uint8_t arr_valid[ST_MAX_SCHED], arr_tb[ST_MAX_SCHED], arr_rel[ST_MAX_SCHED];
  uint8_t exit_valid[ST_MAX_SCHED], exit_tb[ST_MAX_SCHED], exit_rel[ST_MAX_SCHED];
  /* per warp scheduler that issued (issued_valid): the index of the
   * instruction it issued (the last, with several) and the warp's next one
   * (the issued one + 1 after an exit) */
  uint32_t iss_pc[ST_MAX_SCHED], iss_next[ST_MAX_SCHED];
  /* per warp slot: instructions written back (completed) since the last
   * sm_end hooks, saturating at 255; commit_mask: the slots with any */
  uint8_t commit[64];
  uint64_t commit_mask;
  /* the rest of the cycle */
  uint64_t cta_exit;      /* TB slots whose block retired this cycle */
  uint32_t paused_issues; /* instructions issued by warps of paused TBs */
  uint8_t paused_ready;   /* a warp of a paused TB was ready */
} st_sm_events;

/* What the SM controllers publish for the SM, its units and the thread-block
 * scheduler (zero without a controller that publishes it). */
typedef struct st_sm_signals {
  uint8_t tb_count[ST_U_MAX_TBS]; /* per TB slot: warps counted as waiting at a barrier (the
                                     registered counts of the start of the cycle) */
  uint64_t tb_paused;             /* TB slots whose warps form the second issue class */
  uint8_t tb_rank[ST_U_MAX_TBS];  /* age rank of each TB slot (0: oldest), for the boost */
  uint8_t boost;                  /* this cycle the oldest paused TB's ready warps go first */
  uint8_t admit_closed;           /* the SM takes no new block now */
  /* CPL (criticality prediction): each warp slot's criticality (larger is
   * more critical) and the slots it judges critical (is_critical: the most
   * critical live warp of its TB). Zero without CPL. The issue units read
   * crit; the LD/ST unit tags each memory request with its warp's bit of
   * critical (st_mreq.crit) for the L1D policy and the statistics. */
  uint32_t crit[ST_U_MAX_WARPS];
  uint64_t critical;
} st_sm_signals;

#define ST_SM_MAX_CTL 8

typedef struct st_sched {
  st_uinst *u;            /* the issue scheduler unit (sm.warp_scheduler) */
  uint32_t n_warps;       /* warps of this scheduler (local index j is slot j * n_sched + s) */
  uint64_t ready_mask;    /* local warps found ready this cycle, before any issue */
  bool quiet;             /* its last evaluation granted nothing, changed no stall cause and
                             left the unit's state as it was: until one of its warps is woken
                             (st_sm.wake), evaluating it again would give the same */
} st_sched;

struct st_sm {
  /* The order of the fields is the host's: what an SM's cycle reads and
   * writes comes first, packed into as few host cache lines as it fits in
   * (an SM's cycle visits all of them, and 15 to 30 SMs' do not stay in a
   * first-level cache); what a launch, a retirement, the controllers or the
   * sleeps use follows. */
  _Alignas(64) uint32_t id;
  const st_config *cfg;
  st_error *err;        /* the error of the run in progress */
  uint32_t max_warps;

  st_twarp *warps;
  uint64_t occ;         /* warp slots holding a warp (bit i: slot i) */
  uint32_t n_occ;       /* how many (the bits of occ, counted as they change) */
  uint64_t decoding;    /* warp slots with fetched instructions on their way */
  uint32_t coll_busy;   /* operand collectors in use */
  uint32_t coll_used[UNIT_KINDS]; /* in use, per kind */
  uint64_t coll_mask[UNIT_KINDS]; /* which collectors of each kind are in use */
  uint32_t stall_count[STALL_KINDS]; /* occupied warp slots per current stall cause */
  uint64_t stall_changes; /* st_sm_set_stall calls that changed a cause */
  uint64_t cause_mask[STALL_KINDS]; /* occupied warp slots per current stall cause */
  uint64_t head_ready[UNIT_KINDS]; /* warp slots whose I-buffer head is known ready
                           (head_state HEAD_READY), by the unit kind of that instruction: their
                           classification is their kind's collector, free or busy */
  uint64_t head_known;  /* all of them (the union of head_ready) */
  uint64_t lazy_ready;  /* during one scheduler's issue: warps found ready that keep their
                           cause (STALL_NOT_SELECTED or STALL_STRUCTURAL) until the look again
                           after the issue (issue.c) */
  uint64_t struct_mem;  /* of the STALL_STRUCTURAL ones, those whose held instruction goes to
                           the LD/ST unit (set when readiness finds the collector busy) */
  uint64_t wake;        /* warp slots whose readiness may have changed since their scheduler's
                           last evaluation (write-back, decode, a freed collector, residency,
                           a released barrier): a quiet scheduler with none is not evaluated */
  bool skip_quiet;      /* sim.skip_idle: quiet schedulers are not evaluated */
  bool fault_lost_wake; /* planted fault for the tests (SIMTREF_FAULT=lost-wake): a freed
                           operand collector wakes no warp */
  bool fault_late_result; /* planted fault (SIMTREF_FAULT=late-result): idle-cycle skipping
                           is told results are ready one cycle late */
  bool fault_sleep_deaf; /* planted fault (SIMTREF_FAULT=sleep-deaf): a reply delivered to a
                           sleeping SM does not end its sleep */
  bool fault_blind_recheck; /* planted fault (SIMTREF_FAULT=blind-recheck): a warp looked at
                           again after another's issue is taken as ready whatever collector
                           that issue took */
  bool fault_stale_head; /* planted fault (SIMTREF_FAULT=stale-head): an issue leaves its
                           warp in the known-ready heads (head_ready) */
  bool fault_stale_pc;   /* planted fault (SIMTREF_FAULT=stale-pc): a jump leaves the warp's
                           PC mirror (st_twarp.pc) where it was */
  bool fault_lazy_unchecked; /* planted fault (SIMTREF_FAULT=lazy-unchecked): a warp found
                           ready that kept its cause is not looked at again after another's
                           issue */
  bool fault_ready_blind; /* planted fault (SIMTREF_FAULT=ready-blind-quiet): a quiet unit that
                           reads only the ready vector is not evaluated though a warp is ready */
  bool check_skips;     /* sim.check_skips: every shortcut is checked (core/check.c) */
  bool fault_doze_deaf; /* planted fault (SIMTREF_FAULT=doze-deaf): a reply delivered to a
                           dozing SM leaves its doze on */
  bool fault_ctl_still; /* planted fault (SIMTREF_FAULT=ctl-still): every controller counts
                           as still, those that change signals between full cycles too */
  bool fault_idle_deaf; /* planted fault (SIMTREF_FAULT=idle-deaf): a sleep begun with the
                           SM empty goes on through a block placed on it */
  bool fault_deaf_drain; /* planted fault (SIMTREF_FAULT=deaf-drain): an instruction fetch
                            leaves misses_queued as it was */
  /* A miss may wait in an L1's miss queue: set by every access the SM makes
   * to its L1s (only an access queues a miss), recomputed by
   * st_sm_drain_misses, which does nothing while it is clear and the L1D's
   * miss pipe is empty. */
  bool misses_queued;
  bool gpu_closed;      /* a GPU-level unit closed the SM to new blocks (st_sm_set_closed) */
  uint64_t *fit_epoch;  /* counts changes of whether a block fits (sm.h, st_sm_set_fit_epoch) */
  uint64_t fit_epoch_own; /* (where it points without a shared counter) */
  st_cycle_flags flags; /* the classification of the last classified cycle */

  st_collector *coll[UNIT_KINDS];
  uint32_t n_coll[UNIT_KINDS];
  uint64_t *unit_free[UNIT_KINDS]; /* per pipeline: first cycle it accepts work */
  uint32_t n_units[UNIT_KINDS];
  st_flight *ldst;      /* the memory instruction in the LD/ST unit */
  st_flight *ldst_queue_head, *ldst_queue_tail; /* dispatched, waiting for the unit */
  uint32_t ldst_queued;
  uint8_t ldst_resfail; /* the LD/ST unit's last L1 access failed to reserve (MSHR full, merge
                           limit or miss queue full): the probe's MSHR category */

  st_wb_heap wb;        /* results waiting for their latency or a port */
  st_flight *free_flights;
  st_flight *all_flights; /* free or in flight: freed together by st_sm_destroy */
  uint64_t seq;
  uint8_t wb_stalled;   /* this cycle a ready result found no port */
  uint8_t issued_any;
  uint8_t issue_released; /* this cycle's issue released a barrier or ended a warp */
  uint8_t any_ready;

  st_uinst *fetch;      /* the fetch arbiter unit (sm.fetch_arbiter) */
  bool fetch_quiet;     /* the fetch arbiter's last evaluation granted nothing, no warp issued
                           in that cycle and its state stayed: until a fetch_wake it would
                           repeat */
  uint64_t fetch_wake;  /* warp slots whose fetch eligibility may have changed (decode, flush,
                           issue, I-cache fill, a fetch); all of them when residency or the
                           WPT counts change */
  uint64_t fetch_elig;  /* warp slots that may fetch, as of the fetch arbiter's last inputs */

  bool ctl_issue_begin, ctl_sm_end, ctl_end_cycle; /* some controller has that hook */
  bool ctl_still;       /* every controller's hooks run only inside the SM's full cycles (none
                           has begin_cycle, end_cycle or skippable; true with no controller):
                           while the SM sleeps nothing changes its signals, so a sleep need
                           not compare them and may doze */
  bool ev_issue_any;    /* an issue-stage event was recorded this cycle */
  st_cache *l1i, *l1d, *l1c;
  st_uinst *l1d_pol;    /* the L1D policy unit (l1d.policy), or NULL: the cache's own order */
  st_mqueue out;        /* requests for the interconnect */
  st_mqueue l1_pipe;    /* L1D requests waiting l1d.miss_latency before `out` */

  st_sm_doze *doze;     /* the timing loop's copy of the sleep (serial runs; sm.h) */
  st_tcta *ctas;
  uint32_t n_cta_slots;
  uint64_t done_ctas;   /* CTA slots whose warps all finished, not retired yet */
  uint32_t resident;
  uint64_t next_age;
  uint32_t regs_used;   /* registers the resident blocks take */
  uint32_t free_run;    /* the longest run of free warp slots (sm.c measure_free_run) */
  uint32_t shared_used; /* shared memory the resident blocks take */

  uint32_t n_sched;
  uint8_t issued_valid[ST_MAX_SCHED]; /* this cycle: scheduler s issued (for CFF) */
  uint8_t issued_slot[ST_MAX_SCHED];  /* the warp slot it issued */
  _Alignas(64) st_sched sched[ST_MAX_SCHED];

  uint64_t sched_mask[ST_MAX_SCHED]; /* warp slots of each scheduler */
  struct {
    bool on;            /* sleeping (sm.c): nothing changes until an event ends it */
    bool held;          /* the last st_sm_cycle found the sleep going on */
    bool idle;          /* it began with the SM empty (sm.c) */
    uint64_t until;     /* the first cycle that time alone ends it */
    uint64_t pending;   /* cycles slept, not accounted yet (sm.c settle) */
    uint64_t *refusal[2]; /* the L1 counters a refused LD/ST line adds to (or NULL) */
    st_sm_signals sig;  /* the controllers' signals when it began */
  } sleep;
  st_uinst *ctl[ST_SM_MAX_CTL]; /* the SM controllers (registry order) */
  uint32_t n_ctl;
  st_uinst **uinst;     /* every unit instance of the SM: schedulers, fetch, controllers */
  uint32_t n_uinst;
  st_mreq_pool *pool;
  struct st_par *par;   /* parallel simulation: the pool stepping the SMs (NULL: serial); an
                           instruction that touches state shared between SMs waits for its
                           turn (st_tinst.ordered), and CTAs retire in st_sm_retire */
  st_sm_events ev;      /* this cycle's events for the controllers */
  st_sm_signals sig;    /* what the controllers publish */
  st_sm_stats stats;
};

/* The bits of a mask of warp slots that belong to issue scheduler s of ns
 * (slots s, s + ns, s + 2 ns, ...: sm.c deals them round robin), packed so
 * that bit j is the scheduler's warp j (slot j ns + s). Without a division
 * per bit: two schedulers (every configuration shipped) take the odd or
 * even bits in five steps of masks and shifts. */
static inline uint64_t st_sched_bits(uint64_t m, uint32_t s, uint32_t ns) {
  if (ns == 1) {
    return m;
  }
  m >>= s;
  if (ns == 2) {
    m &= UINT64_C(0x5555555555555555);
    m = (m | m >> 1) & UINT64_C(0x3333333333333333);
    m = (m | m >> 2) & UINT64_C(0x0f0f0f0f0f0f0f0f);
    m = (m | m >> 4) & UINT64_C(0x00ff00ff00ff00ff);
    m = (m | m >> 8) & UINT64_C(0x0000ffff0000ffff);
    return (m | m >> 16) & UINT64_C(0x00000000ffffffff);
  }
  uint64_t r = 0;
  for (uint32_t j = 0; j * ns + s < 64; j++) {
    r |= (m >> (j * ns) & 1) << j;
  }
  return r;
}

/* The inverse of st_sched_bits: scheduler s's warps j (bit j of m) as a
 * mask of their slots (bit j ns + s). */
static inline uint64_t st_sched_slots(uint64_t m, uint32_t s, uint32_t ns) {
  if (ns == 1) {
    return m;
  }
  if (ns == 2) {
    m &= UINT64_C(0x00000000ffffffff);
    m = (m | m << 16) & UINT64_C(0x0000ffff0000ffff);
    m = (m | m << 8) & UINT64_C(0x00ff00ff00ff00ff);
    m = (m | m << 4) & UINT64_C(0x0f0f0f0f0f0f0f0f);
    m = (m | m << 2) & UINT64_C(0x3333333333333333);
    return ((m | m << 1) & UINT64_C(0x5555555555555555)) << s;
  }
  uint64_t r = 0;
  for (uint32_t j = 0; j * ns + s < 64; j++) {
    r |= (m >> j & 1) << (j * ns + s);
  }
  return r;
}

/* Writes bit i of m as byte i of out (0 or 1) for the set bits' bytes, a
 * word of eight at a time (bit i of a byte to bit 0 of byte i in three
 * steps of shifts and masks); out is a unit's 64-byte per-warp input,
 * zeroed before, and the host is little-endian (as st_u_mask_of takes it). */
static inline void st_bits_to_bytes(uint64_t m, uint8_t *out) {
  for (uint32_t k = 0; m != 0; k += 8, m >>= 8) {
    uint64_t x = m & 0xffu;
    if (x != 0) {
      x = (x | x << 28) & UINT64_C(0x0000000f0000000f);
      x = (x | x << 14) & UINT64_C(0x0003000300030003);
      x = (x | x << 7) & UINT64_C(0x0101010101010101);
      memcpy(out + k, &x, sizeof x);
    }
  }
}

/* Iterates i over the set bits of a 64-bit mask, lowest first. */
#define ST_BITS(i, mask)                                                            \
  for (uint64_t _b_##i = (mask), i = 0;                                             \
       _b_##i != 0 && ((i = (uint64_t)__builtin_ctzll(_b_##i)), 1); _b_##i &= _b_##i - 1)

/* core/flight.c */
st_flight *st_flight_alloc(st_sm *sm);
void st_flight_free(st_sm *sm, st_flight *f);
/* Queues f's result for write-back at its ready time, in sequence order
 * among results ready together; ready and seq are f's (given so that the
 * caller's copies are used, not f's lines). False: out of host memory. */
bool st_wb_push_keyed(st_wb_heap *h, st_flight *f, uint64_t ready, uint64_t seq);
st_flight *st_wb_peek(const st_wb_heap *h);
/* The earliest result's ready time; UINT64_MAX when the heap is empty. */
static inline uint64_t st_wb_next_ready(const st_wb_heap *h) {
  return h->n ? h->a[0].ready : UINT64_MAX;
}
st_flight *st_wb_pop(st_wb_heap *h);

/* core/pipe.c: write-back, operand collectors, execution units */
void st_sm_writeback(st_sm *sm, uint64_t now);
void st_sm_operands(st_sm *sm, uint64_t now);
/* True if an operand collector for the unit kind is free. */
static inline bool st_sm_collector_free(const st_sm *sm, uint8_t unit) {
  return sm->coll_used[unit] < sm->n_coll[unit];
}
void st_sm_collect(st_sm *sm, st_flight *f);
/* The timing decode of the instruction at pc of the warp's kernel. */
static inline const st_tinst *st_sm_tinst(const st_twarp *tw, uint32_t pc) {
  return &tw->dec[pc];
}
/* Register row of a register of the warp's running function. */
static inline uint32_t st_sm_reg_row(const st_twarp *tw, uint32_t reg) { return tw->fw->reg_base + reg; }

/* core/ldst.c */
void st_sm_ldst(st_sm *sm, uint64_t now);
void st_sm_mem_reply(st_sm *sm, st_mreq *r, uint64_t now);
void st_sm_drain_misses(st_sm *sm, uint64_t now);
/* For an SM's sleeping cycles (sm.c): whether the LD/ST unit would do
 * nothing in the next cycle (idle with nothing queued, or its next line
 * refused again as in the last cycle); that refusal counted in the cache's
 * statistics (or into copies of the L1D's and L1C's, where not NULL), or
 * the two counters it adds one to (NULL without a refusal); the first cycle
 * at which the miss drain would move a request (0: now; UINT64_MAX: not
 * before something else changes). */
bool st_sm_ldst_waits(const st_sm *sm);
void st_sm_ldst_count_refusal(st_sm *sm, st_cache_stats *l1d, st_cache_stats *l1c);
void st_sm_ldst_refusal_counters(st_sm *sm, uint64_t *ctr[2]);
uint64_t st_sm_drain_due(const st_sm *sm);
/* Whether the operand collectors would do nothing in the next cycle: each
 * busy one holds a memory instruction with its operands read, which the
 * LD/ST unit's full queue does not take. */
bool st_sm_collectors_wait(const st_sm *sm);
void st_sm_ldst_count_refusal(st_sm *sm, st_cache_stats *l1d, st_cache_stats *l1c);
bool st_sm_drain_waits(const st_sm *sm, uint64_t now);

/* core/issue.c */
void st_sm_issue(st_sm *sm, uint64_t now);

/* core/sm_units.c: the SM's unit instances (issue schedulers, fetch
 * arbiter, SM controllers), created from the unit registry. */
st_status st_sm_units_init(st_sm *sm, st_error *err);
void st_sm_units_destroy(st_sm *sm);
/* A kernel begins: the controllers are told its occupancy limit; on an
 * idle GPU the issue schedulers start from reset. */
void st_sm_units_kernel_begin(st_sm *sm, unsigned ctas_per_sm, bool gpu_idle);
/* Creates the RTL twins cosim.units asks for; fails with the reason. */
st_status st_sm_units_attach(st_sm *sm, const st_cosim_provider *prov, st_error *err);
/* The controllers' issue_begin and sm_end hooks (core/sm.c calls them;
 * without such a controller they cost a test). */
st_status st_sm_units_issue_begin_hooks(st_sm *sm, uint64_t now, st_error *err);
st_status st_sm_units_sm_end_hooks(st_sm *sm, uint64_t now, st_error *err);
static inline st_status st_sm_units_issue_begin(st_sm *sm, uint64_t now, st_error *err) {
  return sm->ctl_issue_begin ? st_sm_units_issue_begin_hooks(sm, now, err) : ST_OK;
}
static inline st_status st_sm_units_sm_end(st_sm *sm, uint64_t now, st_error *err) {
  return sm->ctl_sm_end || sm->ev_issue_any ? st_sm_units_sm_end_hooks(sm, now, err) : ST_OK;
}
/* A TB was placed in TB slot b: every unit instance of the SM sees it at its
 * next clock edge (st_uinst.tb_launch). */
void st_sm_units_tb_launch(st_sm *sm, uint32_t b);

/* core/check.c: sim.check_skips. Each returns ST_ERR_INTERNAL with a report
 * in sm->err where a shortcut would have given another result. */
/* Every occupied warp of scheduler s: its kept cause against a full look. */
st_status st_sm_check_classes(st_sm *sm, uint32_t s, uint64_t now);
/* A warp's cause found again after another warp's issue (issue.c), against
 * a full look. */
st_status st_sm_check_recheck(st_sm *sm, const st_twarp *tw, st_stall kept, uint64_t now);
/* After scheduler s's issue: every warp of s left STALL_NOT_SELECTED is
 * ready from a full look (issue.c's lazy_ready resolved). */
st_status st_sm_check_not_selected(st_sm *sm, uint32_t s, uint64_t now);
/* The per-cause masks and counts, the busy-collector masks. */
st_status st_sm_check_masks(st_sm *sm, uint64_t now);
/* A unit skipped as quiet, evaluated on its current inputs (u->in): it must
 * grant nothing and keep its registers. */
st_status st_sm_check_quiet_unit(st_sm *sm, st_uinst *u, uint64_t now);
/* The fetch eligibility kept for each warp against a full look. */
st_status st_sm_check_fetch_elig(st_sm *sm, uint64_t now);
/* The SM's caches' refusal-memo checks. */
st_status st_sm_check_caches(st_sm *sm, uint64_t now);

/* core/fetch.c */
void st_sm_decode(st_sm *sm, uint64_t now);
void st_sm_fetch(st_sm *sm, uint64_t now);
/* The address of instruction pc of the warp's kernel (its module's code). */
static inline uint64_t st_sm_inst_addr(const st_twarp *tw, uint32_t pc) {
  return tw->code_base + (uint64_t)pc * 8;
}
/* The address of instruction 0 of kernel k's module: each module's code has
 * its own window, so kernels of different modules never share I-cache or
 * L2 lines. */
uint64_t st_sm_code_base(const st_kernel *k);
void st_sm_ifill(st_sm *sm, uint64_t line, uint64_t now);
void st_ibuf_flush(st_sm *sm, st_twarp *tw, uint32_t pc, bool control);

enum { HEAD_UNKNOWN = 0, HEAD_READY, HEAD_BLOCKED };

/* The sleep's copy in the timing loop ends (the SM runs its next cycle). */
static inline void st_sm_doze_stop(st_sm *sm) {
  st_sm_doze *d = sm->doze;
  if (d != NULL && d->until != 0) {
    d->skipped = st_sm_doze_count(d);
    d->until = 0;
    *d->wake_word |= d->wake_bit;
  }
}

/* Whether a block fits the SM may have changed (its room, its admission):
 * the thread-block scheduler's memo is void. (Atomic: on threads, SMs may
 * share the counter; only its changes are read, between cycles.) */
static inline void st_sm_fit_changed(st_sm *sm) {
  __atomic_fetch_add(sm->fit_epoch, 1, __ATOMIC_RELAXED);
}

/* Every warp's readiness and fetch eligibility may have changed (residency,
 * a new kernel, the WPT counts): each is looked at again. */
static inline void st_sm_wake_all(st_sm *sm) {
  sm->wake = ~UINT64_C(0);
  sm->fetch_wake = ~UINT64_C(0);
  st_sm_doze_stop(sm);
}

/* The probe: charges the cycles tw held its current cause to its category
 * (the cause counts for every cycle accounted since it began; a cause that
 * is replaced within the cycle it was set counts for none). */
static inline void st_sm_probe_close(st_sm *sm, st_twarp *tw) {
  static const uint8_t cat[STALL_KINDS] = {
      [STALL_ISSUED] = PROBE_EXEC,         [STALL_EXIT] = PROBE_SYNC,
      [STALL_BARRIER] = PROBE_SYNC,        [STALL_CONTROL] = PROBE_FETCH,
      [STALL_FETCH] = PROBE_FETCH,         [STALL_DATA_MEM] = PROBE_DATA_MISS,
      [STALL_DATA_ALU] = PROBE_DATA,       [STALL_STRUCTURAL] = PROBE_STRUCT,
      [STALL_NOT_SELECTED] = PROBE_SCHED};
  uint64_t d = sm->stats.cycles - tw->probe_since;
  tw->probe_since = sm->stats.cycles;
  if (d == 0) {
    return;
  }
  if (tw->stall == STALL_DATA_MEM) {
    /* The first cycle on a pending load is a data hazard, the rest Data$. */
    tw->probe[PROBE_DATA]++;
    d--;
  }
  tw->probe[cat[tw->stall]] += d;
}

/* The warp's I-buffer head is no longer known ready (head_state set to
 * anything but HEAD_READY, or the slot released). */
static inline void st_sm_head_forget(st_sm *sm, const st_twarp *tw) {
  uint64_t bit = UINT64_C(1) << (tw - sm->warps);
  if (sm->head_known & bit) {
    sm->head_known &= ~bit;
    for (unsigned u = 0; u < UNIT_KINDS; u++) {
      sm->head_ready[u] &= ~bit;
    }
  }
}

/* Changes the stall cause of the warp in slot, keeping the per-cause
 * counts. */
static inline void st_sm_set_stall(st_sm *sm, uint32_t slot, st_stall why) {
  st_twarp *tw = &sm->warps[slot];
  if (why != tw->stall) {
    st_sm_probe_close(sm, tw);
  }
  sm->stall_count[tw->stall]--;
  sm->stall_count[why]++;
  sm->stall_changes += why != tw->stall;
  uint64_t bit = UINT64_C(1) << slot;
  sm->cause_mask[tw->stall] &= ~bit;
  sm->cause_mask[why] |= bit;
  tw->stall = (uint8_t)why;
}

/* Marks register rows written by f as pending in its warp's scoreboard. */
void st_sm_scoreboard_reserve(st_sm *sm, st_flight *f);
/* Releases them (write-back) and retires f. */
void st_sm_complete(st_sm *sm, st_flight *f, uint64_t now);

#endif
