/* "Did you mean": the known key nearest to a mistyped one. */
#include <stdlib.h>
#include <string.h>

#include "config/options.h"

/* Levenshtein distance between a and b, both shorter than 128 bytes. */
static size_t edit_distance(const char *a, const char *b) {
  size_t la = strlen(a), lb = strlen(b);
  if (la > 127 || lb > 127) {
    return (size_t)-1;
  }
  size_t prev[128], cur[128];
  for (size_t j = 0; j <= lb; j++) {
    prev[j] = j;
  }
  for (size_t i = 1; i <= la; i++) {
    cur[0] = i;
    for (size_t j = 1; j <= lb; j++) {
      size_t sub = prev[j - 1] + (a[i - 1] != b[j - 1]);
      size_t del = prev[j] + 1;
      size_t ins = cur[j - 1] + 1;
      size_t m = sub < del ? sub : del;
      cur[j] = m < ins ? m : ins;
    }
    memcpy(prev, cur, (lb + 1) * sizeof prev[0]);
  }
  return prev[lb];
}

const char *st_option_suggest(const char *key) {
  size_t len = strlen(key);
  size_t limit = len / 3 > 2 ? len / 3 : 2;
  const char *best = NULL;
  size_t best_d = limit + 1, best_prefix = 0;
  for (size_t i = 0; i < st_num_options; i++) {
    const char *cand = st_options[i].key;
    size_t d = edit_distance(key, cand);
    if (d > 1 && strncmp(cand, key, len) == 0) {
      d = 1; /* a truncated name: "sm.warp_sched" for "sm.warp_scheduler" */
    }
    size_t prefix = 0;
    while (key[prefix] != '\0' && key[prefix] == cand[prefix]) {
      prefix++;
    }
    /* Nearest first; between equally near keys, the longer shared prefix. */
    if (d < best_d || (d == best_d && best != NULL && prefix > best_prefix)) {
      best_d = d;
      best_prefix = prefix;
      best = cand;
    }
  }
  return best;
}
