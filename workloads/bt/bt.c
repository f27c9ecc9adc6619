/* BT host driver: bulk-loads a B+ tree of order 256 over sorted unique random
 * keys (nodes filled at random between half and full, as a tree grown by
 * inserts is), then runs the two Rodinia-style searches: find-K (one CTA per
 * key) and range-K (one CTA per range). Checked exactly against binary
 * searches over the sorted keys. */
#include <limits.h>
#include <stdlib.h>
#include <string.h>

#include "workload.h"

#define ORDER 256 /* threads per CTA and children per node (bt.cu) */
#define SLOTS (ORDER + 1)
#define MAX_LEVELS 16

typedef struct tree {
  int n_keys;
  int *key;     /* sorted unique keys (host copy, the reference's input) */
  int n_nodes;
  int height;   /* inner levels from the root to the leaves */
  int *slot_key;   /* n_nodes * SLOTS */
  int *slot_child; /* n_nodes * SLOTS */
} tree;

/* Splits count items into consecutive groups of lo..hi items at random
 * (the last group takes the rest, and may be shorter); writes the group
 * starts, plus count at the end, to start[]. Returns the number of groups. */
static int split_groups(st_wl_rng *r, int count, int lo, int hi, int *start) {
  int g = 0, at = 0;
  while (at < count) {
    start[g++] = at;
    int size = lo + (int)st_wl_rng_below(r, (uint32_t)(hi - lo + 1));
    at = at + size < count ? at + size : count;
  }
  start[g] = count;
  return g;
}

/* Levels are built bottom-up (level 0 = leaves) and numbered top-down: the
 * root is node 0, then each level left to right. */
static int build_tree(tree *t, st_wl_rng *r) {
  int *start[MAX_LEVELS] = {0}; /* per level: group starts over the level below */
  int *minkey[MAX_LEVELS] = {0};
  int count[MAX_LEVELS] = {0};
  int levels = 0, below = t->n_keys, rc = -1;
  do {
    if (levels == MAX_LEVELS) goto out;
    start[levels] = malloc(((size_t)below + 1) * sizeof(int));
    minkey[levels] = malloc(((size_t)below + 1) * sizeof(int));
    if (start[levels] == NULL || minkey[levels] == NULL) goto out;
    int lo = levels == 0 ? ORDER / 2 : ORDER / 2 + 1;
    int hi = levels == 0 ? ORDER - 1 : ORDER;
    count[levels] = split_groups(r, below, lo, hi, start[levels]);
    for (int i = 0; i < count[levels]; i++) {
      int first = start[levels][i];
      minkey[levels][i] = levels == 0 ? t->key[first] : minkey[levels - 1][first];
    }
    below = count[levels];
    levels++;
  } while (below > 1);
  t->height = levels - 1;
  int base[MAX_LEVELS];
  t->n_nodes = 0;
  for (int l = levels - 1; l >= 0; l--) {
    base[l] = t->n_nodes;
    t->n_nodes += count[l];
  }
  t->slot_key = malloc((size_t)t->n_nodes * SLOTS * sizeof(int));
  t->slot_child = malloc((size_t)t->n_nodes * SLOTS * sizeof(int));
  if (t->slot_key == NULL || t->slot_child == NULL) goto out;
  for (int l = 0; l < levels; l++) {
    for (int i = 0; i < count[l]; i++) {
      int *k = t->slot_key + (size_t)(base[l] + i) * SLOTS;
      int *c = t->slot_child + (size_t)(base[l] + i) * SLOTS;
      int first = start[l][i], n = start[l][i + 1] - first;
      for (int s = 0; s < SLOTS; s++) {
        k[s] = INT_MAX;
        c[s] = -1;
      }
      if (l == 0) { /* leaf: keys and their record positions */
        for (int s = 0; s < n; s++) {
          k[s] = t->key[first + s];
          c[s] = first + s;
        }
      } else { /* inner: child s holds keys in [k[s], k[s+1]) */
        for (int s = 0; s < n; s++) {
          k[s] = s == 0 ? INT_MIN : minkey[l - 1][first + s];
          c[s] = base[l - 1] + first + s;
        }
      }
    }
  }
  rc = 0;
out:
  for (int l = 0; l < MAX_LEVELS; l++) {
    free(start[l]);
    free(minkey[l]);
  }
  return rc;
}

/* Position of the first key >= x (upper: > x) in the sorted keys. */
static int lower_bound(const int *a, int n, int x, int upper) {
  int lo = 0, hi = n;
  while (lo < hi) {
    int mid = lo + (hi - lo) / 2;
    if (a[mid] < x || (upper && a[mid] == x)) {
      lo = mid + 1;
    } else {
      hi = mid;
    }
  }
  return lo;
}

typedef struct bufs {
  int *query, *answer, *lo, *hi, *start, *count, *records;
  int *want_answer, *want_start, *want_count;
} bufs;

static st_status run_queries(st_wl_ctx *ctx, const tree *t, bufs *h, int nk, int nr,
                             st_error *err) {
  st_gpu *gpu = ctx->gpu;
  uint64_t d_key, d_child, d_rec, d_query, d_answer, d_cur, d_next, d_lo, d_hi, d_cur_lo,
      d_next_lo, d_cur_hi, d_next_hi, d_start, d_count;
  uint64_t tb = (uint64_t)t->n_nodes * SLOTS * 4;
  st_status rc = st_wl_upload(gpu, t->slot_key, tb, &d_key, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, t->slot_child, tb, &d_child, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, h->records, (uint64_t)t->n_keys * 4, &d_rec, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, h->query, (uint64_t)nk * 4, &d_query, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, h->answer, (uint64_t)nk * 4, &d_answer, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, (uint64_t)nk * 4, &d_cur, err); /* root */
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, (uint64_t)nk * 4, &d_next, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, h->lo, (uint64_t)nr * 4, &d_lo, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, h->hi, (uint64_t)nr * 4, &d_hi, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, (uint64_t)nr * 4, &d_cur_lo, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, (uint64_t)nr * 4, &d_next_lo, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, (uint64_t)nr * 4, &d_cur_hi, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, (uint64_t)nr * 4, &d_next_hi, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, h->start, (uint64_t)nr * 4, &d_start, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, h->count, (uint64_t)nr * 4, &d_count, err);
  if (rc == ST_OK) {
    st_arg a[] = {ST_ARG_PTR(d_key),   ST_ARG_PTR(d_child), ST_ARG_S32(t->height),
                  ST_ARG_PTR(d_rec),   ST_ARG_PTR(d_query), ST_ARG_PTR(d_cur),
                  ST_ARG_PTR(d_next),  ST_ARG_PTR(d_answer)};
    rc = st_launch(gpu, ctx->mod, "bt_find_k", st_dim3_make((uint32_t)nk, 1, 1),
                   st_dim3_make(ORDER, 1, 1), 0, a, 8, err);
  }
  if (rc == ST_OK) {
    st_arg a[] = {ST_ARG_PTR(d_key),     ST_ARG_PTR(d_child),   ST_ARG_S32(t->height),
                  ST_ARG_PTR(d_lo),      ST_ARG_PTR(d_hi),      ST_ARG_PTR(d_cur_lo),
                  ST_ARG_PTR(d_next_lo), ST_ARG_PTR(d_cur_hi),  ST_ARG_PTR(d_next_hi),
                  ST_ARG_PTR(d_start),   ST_ARG_PTR(d_count)};
    rc = st_launch(gpu, ctx->mod, "bt_find_range", st_dim3_make((uint32_t)nr, 1, 1),
                   st_dim3_make(ORDER, 1, 1), 0, a, 11, err);
  }
  if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, h->answer, d_answer, (uint64_t)nk * 4, err);
  if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, h->start, d_start, (uint64_t)nr * 4, err);
  if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, h->count, d_count, (uint64_t)nr * 4, err);
  return rc;
}

typedef struct bt_size {
  int n;  /* keys */
  int nk; /* find-K queries */
  int nr; /* range queries */
} bt_size;

static bt_size bt_sizes(st_wl_size size) {
  bt_size z = {65536, 128, 64};
  if (size == ST_WL_PAPER) {
    z = (bt_size){1000000, 10000, 6000};
  } else if (size == ST_WL_MEDIUM) {
    z = (bt_size){262144, 1000, 600};
  }
  return z;
}

/* Allocates the keys, the tree and the query buffers (h's want arrays too
 * when want); false when memory runs out (free_inputs frees what was made). */
static bool alloc_inputs(tree *t, bufs *h, bt_size z, bool want) {
  memset(t, 0, sizeof *t);
  memset(h, 0, sizeof *h);
  t->n_keys = z.n;
  t->key = malloc((size_t)z.n * sizeof(int));
  h->records = malloc((size_t)z.n * sizeof(int));
  h->query = malloc((size_t)z.nk * sizeof(int));
  h->answer = malloc((size_t)z.nk * sizeof(int));
  h->lo = malloc((size_t)z.nr * sizeof(int));
  h->hi = malloc((size_t)z.nr * sizeof(int));
  h->start = malloc((size_t)z.nr * sizeof(int));
  h->count = malloc((size_t)z.nr * sizeof(int));
  if (want) {
    h->want_answer = malloc((size_t)z.nk * sizeof(int));
    h->want_start = malloc((size_t)z.nr * sizeof(int));
    h->want_count = malloc((size_t)z.nr * sizeof(int));
  }
  return t->key && h->records && h->query && h->answer && h->lo && h->hi && h->start &&
         h->count && (!want || (h->want_answer && h->want_start && h->want_count));
}

static void free_inputs(tree *t, bufs *h) {
  free(t->key);
  free(t->slot_key);
  free(t->slot_child);
  free(h->records);
  free(h->query);
  free(h->answer);
  free(h->want_answer);
  free(h->lo);
  free(h->hi);
  free(h->start);
  free(h->count);
  free(h->want_start);
  free(h->want_count);
}

/* The keys, their records, the tree over them, and the queries; the
 * answers start at -1 ("not found"). Returns -1 when memory runs out. */
static int make_inputs(uint64_t seed, tree *t, bufs *h, bt_size z) {
  int n = z.n;
  int width = 3000; /* a range spans up to width keys' worth of key space */
  st_wl_rng r;
  st_wl_rng_seed(&r, seed);
  for (int i = 0; i < n; i++) {
    t->key[i] = 4 * i + (int)st_wl_rng_below(&r, 4); /* sorted, unique */
    h->records[i] = (int)(st_wl_rng_next(&r) >> 33);
  }
  if (build_tree(t, &r) != 0) {
    return -1;
  }
  /* Three in four find-K keys are present; the rest are random (mostly
   * absent). */
  for (int q = 0; q < z.nk; q++) {
    h->query[q] = st_wl_rng_below(&r, 4) ? t->key[st_wl_rng_below(&r, (uint32_t)n)]
                                         : (int)st_wl_rng_below(&r, 4u * (uint32_t)n);
    h->answer[q] = -1;
  }
  for (int q = 0; q < z.nr; q++) {
    h->lo[q] = (int)st_wl_rng_below(&r, 4u * (uint32_t)n);
    h->hi[q] = h->lo[q] + (int)st_wl_rng_below(&r, 4u * (uint32_t)width);
    h->start[q] = h->count[q] = -1;
  }
  return 0;
}

/* ---- CPU version: the kernels' descents, one query per iteration ------- */

/* The first of a node's ORDER slots (as the kernels' threads) whose key is >= x
 * (upper: > x); ORDER when none is. */
static int slot_bound(const int *k, int x, int upper) {
  int lo = 0, hi = ORDER;
  while (lo < hi) {
    int mid = lo + (hi - lo) / 2;
    if (k[mid] < x || (upper && k[mid] == x)) {
      lo = mid + 1;
    } else {
      hi = mid;
    }
  }
  return lo;
}

/* From the root to the leaf whose interval holds x: at each inner level the
 * child of the slot with key[s] <= x < key[s + 1] (slot 0 holds INT_MIN). */
static int descend(const tree *t, int x) {
  int node = 0;
  for (int level = 0; level < t->height; level++) {
    const int *k = t->slot_key + (size_t)node * SLOTS;
    node = t->slot_child[(size_t)node * SLOTS + (size_t)(slot_bound(k, x, 1) - 1)];
  }
  return node;
}

/* The record position a leaf reports for the first slot s past a bound: its
 * child, or one past the leaf's last record at the INT_MAX pad. */
static int leaf_position(const tree *t, int leaf, int s) {
  const int *k = t->slot_key + (size_t)leaf * SLOTS;
  const int *c = t->slot_child + (size_t)leaf * SLOTS;
  return k[s] != INT_MAX ? c[s] : c[s - 1] + 1;
}

typedef struct bt_cpu_args {
  const tree *t;
  bufs *h;
  int nk, nr, threads;
} bt_cpu_args;

static void bt_cpu_work(void *arg) {
  bt_cpu_args *a = arg;
  const tree *t = a->t;
  bufs *h = a->h;
#pragma omp parallel num_threads(a->threads)
  {
#pragma omp for schedule(static)
    for (int q = 0; q < a->nk; q++) {
      int key = h->query[q], leaf = descend(t, key);
      const int *k = t->slot_key + (size_t)leaf * SLOTS;
      int s = slot_bound(k, key, 0);
      h->answer[q] = s < ORDER && k[s] == key
                         ? h->records[t->slot_child[(size_t)leaf * SLOTS + (size_t)s]]
                         : -1;
    }
#pragma omp for schedule(static)
    for (int q = 0; q < a->nr; q++) {
      int la = descend(t, h->lo[q]), lb = descend(t, h->hi[q]);
      int start = leaf_position(t, la, slot_bound(t->slot_key + (size_t)la * SLOTS, h->lo[q], 0));
      int end = leaf_position(t, lb, slot_bound(t->slot_key + (size_t)lb * SLOTS, h->hi[q], 1));
      h->start[q] = start;
      h->count[q] = end - start;
    }
  }
}

static st_status cpu(st_wl_ctx *ctx, st_error *err) {
  (void)err;
  bt_size z = bt_sizes(ctx->size);
  tree t;
  bufs h;
  st_status rc = ST_ERR_NOMEM;
  if (alloc_inputs(&t, &h, z, false) && make_inputs(ctx->seed, &t, &h, z) == 0) {
    bt_cpu_args a = {.t = &t, .h = &h, .nk = z.nk, .nr = z.nr, .threads = ctx->threads};
    rc = st_wl_cpu_time(ctx, bt_cpu_work, &a);
  }
  if (rc == ST_OK) {
    st_wl_cpu_digest(ctx, h.answer, (size_t)z.nk * sizeof(int));
    st_wl_cpu_digest(ctx, h.start, (size_t)z.nr * sizeof(int));
    st_wl_cpu_digest(ctx, h.count, (size_t)z.nr * sizeof(int));
  }
  free_inputs(&t, &h);
  return rc;
}

static st_status run(st_wl_ctx *ctx, st_error *err) {
  bt_size z = bt_sizes(ctx->size);
  int n = z.n, nk = z.nk, nr = z.nr;
  tree t;
  bufs h;
  st_status rc = ST_ERR_NOMEM;
  if (alloc_inputs(&t, &h, z, true) && make_inputs(ctx->seed, &t, &h, z) == 0) {
    for (int q = 0; q < nk; q++) {
      int p = lower_bound(t.key, n, h.query[q], 0);
      h.want_answer[q] = p < n && t.key[p] == h.query[q] ? h.records[p] : -1;
    }
    for (int q = 0; q < nr; q++) {
      h.want_start[q] = lower_bound(t.key, n, h.lo[q], 0);
      h.want_count[q] = lower_bound(t.key, n, h.hi[q], 1) - h.want_start[q];
    }
    rc = run_queries(ctx, &t, &h, nk, nr, err);
  }
  if (rc == ST_OK) {
    rc = st_wl_check_u32(ctx, "find-K answers", (const uint32_t *)h.answer,
                         (const uint32_t *)h.want_answer, (size_t)nk);
  }
  if (rc == ST_OK) {
    rc = st_wl_check_u32(ctx, "range starts", (const uint32_t *)h.start,
                         (const uint32_t *)h.want_start, (size_t)nr);
  }
  if (rc == ST_OK) {
    rc = st_wl_check_u32(ctx, "range counts", (const uint32_t *)h.count,
                         (const uint32_t *)h.want_count, (size_t)nr);
  }
  if (rc == ST_OK && ctx->log != NULL) {
    fprintf(ctx->log,
            "  bt: %d keys, order %d, %d nodes, height %d; %d find-K + %d range queries "
            "(2 launches)\n",
            n, ORDER, t.n_nodes, t.height, nk, nr);
  }
  free_inputs(&t, &h);
  return rc;
}

const st_workload_desc st_wl_bt = {
    .name = "bt",
    .title = "B+ tree search: find-K and range-K, one CTA per query",
    .seeds = "BAWS BT, CAWA/Ctrl-C BT (Rodinia b+tree)",
    .category = "BAWS barrier-intensive (8 warps/TB, 5 TBs/SM); CAWA M, Sens; Ctrl-C CS/NS "
                "lost in the source (re-derive by the 1.2x rule)",
    .suite = "Rodinia",
    .tables = "CAWA Table 3.2 (M) and Table 4.2 (Sens), 1M nodes; Ctrl-C Table 5.3 row 11, 1M "
               "nodes; BAWS Table 2 (5 TBs x 8 warps per SM; no input given)",
    .ptx = "bt.ptx",
    .small = "65536 keys (height 2), 128 find-K + 64 range queries",
    .paper = "1M keys (the seeds' 1M nodes), 10000 find-K + 6000 range queries",
    .medium = "262144 keys (height 2), 1000 find-K + 600 range queries",
    .run = run,
    .cpu = cpu,
};
