/* Graph generators for the graph workloads (graph.h). Each generator makes an
 * undirected edge list, and build() turns it into sorted, de-duplicated CSR
 * with both directions of every edge. An edge's length is a hash of its two
 * ends and the seed, so both directions carry the same length. */
#include "graph.h"

#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>


/* Drivers use the public API only, so errors are filled in here. */
static st_status out_of_memory(st_error *err) {
  err->code = ST_ERR_NOMEM;
  snprintf(err->msg, sizeof err->msg, "graph generator: out of host memory");
  return ST_ERR_NOMEM;
}

typedef struct arc {
  uint64_t key; /* from << 32 | to */
} arc;

typedef struct edges {
  uint32_t *u, *v;
  size_t n, cap;
} edges;

static int push(edges *e, uint32_t u, uint32_t v) {
  if (u == v) {
    return 0;
  }
  if (e->n == e->cap) {
    size_t cap = e->cap ? e->cap * 2 : 1024;
    uint32_t *nu = realloc(e->u, cap * sizeof *nu);
    if (nu == NULL) {
      return -1;
    }
    e->u = nu;
    uint32_t *nv = realloc(e->v, cap * sizeof *nv);
    if (nv == NULL) {
      return -1;
    }
    e->v = nv;
    e->cap = cap;
  }
  e->u[e->n] = u;
  e->v[e->n] = v;
  e->n++;
  return 0;
}

static int cmp_arc(const void *a, const void *b) {
  uint64_t x = ((const arc *)a)->key, y = ((const arc *)b)->key;
  return x < y ? -1 : x > y;
}

static uint32_t length_of(uint32_t a, uint32_t b, uint64_t seed) {
  uint64_t lo = a < b ? a : b, hi = a < b ? b : a;
  uint64_t h = (lo << 32 | hi) ^ (seed * 0x9e3779b97f4a7c15u);
  h ^= h >> 33;
  h *= 0xff51afd7ed558ccdu;
  h ^= h >> 33;
  h *= 0xc4ceb9fe1a85ec53u;
  h ^= h >> 33;
  return (uint32_t)(1 + h % 1000);
}

static st_status nomem(edges *e, st_error *err) {
  free(e->u);
  free(e->v);
  return out_of_memory(err);
}

/* CSR from an undirected edge list: both directions, sorted, unique. */
static st_status build(st_wl_graph *g, uint32_t n, edges *e, int weighted, uint64_t seed,
                       st_error *err) {
  memset(g, 0, sizeof *g);
  size_t na = e->n * 2;
  arc *a = malloc((na ? na : 1) * sizeof *a);
  if (a == NULL) {
    return nomem(e, err);
  }
  for (size_t i = 0; i < e->n; i++) {
    a[2 * i].key = (uint64_t)e->u[i] << 32 | e->v[i];
    a[2 * i + 1].key = (uint64_t)e->v[i] << 32 | e->u[i];
  }
  free(e->u);
  free(e->v);
  e->u = e->v = NULL;
  qsort(a, na, sizeof *a, cmp_arc);
  size_t m = 0;
  for (size_t i = 0; i < na; i++) {
    if (m == 0 || a[m - 1].key != a[i].key) {
      a[m++] = a[i];
    }
  }
  g->n = n;
  g->m = (uint32_t)m;
  g->row = calloc((size_t)n + 1, sizeof *g->row);
  g->col = malloc((m ? m : 1) * sizeof *g->col);
  g->weight = weighted ? malloc((m ? m : 1) * sizeof *g->weight) : NULL;
  if (g->row == NULL || g->col == NULL || (weighted && g->weight == NULL)) {
    free(a);
    st_wl_graph_free(g);
    return out_of_memory(err);
  }
  for (size_t i = 0; i < m; i++) {
    uint32_t from = (uint32_t)(a[i].key >> 32), to = (uint32_t)a[i].key;
    g->row[from + 1]++;
    g->col[i] = to;
    if (weighted) {
      g->weight[i] = length_of(from, to, seed);
    }
  }
  for (uint32_t i = 0; i < n; i++) {
    g->row[i + 1] += g->row[i];
  }
  free(a);
  return ST_OK;
}

st_status st_wl_graph_road(st_wl_graph *g, uint32_t n, uint64_t seed, st_error *err) {
  /* A w x h grid. A comb spans it (every row a path, the first column
   * joining the rows), so it is connected and its diameter is about
   * w + h; each other vertical street is kept with probability 0.39, which
   * gives NY's 2.78 arcs per vertex. */
  uint32_t w = 1;
  while ((uint64_t)w * w < n) {
    w++;
  }
  uint32_t h = (n + w - 1) / w;
  uint32_t nv = w * h;
  st_wl_rng r;
  st_wl_rng_seed(&r, seed);
  edges e = {0};
  for (uint32_t y = 0; y < h; y++) {
    for (uint32_t x = 0; x < w; x++) {
      uint32_t id = y * w + x;
      if (x + 1 < w && push(&e, id, id + 1) != 0) {
        return nomem(&e, err);
      }
      if (y + 1 < h) {
        int keep = x == 0 || st_wl_rng_below(&r, 100) < 39;
        if (keep && push(&e, id, id + w) != 0) {
          return nomem(&e, err);
        }
      }
    }
  }
  return build(g, nv, &e, 1, seed, err);
}

st_status st_wl_graph_powerlaw(st_wl_graph *g, uint32_t n, uint32_t per_vertex, uint64_t seed,
                               st_error *err) {
  /* Preferential attachment: pick an end of a random earlier edge, i.e. a
   * vertex with probability proportional to its degree. The first
   * per_vertex + 1 vertices form a clique. */
  st_wl_rng r;
  st_wl_rng_seed(&r, seed);
  edges e = {0};
  uint32_t k = per_vertex ? per_vertex : 1;
  uint32_t core = k + 1 < n ? k + 1 : n;
  for (uint32_t a = 0; a < core; a++) {
    for (uint32_t b = a + 1; b < core; b++) {
      if (push(&e, a, b) != 0) {
        return nomem(&e, err);
      }
    }
  }
  for (uint32_t v = core; v < n; v++) {
    size_t before = e.n;
    for (uint32_t j = 0; j < k; j++) {
      size_t pick = (size_t)(st_wl_rng_next(&r) % (before * 2));
      uint32_t t = pick & 1 ? e.v[pick / 2] : e.u[pick / 2];
      if (push(&e, v, t) != 0) {
        return nomem(&e, err);
      }
    }
  }
  return build(g, n, &e, 0, seed, err);
}

st_status st_wl_graph_mesh(st_wl_graph *g, uint32_t rows, uint32_t cols, st_error *err) {
  edges e = {0};
  for (uint32_t y = 0; y < rows; y++) {
    for (uint32_t x = 0; x < cols; x++) {
      uint32_t id = y * cols + x;
      if ((x + 1 < cols && push(&e, id, id + 1) != 0) ||
          (y + 1 < rows && push(&e, id, id + cols) != 0)) {
        return nomem(&e, err);
      }
    }
  }
  return build(g, rows * cols, &e, 0, 0, err);
}

st_status st_wl_graph_uniform(st_wl_graph *g, uint32_t n, uint32_t edges_wanted, uint64_t seed,
                              st_error *err) {
  /* Draws pairs until `edges_wanted` distinct ones exist (the caller keeps
   * edges_wanted well under n (n - 1) / 2). Rejection on a bitmap of pairs. */
  if (n < 2 || (uint64_t)edges_wanted * 2 > (uint64_t)n * (n - 1)) {
    err->code = ST_ERR_USAGE;
    snprintf(err->msg, sizeof err->msg, "graph generator: %u edges do not fit %u vertices",
             edges_wanted, n);
    return ST_ERR_USAGE;
  }
  uint8_t *seen = calloc(((size_t)n * n + 7) / 8, 1);
  if (seen == NULL) {
    return out_of_memory(err);
  }
  st_wl_rng r;
  st_wl_rng_seed(&r, seed);
  edges e = {0};
  while (e.n < edges_wanted) {
    uint32_t a = st_wl_rng_below(&r, n), b = st_wl_rng_below(&r, n);
    if (a == b) {
      continue;
    }
    size_t bit = (size_t)(a < b ? a : b) * n + (a < b ? b : a);
    if (seen[bit / 8] & (1u << (bit % 8))) {
      continue;
    }
    seen[bit / 8] |= (uint8_t)(1u << (bit % 8));
    if (push(&e, a, b) != 0) {
      free(seen);
      return nomem(&e, err);
    }
  }
  free(seen);
  return build(g, n, &e, 1, seed, err);
}

st_status st_wl_graph_rmat(st_wl_graph *g, uint32_t scale, uint32_t edge_factor, uint64_t seed,
                           st_error *err) {
  /* Graph500's Kronecker generator without its per-level noise: each edge
   * picks one quadrant of the adjacency matrix per bit of the vertex number,
   * top-left (a) 57%, top-right (b) 19%, bottom-left (c) 19%, bottom-right
   * (d) 5%. The vertex numbers are then shuffled (as Graph500 does) so that
   * the hubs are not all at low numbers. build() makes the edges undirected
   * and drops self loops and duplicates, as the DIMACS-10 graph500 files. */
  if (scale == 0 || scale > 30) {
    err->code = ST_ERR_USAGE;
    snprintf(err->msg, sizeof err->msg, "graph generator: R-MAT scale %u out of range", scale);
    return ST_ERR_USAGE;
  }
  uint32_t n = 1u << scale;
  uint32_t *perm = malloc((size_t)n * sizeof *perm);
  if (perm == NULL) {
    return out_of_memory(err);
  }
  st_wl_rng r;
  st_wl_rng_seed(&r, seed);
  for (uint32_t v = 0; v < n; v++) {
    perm[v] = v;
  }
  for (uint32_t v = n - 1; v > 0; v--) {
    uint32_t j = st_wl_rng_below(&r, v + 1), t = perm[v];
    perm[v] = perm[j];
    perm[j] = t;
  }
  edges e = {0};
  uint64_t want = (uint64_t)n * edge_factor;
  for (uint64_t i = 0; i < want; i++) {
    uint32_t u = 0, v = 0;
    for (uint32_t bit = 0; bit < scale; bit++) {
      uint32_t p = st_wl_rng_below(&r, 100);
      uint32_t right = p >= 57 && p < 76;       /* b */
      uint32_t down = p >= 76 && p < 95;        /* c */
      uint32_t both = p >= 95;                  /* d */
      u = u << 1 | (down | both);
      v = v << 1 | (right | both);
    }
    if (push(&e, perm[u], perm[v]) != 0) {
      free(perm);
      return nomem(&e, err);
    }
  }
  free(perm);
  return build(g, n, &e, 0, seed, err);
}

st_status st_wl_graph_cage(st_wl_graph *g, uint32_t n, uint64_t seed, st_error *err) {
  /* cage15's shape (5.15M vertices, 99.2M nonzeros: about 18.3 neighbours
   * per vertex besides the diagonal, between 2 and 46, clustered near the
   * diagonal with some far entries): every vertex v joins 4 + (0..12) later
   * vertices, each with probability 7/8 at an offset uniform in 1..64 (the
   * band) and otherwise anywhere (a long link). Each vertex so has about
   * 10 edges to later and 10 to earlier vertices (fewer after duplicates
   * are merged), a narrow degree distribution. */
  st_wl_rng r;
  st_wl_rng_seed(&r, seed);
  edges e = {0};
  for (uint32_t v = 0; v < n; v++) {
    uint32_t k = 4 + st_wl_rng_below(&r, 13);
    for (uint32_t j = 0; j < k; j++) {
      uint32_t u;
      if (st_wl_rng_below(&r, 8) != 0) {
        u = v + 1 + st_wl_rng_below(&r, 64);
        if (u >= n) {
          u = (v + n - 1 - st_wl_rng_below(&r, 64)) % n; /* the last rows look back */
        }
      } else {
        u = st_wl_rng_below(&r, n);
      }
      if (push(&e, v, u) != 0) {
        return nomem(&e, err);
      }
    }
  }
  return build(g, n, &e, 0, seed, err);
}

/* An index below limit drawn in proportion to the weights whose running
 * sums are cum[]. */
static uint32_t draw_weighted(st_wl_rng *r, const double *cum, uint32_t limit) {
  double p = st_wl_rng_unit(r) * cum[limit - 1];
  uint32_t lo = 0, hi = limit - 1;
  while (lo < hi) {
    uint32_t mid = (lo + hi) / 2;
    if (cum[mid] > p) {
      hi = mid;
    } else {
      lo = mid + 1;
    }
  }
  return lo;
}

st_status st_wl_graph_flight(st_wl_graph *g, uint32_t n, uint64_t seed, st_error *err) {
  /* Airports at random points of a 700 x 700 square (a route's length is
   * the rounded distance, 1..990). The airport of hub rank i (ranks in a
   * random order of the airports) has the weight w_i = c (i + 1)^-0.7, c
   * such that the weights sum to 12 n: with 4096 airports the largest hub
   * expects about 1200 route ends before de-duplication, the median airport
   * about 5. Every airport after the first is joined to one of higher rank
   * drawn in proportion to the weights (so the network is connected), and
   * then sum(w) / 2 more routes join two airports each drawn in proportion
   * to the weights (Chung-Lu). */
  if (n < 2) {
    err->code = ST_ERR_USAGE;
    snprintf(err->msg, sizeof err->msg, "graph generator: flight needs 2 airports or more");
    return ST_ERR_USAGE;
  }
  st_wl_rng r;
  st_wl_rng_seed(&r, seed);
  double *cum = malloc((size_t)n * sizeof *cum);
  uint32_t *x = malloc((size_t)n * sizeof *x), *y = malloc((size_t)n * sizeof *y);
  uint32_t *rank = malloc((size_t)n * sizeof *rank);
  if (cum == NULL || x == NULL || y == NULL || rank == NULL) {
    free(cum);
    free(x);
    free(y);
    free(rank);
    return out_of_memory(err);
  }
  for (uint32_t v = 0; v < n; v++) {
    x[v] = st_wl_rng_below(&r, 700);
    y[v] = st_wl_rng_below(&r, 700);
    rank[v] = v;
  }
  for (uint32_t v = n - 1; v > 0; v--) { /* hub rank -> airport number */
    uint32_t j = st_wl_rng_below(&r, v + 1), t = rank[v];
    rank[v] = rank[j];
    rank[j] = t;
  }
  double total = 0.0;
  for (uint32_t i = 0; i < n; i++) {
    total += pow((double)i + 1.0, -0.7);
    cum[i] = total;
  }
  double scale = 12.0 * n / total; /* the weights sum to 12 n */
  for (uint32_t i = 0; i < n; i++) {
    cum[i] *= scale;
  }
  total *= scale;
  edges e = {0};
  int fail = 0;
  for (uint32_t i = 1; i < n && !fail; i++) {
    uint32_t j = draw_weighted(&r, cum, i);
    fail = push(&e, rank[i], rank[j]) != 0;
  }
  uint64_t more = (uint64_t)(total / 2.0);
  for (uint64_t k = 0; k < more && !fail; k++) {
    uint32_t a = draw_weighted(&r, cum, n), b = draw_weighted(&r, cum, n);
    fail = push(&e, rank[a], rank[b]) != 0;
  }
  free(cum);
  free(rank);
  st_status rc = fail ? nomem(&e, err) : build(g, n, &e, 1, seed, err);
  if (rc == ST_OK) {
    for (uint32_t v = 0; v < n; v++) {
      for (uint32_t a = g->row[v]; a < g->row[v + 1]; a++) {
        uint32_t u = g->col[a];
        double dx = (double)x[v] - x[u], dy = (double)y[v] - y[u], d2 = dx * dx + dy * dy;
        uint32_t len = (uint32_t)lround(sqrt(d2));
        g->weight[a] = len ? len : 1;
      }
    }
  }
  free(x);
  free(y);
  return rc;
}

void st_wl_graph_add_lengths(st_wl_graph *g, uint64_t seed) {
  if (g->weight != NULL) {
    return;
  }
  g->weight = malloc((g->m ? g->m : 1) * sizeof *g->weight);
  if (g->weight == NULL) {
    return;
  }
  for (uint32_t v = 0; v < g->n; v++) {
    for (uint32_t a = g->row[v]; a < g->row[v + 1]; a++) {
      g->weight[a] = length_of(v, g->col[a], seed);
    }
  }
}

st_status st_wl_graph_dp_sized(st_wl_graph *g, const char *input, uint32_t n,
                               uint32_t rmat_scale, uint32_t airports, int weighted,
                               uint64_t seed, st_error *err) {
  st_status rc;
  if (strcmp(input, "citation") == 0) {
    rc = st_wl_graph_powerlaw(g, n, 4, seed, err);
  } else if (strcmp(input, "usa_road") == 0) {
    rc = st_wl_graph_road(g, n, seed, err);
  } else if (strcmp(input, "cage15") == 0) {
    rc = st_wl_graph_cage(g, n, seed, err);
  } else if (strcmp(input, "graph500") == 0) {
    rc = st_wl_graph_rmat(g, rmat_scale, 16, seed, err);
  } else if (strcmp(input, "flight") == 0) {
    rc = st_wl_graph_flight(g, airports, seed, err);
  } else {
    err->code = ST_ERR_USAGE;
    snprintf(err->msg, sizeof err->msg, "graph input '%s' unknown", input);
    return ST_ERR_USAGE;
  }
  if (rc == ST_OK && weighted && g->weight == NULL) {
    st_wl_graph_add_lengths(g, seed);
    if (g->weight == NULL) {
      st_wl_graph_free(g);
      return out_of_memory(err);
    }
  }
  return rc;
}

st_status st_wl_graph_dp_input(st_wl_graph *g, const char *input, int paper, int weighted,
                               uint64_t seed, st_error *err) {
  return st_wl_graph_dp_sized(g, input, paper ? 65536 : 4096, paper ? 16 : 12,
                              paper ? 4096 : 1024, weighted, seed, err);
}

void st_wl_graph_dp_log(FILE *log, const char *name, const st_wl_graph *g) {
  static const uint32_t upper[] = {0, 1, 3, 7, 15, 31, 63, 127, 255, 1023, 1024};
  st_wl_graph_log_degrees(log, name, g, upper, sizeof upper / sizeof upper[0]);
}

uint32_t st_wl_graph_dp_source(const st_wl_graph *g, uint64_t seed) {
  uint32_t with = 0;
  for (uint32_t v = 0; v < g->n; v++) {
    with += g->row[v + 1] > g->row[v];
  }
  if (with == 0) {
    return 0;
  }
  st_wl_rng r;
  st_wl_rng_seed(&r, seed ^ 0x5eedu);
  uint32_t k = st_wl_rng_below(&r, with);
  for (uint32_t v = 0; v < g->n; v++) {
    if (g->row[v + 1] > g->row[v] && k-- == 0) {
      return v;
    }
  }
  return 0;
}

void st_wl_graph_free(st_wl_graph *g) {
  free(g->row);
  free(g->col);
  free(g->weight);
  memset(g, 0, sizeof *g);
}

void st_wl_graph_describe(const st_wl_graph *g, char *buf, size_t size) {
  uint32_t lo = UINT32_MAX, hi = 0;
  for (uint32_t i = 0; i < g->n; i++) {
    uint32_t d = g->row[i + 1] - g->row[i];
    lo = d < lo ? d : lo;
    hi = d > hi ? d : hi;
  }
  snprintf(buf, size, "%u vertices, %u arcs, degree min/mean/max %u/%.2f/%u", g->n, g->m,
           g->n ? lo : 0, g->n ? (double)g->m / g->n : 0.0, hi);
}

void st_wl_graph_log_degrees(FILE *log, const char *name, const st_wl_graph *g,
                             const uint32_t *upper, size_t n) {
  if (log == NULL || n == 0) {
    return;
  }
  char buf[160];
  st_wl_graph_describe(g, buf, sizeof buf);
  uint64_t count[16] = {0};
  n = n < 16 ? n : 16;
  for (uint32_t v = 0; v < g->n; v++) {
    uint32_t d = g->row[v + 1] - g->row[v];
    size_t b = 0;
    while (b + 1 < n && d > upper[b]) {
      b++;
    }
    count[b]++;
  }
  fprintf(log, "  %s: %s\n  %s: degree", name, buf, name);
  for (size_t b = 0; b < n; b++) {
    uint32_t lo = b == 0 ? 0 : upper[b - 1] + 1;
    if (b + 1 == n) {
      fprintf(log, " >%u: %" PRIu64 "\n", lo - 1, count[b]);
    } else if (lo == upper[b]) {
      fprintf(log, " %u: %" PRIu64 ",", lo, count[b]);
    } else {
      fprintf(log, " %u-%u: %" PRIu64 ",", lo, upper[b], count[b]);
    }
  }
}

/* Dijkstra with a binary heap of (distance, vertex), lazy deletion. */
int st_wl_graph_dijkstra(const st_wl_graph *g, uint32_t source, int32_t inf, int32_t *dist) {
  size_t cap = (size_t)g->m + 1;
  uint64_t *heap = malloc(cap * sizeof *heap);
  if (heap == NULL) {
    return -1;
  }
  for (uint32_t v = 0; v < g->n; v++) {
    dist[v] = inf;
  }
  size_t size = 0;
  dist[source] = 0;
  heap[size++] = (uint64_t)source;
  while (size > 0) {
    uint64_t top = heap[0];
    heap[0] = heap[--size];
    for (size_t i = 0;;) { /* sift down */
      size_t l = 2 * i + 1, r = l + 1, s = i;
      if (l < size && heap[l] < heap[s]) s = l;
      if (r < size && heap[r] < heap[s]) s = r;
      if (s == i) break;
      uint64_t t = heap[i];
      heap[i] = heap[s];
      heap[s] = t;
      i = s;
    }
    uint32_t v = (uint32_t)top;
    int32_t d = (int32_t)(top >> 32);
    if (d != dist[v]) {
      continue;
    }
    for (uint32_t e = g->row[v]; e < g->row[v + 1]; e++) {
      uint32_t u = g->col[e];
      int32_t nd = d + (int32_t)g->weight[e];
      if (nd < dist[u]) {
        dist[u] = nd;
        if (size == cap) { /* each arc pushes at most once */
          free(heap);
          return -1;
        }
        size_t i = size++;
        heap[i] = (uint64_t)nd << 32 | u;
        while (i > 0 && heap[(i - 1) / 2] > heap[i]) { /* sift up */
          uint64_t t = heap[i];
          heap[i] = heap[(i - 1) / 2];
          heap[(i - 1) / 2] = t;
          i = (i - 1) / 2;
        }
      }
    }
  }
  free(heap);
  return 0;
}

