/* Coverage bins of the unit benches: see cover.h. */
#include "cover.h"

#include <string.h>

static void add(cov_set *c, const char *name, const char *what, bool required) {
  if (c->n < COV_MAX_BINS) {
    c->bins[c->n].name = name;
    c->bins[c->n].what = what;
    c->bins[c->n].hits = 0;
    c->bins[c->n].required = required;
    c->bins[c->n].any = !required;
    c->n++;
  }
}

void cov_add(cov_set *c, const char *name, const char *what, bool applicable) {
  if (applicable) {
    add(c, name, what, true);
  }
}

void cov_add_any(cov_set *c, const char *name, const char *what, bool applicable) {
  if (applicable) {
    add(c, name, what, false);
  }
}

void cov_hit(cov_set *c, const char *name) {
  for (unsigned i = 0; i < c->n; i++) {
    if (strcmp(c->bins[i].name, name) == 0) {
      c->bins[i].hits++;
      return;
    }
  }
}

unsigned cov_missing(const cov_set *c) {
  unsigned n = 0;
  for (unsigned i = 0; i < c->n; i++) {
    n += c->bins[i].required && c->bins[i].hits == 0;
  }
  return n;
}
