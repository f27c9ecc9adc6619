/* Statistics of a run: an ordered list of named values per kernel launch
 * and for the whole run, written as `key = value` text or as JSON.
 *
 * Keys are stable, lower case, dotted ("l1d.global_r.miss", "sm.ract"): sweeps
 * turn them into CSV columns. Values are integers or reals; reals are
 * printed with a fixed format so that equal runs give byte-identical output
 * (wall time, simulation rate and the host's peak memory are the only keys
 * that vary between runs; they are named in st_stat_is_wall).
 */
#ifndef SIMTREF_STATS_H
#define SIMTREF_STATS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

typedef struct st_stat {
  char key[64];
  bool is_real;
  uint64_t u;
  double d;
} st_stat;

typedef struct st_statset {
  char name[128];   /* kernel name, or "run" */
  st_stat *v;
  size_t n, cap;
} st_statset;

void st_statset_init(st_statset *s, const char *name);
void st_statset_free(st_statset *s);
/* Appends (or replaces) a value. */
void st_stat_u(st_statset *s, const char *key, uint64_t v);
void st_stat_d(st_statset *s, const char *key, double v);
/* The value of key, or NULL. */
const st_stat *st_stat_get(const st_statset *s, const char *key);

/* True for keys whose values depend on the host (wall time, rate, peak
 * memory): left out wherever runs are compared for determinism. */
bool st_stat_is_wall(const char *key);

/* The peak resident memory (high-water mark of the resident set) of this
 * process so far, in bytes; 0 where the host does not say. It covers
 * everything the process holds: the simulated GPU, its device memory (each
 * page counts once written) and the caller's own data. */
uint64_t st_host_peak_rss_bytes(void);

/* Writes "key = value" lines, prefixed by prefix (may be ""). */
void st_statset_write_text(const st_statset *s, const char *prefix, FILE *f);

/* Writes one JSON object (without a trailing newline). indent is the
 * nesting level in spaces. */
void st_statset_write_json(const st_statset *s, int indent, FILE *f);

#endif
