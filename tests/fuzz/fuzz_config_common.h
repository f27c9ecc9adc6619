/* The check both configuration targets make on a configuration that loaded:
 * its dump is valid YAML that loads again into the same configuration (the
 * same dump, the same hash). */
#ifndef SIMTREF_FUZZ_CONFIG_COMMON_H
#define SIMTREF_FUZZ_CONFIG_COMMON_H

#include "fuzz_common.h"
#include "simtref/config.h"
#include "simtref/error.h"

static inline void fuzz_config_roundtrip(const st_config *cfg, const char *target) {
  char *text = st_config_dump(cfg);
  fuzz_require(text != NULL, target, "a dump");
  char path[512];
  fuzz_write("dump.yaml", text, strlen(text), path, sizeof path);
  static st_config again;
  static char msg[ST_ERROR_MSG_MAX];
  msg[0] = '\0';
  st_status s = st_config_load(&again, path, NULL, 0, msg, sizeof msg);
  if (s != ST_OK) {
    fprintf(stderr, "%s: the dump does not load: %s\n", target, msg);
  }
  fuzz_require(s == ST_OK, target, "the dump loads again");
  char *text2 = st_config_dump(&again);
  fuzz_require(text2 != NULL && strcmp(text, text2) == 0, target, "the reloaded dump is the same");
  fuzz_require(st_config_hash(&again) == st_config_hash(cfg), target, "the same hash");
  free(text2);
  free(text);
}

#endif
