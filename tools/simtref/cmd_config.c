/* simtref config: show the resolved configuration, its hash, or the option
 * reference. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "simtref_version.h"

static const char *const config_usage =
    "usage: simtref config [-c CONFIG] [-s KEY=VALUE]... (--dump | --hash | --doc)\n"
    "\n"
    "  -c, --config CONFIG  a config file, or the name of one in configs/ (default gtx480)\n"
    "  -s, --set KEY=VALUE  override one key (repeatable), e.g. -s sm.warp_scheduler=gto\n"
    "  --dump               print the fully resolved configuration as YAML, then its hash\n"
    "  --hash               print only the 64-bit hash of the resolved configuration\n"
    "  --doc                print the Markdown reference of every key (docs/config.md)\n";

int cmd_config(int argc, char **argv) {
  cli_config_args args = {0};
  enum { NONE, DUMP, HASH, DOC } action = NONE;
  for (int i = 1; i < argc; i++) {
    int taken = cli_take_config_arg(&args, argc, argv, &i);
    if (taken < 0) {
      return EXIT_USAGE;
    }
    if (taken) {
      continue;
    }
    if (strcmp(argv[i], "--dump") == 0) {
      action = DUMP;
    } else if (strcmp(argv[i], "--hash") == 0) {
      action = HASH;
    } else if (strcmp(argv[i], "--doc") == 0) {
      action = DOC;
    } else if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
      fputs(config_usage, stdout);
      return EXIT_OK;
    } else {
      return cli_unknown_option("config", argv[i]);
    }
  }
  if (action == NONE) {
    fputs(config_usage, stderr);
    return EXIT_USAGE;
  }
  if (action == DOC) {
    char *doc = st_config_doc_markdown();
    if (doc == NULL) {
      fprintf(stderr, "simtref: error: out of memory\n");
      return EXIT_FAIL;
    }
    fputs(doc, stdout);
    free(doc);
    return EXIT_OK;
  }
  st_config cfg;
  char path[ST_PATH_MAX];
  if (!cli_load_config(&args, &cfg, path, sizeof path)) {
    return EXIT_USAGE;
  }
  uint64_t hash = st_config_hash(&cfg);
  if (action == HASH) {
    printf("%016" PRIx64 "\n", hash);
    return EXIT_OK;
  }
  char *text = st_config_dump(&cfg);
  if (text == NULL) {
    fprintf(stderr, "simtref: error: out of memory\n");
    return EXIT_FAIL;
  }
  printf("# simtref %s (%s) resolved configuration\n# source: %s\n", SIMTREF_VERSION,
         SIMTREF_GIT_COMMIT, path);
  for (size_t i = 0; i < args.n_overrides; i++) {
    printf("# override: %s\n", args.overrides[i]);
  }
  fputs(text, stdout);
  printf("# hash: %016" PRIx64 "\n", hash);
  free(text);
  return EXIT_OK;
}
