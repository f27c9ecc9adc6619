/* libFuzzer target for the "-s KEY=VALUE" overrides: the input is split at
 * newlines into override strings (a final newline ends the last one), which
 * are applied in order over the defaults, then validated (st_config_load
 * with no file). Either the result loads again from its dump, or the load
 * fails with ST_ERR_CONFIG and a message that names the override at fault
 * ("-s TEXT:1:COL: error: ...") or, for a combination of defaults,
 * "<defaults>: error: ...". */
#include "fuzz_config_common.h"

#define TARGET "fuzz_set_option"
#define MAX_OVERRIDES 64

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  char *copy = malloc(size + 1);
  fuzz_require(copy != NULL, TARGET, "memory");
  memcpy(copy, data, size);
  copy[size] = '\0';
  const char *ovr[MAX_OVERRIDES];
  size_t n = 0;
  for (char *line = copy; n < MAX_OVERRIDES;) {
    char *nl = memchr(line, '\n', (size_t)(copy + size - line));
    if (nl != NULL) {
      *nl = '\0';
    }
    ovr[n++] = line; /* an embedded NUL ends the override early */
    if (nl == NULL || nl + 1 == copy + size) {
      break; /* a newline at the end ends the last override */
    }
    line = nl + 1;
  }
  static st_config cfg;
  static char msg[ST_ERROR_MSG_MAX];
  msg[0] = '\0';
  st_status s = st_config_load(&cfg, NULL, ovr, n, msg, sizeof msg);
  if (s == ST_OK) {
    fuzz_config_roundtrip(&cfg, TARGET);
    fuzz_outcome("loaded");
  } else {
    fuzz_outcome(msg);
    fuzz_require(s == ST_ERR_CONFIG || s == ST_ERR_NOMEM, TARGET, "status ST_ERR_CONFIG");
    if (s == ST_ERR_CONFIG) {
      fuzz_require(strstr(msg, ": error: ") != NULL && msg[strlen(msg) - 1] != ' ', TARGET,
                   "an error message with text");
      bool named = strncmp(msg, "<defaults>: error: ", 19) == 0;
      for (size_t i = 0; i < n && !named; i++) {
        size_t len = strlen(ovr[i]);
        named = strncmp(msg, "-s ", 3) == 0 && strncmp(msg + 3, ovr[i], len) == 0 &&
                msg[3 + len] == ':';
      }
      fuzz_require(named, TARGET, "the message names the override at fault");
    }
  }
  free(copy);
  return 0;
}
