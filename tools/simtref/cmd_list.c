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

/* The source suites in the order simtref list shows them; a workload whose
 * suite is not here is listed under "other". */
static const char *const suites[] = {"Rodinia", "Parboil", "NVIDIA SDK", "Mars", "Pannotia",
                                     "GPGPU-Sim ISPASS-2009", NULL};

static bool known_suite(const char *s) {
  for (size_t i = 0; suites[i] != NULL; i++) {
    if (s != NULL && strcmp(s, suites[i]) == 0) {
      return true;
    }
  }
  return false;
}

static void list_suite(const char *suite) {
  size_t n = 0;
  for (size_t i = 0; st_workloads[i] != NULL; i++) {
    const st_workload_desc *w = st_workloads[i];
    n += suite != NULL ? (w->suite != NULL && strcmp(w->suite, suite) == 0)
                       : !known_suite(w->suite);
  }
  if (n == 0) {
    return;
  }
  printf(" %s (%zu):\n", suite != NULL ? suite : "other", n);
  for (size_t i = 0; st_workloads[i] != NULL; i++) {
    const st_workload_desc *w = st_workloads[i];
    bool here = suite != NULL ? (w->suite != NULL && strcmp(w->suite, suite) == 0)
                              : !known_suite(w->suite);
    if (!here) {
      continue;
    }
    const char *classes = st_workload_classes_of(w->name);
    printf("  %-8s %s\n           seeds: %s\n           category: %s\n", w->name, w->title,
           w->seeds, w->category);
    printf("           tables: %s\n", w->tables != NULL ? w->tables : "(none stated)");
    printf("           measured: %s\n", classes != NULL ? classes : "(not classified yet)");
    if (w->variants != NULL) {
      printf("           variants (--variant): %s\n", w->variants);
    }
    if (w->inputs != NULL) {
      printf("           inputs (--input): %s\n", w->inputs);
    }
  }
}

int cmd_list(int argc, char **argv) {
  bool names = false;
  for (int i = 1; i < argc; i++) {
    if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
      printf("usage: simtref list [--names]\n\n"
             "Lists the named configs, the workloads by source suite (with the seed tables\n"
             "that use each and its classes measured by the seeds' rules, workloads/classes.md),\n"
             "the policies and the units.\n\n"
             "  --names   only the workload names, one per line (for scripts)\n");
      return EXIT_OK;
    }
    if (strcmp(argv[i], "--names") == 0) {
      names = true;
      continue;
    }
    return cli_unknown_option("list", argv[i]);
  }
  if (names) {
    for (size_t i = 0; st_workloads[i] != NULL; i++) {
      printf("%s\n", st_workloads[i]->name);
    }
    return EXIT_OK;
  }
  list_configs();
  size_t n_wl = 0;
  while (st_workloads[n_wl] != NULL) {
    n_wl++;
  }
  printf("\nworkloads (%zu; simtref run NAME [--size small|medium|paper]), by source suite:\n", n_wl);
  for (size_t s = 0; suites[s] != NULL; s++) {
    list_suite(suites[s]);
  }
  list_suite(NULL);
  if (n_wl == 0) {
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
