/* Reading the stats.json files `simtref run --stats` writes: a strict JSON
 * parser that keeps the top-level scalar members (numbers as written, and
 * strings) in file order and checks the rest of the document. The one
 * liberty: nan, -nan, inf and -inf (what printf writes for a non-finite
 * value) are read as numbers. */
#ifndef SIMTREF_TOOL_SWEEP_JSON_H
#define SIMTREF_TOOL_SWEEP_JSON_H

#include <stdbool.h>
#include <stddef.h>

typedef struct sweep_json_member {
  char *key;
  bool is_number;
  char *text;    /* a number exactly as written, or a string's value */
  double number; /* the number's value (is_number only) */
} sweep_json_member;

typedef struct sweep_stats {
  sweep_json_member *m; /* the top-level numbers and strings, in file order */
  size_t n;
  bool has_kernels; /* a top-level "kernels" array is present */
} sweep_stats;

/* Parses text as one JSON object. Returns false, with a message in err
 * ("line L: ..."), if it is not valid JSON or not an object. */
bool sweep_stats_parse(const char *text, sweep_stats *out, char *err, size_t err_size);

/* Reads path and parses it. Returns false if it cannot be read or parsed. */
bool sweep_stats_read(const char *path, sweep_stats *out, char *err, size_t err_size);

/* True if path is a finished stats file: valid JSON, a top-level "kernels"
 * list, and ending the way the writer (run_report.c) ends it: "]\n}\n". */
bool sweep_stats_complete(const char *path);

void sweep_stats_free(sweep_stats *s);

/* The top-level member named key, or NULL. */
const sweep_json_member *sweep_stats_get(const sweep_stats *s, const char *key);

#endif
