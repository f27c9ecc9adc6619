/* simtref list: the named configs, workloads and policies this build knows. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "units/registry.h"
#include "sweep_util.h"
#include "workload.h"

static int cmp_str(const void *a, const void *b) {
  return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Prints each configs/NAME.yaml with its first comment line as a description. */
static void list_configs(void) {
  const char *dir = st_config_dir();
  printf("configs (%s):\n", dir);
  DIR *d = opendir(dir);
  if (d == NULL) {
    printf("  (none: cannot open the directory)\n");
    return;
  }
  char *names[256];
  size_t n = 0;
  struct dirent *e;
  while ((e = readdir(d)) != NULL && n < 256) {
    size_t len = strlen(e->d_name);
    if (len > 5 && strcmp(e->d_name + len - 5, ".yaml") == 0) {
      names[n] = strdup(e->d_name);
      if (names[n] != NULL) {
        n++;
      }
    }
  }
  closedir(d);
  qsort(names, n, sizeof names[0], cmp_str);
  for (size_t i = 0; i < n; i++) {
    char line[256] = "";
    char *path = sw_fmt("%s/%s", dir, names[i]);
    FILE *f = fopen(path, "r");
    free(path);
    if (f != NULL) {
      if (fgets(line, sizeof line, f) == NULL || line[0] != '#') {
        line[0] = '\0';
      }
      fclose(f);
    }
    line[strcspn(line, "\n")] = '\0';
    const char *desc = line[0] == '#' ? line + 1 + (line[1] == ' ') : "";
    printf("  %-16.*s %s\n", (int)(strlen(names[i]) - 5), names[i], desc);
    free(names[i]);
  }
}

static void list_enum(const char *title, const char *key) {
  printf("  %-22s", key);
  for (size_t i = 0; i < st_config_enum_count(key); i++) {
    printf(" %s", st_config_enum_name(key, i));
  }
  printf("    (%s)\n", title);
}

int cmd_list(int argc, char **argv) {
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
      printf("usage: simtref list\n\nLists the named configs, workloads and policies.\n");
      return EXIT_OK;
    }
    return cli_unknown_option("list", argv[i]);
  }
  list_configs();
  printf("\nworkloads (simtref run NAME [--size small|paper]):\n");
  for (size_t i = 0; st_workloads[i] != NULL; i++) {
    const st_workload_desc *w = st_workloads[i];
    printf("  %-8s %s\n           seeds: %s\n           category: %s\n", w->name, w->title,
           w->seeds, w->category);
  }
  if (st_workloads[0] == NULL) {
    printf("  (none)\n");
  }
  printf("\npolicies (select with -s KEY=NAME):\n");
  list_enum("warp issue scheduler", "sm.warp_scheduler");
  list_enum("fetch arbiter", "sm.fetch_arbiter");
  list_enum("CTA scheduler", "cta_scheduler.policy");
  printf("\nunits (the registry; details: simtref units):\n");
  for (size_t i = 0; i < st_unit_count(); i++) {
    const st_unit *u = st_unit_get(i);
    printf("  %-11s %-7s %s\n", u->desc->name, st_role_name(u->role), u->select);
  }
  return EXIT_OK;
}
