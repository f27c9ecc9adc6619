/* The launch queue: see launch.h. */
#include "gpu/launch.h"

#include <stdlib.h>
#include <string.h>

#include "gpu/cdp.h"

/* ---- device streams: the last launch of each ------------------------------ */

typedef struct stream_slot {
  uint64_t a, b;        /* (launching grid, block), (0, handle) or (grid, tail) */
  st_lkernel *last;
} stream_slot;

typedef struct st_streammap {
  stream_slot *s;
  size_t cap, n;        /* cap: a power of two */
} st_streammap;

static uint64_t mix(uint64_t a, uint64_t b) {
  uint64_t h = a * UINT64_C(0x9e3779b97f4a7c15) ^ (b + UINT64_C(0x632be59bd9b4e019));
  h ^= h >> 31;
  h *= UINT64_C(0xbf58476d1ce4e5b9);
  return h ^ (h >> 29);
}

static stream_slot *stream_find(st_streammap *m, uint64_t a, uint64_t b, bool add) {
  if (add && (m->n + 1) * 2 > m->cap) {
    size_t cap = m->cap ? m->cap * 2 : 64;
    stream_slot *s = calloc(cap, sizeof *s);
    if (s == NULL) {
      return NULL;
    }
    for (size_t i = 0; i < m->cap; i++) {
      if (m->s[i].last != NULL) {
        size_t j = mix(m->s[i].a, m->s[i].b) & (cap - 1);
        while (s[j].last != NULL) {
          j = (j + 1) & (cap - 1);
        }
        s[j] = m->s[i];
      }
    }
    free(m->s);
    m->s = s;
    m->cap = cap;
  }
  if (m->cap == 0) {
    return NULL;
  }
  size_t j = mix(a, b) & (m->cap - 1);
  while (m->s[j].last != NULL) {
    if (m->s[j].a == a && m->s[j].b == b) {
      return &m->s[j];
    }
    j = (j + 1) & (m->cap - 1);
  }
  if (!add) {
    return NULL;
  }
  m->s[j].a = a;
  m->s[j].b = b;
  m->n++;
  return &m->s[j];
}

/* ---- lists ------------------------------------------------------------------ */

static bool push(st_lkernel ***a, size_t *n, size_t *cap, st_lkernel *lk) {
  if (*n == *cap) {
    size_t c = *cap ? *cap * 2 : 16;
    st_lkernel **p = realloc(*a, c * sizeof *p);
    if (p == NULL) {
      return false;
    }
    *a = p;
    *cap = c;
  }
  (*a)[(*n)++] = lk;
  return true;
}

static void remove_from(st_lkernel **a, size_t *n, const st_lkernel *lk) {
  size_t o = 0;
  for (size_t i = 0; i < *n; i++) {
    if (a[i] != lk) {
      a[o++] = a[i];
    }
  }
  *n = o;
}

static void check_tree(st_launchq *q, st_lkernel *lk);

/* ---- the scheduling order ------------------------------------------------------ */

static void sched_insert_after(st_launchq *q, st_lkernel *after, st_lkernel *lk) {
  lk->sched_prev = after;
  lk->sched_next = after != NULL ? after->sched_next : q->sched_head;
  if (lk->sched_next != NULL) {
    lk->sched_next->sched_prev = lk;
  } else {
    q->sched_tail = lk;
  }
  if (after != NULL) {
    after->sched_next = lk;
  } else {
    q->sched_head = lk;
  }
  lk->in_sched = true;
  q->n_unissued++;
  q->sched_version++;
  if (q->on_sched != NULL) {
    q->on_sched(q->on_sched_ctx, lk);
  }
}

static void sched_remove(st_launchq *q, st_lkernel *lk) {
  if (!lk->in_sched) {
    return;
  }
  if (lk->sched_prev != NULL) {
    lk->sched_prev->sched_next = lk->sched_next;
  } else {
    q->sched_head = lk->sched_next;
  }
  if (lk->sched_next != NULL) {
    lk->sched_next->sched_prev = lk->sched_prev;
  } else {
    q->sched_tail = lk->sched_prev;
  }
  lk->sched_prev = lk->sched_next = NULL;
  lk->in_sched = false;
  q->n_unissued--;
  q->sched_version++;
}

st_status st_launchq_init(st_launchq *q, st_kernel *launches, size_t n, uint32_t n_sms,
                          size_t max_resident, uint64_t dispatch_latency, st_error *err) {
  memset(q, 0, sizeof *q);
  q->n_sms = n_sms;
  q->max_resident = max_resident ? max_resident : 1;
  q->dispatch_latency = dispatch_latency;
  q->hosts = calloc(n ? n : 1, sizeof *q->hosts);
  q->streams = calloc(1, sizeof *q->streams);
  if (q->hosts == NULL || q->streams == NULL) {
    st_launchq_free(q);
    return st_error_set(err, ST_ERR_NOMEM, "out of host memory");
  }
  for (size_t i = 0; i < n; i++) {
    st_lkernel *lk = &q->hosts[i];
    lk->k = &launches[i];
    lk->index = i;
    lk->host = true;
    lk->kind = ST_CDP_HOST;
    lk->rk.k = lk->k;
    lk->rk.resident = calloc(n_sms ? n_sms : 1, sizeof *lk->rk.resident);
    /* The launch before it on its host stream. */
    for (size_t j = i; j-- > 0;) {
      if (launches[j].stream == launches[i].stream) {
        lk->pred = &q->hosts[j];
        break;
      }
    }
    if (lk->rk.resident == NULL || !push(&q->l, &q->n, &q->cap, lk) ||
        !push(&q->waiting, &q->n_waiting, &q->cap_waiting, lk)) {
      st_launchq_free(q);
      return st_error_set(err, ST_ERR_NOMEM, "out of host memory");
    }
  }
  q->dirty = true;
  q->next_time = UINT64_MAX;
  q->levels = 4;
  return ST_OK;
}

void st_launchq_free(st_launchq *q) {
  for (size_t i = 0; q->l != NULL && i < q->n; i++) {
    st_lkernel *lk = q->l[i];
    free(lk->rk.resident);
    if (!lk->host) {
      free(lk->own.params);
      free(lk);
    }
  }
  free(q->l);
  free(q->hosts);
  free(q->resident);
  free(q->waiting);
  free(q->groups);
  if (q->streams != NULL) {
    free(q->streams->s);
    free(q->streams);
  }
  memset(q, 0, sizeof *q);
}

/* The resident grid (kernel or joined group) of launch id `id`, or NULL. */
static st_lkernel *resident_of(const st_launchq *q, uint64_t id) {
  for (size_t i = 0; i < q->n_resident; i++) {
    if (q->resident[i]->k->launch_id == id) {
      return q->resident[i];
    }
  }
  for (size_t i = 0; i < q->n_groups; i++) {
    if (q->groups[i]->k->launch_id == id) {
      return q->groups[i];
    }
  }
  return NULL;
}

st_status st_launchq_add_device(st_launchq *q, st_kernel *k, uint64_t parent_id,
                                uint64_t key, uint8_t kind, uint64_t t_arrive, uint32_t parent_sm,
                                uint32_t hw_tid, st_error *err) {
  st_lkernel *parent = resident_of(q, parent_id);
  st_lkernel *lk = calloc(1, sizeof *lk);
  if (lk == NULL) {
    free(k->params);
    return st_error_set(err, ST_ERR_NOMEM, "out of host memory");
  }
  lk->own = *k;
  k->params = NULL;
  lk->k = &lk->own;
  lk->rk.k = lk->k;
  lk->index = q->n;
  lk->kind = kind;
  lk->parent = parent;
  lk->t_arrive = t_arrive;
  lk->parent_sm = parent_sm;
  lk->hw_tid = hw_tid;
  lk->prio = parent == NULL ? 1 : parent->prio < q->levels ? (uint8_t)(parent->prio + 1) : q->levels;
  lk->rk.resident = calloc(q->n_sms ? q->n_sms : 1, sizeof *lk->rk.resident);
  if (lk->rk.resident == NULL || !push(&q->l, &q->n, &q->cap, lk)) {
    free(lk->rk.resident);
    free(lk->own.params);
    free(lk);
    return st_error_set(err, ST_ERR_NOMEM, "out of host memory");
  }
  if (!push(&q->waiting, &q->n_waiting, &q->cap_waiting, lk)) {
    return st_error_set(err, ST_ERR_NOMEM, "out of host memory");
  }
  if (kind != ST_CDP_FORGET && kind != ST_CDP_GROUP) {
    uint64_t a = kind == ST_CDP_CREATED ? 0 : parent_id;
    uint64_t b = kind == ST_CDP_TAIL ? UINT64_MAX : key;
    stream_slot *s = stream_find(q->streams, a, b, true);
    if (s == NULL) {
      return st_error_set(err, ST_ERR_NOMEM, "out of host memory");
    }
    lk->pred = s->last;
    s->last = lk;
  }
  if (parent != NULL) {
    if (kind == ST_CDP_TAIL) {
      parent->open_tails++;
    } else {
      parent->open++;
    }
  }
  q->next_time = t_arrive < q->next_time ? t_arrive : q->next_time;
  return ST_OK;
}

/* ---- readiness --------------------------------------------------------------- */

/* True if lk's stream lets it go on. */
static bool stream_ready(const st_lkernel *lk) {
  if (lk->pred != NULL && !lk->pred->tree_done) {
    return false;
  }
  if (lk->kind == ST_CDP_TAIL && lk->parent != NULL) {
    /* After its grid and that grid's other descendants. */
    return lk->parent->state == LK_DONE && lk->parent->open == 0;
  }
  return true;
}

st_lkernel *st_launchq_startable(st_launchq *q, uint64_t now) {
  if (!st_launchq_due(q, now)) {
    return NULL;
  }
  uint64_t next = UINT64_MAX;
  for (size_t i = 0; i < q->n_waiting; i++) {
    st_lkernel *lk = q->waiting[i];
    if (lk->state == LK_DISPATCHING) {
      if (lk->t_dispatch <= now) {
        return lk; /* its dispatch has ended: it takes the entry it holds */
      }
      next = lk->t_dispatch < next ? lk->t_dispatch : next;
      continue;
    }
    if (!lk->host && lk->t_arrive > now) {
      next = lk->t_arrive < next ? lk->t_arrive : next;
      continue;
    }
    if (lk->kind == ST_CDP_GROUP && !lk->as_kernel) {
      return lk; /* it looks for a kernel to join */
    }
    if (!stream_ready(lk) || q->n_resident + q->n_dispatching >= q->max_resident) {
      continue; /* a change elsewhere (a tree done, an entry freed) must come first */
    }
    if (lk->host || q->dispatch_latency == 0) {
      if (!lk->host) {
        lk->t_dispatch = now;
      }
      return lk;
    }
    st_launchq_account(q, now);
    lk->state = LK_DISPATCHING;
    lk->t_dispatch = now + q->dispatch_latency;
    q->n_dispatching++;
    next = lk->t_dispatch < next ? lk->t_dispatch : next;
  }
  /* Nothing more may go on before `next` unless something changes. */
  q->dirty = false;
  q->next_time = next;
  return NULL;
}

void st_launchq_account(st_launchq *q, uint64_t now) {
  if (q->kd == NULL || now <= q->kd_last) {
    q->kd_last = now > q->kd_last ? now : q->kd_last;
    return;
  }
  uint64_t d = now - q->kd_last;
  size_t held = q->n_resident + q->n_dispatching;
  st_kd_stats *kd = q->kd;
  if (kd->window == 0) {
    kd->window = 1000;
    kd->t0 = q->kd_last;
  }
  /* The series: entry-cycles per window; when the run outgrows it, pairs
   * of windows merge and the window doubles. */
  for (uint64_t a = q->kd_last; a < now;) {
    uint64_t idx = (a - kd->t0) / kd->window;
    if (idx >= ST_KD_SERIES) {
      for (uint32_t i = 0; i < ST_KD_SERIES / 2; i++) {
        kd->series[i] = kd->series[2 * i] + kd->series[2 * i + 1];
      }
      memset(kd->series + ST_KD_SERIES / 2, 0, sizeof kd->series / 2);
      kd->window *= 2;
      kd->n_series = (kd->n_series + 1) / 2;
      continue;
    }
    uint64_t end = kd->t0 + (idx + 1) * kd->window;
    uint64_t seg = (now < end ? now : end) - a;
    kd->series[idx] += seg * held;
    kd->n_series = idx + 1 > kd->n_series ? (uint32_t)(idx + 1) : kd->n_series;
    a += seg;
  }
  q->kd->cycles += d;
  q->kd->occupied += d * held;
  q->kd->hist[held < 32 ? held : 32] += d;
  q->kd->max = held > q->kd->max ? (uint32_t)held : q->kd->max;
  if (held >= q->max_resident && q->n_waiting > q->n_dispatching) {
    q->kd->full += d;
  }
  q->kd_last = now;
}

st_status st_launchq_start(st_launchq *q, st_lkernel *lk, uint64_t now) {
  st_launchq_account(q, now);
  if (lk->state == LK_DISPATCHING) {
    q->n_dispatching--;
  }
  remove_from(q->waiting, &q->n_waiting, lk);
  lk->state = LK_RESIDENT;
  lk->k_start = now;
  if (!push(&q->resident, &q->n_resident, &q->cap_resident, lk)) {
    return ST_ERR_NOMEM;
  }
  /* The lowest free entry of the kernel distributor. */
  lk->kde = 0;
  while (lk->kde < 1024 && (q->kde_used[lk->kde / 64] >> (lk->kde % 64) & 1) != 0) {
    lk->kde++;
  }
  if (lk->kde < 1024) {
    q->kde_used[lk->kde / 64] |= UINT64_C(1) << (lk->kde % 64);
  }
  if (lk->next_cta < lk->k->num_ctas) {
    sched_insert_after(q, q->sched_tail, lk);
  }
  lk->last_item = lk;
  q->dirty = true;
  return ST_OK;
}

st_lkernel *st_launchq_eligible(const st_launchq *q, const st_lkernel *g) {
  const st_kernel *gk = g->k;
  for (size_t i = 0; i < q->n_resident; i++) {
    const st_kernel *k = q->resident[i]->k;
    if (k->kmod == gk->kmod && k->entry_index == gk->entry_index && k->block.x == gk->block.x &&
        k->block.y == gk->block.y && k->block.z == gk->block.z &&
        k->dyn_shared == gk->dyn_shared) {
      return q->resident[i];
    }
  }
  return NULL;
}

st_status st_launchq_join(st_launchq *q, st_lkernel *g, st_lkernel *k, uint64_t now,
                          uint64_t ready) {
  remove_from(q->waiting, &q->n_waiting, g);
  g->state = LK_RESIDENT;
  g->k_start = now;
  g->target = k;
  g->t_ready = ready;
  k->groups_open++;
  /* After the kernel's last item still in the order (FCFS: the kernel is
   * still marked), else at the tail (the kernel is marked again). */
  bool chained = k->last_item != NULL && k->last_item->in_sched;
  st_lkernel *after = chained ? k->last_item : q->sched_tail;
  if (chained && k->last_item != k) {
    k->last_item->chain_next = g; /* the AGT's Next of the group before */
  }
  sched_insert_after(q, after, g);
  k->last_item = g;
  q->dirty = true;
  return ST_OK;
}

void st_launchq_finish_group(st_launchq *q, st_lkernel *g) {
  g->state = LK_DONE;
  remove_from(q->groups, &q->n_groups, g);
  g->target->groups_open--;
  q->dirty = true;
  check_tree(q, g);
}

/* lk and every launch below it are done: tell its parent. */
static void check_tree(st_launchq *q, st_lkernel *lk) {
  while (lk != NULL && !lk->tree_done && lk->state == LK_DONE && lk->open == 0 &&
         lk->open_tails == 0) {
    lk->tree_done = true;
    q->n_tree_done++;
    q->dirty = true;
    st_lkernel *p = lk->parent;
    if (p != NULL) {
      if (lk->kind == ST_CDP_TAIL) {
        p->open_tails--;
      } else {
        p->open--;
      }
    }
    lk = p;
  }
}

void st_launchq_finish(st_launchq *q, st_lkernel *lk, uint64_t now) {
  st_launchq_account(q, now);
  sched_remove(q, lk);
  if (lk->kde < 1024) {
    q->kde_used[lk->kde / 64] &= ~(UINT64_C(1) << (lk->kde % 64));
  }
  lk->state = LK_DONE;
  remove_from(q->resident, &q->n_resident, lk);
  q->dirty = true;
  check_tree(q, lk);
}

st_status st_launchq_placed(st_launchq *q, st_lkernel *lk) {
  if (lk->target != NULL && lk->next_cta == 0 &&
      !push(&q->groups, &q->n_groups, &q->cap_groups, lk)) {
    return ST_ERR_NOMEM;
  }
  lk->next_cta++;
  if (lk->next_cta == lk->k->num_ctas) {
    sched_remove(q, lk);
  }
  return ST_OK;
}
