/* Where each option of a loaded configuration was set: used to point errors
 * found after parsing (impossible combinations) at their source. */
#ifndef SIMTREF_CONFIG_ORIGIN_H
#define SIMTREF_CONFIG_ORIGIN_H

#include "common/error.h"
#include "simtref/config.h"

typedef struct st_config_origin {
  const char *default_file; /* the config file, or NULL when none was loaded */
  st_srcpos *pos;           /* one per option; file == NULL means "default" */
  char **owned;             /* file names this origin owns (override texts) */
  size_t n_owned;
} st_config_origin;

/* Checks the combinations of values that no option bound can express (a
 * cache whose size is not sets x ways x line, a CTA limit no SM can host,
 * ...). Fills in derived values (cache sets given as 0). On failure records
 * "file:line:col: error: ..." in err and returns ST_ERR_CONFIG. */
st_status st_config_validate(st_config *cfg, const st_config_origin *origin, st_error *err);

#endif
