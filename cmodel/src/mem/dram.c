/* st_dram: one GDDR memory channel (docs/memory-model.md, "DRAM").
 *
 * Cycle c (= d->now, cycles completed before it) issues at most one row
 * command (ACT or PRE) and at most one column command (RD or WR), as
 * GPGPU-Sim does for GDDR5's separate row and column command paths. A column
 * command moves bytes_per_col = chips_per_channel * bus_width * burst_length
 * bytes; a request of B bytes takes ceil(B / bytes_per_col) of them, and is
 * done when the data of its last one has crossed the bus: a RD at cycle c
 * holds the bus from c + tCL to c + tCL + burst_cycles (WR: tWL), with
 * burst_cycles = ceil(burst_length / data_rate), and the request may be
 * popped once c + tCL + burst_cycles cycles have completed.
 *
 * Scheduling: the queue is kept in arrival order. FR-FCFS: the oldest
 * request whose row is open and whose column command may issue goes first;
 * a bank gets a row command only when no queued request hits its open row,
 * for its oldest request, the bank with the oldest such request first.
 * FCFS: the same, but only each bank's oldest request is considered.
 * Open-page policy: a row stays open until a request for another row of the
 * bank needs the bank.
 *
 * The scan by bank: every bank keeps the queue positions of its oldest
 * request and of its oldest read and oldest write to the open row. Whether
 * a column command may issue depends on a request only through its bank,
 * its direction and (when the return queue is full) whether it is its
 * request's last, so while the return queue has room the oldest read and
 * write hit of each bank stand for all of that bank's hits, and the bank's
 * oldest request for its row command: a scan looks at the banks, not the
 * queue. Without return room the whole queue is scanned in age order
 * (scan_queue), as it is under sim.check_skips, where both scans must agree.
 *
 * Time-independence when idle: relax_at is the latest time any constraint
 * set by a past command expires; the channel is quiet only once the queue is
 * empty, everything returned, and relax_at has passed, so a quiet channel
 * behaves the same whenever its next request arrives. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "common/fault.h"
#include "mem/mem.h"

#define T_NEVER (-(INT64_C(1) << 40))

typedef struct dram_entry {
  st_mreq *r;
  uint32_t bank, row, cols_left;
  uint8_t write;
  uint8_t started;   /* a column command of it issued */
  uint8_t activated; /* its bank was activated for it: a row miss */
} dram_entry;

#define Q_NONE UINT32_MAX

typedef struct dram_bank {
  bool open;
  uint32_t row;
  uint32_t open_hits;  /* queued requests for the open row */
  uint32_t seen;       /* scan generation (scratch) */
  uint32_t oldest;     /* queue position of its oldest request (Q_NONE: none queued) */
  uint32_t hit[2];     /* of its oldest read [0] and write [1] to the open row */
  int64_t t_act, t_pre, t_rd, t_wr_end;
  uint32_t group;      /* its bank group: its index modulo dram.bank_groups */
} dram_bank;

struct st_dram {
  st_config cfg; /* own copy: st_addrmap needs it */
  uint32_t channel;
  int64_t tCCD, tCCDL, tRRD, tRCD, tRAS, tRP, tRC, tCL, tWL, tWTR, tWR, tRTPL;
  int64_t burst_cycles;
  uint32_t bytes_per_col, n_banks, n_groups, queue_cap, return_cap;
  bool frfcfs;
  bool skip;          /* sim.skip_idle: scans that cannot issue are left out (sched_at) */
  bool check;         /* sim.check_skips: they are made anyway and must issue nothing */
  char check_msg[256];
  int64_t fault_late_scan; /* planted fault (SIMTREF_FAULT=late-dram-scan): 1, the scan after
                              one that found nothing comes a cycle late */
  bool fault_blind_writes; /* planted fault (SIMTREF_FAULT=dram-blind-writes): the scan by
                              bank overlooks write hits */
  bool by_bank;            /* n_banks <= 64: the scan by bank may be used */
  uint64_t busy_banks;     /* banks with queued requests (by_bank) */

  dram_entry *q;   /* arrival order */
  uint32_t qlen, q_alloc;
  dram_bank *bank;
  int64_t *grp_last_col;
  int64_t last_col, last_act, bus_free, wr_end;
  st_mqueue inflight; /* column commands issued, data not yet done; t_ready = data end */
  st_mqueue done;
  uint64_t now;
  int64_t relax_at;
  uint32_t gen;
  int64_t sched_at;   /* the scheduler found nothing to issue: not before this cycle can it,
                         unless a request arrives or a finished one leaves (0: every cycle) */
  st_dram_stats stats;
};

static int64_t max64(int64_t a, int64_t b) { return a > b ? a : b; }
static int64_t min64(int64_t a, int64_t b) { return a < b ? a : b; }

st_status st_dram_create(const st_config *cfg, uint32_t channel, st_dram **out, st_error *err) {
  *out = NULL;
  if (cfg->dram.banks < 1 || cfg->dram.bank_groups < 1 || cfg->dram.queue_size < 1 ||
      cfg->dram.return_queue < 1 || cfg->dram.data_rate < 1 || cfg->dram.burst_length < 1 ||
      cfg->dram.chips_per_channel * cfg->dram.bus_width * cfg->dram.burst_length < 1) {
    return st_error_set(err, ST_ERR_CONFIG, "dram channel %u: bad geometry", channel);
  }
  st_dram *d = calloc(1, sizeof *d);
  if (d == NULL) {
    return st_error_set(err, ST_ERR_NOMEM, "dram: out of memory");
  }
  d->cfg = *cfg;
  d->channel = channel;
  d->tCCD = cfg->dram.tCCD;
  d->tCCDL = cfg->dram.tCCDL;
  d->tRRD = cfg->dram.tRRD;
  d->tRCD = cfg->dram.tRCD;
  d->tRAS = cfg->dram.tRAS;
  d->tRP = cfg->dram.tRP;
  d->tRC = cfg->dram.tRC;
  d->tCL = cfg->dram.tCL;
  d->tWL = cfg->dram.tWL;
  d->tWTR = cfg->dram.tWTR;
  d->tWR = cfg->dram.tWR;
  d->tRTPL = cfg->dram.tRTPL;
  d->burst_cycles = (cfg->dram.burst_length + cfg->dram.data_rate - 1) / cfg->dram.data_rate;
  d->bytes_per_col =
      (uint32_t)(cfg->dram.chips_per_channel * cfg->dram.bus_width * cfg->dram.burst_length);
  d->n_banks = (uint32_t)cfg->dram.banks;
  d->n_groups = (uint32_t)cfg->dram.bank_groups;
  d->queue_cap = (uint32_t)cfg->dram.queue_size;
  d->return_cap = (uint32_t)cfg->dram.return_queue;
  d->frfcfs = cfg->dram.scheduler == ST_DRAM_FRFCFS;
  d->skip = cfg->sim.skip_idle;
  d->check = cfg->sim.check_skips;
  d->fault_late_scan = st_fault_planted("late-dram-scan") ? 1 : 0;
  d->fault_blind_writes = st_fault_planted("dram-blind-writes");
  d->by_bank = d->n_banks <= 64;
  d->q_alloc = d->queue_cap;
  d->q = calloc(d->q_alloc, sizeof *d->q);
  d->bank = calloc(d->n_banks, sizeof *d->bank);
  d->grp_last_col = calloc(d->n_groups, sizeof *d->grp_last_col);
  if (d->q == NULL || d->bank == NULL || d->grp_last_col == NULL) {
    st_dram_destroy(d);
    return st_error_set(err, ST_ERR_NOMEM, "dram: out of memory");
  }
  for (uint32_t b = 0; b < d->n_banks; b++) {
    d->bank[b].t_act = d->bank[b].t_pre = d->bank[b].t_rd = d->bank[b].t_wr_end = T_NEVER;
    d->bank[b].oldest = d->bank[b].hit[0] = d->bank[b].hit[1] = Q_NONE;
    d->bank[b].group = b % d->n_groups;
  }
  for (uint32_t g = 0; g < d->n_groups; g++) {
    d->grp_last_col[g] = T_NEVER;
  }
  d->last_col = d->last_act = d->wr_end = T_NEVER;
  d->bus_free = 0;
  d->relax_at = 0;
  st_mqueue_init(&d->inflight, 0);
  st_mqueue_init(&d->done, 0);
  *out = d;
  return ST_OK;
}

void st_dram_destroy(st_dram *d) {
  if (d == NULL) {
    return;
  }
  free(d->q);
  free(d->bank);
  free(d->grp_last_col);
  free(d);
}

bool st_dram_can_accept(const st_dram *d) { return d->qlen < d->queue_cap; }

void st_dram_push(st_dram *d, st_mreq *r) {
  if (d->qlen == d->q_alloc) {
    /* A caller that ignored st_dram_can_accept: keep the request rather than
     * overrun the queue (never reached by a correct caller). */
    dram_entry *q = realloc(d->q, 2 * (size_t)d->q_alloc * sizeof *q);
    if (q == NULL) {
      fprintf(stderr, "simtref: internal error: dram channel %u: out of memory\n", d->channel);
      abort();
    }
    d->q = q;
    d->q_alloc *= 2;
  }
  st_dram_addr a = st_addrmap(&d->cfg, r->addr);
  dram_entry *e = &d->q[d->qlen++];
  memset(e, 0, sizeof *e);
  d->sched_at = 0;
  e->r = r;
  e->bank = a.bank % d->n_banks;
  e->row = a.row;
  e->write = r->op == MREQ_WRITE || r->op == MREQ_WRITEBACK;
  e->cols_left = r->bytes == 0 ? 1u : (r->bytes + d->bytes_per_col - 1) / d->bytes_per_col;
  r->next = NULL;
  uint32_t qi = d->qlen - 1;
  dram_bank *b = &d->bank[e->bank];
  if (b->oldest == Q_NONE) {
    b->oldest = qi;
    d->busy_banks |= d->by_bank ? UINT64_C(1) << e->bank : 0;
  }
  if (b->open && b->row == e->row) {
    b->open_hits++;
    if (b->hit[e->write] == Q_NONE) {
      b->hit[e->write] = qi;
    }
  }
}

/* The position of the first request of bank at or after position from
 * that writes (write 0/1) or, with write 2, any request; Q_NONE if none.
 * With row != NULL only requests to row *row count. */
static uint32_t find_from(const st_dram *d, uint32_t from, uint32_t bank, const uint32_t *row,
                          int write) {
  for (uint32_t i = from; i < d->qlen; i++) {
    const dram_entry *e = &d->q[i];
    if (e->bank == bank && (row == NULL || e->row == *row) && (write == 2 || e->write == write)) {
      return i;
    }
  }
  return Q_NONE;
}

static bool col_ready(const st_dram *d, const dram_entry *e, int64_t c) {
  const dram_bank *b = &d->bank[e->bank];
  if (c < b->t_act + d->tRCD || c < d->last_col + d->tCCD ||
      c < d->grp_last_col[b->group] + d->tCCDL) {
    return false;
  }
  if (e->write) {
    if (c + d->tWL < d->bus_free) {
      return false;
    }
  } else if (c < d->wr_end + d->tWTR || c + d->tCL < d->bus_free) {
    return false;
  }
  /* The last column command completes the request: it needs return room. */
  return e->cols_left > 1 || d->inflight.len + d->done.len < d->return_cap;
}

/* The first cycle at which each command's timing allows it (col_ready's
 * return-room condition aside). */
static int64_t col_time(const st_dram *d, const dram_entry *e) {
  const dram_bank *b = &d->bank[e->bank];
  int64_t t = max64(max64(b->t_act + d->tRCD, d->last_col + d->tCCD),
                    d->grp_last_col[b->group] + d->tCCDL);
  return e->write ? max64(t, d->bus_free - d->tWL)
                  : max64(t, max64(d->wr_end + d->tWTR, d->bus_free - d->tCL));
}

static int64_t row_time(const st_dram *d, const dram_bank *b) {
  return b->open ? max64(max64(b->t_act + d->tRAS, b->t_rd + d->tRTPL), b->t_wr_end + d->tWR)
                 : max64(max64(b->t_pre + d->tRP, b->t_act + d->tRC), d->last_act + d->tRRD);
}

static bool pre_ready(const st_dram *d, const dram_bank *b, int64_t c) {
  return c >= b->t_act + d->tRAS && c >= b->t_rd + d->tRTPL && c >= b->t_wr_end + d->tWR;
}

static bool act_ready(const st_dram *d, const dram_bank *b, int64_t c) {
  return c >= b->t_pre + d->tRP && c >= b->t_act + d->tRC && c >= d->last_act + d->tRRD;
}

static void issue_row(st_dram *d, uint32_t qi, int64_t c) {
  dram_entry *e = &d->q[qi];
  dram_bank *b = &d->bank[e->bank];
  if (b->open) {
    b->open = false;
    b->open_hits = 0;
    b->hit[0] = b->hit[1] = Q_NONE;
    b->t_pre = c;
    d->stats.precharges++;
    d->relax_at = max64(d->relax_at, c + d->tRP);
    return;
  }
  b->open = true;
  b->row = e->row;
  b->t_act = c;
  d->last_act = c;
  e->activated = 1;
  d->stats.activates++;
  b->open_hits = 0;
  b->hit[0] = b->hit[1] = Q_NONE;
  for (uint32_t i = 0; i < d->qlen; i++) {
    const dram_entry *x = &d->q[i];
    if (x->bank == e->bank && x->row == e->row) {
      b->open_hits++;
      if (b->hit[x->write] == Q_NONE) {
        b->hit[x->write] = i;
      }
    }
  }
  d->relax_at = max64(d->relax_at, max64(max64(c + d->tRC, c + d->tRAS),
                                        max64(c + d->tRRD, c + d->tRCD)));
}

/* The request at position qi left the queue: the bank's kept positions
 * after it move down by one. */
static void shift_down(dram_bank *x, uint32_t qi) {
  x->oldest -= x->oldest != Q_NONE && x->oldest > qi;
  x->hit[0] -= x->hit[0] != Q_NONE && x->hit[0] > qi;
  x->hit[1] -= x->hit[1] != Q_NONE && x->hit[1] > qi;
}

static void issue_col(st_dram *d, uint32_t qi, int64_t c) {
  dram_entry *e = &d->q[qi];
  dram_bank *b = &d->bank[e->bank];
  int64_t data_end = c + (e->write ? d->tWL : d->tCL) + d->burst_cycles;
  d->bus_free = data_end;
  d->last_col = c;
  d->grp_last_col[b->group] = c;
  int64_t relax = max64(data_end, max64(c + d->tCCD, c + d->tCCDL));
  if (e->write) {
    d->wr_end = data_end;
    b->t_wr_end = data_end;
    d->stats.writes++;
    relax = max64(relax, data_end + max64(d->tWTR, d->tWR));
  } else {
    b->t_rd = c;
    d->stats.reads++;
    relax = max64(relax, c + d->tRTPL);
  }
  d->relax_at = max64(d->relax_at, relax);
  d->stats.data_busy += (uint64_t)d->burst_cycles;
  if (!e->started) {
    e->started = 1;
    if (e->activated) {
      d->stats.row_misses++;
    } else {
      d->stats.row_hits++;
    }
  }
  if (--e->cols_left > 0) {
    return;
  }
  b->open_hits--;
  st_mreq *r = e->r;
  r->t_ready = (uint64_t)data_end;
  st_mqueue_push(&d->inflight, r);
  /* The bank's kept positions: the next request of the same kind takes a
   * removed one's place; every position after qi moves down by one. */
  uint32_t bank = e->bank;
  if (b->oldest == qi) {
    b->oldest = find_from(d, qi + 1, bank, NULL, 2);
  }
  for (int w = 0; w < 2; w++) {
    if (b->hit[w] == qi) {
      b->hit[w] = find_from(d, qi + 1, bank, &b->row, w);
    }
  }
  if (b->oldest == Q_NONE) {
    d->busy_banks &= d->by_bank ? ~(UINT64_C(1) << bank) : ~UINT64_C(0);
  }
  memmove(&d->q[qi], &d->q[qi + 1], (d->qlen - qi - 1) * sizeof *d->q);
  d->qlen--;
  /* (A bank with no queued request keeps no position.) */
  if (d->by_bank) {
    for (uint64_t m = d->busy_banks; m != 0; m &= m - 1) {
      shift_down(&d->bank[__builtin_ctzll(m)], qi);
    }
  } else {
    for (uint32_t k = 0; k < d->n_banks; k++) {
      shift_down(&d->bank[k], qi);
    }
  }
}

/* What a scan chose for cycle c: the queue positions of its column and row
 * commands (-1: none) and, when it chose neither, the earliest cycle at
 * which the timing of a request it looked at allows one. */
typedef struct scan_out {
  int32_t col, row;
  int64_t next;
} scan_out;

/* The scan in age order over the whole queue (see the file comment). */
static scan_out scan_queue(st_dram *d, int64_t c) {
  /* The banks seen so far in this scan: a mask when there are at most 64. */
  const bool few_banks = d->by_bank;
  uint64_t seen = 0;
  if (!few_banks && ++d->gen == 0) {
    for (uint32_t b = 0; b < d->n_banks; b++) {
      d->bank[b].seen = 0;
    }
    d->gen = 1;
  }
  int32_t col = -1, row = -1;
  int64_t next = INT64_MAX; /* the earliest a candidate's timing allows it */
  uint32_t banks_seen = 0;
  for (uint32_t i = 0; i < d->qlen && (col < 0 || row < 0); i++) {
    if (col >= 0 && banks_seen == d->n_banks) {
      /* Only a bank's oldest request can give the row command, and every
       * bank has had its oldest: nothing further changes the outcome. */
      break;
    }
    dram_entry *e = &d->q[i];
    dram_bank *b = &d->bank[e->bank];
    bool oldest_of_bank;
    if (few_banks) {
      oldest_of_bank = !(seen >> e->bank & 1u);
      seen |= UINT64_C(1) << e->bank;
    } else {
      oldest_of_bank = b->seen != d->gen;
      b->seen = d->gen;
    }
    banks_seen += oldest_of_bank;
    if (b->open && b->row == e->row) {
      if (col < 0 && (d->frfcfs || oldest_of_bank)) {
        if (col_ready(d, e, c)) {
          col = (int32_t)i;
        } else {
          next = min64(next, col_time(d, e)); /* (or return room: st_dram_pop_done) */
        }
      }
      continue;
    }
    if (row >= 0 || !oldest_of_bank || (d->frfcfs && b->open_hits > 0)) {
      continue;
    }
    if (b->open ? pre_ready(d, b, c) : act_ready(d, b, c)) {
      row = (int32_t)i;
    } else {
      next = min64(next, row_time(d, b));
    }
  }
  return (scan_out){col, row, next};
}

/* The same choice from each bank's kept positions (by_bank, the return
 * queue not full): the oldest ready hit over the banks' oldest read and
 * write hits (FCFS: the bank's oldest request, if it hits), the oldest
 * ready row command over the banks' oldest requests. */
static scan_out scan_banks(const st_dram *d, int64_t c) {
  int32_t col = -1, row = -1;
  int64_t next = INT64_MAX;
  for (uint64_t m = d->busy_banks; m != 0; m &= m - 1) {
    const dram_bank *b = &d->bank[__builtin_ctzll(m)];
    const dram_entry *eo = &d->q[b->oldest];
    bool oldest_hits = b->open && b->row == eo->row;
    uint32_t cand[2] = {Q_NONE, Q_NONE};
    if (d->frfcfs) {
      cand[0] = b->hit[0];
      cand[1] = d->fault_blind_writes ? Q_NONE : b->hit[1];
    } else if (oldest_hits) {
      cand[0] = b->oldest;
    }
    for (int k = 0; k < 2; k++) {
      if (cand[k] == Q_NONE) {
        continue;
      }
      const dram_entry *e = &d->q[cand[k]];
      if (col_ready(d, e, c)) {
        col = col < 0 || (int32_t)cand[k] < col ? (int32_t)cand[k] : col;
      } else {
        next = min64(next, col_time(d, e));
      }
    }
    if (oldest_hits || (d->frfcfs && b->open_hits > 0)) {
      continue;
    }
    if (b->open ? pre_ready(d, b, c) : act_ready(d, b, c)) {
      row = row < 0 || (int32_t)b->oldest < row ? (int32_t)b->oldest : row;
    } else {
      next = min64(next, row_time(d, b));
    }
  }
  return (scan_out){col, row, next};
}

/* Picks the column command and the row command of cycle c and issues them. */
static void schedule(st_dram *d, int64_t c) {
  bool room = d->inflight.len + d->done.len < d->return_cap;
  scan_out o;
  if (d->by_bank && room) {
    o = scan_banks(d, c);
    if (d->check) {
      scan_out ref = scan_queue(d, c);
      bool idle = ref.col < 0 && ref.row < 0;
      if ((ref.col != o.col || ref.row != o.row || (idle && ref.next != o.next)) &&
          d->check_msg[0] == '\0') {
        snprintf(d->check_msg, sizeof d->check_msg,
                 "DRAM channel %u's scan by bank chose column %d, row %d (next %" PRId64
                 ") at cycle %" PRId64 " where the queue scan chose %d, %d (%" PRId64 ")",
                 d->channel, o.col, o.row, o.next, c, ref.col, ref.row, ref.next);
      }
    }
  } else {
    o = scan_queue(d, c);
  }
  /* Nothing to issue: until a request arrives or leaves, the scan finds
   * nothing before next (sim.skip_idle: the same schedule, fewer scans). */
  d->sched_at =
      o.col < 0 && o.row < 0 && d->skip ? max64(o.next, c + 1) + d->fault_late_scan : 0;
  /* The two commands never touch the same bank (a row command needs the
   * bank's oldest request to miss, a column command needs a hit that is
   * allowed to go first), so their order here does not matter; the row
   * command goes first because the column command may shift the queue. */
  if (o.row >= 0) {
    issue_row(d, (uint32_t)o.row, c);
  }
  if (o.col >= 0) {
    issue_col(d, (uint32_t)o.col, c);
  }
}

void st_dram_cycle(st_dram *d) {
  const int64_t c = (int64_t)d->now;
  if (d->qlen > 0 && (c >= d->sched_at || d->check)) {
    uint64_t before = d->stats.activates + d->stats.precharges + d->stats.reads + d->stats.writes;
    bool memo = c < d->sched_at;
    int64_t predicted = d->sched_at;
    schedule(d, c);
    if (memo && before != d->stats.activates + d->stats.precharges + d->stats.reads +
                              d->stats.writes && d->check_msg[0] == '\0') {
      snprintf(d->check_msg, sizeof d->check_msg,
               "DRAM channel %u issued a command at cycle %" PRId64
               " where its scheduler was to find nothing before cycle %" PRId64,
               d->channel, c, predicted);
    }
  }
  if (d->qlen >= d->queue_cap) {
    d->stats.queue_full_cycles++;
  }
  d->now++;
  d->stats.cycles++;
  while (!st_mqueue_empty(&d->inflight) && st_mqueue_peek(&d->inflight)->t_ready <= d->now) {
    st_mqueue_push(&d->done, st_mqueue_pop(&d->inflight));
  }
}

st_mreq *st_dram_pop_done(st_dram *d) {
  st_mreq *r = st_mqueue_pop(&d->done);
  d->sched_at = r != NULL ? 0 : d->sched_at; /* return room */
  return r;
}

bool st_dram_quiet(const st_dram *d) {
  return d->qlen == 0 && st_mqueue_empty(&d->inflight) && st_mqueue_empty(&d->done) &&
         (int64_t)d->now >= d->relax_at;
}

const st_dram_stats *st_dram_get_stats(const st_dram *d) { return &d->stats; }

const char *st_dram_check_failure(const st_dram *d) {
  return d->check_msg[0] != '\0' ? d->check_msg : NULL;
}
