/* PVC host driver: a synthetic web log, one text line per visit,
 * "a.b.c.d GET /pNNN.html 200\n"; visitors come from a pool of random IPv4
 * addresses, pages from a skewed popularity (low page numbers are visited
 * most), so the same (page, visitor) pair recurs. The launches follow the
 * MapReduce phases (map, bitonic sort, group, reduce); between group and
 * reduce the host reads the number of distinct entries, as a MapReduce
 * runtime does to size the next phase. Checked exactly: the sorted
 * intermediate keys against a CPU sort of the keys parsed on the CPU, the
 * number of distinct (page, visitor) pairs, and every page's view count. */
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
  uint64_t *key; /* what the map phase must emit for each line */
  size_t bytes;
} weblog;

static int make_log(weblog *w, int lines, int pages, int visitors, uint64_t seed) {
  st_wl_rng r;
  st_wl_rng_seed(&r, seed);
  uint32_t *pool = malloc((size_t)visitors * sizeof *pool);
  w->text = malloc((size_t)lines * 40 + 1);
  w->start = malloc((size_t)lines * sizeof *w->start);
  w->key = malloc((size_t)lines * sizeof *w->key);
  if (pool == NULL || w->text == NULL || w->start == NULL || w->key == NULL) {
    free(pool);
    return -1;
  }
  for (int v = 0; v < visitors; v++) {
    pool[v] = (uint32_t)st_wl_rng_next(&r);
  }
  size_t at = 0;
  for (int i = 0; i < lines; i++) {
    uint32_t ip = pool[st_wl_rng_below(&r, (uint32_t)visitors)];
    uint32_t page = st_wl_rng_below(&r, st_wl_rng_below(&r, (uint32_t)pages) + 1);
    w->start[i] = (int)at;
    at += (size_t)sprintf(w->text + at, "%u.%u.%u.%u GET /p%u.html 200\n", ip >> 24,
                          (ip >> 16) & 255, (ip >> 8) & 255, ip & 255, page);
    w->key[i] = (uint64_t)page << 32 | ip;
  }
  w->bytes = at;
  free(pool);
  return 0;
}

/* small: 4096 lines, 64 pages, 64 visitors; medium: 32768, 512, 256; paper:
 * 262144, 4096, 512. */
static void pvc_size(st_wl_size size, int *lines, int *pages, int *visitors) {
  *lines = size == ST_WL_PAPER ? 262144 : size == ST_WL_MEDIUM ? 32768 : 4096;
  *pages = size == ST_WL_PAPER ? 4096 : size == ST_WL_MEDIUM ? 512 : 64;
  *visitors = size == ST_WL_PAPER ? 512 : size == ST_WL_MEDIUM ? 256 : 64;
}

/* ---- the CPU version ---- */

#define PAD_KEY UINT64_MAX
#define CPU_CHUNK 4096 /* keys per chunk of the grouping's scan */

static bool cpu_group_start(const uint64_t *keys, uint32_t i) {
  return keys[i] != PAD_KEY && (i == 0 || keys[i - 1] != keys[i]);
}

typedef struct pvc_cpu_args {
  const char *text;
  const int *start;
  uint64_t *keys;
  uint32_t *chunk_base, *pages_of, *views;
  uint32_t distinct, n;
  int lines, pages, threads;
} pvc_cpu_args;

/* The CPU version, in one parallel region: the map (one line per iteration),
 * the bitonic sort, the grouping (each chunk's group starts counted, the
 * chunks' bases scanned on one thread, each group's page written), and the
 * reduce (one distinct entry per iteration; the first of each page's run
 * counts it). */
static void pvc_cpu_work(void *arg) {
  pvc_cpu_args *a = arg;
  uint32_t n = a->n, nchunks = (n + CPU_CHUNK - 1) / CPU_CHUNK;
  memset(a->views, 0, (size_t)a->pages * sizeof *a->views);
#pragma omp parallel num_threads(a->threads)
  {
#pragma omp for schedule(static)
    for (uint32_t i = 0; i < n; i++) {
      if (i >= (uint32_t)a->lines) {
        a->keys[i] = PAD_KEY;
        continue;
      }
      const char *p = a->text + a->start[i];
      uint32_t addr = 0, part = 0;
      for (;; p++) { /* "a.b.c.d " */
        char ch = *p;
        if (ch >= '0' && ch <= '9') {
          part = part * 10 + (uint32_t)(ch - '0');
        } else {
          addr = addr << 8 | part;
          part = 0;
          if (ch == ' ') {
            break;
          }
        }
      }
      while (*p != 'p') {
        p++;
      }
      uint32_t page = 0;
      for (p++; *p >= '0' && *p <= '9'; p++) {
        page = page * 10 + (uint32_t)(*p - '0');
      }
      a->keys[i] = (uint64_t)page << 32 | addr;
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
      a->distinct = run;
    }
#pragma omp for schedule(static)
    for (uint32_t c = 0; c < nchunks; c++) {
      uint32_t at = a->chunk_base[c];
      for (uint32_t i = c * CPU_CHUNK; i < (c + 1) * CPU_CHUNK && i < n; i++) {
        if (cpu_group_start(a->keys, i)) {
          a->pages_of[at++] = (uint32_t)(a->keys[i] >> 32);
        }
      }
    }
    int distinct = (int)a->distinct;
#pragma omp for schedule(static)
    for (int j = 0; j < distinct; j++) {
      uint32_t page = a->pages_of[j];
      if (j > 0 && a->pages_of[j - 1] == page) {
        continue;
      }
      int k = j + 1;
      while (k < distinct && a->pages_of[k] == page) {
        k++;
      }
      a->views[page] = (uint32_t)(k - j);
    }
  }
}

static st_status cpu(st_wl_ctx *ctx, st_error *err) {
  (void)err;
  int lines, pages, visitors;
  pvc_size(ctx->size, &lines, &pages, &visitors);
  uint32_t n = TILE;
  while (n < (uint32_t)lines) {
    n *= 2;
  }
  weblog w = {0};
  pvc_cpu_args a = {.keys = malloc((size_t)n * sizeof(uint64_t)),
                    .chunk_base = malloc(((size_t)n / CPU_CHUNK + 1) * sizeof(uint32_t)),
                    .pages_of = malloc((size_t)n * sizeof(uint32_t)),
                    .views = malloc((size_t)pages * sizeof(uint32_t)),
                    .n = n, .lines = lines, .pages = pages, .threads = ctx->threads};
  st_status rc = a.keys && a.chunk_base && a.pages_of && a.views &&
                         make_log(&w, lines, pages, visitors, ctx->seed) == 0
                     ? ST_OK
                     : ST_ERR_NOMEM;
  if (rc == ST_OK) {
    a.text = w.text;
    a.start = w.start;
    rc = st_wl_cpu_time(ctx, pvc_cpu_work, &a);
  }
  if (rc == ST_OK) {
    st_wl_cpu_digest(ctx, a.keys, (size_t)n * sizeof(uint64_t));
    st_wl_cpu_digest(ctx, &a.distinct, sizeof a.distinct);
    st_wl_cpu_digest(ctx, a.views, (size_t)pages * sizeof(uint32_t));
  }
  free(w.text);
  free(w.start);
  free(w.key);
  free(a.keys);
  free(a.chunk_base);
  free(a.pages_of);
  free(a.views);
  return rc;
}

static st_status launch(st_wl_ctx *ctx, const char *entry, uint32_t ctas, uint32_t threads,
                        const st_arg *args, size_t n, int *count, st_error *err) {
  (*count)++;
  return st_launch(ctx->gpu, ctx->mod, entry, st_dim3_make(ctas, 1, 1),
                   st_dim3_make(threads, 1, 1), 0, args, n, err);
}

static st_status run(st_wl_ctx *ctx, st_error *err) {
  int lines, pages, visitors;
  pvc_size(ctx->size, &lines, &pages, &visitors);
  uint32_t n = TILE; /* keys, padded to a power of two */
  while (n < (uint32_t)lines) {
    n *= 2;
  }
  uint32_t ctas = n / CTA;
  weblog w = {0};
  uint64_t *sorted = malloc((size_t)n * sizeof *sorted);
  uint32_t *views = malloc((size_t)pages * sizeof *views);
  uint32_t *want = calloc((size_t)pages, sizeof *want);
  st_status rc = sorted && views && want && make_log(&w, lines, pages, visitors, ctx->seed) == 0
                     ? ST_OK
                     : ST_ERR_NOMEM;
  uint64_t d_log = 0, d_start = 0, d_keys = 0, d_off = 0, d_tot = 0, d_pages = 0, d_views = 0;
  st_gpu *gpu = ctx->gpu;
  int launches = 0;
  uint32_t distinct = 0;
  if (rc == ST_OK) rc = st_wl_upload(gpu, w.text, w.bytes, &d_log, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, w.start, (uint64_t)lines * 4, &d_start, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, (uint64_t)n * 8, &d_keys, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, (uint64_t)n * 4, &d_off, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, ((uint64_t)ctas + 1) * 4, &d_tot, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, (uint64_t)n * 4, &d_pages, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, (uint64_t)pages * 4, &d_views, err);
  if (rc == ST_OK) {
    st_arg a[] = {ST_ARG_PTR(d_log), ST_ARG_PTR(d_start), ST_ARG_S32(lines), ST_ARG_PTR(d_keys)};
    rc = launch(ctx, "pvc_map", ctas, CTA, a, 4, &launches, err);
  }
  if (rc == ST_OK) {
    st_arg a[] = {ST_ARG_PTR(d_keys)};
    rc = launch(ctx, "pvc_sort_tile", n / TILE, CTA, a, 1, &launches, err);
  }
  for (uint32_t size = 2 * TILE; rc == ST_OK && size <= n; size *= 2) {
    for (uint32_t dist = size / 2; rc == ST_OK && dist >= TILE; dist /= 2) {
      st_arg a[] = {ST_ARG_PTR(d_keys), ST_ARG_U32(size), ST_ARG_U32(dist)};
      rc = launch(ctx, "pvc_merge_global", n / 2 / CTA, CTA, a, 3, &launches, err);
    }
    st_arg a[] = {ST_ARG_PTR(d_keys), ST_ARG_U32(size)};
    if (rc == ST_OK) rc = launch(ctx, "pvc_merge_tile", n / TILE, CTA, a, 2, &launches, err);
  }
  if (rc == ST_OK) {
    st_arg a[] = {ST_ARG_PTR(d_keys), ST_ARG_PTR(d_off), ST_ARG_PTR(d_tot)};
    rc = launch(ctx, "pvc_group_scan", ctas, CTA, a, 3, &launches, err);
  }
  if (rc == ST_OK) {
    st_arg a[] = {ST_ARG_PTR(d_tot), ST_ARG_S32((int32_t)ctas)};
    rc = launch(ctx, "pvc_scan_totals", 1, CTA, a, 2, &launches, err);
  }
  if (rc == ST_OK) {
    st_arg a[] = {ST_ARG_PTR(d_keys), ST_ARG_PTR(d_off), ST_ARG_PTR(d_tot), ST_ARG_PTR(d_pages)};
    rc = launch(ctx, "pvc_compact", ctas, CTA, a, 4, &launches, err);
  }
  if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, &distinct, d_tot + (uint64_t)ctas * 4, 4, err);
  if (rc == ST_OK && distinct > n) {
    snprintf(ctx->verdict, sizeof ctx->verdict, "distinct entries: %u, more than the %u keys",
             distinct, n);
    rc = ST_ERR_MISMATCH;
  }
  if (rc == ST_OK && distinct > 0) {
    st_arg a[] = {ST_ARG_PTR(d_pages), ST_ARG_S32((int32_t)distinct), ST_ARG_PTR(d_views)};
    rc = launch(ctx, "pvc_reduce", (distinct + CTA - 1) / CTA, CTA, a, 3, &launches, err);
  }
  if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, sorted, d_keys, (uint64_t)n * 8, err);
  if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, views, d_views, (uint64_t)pages * 4, err);
  if (rc == ST_OK) {
    /* CPU reference: the keys sorted, the distinct pairs, the views per page */
    uint64_t *ref = malloc((size_t)n * sizeof *ref);
    if (ref == NULL) {
      rc = ST_ERR_NOMEM;
    } else {
      memcpy(ref, w.key, (size_t)lines * sizeof *ref);
      for (uint32_t i = (uint32_t)lines; i < n; i++) {
        ref[i] = UINT64_MAX;
      }
      qsort(ref, (size_t)lines, sizeof *ref, cmp_u64);
      uint32_t want_distinct = 0;
      for (int i = 0; i < lines; i++) {
        if (i == 0 || ref[i] != ref[i - 1]) {
          want_distinct++;
          want[ref[i] >> 32]++;
        }
      }
      size_t bad = 0, first = 0;
      for (uint32_t i = 0; i < n; i++) {
        if (sorted[i] != ref[i] && bad++ == 0) {
          first = i;
        }
      }
      if (bad != 0) {
        snprintf(ctx->verdict, sizeof ctx->verdict,
                 "sorted keys: %zu of %u differ; first at %zu: expected 0x%016llx, got "
                 "0x%016llx",
                 bad, n, first, (unsigned long long)ref[first],
                 (unsigned long long)sorted[first]);
        rc = ST_ERR_MISMATCH;
      } else if (distinct != want_distinct) {
        snprintf(ctx->verdict, sizeof ctx->verdict,
                 "distinct (page, visitor) entries: expected %u, got %u", want_distinct,
                 distinct);
        rc = ST_ERR_MISMATCH;
      } else {
        rc = st_wl_check_u32(ctx, "page views", views, want, (size_t)pages);
        if (rc == ST_OK) {
          snprintf(ctx->verdict, sizeof ctx->verdict,
                   "%u sorted keys, %u distinct entries and %d page view counts match the CPU "
                   "reference",
                   n, distinct, pages);
        }
      }
      if (ctx->log != NULL) {
        fprintf(ctx->log,
                "  pvc: %d log lines (%zu bytes), %d pages, %d visitors, %u keys sorted, %u "
                "distinct; %d launches of 256-thread CTAs\n",
                lines, w.bytes, pages, visitors, n, distinct, launches);
      }
      free(ref);
    }
  }
  free(w.text);
  free(w.start);
  free(w.key);
  free(sorted);
  free(views);
  free(want);
  return rc;
}

const st_workload_desc st_wl_pvc = {
    .name = "pvc",
    .title = "page view count over a web log, MapReduce-style (map, bitonic sort, group, reduce)",
    .seeds = "BAWS PVC (Mars), DYNCTA PVC (MapReduce)",
    .category = "BAWS barrier-intensive (6 TBs x 8 warps per SM); DYNCTA Type-M (lowest RACT)",
    .suite = "Mars",
    .tables = "BAWS Table 2 (6 TBs x 8 warps per SM; no input given); DYNCTA Table II row 1 (M, "
               "lowest RACT)",
    .ptx = "pvc.ptx",
    .small = "4096 log lines, 64 pages, 64 visitors",
    .paper = "262144 log lines (about 8 MiB of text), 4096 pages, 512 visitors",
    .medium = "32768 log lines, 512 pages, 256 visitors",
    .run = run,
    .cpu = cpu,
};
