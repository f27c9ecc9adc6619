/* The bench parameter sets: see params.h. */
#include "params.h"

#include <stdio.h>
#include <string.h>

const char *ut_param_set_find(const char *unit, const char *name) {
  for (const ut_param_set *s = ut_param_sets; s->unit != NULL; s++) {
    if (strcmp(s->unit, unit) == 0 && strcmp(s->name, name) == 0) {
      return s->params;
    }
  }
  return NULL;
}

bool ut_params_parse(const st_unit_desc *d, const char *text, void *params, char *why,
                     size_t why_size) {
  memset(params, 0, d->params_size);
  if (!st_unit_parse_params(d, text, params, why, why_size)) {
    return false;
  }
  char back[512];
  if (!st_unit_rtl_params(d, params, back, sizeof back) || strcmp(back, text) != 0) {
    snprintf(why, why_size, "%s: '%.200s' is not in the order rtl_params writes ('%.200s')", d->name,
             text, back);
    return false;
  }
  return true;
}

bool ut_params_of(const st_unit_desc *d, const char *name, void *params, char *why,
                  size_t why_size) {
  const char *text = ut_param_set_find(d->name, name);
  if (text == NULL) {
    snprintf(why, why_size, "%s has no bench parameter set '%s' (verif/units/%s/builds.cmake)",
             d->name, name, d->name);
    return false;
  }
  char w[1024];
  if (!ut_params_parse(d, text, params, w, sizeof w)) {
    snprintf(why, why_size, "parameter set %s of %s: %.500s", name, d->name, w);
    return false;
  }
  return true;
}
