/* libFuzzer target for the YAML configuration loader (st_config_load on a
 * file: libyaml events, the option table, validation). Any bytes either load
 * into a configuration whose dump loads again to the same configuration, or
 * fail with ST_ERR_CONFIG and a "FILE:...: error: ..." message about this
 * file (with line and column where the loader read a bad key or value; a
 * combination found by validation names the file alone when no key of it
 * was set there). */
#include "fuzz_config_common.h"

#define TARGET "fuzz_config_yaml"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char path[512];
  fuzz_write("fuzz.yaml", data, size, path, sizeof path);
  static st_config cfg;
  static char msg[ST_ERROR_MSG_MAX];
  msg[0] = '\0';
  st_status s = st_config_load(&cfg, path, NULL, 0, msg, sizeof msg);
  if (s == ST_OK) {
    fuzz_config_roundtrip(&cfg, TARGET);
    fuzz_outcome("loaded");
    return 0;
  }
  fuzz_outcome(msg);
  fuzz_require(s == ST_ERR_CONFIG || s == ST_ERR_NOMEM, TARGET, "status ST_ERR_CONFIG");
  if (s == ST_ERR_CONFIG) {
    size_t n = strlen(path);
    fuzz_require(strncmp(msg, path, n) == 0 && msg[n] == ':', TARGET, "the message names the file");
    fuzz_require(strstr(msg, ": error: ") != NULL && msg[strlen(msg) - 1] != ' ', TARGET,
                 "an error message with text");
  }
  return 0;
}
