/* simtref run: run a workload file on a configured GPU. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "export_cuda.h"
#include "progress.h"
#include "sweep_util.h"
#include "units/cosim_hook.h"
#include "simtref/simtref.h"
#include "simtref/workload.h"
#include "workload.h"

static const char *const run_usage =
    "usage: simtref run (WORKLOAD.yaml | NAME) [--functional] [-c CONFIG] [-s KEY=VALUE]...\n"
    "                   [-o DIR] [--size small|medium|paper] [--seed N] [--variant V]\n"
    "                   [--input I] [--cpu [--threads N]] [-q]\n"
    "\n"
    "Runs a workload file (its launches, output buffers and expected files), or a\n"
    "benchmark of the suite by name (see simtref list), which checks its result\n"
    "against a CPU reference. Exit status 0 only when every check passes; 1 when a\n"
    "result differs or a kernel faults or deadlocks; 2 for bad usage, a bad config\n"
    "or a bad workload file.\n"
    "\n"
    "  --functional         results only, no timing (same as -s sim.mode=functional)\n"
    "  -c, --config CONFIG  a config file or a name in configs/ (default gtx480)\n"
    "  -s, --set KEY=VALUE  override a configuration key (repeatable)\n"
    "  -o, --out DIR        write output buffers into DIR instead of beside the workload\n"
    "                       (made if missing)\n"
    "  --size small|medium|paper  benchmark size (default small; simtref list says what\n"
    "                       each is)\n"
    "  --cpu                run the benchmark's CPU version on the host instead (its\n"
    "                       kernels' work on every host core, OpenMP): prints its\n"
    "                       median time and a digest of its results, the same for any\n"
    "                       thread count (docs/units/heteropdp.md)\n"
    "  --threads N          host threads of --cpu (default: the host's cores)\n"
    "  --seed N             seed of the benchmark's input generator (default 1)\n"
    "  --variant V          the version of a benchmark that has several (the nested-\n"
    "                       parallel ones: flat, cdp; simtref list names them; default\n"
    "                       the first)\n"
    "  --input I            the named input set of a benchmark that has several\n"
    "                       (default the first; simtref list names them)\n"
    "  -q, --quiet          no status line: on a terminal, a run that lasts over a\n"
    "                       second shows one on stderr (kernel, cycles, thread\n"
    "                       instructions, their rate, the share of sim.max_insts done),\n"
    "                       erased before the report; pipes and files never get it\n"
    "                       (SIMTREF_PROGRESS_AFTER=SECONDS: when it first appears)\n"
    "  --stats FILE         write every statistic of the run and of each kernel to FILE\n"
    "                       (JSON when FILE ends in .json, else key = value text)\n"
    "  --profile-criticality FILE  write one line per warp of every launch to FILE: its\n"
    "                       key (launch, kernel, CTA, warp), SM, execution time and probe\n"
    "                       categories (docs/latency-study.md); the oracle that\n"
    "                       sm.caws_profile gives the CAWS schedulers\n"
    "  --cosim UNIT[,UNIT]  run the RTL of these units in lock-step with the C model and\n"
    "                       stop at the first difference (a unit or role name of simtref\n"
    "                       units, or all; UNIT:FAULT picks a planted-fault build; see\n"
    "                       docs/cosim.md; same as -s cosim.units=...)\n"
    "  --rtl-drives UNIT[,UNIT]  co-simulate these units and let their RTL outputs drive\n"
    "                       the model\n"
    "  --trace UNIT[:FILE]  trace a unit in use (see simtref units) to FILE (CSV; default\n"
    "                       UNIT-trace.csv): DYNCTA writes each SM's CTA limit n at the\n"
    "                       end of every sampling window, Ctrl-C (ctrlc) every L1D\n"
    "                       policy event and AGG change, any other unit the inputs,\n"
    "                       outputs and registers of every evaluation (repeatable)\n"
    "  --power-trace FILE   write the power model's samples to FILE (CSV: every\n"
    "                       power.sample_cycles core cycles, the power of each SM and\n"
    "                       each part, each SM's clock and occupancy; docs/power.md);\n"
    "                       `simtref plot --power FILE` draws it\n"
    "  --export-cuda DIR    write into DIR (new or empty) a standalone CUDA program that\n"
    "                       replays this run's allocations, copies and launches on a GPU\n"
    "                       or under GPGPU-Sim and compares every device-to-host copy\n"
    "                       with this run's; written only when the run passes\n"
    "                       (docs/export-cuda.md)\n"
    "\n"
    "Paths have no length limit but the OS's. Every output (--stats, --trace and\n"
    "--power-trace files, -o, the workload's output files, cosim.trace_dir) is checked\n"
    "writable before the run starts: one that is not stops it at once with exit status\n"
    "2.\n";

static const char *stats_path;
static bool quiet; /* --quiet: no status line */
static const char *profile_path; /* --profile-criticality */
static const char *export_dir;
static st_exporter *exporter; /* --export-cuda: recording the run */

/* The end of a run with --export-cuda: the program is written when the run
 * passed, the partial directory removed otherwise. */
static int finish_export(int status, const char *title) {
  st_exporter *x = exporter;
  exporter = NULL;
  if (x == NULL) {
    return status;
  }
  if (status != EXIT_OK) {
    st_export_abort(x);
    printf("  exported: nothing (--export-cuda writes only runs that pass)\n");
    return status;
  }
  return st_export_finish(x, title) ? status : EXIT_USAGE;
}
/* --trace UNIT[:FILE], in the order given. Each is written under a
 * temporary name and renamed into place when closed, so that no partial
 * trace is ever left under its name. */
#define MAX_TRACES 32
typedef struct trace_req {
  const char *arg; /* UNIT[:FILE] as given; FILE for --power-trace */
  char *unit, *path, *tmp;
  FILE *f;
  bool power;      /* --power-trace FILE */
} trace_req;
static trace_req traces[MAX_TRACES];
static size_t n_traces;

/* Splits every --trace argument into its unit and file. False after
 * printing why. */
static bool parse_traces(void) {
  for (size_t i = 0; i < n_traces; i++) {
    trace_req *t = &traces[i];
    if (t->power) {
      t->unit = sw_fmt("power");
      t->path = sw_fmt("%s", t->arg);
      t->tmp = sw_fmt("%s.tmp", t->path);
      continue;
    }
    const char *colon = strchr(t->arg, ':');
    size_t ulen = colon != NULL ? (size_t)(colon - t->arg) : strlen(t->arg);
    if (ulen == 0) {
      fprintf(stderr, "simtref run: error: --trace needs a unit name (--trace UNIT[:FILE])\n");
      return false;
    }
    t->unit = sw_fmt("%.*s", (int)ulen, t->arg);
    t->path = colon != NULL && colon[1] != '\0' ? sw_fmt("%s", colon + 1)
                                                 : sw_fmt("%s-trace.csv", t->unit);
    t->tmp = sw_fmt("%s.tmp", t->path);
  }
  return true;
}

/* Opens every requested trace and hands it to gpu. False after printing why. */
static bool open_traces(st_gpu *gpu) {
  for (size_t i = 0; i < n_traces; i++) {
    trace_req *t = &traces[i];
    t->f = fopen(t->tmp, "w");
    if (t->f == NULL) {
      fprintf(stderr, "simtref run: error: cannot write %s\n", t->path);
      return false;
    }
    st_error err;
    st_error_clear(&err);
    if ((t->power ? st_gpu_trace_power(gpu, t->f, &err)
                  : st_gpu_trace_unit(gpu, t->unit, t->f, &err)) != ST_OK) {
      fprintf(stderr, "simtref run: error: %s\n", err.msg);
      return false;
    }
  }
  return true;
}

/* Closes them and renames each into place (discard: removes them, the run
 * never started); false if one could not be written. */
static bool close_traces_as(bool discard) {
  bool all = true;
  for (size_t i = 0; i < n_traces; i++) {
    trace_req *t = &traces[i];
    if (t->f != NULL) {
      bool ok = !ferror(t->f);
      ok = fclose(t->f) == 0 && ok;
      t->f = NULL;
      ok = ok && !discard && rename(t->tmp, t->path) == 0;
      if (!ok) {
        remove(t->tmp);
      }
      if (!ok && !discard) {
        fprintf(stderr, "simtref run: error: cannot write %s\n", t->path);
        all = false;
      }
    }
    free(t->unit);
    free(t->path);
    free(t->tmp);
    t->unit = t->path = t->tmp = NULL;
    t->power = false;
  }
  n_traces = 0;
  return all;
}

static bool close_traces(void) { return close_traces_as(false); }

/* Attaches what the command line asked for to a new GPU: the traces and the
 * co-simulation provider (its units are attached now, so that a bad
 * cosim.units fails before anything runs). False after printing why. */
static bool prepare_gpu(st_gpu *gpu, const char *ident) {
  st_error err;
  st_error_clear(&err);
  if (!open_traces(gpu)) {
    return false;
  }
  /* The criticality profile: recording it, and the CAWS oracle checked
   * against this workload before anything runs. */
  if ((profile_path != NULL && st_gpu_record_criticality(gpu, &err) != ST_OK) ||
      st_gpu_load_caws_profile(gpu, ident, &err) != ST_OK) {
    fprintf(stderr, "simtref run: error: %s\n", err.msg);
    return false;
  }
  st_gpu_set_cosim(gpu, cli_cosim_provider());
  if (exporter != NULL) {
    st_gpu_record_api(gpu, st_export_record, exporter);
  }
  if (st_gpu_prepare_cosim(gpu, &err) != ST_OK) {
    fprintf(stderr, "simtref run: error: %s\n", err.msg);
    return false;
  }
  return true;
}

/* Checks, before anything runs, the outputs the command line names:
 * --stats, the --trace files and, with co-simulation on, cosim.trace_dir (made
 * by the engine at a mismatch). (-o and the workload's output files are
 * checked once the workload file is read.) False after printing why. */
static bool check_outputs(const st_config *cfg) {
  if (stats_path != NULL && !cli_check_output_file("run", "the --stats file", stats_path)) {
    return false;
  }
  if (profile_path != NULL &&
      !cli_check_output_file("run", "the --profile-criticality file", profile_path)) {
    return false;
  }
  for (size_t i = 0; i < n_traces; i++) {
    if (!cli_check_output_file("run", traces[i].power ? "the --power-trace file" : "the --trace file",
                               traces[i].path)) {
      return false;
    }
  }
  if (cfg->cosim.units[0] != '\0' &&
      !cli_check_output_dir("run", "the cosim.trace_dir directory", cfg->cosim.trace_dir, false)) {
    return false;
  }
  return true;
}

/* Checks the output file of every buffer of a workload file. */
static bool check_buffer_outputs(const st_workload *wl) {
  for (size_t i = 0; i < wl->n_buffers; i++) {
    const st_wl_buffer *b = &wl->buffers[i];
    if (b->output[0] != '\0') {
      char *what = sw_fmt("the output file of buffer '%s',", b->name);
      bool ok = cli_check_output_file("run", what, b->output);
      free(what);
      if (!ok) {
        return false;
      }
    }
  }
  return true;
}

static void print_totals(st_gpu *gpu) { report_summary(gpu, stdout); }

/* --profile-criticality: the recorded warps, written only after a run that
 * completed (no partial profile). False after printing why. */
static bool write_profile(st_gpu *gpu, const char *ident) {
  st_error err;
  st_error_clear(&err);
  if (st_gpu_write_criticality(gpu, profile_path, ident, &err) != ST_OK) {
    fprintf(stderr, "simtref run: error: %s\n", err.msg);
    return false;
  }
  printf("  criticality profile: %s\n", profile_path);
  return true;
}

/* A run that reached sim.max_insts (an instruction budget, as the papers
 * run their workloads) is complete up to there; one stopped by
 * sim.max_cycles (a guard) counts as failed. */
static bool budget_stop(const st_gpu *gpu, st_status rc) {
  const char *by = st_gpu_totals(gpu).stopped_by;
  return rc == ST_ERR_LIMIT && by != NULL && strcmp(by, "sim.max_insts") == 0;
}

/* The verdict line and exit status of a run that ended with rc != ST_OK
 * (bad input is a usage error). */
static int report_stop(const st_gpu *gpu, st_status rc, const st_error *err) {
  fprintf(stderr, "%s\n", err->msg);
  if (budget_stop(gpu, rc)) {
    printf("verdict: STOPPED (sim.max_insts: statistics up to there, outputs not checked)\n");
    return EXIT_BUDGET;
  }
  printf("verdict: FAIL (%s)\n", st_status_name(rc));
  switch (rc) {
  case ST_ERR_USAGE:
  case ST_ERR_CONFIG:
  case ST_ERR_PTX:
  case ST_ERR_WORKLOAD:
  case ST_ERR_IO:
    return EXIT_USAGE;
  default:
    return EXIT_FAIL;
  }
}

static const char *variant_arg; /* --variant */
static const char *input_arg;   /* --input */

/* " --variant V --input I" for the benchmark's identity, or "". */
static char *choice_words(void) {
  return sw_fmt("%s%s%s%s", variant_arg ? " --variant " : "", variant_arg ? variant_arg : "",
                input_arg ? " --input " : "", input_arg ? input_arg : "");
}

static int run_named(const st_workload_desc *wd, const st_config *cfg, st_wl_size size,
                     uint64_t seed) {
  st_error err;
  st_error_clear(&err);
  st_gpu *gpu = NULL;
  if (st_gpu_create(cfg, &gpu, &err) != ST_OK) {
    fprintf(stderr, "simtref run: error: %s\n", err.msg);
    return EXIT_FAIL;
  }
  char *choice = choice_words();
  char *ident = sw_fmt("%s --size %s --seed %" PRIu64 "%s", wd->name,
                       st_wl_size_name(size), seed, choice);
  if (!prepare_gpu(gpu, ident)) {
    close_traces_as(true);
    st_gpu_destroy(gpu);
    free(ident);
    free(choice);
    return EXIT_USAGE;
  }
  printf("simtref run %s%s (%s size, seed %" PRIu64 ") on %s (%s mode)\n", wd->name, choice,
         st_wl_size_name(size), seed, cfg->gpu.name,
         cfg->sim.mode == ST_MODE_FUNCTIONAL ? "functional" : "timing");
  char verdict[512] = "";
  cli_run_progress_begin(gpu, quiet, 0);
  st_status rc = st_workload_run_choice(wd, gpu, size, seed, variant_arg, input_arg, NULL,
                                        cli_run_progress_log(), verdict, sizeof verdict, &err);
  cli_run_progress_end(gpu);
  print_totals(gpu);
  int status = EXIT_OK;
  /* A run stopped by sim.max_cycles or sim.max_insts still writes what it measured. */
  if (stats_path != NULL && (rc == ST_OK || rc == ST_ERR_MISMATCH || rc == ST_ERR_LIMIT ||
                             rc == ST_ERR_COSIM)) {
    status = report_write_stats(gpu, stats_path, wd->name);
  }
  if (profile_path != NULL && rc == ST_OK && !write_profile(gpu, ident)) {
    status = EXIT_USAGE;
  }
  free(ident);
  if (!close_traces()) {
    status = EXIT_USAGE;
  }
  if (rc == ST_OK) {
    printf("  check: %s\nverdict: %s\n", verdict, status == EXIT_OK ? "PASS" : "FAIL");
  } else if (rc == ST_ERR_MISMATCH) {
    printf("  check: %s\nverdict: FAIL\n", verdict);
    status = EXIT_FAIL;
  } else {
    int st = report_stop(gpu, rc, &err);
    status = status != EXIT_OK ? status : st;
  }
  char *title = sw_fmt("simtref run %s --size %s --seed %" PRIu64 "%s -c %s", wd->name,
                       st_wl_size_name(size), seed, choice, cfg->gpu.name);
  status = finish_export(status, title);
  free(title);
  free(choice);
  st_gpu_destroy(gpu);
  return status;
}

/* --cpu: the benchmark's CPU version on the host. */
static int run_cpu(const st_workload_desc *wd, st_wl_size size, uint64_t seed, int threads) {
  if (threads <= 0) {
    threads = sw_host_cores();
  }
  char *choice = choice_words();
  printf("simtref run %s%s --cpu (%s size, seed %" PRIu64 ") on the host, %d thread%s\n",
         wd->name, choice, st_wl_size_name(size), seed, threads, threads == 1 ? "" : "s");
  free(choice);
  st_error err;
  st_error_clear(&err);
  double seconds = 0.0;
  unsigned reps = 0;
  uint64_t digest = 0;
  st_status rc = st_workload_cpu_choice(wd, size, seed, input_arg, threads, NULL, stdout,
                                        &seconds, &reps, &digest, &err);
  if (rc != ST_OK) {
    fprintf(stderr, "simtref run: error: %s\n", err.msg);
    return rc == ST_ERR_USAGE ? EXIT_USAGE : EXIT_FAIL;
  }
  printf("  cpu: %.6f s per run (median of %u), %d threads\n  digest: %016" PRIx64 "\n",
         seconds, reps, threads, digest);
  return EXIT_OK;
}

/* The -s overrides that --cosim and --rtl-drives make, freed when the
 * command ends. */
static char *made_overrides[CLI_MAX_OVERRIDES];
static size_t n_made;

static int run_command(int argc, char **argv);

int cmd_run(int argc, char **argv) {
  int status = run_command(argc, argv);
  st_export_abort(exporter); /* a run that ended early: no partial directory */
  exporter = NULL;
  for (size_t i = 0; i < n_made; i++) {
    free(made_overrides[i]);
  }
  n_made = 0;
  return status;
}

static int run_command(int argc, char **argv) {
  cli_config_args args = {0};
  const char *file = NULL, *out_dir = NULL;
  bool functional = false, units_given = false;
  st_wl_size size = ST_WL_SMALL;
  const char *size_arg = NULL;
  bool cpu_mode = false; /* --cpu */
  int threads = 0;       /* --threads (0: the host's cores) */
  uint64_t seed = 1;
  for (int i = 1; i < argc; i++) {
    int taken = cli_take_config_arg(&args, argc, argv, &i);
    if (taken < 0) {
      return EXIT_USAGE;
    }
    if (taken) {
      continue;
    }
    const char *a = argv[i];
    if (strcmp(a, "--functional") == 0) {
      functional = true;
    } else if (strcmp(a, "-q") == 0 || strcmp(a, "--quiet") == 0) {
      quiet = true;
    } else if (strcmp(a, "-o") == 0 || strcmp(a, "--out") == 0) {
      if (i + 1 >= argc) {
        fprintf(stderr, "simtref run: error: %s needs a directory\n", a);
        return EXIT_USAGE;
      }
      out_dir = argv[++i];
    } else if (strcmp(a, "--size") == 0) {
      size_arg = i + 1 < argc ? argv[++i] : "";
    } else if (strcmp(a, "--variant") == 0 || strcmp(a, "--input") == 0) {
      if (i + 1 >= argc) {
        fprintf(stderr, "simtref run: error: %s needs a name (simtref list names them)\n", a);
        return EXIT_USAGE;
      }
      *(a[2] == 'v' ? &variant_arg : &input_arg) = argv[++i];
    } else if (strcmp(a, "--cpu") == 0) {
      cpu_mode = true;
    } else if (strcmp(a, "--threads") == 0) {
      char *end = NULL;
      const char *v = i + 1 < argc ? argv[++i] : "";
      long x = strtol(v, &end, 10);
      if (*v == '\0' || *end != '\0' || x < 1 || x > 1024) {
        fprintf(stderr, "simtref run: error: --threads takes 1 to 1024, not '%s'\n", v);
        return EXIT_USAGE;
      }
      threads = (int)x;
    } else if (strcmp(a, "--export-cuda") == 0) {
      if (i + 1 >= argc) {
        fprintf(stderr, "simtref run: error: --export-cuda needs a directory\n");
        return EXIT_USAGE;
      }
      export_dir = argv[++i];
    } else if (strcmp(a, "--stats") == 0) {
      if (i + 1 >= argc) {
        fprintf(stderr, "simtref run: error: --stats needs a file name\n");
        return EXIT_USAGE;
      }
      stats_path = argv[++i];
    } else if (strcmp(a, "--profile-criticality") == 0) {
      if (i + 1 >= argc) {
        fprintf(stderr, "simtref run: error: --profile-criticality needs a file name\n");
        return EXIT_USAGE;
      }
      profile_path = argv[++i];
    } else if (strcmp(a, "--trace") == 0) {
      if (i + 1 >= argc) {
        fprintf(stderr, "simtref run: error: --trace needs a unit (--trace UNIT[:FILE])\n");
        return EXIT_USAGE;
      }
      if (n_traces == MAX_TRACES) {
        fprintf(stderr, "simtref run: error: more than %d --trace options\n", MAX_TRACES);
        return EXIT_USAGE;
      }
      traces[n_traces++].arg = argv[++i];
    } else if (strcmp(a, "--power-trace") == 0) {
      if (i + 1 >= argc || argv[i + 1][0] == '\0') {
        fprintf(stderr, "simtref run: error: --power-trace needs a file name\n");
        return EXIT_USAGE;
      }
      if (n_traces == MAX_TRACES) {
        fprintf(stderr, "simtref run: error: more than %d --trace options\n", MAX_TRACES);
        return EXIT_USAGE;
      }
      traces[n_traces].power = true;
      traces[n_traces++].arg = argv[++i];
    } else if (strcmp(a, "--cosim") == 0 || strcmp(a, "--rtl-drives") == 0) {
      if (i + 1 >= argc || args.n_overrides + 2 > CLI_MAX_OVERRIDES) {
        fprintf(stderr, "simtref run: error: %s needs a list of units\n", a);
        return EXIT_USAGE;
      }
      /* Allocated at full length (the loader checks it against its limit);
       * args.overrides points at them until the command ends. */
      bool drives = strcmp(a, "--rtl-drives") == 0;
      if (!drives || !units_given) {
        made_overrides[n_made] = sw_fmt("cosim.units=%s", argv[i + 1]);
        args.overrides[args.n_overrides++] = made_overrides[n_made++];
        units_given = true;
      }
      if (drives) {
        made_overrides[n_made] = sw_fmt("cosim.rtl_drives=%s", argv[i + 1]);
        args.overrides[args.n_overrides++] = made_overrides[n_made++];
      }
      i++;
    } else if (strcmp(a, "--seed") == 0) {
      char *end = NULL;
      const char *v = i + 1 < argc ? argv[++i] : "";
      unsigned long long x = strtoull(v, &end, 0);
      if (*v == '\0' || *end != '\0') {
        fprintf(stderr, "simtref run: error: --seed takes an integer, not '%s'\n", v);
        return EXIT_USAGE;
      }
      seed = x;
    } else if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
      fputs(run_usage, stdout);
      return EXIT_OK;
    } else if (a[0] == '-') {
      return cli_unknown_option("run", a);
    } else if (file == NULL) {
      file = a;
    } else {
      fprintf(stderr, "simtref run: error: more than one workload given ('%s', '%s')\n", file, a);
      return EXIT_USAGE;
    }
  }
  if (file == NULL) {
    fputs(run_usage, stderr);
    return EXIT_USAGE;
  }
  st_config cfg;
  if (!cli_load_config(&args, &cfg, NULL, 0)) {
    return EXIT_USAGE;
  }
  if (functional) {
    cfg.sim.mode = ST_MODE_FUNCTIONAL;
  }
  if (cfg.cosim.units[0] != '\0' && cli_cosim_provider() == NULL) {
    fprintf(stderr, "simtref run: error: co-simulation (--cosim, cosim.units) is not available: "
                    "this simtref was built without Verilator (install verilator, re-run "
                    "cmake and rebuild)\n");
    return EXIT_USAGE;
  }
  if (!parse_traces() || !check_outputs(&cfg)) {
    close_traces_as(true);
    return EXIT_USAGE;
  }
  if (export_dir != NULL && (exporter = st_export_begin(export_dir)) == NULL) {
    close_traces_as(true);
    return EXIT_USAGE;
  }

  const st_workload_desc *wd = strchr(file, '/') == NULL && strstr(file, ".yaml") == NULL
                                   ? st_workload_find(file)
                                   : NULL;
  if (wd != NULL) {
    if (size_arg != NULL && !st_wl_size_parse(size_arg, &size)) {
      fprintf(stderr, "simtref run: error: %s has the sizes small (%s), medium (%s) and paper "
                      "(%s), not '%s'\n",
              wd->name, wd->small, wd->medium != NULL ? wd->medium : "not defined", wd->paper,
              size_arg);
      return EXIT_USAGE;
    }
    if (size == ST_WL_MEDIUM && wd->medium == NULL) {
      fprintf(stderr, "simtref run: error: %s has no medium size yet\n", wd->name);
      return EXIT_USAGE;
    }
    const char *bad = variant_arg != NULL && !st_wl_word_in(wd->variants, variant_arg) ? "variant"
                      : input_arg != NULL && !st_wl_word_in(wd->inputs, input_arg) ? "input"
                                                                                     : NULL;
    if (bad != NULL) {
      const char *list = bad[0] == 'v' ? wd->variants : wd->inputs;
      fprintf(stderr, "simtref run: error: %s has no %s '%s'; its %ss: %s\n", wd->name, bad,
              bad[0] == 'v' ? variant_arg : input_arg, bad, list != NULL ? list : "none");
      return EXIT_USAGE;
    }
    if (cpu_mode) {
      return run_cpu(wd, size, seed, threads);
    }
    return run_named(wd, &cfg, size, seed);
  }
  if (cpu_mode) {
    fprintf(stderr, "simtref run: error: --cpu applies to the suite's benchmarks; %s is a "
                    "workload file\n", file);
    return EXIT_USAGE;
  }
  if (strchr(file, '/') == NULL && strstr(file, ".yaml") == NULL) {
    const char **names = sw_workload_names();
    char near[256];
    sw_near(file, names, near, sizeof near);
    free(names);
    if (near[0] != '\0') {
      fprintf(stderr, "simtref run: error: no workload named '%s'; near names: %s (see simtref "
                      "list)\n", file, near);
    } else {
      fprintf(stderr, "simtref run: error: no workload named '%s' (see simtref list)\n", file);
    }
    return EXIT_USAGE;
  }
  if (variant_arg != NULL || input_arg != NULL) {
    fprintf(stderr, "simtref run: error: --%s applies to the suite's benchmarks; %s is a "
                    "workload file\n", variant_arg != NULL ? "variant" : "input", file);
    return EXIT_USAGE;
  }
  if (size_arg != NULL) {
    fprintf(stderr, "simtref run: error: --size applies to the suite's benchmarks; %s is a "
                    "workload file, whose sizes are its buffers\n", file);
    return EXIT_USAGE;
  }
  st_error err;
  st_error_clear(&err);
  st_workload *wl = NULL;
  if (st_workload_load(file, out_dir, &wl, &err) != ST_OK) {
    fprintf(stderr, "%s\n", err.msg);
    return EXIT_USAGE;
  }
  if ((out_dir != NULL && !cli_check_output_dir("run", "the -o directory", out_dir, true)) ||
      !check_buffer_outputs(wl)) {
    st_workload_free(wl);
    return EXIT_USAGE;
  }
  st_gpu *gpu = NULL;
  if (st_gpu_create(&cfg, &gpu, &err) != ST_OK) {
    fprintf(stderr, "simtref run: error: %s\n", err.msg);
    st_workload_free(wl);
    return EXIT_FAIL;
  }
  if (!prepare_gpu(gpu, file)) {
    close_traces_as(true);
    st_gpu_destroy(gpu);
    st_workload_free(wl);
    return EXIT_USAGE;
  }
  st_wl_verdict *verdicts = calloc(wl->n_buffers ? wl->n_buffers : 1, sizeof *verdicts);
  if (verdicts == NULL) {
    fprintf(stderr, "simtref run: error: out of memory\n");
    close_traces();
    st_gpu_destroy(gpu);
    st_workload_free(wl);
    return EXIT_FAIL;
  }
  printf("simtref run %s on %s (%s mode)\n", file, cfg.gpu.name,
         cfg.sim.mode == ST_MODE_FUNCTIONAL ? "functional" : "timing");
  cli_run_progress_begin(gpu, quiet, wl->n_launches);
  st_status rc = st_workload_run(wl, gpu, verdicts, &err);
  cli_run_progress_end(gpu);
  print_totals(gpu);
  int status = EXIT_OK;
  if (rc != ST_OK) {
    /* A run stopped by sim.max_cycles or sim.max_insts still writes what it measured. */
    if (stats_path != NULL && (rc == ST_ERR_LIMIT || rc == ST_ERR_COSIM)) {
      status = report_write_stats(gpu, stats_path, file);
    }
    int st = report_stop(gpu, rc, &err);
    status = status != EXIT_OK ? status : st;
  } else {
    bool all = true;
    for (size_t i = 0; i < wl->n_buffers; i++) {
      const st_wl_verdict *v = &verdicts[i];
      const st_wl_buffer *b = &wl->buffers[i];
      if (b->output[0] != '\0') {
        printf("  buffer %s: written to %s\n", b->name, b->output);
      }
      if (!v->compared) {
        continue;
      }
      if (v->match) {
        printf("  buffer %s: match (%" PRIu64 " bytes)\n", b->name, b->bytes);
      } else {
        all = false;
        printf("  buffer %s: MISMATCH in %" PRIu64 " %s; first at %s\n", b->name, v->mismatches,
               b->compare_type ? "elements" : "bytes", v->detail);
      }
    }
    status = all ? EXIT_OK : EXIT_FAIL;
    if (stats_path != NULL) {
      int ws = report_write_stats(gpu, stats_path, file);
      status = ws != EXIT_OK ? ws : status;
    }
    if (profile_path != NULL && !write_profile(gpu, file)) {
      status = EXIT_USAGE;
    }
    printf("verdict: %s\n", status == EXIT_OK ? "PASS" : "FAIL");
  }
  if (!close_traces()) {
    status = EXIT_USAGE;
  }
  char *title = sw_fmt("simtref run %s -c %s", file, cfg.gpu.name);
  status = finish_export(status, title);
  free(title);
  free(verdicts);
  st_gpu_destroy(gpu);
  st_workload_free(wl);
  return status;
}
