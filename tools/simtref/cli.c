#include "cli.h"

#include <stdio.h>
#include <string.h>

int cli_take_config_arg(cli_config_args *args, int argc, char **argv, int *i) {
  const char *a = argv[*i];
  const char *val = NULL;
  int is_c = 0, is_s = 0;
  if (strcmp(a, "-c") == 0 || strcmp(a, "--config") == 0) {
    is_c = 1;
  } else if (strcmp(a, "-s") == 0 || strcmp(a, "--set") == 0) {
    is_s = 1;
  } else if (strncmp(a, "--config=", 9) == 0) {
    is_c = 1;
    val = a + 9;
  } else if (strncmp(a, "--set=", 6) == 0) {
    is_s = 1;
    val = a + 6;
  } else {
    return 0;
  }
  if (val == NULL) {
    if (*i + 1 >= argc) {
      fprintf(stderr, "simtref: error: %s needs a value\n", a);
      return -1;
    }
    val = argv[++*i];
  }
  if (is_c) {
    args->config = val;
  } else if (is_s) {
    if (args->n_overrides >= CLI_MAX_OVERRIDES) {
      fprintf(stderr, "simtref: error: more than %d -s overrides\n", CLI_MAX_OVERRIDES);
      return -1;
    }
    args->overrides[args->n_overrides++] = val;
  }
  return 1;
}

bool cli_load_config(const cli_config_args *args, st_config *cfg, char *path_out, size_t path_size) {
  const char *name = args->config != NULL ? args->config : "gtx480";
  char path[1024];
  if (!st_config_find(name, path, sizeof path)) {
    fprintf(stderr, "simtref: error: no config '%s' (not a file, and not in %s; see simtref list)\n",
            name, st_config_dir());
    return false;
  }
  char err[2048];
  if (st_config_load(cfg, path, args->overrides, args->n_overrides, err, sizeof err) != ST_OK) {
    fprintf(stderr, "%s\n", err);
    return false;
  }
  if (path_out != NULL) {
    snprintf(path_out, path_size, "%s", path);
  }
  return true;
}

int cli_unknown_option(const char *cmd, const char *arg) {
  fprintf(stderr, "simtref %s: error: unknown option '%s' (see simtref %s --help)\n", cmd, arg, cmd);
  return EXIT_USAGE;
}
