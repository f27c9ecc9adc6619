/* WC host driver: a synthetic text whose words follow a Zipf distribution
 * (probability of the word of rank r proportional to 1/r) over a generated
 * vocabulary of lower-case words with distinct 32-bit FNV-1a hashes; lines
 * of 3..12 words separated by spaces and some punctuation. The launches
 * follow Mars's phases: map count, prefix sum (the host reads the number of
 * intermediate pairs and sizes the buffers by it), map, group (bitonic sort,
 * flag + scan + compact; the host reads the number of groups), reduce.
 * Checked exactly: the number of pairs, the sorted keys against a CPU sort of
 * the keys the generator knows the map must emit, the number of distinct
 * words, and every group's (hash, count). */
#include <stdlib.h>
#include <string.h>

#include "workload.h"

#define TILE 512
#define CTA 256
#define MAXLEN 10

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
  int *start;     /* first byte of each line */
  uint64_t *key;  /* what the map phase must emit, in emit order */
  size_t size;
  int lines;
  uint32_t pairs;
} text;

/* Vocabulary of v words with distinct hashes (none all-ones), Zipf over it,
 * lines until the text reaches `budget` bytes. */
static int make_text(text *t, int v, size_t budget, uint64_t seed) {
  st_wl_rng r;
  st_wl_rng_seed(&r, seed);
  char *vocab = malloc((size_t)v * MAXLEN);
  int *len = malloc((size_t)v * sizeof *len);
  uint32_t *hash = malloc((size_t)v * sizeof *hash);
  uint64_t *cum = malloc((size_t)v * sizeof *cum);
  size_t max_lines = budget / 8 + 1, max_words = budget / 2 + 1;
  t->bytes = malloc(budget + 1);
  t->start = malloc(max_lines * sizeof *t->start);
  t->key = malloc(max_words * sizeof *t->key);
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
      bool dup = hash[w] == UINT32_MAX;
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
  size_t at = 0;
  char line[16 * (MAXLEN + 2) + 2];
  uint64_t lkey[16];
  int lines = 0;
  uint32_t pairs = 0;
  for (;;) {
    int words = 3 + (int)st_wl_rng_below(&r, 10), ll = 0;
    for (int k = 0; k < words; k++) {
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
      memcpy(line + ll, vocab + (size_t)lo * MAXLEN, (size_t)len[lo]);
      ll += len[lo];
      lkey[k] = (uint64_t)hash[lo] << 32 | (pairs + (uint32_t)k);
      if (k + 1 < words) {
        uint32_t sep = st_wl_rng_below(&r, 16);
        if (sep == 0) {
          line[ll++] = ',';
        } else if (sep == 1) {
          line[ll++] = '.';
        }
        line[ll++] = ' ';
      } else {
        line[ll++] = '.';
      }
    }
    line[ll++] = '\n';
    if (at + (size_t)ll > budget) {
      break;
    }
    memcpy(t->bytes + at, line, (size_t)ll);
    memcpy(t->key + pairs, lkey, (size_t)words * sizeof *lkey);
    t->start[lines++] = (int)at;
    at += (size_t)ll;
    pairs += (uint32_t)words;
  }
  t->bytes[at] = '\0';
  t->size = at;
  t->lines = lines;
  t->pairs = pairs;
  free(vocab);
  free(len);
  free(hash);
  free(cum);
  return 0;
}

static void wc_shape(st_wl_size size, int *vocab, size_t *budget) {
  *vocab = size == ST_WL_SMALL ? 512 : 4096;
  *budget = size == ST_WL_PAPER ? 86 * 1024 : size == ST_WL_MEDIUM ? 48 * 1024 : 16 * 1024;
}

/* ---- the CPU version: the kernels' work on the host threads ------------ */

static bool is_letter(char c) { return c >= 'a' && c <= 'z'; }

/* wc_map_count's task: the words of one line. */
static uint32_t count_words(const char *p) {
  uint32_t words = 0;
  bool in_word = false;
  for (char c = *p; c != '\n'; c = *++p) {
    bool l = is_letter(c);
    if (l && !in_word) {
      words++;
    }
    in_word = l;
  }
  return words;
}

/* wc_map's task: hashes the words of one line, emits (hash << 32 | emit
 * index, 1) from index at on. */
static void map_words(const char *p, uint32_t at, uint64_t *keys, uint32_t *vals) {
  uint32_t h = 0;
  bool in_word = false;
  for (char c = *p;; c = *++p) {
    if (is_letter(c)) {
      if (!in_word) {
        h = 2166136261u;
      }
      h = (h ^ (uint8_t)c) * 16777619u;
      in_word = true;
    } else {
      if (in_word) {
        keys[at] = (uint64_t)h << 32 | at;
        vals[at] = 1;
        at++;
      }
      in_word = false;
      if (c == '\n') {
        break;
      }
    }
  }
}

typedef struct wc_cpu_args {
  const text *t;
  uint32_t *offset;                 /* per line: words, then their exclusive scan */
  uint64_t *keys;                   /* room for every pair, padded to a power of two */
  uint32_t *vals, *group_first, *word, *count; /* as many */
  uint32_t pairs, n, groups;
  int threads;
} wc_cpu_args;

/* Map count, its prefix sum (one thread: a pass over the lines), the
 * padding, map, the sort, the group starts (one thread: a pass over the
 * keys) and the reduce (one word per iteration of the parallel loop). */
static void wc_cpu_work(void *arg) {
  wc_cpu_args *a = arg;
  const text *t = a->t;
  int lines = t->lines;
#pragma omp parallel for num_threads(a->threads) schedule(static)
  for (int i = 0; i < lines; i++) {
    a->offset[i] = count_words(t->bytes + t->start[i]);
  }
  uint32_t pairs = 0;
  for (int i = 0; i < lines; i++) {
    uint32_t c = a->offset[i];
    a->offset[i] = pairs;
    pairs += c;
  }
  uint32_t n = TILE;
  while (n < pairs) {
    n *= 2;
  }
  memset(a->keys + pairs, 0xff, (size_t)(n - pairs) * sizeof *a->keys);
#pragma omp parallel for num_threads(a->threads) schedule(static)
  for (int i = 0; i < lines; i++) {
    map_words(t->bytes + t->start[i], a->offset[i], a->keys, a->vals);
  }
  st_wl_bitonic_u64(a->keys, n, TILE, a->threads);
  uint32_t groups = 0;
  for (uint32_t i = 0; i < n; i++) {
    uint64_t k = a->keys[i];
    if (k != UINT64_MAX && (i == 0 || (a->keys[i - 1] >> 32) != (k >> 32))) {
      a->group_first[groups++] = i;
    }
  }
#pragma omp parallel for num_threads(a->threads) schedule(dynamic, 32)
  for (uint32_t g = 0; g < groups; g++) {
    uint32_t end = g + 1 < groups ? a->group_first[g + 1] : pairs;
    uint32_t sum = 0;
    for (uint32_t k = a->group_first[g]; k < end; k++) {
      sum += a->vals[(uint32_t)a->keys[k]];
    }
    a->word[g] = (uint32_t)(a->keys[a->group_first[g]] >> 32);
    a->count[g] = sum;
  }
  a->pairs = pairs;
  a->n = n;
  a->groups = groups;
}

static st_status cpu(st_wl_ctx *ctx, st_error *err) {
  (void)err;
  int vocab;
  size_t budget;
  wc_shape(ctx->size, &vocab, &budget);
  text t = {0};
  st_status rc = make_text(&t, vocab, budget, ctx->seed) == 0 ? ST_OK : ST_ERR_NOMEM;
  size_t cap = TILE; /* a word takes at least 2 bytes */
  while (cap < budget / 2 + 1) {
    cap *= 2;
  }
  wc_cpu_args a = {.t = &t, .threads = ctx->threads};
  if (rc == ST_OK) {
    a.offset = malloc((size_t)t.lines * sizeof *a.offset);
    a.keys = malloc(cap * sizeof *a.keys);
    a.vals = malloc(cap * sizeof *a.vals);
    a.group_first = malloc(cap * sizeof *a.group_first);
    a.word = malloc(cap * sizeof *a.word);
    a.count = malloc(cap * sizeof *a.count);
    rc = a.offset && a.keys && a.vals && a.group_first && a.word && a.count ? ST_OK
                                                                           : ST_ERR_NOMEM;
  }
  if (rc == ST_OK) rc = st_wl_cpu_time(ctx, wc_cpu_work, &a);
  if (rc == ST_OK) {
    st_wl_cpu_digest(ctx, a.keys, (size_t)a.n * sizeof *a.keys);
    st_wl_cpu_digest(ctx, a.word, (size_t)a.groups * sizeof *a.word);
    st_wl_cpu_digest(ctx, a.count, (size_t)a.groups * sizeof *a.count);
  }
  free(a.offset);
  free(a.keys);
  free(a.vals);
  free(a.group_first);
  free(a.word);
  free(a.count);
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
  st_status rc = launch(ctx, "wc_sort_tile", n / TILE, a, 1, count, err);
  for (uint32_t size = 2 * TILE; rc == ST_OK && size <= n; size *= 2) {
    for (uint32_t dist = size / 2; rc == ST_OK && dist >= TILE; dist /= 2) {
      st_arg g[] = {ST_ARG_PTR(d_keys), ST_ARG_U32(size), ST_ARG_U32(dist)};
      rc = launch(ctx, "wc_merge_global", n / 2 / CTA, g, 3, count, err);
    }
    st_arg m[] = {ST_ARG_PTR(d_keys), ST_ARG_U32(size)};
    if (rc == ST_OK) rc = launch(ctx, "wc_merge_tile", n / TILE, m, 2, count, err);
  }
  return rc;
}

static st_status run(st_wl_ctx *ctx, st_error *err) {
  int vocab;
  size_t budget;
  wc_shape(ctx->size, &vocab, &budget);
  text t = {0};
  st_gpu *gpu = ctx->gpu;
  st_status rc = make_text(&t, vocab, budget, ctx->seed) == 0 ? ST_OK : ST_ERR_NOMEM;
  uint32_t lctas = (uint32_t)(t.lines + CTA - 1) / CTA, n = TILE, pairs = 0, groups = 0;
  uint64_t d_text = 0, d_start = 0, d_count = 0, d_off = 0, d_tot = 0, d_keys = 0, d_vals = 0,
           d_goff = 0, d_gtot = 0, d_first = 0, d_word = 0, d_cnt = 0;
  uint64_t *pad = NULL, *sorted = NULL, *ref = NULL;
  uint32_t *word = NULL, *cnt = NULL;
  int launches = 0;
  if (rc == ST_OK) rc = st_wl_upload(gpu, t.bytes, t.size + 1, &d_text, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, t.start, (uint64_t)t.lines * 4, &d_start, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, (uint64_t)lctas * CTA * 4, &d_count, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, (uint64_t)lctas * CTA * 4, &d_off, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, ((uint64_t)lctas + 1) * 4, &d_tot, err);
  /* map count and its prefix sum */
  if (rc == ST_OK) {
    st_arg a[] = {ST_ARG_PTR(d_text), ST_ARG_PTR(d_start), ST_ARG_S32(t.lines),
                  ST_ARG_PTR(d_count)};
    rc = launch(ctx, "wc_map_count", lctas, a, 4, &launches, err);
  }
  if (rc == ST_OK) {
    st_arg a[] = {ST_ARG_PTR(d_count), ST_ARG_PTR(d_off), ST_ARG_PTR(d_tot)};
    rc = launch(ctx, "wc_scan", lctas, a, 3, &launches, err);
  }
  if (rc == ST_OK) {
    st_arg a[] = {ST_ARG_PTR(d_tot), ST_ARG_S32((int32_t)lctas)};
    rc = launch(ctx, "wc_scan_totals", 1, a, 2, &launches, err);
  }
  if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, &pairs, d_tot + (uint64_t)lctas * 4, 4, err);
  if (rc == ST_OK && pairs != t.pairs) {
    snprintf(ctx->verdict, sizeof ctx->verdict,
             "map count: expected %u intermediate pairs, got %u", t.pairs, pairs);
    rc = ST_ERR_MISMATCH;
  }
  /* the intermediate buffers, keys padded to a power of two */
  while (n < pairs) {
    n *= 2;
  }
  uint32_t gctas = n / CTA;
  if (rc == ST_OK) {
    pad = malloc((size_t)n * sizeof *pad);
    sorted = malloc((size_t)n * sizeof *sorted);
    ref = malloc((size_t)n * sizeof *ref);
    word = malloc((size_t)n * sizeof *word);
    cnt = malloc((size_t)n * sizeof *cnt);
    if (pad == NULL || sorted == NULL || ref == NULL || word == NULL || cnt == NULL) {
      rc = ST_ERR_NOMEM;
    } else {
      memset(pad, 0xff, (size_t)n * sizeof *pad);
    }
  }
  if (rc == ST_OK) rc = st_wl_upload(gpu, pad, (uint64_t)n * 8, &d_keys, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, (uint64_t)n * 4, &d_vals, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, (uint64_t)n * 4, &d_goff, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, ((uint64_t)gctas + 1) * 4, &d_gtot, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, (uint64_t)n * 4, &d_first, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, (uint64_t)n * 4, &d_word, err);
  if (rc == ST_OK) rc = st_wl_upload(gpu, NULL, (uint64_t)n * 4, &d_cnt, err);
  if (rc == ST_OK) {
    st_arg a[] = {ST_ARG_PTR(d_text), ST_ARG_PTR(d_start), ST_ARG_S32(t.lines),
                  ST_ARG_PTR(d_off),  ST_ARG_PTR(d_tot),   ST_ARG_PTR(d_keys),
                  ST_ARG_PTR(d_vals)};
    rc = launch(ctx, "wc_map", lctas, a, 7, &launches, err);
  }
  /* group: sort, then flag + scan + compact the group starts */
  if (rc == ST_OK) rc = sort_keys(ctx, d_keys, n, &launches, err);
  if (rc == ST_OK) {
    st_arg a[] = {ST_ARG_PTR(d_keys), ST_ARG_PTR(d_goff), ST_ARG_PTR(d_gtot)};
    rc = launch(ctx, "wc_group_scan", gctas, a, 3, &launches, err);
  }
  if (rc == ST_OK) {
    st_arg a[] = {ST_ARG_PTR(d_gtot), ST_ARG_S32((int32_t)gctas)};
    rc = launch(ctx, "wc_scan_totals", 1, a, 2, &launches, err);
  }
  if (rc == ST_OK) {
    st_arg a[] = {ST_ARG_PTR(d_keys), ST_ARG_PTR(d_goff), ST_ARG_PTR(d_gtot),
                  ST_ARG_PTR(d_first)};
    rc = launch(ctx, "wc_compact", gctas, a, 4, &launches, err);
  }
  if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, &groups, d_gtot + (uint64_t)gctas * 4, 4, err);
  if (rc == ST_OK && (groups > pairs || groups == 0)) {
    snprintf(ctx->verdict, sizeof ctx->verdict, "groups: %u for %u intermediate pairs", groups,
             pairs);
    rc = ST_ERR_MISMATCH;
  }
  /* reduce: one thread per distinct word */
  if (rc == ST_OK) {
    st_arg a[] = {ST_ARG_PTR(d_keys),  ST_ARG_PTR(d_vals), ST_ARG_PTR(d_first),
                  ST_ARG_S32((int32_t)groups), ST_ARG_U32(pairs), ST_ARG_PTR(d_word),
                  ST_ARG_PTR(d_cnt)};
    rc = launch(ctx, "wc_reduce", (groups + CTA - 1) / CTA, a, 7, &launches, err);
  }
  if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, sorted, d_keys, (uint64_t)n * 8, err);
  if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, word, d_word, (uint64_t)groups * 4, err);
  if (rc == ST_OK) rc = st_memcpy_dtoh(gpu, cnt, d_cnt, (uint64_t)groups * 4, err);
  if (rc == ST_OK) {
    /* CPU reference: the emitted keys sorted, then each word's run */
    memcpy(ref, t.key, (size_t)pairs * sizeof *ref);
    memset(ref + pairs, 0xff, (size_t)(n - pairs) * sizeof *ref);
    qsort(ref, pairs, sizeof *ref, cmp_u64);
    size_t bad = 0, first = 0;
    for (uint32_t i = 0; i < n; i++) {
      if (sorted[i] != ref[i] && bad++ == 0) {
        first = i;
      }
    }
    uint32_t want_groups = 0;
    for (uint32_t i = 0; i < pairs; i++) {
      want_groups += i == 0 || (ref[i] >> 32) != (ref[i - 1] >> 32);
    }
    if (bad != 0) {
      snprintf(ctx->verdict, sizeof ctx->verdict,
               "sorted keys: %zu of %u differ; first at %zu: expected 0x%016llx, got 0x%016llx",
               bad, n, first, (unsigned long long)ref[first], (unsigned long long)sorted[first]);
      rc = ST_ERR_MISMATCH;
    } else if (groups != want_groups) {
      snprintf(ctx->verdict, sizeof ctx->verdict, "distinct words: expected %u, got %u",
               want_groups, groups);
      rc = ST_ERR_MISMATCH;
    } else {
      uint32_t g = 0, i = 0;
      while (rc == ST_OK && i < pairs) {
        uint32_t h = (uint32_t)(ref[i] >> 32), c = 0;
        for (; i < pairs && (uint32_t)(ref[i] >> 32) == h; i++) {
          c++;
        }
        if (word[g] != h || cnt[g] != c) {
          snprintf(ctx->verdict, sizeof ctx->verdict,
                   "word %u: expected hash 0x%08x count %u, got hash 0x%08x count %u", g, h, c,
                   word[g], cnt[g]);
          rc = ST_ERR_MISMATCH;
        }
        g++;
      }
      if (rc == ST_OK) {
        snprintf(ctx->verdict, sizeof ctx->verdict,
                 "%u intermediate pairs, %u sorted keys and %u word counts match the CPU "
                 "reference",
                 pairs, n, groups);
      }
    }
    if (ctx->log != NULL) {
      fprintf(ctx->log,
              "  wc: %zu bytes of text, %d lines, %u words (vocabulary %d), %u distinct, %u "
              "keys sorted; %d launches of 256-thread CTAs\n",
              t.size, t.lines, pairs, vocab, groups, n, launches);
    }
  }
  free(t.bytes);
  free(t.start);
  free(t.key);
  free(pad);
  free(sorted);
  free(ref);
  free(word);
  free(cnt);
  return rc;
}

const st_workload_desc st_wl_wc = {
    .name = "wc",
    .title = "word count over a Zipf-distributed text, MapReduce-style (map count, prefix sum, "
             "map, bitonic sort + group, reduce)",
    .seeds = "Ctrl-C WC (Mars)",
    .category = "Ctrl-C: CS/NS split lost in the source, re-derive with the 1.2x rule",
    .suite = "Mars",
    .tables = "Ctrl-C Table 5.3 row 13 (86kB text file)",
    .ptx = "wc.ptx",
    .small = "16 kB of text (about 2400 words, 300 lines), vocabulary of 512 words",
    .paper = "86 kB of text (about 14000 words; the seeds' 86kB text file), vocabulary of 4096 "
             "words",
    .medium = "48 kB of text (about 6900 words, 900 lines), vocabulary of 4096 words",
    .run = run,
    .cpu = cpu,
};
