/* simtref hetero measure / fit / evaluate (hetero_data.h). */
#include "hetero_data.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "cli.h"
#include "hetero_run.h"
#include "sweep_util.h"
#include "workload.h"

/* ---- data.csv ----------------------------------------------------------------- */

static const char *const csv_head =
    "workload,size,input,corunner,threads,buf,xfer,salu,smem,valu,vmem,branch,atomic,mem,int,"
    "fp,math,barrier,llc_miss,dram_bw,gpu_kernel_s,gpu_xfer_s,cpu_s,gpu_s,cpu_coloc_s,"
    "gpu_coloc_s,corun_alone_s,corun_sd_cpu,corun_sd_gpu,copy_factor";

/* The CSV's feature columns, in its order. */
static const st_hfeat csv_feats[] = {HF_THREADS, HF_BUF,    HF_XFER,   HF_SALU,   HF_SMEM,
                                     HF_VALU,    HF_VMEM,   HF_BRANCH, HF_ATOMIC, HF_MEM,
                                     HF_INT,     HF_FP,     HF_MATH,   HF_BARRIER, HF_LLC_MISS,
                                     HF_DRAM_BW};
#define N_CSV_FEATS (sizeof csv_feats / sizeof csv_feats[0])

bool hd_add(hd_set *set, const hd_row *row) {
  if (set->n == set->cap) {
    size_t cap = set->cap ? set->cap * 2 : 64;
    hd_row *r = realloc(set->rows, cap * sizeof *r);
    if (r == NULL) {
      return false;
    }
    set->rows = r;
    set->cap = cap;
  }
  set->rows[set->n++] = *row;
  return true;
}

void hd_free(hd_set *set) {
  free(set->rows);
  memset(set, 0, sizeof *set);
}

bool hd_write(const hd_set *set, const char *path, char *err, size_t errn) {
  char *tmp = sw_fmt("%s.tmp", path);
  FILE *f = fopen(tmp, "w");
  if (f == NULL) {
    snprintf(err, errn, "%s: cannot write: %s", path, strerror(errno));
    free(tmp);
    return false;
  }
  fprintf(f, "%s\n", csv_head);
  for (size_t i = 0; i < set->n; i++) {
    const hd_row *r = &set->rows[i];
    fprintf(f, "%s,%s,%s,%s", r->workload, r->size, r->input, r->corun);
    for (size_t k = 0; k < N_CSV_FEATS; k++) {
      fprintf(f, ",%.10g", r->f.v[csv_feats[k]]);
    }
    fprintf(f, ",%.9g,%.9g,%.9g,%.9g,%.9g,%.9g,%.9g,%.6g,%.6g,%.6g\n", r->gpu_kernel_s,
            r->gpu_xfer_s, r->cpu_s, r->gpu_s, r->cpu_coloc_s, r->gpu_coloc_s, r->corun_alone_s,
            r->corun_sd_cpu, r->corun_sd_gpu, r->copy_factor);
  }
  bool ok = fflush(f) == 0 && !ferror(f);
  ok = fclose(f) == 0 && ok;
  if (!ok || rename(tmp, path) != 0) {
    snprintf(err, errn, "%s: cannot write: %s", path, strerror(errno));
    remove(tmp);
    free(tmp);
    return false;
  }
  free(tmp);
  return true;
}

static bool copy_field(char *dst, size_t n, const char *src, const char *path, unsigned ln,
                       char *err, size_t errn) {
  if (strlen(src) >= n || src[0] == '\0') {
    snprintf(err, errn, "%s:%u: error: field '%s' is empty or longer than %zu characters", path,
             ln, src, n - 1);
    return false;
  }
  snprintf(dst, n, "%s", src);
  return true;
}

bool hd_read(const char *path, hd_set *set, char *err, size_t errn) {
  memset(set, 0, sizeof *set);
  FILE *f = fopen(path, "r");
  if (f == NULL) {
    snprintf(err, errn, "%s: cannot read: %s", path, strerror(errno));
    return false;
  }
  char line[8192];
  unsigned ln = 0;
  bool ok = true;
  while (ok && fgets(line, sizeof line, f) != NULL) {
    ln++;
    line[strcspn(line, "\r\n")] = '\0';
    if (ln == 1) {
      if (strcmp(line, csv_head) != 0) {
        snprintf(err, errn, "%s:1:1: error: not a simtref hetero data file (its header differs)",
                 path);
        ok = false;
      }
      continue;
    }
    if (line[0] == '\0') {
      continue;
    }
    char *fld[64];
    size_t nf = 0;
    for (char *p = line; nf < 64;) {
      fld[nf++] = p;
      char *c = strchr(p, ',');
      if (c == NULL) break;
      *c = '\0';
      p = c + 1;
    }
    size_t want = 4 + N_CSV_FEATS + 10;
    if (nf != want) {
      snprintf(err, errn, "%s:%u: error: %zu fields, expected %zu", path, ln, nf, want);
      ok = false;
      break;
    }
    hd_row r;
    memset(&r, 0, sizeof r);
    ok = copy_field(r.workload, sizeof r.workload, fld[0], path, ln, err, errn) &&
         copy_field(r.size, sizeof r.size, fld[1], path, ln, err, errn) &&
         copy_field(r.input, sizeof r.input, fld[2], path, ln, err, errn) &&
         copy_field(r.corun, sizeof r.corun, fld[3], path, ln, err, errn);
    double v[N_CSV_FEATS + 10];
    for (size_t k = 0; ok && k < N_CSV_FEATS + 10; k++) {
      char *end = NULL;
      v[k] = strtod(fld[4 + k], &end);
      if (*fld[4 + k] == '\0' || *end != '\0' || !isfinite(v[k])) {
        snprintf(err, errn, "%s:%u: error: field %zu ('%s') is not a number", path, ln, 5 + k,
                 fld[4 + k]);
        ok = false;
      }
    }
    if (!ok) {
      break;
    }
    for (size_t k = 0; k < N_CSV_FEATS; k++) {
      r.f.v[csv_feats[k]] = v[k];
    }
    double *t = v + N_CSV_FEATS;
    r.gpu_kernel_s = t[0];
    r.gpu_xfer_s = t[1];
    r.cpu_s = t[2];
    r.gpu_s = t[3];
    r.cpu_coloc_s = t[4];
    r.gpu_coloc_s = t[5];
    r.corun_alone_s = t[6];
    r.corun_sd_cpu = t[7];
    r.corun_sd_gpu = t[8];
    r.copy_factor = t[9];
    if (!hd_add(set, &r)) {
      snprintf(err, errn, "out of memory");
      ok = false;
    }
  }
  fclose(f);
  if (ok && ln == 0) {
    snprintf(err, errn, "%s:1:1: error: empty file", path);
    ok = false;
  }
  if (!ok) {
    hd_free(set);
  }
  return ok;
}

/* ---- Bubble-up tables and the host's data ------------------------------------------ */

bool hd_bubble_save(const hh_bubble *b, const char *path, char *err, size_t errn) {
  char *tmp = sw_fmt("%s.tmp", path);
  FILE *f = fopen(tmp, "w");
  bool ok = f != NULL;
  if (ok) {
    fprintf(f, "# simtref Bubble-up table: slowdown beside each stressor level 0..8\n");
    fprintf(f, "program %s\nalone_s %.9g\nalone_cpu_s %.9g\n", b->name, b->alone_s,
            b->alone_cpu_s);
    const char *names[4] = {"membw", "llc", "membw_cpu", "llc_cpu"};
    const double *rows[4] = {b->membw, b->llc, b->membw_cpu, b->llc_cpu};
    for (int r = 0; r < 4; r++) {
      fprintf(f, "%s", names[r]);
      for (int l = 0; l < ST_HETERO_LEVELS; l++) {
        fprintf(f, " %.6g", rows[r][l]);
      }
      fputc('\n', f);
    }
    ok = fflush(f) == 0 && !ferror(f);
    ok = fclose(f) == 0 && ok;
  }
  if (!ok || rename(tmp, path) != 0) {
    snprintf(err, errn, "%s: cannot write: %s", path, strerror(errno));
    remove(tmp);
    free(tmp);
    return false;
  }
  free(tmp);
  return true;
}

bool hd_bubble_load(const char *path, hh_bubble *b, char *err, size_t errn) {
  memset(b, 0, sizeof *b);
  FILE *f = fopen(path, "r");
  if (f == NULL) {
    snprintf(err, errn, "%s: cannot read: %s", path, strerror(errno));
    return false;
  }
  char line[1024];
  unsigned ln = 0, got = 0;
  bool ok = true;
  while (ok && fgets(line, sizeof line, f) != NULL) {
    ln++;
    char *save = NULL, *w = strtok_r(line, " \t\r\n", &save);
    if (w == NULL || w[0] == '#') {
      continue;
    }
    double *row = strcmp(w, "membw") == 0       ? b->membw
                  : strcmp(w, "llc") == 0       ? b->llc
                  : strcmp(w, "membw_cpu") == 0 ? b->membw_cpu
                  : strcmp(w, "llc_cpu") == 0   ? b->llc_cpu
                                                : NULL;
    int n = row != NULL ? ST_HETERO_LEVELS : 1;
    if (strcmp(w, "program") == 0) {
      char *v = strtok_r(NULL, " \t\r\n", &save);
      if (v == NULL || strlen(v) >= sizeof b->name) {
        ok = false;
      } else {
        snprintf(b->name, sizeof b->name, "%s", v);
        got |= 1;
      }
      continue;
    }
    if (row == NULL) {
      row = strcmp(w, "alone_s") == 0 ? &b->alone_s
            : strcmp(w, "alone_cpu_s") == 0 ? &b->alone_cpu_s : NULL;
    }
    if (row == NULL) {
      ok = false;
      break;
    }
    for (int i = 0; ok && i < n; i++) {
      char *v = strtok_r(NULL, " \t\r\n", &save), *end = NULL;
      row[i] = v != NULL ? strtod(v, &end) : 0.0;
      ok = v != NULL && *end == '\0' && row[i] > 0.0 && isfinite(row[i]);
    }
    got |= row == b->membw ? 2 : row == b->llc ? 4 : row == &b->alone_s ? 8 : 0;
  }
  fclose(f);
  if (!ok || got != 15) {
    snprintf(err, errn, "%s:%u: error: not a Bubble-up table (program, alone_s, membw and llc "
                        "lines of positive numbers)", path, ok ? ln : ln);
    return false;
  }
  return true;
}

void hd_bubble_view(const hh_bubble *b, st_hbubble *out) {
  memset(out, 0, sizeof *out);
  size_t n = strnlen(b->name, sizeof out->name - 1);
  memcpy(out->name, b->name, n);
  out->name[n] = '\0';
  for (int l = 0; l < ST_HETERO_LEVELS; l++) {
    out->membw[l] = b->membw[l];
    out->llc[l] = b->llc[l];
  }
}

bool hd_host_dir(const char *given, char *out, size_t n, char *err, size_t errn) {
  const char *env = getenv("SIMTREF_HETERO_DATA");
  const char *home = getenv("HOME");
  if (given != NULL) {
    snprintf(out, n, "%s", given);
  } else if (env != NULL && env[0] != '\0') {
    snprintf(out, n, "%s", env);
  } else {
    snprintf(out, n, "%s/.cache/simtref/hetero", home != NULL && home[0] ? home : "/tmp");
  }
  if (!sw_mkdir_p(out)) { /* which says why */
    if (snprintf(err, errn, "%s: not a usable directory", out) < 0) {
      err[0] = '\0';
    }
    return false;
  }
  return true;
}

bool hd_calib(const char *dir, int threads, hh_calib *cal, char *err, size_t errn) {
  char *path = sw_fmt("%s/calib.txt", dir);
  bool ok = true;
  if (access(path, R_OK) == 0) {
    ok = hh_calib_load(path, cal, err, errn);
  } else {
    printf("  calibrating the host's stressors (once; saved in %s)\n", path);
    fflush(stdout);
    ok = hh_calibrate(threads, cal, err, errn) && hh_calib_save(cal, path, err, errn);
  }
  free(path);
  return ok;
}

bool hd_bubble(const char *dir, const char *name, int threads, hh_bubble *b, char *err,
               size_t errn) {
  char *path = sw_fmt("%s/bubble-%s.txt", dir, name);
  bool ok = true;
  if (access(path, R_OK) == 0) {
    ok = hd_bubble_load(path, b, err, errn);
  } else {
    printf("  building %s's Bubble-up table (once; saved in %s)\n", name, path);
    fflush(stdout);
    char *work = sw_fmt("%s/inputs", dir);
    ok = hh_bubble_build(name, work, threads, b, err, errn) &&
         hd_bubble_save(b, path, err, errn);
    free(work);
  }
  free(path);
  return ok;
}

bool hd_corun_list(const char *cmd, const char *list, bool allow_none, const char **out,
                   size_t *n) {
  *n = 0;
  const hh_program *progs = NULL;
  size_t n_prog = hh_programs(&progs);
  if (list == NULL || strcmp(list, "all") == 0) {
    for (size_t i = 0; i < n_prog && *n < ST_HETERO_MAX_CORUN; i++) out[(*n)++] = progs[i].name;
    return true;
  }
  if (allow_none && strcmp(list, "none") == 0) {
    return true;
  }
  for (const char *p = list; *p != '\0';) {
    size_t len = strcspn(p, ",");
    char name[64];
    snprintf(name, sizeof name, "%.*s", (int)(len < sizeof name ? len : sizeof name - 1), p);
    const hh_program *prog = len < sizeof name ? hh_find(name) : NULL;
    if (prog == NULL || *n == ST_HETERO_MAX_CORUN) {
      fprintf(stderr, "simtref %s: error: unknown co-runner '%s' (simtref hetero list)\n", cmd,
              name);
      return false;
    }
    out[(*n)++] = prog->name;
    p += len + (p[len] == ',');
  }
  return true;
}

void hd_pressure(const hh_calib *cal, st_hpressure *p) {
  size_t reported = 0;
  p->llc_bytes = (double)hh_llc_bytes(&reported);
  p->host_bw = cal->bw_bytes_per_s[ST_HETERO_LEVELS - 1];
  p->llc_floor = 1.0;
}

/* ---- measure ------------------------------------------------------------------------ */

static const char *const measure_usage =
    "usage: simtref hetero measure -o DIR [--sizes small,medium] [--workloads A,B,...]\n"
    "                              [--co-run P,Q,...|all|none] [-c CONFIG] [-s KEY=VALUE]...\n"
    "                              [--coloc-sizes S,...] [-j N] [--threads N] [--data DIR]\n"
    "                              [--gpu-only]\n"
    "\n"
    "Measures the suite's benchmarks for HeteroPDP into DIR/data.csv: each one's\n"
    "features and its time on the simulated GPU (timing mode, kernels plus copies\n"
    "over the PCIe model) and on this host (its CPU version), alone and beside each\n"
    "co-runner (the co-runners' slowdowns too). The GPU runs go -j at a time and are\n"
    "kept in DIR/gpu.csv, so that a measurement stopped half-way resumes there.\n"
    "Also writes DIR/calib.txt and DIR/bubble-P.txt (the host's stressor calibration\n"
    "and each co-runner's Bubble-up table; taken from --data when there).\n"
    "--coloc-sizes limits the runs beside co-runners to those sizes (default all).\n"
    "--gpu-only stops after the GPU runs (they need no quiet host; the host's\n"
    "measurements do).\n";

/* Splits a comma list into words (in place). */
static size_t split_list(char *s, char **out, size_t max) {
  size_t n = 0;
  for (char *save = NULL, *w = strtok_r(s, ",", &save); w != NULL && n < max;
       w = strtok_r(NULL, ",", &save)) {
    out[n++] = w;
  }
  return n;
}

typedef struct item {
  const st_workload_desc *wd;
  st_wl_size size;
  hr_profile prof;
  bool have;
} item;

/* gpu.csv: one line per GPU run, as the CSV's alone row with the
 * simulation's numbers. */
static bool read_gpu_cache(const char *path, item *items, size_t n) {
  hd_set set;
  char err[512];
  if (access(path, R_OK) != 0 || !hd_read(path, &set, err, sizeof err)) {
    return false;
  }
  for (size_t r = 0; r < set.n; r++) {
    for (size_t i = 0; i < n; i++) {
      if (strcmp(set.rows[r].workload, items[i].wd->name) == 0 &&
          strcmp(set.rows[r].size, st_wl_size_name(items[i].size)) == 0) {
        memset(&items[i].prof, 0, sizeof items[i].prof);
        items[i].prof.f = set.rows[r].f;
        items[i].prof.gpu_kernel_s = set.rows[r].gpu_kernel_s;
        items[i].prof.gpu_xfer_s = set.rows[r].gpu_xfer_s;
        items[i].have = true;
      }
    }
  }
  hd_free(&set);
  return true;
}

static hd_row alone_row(const item *it, const char *input) {
  hd_row r;
  memset(&r, 0, sizeof r);
  snprintf(r.workload, sizeof r.workload, "%s", it->wd->name);
  snprintf(r.size, sizeof r.size, "%s", st_wl_size_name(it->size));
  snprintf(r.input, sizeof r.input, "%s", input);
  snprintf(r.corun, sizeof r.corun, "-");
  r.f = it->prof.f;
  r.gpu_kernel_s = it->prof.gpu_kernel_s;
  r.gpu_xfer_s = it->prof.gpu_xfer_s;
  r.gpu_s = r.gpu_kernel_s + r.gpu_xfer_s;
  r.copy_factor = 1.0;
  return r;
}

/* The GPU runs, -j at a time in child processes; each child appends its
 * results to its own file, merged into gpu.csv. */
static bool run_gpu_profiles(item *items, size_t n, const st_config *cfg, unsigned jobs,
                             const char *dir, char *err, size_t errn) {
  size_t todo = 0;
  for (size_t i = 0; i < n; i++) todo += !items[i].have;
  if (todo == 0) {
    return true;
  }
  printf("  simulating %zu GPU runs, %u at a time\n", todo, jobs);
  fflush(stdout);
  pid_t pids[64];
  for (unsigned j = 0; j < jobs; j++) {
    pid_t pid = fork();
    if (pid < 0) {
      snprintf(err, errn, "fork: %s", strerror(errno));
      return false;
    }
    if (pid == 0) {
      char *path = sw_fmt("%s/gpu-%u.csv", dir, j);
      hd_set part = {0};
      size_t k = 0;
      int status = 0;
      for (size_t i = 0; i < n; i++) {
        if (items[i].have || k++ % jobs != j) {
          continue;
        }
        char e[1024];
        if (!hr_profile_gpu(items[i].wd, cfg, items[i].size, 1, NULL, NULL, &items[i].prof, e,
                            sizeof e)) {
          fprintf(stderr, "simtref hetero measure: error: %s\n", e);
          status = 1;
          continue;
        }
        printf("  gpu %-8s %-6s %10.6f s simulated + %.6f s copies (%.1f s, %.2f million "
               "thread instructions/s)\n",
               items[i].wd->name, st_wl_size_name(items[i].size), items[i].prof.gpu_kernel_s,
               items[i].prof.gpu_xfer_s, items[i].prof.wall_s,
               items[i].prof.wall_s > 0 ? (double)items[i].prof.thread_insts /
                                              items[i].prof.wall_s / 1e6
                                        : 0.0);
        fflush(stdout);
        hd_row r = alone_row(&items[i], "-");
        hd_add(&part, &r);
        if (!hd_write(&part, path, e, sizeof e)) {
          fprintf(stderr, "simtref hetero measure: error: %s\n", e);
          status = 1;
        }
      }
      hd_free(&part);
      free(path);
      fflush(stdout);
      _exit(status);
    }
    pids[j] = pid;
  }
  bool ok = true;
  for (unsigned j = 0; j < jobs; j++) {
    int st = 0;
    waitpid(pids[j], &st, 0);
    ok = ok && WIFEXITED(st) && WEXITSTATUS(st) == 0;
  }
  /* Merge the parts into gpu.csv. */
  hd_set all = {0};
  char *cache = sw_fmt("%s/gpu.csv", dir);
  hd_set old;
  if (access(cache, R_OK) == 0 && hd_read(cache, &old, err, errn)) {
    for (size_t r = 0; r < old.n; r++) hd_add(&all, &old.rows[r]);
    hd_free(&old);
  }
  for (unsigned j = 0; j < jobs; j++) {
    char *part = sw_fmt("%s/gpu-%u.csv", dir, j);
    hd_set p;
    if (access(part, R_OK) == 0 && hd_read(part, &p, err, errn)) {
      for (size_t r = 0; r < p.n; r++) hd_add(&all, &p.rows[r]);
      hd_free(&p);
    }
    remove(part);
    free(part);
  }
  bool wrote = hd_write(&all, cache, err, errn);
  hd_free(&all);
  read_gpu_cache(cache, items, n);
  free(cache);
  if (ok) {
    for (size_t i = 0; i < n; i++) {
      if (!items[i].have) {
        snprintf(err, errn, "%s at %s size: its GPU run failed", items[i].wd->name,
                 st_wl_size_name(items[i].size));
        return false;
      }
    }
  } else {
    snprintf(err, errn, "a GPU run failed (its error is above)");
  }
  return ok && wrote;
}

int hetero_measure(int argc, char **argv) {
  cli_config_args args;
  memset(&args, 0, sizeof args);
  const char *out_dir = NULL, *data_arg = NULL;
  char *sizes_arg = NULL, *wl_arg = NULL, *co_arg = NULL, *coloc_arg = NULL;
  unsigned jobs = 1;
  int threads = 0;
  bool gpu_only = false;
  for (int i = 0; i < argc; i++) {
    const char *a = argv[i];
    int taken = cli_take_config_arg(&args, argc, argv, &i);
    if (taken < 0) {
      return EXIT_USAGE;
    }
    if (taken > 0) {
      continue;
    }
    bool has = i + 1 < argc;
    if (strcmp(a, "--gpu-only") == 0) {
      gpu_only = true;
    } else if ((strcmp(a, "-o") == 0 || strcmp(a, "--out") == 0) && has) {
      out_dir = argv[++i];
    } else if (strcmp(a, "--sizes") == 0 && has) {
      sizes_arg = argv[++i];
    } else if (strcmp(a, "--coloc-sizes") == 0 && has) {
      coloc_arg = argv[++i];
    } else if (strcmp(a, "--workloads") == 0 && has) {
      wl_arg = argv[++i];
    } else if (strcmp(a, "--co-run") == 0 && has) {
      co_arg = argv[++i];
    } else if (strcmp(a, "--data") == 0 && has) {
      data_arg = argv[++i];
    } else if ((strcmp(a, "-j") == 0 || strcmp(a, "--threads") == 0) && has) {
      char *end = NULL;
      long v = strtol(argv[++i], &end, 10);
      if (*end != '\0' || v < 1 || v > 64) {
        fprintf(stderr, "simtref hetero measure: error: %s takes 1 to 64, not '%s'\n", a, argv[i]);
        return EXIT_USAGE;
      }
      if (a[1] == 'j') {
        jobs = (unsigned)v;
      } else {
        threads = (int)v;
      }
    } else if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
      fputs(measure_usage, stdout);
      return EXIT_OK;
    } else if (a[0] == '-' && !has && (strcmp(a, "-o") == 0 || strcmp(a, "--sizes") == 0 ||
                                       strcmp(a, "--coloc-sizes") == 0 ||
                                       strcmp(a, "--workloads") == 0 || strcmp(a, "--co-run") == 0 ||
                                       strcmp(a, "--data") == 0 || strcmp(a, "-j") == 0 ||
                                       strcmp(a, "--threads") == 0)) {
      fprintf(stderr, "simtref hetero measure: error: %s needs a value\n", a);
      return EXIT_USAGE;
    } else {
      return cli_unknown_option("hetero measure", a);
    }
  }
  if (out_dir == NULL) {
    fputs(measure_usage, stderr);
    return EXIT_USAGE;
  }
  if (threads == 0) {
    threads = sw_host_cores();
  }
  /* Everything named is checked before anything runs. */
  st_wl_size sizes[3];
  size_t n_sizes = 0;
  char *words[128];
  char sizes_buf[64];
  snprintf(sizes_buf, sizeof sizes_buf, "%s", sizes_arg != NULL ? sizes_arg : "small,medium");
  size_t nw = split_list(sizes_buf, words, 3);
  for (size_t i = 0; i < nw; i++) {
    if (!st_wl_size_parse(words[i], &sizes[n_sizes++])) {
      fprintf(stderr, "simtref hetero measure: error: unknown size '%s' (small, medium, paper)\n",
              words[i]);
      return EXIT_USAGE;
    }
  }
  bool coloc_size[3] = {true, true, true}; /* by st_wl_size */
  if (coloc_arg != NULL) {
    coloc_size[0] = coloc_size[1] = coloc_size[2] = false;
    nw = split_list(coloc_arg, words, 3);
    for (size_t i = 0; i < nw; i++) {
      st_wl_size z;
      if (!st_wl_size_parse(words[i], &z)) {
        fprintf(stderr, "simtref hetero measure: error: unknown size '%s' (small, medium, "
                        "paper)\n", words[i]);
        return EXIT_USAGE;
      }
      coloc_size[z] = true;
    }
  }
  const st_workload_desc *wds[128];
  size_t n_wd = 0;
  if (wl_arg != NULL) {
    nw = split_list(wl_arg, words, 128);
    for (size_t i = 0; i < nw; i++) {
      if ((wds[n_wd++] = st_workload_find(words[i])) == NULL) {
        fprintf(stderr, "simtref hetero measure: error: no workload named '%s' (simtref list)\n",
                words[i]);
        return EXIT_USAGE;
      }
    }
  } else {
    for (size_t i = 0; st_workloads[i] != NULL && n_wd < 128; i++) wds[n_wd++] = st_workloads[i];
  }
  const char *coruns[ST_HETERO_MAX_CORUN];
  size_t n_co = 0;
  if (!hd_corun_list("hetero measure", co_arg, true, coruns, &n_co)) {
    return EXIT_USAGE;
  }
  st_config cfg;
  if (!cli_load_config(&args, &cfg, NULL, 0)) {
    return EXIT_USAGE;
  }
  cfg.sim.mode = ST_MODE_TIMING;
  char err[1024];
  if (!sw_mkdir_p(out_dir)) { /* which says why */
    return EXIT_USAGE;
  }
  char *data_path = sw_fmt("%s/data.csv", out_dir);
  if (!cli_check_output_file("hetero measure", "data", data_path)) {
    free(data_path);
    return EXIT_USAGE;
  }
  char host_dir[4096];
  if (!hd_host_dir(data_arg != NULL ? data_arg : out_dir, host_dir, sizeof host_dir, err,
                   sizeof err)) {
    fprintf(stderr, "simtref hetero measure: error: %s\n", err);
    free(data_path);
    return EXIT_USAGE;
  }
  for (size_t w = 0; w < n_wd; w++) {
    if (wds[w]->cpu == NULL || wds[w]->medium == NULL) {
      fprintf(stderr, "simtref hetero measure: error: %s has no CPU version or medium size\n",
              wds[w]->name);
      free(data_path);
      return EXIT_USAGE;
    }
  }
  size_t n_items = n_wd * n_sizes;
  item *items = calloc(n_items, sizeof *items);
  for (size_t w = 0; w < n_wd; w++) {
    for (size_t s = 0; s < n_sizes; s++) {
      items[w * n_sizes + s].wd = wds[w];
      items[w * n_sizes + s].size = sizes[s];
    }
  }
  printf("simtref hetero measure: %zu benchmarks x %zu sizes on %s (GPU, simulated) and this "
         "host (%d threads), %zu co-runners\n",
         n_wd, n_sizes, cfg.gpu.name, threads, n_co);
  int status = EXIT_OK;
  char *cache = sw_fmt("%s/gpu.csv", out_dir);
  read_gpu_cache(cache, items, n_items);
  free(cache);
  hd_set set = {0};
  if (!run_gpu_profiles(items, n_items, &cfg, jobs, out_dir, err, sizeof err)) {
    fprintf(stderr, "simtref hetero measure: error: %s\n", err);
    status = EXIT_FAIL;
  }
  if (gpu_only) {
    if (status == EXIT_OK) {
      printf("  GPU runs: %s/gpu.csv\n", out_dir);
    }
    free(items);
    free(data_path);
    return status;
  }
  /* The host: the CPU versions alone. */
  for (size_t i = 0; status == EXIT_OK && i < n_items; i++) {
    hd_row r = alone_row(&items[i], "-");
    if (!hr_cpu_alone(items[i].wd, items[i].size, 1, NULL, threads, &r.cpu_s, err, sizeof err)) {
      fprintf(stderr, "simtref hetero measure: error: %s\n", err);
      status = EXIT_FAIL;
      break;
    }
    printf("  cpu %-8s %-6s %10.6f s (GPU %.6f s)\n", r.workload, r.size, r.cpu_s, r.gpu_s);
    fflush(stdout);
    hd_add(&set, &r);
  }
  /* Beside each co-runner. */
  hh_calib cal;
  char *cal_copy = sw_fmt("%s/calib.txt", out_dir);
  if (status == EXIT_OK && n_co > 0 &&
      (!hd_calib(host_dir, threads, &cal, err, sizeof err) ||
       !hh_calib_save(&cal, cal_copy, err, sizeof err))) {
    fprintf(stderr, "simtref hetero measure: error: %s\n", err);
    status = EXIT_FAIL;
  }
  free(cal_copy);
  for (size_t c = 0; status == EXIT_OK && c < n_co; c++) {
    hh_bubble bub;
    char *copy = sw_fmt("%s/bubble-%s.txt", out_dir, coruns[c]);
    if (!hd_bubble(host_dir, coruns[c], threads, &bub, err, sizeof err) ||
        !hd_bubble_save(&bub, copy, err, sizeof err)) {
      fprintf(stderr, "simtref hetero measure: error: %s\n", err);
      status = EXIT_FAIL;
      free(copy);
      break;
    }
    free(copy);
    char *work = sw_fmt("%s/inputs", host_dir);
    hh_proc *p = NULL;
    double alone = 0.0;
    hh_system sys;
    bool ok = hh_start(coruns[c], work, &p, err, sizeof err) &&
              hh_wait_jobs(p, 1, 120.0, &alone, err, sizeof err) &&
              hh_wait_jobs(p, 2, 120.0, &alone, err, sizeof err) &&
              hh_system_sample(&p, 1, 0.5, &cal, &sys, err, sizeof err);
    free(work);
    if (ok) {
      printf("  co-runner %s: job %.3f s alone; %.1f M LLC misses/s, %.0f MB/s (%s)\n", coruns[c],
             alone, sys.llc_misses_per_s / 1e6, sys.dram_bytes_per_s / 1e6, sys.source);
      fflush(stdout);
    }
    for (size_t i = 0; ok && i < n_items; i++) {
      if (!coloc_size[items[i].size]) {
        continue;
      }
      hd_row r = set.rows[i];
      snprintf(r.corun, sizeof r.corun, "%s", coruns[c]);
      r.f.v[HF_LLC_MISS] = sys.llc_misses_per_s / 1e6;
      r.f.v[HF_DRAM_BW] = sys.dram_bytes_per_s / 1e6;
      r.corun_alone_s = alone;
      hr_coloc cc, gc;
      ok = hr_cpu_coloc(items[i].wd, items[i].size, 1, NULL, threads, &p, &alone, 1, 1, &cc, err,
                        sizeof err) &&
           hr_gpu_coloc(&items[i].prof, &cfg, &p, &alone, 1, 1, &gc, err, sizeof err);
      if (ok) {
        r.cpu_coloc_s = cc.kernel_s;
        r.corun_sd_cpu = cc.corun_sd[0];
        r.gpu_coloc_s = gc.kernel_s;
        r.corun_sd_gpu = gc.corun_sd[0];
        r.copy_factor = gc.copy_factor;
        printf("  %-9s %-8s %-6s cpu %.6f s (co-runner x%.2f), gpu %.6f s (co-runner x%.2f)\n",
               coruns[c], r.workload, r.size, r.cpu_coloc_s, r.corun_sd_cpu, r.gpu_coloc_s,
               r.corun_sd_gpu);
        fflush(stdout);
        hd_add(&set, &r);
      }
    }
    hh_stop(p);
    if (!ok) {
      fprintf(stderr, "simtref hetero measure: error: %s\n", err);
      status = EXIT_FAIL;
    }
  }
  if (status == EXIT_OK && !hd_write(&set, data_path, err, sizeof err)) {
    fprintf(stderr, "simtref hetero measure: error: %s\n", err);
    status = EXIT_USAGE;
  }
  if (status == EXIT_OK) {
    printf("  data: %s (%zu rows)\n", data_path, set.n);
  }
  hd_free(&set);
  free(items);
  free(data_path);
  return status;
}

/* ---- fit ------------------------------------------------------------------------------- */

/* The rows a model learns from and their times. */
static bool model_row(st_hmodel_kind k, const hd_row *r, double *y) {
  bool alone = strcmp(r->corun, "-") == 0;
  switch (k) {
  case HM_CPU_ALONE:
    *y = r->cpu_s;
    return alone;
  case HM_GPU_ALONE:
    *y = r->gpu_s;
    return alone;
  case HM_CPU_COLOC:
    *y = r->cpu_coloc_s;
    return !alone;
  default:
    *y = r->gpu_coloc_s;
    return !alone;
  }
}

/* Each row's group: its workload, numbered in order of appearance. */
static void groups_of(const hd_set *set, int *group) {
  for (size_t i = 0; i < set->n; i++) {
    group[i] = (int)i;
    for (size_t j = 0; j < i; j++) {
      if (strcmp(set->rows[j].workload, set->rows[i].workload) == 0) {
        group[i] = group[j];
        break;
      }
    }
  }
}

/* Each model's ridge, chosen by cross-validation over every row (the one
 * hyper-parameter; the held-out folds of fit and evaluate then use it). */
static double g_ridge[HM_COUNT] = {1e-9, 1e-9, 1e-9, 1e-9};

/* Fits the four models on the rows whose keep[] is set (NULL: all). */
static bool fit_set(const hd_set *set, const bool *keep, st_hmodel_set *ms, char *err,
                    size_t errn) {
  snprintf(ms->name, sizeof ms->name, "fitted");
  st_hfeatures *f = malloc((set->n + 1) * sizeof *f);
  double *y = malloc((set->n + 1) * sizeof *y);
  bool ok = f != NULL && y != NULL;
  for (int k = 0; ok && k < HM_COUNT; k++) {
    size_t n = 0;
    for (size_t i = 0; i < set->n; i++) {
      double t;
      if ((keep == NULL || keep[i]) && model_row((st_hmodel_kind)k, &set->rows[i], &t)) {
        f[n] = set->rows[i].f;
        y[n++] = t;
      }
    }
    st_hmodel_init(&ms->m[k], (st_hmodel_kind)k, true);
    ms->m[k].ridge = g_ridge[k];
    st_error e;
    st_error_clear(&e);
    if (st_hmodel_fit(&ms->m[k], f, y, n, &e) != ST_OK) {
      if (snprintf(err, errn, "%s", e.msg) < 0) err[0] = '\0';
      ok = false;
    }
  }
  free(f);
  free(y);
  return ok;
}

/* Cross-validated models: for fold k of K (workloads dealt round-robin in
 * order of appearance), the models fitted without it. */
static bool fold_models(const hd_set *set, const int *group, unsigned folds, unsigned fo,
                        st_hmodel_set *ms, char *err, size_t errn) {
  bool *keep = malloc(set->n * sizeof *keep + 1);
  for (size_t i = 0; i < set->n; i++) {
    keep[i] = (unsigned)group[i] % folds != fo;
  }
  bool ok = fit_set(set, keep, ms, err, errn);
  free(keep);
  return ok;
}

/* Chooses g_ridge[] by K-fold cross-validation over every row. */
static bool choose_ridges(const hd_set *set, const int *group, unsigned folds, char *err,
                          size_t errn) {
  st_hfeatures *f = malloc((set->n + 1) * sizeof *f);
  double *y = malloc((set->n + 1) * sizeof *y);
  int *g = malloc((set->n + 1) * sizeof *g);
  bool ok = f != NULL && y != NULL && g != NULL;
  for (int k = 0; ok && k < HM_COUNT; k++) {
    size_t n = 0;
    for (size_t i = 0; i < set->n; i++) {
      double t;
      if (model_row((st_hmodel_kind)k, &set->rows[i], &t)) {
        f[n] = set->rows[i].f;
        g[n] = group[i];
        y[n++] = t;
      }
    }
    st_hmodel m;
    st_hmodel_init(&m, (st_hmodel_kind)k, true);
    st_error e;
    st_error_clear(&e);
    if (n > 0 && st_hmodel_choose_ridge(&m, f, y, g, n, folds, &e) != ST_OK) {
      if (snprintf(err, errn, "%s", e.msg) < 0) err[0] = '\0';
      ok = false;
    }
    g_ridge[k] = m.ridge;
  }
  free(f);
  free(y);
  free(g);
  return ok;
}

/* The number of distinct groups, and each row's fold-ready group index. */
static unsigned count_groups(const hd_set *set, int *group) {
  groups_of(set, group);
  /* Renumber densely. */
  int *map = malloc(set->n * sizeof *map + sizeof(int));
  unsigned ng = 0;
  for (size_t i = 0; i < set->n; i++) {
    if (group[i] == (int)i) {
      map[i] = (int)ng++;
    }
  }
  for (size_t i = 0; i < set->n; i++) {
    group[i] = map[group[i]];
  }
  free(map);
  return ng;
}

static bool parse_folds(const char *v, unsigned *folds) {
  char *end = NULL;
  long x = strtol(v, &end, 10);
  if (*v == '\0' || *end != '\0' || x < 2 || x > 1000) {
    return false;
  }
  *folds = (unsigned)x;
  return true;
}

static const char *const fit_usage =
    "usage: simtref hetero fit DIR [--folds K] [-o MODELS]\n"
    "\n"
    "Fits HeteroPDP's four models (CPU and GPU, alone and beside a co-runner; a term\n"
    "per feature and per pair of features, no intercept) to DIR/data.csv by least\n"
    "squares, reports each one's K-fold cross-validated R^2 (of log time) and share\n"
    "of predictions within 20% (folds by benchmark; default K 32), writes the models\n"
    "fitted on every row to MODELS (default DIR/models.txt) and the held-out\n"
    "predictions to DIR/predictions.csv.\n";

int hetero_fit(int argc, char **argv) {
  const char *dir = NULL, *out = NULL;
  unsigned folds = 32;
  for (int i = 0; i < argc; i++) {
    const char *a = argv[i];
    if (strcmp(a, "--folds") == 0) {
      if (i + 1 >= argc || !parse_folds(argv[++i], &folds)) {
        fprintf(stderr, "simtref hetero fit: error: --folds takes 2 to 1000\n");
        return EXIT_USAGE;
      }
    } else if (strcmp(a, "-o") == 0) {
      if (i + 1 >= argc) {
        fprintf(stderr, "simtref hetero fit: error: -o needs a file name\n");
        return EXIT_USAGE;
      }
      out = argv[++i];
    } else if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
      fputs(fit_usage, stdout);
      return EXIT_OK;
    } else if (a[0] == '-') {
      return cli_unknown_option("hetero fit", a);
    } else if (dir == NULL) {
      dir = a;
    } else {
      fputs(fit_usage, stderr);
      return EXIT_USAGE;
    }
  }
  if (dir == NULL) {
    fputs(fit_usage, stderr);
    return EXIT_USAGE;
  }
  char *data = sw_fmt("%s/data.csv", dir), *pred_path = sw_fmt("%s/predictions.csv", dir);
  char *models = out != NULL ? sw_fmt("%s", out) : sw_fmt("%s/models.txt", dir);
  char err[1024];
  hd_set set;
  int status = EXIT_OK;
  if (!hd_read(data, &set, err, sizeof err)) {
    fprintf(stderr, "simtref hetero fit: error: %s\n", err);
    free(data);
    free(pred_path);
    free(models);
    return EXIT_USAGE;
  }
  if (!cli_check_output_file("hetero fit", "models", models) ||
      !cli_check_output_file("hetero fit", "predictions", pred_path)) {
    status = EXIT_USAGE;
  }
  int *group = malloc(set.n * sizeof *group + sizeof(int));
  unsigned ng = count_groups(&set, group);
  unsigned k = folds < ng ? folds : ng;
  double *pred = calloc(set.n + 1, sizeof *pred);
  st_hmodel_set full;
  if (status == EXIT_OK && (k < 2 || !choose_ridges(&set, group, k, err, sizeof err) ||
                            !fit_set(&set, NULL, &full, err, sizeof err))) {
    fprintf(stderr, "simtref hetero fit: error: %s\n",
            k < 2 ? "at least two benchmarks are needed to cross-validate" : err);
    status = EXIT_FAIL;
  }
  /* pred[i][model] for the held-out fold: one prediction per row and model. */
  double *cv = calloc(set.n * HM_COUNT + 1, sizeof *cv);
  for (unsigned fo = 0; status == EXIT_OK && fo < k; fo++) {
    st_hmodel_set ms;
    if (!fold_models(&set, group, k, fo, &ms, err, sizeof err)) {
      fprintf(stderr, "simtref hetero fit: error: fold %u: %s\n", fo, err);
      status = EXIT_FAIL;
      break;
    }
    for (size_t i = 0; i < set.n; i++) {
      if ((unsigned)group[i] % k == fo) {
        for (int m = 0; m < HM_COUNT; m++) {
          cv[i * HM_COUNT + m] = st_hmodel_predict(&ms.m[m], &set.rows[i].f);
        }
      }
    }
  }
  FILE *pf = status == EXIT_OK ? fopen(pred_path, "w") : NULL;
  if (status == EXIT_OK && pf == NULL) {
    fprintf(stderr, "simtref hetero fit: error: %s: %s\n", pred_path, strerror(errno));
    status = EXIT_USAGE;
  }
  if (status == EXIT_OK) {
    fprintf(pf, "model,workload,size,corunner,measured_s,predicted_s,fitted_s\n");
    printf("simtref hetero fit: %zu rows of %u benchmarks, %u-fold cross-validation by "
           "benchmark\n\n", set.n, ng, k);
    printf("| model | samples | terms (non-zero) | ridge | R^2 held out | within 20%% held out | "
           "within 10%% | median error | R^2 fitted | within 20%% fitted |\n|---|---|---|---|---|---|"
           "---|---|---|---|\n");
    for (int m = 0; m < HM_COUNT; m++) {
      double *y = malloc(set.n * sizeof *y + 8), *p = malloc(set.n * sizeof *p + 8),
             *fi = malloc(set.n * sizeof *fi + 8);
      size_t n = 0;
      for (size_t i = 0; i < set.n; i++) {
        double t;
        if (model_row((st_hmodel_kind)m, &set.rows[i], &t)) {
          y[n] = t;
          p[n] = cv[i * HM_COUNT + m];
          fi[n++] = st_hmodel_predict(&full.m[m], &set.rows[i].f);
          fprintf(pf, "%s,%s,%s,%s,%.9g,%.9g,%.9g\n", st_hmodel_name((st_hmodel_kind)m),
                  set.rows[i].workload, set.rows[i].size, set.rows[i].corun, t, p[n - 1],
                  fi[n - 1]);
        }
      }
      st_hfit_quality q, qf;
      st_hfit_measure(p, y, n, &q);
      st_hfit_measure(fi, y, n, &qf);
      unsigned nz = 0, nt = st_hmodel_terms(&full.m[m]);
      for (unsigned t = 0; t < nt; t++) nz += full.m[m].coef[t] != 0.0;
      printf("| %s | %zu | %u (%u) | %g | %.3f | %.0f%% | %.0f%% | %.0f%% | %.3f | %.0f%% |\n",
             st_hmodel_name((st_hmodel_kind)m), n, nt, nz, g_ridge[m], q.r2, 100 * q.within20,
             100 * q.within10, 100 * q.median_err, qf.r2, 100 * qf.within20);
      free(y);
      free(p);
      free(fi);
    }
    fclose(pf);
    st_error e;
    st_error_clear(&e);
    if (st_hmodel_set_save(&full, models, &e) != ST_OK) {
      fprintf(stderr, "simtref hetero fit: error: %s\n", e.msg);
      status = EXIT_USAGE;
    } else {
      printf("\n  models: %s\n  held-out predictions: %s\n", models, pred_path);
    }
  }
  free(cv);
  free(pred);
  free(group);
  hd_free(&set);
  free(data);
  free(pred_path);
  free(models);
  return status;
}

/* ---- evaluate ------------------------------------------------------------------------ */

static const char *const evaluate_usage =
    "usage: simtref hetero evaluate DIR [--models FILE|paper] [--folds K] [--csv FILE]\n"
    "\n"
    "Evaluates HeteroPDP's device choice on DIR/data.csv against the measured best\n"
    "(spec §6.4): alone, the accuracy of the least predicted time and the speed-up\n"
    "over always-CPU of always-GPU, HeteroPDP and the best; beside a co-runner, the\n"
    "accuracy of the highest predicted fairness (the co-runner's weight 1, then 0.5\n"
    "to 2.5) and the fairness each choice achieves. By default each benchmark is\n"
    "judged by models fitted without it (K folds, default 32); --models uses one set\n"
    "for all (paper: the dissertation's tables). --csv writes every decision.\n";

typedef struct eval_acc {
  size_t n, right, gpu_best;
  double sum[4]; /* per policy: always CPU, always GPU, HeteroPDP, best */
} eval_acc;

int hetero_evaluate(int argc, char **argv) {
  const char *dir = NULL, *models_arg = NULL, *csv_path = NULL;
  unsigned folds = 32;
  for (int i = 0; i < argc; i++) {
    const char *a = argv[i];
    if (strcmp(a, "--folds") == 0) {
      if (i + 1 >= argc || !parse_folds(argv[++i], &folds)) {
        fprintf(stderr, "simtref hetero evaluate: error: --folds takes 2 to 1000\n");
        return EXIT_USAGE;
      }
    } else if (strcmp(a, "--models") == 0 || strcmp(a, "--csv") == 0) {
      if (i + 1 >= argc) {
        fprintf(stderr, "simtref hetero evaluate: error: %s needs a value\n", a);
        return EXIT_USAGE;
      }
      *(a[2] == 'm' ? &models_arg : &csv_path) = argv[++i];
    } else if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
      fputs(evaluate_usage, stdout);
      return EXIT_OK;
    } else if (a[0] == '-') {
      return cli_unknown_option("hetero evaluate", a);
    } else if (dir == NULL) {
      dir = a;
    } else {
      fputs(evaluate_usage, stderr);
      return EXIT_USAGE;
    }
  }
  if (dir == NULL) {
    fputs(evaluate_usage, stderr);
    return EXIT_USAGE;
  }
  char err[1024];
  st_hmodel_set fixed;
  bool use_fixed = models_arg != NULL;
  if (use_fixed && strcmp(models_arg, "paper") == 0) {
    st_hetero_paper_models(&fixed);
  } else if (use_fixed) {
    st_error e;
    st_error_clear(&e);
    if (st_hmodel_set_load(models_arg, &fixed, &e) != ST_OK) {
      fprintf(stderr, "simtref hetero evaluate: error: %s\n", e.msg);
      return EXIT_USAGE;
    }
  }
  if (csv_path != NULL && !cli_check_output_file("hetero evaluate", "csv", csv_path)) {
    return EXIT_USAGE;
  }
  char *data = sw_fmt("%s/data.csv", dir);
  hd_set set;
  bool ok = hd_read(data, &set, err, sizeof err);
  free(data);
  if (!ok) {
    fprintf(stderr, "simtref hetero evaluate: error: %s\n", err);
    return EXIT_USAGE;
  }
  hh_calib cal;
  char *calp = sw_fmt("%s/calib.txt", dir);
  bool have_cal = access(calp, R_OK) == 0 && hh_calib_load(calp, &cal, err, sizeof err);
  free(calp);
  /* The co-runners' tables. */
  hh_bubble tabs[ST_HETERO_MAX_CORUN];
  size_t n_tabs = 0;
  for (size_t i = 0; ok && i < set.n; i++) {
    const char *c = set.rows[i].corun;
    if (strcmp(c, "-") == 0) continue;
    size_t t = 0;
    while (t < n_tabs && strcmp(tabs[t].name, c) != 0) t++;
    if (t < n_tabs) continue;
    if (n_tabs == ST_HETERO_MAX_CORUN) {
      snprintf(err, sizeof err, "more than %d co-runners", ST_HETERO_MAX_CORUN);
      ok = false;
      break;
    }
    char *bp = sw_fmt("%s/bubble-%s.txt", dir, c);
    ok = hd_bubble_load(bp, &tabs[n_tabs], err, sizeof err);
    free(bp);
    n_tabs++;
  }
  if (ok && n_tabs > 0 && !have_cal) {
    snprintf(err, sizeof err, "%s/calib.txt is missing: the co-located decisions need the "
                              "host's calibration", dir);
    ok = false;
  }
  if (!ok) {
    fprintf(stderr, "simtref hetero evaluate: error: %s\n", err);
    hd_free(&set);
    return EXIT_USAGE;
  }
  st_hpressure pres;
  memset(&pres, 0, sizeof pres);
  if (have_cal) {
    hd_pressure(&cal, &pres);
  }
  int *group = malloc(set.n * sizeof *group + sizeof(int));
  unsigned ng = count_groups(&set, group);
  unsigned k = folds < ng ? folds : ng;
  if (!use_fixed && k < 2) {
    fprintf(stderr, "simtref hetero evaluate: error: at least two benchmarks are needed to "
                    "cross-validate (or give --models)\n");
    free(group);
    hd_free(&set);
    return EXIT_USAGE;
  }
  st_hmodel_set *per_row = malloc(set.n * sizeof *per_row + sizeof *per_row);
  int status = EXIT_OK;
  if (use_fixed) {
    for (size_t i = 0; i < set.n; i++) per_row[i] = fixed;
  } else if (!choose_ridges(&set, group, k, err, sizeof err)) {
    fprintf(stderr, "simtref hetero evaluate: error: %s\n", err);
    status = EXIT_FAIL;
  } else {
    for (unsigned fo = 0; fo < k && status == EXIT_OK; fo++) {
      st_hmodel_set ms;
      if (!fold_models(&set, group, k, fo, &ms, err, sizeof err)) {
        fprintf(stderr, "simtref hetero evaluate: error: fold %u: %s\n", fo, err);
        status = EXIT_FAIL;
      }
      for (size_t i = 0; i < set.n; i++) {
        if ((unsigned)group[i] % k == fo) per_row[i] = ms;
      }
    }
  }
  FILE *csv = NULL;
  if (status == EXIT_OK && csv_path != NULL) {
    csv = fopen(csv_path, "w");
    if (csv == NULL) {
      fprintf(stderr, "simtref hetero evaluate: error: %s: %s\n", csv_path, strerror(errno));
      status = EXIT_USAGE;
    } else {
      fprintf(csv, "workload,size,corunner,weight,pred_cpu_s,pred_gpu_s,meas_cpu_s,meas_gpu_s,"
                   "pred_fair_cpu,pred_fair_gpu,meas_fair_cpu,meas_fair_gpu,choice,best\n");
    }
  }
  static const double weights[] = {1.0, 0.5, 1.5, 2.0, 2.5};
  enum { NW = sizeof weights / sizeof weights[0] };
  eval_acc alone = {0}, coloc[NW];
  memset(coloc, 0, sizeof coloc);
  for (size_t i = 0; status == EXIT_OK && i < set.n; i++) {
    const hd_row *r = &set.rows[i];
    bool is_alone = strcmp(r->corun, "-") == 0;
    st_hdecision_in in;
    memset(&in, 0, sizeof in);
    in.models = &per_row[i];
    in.f = r->f;
    in.pressure = pres;
    in.gpu_xfer_s = r->gpu_xfer_s;
    if (is_alone) {
      st_hdecision d;
      st_hetero_decide(&in, &d);
      int best = r->gpu_s < r->cpu_s ? 1 : 0;
      double t[2] = {r->cpu_s, r->gpu_s};
      alone.n++;
      alone.right += d.choice == best;
      alone.gpu_best += best == 1;
      alone.sum[0] += 1.0;
      alone.sum[1] += r->cpu_s / r->gpu_s;
      alone.sum[2] += r->cpu_s / t[d.choice];
      alone.sum[3] += r->cpu_s / t[best];
      if (csv != NULL) {
        fprintf(csv, "%s,%s,-,1,%.9g,%.9g,%.9g,%.9g,,,,,%s,%s\n", r->workload, r->size,
                d.t_alone[0], d.t_alone[1], r->cpu_s, r->gpu_s, d.choice ? "gpu" : "cpu",
                best ? "gpu" : "cpu");
      }
      continue;
    }
    size_t t = 0;
    while (strcmp(tabs[t].name, r->corun) != 0) t++;
    st_hbubble view;
    hd_bubble_view(&tabs[t], &view);
    in.n_corun = 1;
    in.bubble[0] = &view;
    double best_alone = fmin(r->cpu_s, r->gpu_s);
    for (int w = 0; w < NW; w++) {
      in.weight[0] = weights[w];
      st_hdecision d;
      st_hetero_decide(&in, &d);
      double s_cpu[2] = {r->cpu_coloc_s / best_alone, r->corun_sd_cpu};
      double s_gpu[2] = {r->gpu_coloc_s / best_alone, r->corun_sd_gpu};
      double wt[2] = {1.0, weights[w]};
      double fair[2] = {st_hetero_fairness(s_cpu, wt, 2), st_hetero_fairness(s_gpu, wt, 2)};
      int best = fair[1] > fair[0] ? 1 : 0;
      coloc[w].n++;
      coloc[w].right += d.choice == best;
      coloc[w].gpu_best += best == 1;
      coloc[w].sum[0] += fair[0];
      coloc[w].sum[1] += fair[1];
      coloc[w].sum[2] += fair[d.choice];
      coloc[w].sum[3] += fair[best];
      if (csv != NULL) {
        fprintf(csv, "%s,%s,%s,%g,%.9g,%.9g,%.9g,%.9g,%.6g,%.6g,%.6g,%.6g,%s,%s\n", r->workload,
                r->size, r->corun, weights[w], d.t_coloc[0], d.t_coloc[1], r->cpu_coloc_s,
                r->gpu_coloc_s, d.fairness[0], d.fairness[1], fair[0], fair[1],
                d.choice ? "gpu" : "cpu", best ? "gpu" : "cpu");
      }
    }
  }
  if (csv != NULL && fclose(csv) != 0) {
    fprintf(stderr, "simtref hetero evaluate: error: %s: %s\n", csv_path, strerror(errno));
    status = EXIT_USAGE;
  }
  if (status == EXIT_OK) {
    printf("simtref hetero evaluate: %s models%s, %zu rows\n\n",
           use_fixed ? fixed.name : "cross-validated", use_fixed ? "" : " (held-out benchmarks)",
           set.n);
    if (alone.n > 0) {
      double gpu = alone.sum[1] / alone.n, het = alone.sum[2] / alone.n,
             opt = alone.sum[3] / alone.n;
      printf("alone: %zu runs, device-choice accuracy %.0f%% (paper 80%%); the GPU is the "
             "faster in %zu\n", alone.n, 100.0 * alone.right / alone.n, alone.gpu_best);
      printf("  mean speed-up over always-CPU: always-GPU %.2fx, HeteroPDP %.2fx, best %.2fx "
             "(paper 2.5x, 3.0x); HeteroPDP closes %.0f%% of the always-GPU to best gap "
             "(paper 72%%)\n\n",
             gpu, het, opt, opt > gpu ? 100.0 * (het - gpu) / (opt - gpu) : 100.0);
    }
    if (coloc[0].n > 0) {
      printf("beside one co-runner: %zu runs\n\n| co-runner weight | accuracy | the GPU fairer "
             "in | fairness always-CPU | always-GPU | HeteroPDP | best |\n|---|---|---|---|---|---|"
             "---|\n", coloc[0].n);
      for (int w = 0; w < NW; w++) {
        double n = (double)coloc[w].n;
        printf("| %.1f | %.0f%% | %zu | %.3f | %.3f | %.3f | %.3f |\n", weights[w],
               100.0 * coloc[w].right / n, coloc[w].gpu_best, coloc[w].sum[0] / n, coloc[w].sum[1] / n,
               coloc[w].sum[2] / n, coloc[w].sum[3] / n);
      }
      printf("\n(paper: 72%% at weight 1, 75%% over weights 0.5 to 2.5)\n");
    }
  }
  free(per_row);
  free(group);
  hd_free(&set);
  return status;
}
