/* STR host driver: a synthetic text of a given number of words drawn with
 * Zipf frequencies (rank r with weight 2^32 / r) from a generated vocabulary
 * of distinct lower-case words; lines of 3..12 words separated by spaces and
 * some punctuation. The keywords are the vocabulary words of ranks 1, 4, 16
 * and 64 (frequent to rare) plus one word that is not in the text. The
 * launches follow Mars's phases: map count, prefix sum (the host reads the
 * number of matches and sizes the buffers by it), map, group (bitonic sort,
 * flag + scan + compact; the host reads the number of groups), reduce.
 * Checked exactly: the number of matches, the sorted keys against a CPU sort
 * of the matches the generator placed, and every keyword's (count, first,
 * last offset). */
#include <stdlib.h>
#include <string.h>

#include "workload.h"

#define TILE 512
#define CTA 256
#define MAXLEN 10
#define KW_MAX 16
#define NKW 5

static const int kw_rank[NKW - 1] = {0, 3, 15, 63}; /* 0-based vocabulary ranks */

static int cmp_u64(const void *a, const void *b) {
  uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
  return (x > y) - (x < y);
}

static uint32_t fnv1a(const char *s, int len) {
  uint32_t h = 2166136261u;
  for (int i = 0; i < len; i++) {
    h = (h ^ (uint8_t)s[i]) * 16777619u;
  }
  return h;
}

typedef struct text {
  char *bytes;
  int *start;    /* first byte of each line */
  uint64_t *key; /* the matches the map phase must find, in text order */
  char kw[NKW * KW_MAX];
  int kw_len[NKW];
  size_t size;
  int lines;
  uint32_t matches;
} text;

/* Vocabulary of v distinct words (distinct hashes), `words` words drawn
 * with Zipf frequencies. */
static int make_text(text *t, int v, int words, uint64_t seed) {
  st_wl_rng r;
  st_wl_rng_seed(&r, seed);
  char *vocab = malloc((size_t)v * MAXLEN);
  int *len = malloc((size_t)v * sizeof *len);
  uint32_t *hash = malloc((size_t)v * sizeof *hash);
  uint64_t *cum = malloc((size_t)v * sizeof *cum);
  size_t max_bytes = (size_t)words * (MAXLEN + 2) + 1;
  t->bytes = malloc(max_bytes);
  t->start = malloc((size_t)words * sizeof *t->start);
  t->key = malloc((size_t)words * sizeof *t->key);
  if (vocab == NULL || len == NULL || hash == NULL || cum == NULL || t->bytes == NULL ||
      t->start == NULL || t->key == NULL) {
    free(vocab);
    free(len);
    free(hash);
    free(cum);
    return -1;
  }
  uint64_t total = 0;
  for (int w = 0; w < v; w++) {
    for (;;) {
      len[w] = 2 + (int)st_wl_rng_below(&r, MAXLEN - 1);
      for (int k = 0; k < len[w]; k++) {
        vocab[(size_t)w * MAXLEN + k] = (char)('a' + st_wl_rng_below(&r, 26));
      }
      hash[w] = fnv1a(vocab + (size_t)w * MAXLEN, len[w]);
      bool dup = false;
      for (int u = 0; u < w && !dup; u++) {
        dup = hash[u] == hash[w];
      }
      if (!dup) {
        break;
      }
    }
    total += (1ull << 32) / (uint64_t)(w + 1);
    cum[w] = total;
  }
  int *kw_of = malloc((size_t)v * sizeof *kw_of); /* keyword index of each rank, or -1 */
  if (kw_of == NULL) {
    free(vocab);
    free(len);
    free(hash);
    free(cum);
    return -1;
  }
  for (int w = 0; w < v; w++) {
    kw_of[w] = -1;
  }
  memset(t->kw, 0, sizeof t->kw);
  for (int k = 0; k < NKW - 1; k++) {
    kw_of[kw_rank[k]] = k;
    t->kw_len[k] = len[kw_rank[k]];
    memcpy(t->kw + k * KW_MAX, vocab + (size_t)kw_rank[k] * MAXLEN, (size_t)len[kw_rank[k]]);
  }
  /* the last keyword: 11 letters, longer than any vocabulary word, so never found */
  t->kw_len[NKW - 1] = MAXLEN + 1;
  for (int j = 0; j < MAXLEN + 1; j++) {
    t->kw[(NKW - 1) * KW_MAX + j] = (char)('a' + st_wl_rng_below(&r, 26));
  }
  size_t at = 0;
  int lines = 0, done = 0;
  uint32_t matches = 0;
  while (done < words) {
    int n = 3 + (int)st_wl_rng_below(&r, 10);
    if (n > words - done) {
      n = words - done;
    }
    t->start[lines++] = (int)at;
    for (int k = 0; k < n; k++) {
      uint64_t u = st_wl_rng_next(&r) % total;
      int lo = 0, hi = v - 1; /* first rank whose cumulative weight exceeds u */
      while (lo < hi) {
        int mid = (lo + hi) / 2;
        if (cum[mid] > u) {
          hi = mid;
        } else {
          lo = mid + 1;
        }
      }
      if (kw_of[lo] >= 0) {
        t->key[matches++] = (uint64_t)kw_of[lo] << 32 | (uint32_t)at;
      }
      memcpy(t->bytes + at, vocab + (size_t)lo * MAXLEN, (size_t)len[lo]);
      at += (size_t)len[lo];
      if (k + 1 < n) {
        uint32_t sep = st_wl_rng_below(&r, 16);
        if (sep == 0) {
          t->bytes[at++] = ',';
        } else if (sep == 1) {
          t->bytes[at++] = '.';
        }
        t->bytes[at++] = ' ';
      } else {
        t->bytes[at++] = '.';
      }
    }
    t->bytes[at++] = '\n';
    done += n;
  }
  t->bytes[at] = '\0';
  t->size = at;
  t->lines = lines;
  t->matches = matches;
  free(kw_of);
  free(vocab);
  free(len);
  free(hash);
  free(cum);
  return 0;
}

static void str_shape(st_wl_size size, int *vocab, int *words) {
  *vocab = size == ST_WL_SMALL ? 512 : 4096;
  *words = size == ST_WL_PAPER ? 165000 : size == ST_WL_MEDIUM ? 80000 : 5000;
}

/* ---- the CPU version: the kernels' work on the host threads ------------ */

static bool is_letter(char c) { return c >= 'a' && c <= 'z'; }

/* The keyword the word [w, w + len) equals, or -1 (str.cu's match). */
static int match(const char *w, int len, const char *kw, const int *kw_len) {
  for (int k = 0; k < NKW; k++) {
    if (kw_len[k] != len) {
      continue;
    }
    int j = 0;
    while (j < len && w[j] == kw[k * KW_MAX + j]) {
      j++;
    }
    if (j == len) {
      return k;
    }
  }
  return -1;
}

/* One line's map task: walks its words, and counts its matches (keys NULL)
 * or emits their keys from keys[0] on. Returns the matches. */
static uint32_t map_line(const text *t, int line, uint64_t *keys) {
  const char *p = t->bytes + t->start[line];
  const char *w = p;
  uint32_t found = 0;
  for (char c = *p;; c = *++p) {
    if (!is_letter(c)) {
      if (p > w) {
        int k = match(w, (int)(p - w), t->kw, t->kw_len);
        if (k >= 0) {
          if (keys != NULL) {
            keys[found] = (uint64_t)k << 32 | (uint32_t)(w - t->bytes);
          }
          found++;
        }
      }
      w = p + 1;
      if (c == '\n') {
        break;
      }
    }
  }
  return found;
}

typedef struct str_cpu_args {
  const text *t;
  uint32_t *offset;      /* per line: matches, then their exclusive scan */
  uint64_t *keys;        /* room for every word, padded to a power of two */
  uint32_t *group_first; /* NKW entries */
  uint32_t res[NKW * 3];
  uint32_t matches, n;
  int threads;
} str_cpu_args;

/* Map count, its prefix sum (one thread: a pass over the lines), the
 * padding, map, the sort, the group starts (one thread: a pass over the
 * keys) and the reduce (one keyword per group). */
static void str_cpu_work(void *arg) {
  str_cpu_args *a = arg;
  const text *t = a->t;
  int lines = t->lines;
#pragma omp parallel for num_threads(a->threads) schedule(static)
  for (int i = 0; i < lines; i++) {
    a->offset[i] = map_line(t, i, NULL);
  }
  uint32_t matches = 0;
  for (int i = 0; i < lines; i++) {
    uint32_t c = a->offset[i];
    a->offset[i] = matches;
    matches += c;
  }
  uint32_t n = TILE;
  while (n < matches) {
    n *= 2;
  }
  memset(a->keys + matches, 0xff, (size_t)(n - matches) * sizeof *a->keys);
#pragma omp parallel for num_threads(a->threads) schedule(static)
  for (int i = 0; i < lines; i++) {
    map_line(t, i, a->keys + a->offset[i]);
  }
  st_wl_bitonic_u64(a->keys, n, TILE, a->threads);
  uint32_t groups = 0;
  for (uint32_t i = 0; i < n && groups < NKW; i++) {
    uint64_t k = a->keys[i];
    if (k != UINT64_MAX && (i == 0 || (a->keys[i - 1] >> 32) != (k >> 32))) {
      a->group_first[groups++] = i;
    }
  }
  memset(a->res, 0, sizeof a->res);
  for (uint32_t g = 0; g < groups; g++) {
    uint32_t end = g + 1 < groups ? a->group_first[g + 1] : matches;
    uint32_t kw = (uint32_t)(a->keys[a->group_first[g]] >> 32);
    uint32_t cnt = 0, first = UINT32_MAX, last = 0;
    for (uint32_t k = a->group_first[g]; k < end; k++) {
      uint32_t pos = (uint32_t)a->keys[k];
      cnt++;
      first = pos < first ? pos : first;
      last = pos > last ? pos : last;
    }
    a->res[kw * 3] = cnt;
    a->res[kw * 3 + 1] = first;
    a->res[kw * 3 + 2] = last;
  }
  a->matches = matches;
  a->n = n;
}

static st_status cpu(st_wl_ctx *ctx, st_error *err) {
  (void)err;
  int vocab, words;
  str_shape(ctx->size, &vocab, &words);
  text t = {0};
  st_status rc = make_text(&t, vocab, words, ctx->seed) == 0 ? ST_OK : ST_ERR_NOMEM;
  uint32_t cap = TILE;
  while (cap < (uint32_t)words) {
    cap *= 2;
  }
  str_cpu_args a = {.t = &t, .threads = ctx->threads};
  if (rc == ST_OK) {
    a.offset = malloc((size_t)t.lines * sizeof *a.offset);
    a.keys = malloc((size_t)cap * sizeof *a.keys);
    a.group_first = malloc(NKW * sizeof *a.group_first);
    rc = a.offset && a.keys && a.group_first ? ST_OK : ST_ERR_NOMEM;
  }
  if (rc == ST_OK) rc = st_wl_cpu_time(ctx, str_cpu_work, &a);
  if (rc == ST_OK) {
    st_wl_cpu_digest(ctx, a.keys, (size_t)a.n * sizeof *a.keys);
    st_wl_cpu_digest(ctx, a.res, sizeof a.res);
  }
  free(a.offset);
  free(a.keys);
  free(a.group_first);
  free(t.bytes);
  free(t.start);
  free(t.key);
  return rc;
}

/* ---- the GPU run ------------------------------------------------------- */

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
  st_status rc = launch(ctx, "str_sort_tile", n / TILE, a, 1, count, err);
  for (uint32_t size = 2 * TILE; rc == ST_OK && size <= n; size *= 2) {
    for (uint32_t dist = size / 2; rc == ST_OK && dist >= TILE; dist /= 2) {
      st_arg g[] = {ST_ARG_PTR(d_keys), ST_ARG_U32(size), ST_ARG_U32(dist)};
      rc = launch(ctx, "str_merge_global", n / 2 / CTA, g, 3, count, err);
    }
    st_arg m[] = {ST_ARG_PTR(d_keys), ST_ARG_U32(size)};
    if (rc == ST_OK) rc = launch(ctx, "str_merge_tile", n / TILE, m, 2, count, err);
  }
  return rc;
}

static st_status run(st_wl_ctx *ctx, st_error *err) {
  int vocab, words;
  str_shape(ctx->size, &vocab, &words);
  text t = {0};
  st_gpu *gpu = ctx->gpu;
  st_status rc = make_text(&t, vocab, words, ctx->seed) == 0 ? ST_OK : ST_ERR_NOMEM;
  uint32_t lctas = (uint32_t)(t.lines + CTA - 1) / CTA, n = TILE, matches = 0, groups = 0;
  uint64_t d_text = 0, d_start = 0, d_kw = 0, d_kwlen = 0, d_count = 0, d_off = 0, d_tot = 0,
           d_keys = 0, d_goff = 0, d_gtot = 0, d_first = 0, d_res = 0;
  uint64_t *pad = NULL, *sorted = NULL, *ref = NULL;
  uint32_t res[NKW * 3], want[NKW * 3];
  int launches = 0;
  if (rc == ST_OK) rc = st_wl_upload(gpu, t.bytes, t.size + 1, &d_text, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, t.start, (uint64_t)t.lines * 4, &d_start, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, t.kw, sizeof t.kw, &d_kw, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, t.kw_len, sizeof t.kw_len, &d_kwlen, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, (uint64_t)lctas * CTA * 4, &d_count, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, (uint64_t)lctas * CTA * 4, &d_off, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, ((uint64_t)lctas + 1) * 4, &d_tot, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, sizeof res, &d_res, err);
  /* map count and its prefix sum */
  if (rc == ST_OK) {
    st_arg a[] = {ST_ARG_PTR(d_text),  ST_ARG_PTR(d_start), ST_ARG_S32(t.lines),
                  ST_ARG_PTR(d_kw),    ST_ARG_PTR(d_kwlen), ST_ARG_S32(NKW),
                  ST_ARG_PTR(d_count)};
    rc = launch(ctx, "str_map_count", lctas, a, 7, &launches, err);
  }
  if (rc == ST_OK) {
    st_arg a[] = {ST_ARG_PTR(d_count), ST_ARG_PTR(d_off), ST_ARG_PTR(d_tot)};
    rc = launch(ctx, "str_scan", lctas, a, 3, &launches, err);
  }
  if (rc == ST_OK) {
    st_arg a[] = {ST_ARG_PTR(d_tot), ST_ARG_S32((int32_t)lctas)};
    rc = launch(ctx, "str_scan_totals", 1, a, 2, &launches, err);
  }
  if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, &matches, d_tot + (uint64_t)lctas * 4, 4, err);
  if (rc == ST_OK && matches != t.matches) {
    snprintf(ctx->verdict, sizeof ctx->verdict, "map count: expected %u matches, got %u",
             t.matches, matches);
    rc = ST_ERR_MISMATCH;
  }
  /* the intermediate buffers, keys padded to a power of two */
  while (n < matches) {
    n *= 2;
  }
  uint32_t gctas = n / CTA;
  if (rc == ST_OK) {
    pad = malloc((size_t)n * sizeof *pad);
    sorted = malloc((size_t)n * sizeof *sorted);
    ref = malloc((size_t)n * sizeof *ref);
    if (pad == NULL || sorted == NULL || ref == NULL) {
      rc = ST_ERR_NOMEM;
    } else {
      memset(pad, 0xff, (size_t)n * sizeof *pad);
    }
  }
  if (rc == ST_OK) rc = st_wl_upload(gpu, pad, (uint64_t)n * 8, &d_keys, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, (uint64_t)n * 4, &d_goff, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, ((uint64_t)gctas + 1) * 4, &d_gtot, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, (uint64_t)n * 4, &d_first, err);
  if (rc == ST_OK) {
    st_arg a[] = {ST_ARG_PTR(d_text), ST_ARG_PTR(d_start), ST_ARG_S32(t.lines),
                  ST_ARG_PTR(d_kw),   ST_ARG_PTR(d_kwlen), ST_ARG_S32(NKW),
                  ST_ARG_PTR(d_off),  ST_ARG_PTR(d_tot),   ST_ARG_PTR(d_keys)};
    rc = launch(ctx, "str_map", lctas, a, 9, &launches, err);
  }
  /* group: sort by (keyword, offset), then flag + scan + compact the keyword boundaries */
  if (rc == ST_OK) rc = sort_keys(ctx, d_keys, n, &launches, err);
  if (rc == ST_OK) {
    st_arg a[] = {ST_ARG_PTR(d_keys), ST_ARG_PTR(d_goff), ST_ARG_PTR(d_gtot)};
    rc = launch(ctx, "str_group_scan", gctas, a, 3, &launches, err);
  }
  if (rc == ST_OK) {
    st_arg a[] = {ST_ARG_PTR(d_gtot), ST_ARG_S32((int32_t)gctas)};
    rc = launch(ctx, "str_scan_totals", 1, a, 2, &launches, err);
  }
  if (rc == ST_OK) {
    st_arg a[] = {ST_ARG_PTR(d_keys), ST_ARG_PTR(d_goff), ST_ARG_PTR(d_gtot),
                  ST_ARG_PTR(d_first)};
    rc = launch(ctx, "str_compact", gctas, a, 4, &launches, err);
  }
  if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, &groups, d_gtot + (uint64_t)gctas * 4, 4, err);
  if (rc == ST_OK && groups > NKW) {
    snprintf(ctx->verdict, sizeof ctx->verdict, "groups: %u for %d keywords", groups, NKW);
    rc = ST_ERR_MISMATCH;
  }
  /* reduce: one thread per keyword found */
  if (rc == ST_OK && groups > 0) {
    st_arg a[] = {ST_ARG_PTR(d_keys), ST_ARG_PTR(d_first), ST_ARG_S32((int32_t)groups),
                  ST_ARG_U32(matches), ST_ARG_PTR(d_res)};
    rc = launch(ctx, "str_reduce", (groups + CTA - 1) / CTA, a, 5, &launches, err);
  }
  if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, sorted, d_keys, (uint64_t)n * 8, err);
  if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, res, d_res, sizeof res, err);
  if (rc == ST_OK) {
    /* CPU reference: the matches sorted by (keyword, offset), then each keyword's summary */
    memcpy(ref, t.key, (size_t)matches * sizeof *ref);
    memset(ref + matches, 0xff, (size_t)(n - matches) * sizeof *ref);
    qsort(ref, matches, sizeof *ref, cmp_u64);
    memset(want, 0, sizeof want);
    uint32_t want_groups = 0;
    for (uint32_t i = 0; i < matches; i++) {
      uint32_t k = (uint32_t)(ref[i] >> 32), pos = (uint32_t)ref[i];
      if (want[k * 3]++ == 0) {
        want_groups++;
        want[k * 3 + 1] = pos;
      }
      want[k * 3 + 2] = pos;
    }
    size_t bad = 0, first = 0;
    for (uint32_t i = 0; i < n; i++) {
      if (sorted[i] != ref[i] && bad++ == 0) {
        first = i;
      }
    }
    if (bad != 0) {
      snprintf(ctx->verdict, sizeof ctx->verdict,
               "sorted keys: %zu of %u differ; first at %zu: expected 0x%016llx, got 0x%016llx",
               bad, n, first, (unsigned long long)ref[first], (unsigned long long)sorted[first]);
      rc = ST_ERR_MISMATCH;
    } else if (groups != want_groups) {
      snprintf(ctx->verdict, sizeof ctx->verdict, "keywords found: expected %u, got %u",
               want_groups, groups);
      rc = ST_ERR_MISMATCH;
    } else {
      rc = st_wl_check_u32(ctx, "keyword (count, first, last) triples", res, want, NKW * 3);
      if (rc == ST_OK) {
        snprintf(ctx->verdict, sizeof ctx->verdict,
                 "%u matches, %u sorted keys and %d keyword summaries (counts %u/%u/%u/%u/%u) "
                 "match the CPU reference",
                 matches, n, NKW, want[0], want[3], want[6], want[9], want[12]);
      }
    }
    if (ctx->log != NULL) {
      fprintf(ctx->log,
              "  str: %d words (%zu bytes, %d lines, vocabulary %d), %d keywords, %u matches "
              "in %u groups, %u keys sorted; %d launches of 256-thread CTAs\n",
              words, t.size, t.lines, vocab, NKW, matches, groups, n, launches);
    }
  }
  free(t.bytes);
  free(t.start);
  free(t.key);
  free(pad);
  free(sorted);
  free(ref);
  return rc;
}

const st_workload_desc st_wl_str = {
    .name = "str",
    .title = "string match: every occurrence of a few keywords in a text, MapReduce-style (map "
             "count, prefix sum, map, bitonic sort + group, reduce)",
    .seeds = "Ctrl-C STR (Mars)",
    .category = "Ctrl-C: CS/NS split lost in the source, re-derive with the 1.2x rule",
    .suite = "Mars",
    .tables = "Ctrl-C Table 5.3 row 23 (165k words)",
    .ptx = "str.ptx",
    .small = "5000 words (about 670 lines), vocabulary of 512 words, 5 keywords",
    .paper = "165000 words (about 22000 lines, 1.2 MB; the seeds' 165k words), vocabulary of "
             "4096 words, 5 keywords",
    .medium = "80000 words (about 10700 lines, 560 kB), vocabulary of 4096 words, 5 keywords",
    .run = run,
    .cpu = cpu,
};
