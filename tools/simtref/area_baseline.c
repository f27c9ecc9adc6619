/* simtref area --check-baselines / --update-baselines: the area figures of
 * the RTL units kept as data (synth/baselines.csv) and compared on every
 * test run, so that a change of the RTL, the flow or the tools that moves a
 * unit's size does not go unnoticed.
 *
 * The file: '#' comment lines (kept as they are, except the one starting
 * "# yosys:", which records the Yosys that made the figures), a header line,
 * then one row per unit and configuration:
 *   config,overrides,unit,params,cells,registers,ff_bits,nand2_eq,sram_bits,
 *   a7_cells,a7_um2,a7_leak_nw,a7_delay_ps
 * (the last four: the ASAP7 mapping, docs/area.md); overrides are -s KEY=VALUE items joined by ';' (may be empty); params are
 * what the unit's rule derives for that configuration, and must still be. */
#include <ctype.h>
#include <errno.h>
#include <glob.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "area.h"
#include "cli.h"
#include "common/hash.h"
#include "sweep_util.h"

/* The fingerprint of the code that turns Yosys's statistics into the figures
 * (area.h, area_flow.c, area_model.c), which the build passes in. Without it
 * no row counts as sealed. */
#ifndef SIMTREF_AREA_CODE
#define SIMTREF_AREA_CODE ""
#endif

/* The header of a file without seals (still read; an update adds them). */
#define BL_HEADER_UNSEALED                                                                 \
  "config,overrides,unit,params,cells,registers,ff_bits,nand2_eq,sram_bits,a7_cells,a7_um2,"    \
  "a7_leak_nw,a7_delay_ps"
#define BL_HEADER BL_HEADER_UNSEALED ",seal"
#define BL_FIELDS 14 /* with the seal */
#define BL_MAX_ROWS 64
#define BL_MAX_LINES 128

/* A row's config may be a path, and its overrides may hold one (a too long
 * field is an error at its line, never cut short). */
#define BL_CONFIG_MAX ST_PATH_MAX
#define BL_OVERRIDES_MAX (2 * ST_PATH_MAX)

typedef struct bl_row {
  char config[BL_CONFIG_MAX];
  char overrides[BL_OVERRIDES_MAX];
  char unit[AREA_NAME_MAX];
  char params[AREA_PARAMS_MAX];
  bool has_figures;
  unsigned cells, registers, ff_bits;
  double nand2_eq;
  unsigned long sram_bits;
  unsigned a7_cells;
  double a7_um2, a7_leak_nw, a7_delay_ps;
  char figures[256];                /* the nine figures' text as the file has it */
  bool has_seal;
  uint64_t seal;                    /* the recorded seal (has_seal) */
  char now_params[AREA_PARAMS_MAX]; /* what the config gives today */
  bool sealed;                      /* the seal holds today: the row is not rerun */
  int job;                          /* index into the results; -1 when sealed */
} bl_row;

typedef struct bl_file {
  char *comments[BL_MAX_LINES]; /* the lines before the header (allocated) */
  size_t n_comments;
  char yosys[256];                  /* the recorded "# yosys:" value */
  size_t n_fields;                  /* BL_FIELDS, or one less in a file without seals */
  bl_row rows[BL_MAX_ROWS];
  size_t n_rows;
} bl_file;

/* Splits line at commas into at most max fields; returns the count. */
static size_t split_csv(char *line, char **f, size_t max) {
  size_t n = 0;
  char *p = line;
  while (n < max) {
    f[n++] = p;
    char *c = strchr(p, ',');
    if (c == NULL) {
      break;
    }
    *c = '\0';
    p = c + 1;
  }
  return n;
}

static bool read_file(const char *path, bl_file *b) {
  FILE *f = fopen(path, "r");
  if (f == NULL) {
    fprintf(stderr, "simtref area: error: cannot read %s: %s\n", path, strerror(errno));
    return false;
  }
  char *line = NULL;
  size_t cap = 0;
  unsigned lineno = 0;
  bool header = false, ok = true;
  while (ok && getline(&line, &cap, f) != -1) {
    lineno++;
    line[strcspn(line, "\r\n")] = '\0';
    if (!header) {
      if (line[0] == '#' || line[0] == '\0') {
        if (strncmp(line, "# yosys:", 8) == 0) {
          area_fmt(b->yosys, sizeof b->yosys, "%s", line + 8 + (line[8] == ' '));
        }
        if (b->n_comments < BL_MAX_LINES) {
          b->comments[b->n_comments++] = sw_strdup(line);
        }
        continue;
      }
      if (strcmp(line, BL_HEADER) == 0) {
        b->n_fields = BL_FIELDS;
      } else if (strcmp(line, BL_HEADER_UNSEALED) == 0) {
        b->n_fields = BL_FIELDS - 1;
      } else {
        fprintf(stderr, "%s:%u: error: expected the header '%s'\n", path, lineno, BL_HEADER);
        ok = false;
      }
      header = true;
      continue;
    }
    if (line[0] == '\0' || line[0] == '#') {
      continue;
    }
    char *fld[BL_FIELDS + 1] = {NULL};
    size_t nf = split_csv(line, fld, BL_FIELDS + 1);
    if (nf != b->n_fields) {
      fprintf(stderr, "%s:%u: error: expected %zu fields (%s), got %zu\n", path, lineno,
              b->n_fields, b->n_fields == BL_FIELDS ? BL_HEADER : BL_HEADER_UNSEALED, nf);
      ok = false;
      break;
    }
    if (b->n_rows == BL_MAX_ROWS) {
      fprintf(stderr, "%s:%u: error: more than %d rows\n", path, lineno, BL_MAX_ROWS);
      ok = false;
      break;
    }
    static const char *const names[4] = {"config", "overrides", "unit", "params"};
    const size_t limits[4] = {BL_CONFIG_MAX, BL_OVERRIDES_MAX, AREA_NAME_MAX, AREA_PARAMS_MAX};
    for (size_t k = 0; ok && k < 4; k++) {
      if (strlen(fld[k]) >= limits[k]) {
        fprintf(stderr, "%s:%u: error: %s is %zu characters, longer than the limit of %zu\n",
                path, lineno, names[k], strlen(fld[k]), limits[k] - 1);
        ok = false;
      }
    }
    if (!ok) {
      break;
    }
    bl_row *r = &b->rows[b->n_rows++];
    memset(r, 0, sizeof *r);
    memcpy(r->config, fld[0], strlen(fld[0]) + 1);
    memcpy(r->overrides, fld[1], strlen(fld[1]) + 1);
    memcpy(r->unit, fld[2], strlen(fld[2]) + 1);
    memcpy(r->params, fld[3], strlen(fld[3]) + 1);
    if (!area_unit_known(r->unit)) {
      fprintf(stderr, "%s:%u: error: unknown unit '%s'\n", path, lineno, r->unit);
      ok = false;
      break;
    }
    if (fld[4][0] != '\0') {
      char *e[9];
      r->cells = (unsigned)strtoul(fld[4], &e[0], 10);
      r->registers = (unsigned)strtoul(fld[5], &e[1], 10);
      r->ff_bits = (unsigned)strtoul(fld[6], &e[2], 10);
      r->nand2_eq = strtod(fld[7], &e[3]);
      r->sram_bits = strtoul(fld[8], &e[4], 10);
      r->a7_cells = (unsigned)strtoul(fld[9], &e[5], 10);
      r->a7_um2 = strtod(fld[10], &e[6]);
      r->a7_leak_nw = strtod(fld[11], &e[7]);
      r->a7_delay_ps = strtod(fld[12], &e[8]);
      bool bad = false;
      for (size_t k = 0; k < 9; k++) {
        bad = bad || *e[k] != '\0' || fld[4 + k][0] == '\0' || fld[4 + k][0] == '-';
      }
      if (bad) {
        fprintf(stderr,
                "%s:%u: error: cells, registers, ff_bits, nand2_eq, sram_bits, a7_cells, a7_um2, "
                "a7_leak_nw and a7_delay_ps must be numbers (or all nine empty)\n",
                path, lineno);
        ok = false;
        break;
      }
      r->has_figures = true;
      area_fmt(r->figures, sizeof r->figures, "%s,%s,%s,%s,%s,%s,%s,%s,%s", fld[4], fld[5],
               fld[6], fld[7], fld[8], fld[9], fld[10], fld[11], fld[12]);
    }
    if (b->n_fields == BL_FIELDS && fld[13][0] != '\0') {
      char *e;
      errno = 0;
      r->seal = strtoull(fld[13], &e, 16);
      bool hex = strlen(fld[13]) == 16;
      for (const char *c = fld[13]; hex && *c != '\0'; c++) {
        hex = isxdigit((unsigned char)*c) != 0;
      }
      if (!hex || *e != '\0' || errno != 0 || !r->has_figures) {
        fprintf(stderr, "%s:%u: error: seal must be 16 hexadecimal digits on a row with figures "
                        "(or empty), got '%s'\n", path, lineno, fld[13]);
        ok = false;
        break;
      }
      r->has_seal = true;
    }
  }
  free(line);
  fclose(f);
  if (ok && !header) {
    fprintf(stderr, "%s: error: no header line '%s'\n", path, BL_HEADER);
    ok = false;
  }
  return ok;
}

/* ---- seals ----------------------------------------------------------------
 * A row's seal is a fingerprint (FNV-1a 64) of everything its figures were
 * made from and of the figures themselves: the flow (synth/flow.tcl), both
 * cell libraries, the RTL package, the unit's file and every shared
 * primitive (rtl/prim/, names and contents), the Yosys version, the code that
 * turns Yosys's statistics into figures (SIMTREF_AREA_CODE), the unit's
 * parameters and its nine figures as the file writes them. Yosys is
 * deterministic, so while the seal holds a rerun would give the same
 * figures: --check-baselines does not rerun such a row. Any change to those
 * inputs, or a figure edited by hand, breaks the seal and the row is rerun. */

static void seal_text(uint64_t *h, const char *text) {
  *h = st_fnv1a64(*h, text, strlen(text) + 1);
}

/* Continues *h over the file's name (label), length and contents. */
static bool seal_file(uint64_t *h, const char *label, const char *path) {
  FILE *f = fopen(path, "rb");
  if (f == NULL) {
    return false;
  }
  seal_text(h, label);
  unsigned char buf[1 << 14];
  size_t n;
  unsigned long long len = 0;
  while ((n = fread(buf, 1, sizeof buf, f)) > 0) {
    *h = st_fnv1a64(*h, buf, n);
    len += n;
  }
  bool ok = !ferror(f);
  fclose(f);
  char lentext[32];
  snprintf(lentext, sizeof lentext, "%llu", len);
  seal_text(h, lentext);
  return ok;
}

/* The part of every row's seal that does not depend on the row: the flow,
 * the libraries, the package and the primitives, Yosys and the area code.
 * False if a file cannot be read (then no row is sealed). */
static bool seal_common(const area_flow *fl, uint64_t *out) {
  if (SIMTREF_AREA_CODE[0] == '\0') {
    return false;
  }
  uint64_t h = ST_FNV1A64_INIT;
  seal_text(&h, "simtref area baseline seal 1");
  seal_text(&h, SIMTREF_AREA_CODE);
  seal_text(&h, fl->version);
  const char *synth_files[3] = {"flow.tcl", "simtref_generic.lib", AREA_ASAP7_LIB};
  bool ok = true;
  for (size_t i = 0; ok && i < 3; i++) {
    char *path = sw_fmt("%s/%s", fl->synth_dir, synth_files[i]);
    ok = seal_file(&h, synth_files[i], path);
    free(path);
  }
  char *pkg = sw_fmt("%s/simtref_pkg.sv", fl->rtl_dir);
  ok = ok && seal_file(&h, "simtref_pkg.sv", pkg);
  free(pkg);
  char *pattern = sw_fmt("%s/prim/*.sv", fl->rtl_dir);
  glob_t g;
  int grc = glob(pattern, 0, NULL, &g);
  free(pattern);
  if (grc == 0) {
    for (size_t i = 0; ok && i < g.gl_pathc; i++) {
      const char *slash = strrchr(g.gl_pathv[i], '/');
      ok = seal_file(&h, slash != NULL ? slash + 1 : g.gl_pathv[i], g.gl_pathv[i]);
    }
    globfree(&g);
  } else if (grc != GLOB_NOMATCH) {
    ok = false;
  }
  *out = h;
  return ok;
}

/* The seal of a row of unit under params with figures (the file's text). */
static bool seal_row(const area_flow *fl, uint64_t common, const char *unit, const char *params,
                     const char *figures, uint64_t *out) {
  uint64_t h = common;
  char *path = sw_fmt("%s/%s.sv", fl->rtl_dir, unit);
  bool ok = seal_file(&h, unit, path);
  free(path);
  seal_text(&h, params);
  seal_text(&h, figures);
  *out = h;
  return ok;
}

/* The nine figures of a result as the file writes them. */
static void figures_text(char *buf, size_t size, const area_result *x) {
  area_fmt(buf, size, "%u,%u,%u,%.1f,%lu,%u,%.2f,%.1f,%.1f", x->cells, x->registers, x->ff_bits,
           x->nand2_eq, x->sram_bits, x->a7_cells, x->a7_um2, x->a7_leak_nw, x->a7_delay_ps);
}

/* The parameters row's config and overrides give its unit today. */
static bool derive_params(bl_row *r) {
  cli_config_args args = {.config = r->config};
  char buf[sizeof r->overrides];
  snprintf(buf, sizeof buf, "%s", r->overrides);
  for (char *tok = strtok(buf, ";"); tok != NULL; tok = strtok(NULL, ";")) {
    if (args.n_overrides < CLI_MAX_OVERRIDES) {
      args.overrides[args.n_overrides++] = tok;
    }
  }
  st_config cfg;
  if (!cli_load_config(&args, &cfg, NULL, 0)) {
    return false;
  }
  return area_unit_params(r->unit, &cfg, r->now_params, sizeof r->now_params);
}

static bool write_file(const char *path, const bl_file *b, const area_flow *fl,
                       const area_result *res, bool have_common, uint64_t common) {
  char *tmp = sw_fmt("%s.tmp", path);
  FILE *f = fopen(tmp, "w");
  if (f == NULL) {
    fprintf(stderr, "simtref area: error: cannot write %s: %s\n", tmp, strerror(errno));
    free(tmp);
    return false;
  }
  bool wrote_version = false;
  for (size_t i = 0; i < b->n_comments; i++) {
    if (strncmp(b->comments[i], "# yosys:", 8) == 0) {
      fprintf(f, "# yosys: %s\n", fl->version);
      wrote_version = true;
    } else {
      fprintf(f, "%s\n", b->comments[i]);
    }
  }
  if (!wrote_version) {
    fprintf(f, "# yosys: %s\n", fl->version);
  }
  fprintf(f, "%s\n", BL_HEADER);
  for (size_t i = 0; i < b->n_rows; i++) {
    const bl_row *r = &b->rows[i];
    const area_result *x = &res[r->job];
    char figures[sizeof r->figures];
    figures_text(figures, sizeof figures, x);
    uint64_t seal = 0;
    bool sealed = have_common && seal_row(fl, common, r->unit, r->now_params, figures, &seal);
    char seal_hex[17] = "";
    if (sealed) {
      snprintf(seal_hex, sizeof seal_hex, "%016llx", (unsigned long long)seal);
    }
    fprintf(f, "%s,%s,%s,%s,%s,%s\n", r->config, r->overrides, r->unit, r->now_params, figures,
            seal_hex);
  }
  bool ok = !ferror(f);
  ok = fclose(f) == 0 && ok;
  ok = ok && rename(tmp, path) == 0;
  if (!ok) {
    remove(tmp);
    fprintf(stderr, "simtref area: error: cannot write %s\n", path);
  }
  free(tmp);
  return ok;
}

static int check_or_update(area_flow *fl, const char *path, bool update, bool rerun_all,
                           double tol_pct, bl_file *b) {
  if (!read_file(path, b)) {
    return EXIT_USAGE;
  }
  if (b->n_rows == 0) {
    fprintf(stderr, "%s: error: no rows\n", path);
    return EXIT_USAGE;
  }
  /* Today's parameters of each row, whether its seal holds, and the
   * distinct runs the other rows need. */
  area_result *res = calloc(b->n_rows, sizeof *res);
  if (res == NULL) {
    return EXIT_FAIL;
  }
  uint64_t common = 0;
  bool have_common = seal_common(fl, &common);
  size_t n = 0, n_sealed = 0;
  for (size_t i = 0; i < b->n_rows; i++) {
    bl_row *r = &b->rows[i];
    if (!derive_params(r)) {
      fprintf(stderr, "%s: error: row %zu (%s under %s): cannot derive its parameters\n", path,
              i + 1, r->unit, r->config);
      free(res);
      return EXIT_USAGE;
    }
    r->job = -1;
    uint64_t seal = 0;
    r->sealed = !update && !rerun_all && have_common && r->has_seal &&
                strcmp(r->params, r->now_params) == 0 &&
                seal_row(fl, common, r->unit, r->params, r->figures, &seal) && seal == r->seal;
    if (r->sealed) {
      n_sealed++;
      continue;
    }
    for (size_t k = 0; k < n; k++) {
      if (strcmp(res[k].unit, r->unit) == 0 && strcmp(res[k].params, r->now_params) == 0) {
        r->job = (int)k;
      }
    }
    if (r->job < 0) {
      snprintf(res[n].unit, sizeof res[n].unit, "%s", r->unit);
      snprintf(res[n].params, sizeof res[n].params, "%s", r->now_params);
      r->job = (int)n++;
    }
  }
  for (size_t i = 0; i < b->n_rows; i++) {
    if (b->rows[i].job >= 0) {
      area_result *x = &res[b->rows[i].job];
      x->hint = b->rows[i].cells > x->hint ? b->rows[i].cells : x->hint;
    }
  }
  if (b->yosys[0] != '\0' && strcmp(b->yosys, fl->version) != 0) {
    printf("note: the baselines were made with %s; this is %s: cell counts may differ\n",
           b->yosys, fl->version);
  }
  area_flow_run(fl, res, n, true);

  unsigned failures = 0, stale = 0;
  printf("%-9s %-12s %8s %8s %7s %9s %8s %8s %7s %8s %8s %7s  %s\n", "config", "unit", "cells",
         "now", "change", "FF bits", "a7 cells", "now", "change", "a7 ps", "now", "change", "");
  for (size_t i = 0; i < b->n_rows; i++) {
    const bl_row *r = &b->rows[i];
    area_result rec; /* a sealed row: its recorded figures stand */
    const area_result *x = &rec;
    if (r->sealed) {
      memset(&rec, 0, sizeof rec);
      rec.ok = true;
      rec.cells = r->cells;
      rec.ff_bits = r->ff_bits;
      rec.sram_bits = r->sram_bits;
      rec.a7_cells = r->a7_cells;
      rec.a7_delay_ps = r->a7_delay_ps;
    } else {
      x = &res[r->job];
    }
    if (!x->ok) {
      printf("%-9s %-12s FAILED: %s\n", r->config, r->unit, x->error);
      failures++;
      continue;
    }
    const char *verdict = "ok";
    double change = 0.0, a7_change = 0.0, ps_change = 0.0;
    if (!r->has_figures) {
      verdict = "NEW (no figures yet)";
    } else {
      change = r->cells ? 100.0 * ((double)x->cells - (double)r->cells) / (double)r->cells : 0.0;
      a7_change = r->a7_cells ? 100.0 * ((double)x->a7_cells - (double)r->a7_cells) /
                                    (double)r->a7_cells
                              : 0.0;
      ps_change = r->a7_delay_ps > 0 ? 100.0 * (x->a7_delay_ps - r->a7_delay_ps) / r->a7_delay_ps
                                     : 0.0;
      if (strcmp(r->params, r->now_params) != 0) {
        verdict = "PARAMS MOVED";
      } else if (fabs(change) > tol_pct) {
        verdict = "CELLS MOVED";
      } else if (fabs(a7_change) > tol_pct) {
        verdict = "ASAP7 CELLS MOVED";
      } else if (fabs(ps_change) > tol_pct) {
        verdict = "ASAP7 DELAY MOVED";
      } else if (x->ff_bits != r->ff_bits) {
        verdict = "FF BITS MOVED";
      } else if (x->sram_bits != r->sram_bits) {
        verdict = "SRAM BITS MOVED";
      }
    }
    bool bad = strcmp(verdict, "ok") != 0;
    failures += bad;
    if (r->sealed) {
      verdict = "ok, sealed (not rerun)";
    } else if (!bad && r->has_figures && !update && !rerun_all) {
      stale++;
    }
    printf("%-9s %-12s %8u %8u %+6.1f%% %4u->%-4u %8u %8u %+6.1f%% %8.1f %8.1f %+6.1f%%  %s\n",
           r->config, r->unit, r->cells, x->cells, change, r->ff_bits, x->ff_bits, r->a7_cells,
           x->a7_cells, a7_change, r->a7_delay_ps, x->a7_delay_ps, ps_change,
           update && bad ? "updated" : verdict);
    if (bad && strcmp(verdict, "PARAMS MOVED") == 0) {
      printf("          %s under %s%s%s now has parameters '%s' (baseline: '%s')\n", r->unit,
             r->config, r->overrides[0] ? " -s " : "", r->overrides, r->now_params, r->params);
    }
  }
  int rc = EXIT_OK;
  for (size_t k = 0; k < n; k++) {
    if (!res[k].ok) {
      rc = EXIT_FAIL;
    }
  }
  if (update) {
    if (rc == EXIT_OK && !write_file(path, b, fl, res, have_common, common)) {
      rc = EXIT_FAIL;
    }
    if (rc == EXIT_OK) {
      printf("\nwrote %s (%zu rows); review the change before committing it\n", path, b->n_rows);
    }
  } else if (failures > 0) {
    char *def = sw_fmt("%s/baselines.csv", area_synth_dir());
    bool is_default = strcmp(path, def) == 0;
    free(def);
    printf("\n%u row(s) moved beyond the tolerance (cells, ASAP7 cells and ASAP7 delay +-%.1f%%, "
           "flip-flop and SRAM bits exact) or failed.\n"
           "If the change is intended, update the baselines and commit them:\n"
           "  simtref area --update-baselines%s%s\n",
           failures, tol_pct, is_default ? "" : " --baselines ", is_default ? "" : path);
    rc = EXIT_FAIL;
  } else {
    printf("\nall %zu rows within the tolerance (cells, ASAP7 cells and ASAP7 delay +-%.1f%%, "
           "flip-flop and SRAM bits exact)\n",
           b->n_rows, tol_pct);
  }
  if (!update && n_sealed > 0) {
    printf("%zu of %zu rows sealed: their RTL, flow, libraries, Yosys, area code and figures "
           "are those their seal records, so Yosys was not rerun for them (--rerun-all reruns "
           "every row)\n",
           n_sealed, b->n_rows);
  }
  if (stale > 0) {
    printf("note: %u row(s) were rerun because their inputs changed since their figures were "
           "recorded (or they have no seal) and are within the tolerance; `simtref area "
           "--update-baselines` records their figures and seals, and the check then skips "
           "them\n",
           stale);
  }
  free(res);
  return rc;
}

int area_baselines(area_flow *fl, const char *path, bool update, bool rerun_all,
                   double tol_pct) {
  bl_file *bf = calloc(1, sizeof *bf);
  if (bf == NULL) {
    fprintf(stderr, "simtref area: error: out of memory\n");
    return EXIT_FAIL;
  }
  int rc = check_or_update(fl, path, update, rerun_all, tol_pct, bf);
  for (size_t i = 0; i < bf->n_comments; i++) {
    free(bf->comments[i]);
  }
  free(bf);
  return rc;
}

void area_baseline_hints(const char *path, area_result *r, size_t n) {
  FILE *f = fopen(path, "r");
  if (f == NULL) {
    return;
  }
  char *line = NULL;
  size_t cap = 0;
  while (getline(&line, &cap, f) != -1) {
    line[strcspn(line, "\r\n")] = '\0';
    if (line[0] == '#' || strcmp(line, BL_HEADER) == 0 || strcmp(line, BL_HEADER_UNSEALED) == 0) {
      continue;
    }
    char *fld[BL_FIELDS + 1] = {NULL};
    size_t nf = split_csv(line, fld, BL_FIELDS + 1);
    if (nf != BL_FIELDS && nf != BL_FIELDS - 1) {
      continue;
    }
    unsigned cells = (unsigned)strtoul(fld[4], NULL, 10);
    for (size_t i = 0; i < n; i++) {
      if (strcmp(r[i].unit, fld[2]) == 0 && strcmp(r[i].params, fld[3]) == 0) {
        r[i].hint = cells;
      }
    }
  }
  free(line);
  fclose(f);
}
