/* simtref run: run a workload file on a configured GPU. */
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "sweep_util.h"
#include "units/cosim_hook.h"
#include "simtref/simtref.h"
#include "simtref/workload.h"
#include "workload.h"

static const char *const run_usage =
    "usage: simtref run (WORKLOAD.yaml | NAME) [--functional] [-c CONFIG] [-s KEY=VALUE]...\n"
    "                   [-o DIR] [--size small|paper] [--seed N]\n"
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
    "  --size small|paper   benchmark size (default small)\n"
    "  --seed N             seed of the benchmark's input generator (default 1)\n"
    "  --stats FILE         write every statistic of the run and of each kernel to FILE\n"
    "                       (JSON when FILE ends in .json, else key = value text)\n"
    "  --cosim UNIT[,UNIT]  run the RTL of these units in lock-step with the C model and\n"
    "                       stop at the first difference (wsched, fetch, wpt, dyncta,\n"
    "                       all; see docs/cosim.md; same as -s cosim.units=...)\n"
    "  --rtl-drives UNIT[,UNIT]  co-simulate these units and let their RTL outputs drive\n"
    "                       the model\n"
    "  --dyncta-trace FILE  with cta_scheduler.policy dyncta, write each SM's CTA limit n\n"
    "                       at the end of every sampling window to FILE (CSV)\n"
    "\n"
    "Paths have no length limit but the OS's. Every output (--stats, --dyncta-trace,\n"
    "-o, the workload's output files, cosim.trace_dir) is checked writable before the\n"
    "run starts: one that is not stops it at once with exit status 2.\n";

static const char *stats_path;
static const char *dyncta_trace_path;
static char *dyncta_trace_tmp; /* written here, renamed to dyncta_trace_path when closed */
static FILE *dyncta_trace;

/* Opens the DYNCTA window trace for gpu, if asked for: under a temporary
 * name, renamed into place by close_dyncta_trace, so that no partial trace
 * is ever left under its name. */
static bool open_dyncta_trace(st_gpu *gpu) {
  if (dyncta_trace_path == NULL) {
    return true;
  }
  dyncta_trace_tmp = sw_fmt("%s.tmp", dyncta_trace_path);
  dyncta_trace = fopen(dyncta_trace_tmp, "w");
  if (dyncta_trace == NULL) {
    fprintf(stderr, "simtref run: error: cannot write %s\n", dyncta_trace_path);
    free(dyncta_trace_tmp);
    dyncta_trace_tmp = NULL;
    return false;
  }
  st_gpu_set_dyncta_trace(gpu, dyncta_trace);
  return true;
}

/* Attaches what the command line asked for to a new GPU: the co-simulation
 * provider (its units are attached now, so that a bad cosim.units fails
 * before anything runs) and the DYNCTA trace. False after printing why. */
static bool prepare_gpu(st_gpu *gpu) {
  st_error err;
  st_error_clear(&err);
  st_gpu_set_cosim(gpu, cli_cosim_provider());
  if (st_gpu_prepare_cosim(gpu, &err) != ST_OK) {
    fprintf(stderr, "simtref run: error: %s\n", err.msg);
    return false;
  }
  return open_dyncta_trace(gpu);
}

/* Closes it; false if it could not be written. */
static bool close_dyncta_trace(void) {
  if (dyncta_trace == NULL) {
    return true;
  }
  bool ok = !ferror(dyncta_trace);
  ok = fclose(dyncta_trace) == 0 && ok;
  ok = ok && rename(dyncta_trace_tmp, dyncta_trace_path) == 0;
  dyncta_trace = NULL;
  if (!ok) {
    remove(dyncta_trace_tmp);
    fprintf(stderr, "simtref run: error: cannot write %s\n", dyncta_trace_path);
  }
  free(dyncta_trace_tmp);
  dyncta_trace_tmp = NULL;
  return ok;
}

/* Checks, before anything runs, the outputs the command line names:
 * --stats, --dyncta-trace and, with co-simulation on, cosim.trace_dir (made
 * by the engine at a mismatch). (-o and the workload's output files are
 * checked once the workload file is read.) False after printing why. */
static bool check_outputs(const st_config *cfg) {
  if (stats_path != NULL && !cli_check_output_file("run", "the --stats file", stats_path)) {
    return false;
  }
  if (dyncta_trace_path != NULL &&
      !cli_check_output_file("run", "the --dyncta-trace file", dyncta_trace_path)) {
    return false;
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

static int run_named(const st_workload_desc *wd, const st_config *cfg, st_wl_size size,
                     uint64_t seed) {
  st_error err;
  st_error_clear(&err);
  st_gpu *gpu = NULL;
  if (st_gpu_create(cfg, &gpu, &err) != ST_OK) {
    fprintf(stderr, "simtref run: error: %s\n", err.msg);
    return EXIT_FAIL;
  }
  if (!prepare_gpu(gpu)) {
    st_gpu_destroy(gpu);
    return EXIT_USAGE;
  }
  printf("simtref run %s (%s size, seed %" PRIu64 ") on %s (%s mode)\n", wd->name,
         size == ST_WL_PAPER ? "paper" : "small", seed, cfg->gpu.name,
         cfg->sim.mode == ST_MODE_FUNCTIONAL ? "functional" : "timing");
  char verdict[512] = "";
  st_status rc = st_workload_run_named(wd, gpu, size, seed, NULL, stdout, verdict, sizeof verdict,
                                       &err);
  print_totals(gpu);
  int status = EXIT_OK;
  /* A run stopped by sim.max_cycles or sim.max_insts still writes what it measured. */
  if (stats_path != NULL && (rc == ST_OK || rc == ST_ERR_MISMATCH || rc == ST_ERR_LIMIT ||
                             rc == ST_ERR_COSIM)) {
    status = report_write_stats(gpu, stats_path, wd->name);
  }
  if (!close_dyncta_trace()) {
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
  st_gpu_destroy(gpu);
  return status;
}

int cmd_run(int argc, char **argv) {
  cli_config_args args = {0};
  const char *file = NULL, *out_dir = NULL;
  bool functional = false, units_given = false;
  st_wl_size size = ST_WL_SMALL;
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
    } else if (strcmp(a, "-o") == 0 || strcmp(a, "--out") == 0) {
      if (i + 1 >= argc) {
        fprintf(stderr, "simtref run: error: %s needs a directory\n", a);
        return EXIT_USAGE;
      }
      out_dir = argv[++i];
    } else if (strcmp(a, "--size") == 0) {
      const char *v = i + 1 < argc ? argv[++i] : "";
      if (strcmp(v, "small") == 0) {
        size = ST_WL_SMALL;
      } else if (strcmp(v, "paper") == 0) {
        size = ST_WL_PAPER;
      } else {
        fprintf(stderr, "simtref run: error: --size takes small or paper, not '%s'\n", v);
        return EXIT_USAGE;
      }
    } else if (strcmp(a, "--stats") == 0) {
      if (i + 1 >= argc) {
        fprintf(stderr, "simtref run: error: --stats needs a file name\n");
        return EXIT_USAGE;
      }
      stats_path = argv[++i];
    } else if (strcmp(a, "--dyncta-trace") == 0) {
      if (i + 1 >= argc) {
        fprintf(stderr, "simtref run: error: --dyncta-trace needs a file name\n");
        return EXIT_USAGE;
      }
      dyncta_trace_path = argv[++i];
    } else if (strcmp(a, "--cosim") == 0 || strcmp(a, "--rtl-drives") == 0) {
      if (i + 1 >= argc || args.n_overrides + 2 > CLI_MAX_OVERRIDES) {
        fprintf(stderr, "simtref run: error: %s needs a list of units\n", a);
        return EXIT_USAGE;
      }
      /* Allocated at full length (the loader checks it against its limit);
       * never freed: args.overrides points at them until the command ends. */
      bool drives = strcmp(a, "--rtl-drives") == 0;
      if (!drives || !units_given) {
        args.overrides[args.n_overrides++] = sw_fmt("cosim.units=%s", argv[i + 1]);
        units_given = true;
      }
      if (drives) {
        args.overrides[args.n_overrides++] = sw_fmt("cosim.rtl_drives=%s", argv[i + 1]);
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
  if (!check_outputs(&cfg)) {
    return EXIT_USAGE;
  }

  const st_workload_desc *wd = strchr(file, '/') == NULL && strstr(file, ".yaml") == NULL
                                   ? st_workload_find(file)
                                   : NULL;
  if (wd != NULL) {
    return run_named(wd, &cfg, size, seed);
  }
  if (strchr(file, '/') == NULL && strstr(file, ".yaml") == NULL) {
    fprintf(stderr, "simtref run: error: no workload named '%s' (see simtref list)\n", file);
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
  if (!prepare_gpu(gpu)) {
    st_gpu_destroy(gpu);
    st_workload_free(wl);
    return EXIT_USAGE;
  }
  st_wl_verdict *verdicts = calloc(wl->n_buffers ? wl->n_buffers : 1, sizeof *verdicts);
  if (verdicts == NULL) {
    fprintf(stderr, "simtref run: error: out of memory\n");
    close_dyncta_trace();
    st_gpu_destroy(gpu);
    st_workload_free(wl);
    return EXIT_FAIL;
  }
  printf("simtref run %s on %s (%s mode)\n", file, cfg.gpu.name,
         cfg.sim.mode == ST_MODE_FUNCTIONAL ? "functional" : "timing");
  st_status rc = st_workload_run(wl, gpu, verdicts, &err);
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
    printf("verdict: %s\n", status == EXIT_OK ? "PASS" : "FAIL");
  }
  if (!close_dyncta_trace()) {
    status = EXIT_USAGE;
  }
  free(verdicts);
  st_gpu_destroy(gpu);
  st_workload_free(wl);
  return status;
}
