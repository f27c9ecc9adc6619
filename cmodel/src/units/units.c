/* The table of co-verified units, by RTL module name. */
#include <string.h>

#include "units/dyncta.h"
#include "units/fetch_cff.h"
#include "units/fetch_rr.h"
#include "units/wpt.h"
#include "units/wsched_gto.h"
#include "units/wsched_lrr.h"
#include "units/wsched_mwf.h"
#include "units/wsched_tls.h"

static const st_unit_desc *const all_units[] = {
    &wsched_lrr_desc, &wsched_gto_desc, &wsched_tls_desc, &wsched_mwf_desc,
    &fetch_rr_desc,   &fetch_cff_desc,  &wpt_desc,       &dyncta_desc,
};

const st_unit_desc *st_unit_at(size_t i) {
  return i < sizeof all_units / sizeof all_units[0] ? all_units[i] : NULL;
}

const st_unit_desc *st_unit_find(const char *name) {
  for (size_t i = 0; i < sizeof all_units / sizeof all_units[0]; i++) {
    if (strcmp(all_units[i]->name, name) == 0) {
      return all_units[i];
    }
  }
  return NULL;
}
