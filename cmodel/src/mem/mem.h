/* The memory system of the timing model: memory requests, the cache model
 * used for every cache level, the crossbar interconnect, the L2
 * sub-partitions and the DRAM channels.
 *
 * Only timing is modelled here. Data values were already read and written by
 * the functional model when the instruction issued (func/), so a request
 * carries an address and a size, never data.
 *
 * Path of a global load that misses everywhere:
 *   SM: L1D access -> MISS -> MSHR + miss queue -> st_icnt_push_request
 *   -> (request network) -> st_subpart_accept -> L2 access -> MISS -> MSHR
 *   -> DRAM channel queue -> FR-FCFS -> data back -> L2 fill
 *   -> st_icnt_push_reply -> (reply network) -> SM: L1D fill -> the warp wakes.
 *
 * Each component advances one cycle of its own clock per *_cycle() call:
 * SMs and L1s on the core clock, the interconnect on the icnt clock,
 * sub-partitions (L2) on the L2 clock, DRAM on the DRAM command clock. The
 * GPU run loop decides which clocks tick at each instant (gpu/). Queues
 * between components have bounded capacity: a full queue refuses a push, and
 * the producer retries next cycle (back-pressure).
 */
#ifndef SIMTREF_MEM_MEM_H
#define SIMTREF_MEM_MEM_H

#include <stdbool.h>
#include <stdint.h>

#include "common/error.h"
#include "simtref/config.h"

/* ---- requests ----------------------------------------------------------- */

typedef enum st_mreq_op {
  MREQ_READ = 0,   /* a line (or part) is wanted back */
  MREQ_WRITE,      /* data goes down; a write acknowledgement may come back */
  MREQ_ATOMIC,     /* performed at the L2; the old value comes back */
  MREQ_WRITEBACK   /* a dirty line evicted by a write-back cache; no reply */
} st_mreq_op;

/* What kind of access a request serves: statistics are kept per kind. */
typedef enum st_acc_kind {
  ACC_GLOBAL_R = 0,
  ACC_GLOBAL_W,
  ACC_LOCAL_R,
  ACC_LOCAL_W,
  ACC_CONST_R,
  ACC_INST_R,
  ACC_ATOMIC,
  ACC_WRITEBACK,
  ACC_KINDS
} st_acc_kind;

typedef struct st_mreq {
  uint64_t addr;        /* byte address; for cache lookups the line containing it */
  uint32_t bytes;       /* bytes this request moves (read size or write data) */
  uint8_t op;           /* st_mreq_op */
  uint8_t kind;         /* st_acc_kind */
  uint8_t wants_reply;  /* 1: the requester waits for a reply (reads, atomics, acked writes) */
  uint8_t l1_bypass;    /* 1: the request skipped the L1 (set by the SM or a bypass policy) */
  uint8_t crit;         /* 1: its warp was critical (CPL, st_sm_signals.critical) at the access */
  uint16_t sm;          /* requesting SM */
  uint16_t cluster;     /* its interconnect port */
  uint16_t warp;        /* warp slot on the SM, for statistics and policies */
  uint32_t pc;          /* PC of the instruction, for PC-indexed policies */
  uint32_t subpart;     /* destination sub-partition (filled by st_addrmap) */
  uint64_t t_issue;     /* core cycle the instruction issued (round-trip latency) */
  uint64_t t_ready;     /* internal: earliest time (in the holder's clock) it may move on */
  uint64_t id;          /* unique, in creation order (deterministic ordering) */
  void *cookie;         /* requester's handle (the SM's waiting-warp record) */
  struct st_mreq *next; /* intrusive link for queues */
} st_mreq;

/* A pool of requests, so the hot path never calls malloc. */
typedef struct st_mreq_pool {
  st_mreq *free_list;
  st_mreq **chunks;
  uint32_t n_chunks;
  uint64_t next_id;
  uint64_t live;        /* requests allocated and not yet freed (leak checks) */
  uint32_t n_free;      /* requests on the free list */
} st_mreq_pool;

void st_mreq_pool_init(st_mreq_pool *p);
void st_mreq_pool_destroy(st_mreq_pool *p);
/* A zeroed request with a fresh id; NULL only when host memory runs out. */
st_mreq *st_mreq_alloc(st_mreq_pool *p);
void st_mreq_free(st_mreq_pool *p, st_mreq *r);

/* Parallel simulation (common/par.h): while a thread has a redirect set,
 * its allocations and frees use the redirect's own pool whatever pool they
 * name, and every allocation is logged with a provisional id. Afterwards,
 * st_mreq_log_number gives the logged requests, log by log in the order the
 * serial model would have made them, the ids the shared pool would have
 * given: results do not depend on the thread count. */
typedef struct st_mreq_log {
  struct st_mreq_log_entry {
    st_mreq *r;
    uint64_t tag; /* the provisional id it was given */
  } *e;
  uint32_t n, cap;
} st_mreq_log;

typedef struct st_mreq_redirect {
  _Alignas(64) st_mreq_pool pool;  /* this thread's own requests (a cache line of its own) */
  st_mreq_log *log;   /* where allocations are logged now */
  uint64_t next_tag;  /* provisional ids: top bit set, unique per redirect */
} st_mreq_redirect;

void st_mreq_redirect_init(st_mreq_redirect *d, uint32_t worker);
void st_mreq_redirect_destroy(st_mreq_redirect *d);
/* Sets (or with NULL clears) the calling thread's redirect. */
void st_mreq_redirect_set(st_mreq_redirect *d);
/* Gives the live requests of log the shared pool's next ids (a request
 * freed since it was logged only uses up its id) and empties the log. */
void st_mreq_log_number(st_mreq_pool *shared, st_mreq_log *log);
void st_mreq_log_free(st_mreq_log *log);
/* Moves free requests from `from` to `to` until `to` holds `want` free
 * ones or `from` has none (the pools' requests are interchangeable). */
void st_mreq_pool_refill(st_mreq_pool *to, st_mreq_pool *from, uint32_t want);

/* A FIFO of requests with a capacity (0 = unbounded). */
typedef struct st_mqueue {
  st_mreq *head, *tail;
  uint32_t len, cap;
} st_mqueue;

void st_mqueue_init(st_mqueue *q, uint32_t cap);
static inline bool st_mqueue_full(const st_mqueue *q) { return q->cap != 0 && q->len >= q->cap; }
static inline bool st_mqueue_empty(const st_mqueue *q) { return q->len == 0; }
/* Appends r (the caller checked st_mqueue_full). */
void st_mqueue_push(st_mqueue *q, st_mreq *r);
/* Removes and returns the head, or NULL. */
st_mreq *st_mqueue_pop(st_mqueue *q);
static inline st_mreq *st_mqueue_peek(const st_mqueue *q) { return q->head; }

/* ---- address mapping ------------------------------------------------------ */

/* Where an address lives: its channel (memory controller), sub-partition
 * (L2 slice, global index), DRAM bank, row and column. */
typedef struct st_dram_addr {
  uint32_t channel;
  uint32_t subpart;
  uint32_t bank;
  uint32_t row;
  uint32_t col;
} st_dram_addr;

/* Decodes addr with the configuration's mapping (documented in docs/memory-model.md):
 * consecutive dram.partition_interleave-byte chunks go to consecutive
 * channels, then within a channel to its sub-partitions; inside a channel,
 * column bits come first, then banks, then rows. Pure function. */
st_dram_addr st_addrmap(const st_config *cfg, uint64_t addr);

/* ---- caches ---------------------------------------------------------------- */

typedef enum st_cache_outcome {
  CACHE_HIT = 0,       /* the line is present: data after the hit latency */
  CACHE_HIT_RESERVED,  /* the line is being filled: the request merged into its MSHR */
  CACHE_MISS,          /* an MSHR and (if allocating) a line were reserved, the miss queued */
  CACHE_RESFAIL,       /* nothing could be reserved: nothing changed, retry later */
  CACHE_OUTCOMES
} st_cache_outcome;

typedef enum st_resfail {
  RESFAIL_NONE = 0,
  RESFAIL_MSHR_FULL,   /* no free MSHR entry */
  RESFAIL_MERGE_FULL,  /* the line's MSHR entry holds mshr_merge requests already */
  RESFAIL_MISS_QUEUE,  /* the miss queue is full */
  RESFAIL_NO_LINE,     /* every way of the set is reserved for pending fills */
  RESFAIL_KINDS
} st_resfail;

typedef struct st_cache_stats {
  uint64_t outcome[ACC_KINDS][CACHE_OUTCOMES];
  uint64_t resfail[RESFAIL_KINDS];
  uint64_t evictions;
  uint64_t writebacks; /* dirty evictions sent down */
  uint64_t fills;
  uint64_t write_validates; /* full-line write misses allocated without a fetch */
  uint64_t crit_accesses;   /* accesses (not refused) of requests with st_mreq.crit set */
  uint64_t crit_hits;       /* ... that hit */
  uint64_t bypasses;        /* reads an L1D policy sent down without a line */
} st_cache_stats;

typedef struct st_cache st_cache;

/* Creates a cache from one level's configuration (sets, ways, line, MSHRs,
 * merge limit, miss queue, replacement, write policy, write allocation,
 * index function). name is used in messages ("l1d", "l2.3"). */
st_status st_cache_create(const st_cache_config *cfg, const char *name, st_mreq_pool *pool,
                          st_cache **out, st_error *err);
void st_cache_destroy(st_cache *c);
/* Makes c one of `slices` slices of an interleaved cache in which
 * consecutive chunks of chunk_bytes go to consecutive slices (the L2 slices:
 * chunk_bytes = dram.partition_interleave, slices = channels x
 * sub-partitions): sets are indexed with the slice-local address, so every
 * set of the slice is used. chunk_bytes must be a multiple of the line. */
void st_cache_set_slicing(st_cache *c, uint64_t chunk_bytes, uint64_t slices);

/* Looks req up at time now (in the cache's clock). On HIT the caller owns req
 * again (it completes after the hit latency; a write hit under write-through
 * or write-evict also queues a copy downwards, which the cache allocates from
 * the pool). On HIT_RESERVED and MISS the cache keeps req until the fill
 * (reads) or sends it down (writes without allocation); on RESFAIL nothing
 * changed and *why says which resource was missing. Reads that miss put one
 * request per line into the miss queue (the first; merged ones wait). */
st_cache_outcome st_cache_access(st_cache *c, st_mreq *req, uint64_t now, st_resfail *why);
/* Whether an access of req now would be refused as the last one was, without
 * a change to the cache (the remembered refusal: the same line, operation
 * and kind, and with a policy the same PC, warp and criticality, and no
 * version change since); st_cache_count_refusals counts n such refusals in
 * the cache's statistics (or in *into, a copy of them), as n calls of
 * st_cache_access would. */
bool st_cache_would_refuse(const st_cache *c, const st_mreq *req);
void st_cache_count_refusals(st_cache *c, const st_mreq *req, uint64_t n, st_cache_stats *into);
/* The two statistics counters such a refusal adds one to. */
void st_cache_refusal_counters(st_cache *c, const st_mreq *req, uint64_t *ctr[2]);

/* The next request to send to the lower level (misses, write-throughs,
 * write-backs), or NULL. Peek first when the lower level may refuse it. */
st_mreq *st_cache_peek_miss(const st_cache *c);
/* sim.check_skips (docs/timing.md): refusals the memo answers are made again
 * in full and compared (fault_stale plants a fault for the tests); the first
 * difference, or NULL. */
void st_cache_set_check(st_cache *c, bool check, bool fault_stale);
const char *st_cache_check_failure(const st_cache *c);
st_mreq *st_cache_pop_miss(st_cache *c);

/* The lower level answered the miss for the line of addr: the line becomes
 * valid (allocating on fill if it was not reserved), its MSHR entry is freed,
 * and every request merged into it becomes ready (st_cache_pop_ready). */
void st_cache_fill(st_cache *c, uint64_t addr, uint64_t now);

/* A request whose data arrived with a fill, or NULL. */
st_mreq *st_cache_pop_ready(st_cache *c);

/* Invalidates every line (between kernels for L1s, if configured). Dirty
 * lines are dropped: the functional model already holds the data. */
void st_cache_invalidate(st_cache *c);

/* True if the cache holds no pending misses, queued requests or ready
 * requests (nothing can happen until something new arrives). */
bool st_cache_quiet(const st_cache *c);

const st_cache_stats *st_cache_get_stats(const st_cache *c);
uint64_t st_cache_line_size(const st_cache *c);
/* The address of the line that holds byte addr (line sizes are powers of two). */
uint64_t st_cache_line_of(const st_cache *c, uint64_t addr);

/* ---- interconnect ---------------------------------------------------------- */

typedef struct st_icnt_stats {
  uint64_t req_flits, reply_flits;
  uint64_t req_stall_cycles, reply_stall_cycles; /* an input had a flit it could not move */
  uint64_t cycles;
} st_icnt_stats;

typedef struct st_icnt st_icnt;

/* A crossbar with one request network (clusters -> sub-partitions) and one
 * reply network (sub-partitions -> clusters). A request of B bytes occupies
 * ceil(B / flit_size) flits (a read request: one flit); each output port
 * accepts one flit per interconnect cycle, an input port sends up to
 * input_speedup flits per cycle, packets arrive icnt.latency cycles after
 * their last flit leaves, and each input buffers vc_buffer * vcs flits.
 * Outputs arbitrate among inputs round robin (iSLIP-like, one iteration). */
st_status st_icnt_create(const st_config *cfg, uint32_t n_clusters, uint32_t n_subparts,
                         st_icnt **out, st_error *err);
void st_icnt_destroy(st_icnt *n);

bool st_icnt_can_push_request(const st_icnt *n, uint32_t cluster, const st_mreq *r);
void st_icnt_push_request(st_icnt *n, uint32_t cluster, st_mreq *r); /* to r->subpart */
st_mreq *st_icnt_pop_request(st_icnt *n, uint32_t subpart);          /* arrived, or NULL */
/* Changes whenever a flit leaves cluster's input of the request network: a
 * request refused at one value is refused again while it holds. */
uint64_t st_icnt_request_stamp(const st_icnt *n, uint32_t cluster);
/* Word `word` of the clusters whose stamp changed since the word was last
 * taken (bit i: cluster 64 word + i), cleared. */
uint64_t st_icnt_take_request_drains(st_icnt *n, uint32_t word);

bool st_icnt_can_push_reply(const st_icnt *n, uint32_t subpart, const st_mreq *r);
void st_icnt_push_reply(st_icnt *n, uint32_t subpart, st_mreq *r);   /* to r->cluster */
/* st_icnt_push_reply in two parts, for the memory partitions stepped on
 * several threads (docs/performance.md, "Parallel simulation"): the first
 * touches only sub-partition subpart's input of the reply network, so threads
 * that own different sub-partitions may push at once; the second completes k
 * such pushes, on one thread, before the network is read or cycled. */
void st_icnt_push_reply_input(st_icnt *n, uint32_t subpart, st_mreq *r);
void st_icnt_replies_pushed(st_icnt *n, uint64_t k);
st_mreq *st_icnt_pop_reply(st_icnt *n, uint32_t cluster);
/* Whether some packet of the network can be popped now (false: every pop
 * returns NULL, and the loop over the outputs can be left out). */
bool st_icnt_requests_due(st_icnt *n);
bool st_icnt_replies_due(st_icnt *n);

/* One interconnect cycle. */
void st_icnt_cycle(st_icnt *n);
/* sim.check_skips: how a cycle a network was to skip (frozen) went otherwise
 * (NULL: none did). */
const char *st_icnt_check_failure(const st_icnt *n);
bool st_icnt_quiet(const st_icnt *n);
const st_icnt_stats *st_icnt_get_stats(const st_icnt *n);

/* ---- DRAM ------------------------------------------------------------------ */

typedef struct st_dram_stats {
  uint64_t reads, writes;      /* column commands */
  uint64_t activates, precharges;
  uint64_t row_hits, row_misses; /* per request: its row was open, or not */
  uint64_t data_busy;          /* DRAM cycles the data bus transferred data */
  uint64_t cycles;
  uint64_t queue_full_cycles;
} st_dram_stats;

typedef struct st_dram st_dram;

/* One memory channel: dram.banks banks (in bank_groups groups) with row
 * buffers, a scheduler queue of dram.queue_size requests (FR-FCFS: the
 * oldest request that hits an open row first, else the oldest), the timing
 * constraints tCCD tCCDL tRRD tRCD tRAS tRP tRC tCL tWL tWTR tWR tRTPL in
 * DRAM cycles, and a data bus moving chips_per_channel * bus_width bytes
 * per transfer, data_rate transfers per cycle, burst_length transfers per
 * column command. */
st_status st_dram_create(const st_config *cfg, uint32_t channel, st_dram **out, st_error *err);
void st_dram_destroy(st_dram *d);
bool st_dram_can_accept(const st_dram *d);
void st_dram_push(st_dram *d, st_mreq *r);
/* One DRAM command-clock cycle. */
void st_dram_cycle(st_dram *d);
/* A request whose data transfer finished (reads: data returned; writes:
 * written), or NULL. Returned in completion order. */
st_mreq *st_dram_pop_done(st_dram *d);
bool st_dram_quiet(const st_dram *d);
const st_dram_stats *st_dram_get_stats(const st_dram *d);
/* sim.check_skips: what a scan the scheduler left out would have issued
 * (NULL: nothing, as it was to). */
const char *st_dram_check_failure(const st_dram *d);

/* ---- L2 sub-partitions ------------------------------------------------------ */

typedef struct st_subpart st_subpart;

/* One memory sub-partition: an L2 slice (cfg->l2), an input queue from the
 * interconnect, the fixed L2 latency (l2.latency, in L2 cycles: the ROP
 * pipeline), and the path to and from its DRAM channel (dram.latency is
 * added on that path). Reads that hit return after the latency; misses go to
 * DRAM and return when filled; writes are acknowledged once accepted by the
 * L2 (write-back, write-allocate per config); atomics are performed at the L2
 * and answered like reads. Several sub-partitions share one st_dram. */
st_status st_subpart_create(const st_config *cfg, uint32_t index, st_dram *dram,
                            st_mreq_pool *pool, st_subpart **out, st_error *err);
void st_subpart_destroy(st_subpart *s);
bool st_subpart_can_accept(const st_subpart *s);
void st_subpart_push(st_subpart *s, st_mreq *r);  /* a request from the interconnect */
/* One L2-clock cycle: moves requests through the L2 and to/from DRAM. */
void st_subpart_cycle(st_subpart *s);
/* A reply ready to go back to its SM (peek before pushing into the icnt). */
st_mreq *st_subpart_peek_reply(const st_subpart *s);
st_mreq *st_subpart_pop_reply(st_subpart *s);
/* Requests finished by DRAM for this sub-partition are delivered by the GPU
 * loop with this call (the DRAM channel is shared). */
void st_subpart_dram_done(st_subpart *s, st_mreq *r);
bool st_subpart_quiet(const st_subpart *s);
const st_cache_stats *st_subpart_l2_stats(const st_subpart *s);
/* The L2 slice's check failure (st_cache_check_failure), or NULL. */
const char *st_subpart_check_failure(const st_subpart *s);

#endif
