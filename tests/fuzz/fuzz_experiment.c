/* libFuzzer target for experiment files (sweep_exp_load with every check:
 * the YAML structure, workload names against the suite's registry, and each
 * config loaded with each variant's overrides). Any bytes either load into
 * an experiment whose every part is in range, with nothing printed, or fail
 * with errors printed, one a line, each of them "FILE:LINE:COL: error: ..."
 * for this file. The scratch directory beside the input holds a config
 * file, c.yaml, that configs: may name. */
#include "fuzz_common.h"
#include "sweep_exp.h"

#define TARGET "fuzz_experiment"

static void check_experiment(const sweep_exp *e) {
  fuzz_require(sweep_label_ok(e->name), TARGET, "experiment name");
  fuzz_require(e->n_wl > 0 && e->n_cfg > 0 && e->n_var > 0, TARGET, "a non-empty matrix");
  fuzz_require(sweep_exp_variant(e, e->baseline) >= 0, TARGET, "the baseline is a variant");
  for (size_t i = 0; i < e->n_wl; i++) {
    fuzz_require(sweep_label_ok(e->wl[i].name) && sweep_label_ok(e->wl[i].label), TARGET,
                 "workload labels");
    for (size_t j = 0; j < i; j++) {
      fuzz_require(strcmp(e->wl[i].label, e->wl[j].label) != 0, TARGET, "unique workloads");
    }
  }
  for (size_t i = 0; i < e->n_cfg; i++) {
    fuzz_require(sweep_label_ok(e->cfg[i].label) && e->cfg[i].path != NULL, TARGET,
                 "resolved configs");
  }
  for (size_t i = 0; i < e->n_var; i++) {
    fuzz_require(sweep_label_ok(e->var[i].name), TARGET, "variant names");
    for (size_t k = 0; k < e->var[i].n_ovr; k++) {
      const sweep_override *o = &e->var[i].ovr[k];
      fuzz_require(strchr(o->text, '=') != NULL && o->line > 0 && o->vline > 0, TARGET,
                   "overrides");
    }
  }
  fuzz_require(e->hash != NULL, TARGET, "every config x variant hashed");
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static bool setup;
  char path[512];
  if (!setup) {
    /* configs: [c.yaml] names a config file beside the experiment */
    static const char cfg[] = "gpu: {name: c, num_clusters: 2}\n";
    fuzz_write("c.yaml", cfg, sizeof cfg - 1, path, sizeof path);
    setup = true;
  }
  fuzz_write("exp.yaml", data, size, path, sizeof path);
  char *text = NULL;
  size_t len = 0;
  FILE *errs = open_memstream(&text, &len);
  fuzz_require(errs != NULL, TARGET, "memory");
  sweep_exp e;
  int nerr = sweep_exp_load(&e, path, SWEEP_CHECK_ALL, errs);
  fclose(errs);
  if (nerr == 0) {
    fuzz_require(len == 0, TARGET, "nothing printed on success");
    check_experiment(&e);
    fuzz_outcome("loaded");
    sweep_exp_free(&e);
  } else {
    fuzz_outcome(text != NULL ? text : "");
    fuzz_require(nerr > 0 && len > 0 && text[len - 1] == '\n', TARGET, "errors printed");
    int lines = 0;
    for (char *line = text; *line != '\0'; lines++) {
      char *nl = strchr(line, '\n');
      *nl = '\0';
      if (!fuzz_positioned(line, path)) {
        fprintf(stderr, "%s: not positioned: %s\n", TARGET, line);
      }
      fuzz_require(fuzz_positioned(line, path), TARGET, "every line is FILE:LINE:COL: error:");
      line = nl + 1;
    }
    fuzz_require(lines >= 1 && lines <= nerr, TARGET, "a line per error printed");
    sweep_exp e2;
    memset(&e2, 0, sizeof e2);
    fuzz_require(memcmp(&e, &e2, sizeof e) == 0, TARGET, "an empty experiment on failure");
  }
  free(text);
  return 0;
}
