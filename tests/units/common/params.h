/* The test-only parameter sets of the unit benches, declared once, as RTL
 * parameter overrides, in verif/units/U/builds.cmake (st_unit_params): CMake
 * builds the RTL for each and writes this table; the directed vectors and the
 * bench read a set by its name and parse it with st_unit_parse_params. */
#ifndef SIMTREF_TESTS_UNITS_PARAMS_H
#define SIMTREF_TESTS_UNITS_PARAMS_H

#include <stdbool.h>
#include <stddef.h>

#include "units/unit.h"

typedef struct ut_param_set {
  const char *unit;   /* the unit (st_unit_desc name) */
  const char *name;   /* the set's name in its builds.cmake */
  const char *params; /* "NW=8 AGE_W=4 CAP=3" */
} ut_param_set;

/* Every set of every unit; ends with an entry whose unit is NULL (generated). */
extern const ut_param_set ut_param_sets[];

/* The parameters of the unit's set `name`, or NULL. */
const char *ut_param_set_find(const char *unit, const char *name);

/* Set `name` of unit d parsed into params (d->params_size bytes, zeroed
 * first). False, with the reason in why, when the set does not exist, does
 * not parse, or is not written in the order the unit's rtl_params writes
 * (the RTL build would then never be found by its parameters). */
bool ut_params_of(const st_unit_desc *d, const char *name, void *params, char *why,
                  size_t why_size);

/* The same for a parameter string. */
bool ut_params_parse(const st_unit_desc *d, const char *text, void *params, char *why,
                     size_t why_size);

#endif
