/* The launch queue (kernel management): the host launches of one
 * synchronise, each on a stream, and the device launches their kernels make
 * (gpu/cdp.h), made resident on the GPU as streams and the kernel
 * distributor's entries (gpu.max_concurrent_kernels) allow.
 *
 * A host stream runs its kernels one after another, each after the whole
 * launch tree of the one before. A device launch reaches the pending pool
 * (the KMU) cdp.launch_b + cdp.launch_a * x core cycles after the call that
 * made it; from there, once its stream allows (the launching block's
 * default stream and created streams in order; a tail launch after its
 * launching grid and all that grid's other descendants; fire-and-forget
 * grids at once) and an entry of the kernel distributor is free, it is
 * dispatched and becomes resident cdp.dispatch_latency cycles later. The
 * dispatching launches hold their entries.
 *
 * Kernels of different streams may be resident at once, and an SM may hold
 * blocks of several. A resident kernel's blocks are placed by the
 * thread-block scheduler (gpu/tbsched.h); it ends when its last block has
 * retired (and, when it is the only resident kernel, once the SMs and the
 * memory system have drained); its launch tree is done when it and all its
 * device launches' trees are.
 *
 * DTBL (docs/units/dtbl.md): an aggregated group (kind ST_CDP_GROUP)
 * reaches the SMX scheduler when its cudaLaunchAggGroup call completes; it
 * then joins an eligible resident kernel (st_launchq_join: no entry of its
 * own, its blocks placed after that kernel's earlier ones, the kernel held
 * until its groups are done) or, when none is eligible or the AGT refuses
 * it, goes on as a device kernel of its own (as_kernel).
 *
 * The thread-block scheduler takes blocks from the scheduling order
 * (sched_head ... : resident kernels and joined groups with blocks left,
 * in the FCFS order of the kernel distributor). */
#ifndef SIMTREF_GPU_LAUNCH_H
#define SIMTREF_GPU_LAUNCH_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "common/error.h"
#include "core/sm.h"
#include "func/exec.h"
#include "simtref/stats.h"

typedef enum st_lk_state { LK_WAITING = 0, LK_DISPATCHING, LK_RESIDENT, LK_DONE } st_lk_state;

/* One launch. */
typedef struct st_lkernel {
  st_rkernel rk;        /* what the SMs see of it while it is resident */
  st_kernel *k;         /* the launch (a host launch's is the GPU's queue entry) */
  st_kernel own;        /* a device launch's kernel (k points here) */
  size_t index;         /* its position in launch order */
  bool host;            /* a host launch */
  uint8_t kind;         /* st_cdp_kind */
  st_lk_state state;
  uint64_t next_cta;    /* its next block to place */
  uint32_t occupancy;   /* blocks of it one SM holds (resources), before the TB policy */
  st_statset *stats;    /* its statistics (host launches, from when it became resident) */
  double wall0;         /* host time when it became resident */
  uint64_t k_start;     /* core cycle it became resident */
  struct st_lkernel *parent; /* the grid that launched it (NULL: the host) */
  struct st_lkernel *pred;   /* the launch before it on its stream, or NULL */
  uint32_t open;        /* its device launches (not tail) whose trees are not done */
  uint32_t open_tails;  /* its tail launches whose trees are not done */
  bool tree_done;
  uint64_t t_arrive;    /* device launch: core cycle it reaches the pending pool */
  uint64_t t_dispatch;  /* LK_DISPATCHING: core cycle it reaches the kernel distributor */
  uint32_t kde;         /* resident kernel: its kernel-distributor entry */
  uint32_t parent_sm;   /* device launch: the SM of the launching block */
  uint32_t hw_tid;      /* device launch: the launching thread's hardware thread id */
  uint8_t prio;         /* LaPerm's level: 0 host, else its parent's + 1, at most L */
  bool in_sched;        /* in the scheduling order (blocks left to place) */
  struct st_lkernel *sched_prev, *sched_next;
  struct st_lkernel *tq_next; /* the thread-block scheduler's own queue (LaPerm) */
  /* DTBL */
  bool as_kernel;       /* a group that went on as a kernel of its own */
  struct st_lkernel *target;    /* a joined group: the kernel it joined */
  struct st_lkernel *last_item; /* a kernel: its last item (itself or a group) in the order */
  uint32_t groups_open; /* a kernel: its joined groups not done */
  uint32_t agt_ref;     /* a joined group: its AGT reference */
  uint64_t t_ready;     /* a joined group: first core cycle its blocks may be placed */
  uint64_t tb_ended;    /* a joined group: its retired blocks told to the AGT */
  struct st_lkernel *chain_next; /* a joined group: the next group of its kernel's chain */
} st_lkernel;

/* Points of the kernel distributor's occupancy over time. */
#define ST_KD_SERIES 64

/* The kernel distributor's occupancy over a run (core cycles). */
typedef struct st_kd_stats {
  uint64_t t0;           /* first core cycle observed */
  uint64_t window;       /* cycles per point of the series (doubled as the run grows) */
  uint64_t series[ST_KD_SERIES]; /* entry-cycles held in each window */
  uint32_t n_series;     /* windows begun */
  uint64_t cycles;       /* core cycles observed */
  uint64_t occupied;     /* sum over cycles of the entries held */
  uint64_t full;         /* cycles with every entry held and a launch waiting for one */
  uint32_t max;
  uint64_t hist[33];     /* cycles with n entries held (32: 32 or more) */
} st_kd_stats;

typedef struct st_launchq {
  st_lkernel **l;        /* every launch, in launch order */
  size_t n, cap;
  st_lkernel *hosts;     /* the host launches' records */
  uint32_t n_sms;
  size_t max_resident;   /* gpu.max_concurrent_kernels: kernel-distributor entries */
  uint64_t dispatch_latency;
  st_lkernel **resident; /* resident kernels, the oldest first */
  size_t n_resident, cap_resident;
  size_t n_dispatching;
  st_lkernel **waiting;  /* launches not yet resident, in launch order */
  size_t n_waiting, cap_waiting;
  size_t n_tree_done;
  size_t n_unissued;     /* resident kernels with blocks left to place */
  bool dirty;            /* something changed that may let a launch go on */
  uint64_t next_time;    /* the earliest core cycle a waiting launch may go on by itself */
  struct st_streammap *streams; /* device streams: their last launch */
  st_kd_stats *kd;       /* where occupancy is accounted (NULL: nowhere) */
  uint64_t kd_last;      /* core cycle up to which kd is accounted */
  st_lkernel *sched_head, *sched_tail; /* the scheduling order */
  uint64_t sched_version; /* counts the changes of the scheduling order */
  /* The round-robin scheduler's memo (tbsched.c, rr_dispatch): its last scan
   * placed nothing; while the scheduling order and every SM's room stay as
   * they were (sched_version, the SMs' fit epoch) and no kernel's t_ready
   * is reached, nothing fits. */
  struct {
    bool valid;
    uint64_t version, epoch, until;
  } fit_memo;
  st_lkernel **groups;   /* joined groups with a block placed and not done */
  size_t n_groups, cap_groups;
  uint64_t kde_used[16]; /* kernel-distributor entries held (bit per entry) */
  uint8_t levels;        /* LaPerm's L (laperm.levels) */
  /* Told of each kernel or group that enters the scheduling order (the
   * thread-block scheduler's queues), or NULL. */
  void (*on_sched)(void *ctx, st_lkernel *lk);
  void *on_sched_ctx;
} st_launchq;

/* Makes a queue of n host launches for a GPU of n_sms SMs. */
st_status st_launchq_init(st_launchq *q, st_kernel *launches, size_t n, uint32_t n_sms,
                          size_t max_resident, uint64_t dispatch_latency, st_error *err);
void st_launchq_free(st_launchq *q);

/* Adds a device launch made by the resident grid of launch id parent_id
 * (its kernel taken over from *k), of stream kind `kind` (st_cdp_kind;
 * key: the launching block for the default stream, the handle for a created
 * one), arriving at the pending pool at core cycle t_arrive. */
st_status st_launchq_add_device(st_launchq *q, st_kernel *k, uint64_t parent_id,
                                uint64_t key, uint8_t kind, uint64_t t_arrive, uint32_t parent_sm,
                                uint32_t hw_tid, st_error *err);

/* DTBL: the first resident kernel a group may join (the same entry of the
 * same module, block shape and dynamic shared memory), or NULL. */
st_lkernel *st_launchq_eligible(const st_launchq *q, const st_lkernel *g);
/* Group g joins resident kernel k at core cycle now; its blocks may be
 * placed from core cycle ready on. */
st_status st_launchq_join(st_launchq *q, st_lkernel *g, st_lkernel *k, uint64_t now,
                          uint64_t ready);
/* A joined group's blocks are all done. */
void st_launchq_finish_group(st_launchq *q, st_lkernel *g);

/* True if a waiting launch may go on at core cycle now. */
static inline bool st_launchq_due(const st_launchq *q, uint64_t now) {
  return q->n_waiting != 0 && (q->dirty || q->next_time <= now);
}

/* The next launch that becomes resident at core cycle now (the earlier
 * launches of its stream are done, an entry is free, a device launch's
 * dispatch has ended), the earliest in launch order first; device launches
 * that may be dispatched start their dispatch. NULL when none. The caller
 * makes it resident with st_launchq_start. A group (ST_CDP_GROUP, not
 * as_kernel) is returned once it has arrived: the caller joins it to a
 * kernel (st_launchq_join) or sets as_kernel. */
st_lkernel *st_launchq_startable(st_launchq *q, uint64_t now);
st_status st_launchq_start(st_launchq *q, st_lkernel *lk, uint64_t now);
/* A resident kernel's blocks are all done. */
void st_launchq_finish(st_launchq *q, st_lkernel *lk, uint64_t now);

/* True if some resident kernel has blocks left to place. */
static inline bool st_launchq_unissued(const st_launchq *q) { return q->n_unissued != 0; }
/* A block of lk was placed (its next_cta moves on). */
st_status st_launchq_placed(st_launchq *q, st_lkernel *lk);
/* True when every launch's tree is done. */
static inline bool st_launchq_all_done(const st_launchq *q) { return q->n_tree_done == q->n; }
/* Accounts the kernel distributor's occupancy up to core cycle now. */
void st_launchq_account(st_launchq *q, uint64_t now);

#endif
