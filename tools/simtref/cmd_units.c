/* simtref units: the unit registry (units/registry.h) as users and the
 * build see it: every unit, its role, what selects it, whether a
 * configuration uses it and with which RTL parameters; and the RTL
 * parameter sets a list of configurations needs (--rtl-builds), from which
 * verif/ makes its Verilated builds. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "units/registry.h"

static const char *const units_usage =
    "usage: simtref units [-c CONFIG] [-s KEY=VALUE]...\n"
    "       simtref units --rtl-builds TARGET...\n"
    "       simtref units --check\n"
    "\n"
    "Lists every unit of the registry: its role and where its instances sit, the\n"
    "configuration keys that select it, whether CONFIG (default gtx480) uses it and\n"
    "with how many instances per SM, its RTL parameters for CONFIG, its trace.\n"
    "\n"
    "  --rtl-builds TARGET...  prints, one line \"UNIT PARAMS\" each, the distinct RTL\n"
    "                          parameter sets the units need under each TARGET\n"
    "                          (CONFIG or CONFIG,KEY=VALUE,...) with every value of the\n"
    "                          policy keys that select units and the target does not\n"
    "                          fix (the RTL builds of verif/ are made from this list)\n"
    "  --check                 checks the registry's entries against the option table\n";

/* ---- --rtl-builds --------------------------------------------------------- */

#define MAX_SETS 1024
#define MAX_KEYS 16
#define MAX_OVR 64

typedef struct build_set {
  char *lines[MAX_SETS];
  size_t n;
} build_set;

static bool add_line(build_set *b, const char *unit, const char *params) {
  size_t len = strlen(unit) + strlen(params) + 2;
  char *line = malloc(len);
  if (line == NULL) {
    return false;
  }
  snprintf(line, len, "%s %s", unit, params);
  for (size_t i = 0; i < b->n; i++) {
    if (strcmp(b->lines[i], line) == 0) {
      free(line);
      return true;
    }
  }
  if (b->n == MAX_SETS) {
    free(line);
    return false;
  }
  b->lines[b->n++] = line;
  return true;
}

static int cmp_line(const void *a, const void *b) {
  return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* The values an enum or bool key takes. */
static size_t key_values(const char *key, const char **vals, size_t max) {
  size_t n = st_config_enum_count(key);
  if (n == 0) {
    vals[0] = "false";
    vals[1] = "true";
    return 2;
  }
  for (size_t i = 0; i < n && i < max; i++) {
    vals[i] = st_config_enum_name(key, i);
  }
  return n < max ? n : max;
}

/* Adds the parameter sets of every unit selected under one target. */
static int target_builds(const char *target, build_set *b) {
  char *t = strdup(target);
  if (t == NULL) {
    return EXIT_FAIL;
  }
  const char *ovr[MAX_OVR + MAX_KEYS];
  size_t n_ovr = 0;
  char *save = NULL;
  char *config = strtok_r(t, ",", &save);
  for (char *o = strtok_r(NULL, ",", &save); o != NULL; o = strtok_r(NULL, ",", &save)) {
    if (n_ovr == MAX_OVR) {
      fprintf(stderr, "simtref units: error: %s: too many overrides\n", target);
      free(t);
      return EXIT_USAGE;
    }
    ovr[n_ovr++] = o;
  }
  char path[4096];
  if (config == NULL || !st_config_find(config, path, sizeof path)) {
    fprintf(stderr, "simtref units: error: %s: no such config\n", target);
    free(t);
    return EXIT_USAGE;
  }
  /* The policy keys the target leaves free. */
  const char *all[MAX_KEYS], *keys[MAX_KEYS];
  size_t n_all = st_registry_select_keys(all, MAX_KEYS), n_keys = 0;
  for (size_t k = 0; k < n_all; k++) {
    bool fixed = false;
    for (size_t i = 0; i < n_ovr && !fixed; i++) {
      size_t len = strlen(all[k]);
      fixed = strncmp(ovr[i], all[k], len) == 0 && ovr[i][len] == '=';
    }
    if (!fixed) {
      keys[n_keys++] = all[k];
    }
  }
  const char *vals[MAX_KEYS][32];
  size_t n_vals[MAX_KEYS], idx[MAX_KEYS] = {0};
  char sets[MAX_KEYS][160];
  for (size_t k = 0; k < n_keys; k++) {
    n_vals[k] = key_values(keys[k], vals[k], 32);
  }
  int status = EXIT_OK;
  size_t loaded = 0;
  for (;;) {
    for (size_t k = 0; k < n_keys; k++) {
      snprintf(sets[k], sizeof sets[k], "%s=%s", keys[k], vals[k][idx[k]]);
      ovr[n_ovr + k] = sets[k];
    }
    st_config cfg;
    char err[1024];
    /* A combination the validator refuses (cta_scheduler.policy static
     * without a limit) needs no builds. */
    if (st_config_load(&cfg, path, ovr, n_ovr + n_keys, err, sizeof err) == ST_OK) {
      loaded++;
      for (size_t i = 0; i < st_unit_count(); i++) {
        const st_unit *u = st_unit_get(i);
        char params[512];
        if (!st_unit_selected(u, &cfg)) {
          continue;
        }
        if (!st_unit_config_rtl_params(u, &cfg, params, sizeof params) ||
            !add_line(b, u->desc->name, params)) {
          fprintf(stderr, "simtref units: error: too many parameter sets\n");
          status = EXIT_FAIL;
        }
      }
    }
    size_t k = 0;
    while (k < n_keys && ++idx[k] == n_vals[k]) {
      idx[k++] = 0;
    }
    if (k == n_keys) {
      break;
    }
  }
  if (loaded == 0) {
    /* Not one combination loads: the target itself is bad. Say why. */
    st_config cfg;
    char err[1024];
    if (st_config_load(&cfg, path, ovr, n_ovr, err, sizeof err) != ST_OK) {
      fprintf(stderr, "%s\n", err);
    } else {
      fprintf(stderr, "simtref units: error: %s: no policy combination loads\n", target);
    }
    status = EXIT_USAGE;
  }
  free(t);
  return status;
}

static int rtl_builds(int argc, char **argv) {
  if (argc == 0) {
    fprintf(stderr, "simtref units: error: --rtl-builds needs at least one target\n");
    return EXIT_USAGE;
  }
  build_set b = {{0}, 0};
  int status = EXIT_OK;
  for (int i = 0; i < argc && status == EXIT_OK; i++) {
    status = target_builds(argv[i], &b);
  }
  qsort(b.lines, b.n, sizeof b.lines[0], cmp_line);
  for (size_t i = 0; i < b.n; i++) {
    if (status == EXIT_OK) {
      printf("%s\n", b.lines[i]);
    }
    free(b.lines[i]);
  }
  return status;
}

/* ---- the listing ---------------------------------------------------------- */

static void list_units(const st_config *cfg) {
  printf("units (registry: cmodel/src/units/registry.def; docs/units/):\n");
  for (size_t i = 0; i < st_unit_count(); i++) {
    const st_unit *u = st_unit_get(i);
    bool used = st_unit_selected(u, cfg);
    char params[512] = "";
    st_unit_config_rtl_params(u, cfg, params, sizeof params);
    printf("  %-11s %s\n", u->desc->name, u->summary);
    printf("              role: %s, %s\n", st_role_name(u->role), st_role_title(u->role));
    printf("              selected by: %s\n", u->select);
    if (used) {
      if (st_role_scope(u->role) == ST_USCOPE_GPU) {
        printf("              in use with %s: 1 per GPU, RTL parameters %s\n", cfg->gpu.name,
               params);
      } else {
        printf("              in use with %s: %u per SM, RTL parameters %s\n", cfg->gpu.name,
               st_unit_instances(u, cfg), params);
      }
    } else {
      printf("              not in use with %s (RTL parameters there: %s)\n", cfg->gpu.name,
             params);
    }
    printf("              trace: %s\n", u->trace != NULL
                                            ? u->trace->what
                                            : "every evaluation's inputs, outputs and registers");
  }
}

int cmd_units(int argc, char **argv) {
  cli_config_args args = {0};
  for (int i = 1; i < argc; i++) {
    int taken = cli_take_config_arg(&args, argc, argv, &i);
    if (taken < 0) {
      return EXIT_USAGE;
    }
    if (taken) {
      continue;
    }
    const char *a = argv[i];
    if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
      fputs(units_usage, stdout);
      return EXIT_OK;
    }
    if (strcmp(a, "--rtl-builds") == 0) {
      if (args.config != NULL || args.n_overrides > 0) {
        fprintf(stderr, "simtref units: error: --rtl-builds takes targets, not -c/-s\n");
        return EXIT_USAGE;
      }
      return rtl_builds(argc - i - 1, argv + i + 1);
    }
    if (strcmp(a, "--check") == 0) {
      char why[512];
      if (!st_registry_check(why, sizeof why)) {
        fprintf(stderr, "simtref units: registry error: %s\n", why);
        return EXIT_FAIL;
      }
      printf("registry: %zu units, every entry consistent with the option table\n",
             st_unit_count());
      return EXIT_OK;
    }
    return cli_unknown_option("units", a);
  }
  st_config cfg;
  if (!cli_load_config(&args, &cfg, NULL, 0)) {
    return EXIT_USAGE;
  }
  list_units(&cfg);
  return EXIT_OK;
}
