/* BHT host driver: random bodies in the unit cube (positions on a 2^16
 * lattice per axis, distinct; masses in [0.5, 1.5) / n), an octree built
 * here with at most one body per leaf and each node's centre of mass, the
 * bodies renumbered in the tree's depth-first leaf order, the nodes in
 * breadth-first order (children consecutive).
 *
 * flat: one launch, one thread per body. cdp: host launches of bht_open at
 * the root, BHT_CHUNK buckets of 32 bodies each (one block per bucket), and
 * the device launches one further level per pocket of at least 32 (body,
 * child) pairs. dtbl: as cdp, with bht_open_dtbl, whose launches are DTBL
 * aggregated groups of bht_open_dtbl itself.
 *
 * The CPU reference walks the tree for every body with the same float
 * operations and fixed-point sums: every body's three force sums and its
 * interaction count must match exactly. For cdp and dtbl the CPU also replays the
 * launch decisions, so the number of child launches and their threads must
 * match too. */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "workload.h"

#define BHT_SCALE 4294967296.0f
#define BHT_BUCKET 32
#define BHT_CHUNK 8       /* buckets per host launch of the cdp variant */
#define BHT_BUDGET 2000   /* child launches per host launch: under CUDA's 2048 pending launches */
#define BHT_LEVELS 16  /* position bits per axis */
#define THREADS 128

/* The kernels' struct bht_tree, byte for byte (88 bytes). */
typedef struct bht_dev {
  uint64_t com, kids, side2, body, acc, count, stats, budget;
  float theta2, eps2;
  uint32_t n, chunk, budget_max, pad;
} bht_dev;

typedef struct bht_host {
  uint32_t n, nodes, depth; /* bodies, nodes, the deepest leaf's level */
  float *body;   /* n x {x, y, z, mass} */
  float *com;    /* nodes x {x, y, z, mass} */
  int32_t *kids; /* nodes x {first child, children} or {body, 0} */
  float *side2;  /* nodes */
  float theta2, eps2;
} bht_host;

typedef struct bht_sum {
  int64_t x, y, z;
  uint32_t n;
} bht_sum;

/* ---- the tree -------------------------------------------------------------- */

typedef struct ptree {
  int32_t (*child)[8];
  int32_t *body; /* -1 internal */
  uint8_t *level;
  uint32_t n, cap;
} ptree;

static int32_t pt_new(ptree *t, int32_t body, uint8_t level) {
  if (t->n == t->cap) {
    uint32_t cap = t->cap ? t->cap * 2 : 1024;
    int32_t(*c)[8] = realloc(t->child, cap * sizeof *c);
    if (c != NULL) t->child = c;
    int32_t *b = realloc(t->body, cap * sizeof *b);
    if (b != NULL) t->body = b;
    uint8_t *l = realloc(t->level, cap);
    if (l != NULL) t->level = l;
    if (c == NULL || b == NULL || l == NULL) return -1;
    t->cap = cap;
  }
  for (int i = 0; i < 8; i++) t->child[t->n][i] = -1;
  t->body[t->n] = body;
  t->level[t->n] = level;
  return (int32_t)t->n++;
}

static uint32_t octant(const uint16_t *pos, uint32_t level) {
  uint32_t bit = BHT_LEVELS - 1 - level;
  return (uint32_t)((pos[0] >> bit & 1) | (pos[1] >> bit & 1) << 1 | (pos[2] >> bit & 1) << 2);
}

/* Inserts body i; returns 1 on success, 0 when its position is taken, -1
 * when out of memory. */
static int pt_insert(ptree *t, const uint16_t (*pos)[3], int32_t i) {
  int32_t v = 0;
  for (;;) {
    int32_t j = t->body[v];
    if (j >= 0) { /* a leaf: push its body one level down */
      if (memcmp(pos[i], pos[j], sizeof pos[i]) == 0) return 0;
      int32_t c = pt_new(t, j, (uint8_t)(t->level[v] + 1));
      if (c < 0) return -1;
      t->body[v] = -1;
      t->child[v][octant(pos[j], t->level[v])] = c;
    }
    uint32_t o = octant(pos[i], t->level[v]);
    if (t->child[v][o] < 0) {
      int32_t c = pt_new(t, i, (uint8_t)(t->level[v] + 1));
      if (c < 0) return -1;
      t->child[v][o] = c;
      return 1;
    }
    v = t->child[v][o];
  }
}

/* Depth-first leaf order: new body numbers. */
static void pt_order(const ptree *t, int32_t v, int32_t *newid, uint32_t *next) {
  if (t->body[v] >= 0) {
    newid[t->body[v]] = (int32_t)(*next)++;
    return;
  }
  for (int o = 0; o < 8; o++) {
    if (t->child[v][o] >= 0) pt_order(t, t->child[v][o], newid, next);
  }
}

/* Centre of mass of v (into com, by old node number) from the bodies. */
static void pt_mass(const ptree *t, int32_t v, const float *body, const int32_t *newid,
                    double *com) {
  double *m = com + 4 * v;
  if (t->body[v] >= 0) {
    const float *b = body + 4 * newid[t->body[v]];
    for (int i = 0; i < 4; i++) m[i] = b[i];
    return;
  }
  double sx = 0, sy = 0, sz = 0, sm = 0;
  for (int o = 0; o < 8; o++) {
    int32_t c = t->child[v][o];
    if (c < 0) continue;
    pt_mass(t, c, body, newid, com);
    const double *cm = com + 4 * c;
    sx += cm[0] * cm[3];
    sy += cm[1] * cm[3];
    sz += cm[2] * cm[3];
    sm += cm[3];
  }
  m[0] = sx / sm;
  m[1] = sy / sm;
  m[2] = sz / sm;
  m[3] = sm;
}

static void bht_host_free(bht_host *h) {
  free(h->body);
  free(h->com);
  free(h->kids);
  free(h->side2);
}

static st_status make_tree(uint32_t n, uint64_t seed, bht_host *h) {
  memset(h, 0, sizeof *h);
  h->n = n;
  uint16_t(*pos)[3] = malloc((size_t)n * sizeof *pos);
  float *mass = malloc((size_t)n * sizeof *mass);
  int32_t *newid = malloc((size_t)n * sizeof *newid);
  ptree t = {0};
  st_status rc = ST_ERR_NOMEM;
  if (pos == NULL || mass == NULL || newid == NULL || pt_new(&t, -1, 0) < 0) goto out;
  st_wl_rng r;
  st_wl_rng_seed(&r, seed);
  for (uint32_t i = 0; i < n; i++) {
    int ok;
    do {
      for (int a = 0; a < 3; a++) pos[i][a] = (uint16_t)st_wl_rng_below(&r, 1u << BHT_LEVELS);
      mass[i] = (0.5f + st_wl_rng_unit(&r)) / (float)n;
      ok = pt_insert(&t, (const uint16_t(*)[3])pos, (int32_t)i);
    } while (ok == 0);
    if (ok < 0) goto out;
  }
  uint32_t next = 0;
  pt_order(&t, 0, newid, &next);
  h->nodes = t.n;
  h->body = malloc((size_t)n * 4 * sizeof *h->body);
  h->com = malloc((size_t)t.n * 4 * sizeof *h->com);
  h->kids = malloc((size_t)t.n * 2 * sizeof *h->kids);
  h->side2 = malloc((size_t)t.n * sizeof *h->side2);
  double *com = malloc((size_t)t.n * 4 * sizeof *com);
  int32_t *bfs = malloc((size_t)t.n * sizeof *bfs);
  if (h->body == NULL || h->com == NULL || h->kids == NULL || h->side2 == NULL || com == NULL ||
      bfs == NULL) {
    free(com);
    free(bfs);
    goto out;
  }
  const float unit = 1.0f / (float)(1u << BHT_LEVELS);
  for (uint32_t i = 0; i < n; i++) {
    float *b = h->body + 4 * newid[i];
    for (int a = 0; a < 3; a++) b[a] = ((float)pos[i][a] + 0.5f) * unit;
    b[3] = mass[i];
  }
  pt_mass(&t, 0, h->body, newid, com);
  /* Breadth-first numbering: bfs[k] is the old number of new node k. */
  uint32_t head = 0, tail = 1;
  bfs[0] = 0;
  while (head < tail) {
    int32_t v = bfs[head];
    int32_t *k = h->kids + 2 * head;
    head++;
    if (t.body[v] >= 0) {
      k[0] = newid[t.body[v]];
      k[1] = 0;
    } else {
      k[0] = (int32_t)tail;
      k[1] = 0;
      for (int o = 0; o < 8; o++) {
        if (t.child[v][o] >= 0) {
          bfs[tail++] = t.child[v][o];
          k[1]++;
        }
      }
    }
  }
  for (uint32_t k = 0; k < t.n; k++) {
    int32_t v = bfs[k];
    float side = ldexpf(1.0f, -(int)t.level[v]);
    h->depth = t.level[v] > h->depth ? t.level[v] : h->depth;
    h->side2[k] = side * side;
    if (t.body[v] >= 0) {
      memcpy(h->com + 4 * k, h->body + 4 * newid[t.body[v]], 4 * sizeof(float));
    } else {
      for (int a = 0; a < 4; a++) h->com[4 * k + a] = (float)com[4 * v + a];
    }
  }
  free(com);
  free(bfs);
  rc = ST_OK;
out:
  free(pos);
  free(mass);
  free(newid);
  free(t.child);
  free(t.body);
  free(t.level);
  if (rc != ST_OK) bht_host_free(h);
  return rc;
}

/* ---- CPU reference: the kernels' arithmetic ---------------------------------- */

static int cpu_visit(const bht_host *h, uint32_t b, const float *p, uint32_t c, bht_sum *s) {
  const int32_t *k = h->kids + 2 * c;
  const float *q = h->com + 4 * c;
  float dx = q[0] - p[0], dy = q[1] - p[1], dz = q[2] - p[2];
  float d2 = dx * dx + dy * dy;
  d2 = d2 + dz * dz;
  if (k[1] == 0) {
    if ((uint32_t)k[0] == b) return 0;
  } else if (!(h->side2[c] < h->theta2 * d2)) {
    return 1;
  }
  if (s == NULL) return 0;
  float inv = 1.0f / sqrtf(d2 + h->eps2);
  float f = q[3] * (inv * (inv * inv));
  s->x += llrintf((dx * f) * BHT_SCALE);
  s->y += llrintf((dy * f) * BHT_SCALE);
  s->z += llrintf((dz * f) * BHT_SCALE);
  s->n++;
  return 0;
}

static void cpu_walk(const bht_host *h, uint32_t b, const float *p, uint32_t c, bht_sum *s) {
  const int32_t *k = h->kids + 2 * c;
  for (int32_t v = k[0]; v < k[0] + k[1]; v++) {
    if (cpu_visit(h, b, p, (uint32_t)v, s)) cpu_walk(h, b, p, (uint32_t)v, s);
  }
}

/* Every body's walk from the root on the host threads (one body's sums by
 * one thread; bodies near each other in the leaf order walk alike). */
static void cpu_forces(const bht_host *h, uint64_t *acc, uint32_t *count, int threads) {
  int n = (int)h->n;
#pragma omp parallel for num_threads(threads) schedule(dynamic, 32)
  for (int b = 0; b < n; b++) {
    bht_sum s = {0, 0, 0, 0};
    cpu_walk(h, (uint32_t)b, h->body + 4 * b, 0, &s);
    acc[3 * b] = (uint64_t)s.x;
    acc[3 * b + 1] = (uint64_t)s.y;
    acc[3 * b + 2] = (uint64_t)s.z;
    count[b] = s.n;
  }
}

static uint32_t bht_bodies(st_wl_size size) {
  return size == ST_WL_PAPER ? 16384 : size == ST_WL_MEDIUM ? 2048 : 1024;
}

static void bht_params(bht_host *h) {
  h->theta2 = 0.25f; /* theta 0.5 */
  h->eps2 = 1e-4f;
}

/* The CPU version: every body's force sums and interaction count (what each
 * variant's launches compute) on every thread. The octree is the input, built
 * before, as the GPU run builds it on the host. */
typedef struct bht_cpu_args {
  const bht_host *h;
  uint64_t *acc;
  uint32_t *count;
  int threads;
} bht_cpu_args;

static void bht_cpu_work(void *arg) {
  bht_cpu_args *a = arg;
  cpu_forces(a->h, a->acc, a->count, a->threads);
}

static st_status cpu(st_wl_ctx *ctx, st_error *err) {
  (void)err;
  uint32_t n = bht_bodies(ctx->size);
  bht_host h;
  st_status rc = make_tree(n, ctx->seed, &h);
  if (rc != ST_OK) return rc;
  bht_params(&h);
  bht_cpu_args a = {&h, malloc((size_t)n * 3 * sizeof(uint64_t)), malloc((size_t)n * 4),
                    ctx->threads};
  rc = a.acc != NULL && a.count != NULL ? ST_OK : ST_ERR_NOMEM;
  if (rc == ST_OK) rc = st_wl_cpu_time(ctx, bht_cpu_work, &a);
  if (rc == ST_OK) {
    st_wl_cpu_digest(ctx, a.acc, (size_t)n * 3 * sizeof(uint64_t));
    st_wl_cpu_digest(ctx, a.count, (size_t)n * sizeof(uint32_t));
    if (ctx->log != NULL) {
      uint64_t inter = 0;
      for (uint32_t b = 0; b < n; b++) inter += a.count[b];
      fprintf(ctx->log, "  bht: %u bodies, octree of %u nodes, %llu interactions\n", n, h.nodes,
              (unsigned long long)inter);
    }
  }
  free(a.acc);
  free(a.count);
  bht_host_free(&h);
  return rc;
}

/* The cdp variant's launch decisions for the bodies of mask in the bucket at
 * b0 opening node: counts the launches and their threads. */
static void cpu_open(const bht_host *h, uint32_t node, uint32_t b0, uint32_t mask,
                     uint64_t *launches, uint64_t *threads) {
  const int32_t *k = h->kids + 2 * node;
  for (int32_t ci = 0; ci < k[1]; ci++) {
    uint32_t c = (uint32_t)(k[0] + ci), m = 0;
    for (uint32_t lane = 0; lane < BHT_BUCKET; lane++) {
      if ((mask >> lane & 1) && cpu_visit(h, b0 + lane, h->body + 4 * (b0 + lane), c, NULL)) {
        m |= 1u << lane;
      }
    }
    uint32_t pairs = (uint32_t)__builtin_popcount(m) * (uint32_t)h->kids[2 * c + 1];
    if (pairs >= 32) {
      (*launches)++;
      *threads += (pairs + 31u) & ~31u;
      cpu_open(h, c, b0, m, launches, threads);
    }
  }
}

static st_status run(st_wl_ctx *ctx, st_error *err) {
  int dtbl = ctx->variant != NULL && strcmp(ctx->variant, "dtbl") == 0;
  int cdp = dtbl || (ctx->variant != NULL && strcmp(ctx->variant, "cdp") == 0);
  const char *vname = dtbl ? "dtbl" : cdp ? "cdp" : "flat";
  uint32_t n = bht_bodies(ctx->size);
  bht_host h;
  st_status rc = make_tree(n, ctx->seed, &h);
  if (rc != ST_OK) return rc;
  bht_params(&h);
  uint64_t *acc = calloc((size_t)n * 3, sizeof *acc), *want_acc = calloc((size_t)n * 3, 8);
  uint32_t *count = calloc(n, sizeof *count), *want_count = calloc(n, 4);
  if (acc == NULL || want_acc == NULL || count == NULL || want_count == NULL) {
    rc = ST_ERR_NOMEM;
    goto out;
  }
  st_gpu *gpu = ctx->gpu;
  uint32_t nbuckets = (n + BHT_BUCKET - 1) / BHT_BUCKET;
  uint32_t nchunks = (nbuckets + BHT_CHUNK - 1) / BHT_CHUNK;
  uint64_t d_com, d_kids, d_side2, d_body, d_acc, d_count, d_stats, d_budget, d_tree;
  rc = st_wl_upload(gpu, h.com, (uint64_t)h.nodes * 16, &d_com, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, h.kids, (uint64_t)h.nodes * 8, &d_kids, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, h.side2, (uint64_t)h.nodes * 4, &d_side2, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, h.body, (uint64_t)n * 16, &d_body, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, (uint64_t)n * 24, &d_acc, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, (uint64_t)n * 4, &d_count, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, 12, &d_stats, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, (uint64_t)nchunks * 4, &d_budget, err);
  if (rc == ST_OK) {
    bht_dev d = {d_com,   d_kids,   d_side2, d_body, d_acc,     d_count,    d_stats,
                 d_budget, h.theta2, h.eps2, n,      BHT_CHUNK, BHT_BUDGET, 0};
    rc = st_wl_upload(gpu, &d, sizeof d, &d_tree, err);
  }
  uint32_t host_launches = 0, stats[3] = {0, 0, 0};
  if (rc == ST_OK && cdp) {
    uint32_t root_pairs = BHT_BUCKET * (uint32_t)h.kids[1];
    st_dim3 block = st_dim3_make((root_pairs + 31u) & ~31u, 1, 1);
    for (uint32_t q = 0; rc == ST_OK && q < nbuckets; q += BHT_CHUNK) {
      uint32_t nb = nbuckets - q < BHT_CHUNK ? nbuckets - q : BHT_CHUNK;
      st_arg a[] = {ST_ARG_PTR(d_tree), ST_ARG_U32(0), ST_ARG_U32(q * BHT_BUCKET),
                    ST_ARG_U32(0xffffffffu)};
      rc = st_launch(gpu, ctx->mod, dtbl ? "bht_open_dtbl" : "bht_open", st_dim3_make(nb, 1, 1),
                     block, 0, a, 4, err);
      host_launches++;
    }
  } else if (rc == ST_OK) {
    st_arg a[] = {ST_ARG_PTR(d_tree)};
    rc = st_launch(gpu, ctx->mod, "bht_flat", st_dim3_make((n + THREADS - 1) / THREADS, 1, 1),
                   st_dim3_make(THREADS, 1, 1), 0, a, 1, err);
    host_launches++;
  }
  if (rc == ST_OK) rc = st_synchronize(gpu, err);
  if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, acc, d_acc, (uint64_t)n * 24, err);
  if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, count, d_count, (uint64_t)n * 4, err);
  if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, stats, d_stats, 12, err);
  uint64_t want_launches = 0, want_threads = 0, inter = 0, capped = 0;
  uint32_t inter_min = UINT32_MAX, inter_max = 0;
  if (rc == ST_OK) {
    cpu_forces(&h, want_acc, want_count, ctx->threads);
    for (uint32_t b = 0; b < n; b++) {
      inter += want_count[b];
      inter_min = want_count[b] < inter_min ? want_count[b] : inter_min;
      inter_max = want_count[b] > inter_max ? want_count[b] : inter_max;
    }
    for (uint32_t c = 0; c < nchunks; c++) {
      uint64_t l = 0;
      for (uint32_t q = c * BHT_CHUNK; q < nbuckets && q < (c + 1) * BHT_CHUNK; q++) {
        uint32_t left = n - q * BHT_BUCKET;
        uint32_t mask = left >= BHT_BUCKET ? 0xffffffffu : (1u << left) - 1u;
        cpu_open(&h, 0, q * BHT_BUCKET, mask, &l, &want_threads);
      }
      want_launches += l;
      /* Past the budget, the launches made depend on the order in which
       * blocks run (the sums do not): exactly the budget is launched. */
      capped += l > BHT_BUDGET ? BHT_BUDGET : l;
    }
    rc = st_wl_check_u32(ctx, "interactions per body", count, want_count, n);
    if (rc == ST_OK) {
      rc = st_wl_check_u32(ctx, "forces per body (x, y, z; 64-bit fixed point as word pairs)",
                           (const uint32_t *)acc, (const uint32_t *)want_acc, (size_t)n * 6);
    }
    if (rc == ST_OK && cdp &&
        (stats[0] != capped || (capped == want_launches && stats[1] != want_threads))) {
      snprintf(ctx->verdict, sizeof ctx->verdict,
               "child launches: %u of %u threads in all, the CPU replay %llu of %llu (%llu "
               "within the budget)",
               stats[0], stats[1], (unsigned long long)want_launches,
               (unsigned long long)want_threads, (unsigned long long)capped);
      rc = ST_ERR_MISMATCH;
    }
    if (rc == ST_OK) {
      snprintf(ctx->verdict, sizeof ctx->verdict,
               "forces: %u bodies, %llu interactions, every force sum and count matches the CPU "
               "traversal%s",
               n, (unsigned long long)inter, cdp ? " (and the child launches its replay)" : "");
    }
  }
  if (ctx->log != NULL && rc != ST_ERR_NOMEM) {
    fprintf(ctx->log,
            "  bht: %u bodies, octree of %u nodes (deepest leaf at level %u), theta 0.5, %u "
            "buckets of %u, variant %s\n",
            n, h.nodes, h.depth, nbuckets, BHT_BUCKET, vname);
    if (rc == ST_OK) {
      fprintf(ctx->log, "  bht: interactions per body min/mean/max %u/%.1f/%u\n", inter_min,
              (double)inter / n, inter_max);
    }
    if (cdp) {
      fprintf(ctx->log,
              "  bht: %u host launches of %u buckets; %u %s, %u threads (%.1f per child; CPU "
              "replay %llu launches); %u pockets over the budget of %u launches per host launch "
              "walked by the parent\n",
              host_launches, BHT_CHUNK, stats[0], dtbl ? "group launches" : "child launches",
              stats[1], stats[0] ? (double)stats[1] / stats[0] : 0.0,
              (unsigned long long)want_launches, stats[2], BHT_BUDGET);
    } else {
      fprintf(ctx->log, "  bht: %u host launch\n", host_launches);
    }
  }
out:
  free(acc);
  free(want_acc);
  free(count);
  free(want_count);
  bht_host_free(&h);
  return rc;
}

const st_workload_desc st_wl_bht = {
    .name = "bht",
    .title = "Barnes-Hut force computation over random points (octree traversal with the opening "
             "criterion, fixed-point force sums)",
    .seeds = "DTBL/LaPerm/DVFS dissertation (Wang 2016) BHT",
    .category = "dissertation: static-structure traversal; recursive",
    .suite = "other",
    .tables = "dissertation Table 2, 6, 7 (random points)",
    .ptx = "bht.ptx",
    .small = "1024 random bodies (32 buckets)",
    .paper = "16384 random bodies (512 buckets)",
    .medium = "2048 random bodies (64 buckets)",
    .variants = "flat cdp dtbl",
    .inputs = NULL,
    .run = run,
    .cpu = cpu,
};
