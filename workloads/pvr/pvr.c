/* PVR host driver: a synthetic web log, one text line per page view,
 * "a.b.c.d GET /pNNN.html 200\n" (the kind of log pvc reads); visitors are
 * random IPv4 addresses, pages follow a Zipf popularity (rank r with weight
 * 2^32 / r) over a random permutation of the page numbers, so popularity
 * does not follow the page order. Two MapReduce passes as in Mars's
 * PageViewRank: the first counts the views of every page (map, bitonic sort,
 * group, reduce; the host reads the number of distinct pages between group
 * and reduce), the second ranks the pages (a map to (views descending, page)
 * keys and the same bitonic sort). Checked exactly: the sorted entry keys
 * against a CPU sort of the keys the generator knows the map must emit, the
 * number of distinct pages, and the whole ranked list (views, page). */
#include <stdlib.h>
#include <string.h>

#include "workload.h"

#define TILE 512
#define CTA 256

static int cmp_u64(const void *a, const void *b) {
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return (x > y) - (x < y);
}

typedef struct weblog {
  char *text;
  int *start;
  uint64_t *key; /* what the map phase must emit for each entry */
  size_t bytes;
} weblog;

static int make_log(weblog *w, int entries, int pages, uint64_t seed) {
  st_wl_rng r;
  st_wl_rng_seed(&r, seed);
  uint64_t *cum = malloc((size_t)pages * sizeof *cum);
  uint32_t *perm = malloc((size_t)pages * sizeof *perm);
  w->text = malloc((size_t)entries * 40 + 1);
  w->start = malloc((size_t)entries * sizeof *w->start);
  w->key = malloc((size_t)entries * sizeof *w->key);
  if (cum == NULL || perm == NULL || w->text == NULL || w->start == NULL || w->key == NULL) {
    free(cum);
    free(perm);
    return -1;
  }
  uint64_t total = 0;
  for (int p = 0; p < pages; p++) {
    total += (1ull << 32) / (uint64_t)(p + 1);
    cum[p] = total;
    perm[p] = (uint32_t)p;
  }
  for (int p = pages - 1; p > 0; p--) { /* page number of each popularity rank */
    uint32_t q = st_wl_rng_below(&r, (uint32_t)p + 1), t = perm[p];
    perm[p] = perm[q];
    perm[q] = t;
  }
  size_t at = 0;
  for (int i = 0; i < entries; i++) {
    uint32_t ip = (uint32_t)st_wl_rng_next(&r);
    uint64_t u = st_wl_rng_next(&r) % total;
    int lo = 0, hi = pages - 1; /* first rank whose cumulative weight exceeds u */
    while (lo < hi) {
      int mid = (lo + hi) / 2;
      if (cum[mid] > u) {
        hi = mid;
      } else {
        lo = mid + 1;
      }
    }
    uint32_t page = perm[lo];
    w->start[i] = (int)at;
    at += (size_t)sprintf(w->text + at, "%u.%u.%u.%u GET /p%u.html 200\n", ip >> 24,
                          (ip >> 16) & 255, (ip >> 8) & 255, ip & 255, page);
    w->key[i] = (uint64_t)page << 32 | (uint32_t)i;
  }
  w->bytes = at;
  free(cum);
  free(perm);
  return 0;
}

/* small: 4096 entries, 1024 pages; medium: 32768, 4096; paper: 1000000, 65536. */
static void pvr_size(st_wl_size size, int *entries, int *pages) {
  *entries = size == ST_WL_PAPER ? 1000000 : size == ST_WL_MEDIUM ? 32768 : 4096;
  *pages = size == ST_WL_PAPER ? 65536 : size == ST_WL_MEDIUM ? 4096 : 1024;
}

/* ---- the CPU version ---- */

#define PAD_KEY UINT64_MAX
#define CPU_CHUNK 4096 /* keys per chunk of the grouping's scan */

/* The first entry of a page's group. */
static bool cpu_group_start(const uint64_t *keys, uint32_t i) {
  return keys[i] != PAD_KEY && (i == 0 || (keys[i - 1] >> 32) != (keys[i] >> 32));
}

typedef struct pvr_cpu_args {
  const char *text;
  const int *start;
  uint64_t *keys, *rank;
  uint32_t *chunk_base, *group_first, *page, *views;
  uint32_t groups, n, m;
  int entries, threads;
} pvr_cpu_args;

/* The CPU version, in one parallel region: the map (one entry per
 * iteration), the bitonic sort, the grouping (each chunk's group starts
 * counted, the chunks' bases scanned on one thread, each group's first entry
 * written), the reduce (one page per iteration, walking its group), the rank
 * map and the second bitonic sort. */
static void pvr_cpu_work(void *arg) {
  pvr_cpu_args *a = arg;
  uint32_t n = a->n, nchunks = (n + CPU_CHUNK - 1) / CPU_CHUNK;
#pragma omp parallel num_threads(a->threads)
  {
#pragma omp for schedule(static)
    for (uint32_t i = 0; i < n; i++) {
      if (i >= (uint32_t)a->entries) {
        a->keys[i] = PAD_KEY;
        continue;
      }
      const char *p = a->text + a->start[i];
      while (*p != '/') {
        p++;
      }
      p += 2;
      uint32_t page = 0;
      for (char c = *p; c >= '0' && c <= '9'; c = *++p) {
        page = page * 10 + (uint32_t)(c - '0');
      }
      a->keys[i] = (uint64_t)page << 32 | i;
    }
    st_wl_bitonic_u64_region(a->keys, n, TILE);
#pragma omp for schedule(static)
    for (uint32_t c = 0; c < nchunks; c++) {
      uint32_t count = 0;
      for (uint32_t i = c * CPU_CHUNK; i < (c + 1) * CPU_CHUNK && i < n; i++) {
        count += cpu_group_start(a->keys, i);
      }
      a->chunk_base[c] = count;
    }
#pragma omp single
    {
      uint32_t run = 0;
      for (uint32_t c = 0; c < nchunks; c++) {
        uint32_t v = a->chunk_base[c];
        a->chunk_base[c] = run;
        run += v;
      }
      a->groups = run;
      a->m = TILE;
      while (a->m < run) {
        a->m *= 2;
      }
    }
#pragma omp for schedule(static)
    for (uint32_t c = 0; c < nchunks; c++) {
      uint32_t at = a->chunk_base[c];
      for (uint32_t i = c * CPU_CHUNK; i < (c + 1) * CPU_CHUNK && i < n; i++) {
        if (cpu_group_start(a->keys, i)) {
          a->group_first[at++] = i;
        }
      }
    }
    uint32_t groups = a->groups, m = a->m;
#pragma omp for schedule(dynamic, 64)
    for (uint32_t g = 0; g < groups; g++) {
      uint32_t k = a->group_first[g];
      uint32_t end = g + 1 < groups ? a->group_first[g + 1] : (uint32_t)a->entries;
      uint32_t p = (uint32_t)(a->keys[k] >> 32), views = 0;
      for (; k < end; k++) {
        views += (uint32_t)(a->keys[k] >> 32) == p; /* each entry's value is one view */
      }
      a->page[g] = p;
      a->views[g] = views;
    }
#pragma omp for schedule(static)
    for (uint32_t i = 0; i < m; i++) {
      a->rank[i] = i < groups ? (uint64_t)~a->views[i] << 32 | a->page[i] : PAD_KEY;
    }
    st_wl_bitonic_u64_region(a->rank, m, TILE);
  }
}

static st_status cpu(st_wl_ctx *ctx, st_error *err) {
  (void)err;
  int entries, pages;
  pvr_size(ctx->size, &entries, &pages);
  uint32_t n = TILE, mmax = TILE;
  while (n < (uint32_t)entries) {
    n *= 2;
  }
  while (mmax < (uint32_t)pages) {
    mmax *= 2;
  }
  weblog w = {0};
  pvr_cpu_args a = {.keys = malloc((size_t)n * sizeof(uint64_t)),
                    .rank = malloc((size_t)mmax * sizeof(uint64_t)),
                    .chunk_base = malloc(((size_t)n / CPU_CHUNK + 1) * sizeof(uint32_t)),
                    .group_first = malloc((size_t)n * sizeof(uint32_t)),
                    .page = malloc((size_t)pages * sizeof(uint32_t)),
                    .views = malloc((size_t)pages * sizeof(uint32_t)),
                    .n = n, .entries = entries, .threads = ctx->threads};
  st_status rc = a.keys && a.rank && a.chunk_base && a.group_first && a.page && a.views &&
                         make_log(&w, entries, pages, ctx->seed) == 0
                     ? ST_OK
                     : ST_ERR_NOMEM;
  if (rc == ST_OK) {
    a.text = w.text;
    a.start = w.start;
    rc = st_wl_cpu_time(ctx, pvr_cpu_work, &a);
  }
  if (rc == ST_OK) {
    st_wl_cpu_digest(ctx, a.keys, (size_t)n * sizeof(uint64_t));
    st_wl_cpu_digest(ctx, &a.groups, sizeof a.groups);
    st_wl_cpu_digest(ctx, a.rank, (size_t)a.m * sizeof(uint64_t));
  }
  free(w.text);
  free(w.start);
  free(w.key);
  free(a.keys);
  free(a.rank);
  free(a.chunk_base);
  free(a.group_first);
  free(a.page);
  free(a.views);
  return rc;
}

static st_status launch(st_wl_ctx *ctx, const char *entry, uint32_t ctas, const st_arg *args,
                        size_t n, int *count, st_error *err) {
  (*count)++;
  return st_launch(ctx->gpu, ctx->mod, entry, st_dim3_make(ctas, 1, 1), st_dim3_make(CTA, 1, 1),
                   0, args, n, err);
}

/* The bitonic sort of n keys (n a power of two, at least TILE). */
static st_status sort_keys(st_wl_ctx *ctx, uint64_t d_keys, uint32_t n, int *count,
                           st_error *err) {
  st_arg a[] = {ST_ARG_PTR(d_keys)};
  st_status rc = launch(ctx, "pvr_sort_tile", n / TILE, a, 1, count, err);
  for (uint32_t size = 2 * TILE; rc == ST_OK && size <= n; size *= 2) {
    for (uint32_t dist = size / 2; rc == ST_OK && dist >= TILE; dist /= 2) {
      st_arg g[] = {ST_ARG_PTR(d_keys), ST_ARG_U32(size), ST_ARG_U32(dist)};
      rc = launch(ctx, "pvr_merge_global", n / 2 / CTA, g, 3, count, err);
    }
    st_arg m[] = {ST_ARG_PTR(d_keys), ST_ARG_U32(size)};
    if (rc == ST_OK) rc = launch(ctx, "pvr_merge_tile", n / TILE, m, 2, count, err);
  }
  return rc;
}

/* Compares n sorted keys with the reference; fills the verdict on a difference. */
static st_status check_keys(st_wl_ctx *ctx, const char *what, const uint64_t *got,
                            const uint64_t *want, uint32_t n) {
  size_t bad = 0, first = 0;
  for (uint32_t i = 0; i < n; i++) {
    if (got[i] != want[i] && bad++ == 0) {
      first = i;
    }
  }
  if (bad == 0) {
    return ST_OK;
  }
  snprintf(ctx->verdict, sizeof ctx->verdict,
           "%s: %zu of %u differ; first at %zu: expected 0x%016llx, got 0x%016llx", what, bad, n,
           first, (unsigned long long)want[first], (unsigned long long)got[first]);
  return ST_ERR_MISMATCH;
}

static st_status run(st_wl_ctx *ctx, st_error *err) {
  int entries, pages;
  pvr_size(ctx->size, &entries, &pages);
  uint32_t n = TILE, m = TILE; /* entry keys and rank keys, padded to powers of two */
  while (n < (uint32_t)entries) {
    n *= 2;
  }
  while (m < (uint32_t)pages) {
    m *= 2;
  }
  uint32_t ctas = n / CTA, groups = 0;
  weblog w = {0};
  uint64_t *sorted = malloc((size_t)n * sizeof *sorted);
  uint64_t *ref = malloc((size_t)n * sizeof *ref);
  uint64_t *ranked = malloc((size_t)m * sizeof *ranked);
  uint64_t *want_rank = malloc((size_t)m * sizeof *want_rank);
  st_status rc = sorted && ref && ranked && want_rank && make_log(&w, entries, pages, ctx->seed) == 0
                     ? ST_OK
                     : ST_ERR_NOMEM;
  uint64_t d_log = 0, d_start = 0, d_keys = 0, d_off = 0, d_tot = 0, d_first = 0, d_page = 0,
           d_views = 0, d_rank = 0;
  st_gpu *gpu = ctx->gpu;
  int launches = 0;
  if (rc == ST_OK) rc = st_wl_upload(gpu, w.text, w.bytes, &d_log, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, w.start, (uint64_t)entries * 4, &d_start, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, (uint64_t)n * 8, &d_keys, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, (uint64_t)n * 4, &d_off, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, ((uint64_t)ctas + 1) * 4, &d_tot, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, (uint64_t)n * 4, &d_first, err);
  /* first MapReduce: views per page */
  if (rc == ST_OK) {
    st_arg a[] = {ST_ARG_PTR(d_log), ST_ARG_PTR(d_start), ST_ARG_S32(entries),
                  ST_ARG_PTR(d_keys)};
    rc = launch(ctx, "pvr_map", ctas, a, 4, &launches, err);
  }
  if (rc == ST_OK) rc = sort_keys(ctx, d_keys, n, &launches, err);
  if (rc == ST_OK) {
    st_arg a[] = {ST_ARG_PTR(d_keys), ST_ARG_PTR(d_off), ST_ARG_PTR(d_tot)};
    rc = launch(ctx, "pvr_group_scan", ctas, a, 3, &launches, err);
  }
  if (rc == ST_OK) {
    st_arg a[] = {ST_ARG_PTR(d_tot), ST_ARG_S32((int32_t)ctas)};
    rc = launch(ctx, "pvr_scan_totals", 1, a, 2, &launches, err);
  }
  if (rc == ST_OK) {
    st_arg a[] = {ST_ARG_PTR(d_keys), ST_ARG_PTR(d_off), ST_ARG_PTR(d_tot), ST_ARG_PTR(d_first)};
    rc = launch(ctx, "pvr_compact", ctas, a, 4, &launches, err);
  }
  if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, &groups, d_tot + (uint64_t)ctas * 4, 4, err);
  if (rc == ST_OK && (groups == 0 || groups > (uint32_t)pages)) {
    snprintf(ctx->verdict, sizeof ctx->verdict, "distinct pages: %u, not in 1..%d", groups,
             pages);
    rc = ST_ERR_MISMATCH;
  }
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, (uint64_t)groups * 4, &d_page, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, (uint64_t)groups * 4, &d_views, err);
  if (rc == ST_OK) {
    st_arg a[] = {ST_ARG_PTR(d_keys),        ST_ARG_PTR(d_first), ST_ARG_S32((int32_t)groups),
                  ST_ARG_U32((uint32_t)entries), ST_ARG_PTR(d_page), ST_ARG_PTR(d_views)};
    rc = launch(ctx, "pvr_reduce", (groups + CTA - 1) / CTA, a, 6, &launches, err);
  }
  /* second MapReduce: rank the pages by views, most viewed first */
  if (rc == ST_OK) {
    m = TILE;
    while (m < groups) {
      m *= 2;
    }
    rc = st_wl_upload(gpu, NULL, (uint64_t)m * 8, &d_rank, err);
  }
  if (rc == ST_OK) {
    st_arg a[] = {ST_ARG_PTR(d_page), ST_ARG_PTR(d_views), ST_ARG_S32((int32_t)groups),
                  ST_ARG_PTR(d_rank)};
    rc = launch(ctx, "pvr_rank_map", m / CTA, a, 4, &launches, err);
  }
  if (rc == ST_OK) rc = sort_keys(ctx, d_rank, m, &launches, err);
  if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, sorted, d_keys, (uint64_t)n * 8, err);
  if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, ranked, d_rank, (uint64_t)m * 8, err);
  if (rc == ST_OK) {
    /* CPU reference: the entry keys sorted, the views per page, the pages ranked */
    memcpy(ref, w.key, (size_t)entries * sizeof *ref);
    memset(ref + entries, 0xff, (size_t)(n - (uint32_t)entries) * sizeof *ref);
    qsort(ref, (size_t)entries, sizeof *ref, cmp_u64);
    uint32_t want_groups = 0;
    for (int i = 0; i < entries;) {
      uint32_t page = (uint32_t)(ref[i] >> 32), views = 0;
      for (; i < entries && (uint32_t)(ref[i] >> 32) == page; i++) {
        views++;
      }
      want_rank[want_groups++] = (uint64_t)~views << 32 | page;
    }
    memset(want_rank + want_groups, 0xff, (size_t)(m - want_groups) * sizeof *want_rank);
    qsort(want_rank, want_groups, sizeof *want_rank, cmp_u64);
    rc = check_keys(ctx, "sorted entry keys", sorted, ref, n);
    if (rc == ST_OK && groups != want_groups) {
      snprintf(ctx->verdict, sizeof ctx->verdict, "distinct pages: expected %u, got %u",
               want_groups, groups);
      rc = ST_ERR_MISMATCH;
    }
    if (rc == ST_OK) rc = check_keys(ctx, "ranked (views, page) keys", ranked, want_rank, m);
    if (rc == ST_OK) {
      snprintf(ctx->verdict, sizeof ctx->verdict,
               "%u sorted entry keys, %u distinct pages and the %u-key ranking (top page %u "
               "with %u views) match the CPU reference",
               n, groups, m, (uint32_t)want_rank[0], ~(uint32_t)(want_rank[0] >> 32));
    }
    if (ctx->log != NULL) {
      fprintf(ctx->log,
              "  pvr: %d log entries (%zu bytes), %d pages, %u distinct; %u entry keys and %u "
              "rank keys sorted; %d launches of 256-thread CTAs\n",
              entries, w.bytes, pages, groups, n, m, launches);
    }
  }
  free(w.text);
  free(w.start);
  free(w.key);
  free(sorted);
  free(ref);
  free(ranked);
  free(want_rank);
  return rc;
}

const st_workload_desc st_wl_pvr = {
    .name = "pvr",
    .title = "page view rank over a web log, MapReduce-style (map, bitonic sort + group, reduce "
             "to views per page, then a rank map and a second bitonic sort by views)",
    .seeds = "BAWS PVR (Mars), DYNCTA PVR (MapReduce), Ctrl-C PVR (Mars)",
    .category = "BAWS barrier-intensive (6 TBs x 8 warps per SM); DYNCTA Type-M (row 14 of its RACT order); Ctrl-C: CS/NS "
                "split lost in the source, probably cache-sensitive (CS) from the text; "
                "re-derive with the 1.2x rule",
    .suite = "Mars",
    .tables = "BAWS Table 2 (input not stated); DYNCTA Table II row 14 (input not stated); Ctrl-C "
              "Table 5.3 row 17 (1M data entries)",
    .ptx = "pvr.ptx",
    .small = "4096 log entries, 1024 pages (Zipf popularity)",
    .paper = "1000000 log entries (about 30 MB of text; the seeds' 1M data entries), 65536 pages "
             "(Zipf popularity)",
    .medium = "32768 log entries, 4096 pages (Zipf popularity)",
    .run = run,
    .cpu = cpu,
};
